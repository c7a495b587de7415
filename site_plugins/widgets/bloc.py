"""The ``widget`` block of pymdownx.blocks: one widget of the rules, in the page of its rule.

    /// widget | modificateur-degats
    for: 12
    tai: 14
    ///

renders, following the widget contract of ARCHITECTURE.md, as::

    <div class="regles-widget" data-widget="modificateur-degats" data-state="static">
      <p class="regles-widget__titre">…</p>
      <div class="regles-widget__statique">…pre-rendered by rules_py…</div>
      <form class="regles-widget__formulaire" hidden>…labelled fields, actions…</form>
      <p class="regles-widget__etat" hidden></p>
      <div class="regles-widget__resultat" role="status" aria-live="polite" data-result=""></div>
    </div>

The fields a declaration marks ``plie`` (rarely changed) fold in a native
``<details class="regles-widget__pli">``: « Plus d'options » at the end of their
group, or the whole group under its heading when all its fields fold.

Every text of the form (title, group headings, labels, help, choices, buttons)
and of the static fallback gets the site's French typography here, at build
time (:mod:`rules_py.web.typographie`); the facade declares them in plain text.
"""

from __future__ import annotations

import dataclasses
import json
import xml.etree.ElementTree as etree
from collections.abc import Mapping
from itertools import groupby
from typing import Any

from mkdocs.exceptions import PluginError
from pymdownx.blocks import BlocksExtension
from pymdownx.blocks.block import Block, type_any

from rules_py.errors import RulesError
from rules_py.outils.champs import ChampDeclare, valeur_ecrite
from rules_py.outils.registre import Outil
from rules_py.web.outil import OUTILS
from rules_py.web.typographie import mise_en_forme, typographie
from site_plugins.widgets.index_des_outils import OutilsBlock, configuration
from site_plugins.widgets.rendu import rendre

__all__ = ["WidgetBlock", "WidgetsExtension", "makeExtension"]


class WidgetError(PluginError):
    """An author's mistake in a widget block, quoted in the build error."""


def _options_connues() -> dict[str, tuple[None, Any]]:
    noms = {nom for declaration in OUTILS.values() for nom in declaration.options}
    return {nom: (None, type_any) for nom in sorted(noms)}


class WidgetBlock(Block):
    """``/// widget | <kind>``: a rules widget with its static fallback."""

    NAME = "widget"
    ARGUMENT = True
    OPTIONS = _options_connues()

    def on_validate(self, parent: etree.Element) -> bool:
        nom = self.argument.strip() if isinstance(self.argument, str) else ""
        if nom not in OUTILS:
            raise WidgetError(f"widget inconnu « {nom} » (connus : {', '.join(sorted(OUTILS))})")
        return True

    def on_create(self, parent: etree.Element) -> etree.Element:
        declaration = OUTILS[self.argument.strip()]
        options = {
            nom: valeur for nom, valeur in self.options.items() if nom in self.OPTIONS and valeur is not None
        }
        inconnues = set(options) - set(declaration.options)
        if inconnues:
            raise WidgetError(
                f"widget « {declaration.nom} » : option(s) inconnue(s) {sorted(inconnues)} "
                f"(permises : {list(declaration.options)})"
            )
        self.tracker["compte"] = self.tracker.get("compte", 0) + 1
        prefixe = f"w{self.tracker['compte']}-{declaration.nom}"
        return construire(parent, declaration, options, prefixe)


def construire(
    parent: etree.Element, declaration: Outil[Any], options: Mapping[str, Any], prefixe: str
) -> etree.Element:
    """Build the widget's elements under ``parent``; return the element for the block's own text."""
    racine = etree.SubElement(
        parent,
        "div",
        {
            "class": "regles-widget",
            "id": prefixe,
            "data-widget": declaration.nom,
            # The rules are in the page's text: the search index leaves the widget out.
            "data-search-exclude": "",
            "data-state": "static",
            "data-options": json.dumps(dict(options), ensure_ascii=False, sort_keys=True),
            "data-systeme": declaration.systeme,
            # The only operations a share link may name for this widget.
            "data-operations": " ".join(declaration.operations),
            **({"data-etat": op} if (op := declaration.operation_de_l_etat) else {}),
            # The sides a character can fill (« Remplir depuis », personnages.js).
            **({"data-camps": json.dumps(camps)} if (camps := _camps(declaration)) else {}),
            # What the page is told of the tool: « keeps state » and its sides, as declared.
            "data-outil": json.dumps(declaration.description(), ensure_ascii=False, sort_keys=True),
            "role": "group",
            "aria-labelledby": f"{prefixe}-titre",
        },
    )
    titre = etree.SubElement(racine, "p", {"class": "regles-widget__titre", "id": f"{prefixe}-titre"})
    titre.text = typographie(declaration.titre)
    contenu = etree.SubElement(racine, "div", {"class": "regles-widget__intro"})
    statique = etree.SubElement(racine, "div", {"class": "regles-widget__statique"})
    try:
        rendre(statique, mise_en_forme(declaration.exemple(options)))
    except RulesError as erreur:
        raise WidgetError(f"widget « {declaration.nom} » {dict(options)} : {erreur.message}") from None
    _formulaire(racine, declaration, options, prefixe)
    etat = etree.SubElement(racine, "p", {"class": "regles-widget__etat", "hidden": "hidden"})
    etat.text = ""
    etree.SubElement(
        racine,
        "div",
        {"class": "regles-widget__resultat", "role": "status", "aria-live": "polite", "data-result": ""},
    )
    return contenu


def _camps(declaration: Outil[Any]) -> list[list[str]]:
    """The sides of a tool that a character can fill, as declared (none for a one-sided tool)."""
    return [list(camp) for camp in declaration.camps]


def operation_de_l_etat(nom: str) -> str | None:
    """The operation that shows a tool's kept state again, when the tool keeps one (else None).

    A tool that keeps a state says so (``garde_un_etat=True``). The page then saves that state on
    the device after each answer, with the states before it for « Annuler la dernière action »
    (sauvegarde.js), and its share link shows that state. Both are shown again by this operation,
    given ``etat`` alone (:attr:`~rules_py.outils.registre.Outil.operation_de_l_etat`).
    """
    outil = OUTILS.get(nom)
    return None if outil is None else outil.operation_de_l_etat


def _formulaire(
    racine: etree.Element, declaration: Outil[Any], options: Mapping[str, Any], prefixe: str
) -> None:
    formulaire = etree.SubElement(
        racine, "form", {"class": "regles-widget__formulaire", "hidden": "hidden", "novalidate": "novalidate"}
    )
    for titre, groupe in groupby(declaration.champs_du_formulaire, key=lambda champ: champ.meta.groupe):
        _groupe(formulaire, declaration, titre, list(groupe), options, prefixe)
    actions = etree.SubElement(formulaire, "div", {"class": "regles-widget__actions"})
    for index, action in enumerate(declaration.boutons):
        bouton = etree.SubElement(
            actions,
            "button",
            {
                "type": "submit",
                "class": "md-button" + (" md-button--primary" if index == 0 else ""),
                "data-op": action.op,
            },
        )
        bouton.text = typographie(action.libelle)


PLUS_D_OPTIONS = "Plus d'options"
"""The summary over the folded fields of a group (:attr:`~rules_py.outils.champs.Champ.plie`)."""


def _groupe(
    formulaire: etree.Element,
    declaration: Outil[Any],
    titre: str,
    groupe: list[ChampDeclare],
    options: Mapping[str, Any],
    prefixe: str,
) -> None:
    """One group of fields: a fieldset under its heading, its folded fields in a ``<details>`` at its end;
    a group whose every field folds is one ``<details>`` under its heading (its summary)."""
    for champ in groupe:
        if champ.meta.plie and champ.requis:
            raise WidgetError(
                f"widget « {declaration.nom} » : « {champ.meta.libelle} » plié sans valeur par défaut"
            )
    montres = [champ for champ in groupe if not champ.meta.plie]
    plies = [champ for champ in groupe if champ.meta.plie]
    if titre and not montres:
        pli = etree.SubElement(formulaire, "details", {"class": "regles-widget__groupe regles-widget__pli"})
        resume = etree.SubElement(pli, "summary")
        resume.text = typographie(titre)
        _champs(pli, plies, options, prefixe)
        _ouvrir_si_donne(pli, plies, options)
        return
    if titre:
        cadre = etree.SubElement(formulaire, "fieldset", {"class": "regles-widget__groupe"})
        legende = etree.SubElement(cadre, "legend")
        legende.text = typographie(titre)
    else:
        cadre = formulaire
    _champs(cadre, montres, options, prefixe)
    if plies:
        pli = etree.SubElement(cadre, "details", {"class": "regles-widget__pli"})
        resume = etree.SubElement(pli, "summary")
        resume.text = typographie(PLUS_D_OPTIONS)
        _champs(pli, plies, options, prefixe)
        _ouvrir_si_donne(pli, plies, options)


def _ouvrir_si_donne(pli: etree.Element, plies: list[ChampDeclare], options: Mapping[str, Any]) -> None:
    """A fold opens when the page's block sets one of its fields otherwise than its default: the reader
    sees every value the tool starts from."""
    if any(
        champ.cle in options and not champ.meta.lu and str(options[champ.cle]) != str(_defaut(champ) or "")
        for champ in plies
    ):
        pli.set("open", "open")


def _champs(
    parent: etree.Element, groupe: list[ChampDeclare], options: Mapping[str, Any], prefixe: str
) -> None:
    champs = etree.SubElement(parent, "div", {"class": "regles-widget__champs"})
    for champ in groupe:
        # Dice read on the table start empty: the page's example keeps its own, the first tap rolls.
        valeur = _defaut(champ) if champ.meta.lu else options.get(champ.cle, _defaut(champ))
        _champ(champs, champ, valeur, f"{prefixe}-{champ.cle}")


def _defaut(champ: ChampDeclare) -> str | bool | None:
    """A field's default as its form holds it (None when it has none)."""
    return None if champ.defaut in (dataclasses.MISSING, None) else valeur_ecrite(champ.defaut)


def _champ(parent: etree.Element, champ: ChampDeclare, valeur: Any, identifiant: str) -> None:
    meta = champ.meta
    groupe = etree.SubElement(
        parent, "div", {"class": f"regles-champ regles-champ--{champ.forme}", "data-champ": champ.cle}
    )
    decrit = [f"{identifiant}-erreur"]
    if meta.aide:
        decrit.insert(0, f"{identifiant}-aide")
    commun = {"id": identifiant, "name": champ.cle, "aria-describedby": " ".join(decrit)}
    if meta.lu:
        commun["data-ephemere"] = ""
    if meta.competence:
        # « Remplir depuis » offers the character's skills for this field.
        commun["data-competence"] = ""
    if champ.forme == "case":
        entree = etree.SubElement(groupe, "input", {**commun, "type": "checkbox"})
        if valeur in (True, "true", "oui", 1):
            entree.set("checked", "checked")
        etiquette = etree.SubElement(groupe, "label", {"for": identifiant})
        etiquette.text = typographie(meta.libelle)
    else:
        etiquette = etree.SubElement(groupe, "label", {"for": identifiant})
        etiquette.text = typographie(meta.libelle)
        if champ.forme == "choix":
            liste = etree.SubElement(groupe, "select", commun)
            for cle, libelle in champ.options:
                option = etree.SubElement(liste, "option", {"value": cle})
                option.text = typographie(libelle)
                if str(valeur) == cle:
                    option.set("selected", "selected")
        elif champ.forme == "zone":
            zone = etree.SubElement(groupe, "textarea", {**commun, "rows": "4", "spellcheck": "false"})
            zone.text = "" if valeur is None else str(valeur)
        else:
            attributs = {**commun, "type": "text", "autocomplete": "off", "spellcheck": "false"}
            if champ.forme == "entier":
                attributs["inputmode"] = "numeric"
                # The declared bounds, for the reader's tools (the engine checks them again).
                attributs |= {
                    f"data-{nom}": str(borne)
                    for nom, borne in (("minimum", meta.minimum), ("maximum", meta.maximum))
                    if borne is not None
                }
            if champ.requis:
                attributs["aria-required"] = "true"
            if valeur is not None:
                attributs["value"] = str(valeur)
            etree.SubElement(groupe, "input", attributs)
    if meta.aide:
        aide = etree.SubElement(groupe, "p", {"class": "regles-champ__aide", "id": f"{identifiant}-aide"})
        aide.text = typographie(meta.aide)
    erreur = etree.SubElement(
        groupe, "p", {"class": "regles-champ__erreur", "id": f"{identifiant}-erreur", "hidden": "hidden"}
    )
    erreur.text = ""


class WidgetsExtension(BlocksExtension):
    """Python-Markdown extension registering the ``widget`` block and the ``outils`` index.

    ``index``: the places of the tools and the page being rendered, kept up to date by the
    plugin at each build (:mod:`site_plugins.widgets.index_des_outils`).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.config = {"index": [configuration(), "places of the tools, page being rendered"]}
        super().__init__(*args, **kwargs)

    def extendMarkdownBlocks(self, md: Any, block_mgr: Any) -> None:
        block_mgr.register(WidgetBlock, {})
        block_mgr.register(OutilsBlock, self.getConfig("index"))


def makeExtension(*args: Any, **kwargs: Any) -> WidgetsExtension:
    return WidgetsExtension(*args, **kwargs)

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

Every text of the form (title, group headings, labels, help, choices, buttons)
and of the static fallback gets the site's French typography here, at build
time (:mod:`rules_py.web.typographie`); the facade declares them in plain text.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as etree
from collections.abc import Mapping
from itertools import groupby
from typing import Any

from mkdocs.exceptions import PluginError
from pymdownx.blocks import BlocksExtension
from pymdownx.blocks.block import Block, type_any

from rules_py.errors import RulesError
from rules_py.web import WIDGETS, ChampDeFormulaire, Widget
from rules_py.web.outil import OUTILS
from rules_py.web.personnages import camps_de
from rules_py.web.typographie import mise_en_forme, typographie
from site_plugins.widgets.index_des_outils import OutilsBlock, configuration
from site_plugins.widgets.rendu import rendre

__all__ = ["WidgetBlock", "WidgetsExtension", "makeExtension"]


class WidgetError(PluginError):
    """An author's mistake in a widget block, quoted in the build error."""


def _options_connues() -> dict[str, tuple[None, Any]]:
    noms = {nom for declaration in WIDGETS.values() for nom in declaration.options}
    return {nom: (None, type_any) for nom in sorted(noms)}


class WidgetBlock(Block):
    """``/// widget | <kind>``: a rules widget with its static fallback."""

    NAME = "widget"
    ARGUMENT = True
    OPTIONS = _options_connues()

    def on_validate(self, parent: etree.Element) -> bool:
        nom = self.argument.strip() if isinstance(self.argument, str) else ""
        if nom not in WIDGETS:
            raise WidgetError(f"widget inconnu « {nom} » (connus : {', '.join(sorted(WIDGETS))})")
        return True

    def on_create(self, parent: etree.Element) -> etree.Element:
        declaration = WIDGETS[self.argument.strip()]
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
    parent: etree.Element, declaration: Widget, options: Mapping[str, Any], prefixe: str
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
            **({"data-systeme": declaration.systeme} if declaration.systeme else {}),
            # The only operations a share link may name for this widget.
            "data-operations": " ".join(declaration.operations or tuple(a.op for a in declaration.actions)),
            **({"data-etat": op} if (op := operation_de_l_etat(declaration.nom)) else {}),
            # The sides a character can fill (« Remplir depuis », personnages.js).
            **({"data-camps": json.dumps(camps)} if (camps := _camps(declaration)) else {}),
            "role": "group",
            "aria-labelledby": f"{prefixe}-titre",
        },
    )
    titre = etree.SubElement(racine, "p", {"class": "regles-widget__titre", "id": f"{prefixe}-titre"})
    titre.text = typographie(declaration.titre)
    contenu = etree.SubElement(racine, "div", {"class": "regles-widget__intro"})
    statique = etree.SubElement(racine, "div", {"class": "regles-widget__statique"})
    try:
        rendre(statique, mise_en_forme(declaration.statique(options)))
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


def _camps(declaration: Widget) -> list[tuple[str, str]]:
    """The sides of a system's tool that a character can fill (none for the other widgets)."""
    return camps_de(declaration.nom) if declaration.systeme and declaration.nom in OUTILS else []


def operation_de_l_etat(nom: str) -> str | None:
    """The operation that shows a tool's kept state again, when the tool keeps one (else None).

    A tool keeps a state when its declaration has the hidden field ``etat`` (a fight in progress).
    The page then saves that state on the device after each answer, with the states before it for
    « Annuler la dernière action » (sauvegarde.js), and its share link shows that state. Both are
    shown again by this operation, given ``etat`` alone: the first action with a button that reads
    only part of the declaration (``Action(..., entrees=…)``: the fight's own buttons).
    """
    outil = OUTILS.get(nom)
    if outil is None or not any(c.meta.cache and c.cle == "etat" for c in outil.champs):
        return None
    return next((a.op for a in outil.actions if a.bouton and a.entrees is not None), None)


def _formulaire(racine: etree.Element, declaration: Widget, options: Mapping[str, Any], prefixe: str) -> None:
    formulaire = etree.SubElement(
        racine, "form", {"class": "regles-widget__formulaire", "hidden": "hidden", "novalidate": "novalidate"}
    )
    for titre, groupe in groupby(declaration.champs, key=lambda champ: champ.groupe):
        if titre:
            cadre = etree.SubElement(formulaire, "fieldset", {"class": "regles-widget__groupe"})
            legende = etree.SubElement(cadre, "legend")
            legende.text = typographie(titre)
        else:
            cadre = formulaire
        champs = etree.SubElement(cadre, "div", {"class": "regles-widget__champs"})
        for champ in groupe:
            # Dice read on the table start empty: the page's example keeps its own, the first tap rolls.
            valeur = champ.defaut if champ.ephemere else options.get(champ.nom, champ.defaut)
            _champ(champs, champ, valeur, f"{prefixe}-{champ.nom}")
    actions = etree.SubElement(formulaire, "div", {"class": "regles-widget__actions"})
    for index, action in enumerate(declaration.actions):
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


def _champ(parent: etree.Element, champ: ChampDeFormulaire, valeur: Any, identifiant: str) -> None:
    groupe = etree.SubElement(
        parent, "div", {"class": f"regles-champ regles-champ--{champ.genre}", "data-champ": champ.nom}
    )
    decrit = [f"{identifiant}-erreur"]
    if champ.aide:
        decrit.insert(0, f"{identifiant}-aide")
    commun = {"id": identifiant, "name": champ.nom, "aria-describedby": " ".join(decrit)}
    if champ.ephemere:
        commun["data-ephemere"] = ""
    if champ.competence:
        # « Remplir depuis » offers the character's skills for this field.
        commun["data-competence"] = ""
    if champ.genre == "case":
        entree = etree.SubElement(groupe, "input", {**commun, "type": "checkbox"})
        if valeur in (True, "true", "oui", 1):
            entree.set("checked", "checked")
        etiquette = etree.SubElement(groupe, "label", {"for": identifiant})
        etiquette.text = typographie(champ.libelle)
    else:
        etiquette = etree.SubElement(groupe, "label", {"for": identifiant})
        etiquette.text = typographie(champ.libelle)
        if champ.genre == "choix":
            liste = etree.SubElement(groupe, "select", commun)
            for cle, libelle in champ.choix:
                option = etree.SubElement(liste, "option", {"value": cle})
                option.text = typographie(libelle)
                if str(valeur) == cle:
                    option.set("selected", "selected")
        elif champ.genre == "zone":
            zone = etree.SubElement(groupe, "textarea", {**commun, "rows": "4", "spellcheck": "false"})
            zone.text = "" if valeur is None else str(valeur)
        else:
            attributs = {**commun, "type": "text", "autocomplete": "off", "spellcheck": "false"}
            if champ.genre == "entier":
                attributs["inputmode"] = "numeric"
                # The declared bounds, for the reader's tools (the engine checks them again).
                attributs |= {
                    f"data-{nom}": str(borne)
                    for nom, borne in (("minimum", champ.minimum), ("maximum", champ.maximum))
                    if borne is not None
                }
            if not champ.facultatif:
                attributs["aria-required"] = "true"
            if valeur is not None:
                attributs["value"] = str(valeur)
            etree.SubElement(groupe, "input", attributs)
    if champ.aide:
        aide = etree.SubElement(groupe, "p", {"class": "regles-champ__aide", "id": f"{identifiant}-aide"})
        aide.text = typographie(champ.aide)
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

"""The widgets' forms: dice read emptied after each result, long forms in groups, a multi-line skill list;
and, at build time, every text of a form and of its fallback set in French typography.

The build's rendering (``site_plugins.widgets.bloc``) is checked where the site's plugins import
(not inside Pyodide, which runs the rules alone).
"""

from __future__ import annotations

import functools
import importlib
import json
import re
import sys
import textwrap
import xml.etree.ElementTree as etree
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path
from typing import Annotated, Any

import pytest

from rules_py.basic_maison import lire_repartitions
from rules_py.outils import champs as declaration
from rules_py.outils.champs import Champ
from rules_py.web import Moteur
from rules_py.web.outil import OUTILS
from rules_py.web.typographie import mise_en_forme, typographie

ROOT = Path(__file__).resolve().parents[2]

DES_LUS: dict[str, set[str]] = {
    "jet-de-des": {"des"},
    "test-basic": {"jet"},
    "jet-de-caracteristique-basic": {"jet"},
    "blessures-basic": {"jet_choc", "jet_agonie"},
    "soins-basic": {"des"},
    "attaque-basic": {"jet", "des"},
    "initiative-basic": {"des"},
    "opposition-basic": {"jet"},
    "test-kar": {"jet", "jet_kar"},
    "resistance-kar": {"jet"},
    "assommer-kar": {"jet"},
    "blessure-grave-kar": {"jet", "jet_reprise"},
    "coup-critique-kar": {
        "jet_attaque",
        "jet_kar_attaque",
        "jet_defense",
        "jet_kar_defense",
        "des_arme",
        "des_bonus",
    },
    "contre-attaque-kar": {"jet_attaquant", "jet_contre", "jet_kar_attaquant", "jet_kar_contre"},
    "scories-kar": {"jet"},
    "combat-heroique": {"jet", "d6"},
    "reserve-el-toto": {"faces"},
    "lancer-el-toto": {"faces"},
    "bagarre-el-toto": {"faces"},
    "duel-el-toto": {f"des_{jet}_{camp}" for jet in ("attaque", "defense", "resistance") for camp in "ab"},
    "combat-rapide-el-toto": {"des_a", "des_b", "des_resistance"},
    "distance-el-toto": {"des_attaque", "des_defense", "des_resistance"},
    "survie-el-toto": {"des_survie", "des_resistance"},
    "test-actions": {"jet"},
    "test-caracteristique-actions": {"jet"},
}
"""Every field where a reader types dice read on the table, by widget."""

GROUPES: dict[str, list[str]] = {
    "personnage-basic": ["", "Identité", "Caractéristiques", "Compétences", "Combat"],
    "personnage-kar": ["", "Caractéristiques", "KAR", "Points", "Compétences", "Combat"],
    "personnage-el-toto": ["", "Caractéristiques", "Combat", ""],
    "duel-el-toto": ["Combattant A", "Combattant B"],
    "combat-rapide-el-toto": ["Combattant A", "Combattant B", "Perdant de la passe"],
    "distance-el-toto": ["Tireur", "Cible"],
    "survie-el-toto": ["Conditions", "Personnage", "Dés lus sur la table (facultatif)"],
    "attaque-basic": ["Attaque", "Arme et dégâts", "Dés lus sur la table"],
    "attributs-basic": ["Caractéristiques"],
    "creation-basic": ["Identité", "Culture et profession", "Caractéristiques", "Points de compétence"],
    "creation-kar": ["Identité", "Caractéristiques", "KAR", "Points", "Compétences", "Combat"],
    "creation-el-toto": ["Identité", "Caractéristiques", "Combat", "Compétences"],
    "creation-actions": ["Identité", "Caractéristiques", "Compétences"],
    "blessures-basic": ["", "Jets de CON lus sur la table"],
    "coup-critique-kar": ["Attaque", "Défense", "Dommages", "Règles du combat"],
    "combat-heroique": [
        "Nouveau combattant",
        "Premier round : jet de Combat héroïque",
        "Options du combat",
        "Pendant le combat",
    ],
}
"""The fieldsets of the long forms, in order ("" for fields outside any group)."""


def test_chaque_widget_est_decrit() -> None:
    """The lists above name real widgets and fields."""
    assert set(DES_LUS) <= set(OUTILS) and set(GROUPES) <= set(OUTILS)
    for nom, champs in DES_LUS.items():
        assert champs <= {c.cle for c in OUTILS[nom].champs_du_formulaire}, nom


@pytest.mark.parametrize("nom", sorted(OUTILS))
def test_des_lus_ephemeres(nom: str) -> None:
    """Exactly the dice read on the table are emptied after each result (optional text, never a box)."""
    ephemeres = {c.cle for c in OUTILS[nom].champs_du_formulaire if c.meta.lu}
    assert ephemeres == DES_LUS.get(nom, set())
    for champ in OUTILS[nom].champs_du_formulaire:
        if champ.meta.lu:
            assert not champ.requis and champ.forme in ("texte", "entier") and champ.defaut is None, champ


@pytest.mark.parametrize("nom", sorted(OUTILS))
def test_groupes(nom: str) -> None:
    """Each heading makes one group of consecutive fields; the long forms have theirs."""
    suite = [titre for titre, _ in groupby(c.meta.groupe for c in OUTILS[nom].champs_du_formulaire)]
    titres = [t for t in suite if t]
    assert len(titres) == len(set(titres)), suite
    assert suite == GROUPES.get(nom, [""]), suite


def test_competences_une_par_ligne() -> None:
    """The creation's skills: a multi-line area, one skill per line, read by the same parser."""
    (champ,) = [c for c in OUTILS["creation-basic"].champs if c.cle == "competences"]
    assert champ.forme == "zone" and "Une compétence par ligne" in champ.meta.aide
    lignes = "Athlétisme : 30/0/9\nPerception : 20/0/20\nPremiers secours : 10/0/0\nPistage : 20/15/0"
    lignes += "\nSurvie : 20/0/10\nBagarre : 0/30/9\nEsquive : 0/30/7\nDiscrétion : 0/25/10"
    assert len(lire_repartitions(lignes)) == 8
    resultat = Moteur(1).appeler("basic.creation", {"culture": "Barbare", "competences": lignes})["resultat"]
    assert resultat["valide"] and (
        resultat["reste_culture"],
        resultat["reste_profession"],
        resultat["reste_libre"],
    ) == (0, 0, 85)


# -- the build's rendering ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bloc() -> Any:
    """The build-time renderer (MkDocs is not installed inside Pyodide, where only the rules run)."""
    if sys.platform == "emscripten":
        pytest.skip("les greffons du site ne tournent pas dans Pyodide")
    return importlib.import_module("site_plugins.widgets.bloc")


BLOC = re.compile(r"^/// widget \| *([\w-]+) *\n((?:    .*\n)*)///", re.MULTILINE)


@functools.cache
def exemples() -> dict[str, dict[str, Any]]:
    """Each widget's example options as its first block in the pages declares them."""
    import yaml

    trouves: dict[str, dict[str, Any]] = {}
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for nom, options in BLOC.findall(page.read_text("utf-8")):
            trouves.setdefault(nom, yaml.safe_load(textwrap.dedent(options)) or {})
    return trouves


def _rendu(bloc: Any, nom: str) -> etree.Element:
    parent = etree.Element("div")
    bloc.construire(parent, OUTILS[nom], exemples().get(nom, {}), f"w1-{nom}")
    return parent


@pytest.mark.parametrize("nom", sorted(OUTILS))
def test_rendu_en_typographie_francaise(bloc: Any, nom: str) -> None:
    """Title, headings, labels, help, choices, buttons and fallback: as the typography sets them."""
    declaration = OUTILS[nom]
    champs = declaration.champs_du_formulaire
    racine = _rendu(bloc, nom)
    assert racine.find(".//p[@class='regles-widget__titre']").text == typographie(declaration.titre)
    formulaire = racine.find(".//form")
    textes = {
        e.text
        for e in formulaire.iter()
        if e.text and e.tag in ("label", "p", "option", "button", "legend", "summary")
    }
    attendus = {typographie(c.meta.libelle) for c in champs}
    attendus |= {typographie(c.meta.aide) for c in champs if c.meta.aide}
    attendus |= {typographie(x) for c in champs for _, x in c.options}
    attendus |= {typographie(c.meta.groupe) for c in champs if c.meta.groupe}
    attendus |= {typographie(a.libelle) for a in declaration.boutons}
    groupes = [list(g) for _, g in groupby(champs, key=lambda c: c.meta.groupe)]
    if any(any(c.meta.plie for c in g) and not all(c.meta.plie for c in g) for g in groupes):
        attendus.add(typographie(bloc.PLUS_D_OPTIONS))
    assert textes == attendus
    statique = racine.find(".//div[@class='regles-widget__statique']")
    rendus = [e.text for e in statique.iter() if e.text]
    assert rendus and all(typographie(t) == t for t in rendus)
    attendu = etree.Element("div")
    bloc.rendre(attendu, mise_en_forme(declaration.exemple(exemples().get(nom, {}))))
    assert [etree.tostring(e) for e in statique] == [etree.tostring(e) for e in attendu]


@pytest.mark.parametrize("nom", sorted(OUTILS))
def test_rendu_des_champs(bloc: Any, nom: str) -> None:
    """Dice read carry data-ephemere; one group per heading (a fieldset and its legend, or a folded group
    and its summary); a zone is a text area."""
    champs = OUTILS[nom].champs_du_formulaire
    racine = _rendu(bloc, nom)
    ephemeres = {e.get("name") for e in racine.iter() if e.get("data-ephemere") is not None}
    assert ephemeres == DES_LUS.get(nom, set())
    cadres = [e for e in racine.iter() if "regles-widget__groupe" in e.get("class", "").split()]
    legendes = [e.find("legend" if e.tag == "fieldset" else "summary").text for e in cadres]
    assert legendes == [typographie(t) for t in GROUPES.get(nom, []) if t]
    zones = {e.get("name") for e in racine.iter("textarea")}
    assert zones == {c.cle for c in champs if c.forme == "zone"}
    for zone in racine.iter("textarea"):
        defaut = next(c.defaut for c in champs if c.cle == zone.get("name"))
        assert zone.text == exemples().get(nom, {}).get(zone.get("name"), defaut)


def test_les_camps_a_remplir_depuis_un_personnage_sont_ecrits_dans_la_page(bloc: Any) -> None:
    """« Remplir depuis » offers one choice per side: the block writes the declared sides (data-camps),
    and only on a two-sided tool of a system."""
    camps = {
        nom: json.loads(valeur)
        for nom in sorted(OUTILS)
        if (valeur := _rendu(bloc, nom).find("div").get("data-camps")) is not None
    }
    assert camps["duel-el-toto"] == [["a", "Combattant A"], ["b", "Combattant B"]]
    assert camps["distance-el-toto"] == [["tireur", "Tireur"], ["cible", "Cible"]]
    assert "energie-el-toto" not in camps and "jet-de-des" not in camps
    assert all(OUTILS[nom].systeme and len(sides) >= 2 for nom, sides in camps.items())


def test_la_page_sait_quel_outil_garde_un_etat(bloc: Any) -> None:
    """The block writes the tool's description (data-outil): « keeps state » and sides, as declared."""
    gardent = {
        nom
        for nom in sorted(OUTILS)
        if json.loads(_rendu(bloc, nom).find("div").get("data-outil"))["garde_un_etat"]
    }
    assert gardent == {"combat-heroique", "duel-el-toto", "initiative-basic"}
    assert json.loads(_rendu(bloc, "duel-el-toto").find("div").get("data-outil")) == {
        "nom": "duel-el-toto",
        "systeme": "El Toto",
        "operations": ["toto.duel", "toto.duel_repartition", "toto.duel_nouveau"],
        "garde_un_etat": True,
        "camps": [["a", "Combattant A"], ["b", "Combattant B"]],
    }


# -- folded fields: « Plus d'options » ------------------------------------------------------------------


def _noms(element: etree.Element) -> list[str]:
    return [e.get("name") for e in element.iter() if e.tag in ("input", "select", "textarea")]


def test_le_nouveau_combattant_plie_ses_details(bloc: Any) -> None:
    """The heroic tracker shows the name, the target and the damage; the rest folds, closed, natively."""
    formulaire = _rendu(bloc, "combat-heroique").find(".//form")
    groupes = [e for e in formulaire if e.tag in ("fieldset", "details")]
    assert [(e.tag, e.get("class")) for e in groupes] == [
        ("fieldset", "regles-widget__groupe"),
        ("details", "regles-widget__groupe regles-widget__pli"),
        ("details", "regles-widget__groupe regles-widget__pli"),
        ("fieldset", "regles-widget__groupe"),
    ]
    nouveau, premier_round, options, pendant = groupes
    assert _noms(nouveau.find("div")) == ["nom"]
    assert nouveau.find("details/summary").text == "Plus d\u2019options"
    assert _noms(nouveau.find("details")) == [
        "camp", "INT", "DEX", "caracteristique", "fv", "longueur", "PV",
        "attaque", "defense", "arme", "bonus", "armure", "tranchante",
    ]  # fmt: skip
    assert premier_round.find("summary").text == "Premier round\u00a0: jet de Combat héroïque"
    assert _noms(premier_round) == ["competence", "jet", "choix", "d6"]
    assert _noms(options) == ["longueur_des_armes", "influence_du_nombre"]
    assert _noms(pendant.find("div")) == ["cible", "degats"]
    assert _noms(pendant.find("details")) == ["metres", "PM", "resultat"]
    assert not [e for e in formulaire.iter("details") if e.get("open") is not None]


def test_le_duel_plie_ce_qui_change_rarement(bloc: Any) -> None:
    """Each side of the duel shows its name and split of the PdC; Vie, weapon, Résistance and dice fold."""
    formulaire = _rendu(bloc, "duel-el-toto").find(".//form")
    for camp in "ab":
        (cadre,) = [
            f for f in formulaire.iter("fieldset") if f.find("legend").text == f"Combattant {camp.upper()}"
        ]
        assert _noms(cadre.find("div")) == [f"{n}_{camp}" for n in ("nom", "pdc", "initiative", "attaque")]
        noms = (
            "vie",
            "esquive",
            "force",
            "bonus_arme",
            "resistance",
            "des_attaque",
            "des_defense",
            "des_resistance",
        )
        assert _noms(cadre.find("details")) == [f"{n}_{camp}" for n in noms]


def test_un_pli_donne_par_la_page_s_ouvre(bloc: Any) -> None:
    """A block setting a folded field otherwise than its default opens its fold; the default does not."""
    parent = etree.Element("div")
    bloc.construire(parent, OUTILS["combat-heroique"], {**exemples()["combat-heroique"], "fv": 4}, "w1-c")
    nouveau, premier_round = [e for e in parent.iter("details")][:2]
    assert nouveau.get("open") == "open" and premier_round.get("open") is None


def test_un_champ_requis_ne_se_plie_pas(bloc: Any) -> None:
    """A folded field must have a default or be optional: the build names the field otherwise."""

    @dataclass(frozen=True)
    class Plie:
        score: Annotated[int, Champ("Compétence (%)", groupe="Test", plie=True)]

    with pytest.raises(bloc.WidgetError, match=r"« Compétence \(%\) » plié sans valeur par défaut"):
        bloc._groupe(
            etree.Element("form"), OUTILS["test-basic"], "Test", list(declaration.champs(Plie)), {}, "w1-x"
        )

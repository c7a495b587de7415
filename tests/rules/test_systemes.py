"""Each system is one record: its names, its engine's package, its tool modules, its sheet and its pages,
and every list of systems is read from the records."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from rules_py import personnages as pj
from rules_py.outils.systeme import Systeme
from rules_py.systemes import ACTIONS_D100, BASIC_KAR, BASIC_MAISON, DES, EL_TOTO, FICHES, SYSTEMES
from rules_py.web.outil import OUTILS
from rules_py.web.outil import SYSTEMES as NOMS_DES_SYSTEMES
from rules_py.web.personnages import NOMS

DOCS = Path(__file__).resolve().parents[2] / "docs"
AVEC_FICHE = (BASIC_MAISON, BASIC_KAR, EL_TOTO, ACTIONS_D100)


def test_les_systemes_dans_l_ordre_du_site() -> None:
    """The four rule sets, then the dice roller that serves them all."""
    assert list(SYSTEMES.values()) == [*AVEC_FICHE, DES]
    assert NOMS_DES_SYSTEMES == ("Basic maison", "BaSIC — KAR", "El Toto", "Actions d100", "Dés")


def test_les_formes_elidees() -> None:
    """« de » before a consonant, « d’ » before a vowel, for generated French text."""
    assert [s.de_nom for s in SYSTEMES.values()] == [
        "de Basic maison",
        "de BaSIC — KAR",
        "d’El Toto",
        "d’Actions d100",
        "de Dés",
    ]


def test_les_fiches_et_leurs_outils_viennent_des_fiches_des_systemes() -> None:
    """The stored characters' sheets and the sheet tools are the records'."""
    assert dict(FICHES) == {s.nom: s.fiche for s in AVEC_FICHE} and pj.FICHES is FICHES and len(FICHES) == 4
    assert {s.nom: s.outil_de_fiche for s in AVEC_FICHE} == NOMS
    assert all(OUTILS[s.outil_de_fiche].entrees is s.fiche for s in AVEC_FICHE)
    with pytest.raises(KeyError):
        FICHES["Dés"]


def test_le_resume_d_une_fiche_elide_le_nom_du_systeme() -> None:
    """« une fiche de personnage d’Actions d100 »."""
    assert OUTILS["personnage-actions"].resume == (
        "Vérifie et enregistre sur l'appareil une fiche de personnage d’Actions d100."
    )


@pytest.mark.parametrize("systeme", AVEC_FICHE, ids=lambda s: s.cle)
def test_le_paquet_les_modules_et_les_pages_existent(systeme: Systeme) -> None:
    """Each record names its engine's package, its tool modules, and its pages (whose sheet page shows it)."""
    assert importlib.import_module(systeme.paquet).__name__ == systeme.paquet
    assert all(nom in sys.modules for nom in systeme.modules)
    fiche = (DOCS / systeme.dossier / "fiche.md").read_text(encoding="utf-8")
    assert f"/// fiche | {systeme.nom}\n" in fiche


def test_chaque_outil_est_d_un_systeme_enregistre() -> None:
    """Every tool's system is a registered record; its operations start with the record's key."""
    for outil in OUTILS.values():
        assert SYSTEMES[outil.regles.cle] is outil.regles
        prefixes = {outil.regles.cle, "personnages"}
        assert all(op.partition(".")[0] in prefixes for op in outil.operations), outil.nom

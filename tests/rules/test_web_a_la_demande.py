"""The browser's worker imports the tools on demand: the page's tools before « prêt », the rest later."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from types import ModuleType

import pytest

import rules_py
import rules_py.web
from rules_py.web import MODULES, MODULES_DU_SYSTEME, OPERATIONS

TOUTES = frozenset(OPERATIONS)


def _restants() -> list[str]:
    """The tool modules not imported yet."""
    return [nom for nom in MODULES if f"rules_py.web.{nom}" not in sys.modules]


def _modules_web() -> dict[str, ModuleType]:
    """The facade's modules, and the characters' (their sheets are declared with the facade's fields)."""
    noms = ("rules_py.web", "rules_py.personnages")
    return {nom: module for nom, module in sys.modules.items() if nom.startswith(noms)}


@pytest.fixture
def web() -> Iterator[ModuleType]:
    """A fresh ``rules_py.web`` imported as the worker does (tools on demand); the usual one is put back."""
    avant = _modules_web()
    for nom in avant:
        del sys.modules[nom]
    for nom in ("web", "personnages"):  # ``from rules_py import personnages`` would find the old one
        delattr(rules_py, nom)
    rules_py.outils_a_la_demande = True  # type: ignore[attr-defined]
    try:
        yield importlib.import_module("rules_py.web")
    finally:
        del rules_py.outils_a_la_demande  # type: ignore[attr-defined]
        for nom in _modules_web():
            del sys.modules[nom]
        sys.modules.update(avant)
        for nom in ("web", "personnages"):
            setattr(rules_py, nom, avant[f"rules_py.{nom}"])


def test_a_la_demande_le_moteur_ne_connait_d_abord_que_son_battement(web: ModuleType) -> None:
    """Before any tool is asked for: only « moteur.ping », every tool module still to import."""
    assert set(web.OPERATIONS) == {"moteur.ping"}
    assert _restants() == list(MODULES)


@pytest.mark.parametrize("systeme", sorted(MODULES_DU_SYSTEME))
def test_chaque_systeme_importe_tous_ses_outils_et_eux_seuls(web: ModuleType, systeme: str) -> None:
    """The table of modules by system is right: preparing one of its operations registers all of that
    system's operations (as the full import has them), and none of another system's."""
    web.preparer([f"{systeme}.quelconque"])
    attendues = {op for op in TOUTES if op.startswith(f"{systeme}.")} | {"moteur.ping"}
    assert set(web.OPERATIONS) == attendues
    assert _restants() == [nom for nom in MODULES if nom not in MODULES_DU_SYSTEME[systeme]]


def test_un_outil_pas_encore_importe_l_est_a_son_premier_appel(web: ModuleType) -> None:
    """FOR 14 + TAI 16 = 30: +1d2, computed although the Basic tools were not imported before the call."""
    reponse = web.Moteur(1).appeler("basic.modificateur", {"for": "14", "tai": "16"})
    assert reponse["ok"] and reponse["resultat"]["modificateur"] == "+1d2"
    assert "basic_maison" not in _restants() and "el_toto" in _restants()


def test_une_operation_de_personnage_importe_tous_les_outils(web: ModuleType) -> None:
    """A character may fill any tool: its operations need every tool module."""
    web.preparer(["personnages.remplir"])
    assert _restants() == [] and set(web.OPERATIONS) == TOUTES


def test_une_operation_inconnue_reste_inconnue_une_fois_tout_importe(web: ModuleType) -> None:
    """An unknown name (a hostile link) imports everything, then is refused in French as before."""
    reponse = web.Moteur(1).appeler("inconnue.op", {})
    assert reponse["erreur"]["message"] == "Opération inconnue\xa0: «\xa0inconnue.op\xa0»."
    assert _restants() == []


def test_le_reste_s_importe_module_par_module(web: ModuleType) -> None:
    """The worker then imports every module one at a time, in the table's order (those already there cost
    nothing): each step adds that module's tools, and at the end every operation is there."""
    web.preparer(["des.lancer"])
    for nom in web.MODULES:
        web.importer([nom])
        assert nom not in _restants()
    assert _restants() == [] and set(web.OPERATIONS) == TOUTES


def test_sans_demande_tout_est_importe_d_emblee() -> None:
    """The command line, the build and the tests import every tool at once (the default)."""
    assert _restants() == [] and not hasattr(rules_py, "outils_a_la_demande")

"""A system is one record: a fifth rule set (Oriflamme, tests/rules/systeme_fictif), registered by its
record alone, is found in the registry, the command line's listing and help, and the JSON facade;
unregistered, it leaves nothing behind."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from rules_py.__main__ import main
from rules_py.outils.registre import OPERATIONS, OUTILS, systeme_enregistre
from rules_py.outils.systeme import SYSTEMES, Systeme
from rules_py.web import Moteur, modules
from tests.rules.systeme_fictif import ORIFLAMME


@pytest.fixture(scope="module")
def oriflamme() -> Iterator[Systeme]:
    """Oriflamme registered for this module's tests, then unregistered with its tool."""
    with systeme_enregistre(ORIFLAMME) as systeme:
        yield systeme
    assert "oriflamme" not in SYSTEMES and "seuil-oriflamme" not in OUTILS
    assert "oriflamme.seuil" not in OPERATIONS


def test_la_facade_json_trouve_l_outil_par_son_systeme(oriflamme: Systeme) -> None:
    """The worker's call (JSON in, JSON out) imports the record's module and answers: 3 + 4 against 7."""
    reponse = json.loads(Moteur(1).appeler_json("oriflamme.seuil", json.dumps({"seuil": "7", "des": "3 4"})))
    assert reponse["ok"] and reponse["resultat"]["reussite"] is True
    assert reponse["resultat"]["affichage"][0]["texte"] == "3 + 4 contre 7\u00a0: réussite."


def test_le_registre_a_l_outil_et_le_module(oriflamme: Systeme) -> None:
    """The tool is registered under its system, whose module is among the facade's."""
    Moteur(1).appeler("oriflamme.seuil", {"des": "1 1"})
    assert OUTILS["seuil-oriflamme"].regles is ORIFLAMME and OUTILS["seuil-oriflamme"].systeme == "Oriflamme"
    assert "tests.rules.systeme_fictif.outils" in modules()


def test_la_liste_des_outils_au_terminal(oriflamme: Systeme, capsys: pytest.CaptureFixture[str]) -> None:
    """``outils`` lists it under « Oriflamme », after the site's systems."""
    assert main(["outils"]) == 0
    sortie = capsys.readouterr().out
    assert sortie.rstrip("\n").endswith("Oriflamme\u00a0:\n  seuil-oriflamme  Deux d6 contre un seuil.")


def test_l_aide_de_l_outil_au_terminal(oriflamme: Systeme, capsys: pytest.CaptureFixture[str]) -> None:
    """``outil seuil-oriflamme --help`` names the system and the fields, from the declaration."""
    with pytest.raises(SystemExit) as sortie:
        main(["outil", "seuil-oriflamme", "--help"])
    assert sortie.value.code == 0
    aide = " ".join(capsys.readouterr().out.split())
    assert "Jet de seuil (Oriflamme) : Deux d6 contre un seuil." in aide  # split() took the spaces
    assert "--seuil VALEUR Seuil ; de 2 à 12 ; par défaut : 7" in aide


def test_l_outil_au_terminal(oriflamme: Systeme, capsys: pytest.CaptureFixture[str]) -> None:
    """``outil seuil-oriflamme --des "1 2"``: 3 against 7, a failure."""
    assert main(["outil", "seuil-oriflamme", "--des", "1 2"]) == 0
    assert capsys.readouterr().out == "1 + 2 contre 7\u00a0: échec.\n"


def test_son_nom_s_elide() -> None:
    """Generated French text says « d’Oriflamme »."""
    assert ORIFLAMME.de_nom == "d’Oriflamme"

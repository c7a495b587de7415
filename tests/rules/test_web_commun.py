"""The helpers every facade shares (``rules_py.web.commun``), the dice widget's corners and the registry.

Each helper replaced a copy in several facades: these tests pin the one
behaviour they now all have.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rules_py.d100 import Resultat
from rules_py.dice import Distribution, parse, total_of
from rules_py.errors import InputError, RulesError
from rules_py.web import WIDGETS, Moteur, affichage, commun
from rules_py.web.registre import Action, Champ, Widget, operation, widget

# -- reading the form ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("valeur", "attendu"), [(None, True), ("", True), ("  ", True), ("0", False), (0, False)]
)
def test_vide(valeur: object, attendu: bool) -> None:
    """Absent or blank: empty; a zero is a value."""
    assert commun.vide(valeur) is attendu


@pytest.mark.parametrize(
    ("valeur", "defaut", "attendu"),
    [
        (True, False, True),
        (False, True, False),
        (None, True, True),
        ("oui", False, True),
        (" On ", False, True),
        ("1", False, True),
        ("true", False, True),
        ("non", True, False),
        ("0", True, False),
        ("off", True, False),
        ("", True, False),
    ],
)
def test_case(valeur: object, defaut: bool, attendu: bool) -> None:
    """A box: true or false, or their spellings in a shared link; absent is the default, empty unchecked."""
    assert commun.case({"x": valeur}, "x", defaut) is attendu


@pytest.mark.parametrize("valeur", ["peut-être", 3, [True]])
def test_case_refusee(valeur: object) -> None:
    """Anything else is refused next to the box, named by its label."""
    with pytest.raises(InputError) as refus:
        commun.case({"x": valeur}, "x", libelle="La cible est prévenue")
    assert (refus.value.champ, refus.value.message) == (
        "x",
        "« La cible est prévenue » se coche ou se décoche.",
    )


def test_case_stricte() -> None:
    """Strict: only true or false; empty is the default; text is refused."""
    assert commun.case({"x": ""}, "x", True, stricte=True) is True
    assert commun.case({}, "x", stricte=True) is False
    assert commun.case({"x": False}, "x", True, stricte=True) is False
    with pytest.raises(InputError) as refus:
        commun.case({"x": "true"}, "x", stricte=True)
    assert (refus.value.champ, refus.value.message) == ("x", "« x » doit valoir vrai ou faux.")


def test_champ_entier() -> None:
    """The message names the field as the reader knows it; the error names the field of the form."""
    assert commun.champ_entier({"pv": " 12 "}, "pv", minimum=1) == 12
    with pytest.raises(InputError) as refus:
        commun.champ_entier({"pv": "douze"}, "pv", "PV actuels")
    assert refus.value.champ == "pv" and refus.value.message.startswith("« PV actuels » doit être un nombre")
    with pytest.raises(InputError) as refus:
        commun.champ_entier({}, "pv")
    assert (refus.value.champ, refus.value.message) == ("pv", "« pv » doit être un nombre entier.")


def test_jets_de_d100() -> None:
    """A d100 read (« 00 » is 100), or rolled when the field is empty; errors name the field."""
    assert commun.jet_lu({"jet": "00"}) == 100 and commun.jet_lu({"jet": ""}) is None
    assert commun.jet_lu({"choc": 7}, "choc") == 7
    assert commun.jet_d100({"jet": "42"}, "jet", random.Random(1)) == (42, True)
    assert commun.jet_d100({"jet": " "}, "jet", random.Random(1)) == (random.Random(1).randint(1, 100), False)
    with pytest.raises(InputError) as refus:
        commun.jet_d100({"jet": "101"}, "jet", random.Random(1), "Jet lu sur la table")
    assert refus.value.champ == "jet"
    assert "« Jet lu sur la table » doit être au plus 100 (reçu : 101)" in refus.value.message
    assert refus.value.message.startswith("Le jet de d100 va de 01 à 100")


@pytest.mark.parametrize(
    ("valeur", "attendu"),
    [
        ("3 5", [3, 5]),
        ("3,5;6", [3, 5, 6]),
        ([4, "1"], [4, 1]),
        (6, [6]),
        ("", None),
        ("  ", None),
        ([], None),
    ],
)
def test_des_lus(valeur: object, attendu: list[int] | None) -> None:
    """Dice read: numbers separated by spaces, commas or semicolons, or a list; empty: roll."""
    assert commun.lire_des_lus({"des": valeur}) == attendu


@pytest.mark.parametrize(
    ("valeur", "message"),
    [
        ({"a": 1}, "Les dés lus s'écrivent comme des nombres séparés par des espaces."),
        ("1 " * 2001, "Trop de dés lus (au plus 2 000)."),
        ("3 x", "« x » n'est pas un dé : écrivez les valeurs lues, par exemple 3 5."),
        ("12345", "« 12345 » n'est pas un dé : écrivez les valeurs lues, par exemple 3 5."),
        ("-1", "« -1 » n'est pas un dé : écrivez les valeurs lues, par exemple 3 5."),
    ],
)
def test_des_lus_refuses(valeur: object, message: str) -> None:
    """What is not a list of dice is refused next to the field."""
    with pytest.raises(InputError) as refus:
        commun.lire_des_lus({"faces": valeur}, "faces")
    assert (refus.value.champ, refus.value.message) == ("faces", message)


def test_expression_et_jet() -> None:
    """An expression read from its field, rolled or totalled from the dice read; errors name the field."""
    expression = commun.lire_expression({"arme": "1d8+1"}, "arme")
    jet, lu = commun.jet_d_expression(expression, {"des_arme": "5"}, "des_arme", random.Random(1))
    assert (jet.total, lu) == (6, True)
    jet, lu = commun.jet_d_expression(expression, {}, "des_arme", random.Random(1))
    assert lu is False and 2 <= jet.total <= 9
    with pytest.raises(InputError) as refus:
        commun.jet_d_expression(expression, {"des_arme": "5 5"}, "des_arme", random.Random(1))
    assert refus.value.champ == "des_arme"
    for args in ({"arme": 3}, {"arme": "2d6+"}):
        with pytest.raises(RulesError) as refus:
            commun.lire_expression(args, "arme")
        assert refus.value.champ == "arme"


# -- answering ----------------------------------------------------------------------------------------


def test_rejouer() -> None:
    """The fields as sent (all, or those named), every die filled in; a die None leaves its field."""
    args = {"score": "50", "jet": "", "bruit": 1}
    assert commun.rejouer(args, ["score", "jet", "kar"], jet=42) == {"score": "50", "jet": "42", "kar": ""}
    assert commun.rejouer(args, des=(6, 4), jet=None) == {"score": "50", "jet": "", "bruit": 1, "des": "6 4"}
    assert commun.rejouer({}, des=[], d6=3) == {"des": "", "d6": "3"}


def test_en_fractions() -> None:
    """Exact odds as a/b keyed by text (an enumeration by its value); a law in increasing order."""
    assert commun.en_fractions({Resultat.ECHEC: Fraction(3, 4), "b": Fraction(1, 4)}) == {
        "echec": "3/4",
        "b": "1/4",
    }
    assert list(commun.en_fractions(Distribution({3: 1, -1: 1, 0: 2}))) == ["-1", "0", "3"]


# -- writing ------------------------------------------------------------------------------------------


def test_petits_textes() -> None:
    """Percentages, signs, terms, d100 faces, the note of dice read, the detail of a roll."""
    assert (commun.pour_cent(5), commun.pour_cent(-1200)) == ("5\u202f%", "\u22121\u202f200\u202f%")
    assert [commun.signe(v) for v in (3, 0, -3)] == ["+3", "0", "\u22123"]
    assert [commun.terme(v) for v in (3, 0, -3, 1000)] == ["+ 3", "+ 0", "\u2212 3", "+ 1\u202f000"]
    assert [commun.de_100(v) for v in (1, 42, 100)] == ["01", "42", "100"]
    assert commun.note_de_lecture("les d6 lus") == {
        "type": "texte",
        "texte": "Résultat calculé avec les d6 lus sur la table.",
        "classe": "note",
    }
    assert commun.detail_du_jet(total_of(parse("-1d4+3"), [2])) == "−[2] + 3"
    assert commun.detail_du_jet(total_of(parse("5"), [])) == "5"


def test_barres_distribution() -> None:
    """At most 40 bars: one per outcome, else ranges; the reader's outcome marked; captions and labels."""
    petite = commun.barres_distribution(Distribution.die(6) + -3, 2, legende="L", etiquette=affichage.nombre)
    assert petite["legende"] == "L" and [b["etiquette"] for b in petite["barres"]][:3] == ["−2", "−1", "0"]
    assert [b.get("surligne", False) for b in petite["barres"]].index(True) == 4
    assert commun.barres_distribution(Distribution.die(6))["barres"][0]["etiquette"] == "1"
    grande = commun.barres_distribution(Distribution.die(100), 50)
    assert grande["legende"] == "Probabilité par tranche de totaux" and len(grande["barres"]) == 34
    (marquee,) = [b["etiquette"] for b in grande["barres"] if b.get("surligne")]
    assert marquee == "49 à 51"
    assert (
        commun.barres_distribution(Distribution.die(100), legende="L", legende_tranches="L")["legende"] == "L"
    )
    assert not any(b.get("surligne") for b in commun.barres_distribution(Distribution.die(100))["barres"])


# -- the dice widget's corners, the registry --------------------------------------------------------------


def test_lancer_sans_des_ou_de_faces_melees() -> None:
    """A constant has no dice to show; dice of several kinds are not drawn as one kind."""
    constante = Moteur(1).appeler("des.lancer", {"expression": "3"})["resultat"]
    assert constante["total"] == 3 and not [b for b in constante["affichage"] if b["type"] == "des"]
    melange = Moteur(1).appeler("des.lancer", {"expression": "1d6+1d4", "des": "6 4"})["resultat"]
    assert melange["total"] == 10 and not [b for b in melange["affichage"] if b["type"] == "des"]
    assert melange["rejouer"] == {"expression": "1d6+1d4", "des": "6 4"}


def test_lancer_au_dela_de_la_distribution() -> None:
    """Beyond the distribution's limit, the roll is made and a note says why the odds are missing."""
    resultat = Moteur(1).appeler("des.lancer", {"expression": "100d1000"})["resultat"]
    assert len(resultat["des"]) == 100 and "probabilite_total" not in resultat
    assert any(
        "10\u202f000" in b.get("texte", "") or "10000" in b.get("texte", "") for b in resultat["affichage"]
    )


def test_statique_du_lancer() -> None:
    """The dice widget's fallback: the exact distribution of its expression."""
    texte, valeurs, barres = WIDGETS["jet-de-des"].statique({"expression": "2d6"})
    assert texte["texte"] == "Distribution exacte de 2d6 :"
    assert valeurs["lignes"][1] == ["Moyenne", "7"] and len(barres["barres"]) == 11


def test_registre_refuse_les_doublons() -> None:
    """An operation or a widget registered twice is a programming error, caught at import."""
    with pytest.raises(ValueError, match="registered twice"):
        operation("des.lancer")(lambda args, rng: {})
    declaration = Widget("jet-de-des", "T", (Champ("x", "X"),), (Action("des.lancer", "L"),), lambda o: [])
    with pytest.raises(ValueError, match="registered twice"):
        widget(declaration)


def test_boutons_sans_legende() -> None:
    """A row of buttons may have no caption."""
    assert affichage.boutons([affichage.bouton("Go", "des.lancer")]) == {
        "type": "boutons",
        "boutons": [{"libelle": "Go", "op": "des.lancer", "args": {}, "actif": True}],
    }

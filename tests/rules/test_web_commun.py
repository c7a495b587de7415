"""The helpers every facade shares (``rules_py.web.commun``), the dice widget's corners and the registry.

Each helper replaced a copy in several facades: these tests pin the one
behaviour they now all have.
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from typing import Annotated

import pytest

from rules_py.d100 import Resultat, lire_jet
from rules_py.dice import Distribution, Expression, parse, total_of
from rules_py.errors import InputError, RulesError
from rules_py.outils.champs import Champ, en_json, lire
from rules_py.web import Moteur, affichage, commun, preparer
from rules_py.web.outil import OUTILS

# -- reading, through a declaration (rules_py.outils.champs) ------------------------------------------


DAGUE = parse("1d8+1")


@dataclasses.dataclass(frozen=True)
class Lecture:
    """One field of each kind a tool declares."""

    prevenue: Annotated[bool, Champ("La cible est prévenue")] = False
    pv: Annotated[int, Champ("PV actuels", minimum=1)] = 10
    jet: Annotated[int | None, Champ("Jet lu sur la table", lu=True, lecteur=lire_jet)] = None
    faces: Annotated[list[int] | None, Champ("Faces lues", lu=True)] = None
    arme: Annotated[Expression, Champ("Dégâts de l'arme")] = DAGUE


def _refus(args: dict[str, object]) -> InputError:
    with pytest.raises(RulesError) as refus:
        lire(Lecture, args)
    return refus.value


@pytest.mark.parametrize(
    ("valeur", "attendu"),
    [
        (True, True),
        (False, False),
        (None, False),
        ("oui", True),
        (" On ", True),
        ("1", True),
        ("true", True),
        ("non", False),
        ("0", False),
        ("off", False),
        ("", False),
    ],
)
def test_une_case_et_ses_graphies(valeur: object, attendu: bool) -> None:
    """A box: true or false, or their spellings in a shared link; null is the default; empty unticked."""
    assert lire(Lecture, {"prevenue": valeur}).prevenue is attendu


@pytest.mark.parametrize("valeur", ["peut-être", 3, [True]])
def test_une_case_refusee_nomme_son_etiquette(valeur: object) -> None:
    """Anything else is refused next to the box, named by its label."""
    refus = _refus({"prevenue": valeur})
    assert (refus.champ, refus.message) == ("prevenue", "« La cible est prévenue » se coche ou se décoche.")


def test_un_entier_nomme_son_etiquette() -> None:
    """The message names the field as the reader knows it; the error names the field of the form."""
    assert lire(Lecture, {"pv": " 12 "}).pv == 12
    refus = _refus({"pv": "douze"})
    assert refus.champ == "pv" and refus.message.startswith("« PV actuels » doit être un nombre")
    assert _refus({"pv": ""}).message == "« PV actuels » est vide : entrez une valeur."
    assert _refus({"pv": "0"}).message == "« PV actuels » doit être au moins 1 (reçu : 0)."


def test_un_jet_de_d100_lu() -> None:
    """A d100 read (« 00 » is 100), or None when the field is empty (then the tool rolls)."""
    assert lire(Lecture, {"jet": "00"}).jet == 100 and lire(Lecture, {"jet": " "}).jet is None
    refus = _refus({"jet": "101"})
    assert refus.champ == "jet"
    assert "« Jet lu sur la table » doit être au plus 100 (reçu : 101)" in refus.message


@pytest.mark.parametrize(
    ("valeur", "attendu"),
    [("3 5", [3, 5]), ("3,5;6", [3, 5, 6]), ([4, "1"], [4, 1]), (6, [6]), ("", None), ([], None)],
)
def test_des_lus(valeur: object, attendu: list[int] | None) -> None:
    """Dice read: numbers separated by spaces, commas or semicolons, or a list; empty: roll."""
    assert lire(Lecture, {"faces": valeur}).faces == attendu


EXEMPLE_DE_DES = "écrivez les valeurs lues, par exemple 3 5."


@pytest.mark.parametrize(
    ("valeur", "message"),
    [
        ({"a": 1}, "« Faces lues » : écrivez les dés lus comme des nombres séparés par des espaces."),
        ([1] * 2001, "« Faces lues » : trop de dés lus (au plus 2 000)."),
        ("3 x", "« Faces lues » : « \u2068x\u2069 » n'est pas un dé ; " + EXEMPLE_DE_DES),
        ("12345", "« Faces lues » : « \u206812345\u2069 » n'est pas un dé ; " + EXEMPLE_DE_DES),
        ("-1", "« Faces lues » : « \u2068-1\u2069 » n'est pas un dé ; " + EXEMPLE_DE_DES),
    ],
)
def test_des_lus_refuses(valeur: object, message: str) -> None:
    """What is not a list of dice is refused next to the field."""
    refus = _refus({"faces": valeur})
    assert (refus.champ, refus.message) == ("faces", message)


def test_une_expression_lancee_ou_totalisee() -> None:
    """An expression read from its field, rolled or totalled from the dice read; errors name the field."""
    expression = lire(Lecture, {"arme": "1d8+1"}).arme
    jet, lu = commun.lancer_ou_lire(expression, [5], random.Random(1), "des_arme")
    assert (jet.total, lu) == (6, True)
    jet, lu = commun.lancer_ou_lire(expression, None, random.Random(1), "des_arme")
    assert lu is False and 2 <= jet.total <= 9
    with pytest.raises(InputError) as refus:
        commun.lancer_ou_lire(expression, [5, 5], random.Random(1), "des_arme")
    assert refus.value.champ == "des_arme"
    for valeur in ("2d6+", ["1d6"]):
        assert _refus({"arme": valeur}).champ == "arme"


def test_un_texte_et_un_choix() -> None:
    """A text is kept as typed (within its length), a choice among its values, an enum by its value."""

    @dataclasses.dataclass(frozen=True)
    class Textes:
        nom: Annotated[str, Champ("Nom")] = ""
        sorte: Annotated[Resultat, Champ("Résultat")] = Resultat.ECHEC

    assert lire(Textes, {"nom": "", "sorte": "reussite"}) == Textes("", Resultat.REUSSITE)
    with pytest.raises(InputError, match="trop long"):
        lire(Textes, {"nom": "x" * 5000})
    with pytest.raises(InputError, match="l'une de ces valeurs"):
        lire(Textes, {"sorte": "gagne"})
    with pytest.raises(InputError, match="doit être un texte"):
        lire(Textes, {"nom": ["x"]})
    with pytest.raises(InputError, match="doivent être un objet"):
        lire(Textes, ["nom"])  # type: ignore[arg-type]


def test_en_json() -> None:
    """Exact odds as a/b, enumerations by value, a law in increasing order, dataclasses as objects."""
    assert en_json({Resultat.ECHEC: Fraction(3, 4), "b": (1, 2)}) == {"echec": "3/4", "b": [1, 2]}
    assert list(en_json(Distribution({3: 1, -1: 1, 0: 2}))) == ["-1", "0", "3"]
    attendu = {"prevenue": False, "pv": 10, "jet": 42, "faces": None, "arme": "1d8+1"}
    assert en_json(Lecture(jet=42)) == attendu


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
    texte, valeurs, barres = OUTILS["jet-de-des"].exemple({"expression": "2d6"})
    assert texte["texte"] == "Distribution exacte de 2d6 :"
    assert valeurs["lignes"][1] == ["Moyenne", "7"] and len(barres["barres"]) == 11


def test_boutons_sans_legende() -> None:
    """A row of buttons may have no caption."""
    assert affichage.boutons([affichage.bouton("Go", "des.lancer")]) == {
        "type": "boutons",
        "boutons": [{"libelle": "Go", "op": "des.lancer", "args": {}, "actif": True}],
    }


def test_le_battement_du_moteur_ne_demande_aucun_outil() -> None:
    """« moteur.ping » belongs to no system: preparing it imports nothing, and it answers at once."""
    preparer(["moteur.ping"])
    reponse = Moteur.depuis_entropie("ff").appeler("moteur.ping", {})
    assert reponse == {"ok": True, "resultat": {"pong": True, "affichage": []}}

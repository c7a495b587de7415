"""The Actions d100 widgets' operations through the facade (``Moteur.appeler``), fallbacks and page notes.

Expected values come from the text ``004_38b3a8e25e9e92cd.txt`` (the Brugor example)
and from counting the faces of the die with an independent reading of RULINGS D1-D4.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rules_py.web.outil import OUTILS
from tests.rules.facade import appeler, echec, rejoue, statique, textes
from tests.rules.test_web_formulaires import exemples

ROOT = Path(__file__).resolve().parents[2]
ESPACE_FINE = "\u202f"
INSECABLE = "\u00a0"  # before « : » and inside « » (rules_py/web/typographie.py)
SOURCE = "004_38b3a8e25e9e92cd.txt"


def phrases(resultat: dict[str, Any]) -> str:
    """The visible texts of the display blocks (:func:`textes`), thin spaces read as spaces."""
    return textes(resultat).replace(ESPACE_FINE, " ")


def lecture(chance: int, jet: int, points: bool = True) -> str:
    """RULINGS D2 read independently: 95-100, then 01, then the target and the final 1."""
    if jet >= 95:
        return "echec_critique"
    if jet == 1:
        return "reussite_critique" if points else "reussite"
    if jet > chance:
        return "echec"
    return "reussite_critique" if str(jet).endswith("1") else "reussite"


def compter(chance: int, points: bool = True) -> dict[str, str]:
    """The four results' probabilities by counting the 100 faces."""
    resultats = ["reussite_critique", "reussite", "echec", "echec_critique"]
    comptes = {r: sum(lecture(chance, j, points) == r for j in range(1, 101)) for r in resultats}
    return {r: f"{Fraction(n, 100).numerator}/{Fraction(n, 100).denominator}" for r, n in comptes.items()}


BRUGOR = {"score": "60", "difficulte": "a_peine_difficile", "points": True}


class TestTestActions:
    @pytest.mark.parametrize(
        ("difficulte", "jet", "resultat", "marge"),
        [
            pytest.param(
                "a_peine_difficile", "71", "echec", {"type": "Me", "valeur": 31}, id=f"{SOURCE}:25 71 échec"
            ),
            pytest.param(
                "a_peine_difficile", "51", "echec", {"type": "Me", "valeur": 11}, id=f"{SOURCE}:25 51 raté"
            ),
            pytest.param(
                "a_peine_difficile", "41", "echec", {"type": "Me", "valeur": 1}, id=f"{SOURCE}:25 41 raté"
            ),
            pytest.param(
                "a_peine_difficile",
                "31",
                "reussite_critique",
                {"type": "Mr", "valeur": 9},
                id=f"{SOURCE}:25 31",
            ),
            pytest.param(
                "facile", "71", "reussite_critique", {"type": "Mr", "valeur": 19}, id=f"{SOURCE}:25 Facile"
            ),
        ],
    )
    def test_brugor(self, difficulte: str, jet: str, resultat: str, marge: dict[str, Any]) -> None:
        """The Brugor example replays exactly, with its margins (RULINGS D1, D2, D3)."""
        r = appeler("actions.test", {**BRUGOR, "difficulte": difficulte, "jet": jet})
        assert (r["systeme"], r["resultat"], r["marge"], r["des_lus"]) == ("actions", resultat, marge, True)
        assert r["seuil"] == (40 if difficulte == "a_peine_difficile" else 90)

    def test_seuils_et_chances(self) -> None:
        """Brugor at 40 %: criticals 01, 11, 21, 31; the four exact chances; the thresholds shown."""
        r = appeler("actions.test", {**BRUGOR, "jet": "71"})
        assert (r["seuil_critique"], r["jets_critiques"], r["modificateur"]) == (31, [1, 11, 21, 31], -20)
        assert (
            r["probabilites"]
            == compter(40)
            == {
                "reussite_critique": "1/25",
                "reussite": "9/25",
                "echec": "27/50",
                "echec_critique": "3/50",
            }
        )
        texte = phrases(r)
        assert f"Jet 71 contre 40 %{INSECABLE}: échec (Me 31)." in texte
        assert "60 % − 20 % = 40 %" in texte
        lignes = next(b for b in r["affichage"] if b["type"] == "tableau")["lignes"]
        assert [ligne[1] for ligne in lignes] == [
            "01, 11, 21, 31",
            "02 à 40, sauf 11, 21, 31",
            "41 à 94",
            "95 à 100",
        ]

    def test_01_sans_point(self) -> None:
        """RULINGS D2: 01 always succeeds, critically only with a point spent; automatic: Mr 0."""
        sans = appeler(
            "actions.test", {"score": "30", "difficulte": "miraculeux", "points": False, "jet": "01"}
        )
        assert (sans["resultat"], sans["marge"], sans["seuil"], sans["seuil_critique"]) == (
            "reussite",
            {"type": "Mr", "valeur": 0},
            -70,
            None,
        )
        assert sans["probabilites"] == compter(-70, points=False)
        assert "01 réussit toujours" in phrases(sans)
        avec = appeler(
            "actions.test", {"score": "30", "difficulte": "miraculeux", "points": True, "jet": "01"}
        )
        assert avec["resultat"] == "reussite_critique" and avec["jets_critiques"] == [1]

    @pytest.mark.parametrize("jet", ["95", "99", "00", "100"])
    def test_echec_critique_au_dela_de_95(self, jet: str) -> None:
        """RULINGS D2: 95-100 is a critical failure even above 95 %; its Me is 0 (automatic)."""
        r = appeler("actions.test", {"score": "150", "difficulte": "moyen", "points": True, "jet": jet})
        assert (r["resultat"], r["marge"], r["seuil"]) == (
            "echec_critique",
            {"type": "Me", "valeur": 0},
            150,
        )
        assert r["probabilites"]["echec"] == "0/1"
        assert "95 à 100 échouent toujours" in phrases(r)

    @pytest.mark.parametrize("chance", [-10, 0, 1, 11, 40, 67, 94, 95, 100, 130])
    def test_chances_contre_le_comptage(self, chance: int) -> None:
        """The exact odds equal counting the 100 faces with the independent reading."""
        r = appeler("actions.test", {"score": str(chance + 100), "difficulte": "miraculeux", "jet": "50"})
        assert r["probabilites"] == compter(chance)

    def test_lancer_et_rejouer(self) -> None:
        """A rolled d100 is 1-100 and replays exactly from ``rejouer``."""
        for graine in range(8):
            r = appeler("actions.test", BRUGOR, graine=graine)
            assert 1 <= r["jet"] <= 100 and r["des_lus"] is False
            assert r["resultat"] == lecture(40, r["jet"])
            rejeu = appeler("actions.test", r["rejouer"], graine=99)
            assert {k: v for k, v in rejeu.items() if k not in ("des_lus", "rejouer", "affichage")} == {
                k: v for k, v in r.items() if k not in ("des_lus", "rejouer", "affichage")
            }

    @pytest.mark.parametrize(
        ("points", "attendu"), [("false", False), ("oui", True), ("", False), (None, True)]
    )
    def test_case_en_texte(self, points: object, attendu: bool) -> None:
        """The points box also reads from text (a shared link); missing means checked."""
        args = {"score": "60", "difficulte": "moyen", "jet": "01"}
        if points is not None:
            args["points"] = points
        assert appeler("actions.test", args)["points_depenses"] is attendu

    def test_difficulte_par_defaut(self) -> None:
        """No difficulty sent: Moyen."""
        assert appeler("actions.test", {"score": "45", "jet": "45"})["seuil"] == 45

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"score": "-5"}, "score", f"«{INSECABLE}Compétence (%){INSECABLE}» doit être au moins 0"),
            ({"score": "soixante"}, "score", "doit être un nombre entier"),
            (
                {"difficulte": "ardu"},
                "difficulte",
                f"Difficulté inconnue (reçu{INSECABLE}: «{INSECABLE}\u2068ardu\u2069{INSECABLE}»)",
            ),
            ({"jet": "101"}, "jet", "Le jet de d100 va de 01 à 100"),
            ({"jet": "dix"}, "jet", f"«{INSECABLE}Jet lu sur la table (facultatif){INSECABLE}»"),
            ({"points": "peut-être"}, "points", "se coche ou se décoche"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str, message: str) -> None:
        """Bad input: a French message naming the field."""
        refus = echec("actions.test", {**BRUGOR, **args})
        assert refus["champ"] == champ
        assert message in refus["message"].replace(ESPACE_FINE, " ")


class TestTestCaracteristique:
    def test_reussite(self) -> None:
        """RULINGS D4: 12 at Difficile (−8) is a target of 4 on 1d20; a 3 succeeds with Mr 1."""
        r = appeler(
            "actions.test_caracteristique", {"caracteristique": "12", "difficulte": "difficile", "jet": "3"}
        )
        assert (r["seuil"], r["modificateur"], r["faces"], r["resultat"], r["marge"]) == (
            4,
            -8,
            20,
            "reussite",
            {"type": "Mr", "valeur": 1},
        )
        assert r["probabilites"] == {"reussite": "1/5", "echec": "4/5"}
        assert f"Jet 3 sur 1d20 contre un seuil de 4{INSECABLE}: réussite (Mr 1)." in phrases(r)
        assert "12 − 8 = 4" in phrases(r)

    @pytest.mark.parametrize(
        ("caracteristique", "difficulte", "jet", "resultat", "marge", "reussite"),
        [
            (12, "immanquable", 20, "reussite", 0, "1/1"),
            (2, "difficile", 1, "echec", 7, "0/1"),
            (10, "moyen", 1, "reussite", 9, "1/2"),
            (10, "a_peine_facile", 12, "echec", 1, "11/20"),
        ],
    )
    def test_sans_critique_ni_automatique(
        self, caracteristique: int, difficulte: str, jet: int, resultat: str, marge: int, reussite: str
    ) -> None:
        """No critical and no automatic result on the d20: a target >= 20 never fails, <= 0 never succeeds."""
        r = appeler(
            "actions.test_caracteristique",
            {"caracteristique": str(caracteristique), "difficulte": difficulte, "jet": str(jet)},
        )
        assert (r["resultat"], r["marge"]["valeur"], r["probabilites"]["reussite"]) == (
            resultat,
            marge,
            reussite,
        )

    def test_autre_de(self) -> None:
        """The die is a parameter of the engine: 1d6 when asked."""
        r = appeler(
            "actions.test_caracteristique", {"caracteristique": "3", "difficulte": "moyen", "faces": "6"}
        )
        assert r["faces"] == 6 and r["probabilites"]["reussite"] == "1/2"
        rejeu = appeler("actions.test_caracteristique", {"faces": "6", **r["rejouer"]}, graine=5)
        assert rejeu["jet"] == r["jet"]

    def test_lancer_et_rejouer(self) -> None:
        """A rolled d20 replays exactly from ``rejouer``."""
        for graine in range(8):
            r = appeler(
                "actions.test_caracteristique", {"caracteristique": "12", "difficulte": "facile"}, graine
            )
            assert 1 <= r["jet"] <= 20 and r["des_lus"] is False
            lien = {k: v for k, v in r["rejouer"].items() if k != "faces"}  # the hidden die, 20
            assert lien == {"caracteristique": "12", "difficulte": "facile", "jet": str(r["jet"])}
            rejeu = appeler("actions.test_caracteristique", r["rejouer"], graine=99)
            assert (rejeu["resultat"], rejeu["marge"], rejeu["des_lus"]) == (r["resultat"], r["marge"], True)

    @pytest.mark.parametrize(
        ("args", "champ"),
        [
            ({"jet": "21"}, "jet"),
            ({"jet": "0"}, "jet"),
            ({"caracteristique": "-1"}, "caracteristique"),
            ({"difficulte": "??"}, "difficulte"),
            ({"faces": "1"}, "faces"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str) -> None:
        """Bad input is refused next to its field."""
        assert echec("actions.test_caracteristique", {"caracteristique": "12", **args})["champ"] == champ


def test_choix_des_difficultes() -> None:
    """The 16 steps are offered by the engine's keys, with their modifiers."""
    (_, difficulte, *_) = OUTILS["test-actions"].champs_du_formulaire
    assert len(difficulte.options) == 16
    assert difficulte.options[8] == ("a_peine_difficile", f"À peine difficile (−20{ESPACE_FINE}%)")
    assert difficulte.options[10] == ("moyen", "Moyen")
    (_, unites, _) = OUTILS["test-caracteristique-actions"].champs_du_formulaire
    assert unites.options[13] == ("facile", "Facile (+5)")


@pytest.mark.parametrize(
    ("op", "args"),
    [
        ("actions.test", {**BRUGOR, "jet": "01", "points": False}),
        ("actions.test", {"score": "150", "jet": "97"}),
        ("actions.test_caracteristique", {"caracteristique": "12", "jet": "5"}),
    ],
)
def test_typographie(op: str, args: dict[str, Any]) -> None:
    """Every text a reader sees has ’ apostrophes and no plain space before : ; ! ? % » or after «."""
    r = appeler(op, args)
    morceaux: list[str] = []

    def parcourir(valeur: Any) -> None:
        if isinstance(valeur, str):
            morceaux.append(valeur)
        elif isinstance(valeur, list | tuple):
            for element in valeur:
                parcourir(element)
        elif isinstance(valeur, dict):
            for cle, element in valeur.items():
                if cle not in ("type", "classe"):
                    parcourir(element)

    parcourir(r["affichage"])
    for texte in morceaux:
        assert not re.search(r"'| [:;!?%»]|« ", texte), texte


def notes(page: str) -> list[str]:
    """The text of each "Note d'interprétation" of a page's Markdown, spaces folded."""
    source = (ROOT / "docs" / page).read_text(encoding="utf-8")
    blocs = re.findall(r'^!!! interpretation "Note d’interprétation"\n((?:    .*\n|\n)+)', source, re.M)
    return [" ".join(b.replace("\u00a0", " ").replace(ESPACE_FINE, " ").split()) for b in blocs]


@pytest.mark.parametrize(
    ("page", "phrases"),
    [
        ("actions-d100/marges-et-critiques.md", ["Quand le résultat est automatique", "la marge vaut 0"]),
        (
            "actions-d100/marges-et-critiques.md",
            ["ni réussite critique ni échec critique", "Il n’y a pas non plus de résultat automatique"],
        ),
        ("actions-d100/difficulte.md", ["le site applique 1d20", "sans réussite ni échec critique"]),
    ],
)
def test_notes_d_interpretation(page: str, phrases: list[str]) -> None:
    """The readings the widgets apply are stated in a note on the page of their rule."""
    assert [n for n in notes(page) if all(p in n for p in phrases)], (page, phrases)


@pytest.mark.parametrize(
    ("page", "bloc"),
    [
        (
            "actions-d100/marges-et-critiques.md",
            "/// widget | test-actions\n    score: 60\n    difficulte: a_peine_difficile\n    jet: 71\n///",
        ),
        (
            "actions-d100/difficulte.md",
            "/// widget | test-caracteristique-actions\n    caracteristique: 12\n",
        ),
    ],
)
def test_widget_dans_sa_page(page: str, bloc: str) -> None:
    """Each widget sits once on the page of its rule (the skill test opens on Brugor's numbers)."""
    assert (ROOT / "docs" / page).read_text(encoding="utf-8").count(bloc) == 1


@pytest.mark.parametrize(
    ("nom", "op", "phrase"),
    [
        ("test-actions", "actions.test", "Jet 71 contre 40 % : échec (Me 31)."),
        (
            "test-caracteristique-actions",
            "actions.test_caracteristique",
            "Jet 9 sur 1d20 contre un seuil de 15 : réussite (Mr 6).",
        ),
    ],
)
def test_le_repli_est_la_reponse_a_l_exemple_de_la_page(nom: str, op: str, phrase: str) -> None:
    """Printed or without JavaScript, each tool shows its answer to its page's example (Brugor's 71)."""
    exemple = exemples()[nom]
    assert textes(statique(nom, exemple)) == textes(appeler(op, exemple))
    assert phrase in phrases({"affichage": statique(nom, exemple)}).replace(INSECABLE, " ")


def test_un_test_lance_se_rejoue() -> None:
    """The share link of a rolled test gives the same answer with any dice generator."""
    rejoue("actions.test", appeler("actions.test", {"score": "60"}, graine=4))
    rejoue("actions.test_caracteristique", appeler("actions.test_caracteristique", {}, graine=4))

"""El Toto, règles de base widgets through the facade: réserve, énergie, Lancer and Bagarre.

Exact values come from an independent reading of ``003_3058520c3dea6ba0.txt``
(every face enumerated) or from hand-worked throws; every roll is replayed from
its ``rejouer`` arguments.
"""

from __future__ import annotations

import pytest

from tests.rules.facade import appeler, blocs, echec, rejoue
from tests.rules.web_el_toto_commun import ESPACES, loi_brute, phrases, sans_alea

# -- toto.reserve ------------------------------------------------------------------------------


class TestReserve:
    def test_des_lus(self) -> None:
        """6 4 1: three successes, each die classed, the exact law of three dice."""
        r = appeler("toto.reserve", {"des": "3", "faces": "6 4 1"})
        assert (r["des"], r["reussites"], r["maladresse"], r["reussi"], r["des_lus"]) == (
            [6, 4, 1],
            3,
            False,
            True,
            True,
        )
        assert r["probabilites"] == loi_brute(3)
        assert r["probabilites"]["3"] == "11/54"
        assert (r["probabilite_maladresse"], r["probabilite_reussite"]) == ("1/216", "7/8")
        assert [d["classe"] for d in blocs(r, "des")[0]["des"]] == ["double", "succes", "echec"]
        assert blocs(r, "barres")[0]["barres"][3].get("surligne") is True

    @pytest.mark.parametrize("nombre", [1, 2, 5])
    def test_tous_les_un(self, nombre: int) -> None:
        """RULINGS C1: an all-ones pool is a maladresse, every die shown as such."""
        r = appeler("toto.reserve", {"des": str(nombre), "faces": " ".join(["1"] * nombre)})
        assert (r["reussites"], r["maladresse"], r["reussi"]) == (0, True, False)
        assert r["probabilite_maladresse"] == f"1/{6**nombre}"
        assert {d["classe"] for d in blocs(r, "des")[0]["des"]} == {"maladresse"}
        assert "Maladresse (échec critique) : tous les dés montrent 1." in phrases(r)

    def test_zero_de(self) -> None:
        """RULINGS C1: 0 dice rolls nothing and fails, without a maladresse."""
        r = appeler("toto.reserve", {"des": "0"})
        assert (r["des"], r["reussites"], r["maladresse"], r["reussi"]) == ([], 0, False, False)
        assert r["probabilites"] == {"0": "1/1"}
        assert r["probabilite_maladresse"] == "0/1"
        assert "Aucun dé : le jet échoue." in phrases(r)
        assert not [b for b in r["affichage"] if b["type"] == "des"]

    def test_echec_sans_maladresse(self) -> None:
        """Low faces that are not all ones: a plain failure."""
        r = appeler("toto.reserve", {"des": "2", "faces": "1 3"})
        assert (r["reussites"], r["maladresse"]) == (0, False)
        assert "Aucune réussite : le jet échoue." in phrases(r)

    def test_energie(self) -> None:
        """RULINGS C2: each point spent adds a die, within the cap and the points left."""
        r = appeler(
            "toto.reserve", {"des": "3", "energie": "2", "plafond": "3", "reste": "5", "faces": "6 6 5 2 1"}
        )
        assert (r["nombre_de_des"], r["energie_depensee"], r["energie_restante"], r["reussites"]) == (
            5,
            2,
            3,
            5,
        )
        assert r["probabilites"] == loi_brute(5)
        assert "5 dés (3 + 2 d’Énergie)" in phrases(r)
        assert "Énergie restante après le jet | 3" in phrases(r)

    def test_energie_sans_reste(self) -> None:
        """Without the points left, only the cap is checked and nothing is said of what remains."""
        r = appeler("toto.reserve", {"des": "1", "energie": "1", "plafond": "1", "faces": "4 4"})
        assert (r["nombre_de_des"], r["energie_restante"], r["reussites"]) == (2, None, 2)

    def test_plafond_sans_depense(self) -> None:
        """A cap with nothing spent changes nothing."""
        r = appeler("toto.reserve", {"des": "2", "energie": "", "plafond": "3", "faces": "5 5"})
        assert (r["nombre_de_des"], r["energie_depensee"]) == (2, 0)

    def test_lancer_et_rejouer(self) -> None:
        """A roll gives faces of the pool; its ``rejouer`` reproduces it exactly, as dice read."""
        r = appeler("toto.reserve", {"des": "6", "energie": "1", "plafond": "2"}, graine=7)
        assert len(r["des"]) == 7 and all(1 <= d <= 6 for d in r["des"]) and r["des_lus"] is False
        assert r["rejouer"] == {
            "des": "6",
            "energie": "1",
            "plafond": "2",
            "reste": "",
            "faces": " ".join(map(str, r["des"])),
        }
        rejeu = appeler("toto.reserve", r["rejouer"], graine=99)
        assert sans_alea(rejeu) == sans_alea(r) and rejeu["des_lus"] is True

    def test_grande_reserve(self) -> None:
        """Beyond 40 outcomes the chart groups successes in ranges, the reader's range highlighted."""
        r = appeler("toto.reserve", {"des": "30", "faces": " ".join(["4"] * 30)})
        barres = blocs(r, "barres")[0]["barres"]
        assert len(barres) <= 40 and barres[0]["etiquette"] == "0 à 1"
        assert [b["etiquette"] for b in barres if b.get("surligne")] == ["30 à 31"]
        assert len(r["probabilites"]) == 61

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"des": "3", "energie": "4", "plafond": "3"}, "energie", "Au plus 3 point(s) d’Énergie"),
            (
                {"des": "3", "energie": "2", "plafond": "3", "reste": "1"},
                "energie",
                "Il ne reste que 1 point",
            ),
            ({"des": "3", "energie": "2"}, "plafond", "la Hargne ou la Survie"),
            ({"des": "3", "faces": "4 1"}, "faces", "ce jet se lance avec 3 dés, et 2 dés ont été entrés"),
            ({"des": "2", "faces": "4 7"}, "faces", "« Dés lus sur la table » doit être au plus 6"),
            ({"des": "2", "faces": "4 x"}, "faces", "« x » n’est pas un dé"),
            ({"des": "-1"}, "des", "« Nombre de dés » doit être au moins 0"),
            ({"des": "101"}, "des", "« Nombre de dés » doit être au plus 100"),
            ({"des": ""}, "des", "« Nombre de dés » est vide"),
            ({"des": "100", "energie": "1", "plafond": "1"}, "energie", "Au plus 100 dés par jet"),
            ({"des": "2", "reste": "beaucoup", "plafond": "1"}, "reste", "« Énergie restante avant le jet »"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str, message: str) -> None:
        """Bad input: a French message naming the field."""
        refus = echec("toto.reserve", args)
        assert refus["champ"] == champ
        assert message in refus["message"].translate(ESPACES)


# -- toto.energie ------------------------------------------------------------------------------


class TestEnergie:
    def test_valeurs(self) -> None:
        """RULINGS C2, C3: Énergie = Hargne + Trempe + Survie, cap Hargne or Survie, PV = R x 2 + H + 5."""
        r = appeler("toto.energie", {"hargne": "3", "trempe": "2", "survie": "4", "resistance": "3"})
        assert sans_alea(r) == {
            "points_d_energie": 9,
            "plafond_hargne": 3,
            "plafond_survie": 4,
            "points_de_vie": 14,
        }
        assert "3 × 2 + 3 + 5 = 14" in phrases(r)

    def test_une_entree_invalide_nomme_le_champ(self) -> None:
        """A negative score is refused next to its field."""
        refus = echec("toto.energie", {"hargne": "-1", "trempe": "2", "survie": "4", "resistance": "3"})
        assert refus["champ"] == "hargne"


# -- Lancer et Bagarre (potentiel de combat) -----------------------------------------------------


@pytest.mark.parametrize(
    ("op", "args", "nombre", "calcul"),
    [
        ("toto.lancer", {"force": "2", "lancer": "3", "faces": "6 5 3 2 1"}, 5, "Force 2 + Lancer 3 = 5 dés"),
        (
            "toto.bagarre",
            {"hargne": "3", "agresser": "2", "faces": "4 4 2 1 6"},
            5,
            "Hargne 3 + Agresser 2 = 5 dés",
        ),
    ],
)
def test_lancer_et_bagarre_lus_sur_la_table(op: str, args: dict[str, str], nombre: int, calcul: str) -> None:
    """The pool is the sum of its two scores; the faces read give the successes and the exact law."""
    r = appeler(op, args)
    assert (r["nombre_de_des"], r["reussites"], r["maladresse"], r["des_lus"]) == (
        nombre,
        3 if "lancer" in op else 4,
        False,
        True,
    )
    assert r["probabilites"] == loi_brute(5) and r["probabilite_maladresse"] == "1/7776"
    assert calcul in phrases(r)
    rejoue(op, r)


@pytest.mark.parametrize("op", ["toto.lancer", "toto.bagarre"])
def test_lancer_et_bagarre_lances_puis_rejoues(op: str) -> None:
    """A rolled pool replays from its share link with any dice generator."""
    r = appeler(op, {}, graine=5)
    assert len(r["des"]) == 5 and r["des_lus"] is False
    rejoue(op, r)


@pytest.mark.parametrize(
    ("op", "args", "champ", "message"),
    [
        ("toto.lancer", {"force": "-1"}, "force", "« Force » doit être au moins 0"),
        (
            "toto.lancer",
            {"force": "60", "lancer": "41"},
            "lancer",
            "Au plus 100 dés par jet : Force + Lancer = 101.",
        ),
        ("toto.bagarre", {"faces": "4 4"}, "faces", "ce jet se lance avec 5 dés, et 2 dés ont été entrés"),
        ("toto.bagarre", {"agresser": "x"}, "agresser", "« Agresser » doit être un nombre entier"),
    ],
)
def test_lancer_et_bagarre_une_entree_invalide_nomme_le_champ(
    op: str, args: dict[str, str], champ: str, message: str
) -> None:
    """A wrong score or a wrong count of dice read: a French message beside its field."""
    refus = echec(op, args)
    assert refus["champ"] == champ and message in refus["message"].translate(ESPACES)

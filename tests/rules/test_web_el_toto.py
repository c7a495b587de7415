"""The El Toto widgets' operations through the facade (``Moteur.appeler``), their fallbacks and page notes.

Exact values come from an independent reading of ``003_3058520c3dea6ba0.txt``
(every face enumerated) or from hand-worked throws; every roll is replayed from
its ``rejouer`` arguments.
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from rules_py import el_toto as et
from rules_py.outils.champs import ecrire
from rules_py.web.el_toto import EntreesCombatRapide, EntreesDistance, EntreesDuel, EntreesSurvie
from rules_py.web.outil import OUTILS
from rules_py.web.typographie import typographie
from tests.rules.el_toto_commun import echange_brut, toutes_les_repartitions
from tests.rules.facade import appeler, blocs, echec, rejoue, statique, textes
from tests.rules.test_web_formulaires import exemples

ROOT = Path(__file__).resolve().parents[2]
ESPACE_FINE = "\u202f"
ESPACES = str.maketrans({ESPACE_FINE: " ", "\u00a0": " ", "\u2068": None, "\u2069": None})
"""The typography's thin and no-break spaces read as spaces; a typed name's isolation marks left out."""


def phrases(resultat: dict[str, Any]) -> str:
    """Every text of the display blocks (:func:`textes`), typographic spaces read as spaces."""
    return textes(resultat).translate(ESPACES)


def defauts(entrees: type) -> dict[str, Any]:
    """A form as it first appears: every field at its default, as the form writes it."""
    return ecrire(entrees())


def sans_alea(resultat: dict[str, Any]) -> dict[str, Any]:
    """A result without what may differ between a roll and its replay."""
    return {k: v for k, v in resultat.items() if k not in ("des_lus", "jets_lus", "rejouer", "affichage")}


def loi_brute(nombre: int) -> dict[str, str]:
    """Successes of ``nombre`` d6 by enumerating every throw (4-5: 1, 6: 2)."""
    compte = Counter(
        sum(2 if f == 6 else f in (4, 5) for f in faces) for faces in product(range(1, 7), repeat=nombre)
    )
    total = 6**nombre
    return {
        str(k): f"{Fraction(v, total).numerator}/{Fraction(v, total).denominator}"
        for k, v in sorted(compte.items())
    }


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


# -- toto.duel ---------------------------------------------------------------------------------

DUEL = defauts(EntreesDuel)
PASSE_LUE = {
    "des_attaque_b": "6 4",
    "des_defense_a": "4 1",
    "des_resistance_a": "1 1 1",
    "des_attaque_a": "6 6 5",
    "des_defense_b": "2 2",
    "des_resistance_b": "4 4",
}
"""A pass of the default duel read on the table: B strikes first (impact 2), A ripostes (impact 5)."""


class TestDuel:
    def test_passe_lue_b_a_l_initiative(self) -> None:
        """B (2 initiative dice) strikes first, A ripostes without the extra die; damage then resistance."""
        r = appeler("toto.duel", {**DUEL, **PASSE_LUE})
        assert r["initiative"] == "b" and r["des_lus"] is True
        b, a = r["attaques"]["b"], r["attaques"]["a"]
        assert (b["rang"], b["impact"], b["dommages"], b["points_de_vie_perdus"]) == (1, 2, 1, 1)
        assert b["resistance"] == {"des": [1, 1, 1], "reussites": 0, "maladresse": True}
        assert (a["rang"], a["impact"], a["dommages"], a["points_de_vie_perdus"], a["de_de_riposte"]) == (
            2,
            5,
            6,
            4,
            False,
        )
        texte = phrases(r)
        assert "B a l’initiative (2 dés contre 1) : B attaque, puis A riposte." in texte
        assert (
            "Impact 2 : dommages 2 + 0 − 2 + 1 = 1, moins aucune réussite de Résistance + Protection : "
            "A perd 1 PV." in texte
        )
        assert (
            "Impact 5 : dommages 5 + 1 − 2 + 2 = 6, moins 2 réussites de Résistance + Protection : "
            "B perd 4 PV." in texte
        )

    def test_de_de_riposte(self) -> None:
        """A negative first impact gives the riposte its extra die, whose faces must be entered."""
        lus = {
            "des_attaque_b": "1 1",
            "des_defense_a": "6 4",
            "des_attaque_a": "4 4 4 4",
            "des_defense_b": "6 6",
        }
        r = appeler("toto.duel", {**DUEL, **lus})
        assert r["attaques"]["b"]["impact"] == -3 and r["attaques"]["a"]["de_de_riposte"] is True
        assert r["attaques"]["a"]["impact"] == 0
        assert "Impact −3 : A prend l’avantage, +1 dé à l’attaque de sa riposte." in phrases(r)
        assert "Attaque de A (4 dés, +1 de riposte)" in phrases(r)
        assert "Impact 0 : il ne se passe rien." in phrases(r)
        refus = echec("toto.duel", {**DUEL, **lus, "des_attaque_a": "4 4 4"})
        assert refus["champ"] == "des_attaque_a"
        assert "ce jet se lance avec 4 dés, et 3 dés ont été entrés" in refus["message"].replace(
            ESPACE_FINE, " "
        )

    def test_simultane_et_esquive(self) -> None:
        """Equal initiative: both strike at once; B's Esquive (5 − 2 = 3 dice) replaces its defence hand."""
        args = {**DUEL, "initiative_a": "2", "esquive_b": "5"}
        lus = {
            "des_attaque_a": "6 6 1",
            "des_defense_b": "1 1 2",
            "des_attaque_b": "1 2",
            "des_defense_a": "1",
        }
        r = appeler("toto.duel", {**args, **lus, "des_resistance_b": "6 6"})
        assert r["initiative"] == "simultanee"
        assert r["combattants"]["b"] == {
            "repartition": {"initiative": 2, "attaque": 2, "defense": 2},
            "bonus_arme": 0,
            "force": 1,
            "resistance": 2,
            "esquive": 3,
        }
        assert r["attaques"]["a"]["defense"]["maladresse"] is False
        assert (
            r["attaques"]["a"]["impact"],
            r["attaques"]["a"]["dommages"],
            r["attaques"]["a"]["points_de_vie_perdus"],
        ) == (4, 5, 1)
        assert r["attaques"]["b"]["impact"] == 0 and r["attaques"]["b"]["de_de_riposte"] is False
        assert r["probabilites"]["de_de_riposte"] == "0/1"
        assert "Égalité d’initiative (2 dés chacun) : A et B frappent en même temps." in phrases(r)
        assert "Esquive de B (3 dés)" in phrases(r)

    def test_impact_negatif_de_la_riposte(self) -> None:
        """A negative impact of the second attack has no further effect in the pass."""
        lus = {
            "des_attaque_b": "4 4",
            "des_defense_a": "4 4",
            "des_attaque_a": "1 1 1",
            "des_defense_b": "6 2",
        }
        r = appeler("toto.duel", {**DUEL, **lus})
        assert r["attaques"]["a"]["impact"] == -2
        assert "Impact −2 : l’attaque ne porte pas." in phrases(r)

    def test_sans_dommages_pas_de_resistance(self) -> None:
        """A positive impact whose damage is 0 (negative weapon bonus) calls for no resistance roll."""
        args = {
            **DUEL,
            "bonus_arme_b": "-3",
            "des_attaque_b": "6 6",
            "des_defense_a": "1 1",
            "des_resistance_a": "6 6 6",
        }
        r = appeler("toto.duel", args)
        b = r["attaques"]["b"]
        assert (b["impact"], b["dommages"], b["resistance"]["des"]) == (4, 0, [])
        assert (
            "dommages 4 − 3 − 2 + 1 = 0 ; pas de dommages, donc pas de jet de Résistance + Protection."
            in phrases(r)
        )
        assert r["rejouer"]["des_resistance_a"] == ""

    def test_dommages_negatifs_comptes_zero(self) -> None:
        """Impact + bonus − 2 + Force below 0 is counted 0."""
        args = {**DUEL, "bonus_arme_b": "-5", "force_b": "0", "des_attaque_b": "4 1", "des_defense_a": "1 1"}
        assert "dommages 1 − 5 − 2 + 0 = −6, compté 0" in phrases(appeler("toto.duel", args))

    def test_lois_exactes(self) -> None:
        """One die against nothing, Force 2: impact and PV lost are the successes of one d6."""
        args = {
            **DUEL,
            **{"pdc_a": "1", "initiative_a": "0", "attaque_a": "1", "bonus_arme_a": "0", "force_a": "2"},
            **{"pdc_b": "0", "initiative_b": "0", "attaque_b": "0", "resistance_b": "0"},
        }
        r = appeler("toto.duel", args)
        un_de = {"0": "1/2", "1": "1/3", "2": "1/6"}
        assert r["probabilites"]["impact_de_a"] == un_de
        assert r["probabilites"]["perdus_par_b"] == un_de
        assert r["probabilites"]["impact_de_b"] == {"0": "1/1"}
        assert r["probabilites"]["perdus_par_a"] == {"0": "1/1"}

    def test_lois_du_moteur(self) -> None:
        """The odds shown are the engine's laws of the pass."""
        r = appeler("toto.duel", DUEL)
        a = et.Combattant(et.Repartition(1, 3, 2), 1, 2, 3)
        b = et.Combattant(et.Repartition(2, 2, 2), 0, 1, 2)
        lois = et.distribution_passe(a, b)
        attendu = {
            str(k): f"{p.numerator}/{p.denominator}"
            for k, p in lois.perdus_par_b.sorted().probabilities().items()
        }
        assert r["probabilites"]["perdus_par_b"] == attendu
        assert (
            r["probabilites"]["de_de_riposte"]
            == f"{lois.de_de_riposte.numerator}/{lois.de_de_riposte.denominator}"
        )

    def test_lancer_et_rejouer(self) -> None:
        """A rolled pass replays exactly from ``rejouer``, every pool filled in."""
        for graine in range(6):
            r = appeler("toto.duel", DUEL, graine=graine)
            assert r["des_lus"] is False
            rejeu = appeler("toto.duel", r["rejouer"], graine=graine + 100)
            assert sans_alea(rejeu) == sans_alea(r)

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            (
                {"initiative_a": "7"},
                "initiative_a",
                "7 dés d’initiative, c’est plus que le PdC (6).",
            ),
            (
                {"attaque_b": "5"},
                "attaque_b",
                "2 dés d’initiative et 5 dés d’attaque, c’est plus que le PdC (6).",
            ),
            ({"bonus_arme_a": "101"}, "bonus_arme_a", "« A : bonus de l’arme » doit être au plus 100"),
            ({"pdc_b": "douze"}, "pdc_b", "« PdC de B » doit être un nombre entier"),
            ({"force_a": "-1"}, "force_a", "« A : Force » doit être au moins 0"),
            ({"esquive_a": "200"}, "esquive_a", "« A : Agilité + Esquiver » doit être au plus 100"),
            ({"des_defense_a": "0 1"}, "des_defense_a", "« Dés lus : défense (ou esquive) de A » doit être"),
            ({"des_attaque_b": "6"}, "des_attaque_b", "ce jet se lance avec 2 dés, et 1 dé a été entré"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str, message: str) -> None:
        """Bad input: a French message next to the field."""
        refus = echec("toto.duel", {**DUEL, **args})
        assert refus["champ"] == champ
        assert message in refus["message"].translate(ESPACES)


SECONDE_PASSE = {
    "des_attaque_b": "1 1",
    "des_defense_a": "4 1",
    "des_attaque_a": "6 6 6 5",
    "des_defense_b": "1 2",
    "des_resistance_b": "5 1",
}
"""Then B misses (impact −1) and A ripostes with 3 + 1 dice: impact 7, 8 points, 1 resistance success."""
YANG_ET_WU = {**DUEL, "nom_a": "Yang", "nom_b": "Wu", "vie_b": "13"}


class TestCombatSurPlusieursPasses:
    def test_deux_passes_jusqu_a_la_blessure_critique(self) -> None:
        """Yang and Wu play two passes: the state comes back, PV go down, Wu's 7 PV hit is critique (C7)."""
        premiere = appeler("toto.duel", {**YANG_ET_WU, **PASSE_LUE})
        assert premiere["etat"] == {"passes": [[1, 4]]}
        assert (premiere["sante"]["b"]["perdus"], premiere["sante"]["b"]["blessure"]["gravite"]) == (
            4,
            "serieuse",
        )
        texte = phrases(premiere)
        assert "Passe 1 : Wu a l’initiative (2 dés contre 1) : Wu attaque, puis Yang riposte." in texte
        assert "Passe 1 | 1 (légère) | 4 (sérieuse) | PV restants / Vie | 14 / 15 | 9 / 13" in texte
        seconde = appeler("toto.duel", {**YANG_ET_WU, **SECONDE_PASSE, "etat": premiere["etat"]})
        assert seconde["etat"] == {"passes": [[1, 4], [0, 7]]}
        wu = seconde["sante"]["b"]
        assert (wu["vie"], wu["perdus"], wu["blessure"]["gravite"], wu["blessure"]["malus_des"]) == (
            13,
            11,
            "critique",
            7,
        )
        texte = phrases(seconde)
        assert "Impact 7 : dommages 7 + 1 − 2 + 2 = 8, moins 1 réussite de" in texte
        assert "Résistance + Protection : Wu perd 7 PV." in texte
        assert "Passe 2 | 0 | 7 (critique) | PV restants / Vie | 14 / 15 | 2 / 13" in texte
        assert "Pire blessure | Blessure légère : pas de malus ; perte de PV : aucune | Blessure" in texte
        assert "Blessure critique : malus de 7 dés ; perte de PV : −1 PV par minute" in texte
        assert seconde["rejouer"]["etat"] == premiere["etat"]
        assert sans_alea(appeler("toto.duel", seconde["rejouer"], graine=9)) == sans_alea(seconde)

    def test_meilleure_repartition_garde_le_combat(self) -> None:
        """« Meilleure répartition » answers with the fight unchanged and shows its passes."""
        etat = {"passes": [[1, 4], [0, 7]]}
        r = appeler("toto.duel_repartition", {**YANG_ET_WU, "etat": etat})
        assert r["etat"] == etat and r["sante"]["b"]["perdus"] == 11
        assert "Passe 2 | 0 | 7 (critique)" in phrases(r)
        assert "Pour toucher, Yang met 0 en initiative" in phrases(r)

    def test_nouveau_combat_demande_avant_d_effacer(self) -> None:
        """« Nouveau combat » on passes played asks in the page and keeps the fight until confirmed."""
        question = appeler("toto.duel_nouveau", {**YANG_ET_WU, "etat": {"passes": [[1, 4]]}})
        assert question["etat"] == {"passes": [[1, 4]]}
        assert "Effacer les passes jouées et repartir de la première ?" in phrases(question)
        boutons = [b for bloc in question["affichage"] if bloc["type"] == "boutons" for b in bloc["boutons"]]
        assert [(b["libelle"], b["op"], b["args"]) for b in boutons] == [
            ("Oui, nouveau combat", "toto.duel_nouveau", {"confirme": True})
        ]
        assert "PV restants / Vie" in textes(question)
        sans_passe = appeler("toto.duel_nouveau", {**YANG_ET_WU})
        assert sans_passe["etat"] == {"passes": []} and "Nouveau combat" in phrases(sans_passe)

    def test_nouveau_combat(self) -> None:
        """« Nouveau combat » confirmed forgets the passes: the next pass is the first."""
        r = appeler("toto.duel_nouveau", {**YANG_ET_WU, "etat": {"passes": [[1, 4]]}, "confirme": True})
        assert r["etat"] == {"passes": []}
        assert "Nouveau combat entre Yang et Wu" in phrases(r)
        assert appeler("toto.duel", {**YANG_ET_WU, **PASSE_LUE, "etat": r["etat"]})["etat"] == {
            "passes": [[1, 4]]
        }

    @pytest.mark.parametrize("etat", [{"passes": [[1]]}, {"passes": [[1, -2]]}, {"passes": "12"}, "x"])
    def test_etat_illisible(self, etat: object) -> None:
        """A fight's state the engine cannot read is refused with a French message, nothing played."""
        refus = echec("toto.duel", {**DUEL, "etat": etat})
        assert (
            refus["message"].translate(ESPACES)
            == "« Combat » est illisible : cliquez sur « Nouveau combat »."
        )


class TestMeilleureRepartition:
    def test_defauts(self) -> None:
        """Both sides, both criteria: the engine's best split, and the chance of the announced one."""
        r = appeler("toto.duel_repartition", DUEL)
        a = r["conseils"]["a"]
        meilleur = et.meilleure_repartition(6, et.Repartition(2, 2, 2), "toucher")
        assert (a["toucher"]["initiative"], a["toucher"]["attaque"], a["toucher"]["defense"]) == (0, 6, 0)
        assert (
            a["toucher"]["chance"]
            == f"{meilleur.chance.numerator}/{meilleur.chance.denominator}"
            == "52745/62208"
        )
        actuelle = et.chance_de_la_repartition(et.Repartition(1, 3, 2), et.Repartition(2, 2, 2))
        assert a["toucher"]["chance_actuelle"] == f"{actuelle.numerator}/{actuelle.denominator}"
        assert (a["toucher_sans_etre_touche"]["attaque"], a["toucher_sans_etre_touche"]["defense"]) == (3, 3)
        texte = phrases(r)
        assert "Pour toucher, A met 0 en initiative, 6 en attaque et 0 en défense : 84,79 %." in texte

    @pytest.mark.parametrize("pdc", range(0, 4))
    @pytest.mark.parametrize("adverse", [(0, 1, 1), (1, 1, 0), (0, 2, 0)])
    def test_contre_la_force_brute(self, pdc: int, adverse: tuple[int, int, int]) -> None:
        """The best chance shown is the maximum over every split of the face-by-face enumeration."""
        b = {"pdc_b": str(sum(adverse)), "initiative_b": str(adverse[0]), "attaque_b": str(adverse[1])}
        r = appeler(
            "toto.duel_repartition", {**DUEL, "pdc_a": str(pdc), "initiative_a": "0", "attaque_a": "0", **b}
        )
        adversaire = et.Repartition(*adverse)
        for critere, voulu in (
            ("toucher", lambda t: t[0]),
            ("toucher_sans_etre_touche", lambda t: t[0] and not t[1]),
        ):
            chances = [
                sum((p for t, p in echange_brut(split, adversaire).items() if voulu(t)), Fraction(0))
                for split in toutes_les_repartitions(pdc)
            ]
            meilleure = max(chances)
            assert r["conseils"]["a"][critere]["chance"] == f"{meilleure.numerator}/{meilleure.denominator}"
            assert r["conseils"]["a"][critere]["initiative"] == 0

    def test_esquive_annoncee(self) -> None:
        """An announced Esquive counts as the opponent's defence dice; a side's own Esquive is flagged."""
        r = appeler("toto.duel_repartition", {**DUEL, "esquive_b": "6", "esquive_a": "4"})
        attendu = et.meilleure_repartition(6, et.Repartition(2, 2, 4), "toucher")
        assert (
            r["conseils"]["a"]["toucher"]["chance"]
            == f"{attendu.chance.numerator}/{attendu.chance.denominator}"
        )
        texte = phrases(r)
        assert "contre B (2 / 2 / 2, esquive de 4 dés)" in texte
        assert "A a annoncé une esquive" in texte and "B a annoncé une esquive" in texte

    def test_une_entree_invalide_nomme_le_champ(self) -> None:
        """Pools too large once the Esquive is counted are refused next to the Esquive field."""
        args = {**DUEL, "pdc_b": "100", "initiative_b": "0", "attaque_b": "100", "esquive_b": "90"}
        refus = echec("toto.duel_repartition", args)
        assert refus["champ"] == "esquive_b"


# -- toto.combat_rapide ------------------------------------------------------------------------

RAPIDE = defauts(EntreesCombatRapide)


class TestCombatRapide:
    def test_a_gagne(self) -> None:
        """RULINGS C5: 5 against 2 successes, weapon +1: 4 points, 3 resistance successes, B loses 1 PV."""
        r = appeler(
            "toto.combat_rapide",
            {**RAPIDE, "des_a": "6 6 4 1 1 1", "des_b": "5 4 2 2 2 2", "des_resistance": "6 4"},
        )
        assert (
            r["vainqueur"],
            r["perdant"],
            r["dommages"],
            r["reussites_resistance"],
            r["points_de_vie_perdus"],
        ) == ("a", "b", 4, 3, 1)
        assert (
            "A remporte la passe (5 réussites contre 2) : 4 points, moins 3 réussites de "
            "Résistance + Protection : B perd 1 PV." in phrases(r)
        )

    def test_b_gagne_et_egalite(self) -> None:
        """B wins with its own weapon bonus; a tie does nothing and calls for no resistance."""
        r = appeler(
            "toto.combat_rapide",
            {**RAPIDE, "des_a": "1 1 1 1 1 4", "des_b": "6 6 1 1 1 1", "des_resistance": "1 1 1"},
        )
        assert (r["vainqueur"], r["perdant"], r["dommages"], r["points_de_vie_perdus"]) == ("b", "a", 3, 3)
        egal = appeler("toto.combat_rapide", {**RAPIDE, "des_a": "4 1 1 1 1 1", "des_b": "5 1 1 1 1 1"})
        assert (egal["vainqueur"], egal["perdant"], egal["dommages"], egal["des_resistance"]) == (
            "egalite",
            None,
            0,
            [],
        )
        assert "Égalité (1 réussite de chaque côté) : il ne se passe rien." in phrases(egal)

    def test_bonus_negatif(self) -> None:
        """A negative weapon bonus can leave nothing to lose: no resistance roll."""
        args = {
            **RAPIDE,
            "bonus_arme_a": "-3",
            "des_a": "5 5 1 1 1 1",
            "des_b": "1 1 1 1 1 1",
            "des_resistance": "6 6",
        }
        r = appeler("toto.combat_rapide", args)
        assert (r["vainqueur"], r["dommages"], r["des_resistance"]) == ("a", 0, [])
        assert "mais son arme ne fait perdre aucun PV" in phrases(r)

    def test_lois_exactes(self) -> None:
        """One die against none: A wins half the time and B loses the die's successes."""
        args = {
            **RAPIDE,
            "pdc_a": "1",
            "bouclier_a": "0",
            "bonus_arme_a": "0",
            "pdc_b": "0",
            "bouclier_b": "0",
            "resistance_b": "0",
        }
        r = appeler("toto.combat_rapide", args)
        assert r["probabilites"]["vainqueur"] == {"a": "1/2", "b": "0/1", "egalite": "1/2"}
        assert r["probabilites"]["perdus_par_b"] == {"0": "1/2", "1": "1/3", "2": "1/6"}
        assert r["probabilites"]["perdus_par_a"] == {"0": "1/1"}

    def test_lancer_et_rejouer(self) -> None:
        """A rolled exchange replays exactly from ``rejouer``."""
        for graine in range(6):
            r = appeler("toto.combat_rapide", RAPIDE, graine=graine)
            assert len(r["des_a"]) == 6 and len(r["des_b"]) == 6
            assert sans_alea(appeler("toto.combat_rapide", r["rejouer"], graine=50)) == sans_alea(r)

    @pytest.mark.parametrize(
        ("args", "champ"),
        [
            ({"bouclier_a": "100"}, "bouclier_a"),
            ({"pdc_b": "-2"}, "pdc_b"),
            ({"des_a": "6 6", "des_b": "1 1 1 1 1 1", "des_resistance": "4"}, "des_a"),
            ({"des_a": "6 6 6 6 6 6", "des_b": "1 1 1 1 1 1", "des_resistance": "4"}, "des_resistance"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str) -> None:
        """Bad input is refused next to its field."""
        assert echec("toto.combat_rapide", {**RAPIDE, **args})["champ"] == champ


# -- toto.distance -----------------------------------------------------------------------------

DISTANCE = defauts(EntreesDistance)


class TestDistance:
    def test_cible_non_prevenue(self) -> None:
        """RULINGS C6: unopposed, impact = the PdC successes; damage as in C4."""
        args = {**DISTANCE, "prevenu": False, "des_attaque": "6 6 5 1 1", "des_resistance": "4 1 1"}
        r = appeler("toto.distance", args)
        assert (r["impact"], r["dommages"], r["reussites_resistance"], r["points_de_vie_perdus"]) == (
            5,
            4,
            1,
            3,
        )
        assert r["des_defense"] == [] and r["probabilites"]["impact"] == loi_brute(5)
        assert "Cible non prévenue : jet sans opposition. Impact 5 : dommages 5 + 1 − 2 + 0 = 4" in phrases(r)

    def test_cible_prevenue(self) -> None:
        """RULINGS C6: an aware target's Agilité + Esquiver successes are taken off."""
        args = {**DISTANCE, "prevenu": True, "des_attaque": "4 4 2 2 2", "des_defense": "6 4 1"}
        r = appeler("toto.distance", args)
        assert (r["impact"], r["dommages"]) == (-1, 0)
        assert "Impact −1 : le tir ne porte pas." in phrases(r)

    def test_esquive_vide(self) -> None:
        """An empty Agilité + Esquiver counts 0 dice: the aware target rolls nothing."""
        r = appeler("toto.distance", {**DISTANCE, "esquive": "", "des_attaque": "4 1 1 1 1"})
        assert (r["des_defense"], r["impact"], r["rejouer"]["esquive"]) == ([], 1, "")

    @pytest.mark.parametrize(
        ("valeur", "attendu"), [("false", False), ("on", True), ("", False), ("oui", True)]
    )
    def test_case_en_texte(self, valeur: object, attendu: bool) -> None:
        """The box also reads from text (a shared link): empty is unchecked."""
        args = {**DISTANCE, "prevenu": valeur, "des_attaque": "1 1 1 1 1"}
        if attendu:
            args["des_defense"] = "1 1 1"
        assert appeler("toto.distance", args)["prevenu"] is attendu

    def test_lancer_et_rejouer(self) -> None:
        """A rolled shot replays exactly from ``rejouer``."""
        for graine in range(6):
            r = appeler("toto.distance", DISTANCE, graine=graine)
            assert sans_alea(appeler("toto.distance", r["rejouer"], graine=50)) == sans_alea(r)

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            (
                {"prevenu": False, "des_defense": "4"},
                "des_defense",
                "La cible n’est pas prévenue : elle ne lance pas d’esquive.",
            ),
            ({"prevenu": "peut-être"}, "prevenu", "« La cible est prévenue » se coche ou se décoche."),
            ({"prevenu": 3}, "prevenu", "se coche ou se décoche"),
            ({"esquive": "-1"}, "esquive", "« Cible : Agilité + Esquiver » doit être au moins 0"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, Any], champ: str, message: str) -> None:
        """Bad input: a French message next to the field."""
        refus = echec("toto.distance", {**DISTANCE, **args})
        assert refus["champ"] == champ
        assert message in refus["message"].translate(ESPACES)


# -- toto.blessure -----------------------------------------------------------------------------


class TestBlessure:
    @pytest.mark.parametrize(
        ("perdus", "vie", "gravite", "malus", "minutes", "phrase"),
        [
            (0, 15, "aucune", 0, None, "Aucun PV perdu : pas de blessure."),
            (2, 15, "legere", 0, None, "Blessure légère : pas de malus ; perte de PV : aucune."),
            (3, 15, "serieuse", 1, 60, "Blessure sérieuse : malus de 1 dé ; perte de PV : −1 PV par heure."),
            (
                7,
                15,
                "grave",
                3,
                10,
                "Blessure grave : malus de 3 dés ; perte de PV : −1 PV toutes les 10 minutes.",
            ),
            (8, 15, "critique", 8, 1, "Blessure critique : malus de 8 dés ; perte de PV : −1 PV par minute."),
            (4, 6, "critique", 4, 1, "Blessure critique : malus de 4 dés"),
        ],
    )
    def test_niveaux(
        self, perdus: int, vie: int, gravite: str, malus: int, minutes: int | None, phrase: str
    ) -> None:
        """RULINGS C7, exact Vie/2 (Vie 15: 7 grave, 8 critique); critique wins on overlap."""
        r = appeler("toto.blessure", {"perdus": str(perdus), "vie": str(vie), "reserve": ""})
        assert (r["gravite"], r["malus_des"], r["minutes_par_point_de_vie"]) == (gravite, malus, minutes)
        assert phrase in phrases(r)

    def test_tableau_surligne(self) -> None:
        """The wound table for this Vie, the reader's row highlighted."""
        r = appeler("toto.blessure", {"perdus": "6", "vie": "15"})
        tableau = blocs(r, "tableau")[0]
        assert tableau["surligne"] == 2
        assert [ligne[1] for ligne in tableau["lignes"]] == ["1 ou 2", "3 ou 4", "5 à 7", "8 et plus"]

    @pytest.mark.parametrize(
        ("perdus", "reserve", "apres", "texte"),
        [(3, 6, 5, "6 − 1 → 5 dés"), (8, 5, 0, "5 − 8 → 0 dé : le jet échoue")],
    )
    def test_reserve_apres_malus(self, perdus: int, reserve: int, apres: int, texte: str) -> None:
        """A pool loses the malus dice and never goes below 0 dice (which fails)."""
        r = appeler("toto.blessure", {"perdus": str(perdus), "vie": "15", "reserve": str(reserve)})
        assert r["reserve_apres_malus"] == apres
        assert texte in phrases(r)

    def test_petite_vie(self) -> None:
        """Vie 3: a hit of 1 PV is light, 2 already critical; no serious or grave level exists."""
        lignes = blocs(appeler("toto.blessure", {"perdus": "2", "vie": "3"}), "tableau")[0]["lignes"]
        assert [(ligne[0], ligne[1]) for ligne in lignes] == [("Légère", "1"), ("Critique", "2 et plus")]

    @pytest.mark.parametrize(
        ("args", "champ"), [({"perdus": "-1", "vie": "15"}, "perdus"), ({"perdus": "3", "vie": "0"}, "vie")]
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str) -> None:
        """Negative losses and a Vie below 1 are refused next to their field."""
        assert echec("toto.blessure", args)["champ"] == champ


# -- toto.survie -------------------------------------------------------------------------------

SURVIE = defauts(EntreesSurvie)


class TestSurvie:
    def test_pas_de_jet(self) -> None:
        """RULINGS C8: MH >= 0, no consequence and no roll; dice typed for it are ignored and said so."""
        r = appeler("toto.survie", {**SURVIE, "hostilite": "-1", "equipement": "1", "des_survie": "6 6 6 6"})
        assert (r["mh"], r["jet_de_survie"], r["total"], r["consequence"], r["des_lus"]) == (
            0,
            False,
            None,
            "aucune",
            False,
        )
        assert r["probabilites"] == {
            "points_de_vie_perdus": {"0": "1/1"},
            "reussites_a_partager": {"0": "1/1"},
        }
        assert "MH = −1 + 1 = 0 : pas de conséquence, pas de jet." in phrases(r)
        assert "Jet non fait, dés lus ignorés : Survie." in phrases(r)

    @pytest.mark.parametrize(
        ("hostilite", "equipement", "milieu", "des", "total", "partage"),
        [
            pytest.param(-4, 1, 1, "6 6 4 1", 3, 1, id="MH −3, Milieu 1, 5 réussites: total 3, 1 à répartir"),
            pytest.param(
                -1, 0, 3, "4 4 1 1", 4, 1, id="MH −1, Milieu 3, 2 réussites: total 4, 2 réussites, 1"
            ),
            pytest.param(-2, 0, 0, "4 4 1 1", 0, 0, id="total 0: pas de conséquence, rien à répartir"),
            pytest.param(-1, 0, 0, "6 6 6 6", 7, 3, id="7 réussites au-delà de MH = 0: 3"),
        ],
    )
    def test_partage(
        self, hostilite: int, equipement: int, milieu: int, des: str, total: int, partage: int
    ) -> None:
        """RULINGS C8 as the engine reads it: half of min(total, successes), rounded down."""
        args = {
            **SURVIE,
            "hostilite": str(hostilite),
            "equipement": str(equipement),
            "milieu": str(milieu),
            "des_survie": des,
        }
        r = appeler("toto.survie", args)
        assert (r["total"], r["reussites_a_partager"], r["consequence"], r["points_de_vie_perdus"]) == (
            total,
            partage,
            "aucune",
            0,
        )

    def test_intemperies(self) -> None:
        """Total below 0: that many points of damage, less the Résistance successes."""
        args = {
            **SURVIE,
            "hostilite": "-5",
            "equipement": "0",
            "milieu": "0",
            "des_survie": "4 1 1 1",
            "des_resistance": "6 1 1",
        }
        r = appeler("toto.survie", args)
        assert (
            r["total"],
            r["consequence"],
            r["dommages"],
            r["reussites_resistance"],
            r["points_de_vie_perdus"],
        ) == (-4, "intemperies", 4, 2, 2)
        assert (
            "4 points de dommages dus aux intempéries, moins 2 réussites de Résistance : "
            "le personnage perd 2 PV." in phrases(r)
        )

    def test_lois_exactes(self) -> None:
        """MH −1, 2 Survie dice, no Résistance: the law of (PV lost, shared) by enumeration."""
        args = {
            **SURVIE,
            "hostilite": "-1",
            "equipement": "0",
            "milieu": "0",
            "survie": "2",
            "resistance": "0",
        }
        r = appeler("toto.survie", args)
        compte: Counter = Counter()
        for faces in product(range(1, 7), repeat=2):
            reussites = sum(2 if f == 6 else f in (4, 5) for f in faces)
            total = -1 + reussites
            compte[(max(0, -total), min(total, reussites) // 2 if total >= 0 else 0)] += 1
        perdus = Counter()
        for (p, _), n in compte.items():
            perdus[p] += n
        assert r["probabilites"]["points_de_vie_perdus"] == {
            str(k): f"{Fraction(v, 36).numerator}/{Fraction(v, 36).denominator}"
            for k, v in sorted(perdus.items())
        }

    def test_lancer_et_rejouer(self) -> None:
        """A rolled survival check replays exactly from ``rejouer``."""
        for graine in range(6):
            r = appeler("toto.survie", {**SURVIE, "hostilite": "-6"}, graine=graine)
            assert sans_alea(appeler("toto.survie", r["rejouer"], graine=50)) == sans_alea(r)

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"hostilite": "2"}, "hostilite", "« Modificateur d’hostilité » doit être au plus 0"),
            ({"hostilite": "-100", "equipement": "-100"}, "equipement", "MH ne descend pas sous −100"),
            ({"des_survie": "6 6"}, "des_survie", "ce jet se lance avec 4 dés, et 2 dés ont été entrés"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str, message: str) -> None:
        """Bad input: a French message next to the field."""
        refus = echec("toto.survie", {**SURVIE, **args})
        assert refus["champ"] == champ
        assert message in refus["message"].translate(ESPACES)


# -- typography and the pages' notes -----------------------------------------------------------

EXEMPLES = [
    ("toto.reserve", {"des": "3", "faces": "1 1 1"}),
    ("toto.energie", {"hargne": "1", "trempe": "1", "survie": "1", "resistance": "1"}),
    ("toto.duel", DUEL),
    ("toto.duel_repartition", DUEL),
    ("toto.combat_rapide", RAPIDE),
    ("toto.distance", DISTANCE),
    ("toto.blessure", {"perdus": "5", "vie": "12", "reserve": "4"}),
    ("toto.survie", {**SURVIE, "hostilite": "-8"}),
]


@pytest.mark.parametrize(("op", "args"), EXEMPLES)
def test_typographie(op: str, args: dict[str, Any]) -> None:
    """Every text a reader sees has ’ apostrophes and no plain space before : ; ! ? % » or after «."""
    assert not re.search(r"'| [:;!?%»]|« ", textes(appeler(op, args, graine=3)))


@pytest.mark.parametrize("genre", [g for g in OUTILS if g.endswith("-el-toto")])
def test_typographie_statique_et_formulaire(genre: str) -> None:
    """The fallbacks, labels and help texts are set the same way."""
    declaration = OUTILS[genre]
    morceaux = [textes(statique(genre, exemples()[genre])), typographie(declaration.titre)]
    champs = declaration.champs_du_formulaire
    textes_du_formulaire = [t for c in champs for t in (c.meta.libelle, c.meta.aide, c.meta.groupe)]
    textes_du_formulaire += [x for c in champs for _, x in c.options]
    textes_du_formulaire += [a.libelle for a in declaration.boutons]
    morceaux += [typographie(t) for t in textes_du_formulaire]  # as the built page shows them (bloc.py)
    for texte in morceaux:
        assert not re.search(r"'| [:;!?%»]|« ", texte), texte


def notes(page: str) -> list[str]:
    """The text of each "Note d'interprétation" of a page's Markdown."""
    source = (ROOT / "docs" / page).read_text(encoding="utf-8")
    blocs = re.findall(r'^!!! interpretation "Note d’interprétation"\n((?:    .*\n|\n)+)', source, re.M)
    return [" ".join(b.split()) for b in blocs]


@pytest.mark.parametrize(
    ("page", "phrases"),
    [
        (
            "el-toto/regles-de-base.md",
            ["ne donne pas d’autre effet à la maladresse", "compte comme un jet sans réussite"],
        ),
        ("el-toto/combat.md", ["l’esquive se lance avec 0 dé"]),
        (
            "el-toto/combat.md",
            [
                "Le bonus de l’arme peut être négatif",
                "le jet de Résistance + Protection ne se fait pas",
                "Une maladresse à l’attaque ou à la défense compte seulement comme 0 réussite",
            ],
        ),
        (
            "el-toto/combat.md",
            [
                "Une passe se joue ainsi",
                "aucune ne donne le dé de riposte",
                "ne compte qu’à partir des jets suivants",
            ],
        ),
        ("el-toto/combat.md", ["bonus de l’arme du vainqueur", "la perte ne descend jamais sous 0"]),
        (
            "el-toto/combat.md",
            [
                "se compare exactement, sans arrondi",
                "critique à partir de 8 PV perdus",
                "jamais descendre une réserve sous 0 dé",
            ],
        ),
        (
            "el-toto/survie.md",
            [
                "arrondie à l’inférieur",
                "le plus petit du total et du nombre de réussites",
                "le Milieu, qui n’est pas une réussite, ne se partage pas",
            ],
        ),
    ],
)
def test_notes_d_interpretation(page: str, phrases: list[str]) -> None:
    """The engine's readings applied by the widgets are stated in a note on the page of their rule."""
    lues = [n.replace("\u00a0", " ").replace(ESPACE_FINE, " ") for n in notes(page)]
    trouvees = [n for n in lues if all(p in n for p in phrases)]
    assert trouvees, (page, phrases)


@pytest.mark.parametrize(
    ("page", "genre"),
    [
        ("el-toto/regles-de-base.md", "reserve-el-toto"),
        ("el-toto/regles-de-base.md", "energie-el-toto"),
        ("el-toto/combat.md", "lancer-el-toto"),
        ("el-toto/combat.md", "bagarre-el-toto"),
        ("el-toto/combat.md", "duel-el-toto"),
        ("el-toto/combat.md", "combat-rapide-el-toto"),
        ("el-toto/combat.md", "distance-el-toto"),
        ("el-toto/combat.md", "blessure-el-toto"),
        ("el-toto/survie.md", "survie-el-toto"),
    ],
)
def test_widget_dans_sa_page(page: str, genre: str) -> None:
    """Each widget sits once on the page of its rule."""
    assert (ROOT / "docs" / page).read_text(encoding="utf-8").count(f"/// widget | {genre}\n") == 1


def test_une_erreur_d_un_autre_champ_passe_telle_quelle() -> None:
    """An engine error about a field the form does not have passes through unchanged."""
    from rules_py.errors import InputError
    from rules_py.web.el_toto import _champs_de

    with pytest.raises(InputError) as refus, _champs_de(EntreesSurvie()):
        raise InputError("« ailleurs » : non.", champ="ailleurs")
    assert (refus.value.champ, refus.value.message) == ("ailleurs", "« ailleurs » : non.")


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


# -- the fallbacks: each tool's answer to its page's example -----------------------------------------

OPERATIONS = {
    "reserve-el-toto": "toto.reserve",
    "lancer-el-toto": "toto.lancer",
    "bagarre-el-toto": "toto.bagarre",
    "energie-el-toto": "toto.energie",
    "duel-el-toto": "toto.duel",
    "combat-rapide-el-toto": "toto.combat_rapide",
    "distance-el-toto": "toto.distance",
    "blessure-el-toto": "toto.blessure",
    "survie-el-toto": "toto.survie",
}


@pytest.mark.parametrize("nom", OPERATIONS)
def test_le_repli_est_la_reponse_a_l_exemple_de_la_page(nom: str) -> None:
    """Printed or without JavaScript, each tool shows its first action's answer to its page's example."""
    exemple = exemples()[nom]
    assert exemple, nom
    assert textes(statique(nom, exemple)) == textes(appeler(OPERATIONS[nom], exemple))


@pytest.mark.parametrize(
    ("nom", "phrase"),
    [
        ("reserve-el-toto", "3 réussites."),
        ("energie-el-toto", "9 points d’Énergie ; 14 points de vie."),
        (
            "duel-el-toto",
            "Impact 3 : dommages 3 + 0 − 2 + 1 = 2, moins 1 réussite de Résistance + Protection : A perd 1",
        ),
        (
            "duel-el-toto",
            "Impact 2 : dommages 2 + 1 − 2 + 2 = 3, moins aucune réussite de Résistance + Protection",
        ),
        ("combat-rapide-el-toto", "A remporte la passe (4 réussites contre 2) : 3 points, moins 1 réussite"),
        (
            "distance-el-toto",
            "Impact 4 : dommages 4 + 1 − 2 + 0 = 3, moins 1 réussite de Résistance + Protection : la cible",
        ),
        ("blessure-el-toto", "Blessure critique : malus de 8 dés ; perte de PV : −1 PV par minute."),
        (
            "survie-el-toto",
            "total = −3 + 5 réussites + 1 (Milieu) = 3 : pas de conséquence ; 1 réussite à répartir",
        ),
    ],
)
def test_l_exemple_de_la_page_donne_ce_que_dit_le_texte(nom: str, phrase: str) -> None:
    """The worked example written on the page and the widget's answer to it agree."""
    assert phrase in phrases({"affichage": statique(nom, exemples()[nom])})

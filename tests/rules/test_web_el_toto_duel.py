"""The El Toto duel widget through the facade (``Moteur.appeler``): passes, the best répartition.

Exact values come from an independent reading of ``003_3058520c3dea6ba0.txt``
(every face enumerated) or from hand-worked throws; every roll is replayed from
its ``rejouer`` arguments.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_py import el_toto as et
from tests.rules.el_toto_commun import echange_brut, toutes_les_repartitions
from tests.rules.facade import appeler, echec, textes
from tests.rules.web_el_toto_commun import (
    DUEL,
    ESPACE_FINE,
    ESPACES,
    PASSE_LUE,
    SECONDE_PASSE,
    phrases,
    sans_alea,
)

# -- toto.duel ---------------------------------------------------------------------------------


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

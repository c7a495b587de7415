"""El Toto, a fight over several passes (C4 + C7), and the advice on répartition.

Rows cite the rules text ``003_3058520c3dea6ba0.txt`` (SOURCE) by line number; RULINGS C1-C8.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules_py import el_toto
from rules_py.dice import new_rng
from rules_py.el_toto import (
    CombatElToto,
    Combattant,
    Gravite,
    Initiative,
    Repartition,
    chance_de_la_repartition,
    conseils_de_repartition,
    jouer_passe,
)
from rules_py.errors import InputError

# -- C4 + C7: a fight over several passes ------------------------------------------------


class TestEnJeu:
    def test_esquive_remplace_la_defense(self) -> None:
        """The pools rolled: initiative and attack hands, the Esquive dice instead of the defence hand."""
        assert Combattant(Repartition(1, 2, 3), esquive=5).en_jeu == Repartition(1, 2, 5)
        assert Combattant(Repartition(1, 2, 3)).en_jeu == Repartition(1, 2, 3)

    def test_plus_de_100_des_refuse(self) -> None:
        """The hands and the Esquive together stay within 100 dice."""
        assert Combattant(Repartition(0, 50, 0), esquive=50).en_jeu.pdc == 100
        with pytest.raises(InputError) as erreur:
            Combattant(Repartition(0, 50, 0), esquive=51).en_jeu  # noqa: B018
        assert erreur.value.champ == "esquive"


PREMIERE_PASSE = {
    "des_attaque_b": [6, 4],
    "des_defense_a": [4, 1],
    "des_resistance_a": [1, 1, 1],
    "des_attaque_a": [6, 6, 5],
    "des_defense_b": [2, 2],
    "des_resistance_b": [4, 4],
}
"""Wu (2 initiative dice) strikes first: impact 2, Yang loses 1 PV; Yang ripostes: impact 5, Wu loses 4."""
YANG = Combattant(Repartition(1, 3, 2), bonus_arme=1, force=2, resistance=3)
WU = Combattant(Repartition(2, 2, 2), bonus_arme=0, force=1, resistance=2)


class TestCombatElToto:
    def test_deux_passes_jusqu_a_la_blessure_critique(self) -> None:
        """Two passes read on the table: PV lost add up, each hit's wound is read on the Vie (C4, C7)."""
        combat, echange = jouer_passe(CombatElToto(), YANG, WU, rng=new_rng(1), des_lus=PREMIERE_PASSE)
        # Wu strikes first: 3 - 1 = impact 2, 2 + 0 - 2 + 1 = 1 point, no resistance success: 1 PV.
        # Yang ripostes: 5 - 0 = impact 5, 5 + 1 - 2 + 2 = 6 points, 2 resistance successes: 4 PV.
        assert echange.initiative is Initiative.B and combat.passes == ((1, 4),)
        assert (combat.sante("a", 15).restants, combat.sante("b", 13).restants) == (14, 9)
        assert combat.sante("b", 13).blessure.gravite is Gravite.SERIEUSE
        seconde = {"des_attaque_b": [1, 1], "des_defense_a": [4, 1], "des_attaque_a": [6, 6, 6, 5]}
        seconde |= {"des_defense_b": [1, 2], "des_resistance_b": [5, 1]}
        combat, echange = jouer_passe(combat, YANG, WU, rng=new_rng(1), des_lus=seconde)
        # Wu: 0 - 1 = impact -1, so Yang ripostes with 3 + 1 dice: 7 - 0 = impact 7,
        # 7 + 1 - 2 + 2 = 8 points, 1 resistance success: 7 PV, more than 13 / 2: critique.
        assert (echange.attaque_de_b.impact, echange.attaque_de_a.impact) == (-1, 7)
        assert combat.passes == ((1, 4), (0, 7))
        wu = combat.sante("b", 13)
        assert (wu.perdus, wu.restants, wu.blessure.gravite, wu.blessure.malus_des) == (
            11,
            2,
            Gravite.CRITIQUE,
            7,
        )
        assert combat.sante("a", 15).blessure.gravite is Gravite.LEGERE

    def test_pire_blessure(self) -> None:
        """The worst wound of one hit is kept, a critique by the PV it lost; PV lost add up."""
        combat = CombatElToto(((0, 2), (1, 5), (0, 1)))
        sante = combat.sante("b", 15)
        assert (sante.vie, sante.perdus, sante.restants) == (15, 8, 7)
        assert (
            sante.blessure.gravite,
            sante.blessure.malus_des,
            sante.blessure.minutes_par_point_de_vie,
        ) == (
            Gravite.GRAVE,
            3,
            10,
        )
        assert combat.sante("a", 15).blessure.gravite is Gravite.LEGERE
        assert CombatElToto(((9, 0), (8, 0))).sante("a", 15).blessure.malus_des == 9
        assert CombatElToto().sante("a", 5).blessure.gravite is Gravite.AUCUNE

    @pytest.mark.parametrize("passes", [((1,),), ((1, -1),), ((1, "x"),), "12", ((0, 0),) * 1001])
    def test_etat_illisible_refuse(self, passes: object) -> None:
        """A state that is not a list of (PV lost by A, by B), or too long, is refused."""
        with pytest.raises(InputError):
            CombatElToto(passes)  # type: ignore[arg-type]

    def test_un_combat_plein_refuse_une_passe_de_plus(self) -> None:
        """A fight that already keeps MAX_PASSES passes (a long share link) refuses the next one."""
        plein = CombatElToto(((0, 0),) * el_toto.MAX_PASSES)
        with pytest.raises(InputError) as erreur:
            jouer_passe(plein, YANG, WU, rng=new_rng(1), des_lus=PREMIERE_PASSE)
        assert (erreur.value.message, erreur.value.champ) == (
            "Un combat garde au plus 1000 passes.",
            "passes",
        )
        assert plein.passes == ((0, 0),) * 1000

    def test_le_combat_doit_etre_un_combat_en_cours(self) -> None:
        """A pass is played on a fight in progress, not on its JSON: refused in French, naming it."""
        with pytest.raises(InputError) as erreur:
            jouer_passe({"passes": []}, YANG, WU, rng=new_rng(1), des_lus=PREMIERE_PASSE)  # type: ignore[arg-type]
        assert (erreur.value.message, erreur.value.champ) == (
            "« combat » doit être un combat en cours.",
            "combat",
        )

    def test_ordre_et_faces_de_la_passe(self) -> None:
        """The pass says who strikes when (1 first, 2 the riposte) and every face rolled, by roll name."""
        _, echange = jouer_passe(CombatElToto(), YANG, WU, rng=new_rng(1), des_lus=PREMIERE_PASSE)
        assert echange.rangs == {"a": 2, "b": 1}
        assert echange.faces == {
            "des_attaque_a": (6, 6, 5),
            "des_defense_b": (2, 2),
            "des_resistance_b": (4, 4),
            "des_attaque_b": (6, 4),
            "des_defense_a": (4, 1),
            "des_resistance_a": (1, 1, 1),
        }


class TestConseilsDeRepartition:
    def test_les_deux_camps_et_les_deux_criteres(self) -> None:
        """Each side's best split against the other's announced pools, and its announced split's chance."""
        conseils = conseils_de_repartition(YANG, WU)
        yang = conseils["a"]["toucher"]
        assert (yang.initiative, yang.attaque, yang.defense, yang.chance) == (0, 6, 0, Fraction(52745, 62208))
        assert yang.chance_actuelle == chance_de_la_repartition(Repartition(1, 3, 2), Repartition(2, 2, 2))
        assert (
            conseils["a"]["toucher_sans_etre_touche"].attaque,
            conseils["a"]["toucher_sans_etre_touche"].defense,
        ) == (
            3,
            3,
        )
        assert set(conseils["b"]) == {"toucher", "toucher_sans_etre_touche"}

    def test_esquive_trop_grande_nommee(self) -> None:
        """Hands and Esquive above 100 dice are refused, naming that side's Esquive."""
        with pytest.raises(InputError) as erreur:
            conseils_de_repartition(YANG, Combattant(Repartition(0, 50, 0), esquive=51))
        assert erreur.value.champ == "esquive_b"

"""Basic maison, combat: chance de toucher, attacks, the round, dégâts.

Rows cite the rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rules_py.basic_maison import (
    ACTIONS_DU_ROUND,
    ActionsDuRound,
    Degats,
    ResultatDAttaque,
    actions_du_round,
    chance_de_toucher,
    degats_finals,
    distribution_des_degats,
    expression_des_degats,
    lancer_attaque,
    lancer_degats,
    nombre_d_attaques,
    probabilites_d_attaque,
    resoudre_attaque,
    resoudre_degats,
)
from rules_py.dice import new_rng, parse
from rules_py.errors import DiceSyntaxError, InputError, RulesError
from tests.rules.basic_maison_commun import lecture_a5, tolerance

# == Combat =====================================================================


class TestChanceDeToucher:
    @pytest.mark.parametrize(("ligne", "att", "defense", "chance"), [(247, 65, 35, 80), (248, 35, 65, 20)])
    def test_les_exemples_de_chance_de_toucher(self, ligne: int, att: int, defense: int, chance: int) -> None:
        """SRC lines 247-248 and A5: (65-35)+50 = 80 and (35-65)+50 = 20."""
        assert chance_de_toucher(att, defense) == chance

    def test_circonstance_et_affaiblissement(self) -> None:
        """The circumstance table applies to attacks (its examples are shots); -30 to a weakened side."""
        assert chance_de_toucher(65, 35, -20) == 60
        assert chance_de_toucher(65, 35, attaquant_affaibli=True) == 50
        assert chance_de_toucher(65, 35, defenseur_affaibli=True) == 110
        assert chance_de_toucher(0, 120) == -70

    @pytest.mark.parametrize(
        ("args", "kwargs", "champ"),
        [
            ((-1, 30), {}, "ATT"),
            ((30, -1), {}, "defense"),
            ((30, 30, 7), {}, "circonstance"),
            ((30, 30), {"attaquant_affaibli": None}, "attaquant_affaibli"),
            ((30, 30), {"defenseur_affaibli": "non"}, "defenseur_affaibli"),
        ],
    )
    def test_une_att_ou_une_defense_invalide_est_refusee(
        self, args: tuple[object, ...], kwargs: dict[str, object], champ: str
    ) -> None:
        """ATT and PAR/Esquive are integers >= 0; flags are booleans."""
        with pytest.raises(InputError) as erreur:
            chance_de_toucher(*args, **kwargs)  # type: ignore[arg-type]
        assert erreur.value.champ == champ


class TestResoudreAttaque:
    def test_chance_80(self) -> None:
        """SRC lines 253-254 and A5 at 80 %: special 01-04, critical 05-08, hit to 80, 98-00 miss."""
        resultats = [resoudre_attaque(80, jet).value for jet in range(1, 101)]
        assert resultats[:4] == ["reussite_speciale"] * 4
        assert resultats[4:8] == ["reussite_critique"] * 4
        assert set(resultats[8:80]) == {"reussite"}
        assert set(resultats[80:]) == {"echec"}

    def test_chance_20(self) -> None:
        """SRC line 248 at 20 %: special and critical on 01-02, hit on 03-20, maladresse from 40."""
        assert [resoudre_attaque(20, jet).value for jet in (1, 2, 3, 20, 21, 39, 40, 100)] == [
            "reussite_speciale",
            "reussite_critique",
            "reussite",
            "reussite",
            "echec",
            "echec",
            "echec_critique",
            "echec_critique",
        ]

    def test_toutes_les_attaques_selon_a5(self) -> None:
        """Every chance -80..260 x every roll, against a straight reading of A5."""
        for chance in range(-80, 261):
            for jet in range(1, 101):
                assert resoudre_attaque(chance, jet).value == lecture_a5(chance, jet), (chance, jet)

    def test_les_proprietes_du_resultat_d_attaque(self) -> None:
        """A special success hits and doubles damage like a critical."""
        T = ResultatDAttaque
        assert [r.touche for r in T] == [True, True, True, False, False]
        assert [r.critique for r in T] == [True, True, False, False, False]

    def test_les_probabilites_d_attaque(self) -> None:
        """The exact odds are the counts of the A5 reading over the 100 faces."""
        for chance in range(-60, 200, 11):
            compte = Counter(lecture_a5(chance, jet) for jet in range(1, 101))
            odds = probabilites_d_attaque(chance)
            assert {r.value: p for r, p in odds.items()} == {
                r.value: Fraction(compte[r.value], 100) for r in odds
            }
        assert probabilites_d_attaque(80)[ResultatDAttaque.REUSSITE_SPECIALE] == Fraction(4, 100)

    def test_lancer_une_attaque(self) -> None:
        """A rolled attack is the resolver applied to the drawn die."""
        for seed in range(50):
            jet = lancer_attaque(55, new_rng(seed))
            assert jet.chance == 55 and jet.resultat is resoudre_attaque(55, jet.jet)

    def test_les_frequences_des_attaques_lancees(self) -> None:
        """20 000 seeded attacks at 80 % agree with the exact odds."""
        rng = new_rng(80)
        n = 20_000
        compte = Counter(lancer_attaque(80, rng).resultat for _ in range(n))
        for resultat, p in probabilites_d_attaque(80).items():
            assert abs(compte[resultat] / n - float(p)) <= tolerance(p, n)

    @pytest.mark.parametrize(
        ("chance", "jet", "champ"), [("x", 10, "chance"), (50, 0, "jet"), (None, 5, "chance")]
    )
    def test_une_chance_ou_un_jet_d_attaque_invalide_est_refuse(
        self, chance: object, jet: object, champ: str
    ) -> None:
        """The chance is any integer (it may be negative); the roll is 1..100."""
        with pytest.raises(InputError) as erreur:
            resoudre_attaque(chance, jet)  # type: ignore[arg-type]
        assert erreur.value.champ == champ


class TestRound:
    @pytest.mark.parametrize(
        ("ligne", "att", "attaques"), [(55, 79, 1), (55, 80, 2), (55, 120, 2), (55, 0, 1)]
    )
    def test_deux_attaques_pour_l_expert(self, ligne: int, att: int, attaques: int) -> None:
        """SRC line 55 and A10: 80 % in a weapon allows two attacks with it."""
        assert nombre_d_attaques(att) == attaques

    @pytest.mark.parametrize(
        ("att", "kwargs", "attendu"),
        [
            (50, {}, ActionsDuRound(1, 1, 1)),
            (50, {"bouclier": True}, ActionsDuRound(1, 1, 2)),
            (85, {}, ActionsDuRound(1, 2, 1)),
            (85, {"esquive": True}, ActionsDuRound(1, 0, 1)),
            (50, {"arme_sans_parade": True}, ActionsDuRound(1, 1, 0)),
            # the shield parry is « supplémentaire » to the free one, which the weapon lacks
            (50, {"arme_sans_parade": True, "bouclier": True}, ActionsDuRound(1, 1, 0)),
        ],
    )
    def test_actions_du_round(self, att: int, kwargs: dict[str, bool], attendu: ActionsDuRound) -> None:
        """SRC line 250: a move and an attack, a free parry, +1 with a shield; dodging forbids attacking."""
        assert actions_du_round(att, **kwargs) == attendu

    def test_le_texte_des_actions_du_round(self) -> None:
        """The round's rules are kept as the text gives them."""
        assert ACTIONS_DU_ROUND[0].startswith("Deux actions par round")
        assert any("esquivant ne peut pas attaquer" in regle for regle in ACTIONS_DU_ROUND)

    def test_une_option_non_booleenne_est_refusee(self) -> None:
        """Flags are booleans."""
        with pytest.raises(InputError) as erreur:
            actions_du_round(50, bouclier="oui")  # type: ignore[arg-type]
        assert erreur.value.champ == "bouclier"


class TestDegats:
    @pytest.mark.parametrize(
        ("ligne", "arme", "critique"), [(253, "1d3+2", "2d3+4"), (253, "2d6", "4d6"), (253, "2d6+2", "4d6+4")]
    )
    def test_l_exemple_du_texte_la_dague(self, ligne: int, arme: str, critique: str) -> None:
        """SRC line 253 and A6: a dagger 1d3+2 becomes 1d3+2 + 1d3+2 = 2d3+4 on a critical."""
        assert str(expression_des_degats(arme, critique=True)) == critique
        assert str(expression_des_degats(arme)) == arme

    def test_interpretation_a6_le_modificateur_une_seule_fois(self) -> None:
        """A6: weapon doubled, modifier added once, armour subtracted."""
        degats = resoudre_degats(
            "1d3+2", [3, 2], modificateur="+1d4", des_modificateur=[4], pa=3, critique=True
        )
        assert degats == Degats("2d3+4", (3, 2), 9, "1d4", (4,), 4, 3, True, 10)

    @pytest.mark.parametrize(
        ("total", "pa", "final"), [(7, 3, 4), (3, 3, 0), (2, 6, 0), (-4, 0, 0), (10, 0, 10)]
    )
    def test_interpretation_a6_jamais_sous_zero(self, total: int, pa: int, final: int) -> None:
        """A6 and SRC line 244: damage minus armour, never below 0."""
        assert degats_finals(total, pa) == final

    def test_un_modificateur_negatif(self) -> None:
        """A damage modifier of -1d8 can cancel the blow, never heal."""
        degats = resoudre_degats("1d3", [1], modificateur="-1d8", des_modificateur=[8])
        assert (degats.total_arme, degats.total_modificateur, degats.degats) == (1, -8, 0)

    @pytest.mark.parametrize(
        ("arme", "modificateur", "pa", "critique"),
        [
            ("1d3+2", "0", 0, False),
            ("1d3+2", "0", 0, True),
            ("1d6+2", "+1d4", 2, False),
            ("2d6+2", "+1d6", 5, True),
            ("1d3", "-1d8", 1, False),
            ("1d3+2", "-1d6", 3, True),
        ],
    )
    def test_la_distribution_exacte_des_degats(
        self, arme: str, modificateur: str, pa: int, critique: bool
    ) -> None:
        """The exact damage odds equal brute-force enumeration of every die (A6)."""
        expression = parse(arme)
        faces = [range(1, d.sides + 1) for _, d in expression.dice for _ in range(d.count)]
        faces *= 2 if critique else 1
        bonus = parse(modificateur)
        faces_bonus = [range(1, d.sides + 1) for _, d in bonus.dice for _ in range(d.count)]
        signe_bonus = bonus.dice[0][0] if bonus.dice else 1
        compte: Counter[int] = Counter()
        for des in product(*faces):
            for des_bonus in product(*faces_bonus):
                total = sum(des) + expression.constant * (2 if critique else 1) + signe_bonus * sum(des_bonus)
                compte[max(0, total - pa)] += 1
        n = sum(compte.values())
        attendu = {k: Fraction(v, n) for k, v in sorted(compte.items())}
        obtenu = distribution_des_degats(arme, modificateur, pa, critique).probabilities()
        assert obtenu == attendu and list(obtenu) == sorted(obtenu)

    def test_la_distribution_du_critique_de_la_dague(self) -> None:
        """SRC line 253: 2d3+4 runs 6..10 in the 1-2-3-2-1 pattern."""
        assert distribution_des_degats("1d3+2", critique=True).probabilities() == {
            6: Fraction(1, 9),
            7: Fraction(2, 9),
            8: Fraction(3, 9),
            9: Fraction(2, 9),
            10: Fraction(1, 9),
        }

    def test_lancer_les_degats(self) -> None:
        """Rolled damage is the resolver applied to the drawn dice, and a possible outcome."""
        odds = distribution_des_degats("2d6+2", "+1d4", 2, True)
        for seed in range(50):
            degats = lancer_degats("2d6+2", new_rng(seed), "+1d4", 2, True)
            assert len(degats.des_arme) == 4 and len(degats.des_modificateur) == 1
            assert degats == resoudre_degats(
                "2d6+2",
                degats.des_arme,
                modificateur="+1d4",
                des_modificateur=degats.des_modificateur,
                pa=2,
                critique=True,
            )
            assert odds.probability(degats.degats) > 0

    @pytest.mark.parametrize(
        ("kwargs", "erreur_type", "champ"),
        [
            ({"arme": "1d3+"}, DiceSyntaxError, "arme"),
            ({"arme": None}, DiceSyntaxError, "arme"),
            ({"modificateur": "+1x4"}, DiceSyntaxError, "modificateur"),
            ({"pa": -1}, InputError, "PA"),
            ({"critique": "oui"}, InputError, "critique"),
            ({"des_arme": [4, 1]}, InputError, "des_arme"),
            ({"des_arme": [5]}, InputError, "des_arme"),
            ({"des_modificateur": [1]}, InputError, "des_modificateur"),
            ({"des_arme": "12"}, InputError, "des_arme"),
        ],
    )
    def test_des_degats_invalides_sont_refuses(
        self, kwargs: dict[str, object], erreur_type: type[RulesError], champ: str
    ) -> None:
        """Bad expressions, dice or armour are refused, naming the field."""
        args: dict[str, object] = {"arme": "1d3+2", "des_arme": [2]} | kwargs
        with pytest.raises(erreur_type) as erreur:
            resoudre_degats(**args)  # type: ignore[arg-type]
        assert erreur.value.champ == champ

    def test_la_distribution_et_le_lancer_refusent_pareil(self) -> None:
        """The odds and the roller check their inputs the same way."""
        with pytest.raises(InputError):
            distribution_des_degats("1d6", pa=-2)
        with pytest.raises(InputError):
            lancer_degats("1d6", new_rng(1), pa=-2)
        with pytest.raises(DiceSyntaxError):
            lancer_degats("1d6", new_rng(1), modificateur="bonus")

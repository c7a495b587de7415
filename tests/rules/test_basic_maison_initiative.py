"""Basic maison, initiative: the coup, the order, its follow-up, the chances.

Rows cite the rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from rules_py import basic_maison as bm
from rules_py.basic_maison import (
    ORDRE_DES_ACTIONS,
    Action,
    Combattant,
    chances_d_initiative,
    lancer_initiative,
    ordre_d_initiative,
    score_d_initiative,
)
from rules_py.dice import new_rng
from rules_py.errors import InputError, RulesError
from tests.rules.basic_maison_commun import combattant

# == Initiative =================================================================


class TestCoup:
    def test_l_arme_et_le_modificateur_de_for_tai(self) -> None:
        """A6, A1: the dagger's 1d3+2; FOR + TAI 46 beyond the table is +1d8; FOR + TAI wins over a choice."""
        assert bm.coup("Dague/Poignard", 2, for_tai=46) == bm.Coup(
            "Dague/Poignard", "1d3+2", "+1d8", 46, True, 2
        )
        assert bm.coup("Dague/Poignard", modificateur="+1d4", for_tai=25).modificateur == "0"

    def test_des_degats_donnes_et_leur_lancer(self) -> None:
        """Dice given replace the weapon; read dice, the roll and the exact law follow the engine."""
        coup = bm.coup("Épée/Rapière", 3, "+1d4", degats="1d8+1")
        assert (coup.arme, coup.expression) == (None, "1d8+1")
        assert coup.lire(True, [8, 8, 4]).degats == 8 + 8 + 1 + 1 + 4 - 3
        lance = coup.lancer(False, new_rng(1))
        assert lance == bm.degats_lus("1d8+1", [*lance.des_arme, *lance.des_modificateur], "+1d4", 3)
        assert coup.distribution(False) == bm.distribution_des_degats("1d8+1", "+1d4", 3)

    def test_des_degats_illisibles(self) -> None:
        """Bad dice are refused on the field « degats »."""
        with pytest.raises(RulesError) as erreur:
            bm.coup("Dague/Poignard", degats="1d6+")
        assert erreur.value.champ == "degats"


class TestInitiative:
    def test_score(self) -> None:
        """SRC line 258 and A9: DEX - armour PA + 1d6."""
        assert score_d_initiative(14, 3, 5) == 16
        assert score_d_initiative(2, 6, 1) == -3

    def test_l_ordre_des_actions(self) -> None:
        """SRC lines 260-263: tir à distance, mêlée, magie, action longue."""
        assert [action for action, _ in ORDRE_DES_ACTIONS] == list(Action)
        assert [libelle.split()[0] for _, libelle in ORDRE_DES_ACTIONS] == ["Tir", "Combat", "Magie", "Tout"]

    def test_interpretation_a9_l_action_puis_le_score(self) -> None:
        """SRC line 265 and A9: the action first, then the score (higher first); ties act together."""
        combattants = [
            combattant("Mage", 18, 0, Action.MAGIE),
            combattant("Brute", 10, 4, Action.MELEE),
            combattant("Archer", 8, 1, Action.TIR_A_DISTANCE),
            combattant("Duelliste", 12, 1, "melee"),
            combattant("Assassin", 16, 1, Action.ACTION_LONGUE),
            combattant("Soldat", 9, 2, Action.MELEE),
            combattant("Frondeur", 9, 0, Action.TIR_A_DISTANCE),
        ]
        initiative = ordre_d_initiative(combattants, [6, 6, 1, 3, 2, 5, 3])
        assert [s.score for s in initiative.scores] == [24, 12, 8, 14, 17, 12, 12]
        assert [(g.rang, g.action, g.score, g.combattants) for g in initiative.groupes] == [
            (1, Action.TIR_A_DISTANCE, 12, ("Frondeur",)),
            (2, Action.TIR_A_DISTANCE, 8, ("Archer",)),
            (3, Action.MELEE, 14, ("Duelliste",)),
            (4, Action.MELEE, 12, ("Brute", "Soldat")),
            (5, Action.MAGIE, 24, ("Mage",)),
            (6, Action.ACTION_LONGUE, 17, ("Assassin",)),
        ]

    def test_meme_score_autre_action_pas_simultanes(self) -> None:
        """A9: equal scores in different categories are two groups."""
        initiative = ordre_d_initiative(
            [combattant("A", 10, 0, Action.MELEE), combattant("B", 10, 0, Action.TIR_A_DISTANCE)], [3, 3]
        )
        assert [g.combattants for g in initiative.groupes] == [("B",), ("A",)]

    def test_sans_combattant_aucun_groupe(self) -> None:
        """No combatant, no group."""
        assert ordre_d_initiative([], []).groupes == ()

    def test_lancer_l_initiative(self) -> None:
        """Rolled initiative is the pure order applied to the drawn d6."""
        combattants = [combattant(f"C{i}", 10 + i % 3, i % 2, list(Action)[i % 4]) for i in range(8)]
        for seed in range(20):
            initiative = lancer_initiative(combattants, new_rng(seed))
            des = [s.d6 for s in initiative.scores]
            assert all(1 <= d <= 6 for d in des)
            assert initiative == ordre_d_initiative(combattants, des)

    @pytest.mark.parametrize(
        ("combattants", "des", "champ"),
        [
            ([combattant("A", 10, 0, "melee")], [7], "d6"),
            ([combattant("A", 10, 0, "melee")], [0], "d6"),
            ([combattant("A", 10, 0, "melee")], [], "des"),
            ([combattant("A", 10, 0, "melee"), combattant("A", 12, 0, "magie")], [1, 2], "nom"),
            ([combattant("", 10, 0, "melee")], [1], "nom"),
            ([combattant("A", -1, 0, "melee")], [1], "DEX"),
            ([combattant("A", 10, -2, "melee")], [1], "PA"),
            ([combattant("A", 10, 0, "fuite")], [1], "action"),
            ([("A", 10, 0, "melee")], [1], "combattants"),
            ("AB", [1, 2], "combattants"),
        ],
    )
    def test_un_combattant_ou_un_d6_invalide_est_refuse(
        self, combattants: object, des: list[int], champ: str
    ) -> None:
        """Bad combatants or dice are refused, naming the field."""
        with pytest.raises(InputError) as erreur:
            ordre_d_initiative(combattants, des)  # type: ignore[arg-type]
        assert erreur.value.champ == champ

    def test_lancer_l_initiative_refuse_une_liste_invalide(self) -> None:
        """The roller refuses what is not a list of combatants."""
        with pytest.raises(InputError):
            lancer_initiative("AB", new_rng(1))  # type: ignore[arg-type]


class TestSuiviDInitiative:
    ALDO = bm.Combattant("Aldo", 14, 2, bm.Action.MELEE)
    BERA = bm.Combattant("Bera", 10, 0, bm.Action.TIR_A_DISTANCE)

    def test_ajouter_puis_mettre_a_jour(self) -> None:
        """A new name joins the fight; the same name (any case) replaces its combatant; the d6 are dropped."""
        suivi, nouveau = bm.SuiviDInitiative((self.ALDO,), 2, (3,)).ajouter(self.BERA)
        assert (suivi, nouveau) == (bm.SuiviDInitiative((self.ALDO, self.BERA), 2, None), True)
        aldo = bm.Combattant("ALDO", 16, 0, bm.Action.MAGIE)
        assert suivi.ajouter(aldo) == (bm.SuiviDInitiative((aldo, self.BERA), 2, None), False)

    def test_vingt_combattants_au_plus(self) -> None:
        """The 21st combatant is refused on the name's field."""
        suivi = bm.SuiviDInitiative(tuple(bm.Combattant(f"C{i}", 10, 0, bm.Action.MELEE) for i in range(20)))
        with pytest.raises(InputError, match="20 combattants au plus") as erreur:
            suivi.ajouter(self.ALDO)
        assert erreur.value.champ == "nom"

    def test_retirer_garde_les_d6_des_autres(self) -> None:
        """Removing a combatant keeps the others' d6; none left, no d6; an unknown name is refused."""
        suivi = bm.SuiviDInitiative((self.ALDO, self.BERA), 1, (4, 2))
        assert suivi.retirer("Aldo") == bm.SuiviDInitiative((self.BERA,), 1, (2,))
        assert suivi.retirer("Aldo").retirer("Bera") == bm.SuiviDInitiative((), 1, None)
        with pytest.raises(InputError, match="Aucun combattant ne s'appelle « Zed »"):
            suivi.retirer("Zed")

    def test_lancer_ouvre_le_round(self) -> None:
        """The first roll opens round 1; a roll again keeps the round; « suivant » opens the next one."""
        suivi = bm.SuiviDInitiative((self.ALDO, self.BERA))
        premier = suivi.lancer(new_rng(1), [5, 1])
        assert premier == bm.SuiviDInitiative((self.ALDO, self.BERA), 1, (5, 1))
        assert premier.lancer(new_rng(1), [2, 2]).round == 1
        assert premier.lancer(new_rng(1), suivant=True).round == 2
        assert suivi.initiative() is None
        assert premier.initiative() == ordre_d_initiative([self.ALDO, self.BERA], [5, 1])

    @pytest.mark.parametrize(
        ("des", "champ", "message"),
        [
            ([1], "des", "Il faut un d6 par combattant, dans l'ordre de la liste : 2 .1 lu..$"),
            ([1, 7], "des", "d6"),
        ],
    )
    def test_lancer_refuse_les_mauvais_d6(self, des: list[int], champ: str, message: str) -> None:
        """One d6 from 1 to 6 per combatant, on the dice's field."""
        with pytest.raises(InputError, match=message) as erreur:
            bm.SuiviDInitiative((self.ALDO, self.BERA)).lancer(new_rng(1), des)
        assert erreur.value.champ == champ

    def test_lancer_sans_combattant(self) -> None:
        """An empty fight cannot roll."""
        with pytest.raises(InputError, match="Ajoutez au moins un combattant"):
            bm.SuiviDInitiative().lancer(new_rng(1))

    def test_lire_l_etat(self) -> None:
        """The JSON state gives the fight back; a duplicated name, a d6 too many or a bad DEX are refused."""
        ligne = {"nom": " Aldo ", "dex": 14, "pa": 2, "action": "melee"}
        assert bm.SuiviDInitiative.lire({"combattants": [ligne], "round": 3, "des": [6]}) == (
            bm.SuiviDInitiative((self.ALDO,), 3, (6,))
        )
        for etat in (
            {"combattants": [ligne, {**ligne, "nom": "aldo"}]},
            {"combattants": [ligne], "des": [1, 2]},
            {"combattants": [{**ligne, "dex": -1}]},
        ):
            with pytest.raises(RulesError):
                bm.SuiviDInitiative.lire(etat)
        assert bm.nom_de_combattant("  Aldo   le Rouge ") == "Aldo le Rouge"


class TestChancesDInitiative:
    @pytest.mark.parametrize(
        "combattants",
        [
            [combattant("A", 12, 0, "melee"), combattant("B", 12, 0, "melee")],
            [
                combattant("A", 14, 2, "melee"),
                combattant("B", 10, 0, "melee"),
                combattant("C", 9, 0, "melee"),
            ],
            [combattant("A", 10, 0, "melee"), combattant("B", 18, 0, "melee")],
            [
                combattant("A", 10, 0, "melee"),
                combattant("B", 10, 0, "tir_a_distance"),
                combattant("C", 8, 1, "tir_a_distance"),
            ],
            [combattant("Seul", 5, 6, "magie")],
        ],
    )
    def test_les_chances_en_comptant_tous_les_d6(self, combattants: list[Combattant]) -> None:
        """A9: the chance to lead a category is the count over every d6 of :func:`ordre_d_initiative`."""
        en_tete: Counter[str] = Counter()
        seul: Counter[str] = Counter()
        tirages = list(product(range(1, 7), repeat=len(combattants)))
        for des in tirages:
            vus: set[Action] = set()
            for groupe in ordre_d_initiative(combattants, list(des)).groupes:
                if groupe.action in vus:
                    continue
                vus.add(groupe.action)
                en_tete.update(groupe.combattants)
                if len(groupe.combattants) == 1:
                    seul.update(groupe.combattants)
        chances = chances_d_initiative(combattants)
        assert [c.nom for c in chances] == [c.nom for c in combattants]
        for chance in chances:
            assert chance.en_tete == Fraction(en_tete[chance.nom], len(tirages))
            assert chance.seul_en_tete == Fraction(seul[chance.nom], len(tirages))

    def test_les_chances_refusent_les_combattants_invalides(self) -> None:
        """Bad combatants are refused as by the order itself."""
        with pytest.raises(InputError) as erreur:
            chances_d_initiative([combattant("A", 10, 0, "melee"), combattant("A", 9, 0, "melee")])
        assert erreur.value.champ == "nom"
        with pytest.raises(InputError):
            chances_d_initiative("AB")  # type: ignore[arg-type]

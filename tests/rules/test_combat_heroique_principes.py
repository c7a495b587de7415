"""BaSIC — combat héroïque, principes: Init, first round (B8), vitesse, longueur, nombre; creer_combat.

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B8, B9, B10).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_py import combat_heroique as ch
from rules_py.combat_heroique import Participant
from rules_py.d100 import Resultat
from rules_py.dice import new_rng
from rules_py.errors import InputError
from tests.rules.combat_heroique_commun import EC, RC, E, R, c, inits, possible, seul, yang_et_guo

# -- 1) Principes : Init et premier round (B8) ---------------------------------------------------------


class TestInitDeBase:
    @pytest.mark.parametrize(
        ("intelligence", "dexterite", "caracteristique", "init"),
        [
            pytest.param(12, 12, None, 12, id="l.78 moyenne"),
            pytest.param(11, 12, None, 12, id="B8 arrondi au-dessus"),
            (0, 0, None, 0),
            pytest.param(None, 14, "DEX", 14, id="l.79 creature: la DEX seule"),
            pytest.param(9, None, "INT", 9, id="l.79 creature: l'INT seule"),
            (3, 17, "DEX", 17),
        ],
    )
    def test_valeurs(
        self, intelligence: int | None, dexterite: int | None, caracteristique: str | None, init: int
    ) -> None:
        """B8: Init = (INT + DEX) / 2 rounded up, or one characteristic for a creature."""
        assert ch.init_de_base(intelligence, dexterite, caracteristique) == init

    @pytest.mark.parametrize(
        ("arguments", "champ"),
        [
            ((None, 12, None), "INT"),
            ((12, None, "DEX"), "DEX"),
            ((-1, 12, None), "INT"),
            ((5, 5, "FOR"), "caracteristique"),
        ],
    )
    def test_refus(self, arguments: tuple[Any, ...], champ: str) -> None:
        """A missing or negative characteristic, an unknown one: InputError naming it."""
        with pytest.raises(InputError) as erreur:
            ch.init_de_base(*arguments)
        assert erreur.value.champ == champ


class TestResoudreJetDeCombatHeroique:
    def test_exhaustif(self) -> None:
        """B8: B2 thresholds, 96-100 is the -1d6 case (critical failure) whatever the skill."""
        for score in range(0, 161):
            for jet in range(1, 101):
                if jet >= 96:
                    attendu = EC
                elif jet > score:
                    attendu = E
                else:
                    attendu = RC if jet == 1 or 20 * (jet - 1) < score else R
                assert ch.resoudre_jet_de_combat_heroique(score, jet) is attendu, (score, jet)


class TestEffetDuPremierRound:
    @pytest.mark.parametrize(
        ("resultat", "choix", "d6", "bonus", "garde"),
        [
            pytest.param(RC, None, 4, 4, True, id="l.82 critique: +1d6 ET garde"),
            pytest.param(R, "init", 3, 3, False, id="l.83 reussite: +1d6"),
            pytest.param(R, "garde", None, 0, True, id="l.83 reussite: OU garde"),
            pytest.param(E, None, None, 0, False, id="l.84 echec: rien"),
            pytest.param(EC, None, 5, -5, False, id="l.85 maladresse: -1d6"),
        ],
    )
    def test_table(
        self, resultat: Resultat, choix: str | None, d6: int | None, bonus: int, garde: bool
    ) -> None:
        """l.82-85: the four results of the first-round roll."""
        assert ch.effet_du_premier_round(resultat, choix, d6) == ch.EffetDuPremierRound(bonus, garde)

    @pytest.mark.parametrize(
        ("resultat", "choix", "d6", "champ"),
        [
            (RC, None, None, "d6"),
            (R, None, 3, "choix"),
            (R, "init", 7, "d6"),
            (EC, None, 0, "d6"),
            ("bof", None, 1, "resultat"),
        ],
    )
    def test_refus(self, resultat: object, choix: object, d6: object, champ: str) -> None:
        """The d6 when it counts, the player's choice after a success: required and checked."""
        with pytest.raises(InputError) as erreur:
            ch.effet_du_premier_round(resultat, choix, d6)
        assert erreur.value.champ == champ


class TestLancerPremierRound:
    @given(st.integers(0, 200), st.sampled_from(ch.CHOIX_DU_PREMIER_ROUND), st.integers(0, 2**32))
    def test_jets_possibles(self, score: int, choix: str, graine: int) -> None:
        """The d6 is rolled only when used; the roll agrees with the pure resolver and gives an effect."""
        premier = ch.lancer_premier_round(score, new_rng(graine), choix)
        assert premier.resultat is ch.resoudre_jet_de_combat_heroique(score, premier.jet)
        utilise = premier.resultat in (RC, EC) or (premier.resultat is R and choix == "init")
        assert (premier.d6 is not None) == utilise
        assert premier.choix == (choix if premier.resultat is R else None)
        ch.effet_du_premier_round(premier.resultat, premier.choix, premier.d6)

    @pytest.mark.parametrize(
        ("choix", "jet", "d6", "attendu"),
        [
            pytest.param("init", 30, 3, ch.PremierRound(30, R, "init", 3), id="l.118 Yang: 30 sous 50, 3"),
            pytest.param(
                "garde", 30, 4, ch.PremierRound(30, R, "garde", None), id="garde: le d6 ne sert pas"
            ),
            pytest.param("init", 2, 6, ch.PremierRound(2, RC, None, 6), id="critique: 02 sous 50"),
            pytest.param("garde", 60, 1, ch.PremierRound(60, E, None, None), id="echec: aucun d6"),
            pytest.param("init", "00", 2, ch.PremierRound(100, EC, None, 2), id="00 vaut 100: maladresse"),
        ],
    )
    def test_des_lus_sur_la_table(self, choix: str, jet: object, d6: int, attendu: ch.PremierRound) -> None:
        """Dice read on the table are used as read (no generator needed); the d6 only when it counts."""
        assert ch.lancer_premier_round(50, None, choix, jet=jet, d6=d6) == attendu  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        ("jet", "d6", "champ"), [(None, 3, "jet"), (30, None, "d6"), (101, 3, "jet"), (30, 7, "d6")]
    )
    def test_un_de_manquant_sans_generateur(self, jet: int | None, d6: int | None, champ: str) -> None:
        """With no generator, a missing (or impossible) die is a French error naming it."""
        with pytest.raises(InputError) as erreur:
            ch.lancer_premier_round(50, None, "init", jet=jet, d6=d6)
        assert erreur.value.champ == champ

    def test_utilise_le_d6(self) -> None:
        """B8: the 1d6 counts on a critical, on 96-100, and on a success taken as +1d6."""
        assert {
            (r, choix): ch.utilise_le_d6(r, choix) for r in (RC, R, E, EC) for choix in ("init", "garde")
        } == {
            (RC, "init"): True,
            (RC, "garde"): True,
            (R, "init"): True,
            (R, "garde"): False,
            (E, "init"): False,
            (E, "garde"): False,
            (EC, "init"): True,
            (EC, "garde"): True,
        }


# -- 3) Facteur de vitesse, longueur et nombre : données et modificateurs (B8) -------------------------


def test_facteurs_de_vitesse() -> None:
    """l.98-101: dague 2, normale 3, masse d'armes 4, hallebarde 5."""
    assert [(f.fv, f.exemple) for f in ch.FACTEURS_DE_VITESSE] == [
        (2, "dague"),
        (3, None),
        (4, "masse d'armes"),
        (5, "hallebarde"),
    ]


def test_classement_des_armes() -> None:
    """l.130-136: the text's three length classes, each weapon in one class only."""
    assert ch.LONGUEURS == ("courte", "moyenne", "longue")
    assert set(ch.CLASSEMENT_DES_ARMES) == set(ch.LONGUEURS)
    toutes = [arme for armes in ch.CLASSEMENT_DES_ARMES.values() for arme in armes]
    assert len(toutes) == len(set(toutes)) == 26
    assert "Lance de cavalier" in ch.CLASSEMENT_DES_ARMES["longue"]
    assert "Épée" in ch.CLASSEMENT_DES_ARMES["moyenne"] and "Dague" in ch.CLASSEMENT_DES_ARMES["courte"]


class TestModificateurDeLongueur:
    @pytest.mark.parametrize(
        ("longueur", "adverses", "modificateur"),
        [
            pytest.param("longue", ["moyenne", "moyenne"], 3, id="l.129 lance contre epees: +3"),
            pytest.param("courte", ["moyenne"], -3, id="l.129 dague contre epee: -3"),
            ("moyenne", ["moyenne"], 0),
            ("moyenne", ["courte", "longue"], 0),
            ("longue", ["courte", "longue"], 0),
            ("courte", [None], 0),
            ("courte", [None, "longue"], -3),
            (None, ["courte"], 0),
            ("longue", [], 0),
        ],
    )
    def test_table(self, longueur: str | None, adverses: list[str | None], modificateur: int) -> None:
        """B8 (+ new ruling): longer than every melee opponent +3, shorter than every one -3."""
        assert ch.modificateur_de_longueur(longueur, adverses) == modificateur

    def test_classe_inconnue(self) -> None:
        """Only the three classes exist."""
        with pytest.raises(InputError) as erreur:
            ch.modificateur_de_longueur("geante", [])
        assert erreur.value.champ == "longueur"


class TestModificateursDuNombre:
    @pytest.mark.parametrize(
        ("camps", "attendu"),
        [
            pytest.param(["A", "A", "B"], {"A": 0, "B": -3}, id="l.139 le groupe le plus faible: -3"),
            (["A", "B"], {"A": 0, "B": 0}),
            (["A", "A", "B", "C"], {"A": 0, "B": -3, "C": -3}),
            (["A", "A", "A", "B", "B", "C"], {"A": 0, "B": 0, "C": -3}),
            (["A"], {"A": 0}),
            ([], {}),
        ],
    )
    def test_table(self, camps: list[str], attendu: dict[str, int]) -> None:
        """B8: every combatant of the smallest side gets -3 when the sides differ."""
        assert ch.modificateurs_du_nombre(camps) == attendu


# -- creer_combat -------------------------------------------------------------------------------------


class TestCreerCombat:
    def test_yang_et_guo(self) -> None:
        """l.118: Yang 12 + 3 = 15, Guo 11 + 2 = 13; the count starts at 15."""
        etat = yang_et_guo()
        assert (etat.numero_round, etat.passe, inits(etat)) == (1, 15, {"Yang": 15, "Guo": 13})
        assert etat.journal[0].startswith("Round 1 : Init de départ — Yang 15 (base 12, premier round +3)")
        assert ch.combattants_a_cette_passe(etat) == ("Yang",)

    def test_longueur_et_nombre(self) -> None:
        """l.129, l.139: a spear against two swords: +3 (length), -3 (outnumbered); the swords -3."""
        etat = ch.creer_combat(
            [
                seul("Lancier", 10, camp="A", longueur="longue"),
                seul("E1", 10, camp="B"),
                seul("E2", 10, camp="B"),
            ]
        )
        lancier = c(etat, "Lancier")
        assert (lancier.modificateur_longueur, lancier.modificateur_nombre, lancier.init) == (3, -3, 10)
        assert inits(etat) == {"Lancier": 10, "E1": 7, "E2": 7}
        sans = ch.creer_combat(
            [
                seul("Lancier", 10, camp="A", longueur="longue"),
                seul("E1", 10, camp="B"),
                seul("E2", 10, camp="B"),
            ],
            longueur_des_armes=False,
            influence_du_nombre=False,
        )
        assert c(sans, "Lancier").modificateur_longueur == c(sans, "Lancier").modificateur_nombre == 0

    def test_premier_round_critique(self) -> None:
        """l.82: a critical gives +1d6 and the guard from the start."""
        etat = ch.creer_combat([seul("A", 10, resultat="reussite_critique", d6=6), seul("B", 10)])
        assert (c(etat, "A").init, c(etat, "A").en_garde) == (16, True)
        assert "en garde" in etat.journal[0]

    def test_init_de_depart_negative(self) -> None:
        """Init 0 and a -1d6 of 6: Init -6, the count starts at 0 and the combatant cannot act."""
        etat = ch.creer_combat([seul("Lent", 0, resultat="echec_critique", d6=6)])
        assert (etat.passe, c(etat, "Lent").init) == (0, -6)
        assert ch.combattants_a_cette_passe(etat) == ()
        assert "plus d'Init (-6)" in (possible(etat, "Lent", "attente").raison or "")

    def test_participant_objet(self) -> None:
        """Participant objects and plain dicts are both accepted (creatures: one characteristic)."""
        loup = Participant("Loup", "B", None, 14, 2, "courte", E, caracteristique="DEX")
        etat = ch.creer_combat([loup, seul("A", 10)])
        assert c(etat, "Loup").init_de_base == 14

    @pytest.mark.parametrize(
        ("participants", "champ"),
        [
            ("Yang", "participants"),
            ({"nom": "Yang"}, "participants"),
            ([], "participants"),
            ([3], "participants"),
            ([{**seul("A"), "force": 12}], "force"),
            ([{"nom": "A", "camp": "A", "fv": 3}], "resultat"),
            ([seul("A"), seul("A", camp="B")], "nom"),
            ([seul("A", fv=0)], "fv"),
            ([seul("A", longueur="geante")], "longueur"),
            ([seul("A", resultat="reussite")], "choix"),
            ([seul("A", caracteristique="POU")], "caracteristique"),
            ([seul("  ")], "nom"),
            ([seul("A" * 61)], "nom"),
            ([{**seul("A"), "camp": 3}], "camp"),
        ],
    )
    def test_refus(self, participants: Any, champ: str) -> None:
        """Bad participants are refused with a French message naming the field."""
        with pytest.raises(InputError) as erreur:
            ch.creer_combat(participants)
        assert erreur.value.champ == champ

    def test_option_non_booleenne(self) -> None:
        """The options are true booleans."""
        with pytest.raises(InputError) as erreur:
            ch.creer_combat([seul("A")], influence_du_nombre="non")
        assert erreur.value.champ == "influence_du_nombre"

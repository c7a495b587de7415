"""BaSIC — combat héroïque: Init, first-round roll, passes, action costs, guard, riposte, magic, JSON state.

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B8, B9, B10).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py import combat_heroique as ch
from rules_py.combat_heroique import EtatDeCombat, Participant
from rules_py.d100 import Resultat
from rules_py.dice import new_rng
from rules_py.errors import InputError, RulesError

RC, R, E, EC = Resultat.REUSSITE_CRITIQUE, Resultat.REUSSITE, Resultat.ECHEC, Resultat.ECHEC_CRITIQUE


def yang_et_guo() -> EtatDeCombat:
    """l.117-118: Yang Init 12 and Guo 11, swords (FV 3), both succeed and take +1d6: 3 and 2."""
    return ch.creer_combat(
        [
            Participant("Yang", "Yang", 12, 12, 3, "moyenne", R, "init", 3),
            Participant("Guo", "Guo", 11, 11, 3, "moyenne", R, "init", 2),
        ]
    )


def seul(nom: str = "Zhang", init: int = 13, fv: int = 3, **autres: Any) -> dict[str, Any]:
    """A participant as JSON data: INT = DEX = ``init``, a failed first-round roll."""
    return {
        "nom": nom,
        "camp": autres.pop("camp", nom),
        "intelligence": init,
        "dexterite": init,
        "fv": fv,
        "longueur": autres.pop("longueur", "moyenne"),
        "resultat": autres.pop("resultat", "echec"),
        **autres,
    }


def c(etat: EtatDeCombat, nom: str) -> ch.Combattant:
    """The combatant called ``nom``."""
    return next(x for x in etat.combattants if x.nom == nom)


def inits(etat: EtatDeCombat) -> dict[str, int]:
    """Current Init of each combatant."""
    return {x.nom: x.init for x in etat.combattants}


def aller_a(etat: EtatDeCombat, passe: int) -> EtatDeCombat:
    """Count passes down to ``passe``."""
    while etat.passe > passe:
        etat = ch.passe_suivante(etat)
    return etat


def possible(etat: EtatDeCombat, nom: str, action: str) -> ch.ActionPossible:
    """The entry of actions_possibles for ``action``."""
    return next(a for a in ch.actions_possibles(etat, nom) if a.action == action)


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


# -- 5) L'exemple de Yang et Guo, action par action (B9) ---------------------------------------------

Etape = Callable[[EtatDeCombat], EtatDeCombat]

ETAPES_YANG_GUO: list[tuple[str, Etape, int, dict[str, int], dict[str, bool]]] = [
    (
        "l.119 a 15 Yang se met en garde: 12",
        lambda e: ch.agir(e, "Yang", "se_mettre_en_garde"),
        15,
        {"Yang": 12, "Guo": 13},
        {"Yang": True, "Guo": False},
    ),
    (
        "l.120 on decompte jusqu'a 13",
        lambda e: aller_a(e, 13),
        13,
        {"Yang": 12, "Guo": 13},
        {"Yang": True, "Guo": False},
    ),
    (
        "l.120 a 13 Guo attaque rapide reussie: 10",
        lambda e: ch.agir(e, "Guo", "attaque_rapide", cible="Yang", resultat="reussite"),
        13,
        {"Yang": 12, "Guo": 10},
        {"Yang": True, "Guo": False},
    ),
    (
        "l.120 Yang pare depuis sa garde, sans cout",
        lambda e: ch.agir(e, "Yang", "parade_en_garde", resultat="reussite"),
        13,
        {"Yang": 12, "Guo": 10},
        {"Yang": False, "Guo": False},
    ),
    ("l.121 passe 12", ch.passe_suivante, 12, {"Yang": 12, "Guo": 10}, {"Yang": False, "Guo": False}),
    (
        "l.121 a 12 Yang attaque normale: 6",
        lambda e: ch.agir(e, "Yang", "attaque_normale", cible="Guo"),
        12,
        {"Yang": 6, "Guo": 10},
        {"Yang": False, "Guo": False},
    ),
    (
        "l.121 Guo parade rapide: 8",
        lambda e: ch.agir(e, "Guo", "parade_rapide"),
        12,
        {"Yang": 6, "Guo": 8},
        {"Yang": False, "Guo": False},
    ),
    (
        "l.122 on decompte jusqu'a 8",
        lambda e: aller_a(e, 8),
        8,
        {"Yang": 6, "Guo": 8},
        {"Yang": False, "Guo": False},
    ),
    (
        "l.122 a 8 Guo 2e attaque rapide (+3): 2",
        lambda e: ch.agir(e, "Guo", "attaque_rapide", cible="Yang"),
        8,
        {"Yang": 6, "Guo": 2},
        {"Yang": False, "Guo": False},
    ),
    (
        "l.123 on decompte jusqu'a 6",
        lambda e: aller_a(e, 6),
        6,
        {"Yang": 6, "Guo": 2},
        {"Yang": False, "Guo": False},
    ),
    (
        "l.123 a 6 Yang attaque rapide (2e, +3): 0",
        lambda e: ch.agir(e, "Yang", "attaque_rapide", cible="Guo"),
        6,
        {"Yang": 0, "Guo": 2},
        {"Yang": False, "Guo": False},
    ),
    (
        "l.123 Guo parade rapide: 0",
        lambda e: ch.agir(e, "Guo", "parade_rapide"),
        6,
        {"Yang": 0, "Guo": 0},
        {"Yang": False, "Guo": False},
    ),
]


def rejouer_yang_et_guo(jusqu_a: int) -> EtatDeCombat:
    """Replay the first ``jusqu_a`` steps of the example."""
    etat = yang_et_guo()
    for _, etape, *_ in ETAPES_YANG_GUO[:jusqu_a]:
        etat = etape(etat)
    return etat


class TestExempleDuModule:
    def test_donnees_du_texte(self) -> None:
        """l.117-118: the module's participants give Init 15 and 13, as the text."""
        assert inits(ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO)) == {"Yang": 15, "Guo": 13}

    def test_rejeu_pas_a_pas(self) -> None:
        """l.119-123: jouer_etape over the module's steps gives the text's Inits after each action."""
        attendues = [(15, 12, 13), (13, 12, 10), (13, 12, 10), (12, 6, 10), (12, 6, 8), (8, 6, 2), (6, 0, 2)]
        attendues.append((6, 0, 0))
        etat = ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO)
        for etape, (passe, yang, guo) in zip(ch.ETAPES_YANG_ET_GUO, attendues, strict=True):
            etat = ch.jouer_etape(etat, etape)
            assert (etat.passe, c(etat, "Yang").init, c(etat, "Guo").init) == (passe, yang, guo), etape

    def test_meme_rejeu_que_les_etapes_du_test(self) -> None:
        """The module's steps and this file's ETAPES_YANG_GUO end in the same state."""
        etat = ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO)
        for etape in ch.ETAPES_YANG_ET_GUO:
            etat = ch.jouer_etape(etat, etape)
        assert etat == rejouer_yang_et_guo(len(ETAPES_YANG_GUO))

    def test_passe_deja_passee(self) -> None:
        """A step cannot go back to a pass already counted."""
        etat = aller_a(ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO), 10)
        with pytest.raises(InputError) as erreur:
            ch.jouer_etape(etat, ch.ETAPES_YANG_ET_GUO[0])
        assert erreur.value.champ == "passe"


class TestExempleYangEtGuo:
    @pytest.mark.parametrize(
        "numero", range(1, len(ETAPES_YANG_GUO) + 1), ids=[e[0] for e in ETAPES_YANG_GUO]
    )
    def test_etape(self, numero: int) -> None:
        """l.117-124: after each action, the pass, the Inits and the guards are those of the text."""
        etat = rejouer_yang_et_guo(numero)
        _, _, passe, attendues, gardes = ETAPES_YANG_GUO[numero - 1]
        assert etat.passe == passe
        assert inits(etat) == attendues
        assert {x.nom: x.en_garde for x in etat.combattants} == gardes

    def test_fin_du_round(self) -> None:
        """l.124: both at 0, neither can do anything more: every action is refused until pass 0."""
        etat = rejouer_yang_et_guo(len(ETAPES_YANG_GUO))
        while True:
            for nom in ("Yang", "Guo"):
                assert not any(a.possible for a in ch.actions_possibles(etat, nom))
            if etat.passe == 0:
                break
            etat = ch.passe_suivante(etat)
        with pytest.raises(InputError, match="round suivant"):
            ch.passe_suivante(etat)

    def test_journal(self) -> None:
        """The log tells each action in French, with its cost."""
        journal = rejouer_yang_et_guo(len(ETAPES_YANG_GUO)).journal
        assert "Passe 15 : Yang se met en garde — Init 15 → 12." in journal
        assert "Passe 13 : Yang pare depuis sa garde (réussite) — sans coût ; garde utilisée." in journal
        assert "Passe 8 : Guo fait une attaque rapide (sur Yang) — Init 8 → 2." in journal
        assert "Passe 12 : Guo fait une parade rapide — Init 10 → 8." in journal

    def test_json_a_chaque_etape(self) -> None:
        """The state survives a JSON round trip after every step."""
        for numero in range(len(ETAPES_YANG_GUO) + 1):
            etat = rejouer_yang_et_guo(numero)
            assert ch.etat_depuis_dict(json.loads(json.dumps(ch.etat_en_dict(etat)))) == etat


# -- Magie : l'exemple de Zhang (B9) -------------------------------------------------------------------


class TestExempleDeZhang:
    def test_deux_rounds(self) -> None:
        """l.147-151: 8 PM; round 1 concentration takes Init 13 to 0 (3 of 16 left); round 2: 10, cast: 2."""
        etat = ch.creer_combat([seul("Zhang", 13)])
        etat = ch.agir(etat, "Zhang", "concentration", pm=8)
        zhang = c(etat, "Zhang")
        assert (zhang.init, zhang.concentration_restante, zhang.sortilege_pm) == (0, 3, 8)
        assert not any(a.possible for a in ch.actions_possibles(etat, "Zhang"))
        etat = ch.round_suivant(etat)
        assert "concentration : reste 3" in etat.journal[-2]
        assert possible(etat, "Zhang", "concentration").cout == 3
        etat = ch.agir(etat, "Zhang", "concentration")
        assert (c(etat, "Zhang").init, c(etat, "Zhang").concentration_restante) == (10, 0)
        etat = aller_a(etat, 10)
        assert possible(etat, "Zhang", "lancer_sortilege").cout == 8
        etat = ch.agir(etat, "Zhang", "lancer_sortilege")
        assert (c(etat, "Zhang").init, c(etat, "Zhang").sortilege_pm) == (2, 0)
        assert etat.journal[-1] == "Passe 10 : Zhang lance son sortilège (8 PM) — Init 10 → 2."

    def test_concentration_en_un_round(self) -> None:
        """A 4 PM spell: concentration 8 then casting 4 in the same round."""
        etat = ch.agir(ch.creer_combat([seul("Zhang", 13)]), "Zhang", "concentration", pm=4)
        assert c(etat, "Zhang").init == 5
        etat = ch.agir(aller_a(etat, 5), "Zhang", "lancer_sortilege")
        assert c(etat, "Zhang").init == 1

    def test_lancement_au_round_suivant(self) -> None:
        """Concentration done but Init below the PM: the casting waits for the next round."""
        etat = ch.agir(ch.creer_combat([seul("Zhang", 13)]), "Zhang", "concentration", pm=6)
        etat = aller_a(etat, 1)
        assert "Init insuffisante" in (possible(etat, "Zhang", "lancer_sortilege").raison or "")
        assert "achevé sa concentration" in (possible(etat, "Zhang", "concentration").raison or "")
        etat = ch.round_suivant(etat)
        assert "sortilège de 6 PM prêt" in etat.journal[-2]
        assert c(ch.agir(etat, "Zhang", "lancer_sortilege"), "Zhang").init == 7

    def test_une_autre_action_rompt_la_concentration(self) -> None:
        """New ruling: the two actions are consecutive; any action in between loses the concentration."""
        etat = ch.agir(
            ch.creer_combat([seul("Zhang", 13), seul("Garde", 10)]), "Zhang", "concentration", pm=4
        )
        etat = aller_a(etat, 10)
        etat = ch.agir(etat, "Garde", "attaque_rapide", cible="Zhang")
        etat = ch.agir(etat, "Zhang", "parade_rapide")
        assert (c(etat, "Zhang").sortilege_pm, c(etat, "Zhang").init) == (0, 3)
        assert etat.journal[-1].endswith("concentration perdue.")

    @pytest.mark.parametrize(
        ("pm_initial", "pm_suite", "message"),
        [(None, None, "coût du sortilège"), (8, 6, "déjà sur un sortilège de 8 PM"), (0, None, "au moins 1")],
    )
    def test_pm(self, pm_initial: int | None, pm_suite: int | None, message: str) -> None:
        """The PM are needed to start, cannot change while concentrating, and are at least 1."""
        etat = ch.creer_combat([seul("Zhang", 13)])
        if pm_initial == 8:
            etat = ch.round_suivant(ch.agir(etat, "Zhang", "concentration", pm=8))
            pm_initial = pm_suite
        with pytest.raises(InputError, match=message):
            ch.agir(etat, "Zhang", "concentration", pm=pm_initial)

    def test_lancer_sans_concentration(self) -> None:
        """Casting needs a finished concentration first."""
        etat = ch.creer_combat([seul("Zhang", 13)])
        with pytest.raises(InputError, match="achever la concentration"):
            ch.agir(etat, "Zhang", "lancer_sortilege")


# -- 4) Coûts des actions et conditions (B9) -----------------------------------------------------------


class TestCouts:
    @pytest.mark.parametrize(
        ("fv", "normale", "rapide", "garde", "parade"),
        [(2, 4, 2, 2, 1), (3, 6, 3, 3, 2), (4, 8, 4, 4, 2), (5, 10, 5, 5, 3)],
    )
    def test_selon_le_facteur_de_vitesse(
        self, fv: int, normale: int, rapide: int, garde: int, parade: int
    ) -> None:
        """l.108-112: normal attack 2 x FV, quick FV, guard FV, quick parry/dodge FV / 2 rounded up."""
        etat = ch.creer_combat([seul("A", 20, fv=fv, camp="A"), seul("B", 20, fv=fv, camp="B")])
        couts = {a.action: a.cout for a in ch.actions_possibles(etat, "A")}
        assert (couts["attaque_normale"], couts["attaque_rapide"], couts["se_mettre_en_garde"]) == (
            normale,
            rapide,
            garde,
        )
        assert couts["parade_rapide"] == couts["esquive_rapide"] == parade
        assert couts["parade_en_garde"] == couts["esquive_en_garde"] == 0
        assert couts["contre_attaque"] == rapide
        assert (couts["mouvement"], couts["attente"]) == (2, 1)

    def test_deuxieme_attaque_plus_trois(self) -> None:
        """l.110: every attack after the first with the same weapon costs 3 more (third one too)."""
        etat = ch.creer_combat([seul("A", 20), seul("B", 1)])
        etat = ch.agir(etat, "A", "attaque_rapide", cible="B")
        assert c(etat, "A").init == 17
        assert possible(etat, "A", "attaque_normale").cout == 9
        etat = ch.agir(aller_a(etat, 17), "A", "attaque_normale", cible="B")
        etat = ch.agir(aller_a(etat, 8), "A", "attaque_rapide", cible="B")
        assert c(etat, "A").init == 2

    def test_mouvement_par_metre(self) -> None:
        """l.114: 2 points per metre."""
        etat = ch.agir(ch.creer_combat([seul("A", 13)]), "A", "mouvement", metres=4)
        assert c(etat, "A").init == 5
        assert "(4 m)" in etat.journal[-1]
        with pytest.raises(InputError, match="coûte 12"):
            ch.agir(aller_a(etat, 5), "A", "mouvement", metres=6)
        with pytest.raises(InputError) as erreur:
            ch.agir(aller_a(etat, 5), "A", "mouvement", metres=0)
        assert erreur.value.champ == "metres"

    def test_attente(self) -> None:
        """l.115: waiting costs 1 point: the combatant acts again at the next pass."""
        etat = ch.agir(ch.creer_combat([seul("A", 13)]), "A", "attente")
        assert c(etat, "A").init == 12
        assert ch.combattants_a_cette_passe(ch.passe_suivante(etat)) == ("A",)

    def test_init_insuffisante(self) -> None:
        """l.93: allowed while Init > 0, unless it would then fall below 0."""
        etat = ch.creer_combat([seul("A", 5), seul("B", 1)])
        assert "coûte 6, A n'a plus que 5" in (possible(etat, "A", "attaque_normale").raison or "")
        etat = aller_a(ch.agir(etat, "A", "attaque_rapide", cible="B"), 2)
        assert c(etat, "A").init == 2
        assert not possible(etat, "A", "attaque_rapide").possible
        assert possible(etat, "A", "attente").possible and possible(etat, "A", "mouvement").possible
        etat = ch.agir(etat, "A", "mouvement", metres=1)
        assert c(etat, "A").init == 0
        assert "plus d'Init (0)" in (possible(etat, "A", "attente").raison or "")

    def test_parade_rapide_a_deux(self) -> None:
        """l.123: Guo parries quickly from Init 2 (cost 2) down to exactly 0; from 1 he could not."""
        etat = rejouer_yang_et_guo(11)
        assert possible(etat, "Guo", "parade_rapide").possible
        etat = ch.creer_combat([seul("A", 10), seul("B", 1)])
        etat = ch.agir(etat, "A", "attaque_rapide", cible="B")
        assert "coûte 2, B n'a plus que 1" in (possible(etat, "B", "parade_rapide").raison or "")


class TestQuandAgir:
    def test_pas_encore(self) -> None:
        """l.91: a combatant acts when the count reaches their Init, not before."""
        etat = yang_et_guo()
        with pytest.raises(InputError, match="pas encore à Guo d'agir : son Init est 13, la passe est 15"):
            ch.agir(etat, "Guo", "attaque_rapide", cible="Yang")

    def test_passe_laissee(self) -> None:
        """New ruling: a combatant who lets their pass go by keeps their Init only to defend this round."""
        etat = ch.passe_suivante(yang_et_guo())
        assert "laissé passer sa passe (15)" in (possible(etat, "Yang", "attaque_rapide").raison or "")
        etat = ch.agir(aller_a(etat, 13), "Guo", "attaque_rapide", cible="Yang")
        assert possible(etat, "Yang", "parade_rapide").possible

    def test_reaction_sans_attaque(self) -> None:
        """l.113: a quick parry is declared when attacked, by the target only."""
        etat = yang_et_guo()
        assert "Personne n'attaque Yang" in (possible(etat, "Yang", "parade_rapide").raison or "")
        etat = ch.agir(aller_a(etat, 13), "Guo", "attaque_rapide", cible="Yang")
        assert not possible(etat, "Guo", "parade_rapide").possible

    def test_attaque_sans_cible(self) -> None:
        """An attack with no target named leaves nothing to parry."""
        etat = ch.agir(yang_et_guo(), "Yang", "attaque_rapide")
        assert etat.attaque_en_cours is None

    def test_attaque_non_repondue(self) -> None:
        """An attack not answered before the next action or pass is closed."""
        etat = ch.agir(yang_et_guo(), "Yang", "attaque_rapide", cible="Guo")
        assert ch.passe_suivante(etat).attaque_en_cours is None

    @pytest.mark.parametrize(
        ("nom", "action", "options", "champ"),
        [
            ("Wu", "attente", {}, "combattant"),
            ("Yang", "danse", {}, "action"),
            ("Yang", "attaque_rapide", {"cible": "Wu"}, "cible"),
            ("Yang", "attaque_rapide", {"cible": "Yang"}, "cible"),
            ("Yang", "attaque_rapide", {"cible": "Guo", "resultat": "touche"}, "resultat"),
        ],
    )
    def test_refus(self, nom: str, action: str, options: dict[str, Any], champ: str) -> None:
        """Unknown combatant, action, target or result; attacking oneself."""
        with pytest.raises(InputError) as erreur:
            ch.agir(yang_et_guo(), nom, action, **options)
        assert erreur.value.champ == champ

    def test_etat_non_modifie(self) -> None:
        """agir returns a new state and leaves the old one untouched."""
        etat = yang_et_guo()
        copie = ch.etat_en_dict(etat)
        ch.agir(etat, "Yang", "se_mettre_en_garde")
        assert ch.etat_en_dict(etat) == copie


# -- La garde (B9) -------------------------------------------------------------------------------------


class TestGarde:
    def test_deja_en_garde(self) -> None:
        """One cannot go on guard twice."""
        etat = ch.agir(yang_et_guo(), "Yang", "se_mettre_en_garde")
        etat = ch.agir(aller_a(etat, 12), "Yang", "attente")
        assert "déjà en garde" in (possible(aller_a(etat, 11), "Yang", "se_mettre_en_garde").raison or "")

    def test_garde_reportee(self) -> None:
        """l.111: a guard not used by the end of the round carries to the next."""
        etat = ch.agir(yang_et_guo(), "Yang", "se_mettre_en_garde")
        etat = ch.round_suivant(aller_a(etat, 0))
        assert c(etat, "Yang").en_garde and c(etat, "Yang").init == 15

    def test_pas_de_parade_en_garde_a_init_zero(self) -> None:
        """B9: « an action is allowed only if Init > 0 », a parry or dodge from guard too."""
        etat = ch.creer_combat([seul("A", 12, resultat="reussite", choix="garde"), seul("B", 10)])
        etat = ch.agir(etat, "A", "mouvement", metres=6)
        etat = ch.agir(aller_a(etat, 10), "B", "attaque_normale", cible="A")
        for action in ("parade_en_garde", "esquive_en_garde", "parade_rapide"):
            refus = possible(etat, "A", action)
            assert (
                not refus.possible
                and refus.raison == "A n'a plus d'Init (0) : plus d'action pour A ce round."
            )
        with pytest.raises(InputError, match="plus d'Init"):
            ch.agir(etat, "A", "esquive_en_garde")

    def test_parade_en_garde_sans_cout(self) -> None:
        """B9: with Init left, a parry from guard costs nothing more and uses the guard up."""
        etat = ch.creer_combat([seul("A", 12, resultat="reussite", choix="garde"), seul("B", 10)])
        etat = ch.agir(etat, "A", "mouvement", metres=5)
        etat = ch.agir(aller_a(etat, 10), "B", "attaque_normale", cible="A")
        assert possible(etat, "A", "parade_en_garde").cout == 0
        etat = ch.agir(etat, "A", "esquive_en_garde")
        assert (c(etat, "A").init, c(etat, "A").en_garde) == (2, False)

    def test_pas_en_garde(self) -> None:
        """A parry from guard needs the guard."""
        etat = ch.agir(yang_et_guo(), "Yang", "attaque_rapide", cible="Guo")
        assert possible(etat, "Guo", "parade_en_garde").raison == "Guo n'est pas en garde."


# -- Contre-attaques et ripostes (B10) -------------------------------------------------------------------


class TestContreAttaque:
    def test_depuis_la_garde(self) -> None:
        """B10 (+ page ruling): from guard, costs a quick attack (FV), uses the guard, counts as an attack."""
        etat = ch.agir(yang_et_guo(), "Yang", "se_mettre_en_garde")
        etat = ch.agir(aller_a(etat, 13), "Guo", "attaque_normale", cible="Yang")
        assert possible(etat, "Yang", "contre_attaque").cout == 3
        etat = ch.agir(etat, "Yang", "contre_attaque")
        yang = c(etat, "Yang")
        assert (yang.init, yang.en_garde, yang.attaques) == (9, False, 1)
        assert etat.journal[-1] == (
            "Passe 13 : Yang contre-attaque depuis sa garde — Init 12 → 9 ; garde utilisée."
        )
        assert possible(aller_a(etat, 9), "Yang", "attaque_rapide").cout == 6

    def test_apres_une_attaque_plus_trois(self) -> None:
        """A counter-attack after an attack of one's own this round costs FV + 3."""
        etat = ch.creer_combat(
            [seul("A", 14, camp="A", resultat="reussite", choix="garde"), seul("B", 12, camp="B")]
        )
        etat = ch.agir(etat, "A", "attaque_rapide", cible="B")
        etat = ch.agir(aller_a(etat, 12), "B", "attaque_rapide", cible="A")
        assert possible(etat, "A", "contre_attaque").cout == 6
        assert c(ch.agir(etat, "A", "contre_attaque"), "A").init == 5

    def test_init_necessaire(self) -> None:
        """Unlike a parry from guard, a counter-attack needs the Init for a quick attack."""
        etat = ch.creer_combat([seul("A", 12, resultat="reussite", choix="garde"), seul("B", 10)])
        etat = ch.agir(etat, "A", "mouvement", metres=5)
        etat = ch.agir(aller_a(etat, 10), "B", "attaque_normale", cible="A")
        assert possible(etat, "A", "parade_en_garde").possible
        refus = possible(etat, "A", "contre_attaque")
        assert not refus.possible and "coûte 3, A n'a plus que 2" in (refus.raison or "")

    def test_sans_garde(self) -> None:
        """Without guard, no counter-attack."""
        etat = ch.agir(yang_et_guo(), "Yang", "attaque_rapide", cible="Guo")
        assert not possible(etat, "Guo", "contre_attaque").possible


class TestRiposte:
    def parade_critique(
        self, attaque: str | None = "reussite", defense: str = "reussite_critique"
    ) -> EtatDeCombat:
        """Guo attacks Yang (on guard) at 13; Yang parries with ``defense``."""
        etat = ch.agir(yang_et_guo(), "Yang", "se_mettre_en_garde")
        etat = ch.agir(aller_a(etat, 13), "Guo", "attaque_rapide", cible="Yang", resultat=attaque)
        return ch.agir(etat, "Yang", "parade_en_garde", resultat=defense)

    def test_a_la_passe_suivante(self) -> None:
        """l.163: after a critical parry, a quick attack at the pass after the parried attack."""
        etat = self.parade_critique()
        assert c(etat, "Yang").riposte_a == 12
        assert etat.journal[-1].endswith("riposte possible à la passe 12.")
        assert not possible(etat, "Yang", "riposte").possible
        etat = ch.passe_suivante(etat)
        assert possible(etat, "Yang", "riposte").cout == 3
        etat = ch.agir(etat, "Yang", "riposte", cible="Guo")
        assert (c(etat, "Yang").init, c(etat, "Yang").riposte_a, c(etat, "Yang").attaques) == (9, None, 1)
        assert etat.attaque_en_cours is not None and etat.attaque_en_cours.cible == "Guo"
        assert possible(etat, "Guo", "parade_rapide").possible

    @pytest.mark.parametrize("defense", ["esquive_en_garde", "esquive_rapide", "parade_rapide"])
    def test_apres_une_esquive_critique(self, defense: str) -> None:
        """B3 (new ruling): a critical dodge, like a critical parry, gives the riposte (quick or guard)."""
        etat = ch.agir(yang_et_guo(), "Yang", "se_mettre_en_garde")
        etat = ch.agir(aller_a(etat, 13), "Guo", "attaque_rapide", cible="Yang", resultat="reussite")
        etat = ch.agir(etat, "Yang", defense, resultat="reussite_critique")
        assert c(etat, "Yang").riposte_a == 12

    def test_perdue_si_la_passe_passe(self) -> None:
        """A riposte not taken at the next pass is lost."""
        etat = aller_a(self.parade_critique(), 11)
        assert c(etat, "Yang").riposte_a is None

    def test_perdue_au_round_suivant(self) -> None:
        """A new round clears pending ripostes."""
        assert c(ch.round_suivant(self.parade_critique()), "Yang").riposte_a is None

    @pytest.mark.parametrize(
        ("attaque", "defense"),
        [("reussite_critique", "reussite_critique"), (None, "reussite_critique"), ("reussite", "reussite")],
    )
    def test_pas_de_riposte(self, attaque: str | None, defense: str) -> None:
        """B3: only a critical defence against a normal (known) hit gives a riposte."""
        assert c(self.parade_critique(attaque, defense), "Yang").riposte_a is None

    def test_riposte_avec_surcout(self) -> None:
        """A riposte after an attack of one's own this round costs FV + 3."""
        etat = ch.creer_combat([seul("A", 14, camp="A"), seul("B", 12, camp="B")])
        etat = ch.agir(etat, "A", "attaque_rapide", cible="B")
        etat = ch.agir(aller_a(etat, 12), "B", "attaque_rapide", cible="A", resultat="reussite")
        etat = ch.agir(etat, "A", "parade_rapide", resultat="reussite_critique")
        etat = ch.passe_suivante(etat)
        assert possible(etat, "A", "riposte").cout == 6

    def test_pas_de_riposte_apres_la_passe_zero(self) -> None:
        """A riposte at pass 0, itself parried critically, leaves no later pass for another one."""
        etat = ch.creer_combat(
            [
                seul("A", 6, fv=2, camp="A"),
                seul("B", 5, fv=1, camp="B", resultat="reussite", choix="garde"),
                seul("C", 1, fv=1, camp="B"),
            ]
        )
        etat = ch.agir(aller_a(etat, 1), "C", "attaque_rapide", cible="A", resultat="reussite")
        etat = ch.agir(etat, "A", "parade_rapide", resultat="reussite_critique")
        assert c(etat, "A").riposte_a == 0
        etat = ch.agir(ch.passe_suivante(etat), "A", "riposte", cible="B", resultat="reussite")
        etat = ch.agir(etat, "B", "parade_en_garde", resultat="reussite_critique")
        assert c(etat, "B").riposte_a is None and "riposte" not in etat.journal[-1]

    def test_la_garde_a_init_zero_ne_pare_pas(self) -> None:
        """B9: B, at Init 0 after its attack, cannot parry the riposte from its guard."""
        etat = ch.creer_combat(
            [seul("A", 6, fv=2, camp="A"), seul("B", 1, fv=1, camp="B", resultat="reussite", choix="garde")]
        )
        etat = ch.agir(aller_a(etat, 1), "B", "attaque_rapide", cible="A", resultat="reussite")
        etat = ch.agir(etat, "A", "parade_rapide", resultat="reussite_critique")
        etat = ch.agir(ch.passe_suivante(etat), "A", "riposte", cible="B", resultat="reussite")
        assert possible(etat, "B", "parade_en_garde").raison == (
            "B n'a plus d'Init (0) : plus d'action pour B ce round."
        )


# -- Passes et rounds ---------------------------------------------------------------------------------


class TestPassesEtRounds:
    def test_decompte(self) -> None:
        """l.89-90: the count runs from the highest Init down to 0, announcing who may act."""
        etat = yang_et_guo()
        assert etat.journal[-1] == "Passe 15 : Yang peut agir."
        etat = ch.passe_suivante(etat)
        assert (etat.passe, etat.journal[-1]) == (14, "Passe 14.")

    def test_simultanes(self) -> None:
        """Two combatants at the same Init may both act at that pass."""
        etat = ch.creer_combat([seul("A", 10, camp="A"), seul("B", 10, camp="B")])
        assert ch.combattants_a_cette_passe(etat) == ("A", "B")
        assert etat.journal[-1] == "Passe 10 : A, B peuvent agir."

    def test_round_suivant(self) -> None:
        """B9: each round every combatant starts again at their Init; the +1d6 lasts the whole combat."""
        etat = ch.round_suivant(rejouer_yang_et_guo(len(ETAPES_YANG_GUO)))
        assert (etat.numero_round, etat.passe, inits(etat)) == (2, 15, {"Yang": 15, "Guo": 13})
        assert all(x.attaques == 0 for x in etat.combattants)
        assert possible(etat, "Yang", "attaque_rapide").cout == 3


# -- État en JSON -------------------------------------------------------------------------------------


def etat_de_reference() -> dict[str, Any]:
    """A state with an attack awaiting an answer, as JSON data."""
    etat = ch.agir(aller_a(yang_et_guo(), 15), "Yang", "attaque_rapide", cible="Guo", resultat="reussite")
    return json.loads(json.dumps(ch.etat_en_dict(etat)))


def modifier(chemin: tuple[Any, ...], valeur: Any) -> dict[str, Any]:
    """The reference state with one field replaced (``...`` as value deletes it)."""
    donnees = etat_de_reference()
    cible = donnees
    for cle in chemin[:-1]:
        cible = cible[cle]
    if valeur is ...:
        del cible[chemin[-1]]
    else:
        cible[chemin[-1]] = valeur
    return donnees


class TestEtatDepuisDict:
    def test_aller_retour(self) -> None:
        """A state with a pending attack survives JSON."""
        donnees = etat_de_reference()
        etat = ch.etat_depuis_dict(donnees)
        assert etat.attaque_en_cours == ch.AttaqueEnCours("Yang", "Guo", 15, "attaque_rapide", R)
        assert ch.etat_en_dict(etat) == donnees

    @pytest.mark.parametrize(
        ("chemin", "valeur", "champ"),
        [
            (("passe",), ..., "passe"),
            (("passe",), -1, "passe"),
            (("numero_round",), 0, "numero_round"),
            (("combattants",), [], "combattants"),
            (("combattants",), {"a": 1}, "combattants"),
            (("combattants", 0), "Yang", "combattant"),
            (("combattants", 0, "init"), ..., "init"),
            (("combattants", 0, "longueur"), "geante", "longueur"),
            (("combattants", 0, "en_garde"), "oui", "en_garde"),
            (("combattants", 0, "modificateur_longueur"), 2, "modificateur_longueur"),
            (("combattants", 0, "bonus_premier_round"), 7, "bonus_premier_round"),
            (("combattants", 0, "riposte_a"), -1, "riposte_a"),
            (("combattants", 1, "nom"), "Yang", "nom"),
            (("journal",), "texte", "journal"),
            (("journal",), [1, 2], "journal"),
            (("attaque_en_cours", "cible"), "Wu", "cible"),
            (("attaque_en_cours", "action"), "parade_rapide", "action"),
            (("attaque_en_cours", "resultat"), "touche", "resultat"),
            (("attaque_en_cours", "passe"), ..., "passe"),
            (("attaque_en_cours",), [], "attaque_en_cours"),
        ],
    )
    def test_refus(self, chemin: tuple[Any, ...], valeur: Any, champ: str) -> None:
        """Every field is checked: a tampered state is an InputError naming the field."""
        with pytest.raises(InputError) as erreur:
            ch.etat_depuis_dict(modifier(chemin, valeur))
        assert erreur.value.champ == champ

    def test_pas_un_objet(self) -> None:
        """The state is an object."""
        with pytest.raises(InputError) as erreur:
            ch.etat_depuis_dict([1, 2])
        assert erreur.value.champ == "etat"

    def test_attaque_sans_resultat(self) -> None:
        """An attack without a result is kept as such."""
        donnees = modifier(("attaque_en_cours", "resultat"), None)
        assert ch.etat_depuis_dict(donnees).attaque_en_cours.resultat is None  # type: ignore[union-attr]


# -- Propriétés : marche aléatoire, JSON, cohérence actions_possibles / agir ------------------------------

participants_aleatoires = st.lists(
    st.fixed_dictionaries(
        {
            "init": st.integers(0, 20),
            "fv": st.integers(1, 5),
            "camp": st.sampled_from(["A", "B", "C"]),
            "longueur": st.sampled_from([None, *ch.LONGUEURS]),
            "resultat": st.sampled_from([r.value for r in Resultat]),
            "choix": st.sampled_from(ch.CHOIX_DU_PREMIER_ROUND),
            "d6": st.integers(1, 6),
        }
    ),
    min_size=1,
    max_size=6,
)


def parametres(data: st.DataObject, etat: EtatDeCombat, nom: str, action: str) -> dict[str, Any]:
    """Draw plausible parameters for ``action`` by ``nom``."""
    autres = [x.nom for x in etat.combattants if x.nom != nom]
    definition = ch.ACTIONS[action]
    options: dict[str, Any] = {}
    if definition.attaque and definition.genre != "reaction" and autres:
        options["cible"] = data.draw(st.sampled_from([None, *autres]))
    if action == "mouvement":
        options["metres"] = data.draw(st.integers(1, max(1, c(etat, nom).init // 2)))
    if action == "concentration" and not c(etat, nom).sortilege_pm:
        options["pm"] = data.draw(st.integers(1, 12))
    options["resultat"] = data.draw(st.sampled_from([None, *(r.value for r in Resultat)]))
    return options


@settings(max_examples=80, deadline=None)
@given(participants_aleatoires, st.data())
def test_marche_aleatoire(entrees: list[dict[str, Any]], data: st.DataObject) -> None:
    """Random play: possible actions succeed, refused ones raise InputError, Init stays >= 0, JSON holds."""
    etat = ch.creer_combat(
        [seul(f"C{i}", e.pop("init"), **e) for i, e in enumerate(entrees)]  # type: ignore[arg-type]
    )
    departs = {x.nom: x.init for x in etat.combattants}
    for _ in range(40):
        nom = data.draw(st.sampled_from([x.nom for x in etat.combattants]))
        actions = ch.actions_possibles(etat, nom)
        permises = [a.action for a in actions if a.possible]
        refusees = [a.action for a in actions if not a.possible]
        refusee = data.draw(st.sampled_from(refusees))
        with pytest.raises(InputError):
            ch.agir(etat, nom, refusee, **parametres(data, etat, nom, refusee))
        choix = data.draw(st.sampled_from([*permises, "passe", "round"]))
        longueur = len(etat.journal)
        if choix == "round":
            etat = ch.round_suivant(etat)
        elif choix == "passe":
            if etat.passe == 0:
                with pytest.raises(InputError):
                    ch.passe_suivante(etat)
                etat = ch.round_suivant(etat)
            else:
                etat = ch.passe_suivante(etat)
        else:
            etat = ch.agir(etat, nom, choix, **parametres(data, etat, nom, choix))
        assert len(etat.journal) > longueur
        assert all(x.init >= 0 or x.init == departs[x.nom] for x in etat.combattants)
        assert ch.etat_depuis_dict(json.loads(json.dumps(ch.etat_en_dict(etat)))) == etat


@settings(max_examples=200)
@given(
    st.sampled_from(list(ch.ACTIONS)),
    st.sampled_from(["Yang", "Guo", "Wu", "", None, 3]),
    st.fixed_dictionaries(
        {},
        optional={
            "cible": st.one_of(
                st.none(), st.text(max_size=5), st.integers(), st.sampled_from(["Yang", "Guo"])
            ),
            "metres": st.one_of(st.none(), st.integers(-3, 30), st.text(max_size=3), st.floats()),
            "pm": st.one_of(st.none(), st.integers(-3, 30), st.text(max_size=3)),
            "resultat": st.one_of(
                st.none(), st.text(max_size=5), st.sampled_from([r.value for r in Resultat])
            ),
        },
    ),
)
def test_entrees_hostiles(action: str, nom: Any, options: dict[str, Any]) -> None:
    """Any input to agir either works or raises a RulesError subclass."""
    with contextlib.suppress(RulesError):
        ch.agir(yang_et_guo(), nom, action, **options)


@settings(max_examples=100)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=4),
        lambda enfants: (
            st.lists(enfants, max_size=3) | st.dictionaries(st.text(max_size=8), enfants, max_size=4)
        ),
        max_leaves=12,
    )
)
def test_etat_hostile(donnees: Any) -> None:
    """Any JSON value given as a state either reads back or raises a RulesError subclass."""
    with contextlib.suppress(RulesError):
        ch.etat_depuis_dict(donnees)


# -- Performance -----------------------------------------------------------------------------------------


def un_round_a_six() -> EtatDeCombat:
    """A whole round, 3 against 3: each attacks quickly at their pass, the target parries when it can."""
    etat = ch.creer_combat([seul(f"C{i}", 10 + i, fv=2 + i % 3, camp="AB"[i % 2]) for i in range(6)])
    while True:
        for nom in ch.combattants_a_cette_passe(etat):
            adversaire = next(x.nom for x in etat.combattants if x.camp != c(etat, nom).camp)
            if possible(etat, nom, "attaque_rapide").possible:
                etat = ch.agir(etat, nom, "attaque_rapide", cible=adversaire, resultat="reussite")
                if possible(etat, adversaire, "parade_rapide").possible:
                    etat = ch.agir(etat, adversaire, "parade_rapide", resultat="reussite")
            else:
                etat = ch.agir(etat, nom, "attente")
        if etat.passe == 0:
            return etat
        etat = ch.passe_suivante(etat)


def test_round_a_six_aller_retour() -> None:
    """One heroic round of 6 combatants survives a JSON round trip (its speed: ``benchmarks/moteur.py``)."""
    etat = un_round_a_six()
    assert len(etat.journal) > 20
    assert ch.etat_depuis_dict(json.loads(json.dumps(ch.etat_en_dict(etat)))) == etat


# -- Le décompte vu du compteur : commencé, passe utile, passe visée, cible par défaut ---------------------


class TestDecompte:
    def test_commence_apres_une_action_une_passe_ou_un_round(self) -> None:
        """A fight set up is not started; an action, a pass or a round starts it."""
        etat = yang_et_guo()
        assert not ch.commence(etat)
        assert ch.commence(ch.agir(etat, "Yang", "attente"))
        assert ch.commence(ch.passe_suivante(etat))
        assert ch.commence(ch.round_suivant(etat))

    def test_prochaine_passe_utile(self) -> None:
        """l.118: at 15 only Yang acts; the next useful pass is Guo's 13, then none below 0."""
        etat = yang_et_guo()
        assert ch.prochaine_passe_utile(etat) == 13
        etat = ch.aller_a_la_passe(etat, 13)
        assert ch.prochaine_passe_utile(etat) == 0

    @pytest.mark.parametrize(("passe", "attendue"), [(14, 14), (13, 13), (0, 0)])
    def test_aller_a_la_passe(self, passe: int, attendue: int) -> None:
        """Counting down to a lower pass of the round."""
        assert ch.aller_a_la_passe(yang_et_guo(), passe).passe == attendue

    @pytest.mark.parametrize("passe", [15, 16, -1, "x"])
    def test_une_passe_visee_impossible(self, passe: object) -> None:
        """A pass not below the count (or not a number) is refused on the field jusqu_a."""
        with pytest.raises(InputError) as erreur:
            ch.aller_a_la_passe(yang_et_guo(), passe)
        assert erreur.value.champ == "jusqu_a"

    def test_la_cible_par_defaut_est_le_seul_adversaire(self) -> None:
        """One opponent: the attack aims at him; a reaction or a move has no target."""
        etat = yang_et_guo()
        assert ch.cible_de_l_attaque(etat, "Yang", "attaque_normale", None) == "Guo"
        assert ch.cible_de_l_attaque(etat, "Yang", "attaque_normale", "Wu") == "Wu"
        assert ch.cible_de_l_attaque(etat, "Yang", "parade_rapide", None) is None
        assert ch.cible_de_l_attaque(etat, "Yang", "mouvement", None) is None

    def test_plusieurs_adversaires_il_faut_nommer_la_cible(self) -> None:
        """Two opponents: the target must be named (field cible); alone in one camp: no target."""
        etat = ch.creer_combat([seul("A", camp="1"), seul("B", camp="2"), seul("C", camp="2")])
        with pytest.raises(InputError) as erreur:
            ch.cible_de_l_attaque(etat, "A", "attaque_rapide", None)
        assert erreur.value.champ == "cible" and "B, C" in erreur.value.message
        seuls = ch.creer_combat([seul("A", camp="1"), seul("B", camp="1")])
        assert ch.cible_de_l_attaque(seuls, "A", "attaque_rapide", None) is None

    def test_sans_camp_un_combattant_est_son_propre_camp(self) -> None:
        """A participant with no camp is a camp of its own: its name."""
        etat = ch.creer_combat([{k: v for k, v in seul("Loup").items() if k != "camp"}])
        assert etat.combattants[0].camp == "Loup"

    @pytest.mark.parametrize(("valeur", "attendu"), [(" Yang ", "Yang"), ("Wu", "Wu")])
    def test_nom_de_combattant(self, valeur: str, attendu: str) -> None:
        """A name loses its surrounding spaces."""
        assert ch.nom_de_combattant(valeur, "Nom") == attendu

    @pytest.mark.parametrize("valeur", ["", "   ", 3, None, "Y" * 61])
    def test_nom_de_combattant_refuse(self, valeur: object) -> None:
        """Empty, not a text, or more than 60 characters: refused, naming the label."""
        with pytest.raises(InputError, match="« Nom »"):
            ch.nom_de_combattant(valeur, "Nom")


class TestActionsPerdues:
    def test_qui_peut_agir_a_sa_passe_perd_son_action(self) -> None:
        """B9: one acts when the count reaches one's Init; past it, only defences are left."""
        etat = yang_et_guo()
        assert ch.actions_perdues(etat) == (
            ch.PerteDAction("Yang", "perd son action de la passe 15 : ce round, plus que des défenses"),
        )
        apres = ch.passe_suivante(etat)
        assert ch.actions_possibles(apres, "Yang")[0].raison == (
            "Yang a laissé passer sa passe (15) : ce round, plus que des défenses pour Yang."
        )
        assert ch.actions_perdues(ch.agir(etat, "Yang", "se_mettre_en_garde")) == ()

    def test_une_defense_et_une_riposte_se_perdent_aussi(self) -> None:
        """An attack not answered is lost at the next pass; so is a riposte due at this pass (B10)."""
        etat = ch.agir(yang_et_guo(), "Yang", "se_mettre_en_garde")
        etat = ch.aller_a_la_passe(etat, 13)
        etat = ch.agir(etat, "Guo", "attaque_rapide", cible="Yang", resultat="reussite")
        perte = ch.PerteDAction("Yang", "ne se défend plus contre l'attaque de Guo")
        assert ch.actions_perdues(etat) == (perte,)
        etat = ch.passe_suivante(ch.agir(etat, "Yang", "parade_en_garde", resultat="reussite_critique"))
        assert ch.annonce_des_pertes(etat) == "À la passe suivante, Yang perd sa riposte de la passe 12."
        assert ch.actions_perdues(ch.aller_a_la_passe(etat, 0)) == ()

    def test_personne_ne_perd_rien_hors_de_sa_passe(self) -> None:
        """Nobody at this pass, or the round over: nothing to announce."""
        etat = ch.aller_a_la_passe(ch.agir(yang_et_guo(), "Yang", "se_mettre_en_garde"), 14)
        assert (ch.actions_perdues(etat), ch.annonce_des_pertes(etat)) == ((), "")


CHOC = "jet sous PV × 5 (35 %) pour rester debout."


class TestRetirerEtBlesser:
    def test_un_combattant_se_retire_a_tout_moment(self) -> None:
        """A fallen or fleeing fighter leaves; an attack involving them is dropped; the last one stays."""
        etat = ch.aller_a_la_passe(ch.agir(yang_et_guo(), "Yang", "attente"), 13)
        etat = ch.agir(etat, "Guo", "attaque_rapide", cible="Yang")
        apres = ch.retirer(etat, "Yang")
        assert ([c.nom for c in apres.combattants], apres.attaque_en_cours) == (["Guo"], None)
        assert apres.journal[-1] == "Passe 13 : Yang quitte le combat."
        with pytest.raises(InputError, match="seul dans le combat"):
            ch.retirer(apres, "Guo")
        with pytest.raises(InputError, match="Aucun combattant"):
            ch.retirer(apres, "Wu")

    @pytest.mark.parametrize(
        ("degats", "pv", "grave", "choc", "hors", "fin"),
        [
            pytest.param(0, 14, False, None, False, ".", id="rien"),
            pytest.param(6, 8, False, None, False, ".", id="moins de la moitie"),
            pytest.param(7, 7, True, 35, False, f" — blessure grave : {CHOC}", id="B6 la moitie des PV"),
            pytest.param(14, 0, True, None, True, " — hors de combat.", id="0 PV"),
        ],
    )
    def test_les_pv_baissent(
        self, degats: int, pv: int, grave: bool, choc: int | None, hors: bool, fin: str
    ) -> None:
        """B6: one hit of half the initial PV or more asks a roll under the current PV x 5."""
        depart = ch.creer_combat([Participant("Yang", "Yang", 12, 12, 3, "moyenne", R, "init", 3, pv=14)])
        b = ch.blessure(depart.combattants[0], degats)
        assert (b.pv_apres, b.grave, b.seuil_de_choc, b.hors_de_combat) == (pv, grave, choc, hors)
        apres = ch.blesser(depart, "Yang", degats)
        assert apres.journal[-1] == f"Passe 15 : Yang perd {degats} PV (14 → {pv}){fin}"
        assert ch.etat_depuis_dict(json.loads(json.dumps(ch.etat_en_dict(apres)))) == apres

    def test_sans_pv_declares_rien_a_perdre(self) -> None:
        """PV not followed: « Blesser » says so; a state written before PV existed still reads."""
        etat = yang_et_guo()
        with pytest.raises(InputError, match="ne sont pas suivis"):
            ch.blesser(etat, "Yang", 3)
        ancien = ch.etat_en_dict(etat)
        for c in ancien["combattants"]:  # type: ignore[union-attr]
            del c["pv"], c["pv_max"]
        assert ch.etat_depuis_dict(ancien) == etat


class TestCoupPorte:
    def test_le_coup_porte_fait_l_aller_retour_et_un_coup_abime_est_refuse(self) -> None:
        """The hit whose damage may be rolled survives the page's JSON; an unknown issue is refused."""
        etat = ch.agir(
            ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO),
            "Yang",
            "attaque_normale",
            cible="Guo",
            resultat="reussite",
        )
        assert etat.coup == ch.CoupPorte("Yang", "Guo", "normale")
        donnees = json.loads(json.dumps(ch.etat_en_dict(etat)))
        assert ch.etat_depuis_dict(donnees) == etat
        with pytest.raises(InputError, match="issue"):
            ch.etat_depuis_dict({**donnees, "coup": {"attaquant": "Yang", "cible": "Guo", "issue": "ratee"}})

    @pytest.mark.parametrize(
        ("attaque", "reaction", "defense", "coup"),
        [
            ("reussite", None, None, "normale"),
            ("echec", None, None, None),
            ("reussite", "parade_rapide", "reussite", None),
            ("reussite", "parade_rapide", "echec", "normale"),
            ("reussite_critique", "esquive_rapide", "reussite", "normale"),
            ("reussite", "parade_rapide", None, None),
        ],
    )
    def test_une_defense_decide_si_le_coup_porte(
        self, attaque: str, reaction: str | None, defense: str | None, coup: str | None
    ) -> None:
        """B1: a parry or dodge blocks a normal hit, turns a critical into a normal one; unknown: no hit."""
        etat = ch.agir(
            ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO), "Yang", "attaque_normale", cible="Guo", resultat=attaque
        )
        if reaction is not None:
            etat = ch.agir(etat, "Guo", reaction, resultat=defense)
        assert (etat.coup and etat.coup.issue) == coup

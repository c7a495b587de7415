"""Combat (4.2, ``docs/basic-kar/combat.md``).

The serious wound, darkness, fighting on the ground, surprise, and knocking an opponent out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from rules_py.basic_kar.lecture import _score
from rules_py.basic_kar.opposition import _chance_de_resistance, _resoudre_resistance
from rules_py.d100 import D100, arrondi_superieur, lire_jet
from rules_py.errors import InputError
from rules_py.validation import booleen, choix, entier

__all__ = [
    "ACTIONS_DE_COMBAT",
    "BONUS_ADVERSAIRE_AU_SOL",
    "MALUS_D_OBSCURITE",
    "MINIMUM_DANS_L_OBSCURITE",
    "Assommer",
    "BlessureGrave",
    "JetDeChoc",
    "SeuilEnSituation",
    "chance_d_assommer",
    "est_une_blessure_grave",
    "lancer_assommer",
    "lancer_blessure_grave",
    "lancer_reprise",
    "probabilite_assommer",
    "probabilite_de_tenir",
    "reprendre_le_combat",
    "resoudre_assommer",
    "resoudre_blessure_grave",
    "seuil_de_choc",
    "seuil_en_situation",
]


# -- 4.2.1 Blessure grave (B6) --------------------------------------------------------------------


def _pv(pv_max: object, pv_avant: object, degats: object) -> tuple[int, int, int]:
    maximum = entier(pv_max, "pv_max", minimum=1)
    return (
        maximum,
        entier(pv_avant, "pv_avant", minimum=1, maximum=maximum),
        entier(degats, "degats", minimum=0),
    )


def est_une_blessure_grave(pv_max: object, degats: object) -> bool:
    """Whether one hit takes at least half of the initial PV (damage x 2 >= PV max).

    >>> est_une_blessure_grave(14, 8), est_une_blessure_grave(14, 7), est_une_blessure_grave(14, 6)
    (True, True, False)
    """
    return entier(degats, "degats", minimum=0) * 2 >= entier(pv_max, "pv_max", minimum=1)


def _seuil_de_choc(pv: int) -> int:
    return max(0, 5 * pv)


def seuil_de_choc(pv: object) -> int:
    """The chance to bear the shock: current PV x 5 (0 at 0 PV or less).

    >>> seuil_de_choc(6)
    30
    """
    return _seuil_de_choc(entier(pv, "pv"))


def _tient(pv: int, jet: int) -> bool:
    return jet <= _seuil_de_choc(pv)


@dataclass(frozen=True, slots=True)
class BlessureGrave:
    """One hit: PV after it, whether it is a serious wound and, if so, the shock roll."""

    pv_max: int
    pv_avant: int
    degats: int
    pv_apres: int
    grave: bool
    hors_de_combat: bool
    seuil: int | None
    jet: int | None
    effondre: bool


def _choc_requis(maximum: int, avant: int, valeur: int) -> bool:
    return valeur * 2 >= maximum and avant - valeur > 0


def _resoudre_blessure_grave(maximum: int, avant: int, valeur: int, jet: int | None) -> BlessureGrave:
    apres = avant - valeur
    grave = valeur * 2 >= maximum
    if not _choc_requis(maximum, avant, valeur):
        return BlessureGrave(maximum, avant, valeur, apres, grave, apres <= 0, None, None, apres <= 0)
    assert jet is not None
    return BlessureGrave(
        maximum, avant, valeur, apres, True, False, _seuil_de_choc(apres), jet, not _tient(apres, jet)
    )


def resoudre_blessure_grave(
    pv_max: object, pv_avant: object, degats: object, jet: object = None
) -> BlessureGrave:
    """The serious-wound check: roll under PV x 5 after the hit; failure, the victim collapses.

    At 0 PV or less the victim is out of the fight (BaSIC's own rules) and no roll is made.

    >>> b = resoudre_blessure_grave(14, 14, 8, 54)
    >>> b.pv_apres, b.seuil, b.effondre
    (6, 30, True)
    """
    maximum, avant, valeur = _pv(pv_max, pv_avant, degats)
    if not _choc_requis(maximum, avant, valeur):
        return _resoudre_blessure_grave(maximum, avant, valeur, None)
    if jet is None:
        raise InputError("Blessure grave : il faut un jet de d100 sous PV × 5.", champ="jet")
    return _resoudre_blessure_grave(maximum, avant, valeur, lire_jet(jet))


def lancer_blessure_grave(
    pv_max: object, pv_avant: object, degats: object, rng: random.Random, jet: int | None = None
) -> BlessureGrave:
    """Apply a hit; the shock roll, when it is a serious wound, read (``jet``) or rolled with ``rng``.

    >>> from rules_py.dice import new_rng
    >>> lancer_blessure_grave(14, 14, 3, new_rng(1)).grave
    False
    >>> lancer_blessure_grave(14, 14, 8, new_rng(1), 54).effondre
    True
    """
    maximum, avant, valeur = _pv(pv_max, pv_avant, degats)
    if not _choc_requis(maximum, avant, valeur):
        return _resoudre_blessure_grave(maximum, avant, valeur, None)
    return _resoudre_blessure_grave(
        maximum, avant, valeur, rng.randint(1, 100) if jet is None else lire_jet(jet)
    )


@dataclass(frozen=True, slots=True)
class JetDeChoc:
    """A later round's roll under PV x 5 to act again after collapsing."""

    pv: int
    seuil: int
    jet: int
    reussi: bool


def reprendre_le_combat(pv: object, jet: object) -> JetDeChoc:
    """A collapsed character's roll under current PV x 5, in a later round, to act again.

    >>> reprendre_le_combat(6, 30).reussi
    True
    """
    valeur, lu = entier(pv, "pv", minimum=1), lire_jet(jet)
    return JetDeChoc(valeur, _seuil_de_choc(valeur), lu, _tient(valeur, lu))


def lancer_reprise(
    pv_max: object, pv_avant: object, degats: object, rng: random.Random, jet: int | None = None
) -> JetDeChoc:
    """After collapsing from the hit, a later round's roll under PV x 5, read (``jet``) or rolled.

    >>> from rules_py.dice import new_rng
    >>> lancer_reprise(14, 14, 8, new_rng(1), 30).reussi
    True
    """
    _, avant, valeur = _pv(pv_max, pv_avant, degats)
    if avant - valeur <= 0:
        raise InputError("Avec 0 PV ou moins, le personnage est hors de combat : pas de jet.", champ="degats")
    return reprendre_le_combat(avant - valeur, rng.randint(1, 100) if jet is None else jet)


def probabilite_de_tenir(pv: object) -> Fraction:
    """The exact chance to bear the shock (or to get up) with ``pv`` current PV.

    >>> probabilite_de_tenir(6)
    Fraction(3, 10)
    """
    valeur = entier(pv, "pv")
    return D100.probability_where(lambda jet: _tient(valeur, jet))


# -- 4.2.2 - 4.2.4 Obscurité, combat au sol, surprise (B7) ---------------------------------------

ACTIONS_DE_COMBAT: tuple[str, ...] = ("attaque", "parade", "esquive")
"""The skills these modifiers touch."""

BONUS_ADVERSAIRE_AU_SOL = 20
MALUS_D_OBSCURITE = 75
MINIMUM_DANS_L_OBSCURITE = 5


@dataclass(frozen=True, slots=True)
class SeuilEnSituation:
    """A combat threshold after the modifiers, step by step (``possible`` False: surprised)."""

    score: int
    action: str
    seuil: int
    possible: bool
    etapes: tuple[tuple[str, int], ...]


def seuil_en_situation(
    score: object,
    action: object = "attaque",
    *,
    lutte: object = False,
    au_sol: object = False,
    adversaire_au_sol: object = False,
    obscurite: object = False,
    attaque_par_surprise: object = False,
    surpris: object = False,
) -> SeuilEnSituation:
    """Apply in order the ground (own / 2 rounded up, opponent +20), darkness (-75, min 5), surprise (x 2).

    Darkness spares *Lutte* and never raises a threshold already below 5.

    >>> seuil_en_situation(70, adversaire_au_sol=True, obscurite=True).seuil
    15
    >>> seuil_en_situation(50, obscurite=True, attaque_par_surprise=True).seuil
    10
    """
    valeur = _score(score)
    genre = choix(action, "action", ACTIONS_DE_COMBAT)
    drapeaux = {
        nom: booleen(v, nom)
        for nom, v in (
            ("lutte", lutte),
            ("au_sol", au_sol),
            ("adversaire_au_sol", adversaire_au_sol),
            ("obscurite", obscurite),
            ("attaque_par_surprise", attaque_par_surprise),
            ("surpris", surpris),
        )
    }
    if drapeaux["attaque_par_surprise"] and genre != "attaque":
        raise InputError(
            "La surprise double les chances d'attaque de l'assaillant, pas ses parades ni ses esquives.",
            champ="attaque_par_surprise",
        )
    if drapeaux["attaque_par_surprise"] and drapeaux["surpris"]:
        raise InputError("Un combattant ne peut pas à la fois surprendre et être surpris.", champ="surpris")
    etapes: list[tuple[str, int]] = [("Score", valeur)]
    seuil = valeur
    if drapeaux["au_sol"]:
        seuil = arrondi_superieur(seuil, 2)
        etapes.append(("Au sol : divisé par 2 (arrondi au-dessus)", seuil))
    if drapeaux["adversaire_au_sol"]:
        seuil += BONUS_ADVERSAIRE_AU_SOL
        etapes.append((f"Adversaire au sol : +{BONUS_ADVERSAIRE_AU_SOL}", seuil))
    if drapeaux["obscurite"] and not drapeaux["lutte"]:
        seuil = min(seuil, max(MINIMUM_DANS_L_OBSCURITE, seuil - MALUS_D_OBSCURITE))
        etapes.append((f"Obscurité : -{MALUS_D_OBSCURITE} (minimum {MINIMUM_DANS_L_OBSCURITE})", seuil))
    elif drapeaux["obscurite"]:
        etapes.append(("Obscurité : sans effet sur la Lutte", seuil))
    if drapeaux["attaque_par_surprise"]:
        seuil *= 2
        etapes.append(("Attaque par surprise : × 2", seuil))
    if drapeaux["surpris"]:
        etapes.append(("Surpris : ni attaque, ni parade, ni esquive", 0))
        return SeuilEnSituation(valeur, genre, 0, False, tuple(etapes))
    return SeuilEnSituation(valeur, genre, seuil, True, tuple(etapes))


# -- 4.2.5 Assommer un adversaire (B5) ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Assommer:
    """A knock-out attempt after a hit: the resistance roll, the hours out, the PV really lost."""

    pv_avant: int
    degats: int
    pv_restants: int
    chance: int
    jet: int | None
    assomme: bool
    heures: int
    pv_perdus: int
    pv_apres: int


def _chance_d_assommer(pv_restants: int, degats: int) -> int:
    if degats == 0:
        return 0
    if pv_restants <= 0:
        return 100
    return _chance_de_resistance(degats, pv_restants)


def _assommer_entrees(pv: object, degats: object, con: object) -> tuple[int, int, int]:
    return entier(pv, "pv", minimum=1), entier(degats, "degats", minimum=0), entier(con, "CON", minimum=0)


def chance_d_assommer(pv: object, degats: object) -> int:
    """Damage (active) against the PV left after it (passive) on the resistance table.

    No damage cannot knock out; a blow that takes the last PV always does (no roll).

    >>> chance_d_assommer(12, 5), chance_d_assommer(12, 0), chance_d_assommer(4, 6)
    (40, 0, 100)
    """
    avant, valeur, _ = _assommer_entrees(pv, degats, 0)
    return _chance_d_assommer(avant - valeur, valeur)


def _resoudre_assommer(avant: int, valeur: int, con: int, jet: int | None) -> Assommer:
    restants = avant - valeur
    chance = _chance_d_assommer(restants, valeur)
    reussi = chance == 100 or (jet is not None and _resoudre_resistance(chance, jet))
    if not reussi:
        return Assommer(avant, valeur, restants, chance, jet, False, 0, valeur, restants)
    perdus = arrondi_superieur(valeur, 3)
    return Assommer(avant, valeur, restants, chance, jet, True, max(1, 21 - con), perdus, avant - perdus)


def resoudre_assommer(pv: object, degats: object, con: object, jet: object = None) -> Assommer:
    """Resolve a knock-out: out for max(1, 21 - CON) hours, and only ceil(damage / 3) PV lost on waking.

    >>> a = resoudre_assommer(12, 5, 11, 40)
    >>> a.chance, a.assomme, a.heures, a.pv_perdus, a.pv_apres
    (40, True, 10, 2, 10)
    """
    avant, valeur, constitution = _assommer_entrees(pv, degats, con)
    chance = _chance_d_assommer(avant - valeur, valeur)
    if chance in (0, 100):
        return _resoudre_assommer(avant, valeur, constitution, None)
    if jet is None:
        raise InputError(f"Chance d'assommer de {chance} % : il faut un jet de d100.", champ="jet")
    return _resoudre_assommer(avant, valeur, constitution, lire_jet(jet))


def lancer_assommer(
    pv: object, degats: object, con: object, rng: random.Random, jet: int | None = None
) -> Assommer:
    """A knock-out with the d100 read (``jet``) or rolled with ``rng``; no die when the chance is 0 or 100.

    >>> from rules_py.dice import new_rng
    >>> lancer_assommer(12, 0, 11, new_rng(1)).assomme, lancer_assommer(12, 5, 11, new_rng(1), 40).heures
    (False, 10)
    """
    avant, valeur, constitution = _assommer_entrees(pv, degats, con)
    chance = _chance_d_assommer(avant - valeur, valeur)
    if chance in (0, 100):
        return _resoudre_assommer(avant, valeur, constitution, None)
    return _resoudre_assommer(
        avant, valeur, constitution, rng.randint(1, 100) if jet is None else lire_jet(jet)
    )


def probabilite_assommer(pv: object, degats: object) -> Fraction:
    """The exact chance that the blow knocks the victim out.

    >>> probabilite_assommer(12, 5)
    Fraction(2, 5)
    """
    avant, valeur, _ = _assommer_entrees(pv, degats, 0)
    return D100.probability_where(lambda jet: _resoudre_assommer(avant, valeur, 0, jet).assomme)

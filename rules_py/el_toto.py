"""El Toto: a pool of d6 (4-5 one success, 6 two, every die on 1 a maladresse).

Sections follow the rules text (``003_3058520c3dea6ba0.txt``): I. the basic
rules (dice, pool size, Points de Vie, Énergie); II. combat (combat potential,
the duel, quick combat, ranged combat, wounds); III. survival.

Every resolution is a pure function of the faces shown. ``lancer_*`` applies it
to dice drawn from an injected ``random.Random``; ``distribution_*`` maps the
same functions over every outcome, so a roll and its odds cannot disagree.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import reduce
from itertools import accumulate
from math import lcm
from types import MappingProxyType
from typing import TypeVar

from rules_py.dice import Distribution
from rules_py.errors import InputError
from rules_py.validation import choix, entier

__all__ = [
    "CHAMPS_DES_LUS_ECHANGE",
    "FACES",
    "MAX_DES",
    "MAX_MODIFICATEUR",
    "MAX_PASSES",
    "MAX_PDC_EXHAUSTIF",
    "NIVEAUX_DE_BLESSURE",
    "REUSSITES_PAR_FACE",
    "Attaque",
    "Blessure",
    "CombatElToto",
    "CombatRapide",
    "Combattant",
    "Conseil",
    "ConseilDuCamp",
    "Critere",
    "DepenseEnergie",
    "Echange",
    "Gravite",
    "Initiative",
    "Jet",
    "LoisCombatRapide",
    "LoisDeLaPasse",
    "LoisDeSurvie",
    "NiveauDeBlessure",
    "Repartition",
    "Sante",
    "Survie",
    "Vainqueur",
    "apres_resistance",
    "blessure",
    "chance_de_la_repartition",
    "chance_de_maladresse",
    "conseils_de_repartition",
    "depenser_energie",
    "des_apres_malus",
    "des_avec_energie",
    "des_d_esquive",
    "des_d_esquive_a_distance",
    "des_de_bagarre",
    "des_de_combat_rapide",
    "des_de_lancer",
    "des_de_riposte",
    "distribution_combat_rapide",
    "distribution_echange",
    "distribution_impact",
    "distribution_jet",
    "distribution_passe",
    "distribution_points_de_vie_perdus",
    "distribution_reussites",
    "distribution_survie",
    "dommages",
    "impact",
    "issue_combat_rapide",
    "jouer_passe",
    "lancer_attaque",
    "lancer_combat_rapide",
    "lancer_echange",
    "lancer_jet",
    "lancer_survie",
    "lois_combat_rapide",
    "lois_survie",
    "meilleure_repartition",
    "meilleure_repartition_exhaustive",
    "mh",
    "nombre_de_des",
    "plages_de_blessure",
    "points_d_energie",
    "points_de_vie",
    "potentiel_de_combat",
    "repartir",
    "resoudre_attaque",
    "resoudre_combat_rapide",
    "resoudre_initiative",
    "resoudre_jet",
    "resoudre_survie",
    "reussites_du_de",
    "somme_des_dommages",
]

S = TypeVar("S", bound=Hashable)
T = TypeVar("T", bound=Hashable)

FACES = 6
"""El Toto rolls d6 only."""
REUSSITES_PAR_FACE = MappingProxyType({1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2})
"""Successes shown by each face: 1-3 échec, 4-5 one success, 6 two."""
MAX_DES = 100
"""The largest pool rolled or given odds (the project's limit of 100 dice per term)."""
MAX_MODIFICATEUR = 100
"""The largest weapon bonus or survival modifier, in either direction."""
MAX_PDC_EXHAUSTIF = 30
"""The largest PdC the exhaustive best-split search accepts (about half a second)."""


# -- shared checks -------------------------------------------------------------------


def _nombre(valeur: object, champ: str) -> int:
    """A number of dice: 0..MAX_DES."""
    return entier(valeur, champ, minimum=0, maximum=MAX_DES)


def _score(valeur: object, champ: str) -> int:
    """A characteristic, talent or skill score: an integer >= 0."""
    return entier(valeur, champ, minimum=0)


def _modificateur(valeur: object, champ: str) -> int:
    """A signed modifier: -MAX_MODIFICATEUR..MAX_MODIFICATEUR."""
    return entier(valeur, champ, minimum=-MAX_MODIFICATEUR, maximum=MAX_MODIFICATEUR)


def _booleen(valeur: object, champ: str) -> bool:
    """A true/false input: a real ``bool`` only."""
    if not isinstance(valeur, bool):
        raise InputError(f"« {champ} » doit valoir vrai ou faux.", champ=champ)
    return valeur


def _faces(des: object, champ: str) -> tuple[int, ...]:
    """The faces of a pool read from the table: a list of 0..MAX_DES values, each 1..6."""
    if not isinstance(des, list | tuple):
        raise InputError(f"« {champ} » doit être une liste de faces de d6 (de 1 à 6).", champ=champ)
    if len(des) > MAX_DES:
        raise InputError(f"« {champ} » compte {len(des)} dés : au plus {MAX_DES}.", champ=champ)
    try:
        return tuple(entier(face, champ, minimum=1, maximum=FACES) for face in des)
    except InputError as erreur:
        raise InputError(f"Un d6 montre une face de 1 à 6. {erreur.message}", champ=champ) from None


def _enchainer(premier: Distribution[S], suite: Callable[[S], Distribution[T]]) -> Distribution[tuple[S, T]]:
    """The joint distribution of ``s`` then ``suite(s)``: each branch scaled to a common total."""
    branches = {issue: suite(issue) for issue in premier}
    commun = lcm(*(branche.total for branche in branches.values()))
    compte: dict[tuple[S, T], int] = {}
    for issue, nombre in premier.counts.items():
        branche = branches[issue]
        echelle = commun // branche.total
        for suivante, autre in branche.counts.items():
            compte[(issue, suivante)] = compte.get((issue, suivante), 0) + nombre * autre * echelle
    return Distribution(compte)


# =====================================================================================
# I. Règles de base
# =====================================================================================

# -- Les dés (C1) --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Jet:
    """A rolled pool: the faces shown, their successes, and whether it is a maladresse."""

    des: tuple[int, ...]
    reussites: int
    maladresse: bool

    @property
    def reussi(self) -> bool:
        """True when the pool shows at least one success (a pool of 0 dice always fails)."""
        return self.reussites > 0


def _resume_de(face: int) -> tuple[int, bool]:
    """One die as (successes, shows 1)."""
    return REUSSITES_PAR_FACE[face], face == 1


def _cumuler(etat: tuple[int, bool], de: tuple[int, bool]) -> tuple[int, bool]:
    """Add one die to the running (successes, every die so far shows 1)."""
    return etat[0] + de[0], etat[1] and de[1]


_DEPART = (0, True)
_DE = Distribution.die(FACES).map(_resume_de)


def _conclure(etat: tuple[int, bool], nombre: int) -> tuple[int, bool]:
    """(successes, maladresse): a maladresse needs at least one die, all on 1."""
    return etat[0], etat[1] and nombre > 0


def _resoudre(faces: tuple[int, ...]) -> Jet:
    """The pure resolution of valid faces."""
    reussites, maladresse = _conclure(reduce(_cumuler, map(_resume_de, faces), _DEPART), len(faces))
    return Jet(faces, reussites, maladresse)


def _tirer(nombre: int, rng: random.Random) -> tuple[int, ...]:
    """``nombre`` d6 drawn from ``rng``."""
    return tuple(rng.randint(1, FACES) for _ in range(nombre))


def _des(nombre: int) -> str:
    """A number of dice in words: ``0 dé``, ``1 dé``, ``3 dés``."""
    return f"{nombre} dé" + ("s" if nombre > 1 else "")


def _lus_ou_tires(lus: object, nombre: int, champ: str, rng: random.Random) -> tuple[int, ...]:
    """The faces read on the table for a roll of ``nombre`` dice, or dice drawn when ``lus`` is None."""
    if lus is None:
        return _tirer(nombre, rng)
    faces = _faces(lus, champ)
    if len(faces) != nombre:
        raise InputError(
            f"« {champ} » : ce jet se lance avec {_des(nombre)}, et {_des(len(faces))} "
            f"{'ont' if len(faces) > 1 else 'a'} été entré{'s' if len(faces) > 1 else ''}.",
            champ=champ,
        )
    return faces


def _distribution(nombre: int) -> Distribution[tuple[int, bool]]:
    """The joint (successes, maladresse) of ``nombre`` dice: the one-die fold, convolved."""
    etat: Distribution[tuple[int, bool]] = Distribution.certain(_DEPART)
    for _ in range(nombre):
        etat = etat.combine(_DE, _cumuler)
    return etat.map(lambda e: _conclure(e, nombre))


def _reussites(nombre: int) -> Distribution[int]:
    """The successes of ``nombre`` dice (no limit check: a riposte may add one die)."""
    return _distribution(nombre).map(lambda issue: issue[0])


def reussites_du_de(face: object) -> int:
    """The successes one d6 shows: 1-3 none, 4-5 one, 6 two.

    >>> [reussites_du_de(face) for face in range(1, 7)]
    [0, 0, 0, 1, 1, 2]
    """
    return REUSSITES_PAR_FACE[entier(face, "face", minimum=1, maximum=FACES)]


def resoudre_jet(des: object) -> Jet:
    """The successes of a pool read from the table; every die on 1 is a maladresse.

    >>> resoudre_jet([6, 4, 2])
    Jet(des=(6, 4, 2), reussites=3, maladresse=False)
    >>> resoudre_jet([1, 1]).maladresse, resoudre_jet([]).reussi
    (True, False)
    """
    return _resoudre(_faces(des, "des"))


def lancer_jet(nombre_de_des: object, *, rng: random.Random, des_lus: object = None) -> Jet:
    """Roll a pool of ``nombre_de_des`` d6 with ``rng``, or resolve the ``des_lus`` read on the table.

    The faces read must be as many as the pool's dice (field ``des``).

    >>> from rules_py.dice import new_rng
    >>> lancer_jet(3, rng=new_rng(1))
    Jet(des=(2, 5, 1), reussites=1, maladresse=False)
    >>> lancer_jet(2, rng=new_rng(1), des_lus=[6, 1]).reussites
    2
    """
    return _resoudre(_lus_ou_tires(des_lus, _nombre(nombre_de_des, "nombre_de_des"), "des", rng))


def distribution_jet(nombre_de_des: object) -> Distribution[tuple[int, bool]]:
    """The exact distribution of (successes, maladresse) for a pool.

    >>> distribution_jet(2).probability((0, True))
    Fraction(1, 36)
    """
    return _distribution(_nombre(nombre_de_des, "nombre_de_des"))


def chance_de_maladresse(nombre_de_des: object) -> Fraction:
    """The chance that every die of a pool shows 1 (0 for a pool of 0 dice).

    >>> chance_de_maladresse(2), chance_de_maladresse(0)
    (Fraction(1, 36), Fraction(0, 1))
    """
    return distribution_jet(nombre_de_des).probability_where(lambda issue: issue[1])


def distribution_reussites(nombre_de_des: object) -> Distribution[int]:
    """The exact distribution of the successes of a pool.

    >>> distribution_reussites(1).probabilities()
    {0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)}
    """
    return _reussites(_nombre(nombre_de_des, "nombre_de_des"))


# -- Nombre de dés lancés ------------------------------------------------------------


def nombre_de_des(capacite_ou_aptitude: object, talent_ou_competence: object) -> int:
    """Dice rolled: Capacité + Talent, or Aptitude + Compétence (two scores, as in every roll of the text).

    >>> nombre_de_des(3, 2)
    5
    """
    return _score(capacite_ou_aptitude, "capacite_ou_aptitude") + _score(
        talent_ou_competence, "talent_ou_competence"
    )


def des_apres_malus(nombre_de_des: object, malus: object) -> int:
    """A pool less a malus in dice; it never falls below 0 dice (and 0 dice fails).

    >>> des_apres_malus(6, 3), des_apres_malus(2, 3)
    (3, 0)
    """
    return max(0, _score(nombre_de_des, "nombre_de_des") - _score(malus, "malus"))


# -- Points de Vie (C3) --------------------------------------------------------------


def points_de_vie(resistance: object, hargne: object) -> int:
    """Points de Vie: Résistance x 2 + Hargne + 5.

    >>> points_de_vie(3, 2)
    13
    """
    return _score(resistance, "resistance") * 2 + _score(hargne, "hargne") + 5


# -- Énergie (C2) --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DepenseEnergie:
    """Énergie spent on one roll: the pool with its extra dice, and the points left."""

    des: int
    points_depenses: int
    energie_restante: int


def points_d_energie(hargne: object, trempe: object, survie: object) -> int:
    """Énergie points: Hargne + Trempe + Survie.

    >>> points_d_energie(2, 3, 1)
    6
    """
    return _score(hargne, "hargne") + _score(trempe, "trempe") + _score(survie, "survie")


def depenser_energie(
    nombre_de_des: object, points: object, plafond: object, energie: object
) -> DepenseEnergie:
    """Spend Énergie on a roll: +1 die a point, at most ``plafond`` (the Hargne or Survie the MJ names).

    >>> depenser_energie(4, 2, plafond=3, energie=5)
    DepenseEnergie(des=6, points_depenses=2, energie_restante=3)
    """
    des = _score(nombre_de_des, "nombre_de_des")
    depense = _score(points, "points")
    maximum = _score(plafond, "plafond")
    reste = _score(energie, "energie")
    if depense > maximum:
        raise InputError(
            f"Au plus {maximum} point(s) d'Énergie sur ce jet (la Hargne ou la Survie, selon le MJ) : "
            f"{depense} demandé(s).",
            champ="points",
        )
    if depense > reste:
        raise InputError(
            f"Il ne reste que {reste} point(s) d'Énergie : {depense} demandé(s).", champ="points"
        )
    return DepenseEnergie(des + depense, depense, reste - depense)


def des_avec_energie(
    nombre_de_des: object, points: object = None, plafond: object = None, energie: object = None
) -> DepenseEnergie:
    """The dice of a roll with the Énergie spent: no cap needed when none is spent; at most MAX_DES dice.

    ``energie`` is what is left before the roll (None: as much as is spent).

    >>> des_avec_energie(4), des_avec_energie(4, 2, plafond=3, energie=5).des
    (DepenseEnergie(des=4, points_depenses=0, energie_restante=0), 6)
    >>> des_avec_energie(4, 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: Indiquez le plafond que le MJ désigne pour cette action : ...
    """
    des = _nombre(nombre_de_des, "nombre_de_des")
    depense = 0 if points is None else _score(points, "points")
    if plafond is None:
        if depense:
            raise InputError(
                "Indiquez le plafond que le MJ désigne pour cette action : la Hargne ou la Survie.",
                champ="plafond",
            )
        return DepenseEnergie(des, 0, 0 if energie is None else _score(energie, "energie"))
    resultat = depenser_energie(des, depense, plafond, depense if energie is None else energie)
    if resultat.des > MAX_DES:
        raise InputError(
            f"Au plus {MAX_DES} dés par jet : {des} + {depense} d'Énergie = {resultat.des}.", champ="points"
        )
    return resultat


# =====================================================================================
# II. Combat
# =====================================================================================

# -- Potentiel de combat, Lancer, Bagarre --------------------------------------------


def potentiel_de_combat(arts_martiaux: object, competence: object) -> int:
    """Potentiel de combat (PdC): Arts Martiaux + compétence.

    >>> potentiel_de_combat(3, 4)
    7
    """
    return _score(arts_martiaux, "arts_martiaux") + _score(competence, "competence")


def des_de_lancer(force: object, lancer: object) -> int:
    """Dice for a throw: Force + Lancer.

    >>> des_de_lancer(2, 3)
    5
    """
    return _somme_de_des("Force", _score(force, "force"), "Lancer", _score(lancer, "lancer"))


def des_de_bagarre(hargne: object, agresser: object) -> int:
    """Dice for a brawl: Hargne + Agresser.

    >>> des_de_bagarre(2, 2)
    4
    """
    return _somme_de_des("Hargne", _score(hargne, "hargne"), "Agresser", _score(agresser, "agresser"))


def _somme_de_des(premier: str, a: int, second: str, b: int) -> int:
    """The pool ``a + b`` of two scores, refused above :data:`MAX_DES` (naming the second score's field).

    >>> _somme_de_des("Force", 60, "Lancer", 50)
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: Au plus 100 dés par jet : Force + Lancer = 110.
    """
    if a + b > MAX_DES:
        champ = second.lower().replace(" ", "_")
        raise InputError(f"Au plus {MAX_DES} dés par jet : {premier} + {second} = {a + b}.", champ=champ)
    return a + b


# -- Le duel (C4) ----------------------------------------------------------------------


class Initiative(StrEnum):
    """Who wins the initiative of a duel."""

    A = "a"
    B = "b"
    SIMULTANEE = "simultanee"


@dataclass(frozen=True, slots=True)
class Repartition:
    """A hidden split of the PdC dice: initiative (right hand), then attack and defence.

    >>> Repartition(1, 3, 2).pdc
    6
    """

    initiative: int
    attaque: int
    defense: int

    def __post_init__(self) -> None:
        for champ in ("initiative", "attaque", "defense"):
            object.__setattr__(self, champ, _nombre(getattr(self, champ), champ))
        if self.pdc > MAX_DES:
            raise InputError(f"La répartition compte {self.pdc} dés : au plus {MAX_DES}.", champ="pdc")

    @property
    def pdc(self) -> int:
        """The combat potential split: initiative + attack + defence."""
        return self.initiative + self.attaque + self.defense


def repartir(pdc: object, initiative: object, attaque: object) -> Repartition:
    """Split a PdC: ``initiative`` dice, ``attaque`` dice, the rest in defence.

    >>> repartir(7, 2, 3)
    Repartition(initiative=2, attaque=3, defense=2)

    A split larger than the PdC is refused, naming the hand that overflows it.

    >>> repartir(6, 2, 5)
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: 2 dés d'initiative et 5 dés d'attaque, c'est plus que le PdC (6).
    """
    total = _nombre(pdc, "pdc")
    initiative = _nombre(initiative, "initiative")
    attaque = _nombre(attaque, "attaque")
    if initiative > total:
        raise InputError(
            f"{_des(initiative)} d'initiative, c'est plus que le PdC ({total}).", champ="initiative"
        )
    if initiative + attaque > total:
        raise InputError(
            f"{_des(initiative)} d'initiative et {_des(attaque)} d'attaque, c'est plus que le PdC ({total}).",
            champ="attaque",
        )
    return Repartition(initiative, attaque, total - initiative - attaque)


def resoudre_initiative(des_a: object, des_b: object) -> Initiative:
    """More initiative dice wins the initiative; a tie means both strike at once.

    >>> resoudre_initiative(3, 1), resoudre_initiative(2, 2)
    (<Initiative.A: 'a'>, <Initiative.SIMULTANEE: 'simultanee'>)
    """
    a = _nombre(des_a, "des_a")
    b = _nombre(des_b, "des_b")
    if a == b:
        return Initiative.SIMULTANEE
    return Initiative.A if a > b else Initiative.B


def des_d_esquive(agilite: object, esquiver: object, des_initiative: object) -> int:
    """An Esquive in a duel: Agilité + Esquiver - initiative dice, never below 0 dice.

    >>> des_d_esquive(3, 2, 1), des_d_esquive(1, 1, 4)
    (4, 0)
    """
    total = _score(agilite, "agilite") + _score(esquiver, "esquiver")
    return max(0, total - _score(des_initiative, "des_initiative"))


def impact(reussites_attaque: object, reussites_defense: object) -> int:
    """Impact: attack successes - defence successes.

    >>> impact(3, 1), impact(1, 2)
    (2, -1)
    """
    return _score(reussites_attaque, "reussites_attaque") - _score(reussites_defense, "reussites_defense")


def dommages(impact: object, bonus_arme: object = 0, force: object = 0) -> int:
    """Damage of a positive impact: impact + weapon bonus - 2 + Force, never below 0.

    >>> dommages(2, bonus_arme=1, force=2), dommages(1), dommages(-2, 5, 5)
    (3, 0, 0)
    """
    if entier(impact, "impact") <= 0:
        return 0
    return max(0, somme_des_dommages(impact, bonus_arme, force))


def somme_des_dommages(impact: object, bonus_arme: object = 0, force: object = 0) -> int:
    """The sum of the damage formula before any floor: impact + weapon bonus - 2 + Force.

    :func:`dommages` counts it only for a positive impact, and never below 0.

    >>> somme_des_dommages(2, bonus_arme=1, force=2), somme_des_dommages(1, bonus_arme=-3)
    (3, -4)
    """
    valeur = entier(impact, "impact")
    return valeur + _modificateur(bonus_arme, "bonus_arme") - 2 + _score(force, "force")


def apres_resistance(dommages: object, reussites_resistance: object) -> int:
    """PV lost: each success of the Résistance + Protection roll removes 1 point, never below 0.

    >>> apres_resistance(3, 1), apres_resistance(2, 4)
    (2, 0)
    """
    return max(0, _score(dommages, "dommages") - _score(reussites_resistance, "reussites_resistance"))


def des_de_riposte(des_attaque: object, impact_subi: object) -> int:
    """Riposte dice: the attack dice, +1 when the impact suffered was negative.

    >>> des_de_riposte(3, -1), des_de_riposte(3, 0)
    (4, 3)
    """
    return _score(des_attaque, "des_attaque") + (1 if entier(impact_subi, "impact_subi") < 0 else 0)


@dataclass(frozen=True, slots=True)
class Attaque:
    """One attack: the two rolls, the impact, the damage, the resistance roll and the PV lost."""

    attaque: Jet
    defense: Jet
    impact: int
    dommages: int
    resistance: Jet
    points_de_vie_perdus: int

    @property
    def avantage_riposte(self) -> bool:
        """A negative impact: the defender gets +1 die on the riposte."""
        return self.impact < 0


def _attaque(
    faces_attaque: tuple[int, ...],
    faces_defense: tuple[int, ...],
    faces_resistance: tuple[int, ...],
    bonus_arme: int,
    force: int,
) -> Attaque:
    """The pure resolution of one attack from valid faces."""
    attaque = _resoudre(faces_attaque)
    defense = _resoudre(faces_defense)
    resistance = _resoudre(faces_resistance)
    valeur = impact(attaque.reussites, defense.reussites)
    brut = dommages(valeur, bonus_arme, force)
    return Attaque(attaque, defense, valeur, brut, resistance, apres_resistance(brut, resistance.reussites))


def resoudre_attaque(
    des_attaque: object,
    des_defense: object,
    des_resistance: object = (),
    *,
    bonus_arme: object = 0,
    force: object = 0,
) -> Attaque:
    """Resolve an attack from the faces shown (a duel attack, a riposte or a ranged shot).

    The Résistance + Protection faces count only when the impact does damage.

    >>> a = resoudre_attaque([6, 5, 2], [4], [6, 1], bonus_arme=1, force=2)
    >>> a.impact, a.dommages, a.points_de_vie_perdus
    (2, 3, 1)
    """
    return _attaque(
        _faces(des_attaque, "des_attaque"),
        _faces(des_defense, "des_defense"),
        _faces(des_resistance, "des_resistance"),
        _modificateur(bonus_arme, "bonus_arme"),
        _score(force, "force"),
    )


_CHAMPS_ATTAQUE = ("des_attaque", "des_defense", "des_resistance")
"""The fields of the faces read for an attack, its defence and the resistance roll."""


def _lancer_attaque(
    attaque: int,
    defense: int,
    resistance: int,
    bonus_arme: int,
    force: int,
    rng: random.Random,
    lus: tuple[object, object, object] = (None, None, None),
    champs: tuple[str, str, str] = _CHAMPS_ATTAQUE,
) -> Attaque:
    """Roll one attack (or use the faces read); resistance dice count only when there is damage to resist."""
    faces_attaque = _lus_ou_tires(lus[0], attaque, champs[0], rng)
    faces_defense = _lus_ou_tires(lus[1], defense, champs[1], rng)
    sans_resistance = _attaque(faces_attaque, faces_defense, (), bonus_arme, force)
    if sans_resistance.dommages == 0:
        return sans_resistance
    faces_resistance = _lus_ou_tires(lus[2], resistance, champs[2], rng)
    return _attaque(faces_attaque, faces_defense, faces_resistance, bonus_arme, force)


def lancer_attaque(
    attaque: object,
    defense: object,
    resistance: object = 0,
    *,
    bonus_arme: object = 0,
    force: object = 0,
    rng: random.Random,
    des_attaque: object = None,
    des_defense: object = None,
    des_resistance: object = None,
) -> Attaque:
    """Roll an attack: attack dice against defence dice, then Résistance + Protection if hurt.

    Each roll may instead be read on the table (``des_attaque``, ``des_defense``,
    ``des_resistance``: faces, as many as the dice of that roll); the
    resistance faces are used only when there is damage to resist.

    >>> from rules_py.dice import new_rng
    >>> lancer_attaque(4, 2, 3, bonus_arme=1, force=1, rng=new_rng(3)).impact
    1
    >>> a = lancer_attaque(2, 1, 1, rng=new_rng(3), des_attaque=[6, 6], des_defense=[4], des_resistance=[5])
    >>> a.impact, a.dommages, a.points_de_vie_perdus
    (3, 1, 0)
    """
    return _lancer_attaque(
        _nombre(attaque, "attaque"),
        _nombre(defense, "defense"),
        _nombre(resistance, "resistance"),
        _modificateur(bonus_arme, "bonus_arme"),
        _score(force, "force"),
        rng,
        (des_attaque, des_defense, des_resistance),
    )


def distribution_impact(attaque: object, defense: object) -> Distribution[int]:
    """The exact distribution of the impact of ``attaque`` dice against ``defense`` dice.

    >>> distribution_impact(1, 1).probability(0)
    Fraction(7, 18)
    """
    return _reussites(_nombre(attaque, "attaque")).combine(_reussites(_nombre(defense, "defense")), impact)


def distribution_points_de_vie_perdus(
    attaque: object,
    defense: object,
    resistance: object = 0,
    *,
    bonus_arme: object = 0,
    force: object = 0,
) -> Distribution[int]:
    """The exact distribution of the PV lost by the defender, after the resistance roll.

    >>> distribution_points_de_vie_perdus(1, 0, 0, bonus_arme=0, force=1).probabilities()
    {0: Fraction(5, 6), 1: Fraction(1, 6)}
    """
    bonus = _modificateur(bonus_arme, "bonus_arme")
    force_ = _score(force, "force")
    bruts = distribution_impact(attaque, defense).map(lambda valeur: dommages(valeur, bonus, force_))
    return bruts.combine(_reussites(_nombre(resistance, "resistance")), apres_resistance)


# -- Le duel : une passe complète ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Combattant:
    """One side of a duel: its split, weapon bonus, Force, Résistance + Protection dice.

    ``esquive`` (dice from :func:`des_d_esquive`) announces an Esquive: that roll
    replaces the defence hand, whose dice are then not rolled.
    """

    repartition: Repartition
    bonus_arme: int = 0
    force: int = 0
    resistance: int = 0
    esquive: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.repartition, Repartition):
            raise InputError("« repartition » doit être une répartition des dés du PdC.", champ="repartition")
        object.__setattr__(self, "bonus_arme", _modificateur(self.bonus_arme, "bonus_arme"))
        object.__setattr__(self, "force", _score(self.force, "force"))
        object.__setattr__(self, "resistance", _nombre(self.resistance, "resistance"))
        if self.esquive is not None:
            object.__setattr__(self, "esquive", _nombre(self.esquive, "esquive"))

    @property
    def des_de_defense(self) -> int:
        """The dice rolled in defence: the Esquive if announced, else the defence hand."""
        return self.repartition.defense if self.esquive is None else self.esquive

    @property
    def en_jeu(self) -> Repartition:
        """The pools rolled in the pass: initiative and attack hands, the defence or Esquive dice.

        >>> Combattant(Repartition(1, 2, 3), esquive=5).en_jeu
        Repartition(initiative=1, attaque=2, defense=5)
        """
        r = self.repartition
        if r.initiative + r.attaque + self.des_de_defense > MAX_DES:
            raise InputError(f"Au plus {MAX_DES} dés en tout, esquive comprise.", champ="esquive")
        return Repartition(r.initiative, r.attaque, self.des_de_defense)


@dataclass(frozen=True, slots=True)
class Echange:
    """One pass of a duel: who had the initiative, and each side's attack (the riposte included)."""

    initiative: Initiative
    attaque_de_a: Attaque
    attaque_de_b: Attaque

    @property
    def rangs(self) -> dict[str, int]:
        """When each side (``"a"``, ``"b"``) strikes: 1 first, 2 the riposte, 0 both at once.

        >>> Echange(Initiative.B, *(resoudre_attaque([], [], []),) * 2).rangs
        {'a': 2, 'b': 1}
        """
        if self.initiative is Initiative.SIMULTANEE:
            return {"a": 0, "b": 0}
        return {"a": 1, "b": 2} if self.initiative is Initiative.A else {"a": 2, "b": 1}

    @property
    def faces(self) -> dict[str, tuple[int, ...]]:
        """The faces of every roll of the pass, by its name in :data:`CHAMPS_DES_LUS_ECHANGE`."""
        faces = {}
        for x, y, attaque in (("a", "b", self.attaque_de_a), ("b", "a", self.attaque_de_b)):
            faces[f"des_attaque_{x}"] = attaque.attaque.des
            faces[f"des_defense_{y}"] = attaque.defense.des
            faces[f"des_resistance_{y}"] = attaque.resistance.des
        return faces


CHAMPS_DES_LUS_ECHANGE = (
    "des_attaque_a",
    "des_defense_a",
    "des_resistance_a",
    "des_attaque_b",
    "des_defense_b",
    "des_resistance_b",
)
"""The rolls of a pass that may be read on the table: each side's attack, defence (or Esquive), resistance."""


def _lire_combattants(a: object, b: object) -> tuple[Combattant, Combattant]:
    """Check that both sides are combatants."""
    for camp, combattant in (("a", a), ("b", b)):
        if not isinstance(combattant, Combattant):
            raise InputError(f"« {camp} » doit être un combattant.", champ=camp)
    return a, b  # type: ignore[return-value]


def _lire_des_lus(des_lus: object, champs: tuple[str, ...]) -> dict[str, object]:
    """A mapping of roll name → faces read; unknown names are refused, None means "roll it"."""
    if des_lus is None:
        return {}
    if not isinstance(des_lus, Mapping):
        raise InputError("Les dés lus se donnent jet par jet (nom du jet → faces).", champ="des_lus")
    for nom in des_lus:
        if nom not in champs:
            raise InputError(f"Jet inconnu : « {str(nom)[:30]} ».", champ="des_lus")
    return dict(des_lus)


def lancer_echange(a: Combattant, b: Combattant, *, rng: random.Random, des_lus: object = None) -> Echange:
    """Roll a pass: the initiative holder strikes, the other ripostes (+1 die after a negative impact).

    On a tie both strike at once and neither gets the riposte die. ``des_lus``
    maps rolls of :data:`CHAMPS_DES_LUS_ECHANGE` to the faces read on the table
    (as many as that roll's dice; the riposte counts its extra die); the other
    rolls are drawn. Rolls are made in the order of the pass: the first attack
    (attack, defence, resistance if hurt), then the second.

    >>> from rules_py.dice import new_rng
    >>> e = lancer_echange(Combattant(Repartition(2, 3, 1)), Combattant(Repartition(1, 2, 3)), rng=new_rng(5))
    >>> e.initiative
    <Initiative.A: 'a'>
    >>> lus = {"des_attaque_a": [1, 2], "des_defense_b": [6], "des_attaque_b": [4, 4, 4]}
    >>> lus["des_defense_a"] = [3]
    >>> a, b = Combattant(Repartition(1, 2, 1)), Combattant(Repartition(0, 2, 1))
    >>> e = lancer_echange(a, b, rng=new_rng(5), des_lus=lus)
    >>> e.attaque_de_a.impact, len(e.attaque_de_b.attaque.des), e.attaque_de_b.impact
    (-2, 3, 3)
    """
    a, b = _lire_combattants(a, b)
    lus = _lire_des_lus(des_lus, CHAMPS_DES_LUS_ECHANGE)
    ordre = resoudre_initiative(a.repartition.initiative, b.repartition.initiative)

    def frappe(attaquant: Combattant, cible: Combattant, des: int) -> Attaque:
        x, y = ("a", "b") if attaquant is a else ("b", "a")
        champs = (f"des_attaque_{x}", f"des_defense_{y}", f"des_resistance_{y}")
        return _lancer_attaque(
            des,
            cible.des_de_defense,
            cible.resistance,
            attaquant.bonus_arme,
            attaquant.force,
            rng,
            (lus.get(champs[0]), lus.get(champs[1]), lus.get(champs[2])),
            champs,
        )

    if ordre is Initiative.SIMULTANEE:
        return Echange(ordre, frappe(a, b, a.repartition.attaque), frappe(b, a, b.repartition.attaque))
    premier, second = (a, b) if ordre is Initiative.A else (b, a)
    coup = frappe(premier, second, premier.repartition.attaque)
    riposte = frappe(second, premier, des_de_riposte(second.repartition.attaque, coup.impact))
    return Echange(ordre, coup, riposte) if ordre is Initiative.A else Echange(ordre, riposte, coup)


@dataclass(frozen=True, slots=True)
class LoisDeLaPasse:
    """The exact laws of one pass: each side's impact and the PV each side loses, after resistance.

    ``de_de_riposte`` is the chance that the side striking second gets the
    riposte die (0 when both strike at once).
    """

    initiative: Initiative
    impact_de_a: Distribution[int]
    impact_de_b: Distribution[int]
    perdus_par_a: Distribution[int]
    perdus_par_b: Distribution[int]
    de_de_riposte: Fraction


def _loi_attaque(
    attaque: int, defense: int, resistance: int, bonus_arme: int, force: int
) -> Distribution[tuple[int, int]]:
    """The joint law of (impact, PV lost) of one attack."""
    return (
        _reussites(attaque)
        .combine(_reussites(defense), impact)
        .map(lambda valeur: (valeur, dommages(valeur, bonus_arme, force)))
        .combine(_reussites(resistance), lambda issue, r: (issue[0], apres_resistance(issue[1], r)))
    )


def distribution_passe(a: Combattant, b: Combattant) -> LoisDeLaPasse:
    """The exact laws of a pass, the riposte die counted only when the first impact is negative.

    The second striker's laws mix its attack without and with the extra die,
    weighted by the chance of a negative first impact.

    >>> lois = distribution_passe(Combattant(Repartition(1, 1, 0)), Combattant(Repartition(0, 0, 1)))
    >>> lois.initiative, lois.de_de_riposte, lois.impact_de_b.probability(0)
    (<Initiative.A: 'a'>, Fraction(11, 36), Fraction(61, 72))
    """
    a, b = _lire_combattants(a, b)
    ordre = resoudre_initiative(a.repartition.initiative, b.repartition.initiative)

    def loi(attaquant: Combattant, cible: Combattant, des: int) -> Distribution[tuple[int, int]]:
        return _loi_attaque(
            des, cible.des_de_defense, cible.resistance, attaquant.bonus_arme, attaquant.force
        )

    riposte = Fraction(0)
    if ordre is Initiative.SIMULTANEE:
        loi_a, loi_b = loi(a, b, a.repartition.attaque), loi(b, a, b.repartition.attaque)
    else:
        premier, second = (a, b) if ordre is Initiative.A else (b, a)
        coup = loi(premier, second, premier.repartition.attaque)
        suite = _enchainer(
            coup.map(lambda issue: issue[0] < 0),
            lambda negatif: loi(second, premier, des_de_riposte(second.repartition.attaque, -int(negatif))),
        ).map(lambda issues: issues[1])
        riposte = coup.probability_where(lambda issue: issue[0] < 0)
        loi_a, loi_b = (coup, suite) if ordre is Initiative.A else (suite, coup)
    return LoisDeLaPasse(
        ordre,
        loi_a.map(lambda issue: issue[0]),
        loi_b.map(lambda issue: issue[0]),
        loi_b.map(lambda issue: issue[1]),
        loi_a.map(lambda issue: issue[1]),
        riposte,
    )


def _signe(valeur: int) -> int:
    """-1, 0 or 1 as ``valeur`` is negative, zero or positive."""
    return (valeur > 0) - (valeur < 0)


Signes = Callable[[int, int], Distribution[int]]
"""(attack dice, defence dice) → distribution of the sign of the impact."""


def _signes_par_convolution(attaque: int, defense: int) -> Distribution[int]:
    """The sign of the impact, from the full impact distribution (the reference)."""
    return _reussites(attaque).combine(_reussites(defense), impact).map(_signe)


def _echange(a: Repartition, b: Repartition, signes: Signes) -> Distribution[tuple[bool, bool]]:
    """(a lands a positive impact, b lands one) over a pass, with the riposte die rolled only if due."""
    ordre = resoudre_initiative(a.initiative, b.initiative)
    if ordre is Initiative.SIMULTANEE:
        return signes(a.attaque, b.defense).combine(signes(b.attaque, a.defense), lambda x, y: (x > 0, y > 0))
    premier, second = (a, b) if ordre is Initiative.A else (b, a)
    suite = _enchainer(
        signes(premier.attaque, second.defense),
        lambda signe: signes(des_de_riposte(second.attaque, signe), premier.defense),
    )
    if ordre is Initiative.A:
        return suite.map(lambda s: (s[0] > 0, s[1] > 0))
    return suite.map(lambda s: (s[1] > 0, s[0] > 0))


def distribution_echange(a: Repartition, b: Repartition) -> Distribution[tuple[bool, bool]]:
    """The exact chances that each side lands a positive impact during one pass.

    Outcomes are ``(a touche, b touche)``.

    >>> distribution_echange(Repartition(0, 1, 0), Repartition(0, 0, 0)).probability((True, False))
    Fraction(1, 2)
    """
    for camp, repartition in (("a", a), ("b", b)):
        if not isinstance(repartition, Repartition):
            raise InputError(f"« {camp} » doit être une répartition des dés du PdC.", champ=camp)
    return _echange(a, b, _signes_par_convolution)


# -- Le duel : la meilleure répartition ------------------------------------------------


class Critere(StrEnum):
    """What the best split maximises over one pass."""

    TOUCHER = "toucher"
    TOUCHER_SANS_ETRE_TOUCHE = "toucher_sans_etre_touche"


_CRITERES: dict[Critere, Callable[[tuple[bool, bool]], bool]] = {
    Critere.TOUCHER: lambda touches: touches[0],
    Critere.TOUCHER_SANS_ETRE_TOUCHE: lambda touches: touches[0] and not touches[1],
}


@dataclass(frozen=True, slots=True)
class Conseil:
    """The best split found and its exact chance."""

    repartition: Repartition
    chance: Fraction


def _lire_conseil(pdc: object, adversaire: object, critere: object) -> tuple[int, Repartition, Critere]:
    """Check the inputs of the best-split search."""
    total = _nombre(pdc, "pdc")
    if not isinstance(adversaire, Repartition):
        raise InputError("« adversaire » doit être une répartition des dés du PdC.", champ="adversaire")
    return total, adversaire, Critere(choix(critere, "critere", [c.value for c in Critere]))


def _meilleure(
    total: int, adversaire: Repartition, critere: Critere, initiatives: list[int], signes: Signes
) -> Conseil:
    """Best chance, then fewest initiative dice, then most attack dice."""
    predicat = _CRITERES[critere]
    meilleur: tuple[Fraction, int, int] | None = None
    for initiative in initiatives:
        for attaque in range(total - initiative + 1):
            repartition = Repartition(initiative, attaque, total - initiative - attaque)
            chance = _echange(repartition, adversaire, signes).probability_where(predicat)
            cle = (chance, -initiative, attaque)
            if meilleur is None or cle > meilleur:
                meilleur = cle
    assert meilleur is not None
    chance, moins_initiative, attaque = meilleur
    return Conseil(Repartition(-moins_initiative, attaque, total + moins_initiative - attaque), chance)


def chance_de_la_repartition(
    repartition: object, adversaire: object, critere: object = "toucher"
) -> Fraction:
    """The chance of one given split against the opponent's, by a criterion of the best-split search.

    >>> chance_de_la_repartition(Repartition(0, 1, 0), Repartition(0, 0, 0))
    Fraction(1, 2)
    """
    if not isinstance(repartition, Repartition):
        raise InputError("« repartition » doit être une répartition des dés du PdC.", champ="repartition")
    _, adverse, choisi = _lire_conseil(repartition.pdc, adversaire, critere)
    return _echange(repartition, adverse, _signes_par_convolution).probability_where(_CRITERES[choisi])


def meilleure_repartition_exhaustive(pdc: object, adversaire: object, critere: object = "toucher") -> Conseil:
    """The reference search: every split of the PdC, each pass computed by full convolution.

    Its cost grows as the cube of the PdC, so it stops at ``MAX_PDC_EXHAUSTIF`` dice.

    >>> meilleure_repartition_exhaustive(3, Repartition(0, 2, 1)).repartition
    Repartition(initiative=0, attaque=3, defense=0)
    """
    total, adverse, choisi = _lire_conseil(pdc, adversaire, critere)
    if total > MAX_PDC_EXHAUSTIF:
        raise InputError(
            f"La recherche exhaustive s'arrête à {MAX_PDC_EXHAUSTIF} dés de PdC (reçu : {total}) ; "
            "la recherche rapide donne la même réponse.",
            champ="pdc",
        )
    return _meilleure(total, adverse, choisi, list(range(total + 1)), _signes_par_convolution)


def _signes_cumules() -> Signes:
    """Impact signs from success counts (built one die at a time) and cumulative sums."""
    un_de = _reussites(1).counts
    noyau = [un_de.get(k, 0) for k in range(2 + 1)]
    comptes: list[list[int]] = [[1]]
    cumuls: list[list[int]] = [[1]]

    def preparer(nombre: int) -> None:
        while len(comptes) <= nombre:
            precedent = comptes[-1]
            suivant = [0] * (len(precedent) + len(noyau) - 1)
            for i, nombre_i in enumerate(precedent):
                for j, nombre_j in enumerate(noyau):
                    suivant[i + j] += nombre_i * nombre_j
            comptes.append(suivant)
            cumuls.append(list(accumulate(suivant)))

    def signes(attaque: int, defense: int) -> Distribution[int]:
        preparer(max(attaque, defense))
        loi_a, loi_d, cumul_d = comptes[attaque], comptes[defense], cumuls[defense]
        plus = sum(loi_a[k] * cumul_d[min(k - 1, 2 * defense)] for k in range(1, len(loi_a)))
        egal = sum(loi_a[k] * loi_d[k] for k in range(min(len(loi_a), len(loi_d))))
        tout = cumuls[attaque][-1] * cumul_d[-1]
        return Distribution({1: plus, 0: egal, -1: tout - plus - egal})

    return signes


def meilleure_repartition(pdc: object, adversaire: object, critere: object = "toucher") -> Conseil:
    """The split of a PdC that maximises the chance of a positive impact, given the opponent's split.

    ``critere`` is ``"toucher"`` (land a positive impact during the pass) or
    ``"toucher_sans_etre_touche"`` (land one and suffer none). Ties go to the
    fewest initiative dice, then the most attack dice. Within one initiative
    outcome (lose, tie, win) extra dice never lower either chance, so only the
    fewest initiative dice for each outcome are tried: the answer is the
    exhaustive one (:func:`meilleure_repartition_exhaustive`). The pass ignores
    wound maluses, so initiative dice never raise either chance (the second
    striker may earn the riposte die): the answer keeps 0 dice in initiative.

    >>> c = meilleure_repartition(6, Repartition(1, 3, 2), "toucher_sans_etre_touche")
    >>> c.repartition, c.chance > 0
    (Repartition(initiative=0, attaque=3, defense=3), True)
    """
    total, adverse, choisi = _lire_conseil(pdc, adversaire, critere)
    seuils = {0, adverse.initiative, adverse.initiative + 1}
    initiatives = sorted(i for i in seuils if i <= total)
    return _meilleure(total, adverse, choisi, initiatives, _signes_cumules())


@dataclass(frozen=True, slots=True)
class ConseilDuCamp:
    """A side's best split against the other's announced pools, and the chance of the split it announced."""

    initiative: int
    attaque: int
    defense: int
    chance: Fraction
    chance_actuelle: Fraction


def conseils_de_repartition(a: Combattant, b: Combattant) -> dict[str, dict[str, ConseilDuCamp]]:
    """For each side (``"a"``, ``"b"``) and criterion, the best split of its PdC against the other's pools.

    The other side's pools are those it announced, its Esquive included
    (:attr:`Combattant.en_jeu`); the search defends with the left hand.

    >>> c = conseils_de_repartition(Combattant(Repartition(1, 3, 2)), Combattant(Repartition(2, 2, 2)))
    >>> conseil = c["a"]["toucher"]
    >>> (conseil.initiative, conseil.attaque, conseil.defense), conseil.chance
    ((0, 6, 0), Fraction(52745, 62208))
    """
    a, b = _lire_combattants(a, b)
    en_jeu = {}
    for camp, combattant in (("a", a), ("b", b)):
        try:
            en_jeu[camp] = combattant.en_jeu
        except InputError as erreur:
            raise InputError(erreur.message, champ=f"esquive_{camp}") from None
    resultat: dict[str, dict[str, ConseilDuCamp]] = {}
    for camp, soi, autre in (("a", a, "b"), ("b", b, "a")):
        resultat[camp] = {}
        for critere in Critere:
            conseil = meilleure_repartition(soi.repartition.pdc, en_jeu[autre], critere)
            actuelle = chance_de_la_repartition(en_jeu[camp], en_jeu[autre], critere)
            r = conseil.repartition
            resultat[camp][critere.value] = ConseilDuCamp(
                r.initiative, r.attaque, r.defense, conseil.chance, actuelle
            )
    return resultat


# -- Combat rapide (C5) ----------------------------------------------------------------


class Vainqueur(StrEnum):
    """Who wins an exchange of quick combat."""

    A = "a"
    B = "b"
    EGALITE = "egalite"


@dataclass(frozen=True, slots=True)
class CombatRapide:
    """One exchange of quick combat: both rolls, the winner, damage, the loser's resistance, PV lost."""

    jet_a: Jet
    jet_b: Jet
    vainqueur: Vainqueur
    dommages: int
    resistance: Jet
    points_de_vie_perdus: int


def des_de_combat_rapide(pdc: object, bonus_bouclier: object = 0) -> int:
    """Dice for quick combat: PdC + shield bonus.

    >>> des_de_combat_rapide(5, 1)
    6
    """
    return _somme_de_des(
        "PdC", _score(pdc, "pdc"), "bonus bouclier", _score(bonus_bouclier, "bonus_bouclier")
    )


def issue_combat_rapide(
    reussites_a: object, reussites_b: object, bonus_arme_a: object = 0, bonus_arme_b: object = 0
) -> tuple[Vainqueur, int]:
    """The winner and damage: winner's - loser's successes + winner's weapon bonus (never below 0).

    >>> issue_combat_rapide(3, 1, bonus_arme_a=1)
    (<Vainqueur.A: 'a'>, 3)
    >>> issue_combat_rapide(2, 2, 5, 5)
    (<Vainqueur.EGALITE: 'egalite'>, 0)
    """
    a = _score(reussites_a, "reussites_a")
    b = _score(reussites_b, "reussites_b")
    bonus_a = _modificateur(bonus_arme_a, "bonus_arme_a")
    bonus_b = _modificateur(bonus_arme_b, "bonus_arme_b")
    if a == b:
        return Vainqueur.EGALITE, 0
    if a > b:
        return Vainqueur.A, max(0, a - b + bonus_a)
    return Vainqueur.B, max(0, b - a + bonus_b)


def resoudre_combat_rapide(
    des_a: object,
    des_b: object,
    des_resistance: object = (),
    *,
    bonus_arme_a: object = 0,
    bonus_arme_b: object = 0,
) -> CombatRapide:
    """Resolve an exchange of quick combat; ``des_resistance`` is the loser's Résistance + Protection roll.

    >>> r = resoudre_combat_rapide([6, 4], [5], [4], bonus_arme_a=1)
    >>> r.vainqueur, r.dommages, r.points_de_vie_perdus
    (<Vainqueur.A: 'a'>, 3, 2)
    """
    jet_a = _resoudre(_faces(des_a, "des_a"))
    jet_b = _resoudre(_faces(des_b, "des_b"))
    resistance = _resoudre(_faces(des_resistance, "des_resistance"))
    vainqueur, brut = issue_combat_rapide(jet_a.reussites, jet_b.reussites, bonus_arme_a, bonus_arme_b)
    perdus = apres_resistance(brut, resistance.reussites)
    return CombatRapide(jet_a, jet_b, vainqueur, brut, resistance, perdus)


def lancer_combat_rapide(
    des_a: object,
    des_b: object,
    *,
    resistance_a: object = 0,
    resistance_b: object = 0,
    bonus_arme_a: object = 0,
    bonus_arme_b: object = 0,
    rng: random.Random,
    des_lus_a: object = None,
    des_lus_b: object = None,
    des_lus_resistance: object = None,
) -> CombatRapide:
    """Roll an exchange of quick combat; the loser rolls Résistance + Protection if hurt.

    Each roll may instead be read on the table (``des_lus_a``, ``des_lus_b``, and
    ``des_lus_resistance`` for the loser's roll, used only when there is damage);
    errors name the fields ``des_a``, ``des_b`` and ``des_resistance``.

    >>> from rules_py.dice import new_rng
    >>> lancer_combat_rapide(5, 3, resistance_b=2, rng=new_rng(0)).vainqueur
    <Vainqueur.A: 'a'>
    >>> r = lancer_combat_rapide(2, 1, resistance_b=1, rng=new_rng(0), des_lus_a=[6, 5], des_lus_b=[2],
    ...                          des_lus_resistance=[4])
    >>> r.vainqueur, r.dommages, r.points_de_vie_perdus
    (<Vainqueur.A: 'a'>, 3, 2)
    """
    nombre_a = _nombre(des_a, "des_a")
    nombre_b = _nombre(des_b, "des_b")
    resistances = {
        Vainqueur.B: _nombre(resistance_a, "resistance_a"),
        Vainqueur.A: _nombre(resistance_b, "resistance_b"),
    }
    bonus_a = _modificateur(bonus_arme_a, "bonus_arme_a")
    bonus_b = _modificateur(bonus_arme_b, "bonus_arme_b")
    faces_a = _lus_ou_tires(des_lus_a, nombre_a, "des_a", rng)
    faces_b = _lus_ou_tires(des_lus_b, nombre_b, "des_b", rng)
    sans_resistance = resoudre_combat_rapide(faces_a, faces_b, bonus_arme_a=bonus_a, bonus_arme_b=bonus_b)
    if sans_resistance.dommages == 0:
        return sans_resistance
    faces_resistance = _lus_ou_tires(
        des_lus_resistance, resistances[sans_resistance.vainqueur], "des_resistance", rng
    )
    return resoudre_combat_rapide(
        faces_a, faces_b, faces_resistance, bonus_arme_a=bonus_a, bonus_arme_b=bonus_b
    )


def distribution_combat_rapide(
    des_a: object,
    des_b: object,
    *,
    resistance_a: object = 0,
    resistance_b: object = 0,
    bonus_arme_a: object = 0,
    bonus_arme_b: object = 0,
) -> Distribution[tuple[Vainqueur, int]]:
    """The exact distribution of (winner, PV lost by the loser) for an exchange of quick combat.

    >>> distribution_combat_rapide(1, 0).probability((Vainqueur.EGALITE, 0))
    Fraction(1, 2)
    """
    bonus_a = _modificateur(bonus_arme_a, "bonus_arme_a")
    bonus_b = _modificateur(bonus_arme_b, "bonus_arme_b")
    issue = _reussites(_nombre(des_a, "des_a")).combine(
        _reussites(_nombre(des_b, "des_b")), lambda a, b: issue_combat_rapide(a, b, bonus_a, bonus_b)
    )
    # Both resistance rolls are in the product; each counts only when its side loses.
    camps = ((Vainqueur.B, "resistance_a", resistance_a), (Vainqueur.A, "resistance_b", resistance_b))
    for vainqueur, champ, valeur in camps:
        issue = issue.combine(
            _reussites(_nombre(valeur, champ)),
            lambda o, r, quand=vainqueur: (o[0], apres_resistance(o[1], r) if o[0] is quand else o[1]),
        )
    return issue


@dataclass(frozen=True, slots=True)
class LoisCombatRapide:
    """The exact laws of an exchange of quick combat: the winner, and the PV each side loses."""

    vainqueur: dict[Vainqueur, Fraction]
    perdus_par_a: Distribution[int]
    perdus_par_b: Distribution[int]


def lois_combat_rapide(
    des_a: object,
    des_b: object,
    *,
    resistance_a: object = 0,
    resistance_b: object = 0,
    bonus_arme_a: object = 0,
    bonus_arme_b: object = 0,
) -> LoisCombatRapide:
    """The laws of :func:`distribution_combat_rapide`, side by side: who wins, and what each side loses.

    >>> lois = lois_combat_rapide(1, 0, bonus_arme_a=1)
    >>> lois.vainqueur[Vainqueur.A], lois.perdus_par_b.probability(3), lois.perdus_par_a.max
    (Fraction(1, 2), Fraction(1, 6), 0)
    """
    loi = distribution_combat_rapide(
        des_a,
        des_b,
        resistance_a=resistance_a,
        resistance_b=resistance_b,
        bonus_arme_a=bonus_arme_a,
        bonus_arme_b=bonus_arme_b,
    )
    return LoisCombatRapide(
        {v: loi.probability_where(lambda issue, v=v: issue[0] is v) for v in Vainqueur},
        loi.map(lambda issue: issue[1] if issue[0] is Vainqueur.B else 0),
        loi.map(lambda issue: issue[1] if issue[0] is Vainqueur.A else 0),
    )


# -- Combats à distance (C6) -----------------------------------------------------------


def des_d_esquive_a_distance(agilite: object, esquiver: object, *, prevenu: object) -> int:
    """Dice opposed to a ranged shot: Agilité + Esquiver if the target is aware, else none.

    The shot is then an attack (:func:`resoudre_attaque`, :func:`lancer_attaque`,
    :func:`distribution_points_de_vie_perdus`) with these dice in defence.

    >>> des_d_esquive_a_distance(3, 2, prevenu=True), des_d_esquive_a_distance(3, 2, prevenu=False)
    (5, 0)
    """
    total = _score(agilite, "agilite") + _score(esquiver, "esquiver")
    return total if _booleen(prevenu, "prevenu") else 0


# -- Malus dus au combat (C7) ----------------------------------------------------------


class Gravite(StrEnum):
    """How serious a wound is, by the PV lost in one hit."""

    AUCUNE = "aucune"
    LEGERE = "legere"
    SERIEUSE = "serieuse"
    GRAVE = "grave"
    CRITIQUE = "critique"


@dataclass(frozen=True, slots=True)
class NiveauDeBlessure:
    """One row of the wound table; ``malus_des`` None means "the PV lost, in dice"."""

    gravite: Gravite
    libelle: str
    plage: str
    malus_des: int | None
    minutes_par_point_de_vie: int | None


NIVEAUX_DE_BLESSURE: tuple[NiveauDeBlessure, ...] = (
    NiveauDeBlessure(Gravite.LEGERE, "Légère", "1 ou 2 PV", 0, None),
    NiveauDeBlessure(Gravite.SERIEUSE, "Sérieuse", "3 à 4 PV", 1, 60),
    NiveauDeBlessure(Gravite.GRAVE, "Grave", "de 5 PV à Vie/2", 3, 10),
    NiveauDeBlessure(Gravite.CRITIQUE, "Critique", "plus de Vie/2", None, 1),
)
"""The wound table of the text, in order; critique takes precedence."""


@dataclass(frozen=True, slots=True)
class Blessure:
    """A wound: its level, its malus in dice, and the PV it bleeds (one every so many minutes)."""

    points_de_vie_perdus: int
    vie: int
    gravite: Gravite
    malus_des: int
    minutes_par_point_de_vie: int | None


def blessure(points_de_vie_perdus: object, vie: object) -> Blessure:
    """The wound left by the PV lost in one hit; ``vie`` is the character's full PV.

    Critique means more than Vie/2, compared exactly: 2 x PV lost > Vie (Vie 15:
    critique from 8). It wins over the other rows when they overlap.

    >>> blessure(6, 15).gravite, blessure(8, 15).gravite, blessure(8, 15).malus_des
    (<Gravite.GRAVE: 'grave'>, <Gravite.CRITIQUE: 'critique'>, 8)
    """
    perdus = _score(points_de_vie_perdus, "points_de_vie_perdus")
    total = entier(vie, "vie", minimum=1)
    if perdus == 0:
        return Blessure(0, total, Gravite.AUCUNE, 0, None)
    if 2 * perdus > total:
        niveau = NIVEAUX_DE_BLESSURE[3]
    elif perdus >= 5:
        niveau = NIVEAUX_DE_BLESSURE[2]
    elif perdus >= 3:
        niveau = NIVEAUX_DE_BLESSURE[1]
    else:
        niveau = NIVEAUX_DE_BLESSURE[0]
    malus = perdus if niveau.malus_des is None else niveau.malus_des
    return Blessure(perdus, total, niveau.gravite, malus, niveau.minutes_par_point_de_vie)


def plages_de_blessure(vie: object) -> tuple[tuple[NiveauDeBlessure, int, int | None], ...]:
    """For a Vie, each wound level that can occur with its first and last PV lost (None: no end).

    Read off :func:`blessure` itself (the levels only worsen as the loss grows),
    so the table and the widget agree with it.

    >>> [(n.gravite.value, premier, dernier) for n, premier, dernier in plages_de_blessure(15)]
    [('legere', 1, 2), ('serieuse', 3, 4), ('grave', 5, 7), ('critique', 8, None)]
    >>> [(n.gravite.value, premier, dernier) for n, premier, dernier in plages_de_blessure(5)]
    [('legere', 1, 2), ('critique', 3, None)]
    """
    total = entier(vie, "vie", minimum=1)
    ordre = [niveau.gravite for niveau in NIVEAUX_DE_BLESSURE]

    def premiere_perte(rang: int) -> int:
        # Bisection over plain ints: a range() this long overflows ssize_t on wasm32 (Pyodide).
        bas, haut = 1, total + 1
        while bas < haut:
            milieu = (bas + haut) // 2
            if ordre.index(blessure(milieu, total).gravite) < rang:
                bas = milieu + 1
            else:
                haut = milieu
        return bas

    premiers = [premiere_perte(rang) for rang in range(len(ordre))]
    plages = []
    for rang, niveau in enumerate(NIVEAUX_DE_BLESSURE):
        dernier = premiers[rang + 1] - 1 if rang + 1 < len(ordre) else None
        if dernier is None or dernier >= premiers[rang]:
            plages.append((niveau, premiers[rang], dernier))
    return tuple(plages)


# -- Le combat en plusieurs passes (C4, C7) --------------------------------------------

MAX_PASSES = 1000
"""The most passes a fight keeps (its state travels in a share link)."""


@dataclass(frozen=True, slots=True)
class Sante:
    """A side's state after the passes: its Vie, the PV lost, and the worst wound of one hit (C7)."""

    vie: int
    perdus: int
    blessure: Blessure

    @property
    def restants(self) -> int:
        """The PV left: Vie - PV lost (the text says nothing below 0: shown as is)."""
        return self.vie - self.perdus


@dataclass(frozen=True, slots=True)
class CombatElToto:
    """A duel over several passes: the PV each side lost at each pass, ``(A, B)`` in order.

    >>> combat = CombatElToto(((0, 2), (1, 5)))
    >>> sante = combat.sante("b", 15)
    >>> sante.perdus, sante.restants, sante.blessure.gravite.value
    (7, 8, 'grave')
    """

    passes: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.passes, tuple | list) or len(self.passes) > MAX_PASSES:
            raise InputError(f"Un combat garde au plus {MAX_PASSES} passes.", champ="passes")
        passes = []
        for passe in self.passes:
            if not isinstance(passe, tuple | list) or len(passe) != 2:
                raise InputError("Chaque passe donne les PV perdus par A et par B.", champ="passes")
            passes.append((_score(passe[0], "passes"), _score(passe[1], "passes")))
        object.__setattr__(self, "passes", tuple(passes))

    def sante(self, camp: str, vie: object) -> Sante:
        """Side ``camp`` ("a" or "b") after every pass, for a full ``vie``."""
        rang = ("a", "b").index(choix(camp, "camp", ("a", "b")))
        total = entier(vie, "vie", minimum=1)
        coups = [blessure(passe[rang], total) for passe in self.passes]
        ordre = list(Gravite)
        pire = max(coups, key=lambda b: (ordre.index(b.gravite), b.malus_des), default=blessure(0, total))
        return Sante(total, sum(b.points_de_vie_perdus for b in coups), pire)


def jouer_passe(
    combat: CombatElToto, a: Combattant, b: Combattant, *, rng: random.Random, des_lus: object = None
) -> tuple[CombatElToto, Echange]:
    """Play the next pass of ``combat`` (:func:`lancer_echange`) and keep the PV each side lost.

    >>> from rules_py.dice import new_rng
    >>> a, b = Combattant(Repartition(1, 3, 2), 1, 2, 3), Combattant(Repartition(2, 2, 2), 0, 1, 2)
    >>> lus = {"des_attaque_b": [6, 4], "des_defense_a": [4, 1], "des_resistance_a": [1, 1, 1]}
    >>> lus |= {"des_attaque_a": [6, 6, 5], "des_defense_b": [2, 2], "des_resistance_b": [4, 4]}
    >>> combat, echange = jouer_passe(CombatElToto(), a, b, rng=new_rng(1), des_lus=lus)
    >>> combat.passes
    ((1, 4),)
    """
    if not isinstance(combat, CombatElToto):
        raise InputError("« combat » doit être un combat en cours.", champ="combat")
    if len(combat.passes) >= MAX_PASSES:
        raise InputError(f"Un combat garde au plus {MAX_PASSES} passes.", champ="passes")
    echange = lancer_echange(a, b, rng=rng, des_lus=des_lus)
    perdus = (echange.attaque_de_b.points_de_vie_perdus, echange.attaque_de_a.points_de_vie_perdus)
    return CombatElToto((*combat.passes, perdus)), echange


# =====================================================================================
# III. Survie (C8)
# =====================================================================================


@dataclass(frozen=True, slots=True)
class Survie:
    """A survival check: MH, the survival roll, the total, the shareable successes, damage and PV lost.

    ``total`` is None when MH >= 0 (no roll). Empty rolls were not made.
    """

    mh: int
    jet_survie: Jet
    total: int | None
    reussites_a_partager: int
    dommages: int
    resistance: Jet
    points_de_vie_perdus: int

    @property
    def consequence(self) -> str:
        """``aucune`` (MH >= 0, or a total >= 0), or ``intemperies``: damage from the weather (C8)."""
        return "aucune" if self.total is None or self.total >= 0 else "intemperies"


def mh(hostilite: object, equipement: object) -> int:
    """MH: the hostility modifier (<= 0) + the equipment's survival modifier.

    >>> mh(-3, 1)
    -2
    """
    hostile = entier(hostilite, "hostilite", minimum=-MAX_MODIFICATEUR, maximum=0)
    total = hostile + _modificateur(equipement, "equipement")
    if total < -MAX_MODIFICATEUR:
        raise InputError(f"MH ne descend pas sous −{MAX_MODIFICATEUR}.", champ="equipement")
    return total


def _bilan_survie(valeur_mh: int, milieu: int, reussites: int) -> tuple[int | None, int, int]:
    """(total, successes to share, damage) for a survival roll.

    The shareable successes are half (rounded down) of those rolled beyond what
    MH needed, i.e. of min(total, successes): Milieu never adds any.
    """
    if valeur_mh >= 0:
        return None, 0, 0
    total = valeur_mh + reussites + milieu
    if total >= 0:
        return total, min(total, reussites) // 2, 0
    return total, 0, -total


def resoudre_survie(
    mh: object, milieu: object, des_survie: object = (), des_resistance: object = ()
) -> Survie:
    """Resolve survival: MH < 0 needs MH + survival successes + Milieu >= 0, else damage.

    "La moitié des réussites comptées à partir de MH = 0" is read as half
    (rounded down) of the successes rolled beyond those needed to bring the
    total to 0, i.e. of min(total, successes): that is the total itself unless
    Milieu alone outweighs MH, and Milieu, which is not a success, is never shared.

    >>> s = resoudre_survie(-3, 1, [6, 6, 4])
    >>> s.total, s.reussites_a_partager
    (3, 1)
    >>> resoudre_survie(-4, 0, [5], [4]).points_de_vie_perdus
    2
    """
    valeur_mh = _modificateur(mh, "mh")
    score_milieu = _score(milieu, "milieu")
    survie = _resoudre(_faces(des_survie, "des_survie"))
    resistance = _resoudre(_faces(des_resistance, "des_resistance"))
    total, partage, brut = _bilan_survie(valeur_mh, score_milieu, survie.reussites)
    return Survie(
        valeur_mh, survie, total, partage, brut, resistance, apres_resistance(brut, resistance.reussites)
    )


def lancer_survie(
    mh: object,
    milieu: object,
    survie: object,
    resistance: object,
    *,
    rng: random.Random,
    des_survie: object = None,
    des_resistance: object = None,
) -> Survie:
    """Roll survival: no roll when MH >= 0; Résistance dice only when there is damage.

    Either roll may instead be read on the table (``des_survie``,
    ``des_resistance``: as many faces as dice); faces given for a roll that is
    not made are not used.

    >>> from rules_py.dice import new_rng
    >>> lancer_survie(0, 2, 4, 3, rng=new_rng(1)).jet_survie.des
    ()
    >>> s = lancer_survie(-4, 1, 2, 1, rng=new_rng(1), des_survie=[4, 2], des_resistance=[6])
    >>> s.total, s.dommages, s.points_de_vie_perdus
    (-2, 2, 0)
    """
    valeur_mh = _modificateur(mh, "mh")
    score_milieu = _score(milieu, "milieu")
    nombre_survie = _nombre(survie, "survie")
    nombre_resistance = _nombre(resistance, "resistance")
    if valeur_mh >= 0:
        return resoudre_survie(valeur_mh, score_milieu)
    faces = _lus_ou_tires(des_survie, nombre_survie, "des_survie", rng)
    sans_resistance = resoudre_survie(valeur_mh, score_milieu, faces)
    if sans_resistance.dommages == 0:
        return sans_resistance
    faces_resistance = _lus_ou_tires(des_resistance, nombre_resistance, "des_resistance", rng)
    return resoudre_survie(valeur_mh, score_milieu, faces, faces_resistance)


def distribution_survie(
    mh: object, milieu: object, survie: object, resistance: object
) -> Distribution[tuple[int, int]]:
    """The exact distribution of (PV lost, successes to share) for a survival check.

    >>> distribution_survie(-1, 0, 2, 0).probability((0, 1))
    Fraction(5, 36)
    """
    valeur_mh = _modificateur(mh, "mh")
    score_milieu = _score(milieu, "milieu")
    nombre_survie = _nombre(survie, "survie")
    nombre_resistance = _nombre(resistance, "resistance")
    if valeur_mh >= 0:
        return Distribution.certain((0, 0))
    bilans = _reussites(nombre_survie).map(lambda r: _bilan_survie(valeur_mh, score_milieu, r)[1:])
    return bilans.combine(
        _reussites(nombre_resistance), lambda bilan, r: (apres_resistance(bilan[1], r), bilan[0])
    )


@dataclass(frozen=True, slots=True)
class LoisDeSurvie:
    """The exact laws of a survival check: the PV lost, and the successes to share."""

    points_de_vie_perdus: Distribution[int]
    reussites_a_partager: Distribution[int]


def lois_survie(mh: object, milieu: object, survie: object, resistance: object) -> LoisDeSurvie:
    """The two laws of :func:`distribution_survie`, each on its own.

    >>> lois = lois_survie(-1, 0, 2, 0)
    >>> lois.points_de_vie_perdus.probability(1), lois.reussites_a_partager.probability(1)
    (Fraction(1, 4), Fraction(5, 36))
    """
    loi = distribution_survie(mh, milieu, survie, resistance)
    return LoisDeSurvie(loi.map(lambda issue: issue[0]), loi.map(lambda issue: issue[1]))

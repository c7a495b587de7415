"""El Toto, II. Combat, « Le duel » (C4, page ``combat.md``): steps a) to e) of an attack, then a whole pass.

The best split of the PdC for a pass is in :mod:`rules_py.el_toto.repartition`; a
duel over several passes, in :mod:`rules_py.el_toto.combat_en_plusieurs_passes`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from math import lcm
from typing import TypeVar

from rules_py.dice import Distribution
from rules_py.el_toto.lecture import MAX_DES, _faces, _modificateur, _nombre, _score
from rules_py.el_toto.regles_de_base import Jet, _des, _lus_ou_tires, _resoudre, _reussites
from rules_py.errors import InputError
from rules_py.validation import entier

S = TypeVar("S", bound=Hashable)
T = TypeVar("T", bound=Hashable)


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

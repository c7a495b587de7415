"""Page « Initiative »: the order of actions, the score, a fight followed round after round."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType

from rules_py.basic_maison.caracteristiques import _caracteristique
from rules_py.basic_maison.lecture import _texte
from rules_py.dice import Distribution
from rules_py.errors import InputError, RulesError
from rules_py.validation import choix, entier

# == Initiative =================================================================


class Action(StrEnum):
    """The declared action, which fixes the order before the initiative score (A9)."""

    TIR_A_DISTANCE = "tir_a_distance"
    MELEE = "melee"
    MAGIE = "magie"
    ACTION_LONGUE = "action_longue"


ORDRE_DES_ACTIONS: tuple[tuple[Action, str], ...] = (
    (Action.TIR_A_DISTANCE, "Tir à distance"),
    (Action.MELEE, "Combat au corps à corps"),
    (Action.MAGIE, "Magie"),
    (Action.ACTION_LONGUE, "Tout autre type d'action de combat longue (coup mortel, viser…)"),
)
_RANG_DE_L_ACTION: Mapping[Action, int] = MappingProxyType(
    {action: rang for rang, (action, _) in enumerate(ORDRE_DES_ACTIONS, start=1)}
)


@dataclass(frozen=True, slots=True)
class Combattant:
    """A combatant: name, DEX, armour PA, declared action."""

    nom: str
    dex: int
    pa: int
    action: Action


@dataclass(frozen=True, slots=True)
class ScoreDInitiative:
    """One combatant's initiative: the d6 and the score DEX - PA + d6."""

    nom: str
    action: Action
    d6: int
    score: int


@dataclass(frozen=True, slots=True)
class GroupeDInitiative:
    """Combatants who act together: same action, same score (A9)."""

    rang: int
    action: Action
    score: int
    combattants: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Initiative:
    """Every combatant's score, and the groups in the order they act."""

    scores: tuple[ScoreDInitiative, ...]
    groupes: tuple[GroupeDInitiative, ...]


def score_d_initiative(dex: int, pa: int, d6: int) -> int:
    """DEX - armour PA + 1d6 (A9).

    >>> score_d_initiative(14, 3, 5)
    16
    """
    return _caracteristique(dex, "DEX") - entier(pa, "PA", minimum=0) + entier(d6, "d6", minimum=1, maximum=6)


def _combattant(combattant: object, noms: set[str]) -> Combattant:
    if not isinstance(combattant, Combattant):
        raise InputError(
            "Chaque combattant doit avoir un nom, une DEX, des PA et une action.", champ="combattants"
        )
    nom = _texte(combattant.nom, "nom").strip()
    if nom in noms:
        raise InputError(f"Deux combattants s'appellent « {nom[:30]} ».", champ="nom")
    noms.add(nom)
    action = Action(choix(combattant.action, "action", tuple(Action)))
    return Combattant(nom, combattant.dex, combattant.pa, action)


def ordre_d_initiative(combattants: Sequence[Combattant], des: Sequence[int]) -> Initiative:
    """The order of action from each combatant's d6: by action, then score, higher first; ties act together.

    >>> ordre = ordre_d_initiative(
    ...     [Combattant("Aldo", 14, 2, Action.MELEE), Combattant("Bera", 10, 0, Action.TIR_A_DISTANCE),
    ...      Combattant("Cid", 12, 0, Action.MELEE)], [1, 1, 1])
    >>> [(g.rang, g.action.value, g.score, g.combattants) for g in ordre.groupes]
    [(1, 'tir_a_distance', 11, ('Bera',)), (2, 'melee', 13, ('Aldo', 'Cid'))]
    """
    if not isinstance(combattants, list | tuple) or not isinstance(des, list | tuple):
        raise InputError("Les combattants et leurs d6 doivent être des listes.", champ="combattants")
    if len(des) != len(combattants):
        raise InputError(
            f"Il faut un d6 par combattant ({len(combattants)} combattants, {len(des)} dés).", champ="des"
        )
    noms: set[str] = set()
    lus = [_combattant(c, noms) for c in combattants]
    scores = tuple(
        ScoreDInitiative(
            c.nom, c.action, entier(d6, "d6", minimum=1, maximum=6), score_d_initiative(c.dex, c.pa, d6)
        )
        for c, d6 in zip(lus, des, strict=True)
    )
    groupes: dict[tuple[int, int], list[str]] = {}
    for score in sorted(scores, key=lambda s: (_RANG_DE_L_ACTION[s.action], -s.score)):
        groupes.setdefault((_RANG_DE_L_ACTION[score.action], score.score), []).append(score.nom)
    return Initiative(
        scores,
        tuple(
            GroupeDInitiative(rang, ORDRE_DES_ACTIONS[action - 1][0], score, tuple(membres))
            for rang, ((action, score), membres) in enumerate(groupes.items(), start=1)
        ),
    )


def lancer_initiative(combattants: Sequence[Combattant], rng: random.Random) -> Initiative:
    """Roll each combatant's d6 with ``rng`` and order them."""
    if not isinstance(combattants, list | tuple):
        raise InputError("Les combattants doivent être une liste.", champ="combattants")
    return ordre_d_initiative(combattants, [rng.randint(1, 6) for _ in combattants])


@dataclass(frozen=True, slots=True)
class ChanceDInitiative:
    """A combatant's chance to lead its action category: alone or tied (``en_tete``), alone only."""

    nom: str
    en_tete: Fraction
    seul_en_tete: Fraction


def chances_d_initiative(combattants: Sequence[Combattant]) -> tuple[ChanceDInitiative, ...]:
    """Before the roll: each combatant's exact chance to act first in its declared action (A9).

    Only the combatants of the same action compete; ties act together, so
    ``en_tete`` counts them and ``seul_en_tete`` does not.

    >>> [(c.nom, c.en_tete, c.seul_en_tete) for c in chances_d_initiative(
    ...     [Combattant("Aldo", 12, 0, Action.MELEE), Combattant("Cid", 12, 0, Action.MELEE),
    ...      Combattant("Bera", 10, 0, Action.TIR_A_DISTANCE)])]
    [('Aldo', Fraction(7, 12), Fraction(5, 12)), ('Cid', Fraction(7, 12), Fraction(5, 12)), \
('Bera', Fraction(1, 1), Fraction(1, 1))]
    """
    if not isinstance(combattants, list | tuple):
        raise InputError("Les combattants doivent être une liste.", champ="combattants")
    noms: set[str] = set()
    lus = [_combattant(c, noms) for c in combattants]
    scores = [
        Distribution.die(6).map(lambda d6, c=c: score_d_initiative(c.dex, c.pa, d6))  # type: ignore[misc]
        for c in lus
    ]
    chances = []
    for index, combattant in enumerate(lus):
        rivaux = [
            scores[autre]
            for autre, rival in enumerate(lus)
            if autre != index and rival.action is combattant.action
        ]
        en_tete = seul = Fraction(0)
        for score, p in scores[index].probabilities().items():
            en_tete += p * math.prod(r.probability_where(lambda s, score=score: s <= score) for r in rivaux)
            seul += p * math.prod(r.probability_where(lambda s, score=score: s < score) for r in rivaux)
        chances.append(ChanceDInitiative(combattant.nom, en_tete, seul))
    return tuple(chances)


MAX_COMBATTANTS = 20
"""The most combatants a followed fight holds."""
MAX_NOM = 40
"""The longest combatant's name, in characters."""


def nom_de_combattant(valeur: object) -> str:
    """A combatant's name, its spaces collapsed: not empty, at most 40 characters.

    >>> nom_de_combattant("  Aldo   le Rouge ")
    'Aldo le Rouge'
    """
    if not isinstance(valeur, str) or not valeur.strip():
        raise InputError("Donnez un nom au combattant.", champ="nom")
    nom = " ".join(valeur.split())
    if len(nom) > MAX_NOM:
        raise InputError(f"Nom trop long : {MAX_NOM} caractères au plus.", champ="nom")
    return nom


@dataclass(frozen=True, slots=True)
class SuiviDInitiative:
    """A fight followed round after round (A9): its combatants, the round, each one's last d6 (in order)."""

    combattants: tuple[Combattant, ...] = ()
    round: int = 0
    des: tuple[int, ...] | None = None

    @classmethod
    def lire(cls, etat: Mapping[str, object]) -> SuiviDInitiative:
        """The fight from its JSON state (its fields); a malformed one raises an error of the rules."""
        lignes = etat["combattants"]
        if not isinstance(lignes, list) or len(lignes) > MAX_COMBATTANTS:
            raise InputError(f"Il faut une liste d'au plus {MAX_COMBATTANTS} combattants.")
        combattants = tuple(
            Combattant(
                nom_de_combattant(ligne["nom"]),
                entier(ligne["dex"], "DEX", minimum=0),
                entier(ligne["pa"], "PA", minimum=0),
                Action(choix(ligne["action"], "action", tuple(Action))),
            )
            for ligne in lignes
        )
        if len({c.nom.casefold() for c in combattants}) != len(combattants):
            raise InputError("Deux combattants portent le même nom.")
        des = etat.get("des")
        if des is not None:
            if not isinstance(des, list) or len(des) != len(combattants):
                raise InputError("Il faut un d6 par combattant.")
            des = tuple(entier(d6, "d6", minimum=1, maximum=6) for d6 in des)
        return cls(combattants, entier(etat.get("round", 0), "round", minimum=0), des)

    def initiative(self) -> Initiative | None:
        """The order of the last d6 (None before the first roll)."""
        return None if self.des is None else ordre_d_initiative(self.combattants, self.des)

    def ajouter(self, combattant: Combattant) -> tuple[SuiviDInitiative, bool]:
        """The fight with ``combattant`` in it, and whether they are new (else the one of that name is
        replaced); the order waits for the next roll."""
        combattants = list(self.combattants)
        cle = combattant.nom.casefold()
        index = next((i for i, c in enumerate(combattants) if c.nom.casefold() == cle), None)
        if index is not None:
            combattants[index] = combattant
        elif len(combattants) >= MAX_COMBATTANTS:
            raise InputError(f"{MAX_COMBATTANTS} combattants au plus.", champ="nom")
        else:
            combattants.append(combattant)
        return SuiviDInitiative(tuple(combattants), self.round), index is None

    def retirer(self, nom: str) -> SuiviDInitiative:
        """The fight without the combatant ``nom``; the others keep their d6 and their order."""
        index = next((i for i, c in enumerate(self.combattants) if c.nom == nom), None)
        if index is None:
            raise InputError(f"Aucun combattant ne s'appelle « {nom[:MAX_NOM]} ».")
        combattants = self.combattants[:index] + self.combattants[index + 1 :]
        des = self.des[:index] + self.des[index + 1 :] if self.des and combattants else None
        return SuiviDInitiative(combattants, self.round, des)

    def lancer(
        self, rng: random.Random, lus: Sequence[int] | None = None, *, suivant: bool = False
    ) -> SuiviDInitiative:
        """One d6 per combatant, rolled or ``lus`` in the list's order; the first roll opens round 1,
        ``suivant`` the next round."""
        if not self.combattants:
            raise InputError("Ajoutez au moins un combattant avant de lancer l'initiative.", champ="nom")
        if lus is None:
            des = tuple(s.d6 for s in lancer_initiative(self.combattants, rng).scores)
        elif len(lus) != len(self.combattants):
            pluriel = "s" if len(lus) > 1 else ""
            raise InputError(
                f"Il faut un d6 par combattant, dans l'ordre de la liste : {len(self.combattants)} "
                f"({len(lus)} lu{pluriel}).",
                champ="des",
            )
        else:
            try:
                des = tuple(s.d6 for s in ordre_d_initiative(self.combattants, lus).scores)
            except RulesError as erreur:
                erreur.champ = "des"
                raise
        return SuiviDInitiative(
            self.combattants, self.round + 1 if suivant or not self.round else self.round, des
        )

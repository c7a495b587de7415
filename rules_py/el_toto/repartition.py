"""El Toto, II. Combat, « Le duel » (C4, page ``combat.md``): the best split of the PdC.

The duel tool's « Meilleure répartition »: the split of a PdC with the best chance
over one pass against the opponent's, and the chance of a given split.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from itertools import accumulate

from rules_py.dice import Distribution
from rules_py.el_toto.duel import (
    Combattant,
    Repartition,
    Signes,
    _echange,
    _lire_combattants,
    _signes_par_convolution,
)
from rules_py.el_toto.lecture import _nombre
from rules_py.el_toto.regles_de_base import _reussites
from rules_py.errors import InputError
from rules_py.validation import choix

MAX_PDC_EXHAUSTIF = 30
"""The largest PdC the exhaustive best-split search accepts (about half a second)."""


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

"""Scories karmiques (4.4, ``docs/basic-kar/scories-karmiques.md``).

The two ways to raise the KAR again: the announced malus, and the slag roll on its table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from rules_py.d100 import D100, arrondi_superieur, lire_jet
from rules_py.errors import InputError
from rules_py.validation import entier

__all__ = [
    "TABLE_DES_SCORIES",
    "BandeDeScories",
    "RegainAnnonce",
    "Scories",
    "annoncer_regain_de_kar",
    "bande_de_scories",
    "lancer_scories",
    "probabilites_scories",
    "resoudre_scories",
]


# -- 4.4 Jets de Scories karmiques (B11) ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BandeDeScories:
    """One row of the slag table: margin range, what is lost (25 % or 50 % of initial PE or PV), KAR gain."""

    marge_min: int
    marge_max: int
    perte: str | None
    pourcentage: int
    gain_de_kar: int
    effet: str

    @property
    def libelle(self) -> str:
        """The margin as the table prints it: ``01-10`` … ``91-100``."""
        return f"{self.marge_min:02d}-{self.marge_max:02d}"


_INDISPOSITION = "Perte de 25% des PE initiaux, légère indisposition (hoquet, mal de tête ou de ventre)."
_ACCIDENT = "Petit accident, perte de 25% des PV initiaux."
_INFARCTUS = "Infarctus ou autre accident de santé grave, perte de 50% des PV initiaux."

TABLE_DES_SCORIES: tuple[BandeDeScories, ...] = (
    BandeDeScories(1, 10, "PE", 25, 5, _INDISPOSITION),
    BandeDeScories(11, 20, "PE", 25, 10, _INDISPOSITION),
    BandeDeScories(21, 30, "PE", 25, 15, _INDISPOSITION),
    BandeDeScories(31, 40, "PE", 25, 20, _INDISPOSITION),
    BandeDeScories(41, 50, "PE", 25, 25, _INDISPOSITION),
    BandeDeScories(51, 60, "PV", 25, 30, _ACCIDENT),
    BandeDeScories(61, 70, "PV", 25, 35, _ACCIDENT),
    BandeDeScories(71, 80, "PV", 50, 40, _INFARCTUS),
    BandeDeScories(81, 90, "PV", 50, 45, _INFARCTUS),
    BandeDeScories(91, 100, None, 0, 50, "Un esprit de maladie (POU=18) possède le personnage."),
)
"""The table of lines 185-195: margin = d100 - KAR, in bands of 10."""


def _bande(kar: int, jet: int) -> BandeDeScories | None:
    marge = jet - kar
    if marge <= 0:
        return None
    return TABLE_DES_SCORIES[(marge - 1) // 10]


def bande_de_scories(kar: object, jet: object) -> BandeDeScories | None:
    """The row of the table for this roll (None when the d100 is at most the KAR).

    >>> bande_de_scories(25, 53).libelle, bande_de_scories(25, 20)
    ('21-30', None)
    """
    return _bande(entier(kar, "KAR", minimum=0), lire_jet(jet))


@dataclass(frozen=True, slots=True)
class Scories:
    """A slag roll: the margin, the row, the PE / PV lost and the KAR after (never above the initial KAR)."""

    kar: int
    kar_initial: int
    jet: int
    marge: int | None
    bande: str | None
    effet: str | None
    perte_pe: int
    perte_pv: int
    gain_de_kar: int
    kar_apres: int


def _resoudre_scories(kar: int, initial: int, pe: int, pv: int, jet: int) -> Scories:
    bande = _bande(kar, jet)
    if bande is None:
        return Scories(kar, initial, jet, None, None, None, 0, 0, 0, kar)
    base = pe if bande.perte == "PE" else pv
    perte = arrondi_superieur(base * bande.pourcentage, 100)
    gain = min(bande.gain_de_kar, initial - kar)
    return Scories(
        kar,
        initial,
        jet,
        jet - kar,
        bande.libelle,
        bande.effet,
        perte if bande.perte == "PE" else 0,
        perte if bande.perte == "PV" else 0,
        gain,
        kar + gain,
    )


def _entrees_scories(
    kar: object, kar_initial: object, pe_initiaux: object, pv_initiaux: object
) -> tuple[int, ...]:
    initial = entier(kar_initial, "kar_initial", minimum=0)
    valeur = entier(kar, "KAR", minimum=0)
    if valeur > initial:
        raise InputError(
            f"Le KAR actuel ({valeur}) ne peut pas dépasser le KAR initial ({initial}).", champ="kar"
        )
    return (
        valeur,
        initial,
        entier(pe_initiaux, "pe_initiaux", minimum=0),
        entier(pv_initiaux, "pv_initiaux", minimum=0),
    )


def resoudre_scories(
    kar: object, kar_initial: object, pe_initiaux: object, pv_initiaux: object, jet: object
) -> Scories:
    """Resolve "tirer ses scories": d100 against the current KAR, then the table.

    >>> s = resoudre_scories(25, 60, 20, 12, 53)
    >>> s.marge, s.perte_pe, s.kar_apres
    (28, 5, 40)
    """
    return _resoudre_scories(*_entrees_scories(kar, kar_initial, pe_initiaux, pv_initiaux), lire_jet(jet))


def lancer_scories(
    kar: object,
    kar_initial: object,
    pe_initiaux: object,
    pv_initiaux: object,
    rng: random.Random,
    jet: int | None = None,
) -> Scories:
    """Tirer ses scories with the d100 read on the table (``jet``) or rolled with ``rng``.

    >>> from rules_py.dice import new_rng
    >>> lancer_scories(100, 100, 20, 12, new_rng(1)).kar_apres
    100
    >>> lancer_scories(25, 60, 20, 12, new_rng(1), 53).kar_apres
    40
    """
    jet = rng.randint(1, 100) if jet is None else lire_jet(jet)
    return _resoudre_scories(*_entrees_scories(kar, kar_initial, pe_initiaux, pv_initiaux), jet)


def probabilites_scories(kar: object) -> dict[str, Fraction]:
    """The exact chance of each row of the table (``aucune``: the d100 is at most the KAR).

    >>> probabilites_scories(25)["aucune"], probabilites_scories(25)["71-80"]
    (Fraction(1, 4), Fraction(1, 20))
    """
    valeur = entier(kar, "KAR", minimum=0)
    bandes = D100.map(lambda jet: _bande(valeur, jet))
    resultat = {"aucune": bandes.probability(None)}
    resultat.update({bande.libelle: bandes.probability(bande) for bande in TABLE_DES_SCORIES})
    return resultat


@dataclass(frozen=True, slots=True)
class RegainAnnonce:
    """The other way: n KAR points regained now, an n % malus that the MJ applies next session."""

    points: int
    kar: int
    kar_initial: int
    kar_apres: int
    malus: int


def annoncer_regain_de_kar(points: object, kar: object, kar_initial: object) -> RegainAnnonce:
    """Record an announced regain of ``points``: at most initial KAR - current KAR.

    >>> annoncer_regain_de_kar(45, 5, 50)
    RegainAnnonce(points=45, kar=5, kar_initial=50, kar_apres=50, malus=45)
    """
    valeur, initial, _, _ = _entrees_scories(kar, kar_initial, 0, 0)
    plafond = initial - valeur
    if plafond == 0:
        raise InputError(
            f"Le KAR est déjà à son score initial ({initial}) : rien à regagner.", champ="points"
        )
    nombre = entier(points, "points", minimum=1)
    if nombre > plafond:
        raise InputError(
            f"On ne peut regagner que {plafond} points de KAR (KAR initial {initial}, actuel {valeur}) : "
            f"{nombre} demandés.",
            champ="points",
        )
    return RegainAnnonce(nombre, valeur, initial, valeur + nombre, nombre)

"""Page « Blessures et guérison »: the states of a wound, CON rolls, healing and its rate."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType

from rules_py.basic_maison.caracteristiques import _caracteristique
from rules_py.basic_maison.competences import trouver_competence
from rules_py.basic_maison.lecture import _des, _total
from rules_py.basic_maison.tests import MALUS_AFFAIBLI, _malus, _resultat, _seuils, cible_de_caracteristique
from rules_py.d100 import Resultat, arrondi_superieur, lire_jet, probabilites
from rules_py.dice import Distribution, Expression, distribution, parse, roll
from rules_py.errors import InputError
from rules_py.validation import booleen, entier

# == Blessures et guérison ======================================================


class EtatDeBlessure(StrEnum):
    """The state after a hit, the most severe that applies (no damage and PV above 3: ``AUCUNE``)."""

    AUCUNE = "aucune"
    BLESSURE_LEGERE = "blessure_legere"
    BLESSURE_GRAVE = "blessure_grave"
    AGONIE = "agonie"
    MORT = "mort"


def duree_d_inconscience(con: int) -> int:
    """(21 - CON), in minutes (serious wound) or hours (agonie), at least 1 (A7).

    >>> duree_d_inconscience(13), duree_d_inconscience(21), duree_d_inconscience(25)
    (8, 1, 1)
    """
    return max(1, 21 - _caracteristique(con, "CON"))


@dataclass(frozen=True, slots=True)
class JetDeCon:
    """A CON roll the wound calls for: target, how often, unconsciousness and malus on a failure."""

    nom: str
    multiplicateur: int
    cible: int
    frequence: str
    inconscience: int
    unite: str
    malus_en_cas_d_echec: int

    def resoudre(self, jet: int | None, rng: random.Random) -> IssueDuJetDeCon:
        """This roll with the d100 ``jet`` read on the table, or rolled with ``rng`` when None.

        >>> subir_degats(12, 7, 13).jets[0].resoudre(66, random.Random()).inconscience
        8
        """
        return _issue(self, rng.randint(1, 100) if jet is None else lire_jet(jet))

    def probabilites(self) -> dict[Resultat, Fraction]:
        """The exact chance of each result under the target.

        >>> sum(p for r, p in subir_degats(12, 7, 13).jets[0].probabilites().items() if r.reussi)
        Fraction(13, 20)
        """
        limites = _seuils(self.cible)
        return probabilites(lambda jet: _resultat(limites, jet))


_JETS_DE_CON: Mapping[str, tuple[int, str, str, int]] = MappingProxyType(
    {
        "choc": (5, "une fois", "minutes", MALUS_AFFAIBLI),
        "agonie": (3, "chaque round", "heures", 0),
    }
)


def _jet_de_con(nom: str, con: int, affaibli: object) -> JetDeCon:
    multiplicateur, frequence, unite, malus = _JETS_DE_CON[nom]
    cible = cible_de_caracteristique(con, multiplicateur) + _malus(affaibli)
    return JetDeCon(nom, multiplicateur, cible, frequence, duree_d_inconscience(con), unite, malus)


@dataclass(frozen=True, slots=True)
class Blessure:
    """One hit applied: PV before and after, the state, and the CON rolls it calls for, in order (A7)."""

    pv_avant: int
    degats: int
    pv_apres: int
    etat: EtatDeBlessure
    blessure_grave: bool
    agonie: bool
    jets: tuple[JetDeCon, ...]


def _pv(pv: object, pv_max: object | None) -> int:
    """Current PV of a living character (>= 1), not above ``pv_max`` when given."""
    valeur = entier(pv, "pv")
    if valeur <= 0:
        raise InputError(
            f"À {valeur} PV le personnage est mort : la médecine conventionnelle ne peut plus rien pour lui.",
            champ="pv",
        )
    if pv_max is not None and valeur > entier(pv_max, "pv_max", minimum=1):
        raise InputError(f"Les PV actuels ({valeur}) dépassent les PV maximum ({pv_max}).", champ="pv")
    return valeur


def subir_degats(
    pv: int, degats: int, con: int, *, pv_max: int | None = None, affaibli: bool = False
) -> Blessure:
    """Apply one hit (A7): PV <= 0 mort; else damage x 2 >= PV before → CON x 5; then PV 1-3 → agonie.

    >>> b = subir_degats(12, 7, 13)
    >>> b.pv_apres, b.etat, [j.nom for j in b.jets]
    (5, <EtatDeBlessure.BLESSURE_GRAVE: 'blessure_grave'>, ['choc'])
    >>> subir_degats(12, 10, 13).etat, subir_degats(12, 12, 13).etat
    (<EtatDeBlessure.AGONIE: 'agonie'>, <EtatDeBlessure.MORT: 'mort'>)
    """
    avant = _pv(pv, pv_max)
    perte = entier(degats, "degats", minimum=0)
    _caracteristique(con, "CON")
    booleen(affaibli, "affaibli")
    apres = avant - perte
    if apres <= 0:
        return Blessure(avant, perte, apres, EtatDeBlessure.MORT, False, False, ())
    grave = perte * 2 >= avant
    agonie = apres <= 3
    jets = tuple(_jet_de_con(nom, con, affaibli) for nom, oui in (("choc", grave), ("agonie", agonie)) if oui)
    if agonie:
        etat = EtatDeBlessure.AGONIE
    elif grave:
        etat = EtatDeBlessure.BLESSURE_GRAVE
    else:
        etat = EtatDeBlessure.BLESSURE_LEGERE if perte else EtatDeBlessure.AUCUNE
    return Blessure(avant, perte, apres, etat, grave, agonie, jets)


@dataclass(frozen=True, slots=True)
class IssueDuJetDeCon:
    """A resolved CON roll: still conscious, or unconscious for a time, and the malus on waking."""

    jet: int
    cible: int
    resultat: Resultat
    conscient: bool
    inconscience: int
    unite: str
    malus: int


def _issue(demande: JetDeCon, jet: int) -> IssueDuJetDeCon:
    resultat = _resultat(_seuils(demande.cible), jet)
    if resultat.reussi:
        return IssueDuJetDeCon(jet, demande.cible, resultat, True, 0, demande.unite, 0)
    return IssueDuJetDeCon(
        jet, demande.cible, resultat, False, demande.inconscience, demande.unite, demande.malus_en_cas_d_echec
    )


def resoudre_choc(con: int, jet: int, *, affaibli: bool = False) -> IssueDuJetDeCon:
    """The serious-wound roll under CON x 5: failure, unconscious (21 - CON) minutes then -30 % (A7).

    >>> resoudre_choc(13, 65).conscient, resoudre_choc(13, 66).inconscience, resoudre_choc(13, 66).malus
    (True, 8, -30)
    """
    return _issue(_jet_de_con("choc", con, affaibli), lire_jet(jet))


def resoudre_agonie(con: int, jet: int, *, affaibli: bool = False) -> IssueDuJetDeCon:
    """The agonie roll under CON x 3, each round: failure, unconscious (21 - CON) hours (A7).

    >>> issue = resoudre_agonie(13, 40)
    >>> issue.conscient, issue.inconscience, issue.unite
    (False, 8, 'heures')
    """
    return _issue(_jet_de_con("agonie", con, affaibli), lire_jet(jet))


def lancer_choc(con: int, rng: random.Random, *, affaibli: bool = False) -> IssueDuJetDeCon:
    """Roll the serious-wound CON x 5 roll with ``rng``."""
    return _issue(_jet_de_con("choc", con, affaibli), rng.randint(1, 100))


def lancer_agonie(con: int, rng: random.Random, *, affaibli: bool = False) -> IssueDuJetDeCon:
    """Roll one round's agonie CON x 3 roll with ``rng``."""
    return _issue(_jet_de_con("agonie", con, affaibli), rng.randint(1, 100))


def vitesse_de_guerison(con: int) -> int:
    """Vitesse de guérison: 1 up to CON 6, then +1 per started block of 6 (A8): max(1, ceil(CON / 6)).

    >>> [vitesse_de_guerison(con) for con in (0, 6, 7, 12, 13, 18, 19, 24, 25)]
    [1, 1, 2, 2, 3, 3, 4, 4, 5]
    """
    return max(1, arrondi_superieur(_caracteristique(con, "CON"), 6))


def bandes_de_guerison(jusqu_a: int = 36) -> tuple[tuple[int, int, int], ...]:
    """The healing-rate table by band of CON (A8), up to ``jusqu_a``: (lowest CON, highest CON, rate).

    >>> bandes_de_guerison(24)
    ((0, 6, 1), (7, 12, 2), (13, 18, 3), (19, 24, 4))
    """
    bandes = [(0, 6, 1)]
    while bandes[-1][1] < entier(jusqu_a, "CON", minimum=0):
        debut = bandes[-1][1] + 1
        bandes.append((debut, debut + 5, vitesse_de_guerison(debut)))
    return tuple(bandes)


@dataclass(frozen=True, slots=True)
class Soin:
    """A healing skill: the PV it restores, after which rest, once per wound."""

    competence: str
    des: str
    repos: str
    une_fois_par_blessure: bool = True

    @property
    def expression(self) -> Expression:
        """The healing dice as an expression."""
        return parse(self.des)


SOINS: tuple[Soin, ...] = (Soin("Premiers secours", "1d3", "court"), Soin("Guérison", "1d6", "long"))


def trouver_soin(competence: str) -> Soin:
    """The healing given by a skill (Premiers secours 1d3, Guérison 1d6).

    >>> trouver_soin("Premiers Soins").des
    '1d3'
    """
    nom = trouver_competence(competence).nom
    for soin in SOINS:
        if soin.competence == nom:
            return soin
    raise InputError(
        f"« {nom} » ne rend pas de points de vie : seuls Premiers secours (1d3) et Guérison (1d6) le font.",
        champ="competence",
    )


@dataclass(frozen=True, slots=True)
class EffetDuSoin:
    """A healing roll applied: the dice, the points rolled, PV before and after (never above the maximum)."""

    competence: str
    des: tuple[int, ...]
    points: int
    pv_avant: int
    pv_max: int
    pv_apres: int


def soigner(pv: int, pv_max: int, competence: str, des: Sequence[int]) -> EffetDuSoin:
    """Apply a successful Premiers secours or Guérison given its die; PV never exceed the maximum.

    >>> soigner(5, 12, "Guérison", [4]).pv_apres, soigner(11, 12, "Premiers secours", [3]).pv_apres
    (9, 12)
    """
    soin = trouver_soin(competence)
    maximum = entier(pv_max, "pv_max", minimum=1)
    avant = _pv(pv, maximum)
    lus = _des(des, "des")
    points = _total(soin.expression, lus, "des")
    return EffetDuSoin(soin.competence, lus, points, avant, maximum, min(maximum, avant + points))


def lancer_soin(pv: int, pv_max: int, competence: str, rng: random.Random) -> EffetDuSoin:
    """Roll the healing die of ``competence`` with ``rng`` and apply it."""
    return soigner(pv, pv_max, competence, roll(trouver_soin(competence).expression, rng).dice)


def distribution_du_soin(pv: int, pv_max: int, competence: str) -> Distribution[int]:
    """The exact distribution of the PV after a successful healing: :func:`soigner` over every die.

    >>> distribution_du_soin(11, 12, "Premiers secours").probabilities()
    {12: Fraction(1, 1)}
    >>> distribution_du_soin(5, 12, "Premiers secours").probabilities()[6]
    Fraction(1, 3)
    """
    soin = trouver_soin(competence)
    maximum = entier(pv_max, "pv_max", minimum=1)
    avant = _pv(pv, maximum)
    # Each healing is a single die: its total is the die read on the table.
    return distribution(soin.expression).map(
        lambda de: soigner(avant, maximum, soin.competence, [de]).pv_apres
    )

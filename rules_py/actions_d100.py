"""Actions d100: the 16-step difficulty table, margins, criticals on 1, 11 … 91.

Sections follow ``004_38b3a8e25e9e92cd.txt``: the difficulty table (D1), the
margins (D3), the criticals and the skill test (D2), then the characteristic
test on the table's unit column (D4).

D4 note: the text defines criticals, 95-100 and 01 "sur son d100" only. A
characteristic test on 1d20 therefore has no critical and no automatic result:
success iff roll <= target (a target <= 0 cannot succeed, a target >= the die
cannot fail); its margins are those of D3.

Every test is a pure function of the die result; ``lancer_*`` applies it to a
die drawn from an injected ``random.Random``; ``probabilites_*`` maps it over
every face.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from rules_py.d100 import Resultat, lire_jet, probabilites
from rules_py.dice import Distribution
from rules_py.dice.notation import MAX_FACES
from rules_py.errors import InputError
from rules_py.validation import booleen, entier

__all__ = [
    "DIFFICULTES",
    "FACES_CARACTERISTIQUE",
    "Difficulte",
    "JetDeCaracteristique",
    "JetDeCompetence",
    "Marge",
    "jets_par_resultat",
    "jets_par_resultat_de_caracteristique",
    "lancer_test",
    "lancer_test_de_caracteristique",
    "marge_d_echec",
    "marge_de_reussite",
    "probabilites_test",
    "probabilites_test_de_caracteristique",
    "resoudre_test",
    "resoudre_test_de_caracteristique",
    "resultat_de_caracteristique",
    "resultat_de_competence",
    "seuil",
    "seuil_de_caracteristique",
    "trouver_difficulte",
]

FACES_CARACTERISTIQUE = 20
"""The die of a characteristic test when none is named (RULINGS D4)."""


# -- Difficulté de l'action (D1) -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Difficulte:
    """One step of the difficulty table: its key, its label, the % (skills) and units (characteristics)."""

    cle: str
    libelle: str
    pourcentage: int
    unites: int


DIFFICULTES: tuple[Difficulte, ...] = (
    Difficulte("miraculeux", "Miraculeux", -100, -15),
    Difficulte("impensable", "Impensable", -90, -14),
    Difficulte("presque_impossible", "Presque impossible", -80, -12),
    Difficulte("extremement_difficile", "Extrêmement difficile", -70, -11),
    Difficulte("tres_difficile", "Très difficile", -60, -9),
    Difficulte("difficile", "Difficile", -50, -8),
    Difficulte("assez_difficile", "Assez difficile", -40, -6),
    Difficulte("plutot_difficile", "Plutôt difficile", -30, -5),
    Difficulte("a_peine_difficile", "À peine difficile", -20, -3),
    Difficulte("un_peu_moins_que_moyen", "Un peu moins que moyen", -10, -1),
    Difficulte("moyen", "Moyen", 0, 0),
    Difficulte("a_peine_facile", "À peine facile", 10, 1),
    Difficulte("assez_facile", "Assez facile", 20, 3),
    Difficulte("facile", "Facile", 30, 5),
    Difficulte("tres_facile", "Très facile", 40, 6),
    Difficulte("immanquable", "Immanquable", 50, 8),
)
"""The table of the text, hardest first."""


def _plier(texte: str) -> str:
    """A name folded for lookup: no accents, lower case, words joined by ``_``."""
    decompose = unicodedata.normalize("NFKD", texte)
    sans_accents = "".join(c for c in decompose if not unicodedata.combining(c)).casefold()
    return "_".join("".join(c if c.isalnum() else " " for c in sans_accents).split())


_PAR_NOM: dict[str, Difficulte] = {_plier(d.cle): d for d in DIFFICULTES} | {
    _plier(d.libelle): d for d in DIFFICULTES
}


def trouver_difficulte(nom: object) -> Difficulte:
    """A step of the table by key or label, accents and case ignored.

    >>> trouver_difficulte("a peine DIFFICILE").libelle
    'À peine difficile'
    >>> trouver_difficulte("tres_facile").pourcentage
    40
    """
    if isinstance(nom, Difficulte) and nom in DIFFICULTES:
        return nom
    trouvee = _PAR_NOM.get(_plier(nom)) if isinstance(nom, str) else None
    if trouvee is None:
        liste = ", ".join(d.libelle for d in DIFFICULTES)
        # What was typed is echoed between isolates (it may hold right-to-left marks); anything else is not.
        recu = f" (reçu : « \u2068{nom[:40]}\u2069 »)" if isinstance(nom, str) else ""
        raise InputError(f"Difficulté inconnue{recu}. Difficultés possibles : {liste}.", champ="difficulte")
    return trouvee


def seuil(score: object, difficulte: object) -> int:
    """The target of a skill test: skill + the difficulty's % modifier.

    >>> seuil(60, "À peine difficile"), seuil(60, "facile")
    (40, 90)
    """
    return entier(score, "score", minimum=0) + trouver_difficulte(difficulte).pourcentage


# -- La marge (D3) -------------------------------------------------------------------


def marge_de_reussite(seuil: object, jet: object) -> int:
    """Mr: target - roll; 0 for an automatic success on a roll above the target.

    >>> marge_de_reussite(40, 31), marge_de_reussite(-10, 1)
    (9, 0)
    """
    return max(0, entier(seuil, "seuil") - entier(jet, "jet"))


def marge_d_echec(seuil: object, jet: object) -> int:
    """Me: roll - target; 0 for an automatic failure on a roll within the target.

    >>> marge_d_echec(40, 71), marge_d_echec(120, 97)
    (31, 0)
    """
    return max(0, entier(jet, "jet") - entier(seuil, "seuil"))


# -- Les critiques et le test de compétence (D2) -------------------------------------


def resultat_de_competence(seuil: object, jet: object, points_depenses: object = True) -> Resultat:
    """The result of a d100 against a target (the rule's order of checks).

    95-100 is a critical failure; 01 always succeeds, critically only if a point
    was spent in the skill; otherwise success iff roll <= target, critical iff
    the roll ends in 1.

    >>> resultat_de_competence(40, 31), resultat_de_competence(40, 1, points_depenses=False)
    (<Resultat.REUSSITE_CRITIQUE: 'reussite_critique'>, <Resultat.REUSSITE: 'reussite'>)
    """
    cible = entier(seuil, "seuil")
    valeur = lire_jet(jet)
    depense = booleen(points_depenses, "points_depenses")
    if valeur >= 95:
        return Resultat.ECHEC_CRITIQUE
    if valeur == 1:
        return Resultat.REUSSITE_CRITIQUE if depense else Resultat.REUSSITE
    if valeur > cible:
        return Resultat.ECHEC
    return Resultat.REUSSITE_CRITIQUE if valeur % 10 == 1 else Resultat.REUSSITE


@dataclass(frozen=True, slots=True)
class Marge:
    """The margin of a test: ``Mr`` (success) or ``Me`` (failure), and its value."""

    type: str
    valeur: int


def _marge(mr: int | None, me: int | None) -> Marge:
    return Marge("Mr", mr) if mr is not None else Marge("Me", me or 0)


@dataclass(frozen=True, slots=True)
class JetDeCompetence:
    """A resolved skill test: inputs, target, result and its margin (Mr or Me, the other None)."""

    score: int
    difficulte: str
    modificateur: int
    seuil: int
    jet: int
    points_depenses: bool
    resultat: Resultat
    marge_de_reussite: int | None
    marge_d_echec: int | None

    @property
    def reussi(self) -> bool:
        """True for the two successes."""
        return self.resultat.reussi

    @property
    def marge(self) -> Marge:
        """The margin that counts: Mr on a success, Me on a failure.

        >>> resoudre_test(60, 31, "À peine difficile").marge, resoudre_test(60, 71, "moyen").marge
        (Marge(type='Mr', valeur=9), Marge(type='Me', valeur=11))
        """
        return _marge(self.marge_de_reussite, self.marge_d_echec)

    @property
    def automatique(self) -> bool:
        """A result the roll decides whatever the target: 01 above it, or 95-100 within it (its margin is 0).

        >>> resoudre_test(30, 1, "difficile").automatique, resoudre_test(100, 96, "moyen").automatique
        (True, True)
        >>> resoudre_test(60, 31, "moyen").automatique
        False
        """
        return self.reussi == (self.jet > self.seuil)


def resoudre_test(
    score: object, jet: object, difficulte: object, points_depenses: object = True
) -> JetDeCompetence:
    """Resolve a skill test at a difficulty of the table.

    >>> t = resoudre_test(60, 31, "À peine difficile")
    >>> t.seuil, t.resultat, t.marge_de_reussite
    (40, <Resultat.REUSSITE_CRITIQUE: 'reussite_critique'>, 9)
    """
    competence = entier(score, "score", minimum=0)
    etape = trouver_difficulte(difficulte)
    valeur = lire_jet(jet)
    depense = booleen(points_depenses, "points_depenses")
    cible = competence + etape.pourcentage
    resultat = resultat_de_competence(cible, valeur, depense)
    return JetDeCompetence(
        competence,
        etape.cle,
        etape.pourcentage,
        cible,
        valeur,
        depense,
        resultat,
        marge_de_reussite(cible, valeur) if resultat.reussi else None,
        None if resultat.reussi else marge_d_echec(cible, valeur),
    )


def lancer_test(
    score: object, difficulte: object, points_depenses: object = True, *, rng: random.Random
) -> JetDeCompetence:
    """Roll a d100 with ``rng`` and resolve the skill test.

    >>> from rules_py.dice import new_rng
    >>> lancer_test(60, "moyen", rng=new_rng(1)).jet
    18
    """
    competence = entier(score, "score", minimum=0)
    etape = trouver_difficulte(difficulte)
    depense = booleen(points_depenses, "points_depenses")
    return resoudre_test(competence, rng.randint(1, 100), etape, depense)


def _resolveur_de_competence(
    score: object, difficulte: object, points_depenses: object
) -> Callable[[int], Resultat]:
    """The skill test as a function of the die alone (inputs checked once)."""
    cible = seuil(score, difficulte)
    depense = booleen(points_depenses, "points_depenses")
    return lambda jet: resultat_de_competence(cible, jet, depense)


def probabilites_test(
    score: object, difficulte: object, points_depenses: object = True
) -> dict[Resultat, Fraction]:
    """The exact chance of each result of a skill test.

    >>> probabilites_test(60, "à peine difficile")[Resultat.REUSSITE_CRITIQUE]
    Fraction(1, 25)
    """
    return probabilites(_resolveur_de_competence(score, difficulte, points_depenses))


def jets_par_resultat(
    score: object, difficulte: object, points_depenses: object = True
) -> dict[Resultat, tuple[int, ...]]:
    """The d100 results giving each result of a skill test, in increasing order.

    >>> jets_par_resultat(60, "à peine difficile")[Resultat.REUSSITE_CRITIQUE]
    (1, 11, 21, 31)
    """
    resoudre = _resolveur_de_competence(score, difficulte, points_depenses)
    jets: dict[Resultat, list[int]] = {resultat: [] for resultat in Resultat}
    for jet in range(1, 101):
        jets[resoudre(jet)].append(jet)
    return {resultat: tuple(liste) for resultat, liste in jets.items()}


# -- Les tests de caractéristique (D4) -------------------------------------------------


def seuil_de_caracteristique(caracteristique: object, difficulte: object) -> int:
    """The target of a characteristic test: characteristic + the difficulty's unit modifier.

    >>> seuil_de_caracteristique(12, "difficile")
    4
    """
    return entier(caracteristique, "caracteristique", minimum=0) + trouver_difficulte(difficulte).unites


def _faces(faces: object) -> int:
    """The die of a characteristic test: 2..MAX_FACES faces."""
    return entier(faces, "faces", minimum=2, maximum=MAX_FACES)


def resultat_de_caracteristique(
    seuil: object, jet: object, faces: object = FACES_CARACTERISTIQUE
) -> Resultat:
    """Success iff roll <= target, with no critical and no automatic result (see the module's D4 note).

    >>> resultat_de_caracteristique(4, 4), resultat_de_caracteristique(4, 5)
    (<Resultat.REUSSITE: 'reussite'>, <Resultat.ECHEC: 'echec'>)
    """
    cote = _faces(faces)
    valeur = entier(jet, "jet", minimum=1, maximum=cote)
    return Resultat.REUSSITE if valeur <= entier(seuil, "seuil") else Resultat.ECHEC


@dataclass(frozen=True, slots=True)
class JetDeCaracteristique:
    """A resolved characteristic test: inputs, target, die, result and its margin."""

    caracteristique: int
    difficulte: str
    modificateur: int
    seuil: int
    faces: int
    jet: int
    resultat: Resultat
    marge_de_reussite: int | None
    marge_d_echec: int | None

    @property
    def reussi(self) -> bool:
        """True on a success."""
        return self.resultat.reussi

    @property
    def marge(self) -> Marge:
        """The margin that counts: Mr on a success, Me on a failure."""
        return _marge(self.marge_de_reussite, self.marge_d_echec)


def resoudre_test_de_caracteristique(
    caracteristique: object, jet: object, difficulte: object, faces: object = FACES_CARACTERISTIQUE
) -> JetDeCaracteristique:
    """Resolve a characteristic test: 1d``faces`` (1d20 by default) against characteristic + units.

    >>> t = resoudre_test_de_caracteristique(12, 3, "difficile")
    >>> t.seuil, t.resultat, t.marge_de_reussite
    (4, <Resultat.REUSSITE: 'reussite'>, 1)
    """
    valeur_carac = entier(caracteristique, "caracteristique", minimum=0)
    etape = trouver_difficulte(difficulte)
    cote = _faces(faces)
    valeur = entier(jet, "jet", minimum=1, maximum=cote)
    cible = valeur_carac + etape.unites
    resultat = resultat_de_caracteristique(cible, valeur, cote)
    return JetDeCaracteristique(
        valeur_carac,
        etape.cle,
        etape.unites,
        cible,
        cote,
        valeur,
        resultat,
        marge_de_reussite(cible, valeur) if resultat.reussi else None,
        None if resultat.reussi else marge_d_echec(cible, valeur),
    )


def lancer_test_de_caracteristique(
    caracteristique: object, difficulte: object, faces: object = FACES_CARACTERISTIQUE, *, rng: random.Random
) -> JetDeCaracteristique:
    """Roll 1d``faces`` with ``rng`` and resolve the characteristic test.

    >>> from rules_py.dice import new_rng
    >>> lancer_test_de_caracteristique(12, "moyen", rng=new_rng(1)).jet
    5
    """
    valeur_carac = entier(caracteristique, "caracteristique", minimum=0)
    etape = trouver_difficulte(difficulte)
    cote = _faces(faces)
    return resoudre_test_de_caracteristique(valeur_carac, rng.randint(1, cote), etape, cote)


def probabilites_test_de_caracteristique(
    caracteristique: object, difficulte: object, faces: object = FACES_CARACTERISTIQUE
) -> dict[Resultat, Fraction]:
    """The exact chance of each result of a characteristic test (only success and failure occur).

    >>> probabilites_test_de_caracteristique(12, "difficile")[Resultat.REUSSITE]
    Fraction(1, 5)
    """
    cible = seuil_de_caracteristique(caracteristique, difficulte)
    cote = _faces(faces)
    distribution = Distribution.die(cote).map(lambda jet: resultat_de_caracteristique(cible, jet, cote))
    return {resultat: distribution.probability(resultat) for resultat in Resultat}


def jets_par_resultat_de_caracteristique(
    caracteristique: object, difficulte: object, faces: object = FACES_CARACTERISTIQUE
) -> dict[Resultat, tuple[int, ...]]:
    """The die results giving each result of a characteristic test.

    >>> jets_par_resultat_de_caracteristique(12, "difficile")[Resultat.REUSSITE]
    (1, 2, 3, 4)
    """
    cible = seuil_de_caracteristique(caracteristique, difficulte)
    cote = _faces(faces)
    jets: dict[Resultat, list[int]] = {resultat: [] for resultat in Resultat}
    for jet in range(1, cote + 1):
        jets[resultat_de_caracteristique(cible, jet, cote)].append(jet)
    return {resultat: tuple(liste) for resultat, liste in jets.items()}

"""The tools of Actions d100 (facade of :mod:`rules_py.actions_d100`), one declaration each.

``actions.test`` resolves a skill test (d100, the 16 difficulties, criticals on
rolls ending in 1, 95-100 always a critical failure, the margin);
``actions.test_caracteristique`` a characteristic test on the table's unit
modifiers (1d20 by default, the engine's die parameter). Both roll or take the
die read on the table, and give the exact chance of every result.

>>> from rules_py.web import Moteur
>>> r = Moteur(1).appeler("actions.test", {"score": "60", "difficulte": "a_peine_difficile", "jet": "31"})
>>> r["resultat"]["resultat"], r["resultat"]["marge"]
('reussite_critique', {'type': 'Mr', 'valeur': 9})
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any

from rules_py import actions_d100 as ad
from rules_py.d100 import Resultat, lire_jet
from rules_py.dice.notation import MAX_FACES
from rules_py.errors import InputError, RulesError
from rules_py.outils.champs import Champ
from rules_py.outils.registre import outils_du_systeme
from rules_py.systemes import ACTIONS_D100
from rules_py.web import affichage as af
from rules_py.web.commun import champs_de, de_100, note_de_lecture, pour_cent, resultats_du_d100, signe
from rules_py.web.creations import declarer_creation

__all__ = ["EntreesCaracteristique", "EntreesTest", "jets_en_texte"]

LIBELLES_RESULTATS = {
    Resultat.REUSSITE_CRITIQUE: "Réussite critique",
    Resultat.REUSSITE: "Réussite",
    Resultat.ECHEC: "Échec",
    Resultat.ECHEC_CRITIQUE: "Échec critique",
}


def jets_en_texte(jets: Iterable[int]) -> str:
    """Die results as a reader writes them: runs joined, or a span with its exceptions.

    >>> jets_en_texte([1, 11, 21, 31]), jets_en_texte(range(95, 101)), jets_en_texte([])
    ('01, 11, 21, 31', '95 à 100', 'aucun')
    >>> jets_en_texte([j for j in range(2, 41) if j % 10 != 1])
    '02 à 40, sauf 11, 21, 31'
    """
    liste = sorted(jets)
    if not liste:
        return "aucun"
    series: list[list[int]] = []
    for jet in liste:
        if series and jet == series[-1][-1] + 1:
            series[-1].append(jet)
        else:
            series.append([jet])
    if len(series) <= 2 or all(len(serie) == 1 for serie in series):
        return ", ".join(_serie(serie) for serie in series)
    sauf = ", ".join(de_100(j) for j in range(liste[0], liste[-1] + 1) if j not in set(liste))
    return f"{de_100(liste[0])} à {de_100(liste[-1])}, sauf {sauf}"


def _serie(serie: list[int]) -> str:
    return f"{de_100(serie[0])} à {de_100(serie[-1])}" if len(serie) > 2 else ", ".join(map(de_100, serie))


def _modificateur(valeur: int, unite: str = "") -> str:
    """``+30 %``, ``−20 %``, ``+5``; ``0`` for Moyen."""
    return f"{signe(valeur)}{af.ESPACE_FINE}{unite}" if unite else signe(valeur)


def _calcul(base: int, modificateur: int, total: int, *, en_pour_cent: bool) -> str:
    """``60 % − 20 % = 40 %``, ``12 + 5 = 17``, or the total alone when nothing is added.

    >>> _calcul(60, -20, 40, en_pour_cent=False)
    '60 − 20 = 40'
    """
    ecrire = pour_cent if en_pour_cent else af.nombre
    if not modificateur:
        return ecrire(total)
    return f"{ecrire(base)} {'+' if modificateur > 0 else '−'} {ecrire(abs(modificateur))} = {ecrire(total)}"


def _choix_difficultes(unite: str) -> tuple[tuple[str, str], ...]:
    choix = []
    for d in ad.DIFFICULTES:
        valeur = d.pourcentage if unite == "%" else d.unites
        choix.append((d.cle, d.libelle if valeur == 0 else f"{d.libelle} ({_modificateur(valeur, unite)})"))
    return tuple(choix)


def _difficulte(valeur: object, libelle: str) -> str:
    """A step of the table by key or name (« à peine difficile »), as its key."""
    try:
        return ad.trouver_difficulte(valeur).cle
    except RulesError as erreur:
        raise InputError(f"« {libelle} » : {erreur.message}") from None


def _blocs_resultats(
    jets: Mapping[Resultat, tuple[int, ...]],
    probabilites: Mapping[Resultat, Fraction],
    resultats: Iterable[Resultat],
    surligne: Resultat,
    legende: str,
) -> list[af.Bloc]:
    """The table of the rolls giving each result with its chance, and the bars of the chances."""
    ordre = list(resultats)
    return resultats_du_d100(
        ["Résultat", "Jets", "Chance"],
        ordre,
        lambda r: [LIBELLES_RESULTATS[r], jets_en_texte(jets[r]), af.pourcentage(probabilites[r])],
        {r: probabilites[r] for r in ordre},
        LIBELLES_RESULTATS.__getitem__,
        surligne,
        legende=legende,
        legende_des_chances="Chance exacte de chaque résultat",
    )


_outil = outils_du_systeme(ACTIONS_D100)


def _phrase(test: ad.JetDeCompetence | ad.JetDeCaracteristique, jet: str, seuil: str) -> af.Bloc:
    resultat, marge = LIBELLES_RESULTATS[test.resultat].lower(), test.marge
    texte = f"Jet {jet} contre {seuil} : {resultat} ({marge.type} {af.nombre(marge.valeur)})."
    return af.texte(texte, "resultat")


def _reponse(
    test: ad.JetDeCompetence | ad.JetDeCaracteristique,
    lu: int | None,
    probabilites: Mapping[Resultat, Fraction],
    blocs: list[af.Bloc],
    **autres: Any,
) -> dict[str, Any]:
    """A test's answer: the engine's result as it is, its margin and odds, the display (die read noted)."""
    if lu is not None:
        blocs.append(note_de_lecture())
    reponse = {"systeme": "actions", **champs_de(test)}
    reponse.update(marge=test.marge, des_lus=lu is not None, probabilites=probabilites, **autres)
    return {**reponse, "tires": {"jet": test.jet}, "affichage": blocs}


# -- Test de compétence (D1, D2, D3) -----------------------------------------------------------


JET_LU = "Jet lu sur la table (facultatif)"
AIDE_D20 = "Laissez vide pour lancer le 1d20."
AIDE_D100 = "Laissez vide pour lancer le d100 ; « 00 » vaut 100."


@dataclass(frozen=True, slots=True)
class EntreesTest:
    """The skill, the difficulty, whether a point was spent in the skill, and the d100 read."""

    score: Annotated[int, Champ("Compétence (%)", minimum=0, competence=True)] = 60
    difficulte: Annotated[
        str, Champ("Difficulté de l'action", choix=_choix_difficultes("%"), lecteur=_difficulte)
    ] = "moyen"
    points: Annotated[bool, Champ("Au moins un point dépensé dans la compétence")] = True
    jet: Annotated[
        int | None, Champ(JET_LU, minimum=1, maximum=100, lu=True, lecteur=lire_jet, aide=AIDE_D100)
    ] = None


@_outil(
    "test-actions",
    "Test de compétence d'Actions d100",
    "Résout un test de compétence au d100 : difficulté, critiques, marge, avec les chances exactes.",
    "actions.test",
    "Lancer le d100",
)
def resoudre_test_actions(entrees: EntreesTest, rng: random.Random) -> dict[str, Any]:
    """A skill test of Actions d100: target, thresholds, exact odds, and the roll (or the die read)."""
    jet = rng.randint(1, 100) if entrees.jet is None else entrees.jet
    difficulte = ad.trouver_difficulte(entrees.difficulte)
    test = ad.resoudre_test(entrees.score, jet, difficulte, entrees.points)
    probabilites = ad.probabilites_test(entrees.score, difficulte, entrees.points)
    jets = ad.jets_par_resultat(entrees.score, difficulte, entrees.points)
    critiques = jets[Resultat.REUSSITE_CRITIQUE]
    calcul = _calcul(entrees.score, difficulte.pourcentage, test.seuil, en_pour_cent=True)
    blocs = [
        _phrase(test, de_100(test.jet), pour_cent(test.seuil)),
        af.valeurs(
            [
                (f"Chance de réussite ({difficulte.libelle})", calcul),
                ("Réussite critique (jet réussi finissant par 1)", jets_en_texte(critiques)),
                ("Échec critique", "95 à 100, toujours"),
            ]
        ),
        *_blocs_resultats(jets, probabilites, Resultat, test.resultat, "Les jets de chaque résultat"),
    ]
    if test.automatique:
        quoi = "01 réussit toujours : réussite" if test.reussi else "95 à 100 échouent toujours : échec"
        blocs.append(af.texte(f"{quoi} automatique, sa {test.marge.type} est comptée 0.", "note"))
    if not entrees.points:
        blocs.append(af.texte("Aucun point dépensé dans la compétence : 01 est une réussite simple.", "note"))
    critique = max(critiques, default=None)
    return _reponse(test, entrees.jet, probabilites, blocs, seuil_critique=critique, jets_critiques=critiques)


# -- Test de caractéristique (D4) ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EntreesCaracteristique:
    """The characteristic, the difficulty, the die read; the die's faces (1d20, the engine's parameter)."""

    caracteristique: Annotated[int, Champ("Caractéristique", minimum=0, competence=True)] = 12
    difficulte: Annotated[
        str, Champ("Difficulté de l'action", choix=_choix_difficultes(""), lecteur=_difficulte)
    ] = "moyen"
    jet: Annotated[int | None, Champ(JET_LU, minimum=1, lu=True, aide=AIDE_D20)] = None
    faces: Annotated[int, Champ("Nombre de faces du dé", minimum=2, maximum=MAX_FACES, cache=True)] = 20


CARACTERISTIQUE = (Resultat.REUSSITE, Resultat.ECHEC)
SANS_CRITIQUE = "Pas de critique ni de résultat automatique sur ce dé (voir la note d'interprétation)."


@_outil(
    "test-caracteristique-actions",
    "Test de caractéristique d'Actions d100",
    "Résout un test de caractéristique au 1d20 : seuil selon la difficulté, marge, chances exactes.",
    "actions.test_caracteristique",
    "Lancer le 1d20",
)
def resoudre_test_caracteristique(entrees: EntreesCaracteristique, rng: random.Random) -> dict[str, Any]:
    """A characteristic test: characteristic + unit modifier on 1d20 (or the die given), rolled or read."""
    difficulte, faces = ad.trouver_difficulte(entrees.difficulte), entrees.faces
    jet = rng.randint(1, faces) if entrees.jet is None else entrees.jet
    try:
        test = ad.resoudre_test_de_caracteristique(entrees.caracteristique, jet, difficulte, faces)
    except RulesError as erreur:
        raise InputError(f"« Jet lu sur la table » : {erreur.message}", champ="jet") from None
    probabilites = ad.probabilites_test_de_caracteristique(entrees.caracteristique, difficulte, faces)
    jets = ad.jets_par_resultat_de_caracteristique(entrees.caracteristique, difficulte, faces)
    calcul = _calcul(entrees.caracteristique, difficulte.unites, test.seuil, en_pour_cent=False)
    blocs = [
        _phrase(test, f"{af.nombre(test.jet)} sur 1d{faces}", f"un seuil de {af.nombre(test.seuil)}"),
        af.valeurs(
            [
                (f"Seuil ({difficulte.libelle})", calcul),
                (f"Chance de réussite sur 1d{faces}", af.pourcentage(probabilites[Resultat.REUSSITE])),
            ]
        ),
        *_blocs_resultats(jets, probabilites, CARACTERISTIQUE, test.resultat, f"Les jets du 1d{faces}"),
        af.texte(SANS_CRITIQUE, "note"),
    ]
    return _reponse(test, entrees.jet, {r: probabilites[r] for r in CARACTERISTIQUE}, blocs)


# The creation step by step, derived from the sheet (:mod:`rules_py.web.creations`).
declarer_creation(ACTIONS_D100)

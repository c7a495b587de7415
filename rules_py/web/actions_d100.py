"""Widgets and operations of Actions d100 (facade of :mod:`rules_py.actions_d100`).

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
from fractions import Fraction
from typing import Any

from rules_py import actions_d100 as ad
from rules_py.d100 import Resultat
from rules_py.dice.notation import MAX_FACES
from rules_py.validation import entier
from rules_py.web import affichage as af
from rules_py.web.commun import (
    case,
    champ_entier,
    de_100,
    en_fractions,
    jet_d100,
    note_de_lecture,
    pour_cent,
    signe,
    vide,
)
from rules_py.web.registre import Action, Champ, Widget, operation, widget

__all__ = ["jets_en_texte"]

LIBELLES_RESULTATS = {
    Resultat.REUSSITE_CRITIQUE: "Réussite critique",
    Resultat.REUSSITE: "Réussite",
    Resultat.ECHEC: "Échec",
    Resultat.ECHEC_CRITIQUE: "Échec critique",
}


# -- reading the form ------------------------------------------------------------------


def _difficulte(args: Mapping[str, Any]) -> ad.Difficulte:
    valeur = args.get("difficulte")
    return ad.trouver_difficulte("moyen" if vide(valeur) else valeur)


# -- words and blocks ------------------------------------------------------------------


def jets_en_texte(jets: Iterable[int]) -> str:
    """Die results as a reader writes them: runs joined, or a span with its exceptions.

    >>> jets_en_texte([1, 11, 21, 31])
    '01, 11, 21, 31'
    >>> jets_en_texte(range(95, 101))
    '95 à 100'
    >>> jets_en_texte([j for j in range(2, 41) if j % 10 != 1])
    '02 à 40, sauf 11, 21, 31'
    >>> jets_en_texte([1, 2, 5])
    '01, 02, 05'
    >>> jets_en_texte([])
    'aucun'
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
    trous = [j for j in range(liste[0], liste[-1] + 1) if j not in set(liste)]
    sauf = ", ".join(de_100(j) for j in trous)
    return f"{de_100(liste[0])} à {de_100(liste[-1])}, sauf {sauf}"


def _serie(serie: list[int]) -> str:
    if len(serie) == 1:
        return de_100(serie[0])
    if len(serie) == 2:
        return f"{de_100(serie[0])}, {de_100(serie[1])}"
    return f"{de_100(serie[0])} à {de_100(serie[-1])}"


def _modificateur(valeur: int, unite: str = "") -> str:
    """``+30 %``, ``−20 %``, ``+5``; ``0`` for Moyen.

    >>> _modificateur(30, "%"), _modificateur(0, "%"), _modificateur(-3)
    ('+30\u202f%', '0\u202f%', '\u22123')
    """
    return f"{signe(valeur)}{af.ESPACE_FINE}{unite}" if unite else signe(valeur)


def _calcul(base: int, modificateur: int, total: int, *, en_pour_cent: bool) -> str:
    """``60 % − 20 % = 40 %``, ``12 + 5 = 17``, or the total alone when nothing is added.

    >>> _calcul(60, -20, 40, en_pour_cent=False)
    '60 − 20 = 40'
    """
    ecrire = pour_cent if en_pour_cent else af.nombre
    if not modificateur:
        return ecrire(total)
    signe = "+" if modificateur > 0 else "−"
    return f"{ecrire(base)} {signe} {ecrire(abs(modificateur))} = {ecrire(total)}"


def _marge(mr: int | None, me: int | None) -> dict[str, Any]:
    return {"type": "Mr", "valeur": mr} if mr is not None else {"type": "Me", "valeur": me}


def _choix_difficultes(unite: str) -> tuple[tuple[str, str], ...]:
    choix = []
    for d in ad.DIFFICULTES:
        valeur = d.pourcentage if unite == "%" else d.unites
        choix.append((d.cle, d.libelle if valeur == 0 else f"{d.libelle} ({_modificateur(valeur, unite)})"))
    return tuple(choix)


def _barres_resultats(
    probabilites: Mapping[Resultat, Fraction], resultats: Iterable[Resultat], surligne: Resultat | None
) -> af.Bloc:
    return af.barres(
        {r: probabilites[r] for r in resultats},
        legende="Chance exacte de chaque résultat",
        etiquette=lambda r: LIBELLES_RESULTATS[r],
        surligne=surligne,
    )


# -- Test de compétence (D1, D2, D3) -----------------------------------------------------------

CHAMPS_TEST = (
    Champ("score", "Compétence (%)", defaut=60, minimum=0),
    Champ(
        "difficulte", "Difficulté de l'action", genre="choix", defaut="moyen", choix=_choix_difficultes("%")
    ),
    Champ("points", "Au moins un point dépensé dans la compétence", genre="case", defaut=True),
    Champ(
        "jet",
        "Jet lu sur la table (facultatif)",
        genre="texte",
        facultatif=True,
        aide="Laissez vide pour lancer le d100 ; « 00 » vaut 100.",
        ephemere=True,
    ),
)


def _seuil_critique(jets: Mapping[Resultat, tuple[int, ...]]) -> int | None:
    critiques = jets[Resultat.REUSSITE_CRITIQUE]
    return max(critiques) if critiques else None


def _tableau_jets(
    jets: Mapping[Resultat, tuple[int, ...]],
    probabilites: Mapping[Resultat, Fraction],
    resultats: Iterable[Resultat],
    surligne: Resultat | None = None,
    legende: str = "",
) -> af.Bloc:
    resultats = list(resultats)
    return af.tableau(
        ["Résultat", "Jets", "Chance"],
        [[LIBELLES_RESULTATS[r], jets_en_texte(jets[r]), af.pourcentage(probabilites[r])] for r in resultats],
        legende=legende or None,
        surligne=resultats.index(surligne) if surligne in resultats else None,
    )


def _phrase_test(test: ad.JetDeCompetence) -> str:
    libelle = LIBELLES_RESULTATS[test.resultat]
    if test.marge_de_reussite is not None:
        marge = f"Mr {af.nombre(test.marge_de_reussite)}"
    else:
        marge = f"Me {af.nombre(test.marge_d_echec or 0)}"
    return f"Jet {de_100(test.jet)} contre {pour_cent(test.seuil)} : {libelle.lower()} ({marge})."


def _note_automatique(test: ad.JetDeCompetence) -> list[af.Bloc]:
    if test.resultat.reussi and test.jet > test.seuil:
        return [af.texte("01 réussit toujours : réussite automatique, sa Mr est comptée 0.", "note")]
    if not test.resultat.reussi and test.jet <= test.seuil:
        return [af.texte("95 à 100 échouent toujours : échec automatique, sa Me est comptée 0.", "note")]
    return []


@operation("actions.test")
def resoudre_test_actions(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A skill test of Actions d100: target, thresholds, exact odds, and the roll (or the die read)."""
    score = champ_entier(args, "score", "Compétence (%)", minimum=0)
    difficulte = _difficulte(args)
    points = case(args, "points", True, libelle="Au moins un point dépensé dans la compétence")
    jet, lu = jet_d100(args, "jet", rng, "Jet lu sur la table")
    test = ad.resoudre_test(score, jet, difficulte, points)
    probabilites = ad.probabilites_test(score, difficulte, points)
    jets = ad.jets_par_resultat(score, difficulte, points)
    seuil_critique = _seuil_critique(jets)
    calcul = _calcul(score, difficulte.pourcentage, test.seuil, en_pour_cent=True)
    critiques = jets_en_texte(jets[Resultat.REUSSITE_CRITIQUE])
    blocs = [
        af.texte(_phrase_test(test), "resultat"),
        af.valeurs(
            [
                (f"Chance de réussite ({difficulte.libelle})", calcul),
                ("Réussite critique (jet réussi finissant par 1)", critiques),
                ("Échec critique", "95 à 100, toujours"),
            ]
        ),
        _tableau_jets(jets, probabilites, Resultat, test.resultat, "Les jets de chaque résultat"),
        _barres_resultats(probabilites, Resultat, test.resultat),
        *_note_automatique(test),
    ]
    if not points:
        blocs.append(af.texte("Aucun point dépensé dans la compétence : 01 est une réussite simple.", "note"))
    if lu:
        blocs.append(note_de_lecture())
    return {
        "systeme": "actions",
        "score": score,
        "difficulte": difficulte.cle,
        "modificateur": difficulte.pourcentage,
        "score_effectif": test.seuil,
        "points": points,
        "jet": test.jet,
        "des_lus": lu,
        "resultat": test.resultat.value,
        "seuil_critique": seuil_critique,
        "jets_critiques": list(jets[Resultat.REUSSITE_CRITIQUE]),
        "probabilites": en_fractions({r: probabilites[r] for r in Resultat}),
        "marge": _marge(test.marge_de_reussite, test.marge_d_echec),
        "rejouer": {
            "score": score,
            "difficulte": difficulte.cle,
            "points": points,
            "jet": de_100(test.jet),
        },
        "affichage": blocs,
    }


def _statique_test(options: Mapping[str, Any]) -> list[af.Bloc]:
    score = entier(options.get("score", 60), "score", minimum=0)
    difficulte = ad.trouver_difficulte(options.get("difficulte", "a_peine_difficile"))
    facile = ad.trouver_difficulte("facile")
    brugor = [
        [
            de_100(jet),
            LIBELLES_RESULTATS[ad.resoudre_test(60, jet, "a_peine_difficile").resultat],
            LIBELLES_RESULTATS[ad.resoudre_test(60, jet, facile).resultat],
        ]
        for jet in (71, 51, 41, 31)
    ]
    probabilites = ad.probabilites_test(score, difficulte)
    jets = ad.jets_par_resultat(score, difficulte)
    seuil = ad.seuil(score, difficulte)
    chances = [
        [pour_cent(chance), *(af.pourcentage(ad.probabilites_test(chance, "moyen")[r]) for r in Resultat)]
        for chance in range(10, 101, 10)
    ]
    return [
        af.tableau(
            ["Jet de Brugor", f"À peine difficile ({pour_cent(40)})", f"Facile ({pour_cent(90)})"],
            brugor,
            legende="L'exemple de Brugor (crochetage 60 %) rejoué",
        ),
        _tableau_jets(
            jets,
            probabilites,
            Resultat,
            legende=(
                f"Compétence {pour_cent(score)}, {difficulte.libelle} : chance de réussite {pour_cent(seuil)}"
            ),
        ),
        af.tableau(
            ["Chance de réussite", *(LIBELLES_RESULTATS[r] for r in Resultat)],
            chances,
            legende="Chance de chaque résultat selon la chance de réussite (au moins un point dépensé)",
        ),
    ]


widget(
    Widget(
        nom="test-actions",
        titre="Test de compétence d'Actions d100",
        champs=CHAMPS_TEST,
        actions=(Action("actions.test", "Lancer le d100"),),
        statique=_statique_test,
        options=("score", "difficulte", "points"),
    )
)


# -- Test de caractéristique (D4) ----------------------------------------------------------------

CHAMPS_CARACTERISTIQUE = (
    Champ("caracteristique", "Caractéristique", defaut=12, minimum=0),
    Champ(
        "difficulte", "Difficulté de l'action", genre="choix", defaut="moyen", choix=_choix_difficultes("")
    ),
    Champ(
        "jet",
        "Jet lu sur la table (facultatif)",
        genre="texte",
        facultatif=True,
        aide="Laissez vide pour lancer le 1d20.",
        ephemere=True,
    ),
)

RESULTATS_CARACTERISTIQUE = (Resultat.REUSSITE, Resultat.ECHEC)


@operation("actions.test_caracteristique")
def resoudre_test_caracteristique(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A characteristic test: characteristic + unit modifier on 1d20 (or the die given), rolled or read."""
    caracteristique = champ_entier(args, "caracteristique", "Caractéristique", minimum=0)
    difficulte = _difficulte(args)
    faces = (
        ad.FACES_CARACTERISTIQUE
        if vide(args.get("faces"))
        else champ_entier(args, "faces", "Nombre de faces du dé", minimum=2, maximum=MAX_FACES)
    )
    lu = not vide(args.get("jet"))
    jet = (
        champ_entier(args, "jet", "Jet lu sur la table", minimum=1, maximum=faces)
        if lu
        else rng.randint(1, faces)
    )
    test = ad.resoudre_test_de_caracteristique(caracteristique, jet, difficulte, faces)
    probabilites = ad.probabilites_test_de_caracteristique(caracteristique, difficulte, faces)
    jets = ad.jets_par_resultat_de_caracteristique(caracteristique, difficulte, faces)
    marge = _marge(test.marge_de_reussite, test.marge_d_echec)
    calcul = _calcul(caracteristique, difficulte.unites, test.seuil, en_pour_cent=False)
    blocs = [
        af.texte(
            f"Jet {af.nombre(test.jet)} sur 1d{faces} contre un seuil de {af.nombre(test.seuil)} : "
            f"{LIBELLES_RESULTATS[test.resultat].lower()} ({marge['type']} {af.nombre(marge['valeur'])}).",
            "resultat",
        ),
        af.valeurs(
            [
                (f"Seuil ({difficulte.libelle})", calcul),
                (f"Chance de réussite sur 1d{faces}", af.pourcentage(probabilites[Resultat.REUSSITE])),
            ]
        ),
        _tableau_jets(jets, probabilites, RESULTATS_CARACTERISTIQUE, test.resultat, f"Les jets du 1d{faces}"),
        _barres_resultats(probabilites, RESULTATS_CARACTERISTIQUE, test.resultat),
        af.texte(
            "Pas de critique ni de résultat automatique sur ce dé (voir la note d'interprétation).", "note"
        ),
    ]
    if lu:
        blocs.append(note_de_lecture())
    rejouer = {"caracteristique": caracteristique, "difficulte": difficulte.cle, "jet": test.jet}
    if faces != ad.FACES_CARACTERISTIQUE:
        rejouer["faces"] = faces
    return {
        "systeme": "actions",
        "caracteristique": caracteristique,
        "difficulte": difficulte.cle,
        "modificateur": difficulte.unites,
        "seuil": test.seuil,
        "faces": faces,
        "jet": test.jet,
        "des_lus": lu,
        "resultat": test.resultat.value,
        "probabilites": en_fractions({r: probabilites[r] for r in RESULTATS_CARACTERISTIQUE}),
        "marge": marge,
        "rejouer": rejouer,
        "affichage": blocs,
    }


def _statique_caracteristique(options: Mapping[str, Any]) -> list[af.Bloc]:
    caracteristique = entier(options.get("caracteristique", 12), "caracteristique", minimum=0)
    lignes = []
    for d in ad.DIFFICULTES:
        seuil = ad.seuil_de_caracteristique(caracteristique, d)
        chance = ad.probabilites_test_de_caracteristique(caracteristique, d)[Resultat.REUSSITE]
        lignes.append([d.libelle, _modificateur(d.unites), af.nombre(seuil), af.pourcentage(chance)])
    return [
        af.tableau(
            ["Difficulté", "Modificateur", "Seuil", "Chance sur 1d20"],
            lignes,
            legende=f"Test d'une caractéristique de {af.nombre(caracteristique)} à chaque difficulté",
        )
    ]


widget(
    Widget(
        nom="test-caracteristique-actions",
        titre="Test de caractéristique d'Actions d100",
        champs=CHAMPS_CARACTERISTIQUE,
        actions=(Action("actions.test_caracteristique", "Lancer le 1d20"),),
        statique=_statique_caracteristique,
        options=("caracteristique", "difficulte"),
    )
)

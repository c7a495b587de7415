"""BaSIC — KAR widgets: the skill test and KAR, the resistance table, combat modifiers, knock-out,
serious wound, critical hit, counter-attack and karmic slag (facade of :mod:`rules_py.basic_kar`).

Each operation reads the form's fields, calls the engine for every rule and
returns the engine's answer with its exact odds, the arguments that replay it
(``rejouer``) and the display blocks. The heroic combat's widget lives in
:mod:`rules_py.web.combat_heroique`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from rules_py import basic_kar as bk
from rules_py.d100 import Resultat
from rules_py.dice import total_of
from rules_py.errors import InputError
from rules_py.validation import choix, entier
from rules_py.web import affichage as af
from rules_py.web.commun import (
    barres_distribution,
    case,
    champ_entier,
    de_100,
    detail_du_jet,
    en_fractions,
    jet_d100,
    jet_d_expression,
    lire_expression,
    note_de_lecture,
    pour_cent,
    rejouer,
    signe,
    vide,
)
from rules_py.web.registre import Action, Champ, Widget, operation, widget
from rules_py.web.typographie import typographie

__all__ = ["LIBELLES_RESULTATS", "MODES"]

SYSTEME = "kar"

MODES: tuple[tuple[str, str], ...] = (("realiste", "Réaliste"), ("heroique", "Héroïque ou fantastique"))
"""The two campaign modes (B1), with the labels a reader sees."""

LIBELLES_RESULTATS: dict[str, str] = {
    Resultat.REUSSITE_CRITIQUE.value: "réussite critique",
    Resultat.REUSSITE.value: "réussite",
    Resultat.ECHEC.value: "échec",
    Resultat.ECHEC_CRITIQUE.value: "maladresse",
}
"""The four results in the words of the KAR rules (the critical failure is the *maladresse*)."""

AIDE_JET = "Laissez vide pour lancer ; « 00 » vaut 100."


def _mode(args: Mapping[str, Any]) -> str:
    """The campaign mode of field ``mode`` (réaliste by default)."""
    valeur = args.get("mode")
    return "realiste" if vide(valeur) else choix(valeur, "mode", [cle for cle, _ in MODES])


def _plage(debut: int, fin: int) -> str:
    """A range of d100 results ("01 à 03"), or a dash when it is empty.

    >>> _plage(1, 3), _plage(4, 3), _plage(7, 7)
    ('01 à 03', '—', '07')
    """
    if fin < debut:
        return "—"
    if fin == debut:
        return de_100(debut)
    return f"{de_100(debut)} à {de_100(fin)}"


def _resultat(valeur: Resultat | str) -> str:
    return LIBELLES_RESULTATS[Resultat(valeur).value]


def _reponse(donnees: dict[str, Any], blocs: list[af.Bloc]) -> dict[str, Any]:
    return {"systeme": SYSTEME, **donnees, "affichage": blocs}


def _note_jet_lu(lu: bool, blocs: list[af.Bloc], quoi: str = "le jet lu") -> None:
    if lu:
        blocs.append(note_de_lecture(quoi))


def _jet(
    libelle: str = "Jet de 1d100 (facultatif)", nom: str = "jet", aide: str = AIDE_JET, groupe: str = ""
) -> Champ:
    """A die read on the table (emptied after each result: the next action rolls)."""
    return Champ(nom, libelle, genre="texte", facultatif=True, aide=aide, groupe=groupe, ephemere=True)


CHAMP_MODE = Champ("mode", "Campagne", genre="choix", defaut="heroique", choix=MODES)


# == test-kar : jet simple, maladresse ou jet sous le KAR, réussite critique (B1, B2) ================

CHAMPS_TEST = ("score", "mode", "kar", "jet", "jet_kar")
SCORES_COURANTS = (10, 20, 25, 30, 40, 50, 60, 70, 80, 90, 100)


def _lignes_des_seuils(seuils: bk.SeuilsDeTest) -> list[tuple[str, str]]:
    maladresse = "maladresse" if seuils.mode == "realiste" else "échec, puis jet sous le KAR"
    return [
        ("Réussite critique", _plage(1, seuils.critique)),
        ("Réussite", _plage(seuils.critique + 1, seuils.reussite)),
        ("Échec", _plage(seuils.reussite + 1, seuils.maladresse_des - 1)),
        ("96 à 100", maladresse),
    ]


def _kar(args: Mapping[str, Any], genre: str) -> int | None:
    if genre == "realiste":
        return None
    if vide(args.get("kar")):
        raise InputError(
            "En campagne fantastique ou héroïque, indiquez le KAR : "
            "un résultat de 96 à 100 demande un jet sous le KAR.",
            champ="kar",
        )
    return champ_entier(args, "kar", "KAR", minimum=0)


def _barres_test(probabilites: Mapping[Resultat, Fraction], genre: str, resultat: Resultat) -> af.Bloc:
    montrees = {
        r: p for r, p in probabilites.items() if genre == "realiste" or r is not Resultat.ECHEC_CRITIQUE
    }
    return af.barres(
        montrees,
        legende="Chances de chaque résultat",
        etiquette=lambda r: _resultat(r).capitalize(),
        surligne=resultat,
    )


def _blocs_kar(suite: bk.JetDeKar, kar_lu: bool, perte: Fraction) -> list[af.Bloc]:
    issue = (
        f"réussi : le KAR reste à {suite.kar}."
        if suite.reussi
        else f"raté : le KAR passe de {suite.kar} à {suite.kar_apres}."
    )
    blocs = [
        af.texte(f"Jet sous le KAR ({suite.kar}) : {de_100(suite.jet)} — {issue}", "resultat"),
        af.des([suite.jet], 100),
        af.valeurs(
            [
                (
                    "Chances de réussir le jet sous le KAR",
                    af.pourcentage(bk.probabilite_de_garder_le_kar(suite.kar)),
                ),
                ("Chances qu’un test fasse perdre du KAR", af.pourcentage(perte)),
            ]
        ),
    ]
    _note_jet_lu(kar_lu, blocs, "le jet sous le KAR lu")
    return blocs


@operation("kar.test")
def jet_sous_une_competence(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A skill test: thresholds, exact odds, the result and, after 96-100 in heroic mode, the KAR roll."""
    score = champ_entier(args, "score", minimum=0)
    genre = _mode(args)
    kar = _kar(args, genre)
    jet, lu = jet_d100(args, "jet", rng)
    jet_kar, kar_lu = (
        jet_d100(args, "jet_kar", rng) if bk.demande_un_jet_de_kar(jet, genre) else (None, False)
    )
    test = bk.resoudre_test_et_kar(score, jet, genre, kar, jet_kar)
    seuils = bk.seuils_du_test(score, genre)
    probabilites = bk.probabilites_test(score, genre)
    donnees: dict[str, Any] = {
        "score": score,
        "score_effectif": score,
        "mode": genre,
        "jet": jet,
        "des_lus": lu,
        "resultat": test.resultat.value,
        "seuil_critique": seuils.critique,
        "seuil_reussite": seuils.reussite,
        "probabilites": en_fractions(probabilites),
        "jet_de_kar_requis": test.jet_de_kar_requis,
        "kar": None,
    }
    texte = f"Jet de 1d100 : {de_100(jet)} sous {score} — {_resultat(test.resultat)}"
    if test.resultat is Resultat.ECHEC_CRITIQUE:
        texte += " !"
    elif test.jet_de_kar_requis:
        texte += ", puis jet sous le KAR"
    blocs = [
        af.texte(texte + ("" if texte.endswith("!") else "."), "resultat"),
        af.des([jet], 100),
        af.valeurs(_lignes_des_seuils(seuils)),
        _barres_test(probabilites, genre, test.resultat),
    ]
    _note_jet_lu(lu, blocs)
    if kar is not None:
        perte = bk.probabilite_perte_de_kar(score, kar)
        donnees["probabilite_perte_de_kar"] = af.fraction(perte)
        if test.kar is not None:
            suite = test.kar
            donnees["kar"] = {
                "avant": suite.kar,
                "jet": suite.jet,
                "reussi": suite.reussi,
                "apres": suite.kar_apres,
                "des_lus": kar_lu,
            }
            blocs += _blocs_kar(suite, kar_lu, perte)
        else:
            blocs.append(
                af.texte(
                    f"Chances qu’un test fasse perdre du KAR (96 à 100, puis jet sous {kar} raté) : "
                    f"{af.pourcentage(perte)}.",
                    "note",
                )
            )
    donnees["rejouer"] = rejouer(args, CHAMPS_TEST, jet=jet, jet_kar=jet_kar)
    return _reponse(donnees, blocs)


def _statique_test(options: Mapping[str, Any]) -> list[af.Bloc]:
    scores = set(SCORES_COURANTS)
    choisi = None if vide(options.get("score")) else entier(options["score"], "score", minimum=0)
    if choisi is not None:
        scores.add(choisi)
    ordre = sorted(scores)
    lignes = []
    for score in ordre:
        seuils = bk.seuils_du_test(score, "realiste")
        probabilites = bk.probabilites_test(score, "realiste")
        reussite = probabilites[Resultat.REUSSITE_CRITIQUE] + probabilites[Resultat.REUSSITE]
        lignes.append(
            [
                pour_cent(score),
                _plage(1, seuils.critique),
                _plage(seuils.critique + 1, seuils.reussite),
                _plage(seuils.reussite + 1, seuils.maladresse_des - 1),
                af.pourcentage(reussite),
            ]
        )
    perte = bk.probabilite_perte_de_kar(50, 60)
    return [
        af.tableau(
            ["Compétence", "Réussite critique", "Réussite", "Échec", "Chances de réussite"],
            lignes,
            legende="Résultats de 1d100 pour les compétences courantes (les deux campagnes)",
            surligne=None if choisi is None else ordre.index(choisi),
        ),
        af.liste(
            [
                "De 96 à 100 : toujours un échec, quelle que soit la compétence.",
                "Campagne réaliste : de 96 à 100, c’est une maladresse (5 % des jets).",
                "Campagne fantastique ou héroïque : de 96 à 100, c’est un échec simple, suivi d’un jet de "
                "1d100 sous le KAR ; raté, le personnage perd 5 points de KAR "
                f"(avec un KAR de 60 : {af.pourcentage(perte)} des tests).",
                "Exemple : Renard Blanc tire 98, puis 72 sous son KAR de 60 : raté, le KAR passe à 55.",
            ]
        ),
    ]


widget(
    Widget(
        nom="test-kar",
        titre="Jet sous une compétence",
        champs=(
            Champ("score", "Compétence (en %)", defaut=50, minimum=0),
            CHAMP_MODE,
            Champ(
                "kar",
                "KAR",
                defaut=60,
                minimum=0,
                aide="Sert en campagne fantastique ou héroïque, pour le jet sous le KAR.",
            ),
            _jet(),
            _jet(
                "Jet sous le KAR (facultatif)",
                "jet_kar",
                "Après un 96 à 100 en campagne fantastique ou héroïque ; vide : lancé.",
            ),
        ),
        actions=(Action("kar.test", "Lancer"),),
        statique=_statique_test,
        options=("score", "mode", "kar"),
    )
)


# == resistance-kar : la table de résistance (B4) =================================================

CHAMPS_RESISTANCE = ("genre", "actif", "passif", "jet")
GENRES_RESISTANCE = (
    ("valeurs", "Deux valeurs (caractéristiques, dommages, PV…)"),
    ("competences", "Deux compétences (divisées par 5)"),
)


def _extrait_de_la_table(difference: int) -> af.Bloc:
    borne = max(-10, min(difference, 10))
    debut = max(-10, min(borne - 2, 6))
    differences = list(range(debut, debut + 5))
    return af.tableau(
        ["Différence active − passive", "Chances de l’actif"],
        [[signe(d), pour_cent(bk.chance_de_resistance(10 + d, 10))] for d in differences],
        legende="Extrait de la table de résistance",
        surligne=differences.index(borne),
    )


@operation("kar.resistance")
def resistance(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """An opposed roll on the resistance table, from two values or from two skills (÷ 5)."""
    genre = "valeurs" if vide(args.get("genre")) else args.get("genre")
    genre = choix(genre, "genre", [cle for cle, _ in GENRES_RESISTANCE])
    actif = champ_entier(args, "actif", minimum=0)
    passif = champ_entier(args, "passif", minimum=0)
    if genre == "competences":
        valeur_active, valeur_passive = bk.score_d_opposition(actif), bk.score_d_opposition(passif)
        chance = bk.chance_en_opposition(actif, passif)
    else:
        valeur_active, valeur_passive = actif, passif
        chance = bk.chance_de_resistance(actif, passif)
    sans_jet = chance in (0, 100)
    jet, lu = (None, False) if sans_jet else jet_d100(args, "jet", rng)
    issue = bk.resoudre_resistance(chance, jet)
    probabilite = bk.probabilite_resistance(chance)
    difference = valeur_active - valeur_passive
    blocs: list[af.Bloc] = []
    if genre == "competences":
        blocs.append(
            af.texte(
                f"Compétences {actif} et {passif} divisées par 5, arrondies à l’entier le plus proche : "
                f"{valeur_active} contre {valeur_passive}."
            )
        )
    blocs.append(
        af.texte(
            f"{valeur_active} contre {valeur_passive}, différence {signe(difference)} : "
            f"{pour_cent(chance)} de chances pour l’actif."
        )
    )
    if jet is None:
        phrase = "l’actif ne peut pas échouer" if chance == 100 else "l’actif ne peut pas réussir"
        blocs.append(af.texte(f"Aucun jet nécessaire : {phrase}.", "resultat"))
    else:
        verdict = "réussite de l’actif" if issue.reussi else "échec de l’actif"
        blocs += [af.texte(f"Jet de 1d100 : {de_100(jet)} sous {chance} — {verdict}.", "resultat")]
        blocs.append(af.des([jet], 100))
    blocs.append(
        af.barres(
            {True: probabilite, False: 1 - probabilite},
            legende="Chances de l’actif",
            etiquette=lambda reussi: "Réussite" if reussi else "Échec",
            surligne=issue.reussi,
        )
    )
    blocs.append(_extrait_de_la_table(difference))
    _note_jet_lu(lu, blocs)
    donnees = {
        "genre": genre,
        "actif": actif,
        "passif": passif,
        "valeur_active": valeur_active,
        "valeur_passive": valeur_passive,
        "difference": difference,
        "chance": chance,
        "probabilite": af.fraction(probabilite),
        "sans_jet": sans_jet,
        "jet": jet,
        "des_lus": lu,
        "reussi": issue.reussi,
        "rejouer": rejouer(args, CHAMPS_RESISTANCE, jet=jet),
    }
    return _reponse(donnees, blocs)


def _statique_resistance(options: Mapping[str, Any]) -> list[af.Bloc]:
    bas = entier(options.get("minimum", 5), "minimum", minimum=0)
    haut = entier(options.get("maximum", bas + 10), "maximum", minimum=bas, maximum=bas + 20)
    table = bk.table_de_resistance(bas, haut)
    return [
        af.tableau(
            ["Actif \\ passif", *(str(p) for p in range(bas, haut + 1))],
            [[str(bas + i), *(str(c) for c in ligne)] for i, ligne in enumerate(table)],
            legende="Table de résistance : chances (en %) de la valeur active (ligne) contre la "
            "valeur passive (colonne)",
        ),
        af.liste(
            [
                "Au-delà de la table : une différence de −10 ou moins donne 0 % (réussite impossible), "
                "de +10 ou plus 100 % (échec impossible) ; dans ces deux cas, pas de jet.",
                "Compétences : chacune est divisée par 5 et arrondie à l’entier le plus proche. "
                f"Persuasion 55 contre 60 : 11 contre 12, {pour_cent(bk.chance_en_opposition(55, 60))}.",
                "Assommer : 5 points de dommages contre 7 PV restants, "
                f"{pour_cent(bk.chance_de_resistance(5, 7))}.",
            ]
        ),
    ]


widget(
    Widget(
        nom="resistance-kar",
        titre="Table de résistance",
        champs=(
            Champ("genre", "On oppose", genre="choix", defaut="valeurs", choix=GENRES_RESISTANCE),
            Champ("actif", "Valeur ou compétence active", defaut=11, minimum=0),
            Champ("passif", "Valeur ou compétence passive", defaut=12, minimum=0),
            _jet(),
        ),
        actions=(Action("kar.resistance", "Lancer"),),
        statique=_statique_resistance,
        options=("minimum", "maximum"),
    )
)


# == situations-kar : au sol, obscurité, surprise, dans l'ordre (B7) ================================

CASES_SITUATION = ("lutte", "au_sol", "adversaire_au_sol", "obscurite", "attaque_par_surprise", "surpris")
ACTIONS_SITUATION = (("attaque", "Attaque"), ("parade", "Parade"), ("esquive", "Esquive"))


def _tableau_des_etapes(situation: bk.SeuilEnSituation, legende: str) -> af.Bloc:
    return af.tableau(
        ["Étape", "Seuil"],
        [[libelle, pour_cent(valeur)] for libelle, valeur in situation.etapes],
        legende=legende,
        surligne=len(situation.etapes) - 1,
    )


@operation("kar.situation")
def situation(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A combat threshold after the ground, darkness and surprise, in the ruled order."""
    score = champ_entier(args, "score", minimum=0)
    action = "attaque" if vide(args.get("action")) else args.get("action")
    drapeaux = {nom: case(args, nom, stricte=True) for nom in CASES_SITUATION}
    resultat = bk.seuil_en_situation(score, action, **drapeaux)
    donnees: dict[str, Any] = {
        "score": score,
        "action": resultat.action,
        **drapeaux,
        "seuil": resultat.seuil,
        "possible": resultat.possible,
        "etapes": [{"libelle": typographie(libelle), "seuil": valeur} for libelle, valeur in resultat.etapes],
    }
    blocs = [_tableau_des_etapes(resultat, "Seuil, étape par étape (au sol, obscurité, surprise)")]
    if not resultat.possible:
        blocs.insert(0, af.texte("Surpris : il ne peut ni attaquer, ni parer, ni esquiver.", "resultat"))
        return _reponse(donnees, blocs)
    probabilites = bk.probabilites_test(resultat.seuil, "realiste")
    reussite = probabilites[Resultat.REUSSITE_CRITIQUE] + probabilites[Resultat.REUSSITE]
    critique = bk.seuil_critique(resultat.seuil)
    donnees.update(seuil_critique=critique, probabilite_reussite=af.fraction(reussite))
    blocs.insert(0, af.texte(f"Seuil final : {pour_cent(resultat.seuil)}.", "resultat"))
    blocs.append(
        af.valeurs(
            [
                ("Réussite critique", _plage(1, critique) if resultat.seuil else "—"),
                ("Chances de réussite", af.pourcentage(reussite)),
            ]
        )
    )
    return _reponse(donnees, blocs)


def _statique_situation(options: Mapping[str, Any]) -> list[af.Bloc]:
    garde = bk.seuil_en_situation(70, adversaire_au_sol=True, obscurite=True)
    bagarre = bk.seuil_en_situation(50, obscurite=True, attaque_par_surprise=True)
    lutte = bk.seuil_en_situation(20, lutte=True, obscurite=True, attaque_par_surprise=True)
    return [
        af.texte("Les exemples du texte, dans l’ordre appliqué : au sol, puis obscurité, puis surprise."),
        _tableau_des_etapes(garde, "Le garde (Armes de mêlée 70 %) contre Wu, au sol, dans l’obscurité"),
        _tableau_des_etapes(bagarre, "Renard Blanc (Bagarre 50 %), dans l’obscurité, par surprise"),
        _tableau_des_etapes(lutte, "Renard Blanc (Lutte 20 %), dans l’obscurité, par surprise"),
    ]


widget(
    Widget(
        nom="situations-kar",
        titre="Seuil en situation : au sol, obscurité, surprise",
        champs=(
            Champ("score", "Compétence (en %)", defaut=70, minimum=0),
            Champ("action", "Action", genre="choix", defaut="attaque", choix=ACTIONS_SITUATION),
            Champ("lutte", "C’est la compétence Lutte", genre="case", defaut=False),
            Champ("au_sol", "Le personnage est au sol", genre="case", defaut=False),
            Champ("adversaire_au_sol", "Son adversaire est au sol", genre="case", defaut=True),
            Champ("obscurite", "Obscurité", genre="case", defaut=True),
            Champ(
                "attaque_par_surprise",
                "Il attaque par surprise ou par-derrière",
                genre="case",
                defaut=False,
            ),
            Champ("surpris", "Il est surpris ou attaqué par-derrière", genre="case", defaut=False),
        ),
        actions=(Action("kar.situation", "Calculer le seuil"),),
        statique=_statique_situation,
    )
)


# == assommer-kar : dommages contre PV restants (B5) ==============================================

CHAMPS_ASSOMMER = ("pv", "degats", "CON", "jet")


@operation("kar.assommer")
def assommer(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A knock-out attempt: damage against the PV left on the resistance table, hours out, PV really lost."""
    avant = champ_entier(args, "pv", minimum=1)
    degats = champ_entier(args, "degats", minimum=0)
    constitution = champ_entier(args, "CON", minimum=0)
    chance = bk.chance_d_assommer(avant, degats)
    sans_jet = chance in (0, 100)
    jet, lu = (None, False) if sans_jet else jet_d100(args, "jet", rng)
    coup = bk.resoudre_assommer(avant, degats, constitution, jet)
    probabilite = bk.probabilite_assommer(avant, degats)
    blocs = [
        af.valeurs(
            [
                ("PV restants", f"{avant} − {degats} = {af.nombre(coup.pv_restants)}"),
                ("Sur la table de résistance", f"{degats} contre {af.nombre(coup.pv_restants)}"),
                ("Chances d’assommer", pour_cent(chance)),
            ]
        )
    ]
    if degats == 0:
        blocs.append(af.texte("Aucun dommage : le coup ne peut pas assommer, pas de jet.", "resultat"))
    elif coup.pv_restants <= 0:
        blocs.append(
            af.texte("Le coup emporte les derniers PV : la victime est assommée, sans jet.", "resultat")
        )
    elif jet is None:
        verdict = "la victime est assommée" if coup.assomme else "le coup ne peut pas assommer"
        blocs.append(af.texte(f"Hors de la table de résistance : {verdict}, sans jet.", "resultat"))
    else:
        verdict = "assommée" if coup.assomme else "pas assommée"
        blocs += [
            af.texte(f"Jet de 1d100 : {de_100(jet)} sous {chance} — victime {verdict}.", "resultat"),
            af.des([jet], 100),
        ]
    if coup.assomme:
        blocs.append(
            af.liste(
                [
                    f"Inconsciente pendant {coup.heures} heure{'s' if coup.heures > 1 else ''} "
                    f"(21 − CON {constitution}, au moins 1).",
                    f"À son réveil, elle n’a perdu en réalité que {coup.pv_perdus} PV "
                    f"({degats} ÷ 3, arrondi au supérieur) : {coup.pv_apres} PV.",
                ]
            )
        )
    elif degats:
        blocs.append(af.texte(f"La victime garde ses {af.nombre(coup.pv_apres)} PV restants."))
    blocs.append(
        af.barres(
            {True: probabilite, False: 1 - probabilite},
            legende="Chances d’assommer",
            etiquette=lambda oui: "Assommée" if oui else "Pas assommée",
            surligne=coup.assomme,
        )
    )
    _note_jet_lu(lu, blocs)
    donnees = {
        "pv_avant": avant,
        "degats": degats,
        "pv_restants": coup.pv_restants,
        "chance": chance,
        "probabilite": af.fraction(probabilite),
        "sans_jet": sans_jet,
        "jet": jet,
        "des_lus": lu,
        "assomme": coup.assomme,
        "heures": coup.heures,
        "pv_perdus": coup.pv_perdus,
        "pv_apres": coup.pv_apres,
        "rejouer": rejouer(args, CHAMPS_ASSOMMER, jet=jet),
    }
    return _reponse(donnees, blocs)


def _statique_assommer(options: Mapping[str, Any]) -> list[af.Bloc]:
    pv = entier(options.get("pv", 12), "pv", minimum=1, maximum=60)
    lignes = []
    for degats in range(1, pv + 1):
        lignes.append(
            [str(degats), str(pv - degats), pour_cent(bk.chance_d_assommer(pv, degats)), str(-(-degats // 3))]
        )
    return [
        af.texte(
            "Exemple : le garde a 12 PV et reçoit 5 points de dommages ; il lui en reste 7, et 5 contre 7 "
            f"sur la table de résistance donne {pour_cent(bk.chance_d_assommer(12, 5))}."
        ),
        af.tableau(
            ["Dommages", "PV restants", "Chances d’assommer", "PV perdus au réveil"],
            lignes,
            legende=f"Victime de {pv} PV",
            surligne=4 if pv == 12 else None,
        ),
    ]


widget(
    Widget(
        nom="assommer-kar",
        titre="Assommer un adversaire",
        champs=(
            Champ("pv", "PV de la victime avant le coup", defaut=12, minimum=1),
            Champ("degats", "Dommages du coup", defaut=5, minimum=0),
            Champ("CON", "CON (victime)", defaut=11, minimum=0),
            _jet(),
        ),
        actions=(Action("kar.assommer", "Lancer"),),
        statique=_statique_assommer,
        options=("pv",),
    )
)


# == blessure-grave-kar : la moitié des PV initiaux en un coup (B6) =================================

CHAMPS_BLESSURE = ("pv_max", "pv_avant", "degats", "jet")
CHAMPS_REPRISE = ("pv_max", "pv_avant", "degats", "jet_reprise", "tentative")


def _bouton_reprise(tentative: int, seuil: int) -> af.Bloc:
    return af.boutons(
        [
            af.bouton(
                f"Retenter au round suivant (jet sous {seuil})",
                "kar.blessure_grave_reprise",
                {"tentative": tentative},
            )
        ],
        legende="Le blessé peut retenter, à chaque round, un jet sous PV × 5 pour agir de nouveau.",
    )


@operation("kar.blessure_grave")
def blessure_grave(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """One hit: a serious wound or not, and the roll under the current PV × 5."""
    pv_max = champ_entier(args, "pv_max", minimum=1)
    pv_avant = champ_entier(args, "pv_avant", minimum=1, maximum=pv_max)
    degats = champ_entier(args, "degats", minimum=0)
    a_tirer = bk.est_une_blessure_grave(pv_max, degats) and pv_avant - degats > 0
    jet, lu = jet_d100(args, "jet", rng) if a_tirer else (None, False)
    coup = bk.resoudre_blessure_grave(pv_max, pv_avant, degats, jet)
    moitie = "≥" if coup.grave else "<"
    blocs = [
        af.valeurs(
            [
                ("Dommages × 2", f"{degats * 2} {moitie} {pv_max} PV initiaux"),
                ("PV après le coup", f"{pv_avant} − {degats} = {af.nombre(coup.pv_apres)}"),
            ]
        )
    ]
    donnees: dict[str, Any] = {
        "pv_max": pv_max,
        "pv_avant": pv_avant,
        "degats": degats,
        "pv_apres": coup.pv_apres,
        "grave": coup.grave,
        "hors_de_combat": coup.hors_de_combat,
        "seuil": coup.seuil,
        "jet": coup.jet,
        "des_lus": lu,
        "effondre": coup.effondre,
    }
    if coup.hors_de_combat:
        blocs.insert(
            0, af.texte("Plus de PV : le personnage est hors de combat, pas de jet de choc.", "resultat")
        )
    elif not coup.grave:
        blocs.insert(0, af.texte("Pas de blessure grave : moins de la moitié des PV initiaux.", "resultat"))
    else:
        assert coup.seuil is not None and coup.jet is not None
        probabilite = bk.probabilite_de_tenir(coup.pv_apres)
        donnees["probabilite_de_tenir"] = af.fraction(probabilite)
        suite = (
            "raté : le personnage s’effondre ; au sol, il ne peut que ramper."
            if coup.effondre
            else "réussi : il supporte le choc et continue d’agir."
        )
        blocs[:0] = [
            af.texte("Blessure grave !", "resultat"),
            af.texte(f"Jet sous PV × 5 = {coup.seuil} : {de_100(coup.jet)} — {suite}", "resultat"),
            af.des([coup.jet], 100),
        ]
        blocs.append(_barres_choc(probabilite, not coup.effondre))
        if coup.effondre:
            blocs.append(_bouton_reprise(1, coup.seuil))
    _note_jet_lu(lu, blocs)
    donnees["rejouer"] = rejouer(args, CHAMPS_BLESSURE, jet=jet)
    return _reponse(donnees, blocs)


def _barres_choc(probabilite: Fraction, reussi: bool) -> af.Bloc:
    return af.barres(
        {True: probabilite, False: 1 - probabilite},
        legende="Chances du jet sous PV × 5",
        etiquette=lambda oui: "Réussi" if oui else "Raté",
        surligne=reussi,
    )


@operation("kar.blessure_grave_reprise")
def blessure_grave_reprise(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A later round: the collapsed character rolls under the current PV × 5 to act again."""
    pv_max = champ_entier(args, "pv_max", minimum=1)
    pv_avant = champ_entier(args, "pv_avant", minimum=1, maximum=pv_max)
    degats = champ_entier(args, "degats", minimum=0)
    tentative = 1 if vide(args.get("tentative")) else champ_entier(args, "tentative", minimum=1)
    pv = pv_avant - degats
    if pv <= 0:
        raise InputError("Avec 0 PV ou moins, le personnage est hors de combat : pas de jet.", champ="degats")
    jet, lu = jet_d100(args, "jet_reprise", rng)
    reprise = bk.reprendre_le_combat(pv, jet)
    probabilite = bk.probabilite_de_tenir(pv)
    suite = "réussi : il se relève et peut agir de nouveau." if reprise.reussi else "raté : il reste au sol."
    blocs = [
        af.texte(
            f"Round suivant, tentative {tentative} : jet sous PV × 5 = {reprise.seuil} : "
            f"{de_100(jet)} — {suite}",
            "resultat",
        ),
        af.des([jet], 100),
        _barres_choc(probabilite, reprise.reussi),
    ]
    if not reprise.reussi:
        blocs.append(_bouton_reprise(tentative + 1, reprise.seuil))
    _note_jet_lu(lu, blocs)
    donnees = {
        "pv": pv,
        "seuil": reprise.seuil,
        "jet": jet,
        "des_lus": lu,
        "reussi": reprise.reussi,
        "tentative": tentative,
        "probabilite_de_tenir": af.fraction(probabilite),
        "rejouer": rejouer(args, CHAMPS_REPRISE, jet_reprise=jet, tentative=tentative),
    }
    return _reponse(donnees, blocs)


def _statique_blessure(options: Mapping[str, Any]) -> list[af.Bloc]:
    wu = bk.resoudre_blessure_grave(14, 14, 8, 54)
    return [
        af.texte(
            f"Exemple : Wu a 14 PV et en perd 8 d’un coup ; 8 × 2 = 16 ≥ 14, blessure grave. Il lui reste "
            f"{wu.pv_apres} PV : jet sous {wu.pv_apres} × 5 = {wu.seuil}. Il tire 54 : raté, Wu s’effondre."
        ),
        af.tableau(
            ["PV actuels", "Jet sous PV × 5", "Chances de tenir"],
            [
                [str(pv), str(bk.seuil_de_choc(pv)), af.pourcentage(bk.probabilite_de_tenir(pv))]
                for pv in range(1, 21)
            ],
            legende="Jet sous PV × 5, après le coup et à chaque round suivant",
            surligne=5,
        ),
    ]


widget(
    Widget(
        nom="blessure-grave-kar",
        titre="Blessure grave",
        champs=(
            Champ("pv_max", "PV initiaux", defaut=14, minimum=1),
            Champ("pv_avant", "PV au moment du coup", defaut=14, minimum=1),
            Champ("degats", "Dommages du coup", defaut=8, minimum=0),
            _jet("Jet sous PV × 5 (facultatif)"),
            _jet(
                "Jet pour se relever, aux rounds suivants (facultatif)",
                "jet_reprise",
                "Pour « Retenter au round suivant » ; vide : lancé.",
            ),
        ),
        actions=(
            Action("kar.blessure_grave", "Appliquer le coup"),
            Action("kar.blessure_grave_reprise", "Retenter au round suivant"),
        ),
        statique=_statique_blessure,
    )
)


# == coup-critique-kar : réussite critique en combat, défense, armure (B3) ==========================

CHAMPS_COUP = (
    "attaque",
    "score_attaque",
    "jet_attaque",
    "defense",
    "score_defense",
    "jet_defense",
    "mode",
    "combat_heroique",
    "arme",
    "bonus",
    "armure",
    "tranchante",
    "des_arme",
    "des_bonus",
)
CHOIX_ATTAQUE = (
    ("jet", "D’après la compétence et le jet"),
    ("reussite_critique", "Attaque critique"),
    ("reussite", "Attaque réussie"),
    ("echec", "Attaque ratée"),
    ("echec_critique", "Attaque ratée (maladresse)"),
)
CHOIX_DEFENSE = (
    ("aucune", "Ni parade ni esquive"),
    ("jet", "D’après la compétence et le jet"),
    ("reussite_critique", "Parade ou esquive critique"),
    ("reussite", "Parade ou esquive réussie"),
    ("echec", "Parade ou esquive ratée"),
    ("echec_critique", "Parade ou esquive ratée (maladresse)"),
)
LIBELLES_ISSUES = {
    "ratee": "attaque ratée",
    "bloquee": "attaque bloquée",
    "normale": "coup normal",
    "critique": "coup critique",
}


def _cote(args: Mapping[str, Any], cote: str, rng: random.Random, genre: str) -> dict[str, Any] | None:
    """One side's result: given directly, or from its skill and a d100 (read or rolled)."""
    options = [cle for cle, _ in (CHOIX_ATTAQUE if cote == "attaque" else CHOIX_DEFENSE)]
    valeur = args.get(cote)
    valeur = ("jet" if cote == "attaque" else "aucune") if vide(valeur) else choix(valeur, cote, options)
    if valeur == "aucune":
        return None
    if valeur != "jet":
        return {"resultat": valeur, "score": None, "jet": None, "des_lus": False}
    score = champ_entier(args, f"score_{cote}", minimum=0)
    jet, lu = jet_d100(args, f"jet_{cote}", rng)
    return {"resultat": bk.resoudre_test(score, jet, genre).value, "score": score, "jet": jet, "des_lus": lu}


def _texte_cote(nom: str, cote: Mapping[str, Any] | None) -> str:
    if cote is None:
        return f"{nom} : ni parade ni esquive."
    if cote["jet"] is None:
        return f"{nom} : {_resultat(cote['resultat'])}."
    return f"{nom} : {de_100(cote['jet'])} sous {cote['score']} — {_resultat(cote['resultat'])}."


def _formule(coup: bk.Coup) -> str:
    arme = f"{coup.total_arme} × 2" if coup.issue == "critique" else str(coup.total_arme)
    bonus = f" + {coup.total_bonus}" if coup.total_bonus >= 0 else f" − {-coup.total_bonus}"
    texte = f"{arme}{bonus}"
    if coup.armure_ignoree:
        texte += f" (armure {coup.armure} ignorée)"
    elif coup.armure:
        texte += f" − {coup.armure} d’armure"
    return f"{texte} = {coup.degats}"


@operation("kar.coup")
def coup(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """An attack against a defence: blocked, normal or critical hit, riposte, damage through armour."""
    genre = _mode(args)
    heroique = case(args, "combat_heroique", stricte=True)
    tranchante = case(args, "tranchante", stricte=True)
    attaque = _cote(args, "attaque", rng, genre)
    assert attaque is not None
    defense = _cote(args, "defense", rng, genre)
    arme, bonus = lire_expression(args, "arme"), lire_expression(args, "bonus")
    armure = champ_entier(args, "armure", minimum=0)
    resultat_defense = None if defense is None else defense["resultat"]
    issue = bk.issue_du_coup(attaque["resultat"], resultat_defense, heroique)
    des_arme: list[int] = []
    des_bonus: list[int] = []
    lus = False
    if issue in ("normale", "critique"):
        tirage_arme, lus_arme = jet_d_expression(arme, args, "des_arme", rng)
        tirage_bonus, lus_bonus = jet_d_expression(bonus, args, "des_bonus", rng)
        des_arme, des_bonus, lus = list(tirage_arme.dice), list(tirage_bonus.dice), lus_arme or lus_bonus
    resolu = bk.resoudre_coup(
        attaque["resultat"],
        resultat_defense,
        str(arme),
        str(bonus),
        armure,
        tranchante,
        des_arme,
        des_bonus,
        heroique,
    )
    blocs = [
        af.texte(
            f"{LIBELLES_ISSUES[resolu.issue].capitalize()}{' !' if resolu.issue == 'critique' else '.'}",
            "resultat",
        ),
        af.texte(_texte_cote("Attaque", attaque)),
        af.texte(_texte_cote("Défense", defense)),
    ]
    if resolu.riposte:
        blocs.append(
            af.texte(
                "Défense critique contre une attaque normale : riposte possible (combat héroïque).",
                "resultat",
            )
        )
    donnees: dict[str, Any] = {
        "mode": genre,
        "attaque": attaque,
        "defense": defense,
        "issue": resolu.issue,
        "riposte": resolu.riposte,
        "arme": resolu.arme,
        "bonus": resolu.bonus,
        "armure": armure,
        "armure_ignoree": resolu.armure_ignoree,
        "degats": resolu.degats,
        "total_arme": resolu.total_arme,
        "total_bonus": resolu.total_bonus,
        "des_arme": des_arme,
        "des_bonus": des_bonus,
        "des_lus": lus,
    }
    if issue in ("normale", "critique"):
        blocs.append(
            af.texte(
                f"Dommages : arme {arme} → {detail_du_jet(total_of(arme, des_arme))} = {resolu.total_arme} ; "
                f"bonus {bonus} → {detail_du_jet(total_of(bonus, des_bonus))} = {resolu.total_bonus} ; "
                f"{_formule(resolu)}.",
                "resultat",
            )
        )
        try:
            dist = bk.distribution_degats(
                attaque["resultat"], resultat_defense, str(arme), str(bonus), armure, tranchante
            )
        except InputError as erreur:
            blocs.append(af.texte(erreur.message, "note"))
        else:
            donnees["distribution"] = en_fractions(dist)
            blocs.append(barres_distribution(dist, resolu.degats))
    else:
        blocs.append(af.texte("Aucun dommage.", "resultat"))
    if attaque["jet"] is not None and (defense is None or defense["jet"] is not None):
        probabilites = bk.probabilites_du_coup(
            attaque["score"], None if defense is None else defense["score"], genre, heroique
        )
        donnees["probabilites_issues"] = en_fractions(probabilites)
        blocs.append(
            af.barres(
                {i: probabilites[i] for i in bk.ISSUES},
                legende="Chances de chaque issue, d’après les deux compétences",
                etiquette=lambda i: LIBELLES_ISSUES[i].capitalize(),
                surligne=resolu.issue,
            )
        )
    _note_jet_lu(lus, blocs, "les dés lus")
    donnees["rejouer"] = rejouer(
        args,
        CHAMPS_COUP,
        jet_attaque=attaque["jet"],
        jet_defense=None if defense is None else defense["jet"],
        des_arme=des_arme or None,
        des_bonus=des_bonus or None,
    )
    return _reponse(donnees, blocs)


def _statique_coup(options: Mapping[str, Any]) -> list[af.Bloc]:
    exemple = bk.resoudre_coup("reussite_critique", None, "1d8+1", "1d3", 2, True, [5], [2])
    dist = bk.distribution_degats("reussite_critique", None, "1d8+1", "1d3", 2, True)
    return [
        af.texte(
            "Exemple : le cimeterre de Renard Blanc (1d8+1) et son bonus aux dommages (+1d3), "
            f"sur une réussite critique : (5 + 1) × 2 + 2 = {exemple.degats} points, "
            "armure ignorée (arme tranchante)."
        ),
        af.tableau(
            ["Attaque", "Défense ratée ou absente", "Défense réussie", "Défense critique"],
            [
                ["Réussite", "coup normal", "bloquée", "bloquée ; riposte en combat héroïque"],
                ["Réussite critique", "coup critique", "coup normal", "bloquée"],
            ],
            legende="Issue d’une attaque réussie selon la défense",
        ),
        af.texte(f"Dommages du cimeterre sur une réussite critique : de {dist.min} à {dist.max}."),
        barres_distribution(dist, exemple.degats),
    ]


widget(
    Widget(
        nom="coup-critique-kar",
        titre="Coup critique, défense et armure",
        champs=(
            Champ("attaque", "Attaque", genre="choix", defaut="jet", choix=CHOIX_ATTAQUE, groupe="Attaque"),
            Champ("score_attaque", "Compétence d’attaque", defaut=60, minimum=0, groupe="Attaque"),
            _jet("Jet d’attaque (facultatif)", "jet_attaque", groupe="Attaque"),
            Champ(
                "defense",
                "Défense (parade ou esquive)",
                genre="choix",
                defaut="aucune",
                choix=CHOIX_DEFENSE,
                groupe="Défense",
            ),
            Champ("score_defense", "Compétence de défense", defaut=50, minimum=0, groupe="Défense"),
            _jet("Jet de défense (facultatif)", "jet_defense", groupe="Défense"),
            Champ(
                "arme",
                "Dommages de l’arme",
                genre="texte",
                defaut="1d8+1",
                aide="Par exemple 1d8+1.",
                groupe="Dommages",
            ),
            Champ(
                "bonus",
                "Bonus aux dommages",
                genre="texte",
                defaut="1d3",
                aide="Par exemple 1d3, ou 0.",
                groupe="Dommages",
            ),
            Champ("armure", "Armure (points)", defaut=2, minimum=0, groupe="Dommages"),
            Champ("tranchante", "Arme tranchante ou empalante", genre="case", defaut=True, groupe="Dommages"),
            _jet(
                "Dés de l’arme lus (facultatif)",
                "des_arme",
                "Les dés de l’arme, séparés par des espaces ; vide : lancés.",
                groupe="Dommages",
            ),
            _jet(
                "Dés du bonus lus (facultatif)", "des_bonus", "Les dés du bonus ; vide : lancés.", "Dommages"
            ),
            replace(CHAMP_MODE, groupe="Règles du combat"),
            Champ(
                "combat_heroique",
                "Combat héroïque (riposte)",
                genre="case",
                defaut=False,
                groupe="Règles du combat",
            ),
        ),
        actions=(Action("kar.coup", "Résoudre"),),
        statique=_statique_coup,
    )
)


# == contre-attaque-kar : qui frappe en premier (B10) ==============================================

CHAMPS_CONTRE = ("chance_attaquant", "competence_contre", "jet_attaquant", "jet_contre", "mode")
LIBELLES_PREMIERS = {
    "attaquant": "L’attaquant frappe en premier",
    "contre_attaquant": "Le contre-attaquant frappe en premier",
    "simultane": "Les deux frappent en même temps",
    "aucun": "Aucun ne touche",
}


def _raison_du_premier(contre: bk.ContreAttaque) -> str:
    qa, qc = bk.QUALITE[contre.resultat_attaquant], bk.QUALITE[contre.resultat_contre]
    if qa == qc == 0:
        return "deux échecs"
    if qa != qc:
        return "la meilleure réussite frappe en premier"
    ecart = abs(contre.chance_attaquant - contre.chance_contre)
    if ecart >= bk.ECART_POUR_FRAPPER_EN_PREMIER:
        return (
            f"réussites de même qualité, {ecart} points d’écart (au moins {bk.ECART_POUR_FRAPPER_EN_PREMIER})"
        )
    return f"réussites de même qualité, {ecart} points d’écart seulement"


@operation("kar.contre_attaque")
def contre_attaque(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A counter-attack from guard (quick attack, skill / 2) against an attack: who strikes first."""
    genre = "heroique" if vide(args.get("mode")) else _mode(args)
    chance_a = champ_entier(args, "chance_attaquant", minimum=0)
    competence = champ_entier(args, "competence_contre", minimum=0)
    jet_a, lu_a = jet_d100(args, "jet_attaquant", rng)
    jet_c, lu_c = jet_d100(args, "jet_contre", rng)
    contre = bk.resoudre_contre_attaque(chance_a, competence, jet_a, jet_c, genre)
    probabilites = bk.probabilites_contre_attaque(chance_a, competence, genre)
    blocs = [
        af.texte(f"{LIBELLES_PREMIERS[contre.premier]} : {_raison_du_premier(contre)}.", "resultat"),
        af.texte(
            f"Contre-attaque (attaque rapide) à {pour_cent(contre.chance_contre)} : "
            f"{competence} ÷ 2, arrondi au supérieur."
        ),
        af.texte(f"Attaquant : {de_100(jet_a)} sous {chance_a} — {_resultat(contre.resultat_attaquant)}."),
        af.texte(
            f"Contre-attaquant : {de_100(jet_c)} sous {contre.chance_contre} — "
            f"{_resultat(contre.resultat_contre)}."
        ),
        af.des([jet_a, jet_c], 100),
        af.barres(
            probabilites,
            legende="Chances de chaque issue",
            etiquette=lambda p: LIBELLES_PREMIERS[p],
            surligne=contre.premier,
        ),
    ]
    _note_jet_lu(lu_a or lu_c, blocs, "les jets lus")
    donnees = {
        "mode": genre,
        "chance_attaquant": chance_a,
        "competence_contre": competence,
        "chance_contre": contre.chance_contre,
        "jet_attaquant": jet_a,
        "jet_contre": jet_c,
        "des_lus": {"attaquant": lu_a, "contre": lu_c},
        "resultat_attaquant": contre.resultat_attaquant.value,
        "resultat_contre": contre.resultat_contre.value,
        "premier": contre.premier,
        "attaquant_touche": contre.attaquant_touche,
        "contre_attaquant_touche": contre.contre_attaquant_touche,
        "probabilites": en_fractions(probabilites),
        "rejouer": rejouer(args, CHAMPS_CONTRE, jet_attaquant=jet_a, jet_contre=jet_c),
    }
    return _reponse(donnees, blocs)


def _statique_contre(options: Mapping[str, Any]) -> list[af.Bloc]:
    ruan = bk.resoudre_contre_attaque(55, 150, 35, 65)
    return [
        af.texte(
            f"Exemple : Ruan (150 % à l’épée) contre-attaque à {ruan.chance_contre} % (150 ÷ 2) et tire 65 ; "
            "le garde attaque à 55 % et tire 35. Deux réussites simples, et 75 − 55 = 20 : "
            "Ruan frappe en premier."
        ),
        af.barres(
            bk.probabilites_contre_attaque(55, 150),
            legende="Chances de chaque issue pour Ruan et le garde (campagne héroïque)",
            etiquette=lambda p: LIBELLES_PREMIERS[p],
            surligne=ruan.premier,
        ),
    ]


widget(
    Widget(
        nom="contre-attaque-kar",
        titre="Contre-attaque : qui frappe en premier ?",
        champs=(
            Champ("chance_attaquant", "Chance de l’attaquant (en %)", defaut=55, minimum=0),
            Champ(
                "competence_contre",
                "Compétence du contre-attaquant (en %)",
                defaut=150,
                minimum=0,
                aide="Avant division : la contre-attaque se fait à la moitié, arrondie au supérieur.",
            ),
            _jet("Jet de l’attaquant (facultatif)", "jet_attaquant"),
            _jet("Jet du contre-attaquant (facultatif)", "jet_contre"),
            CHAMP_MODE,
        ),
        actions=(Action("kar.contre_attaque", "Lancer"),),
        statique=_statique_contre,
    )
)


# == scories-kar : tirer ses scories, ou annoncer n points (B11) ====================================

CHAMPS_SCORIES = ("kar", "kar_initial", "pe_initiaux", "pv_initiaux", "jet")


def _kar_actuel(args: Mapping[str, Any]) -> tuple[int, int]:
    kar = champ_entier(args, "kar", "KAR", minimum=0)
    initial = champ_entier(args, "kar_initial", minimum=0)
    if kar > initial:
        raise InputError(
            f"Le KAR actuel ({kar}) ne peut pas dépasser le KAR initial ({initial}).", champ="kar"
        )
    return kar, initial


def _libelle_bande(bande: str) -> str:
    return "Sous le KAR : rien" if bande == "aucune" else f"Marge {bande.replace('-', '–')}"


@operation("kar.scories")
def scories(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Tirer ses scories: d100 against the current KAR, the row of the table, losses, KAR after."""
    kar, initial = _kar_actuel(args)
    pe = champ_entier(args, "pe_initiaux", minimum=0)
    pv = champ_entier(args, "pv_initiaux", minimum=0)
    jet, lu = jet_d100(args, "jet", rng)
    resultat = bk.resoudre_scories(kar, initial, pe, pv, jet)
    probabilites = bk.probabilites_scories(kar)
    if resultat.bande is None:
        blocs = [
            af.texte(
                f"Jet de 1d100 : {de_100(jet)}, pas au-dessus du KAR ({kar}) : le KAR ne change pas.",
                "resultat",
            )
        ]
    else:
        assert resultat.marge is not None and resultat.effet is not None
        bande = next(b for b in bk.TABLE_DES_SCORIES if b.libelle == resultat.bande)
        blocs = [
            af.texte(
                f"Jet de 1d100 : {de_100(jet)} − KAR {kar} = marge {resultat.marge} : "
                f"tranche {resultat.bande.replace('-', '–')}.",
                "resultat",
            ),
            af.texte(resultat.effet),
            af.valeurs(
                [
                    (
                        "PE perdus",
                        f"{resultat.perte_pe}"
                        + (f" ({bande.pourcentage} % de {pe})" if bande.perte == "PE" else ""),
                    ),
                    (
                        "PV perdus",
                        f"{resultat.perte_pv}"
                        + (f" ({bande.pourcentage} % de {pv})" if bande.perte == "PV" else ""),
                    ),
                    ("KAR", f"{kar} + {resultat.gain_de_kar} = {resultat.kar_apres}"),
                ]
            ),
        ]
        if resultat.gain_de_kar < bande.gain_de_kar:
            blocs.append(
                af.texte(
                    f"La table donne +{bande.gain_de_kar}, mais le KAR ne dépasse pas "
                    f"son score initial ({initial}) : "
                    f"+{resultat.gain_de_kar} seulement.",
                    "note",
                )
            )
    blocs += [
        af.des([jet], 100),
        af.barres(
            probabilites,
            legende=f"Chances de chaque tranche avec un KAR de {kar}",
            etiquette=_libelle_bande,
            surligne=resultat.bande or "aucune",
        ),
    ]
    _note_jet_lu(lu, blocs)
    donnees = {
        "kar": kar,
        "kar_initial": initial,
        "jet": jet,
        "des_lus": lu,
        "marge": resultat.marge,
        "bande": resultat.bande,
        "effet": None if resultat.effet is None else typographie(resultat.effet),
        "perte_pe": resultat.perte_pe,
        "perte_pv": resultat.perte_pv,
        "gain_de_kar": resultat.gain_de_kar,
        "kar_apres": resultat.kar_apres,
        "probabilites": en_fractions(probabilites),
        "rejouer": rejouer(args, CHAMPS_SCORIES, jet=jet),
    }
    return _reponse(donnees, blocs)


@operation("kar.scories_annoncer")
def scories_annoncer(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The other way: n KAR points now, a pending n % malus that the MJ applies next session."""
    kar, initial = _kar_actuel(args)
    annonce = bk.annoncer_regain_de_kar(args.get("points"), kar, initial)
    blocs = [
        af.texte(f"KAR {kar} + {annonce.points} = {annonce.kar_apres}.", "resultat"),
        af.texte(
            f"Malus en attente : −{annonce.malus} % à un jet donné, à un moment critique choisi par le MJ, "
            "au cours de la session suivante.",
            "resultat",
        ),
        af.valeurs([("Au plus", f"{initial - kar} points (KAR initial {initial} − KAR actuel {kar})")]),
    ]
    donnees = {
        "points": annonce.points,
        "kar": kar,
        "kar_initial": initial,
        "kar_apres": annonce.kar_apres,
        "malus_en_attente": annonce.malus,
        "plafond": initial - kar,
    }
    return _reponse(donnees, blocs)


def _statique_scories(options: Mapping[str, Any]) -> list[af.Bloc]:
    kar = entier(options.get("kar", 25), "kar", minimum=0, maximum=100)
    exemple = bk.resoudre_scories(25, 60, 20, 12, 53)
    return [
        af.texte(
            f"Exemple : le KAR de Renard Blanc est à 25 et elle tire 53 : marge {exemple.marge}, "
            f"tranche 21–30 ; elle perd "
            f"{exemple.perte_pe} PE (25 % de ses 20 PE initiaux) et son KAR remonte à {exemple.kar_apres}."
        ),
        af.barres(
            bk.probabilites_scories(kar),
            legende=f"Chances de chaque tranche avec un KAR de {kar}",
            etiquette=_libelle_bande,
        ),
    ]


widget(
    Widget(
        nom="scories-kar",
        titre="Scories karmiques",
        champs=(
            Champ("kar", "KAR actuel", defaut=25, minimum=0),
            Champ("kar_initial", "KAR initial", defaut=60, minimum=0),
            Champ("pe_initiaux", "PE initiaux", defaut=20, minimum=0),
            Champ("pv_initiaux", "PV initiaux", defaut=12, minimum=0),
            _jet(),
            Champ(
                "points",
                "Points de KAR annoncés",
                defaut=10,
                minimum=1,
                aide="Pour « Annoncer n points » ; n ne dépasse pas l’écart entre KAR initial et actuel.",
            ),
        ),
        actions=(
            Action("kar.scories", "Tirer les scories"),
            Action("kar.scories_annoncer", "Annoncer n points"),
        ),
        statique=_statique_scories,
        options=("kar",),
    )
)

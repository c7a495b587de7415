"""La compétence et le KAR, la table de résistance (4.1 and 4.1.2, page ``competences.md``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Annotated, Any

from rules_py import basic_kar as bk
from rules_py.d100 import Resultat
from rules_py.outils.champs import Champ
from rules_py.web import affichage as af
from rules_py.web.basic_kar.commun import (
    AIDE_JET_KAR,
    AIDE_KAR,
    _blocs_kar,
    _jet,
    _jet_d100,
    _mode,
    _oui_non,
    _outil,
    _plage,
    _reponse,
    _resultat,
)
from rules_py.web.commun import de_100, note_de_lecture, pour_cent, signe

# == test-kar : jet simple, maladresse ou jet sous le KAR, réussite critique (B1, B2) ================


@dataclass(frozen=True, slots=True)
class EntreesTest:
    """A skill, the campaign, the KAR (heroic campaign) and the two d100 read on the table."""

    score: Annotated[int, Champ("Compétence (en %)", minimum=0, competence=True)] = 50
    mode: Annotated[str, _mode()] = "heroique"
    kar: Annotated[int | None, Champ("KAR", minimum=0, aide=AIDE_KAR)] = 60
    jet: Annotated[int | None, _jet()] = None
    jet_kar: Annotated[int | None, _jet("Jet sous le KAR (facultatif)", AIDE_JET_KAR)] = None


def _lignes_des_seuils(seuils: bk.SeuilsDeTest) -> list[tuple[str, str]]:
    kar = bk.demande_un_jet_de_kar(seuils.maladresse_des, seuils.mode)
    return [
        ("Réussite critique", _plage(1, seuils.critique)),
        ("Réussite", _plage(seuils.critique + 1, seuils.reussite)),
        ("Échec", _plage(seuils.reussite + 1, seuils.maladresse_des - 1)),
        (_plage(seuils.maladresse_des, 100), "échec, puis jet sous le KAR" if kar else "maladresse"),
    ]


@_outil(
    "test-kar",
    "Jet sous une compétence",
    "Jet de 1d100 sous une compétence : seuils, chances exactes, maladresse ou jet sous le KAR.",
    "kar.test",
    "Lancer",
)
def jet_sous_une_competence(e: EntreesTest, rng: random.Random) -> dict[str, Any]:
    """A skill test: thresholds, exact odds, the result and, after 96-100 in heroic mode, the KAR roll."""
    kar = e.kar if e.mode == "heroique" else None
    test = bk.lancer_test(e.score, e.mode, rng, kar, e.jet, e.jet_kar)
    seuils = bk.seuils_du_test(e.score, e.mode)
    probabilites = bk.probabilites_test(e.score, e.mode)
    texte = f"Jet de 1d100 : {de_100(test.jet)} sous {e.score} — {_resultat(test.resultat)}"
    suite = ", puis jet sous le KAR." if test.jet_de_kar_requis else "."
    texte += " !" if test.resultat is Resultat.ECHEC_CRITIQUE else suite
    montrees = {r: p for r, p in probabilites.items() if kar is None or r is not Resultat.ECHEC_CRITIQUE}
    blocs = [
        *_jet_d100(texte, test.jet),
        af.valeurs(_lignes_des_seuils(seuils)),
        af.barres(
            montrees,
            legende="Chances de chaque résultat",
            etiquette=lambda r: _resultat(r).capitalize(),
            surligne=test.resultat,
        ),
    ]
    if e.jet is not None:
        blocs.append(note_de_lecture())
    perte = None if kar is None else bk.probabilite_perte_de_kar(e.score, kar)
    if test.kar is not None and perte is not None:
        blocs += _blocs_kar(test.kar, perte, e.jet_kar is not None)
    elif perte is not None:
        texte = (
            f"Chances qu’un test fasse perdre du KAR ({_plage(bk.MALADRESSE_DES, 100)}, puis jet sous {kar}"
        )
        blocs.append(af.texte(f"{texte} raté) : {af.pourcentage(perte)}.", "note"))
    lus = {"jet": e.jet is not None, "jet_kar": test.kar is not None and e.jet_kar is not None}
    tires = {"jet": test.jet, "jet_kar": test.kar and test.kar.jet}
    chances = {"probabilites": probabilites, "probabilite_perte_de_kar": perte}
    return _reponse(test, blocs, seuils=seuils, des_lus=lus, **chances, tires=tires)


# == resistance-kar : la table de résistance (B4) =================================================

GENRES_RESISTANCE = (
    ("valeurs", "Deux valeurs (caractéristiques, dommages, PV…)"),
    ("competences", "Deux compétences (divisées par 5)"),
)


@dataclass(frozen=True, slots=True)
class EntreesResistance:
    """Two values (or two skills, divided by 5) and the d100 read on the table."""

    genre: Annotated[str, Champ("On oppose", choix=GENRES_RESISTANCE)] = "valeurs"
    actif: Annotated[int, Champ("Valeur ou compétence active", minimum=0)] = 11
    passif: Annotated[int, Champ("Valeur ou compétence passive", minimum=0)] = 12
    jet: Annotated[int | None, _jet()] = None


def _valeurs_opposees(e: EntreesResistance) -> tuple[int, int]:
    if e.genre == "competences":
        return bk.score_d_opposition(e.actif), bk.score_d_opposition(e.passif)
    return e.actif, e.passif


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


def _table_de_resistance(e: EntreesResistance) -> list[af.Bloc]:
    """The whole table around the page's values: eleven active values against eleven passive ones."""
    active, passive = _valeurs_opposees(e)
    bas = max(0, min(active, passive) - 5)
    table = bk.table_de_resistance(bas, bas + 10)
    return [
        af.tableau(
            ["Actif \\ passif", *(str(p) for p in range(bas, bas + 11))],
            [[str(bas + i), *(str(c) for c in ligne)] for i, ligne in enumerate(table)],
            legende="Table de résistance : chances (en %) de la valeur active (ligne) contre la "
            "valeur passive (colonne)",
            surligne=active - bas,
        )
    ]


@_outil(
    "resistance-kar",
    "Table de résistance",
    "Jet sur la table de résistance : deux valeurs, ou deux compétences divisées par 5.",
    "kar.resistance",
    "Lancer",
    statique=_table_de_resistance,
)
def resistance(e: EntreesResistance, rng: random.Random) -> dict[str, Any]:
    """An opposed roll on the resistance table, from two values or from two skills (÷ 5)."""
    active, passive = _valeurs_opposees(e)
    jet = bk.lancer_resistance(bk.chance_de_resistance(active, passive), rng, e.jet)
    chance, probabilite, difference = jet.chance, bk.probabilite_resistance(jet.chance), active - passive
    lecture = f"{active} contre {passive}, différence {signe(difference)} : {pour_cent(chance)}"
    blocs = [af.texte(f"{lecture} de chances pour l’actif.")]
    if e.genre == "competences":
        arrondi = f"divisées par 5, arrondies à l’entier le plus proche : {active} contre {passive}."
        blocs.insert(0, af.texte(f"Compétences {e.actif} et {e.passif} {arrondi}"))
    if jet.jet is None:
        phrase = "échouer" if chance == 100 else "réussir"
        blocs.append(af.texte(f"Aucun jet nécessaire : l’actif ne peut pas {phrase}.", "resultat"))
    else:
        verdict = "réussite" if jet.reussi else "échec"
        blocs += _jet_d100(f"Jet de 1d100 : {de_100(jet.jet)} sous {chance} — {verdict} de l’actif.", jet.jet)
    blocs.append(_oui_non(probabilite, "Chances de l’actif", "Réussite", "Échec", jet.reussi))
    blocs.append(_extrait_de_la_table(difference))
    lu = e.jet is not None and jet.jet is not None
    valeurs = {"valeur_active": active, "valeur_passive": passive, "difference": difference}
    valeurs |= {"probabilite": probabilite, "sans_jet": jet.jet is None, "des_lus": lu}
    return _reponse(jet, blocs, lu, **valeurs, tires={"jet": jet.jet})

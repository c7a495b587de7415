"""BaSIC — KAR tools: the skill test and KAR, the resistance table, combat modifiers, knock-out,
serious wound, critical hit, counter-attack and karmic slag (facade of :mod:`rules_py.basic_kar`).

Each tool declares its inputs once (:mod:`rules_py.outils.champs`); each operation
calls the engine for every rule (rolling or reading the dice there) and returns the
engine's answer with its exact odds and its display blocks. The heroic combat's
tool lives in :mod:`rules_py.web.combat_heroique`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Annotated, Any

from rules_py import basic_kar as bk
from rules_py.d100 import Resultat, lire_jet
from rules_py.dice import Expression, parse, total_of
from rules_py.errors import InputError
from rules_py.outils.champs import Champ
from rules_py.outils.registre import Action, outils_du_systeme
from rules_py.systemes import BASIC_KAR
from rules_py.web import affichage as af
from rules_py.web.commun import barres_distribution, de_100, detail_du_jet, note_de_lecture, pour_cent, signe
from rules_py.web.typographie import typographie

__all__ = ["LIBELLES_RESULTATS", "MODES", "SYSTEME"]

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
AIDE_KAR = "Sert en campagne fantastique ou héroïque, pour le jet sous le KAR."
AIDE_JET_KAR = "Après un 96 à 100 en campagne fantastique ou héroïque ; vide : lancé."
RETENTER, ANNONCER = "Retenter au round suivant", "Annoncer n points"
"""The labels of the second buttons of two tools, which their help texts name."""
AIDE_REPRISE = f"Pour « {RETENTER} » ; vide : lancé."
AIDE_CONTRE = "Avant division : la contre-attaque se fait à la moitié, arrondie au supérieur."
AIDE_POINTS = f"Pour « {ANNONCER} » ; n ne dépasse pas l’écart entre KAR initial et actuel."


def _jet(libelle: str = "Jet de 1d100 (facultatif)", aide: str = AIDE_JET, groupe: str = "") -> Champ:
    """A d100 read on the table (« 00 » is 100), emptied after each result: the next action rolls."""
    return Champ(libelle, minimum=1, maximum=100, lu=True, lecteur=lire_jet, aide=aide, groupe=groupe)


def _mode(groupe: str = "") -> Champ:
    return Champ("Campagne", choix=MODES, groupe=groupe)


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


def _champs(resultat: Any) -> dict[str, Any]:
    """A dataclass's fields by name (the engine's answer as the JSON's keys)."""
    return {f.name: getattr(resultat, f.name) for f in fields(resultat)}


def _reponse(
    resultat: Any, blocs: list[af.Bloc], lu: bool = False, quoi: str = "le jet lu", **autres: Any
) -> dict[str, Any]:
    """The answer: the engine's result (its fields), ``autres``, the blocks and the note on dice read."""
    if lu:
        blocs.append(note_de_lecture(quoi))
    return {"systeme": SYSTEME, **_champs(resultat), **autres, "affichage": blocs}


def _jet_d100(texte: str, jet: int) -> list[af.Bloc]:
    """The sentence of a d100 roll, and its die."""
    return [af.texte(texte, "resultat"), af.des([jet], 100)]


def _oui_non(probabilite: Fraction, legende: str, oui: str, non: str, surligne: bool) -> af.Bloc:
    return af.barres(
        {True: probabilite, False: 1 - probabilite},
        legende=legende,
        etiquette=lambda x: oui if x else non,
        surligne=surligne,
    )


_outil = outils_du_systeme(BASIC_KAR)


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


def _blocs_kar(suite: bk.JetDeKar, perte: Fraction, lu: bool) -> list[af.Bloc]:
    issue = f"réussi : le KAR reste à {suite.kar}." if suite.reussi else "raté : le KAR passe"
    issue += "" if suite.reussi else f" de {suite.kar} à {suite.kar_apres}."
    garder = af.pourcentage(bk.probabilite_de_garder_le_kar(suite.kar))
    chances = [
        ("Chances de réussir le jet sous le KAR", garder),
        ("Chances qu’un test fasse perdre du KAR", af.pourcentage(perte)),
    ]
    blocs = [*_jet_d100(f"Jet sous le KAR ({suite.kar}) : {de_100(suite.jet)} — {issue}", suite.jet)]
    return [*blocs, af.valeurs(chances), *([note_de_lecture("le jet sous le KAR lu")] if lu else [])]


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


# == situations-kar : au sol, obscurité, surprise, dans l'ordre (B7) ================================

ACTIONS_SITUATION = (("attaque", "Attaque"), ("parade", "Parade"), ("esquive", "Esquive"))


@dataclass(frozen=True, slots=True)
class EntreesSituation:
    """A combat skill, the action, and the situations that change its threshold."""

    score: Annotated[int, Champ("Compétence (en %)", minimum=0, competence=True)] = 70
    action: Annotated[str, Champ("Action", choix=ACTIONS_SITUATION)] = "attaque"
    lutte: Annotated[bool, Champ("C’est la compétence Lutte")] = False
    au_sol: Annotated[bool, Champ("Le personnage est au sol")] = False
    adversaire_au_sol: Annotated[bool, Champ("Son adversaire est au sol")] = False
    obscurite: Annotated[bool, Champ("Obscurité")] = False
    attaque_par_surprise: Annotated[bool, Champ("Il attaque par surprise ou par-derrière")] = False
    surpris: Annotated[bool, Champ("Il est surpris ou attaqué par-derrière")] = False


@_outil(
    "situations-kar",
    "Seuil en situation : au sol, obscurité, surprise",
    "Seuil d’attaque, de parade ou d’esquive au sol, dans l’obscurité, par surprise.",
    "kar.situation",
    "Calculer le seuil",
)
def situation(e: EntreesSituation, rng: random.Random) -> dict[str, Any]:
    """A combat threshold after the ground, darkness and surprise, in the ruled order."""
    drapeaux = {k: v for k, v in _champs(e).items() if k not in ("score", "action")}
    resultat = bk.seuil_en_situation(e.score, e.action, **drapeaux)
    lignes = [{"libelle": typographie(libelle), "seuil": valeur} for libelle, valeur in resultat.etapes]
    etapes = af.tableau(
        ["Étape", "Seuil"],
        [[libelle, pour_cent(valeur)] for libelle, valeur in resultat.etapes],
        legende="Seuil, étape par étape (au sol, obscurité, surprise)",
        surligne=len(resultat.etapes) - 1,
    )
    if not resultat.possible:
        surpris = af.texte("Surpris : il ne peut ni attaquer, ni parer, ni esquiver.", "resultat")
        return _reponse(resultat, [surpris, etapes], **drapeaux, etapes=lignes)
    reussite, critique = bk.probabilite_de_reussir(resultat.seuil), bk.seuil_critique(resultat.seuil)
    plage = _plage(1, critique) if resultat.seuil else "—"
    chances = [("Réussite critique", plage), ("Chances de réussite", af.pourcentage(reussite))]
    blocs = [af.texte(f"Seuil final : {pour_cent(resultat.seuil)}.", "resultat"), etapes, af.valeurs(chances)]
    donnees = {"etapes": lignes, "seuil_critique": critique, "probabilite_reussite": reussite}
    return _reponse(resultat, blocs, **drapeaux, **donnees)


# == assommer-kar : dommages contre PV restants (B5) ==============================================


@dataclass(frozen=True, slots=True)
class EntreesAssommer:
    """The victim's PV before the blow, the damage, the victim's CON, the d100 read on the table."""

    pv: Annotated[int, Champ("PV avant le coup", minimum=1, aide="PV de la victime avant le coup.")] = 12
    degats: Annotated[int, Champ("Dommages du coup", minimum=0)] = 5
    con: Annotated[int, Champ("CON", cle="CON", minimum=0, aide="Constitution de la victime.")] = 11
    jet: Annotated[int | None, _jet()] = None


def _verdict_assommer(coup: bk.Assommer) -> list[af.Bloc]:
    if coup.degats == 0:
        return [af.texte("Aucun dommage : le coup ne peut pas assommer, pas de jet.", "resultat")]
    if coup.pv_restants <= 0:
        return [af.texte("Le coup emporte les derniers PV : la victime est assommée, sans jet.", "resultat")]
    if coup.jet is None:
        verdict = "la victime est assommée" if coup.assomme else "le coup ne peut pas assommer"
        return [af.texte(f"Hors de la table de résistance : {verdict}, sans jet.", "resultat")]
    verdict = "assommée" if coup.assomme else "pas assommée"
    return _jet_d100(f"Jet de 1d100 : {de_100(coup.jet)} sous {coup.chance} — victime {verdict}.", coup.jet)


def _table_d_assommer(e: EntreesAssommer) -> list[af.Bloc]:
    """Every damage from 1 to the victim's PV: PV left, chance to knock out, PV really lost."""
    coups = [bk.resoudre_assommer(e.pv, d, 0, 1) for d in range(1, min(e.pv, 60) + 1)]
    lignes = [[str(c.degats), str(c.pv_restants), pour_cent(c.chance), str(c.pv_perdus)] for c in coups]
    return [
        af.tableau(
            ["Dommages", "PV restants", "Chances d’assommer", "PV perdus au réveil"],
            lignes,
            legende=f"Victime de {e.pv} PV",
            surligne=e.degats - 1 if 1 <= e.degats <= len(lignes) else None,
        )
    ]


@_outil(
    "assommer-kar",
    "Assommer un adversaire",
    "Dommages contre PV restants sur la table de résistance : heures d’inconscience, PV perdus au réveil.",
    "kar.assommer",
    "Lancer",
    statique=_table_d_assommer,
)
def assommer(e: EntreesAssommer, rng: random.Random) -> dict[str, Any]:
    """A knock-out attempt: damage against the PV left on the resistance table, hours out, PV really lost."""
    coup = bk.lancer_assommer(e.pv, e.degats, e.con, rng, e.jet)
    probabilite = bk.probabilite_assommer(e.pv, e.degats)
    restants = af.nombre(coup.pv_restants)
    lignes = [
        ("PV restants", f"{e.pv} − {e.degats} = {restants}"),
        ("Sur la table de résistance", f"{e.degats} contre {restants}"),
        ("Chances d’assommer", pour_cent(coup.chance)),
    ]
    blocs = [af.valeurs(lignes), *_verdict_assommer(coup)]
    if coup.assomme:
        heures = f"{coup.heures} heure{'s' if coup.heures > 1 else ''} (21 − CON {e.con}, au moins 1)"
        reveil = f"{coup.pv_perdus} PV ({e.degats} ÷ 3, arrondi au supérieur) : {coup.pv_apres} PV"
        suites = [f"Inconsciente pendant {heures}.", f"À son réveil, elle n’a perdu en réalité que {reveil}."]
        blocs.append(af.liste(suites))
    elif e.degats:
        blocs.append(af.texte(f"La victime garde ses {af.nombre(coup.pv_apres)} PV restants."))
    blocs.append(_oui_non(probabilite, "Chances d’assommer", "Assommée", "Pas assommée", coup.assomme))
    lu = e.jet is not None and coup.jet is not None
    donnees = {"probabilite": probabilite, "sans_jet": coup.jet is None, "des_lus": lu}
    return _reponse(coup, blocs, lu, **donnees, tires={"jet": coup.jet})


# == blessure-grave-kar : la moitié des PV initiaux en un coup (B6) =================================


@dataclass(frozen=True, slots=True)
class EntreesBlessure:
    """The PV (initial, before the hit), the damage, the shock roll and a later round's roll."""

    pv_max: Annotated[int, Champ("PV initiaux", minimum=1)] = 14
    pv_avant: Annotated[int, Champ("PV au moment du coup", minimum=1)] = 14
    degats: Annotated[int, Champ("Dommages du coup", minimum=0)] = 8
    jet: Annotated[int | None, _jet("Jet sous PV × 5 (facultatif)")] = None
    jet_reprise: Annotated[
        int | None, _jet("Jet pour se relever, aux rounds suivants (facultatif)", AIDE_REPRISE)
    ] = None
    tentative: Annotated[int, Champ("Tentative", minimum=1, cache=True)] = 1

    def __post_init__(self) -> None:
        if self.pv_avant > self.pv_max:
            message = f"« PV au moment du coup » doit être au plus {self.pv_max}, les PV initiaux."
            raise InputError(message, champ="pv_avant")


def _bouton_reprise(tentative: int, seuil: int) -> af.Bloc:
    bouton = af.bouton(f"{REPRISE.libelle} (jet sous {seuil})", REPRISE.op, {"tentative": tentative})
    legende = "Le blessé peut retenter, à chaque round, un jet sous PV × 5 pour agir de nouveau."
    return af.boutons([bouton], legende=legende)


def _barres_choc(probabilite: Fraction, reussi: bool) -> af.Bloc:
    return _oui_non(probabilite, "Chances du jet sous PV × 5", "Réussi", "Raté", reussi)


def blessure_grave_reprise(e: EntreesBlessure, rng: random.Random) -> dict[str, Any]:
    """A later round: the collapsed character rolls under the current PV × 5 to act again."""
    reprise = bk.lancer_reprise(e.pv_max, e.pv_avant, e.degats, rng, e.jet_reprise)
    probabilite = bk.probabilite_de_tenir(reprise.pv)
    suite = "réussi : il se relève et peut agir de nouveau." if reprise.reussi else "raté : il reste au sol."
    texte = f"Round suivant, tentative {e.tentative} : jet sous PV × 5 = {reprise.seuil}"
    blocs = [*_jet_d100(f"{texte} : {de_100(reprise.jet)} — {suite}", reprise.jet)]
    blocs.append(_barres_choc(probabilite, reprise.reussi))
    if not reprise.reussi:
        blocs.append(_bouton_reprise(e.tentative + 1, reprise.seuil))
    lu = e.jet_reprise is not None
    donnees = {"des_lus": lu, "tentative": e.tentative, "probabilite_de_tenir": probabilite}
    return _reponse(reprise, blocs, lu, **donnees, tires={"jet_reprise": reprise.jet})


REPRISE = Action("kar.blessure_grave_reprise", RETENTER, blessure_grave_reprise)


@_outil(
    "blessure-grave-kar",
    "Blessure grave",
    "Un coup qui retire la moitié des PV initiaux : jet sous PV × 5, puis à chaque round pour se relever.",
    "kar.blessure_grave",
    "Appliquer le coup",
    REPRISE,
)
def blessure_grave(e: EntreesBlessure, rng: random.Random) -> dict[str, Any]:
    """One hit: a serious wound or not, and the roll under the current PV × 5."""
    coup = bk.lancer_blessure_grave(e.pv_max, e.pv_avant, e.degats, rng, e.jet)
    comparaison = f"{e.degats * 2} {'≥' if coup.grave else '<'} {e.pv_max} PV initiaux"
    apres = f"{e.pv_avant} − {e.degats} = {af.nombre(coup.pv_apres)}"
    blocs, donnees = [af.valeurs([("Dommages × 2", comparaison), ("PV après le coup", apres)])], {}
    if coup.hors_de_combat or not coup.grave:
        verdict = (
            "Plus de PV : le personnage est hors de combat, pas de jet de choc."
            if coup.hors_de_combat
            else "Pas de blessure grave : moins de la moitié des PV initiaux."
        )
        blocs.insert(0, af.texte(verdict, "resultat"))
    else:
        assert coup.seuil is not None and coup.jet is not None
        donnees["probabilite_de_tenir"] = probabilite = bk.probabilite_de_tenir(coup.pv_apres)
        suite = "raté : le personnage s’effondre ; au sol, il ne peut que ramper."
        suite = suite if coup.effondre else "réussi : il supporte le choc et continue d’agir."
        texte = f"Jet sous PV × 5 = {coup.seuil} : {de_100(coup.jet)} — {suite}"
        blocs[:0] = [af.texte("Blessure grave !", "resultat"), *_jet_d100(texte, coup.jet)]
        blocs.append(_barres_choc(probabilite, not coup.effondre))
        if coup.effondre:
            blocs.append(_bouton_reprise(1, coup.seuil))
    lu = e.jet is not None and coup.jet is not None
    return _reponse(coup, blocs, lu, des_lus=lu, **donnees, tires={"jet": coup.jet})


# == coup-critique-kar : réussite critique en combat, défense, armure (B3) ==========================

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
DOMMAGES = "Dommages"
ARME, BONUS = parse("1d8+1"), parse("1d3")
REGLES = "Règles du combat"


def _des_lus(libelle: str, aide: str) -> Champ:
    return Champ(libelle, lu=True, aide=aide, groupe=DOMMAGES)


@dataclass(frozen=True, slots=True)
class EntreesCoup:
    """The attack and the defence (given, or from a skill and a d100), the weapon, armour and rules."""

    attaque: Annotated[str, Champ("Attaque", choix=CHOIX_ATTAQUE, groupe="Attaque")] = "jet"
    score_attaque: Annotated[int, Champ("Compétence d’attaque", minimum=0, groupe="Attaque")] = 60
    jet_attaque: Annotated[int | None, _jet("Jet d’attaque (facultatif)", groupe="Attaque")] = None
    defense: Annotated[str, Champ("Défense (parade ou esquive)", choix=CHOIX_DEFENSE, groupe="Défense")] = (
        "aucune"
    )
    score_defense: Annotated[int, Champ("Compétence de défense", minimum=0, groupe="Défense")] = 50
    jet_defense: Annotated[int | None, _jet("Jet de défense (facultatif)", groupe="Défense")] = None
    arme: Annotated[Expression, Champ("Dommages de l’arme", aide="Par exemple 1d8+1.", groupe=DOMMAGES)] = (
        ARME
    )
    bonus: Annotated[
        Expression, Champ("Bonus aux dommages", aide="Par exemple 1d3, ou 0.", groupe=DOMMAGES)
    ] = BONUS
    armure: Annotated[int, Champ("Armure (points)", minimum=0, groupe=DOMMAGES)] = 2
    tranchante: Annotated[bool, Champ("Arme tranchante ou empalante", groupe=DOMMAGES)] = True
    des_arme: Annotated[
        list[int] | None,
        _des_lus(
            "Dés de l’arme lus (facultatif)", "Les dés de l’arme, séparés par des espaces ; vide : lancés."
        ),
    ] = None
    des_bonus: Annotated[
        list[int] | None, _des_lus("Dés du bonus lus (facultatif)", "Les dés du bonus ; vide : lancés.")
    ] = None
    mode: Annotated[str, _mode(REGLES)] = "heroique"
    combat_heroique: Annotated[bool, Champ("Combat héroïque (riposte)", groupe=REGLES)] = False


def _texte_cote(nom: str, cote: bk.CoteDuCoup | None) -> str:
    if cote is None:
        return f"{nom} : ni parade ni esquive."
    if cote.jet is None:
        return f"{nom} : {_resultat(cote.resultat)}."
    return f"{nom} : {de_100(cote.jet)} sous {cote.score} — {_resultat(cote.resultat)}."


def _texte_degats(e: EntreesCoup, coup: bk.Coup) -> str:
    arme = f"arme {e.arme} → {detail_du_jet(total_of(e.arme, coup.des_arme))} = {coup.total_arme}"
    bonus = f"bonus {e.bonus} → {detail_du_jet(total_of(e.bonus, coup.des_bonus))} = {coup.total_bonus}"
    return f"Dommages : {arme} ; {bonus} ; {_formule(coup)}."


def _formule(coup: bk.Coup) -> str:
    arme = f"{coup.total_arme} × 2" if coup.issue == "critique" else str(coup.total_arme)
    bonus = f" + {coup.total_bonus}" if coup.total_bonus >= 0 else f" − {-coup.total_bonus}"
    texte = f"{arme}{bonus}"
    if coup.armure_ignoree:
        texte += f" (armure {coup.armure} ignorée)"
    elif coup.armure:
        texte += f" − {coup.armure} d’armure"
    return f"{texte} = {coup.degats}"


@_outil(
    "coup-critique-kar",
    "Coup critique, défense et armure",
    "Une attaque contre une défense : bloquée, coup normal ou critique, dommages à travers l’armure.",
    "kar.coup",
    "Résoudre",
)
def coup(e: EntreesCoup, rng: random.Random) -> dict[str, Any]:
    """An attack against a defence: blocked, normal or critical hit, riposte, damage through armour."""
    attaque = bk.lancer_cote(e.attaque, e.score_attaque, e.mode, rng, e.jet_attaque)
    defense = bk.lancer_cote(e.defense, e.score_defense, e.mode, rng, e.jet_defense)
    assert attaque is not None
    resultat_defense = None if defense is None else defense.resultat
    regles = (e.arme, e.bonus, e.armure, e.tranchante)
    resolu = bk.lancer_coup(
        attaque.resultat, resultat_defense, *regles, rng, e.combat_heroique, e.des_arme, e.des_bonus
    )
    issue = f"{LIBELLES_ISSUES[resolu.issue].capitalize()}{' !' if resolu.issue == 'critique' else '.'}"
    blocs = [
        af.texte(issue, "resultat"),
        af.texte(_texte_cote("Attaque", attaque)),
        af.texte(_texte_cote("Défense", defense)),
    ]
    if resolu.riposte:
        riposte = "Défense critique contre une attaque normale : riposte possible (combat héroïque)."
        blocs.append(af.texte(riposte, "resultat"))
    lus = resolu.touche and (e.des_arme is not None or e.des_bonus is not None)
    donnees: dict[str, Any] = {"mode": e.mode, "attaque": attaque, "defense": defense, "des_lus": lus}
    tires = {"jet_attaque": attaque.jet, "jet_defense": defense and defense.jet}
    if resolu.touche:
        tires.update(des_arme=list(resolu.des_arme), des_bonus=list(resolu.des_bonus))
        blocs.append(af.texte(_texte_degats(e, resolu), "resultat"))
        try:
            donnees["distribution"] = bk.distribution_degats(attaque.resultat, resultat_defense, *regles)
        except InputError as erreur:
            blocs.append(af.texte(erreur.message, "note"))
        else:
            blocs.append(barres_distribution(donnees["distribution"], resolu.degats))
    else:
        blocs.append(af.texte("Aucun dommage.", "resultat"))
    if attaque.jet is not None and (defense is None or defense.jet is not None):
        score_defense = None if defense is None else defense.score
        probabilites = bk.probabilites_du_coup(attaque.score, score_defense, e.mode, e.combat_heroique)
        donnees["probabilites_issues"] = probabilites
        blocs.append(
            af.barres(
                {i: probabilites[i] for i in bk.ISSUES},
                legende="Chances de chaque issue, d’après les deux compétences",
                etiquette=lambda i: LIBELLES_ISSUES[i].capitalize(),
                surligne=resolu.issue,
            )
        )
    tous_lus = lus or attaque.des_lus or bool(defense and defense.des_lus)
    return _reponse(resolu, blocs, tous_lus, "les dés lus", **donnees, tires=tires)


# == contre-attaque-kar : qui frappe en premier (B10) ==============================================

LIBELLES_PREMIERS = {
    "attaquant": "L’attaquant frappe en premier",
    "contre_attaquant": "Le contre-attaquant frappe en premier",
    "simultane": "Les deux frappent en même temps",
    "aucun": "Aucun ne touche",
}


@dataclass(frozen=True, slots=True)
class EntreesContre:
    """The attacker's chance, the counter-attacker's skill (halved), both d100 and the campaign."""

    chance_attaquant: Annotated[int, Champ("Chance de l’attaquant (en %)", minimum=0)] = 55
    competence_contre: Annotated[
        int, Champ("Compétence du contre-attaquant (en %)", minimum=0, aide=AIDE_CONTRE)
    ] = 150
    jet_attaquant: Annotated[int | None, _jet("Jet de l’attaquant (facultatif)")] = None
    jet_contre: Annotated[int | None, _jet("Jet du contre-attaquant (facultatif)")] = None
    mode: Annotated[str, _mode()] = "heroique"


@_outil(
    "contre-attaque-kar",
    "Contre-attaque : qui frappe en premier ?",
    "Contre-attaque depuis la garde : qui frappe en premier, avec les chances de chaque issue.",
    "kar.contre_attaque",
    "Lancer",
)
def contre_attaque(e: EntreesContre, rng: random.Random) -> dict[str, Any]:
    """A counter-attack from guard (quick attack, skill / 2) against an attack: who strikes first."""
    jets = (e.jet_attaquant, e.jet_contre)
    contre = bk.lancer_contre_attaque(e.chance_attaquant, e.competence_contre, rng, e.mode, *jets)
    probabilites = bk.probabilites_contre_attaque(e.chance_attaquant, e.competence_contre, e.mode)
    jet_a, jet_c, resultat_c = contre.jet_attaquant, contre.jet_contre, contre.resultat_contre
    moitie = f"{e.competence_contre} ÷ 2, arrondi au supérieur"
    attaquant = f"{de_100(jet_a)} sous {e.chance_attaquant} — {_resultat(contre.resultat_attaquant)}"
    blocs = [
        af.texte(f"{LIBELLES_PREMIERS[contre.premier]} : {bk.raison_du_premier(contre)}.", "resultat"),
        af.texte(f"Contre-attaque (attaque rapide) à {pour_cent(contre.chance_contre)} : {moitie}."),
        af.texte(f"Attaquant : {attaquant}."),
        af.texte(
            f"Contre-attaquant : {de_100(jet_c)} sous {contre.chance_contre} — {_resultat(resultat_c)}."
        ),
        af.des([jet_a, jet_c], 100),
        af.barres(
            probabilites,
            legende="Chances de chaque issue",
            etiquette=lambda p: LIBELLES_PREMIERS[p],
            surligne=contre.premier,
        ),
    ]
    lus = {"attaquant": e.jet_attaquant is not None, "contre": e.jet_contre is not None}
    donnees = {"mode": e.mode, "competence_contre": e.competence_contre, "probabilites": probabilites}
    tires = {"jet_attaquant": jet_a, "jet_contre": jet_c}
    return _reponse(contre, blocs, any(lus.values()), "les jets lus", **donnees, des_lus=lus, tires=tires)


# == scories-kar : tirer ses scories, ou annoncer n points (B11) ====================================


@dataclass(frozen=True, slots=True)
class EntreesScories:
    """The KAR (current, initial), the initial PE and PV, the d100, and the points announced."""

    kar: Annotated[int, Champ("KAR actuel", minimum=0)] = 25
    kar_initial: Annotated[int, Champ("KAR initial", minimum=0)] = 60
    pe_initiaux: Annotated[int, Champ("PE initiaux", minimum=0)] = 20
    pv_initiaux: Annotated[int, Champ("PV initiaux", minimum=0)] = 12
    jet: Annotated[int | None, _jet()] = None
    points: Annotated[int, Champ("Points de KAR annoncés", minimum=1, aide=AIDE_POINTS)] = 10


def _libelle_bande(bande: str) -> str:
    return "Sous le KAR : rien" if bande == "aucune" else f"Marge {bande.replace('-', '–')}"


def _blocs_des_scories(e: EntreesScories, resultat: bk.Scories) -> list[af.Bloc]:
    jet = f"Jet de 1d100 : {de_100(resultat.jet)}"
    if resultat.bande is None:
        return [af.texte(f"{jet}, pas au-dessus du KAR ({e.kar}) : le KAR ne change pas.", "resultat")]
    bande = next(b for b in bk.TABLE_DES_SCORIES if b.libelle == resultat.bande)
    pe = f" ({bande.pourcentage} % de {e.pe_initiaux})" if bande.perte == "PE" else ""
    pv = f" ({bande.pourcentage} % de {e.pv_initiaux})" if bande.perte == "PV" else ""
    marge = f"{jet} − KAR {e.kar} = marge {resultat.marge} : tranche {resultat.bande.replace('-', '–')}."
    lignes = [
        ("PE perdus", f"{resultat.perte_pe}{pe}"),
        ("PV perdus", f"{resultat.perte_pv}{pv}"),
        ("KAR", f"{e.kar} + {resultat.gain_de_kar} = {resultat.kar_apres}"),
    ]
    blocs = [af.texte(marge, "resultat"), af.texte(str(resultat.effet)), af.valeurs(lignes)]
    if resultat.gain_de_kar < bande.gain_de_kar:
        plafond = f"le KAR ne dépasse pas son score initial ({e.kar_initial})"
        texte = f"La table donne +{bande.gain_de_kar}, mais {plafond} : +{resultat.gain_de_kar} seulement."
        blocs.append(af.texte(texte, "note"))
    return blocs


def scories_annoncer(e: EntreesScories, rng: random.Random) -> dict[str, Any]:
    """The other way: n KAR points now, a pending n % malus that the MJ applies next session."""
    annonce = bk.annoncer_regain_de_kar(e.points, e.kar, e.kar_initial)
    plafond = e.kar_initial - e.kar
    moment = "à un jet donné, à un moment critique choisi par le MJ, au cours de la session suivante"
    blocs = [
        af.texte(f"KAR {e.kar} + {annonce.points} = {annonce.kar_apres}.", "resultat"),
        af.texte(f"Malus en attente : −{annonce.malus} % {moment}.", "resultat"),
        af.valeurs([("Au plus", f"{plafond} points (KAR initial {e.kar_initial} − KAR actuel {e.kar})")]),
    ]
    return _reponse(annonce, blocs, malus_en_attente=annonce.malus, plafond=plafond)


@_outil(
    "scories-kar",
    "Scories karmiques",
    "Tirer ses scories sur la table des scories karmiques, ou annoncer n points de KAR contre un malus.",
    "kar.scories",
    "Tirer les scories",
    Action("kar.scories_annoncer", ANNONCER, scories_annoncer),
)
def scories(e: EntreesScories, rng: random.Random) -> dict[str, Any]:
    """Tirer ses scories: d100 against the current KAR, the row of the table, losses, KAR after."""
    resultat = bk.lancer_scories(e.kar, e.kar_initial, e.pe_initiaux, e.pv_initiaux, rng, e.jet)
    probabilites = bk.probabilites_scories(e.kar)
    blocs = [
        *_blocs_des_scories(e, resultat),
        af.des([resultat.jet], 100),
        af.barres(
            probabilites,
            legende=f"Chances de chaque tranche avec un KAR de {e.kar}",
            etiquette=_libelle_bande,
            surligne=resultat.bande or "aucune",
        ),
    ]
    lu, effet = e.jet is not None, resultat.effet and typographie(resultat.effet)
    donnees = {"des_lus": lu, "probabilites": probabilites, "effet": effet}
    return _reponse(resultat, blocs, lu, **donnees, tires={"jet": resultat.jet})

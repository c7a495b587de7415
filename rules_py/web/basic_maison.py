"""The tools of Basic maison, in the order of its pages: each one's inputs declared once, its answer
from the engine (:mod:`rules_py.basic_maison`) with its display blocks in French."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, TypeVar

from rules_py import basic_maison as bm
from rules_py.d100 import Resultat, lire_jet
from rules_py.dice import Distribution, Expression, distribution, parse
from rules_py.errors import DiceLimitError, InputError, RulesError
from rules_py.validation import entier
from rules_py.web import affichage as af
from rules_py.web.commun import barres_distribution, champs_de, note_de_lecture, pour_cent, signe
from rules_py.web.declaration import Champ, champs
from rules_py.web.outil import Action, outils_du_systeme

__all__ = ["Caracteristiques"]

T = TypeVar("T", bound=Hashable)

DES_LUS = "Dés lus sur la table"
JETS_DE_CON_LUS = "Jets de CON lus sur la table"


def jet_lu(libelle: str = "Jet lu (facultatif)", **options: Any) -> Champ:
    """A d100 read on the table (« 00 » is 100); left empty, it is rolled."""
    options.setdefault("aide", "Laissez vide pour lancer ; 00 vaut 100.")
    return Champ(libelle, minimum=1, maximum=100, lu=True, lecteur=lire_jet, **options)


def carac(abreviation: str, groupe: str = "", **options: Any) -> Champ:
    """A characteristic's field: its abbreviation, its name (from the engine) as help, at least 0."""
    nom = next(c.nom for c in bm.CARACTERISTIQUES if c.abreviation == abreviation)
    return Champ(abreviation, minimum=0, aide=options.pop("aide", nom), groupe=groupe, **options)


def _choix_entier(valeur: object, libelle: str) -> int:
    """A choice whose values are numbers (« +10 » is 10), checked against the declared choices."""
    return entier(valeur, libelle)


_outil = outils_du_systeme("Basic maison")


# == Writing French =============================================================


def _expr(texte: str) -> str:
    """A dice expression as printed on the pages (true minus).

    >>> _expr("-1d8"), _expr("2d6+2")
    ('\\u22121d8', '2d6+2')
    """
    return texte.replace("-", "\u2212")


def _face(jet: int) -> str:
    """A d100 face as read on the dice: ``07``, ``00`` for 100."""
    return "00" if jet == 100 else f"{jet:02d}"


def _plages_texte(suites: Sequence[tuple[int, int]]) -> str:
    """``01–07``, ``04``, ``01–03, 98–00`` or a dash when no face gives the result.

    >>> _plages_texte([(1, 7)]), _plages_texte([(87, 100)]), _plages_texte([])
    ('01–07', '87–00', '—')
    """
    if not suites:
        return "—"
    return ", ".join(_face(a) if a == b else f"{_face(a)}–{_face(b)}" for a, b in suites)


def _barres_totaux(dist: Distribution[int], legende: str, surligne: int | None = None) -> af.Bloc:
    """A bar chart of totals labelled the French way (true minus); ranges beyond 40 bars."""
    return barres_distribution(dist, surligne, legende=legende, etiquette=af.nombre)


# == Modificateur de dégâts =====================================================

TABLE_DU_MODIFICATEUR = bm.TABLE_DU_MODIFICATEUR_DE_DEGATS


def _tableau_du_modificateur(modificateur: bm.ModificateurDeDegats) -> af.Bloc:
    """The page's table, the engine's row highlighted, and a « hors table » row beyond 45."""
    lignes = [[ligne.plage.replace("-", "–"), _expr(ligne.modificateur)] for ligne in TABLE_DU_MODIFICATEUR]
    maxima = [ligne.maximum for ligne in TABLE_DU_MODIFICATEUR]
    if modificateur.hors_table:
        lignes.append([f"{maxima[-1] + 1} ou plus", f"hors table ({_expr(lignes[-1][1])} appliqué)"])
    surligne = next((i for i, maximum in enumerate(maxima) if modificateur.somme <= maximum), len(maxima))
    return af.tableau(("FOR + TAI", "Modificateur de dégâts"), lignes, surligne=surligne)


def _notes_hors_table(modificateur: bm.ModificateurDeDegats) -> list[af.Bloc]:
    """The note of a sum beyond the table (none within it)."""
    derniere = TABLE_DU_MODIFICATEUR[-1]
    texte = (
        f"FOR + TAI = {modificateur.somme} : hors table. La table s'arrête à {derniere.maximum} ; le site "
    )
    texte += f"applique {_expr(derniere.modificateur)}, mais demandez au MJ."
    return [af.texte(texte, "note")] if modificateur.hors_table else []


@dataclass(frozen=True, slots=True)
class EntreesModificateur:
    """FOR and TAI, the two characteristics the damage modifier adds."""

    force: Annotated[int, carac("FOR", cle="for")] = 12
    taille: Annotated[int, carac("TAI", cle="tai")] = 13


def _statique_modificateur(entrees: EntreesModificateur) -> list[af.Bloc]:
    return [_tableau_du_modificateur(bm.modificateur_de_degats(entrees.force, entrees.taille))]


@_outil(
    "modificateur-degats",
    "Modificateur de dégâts",
    "Lit la table du modificateur de dégâts pour FOR + TAI, hors table au-delà de 45.",
    "basic.modificateur",
    "Lire la table",
    statique=_statique_modificateur,
)
def modificateur(entrees: EntreesModificateur, rng: random.Random) -> dict[str, Any]:
    """FOR and TAI → the sum, the table's modifier, « hors table » beyond 45 (A1)."""
    resultat = bm.modificateur_de_degats(entrees.force, entrees.taille)
    valeur = "hors table" if resultat.hors_table else _expr(resultat.modificateur)
    texte = (
        f"FOR {entrees.force} + TAI {entrees.taille} = {resultat.somme} : modificateur de dégâts {valeur}."
    )
    blocs = [af.texte(texte, "resultat"), *_notes_hors_table(resultat), _tableau_du_modificateur(resultat)]
    if resultat.expression.dice:
        legende = f"Valeurs possibles du modificateur {_expr(resultat.modificateur)}"
        blocs.append(_barres_totaux(distribution(resultat.expression), legende))
    return {"for": entrees.force, "tai": entrees.taille, **champs_de(resultat), "affichage": blocs}


# == Attributs dérivés et valeurs de base =======================================


CARACS = "Caractéristiques"


@dataclass(frozen=True, slots=True)
class Caracteristiques:
    """The seven characteristics, the inputs of every tool that needs a whole character."""

    force: Annotated[int, carac("FOR", CARACS, cle="for")] = 12
    con: Annotated[int, carac("CON", CARACS)] = 13
    tai: Annotated[int, carac("TAI", CARACS)] = 11
    dex: Annotated[int, carac("DEX", CARACS)] = 14
    int_: Annotated[int, carac("INT", CARACS, cle="int")] = 15
    pou: Annotated[int, carac("POU", CARACS)] = 10
    cha: Annotated[int, carac("CHA", CARACS)] = 9

    def valeurs(self) -> dict[str, int]:
        """The characteristics keyed by abbreviation (``FOR`` …), as the engine reads them."""
        return {c.meta.libelle: getattr(self, c.attribut) for c in champs(Caracteristiques)}


def _formule(formule_texte: str) -> str:
    """A base formula as the pages print it (``DEX × 2``)."""
    return formule_texte.replace(" x ", " × ")


@_outil(
    "attributs-basic",
    "Attributs dérivés et valeurs de base",
    "Calcule PV, PM, modificateur de dégâts, vitesse de guérison et la base de chaque compétence.",
    "basic.attributs",
    "Calculer",
)
def attributs(entrees: Caracteristiques, rng: random.Random) -> dict[str, Any]:
    """The seven characteristics → PV, PM, damage modifier, healing rate, the base of every skill."""
    c = entrees.valeurs()
    derives = bm.attributs(c)
    bases = {
        nom: bm.base_de_competence(competence.nom, c, variante)
        for nom, competence, variante, _ in bm.competences_et_variantes()
    }
    mod = derives.modificateur_de_degats
    experts = [nom for nom, base in bases.items() if bm.est_expert(base)]
    blocs: list[af.Bloc] = [
        af.texte(
            f"PV {derives.points_de_vie}, PM {derives.points_de_magie}, modificateur de dégâts "
            f"{'hors table' if mod.hors_table else _expr(mod.modificateur)}, "
            f"vitesse de guérison {derives.vitesse_de_guerison}.",
            "resultat",
        ),
        af.valeurs(
            [
                (
                    f"Points de vie : (CON {c['CON']} + TAI {c['TAI']}) / 2, arrondi au supérieur",
                    derives.points_de_vie,
                ),
                (f"Points de magie : POU {c['POU']}", derives.points_de_magie),
                (
                    f"Modificateur de dégâts : FOR + TAI = {mod.somme}",
                    "hors table (demandez au MJ)" if mod.hors_table else _expr(mod.modificateur),
                ),
                (f"Vitesse de guérison : CON {c['CON']}", derives.vitesse_de_guerison),
            ]
        ),
    ]
    for categorie, titre in (
        (bm.TypeDeCompetence.STANDARD, "Compétences standards"),
        (bm.TypeDeCompetence.PROFESSIONNELLE, "Compétences professionnelles"),
    ):
        blocs.append(
            af.tableau(
                ("Compétence", "Valeur de base", "Formule"),
                [
                    [nom, pour_cent(bases[nom]) + (" — EXPERT" if nom in experts else ""), _formule(formule)]
                    for nom, competence, _, formule in bm.competences_et_variantes()
                    if competence.categorie is categorie
                ],
                legende=titre,
            )
        )
    blocs += [
        af.texte(f"{bm.ORIENTATION.nom} (Primitif) : {bm.ORIENTATION.note}", "note"),
        *_notes_hors_table(mod),
    ]
    return {
        "caracteristiques": c,
        **champs_de(derives),
        "bases": bases,
        "experts": experts,
        "affichage": blocs,
    }


# == Création ===================================================================


def _nom_de_ligne(competence: bm.CompetenceCreee) -> str:
    return f"{competence.nom} ({competence.specialite})" if competence.specialite else competence.nom


def _valeur_creee(c: bm.CompetenceCreee) -> str:
    depasse = f" (> {bm.MAXIMUM_A_LA_CREATION})" if c.valeur > bm.MAXIMUM_A_LA_CREATION and c.points else ""
    return pour_cent(c.valeur) + depasse + (" EXPERT" if c.expert else "")


@dataclass(frozen=True, slots=True)
class EntreesCreation(Caracteristiques):
    """The seven characteristics, the culture, and the points spent on each skill."""

    culture: Annotated[str, Champ("Culture", choix=tuple((c.nom, c.nom) for c in bm.CULTURES))] = "Barbare"
    competences: Annotated[
        str,
        Champ(
            "Points par compétence",
            zone=True,
            aide=(
                "Une compétence par ligne, sous la forme « compétence : culture/profession/libres ». "
                "Spécialité entre parenthèses, par exemple « Art (Peinture) : 10/0/5 » ; Magie avec "
                "Prêtres ou Mages, par exemple « Magie (Mages, Lumière) : 0/30/0 ». Les compétences "
                "standards absentes restent à leur base."
            ),
        ),
    ] = ""


@_outil(
    "creation-basic",
    "Création de personnage",
    "Vérifie une création : budgets de points, plafond de 65 %, compétences de la culture.",
    "basic.creation",
    "Vérifier la création",
)
def creation(entrees: EntreesCreation, rng: random.Random) -> dict[str, Any]:
    """Culture, characteristics and the points per skill → the sheet, what is left, every violation (A10)."""
    try:
        bilan = bm.verifier_creation(
            entrees.valeurs(), entrees.culture, bm.lire_repartitions(entrees.competences)
        )
    except InputError as erreur:
        # The characteristics and the culture are checked by the declaration: what is left is in the lines.
        erreur.champ = "competences"
        raise
    culture = bm.trouver_culture(bilan.culture)
    experts = [_nom_de_ligne(c) for c in bilan.competences if c.expert]
    pluriel = "s" if len(bilan.violations) > 1 else ""
    bilan_texte = f"Création à revoir : {len(bilan.violations)} règle{pluriel} enfreinte{pluriel}."
    if bilan.valide:
        bilan_texte = "Création valide : aucune règle de création n'est enfreinte."
    restes = {pool: (libelle, getattr(bilan, f"reste_{pool}")) for pool, libelle in bm.POOLS}
    blocs: list[af.Bloc] = [
        af.texte(bilan_texte, "resultat"),
        af.valeurs(
            (
                f"Points {libelle} restants",
                f"{af.nombre(reste)} sur {bm.BUDGETS[pool]}" + " (dépassement)" * (reste < 0),
            )
            for pool, (libelle, reste) in restes.items()
        ),
    ]
    if bilan.violations:
        blocs.append(af.liste(bilan.violations))
    blocs.append(
        af.tableau(
            ("Compétence", "Base", "c/p/l", "Valeur"),
            [
                [_nom_de_ligne(c), c.base, f"{c.culture}/{c.profession}/{c.libre}", _valeur_creee(c)]
                for c in bilan.competences
            ],
            legende="Feuille (c/p/l : points de culture/profession/libres)",
        )
    )
    remarques = [
        *bilan.remarques,
        *(f"{nom} : {pour_cent(bm.SEUIL_EXPERT)} ou plus, niveau EXPERT." for nom in experts),
    ]
    if remarques:
        blocs.append(af.liste(remarques))
    note = f"Culture {culture.nom} — compétences standards : {', '.join(culture.competences_standards)} ; "
    note += f"compétences professionnelles (jusqu'à {bm.MAXIMUM_PROFESSIONNELLES}) : "
    blocs.append(af.texte(note + ", ".join(culture.professionnelles) + ".", "note"))
    reponse = {"caracteristiques": entrees.valeurs(), **champs_de(bilan), "valide": bilan.valide}
    return {**reponse, "experts": experts, "affichage": blocs}


# == Tests et jets de caractéristique ===========================================

LIBELLES_DES_RESULTATS: Mapping[Resultat, str] = {
    Resultat.REUSSITE_CRITIQUE: "Réussite critique",
    Resultat.REUSSITE: "Réussite",
    Resultat.ECHEC: "Échec",
    Resultat.ECHEC_CRITIQUE: "Maladresse",
}
_NOMS_DES_CIRCONSTANCES = {c.modificateur: c.circonstance for c in bm.TABLE_DE_CIRCONSTANCES}
_CIRCONSTANCES = tuple(
    (str(m), f"{nom} ({signe(m)})") for m, nom in sorted({0: "Aucune", **_NOMS_DES_CIRCONSTANCES}.items())
)


def circonstance(**options: Any) -> Champ:
    """The circumstance modifier, one of the table's (« +10 » is read as 10)."""
    return Champ("Circonstance", choix=_CIRCONSTANCES, lecteur=_choix_entier, **options)


AFFAIBLI = Champ("Très faible", aide="Après une blessure grave : −30\u202f% à tous les jets.")


@dataclass(frozen=True, slots=True)
class EntreesTest:
    """A skill, a circumstance, weakened or not, and the d100 if it was read on the table."""

    score: Annotated[int, Champ("Compétence (%)", minimum=0, competence=True)] = 50
    circonstance: Annotated[int, circonstance()] = 0
    affaibli: Annotated[bool, AFFAIBLI] = False
    jet: Annotated[int | None, jet_lu()] = None


_MULTIPLICATEURS = tuple(
    (str(m), f"× {m}" + {1: " (très difficile)", 3: " (le plus courant)", 5: " (facile)"}.get(m, ""))
    for m in bm.MULTIPLICATEURS
)


@dataclass(frozen=True, slots=True)
class EntreesCaracteristique:
    """A characteristic, its multiplier, weakened or not, and the d100 if it was read on the table."""

    caracteristique: Annotated[int, Champ("Caractéristique", minimum=0)] = 13
    multiplicateur: Annotated[int, Champ("Multiplicateur", choix=_MULTIPLICATEURS, lecteur=_choix_entier)] = (
        bm.MULTIPLICATEUR_PAR_DEFAUT
    )
    affaibli: Annotated[bool, AFFAIBLI] = False
    jet: Annotated[int | None, jet_lu()] = None


def _blocs_du_d100(
    phrase: str,
    jet: int,
    note: str | None,
    libelles: Mapping[T, str],
    plages: Mapping[T, Sequence[tuple[int, int]]],
    probabilites: Mapping[T, Fraction],
    resultat: T,
) -> list[af.Bloc]:
    """A d100 rolled or read: the sentence, the die, a note, the faces of each result and their odds."""
    ordre = list(libelles)
    return [
        af.texte(phrase, "resultat"),
        af.des([jet], 100),
        *([af.texte(note, "note")] if note else []),
        af.tableau(
            ("Résultat", "Jets du d100"),
            [[libelles[r], _plages_texte(plages.get(r, []))] for r in ordre],
            surligne=ordre.index(resultat),
        ),
        af.barres(
            probabilites,
            legende="Probabilité de chaque résultat",
            etiquette=libelles.__getitem__,
            surligne=resultat,
        ),
    ]


def _circonstance(modificateur: int) -> str:
    """A circumstance added to a chance: `` −20 (Très difficile)``, nothing for none."""
    return f" {signe(modificateur)} ({_NOMS_DES_CIRCONSTANCES[modificateur]})" if modificateur else ""


def _opposition(active: int, passive: int, circonstance: int) -> str:
    """The chance of an opposition as the text computes it: ``60 − 45 + 50 −20 (Très difficile)``."""
    return f"{active} − {passive} + 50{_circonstance(circonstance)}"


def _notes_de_seuils(seuils: bm.Seuils) -> af.Bloc:
    notes = f"01 à 0{bm.REUSSITE_AUTOMATIQUE} : toujours une réussite ; {bm.ECHEC_AUTOMATIQUE} à 00 : "
    notes += "toujours un échec."
    if seuils.critique <= 0:
        notes += " Score nul ou négatif : aucune réussite critique possible."
    if seuils.maladresse is None:
        notes += f" Score de {pour_cent(100 - bm.ECART_DE_MALADRESSE)} ou plus : plus de maladresse, "
        notes += f"{bm.ECHEC_AUTOMATIQUE}–00 reste un simple échec automatique."
    return af.texte(notes, "note")


def _d100(lu: int | None, rng: random.Random) -> int:
    return rng.randint(1, 100) if lu is None else lu


def _reponse_de_test(
    entete: dict[str, Any],
    calcul: str | None,
    score: int,
    circonstance: int,
    affaibli: bool,
    lu: int | None,
    rng: random.Random,
) -> dict[str, Any]:
    """A d100 rolled (or read) under ``score`` (A3), its thresholds, odds and display."""
    jet = _d100(lu, rng)
    resultat = bm.resoudre_test(score, jet, circonstance, affaibli=affaibli)
    seuils = bm.seuils(score, circonstance, affaibli=affaibli)
    plages = bm.plages_du_d100(lambda face: bm.resoudre_test(score, face, circonstance, affaibli=affaibli))
    probabilites = bm.probabilites_de_test(score, circonstance, affaibli=affaibli)
    phrase = (
        f"Jet {_face(jet)} contre {pour_cent(seuils.score)} : {LIBELLES_DES_RESULTATS[resultat].lower()}."
    )
    note = f"{calcul} = {pour_cent(seuils.score)}." if calcul else None
    blocs = _blocs_du_d100(phrase, jet, note, LIBELLES_DES_RESULTATS, plages, probabilites, resultat)
    blocs.append(_notes_de_seuils(seuils))
    if lu is not None:
        blocs.append(note_de_lecture())
    return {
        "systeme": "basic",
        **entete,
        "affaibli": affaibli,
        "score_effectif": seuils.score,
        "jet": jet,
        "des_lus": lu is not None,
        "resultat": resultat,
        "reussi": resultat.reussi,
        "seuil_critique": max(0, seuils.critique),
        "seuil_maladresse": seuils.maladresse,
        "plages": {r: plages.get(r, []) for r in Resultat},
        "probabilites": probabilites,
        "tires": {"jet": jet},
        "affichage": blocs,
    }


def _affaibli(texte: str, affaibli: bool) -> str:
    return texte + (f" {af.nombre(bm.MALUS_AFFAIBLI)} (très faible)" if affaibli else "")


@_outil(
    "test-basic",
    "Test de compétence",
    "Résout un test de compétence à 1d100 : seuils, chances exactes, critique et maladresse.",
    "basic.test",
    "Lancer le test",
)
def jet_de_competence(entrees: EntreesTest, rng: random.Random) -> dict[str, Any]:
    """A d100 test (A3): a skill + circumstance (−30 when weakened); rolled or read."""
    modificateur, affaibli = entrees.circonstance, entrees.affaibli
    calcul = _affaibli(f"Compétence {pour_cent(entrees.score)}{_circonstance(modificateur)}", affaibli)
    entete = {"mode": "competence", "score": entrees.score, "circonstance": modificateur}
    calcul_ou_rien = calcul if modificateur or affaibli else None
    return _reponse_de_test(entete, calcul_ou_rien, entrees.score, modificateur, affaibli, entrees.jet, rng)


@_outil(
    "jet-de-caracteristique-basic",
    "Jet de caractéristique",
    "Résout un jet sous caractéristique × multiplicateur (de 1 à 5), comme un test.",
    "basic.jet_de_caracteristique",
    "Lancer le jet",
)
def jet_de_caracteristique(entrees: EntreesCaracteristique, rng: random.Random) -> dict[str, Any]:
    """A characteristic roll: characteristic × multiplier (1..5), resolved like a test (A4)."""
    score = bm.cible_de_caracteristique(entrees.caracteristique, entrees.multiplicateur)
    caracteristique, multiplicateur = entrees.caracteristique, entrees.multiplicateur
    calcul = _affaibli(f"Caractéristique {caracteristique} × {multiplicateur}", entrees.affaibli)
    entete = dict(
        mode="caracteristique", score=score, caracteristique=caracteristique, multiplicateur=multiplicateur
    )
    return _reponse_de_test(entete, calcul, score, 0, entrees.affaibli, entrees.jet, rng)


# == Blessures ==================================================================

LIBELLES_DES_ETATS: Mapping[bm.EtatDeBlessure, str] = {
    bm.EtatDeBlessure.AUCUNE: "Aucune blessure",
    bm.EtatDeBlessure.BLESSURE_LEGERE: "Blessure légère",
    bm.EtatDeBlessure.BLESSURE_GRAVE: "Blessure grave",
    bm.EtatDeBlessure.AGONIE: "Agonie",
    bm.EtatDeBlessure.MORT: "Mort",
}
TITRES_DES_JETS_DE_CON = {"choc": "Blessure grave", "agonie": "Agonie"}
"""The CON rolls by name; the one read on the table is the input ``jet_<nom>``."""


@dataclass(frozen=True, slots=True)
class EntreesBlessure:
    """A living character's PV and CON, the damage of one hit, and the CON rolls read on the table."""

    pv: Annotated[int, Champ("PV actuels", minimum=1)] = 12
    pv_max: Annotated[int, Champ("PV maximum", minimum=1)] = 12
    con: Annotated[int, carac("CON")] = 13
    degats: Annotated[int, Champ("Dégâts du coup", minimum=0, aide="Après armure.")] = 7
    affaibli: Annotated[bool, Champ("Déjà très faible", aide="−30\u202f% après une blessure grave.")] = False
    jet_choc: Annotated[int | None, jet_lu("Jet de CON × 5 lu (facultatif)", groupe=JETS_DE_CON_LUS)] = None
    jet_agonie: Annotated[int | None, jet_lu("Jet de CON × 3 lu (facultatif)", groupe=JETS_DE_CON_LUS)] = None


def _explication(blessure: bm.Blessure) -> str:
    if blessure.etat is bm.EtatDeBlessure.MORT:
        return "0 PV ou moins : mort instantanée ; la médecine conventionnelle ne peut plus rien."
    morceaux, grave = [], blessure.blessure_grave
    if blessure.degats:
        comparaison = f"{'≥' if grave else '<'} {blessure.pv_avant} PV avant le coup"
        morceaux.append(
            f"dégâts × 2 = {blessure.degats * 2} {comparaison} : {'' if grave else 'pas de '}blessure grave"
        )
    if blessure.agonie:
        morceaux.append(f"{blessure.pv_apres} PV restants (1 à 3) : agonie")
    return (morceaux[0][0].upper() + " ; ".join(morceaux)[1:] + ".") if morceaux else "Aucun dégât."


def _consequence(demande: bm.JetDeCon) -> str:
    unite = demande.unite[:-1] if demande.inconscience == 1 else demande.unite
    texte = f"perd connaissance {demande.inconscience} {unite}"
    if demande.malus_en_cas_d_echec:
        texte += f", puis {pour_cent(demande.malus_en_cas_d_echec)} à tous ses jets jusqu'aux soins"
    return texte


def _jet_de_con(
    demande: bm.JetDeCon, lu: int | None, rng: random.Random, lancer: bool
) -> tuple[dict[str, Any], list[af.Bloc]]:
    probabilites = demande.probabilites()
    reussite = sum((p for r, p in probabilites.items() if r.reussi), Fraction(0))
    issue = demande.resoudre(lu, rng) if lancer or lu is not None else None
    donnees = dict(demande=demande, issue=issue, probabilite_reussite=reussite, des_lus=lu is not None)
    blocs = [
        af.texte(
            f"{TITRES_DES_JETS_DE_CON[demande.nom]} : jet de CON × {demande.multiplicateur} sous "
            f"{pour_cent(demande.cible)} ({demande.frequence}). "
            f"Réussite : reste conscient ; échec : {_consequence(demande)}."
        ),
        af.barres(
            {True: reussite, False: 1 - reussite},
            legende=f"Jet de CON × {demande.multiplicateur}",
            etiquette=lambda conscient: "Reste conscient" if conscient else "Perd connaissance",
            surligne=issue.conscient if issue else None,
        ),
    ]
    if issue:
        suite = "reste conscient" if issue.conscient else _consequence(demande)
        resultat = LIBELLES_DES_RESULTATS[issue.resultat].lower()
        blocs += [
            af.texte(f"Jet {_face(issue.jet)} : {resultat} — {suite}.", "resultat"),
            af.des([issue.jet], 100),
        ]
    return donnees, blocs


def _blessure(entrees: EntreesBlessure, rng: random.Random, lancer: bool) -> dict[str, Any]:
    blessure = bm.subir_degats(
        entrees.pv, entrees.degats, entrees.con, pv_max=entrees.pv_max, affaibli=entrees.affaibli
    )
    blocs: list[af.Bloc] = [
        af.texte(
            f"{blessure.pv_avant} PV − {blessure.degats} = {af.nombre(blessure.pv_apres)} PV : "
            f"{LIBELLES_DES_ETATS[blessure.etat].lower()}"
            f"{' (et blessure grave)' * (blessure.agonie and blessure.blessure_grave)}.",
            "resultat",
        ),
        af.texte(_explication(blessure), "note"),
    ]
    jets = []
    demandes = {demande.nom: demande for demande in blessure.jets}
    for nom, titre in TITRES_DES_JETS_DE_CON.items():
        lu = getattr(entrees, f"jet_{nom}")
        if nom in demandes:
            donnees, blocs_du_jet = _jet_de_con(demandes[nom], lu, rng, lancer)
            jets.append(donnees)
            blocs += blocs_du_jet
        elif lu is not None:
            blocs.append(
                af.texte(f"Le jet lu pour {titre.lower()} est ignoré : ce coup n'en demande pas.", "note")
            )
    if entrees.affaibli and jets:
        blocs.append(
            af.texte(f"Déjà très faible : {pour_cent(bm.MALUS_AFFAIBLI)} à ces jets de CON aussi.", "note")
        )
    return {
        **{cle: getattr(entrees, cle) for cle in ("pv_max", "con", "affaibli")},
        "pv": blessure.pv_avant,
        **champs_de(blessure),
        "mort": blessure.etat is bm.EtatDeBlessure.MORT,
        "jets": jets,
        "tires": {f"jet_{j['demande'].nom}": j["issue"].jet for j in jets if j["issue"]},
        "affichage": blocs,
    }


def blessure_et_jets(entrees: EntreesBlessure, rng: random.Random) -> dict[str, Any]:
    """One hit (A7), and every CON roll it calls for rolled (or read when typed)."""
    return _blessure(entrees, rng, lancer=True)


@_outil(
    "blessures-basic",
    "Blessures : effet d'un coup",
    "Applique un coup : état de blessure, jets de CON demandés et leurs chances.",
    "basic.blessure",
    "Appliquer le coup",
    Action("basic.blessure.lancer", "Appliquer et lancer les jets", blessure_et_jets),
)
def blessure(entrees: EntreesBlessure, rng: random.Random) -> dict[str, Any]:
    """One hit (A7): the state, the CON rolls it calls for with their odds; jets typed by hand resolved."""
    return _blessure(entrees, rng, lancer=False)


# == Soins et vitesse de guérison ===============================================


_SOINS = tuple((s.competence, f"{s.competence} ({s.des})") for s in bm.SOINS)


@dataclass(frozen=True, slots=True)
class EntreesSoin:
    """The healing skill, the PV now and at most, CON (for the healing rate), the die read."""

    competence: Annotated[str, Champ("Compétence de soin", choix=_SOINS)] = bm.SOINS[0].competence
    pv: Annotated[int, Champ("PV actuels", minimum=1)] = 5
    pv_max: Annotated[int, Champ("PV maximum", minimum=1)] = 12
    con: Annotated[int, carac("CON", aide="Constitution, pour la vitesse de guérison.")] = 13
    des: Annotated[
        list[int] | None, Champ("Dé lu sur la table (facultatif)", lu=True, aide="Laissez vide pour lancer.")
    ] = None


@_outil(
    "soins-basic",
    "Soins et vitesse de guérison",
    "Applique Premiers secours (1d3) ou Guérison (1d6) aux PV, et lit la vitesse de guérison.",
    "basic.soin",
    "Soigner",
)
def soin(entrees: EntreesSoin, rng: random.Random) -> dict[str, Any]:
    """Premiers secours 1d3 or Guérison 1d6 applied to the PV (never above their maximum); healing rate."""
    pv, pv_max, competence = entrees.pv, entrees.pv_max, entrees.competence
    lus = entrees.des
    effet = (
        bm.lancer_soin(pv, pv_max, competence, rng)
        if lus is None
        else bm.soigner(pv, pv_max, competence, lus)
    )
    methode = bm.trouver_soin(competence)
    dist = bm.distribution_du_soin(pv, pv_max, competence).sorted()
    vitesse = bm.vitesse_de_guerison(entrees.con)
    bandes = bm.bandes_de_guerison(max(36, entrees.con))
    blocs = [
        af.texte(
            f"{effet.competence} ({methode.des}) → {effet.points} : {effet.pv_avant} → {effet.pv_apres} PV "
            f"(maximum {effet.pv_max}).",
            "resultat",
        ),
        af.des(effet.des, methode.expression.dice[0][1].sides),
        _barres_totaux(dist, "PV après les soins", effet.pv_apres),
        af.valeurs([("PV moyens après les soins", af.nombre(dist.mean))]),
        af.texte(
            f"Après un jet de {effet.competence} réussi ; une fois par blessure, après une période de repos "
            f"{methode.repos}. Les PV ne dépassent jamais leur maximum.",
            "note",
        ),
        af.tableau(
            ("CON", "Vitesse de guérison"),
            [["6 ou moins" if bas == 0 else f"{bas}–{haut}", v] for bas, haut, v in bandes],
            legende=f"Vitesse de guérison : {vitesse} pour CON {entrees.con}",
            surligne=next(i for i, (bas, haut, _) in enumerate(bandes) if bas <= entrees.con <= haut),
        ),
    ]
    if entrees.des is not None:
        blocs.append(note_de_lecture("le dé lu"))
    return {
        **champs_de(effet),
        "expression": methode.des,
        "des_lus": entrees.des is not None,
        "probabilites": dist,
        "con": entrees.con,
        "vitesse_de_guerison": vitesse,
        "tires": {"des": list(effet.des)},
        "affichage": blocs,
    }


# == Attaque ====================================================================

LIBELLES_D_ATTAQUE: Mapping[bm.ResultatDAttaque, str] = {
    bm.ResultatDAttaque.REUSSITE_SPECIALE: "Réussite spéciale",
    bm.ResultatDAttaque.REUSSITE_CRITIQUE: "Réussite critique",
    bm.ResultatDAttaque.REUSSITE: "Touche",
    bm.ResultatDAttaque.ECHEC: "Manqué",
    bm.ResultatDAttaque.ECHEC_CRITIQUE: "Maladresse",
}
NOTE_D_ATTAQUE = (
    "Réussite spéciale : une réussite critique qui accorde en plus un effet spécial. "
    "Critique : dés de dégâts de l'arme lancés deux fois, modificateur ajouté une fois."
)
ARMES = (*bm.ARMES_DE_MELEE, *bm.ARMES_A_DISTANCE)
_ARMES = tuple((a.nom, f"{a.nom} — {a.degats}" + (" (à distance)" if a.a_distance else "")) for a in ARMES)
_MODIFICATEURS = tuple(
    (ligne.modificateur, f"{_expr(ligne.modificateur)} (FOR + TAI {ligne.plage.replace('-', '–')})")
    for ligne in TABLE_DU_MODIFICATEUR
)
A = "Arme et dégâts"
_AIDE = "Dés de l'arme (deux fois plus sur un critique), puis ceux du modificateur."


@dataclass(frozen=True, slots=True)
class EntreesAttaque:
    """ATT against PAR or Esquive, the weapon and the modifier, the armour; the dice read on the table."""

    att: Annotated[int, Champ("ATT (%)", minimum=0, aide="De l'attaquant.", groupe="Attaque")] = 65
    defense: Annotated[
        int, Champ("PAR ou Esquive (%)", minimum=0, aide="Du défenseur.", groupe="Attaque")
    ] = 35
    circonstance: Annotated[int, circonstance(groupe="Attaque")] = 0
    arme: Annotated[str, Champ("Arme", choix=_ARMES, groupe=A)] = "Épée/Rapière"
    degats: Annotated[
        Expression | None, Champ("Autre arme (facultatif)", aide="Ses dégâts, par exemple 1d8+1.", groupe=A)
    ] = None
    modificateur: Annotated[str, Champ("Modificateur de dégâts", choix=_MODIFICATEURS, groupe=A)] = "0"
    for_tai: Annotated[
        int | None, Champ("FOR + TAI (facultatif)", minimum=0, aide="Au lieu du modificateur.", groupe=A)
    ] = None
    pa: Annotated[int, Champ("PA", minimum=0, aide="L'armure du défenseur.", groupe=A)] = 0
    jet: Annotated[int | None, jet_lu("Jet d'attaque lu (facultatif)", groupe=DES_LUS)] = None
    des: Annotated[
        list[int] | None, Champ("Dés de dégâts lus (facultatif)", lu=True, groupe=DES_LUS, aide=_AIDE)
    ] = None


def _description(coup: bm.Coup) -> str:
    arme = f"{coup.arme} ({coup.expression})" if coup.arme else coup.expression
    modificateur = "aucun" if coup.modificateur == "0" else _expr(coup.modificateur)
    if coup.for_tai is not None:
        modificateur += f" (FOR + TAI = {coup.for_tai}{', hors table' if coup.hors_table else ''})"
    return f"Arme : {arme} ; modificateur de dégâts : {modificateur} ; armure du défenseur : {coup.pa} PA."


def _faces(expression: Expression) -> list[int]:
    return [des.sides for _, des in expression.dice for _ in range(des.count)]


def _texte_des_degats(resultat: bm.Degats, modificateur: str) -> str:
    morceaux = [f"{resultat.arme} → {resultat.total_arme}"]
    if modificateur != "0":
        morceaux.append(f"modificateur {_expr(modificateur)} → {af.nombre(resultat.total_modificateur)}")
    total = resultat.total_arme + resultat.total_modificateur
    return (
        f"Dégâts : {', '.join(morceaux)} ; {af.nombre(total)} − {resultat.pa} PA = {resultat.degats} "
        f"PV perdu{'s' if resultat.degats > 1 else ''}"
        + (" (critique : dés de l'arme lancés deux fois)." if resultat.critique else ".")
    )


def _distributions_de_degats(coup: bm.Coup) -> tuple[dict[str, Distribution[int]], list[af.Bloc]]:
    distributions: dict[str, Distribution[int]] = {}
    blocs: list[af.Bloc] = []
    for cle, critique, titre in (("normal", False, "coup normal"), ("critique", True, "critique")):
        expression = bm.expression_des_degats(coup.expression, critique)
        try:
            dist = distributions[cle] = coup.distribution(critique)
        except DiceLimitError as erreur:
            blocs.append(af.texte(erreur.message, "note"))
            continue
        modificateur = "" if coup.modificateur == "0" else f" {_expr(coup.modificateur)}"
        legende = f"Dégâts d'un {titre} ({expression}{modificateur} − {coup.pa} PA)"
        legende += f" : moyenne {af.nombre(dist.mean)}"
        blocs.append(_barres_totaux(dist, legende))
    return distributions, blocs


def _remarques_d_arme(arme: bm.Arme) -> list[str]:
    notes = (
        (arme.deux_mains, "2 mains"),
        (arme.sans_parade, "pas de parade"),
        (bool(arme.remarque), arme.remarque),
    )
    return [texte for oui, texte in notes if oui]


@_outil(
    "attaque-basic",
    "Attaque et dégâts",
    "Résout une attaque : chances de toucher, critique et spéciale, dégâts à travers l'armure.",
    "basic.attaque",
    "Attaquer",
)
def attaque(entrees: EntreesAttaque, rng: random.Random) -> dict[str, Any]:
    """ATT vs PAR or Esquive (A5) → chance, thresholds, the roll; then the damage through armour (A6)."""
    autre = None if entrees.degats is None else str(entrees.degats)
    coup = bm.coup(entrees.arme, entrees.pa, entrees.modificateur, degats=autre, for_tai=entrees.for_tai)
    modificateur = entrees.circonstance
    chance = bm.chance_de_toucher(entrees.att, entrees.defense, modificateur)
    jet = _d100(entrees.jet, rng)
    resultat, probabilites = bm.resoudre_attaque(chance, jet), bm.probabilites_d_attaque(chance)
    plages = bm.plages_du_d100(lambda face: bm.resoudre_attaque(chance, face))
    calcul = _opposition(entrees.att, entrees.defense, modificateur)
    phrase = f"Chances de toucher : {calcul} = {pour_cent(chance)}. "
    phrase += f"Jet {_face(jet)} : {LIBELLES_D_ATTAQUE[resultat].lower()}."
    note = "Jet d'attaque lu sur la table." if entrees.jet is not None else None
    blocs = _blocs_du_d100(phrase, jet, note, LIBELLES_D_ATTAQUE, plages, probabilites, resultat)
    blocs.append(af.texte(NOTE_D_ATTAQUE, "note"))
    if (attaques := bm.nombre_d_attaques(entrees.att)) > 1:
        texte = f"ATT {pour_cent(entrees.att)} (EXPERT) : {attaques} attaques avec cette arme par round."
        blocs.append(af.texte(texte, "note"))
    blocs.append(af.texte(_description(coup)))
    if coup.arme and (remarques := _remarques_d_arme(bm.trouver_arme(coup.arme))):
        blocs.append(af.texte(f"{coup.arme} : {', '.join(remarques)}.", "note"))
    if coup.for_tai is not None:
        blocs += _notes_hors_table(bm.modificateur_pour_somme(coup.for_tai))
    distributions, blocs_de_distribution = _distributions_de_degats(coup)
    blocs += blocs_de_distribution
    degats, tires = None, {"jet": jet}
    if resultat.touche:
        critique = resultat.critique
        degats = coup.lancer(critique, rng) if entrees.des is None else coup.lire(critique, entrees.des)
        faces = _faces(bm.expression_des_degats(coup.expression, critique)) + _faces(parse(coup.modificateur))
        tires["des"] = valeurs = [*degats.des_arme, *degats.des_modificateur]
        blocs.append(af.texte(_texte_des_degats(degats, coup.modificateur), "resultat"))
        if valeurs:
            blocs.append(
                {
                    "type": "des",
                    "des": [{"valeur": v, "faces": f} for v, f in zip(valeurs, faces, strict=True)],
                }
            )
        if entrees.des is not None:
            blocs.append(af.texte("Dégâts calculés avec les dés lus sur la table.", "note"))
    elif entrees.des is not None:
        blocs.append(af.texte("L'attaque n'a pas touché : les dés de dégâts lus sont ignorés.", "note"))
    return {
        "attaque": bm.JetDAttaque(jet, chance, resultat),
        "des_lus": entrees.jet is not None,
        "seuils": bm.seuils_d_attaque(chance),
        "probabilites": probabilites,
        "attaques_par_round": attaques,
        "coup": coup,
        "distributions": distributions,
        "degats": degats,
        "tires": tires,
        "affichage": blocs,
    }


# == Initiative =================================================================

ACTIONS_COURTES: Mapping[bm.Action, str] = {
    bm.Action.TIR_A_DISTANCE: "Tir à distance",
    bm.Action.MELEE: "Corps à corps",
    bm.Action.MAGIE: "Magie",
    bm.Action.ACTION_LONGUE: "Action longue",
}
_ACTIONS = tuple(
    (action.value, f"{rang}. {ACTIONS_COURTES[action]}" + (" (coup mortel, viser…)" if rang == 4 else ""))
    for rang, (action, _) in enumerate(bm.ORDRE_DES_ACTIONS, 1)
)
_ARMURES = (("0", "Aucune armure (0 PA)"), *((str(a.pa), f"{a.type} ({a.pa} PA)") for a in bm.ARMURES))
_AIDE_D6 = "Un d6 par combattant, dans l'ordre de la liste, séparés par des espaces."
ETAT_ILLISIBLE = "Le suivi d'initiative est illisible : cliquez sur « Tout effacer » et recommencez."


SANS_COMBAT = bm.SuiviDInitiative()


def lire_suivi(etat: object, libelle: str) -> bm.SuiviDInitiative | None:
    """The state sent back by the page; a malformed one is None (« Tout effacer » still works)."""
    try:
        return bm.SuiviDInitiative.lire(etat)  # type: ignore[arg-type]
    except (RulesError, LookupError, TypeError, ValueError, AttributeError):
        return None


@dataclass(frozen=True, slots=True)
class EntreesInitiative:
    """The combatant to add (name, DEX, armour, declared action), the d6 read, and the fight followed."""

    nom: Annotated[str, Champ("Nom du combattant")] = ""
    dex: Annotated[int, carac("DEX")] = 12
    armure: Annotated[str, Champ("Armure", choix=_ARMURES)] = "0"
    pa: Annotated[int | None, Champ("PA (facultatif)", minimum=0, aide="Remplace l'armure choisie.")] = None
    action: Annotated[str, Champ("Action déclarée", choix=_ACTIONS)] = bm.Action.MELEE.value
    des: Annotated[list[int] | None, Champ("d6 lus (facultatif)", lu=True, aide=_AIDE_D6)] = None
    etat: Annotated[bm.SuiviDInitiative | None, Champ("Suivi du combat", cache=True, lecteur=lire_suivi)] = (
        SANS_COMBAT
    )
    retirer: Annotated[str, Champ("Combattant à retirer", cache=True)] = ""

    def suivi(self) -> bm.SuiviDInitiative:
        if self.etat is None:
            raise InputError(ETAT_ILLISIBLE)
        return self.etat


NOTE_D_INITIATIVE = (
    "Score = DEX − PA de l'armure + 1d6. L'action déclarée passe avant le score ; à score égal dans la "
    "même action, les combattants agissent en même temps. « En tête » : chance d'agir le premier de son "
    "action, égalités comprises."
)


def _ligne_de_combattant(c: bm.Combattant, score: bm.ScoreDInitiative | None, chance: Fraction) -> list[str]:
    """A combatant's row: action, DEX − PA, its score (or its range before the roll), its chance to lead."""
    bas, haut = (bm.score_d_initiative(c.dex, c.pa, d6) for d6 in (1, 6))
    texte = (
        f"{af.nombre(score.score)} (d6 : {score.d6})" if score else f"de {af.nombre(bas)} à {af.nombre(haut)}"
    )
    return [c.nom, ACTIONS_COURTES[c.action], f"{c.dex} − {c.pa}", texte, af.pourcentage(chance)]


def _reponse_d_initiative(suivi: bm.SuiviDInitiative, message: str, des_lus: bool = False) -> dict[str, Any]:
    """The fight as the page shows it: the order (once rolled), the combatants with their chances."""
    initiative = suivi.initiative()
    groupes = initiative.groupes if initiative else ()
    chances = {c.nom: c for c in bm.chances_d_initiative(suivi.combattants)}
    scores = {s.nom: s for s in initiative.scores} if initiative else {}
    blocs = [af.texte(message, "resultat")]
    if initiative:
        ordre = [
            [
                g.rang,
                " et ".join(", ".join(g.combattants).rsplit(", ", 1))
                + " — en même temps" * (len(g.combattants) > 1),
                ACTIONS_COURTES[g.action],
                af.nombre(g.score),
            ]
            for g in groupes
        ]
        legende = f"Round {suivi.round} : ordre d'action"
        blocs += [
            af.tableau(("Ordre", "Combattants", "Action", "Score"), ordre, legende=legende),
            af.des([s.d6 for s in initiative.scores], 6),
        ]
    if suivi.combattants:
        lignes = [
            _ligne_de_combattant(c, scores.get(c.nom), chances[c.nom].en_tete) for c in suivi.combattants
        ]
        legende = "Combattants, dans l'ordre où se donnent les d6 lus"
        blocs.append(
            af.tableau(("Combattant", "Action", "DEX − PA", "Score", "En tête"), lignes, legende=legende)
        )
    blocs.append(af.texte(NOTE_D_INITIATIVE, "note"))
    if suivi.combattants:
        retirer = [
            af.bouton(f"Retirer {c.nom}", "basic.initiative.retirer", {"retirer": c.nom})
            for c in suivi.combattants
        ]
        blocs.append(af.boutons(retirer, legende="Retirer un combattant"))
    if des_lus:
        blocs.append(af.texte("Ordre calculé avec les d6 lus sur la table.", "note"))
    return {
        "etat": suivi,
        **champs_de(suivi),
        "des_lus": des_lus,
        "scores": initiative.scores if initiative else (),
        "groupes": [{**champs_de(g), "simultane": len(g.combattants) > 1} for g in groupes],
        "chances": chances,
        "affichage": blocs,
    }


def initiative_retirer(entrees: EntreesInitiative, rng: random.Random) -> dict[str, Any]:
    """Remove a combatant; the others keep their d6 and their order."""
    suivi = entrees.suivi().retirer(entrees.retirer)
    return _reponse_d_initiative(suivi, f"{entrees.retirer} quitte le combat.")


def _lancer_initiative(entrees: EntreesInitiative, rng: random.Random, suivant: bool) -> dict[str, Any]:
    suivi = entrees.suivi().lancer(rng, entrees.des, suivant=suivant)
    lus = entrees.des is not None
    message = f"Round {suivi.round} : initiative {'lue' if lus else 'lancée'}."
    return {**_reponse_d_initiative(suivi, message, des_lus=lus), "tires": {"des": list(suivi.des or ())}}


def initiative_lancer(entrees: EntreesInitiative, rng: random.Random) -> dict[str, Any]:
    """Roll (or read) one d6 per combatant and order them (A9); the first roll opens round 1."""
    return _lancer_initiative(entrees, rng, suivant=False)


def initiative_round_suivant(entrees: EntreesInitiative, rng: random.Random) -> dict[str, Any]:
    """Next round: the same combatants, new d6."""
    return _lancer_initiative(entrees, rng, suivant=True)


def initiative_vider(entrees: EntreesInitiative, rng: random.Random) -> dict[str, Any]:
    """Start again with no combatant."""
    return _reponse_d_initiative(
        bm.SuiviDInitiative(), "Suivi effacé : ajoutez les combattants du prochain combat."
    )


@_outil(
    "initiative-basic",
    "Suivi de l'initiative",
    "Suit l'initiative d'un combat : action déclarée, puis DEX − PA + 1d6, round après round.",
    "basic.initiative.ajouter",
    "Ajouter ou modifier",
    Action("basic.initiative.lancer", "Lancer l'initiative", initiative_lancer),
    Action("basic.initiative.round_suivant", "Round suivant", initiative_round_suivant),
    Action("basic.initiative.vider", "Tout effacer", initiative_vider),
    Action("basic.initiative.retirer", "Retirer", initiative_retirer, bouton=False),
    exemple_par="basic.initiative.lancer",
)
def initiative_ajouter(entrees: EntreesInitiative, rng: random.Random) -> dict[str, Any]:
    """Add a combatant (or update the one of that name); the order waits for the next roll."""
    nom = bm.nom_de_combattant(entrees.nom)
    pa = int(entrees.armure) if entrees.pa is None else entrees.pa
    suivi, nouveau = entrees.suivi().ajouter(bm.Combattant(nom, entrees.dex, pa, bm.Action(entrees.action)))
    message = f"{nom} {'rejoint le combat' if nouveau else 'est mis à jour'}."
    message += " Lancez l'initiative quand tout le monde a déclaré son action."
    return _reponse_d_initiative(suivi, message)


# == Actions d'un round =========================================================


@dataclass(frozen=True, slots=True)
class EntreesRound:
    """The weapon's ATT (EXPERT from 80 %), a shield, a dodge, a weapon that cannot parry."""

    att: Annotated[int, Champ("ATT (%)", minimum=0, aide="Dans l'arme utilisée ; EXPERT dès 80\u202f%.")] = 50
    bouclier: Annotated[bool, Champ("Porte un bouclier")] = False
    esquive: Annotated[bool, Champ("Esquive ce round")] = False
    sans_parade: Annotated[bool, Champ("Arme sans parade", aide="Épée à 2 mains, hallebarde…")] = False


@_outil(
    "actions-du-round-basic",
    "Actions d'un round",
    "Compte les actions d'un round : déplacement, attaques (deux si EXPERT), parades, esquive.",
    "basic.actions_du_round",
    "Compter les actions",
)
def actions_du_round(entrees: EntreesRound, rng: random.Random) -> dict[str, Any]:
    """What a combatant may do this round: one move, attacks (none when dodging), parries."""
    actions = bm.actions_du_round(
        entrees.att, bouclier=entrees.bouclier, esquive=entrees.esquive, arme_sans_parade=entrees.sans_parade
    )
    expert = bm.est_expert(entrees.att)
    notes = {
        "Un déplacement et une action d'attaque ; d'autres actions sont gratuites, comme parler.": True,
        f"ATT {pour_cent(entrees.att)} : EXPERT, deux attaques avec cette arme.": expert,
        "Un personnage qui esquive ne peut pas attaquer.": entrees.esquive,
        "Le bouclier accorde une parade de plus.": entrees.bouclier,
        "Cette arme ne pare pas : pas de parade gratuite avec elle.": entrees.sans_parade,
    }
    attaques, parades = (
        f"{n} {nom}{'s' * (n > 1)}" for n, nom in ((actions.attaques, "attaque"), (actions.parades, "parade"))
    )
    texte = af.texte(f"Ce round : {actions.deplacements} déplacement, {attaques}, {parades}.", "resultat")
    notes_du_round = af.liste(note for note, oui in notes.items() if oui)
    return {**champs_de(actions), "expert": expert, "affichage": [texte, notes_du_round]}


# == Compétence contre compétence ===============================================


@dataclass(frozen=True, slots=True)
class EntreesOpposition:
    """The active skill (Discrétion …), the passive one (Perception …), a circumstance, the d100 read."""

    active: Annotated[int, Champ("Compétence active (%)", minimum=0, aide="Par exemple Discrétion.")] = 60
    passive: Annotated[int, Champ("Compétence passive (%)", minimum=0, aide="Par exemple Perception.")] = 45
    circonstance: Annotated[int, circonstance()] = 0
    jet: Annotated[int | None, jet_lu()] = None


@_outil(
    "opposition-basic",
    "Compétence contre compétence",
    "Oppose deux compétences hors combat : chances = active − passive + 50, puis un test.",
    "basic.opposition",
    "Lancer l'opposition",
)
def opposition(entrees: EntreesOpposition, rng: random.Random) -> dict[str, Any]:
    """Skill against skill: chance = active − passive + 50, then a test (A3) under that chance."""
    modificateur = entrees.circonstance
    chance = bm.chance_d_opposition(entrees.active, entrees.passive, modificateur)
    calcul = _opposition(entrees.active, entrees.passive, modificateur)
    entete = {
        "active": entrees.active,
        "passive": entrees.passive,
        "circonstance": modificateur,
        "chance": chance,
    }
    return _reponse_de_test(entete, f"Chances de l'opposition : {calcul}", chance, 0, False, entrees.jet, rng)


# == Langue =====================================================================


@dataclass(frozen=True, slots=True)
class EntreesLangue:
    """The value of the skill Langue for one language."""

    langue: Annotated[int, Champ("Langue (%)", minimum=0, aide="La compétence dans cette langue.")] = 40


def _plage_de_langue(niveau: bm.NiveauDeLangue) -> str:
    plage = f"{niveau.minimum}–{niveau.maximum}" if niveau.maximum else str(niveau.minimum)
    return f"{plage}{af.ESPACE_FINE}%" + ("" if niveau.maximum else " et plus")


@_outil(
    "langue-basic",
    "Niveau dans une langue",
    "Lit ce que permet la compétence Langue : mots, phrases, conversations ou éloquence.",
    "basic.langue",
    "Lire le niveau",
)
def langue(entrees: EntreesLangue, rng: random.Random) -> dict[str, Any]:
    """The skill Langue → what the character can say: the band of the text."""
    niveau = bm.niveau_de_langue(entrees.langue)
    texte = niveau.niveau if niveau else "aucune bande du texte (elles commencent à 1\u202f%)"
    return {
        "langue": entrees.langue,
        "niveau": niveau,
        "affichage": [
            af.texte(f"Langue {pour_cent(entrees.langue)} : {texte}.", "resultat"),
            af.tableau(
                ("Langue", "Le personnage peut…"),
                [[_plage_de_langue(n), n.niveau] for n in bm.NIVEAUX_DE_LANGUE],
                surligne=bm.NIVEAUX_DE_LANGUE.index(niveau) if niveau else None,
            ),
        ],
    }

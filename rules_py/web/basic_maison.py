"""Widgets and operations of Basic maison: the facade of :mod:`rules_py.basic_maison` for the pages.

One section per widget, in the order of the rules pages: damage modifier and
derived attributes, character creation, d100 tests and characteristic rolls,
wounds, healing, attack, initiative. Every rule comes from the engine; this
module reads the form fields (naming the field in every error), calls the
engine, and turns its answers into JSON and display blocks in French.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, TypeVar

from rules_py import basic_maison as bm
from rules_py.d100 import Resultat
from rules_py.dice import Distribution, Expression, distribution, parse
from rules_py.errors import DiceLimitError, InputError, RulesError
from rules_py.validation import choix, entier
from rules_py.web import affichage as af
from rules_py.web.commun import (
    barres_distribution,
    case,
    champ_entier,
    en_fractions,
    jet_lu,
    lire_des_lus,
    note_de_lecture,
    pour_cent,
    rejouer,
    signe,
    vide,
)
from rules_py.web.declaration import Champ as ChampDeclare
from rules_py.web.outil import Action as ActionDeclaree
from rules_py.web.outil import Outil, outil
from rules_py.web.registre import Action, Champ, Widget, operation, widget

__all__ = ["lire_repartitions"]

T = TypeVar("T", bound=Hashable)

MOINS = "\u2212"
DES_LUS = "Dés lus sur la table"
JETS_DE_CON_LUS = "Jets de CON lus sur la table"

# == Reading the form ===========================================================


@contextmanager
def _champs(correspondance: Mapping[str, str]) -> Iterator[None]:
    """Errors the engine raises naming its own argument are shown next to the form's field."""
    try:
        yield
    except RulesError as erreur:
        erreur.champ = correspondance.get(erreur.champ or "", erreur.champ)
        raise


CHAMPS_DES_CARACTERISTIQUES: Mapping[str, str] = {abr: abr.lower() for abr in bm.ABREVIATIONS}
"""Engine abbreviation → form field (``FOR`` → ``for``)."""


def _caracteristiques(
    args: Mapping[str, Any], abreviations: Sequence[str] = bm.ABREVIATIONS
) -> dict[str, int]:
    """The characteristics typed in the fields ``for``, ``con`` …, keyed by abbreviation."""
    return {abr: champ_entier(args, abr.lower(), abr, minimum=0) for abr in abreviations}


# == Writing French =============================================================


def _expr(texte: str) -> str:
    """A dice expression as printed on the pages (true minus).

    >>> _expr("-1d8"), _expr("2d6+2")
    ('\\u22121d8', '2d6+2')
    """
    return texte.replace("-", MOINS)


def _face(jet: int) -> str:
    """A d100 face as read on the dice: ``07``, ``00`` for 100."""
    return "00" if jet == 100 else f"{jet:02d}"


def _et(noms: Sequence[str]) -> str:
    """``A``, ``A et B``, ``A, B et C``."""
    return noms[0] if len(noms) == 1 else f"{', '.join(noms[:-1])} et {noms[-1]}"


def _plages(resoudre: Callable[[int], T]) -> dict[T, list[tuple[int, int]]]:
    """The d100 faces giving each result, as runs of consecutive faces (the resolver over 1..100)."""
    plages: dict[T, list[tuple[int, int]]] = {}
    for jet in range(1, 101):
        suites = plages.setdefault(resoudre(jet), [])
        if suites and suites[-1][1] == jet - 1:
            suites[-1] = (suites[-1][0], jet)
        else:
            suites.append((jet, jet))
    return plages


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


def _ligne_du_modificateur(modificateur: bm.ModificateurDeDegats) -> int:
    """The row of the table the engine read (one past the table when hors table)."""
    if modificateur.hors_table:
        return len(TABLE_DU_MODIFICATEUR)
    return next(
        i for i, ligne in enumerate(TABLE_DU_MODIFICATEUR) if ligne.modificateur == modificateur.modificateur
    )


def _tableau_du_modificateur(surligne: int | None, hors_table: bool = False) -> af.Bloc:
    """The page's table; the reader's row highlighted, and a « hors table » row beyond 45."""
    lignes = [[ligne.plage.replace("-", "–"), _expr(ligne.modificateur)] for ligne in TABLE_DU_MODIFICATEUR]
    if hors_table:
        derniere = TABLE_DU_MODIFICATEUR[-1]
        lignes.append(
            [f"{derniere.maximum + 1} ou plus", f"hors table ({_expr(derniere.modificateur)} appliqué)"]
        )
    return af.tableau(("FOR + TAI", "Modificateur de dégâts"), lignes, surligne=surligne)


def _note_hors_table(modificateur: bm.ModificateurDeDegats) -> af.Bloc:
    derniere = TABLE_DU_MODIFICATEUR[-1]
    return af.texte(
        f"FOR + TAI = {modificateur.somme} : hors table. La table s'arrête à {derniere.maximum} ; le site "
        f"applique {_expr(derniere.modificateur)}, mais demandez au MJ.",
        "note",
    )


def _blocs_du_modificateur(for_: int, tai: int, modificateur: bm.ModificateurDeDegats) -> list[af.Bloc]:
    valeur = "hors table" if modificateur.hors_table else _expr(modificateur.modificateur)
    blocs = [
        af.texte(
            f"FOR {for_} + TAI {tai} = {modificateur.somme} : modificateur de dégâts {valeur}.", "resultat"
        )
    ]
    if modificateur.hors_table:
        blocs.append(_note_hors_table(modificateur))
    blocs.append(_tableau_du_modificateur(_ligne_du_modificateur(modificateur), modificateur.hors_table))
    if modificateur.expression.dice:
        blocs.append(
            _barres_totaux(
                distribution(modificateur.expression),
                f"Valeurs possibles du modificateur {_expr(modificateur.modificateur)}",
            )
        )
    return blocs


@dataclass(frozen=True, slots=True)
class EntreesModificateur:
    """FOR and TAI, the two characteristics the damage modifier adds."""

    force: Annotated[int, ChampDeclare("FOR", cle="for", minimum=0, aide="Force")] = 12
    taille: Annotated[int, ChampDeclare("TAI", cle="tai", minimum=0, aide="Taille")] = 13


def modificateur(entrees: EntreesModificateur, rng: random.Random) -> dict[str, Any]:
    """FOR and TAI → the sum, the table's modifier, « hors table » beyond 45 (A1)."""
    resultat = bm.modificateur_de_degats(entrees.force, entrees.taille)
    return {
        "for": entrees.force,
        "tai": entrees.taille,
        "somme": resultat.somme,
        "modificateur": resultat.modificateur,
        "hors_table": resultat.hors_table,
        "affichage": _blocs_du_modificateur(entrees.force, entrees.taille, resultat),
    }


def _statique_modificateur(entrees: EntreesModificateur) -> list[af.Bloc]:
    resultat = bm.modificateur_de_degats(entrees.force, entrees.taille)
    return [_tableau_du_modificateur(_ligne_du_modificateur(resultat), resultat.hors_table)]


outil(
    Outil(
        nom="modificateur-degats",
        systeme="Basic maison",
        titre="Modificateur de dégâts",
        resume="Lit la table du modificateur de dégâts pour FOR + TAI, hors table au-delà de 45.",
        entrees=EntreesModificateur,
        actions=(ActionDeclaree("basic.modificateur", "Lire la table", modificateur),),
        statique=_statique_modificateur,
    )
)


# == Attributs dérivés et valeurs de base =======================================

CARACTERISTIQUES_PAR_DEFAUT: Mapping[str, int] = {
    "FOR": 12,
    "CON": 13,
    "TAI": 11,
    "DEX": 14,
    "INT": 15,
    "POU": 10,
    "CHA": 9,
}


def _champs_des_caracteristiques(groupe: str = "") -> tuple[Champ, ...]:
    return tuple(
        Champ(
            c.abreviation.lower(),
            f"{c.abreviation} ({c.nom})",
            defaut=CARACTERISTIQUES_PAR_DEFAUT[c.abreviation],
            groupe=groupe,
        )
        for c in bm.CARACTERISTIQUES
    )


def _formule(formule_texte: str) -> str:
    """A base formula as the pages print it (``DEX × 2``)."""
    return formule_texte.replace(" x ", " × ")


def _competences_et_variantes() -> Iterator[tuple[str, bm.Competence, str | None, str]]:
    """(name shown, skill, variant, formula) for every skill with a formula, Magie once per variant."""
    for competence in bm.COMPETENCES:
        if not competence.definie:
            continue
        if competence.variantes:
            for variante in competence.variantes:
                yield (
                    f"{competence.nom} ({variante.libelle})",
                    competence,
                    variante.cle,
                    _formule(variante.formule_texte),
                )
        else:
            yield competence.nom, competence, None, _formule(competence.formule_texte)


_TYPES = {bm.TypeDeCompetence.STANDARD: "standard", bm.TypeDeCompetence.PROFESSIONNELLE: "professionnelle"}


@operation("basic.attributs")
def attributs(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The seven characteristics → PV, PM, damage modifier, healing rate, the base of every skill."""
    caracteristiques = _caracteristiques(args)
    with _champs(CHAMPS_DES_CARACTERISTIQUES):
        derives = bm.attributs(caracteristiques)
        bases = {
            nom: bm.base_de_competence(competence.nom, caracteristiques, variante)
            for nom, competence, variante, _ in _competences_et_variantes()
        }
    mod = derives.modificateur_de_degats
    experts = [nom for nom, base in bases.items() if bm.est_expert(base)]
    c = caracteristiques
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
                    [nom, pour_cent(bases[nom]) + (" — EXPERT" if nom in experts else ""), formule]
                    for nom, competence, _, formule in _competences_et_variantes()
                    if competence.categorie is categorie
                ],
                legende=titre,
            )
        )
    blocs.append(af.texte(f"{bm.ORIENTATION.nom} (Primitif) : {bm.ORIENTATION.note}", "note"))
    if mod.hors_table:
        blocs.append(_note_hors_table(mod))
    return {
        "caracteristiques": caracteristiques,
        "points_de_vie": derives.points_de_vie,
        "points_de_magie": derives.points_de_magie,
        "modificateur_de_degats": {
            "somme": mod.somme,
            "modificateur": mod.modificateur,
            "hors_table": mod.hors_table,
        },
        "vitesse_de_guerison": derives.vitesse_de_guerison,
        "bases": bases,
        "experts": experts,
        "rejouer": {abr.lower(): str(valeur) for abr, valeur in caracteristiques.items()},
        "affichage": blocs,
    }


def _statique_attributs(options: Mapping[str, Any]) -> list[af.Bloc]:
    lignes = [
        ["Points de vie (PV)", "(CON + TAI) / 2, arrondi au supérieur"],
        ["Points de magie (PM)", "POU"],
        ["Modificateur de dégâts", "FOR + TAI, lu dans la table ci-dessus"],
        ["Vitesse de guérison", "CON / 6, arrondi au supérieur, au moins 1"],
    ]
    lignes += [[nom, formule] for nom, _, _, formule in _competences_et_variantes()]
    return [
        af.tableau(
            ("Attribut ou compétence", "Formule"),
            lignes,
            legende="Formules des attributs et des valeurs de base",
        )
    ]


widget(
    Widget(
        nom="attributs-basic",
        titre="Attributs dérivés et valeurs de base",
        champs=_champs_des_caracteristiques(),
        actions=(Action("basic.attributs", "Calculer"),),
        statique=_statique_attributs,
    )
)


# == Création ===================================================================

MAX_LIGNES = 60
EXEMPLE_DE_CREATION = "\n".join(
    (
        "Athlétisme : 30/0/9",
        "Perception : 20/0/20",
        "Premiers secours : 10/0/0",
        "Pistage : 20/15/0",
        "Survie : 20/0/10",
        "Bagarre : 0/30/9",
        "Esquive : 0/30/7",
        "Discrétion : 0/25/10",
    )
)
FORMAT_DE_LIGNE = "« compétence : culture/profession/libres », par exemple « Athlétisme : 30/0/9 »"
_POOLS = (("culture", "de culture"), ("profession", "de profession"), ("libre", "libres"))


def _erreur_de_ligne(numero: int, ligne: str, message: str) -> InputError:
    return InputError(f"Ligne {numero} (« {ligne[:40]} ») : {message}", champ="competences")


def _points_de_ligne(morceaux: Sequence[str], numero: int, ligne: str) -> list[int]:
    if len(morceaux) > 3:
        raise _erreur_de_ligne(numero, ligne, "trois nombres au plus : culture/profession/libres.")
    points = []
    for morceau in morceaux:
        try:
            points.append(0 if vide(morceau) else entier(morceau, "points", minimum=0))
        except InputError:
            raise _erreur_de_ligne(
                numero,
                ligne,
                f"« {morceau.strip()[:10]} » n'est pas un nombre de points (entier, 0 ou plus).",
            ) from None
    return points + [0] * (3 - len(points))


def _nom_et_precisions(texte: str, numero: int, ligne: str) -> tuple[str, list[str]]:
    """``Magie (Mages, Lumière)`` → ``("Magie", ["Mages", "Lumière"])``."""
    nom, parenthese, reste = texte.partition("(")
    if not parenthese:
        return nom.strip(), []
    if not reste.rstrip().endswith(")"):
        raise _erreur_de_ligne(numero, ligne, "une parenthèse n'est pas fermée.")
    return nom.strip(), [p.strip() for p in reste.rstrip()[:-1].split(",") if p.strip()]


def _repartition(ligne: str, numero: int) -> bm.Repartition:
    """One line ``compétence (précisions) : culture/profession/libres`` → the engine's row."""
    texte, deux_points, points = ligne.rpartition(":")
    if not deux_points or not texte.strip():
        raise _erreur_de_ligne(numero, ligne, f"écrivez {FORMAT_DE_LIGNE}.")
    culture, profession, libre = _points_de_ligne(points.split("/"), numero, ligne)
    nom, precisions = _nom_et_precisions(texte, numero, ligne)
    try:
        competence = bm.trouver_competence(nom or "?")
    except InputError as erreur:
        raise _erreur_de_ligne(numero, ligne, erreur.message) from None
    variante = None
    if competence.variantes:
        for precision in precisions:
            try:
                bm.formule_de_competence(competence, precision)
            except InputError:
                continue
            variante = precision
            precisions.remove(precision)
            break
        else:
            libelles = " ou ".join(v.libelle for v in competence.variantes)
            raise _erreur_de_ligne(
                numero,
                ligne,
                f"précisez {libelles} entre parenthèses, par exemple "
                f"« {competence.nom} (Mages, Lumière) : 0/30/0 ».",
            )
    return bm.Repartition(competence.nom, culture, profession, libre, ", ".join(precisions), variante)


def lire_repartitions(texte: object) -> list[bm.Repartition]:
    """The points typed one skill per line (or separated by « ; »), each ``compétence : c/p/l``.

    >>> lues = lire_repartitions("Athlétisme : 30/0/9 ; esquive : 0/5")
    >>> [(r.competence, r.culture, r.profession, r.libre) for r in lues]
    [('Athlétisme', 30, 0, 9), ('Esquive', 0, 5, 0)]
    >>> r = lire_repartitions("Magie (Mages, Lumière) : 0/30/0")[0]
    >>> r.variante, r.specialite
    ('Mages', 'Lumière')
    """
    if not isinstance(texte, str):
        raise InputError(f"Écrivez une compétence par ligne : {FORMAT_DE_LIGNE}.", champ="competences")
    lignes = [ligne.strip() for ligne in texte.replace("\n", ";").split(";") if ligne.strip()]
    if len(lignes) > MAX_LIGNES:
        raise InputError(f"Trop de lignes (au plus {MAX_LIGNES}).", champ="competences")
    return [_repartition(ligne, numero) for numero, ligne in enumerate(lignes, start=1)]


_CULTURES = tuple((c.nom, c.nom) for c in bm.CULTURES)


def _nom_de_ligne(competence: bm.CompetenceCreee) -> str:
    return f"{competence.nom} ({competence.specialite})" if competence.specialite else competence.nom


def _valeur_creee(competence: bm.CompetenceCreee) -> str:
    texte = pour_cent(competence.valeur)
    if competence.valeur > bm.MAXIMUM_A_LA_CREATION and competence.points:
        texte += f" (> {bm.MAXIMUM_A_LA_CREATION})"
    if competence.expert:
        texte += " EXPERT"
    return texte


def _feuille(bilan: bm.BilanDeCreation) -> af.Bloc:
    return af.tableau(
        ("Compétence", "Base", "c/p/l", "Valeur"),
        [
            [_nom_de_ligne(c), c.base, f"{c.culture}/{c.profession}/{c.libre}", _valeur_creee(c)]
            for c in bilan.competences
        ],
        legende="Feuille (c/p/l : points de culture/profession/libres)",
    )


def _restes(bilan: bm.BilanDeCreation) -> dict[str, int]:
    return {"culture": bilan.reste_culture, "profession": bilan.reste_profession, "libre": bilan.reste_libre}


BUDGETS: Mapping[str, int] = {
    "culture": bm.POINTS_DE_CULTURE,
    "profession": bm.POINTS_DE_PROFESSION,
    "libre": bm.POINTS_LIBRES,
}


def _valeurs_des_restes(restes: Mapping[str, int]) -> af.Bloc:
    paires = []
    for pool, libelle in _POOLS:
        reste = restes[pool]
        texte = f"{af.nombre(reste)} sur {BUDGETS[pool]}" + (" (dépassement)" if reste < 0 else "")
        paires.append((f"Points {libelle} restants", texte))
    return af.valeurs(paires)


def _rappel_de_culture(culture: bm.Culture) -> af.Bloc:
    return af.texte(
        f"Culture {culture.nom} — compétences standards : {', '.join(culture.competences_standards)} ; "
        f"compétences professionnelles (jusqu'à {bm.MAXIMUM_PROFESSIONNELLES}) : "
        f"{', '.join(culture.professionnelles)}.",
        "note",
    )


@operation("basic.creation")
def creation(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Culture, characteristics and the points per skill → the sheet, what is left, every violation (A10)."""
    culture = bm.trouver_culture(choix(args.get("culture"), "culture", [nom for nom, _ in _CULTURES]))
    caracteristiques = _caracteristiques(args)
    repartitions = lire_repartitions(args.get("competences", ""))
    try:
        bilan = bm.verifier_creation(caracteristiques, culture.nom, repartitions)
    except InputError as erreur:
        # The characteristics and the culture are checked above: what is left is in the skills' lines.
        erreur.champ = "competences"
        raise
    experts = [_nom_de_ligne(c) for c in bilan.competences if c.expert]
    if bilan.valide:
        bilan_texte = "Création valide : aucune règle de création n'est enfreinte."
    else:
        nombre = len(bilan.violations)
        pluriel = "s" if nombre > 1 else ""
        bilan_texte = f"Création à revoir : {nombre} règle{pluriel} enfreinte{pluriel}."
    blocs: list[af.Bloc] = [af.texte(bilan_texte, "resultat"), _valeurs_des_restes(_restes(bilan))]
    if bilan.violations:
        blocs.append(af.liste(bilan.violations))
    blocs.append(_feuille(bilan))
    remarques = list(bilan.remarques)
    remarques += [f"{nom} : {pour_cent(bm.SEUIL_EXPERT)} ou plus, niveau EXPERT." for nom in experts]
    if remarques:
        blocs.append(af.liste(remarques))
    blocs.append(_rappel_de_culture(culture))
    return {
        "culture": bilan.culture,
        "caracteristiques": caracteristiques,
        "competences": [
            {
                "nom": c.nom,
                "specialite": c.specialite,
                "type": _TYPES[c.categorie],
                "base": c.base,
                "culture": c.culture,
                "profession": c.profession,
                "libre": c.libre,
                "valeur": c.valeur,
                "expert": c.expert,
            }
            for c in bilan.competences
        ],
        "reste": _restes(bilan),
        "valide": bilan.valide,
        "violations": list(bilan.violations),
        "remarques": list(bilan.remarques),
        "experts": experts,
        "rejouer": {
            "culture": culture.nom,
            **{abr.lower(): str(valeur) for abr, valeur in caracteristiques.items()},
            "competences": args.get("competences", ""),
        },
        "affichage": blocs,
    }


def _statique_creation(options: Mapping[str, Any]) -> list[af.Bloc]:
    bilan = bm.verifier_creation(
        CARACTERISTIQUES_PAR_DEFAUT, "Barbare", lire_repartitions(EXEMPLE_DE_CREATION)
    )
    c = CARACTERISTIQUES_PAR_DEFAUT
    return [
        af.liste(
            [
                f"Budgets : {bm.POINTS_DE_CULTURE} points de culture, "
                f"{bm.POINTS_DE_PROFESSION} de profession, "
                f"{bm.POINTS_LIBRES} libres.",
                "Valeur = base + points ; aucune compétence au-delà de "
                f"{pour_cent(bm.MAXIMUM_A_LA_CREATION)} à la création.",
                "Points de culture : seulement sur les compétences de la culture.",
                f"Au plus {bm.MAXIMUM_PROFESSIONNELLES} compétences professionnelles par la culture, "
                f"et {bm.MAXIMUM_PROFESSIONNELLES} par la profession.",
                "Points libres sur une compétence professionnelle : seulement si la culture ou la "
                "profession l'a donnée.",
            ]
        ),
        af.texte(
            "Exemple : un Barbare (" + ", ".join(f"{abr} {valeur}" for abr, valeur in c.items()) + ").",
            "note",
        ),
        _valeurs_des_restes(_restes(bilan)),
        _feuille(bilan),
    ]


widget(
    Widget(
        nom="creation-basic",
        titre="Création de personnage",
        champs=(
            Champ("culture", "Culture", genre="choix", defaut="Barbare", choix=_CULTURES),
            *_champs_des_caracteristiques("Caractéristiques"),
            Champ(
                "competences",
                "Points par compétence",
                genre="zone",
                defaut=EXEMPLE_DE_CREATION,
                aide=(
                    "Une compétence par ligne, sous la forme « compétence : culture/profession/libres ». "
                    "Spécialité entre parenthèses, par exemple « Art (Peinture) : 10/0/5 » ; Magie avec "
                    "Prêtres ou Mages, par exemple « Magie (Mages, Lumière) : 0/30/0 ». Les compétences "
                    "standards absentes restent à leur base."
                ),
            ),
        ),
        actions=(Action("basic.creation", "Vérifier la création"),),
        statique=_statique_creation,
    )
)


# == Tests et jets de caractéristique ===========================================

LIBELLES_DES_RESULTATS: Mapping[Resultat, str] = {
    Resultat.REUSSITE_CRITIQUE: "Réussite critique",
    Resultat.REUSSITE: "Réussite",
    Resultat.ECHEC: "Échec",
    Resultat.ECHEC_CRITIQUE: "Maladresse",
}
SCORES_COURANTS = (25, 40, 50, 67, 80, 100)
MODES = ("competence", "caracteristique")
_CIRCONSTANCES: tuple[tuple[str, str], ...] = tuple(
    sorted(
        [("0", "Aucune (0)")]
        + [
            (str(c.modificateur), f"{c.circonstance} ({signe(c.modificateur)})")
            for c in bm.TABLE_DE_CIRCONSTANCES
        ],
        key=lambda paire: int(paire[0]),
    )
)
_NOMS_DES_CIRCONSTANCES = {c.modificateur: c.circonstance for c in bm.TABLE_DE_CIRCONSTANCES}


def _circonstance(args: Mapping[str, Any]) -> int:
    """The circumstance modifier chosen (the engine checks it is one of the table's)."""
    valeur = args.get("circonstance")
    return 0 if vide(valeur) else champ_entier(args, "circonstance")


@dataclass(frozen=True, slots=True)
class _Test:
    """A d100 roll asked by the reader: a skill with a circumstance, or a characteristic × multiplier."""

    mode: str
    score: int
    circonstance: int
    affaibli: bool
    caracteristique: int | None = None
    multiplicateur: int | None = None

    @classmethod
    def lire(cls, args: Mapping[str, Any], mode: str) -> _Test:
        affaibli = case(args, "affaibli")
        if mode == "competence":
            score = champ_entier(args, "score", "valeur de la compétence", minimum=0)
            circonstance = _circonstance(args)
            bm.seuils(score, circonstance, affaibli=affaibli)
            return cls(mode, score, circonstance, affaibli)
        valeur = champ_entier(args, "caracteristique", "caractéristique", minimum=0)
        multiplicateur = champ_entier(args, "multiplicateur", "multiplicateur", minimum=1, maximum=5)
        return cls(
            mode, bm.cible_de_caracteristique(valeur, multiplicateur), 0, affaibli, valeur, multiplicateur
        )

    def seuils(self) -> bm.Seuils:
        return bm.seuils(self.score, self.circonstance, affaibli=self.affaibli)

    def resoudre(self, jet: int) -> Resultat:
        if self.mode == "competence":
            return bm.resoudre_test(self.score, jet, self.circonstance, affaibli=self.affaibli)
        return bm.resoudre_jet_de_caracteristique(
            self.caracteristique, jet, self.multiplicateur, affaibli=self.affaibli
        )

    def probabilites(self) -> dict[Resultat, Fraction]:
        if self.mode == "competence":
            return bm.probabilites_de_test(self.score, self.circonstance, affaibli=self.affaibli)
        return bm.probabilites_de_caracteristique(
            self.caracteristique, self.multiplicateur, affaibli=self.affaibli
        )

    def lancer(self, rng: random.Random) -> bm.JetDeTest:
        if self.mode == "competence":
            return bm.lancer_test(self.score, rng, self.circonstance, affaibli=self.affaibli)
        return bm.lancer_jet_de_caracteristique(
            self.caracteristique, rng, self.multiplicateur, affaibli=self.affaibli
        )

    def calcul(self, effectif: int) -> str | None:
        """How the score rolled under is made, in French (``None`` for a bare skill)."""
        if self.mode == "competence" and not (self.circonstance or self.affaibli):
            return None
        if self.mode == "competence":
            texte = f"Compétence {pour_cent(self.score)}"
            if self.circonstance:
                texte += f" {signe(self.circonstance)} ({_NOMS_DES_CIRCONSTANCES[self.circonstance]})"
        else:
            texte = f"Caractéristique {self.caracteristique} × {self.multiplicateur}"
        if self.affaibli:
            texte += f" {af.nombre(bm.MALUS_AFFAIBLI)} (très faible)"
        return f"{texte} = {pour_cent(effectif)}"

    def args(self, jet: int) -> dict[str, Any]:
        """The form's fields that replay this test with ``jet``."""
        if self.mode == "competence":
            champs: dict[str, Any] = {"score": str(self.score), "circonstance": str(self.circonstance)}
        else:
            champs = {
                "caracteristique": str(self.caracteristique),
                "multiplicateur": str(self.multiplicateur),
            }
        return {**champs, "affaibli": self.affaibli, "jet": str(jet)}


def _tableau_des_plages(
    plages: Mapping[Resultat, Sequence[tuple[int, int]]], surligne: Resultat | None
) -> af.Bloc:
    ordre = list(LIBELLES_DES_RESULTATS)
    return af.tableau(
        ("Résultat", "Jets du d100"),
        [[LIBELLES_DES_RESULTATS[r], _plages_texte(plages.get(r, []))] for r in ordre],
        surligne=ordre.index(surligne) if surligne is not None else None,
    )


def _notes_de_seuils(seuils: bm.Seuils) -> list[af.Bloc]:
    notes = [
        f"01 à 0{bm.REUSSITE_AUTOMATIQUE} : toujours une réussite ; "
        f"{bm.ECHEC_AUTOMATIQUE} à 00 : toujours un échec."
    ]
    if seuils.critique <= 0:
        notes.append("Score nul ou négatif : aucune réussite critique possible.")
    if seuils.maladresse is None:
        notes.append(
            f"Score de {pour_cent(100 - bm.ECART_DE_MALADRESSE)} ou plus : plus de maladresse, "
            f"{bm.ECHEC_AUTOMATIQUE}–00 reste un simple échec automatique."
        )
    return [af.texte(" ".join(notes), "note")]


def _reponse_de_test(test: _Test, args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    lu = jet_lu(args)
    if lu is None:
        tire = test.lancer(rng)
        jet, resultat = tire.jet, tire.resultat
    else:
        jet, resultat = lu, test.resoudre(lu)
    seuils = test.seuils()
    probabilites = test.probabilites()
    plages = _plages(test.resoudre)
    blocs = [
        af.texte(
            f"Jet {_face(jet)} contre {pour_cent(seuils.score)} : "
            f"{LIBELLES_DES_RESULTATS[resultat].lower()}.",
            "resultat",
        ),
        af.des([jet], 100),
        *([af.texte(calcul + ".", "note")] if (calcul := test.calcul(seuils.score)) else []),
        _tableau_des_plages(plages, resultat),
        af.barres(
            probabilites,
            legende="Probabilité de chaque résultat",
            etiquette=LIBELLES_DES_RESULTATS.__getitem__,
            surligne=resultat,
        ),
        *_notes_de_seuils(seuils),
    ]
    if lu is not None:
        blocs.append(note_de_lecture())
    reponse: dict[str, Any] = {"systeme": "basic", "mode": test.mode, "score": test.score}
    if test.mode == "competence":
        reponse["circonstance"] = test.circonstance
    else:
        reponse.update(caracteristique=test.caracteristique, multiplicateur=test.multiplicateur)
    reponse.update(
        affaibli=test.affaibli,
        score_effectif=seuils.score,
        jet=jet,
        des_lus=lu is not None,
        resultat=resultat.value,
        reussi=resultat.reussi,
        seuil_critique=max(0, seuils.critique),
        seuil_maladresse=seuils.maladresse,
        plages={r.value: [list(p) for p in plages.get(r, [])] for r in Resultat},
        probabilites=en_fractions(probabilites),
        rejouer={**({"mode": test.mode} if "mode" in args else {}), **test.args(jet)},
        affichage=blocs,
    )
    return reponse


@operation("basic.test")
def jet_de_competence(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A d100 test (A3): a skill + circumstance, or ``mode`` caracteristique (A4); rolled or read."""
    mode = "competence" if vide(args.get("mode")) else choix(args.get("mode"), "mode", MODES)
    return _reponse_de_test(_Test.lire(args, mode), args, rng)


@operation("basic.jet_de_caracteristique")
def jet_de_caracteristique(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A characteristic roll: characteristic × multiplier (1..5), resolved like a test (A4)."""
    return _reponse_de_test(_Test.lire(args, "caracteristique"), args, rng)


def _ligne_de_seuils(test: _Test) -> list[str]:
    plages = _plages(test.resoudre)
    return [_plages_texte(plages.get(r, [])) for r in LIBELLES_DES_RESULTATS]


def _statique_test(options: Mapping[str, Any]) -> list[af.Bloc]:
    choisi = entier(options["score"], "score", minimum=0) if "score" in options else None
    scores = sorted({*SCORES_COURANTS, *([choisi] if choisi is not None else [])})
    return [
        af.tableau(
            ("Valeur", *LIBELLES_DES_RESULTATS.values()),
            [[pour_cent(s), *_ligne_de_seuils(_Test("competence", s, 0, False))] for s in scores],
            legende="Jets du d100 donnant chaque résultat",
            surligne=scores.index(choisi) if choisi is not None else None,
        ),
        af.texte(
            "Avec un modificateur de circonstance, lisez la ligne de la valeur modifiée. "
            f"01 à 0{bm.REUSSITE_AUTOMATIQUE} : toujours une réussite ; {bm.ECHEC_AUTOMATIQUE} à 00 : "
            "toujours un échec.",
            "note",
        ),
    ]


def _statique_caracteristique(options: Mapping[str, Any]) -> list[af.Bloc]:
    valeur = entier(options.get("caracteristique", 13), "caracteristique", minimum=0)
    lignes = []
    for multiplicateur in bm.MULTIPLICATEURS:
        test = _Test.lire({"caracteristique": valeur, "multiplicateur": multiplicateur}, "caracteristique")
        lignes.append([f"× {multiplicateur} ({pour_cent(test.score)})", *_ligne_de_seuils(test)])
    return [
        af.tableau(
            ("Multiplicateur", *LIBELLES_DES_RESULTATS.values()),
            lignes,
            legende=f"Jets du d100 pour une caractéristique de {valeur}",
            surligne=bm.MULTIPLICATEURS.index(bm.MULTIPLICATEUR_PAR_DEFAUT),
        ),
        af.texte(
            f"× {bm.MULTIPLICATEUR_PAR_DEFAUT} la plupart du temps ; × 5 facile, × 1 très difficile.", "note"
        ),
    ]


_CHAMP_AFFAIBLI = Champ(
    "affaibli",
    "Très faible après une blessure grave (−30\u202f%)",
    genre="case",
    defaut=False,
    facultatif=True,
)
_CHAMP_JET = Champ(
    "jet",
    "Jet de d100 lu sur la table (facultatif)",
    facultatif=True,
    aide="Laissez vide pour lancer ; 00 vaut 100.",
    ephemere=True,
)

widget(
    Widget(
        nom="test-basic",
        titre="Test de compétence",
        champs=(
            Champ("score", "Valeur de la compétence (%)", defaut=50, minimum=0),
            Champ("circonstance", "Circonstance", genre="choix", defaut="0", choix=_CIRCONSTANCES),
            _CHAMP_AFFAIBLI,
            _CHAMP_JET,
        ),
        actions=(Action("basic.test", "Lancer le test"),),
        statique=_statique_test,
        options=("score",),
    )
)

widget(
    Widget(
        nom="jet-de-caracteristique-basic",
        titre="Jet de caractéristique",
        champs=(
            Champ("caracteristique", "Valeur de la caractéristique", defaut=13, minimum=0),
            Champ(
                "multiplicateur",
                "Multiplicateur",
                genre="choix",
                defaut=str(bm.MULTIPLICATEUR_PAR_DEFAUT),
                choix=tuple(
                    (
                        str(m),
                        f"× {m}"
                        + {1: " (très difficile)", 3: " (le plus courant)", 5: " (facile)"}.get(m, ""),
                    )
                    for m in bm.MULTIPLICATEURS
                ),
            ),
            _CHAMP_AFFAIBLI,
            _CHAMP_JET,
        ),
        actions=(Action("basic.jet_de_caracteristique", "Lancer le jet"),),
        statique=_statique_caracteristique,
        options=("caracteristique",),
    )
)


# == Blessures ==================================================================

LIBELLES_DES_ETATS: Mapping[bm.EtatDeBlessure, str] = {
    bm.EtatDeBlessure.AUCUNE: "Aucune blessure",
    bm.EtatDeBlessure.BLESSURE_LEGERE: "Blessure légère",
    bm.EtatDeBlessure.BLESSURE_GRAVE: "Blessure grave",
    bm.EtatDeBlessure.AGONIE: "Agonie",
    bm.EtatDeBlessure.MORT: "Mort",
}
_JETS_DE_CON: Mapping[
    str, tuple[str, str, Callable[..., bm.IssueDuJetDeCon], Callable[..., bm.IssueDuJetDeCon]]
] = {
    "choc": ("jet_choc", "Blessure grave", bm.resoudre_choc, bm.lancer_choc),
    "agonie": ("jet_agonie", "Agonie", bm.resoudre_agonie, bm.lancer_agonie),
}
_UNITES = {"minutes": ("minute", "minutes"), "heures": ("heure", "heures")}


def _duree(valeur: int, unite: str) -> str:
    singulier, pluriel = _UNITES[unite]
    return f"{valeur} {singulier if valeur == 1 else pluriel}"


def _libelle_d_etat(blessure: bm.Blessure) -> str:
    libelle = LIBELLES_DES_ETATS[blessure.etat]
    if blessure.etat is bm.EtatDeBlessure.AGONIE and blessure.blessure_grave:
        libelle += " (et blessure grave)"
    return libelle


def _explication(blessure: bm.Blessure) -> str:
    if blessure.etat is bm.EtatDeBlessure.MORT:
        return "0 PV ou moins : mort instantanée ; la médecine conventionnelle ne peut plus rien."
    morceaux = []
    if blessure.blessure_grave:
        morceaux.append(
            f"dégâts × 2 = {blessure.degats * 2} ≥ {blessure.pv_avant} PV avant le coup : blessure grave"
        )
    elif blessure.degats:
        morceaux.append(
            f"dégâts × 2 = {blessure.degats * 2} < {blessure.pv_avant} PV avant le coup : "
            "pas de blessure grave"
        )
    if blessure.agonie:
        morceaux.append(f"{blessure.pv_apres} PV restants (1 à 3) : agonie")
    return (morceaux[0][0].upper() + " ; ".join(morceaux)[1:] + ".") if morceaux else "Aucun dégât."


def _consequence(demande: bm.JetDeCon) -> str:
    texte = f"perd connaissance {_duree(demande.inconscience, demande.unite)}"
    if demande.malus_en_cas_d_echec:
        texte += f", puis {pour_cent(demande.malus_en_cas_d_echec)} à tous ses jets jusqu'aux soins"
    return texte


def _jet_de_con(
    demande: bm.JetDeCon, con: int, affaibli: bool, args: Mapping[str, Any], rng: random.Random, lancer: bool
) -> tuple[dict[str, Any], list[af.Bloc]]:
    champ, titre, resoudre, tirer = _JETS_DE_CON[demande.nom]
    probabilites = bm.probabilites_de_caracteristique(con, demande.multiplicateur, affaibli=affaibli)
    reussite = sum((p for r, p in probabilites.items() if r.reussi), Fraction(0))
    lu = jet_lu(args, champ)
    issue = None
    if lu is not None:
        issue = resoudre(con, lu, affaibli=affaibli)
    elif lancer:
        issue = tirer(con, rng, affaibli=affaibli)
    donnees: dict[str, Any] = {
        "nom": demande.nom,
        "multiplicateur": demande.multiplicateur,
        "cible": demande.cible,
        "frequence": demande.frequence,
        "inconscience": demande.inconscience,
        "unite": demande.unite,
        "malus_en_cas_d_echec": demande.malus_en_cas_d_echec,
        "probabilite_reussite": af.fraction(reussite),
        "probabilites": en_fractions(probabilites),
        "jet": issue.jet if issue else None,
        "des_lus": lu is not None,
        "resultat": issue.resultat.value if issue else None,
        "conscient": issue.conscient if issue else None,
    }
    blocs = [
        af.texte(
            f"{titre} : jet de CON × {demande.multiplicateur} sous {pour_cent(demande.cible)} "
            f"({demande.frequence}). "
            f"Réussite : reste conscient ; échec : {_consequence(demande)}.",
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
        blocs += [
            af.texte(
                f"Jet {_face(issue.jet)} : {LIBELLES_DES_RESULTATS[issue.resultat].lower()} — {suite}.",
                "resultat",
            ),
            af.des([issue.jet], 100),
        ]
    return donnees, blocs


def _blessure(args: Mapping[str, Any], rng: random.Random, lancer: bool) -> dict[str, Any]:
    pv = champ_entier(args, "pv", "PV actuels")
    pv_max = champ_entier(args, "pv_max", "PV maximum", minimum=1)
    con = champ_entier(args, "con", "CON", minimum=0)
    degats = champ_entier(args, "degats", "dégâts", minimum=0)
    affaibli = case(args, "affaibli")
    with _champs({"CON": "con"}):
        blessure = bm.subir_degats(pv, degats, con, pv_max=pv_max, affaibli=affaibli)
    blocs: list[af.Bloc] = [
        af.texte(
            f"{blessure.pv_avant} PV − {blessure.degats} = {af.nombre(blessure.pv_apres)} PV : "
            f"{_libelle_d_etat(blessure).lower()}.",
            "resultat",
        ),
        af.texte(_explication(blessure), "note"),
    ]
    jets = []
    demandes = {demande.nom: demande for demande in blessure.jets}
    for nom, (champ, titre, _, _) in _JETS_DE_CON.items():
        if nom in demandes:
            donnees, blocs_du_jet = _jet_de_con(demandes[nom], con, affaibli, args, rng, lancer)
            jets.append(donnees)
            blocs += blocs_du_jet
        elif jet_lu(args, champ) is not None:
            blocs.append(
                af.texte(f"Le jet lu pour {titre.lower()} est ignoré : ce coup n'en demande pas.", "note")
            )
    if affaibli and jets:
        blocs.append(
            af.texte(f"Déjà très faible : {pour_cent(bm.MALUS_AFFAIBLI)} à ces jets de CON aussi.", "note")
        )
    return {
        "pv": blessure.pv_avant,
        "pv_max": pv_max,
        "con": con,
        "degats": blessure.degats,
        "affaibli": affaibli,
        "pv_apres": blessure.pv_apres,
        "etat": blessure.etat.value,
        "blessure_grave": blessure.blessure_grave,
        "agonie": blessure.agonie,
        "mort": blessure.etat is bm.EtatDeBlessure.MORT,
        "jets": jets,
        "rejouer": rejouer(args, **{_JETS_DE_CON[jet["nom"]][0]: jet["jet"] for jet in jets}),
        "affichage": blocs,
    }


@operation("basic.blessure")
def blessure(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """One hit (A7): the state, the CON rolls it calls for with their odds; jets typed by hand resolved."""
    return _blessure(args, rng, lancer=False)


@operation("basic.blessure.lancer")
def blessure_et_jets(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """One hit (A7), and every CON roll it calls for rolled (or read when typed)."""
    return _blessure(args, rng, lancer=True)


def _jets_demandes(blessure: bm.Blessure) -> str:
    if not blessure.jets:
        return "—"
    return " puis ".join(
        f"CON × {j.multiplicateur} ({pour_cent(j.cible)}, {j.frequence})" for j in blessure.jets
    )


def _statique_blessure(options: Mapping[str, Any]) -> list[af.Bloc]:
    pv = entier(options.get("pv", 12), "pv", minimum=1)
    con = entier(options.get("con", 13), "con", minimum=0)
    lignes = []
    for degats in range(pv + 1):
        coup = bm.subir_degats(pv, degats, con)
        lignes.append([degats, af.nombre(coup.pv_apres), _libelle_d_etat(coup), _jets_demandes(coup)])
    inconscience = bm.duree_d_inconscience(con)
    return [
        af.tableau(
            ("Dégâts", "PV après", "État", "Jets de CON"),
            lignes,
            legende=f"Un coup sur un personnage à {pv} PV et CON {con}",
        ),
        af.texte(
            f"Échec au jet de CON × 5 : inconscient {_duree(inconscience, 'minutes')}, puis "
            f"{pour_cent(bm.MALUS_AFFAIBLI)} à tous les jets jusqu'aux soins. "
            "Échec au jet de CON × 3 de l'agonie : "
            f"inconscient {_duree(inconscience, 'heures')}.",
            "note",
        ),
    ]


widget(
    Widget(
        nom="blessures-basic",
        titre="Blessures : effet d'un coup",
        champs=(
            Champ("pv", "PV actuels", defaut=12, minimum=1),
            Champ("pv_max", "PV maximum", defaut=12, minimum=1),
            Champ("con", "CON (Constitution)", defaut=13, minimum=0),
            Champ("degats", "Dégâts du coup (après armure)", defaut=7, minimum=0),
            Champ(
                "affaibli",
                "Déjà très faible (−30\u202f% après une blessure grave)",
                genre="case",
                defaut=False,
                facultatif=True,
            ),
            Champ(
                "jet_choc",
                "Jet de CON × 5 lu (facultatif)",
                facultatif=True,
                aide="Blessure grave ; 00 vaut 100.",
                groupe=JETS_DE_CON_LUS,
                ephemere=True,
            ),
            Champ(
                "jet_agonie",
                "Jet de CON × 3 lu (facultatif)",
                facultatif=True,
                aide="Agonie, un jet par round ; 00 vaut 100.",
                groupe=JETS_DE_CON_LUS,
                ephemere=True,
            ),
        ),
        actions=(
            Action("basic.blessure", "Appliquer le coup"),
            Action("basic.blessure.lancer", "Appliquer et lancer les jets"),
        ),
        statique=_statique_blessure,
        options=("pv", "con"),
    )
)


# == Soins et vitesse de guérison ===============================================

_SOINS = tuple((s.competence, f"{s.competence} ({s.des})") for s in bm.SOINS)


@operation("basic.soin")
def soin(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Premiers secours 1d3 or Guérison 1d6 applied to the PV (never above their maximum); healing rate."""
    competence = choix(args.get("competence"), "competence", [nom for nom, _ in _SOINS])
    pv = champ_entier(args, "pv", "PV actuels")
    pv_max = champ_entier(args, "pv_max", "PV maximum", minimum=1)
    con = champ_entier(args, "con", "CON", minimum=0)
    des = lire_des_lus(args)
    if des is None:
        effet = bm.lancer_soin(pv, pv_max, competence, rng)
    else:
        effet = bm.soigner(pv, pv_max, competence, des)
    methode = bm.trouver_soin(competence)
    dist = bm.distribution_du_soin(pv, pv_max, competence).sorted()
    vitesse = bm.vitesse_de_guerison(con)
    blocs = [
        af.texte(
            f"{effet.competence} ({methode.des}) → {effet.points} : {effet.pv_avant} → {effet.pv_apres} PV "
            f"(maximum {effet.pv_max}).",
            "resultat",
        ),
        af.des(effet.des, methode.expression.dice[0][1].sides),
        _barres_totaux(dist, "PV après les soins", effet.pv_apres),
        af.valeurs(
            [
                ("PV moyens après les soins", af.nombre(dist.mean)),
                (f"Vitesse de guérison (CON {con})", vitesse),
            ]
        ),
        af.texte(
            f"Après un jet de {effet.competence} réussi ; une fois par blessure, après une période de repos "
            f"{methode.repos}. Les PV ne dépassent jamais leur maximum.",
            "note",
        ),
    ]
    if des is not None:
        blocs.append(note_de_lecture("le dé lu"))
    return {
        "competence": effet.competence,
        "expression": methode.des,
        "des": list(effet.des),
        "points": effet.points,
        "pv_avant": effet.pv_avant,
        "pv_max": effet.pv_max,
        "pv_apres": effet.pv_apres,
        "des_lus": des is not None,
        "probabilites": en_fractions(dist),
        "con": con,
        "vitesse_de_guerison": vitesse,
        "rejouer": rejouer(args, des=effet.des),
        "affichage": blocs,
    }


def _statique_soin(options: Mapping[str, Any]) -> list[af.Bloc]:
    soins = af.tableau(
        ("Compétence", "Soins", "Moyenne", "Après"),
        [
            [
                s.competence,
                s.des,
                af.nombre(distribution(s.expression).mean),
                f"une période de repos {s.repos}",
            ]
            for s in bm.SOINS
        ],
        legende="Soins, une fois par blessure",
    )
    vitesses = af.tableau(
        ("CON", "Vitesse de guérison"),
        [
            ["6 ou moins" if debut == 0 else f"{debut}–{debut + 5}", bm.vitesse_de_guerison(debut)]
            for debut in (0, 7, 13, 19, 25, 31)
        ],
        legende="Vitesse de guérison",
    )
    return [soins, vitesses]


widget(
    Widget(
        nom="soins-basic",
        titre="Soins et vitesse de guérison",
        champs=(
            Champ("competence", "Compétence de soin", genre="choix", defaut=_SOINS[0][0], choix=_SOINS),
            Champ("pv", "PV actuels", defaut=5, minimum=1),
            Champ("pv_max", "PV maximum", defaut=12, minimum=1),
            Champ("con", "CON (pour la vitesse de guérison)", defaut=13, minimum=0),
            Champ(
                "des",
                "Dé lu sur la table (facultatif)",
                genre="texte",
                facultatif=True,
                aide="Laissez vide pour lancer.",
                ephemere=True,
            ),
        ),
        actions=(Action("basic.soin", "Soigner"),),
        statique=_statique_soin,
    )
)


# == Attaque ====================================================================

LIBELLES_D_ATTAQUE: Mapping[bm.ResultatDAttaque, str] = {
    bm.ResultatDAttaque.REUSSITE_SPECIALE: "Réussite spéciale",
    bm.ResultatDAttaque.REUSSITE_CRITIQUE: "Réussite critique",
    bm.ResultatDAttaque.REUSSITE: "Touche",
    bm.ResultatDAttaque.ECHEC: "Manqué",
    bm.ResultatDAttaque.ECHEC_CRITIQUE: "Maladresse",
}
ARMES = (*bm.ARMES_DE_MELEE, *bm.ARMES_A_DISTANCE)
_ARMES = tuple((a.nom, f"{a.nom} — {a.degats}" + (" (à distance)" if a.a_distance else "")) for a in ARMES)
_MODIFICATEURS = tuple(
    (ligne.modificateur, f"{_expr(ligne.modificateur)} (FOR + TAI {ligne.plage.replace('-', '–')})")
    for ligne in TABLE_DU_MODIFICATEUR
)


def _remarques_d_arme(arme: bm.Arme) -> list[str]:
    remarques = []
    if arme.deux_mains:
        remarques.append("2 mains")
    if arme.sans_parade:
        remarques.append("pas de parade")
    if arme.remarque:
        remarques.append(arme.remarque)
    return remarques


@dataclass(frozen=True, slots=True)
class _Degats:
    """What the damage is made of: the weapon (or an expression), the attacker's modifier, the armour."""

    arme: str | None
    expression: str
    modificateur: str
    for_tai: int | None
    hors_table: bool
    pa: int

    @classmethod
    def lire(cls, args: Mapping[str, Any]) -> _Degats:
        if vide(args.get("degats")):
            arme = bm.trouver_arme(choix(args.get("arme"), "arme", [nom for nom, _ in _ARMES]))
            nom, expression = arme.nom, arme.degats
        else:
            nom, expression = None, str(args["degats"]).strip()
            with _champs({"arme": "degats", "": "degats"}):
                bm.expression_des_degats(expression, critique=True)
        if vide(args.get("for_tai")):
            modificateur = choix(
                args.get("modificateur", "0"), "modificateur", [m for m, _ in _MODIFICATEURS]
            )
            for_tai, hors_table = None, False
        else:
            for_tai = champ_entier(args, "for_tai", "FOR + TAI", minimum=0)
            lu = bm.modificateur_pour_somme(for_tai)
            modificateur, hors_table = lu.modificateur, lu.hors_table
        return cls(
            nom, expression, modificateur, for_tai, hors_table, champ_entier(args, "pa", "PA", minimum=0)
        )

    def description(self) -> str:
        arme = f"{self.arme} ({self.expression})" if self.arme else self.expression
        modificateur = "aucun" if self.modificateur == "0" else _expr(self.modificateur)
        if self.for_tai is not None:
            modificateur += f" (FOR + TAI = {self.for_tai}{', hors table' if self.hors_table else ''})"
        return (
            f"Arme : {arme} ; modificateur de dégâts : {modificateur} ; armure du défenseur : {self.pa} PA."
        )

    def distribution(self, critique: bool) -> Distribution[int]:
        return bm.distribution_des_degats(self.expression, self.modificateur, self.pa, critique)

    def nombre_de_des(self, critique: bool) -> tuple[int, int]:
        """Dice of the weapon (doubled on a critical) and of the modifier, as read on the table."""
        arme = bm.expression_des_degats(self.expression, critique)
        return _nombre_de_des(arme), _nombre_de_des(parse(self.modificateur))


def _nombre_de_des(expression: Expression) -> int:
    return sum(des.count for _, des in expression.dice)


def _faces(expression: Expression) -> list[int]:
    return [des.sides for _, des in expression.dice for _ in range(des.count)]


def _bloc_des_faces(valeurs: Sequence[int], faces: Sequence[int]) -> af.Bloc:
    """Dice of several kinds in one row (weapon dice then modifier dice)."""
    return {"type": "des", "des": [{"valeur": v, "faces": f} for v, f in zip(valeurs, faces, strict=True)]}


def _rouler_degats(
    degats: _Degats, critique: bool, args: Mapping[str, Any], rng: random.Random
) -> tuple[bm.Degats, bool]:
    lus = lire_des_lus(args)
    if lus is None:
        return bm.lancer_degats(degats.expression, rng, degats.modificateur, degats.pa, critique), False
    n_arme, n_modificateur = degats.nombre_de_des(critique)
    if len(lus) != n_arme + n_modificateur:
        arme = bm.expression_des_degats(degats.expression, critique)
        detail = f"{n_arme} pour {arme}" + (
            f" puis {n_modificateur} pour le modificateur {_expr(degats.modificateur)}"
            if n_modificateur
            else ""
        )
        raise InputError(
            f"Il faut {n_arme + n_modificateur} dé{'s' if n_arme + n_modificateur > 1 else ''} de dégâts : "
            f"{detail} ({len(lus)} lu{'s' if len(lus) > 1 else ''}).",
            champ="des",
        )
    with _champs({"des_arme": "des", "des_modificateur": "des"}):
        resultat = bm.resoudre_degats(
            degats.expression,
            lus[:n_arme],
            modificateur=degats.modificateur,
            des_modificateur=lus[n_arme:],
            pa=degats.pa,
            critique=critique,
        )
    return resultat, True


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


def _distributions_de_degats(degats: _Degats) -> tuple[dict[str, Any], list[af.Bloc]]:
    donnees: dict[str, Any] = {}
    blocs: list[af.Bloc] = []
    for cle, critique, titre in (("normal", False, "coup normal"), ("critique", True, "critique")):
        expression = str(bm.expression_des_degats(degats.expression, critique))
        try:
            dist = degats.distribution(critique).sorted()
        except DiceLimitError as erreur:
            blocs.append(af.texte(erreur.message, "note"))
            continue
        donnees[cle] = {
            "expression": expression,
            "min": dist.min,
            "max": dist.max,
            "moyenne": af.fraction(dist.mean),
            "probabilites": en_fractions(dist),
        }
        modificateur = "" if degats.modificateur == "0" else f" {_expr(degats.modificateur)}"
        blocs.append(
            _barres_totaux(
                dist,
                f"Dégâts d'un {titre} ({expression}{modificateur} − {degats.pa} PA) : "
                f"moyenne {af.nombre(dist.mean)}",
            )
        )
    return donnees, blocs


def _seuils_d_attaque(plages: Mapping[bm.ResultatDAttaque, Sequence[tuple[int, int]]]) -> dict[str, Any]:
    """The last special and critical faces (0: none) and the first maladresse face (None: none)."""
    speciales = plages.get(bm.ResultatDAttaque.REUSSITE_SPECIALE, [])
    critiques = [*speciales, *plages.get(bm.ResultatDAttaque.REUSSITE_CRITIQUE, [])]
    maladresses = plages.get(bm.ResultatDAttaque.ECHEC_CRITIQUE, [])
    return {
        "seuil_special": max((b for _, b in speciales), default=0),
        "seuil_critique": max((b for _, b in critiques), default=0),
        "seuil_maladresse": min((a for a, _ in maladresses), default=None),
    }


def _blocs_du_jet_d_attaque(
    att: int, defense: int, circonstance: int, chance: int, jet: int, resultat: bm.ResultatDAttaque
) -> list[af.Bloc]:
    plages = _plages(lambda face: bm.resoudre_attaque(chance, face))
    calcul = f"{att} − {defense} + 50" + (
        f" {signe(circonstance)} ({_NOMS_DES_CIRCONSTANCES[circonstance]})" if circonstance else ""
    )
    ordre = list(LIBELLES_D_ATTAQUE)
    blocs = [
        af.texte(
            f"Chances de toucher : {calcul} = {pour_cent(chance)}. "
            f"Jet {_face(jet)} : {LIBELLES_D_ATTAQUE[resultat].lower()}.",
            "resultat",
        ),
        af.des([jet], 100),
        af.tableau(
            ("Résultat", "Jets du d100"),
            [[LIBELLES_D_ATTAQUE[r], _plages_texte(plages.get(r, []))] for r in ordre],
            surligne=ordre.index(resultat),
        ),
        af.barres(
            bm.probabilites_d_attaque(chance),
            legende="Probabilité de chaque résultat",
            etiquette=LIBELLES_D_ATTAQUE.__getitem__,
            surligne=resultat,
        ),
        af.texte(
            "Réussite spéciale : une réussite critique qui accorde en plus un effet spécial. "
            "Critique : dés de dégâts de l'arme lancés deux fois, modificateur ajouté une fois.",
            "note",
        ),
    ]
    if (attaques := bm.nombre_d_attaques(att)) > 1:
        blocs.append(
            af.texte(
                f"ATT {pour_cent(att)} (EXPERT) : {attaques} attaques avec cette arme par round.", "note"
            )
        )
    return blocs


def _blocs_de_l_arme(degats: _Degats) -> list[af.Bloc]:
    blocs = [af.texte(degats.description())]
    if degats.arme and (remarques := _remarques_d_arme(bm.trouver_arme(degats.arme))):
        blocs.append(af.texte(f"{degats.arme} : {', '.join(remarques)}.", "note"))
    if degats.hors_table:
        blocs.append(_note_hors_table(bm.modificateur_pour_somme(degats.for_tai or 0)))
    return blocs


def _degats_du_coup(
    degats: _Degats, critique: bool, args: Mapping[str, Any], rng: random.Random
) -> tuple[dict[str, Any], list[int], list[af.Bloc]]:
    """The damage of a hit, rolled or read: its data, the dice shown, its display."""
    roule, des_lus = _rouler_degats(degats, critique, args, rng)
    faces = _faces(bm.expression_des_degats(degats.expression, critique)) + _faces(parse(degats.modificateur))
    valeurs = [*roule.des_arme, *roule.des_modificateur]
    blocs = [af.texte(_texte_des_degats(roule, degats.modificateur), "resultat")]
    if valeurs:
        blocs.append(_bloc_des_faces(valeurs, faces))
    if des_lus:
        blocs.append(af.texte("Dégâts calculés avec les dés lus sur la table.", "note"))
    donnees = {
        "expression": roule.arme,
        "des_arme": list(roule.des_arme),
        "total_arme": roule.total_arme,
        "modificateur": roule.modificateur,
        "des_modificateur": list(roule.des_modificateur),
        "total_modificateur": roule.total_modificateur,
        "pa": roule.pa,
        "critique": roule.critique,
        "degats": roule.degats,
        "des_lus": des_lus,
    }
    return donnees, valeurs, blocs


@operation("basic.attaque")
def attaque(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """ATT vs PAR or Esquive (A5) → chance, thresholds, the roll; then the damage through armour (A6)."""
    att = champ_entier(args, "att", "ATT", minimum=0)
    defense = champ_entier(args, "defense", "PAR ou Esquive", minimum=0)
    circonstance = _circonstance(args)
    with _champs({"ATT": "att"}):
        chance = bm.chance_de_toucher(att, defense, circonstance)
    degats = _Degats.lire(args)
    lu = jet_lu(args)
    if lu is None:
        tire = bm.lancer_attaque(chance, rng)
        jet, resultat = tire.jet, tire.resultat
    else:
        jet, resultat = lu, bm.resoudre_attaque(chance, lu)
    blocs = _blocs_du_jet_d_attaque(att, defense, circonstance, chance, jet, resultat)
    if lu is not None:
        blocs.insert(2, af.texte("Jet d'attaque lu sur la table.", "note"))
    blocs += _blocs_de_l_arme(degats)
    distributions, blocs_de_distribution = _distributions_de_degats(degats)
    blocs += blocs_de_distribution
    donnees_de_degats, valeurs = None, None
    if resultat.touche:
        donnees_de_degats, valeurs, blocs_des_degats = _degats_du_coup(degats, resultat.critique, args, rng)
        blocs += blocs_des_degats
    elif not vide(args.get("des")):
        blocs.append(af.texte("L'attaque n'a pas touché : les dés de dégâts lus sont ignorés.", "note"))
    attaques = bm.nombre_d_attaques(att)
    return {
        "att": att,
        "defense": defense,
        "circonstance": circonstance,
        "chance": chance,
        "jet": jet,
        "des_lus": lu is not None,
        "resultat": resultat.value,
        "touche": resultat.touche,
        "critique": resultat.critique,
        **_seuils_d_attaque(_plages(lambda face: bm.resoudre_attaque(chance, face))),
        "probabilites": en_fractions(bm.probabilites_d_attaque(chance)),
        "attaques_par_round": attaques,
        "expert": attaques > 1,
        "arme": degats.arme,
        "expression_degats": degats.expression,
        "modificateur": degats.modificateur,
        "for_tai": degats.for_tai,
        "hors_table": degats.hors_table,
        "pa": degats.pa,
        "distributions": distributions,
        "degats": donnees_de_degats,
        "rejouer": rejouer(args, jet=jet, des=valeurs),
        "affichage": blocs,
    }


def _statique_attaque(options: Mapping[str, Any]) -> list[af.Bloc]:
    ordre = list(LIBELLES_D_ATTAQUE)
    lignes = []
    for att, defense in ((65, 35), (50, 50), (35, 65)):
        chance = bm.chance_de_toucher(att, defense)
        plages = _plages(lambda jet, chance=chance: bm.resoudre_attaque(chance, jet))
        lignes.append(
            [
                f"{att} contre {defense} → {pour_cent(chance)}",
                *(_plages_texte(plages.get(r, [])) for r in ordre),
            ]
        )
    dague = bm.distribution_des_degats("1d3+2", critique=True).sorted()
    return [
        af.tableau(
            ("ATT contre PAR ou Esquive", *LIBELLES_D_ATTAQUE.values()),
            lignes,
            legende="Jets du d100 : chances = ATT − (PAR ou Esquive) + 50",
        ),
        _barres_totaux(
            dague, "Critique à la dague : 1d3+2 lancé deux fois = 2d3+4 (sans modificateur ni armure)"
        ),
    ]


widget(
    Widget(
        nom="attaque-basic",
        titre="Attaque et dégâts",
        champs=(
            Champ("att", "ATT de l'attaquant (%)", defaut=65, minimum=0, groupe="Attaque"),
            Champ("defense", "PAR ou Esquive du défenseur (%)", defaut=35, minimum=0, groupe="Attaque"),
            Champ(
                "circonstance",
                "Circonstance",
                genre="choix",
                defaut="0",
                choix=_CIRCONSTANCES,
                groupe="Attaque",
            ),
            Champ(
                "arme", "Arme", genre="choix", defaut="Épée/Rapière", choix=_ARMES, groupe="Arme et dégâts"
            ),
            Champ(
                "degats",
                "Autre arme : dégâts (facultatif)",
                genre="texte",
                facultatif=True,
                aide="Par exemple 1d8+1 ; remplace l'arme choisie.",
                groupe="Arme et dégâts",
            ),
            Champ(
                "modificateur",
                "Modificateur de dégâts",
                genre="choix",
                defaut="0",
                choix=_MODIFICATEURS,
                groupe="Arme et dégâts",
            ),
            Champ(
                "for_tai",
                "Ou FOR + TAI de l'attaquant (facultatif)",
                facultatif=True,
                aide="Remplace le modificateur choisi.",
                groupe="Arme et dégâts",
            ),
            Champ("pa", "PA de l'armure du défenseur", defaut=0, minimum=0, groupe="Arme et dégâts"),
            Champ(
                "jet",
                "Jet d'attaque lu (facultatif)",
                facultatif=True,
                aide="Laissez vide pour lancer ; 00 vaut 100.",
                groupe=DES_LUS,
                ephemere=True,
            ),
            Champ(
                "des",
                "Dés de dégâts lus (facultatif)",
                genre="texte",
                facultatif=True,
                aide="Dés de l'arme (deux fois plus sur un critique), puis ceux du modificateur.",
                groupe=DES_LUS,
                ephemere=True,
            ),
        ),
        actions=(Action("basic.attaque", "Attaquer"),),
        statique=_statique_attaque,
    )
)


# == Initiative =================================================================

MAX_COMBATTANTS = 20
MAX_NOM = 40
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
ETAT_ILLISIBLE = "Le suivi d'initiative est illisible : cliquez sur « Tout effacer » et recommencez."


@dataclass(frozen=True, slots=True)
class _Suivi:
    """The combat followed by the widget: the combatants, the round, the last d6 rolled."""

    combattants: tuple[bm.Combattant, ...] = ()
    round: int = 0
    des: tuple[int, ...] | None = None

    def etat(self) -> dict[str, Any]:
        """The JSON the page keeps and sends back with every call of the widget."""
        return {
            "combattants": [
                {"nom": c.nom, "dex": c.dex, "pa": c.pa, "action": c.action.value} for c in self.combattants
            ],
            "round": self.round,
            "des": list(self.des) if self.des is not None else None,
        }


def _suivi_de_l_etat(etat: Mapping[str, Any]) -> _Suivi:
    lignes = etat["combattants"]
    if not isinstance(lignes, list) or len(lignes) > MAX_COMBATTANTS:
        raise ValueError(lignes)
    combattants = tuple(
        bm.Combattant(
            _nom_de_combattant(ligne["nom"]),
            entier(ligne["dex"], "DEX", minimum=0),
            entier(ligne["pa"], "PA", minimum=0),
            bm.Action(ligne["action"]),
        )
        for ligne in lignes
    )
    if len({c.nom.casefold() for c in combattants}) != len(combattants):
        raise ValueError("noms")
    des = etat.get("des")
    if des is not None:
        des = tuple(entier(d6, "d6", minimum=1, maximum=6) for d6 in des)
        if len(des) != len(combattants):
            raise ValueError(des)
    return _Suivi(combattants, entier(etat.get("round", 0), "round", minimum=0), des)


def _lire_suivi(args: Mapping[str, Any]) -> _Suivi:
    """The state sent back by the page (empty at first); anything malformed is refused in French."""
    etat = args.get("etat")
    if etat is None or etat == "":
        return _Suivi()
    try:
        if not isinstance(etat, Mapping):
            raise TypeError(etat)
        return _suivi_de_l_etat(etat)
    except (RulesError, LookupError, TypeError, ValueError, AttributeError):
        raise InputError(ETAT_ILLISIBLE) from None


def _nom_de_combattant(valeur: object) -> str:
    if not isinstance(valeur, str) or not valeur.strip():
        raise InputError("Donnez un nom au combattant.", champ="nom")
    nom = " ".join(valeur.split())
    if len(nom) > MAX_NOM:
        raise InputError(f"Nom trop long : {MAX_NOM} caractères au plus.", champ="nom")
    return nom


def _pa_lus(args: Mapping[str, Any]) -> int:
    """PA typed by hand, or those of the armour chosen in the table."""
    if not vide(args.get("pa")):
        return champ_entier(args, "pa", "PA", minimum=0)
    return int(choix(str(args.get("armure", "0")), "armure", [cle for cle, _ in _ARMURES]))


def _blocs_d_initiative(suivi: _Suivi, donnees: dict[str, Any]) -> list[af.Bloc]:
    """The order (when rolled) and the list of combatants with their chances."""
    blocs: list[af.Bloc] = []
    combattants = list(suivi.combattants)
    chances = {c.nom: c for c in bm.chances_d_initiative(combattants)}
    scores: dict[str, bm.ScoreDInitiative] = {}
    if suivi.des is not None:
        initiative = bm.ordre_d_initiative(combattants, list(suivi.des))
        scores = {s.nom: s for s in initiative.scores}
        donnees["scores"] = [
            {"nom": s.nom, "action": s.action.value, "d6": s.d6, "score": s.score} for s in initiative.scores
        ]
        donnees["groupes"] = [
            {
                "rang": g.rang,
                "action": g.action.value,
                "score": g.score,
                "combattants": list(g.combattants),
                "simultane": len(g.combattants) > 1,
            }
            for g in initiative.groupes
        ]
        blocs += [
            af.tableau(
                ("Ordre", "Combattants", "Action", "Score"),
                [
                    [
                        g.rang,
                        _et(g.combattants) + (" — en même temps" if len(g.combattants) > 1 else ""),
                        ACTIONS_COURTES[g.action],
                        af.nombre(g.score),
                    ]
                    for g in initiative.groupes
                ],
                legende=f"Round {suivi.round} : ordre d'action",
            ),
            af.des(suivi.des, 6),
        ]
    lignes = []
    for combattant in combattants:
        if combattant.nom in scores:
            score = scores[combattant.nom]
            score_texte = f"{af.nombre(score.score)} (d6 : {score.d6})"
        else:
            bas, haut = (bm.score_d_initiative(combattant.dex, combattant.pa, d6) for d6 in (1, 6))
            score_texte = f"de {af.nombre(bas)} à {af.nombre(haut)}"
        lignes.append(
            [
                combattant.nom,
                ACTIONS_COURTES[combattant.action],
                f"{combattant.dex} − {combattant.pa}",
                score_texte,
                af.pourcentage(chances[combattant.nom].en_tete),
            ]
        )
    if lignes:
        blocs.append(
            af.tableau(
                ("Combattant", "Action", "DEX − PA", "Score", "En tête"),
                lignes,
                legende="Combattants, dans l'ordre où se donnent les d6 lus",
            )
        )
    blocs.append(
        af.texte(
            "Score = DEX − PA de l'armure + 1d6. L'action déclarée passe avant le score ; "
            "à score égal dans la même action, les combattants agissent en même temps. "
            "« En tête » : chance d'agir le premier de son action, égalités comprises.",
            "note",
        )
    )
    donnees["chances"] = {
        nom: {"en_tete": af.fraction(c.en_tete), "seul_en_tete": af.fraction(c.seul_en_tete)}
        for nom, c in chances.items()
    }
    return blocs


def _reponse_d_initiative(suivi: _Suivi, message: str, des_lus: bool = False) -> dict[str, Any]:
    donnees: dict[str, Any] = {
        "etat": suivi.etat(),
        "round": suivi.round,
        "combattants": suivi.etat()["combattants"],
        "des": list(suivi.des) if suivi.des is not None else None,
        "des_lus": des_lus,
        "scores": [],
        "groupes": [],
    }
    blocs = [af.texte(message, "resultat"), *_blocs_d_initiative(suivi, donnees)]
    if suivi.combattants:
        blocs.append(
            af.boutons(
                [
                    af.bouton(f"Retirer {c.nom}", "basic.initiative.retirer", {"retirer": c.nom})
                    for c in suivi.combattants
                ],
                legende="Retirer un combattant",
            )
        )
    if des_lus:
        blocs.append(af.texte("Ordre calculé avec les d6 lus sur la table.", "note"))
    donnees["affichage"] = blocs
    return donnees


def _rejouable(reponse: dict[str, Any], args: Mapping[str, Any], avant: _Suivi) -> dict[str, Any]:
    """``rejouer``: the call's fields (dice filled in) and the state it started from."""
    reponse["rejouer"] = {**{cle: v for cle, v in args.items() if cle != "etat"}, "etat": avant.etat()}
    return reponse


@operation("basic.initiative.ajouter")
def initiative_ajouter(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Add a combatant (or update the one of that name); the order waits for the next roll."""
    suivi = _lire_suivi(args)
    nom = _nom_de_combattant(args.get("nom"))
    dex = champ_entier(args, "dex", "DEX", minimum=0)
    pa = _pa_lus(args)
    action = bm.Action(choix(args.get("action"), "action", [cle for cle, _ in _ACTIONS]))
    nouveau = bm.Combattant(nom, dex, pa, action)
    combattants = list(suivi.combattants)
    index = next((i for i, c in enumerate(combattants) if c.nom.casefold() == nom.casefold()), None)
    if index is None:
        if len(combattants) >= MAX_COMBATTANTS:
            raise InputError(f"{MAX_COMBATTANTS} combattants au plus.", champ="nom")
        combattants.append(nouveau)
        message = f"{nom} rejoint le combat."
    else:
        combattants[index] = nouveau
        message = f"{nom} est mis à jour."
    message += " Lancez l'initiative quand tout le monde a déclaré son action."
    return _rejouable(_reponse_d_initiative(_Suivi(tuple(combattants), suivi.round), message), args, suivi)


@operation("basic.initiative.retirer")
def initiative_retirer(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Remove a combatant; the others keep their d6 and their order."""
    suivi = _lire_suivi(args)
    nom = args.get("retirer")
    index = next((i for i, c in enumerate(suivi.combattants) if c.nom == nom), None)
    if index is None:
        raise InputError(f"Aucun combattant ne s'appelle « {str(nom)[:MAX_NOM]} ».")

    def sans(valeurs: Sequence[Any]) -> tuple[Any, ...]:
        return tuple(v for i, v in enumerate(valeurs) if i != index)

    reste = _Suivi(
        sans(suivi.combattants),
        suivi.round,
        sans(suivi.des) if suivi.des is not None and len(suivi.combattants) > 1 else None,
    )
    return _rejouable(
        _reponse_d_initiative(reste, f"{suivi.combattants[index].nom} quitte le combat."), args, suivi
    )


def _lancer_initiative(args: Mapping[str, Any], rng: random.Random, suivant: bool) -> dict[str, Any]:
    suivi = _lire_suivi(args)
    if not suivi.combattants:
        raise InputError("Ajoutez au moins un combattant avant de lancer l'initiative.", champ="nom")
    lus = lire_des_lus(args)
    if lus is None:
        des = tuple(s.d6 for s in bm.lancer_initiative(list(suivi.combattants), rng).scores)
    else:
        if len(lus) != len(suivi.combattants):
            raise InputError(
                f"Il faut un d6 par combattant, dans l'ordre de la liste : {len(suivi.combattants)} "
                f"({len(lus)} lu{'s' if len(lus) > 1 else ''}).",
                champ="des",
            )
        with _champs({"d6": "des"}):
            bm.ordre_d_initiative(list(suivi.combattants), lus)
        des = tuple(lus)
    round_ = suivi.round + 1 if suivant or suivi.round == 0 else suivi.round
    nouveau = _Suivi(suivi.combattants, round_, des)
    reponse = _reponse_d_initiative(
        nouveau,
        f"Round {round_} : initiative {'lue' if lus is not None else 'lancée'}.",
        des_lus=lus is not None,
    )
    return _rejouable(reponse, {**args, "des": " ".join(map(str, des))}, suivi)


@operation("basic.initiative.lancer")
def initiative_lancer(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Roll (or read) one d6 per combatant and order them (A9); the first roll opens round 1."""
    return _lancer_initiative(args, rng, suivant=False)


@operation("basic.initiative.round_suivant")
def initiative_round_suivant(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Next round: the same combatants, new d6."""
    return _lancer_initiative(args, rng, suivant=True)


@operation("basic.initiative.vider")
def initiative_vider(args: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """Start again with no combatant."""
    reponse = _reponse_d_initiative(_Suivi(), "Suivi effacé : ajoutez les combattants du prochain combat.")
    return _rejouable(reponse, args, _Suivi())


EXEMPLE_D_INITIATIVE = _Suivi(
    (
        bm.Combattant("Bera", 10, 0, bm.Action.TIR_A_DISTANCE),
        bm.Combattant("Dara", 15, 6, bm.Action.MELEE),
        bm.Combattant("Aldo", 14, 2, bm.Action.MELEE),
        bm.Combattant("Cid", 12, 0, bm.Action.MELEE),
    ),
    1,
    (1, 6, 1, 1),
)


def _statique_initiative(options: Mapping[str, Any]) -> list[af.Bloc]:
    blocs = _blocs_d_initiative(EXEMPLE_D_INITIATIVE, {})
    return [
        af.texte(
            "Exemple : Bera tire à distance et agit la première malgré le plus petit score ; en mêlée, Dara "
            "(15) agit avant Aldo et Cid, qui ont tous deux 13 et agissent en même temps.",
        ),
        *blocs,
    ]


widget(
    Widget(
        nom="initiative-basic",
        titre="Suivi de l'initiative",
        champs=(
            Champ("nom", "Nom du combattant", genre="texte", defaut=""),
            Champ("dex", "DEX", defaut=12, minimum=0),
            Champ("armure", "Armure", genre="choix", defaut="0", choix=_ARMURES),
            Champ("pa", "Ou PA de l'armure (facultatif)", facultatif=True, aide="Remplace l'armure choisie."),
            Champ("action", "Action déclarée", genre="choix", defaut=bm.Action.MELEE.value, choix=_ACTIONS),
            Champ(
                "des",
                "d6 lus sur la table (facultatif)",
                genre="texte",
                facultatif=True,
                aide="Un d6 par combattant, dans l'ordre de la liste, séparés par des espaces.",
                ephemere=True,
            ),
        ),
        actions=(
            Action("basic.initiative.ajouter", "Ajouter ou modifier"),
            Action("basic.initiative.lancer", "Lancer l'initiative"),
            Action("basic.initiative.round_suivant", "Round suivant"),
            Action("basic.initiative.vider", "Tout effacer"),
        ),
        statique=_statique_initiative,
    )
)

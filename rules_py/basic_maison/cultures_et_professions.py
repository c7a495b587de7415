"""Page « Cultures et professions »: the cultures, then professions and creation."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from rules_py.basic_maison.caracteristiques import lire_caracteristiques
from rules_py.basic_maison.competences import (
    COMPETENCES_STANDARDS,
    ORIENTATION,
    TypeDeCompetence,
    est_expert,
    formule_de_competence,
    trouver_competence,
)
from rules_py.basic_maison.lecture import _cle, _texte
from rules_py.errors import InputError
from rules_py.validation import entier

# == Cultures ===================================================================


@dataclass(frozen=True, slots=True)
class ChoixDeCompetences:
    """Standard skills given by a culture: take ``nombre`` of ``options`` (one option: a fixed skill)."""

    options: tuple[str, ...]
    nombre: int = 1


@dataclass(frozen=True, slots=True)
class Culture:
    """A culture: its standard skills, the professional skills it offers (up to three chosen), notes."""

    nom: str
    standards: tuple[ChoixDeCompetences, ...]
    professionnelles: tuple[str, ...]
    au_choix: tuple[str, ...]
    remarques: tuple[str, ...] = ()

    @property
    def competences_standards(self) -> tuple[str, ...]:
        """Every standard skill the culture may give, fixed or to choose."""
        return tuple(nom for choix_ in self.standards for nom in choix_.options)


def _fixes(*noms: str) -> tuple[ChoixDeCompetences, ...]:
    return tuple(ChoixDeCompetences((nom,)) for nom in noms)


MAXIMUM_PROFESSIONNELLES = 3
"""Up to three professional skills from the culture's list, and three from the profession's."""

_NOTE_PREMIERS_SOINS = "« Premiers Soins » désigne la compétence Premiers secours."

CULTURES: tuple[Culture, ...] = (
    Culture(
        "Barbare",
        _fixes("Athlétisme", "Perception", "Premiers secours", "Équitation"),
        (
            "Artisanat",
            "Connaissance",
            "Jouer d'un Instrument",
            "Guérison",
            "Navigation/Canotage",
            "Pistage",
            "Survie",
        ),
        au_choix=("Artisanat", "Connaissance"),
        remarques=(_NOTE_PREMIERS_SOINS, "« Navigation » désigne la compétence Navigation/Canotage."),
    ),
    Culture(
        "Civilisé",
        _fixes("Tromperie/Baratin/Influence", "Perspicacité"),
        (
            "Art",
            "Artisanat",
            "Commerce",
            "Connaissance",
            "Jouer d'un Instrument",
            "Langue",
            "Sens de la Rue",
        ),
        au_choix=("Art", "Langue"),
        remarques=(
            "Le texte cite « Influence, Perspicacité, Tromperie » : Influence et Tromperie désignent "
            "toutes deux la compétence Tromperie/Baratin/Influence.",
        ),
    ),
    Culture(
        "Nomade",
        (
            *_fixes("Discrétion", "Perception", "Premiers secours"),
            ChoixDeCompetences(("Athlétisme", "Équitation", "Natation"), 2),
        ),
        ("Artisanat", "Connaissance", "Jouer d'un Instrument", "Langue", "Pistage", "Survie"),
        au_choix=("Artisanat", "Connaissance", "Langue"),
        remarques=(
            _NOTE_PREMIERS_SOINS,
            "Deux compétences parmi Athlétisme, Équitation et Natation, "
            "selon le moyen de locomotion principal.",
        ),
    ),
    Culture(
        "Primitif",
        (*_fixes("Discrétion", "Esquive", "Perception"), ChoixDeCompetences(("Athlétisme", "Natation"), 1)),
        (
            "Artisanat",
            "Connaissance",
            "Jouer d'un Instrument",
            "Guérison",
            "Orientation",
            "Pistage",
            "Survie",
        ),
        au_choix=("Artisanat", "Connaissance"),
        remarques=("« Orientation » n'est décrite nulle part dans les sources : base 0, voyez avec le MJ.",),
    ),
)

_CULTURES_PAR_NOM: Mapping[str, Culture] = MappingProxyType(
    {_cle(c.nom): c for c in CULTURES} | {"civilisee": CULTURES[1], "primitive": CULTURES[3]}
)


def trouver_culture(nom: str) -> Culture:
    """The culture called ``nom`` (accents and case ignored; « Civilisée », « Primitive » accepted).

    >>> trouver_culture("civilisee").nom
    'Civilisé'
    """
    texte = _texte(nom, "culture")
    try:
        return _CULTURES_PAR_NOM[_cle(texte)]
    except KeyError:
        noms = ", ".join(c.nom for c in CULTURES)
        raise InputError(
            f"Culture inconnue : « {texte[:30]} » (attendu : {noms}).", champ="culture"
        ) from None


# == Professions et création ====================================================

POINTS_DE_CULTURE = 100
POINTS_DE_PROFESSION = 100
POINTS_LIBRES = 150
POINTS_TOTAL = POINTS_DE_CULTURE + POINTS_DE_PROFESSION + POINTS_LIBRES
MAXIMUM_A_LA_CREATION = 65
"""No skill above 65 % at creation, characteristic base included (A10)."""


@dataclass(frozen=True, slots=True)
class Repartition:
    """Points spent on one skill at creation, pool by pool (a specialised skill once per speciality)."""

    competence: str
    culture: int = 0
    profession: int = 0
    libre: int = 0
    specialite: str = ""
    variante: str | None = None


MAX_LIGNES = 60
FORMAT_DE_LIGNE = "« compétence : culture/profession/libres », par exemple « Athlétisme : 30/0/9 »"


def _erreur_de_ligne(numero: int, ligne: str, message: str) -> InputError:
    return InputError(f"Ligne {numero} (« {ligne[:40]} ») : {message}", champ="competences")


def _points_de_ligne(morceaux: Sequence[str], numero: int, ligne: str) -> list[int]:
    if len(morceaux) > 3:
        raise _erreur_de_ligne(numero, ligne, "trois nombres au plus : culture/profession/libres.")
    points = []
    for morceau in morceaux:
        try:
            points.append(0 if not morceau.strip() else entier(morceau, "points", minimum=0))
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


def _repartition(ligne: str, numero: int) -> Repartition:
    """One line ``compétence (précisions) : culture/profession/libres`` → the engine's row."""
    texte, deux_points, points = ligne.rpartition(":")
    if not deux_points or not texte.strip():
        raise _erreur_de_ligne(numero, ligne, f"écrivez {FORMAT_DE_LIGNE}.")
    culture, profession, libre = _points_de_ligne(points.split("/"), numero, ligne)
    nom, precisions = _nom_et_precisions(texte, numero, ligne)
    try:
        competence = trouver_competence(nom or "?")
    except InputError as erreur:
        raise _erreur_de_ligne(numero, ligne, erreur.message) from None
    variante = None
    if competence.variantes:
        for precision in precisions:
            try:
                formule_de_competence(competence, precision)
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
    return Repartition(competence.nom, culture, profession, libre, ", ".join(precisions), variante)


def lire_repartitions(texte: object) -> list[Repartition]:
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


@dataclass(frozen=True, slots=True)
class CompetenceCreee:
    """One skill on the new character's sheet: base, points per pool, value, EXPERT or not."""

    nom: str
    specialite: str
    categorie: TypeDeCompetence
    base: int
    culture: int
    profession: int
    libre: int
    valeur: int
    expert: bool

    @property
    def points(self) -> int:
        """All the points spent on the skill."""
        return self.culture + self.profession + self.libre


@dataclass(frozen=True, slots=True)
class BilanDeCreation:
    """A checked creation: the sheet, the points left in each pool, every violation and note."""

    culture: str
    competences: tuple[CompetenceCreee, ...]
    reste_culture: int
    reste_profession: int
    reste_libre: int
    violations: tuple[str, ...]
    remarques: tuple[str, ...]

    @property
    def valide(self) -> bool:
        """True when the creation breaks no rule."""
        return not self.violations


POOLS = (("culture", "de culture"), ("profession", "de profession"), ("libre", "libres"))
BUDGETS: Mapping[str, int] = MappingProxyType(
    {"culture": POINTS_DE_CULTURE, "profession": POINTS_DE_PROFESSION, "libre": POINTS_LIBRES}
)


def _lire_repartition(repartition: Repartition, caracteristiques: Mapping[str, int]) -> CompetenceCreee:
    """One row read and checked: known skill, its variant and speciality, points >= 0."""
    if not isinstance(repartition, Repartition):
        raise InputError(
            "Chaque ligne de la création doit être une répartition de points.", champ="competences"
        )
    competence = trouver_competence(repartition.competence)
    formule = formule_de_competence(competence, repartition.variante)
    specialite = repartition.specialite
    if not isinstance(specialite, str):
        raise InputError(f"« {competence.nom} » : la spécialité doit être un texte.", champ="specialite")
    if specialite.strip() and competence.specialite is None:
        raise InputError(f"« {competence.nom} » ne se choisit pas par spécialité.", champ="specialite")
    points = [
        entier(getattr(repartition, pool), f"{competence.nom} : points {libelle}", minimum=0)
        for pool, libelle in POOLS
    ]
    base = sum(caracteristiques[abr] * fois for abr, fois in formule)
    valeur = base + sum(points)
    return CompetenceCreee(
        competence.nom,
        specialite.strip(),
        competence.categorie,
        base,
        *points,
        valeur,
        est_expert(valeur),
    )


def _affiche(competence: CompetenceCreee) -> str:
    return f"{competence.nom} ({competence.specialite})" if competence.specialite else competence.nom


def _feuille(
    lues: Sequence[CompetenceCreee], caracteristiques: Mapping[str, int]
) -> tuple[CompetenceCreee, ...]:
    """Every standard skill (at its base when no points are given), then the professional rows."""
    vues: set[tuple[str, str]] = set()
    for ligne in lues:
        cle = (ligne.nom, _cle(ligne.specialite))
        if cle in vues:
            raise InputError(
                f"« {_affiche(ligne)} » apparaît deux fois dans la création.", champ="competences"
            )
        vues.add(cle)
    donnees = {ligne.nom: ligne for ligne in lues if ligne.categorie is TypeDeCompetence.STANDARD}
    standards = [
        donnees.get(c.nom) or _lire_repartition(Repartition(c.nom), caracteristiques)
        for c in COMPETENCES_STANDARDS
    ]
    return (*standards, *(ligne for ligne in lues if ligne.categorie is TypeDeCompetence.PROFESSIONNELLE))


def _violations_de_culture(origine: Culture, feuille: Sequence[CompetenceCreee]) -> list[str]:
    """Culture points only on the culture's skills, and its choices (« deux parmi », « ou ») respected."""
    violations = []
    for ligne in feuille:
        permises = (
            origine.competences_standards
            if ligne.categorie is TypeDeCompetence.STANDARD
            else origine.professionnelles
        )
        if ligne.culture and ligne.nom not in permises:
            violations.append(
                f"{_affiche(ligne)} n'est pas une compétence de la culture {origine.nom} : "
                "elle ne peut pas recevoir de points de culture."
            )
    for groupe in origine.standards:
        choisies = [ligne.nom for ligne in feuille if ligne.culture and ligne.nom in groupe.options]
        if len(choisies) > groupe.nombre:
            violations.append(
                f"Culture {origine.nom} : {groupe.nombre} compétence(s) au plus parmi "
                f"{', '.join(groupe.options)} ({len(choisies)} reçoivent des points de culture)."
            )
    return violations


def _violations_professionnelles(feuille: Sequence[CompetenceCreee]) -> list[str]:
    """Three professional skills at most per pool; free points only on a skill acquired otherwise."""
    violations = []
    professionnelles = [ligne for ligne in feuille if ligne.categorie is TypeDeCompetence.PROFESSIONNELLE]
    for pool, origine in (("culture", "la culture"), ("profession", "la profession")):
        nombre = sum(1 for ligne in professionnelles if getattr(ligne, pool))
        if nombre > MAXIMUM_PROFESSIONNELLES:
            violations.append(
                f"Trois compétences professionnelles au plus viennent de {origine} "
                f"({nombre} reçoivent des points de {pool})."
            )
    for ligne in professionnelles:
        if ligne.libre and not (ligne.culture or ligne.profession):
            violations.append(
                f"{_affiche(ligne)} : compétence professionnelle acquise ni par la culture ni par la "
                "profession ; elle ne peut pas recevoir de points libres."
            )
    return violations


def verifier_creation(
    caracteristiques: Mapping[str, int], culture: str, repartitions: Iterable[Repartition]
) -> BilanDeCreation:
    """Check a creation (A10): 100 culture / 100 profession / 150 free points, 65 % at most, base included.

    Every standard skill is on the sheet; a professional skill is acquired
    through the culture or the profession points it receives.

    >>> cars = {"FOR": 12, "CON": 13, "TAI": 11, "DEX": 14, "INT": 15, "POU": 10, "CHA": 9}
    >>> bilan = verifier_creation(cars, "Barbare", [Repartition("Athlétisme", culture=30, libre=9),
    ...                                             Repartition("Pistage", culture=20, profession=10)])
    >>> bilan.valide, bilan.reste_culture, bilan.reste_profession, bilan.reste_libre
    (True, 50, 90, 141)
    >>> bilan.competences[0].valeur
    65
    >>> verifier_creation(cars, "Barbare", [Repartition("Esquive", libre=40)]).violations
    ('Esquive : 68 % dépasse le maximum de 65 % à la création (base incluse).',)
    """
    valeurs = lire_caracteristiques(caracteristiques)
    origine = trouver_culture(culture)
    if isinstance(repartitions, str | bytes | Mapping) or not isinstance(repartitions, Iterable):
        raise InputError(
            "Les compétences de la création doivent être une liste de répartitions.", champ="competences"
        )
    feuille = _feuille([_lire_repartition(r, valeurs) for r in repartitions], valeurs)
    violations: list[str] = []
    restes = {}
    for pool, libelle in POOLS:
        depense = sum(getattr(ligne, pool) for ligne in feuille)
        restes[pool] = BUDGETS[pool] - depense
        if restes[pool] < 0:
            violations.append(f"Points {libelle} : {depense} dépensés pour {BUDGETS[pool]} disponibles.")
    violations += _violations_de_culture(origine, feuille)
    violations += _violations_professionnelles(feuille)
    remarques = []
    for ligne in feuille:
        if ligne.valeur > MAXIMUM_A_LA_CREATION and ligne.points:
            violations.append(
                f"{_affiche(ligne)} : {ligne.valeur} % dépasse le maximum de {MAXIMUM_A_LA_CREATION} % "
                "à la création (base incluse)."
            )
        elif ligne.valeur > MAXIMUM_A_LA_CREATION:
            remarques.append(
                f"{_affiche(ligne)} : la base seule ({ligne.base} %) dépasse {MAXIMUM_A_LA_CREATION} % ; "
                "elle est gardée, mais aucun point ne peut s'y ajouter à la création."
            )
        if ligne.nom == ORIENTATION.nom:
            remarques.append(f"{ORIENTATION.nom} : {ORIENTATION.note}")
    return BilanDeCreation(
        origine.nom,
        feuille,
        restes["culture"],
        restes["profession"],
        restes["libre"],
        tuple(violations),
        tuple(remarques),
    )

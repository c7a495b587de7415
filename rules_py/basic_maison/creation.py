"""Page « Cultures et professions »: a creation followed step by step (A10).

:func:`verifier_creation` checks a whole allocation; :func:`creation_pas_a_pas` answers what a
player needs at every step of it: the standard skills with their base from the text's formula,
the skills the culture offers (with the text's choices: « deux parmi », « ou »), the professional
skills that may be added, the budgets left, the skills over the 65 % ceiling (base included), the
derived attributes, and, once nothing is broken, the skills as they go on the sheet.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules_py.basic_maison.competences import (
    COMPETENCES_PROFESSIONNELLES,
    ORIENTATION,
    TypeDeCompetence,
    competences_et_variantes,
    formule_de_competence,
    trouver_competence,
)
from rules_py.basic_maison.cultures_et_professions import (
    BUDGETS,
    MAXIMUM_A_LA_CREATION,
    POOLS,
    BilanDeCreation,
    CompetenceCreee,
    Culture,
    Repartition,
    trouver_culture,
    verifier_creation,
)
from rules_py.basic_maison.recapitulatif import Attributs, attributs

__all__ = [
    "Budget",
    "CompetenceProposee",
    "CreationPasAPas",
    "LigneDeCreation",
    "creation_pas_a_pas",
    "nom_de_ligne",
]

_NOMBRES = {1: "une", 2: "deux", 3: "trois"}
COLONNES = {"culture": "Culture", "profession": "Profession", "libre": "Libres"}
"""The short name of each pool, over a skill's three boxes of points."""


@dataclass(frozen=True, slots=True)
class Budget:
    """One pool of points: its key (``culture``…), its label, what it holds, what is spent and left."""

    cle: str
    libelle: str
    colonne: str
    budget: int
    depense: int
    reste: int


@dataclass(frozen=True, slots=True)
class LigneDeCreation:
    """One skill of the creation: its line name, base and formula, points per pool, value, the ceiling.

    ``ligne`` is the name the points are written under (« Artisanat (Forge) »); ``de_la_culture``
    says whether the culture offers it (culture points allowed), ``choix`` the text's choice it
    belongs to (« deux parmi Athlétisme, Équitation, Natation »), empty for a fixed skill.
    """

    ligne: str
    nom: str
    specialite: str
    categorie: TypeDeCompetence
    formule: str
    base: int
    culture: int
    profession: int
    libre: int
    valeur: int
    au_dessus_du_maximum: bool
    de_la_culture: bool
    choix: str


@dataclass(frozen=True, slots=True)
class CompetenceProposee:
    """A professional skill the player may add: its name, the line to write (``{}``: the speciality to
    type), what the speciality is, whether the culture offers it."""

    libelle: str
    modele: str
    specialite: str
    formule: str
    de_la_culture: bool


@dataclass(frozen=True, slots=True)
class CreationPasAPas:
    """A creation at one step: the check, the budgets, the lines, what may be added, the attributes."""

    bilan: BilanDeCreation
    budgets: tuple[Budget, ...]
    lignes: tuple[LigneDeCreation, ...]
    proposees: tuple[CompetenceProposee, ...]
    attributs: Attributs

    @property
    def depassements(self) -> tuple[LigneDeCreation, ...]:
        """The skills whose points take them over the 65 % ceiling (base included)."""
        return tuple(ligne for ligne in self.lignes if ligne.au_dessus_du_maximum)

    def scores(self) -> tuple[tuple[str, int], ...]:
        """The skills as they go on the sheet: every standard skill (base + points), then each
        professional skill acquired (culture or profession points)."""
        return tuple(
            (ligne.ligne, ligne.valeur)
            for ligne in self.lignes
            if ligne.categorie is TypeDeCompetence.STANDARD or ligne.culture or ligne.profession
        )


def nom_de_ligne(competence: CompetenceCreee | Repartition) -> str:
    """The name a skill's points are written under: « Artisanat (Forge) », « Magie (Mages, Lumière) ».

    >>> nom_de_ligne(Repartition("Magie", specialite="Lumière", variante="Mages"))
    'Magie (Mages, Lumière)'
    """
    nom = competence.competence if isinstance(competence, Repartition) else competence.nom
    precisions = [p for p in (getattr(competence, "variante", None), competence.specialite) if p]
    return f"{nom} ({', '.join(precisions)})" if precisions else nom


def _choix_de(culture: Culture, nom: str) -> str:
    for groupe in culture.standards:
        if nom in groupe.options and len(groupe.options) > groupe.nombre:
            return f"{_NOMBRES.get(groupe.nombre, str(groupe.nombre))} parmi {', '.join(groupe.options)}"
    return ""


def _formules() -> dict[str, str]:
    """Each skill's base formula as the pages print it (``DEX × 2``)."""
    return {nom: formule.replace(" x ", " × ") for nom, _, _, formule in competences_et_variantes()}


def _proposees(culture: Culture) -> tuple[CompetenceProposee, ...]:
    """Every professional skill, the culture's first (the profession's are not listed by the text)."""
    formules = _formules()
    propres = [c for c in COMPETENCES_PROFESSIONNELLES if c.nom in culture.professionnelles]
    autres = [c for c in COMPETENCES_PROFESSIONNELLES if c.nom not in culture.professionnelles]
    if ORIENTATION.nom in culture.professionnelles:
        propres.append(ORIENTATION)
    proposees = []
    for competence in (*propres, *autres):
        de_la_culture = competence.nom in culture.professionnelles
        specialite = competence.specialite or ""
        variantes = competence.variantes or (None,)
        for variante in variantes:
            if variante is None:
                libelle, formule = competence.nom, formules.get(competence.nom, "—")
                modele = f"{competence.nom} ({{}})" if specialite else competence.nom
            else:
                libelle = f"{competence.nom} ({variante.libelle})"
                formule = formules[libelle]
                modele = f"{competence.nom} ({variante.libelle}, {{}})"
            proposees.append(CompetenceProposee(libelle, modele, specialite, formule, de_la_culture))
    return tuple(proposees)


def creation_pas_a_pas(
    caracteristiques: Mapping[str, int], culture: str, repartitions: Iterable[Repartition]
) -> CreationPasAPas:
    """A creation at any step (A10): checked as :func:`verifier_creation`, with what the player needs next.

    >>> cars = {"FOR": 12, "CON": 13, "TAI": 11, "DEX": 14, "INT": 15, "POU": 10, "CHA": 9}
    >>> etape = creation_pas_a_pas(cars, "Nomade", [Repartition("Esquive", libre=40)])
    >>> [(b.cle, b.reste) for b in etape.budgets]
    [('culture', 100), ('profession', 100), ('libre', 110)]
    >>> [(l.ligne, l.base, l.valeur) for l in etape.depassements]
    [('Esquive', 28, 68)]
    >>> next(l.choix for l in etape.lignes if l.nom == "Natation")
    'deux parmi Athlétisme, Équitation, Natation'
    """
    repartitions = list(repartitions) if not isinstance(repartitions, str | bytes) else repartitions
    bilan = verifier_creation(caracteristiques, culture, repartitions)
    origine = trouver_culture(bilan.culture)
    variantes = {
        (r.competence, r.specialite.strip()): r.variante
        for r in repartitions
        if isinstance(r, Repartition) and isinstance(r.specialite, str)
    }
    formules = _formules()
    lignes = []
    for c in bilan.competences:
        variante = variantes.get((trouver_competence(c.nom).nom, c.specialite))
        competence = trouver_competence(c.nom)
        if variante is not None:
            libelle = next(
                v.libelle
                for v in competence.variantes
                if v.formule == formule_de_competence(competence, variante)
            )
            formule = formules[f"{c.nom} ({libelle})"]
            ligne = nom_de_ligne(Repartition(c.nom, specialite=c.specialite, variante=libelle))
        else:
            formule = formules.get(c.nom, "—")
            ligne = nom_de_ligne(c)
        permises = (
            origine.competences_standards
            if c.categorie is TypeDeCompetence.STANDARD
            else origine.professionnelles
        )
        lignes.append(
            LigneDeCreation(
                ligne,
                c.nom,
                c.specialite,
                c.categorie,
                formule,
                c.base,
                c.culture,
                c.profession,
                c.libre,
                c.valeur,
                bool(c.points) and c.valeur > MAXIMUM_A_LA_CREATION,
                c.nom in permises,
                _choix_de(origine, c.nom),
            )
        )
    budgets = tuple(
        Budget(
            pool,
            f"Points {libelle}",
            COLONNES[pool],
            BUDGETS[pool],
            BUDGETS[pool] - getattr(bilan, f"reste_{pool}"),
            getattr(bilan, f"reste_{pool}"),
        )
        for pool, libelle in POOLS
    )
    return CreationPasAPas(bilan, budgets, tuple(lignes), _proposees(origine), attributs(caracteristiques))

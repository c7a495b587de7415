"""Basic maison: house rules on Chaosium's Basic Role-Playing (d100), as the text states them.

Sections follow the rules text (``000_c3d369694123e7ef.txt``) in its order:
characteristics, derived attributes, damage modifier, skills, cultures,
professions and creation, d100 tests, characteristic rolls, wounds and
healing, combat, initiative, equipment. Where the text is silent, the rulings
A1-A11 of ``design/RULINGS.md`` apply.

Every resolution is a pure function of the die results (``resoudre_test(score,
jet)``); rolling applies it to dice drawn from an injected ``random.Random``;
the odds map the same function over every die result.
"""

from __future__ import annotations

import math
import random
import unicodedata
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import TypeVar

from rules_py.d100 import D100, Resultat, arrondi_superieur, lire_jet, probabilites
from rules_py.dice import Distribution, Expression, critical, distribution, parse, roll, total_of
from rules_py.errors import InputError, RulesError
from rules_py.validation import choix, entier

__all__ = [
    "ABREVIATIONS",
    "ACTIONS_DU_ROUND",
    "ALIAS_DE_COMPETENCES",
    "ARMES_A_DISTANCE",
    "ARMES_DE_MELEE",
    "ARMURES",
    "BUDGETS",
    "CARACTERISTIQUES",
    "COMPETENCES",
    "COMPETENCES_PROFESSIONNELLES",
    "COMPETENCES_STANDARDS",
    "CULTURES",
    "ECART_DE_MALADRESSE",
    "ECHEC_AUTOMATIQUE",
    "MALUS_AFFAIBLI",
    "MAXIMUM_A_LA_CREATION",
    "MAXIMUM_PROFESSIONNELLES",
    "MAX_COMBATTANTS",
    "MAX_NOM",
    "MULTIPLICATEURS",
    "MULTIPLICATEUR_PAR_DEFAUT",
    "NIVEAUX_DE_LANGUE",
    "ORDRE_DES_ACTIONS",
    "ORIENTATION",
    "POINTS_DE_CULTURE",
    "POINTS_DE_PROFESSION",
    "POINTS_LIBRES",
    "POINTS_TOTAL",
    "REUSSITE_AUTOMATIQUE",
    "SEUIL_EXPERT",
    "SOINS",
    "TABLE_DE_CIRCONSTANCES",
    "TABLE_DU_MODIFICATEUR_DE_DEGATS",
    "Action",
    "ActionsDuRound",
    "Arme",
    "Armure",
    "Attributs",
    "BilanDeCreation",
    "Blessure",
    "Caracteristique",
    "ChanceDInitiative",
    "ChoixDeCompetences",
    "Circonstance",
    "Combattant",
    "Competence",
    "CompetenceCreee",
    "Coup",
    "Culture",
    "Degats",
    "EffetDuSoin",
    "EtatDeBlessure",
    "Formule",
    "GroupeDInitiative",
    "Initiative",
    "IssueDuJetDeCon",
    "JetDAttaque",
    "JetDeCon",
    "JetDeTest",
    "LigneDeModificateur",
    "ModificateurDeDegats",
    "NiveauDeLangue",
    "Repartition",
    "ResultatDAttaque",
    "ScoreDInitiative",
    "Seuils",
    "SeuilsDAttaque",
    "Soin",
    "SuiviDInitiative",
    "TypeDeCompetence",
    "Variante",
    "actions_du_round",
    "attributs",
    "bandes_de_guerison",
    "base_de_competence",
    "chance_d_opposition",
    "chance_de_toucher",
    "chances_d_initiative",
    "cible_de_caracteristique",
    "competences_et_variantes",
    "coup",
    "degats_finals",
    "degats_lus",
    "distribution_des_degats",
    "distribution_du_soin",
    "duree_d_inconscience",
    "est_expert",
    "expression_des_degats",
    "formule_de_competence",
    "lancer_agonie",
    "lancer_attaque",
    "lancer_choc",
    "lancer_degats",
    "lancer_initiative",
    "lancer_jet_de_caracteristique",
    "lancer_soin",
    "lancer_test",
    "lire_caracteristiques",
    "lire_repartitions",
    "modificateur_de_degats",
    "modificateur_pour_somme",
    "niveau_de_langue",
    "nom_de_combattant",
    "nombre_d_attaques",
    "ordre_d_initiative",
    "plages_du_d100",
    "points_de_magie",
    "points_de_vie",
    "probabilites_d_attaque",
    "probabilites_de_caracteristique",
    "probabilites_de_test",
    "resoudre_agonie",
    "resoudre_attaque",
    "resoudre_choc",
    "resoudre_degats",
    "resoudre_jet_de_caracteristique",
    "resoudre_test",
    "score_d_initiative",
    "seuils",
    "seuils_d_attaque",
    "soigner",
    "subir_degats",
    "trouver_arme",
    "trouver_competence",
    "trouver_culture",
    "trouver_soin",
    "verifier_creation",
    "vitesse_de_guerison",
]

T = TypeVar("T", bound=Hashable)


def _cle(nom: str) -> str:
    """A lookup key: no accents, no case, plain apostrophes, single spaces."""
    decompose = unicodedata.normalize("NFKD", nom.replace("\u2019", "'"))
    sans_accents = "".join(ch for ch in decompose if not unicodedata.combining(ch))
    return " ".join(sans_accents.casefold().split())


def _texte(valeur: object, champ: str) -> str:
    """``valeur`` as a non-empty text, or an :class:`InputError` naming ``champ``."""
    if not isinstance(valeur, str) or not valeur.strip():
        raise InputError(f"« {champ} » doit être un texte non vide.", champ=champ)
    return valeur


def _booleen(valeur: object, champ: str) -> bool:
    """``valeur`` if it is a bool, else an :class:`InputError` naming ``champ``."""
    if not isinstance(valeur, bool):
        raise InputError(f"« {champ} » doit valoir vrai ou faux.", champ=champ)
    return valeur


# == Caractéristiques ===========================================================


@dataclass(frozen=True, slots=True)
class Caracteristique:
    """One of the seven characteristics, with what the text says happens at 0 (``None``: nothing said)."""

    abreviation: str
    nom: str
    a_zero: str | None


CARACTERISTIQUES: tuple[Caracteristique, ...] = (
    Caracteristique("FOR", "Force", "ne peut plus se déplacer ni soulever des objets"),
    Caracteristique("CON", "Constitution", "meurt"),
    Caracteristique("TAI", "Taille", None),
    Caracteristique("DEX", "Dextérité", "est paralysé"),
    Caracteristique("INT", "Intelligence", "devient un vrai légume"),
    Caracteristique("POU", "Pouvoir", "perd toute volonté propre"),
    Caracteristique("CHA", "Charisme", "ne peut plus avoir de relations sociales"),
)
ABREVIATIONS: tuple[str, ...] = tuple(c.abreviation for c in CARACTERISTIQUES)


def _caracteristique(valeur: object, abreviation: str) -> int:
    """One characteristic score: an integer >= 0."""
    return entier(valeur, abreviation, minimum=0)


def _caracteristiques(valeurs: object, requises: Iterable[str]) -> dict[str, int]:
    """The ``requises`` characteristics read from ``valeurs``, every key checked."""
    if not isinstance(valeurs, Mapping):
        raise InputError(
            "Les caractéristiques doivent être données par abréviation.", champ="caracteristiques"
        )
    for abreviation in valeurs:
        if abreviation not in ABREVIATIONS:
            raise InputError(
                f"Caractéristique inconnue : « {str(abreviation)[:20]} » "
                f"(attendu : {', '.join(ABREVIATIONS)}).",
                champ=str(abreviation)[:20],
            )
    lues = {}
    for abreviation in requises:
        if abreviation not in valeurs:
            raise InputError(f"La caractéristique « {abreviation} » manque.", champ=abreviation)
        lues[abreviation] = _caracteristique(valeurs[abreviation], abreviation)
    return lues


def lire_caracteristiques(valeurs: Mapping[str, object]) -> dict[str, int]:
    """The seven characteristics, each an integer >= 0, keyed by abbreviation.

    >>> lire_caracteristiques({"FOR": 12, "CON": "13", "TAI": 11, "DEX": 14, "INT": 15, "POU": 10, "CHA": 9})
    {'FOR': 12, 'CON': 13, 'TAI': 11, 'DEX': 14, 'INT': 15, 'POU': 10, 'CHA': 9}
    """
    return _caracteristiques(valeurs, ABREVIATIONS)


def points_de_vie(con: int, tai: int) -> int:
    """Points de Vie: (CON + TAI) / 2, rounded up (A2).

    >>> points_de_vie(13, 12), points_de_vie(12, 12)
    (13, 12)
    """
    return arrondi_superieur(_caracteristique(con, "CON") + _caracteristique(tai, "TAI"), 2)


def points_de_magie(pou: int) -> int:
    """Points de Magie: POU (A2).

    >>> points_de_magie(14)
    14
    """
    return _caracteristique(pou, "POU")


# == Modificateur de dégâts =====================================================


@dataclass(frozen=True, slots=True)
class LigneDeModificateur:
    """One row of the damage-modifier table: FOR + TAI from ``minimum`` to ``maximum``."""

    minimum: int
    maximum: int
    modificateur: str

    @property
    def plage(self) -> str:
        """The row's range as the table prints it (A1: the first row includes 5)."""
        return f"{self.maximum} ou moins" if self.minimum == 0 else f"{self.minimum}-{self.maximum}"


TABLE_DU_MODIFICATEUR_DE_DEGATS: tuple[LigneDeModificateur, ...] = (
    LigneDeModificateur(0, 5, "-1d8"),
    LigneDeModificateur(6, 10, "-1d6"),
    LigneDeModificateur(11, 15, "-1d4"),
    LigneDeModificateur(16, 20, "-1d2"),
    LigneDeModificateur(21, 25, "0"),
    LigneDeModificateur(26, 30, "+1d2"),
    LigneDeModificateur(31, 35, "+1d4"),
    LigneDeModificateur(36, 40, "+1d6"),
    LigneDeModificateur(41, 45, "+1d8"),
)


@dataclass(frozen=True, slots=True)
class ModificateurDeDegats:
    """FOR + TAI, the modifier read in the table, and whether the sum is beyond the table (above 45)."""

    somme: int
    modificateur: str
    hors_table: bool

    @property
    def expression(self) -> Expression:
        """The modifier as a dice expression (``"0"`` is the constant 0)."""
        return parse(self.modificateur)


def modificateur_de_degats(for_: int, tai: int) -> ModificateurDeDegats:
    """The damage modifier for FOR + TAI (A1: 5 or less gives -1d8; above 45, +1d8 marked hors table).

    >>> modificateur_de_degats(12, 13)
    ModificateurDeDegats(somme=25, modificateur='0', hors_table=False)
    >>> modificateur_de_degats(25, 21).hors_table
    True
    """
    return modificateur_pour_somme(_caracteristique(for_, "FOR") + _caracteristique(tai, "TAI"))


def modificateur_pour_somme(somme: int) -> ModificateurDeDegats:
    """The damage modifier read in the table for a known sum FOR + TAI (A1).

    >>> modificateur_pour_somme(33).modificateur, modificateur_pour_somme(5).modificateur
    ('+1d4', '-1d8')
    """
    somme = entier(somme, "FOR + TAI", minimum=0)
    derniere = TABLE_DU_MODIFICATEUR_DE_DEGATS[-1]
    for ligne in TABLE_DU_MODIFICATEUR_DE_DEGATS:
        if somme <= ligne.maximum:
            return ModificateurDeDegats(somme, ligne.modificateur, False)
    return ModificateurDeDegats(somme, derniere.modificateur, True)


# == Compétences ================================================================


class TypeDeCompetence(StrEnum):
    """The two kinds of skills."""

    STANDARD = "standard"
    PROFESSIONNELLE = "professionnelle"


Formule = tuple[tuple[str, int], ...]
"""A base formula: characteristic terms, e.g. ``(("FOR", 1), ("DEX", 1))`` or ``(("DEX", 2),)``."""


@dataclass(frozen=True, slots=True)
class Variante:
    """One variant of a skill whose base depends on who uses it (Magie: Prêtres, Mages)."""

    cle: str
    libelle: str
    formule: Formule

    @property
    def formule_texte(self) -> str:
        """The variant's base formula as the text prints it.

        >>> trouver_competence("Magie").variantes[1].formule_texte
        'INT + POU'
        """
        return _formule_texte(self.formule)


@dataclass(frozen=True, slots=True)
class Competence:
    """A skill: name, kind, base formula (or variants), what must be specialised, notes."""

    nom: str
    categorie: TypeDeCompetence
    formule: Formule
    variantes: tuple[Variante, ...] = ()
    specialite: str | None = None
    definie: bool = True
    note: str | None = None

    @property
    def formule_texte(self) -> str:
        """The base formula as the text prints it.

        >>> trouver_competence("Magie").formule_texte
        'POU + CHA (Prêtres) ou INT + POU (Mages)'
        """
        if self.variantes:
            return " ou ".join(f"{_formule_texte(v.formule)} ({v.libelle})" for v in self.variantes)
        return _formule_texte(self.formule)


def _formule_texte(formule: Formule) -> str:
    """``FOR + DEX``, ``DEX x 2``, or a dash for no formula."""
    if not formule:
        return "—"
    return " + ".join(abr if fois == 1 else f"{abr} x {fois}" for abr, fois in formule)


def _somme(*abreviations: str) -> Formule:
    return tuple((abr, 1) for abr in abreviations)


def _double(abreviation: str) -> Formule:
    return ((abreviation, 2),)


def _standard(nom: str, formule: Formule) -> Competence:
    return Competence(nom, TypeDeCompetence.STANDARD, formule)


def _pro(nom: str, formule: Formule, specialite: str | None = None, note: str | None = None) -> Competence:
    return Competence(nom, TypeDeCompetence.PROFESSIONNELLE, formule, specialite=specialite, note=note)


COMPETENCES_STANDARDS: tuple[Competence, ...] = (
    _standard("Athlétisme", _somme("FOR", "DEX")),
    _standard("Bagarre", _somme("FOR", "DEX")),
    _standard("Chant/Danse", _somme("DEX", "CHA")),
    _standard("Discrétion", _somme("DEX", "INT")),
    _standard("Équitation", _somme("DEX", "POU")),
    _standard("Esquive", _double("DEX")),
    _standard("Natation", _somme("FOR", "CON")),
    _standard("Perception", _somme("INT", "POU")),
    _standard("Perspicacité", _somme("INT", "POU")),
    _standard("Premiers secours", _somme("INT", "DEX")),
    _standard("Tromperie/Baratin/Influence", _somme("INT", "CHA")),
)

COMPETENCES_PROFESSIONNELLES: tuple[Competence, ...] = (
    _pro("Acrobatie", _somme("FOR", "DEX"), note="Peut remplacer l'Esquive dans certains cas."),
    _pro("Art", _somme("POU", "CHA"), specialite="spécialisation artistique"),
    _pro("Artisanat", _somme("DEX", "INT"), specialite="spécialisation artisanale"),
    _pro("Commerce", _somme("INT", "CHA")),
    _pro("Connaissance", _double("INT"), specialite="domaine de savoir"),
    _pro("Crochetage", _double("DEX")),
    _pro("Déguisement", _somme("INT", "CHA")),
    _pro("Écriture/Lecture", _double("INT"), specialite="langue spécifique"),
    _pro("Éloquence", _somme("POU", "CHA")),
    _pro("Guérison", _somme("INT", "POU")),
    _pro("Jeux de Hasard", _somme("INT", "POU")),
    _pro("Jouer d'un Instrument", _somme("DEX", "CHA"), specialite="groupe d'instruments"),
    _pro("Langue", _somme("INT", "CHA"), specialite="langue spécifique"),
    Competence(
        "Magie",
        TypeDeCompetence.PROFESSIONNELLE,
        (),
        variantes=(
            Variante("pretre", "Prêtres", _somme("POU", "CHA")),
            Variante("mage", "Mages", _somme("INT", "POU")),
        ),
        specialite="sort",
        note=(
            "Une compétence par sort. Le « chapitre Pouvoirs à partir de la page 33 » "
            "cité par le texte ne fait pas partie des sources."
        ),
    ),
    _pro("Navigation/Canotage", _somme("INT", "CON")),
    _pro("Passe-passe", _somme("DEX", "CHA")),
    _pro("Pistage", _somme("INT", "CON")),
    _pro("Sens de la Rue", _somme("POU", "CHA")),
    _pro("Survie", _somme("CON", "POU")),
)

ORIENTATION = Competence(
    "Orientation",
    TypeDeCompetence.PROFESSIONNELLE,
    (),
    definie=False,
    note=(
        "Citée dans la culture Primitif mais décrite nulle part dans les sources : "
        "pas de formule de base (base 0 ; voyez avec le MJ)."
    ),
)
"""The skill the Primitif list names without defining it (A11): kept, with base 0."""

COMPETENCES: tuple[Competence, ...] = (*COMPETENCES_STANDARDS, *COMPETENCES_PROFESSIONNELLES, ORIENTATION)

ALIAS_DE_COMPETENCES: Mapping[str, str] = MappingProxyType(
    {
        "Athléstisme": "Athlétisme",
        "Perceptio": "Perception",
        "Premiers Soins": "Premiers secours",
        "Influence": "Tromperie/Baratin/Influence",
        "Tromperie": "Tromperie/Baratin/Influence",
        "Navigation": "Navigation/Canotage",
    }
)
"""The text's other spellings of a skill's name → the skill (A11)."""

_PAR_NOM: Mapping[str, Competence] = MappingProxyType(
    {_cle(c.nom): c for c in COMPETENCES}
    | {
        _cle(alias): next(c for c in COMPETENCES if c.nom == nom)
        for alias, nom in ALIAS_DE_COMPETENCES.items()
    }
)


def trouver_competence(nom: str) -> Competence:
    """The skill called ``nom`` (accents, case and the text's other spellings accepted, A11).

    >>> trouver_competence("premiers soins").nom
    'Premiers secours'
    """
    texte = _texte(nom, "competence")
    try:
        return _PAR_NOM[_cle(texte)]
    except KeyError:
        raise InputError(f"Compétence inconnue : « {texte[:40]} ».", champ="competence") from None


def formule_de_competence(competence: Competence, variante: str | None = None) -> Formule:
    """The base formula of ``competence``; a skill with variants (Magie) needs one.

    >>> formule_de_competence(trouver_competence("Magie"), "Mages")
    (('INT', 1), ('POU', 1))
    """
    if not competence.variantes:
        if variante is not None:
            raise InputError(f"« {competence.nom} » n'a pas de variante.", champ="variante")
        return competence.formule
    permises = ", ".join(f"« {v.libelle} »" for v in competence.variantes)
    if variante is None:
        raise InputError(f"« {competence.nom} » : précisez la variante ({permises}).", champ="variante")
    cle = _cle(_texte(variante, "variante"))
    for possible in competence.variantes:
        if cle in (possible.cle, _cle(possible.libelle)):
            return possible.formule
    raise InputError(
        f"« {competence.nom} » : variante inconnue « {variante[:20]} » (attendu : {permises}).",
        champ="variante",
    )


def base_de_competence(nom: str, caracteristiques: Mapping[str, int], variante: str | None = None) -> int:
    """The base value of a skill: its characteristic formula (only the characteristics it uses are needed).

    >>> base_de_competence("Esquive", {"DEX": 14})
    28
    >>> base_de_competence("Magie", {"POU": 12, "CHA": 10, "INT": 15}, variante="pretre")
    22
    """
    formule = formule_de_competence(trouver_competence(nom), variante)
    valeurs = _caracteristiques(caracteristiques, (abr for abr, _ in formule))
    return sum(valeurs[abr] * fois for abr, fois in formule)


def competences_et_variantes() -> Iterator[tuple[str, Competence, str | None, str]]:
    """(name shown, skill, variant, formula) for every skill with a base, Magie once per variant.

    >>> [nom for nom, *_ in competences_et_variantes() if nom.startswith("Magie")]
    ['Magie (Prêtres)', 'Magie (Mages)']
    """
    for competence in COMPETENCES:
        if competence.definie and competence.variantes:
            for v in competence.variantes:
                yield f"{competence.nom} ({v.libelle})", competence, v.cle, v.formule_texte
        elif competence.definie:
            yield competence.nom, competence, None, competence.formule_texte


SEUIL_EXPERT = 80
"""From 80 % (skill + characteristic bonus) a character is EXPERT in the skill."""


def est_expert(valeur: int) -> bool:
    """True from 80 %: the character gains the skill's EXPERT faculty.

    >>> est_expert(79), est_expert(80)
    (False, True)
    """
    return entier(valeur, "valeur", minimum=0) >= SEUIL_EXPERT


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


# == Tests ======================================================================

REUSSITE_AUTOMATIQUE = 3
"""01-03 is always a success."""
ECHEC_AUTOMATIQUE = 98
"""98-00 is always a failure."""
ECART_DE_MALADRESSE = 20
"""A failure at skill + 20 or more is a maladresse (while skill + 20 <= 99)."""
MALUS_AFFAIBLI = -30
"""After a failed serious-wound roll: -30 % to every roll until treated."""


@dataclass(frozen=True, slots=True)
class Circonstance:
    """One row of the circumstance table: the modifier, its name, the text's examples."""

    modificateur: int
    circonstance: str
    exemple: str


TABLE_DE_CIRCONSTANCES: tuple[Circonstance, ...] = (
    Circonstance(
        -20,
        "Très difficile",
        "Tirer de nuit sur cible mobile, ou sauter une crevasse au-delà de ses limites.",
    ),
    Circonstance(
        -10,
        "Difficile",
        "Tirer sur cible mobile ou de petite taille, crocheter une serrure particulièrement bien conçue.",
    ),
    Circonstance(
        10,
        "Facile",
        "Tirer sur cible immobile et de grande taille, escalader un mur avec de nombreuses prises.",
    ),
    Circonstance(
        20,
        "Plus que facile",
        "Suivre un flâneur qui ne se méfie pas, se souvenir que la Bastille a été prise un 14 juillet.",
    ),
)


def _circonstance(valeur: object) -> int:
    """A circumstance modifier: 0 or one of the table's."""
    modificateur = entier(valeur, "circonstance")
    permis = (0, *(c.modificateur for c in TABLE_DE_CIRCONSTANCES))
    if modificateur not in permis:
        raise InputError(
            "« circonstance » vaut 0 ou un modificateur de la table : -20, -10, +10 ou +20 "
            f"(reçu : {modificateur}).",
            champ="circonstance",
        )
    return modificateur


def _malus(affaibli: object, champ: str = "affaibli") -> int:
    return MALUS_AFFAIBLI if _booleen(affaibli, champ) else 0


@dataclass(frozen=True, slots=True)
class Seuils:
    """A test's thresholds (A3): S, critical iff roll <= ``critique``, maladresse iff roll >= ``maladresse``.

    ``critique`` may be 0 or less (no critical possible); ``maladresse`` is
    ``None`` when S + 20 > 99 (no maladresse any more).
    """

    score: int
    critique: int
    maladresse: int | None


def _seuils(score: int) -> Seuils:
    maladresse = score + ECART_DE_MALADRESSE
    return Seuils(score, arrondi_superieur(score, 10), maladresse if maladresse <= 99 else None)


def seuils(score: int, circonstance: int = 0, *, affaibli: bool = False) -> Seuils:
    """The thresholds for a skill with a circumstance modifier (and -30 when weakened).

    >>> seuils(67)
    Seuils(score=67, critique=7, maladresse=87)
    >>> seuils(70, +10)
    Seuils(score=80, critique=8, maladresse=None)
    """
    return _seuils(entier(score, "score", minimum=0) + _circonstance(circonstance) + _malus(affaibli))


def _resultat(limites: Seuils, jet: int) -> Resultat:
    """A3 in order: 01-03 success, 98-00 failure, else roll <= S; then critical or maladresse."""
    if jet <= REUSSITE_AUTOMATIQUE or (jet < ECHEC_AUTOMATIQUE and jet <= limites.score):
        return Resultat.REUSSITE_CRITIQUE if jet <= limites.critique else Resultat.REUSSITE
    if limites.maladresse is not None and jet >= limites.maladresse:
        return Resultat.ECHEC_CRITIQUE
    return Resultat.ECHEC


def plages_du_d100(resoudre: Callable[[int], T]) -> dict[T, list[tuple[int, int]]]:
    """The d100 faces giving each result of ``resoudre``, as runs of consecutive faces.

    >>> plages_du_d100(lambda jet: resoudre_test(67, jet))[Resultat.ECHEC_CRITIQUE]
    [(87, 100)]
    """
    plages: dict[T, list[tuple[int, int]]] = {}
    for jet in range(1, 101):
        suites = plages.setdefault(resoudre(jet), [])
        if suites and suites[-1][1] == jet - 1:
            suites[-1] = (suites[-1][0], jet)
        else:
            suites.append((jet, jet))
    return plages


def resoudre_test(score: int, jet: int, circonstance: int = 0, *, affaibli: bool = False) -> Resultat:
    """The result of a d100 ``jet`` against a skill (A3); a maladresse is ``ECHEC_CRITIQUE``.

    >>> resoudre_test(67, 7), resoudre_test(67, 8), resoudre_test(67, 86), resoudre_test(67, "87")
    (<Resultat.REUSSITE_CRITIQUE: 'reussite_critique'>, <Resultat.REUSSITE: 'reussite'>, \
<Resultat.ECHEC: 'echec'>, <Resultat.ECHEC_CRITIQUE: 'echec_critique'>)
    >>> resoudre_test(5, "02", -20), resoudre_test(200, "00")
    (<Resultat.REUSSITE: 'reussite'>, <Resultat.ECHEC: 'echec'>)
    """
    return _resultat(seuils(score, circonstance, affaibli=affaibli), lire_jet(jet))


def probabilites_de_test(
    score: int, circonstance: int = 0, *, affaibli: bool = False
) -> dict[Resultat, Fraction]:
    """The exact chance of each result, by the resolver applied to the 100 faces.

    >>> probabilites_de_test(67)[Resultat.REUSSITE_CRITIQUE]
    Fraction(7, 100)
    """
    limites = seuils(score, circonstance, affaibli=affaibli)
    return probabilites(lambda jet: _resultat(limites, jet))


@dataclass(frozen=True, slots=True)
class JetDeTest:
    """A rolled test: the d100, the score it was compared to (modifiers included), the result."""

    jet: int
    score: int
    resultat: Resultat


def _lancer(limites: Seuils, rng: random.Random) -> JetDeTest:
    jet = rng.randint(1, 100)
    return JetDeTest(jet, limites.score, _resultat(limites, jet))


def lancer_test(
    score: int, rng: random.Random, circonstance: int = 0, *, affaibli: bool = False
) -> JetDeTest:
    """Roll a d100 with ``rng`` and resolve it as :func:`resoudre_test`.

    >>> from rules_py.dice import new_rng
    >>> lancer_test(67, new_rng(3))
    JetDeTest(jet=31, score=67, resultat=<Resultat.REUSSITE: 'reussite'>)
    """
    return _lancer(seuils(score, circonstance, affaibli=affaibli), rng)


# == Jets de caractéristique ====================================================

MULTIPLICATEURS: tuple[int, ...] = (1, 2, 3, 4, 5)
"""From x 1 (très difficile) to x 5 (facile)."""
MULTIPLICATEUR_PAR_DEFAUT = 3
"""« La plupart du temps ce sera x 3 »."""


def cible_de_caracteristique(valeur: int, multiplicateur: int = MULTIPLICATEUR_PAR_DEFAUT) -> int:
    """The target of a characteristic roll: characteristic x multiplier (1..5, A4).

    >>> cible_de_caracteristique(13, 5), cible_de_caracteristique(13, 1), cible_de_caracteristique(13)
    (65, 13, 39)
    """
    caracteristique = _caracteristique(valeur, "caracteristique")
    return caracteristique * entier(multiplicateur, "multiplicateur", minimum=1, maximum=5)


def _seuils_de_caracteristique(valeur: int, multiplicateur: int, affaibli: bool) -> Seuils:
    return _seuils(cible_de_caracteristique(valeur, multiplicateur) + _malus(affaibli))


def resoudre_jet_de_caracteristique(
    valeur: int, jet: int, multiplicateur: int = MULTIPLICATEUR_PAR_DEFAUT, *, affaibli: bool = False
) -> Resultat:
    """The result of a characteristic roll, resolved exactly like a skill test (A4).

    >>> resoudre_jet_de_caracteristique(13, 60, 5), resoudre_jet_de_caracteristique(13, 60, 1)
    (<Resultat.REUSSITE: 'reussite'>, <Resultat.ECHEC_CRITIQUE: 'echec_critique'>)
    """
    return _resultat(_seuils_de_caracteristique(valeur, multiplicateur, affaibli), lire_jet(jet))


def probabilites_de_caracteristique(
    valeur: int, multiplicateur: int = MULTIPLICATEUR_PAR_DEFAUT, *, affaibli: bool = False
) -> dict[Resultat, Fraction]:
    """The exact chance of each result of a characteristic roll.

    >>> probabilites_de_caracteristique(10, 5)[Resultat.REUSSITE_CRITIQUE]
    Fraction(1, 20)
    """
    limites = _seuils_de_caracteristique(valeur, multiplicateur, affaibli)
    return probabilites(lambda jet: _resultat(limites, jet))


def lancer_jet_de_caracteristique(
    valeur: int,
    rng: random.Random,
    multiplicateur: int = MULTIPLICATEUR_PAR_DEFAUT,
    *,
    affaibli: bool = False,
) -> JetDeTest:
    """Roll a characteristic roll with ``rng``.

    >>> from rules_py.dice import new_rng
    >>> lancer_jet_de_caracteristique(13, new_rng(3), 5).score
    65
    """
    return _lancer(_seuils_de_caracteristique(valeur, multiplicateur, affaibli), rng)


# == Blessures et guérison ======================================================


class EtatDeBlessure(StrEnum):
    """The state after a hit, the most severe that applies (no damage and PV above 3: ``AUCUNE``)."""

    AUCUNE = "aucune"
    BLESSURE_LEGERE = "blessure_legere"
    BLESSURE_GRAVE = "blessure_grave"
    AGONIE = "agonie"
    MORT = "mort"


def duree_d_inconscience(con: int) -> int:
    """(21 - CON), in minutes (serious wound) or hours (agonie), at least 1 (A7).

    >>> duree_d_inconscience(13), duree_d_inconscience(21), duree_d_inconscience(25)
    (8, 1, 1)
    """
    return max(1, 21 - _caracteristique(con, "CON"))


@dataclass(frozen=True, slots=True)
class JetDeCon:
    """A CON roll the wound calls for: target, how often, unconsciousness and malus on a failure."""

    nom: str
    multiplicateur: int
    cible: int
    frequence: str
    inconscience: int
    unite: str
    malus_en_cas_d_echec: int

    def resoudre(self, jet: int | None, rng: random.Random) -> IssueDuJetDeCon:
        """This roll with the d100 ``jet`` read on the table, or rolled with ``rng`` when None.

        >>> subir_degats(12, 7, 13).jets[0].resoudre(66, random.Random()).inconscience
        8
        """
        return _issue(self, rng.randint(1, 100) if jet is None else lire_jet(jet))

    def probabilites(self) -> dict[Resultat, Fraction]:
        """The exact chance of each result under the target.

        >>> sum(p for r, p in subir_degats(12, 7, 13).jets[0].probabilites().items() if r.reussi)
        Fraction(13, 20)
        """
        limites = _seuils(self.cible)
        return probabilites(lambda jet: _resultat(limites, jet))


_JETS_DE_CON: Mapping[str, tuple[int, str, str, int]] = MappingProxyType(
    {
        "choc": (5, "une fois", "minutes", MALUS_AFFAIBLI),
        "agonie": (3, "chaque round", "heures", 0),
    }
)


def _jet_de_con(nom: str, con: int, affaibli: object) -> JetDeCon:
    multiplicateur, frequence, unite, malus = _JETS_DE_CON[nom]
    cible = cible_de_caracteristique(con, multiplicateur) + _malus(affaibli)
    return JetDeCon(nom, multiplicateur, cible, frequence, duree_d_inconscience(con), unite, malus)


@dataclass(frozen=True, slots=True)
class Blessure:
    """One hit applied: PV before and after, the state, and the CON rolls it calls for, in order (A7)."""

    pv_avant: int
    degats: int
    pv_apres: int
    etat: EtatDeBlessure
    blessure_grave: bool
    agonie: bool
    jets: tuple[JetDeCon, ...]


def _pv(pv: object, pv_max: object | None) -> int:
    """Current PV of a living character (>= 1), not above ``pv_max`` when given."""
    valeur = entier(pv, "pv")
    if valeur <= 0:
        raise InputError(
            f"À {valeur} PV le personnage est mort : la médecine conventionnelle ne peut plus rien pour lui.",
            champ="pv",
        )
    if pv_max is not None and valeur > entier(pv_max, "pv_max", minimum=1):
        raise InputError(f"Les PV actuels ({valeur}) dépassent les PV maximum ({pv_max}).", champ="pv")
    return valeur


def subir_degats(
    pv: int, degats: int, con: int, *, pv_max: int | None = None, affaibli: bool = False
) -> Blessure:
    """Apply one hit (A7): PV <= 0 mort; else damage x 2 >= PV before → CON x 5; then PV 1-3 → agonie.

    >>> b = subir_degats(12, 7, 13)
    >>> b.pv_apres, b.etat, [j.nom for j in b.jets]
    (5, <EtatDeBlessure.BLESSURE_GRAVE: 'blessure_grave'>, ['choc'])
    >>> subir_degats(12, 10, 13).etat, subir_degats(12, 12, 13).etat
    (<EtatDeBlessure.AGONIE: 'agonie'>, <EtatDeBlessure.MORT: 'mort'>)
    """
    avant = _pv(pv, pv_max)
    perte = entier(degats, "degats", minimum=0)
    _caracteristique(con, "CON")
    _booleen(affaibli, "affaibli")
    apres = avant - perte
    if apres <= 0:
        return Blessure(avant, perte, apres, EtatDeBlessure.MORT, False, False, ())
    grave = perte * 2 >= avant
    agonie = apres <= 3
    jets = tuple(_jet_de_con(nom, con, affaibli) for nom, oui in (("choc", grave), ("agonie", agonie)) if oui)
    if agonie:
        etat = EtatDeBlessure.AGONIE
    elif grave:
        etat = EtatDeBlessure.BLESSURE_GRAVE
    else:
        etat = EtatDeBlessure.BLESSURE_LEGERE if perte else EtatDeBlessure.AUCUNE
    return Blessure(avant, perte, apres, etat, grave, agonie, jets)


@dataclass(frozen=True, slots=True)
class IssueDuJetDeCon:
    """A resolved CON roll: still conscious, or unconscious for a time, and the malus on waking."""

    jet: int
    cible: int
    resultat: Resultat
    conscient: bool
    inconscience: int
    unite: str
    malus: int


def _issue(demande: JetDeCon, jet: int) -> IssueDuJetDeCon:
    resultat = _resultat(_seuils(demande.cible), jet)
    if resultat.reussi:
        return IssueDuJetDeCon(jet, demande.cible, resultat, True, 0, demande.unite, 0)
    return IssueDuJetDeCon(
        jet, demande.cible, resultat, False, demande.inconscience, demande.unite, demande.malus_en_cas_d_echec
    )


def resoudre_choc(con: int, jet: int, *, affaibli: bool = False) -> IssueDuJetDeCon:
    """The serious-wound roll under CON x 5: failure, unconscious (21 - CON) minutes then -30 % (A7).

    >>> resoudre_choc(13, 65).conscient, resoudre_choc(13, 66).inconscience, resoudre_choc(13, 66).malus
    (True, 8, -30)
    """
    return _issue(_jet_de_con("choc", con, affaibli), lire_jet(jet))


def resoudre_agonie(con: int, jet: int, *, affaibli: bool = False) -> IssueDuJetDeCon:
    """The agonie roll under CON x 3, each round: failure, unconscious (21 - CON) hours (A7).

    >>> issue = resoudre_agonie(13, 40)
    >>> issue.conscient, issue.inconscience, issue.unite
    (False, 8, 'heures')
    """
    return _issue(_jet_de_con("agonie", con, affaibli), lire_jet(jet))


def lancer_choc(con: int, rng: random.Random, *, affaibli: bool = False) -> IssueDuJetDeCon:
    """Roll the serious-wound CON x 5 roll with ``rng``."""
    return _issue(_jet_de_con("choc", con, affaibli), rng.randint(1, 100))


def lancer_agonie(con: int, rng: random.Random, *, affaibli: bool = False) -> IssueDuJetDeCon:
    """Roll one round's agonie CON x 3 roll with ``rng``."""
    return _issue(_jet_de_con("agonie", con, affaibli), rng.randint(1, 100))


def vitesse_de_guerison(con: int) -> int:
    """Vitesse de guérison: 1 up to CON 6, then +1 per started block of 6 (A8): max(1, ceil(CON / 6)).

    >>> [vitesse_de_guerison(con) for con in (0, 6, 7, 12, 13, 18, 19, 24, 25)]
    [1, 1, 2, 2, 3, 3, 4, 4, 5]
    """
    return max(1, arrondi_superieur(_caracteristique(con, "CON"), 6))


def bandes_de_guerison(jusqu_a: int = 36) -> tuple[tuple[int, int, int], ...]:
    """The healing-rate table by band of CON (A8), up to ``jusqu_a``: (lowest CON, highest CON, rate).

    >>> bandes_de_guerison(24)
    ((0, 6, 1), (7, 12, 2), (13, 18, 3), (19, 24, 4))
    """
    bandes = [(0, 6, 1)]
    while bandes[-1][1] < entier(jusqu_a, "CON", minimum=0):
        debut = bandes[-1][1] + 1
        bandes.append((debut, debut + 5, vitesse_de_guerison(debut)))
    return tuple(bandes)


@dataclass(frozen=True, slots=True)
class Soin:
    """A healing skill: the PV it restores, after which rest, once per wound."""

    competence: str
    des: str
    repos: str
    une_fois_par_blessure: bool = True

    @property
    def expression(self) -> Expression:
        """The healing dice as an expression."""
        return parse(self.des)


SOINS: tuple[Soin, ...] = (Soin("Premiers secours", "1d3", "court"), Soin("Guérison", "1d6", "long"))


def trouver_soin(competence: str) -> Soin:
    """The healing given by a skill (Premiers secours 1d3, Guérison 1d6).

    >>> trouver_soin("Premiers Soins").des
    '1d3'
    """
    nom = trouver_competence(competence).nom
    for soin in SOINS:
        if soin.competence == nom:
            return soin
    raise InputError(
        f"« {nom} » ne rend pas de points de vie : seuls Premiers secours (1d3) et Guérison (1d6) le font.",
        champ="competence",
    )


@dataclass(frozen=True, slots=True)
class EffetDuSoin:
    """A healing roll applied: the dice, the points rolled, PV before and after (never above the maximum)."""

    competence: str
    des: tuple[int, ...]
    points: int
    pv_avant: int
    pv_max: int
    pv_apres: int


def _des(des: object, champ: str) -> tuple[int, ...]:
    if not isinstance(des, list | tuple):
        raise InputError(f"« {champ} » doit être une liste de dés.", champ=champ)
    return tuple(entier(de, champ) for de in des)


def _total(expression: Expression, des: object, champ: str) -> int:
    """The total of ``expression`` made of the dice read on the table; errors name ``champ``."""
    lus = _des(des, champ)
    try:
        return total_of(expression, lus).total
    except RulesError as erreur:
        raise InputError(erreur.message, champ=champ) from None


def soigner(pv: int, pv_max: int, competence: str, des: Sequence[int]) -> EffetDuSoin:
    """Apply a successful Premiers secours or Guérison given its die; PV never exceed the maximum.

    >>> soigner(5, 12, "Guérison", [4]).pv_apres, soigner(11, 12, "Premiers secours", [3]).pv_apres
    (9, 12)
    """
    soin = trouver_soin(competence)
    maximum = entier(pv_max, "pv_max", minimum=1)
    avant = _pv(pv, maximum)
    lus = _des(des, "des")
    points = _total(soin.expression, lus, "des")
    return EffetDuSoin(soin.competence, lus, points, avant, maximum, min(maximum, avant + points))


def lancer_soin(pv: int, pv_max: int, competence: str, rng: random.Random) -> EffetDuSoin:
    """Roll the healing die of ``competence`` with ``rng`` and apply it."""
    return soigner(pv, pv_max, competence, roll(trouver_soin(competence).expression, rng).dice)


def distribution_du_soin(pv: int, pv_max: int, competence: str) -> Distribution[int]:
    """The exact distribution of the PV after a successful healing: :func:`soigner` over every die.

    >>> distribution_du_soin(11, 12, "Premiers secours").probabilities()
    {12: Fraction(1, 1)}
    >>> distribution_du_soin(5, 12, "Premiers secours").probabilities()[6]
    Fraction(1, 3)
    """
    soin = trouver_soin(competence)
    maximum = entier(pv_max, "pv_max", minimum=1)
    avant = _pv(pv, maximum)
    # Each healing is a single die: its total is the die read on the table.
    return distribution(soin.expression).map(
        lambda de: soigner(avant, maximum, soin.competence, [de]).pv_apres
    )


# == Combat =====================================================================


def chance_de_toucher(
    att: int,
    defense: int,
    circonstance: int = 0,
    *,
    attaquant_affaibli: bool = False,
    defenseur_affaibli: bool = False,
) -> int:
    """The chance to hit: ATT - (PAR or Esquive) + 50 (A5), plus a circumstance; -30 to a weakened side.

    >>> chance_de_toucher(65, 35), chance_de_toucher(35, 65), chance_de_toucher(65, 35, -20)
    (80, 20, 60)
    """
    attaque = entier(att, "ATT", minimum=0) + _malus(attaquant_affaibli, "attaquant_affaibli")
    parade = entier(defense, "defense", minimum=0) + _malus(defenseur_affaibli, "defenseur_affaibli")
    return attaque - parade + 50 + _circonstance(circonstance)


class ResultatDAttaque(StrEnum):
    """The results of an attack roll, in decreasing quality; a special success is also a critical (A5)."""

    REUSSITE_SPECIALE = "reussite_speciale"
    REUSSITE_CRITIQUE = "reussite_critique"
    REUSSITE = "reussite"
    ECHEC = "echec"
    ECHEC_CRITIQUE = "echec_critique"

    @property
    def touche(self) -> bool:
        """True when the attack hits."""
        return self in (
            ResultatDAttaque.REUSSITE_SPECIALE,
            ResultatDAttaque.REUSSITE_CRITIQUE,
            ResultatDAttaque.REUSSITE,
        )

    @property
    def critique(self) -> bool:
        """True when the damage is doubled (a critical, special or not)."""
        return self in (ResultatDAttaque.REUSSITE_SPECIALE, ResultatDAttaque.REUSSITE_CRITIQUE)


def _resultat_d_attaque(chance: int, jet: int) -> ResultatDAttaque:
    """A3 on the chance to hit, then a critical at roll <= ceil(chance / 25) is also special."""
    resultat = _resultat(_seuils(chance), jet)
    if resultat is Resultat.REUSSITE_CRITIQUE and jet <= arrondi_superieur(chance, 25):
        return ResultatDAttaque.REUSSITE_SPECIALE
    return ResultatDAttaque(resultat.value)


def resoudre_attaque(chance: int, jet: int) -> ResultatDAttaque:
    """The result of an attack roll against the chance to hit (A5: critical 1/10, special 1/25).

    >>> [resoudre_attaque(80, jet).value for jet in (4, 5, 8, 9, 80, 81, 99)]
    ['reussite_speciale', 'reussite_critique', 'reussite_critique', 'reussite', 'reussite', 'echec', 'echec']
    """
    return _resultat_d_attaque(entier(chance, "chance"), lire_jet(jet))


def probabilites_d_attaque(chance: int) -> dict[ResultatDAttaque, Fraction]:
    """The exact chance of each attack result, by the resolver applied to the 100 faces.

    >>> probabilites_d_attaque(80)[ResultatDAttaque.REUSSITE_SPECIALE]
    Fraction(1, 25)
    """
    valeur = entier(chance, "chance")
    issues = D100.map(lambda jet: _resultat_d_attaque(valeur, jet))
    return {resultat: issues.probability(resultat) for resultat in ResultatDAttaque}


@dataclass(frozen=True, slots=True)
class JetDAttaque:
    """A rolled attack: the d100, the chance to hit, the result."""

    jet: int
    chance: int
    resultat: ResultatDAttaque


def lancer_attaque(chance: int, rng: random.Random) -> JetDAttaque:
    """Roll an attack with ``rng``."""
    valeur = entier(chance, "chance")
    jet = rng.randint(1, 100)
    return JetDAttaque(jet, valeur, _resultat_d_attaque(valeur, jet))


def chance_d_opposition(active: int, passive: int, circonstance: int = 0) -> int:
    """Skill against skill outside combat: the text's opposition roll, active - passive + 50.

    >>> chance_d_opposition(60, 45), chance_d_opposition(30, 70, 20)
    (65, 30)
    """
    actif = entier(active, "compétence active", minimum=0)
    return actif - entier(passive, "compétence passive", minimum=0) + 50 + _circonstance(circonstance)


@dataclass(frozen=True, slots=True)
class NiveauDeLangue:
    """A band of the skill Langue and what the character can do with the language."""

    minimum: int
    maximum: int | None
    niveau: str


NIVEAUX_DE_LANGUE: tuple[NiveauDeLangue, ...] = (
    NiveauDeLangue(1, 25, "quelques mots simples"),
    NiveauDeLangue(26, 50, "des phrases simples"),
    NiveauDeLangue(51, 75, "des conversations ordinaires"),
    NiveauDeLangue(76, None, "capable de s'exprimer avec éloquence"),
)


def niveau_de_langue(valeur: int) -> NiveauDeLangue | None:
    """The band of a Langue skill (1-25, 26-50, 51-75, 76 and more); ``None`` at 0 %, below the text's bands.

    >>> niveau_de_langue(25).niveau, niveau_de_langue(76).niveau, niveau_de_langue(0)
    ('quelques mots simples', "capable de s'exprimer avec éloquence", None)
    """
    score = entier(valeur, "Langue", minimum=0)
    return next((n for n in reversed(NIVEAUX_DE_LANGUE) if score >= n.minimum), None)


def nombre_d_attaques(att: int) -> int:
    """Attacks per round with a weapon: 2 from 80 % (EXPERT), else 1.

    >>> nombre_d_attaques(79), nombre_d_attaques(80)
    (1, 2)
    """
    return 2 if est_expert(entier(att, "ATT", minimum=0)) else 1


ACTIONS_DU_ROUND: tuple[str, ...] = (
    "Deux actions par round : un déplacement et une action d'attaque.",
    "Une action de parade gratuite.",
    "Le port d'un bouclier accorde une action de parade supplémentaire.",
    "Un personnage esquivant ne peut pas attaquer.",
    "D'autres actions sont gratuites, comme parler.",
    "EXPERT (80 % dans une arme) : deux attaques avec cette arme.",
)


@dataclass(frozen=True, slots=True)
class ActionsDuRound:
    """What a combatant may do in one round."""

    deplacements: int
    attaques: int
    parades: int


def actions_du_round(
    att: int, *, bouclier: bool = False, esquive: bool = False, arme_sans_parade: bool = False
) -> ActionsDuRound:
    """One move, one attack (two when EXPERT, none when dodging), the free parry and the shield's.

    A weapon marked « pas de parade » cannot parry: its free parry is lost.

    >>> actions_du_round(85, bouclier=True)
    ActionsDuRound(deplacements=1, attaques=2, parades=2)
    >>> actions_du_round(50, esquive=True, arme_sans_parade=True)
    ActionsDuRound(deplacements=1, attaques=0, parades=0)
    """
    attaques = nombre_d_attaques(att)
    parade_de_l_arme = 0 if _booleen(arme_sans_parade, "arme_sans_parade") else 1
    parade_du_bouclier = 1 if _booleen(bouclier, "bouclier") else 0
    return ActionsDuRound(
        1, 0 if _booleen(esquive, "esquive") else attaques, parade_de_l_arme + parade_du_bouclier
    )


def _expression(texte: object, champ: str) -> Expression:
    """A dice expression read from ``texte``; errors name ``champ``."""
    try:
        return parse(texte)  # type: ignore[arg-type]
    except RulesError as erreur:
        erreur.champ = erreur.champ or champ
        raise


def expression_des_degats(arme: str, critique: bool = False) -> Expression:
    """The weapon's damage expression, rolled twice on a critical (A6).

    >>> str(expression_des_degats("1d3+2", critique=True))
    '2d3+4'
    """
    expression = _expression(arme, "arme")
    return critical(expression) if _booleen(critique, "critique") else expression


def degats_finals(total: int, pa: int) -> int:
    """The damage dealt: weapon + modifier total minus armour, never below 0 (A6).

    >>> degats_finals(7, 3), degats_finals(2, 4)
    (4, 0)
    """
    return max(0, total - pa)


@dataclass(frozen=True, slots=True)
class Degats:
    """A damage roll: weapon dice (doubled on a critical), modifier dice added once, armour, damage dealt."""

    arme: str
    des_arme: tuple[int, ...]
    total_arme: int
    modificateur: str
    des_modificateur: tuple[int, ...]
    total_modificateur: int
    pa: int
    critique: bool
    degats: int


def resoudre_degats(
    arme: str,
    des_arme: Sequence[int],
    *,
    modificateur: str = "0",
    des_modificateur: Sequence[int] = (),
    pa: int = 0,
    critique: bool = False,
) -> Degats:
    """The damage made of dice read on the table: weapon (twice on a critical) + modifier - PA, at least 0.

    >>> resoudre_degats("1d3+2", [1, 3], modificateur="+1d4", des_modificateur=[2], pa=2, critique=True)
    Degats(arme='2d3+4', des_arme=(1, 3), total_arme=8, modificateur='1d4', des_modificateur=(2,), \
total_modificateur=2, pa=2, critique=True, degats=8)
    """
    expression = expression_des_degats(arme, critique)
    bonus = _expression(modificateur, "modificateur")
    armure = entier(pa, "PA", minimum=0)
    total_arme = _total(expression, des_arme, "des_arme")
    total_modificateur = _total(bonus, des_modificateur, "des_modificateur")
    return Degats(
        str(expression),
        _des(des_arme, "des_arme"),
        total_arme,
        str(bonus),
        _des(des_modificateur, "des_modificateur"),
        total_modificateur,
        armure,
        critique,
        degats_finals(total_arme + total_modificateur, armure),
    )


def degats_lus(
    arme: str, des: Sequence[int], modificateur: str = "0", pa: int = 0, critique: bool = False
) -> Degats:
    """The damage from dice read in one row: the weapon's (twice as many on a critical), then the modifier's.

    >>> degats_lus("1d3+2", [1, 3, 2], "+1d4", pa=2, critique=True).degats
    8
    >>> degats_lus("1d3+2", [1], "+1d4")
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: Il faut 2 dés de dégâts : 1 pour 1d3+2 puis 1 pour le modificateur +1d4 \
(1 lu).
    """
    n_arme = sum(d.count for _, d in expression_des_degats(arme, critique).dice)
    n_bonus = sum(d.count for _, d in _expression(modificateur, "modificateur").dice)
    if len(des) != n_arme + n_bonus:
        detail = f"{n_arme} pour {expression_des_degats(arme, critique)}"
        detail += f" puis {n_bonus} pour le modificateur {modificateur}" if n_bonus else ""
        pluriel, lus = "s" if n_arme + n_bonus > 1 else "", "s" if len(des) > 1 else ""
        raise InputError(
            f"Il faut {n_arme + n_bonus} dé{pluriel} de dégâts : {detail} ({len(des)} lu{lus}).", champ="des"
        )
    try:
        return resoudre_degats(
            arme,
            des[:n_arme],
            modificateur=modificateur,
            des_modificateur=des[n_arme:],
            pa=pa,
            critique=critique,
        )
    except RulesError as erreur:
        erreur.champ = "des"
        raise


@dataclass(frozen=True, slots=True)
class SeuilsDAttaque:
    """The last face of a special success and of a critical (0: none), the first of a maladresse (None)."""

    seuil_special: int
    seuil_critique: int
    seuil_maladresse: int | None


def seuils_d_attaque(chance: int) -> SeuilsDAttaque:
    """The last face of a special success and of a critical (0: none), the first of a maladresse (None: none).

    >>> seuils_d_attaque(80), seuils_d_attaque(20), seuils_d_attaque(-30)
    (SeuilsDAttaque(seuil_special=4, seuil_critique=8, seuil_maladresse=None), \
SeuilsDAttaque(seuil_special=1, seuil_critique=2, seuil_maladresse=40), \
SeuilsDAttaque(seuil_special=0, seuil_critique=0, seuil_maladresse=4))
    """
    valeur = entier(chance, "chance")
    faces = {r: [j for j in range(1, 101) if _resultat_d_attaque(valeur, j) is r] for r in ResultatDAttaque}
    critiques = faces[ResultatDAttaque.REUSSITE_SPECIALE] + faces[ResultatDAttaque.REUSSITE_CRITIQUE]
    return SeuilsDAttaque(
        max(faces[ResultatDAttaque.REUSSITE_SPECIALE], default=0),
        max(critiques, default=0),
        min(faces[ResultatDAttaque.ECHEC_CRITIQUE], default=None),
    )


def distribution_des_degats(
    arme: str, modificateur: str = "0", pa: int = 0, critique: bool = False
) -> Distribution[int]:
    """The exact distribution of the damage dealt, by :func:`degats_finals` over every total.

    >>> distribution_des_degats("1d3+2", pa=3).probabilities()
    {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 3)}
    """
    expression = expression_des_degats(arme, critique)
    bonus = _expression(modificateur, "modificateur")
    armure = entier(pa, "PA", minimum=0)
    totaux = distribution(expression) + distribution(bonus)
    return totaux.map(lambda total: degats_finals(total, armure)).sorted()


def lancer_degats(
    arme: str, rng: random.Random, modificateur: str = "0", pa: int = 0, critique: bool = False
) -> Degats:
    """Roll the damage with ``rng`` and resolve it as :func:`resoudre_degats`."""
    expression = expression_des_degats(arme, critique)
    bonus = _expression(modificateur, "modificateur")
    entier(pa, "PA", minimum=0)
    return resoudre_degats(
        arme,
        roll(expression, rng).dice,
        modificateur=modificateur,
        des_modificateur=roll(bonus, rng).dice,
        pa=pa,
        critique=critique,
    )


# == Initiative =================================================================


class Action(StrEnum):
    """The declared action, which fixes the order before the initiative score (A9)."""

    TIR_A_DISTANCE = "tir_a_distance"
    MELEE = "melee"
    MAGIE = "magie"
    ACTION_LONGUE = "action_longue"


ORDRE_DES_ACTIONS: tuple[tuple[Action, str], ...] = (
    (Action.TIR_A_DISTANCE, "Tir à distance"),
    (Action.MELEE, "Combat au corps à corps"),
    (Action.MAGIE, "Magie"),
    (Action.ACTION_LONGUE, "Tout autre type d'action de combat longue (coup mortel, viser…)"),
)
_RANG_DE_L_ACTION: Mapping[Action, int] = MappingProxyType(
    {action: rang for rang, (action, _) in enumerate(ORDRE_DES_ACTIONS, start=1)}
)


@dataclass(frozen=True, slots=True)
class Combattant:
    """A combatant: name, DEX, armour PA, declared action."""

    nom: str
    dex: int
    pa: int
    action: Action


@dataclass(frozen=True, slots=True)
class ScoreDInitiative:
    """One combatant's initiative: the d6 and the score DEX - PA + d6."""

    nom: str
    action: Action
    d6: int
    score: int


@dataclass(frozen=True, slots=True)
class GroupeDInitiative:
    """Combatants who act together: same action, same score (A9)."""

    rang: int
    action: Action
    score: int
    combattants: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Initiative:
    """Every combatant's score, and the groups in the order they act."""

    scores: tuple[ScoreDInitiative, ...]
    groupes: tuple[GroupeDInitiative, ...]


def score_d_initiative(dex: int, pa: int, d6: int) -> int:
    """DEX - armour PA + 1d6 (A9).

    >>> score_d_initiative(14, 3, 5)
    16
    """
    return _caracteristique(dex, "DEX") - entier(pa, "PA", minimum=0) + entier(d6, "d6", minimum=1, maximum=6)


def _combattant(combattant: object, noms: set[str]) -> Combattant:
    if not isinstance(combattant, Combattant):
        raise InputError(
            "Chaque combattant doit avoir un nom, une DEX, des PA et une action.", champ="combattants"
        )
    nom = _texte(combattant.nom, "nom").strip()
    if nom in noms:
        raise InputError(f"Deux combattants s'appellent « {nom[:30]} ».", champ="nom")
    noms.add(nom)
    action = Action(choix(combattant.action, "action", tuple(Action)))
    return Combattant(nom, combattant.dex, combattant.pa, action)


def ordre_d_initiative(combattants: Sequence[Combattant], des: Sequence[int]) -> Initiative:
    """The order of action from each combatant's d6: by action, then score, higher first; ties act together.

    >>> ordre = ordre_d_initiative(
    ...     [Combattant("Aldo", 14, 2, Action.MELEE), Combattant("Bera", 10, 0, Action.TIR_A_DISTANCE),
    ...      Combattant("Cid", 12, 0, Action.MELEE)], [1, 1, 1])
    >>> [(g.rang, g.action.value, g.score, g.combattants) for g in ordre.groupes]
    [(1, 'tir_a_distance', 11, ('Bera',)), (2, 'melee', 13, ('Aldo', 'Cid'))]
    """
    if not isinstance(combattants, list | tuple) or not isinstance(des, list | tuple):
        raise InputError("Les combattants et leurs d6 doivent être des listes.", champ="combattants")
    if len(des) != len(combattants):
        raise InputError(
            f"Il faut un d6 par combattant ({len(combattants)} combattants, {len(des)} dés).", champ="des"
        )
    noms: set[str] = set()
    lus = [_combattant(c, noms) for c in combattants]
    scores = tuple(
        ScoreDInitiative(
            c.nom, c.action, entier(d6, "d6", minimum=1, maximum=6), score_d_initiative(c.dex, c.pa, d6)
        )
        for c, d6 in zip(lus, des, strict=True)
    )
    groupes: dict[tuple[int, int], list[str]] = {}
    for score in sorted(scores, key=lambda s: (_RANG_DE_L_ACTION[s.action], -s.score)):
        groupes.setdefault((_RANG_DE_L_ACTION[score.action], score.score), []).append(score.nom)
    return Initiative(
        scores,
        tuple(
            GroupeDInitiative(rang, ORDRE_DES_ACTIONS[action - 1][0], score, tuple(membres))
            for rang, ((action, score), membres) in enumerate(groupes.items(), start=1)
        ),
    )


def lancer_initiative(combattants: Sequence[Combattant], rng: random.Random) -> Initiative:
    """Roll each combatant's d6 with ``rng`` and order them."""
    if not isinstance(combattants, list | tuple):
        raise InputError("Les combattants doivent être une liste.", champ="combattants")
    return ordre_d_initiative(combattants, [rng.randint(1, 6) for _ in combattants])


@dataclass(frozen=True, slots=True)
class ChanceDInitiative:
    """A combatant's chance to lead its action category: alone or tied (``en_tete``), alone only."""

    nom: str
    en_tete: Fraction
    seul_en_tete: Fraction


def chances_d_initiative(combattants: Sequence[Combattant]) -> tuple[ChanceDInitiative, ...]:
    """Before the roll: each combatant's exact chance to act first in its declared action (A9).

    Only the combatants of the same action compete; ties act together, so
    ``en_tete`` counts them and ``seul_en_tete`` does not.

    >>> [(c.nom, c.en_tete, c.seul_en_tete) for c in chances_d_initiative(
    ...     [Combattant("Aldo", 12, 0, Action.MELEE), Combattant("Cid", 12, 0, Action.MELEE),
    ...      Combattant("Bera", 10, 0, Action.TIR_A_DISTANCE)])]
    [('Aldo', Fraction(7, 12), Fraction(5, 12)), ('Cid', Fraction(7, 12), Fraction(5, 12)), \
('Bera', Fraction(1, 1), Fraction(1, 1))]
    """
    if not isinstance(combattants, list | tuple):
        raise InputError("Les combattants doivent être une liste.", champ="combattants")
    noms: set[str] = set()
    lus = [_combattant(c, noms) for c in combattants]
    scores = [
        Distribution.die(6).map(lambda d6, c=c: score_d_initiative(c.dex, c.pa, d6))  # type: ignore[misc]
        for c in lus
    ]
    chances = []
    for index, combattant in enumerate(lus):
        rivaux = [
            scores[autre]
            for autre, rival in enumerate(lus)
            if autre != index and rival.action is combattant.action
        ]
        en_tete = seul = Fraction(0)
        for score, p in scores[index].probabilities().items():
            en_tete += p * math.prod(r.probability_where(lambda s, score=score: s <= score) for r in rivaux)
            seul += p * math.prod(r.probability_where(lambda s, score=score: s < score) for r in rivaux)
        chances.append(ChanceDInitiative(combattant.nom, en_tete, seul))
    return tuple(chances)


MAX_COMBATTANTS = 20
"""The most combatants a followed fight holds."""
MAX_NOM = 40
"""The longest combatant's name, in characters."""


def nom_de_combattant(valeur: object) -> str:
    """A combatant's name, its spaces collapsed: not empty, at most 40 characters.

    >>> nom_de_combattant("  Aldo   le Rouge ")
    'Aldo le Rouge'
    """
    if not isinstance(valeur, str) or not valeur.strip():
        raise InputError("Donnez un nom au combattant.", champ="nom")
    nom = " ".join(valeur.split())
    if len(nom) > MAX_NOM:
        raise InputError(f"Nom trop long : {MAX_NOM} caractères au plus.", champ="nom")
    return nom


@dataclass(frozen=True, slots=True)
class SuiviDInitiative:
    """A fight followed round after round (A9): its combatants, the round, each one's last d6 (in order)."""

    combattants: tuple[Combattant, ...] = ()
    round: int = 0
    des: tuple[int, ...] | None = None

    @classmethod
    def lire(cls, etat: Mapping[str, object]) -> SuiviDInitiative:
        """The fight from its JSON state (its fields); a malformed one raises an error of the rules."""
        lignes = etat["combattants"]
        if not isinstance(lignes, list) or len(lignes) > MAX_COMBATTANTS:
            raise InputError(f"Il faut une liste d'au plus {MAX_COMBATTANTS} combattants.")
        combattants = tuple(
            Combattant(
                nom_de_combattant(ligne["nom"]),
                entier(ligne["dex"], "DEX", minimum=0),
                entier(ligne["pa"], "PA", minimum=0),
                Action(choix(ligne["action"], "action", tuple(Action))),
            )
            for ligne in lignes
        )
        if len({c.nom.casefold() for c in combattants}) != len(combattants):
            raise InputError("Deux combattants portent le même nom.")
        des = etat.get("des")
        if des is not None:
            if not isinstance(des, list) or len(des) != len(combattants):
                raise InputError("Il faut un d6 par combattant.")
            des = tuple(entier(d6, "d6", minimum=1, maximum=6) for d6 in des)
        return cls(combattants, entier(etat.get("round", 0), "round", minimum=0), des)

    def initiative(self) -> Initiative | None:
        """The order of the last d6 (None before the first roll)."""
        return None if self.des is None else ordre_d_initiative(self.combattants, self.des)

    def ajouter(self, combattant: Combattant) -> tuple[SuiviDInitiative, bool]:
        """The fight with ``combattant`` in it, and whether they are new (else the one of that name is
        replaced); the order waits for the next roll."""
        combattants = list(self.combattants)
        cle = combattant.nom.casefold()
        index = next((i for i, c in enumerate(combattants) if c.nom.casefold() == cle), None)
        if index is not None:
            combattants[index] = combattant
        elif len(combattants) >= MAX_COMBATTANTS:
            raise InputError(f"{MAX_COMBATTANTS} combattants au plus.", champ="nom")
        else:
            combattants.append(combattant)
        return SuiviDInitiative(tuple(combattants), self.round), index is None

    def retirer(self, nom: str) -> SuiviDInitiative:
        """The fight without the combatant ``nom``; the others keep their d6 and their order."""
        index = next((i for i, c in enumerate(self.combattants) if c.nom == nom), None)
        if index is None:
            raise InputError(f"Aucun combattant ne s'appelle « {nom[:MAX_NOM]} ».")
        combattants = self.combattants[:index] + self.combattants[index + 1 :]
        des = self.des[:index] + self.des[index + 1 :] if self.des and combattants else None
        return SuiviDInitiative(combattants, self.round, des)

    def lancer(
        self, rng: random.Random, lus: Sequence[int] | None = None, *, suivant: bool = False
    ) -> SuiviDInitiative:
        """One d6 per combatant, rolled or ``lus`` in the list's order; the first roll opens round 1,
        ``suivant`` the next round."""
        if not self.combattants:
            raise InputError("Ajoutez au moins un combattant avant de lancer l'initiative.", champ="nom")
        if lus is None:
            des = tuple(s.d6 for s in lancer_initiative(self.combattants, rng).scores)
        elif len(lus) != len(self.combattants):
            pluriel = "s" if len(lus) > 1 else ""
            raise InputError(
                f"Il faut un d6 par combattant, dans l'ordre de la liste : {len(self.combattants)} "
                f"({len(lus)} lu{pluriel}).",
                champ="des",
            )
        else:
            try:
                des = tuple(s.d6 for s in ordre_d_initiative(self.combattants, lus).scores)
            except RulesError as erreur:
                erreur.champ = "des"
                raise
        return SuiviDInitiative(
            self.combattants, self.round + 1 if suivant or not self.round else self.round, des
        )


# == Équipement =================================================================


@dataclass(frozen=True, slots=True)
class Armure:
    """A type of armour and its protection (PA)."""

    type: str
    pa: int


ARMURES: tuple[Armure, ...] = (
    Armure("Fourrures, Peaux, Cuir souple (blouson)", 1),
    Armure("Cuir rigide, Manteau de cuir long (armure)", 2),
    Armure("Plastron rigide + avant-bras", 3),
    Armure("Plastron de métal", 4),
    Armure("Cuirasse + cuir léger", 5),
    Armure("Cotte de mailles", 6),
)


@dataclass(frozen=True, slots=True)
class Arme:
    """A weapon of the tables: its damage expression and the table's notes."""

    nom: str
    expression: Expression
    a_distance: bool = False
    deux_mains: bool = False
    sans_parade: bool = False
    remarque: str | None = None

    @property
    def degats(self) -> str:
        """The damage as the table prints it."""
        return str(self.expression)


def _arme(nom: str, degats: str, **notes: object) -> Arme:
    return Arme(nom, parse(degats), **notes)  # type: ignore[arg-type]


ARMES_DE_MELEE: tuple[Arme, ...] = (
    _arme("Dague/Poignard", "1d3+2"),
    _arme("Épée/Rapière", "1d6+2"),
    _arme("Épée à 2 mains", "2d6", deux_mains=True, sans_parade=True),
    _arme("Gourdin", "1d6"),
    _arme("Hache", "1d6+1"),
    _arme("Hache de Bataille", "2d6", deux_mains=True),
    _arme("Hallebarde", "2d6+2", sans_parade=True),
    _arme("Javelot/Lance courte", "1d6+1"),
    _arme("Masse/Fléau d'armes", "1d6+2"),
    _arme("Marteau à 2 mains", "2d6", deux_mains=True),
    _arme("Pique", "2d6", deux_mains=True),
    _arme("Poings/Pieds", "1d3"),
)

ARMES_A_DISTANCE: tuple[Arme, ...] = (
    _arme("Arbalète", "2d6", a_distance=True, remarque="1 tir par round + recharge 1 round"),
    _arme("Arc", "1d6+2", a_distance=True),
    _arme("Dague", "1d3+2", a_distance=True),
    _arme("Fronde", "1d6", a_distance=True),
    _arme("Javelot", "1d6+1", a_distance=True),
)

_ARMES_PAR_NOM: Mapping[str, Arme] = MappingProxyType(
    {_cle(a.nom): a for a in (*ARMES_DE_MELEE, *ARMES_A_DISTANCE)}
    | {_cle("Javelot/Lance coute"): ARMES_DE_MELEE[7]}
)
"""Weapons by lookup key; the text's « Lance coute » (line 292, a slip for « courte », A11) is accepted."""


def trouver_arme(nom: str) -> Arme:
    """The weapon called ``nom`` in the tables (accents and case ignored).

    >>> trouver_arme("epee a 2 mains").degats
    '2d6'
    """
    texte = _texte(nom, "arme")
    try:
        return _ARMES_PAR_NOM[_cle(texte)]
    except KeyError:
        raise InputError(f"Arme inconnue : « {texte[:40]} ».", champ="arme") from None


@dataclass(frozen=True, slots=True)
class Coup:
    """What a hit deals (A6): the weapon (None for dice given as such) and its dice, the attacker's damage
    modifier (read from FOR + TAI when given: « hors table » beyond 45), the defender's armour."""

    arme: str | None
    expression: str
    modificateur: str
    for_tai: int | None
    hors_table: bool
    pa: int

    def lancer(self, critique: bool, rng: random.Random) -> Degats:
        """The damage rolled with ``rng`` (the weapon's dice twice on a critical)."""
        return lancer_degats(self.expression, rng, self.modificateur, self.pa, critique)

    def lire(self, critique: bool, des: Sequence[int]) -> Degats:
        """The damage from dice read in one row, the weapon's then the modifier's (:func:`degats_lus`)."""
        return degats_lus(self.expression, des, self.modificateur, self.pa, critique)

    def distribution(self, critique: bool) -> Distribution[int]:
        """The exact distribution of the damage dealt (:func:`distribution_des_degats`)."""
        return distribution_des_degats(self.expression, self.modificateur, self.pa, critique)


def coup(
    arme: str, pa: int = 0, modificateur: str = "0", *, degats: str | None = None, for_tai: int | None = None
) -> Coup:
    """The hit of ``arme`` (or of the dice ``degats``), with ``modificateur`` or the one of ``for_tai``.

    >>> coup("Dague/Poignard", 2, for_tai=46)
    Coup(arme='Dague/Poignard', expression='1d3+2', modificateur='+1d8', for_tai=46, hors_table=True, pa=2)
    >>> coup("Dague/Poignard", modificateur="+1d4", degats="1d8+1").expression
    '1d8+1'
    """
    nom, expression = arme, trouver_arme(arme).degats
    if degats is not None:
        nom, expression = None, str(degats)
        try:
            expression_des_degats(expression, critique=True)
        except RulesError as erreur:
            erreur.champ = "degats"
            raise
    lu = modificateur_pour_somme(for_tai) if for_tai is not None else None
    armure = entier(pa, "PA", minimum=0)
    return Coup(
        nom, expression, lu.modificateur if lu else modificateur, for_tai, bool(lu and lu.hors_table), armure
    )


# == Attributs (récapitulatif) ==================================================


@dataclass(frozen=True, slots=True)
class Attributs:
    """The derived attributes of a character."""

    points_de_vie: int
    points_de_magie: int
    modificateur_de_degats: ModificateurDeDegats
    vitesse_de_guerison: int


def attributs(caracteristiques: Mapping[str, int]) -> Attributs:
    """PV, PM, damage modifier and healing rate from the seven characteristics.

    >>> attributs({"FOR": 12, "CON": 13, "TAI": 12, "DEX": 14, "INT": 15, "POU": 10, "CHA": 9})
    Attributs(points_de_vie=13, points_de_magie=10, modificateur_de_degats=ModificateurDeDegats(somme=24, \
modificateur='0', hors_table=False), vitesse_de_guerison=3)
    """
    valeurs = lire_caracteristiques(caracteristiques)
    return Attributs(
        points_de_vie(valeurs["CON"], valeurs["TAI"]),
        points_de_magie(valeurs["POU"]),
        modificateur_de_degats(valeurs["FOR"], valeurs["TAI"]),
        vitesse_de_guerison(valeurs["CON"]),
    )

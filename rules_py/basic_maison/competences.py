"""Page « Compétences »: standard and professional skills, their base, the EXPERT level."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from rules_py.basic_maison.caracteristiques import _caracteristiques
from rules_py.basic_maison.lecture import _cle, _texte
from rules_py.errors import InputError
from rules_py.validation import entier

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

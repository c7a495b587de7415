"""A tool's inputs, declared once: a frozen dataclass whose fields carry a :class:`Champ`.

    @dataclass(frozen=True, slots=True)
    class Modificateur:
        force: Annotated[int, Champ("FOR", cle="for", minimum=0)] = 12
        taille: Annotated[int, Champ("TAI", cle="tai", minimum=0)] = 13

From that one declaration come every face of the tool: :func:`lire` checks a
JSON mapping (a form, a share link, a command line, stored data) into the
dataclass, enforcing every bound and choice with a French message naming the
field's label; :func:`ecrire` writes an instance back as the form's texts (the
share link's state); :func:`champs` lists the fields for the form and the
command line; :func:`en_json` writes any answer (dataclasses, enumerations,
exact fractions, distributions) as JSON.

A field's Python type says how it is read:

``int``          an integer (« 00 » is not special; use ``lecteur=lire_jet`` for a d100)
``str``          a text, or one of ``choix`` when declared
``bool``         a box: ticked or not
``Expression``   a dice expression (``rules_py.dice`` notation)
``list[int]``    dice read on the table, numbers separated by spaces or commas
an ``Enum``      one of its values (``choix`` gives the labels)

``T | None`` makes a field optional: left empty, it is ``None`` (for dice read on
the table, ``None`` means « roll them »). A field with no default must be given.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from rules_py import constantes
from rules_py.dice import Distribution, Expression, parse
from rules_py.errors import InputError, RulesError
from rules_py.validation import TexteLu, entier

__all__ = ["Champ", "ChampDeclare", "TexteLu", "champs", "ecrire", "en_json", "lire", "valeur_ecrite"]

LONGUEUR_MAX = 4000
"""The longest text a field accepts (a skill list is the longest: a few hundred characters)."""

MAX_DES_LUS = 2000

T = TypeVar("T")

BIDI = frozenset(constantes.BIDI)
"""The invisible marks that reorder text: kept in free text (a name: shown isolated), refused elsewhere."""


@dataclasses.dataclass(frozen=True, slots=True)
class Champ:
    """What a reader sees of one input, and its bounds.

    ``libelle``  the French label, used by the form, ``--help`` and every error message;
    ``cle``      the key in the form, the JSON and the share link (default: the attribute's name);
    ``minimum``, ``maximum``  inclusive bounds of an integer;
    ``choix``    the allowed values of a text, as (value, label) pairs;
    ``aide``     one line under the field;
    ``groupe``   consecutive fields of one group are shown together under that heading;
    ``lu``       dice read on the table: emptied after each result, so the next action rolls;
    ``zone``     a text of several lines;
    ``cache``    not in the form: state the page sends back (a fight in progress), kept in the share
                 link as its JSON (the ``lecteur`` reads back what :func:`en_json` writes);
    ``lecteur``  a reader of its own ``(valeur, libelle) → value`` for a special notation.
    ``competence``  takes « a skill of the sheet »: « Remplir depuis » offers the character's skills for it.
    ``camp``, ``fiche``  « Remplir depuis » fills one side (``a``) at a time, from the sheet's key ``fiche``.
    ``plie``     a detail the reader rarely changes (it has a default, or is optional): the form folds it
                 under « Plus d'options » at the end of its group, and a group whose every field is so
                 marked folds whole under its heading; a share link or an error on it opens the fold.
    """

    libelle: str
    cle: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choix: tuple[tuple[str, str], ...] = ()
    aide: str = ""
    groupe: str = ""
    lu: bool = False
    zone: bool = False
    cache: bool = False
    lecteur: Callable[[Any, str], Any] | None = None
    competence: bool = False
    camp: str = ""
    fiche: str = ""
    plie: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class ChampDeclare:
    """One field of a declaration, resolved: its attribute, key, type, metadata and default."""

    attribut: str
    cle: str
    genre: type | Any
    facultatif: bool
    meta: Champ
    defaut: Any = dataclasses.MISSING

    @property
    def requis(self) -> bool:
        return self.defaut is dataclasses.MISSING and not self.facultatif

    @property
    def forme(self) -> str:
        """How the form shows it: entier, texte, zone, choix or case."""
        if self.genre is bool:
            return "case"
        if self.meta.choix or _est_enum(self.genre):
            return "choix"
        if self.meta.zone:
            return "zone"
        return "entier" if self.genre is int else "texte"

    @property
    def options(self) -> tuple[tuple[str, str], ...]:
        """The (value, label) pairs of a choice."""
        if self.meta.choix:
            return self.meta.choix
        if _est_enum(self.genre):
            return tuple((str(m.value), str(m.value)) for m in self.genre)
        return ()


def _est_enum(genre: Any) -> bool:
    return isinstance(genre, type) and issubclass(genre, enum.Enum)


@functools.cache
def champs(classe: type) -> tuple[ChampDeclare, ...]:
    """The declared fields of ``classe``, in order (every field must carry a :class:`Champ`)."""
    indices = typing.get_type_hints(classe, include_extras=True)
    resultat = []
    for champ in dataclasses.fields(classe):
        annotation = indices[champ.name]
        if typing.get_origin(annotation) is not typing.Annotated:
            raise TypeError(f"{classe.__name__}.{champ.name}: Annotated[…, Champ(…)] attendu")
        genre, *metas = typing.get_args(annotation)
        meta = next(m for m in metas if isinstance(m, Champ))
        facultatif = False
        if typing.get_origin(genre) in (typing.Union, types.UnionType):
            autres = [a for a in typing.get_args(genre) if a is not type(None)]
            facultatif = len(autres) < len(typing.get_args(genre))
            genre = autres[0] if len(autres) == 1 else genre
        defaut = champ.default
        if champ.default_factory is not dataclasses.MISSING:
            defaut = champ.default_factory()
        resultat.append(ChampDeclare(champ.name, meta.cle or champ.name, genre, facultatif, meta, defaut))
    return tuple(resultat)


# == Reading ==================================================================================


def _vide(valeur: object) -> bool:
    return valeur is None or (isinstance(valeur, str) and not valeur.strip()) or valeur == []


_VRAI = frozenset({"true", "on", "oui", "1"})
_FAUX = frozenset({"false", "off", "non", "0", ""})


def _case(valeur: object, libelle: str) -> bool:
    if isinstance(valeur, bool):
        return valeur
    if isinstance(valeur, str) and valeur.strip().lower() in _VRAI | _FAUX:
        return valeur.strip().lower() in _VRAI
    raise InputError(f"« {libelle} » se coche ou se décoche.")


def _des_lus(valeur: object, libelle: str) -> list[int]:
    if isinstance(valeur, list):
        morceaux = [str(v) for v in valeur]
    elif isinstance(valeur, str | int) and not isinstance(valeur, bool):
        morceaux = str(valeur).replace(",", " ").replace(";", " ").split()
    else:
        raise InputError(f"« {libelle} » : écrivez les dés lus comme des nombres séparés par des espaces.")
    if len(morceaux) > MAX_DES_LUS:
        raise InputError(f"« {libelle} » : trop de dés lus (au plus 2 000).")
    for morceau in morceaux:
        if not (morceau.isascii() and morceau.isdigit()) or len(morceau) > 4:
            raise InputError(
                f"« {libelle} » : « \u2068{morceau[:10]}\u2069 » n'est pas un dé ; écrivez les valeurs lues, "
                "par exemple 3 5."
            )
    return [int(m) for m in morceaux]


def _texte(valeur: object, libelle: str, lignes: bool = False, libre: bool = False) -> str:
    """A text as typed; control characters are refused, and the marks of :data:`BIDI` unless ``libre``."""
    if isinstance(valeur, int | float) and not isinstance(valeur, bool):
        valeur = str(valeur)
    if not isinstance(valeur, str):
        raise InputError(f"« {libelle} » doit être un texte.")
    if len(valeur) > LONGUEUR_MAX:
        raise InputError(f"« {libelle} » est trop long (au plus {LONGUEUR_MAX} caractères).")
    for caractere in valeur:
        if (unicodedata.category(caractere) == "Cc" or (caractere in BIDI and not libre)) and not (
            lignes and caractere in "\n\r\t"
        ):
            code = f"un caractère de contrôle invisible (U+{ord(caractere):04X})"
            vu = "".join(c if c.isprintable() or (libre and c in BIDI) else "\ufffd" for c in valeur[:30])
            raise InputError(f"« {libelle} » contient {code} : retirez-le (reçu : « {TexteLu(vu)} »).")
    return valeur


def _entier(valeur: object, libelle: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """An integer as a typed field gives it: at most nine digits, from a form's text or from JSON; a
    longer one is refused with the field's real bound (``minimum``, ``maximum``) when it has one."""
    nombre = entier(valeur, libelle, minimum=minimum, maximum=maximum)
    if abs(nombre) >= 10**9:
        raise InputError(f"« {libelle} » doit avoir au plus neuf chiffres.")
    return nombre


def _expression(valeur: object, libelle: str) -> Expression:
    """A dice expression; its errors name the field.

    >>> try:
    ...     _expression("2d", "Dommages")
    ... except RulesError as erreur:
    ...     print(erreur.message[:41], erreur.champ)
    « Dommages » : expression de dés invalide None
    """
    try:
        return parse(_texte(valeur, libelle))
    except RulesError as erreur:
        erreur.message = f"« {libelle} » : {erreur.message[:1].lower()}{erreur.message[1:]}"
        erreur.args = (erreur.message,)
        raise


def _valeur(champ: ChampDeclare, brut: object) -> Any:
    meta, libelle = champ.meta, champ.meta.libelle
    libre = champ.genre is str and not meta.choix  # free text (a name): shown isolated wherever echoed
    if isinstance(brut, str):
        _texte(brut, libelle, lignes=meta.zone, libre=libre)
    if meta.lecteur is not None:
        valeur = meta.lecteur(brut, libelle)
        if libre and isinstance(valeur, str):
            return TexteLu(valeur)
    elif champ.genre is bool:
        return _case(brut, libelle)
    elif champ.genre is int:
        valeur = _entier(brut, libelle, meta.minimum, meta.maximum)
    elif champ.genre is Expression:
        return _expression(brut, libelle)
    elif typing.get_origin(champ.genre) is list:
        valeur = _des_lus(brut, libelle)
    elif _est_enum(champ.genre):
        texte = _texte(brut, libelle)
        permis = {str(m.value): m for m in champ.genre}
        return permis[texte] if texte in permis else _hors_choix(libelle, champ.options, texte)
    else:
        valeur = _texte(brut, libelle, lignes=meta.zone, libre=libre)
        if libre:
            return TexteLu(valeur)
    if meta.choix and str(valeur) not in {cle for cle, _ in meta.choix}:
        _hors_choix(libelle, meta.choix, valeur)
    for nombre in valeur if isinstance(valeur, list) else [valeur]:
        if isinstance(nombre, int) and not isinstance(nombre, bool):
            _bornes(libelle, nombre, meta.minimum, meta.maximum)
    return valeur


def _hors_choix(libelle: str, choix: Sequence[tuple[str, str]], recu: object) -> typing.NoReturn:
    liste = ", ".join(f"« {texte} »" for _, texte in choix)
    raise InputError(
        f"« {libelle} » doit être l'une de ces valeurs : {liste} (reçu : « {TexteLu(str(recu)[:30])} »)."
    )


def _bornes(libelle: str, nombre: int, minimum: int | None, maximum: int | None) -> None:
    if minimum is not None and nombre < minimum:
        raise InputError(f"« {libelle} » doit être au moins {minimum} (reçu : {nombre}).")
    if maximum is not None and nombre > maximum:
        raise InputError(f"« {libelle} » doit être au plus {maximum} (reçu : {nombre}).")


def lire(classe: type[T], args: Mapping[str, Any]) -> T:
    """The declaration ``classe`` filled from ``args`` (form texts or JSON values), every field checked.

    An absent field takes its default; an empty one is ``None`` when optional, and an
    error when required. Every error is an :class:`InputError` naming the field's label,
    with ``champ`` set to its key (the page shows it beside the field). Keys that are not
    declared are ignored.

    >>> @dataclasses.dataclass(frozen=True)
    ... class Jet:
    ...     score: typing.Annotated[int, Champ("Compétence (%)", minimum=0, maximum=200)]
    ...     jet: typing.Annotated[int | None, Champ("Jet lu", minimum=1, maximum=100, lu=True)] = None
    >>> lire(Jet, {"score": "67", "jet": ""})
    Jet(score=67, jet=None)
    >>> lire(Jet, {"score": "250"})
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: « Compétence (%) » doit être au plus 200 (reçu : 250).
    """
    if not isinstance(args, Mapping):
        raise InputError("Les arguments doivent être un objet (nom → valeur).")
    valeurs: dict[str, Any] = {}
    for champ in champs(classe):
        brut = args.get(champ.cle, dataclasses.MISSING)
        try:
            if champ.genre is bool and brut is None:
                brut = dataclasses.MISSING  # a box sent as null: as if not sent
            if brut is dataclasses.MISSING and champ.defaut is not dataclasses.MISSING:
                valeurs[champ.attribut] = champ.defaut
            elif brut is dataclasses.MISSING or (_vide(brut) and champ.genre is not bool):
                if not champ.facultatif:
                    if champ.genre is str and not champ.meta.choix and champ.defaut == "":
                        valeurs[champ.attribut] = ""
                        continue
                    raise InputError(f"« {champ.meta.libelle} » est vide : entrez une valeur.")
                valeurs[champ.attribut] = None
            else:
                valeurs[champ.attribut] = _valeur(champ, brut)
        except RulesError as erreur:
            erreur.champ = champ.cle
            raise
    return classe(**valeurs)


# == Writing back ==============================================================================


def valeur_ecrite(valeur: object) -> str | bool:
    """A value as its form field holds it: a text (``""`` for none), or a box's state.

    >>> valeur_ecrite(None), valeur_ecrite(12), valeur_ecrite([3, 5]), valeur_ecrite(True)
    ('', '12', '3 5', True)
    """
    if valeur is None:
        return ""
    if isinstance(valeur, bool):
        return valeur
    if isinstance(valeur, enum.Enum):
        return str(valeur.value)
    if isinstance(valeur, list | tuple):
        return " ".join(map(str, valeur))
    return str(valeur)


def ecrire(entrees: object, **remplaces: object) -> dict[str, Any]:
    """The form's texts that give ``entrees`` back (a share link's state), ``remplaces`` by attribute.

    ``remplaces`` fills the dice a result drew, so that the link replays it without chance.
    A hidden field (a fight's state) is kept as its JSON, or left out when empty.
    """
    reponse: dict[str, Any] = {}
    for champ in champs(type(entrees)):
        valeur = remplaces.get(champ.attribut, getattr(entrees, champ.attribut))
        if champ.meta.cache:
            if valeur is not None:
                reponse[champ.cle] = en_json(valeur)
            continue
        reponse[champ.cle] = valeur_ecrite(valeur)
    return reponse


# == The JSON of an answer =====================================================================


SIMPLES = frozenset({str, int, float, bool, type(None)})


def en_json(valeur: object) -> Any:
    """Any answer as JSON values (see :func:`_en_json`); plain values go straight through.

    >>> en_json([1, "a", None])
    [1, 'a', None]
    """
    return valeur if type(valeur) in SIMPLES else _en_json(valeur)


@functools.singledispatch
def _en_json(valeur: object) -> Any:
    """Any answer as JSON values: dataclasses as objects, enumerations by value, fractions as ``a/b``.

    >>> import enum
    >>> en_json({"p": Fraction(1, 3), "des": (4, 2), "sorte": enum.Enum("S", {"A": "a"}).A})
    {'p': '1/3', 'des': [4, 2], 'sorte': 'a'}
    """
    if dataclasses.is_dataclass(valeur) and not isinstance(valeur, type):
        return {f.name: en_json(getattr(valeur, f.name)) for f in dataclasses.fields(valeur)}
    return valeur


@_en_json.register
def _(valeur: enum.Enum) -> Any:
    return en_json(valeur.value)


@_en_json.register
def _(valeur: Fraction) -> str:
    return f"{valeur.numerator}/{valeur.denominator}"


@_en_json.register
def _(valeur: Distribution) -> dict[str, str]:
    return {str(en_json(issue)): en_json(p) for issue, p in valeur.sorted().probabilities().items()}


@_en_json.register(list)
@_en_json.register(tuple)
def _(valeur: Sequence[Any]) -> list[Any]:
    return [en_json(v) for v in valeur]


@_en_json.register(dict)
def _(valeur: Mapping[Any, Any]) -> dict[str, Any]:
    return {str(en_json(cle)): en_json(v) for cle, v in valeur.items()}


@_en_json.register
def _(valeur: Expression) -> str:
    return str(valeur)

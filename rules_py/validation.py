"""Checks shared by every rules module: integers in, French messages out.

Inputs may come from JSON (a widget field sends text) or from Python; both
are accepted when they spell an integer, and nothing is silently clamped.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules_py.errors import InputError

__all__ = ["TexteLu", "booleen", "choix", "entier"]


def entier(
    valeur: object,
    champ: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
) -> int:
    """Return ``valeur`` as an int, or raise an :class:`InputError` naming ``champ``.

    >>> entier(" 12 ", "FOR")
    12
    >>> entier(-1, "FOR", minimum=0)
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: « FOR » doit être au moins 0 (reçu : -1).
    """
    nombre: int
    if isinstance(valeur, bool):
        raise InputError(f"« {champ} » doit être un nombre entier.", champ=champ)
    if isinstance(valeur, int):
        nombre = valeur
    elif isinstance(valeur, float) and valeur.is_integer():
        nombre = int(valeur)
    elif isinstance(valeur, str):
        texte = valeur.strip().replace("\u2212", "-")
        if not texte:
            raise InputError(f"« {champ} » est vide : entrez un nombre entier.", champ=champ)
        signe, chiffres = (texte[0], texte[1:]) if texte[0] in "+-" else ("", texte)
        if not (chiffres.isascii() and chiffres.isdigit()):
            raise InputError(
                f"« {champ} » doit être un nombre entier (reçu : « \u2068{valeur[:20]}\u2069 »).", champ=champ
            )
        if len(chiffres.lstrip("0")) > 9:
            raise InputError(_trop_de_chiffres(champ, signe, minimum, maximum, valeur), champ=champ)
        nombre = int(signe + chiffres)
    else:
        raise InputError(f"« {champ} » doit être un nombre entier.", champ=champ)
    if minimum is not None and nombre < minimum:
        raise InputError(f"« {champ} » doit être au moins {minimum} (reçu : {nombre}).", champ=champ)
    if maximum is not None and nombre > maximum:
        raise InputError(f"« {champ} » doit être au plus {maximum} (reçu : {nombre}).", champ=champ)
    return nombre


def _trop_de_chiffres(champ: str, signe: str, minimum: int | None, maximum: int | None, valeur: str) -> str:
    """A number of ten digits or more, refused with the real bound it passes.

    >>> print(_trop_de_chiffres("FOR", "", 0, None, "1234567890"))
    « FOR » doit avoir au plus neuf chiffres (reçu : « \u20681234567890\u2069 »).
    >>> print(_trop_de_chiffres("Jet", "", 1, 100, "1234567890"))
    « Jet » doit être au plus 100 (reçu : « \u20681234567890\u2069 »).
    >>> print(_trop_de_chiffres("PV", "-", -50, None, "-1234567890"))
    « PV » doit être au moins -50 (reçu : « \u2068-1234567890\u2069 »).
    """
    recu = f"(reçu : « \u2068{valeur[:20]}\u2069 »)"
    if signe == "-" and minimum is not None:
        return f"« {champ} » doit être au moins {minimum} {recu}."
    if signe != "-" and maximum is not None:
        return f"« {champ} » doit être au plus {maximum} {recu}."
    return f"« {champ} » doit avoir au plus neuf chiffres {recu}."


def choix(valeur: object, champ: str, valeurs: Iterable[str]) -> str:
    """Return ``valeur`` if it is one of ``valeurs``, else raise an :class:`InputError`.

    >>> choix("realiste", "mode", ("realiste", "heroique"))
    'realiste'
    """
    permis = tuple(valeurs)
    if isinstance(valeur, str) and valeur in permis:
        return valeur
    liste = ", ".join(f"« {v} »" for v in permis)
    recu = str(valeur)[:30]
    raise InputError(
        f"« {champ} » doit être l'une de ces valeurs : {liste} (reçu : « {recu} »).", champ=champ
    )


def booleen(valeur: object, champ: str) -> bool:
    """Return ``valeur`` if it is a real ``bool`` (an option ticked or not), else raise an
    :class:`InputError` naming ``champ``: neither ``1`` nor ``"oui"`` stands for true.

    >>> booleen(True, "affaibli")
    True
    >>> booleen("oui", "affaibli")
    Traceback (most recent call last):
    ...
    rules_py.errors.InputError: « affaibli » doit valoir vrai ou faux.
    """
    if not isinstance(valeur, bool):
        raise InputError(f"« {champ} » doit valoir vrai ou faux.", champ=champ)
    return valeur


class TexteLu(str):
    """A text as the reader typed it (a name, a skill): wherever the facade writes it into a sentence
    (an f-string), it comes isolated between U+2068 and U+2069, so that it cannot reorder the sentence
    around it, the typography leaves it as typed, and the page shows it in a ``<bdi>``. As data (JSON,
    comparisons, the share link) it is the plain text.

    >>> nom = TexteLu("Yang")
    >>> f"{nom} attaque", nom == "Yang", str(nom)
    ('\\u2068Yang\\u2069 attaque', True, 'Yang')
    """

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        return f"\u2068{format(str(self), spec)}\u2069"

"""The display blocks a widget returns: plain JSON the page renders as DOM.

Python decides every word and number a reader sees; the browser script and
the build-time fallback renderer only turn these blocks into elements. A
block is a dict with a ``type``:

``texte``     a paragraph (``classe``: ``resultat``, ``note`` or ``erreur``)
``valeurs``   label/value pairs
``tableau``   a table (``entetes``, ``lignes``, optional ``surligne`` row index, ``legende``)
``barres``    a bar chart of probabilities (``barres``: etiquette, part in 0..1, texte)
``des``       dice faces (``des``: valeur, faces, optional ``classe``)
``liste``     a bulleted list
``boutons``   buttons that call an operation (``op``, ``args``, ``actif``)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

__all__ = [
    "Bloc",
    "barres",
    "bouton",
    "boutons",
    "des",
    "fraction",
    "liste",
    "nombre",
    "pourcentage",
    "tableau",
    "texte",
    "valeurs",
]

Bloc = dict[str, Any]

ESPACE_FINE = "\u202f"


def nombre(valeur: int | Fraction | float, decimales: int = 2) -> str:
    """A number written the French way: decimal comma, thin space between thousands.

    >>> nombre(12345), nombre(Fraction(7, 2)), nombre(-3)
    ('12\\u202f345', '3,5', '\\u22123')
    """
    if isinstance(valeur, Fraction) and valeur.denominator == 1:
        valeur = int(valeur)
    if isinstance(valeur, int):
        texte = f"{abs(valeur):,}".replace(",", ESPACE_FINE)
    else:
        texte = f"{abs(float(valeur)):,.{decimales}f}".rstrip("0").rstrip(".")
        texte = texte.replace(",", ESPACE_FINE).replace(".", ",")
    return ("\u2212" if valeur < 0 else "") + texte


def pourcentage(probabilite: Fraction) -> str:
    """A probability as a French percentage with at most two decimals.

    >>> pourcentage(Fraction(1, 6)), pourcentage(Fraction(1, 2)), pourcentage(Fraction(0))
    ('16,67\\u202f%', '50\\u202f%', '0\\u202f%')
    >>> pourcentage(Fraction(1, 10**9))
    '< 0,01\\u202f%'
    """
    if 0 < probabilite < Fraction(1, 20000):
        return f"< 0,01{ESPACE_FINE}%"
    return f"{nombre(round(float(probabilite * 100), 2))}{ESPACE_FINE}%"


def fraction(probabilite: Fraction) -> str:
    """A probability as exact text ``a/b`` (the JSON form of every probability).

    >>> fraction(Fraction(2, 4)), fraction(Fraction(1))
    ('1/2', '1/1')
    """
    return f"{probabilite.numerator}/{probabilite.denominator}"


def _avec(bloc: Bloc, **facultatifs: object) -> Bloc:
    """``bloc`` with those optional keys that are given (neither None nor empty)."""
    return bloc | {cle: valeur for cle, valeur in facultatifs.items() if valeur is not None and valeur != ""}


def texte(contenu: str, classe: str | None = None) -> Bloc:
    """A paragraph."""
    return _avec({"type": "texte", "texte": contenu}, classe=classe)


def valeurs(paires: Iterable[tuple[str, str | int]]) -> Bloc:
    """Label/value pairs, shown as a description list."""
    return {"type": "valeurs", "lignes": [[libelle, str(valeur)] for libelle, valeur in paires]}


def tableau(
    entetes: Sequence[str],
    lignes: Iterable[Sequence[str | int]],
    *,
    legende: str | None = None,
    surligne: int | None = None,
) -> Bloc:
    """A table; ``surligne`` marks one row (the reader's row)."""
    cellules = [[str(cellule) for cellule in ligne] for ligne in lignes]
    return _avec(
        {"type": "tableau", "entetes": list(entetes), "lignes": cellules}, legende=legende, surligne=surligne
    )


def barres(
    probabilites: Mapping[Any, Fraction],
    *,
    legende: str,
    etiquette: Callable[[Any], str] = str,
    surligne: object = None,
) -> Bloc:
    """A bar chart of exact probabilities, the tallest bar at full width."""
    plus_haute = max(probabilites.values(), default=Fraction(0)) or Fraction(1)
    return {
        "type": "barres",
        "legende": legende,
        "barres": [
            {
                "etiquette": etiquette(issue),
                "part": round(float(p / plus_haute), 4),
                "texte": pourcentage(p),
                **({"surligne": True} if issue == surligne else {}),
            }
            for issue, p in probabilites.items()
        ],
    }


def des(valeurs_des: Iterable[int], faces: int, classes: Iterable[str | None] | None = None) -> Bloc:
    """Dice faces as shown on the table."""
    valeurs_des = list(valeurs_des)
    classes_des = list(classes) if classes is not None else [None] * len(valeurs_des)
    des_ = [
        _avec({"valeur": v, "faces": faces}, classe=c) for v, c in zip(valeurs_des, classes_des, strict=False)
    ]
    return {"type": "des", "des": des_}


def liste(elements: Iterable[str]) -> Bloc:
    """A bulleted list."""
    return {"type": "liste", "elements": list(elements)}


def bouton(
    libelle: str, op: str, args: Mapping[str, Any] | None = None, *, actif: bool = True, titre: str = ""
) -> dict:
    """One button of a ``boutons`` block: clicking it calls ``op`` with ``args``."""
    return _avec({"libelle": libelle, "op": op, "args": dict(args or {}), "actif": actif}, titre=titre)


def boutons(liste_boutons: Iterable[dict], legende: str | None = None, *, principal: bool = False) -> Bloc:
    """A row of buttons calling operations of the facade. The ``principal`` row, the whole tool's next
    step among several rows (a fight's « Passe suivante »), is shown right under the outcome it changes.

    >>> boutons([], legende="Le décompte", principal=True)
    {'type': 'boutons', 'boutons': [], 'legende': 'Le décompte', 'principal': True}
    """
    rangee = {"type": "boutons", "boutons": list(liste_boutons)}
    return _avec(rangee, legende=legende, principal=principal or None)

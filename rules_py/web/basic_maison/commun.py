"""What the Basic maison tools share: the system's tool registrar (``_outil``), the fields of a d100
read on the table and of a characteristic, and the « Writing French » helpers (dice expressions, d100
faces and ranges, bar charts of totals)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules_py import basic_maison as bm
from rules_py.d100 import lire_jet
from rules_py.dice import Distribution
from rules_py.outils.champs import Champ
from rules_py.outils.registre import outils_du_systeme
from rules_py.systemes import BASIC_MAISON
from rules_py.web import affichage as af
from rules_py.web.commun import barres_distribution


def jet_lu(libelle: str = "Jet lu (facultatif)", **options: Any) -> Champ:
    """A d100 read on the table (« 00 » is 100); left empty, it is rolled."""
    options.setdefault("aide", "Laissez vide pour lancer ; 00 vaut 100.")
    return Champ(libelle, minimum=1, maximum=100, lu=True, lecteur=lire_jet, **options)


def carac(abreviation: str, groupe: str = "", **options: Any) -> Champ:
    """A characteristic's field: its abbreviation, its name (from the engine) as help, at least 0."""
    nom = next(c.nom for c in bm.CARACTERISTIQUES if c.abreviation == abreviation)
    return Champ(abreviation, minimum=0, aide=options.pop("aide", nom), groupe=groupe, **options)


_outil = outils_du_systeme(BASIC_MAISON)


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

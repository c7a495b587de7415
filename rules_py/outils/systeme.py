"""A rule set as one record: everything the engine, the facade, the site and the command line know of it.

A system is declared once, as a :class:`Systeme` (see :mod:`rules_py.systemes` for the four of the
site), and registered here; every list of systems (the tools' grouping, the facade's modules, the
character sheets, the command line's commands) is read from :data:`SYSTEMES`.
"""

from __future__ import annotations

import dataclasses
from typing import Any

__all__ = ["SYSTEMES", "Systeme", "enregistrer_systeme"]

VOYELLES = frozenset("AEIOUYÂÀÉÈÊÎÔÛaeiouyâàéèêîôû")


@dataclasses.dataclass(frozen=True, slots=True)
class Systeme:
    """One rule set: its names, where its rules and its tools live, its sheet and its pages.

    ``cle``        the short key (``basic``): the command line's ``test basic``, the operations' prefix;
    ``nom``        the name a reader sees (« Basic maison »), also the ``systeme`` of a stored character;
    ``paquet``     the engine's package (``rules_py.basic_maison``);
    ``modules``    the facade's modules that declare its tools (imported by name, in this order);
    ``fiche``      its character sheet (a declaration, :mod:`rules_py.outils.champs`), or None;
    ``outil_de_fiche``  the page name of the tool whose form is that sheet (``personnage-basic``);
    ``outil_de_test``  the page name of its skill test (the command line's ``test CLE``), if it has one;
    ``dossier``    its folder of pages under ``docs/`` (``basic-maison``).
    """

    cle: str
    nom: str
    paquet: str
    modules: tuple[str, ...]
    fiche: type[Any] | None = None
    outil_de_fiche: str = ""
    outil_de_test: str = ""
    dossier: str = ""

    @property
    def prefixe(self) -> str:
        """The prefix of its operations (``basic.test``): its key."""
        return self.cle

    @property
    def de_nom(self) -> str:
        """Its name after « de », elided before a vowel, for generated French text.

        >>> Systeme("toto", "El Toto", "p", ()).de_nom, Systeme("b", "Basic maison", "p", ()).de_nom
        ('d’El Toto', 'de Basic maison')
        """
        return f"d’{self.nom}" if self.nom[:1] in VOYELLES else f"de {self.nom}"


SYSTEMES: dict[str, Systeme] = {}
"""The registered systems by key, in the site's order."""


def enregistrer_systeme(systeme: Systeme) -> Systeme:
    """Register ``systeme`` (its key and its name must be new)."""
    if systeme.cle in SYSTEMES or any(s.nom == systeme.nom for s in SYSTEMES.values()):
        raise ValueError(f"système « {systeme.nom} » ({systeme.cle}) déclaré deux fois")
    SYSTEMES[systeme.cle] = systeme
    return systeme

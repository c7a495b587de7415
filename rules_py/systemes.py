"""The rule sets of the site, each declared once as a record (:class:`~rules_py.outils.systeme.Systeme`).

Everything that lists the systems reads them here: the facade's modules and the operations'
prefixes (:mod:`rules_py.web`), the stored characters' sheets (:mod:`rules_py.personnages`), the
tools' index and « Mon système » (the site), the command line's commands and listing.

>>> [s.nom for s in SYSTEMES.values()]
['Basic maison', 'BaSIC — KAR', 'El Toto', 'Actions d100', 'Dés']
>>> ACTIONS_D100.de_nom, BASIC_MAISON.de_nom
('d’Actions d100', 'de Basic maison')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_py.fiches import FicheActions, FicheBasic, FicheElToto, FicheKar
from rules_py.outils.systeme import SYSTEMES, Systeme, enregistrer_systeme

__all__ = ["ACTIONS_D100", "BASIC_KAR", "BASIC_MAISON", "DES", "EL_TOTO", "FICHES", "SYSTEMES", "Systeme"]

BASIC_MAISON = enregistrer_systeme(
    Systeme(
        cle="basic",
        nom="Basic maison",
        paquet="rules_py.basic_maison",
        modules=("rules_py.web.basic_maison",),
        fiche=FicheBasic,
        outil_de_fiche="personnage-basic",
        outil_de_test="test-basic",
        dossier="basic-maison",
    )
)
BASIC_KAR = enregistrer_systeme(
    Systeme(
        cle="kar",
        nom="BaSIC — KAR",
        paquet="rules_py.basic_kar",
        modules=("rules_py.web.basic_kar", "rules_py.web.combat_heroique"),
        fiche=FicheKar,
        outil_de_fiche="personnage-kar",
        outil_de_test="test-kar",
        dossier="basic-kar",
    )
)
EL_TOTO = enregistrer_systeme(
    Systeme(
        cle="toto",
        nom="El Toto",
        paquet="rules_py.el_toto",
        modules=("rules_py.web.el_toto",),
        fiche=FicheElToto,
        outil_de_fiche="personnage-el-toto",
        dossier="el-toto",
    )
)
ACTIONS_D100 = enregistrer_systeme(
    Systeme(
        cle="actions",
        nom="Actions d100",
        paquet="rules_py.actions_d100",
        modules=("rules_py.web.actions_d100",),
        fiche=FicheActions,
        outil_de_fiche="personnage-actions",
        outil_de_test="test-actions",
        dossier="actions-d100",
    )
)
DES = enregistrer_systeme(
    Systeme(cle="des", nom="Dés", paquet="rules_py.dice", modules=("rules_py.web.des",))
)
"""The dice roller: it serves every system, and has no sheet nor pages of its own."""


class _Fiches(Mapping[str, type[Any]]):
    """The sheet of each registered system that has one, by the system's name (a stored character's)."""

    def __getitem__(self, nom: str) -> type[Any]:
        fiche = next((s.fiche for s in SYSTEMES.values() if s.nom == nom and s.fiche is not None), None)
        if fiche is None:
            raise KeyError(nom)
        return fiche

    def __iter__(self):  # type: ignore[no-untyped-def]
        return (s.nom for s in SYSTEMES.values() if s.fiche is not None)

    def __len__(self) -> int:
        return sum(1 for s in SYSTEMES.values() if s.fiche is not None)


FICHES: Mapping[str, type[Any]] = _Fiches()
"""The sheet of each system, by its name (``"Basic maison"`` → :class:`~rules_py.fiches.FicheBasic`)."""

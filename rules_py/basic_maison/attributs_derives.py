"""Page « Attributs dérivés »: Points de vie, Points de magie and the damage modifier."""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.basic_maison.caracteristiques import _caracteristique
from rules_py.d100 import arrondi_superieur
from rules_py.dice import Expression, parse
from rules_py.validation import entier

# == Points de vie et points de magie ==========================================


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

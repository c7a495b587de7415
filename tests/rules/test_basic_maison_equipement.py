"""Basic maison, équipement.

Rows cite the rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number.
"""

from __future__ import annotations

import pytest

from rules_py.basic_maison import ARMES_A_DISTANCE, ARMES_DE_MELEE, ARMURES, trouver_arme
from rules_py.dice import parse
from rules_py.errors import InputError

# == Équipement =================================================================


class TestEquipement:
    @pytest.mark.parametrize(
        ("ligne", "debut", "pa"),
        [
            (273, "Fourrures", 1),
            (274, "Cuir rigide", 2),
            (275, "Plastron rigide", 3),
            (276, "Plastron de métal", 4),
            (277, "Cuirasse", 5),
            (278, "Cotte de mailles", 6),
        ],
    )
    def test_les_armures(self, ligne: int, debut: str, pa: int) -> None:
        """SRC lines 273-278: six armours, PA 1 to 6."""
        armure = ARMURES[ligne - 273]
        assert armure.type.startswith(debut) and armure.pa == pa

    @pytest.mark.parametrize(
        ("ligne", "nom", "degats", "deux_mains", "sans_parade"),
        [
            (285, "Dague/Poignard", "1d3+2", False, False),
            (286, "Épée/Rapière", "1d6+2", False, False),
            (287, "Épée à 2 mains", "2d6", True, True),
            (288, "Gourdin", "1d6", False, False),
            (289, "Hache", "1d6+1", False, False),
            (290, "Hache de Bataille", "2d6", True, False),
            (291, "Hallebarde", "2d6+2", False, True),
            (292, "Javelot/Lance courte", "1d6+1", False, False),
            (293, "Masse/Fléau d'armes", "1d6+2", False, False),
            (294, "Marteau à 2 mains", "2d6", True, False),
            (295, "Pique", "2d6", True, False),
            (296, "Poings/Pieds", "1d3", False, False),
        ],
    )
    def test_les_armes_de_melee(
        self, ligne: int, nom: str, degats: str, deux_mains: bool, sans_parade: bool
    ) -> None:
        """SRC lines 285-296: melee weapons, with « 2 mains » and « pas de parade »."""
        arme = ARMES_DE_MELEE[ligne - 285]
        assert (arme.nom, arme.degats, arme.deux_mains, arme.sans_parade, arme.a_distance) == (
            nom,
            degats,
            deux_mains,
            sans_parade,
            False,
        )
        assert arme.expression == parse(degats) and trouver_arme(nom) is arme

    @pytest.mark.parametrize(
        ("ligne", "nom", "degats", "remarque"),
        [
            (300, "Arbalète", "2d6", "1 tir par round + recharge 1 round"),
            (301, "Arc", "1d6+2", None),
            (302, "Dague", "1d3+2", None),
            (303, "Fronde", "1d6", None),
            (304, "Javelot", "1d6+1", None),
        ],
    )
    def test_les_armes_a_distance(self, ligne: int, nom: str, degats: str, remarque: str | None) -> None:
        """SRC lines 300-304: ranged weapons and the crossbow's reload."""
        arme = ARMES_A_DISTANCE[ligne - 300]
        assert (arme.nom, arme.degats, arme.remarque, arme.a_distance) == (nom, degats, remarque, True)
        assert trouver_arme(nom) is arme

    def test_lance_courte(self) -> None:
        """A11: the text's « Lance coute » (line 292) is the slip it looks like; both spellings are found."""
        assert (
            trouver_arme("Javelot/Lance coute") is trouver_arme("javelot/lance courte") is ARMES_DE_MELEE[7]
        )

    def test_trouver_une_arme(self) -> None:
        """Weapons are found without accents or case; an unknown one is refused."""
        assert trouver_arme("EPEE/RAPIERE").degats == "1d6+2"
        with pytest.raises(InputError, match="Arme inconnue") as erreur:
            trouver_arme("Bazooka")
        assert erreur.value.champ == "arme"

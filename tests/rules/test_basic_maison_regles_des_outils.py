"""Basic maison, rules moved from the facade and the new tools' rules (opposition, langue …).

Rows cite the rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number.
"""

from __future__ import annotations

import pytest

from rules_py import basic_maison as bm
from rules_py.d100 import Resultat
from rules_py.errors import InputError

# == Rules moved from the facade, and the new tools' rules ======================


class TestReglesNouvelles:
    def test_les_bandes_de_la_vitesse_de_guerison(self) -> None:
        """SRC lines 234-237 and A8: 6 or less 1, 7-12 2, 13-18 3, then +1 per started block of 6."""
        assert bm.bandes_de_guerison(30) == ((0, 6, 1), (7, 12, 2), (13, 18, 3), (19, 24, 4), (25, 30, 5))
        assert bm.bandes_de_guerison(0) == ((0, 6, 1),)
        assert bm.bandes_de_guerison(31)[-1] == (31, 36, 6)

    @pytest.mark.parametrize(
        ("active", "passive", "circonstance", "chance"),
        [
            (65, 35, 0, 80),  # SRC line 247: (65-35)+50 = 80
            (35, 65, 0, 20),  # SRC line 248: (35-65)+50 = 20
            (60, 45, 0, 65),  # SRC line 74: Discrétion against Perception, the same formula (line 246)
            (30, 70, 20, 30),  # SRC line 201: « suivre un flâneur qui ne se méfie pas », +20
        ],
    )
    def test_la_chance_d_opposition(self, active: int, passive: int, circonstance: int, chance: int) -> None:
        """SRC line 246: active skill − passive skill + 50, applied to skills outside combat."""
        assert bm.chance_d_opposition(active, passive, circonstance) == chance

    def test_l_opposition_refuse_une_competence_negative(self) -> None:
        """A skill is 0 or more; the circumstance is one of the table's."""
        with pytest.raises(InputError):
            bm.chance_d_opposition(-1, 40)
        with pytest.raises(InputError):
            bm.chance_d_opposition(50, 40, 5)

    @pytest.mark.parametrize(
        ("valeur", "niveau"),
        [
            (0, None),
            (1, "quelques mots simples"),  # SRC line 134: 1-25 %
            (25, "quelques mots simples"),
            (26, "des phrases simples"),  # 26-50 %
            (50, "des phrases simples"),
            (51, "des conversations ordinaires"),  # 51-75 %
            (75, "des conversations ordinaires"),
            (76, "capable de s'exprimer avec éloquence"),  # 76 % +
            (140, "capable de s'exprimer avec éloquence"),
        ],
    )
    def test_les_bandes_de_la_langue(self, valeur: int, niveau: str | None) -> None:
        """SRC line 134: the four bands of the skill Langue; 0 % is below the first (None)."""
        trouve = bm.niveau_de_langue(valeur)
        assert (trouve.niveau if trouve else None) == niveau

    def test_les_des_de_degats_lus_d_une_traite(self) -> None:
        """SRC line 253, A6: a critical reads 2 weapon dice, then the modifier's; a wrong count fails."""
        degats = bm.degats_lus("1d3+2", [1, 3, 2], "+1d4", pa=2, critique=True)
        assert (degats.arme, degats.des_arme, degats.des_modificateur, degats.degats) == (
            "2d3+4",
            (1, 3),
            (2,),
            8,
        )
        with pytest.raises(InputError, match="Il faut 2 dés de dégâts : 2 pour 2d3\\+4 \\(1 lu\\)") as erreur:
            bm.degats_lus("1d3+2", [1], critique=True)
        assert erreur.value.champ == "des"

    @pytest.mark.parametrize(
        ("chance", "seuils"),
        [(80, (4, 8, None)), (20, (1, 2, 40)), (-30, (0, 0, 4))],  # SRC lines 247-248, 253-254
    )
    def test_les_seuils_d_attaque(self, chance: int, seuils: tuple[int, int, int | None]) -> None:
        """A5: the last special (1/25) and critical (1/10) faces, the first maladresse face."""
        trouve = bm.seuils_d_attaque(chance)
        assert (trouve.seuil_special, trouve.seuil_critique, trouve.seuil_maladresse) == seuils

    def test_les_plages_du_d100(self) -> None:
        """SRC lines 184-185: at 67 %, critical 01-07, success 08-67, failure 68-86, maladresse 87-00."""
        plages = bm.plages_du_d100(lambda jet: bm.resoudre_test(67, jet))
        assert [plages[r] for r in Resultat] == [[(1, 7)], [(8, 67)], [(68, 86)], [(87, 100)]]

    def test_les_competences_avec_une_base(self) -> None:
        """SRC lines 64-152: 31 bases, Magie once per variant, Orientation (no formula) left out (A11)."""
        noms = [nom for nom, *_ in bm.competences_et_variantes()]
        assert len(noms) == 31 and "Orientation" not in noms
        assert noms.count("Magie (Prêtres)") == noms.count("Magie (Mages)") == 1

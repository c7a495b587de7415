"""Basic maison, caractéristiques and attributs dérivés (points de vie, de magie, modificateur de dégâts).

Rows cite the rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number.
"""

from __future__ import annotations

import pytest

from rules_py.basic_maison import (
    ABREVIATIONS,
    CARACTERISTIQUES,
    TABLE_DU_MODIFICATEUR_DE_DEGATS,
    ModificateurDeDegats,
    attributs,
    lire_caracteristiques,
    modificateur_de_degats,
    modificateur_pour_somme,
    points_de_magie,
    points_de_vie,
    vitesse_de_guerison,
)
from rules_py.errors import InputError
from tests.rules.basic_maison_commun import CARS

# == Caractéristiques ===========================================================


class TestCaracteristiques:
    @pytest.mark.parametrize(
        ("ligne", "abreviation", "nom"),
        [
            (9, "FOR", "Force"),
            (10, "CON", "Constitution"),
            (11, "TAI", "Taille"),
            (12, "DEX", "Dextérité"),
            (13, "INT", "Intelligence"),
            (14, "POU", "Pouvoir"),
            (15, "CHA", "Charisme"),
        ],
    )
    def test_les_sept_caracteristiques_dans_l_ordre(self, ligne: int, abreviation: str, nom: str) -> None:
        """SRC lines 9-15: the seven characteristics, in the text's order."""
        caracteristique = CARACTERISTIQUES[ligne - 9]
        assert (caracteristique.abreviation, caracteristique.nom) == (abreviation, nom)
        assert ABREVIATIONS[ligne - 9] == abreviation

    def test_ce_qui_arrive_a_zero(self) -> None:
        """SRC lines 18-30: CON 0 kills, DEX 0 paralyses; the text says nothing for TAI."""
        a_zero = {c.abreviation: c.a_zero for c in CARACTERISTIQUES}
        assert a_zero["CON"] == "meurt" and a_zero["DEX"] == "est paralysé" and a_zero["TAI"] is None

    def test_lues_en_nombres_ou_en_texte(self) -> None:
        """The seven scores are read from numbers or text spelling integers."""
        assert lire_caracteristiques({**CARS, "FOR": " 12 "}) == CARS

    @pytest.mark.parametrize(
        ("valeurs", "champ", "message"),
        [
            ({k: v for k, v in CARS.items() if k != "POU"}, "POU", "« POU » manque"),
            ({**CARS, "CHA": -1}, "CHA", "au moins 0"),
            ({**CARS, "DEX": "douze"}, "DEX", "nombre entier"),
            ({**CARS, "DEX": True}, "DEX", "nombre entier"),
            ({**CARS, "CHANCE": 3}, "CHANCE", "Caractéristique inconnue"),
            ([12, 13], "caracteristiques", "par abréviation"),
        ],
    )
    def test_une_caracteristique_invalide_est_refusee(
        self, valeurs: object, champ: str, message: str
    ) -> None:
        """General conventions: a missing, negative, unknown or non-integer characteristic is refused."""
        with pytest.raises(InputError, match=message) as erreur:
            lire_caracteristiques(valeurs)  # type: ignore[arg-type]
        assert erreur.value.champ == champ


class TestPointsDeVieEtDeMagie:
    @pytest.mark.parametrize(
        ("con", "tai", "pv"),
        [(13, 12, 13), (12, 12, 12), (13, 13, 13), (0, 0, 0), (0, 1, 1), (1, 0, 1), (18, 17, 18), (3, 4, 4)],
    )
    def test_les_pv_arrondis_au_superieur(self, con: int, tai: int, pv: int) -> None:
        """SRC line 33 and A2: PV = (CON + TAI) / 2, rounded up."""
        assert points_de_vie(con, tai) == pv

    def test_les_pm_valent_le_pou(self) -> None:
        """SRC line 34 and A2: PM = POU."""
        assert [points_de_magie(pou) for pou in (0, 7, 18)] == [0, 7, 18]

    def test_attributs(self) -> None:
        """The derived attributes come from the same functions."""
        resume = attributs(CARS)
        assert resume.points_de_vie == points_de_vie(13, 11) == 12
        assert resume.points_de_magie == 10
        assert resume.modificateur_de_degats == modificateur_de_degats(12, 11)
        assert resume.vitesse_de_guerison == vitesse_de_guerison(13) == 3

    def test_une_con_negative_est_refusee(self) -> None:
        """A negative CON is refused, not clamped."""
        with pytest.raises(InputError) as erreur:
            points_de_vie(-1, 12)
        assert erreur.value.champ == "CON"


# == Modificateur de dégâts =====================================================


class TestModificateurDeDegats:
    @pytest.mark.parametrize(
        ("ligne", "minimum", "maximum", "modificateur"),
        [
            (40, 0, 5, "-1d8"),
            (41, 6, 10, "-1d6"),
            (42, 11, 15, "-1d4"),
            (43, 16, 20, "-1d2"),
            (44, 21, 25, "0"),
            (45, 26, 30, "+1d2"),
            (46, 31, 35, "+1d4"),
            (47, 36, 40, "+1d6"),
            (48, 41, 45, "+1d8"),
        ],
    )
    def test_les_lignes_de_la_table(self, ligne: int, minimum: int, maximum: int, modificateur: str) -> None:
        """SRC lines 40-48: each row of the table, the first one including 5 (A1)."""
        row = TABLE_DU_MODIFICATEUR_DE_DEGATS[ligne - 40]
        assert (row.minimum, row.maximum, row.modificateur) == (minimum, maximum, modificateur)
        for somme in (minimum, maximum):
            assert modificateur_de_degats(somme, 0) == ModificateurDeDegats(somme, modificateur, False)

    @pytest.mark.parametrize(
        ("for_", "tai", "modificateur", "hors_table"),
        [
            (2, 3, "-1d8", False),
            (0, 0, "-1d8", False),
            (3, 3, "-1d6", False),
            (20, 25, "+1d8", False),
            (21, 20, "+1d8", False),
            (21, 25, "+1d8", True),
            (50, 50, "+1d8", True),
        ],
    )
    def test_interpretation_a1_les_bornes_de_la_table(
        self, for_: int, tai: int, modificateur: str, hors_table: bool
    ) -> None:
        """A1: 5 gives -1d8, 6 gives -1d6, 41-45 +1d8, and above 45 +1d8 marked hors table."""
        resultat = modificateur_de_degats(for_, tai)
        assert (resultat.somme, resultat.modificateur, resultat.hors_table) == (
            for_ + tai,
            modificateur,
            hors_table,
        )

    def test_chaque_somme_for_tai(self) -> None:
        """Every FOR + TAI from 0 to 120 matches a straight reading of the table with A1."""
        bornes = [(5, "-1d8"), (10, "-1d6"), (15, "-1d4"), (20, "-1d2"), (25, "0")]
        bornes += [(30, "+1d2"), (35, "+1d4"), (40, "+1d6"), (45, "+1d8")]
        for somme in range(121):
            attendu = next((m for borne, m in bornes if somme <= borne), "+1d8")
            assert modificateur_de_degats(somme, 0) == ModificateurDeDegats(somme, attendu, somme > 45)
            assert modificateur_de_degats(0, somme).modificateur == attendu

    def test_les_plages_et_les_expressions(self) -> None:
        """Each row prints its range, and each modifier is a dice expression."""
        assert [row.plage for row in TABLE_DU_MODIFICATEUR_DE_DEGATS[:2]] == ["5 ou moins", "6-10"]
        assert str(modificateur_de_degats(3, 2).expression) == "-1d8"
        assert str(modificateur_de_degats(12, 12).expression) == "0"

    def test_une_for_ou_une_tai_negative_est_refusee(self) -> None:
        """A negative FOR or TAI is refused, naming the field."""
        for args, champ in (((-1, 10), "FOR"), ((10, -1), "TAI")):
            with pytest.raises(InputError) as erreur:
                modificateur_de_degats(*args)
            assert erreur.value.champ == champ

    def test_pour_somme(self) -> None:
        """A1 read from a known sum FOR + TAI gives what the two scores give."""
        for somme in range(121):
            assert modificateur_pour_somme(somme) == modificateur_de_degats(somme, 0)
        with pytest.raises(InputError) as erreur:
            modificateur_pour_somme(-1)
        assert erreur.value.champ == "FOR + TAI"

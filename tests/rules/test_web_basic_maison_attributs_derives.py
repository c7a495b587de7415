"""Basic maison widgets through the facade: modificateur de dégâts and attributs dérivés.

Every operation is called as the page calls it (``Moteur.appeler`` with the form's strings); rows cite the
rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number, or the ruling (A1-A11) they apply.
"""

from __future__ import annotations

import pytest

from tests.rules.facade import appeler, blocs, echec, rejoue, textes
from tests.rules.web_basic_maison_commun import CARS, FINE, typo

# == Modificateur de dégâts =====================================================


class TestModificateur:
    @pytest.mark.parametrize(
        ("for_", "tai", "somme", "modificateur", "hors_table", "ligne"),
        [
            ("2", "3", 5, "-1d8", False, 0),  # A1: 5 is in the first row
            ("3", "3", 6, "-1d6", False, 1),
            ("12", "13", 25, "0", False, 4),
            ("16", "17", 33, "+1d4", False, 6),
            ("20", "25", 45, "+1d8", False, 8),
            ("25", "21", 46, "+1d8", True, 9),  # A1: hors table beyond 45
        ],
    )
    def test_chaque_ligne_de_la_table(
        self, for_: str, tai: str, somme: int, modificateur: str, hors_table: bool, ligne: int
    ) -> None:
        """SRC lines 40-48 and A1: the sum, the table's text, « hors table » beyond 45, the row marked."""
        resultat = appeler("basic.modificateur", {"for": for_, "tai": tai})
        assert (resultat["somme"], resultat["modificateur"], resultat["hors_table"]) == (
            somme,
            modificateur,
            hors_table,
        )
        [tableau] = blocs(resultat, "tableau")
        assert tableau["surligne"] == ligne and len(tableau["lignes"]) == 9 + hors_table
        assert ("hors table" in textes(resultat)) is hors_table
        rejoue("basic.modificateur", resultat)
        if hors_table:
            assert "demandez au MJ" in textes(resultat) and tableau["lignes"][9][0] == "46 ou plus"

    def test_les_des_du_modificateur_ont_leurs_chances(self) -> None:
        """A modifier with dice shows their exact odds, labelled with the true minus; 0 has none."""
        [barres] = blocs(appeler("basic.modificateur", {"for": "2", "tai": "2"}), "barres")
        assert [b["etiquette"] for b in barres["barres"]][:2] == ["−8", "−7"]
        assert {b["texte"] for b in barres["barres"]} == {f"12,5{FINE}%"}
        assert not blocs(appeler("basic.modificateur", {"for": "12", "tai": "12"}), "barres")

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"for": "-1", "tai": "10"}, "for", "« FOR » doit être au moins 0"),
            ({"for": "10", "tai": ""}, "tai", "« TAI » est vide"),
            ({"for": "dix", "tai": "10"}, "for", "nombre entier"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str, message: str) -> None:
        """A bad field is named, in French."""
        erreur = echec("basic.modificateur", args)
        assert erreur["champ"] == champ and typo(message) in erreur["message"]


# == Attributs dérivés ==========================================================


class TestAttributs:
    def test_un_personnage_ordinaire(self) -> None:
        """A2, A1, A8 and every base formula (SRC lines 33-34, 64-152), Magie in both variants."""
        resultat = appeler("basic.attributs", CARS)
        assert (resultat["points_de_vie"], resultat["points_de_magie"], resultat["vitesse_de_guerison"]) == (
            12,
            10,
            3,
        )
        assert resultat["modificateur_de_degats"] == {"somme": 23, "modificateur": "0", "hors_table": False}
        bases = resultat["bases"]
        assert len(bases) == 31
        assert (bases["Athlétisme"], bases["Esquive"], bases["Connaissance"], bases["Survie"]) == (
            26,
            28,
            30,
            23,
        )
        assert (bases["Magie (Prêtres)"], bases["Magie (Mages)"]) == (19, 25)
        assert "Orientation" not in bases and "Orientation (Primitif)" in textes(resultat)
        assert resultat["experts"] == []
        rejoue("basic.attributs", resultat)

    def test_expert_et_hors_table(self) -> None:
        """A base of 80 % or more is EXPERT; FOR + TAI above 45 is hors table (A1)."""
        resultat = appeler("basic.attributs", {**CARS, "dex": "40", "for": "30", "tai": "20"})
        assert resultat["experts"] == ["Esquive", "Crochetage"]
        assert resultat["modificateur_de_degats"]["hors_table"] is True
        assert "EXPERT" in textes(resultat) and "demandez au MJ" in textes(resultat)

    def test_une_entree_invalide_nomme_le_champ(self) -> None:
        """Each characteristic is checked and named."""
        assert echec("basic.attributs", {**CARS, "pou": "-3"})["champ"] == "pou"

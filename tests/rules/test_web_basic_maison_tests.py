"""Basic maison widgets through the facade: the tests.

Every operation is called as the page calls it (``Moteur.appeler`` with the form's strings); rows cite the
rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number, or the ruling (A1-A11) they apply.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.facade import appeler, blocs, echec, rejoue, textes
from tests.rules.web_basic_maison_commun import typo

# == Tests ======================================================================


class TestTest:
    def test_l_exemple_du_texte_a_67(self) -> None:
        """SRC lines 184-185 and A3: at 67 %, critical 01-07 (7 %), maladresse from 87."""
        resultat = appeler("basic.test", {"score": "67", "circonstance": "0", "jet": "87", "affaibli": False})
        assert (resultat["systeme"], resultat["mode"], resultat["score_effectif"]) == (
            "basic",
            "competence",
            67,
        )
        assert (resultat["jet"], resultat["resultat"], resultat["des_lus"]) == (87, "echec_critique", True)
        assert (resultat["seuil_critique"], resultat["seuil_maladresse"]) == (7, 87)
        assert resultat["probabilites"] == {
            "reussite_critique": "7/100",
            "reussite": "3/5",
            "echec": "19/100",
            "echec_critique": "7/50",
        }
        assert resultat["plages"] == {
            "reussite_critique": [[1, 7]],
            "reussite": [[8, 67]],
            "echec": [[68, 86]],
            "echec_critique": [[87, 100]],
        }
        [tableau] = blocs(resultat, "tableau")
        assert tableau["lignes"] == [
            ["Réussite critique", "01–07"],
            ["Réussite", "08–67"],
            ["Échec", "68–86"],
            ["Maladresse", "87–00"],
        ]
        assert tableau["surligne"] == 3

    def test_a_80_plus_de_maladresse(self) -> None:
        """SRC line 185 and A3: at 80 % no maladresse; 98-00 stays a plain automatic failure."""
        resultat = appeler("basic.test", {"score": "80", "jet": "00"})
        assert (resultat["jet"], resultat["resultat"], resultat["seuil_maladresse"]) == (100, "echec", None)
        assert resultat["probabilites"]["echec_critique"] == "0/1"
        assert resultat["plages"]["echec_critique"] == []
        assert "plus de maladresse" in textes(resultat)

    @pytest.mark.parametrize(
        ("args", "effectif", "jet", "resultat"),
        [
            ({"score": "70", "circonstance": "10", "jet": "08"}, 80, 8, "reussite_critique"),
            ({"score": "70", "circonstance": "-20", "jet": "71"}, 50, 71, "echec_critique"),
            ({"score": "5", "circonstance": "-20", "jet": "02"}, -15, 2, "reussite"),  # A3: 01-03 whatever S
            ({"score": "60", "affaibli": True, "jet": "31"}, 30, 31, "echec"),
            ({"score": "0", "jet": "03"}, 0, 3, "reussite"),
        ],
    )
    def test_les_circonstances_deplacent_le_score(
        self, args: dict[str, Any], effectif: int, jet: int, resultat: str
    ) -> None:
        """SRC lines 198-201: the circumstance moves S; -30 when very weak (line 221)."""
        reponse = appeler("basic.test", args)
        assert (reponse["score_effectif"], reponse["jet"], reponse["resultat"]) == (effectif, jet, resultat)

    def test_une_circonstance_signee_est_lue(self) -> None:
        """« +10 », as the command line writes it, is the table's +10 (Facile)."""
        reponse = appeler("basic.test", {"score": "50", "circonstance": "+10", "jet": "60"})
        assert (reponse["circonstance"], reponse["score_effectif"], reponse["resultat"]) == (
            10,
            60,
            "reussite",
        )

    def test_pas_de_critique_sous_zero(self) -> None:
        """A3: at S <= 0 no critical is possible, and the page says so."""
        reponse = appeler("basic.test", {"score": "5", "circonstance": "-20", "jet": "1"})
        assert reponse["seuil_critique"] == 0 and reponse["plages"]["reussite_critique"] == []
        assert "aucune réussite critique possible" in textes(reponse)
        assert typo("Compétence 5 % −20 (Très difficile) = −15 %") in textes(reponse)

    def test_lance_puis_rejoue(self) -> None:
        """An empty field rolls the d100; ``rejouer`` gives the same result."""
        for graine in range(8):
            resultat = appeler("basic.test", {"score": "50", "circonstance": "0", "jet": ""}, graine)
            assert 1 <= resultat["jet"] <= 100 and resultat["des_lus"] is False
            assert resultat["rejouer"] == {
                "score": "50",
                "circonstance": "0",
                "affaibli": False,
                "jet": str(resultat["jet"]),
            }
            rejoue("basic.test", resultat)

    def test_le_jet_de_caracteristique(self) -> None:
        """SRC line 212 and A4: CHA 13 × 5 = 65, resolved like a test; × 1 = 13."""
        resultat = appeler(
            "basic.jet_de_caracteristique", {"caracteristique": "13", "multiplicateur": "5", "jet": "66"}
        )
        assert (resultat["mode"], resultat["caracteristique"], resultat["multiplicateur"]) == (
            "caracteristique",
            13,
            5,
        )
        assert (resultat["score"], resultat["score_effectif"], resultat["resultat"]) == (65, 65, "echec")
        assert (resultat["seuil_critique"], resultat["seuil_maladresse"]) == (7, 85)
        assert "Caractéristique 13 × 5 = 65" in textes(resultat)
        par_mode = appeler(
            "basic.jet_de_caracteristique", {"caracteristique": "13", "multiplicateur": "1", "jet": "13"}
        )
        assert (par_mode["score_effectif"], par_mode["resultat"], par_mode["seuil_critique"]) == (
            13,
            "reussite",
            2,
        )
        rejoue("basic.jet_de_caracteristique", par_mode)
        lance = appeler("basic.jet_de_caracteristique", {"caracteristique": "10", "multiplicateur": "3"})
        assert lance["score"] == 30 and not lance["des_lus"]
        rejoue("basic.jet_de_caracteristique", lance)

    @pytest.mark.parametrize(
        ("op", "args", "champ", "message"),
        [
            ("basic.test", {"score": "-1"}, "score", "au moins 0"),
            ("basic.test", {"score": "50", "circonstance": "15"}, "circonstance", "l'une de ces valeurs"),
            ("basic.test", {"score": "50", "jet": "101"}, "jet", "Le jet de d100 va de 01 à 100"),
            ("basic.test", {"score": "50", "jet": "dé"}, "jet", "Le jet de d100"),
            ("basic.test", {"score": "50", "affaibli": "peut-être"}, "affaibli", "se coche"),
            (
                "basic.jet_de_caracteristique",
                {"caracteristique": "13", "multiplicateur": "6"},
                "multiplicateur",
                "« Multiplicateur » doit être l'une de ces valeurs",
            ),
            (
                "basic.jet_de_caracteristique",
                {"caracteristique": "", "multiplicateur": "3"},
                "caracteristique",
                "vide",
            ),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(
        self, op: str, args: dict[str, str], champ: str, message: str
    ) -> None:
        """Bad fields are named, in French."""
        erreur = echec(op, args)
        assert erreur["champ"] == champ and typo(message) in erreur["message"]

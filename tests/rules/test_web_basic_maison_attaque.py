"""Basic maison widgets through the facade: the attaque (chance de toucher, dégâts).

Every operation is called as the page calls it (``Moteur.appeler`` with the form's strings); rows cite the
rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number, or the ruling (A1-A11) they apply.
"""

from __future__ import annotations

import pytest

from tests.rules.facade import appeler, blocs, echec, rejoue, textes
from tests.rules.web_basic_maison_commun import typo

# == Attaque ====================================================================

ATTAQUE = {
    "att": "65",
    "defense": "35",
    "circonstance": "0",
    "arme": "Dague/Poignard",
    "modificateur": "0",
    "pa": "0",
}


class TestAttaque:
    @pytest.mark.parametrize(
        ("att", "defense", "chance", "special", "critique", "maladresse"),
        [("65", "35", 80, 4, 8, None), ("35", "65", 20, 1, 2, 40), ("10", "90", -30, 0, 0, 4)],
    )
    def test_les_exemples_du_texte(
        self, att: str, defense: str, chance: int, special: int, critique: int, maladresse: int | None
    ) -> None:
        """SRC lines 247-248 and A5: (65-35)+50 = 80 and (35-65)+50 = 20; critical 1/10, special 1/25."""
        resultat = appeler("basic.attaque", {**ATTAQUE, "att": att, "defense": defense, "jet": "50"})
        assert resultat["attaque"]["chance"] == chance
        assert resultat["seuils"] == {
            "seuil_special": special,
            "seuil_critique": critique,
            "seuil_maladresse": maladresse,
        }

    def test_le_critique_a_la_dague(self) -> None:
        """SRC line 253 and A6: a dagger's critical is 2d3+4; the modifier once; armour subtracted."""
        resultat = appeler(
            "basic.attaque", {**ATTAQUE, "jet": "05", "modificateur": "+1d4", "pa": "2", "des": "1 3 2"}
        )
        assert resultat["attaque"] == {"jet": 5, "chance": 80, "resultat": "reussite_critique"}
        assert resultat["degats"] == {
            "arme": "2d3+4",
            "des_arme": [1, 3],
            "total_arme": 8,
            "modificateur": "1d4",
            "des_modificateur": [2],
            "total_modificateur": 2,
            "pa": 2,
            "critique": True,
            "degats": 8,
        }
        normal, critique = resultat["distributions"]["normal"], resultat["distributions"]["critique"]
        assert (list(normal), normal["2"], min(critique, key=int), critique["5"]) == (
            ["2", "3", "4", "5", "6", "7"],
            "1/12",
            "5",
            "1/36",
        )
        assert typo("Dégâts d'un coup normal (1d3+2 +1d4 − 2 PA) : moyenne 4,5") in textes(resultat)
        assert resultat["probabilites"] == {
            "reussite_speciale": "1/25",
            "reussite_critique": "1/25",
            "reussite": "18/25",
            "echec": "1/5",
            "echec_critique": "0/1",
        }
        assert typo("2d3+4 → 8, modificateur +1d4 → 2 ; 10 − 2 PA = 8 PV perdus") in textes(resultat)
        [des] = [b for b in blocs(resultat, "des") if len(b["des"]) == 3]
        assert [d["faces"] for d in des["des"]] == [3, 3, 4]

    def test_la_reussite_speciale(self) -> None:
        """A5: a roll within 1/25 of the chance is a special success, which also doubles the damage."""
        resultat = appeler("basic.attaque", {**ATTAQUE, "jet": "4", "des": "3 3"})
        assert resultat["attaque"]["resultat"] == "reussite_speciale" and resultat["degats"]["degats"] == 10
        assert "effet spécial" in textes(resultat)

    def test_un_coup_manque_ignore_les_des_de_degats(self) -> None:
        """A miss rolls no damage; dice typed are ignored, and the page says so."""
        resultat = appeler(
            "basic.attaque", {**ATTAQUE, "att": "35", "defense": "65", "jet": "45", "des": "3"}
        )
        assert (resultat["attaque"]["resultat"], resultat["degats"]) == ("echec_critique", None)
        assert "dés de dégâts lus sont ignorés" in textes(resultat)
        assert resultat["rejouer"]["des"] == "3" and resultat["rejouer"]["jet"] == "45"

    def test_expert_for_tai_et_expression(self) -> None:
        """SRC line 55: EXPERT at 80 % attacks twice; FOR + TAI 46 is +1d8 hors table (A1); any expression."""
        resultat = appeler(
            "basic.attaque",
            {
                **ATTAQUE,
                "att": "80",
                "jet": "30",
                "degats": "1d8+1",
                "for_tai": "46",
                "pa": "3",
                "des": "8 8",
            },
        )
        assert resultat["attaques_par_round"] == 2
        assert resultat["coup"] == {
            "arme": None,
            "expression": "1d8+1",
            "modificateur": "+1d8",
            "for_tai": 46,
            "hors_table": True,
            "pa": 3,
        }
        assert resultat["degats"]["degats"] == 8 + 1 + 8 - 3
        texte = textes(resultat)
        assert "EXPERT" in texte and "hors table" in texte and "2 attaques" in texte

    def test_circonstance_et_remarques_de_l_arme(self) -> None:
        """New ruling: the circumstance table applies to the chance to hit; the weapon's remarks are shown."""
        resultat = appeler(
            "basic.attaque", {**ATTAQUE, "circonstance": "-20", "arme": "Arbalète", "jet": "99"}
        )
        assert resultat["attaque"]["chance"] == 60 and resultat["rejouer"]["circonstance"] == "-20"
        assert "−20 (Très difficile)" in textes(resultat) and "recharge 1 round" in textes(resultat)
        remarques = textes(appeler("basic.attaque", {**ATTAQUE, "arme": "Épée à 2 mains", "jet": "99"}))
        assert "2 mains, pas de parade" in remarques

    def test_des_degats_sans_des(self) -> None:
        """A fixed damage (no dice) needs no die read."""
        resultat = appeler("basic.attaque", {**ATTAQUE, "degats": "3", "pa": "1", "jet": "50"})
        assert resultat["degats"]["degats"] == 2 and resultat["rejouer"]["des"] == ""

    def test_lance_puis_rejoue(self) -> None:
        """The attack and its damage rolled, then replayed exactly from ``rejouer``."""
        vus = set()
        for graine in range(40):
            resultat = appeler(
                "basic.attaque", {**ATTAQUE, "modificateur": "-1d4", "jet": "", "des": ""}, graine
            )
            vus.add(resultat["degats"] is not None)
            assert not resultat["des_lus"]
            if resultat["degats"] is not None:
                assert resultat["degats"]["degats"] >= 0
            rejoue("basic.attaque", resultat)
        assert vus == {True, False}

    def test_les_grandes_expressions(self) -> None:
        """Beyond the exact-odds limit the roll still works; many totals are shown as ranges."""
        resultat = appeler("basic.attaque", {**ATTAQUE, "degats": "50d1000", "jet": "50"})
        assert resultat["distributions"] == {} and "limitée" in textes(resultat)
        assert resultat["degats"]["total_arme"] >= 50
        large = appeler(
            "basic.attaque", {**ATTAQUE, "degats": "10d6", "jet": "50", "des": "1 1 1 1 1 1 1 1 1 1"}
        )
        assert len(large["distributions"]["critique"]) == 101
        assert large["degats"]["degats"] == 10

    @pytest.mark.parametrize(
        ("args", "champ", "message"),
        [
            ({"att": "-5"}, "att", "au moins 0"),
            ({"defense": ""}, "defense", "vide"),
            ({"circonstance": "5"}, "circonstance", "« Circonstance » doit être l'une de ces valeurs"),
            ({"arme": "Bazooka"}, "arme", "l'une de ces valeurs"),
            ({"degats": "1d6+"}, "degats", "position"),
            ({"degats": "60d6"}, "degats", "100 dés"),
            ({"modificateur": "+2d8"}, "modificateur", "l'une de ces valeurs"),
            ({"for_tai": "-1"}, "for_tai", "au moins 0"),
            ({"pa": "x"}, "pa", "nombre entier"),
            ({"jet": "05", "des": "1"}, "des", "Il faut 2 dés de dégâts : 2 pour 2d3+4 (1 lu)"),
            ({"jet": "50", "modificateur": "+1d4", "des": "1"}, "des", "puis 1 pour le modificateur +1d4"),
            ({"jet": "50", "des": "4"}, "des", "Un d3 montre une valeur de 1 à 3"),
            ({"jet": "50", "modificateur": "+1d4", "des": "1 5"}, "des", "Un d4 montre"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, str], champ: str, message: str) -> None:
        """Bad fields are named, in French."""
        erreur = echec("basic.attaque", {**ATTAQUE, **args})
        assert erreur["champ"] == champ and typo(message) in erreur["message"]

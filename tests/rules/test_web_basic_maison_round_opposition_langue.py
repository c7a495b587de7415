"""Basic maison widgets through the facade: actions d'un round, opposition, langue.

Every operation is called as the page calls it (``Moteur.appeler`` with the form's strings); rows cite the
rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number, or the ruling (A1-A11) they apply.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.facade import appeler, blocs, echec, rejoue, textes
from tests.rules.web_basic_maison_commun import typo

# == Actions d'un round, opposition, langue =====================================


class TestActionsDuRound:
    @pytest.mark.parametrize(
        ("args", "attendu"),
        [
            ({"att": "50"}, (1, 1, 1)),  # SRC line 250: a move, an attack, a free parry
            ({"att": "50", "bouclier": True}, (1, 1, 2)),  # a shield: one more parry
            ({"att": "50", "esquive": True}, (1, 0, 1)),  # dodging forgoes the attack
            ({"att": "80", "bouclier": True}, (1, 2, 2)),  # SRC line 55: EXPERT at 80 %, two attacks
            ({"att": "85", "sans_parade": True}, (1, 2, 0)),  # SRC line 287: a two-handed sword, no parry
            # SRC line 250: the shield's parry is « supplémentaire » to the free one the weapon lacks
            ({"att": "50", "sans_parade": True, "bouclier": True}, (1, 1, 0)),
        ],
    )
    def test_les_actions_d_un_round(self, args: dict[str, Any], attendu: tuple[int, int, int]) -> None:
        """SRC lines 250-251 and 55: moves, attacks and parries of one round."""
        resultat = appeler("basic.actions_du_round", args)
        assert (resultat["deplacements"], resultat["attaques"], resultat["parades"]) == attendu
        assert resultat["expert"] is (int(args["att"]) >= 80)
        rejoue("basic.actions_du_round", resultat)

    def test_le_texte_du_round(self) -> None:
        """The result says it in words, and names EXPERT and the dodge."""
        resultat = appeler("basic.actions_du_round", {"att": "80", "esquive": True})
        texte = textes(resultat)
        assert "1 déplacement, 0 attaque, 1 parade" in texte and "EXPERT" in texte and "esquive" in texte


class TestOpposition:
    def test_discretion_contre_perception(self) -> None:
        """SRC lines 74 and 246: Discrétion 60 against Perception 45 → 65 %; 40 succeeds, 07 is critical."""
        resultat = appeler("basic.opposition", {"active": "60", "passive": "45", "jet": "40"})
        assert (resultat["chance"], resultat["score_effectif"], resultat["resultat"]) == (65, 65, "reussite")
        assert (resultat["seuil_critique"], resultat["seuil_maladresse"]) == (7, 85)
        assert resultat["probabilites"]["reussite_critique"] == "7/100"
        assert typo("Chances de l'opposition : 60 − 45 + 50 = 65 %") in textes(resultat)
        assert appeler("basic.opposition", {"active": "60", "passive": "45", "jet": "07"})["resultat"] == (
            "reussite_critique"
        )

    def test_01_a_03_reussit_meme_sous_une_chance_negative(self) -> None:
        """SRC 000 « 01-03 est toujours une réussite » (A3): at 0 − 100 + 50 = −50 %, 03 succeeds."""
        resultat = appeler("basic.opposition", {"active": "0", "passive": "100", "jet": "3"})
        assert (resultat["chance"], resultat["score_effectif"]) == (-50, -50)
        assert resultat["resultat"] == "reussite"
        assert resultat["plages"]["reussite"] == [[1, 3]] and resultat["probabilites"]["reussite"] == "3/100"
        assert appeler("basic.opposition", {"active": "0", "passive": "100", "jet": "4"})["resultat"] == (
            "echec_critique"
        )

    def test_lance_puis_rejoue(self) -> None:
        """An empty roll is drawn, and the share link replays it; the circumstance moves the chance."""
        resultat = appeler("basic.opposition", {"active": "30", "passive": "70", "circonstance": "20"}, 4)
        assert resultat["chance"] == 30 and not resultat["des_lus"]
        rejoue("basic.opposition", resultat)

    def test_une_entree_invalide_nomme_le_champ(self) -> None:
        """A negative skill is refused on its field, by its label."""
        erreur = echec("basic.opposition", {"active": "-1", "passive": "45"})
        assert erreur["champ"] == "active" and typo("« Compétence active (%) »") in erreur["message"]


class TestLangue:
    @pytest.mark.parametrize(
        ("langue", "niveau", "ligne"),
        [
            ("0", None, None),
            ("25", "quelques mots simples", 0),
            ("40", "des phrases simples", 1),
            ("76", 3, 3),
        ],
    )
    def test_les_bandes_de_la_langue(self, langue: str, niveau: Any, ligne: int | None) -> None:
        """SRC line 134: the band of the skill, its row highlighted; 0 % is below the text's bands."""
        resultat = appeler("basic.langue", {"langue": langue})
        [tableau] = blocs(resultat, "tableau")
        assert tableau.get("surligne") == ligne and len(tableau["lignes"]) == 4
        if isinstance(niveau, str):
            assert resultat["niveau"]["niveau"] == niveau
        assert (resultat["niveau"] is None) is (ligne is None)
        rejoue("basic.langue", resultat)

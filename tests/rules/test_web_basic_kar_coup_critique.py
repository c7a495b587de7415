"""BaSIC — KAR, the coup-critique-kar widget through the facade.

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line (``l.NN``).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_py import basic_kar as bk
from rules_py.web.affichage import fraction
from tests.rules.facade import appeler
from tests.rules.web_basic_kar_commun import blocs_de, refus, textes, verifier_rejouer

# == coup-critique-kar =====================================================================================

CIMETERRE = {
    "attaque": "reussite_critique",
    "score_attaque": "60",
    "jet_attaque": "",
    "defense": "aucune",
    "score_defense": "50",
    "jet_defense": "",
    "mode": "heroique",
    "combat_heroique": False,
    "arme": "1d8+1",
    "bonus": "1d3",
    "armure": "4",
    "tranchante": True,
    "des_arme": "5",
    "des_bonus": "2",
}


class TestCoup:
    def test_cimeterre(self) -> None:
        """l.24-25: critical, scimitar 1d8+1 and +1d3, d8 = 5 and d3 = 2: 14, armour ignored."""
        r = appeler("kar.coup", CIMETERRE)
        assert (r["issue"], r["degats"], r["armure_ignoree"], r["total_arme"], r["total_bonus"]) == (
            "critique",
            14,
            True,
            6,
            2,
        )
        assert (r["des_arme"], r["des_bonus"], r["des_lus"], r["defense"]) == ([5], [2], True, None)
        assert r["distribution"]["14"] == "1/24" and len(r["distribution"]) == 17
        assert any("[5] + 1 = 6" in t and "= 14" in t for t in textes(r["affichage"]))

    def test_jet_sous_le_kar_apres_96_en_heroique(self) -> None:
        """001: the attack's 98 in a heroic campaign is a failure, then the roll under the attacker's KAR;
        the parry's 97, the defender's (12 under 40: réussi)."""
        args = {
            **CIMETERRE,
            "attaque": "jet",
            "jet_attaque": "98",
            "kar_attaque": "60",
            "jet_kar_attaque": "72",
        }
        args |= {"defense": "jet", "jet_defense": "97", "kar_defense": "40", "jet_kar_defense": "12"}
        r = appeler("kar.coup", args)
        assert (r["issue"], r["attaque"]["resultat"], r["defense"]["resultat"]) == ("ratee", "echec", "echec")
        assert r["kar_attaque"] == {"kar": 60, "jet": 72, "reussi": False, "kar_apres": 55}
        assert r["kar_defense"] == {"kar": 40, "jet": 12, "reussi": True, "kar_apres": 40}
        assert (r["rejouer"]["jet_kar_attaque"], r["rejouer"]["jet_kar_defense"]) == ("72", "12")
        realiste = appeler("kar.coup", {**args, "mode": "realiste"})
        assert (realiste["kar_attaque"], realiste["attaque"]["resultat"]) == (None, "echec_critique")

    def test_le_jet_sous_le_kar_se_lance_et_se_rejoue(self) -> None:
        """Without the KAR roll read, it is drawn, and the share link replays it."""
        verifier_rejouer("kar.coup", {**CIMETERRE, "attaque": "jet", "jet_attaque": "99"})

    def test_cimeterre_par_le_jet(self) -> None:
        """l.24: a 03 at 60 % is critical; the odds of each issue come with it."""
        r = appeler("kar.coup", {**CIMETERRE, "attaque": "jet", "jet_attaque": "03"})
        assert (r["attaque"], r["issue"], r["degats"]) == (
            {"resultat": "reussite_critique", "score": 60, "jet": 3, "des_lus": True},
            "critique",
            14,
        )
        assert r["probabilites_issues"] == {
            "ratee": "2/5",
            "bloquee": "0/1",
            "normale": "57/100",
            "critique": "3/100",
            "riposte": "0/1",
        }

    @pytest.mark.parametrize(
        ("args", "issue", "degats", "ignoree"),
        [
            pytest.param({"defense": "reussite"}, "normale", 4, False, id="B3 defense reussie: 6 + 2 - 4"),
            pytest.param({"tranchante": False}, "critique", 10, False, id="contondante: 12 + 2 - 4"),
            pytest.param(
                {"defense": "reussite_critique"}, "bloquee", 0, False, id="defense critique: bloquee"
            ),
            pytest.param({"attaque": "reussite", "armure": "10"}, "normale", 0, False, id="jamais sous 0"),
            pytest.param({"attaque": "echec"}, "ratee", 0, False, id="ratee"),
        ],
    )
    def test_issues(self, args: dict[str, Any], issue: str, degats: int, ignoree: bool) -> None:
        """B3: every defence against the scimitar's blow, with the same dice."""
        r = appeler("kar.coup", {**CIMETERRE, **args})
        assert (r["issue"], r["degats"], r["armure_ignoree"]) == (issue, degats, ignoree)
        if issue in ("bloquee", "ratee"):
            assert (r["des_arme"], r["des_bonus"], "distribution" not in r) == ([], [], True)

    @pytest.mark.parametrize(("heroique", "riposte"), [(True, True), (False, False)])
    def test_riposte(self, heroique: bool, riposte: bool) -> None:
        """B3: a critical defence against a normal hit blocks it and, in heroic combat, gives a riposte."""
        r = appeler(
            "kar.coup",
            {**CIMETERRE, "attaque": "reussite", "defense": "reussite_critique", "combat_heroique": heroique},
        )
        assert (r["issue"], r["riposte"]) == ("bloquee", riposte)
        assert any("riposte possible" in t for t in textes(r["affichage"])) is riposte

    def test_deux_jets(self) -> None:
        """Both sides rolled: the odds of each issue over the 10 000 pairs, from the engine."""
        r = appeler(
            "kar.coup",
            {
                **CIMETERRE,
                "attaque": "jet",
                "jet_attaque": "10",
                "defense": "jet",
                "jet_defense": "02",
                "combat_heroique": True,
            },
        )
        assert (r["issue"], r["riposte"], r["defense"]["resultat"]) == ("bloquee", True, "reussite_critique")
        attendu = bk.probabilites_du_coup(60, 50, "heroique", True)
        assert r["probabilites_issues"] == {k: fraction(v) for k, v in attendu.items()}

    def test_defense_donnee_sans_probabilites(self) -> None:
        """With a defence result given directly, no odds of issues are shown."""
        r = appeler("kar.coup", {**CIMETERRE, "attaque": "jet", "jet_attaque": "10", "defense": "echec"})
        assert "probabilites_issues" not in r

    def test_bonus_negatif(self) -> None:
        """A negative damage bonus is subtracted; the result never goes below 0."""
        r = appeler(
            "kar.coup",
            {
                **CIMETERRE,
                "attaque": "reussite",
                "bonus": "-1d4",
                "des_bonus": "3",
                "armure": "0",
                "des_arme": "1",
            },
        )
        assert (r["total_arme"], r["total_bonus"], r["degats"]) == (2, -3, 0)
        assert any("2 − 3 = 0" in t for t in textes(r["affichage"]))

    def test_distribution_trop_grande(self) -> None:
        """An expression too large for the exact distribution still resolves, and says why the odds lack."""
        r = appeler("kar.coup", {**CIMETERRE, "arme": "100d1000", "des_arme": ""})
        assert "distribution" not in r and r["degats"] > 0
        assert any(b.get("classe") == "note" for b in blocs_de(r, "texte"))

    def test_valeurs_par_defaut(self) -> None:
        """Choices left out: the attack from its roll, no defence, a heroic campaign (as the form shows)."""
        sans_choix = {k: v for k, v in CIMETERRE.items() if k not in ("attaque", "defense", "mode")}
        r = appeler("kar.coup", {**sans_choix, "jet_attaque": "99"})
        assert (r["attaque"]["resultat"], r["defense"], r["mode"]) == ("echec", None, "heroique")

    @pytest.mark.parametrize(
        ("args", "champ"),
        [
            ({"arme": "1d"}, "arme"),
            ({"bonus": "2x"}, "bonus"),
            ({"des_arme": "9"}, "des_arme"),
            ({"des_arme": "5 2"}, "des_arme"),
            ({"des_bonus": "a"}, "des_bonus"),
            ({"attaque": "touche"}, "attaque"),
            ({"defense": "touche"}, "defense"),
            ({"attaque": "jet", "score_attaque": ""}, "score_attaque"),
            ({"defense": "jet", "jet_defense": "0"}, "jet_defense"),
            ({"armure": "-1"}, "armure"),
            ({"tranchante": "peut-être"}, "tranchante"),
        ],
    )
    def test_erreurs(self, args: dict[str, Any], champ: str) -> None:
        """Bad input names its field."""
        assert refus("kar.coup", {**CIMETERRE, **args})["champ"] == champ

    def test_rejouer(self) -> None:
        """Rolled attack, defence and damage dice replay."""
        verifier_rejouer(
            "kar.coup",
            {
                **CIMETERRE,
                "attaque": "jet",
                "defense": "jet",
                "des_arme": "",
                "des_bonus": "",
                "score_defense": "20",
            },
            range(1, 30),
        )

"""Basic maison widgets through the facade: the initiative and its follow-up.

Every operation is called as the page calls it (``Moteur.appeler`` with the form's strings); rows cite the
rules text ``000_c3d369694123e7ef.txt`` (SRC) by line number, or the ruling (A1-A11) they apply.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.facade import appeler, blocs, echec, rejoue, sans_hasard, textes
from tests.rules.web_basic_maison_commun import typo

# == Initiative =================================================================


def ajouter(etat: Any, nom: str, dex: str, action: str, armure: str = "0", pa: str = "") -> dict[str, Any]:
    args = {"nom": nom, "dex": dex, "armure": armure, "pa": pa, "action": action, "des": ""}
    if etat is not None:
        args["etat"] = etat
    return appeler("basic.initiative.ajouter", args)


def trois_combattants() -> dict[str, Any]:
    """Aldo (DEX 14, cuir rigide), Bera (DEX 10, tir), Cid (DEX 12): the engine's docstring example."""
    etat = ajouter(None, "Aldo", "14", "melee", armure="2")["etat"]
    etat = ajouter(etat, "Bera", "10", "tir_a_distance")["etat"]
    return ajouter(etat, "Cid", "12", "melee")


def rejoue_le_suivi(op: str, resultat: dict[str, Any], etat: Any) -> None:
    """The share link's fields, sent with the fight the page kept (``etat``), give the same answer."""
    for graine in (2, 3):
        assert sans_hasard(appeler(op, {**resultat["rejouer"], "etat": etat}, graine)) == sans_hasard(
            resultat
        )


class TestInitiative:
    def test_ajouter_des_combattants(self) -> None:
        """Each combatant is kept in ``etat``, PA from the armour table (or typed); odds before the roll."""
        resultat = trois_combattants()
        assert resultat["combattants"] == [
            {"nom": "Aldo", "dex": 14, "pa": 2, "action": "melee"},
            {"nom": "Bera", "dex": 10, "pa": 0, "action": "tir_a_distance"},
            {"nom": "Cid", "dex": 12, "pa": 0, "action": "melee"},
        ]
        assert (resultat["round"], resultat["des"], resultat["groupes"]) == (0, None, [])
        assert resultat["chances"]["Aldo"] == {"nom": "Aldo", "en_tete": "7/12", "seul_en_tete": "5/12"}
        assert resultat["chances"]["Bera"] == {"nom": "Bera", "en_tete": "1/1", "seul_en_tete": "1/1"}
        [boutons] = blocs(resultat, "boutons")
        assert [(b["libelle"], b["op"], b["args"]) for b in boutons["boutons"]] == [
            (f"Retirer {nom}", "basic.initiative.retirer", {"retirer": nom})
            for nom in ("Aldo", "Bera", "Cid")
        ]
        assert "de 13 à 18" in textes(resultat)
        avant = ajouter(
            ajouter(None, "Aldo", "14", "melee", armure="2")["etat"], "Bera", "10", "tir_a_distance"
        )
        rejoue_le_suivi("basic.initiative.ajouter", resultat, avant["etat"])

    def test_l_ordre_avec_une_egalite(self) -> None:
        """SRC lines 258-265 and A9: the action first, then the score; equal scores act together."""
        etat = trois_combattants()["etat"]
        resultat = appeler("basic.initiative.lancer", {"des": "1 1 1", "etat": etat})
        assert (resultat["round"], resultat["des"], resultat["des_lus"]) == (1, [1, 1, 1], True)
        assert resultat["groupes"] == [
            {"rang": 1, "action": "tir_a_distance", "score": 11, "combattants": ["Bera"], "simultane": False},
            {"rang": 2, "action": "melee", "score": 13, "combattants": ["Aldo", "Cid"], "simultane": True},
        ]
        assert resultat["scores"][0] == {"nom": "Aldo", "action": "melee", "d6": 1, "score": 13}
        assert "Aldo et Cid — en même temps" in textes(resultat)
        rejoue_le_suivi("basic.initiative.lancer", resultat, etat)

    def test_le_round_suivant_garde_les_combattants(self) -> None:
        """Next round: same combatants, new d6, round + 1; the first roll opens round 1."""
        etat = trois_combattants()["etat"]
        premier = appeler("basic.initiative.round_suivant", {"des": "", "etat": etat})
        assert premier["round"] == 1
        second = appeler("basic.initiative.round_suivant", {"des": "", "etat": premier["etat"]}, graine=5)
        assert second["round"] == 2 and [c["nom"] for c in second["combattants"]] == ["Aldo", "Bera", "Cid"]
        assert all(1 <= d <= 6 for d in second["des"]) and not second["des_lus"]
        # The link carries the fight it replays: alone, it gives the same answer.
        seul = appeler("basic.initiative.round_suivant", second["rejouer"], 3)
        assert sans_hasard(seul) == sans_hasard(second)
        rejoue_le_suivi("basic.initiative.round_suivant", second, premier["etat"])
        encore = appeler("basic.initiative.lancer", {"des": "6 6 6", "etat": second["etat"]})
        assert encore["round"] == 2

    def test_modifier_et_retirer(self) -> None:
        """Adding a name again updates it; removing keeps the others' d6; the last one leaves no order."""
        etat = trois_combattants()["etat"]
        lance = appeler("basic.initiative.lancer", {"des": "2 3 4", "etat": etat})
        mis_a_jour = ajouter(lance["etat"], "cid", "12", "magie", pa="1")
        assert mis_a_jour["combattants"][2] == {"nom": "cid", "dex": 12, "pa": 1, "action": "magie"}
        assert mis_a_jour["des"] is None and "est mis à jour" in textes(mis_a_jour)
        retire = appeler("basic.initiative.retirer", {"retirer": "Bera", "etat": lance["etat"]})
        assert retire["des"] == [2, 4] and [g["combattants"] for g in retire["groupes"]] == [
            ["Cid"],
            ["Aldo"],
        ]
        seul = {
            "combattants": [{"nom": "Aldo", "dex": 14, "pa": 2, "action": "melee"}],
            "round": 1,
            "des": [3],
        }
        vide = appeler("basic.initiative.retirer", {"retirer": "Aldo", "etat": seul})
        assert (vide["combattants"], vide["des"], vide["groupes"]) == ([], None, [])
        assert not blocs(vide, "boutons")

    def test_tout_effacer(self) -> None:
        """« Tout effacer » starts again, even from an unreadable state."""
        resultat = appeler("basic.initiative.vider", {"etat": "n'importe quoi"})
        assert resultat["etat"] == {"combattants": [], "round": 0, "des": None}
        rejoue("basic.initiative.vider", resultat)

    def test_les_noms_restent_du_texte(self) -> None:
        """A name typed by a reader is kept as text (the page renders it with textContent)."""
        resultat = ajouter(None, "  <b>Zed</b>   le   fou ", "10", "melee")
        assert resultat["combattants"][0]["nom"] == "<b>Zed</b> le fou"

    def test_vingt_combattants_au_plus(self) -> None:
        """At most 20 combatants."""
        etat = {
            "combattants": [{"nom": f"C{i}", "dex": 10, "pa": 0, "action": "melee"} for i in range(20)],
            "round": 0,
            "des": None,
        }
        assert (
            echec("basic.initiative.ajouter", {"nom": "X", "dex": "1", "action": "melee", "etat": etat})[
                "champ"
            ]
            == "nom"
        )

    @pytest.mark.parametrize(
        ("op", "args", "champ", "message"),
        [
            ("basic.initiative.ajouter", {"nom": "  "}, "nom", "Donnez un nom"),
            ("basic.initiative.ajouter", {"nom": "x" * 41}, "nom", "Nom trop long"),
            ("basic.initiative.ajouter", {"dex": "-1"}, "dex", "au moins 0"),
            ("basic.initiative.ajouter", {"armure": "9"}, "armure", "l'une de ces valeurs"),
            ("basic.initiative.ajouter", {"pa": "-1"}, "pa", "au moins 0"),
            ("basic.initiative.ajouter", {"action": "fuite"}, "action", "l'une de ces valeurs"),
            ("basic.initiative.lancer", {}, "nom", "Ajoutez au moins un combattant"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(
        self, op: str, args: dict[str, str], champ: str, message: str
    ) -> None:
        """Bad fields are named, in French."""
        base = {"nom": "Aldo", "dex": "14", "armure": "0", "pa": "", "action": "melee", "des": ""}
        erreur = echec(op, {**base, **args})
        assert erreur["champ"] == champ and typo(message) in erreur["message"]

    @pytest.mark.parametrize(
        ("des", "message"),
        [
            ("1 2", "Il faut un d6 par combattant, dans l'ordre de la liste : 3 (2 lus)"),
            ("1 2 7", "« d6 » doit être au plus 6"),
            ("1 x 2", "n'est pas un dé"),
        ],
    )
    def test_des_d6_lus_fautifs(self, des: str, message: str) -> None:
        """Dice read on the table: one d6 per combatant, 1 to 6."""
        erreur = echec("basic.initiative.lancer", {"des": des, "etat": trois_combattants()["etat"]})
        assert erreur["champ"] == "des" and typo(message) in erreur["message"]

    @pytest.mark.parametrize(
        "etat",
        [
            "texte",
            {"round": 0},
            {"combattants": "Aldo"},
            {"combattants": [{"nom": "A", "dex": 1, "pa": 0, "action": "fuite"}]},
            {"combattants": [{"nom": "A", "dex": -1, "pa": 0, "action": "melee"}]},
            {"combattants": [{"nom": "A", "dex": 1, "pa": 0, "action": "melee"}] * 2},
            {"combattants": [{"nom": "A", "dex": 1, "pa": 0, "action": "melee"}], "des": [1, 2]},
            {"combattants": [{"nom": "A", "dex": 1, "pa": 0, "action": "melee"}], "des": [9]},
            {"combattants": [{"nom": 5, "dex": 1, "pa": 0, "action": "melee"}]},
            {"combattants": [{"nom": "A", "dex": 1, "pa": 0, "action": "melee"}] * 21},
        ],
    )
    def test_un_suivi_illisible_est_refuse(self, etat: Any) -> None:
        """A state the page did not produce is refused in French, never with a traceback."""
        erreur = echec("basic.initiative.lancer", {"des": "", "etat": etat})
        assert "illisible" in erreur["message"] and "champ" not in erreur

    def test_retirer_un_inconnu(self) -> None:
        """Removing a name that is not there says so."""
        erreur = echec("basic.initiative.retirer", {"retirer": "Zed", "etat": trois_combattants()["etat"]})
        assert typo("Aucun combattant ne s'appelle « Zed ».") == erreur["message"]

"""Creation step by step for BaSIC — KAR, El Toto and Actions d100: each tool derived from its system's
sheet, the engine's answer at every step with exact values, and the same creation at the terminal
writing the page's export file, byte for byte.

Rows: Renard Blanc, the KAR text's example character (001: « le KAR de Renard Blanc (60 %) »), with INT
13 and DEX 16 (Init (13 + 16) / 2 = 14,5 rounded up: 15, B8); Brugor, the Actions d100 text's example
(004: « Il possède 60 % à sa compétence de crochetage »); an El Toto character worked by hand from the
text's formulas (003: « Points de Vie : Résistance x 2 + Hargne + 5 », « Energie : Hargne + Trempe +
Survie », PdC = Arts martiaux + compétence).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules_py.__main__ import main
from rules_py.fiches import FicheActions, FicheElToto, FicheKar
from rules_py.outils.champs import champs
from rules_py.outils.creation import identifiant_de
from rules_py.outils.registre import OUTILS
from rules_py.web import Moteur

RENARD_BLANC = {
    "nom": "Renard Blanc",
    "CON": "12",
    "INT": "13",
    "DEX": "16",
    "POU": "12",
    "kar_initial": "60",
    "pv_initiaux": "13",
    "pe_initiaux": "12",
    "scores": "Discrétion : 55\nÉpée : 65",
    "armes": "Épée : 3 : 65 : 1d8+1",
}
TOTO = {
    "nom": "Toto",
    "force": "2",
    "agilite": "3",
    "resistance": "3",
    "hargne": "2",
    "trempe": "2",
    "survie": "1",
    "arts_martiaux": "2",
    "competence_arme": "3",
    "bonus_arme": "-2",
    "bouclier": "1",
    "protection": "1",
    "scores": "Esquiver : 2",
}
BRUGOR = {
    "nom": "Brugor",
    "caracteristiques": "Force : 12\nAdresse : 14",
    "scores": "Crochetage : 60\nDiscrétion : 20 : non",
}


def creer(op: str, args: dict[str, str]) -> dict[str, Any]:
    """The engine's answer to a creation's operation (the page's call at every change)."""
    reponse = Moteur(1).appeler(op, args)
    assert reponse["ok"], reponse
    return reponse["resultat"]


def erreur(op: str, args: dict[str, str]) -> dict[str, Any]:
    reponse = Moteur(1).appeler(op, args)
    assert not reponse["ok"]
    return reponse["erreur"]


class TestOutilsDeriveDeLaFiche:
    @pytest.mark.parametrize(
        ("outil", "fiche", "fixes"),
        [
            ("creation-kar", FicheKar, {"kar", "compteur_init"}),
            ("creation-el-toto", FicheElToto, set()),
            ("creation-actions", FicheActions, set()),
        ],
    )
    def test_les_champs_de_la_creation_sont_ceux_de_la_fiche(
        self, outil: str, fiche: type, fixes: set[str]
    ) -> None:
        """The creation asks every field of the sheet, in its order, less those set at creation."""
        assert [c.cle for c in OUTILS[outil].champs] == [c.cle for c in champs(fiche) if c.cle not in fixes]
        libelles = {c.cle: c.meta.libelle for c in champs(fiche)}
        assert all(c.meta.libelle == libelles[c.cle] for c in OUTILS[outil].champs)

    def test_les_operations_suivent_la_cle_du_systeme(self) -> None:
        assert [OUTILS[o].operations for o in ("creation-kar", "creation-el-toto", "creation-actions")] == [
            ("kar.creation",),
            ("toto.creation",),
            ("actions.creation",),
        ]


class TestKar:
    def test_a_la_creation_le_kar_actuel_est_le_kar_initial(self) -> None:
        """A new character has lost no KAR yet: its current KAR is its initial KAR (not asked)."""
        fiche = creer("kar.creation", RENARD_BLANC | {"kar_initial": "45"})["personnage"]["fiche"]
        assert (fiche["kar"], fiche["kar_initial"]) == ("45", "45")

    def test_a_la_creation_le_pion_du_compteur_d_init_est_sur_l_init(self) -> None:
        # B8 : le compteur part de l'Init ; INT 13 + DEX 16 = 29, / 2 arrondi au-dessus : 15.
        reponse = creer("kar.creation", RENARD_BLANC)
        assert reponse["personnage"]["fiche"]["compteur_init"] == "15"
        assert ["Compteur d'Init", 15] in reponse["apercu"]

    def test_la_creation_complete_s_ouvre_sur_le_nom_du_personnage(self) -> None:
        blocs = creer("kar.creation", RENARD_BLANC)["affichage"]
        assert blocs[0]["texte"] == "Renard Blanc — BaSIC — KAR"
        assert blocs[1]["texte"].startswith("Personnage complet")

    def test_l_init_vaut_int_plus_dex_sur_deux_arrondi_au_dessus(self) -> None:
        """(13 + 16) / 2 = 14,5 → 15 (B8), shown as you go with the current KAR and the PV."""
        resultat = creer("kar.creation", RENARD_BLANC)
        assert resultat["derives"] == {"pv": 13, "pv_max": 13, "init": 15}
        assert resultat["apercu"] == [
            ["KAR actuel (%)", 60],
            ["Compteur d'Init", 15],
            ["Points de vie (PV)", 13],
            ["Initiative (Init)", 15],
        ]
        assert creer("kar.creation", {"INT": "12", "DEX": "14"})["derives"]["init"] == 13

    def test_le_personnage_complet(self) -> None:
        personnage = creer("kar.creation", RENARD_BLANC)["personnage"]
        assert personnage == {
            "id": identifiant_de("BaSIC — KAR", personnage["fiche"]),
            "systeme": "BaSIC — KAR",
            "fiche": {
                "nom": "Renard Blanc",
                "CON": "12",
                "INT": "13",
                "DEX": "16",
                "POU": "12",
                "kar": "60",
                "kar_initial": "60",
                "pv_initiaux": "13",
                "pe_initiaux": "12",
                "scores": "Discrétion : 55\nÉpée : 65",
                "armes": "Épée : 3 : 65 : 1d8+1",
                "compteur_init": "15",
            },
        }

    def test_un_kar_initial_hors_bornes_nomme_le_champ(self) -> None:
        refus = erreur("kar.creation", RENARD_BLANC | {"kar_initial": "101"})
        assert refus["champ"] == "kar_initial" and "KAR initial" in refus["message"]

    def test_une_arme_mal_ecrite_nomme_le_champ(self) -> None:
        refus = erreur("kar.creation", RENARD_BLANC | {"armes": "Dague : 0 : 40 : 1d4+2"})
        assert refus["champ"] == "armes"
        assert (
            refus["message"]
            == "«\u00a0Armes\u00a0», ligne 1\u00a0: le FV «\u00a00\u00a0» doit être un entier de 1 à 99."
        )


class TestElToto:
    def test_vie_energie_et_pdc_calcules_par_le_moteur(self) -> None:
        """Vie 3 × 2 + 2 + 5 = 13, Énergie 2 + 2 + 1 = 5, PdC 2 + 3 = 5."""
        resultat = creer("toto.creation", TOTO)
        assert resultat["apercu"] == [["Vie (PV)", 13], ["Énergie", 5], ["Potentiel de combat (PdC)", 5]]
        assert resultat["derives"]["resistance_protection"] == 4

    def test_les_valeurs_suivent_chaque_saisie(self) -> None:
        """Résistance 5, Hargne 4: Vie 5 × 2 + 4 + 5 = 19; Trempe 3: Énergie 4 + 3 + 1 = 8."""
        resultat = creer("toto.creation", TOTO | {"resistance": "5", "hargne": "4", "trempe": "3"})
        assert resultat["apercu"][:2] == [["Vie (PV)", 19], ["Énergie", 8]]

    def test_un_bonus_d_arme_negatif_est_garde(self) -> None:
        fiche = creer("toto.creation", TOTO)["personnage"]["fiche"]
        assert (fiche["bonus_arme"], fiche["bouclier"]) == ("-2", "1")

    def test_une_caracteristique_negative_nomme_le_champ(self) -> None:
        refus = erreur("toto.creation", TOTO | {"hargne": "-1"})
        assert refus["champ"] == "hargne" and "Hargne" in refus["message"]


class TestActions:
    def test_les_competences_gardent_la_marque_des_points_depenses(self) -> None:
        """Crochetage 60 % with points spent (004's Brugor), Discrétion without: both kept as typed."""
        personnage = creer("actions.creation", BRUGOR)["personnage"]
        assert personnage["fiche"] == BRUGOR
        assert personnage["systeme"] == "Actions d100"

    def test_rien_a_calculer(self) -> None:
        assert creer("actions.creation", BRUGOR)["apercu"] == []

    def test_une_ligne_illisible_nomme_le_champ(self) -> None:
        refus = erreur("actions.creation", BRUGOR | {"scores": "Crochetage : 60 : peut-être"})
        assert refus["champ"] == "scores"
        assert refus["message"].startswith(
            "«\u00a0Compétences\u00a0», ligne 1\u00a0: après la valeur, écrivez"
        )


class TestManques:
    @pytest.mark.parametrize("op", ["kar.creation", "toto.creation", "actions.creation"])
    def test_sans_nom_rien_a_enregistrer(self, op: str) -> None:
        """The first step: no name yet, nothing to save, the missing name said."""
        resultat = creer(op, {"nom": "  "})
        assert resultat["personnage"] is None
        assert resultat["manques"] == ["« Nom » est vide : entrez le nom du personnage."]

    def test_le_nom_est_garde_sans_ses_espaces(self) -> None:
        """The same character typed with spaces around its name has the same identifier."""
        premier = creer("toto.creation", TOTO)["personnage"]
        assert creer("toto.creation", TOTO | {"nom": " Toto "})["personnage"] == premier


def export_de_la_page(personnage: dict[str, Any]) -> bytes:
    """What « Exporter » downloads for ``personnage`` once stored: the store's document (read back by
    ``personnages.charger``) as ``JSON.stringify(…, null, 2)`` and a newline."""
    stocke = json.dumps({"schema": "regles-personnages", "version": 2, "personnages": [personnage]})
    document = Moteur(1).appeler("personnages.charger", {"texte": stocke})["resultat"]["document"]
    return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def options(args: dict[str, str]) -> list[str]:
    return [f"--{cle.replace('_', '-')}={valeur}" for cle, valeur in args.items()]


class TestTerminal:
    @pytest.mark.parametrize(
        ("outil", "op", "args"),
        [
            ("creation-kar", "kar.creation", RENARD_BLANC),
            ("creation-el-toto", "toto.creation", TOTO),
            ("creation-actions", "actions.creation", BRUGOR),
        ],
    )
    def test_la_creation_au_terminal_ecrit_le_fichier_de_la_page(
        self, outil: str, op: str, args: dict[str, str], tmp_path: Path
    ) -> None:
        """``creation-… --exporter`` writes, byte for byte, the page's export of the same creation."""
        fichier = tmp_path / "personnage.json"
        assert main(["outil", outil, *options(args), "--exporter", str(fichier)]) == 0
        assert fichier.read_bytes() == export_de_la_page(creer(op, args)["personnage"])

    def test_le_fichier_exporte_remplit_un_outil(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """Renard Blanc's file fills the KAR test (its Discrétion, 55 %) and the critical (its sword)."""
        fichier = tmp_path / "renard.json"
        assert main(["outil", "creation-kar", *options(RENARD_BLANC), "--exporter", str(fichier)]) == 0
        capsys.readouterr()
        argv = ["--json", "outil", "test-kar", "--personnage", str(fichier)]
        assert main([*argv, "--competence-de-la-fiche", "Discrétion", "--jet", "40"]) == 0
        reponse = json.loads(capsys.readouterr().out)
        assert (reponse["score"], reponse["resultat"]) == (55, "reussite")

    def test_une_creation_sans_nom_n_ecrit_rien(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        fichier = tmp_path / "toto.json"
        assert main(["--json", "outil", "creation-el-toto", "--exporter", str(fichier)]) == 2
        reponse = json.loads(capsys.readouterr().out)
        assert reponse["erreur"]["champ"] == "nom" and "entrez le nom" in reponse["erreur"]["message"]
        assert not fichier.exists()

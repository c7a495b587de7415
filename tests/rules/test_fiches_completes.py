"""The complete sheets: every field the texts name, checked with their bounds, filling the tools.

BaSIC — KAR (001): weapons with FV, attack and damage « à côté du nom de l'arme », the Init and its
counter; El Toto (003): the shield bonus of quick combat, a weapon bonus of −100 to 100 as the tools;
Actions d100 (004): characteristics, and a skill's points-spent mark (a 1 is critical only « si le
personnage a dépensé au moins un point dans la compétence »).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_py import personnages as pj
from rules_py.__main__ import main
from rules_py.errors import InputError
from rules_py.fiches import ArmeKar
from rules_py.outils.champs import lire
from tests.rules.facade import appeler, echec

# Yang of the text's example (001): an épée, FV 3; INT 12 and DEX 11 give the Init 12 of the example.
YANG = {"nom": "Yang", "INT": "12", "DEX": "11", "kar": "55", "pv_initiaux": "14"}
YANG |= {"armes": "Épée : 3 : 65 : 1d8+1\nDague : 2 : 40 % : 1d4+2", "scores": "Esquive : 35"}
BRUGOR = {"nom": "Brugor", "caracteristiques": "Force : 12\nAgilité : 9"}
BRUGOR |= {"scores": "Crochetage : 60\nDiscrétion : 20 : non"}


def kar(fiche: dict) -> dict:
    return {"id": "yang", "systeme": "BaSIC — KAR", "fiche": fiche}


def actions(fiche: dict) -> dict:
    return {"id": "brugor", "systeme": "Actions d100", "fiche": fiche}


def toto(fiche: dict) -> dict:
    return {"id": "toto", "systeme": "El Toto", "fiche": fiche}


def remplir(outil: str, personnage: dict, camp: str = "") -> dict:
    return appeler("personnages.remplir", {"outil": outil, "personnage": personnage, "camp": camp})


def ligne(reponse: dict, nom: str) -> list:
    return next(entree for entree in reponse["competences"] if entree[0] == nom)


class TestFicheKar:
    def test_les_armes_portent_fv_attaque_et_dommages(self) -> None:
        """« Le facteur de vitesse, ainsi que le score de la compétence d'attaque et des dommages »."""
        assert pj.lire_armes_kar(YANG["armes"]) == (
            ArmeKar("Épée", 3, 65, "1d8+1"),
            ArmeKar("Dague", 2, 40, "1d4+2"),
        )

    def test_l_init_est_la_moyenne_de_l_int_et_de_la_dex_arrondie_au_dessus(self) -> None:
        """B8: (12 + 11) / 2 rounded up = 12, Yang's Init in the text's example; the counter starts at 0."""
        fiche = lire(pj.FicheKar, YANG)
        assert fiche.derives() == {"pv": 14, "pv_max": 14, "init": 12}
        assert fiche.compteur_init == 0

    @pytest.mark.parametrize(
        ("armes", "message"),
        [
            (
                "Épée : 3 : 65",
                "ligne 1\u00a0: écrivez «\u00a0Nom\u00a0: FV\u00a0: attaque\u00a0: dommages\u00a0»",
            ),
            ("Épée : 0 : 65 : 1d8", "le FV «\u00a00\u00a0» doit être un entier de 1 à 99."),
            ("Épée : 3 : beaucoup : 1d8", "«\u00a0beaucoup\u00a0» n’est pas un score"),
            ("Épée : 3 : 65 : 1z8", "«\u00a0Armes\u00a0», ligne 1\u00a0:"),
        ],
    )
    def test_une_arme_fautive_est_refusee_en_nommant_le_champ(self, armes: str, message: str) -> None:
        erreur = echec("personnages.personnage-kar", {**YANG, "armes": armes})
        assert erreur["champ"] == "armes" and message in erreur["message"]

    def test_la_feuille_remplie_montre_les_armes_et_l_init(self) -> None:
        blocs = appeler("personnages.personnage-kar", YANG)["affichage"]
        (armes,) = [b for b in blocs if b.get("legende") == "Armes"]
        assert armes["entetes"] == ["Arme", "FV", "Attaque", "Dommages"]
        assert armes["lignes"] == [["Épée", "3", "65\u202f%", "1d8+1"], ["Dague", "2", "40\u202f%", "1d4+2"]]
        assert ["Initiative (Init)", "12"] in [list(v) for v in blocs[1]["lignes"]]


class TestRemplirKar:
    def test_une_arme_remplit_l_attaque_du_coup_critique(self) -> None:
        """The attacker's side: KAR from the sheet, then the weapon gives attack score and damage."""
        reponse = remplir("coup-critique-kar", kar(YANG), "attaque")
        assert reponse["valeurs"] == {"kar_attaque": "55"}
        assert reponse["champ_competence"] == "score_attaque"
        assert ligne(reponse, "Épée (attaque)") == [
            "Épée (attaque)",
            65,
            {"arme": "1d8+1"},
            "Épée\u00a0: attaque 65\u202f%, FV 3, dommages 1d8+1",
        ]

    def test_le_coup_critique_rempli_egale_les_nombres_tapes(self) -> None:
        """Renard Blanc's critical (001): roll 03 under 65, 1d8+1 doubled, +1d3 once, armour ignored."""
        reponse = remplir("coup-critique-kar", kar(YANG), "attaque")
        _, score, autres, _ = ligne(reponse, "Épée (attaque)")
        des = {"jet_attaque": "3", "des_arme": "5", "des_bonus": "2", "armure": "2"}
        rempli = appeler("kar.coup", {**reponse["valeurs"], "score_attaque": str(score), **autres, **des})
        tape = appeler("kar.coup", {"kar_attaque": "55", "score_attaque": "65", "arme": "1d8+1", **des})
        assert rempli == tape and rempli["degats"] == 14

    def test_le_defenseur_et_le_contre_attaquant_prennent_le_kar_de_leur_cote(self) -> None:
        assert remplir("coup-critique-kar", kar(YANG), "defense")["valeurs"] == {"kar_defense": "55"}
        contre = remplir("contre-attaque-kar", kar(YANG), "contre")
        assert contre["valeurs"] == {"kar_contre": "55"} and contre["champ_competence"] == "competence_contre"
        assert remplir("contre-attaque-kar", kar(YANG), "attaquant")["champ_competence"] == "chance_attaquant"

    def test_une_arme_remplit_le_combattant_du_suivi(self) -> None:
        """The tracker's new combatant: name, INT, DEX, PV; the weapon's FV, attack and damage."""
        reponse = remplir("combat-heroique", kar(YANG))
        assert reponse["valeurs"] == {"nom": "Yang", "INT": "12", "DEX": "11", "PV": "14"}
        assert reponse["champ_competence"] == "attaque"
        assert ligne(reponse, "Dague (attaque)")[:3] == ["Dague (attaque)", 40, {"fv": "2", "arme": "1d4+2"}]


class TestFicheElToto:
    @pytest.mark.parametrize("bonus", ["-100", "-3", "0", "100"])
    def test_un_bonus_d_arme_negatif_est_accepte_comme_dans_les_outils(self, bonus: str) -> None:
        assert (
            appeler("personnages.personnage-el-toto", {"nom": "Toto", "bonus_arme": bonus})["fiche"][
                "bonus_arme"
            ]
            == bonus
        )

    @pytest.mark.parametrize(
        ("champ", "valeur", "message"),
        [
            ("bonus_arme", "-101", "«\u00a0Bonus de l’arme\u00a0» doit être au moins −100"),
            ("bonus_arme", "101", "«\u00a0Bonus de l’arme\u00a0» doit être au plus 100"),
            ("bouclier", "-1", "«\u00a0Bonus de bouclier\u00a0» doit être au moins 0"),
            ("bouclier", "101", "«\u00a0Bonus de bouclier\u00a0» doit être au plus 100"),
        ],
    )
    def test_les_bornes_sont_celles_des_outils(self, champ: str, valeur: str, message: str) -> None:
        erreur = echec("personnages.personnage-el-toto", {"nom": "Toto", champ: valeur})
        assert erreur["champ"] == champ and message in erreur["message"]

    def test_le_bouclier_remplit_le_combat_rapide(self) -> None:
        """« PdC + bonus de bouclier »: the quick combat filled from the sheet equals the numbers typed."""
        fiche = {"nom": "Toto", "arts_martiaux": "2", "competence_arme": "2", "bouclier": "2"}
        fiche |= {"bonus_arme": "-1", "resistance": "3", "protection": "1"}
        valeurs = remplir("combat-rapide-el-toto", toto(fiche), "b")["valeurs"]
        assert valeurs == {"pdc_b": "4", "bouclier_b": "2", "bonus_arme_b": "-1", "resistance_b": "4"}
        des = {"des_a": "6 4 1", "des_b": "5 5 2 1 6 3", "des_resistance": "4 4 4 1"}
        a = {"pdc_a": "3", "bouclier_a": "0", "bonus_arme_a": "2", "resistance_a": "4"}
        rempli = appeler("toto.combat_rapide", {**a, **valeurs, **des})
        assert rempli == appeler(
            "toto.combat_rapide",
            {**a, **des, "pdc_b": "4", "bouclier_b": "2", "bonus_arme_b": "-1", "resistance_b": "4"},
        )
        assert rempli["vainqueur"] == "b"


class TestFicheActions:
    def test_les_competences_portent_la_marque_des_points_depenses(self) -> None:
        lues = pj.lire_competences_actions(BRUGOR["scores"] + "\nHache : 45 : oui")
        assert [(c.nom, c.score, c.points) for c in lues] == [
            ("Crochetage", 60, True),
            ("Discrétion", 20, False),
            ("Hache", 45, True),
        ]

    def test_une_marque_inconnue_est_refusee(self) -> None:
        erreur = echec("personnages.personnage-actions", {**BRUGOR, "scores": "Crochetage : 60 : peut-être"})
        assert erreur["champ"] == "scores"
        assert "après la valeur, écrivez «\u00a0oui\u00a0»" in erreur["message"]

    def test_une_caracteristique_fautive_nomme_son_champ(self) -> None:
        erreur = echec("personnages.personnage-actions", {**BRUGOR, "caracteristiques": "Force 12"})
        assert (
            erreur["champ"] == "caracteristiques"
            and "«\u00a0Caractéristiques\u00a0», ligne 1" in erreur["message"]
        )

    def test_la_feuille_remplie_montre_les_points_depenses(self) -> None:
        blocs = appeler("personnages.personnage-actions", BRUGOR)["affichage"]
        tables = {b["legende"]: b for b in blocs if b["type"] == "tableau"}
        assert tables["Caractéristiques"]["lignes"] == [["Force", "12"], ["Agilité", "9"]]
        assert tables["Compétences"]["entetes"] == ["Compétence", "Valeur", "Point dépensé"]
        assert tables["Compétences"]["lignes"][1] == ["Discrétion", "20\u202f%", "non"]

    def test_un_1_sans_point_depense_n_est_pas_critique(self) -> None:
        """D2: Discrétion, no point spent: the skill fills score and points, and 01 is a plain success."""
        reponse = remplir("test-actions", actions(BRUGOR))
        _, score, autres, libelle = ligne(reponse, "Discrétion")
        assert (score, autres, libelle) == (
            20,
            {"points": False},
            "Discrétion (20\u202f%, aucun point dépensé)",
        )
        assert appeler("actions.test", {"score": str(score), **autres, "jet": "1"})["resultat"] == "reussite"
        _, score, autres, _ = ligne(reponse, "Crochetage")
        assert appeler("actions.test", {"score": str(score), **autres, "jet": "1"})["resultat"] == (
            "reussite_critique"
        )

    def test_le_test_de_caracteristique_prend_une_caracteristique(self) -> None:
        reponse = remplir("test-caracteristique-actions", actions(BRUGOR))
        assert reponse["champ_competence"] == "caracteristique"
        assert reponse["titre_competence"] == "Caractéristique"
        assert reponse["competences"] == [["Force", 12, {}, "Force (12)"], ["Agilité", 9, {}, "Agilité (9)"]]


class TestTerminal:
    @pytest.mark.parametrize(
        ("outil", "attendus"),
        [
            ("personnage-kar", ["--armes", "FV\u00a0: attaque\u00a0: dommages", "--compteur-init"]),
            ("personnage-el-toto", ["--bonus-arme", "de −100 à 100", "--bouclier", "Bonus de bouclier"]),
            ("personnage-actions", ["--caracteristiques", "«\u00a0Discrétion\u00a0: 20\u00a0: non\u00a0»"]),
        ],
    )
    def test_les_nouveaux_champs_sont_dans_l_aide(
        self, capsys: pytest.CaptureFixture[str], outil: str, attendus: list[str]
    ) -> None:
        with pytest.raises(SystemExit):
            main(["outil", outil, "--help"])
        aide = " ".join(capsys.readouterr().out.split())
        for attendu in attendus:
            assert " ".join(attendu.split()) in aide, attendu

    def test_un_personnage_exporte_au_terminal_remplit_un_outil(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """personnage-kar --exporter, then coup-critique-kar --personnage with the weapon: Renard Blanc's
        critical (03 under 65, 5 on the d8, 2 on the d3: 14 points)."""
        fichier = tmp_path / "yang.json"
        argv = ["outil", "personnage-kar", "--nom", "Yang", "--kar", "55", "--armes", "Épée : 3 : 65 : 1d8+1"]
        assert main([*argv, "--exporter", str(fichier)]) == 0
        assert pj.lire_document(fichier.read_text(encoding="utf-8")).personnages[0].fiche["armes"] == (
            "Épée : 3 : 65 : 1d8+1"
        )
        capsys.readouterr()
        fiche = ["--personnage", str(fichier), "--camp-de-la-fiche", "attaque"]
        fiche += ["--competence-de-la-fiche", "Épée (attaque)"]
        des = ["--jet-attaque", "3", "--des-arme", "5", "--des-bonus", "2"]
        assert main(["outil", "coup-critique-kar", *fiche, *des, "--json"]) == 0
        resultat = json.loads(capsys.readouterr().out)
        assert resultat["degats"] == 14
        assert {k: resultat["rejouer"][k] for k in ("score_attaque", "arme", "kar_attaque")} == {
            "score_attaque": "65",
            "arme": "1d8+1",
            "kar_attaque": "55",
        }

    def test_une_arme_remplit_le_suivi_au_terminal(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        fichier = tmp_path / "yang.json"
        fichier.write_text(json.dumps(pj.document_json([pj.lire_personnage(kar(YANG))])), encoding="utf-8")
        fiche = ["--personnage", str(fichier), "--competence-de-la-fiche", "Dague (attaque)"]
        assert main(["outil", "combat-heroique", *fiche, "--json"]) == 0
        (yang,) = json.loads(capsys.readouterr().out)["etat"]["participants"]
        assert (yang["nom"], yang["fv"], yang["attaque"], yang["arme"], yang["PV"]) == (
            "Yang",
            "2",
            "40",
            "1d4+2",
            "14",
        )


def test_une_fiche_kar_sans_armes_reste_valide() -> None:
    """The new zone is optional: a sheet without weapons reads (as every sheet written before)."""
    assert pj.lire_armes_kar("") == ()
    with pytest.raises(InputError):
        pj.lire_armes_kar(3)

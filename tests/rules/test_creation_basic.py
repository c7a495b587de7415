"""Basic maison creation step by step (A10): the engine's answer at every step, the saved character,
and the same creation at the terminal writing the page's export file, byte for byte.

The text (``000``) gives no worked creation and lists no profession (« Choisir une profession »
names none): the rows below are the site's example of the page « Cultures et professions » (a
Barbare, FOR 12 CON 13 TAI 11 DEX 14 INT 15 POU 10 CHA 9, the profession named by the player),
and every base comes from the text's formula for the skill.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules_py.__main__ import main
from rules_py.basic_maison import Repartition
from rules_py.basic_maison.creation import creation_pas_a_pas, nom_de_ligne
from rules_py.outils.creation import OUTILS_DE_CREATION, identifiant_de
from rules_py.web import Moteur

CARS = {"FOR": 12, "CON": 13, "TAI": 11, "DEX": 14, "INT": 15, "POU": 10, "CHA": 9}
CARACTERISTIQUES = {"for": "12", "con": "13", "tai": "11", "dex": "14", "int": "15", "pou": "10", "cha": "9"}
LIGNES = (
    "Athlétisme : 30/0/9\nPerception : 20/0/20\nPremiers secours : 10/0/0\nPistage : 20/15/0\n"
    "Survie : 20/0/10\nBagarre : 0/30/9\nEsquive : 0/30/7\nDiscrétion : 0/25/10"
)
EXEMPLE = {
    "nom": "Ruan",
    "culture": "Barbare",
    "profession": "Chasseur",
    **CARACTERISTIQUES,
    "competences": LIGNES,
}

BASES = [
    # (compétence, formule du texte, base pour FOR 12 CON 13 TAI 11 DEX 14 INT 15 POU 10 CHA 9)
    ("Athlétisme", "FOR + DEX", 26),
    ("Bagarre", "FOR + DEX", 26),
    ("Chant/Danse", "DEX + CHA", 23),
    ("Discrétion", "DEX + INT", 29),
    ("Équitation", "DEX + POU", 24),
    ("Esquive", "DEX × 2", 28),
    ("Natation", "FOR + CON", 25),
    ("Perception", "INT + POU", 25),
    ("Perspicacité", "INT + POU", 25),
    ("Premiers secours", "INT + DEX", 29),
    ("Tromperie/Baratin/Influence", "INT + CHA", 24),
    ("Pistage", "INT + CON", 28),
    ("Survie", "CON + POU", 23),
]

FICHE_DE_L_EXEMPLE = (
    "Athlétisme : 65\nBagarre : 65\nChant/Danse : 23\nDiscrétion : 64\nÉquitation : 24\nEsquive : 65\n"
    "Natation : 25\nPerception : 65\nPerspicacité : 25\nPremiers secours : 39\n"
    "Tromperie/Baratin/Influence : 24\nPistage : 63\nSurvie : 53"
)


def creer(**args: Any) -> dict[str, Any]:
    """The engine's answer to ``basic.creation`` (the page's call)."""
    reponse = Moteur(1).appeler("basic.creation", args)
    assert reponse["ok"], reponse
    return reponse["resultat"]


def erreur(**args: Any) -> dict[str, Any]:
    reponse = Moteur(1).appeler("basic.creation", args)
    assert not reponse["ok"]
    return reponse["erreur"]


class TestEtapes:
    @pytest.mark.parametrize(("competence", "formule", "base"), BASES)
    def test_chaque_base_vient_de_la_formule_du_texte(self, competence: str, formule: str, base: int) -> None:
        """Every skill is listed with its base from the text's formula, before any point is spent."""
        lignes = {ligne["ligne"]: ligne for ligne in creer(**EXEMPLE)["lignes"]}
        assert (lignes[competence]["formule"], lignes[competence]["base"]) == (formule, base)

    def test_sans_point_les_onze_standards_a_leur_base(self) -> None:
        """The first step: the eleven standard skills at their base, full budgets, nothing to save."""
        resultat = creer(**CARACTERISTIQUES)
        assert [(ligne["ligne"], ligne["valeur"]) for ligne in resultat["lignes"]] == [
            (nom, base) for nom, _, base in BASES[:11]
        ]
        assert [(b["cle"], b["reste"], b["budget"]) for b in resultat["budgets"]] == [
            ("culture", 100, 100),
            ("profession", 100, 100),
            ("libre", 150, 150),
        ]
        assert resultat["personnage"] is None
        assert resultat["manques"] == ["« Nom » est vide : entrez le nom du personnage."]

    def test_la_culture_offre_ses_competences_et_ses_choix(self) -> None:
        """Nomade: its fixed skills, « deux parmi » the three; the culture's professional skills first."""
        resultat = creer(culture="Nomade")
        offre = {ligne["ligne"]: (ligne["de_la_culture"], ligne["choix"]) for ligne in resultat["lignes"]}
        assert offre["Discrétion"] == (True, "")
        assert offre["Natation"] == (True, "deux parmi Athlétisme, Équitation, Natation")
        assert offre["Bagarre"] == (False, "")
        proposees = [(p["libelle"], p["modele"], p["de_la_culture"]) for p in resultat["proposees"]]
        assert proposees[:3] == [
            ("Artisanat", "Artisanat ({})", True),
            ("Connaissance", "Connaissance ({})", True),
            ("Jouer d'un Instrument", "Jouer d'un Instrument ({})", True),
        ]
        assert ("Magie (Mages)", "Magie (Mages, {})", False) in proposees

    def test_les_attributs_derives_a_chaque_etape(self) -> None:
        """PV (CON + TAI) / 2 rounded up, PM = POU, damage modifier, healing rate (A1, A2, A8)."""
        assert creer(**CARACTERISTIQUES)["apercu"] == [
            ["Points de vie (PV)", 12],
            ["Points de magie (PM)", 10],
            ["Modificateur de dégâts", "0"],
            ["Vitesse de guérison", 3],
        ]

    def test_une_ligne_de_magie_garde_sa_variante(self) -> None:
        """« Magie (Mages, Lumière) » is written back under the same name, with the Mages' formula."""
        etape = creation_pas_a_pas(
            CARS, "Barbare", [Repartition("Magie", profession=30, specialite="Lumière", variante="Mages")]
        )
        (magie,) = [ligne for ligne in etape.lignes if ligne.nom == "Magie"]
        assert (magie.ligne, magie.formule, magie.base, magie.valeur) == (
            "Magie (Mages, Lumière)",
            "INT + POU",
            25,
            55,
        )
        assert nom_de_ligne(Repartition("Art", specialite="Peinture")) == "Art (Peinture)"


class TestPlafondEtBudgets:
    def test_le_plafond_de_65_base_comprise(self) -> None:
        """Esquive 28 + 38 = 66: over the 65 % ceiling, named; 28 + 37 = 65 is allowed."""
        trop = creer(**EXEMPLE | {"competences": LIGNES.replace("Esquive : 0/30/7", "Esquive : 0/30/8")})
        assert trop["depassements"] == ["Esquive"]
        assert "Esquive : 66 % dépasse le maximum de 65 % à la création (base incluse)." in trop["violations"]
        assert trop["personnage"] is None
        assert creer(**EXEMPLE)["depassements"] == []

    def test_un_budget_depasse_est_refuse(self) -> None:
        """101 culture points: the budget shows −1, the violation is named, nothing to save."""
        resultat = creer(
            **EXEMPLE
            | {"competences": LIGNES.replace("Premiers secours : 10/0/0", "Premiers secours : 11/0/0")}
        )
        assert [b["reste"] for b in resultat["budgets"]] == [-1, 0, 85]
        assert "Points de culture : 101 dépensés pour 100 disponibles." in resultat["violations"]
        assert resultat["personnage"] is None and resultat["valide"] is False

    def test_une_ligne_illisible_nomme_le_champ(self) -> None:
        """A line the engine cannot read: a French message on the points' field."""
        refus = erreur(competences="Athlétisme : trente")
        assert refus["champ"] == "competences"
        assert "n'est pas un nombre de points" in refus["message"].replace("\u2019", "'")


class TestPersonnage:
    def test_l_exemple_donne_la_fiche_des_formules(self) -> None:
        """The example saved: the sheet's skills are base + points, every standard one included."""
        resultat = creer(**EXEMPLE)
        assert [b["reste"] for b in resultat["budgets"]] == [0, 0, 85]
        personnage = resultat["personnage"]
        assert personnage["systeme"] == "Basic maison"
        assert personnage["id"] == identifiant_de("Basic maison", personnage["fiche"])
        assert personnage["fiche"] == {
            "nom": "Ruan",
            "culture": "Barbare",
            "profession": "Chasseur",
            **CARACTERISTIQUES,
            "scores": FICHE_DE_L_EXEMPLE,
            "armes": "",
            "armure": "",
            "pa": "0",
        }

    def test_le_meme_personnage_a_le_meme_identifiant(self) -> None:
        """Same content, same identifier (the page and the terminal agree); another content, another."""
        premier = creer(**EXEMPLE)["personnage"]["id"]
        assert creer(**EXEMPLE)["personnage"]["id"] == premier
        assert creer(**EXEMPLE | {"nom": "Ruanne"})["personnage"]["id"] != premier

    def test_un_lien_partage_d_avant_marche_encore(self) -> None:
        """A share link of the old tool (culture, characteristics, points, no name) still answers."""
        resultat = creer(culture="Barbare", **CARACTERISTIQUES, competences=LIGNES)
        assert resultat["valide"] is True and resultat["personnage"] is None


def export_de_la_page(personnage: dict[str, Any]) -> bytes:
    """What « Exporter » downloads for ``personnage`` once stored: the store's document (read back by
    ``personnages.charger``) as ``JSON.stringify(…, null, 2)`` and a newline."""
    stocke = json.dumps({"schema": "regles-personnages", "version": 1, "personnages": [personnage]})
    document = Moteur(1).appeler("personnages.charger", {"texte": stocke})["resultat"]["document"]
    return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


class TestTerminal:
    def test_la_creation_au_terminal_ecrit_le_fichier_de_la_page(self, tmp_path: Path) -> None:
        """``creation-basic … --exporter`` writes, byte for byte, the page's export of the same creation."""
        fichier = tmp_path / "ruan.json"
        argv = ["outil", "creation-basic", *(f"--{cle}={valeur}" for cle, valeur in EXEMPLE.items())]
        assert main([*argv, "--exporter", str(fichier)]) == 0
        assert fichier.read_bytes() == export_de_la_page(creer(**EXEMPLE)["personnage"])
        (personnage,) = json.loads(fichier.read_text(encoding="utf-8"))["personnages"]
        assert personnage["fiche"]["scores"] == FICHE_DE_L_EXEMPLE

    def test_une_creation_incomplete_n_ecrit_rien(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """No name: exit 2, the field named, no file."""
        fichier = tmp_path / "ruan.json"
        argv = ["--json", "outil", "creation-basic", "--competences", LIGNES, "--exporter", str(fichier)]
        assert main(argv) == 2
        reponse = json.loads(capsys.readouterr().out)
        assert reponse["erreur"]["champ"] == "nom" and "entrez le nom" in reponse["erreur"]["message"]
        assert not fichier.exists()

    def test_seules_les_creations_exportent(self) -> None:
        """The creation tools are declared as such (the CLI offers them --exporter)."""
        creations = {"creation-basic", "creation-kar", "creation-el-toto", "creation-actions"}
        assert creations == OUTILS_DE_CREATION

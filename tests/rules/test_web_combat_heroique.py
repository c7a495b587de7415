"""The heroic combat tracker (``combat-heroique``) through the facade: the duels, every action, the state.

Every operation is called as the page calls it, through ``Moteur(seed).appeler``
with the strings a form sends, the last ``etat`` sent back. Worked examples cite
``shared/sources/001_b22c8e898b1294fc.txt`` by line (``l.NN``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_py import combat_heroique as ch
from rules_py.outils.champs import ecrire, lire
from rules_py.web import Moteur
from rules_py.web import combat_heroique as web_ch
from rules_py.web.typographie import typographie
from tests.rules.facade import appeler, blocs, echec, sans_hasard, statique, textes

FORMULAIRE = {
    "nom": "Yang",
    "camp": "",
    "INT": "12",
    "DEX": "12",
    "caracteristique": "",
    "fv": "3",
    "longueur": "moyenne",
    "PV": "",
    "attaque": "",
    "defense": "",
    "arme": "",
    "bonus": "0",
    "armure": "0",
    "tranchante": True,
    "competence": "50",
    "jet": "30",
    "choix": "init",
    "d6": "3",
    "longueur_des_armes": True,
    "influence_du_nombre": True,
    "cible": "",
    "metres": "1",
    "degats": "",
    "PM": "",
    "resultat": "",
}
"""The form as the page sends it: Yang of the text's duel (l.117-118)."""


DEMANDENT = ("kar.combat_passe", "kar.combat_recommencer", "kar.combat_effacer", "kar.combat_exemple")
"""The operations that ask first when something would be lost."""


class Table:
    """A page holding one combat widget: it sends back the last ``etat`` with every call."""

    def __init__(self, graine: int = 1) -> None:
        self.moteur = Moteur(graine)
        self.etat: Any = None
        self.dernier: dict[str, Any] = {}

    def appeler(self, op: str, **args: Any) -> dict[str, Any]:
        """Call ``op``; a question the page would ask first (« Passe suivante », wiping) is answered yes."""
        if op in DEMANDENT and "confirme" not in args:
            args["confirme"] = True
        reponse = self.moteur.appeler(op, {**FORMULAIRE, **args, "etat": self.etat})
        assert reponse["ok"], reponse
        json.dumps(reponse)
        self.dernier = reponse["resultat"]
        self.etat = self.dernier["etat"]
        return self.dernier

    def refus(self, op: str, **args: Any) -> dict[str, Any]:
        reponse = self.moteur.appeler(op, {**FORMULAIRE, **args, "etat": self.etat})
        assert not reponse["ok"], reponse
        assert not reponse["erreur"].get("interne"), reponse
        return reponse["erreur"]

    def agir(self, combattant: str, action: str, **args: Any) -> dict[str, Any]:
        return self.appeler("kar.combat_agir", combattant=combattant, action_choisie=action, **args)

    def aller_a(self, passe: int) -> None:
        while self.dernier["passe"] > passe:
            self.appeler("kar.combat_passe")

    def inits(self) -> dict[str, int]:
        return {c["nom"]: c["init"] for c in self.dernier["combattants"]}

    def combattant(self, nom: str) -> dict[str, Any]:
        return next(c for c in self.dernier["combattants"] if c["nom"] == nom)


def yang_et_guo(graine: int = 1) -> Table:
    """The text's duel entered through the form (l.117-118)."""
    table = Table(graine)
    table.appeler("kar.combat_ajouter")
    table.appeler("kar.combat_ajouter", nom="Guo", INT="11", DEX="11", d6="2")
    return table


def vu(valeur: Any) -> Any:
    """What the reader sees: a name isolated between U+2068 and U+2069 is in a <bdi>, the marks unseen."""
    if isinstance(valeur, str):
        return valeur.replace("\u2068", "").replace("\u2069", "")
    if isinstance(valeur, dict):
        return {vu(k): vu(v) for k, v in valeur.items()}
    if isinstance(valeur, list | tuple):
        return type(valeur)(vu(v) for v in valeur)
    return valeur


def boutons(resultat: dict[str, Any], legende: str) -> dict[str, dict[str, Any]]:
    """The buttons of the block whose legend starts with ``legende``, by label (as the reader sees them)."""
    bloc = next(b for b in blocs(resultat, "boutons") if vu(b.get("legende", "")).startswith(legende))
    return {vu(b["libelle"]): b for b in bloc["boutons"]}


INITS_DU_TEXTE = [
    (15, {"Yang": 12, "Guo": 13}),
    (13, {"Yang": 12, "Guo": 10}),
    (13, {"Yang": 12, "Guo": 10}),
    (12, {"Yang": 6, "Guo": 10}),
    (12, {"Yang": 6, "Guo": 8}),
    (8, {"Yang": 6, "Guo": 2}),
    (6, {"Yang": 0, "Guo": 2}),
    (6, {"Yang": 0, "Guo": 0}),
]
"""l.119-123: the pass and both Inits after each action of the duel."""


class TestDuelDeYangEtGuo:
    def test_l_ajout_par_le_formulaire_donne_les_init_du_texte(self) -> None:
        """l.118: Init 12 + 3 = 15 and 11 + 2 = 13; the count starts at 15 with Yang."""
        table = yang_et_guo()
        r = table.dernier
        assert (r["numero_round"], r["passe"], r["peuvent_agir"], r["commence"]) == (1, 15, ["Yang"], False)
        assert table.inits() == {"Yang": 15, "Guo": 13}
        assert r["premier_round"] == {
            "competence": 50,
            "jet": 30,
            "des_lus": True,
            "resultat": "reussite",
            "choix": "init",
            "d6": 2,
        }
        assert [c["camp"] for c in r["combattants"]] == ["Yang", "Guo"]
        assert table.dernier["combattants"][0]["init_de_depart"] == 15

    def test_le_duel_rejoue_action_par_action(self) -> None:
        """l.119-123: each action of the text, by its button's arguments, gives the text's Inits."""
        table = Table()
        assert table.appeler("kar.combat_exemple")["passe"] == 15
        for etape, (passe, inits) in zip(ch.ETAPES_YANG_ET_GUO, INITS_DU_TEXTE, strict=True):
            table.aller_a(etape.passe)
            r = table.agir(etape.nom, etape.action, resultat=etape.resultat or "")
            assert (r["passe"], table.inits()) == (passe, inits), etape
            assert r["derniere_action"]["init_apres"] == inits[etape.nom]
        assert table.combattant("Yang")["en_garde"] is False
        assert not any(a["possible"] for c in table.dernier["combattants"] for a in c["actions"])

    def test_le_bouton_du_duel_et_le_formulaire_donnent_le_meme_combat(self) -> None:
        """The duel's button and the form entry of Yang and Guo: the same state as the engine's example."""
        exemple = Table()
        exemple.appeler("kar.combat_exemple")
        assert vu(exemple.etat) == vu(yang_et_guo().etat)
        assert vu(exemple.etat["combat"]) == ch.etat_en_dict(ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO))

    def test_les_boutons_de_chaque_combattant(self) -> None:
        """Each combatant has one button per action with its cost; refused ones say why."""
        r = Table().appeler("kar.combat_exemple")
        yang = boutons(r, "Yang — Init 15")
        assert list(yang) == [
            "Attaque normale sur Guo (6)",
            "Attaque rapide sur Guo (3)",
            "Se mettre en garde (3)",
            "Mouvement (2 par mètre)",
            "Attente (1)",
            "Concentration (2 × PM)",
            "Lancer le sortilège (PM)",
            "Retirer Yang",
        ]
        assert yang["Se mettre en garde (3)"]["args"] == {
            "combattant": "Yang",
            "action_choisie": "se_mettre_en_garde",
        }
        normale = yang["Attaque normale sur Guo (6)"]
        assert normale["actif"] and "titre" not in normale
        assert yang["Attaque normale sur Guo (6)"]["args"]["cible"] == "Guo"
        guo = boutons(r, "Guo — Init 13")["Attaque rapide sur Yang (3)"]
        assert not guo["actif"]
        assert guo["titre"] == "Ce n’est pas encore à Guo d’agir\u00a0: son Init est 13, la passe est 15."
        decompte = boutons(r, "Le décompte")
        assert list(decompte) == [
            "Passe suivante (14)",
            "Aller à la passe 13 (Guo)",
            "Round suivant",
            "Recommencer le combat",
        ]
        assert decompte["Aller à la passe 13 (Guo)"]["args"] == {"jusqu_a": 13}

    def test_les_reactions_sont_offertes_a_la_cible(self) -> None:
        """A reaction block appears for the attacked combatant only, while the attack awaits an answer."""
        table = Table()
        table.appeler("kar.combat_exemple")
        table.agir("Yang", "se_mettre_en_garde")
        table.appeler("kar.combat_passe", jusqu_a=13)
        r = table.agir("Guo", "attaque_rapide", resultat="reussite")
        assert r["attaque_en_cours"] == {
            "attaquant": "Guo",
            "cible": "Yang",
            "passe": 13,
            "action": "attaque_rapide",
            "resultat": "reussite",
        }
        reactions = boutons(r, "Guo attaque Yang")
        assert {k: v["actif"] for k, v in reactions.items()} == {
            "Parade rapide (2)": True,
            "Esquive rapide (2)": True,
            "Parade depuis la garde (0)": True,
            "Esquive depuis la garde (0)": True,
            "Contre-attaque depuis la garde (3)": True,
        }
        assert not any(b.get("legende", "").startswith("Yang attaque Guo") for b in blocs(r, "boutons"))
        r = table.agir("Yang", "contre_attaque")
        assert (table.combattant("Yang")["init"], table.combattant("Yang")["en_garde"]) == (9, False)
        assert r["attaque_en_cours"] is None

    def test_la_riposte_suit_une_parade_critique(self) -> None:
        """B3/B10: a critical parry from guard against a normal hit: a riposte at the next pass."""
        table = Table()
        table.appeler("kar.combat_exemple")
        table.agir("Yang", "se_mettre_en_garde")
        table.aller_a(13)
        table.agir("Guo", "attaque_rapide", resultat="reussite")
        r = table.agir("Yang", "parade_en_garde", resultat="reussite_critique")
        assert table.combattant("Yang")["riposte_a"] == 12
        assert not boutons(r, "Yang — Init 12")["Riposte sur Guo (3)"]["actif"]
        r = table.appeler("kar.combat_passe")
        assert boutons(r, "Yang — Init 12")["Riposte sur Guo (3)"]["actif"]
        r = table.agir("Yang", "riposte")
        assert (table.combattant("Yang")["init"], r["attaque_en_cours"]["cible"]) == (9, "Guo")

    def test_les_passes_et_les_rounds(self) -> None:
        """Going to a pass, the end of the round, the next round (Init back, +1d6 kept)."""
        table = Table()
        table.appeler("kar.combat_exemple")
        assert table.appeler("kar.combat_passe", jusqu_a=8)["passe"] == 8
        r = table.appeler("kar.combat_passe", jusqu_a=0)
        assert (r["passe"], r["peuvent_agir"]) == (0, [])
        assert blocs(r, "texte")[0]["texte"] == "Round 1, passe 0\u00a0: fin du round."
        passe = boutons(r, "Le décompte")["Passe suivante"]
        assert not passe["actif"] and "round suivant" in passe["titre"]
        assert "round suivant" in table.refus("kar.combat_passe")["message"]
        r = table.appeler("kar.combat_round")
        assert (r["numero_round"], r["passe"], table.inits()) == (2, 15, {"Yang": 15, "Guo": 13})
        r = table.appeler("kar.combat_passe")
        assert blocs(r, "texte")[0]["texte"] == "Round 2, passe 14\u00a0: personne n’agit à cette passe."

    def test_le_decompte_est_le_seul_groupe_de_boutons_principal(self) -> None:
        """Among one group per fighter, « Le décompte » (Passe suivante…) is marked as the next step."""
        r = yang_et_guo().appeler("kar.combat_passe")
        principaux = [vu(b["legende"]) for b in blocs(r, "boutons") if b.get("principal")]
        assert principaux == ["Le décompte"]
        assert len(blocs(r, "boutons")) == 3

    def test_recommencer_retirer_effacer_afficher(self) -> None:
        """The same fighters again; removing one before the start; a new combat; showing it again."""
        table = Table()
        table.appeler("kar.combat_exemple")
        table.agir("Yang", "attente")
        assert table.dernier["commence"]
        assert "Retirer Yang" in boutons(table.dernier, "Yang")
        assert table.refus("kar.combat_ajouter", nom="Wu")["champ"] == "nom"
        r = table.appeler("kar.combat_recommencer")
        assert (r["commence"], table.inits()) == (False, {"Yang": 15, "Guo": 13})
        assert table.appeler("kar.combat_afficher")["combattants"] == r["combattants"]
        r = table.appeler("kar.combat_retirer", combattant="Guo")
        assert [c["nom"] for c in r["combattants"]] == ["Yang"]
        assert table.refus("kar.combat_retirer", combattant="Wu")["champ"] == "combattant"
        r = table.appeler("kar.combat_retirer", combattant="Yang")
        assert r["etat"] is None and "Aucun combattant" in blocs(r, "texte")[0]["texte"]
        table.appeler("kar.combat_exemple")
        assert table.appeler("kar.combat_effacer")["etat"] is None
        assert table.appeler("kar.combat_afficher")["etat"] is None
        assert "Aucun combat" in table.refus("kar.combat_passe")["message"]


class TestAjoutDUnCombattant:
    @pytest.mark.parametrize(
        ("args", "bonus", "garde", "d6"),
        [
            pytest.param({"jet": "01", "d6": "4"}, 4, True, 4, id="l.82 critique: +1d6 et garde"),
            pytest.param({"choix": "garde", "d6": "5"}, 0, True, None, id="l.83 reussite: garde"),
            pytest.param({"jet": "60"}, 0, False, None, id="l.84 echec: rien"),
            pytest.param({"jet": "97", "d6": "6"}, -6, False, 6, id="l.85 maladresse: -1d6"),
            pytest.param({"competence": "100", "jet": "00", "d6": "1"}, -1, False, 1, id="00: -1d6 a 100"),
        ],
    )
    def test_le_jet_du_premier_round(
        self, args: dict[str, str], bonus: int, garde: bool, d6: int | None
    ) -> None:
        """B8: the first-round roll of Combat héroïque and its effect on Init and guard."""
        table = Table()
        r = table.appeler("kar.combat_ajouter", **args)
        yang = table.combattant("Yang")
        assert (yang["init"], yang["en_garde"], r["premier_round"]["d6"]) == (12 + bonus, garde, d6)
        assert ("jet sous le KAR" in textes(r)) == (bonus < 0)

    def test_les_des_lances_se_rejouent_par_le_lien(self) -> None:
        """Empty d100 and d6: both rolled, and the share link (``rejouer``) replays them."""
        for graine in range(1, 40):
            r = Table(graine).appeler("kar.combat_ajouter", jet="", d6="")
            assert r["premier_round"]["des_lus"] is False
            assert r["rejouer"]["jet"] == str(r["premier_round"]["jet"])
            second = appeler("kar.combat_ajouter", r["rejouer"], graine + 500)
            assert sans_hasard(second) == sans_hasard(r)

    def test_une_creature_n_a_qu_une_caracteristique(self) -> None:
        """l.79: a creature's Init is its one significant characteristic."""
        table = Table()
        table.appeler("kar.combat_ajouter", nom="Loup", caracteristique="DEX", INT="", DEX="14", jet="60")
        assert table.inits() == {"Loup": 14}
        table.appeler("kar.combat_ajouter", nom="Esprit", caracteristique="INT", INT="9", DEX="", jet="60")
        assert table.inits() == {"Loup": 14, "Esprit": 9}

    def test_la_longueur_des_armes_et_le_nombre(self) -> None:
        """l.129, l.139: a spear alone against two swords: +3 and −3; the options can be unchecked."""
        table = Table()
        table.appeler("kar.combat_ajouter", nom="Lancier", camp="A", longueur="longue", jet="60")
        table.appeler("kar.combat_ajouter", nom="E1", camp="B", jet="60")
        r = table.appeler("kar.combat_ajouter", nom="E2", camp="B", jet="60")
        assert table.inits() == {"Lancier": 12, "E1": 9, "E2": 9}
        assert r["combattants"][0]["longueur"] == "longue"
        assert blocs(r, "tableau")[0]["lignes"][0][2] == "12 (12 + 3 − 3)"
        table.appeler("kar.combat_recommencer", longueur_des_armes=False, influence_du_nombre=False)
        assert table.inits() == {"Lancier": 12, "E1": 12, "E2": 12}

    def test_une_arme_de_tir_n_a_pas_de_longueur(self) -> None:
        """No melee weapon: no length modifier, and not counted for the others."""
        table = Table()
        table.appeler("kar.combat_ajouter", nom="Archer", longueur="", jet="60")
        table.appeler("kar.combat_ajouter", nom="Dague", longueur="courte", jet="60")
        assert table.inits() == {"Archer": 12, "Dague": 12}

    @pytest.mark.parametrize(
        ("args", "champ", "libelle"),
        [
            ({"nom": ""}, "nom", "Nom du combattant"),
            ({"nom": 3}, "nom", "Nom du combattant"),
            ({"nom": "Y" * 61}, "nom", "Nom du combattant"),
            ({"INT": "x"}, "INT", "INT"),
            ({"DEX": "-1"}, "DEX", "DEX"),
            ({"INT": ""}, "INT", "INT"),
            ({"caracteristique": "POU"}, "caracteristique", "Init calculée sur"),
            ({"fv": "0"}, "fv", "FV"),
            ({"longueur": "geante"}, "longueur", "Longueur de l’arme"),
            ({"competence": "-1"}, "competence", "Combat héroïque (en %)"),
            ({"jet": "101"}, "jet", "Jet lu (facultatif)"),
            ({"d6": "7"}, "d6", "1d6 lu (facultatif)"),
            ({"choix": "autre"}, "choix", "Sur une réussite simple"),
            ({"longueur_des_armes": "peut-être"}, "longueur_des_armes", "Appliquer la longueur des armes"),
        ],
    )
    def test_une_entree_invalide_nomme_le_champ(self, args: dict[str, Any], champ: str, libelle: str) -> None:
        """Bad fields are refused next to the field, the message naming its label."""
        erreur = Table().refus("kar.combat_ajouter", **args)
        assert erreur["champ"] == champ
        assert typographie(f"« {libelle} »") in erreur["message"]

    def test_deux_noms_pareils_et_douze_combattants_au_plus(self) -> None:
        """Two combatants cannot share a name; at most 12 in a combat."""
        table = Table()
        table.appeler("kar.combat_ajouter")
        assert table.refus("kar.combat_ajouter")["champ"] == "nom"
        for i in range(11):
            table.appeler("kar.combat_ajouter", nom=f"G{i}", jet="60")
        erreur = table.refus("kar.combat_ajouter", nom="Treizième")
        assert (erreur["champ"], erreur["message"]) == ("nom", "Au plus 12 combattants dans un combat.")


class TestActions:
    def test_la_cible_est_le_seul_adversaire_ou_se_nomme(self) -> None:
        """With several opponents, an attack needs the field « cible »; a single one is chosen alone."""
        table = Table()
        table.appeler("kar.combat_ajouter", nom="A", camp="1", jet="60", INT="15", DEX="15")
        table.appeler("kar.combat_ajouter", nom="B", camp="2", jet="60")
        table.appeler("kar.combat_ajouter", nom="C", camp="2", jet="60")
        erreur = table.refus("kar.combat_agir", combattant="A", action_choisie="attaque_rapide")
        assert erreur["champ"] == "cible" and "B, C" in vu(erreur["message"])
        assert (
            table.refus("kar.combat_agir", combattant="A", action_choisie="attaque_rapide", cible="Wu")[
                "champ"
            ]
            == "cible"
        )
        r = table.agir("A", "attaque_rapide", cible=" C ")
        assert r["attaque_en_cours"]["cible"] == "C"

    def test_seul_dans_son_camp_l_attaque_n_a_pas_de_cible(self) -> None:
        """Nobody in another camp: the attack has no target."""
        table = Table()
        table.appeler("kar.combat_ajouter", nom="A", camp="1", jet="60")
        table.appeler("kar.combat_ajouter", nom="B", camp="1", jet="60", INT="1", DEX="1")
        assert table.agir("A", "attaque_rapide")["attaque_en_cours"] is None

    def test_le_mouvement_coute_deux_par_metre(self) -> None:
        """l.114: 2 points per metre, the metres from the form."""
        table = Table()
        table.appeler("kar.combat_exemple")
        assert table.agir("Yang", "mouvement", metres="4")["derniere_action"]["cout"] == 8
        erreur = table.refus("kar.combat_agir", combattant="Guo", action_choisie="mouvement", metres="0")
        assert erreur["champ"] == "metres" and "Mètres de mouvement" in erreur["message"]

    def test_le_sortilege_de_zhang(self) -> None:
        """l.147-151: 8 PM; concentration 13 → 0, next round 3 more (10), casting 8: 2."""
        table = Table()
        table.appeler("kar.combat_ajouter", nom="Zhang", INT="13", DEX="13", jet="60")
        assert (
            table.refus("kar.combat_agir", combattant="Zhang", action_choisie="concentration")["champ"]
            == "PM"
        )
        table.agir("Zhang", "concentration", PM="8")
        assert table.combattant("Zhang")["concentration_restante"] == 3 and table.inits() == {"Zhang": 0}
        r = table.appeler("kar.combat_round")
        assert "Concentration (reste 3)" in boutons(r, "Zhang — Init 13, concentration")
        table.agir("Zhang", "concentration")
        assert table.inits() == {"Zhang": 10}
        r = table.appeler("kar.combat_passe", jusqu_a=10)
        assert boutons(r, "Zhang — Init 10, sortilège de 8 PM prêt")["Lancer le sortilège (8)"]["actif"]
        table.agir("Zhang", "lancer_sortilege")
        assert table.inits() == {"Zhang": 2}

    @pytest.mark.parametrize(
        ("args", "champ"),
        [
            ({"combattant": "Wu", "action_choisie": "attente"}, "combattant"),
            ({"combattant": "Yang", "action_choisie": "danse"}, "action_choisie"),
            ({"combattant": "Guo", "action_choisie": "attente"}, "action"),
            ({"combattant": "Yang", "action_choisie": "attente", "resultat": "touche"}, "resultat"),
            ({"combattant": "Yang", "action_choisie": "concentration", "PM": "0"}, "PM"),
        ],
    )
    def test_une_action_refusee_nomme_le_champ(self, args: dict[str, str], champ: str) -> None:
        """Unknown combatant or action, refused action, bad result or PM."""
        table = Table()
        table.appeler("kar.combat_exemple")
        erreur = table.refus("kar.combat_agir", **args)
        assert erreur["champ"] == champ
        assert "'" not in erreur["message"]

    def test_une_passe_visee_au_dessus_du_decompte_est_refusee(self) -> None:
        """Going to a pass above the count is refused."""
        table = Table()
        table.appeler("kar.combat_exemple")
        assert table.refus("kar.combat_passe", jusqu_a="20")["champ"] == "jusqu_a"

    def test_le_journal(self) -> None:
        """The log: the engine's lines as data, the last one shown in French typography."""
        table = Table()
        table.appeler("kar.combat_exemple")
        r = table.agir("Yang", "se_mettre_en_garde")
        assert vu(r["journal"][-1]) == "Passe 15 : Yang se met en garde — Init 15 → 12."
        assert (
            blocs(r, "texte")[0]["texte"]
            == "Passe 15\u00a0: \u2068Yang\u2069 se met en garde — Init 15 → 12."
        )


class TestEtatGardeParLaPage:
    def etat(self) -> dict[str, Any]:
        table = Table()
        table.appeler("kar.combat_exemple")
        return json.loads(json.dumps(table.etat))

    def test_les_participants_sont_les_champs_du_formulaire(self) -> None:
        """Each participant is kept as the « new combatant » fields, its dice filled in, defaults left out."""
        nouveau = "nom camp INT DEX caracteristique fv longueur PV attaque defense arme bonus armure "
        nouveau += "tranchante competence jet choix d6"
        guo = {"nom": "Guo", "INT": "11", "DEX": "11", "d6": "2"}
        attendu = {**{cle: FORMULAIRE[cle] for cle in nouveau.split()}, **guo}
        garde = self.etat()["participants"][1]
        assert garde == {"nom": "Guo", "INT": "11", "DEX": "11", "jet": "30", "d6": "2"}
        assert ecrire(lire(web_ch.NouveauCombattant, garde)) == attendu

    @pytest.mark.parametrize(
        "modifier",
        [
            lambda e: "texte",
            lambda e: {**e, "participants": "Yang"},
            lambda e: {**e, "participants": [e["participants"][0]] * 13},
            lambda e: {**e, "participants": [{**e["participants"][0], "fv": 0}, e["participants"][1]]},
            lambda e: {**e, "participants": [{**e["participants"][0], "jet": ""}, e["participants"][1]]},
            lambda e: {**e, "participants": [{**e["participants"][0], "d6": ""}, e["participants"][1]]},
            lambda e: {**e, "participants": list(reversed(e["participants"]))},
            lambda e: {**e, "combat": {**e["combat"], "passe": -1}},
            lambda e: {**e, "combat": {**e["combat"], "combattants": e["combat"]["combattants"][:1]}},
            lambda e: {**e, "combat": {**e["combat"], "journal": ["x" * 1000] * 600}},
            lambda e: {**e, "combat": {**e["combat"], "journal": [[[["x"]]]]}},
        ],
    )
    def test_un_etat_altere_est_refuse_en_francais(self, modifier: Any) -> None:
        """Whatever comes back from the page is checked: a French message, never a traceback."""
        erreur = echec("kar.combat_afficher", {"etat": modifier(self.etat())})
        assert erreur["champ"] == "etat" and "Nouveau combat" in erreur["message"]

    def test_sans_combat_ni_participants(self) -> None:
        """An empty list of participants is no combat; participants without a combat start one."""
        assert appeler("kar.combat_afficher", {"etat": {"participants": [], "combat": None}})["etat"] is None
        etat = self.etat()
        r = appeler("kar.combat_afficher", {"etat": {"participants": etat["participants"], "combat": None}})
        assert r["passe"] == 15


def test_le_repli_statique_est_l_ajout_de_yang() -> None:
    """The fallback is the add action's answer to the page's example: Yang, 30 under 50 and 3 on the 1d6."""
    exemple = {"nom": "Yang", "INT": 12, "DEX": 12, "fv": 3, "longueur": "moyenne", "competence": 50}
    blocs_ = statique("combat-heroique", {**exemple, "jet": 30, "choix": "init", "d6": 3})
    assert (
        blocs_[0]["texte"]
        == "\u2068Yang\u2069\u00a0: jet de Combat héroïque 30 sous 50 — réussite\u00a0: +1d6 en Init (3)."
    )
    assert [b["lignes"] for b in blocs_ if b["type"] == "tableau"] == [
        [["Yang", "Yang", "15 (12 + 3)", "15", "—", "—"]]
    ]


def test_les_participants_du_duel_sont_ceux_du_texte() -> None:
    """The duel's button loads l.117-118: Init 12 and 11, swords, +3 and +2."""
    assert [(p.nom, p.intelligence, p.dexterite, p.fv, p.d6) for p in web_ch.YANG_ET_GUO] == [
        ("Yang", 12, 12, 3, 3),
        ("Guo", 11, 11, 3, 2),
    ]

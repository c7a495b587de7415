"""The heroic combat tracker through the facade, as a fight goes on: three fighters over rounds, the
declared state, damage rolled from the tracker, a long fight in one link.

As in test_web_combat_heroique.py, every operation is called as the page calls it, the last ``etat``
sent back; worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line (``l.NN``).
"""

from __future__ import annotations

import base64
import json
from fractions import Fraction
from typing import Any

from rules_py import combat_heroique as ch
from rules_py.web import combat_heroique as web_ch
from rules_py.web.typographie import typographie
from tests.rules.facade import blocs
from tests.rules.test_web_combat_heroique import Table, boutons, vu


def phrases(resultat: dict[str, Any]) -> list[str]:
    """The texts of the answer, in order."""
    return [vu(b["texte"]) for b in blocs(resultat, "texte")]


def trois_combattants() -> Table:
    """Yang and Guo of the text, and Lin on Yang's side, each with PV."""
    table = Table()
    table.appeler("kar.combat_ajouter", camp="Nord", PV="14")
    table.appeler("kar.combat_ajouter", nom="Guo", INT="11", DEX="11", d6="2", PV="12")
    table.appeler("kar.combat_ajouter", nom="Lin", camp="Nord", INT="10", DEX="10", d6="1", PV="10")
    return table


class TestCombatQuiDure:
    def test_la_passe_suivante_annonce_l_action_perdue_et_demande(self) -> None:
        """B9: Yang may act at 15; « Passe suivante » says Yang loses it and asks, the fight unchanged."""
        table = Table()
        r = table.appeler("kar.combat_exemple")
        annonce = typographie(ch.annonce_des_pertes(ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO)))
        assert phrases(r)[:2] == ["Round 1, passe 15\u00a0: Yang peut agir.", annonce]
        avant = table.etat
        r = table.appeler("kar.combat_passe", confirme="")
        assert table.etat == avant
        assert phrases(r)[0] == annonce + typographie(" Passer quand même à la passe 14 ?")
        assert {k: v["args"] for k, v in boutons(r, "Confirmer").items()} == {
            "Oui, passer à la passe 14": {"jusqu_a": 14, "confirme": True},
            "Non, continuer": {},
        }
        assert table.appeler("kar.combat_passe", jusqu_a=14, confirme=True)["passe"] == 14

    def test_aller_a_une_passe_demande_aussi(self) -> None:
        """« Aller à la passe 13 » over Yang's pass asks too; once Yang has acted, nothing is asked."""
        table = Table()
        table.appeler("kar.combat_exemple")
        r = table.appeler("kar.combat_passe", jusqu_a=13, confirme="")
        assert (r["passe"], phrases(r)[0][-34:]) == (15, typographie(" Passer quand même à la passe 13 ?"))
        table.agir("Yang", "se_mettre_en_garde")
        assert not any(p.startswith("À la passe suivante") for p in phrases(table.dernier))
        assert table.appeler("kar.combat_passe", jusqu_a=13, confirme="")["passe"] == 13

    def test_une_attaque_sans_reponse_et_une_riposte_sont_annoncees(self) -> None:
        """The target of an attack not answered, and a riposte due at this pass, are named too."""
        table = Table()
        table.appeler("kar.combat_exemple")
        table.agir("Yang", "se_mettre_en_garde")
        table.aller_a(13)
        table.agir("Guo", "attaque_rapide", resultat="reussite")
        assert vu(
            [(p.nom, p.quoi) for p in ch.actions_perdues(ch.etat_depuis_dict(table.etat["combat"]))]
        ) == [("Yang", "ne se défend plus contre l'attaque de Guo")]
        table.agir("Yang", "parade_en_garde", resultat="reussite_critique")
        r = table.appeler("kar.combat_passe")
        assert phrases(r)[1] == "À la passe suivante, Yang perd sa riposte de la passe 12."

    def test_effacer_et_recommencer_demandent_d_abord(self) -> None:
        """« Nouveau combat », « Recommencer », the example ask in the page; nothing wiped before « oui »."""
        table = Table()
        table.appeler("kar.combat_exemple")
        avant = table.etat
        r = table.appeler("kar.combat_effacer", confirme="")
        assert table.etat == avant and phrases(r)[0].startswith("Effacer tout le combat")
        assert boutons(r, "Confirmer")["Oui, effacer le combat"]["args"] == {"confirme": True}
        assert table.appeler("kar.combat_recommencer", confirme="")["commence"] is False
        table.agir("Yang", "attente")
        avant = table.etat
        r = table.appeler("kar.combat_recommencer", confirme="")
        assert table.etat == avant and phrases(r)[0].startswith("Revenir au round 1")
        r = table.appeler("kar.combat_exemple", confirme="")
        assert table.etat == avant and phrases(r)[0].startswith("Remplacer le combat en cours")
        assert boutons(r, "Confirmer")["Oui, charger le duel"]["args"] == {"confirme": True}
        assert table.appeler("kar.combat_recommencer", confirme=True)["commence"] is False
        assert table.appeler("kar.combat_effacer", confirme=True)["etat"] is None
        assert table.appeler("kar.combat_effacer", confirme="")["etat"] is None

    def test_chaque_attaque_a_sa_cible_a_cote(self) -> None:
        """With three fighters, each attack button names its target; an ally is never offered."""
        r = trois_combattants().dernier
        assert [k for k in boutons(r, "Yang — Init") if k.startswith("Attaque")] == [
            "Attaque normale sur Guo (6)",
            "Attaque rapide sur Guo (3)",
        ]
        assert [k for k in boutons(r, "Guo — Init") if k.startswith("Attaque rapide")] == [
            "Attaque rapide sur Yang (3)",
            "Attaque rapide sur Lin (3)",
        ]

    def test_les_pv_se_declarent_se_perdent_et_se_voient(self) -> None:
        """PV declared at the add; « Blesser » takes the field's damage; B6: half the PV or more: PV x 5."""
        table = trois_combattants()
        assert blocs(table.dernier, "tableau")[0]["lignes"][0][4] == "14/14"
        assert table.refus("kar.combat_blesser", combattant="Yang")["champ"] == "degats"
        r = table.appeler("kar.combat_blesser", combattant="Yang", degats="7")
        assert table.combattant("Yang")["pv"] == 7
        assert phrases(r)[0] == typographie(
            "Passe 15 : Yang perd 7 PV (14 → 7) — blessure grave : jet sous PV × 5 (35 %) pour rester debout."
        )
        assert boutons(r, "Yang — Init 15, PV 7/14")["Blesser Yang"]["args"] == {"combattant": "Yang"}
        table.appeler("kar.combat_blesser", combattant="Guo", degats="13")
        combat = ch.etat_depuis_dict(table.etat["combat"])
        assert ch.etat_du_combattant(combat, combat.combattants[1]) == "PV -1/12 (hors de combat)"

    def test_un_combattant_se_retire_pendant_le_combat(self) -> None:
        """« Retirer X » stays offered during the fight; the others keep their Init."""
        table = trois_combattants()
        table.appeler("kar.combat_passe", jusqu_a=13)
        inits = table.inits()
        r = table.appeler("kar.combat_retirer", combattant="Guo")
        assert table.inits() == {k: v for k, v in inits.items() if k != "Guo"}
        assert r["commence"] and vu(r["journal"][-1]) == "Passe 13 : Guo quitte le combat."
        assert [p["nom"] for p in table.etat["participants"]] == ["Yang", "Lin"]
        assert table.appeler("kar.combat_afficher")["combattants"] == r["combattants"]

    def test_l_etat_garde_les_dernieres_lignes_du_journal(self) -> None:
        """The state holds the log as far as the page shows it, so that a share link stays short."""
        table = Table()
        table.appeler("kar.combat_exemple")
        for _ in range(3):
            table.appeler("kar.combat_passe", jusqu_a=0)
            table.appeler("kar.combat_round")
        assert len(table.dernier["journal"]) == 14
        assert table.etat["combat"]["journal"] == table.dernier["journal"][-12:]
        assert table.appeler("kar.combat_afficher")["numero_round"] == 4


def test_la_declaration_dit_quels_outils_gardent_un_etat() -> None:
    """Three fights keep a state, as declared; the tracker's is shown again by « Afficher » alone
    (the block's ``data-etat``), the two others by the link of their last action."""
    from rules_py.web.outil import OUTILS
    from site_plugins.widgets.bloc import operation_de_l_etat

    gardent = {nom: op for nom in OUTILS if (op := operation_de_l_etat(nom))}
    assert gardent == {"combat-heroique": "kar.combat_afficher"}
    assert operation_de_l_etat("modificateur-degats") is None
    assert {nom for nom, outil in OUTILS.items() if outil.garde_un_etat} == {
        "combat-heroique",
        "duel-el-toto",
        "initiative-basic",
    }


def test_les_jets_d_attaque_et_de_parade_se_lancent_du_compteur() -> None:
    """B2/B9: skills declared, the tracker rolls the action (half for a quick one) and shows the odds."""
    table = Table(graine=3)
    table.appeler("kar.combat_ajouter", attaque="60", defense="50")
    table.appeler("kar.combat_ajouter", nom="Guo", INT="11", DEX="11", d6="2", attaque="55", defense="44")
    r = table.agir("Yang", "attaque_rapide")
    jet = r["jet"]
    assert (jet["competence"], jet["chance"]) == (60, 30)
    assert r["attaque_en_cours"]["resultat"] == jet["resultat"]
    assert sum(Fraction(p) for p in jet["probabilites"].values()) == 1
    assert phrases(r)[1].startswith(typographie(f"d100 : {jet['jet']:02d} sous 30 (la moitié de 60) — "))
    assert "Chances" in phrases(r)[1] and blocs(r, "des")[0]["des"][0]["valeur"] == jet["jet"]
    r = table.agir("Guo", "parade_rapide")
    assert (r["jet"]["competence"], r["jet"]["chance"]) == (44, 22)
    table.appeler("kar.combat_round")
    r = table.agir("Yang", "attaque_normale", resultat="reussite")
    assert (r["jet"], r["attaque_en_cours"]["resultat"]) == (None, "reussite")


def armes_et_pv(graine: int = 4) -> Table:
    """Yang (PV 14, 1d8+1 and 1d3 of bonus) against Guo (PV 12, armour 2, no weapon damage declared)."""
    table = Table(graine)
    table.appeler("kar.combat_ajouter", PV="14", arme="1d8+1", bonus="1d3")
    table.appeler("kar.combat_ajouter", nom="Guo", INT="11", DEX="11", d6="2", PV="12", armure="2")
    return table


class TestDegatsLancesDuCompteur:
    def test_une_attaque_qui_porte_offre_les_degats_a_cote_de_la_cible(self) -> None:
        """B1: after a hit, « Lancer les dégâts de Yang » sits in Guo's row; the dice, odds and PV lost."""
        table = armes_et_pv()
        r = table.agir("Yang", "attaque_normale", resultat="reussite")
        assert boutons(r, "Guo —")["Lancer les dégâts de Yang"]["op"] == "kar.combat_degats"
        assert "Lancer les dégâts de Yang" not in boutons(r, "Yang —")
        r = table.appeler("kar.combat_degats")
        assert (r["des"], r["total"], r["coup"]["total_arme"], r["coup"]["total_bonus"]) == ([4, 2], 5, 5, 2)
        assert phrases(r)[:2] == [
            typographie(
                "Passe 15 : dégâts de Yang sur Guo — arme 1d8+1 (4) = 5 + bonus 1d3 (2) = 2 "
                "− 2 d'armure : 5 PV."
            ),
            typographie("Passe 15 : Guo perd 5 PV (12 → 7)."),
        ]
        assert table.combattant("Guo")["pv"] == 7 and r["attaque_en_cours"] is None
        loi = {int(k): Fraction(v) for k, v in r["distribution"].items()}
        assert (min(loi), max(loi), loi[5], sum(loi.values())) == (1, 10, Fraction(1, 8), 1)
        assert "Lancer les dégâts de Yang" not in boutons(r, "Guo —")
        assert table.refus("kar.combat_degats")["message"].startswith("Aucun coup porté")

    def test_le_critique_double_l_arme_et_ignore_l_armure(self) -> None:
        """B1: a critical doubles the weapon's dice and, cutting, goes through the armour."""
        table = armes_et_pv()
        table.agir("Yang", "attaque_normale", resultat="reussite_critique")
        r = table.appeler("kar.combat_degats")
        assert (r["coup"]["issue"], r["coup"]["armure_ignoree"], r["total"]) == ("critique", True, 12)
        assert table.combattant("Guo")["pv"] == 0

    def test_une_parade_reussie_bloque_une_parade_ratee_laisse_porter(self) -> None:
        """B1: a parry that succeeds blocks the hit (no damage to roll); one that fails lets it land."""
        table = armes_et_pv()
        table.agir("Yang", "attaque_normale", resultat="reussite")
        r = table.agir("Guo", "parade_rapide", resultat="reussite")
        assert "Lancer les dégâts de Yang" not in boutons(r, "Guo —")
        table.appeler("kar.combat_round")
        table.agir("Yang", "attaque_normale", resultat="reussite")
        r = table.agir("Guo", "parade_rapide", resultat="echec")
        assert "Lancer les dégâts de Yang" in boutons(r, "Guo —")

    def test_sans_degats_d_arme_le_compteur_le_dit(self) -> None:
        """Guo has no weapon damage declared: a French message, nothing lost."""
        table = armes_et_pv()
        table.appeler("kar.combat_passe", jusqu_a=13)
        table.agir("Guo", "attaque_normale", resultat="reussite")
        refus = table.refus("kar.combat_degats")
        assert refus["champ"] == "arme" and "Dégâts de l" in refus["message"]
        assert table.combattant("Yang")["pv"] == 14


def test_douze_combattants_apres_deux_rounds_tiennent_dans_un_lien() -> None:
    """Twelve fighters, two rounds of attacks: the state fits the share link's 8,192 characters (base64)."""
    table = Table(5)
    for i in range(web_ch.MAX_COMBATTANTS):
        camp, init = ("Nord", "Sud")[i % 2], str(10 + i % 5)
        table.appeler("kar.combat_ajouter", nom=f"Combattant {i + 1}", camp=camp, PV="14", INT=init, jet="30")
    for _ in range(2):
        while table.dernier["passe"] > 0:
            for nom in table.dernier["peuvent_agir"]:
                cible = "Combattant 2" if int(nom.split()[1]) % 2 else "Combattant 1"
                possibles = {a["action"]: a["possible"] for a in table.combattant(nom)["actions"]}
                action = "attaque_rapide" if possibles["attaque_rapide"] else "attente"
                table.agir(nom, action, cible=cible, resultat="echec")
            table.appeler("kar.combat_passe")
        table.appeler("kar.combat_round")
    etat = {"op": "kar.combat_afficher", "args": {"etat": table.etat}}
    texte = json.dumps(etat, ensure_ascii=False, separators=(",", ":"))
    taille = len(base64.urlsafe_b64encode(texte.encode()).rstrip(b"="))
    assert len(table.etat["combat"]["journal"]) == web_ch.LIGNES_DU_JOURNAL and taille <= 8192

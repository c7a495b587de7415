"""BaSIC — combat héroïque, passes and rounds, and the count seen from the counter (wounds, blows dealt).

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B8, B9, B10).
"""

from __future__ import annotations

import json

import pytest

from rules_py import combat_heroique as ch
from rules_py.combat_heroique import Participant
from rules_py.errors import InputError
from tests.rules.combat_heroique_commun import (
    ETAPES_YANG_GUO,
    R,
    inits,
    possible,
    rejouer_yang_et_guo,
    seul,
    yang_et_guo,
)

# -- Passes et rounds ---------------------------------------------------------------------------------


class TestPassesEtRounds:
    def test_decompte(self) -> None:
        """l.89-90: the count runs from the highest Init down to 0, announcing who may act."""
        etat = yang_et_guo()
        assert etat.journal[-1] == "Passe 15 : Yang peut agir."
        etat = ch.passe_suivante(etat)
        assert (etat.passe, etat.journal[-1]) == (14, "Passe 14.")

    def test_simultanes(self) -> None:
        """Two combatants at the same Init may both act at that pass."""
        etat = ch.creer_combat([seul("A", 10, camp="A"), seul("B", 10, camp="B")])
        assert ch.combattants_a_cette_passe(etat) == ("A", "B")
        assert etat.journal[-1] == "Passe 10 : A, B peuvent agir."

    def test_round_suivant(self) -> None:
        """B9: each round every combatant starts again at their Init; the +1d6 lasts the whole combat."""
        etat = ch.round_suivant(rejouer_yang_et_guo(len(ETAPES_YANG_GUO)))
        assert (etat.numero_round, etat.passe, inits(etat)) == (2, 15, {"Yang": 15, "Guo": 13})
        assert all(x.attaques == 0 for x in etat.combattants)
        assert possible(etat, "Yang", "attaque_rapide").cout == 3


# -- Le décompte vu du compteur : commencé, passe utile, passe visée, cible par défaut ---------------------


class TestDecompte:
    def test_commence_apres_une_action_une_passe_ou_un_round(self) -> None:
        """A fight set up is not started; an action, a pass or a round starts it."""
        etat = yang_et_guo()
        assert not ch.commence(etat)
        assert ch.commence(ch.agir(etat, "Yang", "attente"))
        assert ch.commence(ch.passe_suivante(etat))
        assert ch.commence(ch.round_suivant(etat))

    def test_prochaine_passe_utile(self) -> None:
        """l.118: at 15 only Yang acts; the next useful pass is Guo's 13, then none below 0."""
        etat = yang_et_guo()
        assert ch.prochaine_passe_utile(etat) == 13
        etat = ch.aller_a_la_passe(etat, 13)
        assert ch.prochaine_passe_utile(etat) == 0

    @pytest.mark.parametrize(("passe", "attendue"), [(14, 14), (13, 13), (0, 0)])
    def test_aller_a_la_passe(self, passe: int, attendue: int) -> None:
        """Counting down to a lower pass of the round."""
        assert ch.aller_a_la_passe(yang_et_guo(), passe).passe == attendue

    @pytest.mark.parametrize("passe", [15, 16, -1, "x"])
    def test_une_passe_visee_impossible(self, passe: object) -> None:
        """A pass not below the count (or not a number) is refused on the field jusqu_a."""
        with pytest.raises(InputError) as erreur:
            ch.aller_a_la_passe(yang_et_guo(), passe)
        assert erreur.value.champ == "jusqu_a"

    def test_la_cible_par_defaut_est_le_seul_adversaire(self) -> None:
        """One opponent: the attack aims at him; a reaction or a move has no target."""
        etat = yang_et_guo()
        assert ch.cible_de_l_attaque(etat, "Yang", "attaque_normale", None) == "Guo"
        assert ch.cible_de_l_attaque(etat, "Yang", "attaque_normale", "Wu") == "Wu"
        assert ch.cible_de_l_attaque(etat, "Yang", "parade_rapide", None) is None
        assert ch.cible_de_l_attaque(etat, "Yang", "mouvement", None) is None

    def test_plusieurs_adversaires_il_faut_nommer_la_cible(self) -> None:
        """Two opponents: the target must be named (field cible); alone in one camp: no target."""
        etat = ch.creer_combat([seul("A", camp="1"), seul("B", camp="2"), seul("C", camp="2")])
        with pytest.raises(InputError) as erreur:
            ch.cible_de_l_attaque(etat, "A", "attaque_rapide", None)
        assert erreur.value.champ == "cible" and "B, C" in erreur.value.message
        seuls = ch.creer_combat([seul("A", camp="1"), seul("B", camp="1")])
        assert ch.cible_de_l_attaque(seuls, "A", "attaque_rapide", None) is None

    def test_sans_camp_un_combattant_est_son_propre_camp(self) -> None:
        """A participant with no camp is a camp of its own: its name."""
        etat = ch.creer_combat([{k: v for k, v in seul("Loup").items() if k != "camp"}])
        assert etat.combattants[0].camp == "Loup"

    @pytest.mark.parametrize(("valeur", "attendu"), [(" Yang ", "Yang"), ("Wu", "Wu")])
    def test_nom_de_combattant(self, valeur: str, attendu: str) -> None:
        """A name loses its surrounding spaces."""
        assert ch.nom_de_combattant(valeur, "Nom") == attendu

    @pytest.mark.parametrize("valeur", ["", "   ", 3, None, "Y" * 61])
    def test_nom_de_combattant_refuse(self, valeur: object) -> None:
        """Empty, not a text, or more than 60 characters: refused, naming the label."""
        with pytest.raises(InputError, match="« Nom »"):
            ch.nom_de_combattant(valeur, "Nom")


class TestActionsPerdues:
    def test_qui_peut_agir_a_sa_passe_perd_son_action(self) -> None:
        """B9: one acts when the count reaches one's Init; past it, only defences are left."""
        etat = yang_et_guo()
        assert ch.actions_perdues(etat) == (
            ch.PerteDAction("Yang", "perd son action de la passe 15 : ce round, plus que des défenses"),
        )
        apres = ch.passe_suivante(etat)
        assert ch.actions_possibles(apres, "Yang")[0].raison == (
            "Yang a laissé passer sa passe (15) : ce round, plus que des défenses pour Yang."
        )
        assert ch.actions_perdues(ch.agir(etat, "Yang", "se_mettre_en_garde")) == ()

    def test_une_defense_et_une_riposte_se_perdent_aussi(self) -> None:
        """An attack not answered is lost at the next pass; so is a riposte due at this pass (B10)."""
        etat = ch.agir(yang_et_guo(), "Yang", "se_mettre_en_garde")
        etat = ch.aller_a_la_passe(etat, 13)
        etat = ch.agir(etat, "Guo", "attaque_rapide", cible="Yang", resultat="reussite")
        perte = ch.PerteDAction("Yang", "ne se défend plus contre l'attaque de Guo")
        assert ch.actions_perdues(etat) == (perte,)
        etat = ch.passe_suivante(ch.agir(etat, "Yang", "parade_en_garde", resultat="reussite_critique"))
        assert ch.annonce_des_pertes(etat) == "À la passe suivante, Yang perd sa riposte de la passe 12."
        assert ch.actions_perdues(ch.aller_a_la_passe(etat, 0)) == ()

    def test_personne_ne_perd_rien_hors_de_sa_passe(self) -> None:
        """Nobody at this pass, or the round over: nothing to announce."""
        etat = ch.aller_a_la_passe(ch.agir(yang_et_guo(), "Yang", "se_mettre_en_garde"), 14)
        assert (ch.actions_perdues(etat), ch.annonce_des_pertes(etat)) == ((), "")


CHOC = "jet sous PV × 5 (35 %) pour rester debout."


class TestRetirerEtBlesser:
    def test_un_combattant_se_retire_a_tout_moment(self) -> None:
        """A fallen or fleeing fighter leaves; an attack involving them is dropped; the last one stays."""
        etat = ch.aller_a_la_passe(ch.agir(yang_et_guo(), "Yang", "attente"), 13)
        etat = ch.agir(etat, "Guo", "attaque_rapide", cible="Yang")
        apres = ch.retirer(etat, "Yang")
        assert ([c.nom for c in apres.combattants], apres.attaque_en_cours) == (["Guo"], None)
        assert apres.journal[-1] == "Passe 13 : Yang quitte le combat."
        with pytest.raises(InputError, match="seul dans le combat"):
            ch.retirer(apres, "Guo")
        with pytest.raises(InputError, match="Aucun combattant"):
            ch.retirer(apres, "Wu")

    @pytest.mark.parametrize(
        ("degats", "pv", "grave", "choc", "hors", "fin"),
        [
            pytest.param(0, 14, False, None, False, ".", id="rien"),
            pytest.param(6, 8, False, None, False, ".", id="moins de la moitie"),
            pytest.param(7, 7, True, 35, False, f" — blessure grave : {CHOC}", id="B6 la moitie des PV"),
            pytest.param(14, 0, True, None, True, " — hors de combat.", id="0 PV"),
        ],
    )
    def test_les_pv_baissent(
        self, degats: int, pv: int, grave: bool, choc: int | None, hors: bool, fin: str
    ) -> None:
        """B6: one hit of half the initial PV or more asks a roll under the current PV x 5."""
        depart = ch.creer_combat([Participant("Yang", "Yang", 12, 12, 3, "moyenne", R, "init", 3, pv=14)])
        b = ch.blessure(depart.combattants[0], degats)
        assert (b.pv_apres, b.grave, b.seuil_de_choc, b.hors_de_combat) == (pv, grave, choc, hors)
        apres = ch.blesser(depart, "Yang", degats)
        assert apres.journal[-1] == f"Passe 15 : Yang perd {degats} PV (14 → {pv}){fin}"
        assert ch.etat_depuis_dict(json.loads(json.dumps(ch.etat_en_dict(apres)))) == apres

    def test_sans_pv_declares_rien_a_perdre(self) -> None:
        """PV not followed: « Blesser » says so; a state written before PV existed still reads."""
        etat = yang_et_guo()
        with pytest.raises(InputError, match="ne sont pas suivis"):
            ch.blesser(etat, "Yang", 3)
        ancien = ch.etat_en_dict(etat)
        for c in ancien["combattants"]:  # type: ignore[union-attr]
            del c["pv"], c["pv_max"]
        assert ch.etat_depuis_dict(ancien) == etat


class TestCoupPorte:
    def test_le_coup_porte_fait_l_aller_retour_et_un_coup_abime_est_refuse(self) -> None:
        """The hit whose damage may be rolled survives the page's JSON; an unknown issue is refused."""
        etat = ch.agir(
            ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO),
            "Yang",
            "attaque_normale",
            cible="Guo",
            resultat="reussite",
        )
        assert etat.coup == ch.CoupPorte("Yang", "Guo", "normale")
        donnees = json.loads(json.dumps(ch.etat_en_dict(etat)))
        assert ch.etat_depuis_dict(donnees) == etat
        with pytest.raises(InputError, match="issue"):
            ch.etat_depuis_dict({**donnees, "coup": {"attaquant": "Yang", "cible": "Guo", "issue": "ratee"}})

    @pytest.mark.parametrize(
        ("attaque", "reaction", "defense", "coup"),
        [
            ("reussite", None, None, "normale"),
            ("echec", None, None, None),
            ("reussite", "parade_rapide", "reussite", None),
            ("reussite", "parade_rapide", "echec", "normale"),
            ("reussite_critique", "esquive_rapide", "reussite", "normale"),
            ("reussite", "parade_rapide", None, None),
        ],
    )
    def test_une_defense_decide_si_le_coup_porte(
        self, attaque: str, reaction: str | None, defense: str | None, coup: str | None
    ) -> None:
        """B1: a parry or dodge blocks a normal hit, turns a critical into a normal one; unknown: no hit."""
        etat = ch.agir(
            ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO), "Yang", "attaque_normale", cible="Guo", resultat=attaque
        )
        if reaction is not None:
            etat = ch.agir(etat, "Guo", reaction, resultat=defense)
        assert (etat.coup and etat.coup.issue) == coup

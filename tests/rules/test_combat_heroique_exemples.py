"""BaSIC — combat héroïque, the text's examples: Yang and Guo action by action, Zhang's magic (B9).

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B8, B9, B10).
"""

from __future__ import annotations

import json

import pytest

from rules_py import combat_heroique as ch
from rules_py.errors import InputError
from tests.rules.combat_heroique_commun import (
    ETAPES_YANG_GUO,
    aller_a,
    c,
    inits,
    possible,
    rejouer_yang_et_guo,
    seul,
)

# -- 5) L'exemple de Yang et Guo, action par action (B9) ---------------------------------------------


class TestExempleDuModule:
    def test_donnees_du_texte(self) -> None:
        """l.117-118: the module's participants give Init 15 and 13, as the text."""
        assert inits(ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO)) == {"Yang": 15, "Guo": 13}

    def test_rejeu_pas_a_pas(self) -> None:
        """l.119-123: jouer_etape over the module's steps gives the text's Inits after each action."""
        attendues = [(15, 12, 13), (13, 12, 10), (13, 12, 10), (12, 6, 10), (12, 6, 8), (8, 6, 2), (6, 0, 2)]
        attendues.append((6, 0, 0))
        etat = ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO)
        for etape, (passe, yang, guo) in zip(ch.ETAPES_YANG_ET_GUO, attendues, strict=True):
            etat = ch.jouer_etape(etat, etape)
            assert (etat.passe, c(etat, "Yang").init, c(etat, "Guo").init) == (passe, yang, guo), etape

    def test_meme_rejeu_que_les_etapes_du_test(self) -> None:
        """The module's steps and this file's ETAPES_YANG_GUO end in the same state."""
        etat = ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO)
        for etape in ch.ETAPES_YANG_ET_GUO:
            etat = ch.jouer_etape(etat, etape)
        assert etat == rejouer_yang_et_guo(len(ETAPES_YANG_GUO))

    def test_passe_deja_passee(self) -> None:
        """A step cannot go back to a pass already counted."""
        etat = aller_a(ch.creer_combat(ch.EXEMPLE_YANG_ET_GUO), 10)
        with pytest.raises(InputError) as erreur:
            ch.jouer_etape(etat, ch.ETAPES_YANG_ET_GUO[0])
        assert erreur.value.champ == "passe"


class TestExempleYangEtGuo:
    @pytest.mark.parametrize(
        "numero", range(1, len(ETAPES_YANG_GUO) + 1), ids=[e[0] for e in ETAPES_YANG_GUO]
    )
    def test_etape(self, numero: int) -> None:
        """l.117-124: after each action, the pass, the Inits and the guards are those of the text."""
        etat = rejouer_yang_et_guo(numero)
        _, _, passe, attendues, gardes = ETAPES_YANG_GUO[numero - 1]
        assert etat.passe == passe
        assert inits(etat) == attendues
        assert {x.nom: x.en_garde for x in etat.combattants} == gardes

    def test_fin_du_round(self) -> None:
        """l.124: both at 0, neither can do anything more: every action is refused until pass 0."""
        etat = rejouer_yang_et_guo(len(ETAPES_YANG_GUO))
        while True:
            for nom in ("Yang", "Guo"):
                assert not any(a.possible for a in ch.actions_possibles(etat, nom))
            if etat.passe == 0:
                break
            etat = ch.passe_suivante(etat)
        with pytest.raises(InputError, match="round suivant"):
            ch.passe_suivante(etat)

    def test_journal(self) -> None:
        """The log tells each action in French, with its cost."""
        journal = rejouer_yang_et_guo(len(ETAPES_YANG_GUO)).journal
        assert "Passe 15 : Yang se met en garde — Init 15 → 12." in journal
        assert "Passe 13 : Yang pare depuis sa garde (réussite) — sans coût ; garde utilisée." in journal
        assert "Passe 8 : Guo fait une attaque rapide (sur Yang) — Init 8 → 2." in journal
        assert "Passe 12 : Guo fait une parade rapide — Init 10 → 8." in journal

    def test_json_a_chaque_etape(self) -> None:
        """The state survives a JSON round trip after every step."""
        for numero in range(len(ETAPES_YANG_GUO) + 1):
            etat = rejouer_yang_et_guo(numero)
            assert ch.etat_depuis_dict(json.loads(json.dumps(ch.etat_en_dict(etat)))) == etat


# -- Magie : l'exemple de Zhang (B9) -------------------------------------------------------------------


class TestExempleDeZhang:
    def test_deux_rounds(self) -> None:
        """l.147-151: 8 PM; round 1 concentration takes Init 13 to 0 (3 of 16 left); round 2: 10, cast: 2."""
        etat = ch.creer_combat([seul("Zhang", 13)])
        etat = ch.agir(etat, "Zhang", "concentration", pm=8)
        zhang = c(etat, "Zhang")
        assert (zhang.init, zhang.concentration_restante, zhang.sortilege_pm) == (0, 3, 8)
        assert not any(a.possible for a in ch.actions_possibles(etat, "Zhang"))
        etat = ch.round_suivant(etat)
        assert "concentration : reste 3" in etat.journal[-2]
        assert possible(etat, "Zhang", "concentration").cout == 3
        etat = ch.agir(etat, "Zhang", "concentration")
        assert (c(etat, "Zhang").init, c(etat, "Zhang").concentration_restante) == (10, 0)
        etat = aller_a(etat, 10)
        assert possible(etat, "Zhang", "lancer_sortilege").cout == 8
        etat = ch.agir(etat, "Zhang", "lancer_sortilege")
        assert (c(etat, "Zhang").init, c(etat, "Zhang").sortilege_pm) == (2, 0)
        assert etat.journal[-1] == "Passe 10 : Zhang lance son sortilège (8 PM) — Init 10 → 2."

    def test_concentration_en_un_round(self) -> None:
        """A 4 PM spell: concentration 8 then casting 4 in the same round."""
        etat = ch.agir(ch.creer_combat([seul("Zhang", 13)]), "Zhang", "concentration", pm=4)
        assert c(etat, "Zhang").init == 5
        etat = ch.agir(aller_a(etat, 5), "Zhang", "lancer_sortilege")
        assert c(etat, "Zhang").init == 1

    def test_lancement_au_round_suivant(self) -> None:
        """Concentration done but Init below the PM: the casting waits for the next round."""
        etat = ch.agir(ch.creer_combat([seul("Zhang", 13)]), "Zhang", "concentration", pm=6)
        etat = aller_a(etat, 1)
        assert "Init insuffisante" in (possible(etat, "Zhang", "lancer_sortilege").raison or "")
        assert "achevé sa concentration" in (possible(etat, "Zhang", "concentration").raison or "")
        etat = ch.round_suivant(etat)
        assert "sortilège de 6 PM prêt" in etat.journal[-2]
        assert c(ch.agir(etat, "Zhang", "lancer_sortilege"), "Zhang").init == 7

    def test_une_autre_action_rompt_la_concentration(self) -> None:
        """New ruling: the two actions are consecutive; any action in between loses the concentration."""
        etat = ch.agir(
            ch.creer_combat([seul("Zhang", 13), seul("Garde", 10)]), "Zhang", "concentration", pm=4
        )
        etat = aller_a(etat, 10)
        etat = ch.agir(etat, "Garde", "attaque_rapide", cible="Zhang")
        etat = ch.agir(etat, "Zhang", "parade_rapide")
        assert (c(etat, "Zhang").sortilege_pm, c(etat, "Zhang").init) == (0, 3)
        assert etat.journal[-1].endswith("concentration perdue.")

    @pytest.mark.parametrize(
        ("pm_initial", "pm_suite", "message"),
        [(None, None, "coût du sortilège"), (8, 6, "déjà sur un sortilège de 8 PM"), (0, None, "au moins 1")],
    )
    def test_pm(self, pm_initial: int | None, pm_suite: int | None, message: str) -> None:
        """The PM are needed to start, cannot change while concentrating, and are at least 1."""
        etat = ch.creer_combat([seul("Zhang", 13)])
        if pm_initial == 8:
            etat = ch.round_suivant(ch.agir(etat, "Zhang", "concentration", pm=8))
            pm_initial = pm_suite
        with pytest.raises(InputError, match=message):
            ch.agir(etat, "Zhang", "concentration", pm=pm_initial)

    def test_lancer_sans_concentration(self) -> None:
        """Casting needs a finished concentration first."""
        etat = ch.creer_combat([seul("Zhang", 13)])
        with pytest.raises(InputError, match="achever la concentration"):
            ch.agir(etat, "Zhang", "lancer_sortilege")

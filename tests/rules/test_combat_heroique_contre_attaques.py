"""BaSIC — combat héroïque, contre-attaques and ripostes (B10).

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B8, B9, B10).
"""

from __future__ import annotations

import pytest

from rules_py import combat_heroique as ch
from rules_py.combat_heroique import EtatDeCombat
from tests.rules.combat_heroique_commun import aller_a, c, possible, seul, yang_et_guo

# -- Contre-attaques et ripostes (B10) -------------------------------------------------------------------


class TestContreAttaque:
    def test_depuis_la_garde(self) -> None:
        """B10 (+ page ruling): from guard, costs a quick attack (FV), uses the guard, counts as an attack."""
        etat = ch.agir(yang_et_guo(), "Yang", "se_mettre_en_garde")
        etat = ch.agir(aller_a(etat, 13), "Guo", "attaque_normale", cible="Yang")
        assert possible(etat, "Yang", "contre_attaque").cout == 3
        etat = ch.agir(etat, "Yang", "contre_attaque")
        yang = c(etat, "Yang")
        assert (yang.init, yang.en_garde, yang.attaques) == (9, False, 1)
        assert etat.journal[-1] == (
            "Passe 13 : Yang contre-attaque depuis sa garde — Init 12 → 9 ; garde utilisée."
        )
        assert possible(aller_a(etat, 9), "Yang", "attaque_rapide").cout == 6

    def test_apres_une_attaque_plus_trois(self) -> None:
        """A counter-attack after an attack of one's own this round costs FV + 3."""
        etat = ch.creer_combat(
            [seul("A", 14, camp="A", resultat="reussite", choix="garde"), seul("B", 12, camp="B")]
        )
        etat = ch.agir(etat, "A", "attaque_rapide", cible="B")
        etat = ch.agir(aller_a(etat, 12), "B", "attaque_rapide", cible="A")
        assert possible(etat, "A", "contre_attaque").cout == 6
        assert c(ch.agir(etat, "A", "contre_attaque"), "A").init == 5

    def test_init_necessaire(self) -> None:
        """Unlike a parry from guard, a counter-attack needs the Init for a quick attack."""
        etat = ch.creer_combat([seul("A", 12, resultat="reussite", choix="garde"), seul("B", 10)])
        etat = ch.agir(etat, "A", "mouvement", metres=5)
        etat = ch.agir(aller_a(etat, 10), "B", "attaque_normale", cible="A")
        assert possible(etat, "A", "parade_en_garde").possible
        refus = possible(etat, "A", "contre_attaque")
        assert not refus.possible and "coûte 3, A n'a plus que 2" in (refus.raison or "")

    def test_sans_garde(self) -> None:
        """Without guard, no counter-attack."""
        etat = ch.agir(yang_et_guo(), "Yang", "attaque_rapide", cible="Guo")
        assert not possible(etat, "Guo", "contre_attaque").possible


class TestRiposte:
    def parade_critique(
        self, attaque: str | None = "reussite", defense: str = "reussite_critique"
    ) -> EtatDeCombat:
        """Guo attacks Yang (on guard) at 13; Yang parries with ``defense``."""
        etat = ch.agir(yang_et_guo(), "Yang", "se_mettre_en_garde")
        etat = ch.agir(aller_a(etat, 13), "Guo", "attaque_rapide", cible="Yang", resultat=attaque)
        return ch.agir(etat, "Yang", "parade_en_garde", resultat=defense)

    def test_a_la_passe_suivante(self) -> None:
        """l.163: after a critical parry, a quick attack at the pass after the parried attack."""
        etat = self.parade_critique()
        assert c(etat, "Yang").riposte_a == 12
        assert etat.journal[-1].endswith("riposte possible à la passe 12.")
        assert not possible(etat, "Yang", "riposte").possible
        etat = ch.passe_suivante(etat)
        assert possible(etat, "Yang", "riposte").cout == 3
        etat = ch.agir(etat, "Yang", "riposte", cible="Guo")
        assert (c(etat, "Yang").init, c(etat, "Yang").riposte_a, c(etat, "Yang").attaques) == (9, None, 1)
        assert etat.attaque_en_cours is not None and etat.attaque_en_cours.cible == "Guo"
        assert possible(etat, "Guo", "parade_rapide").possible

    @pytest.mark.parametrize("defense", ["esquive_en_garde", "esquive_rapide", "parade_rapide"])
    def test_apres_une_esquive_critique(self, defense: str) -> None:
        """B3 (new ruling): a critical dodge, like a critical parry, gives the riposte (quick or guard)."""
        etat = ch.agir(yang_et_guo(), "Yang", "se_mettre_en_garde")
        etat = ch.agir(aller_a(etat, 13), "Guo", "attaque_rapide", cible="Yang", resultat="reussite")
        etat = ch.agir(etat, "Yang", defense, resultat="reussite_critique")
        assert c(etat, "Yang").riposte_a == 12

    def test_perdue_si_la_passe_passe(self) -> None:
        """A riposte not taken at the next pass is lost."""
        etat = aller_a(self.parade_critique(), 11)
        assert c(etat, "Yang").riposte_a is None

    def test_perdue_au_round_suivant(self) -> None:
        """A new round clears pending ripostes."""
        assert c(ch.round_suivant(self.parade_critique()), "Yang").riposte_a is None

    @pytest.mark.parametrize(
        ("attaque", "defense"),
        [("reussite_critique", "reussite_critique"), (None, "reussite_critique"), ("reussite", "reussite")],
    )
    def test_pas_de_riposte(self, attaque: str | None, defense: str) -> None:
        """B3: only a critical defence against a normal (known) hit gives a riposte."""
        assert c(self.parade_critique(attaque, defense), "Yang").riposte_a is None

    def test_riposte_avec_surcout(self) -> None:
        """A riposte after an attack of one's own this round costs FV + 3."""
        etat = ch.creer_combat([seul("A", 14, camp="A"), seul("B", 12, camp="B")])
        etat = ch.agir(etat, "A", "attaque_rapide", cible="B")
        etat = ch.agir(aller_a(etat, 12), "B", "attaque_rapide", cible="A", resultat="reussite")
        etat = ch.agir(etat, "A", "parade_rapide", resultat="reussite_critique")
        etat = ch.passe_suivante(etat)
        assert possible(etat, "A", "riposte").cout == 6

    def test_pas_de_riposte_apres_la_passe_zero(self) -> None:
        """A riposte at pass 0, itself parried critically, leaves no later pass for another one."""
        etat = ch.creer_combat(
            [
                seul("A", 6, fv=2, camp="A"),
                seul("B", 5, fv=1, camp="B", resultat="reussite", choix="garde"),
                seul("C", 1, fv=1, camp="B"),
            ]
        )
        etat = ch.agir(aller_a(etat, 1), "C", "attaque_rapide", cible="A", resultat="reussite")
        etat = ch.agir(etat, "A", "parade_rapide", resultat="reussite_critique")
        assert c(etat, "A").riposte_a == 0
        etat = ch.agir(ch.passe_suivante(etat), "A", "riposte", cible="B", resultat="reussite")
        etat = ch.agir(etat, "B", "parade_en_garde", resultat="reussite_critique")
        assert c(etat, "B").riposte_a is None and "riposte" not in etat.journal[-1]

    def test_la_garde_a_init_zero_ne_pare_pas(self) -> None:
        """B9: B, at Init 0 after its attack, cannot parry the riposte from its guard."""
        etat = ch.creer_combat(
            [seul("A", 6, fv=2, camp="A"), seul("B", 1, fv=1, camp="B", resultat="reussite", choix="garde")]
        )
        etat = ch.agir(aller_a(etat, 1), "B", "attaque_rapide", cible="A", resultat="reussite")
        etat = ch.agir(etat, "A", "parade_rapide", resultat="reussite_critique")
        etat = ch.agir(ch.passe_suivante(etat), "A", "riposte", cible="B", resultat="reussite")
        assert possible(etat, "B", "parade_en_garde").raison == (
            "B n'a plus d'Init (0) : plus d'action pour B ce round."
        )

"""BaSIC — combat héroïque, actions: their costs and conditions, when to act, the guard (B9).

Worked examples cite ``shared/sources/001_b22c8e898b1294fc.txt`` by line
(``l.NN``); rulings cite ``shared/design/RULINGS.md`` (B8, B9, B10).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_py import combat_heroique as ch
from rules_py.errors import InputError
from tests.rules.combat_heroique_commun import aller_a, c, possible, rejouer_yang_et_guo, seul, yang_et_guo

# -- 4) Coûts des actions et conditions (B9) -----------------------------------------------------------


class TestCouts:
    @pytest.mark.parametrize(
        ("fv", "normale", "rapide", "garde", "parade"),
        [(2, 4, 2, 2, 1), (3, 6, 3, 3, 2), (4, 8, 4, 4, 2), (5, 10, 5, 5, 3)],
    )
    def test_selon_le_facteur_de_vitesse(
        self, fv: int, normale: int, rapide: int, garde: int, parade: int
    ) -> None:
        """l.108-112: normal attack 2 x FV, quick FV, guard FV, quick parry/dodge FV / 2 rounded up."""
        etat = ch.creer_combat([seul("A", 20, fv=fv, camp="A"), seul("B", 20, fv=fv, camp="B")])
        couts = {a.action: a.cout for a in ch.actions_possibles(etat, "A")}
        assert (couts["attaque_normale"], couts["attaque_rapide"], couts["se_mettre_en_garde"]) == (
            normale,
            rapide,
            garde,
        )
        assert couts["parade_rapide"] == couts["esquive_rapide"] == parade
        assert couts["parade_en_garde"] == couts["esquive_en_garde"] == 0
        assert couts["contre_attaque"] == rapide
        assert (couts["mouvement"], couts["attente"]) == (2, 1)

    def test_deuxieme_attaque_plus_trois(self) -> None:
        """l.110: every attack after the first with the same weapon costs 3 more (third one too)."""
        etat = ch.creer_combat([seul("A", 20), seul("B", 1)])
        etat = ch.agir(etat, "A", "attaque_rapide", cible="B")
        assert c(etat, "A").init == 17
        assert possible(etat, "A", "attaque_normale").cout == 9
        etat = ch.agir(aller_a(etat, 17), "A", "attaque_normale", cible="B")
        etat = ch.agir(aller_a(etat, 8), "A", "attaque_rapide", cible="B")
        assert c(etat, "A").init == 2

    def test_mouvement_par_metre(self) -> None:
        """l.114: 2 points per metre."""
        etat = ch.agir(ch.creer_combat([seul("A", 13)]), "A", "mouvement", metres=4)
        assert c(etat, "A").init == 5
        assert "(4 m)" in etat.journal[-1]
        with pytest.raises(InputError, match="coûte 12"):
            ch.agir(aller_a(etat, 5), "A", "mouvement", metres=6)
        with pytest.raises(InputError) as erreur:
            ch.agir(aller_a(etat, 5), "A", "mouvement", metres=0)
        assert erreur.value.champ == "metres"

    def test_attente(self) -> None:
        """l.115: waiting costs 1 point: the combatant acts again at the next pass."""
        etat = ch.agir(ch.creer_combat([seul("A", 13)]), "A", "attente")
        assert c(etat, "A").init == 12
        assert ch.combattants_a_cette_passe(ch.passe_suivante(etat)) == ("A",)

    def test_init_insuffisante(self) -> None:
        """l.93: allowed while Init > 0, unless it would then fall below 0."""
        etat = ch.creer_combat([seul("A", 5), seul("B", 1)])
        assert "coûte 6, A n'a plus que 5" in (possible(etat, "A", "attaque_normale").raison or "")
        etat = aller_a(ch.agir(etat, "A", "attaque_rapide", cible="B"), 2)
        assert c(etat, "A").init == 2
        assert not possible(etat, "A", "attaque_rapide").possible
        assert possible(etat, "A", "attente").possible and possible(etat, "A", "mouvement").possible
        etat = ch.agir(etat, "A", "mouvement", metres=1)
        assert c(etat, "A").init == 0
        assert "plus d'Init (0)" in (possible(etat, "A", "attente").raison or "")

    def test_parade_rapide_a_deux(self) -> None:
        """l.123: Guo parries quickly from Init 2 (cost 2) down to exactly 0; from 1 he could not."""
        etat = rejouer_yang_et_guo(11)
        assert possible(etat, "Guo", "parade_rapide").possible
        etat = ch.creer_combat([seul("A", 10), seul("B", 1)])
        etat = ch.agir(etat, "A", "attaque_rapide", cible="B")
        assert "coûte 2, B n'a plus que 1" in (possible(etat, "B", "parade_rapide").raison or "")


class TestQuandAgir:
    def test_pas_encore(self) -> None:
        """l.91: a combatant acts when the count reaches their Init, not before."""
        etat = yang_et_guo()
        with pytest.raises(InputError, match="pas encore à Guo d'agir : son Init est 13, la passe est 15"):
            ch.agir(etat, "Guo", "attaque_rapide", cible="Yang")

    def test_passe_laissee(self) -> None:
        """New ruling: a combatant who lets their pass go by keeps their Init only to defend this round."""
        etat = ch.passe_suivante(yang_et_guo())
        assert "laissé passer sa passe (15)" in (possible(etat, "Yang", "attaque_rapide").raison or "")
        etat = ch.agir(aller_a(etat, 13), "Guo", "attaque_rapide", cible="Yang")
        assert possible(etat, "Yang", "parade_rapide").possible

    def test_reaction_sans_attaque(self) -> None:
        """l.113: a quick parry is declared when attacked, by the target only."""
        etat = yang_et_guo()
        assert "Personne n'attaque Yang" in (possible(etat, "Yang", "parade_rapide").raison or "")
        etat = ch.agir(aller_a(etat, 13), "Guo", "attaque_rapide", cible="Yang")
        assert not possible(etat, "Guo", "parade_rapide").possible

    def test_attaque_sans_cible(self) -> None:
        """An attack with no target named leaves nothing to parry."""
        etat = ch.agir(yang_et_guo(), "Yang", "attaque_rapide")
        assert etat.attaque_en_cours is None

    def test_attaque_non_repondue(self) -> None:
        """An attack not answered before the next action or pass is closed."""
        etat = ch.agir(yang_et_guo(), "Yang", "attaque_rapide", cible="Guo")
        assert ch.passe_suivante(etat).attaque_en_cours is None

    @pytest.mark.parametrize(
        ("nom", "action", "options", "champ"),
        [
            ("Wu", "attente", {}, "combattant"),
            ("Yang", "danse", {}, "action"),
            ("Yang", "attaque_rapide", {"cible": "Wu"}, "cible"),
            ("Yang", "attaque_rapide", {"cible": "Yang"}, "cible"),
            ("Yang", "attaque_rapide", {"cible": "Guo", "resultat": "touche"}, "resultat"),
        ],
    )
    def test_refus(self, nom: str, action: str, options: dict[str, Any], champ: str) -> None:
        """Unknown combatant, action, target or result; attacking oneself."""
        with pytest.raises(InputError) as erreur:
            ch.agir(yang_et_guo(), nom, action, **options)
        assert erreur.value.champ == champ

    def test_etat_non_modifie(self) -> None:
        """agir returns a new state and leaves the old one untouched."""
        etat = yang_et_guo()
        copie = ch.etat_en_dict(etat)
        ch.agir(etat, "Yang", "se_mettre_en_garde")
        assert ch.etat_en_dict(etat) == copie


# -- La garde (B9) -------------------------------------------------------------------------------------


class TestGarde:
    def test_deja_en_garde(self) -> None:
        """One cannot go on guard twice."""
        etat = ch.agir(yang_et_guo(), "Yang", "se_mettre_en_garde")
        etat = ch.agir(aller_a(etat, 12), "Yang", "attente")
        assert "déjà en garde" in (possible(aller_a(etat, 11), "Yang", "se_mettre_en_garde").raison or "")

    def test_garde_reportee(self) -> None:
        """l.111: a guard not used by the end of the round carries to the next."""
        etat = ch.agir(yang_et_guo(), "Yang", "se_mettre_en_garde")
        etat = ch.round_suivant(aller_a(etat, 0))
        assert c(etat, "Yang").en_garde and c(etat, "Yang").init == 15

    def test_pas_de_parade_en_garde_a_init_zero(self) -> None:
        """B9: « an action is allowed only if Init > 0 », a parry or dodge from guard too."""
        etat = ch.creer_combat([seul("A", 12, resultat="reussite", choix="garde"), seul("B", 10)])
        etat = ch.agir(etat, "A", "mouvement", metres=6)
        etat = ch.agir(aller_a(etat, 10), "B", "attaque_normale", cible="A")
        for action in ("parade_en_garde", "esquive_en_garde", "parade_rapide"):
            refus = possible(etat, "A", action)
            assert (
                not refus.possible
                and refus.raison == "A n'a plus d'Init (0) : plus d'action pour A ce round."
            )
        with pytest.raises(InputError, match="plus d'Init"):
            ch.agir(etat, "A", "esquive_en_garde")

    def test_parade_en_garde_sans_cout(self) -> None:
        """B9: with Init left, a parry from guard costs nothing more and uses the guard up."""
        etat = ch.creer_combat([seul("A", 12, resultat="reussite", choix="garde"), seul("B", 10)])
        etat = ch.agir(etat, "A", "mouvement", metres=5)
        etat = ch.agir(aller_a(etat, 10), "B", "attaque_normale", cible="A")
        assert possible(etat, "A", "parade_en_garde").cout == 0
        etat = ch.agir(etat, "A", "esquive_en_garde")
        assert (c(etat, "A").init, c(etat, "A").en_garde) == (2, False)

    def test_pas_en_garde(self) -> None:
        """A parry from guard needs the guard."""
        etat = ch.agir(yang_et_guo(), "Yang", "attaque_rapide", cible="Guo")
        assert possible(etat, "Guo", "parade_en_garde").raison == "Guo n'est pas en garde."

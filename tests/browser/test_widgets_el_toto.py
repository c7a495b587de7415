"""The El Toto widgets in Chromium: dice read on the table, rolls replayed, exact odds, errors beside fields.

One page for the whole module (``site_page``), moved by instant navigation, so the
rules engine starts once.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from rules_py.outils.champs import champs, ecrire
from rules_py.web.el_toto import (
    EntreesBagarre,
    EntreesCombatRapide,
    EntreesDistance,
    EntreesDuel,
    EntreesEnergie,
    EntreesLancer,
    EntreesReserve,
    EntreesSurvie,
)
from tests.browser.widgets import aller, erreur, resultat, soumettre, widget
from tests.rules.web_el_toto_commun import PASSE_LUE

pytestmark = pytest.mark.browser

FINE = "\u202f"
INSECABLE = "\u00a0"
REGLES = "el-toto/regles-de-base/"
COMBAT = "el-toto/combat/"
SURVIE = "el-toto/survie/"


def formulaire(entrees: type, **changes: Any) -> dict[str, Any]:
    """Every field of a form at its default, then ``changes`` (so earlier tests leave nothing behind);
    the hidden ones (the fight's state, a confirmation) are the page's, not the form's."""
    caches = {c.cle for c in champs(entrees) if c.meta.cache}
    return {k: v for k, v in {**ecrire(entrees()), **changes}.items() if k not in caches}


def ouvrir(page: Page, chemin: str, nom: str) -> Locator:
    """Go to the page ``chemin`` and return its widget ``nom``, once the engine is ready."""
    aller(page, chemin)
    return widget(page, nom)


def envoyer(racine: Locator, valeurs: dict[str, Any], action: str | None = None) -> dict[str, Any]:
    """Set every field at once (one round trip; a long form typed key by key is slow), then submit."""
    racine.evaluate(
        """(racine, valeurs) => {
            for (const [nom, valeur] of Object.entries(valeurs)) {
                const champ = racine.querySelector(`.regles-widget__formulaire [name="${nom}"]`)
                if (champ.type === "checkbox") champ.checked = Boolean(valeur)
                else champ.value = String(valeur)
            }
        }""",
        valeurs,
    )
    return soumettre(racine, None, action)


def sans_alea(donnees: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in donnees.items() if k not in ("des_lus", "jets_lus", "rejouer", "etat", "sante")}


def rejouer_dans(racine: Locator, donnees: dict[str, Any], action: str | None = None) -> dict[str, Any]:
    """Type a result's ``rejouer`` arguments into the form and submit: the same result comes back."""
    caches = ("etat", "confirme")  # the page's hidden fields, not the form's
    return envoyer(racine, {k: v for k, v in donnees["rejouer"].items() if k not in caches}, action)


class TestReserve:
    def test_repli_et_des_lus(self, site_page: Page) -> None:
        """The table of odds is there; 6 4 1 read on the table: 3 successes, the exact law of 3 dice."""
        racine = ouvrir(site_page, REGLES, "reserve-el-toto")
        expect(racine.locator(".regles-widget__statique")).to_contain_text("3 réussites.")
        r = envoyer(racine, formulaire(EntreesReserve, des="3", faces="6 4 1"))
        assert (r["des"], r["reussites"], r["maladresse"], r["des_lus"]) == ([6, 4, 1], 3, False, True)
        assert r["probabilites"] == {
            "0": "1/8",
            "1": "1/4",
            "2": "7/24",
            "3": "11/54",
            "4": "7/72",
            "5": "1/36",
            "6": "1/216",
        }
        faces = racine.locator(".regles-widget__resultat .regles-de")
        expect(faces).to_have_count(3)
        expect(faces.nth(0)).to_have_class("regles-de regles-de--double")
        surlignee = racine.locator(".regles-widget__resultat .regles-barres tr.regles-surligne th")
        expect(surlignee).to_have_text("3")

    def test_tous_les_un_et_reserve_vide(self, site_page: Page) -> None:
        """All ones is a maladresse; a pool of 0 dice fails."""
        racine = ouvrir(site_page, REGLES, "reserve-el-toto")
        r = envoyer(racine, formulaire(EntreesReserve, des="4", faces="1 1 1 1"))
        assert (r["reussites"], r["maladresse"], r["probabilite_maladresse"]) == (0, True, "1/1296")
        expect(racine.locator(".regles-de--maladresse")).to_have_count(4)
        r = envoyer(racine, formulaire(EntreesReserve, des="0"))
        assert (r["des"], r["reussi"], r["maladresse"], r["probabilites"]) == ([], False, False, {"0": "1/1"})
        expect(racine.locator(".regles-widget__resultat")).to_contain_text(f"Aucun dé{FINE}: le jet échoue.")

    def test_energie_lancer_et_rejouer(self, site_page: Page) -> None:
        """Énergie adds dice within the cap; the roll's ``rejouer`` typed back gives the same result."""
        racine = ouvrir(site_page, REGLES, "reserve-el-toto")
        r = envoyer(racine, formulaire(EntreesReserve, des="4", energie="2", plafond="3", reste="5"))
        assert (r["nombre_de_des"], r["energie_restante"], r["des_lus"]) == (6, 3, False)
        assert len(r["des"]) == 6 and all(1 <= d <= 6 for d in r["des"])
        assert sans_alea(rejouer_dans(racine, r)) == sans_alea(r)

    def test_au_dela_du_plafond_dit_pourquoi(self, site_page: Page) -> None:
        """Spending above the cap: a French message beside the field; the widget then works again."""
        racine = ouvrir(site_page, REGLES, "reserve-el-toto")
        assert envoyer(racine, formulaire(EntreesReserve, des="4", energie="4", plafond="3")) == {}
        assert "Au plus 3 point(s) d’Énergie sur ce jet" in erreur(racine, "energie")
        r = envoyer(racine, formulaire(EntreesReserve, des="1", faces="5"))
        assert r["reussites"] == 1
        expect(racine.locator('[data-champ="energie"] .regles-champ__erreur')).to_be_hidden()


class TestEnergie:
    def test_points_plafond_et_pv(self, site_page: Page) -> None:
        """Hargne 3, Trempe 2, Survie 4, Résistance 3: 9 points, cap 3 or 4, 14 PV."""
        racine = ouvrir(site_page, REGLES, "energie-el-toto")
        r = envoyer(racine, formulaire(EntreesEnergie))
        attendu = {"points_d_energie": 9, "plafond_hargne": 3, "plafond_survie": 4, "points_de_vie": 14}
        assert sans_alea(r) == attendu
        assert envoyer(racine, formulaire(EntreesEnergie, trempe="x")) == {}
        assert f"«{INSECABLE}Trempe{INSECABLE}» doit être un nombre entier" in erreur(racine, "trempe")


class TestDuel:
    def test_passe_lue_sur_la_table(self, site_page: Page) -> None:
        """B strikes first (2 initiative dice against 1), A ripostes; damage, resistance, PV lost."""
        racine = ouvrir(site_page, COMBAT, "duel-el-toto")
        expect(racine.locator(".regles-widget__statique")).to_contain_text("B a l’initiative")
        r = envoyer(racine, formulaire(EntreesDuel, **PASSE_LUE), "toto.duel")
        assert r["initiative"] == "b"
        b, a = r["attaques"]["b"], r["attaques"]["a"]
        assert (b["impact"], b["dommages"], b["points_de_vie_perdus"]) == (2, 1, 1)
        assert (a["impact"], a["dommages"], a["points_de_vie_perdus"], a["de_de_riposte"]) == (5, 6, 4, False)
        expect(racine.locator(".regles-widget__resultat")).to_contain_text(
            f"B a l’initiative (2 dés contre 1){FINE}: B attaque, puis A riposte."
        )

    def test_de_de_riposte_et_chances(self, site_page: Page) -> None:
        """A negative first impact: A ripostes with 4 dice; the odds are the exact laws of the pass."""
        racine = ouvrir(site_page, COMBAT, "duel-el-toto")
        lus = {
            "des_attaque_b": "1 1",
            "des_defense_a": "6 4",
            "des_attaque_a": "4 4 4 4",
            "des_defense_b": "6 6",
        }
        r = envoyer(racine, formulaire(EntreesDuel, **lus), "toto.duel")
        assert (r["attaques"]["b"]["impact"], r["attaques"]["a"]["de_de_riposte"]) == (-3, True)
        assert r["probabilites"]["impact_de_b"] == {
            "-4": "1/144", "-3": "1/27", "-2": "37/324", "-1": "17/81", "0": "19/72",
            "1": "17/81", "2": "37/324", "3": "1/27", "4": "1/144",
        }  # fmt: skip
        assert r["probabilites"]["de_de_riposte"] == "53/144"

    def test_lancer_et_rejouer(self, site_page: Page) -> None:
        """A rolled pass (with an Esquive) replays exactly from its ``rejouer`` typed into the form."""
        racine = ouvrir(site_page, COMBAT, "duel-el-toto")
        r = envoyer(racine, formulaire(EntreesDuel, esquive_b="5"), "toto.duel")
        assert r["des_lus"] is False and r["combattants"]["b"]["esquive"] == 3
        assert sans_alea(rejouer_dans(racine, r, "toto.duel")) == sans_alea(r)

    def test_meilleure_repartition(self, site_page: Page) -> None:
        """The engine's best split, both sides and both criteria, and why initiative never helps."""
        racine = ouvrir(site_page, COMBAT, "duel-el-toto")
        r = envoyer(racine, formulaire(EntreesDuel), "toto.duel_repartition")
        a = r["conseils"]["a"]
        assert {k: a["toucher"][k] for k in ("initiative", "attaque", "defense", "chance")} == {
            "initiative": 0,
            "attaque": 6,
            "defense": 0,
            "chance": "52745/62208",
        }
        assert (a["toucher_sans_etre_touche"]["attaque"], a["toucher_sans_etre_touche"]["chance"]) == (
            3,
            "1351415/2834352",
        )
        expect(site_page.locator("article")).to_contain_text("Pourquoi aucun dé en initiative")

    def test_repartition_plus_grande_que_le_pdc(self, site_page: Page) -> None:
        """Too many dice in the hands: the message sits beside the attack field."""
        racine = ouvrir(site_page, COMBAT, "duel-el-toto")
        assert envoyer(racine, formulaire(EntreesDuel, attaque_b="5"), "toto.duel") == {}
        assert "c’est plus que le PdC (6)" in erreur(racine, "attaque_b")
        assert envoyer(racine, formulaire(EntreesDuel, **PASSE_LUE), "toto.duel")["initiative"] == "b"


class TestCombatRapide:
    def test_des_lus_et_erreur(self, site_page: Page) -> None:
        """5 against 2 successes, weapon +1, 3 resistance successes: B loses 1 PV; a bad resistance count."""
        racine = ouvrir(site_page, COMBAT, "combat-rapide-el-toto")
        lus = {"des_a": "6 6 4 1 1 1", "des_b": "5 4 2 2 2 2", "des_resistance": "6 4"}
        r = envoyer(racine, formulaire(EntreesCombatRapide, **lus))
        assert (r["vainqueur"], r["dommages"], r["points_de_vie_perdus"]) == ("a", 4, 1)
        assert r["probabilites"]["vainqueur"]["a"] == r["probabilites"]["vainqueur"]["b"]
        assert envoyer(racine, formulaire(EntreesCombatRapide, **{**lus, "des_resistance": "6"})) == {}
        assert "ce jet se lance avec 2 dés" in erreur(racine, "des_resistance")

    def test_lancer_et_rejouer(self, site_page: Page) -> None:
        """A rolled exchange replays exactly."""
        racine = ouvrir(site_page, COMBAT, "combat-rapide-el-toto")
        r = envoyer(racine, formulaire(EntreesCombatRapide))
        assert sans_alea(rejouer_dans(racine, r)) == sans_alea(r)


class TestDistance:
    def test_cible_non_prevenue_et_prevenue(self, site_page: Page) -> None:
        """Unaware: impact = PdC successes; aware: the dodge is rolled; no dodge for an unaware target."""
        racine = ouvrir(site_page, COMBAT, "distance-el-toto")
        r = envoyer(
            racine,
            formulaire(EntreesDistance, prevenu=False, des_attaque="6 6 5 1 1", des_resistance="4 1 1"),
        )
        assert (r["prevenu"], r["impact"], r["dommages"], r["points_de_vie_perdus"]) == (False, 5, 4, 3)
        assert r["probabilites"]["impact"]["10"] == "1/7776"
        r = envoyer(racine, formulaire(EntreesDistance))
        assert r["prevenu"] is True and len(r["des_defense"]) == 3
        assert envoyer(racine, formulaire(EntreesDistance, prevenu=False, des_defense="4")) == {}
        assert "La cible n’est pas prévenue" in erreur(racine, "des_defense")


class TestBlessure:
    def test_niveaux_et_erreur(self, site_page: Page) -> None:
        """Vie 15: 7 PV lost is grave, 8 critique (exact Vie/2); the pool after the malus; Vie 0 refused."""
        racine = ouvrir(site_page, COMBAT, "blessure-el-toto")
        expect(racine.locator(".regles-widget__statique")).to_contain_text("5 à 7")
        r = envoyer(racine, {"perdus": "7", "vie": "15", "reserve": ""})
        assert (r["gravite"], r["malus_des"], r["minutes_par_point_de_vie"]) == ("grave", 3, 10)
        r = envoyer(racine, {"perdus": "8", "vie": "15", "reserve": "5"})
        assert (r["gravite"], r["malus_des"], r["reserve_apres_malus"]) == ("critique", 8, 0)
        expect(racine.locator(".regles-widget__resultat tr.regles-surligne th")).to_have_text("Critique")
        assert envoyer(racine, {"perdus": "3", "vie": "0", "reserve": ""}) == {}
        assert "au moins 1" in erreur(racine, "vie")


class TestSurvie:
    def test_partage_dommages_et_erreur(self, site_page: Page) -> None:
        """MH −3, Milieu 1, 5 successes: 1 to share; MH −5, 1 success: damage after Résistance; errors."""
        racine = ouvrir(site_page, SURVIE, "survie-el-toto")
        r = envoyer(
            racine,
            formulaire(EntreesSurvie, hostilite="-4", equipement="1", milieu="1", des_survie="6 6 4 1"),
        )
        assert (r["mh"], r["total"], r["reussites_a_partager"], r["consequence"]) == (-3, 3, 1, "aucune")
        args = formulaire(
            EntreesSurvie,
            hostilite="-5",
            equipement="0",
            milieu="0",
            des_survie="4 1 1 1",
            des_resistance="6 1 1",
        )
        r = envoyer(racine, args)
        assert (r["total"], r["dommages"], r["points_de_vie_perdus"], r["consequence"]) == (
            -4,
            4,
            2,
            "intemperies",
        )
        assert envoyer(racine, formulaire(EntreesSurvie, hostilite="2")) == {}
        assert "doit être au plus 0" in erreur(racine, "hostilite")
        r = envoyer(racine, formulaire(EntreesSurvie, hostilite="-6"))
        assert sans_alea(rejouer_dans(racine, r)) == sans_alea(r)
        assert resultat(racine)["des_lus"] is True


class TestLancerEtBagarre:
    def test_lancer_lu_puis_rejoue(self, site_page: Page) -> None:
        """Force 2 + Lancer 3 = 5 dés; the faces read give 3 successes; a roll replays from its link."""
        racine = ouvrir(site_page, COMBAT, "lancer-el-toto")
        expect(racine.locator(".regles-widget__statique")).to_contain_text("Force 2 + Lancer 3 = 5 dés")
        r = envoyer(racine, formulaire(EntreesLancer, faces="6 5 3 2 1"))
        assert (r["nombre_de_des"], r["reussites"], r["des_lus"]) == (5, 3, True)
        r = envoyer(racine, formulaire(EntreesLancer, force="1", lancer="1"))
        assert len(r["des"]) == 2 and r["des_lus"] is False
        assert sans_alea(rejouer_dans(racine, r)) == sans_alea(r)

    def test_bagarre_erreur_a_cote_du_champ(self, site_page: Page) -> None:
        """Too few faces read: a French message beside the field; then the widget works again."""
        racine = ouvrir(site_page, COMBAT, "bagarre-el-toto")
        assert envoyer(racine, formulaire(EntreesBagarre, faces="4 4")) == {}
        assert "ce jet se lance avec 5 dés" in erreur(racine, "faces")
        r = envoyer(racine, formulaire(EntreesBagarre, faces="4 4 2 1 6"))
        assert r["reussites"] == 4

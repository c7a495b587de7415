"""The heroic-combat tracker in Chromium: a fight that survives a reload and a shared link, undo,
questions asked in the page, a forfeited action announced, unreadable saved data set aside, a phone.

Each test opens a fresh browser context: its own empty storage on the device.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import SiteServer
from tests.browser.widgets import PRET, aller, cliquer_dans, remplir, resultat, soumettre, widget

HEROIQUE = "basic-kar/combat-heroique/"
COMMUN = {"caracteristique": "", "fv": "3", "longueur": "moyenne", "competence": "50", "jet": "30"}
TROIS = [
    {"nom": "Yang", "camp": "Nord", "INT": "12", "DEX": "12", "d6": "3", "PV": "14"},
    {"nom": "Guo", "camp": "", "INT": "11", "DEX": "11", "d6": "2", "PV": "12"},
    {"nom": "Lin", "camp": "Nord", "INT": "10", "DEX": "10", "d6": "1", "PV": "10"},
]
"""Yang and Lin against Guo (alone: −3), each succeeding the first-round roll (30 under 50)."""


def questions(page: Page) -> list[str]:
    """Collect every browser dialog (there must be none: questions are asked in the page)."""
    vues: list[str] = []

    def refuser(dialogue: Any) -> None:
        vues.append(dialogue.message)
        dialogue.dismiss()

    page.on("dialog", refuser)
    return vues


def confirmer_si_demande(racine: Locator, r: dict[str, Any]) -> dict[str, Any]:
    """Answer « oui » to the page's question, when it asks one."""
    if racine.locator('.regles-boutons[aria-label="Confirmer"]').count():
        return cliquer_dans(racine, "Confirmer", "Oui")
    return r


def deux_passes(page: Page) -> tuple[Locator, list[dict[str, Any]]]:
    """Three fighters added by the form, then passes 15 and 12 played; each state after each action."""
    aller(page, HEROIQUE)
    racine = widget(page, "combat-heroique")
    etats = []
    for combattant in TROIS:
        etats.append(soumettre(racine, {**COMMUN, **combattant}, action="kar.combat_ajouter")["etat"])
    r = cliquer_dans(racine, "Yang — ", "Se mettre en garde")
    etats.append(r["etat"])
    r = cliquer_dans(racine, "Le décompte", "Aller à la passe 12")
    assert r["passe"] == 12  # Yang acted at 15: nobody loses anything, nothing asked
    etats.append(r["etat"])
    return racine, etats


class TestCombatQuiSurvit:
    def test_trois_combattants_deux_passes_rechargement_et_lien(self, page: Page, browser: Browser) -> None:
        """Done when: three fighters, two passes; a reload and the shared link bring back the same state."""
        vues = questions(page)
        aller(page, HEROIQUE)
        racine = widget(page, "combat-heroique")
        for combattant in TROIS:
            r = soumettre(racine, {**COMMUN, **combattant}, action="kar.combat_ajouter")
        assert {c["nom"]: c["init"] for c in r["combattants"]} == {"Yang": 15, "Guo": 10, "Lin": 11}
        cliquer_dans(racine, "Yang — ", "Se mettre en garde")
        r = cliquer_dans(racine, "Le décompte", "Passe suivante")
        r = cliquer_dans(racine, "Le décompte", "Aller à la passe 12")
        r = cliquer_dans(racine, "Yang — ", "Attaque rapide sur Guo")
        r = cliquer_dans(racine, "Yang attaque Guo", "Parade rapide")
        racine.locator('[name="degats"]').fill("5")
        r = cliquer_dans(racine, "Guo — ", "Blesser Guo")
        inits = {c["nom"]: c["init"] for c in r["combattants"]}
        assert (r["passe"], inits) == (12, {"Yang": 9, "Guo": 8, "Lin": 11})
        etat = r["etat"]
        assert [c["pv"] for c in etat["combat"]["combattants"]] == [14, 7, 10]
        journal = page.locator(".regles-journal__entree")  # every action in the roll log, newest first
        expect(journal).to_have_count(9)
        expect(journal.first).to_contain_text("Guo perd 5")
        lien = page.url
        assert "#partage=" in lien
        sauve = page.evaluate("id => localStorage.getItem('regles-etat:' + id)", racine.get_attribute("id"))
        assert json.loads(sauve)["version"] == 1

        page.reload()  # the address holds the link: the state comes back from it
        racine = widget(page, "combat-heroique")
        expect(racine).to_have_attribute("data-reponses", "1", timeout=PRET)
        assert resultat(racine)["etat"] == etat

        page.goto(HEROIQUE)  # no link: the state comes back from the device
        racine = widget(page, "combat-heroique")
        expect(racine).to_have_attribute("data-reponses", "1", timeout=PRET)
        assert resultat(racine)["etat"] == etat
        expect(racine.locator(".regles-widget__resultat")).to_contain_text("Guo")

        autre = browser.new_context(locale="fr-FR", service_workers="block")  # another device, empty
        try:
            ailleurs = autre.new_page()
            ailleurs.goto(lien)
            racine = widget(ailleurs, "combat-heroique")
            expect(racine).to_have_attribute("data-reponses", "1", timeout=PRET)
            assert resultat(racine)["etat"] == etat
        finally:
            autre.close()
        assert vues == []

    def test_annuler_sur_plusieurs_niveaux(self, page: Page) -> None:
        """« Annuler la dernière action » gives back each previous state in turn, and survives a reload."""
        racine, etats = deux_passes(page)
        annuler = racine.locator(".regles-sauvegarde__annuler")
        expect(annuler).to_have_text("Annuler la dernière action")
        etats.append(cliquer_dans(racine, "Yang — ", "Mouvement")["etat"])
        r = cliquer_dans(racine, "Le décompte", "Passe suivante")
        assert r["passe"] == 11
        page.reload()
        racine = widget(page, "combat-heroique")
        expect(racine).to_have_attribute("data-reponses", "1", timeout=PRET)
        annuler = racine.locator(".regles-sauvegarde__annuler")
        expect(racine.locator(".regles-sauvegarde__compte")).to_have_text("(6 actions à annuler)")
        for attendu in reversed(etats):
            avant = int(racine.get_attribute("data-reponses") or 0)
            annuler.click()
            expect(racine).to_have_attribute("data-reponses", str(avant + 1), timeout=PRET)
            assert resultat(racine)["etat"] == attendu
        expect(annuler).to_be_disabled()

    def test_nouveau_combat_demande_dans_la_page_et_s_annule(self, page: Page) -> None:
        """« Nouveau combat » asks in the page (no browser dialog); once wiped, undo gives the fight back."""
        vues = questions(page)
        racine, etats = deux_passes(page)
        r = soumettre(racine, action="kar.combat_effacer")
        assert r["etat"] == etats[-1]
        expect(racine.locator(".regles-widget__resultat")).to_contain_text("Effacer tout le combat")
        r = cliquer_dans(racine, "Confirmer", "Non, continuer")
        assert r["etat"] == etats[-1]
        soumettre(racine, action="kar.combat_effacer")
        r = cliquer_dans(racine, "Confirmer", "Oui, effacer le combat")
        assert r["etat"] is None
        avant = int(racine.get_attribute("data-reponses") or 0)
        racine.locator(".regles-sauvegarde__annuler").click()
        expect(racine).to_have_attribute("data-reponses", str(avant + 1), timeout=PRET)
        assert resultat(racine)["etat"] == etats[-1]
        r = cliquer_dans(racine, "Le décompte", "Recommencer le combat")
        expect(racine.locator(".regles-widget__resultat")).to_contain_text("Revenir au round 1")
        assert r["etat"] == etats[-1] and vues == []

    def test_une_action_perdue_est_annoncee(self, page: Page) -> None:
        """At pass 11 Lin may act: the page says Lin would lose it, and asks before counting down."""
        racine, _ = deux_passes(page)
        cliquer_dans(racine, "Yang — ", "Mouvement")
        r = cliquer_dans(racine, "Le décompte", "Passe suivante")
        assert r["passe"] == 11
        zone = racine.locator(".regles-widget__resultat")
        annonce = "À la passe suivante, Lin perd son action de la passe 11"
        expect(zone.locator(".regles-texte--resultat", has_text=annonce)).to_be_visible()
        r = cliquer_dans(racine, "Le décompte", "Passe suivante")
        assert r["passe"] == 11
        question = zone.locator(".regles-texte--resultat").first
        expect(question).to_contain_text("Passer quand même à la passe 10")
        r = cliquer_dans(racine, "Confirmer", "Oui, passer à la passe 10")
        assert r["passe"] == 10
        r = cliquer_dans(racine, "Lin — ", "Retirer Lin")
        assert [c["nom"] for c in r["combattants"]] == ["Yang", "Guo"]


class TestDonneesIllisibles:
    def test_une_sauvegarde_illisible_est_mise_de_cote(self, page: Page) -> None:
        """Broken saved data: a French message, the data kept aside intact, and the tool still works."""
        aller(page, HEROIQUE)
        cle = "regles-etat:" + (page.locator('[data-widget="combat-heroique"]').get_attribute("id") or "")
        page.evaluate('cle => localStorage.setItem(cle, \'{"version": 1, "etat": \')', cle)
        page.reload()
        racine = widget(page, "combat-heroique")
        message = racine.locator(".regles-sauvegarde__message")
        expect(message).to_contain_text("n’a pas pu être relu (ce n’est pas du JSON) : il est mis de côté")
        mis_de_cote = page.evaluate(
            """() => Object.keys(localStorage).filter(k => k.startsWith("regles-etat-illisible:"))
                .map(k => localStorage.getItem(k))"""
        )
        assert mis_de_cote == ['{"version": 1, "etat": ']
        r = soumettre(racine, {**COMMUN, **TROIS[0]}, action="kar.combat_ajouter")
        assert [c["nom"] for c in r["combattants"]] == ["Yang"]

    def test_une_version_inconnue_et_un_etat_hostile(self, page: Page) -> None:
        """A newer schema, or a state the guard refuses: set aside, never read, never dropped."""
        aller(page, HEROIQUE)
        cle = "regles-etat:" + (page.locator('[data-widget="combat-heroique"]').get_attribute("id") or "")
        for brut, raison in (
            ('{"version": 7, "etat": "", "annuler": []}', "version 7 inconnue de cette page"),
            ('{"version": 1, "etat": "' + "W" * 9000 + '", "annuler": []}', "lien de partage est trop long"),
        ):
            page.evaluate("([cle, brut]) => localStorage.setItem(cle, brut)", [cle, brut])
            page.reload()
            racine = widget(page, "combat-heroique")
            expect(racine.locator(".regles-sauvegarde__message")).to_contain_text(raison)
            assert page.evaluate("cle => localStorage.getItem(cle)", cle) is None
        cles = page.evaluate("() => Object.keys(localStorage)")
        assert len([k for k in cles if k.startswith("regles-etat-illisible:")]) == 2


class TestTelephone:
    def test_le_combat_tient_dans_390_px(self, browser: Browser, server: SiteServer) -> None:
        """On a 390 px touch screen: the fight, its buttons and « Annuler » without horizontal scrolling."""
        contexte = browser.new_context(
            base_url=server.url,
            locale="fr-FR",
            service_workers="block",
            viewport={"width": 390, "height": 844},
            has_touch=True,
            is_mobile=True,
        )
        try:
            page = contexte.new_page()
            racine, _ = deux_passes(page)
            cliquer_dans(racine, "Le décompte", "Passe suivante")
            expect(racine.locator(".regles-boutons[aria-label='Confirmer']")).to_be_visible()
            expect(racine.locator(".regles-sauvegarde__annuler")).to_be_visible()
            largeur = page.evaluate("() => document.documentElement.scrollWidth")
            assert largeur <= 390
        finally:
            contexte.close()


class TestJets:
    def test_l_attaque_se_lance_du_compteur_avec_ses_chances(self, page: Page) -> None:
        """Skills declared: the quick attack is rolled at half the skill, its odds and d100 shown, logged."""
        aller(page, HEROIQUE)
        racine = widget(page, "combat-heroique")
        for combattant, competences in zip(TROIS[:2], ({"attaque": "60"}, {"attaque": "55"}), strict=True):
            fiche = {**COMMUN, **combattant, **competences, "defense": "44"}
            soumettre(racine, fiche, action="kar.combat_ajouter")
        r = cliquer_dans(racine, "Yang — ", "Attaque rapide sur Guo")
        assert (r["jet"]["chance"], r["attaque_en_cours"]["resultat"]) == (30, r["jet"]["resultat"])
        zone = racine.locator(".regles-widget__resultat")
        expect(zone).to_contain_text("sous 30 (la moitié de 60)")
        expect(zone).to_contain_text("Chances")
        expect(zone.locator(".regles-de")).to_have_count(1)
        expect(page.locator(".regles-journal__entree").first).to_contain_text("Yang fait une attaque rapide")


def test_les_degats_se_lancent_du_compteur_et_l_exemple_demande(page: Page) -> None:
    """After Yang's hit, « Lancer les dégâts de Yang » beside Guo rolls the dice with their exact law,
    takes the PV off and goes to the roll log; the example then asks before replacing the fight."""
    vues = questions(page)
    aller(page, HEROIQUE)
    racine = widget(page, "combat-heroique")
    yang = {**TROIS[0], "camp": "", "arme": "1d8+1", "bonus": "1d3", "armure": "0"}
    soumettre(racine, {**COMMUN, **yang}, action="kar.combat_ajouter")
    guo = {**TROIS[1], "arme": "", "bonus": "0", "armure": "2"}
    soumettre(racine, {**COMMUN, **guo}, action="kar.combat_ajouter")
    remplir(racine, {"resultat": "reussite"})
    cliquer_dans(racine, "Yang — ", "Attaque normale sur Guo")
    r = cliquer_dans(racine, "Guo — ", "Lancer les dégâts de Yang")
    de_arme, de_bonus = r["coup"]["des_arme"][0], r["coup"]["des_bonus"][0]
    assert 1 <= de_arme <= 8 and 1 <= de_bonus <= 3
    assert r["total"] == r["coup"]["degats"] == de_arme + 1 + de_bonus - 2  # Guo's armour: 2
    assert [c["pv"] for c in r["combattants"]] == [14, 12 - r["total"]]
    assert sum(Fraction(p) for p in r["distribution"].values()) == 1
    sortie = racine.locator(".regles-widget__resultat")
    expect(sortie).to_contain_text(f"arme 1d8+1 ({de_arme}) = {de_arme + 1}")
    expect(sortie.locator(".regles-barres")).to_have_count(1)
    expect(page.locator(".regles-journal__entree").first).to_contain_text("dégâts de Yang sur Guo")
    expect(racine.locator(".regles-boutons button", has_text="Lancer les dégâts")).to_have_count(0)
    avant = r["etat"]
    question = soumettre(racine, action="kar.combat_exemple")
    assert question["etat"] == avant
    expect(sortie).to_contain_text("Remplacer le combat en cours par le duel de Yang et Guo")
    r = cliquer_dans(racine, "Confirmer", "Oui, charger le duel")
    assert [c["nom"] for c in r["combattants"]] == ["Yang", "Guo"] and r["passe"] == 15
    assert vues == []

"""Characters that nothing loses: two tabs, a full storage, a name written right to left."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.test_personnages import CLE, PAGE, enregistrer, etat, ligne, stocke
from tests.browser.widgets import PRET, aller, page_prete, soumettre, widget
from tests.personnages_exemples import RUAN

pytestmark = pytest.mark.browser

MEMOIRE_PLEINE = "la mémoire du navigateur réservée à ce site est pleine"

STOCKAGE_PLEIN = """
const ecrire = Storage.prototype.setItem
Storage.prototype.setItem = function (cle, valeur) {
  if (cle !== "test-plein" && this.getItem("test-plein") === "oui") {
    throw new DOMException("Quota dépassé", "QuotaExceededError")
  }
  return ecrire.call(this, cle, valeur)
}
"""
"""Every write but the test's own flag throws QuotaExceededError while « test-plein » is « oui »."""

NOM_INVERSE = "\u202eRuan"
"""A name starting with RIGHT-TO-LEFT OVERRIDE: it must never reverse the page's own words."""


def ouvrir(page: Page) -> Page:
    """The page « Personnages », engine ready, in a tab of a fresh context (nothing stored but what
    its other tab stored)."""
    aller(page, PAGE)
    page_prete(page)
    return page


@pytest.fixture
def onglets(context: BrowserContext) -> tuple[Page, Page]:
    """Two tabs of the same browser on the page « Personnages »."""
    return ouvrir(context.new_page()), ouvrir(context.new_page())


@pytest.fixture
def plein(context: BrowserContext) -> Page:
    """The page « Personnages » in a browser whose storage can be made full."""
    context.add_init_script(STOCKAGE_PLEIN)
    return ouvrir(context.new_page())


def remplir_la_memoire(page: Page) -> None:
    page.evaluate("() => localStorage.setItem('test-plein', 'oui')")


def liberer_la_memoire(page: Page) -> None:
    page.evaluate("() => localStorage.removeItem('test-plein')")


def supprimer(page: Page, nom: str) -> None:
    ligne(page, nom).get_by_role("button", name="Supprimer").click()
    ligne(page, nom).get_by_role("button", name="Oui, supprimer").click()


def mots_de_la_page(zone: object) -> str:
    """The text nodes directly in ``zone`` (the page's own words), joined by « | »."""
    return zone.evaluate(  # type: ignore[attr-defined]
        "e => [...e.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.data).join('|')"
    )


def test_un_personnage_enregistre_dans_un_onglet_apparait_dans_l_autre(onglets: tuple[Page, Page]) -> None:
    """Saved in one tab: listed in the other without a reload (the storage event)."""
    un, autre = onglets
    enregistrer(un, RUAN)
    expect(ligne(autre, "Ruan")).to_have_count(1, timeout=PRET)


def test_annuler_dans_un_onglet_ne_supprime_pas_le_personnage_de_l_autre(onglets: tuple[Page, Page]) -> None:
    """Deletion undone in one tab after a save in the other: both characters are kept."""
    un, autre = onglets
    enregistrer(un, RUAN)
    expect(ligne(autre, "Ruan")).to_have_count(1, timeout=PRET)
    supprimer(un, "Ruan")
    expect(etat(un)).to_contain_text("« Ruan » supprimé.")
    enregistrer(autre, {**RUAN, "nom": "Toto"})
    expect(ligne(un, "Toto")).to_have_count(1, timeout=PRET)
    etat(un).get_by_role("button", name="Annuler").click()
    expect(ligne(un, "Ruan")).to_have_count(1)
    expect(ligne(autre, "Ruan")).to_have_count(1, timeout=PRET)
    assert [p["fiche"]["nom"] for p in stocke(un)["personnages"]] == ["Ruan", "Toto"]


def test_enregistrer_sous_une_memoire_pleine_le_dit_sous_la_fiche(plein: Page) -> None:
    """« Enregistrer » with a full storage: the reason under the sheet, nothing stored."""
    page = plein
    remplir_la_memoire(page)
    soumettre(widget(page, "personnage-basic"), RUAN)
    expect(etat(page)).to_contain_text(f"Enregistrement impossible : {MEMOIRE_PLEINE}", timeout=PRET)
    expect(etat(page)).to_contain_text("Rien n’a changé.")
    expect(ligne(page, "Ruan")).to_have_count(0)
    assert stocke(page) is None


def test_supprimer_puis_annuler_sous_une_memoire_pleine_ne_perd_pas_le_personnage(plein: Page) -> None:
    """Full storage: the deletion is refused; an undo that fails stays available and works later."""
    page = plein
    enregistrer(page, RUAN)
    remplir_la_memoire(page)
    supprimer(page, "Ruan")
    expect(etat(page)).to_contain_text(f"Enregistrement impossible : {MEMOIRE_PLEINE}")
    expect(ligne(page, "Ruan")).to_have_count(1)
    liberer_la_memoire(page)
    supprimer(page, "Ruan")
    expect(etat(page)).to_contain_text("« Ruan » supprimé.")
    remplir_la_memoire(page)
    etat(page).get_by_role("button", name="Annuler").click()
    expect(etat(page)).to_contain_text(f"Annulation impossible : {MEMOIRE_PLEINE}")
    expect(etat(page)).to_contain_text("l’annulation reste possible.")
    expect(ligne(page, "Ruan")).to_have_count(0)
    liberer_la_memoire(page)
    etat(page).get_by_role("button", name="Annuler").click()
    expect(ligne(page, "Ruan")).to_have_count(1)
    assert [p["fiche"] for p in stocke(page)["personnages"]] == [RUAN]


def test_une_migration_sous_une_memoire_pleine_est_affichee_et_enregistrer_marche_ensuite(
    plein: Page,
) -> None:
    """Version 0 stored, storage full: listed migrated with a message; « Enregistrer » says why it
    fails, then works once there is room."""
    page = plein
    ancien = json.dumps(
        [{"systeme": "Actions d100", "fiche": {"nom": "Brugor", "scores": "Crochetage : 60"}}]
    )
    page.evaluate("([cle, texte]) => localStorage.setItem(cle, texte)", [CLE, ancien])
    remplir_la_memoire(page)
    page.reload()
    page_prete(page)
    expect(ligne(page, "Brugor")).to_have_count(1, timeout=PRET)
    expect(page.locator(".regles-personnages__messages")).to_contain_text(
        f"mis à jour pour cette version du site, mais pas réenregistrés : {MEMOIRE_PLEINE}"
    )
    assert page.evaluate("cle => localStorage.getItem(cle)", CLE) == ancien
    fiche = widget(page, "personnage-basic")
    soumettre(fiche, RUAN)
    expect(etat(page)).to_contain_text(f"Enregistrement impossible : {MEMOIRE_PLEINE}")
    liberer_la_memoire(page)
    soumettre(fiche)
    expect(ligne(page, "Ruan")).to_have_count(1, timeout=PRET)
    assert stocke(page)["personnages"][0] == {
        "id": "p1",
        "systeme": "Actions d100",
        "fiche": {"nom": "Brugor", "caracteristiques": "", "scores": "Crochetage : 60"},
    }
    assert [p["fiche"]["nom"] for p in stocke(page)["personnages"]] == ["Brugor", "Ruan"]


def test_un_nom_ecrit_de_droite_a_gauche_est_isole_dans_chaque_message(page: Page) -> None:
    """A name with U+202E sits in a <bdi> in every message; the page's own words never hold it."""
    ouvrir(page)
    enregistrer(page, {**RUAN, "nom": NOM_INVERSE})
    rangee = ligne(page, NOM_INVERSE)
    assert rangee.locator(".regles-personnages__nom").evaluate("e => e.tagName") == "BDI"
    rangee.get_by_role("button", name="Supprimer").click()
    question = rangee.locator(".regles-personnages__question")
    assert question.locator("bdi").text_content() == NOM_INVERSE
    assert mots_de_la_page(question) == "Supprimer «\u00a0|\u00a0»\u202f? "
    rangee.get_by_role("button", name="Oui, supprimer").click()
    message = etat(page).locator("p")
    expect(message.locator("bdi")).to_have_count(1)
    assert message.locator("bdi").text_content() == NOM_INVERSE
    assert mots_de_la_page(message) == "«\u00a0|\u00a0» supprimé.| "
    etat(page).get_by_role("button", name="Annuler").click()
    expect(ligne(page, NOM_INVERSE)).to_have_count(1)
    assert mots_de_la_page(etat(page).locator("p")) == "Suppression de «\u00a0|\u00a0» annulée."
    ligne(page, NOM_INVERSE).get_by_role("button", name="Modifier").click()
    assert page.locator(".regles-personnages__edition bdi").text_content() == NOM_INVERSE
    aller(page, "basic-maison/tests/")
    racine = widget(page, "test-basic")
    liste = racine.locator(".regles-remplir select").first
    expect(liste).to_be_visible(timeout=PRET)
    liste.select_option(label=NOM_INVERSE)
    rempli = racine.locator(".regles-remplir__message")
    expect(rempli.locator("bdi")).to_have_text(NOM_INVERSE)
    assert mots_de_la_page(rempli) == "Rempli depuis «\u00a0|\u00a0»\u00a0: |0 champ."
    etiquette = racine.locator(".regles-remplir__competence label")
    assert etiquette.locator("bdi").text_content() == NOM_INVERSE
    assert page.errors == []  # type: ignore[attr-defined]


def test_un_outil_ouvert_dans_un_autre_onglet_propose_le_nouveau_personnage(context: BrowserContext) -> None:
    """A tool open in another tab: « Remplir depuis… » appears with the character just saved."""
    outil = context.new_page()
    aller(outil, "basic-maison/attributs-derives/")  # the context's first tab: nothing stored
    page_prete(outil)
    racine = widget(outil, "modificateur-degats")
    expect(racine.locator(".regles-remplir")).to_have_count(0)
    enregistrer(ouvrir(context.new_page()), RUAN)
    expect(racine.locator(".regles-remplir select option")).to_have_text(["—", "Ruan"], timeout=PRET)


STOCKAGE_INTERDIT = """
Object.defineProperty(window, "localStorage", {
  get() {
    throw new DOMException("Accès refusé", "SecurityError")
  },
})
"""
"""Cookies and site data blocked: even reading ``window.localStorage`` throws SecurityError."""


def test_un_stockage_interdit_est_dit_et_la_fiche_reste_utilisable(context: BrowserContext) -> None:
    """Storage forbidden: a French message on the page, « Enregistrer » says why nothing is kept."""
    context.add_init_script(STOCKAGE_INTERDIT)
    page = context.new_page()
    page.goto(PAGE)
    page_prete(page)
    interdit = (
        "le navigateur interdit d’enregistrer sur cet appareil "
        + "(navigation privée ou réglage de confidentialité)"
    )
    expect(page.locator(".regles-personnages__messages")).to_contain_text(
        f"Personnages indisponibles : {interdit}", timeout=PRET
    )
    soumettre(widget(page, "personnage-basic"), RUAN)
    expect(etat(page)).to_contain_text(f"Personnages indisponibles : {interdit}")
    expect(ligne(page, "Ruan")).to_have_count(0)

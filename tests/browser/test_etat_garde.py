"""Kept state a reader can trust, played as a first-time reader would: the roll log in two tabs, on a
full storage, on a storage that throws at the first access (some private modes), and an unreadable
stored log; nothing is lost, every refusal is said in French where it happened."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import SiteServer
from tests.browser.test_combat_el_toto import jouer as jouer_duel
from tests.browser.test_combats_gardes import DEBORDE, WU
from tests.browser.test_journal import entrees, ouvrir_le_journal
from tests.browser.test_personnages import enregistrer, importer, stocke
from tests.browser.test_personnages_onglets import ouvrir as ouvrir_personnages
from tests.browser.widgets import PRET, aller, application_demarree, page_de_telephone, resultat, widget
from tests.personnages_exemples import RUAN
from tests.rules.web_el_toto_commun import PASSE_LUE, SECONDE_PASSE

pytestmark = pytest.mark.browser

CLE_JOURNAL = "regles.journal"
DE_COTE = "regles.journal-illisible:"
PAGE_SANS_OUTIL = "glossaire/"
DUEL = "el-toto/combat/"
FICHE_ZOE = json.dumps(
    {
        "schema": "regles-personnages",
        "version": 2,
        "personnages": [{"id": "zoe", "systeme": "Actions d100", "fiche": {"nom": "Zoé"}}],
    },
    ensure_ascii=False,
)
"""An exported file whose only name has an accented letter."""

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

STOCKAGE_INTERDIT = """
Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError") },
})
"""
"""Even reading ``localStorage`` throws, as in some private modes."""

MEMOIRE_PLEINE = "la mémoire du navigateur réservée à ce site est pleine"
INTERDIT = (
    "le navigateur interdit d’enregistrer sur cet appareil (navigation privée ou réglage de confidentialité)"
)


def lancer(page: Page, total: int) -> None:
    """A roll noted in the log, as a tool notes it."""
    application_demarree(page)
    page.evaluate(
        "t => window.regles.journal.ajouter({expression: '1d100', des: [t], total: t, texte: `${t}`})", total
    )


def stockes(page: Page) -> list[int]:
    """The totals of the stored log, newest first."""
    brut = page.evaluate(f"() => localStorage.getItem('{CLE_JOURNAL}')")
    return [e["total"] for e in json.loads(brut)["entrees"]] if brut else []


def test_un_jet_d_un_onglet_s_affiche_dans_l_autre_et_n_efface_rien(context: BrowserContext) -> None:
    """Two tabs: a roll in one shows in the other's log at once; the other's next roll keeps it."""
    un, autre = context.new_page(), context.new_page()
    un.goto(PAGE_SANS_OUTIL)
    autre.goto(PAGE_SANS_OUTIL)
    lancer(autre, 7)  # the log is read in both tabs before the first tab rolls
    expect(un.locator(".regles-journal__compte")).to_have_text("1")
    lancer(un, 42)
    expect(autre.locator(".regles-journal__compte")).to_have_text("2")
    lancer(autre, 13)
    expect(un.locator(".regles-journal__compte")).to_have_text("3")  # the other tab's write has come
    assert stockes(un) == [13, 42, 7]
    assert [e["total"] for e in entrees(un)] == [13, 42, 7]
    ouvrir_le_journal(un)
    expect(un.locator(".regles-journal__entree")).to_have_count(3)


def test_effacer_sur_un_stockage_plein_ne_change_rien(context: BrowserContext) -> None:
    """The storage is full: « Oui, effacer » says why, in the panel, and the rolls stay, shown and
    stored (a reload finds them); a roll made meanwhile is shown and said not kept."""
    context.add_init_script(STOCKAGE_PLEIN)
    page = context.new_page()
    page.goto(PAGE_SANS_OUTIL)
    lancer(page, 5)
    lancer(page, 6)
    page.evaluate("() => localStorage.setItem('test-plein', 'oui')")
    ouvrir_le_journal(page)
    page.get_by_role("button", name="Effacer le journal").click()
    page.get_by_role("button", name="Oui, effacer").click()
    message = page.locator(".regles-journal__message")
    expect(message).to_have_text(
        f"Effacement impossible\u00a0: {MEMOIRE_PLEINE} (exportez puis supprimez des personnages, "
        "ou libérez la place prise par d’autres sites). Rien n’a changé."
    )
    expect(page.locator(".regles-journal__entree")).to_have_count(2)
    assert stockes(page) == [6, 5]
    lancer(page, 9)
    expect(message).to_contain_text(f"Ce jet n’est pas gardé sur cet appareil\u00a0: {MEMOIRE_PLEINE}")
    expect(page.locator(".regles-journal__entree")).to_have_count(3)
    assert stockes(page) == [6, 5]
    page.evaluate("() => localStorage.removeItem('test-plein')")
    page.reload()
    assert [e["total"] for e in entrees(page)] == [6, 5]


def test_un_stockage_interdit_laisse_le_journal_marcher_et_le_dit(context: BrowserContext) -> None:
    """Even reading the storage throws: the log still notes rolls on the page and says, in French,
    that they are not kept; clearing still works on the page's own rolls."""
    context.add_init_script(STOCKAGE_INTERDIT)
    page = context.new_page()
    page.goto(PAGE_SANS_OUTIL)
    lancer(page, 3)
    lancer(page, 4)
    ouvrir_le_journal(page)
    expect(page.locator(".regles-journal__entree")).to_have_count(2)
    expect(page.locator(".regles-journal__message")).to_contain_text(
        f"Le journal n’est pas gardé sur cet appareil\u00a0: {INTERDIT}."
    )
    page.get_by_role("button", name="Effacer le journal").click()
    page.get_by_role("button", name="Oui, effacer").click()
    message = page.locator(".regles-journal__message")
    expect(message).to_contain_text("Effacement impossible\u00a0: " + INTERDIT)


def test_un_journal_illisible_est_mis_de_cote_intact(page: Page) -> None:
    """A stored log that is not JSON is never dropped: set aside intact under a key of its own, said
    in the panel; the next roll starts a new log."""
    aller(page, PAGE_SANS_OUTIL)
    page.evaluate(f"() => localStorage.setItem('{CLE_JOURNAL}', '{{abîmé')")
    page.reload()
    ouvrir_le_journal(page)
    cles = page.evaluate(f"() => Object.keys(localStorage).filter(k => k.startsWith('{DE_COTE}'))")
    assert len(cles) == 1
    assert page.evaluate("k => localStorage.getItem(k)", cles[0]) == "{abîmé"
    expect(page.locator(".regles-journal__message")).to_have_text(
        "Le journal enregistré était illisible\u00a0: il est mis de côté, intact, sous la clé "
        f"«\u00a0{cles[0]}\u00a0» du stockage du navigateur."
    )
    lancer(page, 8)
    assert stockes(page) == [8]


def test_des_entrees_illisibles_sont_ecartees_mais_gardees_a_part(page: Page) -> None:
    """Stored entries that cannot be shown are left out of the log with a message; the stored text
    they came from is kept aside, intact."""
    aller(page, PAGE_SANS_OUTIL)
    lisible = {"quand": "2026-11-29T10:00:00Z", "titre": "1d6", "texte": "→ 4"}
    brut = json.dumps({"version": 2, "entrees": [lisible, {"quand": 12}]})
    page.evaluate("b => localStorage.setItem('regles.journal', b)", brut)
    page.reload()
    ouvrir_le_journal(page)
    expect(page.locator(".regles-journal__entree")).to_have_count(1)
    expect(page.locator(".regles-journal__message")).to_have_text(
        "Des entrées illisibles du journal ont été ignorées (une copie du journal d’avant est gardée à part)."
    )
    copies = page.evaluate(
        f"() => Object.keys(localStorage).filter(k => k.startsWith('{DE_COTE}'))"
        ".map(k => localStorage.getItem(k))"
    )
    assert copies == [brut]


def test_un_nom_ecrit_de_droite_a_gauche_n_inverse_pas_le_journal(page: Page) -> None:
    """A roll whose character's name starts with RIGHT-TO-LEFT OVERRIDE: the name is kept as typed, and
    every text from outside sits in its own <bdi>, so the log's own words keep their order."""
    page.goto(PAGE_SANS_OUTIL)
    application_demarree(page)
    page.evaluate(
        """() => window.regles.journal.ajouter({expression: "1d6", des: [4], total: 4,
            texte: "\\u202eRuan touche", contexte: {outil: "Duel", personnage: "\\u202eRuan"}})"""
    )
    ouvrir_le_journal(page)
    entree = page.locator(".regles-journal__entree").first
    assert entree.locator("strong > bdi").inner_text() == "Duel"
    assert entree.locator(":scope > span:not([class]) > bdi").inner_text() == "\u202eRuan touche"
    contexte = entree.locator(".regles-journal__contexte")
    assert contexte.locator("bdi").all_inner_texts() == ["Glossaire", "Duel", "\u202eRuan"]
    assert contexte.evaluate(
        "e => [...e.childNodes].every(n => n.nodeType === Node.TEXT_NODE"
        " ? n.data === ' › ' : n.localName === 'bdi')"
    )


def test_le_duel_d_un_onglet_s_affiche_dans_l_autre_et_s_y_annule(context: BrowserContext) -> None:
    """The El Toto duel open in two tabs: a pass played in one shows in the other at once; undone in the
    other, both tabs and the device go back to the pass before, and nothing else is lost."""
    un, autre = context.new_page(), context.new_page()
    aller(un, DUEL)
    aller(autre, DUEL)
    ici, la = widget(un, "duel-el-toto"), widget(autre, "duel-el-toto")
    premiere = jouer_duel(ici, "toto.duel", **WU, **PASSE_LUE)["etat"]
    expect(la).to_have_attribute("data-reponses", "1", timeout=PRET)
    assert resultat(la)["etat"] == premiere
    seconde = jouer_duel(ici, "toto.duel", **WU, **SECONDE_PASSE)["etat"]
    assert seconde == {"passes": [[1, 4], [0, 7]]}
    expect(la.locator(".regles-sauvegarde__compte")).to_have_text("(1 action à annuler)", timeout=PRET)
    expect(la).to_have_attribute("data-reponses", "2", timeout=PRET)  # the second pass shown there too
    la.locator(".regles-sauvegarde__annuler").click()
    expect(la).to_have_attribute("data-reponses", "3", timeout=PRET)
    assert resultat(la)["etat"] == premiere
    expect(ici.locator(".regles-sauvegarde__compte")).to_have_text("(rien à annuler)", timeout=PRET)
    expect(ici.locator(".regles-widget__resultat")).not_to_contain_text("Passe 2", timeout=PRET)
    assert resultat(ici)["etat"] == premiere


def test_sur_un_telephone_un_stockage_interdit_laisse_le_duel_jouable(
    browser: Browser, server: SiteServer
) -> None:
    """At 390 px, storage forbidden (even reading it throws): the duel plays on, its link keeps it, and
    the reader is told in French, under the tool, that the device keeps nothing."""
    with page_de_telephone(browser, server.url, locale="fr-FR") as page:
        page.context.add_init_script(STOCKAGE_INTERDIT)
        aller(page, DUEL)
        racine = widget(page, "duel-el-toto")
        assert jouer_duel(racine, "toto.duel", **WU, **PASSE_LUE)["etat"] == {"passes": [[1, 4]]}
        message = racine.locator(".regles-sauvegarde__message")
        expect(message).to_have_text(
            f"Le combat n’est plus gardé sur cet appareil\u00a0: {INTERDIT}. Le lien de partage le garde."
        )
        assert message.is_visible() and not page.evaluate(DEBORDE)
        expect(racine.locator(".regles-sauvegarde__annuler")).to_be_disabled()
        assert jouer_duel(racine, "toto.duel", **WU, **SECONDE_PASSE)["etat"] == {"passes": [[1, 4], [0, 7]]}
        assert "#" in page.url


def test_un_fichier_mal_encode_est_refuse_sans_rien_brouiller(page: Page, tmp_path: Path) -> None:
    """A file in Latin-1 is refused (never imported with its « é » turned into « � »); what is stored
    stays as it was."""
    ouvrir_personnages(page)
    enregistrer(page, RUAN)
    avant = stocke(page)
    fichier = tmp_path / "zoe.json"
    fichier.write_bytes(FICHE_ZOE.encode("latin-1"))
    importer(page, fichier)
    expect(page.locator(".regles-personnages__messages .regles-texte--erreur")).to_have_text(
        "Fichier refusé\u00a0: il n’est pas encodé en UTF-8, l’encodage des fichiers exportés par ce site. "
        "Rien n’a changé.",
        timeout=PRET,
    )
    assert stocke(page) == avant
    expect(page.locator(".regles-personnages__nom")).to_have_text(["Ruan"])


def test_un_fichier_en_utf8_avec_bom_est_importe_intact(page: Page, tmp_path: Path) -> None:
    """The same file in UTF-8, with the byte order mark some editors write: imported, « Zoé » intact."""
    ouvrir_personnages(page)
    fichier = tmp_path / "zoe.json"
    fichier.write_bytes(FICHE_ZOE.encode("utf-8-sig"))
    importer(page, fichier)
    expect(page.locator(".regles-personnages__messages")).to_contain_text(
        "1 personnage importé.", timeout=PRET
    )
    assert [p["fiche"]["nom"] for p in stocke(page)["personnages"]] == ["Zoé"]


def test_un_stockage_interdit_ne_casse_ni_la_page_ni_la_recherche(context: BrowserContext) -> None:
    """Storage forbidden (even reading it throws): no script error on a page of text nor on a tool's page,
    and the search still answers (Material's own settings reach the storage inside a try)."""
    context.add_init_script(STOCKAGE_INTERDIT)
    page = context.new_page()
    erreurs: list[str] = []
    page.on("pageerror", lambda erreur: erreurs.append(str(erreur)))
    aller(page, PAGE_SANS_OUTIL)
    page.locator("input.md-search__input").click()
    page.keyboard.type("degats", delay=10)
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=PRET)
    page.keyboard.press("Escape")
    aller(page, DUEL)
    racine = widget(page, "duel-el-toto")
    assert jouer_duel(racine, "toto.duel", **WU, **PASSE_LUE)["etat"] == {"passes": [[1, 4]]}
    assert erreurs == []

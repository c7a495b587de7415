"""At the table, on a phone (390 × 844 px, touch): every tool answers with its outcome sentence first,
within a screen of its button; the answer arriving does not move the button under the finger; no
floating element covers a tool; a die's bubble opened by a tap closes on a tap elsewhere (issue 17)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from rules_py.outils.creation import OUTILS_DE_CREATION
from rules_py.web.outil import OUTILS
from tests.browser.conftest import SiteServer
from tests.browser.widgets import PRET, TELEPHONE, aller, page_de_telephone, page_prete

pytestmark = pytest.mark.browser

ECRAN = TELEPHONE["viewport"]["height"]
DES_SEPT_TACHES = (
    "modificateur-degats",
    "test-basic",
    "attaque-basic",
    "combat-heroique",
    "reserve-el-toto",
    "duel-el-toto",
    "test-actions",
    "jet-de-des",
)
"""The tools of the seven table tasks of the benchmark (benchmarks/table.py)."""

FLOTTANTS = ".md-top, .regles-journal, .regles-journal__contenu, .regles-des__bulle, .regles-annonce"

PREMIER_TEXTE = """zone => {
  const parcours = document.createTreeWalker(zone, NodeFilter.SHOW_TEXT, {
    acceptNode: n => n.textContent.trim() && n.parentElement.checkVisibility()
      ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP,
  })
  const noeud = parcours.nextNode()
  return noeud ? Boolean(noeud.parentElement.closest(".regles-texte--resultat")) : false
}"""

DESSUS = """(e, flottants) => {
  const b = e.getBoundingClientRect()
  const haut = document.querySelector(".md-header").getBoundingClientRect().bottom  // the page's own bar
  const [x0, y0, x1, y1] = [b.left + 2, b.top + 2, b.right - 2, b.bottom - 2]
  return [[x0, y0], [x1, y0], [x0, y1], [x1, y1]]
    .filter(([x, y]) => y > haut && y < innerHeight && x > 0 && x < innerWidth)
    .map(([x, y]) => document.elementFromPoint(x, y)?.closest(flottants)?.className ?? "")
    .filter(Boolean)
}"""


@pytest.fixture(scope="module")
def telephone(browser: Browser, server: SiteServer) -> Iterator[Page]:
    with page_de_telephone(browser, server.url, locale="fr-FR") as page:
        yield page


def ouvrir(page: Page, nom: str) -> Locator:
    """The tool ``nom`` opened by its line in the index of tools, ready."""
    aller(page, "outils/")
    page_prete(page)
    page.evaluate("localStorage.clear()")  # no fight kept from an earlier test
    adresse = page.locator(f'.regles-index-outils li[data-outil="{nom}"] a').first.get_attribute("href") or ""
    aller(page, adresse)
    racine = page.locator(f"#{adresse.split('#', 1)[1]}")
    expect(racine).to_have_attribute("data-state", "ready", timeout=PRET)
    return racine


def boite(element: Locator) -> tuple[float, float, float, float]:
    return tuple(
        element.evaluate("e => { const b = e.getBoundingClientRect(); return [b.x, b.y, b.width, b.height] }")
    )


def calculer(page: Page, racine: Locator) -> tuple[Locator, tuple[float, ...], tuple[float, ...]]:
    """Tap the tool's first button with the page's example; its box on the screen before and after."""
    for champ in racine.locator('.regles-widget__formulaire input[name^="nom"]').all():
        if not champ.input_value():
            champ.fill("Aline")  # a name the page's example leaves to the reader
    bouton = racine.locator(".regles-widget__formulaire button[data-op]").first
    page.keyboard.press("Shift")  # the reader's first gesture: the page no longer keeps its anchor in view
    bouton.scroll_into_view_if_needed()
    avant = boite(bouton)
    reponses = int(racine.get_attribute("data-reponses") or 0)
    bouton.tap()
    expect(racine).to_have_attribute("data-reponses", str(reponses + 1), timeout=PRET)
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return bouton, avant, boite(bouton)


# The step-by-step creations (the index's link opens them on the Personnages page) show their answer at
# their last step, « Récapitulatif »: their journeys at 390 px are tests/browser/test_creation_*.py.
CALCULS = sorted(nom for nom in OUTILS if nom not in OUTILS_DE_CREATION)


@pytest.mark.parametrize("nom", CALCULS)
def test_l_issue_vient_d_abord_a_moins_d_un_ecran_du_bouton(telephone: Page, nom: str) -> None:
    """After a computation with the page's example, the first text of the answer is the outcome sentence,
    its top within one screen height of the button's."""
    racine = ouvrir(telephone, nom)
    bouton, _, _ = calculer(telephone, racine)
    zone = racine.locator(".regles-widget__resultat")
    assert zone.evaluate(PREMIER_TEXTE), zone.inner_text()[:200]
    issue = zone.locator(".regles-texte--resultat").first
    assert abs(boite(issue)[1] - boite(bouton)[1]) < ECRAN


@pytest.mark.parametrize("nom", DES_SEPT_TACHES)
def test_la_reponse_ne_deplace_pas_le_bouton_et_reste_visible(telephone: Page, nom: str) -> None:
    """The answer arriving leaves the tapped button where it was on the screen, and its outcome is in
    view, uncovered."""
    racine = ouvrir(telephone, nom)
    _, avant, apres = calculer(telephone, racine)
    assert all(abs(a - b) < 1 for a, b in zip(avant, apres, strict=True)), (nom, avant, apres)
    issue = racine.locator(".regles-widget__resultat > *").first
    expect(issue).to_be_in_viewport(ratio=1)


@pytest.mark.parametrize("nom", DES_SEPT_TACHES)
def test_rien_ne_flotte_sur_un_outil(telephone: Page, nom: str) -> None:
    """Neither the roll log's button nor Material's « Retour en haut » covers the tool's button, its
    fields or its answer, also after scrolling back up (when « Retour en haut » shows)."""
    racine = ouvrir(telephone, nom)
    calculer(telephone, racine)
    telephone.mouse.move(195, 500)
    telephone.mouse.wheel(0, 400)
    telephone.mouse.wheel(0, -300)
    telephone.wait_for_timeout(300)  # Material shows « Retour en haut » on a scroll up (not a timing check)
    cibles = racine.locator(
        ".regles-widget__formulaire button, .regles-widget__formulaire :is(input, select, textarea),"
        " .regles-widget__resultat > :first-child"
    )
    couverts = {}
    for rang in range(cibles.count()):
        cible = cibles.nth(rang)
        if cible.is_visible() and (dessus := cible.evaluate(DESSUS, FLOTTANTS)):
            couverts[cible.evaluate("e => e.name || e.textContent.slice(0, 40)")] = dessus
    assert couverts == {}


def test_la_bulle_d_un_de_touche_se_ferme_d_un_toucher_ailleurs(telephone: Page) -> None:
    """A die of the text tapped on a phone opens its bubble; a tap elsewhere in the page closes it."""
    aller(telephone, "basic-maison/combat/")
    page_prete(telephone)
    de = telephone.locator("article p", has_text="Une dague fait").locator("button.regles-des").first
    de.scroll_into_view_if_needed()
    de.tap()
    bulle = telephone.locator(".regles-des__bulle")
    expect(bulle).to_contain_text("1d3+2 → ", timeout=PRET)
    telephone.locator("article h1").tap()
    expect(bulle).to_be_hidden()


def test_la_passe_suivante_du_combat_heroique_reste_sous_le_doigt_sous_son_issue(telephone: Page) -> None:
    """In a heroic combat of two fighters, « Passe suivante » sits right under the outcome sentence;
    tapped, it stays under the finger and the new outcome is in view above it."""
    racine = ouvrir(telephone, "combat-heroique")
    for nom in ("Yang", "Guo"):
        racine.locator('.regles-widget__formulaire [name="nom"]').fill(nom)
        reponses = int(racine.get_attribute("data-reponses") or 0)
        racine.locator('.regles-widget__formulaire button[data-op="kar.combat_ajouter"]').tap()
        expect(racine).to_have_attribute("data-reponses", str(reponses + 1), timeout=PRET)
    zone = racine.locator(".regles-widget__resultat")
    apres_l_issue = "z => [...z.children].find(e => !e.matches('.regles-texte--resultat')).ariaLabel"
    assert zone.evaluate(apres_l_issue) == "Le décompte"
    decompte = zone.locator('.regles-boutons[aria-label="Le décompte"] button')
    suivante = decompte.filter(has_text="Passe suivante").first
    suivante.evaluate("e => e.scrollIntoView({ block: 'center' })")
    avant = boite(suivante)
    reponses = int(racine.get_attribute("data-reponses") or 0)
    suivante.tap()
    expect(racine).to_have_attribute("data-reponses", str(reponses + 1), timeout=PRET)
    telephone.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    apres = boite(suivante)
    issue = boite(zone.locator(".regles-texte--resultat").first)[1]
    tete = boite(telephone.locator(".md-header"))
    # Under the finger: the same column, at most a quarter of its height off; unless the new outcome is
    # too tall for that, then its start is kept right under the header and the button goes down.
    sous_le_doigt = abs(apres[1] - avant[1]) < avant[3] / 4
    issue_sous_la_tete = apres[1] > avant[1] and abs(issue - (tete[1] + tete[3] + 8)) < 1
    assert apres[0] == avant[0] and (sous_le_doigt or issue_sous_la_tete), (avant, apres, issue, tete)
    expect(zone.locator(".regles-texte--resultat").first).to_be_in_viewport(ratio=1)


def test_le_combat_heroique_recharge_s_ouvre_sur_son_issue_et_la_rangee_de_qui_agit(telephone: Page) -> None:
    """Three fighters; after a reload the fight opens at its outcome (its first line right under the
    header, not amid the fighters' buttons), and the row of who acts now is the first fighter's row."""
    racine = ouvrir(telephone, "combat-heroique")
    for nom in ("Yang", "Guo", "Lin"):
        racine.locator('.regles-widget__formulaire [name="nom"]').fill(nom)
        reponses = int(racine.get_attribute("data-reponses") or 0)
        racine.locator('.regles-widget__formulaire button[data-op="kar.combat_ajouter"]').tap()
        expect(racine).to_have_attribute("data-reponses", str(reponses + 1), timeout=PRET)
    zone = racine.locator(".regles-widget__resultat")
    situation = zone.locator(":scope > .regles-texte--resultat").first.inner_text()
    qui = situation.split("\u00a0: ", 1)[1].split(" ")[0].rstrip(",")
    rangees = "z => [...z.querySelectorAll(':scope > .regles-boutons')].map(e => e.ariaLabel)"
    assert zone.evaluate(rangees)[1].startswith(f"\u2068{qui}\u2069 — Init"), zone.evaluate(rangees)
    telephone.evaluate("scrollTo(0, document.body.scrollHeight)")  # the reader was further down
    telephone.reload()
    expect(racine).to_have_attribute("data-state", "ready", timeout=PRET)
    expect(racine).to_have_attribute("data-partage", "true", timeout=PRET)
    telephone.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    tete = boite(telephone.locator(".md-header"))
    issue = zone.locator(":scope > .regles-texte--resultat").first
    assert abs(boite(issue)[1] - (tete[1] + tete[3] + 8)) < 1, (boite(issue), tete)
    expect(issue).to_be_in_viewport(ratio=1)

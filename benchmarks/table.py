"""Seven table tasks on a phone, as a first-time reader does them from the home page (issue 17).

    .venv/bin/python -m benchmarks.table

Builds the site into a temporary folder, serves it on 127.0.0.1 and plays, in headless Chromium at
390 × 844 px with touch, seven tasks a game master does at the table, each from the home page:
the damage modifier for FOR 14 + TAI 16; a 67 % test with an 87 rolled on the table; a Basic attack;
a heroic combat of 3 fighters for 2 passes; an El Toto pool of 5 dice and a duel pass; an Actions d100
test at 55; rolling 2d6+3 and finding it in the roll log. A tool is opened by its link in the home
page's « Outils » (by system); back to the home page by the menu's « Accueil ».

The reader only taps (the menu, links, fields, buttons), types, and scrolls. Every step goes through
the helpers of :class:`Lecteur`, which count the taps, the characters typed (a deleted one too), the
scrolling (the sum of |Δ scrollY| of the reader's own scrolls, those that bring a target into view
included: nothing is scrolled silently by the driver, a tap is a touch at the target's coordinates)
and the waiting time (from the tap to the answer). At each answer it checks that the answer is fully
visible in the viewport and not covered (``elementFromPoint`` at its corners), and that the button it
came from has not moved under the finger (bounding box before and after, on the screen) and is still
on the screen. A field already showing the wanted value is read, not typed again.

Goals (issue 17): at most 35 taps and 13,000 px of scrolling for the seven tasks, the heroic combat
at most 6,000 px (measured before the work: 50 taps and 52,600 px, the heroic combat 26,000 px).
No timed assertion: the script prints figures.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Locator, Page, expect, sync_playwright

from benchmarks.navigateur import construire, port_libre
from tests.browser.conftest import CHROMIUM_ARGS, SiteServer
from tests.browser.widgets import PRET, TELEPHONE

MARGE = 8  # px kept between a target brought into view and the screen's edges
OBJECTIFS = {"taps": 35, "défilement": 13_000, "combat héroïque": 6_000}

ZONE_VISIBLE = """(e) => {
  // Between the header and the screen's bottom, or a tool's action buttons stuck there (a phone).
  const tete = document.querySelector(".md-header")
  let bas = innerHeight
  for (const barre of document.querySelectorAll(".regles-widget__actions")) {
    const b = barre.getBoundingClientRect()
    const colle = getComputedStyle(barre).position === "sticky" && b.bottom >= innerHeight - 1
    if (colle && !(e && barre.contains(e))) bas = Math.min(bas, b.top)
  }
  return [tete ? tete.getBoundingClientRect().bottom : 0, bas]
}"""

DECOUVERT = """(e) => {
  const b = e.getBoundingClientRect()
  const [x0, y0, x1, y1] = [b.left + 2, b.top + 2, Math.min(b.right, innerWidth) - 2, b.bottom - 2]
  return [[x0, y0], [x1, y0], [x0, y1], [x1, y1]].every(([x, y]) => {
    const dessus = document.elementFromPoint(x, y)
    return dessus !== null && (e === dessus || e.contains(dessus))
  })
}"""

TOUCHE = """(e, [x, y]) => {
  const dessus = document.elementFromPoint(x, y)
  if (dessus && (e === dessus || e.contains(dessus))) return ""
  return dessus ? dessus.outerHTML.slice(0, 160) : "rien"
}"""

IMMOBILE = """(e) => new Promise(fini => {
  const haut = () => { const b = (e ?? document.body).getBoundingClientRect(); return `${b.top} ${b.left}` }
  let dernier = haut(), calmes = 0
  const suivant = () => {
    calmes = haut() === dernier ? calmes + 1 : 0
    dernier = haut()
    if (calmes >= 10) fini()
    else requestAnimationFrame(suivant)
  }
  requestAnimationFrame(suivant)
})"""

DEVANT = """(e) => {
  // The title (back arrow) of the menu's panel shown over ``e``, marked for the reader's tap; or null.
  for (const v of document.querySelectorAll("[data-regles-retour]")) v.removeAttribute("data-regles-retour")
  const b = e.getClientRects()[0]
  const dessus = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)
  if (!dessus || e === dessus || e.contains(dessus)) return null
  const titre = dessus.closest("nav.md-nav")?.querySelector(":scope > label.md-nav__title")
  titre?.setAttribute("data-regles-retour", "")
  return titre ? titre.textContent.trim() : null
}"""

# Every animation and transition of the page at its end (the menu's panels slide: the link they uncover
# does not move, so its stillness says nothing of theirs).
ANIMATIONS_FINIES = "() => Promise.allSettled(document.getAnimations().map(a => a.finished))"

MILIEU = "e => { const b = e.getClientRects()[0]; return [b.left + b.width / 2, b.top + b.height / 2] }"
A_L_ECRAN = "e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.width, b.height] }"


@dataclass
class Reponse:
    """One answer: where it came from, and what the reader saw when it arrived."""

    action: str
    attente: float
    visible: bool
    decouverte: bool
    bouton_immobile: bool
    bouton_a_l_ecran: bool
    defilement_de_la_page: float


@dataclass
class Tache:
    nom: str
    taps: int = 0
    caracteres: int = 0
    defilement: float = 0.0
    attente: float = 0.0
    couverts: int = 0
    """Targets covered by a floating element when the reader wanted to tap them."""
    reponses: list[Reponse] = field(default_factory=list)


class Lecteur:
    """A reader with a phone: every tap, keystroke and scroll goes through here and is counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.tache = Tache("")

    # Scrolling ---------------------------------------------------------------------------------

    def position(self) -> float:
        return float(self.page.evaluate("scrollY"))

    def defiler(self, dy: float, cible: Locator | None = None) -> None:
        """Scroll by ``dy`` px as a finger would, over ``cible`` (the page, or the menu holding it);
        the distance the content actually moved is counted. A wheel, not ``scrollBy``: Chromium keeps
        an address's anchor in view until the reader scrolls."""
        if cible is None:
            cible = self.page.locator("body")
        boite = cible.bounding_box()
        assert boite is not None
        x = min(max(boite["x"] + boite["width"] / 2, 10), 380)
        self.page.mouse.move(x, 600)
        avant = boite["y"]
        self.page.mouse.wheel(0, dy)
        cible.evaluate(IMMOBILE)
        apres = cible.bounding_box()
        assert apres is not None
        self.tache.defilement += abs(apres["y"] - avant)

    def amener(self, cible: Locator) -> dict[str, float]:
        """Scroll just enough to see ``cible`` whole (its top, if it is taller than the screen); again if
        a tool's action bar got stuck over it on the way."""
        precedente = None
        for _ in range(3):
            haut, bas = cible.evaluate(ZONE_VISIBLE)
            boite = cible.bounding_box()
            assert boite is not None, f"invisible : {cible}"
            if boite == precedente:
                break  # the page cannot scroll it further (a fixed button)
            precedente = boite
            if boite["y"] < haut + MARGE - 0.5:
                self.defiler(boite["y"] - haut - MARGE, cible)
            elif boite["y"] + boite["height"] > bas - MARGE + 0.5 and boite["y"] > haut + MARGE + 0.5:
                depasse = boite["y"] + boite["height"] - bas + MARGE
                self.defiler(min(depasse, boite["y"] - haut - MARGE), cible)
            else:
                break
        boite = cible.bounding_box()
        assert boite is not None
        return boite

    # Tapping and typing ------------------------------------------------------------------------

    def toucher(self, cible: Locator) -> None:
        """A tap at the middle of ``cible``, brought into view first."""
        self.amener(cible)
        # The middle of its first box (a link over two lines has a gap in the middle of the whole).
        x, y = cible.evaluate(MILIEU)
        if cible.evaluate(TOUCHE, [x, y]):
            # Something floats over the target: counted; the tap is given to the target itself.
            self.tache.couverts += 1
            cible.evaluate("e => (e.focus(), e.click())")
        else:
            self.page.touchscreen.tap(x, y)
        self.tache.taps += 1

    def saisir(self, champ: Locator, texte: str) -> None:
        """Type ``texte`` in a field: read it if it is there already; else tap it, delete what it
        holds (each deleted character counted) and type."""
        ancien = champ.input_value()
        if ancien == texte:
            return
        self.toucher(champ)
        self.page.keyboard.press("End")
        for _ in ancien:
            self.page.keyboard.press("Backspace")
        self.page.keyboard.type(texte)
        self.tache.caracteres += len(ancien) + len(texte)

    def choisir(self, liste: Locator, valeur: str) -> None:
        """A drop-down list: one tap to open it, one on the option (unless it shows it already)."""
        if liste.input_value() == valeur:
            return
        self.toucher(liste)
        liste.select_option(valeur)
        self.tache.taps += 1

    def attendre_la_page(self) -> None:
        """The page opened, its engine ready, and still (no scroll for 10 frames)."""
        self.page.wait_for_load_state()
        if self.page.locator("[data-widget]").count():
            expect(self.page.locator("html")).to_have_attribute("data-moteur", "pret", timeout=PRET)
        self.page.evaluate(IMMOBILE)

    def suivre(self, lien: Locator) -> None:
        """Tap a link and wait for the page it opens (Material's instant navigation)."""
        avant = self.page.url
        self.toucher(lien)
        self.page.wait_for_url(lambda url: url != avant)
        self.attendre_la_page()

    # Answers -----------------------------------------------------------------------------------

    def agir(self, racine: Locator, bouton: Locator, action: str) -> None:
        """Tap a widget's button and wait for its answer; check what the reader sees then."""
        self.amener(bouton)
        avant = self._boite_a_l_ecran(bouton)
        defilement = self.position()
        reponses = int(racine.get_attribute("data-reponses") or 0)
        debut = time.perf_counter()
        self.toucher(bouton)
        expect(racine).to_have_attribute("data-reponses", str(reponses + 1), timeout=PRET)
        attente = (time.perf_counter() - debut) * 1000
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        issue = racine.locator(".regles-widget__resultat > *").first
        self._noter(action, attente, issue, bouton, avant, defilement)

    def _boite_a_l_ecran(self, cible: Locator) -> tuple[float, float, float, float]:
        return tuple(cible.evaluate(A_L_ECRAN))

    def _noter(
        self,
        action: str,
        attente: float,
        reponse: Locator,
        bouton: Locator | None,
        avant: tuple[float, float, float, float] | None,
        defilement: float,
    ) -> None:
        haut, bas = reponse.evaluate(ZONE_VISIBLE)
        boite = reponse.bounding_box()
        visible = bool(boite) and boite["y"] >= haut - 0.5 and boite["y"] + boite["height"] <= bas + 0.5
        visible = visible and boite["x"] >= 0 and boite["x"] + boite["width"] <= 390.5
        decouverte = visible and bool(reponse.evaluate(DECOUVERT))
        immobile = a_l_ecran = True
        if bouton is not None and avant is not None:
            apres = self._boite_a_l_ecran(bouton)
            immobile = all(abs(a - b) < 1 for a, b in zip(avant, apres, strict=True))
            haut, bas = bouton.evaluate(ZONE_VISIBLE)
            ecran = bouton.bounding_box()
            a_l_ecran = bool(ecran) and ecran["y"] >= haut - 0.5 and ecran["y"] + ecran["height"] <= bas + 0.5
        self.tache.attente += attente
        self.tache.reponses.append(
            Reponse(action, attente, visible, decouverte, immobile, a_l_ecran, self.position() - defilement)
        )

    def attendre_reponse(self, action: str, reponse: Locator, geste: Callable[[], None]) -> None:
        """An answer that is not a widget's (the roll log opened by its button)."""
        defilement = self.position()
        debut = time.perf_counter()
        geste()
        expect(reponse).to_be_visible()
        self._noter(action, (time.perf_counter() - debut) * 1000, reponse, None, None, defilement)


# Navigation ------------------------------------------------------------------------------------


def accueil(lecteur: Lecteur, url: str) -> None:
    """Each task starts on the home page, at its top."""
    lecteur.page.goto(url)
    lecteur.attendre_la_page()


def ouvrir_outil(lecteur: Lecteur, nom: str) -> Locator:
    """The tool's link in the home page's « Outils » (by system): the rules page opens at the tool.
    Returns the widget."""
    page = lecteur.page
    lecteur.suivre(page.locator(f'.regles-raccourcis li[data-outil="{nom}"] a').first)
    racine = page.locator(f'[data-widget="{nom}"]')
    expect(racine).to_have_attribute("data-state", "ready", timeout=PRET)
    return racine


def accueil_par_le_menu(lecteur: Lecteur) -> None:
    """Back to the home page: the menu, then « Accueil »."""
    page = lecteur.page
    lecteur.toucher(page.locator('label.md-header__button[for="__drawer"]'))
    accueil = page.locator(".md-nav--primary > .md-nav__list > .md-nav__item > a.md-nav__link").first
    expect(accueil).to_be_visible()
    accueil.evaluate(IMMOBILE)  # the drawer has finished sliding in
    page.evaluate(ANIMATIONS_FINIES)
    # The menu opens on the page's section, over the first level: its title (the back arrow) first.
    retour = page.locator("[data-regles-retour]")
    for _ in range(3):
        if not accueil.evaluate(DEVANT):
            break
        lecteur.toucher(retour)
        page.evaluate(ANIMATIONS_FINIES)
    lecteur.suivre(accueil)


def champ(racine: Locator, nom: str) -> Locator:
    return racine.locator(f'.regles-widget__formulaire [name="{nom}"]')


def bouton(racine: Locator, op: str) -> Locator:
    return racine.locator(f'.regles-widget__formulaire button[data-op="{op}"]')


def bouton_du_resultat(racine: Locator, groupe: str, libelle: str) -> Locator:
    boutons = racine.locator(f'.regles-widget__resultat .regles-boutons[aria-label^="{groupe}"] button')
    return boutons.filter(has_text=libelle).first


# The seven tasks ---------------------------------------------------------------------------------


def modificateur(lecteur: Lecteur) -> None:
    racine = ouvrir_outil(lecteur, "modificateur-degats")
    lecteur.saisir(champ(racine, "for"), "14")
    lecteur.saisir(champ(racine, "tai"), "16")
    lecteur.agir(racine, bouton(racine, "basic.modificateur"), "Lire la table")


def test_a_67(lecteur: Lecteur) -> None:
    racine = ouvrir_outil(lecteur, "test-basic")
    lecteur.saisir(champ(racine, "score"), "67")
    lecteur.saisir(champ(racine, "jet"), "87")
    lecteur.agir(racine, bouton(racine, "basic.test"), "Lancer le test")


def attaque(lecteur: Lecteur) -> None:
    racine = ouvrir_outil(lecteur, "attaque-basic")
    lecteur.agir(racine, bouton(racine, "basic.attaque"), "Attaquer")


def combat_heroique(lecteur: Lecteur) -> None:
    racine = ouvrir_outil(lecteur, "combat-heroique")
    for nom in ("Yang", "Guo", "Lin"):
        lecteur.saisir(champ(racine, "nom"), nom)
        lecteur.agir(racine, bouton(racine, "kar.combat_ajouter"), f"Ajouter {nom}")
    for passe in (1, 2):
        suivante = bouton_du_resultat(racine, "Le décompte", "Passe suivante")
        lecteur.agir(racine, suivante, f"Passe suivante ({passe})")


def el_toto(lecteur: Lecteur) -> None:
    racine = ouvrir_outil(lecteur, "reserve-el-toto")
    lecteur.saisir(champ(racine, "des"), "5")
    lecteur.saisir(champ(racine, "faces"), "")
    lecteur.agir(racine, bouton(racine, "toto.reserve"), "Lancer 5 dés")
    accueil_par_le_menu(lecteur)
    racine = ouvrir_outil(lecteur, "duel-el-toto")
    lecteur.agir(racine, bouton(racine, "toto.duel"), "Passe suivante")


def actions_a_55(lecteur: Lecteur) -> None:
    racine = ouvrir_outil(lecteur, "test-actions")
    lecteur.saisir(champ(racine, "score"), "55")
    lecteur.agir(racine, bouton(racine, "actions.test"), "Lancer le d100")


def jet_et_journal(lecteur: Lecteur) -> None:
    """The home page has the dice roller, right under its « Outils »: roll, then open the roll log (its
    button in the header)."""
    racine = lecteur.page.locator('[data-widget="jet-de-des"]')
    expect(racine).to_have_attribute("data-state", "ready", timeout=PRET)
    lecteur.saisir(champ(racine, "expression"), "2d6+3")
    lecteur.agir(racine, bouton(racine, "des.lancer"), "Lancer 2d6+3")
    page = lecteur.page
    bascule = page.locator(".regles-journal__bascule")
    entree = page.locator(".regles-journal__entree").first

    def ouvrir() -> None:
        lecteur.toucher(bascule)
        expect(entree).to_contain_text("2d6+3")

    lecteur.attendre_reponse("Journal des jets", entree, ouvrir)


TACHES: list[tuple[str, Callable[[Lecteur], None]]] = [
    ("Modificateur de dégâts FOR 14 + TAI 16", modificateur),
    ("Test à 67 %, 87 lu sur la table", test_a_67),
    ("Attaque de Basic maison", attaque),
    ("Combat héroïque : 3 combattants, 2 passes", combat_heroique),
    ("El Toto : réserve de 5 dés, une passe de duel", el_toto),
    ("Actions d100 : test à 55", actions_a_55),
    ("2d6+3, retrouvé dans le journal", jet_et_journal),
]


def oui(valeur: bool) -> str:
    return "oui" if valeur else "NON"


def imprimer(tache: Tache) -> None:
    print(f"\n{tache.nom}")
    print(
        f"  taps {tache.taps}   caractères {tache.caracteres}   défilement {tache.defilement:,.0f} px"
        f"   attente {tache.attente:,.0f} ms   cibles couvertes {tache.couverts}".replace(",", " ")
    )
    print(
        f"  {'réponse':34} {'attente':>9} {'visible':>8} {'découverte':>10} {'bouton immobile':>16}"
        f" {'à l’écran':>10} {'défil. page':>12}"
    )
    for r in tache.reponses:
        print(
            f"  {r.action[:34]:34} {r.attente:7.0f} ms {oui(r.visible):>8} {oui(r.decouverte):>10}"
            f" {oui(r.bouton_immobile):>16} {oui(r.bouton_a_l_ecran):>10} {r.defilement_de_la_page:9.0f} px"
        )


def main() -> None:
    analyse = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    analyse.add_argument("--site", type=Path, help="a site already built for --port (not rebuilt)")
    analyse.add_argument("--port", type=int, default=0)
    arguments = analyse.parse_args()
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    port = arguments.port or port_libre()
    url = f"http://127.0.0.1:{port}/"
    taches: list[Tache] = []
    with tempfile.TemporaryDirectory(prefix="regles-table-") as temporaire:
        dossier = arguments.site or Path(temporaire) / "site"
        if not arguments.site:
            construire(dossier, url)
        with SiteServer(dossier, port), sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
            contexte = browser.new_context(service_workers="block", locale="fr-FR", **TELEPHONE)
            page = contexte.new_page()
            page.goto(url)  # a first visit: the engine's files are in the cache for the tasks
            lecteur = Lecteur(page)
            for nom, jouer in TACHES:
                accueil(lecteur, url)
                lecteur.tache = Tache(nom)
                jouer(lecteur)
                taches.append(lecteur.tache)
                imprimer(lecteur.tache)
            browser.close()
    taps = sum(t.taps for t in taches)
    defilement = sum(t.defilement for t in taches)
    heroique = next(t for t in taches if t.nom.startswith("Combat héroïque"))
    reponses = [r for t in taches for r in t.reponses]
    print("\nTotal des sept tâches (objectifs de l’issue 17) :")
    print(f"  taps        {taps:6d}      objectif ≤ {OBJECTIFS['taps']}   {oui(taps <= OBJECTIFS['taps'])}")
    print(f"  caractères  {sum(t.caracteres for t in taches):6d}")
    print(
        f"  défilement  {defilement:6.0f} px   objectif ≤ {OBJECTIFS['défilement']} px"
        f"   {oui(defilement <= OBJECTIFS['défilement'])}"
    )
    print(
        f"  dont combat héroïque {heroique.defilement:6.0f} px   objectif ≤ {OBJECTIFS['combat héroïque']} px"
        f"   {oui(heroique.defilement <= OBJECTIFS['combat héroïque'])}"
    )
    print(f"  attente     {sum(t.attente for t in taches):6.0f} ms")
    vues = sum(r.visible and r.decouverte for r in reponses)
    immobiles = sum(r.bouton_immobile and r.bouton_a_l_ecran for r in reponses)
    print(
        f"  réponses visibles et découvertes {vues}/{len(reponses)},"
        f" boutons immobiles et à l’écran {immobiles}/{len(reponses)}"
    )


if __name__ == "__main__":
    main()

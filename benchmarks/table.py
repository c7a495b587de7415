"""Seven table tasks on a phone, played as a first-time reader plays them (issues 17 and 35).

    .venv/bin/python -m benchmarks.table

Builds the site into a temporary folder without its address (as a first visit to a copy of the site:
every link is a full page load), serves it on 127.0.0.1 and plays, in headless Chromium at 390 × 844 px
with touch, seven tasks a game master does at the table. Each task runs in a fresh browser context (no
cache, no stored data, the service worker free to keep its offline copy: « Disponible hors ligne » may
appear), starts on the home page and opens its tool by the link of the home page's « Outils »: the
damage modifier for FOR 14 + TAI 16; a test at 67 %, rolled; a Basic attack, rolled; a heroic fight of
three fighters for two passes with an attack at each, the page reloaded between them; an El Toto pool
of 5 dice, rolled, and a duel pass; an Actions d100 test at 55, rolled; rolling 2d6+3 and finding it in
the roll log, which then closes at a tap elsewhere. Dice read on the table are never typed: every
« Lancer » must roll.

The reader only taps (links, fields, buttons), types, and scrolls. Every step goes through the helpers
of :class:`Lecteur`, which count the taps, the characters typed (a deleted one too), the scrolling (the
sum of |Δ scrollY| of the reader's own scrolls, those that bring a target into view included, and those
needed to read the whole outcome of each answer: its lines up to its first group of buttons) and the
waiting time. They note every **moment** where something the reader needs is covered, hidden, folded
or moved: a target covered by a floating element when tapped; an answer's first line off the screen or
covered when it arrives; an outcome line covered (a sticky bar, a notice) while read, or folded; the
tapped button moved on the screen by the answer, or off it; the tool's first button moved when the engine
gets ready (the reader lands on it half a second after the page loaded); the roll log left open after a
tap elsewhere.

Goals (issue 35): at most 35 taps and 6,000 px of scrolling for the seven tasks, the heroic fight at
most 3,000 px, no such moment (measured before the work: 47 taps, 9,800 px, 5,800 px, 29 moments).
No timed assertion: the script prints figures.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, expect, sync_playwright

from benchmarks.historique import enregistrer
from benchmarks.navigateur import ROOT, port_libre
from tests.browser.conftest import CHROMIUM_ARGS, SiteServer
from tests.browser.widgets import PRET, TELEPHONE

MARGE = 8  # px kept between a target brought into view and the screen's edges
ARRIVEE = 500  # ms after a page's load when the reader has found the tool on it
OBJECTIFS = {"taps": 35, "défilement": 6_000, "combat héroïque": 3_000, "moments": 0}

ZONE_VISIBLE = """(e) => {
  // Between the header and the screen's bottom, or a tool's action buttons stuck there.
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
  // Nothing floats over the element's corners that are on the screen (under the header: not on it).
  const b = e.getBoundingClientRect()
  const tete = document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0
  const [x0, y0, x1, y1] = [b.left + 2, b.top + 2, Math.min(b.right, innerWidth) - 2, b.bottom - 2]
  const coins = [[x0, y0], [x1, y0], [x0, y1], [x1, y1]].filter(([, y]) => y > tete && y < innerHeight)
  return coins.every(([x, y]) => {
    const dessus = document.elementFromPoint(x, y)
    return dessus !== null && (e === dessus || e.contains(dessus) || dessus.contains(e))
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

# The outcome of an answer: its first « resultat » line (the sentence a GM reads aloud) and the lines
# after it up to the next group of buttons (the fight's pass buttons, a question's « Confirmer »), the
# folded detail left out (it is the detail, not the outcome). Returns the rank of the first and the count.
ISSUE = """zone => {
  const enfants = [...zone.children]
  let debut = enfants.findIndex(e => e.matches(".regles-texte--resultat"))
  if (debut < 0) debut = 0
  let fin = debut
  while (fin < enfants.length && !enfants[fin].matches(".regles-boutons, details.regles-detail")) fin++
  return [debut, Math.max(fin - debut, 1)]
}"""

PLIE = "e => Boolean(e.closest('details:not([open])'))"

# Every « annonce » (notice) the page showed, kept by an init script of the context.
ANNONCES = """new MutationObserver(() => {
  for (const a of document.querySelectorAll(".regles-annonce, .regles-hors-ligne:not([hidden])")) {
    window.__annonces = window.__annonces ?? new Set()
    window.__annonces.add(a.textContent.trim().slice(0, 60))
  }
}).observe(document, { childList: true, subtree: true })"""

MILIEU = "e => { const b = e.getClientRects()[0]; return [b.left + b.width / 2, b.top + b.height / 2] }"
A_L_ECRAN = "e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.width, b.height] }"


@dataclass
class Tache:
    nom: str
    taps: int = 0
    caracteres: int = 0
    defilement: float = 0.0
    attente: float = 0.0
    moments: list[str] = field(default_factory=list)
    """Each moment where something the reader needed was covered, hidden, folded or moved."""
    annonces: set[str] = field(default_factory=set)
    etapes: list[tuple[str, int, float]] = field(default_factory=list)
    """After each answer: the action, the taps and the scrolling so far (px)."""


class Lecteur:
    """A reader with a phone: every tap, keystroke and scroll goes through here and is counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.tache = Tache("")

    def moment(self, quoi: str) -> None:
        self.tache.moments.append(quoi)

    # Scrolling ---------------------------------------------------------------------------------

    def position(self) -> float:
        return float(self.page.evaluate("scrollY"))

    def defiler(self, dy: float, cible: Locator | None = None) -> None:
        """Scroll by ``dy`` px as a finger would; the distance the content actually moved is counted.
        A wheel, not ``scrollBy``: Chromium keeps an address's anchor in view until the reader scrolls."""
        if cible is None:
            cible = self.page.locator("body")
        boite = cible.bounding_box()
        assert boite is not None
        self.page.mouse.move(195, 600)
        avant = boite["y"]
        self.page.mouse.wheel(0, dy)
        cible.evaluate(IMMOBILE)
        apres = cible.bounding_box()
        assert apres is not None
        self.tache.defilement += abs(apres["y"] - avant)

    def amener(self, cible: Locator, jusqu_a: Locator | None = None) -> None:
        """Scroll just enough to see ``cible`` whole, or from ``cible`` to ``jusqu_a`` (their top, if
        taller than the screen)."""
        fin = jusqu_a or cible
        precedente = None
        for _ in range(3):
            haut, bas = cible.evaluate(ZONE_VISIBLE)
            boite, derniere = cible.bounding_box(), fin.bounding_box()
            assert boite is not None and derniere is not None, f"invisible : {cible}"
            if boite == precedente:
                break  # the page cannot scroll it further
            precedente = boite
            bas_voulu = derniere["y"] + derniere["height"]
            if boite["y"] < haut + MARGE - 0.5:
                self.defiler(boite["y"] - haut - MARGE, cible)
            elif bas_voulu > bas - MARGE + 0.5 and boite["y"] > haut + MARGE + 0.5:
                self.defiler(min(bas_voulu - bas + MARGE, boite["y"] - haut - MARGE), cible)
            else:
                break

    # Tapping and typing ------------------------------------------------------------------------

    def toucher(self, cible: Locator) -> None:
        """A tap at the middle of ``cible``, brought into view first."""
        self.amener(cible)
        x, y = cible.evaluate(MILIEU)
        if dessus := cible.evaluate(TOUCHE, [x, y]):
            # Something floats over the target: a moment; the tap is given to the target itself.
            self.moment(f"cible couverte : {dessus[:60]}")
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

    def suivre(self, lien: Locator) -> None:
        """Tap a link and wait for the page it opens to be loaded."""
        avant = self.page.url
        self.toucher(lien)
        self.page.wait_for_url(lambda url: url != avant)
        self.page.wait_for_load_state()

    # Answers -----------------------------------------------------------------------------------

    def agir(self, racine: Locator, bouton: Locator, action: str) -> None:
        """Tap a widget's button, wait for its answer, and read its whole outcome (scrolling if need be):
        a moment for each thing covered, hidden, folded or moved."""
        self.amener(bouton)
        avant = bouton.evaluate(A_L_ECRAN)
        reponses = int(racine.get_attribute("data-reponses") or 0)
        debut = time.perf_counter()
        self.toucher(bouton)
        expect(racine).to_have_attribute("data-reponses", str(reponses + 1), timeout=PRET)
        self.tache.attente += (time.perf_counter() - debut) * 1000
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        zone = racine.locator(".regles-widget__resultat")
        erreur = zone.locator(":scope > .regles-texte--erreur")
        assert not erreur.count(), f"{action} : {erreur.first.inner_text()}"
        if bouton.count():  # a question's button leaves with its question
            apres = bouton.evaluate(A_L_ECRAN)
            if any(abs(a - b) >= 1 for a, b in zip(avant, apres, strict=True)):
                self.moment(f"{action} : le bouton a bougé de {apres[1] - avant[1]:+.0f} px")
            haut, bas = bouton.evaluate(ZONE_VISIBLE)
            if not haut - 0.5 <= apres[1] and apres[1] + apres[3] <= bas + 0.5:
                self.moment(f"{action} : le bouton a quitté l’écran")
        debut, _ = zone.evaluate(ISSUE)
        premiere = zone.locator(":scope > *").nth(debut)
        haut, bas = premiere.evaluate(ZONE_VISIBLE)
        b = premiere.bounding_box()
        assert b is not None
        if not (b["y"] >= haut - 0.5 and b["y"] + b["height"] <= bas + 0.5):
            self.moment(f"{action} : la première ligne de l’issue hors de l’écran ({b['y']:.0f} px)")
        elif not premiere.evaluate(DECOUVERT):
            self.moment(f"{action} : la première ligne de l’issue couverte")
        self.lire(zone, action)
        self.tache.etapes.append((action, self.tache.taps, self.tache.defilement))

    def lire(self, zone: Locator, action: str) -> None:
        """Read the outcome's lines (up to its first group of buttons): scroll to see them, each one
        checked uncovered and unfolded."""
        debut, nombre = zone.evaluate(ISSUE)
        lignes = zone.locator(":scope > *")
        # On a phone the outcome may sit on both sides of the form's buttons: from its highest to its lowest.
        boites = [lignes.nth(debut + rang).bounding_box() for rang in range(nombre)]
        hauts = [b["y"] if b else 0.0 for b in boites]
        bas = [b["y"] + b["height"] if b else 0.0 for b in boites]
        self.amener(lignes.nth(debut + hauts.index(min(hauts))), lignes.nth(debut + bas.index(max(bas))))
        for rang in range(nombre):
            ligne = lignes.nth(debut + rang)
            if ligne.evaluate(PLIE):
                self.moment(f"{action} : une ligne de l’issue pliée")
            elif not ligne.evaluate(DECOUVERT):
                self.moment(f"{action} : une ligne de l’issue couverte ({ligne.inner_text()[:40]})")


# Navigation ------------------------------------------------------------------------------------


def ouvrir_outil(lecteur: Lecteur, nom: str) -> Locator:
    """The tool's link in the home page's « Outils » (by system): the rules page opens at the tool. Half
    a second after the load the reader has the tool's first button in sight: it must not move when the
    engine gets ready. Returns the widget."""
    page = lecteur.page
    lecteur.suivre(page.locator(f'.regles-raccourcis li[data-outil="{nom}"] a').first)
    racine = page.locator(f'[data-widget="{nom}"]')
    page.wait_for_timeout(ARRIVEE)  # the reader's eye, not a check: the figures do not depend on it
    premier = racine.locator(".regles-widget__formulaire button[data-op]").first
    pret = racine.get_attribute("data-state") == "ready"
    avant = premier.evaluate(A_L_ECRAN) if premier.is_visible() else None
    expect(racine).to_have_attribute("data-state", "ready", timeout=PRET)
    page.evaluate(IMMOBILE)
    if avant is not None and not pret:
        apres = premier.evaluate(A_L_ECRAN)
        if abs(apres[1] - avant[1]) >= 1:
            ecart = apres[1] - avant[1]
            lecteur.moment(f"{nom} : le bouton a bougé de {ecart:+.0f} px quand le moteur est prêt")
    return racine


def champ(racine: Locator, nom: str) -> Locator:
    return racine.locator(f'.regles-widget__formulaire [name="{nom}"]')


def bouton(racine: Locator, op: str) -> Locator:
    return racine.locator(f'.regles-widget__formulaire button[data-op="{op}"]')


def bouton_du_resultat(racine: Locator, libelle: str, groupe: str = "") -> Locator:
    selecteur = ".regles-widget__resultat .regles-boutons"
    if groupe:
        selecteur += f'[aria-label*="{groupe}"]'
    return racine.locator(f"{selecteur} button:enabled").filter(has_text=libelle).first


# The seven tasks ---------------------------------------------------------------------------------


def modificateur(lecteur: Lecteur) -> None:
    racine = ouvrir_outil(lecteur, "modificateur-degats")
    lecteur.saisir(champ(racine, "for"), "14")
    lecteur.saisir(champ(racine, "tai"), "16")
    lecteur.agir(racine, bouton(racine, "basic.modificateur"), "Lire la table")


def test_a_67(lecteur: Lecteur) -> None:
    racine = ouvrir_outil(lecteur, "test-basic")
    lecteur.saisir(champ(racine, "score"), "67")
    lecteur.agir(racine, bouton(racine, "basic.test"), "Lancer le test")
    assert racine.locator(".regles-widget__resultat").get_attribute("data-result") != ""


def attaque(lecteur: Lecteur) -> None:
    racine = ouvrir_outil(lecteur, "attaque-basic")
    lecteur.agir(racine, bouton(racine, "basic.attaque"), "Attaquer")


def attaquer(lecteur: Lecteur, racine: Locator, passe: int) -> None:
    """The fighter who acts at this pass attacks: his first « Attaque rapide »; a defence if asked."""
    qui = racine.locator(".regles-widget__resultat > .regles-texte--resultat").first.inner_text()
    nom = qui.split(" : ", 1)[1].split(" ")[0] if " : " in qui else ""
    # That very button, by what it does (the first enabled one may be another after the attack).
    action = bouton_du_resultat(racine, "Attaque rapide", nom).get_attribute("data-action") or ""
    bouton = racine.locator(f".regles-widget__resultat button[data-action='{action}']")
    lecteur.agir(racine, bouton, f"Attaque rapide ({passe})")


def passer(lecteur: Lecteur, racine: Locator, passe: int) -> None:
    """« Passe suivante », or « Aller à la passe N » when nobody acts before; « Oui » if asked."""
    aller = bouton_du_resultat(racine, "Aller à la passe", "Le décompte")
    cible = aller if aller.count() else bouton_du_resultat(racine, "Passe suivante", "Le décompte")
    lecteur.agir(racine, cible, f"Passe suivante ({passe})")
    oui = bouton_du_resultat(racine, "Oui, passer", "Confirmer")
    if oui.count():
        lecteur.agir(racine, oui, f"Oui, passer ({passe})")


def combat_heroique(lecteur: Lecteur) -> None:
    """Three fighters; an attack at the pass of the first to act, the page reloaded, the next pass and
    an attack there."""
    racine = ouvrir_outil(lecteur, "combat-heroique")
    for nom in ("Yang", "Guo", "Lin"):
        lecteur.saisir(champ(racine, "nom"), nom)
        lecteur.agir(racine, bouton(racine, "kar.combat_ajouter"), f"Ajouter {nom}")
    attaquer(lecteur, racine, 1)
    lecteur.page.reload()
    expect(racine).to_have_attribute("data-state", "ready", timeout=PRET)
    expect(racine.locator(".regles-widget__resultat .regles-boutons").first).to_be_visible(timeout=PRET)
    passer(lecteur, racine, 2)
    attaquer(lecteur, racine, 2)


def el_toto(lecteur: Lecteur) -> None:
    racine = ouvrir_outil(lecteur, "reserve-el-toto")
    lecteur.saisir(champ(racine, "des"), "5")
    lecteur.agir(racine, bouton(racine, "toto.reserve"), "Lancer 5 dés")
    # The duel is another tool of the same system: back to the home page (the phone's back, one tap).
    lecteur.page.go_back()
    lecteur.page.wait_for_load_state()
    lecteur.tache.taps += 1
    racine = ouvrir_outil(lecteur, "duel-el-toto")
    lecteur.agir(racine, bouton(racine, "toto.duel"), "Passe suivante")


def actions_a_55(lecteur: Lecteur) -> None:
    racine = ouvrir_outil(lecteur, "test-actions")
    lecteur.saisir(champ(racine, "score"), "55")
    lecteur.agir(racine, bouton(racine, "actions.test"), "Lancer le d100")


def jet_et_journal(lecteur: Lecteur) -> None:
    """The home page has the dice roller, right under its « Outils »: roll, open the roll log (its button
    in the header), read the roll there, and close it with a tap elsewhere."""
    page = lecteur.page
    racine = page.locator('[data-widget="jet-de-des"]')
    expect(racine).to_have_attribute("data-state", "ready", timeout=PRET)
    lecteur.saisir(champ(racine, "expression"), "2d6+3")
    lecteur.agir(racine, bouton(racine, "des.lancer"), "Lancer 2d6+3")
    bascule = page.locator(".regles-journal__bascule")
    entree = page.locator(".regles-journal__entree").first
    lecteur.toucher(bascule)
    expect(entree).to_contain_text("2d6+3")
    if not entree.evaluate(DECOUVERT):
        lecteur.moment("Journal des jets : le jet couvert")
    # A tap elsewhere: the foot of the screen, or the header's title when the log reaches down there.
    ailleurs = page.evaluate(
        """() => {
          const x = 195, y = innerHeight - 12
          return document.elementFromPoint(x, y)?.closest(".regles-journal") ? null : [x, y]
        }"""
    )
    if ailleurs:
        page.touchscreen.tap(*ailleurs)
        lecteur.tache.taps += 1
    else:
        lecteur.toucher(page.locator(".md-header__title").first)
    if page.locator(".regles-journal__contenu").is_visible():
        lecteur.moment("Journal des jets : resté ouvert après un toucher ailleurs")


TACHES: list[tuple[str, Callable[[Lecteur], None]]] = [
    ("Modificateur de dégâts FOR 14 + TAI 16", modificateur),
    ("Test à 67 %, lancé", test_a_67),
    ("Attaque de Basic maison, lancée", attaque),
    ("Combat héroïque : 3 combattants, 2 passes avec attaques, rechargé", combat_heroique),
    ("El Toto : réserve de 5 dés, une passe de duel", el_toto),
    ("Actions d100 : test à 55", actions_a_55),
    ("2d6+3, retrouvé dans le journal", jet_et_journal),
]


def construire(dossier: Path) -> None:
    """The site built without its address (REGLES_SITE_URL unset): every link is a full page load."""
    env = {cle: valeur for cle, valeur in os.environ.items() if cle != "REGLES_SITE_URL"}
    env |= {"NO_MKDOCS_2_WARNING": "1", "REGLES_PDF": "false"}
    commande = [sys.executable, "-m", "mkdocs", "build", "--quiet", "--strict", "--site-dir", str(dossier)]
    subprocess.run(commande, cwd=ROOT, env=env, check=True)


def jouer(browser: Browser, url: str, nom: str, tache: Callable[[Lecteur], None]) -> Tache:
    """One task in a fresh context (a first visit: nothing cached, nothing stored), from the home page."""
    contexte = browser.new_context(locale="fr-FR", **TELEPHONE)
    contexte.add_init_script(ANNONCES)
    try:
        page = contexte.new_page()
        lecteur = Lecteur(page)
        lecteur.tache = Tache(nom)
        page.goto(url)
        page.wait_for_load_state()
        tache(lecteur)
        page.wait_for_timeout(ARRIVEE)
        lecteur.tache.annonces = set(page.evaluate("[...(window.__annonces ?? [])]"))
        return lecteur.tache
    finally:
        contexte.close()


def imprimer(tache: Tache) -> None:
    print(f"\n{tache.nom}")
    print(
        f"  taps {tache.taps}   caractères {tache.caracteres}   défilement {tache.defilement:,.0f} px"
        f"   attente {tache.attente:,.0f} ms   moments {len(tache.moments)}".replace(",", " ")
    )
    for action, taps, defilement in tache.etapes:
        print(f"    {action[:36]:36} {taps:3d} taps {defilement:8,.0f} px".replace(",", " "))
    for moment in tache.moments:
        print(f"    - {moment}")
    for annonce in sorted(tache.annonces):
        print(f"    annonce vue : {annonce}")


def oui(valeur: bool) -> str:
    return "oui" if valeur else "NON"


def main() -> None:
    analyse = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    analyse.add_argument("--site", type=Path, help="a site already built without its address (not rebuilt)")
    analyse.add_argument("--port", type=int, default=0)
    analyse.add_argument("--tache", default="", help="only the tasks whose name holds this text")
    arguments = analyse.parse_args()
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    port = arguments.port or port_libre()
    url = f"http://127.0.0.1:{port}/"
    taches: list[Tache] = []
    with tempfile.TemporaryDirectory(prefix="regles-table-") as temporaire:
        dossier = arguments.site or Path(temporaire) / "site"
        if not arguments.site:
            construire(dossier)
        with SiteServer(dossier, port), sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
            for nom, tache in TACHES:
                if arguments.tache.lower() not in nom.lower():
                    continue
                taches.append(jouer(browser, url, nom, tache))
                imprimer(taches[-1])
            browser.close()
    taps = sum(t.taps for t in taches)
    defilement = sum(t.defilement for t in taches)
    heroique = next((t for t in taches if t.nom.startswith("Combat héroïque")), Tache(""))
    moments = sum(len(t.moments) for t in taches)
    print("\nTotal des sept tâches (objectifs de l’issue 35) :")
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
    print(
        f"  moments (couvert, caché, plié, déplacé) {moments:3d}"
        f"   objectif {OBJECTIFS['moments']}   {oui(moments == 0)}"
    )
    vue = any("Disponible" in annonce for t in taches for annonce in t.annonces)
    print(f"  annonce « Disponible hors ligne » vue : {oui(vue)}")
    print(f"  attente     {sum(t.attente for t in taches):6.0f} ms")
    if arguments.tache:
        return  # one task alone is a look at it, not a measure of the seven
    chemin = enregistrer(
        "table",
        {
            "taps": taps,
            "defilement_px": round(defilement),
            "defilement_combat_heroique_px": round(heroique.defilement),
            "moments_couverts_caches_plies_deplaces": moments,
            "annonce_hors_ligne_vue": vue,
            "taches": {t.nom: {"taps": t.taps, "defilement_px": round(t.defilement)} for t in taches},
        },
        "Premier lecteur : un navigateur neuf par tâche, depuis l’accueil, pages entières, dés lancés.",
    )
    print(f"  mesure gardée dans {chemin}")


if __name__ == "__main__":
    main()

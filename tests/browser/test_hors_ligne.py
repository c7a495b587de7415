"""Offline: after one visit, the site, its search and its widgets work with the server stopped."""

from __future__ import annotations

import functools
import re
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import SiteServer, _QuietHandler
from tests.browser.widgets import PRET, lien_rapide, moteur_retenu, page_prete, soumettre, widget

pytestmark = pytest.mark.browser


@pytest.fixture
def copie(site: Path, tmp_path: Path) -> Path:
    """A copy of the built site that a test may change (a « new build »)."""
    return Path(shutil.copytree(site, tmp_path / "site"))


@pytest.fixture
def contexte(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(locale="fr-FR", service_workers="allow")
    yield ctx
    ctx.close()


def visiter_et_garder(page: Page, url: str) -> str:
    """First visit: wait until the service worker has stored the whole site; return its version."""
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("data-hors-ligne-pret", re.compile(r"\w+"), timeout=PRET)
    version = page.locator("html").get_attribute("data-hors-ligne-pret") or ""
    # Over the header's title, never over the page; it goes away by itself.
    expect(page.locator(".md-header__title .regles-annonce")).to_contain_text("Disponible hors ligne")
    expect(page.locator(".regles-annonce")).to_have_count(0, timeout=PRET)
    page.reload()
    page_prete(page)
    page.evaluate("navigator.serviceWorker.ready")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.evaluate("caches.keys()") == [f"regles-{version}"]
    return version


def test_tout_marche_le_serveur_arrete(site: Path, contexte: BrowserContext) -> None:
    """Pages, search, widgets and dice buttons still work once the server is gone."""
    serveur = SiteServer(site).__enter__()
    page = contexte.new_page()
    visiter_et_garder(page, serveur.url)
    serveur.__exit__()

    page.goto(serveur.url + "basic-maison/attributs-derives/")
    expect(page.locator("h1")).to_contain_text("Attributs dérivés")
    expect(page.locator(".regles-hors-ligne")).to_contain_text(
        "Hors ligne\u00a0: le site et ses outils fonctionnent"
    )

    page.locator("input.md-search__input").click()
    page.keyboard.type("degats", delay=10)
    expect(page.locator(".md-search-result__item").first).to_be_visible(timeout=10_000)

    page.goto(serveur.url + "outils/")
    racine = widget(page, "jet-de-des")
    assert soumettre(racine, {"expression": "2d6+1", "des": "2 3"})["total"] == 6

    page.goto(serveur.url + "basic-maison/equipement/")
    page.locator("button.regles-des").first.click()
    expect(page.locator(".regles-des__resultat").first).to_contain_text("→", timeout=PRET)


def test_les_ressources_viennent_droit_du_cache(site: Path, contexte: BrowserContext) -> None:
    """After the first visit, the browser's static routing serves the assets from the cache,
    and pages (network first) are requested while the service worker boots."""
    with SiteServer(site) as serveur:
        page = contexte.new_page()
        visiter_et_garder(page, serveur.url)
        preload = page.evaluate("navigator.serviceWorker.ready.then(r => r.navigationPreload.getState())")
        assert preload["enabled"] is True
        page.goto(serveur.url + "outils/")
        expect(page.locator("html")).to_have_attribute("data-moteur", "pret", timeout=PRET)
        sources = page.evaluate(
            """performance.getEntriesByType("resource")
                .filter(e => new URL(e.name).pathname.startsWith("/assets/"))
                .map(e => [new URL(e.name).pathname, e.workerMatchedSourceType, e.deliveryType])"""
        )
    assert len(sources) > 10
    assert [chemin for chemin, _, livraison in sources if livraison != "cache-storage"] == []
    routees = [chemin for chemin, routage, _ in sources if routage == "cache"]
    assert "/assets/regles/widgets.js" in routees


def test_une_nouvelle_version_attend_puis_remplace_l_ancienne(copie: Path, contexte: BrowserContext) -> None:
    """The first copy says « Disponible hors ligne »; a new build waits (no mix of two builds in an open
    page) and offers « Nouvelle version disponible — Recharger »; the reload brings it, old cache gone."""
    with SiteServer(copie) as serveur:
        page = contexte.new_page()
        ancienne = visiter_et_garder(page, serveur.url)
        assert page.evaluate("localStorage.getItem('regles-hors-ligne-annonce')") == ancienne
        sw = copie / "sw.js"
        sw.write_text(sw.read_text(encoding="utf-8").replace(ancienne, "nouvelleversion"), encoding="utf-8")
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        annonce = page.locator(".regles-annonce")
        expect(annonce).to_contain_text("Nouvelle version disponible", timeout=PRET)
        # Waiting: the old copy still serves this page; the new one is stored beside it.
        deux = sorted([f"regles-{ancienne}", "regles-nouvelleversion"])
        assert sorted(page.evaluate("caches.keys()")) == deux
        with page.expect_navigation(timeout=PRET):
            annonce.get_by_role("button", name="Recharger").click()
        for _ in range(100):
            if page.evaluate("caches.keys()") == ["regles-nouvelleversion"]:
                break
            page.wait_for_timeout(200)
        assert page.evaluate("caches.keys()") == ["regles-nouvelleversion"]


def test_le_site_est_garde_apres_le_demarrage_du_moteur(site: Path, contexte: BrowserContext) -> None:
    """On a page with widgets, storing the site waits for the engine (it would compete with it)."""
    with SiteServer(site) as serveur:
        page = contexte.new_page()
        with moteur_retenu(page):
            page.goto(serveur.url + "outils/", wait_until="load")
            expect(page.locator("html")).to_have_attribute("data-moteur", "chargement")
            page.wait_for_timeout(500)
            assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r === undefined)")
        expect(page.locator("html")).to_have_attribute("data-moteur", "pret", timeout=PRET)
        expect(page.locator("html")).to_have_attribute(
            "data-hors-ligne-pret", re.compile(r"\w+"), timeout=PRET
        )


class _EnvoisComptes(_QuietHandler):
    """The test server's handler, counting the full responses (200) sent for each path."""

    envois: ClassVar[Counter[str]]

    def send_response(self, code: int, message: str | None = None) -> None:
        if code == 200 and self.command == "GET":
            self.envois[urlsplit(self.path).path] += 1
        super().send_response(code, message)


def serveur_qui_compte(site: Path) -> tuple[SiteServer, Counter[str]]:
    """A started test server of ``site`` counting the full responses it sends, by path."""
    envois: Counter[str] = Counter()
    serveur = SiteServer(site)
    gestionnaire = type("Gestionnaire", (_EnvoisComptes,), {"envois": envois})
    serveur.httpd.RequestHandlerClass = functools.partial(gestionnaire, directory=str(site))
    serveur.__enter__()
    return serveur, envois


def test_une_premiere_visite_ne_telecharge_rien_deux_fois(site: Path, contexte: BrowserContext) -> None:
    """A first visit of a widget page on a fast link, offline copy included, sends each file once (the
    copy takes the engine's downloads); then the widgets work with the server stopped."""
    serveur, envois = serveur_qui_compte(site)
    page = lien_rapide(contexte.new_page())
    page.goto(serveur.url + "outils/")
    expect(page.locator("html")).to_have_attribute("data-moteur", "pret", timeout=PRET)
    expect(page.locator("html")).to_have_attribute("data-hors-ligne-pret", re.compile(r"\w+"), timeout=PRET)
    version = page.locator("html").get_attribute("data-hors-ligne-pret")
    assert page.evaluate("caches.keys()") == [f"regles-{version}"]
    serveur.__exit__()
    assert [chemin for chemin, nombre in envois.items() if nombre > 1] == []
    assert envois["/assets/pyodide/pyodide.asm.wasm.gz"] == envois["/assets/moteur/instantane.bin.gz"] == 1
    assert envois["/assets/pyodide/python_stdlib.zip"] == 1  # for the offline copy only

    page.goto(serveur.url + "outils/")
    racine = widget(page, "jet-de-des")
    assert soumettre(racine, {"expression": "3d6", "des": "1 2 3"})["total"] == 6


def gardes(page: Page, version: str) -> dict[str, tuple[str, int]]:
    """The offline copy's files of Pyodide: their MIME type and size, by path."""
    return {
        chemin: (type_mime, taille)
        for chemin, type_mime, taille in page.evaluate(
            """async v => {
                const cache = await caches.open(`regles-${v}`)
                const cles = (await cache.keys())
                    .filter(requete => new URL(requete.url).pathname.startsWith("/assets/pyodide/"))
                return Promise.all(cles.map(async requete => {
                    const reponse = await cache.match(requete)
                    const octets = (await reponse.arrayBuffer()).byteLength
                    return [new URL(requete.url).pathname, reponse.headers.get("Content-Type"), octets]
                }))
            }""",
            version,
        )
    }


def test_la_copie_garde_le_wasm_et_le_module_de_pyodide_degzippes(
    site: Path, contexte: BrowserContext
) -> None:
    """A first visit of a widget page on a fast link: the copy keeps Pyodide's wasm and JavaScript as they
    are, gunzipped from the engine's downloads (no byte more from the server), with their types; then,
    with the server stopped, the engine reads them as they are."""
    serveur, envois = serveur_qui_compte(site)
    page = lien_rapide(contexte.new_page())
    version = visiter_et_garder(page, serveur.url + "outils/")
    serveur.__exit__()
    types = {"pyodide.asm.wasm": "application/wasm", "pyodide.asm.mjs": "text/javascript"}
    attendu = {
        f"/assets/pyodide/{nom}": (type_mime, (site / "assets/pyodide" / nom).stat().st_size)
        for nom, type_mime in types.items()
    }
    copie = gardes(page, version)
    assert {chemin: copie[chemin] for chemin in attendu} == attendu
    assert not [chemin for chemin in copie if chemin.endswith(".gz")]
    assert envois["/assets/pyodide/pyodide.asm.wasm.gz"] == envois["/assets/pyodide/pyodide.asm.mjs.gz"] == 1
    assert envois["/assets/pyodide/pyodide.asm.wasm"] == envois["/assets/pyodide/pyodide.asm.mjs"] == 0

    page = contexte.new_page()
    noms: list[str] = []
    page.on("request", lambda requete: noms.append(requete.url.rsplit("/", 1)[-1]))
    page.goto(serveur.url + "outils/")
    assert soumettre(widget(page, "jet-de-des"), {"expression": "2d4", "des": "3 4"})["total"] == 7
    assert {"pyodide.asm.wasm", "pyodide.asm.mjs"} <= set(noms)
    assert not {"pyodide.asm.wasm.gz", "pyodide.asm.mjs.gz"} & set(noms)


def test_apres_une_page_sans_outil_la_copie_degzippe_ce_qu_elle_telecharge(
    site: Path, contexte: BrowserContext
) -> None:
    """A first visit of a page without widgets (no engine): the copy downloads the gzipped twins, once,
    never the plain files, and keeps them gunzipped; with the server stopped, a widget computes."""
    serveur, envois = serveur_qui_compte(site)
    page = contexte.new_page()
    version = visiter_et_garder(page, serveur.url + "glossaire/")
    serveur.__exit__()
    assert envois["/assets/pyodide/pyodide.asm.wasm.gz"] == envois["/assets/pyodide/pyodide.asm.mjs.gz"] == 1
    assert envois["/assets/pyodide/pyodide.asm.wasm"] == envois["/assets/pyodide/pyodide.asm.mjs"] == 0
    copie = gardes(page, version)
    assert copie["/assets/pyodide/pyodide.asm.wasm"][0] == "application/wasm"
    assert copie["/assets/pyodide/pyodide.asm.mjs"][0] == "text/javascript"
    page.goto(serveur.url + "outils/")
    assert soumettre(widget(page, "jet-de-des"), {"expression": "1d8", "des": "5"})["total"] == 5


def test_le_bandeau_suit_le_vrai_reseau(site: Path, contexte: BrowserContext) -> None:
    """The network cut from DevTools (the page's requests fail, whatever the service worker and the HTTP
    cache hold): the banner says offline within 5 s, and online again within 5 s of reconnecting; a page
    opened offline says so too; no uncaught « Failed to fetch »."""
    with SiteServer(site) as serveur:
        page = contexte.new_page()
        console: list[str] = []
        page.on("console", lambda message: console.append(message.text))
        page.on("pageerror", lambda erreur: console.append(f"non rattrapée : {erreur}"))
        visiter_et_garder(page, serveur.url + "basic-maison/attributs-derives/")
        bandeau = page.locator(".regles-hors-ligne")
        expect(page.locator("html")).not_to_have_attribute("data-hors-ligne", "true")
        session = page.context.new_cdp_session(page)
        session.send("Network.enable")
        coupe = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
        session.send("Network.emulateNetworkConditions", {**coupe})
        expect(bandeau).to_contain_text("Hors ligne\u00a0: le site et ses outils fonctionnent", timeout=5_000)
        session.send("Network.emulateNetworkConditions", {**coupe, "offline": False})
        expect(bandeau).to_be_hidden(timeout=5_000)
        expect(page.locator("html")).to_have_attribute("data-hors-ligne", "false")

        session.send("Network.emulateNetworkConditions", {**coupe})
        page.reload()
        expect(page.locator("h1")).to_contain_text("Attributs dérivés")
        expect(page.locator(".regles-hors-ligne")).to_contain_text("Hors ligne", timeout=5_000)
        session.send("Network.emulateNetworkConditions", {**coupe, "offline": False})
        expect(page.locator(".regles-hors-ligne")).to_be_hidden(timeout=5_000)
    assert not [texte for texte in console if "Failed to fetch" in texte or "non rattrapée" in texte]


def test_apres_une_visite_lente_la_copie_garde_le_wasm_xz(site: Path, contexte: BrowserContext) -> None:
    """A first visit on a slow link: the offline copy holds the wasm, the wheel and the reduced library in
    xz (the engine's downloads), not their twins; with the network cut, the page reloads and a widget
    computes from that copy (a plain start: the snapshot was made over the library as it is)."""
    with SiteServer(site) as serveur:
        page = contexte.new_page()
        session = contexte.new_cdp_session(page)
        session.send("Network.enable")
        debit = 1_500_000
        lent = {"offline": False, "latency": 20, "downloadThroughput": debit, "uploadThroughput": debit}
        session.send("Network.emulateNetworkConditions", lent)
        version = visiter_et_garder(page, serveur.url + "outils/")
        gardes = page.evaluate(
            """v => caches.open(`regles-${v}`)
                .then(cache => cache.keys())
                .then(cles => cles.map(requete => new URL(requete.url).pathname))""",
            version,
        )
        wasm = sorted(chemin for chemin in gardes if chemin.startswith("/assets/pyodide/pyodide.asm.wasm"))
        assert wasm == ["/assets/pyodide/pyodide.asm.wasm.xz"]
        archive = re.compile(r"/assets/moteur/.*\.(zip|whl)(\.xz)?")
        archives = sorted(chemin for chemin in gardes if archive.fullmatch(chemin))
        attendu = ["/assets/moteur/bibliotheque.zip.xz", "/assets/moteur/rules_py-0.1.0-py3-none-any.whl.xz"]
        assert archives == attendu
        session.send("Network.emulateNetworkConditions", {**lent, "offline": True})
        page.reload()
        racine = widget(page, "jet-de-des")
        assert page.locator("html").get_attribute("data-moteur-source") == "chargement"
        assert soumettre(racine, {"expression": "2d6", "des": "5 6"})["total"] == 11

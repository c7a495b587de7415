"""The engine on a slow link (decision 0005): no snapshot, the xz twins of the wasm and of the archives,
and their fallbacks when a host lacks them or sends them broken."""

from __future__ import annotations

import contextlib
import json
import lzma
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, CDPSession, Page, Route, expect

from tests.browser.conftest import SiteServer
from tests.browser.moteur import ROUE, fichiers_demandes, servir, source_du_moteur
from tests.browser.widgets import PRET, aller, lien_mesure, page_prete, soumettre, widget

pytestmark = pytest.mark.browser


def ralentir(page: Page, debit: int) -> CDPSession:
    """Throttle the page's link (and its workers') to ``debit`` bytes per second, 20 ms of latency.

    Its load waits for its own files behind the engine's downloads on the same link: on a loaded
    machine, longer than Playwright's 30 s, so its navigations get the engine's generous margin."""
    page.set_default_navigation_timeout(PRET)
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    reseau = {"offline": False, "latency": 20, "downloadThroughput": debit, "uploadThroughput": debit}
    session.send("Network.emulateNetworkConditions", reseau)
    return session


def lever_le_frein(session: CDPSession) -> None:
    """The link back to its own speed (after ``ralentir``)."""
    reseau = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    session.send("Network.emulateNetworkConditions", reseau)


def test_sur_un_lien_lent_le_moteur_demarre_sans_instantane(page: Page) -> None:
    """When the link is too slow for the snapshot to pay off, it is not downloaded: a plain start. Its
    wheel is fetched once (in xz), as soon as the wasm is in (before Python is up), and Pyodide's package
    list comes in the manifest (pyodide-lock.json is never fetched)."""
    # 1 MB/s: the 7 MB snapshot would take 7 s, more than the 3 s of start-up it saves.
    ralentir(page, 1_000_000)
    noms = fichiers_demandes(page)
    page.goto("outils/")
    assert source_du_moteur(page) == "chargement"
    assert int(page.locator("html").get_attribute("data-moteur-debit") or 0) < 1_500_000
    assert "instantane.bin.gz" not in noms
    etapes = json.loads(page.locator("html").get_attribute("data-moteur-etapes") or "{}")
    assert list(etapes) == ["manifeste", "wasm", "pyodide", "roue", "import", "moteur"]
    assert sorted(etapes.values()) == list(etapes.values())
    assert [nom for nom in noms if ".whl" in nom] == [f"{ROUE}.xz"]
    assert "pyodide-lock.json" not in noms
    assert soumettre(widget(page, "jet-de-des"), {"expression": "2d6", "des": "3 4"})["total"] == 7
    # The page's tools were imported before « prêt », the others after: a Basic tool computes too,
    # in the same worker (instant navigation).
    page_prete(page)
    aller(page, "basic-maison/attributs-derives/")
    resultat = soumettre(widget(page, "modificateur-degats"), {"for": "14", "tai": "16"})
    assert resultat["modificateur"] == "+1d2"


def test_sur_un_lien_lent_le_wasm_arrive_en_xz(page: Page) -> None:
    """Below 2.5 MB/s, as the page measured it, the worker fetches the wasm in xz with its decoder, never
    its gzipped twin nor the plain file, and so the wheel and the reduced library (never the archives
    themselves); a widget computes."""
    ralentir(page, 1_500_000)
    noms = fichiers_demandes(page)
    page.goto("outils/")
    assert source_du_moteur(page) == "chargement"
    assert soumettre(widget(page, "jet-de-des"), {"expression": "2d6", "des": "6 6"})["total"] == 12
    assert noms.count("pyodide.asm.wasm.xz") == 1
    assert noms.count("xzwasm.js") == 1
    assert not {"pyodide.asm.wasm.gz", "pyodide.asm.wasm"} & set(noms)
    assert noms.count("bibliotheque.zip.xz") == 1
    assert "bibliotheque.zip" not in noms
    assert [nom for nom in noms if ".whl" in nom] == [f"{ROUE}.xz"]


@pytest.mark.parametrize("corps", [None, b"<html>pas du xz</html>"], ids=["absent", "pas-du-xz"])
def test_sans_wasm_xz_lisible_le_lien_lent_prend_le_gzip(page: Page, corps: bytes | None) -> None:
    """A slow link whose host has no xz wasm (404), or sends something else than xz: the gzipped wasm."""
    if corps is None:
        page.route("**/pyodide.asm.wasm.xz", lambda route: route.fulfill(status=404, body=b""))
    else:
        page.route("**/pyodide.asm.wasm.xz", servir(corps))
    ralentir(page, 1_500_000)
    noms = fichiers_demandes(page)
    page.goto("outils/")
    assert source_du_moteur(page) == "chargement"
    assert "pyodide.asm.wasm.gz" in noms
    assert "pyodide.asm.wasm" not in noms
    assert soumettre(widget(page, "jet-de-des"), {"expression": "1d6", "des": "4"})["total"] == 4


@pytest.mark.parametrize(
    "corps",
    [lzma.compress(b"pas du wasm", check=lzma.CHECK_CRC32), lzma.compress(b"\x00" * 100_000)[:200]],
    ids=["xz-pas-du-wasm", "xz-tronque"],
)
def test_un_wasm_xz_corrompu_fait_echouer_le_moteur(page: Page, corps: bytes) -> None:
    """A broken xz wasm (decoded but not wasm, or cut short) fails the engine with a French message naming
    pyodide.asm.wasm, instead of waiting forever."""
    page.route("**/pyodide.asm.wasm.xz", servir(corps))
    ralentir(page, 1_500_000)
    page.goto("outils/")
    racine = page.locator('[data-widget="jet-de-des"]')
    expect(racine).to_have_attribute("data-state", "error", timeout=PRET)
    expect(racine.locator(".regles-widget__etat")).to_contain_text("pyodide.asm.wasm")


def site_modifie(site: Path, dossier: Path, fichiers: dict[str, bytes | None]) -> Path:
    """The built site as links in ``dossier``, but for ``fichiers`` (path in the site: its bytes, or
    None for a missing file). On a throttled link, a file served by ``page.route`` (every request then
    intercepted) can stall the page's own loading in Chromium on a loaded machine: a server serves it."""
    changes = {Path(chemin) for chemin in fichiers}
    dossiers = {parent for chemin in changes for parent in chemin.parents}

    def relier(relatif: Path) -> None:
        (dossier / relatif).mkdir(exist_ok=True)
        for element in (site / relatif).iterdir():
            chemin = relatif / element.name
            if chemin in dossiers:
                relier(chemin)
            elif chemin not in changes:
                (dossier / chemin).symlink_to(element)

    relier(Path())
    for chemin, corps in fichiers.items():
        if corps is not None:
            (dossier / chemin).write_bytes(corps)
    return dossier


@contextlib.contextmanager
def page_sur(browser: Browser, site: Path) -> Iterator[Page]:
    """A page in a fresh context whose server serves ``site`` (its relative addresses go there)."""
    with SiteServer(site) as serveur:
        contexte = browser.new_context(base_url=serveur.url, locale="fr-FR", service_workers="block")
        try:
            yield contexte.new_page()
        finally:
            contexte.close()


@pytest.mark.parametrize("corps", [None, b"PK\x03\x04 pas du xz"], ids=["absent", "pas-du-xz"])
def test_sans_archives_xz_lisibles_le_lien_lent_prend_les_archives(
    browser: Browser, site: Path, tmp_path: Path, corps: bytes | None
) -> None:
    """A slow link whose host has no xz twin of the wheel and of the reduced library (404), or sends
    something else than xz: the archives themselves, and a widget computes."""
    archives = {f"assets/moteur/{nom}.xz": corps for nom in ("bibliotheque.zip", ROUE)}
    with page_sur(browser, site_modifie(site, tmp_path / "site", archives)) as page:
        ralentir(page, 1_500_000)
        noms = fichiers_demandes(page)
        page.goto("outils/")
        assert source_du_moteur(page) == "chargement"
        assert noms.count("bibliotheque.zip") == 1
        assert noms.count(ROUE) == 1
        assert soumettre(widget(page, "jet-de-des"), {"expression": "1d6", "des": "4"})["total"] == 4


@pytest.mark.parametrize("nom", ["bibliotheque.zip", ROUE])
def test_une_archive_xz_tronquee_fait_echouer_le_moteur(
    browser: Browser, site: Path, tmp_path: Path, nom: str
) -> None:
    """The xz twin of the reduced library or of the wheel cut short fails the engine with a French message
    naming the archive, instead of waiting forever."""
    chemin = f"assets/moteur/{nom}.xz"
    tronquee = {chemin: (site / chemin).read_bytes()[:100_000]}
    with page_sur(browser, site_modifie(site, tmp_path / "site", tronquee)) as page:
        # Slow until the engine has chosen the xz twin: a worker that fails (and is stopped) while its
        # downloads are throttled can stall the page's own, in Chromium's emulated link.
        frein = ralentir(page, 1_500_000)
        with page.expect_request(f"**/{nom}.xz", timeout=PRET):
            page.goto("outils/", wait_until="commit")
        lever_le_frein(frein)
        racine = page.locator('[data-widget="jet-de-des"]')
        expect(racine).to_have_attribute("data-state", "error", timeout=PRET)
        expect(racine.locator(".regles-widget__etat")).to_contain_text(f"fichier du moteur illisible : {nom}")


def test_apres_un_instantane_inutilisable_le_lien_lent_demarre_sans_attendre(page: Page) -> None:
    """A slow link as the page measured it, a fast one as the engine did (the snapshot is tried), and no
    snapshot on the host: the plain start follows, its wasm in xz again, and the engine is ready (it
    waited two minutes before, then failed). That second wasm is decoded before the library, asked for
    after it, even when the library's first bytes arrive first (here, the wasm's answer is held back)."""
    lien_mesure(page, 1_500_000)
    page.route("**/instantane.bin.gz", lambda route: route.fulfill(status=404, body=b""))
    demandes: list[str] = []

    def retenir_le_second_wasm(route: Route) -> None:
        demandes.append(route.request.url)
        if len(demandes) == 2:
            time.sleep(1.5)
        route.continue_()

    page.route("**/pyodide.asm.wasm.xz", retenir_le_second_wasm)
    noms = fichiers_demandes(page)
    page.goto("outils/")
    assert source_du_moteur(page) == "chargement"
    assert len(demandes) == 2
    assert noms.count("bibliotheque.zip.xz") == 1
    assert soumettre(widget(page, "jet-de-des"), {"expression": "1d6", "des": "2"})["total"] == 2

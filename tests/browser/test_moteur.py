"""The rules engine in the page: snapshot start-up, its fallbacks, faults and fresh dice (on a slow link:
test_moteur_lien_lent.py)."""

from __future__ import annotations

import gzip
import importlib
import importlib.util
import sys
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.conftest import SiteServer
from tests.browser.moteur import ROUE, fichiers_demandes, servir, source_du_moteur
from tests.browser.widgets import PRET, lien_rapide, remplir, resultat, soumettre, widget

pytestmark = pytest.mark.browser


def test_l_instantane_sert_au_demarrage(page: Page) -> None:
    """A normal visit restores the build's memory snapshot."""
    lien_rapide(page)
    page.goto("outils/")
    assert source_du_moteur(page) == "instantane"
    assert soumettre(widget(page, "jet-de-des"), {"expression": "2d6", "des": "1 6"})["total"] == 7


@pytest.mark.parametrize(
    "corps",
    [b"pas du gzip", gzip.compress(b"\x00" * 4096), gzip.compress(b"instantane tronque")[:20]],
    ids=["pas-gzip", "gzip-de-zeros", "gzip-tronque"],
)
def test_un_instantane_corrompu_donne_un_demarrage_ordinaire(page: Page, corps: bytes) -> None:
    """On a fast link (where the snapshot is fetched) a corrupt snapshot is set aside: Pyodide loads
    normally and the widgets work."""
    lien_rapide(page)
    page.route("**/instantane.bin.gz", lambda route: route.fulfill(status=200, body=corps))
    page.goto("outils/")
    assert source_du_moteur(page) == "chargement"
    assert soumettre(widget(page, "jet-de-des"), {"expression": "1d8", "des": "5"})["total"] == 5


CROCHET = "export function verifierLaRestauration("
VERIFIER_LA_MEMOIRE = (
    CROCHET
    + """memoire, { segments, donnees }, entete, ecrite) {
  const image = new Uint8Array(entete + memoire.length)
  let lu = 0
  for (const [debut, longueur] of segments) {
    image.set(donnees.subarray(lu, lu + longueur), debut)
    lu += longueur
  }
  FAUSSER
  const restauree = new Uint8Array(memoire.buffer, memoire.byteOffset, memoire.length)
  const attendue = image.subarray(entete)
  for (let i = 0; i < attendue.length; i++) {
    if (restauree[i] !== attendue[i]) throw new Error(`mémoire restaurée fausse à l’octet ${i}`)
  }
}"""
)
"""The check of the restored memory, in place of the restore module's hook of the same name: the one
point of restauration.mjs this test replaces (its whole line, found by the function's name)."""


def avec_verification(texte: str, faussee: str) -> str:
    """``texte`` (restauration.mjs) with its hook ``verifierLaRestauration`` checking the memory."""
    lignes = [ligne for ligne in texte.splitlines() if ligne.startswith(CROCHET)]
    assert len(lignes) == 1 and lignes[0].split(")", 1)[1].startswith(" {}")
    return texte.replace(lignes[0], VERIFIER_LA_MEMOIRE.replace("FAUSSER", faussee))


@pytest.mark.parametrize(
    ("faussee", "source"),
    [("", "instantane"), ("memoire[ecrite - 1] ^= 1", "chargement")],
    ids=["fidele", "un-octet-faux"],
)
def test_l_instantane_restaure_en_place_est_la_memoire_exacte(
    page: Page, site: Path, faussee: str, source: str
) -> None:
    """The snapshot written in place (its non-zero segments, zeros only where the memory had been
    written) leaves the memory byte for byte as Pyodide's own restore of the whole image would: checked
    in the worker against that image, a difference failing the snapshot (and a byte made wrong is seen)."""
    lien_rapide(page)
    restauration = (site / "assets/regles/restauration.mjs").read_text(encoding="utf-8")
    verifie = avec_verification(restauration, faussee)
    page.route(
        "**/restauration.mjs",
        lambda route: route.fulfill(status=200, body=verifie, headers={"Content-Type": "text/javascript"}),
    )
    page.goto("outils/")
    assert source_du_moteur(page) == source
    assert soumettre(widget(page, "jet-de-des"), {"expression": "2d4", "des": "1 3"})["total"] == 4


def test_sans_instantane_un_demarrage_ordinaire(page: Page) -> None:
    """Without the snapshot file, the engine still starts, with the wheel and the reduced library as they
    are (a fast link: not their xz twins)."""
    lien_rapide(page)
    page.route("**/instantane.bin.gz", lambda route: route.fulfill(status=404, body=b""))
    noms = fichiers_demandes(page)
    page.goto("outils/")
    assert source_du_moteur(page) == "chargement"
    assert "bibliotheque.zip" in noms
    assert "bibliotheque.zip.xz" not in noms
    assert [nom for nom in noms if ".whl" in nom] == [ROUE]


def test_sans_aide_a_la_decompression_un_demarrage_ordinaire(page: Page, site: Path) -> None:
    """The snapshot's helper worker, started with the engine's, cannot start (its script is missing):
    the engine loads without the snapshot, and the failed helper does not fail the engine."""
    restauration = (site / "assets/regles/restauration.mjs").read_text(encoding="utf-8")
    assert restauration.count('"decompression.mjs"') == 1
    sans_aide = restauration.replace('"decompression.mjs"', '"decompression-absente.mjs"')
    page.route(
        "**/restauration.mjs",
        lambda route: route.fulfill(status=200, body=sans_aide, headers={"Content-Type": "text/javascript"}),
    )
    page.goto("outils/")
    assert source_du_moteur(page) == "chargement"
    assert soumettre(widget(page, "jet-de-des"), {"expression": "1d10", "des": "9"})["total"] == 9
    expect(page.locator("html")).to_have_attribute("data-moteur", "pret")


def test_sans_wasm_le_repli_reste_et_reessayer_le_ramene(page: Page) -> None:
    """Without the wasm the widget says so, keeps its static content, and « Réessayer » recovers.

    The route stays (the wasm let through once « Réessayer » is near): removing it sends the
    driver's new interception settings to every worker, the failed engine's included, while the
    browser ends it; twice, that wait never ended."""
    bloque = True

    def bloquer(route: Route) -> None:
        if bloque:
            route.abort()
        else:
            route.continue_()

    page.route("**/*.wasm*", bloquer)
    page.goto("outils/")
    racine = page.locator('[data-widget="jet-de-des"]')
    expect(racine).to_have_attribute("data-state", "error", timeout=PRET)
    expect(racine.locator(".regles-widget__etat")).to_contain_text("pyodide.asm.wasm")
    expect(racine.locator(".regles-widget__statique")).to_be_visible()
    bloque = False
    racine.get_by_role("button", name="Réessayer").click()
    racine = widget(page, "jet-de-des")
    assert soumettre(racine, {"expression": "1d6", "des": "2"})["total"] == 2


def arreter_le_travailleur(page: Page, site: Path, script: str, message: str) -> None:
    """Make the engine's worker run ``script`` once it has answered; the widget must say ``message`` within
    2 s, then « Réessayer » brings the engine back with no stale text.

    The worker is served with ``script`` appended, run on a message from the page (evaluating in the
    worker from the test driver waits, at times, for ever)."""
    travailleur = (site / "assets/regles/travailleur.mjs").read_text(encoding="utf-8")
    ecoute = 'addEventListener("message", ({ data }) => { if (data?.essai === "arreter") { SCRIPT } })'
    arretable = f"{travailleur}\n{ecoute.replace('SCRIPT', script)}\n"
    page.route(
        "**/travailleur.mjs",
        lambda route: route.fulfill(status=200, body=arretable, headers={"Content-Type": "text/javascript"}),
    )
    page.goto("outils/")
    racine = widget(page, "jet-de-des")
    assert soumettre(racine, {"expression": "1d6", "des": "3"})["total"] == 3
    page.evaluate("window.regles.moteur.travailleur.postMessage({ essai: 'arreter' })")
    etat = racine.locator(".regles-widget__etat")
    expect(etat).to_contain_text(message, timeout=2_500)
    expect(etat).not_to_contain_text("n’a pas pu se charger")
    expect(etat).to_contain_text("Les tableaux ci-dessus restent valables.")
    racine.get_by_role("button", name="Réessayer").click()
    racine = widget(page, "jet-de-des")
    assert soumettre(racine, {"expression": "1d6", "des": "5"})["total"] == 5
    expect(racine).not_to_contain_text("s’est arrêté")
    expect(racine.locator(".regles-texte--panne, .regles-texte--attente")).to_have_count(0)


def test_un_moteur_arrete_le_dit_et_reessayer_le_ramene(page: Page, site: Path) -> None:
    """A worker that stops (as the browser kills it: no event) is noticed within 2 s, the widget says the
    engine stopped, not that it failed to load; « Réessayer » brings it back with no stale text."""
    arreter_le_travailleur(page, site, "close()", "Le moteur de calcul s’est arrêté")


# A worker that runs out of memory: it allocates without end and stops answering (bounded here at
# 1.5 GB, not to starve the machine). Past V8's heap limit Chromium takes the whole tab down, beyond any
# script's reach; before it, the engine must notice and say so.
SANS_FIN = """setTimeout(() => {
    const garde = []
    for (;;) if (garde.length < 180) garde.push(new Array(1 << 20).fill(1.5))
}, 0)"""


def test_un_moteur_a_court_de_memoire_le_dit_et_reessayer_le_ramene(page: Page, site: Path) -> None:
    """A worker filling its memory: within 2 s the widget says the engine stopped (« mémoire insuffisante
    ? »), in French; « Réessayer » brings it back with no stale text."""
    arreter_le_travailleur(page, site, SANS_FIN, "Le moteur de calcul s’est arrêté (mémoire insuffisante ?)")
    assert page.errors == []  # type: ignore[attr-defined]


DELAI_REPONSE = 10_000
"""ms: how long the engine's client waits for an answer before it deems its worker silent (moteur.js)."""

# A worker that says it is ready, then never answers (as the one seen, rarely, on a loaded machine).
MUET = b'postMessage({ type: "etat", etat: "pret", source: "chargement" }); onmessage = () => {}'


def test_un_moteur_muet_est_remplace_et_le_calcul_aboutit(page: Page) -> None:
    """A worker silent after « prêt »: 10 s later a new one replaces it, the pending roll is sent to it
    again and its result comes; the widget never says the engine stopped."""
    demandes: list[str] = []

    def premier_muet(route: Route) -> None:
        demandes.append(route.request.url)
        if len(demandes) == 1:
            route.fulfill(status=200, body=MUET, headers={"Content-Type": "text/javascript"})
        else:
            route.continue_()

    page.clock.install()  # the page's clock, moved past the watchdog rather than waited for
    page.route("**/travailleur.mjs", premier_muet)
    page.goto("outils/")
    racine = widget(page, "jet-de-des")
    remplir(racine, {"expression": "2d6", "des": "3 4"})
    racine.locator(".regles-widget__formulaire input[type=text]").first.press("Enter")
    page.clock.fast_forward(DELAI_REPONSE)
    expect(racine).to_have_attribute("data-reponses", "1", timeout=PRET)
    assert resultat(racine)["total"] == 7
    assert len(demandes) == 2
    expect(racine).not_to_contain_text("s’est arrêté")


def test_deux_moteurs_muets_font_echouer_le_calcul(page: Page) -> None:
    """When the replacing worker is silent too, the widget says the engine no longer answers, in French,
    and « Réessayer » brings a working one."""
    muets = [0]

    def deux_muets(route: Route) -> None:
        muets[0] += 1
        if muets[0] <= 2:
            route.fulfill(status=200, body=MUET, headers={"Content-Type": "text/javascript"})
        else:
            route.continue_()

    page.clock.install()  # the page's clock, moved past each watchdog rather than waited for
    page.route("**/travailleur.mjs", deux_muets)
    page.goto("outils/")
    racine = page.locator('[data-widget="jet-de-des"]')
    expect(racine).to_have_attribute("data-state", "ready", timeout=PRET)
    champ = racine.locator(".regles-widget__formulaire input[type=text]").first
    champ.fill("1d6")
    champ.press("Enter")
    etat = racine.locator(".regles-widget__etat")
    # The first watchdog replaces the worker; the second, counted from the new worker's « prêt »,
    # gives up: the clock moves on until the widget says so.
    for _ in range(10):
        page.clock.fast_forward(DELAI_REPONSE)
        if "il ne répond plus" in (etat.text_content() or ""):
            break
        page.wait_for_timeout(200)
    expect(etat).to_contain_text("Le moteur de calcul s’est arrêté (il ne répond plus", timeout=PRET)
    assert muets[0] == 2
    racine.get_by_role("button", name="Réessayer").click()
    assert soumettre(widget(page, "jet-de-des"), {"expression": "1d6", "des": "2"})["total"] == 2


# The real worker, held busy for 3 s right after it said « prêt » (as a slow phone importing the rest
# of the tools, or a loaded machine).
OCCUPE_APRES_PRET = b"""import "./travailleur.mjs?vrai"
const poster = self.postMessage.bind(self)
self.postMessage = (message, ...reste) => {
  poster(message, ...reste)
  if (message?.etat === "pret") setTimeout(() => { const fin = Date.now() + 3000; while (Date.now() < fin); })
}"""


def test_un_moteur_occupe_apres_pret_n_est_pas_declare_arrete(page: Page) -> None:
    """A worker busy for 3 s after « prêt » is not taken for a dead one (its heartbeat starts once every
    tool is imported): the widget never says the engine stopped, and computes."""

    def enveloppe(route: Route) -> None:
        if "?vrai" in route.request.url:
            route.continue_()
        else:
            route.fulfill(status=200, body=OCCUPE_APRES_PRET, headers={"Content-Type": "text/javascript"})

    page.route(lambda adresse: "travailleur.mjs" in adresse, enveloppe)
    page.goto("outils/")
    racine = widget(page, "jet-de-des")
    page.wait_for_timeout(4_000)
    expect(racine).not_to_contain_text("s’est arrêté")
    assert soumettre(racine, {"expression": "1d10", "des": "9"})["total"] == 9


def test_deux_visites_neuves_lancent_des_des_differents(browser: Browser, server: SiteServer) -> None:
    """The restored snapshot is reseeded: two fresh visits do not replay the same dice."""
    suites = []
    for _ in range(2):
        contexte = browser.new_context(base_url=server.url, service_workers="block")
        page = lien_rapide(contexte.new_page())
        page.goto("outils/")
        suites.append(soumettre(widget(page, "jet-de-des"), {"expression": "20d100", "des": ""})["des"])
        assert source_du_moteur(page) == "instantane"
        contexte.close()
    assert suites[0] != suites[1]


def test_le_wasm_et_le_module_arrivent_compresses(page: Page) -> None:
    """Pyodide's wasm and module come gzipped, with the reduced standard library; never the plain files,
    nor the xz wasm and its decoder (a fast link)."""
    lien_rapide(page)
    noms = fichiers_demandes(page)
    page.goto("outils/")
    assert source_du_moteur(page) == "instantane"
    assert {"pyodide.asm.wasm.gz", "pyodide.asm.mjs.gz", "bibliotheque.zip"} <= set(noms)
    assert not {"pyodide.asm.wasm", "pyodide.asm.mjs", "python_stdlib.zip"} & set(noms)
    assert not {"pyodide.asm.wasm.xz", "xzwasm.js", "bibliotheque.zip.xz", f"{ROUE}.xz"} & set(noms)


def test_sans_fichiers_compresses_les_fichiers_ordinaires(page: Page) -> None:
    """A host without the gzipped twins: the engine reads the plain wasm and module."""
    lien_rapide(page)
    page.route("**/pyodide.asm.*.gz", lambda route: route.fulfill(status=404, body=b""))
    noms = fichiers_demandes(page)
    page.goto("outils/")
    assert source_du_moteur(page) == "instantane"
    assert {"pyodide.asm.wasm", "pyodide.asm.mjs"} <= set(noms)
    assert soumettre(widget(page, "jet-de-des"), {"expression": "1d4", "des": "4"})["total"] == 4


def test_un_hote_qui_decompresse_deja_les_gz(page: Page, site: Path) -> None:
    """A host that sends the .gz files decoded (Content-Encoding: gzip): the engine still starts."""
    lien_rapide(page)
    for nom in ("pyodide.asm.wasm", "pyodide.asm.mjs"):
        corps = gzip.decompress((site / "assets/pyodide" / f"{nom}.gz").read_bytes())
        page.route(f"**/{nom}.gz", servir(corps))
    page.goto("outils/")
    assert source_du_moteur(page) == "instantane"


def test_un_wasm_compresse_corrompu_fait_echouer_le_moteur(page: Page) -> None:
    """A broken gzipped wasm fails the engine with a French message, instead of waiting forever."""
    lien_rapide(page)  # the gzipped wasm (a link measured slow takes the xz twin)
    page.route(
        "**/pyodide.asm.wasm.gz", lambda route: route.fulfill(status=200, body=gzip.compress(b"pas du wasm"))
    )
    page.goto("outils/")
    racine = page.locator('[data-widget="jet-de-des"]')
    expect(racine).to_have_attribute("data-state", "error", timeout=PRET)
    expect(racine.locator(".regles-widget__etat")).to_contain_text("pyodide.asm.wasm")


def test_la_bibliotheque_reduite_et_son_chercheur(site: Path, tmp_path: Path, monkeypatch) -> None:
    """The reduced library holds what the engine imports, as bytecode; its finder takes any other
    module from the whole library, fetched once (here, CPython on the build's two zips)."""
    reduite = zipfile.ZipFile(site / "assets/moteur/bibliotheque.zip")
    noms = set(reduite.namelist())
    assert {"random.pyc", "fractions.pyc", "json/__init__.pyc", "_regles_bibliotheque.py"} <= noms
    assert "random.py" not in noms and "email/message.pyc" not in noms and "xml/dom/minidom.pyc" not in noms
    assert (site / "assets/moteur/bibliotheque.zip").stat().st_size < 1_000_000
    chercheur = tmp_path / "_regles_bibliotheque.py"
    chercheur.write_bytes(reduite.read("_regles_bibliotheque.py"))
    spec = importlib.util.spec_from_file_location("_regles_bibliotheque", chercheur)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert "xml.dom.minidom" in module.MODULES and "inexistant" not in module.MODULES
    complete = tmp_path / "complete.zip"
    with zipfile.ZipFile(complete, "w") as archive:
        archive.writestr("xml_essai/__init__.py", "")
        archive.writestr("xml_essai/dom.py", "VALEUR = 42\n")
    monkeypatch.setattr(module, "MODULES", frozenset({"xml_essai", "xml_essai.dom"}))
    monkeypatch.setattr(module, "COMPLETE", str(complete))
    telechargements: list[str] = []

    def telecharger() -> None:
        telechargements.append(module._adresse)
        sys.path.append(str(complete))

    monkeypatch.setattr(module, "_telecharger", telecharger)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(sys, "path", list(sys.path))
    module.installer("https://exemple.org/python_stdlib.zip")
    assert module.BibliothequeComplete.find_spec("inexistant") is None
    assert telechargements == []
    assert importlib.import_module("xml_essai.dom").VALEUR == 42
    assert telechargements == ["https://exemple.org/python_stdlib.zip"]
    for nom in ("xml_essai.dom", "xml_essai"):
        sys.modules.pop(nom, None)

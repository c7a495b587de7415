"""The site as an app (Chromium reads its manifest) and as a site being written (live reload, CSP)."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.conftest import ROOT
from tests.couverture import sans_couverture

pytestmark = pytest.mark.browser

VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", e => {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI)
});
"""
ETAT_DU_NAVIGATEUR_DE_TEST = {"in-incognito", "no-matching-service-worker"}
"""Installability errors from the test's browser (private context, service workers blocked), not the site."""
PAGE_MODIFIEE = Path("docs/glossaire.md")
NOUVEAU_TEXTE = "Phrase ajoutée pendant le test du rechargement automatique."
ATTENTE = 180_000
"""Generous: the suite checks that the page reloads, not how fast (benchmarks/serve.py measures it)."""


def test_chromium_lit_le_manifeste_sans_erreur(context: BrowserContext) -> None:
    """Page.getAppManifest : le manifeste est trouvé, sans erreur, avec ses icônes et son nom."""
    page = context.new_page()
    page.goto("basic-maison/combat/")
    session = context.new_cdp_session(page)
    reponse = session.send("Page.getAppManifest")
    assert reponse["url"].endswith("/manifest.webmanifest")
    assert reponse["errors"] == []
    manifeste = json.loads(reponse["data"])
    assert manifeste["name"] == "Règles de jeu de rôle"
    for icone in manifeste["icons"]:
        assert page.request.get(urljoin(reponse["url"], icone["src"])).status == 200
    erreurs = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in erreurs if e["errorId"] not in ETAT_DU_NAVIGATEUR_DE_TEST] == []


def _port_libre() -> int:
    with socket.socket() as sonde:
        sonde.bind(("127.0.0.1", 0))
        return int(sonde.getsockname()[1])


@pytest.fixture(scope="module")
def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path, list[str]]]:
    """``mkdocs serve`` on a copy of mkdocs.yml and docs/: its address, the copy, its log."""
    copie = tmp_path_factory.mktemp("serve")
    shutil.copy(ROOT / "mkdocs.yml", copie)
    shutil.copytree(ROOT / "docs", copie / "docs")
    for lien in ("node_modules", ".cache", "overrides"):
        if (ROOT / lien).exists():
            (copie / lien).symlink_to(ROOT / lien)
    adresse = f"127.0.0.1:{_port_libre()}"
    processus = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", adresse],
        cwd=copie,
        # Unmeasured: terminated at the end, it would not write its measure (test_livre’s build is).
        env=sans_couverture({**os.environ, "NO_MKDOCS_2_WARNING": "1"}),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    journal: list[str] = []
    pret = threading.Event()

    def lire() -> None:
        for ligne in processus.stdout or ():
            journal.append(ligne)
            if "Serving on" in ligne:
                pret.set()

    threading.Thread(target=lire, daemon=True).start()
    try:
        if not pret.wait(ATTENTE / 1000):
            pytest.fail("mkdocs serve n'a pas démarré :\n" + "".join(journal[-20:]))
        yield f"http://{adresse}/", copie, journal
    finally:
        processus.terminate()
        processus.wait(30)


def test_mkdocs_serve_recharge_la_page_modifiee_sans_erreur_csp(
    browser: Browser, serve: tuple[str, Path, list[str]]
) -> None:
    """Sous mkdocs serve, une page ouverte montre le texte modifié, sans aucune erreur de CSP."""
    adresse, copie, journal = serve
    contexte = browser.new_context(base_url=adresse, locale="fr-FR", service_workers="block")
    contexte.add_init_script(VIOLATIONS)
    erreurs_csp: list[str] = []
    page: Page = contexte.new_page()
    page.on(
        "console",
        lambda message: (
            erreurs_csp.append(message.text)
            if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text
            else None
        ),
    )
    try:
        with page.expect_console_message(lambda message: message.text == "Enabled live reload"):
            page.goto("glossaire/")
        source = copie / PAGE_MODIFIEE
        texte = source.read_text(encoding="utf-8")
        source.write_text(texte.replace("\n\n", f"\n\n{NOUVEAU_TEXTE}\n\n", 1), encoding="utf-8")
        expect(page.locator("article")).to_contain_text(NOUVEAU_TEXTE, timeout=ATTENTE)
        assert page.evaluate("window.__violations") == []
        assert erreurs_csp == []
        assert any("Reloading browsers" in ligne for ligne in journal)
    finally:
        contexte.close()


def test_le_site_construit_garde_sa_politique_stricte(site: Path) -> None:
    """Le site construit n'a jamais « unsafe-inline » pour les scripts, seulement des empreintes."""
    for chemin in (site / "glossaire" / "index.html", site / "basic-maison" / "combat" / "index.html"):
        politique = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', chemin.read_text())
        assert politique is not None
        [script_src] = [d for d in politique.group(1).split("; ") if d.startswith("script-src")]
        assert "'unsafe-inline'" not in script_src
        assert "'sha256-" in script_src

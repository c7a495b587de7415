"""``mkdocs serve``: time from saving a page to its new text shown in a real Chromium (target: under 2 s).

    .venv/bin/python -m benchmarks.serve [--modifications 5]

Serves a copy of mkdocs.yml and docs/ (the Node packages and the snapshot cache
are linked, not copied) and opens one of its pages in headless Chromium
(Debian's). Then edits that page several times: each time, the clock runs from
the file's save to the new sentence in the open page (change detection,
rebuild, the live-reload poll and the page's reload included). Also reports
when MkDocs logged « Reloading browsers », and counts the page's CSP errors
(there must be none: the live-reload script runs under the page's policy).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from benchmarks.historique import enregistrer

ROOT = Path(__file__).resolve().parent.parent
PAGE = Path("docs/basic-maison/combat.md")
URL = "basic-maison/combat/"
CONSTRUIT = re.compile(r"Documentation built in ([\d.]+) seconds")
RECHARGE = "Reloading browsers"
VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", e => window.__violations.push(e.violatedDirective));
"""


def port_libre() -> int:
    with socket.socket() as sonde:
        sonde.bind(("127.0.0.1", 0))
        return int(sonde.getsockname()[1])


def main() -> None:
    analyse = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    analyse.add_argument("--modifications", type=int, default=5)
    nombre = analyse.parse_args().modifications
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        raise SystemExit("Chromium est introuvable : installez le paquet Debian « chromium ».")
    with tempfile.TemporaryDirectory(prefix="regles-serve-") as temporaire:
        copie = Path(temporaire)
        shutil.copy(ROOT / "mkdocs.yml", copie)
        shutil.copytree(ROOT / "docs", copie / "docs")
        for lien in ("node_modules", ".cache"):
            if (ROOT / lien).exists():
                (copie / lien).symlink_to(ROOT / lien)
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        adresse = f"127.0.0.1:{port_libre()}"
        commande = [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", adresse]
        processus = subprocess.Popen(
            commande, cwd=copie, env=env, stderr=subprocess.STDOUT, stdout=subprocess.PIPE, text=True
        )
        durees: list[float] = []
        recharges: list[float] = []
        servi = threading.Event()
        journal: list[str] = []

        def lire() -> None:
            for ligne in processus.stdout or ():
                journal.append(ligne)
                if trouve := CONSTRUIT.search(ligne):
                    durees.append(float(trouve.group(1)))
                if "Serving on" in ligne:
                    servi.set()
                if RECHARGE in ligne:
                    recharges.append(time.perf_counter())

        threading.Thread(target=lire, daemon=True).start()
        affichages: list[float] = []
        journaux: list[float] = []
        erreurs_csp: list[str] = []
        try:
            if not servi.wait(300):
                raise SystemExit("mkdocs serve n'a pas démarré en 300 s :\n" + "".join(journal[-15:]))
            premiere = durees[-1]
            with sync_playwright() as playwright:
                navigateur = playwright.chromium.launch(
                    executable_path=chromium, headless=True, args=["--no-sandbox", "--disable-gpu"]
                )
                contexte = navigateur.new_context(base_url=f"http://{adresse}/", service_workers="block")
                contexte.add_init_script(VIOLATIONS)
                page = contexte.new_page()
                page.on(
                    "console",
                    lambda message: (
                        erreurs_csp.append(message.text)
                        if "Content Security Policy" in message.text
                        else None
                    ),
                )
                with page.expect_console_message(lambda message: message.text == "Enabled live reload"):
                    page.goto(URL)
                source = copie / PAGE
                for numero in range(nombre):
                    time.sleep(1.5)  # let the watcher settle between edits
                    phrase = f"Modification numéro {numero} du banc d'essai."
                    deja = len(recharges)
                    debut = time.perf_counter()
                    source.write_text(source.read_text(encoding="utf-8") + f"\n{phrase}\n", encoding="utf-8")
                    page.wait_for_function(
                        "phrase => (document.querySelector('article')?.textContent || '').includes(phrase)",
                        arg=phrase,
                        timeout=120_000,
                    )
                    affichages.append(time.perf_counter() - debut)
                    if len(recharges) > deja:
                        journaux.append(recharges[deja] - debut)
                    erreurs_csp += page.evaluate("window.__violations")
                navigateur.close()
        finally:
            processus.terminate()
            processus.wait(30)
    print(f"mkdocs serve : première construction {premiere:.2f} s (sans PDF ni service worker)")
    print(
        f"  de l'enregistrement d'une page au nouveau texte affiché dans Chromium ({nombre} fois) :"
        f" médiane {statistics.median(affichages):.2f} s, pire {max(affichages):.2f} s (cible 2 s)"
    )
    if journaux:
        print(
            f"  dont jusqu'à « {RECHARGE} » dans le journal de MkDocs :"
            f" médiane {statistics.median(journaux):.2f} s, pire {max(journaux):.2f} s"
        )
    print(f"  erreurs de CSP dans la console de la page : {len(erreurs_csp)}")
    mesures = {
        "premiere_construction_s": round(premiere, 2),
        "page_enregistree_a_texte_affiche_mediane_s": round(statistics.median(affichages), 2),
        "page_enregistree_a_texte_affiche_pire_s": round(max(affichages), 2),
        "modifications": nombre,
        "erreurs_csp": len(erreurs_csp),
    }
    if journaux:
        mesures["jusqu_au_rechargement_mediane_s"] = round(statistics.median(journaux), 2)
    chemin = enregistrer("serve", mesures, "mkdocs serve dans Chromium sans tête.")
    print(f"  mesures enregistrées dans {chemin}")


if __name__ == "__main__":
    main()

"""The first visit as readers get it: a phone-like link, a plain host and a compressing one.

    .venv/bin/python -m benchmarks.reseau [--essais 3] [--profils 4G "3G lent"]
                                          [--serveurs simple compression]

Builds the site once and serves it from two loopback servers written here, which
count every byte they send:

- ``simple``: the worst common static host, no compression (Last-Modified, no
  Cache-Control, like a bare nginx);
- ``compression``: a host that compresses, serving the precompressed ``.br`` or
  ``.gz`` beside a file when there is one, gzip on the fly otherwise (text, JSON,
  JavaScript, wasm), never twice (``.gz``, ``.zip``, ``.whl``, images, PDF as they are).

For each network profile (the rate and round trip of Chrome DevTools' presets), the
link is throttled at the server: one link shared by all its connections, each chunk
sent in turn at the profile's rate, each response after one round trip. Chromium's
own throttling (``Network.emulateNetworkConditions``, option ``--devtools``) was
measured to let the downloads of a nested worker (the snapshot's helper) and of the
service worker through faster than the profile: 13.6 MB in 7.8 s on "4G". Each
time in a fresh context with the service worker blocked, the medians of:

- the floor: navigation → a bare ``loadPyodide()`` resolved in a module worker;
- navigation → first widget ready on ``outils/`` (ratio to the floor of the same run),
  and the bytes the server sent up to that moment;
- the largest contentful paint of that widget page.

Then, once per server (the bytes do not depend on the link), one whole first visit
with the service worker allowed, up to the offline copy stored and the server
silent: the bytes sent, against the bytes of the distinct files it needed.

Targets (issue 15, "4G", plain server): first widget ≤ 0.35 × floor, ≤ 6 MB up to
it; LCP ≤ 2.5 s; a whole first visit ≤ 1.1 × its distinct files.
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import json
import mimetypes
import os
import shutil
import socket
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote, urlsplit

from playwright.sync_api import Browser, Page, sync_playwright

from benchmarks.historique import enregistrer
from benchmarks.navigateur import PREMIER_PRET, construire, page_au_repos, port_libre
from tests.browser.conftest import CHROMIUM_ARGS

PAGE_WIDGET = "outils/"

# Download throughput and latency of each profile, as DevTools' presets give them.
PROFILS: dict[str, tuple[float, float]] = {
    "4G": (9e6, 60.0),
    "3G lent": (1.6e6, 150.0),
}

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".xml": "application/xml",
    ".txt": "text/plain; charset=utf-8",
    ".whl": "application/octet-stream",
    ".gz": "application/octet-stream",
    ".zip": "application/zip",
}
COMPRESSIBLES = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".xml", ".txt", ".ico", ".map"}

LCP = """window.__lcp = 0;
new PerformanceObserver(liste => {
  for (const e of liste.getEntries()) window.__lcp = e.startTime
}).observe({ type: "largest-contentful-paint", buffered: true });"""


@dataclass
class Compteur:
    """Bytes sent by a server (headers included), in all and per path of a full response."""

    total: int = 0
    fichiers: dict[str, int] = field(default_factory=dict)
    journal: list[tuple[str, float, float, int]] = field(default_factory=list)
    derniere: float = field(default_factory=time.monotonic)
    verrou: threading.Lock = field(default_factory=threading.Lock)

    def remettre_a_zero(self) -> None:
        with self.verrou:
            self.total = 0
            self.fichiers = {}
            self.journal = []

    def ajouter(self, octets: int) -> None:
        with self.verrou:
            self.total += octets
            self.derniere = time.monotonic()

    def fichier(self, chemin: str, octets: int) -> None:
        with self.verrou:
            self.fichiers[chemin] = max(octets, self.fichiers.get(chemin, 0))


class Lien:
    """The phone-like link shared by all the server's connections: each chunk leaves in turn
    at the profile's rate, each response after one round trip (None: loopback, no limit)."""

    MORCEAU = 16_384

    def __init__(self) -> None:
        self.profil: str | None = None
        self.libre = 0.0
        self.verrou = threading.Lock()

    def attendre_la_latence(self) -> None:
        if self.profil is not None:
            time.sleep(PROFILS[self.profil][1] / 1000)

    def envoyer(self, flux, octets: bytes) -> None:
        if self.profil is None:
            flux.write(octets)
            return
        debit = PROFILS[self.profil][0]
        vue = memoryview(octets)
        for debut in range(0, len(vue), self.MORCEAU):
            morceau = vue[debut : debut + self.MORCEAU]
            with self.verrou:
                self.libre = max(self.libre, time.monotonic()) + len(morceau) * 8 / debit
                depart = self.libre
            time.sleep(max(0.0, depart - time.monotonic()))
            flux.write(morceau)


class _Comptant:
    """The handler's output stream, counting what goes through it."""

    def __init__(self, flux, compteur: Compteur) -> None:
        self.flux = flux
        self.compteur = compteur

    def write(self, octets: bytes) -> int:
        self.compteur.ajouter(len(octets))
        return self.flux.write(octets)

    def writelines(self, lignes) -> None:
        for ligne in lignes:
            self.write(ligne)

    def flush(self) -> None:
        self.flux.flush()

    def close(self) -> None:
        self.flux.close()

    @property
    def closed(self) -> bool:
        return self.flux.closed


class Statique(BaseHTTPRequestHandler):
    """A static host: GET and HEAD, Last-Modified and If-Modified-Since, no Cache-Control."""

    protocol_version = "HTTP/1.1"
    racine: ClassVar[Path]
    compteur: ClassVar[Compteur]
    lien: ClassVar[Lien]
    compresse: ClassVar[bool] = False
    en_memoire: ClassVar[dict[str, bytes]] = {}

    def setup(self) -> None:
        super().setup()
        # A small send buffer: the bytes counted are (nearly) those the browser has received.
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 65_536)
        self.wfile = _Comptant(self.wfile, self.compteur)

    def log_message(self, format: str, *args: object) -> None:
        pass

    def chemin(self) -> Path | None:
        relatif = unquote(urlsplit(self.path).path).lstrip("/")
        chemin = (self.racine / relatif).resolve()
        if not chemin.is_relative_to(self.racine):
            return None
        if chemin.is_dir():
            chemin = chemin / "index.html"
        return chemin if chemin.is_file() else None

    def corps(self, chemin: Path) -> tuple[bytes, str | None]:
        """The bytes to send and their Content-Encoding."""
        if not self.compresse:
            return chemin.read_bytes(), None
        acceptees = self.headers.get("Accept-Encoding", "")
        for encodage, suffixe in (("br", ".br"), ("gzip", ".gz")):
            voisin = chemin.with_name(chemin.name + suffixe)
            if encodage in acceptees and voisin.is_file():
                return voisin.read_bytes(), encodage
        if "gzip" in acceptees and chemin.suffix in COMPRESSIBLES:
            cle = str(chemin)
            if cle not in self.en_memoire:
                self.en_memoire[cle] = gzip.compress(chemin.read_bytes(), 6)
            return self.en_memoire[cle], "gzip"
        return chemin.read_bytes(), None

    def repondre(self, avec_corps: bool) -> None:
        self.lien.attendre_la_latence()
        chemin = self.chemin()
        if chemin is None:
            self.send_error(404)
            return
        modifie = email.utils.formatdate(chemin.stat().st_mtime, usegmt=True)
        if self.headers.get("If-Modified-Since") == modifie:
            self.send_response(304)
            self.send_header("Last-Modified", modifie)
            self.end_headers()
            return
        corps, encodage = self.corps(chemin)
        self.send_response(200)
        type_ = TYPES.get(chemin.suffix) or mimetypes.guess_type(chemin.name)[0] or "application/octet-stream"
        self.send_header("Content-Type", type_)
        self.send_header("Content-Length", str(len(corps)))
        self.send_header("Last-Modified", modifie)
        if self.compresse:
            self.send_header("Vary", "Accept-Encoding")
        if encodage:
            self.send_header("Content-Encoding", encodage)
        self.end_headers()
        if avec_corps:
            debut = time.monotonic()
            self.lien.envoyer(self.wfile, corps)
            self.compteur.fichier(urlsplit(self.path).path, len(corps))
            self.compteur.journal.append((urlsplit(self.path).path, debut, time.monotonic(), len(corps)))

    def do_GET(self) -> None:
        self.repondre(True)

    def do_HEAD(self) -> None:
        self.repondre(False)


@contextmanager
def serveur(site: Path, compresse: bool, port: int | None = None) -> Iterator[tuple[str, Compteur, Lien]]:
    """The site on a loopback port, counting the bytes it sends, through a link to throttle."""
    compteur = Compteur()
    lien = Lien()
    gestionnaire = type(
        "Gestionnaire",
        (Statique,),
        {
            "racine": site.resolve(),
            "compteur": compteur,
            "lien": lien,
            "compresse": compresse,
            "en_memoire": {},
        },
    )
    httpd = ThreadingHTTPServer(("127.0.0.1", port or port_libre()), gestionnaire)
    httpd.daemon_threads = True
    fil = threading.Thread(target=httpd.serve_forever, daemon=True)
    fil.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/", compteur, lien
    finally:
        httpd.shutdown()
        httpd.server_close()


# How the link is throttled: at the server (default), or by Chromium through the DevTools
# protocol (--devtools), which, measured here, lets a nested worker's downloads (the
# snapshot's helper) and the service worker's go faster than the profile.
PAR_DEVTOOLS = False


def freiner(page: Page, profil: str | None) -> None:
    """With --devtools, throttle ``page`` to ``profil`` through the DevTools protocol."""
    if profil is None or not PAR_DEVTOOLS:
        return
    debit, latence = PROFILS[profil]
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": latence,
            "downloadThroughput": debit / 8,
            "uploadThroughput": debit / 8,
        },
    )


def detailler(compteur: Compteur) -> None:
    """With REGLES_RESEAU_DETAIL set, print when each response was sent."""
    if not os.environ.get("REGLES_RESEAU_DETAIL") or not compteur.journal:
        return
    origine = min(debut for _, debut, _, _ in compteur.journal)
    for chemin, debut, fin, taille in compteur.journal:
        print(f"      {debut - origine:6.2f} → {fin - origine:6.2f} s  {taille / 1e6:6.2f} Mo  {chemin}")


def plancher(browser: Browser, url: str, compteur: Compteur, profil: str | None) -> float:
    contexte = browser.new_context(service_workers="block")
    page = page_au_repos(contexte)
    compteur.remettre_a_zero()
    freiner(page, profil)
    page.goto(url + "plancher/", wait_until="commit")
    page.wait_for_selector("html[data-plancher]", timeout=600_000)
    duree = float(page.locator("html").get_attribute("data-plancher") or "nan")
    detailler(compteur)
    contexte.close()
    return duree


def premier_widget(
    browser: Browser, url: str, compteur: Compteur, profil: str | None
) -> tuple[float, float, int, str, dict[str, float]]:
    """Cold visit of the widget page: first widget ready (ms), its LCP (ms), bytes sent up to it,
    how the engine started (``instantane``: snapshot; ``chargement``: plain start), and when
    each step of the engine's start-up ended (ms since its worker began)."""
    contexte = browser.new_context(service_workers="block")
    page = page_au_repos(contexte)
    page.add_init_script(PREMIER_PRET)
    page.add_init_script(LCP)
    freiner(page, profil)
    compteur.remettre_a_zero()
    page.goto(url + PAGE_WIDGET, wait_until="commit")
    page.wait_for_selector("[data-widget][data-state='ready']", timeout=600_000)
    octets = compteur.total
    detailler(compteur)
    pret = float(page.evaluate("window.__premierPret"))
    lcp = float(page.evaluate("window.__lcp"))
    page.wait_for_selector("html[data-moteur='pret']")
    source = page.locator("html").get_attribute("data-moteur-source") or "?"
    etapes = json.loads(page.locator("html").get_attribute("data-moteur-etapes") or "{}")
    contexte.close()
    return pret, lcp, octets, source, etapes


def attendre_le_silence(compteur: Compteur, secondes: float = 2.0, limite: float = 300.0) -> None:
    debut = time.monotonic()
    while time.monotonic() - compteur.derniere < secondes and time.monotonic() - debut < limite:
        time.sleep(0.2)


def visite_entiere(browser: Browser, url: str, compteur: Compteur) -> tuple[int, int, int]:
    """One whole first visit, offline copy included: bytes sent, bytes of the distinct files
    it needed (each counted once), and number of those files."""
    contexte = browser.new_context(service_workers="allow")
    page = page_au_repos(contexte)
    compteur.remettre_a_zero()
    page.goto(url + PAGE_WIDGET)
    page.wait_for_selector("[data-widget][data-state='ready']", timeout=600_000)
    page.wait_for_selector("html[data-hors-ligne-pret]", timeout=600_000)
    attendre_le_silence(compteur)
    total, fichiers = compteur.total, dict(compteur.fichiers)
    contexte.close()
    return total, sum(fichiers.values()), len(fichiers)


def mesurer(
    browser: Browser, url: str, compteur: Compteur, lien: Lien, profil: str, essais: int
) -> dict[str, object]:
    """Print the medians of one network profile and return them for the history."""
    planchers, prets, lcps, octets = [], [], [], []
    sources, etapes = set(), []
    lien.profil = None if PAR_DEVTOOLS else profil
    for _ in range(essais):
        planchers.append(plancher(browser, url, compteur, profil))
        pret, lcp, envoyes, source, temps = premier_widget(browser, url, compteur, profil)
        sources.add(source)
        etapes.append(temps)
        prets.append(pret)
        lcps.append(lcp)
        octets.append(envoyes)
    lien.profil = None
    sol, pret = statistics.median(planchers), statistics.median(prets)
    ratios = [p / s for p, s in zip(prets, planchers, strict=True)]
    print(f"  « {profil} » ({essais} essais, médianes) :")
    print(f"    plancher : loadPyodide() nu dans un worker     {sol / 1000:6.1f} s")
    print(
        f"    1er widget prêt sur {PAGE_WIDGET} ({', '.join(sorted(sources))}) {pret / 1000:6.1f} s"
        f"   ratio {pret / sol:4.2f}"
        f" (cible 0,35), par essai {min(ratios):.2f} à {max(ratios):.2f}"
    )
    print(
        f"    octets envoyés jusqu'au 1er widget prêt       {statistics.median(octets) / 1e6:6.2f} Mo"
        " (cible 6)"
    )
    print(
        f"    plus grand affichage (LCP) de la page          {statistics.median(lcps) / 1000:6.2f} s"
        " (cible 2,5)"
    )
    noms = [nom for nom in etapes[0] if all(nom in temps for temps in etapes)] if etapes else []
    print(
        "    étapes du moteur (s depuis son début) : "
        + ", ".join(f"{nom} {statistics.median(t[nom] for t in etapes) / 1000:.2f}" for nom in noms),
        flush=True,
    )
    return {
        "essais": essais,
        "plancher_s": round(sol / 1000, 2),
        "premier_widget_s": round(pret / 1000, 2),
        "premier_widget_ratio": round(pret / sol, 3),
        "premier_widget_ratio_min": round(min(ratios), 3),
        "premier_widget_ratio_max": round(max(ratios), 3),
        "octets_jusqu_au_premier_widget_mo": round(statistics.median(octets) / 1e6, 2),
        "lcp_outils_s": round(statistics.median(lcps) / 1000, 2),
        "demarrages": sorted(sources),
        "etapes_du_moteur_s": {
            nom: round(statistics.median(t[nom] for t in etapes) / 1000, 2) for nom in noms
        },
    }


def main() -> None:
    analyse = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    analyse.add_argument("--essais", type=int, default=3)
    analyse.add_argument("--profils", nargs="+", choices=list(PROFILS), default=list(PROFILS))
    analyse.add_argument(
        "--serveurs", nargs="+", choices=["simple", "compression"], default=["simple", "compression"]
    )
    analyse.add_argument("--devtools", action="store_true", help="freiner par Chromium, pas au serveur")
    options = analyse.parse_args()
    global PAR_DEVTOOLS
    PAR_DEVTOOLS = options.devtools
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory(prefix="regles-reseau-") as temporaire:
        dossier = Path(temporaire) / "site"
        # Pages link to each other by relative URLs: the site address only matters to instant navigation.
        construire(dossier, "http://127.0.0.1/")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)
            resultats: dict[str, dict[str, object]] = {}
            for nom in options.serveurs:
                with serveur(dossier, compresse=nom == "compression") as (url, compteur, lien):
                    titre = "sans compression" if nom == "simple" else "avec compression (br/gzip)"
                    print(f"Serveur {titre} :", flush=True)
                    for profil in options.profils:
                        resultats.setdefault(profil, {})[nom] = mesurer(
                            browser, url, compteur, lien, profil, options.essais
                        )
                    total, distincts, nombre = visite_entiere(browser, url, compteur)
                    resultats.setdefault("visite_entiere", {})[nom] = {
                        "envoyes_mo": round(total / 1e6, 2),
                        "fichiers_distincts_mo": round(distincts / 1e6, 2),
                        "fichiers": nombre,
                    }
                    print(
                        f"  1re visite entière, copie hors ligne comprise : {total / 1e6:6.2f} Mo envoyés"
                        f" pour {distincts / 1e6:6.2f} Mo de {nombre} fichiers distincts,"
                        f" ratio {total / distincts:4.2f} (cible 1,10)",
                        flush=True,
                    )
            browser.close()
    bridage = "par Chromium (--devtools)" if PAR_DEVTOOLS else "au serveur"
    chemin = enregistrer("reseau", resultats, f"Lien bridé {bridage}, médianes, cache froid.")
    print(f"mesures enregistrées dans {chemin}")


if __name__ == "__main__":
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    main()

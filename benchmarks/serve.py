"""``mkdocs serve``: time from editing one page to the browsers' reload (target: under 2 s).

    .venv/bin/python -m benchmarks.serve [--modifications 5]

Serves a copy of mkdocs.yml and docs/ (the Node packages and the snapshot cache
are linked, not copied), edits one page several times and times each edit until
MkDocs says « Reloading browsers » (change detection and rebuild included);
prints the median and the worst.
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

ROOT = Path(__file__).resolve().parent.parent
PAGE = Path("docs/basic-maison/combat.md")
CONSTRUIT = re.compile(r"Documentation built in ([\d.]+) seconds")
RECHARGE = "Reloading browsers"


def port_libre() -> int:
    with socket.socket() as sonde:
        sonde.bind(("127.0.0.1", 0))
        return int(sonde.getsockname()[1])


def main() -> None:
    analyse = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    analyse.add_argument("--modifications", type=int, default=5)
    nombre = analyse.parse_args().modifications
    with tempfile.TemporaryDirectory(prefix="regles-serve-") as temporaire:
        copie = Path(temporaire)
        shutil.copy(ROOT / "mkdocs.yml", copie)
        shutil.copytree(ROOT / "docs", copie / "docs")
        for lien in ("node_modules", ".cache"):
            if (ROOT / lien).exists():
                (copie / lien).symlink_to(ROOT / lien)
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        commande = [sys.executable, "-m", "mkdocs", "serve", "--dev-addr", f"127.0.0.1:{port_libre()}"]
        processus = subprocess.Popen(
            commande, cwd=copie, env=env, stderr=subprocess.STDOUT, stdout=subprocess.PIPE, text=True
        )
        durees: list[float] = []
        recharges: list[float] = []
        signal = threading.Event()
        recharge = threading.Event()

        journal: list[str] = []

        def lire() -> None:
            for ligne in processus.stdout or ():
                journal.append(ligne)
                trouve = CONSTRUIT.search(ligne)
                if trouve:
                    durees.append(float(trouve.group(1)))
                    signal.set()
                if RECHARGE in ligne:
                    recharges.append(time.perf_counter())
                    recharge.set()

        threading.Thread(target=lire, daemon=True).start()
        try:
            if not signal.wait(180):
                raise SystemExit("mkdocs serve n'a pas construit le site en 180 s")
            premiere = durees.pop()
            page = copie / PAGE
            delais: list[float] = []
            for numero in range(nombre):
                time.sleep(1.5)  # let the watcher settle between edits
                recharge.clear()
                debut = time.perf_counter()
                page.write_text(page.read_text(encoding="utf-8") + f"\n<!-- modification {numero} -->\n")
                if not recharge.wait(120):
                    raise SystemExit(
                        "pas de reconstruction après la modification :\n" + "".join(journal[-15:])
                    )
                delais.append(recharges[-1] - debut)
        finally:
            processus.terminate()
            processus.wait(30)
    print(f"mkdocs serve : première construction {premiere:.2f} s (sans PDF ni service worker)")
    print(
        f"  de la modification d'une page au rechargement ({nombre} fois) :"
        f" médiane {statistics.median(delais):.2f} s, pire {max(delais):.2f} s (cible 2 s)"
    )


if __name__ == "__main__":
    main()

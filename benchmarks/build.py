"""Full site build time with and without the PDFs, measured in the same run.

    .venv/bin/python -m benchmarks.build [--repetitions 3]

Each repetition builds the site twice into a temporary folder, once with the
PDFs and once without (``REGLES_PDF=false``), alternating so that both see
the same machine load; the medians and their difference are printed. The
PDFs' budget is 15 s on top of the build (issue 5).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.historique import enregistrer

ROOT = Path(__file__).resolve().parent.parent
BUDGET_PDF = 15.0


def construire(avec_pdf: bool) -> float:
    """Seconds of one ``mkdocs build`` (a fresh process, a fresh folder)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "REGLES_PDF": "true" if avec_pdf else "false"}
    with tempfile.TemporaryDirectory(prefix="regles-bench-") as dossier:
        commande = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", dossier]
        debut = time.perf_counter()
        subprocess.run(commande, cwd=ROOT, env=env, check=True, capture_output=True)
        duree = time.perf_counter() - debut
        if avec_pdf and not any(Path(dossier, "telechargement").glob("*.pdf")):
            raise SystemExit("la construction avec PDF n'a produit aucun PDF")
    return duree


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Temps de construction du site avec et sans les PDF.")
    parser.add_argument("--repetitions", type=int, default=3, help="constructions de chaque sorte (3)")
    options = parser.parse_args(argv)
    avec: list[float] = []
    sans: list[float] = []
    for numero in range(1, options.repetitions + 1):
        sans.append(construire(avec_pdf=False))
        avec.append(construire(avec_pdf=True))
        print(f"essai {numero} : sans PDF {sans[-1]:.2f} s, avec PDF {avec[-1]:.2f} s", flush=True)
    median_sans, median_avec = statistics.median(sans), statistics.median(avec)
    ecart = median_avec - median_sans
    print(f"construction complète sans PDF : {median_sans:.2f} s (médiane de {len(sans)})")
    print(f"construction complète avec PDF : {median_avec:.2f} s (médiane de {len(avec)})")
    verdict = "dans le budget" if ecart <= BUDGET_PDF else "HORS BUDGET"
    print(f"coût des PDF : {ecart:+.2f} s ({verdict} de {BUDGET_PDF:.0f} s)")
    chemin = enregistrer(
        "build",
        {
            "construction_sans_pdf_s": round(median_sans, 2),
            "construction_avec_pdf_s": round(median_avec, 2),
            "cout_des_pdf_s": round(ecart, 2),
            "repetitions": len(sans),
        },
        "Médianes, constructions avec et sans PDF en alternance.",
    )
    print(f"mesures enregistrées dans {chemin}")
    return 0 if ecart <= BUDGET_PDF else 1


if __name__ == "__main__":
    sys.exit(main())

"""Lighthouse 12 on the built site: its default mobile profile, median of several runs per page.

    .venv/bin/python -m benchmarks.phare [--essais 3] [--pages / outils/ ...] [--compression]
        [--site DOSSIER --port 8150] [--rapports DOSSIER]

Builds the site once (strict), serves it on 127.0.0.1 by the counting server of
``benchmarks/reseau.py``, a plain static server (``--compression``: with gzip and brotli, as
a good host), unthrottled (Lighthouse simulates its own slow 4G and 4× slower CPU), and runs
the ``lighthouse`` npm package (a devDependency) with the Debian Chromium (``CHROME_PATH``,
headless) on each page. Prints, per page, the medians of: performance, first contentful
paint, largest contentful paint, total blocking time, accessibility, best practices and SEO.

Targets (issue 34): on these six pages, performance ≥ 95, first contentful paint ≤ 1.8 s,
the other three scores at 100 (issue 15: TBT ≤ 200 ms).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.historique import enregistrer
from benchmarks.navigateur import ROOT, construire, port_libre
from benchmarks.reseau import serveur

PAGES = [
    "",
    "outils/",
    "glossaire/",
    "basic-maison/combat/",
    "basic-kar/combat-heroique/",
    "el-toto/combat/",
]
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
DRAPEAUX_CHROMIUM = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run"
CATEGORIES = {
    "performance": "performance",
    "accessibility": "accessibilité",
    "best-practices": "bonnes pratiques",
    "seo": "SEO",
}


def une_mesure(url: str, chromium: str, rapport_json: Path | None = None) -> dict[str, float]:
    """One Lighthouse run on ``url``: the four scores (0-100), FCP, LCP and TBT (ms).

    ``rapport_json``: where to keep the whole report (its audits say where the time goes)."""
    resultat = subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            "--quiet",
            "--output=json",
            "--output-path=stdout",
            f"--chrome-flags={DRAPEAUX_CHROMIUM}",
            "--only-categories=" + ",".join(CATEGORIES),
        ],
        env={**os.environ, "CHROME_PATH": chromium},
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    rapport = json.loads(resultat.stdout)
    if rapport_json is not None:
        rapport_json.write_text(resultat.stdout, encoding="utf-8")
    mesure = {nom: 100 * (rapport["categories"][nom]["score"] or 0) for nom in CATEGORIES}
    mesure["fcp"] = rapport["audits"]["first-contentful-paint"]["numericValue"]
    mesure["lcp"] = rapport["audits"]["largest-contentful-paint"]["numericValue"]
    mesure["tbt"] = rapport["audits"]["total-blocking-time"]["numericValue"]
    # Lighthouse's own measure of this machine's speed (a recent desktop: 1,500 to 2,500); its
    # 4× CPU slowdown is applied on top, so a slow or busy machine inflates TBT and lowers scores.
    mesure["indice"] = rapport["environment"]["benchmarkIndex"]
    return mesure


def main() -> None:
    analyse = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    analyse.add_argument("--essais", type=int, default=3)
    analyse.add_argument("--pages", nargs="+", default=PAGES)
    analyse.add_argument("--compression", action="store_true", help="serveur avec compression")
    analyse.add_argument("--site", type=Path, help="un site déjà construit pour l’adresse de --port")
    analyse.add_argument("--port", type=int, help="le port où servir le site")
    analyse.add_argument("--rapports", type=Path, help="dossier où garder chaque rapport JSON")
    options = analyse.parse_args()
    chromium = os.environ.get("CHROME_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    port = options.port or port_libre()
    if options.rapports:
        options.rapports.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="regles-phare-") as temporaire:
        dossier = options.site or Path(temporaire) / "site"
        if options.site is None:
            # The site's own address, so that the canonical links point to the page Lighthouse reads.
            construire(dossier, f"http://127.0.0.1:{port}/")
        with serveur(dossier, compresse=options.compression, port=port) as (adresse, _, _):
            hebergement = "avec compression" if options.compression else "statique simple, sans compression"
            print(
                f"Lighthouse 12, profil mobile par défaut, serveur {hebergement},"
                f" médianes de {options.essais} essais :",
                flush=True,
            )
            print(
                f"  {'page':30} perf.   FCP      LCP      TBT   access. bonnes pr. SEO",
                flush=True,
            )
            indices: list[float] = []
            pages: dict[str, dict[str, Any]] = {}
            for chemin in options.pages:
                nom = chemin.strip("/").replace("/", "-") or "accueil"
                mesures = [
                    une_mesure(
                        adresse + chemin,
                        chromium,
                        options.rapports / f"{nom}-{essai}.json" if options.rapports else None,
                    )
                    for essai in range(options.essais)
                ]

                def mediane(cle: str, mesures: list[dict[str, float]] = mesures) -> float:
                    return statistics.median(m[cle] for m in mesures)

                perfs = sorted(round(m["performance"]) for m in mesures)
                indices.extend(m["indice"] for m in mesures)
                pages["/" + chemin.lstrip("/")] = {
                    "performance": round(mediane("performance")),
                    "performance_par_essai": perfs,
                    "fcp_s": round(mediane("fcp") / 1000, 2),
                    "lcp_s": round(mediane("lcp") / 1000, 2),
                    "tbt_ms": round(mediane("tbt")),
                    "accessibilite": round(mediane("accessibility")),
                    "bonnes_pratiques": round(mediane("best-practices")),
                    "seo": round(mediane("seo")),
                }
                print(
                    f"  /{chemin:29} {mediane('performance'):4.0f} {mediane('fcp') / 1000:6.2f} s"
                    f" {mediane('lcp') / 1000:6.2f} s"
                    f" {mediane('tbt'):5.0f} ms {mediane('accessibility'):5.0f}"
                    f" {mediane('best-practices'):8.0f} {mediane('seo'):7.0f}"
                    f"   (perf. par essai {', '.join(map(str, perfs))})",
                    flush=True,
                )
            print("  cibles : performance ≥ 95, FCP ≤ 1,8 s, TBT ≤ 200 ms, les trois autres à 100")
            print(
                "  indice de vitesse de la machine (benchmarkIndex de Lighthouse),"
                f" médiane {statistics.median(indices):.0f}"
                f" ({min(indices):.0f} à {max(indices):.0f}) ; charge : {os.getloadavg()[0]:.1f}"
            )
    chemin_du_fichier = enregistrer(
        "phare",
        {
            "benchmark_index": round(statistics.median(indices)),
            "serveur": "compression" if options.compression else "simple",
            "performance_min": min(p["performance"] for p in pages.values()),
            "performance_max": max(p["performance"] for p in pages.values()),
            "fcp_max_s": max(p["fcp_s"] for p in pages.values()),
            "tbt_max_ms": max(p["tbt_ms"] for p in pages.values()),
            "pages": pages,
        },
    )
    print(f"  mesure gardée dans {chemin_du_fichier}")


if __name__ == "__main__":
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    main()

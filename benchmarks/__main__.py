"""All the measurements: ``.venv/bin/python -m benchmarks`` (what ``make bench`` runs)."""

from __future__ import annotations

import subprocess
import sys

SCRIPTS = [
    "benchmarks.moteur",
    "benchmarks.build",
    "benchmarks.serve",
    "benchmarks.navigateur",
    "benchmarks.table",
    "benchmarks.reseau",
    "benchmarks.phare",
]

for script in SCRIPTS:
    print(f"\n== {script} ==", flush=True)
    subprocess.run([sys.executable, "-m", script], check=True)

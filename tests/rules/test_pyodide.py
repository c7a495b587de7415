"""The rules tests again, inside Pyodide (Python 3.14 compiled to WebAssembly, as in the browser)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

HORS_DU_NAVIGATEUR = (
    "--ignore",
    "tests/rules/test_cli.py",
    "--deselect",
    "tests/rules/test_outils.py::test_une_borne_violee_nomme_le_champ_au_terminal",
    "--deselect",
    "tests/rules/test_outils.py::test_l_aide_de_chaque_outil",
)
"""The command line's tests: the terminal runs CPython, never Pyodide (the browser calls the facade, whose
tests all run there). They were four fifths of this test's time (762 bound violations through argparse)."""


@pytest.mark.skipif(os.environ.get("REGLES_DANS_PYODIDE") == "1", reason="déjà dans Pyodide")
def test_les_tests_du_moteur_passent_dans_pyodide() -> None:
    """Every rules test and doctest passes under Pyodide's Python, with the same results."""
    node = shutil.which("node")
    assert node, "Node est introuvable (il sert à construire le site : installez Node 20)."
    resultat = subprocess.run(
        [
            node,
            str(ROOT / "tests" / "pyodide" / "lancer.mjs"),
            str(ROOT),
            sysconfig.get_paths()["purelib"],
            "-q",
            "--doctest-modules",
            "tests/rules",
            "rules_py",
            "--deselect",
            "tests/rules/test_pyodide.py::test_les_tests_du_moteur_passent_dans_pyodide",
            *HORS_DU_NAVIGATEUR,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env={**os.environ, "REGLES_DANS_PYODIDE": "1"},
    )
    sortie = resultat.stdout[-3000:] + resultat.stderr[-3000:]
    assert resultat.returncode == 0, sortie
    assert "dans Pyodide" in resultat.stdout and "Python 3.14" in resultat.stdout
    bilan = re.search(r"(\d+) passed", resultat.stdout)
    assert bilan and int(bilan.group(1)) > 2000, sortie
    assert " failed" not in resultat.stdout and " error" not in resultat.stdout

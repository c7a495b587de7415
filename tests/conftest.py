"""Fixtures shared by the whole suite."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from hypothesis import settings

from tests.couverture import sans_couverture
from tests.exemples import DANS_PYODIDE, PLAFOND_PYODIDE

ROOT = Path(__file__).resolve().parent.parent


def construire_le_site(destination: Path, env: dict[str, str]) -> str:
    """Build the site strict into ``destination``: its build log, or the test fails with the log's end."""
    resultat = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(destination)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    if resultat.returncode:
        pdf = "sans PDF" if env.get("REGLES_PDF") == "false" else "PDF compris"
        pytest.fail(f"mkdocs build --strict ({pdf}) a échoué :\n{resultat.stderr[-4000:]}")
    return resultat.stderr


os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

# No deadline: a test is never timed (speed is measured in benchmarks/, on a quiet machine).
# Inside Pyodide (tests/pyodide/lancer.mjs) the property tests draw fewer examples.
settings.register_profile("regles", deadline=None)
settings.register_profile("pyodide", max_examples=PLAFOND_PYODIDE, deadline=None)
settings.load_profile("pyodide" if DANS_PYODIDE else "regles")


@pytest.fixture(scope="session")
def root() -> Path:
    """The repository's top folder."""
    return ROOT


# == The session's site: built once, served once, whatever the number of workers =================
#
# ``make test`` runs the suite on every core (``pytest -n``). The process that runs the session — plain
# pytest, or the controller of ``pytest -n`` — chooses the address and the folder, and serves the folder
# from its first moment (the folder is empty until built); the first process that needs the site builds
# it there under a file lock, and the others wait for that build and reuse it. Each process then sees
# the same site at the same address (the site is built for its address: instant navigation needs it).

SERVEUR_DE_SESSION: dict[str, Any] = {}
"""The session's server, in the process that runs it (empty in a worker of ``pytest -n``)."""

_ADRESSE = "REGLES_SESSION_ADRESSE"
_DOSSIER = "REGLES_SESSION_DOSSIER"


def pytest_configure(config: pytest.Config) -> None:
    """In the session's process: the address, the folder, and the server, shared with the workers."""
    if hasattr(config, "workerinput") or sys.platform == "emscripten":
        return  # a worker of ``pytest -n`` uses the controller's; inside Pyodide no site and no thread
    from tests.serveur import SiteServer

    dossier = Path(tempfile.mkdtemp(prefix="regles-session-"))
    site = Path(os.environ.get("REGLES_SITE_DIR") or dossier / "site")
    site.mkdir(exist_ok=True)
    port = urlsplit(os.environ.get("REGLES_SITE_URL", "")).port or 0
    serveur = SiteServer(site, port).__enter__()
    SERVEUR_DE_SESSION.update(serveur=serveur, dossier=dossier)
    os.environ[_ADRESSE] = os.environ.get("REGLES_SITE_URL") or serveur.url
    os.environ[_DOSSIER] = str(dossier)


def pytest_unconfigure(config: pytest.Config) -> None:
    """The session's server stopped, its folder removed."""
    serveur = SERVEUR_DE_SESSION.pop("serveur", None)
    if serveur is not None:
        serveur.__exit__()
        shutil.rmtree(SERVEUR_DE_SESSION.pop("dossier"), ignore_errors=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the longest test first, then those that need the built site, then the rest.

    With ``pytest -n`` each worker takes the next file as it finishes one (``--dist loadfile``, in
    this order): one worker runs the rules inside Pyodide (two minutes, no site) while another builds
    the site; the quick tests of the rules fill the end.
    """

    def rang(item: pytest.Item) -> int:
        if item.nodeid.startswith("tests/rules/test_pyodide.py"):
            return 0
        return 1 if "site" in getattr(item, "fixturenames", ()) else 2

    items.sort(key=rang)


@pytest.fixture(scope="session")
def site_url() -> str:
    """The address the session's server uses; the site is built for it (instant navigation needs it)."""
    return os.environ[_ADRESSE]


@pytest.fixture(scope="session")
def site(site_url: str) -> Path:
    """Build the site once with ``mkdocs build --strict`` and return its folder.

    ``REGLES_SITE_DIR=<folder>`` reuses a site already built there (for quick
    local iterations on the browser tests; the test command always builds).
    Several workers: the first builds under a file lock, the others wait and reuse its build (or its
    failure, without building again).
    """
    prebuilt = os.environ.get("REGLES_SITE_DIR")
    if prebuilt:
        return Path(prebuilt)
    dossier = Path(os.environ[_DOSSIER])
    destination, echec = dossier / "site", dossier / "construction-en-echec.txt"
    with (dossier / "construction.verrou").open("w") as verrou:
        fcntl.flock(verrou, fcntl.LOCK_EX)
        if echec.exists():
            pytest.fail(echec.read_text(encoding="utf-8"))
        if not (dossier / "construction-faite").exists():
            try:
                # Unmeasured: the plugins are measured in test_livre's build, the same but for the
                # PDFs, whose rendering runs in forked workers that never write their measure.
                env = sans_couverture({**os.environ, "REGLES_SITE_URL": site_url})
                construire_le_site(destination, env)
            except pytest.fail.Exception as erreur:
                echec.write_text(str(erreur), encoding="utf-8")
                raise
            (dossier / "construction-faite").touch()
    return destination

"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

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
settings.register_profile("pyodide", max_examples=25, deadline=None)
settings.load_profile("pyodide" if os.environ.get("REGLES_HYPOTHESIS") == "pyodide" else "regles")


@pytest.fixture(scope="session")
def root() -> Path:
    """The repository's top folder."""
    return ROOT


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def site_url() -> str:
    """The address the test server will use; the site is built for it (instant navigation needs it)."""
    return os.environ.get("REGLES_SITE_URL") or f"http://127.0.0.1:{_free_port()}/"


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, site_url: str) -> Path:
    """Build the site once with ``mkdocs build --strict`` and return its folder.

    ``REGLES_SITE_DIR=<folder>`` reuses a site already built there (for quick
    local iterations on the browser tests; the test command always builds).
    """
    prebuilt = os.environ.get("REGLES_SITE_DIR")
    if prebuilt:
        return Path(prebuilt)
    destination = tmp_path_factory.mktemp("site")
    construire_le_site(destination, {**os.environ, "REGLES_SITE_URL": site_url})
    return destination

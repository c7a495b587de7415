"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


@pytest.fixture(scope="session")
def root() -> Path:
    """The repository's top folder."""
    return ROOT


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site once with ``mkdocs build --strict`` and return its folder.

    ``REGLES_SITE_DIR=<folder>`` reuses a site already built there (for quick
    local iterations on the browser tests; the test command always builds).
    """
    prebuilt = os.environ.get("REGLES_SITE_DIR")
    if prebuilt:
        return Path(prebuilt)
    destination = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(destination)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode:
        pytest.fail(f"mkdocs build --strict a échoué :\n{result.stderr[-4000:]}")
    return destination

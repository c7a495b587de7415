"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


@pytest.fixture(scope="session")
def root() -> Path:
    """The repository's top folder."""
    return ROOT

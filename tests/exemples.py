"""How many examples a property test draws: what it asks under CPython; inside Pyodide (its Python runs
the rules tests again, several times slower: tests/rules/test_pyodide.py) at most ``PLAFOND_PYODIDE``,
the same cap as the Hypothesis profile that tests/conftest.py loads there."""

from __future__ import annotations

import os

DANS_PYODIDE = os.environ.get("REGLES_HYPOTHESIS") == "pyodide"
PLAFOND_PYODIDE = 25


def exemples(nombre: int) -> int:
    """``nombre`` examples, or the Pyodide cap inside Pyodide.

    >>> exemples(300) == (PLAFOND_PYODIDE if DANS_PYODIDE else 300)
    True
    """
    return min(nombre, PLAFOND_PYODIDE) if DANS_PYODIDE else nombre

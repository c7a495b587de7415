"""Hooks of the whole suite, whatever the test path: the coverage gate per package (tests/couverture.py)."""

from tests.couverture import (
    pytest_collection_modifyitems,
    pytest_runtest_call,
    pytest_runtestloop,
    pytest_terminal_summary,
)

__all__ = [
    "pytest_collection_modifyitems",
    "pytest_runtest_call",
    "pytest_runtestloop",
    "pytest_terminal_summary",
]

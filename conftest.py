"""Hooks of the whole suite, whatever the test path: the coverage gate per package (tests/couverture.py)."""

from tests.couverture import pytest_runtestloop, pytest_terminal_summary

__all__ = ["pytest_runtestloop", "pytest_terminal_summary"]

"""The suite's coverage, package by package: rules_py keeps its gate, site_plugins is reported beside it.

Its two hooks are loaded by the conftest.py at the top of the repository, so that they run for
every test path (tests, rules_py's and site_plugins' doctests).

pytest-cov measures both packages (``--cov`` in pyproject.toml) and prints one report; its total
mixes them. The gate is per package: the branch coverage of ``rules_py`` must stay at
``SEUILS["rules_py"]`` or more (a lower figure fails the run, as ``fail_under`` did for the total),
and ``site_plugins``, whose plugins mostly run inside the site builds, is reported without a gate.
With ``--no-cov`` nothing is measured and nothing is checked.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

RACINE = Path(__file__).resolve().parents[1]
# Branch coverage (statements and branches, as coverage.py counts them) required of each package;
# a package absent here is reported without a gate.
SEUILS = {"rules_py": 95.0}
SANS_MESURE = ("tests/browser/", "tests/rules/test_fuzz_partage.py")
"""Tests run untraced (marked ``sans_mesure``): the browser tests, which drive Chromium and run nothing
of the two packages in their own process, and the fuzzing of every tool's share link."""
PAQUETS = ("rules_py", "site_plugins")
_LIGNES = pytest.StashKey[list[tuple[str, bool]]]()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Coverage measures what the tests that name their cases exercise: the browser tests (their
    Python only drives Chromium), the property tests (Hypothesis) and the share-link fuzz (thousands
    of random inputs, each a check of robustness whose lines the named cases already cover) run
    untraced, three to four times faster. (pytest-cov's own ``no_cover`` stops its measure only, and
    under ``pytest -n`` the one below it then traces instead: see :func:`sans_mesure`.)
    """
    for item in items:
        propriete = getattr(getattr(item, "obj", None), "is_hypothesis_test", False)
        if propriete or item.nodeid.startswith(SANS_MESURE):
            item.add_marker(pytest.mark.sans_mesure)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    """A test marked ``sans_mesure`` runs with coverage's tracing paused."""
    if item.get_closest_marker("sans_mesure") is None:
        return (yield)
    with sans_mesure():
        return (yield)


@contextlib.contextmanager
def sans_mesure() -> Iterator[None]:
    """Coverage's tracing paused in this thread for the block, for work that runs none of the two
    packages or need not be measured (a PDF read by pypdf: the tracer sees its every line, 2.4 times
    slower). Coverage keeps a stack of measures of which only the top one traces (a worker of
    ``pytest -n`` has three: the one every subprocess starts, ``patch = ["subprocess"]``, and
    pytest-cov's): that one is paused, and resumed after. Without a measure, nothing to pause."""
    from coverage.collector import Collector

    if not Collector._collectors:
        yield
        return
    trace = Collector._collectors[-1]
    trace.pause()
    try:
        yield
    finally:
        trace.resume()


def sans_couverture(env: dict[str, str]) -> dict[str, str]:
    """A subprocess's environment without coverage's start-up variables: a process that is not to
    be measured (``patch = ["subprocess"]`` measures every Python child otherwise)."""
    return {nom: valeur for nom, valeur in env.items() if not nom.startswith("COVERAGE_PROCESS_")}


def couverture_par_paquet(cov: Any) -> dict[str, float | None]:
    """The coverage percentage of each package in ``cov``'s data, ``None`` for a package not measured."""
    from coverage.exceptions import NoDataError

    pourcentages: dict[str, float | None] = {}
    for paquet in PAQUETS:
        try:
            pourcentages[paquet] = cov.report(include=[str(RACINE / paquet / "*")], file=io.StringIO())
        except NoDataError:
            pourcentages[paquet] = None
    return pourcentages


def verdict(paquet: str, pourcentage: float | None, seuil: float | None) -> tuple[str, bool]:
    """The French line printed for one package, and whether it fails the run.

    >>> verdict("rules_py", 97.256, 95.0)
    ('Couverture de rules_py\xa0: 97,26\xa0% (seuil\xa0: 95\xa0%).', False)
    >>> verdict("rules_py", 94.5, 95.0)
    ('Couverture de rules_py\xa0: 94,50\xa0%, sous le seuil de 95\xa0%.', True)
    >>> verdict("site_plugins", 61.0, None)
    ('Couverture de site_plugins\xa0: 61,00\xa0% (sans seuil).', False)
    >>> verdict("rules_py", None, 95.0)
    ('Couverture de rules_py\xa0: aucune donnée (paquet non importé).', True)
    """
    debut = f"Couverture de {paquet}\u00a0: "
    if pourcentage is None:
        return debut + "aucune donnée (paquet non importé).", seuil is not None
    chiffre = f"{pourcentage:.2f}".replace(".", ",") + "\u00a0%"
    if seuil is None:
        return f"{debut}{chiffre} (sans seuil).", False
    if pourcentage < seuil:
        return f"{debut}{chiffre}, sous le seuil de {seuil:g}\u00a0%.", True
    return f"{debut}{chiffre} (seuil\u00a0: {seuil:g}\u00a0%).", False


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> Generator[None, Any, Any]:
    """After pytest-cov has stopped measuring: each package's figure, and the gate of ``SEUILS``."""
    resultat = yield
    extension = session.config.pluginmanager.getplugin("_cov")
    controleur = getattr(extension, "cov_controller", None)
    if controleur is None or getattr(extension, "cov_total", None) is None:
        return resultat
    lignes: list[tuple[str, bool]] = []
    for paquet, pourcentage in couverture_par_paquet(controleur.cov).items():
        ligne, echec = verdict(paquet, pourcentage, SEUILS.get(paquet))
        lignes.append((ligne, echec))
        session.testsfailed += echec
    session.config.stash[_LIGNES] = lignes
    return resultat


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    """Print each package's figure after pytest-cov's report."""
    lignes = config.stash.get(_LIGNES, [])
    if lignes:
        terminalreporter.write_sep("=", "couverture par paquet")
        for ligne, echec in lignes:
            terminalreporter.write_line(ligne, red=echec, bold=echec, green=not echec)

"""Any input to a rules module's public functions: only the package's own errors come out."""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Iterator
from types import ModuleType

from rules_py.dice import new_rng
from rules_py.errors import RulesError

# Past a 32-bit size (Pyodide's ssize_t), past a 64-bit one (CPython's), and a float that is an integer.
GRANDS_NOMBRES = (2**31 - 1, 2**31, 2**63, 1e300)


def appeler(module: ModuleType, nom: str, args: list) -> None:
    """Call ``module.nom(*args)`` (the ``lancer_*`` with a seeded generator): it works or raises a
    RulesError. A list of arguments the signature does not take is a programmer's error, not a
    reader's input: it is not called; once the arguments bind, any other error is a failure."""
    fonction = getattr(module, nom)
    if not callable(fonction) or isinstance(fonction, type):
        return
    nommes = {"rng": new_rng(0)} if nom.startswith("lancer_") else {}
    try:
        inspect.signature(fonction).bind(*args, **nommes)
    except TypeError:
        return
    with contextlib.suppress(RulesError):
        fonction(*args, **nommes)


def avec_un_grand_nombre(grand: float, arite: int) -> Iterator[list]:
    """Every list of up to ``arite`` arguments with ``grand`` in one place and 1 in the others."""
    for taille in range(1, arite + 1):
        for place in range(taille):
            yield [grand if i == place else 1 for i in range(taille)]

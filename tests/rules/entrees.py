"""Any input to a rules module's public functions: only the package's own errors come out."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

from rules_py.dice import new_rng
from rules_py.errors import RulesError

# Past a 32-bit size (Pyodide's ssize_t), past a 64-bit one (CPython's), and a float that is an integer.
GRANDS_NOMBRES = (2**31 - 1, 2**31, 2**63, 1e300)


def appeler(module: ModuleType, nom: str, args: list) -> None:
    """Call ``module.nom(*args)`` (the ``lancer_*`` with a seeded generator): it works or raises a
    RulesError; a wrong number of arguments is a programmer's error, not a reader's input."""
    fonction = getattr(module, nom)
    if not callable(fonction) or isinstance(fonction, type):
        return
    try:
        if nom.startswith("lancer_"):
            fonction(*args, rng=new_rng(0))
        else:
            fonction(*args)
    except RulesError:
        pass
    except TypeError as erreur:
        assert "argument" in str(erreur)


def avec_un_grand_nombre(grand: float, arite: int) -> Iterator[list]:
    """Every list of up to ``arite`` arguments with ``grand`` in one place and 1 in the others."""
    for taille in range(1, arite + 1):
        for place in range(taille):
            yield [grand if i == place else 1 for i in range(taille)]

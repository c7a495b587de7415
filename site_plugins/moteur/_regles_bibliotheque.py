"""The rest of Python's standard library, loaded when a module is missing from the reduced one.

The engine's worker starts Pyodide with a reduced standard library: the modules
that Python's start-up, the wheel's installation and ``rules_py`` import (listed at
build time by ``instantane.mjs``). The first import of any other module downloads the
whole library once (synchronously: a worker may), puts it on ``sys.path`` and finds
the module there, so nothing the reduced library lacks is ever out of reach.
"""

import sys
from importlib.machinery import PathFinder

REDUITE = "/lib/python314.zip"
COMPLETE = "/lib/python_stdlib_complete.zip"

# Every module of the whole library (written in at build time): any other name is
# not worth a download (``try: import _optional`` probes).
MODULES = frozenset()  # __MODULES__

_adresse = None


def installer(adresse):
    """Take the whole library from ``adresse`` (URL) when a module is missing."""
    global _adresse
    _adresse = str(adresse)
    if BibliothequeComplete not in sys.meta_path:
        sys.meta_path.append(BibliothequeComplete)


def _telecharger():
    from js import XMLHttpRequest  # Pyodide's bridge, only in the browser's worker

    requete = XMLHttpRequest.new()
    requete.open("GET", _adresse, False)
    requete.responseType = "arraybuffer"
    requete.send()
    if requete.status != 200:
        raise ImportError(f"bibliothèque standard inaccessible : {_adresse} (HTTP {requete.status})")
    with open(COMPLETE, "wb") as fichier:
        fichier.write(requete.response.to_py())
    sys.path.append(COMPLETE)
    print(f"Bibliothèque standard complète chargée depuis {_adresse}.", file=sys.stderr)


class BibliothequeComplete:
    """Last finder on ``sys.meta_path``: the module from the whole library."""

    @classmethod
    def find_spec(cls, nom, chemin=None, cible=None):
        if _adresse is None or nom not in MODULES:
            return None
        if COMPLETE not in sys.path:
            _telecharger()
        if chemin is not None:
            chemin = [entree.replace(REDUITE, COMPLETE, 1) for entree in chemin]
        return PathFinder.find_spec(nom, chemin, cible)

    @classmethod
    def invalidate_caches(cls):
        pass

"""rules_py: the rules of four French role-playing systems, exactly as their texts state them.

Pure Python, standard library only, so that it runs unchanged in CPython and
in Pyodide in the reader's browser. Each system is a package with one module per
page (or section) of its rules, in the text's order, re-exported by the package
(the short Actions d100 is one module), declared once as a record in
:mod:`rules_py.systemes` (its names, package, tool modules, character sheet, pages).
Below the systems, :mod:`rules_py.outils` is how a tool is declared (its fields, the one
decorator, the registry); above them, :mod:`rules_py.web` is the JSON facade the widgets
call, and ``python -m rules_py`` the command line.
"""

__version__ = "0.1.0"
__all__ = ["__version__"]

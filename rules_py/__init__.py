"""rules_py: the rules of four French role-playing systems, exactly as their texts state them.

Pure Python, standard library only, so that it runs unchanged in CPython and
in Pyodide in the reader's browser. One module per system mirrors its rules
page; :mod:`rules_py.web` is the JSON facade the widgets call.
"""

__version__ = "0.1.0"
__all__ = ["__version__"]

"""The generic tool layer, below the systems and the facade: how a tool is declared and registered.

:mod:`~rules_py.outils.champs` declares a tool's inputs (and a character sheet) field by field and
reads, checks and writes them; :mod:`~rules_py.outils.systeme` is the record of a rule set;
:mod:`~rules_py.outils.registre` holds the tools and the operations, registered by one decorator.
It depends on the dice and the validation only: the systems' engines and the facade depend on it.
"""

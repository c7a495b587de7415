"""Widgets and operations of basic_maison (facade of rules_py.basic_maison)."""

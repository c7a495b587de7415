"""Widgets and operations of el_toto (facade of rules_py.el_toto)."""

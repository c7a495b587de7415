"""Widgets and operations of basic_kar (facade of rules_py.basic_kar)."""

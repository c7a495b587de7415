"""Widgets and operations of actions_d100 (facade of rules_py.actions_d100)."""

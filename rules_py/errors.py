"""The package's one error family: every message is French and meant for a reader."""

from __future__ import annotations

__all__ = ["DiceLimitError", "DiceSyntaxError", "InputError", "RulesError"]


class RulesError(ValueError):
    """Root of every error raised on bad input.

    ``champ`` names the input at fault (a widget field, a CLI argument) when
    there is one, so that the message can be shown beside it.
    """

    def __init__(self, message: str, *, champ: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.champ = champ


class InputError(RulesError):
    """A value outside what the rules accept (negative characteristic, unknown name…)."""


class DiceSyntaxError(RulesError):
    """A dice expression that does not follow the notation."""

    def __init__(self, message: str, *, position: int, champ: str | None = None) -> None:
        super().__init__(message, champ=champ)
        self.position = position


class DiceLimitError(RulesError):
    """A dice expression beyond one of the limits (dice, faces, terms, length, totals)."""

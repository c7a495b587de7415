"""Options of the ``regles-application`` plugin, as written in ``mkdocs.yml``."""

from __future__ import annotations

from mkdocs.config import base
from mkdocs.config import config_options as c

__all__ = ["ApplicationConfig"]


class ApplicationConfig(base.Config):
    enabled = c.Type(bool, default=True)
    short_name = c.Type(str, default="Règles JdR")
    """The name under the icon on a phone's home screen (a dozen characters at most)."""
    theme_color = c.Type(str, default="#4051b5")
    """The colour of the app's title bar: Material's ``indigo`` primary colour."""
    accent_color = c.Type(str, default="#ff6e42")
    """Material's ``deep orange`` accent colour, on the icon."""
    background_color = c.Type(str, default="#ffffff")

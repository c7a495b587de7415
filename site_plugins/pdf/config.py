"""Options of the ``regles-pdf`` plugin, as written in ``mkdocs.yml``."""

from __future__ import annotations

from mkdocs.config import base
from mkdocs.config import config_options as c

__all__ = ["DocumentConfig", "PdfConfig"]


class DocumentConfig(base.Config):
    """One PDF: where it goes in the site and which top-level navigation entries it holds."""

    path = c.Type(str)
    """Path of the PDF in the built site, e.g. ``telechargement/basic-maison.pdf``."""
    title = c.Optional(c.Type(str))
    """Title on the cover; by default the title of its first navigation entry."""
    sections = c.ListOfItems(c.Type(str))
    """Titles of top-level navigation entries (a section or a page), in the order of the PDF."""


class PdfConfig(base.Config):
    enabled = c.Type(bool, default=True)
    serve = c.Type(bool, default=False)
    """Also build the PDFs under ``mkdocs serve`` (skipped by default for fast rebuilds)."""
    documents = c.ListOfItems(c.SubConfig(DocumentConfig), default=[])

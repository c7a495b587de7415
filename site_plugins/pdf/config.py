"""Options of the ``regles-pdf`` plugin, as written in ``mkdocs.yml``."""

from __future__ import annotations

from mkdocs.config import base
from mkdocs.config import config_options as c

__all__ = ["DocumentConfig", "PdfConfig"]


class DocumentConfig(base.Config):
    """One PDF: where it goes in the site and which navigation entries or pages it holds."""

    path = c.Type(str)
    """Path of the PDF in the built site, e.g. ``telechargement/basic-maison.pdf``."""
    title = c.Optional(c.Type(str))
    """Title on the cover; by default the title of its first navigation entry."""
    sections = c.ListOfItems(c.Type(str), default=[])
    """Titles of top-level navigation entries (a section or a page), in the order of the PDF."""
    pages = c.ListOfItems(c.Type(str), default=[])
    """Source paths of pages anywhere in the navigation (``basic-maison/ecran.md``), after ``sections``."""
    feuille = c.Type(bool, default=False)
    """A sheet (a GM screen, a blank character sheet): no cover nor table of contents, a compact layout,
    one or two pages. Its pages are left out of the other documents' sections."""


class PdfConfig(base.Config):
    enabled = c.Type(bool, default=True)
    serve = c.Type(bool, default=False)
    """Also build the PDFs under ``mkdocs serve`` (skipped by default for fast rebuilds)."""
    documents = c.ListOfItems(c.SubConfig(DocumentConfig), default=[])

"""``[](outil:modificateur-degats)`` in a page → a link to that tool where it stands, titled by it.

The glossary links each term to the tools that apply it without typing their
addresses: the tool's title comes from the registry (``rules_py.web.outil.OUTILS``)
and its place from the pages' own widget blocks (the same
:func:`~site_plugins.widgets.index_des_outils.emplacements` as the « Outils »
index), so a tool moved to another page keeps its links. An unknown tool name
fails the build, quoting it.
"""

from __future__ import annotations

import logging
import posixpath
import re

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from rules_py.web.outil import OUTILS
from rules_py.web.typographie import typographie
from site_plugins.widgets.index_des_outils import emplacements

__all__ = ["RENVOI", "RenvoisOutilsConfig", "RenvoisOutilsPlugin", "renvoyer"]

log = logging.getLogger("mkdocs.plugins.regles.renvois_outils")

RENVOI = re.compile(r"\[\]\(outil:([\w-]+)\)")


def renvoyer(markdown: str, page: str, places: dict[str, tuple[str, str]]) -> str:
    """Replace each ``[](outil:NOM)`` of ``markdown`` (the page ``page``) by a link to the tool.

    >>> renvoyer("Voir [](outil:modificateur-degats).", "glossaire.md",
    ...          {"modificateur-degats": ("basic-maison/attributs-derives.md", "w1-modificateur-degats")})
    'Voir [Modificateur de dégâts](basic-maison/attributs-derives.md#w1-modificateur-degats).'
    """

    def lien(trouve: re.Match[str]) -> str:
        nom = trouve.group(1)
        if nom not in OUTILS or nom not in places:
            raise PluginError(f"regles-renvois-outils : outil inconnu dans « {page} » : {trouve.group(0)}")
        src_uri, ancre = places[nom]
        cible = posixpath.relpath(src_uri, posixpath.dirname(page) or ".")
        return f"[{typographie(OUTILS[nom].titre)}]({cible}#{ancre})"

    return RENVOI.sub(lien, markdown)


class RenvoisOutilsConfig(base.Config):
    enabled = c.Type(bool, default=True)


class RenvoisOutilsPlugin(BasePlugin[RenvoisOutilsConfig]):
    """Turn ``[](outil:NOM)`` into links to the tools' places."""

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        self.places = emplacements(
            (page.src_uri, page.content_string) for page in files.documentation_pages()
        )
        return files

    def on_page_markdown(
        self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str | None:
        if not self.config.enabled or "](outil:" not in markdown:
            return markdown
        return renvoyer(markdown, page.file.src_uri, self.places)

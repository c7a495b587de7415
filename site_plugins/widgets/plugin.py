"""The widgets plugin: the ``widget`` Markdown block and the page scripts that mount it."""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from site_plugins.modules import DESTINATION, declarer, expedier
from site_plugins.widgets import constantes
from site_plugins.widgets.bloc import WidgetsExtension
from site_plugins.widgets.index_des_outils import emplacements

__all__ = ["WidgetsConfig", "WidgetsPlugin"]

log = logging.getLogger("mkdocs.plugins.regles.widgets")

ASSETS = Path(__file__).with_name("assets")


class WidgetsConfig(base.Config):
    enabled = c.Type(bool, default=True)


class WidgetsPlugin(BasePlugin[WidgetsConfig]):
    """Register the ``widget`` block; ship and load the widget scripts and styles."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return config
        self.extension = WidgetsExtension()
        config.markdown_extensions.append(self.extension)
        # sauvegarde.js keeps the state of the tools that have one (a fight)
        declarer(config, scripts=["widgets.js", "sauvegarde.js"], styles=["widgets.css"])
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        index = self.extension.getConfig("index")
        index["emplacements"] = emplacements(
            (page.src_uri, page.content_string) for page in files.documentation_pages()
        )
        # constantes.js: written from Python at every build, never from the copy in the repository.
        expedier(files, config, ASSETS, sauf=[constantes.CHEMIN.name])
        files.append(
            File.generated(config, f"{DESTINATION}/{constantes.CHEMIN.name}", content=constantes.module_js())
        )
        return files

    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        if self.config.enabled:
            # The page's own tools: the home page's index links to them in the page.
            self.extension.getConfig("index")["page"] = {"src_uri": page.file.src_uri, "markdown": markdown}
        return markdown

"""The characters plugin: ship and load the script and styles of the stored characters.

The script (``personnages.js``) keeps the characters in the browser's storage, lists
them on the page « Personnages » and adds « Remplir depuis » to every tool of a system
that has some; the engine checks every sheet (``rules_py.web.personnages``). It also
registers the ``fiche`` block (:mod:`.fiche`): a system's blank sheet, printed at build time.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files

from site_plugins.modules import declarer, expedier

from .fiche import FichesExtension

__all__ = ["PersonnagesConfig", "PersonnagesPlugin"]

ASSETS = Path(__file__).with_name("assets")


class PersonnagesConfig(base.Config):
    enabled = c.Type(bool, default=True)


class PersonnagesPlugin(BasePlugin[PersonnagesConfig]):
    """Add ``personnages.js`` (a module) and ``personnages.css`` to every page; the ``fiche`` block."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return config
        config.markdown_extensions.append(FichesExtension())
        declarer(config, scripts=["personnages.js"], styles=["personnages.css"])
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        return expedier(files, config, ASSETS)

"""The dice plugin: dice expressions in the text become roll buttons, with a roll log."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files

from site_plugins.des.extension import DesExtension
from site_plugins.modules import declarer, expedier

__all__ = ["DesConfig", "DesPlugin"]

ASSETS = Path(__file__).with_name("assets")


class DesConfig(base.Config):
    enabled = c.Type(bool, default=True)


class DesPlugin(BasePlugin[DesConfig]):
    """Register the dice extension; ship the dice and roll-log scripts."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return config
        config.markdown_extensions.append(DesExtension())
        declarer(config, scripts=["des-texte.js"], styles=["journal.css"])
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        return expedier(files, config, ASSETS)

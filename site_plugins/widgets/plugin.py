"""The widgets plugin: the ``widget`` Markdown block and the page scripts that mount it."""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files

from site_plugins.widgets.bloc import WidgetsExtension

__all__ = ["WidgetsConfig", "WidgetsPlugin"]

log = logging.getLogger("mkdocs.plugins.regles.widgets")

ASSETS = Path(__file__).with_name("assets")
DESTINATION = "assets/regles"
SCRIPT = f"{DESTINATION}/widgets.js"
STYLE = f"{DESTINATION}/widgets.css"


class WidgetsConfig(base.Config):
    enabled = c.Type(bool, default=True)


class WidgetsPlugin(BasePlugin[WidgetsConfig]):
    """Register the ``widget`` block; ship and load the widget scripts and styles."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return config
        config.markdown_extensions.append(WidgetsExtension())
        script = c.ExtraScriptValue(SCRIPT)
        script.type = "module"
        config.extra_javascript.append(script)
        config.extra_css.append(STYLE)
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        for source in sorted(ASSETS.iterdir()):
            if source.suffix in {".js", ".mjs", ".css"}:
                files.append(File.generated(config, f"{DESTINATION}/{source.name}", abs_src_path=str(source)))
        return files

"""The theme plugin: Material's script and the print stylesheet never hold the text back.

On every page, Material's bundle (search, instant navigation, palette switch) is handed to
``theme-differe.js``, which loads it at the reader's first touch, click, key or wheel: the
text, its tables and the tools paint and answer without it, and the engine of a page with
widgets starts without competing with it. ``theme-differe.css`` keeps the search in view
until then. The print stylesheet (all of it inside ``@media print``) is marked
``media="print"``, so that a screen does not wait for it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

__all__ = ["ThemeConfig", "ThemePlugin", "impression_sans_blocage", "theme_differe"]

ASSETS = Path(__file__).with_name("assets")
DESTINATION = "assets/regles"
CHARGEUR = f"{DESTINATION}/theme-differe.js"

SCRIPT_DU_THEME = re.compile(r'<script src="([^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"></script>')
FEUILLE_D_IMPRESSION = re.compile(r'<link rel="stylesheet" href="([^"]*assets/impression\.css)">')


def theme_differe(html: str, url_du_chargeur: str) -> str:
    """``html`` with Material's bundle handed to ``theme-differe.js``, which loads it at the first touch.

    A page where Material's bundle is not found (a theme upgrade that renamed it) fails the build:
    the deferred loading must not silently turn itself off.

    >>> page = theme_differe('<script src="../assets/javascripts/bundle.a5f9.min.js"></script>', "t.js")
    >>> page
    '<script type="module" src="t.js" data-regles-theme="../assets/javascripts/bundle.a5f9.min.js"></script>'
    >>> theme_differe("<p>sans le script du thème</p>", "t.js")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: regles-theme : le script de Material (...) est introuvable...
    """
    chargeur = json.dumps(url_du_chargeur)
    page, remplaces = SCRIPT_DU_THEME.subn(
        lambda theme: f'<script type="module" src={chargeur} data-regles-theme="{theme.group(1)}"></script>',
        html,
        count=1,
    )
    if not remplaces:
        raise PluginError(
            "regles-theme : le script de Material (assets/javascripts/bundle.*.min.js) est introuvable "
            "dans la page ; le thème ne peut pas être différé."
        )
    return page


def impression_sans_blocage(html: str) -> str:
    """``html`` with the print stylesheet (all of it inside ``@media print``) marked ``media="print"``:
    the browser no longer waits for it before the first paint on a screen.

    >>> impression_sans_blocage('<link rel="stylesheet" href="../assets/impression.css">')
    '<link rel="stylesheet" href="../assets/impression.css" media="print">'
    """
    return FEUILLE_D_IMPRESSION.sub(lambda f: f'{f.group(0)[:-1]} media="print">', html)


class ThemeConfig(base.Config):
    enabled = c.Type(bool, default=True)


class ThemePlugin(BasePlugin[ThemeConfig]):
    """Defer Material's script to the first touch on every page; ship the loader and its style."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if self.config.enabled:
            config.extra_css.append(f"{DESTINATION}/theme-differe.css")
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if self.config.enabled:
            for source in sorted(ASSETS.iterdir()):
                files.append(File.generated(config, f"{DESTINATION}/{source.name}", abs_src_path=str(source)))
        return files

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:
        if not self.config.enabled:
            return output
        return theme_differe(impression_sans_blocage(output), get_relative_url(CHARGEUR, page.url))

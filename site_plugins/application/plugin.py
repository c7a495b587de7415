"""The application plugin: what a browser, a phone or a chat needs to know about the site and its pages.

- a web app manifest (``manifest.webmanifest``) with its icons, drawn at build
  time, and ``start_url``/``scope`` relative to it, so the site installs under
  any sub-path; every page links to it and names the theme colour;
- each page's own ``meta`` description (the first sentence of its text, unless
  its front matter gives one; never the same for two pages) and its Open Graph
  title and description, naming its system;
- ``robots.txt``, pointing at the sitemap when the site's address is known;
- without that address (``REGLES_SITE_URL``), a clear message: the pages then
  carry no canonical link and the sitemap no address, rather than the
  builder's own machine.
"""

from __future__ import annotations

import json
import logging
from html import escape
from typing import Literal
from urllib.parse import urlsplit

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from .config import ApplicationConfig
from .description import premiere_phrase
from .icones import TAILLES, icone

__all__ = ["MANIFESTE", "ApplicationPlugin", "manifeste"]

log = logging.getLogger("mkdocs.plugins.regles.application")

MANIFESTE = "manifest.webmanifest"
ICONES = "assets/icones"
ICONE_APPLE = f"{ICONES}/apple-touch-icon.png"
ROBOTS = "robots.txt"


def _chemin_icone(taille: int, masquable: bool = False) -> str:
    return f"{ICONES}/icone-{'masquable-' if masquable else ''}{taille}.png"


def manifeste(config: MkDocsConfig, options: ApplicationConfig) -> dict[str, object]:
    """The manifest's content; every URL in it is relative to the manifest, at the site's root."""
    icones: list[dict[str, str]] = [
        {"src": _chemin_icone(taille), "sizes": f"{taille}x{taille}", "type": "image/png", "purpose": "any"}
        for taille in TAILLES
    ]
    icones += [
        {
            "src": _chemin_icone(taille, masquable=True),
            "sizes": f"{taille}x{taille}",
            "type": "image/png",
            "purpose": "maskable",
        }
        for taille in TAILLES
    ]
    return {
        "id": "./",
        "name": config.site_name,
        "short_name": options.short_name,
        "description": config.site_description or config.site_name,
        "lang": "fr",
        "dir": "ltr",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": options.theme_color,
        "background_color": options.background_color,
        "categories": ["games", "entertainment", "books"],
        "icons": icones,
    }


class ApplicationPlugin(BasePlugin[ApplicationConfig]):
    """Manifest, icons, robots.txt and per-page descriptions."""

    def __init__(self) -> None:
        self.commande: str | None = None
        self.descriptions: dict[str, str] = {}
        self.entetes: dict[str, tuple[str, str, str]] = {}

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self.commande = command

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if not self.config.enabled:
            return config
        self.descriptions = {}
        self.entetes = {}
        if not config.site_url:
            log.info(
                "regles-application : ATTENTION, pas d'adresse de publication (REGLES_SITE_URL) : "
                "pages sans lien canonique, sitemap sans adresses, robots.txt sans sitemap, et la "
                "navigation recharge chaque page. Pour publier : REGLES_SITE_URL=https://exemple.org/regles/"
            )
        return config

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        contenus: dict[str, str | bytes] = {
            MANIFESTE: json.dumps(manifeste(config, self.config), ensure_ascii=False, indent=2) + "\n",
            ICONE_APPLE: icone(180, self.config.theme_color, self.config.accent_color),
            ROBOTS: _robots(config.site_url),
        }
        for taille in TAILLES:
            for masquable in (False, True):
                contenus[_chemin_icone(taille, masquable)] = icone(
                    taille, self.config.theme_color, self.config.accent_color, masquable=masquable
                )
        for chemin, contenu in contenus.items():
            if files.get_file_from_path(chemin) is not None:
                raise PluginError(f"regles-application : « {chemin} » existe déjà dans docs/.")
            files.append(File.generated(config, chemin, content=contenu))
        return files

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        if not self.config.enabled:
            return html
        systeme = page.ancestors[-1].title if page.ancestors else ""
        titre = page.title or config.site_name
        description = str(page.meta.get("description") or premiere_phrase(html) or config.site_description)
        if description in self.descriptions:
            precision = f"{titre} ({systeme})" if systeme and systeme != titre else titre
            description = f"{precision}\u00a0: {description}"
        if description in self.descriptions:
            raise PluginError(
                f"regles-application : « {page.file.src_uri} » a la même description que "
                f"« {self.descriptions[description]} » ; donnez-lui « description: » dans son en-tête."
            )
        self.descriptions[description] = page.file.src_uri
        page.meta["description"] = description
        titre_og = f"{titre} — {systeme}" if systeme and systeme not in titre else titre
        description_og = f"{systeme} — {description}" if systeme else description
        self.entetes[page.url] = (titre_og, description_og, systeme)
        return html

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:
        if not self.config.enabled or page.url not in self.entetes:
            return output
        titre, description, _ = self.entetes[page.url]
        relatif = lambda chemin: escape(get_relative_url(chemin, page.url))  # noqa: E731
        balises = [
            f'<link rel="manifest" href="{relatif(MANIFESTE)}">',
            f'<link rel="apple-touch-icon" href="{relatif(ICONE_APPLE)}">',
            f'<meta name="theme-color" content="{escape(self.config.theme_color)}">',
            '<meta property="og:type" content="website">',
            '<meta property="og:locale" content="fr_FR">',
            f'<meta property="og:site_name" content="{escape(config.site_name)}">',
            f'<meta property="og:title" content="{escape(titre)}">',
            f'<meta property="og:description" content="{escape(description)}">',
        ]
        if config.site_url and page.canonical_url:
            balises.append(f'<meta property="og:url" content="{escape(page.canonical_url)}">')
            image = config.site_url.rstrip("/") + "/" + _chemin_icone(TAILLES[-1])
            balises.append(f'<meta property="og:image" content="{escape(image)}">')
        if "</head>" not in output:
            raise PluginError(f"regles-application : pas de </head> dans « {page.file.src_uri} ».")
        return output.replace("</head>", "".join(balises) + "</head>", 1)

    def on_post_template(self, output: str, /, *, template_name: str, config: MkDocsConfig) -> str | None:
        """The error page (served at any depth) links the manifest by its absolute path, when it is known."""
        if not self.config.enabled or template_name != "404.html" or not config.site_url:
            return output
        racine = urlsplit(config.site_url).path.rstrip("/") + "/"
        balises = (
            f'<link rel="manifest" href="{escape(racine + MANIFESTE)}">'
            f'<meta name="theme-color" content="{escape(self.config.theme_color)}">'
        )
        return output.replace("</head>", balises + "</head>", 1)


def _robots(site_url: str | None) -> str:
    """``robots.txt``: everything may be indexed; the sitemap's address when the site's is known.

    >>> print(_robots("https://exemple.org/regles/"), end="")
    User-agent: *
    Allow: /
    <BLANKLINE>
    Sitemap: https://exemple.org/regles/sitemap.xml
    """
    texte = "User-agent: *\nAllow: /\n"
    if site_url:
        texte += f"\nSitemap: {site_url.rstrip('/')}/sitemap.xml\n"
    return texte

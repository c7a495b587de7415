"""The theme plugin: Material's script and the print stylesheet never hold the text back.

On every page, Material's bundle (search, instant navigation, palette switch) is handed to
``theme-differe.js``, which loads it at the reader's first touch, click, key or wheel: the
text, its tables and the tools paint and answer without it, and the engine of a page with
widgets starts without competing with it. ``theme-differe.css`` keeps the search in view
until then. The print stylesheet (all of it inside ``@media print``) is marked
``media="print"``, so that a screen does not wait for it.

The first paint waits for no stylesheet: each page carries its critical style inline in ``<head>``
(see ``socle.py``): the rules of ``ecran.css`` that an element of this page matches, in their order.
``ecran.css``, made at each build from Material's sheet, its palette and every stylesheet of
``extra_css`` (the site's and its plugins', in their order, so the cascade is the same), comes after
without blocking: the critical style names it, ``theme-differe.js`` links it right after (a sheet a
script adds holds no paint back, and it is not fetched while the page is read in), and
``<noscript>`` links it plainly. Each page links it in place of the sheets it gathers.

The site's modules (the tools, the roll log, the characters, the offline copy, the theme's loader) start
once the page has painted: each page names them inert and ends with ``en_ligne/demarreur.js``, inline,
which makes them modules again after the first frame. Before, the page's text and its critical style are
all the browser fetches and paints (the engine's worker starts from ``<head>`` on its own).
"""

from __future__ import annotations

import json
import re
from html import escape as html_escape
from html import unescape as html_unescape
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import TableOfContents
from mkdocs.utils import get_relative_url

from site_plugins.modules import DESTINATION, declarer, expedier
from site_plugins.theme.socle import Socle

__all__ = [
    "ThemeConfig",
    "ThemePlugin",
    "ecran_sans_blocage",
    "feuilles_reunies",
    "impression_sans_blocage",
    "modules_apres_l_affichage",
    "theme_differe",
]

ASSETS = Path(__file__).with_name("assets")
CHARGEUR = f"{DESTINATION}/theme-differe.js"
ECRAN = f"{DESTINATION}/ecran.css"
PRINCIPALE = re.compile(r"assets/stylesheets/main\.[0-9a-f]+\.min\.css")
CARTE_DES_SOURCES = re.compile(r"/\*# sourceMappingURL=[^*]*\*/")
IMPRESSION = "assets/impression.css"
PALETTE = re.compile(r"assets/stylesheets/palette\.[0-9a-f]+\.min\.css")
ADRESSE_RELATIVE = re.compile(r"url\(\s*(?![\"']?data:)", re.I)
FEUILLE = re.compile(r'<link rel="stylesheet" href="([^"]*)">\n?')

SCRIPT_DU_THEME = re.compile(r'<script src="([^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"></script>')
MODULE = re.compile(r'<script\b([^>]*) type="module"([^>]*)></script>')
INERTE = "regles/module"
DEMARREUR = (Path(__file__).with_name("en_ligne") / "demarreur.js").read_text(encoding="utf-8")
FIN_DU_CORPS = re.compile(r"</body>(?!.*</body>)", re.S | re.I)
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


def modules_apres_l_affichage(html: str) -> str:
    """``html`` with its module scripts inert (``type="regles/module"``) and, at the end of ``<body>``, the
    inline starter that makes them modules again once the page has painted.

    >>> page = modules_apres_l_affichage('<body><script src="a.js" type="module"></script></body>')
    >>> page.startswith('<body><script src="a.js" type="regles/module"></script><script>')
    True
    >>> page.endswith("</script>\\n</body>") and DEMARREUR in page
    True
    >>> modules_apres_l_affichage("<body><p>sans module</p></body>")
    '<body><p>sans module</p></body>'

    A page without ``</body>`` (where its modules could not start) fails the build.

    >>> modules_apres_l_affichage('<script src="a.js" type="module"></script>')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: regles-theme : pas de </body> ...
    """
    page, inertes = MODULE.subn(lambda m: f'<script{m.group(1)} type="{INERTE}"{m.group(2)}></script>', html)
    if not inertes:
        return html
    page, fins = FIN_DU_CORPS.subn(f"<script>{DEMARREUR}</script>\n</body>", page, count=1)
    if not fins:
        raise PluginError("regles-theme : pas de </body> où démarrer les modules de la page.")
    return page


def impression_sans_blocage(html: str) -> str:
    """``html`` with the print stylesheet (all of it inside ``@media print``) marked ``media="print"``:
    the browser no longer waits for it before the first paint on a screen.

    >>> impression_sans_blocage('<link rel="stylesheet" href="../assets/impression.css">')
    '<link rel="stylesheet" href="../assets/impression.css" media="print">'
    """
    return FEUILLE_D_IMPRESSION.sub(lambda f: f'{f.group(0)[:-1]} media="print">', html)


def feuilles_reunies(html: str, reunies: list[str], url_de_l_ecran: str) -> str:
    """``html`` with its links to the stylesheets of ``reunies`` (paths from the site's root) replaced by
    one link to ``ecran.css``, where the first of them was.

    >>> page = '<link rel="stylesheet" href="../a.css"><link rel="stylesheet" href="../b/c.css"><p>'
    >>> feuilles_reunies(page, ["a.css", "b/c.css"], "../e.css")
    '<link rel="stylesheet" href="../e.css">\\n<p>'
    """
    vues: list[str] = []

    def remplacer(lien: re.Match[str]) -> str:
        if not any(lien.group(1).endswith(chemin) for chemin in reunies):
            return lien.group(0)
        vues.append(lien.group(1))
        return f'<link rel="stylesheet" href="{url_de_l_ecran}">\n' if len(vues) == 1 else ""

    return FEUILLE.sub(remplacer, html)


def ecran_sans_blocage(html: str, url_de_l_ecran: str, critique: str) -> str:
    """``html`` with its link to ``ecran.css`` made into: the page's critical style, inline, which names
    ``ecran.css`` for ``theme-differe.js`` to link after it; and ``ecran.css`` plainly without JavaScript.

    >>> print(ecran_sans_blocage('<link rel="stylesheet" href="../e.css">', "../e.css", "p{margin:0}"))
    <style data-regles-ecran="../e.css">p{margin:0}</style>
    <noscript><link rel="stylesheet" href="../e.css"></noscript>

    A style whose text would end the ``<style>`` element early fails the build.

    >>> ecran_sans_blocage("<link>", "e.css", "a::after{content:'</style>'}")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mkdocs.exceptions.PluginError: regles-theme : « </style » dans le style critique...
    """
    if "</style" in critique.lower():
        raise PluginError("regles-theme : « </style » dans le style critique, à ne pas mettre en ligne.")
    return html.replace(
        f'<link rel="stylesheet" href="{url_de_l_ecran}">',
        f'<style data-regles-ecran="{url_de_l_ecran}">{critique}</style>\n'
        f'<noscript><link rel="stylesheet" href="{url_de_l_ecran}"></noscript>',
        1,
    )


TITRE = re.compile(r'<h[1-6][^>]* id="([^"]+)"[^>]*>(.*?)</h[1-6]>', re.S)
LIEN_PERMANENT = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.S)
BALISE = re.compile(r"<[^>]+>")


def espaces_du_sommaire(html: str, sommaire: TableOfContents) -> None:
    """Give the table of contents its headings' non-breaking spaces back.

    >>> from mkdocs.structure.toc import get_toc
    >>> sommaire = get_toc([{"level": 2, "id": "a", "name": "Exemple : Wu", "children": []}])
    >>> titre = '<h2 id="a">Exemple\u00a0: Wu<a class="headerlink" href="#a">¶</a></h2>'
    >>> espaces_du_sommaire(titre, sommaire)
    >>> next(iter(sommaire)).title
    'Exemple\xa0: Wu'

    Python-Markdown's ``toc`` folds every white space of a heading into an ordinary space (« Exemple : »
    in the table of contents where the heading says « Exemple\u00a0: »): each entry takes its heading's
    text again, as the page writes it (tags and the permalink left out, ordinary white space folded).
    """
    textes = {
        ancre: BALISE.sub("", LIEN_PERMANENT.sub("", contenu)) for ancre, contenu in TITRE.findall(html)
    }
    a_voir = list(sommaire)
    while a_voir:
        entree = a_voir.pop()
        texte = re.sub(r"[ \t\r\n]+", " ", html_unescape(textes.get(entree.id, ""))).strip()
        if texte and texte.split() == html_unescape(entree.title).split():
            entree.title = html_escape(texte, quote=False)
        a_voir.extend(entree.children)


class ThemeConfig(base.Config):
    enabled = c.Type(bool, default=True)


class ThemePlugin(BasePlugin[ThemeConfig]):
    """Defer Material's script to the first touch on every page; ship the loader and its style."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        if self.config.enabled:
            declarer(config, styles=["theme-differe.css"])
        return config

    def __init__(self) -> None:
        self.reunies: list[str] = []
        self.socle = Socle()

    @event_priority(-100)  # after every plugin that adds a stylesheet
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        if not self.config.enabled:
            return files
        expedier(files, config, ASSETS)
        du_theme = sorted(f.src_uri for f in files if PRINCIPALE.fullmatch(f.src_uri))
        du_theme += sorted(f.src_uri for f in files if PALETTE.fullmatch(f.src_uri))
        self.reunies = [*du_theme, *(str(chemin) for chemin in config.extra_css if str(chemin) != IMPRESSION)]
        self.socle = Socle()
        parties = []
        for chemin in self.reunies:
            fichier = files.get_file_from_path(chemin)
            if fichier is None:
                raise PluginError(f"regles-theme : la feuille de style « {chemin} » est introuvable.")
            texte = CARTE_DES_SOURCES.sub("", fichier.content_string)
            if ADRESSE_RELATIVE.search(texte):
                raise PluginError(
                    f"regles-theme : « {chemin} » contient une adresse relative (url(…)) : réunie dans"
                    f" {ECRAN}, elle ne mènerait plus au bon fichier."
                )
            parties.append(f"/* {chemin} */\n{texte.strip()}\n")
            # Material's rules are many, and few of them paint a page; the site's own all go to the base.
            self.socle.ajouter_feuille(texte, entiere=chemin not in du_theme)
        files.append(File.generated(config, ECRAN, content="".join(parties)))
        return files

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        if self.config.enabled:
            espaces_du_sommaire(html, page.toc)
        return html

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:
        if not self.config.enabled:
            return output
        ecran = get_relative_url(ECRAN, page.url)
        output = feuilles_reunies(output, self.reunies, ecran)
        output = ecran_sans_blocage(output, ecran, self.socle.critique(output))
        output = theme_differe(impression_sans_blocage(output), get_relative_url(CHARGEUR, page.url))
        return modules_apres_l_affichage(output)

"""The security plugin: a ``<meta>`` Content-Security-Policy in every built page.

A static host may send no headers, so the policy travels in the page itself,
first in ``<head>``, right after the ``<meta charset>`` (moved there, before any script).
It allows only the site's own origin; WebAssembly needs
``'wasm-unsafe-eval'``; the theme's few inline scripts are allowed by their
SHA-256 hash, computed here for each page (nothing else inline can run).
Styles keep ``'unsafe-inline'`` for ``style`` attributes (bar widths).

Under ``mkdocs serve`` only, the live-reload script that MkDocs injects into
every page it serves (a new inline script at each request, so no hash can
name it) needs ``'unsafe-inline'`` for scripts: the pages served for authoring
carry that one relaxation, so that they reload after an edit with no CSP error;
a built site never does.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import re
from pathlib import Path
from typing import Literal

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority

__all__ = ["SecuriteConfig", "SecuritePlugin", "politique"]

log = logging.getLogger("mkdocs.plugins.regles.securite")

SCRIPT_EN_LIGNE = re.compile(r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", re.S | re.I)
GESTIONNAIRE = re.compile(r"<[^>]+\son[a-z]+\s*=", re.I)
TETE = re.compile(r"<head[^>]*>", re.I)
CODAGE = re.compile(r"\s*<meta charset=[\"']?utf-8[\"']?\s*/?>", re.I)
META_CODAGE = '<meta charset="utf-8">'
"""First in ``<head>``, before the policy and any script: the browser reads it in the first 1,024 bytes."""


class SecuriteConfig(base.Config):
    enabled = c.Type(bool, default=True)


def politique(scripts: list[str], *, rechargement: bool = False) -> str:
    """The policy for a page whose inline scripts are ``scripts``.

    >>> politique(["a"]).split("; ")[1]
    "script-src 'self' 'wasm-unsafe-eval' 'sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs='"

    With ``rechargement`` (``mkdocs serve``), any inline script may run (hashes would forbid it):

    >>> politique(["a"], rechargement=True).split("; ")[1]
    "script-src 'self' 'wasm-unsafe-eval' 'unsafe-inline'"
    """
    if rechargement:
        script_src = "'self' 'wasm-unsafe-eval' 'unsafe-inline'"
    else:
        empreintes = sorted({base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() for s in scripts})
        script_src = " ".join(["'self'", "'wasm-unsafe-eval'", *(f"'sha256-{e}'" for e in empreintes)])
    return "; ".join(
        [
            "default-src 'self'",
            f"script-src {script_src}",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "font-src 'self' data:",
            "connect-src 'self'",
            "worker-src 'self'",
            "manifest-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
        ]
    )


def proteger(html: str, source: str, *, rechargement: bool = False) -> str:
    """``html`` with its ``<meta charset>`` then its policy first in ``<head>``; refuses inline handlers.

    >>> proteger('<html><head><script>a</script><meta charset="utf-8"></head></html>', "p.html")[:52]
    '<html><head><meta charset="utf-8"><meta http-equiv="'
    """
    if GESTIONNAIRE.search(html):
        raise PluginError(
            f"regles-securite : gestionnaire d'événement en ligne dans {source} (interdit par la CSP)."
        )
    scripts = [
        corps for attributs, corps in SCRIPT_EN_LIGNE.findall(html) if "application/json" not in attributs
    ]
    contenu = politique(scripts, rechargement=rechargement)
    meta = f'{META_CODAGE}<meta http-equiv="Content-Security-Policy" content="{contenu}">'
    html, remplacements = TETE.subn(lambda m: m.group(0) + meta, CODAGE.sub("", html, count=1), count=1)
    if not remplacements:
        raise PluginError(f"regles-securite : pas de <head> dans {source}.")
    return html


class SecuritePlugin(BasePlugin[SecuriteConfig]):
    """Write the policy into every HTML file of the site."""

    def __init__(self) -> None:
        self.commande: str | None = None

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self.commande = command

    @event_priority(-90)  # after the plugins that write pages, before the offline list is made
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        pages = sorted(Path(config.site_dir).rglob("*.html"))
        rechargement = self.commande == "serve"
        if rechargement:
            log.info("regles-securite : mkdocs serve, scripts en ligne permis (rechargement automatique).")
        for chemin in pages:
            html = chemin.read_text(encoding="utf-8")
            chemin.write_text(proteger(html, chemin.name, rechargement=rechargement), encoding="utf-8")
        log.debug("CSP written into %d pages", len(pages))

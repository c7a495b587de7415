"""The security plugin: a ``<meta>`` Content-Security-Policy in every built page.

A static host may send no headers, so the policy travels in the page itself,
first in ``<head>``. It allows only the site's own origin; WebAssembly needs
``'wasm-unsafe-eval'``; the theme's few inline scripts are allowed by their
SHA-256 hash, computed here for each page (nothing else inline can run).
Styles keep ``'unsafe-inline'`` for ``style`` attributes (bar widths).
"""

from __future__ import annotations

import base64
import hashlib
import logging
import re
from pathlib import Path

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


class SecuriteConfig(base.Config):
    enabled = c.Type(bool, default=True)


def politique(scripts: list[str]) -> str:
    """The policy for a page whose inline scripts are ``scripts``.

    >>> politique(["a"]).split("; ")[1]
    "script-src 'self' 'wasm-unsafe-eval' 'sha256-ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs='"
    """
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


def proteger(html: str, source: str) -> str:
    """``html`` with its policy inserted first in ``<head>``; refuses inline event handlers."""
    if GESTIONNAIRE.search(html):
        raise PluginError(
            f"regles-securite : gestionnaire d'événement en ligne dans {source} (interdit par la CSP)."
        )
    scripts = [
        corps for attributs, corps in SCRIPT_EN_LIGNE.findall(html) if "application/json" not in attributs
    ]
    meta = f'<meta http-equiv="Content-Security-Policy" content="{politique(scripts)}">'
    html, remplacements = TETE.subn(lambda m: m.group(0) + meta, html, count=1)
    if not remplacements:
        raise PluginError(f"regles-securite : pas de <head> dans {source}.")
    return html


class SecuritePlugin(BasePlugin[SecuriteConfig]):
    """Write the policy into every HTML file of the site."""

    @event_priority(-90)  # after the plugins that write pages, before the offline list is made
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        pages = sorted(Path(config.site_dir).rglob("*.html"))
        for chemin in pages:
            chemin.write_text(proteger(chemin.read_text(encoding="utf-8"), chemin.name), encoding="utf-8")
        log.debug("CSP written into %d pages", len(pages))

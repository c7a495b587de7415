"""A real Chromium (Debian's, through Playwright) on the built site, served locally.

The browser tests never skip: without Chromium they fail with the package to
install. Every request a page makes is recorded; any that leaves the local
server fails the test.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from tests.browser.widgets import page_de_telephone
from tests.conftest import SERVEUR_DE_SESSION
from tests.serveur import SiteServer, _QuietHandler

__all__ = ["SiteServer", "_QuietHandler"]

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


@pytest.fixture(scope="session")
def server(site: Path, site_url: str) -> SiteServer:
    """The built site served at the address it was built for.

    The server is the session's, started once by the process that runs the session (plain pytest,
    or the controller of ``pytest -n``, whose workers share it): see ``tests/conftest.py``.
    """
    serveur = SERVEUR_DE_SESSION.get("serveur")
    if serveur is None:  # a worker of ``pytest -n``: the controller serves, at the same address
        return SiteServer.ailleurs(site_url)
    return serveur


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Debian's headless Chromium (``chromium-headless-shell``: the same engine, Blink and V8, as the
    ``chromium`` a reader runs, built without a window; a page costs it half the processor time), on
    PATH; its absence is a failure, never a skip. The benchmarks run the whole ``chromium``."""
    path = shutil.which("chromium-headless-shell")
    if not path:
        pytest.fail(
            "Chromium sans fenêtre est introuvable : installez le paquet Debian « chromium-headless-shell »"
            " (make test le fait)."
        )
    return path


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as instance:
        yield instance


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright, chromium_path: str) -> Iterator[Browser]:
    """One headless Chromium for the whole session."""
    launched = playwright_instance.chromium.launch(
        executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS
    )
    yield launched
    launched.close()


class RequestLog:
    """Every URL a context requested, and those outside the local server."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.urls: list[str] = []

    def record(self, url: str) -> None:
        self.urls.append(url)

    @property
    def external(self) -> list[str]:
        allowed = urlsplit(self.origin).netloc
        return [
            url
            for url in self.urls
            if urlsplit(url).scheme in {"http", "https", "ws", "wss"} and urlsplit(url).netloc != allowed
        ]


@pytest.fixture
def requests_log(server: SiteServer) -> RequestLog:
    return RequestLog(server.url)


@pytest.fixture
def context(browser: Browser, server: SiteServer, requests_log: RequestLog) -> Iterator[BrowserContext]:
    """A fresh browser context (cold cache) whose requests are all recorded."""
    ctx = browser.new_context(base_url=server.url, locale="fr-FR", service_workers="block")
    ctx.on("request", lambda request: requests_log.record(request.url))
    yield ctx
    ctx.close()
    assert not requests_log.external, f"requêtes hors du site : {requests_log.external}"


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    """A page in a fresh context; uncaught script errors are collected in ``page.errors``."""
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.errors = errors  # type: ignore[attr-defined]
    yield opened


@pytest.fixture(scope="module")
def site_page(browser: Browser, server: SiteServer) -> Iterator[Page]:
    """One page for a whole test module: it moves by instant navigation, so the rules
    engine starts once per module. Fails the module on any request outside the site."""
    log = RequestLog(server.url)
    ctx = browser.new_context(base_url=server.url, locale="fr-FR", service_workers="block")
    ctx.on("request", lambda request: log.record(request.url))
    opened = ctx.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.errors = errors  # type: ignore[attr-defined]
    yield opened
    ctx.close()
    assert not log.external, f"requêtes hors du site : {log.external}"
    assert not errors, f"erreurs de script : {errors}"


@pytest.fixture
def telephone(browser: Browser, server: SiteServer) -> Iterator[Page]:
    """A fresh phone (390 × 844 px, touch): nothing cached, nothing stored, a first visit."""
    with page_de_telephone(browser, server.url, locale="fr-FR") as page:
        yield page

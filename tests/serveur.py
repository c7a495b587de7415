"""The built site served locally, as a static host serves it (a background thread, no log)."""

from __future__ import annotations

import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serve the built site with the types a static host gives, without logging."""

    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/octet-stream",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class _ServeurCalme(ThreadingHTTPServer):
    """A page closed mid-download (a test moving on) breaks its connection: nothing to report."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


class SiteServer:
    """The built site on http://127.0.0.1:<port>/, in a background thread."""

    def __init__(self, directory: Path, port: int = 0) -> None:
        handler = functools.partial(_QuietHandler, directory=str(directory))
        self.httpd = _ServeurCalme(("127.0.0.1", port), handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @classmethod
    def ailleurs(cls, url: str) -> SiteServer:
        """The server another process runs at ``url`` (the controller of ``pytest -n``): its address only."""
        serveur = cls.__new__(cls)
        serveur.url = url
        return serveur

    def __enter__(self) -> SiteServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

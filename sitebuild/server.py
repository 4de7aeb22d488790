"""Serving the built site on 127.0.0.1 (``build.py --serve``, the browser tests and the
benchmarks use this server: the same MIME types and cache headers everywhere)."""

from __future__ import annotations

import functools
import re
import sys
import threading
import webbrowser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".zip": "application/zip",
    ".md": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
}

#: Content-addressed files: their name changes with their bytes.
IMMUTABLE_RE = re.compile(r"/(?:py/cardroom-[0-9a-f]+\.zip|cards-[0-9a-f]+\.html)$")


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the MIME types the site needs; optionally quiet."""

    quiet = False
    #: a plain static host (``make_server(plain=True)``): the files with their MIME types
    #: and no other header, as python's http.server or a teacher's web space sends them
    plain = False
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        if self.plain:
            super().end_headers()
            return
        # Content-addressed files never change; everything else is revalidated so a
        # rebuilt site is never mixed with stale parts (the service worker serves repeat
        # visits from its own cache anyway).
        path = self.path.split("?", 1)[0]
        if IMMUTABLE_RE.search(path):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
        # Cross-origin isolation (every file is same-origin): Pyodide gets a real
        # SharedArrayBuffer, and Chromium no longer warns about its deprecated fallback.
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """Threaded server; a browser dropping a connection mid-file is not an error."""

    daemon_threads = True
    quiet = False

    def handle_error(self, request: Any, client_address: Any) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, ConnectionError) or self.quiet:
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path | str = "dist",
    port: int = 8000,
    host: str = "127.0.0.1",
    quiet: bool = True,
    *,
    plain: bool = False,
) -> ThreadingHTTPServer:
    """A ThreadingHTTPServer for ``directory`` (not started; port=0 picks a free one).
    ``plain``: no header beyond the MIME type (no COOP/COEP, no Cache-Control), the way
    any static host serves the site (README, "Hosting the site")."""
    handler = type("Handler", (SiteHandler,), {"quiet": quiet, "plain": plain})
    server = SiteServer(
        (host, port), functools.partial(handler, directory=str(Path(directory).resolve()))
    )
    server.quiet = quiet
    return server


def serve(
    directory: Path | str = "dist",
    port: int = 8000,
    host: str = "127.0.0.1",
    open_browser: bool = False,
    quiet: bool = False,
    block: bool = True,
) -> ThreadingHTTPServer:
    """Serve ``directory``; blocks until Ctrl-C unless ``block=False`` (then a daemon
    thread serves and the running server is returned; call ``.shutdown()``)."""
    server = make_server(directory, port, host, quiet)
    local = "127.0.0.1" if host in ("0.0.0.0", "") else host
    url = f"http://{local}:{server.server_address[1]}/"
    where = f"{url} and the local network" if local != host else url
    print(f"serving {Path(directory).resolve()} at {where}  (Ctrl-C to stop)", file=sys.stderr)
    if open_browser:
        threading.Timer(0.3, webbrowser.open, args=(url,)).start()
    if not block:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return server
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return server

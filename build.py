#!/usr/bin/env python3
"""Build cardroom's static site, and serve it on 127.0.0.1.

    python build.py --out DIR             # build into DIR (default dist/), from scratch
    python build.py --out DIR --serve     # build, then serve DIR on http://127.0.0.1:8000/
    python build.py --serve --port 9000 --open --quiet
    python build.py --serve --lan         # serve to the classroom network too (address + QR)

The build is deterministic (same inputs, same bytes) and self-contained: Pyodide and
PyScript are vendored from node_modules, the engine package ``py/cardroom`` ships as a
content-addressed zip that the boot module unpacks into site-packages, the US map is
pre-rendered (svgwrite, build time only) into index.html so the first paint needs no
Python, the 50 card faces are pre-rendered into a content-addressed ``cards-<hash>.html``,
and a service worker precaches what the screens use so the site works offline after the
first visit. Nothing is requested from any other host.

The work is done by the ``sitebuild`` package next to this file (one module per
artefact; build-time only, never shipped). ``build``, ``make_server(directory, port=0)``
and ``serve(directory, ...)`` are importable from here (the browser tests and the
benchmarks use them).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sitebuild.server import MIME_TYPES, SiteHandler, SiteServer, make_server, serve  # noqa: E402
from sitebuild.site import build  # noqa: E402

__all__ = ["MIME_TYPES", "SiteHandler", "SiteServer", "build", "main", "make_server", "serve"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="dist", help="output directory (default: dist/)")
    ap.add_argument("--serve", action="store_true", help="serve the site after building")
    ap.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    ap.add_argument("--host", default="127.0.0.1", help="address for --serve")
    ap.add_argument("--open", action="store_true", help="open a browser tab (with --serve)")
    ap.add_argument(
        "--lan",
        action="store_true",
        help="serve to the other devices of the local network too (prints the address and a QR code)",
    )
    ap.add_argument("--no-build", action="store_true", help="serve --out as it is")
    ap.add_argument("-q", "--quiet", action="store_true", help="no build or request logs")
    args = ap.parse_args(argv)
    if not args.no_build:
        build(args.out, quiet=args.quiet)
    if args.serve:
        host = "0.0.0.0" if args.lan else args.host
        if args.lan:
            from sitebuild.lan import lan_banner  # noqa: PLC0415

            print(lan_banner(args.port), file=sys.stderr)
        serve(args.out, args.port, host, open_browser=args.open, quiet=args.quiet)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

#!/usr/bin/env python3
"""Build cardroom's static site, and serve it on 127.0.0.1.

    python build.py --out DIR             # build into DIR (default dist/), from scratch
    python build.py --out DIR --serve     # build, then serve DIR on http://127.0.0.1:8000/
    python build.py --serve --port 9000 --open --quiet

The build is deterministic (same inputs, same bytes) and self-contained: Pyodide and
PyScript are vendored from node_modules, the engine package ``py/cardroom`` ships as a
zip that PyScript unpacks into site-packages, the US map is pre-rendered (svgwrite,
build time only) into index.html so the first paint needs no Python, the 50 GeoPlunge
card faces are pre-rendered as ``<template>`` elements into a content-addressed
``cards-<hash>.html`` that web/pyodide-boot.mjs fetches alongside Pyodide and inserts
before the first screen mounts (kept out of index.html, whose parse gates the first
paint), and a service worker precaches every file so the site works offline after the
first visit. Nothing is requested from any other host.

``make_server(directory, port=0)`` and ``serve(directory, ...)`` are importable (the
browser tests use them).
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import html
import json
import math
import re
import shutil
import struct
import sys
import threading
import webbrowser
import zipfile
import zlib
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
NODE = ROOT / "node_modules"
WEB = ROOT / "web"
ASSETS = ROOT / "assets"

try:  # the installed (editable) package, or a checkout without `pip install -e`
    import cardroom  # noqa: F401
except ImportError:  # pragma: no cover
    sys.path.insert(0, str(ROOT / "py"))

from cardroom import atlas  # noqa: E402
from cardroom.web.cards import ZONE_CLASS, card_html  # noqa: E402

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: Flags drawn by hand in assets/flags/ because region-flags ships retired designs
#: (Mississippi before 2020, Utah and Minnesota before 2024).
HAND_DRAWN_FLAGS = ("MS", "UT", "MN")
#: PyScript plugins the site does not use (the error plugin is replaced by our own
#: error panel; see web/boot.js).
PYSCRIPT_PLUGINS_OFF = (
    "codemirror",
    "deprecations-manager",
    "donkey",
    "error",
    "py-editor",
    "py-game",
    "py-terminal",
)
#: Small states get a labelled call-out box on the map's right edge (a bigger target).
CALLOUTS = ("VT", "NH", "MA", "RI", "CT", "NJ", "DE", "MD")

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

ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def log(msg: str, quiet: bool = False) -> None:
    if not quiet:
        print(msg, file=sys.stderr)


# --------------------------------------------------------------------------- TopoJSON


def decode_arcs(topo: dict[str, Any]) -> list[list[tuple[float, float]]]:
    """Quantized, delta-encoded arcs -> absolute coordinates."""
    tr = topo.get("transform")
    arcs = []
    for arc in topo["arcs"]:
        pts = []
        x = y = 0
        for p in arc:
            if tr:
                x += p[0]
                y += p[1]
                sx, sy = tr["scale"]
                tx, ty = tr["translate"]
                pts.append((x * sx + tx, y * sy + ty))
            else:
                pts.append((p[0], p[1]))
        arcs.append(pts)
    return arcs


def ring_points(
    ring: list[int], arcs: list[list[tuple[float, float]]]
) -> list[tuple[float, float]]:
    """Stitch a ring from arc indexes (``~i`` means arc ``i`` reversed)."""
    pts: list[tuple[float, float]] = []
    for i in ring:
        arc = arcs[i] if i >= 0 else arcs[~i][::-1]
        pts.extend(arc if not pts else arc[1:])
    return pts


def geometry_polygons(geom: dict[str, Any], arcs) -> list[list[list[tuple[float, float]]]]:
    if geom["type"] == "Polygon":
        polys = [geom["arcs"]]
    elif geom["type"] == "MultiPolygon":
        polys = geom["arcs"]
    else:
        return []
    return [[ring_points(r, arcs) for r in poly] for poly in polys]


def path_data(polygons, precision: int = 1) -> str:
    """SVG path data with relative commands on rounded coordinates (no drift)."""
    f = 10**precision
    out = []
    for poly in polygons:
        for ring in poly:
            q = []
            for x, y in ring:
                p = (round(x * f), round(y * f))
                if not q or q[-1] != p:
                    q.append(p)
            if len(q) > 1 and q[0] == q[-1]:
                q.pop()
            if len(q) < 3:
                continue
            cmd = [f"M{_n(q[0][0], f)} {_n(q[0][1], f)}"]
            rel = []
            for (x0, y0), (x1, y1) in zip(q, q[1:], strict=False):
                rel.append(f"{_n(x1 - x0, f)} {_n(y1 - y0, f)}")
            cmd.append("l" + " ".join(rel) + "z")
            out.append("".join(cmd))
    return "".join(out)


def _n(v: int, f: int) -> str:
    s = f"{v / f:.1f}" if f == 10 else f"{v / f:g}"
    s = s.rstrip("0").rstrip(".") if "." in s else s
    return "0" if s in ("-0", "") else s


def _ring_area(ring) -> float:
    return 0.5 * sum(
        x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True)
    )


def _inside(x: float, y: float, rings) -> bool:
    c = False
    for ring in rings:
        n = len(ring)
        j = n - 1
        for i in range(n):
            xi, yi = ring[i]
            xj, yj = ring[j]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                c = not c
            j = i
    return c


def _seg_dist(px, py, ax, ay, bx, by) -> float:
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def label_point(polygons) -> tuple[float, float, float]:
    """Approximate pole of inaccessibility of the largest polygon: (x, y, radius)."""
    poly = max(polygons, key=lambda p: abs(_ring_area(p[0])))
    simple = [r[:: max(1, len(r) // 90)] for r in poly]
    segs = [(r[i], r[(i + 1) % len(r)]) for r in simple for i in range(len(r))]
    xs = [x for x, _ in poly[0]]
    ys = [y for _, y in poly[0]]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)

    def score(x: float, y: float, floor: float) -> float:
        """Distance to the outline if inside and better than ``floor``, else -1."""
        if not _inside(x, y, simple):
            return -1.0
        d = math.inf
        for a, b in segs:
            d = min(d, _seg_dist(x, y, a[0], a[1], b[0], b[1]))
            if d <= floor:
                return -1.0
        return d

    best = ((x0 + x1) / 2, (y0 + y1) / 2)
    best_s = max(score(*best, -1.0), 0.0)
    step = max(x1 - x0, y1 - y0) / 14
    cx, cy, span = best[0], best[1], max(x1 - x0, y1 - y0) / 2
    for _ in range(4):
        n = int(span / step) + 1
        for i in range(-n, n + 1):
            for j in range(-n, n + 1):
                x, y = cx + i * step, cy + j * step
                if x0 <= x <= x1 and y0 <= y <= y1:
                    s = score(x, y, best_s)
                    if s > best_s:
                        best, best_s = (x, y), s
        cx, cy = best
        span = step * 2
        step /= 4
    return best[0], best[1], best_s


# --------------------------------------------------------------------------- the map


def render_map(records: dict[str, atlas.StateFacts]) -> tuple[str, dict[str, dict[str, float]]]:
    """The inline SVG of the US map and per-state label points."""
    import svgwrite  # build time only

    topo = json.loads((NODE / "us-atlas" / "states-albers-10m.json").read_text("utf-8"))
    arcs = decode_arcs(topo)
    by_fips = {s.fips: s for s in records.values()}
    geoms = topo["objects"]["states"]["geometries"]
    dwg = svgwrite.Drawing(
        size=None, viewBox="0 0 975 610", profile="full", debug=False, id="us-map"
    )
    dwg.attribs.update(
        {
            "class": "us-map",
            "role": "group",
            "aria-label": "Map of the United States: choose a state",
            "focusable": "false",
        }
    )
    states_g = dwg.g(id="map-states")
    labels_g = dwg.g(**{"class": "map-labels", "aria-hidden": "true"})
    info: dict[str, dict[str, float]] = {}
    shapes = []
    for g in geoms:
        polys = geometry_polygons(g, arcs)
        d = path_data(polys)
        s = by_fips.get(g["id"])
        if s is None:  # District of Columbia: drawn, not a state, not interactive
            shapes.append((g["properties"]["name"], None, d, polys))
            continue
        shapes.append((s.name, s, d, polys))
    missing = set(records) - {s.code for _, s, _, _ in shapes if s}
    if missing:
        raise SystemExit(f"map: no geometry for {sorted(missing)} (check fips in states.json)")
    for _name, s, d, polys in sorted(shapes, key=lambda t: t[0]):
        if s is None:
            states_g.add(dwg.path(d=d, **{"class": "dc", "aria-hidden": "true"}))
            continue
        x, y, r = label_point(polys)
        xs = [p[0] for poly in polys for p in poly[0]]
        ys = [p[1] for poly in polys for p in poly[0]]
        info[s.code] = {
            "x": round(x, 1),
            "y": round(y, 1),
            "r": round(r, 1),
            "bbox": [round(min(xs), 1), round(min(ys), 1), round(max(xs), 1), round(max(ys), 1)],
        }
        states_g.add(
            dwg.path(
                d=d,
                id=f"state-{s.code}",
                **{
                    "class": f"state tz-{ZONE_CLASS[s.time_zones[0]]}",
                    "data-state": s.code,
                    "data-x": f"{x:.0f}",
                    "data-y": f"{y:.0f}",
                    "role": "button",
                    "tabindex": "0",
                    "aria-label": s.name,
                    "aria-pressed": "false",
                },
            )
        )
        if s.code not in CALLOUTS and r >= 6:
            size = 11 if r >= 10 else 9
            labels_g.add(
                dwg.text(
                    s.code,
                    insert=(round(x, 1), round(y + size * 0.36, 1)),
                    id=f"label-{s.code}",
                    **{"font-size": size, "class": "map-label"},
                )
            )
    dwg.add(states_g)
    dwg.add(labels_g)
    # call-outs for the small north-eastern states
    co = dwg.g(**{"class": "callouts", "aria-hidden": "true"})
    top = 150
    for k, code in enumerate(CALLOUTS):
        i = info[code]
        bx, by = 912, top + k * 25
        co.add(dwg.line(start=(i["x"], i["y"]), end=(bx, by + 9), **{"class": "callout-line"}))
        grp = dwg.g(**{"class": "callout", "data-callout": code})
        grp.add(dwg.rect(insert=(bx, by), size=(40, 18), rx=4, **{"class": "callout-box"}))
        grp.add(dwg.text(code, insert=(bx + 20, by + 13), **{"class": "callout-text"}))
        co.add(grp)
    dwg.add(co)
    # on top of everything: the selected state's outline and the focus ring
    for name in ("selected", "focus"):
        dwg.add(
            dwg.path(d="M0 0", id=f"map-{name}", **{"class": f"map-{name}", "aria-hidden": "true"})
        )
    return dwg.tostring(), info


# --------------------------------------------------------------------------- flags


def copy_flags(out: Path, codes: list[str], quiet: bool) -> None:
    out.mkdir(parents=True, exist_ok=True)
    src = NODE / "region-flags" / "svg"
    for code in codes:
        if code in HAND_DRAWN_FLAGS:
            data = (ASSETS / "flags" / f"{code}.svg").read_bytes()
        else:
            data = minify_svg((src / f"US-{code}.svg").read_bytes())
        (out / f"{code}.svg").write_bytes(data)
    log(f"  flags: {len(codes)} ({', '.join(HAND_DRAWN_FLAGS)} hand-drawn)", quiet)


def minify_svg(data: bytes) -> bytes:
    """Safe shrinking: drop comments, editor metadata and indentation between tags."""
    text = data.decode("utf-8")
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    text = re.sub(r"<metadata\b.*?</metadata>", "", text, flags=re.S)
    text = re.sub(r"<sodipodi:namedview\b.*?(/>|</sodipodi:namedview>)", "", text, flags=re.S)
    text = re.sub(r">\s+<", "><", text)
    return text.strip().encode("utf-8")


# --------------------------------------------------------------------------- icons


def _png(width: int, height: int, pixel) -> bytes:
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows.extend(pixel(x, y))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + tag
            + data
            + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
        )

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )


def _rounded(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def icon_pixel(size: int):
    """The app icon: a red-topped card on a navy tile with a gold star (unit square)."""
    navy, white, red, gold = (
        (23, 43, 77, 255),
        (255, 255, 255, 255),
        (200, 40, 40, 255),
        (
            230,
            170,
            30,
            255,
        ),
    )
    star = _star_polygon(0.5, 0.58, 0.17, 0.07)

    def pixel(px: int, py: int):
        x, y = (px + 0.5) / size, (py + 0.5) / size
        if not _rounded(x, y, 0, 0, 1, 1, 0.18):
            return navy  # maskable icons are cropped: fill the whole square
        if _rounded(x, y, 0.24, 0.16, 0.76, 0.84, 0.06):
            if y < 0.27:
                return red
            if _inside(x, y, [star]):
                return gold
            return white
        return navy

    return pixel


def _star_polygon(cx: float, cy: float, r_out: float, r_in: float) -> list[tuple[float, float]]:
    pts = []
    for k in range(10):
        r = r_out if k % 2 == 0 else r_in
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def icon_svg() -> str:
    star = " ".join(f"{x * 512:.1f},{y * 512:.1f}" for x, y in _star_polygon(0.5, 0.58, 0.17, 0.07))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        '<rect width="512" height="512" rx="92" fill="#172b4d"/>'
        '<rect x="123" y="82" width="266" height="348" rx="31" fill="#fff"/>'
        '<path d="M123 138V113a31 31 0 0 1 31-31h204a31 31 0 0 1 31 31v25z" fill="#c82828"/>'
        f'<polygon points="{star}" fill="#e6aa1e"/></svg>'
    )


# --------------------------------------------------------------------------- package


def zip_package(dest: Path) -> bytes:
    """The engine package as a deterministic zip (no bytecode caches)."""
    pkg = Path(atlas.__file__).resolve().parent
    files = sorted(
        p
        for p in pkg.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and p.suffix not in (".pyc", ".pyo")
        and not p.name.startswith(".")
    )
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for p in files:
            info = zipfile.ZipInfo(f"cardroom/{p.relative_to(pkg).as_posix()}", ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, p.read_bytes())
    return dest.read_bytes()


# --------------------------------------------------------------------------- the page


def render_options(records: dict[str, atlas.StateFacts]) -> str:
    return "".join(
        f'<option value="{s.code}">{html.escape(s.name)}</option>'
        for s in sorted(records.values(), key=lambda s: s.name)
    )


def render_templates(records: dict[str, atlas.StateFacts]) -> str:
    """The 50 card faces as ``<template id="card-XX">`` elements (the cards file)."""
    names = {c: s.name for c, s in records.items()}
    return "".join(
        f'<template id="card-{code}">{card_html(records[code], names, heading=2)}</template>'
        for code in sorted(records)
    )


def fill(template: str, values: dict[str, str]) -> str:
    """Replace ``<!--@NAME-->`` and ``{{NAME}}`` placeholders; every one must be known."""

    def sub(m: re.Match[str]) -> str:
        key = m.group(1) or m.group(2)
        if key not in values:
            raise KeyError(f"template placeholder {key!r} has no value")
        return values[key]

    return re.sub(r"<!--@([A-Z_]+)-->|\{\{([A-Z_]+)\}\}", sub, template)


def hash_files(root: Path, skip: set[str]) -> tuple[dict[str, str], str]:
    """({relative path: content revision}, hash of the whole site) for the service worker."""
    revs: dict[str, str] = {}
    h = hashlib.sha256()
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).as_posix()
        if not p.is_file() or rel in skip:
            continue
        digest = hashlib.sha256(p.read_bytes()).hexdigest()
        revs[rel] = digest[:16]
        h.update(rel.encode() + b"\0" + digest.encode())
    return revs, h.hexdigest()[:16]


FETCHABLE_RE = re.compile(
    rb"""(?:\b(?:src|href|action|poster|data|srcset)\s*=\s*["']\s*(?:https?:)?//"""
    rb"""|url\(\s*["']?\s*(?:https?:)?//|@import\s+["']?(?:https?:)?//)""",
    re.I,
)
URL_HOST_RE = re.compile(rb"https?://([A-Za-z0-9.-]+)")
#: Hosts named in the vendored JavaScript, and why none of them is ever contacted. A
#: host missing from this table fails the build until someone checks the new code path.
KNOWN_UNUSED_HOSTS = {
    "cdn.jsdelivr.net": "Pyodide/PyScript defaults, used only when no local interpreter or "
    "package base is set; the site sets the interpreter and never loads packages by name",
    "micropython.org": "MicroPython's mip installer (type=mpy only)",
    "raw.githubusercontent.com": "MicroPython's mip installer (type=mpy only)",
    "packages.pyscript.net": "text of a PyScript warning",
    "docs.pyscript.net": "text of a PyScript error message",
    "pyscript.github.io": "text of a PyScript warning",
    "github.com": "text of a PyScript error message",
    "developer.mozilla.org": "docstrings of PyScript's pyscript.web elements",
    "0.0.0.0": "address literals in Emscripten's socket layer and a PyScript dev redirect",
    "www.jsdelivr.com": "a comment in xterm.css (py-terminal, not used)",
    "www.w3.org": "XML namespace names",
}


def audit_remote_refs(root: Path) -> tuple[list[str], dict[str, int]]:
    """(problems, known host counts): markup or CSS that would fetch from another host,
    and hosts named in scripts that are not known to be unused."""
    problems: list[str] = []
    seen: dict[str, int] = {}
    for p in sorted(root.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(root).as_posix()
        data = p.read_bytes()
        if p.suffix in (".html", ".svg", ".css"):
            problems += [f"{rel}: {m.group(0)[:60]!r}" for m in FETCHABLE_RE.finditer(data)]
        if p.suffix == ".webmanifest" and re.search(rb'"(?:https?:)?//', data):
            problems.append(f"{rel}: absolute URL")
        if p.suffix in (".js", ".mjs", ".css"):
            for m in URL_HOST_RE.finditer(data):
                host = m.group(1).decode().rstrip(".")
                if host in KNOWN_UNUSED_HOSTS:
                    seen[host] = seen.get(host, 0) + 1
                else:
                    problems.append(f"{rel}: names unknown host {host}")
    return problems, seen


def build(out: Path | str = "dist", quiet: bool = False) -> Path:
    out = Path(out).resolve()
    if out == ROOT or ROOT.is_relative_to(out) or out in (WEB, ASSETS, NODE, ROOT / "py"):
        raise SystemExit(f"refusing to build into {out}")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    log(f"building {out}", quiet)

    # runtime: Pyodide and PyScript, vendored
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copyfile(NODE / "pyodide" / name, out / "pyodide" / name)
    (out / "pyscript").mkdir()
    for p in sorted((NODE / "@pyscript" / "core" / "dist").iterdir()):
        if p.suffix == ".map" or p.name == "service-worker.js" or not p.is_file():
            continue
        text = p.read_bytes()
        text = re.sub(rb"\n?//# sourceMappingURL=\S+\s*$", b"\n", text)
        (out / "pyscript" / p.name).write_bytes(text)
    lock = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    py_ver = ".".join(lock["info"]["python"].split(".")[:2])
    pyodide_ver = json.loads((NODE / "pyodide" / "package.json").read_text("utf-8"))["version"]
    log(f"  pyodide {pyodide_ver} (Python {py_ver}), pyscript core", quiet)

    # engine package
    tmp_zip = out / "py" / "cardroom.zip"
    pkg_bytes = zip_package(tmp_zip)
    pkg_name = f"cardroom-{hashlib.sha256(pkg_bytes).hexdigest()[:10]}.zip"
    tmp_zip.rename(out / "py" / pkg_name)  # content-addressed: no stale HTTP cache
    log(f"  py/{pkg_name}: {len(pkg_bytes):,} bytes", quiet)

    # data, flags, map, cards
    records = {s.code: s for s in atlas.states()}
    if len(records) != 50:
        raise SystemExit(f"atlas has {len(records)} states, expected 50")
    copy_flags(out / "flags", sorted(records), quiet)
    map_svg, _info = render_map(records)
    log(f"  map: {len(map_svg):,} bytes inline", quiet)
    cards_html = render_templates(records).encode("utf-8")
    cards_name = f"cards-{hashlib.sha256(cards_html).hexdigest()[:10]}.html"
    (out / cards_name).write_bytes(cards_html)  # content-addressed, like the package
    log(f"  {cards_name}: {len(cards_html):,} bytes (50 card faces)", quiet)

    # icons + manifest
    (out / "icons").mkdir()
    (out / "icons" / "icon.svg").write_text(icon_svg(), "utf-8")
    for size in (192, 512):
        (out / "icons" / f"icon-{size}.png").write_bytes(_png(size, size, icon_pixel(size)))
    manifest = {
        "name": "cardroom — GeoPlunge and friends",
        "short_name": "cardroom",
        "description": "US states card games for classrooms: atlas, GeoPlunge, Sequence "
        "States & Capitals, Tri-Virsity. Works offline.",
        "start_url": ".",
        "scope": ".",
        "display": "standalone",
        "background_color": "#f6f4ef",
        "theme_color": "#172b4d",
        "lang": "en",
        "icons": [
            {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {
                "src": "icons/icon-512.png",
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "any maskable",
            },
        ],
    }
    (out / "manifest.webmanifest").write_text(
        json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", "utf-8"
    )

    # licences and notices travel with the site
    notices = (ASSETS / "LICENSES.md").read_text("utf-8")
    (out / "LICENSES.md").write_text(notices, "utf-8")
    (out / "licences.html").write_text(
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>cardroom · sources and licences</title>"
        "<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f4ef;"
        "color:#1d2433}main{max-width:60rem;margin:0 auto;padding:1rem}"
        "pre{white-space:pre-wrap;background:#fff;border:1px solid #d5d0c4;"
        "border-radius:8px;padding:1rem;font-size:.9rem}</style></head><body>"
        '<main><h1>Sources and licences</h1><p><a href="./">Back to cardroom</a></p>'
        f"<pre>{html.escape(notices)}</pre></main></body></html>\n",
        "utf-8",
    )

    # PyScript config (web/pyscript.json + what only the build knows), inlined
    config = json.loads((WEB / "pyscript.json").read_text("utf-8"))
    # the vendored pyodide.mjs, through web/pyodide-boot.mjs which starts it early
    # (it also fetches the package zip early and unpacks it into site-packages, and
    # fetches the card faces and inserts them into the page)
    boot_mjs = fill(
        (WEB / "pyodide-boot.mjs").read_text("utf-8"),
        {
            "PKG_URL": json.dumps(f"./py/{pkg_name}"),
            "CARDS_URL": json.dumps(f"./{cards_name}"),
            "SITE_PACKAGES": json.dumps(f"/lib/python{py_ver}/site-packages"),
        },
    )
    (out / "pyodide-boot.mjs").write_text(boot_mjs, "utf-8")
    config["interpreter"] = "./pyodide-boot.mjs"
    config["plugins"] = [f"!{p}" for p in PYSCRIPT_PLUGINS_OFF]
    config_json = json.dumps(config, separators=(",", ":"), sort_keys=True)

    # app.css first, then every screen's stylesheet (web/*.css), inlined: no extra request
    sheets = [WEB / "app.css"] + sorted(p for p in WEB.glob("*.css") if p.name != "app.css")
    css = "\n".join(p.read_text("utf-8").strip() for p in sheets)
    boot = (WEB / "boot.js").read_text("utf-8")
    page = fill(
        (WEB / "index.html").read_text("utf-8"),
        {
            "CSS": css.strip(),
            "BOOT_JS": boot.strip(),
            "MAP": map_svg,
            "STATE_OPTIONS": render_options(records),
            "PYSCRIPT_CONFIG": html.escape(config_json, quote=True),
        },
    )
    (out / "index.html").write_text(page, "utf-8")

    # service worker: versioned by the hash of every other file; precaches them all
    files, version = hash_files(out, skip={"sw.js"})
    precache = [["./", files["index.html"]]] + [[f"./{f}", rev] for f, rev in files.items()]
    sw = fill(
        (WEB / "sw.js").read_text("utf-8"),
        {
            "CACHE_NAME": json.dumps(f"cardroom-{version}"),
            "PRECACHE": "[\n" + ",\n".join(json.dumps(e) for e in precache) + "\n]",
        },
    )
    (out / "sw.js").write_text(sw, "utf-8")

    bad, seen = audit_remote_refs(out)
    if bad:
        raise SystemExit("remote references in the site:\n  " + "\n  ".join(bad))
    log(f"  remote hosts: none fetched; named in vendored code only: {sorted(seen)}", quiet)
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"  {len(files) + 1} files, {total / 1e6:.1f} MB, cache cardroom-{version}", quiet)
    return out


# --------------------------------------------------------------------------- serving


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the MIME types the site needs; optionally quiet."""

    quiet = False
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        # Content-addressed files never change; everything else is revalidated so a
        # rebuilt site is never mixed with stale parts (the service worker serves repeat
        # visits from its own cache anyway).
        path = self.path.split("?", 1)[0]
        if re.search(r"/(?:py/cardroom-[0-9a-f]+\.zip|cards-[0-9a-f]+\.html)$", path):
            self.send_header("Cache-Control", "public, max-age=31536000, immutable")
        else:
            self.send_header("Cache-Control", "no-cache")
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
) -> ThreadingHTTPServer:
    """A ThreadingHTTPServer for ``directory`` (not started; port=0 picks a free one)."""
    handler = type("Handler", (SiteHandler,), {"quiet": quiet})
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
    url = f"http://{host}:{server.server_address[1]}/"
    print(f"serving {Path(directory).resolve()} at {url}  (Ctrl-C to stop)", file=sys.stderr)
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="dist", help="output directory (default: dist/)")
    ap.add_argument("--serve", action="store_true", help="serve the site after building")
    ap.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    ap.add_argument("--host", default="127.0.0.1", help="address for --serve")
    ap.add_argument("--open", action="store_true", help="open a browser tab (with --serve)")
    ap.add_argument("--no-build", action="store_true", help="serve --out as it is")
    ap.add_argument("-q", "--quiet", action="store_true", help="no build or request logs")
    args = ap.parse_args(argv)
    if not args.no_build:
        build(args.out, quiet=args.quiet)
    if args.serve:
        serve(args.out, args.port, args.host, open_browser=args.open, quiet=args.quiet)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The 50 state flags, as files ``flags/XX.svg`` (the card markup names them so).

Each flag is written in whichever of two forms is smaller:

- the vector drawing, optimised by Scour (comments, metadata, editor data, unused ids and
  needless precision removed; shapes unchanged);
- a fixed-size raster: the drawing rendered by resvg at ``RASTER_WIDTH`` pixels wide
  (twice the 240 CSS pixels at which a flag is ever shown, so it is as sharp as the
  vector on a 2x screen) and encoded as WebP, inside a one-element SVG so the URL and
  the intrinsic size stay the same.

Flags whose drawing contains text stay vector: a raster of text would depend on the fonts
installed on the building machine, and the build must give the same bytes everywhere.
Rasters are reduced to 256 colours when that is invisible, except the flags in
``FULL_COLOUR``. Optimising takes about 20 s for the 50 flags, so results are kept in
``.cache/sitebuild/flags/`` under a key made of the source bytes, the settings and the
tool versions (a cache hit gives the same bytes as a fresh run).
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import re
from importlib.metadata import version
from pathlib import Path
from typing import Any

from .common import ASSETS, NODE, ROOT, log

#: Flags drawn by hand in assets/flags/ because region-flags ships retired designs
#: (Mississippi before 2020, Utah and Minnesota before 2024).
HAND_DRAWN_FLAGS = ("MS", "UT", "MN")
#: Raster width in pixels: 2 x the widest a flag is shown (240 CSS px).
RASTER_WIDTH = 480
#: Rasters are reduced to this many colours when that is invisible (PALETTE_TOLERANCE).
PALETTE_COLOURS = 256
#: Share of pixels that may move by NOTICEABLE (RGB distance) when reducing colours.
PALETTE_TOLERANCE = 0.002
NOTICEABLE = 48
#: Significant digits Scour keeps in coordinates and control points.
SCOUR_DIGITS = 5
#: Flags rasterised with every colour, with the reason (checked by
#: tests/browser/test_flags.py, which compares every flag with its source in Chromium).
FULL_COLOUR = {
    "VA": "the seal's many hairline outlines: with 256 colours the raster differs from "
    "Chromium's own drawing in 1.1-1.2% of pixels at 240 px (over the 1% budget), with "
    "every colour in 0.95%; as a vector it would weigh 282 KB against 40 KB",
}
CACHE_DIR = ROOT / ".cache" / "sitebuild" / "flags"
#: Part of the cache key: bump when the code below changes what it writes.
FORMAT = 5


def source_flag(code: str) -> bytes:
    """The flag's drawing as shipped by region-flags, or drawn for the project."""
    if code in HAND_DRAWN_FLAGS:
        return (ASSETS / "flags" / f"{code}.svg").read_bytes()
    return (NODE / "region-flags" / "svg" / f"US-{code}.svg").read_bytes()


def _tools() -> str:
    return f"scour {version('scour')}, resvg-py {version('resvg-py')}, pillow {version('pillow')}"


def scour_svg(data: bytes) -> bytes:
    """The drawing optimised by Scour (lossless for what a browser shows)."""
    from scour import scour  # build time only

    opts = scour.sanitizeOptions()
    opts.digits = SCOUR_DIGITS
    opts.quiet = True
    opts.strip_xml_prolog = True
    opts.remove_metadata = True
    opts.remove_descriptive_elements = True
    opts.strip_comments = True
    opts.enable_viewboxing = False  # keep width/height: the same intrinsic size
    opts.indent_type = "none"
    opts.newlines = False
    opts.strip_ids = True
    opts.shorten_ids = True
    opts.group_collapse = True
    opts.group_create = True
    return scour.scourString(data.decode("utf-8"), opts).strip().encode("utf-8")


def raster_svg(data: bytes, width: int = RASTER_WIDTH, palette_ok: bool = True) -> bytes:
    """The drawing rendered ``width`` pixels wide, WebP-encoded, wrapped in an SVG."""
    import resvg_py  # build time only
    from PIL import Image

    svg = data.decode("utf-8")
    # dpi=96: the CSS pixel, for drawings sized in mm or pt.
    natural = Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=svg, dpi=96.0))))
    png = resvg_py.svg_to_bytes(svg_string=svg, dpi=96.0, zoom=width / natural.width)
    image = Image.open(io.BytesIO(bytes(png))).convert("RGBA")
    # 256 colours, no dithering, when that changes no more than a few pixels noticeably
    # (seals and gradients keep their look); else every colour. Lossless WebP either way:
    # lossy WebP halves colour resolution, which smears fine red and blue detail.
    palette = image.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=0)
    if palette_ok and _noticeable_share(image, palette.convert("RGBA")) <= PALETTE_TOLERANCE:
        image = palette
    out = io.BytesIO()
    image.save(out, "WEBP", lossless=True, quality=60, method=4)
    webp = out.getvalue()
    w, h = image.size
    href = "data:image/webp;base64," + base64.b64encode(webp).decode("ascii")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}"><image width="{w}" height="{h}" href="{href}"/></svg>'
    ).encode("ascii")


def _noticeable_share(a: Any, b: Any) -> float:
    """Share of pixels whose colour moved by more than NOTICEABLE (both drawn on white)."""
    from PIL import Image

    white = Image.new("RGBA", a.size, "white")
    pa = Image.alpha_composite(white, a).convert("RGB").tobytes()
    pb = Image.alpha_composite(white, b).convert("RGB").tobytes()
    limit = NOTICEABLE * NOTICEABLE
    far = 0
    for i in range(0, len(pa), 3):
        d0, d1, d2 = pa[i] - pb[i], pa[i + 1] - pb[i + 1], pa[i + 2] - pb[i + 2]
        if d0 * d0 + d1 * d1 + d2 * d2 > limit:
            far += 1
    return far / (a.width * a.height)


def has_text(data: bytes) -> bool:
    return re.search(rb"<(?:\w+:)?text\b", data) is not None


def optimise_flag(
    data: bytes, raster_ok: bool = True, palette_ok: bool = True
) -> tuple[bytes, str]:
    """(optimised bytes, "vector" or "raster"): the smaller form (see the module doc)."""
    settings = (
        FORMAT,
        raster_ok,
        palette_ok,
        RASTER_WIDTH,
        PALETTE_COLOURS,
        PALETTE_TOLERANCE,
        NOTICEABLE,
        SCOUR_DIGITS,
        _tools(),
    )
    key = hashlib.sha256(data + repr(settings).encode()).hexdigest()
    for kind in ("vector", "raster"):
        hit = CACHE_DIR / f"{key}.{kind}.svg"
        if hit.is_file():
            return hit.read_bytes(), kind
    vector = scour_svg(data)
    best, kind = vector, "vector"
    if raster_ok and not has_text(data):
        raster = raster_svg(data, palette_ok=palette_ok)
        if len(raster) < len(vector):
            best, kind = raster, "raster"
    try:
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        tmp = CACHE_DIR / f"{key}.{kind}.{os.getpid()}.tmp"
        tmp.write_bytes(best)
        tmp.replace(CACHE_DIR / f"{key}.{kind}.svg")
    except OSError:  # a read-only checkout: no cache, same result
        pass
    return best, kind


def copy_flags(out: Path, codes: list[str], quiet: bool) -> None:
    out.mkdir(parents=True, exist_ok=True)
    kinds: dict[str, int] = {"vector": 0, "raster": 0}
    total = 0
    for code in codes:
        data, kind = optimise_flag(source_flag(code), palette_ok=code not in FULL_COLOUR)
        kinds[kind] += 1
        total += len(data)
        (out / f"{code}.svg").write_bytes(data)
    log(
        f"  flags: {len(codes)}, {total:,} bytes ({kinds['vector']} vector, "
        f"{kinds['raster']} raster; {', '.join(HAND_DRAWN_FLAGS)} hand-drawn)",
        quiet,
    )

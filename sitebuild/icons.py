"""The app icons (SVG and PNG, drawn in code: no image tools at build time)."""

from __future__ import annotations

import math
import struct
import zlib

from .geometry import _inside


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

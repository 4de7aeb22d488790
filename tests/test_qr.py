"""QR codes (``cardroom.qr``, drawn by segno) and the segno zip the site ships."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from cardroom import qr


def _modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules the SVG paints, read back from its path (segno's h/v/m runs)."""
    root = ET.fromstring(svg)
    paths = [e for e in root.iter() if e.tag.endswith("path") and e.get("stroke")]
    assert len(paths) == 1
    dark: set[tuple[int, int]] = set()
    x = y = 0.0
    for op, num in re.findall(r"([MmHhVv])\s*(-?[\d.]+(?:\s+-?[\d.]+)?)", paths[0].get("d", "")):
        nums = [float(n) for n in num.split()]
        if op == "M":
            x, y = nums
        elif op == "m":
            x, y = x + nums[0], y + nums[1]
        elif op == "h":
            for i in range(int(nums[0])):
                dark.add((int(x) + i, int(y - 0.5)))
            x += nums[0]
        else:
            raise AssertionError(f"unexpected path operator {op}")
    return dark


def test_svg_is_the_code_segno_makes_with_a_quiet_zone_and_a_name() -> None:
    segno = pytest.importorskip("segno")
    text = "https://class.example/?game=border-up&level=2&mode=bot&seed=7"
    svg = qr.svg(text, label="Link to this game")
    root = ET.fromstring(svg)
    assert root.get("role") == "img" and root.get("aria-label") == "Link to this game"
    assert root.get("data-qr") == text
    matrix = segno.make(text, error="m", micro=False).matrix
    n = len(matrix)
    assert root.get("viewBox") == f"0 0 {n + 8} {n + 8}"
    want = {(c + 4, r + 4) for r, row in enumerate(matrix) for c, v in enumerate(row) if v}
    assert _modules(svg) == want


def test_labels_and_text_are_escaped() -> None:
    svg = qr.svg('a"<b>&', label='Team "A" <1>')
    root = ET.fromstring(svg)  # well-formed
    assert root.get("aria-label") == 'Team "A" <1>' and root.get("data-qr") == 'a"<b>&'


def test_terminal_draws_blocks() -> None:
    out = qr.terminal("http://192.168.1.20:8000/")
    lines = out.splitlines()
    assert len(lines) >= 12 and set("".join(lines)) <= set("█▀▄ ")


def test_the_segno_zip_is_the_installed_distribution() -> None:
    wheels = pytest.importorskip("sitebuild.wheels")
    import io
    import zipfile

    import segno

    data, version = wheels.pack("segno", "segno")
    assert version == segno.__version__ == "1.6.6"
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert "segno/__init__.py" in names and not any(n.endswith(".pyc") for n in names)

"""The optimised flags look like the originals: each one drawn beside its source drawing at
240 CSS pixels wide on a 2x screen (480 device pixels), in Chromium, pixel by pixel."""

from __future__ import annotations

import base64
import sys
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import ROOT

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cardroom import atlas  # noqa: E402
from sitebuild.flags import source_flag  # noqa: E402

pytestmark = pytest.mark.browser

#: A pixel "differs noticeably" when its colour is this far from the original's (Euclidean
#: distance in 8-bit RGB, both drawn on white): about what an eye notices side by side.
NOTICEABLE = 48
#: At most this share of a flag's pixels may differ noticeably.
BUDGET = 0.01
#: Every flag together stays under this many bytes.
TOTAL_BYTES = 1_200_000

COMPARE_JS = """async ([a, b, cssWidth, scale, noticeable]) => {
    const load = (src) => new Promise((ok, bad) => {
        const img = new Image();
        img.onload = () => ok(img);
        img.onerror = () => bad(new Error('cannot load ' + src.slice(0, 60)));
        img.src = src;
    });
    const [ia, ib] = await Promise.all([load(a), load(b)]);
    const ratio = ia.naturalHeight / ia.naturalWidth;
    const w = Math.round(cssWidth * scale), h = Math.round(cssWidth * ratio * scale);
    const draw = (img) => {
        const c = new OffscreenCanvas(w, h);
        const g = c.getContext('2d');
        g.fillStyle = '#fff';
        g.fillRect(0, 0, w, h);
        g.drawImage(img, 0, 0, w, h);
        return g.getImageData(0, 0, w, h).data;
    };
    const pa = draw(ia), pb = draw(ib);
    let off = 0;
    const lim = noticeable * noticeable;
    for (let i = 0; i < pa.length; i += 4) {
        const dr = pa[i] - pb[i], dg = pa[i + 1] - pb[i + 1], db = pa[i + 2] - pb[i + 2];
        if (dr * dr + dg * dg + db * db > lim) off++;
    }
    return {
        share: off / (w * h), w, h,
        ratioA: ratio, ratioB: ib.naturalHeight / ib.naturalWidth,
    };
}"""


def _data_url(data: bytes) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(data).decode("ascii")


def _compare(page: Any, original: bytes, optimised: bytes) -> dict[str, Any]:
    return page.evaluate(
        COMPARE_JS, [_data_url(original), _data_url(optimised), 240, 2, NOTICEABLE]
    )


@pytest.fixture(scope="module")
def flag_page(browser: Any, site: Any) -> Any:
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    page.goto(site.url("/licences.html"), wait_until="load")
    yield page
    ctx.close()


def test_all_flags_fit_the_byte_budget(site_dir: Path) -> None:
    sizes = {p.stem: p.stat().st_size for p in (site_dir / "flags").glob("*.svg")}
    assert sorted(sizes) == sorted(atlas.by_code())
    assert sum(sizes.values()) <= TOTAL_BYTES, f"{sum(sizes.values()):,} bytes: {sizes}"


def test_every_optimised_flag_looks_like_its_original(flag_page: Any, site_dir: Path) -> None:
    worst: list[tuple[float, str]] = []
    for code in sorted(atlas.by_code()):
        original = source_flag(code)
        optimised = (site_dir / "flags" / f"{code}.svg").read_bytes()
        r = _compare(flag_page, original, optimised)
        assert abs(r["ratioA"] - r["ratioB"]) < 0.01, f"{code}: aspect ratio changed {r}"
        worst.append((r["share"], code))
    worst.sort(reverse=True)
    bad = [(code, f"{share:.2%}") for share, code in worst if share > BUDGET]
    assert not bad, f"flags differing noticeably in more than {BUDGET:.0%} of pixels: {bad}"


def test_the_comparison_sees_a_different_flag(flag_page: Any, site_dir: Path) -> None:
    """The check above can fail: Kansas's flag is not Nebraska's (both seals on blue)."""
    r = _compare(flag_page, source_flag("KS"), (site_dir / "flags" / "NE.svg").read_bytes())
    assert r["share"] > BUDGET, r

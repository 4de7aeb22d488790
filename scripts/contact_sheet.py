"""A contact sheet of every screen at the four sizes of issue #41, offline.

    .venv/bin/python scripts/contact_sheet.py [--site DIR] [--out DIR] [--only KEY ...]

Builds the site (or takes ``--site``, a built one), serves it on 127.0.0.1, brings each
screen of the layout matrix (``tests/browser/layout_screens.py``) up in headless Chromium
and resizes it through 390x844, 768x1024, 1024x768 (touch) and 1366x768 (mouse), taking a
screenshot of the viewport at each and running the layout checks
(``tests/browser/layout_checks.py``). ``OUT/index.html`` is one page: a row per screen, a
column per size, each image captioned with the screen, the size and the page's height,
and the violations listed under it. ``--only`` takes screen keys (``border-up/local``) or
their beginnings (``border-up``). Pages restore Python from a memory snapshot stored by a
first visit, as the browser tests' pages do.
"""

from __future__ import annotations

import argparse
import html
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "py")]

import conftest as harness  # noqa: E402  (tests/browser/conftest.py: server, browser, warm profile)
from layout_checks import SIZES, check_layout, text_checked  # noqa: E402
from layout_screens import SCREENS, Screen, open_screen, set_size  # noqa: E402

CSS = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem; color: #222; }
table { border-collapse: collapse; }
th, td { vertical-align: top; border: 1px solid #ccc; padding: 6px; }
th[scope=row] { text-align: left; max-width: 10rem; }
figure { margin: 0; }
img { display: block; max-width: 280px; max-height: 420px; border: 1px solid #999; }
figcaption { font-size: 12px; margin-top: 4px; }
ul { margin: 4px 0 0; padding-left: 1.1rem; font-size: 11px; max-width: 280px; color: #8a1c1c; }
.ok { color: #1c6b2a; font-size: 12px; }
.err { color: #8a1c1c; font-weight: bold; }
"""


def build(out: Path) -> None:
    subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--out", str(out)],
        cwd=ROOT,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")},
    )


def shoot(warm: harness.WarmProfile, site: harness.SiteServer, screen: Screen, out: Path) -> dict:
    """Screenshots and violations of one screen at every size."""
    ctx = warm.context_for_test()
    page = ctx.new_page()
    cells: dict[str, dict] = {}
    try:
        sizes = list(SIZES)
        open_screen(page, site, screen, sizes[0])
        for size in sizes:
            set_size(page, size)
            name = f"{screen.key.replace('/', '--')}--{size}.png"
            page.screenshot(path=str(out / name))
            found = check_layout(page, split=screen.split, text=text_checked(size))
            tall = page.evaluate("document.documentElement.scrollHeight")
            cells[size] = {"img": name, "violations": [str(v) for v in found], "height": tall}
    except Exception as exc:  # noqa: BLE001 - one broken screen must not stop the sheet
        cells["error"] = {"text": f"{type(exc).__name__}: {exc}"[:800]}
    problems = warm.after_test()
    if problems:
        cells["problems"] = {"text": "; ".join(problems)[:800]}
    return cells


def write_sheet(out: Path, rows: list[tuple[Screen, dict]], site_dir: Path, took: float) -> Path:
    e = html.escape
    head = "".join(
        f"<th scope=col>{e(s)} ({'touch' if t else 'mouse'})</th>" for s, (_, _, t) in SIZES.items()
    )
    body = []
    total = 0
    for screen, cells in rows:
        tds = []
        for size in SIZES:
            cell = cells.get(size)
            if cell is None:
                tds.append("<td></td>")
                continue
            total += len(cell["violations"])
            items = "".join(f"<li>{e(v)}</li>" for v in cell["violations"])
            listing = f"<ul>{items}</ul>" if items else '<p class="ok">no violations</p>'
            tds.append(
                f'<td><figure><a href="{e(cell["img"])}"><img src="{e(cell["img"])}" '
                f'alt="{e(screen.title)} at {e(size)}" loading="lazy"></a>'
                f"<figcaption>{e(screen.title)} · {e(size)} · page {cell['height']} px tall"
                f"</figcaption></figure>{listing}</td>"
            )
        notes = "".join(
            f'<p class="err">{e(k)}: {e(cells[k]["text"])}</p>'
            for k in ("error", "problems")
            if k in cells
        )
        body.append(
            f"<tr><th scope=row>{e(screen.title)}<br><code>{e(screen.key)}</code>"
            f"<br><code>{e(screen.path)}</code>{notes}</th>{''.join(tds)}</tr>"
        )
    page = (
        "<!doctype html><html lang=en><meta charset=utf-8>"
        "<title>cardroom: contact sheet</title>"
        f"<style>{CSS}</style><h1>cardroom: every screen at four sizes</h1>"
        f"<p>Site {e(str(site_dir))}, {time.strftime('%Y-%m-%d %H:%M')}; {len(rows)} screens, "
        f"{total} layout violations (tests/browser/layout_checks.py); taken in {took:.0f} s.</p>"
        f"<table><thead><tr><th scope=col>Screen</th>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></html>"
    )
    index = out / "index.html"
    index.write_text(page, encoding="utf-8")
    return index


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, help="a built site (default: build one)")
    ap.add_argument("--out", type=Path, default=Path("contact-sheet"), help="output directory")
    ap.add_argument("--only", nargs="*", default=[], help="screen keys or their beginnings")
    args = ap.parse_args(argv)
    screens = [s for s in SCREENS if not args.only or any(s.key.startswith(k) for k in args.only)]
    if not screens:
        ap.error(f"no screen matches {args.only}; screens: {' '.join(s.key for s in SCREENS)}")
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="contact-sheet-") as tmp:
        site_dir = args.site
        if site_dir is None:
            site_dir = Path(tmp) / "site"
            print(f"building the site into {site_dir}", file=sys.stderr)
            build(site_dir)
        with sync_playwright() as pw, harness.serve(site_dir.resolve()) as site:
            warm = harness.WarmProfile(pw, site, Path(tmp) / "profile")
            rows = []
            try:
                for screen in screens:
                    t = time.monotonic()
                    cells = shoot(warm, site, screen, args.out)
                    n = sum(len(c.get("violations", [])) for c in cells.values())
                    err = " (failed)" if "error" in cells else ""
                    print(
                        f"{screen.key}: {n} violations{err}, {time.monotonic() - t:.1f} s",
                        file=sys.stderr,
                    )
                    rows.append((screen, cells))
            finally:
                warm.close()
    index = write_sheet(args.out, rows, site_dir, time.monotonic() - started)
    print(index)
    return 1 if any("error" in c for _, c in rows) else 0


if __name__ == "__main__":
    sys.exit(main())

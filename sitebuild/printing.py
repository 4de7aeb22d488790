"""The printable decks in the site: ``print/index.html`` and one page per sheet and paper.

Every sheet of :mod:`sitebuild.decks` (GeoPlunge, Map, Power, Clue and Challenge cards,
the answer key and the cut-out card) is written for Letter and for A4 as
``print/<sheet>-<paper>.html``; the index page says how to print and cut them. They are
not on the start path: the service worker fetches them after the first visit is ready.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from . import decks
from .common import log

__all__ = ["ABOUT", "write_sheets"]

#: What each sheet is, for the index page (every sheet of ``decks.SHEETS`` is here).
ABOUT: dict[str, tuple[str, str]] = {
    "geoplunge": ("GeoPlunge cards", "The 50 state cards every game uses."),
    "map": ("Map cards", "The US map with one state in red (Dashing States)."),
    "power": ("Power cards", "Bases, categories, GeoStars and Chummy colours."),
    "clue": ("Clue cards", "Types A, B and C for State IQ."),
    "challenge": ("Challenge cards", "Five coloured questions each, answers on the back."),
    "answer-key": ("Answer key", "The map with every postal code, and the list."),
    "cutout": ("Cut-out card", "Shows a GeoPlunge card's flag alone (flag clues)."),
}

PAPER_TEXT = {"letter": "Letter", "a4": "A4"}

_CSS = """
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f4ef;color:#1d2433}
main{max-width:52rem;margin:0 auto;padding:1rem 1.25rem 3rem}
h1{font-size:1.7rem;margin:.5rem 0}
table{border-collapse:collapse;width:100%;background:#fff;border:1px solid #d5d0c4}
th,td{text-align:left;padding:.55rem .7rem;border-top:1px solid #e4e0d6;vertical-align:top}
thead th{background:#ece8de;border-top:0}
td.n{text-align:right}
a{color:#1a4f8a}
a.sheet{display:inline-block;min-width:3.2rem;padding:.2rem .5rem;margin:0 .3rem .2rem 0;
  border:1px solid #1a4f8a;border-radius:6px;text-decoration:none;text-align:center}
a.sheet:hover,a.sheet:focus-visible{background:#1a4f8a;color:#fff}
ol li{margin:.2rem 0}
.u{display:none}
@media (max-width:36rem){main{padding:1rem .75rem 3rem}thead{display:none}
  tbody,tr,th,td{display:block}tr{display:grid;grid-template-columns:1fr auto;
  border-top:1px solid #e4e0d6}tbody tr:first-child{border-top:0}th,td{border-top:0}
  th{padding-bottom:0}td.n{grid-row:1;grid-column:2;padding-bottom:0}td:nth-child(2),td:last-child{grid-column:1/-1}
  td:nth-child(2){padding-top:.1rem}.u{display:inline}}
"""


def _index(counts: dict[str, int]) -> str:
    rows = []
    for name, (title, what) in ABOUT.items():
        if name not in counts:
            continue
        links = "".join(
            f'<a class="sheet" href="{name}-{paper}.html" '
            f'aria-label="{escape(title)}, {text} paper">{text}</a>'
            for paper, text in PAPER_TEXT.items()
        )
        n = counts[name]
        # the unit shows when the table stacks on a phone (no "Cards" heading then)
        many = f"{n}<span class=u> card{'s' * (n != 1)}</span>" if n else "2 pages"
        rows.append(
            f"<tr><th scope=row>{escape(title)}</th><td>{escape(what)}</td>"
            f'<td class="n">{many}</td>'
            f"<td>{links}</td></tr>"
        )
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="icon" href="../icons/icon.svg" type="image/svg+xml">'
        f"<title>cardroom · printable decks</title><style>{_CSS}</style></head><body><main>"
        '<p><a href="../">Back to cardroom</a></p><h1>Printable decks</h1>'
        "<p>Print a physical set for the classroom: every deck the games use, nine cards a "
        "page with cut lines, each page of fronts followed by its backs.</p>"
        "<ol><li>Open a sheet for your paper (Letter or A4) and print it at 100% scale "
        "(no “fit to page”).</li><li>Print double-sided, flipping on the long edge, so each "
        "back lands behind its front.</li><li>Cut along the dashed lines.</li></ol>"
        '<table aria-label="Decks"><thead><tr><th scope=col>Deck'
        "</th><th scope=col>What it is</th><th scope=col>Cards</th><th scope=col>Print"
        f"</th></tr></thead><tbody>{''.join(rows)}</tbody></table></main></body></html>\n"
    )


def write_sheets(out: Path, quiet: bool = False) -> list[str]:
    """Write ``out/print/``; return the written files relative to ``out``."""
    if set(decks.SHEETS) - set(ABOUT):
        raise SystemExit(f"print index: say what {set(decks.SHEETS) - set(ABOUT)} are")
    folder = out / "print"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for paper in PAPER_TEXT:
        for name, (make, _n) in decks.SHEETS.items():
            html = make(paper, flags="../flags/") if name == "geoplunge" else make(paper)
            (folder / f"{name}-{paper}.html").write_text(html, "utf-8")
            written.append(f"print/{name}-{paper}.html")
    (folder / "index.html").write_text(_index({k: v[1] for k, v in decks.SHEETS.items()}), "utf-8")
    written.append("print/index.html")
    size = sum((out / f).stat().st_size for f in written)
    log(f"  print/: {len(written)} printable pages, {size:,} bytes", quiet)
    return written

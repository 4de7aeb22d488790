"""The page's stylesheets (sitebuild/page.py): the first paint's are inlined, the others are
files of their own linked for print (not render-blocking) in their cascade place, so the
document the first paint waits for does not carry their bytes (issue 42: Lighthouse's
simulated slow 4G brings the document at about 180 KB a second)."""

from __future__ import annotations

import re
from pathlib import Path

from sitebuild.page import FIRST_PAINT_SHEETS, later_sheets, sheets, stylesheets, write_later_css

_ELEMENT = re.compile(r"<(style|link)\b([^>]*)>")


def _attrs(text: str) -> dict[str, str]:
    return dict(re.findall(r'([a-z-]+)="([^"]*)"', text))


def test_later_sheets_are_linked_for_print_in_cascade_order() -> None:
    markup = stylesheets()
    found = [(tag, _attrs(attrs)) for tag, attrs in _ELEMENT.findall(markup)]
    order = [p.stem for p in sheets()] + ["intros"]
    assert [a["data-sheet"] for _, a in found] == order
    early = {"app", "intros"} | FIRST_PAINT_SHEETS
    for tag, a in found:
        name = a["data-sheet"]
        if name in early:
            assert tag == "style", name
            assert "media" not in a, name
        else:
            assert tag == "link", name
            assert a == {
                "rel": "stylesheet",
                "href": f"css/{name}.css",
                "media": "print",
                "data-sheet": name,
            }
    # none of a later sheet's rules is in the document
    for path in later_sheets():
        assert path.read_text("utf-8").strip() not in markup, path.name


def test_the_later_sheets_files_are_the_sources(tmp_path: Path) -> None:
    written = write_later_css(tmp_path)
    assert written == [f"css/{p.name}" for p in later_sheets()]
    assert len(written) == len(sheets()) - 1 - len(FIRST_PAINT_SHEETS)
    for rel, path in zip(written, later_sheets(), strict=True):
        assert (tmp_path / rel).read_text("utf-8").strip() == path.read_text("utf-8").strip()

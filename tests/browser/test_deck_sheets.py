"""The printable deck sheets, printed to PDF by Chromium: one page per section, and no
card crosses a page (Letter and A4)."""

from __future__ import annotations

from typing import Any

import pytest

sheets_mod = pytest.importorskip("sitebuild.decks")
pytestmark = pytest.mark.skipif(
    not (sheets_mod.NODE / "us-atlas" / "states-albers-10m.json").exists(),
    reason="node_modules/us-atlas is not installed",
)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_sheets_print_to_pdf_without_cutting_a_card(paper: str, tmp_path, browser: Any) -> None:
    page_px = {"letter": 11 * 96, "a4": 297 / 25.4 * 96}[paper]
    pg = browser.new_page()
    try:
        pg.emulate_media(media="print")
        for name, html in sheets_mod.sheets(paper).items():
            f = tmp_path / f"{name}.html"
            f.write_text(html, "utf-8")
            pg.goto(f.as_uri())
            pdf = pg.pdf(prefer_css_page_size=True)
            pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
            sections = html.count('<section class="')
            assert pages == sections, (name, pages, sections)
            # every card lies inside its section, and a section fits on one page; with
            # as many pages as sections (each starts a page), no card crosses a page
            boxes = pg.eval_on_selector_all(
                ".card, .key",
                """els => els.map(e => {
                    const s = e.closest("section").getBoundingClientRect();
                    const r = e.getBoundingClientRect();
                    return [r.top - s.top, s.bottom - r.bottom, s.height]; })""",
            )
            assert boxes, name
            for above, below, height in boxes:
                assert above >= -0.5 and below >= -0.5 and height + 23 <= page_px, name
    finally:
        pg.close()


def test_the_site_offers_every_sheet_from_the_home_page(page: Any, site: Any) -> None:
    from browser_helpers import format_violations, open_site, run_axe  # noqa: PLC0415

    open_site(page, site, "/")
    page.click('a[href="print/index.html"]')
    page.wait_for_selector("h1:has-text('Printable decks')")
    assert not (violations := run_axe(page)), format_violations(violations)
    assert page.locator("a.sheet").count() == 2 * len(sheets_mod.SHEETS)
    page.click("a[aria-label='GeoPlunge cards, A4 paper']")
    page.wait_for_selector(".card.geoplunge, [data-paper='a4']")
    srcs = page.eval_on_selector_all("img.flag", "els => els.map(e => e.src)")
    assert len(set(srcs)) == 50
    loaded = page.evaluate(
        "async srcs => Promise.all(srcs.map(u => fetch(u).then(r => r.ok, () => false)))", srcs
    )
    assert all(loaded), "every flag on the printed cards is in the site"


@pytest.mark.parametrize("width", [320, 360, 390])
def test_the_print_index_fits_a_phone(width: int, tmp_path, browser: Any) -> None:
    """On a phone the decks table fits the screen: no sideways scroll hides the Letter
    and A4 buttons (at 390 px the page was 423 px wide and "Letter" was cut off)."""
    from sitebuild import printing  # noqa: PLC0415

    f = tmp_path / "index.html"
    f.write_text(printing._index({k: v[1] for k, v in sheets_mod.SHEETS.items()}), "utf-8")
    pg = browser.new_page(viewport={"width": width, "height": 800})
    try:
        pg.goto(f.as_uri())
        wide = pg.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, f"the print index is {wide} px wide on a {width} px screen"
        for a in pg.locator("a.sheet").all():
            box = a.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
            assert box["height"] >= 24  # still a comfortable tap
    finally:
        pg.close()

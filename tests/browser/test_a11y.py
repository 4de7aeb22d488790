"""axe-core (vendored from npm) finds no accessibility violations in the atlas explorer."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import expect_card, format_violations, open_site, run_axe

pytestmark = pytest.mark.browser

#: The atlas explorer (the home page lists the games and links here).
ATLAS = "/?screen=atlas"


def test_axe_explorer_before_and_after_choosing(page: Any, site: Any) -> None:
    open_site(page, site, ATLAS)
    before = run_axe(page)
    page.locator('[data-state="TX"]').focus()
    page.keyboard.press("Enter")
    expect_card(page, "TX")
    after = run_axe(page)
    report = ""
    if before:
        report += "explorer, nothing chosen:\n" + format_violations(before) + "\n"
    if after:
        report += "explorer, Texas chosen:\n" + format_violations(after) + "\n"
    assert not report, "axe-core violations:\n" + report


def test_axe_on_a_phone(new_context: Any, playwright_instance: Any, site: Any) -> None:
    device = dict(playwright_instance.devices["Pixel 7"])
    device.pop("default_browser_type", None)
    page = new_context(**device).new_page()
    open_site(page, site, "/?screen=atlas&state=HI")
    expect_card(page, "HI")
    violations = run_axe(page)
    assert not violations, "axe-core violations on a phone:\n" + format_violations(violations)

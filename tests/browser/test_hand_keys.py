"""One Tab stop per hand (issue #41 item 8): in every game with a hand, Tab enters the
hand once and leaves it with one more press; the arrow keys, Home and End move between
its cards (a roving tabindex, ``cardroom.web.kit.roving``); a card is still played by
keyboard alone; axe-core stays clean."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import format_violations, run_axe
from layout_screens import SCREEN_BY_KEY, open_screen
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

#: screen -> the hand's selector
HANDS = {
    "border-up/bot": "#bu-half-0 [data-list=hand]",
    "dashing-states/bot": "#ds-half-0 [data-list=hand]",
    "play-the-ranks/bot": ".tr-hand",
    "border-zap/bot": ".tr-hand",
    "sequence/bot": "#seq-hand",
    "tri-virsity/bot": "#tv-hand",
}

FOCUSED = "() => document.activeElement?.dataset?.card ?? null"
STOPS = "(sel) => [...document.querySelector(sel).querySelectorAll('[data-card]')].filter(c => c.tabIndex === 0).length"


def cards(page: Any, hand: str) -> list[str]:
    return page.evaluate(
        """(sel) => [...document.querySelector(sel).querySelectorAll('[data-card]')]
            .filter(c => c.tagName === 'BUTTON' ? !c.disabled : c.hasAttribute('tabindex'))
            .map(c => c.dataset.card)""",
        hand,
    )


def in_hand(page: Any, hand: str) -> bool:
    return page.evaluate(
        "(sel) => document.querySelector(sel).contains(document.activeElement)", hand
    )


def play_by_keys(page: Any, key: str, hand: str, code: str) -> None:
    """Play (or place) the focused card ``code`` with keys alone, and check it took."""
    if key in ("border-up/bot", "dashing-states/bot"):
        page.keyboard.press("1")  # into the first group / the row
        expect(page.locator(f"{hand} [data-card={code}][tabindex]")).to_have_count(0)
        assert page.evaluate(FOCUSED) == code, "the placed card lost the focus"
    else:
        page.keyboard.press("Enter")  # picks the card: pressed, played, or a wild's letter asked
        page.wait_for_function(
            """([sel, code]) => {
                const c = document.querySelector(sel)?.querySelector(`[data-card="${code}"]`);
                const wild = document.querySelector('#tv-pick:not([hidden]) [data-letter]');
                return !c || c.getAttribute('aria-pressed') === 'true' || !!wild;
            }""",
            arg=[hand, code],
        )


@pytest.mark.parametrize("key", list(HANDS))
def test_one_tab_stop_per_hand(page: Any, site: Any, key: str) -> None:
    hand = HANDS[key]
    open_screen(page, site, SCREEN_BY_KEY[key], "laptop-1366x768")
    page.wait_for_function(
        "(sel) => document.querySelector(sel)?.querySelector('[data-card]')", arg=hand
    )
    codes = cards(page, hand)
    assert len(codes) >= 3, f"{key}: a hand of {codes}"
    assert page.evaluate(STOPS, hand) == 1, f"{key}: not exactly one card in the Tab order"
    page.locator(f"{hand} [data-card={codes[0]}][tabindex]").focus()
    # arrows, End and Home move within the hand
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == codes[1], f"{key}: → did not go to the next card"
    page.keyboard.press("End")
    assert page.evaluate(FOCUSED) == codes[-1], f"{key}: End did not go to the last card"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == codes[-1], f"{key}: → went past the last card"
    page.keyboard.press("Home")
    assert page.evaluate(FOCUSED) == codes[0], f"{key}: Home did not go to the first card"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(STOPS, hand) == 1
    # one Tab leaves the hand; Shift+Tab comes back to the card focused last
    page.keyboard.press("Tab")
    assert not in_hand(page, hand), f"{key}: one Tab did not leave the hand"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED) == codes[1], f"{key}: Shift+Tab did not come back to the card"
    violations = run_axe(page)
    assert not violations, f"axe-core on {key}:\n" + format_violations(violations)
    play_by_keys(page, key, hand, codes[1])
    page.wait_for_timeout(300)
    left = cards(page, hand)
    if left:
        assert page.evaluate(STOPS, hand) == 1, f"{key}: not one Tab stop after a play"

"""Border-Up in the browser, played like a class would: by mouse, by touch, by keyboard, and
two teams on one tablet.

Every game's expectations come from the engine, not from the page: the same seed gives the
same deal (``GAME.new`` + the GeoPlunging decisions), the solver finds the groups the person
lays out, and the scoring table says what the result screen must show. The computer is the
easy bot, which needs far longer than these tests to find its groups: the seeds are checked
for that (its planned shout comes after ``BOT_MARGIN_MS``).
"""

from __future__ import annotations

import random
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_helpers import Touch, decline_plunge, format_violations, open_site, run_axe, wait_ready
from layout_checks import SIZES, check_layout, text_checked
from layout_screens import set_size
from playwright.sync_api import expect

from cardroom import atlas, scoring
from cardroom.core import REFEREE, Move
from cardroom.geoplunge import solver
from cardroom.geoplunge.border_up import GAME
from cardroom.geoplunge.groups import check_group, check_shout
from cardroom.web.games.border_up.logic import choose_hint, engine, key_state
from cardroom.web.kit.cards import hand_card_html
from cardroom.web.kit.logic import Setup

pytestmark = pytest.mark.browser

#: The easy bot must plan its shout later than this (ms after the deal) for a seed to be used.
BOT_MARGIN_MS = 20_000
RESULT_TIMEOUT_MS = 15_000


# --------------------------------------------------------------------------- the engine's side


def dealt_hand(seed: int, level: int, seat: int) -> list[str]:
    """The hand ``seat`` is dealt for ``seed`` (GeoPlunging decisions do not change it)."""
    s = GAME.new(seed, level=level)
    s = GAME.apply(s, Move(0, "plunge", False, 0))
    s = GAME.apply(s, Move(1, "plunge", False, 0))
    return list(GAME.view(s, seat)["hand"])


def bot_game(level: int, *, want_three: bool = False, start: int = 1) -> dict[str, Any]:
    """A seed where the person's hand holds a GeoPlunge (a ThreeOPlunge with
    ``want_three``) and the easy computer shouts late; with what the result must show when
    the person says "No" to GeoPlunging at once and shouts the solver's groups."""
    for seed in range(start, start + 400):
        table = engine(Setup("border-up", level, "bot", "easy", seed))
        table.submit({"seat": 0, "kind": "plunge", "data": False}, 300)
        table.advance(5_000)  # the count ends (or the bot decided before it)
        if table.view(REFEREE)["phase"] != "race":
            continue
        bot = table.planned.get(1)
        start_ms = table.view(REFEREE)["timing"]["race_start"]
        if bot is None or bot["kind"] != "shout" or bot["at"] - start_ms < BOT_MARGIN_MS:
            continue
        hand = table.view(0)["hand"]
        sol = solver.solve(hand, level)
        groups = sol.threeoplunge if want_three else sol.geoplunge
        if groups is None:
            continue
        call = "threeoplunge" if want_three else "geoplunge"
        plunged = table.view(REFEREE)["plunge"]["teams"]
        points = scoring.score(0, want_three, plunged)
        assert check_shout(call, groups, level).valid
        return {
            "seed": seed,
            "level": level,
            "hand": hand,
            "call": call,
            "groups": [list(g) for g in groups],
            "points": points,
            "plunged": plunged,
        }
    raise AssertionError("no suitable seed found")


# --------------------------------------------------------------------------- page helpers


def game_url(**params: Any) -> str:
    """A deep link that starts the game at once (``autostart=1``, R-110)."""
    params = {"game": "border-up", **params, "autostart": 1}
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"/?{query}"


def start_bot_game(page: Any, site: Any, g: dict[str, Any], plunge: str = "no") -> None:
    open_site(page, site, game_url(level=g["level"], mode="bot", difficulty="easy", seed=g["seed"]))
    expect(page.locator(".kit-plunge-q")).to_be_visible()
    expect(page.locator("#kit-count")).to_have_text(_has("[1-5]"))
    page.locator(f"#bu-half-0 [data-plunge={plunge}]").click()
    wait_phase(page, "race")
    assert hand_codes(page, 0) == sorted(g["hand"]), "the page dealt another hand than the engine"


def wait_phase(page: Any, phase: str, timeout: int = 10_000) -> None:
    page.wait_for_function(
        "(p) => { const g = document.querySelector('.bu-game'); return g && g.dataset.phase === p; }",
        arg=phase,
        timeout=timeout,
    )


def hand_codes(page: Any, seat: int) -> list[str]:
    return sorted(
        page.eval_on_selector_all(
            f"#bu-half-{seat} [data-card]", "els => els.map(e => e.dataset.card)"
        )
    )


def slot_codes(page: Any, seat: int, slot: int) -> list[str]:
    return page.eval_on_selector_all(
        f"#bu-half-{seat} [data-list=g{slot}] [data-card]", "els => els.map(e => e.dataset.card)"
    )


def card(page: Any, seat: int, code: str) -> Any:
    return page.locator(f'#bu-half-{seat} [data-card="{code}"]')


def centre(locator: Any) -> tuple[float, float]:
    """The middle of an element scrolled into view, checked to be what a finger or the
    mouse would hit there (not hidden under the sticky groups)."""
    hit = locator.evaluate(
        """(e) => {
            e.scrollIntoView({block: 'center', inline: 'center'});
            const r = e.getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            const h = document.elementFromPoint(x, y);
            return {x, y, ok: !!h && (h === e || e.contains(h))};
        }"""
    )
    assert hit["ok"], "the element is covered at its centre"
    return hit["x"], hit["y"]


def box_centre(locator: Any) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drop_point(page: Any, seat: int, slot: int) -> tuple[float, float]:
    """A point at the end of a slot's list (after its last card), as the team sees it."""
    box = page.locator(f"#bu-half-{seat} [data-list=g{slot}]").bounding_box()
    assert box is not None
    rotated = page.locator(f"#bu-half-{seat}.is-rotated").count() > 0
    if rotated:  # turned 180 degrees: the list ends at the bottom left of the screen
        return box["x"] + 6, box["y"] + box["height"] - min(box["height"] / 2, 40)
    return box["x"] + box["width"] - 6, box["y"] + min(box["height"] / 2, 40)


def mouse_drag(page: Any, seat: int, code: str, slot: int) -> None:
    x0, y0 = centre(card(page, seat, code))
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 12, y0 + 4, steps=2)
    x1, y1 = drop_point(page, seat, slot)
    page.mouse.move(x1, y1, steps=8)
    ghost = page.locator(".hb-ghost")
    expect(ghost).to_have_count(1)
    expect(page.locator(f"#bu-half-{seat} [data-zone=g{slot}]")).to_have_class(_has("is-target"))
    page.mouse.up()
    expect(ghost).to_have_count(0)


def _has(cls: str) -> Any:
    """A class-list pattern containing ``cls`` (a regex for plain text too)."""
    return re.compile(rf"(^|\s){cls}(\s|$)")


def in_view(page: Any, *points: tuple[float, float]) -> None:
    w, h = page.evaluate("[innerWidth, innerHeight]")
    for x, y in points:
        assert 0 <= x <= w and 0 <= y <= h, f"({x:.0f}, {y:.0f}) is off screen ({w}x{h})"


def touch_drag(page: Any, touch: Touch, seat: int, code: str, slot: int) -> None:
    a = centre(card(page, seat, code))
    b = drop_point(page, seat, slot)
    in_view(page, a, b)
    touch.drag(a, b)
    expect(page.locator(".hb-ghost")).to_have_count(0)


def expect_result(page: Any, g: dict[str, Any], headline: str) -> None:
    title = page.locator("#kit-result-title")
    expect(title).to_have_text(headline, timeout=RESULT_TIMEOUT_MS)
    for seat in (0, 1):
        expect(page.locator(f"[data-points='{seat}']")).to_have_text(str(g["points"][seat]))


def hinted(page: Any, seat: int) -> list[str]:
    return page.eval_on_selector_all(
        f"#bu-half-{seat} [data-card].is-hinted", "els => els.map(e => e.dataset.card)"
    )


def press_hint(page: Any, seat: int, level: int, press: Any) -> list[str]:
    """A hint in its two steps (R-115): ``press()`` (Hint or H) once names one key state,
    outlined, and nothing on the map; pressing again shows the group: the cards, in the
    order the hint says, checked to be a winning group by the referee, outlined with an
    "H" and drawn on the map."""
    text = page.locator(f"#bu{seat}-hint")
    press()
    expect(text).to_contain_text("Hint: build a group around ")
    key_name = text.inner_text().split(" around ")[1].split(" and try")[0]
    assert len(hinted(page, seat)) == 1, hinted(page, seat)
    expect(page.locator(f"#bu-half-{seat} .bu-path-hint")).to_have_count(0)
    press()
    expect(text).not_to_contain_text("build a group around")
    expect(text).to_contain_text("Hint: ")
    expect(page.locator("#announce")).to_contain_text("Hint: ")
    words = text.inner_text().removeprefix("Hint: ")
    by_name = {s.name: s.code for s in atlas.states()}
    listed = words.split(" form ")[0].split(" make ")[0]
    order = [by_name[n] for n in re.split(r", | and ", listed)]
    marked = hinted(page, seat)
    assert sorted(order) == sorted(marked), (words, marked)
    assert check_group(order, level).ok, order
    assert atlas.by_code()[key_state(order)].name == key_name
    badge = page.eval_on_selector(
        f'#bu-half-{seat} [data-card="{marked[0]}"]',
        "e => getComputedStyle(e, '::after').content",
    )
    assert '"H"' in badge, badge
    expect(page.locator(f"#bu-half-{seat} .bu-path-hint")).to_have_count(1)
    return order


def assert_axe(page: Any, where: str) -> None:
    violations = run_axe(page)
    assert not violations, f"axe-core violations on the {where} screen:\n" + format_violations(
        violations
    )


# --------------------------------------------------------------------------- games vs the bot


def test_mouse_game_against_the_computer(page: Any, site: Any) -> None:
    g = bot_game(2)
    start_bot_game(page, site, g)
    for slot, group in enumerate(g["groups"], start=1):
        for code in group:
            mouse_drag(page, 0, code, slot)
        assert slot_codes(page, 0, slot) == group
    # reorder within a group by dragging: the first card to the end and back to the front
    first = g["groups"][0][0]
    mouse_drag(page, 0, first, 1)
    assert slot_codes(page, 0, 1) == [*g["groups"][0][1:], first]
    x0, y0 = centre(card(page, 0, first))
    box = card(page, 0, g["groups"][0][1]).bounding_box()
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(box["x"] + 4, box["y"] + box["height"] / 2, steps=10)
    page.mouse.up()
    assert slot_codes(page, 0, 1) == g["groups"][0]
    expect(page.locator("#bu-half-0 [data-call=geoplunge]")).to_be_enabled()
    expect(page.locator("#bu-half-0 [data-call=threeoplunge]")).to_be_disabled()
    expect(page.locator("#kit-status")).to_contain_text("The computer is thinking")
    # the map shows each group's path
    expect(page.locator("#bu-half-0 .bu-path-g1")).to_have_count(1)
    expect(page.locator("#bu-half-0 .bu-path-g2")).to_have_count(1)
    page.locator("#bu-half-0 [data-call=geoplunge]").click()
    expect_result(page, g, "You win!")
    expect(page.locator("[data-reason]")).to_contain_text("Team 1 shouted GeoPlunge")
    expect(page.locator(".bu-check-ok")).to_have_count(2)
    expect(page.locator("#bu-result-map .bu-path-ok")).to_have_count(2)
    # against the computer the teams are "You" and "The computer"
    expect(page.locator("[data-shout='0'] h4")).to_contain_text("You shouted GeoPlunge!")
    expect(page.locator(".kit-points-team[data-team='1'] h4")).to_have_text("The computer")
    expect(page.locator(".kit-points")).not_to_contain_text("(Team 1)")
    assert_axe(page, "result")
    # play again: a new deal (new seed in the URL), back at the GeoPlunging question
    page.get_by_role("button", name="Play again").click()
    expect(page.locator(".kit-plunge-q")).to_be_visible()
    query = parse_qs(urlsplit(page.url).query)
    assert query["seed"] != [str(g["seed"])] and query["level"] == ["2"], page.url


def test_touch_game_against_the_computer(
    new_context: Any, playwright_instance: Any, site: Any
) -> None:
    device = dict(playwright_instance.devices["Pixel 7"])
    device.pop("default_browser_type", None)
    device["viewport"] = device["screen"] = {"width": 390, "height": 844}  # a common phone
    page = new_context(**device).new_page()
    g = bot_game(3, want_three=True)
    start_bot_game(page, site, g)
    touch = Touch(page)
    for slot, group in enumerate(g["groups"], start=1):
        for code in group:
            touch_drag(page, touch, 0, code, slot)
        assert slot_codes(page, 0, slot) == group
    assert_axe(page, "race (phone)")
    button = page.locator("#bu-half-0 [data-call=threeoplunge]")
    expect(button).to_be_enabled()
    button.tap()
    expect_result(page, g, "You win!")
    # on a phone the headline is in view when the result appears
    box = page.locator("#kit-result-title").bounding_box()
    inner = page.evaluate("innerHeight")
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= inner, box
    expect(page.locator(".bu-check-ok")).to_have_count(3)
    expect(page.locator("#bu-result-map .bu-path-ok")).to_have_count(3)
    page.get_by_role("button", name="Back to setup").tap()
    expect(page.locator("#kit-setup")).to_be_visible()
    assert "game=border-up" in page.url and "level=3" in page.url  # the choices stay


def test_keyboard_only_game_against_the_computer(page: Any, site: Any) -> None:
    g = bot_game(4, start=11)
    open_site(page, site, game_url(level=4, mode="bot", difficulty="easy", seed=g["seed"]))
    assert_axe(page, "GeoPlunging prompt")
    # GeoPlunging: Tab to "No", press Enter
    page.locator("#bu-half-0 [data-plunge=no]").focus()
    page.keyboard.press("Enter")
    wait_phase(page, "race")
    help_line = page.locator("#bu0-help")
    expect(help_line).to_contain_text("Backspace")
    expect(help_line).to_contain_text("H shows a hint")
    # H (focus on a card of the team's panel) shows a hint and moves nothing
    card(page, 0, g["hand"][0]).focus()
    hint = press_hint(page, 0, 4, lambda: page.keyboard.press("h"))
    assert all(slot_codes(page, 0, n) == [] for n in (1, 2, 3)), "a hint moved cards"
    assert_axe(page, "race with a hint")
    for slot, group in enumerate(g["groups"], start=1):
        for code in group:
            card(page, 0, code).focus()
            page.keyboard.press(str(slot))
            expect(page.locator("#announce")).to_contain_text("position")
        assert slot_codes(page, 0, slot) == group
    # fix a deliberately wrong order: move the first card right and back with the arrows
    first = g["groups"][0][0]
    card(page, 0, first).focus()
    page.keyboard.press("Alt+ArrowRight")
    assert slot_codes(page, 0, 1)[1] == first
    assert page.evaluate("document.activeElement.dataset.card") == first, "focus lost"
    page.keyboard.press("Alt+ArrowLeft")
    assert slot_codes(page, 0, 1) == g["groups"][0]
    # Backspace returns a card to the hand, the group number puts it back
    last = g["groups"][1][-1]
    card(page, 0, last).focus()
    page.keyboard.press("Backspace")
    assert last not in slot_codes(page, 0, 2)
    expect(page.locator("#bu-half-0 [data-call=geoplunge]")).to_be_disabled()
    card(page, 0, last).focus()
    page.keyboard.press("2")
    assert slot_codes(page, 0, 2) == g["groups"][1]
    assert_axe(page, "race")
    assert hint  # shown before; a second hint now points at the shout, or the bonus group
    card(page, 0, last).focus()
    page.keyboard.press("H")
    second = choose_hint(g["hand"], [*g["groups"], []], 4)
    if second.kind == "ready":
        expect(page.locator("#bu0-hint")).to_have_text(
            "Groups 1 and 2 are already a GeoPlunge: shout GeoPlunge!"
        )
        expect(page.locator("#bu-half-0 [data-call=geoplunge]")).to_have_class(_has("is-hinted"))
        assert hinted(page, 0) == []
    else:  # the other cards hold a bonus group: its key state first
        assert second.bonus and second.slot == 2
        expect(page.locator("#bu0-hint")).to_have_text(second.first_step())
        assert hinted(page, 0) == [key_state(second.cards)]
    page.locator("#bu-half-0 [data-call=geoplunge]").focus()
    page.keyboard.press("Enter")
    expect_result(page, g, "You win!")
    expect(page.locator("[data-hints='0']")).to_have_text("2 hints used")
    expect(page.locator("[data-hints='1']")).to_have_count(0)  # the computer takes none
    # keyboard users land on the result's heading
    assert page.evaluate("document.activeElement.id") == "kit-result-title"


# --------------------------------------------------------------------------- two teams, one device


def invalid_groups(hand: list[str], level: int) -> list[list[str]]:
    rng = random.Random(5)
    for _ in range(1000):
        cards = rng.sample(hand, 6)
        groups = [cards[:3], cards[3:]]
        if not check_shout("geoplunge", groups, level).valid:
            return groups
    raise AssertionError("every pair of groups is valid?")


def test_split_screen_invalid_shout_gives_the_bonus(
    new_context: Any, playwright_instance: Any, site: Any
) -> None:
    ctx = new_context(viewport={"width": 1024, "height": 1280}, has_touch=True)
    page = ctx.new_page()
    seed, level = 21, 2
    open_site(page, site, game_url(level=level, mode="local", seed=seed))
    expect(page.locator("#bu-half-0 .kit-plunge-q")).to_be_visible()
    expect(page.locator("#bu-half-1 .kit-plunge-q")).to_be_visible()
    assert_axe(page, "split-screen GeoPlunging prompt")
    # Team 1 GeoPlunges, Team 2 does not
    page.locator("#bu-half-0 [data-plunge=yes]").click()
    page.locator("#bu-half-1 [data-plunge=no]").click()
    wait_phase(page, "race")
    hands = [dealt_hand(seed, level, 0), dealt_hand(seed, level, 1)]
    # hidden hands: each half shows only its own team's cards
    assert hand_codes(page, 0) == sorted(hands[0])
    assert hand_codes(page, 1) == sorted(hands[1])
    # turn Team 2's side around (a tablet lying between the teams)
    page.locator("#bu-rotate").click()
    expect(page.locator("#bu-half-1")).to_have_class(_has("is-rotated"))
    bad = invalid_groups(hands[1], level)
    touch = Touch(page)
    # one finger per team at the same time: Team 2's first card and Team 1's first card
    t1 = solver.solve(hands[0], level).geoplunge
    assert t1 is not None
    page.evaluate("window.scrollTo(0, 0)")
    a2, b2 = box_centre(card(page, 1, bad[0][0])), drop_point(page, 1, 1)
    a1, b1 = box_centre(card(page, 0, hands[0][0])), drop_point(page, 0, 3)
    in_view(page, a1, b1, a2, b2)
    touch.drag_fingers([(1, a2, b2), (2, a1, b1)])
    assert slot_codes(page, 1, 1) == [bad[0][0]], "Team 2's finger did not land"
    assert slot_codes(page, 0, 3) == [hands[0][0]], "Team 1's finger did not land"
    # Team 1 asks for a hint with its button: a group compatible with its cards
    press_hint(page, 0, level, page.locator("#bu-half-0 [data-act=hint]").click)
    expect(page.locator("#bu-half-1 .is-hinted")).to_have_count(0)
    # the rest of Team 2's groups by touch on the rotated half
    for slot, group in enumerate(bad, start=1):
        for code in group:
            if code not in slot_codes(page, 1, slot):
                touch_drag(page, touch, 1, code, slot)
        assert slot_codes(page, 1, slot) == group
    assert_axe(page, "split-screen race")
    page.locator("#bu-half-1 [data-call=geoplunge]").tap()
    plunged = [True, False]
    points = scoring.score(0, True, plunged)
    title = page.locator("#kit-result-title")
    expect(title).to_have_text("Team 1 wins!", timeout=RESULT_TIMEOUT_MS)
    expect(page.locator("[data-reason]")).to_contain_text("Team 1 wins with the bonus")
    for seat in (0, 1):
        expect(page.locator(f"[data-points='{seat}']")).to_have_text(str(points[seat]))
    expect(page.locator(".bu-check-bad").first).to_be_visible()
    expect(page.locator("[data-could='1']")).to_be_visible()
    expect(page.locator("[data-hints='0']")).to_have_text("1 hint used")
    expect(page.locator("[data-hints='1']")).to_have_text("No hints used")
    # the map draws the invalid groups in red
    expect(page.locator("#bu-result-map .bu-path-bad").first).to_be_attached()
    assert_axe(page, "split-screen result")


# --------------------------------------------------------------------------- setup, reload


def test_setup_screen_starts_a_game_and_a_reload_keeps_it(page: Any, site: Any) -> None:
    open_site(page, site, "/?game=border-up")
    expect(page.locator("#kit-setup")).to_be_visible()
    assert_axe(page, "setup")
    page.get_by_label("Level 3").check()
    page.get_by_label("Two teams on one device").check()
    expect(page.locator("#kit-difficulty")).to_be_hidden()
    page.get_by_label("Against the computer").check()
    expect(page.locator("#kit-difficulty")).to_be_visible()
    page.get_by_label("Easy").check()
    page.locator("#kit-seed").fill("77")
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".kit-plunge-q")).to_be_visible()
    url = page.url
    for part in ("level=3", "mode=bot", "difficulty=easy", "seed=77"):
        assert part in url, url
    decline_plunge(page, page.locator("#bu-half-0 [data-plunge=no]"))
    wait_phase(page, "race")
    hand = dealt_hand(77, 3, 0)
    assert hand_codes(page, 0) == sorted(hand)
    card(page, 0, hand[0]).focus()
    page.keyboard.press("1")
    assert slot_codes(page, 0, 1) == [hand[0]]
    page.locator("#bu-half-0 [data-act=hint]").click()
    hint = page.locator("#bu0-hint").inner_text()
    assert hint.startswith("Hint: ")
    page.reload(wait_until="load")
    wait_ready(page)
    wait_phase(page, "race")
    # a reload is time away from the table: the game comes back paused
    expect(page.locator("#kit-overlay")).to_be_visible()
    page.locator("#kit-resume").click()
    assert slot_codes(page, 0, 1) == [hand[0]], "the slots were lost on reload"
    assert hand_codes(page, 0) == sorted(hand)
    expect(page.locator("#bu0-hint")).to_have_text(hint)  # the open hint survives
    saved = page.evaluate(
        "JSON.parse(sessionStorage.getItem('cardroom:game:' + history.state.run)).extra.hints"
    )
    assert saved == {"0": 1}, "the hint count was lost on reload"


def test_a_full_level_4_hand_fits_a_laptop_screen(page: Any, site: Any) -> None:
    """On a 1366x768 laptop all 21 cards of a Level 4 hand are in view at once, with no
    page scrolling, next to the group slots and the shout buttons."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_site(page, site, game_url(level=4, mode="bot", difficulty="easy", seed=11))
    decline_plunge(page, page.locator("#bu-half-0 [data-plunge=no]"))
    wait_phase(page, "race")
    assert len(hand_codes(page, 0)) == 21
    boxes = page.eval_on_selector_all(
        "#bu-half-0 [data-card]",
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.top, r.bottom, r.left, r.right]; })",
    )
    for top, bottom, left, right in boxes:
        assert top >= 0 and bottom <= 768 and left >= 0 and right <= 1366, (top, bottom)
    height = page.evaluate("() => document.documentElement.scrollHeight")
    assert height <= 768, f"the page is {height} px tall"
    for button in page.locator("#bu-half-0 button[data-call]").all():
        box = button.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 768


# --------------------------------------------------------------------------- layouts (issue 41)


#: the hand's cards replaced by ``cards`` (HTML): how many the hand then holds
DEAL_FACES_JS = """(cards) => {
    const list = document.querySelector('#bu-half-0 .hb-hand .hb-list');
    list.innerHTML = cards;
    return list.querySelectorAll('[data-card]').length;
}"""


def test_every_state_s_face_fits_a_hand_at_every_size(page: Any, site: Any) -> None:
    """Issue #41: the hand's face of each of the 50 states (``cards.hand_card_html``), in a
    hand against the computer at 390x844, 768x1024, 1024x768 and 1366x768: no border list
    or name cut off (New York's list lost its last line on a phone; Tennessee's and
    Missouri's eight neighbours are the longest), no sideways scroll, nothing covered, and
    from a tablet up the name and the border list at 12 px or more (Pennsylvania's name was
    8.1 px, every border list 10.2 px)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_site(page, site, game_url(level=2, mode="bot", difficulty="easy", seed=5))
    decline_plunge(page, page.locator("#bu-half-0 [data-plunge=no]"))
    wait_phase(page, "race")
    faces = "".join(hand_card_html(code) for code in sorted(atlas.by_code()))
    for size in SIZES:
        for _attempt in range(3):  # a redraw of the hand puts the dealt cards back
            set_size(page, size)
            assert page.evaluate(DEAL_FACES_JS, faces) == 50
            found = check_layout(page, text=text_checked(size))
            if page.locator("#bu-half-0 .hb-hand [data-card]").count() == 50:
                break
        else:
            raise AssertionError(f"{size}: the hand was redrawn under the test three times")
        assert not found, f"{size}: " + "\n  ".join(str(v) for v in found)


#: every card of the page fully visible: each corner (inset 2 px) hits the card itself
HIDDEN_CARDS_JS = """() => [...document.querySelectorAll('.bu-game [data-card]')].filter(e => {
    const r = e.getBoundingClientRect();
    if (r.width < 4 || r.height < 4) return true;
    const corners = [[r.left + 2, r.top + 2], [r.right - 2, r.top + 2],
                     [r.left + 2, r.bottom - 2], [r.right - 2, r.bottom - 2]];
    return corners.some(([x, y]) => { const h = document.elementFromPoint(x, y);
                                       return !h || !(h === e || e.contains(h)); });
}).map(e => e.dataset.card)"""

#: the visible text of the cards, in px (the smallest of each card's code and borders)
SMALLEST_TEXT_JS = """() => Math.min(...[...document.querySelectorAll(
    '.bu-game [data-card] .bu-card-code, .bu-game [data-card] .bu-card-borders')]
    .map(e => parseFloat(getComputedStyle(e).fontSize)))"""

#: cards of the groups whose border list does not fit the card (cut by the card's edge)
CUT_BORDERS_JS = """() => [...document.querySelectorAll('.hb-slot .bu-card-borders')].filter(e => {
    const card = e.closest('[data-card]').getBoundingClientRect();
    return e.scrollHeight > e.clientHeight + 1 || e.getBoundingClientRect().bottom > card.bottom + 0.5;
}).map(e => e.closest('[data-card]').dataset.card)"""


def start_local_race(page: Any, site: Any, level: int, seed: int) -> None:
    open_site(page, site, game_url(level=level, mode="local", seed=seed))
    for seat in (0, 1):
        decline_plunge(page, page.locator(f"#bu-half-{seat} [data-plunge=no]"), tap=True)
    wait_phase(page, "race")
    expect(page.locator("#kit-banner")).to_be_hidden(timeout=RESULT_TIMEOUT_MS)


def fill_groups(page: Any, level: int) -> None:
    """Both teams lay out full groups (5, 3, 3 at Level 4) by keyboard, the cards with the
    longest border lists first."""
    by = atlas.by_code()
    for seat in (0, 1):
        codes = page.eval_on_selector_all(
            f"#bu-half-{seat} .hb-hand [data-card]", "els => els.map(e => e.dataset.card)"
        )
        codes.sort(key=lambda c: -len(by[c].borders))
        sizes = (5, 3, 3) if level == 4 else (3, 3, 3)
        for slot, n in enumerate(sizes, start=1):
            for code in codes[:n]:
                card(page, seat, code).focus()
                page.keyboard.press(str(slot))
            codes = codes[n:]


def assert_all_cards_shown(page: Any, where: str, count: int, min_text: float = 12) -> None:
    assert page.locator(".bu-game [data-card]").count() == count
    hidden = page.evaluate(HIDDEN_CARDS_JS)
    assert not hidden, f"{where}: cards not fully visible without scrolling: {hidden}"
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight + 1"), where
    smallest = page.evaluate(SMALLEST_TEXT_JS)
    assert smallest >= min_text, f"{where}: card text {smallest} px"


@pytest.mark.parametrize("level", [2, 4])
def test_split_screen_shows_every_card_of_both_teams_on_a_tablet(
    new_context: Any, site: Any, level: int
) -> None:
    """Two teams on one tablet, landscape (1024x768) and portrait (768x1024): every card of
    both hands and groups fully in view at once (hit-tested at its corners), no scrolling,
    card text at least 12 px, and every border list of a group's card whole (issue 41,
    items 1 and 9). The map comes on demand (the Map button, Escape hides it)."""
    ctx = new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    start_local_race(page, site, level, seed=21)
    count = 36 if level < 4 else 42
    for size in ((1024, 768), (768, 1024)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        assert_all_cards_shown(page, f"{size} dealt", count)
    fill_groups(page, level)
    for size in ((768, 1024), (1024, 768)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        assert_all_cards_shown(page, f"{size} with groups", count)
        cut = page.evaluate(CUT_BORDERS_JS)
        assert not cut, f"{size}: border lists cut in the groups: {cut}"
    # the map on demand: shown over the hand, and hidden again by Escape
    button = page.locator("#bu-half-0 [data-act=map]")
    expect(page.locator("#bu0-mapbox .bu-map")).to_be_hidden()
    button.tap()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#bu0-mapbox .bu-map")).to_be_visible()
    expect(page.locator("#bu0-mapbox .bu-path-g1")).to_have_count(1)
    covered = page.eval_on_selector_all(
        "#bu-half-0 .bu-actions button",
        """bs => bs.filter(b => { const r = b.getBoundingClientRect();
            const h = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return h !== b && !b.contains(h); }).map(b => b.textContent)""",
    )
    assert not covered, f"the open map covers {covered}"
    button.focus()
    page.keyboard.press("Escape")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(page.locator("#bu0-mapbox .bu-map")).to_be_hidden()


@pytest.mark.parametrize("level", [2, 4])
def test_split_screen_shows_every_card_of_both_teams_on_a_phone(
    new_context: Any, site: Any, level: int
) -> None:
    """Two teams on one phone (390x844): every card of both hands and groups fully in view
    at once (hit-tested at its corners), no scrolling, when dealt, with one card in each
    group (the most rows: three groups and a hand of 15 to 18) and with full groups, every
    border list whole (issue 41, items 1 and 9); a hint lies over the team's line, the
    map over the hand, neither over a card of the groups nor a button."""
    ctx = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    start_local_race(page, site, level, seed=21)
    count = 36 if level < 4 else 42
    assert_all_cards_shown(page, "dealt", count, min_text=8)
    for seat in (0, 1):
        for slot in (1, 2, 3):
            page.locator(f"#bu-half-{seat} .hb-hand [data-card]").first.focus()
            page.keyboard.press(str(slot))
    assert_all_cards_shown(page, "a card in each group", count, min_text=8)
    for seat in (0, 1):
        for slot in (1, 2, 3):
            card(page, seat, slot_codes(page, seat, slot)[0]).focus()
            page.keyboard.press("Backspace")
    fill_groups(page, level)
    assert_all_cards_shown(page, "with groups", count, min_text=8)
    cut = page.evaluate(CUT_BORDERS_JS)
    assert not cut, f"border lists cut in the groups: {cut}"
    expect_names_read_out(page)
    page.locator("#bu-half-1 [data-act=hint]").tap()
    expect(page.locator("#bu1-hint")).to_be_visible()
    assert_all_cards_shown(page, "with a hint", count, min_text=8)
    button = page.locator("#bu-half-0 [data-act=map]")
    button.tap()
    expect(page.locator("#bu0-mapbox .bu-map")).to_be_visible()
    covered = page.eval_on_selector_all(
        "#bu-half-0 .bu-actions button, #bu-half-0 .hb-slot [data-card]",
        """bs => bs.filter(b => { const r = b.getBoundingClientRect();
            const h = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return h !== b && !b.contains(h); }).map(b => b.textContent)""",
    )
    assert not covered, f"the open map covers {covered}"
    box, half = (
        page.locator("#bu0-mapbox .bu-map").bounding_box(),
        page.locator("#bu-half-0").bounding_box(),
    )
    assert (
        box
        and half
        and box["height"] > 100
        and box["y"] + box["height"] <= half["y"] + half["height"]
    )
    button.tap()
    expect(page.locator("#bu0-mapbox .bu-map")).to_be_hidden()


#: the cards in groups whose state name a screen reader cannot reach (display: none or
#: visibility: hidden: the compact face may hide it from the eye only)
UNSPOKEN_NAMES_JS = """() => [...document.querySelectorAll('.hb-slot [data-card]')].filter(c => {
    const n = c.querySelector('.bu-card-name');
    if (!n) return true;
    const s = getComputedStyle(n);
    return s.display === 'none' || s.visibility === 'hidden';
  }).map(c => c.dataset.card)"""


def expect_names_read_out(page: Any) -> None:
    """Every card in a group is named by its state for a screen reader."""
    assert page.locator(".hb-slot [data-card]").count() > 0
    unspoken = page.evaluate(UNSPOKEN_NAMES_JS)
    assert not unspoken, f"cards in groups with no name for a screen reader: {unspoken}"


def test_group_cards_show_their_whole_border_list_on_a_phone(new_context: Any, site: Any) -> None:
    """At 390x844 against the computer, a card laid out in a group lists all the states it
    borders (Missouri and Tennessee: 8), none cut at the card's edge (issue 41, item 9)."""
    ctx = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    open_site(page, site, game_url(level=4, mode="bot", difficulty="easy", seed=11))
    decline_plunge(page, page.locator("#bu-half-0 [data-plunge=no]"), tap=True)
    wait_phase(page, "race")
    by = atlas.by_code()
    codes = sorted(hand_codes(page, 0), key=lambda c: -len(by[c].borders))
    assert len(by[codes[0]].borders) >= 7, codes[0]
    for slot, n in enumerate((5, 3, 3), start=1):
        for code in codes[:n]:
            card(page, 0, code).focus()
            page.keyboard.press(str(slot))
        codes = codes[n:]
    cut = page.evaluate(CUT_BORDERS_JS)
    assert not cut, f"border lists cut in the groups: {cut}"
    expect_names_read_out(page)


ZOOM_TEXT_JS = """() => { const d = document.querySelector('#bu-zoom');
    const els = [...d.querySelectorAll('.bu-zoom-card *, .bu-zoom-h')].filter(e =>
        [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())
        && !e.closest('.visually-hidden'));
    return Math.min(...els.map(e => parseFloat(getComputedStyle(e).fontSize))); }"""


def expect_zoomed(page: Any, code: str) -> None:
    """The dialog shows ``code``'s card large: its name, code, time zones and every state it
    borders (by code and name), no text under 16 px, the whole dialog on screen."""
    s = atlas.by_code()[code]
    dialog = page.locator("#bu-zoom")
    expect(dialog).to_be_visible()
    expect(page.get_by_role("dialog", name=s.name)).to_be_visible()
    expect(dialog.locator(".bu-zoom-code")).to_contain_text(code)
    expect(dialog.locator(".bu-zoom-zone")).to_contain_text(s.time_zones[0])
    items = dialog.locator(".bu-zoom-borders li")
    expect(items).to_have_count(len(s.borders))
    text = " ".join(items.all_inner_texts())
    names = atlas.by_code()
    for b in s.borders:
        assert b in text and names[b].name in text, (code, b, text)
    assert page.evaluate(ZOOM_TEXT_JS) >= 16
    box = dialog.bounding_box()
    w, h = page.evaluate("[innerWidth, innerHeight]")
    assert box and box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= w and box["y"] + box["height"] <= h, box


def test_a_card_held_or_z_shows_large(new_context: Any, site: Any) -> None:
    """Two teams on one phone (390x844): a press held on a card (without moving) shows it
    large, with its whole border list at 16 px or more, in a dialog named by its state;
    Team 2's turned half sees it turned; a tap closes it; a drag still drags, a tap still
    selects. At 1366x768 Z on the focused card shows it, Escape closes it and the focus is
    back on the card (issue 41)."""
    by = atlas.by_code()
    ctx = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    start_local_race(page, site, 4, seed=21)
    dialog = page.locator("#bu-zoom")
    expect(dialog).to_be_hidden()
    hand = sorted(hand_codes(page, 0), key=lambda c: -len(by[c].borders))
    first = hand[0]
    assert len(by[first].borders) >= 5, first
    touch = Touch(page)
    x, y = centre(card(page, 0, first))
    touch.fingers("touchStart", [(1, x, y)])
    page.wait_for_timeout(1000)
    touch.fingers("touchEnd", [])
    expect_zoomed(page, first)
    expect(dialog).not_to_have_class(_has("is-rotated"))
    assert_axe(page, "a card shown large (phone)")
    page.screenshot(path="/tmp/buzoom-phone-zoom.png")
    expect(card(page, 0, first)).not_to_have_class(_has("is-selected"))
    assert first not in slot_codes(page, 0, 1)
    touch.tap(dialog.locator(".bu-zoom-help"))  # a tap anywhere closes it
    expect(dialog).to_be_hidden()
    # a drag still drags, and shows nothing large
    touch_drag(page, touch, 0, first, 1)
    assert slot_codes(page, 0, 1) == [first]
    page.wait_for_timeout(800)
    expect(dialog).to_be_hidden()
    # a tap still selects
    second = hand[1]
    touch.tap(card(page, 0, second))
    expect(card(page, 0, second)).to_have_class(_has("is-selected"))
    expect(dialog).to_be_hidden()
    # Team 2's half, turned: the card shown large is turned too
    page.locator("#bu-rotate").tap()
    expect(page.locator("#bu-half-1")).to_have_class(_has("is-rotated"))
    other = sorted(hand_codes(page, 1), key=lambda c: -len(by[c].borders))[0]
    x, y = centre(card(page, 1, other))
    touch.fingers("touchStart", [(1, x, y)])
    page.wait_for_timeout(1000)
    touch.fingers("touchEnd", [])
    expect_zoomed(page, other)
    expect(dialog).to_have_class(_has("is-rotated"))
    page.screenshot(path="/tmp/buzoom-phone-zoom-rotated.png")
    touch.tap(dialog.locator(".bu-zoom-code"))
    expect(dialog).to_be_hidden()
    # the keyboard on a laptop: Z on the focused card, Escape, the focus back on it
    page.set_viewport_size({"width": 1366, "height": 768})
    third = hand[2]
    card(page, 0, third).focus()
    page.keyboard.press("z")
    expect_zoomed(page, third)
    assert page.evaluate("document.activeElement.textContent") == "Close"
    assert_axe(page, "a card shown large (laptop)")
    page.screenshot(path="/tmp/buzoom-laptop-zoom.png")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert page.evaluate("document.activeElement.dataset.card") == third
    assert third not in slot_codes(page, 0, 1) + slot_codes(page, 0, 2)

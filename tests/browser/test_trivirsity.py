"""Tri-Virsity in the browser, played as a class would: a hand against the computer by
mouse and by typing, a solitaire game, keyboard and touch arranging, pass-and-play, and axe.

The person's moves are chosen on the CPython side by the engine's own hard bot from the same
seed (the engine replays exactly): after each action the test reads the moves the page saved
(``sessionStorage``), replays them into a mirror of the match and plays the next move
through the page (typing words, clicking cards, table-word ends and buttons). Seeds are
picked so that a game ends in a few dozen moves.
"""

from __future__ import annotations

import functools
import json
import random
import re
import time
from typing import Any

import pytest
from browser_helpers import (
    Touch,
    format_violations,
    open_site,
    run_axe,
    wait_for_promise,
    wait_ready,
)
from playwright.sync_api import expect

from cardroom.core import Move, bot_context
from cardroom.trivirsity.bot import TriBot
from cardroom.trivirsity.deck import is_wild
from cardroom.trivirsity.game import GAME
from cardroom.web.games.trivirsity.logic import MATCH, engine
from cardroom.web.kit.logic import LocalEngine, Setup
from cardroom.web.kit.result import number

pytestmark = pytest.mark.browser

GAME_TIMEOUT_S = 120
PERSON = TriBot("hard")


def make_setup(mode: str, seed: int, **options: str) -> Setup:
    return Setup("tri-virsity", 0, mode, "easy", seed, tuple(sorted(options.items())))


def person_move(table: LocalEngine, seat: int = 0) -> Move | None:
    """The move the person makes now (the hard bot, from the person's own view)."""
    state = table.state
    if table.over or MATCH.between(state) or seat not in GAME.to_move(state.cur):
        return None
    rng = random.Random(f"person:{state.step}")
    return PERSON.choose(bot_context(GAME, state.cur, seat, rng))


def simulate(setup: Setup, limit: int = 400) -> tuple[LocalEngine, int]:
    """The whole game on CPython: the person's moves as above, the computer's as planned."""
    table = engine(setup)
    now = 0
    for _ in range(limit):
        if table.over:
            break
        m = person_move(table)
        now += 1000
        if m is not None:
            table.submit(m.to_json(), now)
        else:
            table.advance(now + 10_000)
            now += 10_000
    return table, len(table.moves)


@functools.cache
def quick_seed(mode: str, want_out: bool = False, **options: str) -> int:
    """A seed whose game ends within a few dozen moves (and, with ``want_out``, with the
    person going out)."""
    best = None
    for seed in range(1, 120):
        table, n = simulate(make_setup(mode, seed, **options))
        if not table.over:
            continue
        end = table.view(0)["end"]
        if want_out and end != "out":
            continue
        if best is None or n < best[1]:
            best = (seed, n)
        if n <= 24:
            break
    assert best is not None
    return best[0]


# --------------------------------------------------------------------------- the page's side


def saved_moves(page: Any) -> list[dict[str, Any]]:
    raw = page.evaluate(
        """() => { for (let i = 0; i < sessionStorage.length; i++) {
              const k = sessionStorage.key(i);
              if (k.startsWith('cardroom:game:')) return sessionStorage.getItem(k);
           } return null; }"""
    )
    return list(json.loads(raw)["moves"]) if raw else []


def mirror(setup: Setup, moves: list[dict[str, Any]]) -> LocalEngine:
    table = engine(setup)
    table.replay(moves)
    return table


def type_word(page: Any, letters: str) -> None:
    box = page.locator("#tv-type")
    box.fill("")
    box.press_sequentially(letters, delay=10)


def click_cards(page: Any, cards: list[str], letters: str) -> None:
    """Spell by clicking the cards in order (a wild asks for its letter)."""
    page.click("#tv-clear")
    for code, ch in zip(cards, letters, strict=True):
        page.click(f'#tv-hand [data-card="{code}"]')
        if is_wild(code):
            page.click(f'#tv-pick [data-letter="{ch}"]')


def play_move(page: Any, m: Move) -> None:
    """Make ``m`` through the page as a person would."""
    d = m.data
    if m.kind == "draw":
        page.click("#tv-draw")
    elif m.kind == "take":
        page.click("#tv-take")
    elif m.kind == "lay":
        type_word(page, d["word"])
        if page.locator("#tv-lay").is_disabled():  # typing chose other cards: click them
            click_cards(page, list(d["cards"]), d["word"])
        expect(page.locator("#tv-check")).to_have_class("tv-check is-ok")
        page.click("#tv-lay")
    elif m.kind == "build":
        page.click(f'#tv-words [data-word="{d["word"]}"][data-end="{d["end"]}"]')
        type_word(page, d["letters"])
        if page.locator("#tv-build").is_disabled():
            click_cards(page, list(d["cards"]), d["letters"])
        page.click("#tv-build")
    elif m.kind == "discard":
        page.click("#tv-clear")
        page.click(f'#tv-hand [data-card="{d}"]')
        page.click("#tv-discard")
    elif m.kind == "no-discard":
        page.click("#tv-nodiscard")
    elif m.kind == "trivirsity":
        page.click("#tv-tri")
    elif m.kind == "claim":
        page.click(f'[data-claim="{d["word"]}:{d["end"]}:{d["letter"]}"]')
    elif m.kind == "challenge":
        page.click(f'[data-chal="{d}"]')
    elif m.kind == "accept":
        page.click("#tv-accept")
    else:
        raise AssertionError(f"no way to play {m.kind}")


def play_to_the_end(page: Any, setup: Setup) -> LocalEngine:
    """Play the person's seat until the match is over; return the mirror."""
    deadline = time.monotonic() + GAME_TIMEOUT_S
    while time.monotonic() < deadline:
        moves = saved_moves(page)
        table = mirror(setup, moves)
        if table.over:
            return table
        if MATCH.between(table.state):
            page.click("#tv-next")
        else:
            m = person_move(table)
            if m is None:
                page.wait_for_timeout(150)  # the computer's turn
                continue
            play_move(page, m)
        page.wait_for_function(
            """(n) => { for (let i = 0; i < sessionStorage.length; i++) {
                  const k = sessionStorage.key(i);
                  if (k.startsWith('cardroom:game:'))
                    return JSON.parse(sessionStorage.getItem(k)).moves.length > n;
               } return false; }""",
            arg=len(moves),
        )
    raise AssertionError("the game did not end in time")


def check_result(page: Any, table: LocalEngine, headline: str) -> None:
    result = table.view(0)["result"]
    expect(page.locator(".kit-result")).to_be_visible()
    expect(page.locator("#kit-result-title")).to_contain_text(headline)
    for team, pts in enumerate(result["points"]):
        expect(page.locator(f'[data-points="{team}"]')).to_have_text(number(pts))
    for seat, x in enumerate(table.view(0)["hand_scores"]):
        expect(page.locator(f'.tv-final [data-hand-score="{seat}"]')).to_have_text(number(x))


# --------------------------------------------------------------------------- the tests


def test_two_player_hand_against_the_computer(page: Any, site: Any) -> None:
    opts = {"players": "2", "target": "hand", "variant": "standard", "words": "strict"}
    seed = quick_seed("bot", **opts)
    setup = make_setup("bot", seed, **opts)
    open_site(
        page,
        site,
        f"/?game=tri-virsity&players=2&mode=bot&difficulty=easy&target=hand&seed={seed}"
        "&autostart=1",
    )
    expect(page.locator("#tv-hand [data-card]").first).to_be_visible(timeout=30_000)
    words_ms = page.evaluate("() => document.documentElement.dataset.tvWords")
    assert words_ms is not None and float(words_ms) >= 0
    table = play_to_the_end(page, setup)
    r = table.view(0)["result"]
    winner = r["winner"]
    headline = "tie" if winner is None else ("You win" if winner == 0 else "The computer wins")
    check_result(page, table, headline)


def test_solitaire_game_finished(page: Any, site: Any) -> None:
    seed = quick_seed("solitaire", want_out=True)
    setup = make_setup("solitaire", seed)
    # the link opens the setup (no autostart): it passes axe, and Start deals this seed
    open_site(page, site, f"/?game=tri-virsity&mode=solitaire&seed={seed}")
    expect(page.locator("#kit-setup")).to_be_visible(timeout=30_000)
    expect(page.locator("#kit-seed")).to_have_value(str(seed))
    assert_axe(page, "setup")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#tv-sol")).to_be_visible(timeout=30_000)
    # the player may take the discard; only the solitaire hand never does
    expect(page.locator("#tv-take")).to_be_enabled()
    expect(page.locator("#kit-status")).to_contain_text("draw from the pile or take the discard")
    assert_axe(page, "solitaire table")
    table = play_to_the_end(page, setup)
    check_result(page, table, "you win")
    page.wait_for_timeout(500)  # the result settles
    assert_axe(page, "result")
    # Play again: a new deal on a fresh table, nothing picked, the solitaire hand face up
    page.get_by_role("button", name="Play again").click()
    expect(page.locator("#tv-sol")).to_be_visible()
    expect(page.locator("#tv-type")).to_have_value("")
    from urllib.parse import parse_qs, urlsplit  # noqa: PLC0415

    assert parse_qs(urlsplit(page.url).query)["seed"] != [str(seed)]  # a new deal


def hand_order(page: Any, group: str) -> list[str]:
    loc = page.locator(f'#tv-hand [data-group="{group}"] [data-card]')
    return [loc.nth(i).get_attribute("data-card") for i in range(loc.count())]


def pressed(page: Any) -> list[str]:
    loc = page.locator('#tv-hand [data-card][aria-pressed="true"]')
    return sorted(loc.nth(i).get_attribute("data-card") for i in range(loc.count()))


def assert_axe(page: Any, what: str) -> None:
    violations = run_axe(page)
    assert not violations, f"{what}: {format_violations(violations)}"


def first_word(hand: list[str]) -> tuple[str, list[str]]:
    """A dictionary word the hand spells without wilds (for the typing test)."""
    from cardroom.trivirsity import words as wordlist  # noqa: PLC0415
    from cardroom.web.games.trivirsity.spelling import spell  # noqa: PLC0415

    for suit in "RGO":
        letters = [c[1].lower() for c in hand if c[0] == suit and c[1] != "*"]
        for w, wild_at in wordlist.find_words(letters, 0, min_len=3):
            if not wild_at:
                sp = spell(hand, w)
                if not sp.missing and sp.wilds == 0:
                    return w, sorted(sp.cards)
    raise AssertionError("no word")


def keyboard_seed() -> tuple[int, str, list[str], str]:
    """A deal whose hand (after the draw) spells a word and holds a suit of 3+ cards."""
    for seed in range(1, 200):
        table = engine(make_setup("bot", seed, players="2", target="hand"))
        table.submit({"seat": 0, "kind": "draw", "data": None}, 10)
        hand = table.view(0)["hand"]
        try:
            word, cards = first_word(hand)
        except AssertionError:
            continue
        for suit in "RGO":
            if sum(1 for c in hand if c[0] == suit and c[1] != "*") >= 3:
                return seed, word, cards, suit
    raise AssertionError("no seed")


def test_keyboard_types_a_word_and_arranges_the_hand(page: Any, site: Any) -> None:
    seed, word, cards, suit = keyboard_seed()
    open_site(
        page, site, f"/?game=tri-virsity&players=2&mode=bot&target=hand&seed={seed}&autostart=1"
    )
    draw = page.locator("#tv-draw")
    expect(draw).to_be_enabled(timeout=30_000)
    draw.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#tv-nodiscard")).to_be_enabled()
    # typing on the hand types the word; its cards are picked as it grows
    page.locator("#tv-hand [data-card]").first.focus()
    page.keyboard.type(word[0])
    expect(page.locator("#tv-type")).to_be_focused()
    page.keyboard.type(word[1:])
    expect(page.locator("#tv-type")).to_have_value(word)
    assert pressed(page) == cards
    expect(page.locator("#tv-check")).to_have_class("tv-check is-ok")
    expect(page.locator("#tv-lay")).to_be_enabled()
    # a letter the hand cannot add says so at once
    page.keyboard.type("qqq")
    expect(page.locator("#tv-check")).to_have_class("tv-check is-bad")
    expect(page.locator("#tv-lay")).to_be_disabled()
    for _ in range(3):
        page.keyboard.press("Backspace")
    expect(page.locator("#tv-lay")).to_be_enabled()
    # arrange: Alt+Right moves the focused card one place on
    before = hand_order(page, suit)
    page.locator(f'#tv-hand [data-card="{before[0]}"]').focus()
    page.keyboard.press("Alt+ArrowRight")
    after = hand_order(page, suit)
    assert after == [before[1], before[0], *before[2:]]
    expect(page.locator(f'#tv-hand [data-card="{before[0]}"]')).to_be_focused()
    # Enter on the Lay down button lays the word; it shows on the table with its owner
    page.locator("#tv-lay").focus()
    page.keyboard.press("Enter")
    row = page.locator(f'#tv-words [data-letters="{word}"]')
    expect(row).to_be_visible()
    expect(row.locator(".tv-owner")).to_have_text("by You")
    expect(row.locator('[data-end="front"]')).to_be_visible()
    assert_axe(page, "table")


def centre(loc: Any, dx: float = 0.0) -> tuple[float, float]:
    box = loc.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2 + dx * box["width"], box["y"] + box["height"] / 2


def test_touch_arranges_the_hand_and_picks_cards(
    new_context: Any, playwright_instance: Any, site: Any
) -> None:
    device = dict(playwright_instance.devices["Galaxy Tab S4"])
    device.pop("default_browser_type", None)
    device["viewport"] = device["screen"] = {"width": 1024, "height": 768}
    page = new_context(**device).new_page()
    seed, word, cards, suit = keyboard_seed()
    open_site(
        page, site, f"/?game=tri-virsity&players=2&mode=bot&target=hand&seed={seed}&autostart=1"
    )
    expect(page.locator("#tv-draw")).to_be_enabled(timeout=30_000)
    page.locator("#tv-draw").tap()
    expect(page.locator("#tv-nodiscard")).to_be_enabled()
    touch = Touch(page)
    before = hand_order(page, suit)
    first = page.locator(f'#tv-hand [data-card="{before[0]}"]')
    last = page.locator(f'#tv-hand [data-card="{before[-1]}"]')
    touch.drag(centre(first), centre(last, 0.3))  # onto the right half of the last card
    expect(page.locator(f'#tv-hand [data-group="{suit}"] [data-card]').last).to_have_attribute(
        "data-card", before[0]
    )
    assert hand_order(page, suit) == [*before[1:], before[0]]
    assert pressed(page) == []  # a drag is not a pick
    # tapping cards spells with them
    for k, code in enumerate(cards_in_word_order(page, word, cards), start=1):
        touch.tap(centre(page.locator(f'#tv-hand [data-card="{code}"]')))
        expect(page.locator("#tv-type")).to_have_value(word[:k])
    expect(page.locator("#tv-type")).to_have_value(word)
    expect(page.locator("#tv-lay")).to_be_enabled()
    # the table fits a 1024x768 tablet without page scrolling
    assert page.evaluate("document.documentElement.scrollHeight") <= 768 + 1


def cards_in_word_order(page: Any, word: str, cards: list[str]) -> list[str]:
    left = list(cards)
    out = []
    for ch in word:
        c = next(x for x in left if x[1].lower() == ch)
        left.remove(c)
        out.append(c)
    return out


def test_pass_and_play_hides_every_other_hand(page: Any, site: Any) -> None:
    seed = 3
    setup = make_setup("local", seed, players="4", variant="beginner")
    open_site(
        page,
        site,
        f"/?game=tri-virsity&players=4&mode=local&variant=beginner&seed={seed}&autostart=1",
    )
    reveal = page.locator("#kit-reveal")
    expect(reveal).to_be_visible(timeout=30_000)
    expect(page.locator("#kit-ho-h")).to_have_text("Pass the device to Player 1")
    assert page.locator("[data-card]").count() == 0  # nothing of any hand in the page
    assert_axe(page, "hand-over")
    reveal.click()
    table = mirror(setup, [])
    assert sorted(
        page.locator("#tv-hand [data-card]").nth(i).get_attribute("data-card")
        for i in range(page.locator("#tv-hand [data-card]").count())
    ) == sorted(table.view(0)["hand"])
    expect(page.locator("#tv-hand [data-card]")).to_have_count(8)
    # Player 1 draws and discards; then the device goes to Player 2 (or, first, anyone
    # may claim the discard or challenge, R-153)
    page.click("#tv-draw")
    table = mirror(setup, saved_moves(page))
    hand = table.view(0)["hand"]
    page.click(f'#tv-hand [data-card="{hand[0]}"]')
    page.click("#tv-discard")
    if page.locator("#tv-pass-on").count():
        assert page.locator("[data-card]").count() == 0
        assert_axe(page, "claim window")
        page.click("#tv-pass-on")
    expect(page.locator("#kit-ho-h")).to_have_text("Pass the device to Player 2")
    assert page.locator("[data-card]").count() == 0
    # nothing of Player 1's turn shows through the cover: the bar's status says who the
    # device goes to, and the cover is opaque (a play-test saw "Player 1: ..." behind it)
    expect(page.locator("#kit-status")).to_have_text("Pass the device to Player 2")
    cover = page.locator("#kit-handover").evaluate("e => getComputedStyle(e).backgroundColor")
    assert cover.startswith("rgb("), cover
    page.click("#kit-reveal")
    expect(page.locator("#kit-status")).to_contain_text("Player 2: ")
    table = mirror(setup, saved_moves(page))
    shown = page.locator("#tv-hand [data-card]")
    expect(shown).to_have_count(len(table.view(1)["hand"]))
    assert sorted(shown.nth(i).get_attribute("data-card") for i in range(shown.count())) == sorted(
        table.view(1)["hand"]
    )
    expect(page.locator('.tv-seat[data-seat="1"]')).to_have_attribute("aria-current", "true")


#: whether the service worker's offline copy (its ``cardroom-<build>`` cache) holds the
#: word index (a Promise: wait_for_promise, not page.wait_for_function, which would take
#: the Promise itself for true)
WORDS_IN_OFFLINE_COPY = """async () => {
    for (const n of await caches.keys()) {
        if (!n.startsWith('cardroom-')) continue;
        const keys = await (await caches.open(n)).keys();
        if (keys.some((r) => r.url.includes('/words/enable1-'))) return true;
    }
    return false;
}"""


def test_word_index_is_lazy_and_cached_for_offline(new_context: Any, serve_site: Any) -> None:
    """The word index is never fetched on the start path; the Tri-Virsity screen fetches
    it, the service worker keeps it, and the game opens with no server afterwards."""
    context = new_context(route=False, service_workers="allow")
    server = serve_site()
    seen: list[str] = []
    context.on("request", lambda r: seen.append(r.url))
    page = context.new_page()
    open_site(page, server, "/")
    assert page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_timeout(500)
    assert [u for u in seen if "/pyodide.asm.wasm" in u], "requests are recorded"
    assert not [u for u in seen if "/words/" in u], "fetched on the start path"
    # ... but once the page is idle the service worker fetches it, so a game first opened
    # offline has it: the background copy starts once the first visit has stored Python's
    # snapshot (two minutes at most, web/boot.js) and the page is idle
    wait_for_promise(page, WORDS_IN_OFFLINE_COPY, timeout_ms=180_000)
    page.goto(server.url("/?game=tri-virsity&mode=solitaire"), wait_until="load")
    expect(page.locator("#kit-setup")).to_be_visible(timeout=60_000)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    assert page.evaluate(WORDS_IN_OFFLINE_COPY), "the offline copy lost the word index"
    server.stop()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.clearBrowserCache")  # only the service worker's cache is left
    cdp.detach()
    page.reload(wait_until="load")
    wait_ready(page)  # the setup is painted before Python is ready (pre-rendered)
    expect(page.locator("#kit-setup")).to_be_visible(timeout=60_000)
    page.wait_for_function("() => document.documentElement.dataset.tvWords !== undefined")
    ms = page.evaluate("() => document.documentElement.dataset.tvWords")
    assert ms is not None and ms != "error"


# --------------------------------------------------------------------------- on a tablet


def tablet(new_context: Any, playwright_instance: Any, width: int = 1024, height: int = 768):
    device = dict(playwright_instance.devices["Galaxy Tab S4"])
    device.pop("default_browser_type", None)
    device["viewport"] = device["screen"] = {"width": width, "height": height}
    return new_context(**device).new_page()


def tap_cards(page: Any, touch: Touch, cards: list[str], letters: str, clear: bool = True) -> None:
    """Spell by tapping the cards in order, as on a tablet (a wild asks for its letter,
    tapped too); the word box shows each letter as it comes. ``clear``: tap Clear first
    (which also lets go of a table word picked to build on)."""
    if clear:
        touch.tap(page.locator("#tv-clear"))
    expect(page.locator("#tv-type")).to_have_value("")
    for k, (code, ch) in enumerate(zip(cards, letters, strict=True), start=1):
        touch.tap(page.locator(f'#tv-hand [data-card="{code}"]'))
        if is_wild(code):
            touch.tap(page.locator(f'#tv-pick [data-letter="{ch}"]'))
            expect(page.locator("#tv-pick")).to_be_hidden()  # the letter given, the row goes
        expect(page.locator("#tv-type")).to_have_value(letters[:k])


def tap_move(page: Any, touch: Touch, m: Move) -> None:
    """Make ``m`` through the page by touch alone: words are spelled by tapping cards."""
    d = m.data
    if m.kind in ("draw", "take", "no-discard", "trivirsity", "accept"):
        button = {"draw": "#tv-draw", "take": "#tv-take", "no-discard": "#tv-nodiscard"}
        touch.tap(
            page.locator(button.get(m.kind, "#tv-tri" if m.kind == "trivirsity" else "#tv-accept"))
        )
    elif m.kind == "lay":
        tap_cards(page, touch, list(d["cards"]), d["word"])
        expect(page.locator("#tv-check")).to_have_class("tv-check is-ok")
        expect(page.locator("#tv-lay")).to_be_enabled()
        touch.tap(page.locator("#tv-lay"))
    elif m.kind == "build":
        touch.tap(page.locator("#tv-clear"))
        touch.tap(page.locator(f'#tv-words [data-word="{d["word"]}"][data-end="{d["end"]}"]'))
        tap_cards(page, touch, list(d["cards"]), d["letters"], clear=False)
        expect(page.locator("#tv-build")).to_be_enabled()
        touch.tap(page.locator("#tv-build"))
    elif m.kind == "discard":
        tap_cards(page, touch, [d], "a" if is_wild(d) else d[1].lower())  # a wild: any letter
        touch.tap(page.locator("#tv-discard"))
    elif m.kind == "claim":
        touch.tap(page.locator(f'[data-claim="{d["word"]}:{d["end"]}:{d["letter"]}"]'))
    else:
        raise AssertionError(f"no way to tap {m.kind}")


def mixed_suit_cards(hand: list[str], cards: list[str]) -> list[str] | None:
    """The word's cards with its second card swapped for a letter card of another suit."""
    suit = next(c[0] for c in cards if c[0] != "*")
    other = next((c for c in hand if c[0] not in (suit, "*") and c[1] != "*"), None)
    if other is None or len(cards) < 3 or cards[1][1] == "*":
        return None
    return [cards[0], other, *cards[2:]]


@functools.cache
def tap_seed() -> int:
    """A short two-player hand (a few turns each) in which the person lays a word of letter
    cards only while holding a letter card of another suit."""
    opts = {"players": "2", "target": "hand"}
    best = None
    for seed in range(1, 80):
        setup = make_setup("bot", seed, **opts)
        table, n = simulate(setup)
        if not table.over or n < 12 or (best is not None and n >= best[1]):
            continue  # a few turns each, the computer's too
        mirror_table = engine(setup)
        for mv in table.moves:
            if mv["seat"] == 0 and mv["kind"] == "lay":
                cards = list(mv["data"]["cards"])
                hand = mirror_table.view(0)["hand"]
                if not any(is_wild(c) for c in cards) and mixed_suit_cards(hand, cards):
                    best = (seed, n)
                break
            mirror_table.submit(mv, int(mv.get("at") or 0))
        if best is not None and best[1] <= 20:
            break
    assert best is not None, "no seed"
    return best[0]


def test_a_tablet_plays_words_by_tapping_cards(
    new_context: Any, playwright_instance: Any, site: Any
) -> None:
    """The play-test's tablet: every word is spelled by tapping cards. Cards of two suits
    tapped are refused with the engine's own reason (no green tick, Lay down disabled);
    the word in one suit names its own suit; the hand is played to its end by touch."""
    from cardroom.trivirsity.deck import SUIT_NAMES  # noqa: PLC0415
    from cardroom.web.games.trivirsity.spelling import Spelling, lay_status  # noqa: PLC0415

    page = tablet(new_context, playwright_instance)
    seed = tap_seed()
    setup = make_setup("bot", seed, players="2", target="hand")
    open_site(
        page, site, f"/?game=tri-virsity&players=2&mode=bot&target=hand&seed={seed}&autostart=1"
    )
    expect(page.locator("#tv-hand [data-card]").first).to_be_visible(timeout=30_000)
    touch = Touch(page)
    refused = False
    deadline = time.monotonic() + 3 * GAME_TIMEOUT_S  # a tap at a time, on a busy machine
    while time.monotonic() < deadline:
        moves = saved_moves(page)
        table = mirror(setup, moves)
        if table.over:
            break
        m = person_move(table)
        if m is None:
            page.wait_for_timeout(150)
            continue
        if m.kind == "lay" and not refused:
            v = table.view(0)
            cards = list(m.data["cards"])
            mixed = mixed_suit_cards(v["hand"], cards)
            if mixed is not None and not any(is_wild(c) for c in cards):
                # a wild tapped asks for its letter; once given, the letters row goes
                wild = next(c for c in v["hand"] if is_wild(c))
                touch.tap(page.locator("#tv-clear"))
                touch.tap(page.locator(f'#tv-hand [data-card="{wild}"]'))
                expect(page.locator("#tv-pick")).to_be_visible()
                touch.tap(page.locator('#tv-pick [data-letter="e"]'))
                expect(page.locator("#tv-pick")).to_be_hidden()
                expect(page.locator("#tv-type")).to_have_value("e")
                letters = "".join(c[1].lower() for c in mixed)
                tap_cards(page, touch, mixed, letters)
                want = lay_status(v, Spelling(letters, tuple(mixed), None))
                assert not want.ok and "one suit" in want.text
                expect(page.locator("#tv-check")).to_have_text(want.text)
                expect(page.locator("#tv-check")).to_have_class("tv-check is-bad")
                expect(page.locator("#tv-lay")).to_be_disabled()
                # a move sent all the same (the button forced on) is refused by the engine,
                # which says why on screen; nothing is laid
                page.evaluate("document.querySelector('#tv-lay').disabled = false")
                touch.tap(page.locator("#tv-lay"))
                why = want.text.split(": ", 1)[1]
                expect(page.locator("#tv-check")).to_have_text(f"Not done: {why}")
                expect(page.locator("#tv-check")).to_have_class("tv-check is-bad")
                assert len(saved_moves(page)) == len(moves)
                refused = True
                # the word itself, tapped in its one suit, is approved in that suit
                tap_cards(page, touch, cards, m.data["word"])
                suit = SUIT_NAMES[next(c[0] for c in cards if c[0] != "*")]
                expect(page.locator("#tv-check")).to_contain_text(f"points in {suit}.")
        tap_move(page, touch, m)
        page.wait_for_function(
            """(n) => { for (let i = 0; i < sessionStorage.length; i++) {
                  const k = sessionStorage.key(i);
                  if (k.startsWith('cardroom:game:'))
                    return JSON.parse(sessionStorage.getItem(k)).moves.length > n;
               } return false; }""",
            arg=len(moves),
        )
    else:
        raise AssertionError("the game did not end in time")
    assert refused, "no word was tried with cards of two suits"
    assert any(mv["seat"] == 0 and mv["kind"] == "lay" for mv in table.moves)
    r = table.view(0)["result"]
    headline = "tie" if r["winner"] is None else ("You win" if r["winner"] == 0 else "wins")
    check_result(page, table, headline)


@pytest.mark.parametrize(("players", "width", "height"), [(8, 1366, 768), (6, 1024, 768)])
def test_the_score_sheet_never_covers_the_hand(
    new_context: Any, playwright_instance: Any, site: Any, players: int, width: int, height: int
) -> None:
    """With 6-8 players the score sheet turns (a row per player): it keeps to its column,
    left of the hand (the play-test measured it over the hand)."""
    page = tablet(new_context, playwright_instance, width, height)
    open_site(
        page,
        site,
        f"/?game=tri-virsity&players={players}&mode=bot&target=hand&seed=3&autostart=1",
    )
    expect(page.locator("#tv-hand [data-card]").first).to_be_visible(timeout=30_000)
    boxes = page.evaluate(
        """() => Object.fromEntries(['.tv-score-table', '#tv-scores', '#tv-hand', '#tv-play',
             '.tv-builder'].map(s => { const r = document.querySelector(s)
             .getBoundingClientRect(); return [s, [r.left, r.top, r.right, r.bottom]]; }))"""
    )
    table, hand = boxes[".tv-score-table"], boxes["#tv-hand"]
    assert table[2] <= hand[0], f"score table right {table[2]} over the hand from {hand[0]}"
    for a in (".tv-score-table", "#tv-scores"):
        for b in ("#tv-play", "#tv-hand", ".tv-builder"):
            ra, rb = boxes[a], boxes[b]
            overlap = ra[0] < rb[2] and rb[0] < ra[2] and ra[1] < rb[3] and rb[1] < ra[3]
            assert not overlap, (a, ra, b, rb)
    # every player's column is on the sheet, and the page does not scroll sideways
    expect(page.locator(".tv-score-table tbody th[scope=row]")).to_have_count(players)
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@functools.cache
def crowded_table_save(players: int = 8, want: int = 11) -> tuple[str, int]:
    """A bot game of ``players`` seats played on CPython until ``want`` words or more lie
    on the table and it is the person's turn: its save, and the number of words."""
    from cardroom.web.kit.logic import WEB_GAMES, Save, TableClock, encode_save  # noqa: PLC0415

    # a save names every option the game has (as the page's own saves do)
    options = {o.name: o.default for o in WEB_GAMES["tri-virsity"].options if o.applies("bot", 0)}
    options.update(players=str(players), target="hand")
    for seed in range(1, 40):
        setup = make_setup("bot", seed, **options)
        table, now = engine(setup), 0
        for _ in range(600):
            if table.over or MATCH.between(table.state):
                break
            m = person_move(table)
            n = len(table.view(0)["words"])
            if m is not None and n >= want and table.view(0)["phase"] == "draw":
                return encode_save(Save(setup, tuple(table.moves), TableClock(0.0), {})), n
            now += 1000
            if m is not None:
                try:
                    table.submit(m.to_json(), now)
                except Exception:  # noqa: BLE001 - a claim the window closed: try another seed
                    break
            else:
                table.advance(now + 10_000)
                now += 10_000
    raise AssertionError(f"no seed gives {want} words with {players} players")


def test_every_table_word_shows_and_its_end_numbers_are_explained(
    new_context: Any, playwright_instance: Any, site: Any
) -> None:
    """Issue #41: with 8 players the table holds a dozen words. The box shows every one of
    them (it grows with the page, no scroller inside it), and the numbers at a word's ends
    are explained to sighted players: a legend under the words, a tooltip on each end. The
    table is opened once on a tablet and resized through a laptop's, a tablet's (both
    ways) and a phone's size, each checked."""
    from layout_screens import settle  # noqa: PLC0415

    save, n = crowded_table_save()
    page = tablet(new_context, playwright_instance, 1366, 768)
    open_site(page, site, "/?game=tri-virsity&players=8&mode=bot&target=hand")
    page.evaluate(
        """(save) => {
            const obj = JSON.parse(save);  // a game a few seconds old, not paused
            obj.clock.t0 = performance.timeOrigin + performance.now() - 5000;
            history.replaceState({run: 'crowded'}, '');
            sessionStorage.setItem('cardroom:game:crowded', JSON.stringify(obj));
        }""",
        save,
    )
    page.reload(wait_until="load")
    expect(page.locator("#tv-words .tv-word")).to_have_count(n, timeout=30_000)
    page.get_by_text("Game paused").wait_for(timeout=5_000)  # a resumed game waits for a tap
    page.keyboard.press("Enter")
    expect(page.get_by_text("Game paused")).to_be_hidden()
    for width, height in ((1366, 768), (768, 1024), (1024, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        where = f"{width}x{height}"
        expect(page.locator("#tv-words .tv-word")).to_have_count(n)  # the person's turn
        box = page.evaluate(
            """() => { const e = document.querySelector('#tv-words');
                return [e.scrollHeight, e.clientHeight, getComputedStyle(e).overflowY]; }"""
        )
        assert box[0] <= box[1] + 1, f"{where}: the words scroll inside their box: {box}"
        assert page.evaluate("document.documentElement.scrollWidth") <= width, where
        legend = page.locator("#tv-legend")
        expect(legend).to_be_visible()
        expect(legend).to_contain_text("letters make a new word at its front")
        assert (
            page.evaluate(
                "parseFloat(getComputedStyle(document.querySelector('#tv-legend')).fontSize)"
            )
            >= 12
        ), where
        end = page.locator("#tv-words .tv-end").first
        expect(end).to_have_attribute(
            "title", re.compile(r"^\d+ letters? fits? at the (front|back) of [A-Z]+$")
        )

"""Chummy Challenge in the browser, played as a class would: against the computer by
mouse and by keyboard, and two teams on one tablet buzzing at the same moment.

The right answers come from the engine's side, not from the page: the same seed deals
the same Challenge and Power cards (``GAME.new``), the table's dealer picks the circle
from the deal number (``dealer_pick``, R-145), and the engine's checker judges what is
typed. The page shows only the words read so far, so the test knows the question the
way a team that studied the deck would.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from browser_helpers import decline_plunge, format_violations, open_site, run_axe
from playwright.sync_api import expect

from cardroom import scoring
from cardroom.geoplunge import challenge
from cardroom.geoplunge.chummy import GAME, _colour
from cardroom.web.games.chummy.logic import BOT_SEAT, dealer_pick, engine
from cardroom.web.kit.logic import Setup

pytestmark = pytest.mark.browser

RESULT_TIMEOUT_MS = 15_000


# --------------------------------------------------------------------------- the engine's side


def question(seed: int, level: int, number: int) -> challenge.Question:
    """The question of challenge ``number`` (1-based) of deal ``seed``: used cards go to
    the bottom, so challenge n uses the n-th card of the shuffled decks."""
    s = GAME.new(seed, level=level)
    card, power = s.challenges[number - 1], s.powers[number - 1]
    colour = _colour(level, power, dealer_pick(seed, number, power, level))
    return challenge.question(card, colour)


def right_answer(q: challenge.Question) -> str:
    return ", ".join(q.printed[: q.need])


def wrong_answer(q: challenge.Question) -> str:
    for text in ("Ohio", "Juneau", "Lake Nowhere"):
        if not challenge.check(q, text).correct and q.need == 1:
            return text
    return "Nothing"


def bot_seed(level: int, start: int = 1) -> tuple[int, list[int]]:
    """A deal where the easy computer buzzes late in the first two challenges (after 3 s
    of reading), so a team that buzzes at the first word is first; with the points of
    the game won 2-0 (the computer may GeoPlunge)."""
    for seed in range(start, start + 200):
        eng = engine(Setup("chummy-challenge", level, "bot", "easy", seed))
        eng.submit({"seat": 0, "kind": "plunge", "data": False}, 100)
        ok = True
        t = 100
        for _ in range(2):
            while eng.view(0)["phase"] in ("plunge",):
                t += 100
                eng.advance(t)
            v = eng.view(0)
            eng.submit({"seat": 0, "kind": "geoplunger", "data": len(v["challenges"])}, t)
            while eng.view(0)["phase"] != "read":
                t += 100
                eng.advance(t)
            start_ms = eng.view(0)["current"]["start"]
            planned = eng.planned.get(BOT_SEAT)
            if (
                planned is not None
                and planned["kind"] == "buzz"
                and planned["at"] < start_ms + 3000
            ):
                ok = False
                break
            # play it as the page will: buzz, answer right
            n = len(v["challenges"]) + 1
            eng.submit({"seat": 0, "kind": "buzz"}, t + 50)
            t += 500
            eng.advance(t)
            eng.submit(
                {"seat": 0, "kind": "answer", "data": right_answer(question(seed, level, n))}, t
            )
        if ok and eng.over and eng.view(0)["result"]["winner"] == 0:
            return seed, eng.view(0)["result"]["points"]
    raise AssertionError("no suitable seed found")


# --------------------------------------------------------------------------- page helpers

#: A stand-in for the browser's speech synthesis with one offline voice: it records what
#: is spoken and when speech is cancelled (headless Chromium has no voice of its own).
FAKE_VOICE = """
window.__spoken = []; window.__cancelled = 0;
const synth = new EventTarget();
synth.getVoices = () => [{localService: true, lang: "en-US", name: "Test voice"}];
synth.speak = (u) => { window.__spoken.push(u.text); };
synth.cancel = () => { window.__cancelled += 1; };
Object.defineProperty(window, "speechSynthesis", {value: synth, configurable: true});
window.SpeechSynthesisUtterance = function (text) { this.text = text; };
"""


def game_url(**params: Any) -> str:
    """A deep link to the setup (the acceptance links plus a deal number)."""
    params = {"game": "chummy-challenge", **params}
    return "/?" + "&".join(f"{k}={v}" for k, v in params.items())


def expect_setup(page: Any, level: int, mode: str) -> None:
    """The deep link filled the setup in."""
    expect(page.locator(f"#kit-setup input[name=level][value='{level}']")).to_be_checked()
    expect(page.locator(f"#kit-setup input[name=mode][value={mode}]")).to_be_checked()


def assert_axe(page: Any, where: str) -> None:
    violations = run_axe(page)
    assert not violations, f"axe-core violations on the {where} screen:\n" + format_violations(
        violations
    )


def wait_phase(page: Any, phase: str, timeout: int = 10_000) -> None:
    page.wait_for_function(
        "(p) => { const g = document.querySelector('.kit-table');"
        " return g && g.dataset.phase === p; }",
        arg=phase,
        timeout=timeout,
    )


def wait_words(page: Any, seat: int, n: int = 1) -> str:
    words = page.locator(f"#ch{seat}-words")
    expect(words).to_have_text(re.compile(r"\S" + r".*\s\S" * (n - 1)), timeout=10_000)
    return str(words.inner_text())


def assert_prefix(shown: str, q: challenge.Question, strict: bool = True) -> None:
    """The page shows the first words of the question and (``strict``, just after the
    first word) not the whole of it (R-68)."""
    shown = shown.removesuffix(" …").strip()
    assert q.text.startswith(shown), (shown, q.text)
    if strict:
        assert len(shown) < len(q.text), "the whole question was shown before its time"


def tab_to(page: Any, selector: str, limit: int = 40) -> None:
    """Press Tab until ``selector`` has the focus (keyboard only)."""
    for _ in range(limit):
        if page.evaluate("(s) => !!document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def expect_points(page: Any, points: Any) -> None:
    for seat in (0, 1):
        expect(page.locator(f"[data-points='{seat}']")).to_have_text(str(points[seat]))


# --------------------------------------------------------------------------- against the computer


def test_mouse_game_against_the_computer(page: Any, site: Any) -> None:
    level = 4
    seed, points = bot_seed(level)
    open_site(page, site, game_url(level=level, mode="bot", difficulty="easy", seed=seed))
    expect_setup(page, level, "bot")
    assert_axe(page, "setup")
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".kit-plunge-q")).to_be_visible()
    assert_axe(page, "GeoPlunging prompt")
    page.locator("#ch-half-0 [data-plunge=no]").click()
    for n in (1, 2):
        wait_phase(page, "seat")
        pick = page.locator(f"#ch-half-0 [data-player='{n - 1}']")
        expect(pick).to_be_enabled()
        if n == 2:  # Player 1 took the first challenge: not again
            expect(page.locator("#ch-half-0 [data-player='0']")).to_be_disabled()
            expect(page.locator("#ch0-last")).to_contain_text("Challenge 1")
            assert_axe(page, "between challenges")
        pick.click()
        q = question(seed, level, n)
        expect(page.locator("#ch0-colour")).to_have_attribute("data-colour", q.colour)
        shown = wait_words(page, 0)
        assert_prefix(shown, q)
        if n == 1:
            assert_axe(page, "question being read")
        page.locator("#ch0-buzz").click()
        form = page.locator("#ch0-answer")
        expect(form).to_be_visible()
        heard = page.locator("#ch0-words").inner_text()
        time.sleep(0.9)
        assert page.locator("#ch0-words").inner_text() == heard  # the reading stopped
        assert_prefix(heard, q, strict=False)
        if n == 1:
            assert_axe(page, "answer")
        page.locator("#ch0-input").fill(right_answer(q))
        form.get_by_role("button", name="Answer").click()
    title = page.locator("#kit-result-title")
    expect(title).to_have_text("You win!", timeout=RESULT_TIMEOUT_MS)
    # the bar says the game is over: the last countdown ("Time to answer 27 s") is gone
    # and stays gone (play-test item 2)
    page.wait_for_timeout(1200)
    expect(page.locator("#kit-clock-label")).to_have_text("Game over")
    expect(page.locator("#kit-clock")).to_have_text("")
    expect(page.locator("#kit-count")).to_have_text("")
    expect(page.locator("#kit-status")).to_have_text("")
    expect(page.locator("[data-reason]")).to_contain_text("2-0")
    expect_points(page, points)
    expect(page.locator(".ch-challenges .ch-done")).to_have_count(2)
    first = question(seed, level, 1)
    expect(page.locator(".ch-done[data-challenge='1'] .ch-done-q")).to_have_text(first.text)
    expect(page.locator(".ch-done[data-challenge='1'] .ch-power")).to_contain_text("Power card")
    assert_axe(page, "result")


def test_keyboard_game_against_the_computer(page: Any, site: Any) -> None:
    level = 3
    seed, points = bot_seed(level, start=40)
    page.add_init_script(FAKE_VOICE)
    open_site(page, site, game_url(level=level, mode="bot", difficulty="easy", seed=seed))
    expect_setup(page, level, "bot")
    tab_to(page, "#kit-setup .kit-start")
    page.keyboard.press("Enter")
    expect(page.locator(".kit-plunge-q")).to_be_visible()
    # an offline voice exists: the switch is offered, off until turned on
    expect(page.locator("#ch0-speak")).to_be_visible()
    expect(page.locator("#ch0-speak-box")).not_to_be_checked()
    tab_to(page, "#ch0-speak-box")
    page.keyboard.press("Space")
    expect(page.locator("#ch0-speak-box")).to_be_checked()
    tab_to(page, "#ch-half-0 [data-plunge=no]")
    page.keyboard.press("Enter")
    for n in (1, 2):
        wait_phase(page, "seat")
        tab_to(page, f"#ch-half-0 [data-player='{n - 1}']")
        page.keyboard.press("Enter")
        q = question(seed, level, n)
        assert q.colour in ("red", "blue")  # Level 3 asks the square's colour
        assert_prefix(wait_words(page, 0), q)
        page.keyboard.press("a")  # the buzzer key
        expect(page.locator("#ch0-answer")).to_be_visible()
        # only words already shown were spoken, and the buzz silenced the voice
        shown = page.locator("#ch0-words").inner_text().removesuffix(" …")
        spoken = " ".join(page.evaluate("window.__spoken.splice(0)"))
        assert spoken and shown.startswith(spoken), (spoken, shown)
        assert page.evaluate("window.__cancelled") >= n
        expect(page.locator("#ch0-input")).to_be_focused()
        page.keyboard.type(right_answer(q))
        page.keyboard.press("Enter")
    expect(page.locator("#kit-result-title")).to_have_text("You win!", timeout=RESULT_TIMEOUT_MS)
    expect_points(page, points)


# --------------------------------------------------------------------------- one device, two teams


def test_two_teams_buzz_together_and_answer_secretly(new_context: Any, site: Any) -> None:
    """Both buzz within the window: each team answers behind a hand-over (R-64, R-148);
    then a finger buzzes (R-146)."""
    page = new_context(viewport={"width": 1024, "height": 768}, has_touch=True).new_page()
    level, seed = 3, 7
    open_site(page, site, game_url(level=level, mode="local", seed=seed))
    expect_setup(page, level, "local")
    page.get_by_role("button", name="Start").click()
    for seat in (1, 0):
        decline_plunge(page, page.locator(f"#ch-half-{seat} [data-plunge=no]"))
    # challenge 1: both pick, both buzz at once with the keys
    wait_phase(page, "seat")
    page.locator("#ch-half-0 [data-player='0']").click()
    page.locator("#ch-half-1 [data-player='2']").click()
    q = question(seed, level, 1)
    assert_prefix(wait_words(page, 0), q)
    assert_prefix(wait_words(page, 1), q)
    # the page never scrolls, and both buzzers are on screen (a 1024 x 768 tablet)
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")
    for seat in (0, 1):
        box = page.locator(f"#ch{seat}-buzz").bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 768, (seat, box)
    assert_axe(page, "split table")
    page.keyboard.down("a")
    page.keyboard.down("l")
    page.keyboard.up("a")
    page.keyboard.up("l")
    # both buzzed within the window: each team answers secretly, the device passed over
    handover = page.locator("#kit-handover")
    expect(handover).to_be_visible()
    expect(handover).to_contain_text("Team 1")
    expect(page.locator("#ch0-input")).to_have_count(0)  # nothing of the table meanwhile
    assert_axe(page, "hand-over")
    page.locator("#kit-reveal").click()
    expect(page.locator("#ch0-answer")).to_be_visible()
    expect(page.locator("#ch1-answer")).to_be_hidden()
    page.locator("#ch0-input").fill(right_answer(q))
    page.locator("#ch0-answer").get_by_role("button", name="Answer").click()
    expect(handover).to_be_visible()
    expect(handover).to_contain_text("Team 2")
    page.locator("#kit-reveal").click()
    expect(page.locator("#ch1-answer")).to_be_visible()
    expect(page.locator("#ch0-answer")).to_be_hidden()
    expect(page.locator("#ch1-input")).to_have_value("")  # Team 1's answer is not shown
    page.locator("#ch1-input").fill(wrong_answer(q))
    page.locator("#ch1-answer").get_by_role("button", name="Answer").click()
    # one right answer wins the challenge
    wait_phase(page, "seat")
    last = page.locator("#ch0-last")
    expect(last).to_contain_text("Both teams buzzed at once")
    expect(last).to_contain_text("only Team 1 was right")
    expect(page.locator("#ch0-score")).to_contain_text("Team 1 1 · Team 2 0")
    # challenge 2: new GeoPlungers; Team 1 buzzes with a finger
    expect(page.locator("#ch-half-0 [data-player='0']")).to_be_disabled()
    page.locator("#ch-half-0 [data-player='1']").click()
    page.locator("#ch-half-1 [data-player='0']").click()
    q2 = question(seed, level, 2)
    assert_prefix(wait_words(page, 0), q2)
    box = page.locator("#ch0-buzz").bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("#ch0-answer")).to_be_visible()
    expect(page.locator("#kit-handover")).to_be_hidden()  # a lone buzzer answers openly
    expect(page.locator("#ch1-buzz")).to_be_disabled()
    page.locator("#ch0-input").fill(right_answer(q2))
    page.keyboard.press("Enter")
    expect(page.locator("#kit-result-title")).to_have_text(
        "Team 1 wins!", timeout=RESULT_TIMEOUT_MS
    )
    expect_points(page, scoring.score(0, True, (False, False)))
    expect(page.locator(".ch-done[data-challenge='1'] .ch-answers li")).to_have_count(2)
    assert_axe(page, "result")


# --------------------------------------------------------------------------- printable cards


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_challenge_cards_print_without_clipping(page: Any, site: Any, paper: str) -> None:
    """The printed Challenge cards (R-149): 63 fronts of five questions, 63 backs with
    their answers, and no text cut off by a card's edge."""
    page.emulate_media(media="print")
    page.goto(site.url(f"/print/challenge-{paper}.html"), wait_until="load")
    expect(page.locator(".cq[data-challenge]")).to_have_count(challenge.CARDS)
    expect(page.locator(".back[data-answers]")).to_have_count(challenge.CARDS)
    clipped = page.eval_on_selector_all(
        ".cq, .back[data-answers]",
        "els => els.filter(e => e.scrollHeight > e.clientHeight + 1"
        " || e.scrollWidth > e.clientWidth + 1).map(e => e.outerHTML.slice(0, 80))",
    )
    assert not clipped, clipped
    card = challenge.printable()[16]
    back = page.locator(f".back[data-answers='{card['id']}'] li")
    expect(back).to_have_count(5)
    for i, q in enumerate(card["questions"]):
        expect(back.nth(i)).to_contain_text(q["answer"])
        expect(page.locator(f".cq[data-challenge='{card['id']}'] li").nth(i)).to_contain_text(
            q["text"]
        )


# --------------------------------------------------------------------------- a phone


def test_the_answer_box_fits_a_phone(new_context: Any, site: Any) -> None:
    """A play-test at 390x844: once buzzed, the answer box, the question and the buzzer
    stuck out of the team's panel on the right (the Answer button at the screen's edge)."""
    ctx = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    seed, _ = bot_seed(4)
    open_site(page, site, game_url(level=4, mode="bot", difficulty="easy", seed=seed))
    page.get_by_role("button", name="Start").tap()
    page.locator("#ch-half-0 [data-plunge=no]").tap()
    wait_phase(page, "seat")
    page.locator("#ch-half-0 [data-player='0']").tap()
    wait_words(page, 0)
    page.locator("#ch0-buzz").tap()
    expect(page.locator("#ch0-answer")).to_be_visible()
    sticking_out = page.evaluate(
        """() => {
            const half = document.querySelector('#ch-half-0').getBoundingClientRect();
            return ['#ch0-question', '#ch0-buzz', '#ch0-answer', '#ch0-answer button']
              .map(s => [s, document.querySelector(s).getBoundingClientRect().right])
              .filter(([s, r]) => r > half.right - 1);
        }"""
    )
    assert not sticking_out, f"wider than the panel ({page.viewport_size}): {sticking_out}"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")

"""The match screen in the browser (R-170..R-174): a whole Combo 4 match between two
computer teams on a shortened round clock, a pass-and-play link with a 3-minute clock, a
reload mid-match, and axe scans of the setup, a game, the screen between games and the
result.

Every figure the page shows is checked against the match engine on CPython: the saved
match record (``sessionStorage``) is replayed with :meth:`Match.from_json` and must give
the points, games and result the page shows; the result code must be the one the
director's desk accepts for those points.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from browser_helpers import decline_plunge, format_violations, open_site, run_axe
from playwright.sync_api import expect

from cardroom.match import Match
from cardroom.web.kit.logic import SAVE_PREFIX, Save, decode_save
from cardroom.web.match.logic import mmss, round_left_ms

pytestmark = pytest.mark.browser

#: Combo 4, a Call round, watched, on the shortest round clock (1 minute) with the hard
#: computer: the computer teams call State IQ, Play the Ranks and Chummy Challenge. State
#: IQ is played in real time (its teams take their thinking time, R-243: at hard 2-5.5 s
#: a guess, so it ends 5-5 with about 20 s of the round left; at medium the clock stops
#: it unscored) and Play the Ranks after it; the clock stops Chummy Challenge.
WATCH = "/?match=combo4&kind=call&mode=watch&minutes=1&difficulty=hard&seed=11"


def axe_clean(page: Any, what: str) -> None:
    violations = run_axe(page)
    assert not violations, f"{what}: {format_violations(violations)}"


def stored_one(page: Any, prefix: str, what: str) -> str:
    """The one ``sessionStorage`` entry whose key starts with ``prefix``."""
    raw = page.evaluate(
        """(prefix) => Object.keys(sessionStorage).filter(k => k.startsWith(prefix))
                 .map(k => sessionStorage.getItem(k))""",
        prefix,
    )
    assert len(raw) == 1, f"expected one saved {what}, found {len(raw)}"
    return str(raw[0])


def saved_match(page: Any) -> Match:
    """The match record the page keeps, replayed on CPython."""
    return Match.from_json(json.loads(stored_one(page, "cardroom:match:", "match"))["match"])


#: Press Pause 30 ms after the round clock passes a second (``base`` less the wall clock
#: is what is left of the round), keeping the page busy from before that second until
#: the press: no tick can show the new second first. Returns the clock shown after it.
PAUSE_AS_A_SECOND_PASSES = """(base) => new Promise(done => {
  const wall = () => performance.timeOrigin + performance.now();
  const plan = () => {
    const at = base - 1000 * Math.floor((base - wall()) / 1000);
    if (at - wall() < 100) { setTimeout(plan, 150); return; }
    setTimeout(() => {
      if (wall() > at - 20) { plan(); return; }  // the timer came late: the next second
      while (wall() < at + 30) { /* the page does nothing else */ }
      document.querySelector('#kit-pause').click();
      done(document.querySelector('#mt-clock').textContent);
    }, Math.max(0, at - wall() - 250));
  };
  plan();
})"""


def saved_game(page: Any) -> Save:
    """The match's one saved game."""
    save = decode_save(stored_one(page, SAVE_PREFIX, "game"))
    assert save is not None
    return save


def round_left_base(page: Any) -> float:
    """The wall time at which the round clock would run out if the game ran on."""
    m, clock = saved_match(page), saved_game(page).clock
    assert not clock.paused
    return m.limit_ms - m.elapsed_ms + clock.t0 + clock.paused_ms


def saved_game_ms(page: Any) -> int:
    """The game time of the match's one saved game, paused, from its saved clock."""
    clock = saved_game(page).clock
    assert clock.paused_at is not None
    return clock.now(clock.paused_at)


def shown_points(page: Any) -> tuple[int, int]:
    return (
        int(page.locator('[data-mpoints="0"]').inner_text()),
        int(page.locator('[data-mpoints="1"]').inner_text()),
    )


def clock_seconds(page: Any) -> int:
    m, s = page.locator("#mt-clock").inner_text().split(":")
    return int(m) * 60 + int(s)


def test_a_whole_computer_match_to_its_result_code(page: Any, site: Any) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_site(page, site, WATCH)
    expect(page.locator("#mt-setup")).to_be_visible()
    expect(page.locator("#mt-minutes")).to_have_value("1")
    expect(page.locator("#mt-difficulty input[value=hard]")).to_be_checked()
    expect(page.locator("input[name=mode][value=watch]")).to_be_checked()
    expect(page.locator("input[name=kind][value=call]")).to_be_checked()
    axe_clean(page, "match setup")
    page.get_by_role("button", name="Start").click()
    # the computer teams call their games at once: the screen between games shows them
    expect(page.locator("#mt-between-h")).to_be_visible()
    expect(page.locator(".mt-between")).to_contain_text("The games picked")
    axe_clean(page, "between games")
    # the first game is up on its own screen, with the round clock over it
    expect(page.locator(".mt-game .kit-table")).to_be_visible(timeout=10_000)
    assert clock_seconds(page) <= 60
    # only the called games are played: the bar counts those (a play-test)
    expect(page.locator("#mt-up")).to_have_text(re.compile(r"Game \d: .+ \(\d of [234] called\)"))
    axe_clean(page, "a game of the match")
    # once a game has scored, a reload resumes the match with the same games and points
    page.wait_for_function(
        "() => document.querySelectorAll('#mt-played li').length >= 1"
        " && document.querySelector('[data-mpoints=\"0\"]').textContent !== '0'",
        timeout=120_000,
    )
    m = saved_match(page)
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.ready === '1'")
    again = saved_match(page)
    assert again.to_json()["played"][: len(m.played)] == m.to_json()["played"]
    assert shown_points(page) == again.points()
    assert page.locator("#mt-played li").count() == len(again.playing)
    resume = page.locator("#kit-resume")
    if resume.is_visible():  # a game in progress waits, paused
        expect(page.locator("#kit-paused-why")).to_have_text("Paused while you were away.")
        resume.click()
    result = page.locator("#mt-result-h")
    expect(result).to_be_visible(timeout=200_000)
    m = saved_match(page)
    assert m.over
    a, b = m.points()
    assert shown_points(page) == (a, b)
    assert page.locator("[data-total='0']").inner_text() == str(a)
    assert page.locator("[data-total='1']").inner_text() == str(b)
    rows = page.locator(".mt-games tbody tr")
    assert rows.count() == len(m.playing)
    for i, p in enumerate(m.playing):
        cells = rows.nth(i).locator("td")
        assert (int(cells.nth(0).inner_text()), int(cells.nth(1).inner_text())) == p.points
    w = m.winner()
    expect(result).to_have_text(
        "The match is a tie" if w is None else f"Team {w + 1} wins the match!"
    )
    assert m.playing[-1].timed_out  # the round clock stopped the last game
    expect(page.locator(".mt-result")).to_contain_text("ends without points")
    # the result code for the director: a real tournament's code, round and teams
    form = page.locator("#mt-code-form")
    form.locator("input[name=tcode]").fill("x")
    form.get_by_role("button", name="Show the code").click()
    expect(page.locator("#mt-code-error")).to_contain_text("two digits")
    form.locator("input[name=tcode]").fill("42")
    form.locator("input[name=round]").fill("2")
    form.locator("input[name=a]").fill("3")
    form.locator("input[name=b]").fill("1")
    form.get_by_role("button", name="Show the code").click()
    code = page.locator("[data-code]").inner_text()
    assert re.fullmatch(r"\d{4}-\d{4}-\d{4}-\d{3}", code)
    qr = page.locator("#mt-code-out svg.qr")
    expect(qr).to_be_visible(timeout=20_000)
    assert qr.get_attribute("data-qr") == code
    assert qr.get_attribute("aria-label")
    digits = code.replace("-", "")
    assert (int(digits[:2]), int(digits[2:4]), int(digits[4:6]), int(digits[6:8])) == (42, 2, 3, 1)
    assert (int(digits[8:11]), int(digits[11:14])) == (a, b)
    axe_clean(page, "match result with its code")


def test_a_pass_and_play_link_with_a_short_clock_and_a_reload(page: Any, site: Any) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    open_site(page, site, "/?match=combo2&mode=local&minutes=3&seed=5")
    expect(page.locator("#mt-minutes")).to_have_value("3")
    expect(page.locator("input[name=mode][value=local]")).to_be_checked()
    expect(page.locator("input[name=combo][value='2']")).to_be_checked()
    expect(page.locator("#mt-difficulty")).to_be_hidden()
    assert page.locator(".kit-table").count() == 0  # nothing runs until Start
    page.locator("#mt-seed").press("Enter")  # the keyboard starts it too
    expect(page.locator(".mt-game .bu-game")).to_be_visible()
    expect(page.locator("#mt-up")).to_have_text("Game 1 of 4: Border-Up")
    assert clock_seconds(page) <= 180
    assert shown_points(page) == (0, 0)
    # both teams answer "Are you GeoPlunging?" on their halves: the cards are dealt
    for seat in (0, 1):
        decline_plunge(page, page.locator(f"#bu-half-{seat} [data-plunge=no]"))
    expect(page.locator("#bu-half-0 [data-card]").first).to_be_visible(timeout=10_000)
    page.wait_for_timeout(1200)
    before = clock_seconds(page)
    assert before < 180  # the round clock runs with the game's
    hand = page.locator("#bu-half-0 [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card).sort()"
    )
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.ready === '1'")
    # the same game of the same match, paused while the page was away
    expect(page.locator("#kit-paused-why")).to_have_text("Paused while you were away.")
    expect(page.locator("#mt-up")).to_have_text("Game 1 of 4: Border-Up")
    assert abs(clock_seconds(page) - before) <= 2
    axe_clean(page, "a paused game of the match")
    page.locator("#kit-resume").click()
    again = page.locator("#bu-half-0 [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card).sort()"
    )
    assert again == hand
    # Back asks before leaving the match
    page.go_back()
    expect(page.locator("#kit-leave-h")).to_have_text("Leave this match?")
    page.locator('[data-leave="stay"]').click()
    expect(page.locator("#kit-leave")).to_be_hidden()
    m = saved_match(page)
    assert (m.combo, m.kind, m.limit_ms, m.seed) == (2, "morning", 180_000, 5)
    # Pause stops the round clock with the game's
    # pressed just after the round clock passes a second, when no tick has shown it
    paused = page.evaluate(PAUSE_AS_A_SECOND_PASSES, round_left_base(page))
    expect(page.locator("#kit-paused-h")).to_be_visible()
    # the clock shows at once the time it stopped at, not the time of its last tick
    assert paused == mmss(round_left_ms(saved_match(page), saved_game_ms(page)))
    assert paused == page.locator("#mt-clock").inner_text()
    page.wait_for_timeout(1200)
    assert page.locator("#mt-clock").inner_text() == paused
    page.locator("#kit-resume").click()
    # leaving for good: back to the match's setup, and the match is no longer kept
    page.go_back()
    page.locator('[data-leave="go"]').click()
    expect(page.locator("#mt-setup")).to_be_visible()
    expect(page.locator("#mt-minutes")).to_have_value("3")
    kept = page.evaluate(
        "() => Object.keys(sessionStorage).filter(k => k.startsWith('cardroom:match:')).length"
    )
    assert kept == 0


def test_bad_links_and_the_setup_form(page: Any, site: Any) -> None:
    # the invalid links say what is wrong and open the setup
    open_site(page, site, "/?match=combo7&kind=noon&minutes=99")
    problems = page.locator("#link-problems")
    expect(problems).to_contain_text("“combo7” is not a match")
    expect(problems).to_contain_text("“noon” is not a kind")
    expect(problems).to_contain_text("from 1 to 60")
    expect(page.locator("#mt-setup")).to_be_visible()
    # the setup offers the Combo's own kinds of round, each with its own clock
    expect(page.locator("input[name=kind][value=all]")).to_be_checked()
    expect(page.locator("label[data-combos='2 3']").first).to_be_hidden()
    page.locator("input[name=combo][value='3']").check()
    expect(page.locator("input[name=kind][value=morning]")).to_be_checked()
    expect(page.locator("label[data-combos='4']").first).to_be_hidden()
    page.locator("input[name=kind][value=afternoon]").check()
    expect(page.locator("#mt-minutes")).to_have_value("12")
    page.locator("#mt-minutes").fill("0")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#mt-setup-error")).to_contain_text("from 1 to 60")


def test_secret_calls_pass_the_device_between_the_teams(new_context: Any, site: Any) -> None:
    ctx = new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    open_site(page, site, "/?match=combo4&kind=call&mode=local&minutes=1&seed=4&autostart=1")
    # Team 1's call, by keyboard, behind the hand-over screen
    expect(page.locator("#kit-ho-h")).to_have_text("Pass the device to Team 1")
    assert page.locator("input[name=call]").count() == 0
    page.locator("#kit-reveal").press("Enter")
    expect(page.locator("#mt-pick-h")).to_have_text("Team 1: call two games")
    axe_clean(page, "a secret call")
    page.locator("[data-call]").click()
    expect(page.locator("#mt-call-error")).to_have_text("Call exactly two games.")
    page.locator("input[name=call][value='2']").focus()
    page.keyboard.press("Space")
    page.locator("input[name=call][value='5']").focus()
    page.keyboard.press("Space")
    page.locator("[data-call]").focus()
    page.keyboard.press("Enter")
    # Team 2's turn: nothing of Team 1's call is in the page
    expect(page.locator("#kit-ho-h")).to_have_text("Pass the device to Team 2")
    assert page.locator("input[name=call]").count() == 0
    assert "Game 5" not in page.locator("#mt-stage").inner_text()
    page.locator("#kit-reveal").tap()
    expect(page.locator("#mt-pick-h")).to_have_text("Team 2: call two games")
    assert page.locator("input[name=call]:checked").count() == 0
    page.locator("input[name=call][value='1']").tap()
    page.locator("input[name=call][value='2']").tap()
    page.locator("[data-call]").tap()
    between = page.locator(".mt-between")
    expect(between).to_contain_text(
        "The games picked, in turn: Game 1: Border-Up, Game 2: State IQ, Game 5: Chummy Challenge."
    )
    expect(between).to_contain_text(
        "Border-Up comes first: the games the teams called are played in the Combo's order."
    )
    m = saved_match(page)
    assert m.order == (1, 2, 5)
    page.locator("#mt-continue").tap()
    expect(page.locator("#mt-up")).to_have_text("Game 1: Border-Up (1 of 3 called)")
    expect(page.locator(".mt-game .bu-game")).to_be_visible()


def test_against_the_computer_the_computer_calls_unseen(page: Any, site: Any) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_site(page, site, "/?match=combo4&mode=bot&kind=call&minutes=2&seed=4")
    expect(page.locator("input[name=mode][value=bot]")).to_be_checked()
    page.get_by_role("button", name="Start").click()
    # no hand-over against the computer: your call, the computer's already made, unseen
    expect(page.locator("#mt-pick-h")).to_have_text("You: call two games")
    page.locator("input[name=call][value='3']").check()
    page.locator("input[name=call][value='4']").check()
    page.locator("[data-call]").click()
    between = page.locator(".mt-between")
    expect(between).to_contain_text("The games picked, in turn:")
    m = saved_match(page)
    assert 3 in m.order and 4 in m.order and m.played[0].moves
    first = m.up()
    expect(page.locator("#mt-between-h")).to_contain_text(f"Game {first.number}: ")
    page.locator("#mt-continue").press("Enter")
    expect(page.locator("#mt-score")).to_contain_text("You 0 · The computer 0")
    expect(page.locator(".mt-game .kit-table")).to_be_visible()
    assert page.locator("#kit-share").is_hidden()
    # the page fits a laptop screen without scrolling
    assert page.evaluate("() => document.documentElement.scrollHeight <= innerHeight + 1")


def test_the_afternoon_pick_on_one_device(page: Any, site: Any) -> None:
    open_site(page, site, "/?match=combo3&kind=afternoon&mode=local&minutes=2&seed=2&autostart=1")
    # seed 2: Team 1 drew New York (state no. 11), Team 2 Florida (no. 27): Team 1 first
    pick = page.locator(".mt-pick")
    expect(pick).to_contain_text("Team 1 drew New York (state no. 11)")
    expect(pick).to_contain_text("Team 1: your state joined the Union first")
    assert page.locator('[data-team="1"]').count() == 0  # Team 2 waits its turn
    axe_clean(page, "the afternoon pick")
    page.locator('[data-choose="5"][data-team="0"]').click()
    expect(pick).to_contain_text("Team 1 picked Game 5: Chummy Challenge.")
    expect(page.locator('[data-choose="5"][data-team="1"]')).to_be_disabled()
    page.locator('[data-choose="3"][data-team="1"]').click()
    expect(page.locator(".mt-between")).to_contain_text(
        "The games picked, in turn: Game 5: Chummy Challenge, Game 3: Dashing States."
    )
    assert saved_match(page).order == (5, 3)
    expect(page.locator("#mt-between-h")).to_have_text("Game 5: Chummy Challenge")
    # between games, Back asks too (the match's own question: no game is on the table)
    page.go_back()
    leave = page.locator("#mt-leave")
    expect(leave).to_be_visible()
    expect(page.locator("#mt-leave-h")).to_have_text("Leave this match?")
    axe_clean(page, "leave this match?")
    page.locator('[data-mleave="stay"]').click()
    expect(leave).to_be_hidden()
    expect(page.locator("#mt-continue")).to_be_visible()

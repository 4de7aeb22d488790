"""The trick games in the browser: Play the Ranks and Play the Border Zap, each played to
the end by mouse and by keyboard (and by touch), against the computer and two teams on one
device with the hand-over screen.

The page is played as a person would: a card, then a category and a base (or a Power
card), then the play button. What the page shows is checked against the engine on the
CPython side: the game's moves (from its save) are replayed from the same seed, and every
trick's one-line explanation, the trick count and the winner must be the engine's (R-141).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from browser_helpers import format_violations, open_site, run_axe, wait_ready
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from cardroom.core import Move
from cardroom.geoplunge.tricks.ranks import GAME as RANKS
from cardroom.geoplunge.tricks.zap import GAME as ZAP
from cardroom.web.games.tricks.logic import trick_line

pytestmark = pytest.mark.browser

GAMES = {"play-the-ranks": RANKS, "border-zap": ZAP}
TURN_TIMEOUT_S = 30


def game_url(game: str, **params: Any) -> str:
    query = "&".join(f"{k}={v}" for k, v in {"game": game, **params, "autostart": 1}.items())
    return f"/?{query}"


def axe_clean(page: Any, where: str) -> None:
    violations = run_axe(page)
    assert not violations, f"{where}: {format_violations(violations)}"


class Player:
    """Plays whatever the page asks, through one kind of input."""

    def __init__(self, page: Any, how: str, roles: tuple[str, ...] = ()) -> None:
        self.page = page
        self.roles = list(roles)  # the Level 4 dialogue's buttons, in order
        self.how = how
        self.forced_seen = 0
        self.handovers = 0
        self.hidden_checks = 0
        self.clean_starts = 0

    def press(self, loc: Any) -> None:
        loc = loc.first
        expect(loc).to_be_enabled()
        if self.how == "mouse":
            loc.click()
        elif self.how == "keyboard":
            loc.focus()
            self.page.keyboard.press("Enter")
        else:
            loc.scroll_into_view_if_needed()
            box = loc.bounding_box()
            self.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def pick_card(self, game: Any) -> None:
        cards = game.locator("button.tr-card:not([disabled])")
        if self.how == "keyboard" and cards.count() > 1:
            # along the hand with the arrow keys, then Space picks
            cards.first.focus()
            self.page.keyboard.press("ArrowRight")
            focused = self.page.evaluate("document.activeElement.dataset.card")
            assert focused == cards.nth(1).get_attribute("data-card"), "arrow keys move along"
            self.page.keyboard.press("Space")
            expect(game.locator(f'button.tr-card[data-card="{focused}"]')).to_have_attribute(
                "aria-pressed", "true"
            )
            return
        self.press(cards)
        expect(game.locator('button.tr-card[aria-pressed="true"]')).to_have_count(1)

    def turn(self, plunge: bool = False, pull: bool = False) -> None:
        page = self.page
        game = page.locator(".tr-game")
        phase = game.get_attribute("data-phase")
        choices = game.locator(".tr-choices")
        if phase == "role" and self.roles:
            self.press(choices.get_by_role("button", name=self.roles.pop(0), exact=True))
        elif phase in ("role", "arrange"):
            self.press(choices.locator("[data-autofocus]"))
        elif phase in ("pull", "plunge"):
            want = plunge if phase == "plunge" else pull
            self.press(choices.locator(f'[data-json="{json.dumps(want)}"]'))
        elif phase in ("discard", "trade1", "trade2"):
            self.pick_card(game)
            self.press(choices.locator("[data-act=move]"))
        elif phase == "play":
            self.play(game, choices)

    def play(self, game: Any, choices: Any) -> None:
        # each lead and each play starts clean: nothing of the last one still pressed
        stale = choices.locator("[data-act=sel][aria-pressed=true]:not([disabled])")
        assert stale.count() == 0, f"still pressed: {stale.all_inner_texts()}"
        assert game.locator('button.tr-card[aria-pressed="true"]').count() == 0
        self.clean_starts += 1
        self.pick_card(game)
        go = choices.locator("[data-act=move]")
        prompt = game.locator("#tr-prompt").inner_text()
        if "must play a Power card" in prompt:
            self.forced_seen += 1
            cat = choices.locator('[aria-label="Category"] button')
            if cat.count():
                self.press(cat)
            expect(go).to_be_disabled()  # no play without a Power card
            self.press(choices.locator('[data-name="power"]'))
        cats = choices.locator('[aria-label="Category"] button:not([disabled])')
        if cats.count() and not choices.locator('[data-name="power"][aria-pressed=true]').count():
            self.press(cats)
        bases = choices.locator('[aria-label="Base"] button:not([disabled])')
        if bases.count():
            self.press(bases.last)
        self.press(go)

    def play_to_end(self, *, local: bool, plunge: bool = False, pull: bool = False) -> None:
        page = self.page
        deadline = time.monotonic() + 150
        while time.monotonic() < deadline:
            if page.locator(".kit-result").count():
                return
            handover = page.locator("#kit-handover:not([hidden]) #kit-reveal")
            if handover.count():
                # nothing of either hand is in the page behind the hand-over screen
                assert page.locator("#kit-area .tr-card").count() == 0
                self.handovers += 1
                self.press(handover)
                continue
            mine = page.locator('.tr-game[data-turn="mine"]')
            if mine.count():
                self.check_hidden_lead()
                self.turn(plunge, pull)
                continue
            page.wait_for_timeout(150)
        raise AssertionError("the game did not end in time")

    def check_hidden_lead(self) -> None:
        """At Level 4 the other team sees the lead's GeoStar, never its card (R-46)."""
        lead = self.page.locator(".tr-facedown")
        if not lead.count():
            return
        game = self.page.locator(".tr-game")
        if game.get_attribute("data-phase") != "play":
            return
        code = lead.get_attribute("data-lead-card")
        ann = self.page.locator("[data-announce]").inner_text()
        if "GeoStar" in ann:
            assert code == "", "the face-down lead card reached the other team's page"
            self.hidden_checks += 1


def saved_moves(page: Any) -> list[dict[str, Any]]:
    raw = page.evaluate(
        """() => { for (let i = 0; i < sessionStorage.length; i++) {
              const k = sessionStorage.key(i);
              if (k.startsWith('cardroom:game:')) return sessionStorage.getItem(k);
           } return null; }"""
    )
    return json.loads(raw)["moves"]


def check_result(page: Any, slug: str, seed: int, opts: dict[str, Any], teams: list[str]) -> Any:
    """Replay the page's moves on CPython: the trick lines, count and winner must match."""
    game = GAMES[slug]
    s = game.new(seed, **opts)
    for m in saved_moves(page):
        s = game.apply(s, Move.from_json(m))
    assert game.is_over(s)
    v = game.view(s, -1)
    lines = page.locator(".tr-result-log li").all_inner_texts()
    expected = [
        trick_line(i, t, teams, slug == "border-zap")
        for i, t in enumerate(x for x in v["tricks"] if x["winner"] is not None)
    ]
    assert lines == expected
    assert lines and "won." in lines[0]
    winner = v["result"]["winner"]
    expect(page.locator(".kit-result")).to_have_attribute(
        "data-winner", "tie" if winner is None else str(winner)
    )
    for t in (0, 1):
        expect(page.locator(f"[data-points='{t}']")).to_have_text(str(v["result"]["points"][t]))
    return v


# --------------------------------------------------------------------------- the games


def test_ranks_level2_against_the_computer_by_mouse(page: Any, site: Any) -> None:
    seed = 11
    open_site(page, site, "/?game=play-the-ranks&level=2&mode=bot&difficulty=easy")
    expect(page.locator("#kit-setup")).to_be_visible()
    axe_clean(page, "setup")
    page.locator("#kit-seed").fill(str(seed))
    page.locator("#kit-setup .kit-start").click()
    expect(page.locator(".tr-game")).to_be_visible()
    p = Player(page, "mouse")
    # play until the first trick is shown, scan the table with a trick on it
    deadline = time.monotonic() + 60
    while not page.locator("[data-last-trick]").count() and time.monotonic() < deadline:
        if page.locator('.tr-game[data-turn="mine"]').count():
            p.turn()
        else:
            page.wait_for_timeout(150)
    line = page.locator("[data-last-trick]").inner_text()
    assert line.startswith("Trick 1:") and (" beats " in line or "below the base" in line)
    axe_clean(page, "the table with a trick")
    p.play_to_end(local=False)
    check_result(page, "play-the-ranks", seed, {"level": 2}, ["You", "The computer"])
    axe_clean(page, "the result")


def test_ranks_level4_ptr2_two_teams_by_keyboard(page: Any, site: Any) -> None:
    seed = 3
    open_site(page, site, game_url("play-the-ranks", level=4, version="ptr2", mode="local",
                                   seed=seed))  # fmt: skip
    expect(page.locator("#kit-handover #kit-reveal")).to_be_visible()
    assert page.locator("#kit-area .tr-card").count() == 0
    axe_clean(page, "the hand-over screen")
    # Team 1 calls, Team 2 Ups the BUR to 4, Team 1 stays the Call Team
    p = Player(page, "keyboard", roles=("Call Team", "Up the BUR to 4", "Call Team"))
    p.press(page.locator("#kit-reveal"))
    expect(page.locator(".tr-game [data-kind=role]").first).to_be_visible()
    axe_clean(page, "Cards or Call")
    p.play_to_end(local=True, plunge=True, pull=False)
    v = check_result(
        page, "play-the-ranks", seed, {"level": 4, "version": "ptr2"}, ["Team 1", "Team 2"]
    )
    assert p.handovers >= 3
    assert p.hidden_checks >= 1, "no face-down GeoStar lead was checked"
    assert v["pulled"] is None and not p.roles
    assert v["call_team"] == v["first_lead"] and len(v["bur"]) == 4
    # every Power card was played: the forced plays came when tricks left = Power cards left
    if len([t for t in v["tricks"] if t["winner"] is not None]) == 8:
        assert v["power_counts"] == [0, 0]
    axe_clean(page, "the result")


def test_zap_level3_against_the_computer_by_keyboard(page: Any, site: Any) -> None:
    seed = 21
    open_site(page, site, game_url("border-zap", level=3, mode="bot", difficulty="medium",
                                   seed=seed))  # fmt: skip
    p = Player(page, "keyboard")
    expect(page.locator(".tr-game")).to_be_visible()
    p.play_to_end(local=False)
    check_result(page, "border-zap", seed, {"level": 3}, ["You", "The computer"])
    assert page.locator(".tr-result-log li").first.inner_text().count("zap") >= 1


def test_space_held_on_a_card_while_the_computer_moves(page: Any, site: Any) -> None:
    """A Space press on a card is never lost to a redraw. In Border Zap's trades and
    discard both teams choose at once, and the computer's choice lands (400 ms after the
    last move) while the player is choosing: the hand is drawn anew, the focus put back
    on the same card. A key held across that redraw (its keydown on the old button, its
    keyup on the new one) still picks the card, and the focus stays on it."""
    open_site(page, site, game_url("border-zap", level=3, mode="bot", difficulty="medium",
                                   seed=21))  # fmt: skip
    game = page.locator(".tr-game")
    p = Player(page, "keyboard")
    held_across = 0
    for phase in ("trade1", "trade2", "discard"):
        expect(page.locator(f'.tr-game[data-phase="{phase}"][data-turn="mine"]')).to_have_count(1)
        card = game.locator("button.tr-card:not([disabled])").first
        code = card.get_attribute("data-card")
        card.focus()
        page.evaluate("window.__held = document.activeElement")
        page.keyboard.down(" ")
        try:  # the computer's choice draws the hand anew while the key is down
            page.wait_for_function("() => !window.__held.isConnected", timeout=3000)
            held_across += 1
        except PlaywrightError:
            pass  # it came before the keydown: this press is an ordinary one
        page.keyboard.up(" ")
        picked = game.locator(f'button.tr-card[data-card="{code}"]')
        expect(picked).to_have_attribute("aria-pressed", "true")
        expect(picked).to_be_focused()
        p.press(game.locator(".tr-choices [data-act=move]"))
    assert held_across >= 1, "the computer never moved while Space was held"


def test_zap_level4_two_teams_by_mouse_and_touch(new_context: Any, site: Any) -> None:
    ctx = new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    seed = 8
    open_site(page, site, game_url("border-zap", level=4, mode="local", seed=seed))
    p = Player(page, "touch")
    p.press(page.locator("#kit-reveal"))
    # the first trade by touch: secret until both teams have chosen
    p.turn()
    expect(page.locator("#kit-handover #kit-reveal")).to_be_visible()
    p.press(page.locator("#kit-reveal"))
    assert "gave" not in page.locator(".tr-public").inner_text()
    p.turn()
    p.how = "mouse"
    p.play_to_end(local=True)
    v = check_result(page, "border-zap", seed, {"level": 4}, ["Team 1", "Team 2"])
    assert len(v["trades"]) == 2


def test_ranks_ptr2_by_touch_each_lead_starts_clean(new_context: Any, site: Any) -> None:
    # The play-test: the last lead's category still pressed on the next lead, and Team
    # 2's first lead with Team 1's "Base 50" pressed. A finger's tap acts on pointerup and
    # draws the next turn; the tap's own click then landed on the button now under the
    # finger (a category, a base) and pressed it.
    ctx = new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    open_site(page, site, game_url("play-the-ranks", level=3, version="ptr2", mode="local",
                                   seed=7))  # fmt: skip
    p = Player(page, "touch")
    p.play_to_end(local=True)
    check_result(page, "play-the-ranks", 7, {"level": 3, "version": "ptr2"}, ["Team 1", "Team 2"])
    assert p.clean_starts >= 8


# --------------------------------------------------------------------------- the result


def open_saved(page: Any, site: Any, slug: str, level: int, seed: int, moves: Any) -> None:
    """Open a two-team game with ``moves`` played (by the bots on CPython), saved as the
    page saves a game and reopened by a reload (as after a refresh)."""
    from cardroom.web.games.registry import Setup
    from cardroom.web.kit.logic import Save, TableClock, encode_save

    options = (("version", "ptr2"),) if slug == "play-the-ranks" and level > 2 else ()
    setup = Setup(slug, level, "local", "medium", seed, options)
    save = encode_save(Save(setup, tuple(m.to_json() for m in moves), TableClock(0.0), {}))
    open_site(page, site, game_url(slug, level=level, mode="local", seed=seed))
    page.evaluate(
        """(save) => { history.replaceState({run: 'saved1'}, '');
                       sessionStorage.setItem('cardroom:game:saved1', save); }""",
        save,
    )
    page.reload(wait_until="load")
    wait_ready(page)


def finished_game(page: Any, site: Any, slug: str, level: int, seed: int) -> None:
    """A finished two-team game, its whole deal played by the bots."""
    from cardroom.geoplunge.tricks.simulate import play_game as play

    options = {"version": "ptr2"} if slug == "play-the-ranks" and level > 2 else {}
    _, moves = play(GAMES[slug], seed, {"level": level, **options}, ["medium"] * 2)
    open_saved(page, site, slug, level, seed, moves)
    expect(page.locator(".kit-result .tr-result-log li").first).to_be_visible()


RESULT_LAYOUT = """() => {
  const box = (e) => e.getBoundingClientRect();
  const res = document.querySelector('.kit-result');
  const style = getComputedStyle(res);
  const tracks = style.gridTemplateColumns.split(' ').map(parseFloat);
  const gap = parseFloat(style.columnGap) || 0;
  const left = box(res).left + parseFloat(style.paddingLeft || 0);
  const starts = tracks.map((_, i) => left + tracks.slice(0, i).reduce((a, b) => a + b + gap, 0));
  const kids = [...res.children].filter((c) => box(c).width > 0).map((c) => box(c).left);
  return {
    tracks, empty: starts.filter((x) => !kids.some((k) => Math.abs(k - x) < 2)).length,
    buttons: [...res.querySelectorAll('.kit-result-actions button')].map((b) => box(b).height),
    points: box(res.querySelector('.kit-points')).top,
    pointsHead: box(res.querySelector('#kit-points-h')).bottom,
    scrollY: window.scrollY,
  };
}"""


@pytest.mark.parametrize(
    ("slug", "level", "seed"), [("border-zap", 3, 5), ("play-the-ranks", 4, 5)]
)
def test_the_result_screen_fits(page: Any, site: Any, slug: str, level: int, seed: int) -> None:
    # The play-test: a grid of two columns and one child (the right one empty), the
    # three buttons 261 px tall at 1366x768 and 395 px at 1024x768, the Points panel
    # below the fold.
    finished_game(page, site, slug, level, seed)
    for width, height in ((1366, 768), (1024, 768), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(100)
        m = page.evaluate(RESULT_LAYOUT)
        where = f"{slug} at {width}x{height}: {m}"
        assert len(m["buttons"]) == 3 and all(h < 60 for h in m["buttons"]), where
        assert m["empty"] == 0, where
        if width >= 1024:
            assert len(m["tracks"]) == 2, where  # the tricks beside the points
            assert m["pointsHead"] < height, where
        assert m["points"] < height, where
    axe_clean(page, "the result")


def test_border_zap_cards_list_their_border_states(page: Any, site: Any) -> None:
    # The play-test: the cards said only "N border states"; the printed card lists them,
    # and that list is where a team finds a zap. Level 4's discard: 8 cards in hand.
    from cardroom import atlas
    from cardroom.core import bot_context
    from cardroom.geoplunge.tricks.bots import make_bot

    seed, s, moves = 5, ZAP.new(5, level=4), []
    bot, rng = make_bot("medium"), random.Random(1)
    while s.phase != "discard":
        m = bot.choose(bot_context(ZAP, s, min(ZAP.to_move(s)), rng))
        s, moves = ZAP.apply(s, m), [*moves, m]
    open_saved(page, site, "border-zap", 4, seed, moves)
    reveal = page.locator("#kit-handover:not([hidden]) #kit-reveal")
    reveal.click()
    expect(page.locator(".tr-hand .tr-card")).to_have_count(8)
    by = atlas.by_code()
    for width, height in ((390, 844), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        cards = page.evaluate(
            """() => [...document.querySelectorAll('.tr-hand .tr-card')].map((c) => {
                 const b = c.getBoundingClientRect();
                 const l = c.querySelector('.tr-card-borders') || c;
                 return {code: c.dataset.card, text: l.innerText, left: b.left, right: b.right,
                   font: parseFloat(getComputedStyle(l).fontSize),
                   clipped: c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1
                     || l.scrollWidth > l.clientWidth + 1};
               })"""
        )
        for c in cards:
            where = f"{width}x{height}: {c}"
            names = ", ".join(by[b].name for b in by[c["code"]].borders) or "none"
            assert c["text"] == names, where
            assert c["font"] >= 12 and not c["clipped"], where
            assert c["left"] >= 0 and c["right"] <= width, where


def test_in_a_match_the_hand_over_says_the_round_clock_runs(page: Any, site: Any) -> None:
    # behind the hand-over screen of a match's game the round clock keeps running,
    # as at a tournament table, and the screen says so with the time left; the secret
    # calls before the round take no round time and say nothing of it.
    def left_s() -> int:
        m, s = page.locator("#kit-ho-left").inner_text().split(":")
        return int(m) * 60 + int(s)

    open_site(page, site, "/?match=combo4&kind=call&mode=local&minutes=5&seed=4&autostart=1")
    for team in ("Team 1", "Team 2"):
        expect(page.locator("#kit-ho-h")).to_have_text(f"Pass the device to {team}")
        assert page.locator("#kit-ho-left").count() == 0
        page.locator("#kit-reveal").click()
        for game in ("4", "5"):
            page.locator(f"input[name=call][value='{game}']").check()
        page.locator("[data-call]").click()
    page.locator("#mt-continue").click()
    expect(page.locator("#mt-up")).to_have_text("Game 4: Play the Border Zap (1 of 2 called)")
    expect(page.locator(".kit-ho-clock")).to_contain_text(
        "The round clock keeps running while the device changes hands:"
    )
    first = left_s()
    assert 4 * 60 <= first <= 5 * 60
    page.wait_for_timeout(2600)
    before = left_s()
    assert before <= first - 2, "the round clock stood still behind the hand-over"
    page.locator("#kit-reveal").click()
    expect(page.locator(".tr-game")).to_be_visible()
    m, s = page.locator("#mt-clock").inner_text().split(":")
    assert abs(int(m) * 60 + int(s) - before) <= 1  # the match bar's clock, the same time


HAND_BOXES = """() => [...document.querySelectorAll('.tr-hand .tr-card')].map((c) => {
    const b = c.getBoundingClientRect();
    const small = [...c.querySelectorAll('span')].map((e) => parseFloat(getComputedStyle(e).fontSize));
    return {code: c.dataset.card, top: Math.round(b.top), left: b.left, right: b.right,
      font: Math.min(...small),
      clipped: c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1};
  })"""


@pytest.mark.parametrize(("slug", "level"), [("play-the-ranks", 2), ("border-zap", 4)])
def test_a_phone_shows_the_hand_in_a_compact_grid(
    page: Any, site: Any, slug: str, level: int
) -> None:
    # Issue #41: at 390x844 Play the Ranks listed its cards one per row, a hand taller
    # than the screen. Two cards or more to a row on a phone, none cut or off the page.
    from cardroom.core import bot_context
    from cardroom.geoplunge.tricks.bots import make_bot

    game, seed, moves = GAMES[slug], 5, []
    s = game.new(seed, level=level)
    bot, rng = make_bot("medium"), random.Random(1)
    while s.phase != "discard":
        m = bot.choose(bot_context(game, s, min(game.to_move(s)), rng))
        s, moves = game.apply(s, m), [*moves, m]
    page.set_viewport_size({"width": 390, "height": 844})
    open_saved(page, site, slug, level, seed, moves)
    page.locator("#kit-handover:not([hidden]) #kit-reveal").click()
    expect(page.locator(".tr-hand .tr-card").first).to_be_visible()
    page.wait_for_timeout(100)
    cards = page.evaluate(HAND_BOXES)
    rows = sorted({c["top"] for c in cards})
    assert len(cards) >= 6, cards
    assert len(rows) <= (len(cards) + 1) // 2, f"{len(cards)} cards in {len(rows)} rows: {cards}"
    for c in cards:
        assert c["font"] >= 12 and not c["clipped"], c
        assert c["left"] >= 0 and c["right"] <= 390, c
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for width, height in ((768, 1024), (1024, 768), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        for c in page.evaluate(HAND_BOXES):
            assert c["font"] >= 12 and not c["clipped"], (width, c)
            assert c["left"] >= 0 and c["right"] <= width, (width, c)

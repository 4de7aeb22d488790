"""The screens of the layout matrix (issue #41) and how a page reaches each one.

Every game's setup, its play on one device (past "Are you GeoPlunging?" and the hand-over),
its play against the computer, its hand-over screen (games with hidden hands in
pass-and-play) and its result; Learn, the atlas, the tournament director and a match. A
result is reached without playing: the game is played out on CPython by the game's own
computer seats, for both sides, and its moves are stored as the page stores a game
(``sessionStorage``, the run id in ``history.state``); a reload shows the finished game.

A page is brought to a screen once and then resized through the four sizes
(:func:`set_size`: the viewport, and for the touch sizes the mobile viewport and touch
input, through the DevTools protocol as Playwright's ``is_mobile``/``has_touch`` do), so a
screen costs one page load, not four.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from typing import Any

from browser_helpers import (
    ACTION_TIMEOUT_MS,
    READY_TIMEOUT_MS,
    open_site,
    table_phase,
    wait_ready,
)
from layout_checks import SIZES

from cardroom.web.games.registry import WEB_GAMES, Setup

#: the director's screen is ready (tests/browser/test_director.py waits for the same)
DIRECTOR_READY = "() => document.documentElement.dataset.director === 'ready'"

#: the deal every game screen uses (any deal shows the same screens)
SEED = 5


@dataclass(frozen=True, slots=True)
class Screen:
    """One screen of the matrix: ``key`` names it in test ids and the contact sheet."""

    key: str
    title: str
    path: str
    #: how the page gets there: page (the link alone), play, handover, result, groups,
    #: director, match
    reach: str = "page"
    #: two teams on one device, each with its half (every card must be visible)
    split: bool = False
    #: for ``result``: the finished game's setup
    setup: Setup | None = None
    #: hidden hands on one device: play starts behind a hand-over
    hidden_hands: bool = False
    #: what the screen must show once reached (a selector): the checks measure what is
    #: there, so a board that never appears would pass them
    shows: str = ""


@dataclass(frozen=True, slots=True)
class Game:
    slug: str
    title: str
    level: int
    #: link parameters beyond game, level, mode, seed
    extra: tuple[tuple[str, str], ...] = ()
    #: hidden hands in pass-and-play: a hand-over screen between turns
    handover: bool = True
    #: two teams share the screen on one device (split screen)
    split: bool = False
    #: what its result screen must show (:attr:`Screen.shows`)
    result_shows: str = ""


GAMES = [
    Game("border-up", "Border-Up", 2, handover=False, split=True),
    Game("state-iq", "State IQ", 2),
    Game("dashing-states", "Dashing States", 2, handover=False, split=True),
    Game("play-the-ranks", "Play the Ranks", 2),
    Game("border-zap", "Border Zap", 3),
    Game("chummy-challenge", "Chummy Challenge", 3, split=True),
    Game("sequence", "Sequence", 0, (("players", "2"),), result_shows=".seq-board-final text"),
    Game("tri-virsity", "Tri-Virsity", 0, (("players", "2"),)),
]


def _link(game: Game, **params: Any) -> str:
    query: dict[str, Any] = {"game": game.slug}
    if game.level:
        query["level"] = game.level
    query.update(dict(game.extra))
    query.update(params)
    return "/?" + "&".join(f"{k}={v}" for k, v in query.items())


def _result_setup(game: Game) -> Setup:
    """The setup of a finished game: every option the game has in ``bot`` mode (a save
    names them all), Tri-Virsity one hand rather than a match to 500."""
    web = WEB_GAMES[game.slug]
    options = {o.name: o.default for o in web.options if o.applies("bot", game.level)}
    options.update(dict(game.extra))
    if game.slug == "tri-virsity":
        options["target"] = "hand"
    return Setup(game.slug, game.level, "bot", "medium", SEED, tuple(sorted(options.items())))


def game_screens(game: Game) -> list[Screen]:
    g, t = game.slug, game.title
    out = [
        Screen(f"{g}/setup", f"{t}: setup", _link(game)),
        Screen(
            f"{g}/local",
            f"{t}: play on one device",
            _link(game, mode="local", seed=SEED, autostart=1),
            "play",
            split=game.split,
            hidden_hands=game.handover and not game.split,
        ),
    ]
    if game.handover:
        out.append(
            Screen(
                f"{g}/handover",
                f"{t}: hand-over",
                _link(game, mode="local", seed=SEED, autostart=1),
                "handover",
            )
        )
    out += [
        Screen(
            f"{g}/bot",
            f"{t}: play against the computer",
            _link(game, mode="bot", difficulty="easy", seed=SEED, autostart=1),
            "play",
        ),
        Screen(
            f"{g}/result",
            f"{t}: result",
            _link(game, mode="bot", seed=SEED),
            "result",
            setup=_result_setup(game),
            shows=game.result_shows,
        ),
    ]
    return out


#: a match on one device whose teams pick the games in turn (seed 2: Team 1 picks first)
MATCH = "/?match=combo3&kind=afternoon&mode=local&minutes=5&seed=2"

SCREENS: list[Screen] = [
    Screen("home", "Home", "/"),
    *[s for game in GAMES for s in game_screens(game)],
    # Border-Up's split screen at Level 4 (21 cards a team), the capitals-only Sequence board
    Screen(
        "border-up/local-L4",
        "Border-Up: play on one device, Level 4",
        f"/?game=border-up&level=4&mode=local&seed={SEED}&autostart=1",
        "play",
        split=True,
    ),
    Screen(
        "border-up/groups",
        "Border-Up: cards placed in groups, on one device",
        f"/?game=border-up&level=2&mode=local&seed={SEED}",
        "groups",
        split=True,
        setup=Setup("border-up", 2, "local", "medium", SEED),
    ),
    Screen(
        "sequence/bot-capitals",
        "Sequence: capitals board against the computer",
        f"/?game=sequence&players=2&board=capitals&mode=bot&difficulty=easy&seed={SEED}"
        "&autostart=1",
        "play",
    ),
    Screen("learn", "Learn", "/?learn"),
    Screen("learn/find", "Learn: find the state (north-east)", "/?learn=find&set=northeast"),
    Screen("atlas", "Atlas", "/?screen=atlas"),
    Screen("director/new", "Director: new tournament", "/?tournament=new&combo=3"),
    Screen("director/open", "Director: a tournament", "/?tournament=new&combo=3", "director"),
    Screen("match/setup", "Match: setup", f"/?match=combo3&kind=afternoon&mode=local&seed={SEED}"),
    Screen("match/pick", "Match: the afternoon pick", MATCH + "&autostart=1"),
    Screen("match/game", "Match: its first game on one device", MATCH + "&autostart=1", "match"),
]

SCREEN_BY_KEY = {s.key: s for s in SCREENS}


# --------------------------------------------------------------------------- sizes


def set_size(page: Any, size: str) -> None:
    """Give ``page`` one of :data:`SIZES`: its viewport, and for the touch sizes a mobile
    viewport and touch input (what ``is_mobile`` and ``has_touch`` set on a context)."""
    w, h, touch = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    cdp = getattr(page, "_layout_cdp", None)
    if cdp is None:
        cdp = page.context.new_cdp_session(page)
        page._layout_cdp = cdp
    cdp.send(
        "Emulation.setDeviceMetricsOverride",
        {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": touch},
    )
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5})
    settle(page)


_SETTLE = """async () => {
    const finite = document.getAnimations().filter(
        a => Number.isFinite(a.effect?.getComputedTiming().endTime));
    await Promise.race([
        Promise.allSettled(finite.map(a => a.finished)),
        new Promise(ok => setTimeout(ok, 2000)),
    ]);
    await new Promise(ok => requestAnimationFrame(() => requestAnimationFrame(ok)));
}"""


def settle(page: Any) -> None:
    """Wait for finite animations and transitions to end and two frames to be drawn."""
    page.evaluate(_SETTLE)


# --------------------------------------------------------------------------- reaching


def _visible(page: Any, selector: str) -> Any:
    loc = page.locator(f"{selector}:visible")
    return loc if loc.count() else None


def _play(page: Any, *, stop_at_handover: bool, handover_first: bool = False) -> None:
    """From a started table: answer "No" to GeoPlunging for each team that is asked, open
    the hand-over (unless ``stop_at_handover``), until the table is in play: for two polls
    in a row, and (``handover_first``: hidden hands on one device) once a hand-over has
    been opened."""
    deadline = time.monotonic() + ACTION_TIMEOUT_MS / 1000 * 2
    revealed, calm = False, 0
    while time.monotonic() < deadline:
        if _visible(page, "#kit-handover"):
            if stop_at_handover:
                return
            with contextlib.suppress(Exception):
                page.locator("#kit-reveal").click(timeout=2_000)
            revealed, calm = True, 0
            page.wait_for_timeout(150)
            continue
        asked = page.locator("[data-plunge=no]:visible:enabled")
        if asked.count():
            # the count may close under the click (a team that has not decided says No)
            with contextlib.suppress(Exception):
                asked.first.click(timeout=1_000)
            calm = 0
            continue
        phase = table_phase(page)
        tabled = page.locator(".kit-table").count() > 0
        # a GeoPlunge table tells its phase; Sequence and Tri-Virsity ask no GeoPlunging
        started = phase or page.locator(".kit-plunge").count() == 0
        ready = tabled and started and phase != "plunge" and (revealed or not handover_first)
        calm = calm + 1 if ready else 0
        if calm >= 2 and not stop_at_handover:
            return
        page.wait_for_timeout(250)
    raise AssertionError(
        f"{page.url}: the table never reached "
        f"{'its hand-over' if stop_at_handover else 'play'} (phase {table_phase(page)!r})"
    )


def _chummy_handover(page: Any) -> None:
    """Chummy Challenge on one device: each team picks its GeoPlunger, both buzz at once
    (keys A and L), and each answers in secret behind the hand-over."""
    _play(page, stop_at_handover=False)
    page.locator("#ch-half-0 [data-player='0']").click()
    page.locator("#ch-half-1 [data-player='2']").click()
    page.wait_for_function(
        "() => ['#ch0-buzz', '#ch1-buzz'].every(s => document.querySelector(s)?.disabled === false)"
    )
    page.keyboard.down("a")
    page.keyboard.down("l")
    page.keyboard.up("a")
    page.keyboard.up("l")
    page.locator("#kit-handover").wait_for(state="visible")


def finished_moves(setup: Setup) -> list[dict[str, Any]]:
    """The moves of ``setup``'s game played to its end on CPython, both sides by the game's
    own computer seats (the page's engine client, as the site builds it, with the game's
    own computer hosted on seat 0 too)."""
    from cardroom.web.games.sequence import logic as sequence_logic  # noqa: PLC0415
    from cardroom.web.games.trivirsity import logic as trivirsity_logic  # noqa: PLC0415

    game = WEB_GAMES[setup.game]
    assert setup.seed is not None
    eng = game.new_engine(setup)
    if game.team_one_bot:  # a GeoPlunge game: the match's watch mode's Team 1
        bot, seed = game.hook("team_one_bot")(setup)
    elif setup.game == "sequence":
        bot, seed = sequence_logic.computer(setup.difficulty), setup.seed
    elif setup.game == "tri-virsity":
        bot, seed = trivirsity_logic.computer(setup.difficulty), setup.seed
    else:
        raise ValueError(f"no result screen for {setup.game}")
    eng.host(0, bot, seed)
    now = 0
    for _ in range(10_000):
        if eng.over:
            return list(eng.moves)
        due = eng.next_due()
        if due is None and "next-hand" in eng.legal(0):  # Tri-Virsity: a person deals on
            now = max([now, *(int(m.get("at") or 0) for m in eng.moves)])
            eng.submit({"seat": 0, "kind": "next-hand", "data": None}, now)
            continue
        if due is None:
            break
        now = max(now, due)
        eng.advance(due)
    raise AssertionError(f"{setup}: the computer seats did not finish the game")


def _saved(page: Any, site: Any, path: str, save: str, *, elapsed_ms: int | None) -> None:
    """Open ``path``, store ``save`` as its tab's game, and reload: the page resumes it.
    ``elapsed_ms``: the table's clock says that much time has passed (None: the save's
    clock as it is)."""
    open_site(page, site, path)
    page.evaluate(
        """([save, elapsed]) => {
            const obj = JSON.parse(save);
            if (elapsed !== null) {
                obj.clock.t0 = performance.timeOrigin + performance.now() - elapsed;
            }
            history.replaceState({run: 'layout1'}, '');
            sessionStorage.setItem('cardroom:game:layout1', JSON.stringify(obj));
        }""",
        [save, elapsed_ms],
    )
    page.reload(wait_until="load")
    wait_ready(page)


def _result(page: Any, site: Any, screen: Screen) -> None:
    from cardroom.web.kit.logic import Save, TableClock, encode_save  # noqa: PLC0415

    assert screen.setup is not None
    save = encode_save(Save(screen.setup, tuple(finished_moves(screen.setup)), TableClock(0.0), {}))
    _saved(page, site, screen.path, save, elapsed_ms=None)
    page.locator(".kit-result").wait_for(state="visible")
    page.wait_for_timeout(450)  # the result settles


def grouped_save(setup: Setup) -> str:
    """Border-Up on one device a few seconds into the race, neither team GeoPlunging, each
    with three cards in each group: those with the longest border lists (issue #41 item 9)."""
    from cardroom import atlas  # noqa: PLC0415
    from cardroom.web.games.border_up import logic as border_up_logic  # noqa: PLC0415
    from cardroom.web.kit.logic import Save, TableClock, encode_save  # noqa: PLC0415

    eng = border_up_logic.engine(setup)
    for seat in (0, 1):
        eng.submit({"seat": seat, "kind": "plunge", "data": False}, 300 + 100 * seat)
    seats = {}
    for seat in (0, 1):
        hand = sorted(eng.view(seat)["hand"], key=lambda c: -len(atlas.by_code()[c].borders))
        seats[str(seat)] = {"layout": {f"g{k + 1}": hand[3 * k : 3 * k + 3] for k in range(3)}}
    return encode_save(Save(setup, tuple(eng.moves), TableClock(0.0), {"seats": seats}))


def open_screen(page: Any, site: Any, screen: Screen, size: str) -> None:
    """Bring ``page`` (new, blank) to ``screen`` at ``size``."""
    set_size(page, size)
    if screen.reach == "result":
        _result(page, site, screen)
    elif screen.reach == "groups":
        assert screen.setup is not None
        _saved(page, site, screen.path, grouped_save(screen.setup), elapsed_ms=6_000)
        page.locator("#kit-resume").click()  # a game resumed after a reload starts paused
        page.locator("#kit-overlay").wait_for(state="hidden")
    else:
        open_site(page, site, screen.path)
        if screen.reach == "play":
            _play(page, stop_at_handover=False, handover_first=screen.hidden_hands)
        elif screen.reach == "handover" and screen.key.startswith("chummy-challenge"):
            _chummy_handover(page)
        elif screen.reach == "handover":
            _play(page, stop_at_handover=True)
        elif screen.reach == "match":
            page.locator('[data-choose="5"][data-team="0"]').click()
            page.locator('[data-choose="3"][data-team="1"]').click()
            page.locator("#mt-continue").click()
            _play(page, stop_at_handover=False)
        if "tournament=" in screen.path:  # the director loads its pairing library first
            page.wait_for_function(DIRECTOR_READY, timeout=READY_TIMEOUT_MS)
        if screen.reach == "director":
            page.get_by_role("button", name="Start the tournament").click()
            page.wait_for_url("**tournament=open**")
            page.locator("#td-title").wait_for(state="visible")
    if screen.shows:
        page.locator(screen.shows).first.wait_for(state="visible", timeout=ACTION_TIMEOUT_MS)
    if screen.reach in ("play", "match"):
        # "Ready, Set, GeoPlunge!" is shown for a moment at the start: let it go
        page.wait_for_function("() => document.querySelector('#kit-banner')?.hidden ?? true")
    settle(page)

"""The table kit's plain-Python side: the one link parser (R-110), the pausable table clock
(R-111), saved games (R-112), the engine client behind its JSON boundary, the points table,
and the home page listing exactly the games the kit offers."""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from cardroom import scoring
from cardroom.core import REFEREE, BotContext, Move
from cardroom.web.kit.logic import (
    MAX_SEED,
    WEB_GAMES,
    ComputerMoveRefused,
    CorruptSave,
    EngineRefused,
    Hosting,
    LocalEngine,
    Option,
    Route,
    Save,
    Setup,
    TableClock,
    WebGame,
    decode_save,
    encode_save,
    new_seed,
    parse_link,
    points_table,
    uncited,
)

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from tiny_game import GAME as DUEL  # noqa: E402

CODES = ["TX", "NY", "CA"]

# --------------------------------------------------------------------------- links


def test_no_link_is_the_home_page() -> None:
    assert parse_link({}) == Route("home")
    assert parse_link({"screen": "home"}) == Route("home")


def test_atlas_links() -> None:
    assert parse_link({"screen": "atlas", "state": "tx"}, CODES) == Route("atlas", state="TX")
    bad = parse_link({"screen": "atlas", "state": "ZZ"}, CODES)
    assert bad.screen == "atlas" and bad.state is None
    assert bad.problems == ("“ZZ” is not a state's postal code (like TX or NY).",)
    assert parse_link({"screen": "atlas"}, CODES) == Route("atlas")


def test_unknown_game_or_screen_goes_home_and_says_so() -> None:
    r = parse_link({"game": "tic-tac-toe"})
    assert r.screen == "home" and "no game called “tic-tac-toe”" in r.problems[0]
    assert "Border-Up" in r.problems[0]
    r = parse_link({"screen": "lobby"})
    assert r.screen == "home" and r.problems == ("There is no screen called “lobby”.",)


def test_a_full_game_link_fills_the_setup_but_does_not_start() -> None:
    r = parse_link(
        {"game": "border-up", "level": "4", "mode": "bot", "difficulty": "hard", "seed": "7"}
    )
    assert r.screen == "game" and r.game is WEB_GAMES["border-up"]
    assert r.setup == Setup("border-up", 4, "bot", "hard", 7)
    assert r.complete and not r.autostart and r.problems == ()


def test_autostart_needs_a_complete_and_correct_link() -> None:
    base = {"game": "border-up", "level": "2", "mode": "local", "autostart": "1"}
    assert parse_link(base).autostart
    assert not parse_link({**base, "level": "9"}).autostart
    assert not parse_link({k: v for k, v in base.items() if k != "mode"}).autostart
    assert not parse_link({**base, "autostart": "0"}).autostart


@pytest.mark.parametrize(
    ("params", "problem", "field", "value"),
    [
        ({"level": "9"}, "Border-Up has no level “9”: pick 2, 3 or 4.", "level", 2),
        ({"level": "x"}, "Border-Up has no level “x”: pick 2, 3 or 4.", "level", 2),
        ({"mode": "online"}, "“online” is not a way to play Border-Up.", "mode", "bot"),
        ({"difficulty": "evil"}, "“evil” is not a difficulty", "difficulty", "medium"),
        ({"seed": "-3"}, f"from 0 to {MAX_SEED}", "seed", None),
        ({"seed": str(MAX_SEED + 1)}, f"from 0 to {MAX_SEED}", "seed", None),
    ],
)
def test_bad_parts_are_said_and_defaulted(
    params: dict[str, str], problem: str, field: str, value: Any
) -> None:
    r = parse_link({"game": "border-up", **params})
    assert r.screen == "game" and len(r.problems) == 1 and problem in r.problems[0]
    assert getattr(r.setup, field) == value
    assert not r.complete or field not in ("level", "mode")


def test_setup_params_round_trip_through_the_parser() -> None:
    for s in (Setup("border-up", 3, "bot", "easy", 0), Setup("border-up", 4, "local", "medium", 9)):
        params = {k: v for k, v in s.params().items() if v is not None}
        again = parse_link(params).setup
        assert again is not None
        if s.mode == "local":  # difficulty is not in a two-team link
            assert "difficulty" not in params
            again = Setup(again.game, again.level, again.mode, s.difficulty, again.seed)
        assert again == s


# --------------------------------------------------------------------------- the clock


def test_the_clock_stops_while_paused() -> None:
    c = TableClock(t0=1000.0)
    assert c.now(1000.0) == 0 and c.now(3500.0) == 2500
    p = c.pause(3500.0)
    assert p.paused and p.now(99_000.0) == 2500  # stopped however long it stays paused
    r = p.resume(10_000.0)
    assert not r.paused and r.now(10_000.0) == 2500 and r.now(11_000.0) == 3500
    assert r.pause(11_000.0).pause(50_000.0).now(60_000.0) == 3500  # pausing twice: no-op
    assert c.resume(5000.0) is c
    assert TableClock.from_json(json.loads(json.dumps(p.to_json()))) == p


@pytest.mark.parametrize(
    "obj",
    [
        None,
        {},
        {"t0": "x", "paused_ms": 0, "paused_at": None},
        {"t0": 5, "paused_ms": -1, "paused_at": None},
        {"t0": 5, "paused_ms": 0, "paused_at": 1},
    ],
)
def test_a_broken_clock_is_a_corrupt_save(obj: Any) -> None:
    with pytest.raises(CorruptSave):
        TableClock.from_json(obj)


# --------------------------------------------------------------------------- saves


def test_a_save_round_trips() -> None:
    save = Save(
        Setup("border-up", 2, "local", "medium", 5),
        ({"seat": 0, "kind": "plunge", "data": True, "at": 10},),
        TableClock(1.0, 2.0, None),
        {"rotated": True},
    )
    assert decode_save(encode_save(save)) == save
    assert decode_save(None) is None and decode_save("") is None


@pytest.mark.parametrize(
    "text",
    [
        "{",
        "[]",
        '{"v": 2}',
        '{"v": 1, "setup": ["border-up", 2, "local", "medium", 5]}',
        '{"v": 1, "setup": ["chess", 2, "local", "medium", 5], "moves": [], "extra": {},'
        ' "clock": {"t0": 1, "paused_ms": 0, "paused_at": null}}',
        '{"v": 1, "setup": ["border-up", 7, "local", "medium", 5], "moves": [], "extra": {},'
        ' "clock": {"t0": 1, "paused_ms": 0, "paused_at": null}}',
        '{"v": 1, "setup": ["border-up", 2, "local", "medium", 5], "moves": [3], "extra": {},'
        ' "clock": {"t0": 1, "paused_ms": 0, "paused_at": null}}',
    ],
)
def test_corrupt_saves_are_refused(text: str) -> None:
    with pytest.raises(CorruptSave):
        decode_save(text)


# --------------------------------------------------------------------------- the engine client


class LowCard:
    """An engine bot for the tiny duel (:class:`cardroom.core.Bot`): commits its lowest
    card 100 ms after the round starts."""

    def __init__(self) -> None:
        self.asked: list[BotContext] = []

    def choose(self, ctx: BotContext) -> Move | None:
        self.asked.append(ctx)
        view = ctx.view
        if view["over"] or view["mine"] is not None:
            return None
        low = min(int(c[1:]) for c in view["hand"])
        return Move(ctx.seat, "commit", low, view["now"] + 100)


#: The duel's table: a computer seat plans again when its hand changes.
HAND = Hosting(key=lambda view, moves: tuple(view["hand"] or ()))


def _json_only(x: Any) -> None:
    assert json.loads(json.dumps(x)) == x


def test_the_engine_client_speaks_json_and_drives_bot_and_clock() -> None:
    e = LocalEngine(DUEL, 3, {"timeout_ms": 1000}, {1: LowCard()}, HAND)
    events: list[dict[str, Any]] = []
    e.on(events.append)
    v = e.view(0)
    _json_only(v)
    assert e.legal(0) == ["commit"] and e.legal(REFEREE) == []
    assert e.next_due() == 100  # the computer's planned commit
    card = int(v["hand"][-1][1:])
    applied = e.submit({"seat": 0, "kind": "commit", "data": card}, 50)
    _json_only(applied)
    assert applied == {"seat": 0, "kind": "commit", "data": card, "at": 50}
    assert e.clock_due() == ("timeout", 1050)  # the clock now waits for seat 1
    done = e.advance(100)  # the computer's commit is due
    assert [m["seat"] for m in done] == [1]
    assert e.view(REFEREE)["history"] and e.clock_due() is None
    assert [ev["move"]["seat"] for ev in events] == [0, 1]
    with pytest.raises(EngineRefused) as refused:
        e.submit({"seat": 0, "kind": "commit", "data": 999}, 200)
    assert "not in hand" in refused.value.reason and refused.value.kind == "IllegalMove"
    with pytest.raises(EngineRefused):
        e.submit({"seat": 0, "kind": "dance"}, 200)
    # the clock calls time when a seat does not act
    e2 = LocalEngine(DUEL, 3, {"timeout_ms": 1000})
    e2.submit({"seat": 0, "kind": "commit", "data": int(e2.view(0)["hand"][0][1:])}, 10)
    assert e2.next_due() == 1010 and e2.advance(1009) == []
    assert [m["kind"] for m in e2.advance(1010)] == ["timeout"]


class BadCard(LowCard):
    """An engine bot with a bug: it plays a card it does not hold."""

    def choose(self, ctx: BotContext) -> Move | None:
        move = super().choose(ctx)
        return None if move is None else Move(move.seat, move.kind, 999, move.at)


def test_a_refused_computer_move_is_an_error_never_dropped() -> None:
    """The engine refusing a computer's move is a bug in the bot: ``advance`` raises it,
    naming the seat, the move and the engine's reason (it used to pass over it, and the
    computer silently never acted, R-244)."""
    e = LocalEngine(DUEL, 3, {"timeout_ms": 1000}, {1: BadCard()}, HAND)
    assert e.advance(50) == []  # nothing due yet
    with pytest.raises(ComputerMoveRefused) as refused:
        e.advance(100)
    assert refused.value.seat == 1
    assert refused.value.move == {"seat": 1, "kind": "commit", "data": 999, "at": 100}
    assert "not in hand" in refused.value.reason and "seat 1" in str(refused.value)
    assert e.moves == []


def test_the_engine_client_hosts_the_engines_own_bots() -> None:
    """A computer seat is the engine's :class:`cardroom.core.Bot` itself: the client hands
    it the real context of its seat (its view, its legal moves, a sampler of its worlds,
    the table's time and a ``random.Random`` seeded as the game declares), and asks it
    again only when the seat's key changes."""
    bot = LowCard()
    how = Hosting(key=HAND.key, rng=lambda seed, seat, key: f"duel:{seed}:{seat}:{len(key)}")
    e = LocalEngine(DUEL, 3, {"timeout_ms": 1000}, {}, how)
    e.host(1, bot, seed=40)
    (ctx,) = bot.asked
    assert ctx.game is DUEL and ctx.seat == 1 and ctx.view == e.view(1) and ctx.now == 0
    assert set(ctx.legal) == set(DUEL.legal_moves(e.state, 1))
    assert ctx.rng.random() == random.Random("duel:40:1:3").random()
    assert DUEL.view(ctx.sample_world(7), 1) == e.view(1)  # a world it cannot tell apart
    assert ctx.view["hand"] == ["c1", "c3", "c9"]
    assert e.planned[1] == {"seat": 1, "kind": "commit", "data": 1, "at": 100}
    e.submit({"seat": 0, "kind": "commit", "data": int(e.view(0)["hand"][0][1:])}, 10)
    assert len(bot.asked) == 1  # its hand is the same: its plan stands
    e.advance(100)
    assert len(bot.asked) == 2 and e.time() == 100


def test_the_engine_client_plays_to_the_end_and_replays_exactly() -> None:
    e = LocalEngine(DUEL, 11, {"timeout_ms": 500}, {1: LowCard()}, HAND)
    ends: list[dict[str, Any]] = []
    e.on(lambda ev: ends.append(ev) if ev["type"] == "over" else None)
    t = 0
    rng = random.Random(1)
    while not e.over:
        t += 300
        hand = e.view(0)["hand"]
        if e.view(0)["mine"] is None and hand:
            e.submit({"seat": 0, "kind": "commit", "data": int(rng.choice(hand)[1:])}, t)
        due = e.next_due()
        e.advance(due if due is not None else t)
    assert ends == [{"type": "over"}] and e.next_due() is None
    again = LocalEngine(DUEL, 11, {"timeout_ms": 500}, {1: LowCard()}, HAND)
    again.replay(e.moves)
    assert DUEL.state_to_json(again.state) == DUEL.state_to_json(e.state)
    broken = LocalEngine(DUEL, 11, {"timeout_ms": 500})
    with pytest.raises(CorruptSave):
        broken.replay([{"seat": 0, "kind": "commit", "data": 999, "at": 5}])


# --------------------------------------------------------------------------- the result


def test_points_table_follows_the_shared_scoring() -> None:
    lines = [ln.to_json() for ln in scoring.breakdown(1, True, [True, True])]
    rows = points_table(lines, scoring.score(1, True, [True, True]), ["You", "The computer"])
    assert rows[0] == {"team": 0, "name": "You", "lines": [], "total": 0}
    assert rows[1]["total"] == 40 and [x["label"] for x in rows[1]["lines"]] == [
        "Win",
        "Bonus",
        "Both teams GeoPlunged",
    ]
    with pytest.raises(ValueError):
        points_table(lines, (0, 30), ["A", "B"])


def test_play_again_never_deals_the_same_deal() -> None:
    assert new_seed(lambda n: 5, avoid=5) == 6
    assert new_seed(lambda n: MAX_SEED - 1, avoid=MAX_SEED - 1) == 0
    assert new_seed(lambda n: 5, avoid=4) == 5


# --------------------------------------------------------------------------- the home page


def test_the_home_page_lists_exactly_the_games_offered() -> None:
    from html import escape  # noqa: PLC0415

    from sitebuild.page import home_games  # noqa: PLC0415

    template = (ROOT / "web" / "index.html").read_text("utf-8")
    assert "<!--@HOME_GAMES-->" in template
    nav = template[
        template.index('<nav aria-label="Screens and games">') : template.index("</nav>")
    ]
    assert 'data-screen-link="home"' in nav and "?game=" not in nav  # a short nav
    home = home_games()
    listed = re.findall(r'data-game="([^"]+)"', home)
    assert listed == list(WEB_GAMES)
    for slug, game in WEB_GAMES.items():
        assert escape(game.how_to) in home, f"{slug}: the home page's how-to differs"
        for level, text in game.levels.items():
            assert f'level={level}">Level {level}</a>: {escape(text)}' in home


# --------------------------------------------------------------------------- game options

PARTY = WebGame(
    "party",
    "Party",
    "cardroom.web.platform.app",
    "A test game with options and no levels.",
    {},
    modes=("bot", "local", "solitaire"),
    options=(
        Option("players", "Players", {"2": "2", "3": "3", "4": "4"}, "2", ("bot", "local")),
        Option("teams", "Teams", {"none": "Each for themselves", "2": "Two teams"}, "none"),
        Option("board", "Board", {"states": "States", "capitals": "Capitals only"}, "states"),
    ),
    check=f"{__name__}:party_problem",
)


def party_problem(options: Mapping[str, str], mode: str) -> str | None:
    """PARTY's check (the registry loads it by name, as it loads every game's)."""
    if options.get("teams") == "2" and options.get("players") != "4":
        return "Two teams need 4 players."
    return None


@pytest.fixture()
def party(monkeypatch: pytest.MonkeyPatch) -> WebGame:
    monkeypatch.setitem(WEB_GAMES, "party", PARTY)
    return PARTY


def test_options_are_read_from_the_link_and_written_back(party: WebGame) -> None:
    r = parse_link(
        {"game": "party", "players": "4", "teams": "2", "mode": "local", "board": "Capitals"}
    )
    assert r.problems == () and r.complete
    assert r.setup is not None and r.setup.level == 0
    assert r.setup.options == (("board", "capitals"), ("players", "4"), ("teams", "2"))
    assert r.setup.option("players") == "4"
    params = {k: v for k, v in r.setup.params().items() if v is not None}
    assert "level" not in params
    assert parse_link(params).setup == r.setup
    assert "Players: 4" in r.setup.describe() and "Board: Capitals only" in r.setup.describe()


def test_bad_options_are_said_and_defaulted(party: WebGame) -> None:
    r = parse_link({"game": "party", "players": "7", "level": "2", "mode": "bot"})
    assert any("7" in p and "players" in p for p in r.problems)
    assert any("no levels" in p for p in r.problems)
    assert r.setup is not None and r.setup.option("players") == "2"
    r = parse_link({"game": "party", "players": "2", "teams": "2", "mode": "local"})
    assert r.problems == ("Two teams need 4 players.",)
    assert r.setup is not None and r.setup.option("teams") == "none"
    assert not parse_link(
        {"game": "party", "players": "2", "teams": "2", "autostart": "1"}
    ).autostart


def test_options_apply_only_to_their_modes(party: WebGame) -> None:
    r = parse_link({"game": "party", "mode": "solitaire", "players": "3"})
    assert r.setup is not None and r.setup.option("players", "-") == "-"
    assert party.default_setup().options == (
        ("board", "states"),
        ("players", "2"),
        ("teams", "none"),
    )


def test_an_option_of_some_levels_only() -> None:
    r = parse_link({"game": "play-the-ranks", "level": "4", "version": "ptr2", "mode": "local"})
    assert r.problems == () and r.setup is not None and r.setup.option("version") == "ptr2"
    r = parse_link({"game": "play-the-ranks", "level": "2", "version": "ptr2"})
    assert r.setup is not None and r.setup.options == ()
    assert r.problems == ("Version does not apply to Play the Ranks at level 2.",)
    assert "version" not in {k for k, v in r.setup.params().items() if v is not None}


def test_saves_carry_the_options(party: WebGame) -> None:
    setup = Setup(
        "party", 0, "local", "medium", 3, (("board", "capitals"), ("players", "4"), ("teams", "2"))
    )
    save = Save(setup, (), TableClock(1000.0), {})
    assert decode_save(encode_save(save)) == save
    obj = json.loads(encode_save(save))
    for bad in (
        {"board": "capitals", "players": "9", "teams": "2"},
        {"board": "capitals"},
        {"board": "capitals", "players": "2", "teams": "2"},
        ["players"],
    ):
        obj["setup"][5] = bad
        with pytest.raises(CorruptSave):
            decode_save(json.dumps(obj))
    obj["setup"][1] = 2  # a level for a game without levels
    obj["setup"][5] = dict(setup.options)
    with pytest.raises(CorruptSave):
        decode_save(json.dumps(obj))


def test_a_refusal_is_told_to_the_players_without_the_rulings_id() -> None:
    """The engines cite rulings in their sentences (for ``cardroom referee``); the site
    does not ship docs/rulings.md, so a refusal on a screen gives the rule alone."""
    from cardroom.sequence import GAME as SEQUENCE
    from cardroom.web.games.sequence.logic import SeqEngine

    e = SeqEngine(SEQUENCE, 5, {})  # the Sequence screen's engine; seat 0 can play
    card = e.view(0)["hand"][0]
    with pytest.raises(EngineRefused) as refused:
        e.submit({"seat": 0, "kind": "pass", "data": card}, 10)
    assert refused.value.reason == "a card can be played, so the turn cannot be passed"
    assert str(refused.value) == refused.value.reason
    assert uncited("one dead card a turn (R-76)") == "one dead card a turn"
    assert uncited("Decks (R-20..R-24) are fine") == "Decks are fine"
    assert uncited("a late team (joins from round 3, R-122)") == "a late team (joins from round 3)"
    assert uncited("A rule with no id (see the book).") == "A rule with no id (see the book)."


def test_setup_and_plunge_texts_say_what_each_game_does() -> None:
    """Play-test item 4: State IQ on one device is pass and play behind hand-over screens,
    not a split screen; Chummy Challenge has no cards, and State IQ's teams decide with
    their card in view."""
    from cardroom.web.games.registry import WEB_GAMES

    siq = WEB_GAMES["state-iq"]
    local = siq.mode_notes["local"]
    assert "split" not in local.casefold() and "hand-over" in local
    assert "before you see" not in siq.plunge_when
    chummy = WEB_GAMES["chummy-challenge"].plunge_when
    assert "card" not in chummy.casefold() and "challenge" in chummy
    assert "card" not in WEB_GAMES["dashing-states"].plunge_when.casefold()
    assert WEB_GAMES["border-up"].plunge_when == "Decide before you see your cards."
    # every screen's GeoPlunging prompt is given its game's registry entry (the GameUI's
    # own, made from that entry), so it shows that game's text
    web = Path(__file__).resolve().parent.parent / "py" / "cardroom" / "web"
    for module in [
        "games/border_up/screen",
        "games/chummy/screen",
        "games/dashing_states/panel",
        "games/state_iq/screen",
    ]:
        text = (web / f"{module}.py").read_text("utf-8")
        calls = re.findall(r"plunge_prompt_html\(([^)]*)\)", text)
        assert calls and all(c.endswith(".game") for c in calls), (module, calls)

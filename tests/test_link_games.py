"""Sequence States & Capitals and Tri-Virsity on two devices (R-190..R-193), on CPython:
which set-ups may be played on two devices, which seats each device holds, and that the
guest never receives a card of the host's side over a whole game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardroom.core import Move, bot_context
from cardroom.link import GuestEngine, GuestSession, HostSession
from cardroom.sequence import GAME as SEQUENCE
from cardroom.trivirsity.bot import TriBot
from cardroom.trivirsity.game import GAME as TRI_GAME
from cardroom.web.games.sequence.logic import engine as sequence_engine
from cardroom.web.games.trivirsity.logic import MATCH
from cardroom.web.games.trivirsity.logic import engine as tri_engine
from cardroom.web.kit.logic import EngineRefused, Setup
from cardroom.web.link.logic import device_seats, guest_seats
from cardroom.web.platform.routes import WEB_GAMES, parse_link
from tests.test_link import Wire, strings

SEQ = WEB_GAMES["sequence"]
TRI = WEB_GAMES["tri-virsity"]
BOT = TriBot("medium")


def seq_setup(players: str, teams: str = "auto", seed: int = 3) -> Setup:
    opts = (("board", "states"), ("players", players), ("teams", teams))
    return Setup("sequence", 0, "devices", "medium", seed, opts)


def tri_setup(players: str = "2", teams: str = "no", seed: int = 3, **more: str) -> Setup:
    opts = {
        "players": players,
        "teams": teams,
        "variant": "standard",
        "beginner": "none",
        "words": "strict",
        "target": "hand",
    } | more
    return Setup("tri-virsity", 0, "devices", "medium", seed, tuple(sorted(opts.items())))


# ---------------------------------------------------------------- the set-ups


@pytest.mark.parametrize(
    ("players", "teams", "ok"),
    [
        ("2", "auto", True),
        ("2", "none", True),
        ("3", "auto", False),
        ("3", "none", False),
        ("4", "auto", True),
        ("6", "2", True),
        ("6", "3", False),
        ("8", "auto", True),
        ("9", "auto", False),
        ("10", "2", True),
        ("12", "auto", True),
        ("12", "3", False),
    ],
)
def test_sequence_on_two_devices_needs_two_sides(players: str, teams: str, ok: bool) -> None:
    options = {"players": players, "teams": teams, "board": "states"}
    problem = SEQ.problem("devices", options)
    assert (problem is None) == ok, problem
    if not ok:
        assert "Two devices play two sides" in problem
    # on one device every legal split is still fine
    assert SEQ.problem("local", options) is None


@pytest.mark.parametrize(
    ("players", "teams", "ok"),
    [("2", "no", True), ("3", "no", False), ("4", "no", False), ("4", "yes", True)]
    + [("6", "yes", False), ("8", "yes", False), ("5", "no", False)],
)
def test_trivirsity_on_two_devices_needs_two_sides(players: str, teams: str, ok: bool) -> None:
    options = {"players": players, "teams": teams, "variant": "standard", "words": "challenge"}
    problem = TRI.problem("devices", options)
    assert (problem is None) == ok, problem
    if not ok:
        assert "Two devices play two sides" in problem
    if players != "5" or teams == "no":
        assert TRI.problem("local", options) is None


def test_the_modes_and_options_of_two_devices() -> None:
    assert "devices" in SEQ.modes and "devices" in TRI.modes
    assert all(o.applies("devices") for o in SEQ.options)
    assert {o.name for o in TRI.options if o.applies("devices")} == {
        "players",
        "teams",
        "variant",
        "beginner",
        "words",
        "target",
    }
    assert not any(o.applies("solitaire") for o in TRI.options)
    # a link says what is wrong and falls back to a set-up that can be played
    route = parse_link({"game": "sequence", "mode": "devices", "players": "3"})
    assert any("Two devices play two sides" in p for p in route.problems)
    assert route.setup is not None and SEQ.problem("devices", dict(route.setup.options)) is None
    route = parse_link({"game": "tri-virsity", "mode": "devices", "players": "4", "teams": "yes"})
    assert not route.problems
    assert dict(route.setup.options)["teams"] == "yes"
    route = parse_link({"game": "tri-virsity", "mode": "devices", "players": "6"})
    assert any("Two devices play two sides" in p for p in route.problems)


# ---------------------------------------------------------------- the seats


@pytest.mark.parametrize(
    ("players", "teams", "host", "guest"),
    [
        ("2", "auto", {0}, {1}),
        ("4", "auto", {0, 2}, {1, 3}),
        ("6", "2", {0, 2, 4}, {1, 3, 5}),
        ("12", "auto", set(range(0, 12, 2)), set(range(1, 12, 2))),
    ],
)
def test_sequence_seats_split_by_side(
    players: str, teams: str, host: set[int], guest: set[int]
) -> None:
    e = sequence_engine(seq_setup(players, teams))
    assert guest_seats(e) == guest
    assert device_seats(e) == host
    for s in host:
        assert SEQUENCE.team_of(e.state, s) == 0


@pytest.mark.parametrize(
    ("players", "teams", "host", "guest"),
    [("2", "no", {0}, {1}), ("4", "yes", {0, 2}, {1, 3})],
)
def test_trivirsity_seats_split_by_side(
    players: str, teams: str, host: set[int], guest: set[int]
) -> None:
    e = tri_engine(tri_setup(players, teams))
    assert guest_seats(e) == guest
    assert device_seats(e) == host
    assert {MATCH.team_of(e.state, s) for s in host} == {0}


def test_the_guests_seats_come_from_the_welcome() -> None:
    g = GuestSession()
    g.seats = (1, 3)
    assert device_seats(GuestEngine(g, lambda _t: None, EngineRefused)) == {1, 3}


# ---------------------------------------------------------------- only its own cards


def quoted(obj: Any) -> set[str]:
    return strings(obj)


def play_through_link(setup: Setup, make: Any, max_moves: int = 3000) -> dict[str, int]:
    """A whole game: the host's seats move on the host's engine, the guest's through the
    link; after every move the guest's view is checked for the host's side's cards."""
    host_engine = make(setup)
    seats = guest_seats(host_engine)
    w = Wire(HostSession(host_engine, seats, {"game": setup.game}))
    heard: list[dict[str, Any]] = []  # what the guest's game log is told
    w.engine.on(lambda e: heard.append(e["move"]) if e["type"] == "move" else None)
    w.connect()
    rng = random.Random(setup.seed)
    checked, guest_moves = 0, 0
    for _ in range(max_moves):
        if host_engine.over:
            break
        seat, move = choose(host_engine, rng)
        w.now += 10
        if seat in seats:
            w.engine.submit(move.to_json() | {"at": None}, w.now)
            guest_moves += 1
        else:
            host_engine.submit(move.to_json() | {"at": None}, w.now)
            w.push()
        checked += check_guest_view(w, host_engine, seats)
    assert host_engine.over, "the game did not end"
    assert w.engine.over
    host_moves = [m for m in host_engine.moves if m["seat"] not in seats]
    public = host_engine.game.public_moves
    told = [m for m in heard if m["seat"] not in seats]
    # the guest's log hears every host move of a public kind, data and all, in order
    assert told == [m for m in host_moves if m["kind"] in public]
    return {"checked": checked, "guest_moves": guest_moves, "host_moves_told": len(told)}


def choose(e: Any, rng: random.Random) -> tuple[int, Move]:
    """A seat that may move and its move: Sequence's at random, Tri-Virsity's by its bot
    (its plays cannot be listed), now and then a claim or challenge out of turn."""
    state = e.game.to_move(e.state)
    movers = sorted(state)
    if e.game is MATCH:
        cur = e.state.cur
        actor = TRI_GAME._actor(cur)
        seat = rng.choice(movers) if rng.random() < 0.2 else actor
        move = BOT.choose(bot_context(TRI_GAME, cur, seat, rng))
        if move is None:
            seat, move = actor, BOT.choose(bot_context(TRI_GAME, cur, actor, rng))
        assert move is not None
        return seat, move
    seat = rng.choice(movers)
    return seat, rng.choice(list(e.game.legal_moves(e.state, seat)))


def check_guest_view(w: Wire, e: Any, seats: frozenset[int]) -> int:
    """The latest view the guest holds has no card only the host's side holds."""
    game = e.game
    n = game.num_seats(e.state)
    host = [s for s in range(n) if s not in seats]
    state = w.guest.state
    assert state is not None
    text = json.dumps(state)
    # what the guest may not know is looked for everywhere but in the data of its own
    # moves and of the host's public ones, checked against the host's moves below (a card
    # played may have a twin still in a hand: Sequence deals from two decks)
    others = [
        m for m in state["moves"] if m["seat"] not in seats and m["kind"] not in game.public_moves
    ]
    seen = quoted({k: v for k, v in state.items() if k != "moves"}) | quoted(others)
    public = quoted(e.view(-1))
    guest_cards = set().union(*(set(e.view(s)["hand"] or []) for s in seats))
    count = 0
    if e.over:
        return 0  # every hand is shown at the end
    for s in host:
        hand = set(e.view(s)["hand"] or [])
        secret = hand - public - guest_cards
        assert not secret & seen, f"the guest holds {secret & seen} of seat {s}"
        count += len(secret)
    assert set(state["views"]) == {str(s) for s in seats}
    for m, full in zip(state["moves"], e.moves, strict=True):
        if m["seat"] in host:  # a public kind of move in full, others bare
            bare = {k: v for k, v in full.items() if k != "data"} | {"hidden": True}
            assert m == (full if full["kind"] in game.public_moves else bare)
    assert '"hand": null' in json.dumps(state["public"]) or state["public"].get("hand") is None
    assert text
    return count


def test_a_whole_sequence_game_over_the_link_sends_no_card_of_the_host() -> None:
    out = play_through_link(seq_setup("2"), sequence_engine)
    assert out["checked"] > 100 and out["guest_moves"] > 10
    assert out["host_moves_told"] > 10


def test_a_sequence_game_of_two_teams_over_the_link_sends_no_card_of_the_host() -> None:
    out = play_through_link(seq_setup("4", seed=5), sequence_engine)
    assert out["checked"] > 100 and out["guest_moves"] > 10


@pytest.mark.parametrize("words", ["strict", "challenge"])
def test_a_trivirsity_hand_over_the_link_sends_no_card_of_the_host(words: str) -> None:
    out = play_through_link(tri_setup(words=words), tri_engine)
    assert out["checked"] > 20 and out["guest_moves"] > 5


def test_a_trivirsity_hand_of_partners_over_the_link_sends_no_card_of_the_host() -> None:
    out = play_through_link(tri_setup("4", "yes", seed=10, words="challenge"), tri_engine)
    assert out["checked"] > 20 and out["guest_moves"] > 5


def test_the_leak_check_can_fail() -> None:
    """The check above catches a host that sends the guest a host seat's view."""
    e = sequence_engine(seq_setup("2"))
    w = Wire(HostSession(e, frozenset({0, 1}), {"game": "sequence"}))  # a broken split
    w.connect()
    with pytest.raises(AssertionError):
        check_guest_view(w, e, frozenset({1}))


def test_a_challenge_is_a_move_of_the_other_device() -> None:
    """Tri-Virsity's challenge mode works over the link: the guest challenges the host's
    word, and the host refuses a challenge of the guest's own side."""
    setup = tri_setup(words="challenge", seed=11)
    rng = random.Random(1)
    for seed in range(11, 60):
        e = tri_engine(setup.with_seed(seed))
        w = Wire(HostSession(e, frozenset({1}), {"game": "tri-virsity"}))
        w.connect()
        for step in range(1, 8):  # the host's first turn, until it lays a word
            if e.view(-1)["pending"] or e.view(-1)["turn"] != 0:
                break
            move = BOT.choose(bot_context(TRI_GAME, e.state.cur, 0, rng))
            assert move is not None
            e.submit(move.to_json() | {"at": None}, 10 * step)
        pending = e.view(-1)["pending"]
        if not pending or pending[0]["seat"] != 0:
            continue
        w.push()
        assert "challenge" in w.engine.legal(1)
        w.engine.submit({"seat": 1, "kind": "challenge", "data": 0}, 100)
        assert e.moves[-1]["kind"] == "challenge" and e.moves[-1]["seat"] == 1
        assert w.host.acks[w.host.applied]["ok"]
        with pytest.raises(EngineRefused):  # the host's seat is not the guest's to play
            w.engine.submit({"seat": 0, "kind": "challenge", "data": 0}, 110)
        return
    raise AssertionError("no deal where the host lays a word on its first turn")


def test_trivirsity_names_every_kind_of_play_to_the_guest() -> None:
    """R-193: the plays after the draw are an open space; the guest is told their kinds,
    only for the seat whose turn it is, so its engine client lets them through."""
    e = tri_engine(tri_setup())
    assert e.legal(0) == ["draw", "take"] and e.legal(1) == []
    e.submit({"seat": 0, "kind": "draw"}, 10)
    assert set(e.legal(0)) >= {"lay", "build", "discard", "no-discard", "trivirsity"}
    assert e.legal(1) == []
    w = Wire(HostSession(e, frozenset({1}), {"game": "tri-virsity"}))
    w.connect()
    with pytest.raises(EngineRefused):  # not the guest's turn: refused on the guest itself
        w.engine.submit({"seat": 1, "kind": "discard", "data": "RA1"}, 20)


# ---------------------------------------------------------------- public moves


def test_the_harness_refuses_a_hidden_move_called_public() -> None:
    """A trade in Border Zap goes face down to the other team: a game that called it
    public would tell the other device the card. The conformance harness catches it."""
    from cardroom.conformance import ConformanceError, random_playout  # noqa: PLC0415
    from cardroom.geoplunge.tricks.zap import GAME as ZAP  # noqa: PLC0415

    class Leaky(type(ZAP)):  # type: ignore[misc]
        public_moves = frozenset({"trade", "discard"})

    random_playout(ZAP, 1, {"level": 4}, deep=False)  # as the game is, it passes
    with pytest.raises(ConformanceError, match="public move"):
        random_playout(Leaky(), 1, {"level": 4}, deep=False)


@pytest.mark.parametrize("seed", range(4))
def test_sequence_and_trivirsity_moves_are_public(seed: int) -> None:
    """R-198: every kind of move of both games passes the public-move check."""
    from cardroom.conformance import random_playout  # noqa: PLC0415

    assert SEQUENCE.public_moves == {"play", "dead", "pass"}
    assert MATCH.public_moves >= TRI_GAME.public_moves
    for game, opts in ((SEQUENCE, {"players": 4}), (TRI_GAME, {"players": 2})):
        out = random_playout(game, seed, opts, deep=False)
        assert {m.kind for m in out.moves} & game.public_moves

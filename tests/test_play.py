"""The one computer-against-computer driver, :func:`cardroom.play.play`, proved on the
tiny game, and used by every simulator and by the conformance harness."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardroom import games, play, simulators
from cardroom.conformance import random_playout
from cardroom.core import REFEREE, BotContext, IllegalMove, Move
from cardroom.match import Match, play_match
from tests.tiny_game import GAME


class Lowest:
    """Commits its lowest card ``delay`` ms after the table's time."""

    def __init__(self, delay: int = 100) -> None:
        self.delay = delay
        self.seen: list[dict[str, Any]] = []

    def choose(self, ctx: BotContext) -> Move | None:
        self.seen.append(ctx.view)
        if ctx.legal.is_empty():
            return None
        card = min(int(c[1:]) for c in ctx.view["hand"])
        return Move(ctx.seat, "commit", card, (ctx.now or 0) + self.delay)


class Idle:
    def choose(self, ctx: BotContext) -> Move | None:
        return None


class Cheat:
    """Plays a card it does not hold."""

    def choose(self, ctx: BotContext) -> Move | None:
        return Move(ctx.seat, "commit", 99, (ctx.now or 0) + 10)


def test_bots_play_a_game_to_its_end_and_it_replays() -> None:
    bots = [Lowest(100), Lowest(300)]
    r = play.play(GAME, bots, 5, max_actions=50, timed=True)
    assert GAME.is_over(r.final) and not r.capped and len(r.moves) == 6
    assert [m.seat for m in r.moves] == [0, 1] * 3  # the earlier bot commits first
    assert r.points == GAME.points(r.final) and r.winner in (0, 1, None)
    assert GAME.replay(5, [m.to_json() for m in r.moves]) == r.final
    # bots saw views only (the tiny game's view shows a seat its own hand alone)
    assert all("hand" in v and "rng" not in v for b in bots for v in b.seen)
    assert len(r.think) >= len(r.moves)
    again = play.play(GAME, [Lowest(100), Lowest(300)], 5, max_actions=50, timed=True)
    assert again.moves == r.moves


def test_the_table_clock_moves_when_a_bot_does_not() -> None:
    r = play.play(GAME, [Lowest(100), Idle()], 2, {"timeout_ms": 1000}, max_actions=50, timed=True)
    assert [m.seat for m in r.moves] == [0, REFEREE] * 3
    assert r.winner is None and r.points == (5, 5) or r.points[0] >= r.points[1]


def test_every_state_and_move_is_observed() -> None:
    states: list[int] = []
    moves: list[Move] = []
    r = play.play(
        GAME,
        [Lowest(), Lowest(200)],
        1,
        max_actions=50,
        timed=True,
        on_state=lambda s, step: states.append(step),
        on_move=lambda before, m, after: moves.append(m),
    )
    assert states == list(range(len(r.moves) + 1)) and moves == r.moves


def test_a_bot_move_outside_its_legal_moves_is_an_error() -> None:
    with pytest.raises(play.IllegalBotMove, match="seat 1"):
        play.play(GAME, [Lowest(), Cheat()], 1, max_actions=50, timed=True)


def test_a_move_the_engine_refuses_is_an_error_never_skipped() -> None:
    with pytest.raises(play.MoveRefused) as exc:
        play.play(GAME, (), 1, max_actions=50, chooser=lambda s: Move(0, "commit", 99, 10))
    assert isinstance(exc.value.error, IllegalMove)


def test_nobody_moving_and_no_end_are_errors_unless_capped() -> None:
    with pytest.raises(play.PlayError, match="nobody moves"):
        play.play(GAME, [Idle(), Idle()], 1, max_actions=50, timed=True)
    with pytest.raises(play.PlayError, match="no end after 2 moves"):
        play.play(GAME, [Lowest(), Lowest(200)], 1, max_actions=2, timed=True)
    r = play.play(GAME, [Lowest(), Lowest(200)], 1, max_actions=2, timed=True, allow_cap=True)
    assert r.capped and len(r.moves) == 2 and r.winner is None


def test_a_deadline_stops_the_game_before_a_later_move() -> None:
    r = play.play(GAME, [Lowest(100), Lowest(300)], 1, max_actions=50, timed=True, deadline=450)
    assert r.timed_out and [m.at for m in r.moves] == [100, 400]


def _count_plays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record the slug of every game the driver plays."""
    played: list[str] = []
    real = play.PlayResult

    def counted(game: Any, *args: Any, **kw: Any) -> play.PlayResult:
        played.append(game.slug)
        return real(game, *args, **kw)

    monkeypatch.setattr(play, "PlayResult", counted)
    return played


@pytest.mark.parametrize("slug", sorted(simulators.SIMULATORS))
def test_every_simulator_plays_through_the_driver(monkeypatch, slug) -> None:
    played = _count_plays(monkeypatch)
    entry = games.entry(slug)
    run = simulators.simulator(slug)
    assert run is not None
    if slug == "tri-virsity":
        report = run(None, 1, 1, ("medium",), players=2)
    elif slug == "sequence":
        report = run(2, 1, 1, "easy")
    else:
        report = run(entry.levels[-1], 1, 1, ("medium", "medium"))
    assert report["errors"] == 0
    assert played and set(played) == {slug}


def test_the_harness_and_matches_play_through_the_driver(monkeypatch) -> None:
    played = _count_plays(monkeypatch)
    random_playout(GAME, 3, deep=False)
    assert played == ["high-card-duel"]
    m = play_match(Match.new(1, 2, "morning", minutes=2))
    assert len(played) == 1 + len(m.playing)


def test_a_simulated_bot_that_breaks_the_rules_is_counted_as_an_error(monkeypatch) -> None:
    from cardroom.geoplunge import simulate

    monkeypatch.setattr(simulate.bot, "bot", lambda d: Cheat())
    report = simulate.run(2, 3, seed=0)
    assert report["errors"] == 3


def test_bot_rngs_are_per_seat_and_seeded() -> None:
    a, b = play.bot_rngs("x", 4, 2)
    assert a.random() == random.Random("x:4:0").random()
    assert b.random() == random.Random("x:4:1").random()

"""Bot against bot: many Sequence games through the engine, with invariants checked.

Each game goes through :meth:`SequenceGame.apply` and the bots' contexts only
(:func:`cardroom.core.bot_context`: the seat's view, its legal moves, its own
``random.Random`` and its sampler of worlds). ``errors`` counts games that raised or
broke an invariant:

* every move a bot chooses is legal and applied without error;
* every view is JSON, shows its own hand only (partners' hands never), and no view of
  the table shows any hand;
* replaying the seed and moves gives the same final state;
* the points are the sequences completed: the winner has exactly the target (2 with two
  teams, 1 with three), the others fewer.

A game between people ends only when a team wins (R-79). Bots could in principle keep
a full board going for ever, so a simulated game is stopped after ``MAX_MOVES`` actions
(about a hundred decks; a won game takes a few hundred at most): such a game is
counted under ``"capped"`` in the results, not as a result of the rules.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from ..core import REFEREE
from ..play import InvariantError, PlayResult, play
from .bot import LEVELS, make
from .engine import GAME, SequenceState, default_teams

__all__ = ["InvariantError", "play_game", "run"]

#: The safety cap of a bot-only game, in actions (R-79); reported as "capped".
MAX_MOVES = 10_000


def _check_views(s: SequenceState, step: int = 0) -> None:
    for seat in (*range(s.players), REFEREE):
        view = json.loads(json.dumps(GAME.view(s, seat)))
        if seat == REFEREE:
            if view["hand"] is not None:
                raise InvariantError("the table's view shows a hand")
        elif view["hand"] != list(s.hands[seat]):
            raise InvariantError(f"seat {seat} does not see its own hand")
        if view["hand_sizes"] != [len(h) for h in s.hands]:
            raise InvariantError("hand sizes are wrong")


def _levels(levels: str | Sequence[str], teams: int) -> tuple[str, ...]:
    out = (levels,) * teams if isinstance(levels, str) else tuple(levels)
    if len(out) != teams:
        raise ValueError(f"give one level per team ({teams}), not {len(out)}")
    for lv in out:
        if lv not in LEVELS:
            raise ValueError(f"level is one of {', '.join(LEVELS)}, not {lv!r}")
    return out


def play_game(
    seed: int,
    players: int = 2,
    levels: str | Sequence[str] = "medium",
    teams: int | None = None,
    check_views: bool = True,
    max_moves: int = MAX_MOVES,
    **options: Any,
) -> PlayResult:
    """One bot-against-bot game (team ``t`` plays at ``levels[t]``), stopped unwon after
    ``max_moves`` actions (``capped``); raises on any broken invariant."""
    teams = default_teams(players) if teams is None else teams
    lv = _levels(levels, teams)
    opts = {"players": players, "teams": teams, **options}
    s = GAME.new(seed, **opts)
    bots = [make(lv[GAME.team_of(s, seat)]) for seat in range(players)]
    game = play(
        GAME,
        bots,
        seed,
        opts,
        max_actions=max_moves,
        ask="first",
        on_state=_check_views if check_views else None,
        allow_cap=True,
    )
    _check_end(game)
    return game


def _check_end(game: PlayResult) -> None:
    s = game.final
    pts = GAME.points(s)
    if s.winner is None:
        if not game.capped or GAME.is_over(s) or max(pts) >= s.target:
            raise InvariantError(f"a game ends only with a winner (R-79): {pts}")
    elif pts[s.winner] != s.target or any(
        p >= s.target for t, p in enumerate(pts) if t != s.winner
    ):
        raise InvariantError(f"points {pts} do not match the winner {s.winner}")


def _percentiles(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    if not xs:
        return {}

    def q(p: float) -> float:
        return round(1000 * xs[min(len(xs) - 1, int(p * len(xs)))], 3)

    return {"moves": len(xs), "p50": q(0.5), "p99": q(0.99), "max": round(1000 * xs[-1], 3)}


def run(
    players: int,
    games: int,
    seed: int = 0,
    levels: str | Sequence[str] = "medium",
    teams: int | None = None,
    *,
    check_views: bool = True,
    max_moves: int = MAX_MOVES,
    **options: Any,
) -> dict[str, Any]:
    """Play ``games`` games (seeds ``seed``, ``seed + 1``...) and count the results:
    ``{"game", "players", "teams", "levels", "games", "errors", "results": {"team1",
    "team2"[, "team3"], "capped"}, "max_moves", "longest", "moves", "move_ms": {level:
    {p50, p99, max}}, "seconds"}``. ``capped`` counts the games stopped unwon at the
    safety cap of ``max_moves`` actions; ``longest`` is the most actions a game took."""
    teams = default_teams(players) if teams is None else teams
    GAME.new(0, players=players, teams=teams, **options)  # validates the options
    lv = _levels(levels, teams)
    t0 = time.perf_counter()
    results = {f"team{t + 1}": 0 for t in range(teams)}
    results["capped"] = 0
    errors = 0
    moves = longest = 0
    times: dict[str, list[float]] = {}
    for i in range(games):
        try:
            g = play_game(seed + i, players, lv, teams, check_views, max_moves, **options)
        except Exception:  # noqa: BLE001 - every failure counts as an error
            errors += 1
            continue
        w = g.final.winner
        results["capped" if w is None else f"team{w + 1}"] += 1
        moves += len(g.moves)
        longest = max(longest, len(g.moves))
        for seat, seconds in g.think:  # each bot call's time, by the bot's level
            times.setdefault(lv[GAME.team_of(g.final, seat)], []).append(seconds)
    return {
        "game": GAME.slug,
        "players": players,
        "teams": teams,
        "levels": list(lv),
        "games": games,
        "errors": errors,
        "results": results,
        "max_moves": max_moves,
        "longest": longest,
        "moves": moves,
        "move_ms": {level: _percentiles(ts) for level, ts in sorted(times.items())},
        "seconds": round(time.perf_counter() - t0, 3),
    }

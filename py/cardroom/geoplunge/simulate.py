"""Bot against bot: many Border-Up games through the engine, with invariants checked.

Each game goes through the engine's protocol only: each bot (:class:`~.bot.EasyBot`,
:class:`~.bot.MediumBot`, :class:`~.bot.HardBot`) is asked through a
:class:`~cardroom.core.BotContext` (its view, legal moves, its own seeded
``random.Random`` and the table's time) and never sees the state; its delays become the
moves' times, and the table clock makes its calls (end of the count, of the shout window,
time) when they fall due before the next bot move. ``errors`` counts games that raised or
broke an invariant:

* every move a bot chooses is applied without error;
* no view shows a card its seat may not see (the other hand before the end, the undealt
  cards ever), and every view is JSON;
* the game ends, and replaying the seed and moves gives the same final state;
* the points follow the scoring table (:mod:`cardroom.scoring`), never above 40;
* a hard bot's shouts are always valid.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import scoring
from ..conformance import leaves
from ..core import REFEREE, Move, bot_context
from . import bot
from .border_up import GAME, BorderUpState
from .groups import check_shout

__all__ = ["SimGame", "play", "run"]

MAX_STEPS = 50


class InvariantError(AssertionError):
    """A simulated game broke an invariant."""


@dataclass
class SimGame:
    seed: int
    moves: list[Move] = field(default_factory=list)
    final: BorderUpState | None = None


def hidden_cards(s: BorderUpState, seat: int) -> frozenset[str]:
    """Cards ``seat`` may not see now: the undealt ones, and the other hands until the
    end (R-11)."""
    hidden = set(s.deck)
    if s.phase != "over":
        for team in (0, 1):
            if team != seat:
                hidden |= set(s.hands[team])
    return frozenset(hidden)


def _check_views(s: BorderUpState) -> None:
    for seat in (0, 1, REFEREE):
        view = json.loads(json.dumps(GAME.view(s, seat)))
        hidden = hidden_cards(s, seat)
        leaked = [x for x in leaves(view) if isinstance(x, str) and x in hidden]
        if leaked:
            raise InvariantError(f"view of seat {seat} shows {leaked}")


def play(
    seed: int, level: int, difficulties: Sequence[str] = ("medium", "medium"), **options: Any
) -> SimGame:
    """One bot-against-bot game; raises on any broken invariant."""
    rngs = [random.Random(f"border-up:{seed}:{seat}") for seat in (0, 1)]
    bots = [bot.bot(d) for d in difficulties]
    s = GAME.new(seed, level=level, **options)
    game = SimGame(seed)
    for _ in range(MAX_STEPS):
        _check_views(s)
        if GAME.is_over(s):
            break
        ready = []
        for seat in (0, 1):
            ctx = bot_context(GAME, s, seat, rngs[seat], GAME.clock(s))
            move = bots[seat].choose(ctx)
            if move is not None:
                if move.seat != seat or move not in ctx.legal:
                    raise InvariantError(f"bot {seat} chose {move}, not one of its moves")
                ready.append(move)
        clock = GAME.legal_moves(s, REFEREE)
        candidates = [*ready, *clock]
        if not candidates:
            raise InvariantError("the game is not over but nobody can move")
        move = min(candidates, key=lambda m: (m.at, m.seat == REFEREE))
        s = GAME.apply(s, move)
        game.moves.append(move)
    else:
        raise InvariantError(f"no end after {MAX_STEPS} moves")
    game.final = s
    _check_end(game, level, difficulties, options)
    return game


def _check_end(
    game: SimGame, level: int, difficulties: Sequence[str], options: dict[str, Any]
) -> None:
    s = game.final
    assert s is not None
    replayed = GAME.replay(game.seed, [m.to_json() for m in game.moves], level=level, **options)
    if replayed != s:
        raise InvariantError("replay from seed and moves differs")
    winner, bonus = GAME.outcome(s)
    pts = GAME.points(s)
    if pts != scoring.score(winner, bonus, GAME.plunged(s)) or max(pts) > scoring.MAX_POINTS:
        raise InvariantError(f"points {pts} break the scoring table")
    if winner is None and pts != (5, 5):
        raise InvariantError(f"a tie scores 5 each, not {pts}")
    for sh in s.shouts:
        if difficulties[sh.seat] == "hard" and not check_shout(sh.call, sh.groups, level).valid:
            raise InvariantError(f"a hard bot shouted invalid groups: {sh}")


def run(
    level: int,
    games: int,
    seed: int = 0,
    difficulties: Sequence[str] = ("medium", "medium"),
    **options: Any,
) -> dict[str, Any]:
    """Play ``games`` games (seeds ``seed``, ``seed + 1``...) and count the results:
    ``{"game", "level", "games", "errors", "results": {"team1", "team2", "tie"},
    "seconds"}``."""
    for d in difficulties:
        if d not in bot.PROFILES:
            raise ValueError(f"difficulty is one of {', '.join(bot.DIFFICULTIES)}, not {d!r}")
    t0 = time.perf_counter()
    results = {"team1": 0, "team2": 0, "tie": 0}
    errors = 0
    for i in range(games):
        try:
            g = play(seed + i, level, difficulties, **options)
        except Exception:  # noqa: BLE001 - every failure counts as an error
            errors += 1
            continue
        winner, _ = GAME.outcome(g.final)  # type: ignore[arg-type]
        results[{0: "team1", 1: "team2", None: "tie"}[winner]] += 1
    return {
        "game": GAME.slug,
        "level": level,
        "games": games,
        "errors": errors,
        "results": results,
        "seconds": round(time.perf_counter() - t0, 3),
    }

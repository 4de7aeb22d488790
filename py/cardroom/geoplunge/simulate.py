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
import time
from collections.abc import Sequence
from typing import Any

from .. import scoring
from ..conformance import leaves
from ..core import REFEREE
from ..play import InvariantError, PlayResult, play, tally
from . import bot
from .border_up import GAME, BorderUpState
from .groups import check_shout

__all__ = ["InvariantError", "hidden_cards", "play_game", "run"]

MAX_STEPS = 50


def hidden_cards(s: BorderUpState, seat: int) -> frozenset[str]:
    """Cards ``seat`` may not see now: the undealt ones, and the other hands until the
    end (R-11)."""
    hidden = set(s.deck)
    if s.phase != "over":
        for team in (0, 1):
            if team != seat:
                hidden |= set(s.hands[team])
    return frozenset(hidden)


def _check_views(s: BorderUpState, step: int = 0) -> None:
    for seat in (0, 1, REFEREE):
        view = json.loads(json.dumps(GAME.view(s, seat)))
        hidden = hidden_cards(s, seat)
        leaked = [x for x in leaves(view) if isinstance(x, str) and x in hidden]
        if leaked:
            raise InvariantError(f"view of seat {seat} shows {leaked}")


def play_game(
    seed: int, level: int, difficulties: Sequence[str] = ("medium", "medium"), **options: Any
) -> PlayResult:
    """One bot-against-bot game; raises on any broken invariant. Both bots are asked at
    every step (a bot plans once per phase, from its own seeded ``random.Random``)."""
    game = play(
        GAME,
        [bot.bot(d) for d in difficulties],
        seed,
        {"level": level, **options},
        max_actions=MAX_STEPS,
        timed=True,
        order=lambda g, s: (0, 1),
        on_state=_check_views,
        check_replay=True,
    )
    _check_end(game, level, difficulties)
    return game


def _check_end(game: PlayResult, level: int, difficulties: Sequence[str]) -> None:
    s = game.final
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
            g = play_game(seed + i, level, difficulties, **options)
        except Exception:  # noqa: BLE001 - every failure counts as an error
            errors += 1
            continue
        winner, _ = GAME.outcome(g.final)
        tally(winner, results)
    return {
        "game": GAME.slug,
        "level": level,
        "games": games,
        "errors": errors,
        "results": results,
        "seconds": round(time.perf_counter() - t0, 3),
    }

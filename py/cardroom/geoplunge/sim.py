"""Bot against bot through the engine: ``cardroom simulate state-iq|dashing-states``.

Each game goes through :meth:`~cardroom.core.Game.apply` only; each bot gets a
:class:`~cardroom.core.BotContext` (its view and legal moves, never the state), and the
table clock (:data:`~cardroom.core.REFEREE`) makes its calls when they fall due before
the bots' next moves. ``errors`` counts games that raised or broke an invariant:

* every move a bot chooses is legal and applied without error;
* every view is JSON, and no view shows a card its seat may not see yet
  (the other team's held card in State IQ; the other team's Map cards in the race under
  way and the undealt Map cards in Dashing States);
* the game ends, and replaying the seed and moves gives the same final state;
* the points follow the scoring table (:mod:`cardroom.scoring`), never above 40.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from .. import scoring
from ..core import REFEREE, Game
from ..play import InvariantError, PlayResult, play, tally

__all__ = ["InvariantError", "play_game", "run", "run_dashing", "run_state_iq"]

DIFFICULTIES = ("easy", "medium", "hard")


def play_game(
    game: Game,
    seed: int,
    options: dict[str, Any],
    bots: Sequence[Any],
    hidden: Callable[[Any, int], set[str]],
    max_steps: int = 400,
) -> PlayResult:
    """One bot-against-bot game; raises on any broken invariant."""

    def check_views(s: Any, step: int) -> None:
        for seat in (*range(len(bots)), REFEREE):
            text = json.dumps(game.view(s, seat))  # a view is JSON, or this raises
            leaked = sorted(x for x in hidden(s, seat) if json.dumps(x) in text)
            if leaked:
                raise InvariantError(f"the view of seat {seat} shows {leaked}")

    g = play(game, bots, seed, options, max_actions=max_steps, timed=True, on_state=check_views)
    pts = game.points(g.final)
    if max(pts) > scoring.MAX_POINTS or sorted(pts)[0] not in (0, 5):
        raise InvariantError(f"points {pts} break the scoring table")
    return g


def _run(
    game: Game,
    level: int,
    games: int,
    seed: int,
    difficulties: Sequence[str],
    make_bot: Callable[[str, int, int], Any],
    hidden: Callable[[Any, int], set[str]],
    outcome: Callable[[Any], tuple[int | None, bool]],
    **options: Any,
) -> dict[str, Any]:
    for d in difficulties:
        if d not in DIFFICULTIES:
            raise ValueError(f"difficulty is one of {', '.join(DIFFICULTIES)}, not {d!r}")
    t0 = time.perf_counter()
    results = {"team1": 0, "team2": 0, "tie": 0}
    bonus = 0
    errors = 0
    first_error = None
    for i in range(games):
        try:
            bots = [make_bot(difficulties[t], seed + i, t) for t in (0, 1)]
            g = play_game(game, seed + i, {"level": level, **options}, bots, hidden)
            winner, b = outcome(g.final)
            if game.points(g.final) != scoring.score(winner, b, _plunged(g.final)):
                raise InvariantError("points disagree with the result")
        except Exception as exc:  # noqa: BLE001 - every failure counts as an error
            errors += 1
            first_error = first_error or f"seed {seed + i}: {type(exc).__name__}: {exc}"
            continue
        tally(winner, results)
        bonus += b
    out = {
        "game": game.slug,
        "level": level,
        "games": games,
        "errors": errors,
        "results": results,
        "bonus": bonus,
        "seconds": round(time.perf_counter() - t0, 3),
    }
    if first_error:
        out["first_error"] = first_error
    return out


def _plunged(s: Any) -> list[bool]:
    return [bool(p) for p in s.plunge]


def run_state_iq(
    level: int,
    games: int,
    seed: int = 0,
    difficulties: Sequence[str] = ("medium", "medium"),
    **options: Any,
) -> dict[str, Any]:
    """``cardroom simulate state-iq``: play ``games`` games from seeds ``seed``,
    ``seed + 1``... and count the results."""
    from .state_iq import GAME, outcome
    from .state_iq_bot import StateIQBot

    def hidden(s: Any, seat: int) -> set[str]:
        if s.phase == "over":
            return set()
        seen = GAME._seen_positions(s, seat)
        # codes named in public for another reason (the statehood pick, which goes back
        # into the deck, and every guess) may coincide with a hidden card
        public = set(s.pick) | {g.code for g in s.guesses}
        return {s.geo[p] for t in (0, 1) for p in s.cards[t] if p not in seen} - public

    return _run(
        GAME,
        level,
        games,
        seed,
        difficulties,
        lambda d, sd, t: StateIQBot(d, f"{sd}:{t}"),
        hidden,
        lambda s: outcome(s.level, s.first, s.guesses),
        **options,
    )


def run_dashing(
    level: int,
    games: int,
    seed: int = 0,
    difficulties: Sequence[str] = ("medium", "medium"),
    **options: Any,
) -> dict[str, Any]:
    """``cardroom simulate dashing-states``: as :func:`run_state_iq`."""
    from .dashing import GAME, hidden_from, outcome
    from .dashing_bot import DashingBot

    return _run(
        GAME,
        level,
        games,
        seed,
        difficulties,
        lambda d, sd, t: DashingBot(d, f"{sd}:{t}"),
        hidden_from,
        outcome,
        **options,
    )


#: The runner the registry names for each game.
run = run_state_iq

"""How many seeded playouts the conformance tests run, and from which seeds: one knob for
every game.

- ``CARDROOM_PLAYOUTS`` (default 200): games per game and level (or set-up) in each
  conformance test. ``CARDROOM_PLAYOUTS=1000 ./scripts/test.sh`` is the long run;
  ``cardroom check GAME`` runs 1,000 per set-up by default, and as many as you like.
- ``CARDROOM_SEED``: the run's seed. Unset, each run draws a new one, so every run plays
  games no run played before and the coverage grows run by run; pytest's header prints it
  (and the summary repeats it after a failure), and ``CARDROOM_SEED=<that seed>`` replays
  the run's games exactly. ``CARDROOM_SEED=0 CARDROOM_PLAYOUTS=1000`` plays the seeds the
  tests played before the knob existed.

The first process to import this module draws the seed and puts it in the environment, so
pytest-xdist's workers (started after the controller imported the test wiring) and any
subprocess use the same one.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

__all__ = ["PLAYOUTS", "SEED", "describe", "results_until_seen", "scaled", "seeds"]


def _whole(name: str, default: int, least: int) -> int:
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = int(text)
    except ValueError:
        raise SystemExit(f"{name} must be a whole number, not {text!r}") from None
    if value < least:
        raise SystemExit(f"{name} must be {least} or more, not {value}")
    return value


#: games per game and level (or set-up) in a conformance test
PLAYOUTS: int = _whole("CARDROOM_PLAYOUTS", 200, 1)

if not os.environ.get("CARDROOM_SEED", "").strip():
    os.environ["CARDROOM_SEED"] = str(random.SystemRandom().randrange(1, 1_000_000))
#: this run's seed (see the module's docstring)
SEED: int = _whole("CARDROOM_SEED", 0, 0)

# Each run's seeds start at SEED * SPAN: runs with different seeds never share a game, and
# a test's offset (under SPAN) keeps its games apart from another test's.
SPAN = 1_000_000


def seeds(offset: int = 0, games: int | None = None) -> range:
    """The seeds of this run's ``games`` (default PLAYOUTS) playouts for one test (or one
    level of it): ``offset`` (a different one per test and level, below 1,000,000 minus
    the games) keeps them apart from the other tests'."""
    n = PLAYOUTS if games is None else games
    start = SEED * SPAN + offset
    return range(start, start + n)


def scaled(at_a_thousand: int, least: int = 1) -> int:
    """A count that ``at_a_thousand`` games reach, scaled to this run's PLAYOUTS with room
    to spare (half the proportional share, at least ``least``): how many times a kind of
    result must show up in a run, whatever its size and seeds."""
    return max(least, at_a_thousand * PLAYOUTS // 2000)


def results_until_seen(
    wanted: set[str],
    report: Any,
    more: Callable[[range], Any],
    offset: int,
    rounds: int = 8,
    *,
    enough: Callable[[set[str]], bool] | None = None,
) -> set[str]:
    """The results (``report.points``' keys) of a run, played on until every one of
    ``wanted`` has shown up: a rare result (a bonus, say: about one game in a hundred at
    some levels) need not show up in a run of a few hundred games, but a harness that
    can no longer reach it is a failure. ``more(seeds)`` plays and checks the next
    seeds (after the run's, from ``offset``), half a run at a time, up to ``rounds`` times
    (4 runs more at most); the caller asserts ``wanted`` is in what this returns.
    ``enough(seen)``, if given, says when to stop instead (one of several results, say)."""
    done = enough or (lambda seen: wanted <= seen)
    seen = set(report.points)
    step = max(1, PLAYOUTS // 2)
    start = offset + (report.games or PLAYOUTS)
    for _ in range(rounds):
        if done(seen):
            break
        seen |= set(more(seeds(start, step)).points)
        start += step
    return seen


def describe() -> str:
    return (
        f"cardroom: {PLAYOUTS} playouts per game and level (CARDROOM_PLAYOUTS), "
        f"seed {SEED} (CARDROOM_SEED={SEED} replays this run's games)"
    )

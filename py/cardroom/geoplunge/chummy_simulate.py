"""Bot against bot: many Chummy Challenge games through the engine, invariants checked.

Each game goes through :meth:`ChummyChallenge.apply` and the bots' :class:`BotContext`
only. The table clock acts at its deadlines (the count, each word, the window, the 15
seconds, the answer time) and the dealer picks a circle at random at Level 4. The
earliest planned move goes first. ``errors`` counts games that raised or broke an
invariant:

* every move a bot or the clock makes is accepted;
* every view is JSON; no view shows a word before it is read, the current question's
  text or answer before the challenge ends, or the other team's secret GeoPlunging
  decision or answer;
* the game ends within three challenges and replays exactly from its seed and moves;
* the points follow the scoring table (:mod:`cardroom.scoring`), never above 40.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import scoring
from ..core import REFEREE, Move, bot_context
from . import challenge
from .chummy import GAME, ChummyState
from .chummy_bot import DIFFICULTIES, ChummyBot

__all__ = ["SimGame", "play", "run"]

MAX_STEPS = 400
ASK_PAUSE_MS = 1200


class InvariantError(AssertionError):
    """A simulated game broke an invariant."""


@dataclass
class SimGame:
    seed: int
    level: int
    moves: list[Move] = field(default_factory=list)
    final: ChummyState | None = None


def _check_views(s: ChummyState) -> None:
    r = s.current
    for seat in (0, 1, REFEREE):
        view = json.loads(json.dumps(GAME.view(s, seat)))
        if r is None or r.colour is None:
            continue
        q = r.question()
        words = challenge.words(q.text)
        shown = view["current"]["words"]
        if list(words[: len(shown)]) != shown or len(shown) > r.read:
            raise InvariantError(f"seat {seat} sees words not read yet: {shown}")
        text = json.dumps(view["current"])
        if len(shown) < len(words) and q.text in text:
            raise InvariantError(f"seat {seat} sees the whole question early")
        if "answer" in view["current"] or "card" in view["current"]:
            raise InvariantError(f"seat {seat} sees the card or its answer")
        if s.phase == "answer" and len(r.answering) == 2:
            for a in r.answers:
                if a.team != seat and view["current"]["my_answer"] == list(a.text):
                    raise InvariantError(f"seat {seat} sees the other team's secret answer")
    if s.phase == "plunge":
        for seat in (0, 1):
            if GAME.view(s, seat)["plunge"][1 - seat] != "hidden":
                raise InvariantError("a GeoPlunging decision shows during the count")


def play(
    seed: int, level: int, difficulties: Sequence[str] = ("medium", "medium"), **options: Any
) -> SimGame:
    """One bot-against-bot game; raises on any broken invariant."""
    bots = [ChummyBot(difficulties[t], seed * 2 + t) for t in (0, 1)]
    rngs = [random.Random(f"chummy-sim:{seed}:{t}") for t in (0, 1)]
    dealer = random.Random(f"chummy-dealer:{seed}")
    s = GAME.new(seed, level=level, **options)
    game = SimGame(seed, level)
    for _ in range(MAX_STEPS):
        _check_views(s)
        if GAME.is_over(s):
            break
        now = GAME.clock(s)
        candidates: list[Move] = []
        for t in (0, 1):
            if t in GAME.to_move(s):
                m = bots[t].choose(bot_context(GAME, s, t, rngs[t], now))
                if m is not None:
                    candidates.append(m)
        clock = GAME.legal_moves(s, REFEREE)
        if not clock.is_empty():
            moves = list(clock)  # type: ignore[call-overload]
            if moves[0].kind == "ask":
                pick = moves[dealer.randrange(len(moves))]
                candidates.append(pick.with_time(now + ASK_PAUSE_MS))
            else:
                candidates.extend(moves)
        if not candidates:
            raise InvariantError("the game is not over but nobody moves")
        move = min(candidates, key=lambda m: (m.at, m.seat != REFEREE))
        s = GAME.apply(s, move)
        game.moves.append(move)
    else:
        raise InvariantError(f"no end after {MAX_STEPS} moves")
    game.final = s
    _check_end(game, options)
    return game


def _check_end(game: SimGame, options: dict[str, Any]) -> None:
    s = game.final
    assert s is not None
    replayed = GAME.replay(
        game.seed, [m.to_json() for m in game.moves], level=game.level, **options
    )
    if replayed != s:
        raise InvariantError("replay from seed and moves differs")
    if not 2 <= len(s.rounds) <= 3:
        raise InvariantError(f"{len(s.rounds)} challenges")
    winner, bonus = GAME.outcome(s)
    pts = GAME.points(s)
    if pts != scoring.score(winner, bonus, GAME.plunged(s)) or max(pts) > scoring.MAX_POINTS:
        raise InvariantError(f"points {pts} break the scoring table")
    for t in (0, 1):
        used = [r.plungers[t] for r in s.rounds]
        if len(set(used)) != len(used):
            raise InvariantError("a GeoPlunger served twice")
    for r in s.rounds:
        if s.level == 3 and r.colour not in challenge.LEVEL_COLOURS[3]:
            raise InvariantError(f"Level 3 asked a {r.colour} question")


def run(
    level: int,
    games: int,
    seed: int = 0,
    difficulties: Sequence[str] = ("medium", "medium"),
    **options: Any,
) -> dict[str, Any]:
    """Play ``games`` games (seeds ``seed``, ``seed + 1``...) and count the results:
    ``{"game", "level", "games", "errors", "results": {"team1", "team2", "tie"},
    "challenges": {how: count}, "right_by_colour": {colour: [right, answered]},
    "seconds"}``."""
    for d in difficulties:
        if d not in DIFFICULTIES:
            raise ValueError(f"difficulty is one of {', '.join(DIFFICULTIES)}, not {d!r}")
    if level not in (3, 4):
        raise ValueError("Chummy Challenge is played at Levels 3 and 4")
    t0 = time.perf_counter()
    results = {"team1": 0, "team2": 0, "tie": 0}
    hows: dict[str, int] = {}
    by_colour: dict[str, list[int]] = {c: [0, 0] for c in challenge.LEVEL_COLOURS[level]}
    errors = 0
    first_error = None
    for i in range(games):
        try:
            g = play(seed + i, level, difficulties, **options)
        except Exception as exc:  # noqa: BLE001 - every failure counts as an error
            errors += 1
            first_error = first_error or f"seed {seed + i}: {type(exc).__name__}: {exc}"
            continue
        assert g.final is not None
        winner, _ = GAME.outcome(g.final)
        results[{0: "team1", 1: "team2", None: "tie"}[winner]] += 1
        for r in g.final.rounds:
            hows[r.how or "?"] = hows.get(r.how or "?", 0) + 1
            for a in r.answers:
                by_colour[r.colour or "red"][0] += bool(a.correct)
                by_colour[r.colour or "red"][1] += 1
    out: dict[str, Any] = {
        "game": GAME.slug,
        "level": level,
        "games": games,
        "errors": errors,
        "results": results,
        "challenges": dict(sorted(hows.items())),
        "right_by_colour": by_colour,
        "seconds": round(time.perf_counter() - t0, 3),
    }
    if first_error:
        out["first_error"] = first_error
    return out

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
from typing import Any

from .. import scoring
from ..core import REFEREE, Game, Move
from ..play import InvariantError, PlayResult, bot_rngs, play, tally
from . import challenge
from .chummy import GAME, ChummyState
from .chummy_bot import DIFFICULTIES, ChummyBot

__all__ = ["InvariantError", "play_game", "run"]

MAX_STEPS = 400
ASK_PAUSE_MS = 1200


def _check_views(s: ChummyState, step: int = 0) -> None:
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


def play_game(
    seed: int, level: int, difficulties: Sequence[str] = ("medium", "medium"), **options: Any
) -> PlayResult:
    """One bot-against-bot game; raises on any broken invariant. The table clock acts at
    its deadlines (before a bot's move at the same time); at Level 4 the dealer picks a
    circle at random, a moment after the question is due."""
    dealer = random.Random(f"chummy-dealer:{seed}")

    def clock(game: Game, s: Any, now: int) -> list[Move]:
        moves = list(game.legal_moves(s, REFEREE))
        if moves and moves[0].kind == "ask":
            return [moves[dealer.randrange(len(moves))].with_time(now + ASK_PAUSE_MS)]
        return moves

    game = play(
        GAME,
        [ChummyBot(difficulties[t], seed * 2 + t) for t in (0, 1)],
        seed,
        {"level": level, **options},
        max_actions=MAX_STEPS,
        rngs=bot_rngs("chummy-sim", seed, 2),
        timed=True,
        referee=clock,
        referee_first=True,
        on_state=_check_views,
    )
    _check_end(game)
    return game


def _check_end(game: PlayResult) -> None:
    s = game.final
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
            g = play_game(seed + i, level, difficulties, **options)
        except Exception as exc:  # noqa: BLE001 - every failure counts as an error
            errors += 1
            first_error = first_error or f"seed {seed + i}: {type(exc).__name__}: {exc}"
            continue
        winner, _ = GAME.outcome(g.final)
        tally(winner, results)
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

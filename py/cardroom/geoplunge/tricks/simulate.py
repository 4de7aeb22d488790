"""Bot against bot: ``cardroom simulate play-the-ranks|border-zap``.

Each game goes through :meth:`~cardroom.core.Game.apply` only; each bot gets a
:class:`~cardroom.core.BotContext` (its view, legal moves and world sampler, never the
state). ``errors`` counts games that raised or broke an invariant:

* every move a bot chooses is one of its legal moves and is applied without error;
* every view is JSON; no view shows a card of the other team's hand, nor, at Level 4,
  the face-down lead card before the other team has played;
* the game ends, and replaying the seed and moves gives the same final state;
* the points follow the scoring table (:mod:`cardroom.scoring`) for the game's result.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from ... import scoring
from ...conformance import leaves
from ...core import REFEREE, Game, Move
from ...play import InvariantError, play, tally
from .bots import DIFFICULTIES, make_bot

__all__ = ["InvariantError", "hidden_cards", "play_game", "run", "run_ranks", "run_zap"]

MAX_STEPS = 200


def hidden_cards(s: Any, seat: int) -> set[str]:
    """Postal codes ``seat`` may not see now: the other team's hand and discards (and
    every hand for the public view), and a face-down Level 4 lead card."""
    out: set[str] = set()
    for t in (0, 1):
        if t != seat:
            out |= set(s.hands[t]) | set(s.discards[t])
    cur = s.current
    if cur is not None and getattr(s, "level", 0) == 4 and hasattr(s, "bur") and seat != cur.lead:
        from ..decks import power_card

        if power_card(s.geostar()).geostar != "postal_code":  # that GeoStar names the card
            out.add(cur.card)
    out -= set(s.pick or ())  # the statehood pick is shown, then goes back into the deck
    if hasattr(s, "bur"):
        out -= set(s.bur)  # BUR cards are dealt face-up: everybody has seen them
    if hasattr(s, "trades"):
        out -= {c for tr in s.trades for c in tr}  # traded cards are seen by both teams
        if s.phase not in ("trade1", "trade2"):
            out -= set(s.faceup(0)) | set(s.faceup(1))
    return out


def play_game(
    game: Game, seed: int, options: dict[str, Any], difficulties: Sequence[str]
) -> tuple[Any, list[Move]]:
    """One bot-against-bot game; raises on any broken invariant. The lowest seat to move
    is asked, and must move."""

    def check_views(s: Any, step: int) -> None:
        for seat in (0, 1, REFEREE):
            view = json.loads(json.dumps(game.view(s, seat)))
            secret = hidden_cards(s, seat)
            leaked = [x for x in leaves(view) if isinstance(x, str) and x in secret]
            if leaked:
                raise InvariantError(f"the view of seat {seat} shows {leaked}")

    g = play(
        game,
        [make_bot(d) for d in difficulties],
        seed,
        options,
        max_actions=MAX_STEPS,
        ask="first",
        order=lambda gm, s: (min(gm.to_move(s)),),
        on_state=check_views,
    )
    return g.final, g.moves


def _run(
    game: Game,
    outcome: Any,
    level: int,
    games: int,
    seed: int,
    difficulties: Sequence[str],
    options: dict[str, Any],
) -> dict[str, Any]:
    for d in difficulties:
        if d not in DIFFICULTIES:
            raise ValueError(f"difficulty is one of {', '.join(DIFFICULTIES)}, not {d!r}")
    t0 = time.perf_counter()
    results = {"team1": 0, "team2": 0, "tie": 0}
    bonus = errors = 0
    first_error = None
    for i in range(games):
        try:
            s, _ = play_game(game, seed + i, {"level": level, **options}, difficulties)
            w, b, _ = outcome(s)
            plunged = tuple(bool(p) for p in s.plunge)
            if game.points(s) != scoring.score(w, b, plunged):
                raise InvariantError("points disagree with the result")
        except Exception as exc:  # noqa: BLE001 - every failure counts as an error
            errors += 1
            first_error = first_error or f"seed {seed + i}: {type(exc).__name__}: {exc}"
            continue
        tally(w, results)
        bonus += b
    out: dict[str, Any] = {
        "game": game.slug,
        "level": level,
        **{k: v for k, v in options.items() if k == "version"},
        "teams": list(difficulties),
        "games": games,
        "errors": errors,
        "results": results,
        "bonus": bonus,
        "seconds": round(time.perf_counter() - t0, 3),
    }
    if first_error:
        out["first_error"] = first_error
    return out


def run_ranks(
    level: int,
    games: int,
    seed: int = 0,
    difficulties: Sequence[str] = ("medium", "medium"),
    **options: Any,
) -> dict[str, Any]:
    """``cardroom simulate play-the-ranks``: ``games`` games from seeds ``seed``,
    ``seed + 1``...; ``version="ptr1"|"ptr2"`` at Levels 3 and 4."""
    from .ranks import GAME, outcome

    return _run(GAME, outcome, level, games, seed, difficulties, options)


def run_zap(
    level: int,
    games: int,
    seed: int = 0,
    difficulties: Sequence[str] = ("medium", "medium"),
    **options: Any,
) -> dict[str, Any]:
    """``cardroom simulate border-zap``."""
    from .zap import GAME, outcome

    options.pop("version", None)
    return _run(GAME, outcome, level, games, seed, difficulties, options)


run = run_ranks

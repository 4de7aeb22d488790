"""Bot against bot: Tri-Virsity matches through the engine, with invariants checked.

A match is a chain of hands to the target score (``carry`` hands on the scores and the
dealer, R-90). Every move goes through :meth:`TriVirsity.apply`; each bot chooses from its
own :class:`~cardroom.core.BotContext`. ``errors`` counts matches that raised or broke an
invariant:

* every move a bot makes is accepted, and a bot always answers when the hand waits on it;
* every view is JSON and shows no card hidden from its seat;
* every state loads back from its JSON;
* replaying each hand's seed and moves gives the same final state;
* each hand's team points are the carried scores plus its seats' scores, and a match
  ends within ``MAX_HANDS`` hands.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import REFEREE, Game
from ..play import InvariantError, PlayResult, play
from .bot import TriBot
from .game import GAME, TriState

__all__ = ["InvariantError", "MatchRecord", "play_hand", "play_match", "run"]

MAX_STEPS = 3000
MAX_HANDS = 60


@dataclass
class MatchRecord:
    seed: int
    hands: list[PlayResult] = field(default_factory=list)
    points: tuple[int, ...] = ()
    winner: int | None = None  # team with the most points (None: a tie)


def _check_views(s: TriState, step: int = 0) -> None:
    n = s.rules.players
    over = s.phase == "over"
    for seat in (*range(n), REFEREE):
        text = json.dumps(GAME.view(s, seat))
        if over:
            continue
        for x in range(n):
            if x == seat:
                continue
            hidden = set(s.hands[x]) - set(s.known[x])
            leaked = [c for c in hidden if f'"{c}"' in text and not _public(s, c)]
            if leaked:
                raise InvariantError(f"the view of seat {seat} shows {leaked} of seat {x}")


def _public(s: TriState, card: str) -> bool:
    return any(card in w.cards for w in s.words) or card in s.discards


def _check_state(s: TriState, step: int) -> None:
    _check_views(s)
    if GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(s)))) != s:
        raise InvariantError("a state does not load back from its JSON")


def _ask_order(game: Game, s: TriState) -> list[int]:
    """The other seats first (a claim or a challenge), the seat to act last: it must."""
    actor = GAME._actor(s)
    return sorted(x for x in game.to_move(s) if x != actor) + [actor]


def play_hand(
    seed: int,
    options: dict[str, Any],
    bots: Sequence[TriBot],
    rngs: Sequence[random.Random],
    *,
    check: bool = True,
) -> PlayResult:
    """One hand, bots choosing for every seat (the first that answers moves); raises on
    a broken invariant. ``think`` holds every bot call's time."""
    return play(
        GAME,
        bots,
        seed,
        options,
        max_actions=MAX_STEPS,
        rngs=rngs,
        ask="first",
        order=_ask_order,
        on_state=_check_state if check else None,
        check_replay=check,
    )


def play_match(
    seed: int,
    levels: Sequence[str],
    options: dict[str, Any] | None = None,
    *,
    check: bool = True,
    max_hands: int = MAX_HANDS,
) -> MatchRecord:
    """Hands to the target score (one hand for solitaire)."""
    opts = dict(options or {})
    n = 1 if opts.get("variant") == "solitaire" else opts.get("players", 2)
    if len(levels) != n:
        raise ValueError(f"one bot level per seat ({n})")
    bots = [TriBot(lv) for lv in levels]
    rngs = [random.Random(f"tri-virsity:{seed}:{x}") for x in range(n)]
    rec = MatchRecord(seed)
    carry: dict[str, Any] | None = None
    for k in range(max_hands):
        hand_opts = {**opts, **({"carry": carry} if carry else {})}
        h = play_hand(seed * 1000 + k, hand_opts, bots, rngs, check=check)
        rec.hands.append(h)
        s = h.final
        per = GAME.seat_scores(s)
        pts = GAME.points(s)
        expect = list(s.rules.carry)
        for x, v in enumerate(per):
            expect[s.rules.team_of(x)] += v
        if tuple(expect) != pts:
            raise InvariantError(f"points {pts} are not the carried scores plus the hand's")
        rec.points = pts
        if s.rules.solitaire or GAME.match_over(s):
            break
        carry = GAME.next_hand(s)
    else:
        raise InvariantError(f"no team reached the target in {max_hands} hands")
    best = max(rec.points)
    tops = [t for t, p in enumerate(rec.points) if p == best]
    rec.winner = tops[0] if len(tops) == 1 else None
    return rec


def run(
    level: Any = None,
    games: int = 200,
    seed: int = 1,
    teams: Sequence[str] | None = None,
    *,
    players: int = 2,
    variant: str = "standard",
    options: dict[str, Any] | None = None,
    target: int | None = None,
) -> dict[str, Any]:
    """``games`` matches from ``seed`` on; the report counts wins per team and errors.
    ``teams`` gives the bot level per seat (cycled); ``level`` is accepted and ignored
    (the GeoPlunge runners' first argument; Tri-Virsity has variants instead)."""
    del level
    opts = dict(options or {})
    solo = variant == "solitaire"
    opts["variant"] = variant
    if solo:
        opts.pop("players", None)
        n = 1
    else:
        opts["players"] = players
        n = players
    if target is not None:
        opts["target"] = target
    cycle = list(teams or ("medium",))
    levels = [cycle[x % len(cycle)] for x in range(n)]
    t0 = time.perf_counter()
    errors = 0
    messages: list[str] = []
    wins: dict[str, int] = {}
    hands = 0
    move_ms: list[float] = []
    outs = {"out": 0, "blocked": 0, "time": 0, "solitaire": 0}
    for g in range(games):
        try:
            rec = play_match(seed + g, levels, opts)
        except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
            errors += 1
            if len(messages) < 5:
                messages.append(f"match {seed + g}: {type(exc).__name__}: {exc}")
            continue
        hands += len(rec.hands)
        for h in rec.hands:
            move_ms.extend(1000 * seconds for _, seconds in h.think)
            outs[h.final.end] = outs.get(h.final.end, 0) + 1
        key = "tie" if rec.winner is None else f"team{rec.winner + 1}"
        if solo:
            end = rec.hands[-1].final.end
            key = {"out": "player", "solitaire": "solitaire"}.get(end, "blocked")
        wins[key] = wins.get(key, 0) + 1
    move_ms.sort()

    def pct(p: float) -> float:
        return round(move_ms[min(len(move_ms) - 1, int(p * len(move_ms)))], 2) if move_ms else 0.0

    return {
        "game": GAME.slug,
        "variant": variant,
        "players": n,
        "bots": levels,
        "games": games,
        "hands": hands,
        "results": wins,
        "ends": outs,
        "move_ms": {"p50": pct(0.5), "p99": pct(0.99), "max": pct(1.0)},
        "seconds": round(time.perf_counter() - t0, 2),
        "errors": errors,
        "messages": messages,
    }

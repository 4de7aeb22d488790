"""One driver for computer-against-computer games: :func:`play`.

Every simulator (``cardroom simulate <game>``) and the conformance harness
(``cardroom check``) play their games through :func:`play`. It deals ``game.new(seed,
**options)`` and, until the game is over, asks for the next move, applies it through
:meth:`~cardroom.core.Game.apply` and records it. The next move comes from

* the **bots**, one :class:`~cardroom.core.Bot` per seat, each choosing from its own
  :class:`~cardroom.core.BotContext` (its view, its legal moves, its own
  ``random.Random``, the table's time): never from the state. The table clock
  (:data:`~cardroom.core.REFEREE`) offers its own moves (its calls when they fall due).
  With ``ask="all"`` every seat that may move is asked and the earliest move is made
  (timed games: races, windows, buzzers); with ``ask="first"`` the seats are asked in
  ``order`` and the first that answers moves (turn-based games);
* or a ``chooser`` that picks the move itself (the harness's random mover).

A move a bot chooses outside its legal moves, or that the engine refuses, is an error
(:class:`IllegalBotMove`, :class:`MoveRefused`), never skipped; so is a game that is not
over while nobody moves. ``on_state(state, step)`` sees every state reached (the deal,
each one after a move, the last) and ``on_move(before, move, after)`` every move: a
caller's invariants raise from there. A game still going after ``max_actions`` moves is
stopped: an error, unless ``allow_cap`` (the result is then ``capped``). At the end the
seed and moves must replay to the same state (``check_replay``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .core import REFEREE, Bot, Game, GameError, Move, bot_context

__all__ = [
    "IllegalBotMove",
    "InvariantError",
    "MoveRefused",
    "PlayError",
    "PlayResult",
    "bot_rngs",
    "play",
    "tally",
]


class InvariantError(AssertionError):
    """A game played by computers broke an invariant (the simulators' checks raise it)."""


class PlayError(InvariantError):
    """The driver could not go on: nobody moves, a bot broke the protocol, no end."""


class IllegalBotMove(PlayError):
    """A bot chose a move that is not one of its seat's legal moves."""


class MoveRefused(PlayError):
    """The engine refused the move chosen (by a bot, the table clock or the chooser)."""

    def __init__(self, move: Move, error: GameError) -> None:
        super().__init__(f"move {move} refused: {error}")
        self.move = move
        self.error = error


@dataclass
class PlayResult:
    """One game played out: its seed, options and moves (what a save holds), the final
    state, whether ``max_actions`` stopped it unwon, and each bot call's time
    (``(seat, seconds)``)."""

    game: Game
    seed: int
    options: dict[str, Any]
    moves: list[Move] = field(default_factory=list)
    final: Any = None
    capped: bool = False
    timed_out: bool = False
    think: list[tuple[int, float]] = field(default_factory=list)

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(self.game.points(self.final))

    @property
    def winner(self) -> int | None:
        """The team with the most points alone (None: a tie or a capped game)."""
        if self.capped:
            return None
        pts = self.points
        best = max(pts)
        tops = [t for t, p in enumerate(pts) if p == best]
        return tops[0] if len(tops) == 1 else None


def bot_rngs(prefix: str, seed: int, seats: int) -> list[random.Random]:
    """Each seat's own ``random.Random``, seeded ``"{prefix}:{seed}:{seat}"``."""
    return [random.Random(f"{prefix}:{seed}:{seat}") for seat in range(seats)]


Order = Callable[[Game, Any], Iterable[int]]
Referee = Callable[[Game, Any, int], Iterable[Move]]


def _movers(game: Game, state: Any) -> list[int]:
    return sorted(s for s in game.to_move(state) if s != REFEREE)


def _clock_moves(game: Game, state: Any, now: int) -> Iterable[Move]:
    return game.legal_moves(state, REFEREE) if REFEREE in game.to_move(state) else ()


def play(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    max_actions: int,
    rngs: Sequence[random.Random] | None = None,
    ask: Literal["all", "first"] = "all",
    order: Order | None = None,
    timed: bool = False,
    referee: Referee | None = None,
    referee_first: bool = False,
    turn_ms: int | None = None,
    deadline: int | None = None,
    chooser: Callable[[Any], Move] | None = None,
    on_state: Callable[[Any, int], None] | None = None,
    on_move: Callable[[Any, Move, Any], None] | None = None,
    allow_cap: bool = False,
    check_replay: bool = True,
) -> PlayResult:
    """Play one game of ``game`` from ``seed`` to its end (see the module's docstring).

    ``order(game, state)``: the seats asked, in turn (default: the seats in ``to_move``).
    ``timed``: bots get the table's time, ``max(game.clock(state), last move's time)``,
    and the earliest move wins (ties: the seats before the clock, or the clock first with
    ``referee_first``). ``referee(game, state, now)``: the clock's candidate moves
    (default: its legal moves when it is to move). ``turn_ms``: an untimed move of a bot
    is made ``turn_ms`` after ``now`` (and an untimed move of the clock at ``now``), so
    the moves carry the time a round clock needs. ``deadline``: a move due after it is not
    made; the game stops there (``timed_out``)."""
    opts = dict(options or {})
    rngs = bot_rngs(game.slug, seed, len(bots)) if rngs is None else rngs
    order = order or _movers
    referee = referee or _clock_moves
    state = game.new(seed, **opts)
    result = PlayResult(game, seed, opts)
    last = 0  # the latest move's time: the table's time in a game without a clock
    for step in range(max_actions + 1):
        if on_state is not None:
            on_state(state, step)
        if game.is_over(state):
            break
        if step == max_actions:
            if not allow_cap:
                raise PlayError(f"no end after {max_actions} moves")
            result.capped = True
            break
        if chooser is not None:
            move = chooser(state)
        else:
            now = max(game.clock(state), last) if timed else None
            move = _next_move(
                game, state, bots, rngs, now, ask, order, referee, referee_first, turn_ms, result
            )
        if deadline is not None and (move.at or 0) > deadline:
            result.timed_out = True
            break
        try:
            after = game.apply(state, move)
        except GameError as exc:
            raise MoveRefused(move, exc) from exc
        if on_move is not None:
            on_move(state, move, after)
        result.moves.append(move)
        if move.at is not None:
            last = max(last, move.at)
        state = after
    result.final = state
    if check_replay:
        replayed = game.replay(seed, [m.to_json() for m in result.moves], **opts)
        if replayed != state:
            raise InvariantError("replay from seed and moves differs")
    return result


def _next_move(
    game: Game,
    state: Any,
    bots: Sequence[Bot],
    rngs: Sequence[random.Random],
    now: int | None,
    ask: str,
    order: Order,
    referee: Referee,
    referee_first: bool,
    turn_ms: int | None,
    result: PlayResult,
) -> Move:
    candidates: list[Move] = []
    for seat in order(game, state):
        ctx = bot_context(game, state, seat, rngs[seat], now)
        t0 = time.perf_counter()
        move = bots[seat].choose(ctx)
        result.think.append((seat, time.perf_counter() - t0))
        if move is None:
            continue
        if move.seat != seat or move not in ctx.legal:
            raise IllegalBotMove(f"the bot of seat {seat} chose {move}, not one of its moves")
        if turn_ms is not None and now is not None and move.at is None:
            move = move.with_time(now + turn_ms)
        candidates.append(move)
        if ask == "first":
            break
    if not candidates or now is not None:
        for move in referee(game, state, now or 0):
            if turn_ms is not None and now is not None and move.at is None:
                move = move.with_time(now)
            candidates.append(move)
    if not candidates:
        raise PlayError("the game is not over but nobody moves")
    if now is None:
        return candidates[0]

    def when(m: Move) -> tuple[int, bool]:
        at = now if m.at is None else m.at
        return (at, m.seat != REFEREE if referee_first else m.seat == REFEREE)

    return min(candidates, key=when)


def tally(winner: int | None, results: dict[str, int]) -> None:
    """Count a result under ``"team1"``, ``"team2"``... or ``"tie"``."""
    key = "tie" if winner is None else f"team{winner + 1}"
    results[key] = results.get(key, 0) + 1

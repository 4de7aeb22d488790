"""The conformance harness every game passes: seeded random playouts with invariants.

``check_game(game, seeds=range(20), options={...})`` plays random games and checks, after
every move:

* legal moves exist for some seat (or the referee's clock) until the game is over, and
  none after it;
* a sampled legal move is accepted; moves of an unknown kind are refused as
  :class:`~cardroom.core.MalformedMove`; a move for a seat that may not make it is
  refused with a :class:`~cardroom.core.GameError`; a refused move leaves the state
  untouched;
* states and moves round-trip through JSON;
* no view shows what its seat may not see (``game.secrets``), nor the RNG;
* replaying ``seed`` + moves gives the identical state; ``new(seed)`` is deterministic;
* ``score_check(state)`` (the game's own rule on points) holds at the end.

Timed moves: when a sampled move carries a time, the harness moves the table clock
forward by a random step (0 ms to several seconds), so races, windows and timeouts are
exercised at their edges as well as in their middle.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .core import REFEREE, Game, GameError, MalformedMove, Move, Rng

__all__ = ["ConformanceError", "Playout", "check_game", "random_playout"]

#: Steps by which the harness advances the clock for a timed move (milliseconds).
CLOCK_STEPS = (0, 0, 1, 40, 150, 299, 300, 301, 800, 2500, 5000, 6000)


class ConformanceError(AssertionError):
    """An invariant of the protocol was broken."""


@dataclass
class Playout:
    seed: int
    options: dict[str, Any]
    moves: list[Move] = field(default_factory=list)
    final: Any = None
    refused: int = 0  # illegal or malformed probes correctly refused


def _leaves(obj: Any) -> Iterable[Any]:
    if isinstance(obj, Mapping):
        for k, v in obj.items():
            yield k
            yield from _leaves(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _leaves(v)
    else:
        yield obj


def _snapshot(game: Game, state: Any) -> str:
    return json.dumps(game.state_to_json(state), sort_keys=True)


def _fail(msg: str, playout: Playout) -> ConformanceError:
    moves = json.dumps([m.to_json() for m in playout.moves])
    return ConformanceError(
        f"{msg}\n  seed={playout.seed} options={playout.options}\n  moves={moves}"
    )


def _check_views(game: Game, state: Any, playout: Playout) -> None:
    rng_values = {v.state for v in vars_of(state) if isinstance(v, Rng)}
    for seat in (*range(game.seats), REFEREE):
        view = game.view(state, seat)
        try:
            text = json.dumps(view)
        except (TypeError, ValueError) as exc:
            raise _fail(f"view for seat {seat} is not JSON: {exc}", playout) from None
        secrets = game.secrets(state, seat)
        for leaf in _leaves(json.loads(text)):
            if isinstance(leaf, str) and leaf in secrets:
                raise _fail(f"view for seat {seat} leaks {leaf!r}", playout)
            if isinstance(leaf, int) and not isinstance(leaf, bool) and leaf in rng_values:
                raise _fail(f"view for seat {seat} leaks the RNG state", playout)


def vars_of(state: Any) -> list[Any]:
    """The top-level field values of a dataclass-like state."""
    if hasattr(state, "__dataclass_fields__"):
        return [getattr(state, name) for name in state.__dataclass_fields__]
    return list(vars(state).values()) if hasattr(state, "__dict__") else []


def _check_round_trip(game: Game, state: Any, playout: Playout) -> None:
    data = json.loads(json.dumps(game.state_to_json(state)))
    back = game.state_from_json(data)
    if back != state:
        raise _fail("state does not round-trip through JSON", playout)


def _probe_illegal(game: Game, state: Any, move: Move, playout: Playout, rng: random.Random):
    before = _snapshot(game, state)
    probes = [Move(move.seat, "no-such-move-kind", None, move.at)]
    for other in (*range(game.seats), REFEREE):
        if other != move.seat and move.with_time(None) not in game.legal_moves(state, other):
            probes.append(Move(other, move.kind, move.data, move.at))
            break
    probes.append(Move(game.seats + 7, move.kind, move.data, move.at))
    for i, probe in enumerate(probes):
        if probe in game.legal_moves(state, probe.seat):
            continue
        try:
            game.apply(state, probe)
        except MalformedMove:
            pass
        except GameError:
            if i == 0:
                raise _fail(
                    f"unknown move kind not refused as malformed: {probe}", playout
                ) from None
        except Exception as exc:  # noqa: BLE001 - any other exception breaks the protocol
            raise _fail(f"{probe} raised {type(exc).__name__}: {exc}", playout) from None
        else:
            raise _fail(f"illegal move accepted: {probe}", playout)
        playout.refused += 1
        if _snapshot(game, state) != before:
            raise _fail(f"refused move {probe} changed the state", playout)


def random_playout(
    game: Game,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    chooser_seed: int | None = None,
    max_moves: int = 5000,
    probe_every: int = 1,
    chooser: Callable[[Game, Any, random.Random], Move | None] | None = None,
) -> Playout:
    """Play one random game and check every invariant along the way."""
    opts = dict(options or {})
    rng = random.Random(seed if chooser_seed is None else chooser_seed)
    playout = Playout(seed, opts)
    state = game.new(seed, **opts)
    if _snapshot(game, game.new(seed, **opts)) != _snapshot(game, state):
        raise _fail("new(seed) is not deterministic", playout)
    clock = 0
    for step in range(max_moves + 1):
        _check_views(game, state, playout)
        _check_round_trip(game, state, playout)
        movers = game.movers(state)
        if game.is_over(state):
            if movers:
                raise _fail(f"game is over but seats {movers} still have moves", playout)
            break
        if not movers:
            raise _fail("game is not over but nobody has a legal move", playout)
        if step == max_moves:
            raise _fail(f"no end after {max_moves} moves", playout)
        move = chooser(game, state, rng) if chooser else None
        if move is None:
            seat = movers[rng.randrange(len(movers))]
            move = game.legal_moves(state, seat).sample(rng)
        if move.at is not None:
            # Time only moves forward; the clock's own moves come at or just after their
            # deadline, the teams' moves after a random pause.
            steps = CLOCK_STEPS[:6] if move.seat == REFEREE else CLOCK_STEPS
            clock = max(clock, move.at) + rng.choice(steps)
            move = move.with_time(clock)
        if Move.from_json(json.loads(json.dumps(move.to_json()))) != move:
            raise _fail(f"move does not round-trip through JSON: {move}", playout)
        if step % probe_every == 0:
            _probe_illegal(game, state, move, playout, rng)
        before = _snapshot(game, state)
        try:
            nxt = game.apply(state, move)
        except GameError as exc:
            raise _fail(f"legal move {move} refused: {exc}", playout) from None
        if _snapshot(game, state) != before:
            raise _fail(f"apply changed the state it was given ({move})", playout)
        playout.moves.append(move)
        state = nxt
    playout.final = state
    # After the end: every seat's space is empty and moves are refused.
    for m in playout.moves[-3:]:
        try:
            game.apply(state, m)
        except GameError:
            playout.refused += 1
        else:
            raise _fail(f"move accepted after the end: {m}", playout)
    try:
        replayed = game.replay(seed, [m.to_json() for m in playout.moves], **opts)
    except GameError as exc:
        raise _fail(f"replay from seed + moves refused a move: {exc}", playout) from None
    if replayed != state or _snapshot(game, replayed) != _snapshot(game, state):
        raise _fail("replay from seed + moves differs", playout)
    return playout


def check_game(
    game: Game,
    seeds: Iterable[int] = range(20),
    options: Mapping[str, Any] | None = None,
    *,
    score_check: Callable[[Any], None] | None = None,
    **kwargs: Any,
) -> list[Playout]:
    """Run seeded random playouts of ``game`` and check every invariant.

    ``score_check(final_state)`` should raise AssertionError if the points break the
    game's rules. Returns the playouts (for statistics)."""
    playouts = []
    deals = set()
    for seed in seeds:
        p = random_playout(game, seed, options, **kwargs)
        if score_check is not None:
            try:
                score_check(p.final)
            except AssertionError as exc:
                raise _fail(f"score rule broken: {exc}", p) from None
        pts = game.points(p.final)
        if len(pts) != game.seats or not all(isinstance(x, int) for x in pts):
            raise _fail(f"points must be one int per seat, got {pts!r}", p)
        deals.add(_snapshot(game, game.new(seed, **dict(options or {}))))
        playouts.append(p)
    if len(playouts) > 1 and len(deals) == 1:
        raise ConformanceError("every seed dealt the same game: the seed is not used")
    return playouts

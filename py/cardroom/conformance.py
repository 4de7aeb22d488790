"""The conformance harness every game passes: seeded random playouts with invariants.

``check_game(game, seeds=range(1000), options={...}, oracle=...)`` plays random games and
checks, at every state reached:

* **turns** -- legal moves exist until the end and none after it; a seat is in
  ``to_move`` exactly when it has legal moves; a sampled legal move of every mover is
  accepted (``to_move`` agrees with ``apply``);
* **refusals** -- an unknown kind is refused as :class:`MalformedMove`; every seat
  outside ``to_move`` (and a seat that does not exist) offering each mover's legal moves
  as its own is refused; a non-move and a non-state are refused with typed errors; a
  refused move leaves the state untouched;
* **JSON** -- states and moves round-trip; views are JSON and never show the RNG;
* **non-interference, through resample** -- for each seat, ``resample`` draws (several
  for one seat a state, in turn, see below) keep that seat's view, legal moves and the
  end of the game identical; a world saves and loads back; resampling
  really changes the hidden content (unless the game ``hides_nothing``); and it depends
  on nothing the seat cannot see (``resample(A, k) == resample(resample(A, j), k)``);
* **non-interference, without trusting resample** -- ``pin(state, seat)`` deals another
  seed's world in which all the seat has seen is where it was; replaying the same moves
  there must give the seat the very same views at every step;
* **replays** -- ``new(seed)`` is deterministic and different seeds deal different games;
  seed + moves replays to the identical state; moves after the end are refused;
* **points** -- one int per team, equal to an ``oracle`` written independently of the
  engine (it must not call the engine's own checker).

Expensive checks (resample and pin) run on every state of the first ``deep`` playouts
and on a rotating seat at every ``deep_every``-th state of the others, so that a CI run
can afford a thousand playouts per game and level. At each state of a deep playout,
every seat (the referee included) has its view, legal moves and end compared with a
resampled world, and one seat in turn (``step % len(seats)``) has the whole resample
check: ``resamples`` worlds, independence from the hidden content, a world saved and
loaded back, a move played in one. What the whole check adds is about how ``resample``
draws for a seat, so the rotation proves it for every seat at every ``len(seats)``-th
state (a turn game of n seats rotates over n + 1 with the referee, so each seat has it
both to move and waiting). The moves tried on a state (a sampled move of each mover,
every refusal) are followed by one snapshot, not one each: a state no move changed is
the same whatever the order, and a change is traced to its move by trying each again
on a copy loaded from the snapshot.

Timed moves: when a sampled move carries a time, the harness moves the table clock
forward by a random step (0 ms to several seconds), so races, windows and timeouts are
exercised at their edges as well as in their middle.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .core import (
    REFEREE,
    CardroomError,
    CorruptState,
    Game,
    GameError,
    Move,
    MoveSpace,
    Rng,
)
from .play import MoveRefused, play

__all__ = ["ConformanceError", "Playout", "Report", "check_game", "leaves", "random_playout"]

#: Steps by which the harness advances the clock for a timed move (milliseconds).
CLOCK_STEPS = (0, 0, 1, 40, 150, 299, 300, 301, 800, 2500, 5000, 6000)
#: The seed offset of the pinned world (any other seed would do).
PIN_SEED_OFFSET = 1_000_003


class ConformanceError(AssertionError):
    """An invariant of the protocol was broken."""


@dataclass
class Playout:
    seed: int
    options: dict[str, Any]
    moves: list[Move] = field(default_factory=list)
    final: Any = None
    refused: int = 0  # illegal or malformed probes correctly refused
    resampled: int = 0  # resample draws checked
    hidden_changed: int = 0  # states where a resample changed hidden content
    pinned: int = 0  # pinned replays checked


@dataclass
class Report:
    """What a run of :func:`check_game` checked."""

    game: str
    options: dict[str, Any]
    games: int = 0
    moves: int = 0
    refused: int = 0
    resampled: int = 0
    pinned: int = 0
    seconds: float = 0.0
    points: dict[str, int] = field(default_factory=dict)  # "10,0" -> count
    playouts: list[Playout] = field(default_factory=list, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "games": self.games,
            "moves": self.moves,
            "refused": self.refused,
            "resampled": self.resampled,
            "pinned": self.pinned,
            "points": dict(sorted(self.points.items(), key=lambda kv: -kv[1])),
            "seconds": round(self.seconds, 2),
            "ok": True,
        }


def leaves(obj: Any, keys: bool = True) -> list[Any]:
    """Every leaf of ``obj``, and its mappings' keys unless ``keys`` is False (in no
    particular order). Iterative: a view is walked at every move of every playout."""
    out: list[Any] = []
    stack = [obj]
    while stack:
        o = stack.pop()
        t = type(o)
        if t is str or t is int or o is None or t is bool or t is float:
            out.append(o)
        elif t is dict or (t is not list and t is not tuple and isinstance(o, Mapping)):
            for k, v in o.items():
                if keys:
                    out.append(k)
                stack.append(v)
        elif isinstance(o, (list, tuple)):
            stack.extend(o)
        else:
            out.append(o)
    return out


#: The snapshot's encoder: ``json.dumps(obj, sort_keys=True)`` made once, not at every call
#: (the same text; a snapshot is taken many times at every state).
_SORTED = json.JSONEncoder(sort_keys=True).encode


def _snapshot(game: Game, state: Any) -> str:
    return _SORTED(game.state_to_json(state))


def _content(game: Game, state: Any) -> str:
    """The state's snapshot with its generators blanked: what resampling must change is
    hidden content (cards, secret choices), not only the future's randomness."""
    if hasattr(state, "__dataclass_fields__"):
        blank = {
            k: Rng(0) for k in state.__dataclass_fields__ if isinstance(getattr(state, k), Rng)
        }
        if blank:
            state = replace(state, **blank)
    return _snapshot(game, state)


def _view_text(game: Game, state: Any, seat: int) -> str:
    return _SORTED(game.view(state, seat))


def _fail(msg: str, playout: Playout) -> ConformanceError:
    moves = json.dumps([m.to_json() for m in playout.moves])
    if len(moves) > 4000:
        moves = moves[:4000] + "..."
    return ConformanceError(
        f"{msg}\n  seed={playout.seed} options={playout.options}\n  moves={moves}"
    )


def vars_of(state: Any) -> list[Any]:
    """The top-level field values of a dataclass-like state."""
    if hasattr(state, "__dataclass_fields__"):
        return [getattr(state, name) for name in state.__dataclass_fields__]
    return list(vars(state).values()) if hasattr(state, "__dict__") else []


def _rng_values(state: Any) -> set[int]:
    out = set()
    for v in vars_of(state):
        if isinstance(v, Rng):
            out.add(v.state)
    return out


def _whole_numbers(text: str) -> list[int]:
    """Every whole number (int leaf) of the JSON ``text``: JSON reads each integer
    literal through ``parse_int``, never a key, a bool or a float."""
    out: list[int] = []

    def read(literal: str) -> int:
        v = int(literal)
        out.append(v)
        return v

    json.loads(text, parse_int=read)
    return out


def _check_views(game: Game, state: Any, playout: Playout) -> dict[int, str]:
    """Every seat's view is JSON and shows no RNG state; returns each seat's view as text
    (``_view_text``), which the state's resample checks and pinned replays compare with."""
    rng_values = _rng_values(state)
    texts = {}
    for seat in game.all_seats(state):
        view = game.view(state, seat)
        try:
            text = _SORTED(view)
        except (TypeError, ValueError) as exc:
            raise _fail(f"view for seat {seat} is not JSON: {exc}", playout) from None
        texts[seat] = text
        # A whole number of the text is written as str(v), so a text without any RNG
        # value's digits holds none of them (the JSON is parsed only when it may).
        if rng_values and any(str(v) in text for v in rng_values):
            if not rng_values.isdisjoint(_whole_numbers(text)):
                raise _fail(f"view for seat {seat} leaks the RNG state", playout)
            if any(str(v) in text for v in rng_values if v > 10**6):
                raise _fail(f"view for seat {seat} leaks the RNG state as text", playout)
    return texts


def _strings(game: Game, state: Any, seat: int) -> set[str]:
    return {x for x in leaves(game.view(state, seat)) if isinstance(x, str)}


def _check_public_move(game: Game, before: Any, after: Any, move: Move, playout: Playout) -> None:
    """R-198: a kind of move the game calls public (another device is told its data in
    full) names nothing that only a seat's own view showed before it and the public view
    does not show after it (a card laid face up passes; one discarded face down fails).

    The views are walked only as far as needed: a name the public view shows before or
    after the move is no secret, whatever the seats' own views hold."""
    unseen = {x for x in leaves(move.data, keys=False) if isinstance(x, str)}
    for public in (after, before):  # after first: a card laid face up is seen there
        if not unseen:
            return
        unseen -= _strings(game, public, REFEREE)
    if not unseen:
        return
    secret = unseen & set().union(*(_strings(game, before, s) for s in game.all_seats(before)))
    if secret:
        raise _fail(f"public move {move} names {sorted(secret)} unseen", playout)


def _check_round_trip(game: Game, state: Any, playout: Playout, text: str | None = None) -> None:
    """``state`` saves as JSON and loads back equal; ``text`` is its snapshot if the
    caller has taken it (the same JSON, keys sorted)."""
    data = json.loads(json.dumps(game.state_to_json(state)) if text is None else text)
    try:
        back = game.state_from_json(data)
    except CorruptState as exc:
        raise _fail(f"a real state does not load back: {exc}", playout) from None
    if back != state:
        raise _fail("state does not round-trip through JSON", playout)


def _refuse(
    game: Game, state: Any, probe: Any, playout: Playout, what: str, tried: list[Any]
) -> None:
    """``probe`` is refused with a typed error. Whether it left the state untouched is
    checked with the state's other probes (``tried``, see :func:`_check_untouched`)."""
    tried.append((probe, f"refused {what} {probe!r}"))
    try:
        game.apply(state, probe)
    except GameError:
        pass
    except CorruptState:
        pass
    except Exception as exc:  # noqa: BLE001 - any other exception breaks the protocol
        raise _fail(f"{what}: {probe!r} raised {type(exc).__name__}: {exc}", playout) from None
    else:
        raise _fail(f"{what} accepted: {probe!r}", playout)
    playout.refused += 1


def _check_untouched(
    game: Game, state: Any, before: str, tried: list[Any], playout: Playout
) -> None:
    """The moves tried on ``state`` (accepted or refused) left it as its snapshot
    ``before`` says. One snapshot after all of them: a state no move changed is the
    same whatever the order. If one did, the culprit is found by trying each move
    again on a copy of the state loaded from ``before``."""
    if _snapshot(game, state) == before:
        return
    for probe, what in tried:
        try:
            copy = game.state_from_json(json.loads(before))
        except Exception:  # noqa: BLE001 - the round trip check names that
            break
        with contextlib.suppress(Exception):  # only the state matters here
            game.apply(copy, probe)
        if _snapshot(game, copy) != before:
            raise _fail(f"{what} changed the state", playout)
    whats = "; ".join(what for _, what in tried)
    raise _fail(f"a move tried on the state changed the state ({whats[:2000]})", playout)


def _check_turns(
    game: Game,
    state: Any,
    playout: Playout,
    rng: random.Random,
    full: bool,
    earlier: Mapping[int, MoveSpace] | None = None,
    before: str | None = None,
) -> dict[int, MoveSpace]:
    """to_move agrees with legal_moves and apply; out-of-turn moves are refused: each
    mover's move offered by every other seat, and each idle seat's own moves from the
    last time it was to move (a second shout, a second commit). ``before`` is the
    state's snapshot if the caller has taken it: the state must still have it after
    every move tried on it."""
    movers = game.to_move(state)
    if not isinstance(movers, frozenset):
        raise _fail(f"to_move must return a frozenset, got {type(movers).__name__}", playout)
    spaces: dict[int, MoveSpace] = {}
    every: dict[int, MoveSpace] = {}
    for seat in game.all_seats(state):
        space = every[seat] = game.legal_moves(state, seat)
        if space.is_empty() == (seat in movers):
            raise _fail(
                f"seat {seat} {'is' if seat in movers else 'is not'} in to_move {sorted(movers)}"
                f" but {'has no' if space.is_empty() else 'has'} legal moves",
                playout,
            )
        if seat in movers:
            spaces[seat] = space
    extra = set(movers) - set(game.all_seats(state))
    if extra:
        raise _fail(f"to_move names seats that do not exist: {sorted(extra)}", playout)
    if not full:
        return spaces
    if before is None:
        before = _snapshot(game, state)
    tried: list[Any] = []
    offered = [sp.sample(rng) for sp in spaces.values()]
    for move in offered:
        tried.append((move, f"apply ({move})"))
        try:
            game.apply(state, move)
        except GameError as exc:
            raise _fail(
                f"seat {move.seat} is to move but {move} is refused: {exc}", playout
            ) from None
    # Every seat outside to_move (and one that does not exist) offers each mover's move.
    outsiders = [s for s in game.all_seats(state) if s not in movers]
    outsiders.append(game.num_seats(state) + 3)
    for move in offered:
        _refuse(game, state, Move(move.seat, "no-such-move-kind", None, move.at), playout,
                "an unknown move kind", tried)  # fmt: skip
        for other in outsiders:
            probe = move.with_seat(other)
            theirs = every.get(other)
            if theirs is None:
                try:
                    theirs = game.legal_moves(state, other)
                except Exception as exc:  # noqa: BLE001
                    msg = f"legal_moves for seat {other} raised {type(exc).__name__}: {exc}"
                    raise _fail(msg, playout) from None
            if probe in theirs:
                raise _fail(f"seat {other} is not to move but may make {probe}", playout)
            _refuse(game, state, probe, playout, f"an out-of-turn move by seat {other}", tried)
    for other, space in (earlier or {}).items():
        if other in movers:
            continue
        for _ in range(3):
            old = space.sample(rng)
            at = None if old.at is None else max(old.at, game.clock(state))
            _refuse(game, state, old.with_time(at), playout,
                    f"a move seat {other} could make before, now out of turn,", tried)  # fmt: skip
    _refuse(game, state, {"seat": 0, "kind": "x"}, playout, "a non-Move", tried)
    try:
        game.apply({"not": "a state"}, offered[0] if offered else Move(0, "x"))
    except CardroomError:
        pass
    except Exception as exc:  # noqa: BLE001
        raise _fail(f"apply on a non-state raised {type(exc).__name__}", playout) from None
    else:
        raise _fail("apply accepted something that is not a state", playout)
    _check_untouched(game, state, before, tried, playout)
    return spaces


def _same_space(a: MoveSpace, b: MoveSpace, rng: random.Random) -> bool:
    try:
        return a.signature() == b.signature()
    except NotImplementedError:
        pass
    if a.is_empty() or b.is_empty():
        return a.is_empty() == b.is_empty()
    return all(a.sample(rng) in b and b.sample(rng) in a for _ in range(6))


def _check_resample(
    game: Game,
    state: Any,
    seat: int,
    playout: Playout,
    rng: random.Random,
    draws: int,
    before: str,
    view: str | None = None,
    whole: bool = True,
) -> None:
    """Resamples keep the seat's view and legal moves, change hidden content, and depend
    only on what the seat can see. ``before`` is the state's snapshot (the caller checks
    that the state still has it after all its seats' resamples), ``view`` the seat's view
    as text if the caller has it. Unless ``whole``, only the first part: the draws keep
    the seat's view, legal moves and the end (what resample is, not how it draws)."""
    if view is None:
        view = _view_text(game, state, seat)
    legal = game.legal_moves(state, seat)
    over = game.is_over(state)
    # A light check (not ``whole``) takes from ``rng`` the numbers a whole one takes for
    # its worlds and its move, so that a playout's moves do not depend on which seat has
    # the whole check (and are those the harness played when every seat had it).
    ks = [rng.randrange(1 << 62) for _ in range(draws)]
    worlds = []
    for k in ks if whole else ks[:1]:
        try:
            w = game.resample(state, seat, Rng(k))
        except Exception as exc:  # noqa: BLE001
            msg = f"resample for seat {seat} raised {type(exc).__name__}: {exc}"
            raise _fail(msg, playout) from None
        worlds.append(w)
        playout.resampled += 1
        if _view_text(game, w, seat) != view:
            raise _fail(
                f"seat {seat} can tell a resampled world from the real one: its view differs"
                f"\n  real:      {view[:600]}\n  resampled: {_view_text(game, w, seat)[:600]}",
                playout,
            )
        if game.is_over(w) != over:
            raise _fail(f"resampling for seat {seat} changes whether the game is over", playout)
        if not _same_space(game.legal_moves(w, seat), legal, rng):
            raise _fail(f"seat {seat}'s legal moves differ in a resampled world", playout)
    if game.hides_nothing:
        if {_snapshot(game, w) for w in worlds} != {before}:
            raise _fail("a game that hides nothing must resample to the state itself", playout)
    elif playout.hidden_changed == 0:
        # Some world's hidden content differs from the real one's: the first that does
        # decides it (the set of the worlds' contents is then not the real one alone).
        # The playout asks for one such state (a resample that changes nothing is a
        # lazy one); once it has it, comparing more proves nothing new.
        real = _content(game, state)
        if any(_content(game, w) != real for w in worlds):
            playout.hidden_changed += 1
    if not whole:
        if not legal.is_empty():
            legal.sample(rng)
        return
    # Independence: the draw depends only on what the seat sees. World ``i`` is drawn
    # again with its generator from world 0, which the seat cannot tell from the state.
    i = 1 if draws > 1 else 0
    b, one = worlds[0], _snapshot(game, worlds[i])
    if _snapshot(game, game.resample(b, seat, Rng(ks[i]))) != one:
        if _snapshot(game, state) != before:  # the first draws changed the state itself
            raise _fail("resample changed the state it was given", playout)
        raise _fail(
            f"resample for seat {seat} depends on hidden content: two worlds the seat"
            " cannot tell apart resample differently with the same generator",
            playout,
        )
    # A resampled world is a state: it saves and loads back (one world a seat and state:
    # the draws are alike, and every state of a fully checked playout has its own).
    _check_round_trip(game, worlds[i], playout, one)
    # A resampled world is playable: the seat's own move is accepted there.
    if not legal.is_empty():
        m = legal.sample(rng)
        try:
            game.apply(b, m)
        except GameError as exc:
            raise _fail(f"seat {seat}'s legal move {m} is refused in a resampled world: {exc}",
                        playout) from None  # fmt: skip


def _check_pinned(
    game: Game,
    seed: int,
    options: Mapping[str, Any],
    states: list[Any],
    moves: list[Move],
    seat: int,
    cut: int,
    playout: Playout,
    views: dict[tuple[int, int], str],
) -> None:
    """Replay moves[:cut] in another seed's world pinned to what the seat saw by state
    ``cut``; the seat's views must be the same at every step. ``views`` holds the real
    states' views as text, by (step, seat), as far as the playout has computed them."""
    try:
        pin = game.pin(states[cut], seat)
    except Exception as exc:  # noqa: BLE001
        raise _fail(f"pin for seat {seat} raised {type(exc).__name__}: {exc}", playout) from None
    if not isinstance(pin, Mapping):
        raise _fail("pin must return new() options as a mapping", playout)
    pin = json.loads(json.dumps(pin))  # pins are JSON, so a remote table could use them
    try:
        alt = game.new(seed + PIN_SEED_OFFSET, **{**options, **pin})
    except Exception as exc:  # noqa: BLE001
        raise _fail(f"new() refused pinned options {pin}: {exc}", playout) from None
    for i in range(cut + 1):
        real = views.get((i, seat))
        if real is None:
            real = views[i, seat] = _view_text(game, states[i], seat)
        if _view_text(game, alt, seat) != real:
            raise _fail(
                f"seat {seat}'s view after move {i} differs in a world pinned to what it saw"
                f"\n  real:   {_view_text(game, states[i], seat)[:600]}"
                f"\n  pinned: {_view_text(game, alt, seat)[:600]}",
                playout,
            )
        if i == cut:
            break
        try:
            alt = game.apply(alt, moves[i])
        except GameError as exc:
            raise _fail(
                f"move {i} ({moves[i]}) is refused in a world pinned for seat {seat}: {exc}",
                playout,
            ) from None
    playout.pinned += 1


def random_playout(
    game: Game,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    deep: bool = True,
    deep_every: int = 7,
    resamples: int = 3,
    pins: int = 2,
    chooser_seed: int | None = None,
    max_moves: int = 5000,
    chooser: Callable[[Game, Any, random.Random], Move | None] | None = None,
) -> Playout:
    """Play one random game and check every invariant along the way (all of them at
    every state when ``deep``; the costly ones at every ``deep_every``-th state else)."""
    opts = dict(options or {})
    rng = random.Random(seed * 7919 + 1 if chooser_seed is None else chooser_seed)
    playout = Playout(seed, opts)
    states: list[Any] = []
    clock = 0
    seats: list[int] = []
    earlier: dict[int, MoveSpace] = {}
    views: dict[tuple[int, int], str] = {}  # (step, seat) -> the real state's view as text
    # What the checks of the state in play leave for its move: its snapshot and spaces.
    snap: str | None = None
    spaces: dict[int, MoveSpace] = {}

    def check_state(state: Any, step: int) -> None:
        nonlocal snap, spaces
        if step == 0:
            if _snapshot(game, game.new(seed, **opts)) != _snapshot(game, state):
                raise _fail("new(seed) is not deterministic", playout)
            seats.extend(game.all_seats(state))
        states.append(state)
        full = deep or step % deep_every == 0
        snap = None
        if full:
            for seat, text in _check_views(game, state, playout).items():
                views[step, seat] = text
            # One snapshot of the state for all its checks: the moves tried on it, its
            # resamples and the move applied must leave the state with it.
            snap = _snapshot(game, state)
            _check_round_trip(game, state, playout, snap)
        spaces = _check_turns(game, state, playout, rng, full, earlier, snap)
        earlier.update(spaces)
        if game.is_over(state):
            if spaces:
                raise _fail(f"game is over but seats {sorted(spaces)} still have moves", playout)
            return
        if not spaces:
            raise _fail("game is not over but nobody has a legal move", playout)
        if snap is not None:  # a fully checked state
            # One seat a state, in turn, has the whole check; in a deep playout every
            # other seat has its view, legal moves and end checked in one world too.
            whole = seats[(step // deep_every if not deep else step) % len(seats)]
            for seat in seats if deep else (whole,):
                text = views[step, seat]
                _check_resample(
                    game, state, seat, playout, rng, resamples, snap, text, whole=seat == whole
                )
            if _snapshot(game, state) != snap:
                raise _fail("resample changed the state it was given", playout)
        if step == max_moves:
            raise _fail(f"no end after {max_moves} moves", playout)

    def choose(state: Any) -> Move:
        nonlocal clock
        move = chooser(game, state, rng) if chooser else None
        if move is None:
            movers = sorted(spaces)
            move = spaces[movers[rng.randrange(len(movers))]].sample(rng)
        if move.at is not None:
            # Time only moves forward; the clock's own moves come at or just after their
            # deadline, the teams' moves after a random pause.
            steps = CLOCK_STEPS[:6] if move.seat == REFEREE else CLOCK_STEPS
            clock = max(clock, move.at, game.clock(state)) + rng.choice(steps)
            move = move.with_time(clock)
        if Move.from_json(json.loads(json.dumps(move.to_json()))) != move:
            raise _fail(f"move does not round-trip through JSON: {move}", playout)
        return move

    def check_move(state: Any, move: Move, nxt: Any) -> None:
        if snap is not None and _snapshot(game, state) != snap:
            raise _fail(f"apply changed the state it was given ({move})", playout)
        if move.kind in game.public_moves:
            _check_public_move(game, state, nxt, move, playout)
        playout.moves.append(move)

    try:
        state = play(
            game,
            (),
            seed,
            opts,
            max_actions=max_moves,
            chooser=choose,
            on_state=check_state,
            on_move=check_move,
            check_replay=False,
        ).final
    except MoveRefused as exc:
        raise _fail(f"legal move {exc.move} refused: {exc.error}", playout) from None
    playout.final = state
    _check_views(game, state, playout)
    _check_round_trip(game, state, playout)
    # After the end: moves are refused.
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
    if not game.hides_nothing:
        # Hidden content exists at the deal (unseen hands, the undealt deck).
        if deep and playout.hidden_changed == 0:
            raise _fail("resample never changed any hidden content", playout)
        n = len(playout.moves)
        cuts = (
            sorted({rng.randrange(n + 1) for _ in range(pins)} | {n})
            if deep
            else [rng.randrange(n + 1)]
        )
        for cut in cuts:
            for seat in seats if deep else (rng.choice(seats),):
                _check_pinned(game, seed, opts, states, playout.moves, seat, cut, playout, views)
    return playout


def check_game(
    game: Game,
    seeds: Iterable[int] = range(1000),
    options: Mapping[str, Any] | None = None,
    *,
    oracle: Callable[[Game, Playout], tuple[int, ...]] | None = None,
    deep: int = 30,
    progress: Callable[[int, float], None] | None = None,
    **kwargs: Any,
) -> Report:
    """Run seeded random playouts of ``game`` and check every invariant.

    ``oracle(game, playout)`` returns the points per team that the rules give for the
    playout (its seed, options, moves and final state), computed without the engine's
    own rule checks; it may raise AssertionError for a move sequence the rules forbid.
    The first ``deep`` playouts run every check at every state. ``progress(games, seconds)``,
    if given, is called after each playout with the playouts done and the seconds since
    the start (``cardroom check`` reports from it)."""
    t0 = time.perf_counter()
    opts = dict(options or {})
    report = Report(game.slug, opts)
    deals = set()
    for i, seed in enumerate(seeds):
        p = random_playout(game, seed, opts, deep=i < deep, **kwargs)
        pts = game.points(p.final)
        teams = game.num_teams(p.final)
        if (
            not isinstance(pts, tuple)
            or len(pts) != teams
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in pts)
        ):
            raise _fail(f"points must be a tuple of one int per team ({teams}), got {pts!r}", p)
        if oracle is not None:
            try:
                expected = tuple(oracle(game, p))
            except AssertionError as exc:
                raise _fail(f"the oracle refuses this game: {exc}", p) from None
            if expected != pts:
                raise _fail(f"points {pts} but the rules give {expected}", p)
        if i < 50:
            deals.add(_snapshot(game, game.new(seed, **opts)))
        report.games += 1
        report.moves += len(p.moves)
        report.refused += p.refused
        report.resampled += p.resampled
        report.pinned += p.pinned
        key = ",".join(map(str, pts))
        report.points[key] = report.points.get(key, 0) + 1
        if i < deep:
            report.playouts.append(p)
        if progress is not None:
            progress(report.games, time.perf_counter() - t0)
    if report.games > 1 and len(deals) == 1:
        raise ConformanceError("every seed dealt the same game: the seed is not used")
    report.seconds = time.perf_counter() - t0
    return report

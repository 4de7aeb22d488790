"""The engine protocol every cardroom game implements (v2; see ``docs/engine.md``).

A game is a stateless object (a subclass of :class:`Game`) whose methods are pure
functions of immutable states:

* ``new(seed, **options) -> state`` deals from a seeded RNG carried in the state;
* ``num_seats(state)`` seats (2..12), each on a team (``team_of``); points are per team;
* ``to_move(state)`` is the set of seats that may act now (:data:`REFEREE` included when
  the table's clock has a call to make); ``legal_moves(state, seat)`` what one may do;
* ``apply(state, move) -> state`` returns the next state or raises a typed
  :class:`GameError` (:class:`MalformedMove`, :class:`IllegalMove`) or
  :class:`CorruptState`; the state given is never changed (states are frozen);
* ``view(state, seat)`` is what ``seat`` may see, as JSON-ready data;
* ``resample(state, seat, rng)`` re-draws everything hidden from ``seat``;
* ``pin(state, seat)`` gives ``new()`` options that reproduce, with another seed, all
  that ``seat`` has seen (the harness's second non-interference check);
* ``state_to_json`` / ``state_from_json`` round-trip a state through JSON, the second
  validating everything and raising :class:`CorruptState`.

Moves are small values (:class:`Move`) that round-trip through JSON. A move may carry
``at``, a time in milliseconds on the table's clock: simultaneous actions (races,
secret choices with a count) are ordinary moves whose timestamps the rules read.
Moves that only the table's clock can make belong to the pseudo-seat :data:`REFEREE`.

So a game replays exactly from ``new(seed, **options)`` and its list of moves.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, overload

__all__ = [
    "MAX_AT",
    "REFEREE",
    "Bot",
    "BotContext",
    "CardroomError",
    "CorruptState",
    "Fields",
    "FrozenDict",
    "Game",
    "GameError",
    "IllegalMove",
    "MalformedMove",
    "Move",
    "MoveSpace",
    "Moves",
    "Rng",
    "Table",
    "bot_context",
    "freeze",
    "thaw",
]

#: The pseudo-seat of the table's clock: timeouts, the end of a shout window.
REFEREE = -1
#: The most seats any game has.
MAX_SEATS = 12
#: Move times are whole milliseconds in ``[0, MAX_AT]`` (exact in JavaScript too).
MAX_AT = 2**53 - 1

#: Limits on move data (past them the move is malformed).
MAX_DEPTH = 8
MAX_NODES = 2000
MAX_STRING = 400
MAX_KIND = 40


class CardroomError(Exception):
    """Base class of every error the engine raises on purpose."""


class GameError(CardroomError):
    """A move was refused; the state it was applied to is unchanged."""


class MalformedMove(GameError, ValueError):
    """The move is not of a shape this game understands (unknown kind, bad data)."""


class IllegalMove(GameError):
    """The move is well formed but not allowed in this state (wrong turn, phase...)."""


class CorruptState(CardroomError, ValueError):
    """A saved or given state is not a valid state of this game (the message says why)."""


# ---------------------------------------------------------------- JSON values


class FrozenDict(Mapping[str, Any]):
    """An immutable, hashable mapping with string keys: a JSON object inside a move."""

    __slots__ = ("_d", "_h")

    def __init__(self, items: Mapping[str, Any] | Iterable[tuple[str, Any]] = ()) -> None:
        self._d = dict(items)
        self._h: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._d[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __hash__(self) -> int:
        if self._h is None:
            self._h = hash(frozenset(self._d.items()))
        return self._h

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenDict):
            return self._d == other._d
        return isinstance(other, Mapping) and self._d == dict(other)

    def __repr__(self) -> str:
        return f"FrozenDict({self._d!r})"


def freeze(value: Any) -> Any:
    """Turn JSON data into hashable, immutable data: lists become tuples, objects become
    :class:`FrozenDict`. Anything else, or data past the limits (depth 8, 2,000 values,
    strings of 400 characters, integers beyond ±2^53, non-finite floats), raises
    :class:`MalformedMove`. Never recurses deeper than the limit."""
    budget = [MAX_NODES]

    def go(v: Any, depth: int) -> Any:
        budget[0] -= 1
        if budget[0] < 0:
            raise MalformedMove(f"move data has more than {MAX_NODES} values")
        if v is None or isinstance(v, bool):
            return v
        if isinstance(v, int):
            if abs(v) > MAX_AT:
                raise MalformedMove("move data integers must lie within ±2^53")
            return v
        if isinstance(v, float):
            if v != v or v in (float("inf"), float("-inf")):
                raise MalformedMove("move data numbers must be finite")
            return v
        if isinstance(v, str):
            if len(v) > MAX_STRING:
                raise MalformedMove(f"move data strings are at most {MAX_STRING} characters")
            return v
        if depth >= MAX_DEPTH:
            raise MalformedMove(f"move data is nested deeper than {MAX_DEPTH}")
        if isinstance(v, (list, tuple)):
            return tuple(go(x, depth + 1) for x in v)
        if isinstance(v, Mapping):
            out = {}
            for k, x in v.items():
                if not isinstance(k, str):
                    raise MalformedMove("move data object keys must be strings")
                if len(k) > MAX_STRING:
                    raise MalformedMove("move data object key too long")
                out[k] = go(x, depth + 1)
            return FrozenDict(out)
        raise MalformedMove(f"move data must be JSON, not {type(v).__name__}")

    return go(value, 0)


def thaw(value: Any) -> Any:
    """The inverse of :func:`freeze`: tuples become lists, FrozenDicts dicts."""
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    if isinstance(value, FrozenDict):
        return {k: thaw(v) for k, v in value.items()}
    return value


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True, slots=True)
class Move:
    """One action by one seat.

    ``kind`` names the action (``"shout"``, ``"lead"``...), ``data`` its argument (JSON,
    frozen), ``at`` the time in milliseconds for timed actions and ``None`` otherwise.
    """

    seat: int
    kind: str
    data: Any = None
    at: int | None = None

    def __post_init__(self) -> None:
        if not _is_int(self.seat) or not REFEREE <= self.seat < 64:
            raise MalformedMove(f"seat must be an integer from -1 to 63, not {self.seat!r}")
        if not isinstance(self.kind, str) or not 0 < len(self.kind) <= MAX_KIND:
            raise MalformedMove(f"kind must be a short non-empty string, not {self.kind!r}")
        if self.at is not None and (not _is_int(self.at) or not 0 <= self.at <= MAX_AT):
            raise MalformedMove(f"at must be whole milliseconds from 0 to 2^53, not {self.at!r}")
        object.__setattr__(self, "data", freeze(self.data))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind}
        if self.data is not None:
            out["data"] = thaw(self.data)
        if self.at is not None:
            out["at"] = self.at
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Move:
        """A move from its JSON object (or text); anything else raises MalformedMove."""
        if isinstance(obj, (str, bytes)):
            if len(obj) > 100_000:
                raise MalformedMove("move text too long")
            try:
                obj = json.loads(obj)
            except (ValueError, RecursionError) as exc:
                raise MalformedMove(f"not JSON: {exc}") from None
        if not isinstance(obj, Mapping):
            raise MalformedMove("a move is a JSON object with seat and kind")
        unknown = set(obj) - {"seat", "kind", "data", "at"}
        if unknown:
            raise MalformedMove(f"unknown move fields: {sorted(map(str, unknown))}")
        if "seat" not in obj or "kind" not in obj:
            raise MalformedMove("a move needs seat and kind")
        return cls(obj["seat"], obj["kind"], obj.get("data"), obj.get("at"))

    def with_time(self, at: int | None) -> Move:
        return Move(self.seat, self.kind, self.data, at)

    def with_seat(self, seat: int) -> Move:
        return Move(seat, self.kind, self.data, self.at)

    @property
    def key(self) -> tuple[int, str, Any]:
        """The move ignoring its time (what move spaces match on)."""
        return (self.seat, self.kind, self.data)


# ---------------------------------------------------------------- move spaces


class MoveSpace(ABC):
    """The moves a seat may make now. Finite spaces can be listed; open ones (a shout
    that carries the cards a team arranged) can only be tested and sampled."""

    @abstractmethod
    def __contains__(self, move: object) -> bool: ...

    @abstractmethod
    def sample(self, rng: random.Random) -> Move:
        """One move of this space, drawn with ``rng`` (raises IndexError if empty)."""

    @abstractmethod
    def is_empty(self) -> bool: ...

    def signature(self) -> Any:
        """A hashable value equal for equal spaces (the harness compares spaces with it).
        Finite spaces give their moves; open spaces describe themselves."""
        raise NotImplementedError

    def __bool__(self) -> bool:
        return not self.is_empty()

    def __iter__(self) -> Iterator[Move]:
        """The moves of a finite space (:class:`Moves`); an open space cannot be listed
        and raises TypeError, as iterating any non-iterable object does."""
        raise TypeError(f"{type(self).__name__} is an open move space: it cannot be listed")

    def __or__(self, other: MoveSpace) -> MoveSpace:
        return Union((self, other))


class Moves(MoveSpace, Sequence[Move]):
    """A finite, listable space of moves, matched ignoring ``at`` (times are free)."""

    def __init__(self, moves: Iterable[Move] = ()) -> None:
        self._moves = tuple(moves)
        self._keys = {m.key for m in self._moves}

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and move.key in self._keys

    @overload
    def __getitem__(self, i: int) -> Move: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[Move, ...]: ...
    def __getitem__(self, i: int | slice) -> Move | tuple[Move, ...]:
        return self._moves[i]

    def __len__(self) -> int:
        return len(self._moves)

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    def sample(self, rng: random.Random) -> Move:
        if not self._moves:
            raise IndexError("no legal move")
        return self._moves[rng.randrange(len(self._moves))]

    def is_empty(self) -> bool:
        return not self._moves

    def signature(self) -> Any:
        return ("moves", frozenset(self._keys))

    def __repr__(self) -> str:
        return f"Moves({list(self._moves)!r})"


class Union(MoveSpace):
    """Several spaces offered at once; sampling picks a non-empty part uniformly."""

    def __init__(self, parts: Iterable[MoveSpace]) -> None:
        flat: list[MoveSpace] = []
        for p in parts:
            flat.extend(p.parts if isinstance(p, Union) else (p,))
        self.parts: tuple[MoveSpace, ...] = tuple(flat)

    def __contains__(self, move: object) -> bool:
        return any(move in p for p in self.parts)

    def sample(self, rng: random.Random) -> Move:
        live = [p for p in self.parts if not p.is_empty()]
        if not live:
            raise IndexError("no legal move")
        return live[rng.randrange(len(live))].sample(rng)

    def is_empty(self) -> bool:
        return all(p.is_empty() for p in self.parts)

    def signature(self) -> Any:
        return ("union", frozenset(p.signature() for p in self.parts if not p.is_empty()))


# ---------------------------------------------------------------- randomness


_MASK = (1 << 64) - 1
_SPAN = 1 << 64
#: below(n)'s rejection limit for the n a shuffle of a few hundred items draws with.
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(512))


@dataclass(frozen=True, slots=True)
class Rng:
    """A seeded generator carried inside a state (SplitMix64), so that a game replays
    identically on CPython and Pyodide. Every draw returns the new generator."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        if not _is_int(seed):
            raise TypeError("seed must be an integer")
        return cls(seed & _MASK)

    def next64(self) -> tuple[int, Rng]:
        s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31), Rng(s)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            x, rng = rng.next64()
            if x < limit:
                return x % n, rng

    def shuffle(self, items: Iterable[Any]) -> tuple[tuple[Any, ...], Rng]:
        """A Fisher-Yates shuffle of ``items``: (shuffled tuple, new generator). The same
        draws as ``below(i + 1)`` for each ``i`` down to 1, with :meth:`next64` written
        out on plain integers (a resampling bot or the conformance harness shuffles a
        deck thousands of times)."""
        out = list(items)
        s = self.state
        limits = _LIMITS if len(out) <= len(_LIMITS) else None
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if limits else _SPAN - _SPAN % n
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            while z >= limit:  # below(n) rejects it: draw again (rare)
                s = (s + 0x9E3779B97F4A7C15) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
            j = z % n
            out[i], out[j] = out[j], out[i]
        return tuple(out), Rng(s)

    def shuffle_pinned(
        self, items: Iterable[Any], pinned: Mapping[int, Any]
    ) -> tuple[tuple[Any, ...], Rng]:
        """Shuffle ``items`` so that position ``i`` holds ``pinned[i]`` for every pinned
        position; the other items fill the other positions in random order. Raises
        ValueError if the pins are not a partial arrangement of ``items``."""
        pool = list(items)
        n = len(pool)
        for pos, item in pinned.items():
            if not _is_int(pos) or not 0 <= pos < n:
                raise ValueError(f"pinned position {pos!r} out of range")
            try:
                pool.remove(item)
            except ValueError:
                raise ValueError(f"pinned item {item!r} is not (or no longer) free") from None
        rest, rng = self.shuffle(pool)
        it = iter(rest)
        return tuple(pinned[i] if i in pinned else next(it) for i in range(n)), rng

    def split(self) -> tuple[Rng, Rng]:
        """Two independent generators: (one for a side use, the continuation)."""
        x, rng = self.next64()
        return Rng(x), rng

    def random(self) -> random.Random:
        """A ``random.Random`` seeded from this generator (for a bot's own choices)."""
        return random.Random(self.state)


# ---------------------------------------------------------------- validation


class Fields:
    """Reads a JSON object for ``state_from_json`` and raises :class:`CorruptState` with
    a clear message on anything unexpected::

        f = Fields(obj, "Border-Up state")
        level = f.get_int("level", 2, 4)
        hands = f.get_list("hands", lambda v, where: ..., length=2)
        f.done()          # extra keys are corrupt too
    """

    def __init__(self, obj: Any, what: str) -> None:
        if not isinstance(obj, Mapping):
            raise CorruptState(f"{what}: expected a JSON object, got {type(obj).__name__}")
        self.obj = obj
        self.what = what
        self.used: set[str] = set()

    def fail(self, msg: str) -> CorruptState:
        return CorruptState(f"{self.what}: {msg}")

    def raw(self, key: str) -> Any:
        if key not in self.obj:
            raise self.fail(f"missing {key!r}")
        self.used.add(key)
        return self.obj[key]

    def get_int(self, key: str, lo: int = -MAX_AT, hi: int = MAX_AT, *, null: bool = False) -> Any:
        v = self.raw(key)
        if v is None and null:
            return None
        if not _is_int(v) or not lo <= v <= hi:
            raise self.fail(f"{key!r} must be a whole number from {lo} to {hi}, not {v!r}")
        return v

    def get_bool(self, key: str, *, null: bool = False) -> Any:
        v = self.raw(key)
        if v is None and null:
            return None
        if not isinstance(v, bool):
            raise self.fail(f"{key!r} must be true or false, not {v!r}")
        return v

    def get_str(self, key: str, choices: Iterable[str] | None = None, *, null: bool = False) -> Any:
        v = self.raw(key)
        if v is None and null:
            return None
        if not isinstance(v, str):
            raise self.fail(f"{key!r} must be text, not {v!r}")
        if choices is not None and v not in set(choices):
            raise self.fail(f"{key!r} is {v!r}, not one of {sorted(choices)}")
        return v

    def get_list(
        self,
        key: str,
        item: Callable[[Any, str], Any] | None = None,
        *,
        length: int | None = None,
        max_length: int = 10_000,
    ) -> tuple[Any, ...]:
        v = self.raw(key)
        if not isinstance(v, list):
            raise self.fail(f"{key!r} must be a list, not {type(v).__name__}")
        if length is not None and len(v) != length:
            raise self.fail(f"{key!r} must have {length} items, not {len(v)}")
        if len(v) > max_length:
            raise self.fail(f"{key!r} is too long")
        if item is None:
            return tuple(v)
        return tuple(item(x, f"{key}[{i}]") for i, x in enumerate(v))

    def codes(
        self, key: str, known: Iterable[Any], *, length: int | None = None
    ) -> tuple[Any, ...]:
        """A list of distinct cards (codes or numbers), each one of ``known``."""
        allowed = set(known)
        out = self.get_list(key, length=length)
        for c in out:
            if isinstance(c, (bool, list, dict)) or c not in allowed:
                raise self.fail(f"{key!r} holds an unknown card {c!r}")
        if len(set(out)) != len(out):
            raise self.fail(f"{key!r} holds a card twice")
        return out

    def get_obj(self, key: str, what: str | None = None) -> Fields:
        return Fields(self.raw(key), f"{self.what}.{what or key}")

    def done(self) -> None:
        extra = set(self.obj) - self.used
        if extra:
            raise self.fail(f"unexpected keys {sorted(map(str, extra))}")

    def check(self, ok: bool, msg: str) -> None:
        if not ok:
            raise self.fail(msg)


def check_int(v: Any, where: str, lo: int = -MAX_AT, hi: int = MAX_AT) -> int:
    """A whole number in ``[lo, hi]`` or :class:`CorruptState`."""
    if not _is_int(v) or not lo <= v <= hi:
        raise CorruptState(f"{where} must be a whole number from {lo} to {hi}, not {v!r}")
    return v


# ---------------------------------------------------------------- the protocol


class Game(ABC):
    """A game as data: stateless, every method a pure function of immutable states."""

    #: URL and CLI name, e.g. ``"border-up"``.
    slug: str = ""
    #: Human name.
    title: str = ""
    #: True for a game with no hidden information: ``resample`` returns the state.
    hides_nothing: bool = False
    #: Kinds of move whose data every seat may know once the move is made (the card is
    #: played face up, the word laid on the table): another device is told them in full.
    #: Any other kind reaches another device without its data (R-179, R-198).
    public_moves: frozenset[str] = frozenset()
    #: How far ahead of the last judged time (``clock``) a move's ``at`` may be.
    max_ahead_ms: int = 6 * 60 * 60 * 1000
    #: The class of this game's states (``apply`` refuses anything else).
    state_type: type | tuple[type, ...] = object

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every game's ``state_from_json`` lets only :class:`CorruptState` escape: a
        loader's own checks give the precise message, and anything they did not foresee
        (a list where a card was expected, a missing key deep inside) still comes out
        typed, never as a crash."""
        super().__init_subclass__(**kwargs)
        loader = cls.__dict__.get("state_from_json")
        if loader is None or getattr(loader, "_guarded", False):
            return

        def state_from_json(self: Game, obj: Any, _load: Any = loader) -> Any:
            try:
                return _load(self, obj)
            except CorruptState:
                raise
            except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
                what = self.title or self.slug or type(self).__name__
                raise CorruptState(
                    f"not a valid {what} state ({type(exc).__name__}: {exc})"
                ) from None
            except RecursionError:
                raise CorruptState("state nested too deeply") from None

        state_from_json.__doc__ = loader.__doc__
        state_from_json._guarded = True  # type: ignore[attr-defined]
        cls.state_from_json = state_from_json  # type: ignore[method-assign]

    # ------------------------------------------------------------ dealing

    @abstractmethod
    def new(self, seed: int, *args: Any, **options: Any) -> Any:
        """A fresh game dealt with ``seed``; raise ValueError for bad options. (Options are
        keywords; ``*args`` only lets each game declare its own keywords, which a type
        checker accepts against ``*args: Any, **options: Any``.)"""

    # ------------------------------------------------------------ seats and turns

    @abstractmethod
    def num_seats(self, state: Any) -> int:
        """How many seats play (2..12)."""

    def team_of(self, state: Any, seat: int) -> int:
        """The team of ``seat`` (teams are numbered from 0). Default: one seat a team."""
        return seat

    def num_teams(self, state: Any) -> int:
        return len({self.team_of(state, s) for s in range(self.num_seats(state))})

    def seats_of(self, state: Any, team: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.num_seats(state)) if self.team_of(state, s) == team)

    @abstractmethod
    def to_move(self, state: Any) -> frozenset[int]:
        """Seats (and :data:`REFEREE`) that may act now; empty when the game is over."""

    @abstractmethod
    def legal_moves(self, state: Any, seat: int) -> MoveSpace:
        """What ``seat`` (or :data:`REFEREE`) may do now; empty when it may not act."""

    # ------------------------------------------------------------ moving

    def apply(self, state: Any, move: Move) -> Any:
        """The state after ``move``. Refuses with typed errors (the state given is never
        changed): :class:`CorruptState` for something that is not a state of this game,
        :class:`MalformedMove` for something that is not a move or a shape the game does
        not know, :class:`IllegalMove` for a move after the end, out of time bounds, or
        not allowed now."""
        if not isinstance(state, self.state_type) or isinstance(state, (Move, Mapping)):
            raise CorruptState(f"not a {self.title or type(self).__name__} state")
        if not isinstance(move, Move):
            raise MalformedMove(f"not a Move: {type(move).__name__}")
        if self.is_over(state):
            raise IllegalMove("the game is over")
        if move.at is not None:
            now = self.clock(state)
            if move.at < now:
                raise IllegalMove(f"time runs forward: {move.at} ms is before {now} ms")
            if move.at > now + self.max_ahead_ms:
                raise IllegalMove(f"a move at {move.at} ms is too far ahead of {now} ms")
        return self._apply(state, move)

    @abstractmethod
    def _apply(self, state: Any, move: Move) -> Any:
        """The game's own transition: raise MalformedMove / IllegalMove, never mutate."""

    def clock(self, state: Any) -> int:
        """The last time (ms) already judged; timed moves may not come before it."""
        return getattr(state, "now", 0) or 0

    @abstractmethod
    def is_over(self, state: Any) -> bool: ...

    @abstractmethod
    def points(self, state: Any) -> tuple[int, ...]:
        """Points per team (meaningful once the game is over)."""

    # ------------------------------------------------------------ information

    @abstractmethod
    def view(self, state: Any, seat: int) -> dict[str, Any]:
        """JSON-ready data ``seat`` may see (``REFEREE``: what everybody may see)."""

    @abstractmethod
    def resample(self, state: Any, seat: int, rng: Rng) -> Any:
        """A state ``seat`` cannot tell from ``state``: all hidden from it re-drawn with
        ``rng``; a function of what ``seat`` sees and ``rng`` only."""

    @abstractmethod
    def pin(self, state: Any, seat: int) -> dict[str, Any]:
        """Options for ``new()`` that, with another seed, put everything ``seat`` has seen
        up to ``state`` (and every card the moves so far name) where it was."""

    # ------------------------------------------------------------ saving

    @abstractmethod
    def state_to_json(self, state: Any) -> dict[str, Any]: ...

    @abstractmethod
    def state_from_json(self, obj: Any) -> Any:
        """The state saved as ``obj``; anything malformed raises :class:`CorruptState`."""

    def load(self, obj: Any) -> Any:
        """:meth:`state_from_json` (every game's loader is guarded by
        ``__init_subclass__``: only :class:`CorruptState` escapes, whatever the input)."""
        return self.state_from_json(obj)

    # ------------------------------------------------------------ helpers

    def replay(self, seed: int, moves: Iterable[Move | Mapping[str, Any]], **options: Any) -> Any:
        """The state reached from ``new(seed, **options)`` by ``moves``."""
        state = self.new(seed, **options)
        for m in moves:
            state = self.apply(state, m if isinstance(m, Move) else Move.from_json(m))
        return state

    def movers(self, state: Any) -> tuple[int, ...]:
        """The seats of :meth:`to_move`, in order (REFEREE last)."""
        return tuple(sorted(self.to_move(state), key=lambda s: (s == REFEREE, s)))

    def all_seats(self, state: Any) -> tuple[int, ...]:
        return (*range(self.num_seats(state)), REFEREE)


# ---------------------------------------------------------------- bots


@dataclass(frozen=True)
class BotContext:
    """All a bot may know: its seat, its view, its legal moves, its own seeded
    ``random.Random``, the table's time, and a sampler of worlds it cannot tell from
    the real one (:meth:`Game.resample`, proved fair by the conformance harness)."""

    game: Game
    seat: int
    view: Mapping[str, Any]
    legal: MoveSpace
    rng: random.Random
    now: int | None = None
    _sampler: Callable[[Rng], Any] | None = field(default=None, repr=False, compare=False)

    def sample_world(self, k: int | Rng) -> Any:
        """A state drawn from this seat's information set (``resample`` with ``Rng(k)``)."""
        if self._sampler is None:
            raise RuntimeError("no sampler for this bot")
        return self._sampler(k if isinstance(k, Rng) else Rng.from_seed(k))


def bot_context(
    game: Game, state: Any, seat: int, rng: random.Random, now: int | None = None
) -> BotContext:
    """The context the table hands a bot for ``seat`` (the state itself stays out)."""
    return BotContext(
        game=game,
        seat=seat,
        view=game.view(state, seat),
        legal=game.legal_moves(state, seat),
        rng=rng,
        now=now,
        _sampler=lambda r: game.resample(state, seat, r),
    )


class Bot(Protocol):
    """A computer player: chooses from what its seat may know, never from the state."""

    def choose(self, ctx: BotContext) -> Move | None:
        """The move to make (timed moves carry the time the bot means to act), or None
        when it has nothing to do now."""
        ...


# ---------------------------------------------------------------- the live table


class Table:
    """One game in play: the seed, options and move list (what a save holds), the
    current state, and the live clock bound on incoming moves.

    ``submit(move, now)`` refuses a move timed more than ``skew_ms`` ahead of the
    table's own clock ``now`` (so a remote device cannot push time forward), then
    applies it. ``to_json``/``from_json`` save and restore by replay, so a restored
    table is exactly the game that was played; a corrupt save raises CorruptState."""

    def __init__(
        self,
        game: Game,
        seed: int,
        options: Mapping[str, Any] | None = None,
        *,
        skew_ms: int = 2000,
    ) -> None:
        self.game = game
        self.seed = seed
        self.options = dict(options or {})
        self.skew_ms = skew_ms
        self.moves: list[Move] = []
        self.state = game.new(seed, **self.options)

    def submit(self, move: Move | Mapping[str, Any] | str, now: int | None = None) -> Any:
        m = move if isinstance(move, Move) else Move.from_json(move)
        if now is not None and m.at is not None and m.at > now + self.skew_ms:
            raise IllegalMove(f"a move at {m.at} ms is ahead of the table's clock ({now} ms)")
        self.state = self.game.apply(self.state, m)
        self.moves.append(m)
        return self.state

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.slug,
            "seed": self.seed,
            "options": self.options,
            "moves": [m.to_json() for m in self.moves],
        }

    @classmethod
    def from_json(cls, game: Game, obj: Any, *, skew_ms: int = 2000) -> Table:
        f = Fields(obj, "saved game")
        f.check(
            f.get_str("game") == game.slug, f"is a save of {obj.get('game')!r}, not {game.slug!r}"
        )
        seed = f.get_int("seed", 0, 2**64)
        options = f.raw("options")
        if not isinstance(options, Mapping):
            raise f.fail("'options' must be an object")
        moves = f.get_list("moves")
        f.done()
        try:
            table = cls(game, seed, options, skew_ms=skew_ms)
        except (ValueError, TypeError) as exc:
            raise CorruptState(f"saved game: bad options: {exc}") from None
        for i, m in enumerate(moves):
            try:
                table.submit(m)
            except GameError as exc:
                raise CorruptState(f"saved game: move {i} is refused: {exc}") from None
        return table

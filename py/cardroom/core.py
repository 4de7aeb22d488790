"""The engine protocol every cardroom game implements.

A game is a stateless object (a subclass of :class:`Game`) whose methods are pure
functions of immutable states:

* ``new(seed, **options) -> state`` deals from a seeded RNG carried in the state;
* ``legal_moves(state, seat) -> MoveSpace`` tells what ``seat`` may do now;
* ``apply(state, move) -> state`` returns the next state or raises
  :class:`MalformedMove` (the move is not of a shape this game understands) or
  :class:`IllegalMove` (well formed, but not allowed now); the given state is never
  changed (states are frozen);
* ``view(state, seat) -> dict`` is what ``seat`` may see, as JSON-ready data;
* ``state_to_json`` / ``state_from_json`` round-trip a state through JSON.

Moves are small values (:class:`Move`) that round-trip through JSON. A move may carry
``at``, a time in milliseconds on the table's clock: simultaneous actions (races,
secret choices with a count) are ordinary moves whose timestamps the rules read.
Moves that only the table's clock can make (closing a shout window, the end of a
count) belong to the pseudo-seat :data:`REFEREE`.

So a game replays exactly from ``new(seed, **options)`` and its list of moves.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "REFEREE",
    "CardroomError",
    "Game",
    "GameError",
    "IllegalMove",
    "MalformedMove",
    "Move",
    "MoveSpace",
    "Moves",
    "Rng",
    "freeze",
    "thaw",
]

#: The pseudo-seat of the table's clock: timeouts, the end of a shout window.
REFEREE = -1


class CardroomError(Exception):
    """Base class of every error the engine raises on purpose."""


class GameError(CardroomError):
    """A move was refused; the state it was applied to is unchanged."""


class MalformedMove(GameError, ValueError):
    """The move is not of a shape this game understands (unknown kind, bad data)."""


class IllegalMove(GameError):
    """The move is well formed but not allowed in this state (wrong turn, phase...)."""


# ---------------------------------------------------------------- JSON values


def freeze(value: Any) -> Any:
    """Turn JSON-like data into hashable, immutable data: lists become tuples.
    Moves carry JSON scalars and lists only; a dict raises :class:`MalformedMove`."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise MalformedMove(f"move data must be JSON scalars and lists, not {type(value).__name__}")


def thaw(value: Any) -> Any:
    """The inverse of :func:`freeze`: tuples become lists."""
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Move:
    """One action by one seat.

    ``kind`` names the action (``"shout"``, ``"plunge"``...), ``data`` is its argument
    (JSON scalars and lists, frozen into tuples), ``at`` is the time in milliseconds
    for timed actions and ``None`` otherwise.
    """

    seat: int
    kind: str
    data: Any = None
    at: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.seat, bool) or not isinstance(self.seat, int):
            raise MalformedMove(f"seat must be an integer, not {self.seat!r}")
        if not isinstance(self.kind, str) or not self.kind:
            raise MalformedMove(f"kind must be a non-empty string, not {self.kind!r}")
        if self.at is not None and (isinstance(self.at, bool) or not isinstance(self.at, int)):
            raise MalformedMove(f"at must be whole milliseconds or None, not {self.at!r}")
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
        if isinstance(obj, str):
            try:
                obj = json.loads(obj)
            except json.JSONDecodeError as exc:
                raise MalformedMove(f"not JSON: {exc}") from None
        if not isinstance(obj, Mapping):
            raise MalformedMove("a move is a JSON object with seat and kind")
        unknown = set(obj) - {"seat", "kind", "data", "at"}
        if unknown:
            raise MalformedMove(f"unknown move fields: {sorted(unknown)}")
        if "seat" not in obj or "kind" not in obj:
            raise MalformedMove("a move needs seat and kind")
        return cls(obj["seat"], obj["kind"], obj.get("data"), obj.get("at"))

    def with_time(self, at: int | None) -> Move:
        return Move(self.seat, self.kind, self.data, at)


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

    def __bool__(self) -> bool:
        return not self.is_empty()

    def __or__(self, other: MoveSpace) -> MoveSpace:
        return Union((self, other))


class Moves(MoveSpace, Sequence[Move]):
    """A finite, listable space of moves, matched ignoring ``at`` (times are free)."""

    def __init__(self, moves: Iterable[Move] = ()) -> None:
        self._moves = tuple(moves)
        self._keys = {(m.seat, m.kind, m.data) for m in self._moves}

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and (move.seat, move.kind, move.data) in self._keys

    def __getitem__(self, i):  # type: ignore[override]
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

    def __repr__(self) -> str:
        return f"Moves({list(self._moves)!r})"


class Union(MoveSpace):
    """Several spaces offered at once; sampling picks a non-empty part uniformly."""

    def __init__(self, parts: Iterable[MoveSpace]) -> None:
        flat: list[MoveSpace] = []
        for p in parts:
            flat.extend(p.parts if isinstance(p, Union) else (p,))
        self.parts = tuple(flat)

    def __contains__(self, move: object) -> bool:
        return any(move in p for p in self.parts)

    def sample(self, rng: random.Random) -> Move:
        live = [p for p in self.parts if not p.is_empty()]
        if not live:
            raise IndexError("no legal move")
        return live[rng.randrange(len(live))].sample(rng)

    def is_empty(self) -> bool:
        return all(p.is_empty() for p in self.parts)


# ---------------------------------------------------------------- randomness


_MASK = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class Rng:
    """A seeded generator carried inside a state (SplitMix64), so that a game replays
    identically on CPython and Pyodide. Every draw returns the new generator."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        if isinstance(seed, bool) or not isinstance(seed, int):
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

    def shuffle(self, items: Sequence[Any]) -> tuple[tuple[Any, ...], Rng]:
        """A Fisher-Yates shuffle of ``items``: (shuffled tuple, new generator)."""
        out = list(items)
        rng = self
        for i in range(len(out) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out), rng


# ---------------------------------------------------------------- the protocol


class Game(ABC):
    """A game as data: stateless, every method a pure function of immutable states."""

    #: URL and CLI name, e.g. ``"border-up"``.
    slug: str = ""
    #: Human name.
    title: str = ""
    #: Seats are ``0 .. seats-1`` (teams); :data:`REFEREE` is the table's clock.
    seats: int = 2

    @abstractmethod
    def new(self, seed: int, **options: Any) -> Any:
        """A fresh game dealt with ``seed``; raise ValueError for bad options."""

    @abstractmethod
    def legal_moves(self, state: Any, seat: int) -> MoveSpace:
        """What ``seat`` (or :data:`REFEREE`) may do now; empty when the game is over."""

    @abstractmethod
    def apply(self, state: Any, move: Move) -> Any:
        """The state after ``move``; raise MalformedMove / IllegalMove, never mutate."""

    @abstractmethod
    def is_over(self, state: Any) -> bool: ...

    @abstractmethod
    def points(self, state: Any) -> tuple[int, ...]:
        """Points per seat (meaningful once the game is over)."""

    @abstractmethod
    def view(self, state: Any, seat: int) -> dict[str, Any]:
        """JSON-ready data ``seat`` may see (``REFEREE`` sees everything public)."""

    @abstractmethod
    def secrets(self, state: Any, seat: int) -> frozenset[str]:
        """Values hidden from ``seat`` now (e.g. card codes in the other hand): the
        conformance harness checks that none appears in ``view(state, seat)``."""

    @abstractmethod
    def state_to_json(self, state: Any) -> dict[str, Any]: ...

    @abstractmethod
    def state_from_json(self, obj: Mapping[str, Any]) -> Any: ...

    # Helpers every game gets for free.

    def replay(self, seed: int, moves: Iterable[Move | Mapping[str, Any]], **options: Any) -> Any:
        """The state reached from ``new(seed, **options)`` by ``moves``."""
        state = self.new(seed, **options)
        for m in moves:
            state = self.apply(state, m if isinstance(m, Move) else Move.from_json(m))
        return state

    def movers(self, state: Any) -> tuple[int, ...]:
        """Seats (including REFEREE) that have a legal move now."""
        return tuple(
            s for s in (*range(self.seats), REFEREE) if not self.legal_moves(state, s).is_empty()
        )

"""What Play the Ranks and Play the Border Zap share: options, the deal with pins, the lead
of trick 1, GeoPlunging, move-data checks and JSON helpers.

The deal is positional, so :meth:`~cardroom.core.Game.pin` can put a card back where a
seat saw it: a game shuffles the 50 GeoPlunge cards (and the 15 Power cards) once into
``order`` and deals by position; each hand's range of positions is kept sorted, so what
is pinned is which range (whose hand) a card went to (R-55).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from ... import atlas
from ...core import CorruptState, IllegalMove, MalformedMove, Rng
from ..decks import power_card, power_deck

__all__ = [
    "CARDS",
    "POWERS",
    "TrickTally",
    "carry_winner",
    "deal_order",
    "first_lead",
    "game4_version",
    "need_keys",
    "parse_pin",
    "statehood_pick",
]

#: The 50 GeoPlunge cards by postal code, alphabetical.
CARDS: tuple[str, ...] = tuple(sorted(s.code for s in atlas.states()))
#: The 15 Power card ids, P01..P15.
POWERS: tuple[str, ...] = tuple(c.id for c in power_deck())


class TrickTally:
    """The trick record both trick games keep, read off a state's ``tricks`` (each with
    ``done`` and ``winner``) and ``first`` (who leads trick 1)."""

    __slots__ = ()
    tricks: tuple[Any, ...]

    @property
    def first(self) -> int:
        """Who leads trick 1 (each game derives it from its deal)."""
        raise NotImplementedError

    @property
    def done_tricks(self) -> tuple[Any, ...]:
        return tuple(t for t in self.tricks if t.done)

    @property
    def current(self) -> Any | None:
        """The trick being played, if any."""
        return self.tricks[-1] if self.tricks and not self.tricks[-1].done else None

    @property
    def won(self) -> tuple[int, int]:
        w = [0, 0]
        for t in self.done_tricks:
            w[t.winner] += 1
        return (w[0], w[1])

    @property
    def lead(self) -> int:
        """Who leads now: the winner of the last trick, else the first lead."""
        done = self.done_tricks
        return done[-1].winner if done else self.first


def game4_version(rng: Rng) -> tuple[str, Rng]:
    """Which Game 4 to play at Levels 3 and 4: turn the top Power card of a shuffled deck
    and read its bottom label (``"PTR1"``, ``"PTR2"`` or ``"PTB"``) (R-54)."""
    order, rng = rng.shuffle(POWERS)
    return power_card(order[0]).version, rng


def carry_winner(carry: Any) -> int | None:
    """The ``carry`` option: ``{"winner": 0 | 1 | None}`` from the game just played (the
    team that leads trick 1), or None. ValueError for anything else."""
    if carry is None:
        return None
    if not isinstance(carry, Mapping) or set(carry) - {"winner"}:
        raise ValueError('carry must be {"winner": 0, 1 or null}')
    w = carry.get("winner")
    if w is None:
        return None
    if isinstance(w, bool) or w not in (0, 1):
        raise ValueError(f"carry winner must be 0, 1 or null, not {w!r}")
    return w


def statehood_pick(rng: Rng, pinned: Sequence[str] | None) -> tuple[tuple[str, str], Rng]:
    """Each team picks a card unseen; the two go back before the deal (R-42)."""
    if pinned is not None:
        if (
            not isinstance(pinned, (list, tuple))
            or len(pinned) != 2
            or not all(c in CARDS for c in pinned)
            or pinned[0] == pinned[1]
        ):
            raise ValueError("pin pick must be two different postal codes")
        return (pinned[0], pinned[1]), rng
    order, rng = rng.shuffle(CARDS)
    return (order[0], order[1]), rng


def first_lead(carry: int | None, pick: Sequence[str]) -> int:
    """The carry winner, else the team whose pick has the statehood rank closer to 1."""
    if carry is not None:
        return carry
    by = atlas.by_code()
    return 0 if by[pick[0]].statehood_rank < by[pick[1]].statehood_rank else 1


def parse_pin(pin: Any) -> tuple[dict[int, str], dict[int, str], list[str] | None]:
    """The ``pin`` option of ``new()``: ``{"cards": [[pos, code]...], "powers": [[pos,
    id]...], "pick": [a, b] | null}`` (R-55). ValueError if malformed."""
    if pin is None:
        return {}, {}, None
    if not isinstance(pin, Mapping) or set(pin) - {"cards", "powers", "pick"}:
        raise ValueError("pin must be an object with cards, powers and pick")

    def pairs(key: str, known: Sequence[str], n: int) -> dict[int, str]:
        out: dict[int, str] = {}
        raw = pin.get(key) or []
        if not isinstance(raw, (list, tuple)):
            raise ValueError(f"pin {key} must be a list of [position, card]")
        for p in raw:
            if (
                not isinstance(p, (list, tuple))
                or len(p) != 2
                or isinstance(p[0], bool)
                or not isinstance(p[0], int)
                or not 0 <= p[0] < n
                or p[1] not in known
                or p[0] in out
                or p[1] in out.values()
            ):
                raise ValueError(f"bad pin {key} entry {p!r}")
            out[p[0]] = p[1]
        return out

    return pairs("cards", CARDS, len(CARDS)), pairs("powers", POWERS, len(POWERS)), pin.get("pick")


def deal_order(
    rng: Rng, items: Sequence[str], pinned: Mapping[int, str], ranges: Iterable[tuple[int, int]]
) -> tuple[tuple[str, ...], Rng]:
    """Shuffle ``items`` with the pinned positions, then sort each dealt range (a hand is
    a set, so only the range a card lands in matters)."""
    order, rng = rng.shuffle_pinned(items, pinned)
    out = list(order)
    for a, b in ranges:
        out[a:b] = sorted(out[a:b])
    return tuple(out), rng


def need_keys(
    data: Any, required: AbstractSet[str], optional: AbstractSet[str] = frozenset()
) -> Mapping[str, Any]:
    """Move data that must be an object with these keys, else MalformedMove."""
    if not isinstance(data, Mapping):
        raise MalformedMove(f"move data must be an object with {sorted(required)}")
    keys = set(data)
    if not required <= keys or keys - required - optional:
        raise MalformedMove(
            f"move data keys must be {sorted(required)} (optional {sorted(optional)}),"
            f" not {sorted(keys)}"
        )
    return data


def need_card(code: Any) -> str:
    if not isinstance(code, str) or code not in CARDS:
        raise MalformedMove(f"{code!r} is not a GeoPlunge card")
    return code


def need_power(pid: Any) -> str:
    if not isinstance(pid, str) or pid not in POWERS:
        raise MalformedMove(f"{pid!r} is not a Power card")
    return pid


def need_bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise MalformedMove("this move takes true or false")
    return v


def own(seq: Iterable[str], code: str, what: str = "card") -> None:
    if code not in seq:
        raise IllegalMove(f"{code} is not a {what} the team holds")


class MoveCache:
    """Memoised legal moves by state identity: harnesses and screens ask for the same
    state's moves many times. Entries hold their state, so an id is never reused while
    cached; the cache is bounded."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self.entries: dict[tuple[int, int], tuple[Any, Any]] = {}

    def get(self, state: Any, seat: int) -> Any:
        hit = self.entries.get((id(state), seat))
        return hit[1] if hit is not None and hit[0] is state else None

    def put(self, state: Any, seat: int, moves: Any) -> Any:
        if len(self.entries) >= self.size:
            self.entries.pop(next(iter(self.entries)))
        self.entries[(id(state), seat)] = (state, moves)
        return moves


# ------------------------------------------------------------------ JSON helpers


def codes(v: Any, where: str, known: Sequence[str] = CARDS) -> tuple[str, ...]:
    if not isinstance(v, list) or not all(isinstance(c, str) and c in known for c in v):
        raise CorruptState(f"{where} must be a list of known cards")
    if len(set(v)) != len(v):
        raise CorruptState(f"{where} holds a card twice")
    return tuple(v)


def pair_of(v: Any, where: str, item: Any) -> tuple[Any, Any]:
    if not isinstance(v, list) or len(v) != 2:
        raise CorruptState(f"{where} must be a pair")
    return (item(v[0], f"{where}[0]"), item(v[1], f"{where}[1]"))


def opt_bool(v: Any, where: str) -> bool | None:
    if v is not None and not isinstance(v, bool):
        raise CorruptState(f"{where} must be true, false or null")
    return v


def rng_of(v: Any, where: str) -> Rng:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < (1 << 64):
        raise CorruptState(f"{where} must be a 64-bit generator state")
    return Rng(v)


def plunge_view(plunge: tuple[bool | None, bool | None], seat: int) -> dict[str, Any]:
    """Each team's GeoPlunging decision as ``seat`` may see it: its own at once, the
    other's once both have decided (R-43)."""
    both = None not in plunge
    return {
        "decided": [p is not None for p in plunge],
        "plunged": [p if (both or t == seat) else None for t, p in enumerate(plunge)],
    }

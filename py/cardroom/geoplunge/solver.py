"""The Border-Up solver: does a hand hold a GeoPlunge / ThreeOPlunge, and which groups?

Exact, not heuristic. For a hand (any size; 18 or 21 cards in play) the solver

1. indexes the cards 0..n-1 and keeps the border graph *induced* by the hand as one
   bitmask of neighbours per card;
2. enumerates every simple path of 3 to 5 cards (3 only at Levels 2 and 3) by depth-first
   search over those bitmasks, keeping one path per set of cards: the sets of cards that
   can be lined up are exactly the winning groups, and the path is a properly sorted order
   (at Level 3 the middle card of a 3-path borders both ends);
3. searches for pairwise disjoint groups of the required sizes (2x3 / 3x3; at Level 4 4+4
   or 5+3, plus a 3 for the bonus) with bitsets *of groups*: for each card, the set of
   groups containing it, so "every group disjoint from these cards" is a few big-integer
   operations and a whole candidate list is tested at once.

``benchmarks/solver.py`` measures it (worst-case 21-card Level 4 hands).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .groups import CALLS, Graph, graph, group_sizes, shout_layouts

__all__ = ["Hand", "Solution", "all_groups", "find", "solve"]

Groups = tuple[tuple[str, ...], ...]


def _bits(x: int) -> Iterable[int]:
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


class Hand:
    """One hand prepared for solving at one level (the enumeration is done once, lazily).

    ``cards`` may come in any order (duplicates are ignored); the order decides which of
    several solutions is found first, so shuffling it varies the answer."""

    def __init__(self, cards: Iterable[str], level: int, g: Graph | None = None) -> None:
        self.level = level
        self.sizes = group_sizes(level)
        g = graph() if g is None else g
        self.cards: tuple[str, ...] = tuple(dict.fromkeys(cards))
        for c in self.cards:
            if c not in g:
                raise ValueError(f"{c!r} is not a state card")
        pos = {c: i for i, c in enumerate(self.cards)}
        self.adj: tuple[int, ...] = tuple(
            sum(1 << pos[n] for n in g[c] if n in pos) for c in self.cards
        )
        self._groups: dict[int, dict[int, tuple[int, ...]]] | None = None
        self._index: dict[int, tuple[list[int], list[int], int]] = {}

    # -------------------------------------------------------------- enumeration

    def _enumerate(self) -> dict[int, dict[int, tuple[int, ...]]]:
        """size -> {card-set mask: one path through those cards}."""
        if self._groups is not None:
            return self._groups
        top = max(self.sizes)
        found: dict[int, dict[int, tuple[int, ...]]] = {k: {} for k in self.sizes}
        adj = self.adj
        path: list[int] = []

        def grow(last: int, used: int) -> None:
            k = len(path)
            if k >= 3:
                bucket = found[k]
                if used not in bucket:
                    bucket[used] = tuple(path)
                if k == top:
                    return
            nxt = adj[last] & ~used
            while nxt:
                low = nxt & -nxt
                nxt ^= low
                j = low.bit_length() - 1
                path.append(j)
                grow(j, used | low)
                path.pop()

        for i in range(len(self.cards)):
            if adj[i]:
                path.append(i)
                grow(i, 1 << i)
                path.pop()
        self._groups = found
        return found

    def _sets(self, k: int) -> tuple[list[int], list[int], int]:
        """For size ``k``: the group masks (a list), per card the bitset of the groups
        containing it, and the bitset of all groups."""
        if k not in self._index:
            masks = list(self._enumerate()[k])
            inc = [0] * len(self.cards)
            for j, m in enumerate(masks):
                for i in _bits(m):
                    inc[i] |= 1 << j
            self._index[k] = (masks, inc, (1 << len(masks)) - 1)
        return self._index[k]

    def _avoid(self, k: int, used: int) -> int:
        """The bitset of size-``k`` groups sharing no card with the mask ``used``."""
        _, inc, everything = self._sets(k)
        hit = 0
        for i in _bits(used):
            hit |= inc[i]
        return everything & ~hit

    def _codes(self, mask: int, k: int) -> tuple[str, ...]:
        return tuple(self.cards[i] for i in self._enumerate()[k][mask])

    # -------------------------------------------------------------- queries

    def groups(self, size: int | None = None) -> list[tuple[str, ...]]:
        """Every winning group of the hand (of ``size`` cards, or of every size the level
        allows), one properly sorted order per set of cards."""
        sizes = self.sizes if size is None else (size,)
        out: list[tuple[str, ...]] = []
        for k in sizes:
            if k not in self.sizes:
                raise ValueError(f"no groups of {k} cards at Level {self.level}")
            out.extend(self._codes(m, k) for m in self._enumerate()[k])
        return out

    def count(self, size: int | None = None) -> int:
        """How many distinct winning groups (sets of cards) the hand holds."""
        sizes = self.sizes if size is None else (size,)
        return sum(len(self._enumerate()[k]) for k in sizes)

    def find(self, call: str) -> Groups | None:
        """One set of disjoint, properly sorted groups for ``call`` ("geoplunge" or
        "threeoplunge"), largest group first, or None if the hand has none."""
        if call not in CALLS:
            raise ValueError(f"unknown call {call!r}")
        for layout in shout_layouts(self.level, call):
            found = self._find_layout(layout)
            if found is not None:
                return tuple(self._codes(m, m.bit_count()) for m in found)
        return None

    def _find_layout(self, layout: tuple[int, ...]) -> tuple[int, ...] | None:
        a = layout[0]
        masks_a, _, _ = self._sets(a)
        if not masks_a:
            return None
        if len(layout) == 2:
            b = layout[1]
            masks_b = self._sets(b)[0]
            if not masks_b:
                return None
            for ia, ma in enumerate(masks_a):
                cand = self._avoid(b, ma)
                if a == b:
                    cand = (cand >> (ia + 1)) << (ia + 1)  # each pair once
                if cand:
                    return (ma, masks_b[(cand & -cand).bit_length() - 1])
            return None
        # Three groups: (4, 4, 3) or (5, 3, 3) at Level 4, (3, 3, 3) at Levels 2-3.
        b, c = layout[1], layout[2]
        masks_b, masks_c = self._sets(b)[0], self._sets(c)[0]
        if not masks_b or not masks_c:
            return None
        free_c_of_b: dict[int, int] = {}  # per b-group: the c-groups disjoint from it
        for ia, ma in enumerate(masks_a):
            cand_b = self._avoid(b, ma)
            if a == b:
                cand_b = (cand_b >> (ia + 1)) << (ia + 1)
            if not cand_b:
                continue
            free_c = self._avoid(c, ma) if c != b else cand_b
            if not free_c:
                continue
            while cand_b:
                low = cand_b & -cand_b
                cand_b ^= low
                ib = low.bit_length() - 1
                fb = free_c_of_b.get(ib)
                if fb is None:
                    fb = free_c_of_b[ib] = self._avoid(c, masks_b[ib])
                rest = free_c & fb
                if b == c:
                    rest = (rest >> (ib + 1)) << (ib + 1)
                if rest:
                    return (ma, masks_b[ib], masks_c[(rest & -rest).bit_length() - 1])
        return None


@dataclass(frozen=True, slots=True)
class Solution:
    """What a hand holds: one GeoPlunge and one ThreeOPlunge (each None if impossible),
    as properly sorted groups, largest first."""

    level: int
    cards: tuple[str, ...]
    geoplunge: Groups | None
    threeoplunge: Groups | None

    @property
    def best(self) -> tuple[str, Groups] | None:
        """The best shout the hand allows: ("threeoplunge", groups), ("geoplunge",
        groups) or None."""
        if self.threeoplunge is not None:
            return ("threeoplunge", self.threeoplunge)
        if self.geoplunge is not None:
            return ("geoplunge", self.geoplunge)
        return None

    def to_json(self) -> dict[str, Any]:
        def groups(gs: Groups | None) -> list[list[str]] | None:
            return None if gs is None else [list(g) for g in gs]

        return {
            "level": self.level,
            "cards": list(self.cards),
            "geoplunge": groups(self.geoplunge),
            "threeoplunge": groups(self.threeoplunge),
        }


def _prepare(
    hand: Sequence[str] | Hand, level: int, rng: random.Random | None, g: Graph | None
) -> Hand:
    if isinstance(hand, Hand):
        if hand.level != level:
            raise ValueError("the Hand was prepared for another level")
        return hand
    cards = list(hand)
    if rng is not None:
        rng.shuffle(cards)
    return Hand(cards, level, g)


def solve(
    hand: Sequence[str] | Hand,
    level: int,
    *,
    rng: random.Random | None = None,
    g: Graph | None = None,
) -> Solution:
    """Whether ``hand`` holds a GeoPlunge and a ThreeOPlunge at ``level``, with groups.

    With ``rng``, the cards are shuffled first, so a different solution may be found."""
    h = _prepare(hand, level, rng, g)
    three = h.find("threeoplunge")
    # Any two groups of a ThreeOPlunge are a GeoPlunge (its two largest at Level 4).
    two = three[:2] if three is not None else h.find("geoplunge")
    return Solution(level, h.cards, two, three)


def find(
    hand: Sequence[str] | Hand,
    level: int,
    call: str,
    *,
    rng: random.Random | None = None,
    g: Graph | None = None,
) -> Groups | None:
    """One set of groups for ``call`` in ``hand`` at ``level``, or None."""
    return _prepare(hand, level, rng, g).find(call)


def all_groups(
    hand: Sequence[str] | Hand, level: int, size: int | None = None, *, g: Graph | None = None
) -> list[tuple[str, ...]]:
    """Every winning group in ``hand`` (of ``size`` cards, or every allowed size), one
    properly sorted order per set of cards: the hints list."""
    return _prepare(hand, level, None, g).groups(size)

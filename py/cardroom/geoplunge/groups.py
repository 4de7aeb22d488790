"""Checking Border-Up groups: is this group of state cards a winning group, and why not?

The three levels (rule books: Level 2 in Combo 2, Level 3 in Combo 3, Level 4 in Combo 4):

* **Level 2** -- a group is 3 cards where one state borders both others, in any order.
* **Level 3** -- the same, sorted with that state in the middle (if all three border each
  other, any order).
* **Level 4** -- a group of 3, 4 or 5 cards whose states, *in the order given*, each border
  the next: a line from one end state to the other crosses every state of the group once
  and no other state (a Hamiltonian path of the border graph induced by the group).

All three are one idea (ruling R-2; borders as the cards print them, R-3): the group's states can be lined up so that neighbours border each
other. Level 2 only asks that such a line-up exists; Levels 3 and 4 ask that the cards are
shown in one (a 3-card line-up is exactly "the state bordering both others in the middle").

Every check returns a :class:`GroupCheck` with a sentence saying why ("Texas borders none
of Colorado, Nebraska and Kansas", "Missouri would be crossed twice: ...") and, when the
cards can be lined up but were shown in a wrong order, a correct order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from .. import atlas

__all__ = [
    "CALLS",
    "LEVELS",
    "Graph",
    "GroupCheck",
    "ShoutCheck",
    "call_name",
    "check_group",
    "check_shout",
    "graph",
    "group_sizes",
    "line_up",
    "name",
    "shout_layouts",
]

#: The levels Border-Up is played at.
LEVELS = (2, 3, 4)

#: The two shouts and the number of groups each shows.
CALLS: dict[str, int] = {"geoplunge": 2, "threeoplunge": 3}

_CALL_NAMES = {"geoplunge": "GeoPlunge", "threeoplunge": "ThreeOPlunge"}

Graph = Mapping[str, frozenset[str]]


@cache
def graph() -> dict[str, frozenset[str]]:
    """The border graph the cards print (atlas), made symmetric (R-3)."""
    raw = atlas.borders()
    out: dict[str, set[str]] = {c: set(n) for c, n in raw.items()}
    for c, ns in raw.items():
        for n in ns:
            out.setdefault(n, set()).add(c)
    return {c: frozenset(n) for c, n in out.items()}


def name(code: str) -> str:
    """A state's name from its postal code (the code itself if unknown)."""
    facts = atlas.by_code().get(code)
    return facts.name if facts else code


def call_name(call: str) -> str:
    """``"geoplunge"`` -> ``"GeoPlunge"``, ``"threeoplunge"`` -> ``"ThreeOPlunge"``."""
    return _CALL_NAMES.get(call, call)


def group_sizes(level: int) -> tuple[int, ...]:
    """The sizes a single group may have at ``level``."""
    _check_level(level)
    return (3, 4, 5) if level == 4 else (3,)


def shout_layouts(level: int, call: str) -> tuple[tuple[int, ...], ...]:
    """The group sizes a shout must show, largest group first, e.g. L4 GeoPlunge:
    ``((4, 4), (5, 3))``. The groups may be shown in any order (ruling R-4)."""
    _check_level(level)
    if call not in CALLS:
        raise ValueError(f"unknown call {call!r}")
    if level == 4:
        return ((4, 4), (5, 3)) if call == "geoplunge" else ((4, 4, 3), (5, 3, 3))
    return ((3,) * CALLS[call],)


def _check_level(level: int) -> None:
    if level not in LEVELS:
        raise ValueError(f"Border-Up is played at levels 2, 3 and 4, not {level!r}")


# ------------------------------------------------------------------ wording


def _and(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _none_of(words: Sequence[str]) -> str:
    if len(words) == 1:
        return f"does not border {words[0]}"
    if len(words) == 2:
        return f"borders neither {words[0]} nor {words[1]}"
    return "borders none of " + _and(words)


def _codes(cards: Iterable[str]) -> str:
    return "-".join(cards)


# ------------------------------------------------------------------ line-ups


def _borders(g: Graph, a: str, b: str) -> bool:
    return b in g.get(a, ())


def line_up(cards: Sequence[str], g: Graph | None = None) -> tuple[str, ...] | None:
    """An order of ``cards`` in which each state borders the next (None if there is
    none). Among several, the one closest to the given order: the given order itself if
    it works, otherwise the first found by depth-first search from the given order."""
    g = graph() if g is None else g
    cards = tuple(cards)
    if len(set(cards)) != len(cards) or not cards:
        return None
    if all(_borders(g, a, b) for a, b in zip(cards, cards[1:], strict=False)):
        return cards
    n = len(cards)

    def extend(path: list[str], left: set[str]) -> tuple[str, ...] | None:
        if not left:
            return tuple(path)
        for c in cards:
            if c in left and _borders(g, path[-1], c):
                path.append(c)
                left.discard(c)
                found = extend(path, left)
                if found:
                    return found
                left.add(c)
                path.pop()
        return None

    for start in cards:
        found = extend([start], set(cards) - {start})
        if found and len(found) == n:
            return found
    return None


def _components(cards: Sequence[str], g: Graph) -> list[list[str]]:
    left = list(cards)
    parts: list[list[str]] = []
    while left:
        part = [left.pop(0)]
        i = 0
        while i < len(part):
            for c in list(left):
                if _borders(g, part[i], c):
                    part.append(c)
                    left.remove(c)
            i += 1
        parts.append([c for c in cards if c in part])
    return parts


def _why_no_line(cards: Sequence[str], g: Graph) -> str:
    """Why ``cards`` (distinct, at least 2) cannot be lined up, in the plainest terms
    that apply: a state bordering none of the others, parts that do not connect, a
    state that would be crossed twice, too many end states."""
    for c in cards:
        others = [d for d in cards if d != c]
        if not any(_borders(g, c, d) for d in others):
            return f"{name(c)} {_none_of([name(d) for d in others])}"
    parts = _components(cards, g)
    if len(parts) > 1:
        first, rest = parts[0], [c for p in parts[1:] for c in p]
        # Each part has 2+ states here (a lone state was caught above).
        verb = _none_of([name(c) for c in rest])
        verb = verb.replace("borders", "border", 1).replace("does not border", "do not border")
        return f"{_and([name(c) for c in first])} {verb}"
    for c in cards:
        rest = [d for d in cards if d != c]
        split = _components(rest, g)
        if len(split) >= 3:
            pieces = ["/".join(name(d) for d in p) for p in split]
            return (
                f"{name(c)} would be crossed twice: {_and(pieces)} can only reach "
                "each other through it"
            )
    ends = [c for c in cards if sum(_borders(g, c, d) for d in cards if d != c) == 1]
    if len(ends) > 2:
        return (
            "a line has only two end states, but "
            f"{_and([name(c) for c in ends])} each border just one other state of the group"
        )
    return "no order of these states lets each one border the next"


# ------------------------------------------------------------------ one group


@dataclass(frozen=True, slots=True)
class GroupCheck:
    """The verdict on one group: ``ok``, the ``reason`` in a sentence, and ``order``, an
    order of the same cards that works (None if none does; equal to ``cards`` when the
    group is valid as shown)."""

    cards: tuple[str, ...]
    ok: bool
    reason: str
    order: tuple[str, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": list(self.cards),
            "ok": self.ok,
            "reason": self.reason,
            "order": list(self.order) if self.order is not None else None,
        }


def _valid_reason(cards: tuple[str, ...], level: int, g: Graph) -> str:
    if len(cards) == 3:
        a, b, c = cards
        if _borders(g, a, b) and _borders(g, b, c) and _borders(g, a, c):
            tail = ", so any order works" if level == 3 else ""
            return f"all three border each other{tail}"
        if level == 2:
            hub = next(x for x in cards if all(_borders(g, x, y) for y in cards if y != x))
            others = [name(y) for y in cards if y != hub]
            return f"{name(hub)} borders both {others[0]} and {others[1]}"
        if level == 3:
            return f"{name(b)} borders both {name(a)} and {name(c)} and is in the middle"
    return "each state borders the next: " + " → ".join(name(c) for c in cards)


def check_group(cards: Sequence[str], level: int, g: Graph | None = None) -> GroupCheck:
    """Check one group, in the order given, at ``level`` (2, 3 or 4).

    Raises ValueError for an unknown level or a code that is not a state card; every
    other problem (size, a repeated card, borders, order) is a failed check with its
    reason."""
    _check_level(level)
    g = graph() if g is None else g
    cards = tuple(cards)
    for c in cards:
        if c not in g:
            raise ValueError(f"{c!r} is not a state card")
    sizes = group_sizes(level)
    if len(cards) not in sizes:
        allowed = "3" if sizes == (3,) else "3, 4 or 5"
        return GroupCheck(
            cards, False, f"a Level {level} group has {allowed} cards, not {len(cards)}"
        )
    seen: set[str] = set()
    for c in cards:
        if c in seen:
            return GroupCheck(cards, False, f"{name(c)} appears twice")
        seen.add(c)
    order = line_up(cards, g)
    if order is None:
        return GroupCheck(cards, False, _why_no_line(cards, g))
    if level == 2 or order == cards:
        return GroupCheck(cards, True, _valid_reason(cards, level, g), cards)
    # The states can be lined up, but the cards are not shown in such an order.
    if level == 3:
        hub = order[1]
        a, c = (x for x in cards if x != hub)
        reason = (
            f"{name(hub)} borders both {name(a)} and {name(c)}, so it goes in the middle: "
            f"{_codes(order)}"
        )
    else:
        a, b = next((x, y) for x, y in zip(cards, cards[1:], strict=False) if not _borders(g, x, y))
        reason = f"{name(a)} does not border {name(b)}; sort as {_codes(order)}"
    return GroupCheck(cards, False, reason, order)


# ------------------------------------------------------------------ a shout


@dataclass(frozen=True, slots=True)
class ShoutCheck:
    """The verdict on a shout: ``valid`` if it shows the right number of winning groups
    in a right layout; ``reason`` in a sentence; ``problem`` names a layout fault (group
    count or sizes, a card in two groups) that is not about any single group."""

    call: str
    groups: tuple[GroupCheck, ...]
    valid: bool
    reason: str
    problem: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "call": self.call,
            "valid": self.valid,
            "reason": self.reason,
            "problem": self.problem,
            "groups": [c.to_json() for c in self.groups],
        }


def _layout_problem(call: str, sizes: list[int], level: int) -> str | None:
    want = CALLS[call]
    if len(sizes) != want:
        shown = "no group" if not sizes else f"{len(sizes)} group{'s' * (len(sizes) != 1)}"
        return f"{call_name(call)} shows {want} groups, but {shown} {'was' if len(sizes) == 1 else 'were'} shown"
    layouts = shout_layouts(level, call)
    if level == 4 and tuple(sorted(sizes, reverse=True)) not in layouts:
        plus = "+".join(str(n) for n in sizes)
        need = "4+4 or 5+3" + (", and a third group of 3" if want == 3 else "")
        return f"Level 4 groups are {need}, not {plus}"
    return None


def check_shout(
    call: str, groups: Sequence[Sequence[str]], level: int, g: Graph | None = None
) -> ShoutCheck:
    """Check a shout: ``call`` is ``"geoplunge"`` (2 groups) or ``"threeoplunge"`` (3),
    ``groups`` the groups in the order each was sorted. The groups may come in any order
    (at Level 4, 4+4 or 5+3, and 3 more for ThreeOPlunge: ruling R-4). The number of
    groups must match the call (R-6)."""
    if call not in CALLS:
        raise ValueError(f"unknown call {call!r}: 'geoplunge' or 'threeoplunge'")
    checks = tuple(check_group(grp, level, g) for grp in groups)
    problem = _layout_problem(call, [len(grp) for grp in groups], level)
    if problem is None:
        seen: set[str] = set()
        for grp in groups:
            dup = next((c for c in dict.fromkeys(grp) if c in seen), None)
            if dup is not None:
                problem = f"{name(dup)} is in two groups"
                break
            seen.update(grp)
    if problem is not None:
        return ShoutCheck(call, checks, False, problem, problem)
    bad = [(i, c) for i, c in enumerate(checks) if not c.ok]
    if bad:
        i, c = bad[0]
        reason = f"group {i + 1} ({_codes(c.cards)}): {c.reason}"
        return ShoutCheck(call, checks, False, reason)
    n = len(checks)
    sorted_ = "" if level == 2 else ", properly sorted"
    return ShoutCheck(call, checks, True, f"{n} winning groups{sorted_}")

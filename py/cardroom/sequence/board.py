"""The Sequence States & Capitals equipment: the fixed 10x10 board, the 108 cards, the chips.

**The board** (R-70). Spaces are numbered ``0..99`` row by row (``space = 10 * row + col``,
row 0 at the top). Rows 0-4 hold the 50 states sorted by capital (Albany, Annapolis,
Atlanta...), ten to a row; rows 5-9 repeat rows 0-4 with each row's two halves swapped, so
the second copy of the state at ``(row, col)`` is at ``(row + 5, (col + 5) % 10)``. Every
state's two copies are therefore exactly 5 rows and 5 columns apart: 10 steps on foot
(Manhattan) and 5 king moves (Chebyshev), which is the most any layout of a 10x10 board
can give every state (a space next to the centre has no space farther than that). No
line of five holds both copies of a state, and there are no free corners.

**The cards**: 100 state cards (each state twice, code ``"TX"``), 4 ``"ADD"`` and 4
``"REMOVE"``. **The chips**: three colours, each with its own mark for colour-blind
players (R-71).

Lines: a *window* is five spaces in a row across, down or diagonally (192 of them);
``WINDOWS_AT[space]`` lists the windows through a space.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .. import atlas

__all__ = [
    "ADD",
    "CARD_KINDS",
    "CHIPS",
    "DECK",
    "REMOVE",
    "SIDE",
    "SPACES",
    "STATE_CODES",
    "WINDOWS",
    "WINDOWS_AT",
    "board",
    "board_json",
    "cells_of",
    "distance",
    "rc",
    "space_of",
]

SIDE = 10
SPACES = SIDE * SIDE
ADD = "ADD"
REMOVE = "REMOVE"
CARD_KINDS = (ADD, REMOVE)

#: Chip styles per team (R-71): colour name, a colour-blind-safe fill, and a mark.
CHIPS: tuple[dict[str, str], ...] = (
    {"colour": "blue", "fill": "#0072B2", "mark": "circle"},
    {"colour": "green", "fill": "#009E73", "mark": "triangle"},
    {"colour": "red", "fill": "#D55E00", "mark": "cross"},
)


def _states_by_capital() -> tuple[str, ...]:
    return tuple(s.code for s in sorted(atlas.states(), key=lambda s: s.capital))


#: The 50 postal codes in board order (sorted by capital).
STATE_CODES: tuple[str, ...] = _states_by_capital()


def _layout() -> tuple[str, ...]:
    cells = [""] * SPACES
    for i, code in enumerate(STATE_CODES):
        r, c = divmod(i, SIDE)
        cells[r * SIDE + c] = code
        cells[(r + 5) * SIDE + (c + 5) % SIDE] = code
    return tuple(cells)


#: The state printed on each space, ``BOARD[space]``.
BOARD: tuple[str, ...] = _layout()

#: Each state's two spaces (ascending).
CELLS: dict[str, tuple[int, int]] = {}
for _i, _code in enumerate(BOARD):
    CELLS[_code] = (*CELLS.get(_code, ()), _i)
del _i, _code

#: The 108 cards, in the order of a new box.
DECK: tuple[str, ...] = (*STATE_CODES, *STATE_CODES, *(ADD,) * 4, *(REMOVE,) * 4)


def _windows() -> tuple[tuple[int, ...], ...]:
    out = []
    for r in range(SIDE):
        for c in range(SIDE):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + 4 * dr, c + 4 * dc
                if 0 <= end_r < SIDE and 0 <= end_c < SIDE:
                    out.append(tuple(sorted((r + k * dr) * SIDE + c + k * dc for k in range(5))))
    return tuple(sorted(out))


#: Every line of five spaces (sorted tuples, in reading order).
WINDOWS: tuple[tuple[int, ...], ...] = _windows()
#: Indices into WINDOWS of the windows through each space.
WINDOWS_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, w in enumerate(WINDOWS) if s in w) for s in range(SPACES)
)
#: The set of windows, for checking that five spaces are a line.
WINDOW_SET: frozenset[tuple[int, ...]] = frozenset(WINDOWS)


def board() -> tuple[str, ...]:
    """The postal code on each of the 100 spaces."""
    return BOARD


def cells_of(code: str) -> tuple[int, int]:
    """The two spaces of a state."""
    return CELLS[code]


def rc(space: int) -> tuple[int, int]:
    """(row, column) of a space."""
    return divmod(space, SIDE)


def space_of(row: int, col: int) -> int:
    return row * SIDE + col


def distance(a: int, b: int) -> tuple[int, int]:
    """(Chebyshev, Manhattan) distance between two spaces."""
    (ra, ca), (rb, cb) = rc(a), rc(b)
    return max(abs(ra - rb), abs(ca - cb)), abs(ra - rb) + abs(ca - cb)


@cache
def board_json(kind: str = "states") -> list[dict[str, Any]]:
    """What each space shows: ``kind="states"`` the state's name and capital,
    ``"capitals"`` the capital only (the capitals-only board, R-72). Always the code
    (for the screen's ``data-state``), the colour and the row and column."""
    if kind not in ("states", "capitals"):
        raise ValueError(f"board is 'states' or 'capitals', not {kind!r}")
    facts = atlas.by_code()
    out = []
    for i, code in enumerate(BOARD):
        f = facts[code]
        r, c = rc(i)
        out.append(
            {
                "space": i,
                "row": r,
                "col": c,
                "code": code,
                "name": f.name if kind == "states" else None,
                "capital": f.capital,
                "colour": f.colour,
            }
        )
    return out

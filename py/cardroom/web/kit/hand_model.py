"""Where each card of a hand lies: in the hand or in one of the group slots, in order.

The model behind :mod:`cardroom.web.kit.hand` (the drag-and-drop widget), kept free of any
browser import so the rules of moving cards are plain Python: a card is in exactly one
zone; a slot may have a capacity; moving a card to an index counts positions *after* the
card has left its old place (what a pointer hovering between two cards means).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["HAND", "ROVING_KEYS", "Arrangement", "Zone", "help_html", "roving_target"]

#: The key of the hand zone (every other zone is a group slot).
HAND = "hand"


@dataclass(frozen=True, slots=True)
class Zone:
    """One place cards can lie: ``key`` (``"hand"`` or ``"g1"``...), ``label`` for
    people ("Group 1"), ``capacity`` (None: unlimited) and ``hint`` (what it is for,
    e.g. "3 cards" or "the bonus group")."""

    key: str
    label: str
    capacity: int | None = None
    hint: str = ""


class Arrangement:
    """The cards of one hand spread over zones (the hand first, then the slots)."""

    def __init__(self, cards: Iterable[str], slots: Sequence[Zone]) -> None:
        self.cards: tuple[str, ...] = tuple(dict.fromkeys(cards))
        self.zones: tuple[Zone, ...] = (Zone(HAND, "Hand"), *slots)
        keys = [z.key for z in self.zones]
        if len(set(keys)) != len(keys):
            raise ValueError(f"zone keys must be unique: {keys}")
        self.lists: dict[str, list[str]] = {z.key: [] for z in self.zones}
        self.lists[HAND] = list(self.cards)

    # ------------------------------------------------------------ queries

    @property
    def slots(self) -> tuple[Zone, ...]:
        return self.zones[1:]

    def zone(self, key: str) -> Zone:
        for z in self.zones:
            if z.key == key:
                return z
        raise KeyError(key)

    def zone_of(self, code: str) -> str:
        for key, cards in self.lists.items():
            if code in cards:
                return key
        raise KeyError(code)

    def index_of(self, code: str) -> int:
        return self.lists[self.zone_of(code)].index(code)

    def groups(self, keys: Sequence[str] | None = None) -> list[list[str]]:
        """The cards of the given slots (every slot by default), in order."""
        keys = [z.key for z in self.slots] if keys is None else keys
        return [list(self.lists[k]) for k in keys]

    def sizes(self) -> list[int]:
        return [len(self.lists[z.key]) for z in self.slots]

    def refusal(self, code: str, key: str) -> str | None:
        """Why ``code`` cannot go to zone ``key`` (None if it can)."""
        if code not in self.cards:
            return f"{code} is not in this hand"
        zone = self.zone(key)
        if self.zone_of(code) == key:
            return None
        if zone.capacity is not None and len(self.lists[key]) >= zone.capacity:
            return f"{zone.label} is full ({zone.capacity} cards)"
        return None

    # ------------------------------------------------------------ changes

    def move(self, code: str, key: str, index: int | None = None) -> bool:
        """Put ``code`` in zone ``key`` at ``index`` (None: at the end), counting
        positions after it left its place. False (nothing changes) when the zone is full
        or the card is already there."""
        if self.refusal(code, key) is not None:
            return False
        src = self.zone_of(code)
        old = self.lists[src].index(code)
        self.lists[src].remove(code)
        dest = self.lists[key]
        i = len(dest) if index is None else max(0, min(index, len(dest)))
        dest.insert(i, code)
        return not (src == key and i == old)

    def shift(self, code: str, delta: int) -> bool:
        """Move ``code`` ``delta`` places within its zone (clamped); False if it stays."""
        key = self.zone_of(code)
        i = self.lists[key].index(code)
        j = max(0, min(i + delta, len(self.lists[key]) - 1))
        if i == j:
            return False
        return self.move(code, key, j)

    def clear(self) -> None:
        """Every card back in the hand, in the dealt order."""
        for z in self.zones:
            self.lists[z.key] = []
        self.lists[HAND] = list(self.cards)

    def place(self, groups: Sequence[Sequence[str]]) -> None:
        """Lay out ``groups`` in the slots (in slot order), the rest in the hand."""
        self.clear()
        for zone, group in zip(self.slots, groups, strict=False):
            for code in group:
                if code in self.cards:
                    self.move(code, zone.key)

    # ------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, list[str]]:
        return {k: list(v) for k, v in self.lists.items() if k != HAND}

    def restore(self, saved: Mapping[str, Any]) -> None:
        """Lay out the slots as saved by :meth:`to_json` (unknown cards are ignored)."""
        self.clear()
        for zone in self.slots:
            for code in saved.get(zone.key, ()) or ():
                if isinstance(code, str) and code in self.cards:
                    self.move(code, zone.key)


#: The keys that move the focus within a hand (one Tab stop per hand, WAI-ARIA roving).
ROVING_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")


def roving_target(
    key: str,
    index: int,
    count: int,
    centers: Sequence[tuple[float, float]] = (),
    *,
    flip: bool = False,
    row_gap: float = 8.0,
) -> int | None:
    """Which card of a hand of ``count`` gets the focus when ``key`` is pressed on card
    ``index`` (None: the key does not move it).

    ``←``/``→`` go to the previous/next card in order (no wrap), ``Home``/``End`` to the
    first/last; ``↑``/``↓`` go to the nearest card of the row above/below (``centers``:
    each card's centre on screen, for hands that wrap onto several rows). ``flip`` is for
    a hand turned 180 degrees (the team across the table): the order then runs right to
    left on screen, so ``←`` and ``→`` swap; ``↑``/``↓`` use screen positions already.
    """
    if count <= 0 or not 0 <= index < count:
        return None
    if key == "Home":
        return 0
    if key == "End":
        return count - 1
    if key in ("ArrowLeft", "ArrowRight"):
        step = -1 if key == "ArrowLeft" else 1
        j = index - step if flip else index + step
        return j if 0 <= j < count else None
    if key in ("ArrowUp", "ArrowDown") and len(centers) == count:
        sign = -1 if key == "ArrowUp" else 1
        x0, y0 = centers[index]
        below = [i for i, (_x, y) in enumerate(centers) if (y - y0) * sign > row_gap]
        if not below:
            return None
        row_y = min((centers[i][1] for i in below), key=lambda y: abs(y - y0))
        row = [i for i in below if abs(centers[i][1] - row_y) <= row_gap]
        return min(row, key=lambda i: (abs(centers[i][0] - x0), i))
    return None


def help_html(element_id: str, more: str = "", *, zoom: bool = False) -> str:
    """How to move cards, for the cards' ``aria-describedby`` (``more``: the game's keys;
    ``zoom``: a press held on a card shows it large)."""
    extra = f", {more}" if more else ""
    hold = "; press and hold a card to see it large" if zoom else ""
    return (
        f'<p class="bu-help" id="{element_id}"><span class="bu-help-kbd">Keyboard: '
        "<kbd>Tab</kbd> to the hand (or a group), <kbd>←</kbd> <kbd>→</kbd> to a card, "
        "<kbd>1</kbd> <kbd>2</kbd> <kbd>3</kbd> put it in that group, <kbd>Alt</kbd>+"
        "<kbd>←</kbd> <kbd>→</kbd> move it within its group, <kbd>Backspace</kbd> "
        f'returns it to the hand{extra}.</span> <span class="bu-help-ptr">Mouse or touch: '
        f"drag cards into the groups and along them, or tap a card and then a group{hold}.</span></p>"
    )

"""The Tri-Virsity deck: 132 cards in three suits, with suit wilds and tri-colour wilds.

Card codes are three characters:

* a letter card is ``<suit><LETTER><copy>``: ``RA1`` is the first red A (suits ``R`` Winding
  Red, ``G`` Wavey Green, ``O`` Curvy Orange; copies count from 1);
* a suit wild is ``<suit>*<copy>``: ``G*2`` is the second green wild (20 points, any letter
  in green);
* a tri-colour wild is ``**<copy>``: ``**3`` (25 points, any letter in any suit).

Each suit holds 41 letter cards (the decoded table of the rule book, see
``docs/trivirsity.md``), 2 suit wilds, and the deck 3 tri-colour wilds: 3 x 41 + 6 + 3 = 132.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

__all__ = [
    "ALL_CARDS",
    "LETTERS",
    "SUITS",
    "SUIT_NAMES",
    "TRI_POINTS",
    "WILD_POINTS",
    "card_letter",
    "card_name",
    "card_points",
    "card_suit",
    "deck",
    "fits_suit",
    "is_card",
    "is_tri",
    "is_wild",
    "sort_cards",
]

#: Suit letters in table order.
SUITS = ("R", "G", "O")
SUIT_NAMES = {"R": "Winding Red", "G": "Wavey Green", "O": "Curvy Orange"}

#: Each suit's letter cards: letter -> (count, points).
LETTERS: dict[str, tuple[int, int]] = {
    "A": (3, 5),
    "B": (1, 10),
    "C": (1, 10),
    "D": (2, 5),
    "E": (4, 5),
    "F": (1, 10),
    "G": (1, 5),
    "H": (1, 10),
    "I": (3, 5),
    "J": (1, 15),
    "K": (1, 10),
    "L": (1, 5),
    "M": (1, 10),
    "N": (1, 5),
    "O": (3, 5),
    "P": (1, 10),
    "Q": (1, 15),
    "R": (2, 5),
    "S": (2, 5),
    "T": (2, 5),
    "U": (2, 5),
    "V": (1, 10),
    "W": (1, 10),
    "X": (1, 15),
    "Y": (2, 5),
    "Z": (1, 15),
}
WILD_POINTS = 20
TRI_POINTS = 25
SUIT_WILDS = 2
TRI_WILDS = 3


@lru_cache(maxsize=16)
def deck(suit_wilds: int = SUIT_WILDS, tri_wilds: int = TRI_WILDS) -> tuple[str, ...]:
    """Every card of a deck with ``suit_wilds`` wilds per suit and ``tri_wilds`` tri-colour
    wilds (the full deck by default: 132 cards), in a fixed order."""
    if not 0 <= suit_wilds <= SUIT_WILDS or not 0 <= tri_wilds <= TRI_WILDS:
        raise ValueError(f"at most {SUIT_WILDS} wilds per suit and {TRI_WILDS} tri-colour wilds")
    out: list[str] = []
    for s in SUITS:
        for letter, (count, _) in LETTERS.items():
            out.extend(f"{s}{letter}{i}" for i in range(1, count + 1))
        out.extend(f"{s}*{i}" for i in range(1, suit_wilds + 1))
    out.extend(f"**{i}" for i in range(1, tri_wilds + 1))
    return tuple(out)


ALL_CARDS = deck()
_ALL = frozenset(ALL_CARDS)
_ORDER = {c: i for i, c in enumerate(ALL_CARDS)}


def is_card(code: object) -> bool:
    return isinstance(code, str) and code in _ALL


def is_tri(card: str) -> bool:
    return card[0] == "*"


def is_wild(card: str) -> bool:
    """A suit wild or a tri-colour wild."""
    return card[1] == "*"


def card_suit(card: str) -> str | None:
    """The suit letter, or None for a tri-colour wild."""
    return None if card[0] == "*" else card[0]


def card_letter(card: str) -> str | None:
    """The lowercase letter printed on a letter card, or None for a wild."""
    return None if card[1] == "*" else card[1].lower()


def card_points(card: str) -> int:
    if card[0] == "*":
        return TRI_POINTS
    if card[1] == "*":
        return WILD_POINTS
    return LETTERS[card[1]][1]


def card_name(card: str) -> str:
    """ "Red E", "Green wild", "Tri-colour wild": a card in words (the engine's reasons, the
    screen's log and buttons)."""
    if card[0] == "*":
        return "Tri-colour wild"
    suit = {"R": "Red", "G": "Green", "O": "Orange"}[card[0]]
    return f"{suit} wild" if card[1] == "*" else f"{suit} {card[1]}"


def fits_suit(card: str, suit: str) -> bool:
    """May ``card`` stand in a word of ``suit``? (Its own suit, or a tri-colour wild.)"""
    return card[0] == "*" or card[0] == suit


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards in deck order: by suit, letters A-Z then the suit's wilds, tri-colour last."""
    return tuple(sorted(cards, key=_ORDER.__getitem__))

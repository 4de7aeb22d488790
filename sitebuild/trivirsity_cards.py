"""Tri-Virsity card faces, drawn at build time with svgwrite (not wired into the site yet).

``card_svg(code)`` is a pure function: the SVG text of one card of the 132 (letter cards,
suit wilds, tri-colour wilds; codes as in :mod:`cardroom.trivirsity.deck`). Each suit has
its colour and its line, after its name: Winding Red a zigzag, Wavey Green a wave, Curvy
Orange loops; a tri-colour wild carries all three. The letter is large and centred, the
points sit in two corners, and a ``<title>`` names the card for screen readers.
"""

from __future__ import annotations

import svgwrite

from cardroom.trivirsity.deck import (
    ALL_CARDS,
    SUIT_NAMES,
    card_letter,
    card_points,
    card_suit,
    is_tri,
    is_wild,
)

__all__ = ["COLOURS", "all_faces", "card_label", "card_svg"]

W, H = 120, 168
COLOURS = {"R": "#b3261e", "G": "#1e7b34", "O": "#c25a00"}
INK = "#1b1b1b"


def card_label(code: str) -> str:
    """What a screen reader says for the card."""
    pts = card_points(code)
    if is_tri(code):
        return f"Tri-colour wild, any letter in any suit, {pts} points"
    suit = SUIT_NAMES[card_suit(code) or "R"]
    if is_wild(code):
        return f"{suit} wild, any letter in {suit}, {pts} points"
    return f"{suit} {(card_letter(code) or '').upper()}, {pts} points"


def _line(suit: str, y: float) -> str:
    """The suit's line across the card at height ``y`` as SVG path data."""
    if suit == "R":  # winding: a zigzag
        pts = " ".join(f"{10 + i * 12.5},{y + (6 if i % 2 else -6)}" for i in range(9))
        return f"M {pts}"
    if suit == "G":  # wavey: a smooth wave
        d = f"M 10,{y}"
        for i in range(4):
            x = 10 + i * 25
            d += f" Q {x + 6.25},{y - 8} {x + 12.5},{y} T {x + 25},{y}"
        return d
    d = f"M 10,{y}"  # curvy: loops
    for i in range(4):
        x = 10 + i * 25
        d += f" C {x + 10},{y - 9} {x + 20},{y - 9} {x + 12.5},{y} S {x + 15},{y + 9} {x + 25},{y}"
    return d


def card_svg(code: str) -> str:
    """The SVG face of card ``code`` (ValueError for an unknown code)."""
    if code not in ALL_CARDS:
        raise ValueError(f"{code!r} is not a Tri-Virsity card")
    suits = ("R", "G", "O") if is_tri(code) else (card_suit(code) or "R",)
    label = card_label(code)
    dwg = svgwrite.Drawing(size=(W, H), viewBox=f"0 0 {W} {H}", profile="full", debug=False)
    dwg.attribs["role"] = "img"
    dwg.attribs["aria-label"] = label
    dwg.set_desc(title=label)
    dwg.add(
        dwg.rect((1, 1), (W - 2, H - 2), rx=10, ry=10, fill="#fffdf7", stroke=INK, stroke_width=2)
    )
    for i, s in enumerate(suits):
        for y in (26 + 7 * i, H - 22 - 7 * i):
            dwg.add(dwg.path(d=_line(s, y), fill="none", stroke=COLOURS[s], stroke_width=3))
    main = COLOURS[suits[0]] if len(suits) == 1 else INK
    letter = (card_letter(code) or "").upper()
    big = letter or "\u2605"  # a star for any wild
    dwg.add(
        dwg.text(
            big,
            insert=(W / 2, H / 2 + 16),
            text_anchor="middle",
            font_size=64 if letter else 56,
            font_family="Georgia, 'Times New Roman', serif",
            font_weight="bold",
            fill=main,
        )
    )
    if not letter:
        word = "TRI-WILD" if is_tri(code) else "WILD"
        dwg.add(
            dwg.text(
                word,
                insert=(W / 2, H / 2 + 34),
                text_anchor="middle",
                font_size=13,
                font_family="sans-serif",
                font_weight="bold",
                fill=main,
            )
        )
    pts = str(card_points(code))
    dwg.add(dwg.text(pts, insert=(12, 16), font_size=13, font_family="sans-serif", fill=INK))
    dwg.add(
        dwg.text(
            pts,
            insert=(W - 12, H - 8),
            text_anchor="end",
            font_size=13,
            font_family="sans-serif",
            fill=INK,
        )
    )
    return dwg.tostring()


def all_faces() -> dict[str, str]:
    """Every card's face, by code (132 cards)."""
    return {code: card_svg(code) for code in ALL_CARDS}

"""Sequence States & Capitals' input: a card from the hand by click, tap, its number key
or by typing its name; a space on the board by click, tap or the arrow keys, Enter to place
a chip (R-85); a dead card or a pass with its button. A part of
:class:`cardroom.web.games.sequence.screen.SequenceUI`."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from cardroom.sequence.board import BOARD
from cardroom.web.games.sequence.logic import (
    card_name,
    move_cursor,
    next_target,
    targets,
    type_card,
)
from cardroom.web.platform import dom

__all__ = ["TYPE_RESET_MS", "SequenceInput"]

#: Letters typed within this many milliseconds of each other spell one card's name.
TYPE_RESET_MS = 1000


class SequenceInput:
    """The screen sets ``table``, ``seat`` (the seat whose hand is shown), ``area``,
    ``cells`` (the board's buttons), ``cursor``, ``selected``, ``typed`` and ``typed_at``,
    and provides ``view``, ``refresh`` and ``prompt``."""

    table: Any
    seat: int | None
    area: Any
    cells: list[Any]
    cursor: int
    selected: str | None
    typed: str
    typed_at: float

    def select(self, card: str | None, keyboard: bool = False) -> None:
        self.selected = card
        self.refresh()
        v = self.view()
        if card is None:
            return
        dom.announce(dom.q("#seq-prompt", self.area).textContent)
        if keyboard:
            if card in v["dead"] and not v["exchanged"]:
                dom.q('[data-act="dead"]', self.area).focus()
                return
            x = next_target(v, card, self.cursor)
            if x is not None:
                self.move_to(x)

    def move_to(self, x: int) -> None:
        self.cells[self.cursor].tabIndex = -1
        self.cursor = x
        self.cells[x].tabIndex = 0
        self.cells[x].focus()

    def play(self, space: int) -> None:
        t = self.table
        if t is None or self.seat is None:
            return
        v = self.view()
        if v["turn"] != self.seat:
            dom.announce("Not your turn.")
            return
        card = self.selected
        if card is None:  # a space whose state card is in the hand plays it
            code = BOARD[space]
            if code in (v["hand"] or []) and v["chips"][space] < 0:
                card = code
            else:
                dom.announce("Choose a card first.")
                return
        if space not in targets(v, card):
            dom.announce(f"{card_name(card)} cannot go there. {self.prompt(v, True)}")
            return
        self.move_to(space)
        self.selected = None
        t.submit(self.seat, "play", {"card": card, "space": space})

    def on_click(self, evt: Any) -> None:
        b = dom.closest(evt.target, "button")
        if b is None or b.disabled or self.table is None or self.seat is None or not self.cells:
            return
        if b.classList.contains("seq-cell"):
            self.play(int(dom.attr(b, "data-space") or 0))
        elif b.classList.contains("seq-hcard"):
            card = dom.attr(b, "data-card")
            self.select(None if card == self.selected else card, keyboard=evt.detail == 0)
        elif dom.attr(b, "data-act") in ("dead", "pass") and self.selected:
            card, self.selected = self.selected, None
            if self.table.submit(self.seat, str(dom.attr(b, "data-act")), card) and self.cells:
                self.cells[self.cursor].focus()  # the keyboard carries on from the board

    def on_key(self, evt: Any) -> None:
        if self.seat is None or not self.cells or evt.ctrlKey or evt.metaKey or evt.altKey:
            return  # nothing to choose from: a hand-over, the result
        key = str(evt.key)
        cell = dom.closest(evt.target, ".seq-cell")
        if cell is not None and key in (
            "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"
        ):  # fmt: skip
            evt.preventDefault()
            self.move_to(move_cursor(int(dom.attr(cell, "data-space") or 0), key))
            return
        hand = self.view()["hand"] or []
        if key == "Escape" and self.selected is not None:
            self.select(None)
            dom.announce("No card chosen.")
            return
        if key.isdigit() and key != "0":
            i = int(key) - 1
            if i < len(hand):
                evt.preventDefault()
                self.select(hand[i], keyboard=True)
            return
        if len(key) == 1 and (key.isalpha() or (key == " " and self.typed)):
            now = float(js.performance.now())
            self.typed = (self.typed if now - self.typed_at < TYPE_RESET_MS else "") + key
            self.typed_at = now
            card = type_card(hand, self.typed, self.selected if len(self.typed) == 1 else None)
            if card is not None:
                evt.preventDefault()
                self.select(card, keyboard=True)

"""Sequence's board zoom for phones (issue #41): the board at twice its size (at least
720 px, so its text is 12 px or more) in a box of its usual size, panned by a finger (the
box scrolls) or by the keyboard (a focused space scrolls into view). The Zoom button is
shown where the board is small (``sequence.css``); zoomed, a card's spaces are brought into
view when it is chosen. A part of :class:`cardroom.web.games.sequence.screen.SequenceUI`."""

from __future__ import annotations

from typing import Any

from cardroom.web.platform import dom

__all__ = ["BoardZoom"]


class BoardZoom:
    """The screen sets ``area`` and ``cells`` and calls :meth:`apply_zoom` after drawing
    the board and :meth:`show_spaces` after highlighting a card's spaces."""

    area: Any
    cells: list[Any]
    cursor: int
    zoomed: bool = False
    shown_for: Any = None

    def zoom_button_html(self) -> str:
        pressed = "true" if self.zoomed else "false"
        return (
            '<button type="button" class="bu-btn bu-quiet seq-zoom" data-act="zoom" '
            f'aria-pressed="{pressed}" aria-controls="seq-boardbox">Zoom board</button>'
        )

    def on_zoom_click(self, evt: Any) -> None:
        b = dom.closest(evt.target, '[data-act="zoom"]')
        if b is None or not self.cells:
            return
        self.zoomed = not self.zoomed
        self.apply_zoom()
        if self.zoomed:
            self.centre(self.cells[self.cursor])

    def apply_zoom(self) -> None:
        game = dom.q(".seq-game", self.area)
        if game is None:
            return
        game.classList.toggle("is-zoomed", self.zoomed)
        b = dom.q('[data-act="zoom"]', self.area)
        if b is not None:
            b.setAttribute("aria-pressed", "true" if self.zoomed else "false")

    def box(self) -> Any:
        return dom.q("#seq-boardbox", self.area)

    def centre(self, cell: Any) -> None:
        """Scroll the zoomed board so ``cell`` is in the middle of its box."""
        box = self.box()
        if box is None or not self.zoomed:
            return
        b, c = box.getBoundingClientRect(), cell.getBoundingClientRect()
        box.scrollLeft += c.left + c.width / 2 - (b.left + b.width / 2)
        box.scrollTop += c.top + c.height / 2 - (b.top + b.height / 2)

    def visible(self, cell: Any) -> bool:
        b, c = self.box().getBoundingClientRect(), cell.getBoundingClientRect()
        return (
            c.left >= b.left - 1
            and c.right <= b.right + 1
            and c.top >= b.top - 1
            and c.bottom <= b.bottom + 1
        )

    def show_spaces(self, spaces: set[int] | list[int], key: Any) -> None:
        """Zoomed: when none of ``spaces`` (a chosen card's) is in view, centre the first;
        once for each ``key`` (the card and the move), so panning away is left alone."""
        if key == self.shown_for:
            return
        self.shown_for = key
        if not self.zoomed or not spaces or self.box() is None:
            return
        cells = [self.cells[x] for x in sorted(spaces)]
        if not any(self.visible(c) for c in cells):
            self.centre(cells[0])

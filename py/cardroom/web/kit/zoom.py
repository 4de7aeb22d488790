"""A card shown large, for every game whose hand cards are small (issue 41): a press held
on a card without moving (``HOLD_MS``), or Z on the focused card, opens a modal dialog
with the card drawn large; a tap anywhere, the Close button or Escape closes it and the
keyboard goes back to the card. A press that moves is still a drag, a short one a tap.

:class:`CardZoom` is the dialog (each game says what it shows), :class:`HoldZoom` the
press-and-hold and the Z key on one team's half of the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi.wrappers import clear_timeout, set_timeout  # type: ignore[import-not-found]

from cardroom.web.platform import dom

__all__ = ["HOLD_MS", "HOLD_SLOP", "CardZoom", "HoldZoom"]

#: A press held this long (ms) on a card without moving shows it large.
HOLD_MS = 500
#: A press that moves this far (px) is a drag, not a hold.
HOLD_SLOP = 8


class CardZoom:
    """One card shown large, over the table, in a modal dialog named by its heading.

    ``prefix`` names the dialog (``{prefix}-zoom``) and its parts; ``render(card)`` gives
    the heading's text and the body's HTML (``body_class`` is the body's class)."""

    def __init__(
        self,
        bindings: Any,
        prefix: str,
        render: Callable[[str], tuple[str, str]],
        *,
        body_class: str = "",
    ) -> None:
        self.render = render
        self.prefix = p = prefix
        self.card_el: Any = None
        self.armed = False
        body = body_class or f"{p}-zoom-body"
        dialog = js.document.createElement("dialog")
        dialog.className = f"kit-zoom {p}-zoom"
        dialog.id = f"{p}-zoom"
        dialog.setAttribute("aria-labelledby", f"{p}-zoom-h")
        dialog.innerHTML = (
            f'<h2 class="{p}-zoom-h" id="{p}-zoom-h"></h2><div class="{body}"></div>'
            f'<p class="{p}-zoom-help">Tap anywhere or press Escape to close.</p>'
            f'<button type="button" class="bu-btn bu-quiet {p}-zoom-close">Close</button>'
        )
        js.document.body.append(dialog)
        self.dialog = dialog
        self.heading = dom.q(f"#{p}-zoom-h", dialog)
        self.body = dom.q(f".{body}", dialog)
        self.close_btn = dom.q(f".{p}-zoom-close", dialog)
        # a tap closes it, but not the lifting of the finger that held the card
        bindings.on(dialog, "pointerdown", self._arm)
        bindings.on(dialog, "click", self._click)
        bindings.on(dialog, "close", self._closed)

    def show(self, card: str, card_el: Any, *, rotated: bool = False) -> None:
        self.card_el = card_el
        self.armed = False
        title, body = self.render(card)
        self.heading.textContent = title
        self.body.innerHTML = body
        self.dialog.classList.toggle("is-rotated", rotated)
        if not self.dialog.open:
            self.dialog.showModal()
        self.close_btn.focus()

    def close(self) -> None:
        if self.dialog.open:
            self.dialog.close()

    def _arm(self, _evt: Any) -> None:
        self.armed = True

    def _click(self, evt: Any) -> None:
        if self.armed or dom.closest(evt.target, f".{self.prefix}-zoom-close") is not None:
            self.close()

    def _closed(self, _evt: Any) -> None:
        el, self.card_el = self.card_el, None
        if el is not None and el.isConnected:
            el.focus(js.Object.fromEntries([["preventScroll", True]]))

    def remove(self) -> None:
        self.close()
        self.dialog.remove()


class HoldZoom:
    """The press-and-hold and the Z key on one half of the table (``host``): a card for
    which ``within(el)`` holds shows large in ``zoom``, turned when the half is."""

    def __init__(
        self, bindings: Any, host: Any, zoom: CardZoom, within: Callable[[Any], bool]
    ) -> None:
        self.host = host
        self.zoom = zoom
        self.within = within
        self.hold: tuple[int, float, float, Any] | None = None  # pointer, x, y, timer
        for event, handler in (
            ("pointerdown", self.hold_down),
            ("pointermove", self.hold_move),
            ("pointerup", self.hold_end),
            ("pointercancel", self.hold_end),
            ("keydown", self.zoom_key),
        ):
            bindings.on(host, event, handler)

    def _card(self, evt: Any) -> Any:
        el = dom.closest(evt.target, "[data-card]")
        return el if el is not None and self.within(el) else None

    def _show(self, el: Any) -> None:
        rotated = self.host.classList.contains("is-rotated")
        self.zoom.show(el.getAttribute("data-card"), el, rotated=rotated)

    def hold_down(self, evt: Any) -> None:
        """A press on a card starts the hold; held ``HOLD_MS`` without moving, the card
        shows large (and the press is neither a tap nor a drag)."""
        self.hold_end(evt)
        if evt.pointerType == "mouse" and evt.button != 0:
            return
        el = self._card(evt)
        if el is None:
            return
        pointer = evt.pointerId

        def fire() -> None:
            self.hold = None
            if not el.isConnected:
                return
            # the hand board forgets the press (no tap, no drag): a cancelled pointer
            init = js.Object.fromEntries([["pointerId", pointer], ["bubbles", True]])
            el.dispatchEvent(js.PointerEvent.new("pointercancel", init))
            self._show(el)

        self.hold = (pointer, evt.clientX, evt.clientY, set_timeout(fire, HOLD_MS))

    def hold_move(self, evt: Any) -> None:
        h = self.hold
        moved = h is not None and max(abs(evt.clientX - h[1]), abs(evt.clientY - h[2])) > HOLD_SLOP
        if h is not None and h[0] == evt.pointerId and moved:
            self.hold_end(evt)

    def hold_end(self, _evt: Any) -> None:
        if self.hold is not None:
            clear_timeout(self.hold[3])
            self.hold = None

    def zoom_key(self, evt: Any) -> None:
        """Z on a focused card shows it large."""
        if evt.key not in ("z", "Z") or evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        el = self._card(evt)
        if el is None:
            return
        evt.preventDefault()
        self._show(el)

"""A hand of cards and its group slots: drag with pointer events, or use the keyboard.

:class:`HandBoard` renders an :class:`~cardroom.web.kit.hand_model.Arrangement` into two
containers (the slots and the hand) and lets people move cards between them:

* **Pointer** (mouse, pen, touch): press a card and drag it; a ghost follows the
  pointer, the zone under it lights up and a marker shows where the card will land.
  Each drag is tracked by its ``pointerId`` and its pointer is captured, so several
  fingers can drag on different boards at once (two teams on one tablet). Releasing
  outside every zone puts nothing anywhere. HTML5 drag-and-drop is not used: it does not
  work with touch (see the browser-runtime notes).
* **Tap to place**: a tap (no drag) selects a card; tapping a zone or a card of another
  zone then moves it there.
* **Keyboard**: the hand and each group are one Tab stop each (a roving tabindex, see
  :mod:`cardroom.web.kit.roving`): ``←``/``→``/``↑``/``↓``/``Home``/``End`` move the focus
  between their cards. On a focused card, ``1``/``2``/``3`` send it to that group,
  ``Alt+←``/``Alt+→`` move it within its zone, ``Backspace``/``Delete``/``0`` return it
  to the hand. Every change is announced through the page's live region.

Boards inside an element with the class ``is-rotated`` (a half of the screen turned
180 degrees for the team across the table) work the same: hit-testing uses screen
coordinates and "before/after" follows the rotation.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import js  # type: ignore[import-not-found]

from cardroom.web.kit import roving
from cardroom.web.kit.hand_model import HAND, Arrangement
from cardroom.web.platform import dom
from cardroom.web.platform import listeners as kit_dom

__all__ = ["HandBoard"]

#: How far (px) a pointer must travel before a press becomes a drag.
DRAG_THRESHOLD = 6
#: Distance (px) from the window's top/bottom edge where a drag scrolls the page.
EDGE = 48


@dataclass
class _Drag:
    pointer: int
    code: str
    el: Any
    x0: float
    y0: float
    off_x: float = 0.0
    off_y: float = 0.0
    started: bool = False
    ghost: Any = None
    zone: str | None = None
    index: int | None = None
    rects: list[tuple[float, float]] | None = None
    rotated: bool = False
    marked: tuple[str | None, int | None] = (None, None)


class HandBoard:
    """One team's hand and slots, wired for pointer and keyboard.

    ``card_html(code)`` returns the markup of one card (a single ``<li>`` carrying
    ``data-card``); ``on_change()`` runs after every change of the arrangement;
    ``names`` maps postal codes to state names for the announcements.
    """

    def __init__(
        self,
        arrangement: Arrangement,
        slots_root: Any,
        hand_root: Any,
        *,
        card_html: Callable[[str], str],
        names: dict[str, str],
        on_change: Callable[[], None] | None = None,
        hand_label: str = "Your hand",
        id_prefix: str = "hb",
        owner_id: str | None = None,
    ) -> None:
        self.arr = arrangement
        self.names = names
        self.on_change = on_change
        self.locked = False
        self.selected: str | None = None
        #: cards a hint points at (outlined, with an "H" badge); never moved by it
        self.hinted: frozenset[str] = frozenset()
        self.bindings = kit_dom.Listeners()
        self.drags: dict[int, _Drag] = {}
        self.lists: dict[str, Any] = {}
        self.zones: dict[str, Any] = {}
        self.counts: dict[str, Any] = {}
        self.cards: dict[str, Any] = {}
        self.slot_keys = [z.key for z in arrangement.slots]
        self.roots = (slots_root, hand_root)
        doc = js.document

        # the slots (named after their owner too: two teams' "Group 1" differ)
        owner = f"{owner_id} " if owner_id else ""
        parts = []
        for n, z in enumerate(arrangement.slots, start=1):
            cap = f"{z.capacity}" if z.capacity else ""
            parts.append(
                f'<section class="hb-zone hb-slot hb-{z.key}" data-zone="{z.key}" '
                f'aria-labelledby="{owner}{id_prefix}-{z.key}-h">'
                f'<h3 class="hb-zone-head" id="{id_prefix}-{z.key}-h">'
                f'<span class="hb-slot-key" aria-hidden="true">{n}</span>'
                f'<span class="hb-zone-name">{z.label}</span> '
                f'<span class="hb-count" data-count="{z.key}" data-cap="{cap}"></span>'
                f"{f'<span class=hb-zone-hint>{z.hint}</span>' if z.hint else ''}</h3>"
                f'<ol class="hb-list" data-list="{z.key}" data-roving="{owner}{id_prefix}-{z.key}" '
                f'aria-labelledby="{id_prefix}-{z.key}-h">'
                "</ol></section>"
            )
        slots_root.innerHTML = "".join(parts)
        hand_root.innerHTML = (
            f'<section class="hb-zone hb-hand" data-zone="{HAND}" '
            f'aria-labelledby="{id_prefix}-hand-h">'
            f'<h3 class="hb-zone-head" id="{id_prefix}-hand-h">'
            f'<span class="hb-zone-name">{hand_label}</span> '
            f'<span class="hb-count" data-count="{HAND}" data-cap=""></span></h3>'
            f'<ol class="hb-list" data-list="{HAND}" data-roving="{owner}{id_prefix}-{HAND}" '
            f'aria-labelledby="{id_prefix}-hand-h">'
            "</ol></section>"
        )
        for root in self.roots:
            for zone in dom.qa("[data-zone]", root):
                self.zones[zone.getAttribute("data-zone")] = zone
            for lst in dom.qa("[data-list]", root):
                self.lists[lst.getAttribute("data-list")] = lst
            for c in dom.qa("[data-count]", root):
                self.counts[c.getAttribute("data-count")] = c

        tpl = doc.createElement("template")
        tpl.innerHTML = "".join(card_html(code) for code in arrangement.cards)
        for el in list(tpl.content.children):
            self.cards[el.getAttribute("data-card")] = el
        self.render()

        for root in self.roots:
            on = self.bindings.on
            on(root, "pointerdown", self._down)
            on(root, "pointermove", self._move)
            on(root, "pointerup", self._up)
            on(root, "pointercancel", self._cancel)
            on(root, "lostpointercapture", self._lost)
            on(root, "keydown", self._key)
            on(root, "contextmenu", self._contextmenu)

    # ------------------------------------------------------------ rendering

    def render(self) -> None:
        """Put every card element where the arrangement says (keeps focus)."""
        active = js.document.activeElement
        for key, cards in self.arr.lists.items():
            lst = self.lists[key]
            current = [c.getAttribute("data-card") for c in lst.children]
            if current != cards and cards:
                lst.append(*[self.cards[c] for c in cards])
            n = len(cards)
            z = self.arr.zone(key)
            count = self.counts[key]
            if key == HAND:
                count.textContent = f"{n} card{'s' * (n != 1)}"
            else:
                count.textContent = f"{n} / {z.capacity}" if z.capacity else str(n)
            zone = self.zones[key]
            zone.classList.toggle("is-empty", n == 0)
            zone.classList.toggle("is-full", bool(z.capacity and n >= z.capacity))
        for code, el in self.cards.items():
            el.classList.toggle("is-selected", code == self.selected)
            hinted = code in self.hinted
            el.classList.toggle("is-hinted", hinted)
            if hinted:
                el.setAttribute("data-hint", "1")
            else:
                el.removeAttribute("data-hint")
            key = self.arr.zone_of(code)
            where = "in your hand" if key == HAND else f"in {self.arr.zone(key).label}"
            if hinted:
                where += ", part of the hint"
            el.setAttribute("data-zone-key", key)
            label = el.querySelector(".hb-where")
            if dom.nullable(label) is not None:
                label.textContent = f", {where}"
        if (
            dom.nullable(active) is not None
            and active.hasAttribute("data-card")
            and self._owns(active)
            and js.document.activeElement != active
        ):
            active.focus(js.Object.fromEntries([["preventScroll", True]]))
        for lst in self.lists.values():
            roving.sync(lst)

    def set_hint(self, codes: Iterable[str] = ()) -> None:
        """Mark the cards a hint shows (an empty iterable clears the mark)."""
        self.hinted = frozenset(c for c in codes if c in self.cards)
        self.render()

    def set_locked(self, locked: bool) -> None:
        """Freeze the board (after a shout): no drags, no key moves."""
        self.locked = locked
        for root in self.roots:
            root.classList.toggle("is-locked", locked)
        for d in list(self.drags.values()):
            self._finish(d, drop=False)
        self.selected = None
        self.render()

    def destroy(self) -> None:
        for d in list(self.drags.values()):
            self._finish(d, drop=False)
        self.bindings.clear()

    # ------------------------------------------------------------ moving

    def _label(self, code: str) -> str:
        return self.names.get(code, code)

    def _changed(self, message: str) -> None:
        self.render()
        dom.announce(message)
        if self.on_change is not None:
            self.on_change()

    def move(self, code: str, key: str, index: int | None = None) -> bool:
        """Move ``code`` to zone ``key`` (announced); False with a message if refused."""
        why = self.arr.refusal(code, key)
        if why is not None:
            dom.announce(f"{why}: {self._label(code)} stays where it is.")
            self._flash(key)
            return False
        if not self.arr.move(code, key, index):
            return False
        self.selected = None
        self._changed(self._where(code))
        return True

    def _where(self, code: str) -> str:
        key = self.arr.zone_of(code)
        if key == HAND:
            return f"{self._label(code)} back in your hand."
        cards = self.arr.lists[key]
        zone = self.arr.zone(key)
        return (
            f"{self._label(code)} in {zone.label}, position {cards.index(code) + 1} of "
            f"{len(cards)}: {', '.join(cards)}."
        )

    def _flash(self, key: str) -> None:
        zone = self.zones.get(key)
        if zone is None:
            return
        zone.classList.remove("is-refused")
        _ = zone.offsetWidth  # restart the animation
        zone.classList.add("is-refused")

    # ------------------------------------------------------------ keyboard

    def _key(self, evt: Any) -> None:
        el = evt.target.closest("[data-card]") if evt.target.closest else None
        if dom.nullable(el) is None or not self._owns(el) or evt.ctrlKey or evt.metaKey:
            return
        code = el.getAttribute("data-card")
        key = evt.key
        if self.locked:
            return
        handled = True
        if key.isdigit() and len(key) == 1:
            n = int(key)
            if n == 0:
                self.move(code, HAND)
            elif n <= len(self.slot_keys):
                self.move(code, self.slot_keys[n - 1])
            else:
                handled = False
        elif key in ("Backspace", "Delete"):
            if self.arr.zone_of(code) != HAND:
                self.move(code, HAND)
        elif key in ("ArrowLeft", "ArrowRight") and evt.altKey:
            delta = -1 if key == "ArrowLeft" else 1
            if dom.closest(el, ".is-rotated") is not None:
                delta = -delta
            if self.arr.shift(code, delta):
                self._changed(self._where(code))
        elif key in ("Enter", " "):
            self._tap_card(code)
        elif key == "Escape" and self.selected:
            self.selected = None
            self.render()
        else:
            handled = False
        if handled:
            evt.preventDefault()

    # ------------------------------------------------------------ tap to place

    def _tap_card(self, code: str) -> None:
        sel = self.selected
        if sel is None or sel == code:
            self.selected = None if sel == code else code
            self.render()
            if self.selected:
                dom.announce(
                    f"{self._label(code)} picked up: tap or press Enter on a group or a card "
                    "to put it there."
                )
            return
        key = self.arr.zone_of(code)
        if self.arr.zone_of(sel) == key:
            # same zone: swap places in the order
            self.move(sel, key, self.arr.index_of(code))
        else:
            self.move(sel, key, self.arr.index_of(code))

    def _tap_zone(self, key: str) -> None:
        if self.selected is not None:
            self.move(self.selected, key)

    # ------------------------------------------------------------ pointer

    def _owns(self, el: Any) -> bool:
        return any(root.contains(el) for root in self.roots)

    def _contextmenu(self, evt: Any) -> None:
        # a long press on a card (touch) must not open the context menu mid-drag
        if dom.closest(evt.target, "[data-card]") is not None:
            evt.preventDefault()

    def _down(self, evt: Any) -> None:
        if self.locked or (evt.pointerType == "mouse" and evt.button != 0):
            return
        el = evt.target.closest("[data-card]")
        if dom.nullable(el) is None or not self._owns(el) or evt.pointerId in self.drags:
            return
        code = el.getAttribute("data-card")
        if any(d.code == code for d in self.drags.values()):
            return
        d = _Drag(evt.pointerId, code, el, evt.clientX, evt.clientY)
        self.drags[evt.pointerId] = d
        # the pointer may already be gone (synthetic events)
        with contextlib.suppress(Exception):
            el.setPointerCapture(evt.pointerId)
        if evt.pointerType != "mouse":
            evt.preventDefault()

    def _start(self, d: _Drag, x: float, y: float) -> None:
        d.started = True
        r = d.el.getBoundingClientRect()
        d.off_x, d.off_y = d.x0 - r.left, d.y0 - r.top
        d.rotated = dom.closest(d.el, ".is-rotated") is not None
        ghost = d.el.cloneNode(True)
        for attr in ("data-card", "tabindex", "id", "aria-labelledby", "aria-describedby"):
            ghost.removeAttribute(attr)
        ghost.setAttribute("aria-hidden", "true")
        ghost.classList.add("hb-ghost")
        ghost.classList.remove("is-selected")
        ghost.style.width = f"{r.width}px"
        ghost.style.height = f"{r.height}px"
        js.document.body.append(ghost)
        d.ghost = ghost
        d.el.classList.add("is-dragging")
        if self.selected == d.code:
            self.selected = None
            d.el.classList.remove("is-selected")
        self._place_ghost(d, x, y)

    def _place_ghost(self, d: _Drag, x: float, y: float) -> None:
        spin = " rotate(180deg)" if d.rotated else ""
        d.ghost.style.transform = (
            f"translate({x - d.off_x:.1f}px, {y - d.off_y:.1f}px){spin} scale(1.06)"
        )

    def _move(self, evt: Any) -> None:
        d = self.drags.get(evt.pointerId)
        if d is None:
            return
        x, y = evt.clientX, evt.clientY
        if not d.started:
            if math.hypot(x - d.x0, y - d.y0) < DRAG_THRESHOLD:
                return
            self._start(d, x, y)
        evt.preventDefault()
        self._place_ghost(d, x, y)
        self._hover(d, x, y)
        h = js.window.innerHeight
        if y < EDGE:
            js.window.scrollBy(0, -12)
        elif y > h - EDGE:
            js.window.scrollBy(0, 12)

    def _zone_at(self, x: float, y: float) -> str | None:
        hit = js.document.elementFromPoint(x, y)
        if dom.nullable(hit) is None:
            return None
        zone = hit.closest("[data-zone]")
        if dom.nullable(zone) is None or not self._owns(zone):
            return None
        return zone.getAttribute("data-zone")

    def _hover(self, d: _Drag, x: float, y: float) -> None:
        key = self._zone_at(x, y)
        if key != d.zone:
            if d.zone is not None:
                self.zones[d.zone].classList.remove("is-target", "is-refused-target")
            d.zone = key
            d.rects = None
            if key is not None:
                refused = self.arr.refusal(d.code, key) is not None
                self.zones[key].classList.add("is-refused-target" if refused else "is-target")
        index = self._index_at(d, x, y) if key is not None else None
        if (key, index) != d.marked:
            self._mark(d, index)

    def _others(self, d: _Drag) -> list[Any]:
        return [c for c in self.lists[d.zone].children if c != d.el]

    def _index_at(self, d: _Drag, x: float, y: float) -> int:
        others = self._others(d)
        if d.rects is None:
            d.rects = []
            for c in others:
                r = c.getBoundingClientRect()
                d.rects.append((r.left + r.width / 2, r.top + r.height / 2))
        if not d.rects:
            return 0
        best, best_i = math.inf, 0
        for i, (cx, cy) in enumerate(d.rects):
            dist = math.hypot(x - cx, (y - cy) * 1.6)
            if dist < best:
                best, best_i = dist, i
        cx, _cy = d.rects[best_i]
        before = x < cx if not d.rotated else x > cx
        return best_i if before else best_i + 1

    def _mark(self, d: _Drag, index: int | None) -> None:
        self._unmark()
        d.index = index
        d.marked = (d.zone, index)
        if d.zone is None or index is None:
            return
        others = self._others(d)
        if index < len(others):
            others[index].classList.add("hb-insert-before")
        elif others:
            others[-1].classList.add("hb-insert-after")

    def _unmark(self) -> None:
        for root in self.roots:
            for c in dom.qa(".hb-insert-before, .hb-insert-after", root):
                c.classList.remove("hb-insert-before", "hb-insert-after")

    def _up(self, evt: Any) -> None:
        d = self.drags.get(evt.pointerId)
        if d is None:
            if not self.locked and self.selected is not None:
                key = self._zone_at(evt.clientX, evt.clientY)
                target = evt.target.closest("[data-card]") if evt.target.closest else None
                if dom.nullable(key) is not None and dom.nullable(target) is None:
                    self._tap_zone(key)
            return
        if not d.started:
            self._finish(d, drop=False)
            self._tap_card(d.code)
            return
        self._hover(d, evt.clientX, evt.clientY)
        self._finish(d, drop=True)

    def _cancel(self, evt: Any) -> None:
        d = self.drags.get(evt.pointerId)
        if d is not None:
            self._finish(d, drop=False)

    def _lost(self, evt: Any) -> None:
        d = self.drags.get(evt.pointerId)
        if d is not None and d.started:
            self._finish(d, drop=False)

    def _finish(self, d: _Drag, *, drop: bool) -> None:
        self.drags.pop(d.pointer, None)
        if d.ghost is not None:
            d.ghost.remove()
            d.ghost = None
        d.el.classList.remove("is-dragging")
        if d.zone is not None and d.zone in self.zones:
            self.zones[d.zone].classList.remove("is-target", "is-refused-target")
        self._unmark()
        if drop and d.zone is not None:
            self.move(d.code, d.zone, d.index)

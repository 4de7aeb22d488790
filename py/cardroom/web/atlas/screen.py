"""The atlas explorer: the US map and the GeoPlunge card of the chosen state.

The map and the 50 card faces are pre-rendered by ``build.py``: the map into the page,
the card faces (``<template id="card-XX">``) into a separate file that
web/pyodide-boot.mjs inserts into ``#card-templates`` before any screen mounts. This
screen only wires them up: click or tap a state (or its call-out box), Tab to a state
and press Enter or Space, move between states with the arrow keys, or pick one in the
select box. The chosen state's card (cloned from its ``<template>``) appears beside or
below the map and the URL becomes ``?screen=atlas&state=XX`` so reload keeps it.
"""

from __future__ import annotations

import math
from typing import Any

import js  # type: ignore[import-not-found]

from cardroom.web.platform import dom

TITLE = "US atlas"

ARROWS = {
    "ArrowRight": (1.0, 0.0),
    "ArrowLeft": (-1.0, 0.0),
    "ArrowDown": (0.0, 1.0),
    "ArrowUp": (0.0, -1.0),
}


def clicked_state(evt: Any) -> str | None:
    """The state a click on a map landed on: its shape or its call-out box."""
    target = dom.closest(evt.target, "[data-state],[data-callout]")
    if target is None:
        return None
    return dom.attr(target, "data-state") or dom.attr(target, "data-callout")


def nearest_in_direction(
    centres: dict[str, tuple[float, float]], start: str, direction: tuple[float, float]
) -> str | None:
    """The state whose centre is closest to ``start``'s in ``direction`` (within 60°),
    favouring states straight ahead over states off to the side."""
    x0, y0 = centres[start]
    dx, dy = direction
    best, best_score = None, math.inf
    for code, (x, y) in centres.items():
        if code == start:
            continue
        vx, vy = x - x0, y - y0
        along = vx * dx + vy * dy
        across = abs(vx * dy - vy * dx)
        if along <= 0 or across > along * 1.75:
            continue
        score = along + 2.0 * across
        if score < best_score:
            best, best_score = code, score
    return best


class AtlasExplorer:
    def __init__(self) -> None:
        self.bindings = dom.Bindings()
        self.map = dom.q("#us-map")
        self.panel = dom.q("#card-panel")
        self.select = dom.q("#state-select")
        self.selected_outline = dom.q("#map-selected")
        self.focus_outline = dom.q("#map-focus")
        self.paths: dict[str, Any] = {}
        self.names: dict[str, str] = {}
        self.centres: dict[str, tuple[float, float]] = {}
        for p in dom.qa("[data-state]", self.map):
            code = p.getAttribute("data-state")
            self.paths[code] = p
            self.names[code] = p.getAttribute("aria-label")
            self.centres[code] = (float(p.getAttribute("data-x")), float(p.getAttribute("data-y")))
        self.callouts = {
            c.getAttribute("data-callout"): c for c in dom.qa("[data-callout]", self.map)
        }
        self.labels = {t.id[len("label-") :]: t for t in dom.qa(".map-label", self.map)}
        if dom.q("template[id^='card-']") is None:
            raise RuntimeError("the card faces are not in the page")
        self.selected: str | None = None
        on = self.bindings.on
        on(self.map, "click", self.on_click)
        on(self.map, "keydown", self.on_keydown)
        on(self.map, "focusin", self.on_focus)
        on(self.map, "focusout", self.on_blur)
        on(self.select, "change", self.on_select)
        on(self.panel, "click", self.on_chip)
        small = dom.q(".small-states")
        if small is not None:  # the small states as buttons (phones)
            on(small, "click", self.on_click)
        share = dom.q("[data-share-atlas]")
        if share is not None:  # the link, its QR code and the iframe snippet
            on(share, "click", self.on_share)
        self.zoom = dom.q("#map-zoom")
        if self.zoom is not None:  # phones: enlarge the map and pan it with a finger
            on(self.zoom, "click", self.on_zoom)

    def on_share(self, _evt: Any) -> None:
        from cardroom.web.share.screen import open_atlas_share  # noqa: PLC0415  (on demand)

        open_atlas_share()

    def on_zoom(self, _evt: Any = None) -> None:
        wrap = dom.q(".map-wrap")
        on = str(self.zoom.getAttribute("aria-pressed")) != "true"
        wrap.classList.toggle("zoomed", on)
        self.zoom.setAttribute("aria-pressed", "true" if on else "false")
        if on and self.selected in self.paths:  # the chosen state stays in view
            self.paths[self.selected].scrollIntoView(
                js.Object.fromEntries([["block", "center"], ["inline", "center"]])
            )

    # -- selection ---------------------------------------------------------------

    def show(self, code: str, *, update_url: bool = True, reveal: bool = False) -> bool:
        """Select ``code`` on the map and show its card; False for an unknown code."""
        code = code.strip().upper()
        path = self.paths.get(code)
        template = dom.by_id(f"card-{code}")
        if path is None or template is None:
            return False
        if self.selected and self.selected in self.paths:
            self.paths[self.selected].setAttribute("aria-pressed", "false")
            for old in (self.callouts.get(self.selected), self.labels.get(self.selected)):
                if old is not None:
                    old.classList.remove("selected")
        path.setAttribute("aria-pressed", "true")
        for new in (self.callouts.get(code), self.labels.get(code)):
            if new is not None:
                new.classList.add("selected")
        self.selected_outline.setAttribute("d", path.getAttribute("d"))
        self.panel.replaceChildren(template.content.cloneNode(True))
        self.select.value = code
        self.selected = code
        dom.announce(f"{self.names[code]} card shown.")
        if update_url:
            dom.replace_params({"screen": "atlas", "state": code})
        if reveal:
            rect = self.panel.getBoundingClientRect()
            if rect.top > js.window.innerHeight - 80:
                self.panel.scrollIntoView(
                    js.Object.fromEntries([["behavior", "smooth"], ["block", "start"]])
                )
        return True

    # -- events --------------------------------------------------------------------

    def on_chip(self, evt: Any) -> None:
        """A border chip on the card: jump to that neighbour's card."""
        chip = dom.closest(evt.target, "[data-goto]")
        if chip is not None and self.show(dom.attr(chip, "data-goto") or ""):
            evt.preventDefault()
            self.panel.focus()

    def on_click(self, evt: Any) -> None:
        code = clicked_state(evt)
        if code:
            self.show(code, reveal=True)

    def on_keydown(self, evt: Any) -> None:
        target = dom.closest(evt.target, "[data-state]")
        if target is None:
            return
        code = dom.attr(target, "data-state")
        key = evt.key
        if key in ("Enter", " ", "Spacebar"):
            evt.preventDefault()
            self.show(code)
        elif key in ARROWS:
            evt.preventDefault()
            nxt = nearest_in_direction(self.centres, code, ARROWS[key])
            if nxt is not None:
                self.paths[nxt].focus()
        elif key == "Escape":
            self.select.focus()

    def on_focus(self, evt: Any) -> None:
        target = dom.closest(evt.target, "[data-state]")
        if target is not None and target.matches(":focus-visible"):
            self.focus_outline.setAttribute("d", target.getAttribute("d"))

    def on_blur(self, _evt: Any) -> None:
        self.focus_outline.setAttribute("d", "M0 0")

    def on_select(self, _evt: Any) -> None:
        value = self.select.value
        if value:
            self.show(value, reveal=True)


def mount(route: Any) -> AtlasExplorer:
    """Show the atlas (``route``: :class:`cardroom.web.kit.logic.Route`); a state chosen
    before Python was ready wins over the link's."""
    for section in dom.qa("#main > .screen"):
        section.hidden = section.id != "screen-atlas"
    screen = AtlasExplorer()
    pending = dom.nullable(getattr(js.window, "cardroomPending", None))
    wanted = pending if isinstance(pending, str) else route.state
    if wanted:
        screen.show(wanted, update_url=bool(pending))
    return screen

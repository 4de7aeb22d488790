"""State IQ's guessing map: a copy of the page's US map to pick a state on, by
click, tap or the arrow keys (R-130). :mod:`~cardroom.web.games.state_iq.screen` puts it beside the
answer box."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardroom import atlas
from cardroom.web.atlas.screen import ARROWS, clicked_state, nearest_in_direction
from cardroom.web.platform import dom
from cardroom.web.platform.listeners import Listeners


def state_name(code: str) -> str:
    return atlas.by_code()[code].name


class GuessMap:
    """A copy of the page's US map to pick a state on: click or tap a state (or its
    call-out box), or Tab to the map and move with the arrow keys, Enter to pick. A pick
    only fills the answer box; the team then presses Guess (R-130). ``pick(code)`` is
    called with the state picked (the screen's own answer box)."""

    def __init__(
        self, pick: Callable[[str], None], bindings: Listeners, host: Any, wrong: set[str]
    ) -> None:
        self.pick = pick
        svg = dom.q("#us-map").cloneNode(True)
        svg.removeAttribute("id")
        for el in dom.qa("[id]", svg):
            el.removeAttribute("id")
        for el in dom.qa(".map-selected, .map-focus", svg):
            el.remove()
        svg.setAttribute("class", "us-map sq-map")
        svg.setAttribute("role", "group")
        svg.setAttribute("aria-label", "Map: pick the state to guess (arrow keys move)")
        self.paths: dict[str, Any] = {}
        self.centres: dict[str, tuple[float, float]] = {}
        for p in dom.qa("[data-state]", svg):
            code = p.getAttribute("data-state")
            self.paths[code] = p
            self.centres[code] = (float(p.getAttribute("data-x")), float(p.getAttribute("data-y")))
            p.setAttribute("tabindex", "-1")
            p.setAttribute("aria-pressed", "false")
            if code in wrong:
                p.classList.add("sq-wrong")
                p.setAttribute("aria-disabled", "true")
                p.setAttribute("aria-label", f"{state_name(code)} (already guessed)")
        self.callouts = {c.getAttribute("data-callout"): c for c in dom.qa("[data-callout]", svg)}
        for code in wrong:
            if code in self.callouts:
                self.callouts[code].classList.add("sq-wrong")
        self.wrong = wrong
        self.current = next(c for c in sorted(self.paths) if c not in wrong)
        self.paths[self.current].setAttribute("tabindex", "0")
        self.picked: str | None = None
        host.replaceChildren(svg)
        self.svg = svg
        bindings.on(svg, "click", self.on_click)
        bindings.on(svg, "keydown", self.on_key)

    def move_to(self, code: str) -> None:
        self.paths[self.current].setAttribute("tabindex", "-1")
        self.current = code
        self.paths[code].setAttribute("tabindex", "0")
        self.paths[code].focus()

    def mark(self, code: str | None) -> None:
        if self.picked is not None:
            self.paths[self.picked].setAttribute("aria-pressed", "false")
            if self.picked in self.callouts:
                self.callouts[self.picked].classList.remove("selected")
        self.picked = code
        if code is not None and code in self.paths:
            self.paths[code].setAttribute("aria-pressed", "true")
            if code in self.callouts:
                self.callouts[code].classList.add("selected")

    def on_click(self, evt: Any) -> None:
        code = clicked_state(evt)
        if code:
            self.pick(code)

    def on_key(self, evt: Any) -> None:
        target = dom.closest(evt.target, "[data-state]")
        if target is None:
            return
        code = dom.attr(target, "data-state") or ""
        if evt.key in ("Enter", " ", "Spacebar"):
            evt.preventDefault()
            self.pick(code)
        elif evt.key in ARROWS:
            evt.preventDefault()
            nxt = nearest_in_direction(self.centres, code, ARROWS[evt.key])
            if nxt is not None:
                self.move_to(nxt)

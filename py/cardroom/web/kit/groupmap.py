"""The US map as a game board: a copy of the page's pre-rendered map that shows groups
of states (Pyodide only). Shared by the GeoPlunge games' screens and result panels."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from cardroom.web.platform import dom

__all__ = ["GameMap", "describe_groups", "describe_marked"]

SVG_NS = "http://www.w3.org/2000/svg"


class GameMap:
    """A copy of the page's pre-rendered US map (no ids, not focusable) that shows
    groups: each group's states filled in its colour, its path drawn through the
    states' label points in the order shown, numbered."""

    def __init__(self, host: Any, label: str) -> None:
        source = dom.q("#us-map")
        svg = source.cloneNode(True)
        svg.removeAttribute("id")
        for el in dom.qa("[id]", svg):
            el.removeAttribute("id")
        self.centres: dict[str, tuple[float, float]] = {}
        self.shapes: dict[str, Any] = {}
        for p in dom.qa("[data-state]", svg):
            code = p.getAttribute("data-state")
            for attr in ("role", "tabindex", "aria-label", "aria-pressed"):
                p.removeAttribute(attr)
            self.shapes[code] = p
            self.centres[code] = (float(p.getAttribute("data-x")), float(p.getAttribute("data-y")))
        self.callouts = {c.getAttribute("data-callout"): c for c in dom.qa("[data-callout]", svg)}
        for el in dom.qa(".map-selected, .map-focus", svg):
            el.remove()
        svg.setAttribute("class", "us-map bu-map")
        svg.setAttribute("role", "img")
        svg.setAttribute("aria-label", label)
        svg.setAttribute("focusable", "false")
        self.overlay = js.document.createElementNS(SVG_NS, "g")
        self.overlay.setAttribute("class", "bu-overlay")
        self.overlay.setAttribute("aria-hidden", "true")
        svg.append(self.overlay)
        host.replaceChildren(svg)
        self.svg = svg
        self.marked: dict[str, str] = {}

    def show(self, groups: list[tuple[list[str], str]], label: str | None = None) -> None:
        """Draw ``groups``: (cards in order, CSS class such as ``g1`` or ``bad``)."""
        want: dict[str, str] = {}
        for cards, cls in groups:
            for code in cards:
                want.setdefault(code, cls)
        for code, cls in self.marked.items():
            if want.get(code) != cls:
                self.shapes[code].classList.remove(f"bu-in-{cls}")
                if code in self.callouts:
                    self.callouts[code].classList.remove(f"bu-in-{cls}")
        for code, cls in want.items():
            if self.marked.get(code) != cls and code in self.shapes:
                self.shapes[code].classList.add(f"bu-in-{cls}")
                if code in self.callouts:
                    self.callouts[code].classList.add(f"bu-in-{cls}")
        self.marked = want
        parts = []
        for cards, cls in groups:
            pts = [self.centres[c] for c in cards if c in self.centres]
            if len(pts) >= 2:
                coords = " ".join(f"{x:.0f},{y:.0f}" for x, y in pts)
                parts.append(f'<polyline class="bu-path bu-path-{cls}" points="{coords}"/>')
            for i, (x, y) in enumerate(pts, start=1):
                parts.append(
                    f'<g class="bu-stop bu-stop-{cls}"><circle cx="{x:.0f}" cy="{y:.0f}" r="8"/>'
                    f'<text x="{x:.0f}" y="{y + 3.6:.0f}">{i}</text></g>'
                )
        self.overlay.innerHTML = "".join(parts)
        if label:
            self.svg.setAttribute("aria-label", label)


def describe_groups(groups: list[list[str]], names: dict[str, str]) -> str:
    shown = [
        f"group {i}: " + ", ".join(names.get(c, c) for c in g)
        for i, g in enumerate(groups, start=1)
        if g
    ]
    return "; ".join(shown) if shown else "no groups yet"


def describe_marked(groups: list[tuple[list[str], str]], names: dict[str, str]) -> str:
    """Words for groups drawn as checked (``ok``: valid, ``bad``: invalid, else plain)."""
    words = "; ".join(
        {"ok": "valid ", "bad": "invalid "}.get(cls, "")
        + "group "
        + ", ".join(names.get(c, c) for c in cards)
        for cards, cls in groups
    )
    return words or "no groups"

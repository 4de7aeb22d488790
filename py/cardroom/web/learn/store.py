"""Learn mode on the device (Pyodide only): the store in localStorage, downloads, the
calendar day, the maps the quizzes and the progress screen draw, and the one call the
games use to feed Learn's statistics (:func:`feed`).

Nothing is sent anywhere: the students' progress lives in ``localStorage`` under
:data:`~cardroom.web.learn.logic.STORE_KEY` and leaves the device only as a file the
student or teacher downloads.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]
from pyodide.ffi.wrappers import set_timeout  # type: ignore[import-not-found]

from cardroom.web.learn.logic import STORE_KEY, today_of
from cardroom.web.learn.records import STUDENT_PREFIX, record_game_answer
from cardroom.web.platform import dom

__all__ = [
    "LearnMap",
    "download",
    "feed",
    "keys",
    "load_text",
    "now_ms",
    "save_text",
    "save_texts",
    "today",
]


def _local() -> Any:
    try:
        return dom.nullable(js.window.localStorage)
    except Exception:  # storage disabled (privacy settings): learn without keeping
        return None


def load_text(key: str = STORE_KEY) -> str | None:
    store = _local()
    if store is None:
        return None
    value = dom.nullable(store.getItem(key))
    return None if value is None else str(value)


def keys() -> list[str]:
    """Every localStorage key of Learn."""
    store = _local()
    if store is None:
        return []
    out = [str(store.key(i)) for i in range(int(store.length))]
    return [k for k in out if k.startswith(STORE_KEY)]


def save_text(text: str, key: str = STORE_KEY) -> bool:
    store = _local()
    if store is None:
        return False
    try:
        store.setItem(key, text)
        return True
    except Exception:  # quota exceeded
        return False


def save_texts(texts: dict[str, str], *, prune: bool = False) -> bool:
    """Write ``texts``; with ``prune``, remove the students' keys not among them."""
    ok = all([save_text(v, k) for k, v in texts.items()])
    store = _local()
    if prune and store is not None:
        for k in keys():
            if k.startswith(STUDENT_PREFIX) and k not in texts:
                store.removeItem(k)
    return ok


def now_ms() -> float:
    return float(js.Date.now())


def today() -> int:
    """Days since 1970-01-01 on the device's own calendar."""
    return today_of(now_ms(), float(js.Date.new().getTimezoneOffset()))


def download(name: str, text: str) -> None:
    """Save ``text`` as a file called ``name`` (a download; nothing leaves the device)."""
    options = to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
    blob = js.Blob.new(to_js([text]), options)
    url = js.URL.createObjectURL(blob)
    a = js.document.createElement("a")
    a.href = url
    a.download = name
    a.hidden = True
    js.document.body.append(a)
    a.click()
    a.remove()
    set_timeout(lambda: js.URL.revokeObjectURL(url), 2000)


def feed(fact: str, ok: bool, *, ms: int = 0, also: Iterable[str] = ()) -> bool:
    """A game's answer counted in Learn's statistics for the current student: a state
    misnamed in Dashing States (``feed("map-cards:ID", False)``), a wrong State IQ guess
    (the fact its clue tested). False when nothing could be kept."""
    texts = record_game_answer(load_text, fact, ok, day=today(), ms=ms, also=also)
    return texts is not None and save_texts(texts)


SVG_NS = "http://www.w3.org/2000/svg"


class LearnMap:
    """A copy of the page's pre-rendered US map (no ids, no labels that give answers
    away). ``interactive``: states stay buttons (Tab, Enter, arrows; call-outs clickable);
    otherwise a picture with ``label``."""

    def __init__(self, host: Any, label: str, *, interactive: bool, pressed: bool = False) -> None:
        svg = dom.q("#us-map").cloneNode(True)
        svg.removeAttribute("id")
        for el in dom.qa("[id]", svg):
            el.removeAttribute("id")
        self.shapes: dict[str, Any] = {}
        self.centres: dict[str, tuple[float, float]] = {}
        for p in dom.qa("[data-state]", svg):
            code = str(p.getAttribute("data-state"))
            self.shapes[code] = p
            self.centres[code] = (float(p.getAttribute("data-x")), float(p.getAttribute("data-y")))
            if interactive:
                if not pressed:
                    p.removeAttribute("aria-pressed")
            else:
                for attr in ("role", "tabindex", "aria-label", "aria-pressed"):
                    p.removeAttribute(attr)
        self.callouts = {
            str(c.getAttribute("data-callout")): c for c in dom.qa("[data-callout]", svg)
        }
        self.focus_ring = dom.q(".map-focus", svg)
        svg.setAttribute("class", "us-map ln-map" + (" ln-map-play" if interactive else ""))
        svg.setAttribute("aria-label", label)
        if not interactive:
            svg.setAttribute("role", "img")
            sel = dom.q(".map-selected", svg)
            if sel is not None:
                sel.remove()
        host.replaceChildren(svg)
        self.svg = svg
        self.marks: dict[str, str] = {}

    def mark(self, code: str, cls: str) -> None:
        """Add ``cls`` to a state's shape and call-out (``ln-target``, ``ln-miss``...)."""
        for el in (self.shapes.get(code), self.callouts.get(code)):
            if el is not None:
                el.classList.add(cls)

    def unmark(self, cls: str) -> None:
        for el in dom.qa("." + cls, self.svg):
            el.classList.remove(cls)

    def colour(self, classes: dict[str, str], prefix: str) -> None:
        """One class per state (``prefix`` + value), e.g. the mastery boxes."""
        for code, value in classes.items():
            for el in (self.shapes.get(code), self.callouts.get(code)):
                if el is None:
                    continue
                for c in list(el.classList):
                    if str(c).startswith(prefix):
                        el.classList.remove(c)
                el.classList.add(prefix + value)

    def code_of(self, target: Any) -> str | None:
        el = dom.closest(target, "[data-state],[data-callout]")
        if el is None:
            return None
        return dom.attr(el, "data-state") or dom.attr(el, "data-callout")


def shape_svg(host: Any, code: str, label: str) -> None:
    """One state's shape alone, scaled to fit (the Name-the-state question)."""
    source = dom.q(f'#us-map [data-state="{code}"]')
    svg = js.document.createElementNS(SVG_NS, "svg")
    svg.setAttribute("class", "ln-shape")
    svg.setAttribute("role", "img")
    svg.setAttribute("aria-label", label)
    svg.setAttribute("focusable", "false")
    path = js.document.createElementNS(SVG_NS, "path")
    path.setAttribute("d", source.getAttribute("d"))
    path.setAttribute("class", "ln-shape-path")
    svg.append(path)
    host.replaceChildren(svg)
    box = path.getBBox()
    pad = max(box.width, box.height) * 0.06 + 1
    svg.setAttribute(
        "viewBox",
        f"{box.x - pad:.1f} {box.y - pad:.1f} {box.width + 2 * pad:.1f} {box.height + 2 * pad:.1f}",
    )

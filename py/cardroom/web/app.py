"""The browser entry point: route the URL to a screen, mount it, signal readiness.

URL contract (shared with the tests and embeds):

* ``/?screen=atlas&state=TX`` -- the atlas explorer (the default screen);
* ``/?game=<slug>&level=N&mode=bot|local&seed=N`` -- a game screen, once registered in
  :data:`GAMES`.

A screen is a module exposing ``TITLE`` and ``mount(params) -> object``; it is imported
only when routed to, so the start path imports nothing a screen does not use.
"""

from __future__ import annotations

import importlib
from typing import Any

import js  # type: ignore[import-not-found]

from cardroom.web import dom

#: screen name -> module
SCREENS: dict[str, str] = {"atlas": "cardroom.web.atlas_screen"}
#: game slug -> (menu label, module); listed in the page's navigation.
GAMES: dict[str, tuple[str, str]] = {"border-up": ("Border-Up", "cardroom.web.border_up_screen")}
DEFAULT_SCREEN = "atlas"


def route(params: dict[str, str]) -> tuple[str, str]:
    """(screen key, module name) for the URL parameters; unknown names fall back to
    the atlas."""
    game = params.get("game")
    if game and game in GAMES:
        return f"game:{game}", GAMES[game][1]
    screen = params.get("screen", DEFAULT_SCREEN)
    if screen not in SCREENS:
        screen = DEFAULT_SCREEN
    return screen, SCREENS[screen]


def _update_nav(key: str) -> None:
    nav = dom.q("#nav-list")
    if nav is None:
        return
    for slug, (label, _module) in GAMES.items():
        if dom.q(f'[data-screen-link="game:{slug}"]', nav) is None:
            li = js.document.createElement("li")
            a = js.document.createElement("a")
            a.href = f"?game={slug}"
            a.textContent = label
            a.setAttribute("data-screen-link", f"game:{slug}")
            li.append(a)
            nav.append(li)
    for a in dom.qa("[data-screen-link]", nav):
        if dom.attr(a, "data-screen-link") == key:
            a.setAttribute("aria-current", "page")
        else:
            a.removeAttribute("aria-current")


_mounted: Any = None


def main() -> Any:
    """Mount the routed screen and mark the page ready; errors go to the loader.

    Idempotent: web/pyodide-boot.mjs calls it as soon as Pyodide is up, and PyScript's
    ``<script type="py">`` calls it again once PyScript has attached; the second call
    returns the screen already mounted.
    """
    global _mounted
    if _mounted is not None:
        return _mounted
    js.performance.mark("cardroom:python")  # Python is running: the rest is ours
    try:
        params = dom.params()
        key, module_name = route(params)
        module = importlib.import_module(module_name)
        _update_nav(key)
        screen = module.mount(params)
        js.document.title = f"cardroom · {getattr(module, 'TITLE', 'cardroom')}"
        _mounted = screen
        dom.mark_ready(key)
        return screen
    except Exception as exc:
        fail = dom.nullable(getattr(js.window, "cardroomFail", None))
        if fail is not None:
            fail(f"{type(exc).__name__}: {exc}.")
        raise

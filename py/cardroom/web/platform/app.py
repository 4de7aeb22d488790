"""The browser entry point: route the URL to a screen, mount it, signal readiness.

Links are read in one place, :func:`cardroom.web.kit.logic.parse_link`:

* ``/`` -- the home page (every game the site has, the atlas);
* ``/?screen=atlas&state=TX`` -- the atlas explorer with that state's card;
* ``/?game=<slug>&level=N&mode=bot|local&difficulty=&seed=N[&autostart=1]`` -- that
  game's setup with the choices filled in (``autostart=1`` starts it at once).

A link that is wrong (unknown game or screen, bad level, bad state code) shows what is
wrong (R-110). A screen module exposes ``TITLE`` and ``mount(route)``; it is imported
only when routed to, so the start path imports nothing a screen does not use.
"""

from __future__ import annotations

import importlib
from html import escape
from typing import Any

import js  # type: ignore[import-not-found]

from cardroom import atlas
from cardroom.web.platform import dom
from cardroom.web.platform.routes import Route, parse_link

TITLE = "Home"


def _screen_key(route: Route) -> str:
    return f"game:{route.game.slug}" if route.game is not None else route.screen


def _update_nav(key: str) -> None:
    """Mark the screen's link in the nav (a game's is "Games": the nav stays short)."""
    key = "home" if key.startswith("game:") else key
    key = "tournament" if key == "match" else key  # a match is a tournament's round
    for a in dom.qa("[data-screen-link]"):
        if dom.attr(a, "data-screen-link") == key:
            a.setAttribute("aria-current", "page")
        else:
            a.removeAttribute("aria-current")


def show_problems(route: Route) -> None:
    """Say what is wrong with the link, at the top of the page (R-110)."""
    box = dom.by_id("link-problems")
    if box is None or not route.problems or route.game is not None:  # a game's setup says it
        return
    box.innerHTML = "".join(f"<p>{escape(p)}</p>" for p in route.problems)
    box.hidden = False


def mount(route: Route) -> Any:
    """The home page is pre-rendered (index.html): show it."""
    for section in dom.qa("#main > .screen"):
        section.hidden = section.id != "screen-home"
    return dom.by_id("screen-home")


_mounted: Any = None


def _routed() -> tuple[Route, str, str]:
    """The link's route, its screen's key and the module that mounts it."""
    route = parse_link(dom.params(), [s.code for s in atlas.states()])
    name = route.module
    return route, _screen_key(route), name


def import_steps() -> list[str]:
    """The modules the routed screen needs that are not loaded yet, dependencies first
    (:func:`cardroom.web.platform.bytecode.screen_imports`). The boot module imports them one per
    task before :func:`main`, so that no task is long."""
    import sys  # noqa: PLC0415

    from cardroom.web.platform.bytecode import screen_imports  # noqa: PLC0415 (in the snapshot)

    order = screen_imports()
    try:
        name = _routed()[2]
    except (ValueError, KeyError):  # a wrong link: main() says
        return []
    if not order:  # a source checkout
        return []
    return [m for m in order.get(name, [name]) if m not in sys.modules]


def import_one(name: str) -> bool:
    """Import one step of :func:`import_steps`; an error is left for :func:`main`'s own
    import to report."""
    try:
        importlib.import_module(name)
    except Exception:  # noqa: BLE001
        return False
    return True


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
        route, key, name = _routed()
        module = importlib.import_module(name)
        js.document.documentElement.setAttribute("data-screen", key)
        _update_nav(key)
        show_problems(route)
        screen = module.mount(route)
        title = route.game.title if route.game else getattr(module, "TITLE", "cardroom")
        js.document.title = f"cardroom · {title}"
        _mounted = screen
        dom.mark_ready(key)
        if dom.in_frame():  # an embed: cardroom:ready to the parent page
            from cardroom.web.share.screen import page_ready  # noqa: PLC0415

            page_ready(route)
        return screen
    except Exception as exc:
        fail = dom.nullable(getattr(js.window, "cardroomFail", None))
        if fail is not None:
            fail(f"{type(exc).__name__}: {exc}.")
        raise

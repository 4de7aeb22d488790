"""The table kit's DOM layer, on PyScript's Python API (``pyscript.when``, ``pyscript.web``).

Every game screen is built on the kit, so every game's events go through
``pyscript.when`` and the kit's own elements are found and made with ``pyscript.web``.
The atlas and the home page stay on :mod:`cardroom.web.platform.dom` (plain ``js`` calls): they
are the start-up path, and importing PyScript's package costs about 0.1 s of main-thread
time there (figures in ``docs/architecture.md``, "PyScript's Python API").

PyScript's package is shipped inside the site's ``cardroom`` zip and its two JavaScript
modules (``polyscript``, ``_pyscript``) are registered by ``pyodide-boot.mjs`` when the
zip is mounted, so these imports work whether or not PyScript's core script has attached
to the page yet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyscript import web, when  # type: ignore[import-not-found]

from cardroom.web.platform import dom

__all__ = ["Listeners", "element", "find", "item", "raw"]


class Listeners:
    """Event listeners owned by one screen, bound with ``pyscript.when``.

    Same interface as :class:`cardroom.web.platform.dom.Bindings` (``on`` and ``clear``), so a
    game screen binds through ``table.bindings`` without knowing which is underneath.
    Every listener is registered with one ``AbortSignal``: ``clear()`` aborts it, which
    removes them all at once, and starts a new one for the next screen.
    """

    def __init__(self) -> None:
        self._abort = js.AbortController.new()
        self.count = 0

    def on(self, target: Any, event: str, handler: Callable[[Any], Any]) -> None:
        """Call ``handler(event)`` on each ``event`` at ``target`` (a DOM or web element)."""
        if dom.nullable(target) is None:
            raise ValueError(f"no element to listen to for {event!r}")
        # a list, so that ``when`` never tests a JS object's truth (window.length is 0)
        node = target._dom_element if isinstance(target, web.Element) else target
        when(event, [node], signal=self._abort.signal)(handler)
        self.count += 1

    def clear(self) -> None:
        """Remove every listener bound since the last ``clear``."""
        self._abort.abort()
        self._abort = js.AbortController.new()
        self.count = 0


def element(node: Any) -> Any:
    """A ``pyscript.web`` element for a DOM node (or None for null)."""
    node = dom.nullable(node)
    return None if node is None else web.Element.wrap_dom_element(node)


def find(selector: str, root: Any = None) -> Any:
    """The first element matching ``selector`` under ``root`` (default: the page), or None.

    ``root`` may be a DOM node or a ``pyscript.web`` element; the result is a
    ``pyscript.web`` element.
    """
    scope = web.page if root is None else root if isinstance(root, web.Element) else element(root)
    found = scope.find(selector)
    return found[0] if len(found) else None


def raw(found: Any) -> Any:
    """The DOM node behind a ``pyscript.web`` element (None stays None)."""
    return None if found is None else found._dom_element


def item(text: str, **attributes: str) -> Any:
    """A new ``<li>`` holding ``text`` (as text, never HTML)."""
    li = web.li(**attributes)
    li.textContent = text
    return li

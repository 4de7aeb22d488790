"""Small DOM helpers for the screens (Pyodide only: imports ``js``).

Kept deliberately thin: selectors, event binding that keeps its proxies alive and can
be undone when a screen is unmounted, URL parameters, and the readiness signal the
tests and embeds wait for (``<html data-ready="1">`` + ``performance.mark``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

try:  # Pyodide >= 0.28 maps JS null to ``jsnull``, not None
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover
    jsnull = None

__all__ = [
    "Bindings",
    "announce",
    "attr",
    "by_id",
    "closest",
    "nullable",
    "mark_ready",
    "params",
    "q",
    "qa",
    "replace_params",
]

document = js.document


def nullable(value: Any) -> Any:
    """``value``, or None for JS ``null``/``undefined``."""
    return None if value is None or value is jsnull else value


def q(selector: str, root: Any = None) -> Any:
    """The first element matching ``selector`` (or None)."""
    return nullable((root or document).querySelector(selector))


def by_id(element_id: str) -> Any:
    """``document.getElementById`` (or None)."""
    return nullable(document.getElementById(element_id))


def closest(target: Any, selector: str) -> Any:
    """The nearest ancestor-or-self of an event target matching ``selector`` (or None)."""
    target = nullable(target)
    if target is None or not hasattr(target, "closest"):
        return None
    return nullable(target.closest(selector))


def typing_in(target: Any) -> bool:
    """Whether an event's target is a field the player types in (keys are its, not the
    game's)."""
    target = nullable(target)
    return target is not None and str(getattr(target, "tagName", "")) in (
        "INPUT",
        "TEXTAREA",
        "SELECT",
    )


def attr(element: Any, name: str) -> str | None:
    """An attribute's value (or None when absent)."""
    return nullable(element.getAttribute(name))


def qa(selector: str, root: Any = None) -> list[Any]:
    """Every element matching ``selector``, as a Python list."""
    return list((root or document).querySelectorAll(selector))


class Bindings:
    """Event listeners owned by one screen; ``clear()`` removes them all."""

    def __init__(self) -> None:
        self._bound: list[tuple[Any, str, Any]] = []

    def on(self, target: Any, event: str, handler: Callable[[Any], Any]) -> None:
        proxy = create_proxy(handler)
        target.addEventListener(event, proxy)
        self._bound.append((target, event, proxy))

    def clear(self) -> None:
        for target, event, proxy in self._bound:
            target.removeEventListener(event, proxy)
            proxy.destroy()
        self._bound.clear()


def params() -> dict[str, str]:
    """The page's query parameters (last value wins).

    Parsed by the browser's URLSearchParams: importing urllib.parse would pull in
    ipaddress and cost about 0.1 s of start-up.
    """
    query = js.URLSearchParams.new(js.location.search)
    return {str(k): str(v) for k, v in js.Object.fromEntries(query).to_py().items()}


def replace_params(values: dict[str, str | None]) -> None:
    """Rewrite the query string in place (history.replaceState): reload keeps it."""
    current = params()
    for key, value in values.items():
        if value is None:
            current.pop(key, None)
        else:
            current[key] = value
    query = js.URLSearchParams.new()
    for key, value in current.items():
        query.append(key, value)
    text = str(query.toString())
    url = str(js.location.pathname) + (f"?{text}" if text else "") + str(js.location.hash)
    js.history.replaceState(None, "", url)


def announce(message: str) -> None:
    """Say ``message`` to screen readers through the polite live region."""
    region = by_id("announce")
    if region is not None:
        region.textContent = message


def in_frame() -> bool:
    """True inside a frame of another page (``window.parent !== window``): an embed."""
    try:
        return not bool(getattr(js.Object, "is")(js.window.parent, js.window))
    except Exception:  # a parent we may not even look at is still a parent
        return True


def mark_ready(screen: str) -> None:
    """Signal that ``screen`` is interactive (the contract tests and embeds wait on)."""
    root = document.documentElement
    root.setAttribute("data-screen", screen)
    root.setAttribute("data-ready", "1")
    js.performance.mark("cardroom:ready")
    js.window.dispatchEvent(js.CustomEvent.new("cardroom:ready"))

"""One Tab stop per hand: the roving tabindex of the WAI-ARIA listbox, toolbar and grid
patterns, for every game's hand.

A hand is an element with the attribute ``data-roving`` (a unique key) holding cards
marked ``data-card``; a card counts when it can take the focus (a button that is not
disabled, or an element with a ``tabindex``). :func:`sync`, called after the hand is
drawn, leaves exactly one card with ``tabindex="0"`` (the one focused last, else the
one in its place, else the first) and gives the others ``-1``, so Tab enters the hand
once and leaves it with one more press. One listener on the document (installed by the
first :func:`sync`) then moves the focus: ``←``/``→`` along the hand, ``↑``/``↓`` to the
row above/below when it wraps, ``Home``/``End`` to its ends (see
:func:`cardroom.web.kit.hand_model.roving_target`). Keys with Alt, Ctrl, Meta or Shift
are left to the games (Alt+arrows move a card in Border-Up, Dashing States and
Tri-Virsity). When a redraw takes away the focused card (played, discarded), :func:`sync`
puts the focus on its neighbour, so the keyboard carries on in the hand.

Space on a card button presses it on the keydown, as Enter does, not on the keyup as a
browser would: a screen draws its hand anew whenever its view changes (the computer's
choice landing during simultaneous choices, a clock call), and a browser clicks on
Space's keyup only if the button that took the keydown is still there. The new card
button in its place (focused again) would take the keyup and do nothing, and the press
would be lost. The keyup is then held back, so that no browser clicks a second time.
"""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]
from pyscript import when  # type: ignore[import-not-found]

from cardroom.web.kit.hand_model import ROVING_KEYS, roving_target
from cardroom.web.platform import dom

__all__ = ["items", "sync"]

#: per hand: the card focused last and its place
_last: dict[str, tuple[str, int]] = {}
#: the hand that holds the focus (None once it went elsewhere)
_inside: list[str | None] = [None]
_proxies: list[Any] = []


def items(box: Any) -> list[Any]:
    """The cards of a hand that can take the focus, in order."""
    out = []
    for el in dom.qa("[data-card]", box):
        if el.tagName == "BUTTON":
            if not el.disabled:
                out.append(el)
        elif el.hasAttribute("tabindex"):
            out.append(el)
    return out


def _set(cards: list[Any], current: Any) -> None:
    for el in cards:
        el.tabIndex = 0 if el == current else -1


def sync(box: Any) -> None:
    """Leave one Tab stop in hand ``box`` (after it was drawn); refocus a lost card."""
    _install()
    box = dom.nullable(box)
    if box is None:
        return
    key = box.getAttribute("data-roving") or ""
    cards = items(box)
    if not cards:
        return
    active = dom.nullable(js.document.activeElement)
    if active is not None and active in cards:
        current = active
    else:
        code, place = _last.get(key, ("", 0))
        current = next((c for c in cards if c.getAttribute("data-card") == code), None)
        if current is None:
            current = cards[min(place, len(cards) - 1)]
        lost = active is None or active == js.document.body
        if lost and _inside[0] == key:
            current.focus(js.Object.fromEntries([["preventScroll", True]]))
    _set(cards, current)


def _remember(box: Any, el: Any, cards: list[Any]) -> None:
    key = box.getAttribute("data-roving") or ""
    _last[key] = (el.getAttribute("data-card") or "", cards.index(el))
    _inside[0] = key


def _focusin(evt: Any) -> None:
    el = dom.closest(evt.target, "[data-card]")
    box = dom.closest(el, "[data-roving]") if el is not None else None
    if box is None:
        _inside[0] = None
        return
    cards = items(box)
    if el in cards:
        _set(cards, el)
        _remember(box, el, cards)


def _focusout(evt: Any) -> None:
    # focus leaving for nothing (a click on the page): unless the card is being removed
    if dom.nullable(evt.relatedTarget) is None and evt.target.isConnected:
        _inside[0] = None


def _card_button(evt: Any) -> Any:
    """The enabled card button of a hand that takes this key event, or None."""
    el = dom.closest(evt.target, "[data-card]")
    if el is None or el.tagName != "BUTTON" or el.disabled:
        return None
    return el if dom.closest(el, "[data-roving]") is not None else None


def _space(evt: Any) -> bool:
    """Space on a card button: pressed now (once for a held key); True if handled."""
    if str(evt.key) != " " or evt.defaultPrevented:
        return False
    if evt.altKey or evt.ctrlKey or evt.metaKey or evt.shiftKey:
        return False
    el = _card_button(evt)
    if el is None:
        return False
    evt.preventDefault()  # no click on the keyup, no scrolling
    if not evt.repeat:
        el.click()  # a keyboard's click (detail 0), as the browser's own would be
    return True


def _keyup(evt: Any) -> None:
    if str(evt.key) == " " and _card_button(evt) is not None:
        evt.preventDefault()  # pressed on the keydown already


def _keydown(evt: Any) -> None:
    if _space(evt):
        return
    key = str(evt.key)
    if key not in ROVING_KEYS or evt.defaultPrevented:
        return
    if evt.altKey or evt.ctrlKey or evt.metaKey or evt.shiftKey:
        return
    el = dom.closest(evt.target, "[data-card]")
    box = dom.closest(el, "[data-roving]") if el is not None else None
    if box is None:
        return
    cards = items(box)
    if el not in cards:
        return
    centers = []
    if key in ("ArrowUp", "ArrowDown"):
        for c in cards:
            r = c.getBoundingClientRect()
            centers.append((r.left + r.width / 2, r.top + r.height / 2))
    flip = dom.closest(box, ".is-rotated") is not None
    j = roving_target(key, cards.index(el), len(cards), centers, flip=flip)
    if j is None:
        return
    evt.preventDefault()
    _set(cards, cards[j])
    cards[j].focus()


def _install() -> None:
    """The page's four listeners, once: they live as long as the page (every screen's
    hands are found from the event's target), so no screen's ``Listeners`` owns them."""
    if _proxies:
        return
    for name, fn in (
        ("focusin", _focusin),
        ("focusout", _focusout),
        ("keydown", _keydown),
        ("keyup", _keyup),
    ):
        _proxies.append(when(name, [js.document])(fn))

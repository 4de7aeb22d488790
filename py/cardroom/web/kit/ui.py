"""The table kit: the screens every game shares (Pyodide only: imports ``js``).

A game's screen module supplies a :class:`~cardroom.web.kit.table.GameUI` (its hands,
board and announcements) and calls :func:`cardroom.web.kit.screen.mount_game`; the kit
does the rest. Four modules, each importing only the ones before it: this one (the
helpers every screen shares: the page's clock, its ``sessionStorage``, its history run
and URL, the GeoPlunging prompt, button taps), :mod:`~cardroom.web.kit.clock` (a table's
clock, Pause and Resume), :mod:`~cardroom.web.kit.table` (the :class:`GameUI` contract
and a game in progress and its result, whose HTML :mod:`~cardroom.web.kit.result` makes)
and :mod:`~cardroom.web.kit.screen` (setup, history and saves):

* **setup** from :class:`~cardroom.web.kit.logic.WebGame` (level, mode, difficulty, deal
  number, a short how-to-play), filled in from the deep link; the clock starts on
  Start, or at once with ``autostart=1`` (R-110);
* **the table**: a bar with the table clock, the count, a status line and **Pause**
  (the engine's clock stops while paused and while the page is hidden, R-111); a
  "Ready, Set, GeoPlunge!" strip that covers nothing; a hand-over screen for hidden
  hands in pass-and-play; the game log;
* **the result**: who won and why, the points from the shared scoring table, Play again
  (a new deal), Replay this deal, Back to setup; nothing on it reacts for its first
  400 ms (a touch that ended the game must not press Play again, R-113);
* **history and saves**: Start pushes a history entry (Back returns to setup, asking
  "Leave this game?" mid-game); each game is saved in ``sessionStorage`` under its own
  run id, which lives in ``history.state``: a reload resumes it, the same link opened
  afresh deals afresh, a corrupt save says so and starts fresh (R-112).

The game is reached only through :class:`~cardroom.web.kit.logic.LocalEngine`'s JSON
calls, so moving it to a worker or another device changes the transport, not the screen.
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Any

import js  # type: ignore[import-not-found]

from cardroom.web.games.registry import WebGame
from cardroom.web.platform import dom

if TYPE_CHECKING:
    from cardroom.web.platform.listeners import Listeners

__all__ = [
    "BANNER_MS",
    "SETTLE_MS",
    "ButtonTaps",
    "count_seconds",
    "history_run",
    "mmss",
    "page_url",
    "plunge_prompt_html",
    "show_plunge",
    "storage",
    "wall",
]

#: Nothing on a result screen reacts for this long (ms) after it appears (R-113).
SETTLE_MS = 400
BANNER_MS = 1600


def wall() -> float:
    """Milliseconds on a clock that survives a reload (page origin + page time)."""
    return float(js.performance.timeOrigin) + float(js.performance.now())


def mmss(ms: float) -> str:
    s = max(0, int(ms // 1000))
    return f"{s // 60}:{s % 60:02d}"


def storage() -> Any:
    """The page's ``sessionStorage`` (None when the browser refuses it)."""
    try:
        return js.window.sessionStorage
    except Exception:  # storage disabled (privacy settings): play without saving
        return None


def history_run() -> str | None:
    """The run id of the saved game the current history entry belongs to (None: none)."""
    state = dom.nullable(js.history.state)
    if state is None:
        return None
    run = dom.nullable(getattr(state, "run", None))
    return str(run) if run else None


def page_url(params: dict[str, str | None]) -> str:
    """This page's path with ``params`` as its query (None values left out)."""
    query = js.URLSearchParams.new()
    for k, v in params.items():
        if v is not None:
            query.append(k, v)
    text = str(query.toString())
    return str(js.location.pathname) + (f"?{text}" if text else "")


def plunge_prompt_html(prefix: str, title: str, game: WebGame) -> str:
    """The "Are you GeoPlunging?" question of one team (GeoPlunge games share it);
    ``game``'s ``plunge_when`` says when the team decides."""
    return f"""<div class="kit-plunge" id="{prefix}-plunge">
  <p class="kit-plunge-q">Are you GeoPlunging?</p>
  <p class="kit-plunge-why">{escape(game.plunge_when)} GeoPlunging raises the
  stakes: the winner scores +10 if one team GeoPlunged, +20 if both did.</p>
  <div class="kit-plunge-buttons" role="group" aria-label="{escape(title)}: GeoPlunging?">
    <button type="button" class="bu-btn bu-yes" data-plunge="yes">Yes, we're GeoPlunging</button>
    <button type="button" class="bu-btn bu-no" data-plunge="no">No</button>
  </div>
  <p class="kit-plunge-choice" id="{prefix}-choice"></p>
</div>"""


def show_plunge(box: Any, mine: bool | None) -> None:
    """Show one team's answer to "Are you GeoPlunging?" (None: not decided yet)."""
    for b in dom.qa("[data-plunge]", box):
        b.disabled = mine is not None
        yes = b.getAttribute("data-plunge") == "yes"
        b.setAttribute("aria-pressed", "true" if mine is not None and mine == yes else "false")
    said = "You are GeoPlunging." if mine else "Not GeoPlunging."
    dom.q(".kit-plunge-choice", box).textContent = (
        "" if mine is None else f"{said} Waiting for the deal…"
    )


class ButtonTaps:
    """The buttons inside ``host`` call ``act(button)``; a finger's tap acts on pointerup.

    Right after a drag, touch browsers may hold back (or drop) the click while they wait
    for a double tap, and a shout must never be lost; the click that may still follow is
    ignored here, on whichever button it lands (one landing on a result that just appeared
    is ignored by the result, R-113). The last tap is shared by every ``ButtonTaps`` of
    the page: the tap on "Deal race 3" (one host) redraws the table, and its click must
    not press the "Give up this race" now under the finger (another host)."""

    #: when the last tap acted (``performance.now()``), for all hosts of the page
    _tapped: float | None = None

    def __init__(self, bindings: Listeners, host: Any, act: Any) -> None:
        self.act = act
        self._press: tuple[int, Any] | None = None
        bindings.on(host, "click", self.on_click)
        bindings.on(host, "pointerdown", self.on_press)
        bindings.on(host, "pointerup", self.on_release)

    def on_press(self, evt: Any) -> None:
        ButtonTaps._tapped = None  # a new press: the last tap's click came (or never will)
        if evt.pointerType != "mouse":
            b = dom.closest(evt.target, "button")
            self._press = (evt.pointerId, b) if b is not None and not b.disabled else None

    def on_release(self, evt: Any) -> None:
        press, self._press = self._press, None
        if press is None or press[0] != evt.pointerId:
            return
        b = dom.closest(js.document.elementFromPoint(evt.clientX, evt.clientY), "button")
        if b is not None and b == press[1] and not b.disabled:
            ButtonTaps._tapped = float(js.performance.now())
            self.act(b)

    def on_click(self, evt: Any) -> None:
        b = dom.closest(evt.target, "button")
        if b is None or b.disabled:
            return
        tapped, ButtonTaps._tapped = ButtonTaps._tapped, None
        if tapped is not None and evt.detail and js.performance.now() - tapped < 1000:
            # The tap's own click, already acted on at pointerup. The tap may have drawn
            # the screen anew: the click then lands on whatever button is under the finger
            # now (the next lead's category or base), which must not be pressed by it.
            # A keyboard's click (detail 0) is never a tap's.
            return
        self.act(b)


def count_seconds(left_ms: float) -> int:
    return max(0, math.ceil(left_ms / 1000))

"""The table kit: the screens every game shares (Pyodide only: imports ``js``).

A game's screen module supplies a :class:`GameUI` (its hands, board and announcements)
and calls :func:`mount_game`; the kit does the rest:

* **setup** from :class:`~cardroom.web.kit_logic.WebGame` (level, mode, difficulty, deal
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

The game is reached only through :class:`~cardroom.web.kit_logic.LocalEngine`'s JSON
calls, so moving it to a worker or another device changes the transport, not the screen.
"""

from __future__ import annotations

import contextlib
import math
import random
from html import escape
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]
from pyodide.ffi.wrappers import (  # type: ignore[import-not-found]
    clear_interval,
    clear_timeout,
    set_interval,
    set_timeout,
)

from cardroom.web import dom
from cardroom.web.kit_logic import (
    DIFFICULTY_TEXT,
    MAX_SEED,
    MODE_TEXT,
    CorruptSave,
    EngineRefused,
    LocalEngine,
    Route,
    Save,
    Setup,
    TableClock,
    WebGame,
    decode_save,
    encode_save,
    hints_used,
    new_seed,
    points_table,
)

__all__ = [
    "ButtonTaps",
    "GameUI",
    "KitScreen",
    "Table",
    "mmss",
    "mount_game",
    "plunge_prompt_html",
    "show_plunge",
]

#: Nothing on a result screen reacts for this long (ms) after it appears (R-113).
SETTLE_MS = 400
BANNER_MS = 1600
SAVE_PREFIX = "cardroom:game:"


def wall() -> float:
    """Milliseconds on a clock that survives a reload (page origin + page time)."""
    return float(js.performance.timeOrigin) + float(js.performance.now())


def mmss(ms: float) -> str:
    s = max(0, int(ms // 1000))
    return f"{s // 60}:{s % 60:02d}"


def _storage() -> Any:
    try:
        return js.window.sessionStorage
    except Exception:  # storage disabled (privacy settings): play without saving
        return None


def _history_run() -> str | None:
    state = dom.nullable(js.history.state)
    if state is None:
        return None
    run = dom.nullable(getattr(state, "run", None))
    return str(run) if run else None


def _url(params: dict[str, str | None]) -> str:
    query = js.URLSearchParams.new()
    for k, v in params.items():
        if v is not None:
            query.append(k, v)
    text = str(query.toString())
    return str(js.location.pathname) + (f"?{text}" if text else "")


def plunge_prompt_html(prefix: str, title: str) -> str:
    """The "Are you GeoPlunging?" question of one team (GeoPlunge games share it)."""
    return f"""<div class="kit-plunge" id="{prefix}-plunge">
  <p class="kit-plunge-q">Are you GeoPlunging?</p>
  <p class="kit-plunge-why">Decide before you see your cards. GeoPlunging raises the stakes:
  the winner scores +10 if one team GeoPlunged, +20 if both did.</p>
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
    ignored here (one landing on a result that just appeared is ignored by the result,
    R-113)."""

    def __init__(self, bindings: dom.Bindings, host: Any, act: Any) -> None:
        self.act = act
        self._press: tuple[int, Any] | None = None
        self._tapped: tuple[Any, float] | None = None
        bindings.on(host, "click", self.on_click)
        bindings.on(host, "pointerdown", self.on_press)
        bindings.on(host, "pointerup", self.on_release)

    def on_press(self, evt: Any) -> None:
        if evt.pointerType != "mouse":
            b = dom.closest(evt.target, "button")
            self._press = (evt.pointerId, b) if b is not None and not b.disabled else None

    def on_release(self, evt: Any) -> None:
        press, self._press = self._press, None
        if press is None or press[0] != evt.pointerId:
            return
        b = dom.closest(js.document.elementFromPoint(evt.clientX, evt.clientY), "button")
        if b is not None and b == press[1] and not b.disabled:
            self._tapped = (b, float(js.performance.now()))
            self.act(b)

    def on_click(self, evt: Any) -> None:
        b = dom.closest(evt.target, "button")
        if b is None or b.disabled:
            return
        tapped, self._tapped = self._tapped, None
        if tapped is not None and tapped[0] == b and js.performance.now() - tapped[1] < 1000:
            return  # already done on pointerup
        self.act(b)


class GameUI:
    """What a game's screen supplies to the kit (override what applies).

    The kit calls :meth:`engine` once per game, :meth:`build` once with the play area,
    :meth:`update` after every change, :meth:`result_html` / :meth:`result_mounted` for
    the game's own part of the result, and :meth:`describe` for the log."""

    game: WebGame

    def engine(self, setup: Setup) -> LocalEngine:
        raise NotImplementedError

    def team_names(self, setup: Setup) -> list[str]:
        if setup.mode == "bot":  # "You" and "The computer", not Team 1 and Team 2
            return ["You", "The computer"]
        return ["Team 1", "Team 2"]

    def build(self, table: Table, area: Any) -> None:
        raise NotImplementedError

    def update(self, table: Table) -> None:
        raise NotImplementedError

    def tick(self, table: Table) -> None:
        """Redraw the clock and counts (called a few times a second)."""

    def extra(self) -> dict[str, Any]:
        return {}

    def describe(self, table: Table, move: dict[str, Any]) -> str | None:
        return None

    def headline(self, table: Table, result: dict[str, Any]) -> tuple[str, str]:
        winner = result.get("winner")
        names = table.teams
        if winner is None:
            return "It's a tie", "tie"
        if table.setup.mode == "bot":
            return ("You win!", "win") if winner == 0 else ("The computer wins", "lose")
        return f"{names[winner]} wins!", "win"

    def team_note(self, table: Table, team: int) -> str:
        """Extra lines under a team's points (the kit adds the hints it used)."""
        return ""

    def result_html(self, table: Table, result: dict[str, Any]) -> str:
        return ""

    def result_side_html(self, table: Table, result: dict[str, Any]) -> str:
        return ""

    def result_mounted(self, table: Table, host: Any) -> None:
        return None

    def on_result_click(self, table: Table, button: Any) -> None:
        return None

    def stop(self) -> None:
        return None


# ====================================================================== the table


class Table:
    """One game in progress (then its result) inside the screen's body."""

    def __init__(self, screen: KitScreen, setup: Setup, run: str, save: Save | None) -> None:
        self.screen = screen
        self.setup = setup
        self.run = run
        self.ui = screen.ui
        self.bindings = dom.Bindings()
        self.timer: Any = None
        self.ticker: Any = None
        self.banner_timer: Any = None
        self.settle_timer: Any = None
        self.teams = self.ui.team_names(setup)
        self.restored = save
        self.engine = self.ui.engine(setup)
        self.clock = TableClock(wall())
        self.hints: dict[int, int] = {}
        self.rotated = False
        self.finished = False
        self.settled_at = 0.0
        self.engine.on(self._on_event)
        if save is not None:
            self.engine.replay(save.moves)  # CorruptSave reaches the screen
            self.clock = save.clock
            hints = save.extra.get("hints") or {}
            self.hints = {int(k): int(v) for k, v in dict(hints).items()}
            self.rotated = bool(save.extra.get("rotated"))
        self._build()
        if save is not None and not self.engine.over:  # a reload is time away
            self.clock = self.clock.pause(wall())
            self.show_paused("back")
        self.update()

    # ------------------------------------------------------------ time

    def now(self) -> int:
        return self.clock.now(wall())

    @property
    def paused(self) -> bool:
        return self.clock.paused

    def schedule(self) -> None:
        if self.timer is not None:
            clear_timeout(self.timer)
            self.timer = None
        if self.paused or self.finished:
            return
        due = self.engine.next_due()
        if due is not None:
            self.timer = set_timeout(self.on_timer, max(0, due - self.now()) + 5)

    def on_timer(self) -> None:
        self.timer = None
        if self.paused:
            return
        self.engine.advance(self.now())
        self.save()
        self.update()

    def pause(self, why: str = "pause") -> None:
        if self.finished or self.paused:
            return
        self.clock = self.clock.pause(wall())
        self.schedule()
        self.show_paused(why)
        self.save()

    def show_paused(self, why: str) -> None:
        self.overlay.hidden = False
        self.area.setAttribute("inert", "")
        text = {
            "away": "Paused while this page was hidden.",
            "back": "Paused while you were away.",
            "leave": "Paused.",
        }.get(why, "Paused.")
        dom.q("#kit-paused-why", self.root).textContent = text
        self.pause_btn.textContent = "Resume"
        self.pause_btn.setAttribute("aria-pressed", "true")
        self.root.setAttribute("data-paused", "1")
        if why != "leave":
            dom.q("#kit-resume", self.root).focus()
        dom.announce(f"{text} The clock is stopped.")

    def resume(self) -> None:
        if not self.paused or self.finished:
            return
        self.clock = self.clock.resume(wall())
        self.overlay.hidden = True
        self.area.removeAttribute("inert")
        self.pause_btn.textContent = "Pause"
        self.pause_btn.setAttribute("aria-pressed", "false")
        self.root.removeAttribute("data-paused")
        self.save()
        dom.announce("The clock runs again.")
        self.update()

    # ------------------------------------------------------------ layout

    def _build(self) -> None:
        body = self.screen.body
        split = " kit-split" if self.setup.mode == "local" else ""
        body.innerHTML = f"""
<div class="kit-table{split}" data-phase="" data-mode="{self.setup.mode}">
  <div class="kit-bar" role="group" aria-label="Table">
    <p class="kit-clock"><span class="kit-clock-label" id="kit-clock-label">Time</span>
       <span class="kit-clock-value" id="kit-clock">0:00</span></p>
    <p class="kit-count" id="kit-count" aria-hidden="true"></p>
    <p class="kit-status" id="kit-status" aria-live="polite"></p>
    <div class="kit-banner" id="kit-banner" aria-hidden="true" hidden></div>
    <details class="kit-log"><summary>Game log</summary><ol id="kit-log-list"></ol></details>
    <button type="button" class="kit-bar-btn" id="kit-pause" aria-pressed="false">Pause</button>
  </div>
  <div class="kit-area" id="kit-area"></div>
  <div class="kit-overlay" id="kit-overlay" hidden>
    <div class="kit-dialog" role="dialog" aria-modal="true" aria-labelledby="kit-paused-h">
      <h2 id="kit-paused-h">Game paused</h2>
      <p id="kit-paused-why">Paused.</p>
      <button type="button" class="bu-btn bu-primary" id="kit-resume">Resume</button>
    </div>
  </div>
  <div class="kit-overlay" id="kit-leave" hidden>
    <div class="kit-dialog" role="alertdialog" aria-modal="true" aria-labelledby="kit-leave-h"
      aria-describedby="kit-leave-p">
      <h2 id="kit-leave-h">Leave this game?</h2>
      <p id="kit-leave-p">The game is paused. If you leave, it ends here.</p>
      <div class="kit-dialog-buttons">
        <button type="button" class="bu-btn bu-primary" data-leave="stay">Keep playing</button>
        <button type="button" class="bu-btn bu-quiet" data-leave="go">Leave the game</button>
      </div>
    </div>
  </div>
  <div class="kit-overlay kit-handover" id="kit-handover" hidden></div>
</div>"""
        self.root = dom.q(".kit-table", body)
        self.area = dom.q("#kit-area", body)
        self.overlay = dom.q("#kit-overlay", body)
        self.clock_el = dom.q("#kit-clock", body)
        self.clock_label = dom.q("#kit-clock-label", body)
        self.count_el = dom.q("#kit-count", body)
        self.status_el = dom.q("#kit-status", body)
        self.banner_el = dom.q("#kit-banner", body)
        self.pause_btn = dom.q("#kit-pause", body)
        self.log_el = dom.q("#kit-log-list", body)
        self.bindings.on(self.pause_btn, "click", self.on_pause_click)
        self.bindings.on(dom.q("#kit-resume", body), "click", lambda _e: self.resume())
        self.bindings.on(dom.q("#kit-leave", body), "click", self.on_leave_click)
        self.ui.build(self, self.area)
        for move in self.engine.moves:
            self._log(move)
        self.ticker = set_interval(self.tick, 200)

    def on_pause_click(self, _evt: Any) -> None:
        if self.paused:
            self.resume()
        else:
            self.pause()

    # ------------------------------------------------------------ bar pieces

    def tick(self) -> None:
        """Redraw the clock (a few times a second); the count is the game's."""
        if not self.finished:
            self.ui.tick(self)

    def show_clock(self, label: str, value: str) -> None:
        self.clock_label.textContent = label
        self.clock_el.textContent = value

    def show_count(self, seconds: int | None) -> None:
        self.count_el.textContent = "" if seconds is None else str(seconds)

    def status(self, text: str) -> None:
        if str(self.status_el.textContent) != text:
            self.status_el.textContent = text

    def banner(self, html: str, spoken: str, started_at: int | None = None) -> None:
        """Show ``html`` in the bar's strip for a moment (unless it is already past)."""
        if started_at is not None and self.now() - started_at > BANNER_MS:
            return
        self.banner_el.innerHTML = html
        self.banner_el.hidden = False
        dom.announce(spoken)

        def hide() -> None:
            self.banner_timer = None
            self.banner_el.hidden = True

        if self.banner_timer is not None:
            clear_timeout(self.banner_timer)
        self.banner_timer = set_timeout(hide, BANNER_MS)

    def handover(self, team: str, reveal: Any) -> None:
        """Pass-and-play: the play area is emptied (nothing of the last hand stays in the
        page), then "Pass the device to ``team``" until someone taps to reveal;
        ``reveal()`` then draws that team's hand into the area again."""
        self.area.replaceChildren()
        box = dom.q("#kit-handover", self.root)
        box.innerHTML = (
            '<div class="kit-dialog" role="dialog" aria-modal="true" aria-labelledby="kit-ho-h">'
            f'<h2 id="kit-ho-h">Pass the device to {escape(team)}</h2>'
            f"<p>{escape(team)}: tap when only your team can see the screen.</p>"
            '<button type="button" class="bu-btn bu-primary" id="kit-reveal">'
            "Show our cards</button></div>"
        )
        box.hidden = False

        def on_reveal(_evt: Any) -> None:
            box.hidden = True
            box.replaceChildren()
            reveal()

        self.bindings.on(dom.q("#kit-reveal", box), "click", on_reveal)
        dom.q("#kit-reveal", box).focus()

    def layout(self, area: Any, prefix: str, seats: dict[int, str], cls: str = "") -> None:
        """The teams' halves in ``area``: ``<section id="{prefix}-half-N">`` per seat
        (labelled by ``{prefix}N-title``). Two halves (two teams on one device) are split
        top and bottom with a button that turns the top one 180 degrees (saved)."""
        mode = "mode-local" if len(seats) > 1 else "mode-bot"
        wheres = ("top", "bottom") if len(seats) > 1 else ("solo",)
        halves = [
            f'<section class="kit-half {prefix}-half {prefix}-{where}" id="{prefix}-half-{seat}" '
            f'aria-labelledby="{prefix}{seat}-title"></section>'
            for seat, where in zip(seats, wheres, strict=True)
        ]
        top_team = escape(seats[next(iter(seats))])
        middle = (
            f'<div class="kit-middle {prefix}-middle"><button type="button" '
            f'class="bu-btn bu-quiet kit-rotate {prefix}-rotate" id="{prefix}-rotate" '
            f'aria-pressed="false">Turn {top_team}\'s side around</button></div>'
        )
        area.innerHTML = (
            f'<div class="{prefix}-game kit-halves {mode} {cls}" data-phase="">'
            + middle.join(halves)
            + "</div>"
        )
        rotate = dom.q(".kit-rotate", area)
        if rotate is None:
            return
        top = dom.q(".kit-half", area)

        def apply(announce: bool) -> None:
            top.classList.toggle("is-rotated", self.rotated)
            rotate.setAttribute("aria-pressed", "true" if self.rotated else "false")
            if announce:
                self.save()
                turned = "The top side faces the other way."
                dom.announce(turned if self.rotated else "Both sides face you.")

        def toggle(_evt: Any) -> None:
            self.rotated = not self.rotated
            apply(True)

        self.bindings.on(rotate, "click", toggle)
        apply(False)

    def plunge(self, seat: int, yes: bool) -> None:
        """A team's answer to "Are you GeoPlunging?"."""
        if self.submit(seat, "plunge", yes):
            said = "GeoPlunging" if yes else "not GeoPlunging"
            dom.announce(f"{self.teams[seat]}: {said}.")

    def count_hint(self, seat: int) -> None:
        """A hint was given to ``seat`` (the result says how many each team used)."""
        self.hints[seat] = self.hints.get(seat, 0) + 1
        self.save()

    # ------------------------------------------------------------ log

    def _on_event(self, event: dict[str, Any]) -> None:
        if event.get("type") == "move" and hasattr(self, "log_el"):
            self._log(event["move"])

    def _log(self, move: dict[str, Any]) -> None:
        text = self.ui.describe(self, move)
        if not text:
            return
        li = js.document.createElement("li")
        li.textContent = f"{mmss(float(move.get('at') or 0))} {text}"
        self.log_el.append(li)

    # ------------------------------------------------------------ moves

    def submit(self, seat: int, kind: str, data: Any = None) -> bool:
        """A person's move (now); False (and said) if the engine refuses it."""
        if self.engine.over or self.paused:
            return False
        try:
            self.engine.submit({"seat": seat, "kind": kind, "data": data}, self.now())
        except EngineRefused as exc:
            dom.announce(f"Not now: {exc.reason}.")
            self.update()
            return False
        self.save()
        self.update()
        return True

    def update(self) -> None:
        if self.finished:
            return
        if not self.paused:
            self.engine.advance(self.now())
        if self.engine.over:
            self.finish()
            return
        self.ui.update(self)
        self.schedule()

    # ------------------------------------------------------------ saving

    def save(self) -> None:
        store = _storage()
        if store is None:
            return
        hints = {str(k): v for k, v in self.hints.items()}
        extra = {**self.ui.extra(), "hints": hints, "rotated": self.rotated}
        data = Save(self.setup, tuple(self.engine.moves), self.clock, extra)
        with contextlib.suppress(Exception):  # quota or privacy mode: play on unsaved
            store.setItem(SAVE_PREFIX + self.run, encode_save(data))

    # ------------------------------------------------------------ leaving

    def ask_leave(self) -> None:
        self.pause("leave")
        box = dom.q("#kit-leave", self.root)
        box.hidden = False
        self.overlay.hidden = True
        dom.q('[data-leave="stay"]', box).focus()

    def on_leave_click(self, evt: Any) -> None:
        b = dom.closest(evt.target, "button[data-leave]")
        if b is None:
            return
        dom.q("#kit-leave", self.root).hidden = True
        if dom.attr(b, "data-leave") == "go":
            self.screen.leave()
        else:
            self.resume()

    # ------------------------------------------------------------ the result

    def finish(self) -> None:
        self.finished = True
        self.stop_timers()
        self.save()
        self.ui.stop()
        self.root.setAttribute("data-phase", "over")
        result = self.engine.view(0 if self.setup.mode == "bot" else -1)["result"]
        headline, tone = self.ui.headline(self, result)
        rows = points_table(result["scoring"], result["points"], self.teams)
        teams = []
        for row in rows:
            team = row["team"]
            hints = (
                ""
                if team in self.engine.bots
                else f'<p class="kit-hints-used" data-hints="{team}">'
                f"{hints_used(self.hints.get(team, 0))}</p>"
            )
            items = (
                "".join(
                    f"<li><span>{escape(x['label'])}</span> <strong>+{x['points']}</strong></li>"
                    for x in row["lines"]
                )
                or "<li><span>No points</span> <strong>0</strong></li>"
            )
            teams.append(
                f'<div class="kit-points-team" data-team="{team}">'
                f"<h4>{escape(row['name'])}</h4><ul>{items}</ul>"
                f'<p class="kit-points-total">Total <strong data-points="{team}">'
                f"{row['total']}</strong></p>{self.ui.team_note(self, team)}{hints}</div>"
            )
        winner = result.get("winner")
        self.area.removeAttribute("inert")
        self.area.innerHTML = (
            f'<div class="kit-result kit-tone-{tone} is-settling" data-winner="'
            f'{"tie" if winner is None else winner}">'
            '<div class="kit-result-main">'
            f'<h2 class="kit-result-title" id="kit-result-title" tabindex="-1">'
            f"{escape(headline)}</h2>"
            f'<p class="kit-result-why" data-reason>{escape(result.get("summary") or "")}</p>'
            '<div class="kit-result-actions">'
            '<button type="button" class="bu-btn bu-primary" data-act="again">Play again</button>'
            '<button type="button" class="bu-btn bu-quiet" data-act="replay">'
            "Replay this deal</button>"
            '<button type="button" class="bu-btn bu-quiet" data-act="setup">Back to setup</button>'
            "</div>"
            '<section class="kit-points" aria-labelledby="kit-points-h">'
            '<h3 id="kit-points-h">Points</h3>'
            f'<div class="kit-points-grid">{"".join(teams)}</div>'
            '<p class="kit-points-rule">Scoring: win 10 · bonus +10 · GeoPlunging +10 if one '
            "team GeoPlunged, +20 if both (winner only) · tie 5 each.</p></section>"
            f"{self.ui.result_html(self, result)}</div>{self.ui.result_side_html(self, result)}"
            "</div>"
        )
        host = dom.q(".kit-result", self.area)
        self.settled_at = float(js.performance.now()) + SETTLE_MS

        def settle() -> None:
            self.settle_timer = None
            host.classList.remove("is-settling")

        self.settle_timer = set_timeout(settle, SETTLE_MS)
        self.bindings.on(host, "click", self.on_result_click)
        self.ui.result_mounted(self, host)
        self.status("")
        self.pause_btn.hidden = True
        title = dom.q("#kit-result-title", host)
        title.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))
        js.window.scrollTo(0, 0)  # the result's headline sits right under the bar
        dom.announce(f"{headline}. {result.get('summary') or ''}")

    def on_result_click(self, evt: Any) -> None:
        if float(js.performance.now()) < self.settled_at:
            evt.preventDefault()
            return  # a touch that ended the game must not press anything here
        b = dom.closest(evt.target, "button")
        if b is None:
            return
        act = dom.attr(b, "data-act")
        # a new deal, or the same deal afresh, taking this game's history entry so
        # Back still returns to the setup
        if act == "again":
            seed = new_seed(random.randrange, self.setup.seed)
            self.screen.start(self.setup.with_seed(seed), push=False)
        elif act == "replay":
            self.screen.start(self.setup, push=False)
        elif act == "setup":
            self.screen.leave()
        else:
            self.ui.on_result_click(self, b)

    def stop_timers(self) -> None:
        for name, clear in (
            ("timer", clear_timeout),
            ("ticker", clear_interval),
            ("banner_timer", clear_timeout),
        ):
            handle = getattr(self, name)
            if handle is not None:
                clear(handle)
                setattr(self, name, None)
        self.banner_el.hidden = True

    def stop(self) -> None:
        self.stop_timers()
        if self.settle_timer is not None:
            clear_timeout(self.settle_timer)
            self.settle_timer = None
        self.ui.stop()
        self.bindings.clear()


# ====================================================================== the screen


class KitScreen:
    """A game's screen: its setup, then its tables, with history and saves."""

    def __init__(self, ui: GameUI, route: Route) -> None:
        self.ui = ui
        self.game = ui.game
        self.route = route
        self.table: Table | None = None
        self.pushed: set[str] = set()
        self.leaving = False
        self.bindings = dom.Bindings()
        self.page_bindings = dom.Bindings()
        g = self.game
        section = js.document.createElement("section")
        section.id = f"screen-{g.slug}"
        section.className = f"screen screen-game screen-{g.slug}"
        section.setAttribute("aria-labelledby", "kit-title")
        section.innerHTML = (
            f'<div class="screen-head kit-head"><h1 id="kit-title" tabindex="-1">'
            f'{escape(g.title)}</h1><p class="lede kit-sub" id="kit-sub"></p></div>'
            '<div class="kit-problems" id="kit-problems" role="alert"></div>'
            '<div class="kit-body" id="kit-body"></div>'
        )
        dom.q("#main").append(section)
        self.section = section
        self.body = dom.q("#kit-body", section)
        self.sub = dom.q("#kit-sub", section)
        self.problems = dom.q("#kit-problems", section)
        self.say_problems(route.problems)
        self.page_bindings.on(js.window, "popstate", self.on_popstate)
        self.page_bindings.on(js.document, "visibilitychange", self.on_visibility)
        self.page_bindings.on(js.window, "pagehide", self.on_pagehide)
        self.open_from_history(route)

    # ------------------------------------------------------------ routing

    def open_from_history(self, route: Route) -> None:
        run = _history_run()
        if run is not None and self.resume_run(run):
            return
        if route.autostart and route.setup is not None:
            # the setup gets its own entry (without autostart) for Back to return to
            js.history.replaceState(None, "", self._game_url(route.setup))
            self.start(route.setup)
        else:
            self.to_setup(route.setup, push=False)

    def resume_run(self, run: str) -> bool:
        """Reopen the saved game ``run`` (a reload, or Forward); False if there is none."""
        store = _storage()
        raw = store.getItem(SAVE_PREFIX + run) if store is not None else None
        try:
            save = decode_save(dom.nullable(raw))
            if save is None:
                return False
            if save.setup.game != self.game.slug:
                raise CorruptSave("it belongs to another game")
            self._open(save.setup, run, save)
        except CorruptSave as exc:
            if store is not None:
                store.removeItem(SAVE_PREFIX + run)
            self.say_problems(
                (f"The saved game could not be read ({exc}), so a fresh one starts.",)
            )
            g = self.game
            default = Setup(g.slug, next(iter(g.levels)), g.modes[0], g.default_difficulty)
            self.start(self.route.setup or default, push=False)  # the link's deal, afresh
        return True

    def say_problems(self, problems: tuple[str, ...] | list[str]) -> None:
        self.problems.innerHTML = "".join(f"<p>{escape(p)}</p>" for p in problems)

    def on_popstate(self, _evt: Any) -> None:
        run = _history_run()
        t = self.table
        if self.leaving:
            self.leaving = False
            return
        if t is not None and run == t.run:
            return
        if t is not None and not t.finished and run is None:
            # Back during a game: stay on it (push it again) and ask
            js.history.pushState(
                to_js({"run": t.run}, dict_converter=js.Object.fromEntries),
                "",
                self._game_url(t.setup),
            )
            t.ask_leave()
            return
        if run is not None and self.resume_run(run):
            return
        self.to_setup(t.setup if t is not None else self.route.setup, push=False)

    def on_visibility(self, _evt: Any) -> None:
        if str(js.document.visibilityState) == "hidden" and self.table is not None:
            self.table.pause("away")

    def on_pagehide(self, _evt: Any) -> None:
        if self.table is not None:
            self.table.pause("away")

    def _game_url(self, setup: Setup) -> str:
        return _url(dict(setup.params()))

    # ------------------------------------------------------------ setup

    def to_setup(self, setup: Setup | None, *, push: bool = False) -> None:
        self.end_game()
        self.set_playing(False)
        g = self.game
        s = setup or Setup(g.slug, next(iter(g.levels)), g.modes[0], g.default_difficulty)
        self.sub.textContent = "Pick a level and who you play against, then press Start."
        self.body.innerHTML = self.setup_html(s)
        form = dom.q("#kit-setup", self.body)
        self.bindings.on(form, "submit", self.on_submit)
        self.bindings.on(form, "change", self.on_setup_change)
        js.document.documentElement.setAttribute("data-screen", f"game:{g.slug}")

    def setup_html(self, s: Setup) -> str:
        g = self.game

        def radio(name: str, value: str, label: str, note: str, checked: bool) -> str:
            c = " checked" if checked else ""
            return (
                f'<label class="kit-choice"><input type="radio" name="{name}" '
                f'value="{value}"{c}><span class="kit-choice-body"><span class="kit-choice-label">'
                f'{escape(label)}</span><span class="kit-choice-note">{escape(note)}</span>'
                "</span></label>"
            )

        levels = "".join(
            radio("level", str(n), f"Level {n}", text, n == s.level) for n, text in g.levels.items()
        )
        notes = {
            "bot": "Your team races the computer.",
            "local": "Split screen: each team gets its own half of one device.",
        }
        modes = "".join(
            radio("mode", m, MODE_TEXT[m], notes.get(m, ""), m == s.mode) for m in g.modes
        )
        diffs = "".join(
            radio("difficulty", d, d.capitalize(), DIFFICULTY_TEXT.get(d, ""), d == s.difficulty)
            for d in g.difficulties
        )
        seed = "" if s.seed is None else str(s.seed)
        return f"""
<form class="kit-setup" id="kit-setup" novalidate>
  <section class="kit-howto" aria-labelledby="kit-howto-h">
    <h2 id="kit-howto-h">How to play</h2><p>{escape(g.how_to)}</p></section>
  <fieldset class="kit-fieldset"><legend>Level</legend><div class="kit-choices">{levels}</div>
  </fieldset>
  <fieldset class="kit-fieldset"><legend>Players</legend><div class="kit-choices">{modes}</div>
  </fieldset>
  <fieldset class="kit-fieldset" id="kit-difficulty"{" hidden" if s.mode != "bot" else ""}>
    <legend>Computer</legend><div class="kit-choices">{diffs}</div></fieldset>
  <div class="kit-seed-row">
    <label for="kit-seed">Deal number <span class="kit-optional">(optional: the same number
    deals the same cards)</span></label>
    <input id="kit-seed" name="seed" type="text" inputmode="numeric" pattern="[0-9]*"
      maxlength="10" autocomplete="off" value="{seed}">
  </div>
  <p class="kit-setup-error" id="kit-setup-error" role="alert"></p>
  <button type="submit" class="bu-btn bu-primary kit-start">Start</button>
</form>"""

    def on_setup_change(self, _evt: Any) -> None:
        form = dom.q("#kit-setup", self.body)
        mode = dom.q("input[name=mode]:checked", form)
        dom.q("#kit-difficulty", self.body).hidden = mode is None or str(mode.value) != "bot"

    def on_submit(self, evt: Any) -> None:
        evt.preventDefault()
        form = dom.q("#kit-setup", self.body)

        def checked(name: str, default: str) -> str:
            el = dom.q(f"input[name={name}]:checked", form)
            return str(el.value) if el is not None else default

        g = self.game
        text = str(dom.q("#kit-seed", form).value).strip()
        seed: int | None = None
        if text:
            if not text.isdigit() or int(text) > MAX_SEED:
                dom.q(
                    "#kit-setup-error", form
                ).textContent = f"The deal number is a whole number from 0 to {MAX_SEED}."
                dom.q("#kit-seed", form).focus()
                return
            seed = int(text)
        setup = Setup(
            g.slug,
            int(checked("level", str(next(iter(g.levels))))),
            checked("mode", g.modes[0]),
            checked("difficulty", g.default_difficulty),
            seed,
        )
        self.say_problems(())
        self.start(setup)

    # ------------------------------------------------------------ games

    def start(self, setup: Setup, *, push: bool = True) -> None:
        """A new game of ``setup`` (a new deal when it has no seed), under a new run id;
        ``push`` adds a history entry so Back returns to setup (R-114)."""
        if setup.seed is None:
            setup = setup.with_seed(new_seed(random.randrange))
        run = f"{int(wall()):x}{random.randrange(16**6):06x}"
        state = to_js({"run": run}, dict_converter=js.Object.fromEntries)
        if push:
            js.history.pushState(state, "", self._game_url(setup))
            self.pushed.add(run)
        else:
            if self.table is not None and self.table.run in self.pushed:
                self.pushed.add(run)  # it takes over the entry Start pushed
            js.history.replaceState(state, "", self._game_url(setup))
        self._open(setup, run, None)

    def _open(self, setup: Setup, run: str, save: Save | None) -> None:
        self.end_game()
        self.set_playing(True)
        self.sub.textContent = f"{setup.describe()} · deal {setup.seed}"
        self.table = Table(self, setup, run, save)

    def leave(self) -> None:
        """Back to the setup of the current game (from the result or the leave dialog)."""
        t = self.table
        setup = t.setup if t is not None else self.route.setup
        self.end_game()
        if t is not None and t.run in self.pushed:
            self.leaving = True
            js.history.back()  # to the setup entry Start came from (popstate shows it)
        else:
            js.history.pushState(None, "", _url(dict(setup.params())) if setup else "?")
        self.to_setup(setup)
        dom.q("#kit-title", self.section).focus()

    def end_game(self) -> None:
        if self.table is not None:
            self.table.stop()
            self.table = None
        self.bindings.clear()

    def set_playing(self, on: bool) -> None:
        root = js.document.documentElement
        if on:
            root.setAttribute("data-playing", "1")
        else:
            root.removeAttribute("data-playing")


def mount_game(ui: GameUI, route: Route) -> KitScreen:
    atlas = dom.q("#screen-atlas")
    if atlas is not None:
        atlas.hidden = True
    return KitScreen(ui, route)


def count_seconds(left_ms: float) -> int:
    return max(0, math.ceil(left_ms / 1000))

"""The table kit's table: one game in progress, then its result (clock, Pause, banner,
hand-over, layout, game log, saves, result panel), and the two contracts around it: the
:class:`GameUI` a game's screen supplies, and the :class:`TableScreen` that holds the
table (the kit's own screen, a match's game, a two-device game). See
:mod:`cardroom.web.kit.ui`."""

from __future__ import annotations

import contextlib
import random
from html import escape
from typing import Any, Protocol

import js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]
from pyodide.ffi.wrappers import (  # type: ignore[import-not-found]
    clear_interval,
    clear_timeout,
    set_interval,
    set_timeout,
)
from pyscript import web  # type: ignore[import-not-found]

from cardroom.web.kit.clock import Clocked
from cardroom.web.kit.logic import (
    FINAL_CLOCK,
    SAVE_PREFIX,
    ComputerMoveRefused,
    EngineRefused,
    LocalEngine,
    Save,
    Setup,
    TableClock,
    WebGame,
    encode_save,
    new_seed,
    points_table,
)
from cardroom.web.kit.result import points_team_html, result_html
from cardroom.web.kit.ui import (
    BANNER_MS,
    SETTLE_MS,
    count_seconds,
    mmss,
    storage,
    wall,
)
from cardroom.web.platform import dom
from cardroom.web.platform import listeners as kit_dom

__all__ = ["GameUI", "Table", "TableScreen"]


# ====================================================================== the contracts


class GameUI:
    """What a game's screen supplies to the kit (override what applies).

    The kit calls :meth:`engine` once per game, :meth:`build` once with the play area,
    :meth:`update` after every change, :meth:`result_html` / :meth:`result_mounted` for
    the game's own part of the result, and :meth:`describe` for the log."""

    game: WebGame
    #: the game offers hints (the result then says how many each team used)
    hints: bool = False
    #: the scoring rule under the result's points (GeoPlunge's by default)
    points_rule: str = (
        "Scoring: win 10 · bonus +10 · GeoPlunging +10 if one team GeoPlunged, +20 if both "
        "(winner only) · tie 5 each."
    )

    def __init__(self, game: WebGame) -> None:
        """``game`` is the game's registry entry (:meth:`WebGame.make_ui` makes it)."""
        self.game = game

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


class TableScreen(Protocol):
    """What a table needs of the screen that holds it: the game's :class:`GameUI`, the
    element it draws into, and where Play again, Back to setup and its clock go.
    :class:`~cardroom.web.kit.screen.KitScreen` is one, and so is a match's game
    (:class:`~cardroom.web.match.tables.Host`)."""

    @property
    def ui(self) -> GameUI: ...

    @property
    def body(self) -> Any: ...

    def start(self, setup: Setup, *, push: bool = True) -> None: ...

    def leave(self) -> None: ...

    def on_clock(self) -> None: ...


# ====================================================================== the table


class Table(Clocked):
    """One game in progress (then its result) inside the screen's body; its clock, timer,
    Pause and Resume are :class:`~cardroom.web.kit.clock.Clocked`'s."""

    def __init__(
        self,
        screen: TableScreen,
        setup: Setup,
        run: str,
        save: Save | None,
        *,
        engine: Any = None,
        deadline: int | None = None,
        on_end: Any = None,
    ) -> None:
        """``engine``, ``deadline`` and ``on_end`` are for a game inside a match: its engine
        client (instead of the UI's), the game time at which it stops unfinished, and
        ``on_end(table, timed_out)`` called instead of showing the result."""
        self.screen = screen
        self.deadline = deadline
        self.on_end = on_end
        self.setup = setup
        self.run = run
        self.ui = screen.ui
        #: every listener of this table, on ``pyscript.when`` (``clear()`` on unmount)
        self.bindings = kit_dom.Listeners()
        self.timer: Any = None
        self.ticker: Any = None
        self.banner_timer: Any = None
        self.settle_timer: Any = None
        self.teams = self.ui.team_names(setup)
        self.restored = save
        self.engine = engine if engine is not None else self.ui.engine(setup)
        #: the seat this device plays when the teams do not share it (two devices: R-179)
        self.seat = int(getattr(self.engine, "seat", 0))
        self.clock = TableClock(wall())
        self.hints: dict[int, int] = {}
        self.rotated = False
        self.finished = False
        #: the reason the engine gave for the last move it refused (None: none refused)
        self.refusal: str | None = None
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
    <p class="kit-fault" id="kit-fault" role="alert" hidden></p>
    <details class="kit-log"><summary>Game log</summary><ol id="kit-log-list"></ol></details>
    <button type="button" class="kit-bar-btn" id="kit-share" aria-haspopup="dialog">Share</button>
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
        #: the table as a ``pyscript.web`` element; the parts below are its DOM nodes,
        #: which the game screens use as they are
        self.el = kit_dom.find(".kit-table", body)

        def part(selector: str) -> Any:
            return kit_dom.raw(kit_dom.find(selector, self.el))

        self.root = self.el._dom_element
        self.area = part("#kit-area")
        self.overlay = part("#kit-overlay")
        self.clock_el = part("#kit-clock")
        self.clock_label = part("#kit-clock-label")
        self.count_el = part("#kit-count")
        self.status_el = part("#kit-status")
        self.banner_el = part("#kit-banner")
        self.pause_btn = part("#kit-pause")
        self.log = kit_dom.find("#kit-log-list", self.el)
        self.bindings.on(self.pause_btn, "click", self.on_pause_click)
        self.bindings.on(part("#kit-share"), "click", self.on_share_click)
        self.bindings.on(part("#kit-resume"), "click", lambda _e: self.resume())
        self.bindings.on(part("#kit-leave"), "click", self.on_leave_click)
        self.ui.build(self, self.area)
        for move in self.engine.moves:
            self._log(move)
        self.ticker = set_interval(self.tick, 200)

    def on_share_click(self, _evt: Any) -> None:
        from cardroom.web.share.screen import open_table_share  # noqa: PLC0415

        open_table_share(self, self.ui.game)  # the link, its QR code and the iframe snippet

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
            if self.deadline is not None:
                left = dom.nullable(js.document.getElementById("kit-ho-left"))
                if left is not None:
                    left.textContent = self._round_left()

    def _round_left(self) -> str:
        """The round clock as the match shows it (counting down: 0:01 until it is out)."""
        s = count_seconds((self.deadline or 0) - self.now())
        return f"{s // 60}:{s % 60:02d}"

    def show_clock(self, label: str, value: str) -> None:
        self.clock_label.textContent = label
        self.clock_el.textContent = value

    def show_count(self, seconds: int | None) -> None:
        self.count_el.textContent = "" if seconds is None else str(seconds)

    def show_final_bar(self) -> None:
        """The game is over: no countdown, count, banner or phase line of the last phase
        stays in the bar (the ticker has stopped, so nothing else would clear them)."""
        label, value = FINAL_CLOCK
        self.show_clock(label, value)
        self.show_count(None)
        self.status("")

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

    def handover(
        self,
        team: str,
        reveal: Any,
        *,
        player: bool = False,
        title: str | None = None,
        button: str | None = None,
    ) -> None:
        """Pass-and-play: the play area is emptied (nothing of the last hand stays in the
        page), then "Pass the device to ``team``" until someone taps to reveal;
        ``reveal()`` then draws that team's hand into the area again. ``player``: the
        device goes to one player (Sequence, Tri-Virsity), not a team; ``title`` and
        ``button`` replace the heading and the button's words."""
        self.area.replaceChildren()
        box = kit_dom.find("#kit-handover", self.el)
        who = "only you" if player else "only your team"
        show = button or ("Show my cards" if player else "Show our cards")
        heading = web.h2(id="kit-ho-h")
        heading.textContent = title or f"Pass the device to {team}"
        # the bar's status was the last player's ("Player 1: lay down, ..."): while the
        # cover is up it says who the device goes to (a play-test saw it behind the cover)
        before = str(self.status_el.textContent)
        covering = str(heading.textContent)
        self.status(covering)
        words = web.p()
        words.textContent = f"{team}: tap when {who} can see the screen."
        tap = web.button(type="button", id="kit-reveal", classes=["bu-btn", "bu-primary"])
        tap.textContent = show
        parts = [heading, words]
        if self.deadline is not None:  # a game of a match: the round clock runs on
            clock = web.p(classes=["kit-ho-clock"])
            clock.innerHTML = (
                "The round clock keeps running while the device changes hands: "
                f'<span id="kit-ho-left">{self._round_left()}</span> left.'
            )
            parts.append(clock)
        dialog = web.div(*parts, tap, classes=["kit-dialog"], role="dialog")
        dialog.setAttribute("aria-modal", "true")
        dialog.setAttribute("aria-labelledby", "kit-ho-h")
        box.replaceChildren()
        box.append(dialog)
        box.hidden = False

        def on_reveal(_evt: Any) -> None:
            box.hidden = True
            box.replaceChildren()
            reveal()
            if str(self.status_el.textContent) == covering:  # the game set none of its own
                self.status(before)

        self.bindings.on(tap, "click", on_reveal)
        tap.focus()

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
        if event.get("type") == "move" and hasattr(self, "log"):
            self._log(event["move"])

    def _log(self, move: dict[str, Any]) -> None:
        text = self.ui.describe(self, move)
        if not text:
            return
        self.log.append(kit_dom.item(f"{mmss(float(move.get('at') or 0))} {text}"))

    # ------------------------------------------------------------ moves

    def submit(self, seat: int, kind: str, data: Any = None) -> bool:
        """A person's move (now); False (and said) if the engine refuses it."""
        self.refusal = None
        if self.engine.over or self.paused or self.finished:
            return False
        if self.timed_out:
            self.update()
            return False
        try:
            self.engine.submit({"seat": seat, "kind": kind, "data": data}, self.now())
        except EngineRefused as exc:
            self.refusal = exc.reason  # a screen may show it too
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
            self.advance()
        if self.engine.over or self.timed_out:
            self.finish()
            return
        self.ui.update(self)
        self.schedule()

    # ------------------------------------------------------------ saving

    def save(self) -> None:
        store = storage()
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
        box = kit_dom.find("#kit-leave", self.el)
        box.hidden = False
        self.overlay.hidden = True
        kit_dom.find('[data-leave="stay"]', box).focus()

    def on_leave_click(self, evt: Any) -> None:
        b = dom.closest(evt.target, "button[data-leave]")
        if b is None:
            return
        kit_dom.find("#kit-leave", self.el).hidden = True
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
        self.show_final_bar()
        if self.on_end is not None:
            self.on_end(self, not self.engine.over)
            return
        self.root.setAttribute("data-phase", "over")
        result = self.engine.view(0 if self.setup.mode == "bot" else -1)["result"]
        headline, tone = self.ui.headline(self, result)
        rows = points_table(result["scoring"], result["points"], self.teams)
        teams = [
            points_team_html(
                row,
                self.ui.team_note(self, row["team"]),
                None
                if row["team"] in self.engine.bots or not self.ui.hints
                else self.hints.get(row["team"], 0),
            )
            for row in rows
        ]
        self.area.removeAttribute("inert")
        self.area.innerHTML = result_html(
            headline=headline,
            tone=tone,
            winner=result.get("winner"),
            summary=result.get("summary") or "",
            teams=teams,
            points_rule=self.ui.points_rule,
            game_html=self.ui.result_html(self, result),
            side_html=self.ui.result_side_html(self, result),
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
        if dom.in_frame():  # an embed: cardroom:result to the parent page, once
            from cardroom.web.share.screen import post_result  # noqa: PLC0415

            post_result(self, result)

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

    def fault(self, exc: ComputerMoveRefused) -> None:
        """The engine refused a computer move: a fault in cardroom, not in the players'
        game. The table stops (no timer, no result) and says so (R-244)."""
        self.finished = True
        self.stop_timers()
        el = kit_dom.raw(kit_dom.find("#kit-fault", self.el))
        el.textContent = (
            f"Something went wrong: the rules refused the computer's move ({exc.reason}). "
            "This is a fault in cardroom, not in your play; the game stops here."
        )
        el.hidden = False
        self.area.setAttribute("inert", "")
        self.root.setAttribute("data-fault", "1")

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

"""Border-Up in the browser: setup, the GeoPlunging prompt, the race, the result.

Deep link: ``/?game=border-up&level=4&mode=bot&difficulty=medium&seed=7`` (``mode=local``:
two teams on one device, split screen). Without ``level`` and ``mode`` the setup screen
asks for them; without a seed one is drawn and written into the URL, so a reload replays
the same deal. The moves so far (and where the cards lie in the slots) are kept in
``sessionStorage`` under the game's key: a reload replays seed + moves and carries on.

The game runs on one clock: game time is milliseconds since "Are you GeoPlunging?" was
asked (``performance.timeOrigin + performance.now()`` at that moment is stored, so the
clock survives a reload). Every move of a person carries that time; the table clock's
calls (end of the count, of the shout window, time) and the computer's planned move are
applied by :class:`~cardroom.web.border_up_logic.Table` when a ``setTimeout`` fires.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
from html import escape
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi.wrappers import (  # type: ignore[import-not-found]
    clear_interval,
    clear_timeout,
    set_interval,
    set_timeout,
)

from cardroom import atlas
from cardroom.core import GameError
from cardroom.geoplunge.groups import call_name, check_group
from cardroom.web import dom
from cardroom.web.border_up_logic import (
    DIFFICULTIES,
    MAX_SEED,
    Hint,
    Setup,
    Table,
    card_html,
    choose_hint,
    hints_used,
    level_rules,
    parse_setup,
    ready_calls,
    shout_groups,
    slot_zones,
)
from cardroom.web.hand import HandBoard, absent, present
from cardroom.web.hand_model import Arrangement

TITLE = "Border-Up"

SVG_NS = "http://www.w3.org/2000/svg"
BANNER_MS = 1600

DIFFICULTY_TEXT = {
    "easy": "Takes its time and sometimes shows a wrong group.",
    "medium": "A steady player who rarely slips.",
    "hard": "Fast and never wrong.",
}


def _names() -> dict[str, str]:
    return {s.code: s.name for s in atlas.states()}


def _game_clock() -> float:
    """Milliseconds on a clock that survives a reload (page origin + page time)."""
    return float(js.performance.timeOrigin) + float(js.performance.now())


def _mmss(ms: float) -> str:
    s = max(0, int(ms // 1000))
    return f"{s // 60}:{s % 60:02d}"


def _storage() -> Any:
    try:
        return js.window.sessionStorage
    except Exception:  # storage disabled (privacy settings): play without it
        return None


# ====================================================================== the map


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


def _describe_groups(groups: list[list[str]], names: dict[str, str]) -> str:
    shown = [
        f"group {i}: " + ", ".join(names.get(c, c) for c in g)
        for i, g in enumerate(groups, start=1)
        if g
    ]
    return "; ".join(shown) if shown else "no groups yet"


# ====================================================================== one team


class TeamPanel:
    """One team's half: the GeoPlunging question, then its hand, slots, buttons and map."""

    def __init__(self, game: GameView, seat: int, host: Any, *, title: str) -> None:
        self.game = game
        self.seat = seat
        self.host = host
        self.board: HandBoard | None = None
        self.map: GameMap | None = None
        p = f"bu{seat}"
        self.p = p
        host.innerHTML = f"""
<header class="bu-team-head">
  <h2 class="bu-team-name" id="{p}-title">{escape(title)}</h2>
  <p class="bu-team-status" id="{p}-status"></p>
</header>
<div class="bu-plunge" id="{p}-plunge">
  <p class="bu-plunge-q">Are you GeoPlunging?</p>
  <p class="bu-plunge-why">Decide before you see your cards. GeoPlunging raises the stakes:
  the winner scores +10 if one team GeoPlunged, +20 if both did.</p>
  <div class="bu-plunge-buttons" role="group" aria-label="{escape(title)}: GeoPlunging?">
    <button type="button" class="bu-btn bu-yes" data-plunge="yes">Yes, we're GeoPlunging</button>
    <button type="button" class="bu-btn bu-no" data-plunge="no">No</button>
  </div>
  <p class="bu-plunge-choice" id="{p}-choice"></p>
</div>
<div class="bu-play" id="{p}-play" hidden>
  <div class="bu-dock">
  <div class="bu-slots" id="{p}-slots"></div>
  <div class="bu-actions" role="group" aria-label="{escape(title)}: shout">
    <button type="button" class="bu-btn bu-shout" data-call="geoplunge" disabled>GeoPlunge!</button>
    <button type="button" class="bu-btn bu-shout bu-shout3" data-call="threeoplunge" disabled>ThreeOPlunge!</button>
    <button type="button" class="bu-btn bu-quiet bu-hint-btn" data-act="hint"
      aria-keyshortcuts="H" aria-describedby="{p}-hint">Hint</button>
    <button type="button" class="bu-btn bu-quiet" data-act="clear">Clear groups</button>
    <button type="button" class="bu-btn bu-quiet" data-act="pass">We pass</button>
  </div>
  </div>
  <p class="bu-help" id="{p}-help"><span class="bu-help-kbd">Keyboard: <kbd>Tab</kbd> to a card,
  <kbd>1</kbd> <kbd>2</kbd> <kbd>3</kbd> put it in that group, <kbd>←</kbd> <kbd>→</kbd> move it
  within its group, <kbd>Backspace</kbd> returns it to the hand, <kbd>H</kbd> shows a
  hint.</span>
  <span class="bu-help-ptr">Mouse or touch: drag cards into the groups and along them, or tap
  a card and then a group.</span></p>
  <p class="bu-hint-text" id="{p}-hint" hidden></p>
  <div class="bu-hand" id="{p}-hand"></div>
</div>
<div class="bu-mapbox" id="{p}-mapbox"></div>
"""
        self.status = dom.q(f"#{p}-status", host)
        self.plunge_box = dom.q(f"#{p}-plunge", host)
        self.play_box = dom.q(f"#{p}-play", host)
        self.choice = dom.q(f"#{p}-choice", host)
        self.shout_buttons = {b.getAttribute("data-call"): b for b in dom.qa("[data-call]", host)}
        self.hint_text = dom.q(f"#{p}-hint", host)
        self.hint: Hint | None = None
        self._press: tuple[int, Any] | None = None
        self._tapped: tuple[Any, float] | None = None
        game.bindings.on(host, "click", self.on_click)
        game.bindings.on(host, "pointerdown", self.on_press)
        game.bindings.on(host, "pointerup", self.on_release)
        game.bindings.on(host, "keydown", self.on_key)

    # ------------------------------------------------------------ phases

    def show_plunge(self, view: dict[str, Any]) -> None:
        self.plunge_box.hidden = False
        self.play_box.hidden = True
        mine = view["plunge"]["mine"]
        for b in dom.qa("[data-plunge]", self.plunge_box):
            b.disabled = mine is not None
            b.setAttribute(
                "aria-pressed",
                "true"
                if (mine is True and b.getAttribute("data-plunge") == "yes")
                or (mine is False and b.getAttribute("data-plunge") == "no")
                else "false",
            )
        if mine is None:
            self.choice.textContent = ""
        else:
            self.choice.textContent = (
                "You are GeoPlunging. Waiting for the deal…"
                if mine
                else "Not GeoPlunging. Waiting for the deal…"
            )

    def deal(self, view: dict[str, Any], saved: dict[str, Any] | None) -> None:
        """Show the dealt hand (once)."""
        self.plunge_box.hidden = True
        self.play_box.hidden = False
        if self.board is not None:
            return
        level = view["level"]
        arr = Arrangement(view["hand"], slot_zones(level))
        if saved:
            arr.restore(saved)
        help_id = f"{self.p}-help"
        self.board = HandBoard(
            arr,
            dom.q(f"#{self.p}-slots", self.host),
            dom.q(f"#{self.p}-hand", self.host),
            card_html=lambda code: card_html(code, help_id),
            names=self.game.names,
            on_change=self.changed,
            hand_label=f"{self.game.table.team_label(self.seat)}: hand"
            if self.game.table.bot_seat is None
            else "Your hand",
            id_prefix=self.p,
        )
        self.map = GameMap(
            dom.q(f"#{self.p}-mapbox", self.host), "Map of your groups: no groups yet"
        )
        self.refresh_groups()

    def changed(self) -> None:
        self.settle_hint()
        self.refresh_groups()
        self.game.save()

    # ------------------------------------------------------------ hints

    def show_hint(self) -> None:
        """Find a hint with the solver and show it: outline the cards (and an "H"),
        draw the group on the map, say it. Cards are never moved by a hint."""
        if self.board is None or self.board.locked:
            return
        arr = self.board.arr
        hint = choose_hint(arr.cards, arr.groups(), self.game.table.level)
        self.game.count_hint(self.seat)
        self.hint = hint
        self.board.set_hint(hint.cards)
        for call, b in self.shout_buttons.items():
            b.classList.toggle("is-hinted", hint.kind == "ready" and hint.call == call)
        self.hint_text.textContent = hint.message
        self.hint_text.hidden = False
        self.refresh_groups()
        dom.announce(hint.message)

    def clear_hint(self) -> None:
        self.hint = None
        if self.board is not None:
            self.board.set_hint(())
        for b in self.shout_buttons.values():
            b.classList.remove("is-hinted")
        self.hint_text.textContent = ""
        self.hint_text.hidden = True

    def settle_hint(self) -> None:
        """A hint goes away once it is done: its group laid out in one slot as shown, or
        the cards of a ready shout moved."""
        h = self.hint
        if h is None or self.board is None:
            return
        level = self.game.table.level
        done = any(
            set(g) == set(h.cards) and check_group(g, level).ok for g in self.board.arr.groups()
        )
        if (h.kind == "group" and done) or h.kind in ("ready", "move"):
            self.clear_hint()

    def refresh_groups(self) -> None:
        if self.board is None:
            return
        arr = self.board.arr
        ok = ready_calls(self.game.table.level, arr.sizes())
        live = not self.board.locked
        for call, b in self.shout_buttons.items():
            b.disabled = not (ok[call] and live)
        groups = arr.groups()
        if self.map is not None:
            shown = [(g, f"g{i}") for i, g in enumerate(groups, start=1) if g]
            label = "Map of your groups: " + _describe_groups(groups, self.game.names)
            if self.hint is not None and self.hint.kind == "group":
                shown.append((list(self.hint.cards), "hint"))
                label += "; hint: " + ", ".join(self.game.names.get(c, c) for c in self.hint.cards)
            self.map.show(shown, label)

    def lock(self, why: str) -> None:
        if self.hint is not None:
            self.clear_hint()
            self.refresh_groups()
        if self.board is not None:
            self.board.set_locked(True)
        for b in dom.qa("button[data-call], button[data-act]", self.host):
            b.disabled = True
        self.status.textContent = why

    # ------------------------------------------------------------ input

    # A finger's tap on a button acts on pointerup: right after a drag, touch browsers
    # may hold back (or drop) the click while they wait to see if a double tap follows,
    # and a shout must never be lost. The click that may still follow is ignored.

    def on_press(self, evt: Any) -> None:
        if evt.pointerType == "mouse":
            return
        b = evt.target.closest("button")
        self._press = (evt.pointerId, b) if present(b) and not b.disabled else None

    def on_release(self, evt: Any) -> None:
        press, self._press = self._press, None
        if press is None or press[0] != evt.pointerId:
            return
        hit = js.document.elementFromPoint(evt.clientX, evt.clientY)
        b = hit.closest("button") if present(hit) else None
        if present(b) and b == press[1] and not b.disabled:
            self._tapped = (b, float(js.performance.now()))
            self.act(b)

    def on_key(self, evt: Any) -> None:
        if evt.key not in ("h", "H") or evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        target = evt.target
        if present(target) and target.tagName in ("INPUT", "TEXTAREA", "SELECT"):
            return
        if self.board is None or self.board.locked or self.play_box.hidden:
            return
        evt.preventDefault()
        self.show_hint()

    def on_click(self, evt: Any) -> None:
        b = evt.target.closest("button")
        if absent(b) or b.disabled:
            return
        tapped, self._tapped = self._tapped, None
        if tapped is not None and tapped[0] == b and js.performance.now() - tapped[1] < 1000:
            return  # already done on pointerup
        self.act(b)

    def act(self, b: Any) -> None:
        if b.hasAttribute("data-plunge"):
            self.game.plunge(self.seat, b.getAttribute("data-plunge") == "yes")
        elif b.hasAttribute("data-call"):
            self.shout(b.getAttribute("data-call"))
        elif b.getAttribute("data-act") == "hint":
            self.show_hint()
        elif b.getAttribute("data-act") == "clear" and self.board is not None:
            self.board.arr.clear()
            self.board.selected = None
            self.board.render()
            dom.announce("Every card is back in the hand.")
            self.changed()
        elif b.getAttribute("data-act") == "pass":
            self.game.give_up(self.seat)

    def shout(self, call: str) -> None:
        if self.board is None or self.board.locked:
            return
        groups = shout_groups(call, self.board.arr.groups())
        self.game.shout(self.seat, call, groups)


# ====================================================================== the game


class GameView:
    """A game in progress (and then its result) inside the screen's body."""

    def __init__(self, screen: BorderUpScreen, setup: Setup) -> None:
        self.screen = screen
        self.setup = setup
        self.names = screen.names
        self.bindings = dom.Bindings()
        self.timer: Any = None
        self.ticker: Any = None
        self.banner_timer: Any = None
        assert setup.seed is not None
        self.table = Table(setup, setup.seed)
        self.t0 = _game_clock()
        self.layouts: dict[str, Any] = {}
        self.hints: dict[int, int] = {}
        self.rotated = False
        self.shown_phase: str | None = None
        self.restore()
        self.build()
        self.update()

    # ------------------------------------------------------------ persistence

    def restore(self) -> None:
        store = _storage()
        raw = store.getItem(self.setup.storage_key()) if store is not None else None
        if not raw:
            return
        try:
            saved = json.loads(str(raw))
            self.table.replay(saved.get("moves", []))
            self.t0 = float(saved["t0"])
            self.layouts = dict(saved.get("layouts") or {})
            self.rotated = bool(saved.get("rotated"))
            self.hints = {int(k): max(0, int(v)) for k, v in (saved.get("hints") or {}).items()}
        except (GameError, KeyError, TypeError, ValueError):
            self.table = Table(self.setup, self.setup.seed or 0)
            self.t0 = _game_clock()
            self.layouts = {}
            self.hints = {}

    def save(self) -> None:
        store = _storage()
        if store is None:
            return
        layouts = {
            str(seat): panel.board.arr.to_json()
            for seat, panel in self.panels.items()
            if panel.board is not None
        }
        data = {
            "t0": self.t0,
            "moves": self.table.moves,
            "layouts": layouts,
            "rotated": self.rotated,
            "hints": {str(k): v for k, v in self.hints.items()},
        }
        # quota or privacy mode: the game goes on without saving
        with contextlib.suppress(Exception):
            store.setItem(self.setup.storage_key(), json.dumps(data))

    def count_hint(self, seat: int) -> None:
        self.hints[seat] = self.hints.get(seat, 0) + 1
        self.save()

    # ------------------------------------------------------------ layout

    def now(self) -> int:
        return int(_game_clock() - self.t0)

    def build(self) -> None:
        body = self.screen.body
        bot = self.table.bot_seat is not None
        mode_cls = "mode-bot" if bot else "mode-local"
        if bot:
            body.innerHTML = f"""
<div class="bu-game {mode_cls}" data-phase="plunge">
  <div class="bu-bar" role="group" aria-label="Table">
    <p class="bu-clock"><span class="bu-clock-label" id="bu-clock-label">Time</span>
       <span class="bu-clock-value" id="bu-clock">0:00</span></p>
    <p class="bu-count" id="bu-count" aria-hidden="true"></p>
    <p class="bu-opponent" id="bu-opponent" aria-live="polite"></p>
  </div>
  <section class="bu-half bu-solo" id="bu-half-0" data-seat="0" aria-labelledby="bu0-title"></section>
  <div class="bu-banner" id="bu-banner" aria-hidden="true" hidden></div>
</div>"""
        else:
            body.innerHTML = f"""
<div class="bu-game {mode_cls}" data-phase="plunge">
  <section class="bu-half bu-top" id="bu-half-1" data-seat="1" aria-labelledby="bu1-title"></section>
  <div class="bu-bar bu-middle" role="group" aria-label="Table">
    <p class="bu-clock"><span class="bu-clock-label" id="bu-clock-label">Time</span>
       <span class="bu-clock-value" id="bu-clock">0:00</span></p>
    <p class="bu-count" id="bu-count" aria-hidden="true"></p>
    <button type="button" class="bu-btn bu-quiet bu-rotate" id="bu-rotate" aria-pressed="false">
      Turn Team 2's side around</button>
  </div>
  <section class="bu-half bu-bottom" id="bu-half-0" data-seat="0" aria-labelledby="bu0-title"></section>
  <div class="bu-banner" id="bu-banner" aria-hidden="true" hidden></div>
</div>"""
        self.root = dom.q(".bu-game", body)
        self.clock_el = dom.q("#bu-clock", body)
        self.clock_label = dom.q("#bu-clock-label", body)
        self.count_el = dom.q("#bu-count", body)
        self.opponent_el = dom.q("#bu-opponent", body)
        self.banner = dom.q("#bu-banner", body)
        seats = (0,) if bot else (1, 0)
        self.panels: dict[int, TeamPanel] = {}
        for seat in seats:
            title = "Your team (Team 1)" if bot else f"Team {seat + 1}"
            host = dom.q(f"#bu-half-{seat}", body)
            self.panels[seat] = TeamPanel(self, seat, host, title=title)
        rotate = dom.q("#bu-rotate", body)
        if present(rotate):
            self.bindings.on(rotate, "click", self.toggle_rotation)
            self.apply_rotation()
        self.ticker = set_interval(self.tick_display, 200)

    def toggle_rotation(self, _evt: Any = None) -> None:
        self.rotated = not self.rotated
        self.apply_rotation()
        self.save()
        dom.announce(
            "Team 2's side now faces the other way." if self.rotated else "Both sides face you."
        )

    def apply_rotation(self) -> None:
        top = dom.q("#bu-half-1", self.screen.body)
        btn = dom.q("#bu-rotate", self.screen.body)
        if present(top):
            top.classList.toggle("is-rotated", self.rotated)
        if present(btn):
            btn.setAttribute("aria-pressed", "true" if self.rotated else "false")

    # ------------------------------------------------------------ the clock

    def schedule(self) -> None:
        if self.timer is not None:
            clear_timeout(self.timer)
            self.timer = None
        due = self.table.next_due()
        if due is None:
            return
        self.timer = set_timeout(self.on_timer, max(0, due - self.now()) + 5)

    def on_timer(self) -> None:
        self.timer = None
        self.table.advance(self.now())
        self.save()
        self.update()

    def tick_display(self) -> None:
        t = self.now()
        view = self.table.view(-1)
        phase = view["phase"]
        if phase == "plunge":
            left = max(0, view["timing"]["count_ms"] - t)
            self.count_el.textContent = str(max(0, math.ceil(left / 1000)))
            self.clock_label.textContent = "Cards dealt in"
            self.clock_el.textContent = ""
        elif phase == "race":
            start = view["timing"]["race_start"] or 0
            limit = view["timing"]["time_limit_ms"]
            self.clock_label.textContent = "Time"
            self.clock_el.textContent = f"{_mmss(t - start)} / {_mmss(limit)}"
        for seat, panel in self.panels.items():
            if phase == "plunge":
                mine = self.table.view(seat)["plunge"]["mine"]
                if mine is None:
                    n = max(0, math.ceil((view["timing"]["count_ms"] - t) / 1000))
                    panel.status.textContent = f"Decide within {n} s"
                else:
                    panel.status.textContent = "Decided"

    # ------------------------------------------------------------ moves

    def _play(self, seat: int, kind: str, data: Any) -> bool:
        if self.table.over:
            return False
        try:
            self.table.play(seat, kind, data, self.now())
        except GameError as exc:
            dom.announce(f"Not now: {exc}.")
            self.update()
            return False
        self.save()
        self.update()
        return True

    def plunge(self, seat: int, yes: bool) -> None:
        if self._play(seat, "plunge", yes):
            who = self.table.team_label(seat)
            dom.announce(f"{who}: {'GeoPlunging' if yes else 'not GeoPlunging'}.")

    def shout(self, seat: int, call: str, groups: list[list[str]]) -> None:
        panel = self.panels[seat]
        if self._play(seat, "shout", [call, groups]):
            if not self.table.over:
                panel.lock(f"{call_name(call)}! shouted. The referee is checking…")
            dom.announce(f"{self.table.team_label(seat)} shouted {call_name(call)}!")

    def give_up(self, seat: int) -> None:
        if self._play(seat, "pass", None) and not self.table.over:
            self.panels[seat].lock("You passed. Waiting for the other team…")

    # ------------------------------------------------------------ showing the state

    def update(self) -> None:
        self.table.advance(self.now())
        ref = self.table.view(-1)
        phase = ref["phase"]
        self.root.setAttribute("data-phase", phase)
        if phase == "over":
            self.finish()
            return
        if phase == "plunge":
            for seat, panel in self.panels.items():
                panel.show_plunge(self.table.view(seat))
            if self.table.bot_seat is not None:
                self.opponent_el.textContent = "The computer is deciding…"
                bv = self.table.bot_move
                if bv is None or bv.kind != "plunge":
                    self.opponent_el.textContent = "The computer has decided."
        elif phase == "race":
            first = self.shown_phase != "race"
            for seat, panel in self.panels.items():
                v = self.table.view(seat)
                panel.deal(v, self.layouts.get(str(seat)))
                if v["passed"][seat]:
                    panel.lock("You passed. Waiting for the other team…")
                elif any(sh["team"] == seat for sh in v["shouted"]):
                    panel.lock("Shouted! The referee is checking…")
                elif first:
                    plunged = v["plunge"]["teams"] or [False, False]
                    panel.status.textContent = (
                        "GeoPlunging" if plunged[seat] else "Not GeoPlunging"
                    ) + f" · {len(v['hand'])} cards"
            if first:
                self.count_el.textContent = ""
                self.show_banner(ref)
            if self.table.bot_seat is not None:
                held = ref["cards_held"][self.table.bot_seat]
                plunged = ref["plunge"]["teams"] or [False, False]
                extra = " · GeoPlunging" if plunged[self.table.bot_seat] else ""
                if ref["passed"][self.table.bot_seat]:
                    self.opponent_el.textContent = f"The computer passed ({held} cards){extra}"
                else:
                    self.opponent_el.textContent = f"Computer is thinking… {held} cards{extra}"
        self.shown_phase = phase
        self.schedule()

    def show_banner(self, ref: dict[str, Any]) -> None:
        started = ref["timing"]["race_start"] or 0
        if self.now() - started > BANNER_MS:
            return
        self.banner.innerHTML = "<span>Ready,</span> <span>Set,</span> <strong>GeoPlunge!</strong>"
        self.banner.hidden = False
        dom.announce("Ready, Set, GeoPlunge! The cards are dealt.")

        def hide() -> None:
            self.banner_timer = None
            self.banner.hidden = True

        self.banner_timer = set_timeout(hide, BANNER_MS)

    def finish(self) -> None:
        self.stop()
        self.save()
        ResultView(self)

    def stop(self) -> None:
        if self.timer is not None:
            clear_timeout(self.timer)
            self.timer = None
        if self.ticker is not None:
            clear_interval(self.ticker)
            self.ticker = None
        if self.banner_timer is not None:
            clear_timeout(self.banner_timer)
            self.banner_timer = None
        for panel in self.panels.values():
            if panel.board is not None:
                panel.board.destroy()
        self.bindings.clear()


# ====================================================================== the result


class ResultView:
    def __init__(self, game: GameView) -> None:
        self.game = game
        table = game.table
        self.table = table
        self.names = game.names
        self.bindings = game.screen.bindings
        seat = 0 if table.bot_seat is not None else -1
        v = table.view(seat)
        r = v["result"]
        self.result = r
        bot = table.bot_seat is not None
        winner = r["winner"]
        if winner is None:
            headline, tone = "It's a tie", "tie"
        elif bot:
            headline, tone = ("You win!", "win") if winner == 0 else ("The computer wins", "lose")
        else:
            headline, tone = f"Team {winner + 1} wins!", "win"
        could = self.could_html(r)
        parts = [
            f'<div class="bu-result bu-tone-{tone}" data-winner="'
            f'{"tie" if winner is None else winner}">',
            '<div class="bu-result-main">',
            f'<h2 class="bu-result-title" id="bu-result-title" tabindex="-1">{escape(headline)}</h2>',
            f'<p class="bu-result-why" data-reason>{escape(r["summary"])}</p>',
            self.points_html(r),
            self.shouts_html(r),
            could,
            self.late_html(r),
            '<div class="bu-result-actions">'
            '<button type="button" class="bu-btn bu-primary" data-act="again">Play again</button>'
            '<button type="button" class="bu-btn bu-quiet" data-act="setup">Back to setup</button>'
            "</div></div>",
            '<div class="bu-result-side"><div class="bu-mapbox" id="bu-result-map"></div>'
            '<ul class="bu-map-key" aria-label="Map key">'
            '<li><span class="bu-key bu-key-ok"></span>valid group</li>'
            '<li><span class="bu-key bu-key-bad"></span>invalid group</li>',
            (
                '<li><span class="bu-key bu-key-could"></span>groups you could have made</li>'
                if could
                else ""
            ),
            "</ul></div>",
            "</div>",
        ]
        body = game.screen.body
        body.innerHTML = "".join(parts)
        self.map = GameMap(dom.q("#bu-result-map", body), "Map of the groups shown")
        self.show_shouts()
        self.bindings.on(dom.q(".bu-result", body), "click", self.on_click)
        title = dom.q("#bu-result-title", body)
        title.focus(js.Object.fromEntries([["preventScroll", True]]))
        dom.announce(f"{headline}. {r['summary']}")

    # ------------------------------------------------------------ pieces

    def who(self, seat: int) -> str:
        if self.table.bot_seat is None:
            return self.table.team_label(seat)
        return f"{self.table.team_label(seat)} (Team {seat + 1})"

    def points_html(self, r: dict[str, Any]) -> str:
        rows = []
        for seat in (0, 1):
            lines = [ln for ln in r["scoring"] if ln["team"] == seat]
            items = (
                "".join(
                    f"<li><span>{escape(ln['label'])}</span> <strong>+{ln['points']}</strong></li>"
                    for ln in lines
                )
                or "<li><span>No points</span> <strong>0</strong></li>"
            )
            plunged = " (GeoPlunged)" if r["plunged"][seat] else ""
            hints = ""
            if seat != self.table.bot_seat:
                used = self.game.hints.get(seat, 0)
                hints = f'<p class="bu-hints-used" data-hints="{seat}">{hints_used(used)}</p>'
            rows.append(
                f'<div class="bu-points-team" data-team="{seat}">'
                f"<h4>{escape(self.who(seat))}{plunged}</h4><ul>{items}</ul>"
                f'<p class="bu-points-total">Total <strong data-points="{seat}">'
                f"{r['points'][seat]}</strong></p>{hints}</div>"
            )
        return (
            '<section class="bu-points" aria-labelledby="bu-points-h">'
            '<h3 id="bu-points-h">Points</h3>'
            f'<div class="bu-points-grid">{"".join(rows)}</div>'
            '<p class="bu-points-rule">Scoring: win 10 · bonus +10 · GeoPlunging +10 if one '
            "team GeoPlunged, +20 if both (winner only) · tie 5 each.</p></section>"
        )

    def shouts_html(self, r: dict[str, Any]) -> str:
        if not r["shouts"]:
            return ""
        blocks = []
        for k, sh in enumerate(r["shouts"]):
            verdict = "valid" if sh["valid"] else "invalid"
            groups = []
            for i, g in enumerate(sh["groups"], start=1):
                mark = "✓" if g["ok"] else "✗"
                cls = "ok" if g["ok"] else "bad"
                cards = "-".join(g["cards"])
                groups.append(
                    f'<li class="bu-check bu-check-{cls}" data-ok="{str(g["ok"]).lower()}">'
                    f'<span class="bu-check-mark" aria-hidden="true">{mark}</span>'
                    f'<span class="visually-hidden">{"valid" if g["ok"] else "invalid"}: </span>'
                    f'<span class="bu-check-cards">Group {i}: {escape(cards)}</span> '
                    f'<span class="bu-check-why">{escape(g["reason"])}</span></li>'
                )
            problem = (
                f'<p class="bu-check-problem">{escape(sh["problem"])}</p>'
                if sh.get("problem")
                else ""
            )
            secs = sh["after_ms"] / 1000
            blocks.append(
                f'<div class="bu-shout-block" data-shout="{k}" data-team="{sh["team"]}">'
                f"<h4>{escape(self.who(sh['team']))}: {escape(call_name(sh['call']))}! "
                f'<span class="bu-after">after {secs:.1f} s</span> '
                f'<span class="bu-verdict bu-verdict-{verdict}">{verdict}</span></h4>'
                f'{problem}<ul class="bu-checks">{"".join(groups)}</ul>'
                f'<button type="button" class="bu-btn bu-quiet bu-small" data-show="shouts">'
                "Show on the map</button></div>"
            )
        return (
            '<section class="bu-shouts" aria-labelledby="bu-shouts-h">'
            '<h3 id="bu-shouts-h">Groups shown</h3>' + "".join(blocks) + "</section>"
        )

    def could_html(self, r: dict[str, Any]) -> str:
        winner = r["winner"]
        bot = self.table.bot_seat
        seats = [s for s in (0, 1) if s != bot]
        items = []
        for seat in seats:
            sol = r["solutions"][seat]
            best_call = "threeoplunge" if sol["threeoplunge"] else "geoplunge"
            best = sol["threeoplunge"] or sol["geoplunge"]
            shouted = next((s for s in r["shouts"] if s["team"] == seat), None)
            won = winner == seat
            if won and (shouted and shouted["call"] == "threeoplunge" or not sol["threeoplunge"]):
                continue  # nothing better was possible
            who = "You" if bot is not None else f"Team {seat + 1}"
            if best is None:
                items.append(
                    f'<li data-could="{seat}"><p>{escape(who)}: this hand held no GeoPlunge '
                    "at all.</p></li>"
                )
                continue
            if not won:
                lead = "could have made"
            elif shouted is None:
                lead = "also held"  # won on the other team's invalid shout
            else:
                lead = "could also have made"
            groups = " · ".join(
                f'<span class="bu-chip bu-chip-g{i}">{escape("-".join(g))}</span>'
                for i, g in enumerate(best, start=1)
            )
            items.append(
                f'<li data-could="{seat}"><p>{escape(who)} {lead} a '
                f"{escape(call_name(best_call))}: {groups}</p>"
                f'<button type="button" class="bu-btn bu-quiet bu-small" data-show="could" '
                f'data-seat="{seat}">Show on the map</button></li>'
            )
        if not items:
            return ""
        return (
            '<section class="bu-could" aria-labelledby="bu-could-h">'
            '<h3 id="bu-could-h">You could have made…</h3>'
            f'<ul class="bu-could-list">{"".join(items)}</ul></section>'
        )

    def late_html(self, r: dict[str, Any]) -> str:
        if not r["late"]:
            return ""
        items = "".join(f"<li>{escape(x['note'])}</li>" for x in r["late"])
        return f'<ul class="bu-late" aria-label="Late moves">{items}</ul>'

    # ------------------------------------------------------------ map

    def show_shouts(self) -> None:
        groups = []
        for sh in self.result["shouts"]:
            for g in sh["groups"]:
                groups.append((g["cards"], "ok" if g["ok"] else "bad"))
        self.map.show(groups, "Map of the groups shown: " + self._map_words(groups))

    def show_could(self, seat: int) -> None:
        sol = self.result["solutions"][seat]
        best = sol["threeoplunge"] or sol["geoplunge"] or []
        groups = [(list(g), "could") for g in best]
        self.map.show(
            groups, "Map of the groups that could have been made: " + self._map_words(groups)
        )

    def _map_words(self, groups: list[tuple[list[str], str]]) -> str:
        if not groups:
            return "no groups"
        return "; ".join(
            ("valid " if cls == "ok" else "invalid " if cls == "bad" else "")
            + "group "
            + ", ".join(self.names.get(c, c) for c in cards)
            for cards, cls in groups
        )

    def on_click(self, evt: Any) -> None:
        b = evt.target.closest("button")
        if absent(b):
            return
        act = b.getAttribute("data-act")
        show = b.getAttribute("data-show")
        if act == "again":
            self.game.screen.play_again()
        elif act == "setup":
            self.game.screen.to_setup()
        elif show == "shouts":
            self.show_shouts()
        elif show == "could":
            self.show_could(int(b.getAttribute("data-seat")))


# ====================================================================== setup


def setup_html(current: Setup | None) -> str:
    level = current.level if current else 2
    mode = current.mode if current else "bot"
    diff = current.difficulty if current else "medium"

    def radio(name: str, value: str, label: str, note: str, checked: bool) -> str:
        c = " checked" if checked else ""
        return (
            f'<label class="bu-choice"><input type="radio" name="{name}" value="{value}"{c}>'
            f'<span class="bu-choice-body"><span class="bu-choice-label">{label}</span>'
            f'<span class="bu-choice-note">{note}</span></span></label>'
        )

    levels = "".join(
        radio("level", str(n), f"Level {n}", escape(level_rules(n)), n == level) for n in (2, 3, 4)
    )
    modes = radio(
        "mode", "bot", "Against the computer", "Your team races the computer.", mode == "bot"
    ) + radio(
        "mode",
        "local",
        "Two teams on one device",
        "Split screen: each team gets its own half (a tablet lying between them).",
        mode == "local",
    )
    diffs = "".join(
        radio("difficulty", d, d.capitalize(), escape(DIFFICULTY_TEXT[d]), d == diff)
        for d in DIFFICULTIES
    )
    return f"""
<form class="bu-setup" id="bu-setup" novalidate>
  <p class="bu-setup-intro">Race to lay out groups of bordering states from your hand, then shout
  <strong>GeoPlunge!</strong> (two groups) or <strong>ThreeOPlunge!</strong> (three, for the bonus).</p>
  <fieldset class="bu-fieldset"><legend>Level</legend><div class="bu-choices">{levels}</div></fieldset>
  <fieldset class="bu-fieldset"><legend>Players</legend><div class="bu-choices">{modes}</div></fieldset>
  <fieldset class="bu-fieldset" id="bu-difficulty"{" hidden" if mode != "bot" else ""}>
    <legend>Computer</legend><div class="bu-choices">{diffs}</div></fieldset>
  <div class="bu-seed-row">
    <label for="bu-seed">Deal number <span class="bu-optional">(optional: the same number deals the same cards)</span></label>
    <input id="bu-seed" name="seed" type="text" inputmode="numeric" pattern="[0-9]*" maxlength="10"
      autocomplete="off" value="">
  </div>
  <p class="bu-setup-error" id="bu-setup-error" role="alert"></p>
  <button type="submit" class="bu-btn bu-primary bu-start">Start</button>
</form>"""


# ====================================================================== the screen


class BorderUpScreen:
    def __init__(self) -> None:
        self.names = _names()
        self.bindings = dom.Bindings()
        self.game: GameView | None = None
        atlas_screen = dom.q("#screen-atlas")
        section = js.document.createElement("section")
        section.id = "screen-border-up"
        section.className = "screen screen-border-up"
        section.setAttribute("aria-labelledby", "bu-title")
        section.innerHTML = (
            '<div class="screen-head bu-head"><h1 id="bu-title">Border-Up</h1>'
            '<p class="lede bu-sub" id="bu-sub"></p></div>'
            '<div class="bu-body" id="bu-body"></div>'
        )
        main = dom.q("#main")
        main.append(section)
        if present(atlas_screen):
            atlas_screen.hidden = True
        announce = dom.q("#announce")
        if absent(announce):
            announce = js.document.createElement("p")
            announce.id = "announce"
            announce.className = "visually-hidden"
            announce.setAttribute("aria-live", "polite")
        section.append(announce)
        self.section = section
        self.body = dom.q("#bu-body", section)
        self.sub = dom.q("#bu-sub", section)
        js.document.documentElement.setAttribute("data-screen", "game:border-up")

    # ------------------------------------------------------------ screens

    def to_setup(self, current: Setup | None = None) -> None:
        self.end_game()
        dom.replace_params({"level": None, "mode": None, "difficulty": None, "seed": None})
        self.sub.textContent = "Pick a level and who you play against."
        self.body.innerHTML = setup_html(current)
        form = dom.q("#bu-setup", self.body)
        self.bindings.on(form, "submit", self.on_submit)
        self.bindings.on(form, "change", self.on_setup_change)

    def on_setup_change(self, _evt: Any) -> None:
        form = dom.q("#bu-setup", self.body)
        mode = form.querySelector("input[name=mode]:checked")
        dom.q("#bu-difficulty", self.body).hidden = absent(mode) or mode.value != "bot"

    def on_submit(self, evt: Any) -> None:
        evt.preventDefault()
        form = dom.q("#bu-setup", self.body)

        def checked(name: str) -> str:
            el = form.querySelector(f"input[name={name}]:checked")
            return str(el.value) if present(el) else ""

        seed_text = str(dom.q("#bu-seed", form).value).strip()
        params = {
            "level": checked("level"),
            "mode": checked("mode"),
            "difficulty": checked("difficulty"),
            "seed": seed_text,
        }
        setup = parse_setup(params)
        err = dom.q("#bu-setup-error", form)
        if seed_text and (setup is None or setup.seed is None):
            err.textContent = f"The deal number is a whole number from 0 to {MAX_SEED}."
            dom.q("#bu-seed", form).focus()
            return
        if setup is None:
            err.textContent = "Pick a level and who you play against."
            return
        self.start(setup)

    def start(self, setup: Setup) -> None:
        self.end_game()
        if setup.seed is None:
            setup = Setup(setup.level, setup.mode, setup.difficulty, random.randrange(MAX_SEED))
        dom.replace_params(setup.params())
        self.sub.textContent = f"{setup.describe()} · deal {setup.seed}"
        self.game = GameView(self, setup)
        heading = dom.q("#bu-title", self.section)
        heading.setAttribute("tabindex", "-1")

    def play_again(self) -> None:
        if self.game is None:
            return
        old = self.game.setup
        store = _storage()
        if store is not None:
            store.removeItem(old.storage_key())
        seed = random.randrange(MAX_SEED)
        if seed == old.seed:
            seed = (seed + 1) % MAX_SEED
        self.start(Setup(old.level, old.mode, old.difficulty, seed))

    def end_game(self) -> None:
        if self.game is not None:
            self.game.stop()
            self.game = None
        self.bindings.clear()


def mount(params: dict[str, str]) -> BorderUpScreen:
    screen = BorderUpScreen()
    setup = parse_setup(params)
    if setup is None:
        screen.to_setup()
    else:
        screen.start(setup)
    return screen

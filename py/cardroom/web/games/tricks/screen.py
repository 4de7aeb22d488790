"""The trick games on the table kit: Play the Ranks (Level 2, PTR1 and PTR2 at Levels 3 and
4) and Play the Border Zap (Levels 3 and 4).

The kit does the setup, the clock, Pause, saves, history, the hand-over screen and the
result frame; this module draws the table (tricks won, Power and BUR cards, the trick
with its face-down lead card and announcement, the last trick's explanation), the hand of
the team shown and its choices. Every choice is a button (mouse, touch through
:class:`~cardroom.web.kit.ui.ButtonTaps`, keyboard: Tab, Enter, and the arrow keys along the
hand); every move goes through the kit's engine client as JSON. The words come from
:mod:`cardroom.web.games.tricks.logic`.
"""

from __future__ import annotations

import json
from typing import Any

import js  # type: ignore[import-not-found]

from cardroom import atlas
from cardroom.web.games.registry import BORDER_ZAP
from cardroom.web.games.tricks.drawing import TrickDrawing, trick_items_html
from cardroom.web.games.tricks.logic import (
    describe_move,
    engine,
    seat_to_show,
)
from cardroom.web.kit import roving
from cardroom.web.kit.logic import LocalEngine, Route, Setup, WebGame
from cardroom.web.kit.screen import KitScreen, mount_game
from cardroom.web.kit.table import GameUI, Table
from cardroom.web.kit.ui import ButtonTaps, mmss
from cardroom.web.platform import dom


class TricksUI(GameUI):
    """One screen for both trick games (``game``: Play the Ranks or Play the Border Zap)."""

    def __init__(self, game: WebGame) -> None:
        self.game = game
        self.zap = game.slug == BORDER_ZAP
        self.by = atlas.by_code()
        self.shown: int | None = None
        self.hidden = False
        self.draw = TrickDrawing(["Team 1", "Team 2"], self.zap, False)
        self.sel_at: Any = None
        self.drawn: Any = None
        self.done_seen = -1
        self.last_act: tuple[str | None, float] | None = None

    def engine(self, setup: Setup) -> LocalEngine:
        return engine(setup, self.team_names(setup))

    @property
    def local(self) -> bool:
        return self.table.setup.mode == "local"

    @property
    def sel(self) -> dict[str, Any]:
        """The choice in progress (card, category, base, Power card, change)."""
        return self.draw.sel

    @sel.setter
    def sel(self, value: dict[str, Any]) -> None:
        self.draw.sel = value

    # ------------------------------------------------------------ the table

    def build(self, table: Table, area: Any) -> None:
        self.table = table
        self.area = area
        self.shown = None if self.local else table.seat  # two devices: the guest's team
        self.hidden = False
        self.drawn = None
        self.draw = TrickDrawing(table.teams, self.zap, self.local)
        self.done_seen = len(
            [t for t in table.engine.view(-1)["tricks"] if t.get("winner") is not None]
        )
        ButtonTaps(table.bindings, area, self.act)

    def tick(self, table: Table) -> None:
        table.show_clock("Time", mmss(table.now()))

    def update(self, table: Table) -> None:
        ref = table.engine.view(-1)
        table.root.setAttribute("data-phase", ref["phase"])
        self.say_trick(ref)
        if self.local:
            target = seat_to_show(ref["to_move"], self.shown)
            if target != self.shown:
                self.shown, self.hidden, self.drawn = target, True, None
                self.sel = {}
                table.status(f"Pass the device to {table.teams[target]}.")
                table.handover(table.teams[target], self.reveal)
                return
            if self.hidden:
                return
        self.render()

    def reveal(self) -> None:
        self.hidden = False
        self.drawn = None
        self.render(focus=True)

    def say_trick(self, ref: dict[str, Any]) -> None:
        done = [t for t in ref["tricks"] if t.get("winner") is not None]
        if len(done) > self.done_seen:
            self.done_seen = len(done)
            t = done[-1]
            who = self.table.teams[t["winner"]]
            dom.announce(f"{who} won trick {len(done)}. {t['reason']}.")

    # ------------------------------------------------------------ drawing

    def render(self, focus: bool = False) -> None:
        seat = self.shown if self.shown is not None else 0
        v = self.table.engine.view(seat)
        key = (json.dumps(v, sort_keys=True), json.dumps(self.sel, sort_keys=True))
        if key == self.drawn and not focus:
            return
        self.drawn = key
        at = (v["phase"], len(v["tricks"]), len(v.get("hand") or ()), seat)
        if self.sel_at != at:
            self.sel_at, self.sel = at, {}
        active = js.document.activeElement
        present = dom.nullable(active) is not None
        had = dom.attr(active, "data-key") if present else None
        inside = bool(self.area.contains(active)) if present else False
        mine = seat in v["to_move"]
        self.area.innerHTML = self.draw.page_html(v, seat, mine)
        self.table.status(self.draw.status_text(v, seat, mine))
        target = dom.q(f'[data-key="{js.CSS.escape(had)}"]', self.area) if had else None
        if target is None or target.disabled:
            first = "[data-autofocus]:not(:disabled), button.tr-card:not(:disabled)"
            target = dom.q(first, self.area) if (inside or focus) else None
        if target is not None and (inside or focus or had):
            target.focus()
        roving.sync(dom.q(".tr-hand", self.area))  # one Tab stop for the hand

    def act(self, b: Any) -> None:
        act = dom.attr(b, "data-act")
        key, t = dom.attr(b, "data-key"), float(js.performance.now())
        if self.last_act is not None and self.last_act[0] == key and t - self.last_act[1] < 600:
            return  # the click that follows a finger's tap on a button drawn anew
        self.last_act = (key, t)
        if act == "card":
            code = dom.attr(b, "data-card")
            self.sel["card"] = None if self.sel.get("card") == code else code
            dom.announce(f"{self.by[code].name} picked." if self.sel["card"] else "No card picked.")
            self.render()
        elif act == "sel":
            name, value = dom.attr(b, "data-name") or "", dom.attr(b, "data-value") or ""
            val: Any = int(value) if name == "base" else value
            self.sel[name] = None if self.sel.get(name) == val else val
            self.render()
        elif act == "move":
            seat = self.shown if self.shown is not None else 0
            data = json.loads(dom.attr(b, "data-json") or "null")
            kind = dom.attr(b, "data-kind") or ""
            if self.table.submit(seat, kind, data):
                self.sel = {}

    def describe(self, table: Table, move: dict[str, Any]) -> str | None:
        moves = table.engine.moves
        i = next((k for k in range(len(moves) - 1, -1, -1) if moves[k] is move), len(moves) - 1)
        return describe_move(moves, i, table.engine.view(-1), table.teams)

    # ------------------------------------------------------------ the result

    def result_side_html(self, table: Table, result: dict[str, Any]) -> str:
        """The tricks, beside the headline, actions and points (under them on a phone):
        the result's second column is never left empty."""
        items = trick_items_html(table.engine.view(-1)["tricks"], table.teams, self.zap)
        return (
            '<section class="tr-log tr-result-log" aria-labelledby="tr-rlog-h">'
            f'<h3 id="tr-rlog-h">The tricks</h3><ol class="tr-log-list">{items}</ol></section>'
        )


def mount(route: Route) -> KitScreen:
    return mount_game(TricksUI, route)

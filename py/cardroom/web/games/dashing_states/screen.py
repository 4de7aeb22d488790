"""Dashing States on the table kit: each team's 7 Map cards and the row it sorts 6 of them
into, the shout, the answers typed from memory, and each race's result.

The kit (``cardroom.web.kit.ui``) does the setup, the clock, Pause, saves, history and the
result frame; this module adds only what is Dashing States' own. Every move goes through
the kit's engine client as JSON (``table.submit``); everything shown comes from the
engine's views. Map card faces are drawn from the page's own map geometry (R-135).
"""

from __future__ import annotations

from html import escape
from typing import Any

import js  # type: ignore[import-not-found]

from cardroom.geoplunge.dashing import RaceResult, summary
from cardroom.web.games.dashing_states.logic import (
    bar_status,
    describe_move,
    engine,
    gave_up_line,
    learn_facts,
    race_html,
    race_verdict,
    waits_to_answer,
)
from cardroom.web.games.dashing_states.panel import MapFaces, TeamPanel, card_zoom
from cardroom.web.kit.logic import LocalEngine, Route, Setup, WebGame
from cardroom.web.kit.screen import KitScreen, mount_game
from cardroom.web.kit.table import GameUI, Table
from cardroom.web.kit.ui import ButtonTaps, count_seconds, mmss, show_plunge, wall
from cardroom.web.kit.zoom import CardZoom
from cardroom.web.platform import dom

TITLE = "Dashing States"


# ====================================================================== the game


class DashingUI(GameUI):
    def __init__(self, game: WebGame) -> None:
        self.game = game
        self.panels: dict[int, TeamPanel] = {}
        self.shown_phase: str | None = None
        self.acked = 0
        self.holding = False
        self.zoom: CardZoom | None = None

    def engine(self, setup: Setup) -> LocalEngine:
        return engine(setup)

    @property
    def local(self) -> bool:
        return self.table.setup.mode == "local"

    # ------------------------------------------------------------ the table

    def build(self, table: Table, area: Any) -> None:
        self.table = table
        self.faces = MapFaces()
        if self.zoom is not None:
            self.zoom.remove()
        zoom = self.zoom = card_zoom(self.faces, table.bindings)
        self.panels = {}
        self.shown_phase = None
        saved = table.restored.extra if table.restored is not None else {}
        self.saved_seats = dict(saved.get("seats") or {})
        self.acked = int(saved.get("acked") or 0)
        self.fed = int(saved.get("fed", len(table.engine.view(-1)["races"])) or 0)
        mine = table.seat  # this device's team (two devices: the guest's is Team 2)
        own = {mine: f"Your team (Team {mine + 1})"}
        seats = {1: "Team 2", 0: "Team 1"} if self.local else own
        table.layout(area, "ds", seats)
        self.root = dom.q(".ds-game", area)
        for seat, title in seats.items():
            self.panels[seat] = TeamPanel(
                table, self.faces, seat, dom.q(f"#ds-half-{seat}", area), title, zoom
            )
        self.between = js.document.createElement("section")
        self.between.className = "ds-between"
        self.between.setAttribute("aria-labelledby", "ds-between-h")
        self.between.hidden = True
        area.append(self.between)
        ButtonTaps(table.bindings, self.between, self.on_between)

    def extra(self) -> dict[str, Any]:
        seats = {}
        for seat, panel in self.panels.items():
            if panel.board is not None:
                seats[str(seat)] = {"race": panel.race, "layout": panel.board.arr.to_json()}
        return {"seats": seats, "acked": self.acked, "fed": self.fed}

    def tick(self, table: Table) -> None:
        t = table.now()
        view = table.engine.view(-1)
        if view["phase"] == "plunge":
            n = count_seconds(view["deadline"][1] - t)
            table.show_count(n)
            table.show_clock("Cards dealt in", "")
            for seat, panel in self.panels.items():
                mine = table.engine.view(seat)["plunge"]["mine"]
                panel.status.textContent = f"Decide within {n} s" if mine is None else "Decided"
        elif view["phase"] in ("race", "answer") and not self.holding:
            start = view["race_start"] or 0
            table.show_clock(f"Race {view['race']}", f"{mmss(t - start)} / 3:00")

    # ------------------------------------------------------------ between races

    def hold(self) -> None:
        """Stop the table clock while a race's result shows."""
        t = self.table
        self.holding = True
        t.pause_btn.hidden = True
        if not t.paused:
            t.clock = t.clock.pause(wall())
            t.schedule()
            t.save()

    def on_between(self, b: Any) -> None:
        if dom.attr(b, "data-act") != "next":
            return
        t = self.table
        self.acked = len(t.engine.view(-1)["races"])
        self.holding = False
        self.between.hidden = True
        self.between.replaceChildren()
        t.pause_btn.hidden = False
        dom.q(".ds-game", t.area).hidden = False
        t.clock = t.clock.resume(wall())
        t.save()
        t.update()  # shows the cards, with "Ready, Set, GeoPlunge!"

    def show_between(self, view: dict[str, Any]) -> None:
        record = view["races"][-1]
        n = len(view["races"])
        self.root.hidden = True
        for panel in self.panels.values():
            panel.drop_board()
        if not self.between.hidden:
            return
        wins = view["wins"]
        score = " · ".join(f"{self.table.teams[t]} {wins[t]}" for t in (0, 1))
        self.between.innerHTML = (
            f'<h2 id="ds-between-h" tabindex="-1">{escape(race_verdict(record, self.table.teams))}'
            f'</h2><p class="ds-wins">Races won: {escape(score)}</p>'
            f"{self.race_html(record, 'h3')}"
            f'<button type="button" class="bu-btn bu-primary ds-next" data-act="next">'
            f"Deal race {n + 1}</button>"
        )
        self.between.hidden = False
        dom.q("#ds-between-h", self.between).focus()
        dom.announce(race_verdict(record, self.table.teams))

    def race_html(self, record: dict[str, Any], h: str = "h4") -> str:
        return race_html(record, self.table.teams, self.faces.svg, h)

    # ------------------------------------------------------------ updates

    def feed_learn(self, races: list[dict[str, Any]]) -> None:
        """Every card a person's team named counts in Learn's statistics, once."""
        people = [t for t in (0, 1) if t not in self.table.engine.bots]
        facts = [f for r in races[self.fed :] for f in learn_facts(r, people)]
        self.fed = len(races)
        if facts:
            try:
                from cardroom.web.learn.store import feed  # noqa: PLC0415

                for fact, ok in facts:
                    feed(fact, ok)
            except Exception as exc:  # the game goes on whatever the device's storage does
                js.console.warn(f"Learn statistics not kept: {exc}")
            self.table.save()

    def update(self, table: Table) -> None:
        ref = table.engine.view(-1)
        phase = ref["phase"]
        if len(ref["races"]) > self.fed:
            self.feed_learn(ref["races"])
        self.root.setAttribute("data-phase", phase)
        table.root.setAttribute("data-phase", phase)
        bot = table.engine.bots.get(1) is not None
        if len(ref["races"]) > self.acked and phase != "over":
            self.hold()
            self.show_between(ref)
            table.status(bar_status(ref, bot=bot, between=True))
            self.shown_phase = "between"
            return
        if phase == "plunge":
            for seat, panel in self.panels.items():
                panel.show("plunge")
                show_plunge(panel.plunge_box, table.engine.view(seat)["plunge"]["mine"])
            planned = table.engine.planned.get(1)
            waiting = planned is not None and planned.get("kind") == "plunge"
            table.status(bar_status(ref, bot=bot, between=False, deciding=waiting))
        else:
            first = self.shown_phase not in ("race", "answer")
            for seat, panel in self.panels.items():
                self.update_panel(table, seat, panel, first)
            if first:
                table.show_count(None)
                table.banner(
                    "<span>Ready,</span> <span>Set,</span> <strong>GeoPlunge!</strong>",
                    f"Race {ref['race']}: the cards are dealt.",
                    ref["race_start"] or 0,
                )
                self.focus_cards()
            table.status(bar_status(ref, bot=bot, between=False))
        self.shown_phase = phase

    def update_panel(self, table: Table, seat: int, panel: TeamPanel, first: bool) -> None:
        v = table.engine.view(seat)
        other = table.teams[1 - seat]
        if v["phase"] == "answer":
            if waits_to_answer(self.local, v["shouted"], v["answered"], seat):
                panel.wait(f"Both teams shouted! {other} names its cards first, then you.")
            elif v["next_player"] is not None:
                panel.answer(v)
                panel.status.textContent = "Shouted! Name your cards."
            elif seat in v["shouted"]:
                panel.wait("Your answers are in. Waiting for the other team's answers…")
            else:
                who = "The computer" if self.table.setup.mode == "bot" else other
                panel.wait(f"{who} shouted! Its players are naming their cards…")
                panel.status.textContent = ""
            return
        panel.deal(v, self.saved_seats.get(str(seat)) or {})
        if v["passed"][seat]:
            panel.lock(gave_up_line(table.teams, seat))
        elif seat in v["shouted"]:
            panel.lock("Shouted! The seventh card is face down.")
        else:
            plunged = v["plunge"]["teams"] or [False, False]
            panel.status.textContent = "GeoPlunging" if plunged[seat] else "Not GeoPlunging"

    def focus_cards(self) -> None:
        """Against the computer, a new race puts the keyboard on the first card (the
        button that dealt it, or the GeoPlunging answer, is gone)."""
        if self.local:
            return
        active = dom.nullable(js.document.activeElement)
        if (
            active is not None
            and active != js.document.body
            and active.isConnected
            and active.checkVisibility()
        ):
            return
        first = dom.q("#ds-half-0 [data-card]", self.table.area)
        if first is not None:
            first.focus(js.Object.fromEntries([["preventScroll", True]]))

    def describe(self, table: Table, move: dict[str, Any]) -> str | None:
        return describe_move(move, table.teams, table.engine.view(-1)["phase"])

    def stop(self) -> None:
        for panel in self.panels.values():
            panel.drop_board()
        self.panels = {}
        if self.zoom is not None:
            self.zoom.remove()
            self.zoom = None

    # ------------------------------------------------------------ the result

    def team_note(self, table: Table, team: int) -> str:
        plunged = self.result.get("plunged", [False, False])[team]
        wins = self.result.get("races", [])
        n = sum(1 for w in wins if w == team)
        note = f'<p class="ds-races-won">{n} race{"s" * (n != 1)} won</p>'
        return note + ('<p class="kit-plunged">GeoPlunged</p>' if plunged else "")

    def headline(self, table: Table, result: dict[str, Any]) -> tuple[str, str]:
        self.result = result
        races = table.engine.view(-1)["races"]
        if len(races) > self.fed:  # the last race ends the game: no update follows it
            self.feed_learn(races)
        # the summary with the table's names ("You", "The computer")
        result["summary"] = summary(
            [RaceResult(r["race"], r["key"], r["winner"], r["ending"]) for r in races],
            table.teams,
        )
        return super().headline(table, result)

    def result_html(self, table: Table, result: dict[str, Any]) -> str:
        races = table.engine.view(-1)["races"]
        parts = [
            f'<section class="ds-result-race" aria-labelledby="ds-rr-{r["race"]}">'
            f'<h3 id="ds-rr-{r["race"]}">{escape(race_verdict(r, table.teams))}</h3>'
            f"{self.race_html(r)}</section>"
            for r in races
        ]
        return f'<div class="ds-results">{"".join(parts)}</div>'


def mount(route: Route) -> KitScreen:
    return mount_game(DashingUI, route)

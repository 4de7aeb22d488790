"""What a match's games are played on (Pyodide only): each game on that game's own screen
(its ``GameUI``, made by :func:`game_ui`), the afternoon pick and Combo 4's Call picks on
a kit table of their own (:class:`PickUI`, R-161, R-172), and :class:`Host`, what each
of those tables needs of the match screen (:mod:`cardroom.web.match.screen`)."""

from __future__ import annotations

from typing import Any, Protocol

from cardroom.core import REFEREE
from cardroom.match import Match
from cardroom.web.kit.logic import WEB_GAMES, Setup
from cardroom.web.kit.table import GameUI, Table
from cardroom.web.match import html as mh
from cardroom.web.match import logic as ml
from cardroom.web.platform import dom

__all__ = ["Host", "MatchHost", "PickUI", "game_ui", "up_number"]


def game_ui(slug: str, mode: str) -> GameUI:
    """The screen of the match's game ``slug``: its registry entry's ``GameUI``."""
    ui: GameUI = WEB_GAMES[slug].make_ui()
    if mode == "watch":  # both teams are the computer: Team 1 and Team 2, not "You"
        ui.team_names = lambda _setup: ["Team 1", "Team 2"]  # type: ignore[method-assign]
    return ui


def up_number(m: Match) -> int:
    return 0 if m.over else m.up().number


class MatchHost(Protocol):
    """What a game of the match needs of the match's screen
    (:class:`cardroom.web.match.screen.MatchScreen`): leaving the match, and the round
    clock to redraw when the game's clock stops or runs again."""

    def leave(self) -> None: ...

    def tick(self) -> None: ...


class Host:
    """What a kit table needs of its screen (:class:`~cardroom.web.kit.table.TableScreen`),
    for one game (or pick) of the match."""

    def __init__(self, screen: MatchHost, ui: GameUI, body: Any) -> None:
        self.screen = screen
        self.ui = ui
        self.body = body

    def leave(self) -> None:
        self.screen.leave()

    def start(self, *_args: Any, **_kw: Any) -> None:  # a match's game has no Play again
        return None

    def on_clock(self) -> None:
        """The game's clock stopped or runs again: so does the round clock (R-171)."""
        self.screen.tick()


# ---------------------------------------------------------------------- the picks


class PickUI(GameUI):
    """The afternoon pick and Combo 4's Call picks, on a kit table (R-161, R-172)."""

    points_rule = ""

    def __init__(self, match: Match, mode: str) -> None:
        self.match = match
        self.mode = mode
        self.shown: int | None = None  # the team whose secret call form is in the page
        self.drawn = ""

    def team_names(self, setup: Setup) -> list[str]:
        return ml.team_names(self.mode)

    def build(self, table: Table, area: Any) -> None:
        self.table = table
        self.area = area
        table.bindings.on(area, "click", self.on_click)

    def tick(self, table: Table) -> None:
        table.show_clock("Picks", "")

    def update(self, table: Table) -> None:
        view = table.engine.view(REFEREE)
        kind = view["kind"]
        teams = table.teams
        mine = self.mine(table)
        if kind == "afternoon":
            people = mine
            self.draw(mh.afternoon_html(self.match, teams, view, people), "afternoon")
            return
        waiting = [t for t in view["to_move"] if t in mine]
        if not waiting:
            who = "The other team is" if self.mode == "devices" else "The computer is"
            self.draw(f'<p class="mt-pick-wait">{who} calling its games…</p>', "wait")
            return
        team = waiting[0]
        if self.mode == "local" and self.shown != team:
            self.shown = None
            self.drawn = ""
            table.status(f"{teams[team]} calls two games in secret.")

            def reveal(team: int = team) -> None:
                self.shown = team
                self.update(table)

            table.handover(
                teams[team],
                reveal,
                title=f"Pass the device to {teams[team]}",
                button="Show our call",
            )
            return
        self.shown = team
        self.draw(mh.call_html(self.match, teams[team], team), f"call{team}")

    def mine(self, table: Table) -> list[int]:
        """The teams that pick on this device: on two devices its own team only (R-195),
        else every team the computer does not play."""
        if self.mode == "devices":
            return [table.seat]
        return [t for t in (0, 1) if t not in table.engine.bots]

    def draw(self, html: str, key: str) -> None:
        if key == self.drawn and key != "afternoon":
            return
        self.drawn = key
        self.area.innerHTML = (
            f'<section class="mt-pick" aria-labelledby="mt-pick-h">{html}</section>'
        )
        head = dom.q("#mt-pick-h", self.area)
        if head is not None and key != "afternoon":
            head.focus()

    def on_click(self, evt: Any) -> None:
        b = dom.closest(evt.target, "button")
        if b is None or b.disabled:
            return
        if dom.attr(b, "data-choose") is not None:
            self.table.submit(
                int(dom.attr(b, "data-team") or 0), "choose", int(dom.attr(b, "data-choose") or 0)
            )
        elif dom.attr(b, "data-call") is not None:
            team = int(dom.attr(b, "data-call") or 0)
            picked = [int(x.value) for x in dom.qa("input[name=call]:checked", self.area)]
            if len(picked) != 2:
                dom.q("#mt-call-error", self.area).textContent = "Call exactly two games."
                return
            self.shown = None
            self.drawn = ""
            self.table.submit(team, "call", sorted(picked))

"""Border-Up on the table kit: each team's hand, group slots, shout buttons, hints and map.

The kit (``cardroom.web.kit.ui``) does the setup, the clock, Pause, saves, history and the
result frame; this module adds only what is Border-Up's own. Every move goes through the
kit's engine client as JSON (``table.submit``) and everything shown comes from the
engine's views.
"""

from __future__ import annotations

from html import escape
from typing import Any

from cardroom import atlas
from cardroom.geoplunge.groups import call_name, check_group
from cardroom.web.games.border_up.logic import (
    Hint,
    choose_hint,
    could_html,
    engine,
    key_state,
    ready_calls,
    shout_groups,
    shouts_html,
    slot_zones,
    zoom_card,
)
from cardroom.web.kit.cards import HAND_CARD_KEY, hand_card_html
from cardroom.web.kit.groupmap import GameMap, describe_groups, describe_marked
from cardroom.web.kit.hand import HandBoard
from cardroom.web.kit.hand_model import Arrangement, help_html
from cardroom.web.kit.logic import LocalEngine, Route, Setup, WebGame
from cardroom.web.kit.screen import KitScreen, mount_game
from cardroom.web.kit.table import GameUI, Table
from cardroom.web.kit.ui import ButtonTaps, count_seconds, mmss, plunge_prompt_html, show_plunge
from cardroom.web.kit.zoom import CardZoom, HoldZoom
from cardroom.web.platform import dom

TITLE = "Border-Up"

# ====================================================================== one team


class TeamPanel:
    """One team's half: the GeoPlunging question, then its hand, slots, buttons and map."""

    def __init__(self, ui: BorderUpUI, seat: int, host: Any, title: str) -> None:
        self.ui = ui
        self.table = ui.table
        self.seat = seat
        self.host = host
        self.board: HandBoard | None = None
        self.map: GameMap | None = None
        self.hint: Hint | None = None
        self.step = 0
        p = self.p = f"bu{seat}"
        host.innerHTML = f"""
<header class="bu-team-head">
  <h2 class="bu-team-name" id="{p}-title">{escape(title)}</h2>
  <p class="bu-team-status" id="{p}-status"></p>
  {HAND_CARD_KEY}
</header>
{plunge_prompt_html(p, title, ui.game)}
<div class="bu-play" id="{p}-play" hidden>
  <div class="bu-dock">
  <div class="bu-slots" id="{p}-slots"></div>
  <div class="bu-actions" role="group" aria-label="{escape(title)}: shout">
    <button type="button" class="bu-btn bu-shout" data-call="geoplunge" disabled>GeoPlunge!</button>
    <button type="button" class="bu-btn bu-shout bu-shout3" data-call="threeoplunge"
      disabled>ThreeO<wbr>Plunge!</button>
    <button type="button" class="bu-btn bu-quiet bu-hint-btn" data-act="hint"
      aria-keyshortcuts="H" aria-describedby="{p}-hint">Hint</button>
    <button type="button" class="bu-btn bu-quiet" data-act="clear">Clear groups</button>
    <button type="button" class="bu-btn bu-quiet" data-act="pass">We pass</button>
    <button type="button" class="bu-btn bu-quiet bu-map-btn" data-act="map"
      aria-expanded="false" aria-controls="{p}-mapbox">Map</button>
  </div>
  </div>
  <p class="bu-hint-text" id="{p}-hint" hidden></p>
  <div class="bu-hand" id="{p}-hand"></div>
  {help_html(f"{p}-help", "<kbd>H</kbd> shows a hint, <kbd>Z</kbd> shows the card large", zoom=True)}
</div>
<div class="bu-mapbox" id="{p}-mapbox"></div>"""
        self.status = dom.q(f"#{p}-status", host)
        self.plunge_box = dom.q(f"#{p}-plunge", host)
        self.play_box = dom.q(f"#{p}-play", host)
        self.shouts = {b.getAttribute("data-call"): b for b in dom.qa("[data-call]", host)}
        self.hint_text = dom.q(f"#{p}-hint", host)
        self.map_btn = dom.q("[data-act=map]", host)
        ButtonTaps(self.table.bindings, host, self.act)
        self.table.bindings.on(host, "keydown", self.on_key)
        # a press held on a card, or Z: the card shown large (its whole border list)
        HoldZoom(self.table.bindings, host, ui.zoom, self.play_box.contains)

    # ------------------------------------------------------------ phases

    def show_plunge(self, view: dict[str, Any]) -> None:
        self.plunge_box.hidden, self.play_box.hidden = False, True
        show_plunge(self.plunge_box, view["plunge"]["mine"])

    def deal(self, view: dict[str, Any], saved: dict[str, Any]) -> None:
        """Show the dealt hand (once), where a save had put its cards and hint."""
        self.plunge_box.hidden = True
        self.play_box.hidden = False
        if self.board is not None:
            return
        arr = Arrangement(view["hand"], slot_zones(view["level"]))
        if saved.get("layout"):
            arr.restore(saved["layout"])
        help_id = f"{self.p}-help"
        self.board = HandBoard(
            arr,
            dom.q(f"#{self.p}-slots", self.host),
            dom.q(f"#{self.p}-hand", self.host),
            card_html=lambda code: hand_card_html(code, help_id, keys="Z"),
            names=self.ui.names,
            on_change=self.changed,
            hand_label=f"{self.table.teams[self.seat]}: hand" if self.ui.local else "Your hand",
            id_prefix=self.p,
            owner_id=f"{self.p}-title" if self.ui.local else None,
        )
        self.map = GameMap(dom.q(f"#{self.p}-mapbox", self.host), "Map of your groups")
        if saved.get("hint"):
            self.put_hint(Hint.from_json(saved["hint"]), int(saved.get("step") or 1))
        self.refresh_groups()

    def changed(self) -> None:
        self.settle_hint()
        self.refresh_groups()
        self.table.save()

    # ------------------------------------------------------------ hints

    def press_hint(self) -> None:
        """First press: a new hint, counted, naming one key state; pressing again while
        it shows: the whole group, not counted again."""
        if self.board is None or self.board.locked:
            return
        if self.hint is not None:
            self.put_hint(self.hint, 2)
            return
        arr = self.board.arr
        hint = choose_hint(arr.cards, arr.groups(), self.table.setup.level)
        self.put_hint(hint, 1)
        self.table.count_hint(self.seat)

    def put_hint(self, hint: Hint, step: int) -> None:
        self.hint, self.step = hint, step
        stepwise = hint.kind == "group" and step == 1
        message = hint.first_step() if stepwise else hint.message
        assert self.board is not None
        self.board.set_hint(self._shown_cards())
        for call, b in self.shouts.items():
            b.classList.toggle("is-hinted", hint.kind == "ready" and hint.call == call)
        self.hint_text.textContent = message
        self.hint_text.hidden = False
        self.refresh_groups()
        dom.announce(message)

    def _shown_cards(self) -> tuple[str, ...]:
        h = self.hint
        assert h is not None
        if h.kind == "group" and self.step == 1 and h.cards:
            return (key_state(h.cards),)
        return h.cards

    def clear_hint(self) -> None:
        self.hint, self.step = None, 0
        if self.board is not None:
            self.board.set_hint(())
        for b in self.shouts.values():
            b.classList.remove("is-hinted")
        self.hint_text.textContent = ""
        self.hint_text.hidden = True

    def settle_hint(self) -> None:
        """A hint goes away once done: its group laid out in one slot as shown, or the
        cards of a ready shout moved."""
        h = self.hint
        if h is None or self.board is None:
            return
        level = self.table.setup.level
        done = any(
            set(g) == set(h.cards) and check_group(g, level).ok for g in self.board.arr.groups()
        )
        if (h.kind == "group" and done) or h.kind in ("ready", "move"):
            self.clear_hint()

    def refresh_groups(self) -> None:
        if self.board is None:
            return
        arr = self.board.arr
        ok = ready_calls(self.table.setup.level, arr.sizes())
        for call, b in self.shouts.items():
            b.disabled = not (ok[call] and not self.board.locked)
        groups = arr.groups()
        if self.map is not None:
            shown = [(g, f"g{i}") for i, g in enumerate(groups, start=1) if g]
            label = "Map of your groups: " + describe_groups(groups, self.ui.names)
            if self.hint is not None and self.hint.kind == "group" and self.step == 2:
                shown.append((list(self.hint.cards), "hint"))
                label += "; hint: " + ", ".join(self.ui.names[c] for c in self.hint.cards)
            self.map.show(shown, label)

    def lock(self, why: str) -> None:
        if self.hint is not None:
            self.clear_hint()
            self.refresh_groups()
        if self.board is not None:
            self.board.set_locked(True)
        for b in dom.qa("button[data-call], button[data-act]:not([data-act=map])", self.host):
            b.disabled = True
        self.status.textContent = why

    # ------------------------------------------------------------ input

    def toggle_map(self, show: bool | None = None) -> None:
        """The map on demand (two teams on one tablet: the cards take the room; the Map
        button shows it over the hand and hides it again, as Escape does)."""
        show = not self.host.classList.contains("is-map-open") if show is None else show
        self.host.classList.toggle("is-map-open", show)
        self.map_btn.setAttribute("aria-expanded", "true" if show else "false")

    def on_key(self, evt: Any) -> None:
        if evt.key == "Escape" and self.host.classList.contains("is-map-open"):
            self.toggle_map(False)
            return
        if evt.key not in ("h", "H") or evt.ctrlKey or evt.metaKey or evt.altKey:
            return
        if dom.typing_in(evt.target):
            return
        if self.board is not None and not self.board.locked and not self.play_box.hidden:
            evt.preventDefault()
            self.press_hint()

    def act(self, b: Any) -> None:
        act = dom.attr(b, "data-act")
        if b.hasAttribute("data-plunge"):
            self.table.plunge(self.seat, b.getAttribute("data-plunge") == "yes")
        elif b.hasAttribute("data-call"):
            self.shout(b.getAttribute("data-call"))
        elif act == "hint":
            self.press_hint()
        elif act == "map":
            self.toggle_map()
        elif act == "clear" and self.board is not None:
            self.board.arr.clear()
            self.board.selected = None
            self.board.render()
            dom.announce("Every card is back in the hand.")
            self.changed()
        elif act == "pass" and self.table.submit(self.seat, "pass") and not self.over():
            self.lock("You passed. Waiting for the other team…")

    def over(self) -> bool:
        return self.table.engine.over

    def shout(self, call: str) -> None:
        if self.board is None or self.board.locked:
            return
        groups = shout_groups(call, self.board.arr.groups())
        if self.table.submit(self.seat, "shout", [call, groups]):
            if not self.table.engine.over:
                self.lock(f"{call_name(call)}! shouted. The referee is checking…")
            dom.announce(f"{self.table.teams[self.seat]} shouted {call_name(call)}!")


# ====================================================================== the game


class BorderUpUI(GameUI):
    hints = True

    def __init__(self, game: WebGame) -> None:
        self.game = game
        self.names = {s.code: s.name for s in atlas.states()}
        self.panels: dict[int, TeamPanel] = {}
        self.shown_phase: str | None = None
        self.result: dict[str, Any] = {}
        self.result_map: GameMap | None = None
        self.zoom: CardZoom | None = None

    def engine(self, setup: Setup) -> LocalEngine:
        return engine(setup)

    @property
    def local(self) -> bool:
        return self.table.setup.mode == "local"

    # ------------------------------------------------------------ the table

    def build(self, table: Table, area: Any) -> None:
        self.table = table
        self.panels = {}
        self.shown_phase = None
        saved = table.restored.extra if table.restored is not None else {}
        self.saved_seats = dict(saved.get("seats") or {})
        mine = table.seat  # this device's team (two devices: the guest's is Team 2)
        own = {mine: f"Your team (Team {mine + 1})"}
        seats = {1: "Team 2", 0: "Team 1"} if self.local else own
        table.layout(area, "bu", seats)
        self.root = dom.q(".bu-game", area)
        if self.zoom is not None:
            self.zoom.remove()
        self.zoom = CardZoom(table.bindings, "bu", zoom_card)
        for seat, title in seats.items():
            self.panels[seat] = TeamPanel(self, seat, dom.q(f"#bu-half-{seat}", area), title)

    def extra(self) -> dict[str, Any]:
        seats = {}
        for seat, panel in self.panels.items():
            entry: dict[str, Any] = {}
            if panel.board is not None:
                entry["layout"] = panel.board.arr.to_json()
            if panel.hint is not None:
                entry["hint"] = panel.hint.to_json()
                entry["step"] = panel.step
            seats[str(seat)] = entry
        return {"seats": seats}

    def tick(self, table: Table) -> None:
        t = table.now()
        view = table.engine.view(-1)
        timing = view["timing"]
        if view["phase"] == "plunge":
            n = count_seconds(timing["count_ms"] - t)
            table.show_count(n)
            table.show_clock("Cards dealt in", "")
            for seat, panel in self.panels.items():
                mine = table.engine.view(seat)["plunge"]["mine"]
                panel.status.textContent = f"Decide within {n} s" if mine is None else "Decided"
        elif view["phase"] == "race":
            start = timing["race_start"] or 0
            table.show_clock("Time", f"{mmss(t - start)} / {mmss(timing['time_limit_ms'])}")

    def update(self, table: Table) -> None:
        ref = table.engine.view(-1)
        phase = ref["phase"]
        self.root.setAttribute("data-phase", phase)
        table.root.setAttribute("data-phase", phase)
        bot = table.engine.bots.get(1) is not None
        if phase == "plunge":
            for seat, panel in self.panels.items():
                panel.show_plunge(table.engine.view(seat))
            if bot:
                planned = table.engine.planned.get(1)
                waiting = planned is not None and planned.get("kind") == "plunge"
                table.status(
                    "The computer is deciding…" if waiting else "The computer has decided."
                )
        elif phase == "race":
            first = self.shown_phase != "race"
            for seat, panel in self.panels.items():
                v = table.engine.view(seat)
                panel.deal(v, self.saved_seats.get(str(seat)) or {})
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
                table.show_count(None)
                table.banner(
                    "<span>Ready,</span> <span>Set,</span> <strong>GeoPlunge!</strong>",
                    "Ready, Set, GeoPlunge! The cards are dealt.",
                    ref["timing"]["race_start"] or 0,
                )
            if bot:
                held = ref["cards_held"][1]
                extra = " · GeoPlunging" if (ref["plunge"]["teams"] or [0, 0])[1] else ""
                doing = "passed" if ref["passed"][1] else "is thinking…"
                table.status(f"The computer {doing} · {held} cards{extra}")
        self.shown_phase = phase

    def describe(self, table: Table, move: dict[str, Any]) -> str | None:
        seat, kind, data = move["seat"], move["kind"], move.get("data")
        if seat < 0:
            return {"count": "Cards dealt.", "time": "Time is up."}.get(kind)
        who = table.teams[seat]
        if kind == "plunge":
            return f"{who} decided." if table.engine.view(-1)["phase"] == "plunge" else None
        if kind == "pass":
            return f"{who} passed."
        if kind == "shout":
            return f"{who} shouted {call_name(data[0])}!"
        return None

    def stop(self) -> None:
        for panel in self.panels.values():
            if panel.board is not None:
                panel.board.destroy()
        self.panels = {}
        if self.zoom is not None:
            self.zoom.remove()
            self.zoom = None

    # ------------------------------------------------------------ the result

    def team_note(self, table: Table, team: int) -> str:
        plunged = self.result.get("plunged", [False, False])[team]
        return '<p class="bu-plunged">GeoPlunged</p>' if plunged else ""

    def headline(self, table: Table, result: dict[str, Any]) -> tuple[str, str]:
        self.result = result
        return super().headline(table, result)

    def result_html(self, table: Table, result: dict[str, Any]) -> str:
        could = could_html(table.setup.mode == "bot", result)
        late = "".join(f"<li>{escape(x['note'])}</li>" for x in result["late"])
        self.could = bool(could)
        return f"{shouts_html(table.teams, result)}{could}" + (
            f'<ul class="bu-late" aria-label="Late moves">{late}</ul>' if late else ""
        )

    def result_side_html(self, table: Table, result: dict[str, Any]) -> str:
        return (
            '<div class="bu-result-side"><div class="bu-mapbox" id="bu-result-map"></div>'
            '<ul class="bu-map-key" aria-label="Map key">'
            '<li><span class="bu-key bu-key-ok"></span>valid group</li>'
            '<li><span class="bu-key bu-key-bad"></span>invalid group</li>'
            + (
                '<li><span class="bu-key bu-key-could"></span>groups you could have made</li>'
                if self.could
                else ""
            )
            + "</ul></div>"
        )

    def result_mounted(self, table: Table, host: Any) -> None:
        self.result_map = GameMap(dom.q("#bu-result-map", host), "Map of the groups shown")
        self.show_shouts()

    def show_shouts(self) -> None:
        groups = [
            (g["cards"], "ok" if g["ok"] else "bad")
            for sh in self.result["shouts"]
            for g in sh["groups"]
        ]
        self.show_map(groups, "Map of the groups shown: ")

    def show_map(self, groups: list[tuple[list[str], str]], lead: str) -> None:
        assert self.result_map is not None
        self.result_map.show(groups, lead + describe_marked(groups, self.names))

    def on_result_click(self, table: Table, button: Any) -> None:
        show = dom.attr(button, "data-show")
        if show == "shouts":
            self.show_shouts()
        elif show == "could":
            sol = self.result["solutions"][int(dom.attr(button, "data-seat") or 0)]
            best = sol["threeoplunge"] or sol["geoplunge"] or []
            self.show_map([(list(g), "could") for g in best], "Map of the groups possible: ")


def mount(route: Route) -> KitScreen:
    return mount_game(BorderUpUI, route)

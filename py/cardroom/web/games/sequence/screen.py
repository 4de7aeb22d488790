"""Sequence States & Capitals on the table kit: the board, the hand, the players.

The board is the build's pre-rendered SVG (``sequence.html``, drawn by
``sitebuild/sequence_board.py``); chips, completed sequences and the last move are drawn
over it, and a 10x10 grid of buttons on top takes clicks, taps and the keyboard (arrow
keys move, Enter places a chip, R-85). The kit does the setup, the table bar, Pause,
saves and the result frame; every move goes through the kit's engine client as JSON and
everything shown comes from the seat's own view.
"""

from __future__ import annotations

import asyncio
from html import escape
from typing import Any

import js  # type: ignore[import-not-found]

from cardroom.core import REFEREE
from cardroom.sequence.board import ADD, BOARD, REMOVE, SIDE
from cardroom.web.games.sequence.input import SequenceInput
from cardroom.web.games.sequence.logic import (
    COLOUR_NAMES,
    can_pass,
    card_label,
    card_name,
    chip_svg,
    describe_move,
    engine,
    game_options,
    last_text,
    overlay_svg,
    seat_names,
    space_label,
    targets,
    team_names,
    turn_text,
)
from cardroom.web.games.sequence.zoom import BoardZoom
from cardroom.web.kit import roving
from cardroom.web.kit.logic import LocalEngine, Route, Setup, WebGame
from cardroom.web.kit.screen import KitScreen, mount_game
from cardroom.web.kit.table import GameUI, Table
from cardroom.web.kit.ui import mmss
from cardroom.web.platform import dom

TITLE = "Sequence States & Capitals"
EQUIPMENT_URL = "sequence.html"

_equipment: dict[str, str] = {}
_waiting: list[Any] = []
_loading: list[bool] = []


def _template(name: str) -> str:
    return _equipment.get(name, "")


async def _load_equipment() -> None:
    """Fetch the board, cards and chips once (the service worker keeps them offline)."""
    try:
        url = js.URL.new(EQUIPMENT_URL, js.document.baseURI).href
        resp = await js.fetch(url)
        if not resp.ok:
            raise OSError(f"HTTP {resp.status}")
        box = js.document.createElement("div")
        box.innerHTML = await resp.text()
        for tpl in dom.qa("template", box):
            _equipment[str(tpl.id)] = str(tpl.innerHTML)
    except Exception as exc:  # shown where the board would be
        _equipment["error"] = str(exc)
    for callback in list(_waiting):
        callback()
    _waiting.clear()


class SequenceUI(SequenceInput, BoardZoom, GameUI):
    points_rule = (
        "Points: one per completed sequence. Two players or teams need two sequences to win, "
        "three need one."
    )

    def __init__(self, game: WebGame) -> None:
        self.game = game
        self.table: Table | None = None
        self.seat: int | None = None  # the seat whose hand is on screen
        self.handing: int | None = None
        self.selected: str | None = None
        self.cursor = 0
        self.typed = ""
        self.typed_at = 0.0
        self.cells: list[Any] = []
        self.cell_sig: list[str] = []
        self.said_moves = -1
        self.zoomed = False
        self.final_zoomed = False  # the result's board zoomed (phones)
        self.result_host: Any = None
        if not _loading:
            _loading.append(True)
            asyncio.ensure_future(_load_equipment())

    # ------------------------------------------------------------ setup

    def engine(self, setup: Setup) -> LocalEngine:
        return engine(setup)

    def team_names(self, setup: Setup) -> list[str]:
        o = game_options(setup)
        return team_names(o["teams"], setup.mode, o["players"])

    @property
    def several(self) -> bool:
        """This device holds several seats and passes between them with the hand-over
        screen: every seat on one device, or team-mates on two devices (R-191)."""
        return len(self.own) > 1

    def build(self, table: Table, area: Any) -> None:
        self.table = table
        o = game_options(table.setup)
        self.players, self.teams_n, self.layout_kind = o["players"], o["teams"], o["board"]
        self.names = seat_names(table.setup.mode, self.players, self.teams_n)
        self.own = own_seats(table, self.players)
        if table.setup.mode == "devices":  # each device knows its own players
            mark = " (you)" if len(self.own) == 1 else " (your side)"
            self.names = [n + mark if s in self.own else n for s, n in enumerate(self.names)]
        self.area = area
        self.seat = None
        self.handing = None
        self.selected = None
        self.said_moves = -1
        self.drawn: tuple[Any, ...] = ()
        table.bindings.on(area, "click", self.on_click)
        table.bindings.on(area, "keydown", self.on_key)
        table.bindings.on(area, "click", self.on_zoom_click)
        table.root.classList.add("seq-table")

    def seat_title(self, seat: int) -> str:
        team = COLOUR_NAMES[seat % self.teams_n]
        return f"{self.names[seat]} ({team})"

    # ------------------------------------------------------------ drawing

    def render(self, seat: int | None) -> None:
        """Draw the whole play area for ``seat``'s eyes (after a hand-over, or once);
        None: the board and no hand (the other device's turn, R-191)."""
        if "seq-board-states" not in _equipment:
            msg = _equipment.get("error")
            self.area.innerHTML = (
                f'<p class="seq-loading" role="status">'
                f"{'The board could not be loaded: ' + escape(msg) if msg else 'Setting out the board…'}</p>"
            )
            if not msg:
                _waiting.append(self.redraw)
            return
        self.seat = seat
        capitals = self.layout_kind == "capitals"
        board = _template(f"seq-board-{self.layout_kind}").replace(
            'class="seq-board ', 'aria-hidden="true" class="seq-board-svg ', 1
        )
        hint = "capitals only" if capitals else "states and capitals"
        cells = "".join(
            f'<button type="button" class="seq-cell" data-space="{x}" tabindex="-1" '
            f'aria-label="{escape(BOARD[x])}"></button>'
            for x in range(SIDE * SIDE)
        )
        n_cards = len(self.view()["hand"] or []) or 1
        if seat is None:
            title = "The other device is playing"
        elif self.several:
            title = f"{escape(self.seat_title(seat))}: hand"
        else:
            title = "Your hand"
        self.area.innerHTML = f"""
<div class="seq-game" data-board="{self.layout_kind}">
  {_template("seq-defs")}
  <div class="seq-boardbox" id="seq-boardbox">
    <div class="seq-board" id="seq-boardarea">
      {board}
      <svg class="seq-over" id="seq-over" viewBox="0 0 1000 1000" aria-hidden="true"
        focusable="false"></svg>
      <div class="seq-grid" id="seq-grid" role="group"
        aria-label="Board ({hint}): arrow keys move, Enter places a chip"
        aria-describedby="seq-prompt">{cells}</div>
    </div>
  </div>
  <div class="seq-side">
    <section class="seq-handbox" aria-labelledby="seq-hand-h">
      <div class="seq-handhead"><h2 class="seq-h" id="seq-hand-h">{title}</h2>
        {self.zoom_button_html()}</div>
      <div class="seq-hand" id="seq-hand" data-roving="seq-hand" role="group" aria-labelledby="seq-hand-h"></div>
      <p class="seq-prompt" id="seq-prompt"></p>
      <div class="seq-actions">
        <button type="button" class="bu-btn bu-quiet" data-act="dead" disabled>
          Turn in dead card</button>
        <button type="button" class="bu-btn bu-quiet" data-act="pass" disabled>
          Show hand and pass</button>
      </div>
      <p class="seq-help"><kbd>1</kbd>–<kbd>{n_cards}</kbd> or type a name: choose a card ·
        arrows: move · <kbd>Enter</kbd>: place · <kbd>Esc</kbd>: let go</p>
    </section>
    <section class="seq-seatsbox" aria-labelledby="seq-seats-h">
      <h2 class="seq-h" id="seq-seats-h">Players and discards
        <span class="seq-deck" id="seq-deck"></span></h2>
      <ol class="seq-seats" id="seq-seats"></ol>
    </section>
    <p class="seq-lastmove" id="seq-last"></p>
  </div>
</div>"""
        self.cells = dom.qa(".seq-cell", self.area)
        self.cell_sig = [""] * len(self.cells)
        self.cursor = max(0, min(SIDE * SIDE - 1, self.cursor))
        self.cells[self.cursor].tabIndex = 0
        self.apply_zoom()
        self.refresh()

    def redraw(self) -> None:
        if self.table is not None and not self.table.finished:
            self.seat = None
            self.handing = None
            self.update(self.table)

    def view(self) -> dict[str, Any]:
        assert self.table is not None
        return self.table.engine.view(REFEREE if self.seat is None else self.seat)

    def refresh(self) -> None:
        """Redraw what changes: chips, highlights, the hand, the players, the prompt."""
        v = self.view()
        mine = v["turn"] == self.seat
        hand = v["hand"] or []
        game = dom.q(".seq-game", self.area)
        game.setAttribute("data-moves", str(v["moves"]))
        game.setAttribute("data-turn", "" if v["turn"] is None else str(v["turn"]))
        if self.selected not in hand or not mine:
            self.selected = None
        ts = set(targets(v, self.selected)) if mine else set()
        capitals = self.layout_kind == "capitals"
        locked = {x for sq in v["sequences"] for x in sq["spaces"]}
        last = (v.get("last") or {}).get("space")
        for x, cell in enumerate(self.cells):
            chip = v["chips"][x]
            sig = f"{chip}|{x in ts}|{x in locked}|{x == last}|{self.selected is not None}"
            if sig == self.cell_sig[x]:
                continue
            self.cell_sig[x] = sig
            label = space_label(v, x, capitals)
            if x == last:
                label += ", the last move"
            if x in ts:
                label += ", playable" if self.selected != REMOVE else ", can be removed"
            cell.setAttribute("aria-label", label)
            cell.classList.toggle("is-target", x in ts)
            cell.classList.toggle("is-dim", self.selected is not None and x not in ts)
            cell.setAttribute("aria-disabled", "false" if x in ts or not self.selected else "true")
        dom.q("#seq-over", self.area).innerHTML = overlay_svg(v)
        self.show_spaces(ts, (self.selected, v["moves"]))
        self.draw_hand(v, mine)
        self.draw_seats(v)
        dom.q("#seq-last", self.area).textContent = last_text(v, self.names)
        dead_btn = dom.q('[data-act="dead"]', self.area)
        dead_btn.disabled = not (
            mine and self.selected in v["dead"] and not v["exchanged"] and self.selected
        )
        dom.q('[data-act="pass"]', self.area).disabled = not (
            mine and self.selected is not None and can_pass(v)
        )
        dom.q("#seq-prompt", self.area).textContent = self.prompt(v, mine)

    def prompt(self, v: dict[str, Any], mine: bool) -> str:
        if not mine:
            return f"Waiting for {self.names[v['turn']]}…" if v["turn"] is not None else ""
        card = self.selected
        if can_pass(v):
            return "No card can be played: choose a card to turn in, then Show hand and pass."
        if card is None:
            extra = (
                " Turn in a dead card first if you like."
                if v["dead"] and not v["exchanged"]
                else ""
            )
            return "Your turn: choose a card, then a highlighted space." + extra
        if card in v["dead"]:
            if v["exchanged"]:
                return f"{card_name(card)} is dead; one dead card a turn. Choose another card."
            return f"{card_name(card)} is dead: both its spaces are covered. Turn it in."
        if card == REMOVE:
            return "REMOVE: choose an opponent's chip that is not in a sequence."
        if card == ADD:
            return "ADD: choose any open space."
        return f"{card_name(card)}: choose one of its highlighted spaces."

    def draw_hand(self, v: dict[str, Any], mine: bool) -> None:
        box = dom.q("#seq-hand", self.area)
        active = js.document.activeElement
        focus = dom.attr(active, "data-card") if dom.closest(active, "#seq-hand") else None
        dead = set(v["dead"])
        out = []
        for i, card in enumerate(v["hand"] or []):
            sel = card == self.selected
            cls = (
                "seq-hcard" + (" is-dead" if card in dead else "") + (" is-selected" if sel else "")
            )
            face = _template(f"seq-card-{card}").replace("<svg ", '<svg aria-hidden="true" ', 1)
            tag = (  # a dead card is marked in the hand
                '<span class="seq-dead-tag" aria-hidden="true">DEAD</span>' if card in dead else ""
            )
            out.append(
                f'<button type="button" class="{cls}" data-card="{card}" data-index="{i}" '
                f'aria-pressed="{"true" if sel else "false"}" aria-keyshortcuts="{i + 1}" '
                f'aria-label="{escape(card_label(v, card))}"{"" if mine else " disabled"}>'
                f"{face}{tag}</button>"
            )
        box.innerHTML = "".join(out)
        if focus:
            again = dom.q(f'[data-card="{focus}"]', box)
            if again is not None:
                again.focus()
        roving.sync(box)  # one Tab stop for the hand; a played card's neighbour takes focus

    def draw_seats(self, v: dict[str, Any]) -> None:
        """Every player with their team's chip, cards held and discard pile (R-84)."""
        items = []
        for s in range(self.players):
            team = v["team_of"][s]
            pile = v["discards"][s]
            top = card_name(pile[-1]) if pile else "none yet"
            more = f" (+{len(pile) - 1})" if len(pile) > 1 else ""
            cur = ' aria-current="true"' if v["turn"] == s else ""
            turn = '<span class="seq-turn-tag">to play</span>' if v["turn"] == s else ""
            items.append(
                f'<li class="seq-seat team-{team}" data-seat="{s}"{cur}>{chip_svg(team)}'
                f'<span class="seq-seat-name">{escape(self.names[s])}</span>'
                f'<span class="seq-seat-team">{COLOUR_NAMES[team]}</span>{turn}'
                f'<span class="seq-seat-cards">{v["hand_sizes"][s]} cards</span>'
                f'<span class="seq-seat-pile">Discards: {escape(top)}{more}</span></li>'
            )
        dom.q("#seq-seats", self.area).innerHTML = "".join(items)
        dom.q("#seq-deck", self.area).textContent = f"· deck {v['deck']} cards"

    # ------------------------------------------------------------ the kit's calls

    def update(self, table: Table) -> None:
        ref = table.engine.view(REFEREE)
        turn = ref["turn"]
        drawn = (ref["moves"], self.seat, self.handing, self.selected)
        if table.setup.mode == "devices" and self.cells and drawn == self.drawn:
            return  # nothing new: the link's heartbeat updates the host every second
        self.drawn = drawn
        if self.several and turn in self.own:  # each turn starts behind the hand-over
            if turn != self.seat:
                if self.handing != turn:
                    self.handing = turn
                    self.seat = None
                    self.selected = None
                    table.handover(self.seat_title(turn), lambda: self.reveal(turn), player=True)
                return
        elif self.several:  # the other device's turn: the board, no hand
            if self.seat is not None or self.handing is not None or not self.cells:
                self.handing = None
                self.render(None)
                if not self.cells:
                    return
        elif self.seat is None:
            self.render(self.own[0])
            if self.seat is None:
                return
            first = dom.q(".seq-hcard", self.area)
            if first is not None:
                first.focus()
        self.refresh()
        table.status(turn_text(self.view(), self.names, self.seat))
        if ref["moves"] != self.said_moves:
            if self.said_moves >= 0 and ref["last"] and ref["last"]["seat"] != self.seat:
                dom.announce(last_text(ref, self.names))
            self.said_moves = ref["moves"]

    def reveal(self, seat: int) -> None:
        self.handing = None
        self.render(seat)
        if self.table is not None:
            self.table.status(turn_text(self.view(), self.names, self.seat))
        first = dom.q(".seq-hcard", self.area)
        if first is not None:
            first.focus()

    def tick(self, table: Table) -> None:
        table.show_clock("Time", mmss(table.now()))

    def describe(self, table: Table, move: dict[str, Any]) -> str | None:
        return describe_move(move, self.names, self.layout_kind)

    # ------------------------------------------------------------ the result

    def headline(self, table: Table, result: dict[str, Any]) -> tuple[str, str]:
        w = result["winner"]  # never None: a game ends only when a team wins
        if table.setup.mode == "devices":  # this device's side or the other
            team_of = table.engine.view(REFEREE)["team_of"]
            if w in {team_of[s] for s in self.own}:
                return ("You win!" if len(self.own) == 1 else "Your side wins!"), "win"
            return f"{table.teams[w]} wins", "lose"
        if table.setup.mode == "bot":
            if w == 0:
                return ("You win!" if self.players <= 3 else "Your team wins!"), "win"
            return ("The computer wins" if self.players == 2 else f"{table.teams[w]} wins"), "lose"
        return f"{table.teams[w]} wins!", "win"

    def result_side_html(self, table: Table, result: dict[str, Any]) -> str:
        """The final board beside the points: drawn now, or once the equipment has come
        (a finished game restored on a fresh page may get here first: see
        :meth:`result_mounted`). On a phone a Zoom button shows it at 720 px, panned by a
        finger, as the play board's zoom does (issue #41)."""
        return f'<div class="seq-result-side" id="seq-result-side">{self.final_html(table)}</div>'

    def final_html(self, table: Table) -> str:
        v = table.engine.view(REFEREE)
        if "seq-board-states" in _equipment:
            board = _template(f"seq-board-{self.layout_kind}").replace(
                'class="seq-board ', 'aria-hidden="true" class="seq-board-svg ', 1
            )
            inner = (
                f'{board}<svg class="seq-over" viewBox="0 0 1000 1000" aria-hidden="true" '
                f'focusable="false">{overlay_svg(v)}</svg>'
            )
        else:
            msg = _equipment.get("error")
            inner = (
                f'<p class="seq-loading" role="status">'
                f"{'The board could not be loaded: ' + escape(msg) if msg else 'Setting out the board…'}</p>"
            )
        zoomed = "true" if self.final_zoomed else "false"
        return (
            f"{_template('seq-defs')}"
            f'<figure class="seq-final{" is-zoomed" if self.final_zoomed else ""}">'
            '<button type="button" class="bu-btn bu-quiet seq-zoom" data-act="zoom-final" '
            f'aria-pressed="{zoomed}" aria-controls="seq-finalbox">Zoom board</button>'
            '<div class="seq-finalbox" id="seq-finalbox">'
            f'<div class="seq-board seq-board-final">{inner}</div></div>'
            f"<figcaption>The final board: {escape(last_text(v, self.names))}</figcaption>"
            "</figure>"
        )

    def result_mounted(self, table: Table, host: Any) -> None:
        self.result_host = host
        if "seq-board-states" not in _equipment and "error" not in _equipment:
            _waiting.append(self.redraw_final)

    def redraw_final(self) -> None:
        host = self.result_host
        side = dom.q("#seq-result-side", host) if host is not None else None
        if side is not None and self.table is not None:
            side.innerHTML = self.final_html(self.table)

    def on_result_click(self, table: Table, button: Any) -> None:
        if dom.attr(button, "data-act") == "zoom-final":
            self.final_zoomed = not self.final_zoomed
            self.redraw_final()
            again = dom.q('[data-act="zoom-final"]', self.result_host)
            if again is not None:
                again.focus()

    def stop(self) -> None:
        self.cells = []
        self.seat = None
        for callback in (self.redraw, self.redraw_final):
            if callback in _waiting:
                _waiting.remove(callback)


def own_seats(table: Table, players: int) -> list[int]:
    """The seats whose hands this device shows: seat 0 against the computer, every seat
    on one device, this device's side on two devices (R-191)."""
    mode = table.setup.mode
    if mode == "devices":
        from cardroom.web.link.logic import device_seats  # noqa: PLC0415

        return sorted(device_seats(table.engine))
    return list(range(players)) if mode == "local" else [0]


def mount(route: Route) -> KitScreen:
    return mount_game(SequenceUI, route)

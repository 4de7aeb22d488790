"""Dashing States' parts for each team: the Map card faces drawn from the page's own
map geometry (R-135), the help under the hand, and one team's half of the table
(GeoPlunging, then each race's cards, row, shout and answers). :mod:`~cardroom.web.games.dashing_states.screen`
puts them on the table."""

from __future__ import annotations

from html import escape
from typing import Any

import js  # type: ignore[import-not-found]

from cardroom.geoplunge import decks
from cardroom.web.games.dashing_states.logic import (
    CLOSE_W,
    ORDER,
    answer_data,
    answer_forms,
    answer_html,
    card_label,
    card_number,
    crop_box,
    gave_up_line,
    key_rule,
    order_zone,
    path_bbox,
    ringed,
    second_label,
    shout_ready,
)
from cardroom.web.kit.hand import HandBoard
from cardroom.web.kit.hand_model import Arrangement
from cardroom.web.kit.table import Table
from cardroom.web.kit.ui import (
    ButtonTaps,
    plunge_prompt_html,
)
from cardroom.web.kit.zoom import CardZoom, HoldZoom
from cardroom.web.platform import dom

DEFS_ID = "ds-defs"


# ====================================================================== Map card faces


class MapFaces:
    """Map card faces (R-135): the page's map shapes, copied once into hidden SVG
    definitions (no names, no labels), and a small SVG per card that shows them all with
    one state in red (a red ring around a small one)."""

    def __init__(self) -> None:
        self.centres: dict[str, tuple[float, float]] = {}
        self.crops: dict[str, tuple[float, float, float, float]] = {}
        self.closeups: dict[str, tuple[float, float, float, float]] = {}
        for p in dom.qa("#us-map [data-state]"):
            card = decks.map_card_of(p.getAttribute("data-state")).id
            self.centres[card] = (float(p.getAttribute("data-x")), float(p.getAttribute("data-y")))
            box = path_bbox(str(p.getAttribute("d")))
            self.crops[card] = crop_box(box)
            self.closeups[card] = crop_box(box, CLOSE_W)
        if dom.q(f"#{DEFS_ID}") is not None:
            return
        paths = []
        for p in dom.qa("#us-map [data-state], #us-map path.dc"):
            code = p.getAttribute("data-state")
            ident = f' id="ds-s-{decks.map_card_of(code).id}"' if code else ""
            paths.append(f'<path{ident} d="{p.getAttribute("d")}"/>')
        holder = js.document.createElement("div")
        holder.innerHTML = (
            f'<svg id="{DEFS_ID}" width="0" height="0" aria-hidden="true" focusable="false" '
            'style="position:absolute;width:0;height:0;overflow:hidden">'
            f'<defs><g id="ds-states">{"".join(paths)}</g></defs></svg>'
        )
        js.document.body.append(holder.firstElementChild)

    def svg(self, card: str, *, whole: bool = False, close: bool = False) -> str:
        """The card's face: the part of the map around its red state (the whole map with
        ``whole``, as the printed card; a closer look with ``close``)."""
        crops = self.closeups if close else self.crops
        crop = None if whole else crops.get(card)
        box = "0 0 975 610" if crop is None else " ".join(f"{v:g}" for v in crop)
        ring = ""
        if ringed(card) and card in self.centres:
            x, y = self.centres[card]
            r = 34 if crop is None else 24
            ring = f'<circle class="ds-ring" cx="{x:.0f}" cy="{y:.0f}" r="{r}"/>'
        kind = "ds-map-whole" if crop is None else "ds-map-crop"
        return (
            f'<svg class="ds-map {kind}" viewBox="{box}" aria-hidden="true" focusable="false">'
            f'<use href="#ds-states" class="ds-land"/><use href="#ds-s-{card}" class="ds-red"/>'
            f"{ring}</svg>"
        )

    def card_html(self, card: str, help_id: str) -> str:
        return (
            f'<li class="hb-card ds-card" data-card="{card}" tabindex="0" aria-keyshortcuts="Z" '
            f'aria-describedby="{help_id}"><span class="ds-num" aria-hidden="true">'
            f"{card_number(card)}</span>{self.svg(card)}"
            f'<span class="visually-hidden">{card_label(card)}</span>'
            '<span class="visually-hidden hb-where"></span></li>'
        )


def card_zoom(faces: MapFaces, bindings: Any) -> CardZoom:
    """One Map card shown large, over the table: the whole map, as the printed card, and
    a close-up of its red state and the states around it, in a modal dialog named by the
    card's number (never its state, R-135)."""

    def render(card: str) -> tuple[str, str]:
        return card_label(card), faces.svg(card, whole=True) + faces.svg(card, close=True)

    return CardZoom(bindings, "ds", render, body_class="ds-zoom-map")


def help_text(element_id: str) -> str:
    return (
        f'<p class="ds-help" id="{element_id}"><span>Keyboard: <kbd>Tab</kbd> to the hand (or the '
        "row), <kbd>←</kbd> <kbd>→</kbd> to a card, <kbd>1</kbd> puts it in the row, "
        "<kbd>Alt</kbd>+<kbd>←</kbd> <kbd>→</kbd> move it along, "
        "<kbd>Backspace</kbd> returns it to the hand, <kbd>Z</kbd> shows it large.</span> "
        "<span>Mouse or touch: drag cards into the row and along it, or tap a card and then "
        "the row; press and hold a card to see it large.</span></p>"
    )


# ====================================================================== one team


class TeamPanel:
    """One team's half: GeoPlunging, then each race's cards, row, shout and answers."""

    def __init__(
        self, table: Table, faces: MapFaces, seat: int, host: Any, title: str, zoom: CardZoom
    ) -> None:
        self.table = table
        self.faces = faces
        #: the dialog that shows a card large (a hold or Z), shared by both halves
        self.zoom = zoom
        #: both teams on this device (pass and play)
        self.local = table.setup.mode == "local"
        self.seat = seat
        self.host = host
        self.board: HandBoard | None = None
        self.race = 0
        self.form_key: tuple[int, int] | None = None
        p = self.p = f"ds{seat}"
        host.innerHTML = f"""
<header class="ds-team-head">
  <h2 class="ds-team-name" id="{p}-title">{escape(title)}</h2>
  <p class="ds-team-status" id="{p}-status"></p>
</header>
{plunge_prompt_html(p, title, table.ui.game)}
<div class="ds-play" id="{p}-play" hidden>
  <p class="ds-rule" id="{p}-rule"></p>
  <div class="ds-slots" id="{p}-slots"></div>
  <div class="ds-actions" role="group" aria-label="{escape(title)}: shout">
    <button type="button" class="bu-btn bu-shout" data-act="shout" disabled>Sorted! Shout</button>
    <button type="button" class="bu-btn bu-quiet" data-act="clear">Clear the row</button>
    <button type="button" class="bu-btn bu-quiet" data-act="pass">Give up this race</button>
  </div>
  <div class="ds-hand" id="{p}-hand"></div>
  {help_text(f"{p}-help")}
</div>
<div class="ds-answer" id="{p}-answer" hidden></div>
<p class="ds-wait" id="{p}-wait" hidden></p>"""
        self.status = dom.q(f"#{p}-status", host)
        self.plunge_box = dom.q(f"#{p}-plunge", host)
        self.play_box = dom.q(f"#{p}-play", host)
        self.answer_box = dom.q(f"#{p}-answer", host)
        self.wait_el = dom.q(f"#{p}-wait", host)
        self.shout_btn = dom.q("[data-act=shout]", host)
        ButtonTaps(self.table.bindings, host, self.act)
        HoldZoom(self.table.bindings, host, zoom, self.play_box.contains)
        self.table.bindings.on(self.answer_box, "submit", self.on_submit)
        self.table.bindings.on(self.answer_box, "keydown", self.on_answer_key)

    # ------------------------------------------------------------ what shows

    def show(self, part: str) -> None:
        self.plunge_box.hidden = part != "plunge"
        self.play_box.hidden = part != "play"
        self.answer_box.hidden = part != "answer"
        self.wait_el.hidden = part != "wait"

    def wait(self, text: str) -> None:
        self.drop_board()
        self.wait_el.textContent = text
        self.show("wait")

    def drop_board(self) -> None:
        """Take the cards off the page (answers are given from memory, R-137)."""
        self.zoom.close()
        if self.board is not None:
            self.board.destroy()
            self.board = None
            dom.q(f"#{self.p}-slots", self.host).replaceChildren()
            dom.q(f"#{self.p}-hand", self.host).replaceChildren()

    # ------------------------------------------------------------ the race

    def deal(self, view: dict[str, Any], saved: dict[str, Any]) -> None:
        """Show this race's seven cards (once per race), where a save had put them."""
        self.show("play")
        if self.board is not None and self.race == view["race"]:
            return
        self.drop_board()
        self.race = view["race"]
        self.host.scrollTop = 0  # a new race shows the half from its top (its rule first)
        dom.q(f"#{self.p}-rule", self.host).textContent = key_rule(
            view["race"], view["key"], view["power"]
        )
        arr = Arrangement(view["hand"], (order_zone(),))
        if saved.get("race") == view["race"] and saved.get("layout"):
            arr.restore(saved["layout"])
        help_id = f"{self.p}-help"
        local = self.local
        self.board = HandBoard(
            arr,
            dom.q(f"#{self.p}-slots", self.host),
            dom.q(f"#{self.p}-hand", self.host),
            card_html=lambda card: self.faces.card_html(card, help_id),
            names={c: card_label(c) for c in view["hand"]},
            on_change=self.changed,
            hand_label=f"{self.table.teams[self.seat]}: cards" if local else "Your cards",
            id_prefix=self.p,
            owner_id=f"{self.p}-title" if local else None,
        )
        for b in dom.qa("button[data-act]", self.host):
            b.disabled = False
        self.refresh()

    def changed(self) -> None:
        self.refresh()
        self.table.save()

    def refresh(self) -> None:
        if self.board is None:
            return
        ready = shout_ready(self.board.arr.lists[ORDER])
        self.shout_btn.disabled = not ready or self.board.locked

    def lock(self, why: str) -> None:
        if self.board is not None:
            self.board.set_locked(True)
        for b in dom.qa("button[data-act]", self.play_box):
            b.disabled = True
        self.status.textContent = why

    def act(self, b: Any) -> None:
        act = dom.attr(b, "data-act")
        if b.hasAttribute("data-plunge"):
            self.table.plunge(self.seat, b.getAttribute("data-plunge") == "yes")
        elif act == "shout":
            self.shout()
        elif act == "clear" and self.board is not None and not self.board.locked:
            self.board.arr.clear()
            self.board.selected = None
            self.board.render()
            dom.announce("Every card is back in the hand.")
            self.changed()
        elif (
            act == "pass"
            and self.board is not None
            and not self.board.locked
            and self.table.submit(self.seat, "pass")
            and not self.table.engine.over
        ):
            self.lock(gave_up_line(self.table.teams, self.seat))

    def shout(self) -> None:
        if self.board is None or self.board.locked:
            return
        order = list(self.board.arr.lists[ORDER])
        if not shout_ready(order):
            return
        if self.table.submit(self.seat, "shout", order):
            dom.announce(f"{self.table.teams[self.seat]} shouted! The seventh card is turned over.")

    # ------------------------------------------------------------ answers

    def answer(self, view: dict[str, Any]) -> None:
        """The form for the next player(s) of this team: six face-down cards in order and
        two boxes per card to fill in, no help shown."""
        player = view["next_player"]
        key = (view["race"], player)
        self.drop_board()
        self.show("answer")
        if self.form_key == key:
            return
        self.form_key = key
        form = answer_forms(self.table.setup.mode, player)
        self.answer_box.innerHTML = answer_html(form, second_label(view["key"]), self.p)
        first = dom.q("input", self.answer_box)
        if first is not None and not self.local:
            first.focus()
        dom.announce(form.title)

    def on_answer_key(self, evt: Any) -> None:
        """Enter in a box goes to the next box; in the last one it sends the answers."""
        if evt.key != "Enter" or str(evt.target.tagName) != "INPUT":
            return
        boxes = dom.qa("input", self.answer_box)
        i = next((k for k, b in enumerate(boxes) if b == evt.target), len(boxes) - 1)
        if i < len(boxes) - 1:
            evt.preventDefault()
            boxes[i + 1].focus()

    def on_submit(self, evt: Any) -> None:
        evt.preventDefault()
        form = dom.q("form", self.answer_box)
        if form is None:
            return
        players = [int(x) for x in str(form.getAttribute("data-players")).split(",")]

        def text(name: str) -> str:
            box = form.querySelector(f'[name="{name}"]')
            return str(box.value) if box is not None else ""

        for player in players:
            pair = [
                (text(f"s{2 * player + j + 1}"), text(f"c{2 * player + j + 1}")) for j in (0, 1)
            ]
            if not self.table.submit(self.seat, "answer", answer_data(player, pair)):
                return
            if self.table.engine.over:
                return

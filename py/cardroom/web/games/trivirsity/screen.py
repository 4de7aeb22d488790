"""Tri-Virsity on the table kit: the hand by suit (drag or Alt+arrows to arrange), the word
builder (typing a word picks its cards, and says whether it is a word as it grows), the
table's words with their owners and the ends where they may grow, the piles, claims,
challenges, scores per hand and per game, pass-and-play and solitaire.

The kit does the setup, clock, Pause, saves and the result frame; the logic lives in
``trivirsity_logic`` (tested on CPython). The word list is fetched when this screen opens
(``sitebuild/words.py``), never on the start path.
"""

from __future__ import annotations

import asyncio
import json
import time
from html import escape
from importlib import resources
from typing import Any

import js  # type: ignore[import-not-found]

from cardroom.trivirsity import words as wordlist
from cardroom.trivirsity.deck import (
    SUIT_NAMES,
)
from cardroom.web.games.trivirsity.html import GROUPS, LEGEND, card_html
from cardroom.web.games.trivirsity.input import TOUCHED, TriInput
from cardroom.web.games.trivirsity.logic import (
    card_name,
    describe,
    engine,
    seat_names,
    team_names,
)
from cardroom.web.games.trivirsity.spelling import (
    Spelling,
    accepts,
    build_status,
    lay_status,
    trivirsity_move,
)
from cardroom.web.games.trivirsity.window import TriWindow
from cardroom.web.kit import roving
from cardroom.web.kit.logic import LocalEngine, Route, Setup, WebGame
from cardroom.web.kit.screen import KitScreen, mount_game
from cardroom.web.kit.table import GameUI, Table
from cardroom.web.kit.ui import mmss
from cardroom.web.platform import dom

TITLE = "Tri-Virsity"


class TriUI(TriInput, TriWindow, GameUI):
    def __init__(self, game: WebGame) -> None:
        self.game = game
        self.table: Table
        self.sel: list[tuple[str, str]] = []
        self.text = ""
        self.target: tuple[int, str] | None = None
        self.order: dict[str, list[str]] = {}
        self.shown: int | None = None
        self.window_done = -1
        self.picking: str | None = None
        self.note: str | None = None
        self.drag: dict[str, Any] | None = None
        self.dragged: tuple[str, float] = ("", 0.0)
        self.own: list[int] = [0]
        self.handing: int | None = None
        self.handing_step = -1
        self.shown_step = -1
        self.window_step = -1

    def engine(self, setup: Setup) -> LocalEngine:
        return engine(setup)

    def team_names(self, setup: Setup) -> list[str]:
        if setup.mode == "devices":  # from the options: a guest never deals the cards itself
            n = int(setup.option("players", "2") or 2)
            partners = setup.option("teams", "no") == "yes"
            teams = [s % (n // 2) if partners else s for s in range(n)]
            return team_names(setup, seat_names(setup, n), teams)
        e = engine(setup.with_seed(setup.seed or 0))
        v = e.view(-1)
        names = seat_names(setup, v["players"])
        return team_names(setup, names, [0] if v["solitaire"] else v["teams"])

    # ------------------------------------------------------------ structure

    def build(self, table: Table, area: Any) -> None:
        self.table = table
        self.area = area
        self.mode = table.setup.mode
        self.setup = table.setup
        v = table.engine.view(-1)
        self.names = seat_names(table.setup, v["players"])
        self.own = own_seats(table, v["players"])
        self.several = self.mode in ("local", "devices") and len(self.own) > 1
        if self.mode == "devices":  # each device knows its own players
            mark = " (you)" if len(self.own) == 1 else " (your side)"
            self.names = [n + mark if s in self.own else n for s, n in enumerate(self.names)]
        self.handing, self.shown_step, self.window_step = None, -1, -1
        self.handing_step = -1
        self.drawn: tuple[Any, ...] = ()
        saved = table.restored.extra if table.restored is not None else {}
        self.order = {k: list(x) for k, x in dict(saved.get("order") or {}).items()}
        self.clear_builder()  # a new table (Play again, a reload) starts with nothing picked
        self.shown, self.window_done, self.drag = None, -1, None
        b = table.bindings
        b.on(area, "click", self.on_click)
        b.on(area, "input", self.on_input)
        b.on(area, "keydown", self.on_key)
        b.on(area, "pointerdown", self.on_down)
        b.on(area, "pointermove", self.on_move)
        b.on(area, "pointerup", self.on_up)
        self.skeleton()

    def skeleton(self) -> None:
        self.area.innerHTML = f"""
<div class="tv-game">
  <section class="tv-seats" aria-label="Players" id="tv-seats"></section>
  <section class="tv-tablebox" aria-labelledby="tv-table-h">
    <h2 id="tv-table-h" class="tv-h">Words on the table</h2>
    <ol class="tv-words" id="tv-words"></ol>
    {LEGEND}
    <div class="tv-sol" id="tv-sol" hidden></div>
  </section>
  <section class="tv-piles" aria-label="Piles" id="tv-piles"></section>
  <section class="tv-play" id="tv-play" aria-labelledby="tv-play-h"></section>
  <section class="tv-scores" id="tv-scores" aria-labelledby="tv-scores-h"></section>
</div>"""
        self.built_for = self.shown

    def extra(self) -> dict[str, Any]:
        return {"order": self.order}

    def tick(self, table: Table) -> None:
        table.show_clock("Time", mmss(table.now()))

    # ------------------------------------------------------------ who sees the screen

    def update(self, table: Table) -> None:
        ref = table.engine.view(-1)
        drawn = (ref["step"], ref["hand_no"], self.shown, self.handing, self.window_done)
        drawn += (self.text, self.target, tuple(self.sel))
        if self.mode == "devices" and drawn == self.drawn and dom.q(".tv-game", self.area):
            return None  # nothing new: the link's heartbeat updates the host every second
        self.drawn = drawn
        table.root.setAttribute("data-phase", "between" if ref["between"] else ref["phase"])
        if self.handing is not None and self.handing_step == ref["step"]:
            return None  # a hand-over is up for this very moment: it stays
        if self.several and not ref["between"]:
            want = self.actor(ref)
            step = ref["step"]
            claimer = (  # a claimer's hand stays until they claim or hand on
                self.shown is not None
                and self.shown != want
                and self.shown_step == step
                and self.window_done != step
            )
            if claimer or (self.shown == want and want in self.own):
                pass
            elif self.window_open(ref):
                return self.show_window(ref)
            elif want in self.own:  # each of this device's turns starts behind a hand-over
                if self.handing != want:
                    self.shown = None
                    self.clear_builder()
                    self.hand_over(want)
                return None
            elif self.shown is not None or self.handing is not None:
                self.hide_hand()  # two devices: the other device's turn, no hand
        elif self.mode == "local":
            self.shown = self.shown if self.shown is not None else 0
        elif self.mode == "devices" and not self.several:
            self.shown = self.own[0]  # one seat on this device: always its hand
        elif self.shown is not None or self.handing is not None:
            self.hide_hand()  # between hands on a device of team-mates: the scores only
        if dom.q("#tv-seats", self.area) is None:  # after a hand-over or the window
            self.skeleton()
        self.render(table)
        return None

    def hand_over(self, seat: int) -> None:
        """The kit's hand-over screen to ``seat`` (once: updates come in while it shows)."""
        self.handing = seat
        self.handing_step = self.table.engine.view(-1)["step"]
        self.table.handover(self.names[seat], lambda: self.reveal(seat), player=True)

    def hide_hand(self) -> None:
        """No hand on screen: the other device's turn (two devices, R-191); a hand-over
        still up for this device is taken down."""
        self.shown = None
        self.clear_builder()
        self.drop_handover()
        self.skeleton()

    def drop_handover(self) -> None:
        """Take down a hand-over the game has moved past (two devices: the other device
        moved meanwhile)."""
        self.handing = None
        box = dom.q("#kit-handover", self.table.root)
        if box is not None and not box.hidden:
            box.hidden = True
            box.replaceChildren()

    def reveal(self, seat: int) -> None:
        self.shown = seat
        self.handing = None
        self.shown_step = self.table.engine.view(-1)["step"]
        self.window_done = -1
        self.skeleton()
        self.render(self.table)
        first = dom.q("#tv-draw:not([disabled]), #tv-type", self.area)
        if first is not None:
            first.focus()

    # ------------------------------------------------------------ drawing

    def render(self, table: Table) -> None:
        seat = self.me()
        v = table.engine.view(seat)
        self.v = v
        game = dom.q(".tv-game", self.area)
        game.setAttribute("data-step", str(v["step"]))  # the moves this screen shows
        game.setAttribute("data-seat", "" if seat < 0 else str(seat))
        dom.q("#tv-seats", self.area).innerHTML = self.seats_html(v)
        words = self.words_html(v, True)
        dom.q("#tv-words", self.area).innerHTML = words or '<li class="tv-none">No words yet.</li>'
        dom.q("#tv-legend", self.area).hidden = not words
        sol = dom.q("#tv-sol", self.area)
        if v["solitaire"] is not None:
            s = v["solitaire"]
            frozen = ", ".join(SUIT_NAMES[x] for x in s["frozen"]) or "none"
            sol.hidden = False
            sol.innerHTML = (
                '<h3 class="tv-h3">The solitaire hand (face up)</h3>'
                f'<div class="tv-solcards">{"".join(self.tiles(s["cards"]))}</div>'
                f"<p>Frozen suits: {escape(frozen)}. It wins with two suits of five.</p>"
            )
        legal = table.engine.legal(seat) if seat >= 0 else []
        dom.q("#tv-piles", self.area).innerHTML = self.piles_html(v, legal)
        dom.q("#tv-scores", self.area).innerHTML = self.scores_html(v)
        focus = (
            dom.attr(js.document.activeElement, "data-card") if js.document.activeElement else None
        )
        play = dom.q("#tv-play", self.area)
        if v["between"]:
            play.innerHTML = self.between_html(v)
        elif seat < 0:  # two devices: no hand of this device's side on screen
            nxt = escape(self.names[self.actor(v)])
            play.innerHTML = (
                '<h2 id="tv-play-h" class="tv-h">Hands hidden</h2>'
                f'<p class="tv-waiting">{nxt} is playing on the other device.</p>'
            )
        else:
            if dom.q("#tv-type", play) is None:
                play.innerHTML = self.play_skeleton()
                if self.several:  # passed between players: the hand says whose it is
                    dom.q("#tv-play-h", play).textContent = f"{self.names[seat]}: your hand"
            self.render_play(v)
        if focus:
            el = dom.q(f'[data-card="{focus}"]', self.area)
            if el is not None:
                el.focus()
        who = self.names[self.actor(v)]
        status = {
            "draw": f"{who}: draw from the pile or take the discard",
            "play": f"{who}: lay down, build, then discard",
            "out": f"{who}: challenge or let the going out stand",
        }.get(v["phase"], "")
        table.status("Hand over: see the scores" if v["between"] else status)

    def render_play(self, v: dict[str, Any]) -> None:
        me = self.me()
        hand = v["hand"] or []
        self.sel = [(c, ch) for c, ch in self.sel if c in hand]
        chosen = {c for c, _ in self.sel}
        groups = self.hand_groups(hand)
        html = []
        for g, label in GROUPS:
            if not groups[g]:
                continue
            cards = "".join(card_html(c, c in chosen) for c in groups[g])
            html.append(
                f'<div class="tv-group" data-group="{g}" role="group" aria-label="{label}">'
                f'<span class="tv-glabel" aria-hidden="true">{label}</span>{cards}</div>'
            )
        dom.q("#tv-hand", self.area).innerHTML = "".join(html) or "<p>No cards in hand.</p>"
        roving.sync(dom.q("#tv-hand", self.area))  # one Tab stop for the hand
        typed = dom.q("#tv-type", self.area)
        if str(typed.value) != self.text:
            typed.value = self.text
        # the cards picked, each with its letter: the very move Lay down or Add sends
        sp = Spelling("".join(ch for _, ch in self.sel), tuple(c for c, _ in self.sel), None)
        if self.text and len(self.text) != len(self.sel):
            sp = Spelling(self.text, sp.cards, None, len(self.text) - len(self.sel))
        check = dom.q("#tv-check", self.area)
        lay = dom.q("#tv-lay", self.area)
        bld = dom.q("#tv-build", self.area)
        if self.target is not None:
            w = next((x for x in v["words"] if x["id"] == self.target[0]), None)
            if w is None:
                self.target = None
        if self.target is not None and w is not None:
            st = build_status(v, sp, w, self.target[1])
            bld.textContent = f"Add at the {self.target[1]} of {w['letters'].upper()}"
            bld.disabled = not st.ok  # the engine's verdict on this very move
            lay.disabled = True
        else:
            st = lay_status(v, sp)
            bld.textContent = "Add to a word"
            bld.disabled = True
            lay.disabled = not st.ok
        text, tone = st.text, st.tone
        if self.note:  # a move the engine refused: why, on screen
            text, tone = self.note, "bad"
        check.textContent = text
        check.className = "tv-check" + (f" is-{tone}" if tone else "")
        one = len(self.sel) == 1 and accepts(v, "discard", self.sel[0][0])
        dom.q("#tv-discard", self.area).disabled = not one
        if len(self.sel) == 1:
            dom.q("#tv-discard", self.area).textContent = f"Discard {card_name(self.sel[0][0])}"
        else:
            dom.q("#tv-discard", self.area).textContent = "Discard (pick one card)"
        dom.q("#tv-nodiscard", self.area).disabled = not accepts(v, "no-discard", None)
        tri = dom.q("#tv-tri", self.area)
        move = trivirsity_move(hand, me)
        tri.hidden = not (move and accepts(v, "trivirsity", move))

    # ------------------------------------------------------------ the builder

    def on_click(self, evt: Any) -> None:
        b = dom.closest(evt.target, "button")
        if b is None or b.disabled:
            return
        code, at = self.dragged
        card = dom.attr(b, "data-card")
        if card and code in (card, TOUCHED) and js.performance.now() - at < 1000:
            return  # the click after a drag or a finger's pick (picked on lifting)
        t, me = self.table, self.me()
        self.note = None  # a refusal is shown until the next press
        bid = dom.attr(b, "id")
        if b.hasAttribute("data-card"):
            self.pick_card(dom.attr(b, "data-card") or "")
        elif b.hasAttribute("data-letter") and self.picking:
            self.sel.append((self.picking, dom.attr(b, "data-letter") or "a"))
            self.picking = None
            dom.q("#tv-pick", self.area).hidden = True  # the letter is given: the row goes
            self.text = "".join(ch for _, ch in self.sel)
            self.render(t)
            dom.q("#tv-type", self.area).focus()
        elif b.hasAttribute("data-end"):
            key = (int(dom.attr(b, "data-word") or 0), dom.attr(b, "data-end") or "back")
            self.target = None if self.target == key else key
            self.respell()
            self.render(t)
        elif bid == "tv-draw":
            self.send(me, "draw")
        elif bid == "tv-take":
            self.send(me, "take")
        elif bid == "tv-clear":
            self.clear_builder()
            self.render(t)
        elif bid == "tv-lay":
            self.play("lay", {"cards": [c for c, _ in self.sel], "word": self.text})
        elif bid == "tv-build" and self.target is not None:
            data = {"word": self.target[0], "end": self.target[1]}
            self.play("build", {**data, "cards": [c for c, _ in self.sel], "letters": self.text})
        elif bid == "tv-discard" and len(self.sel) == 1:
            self.play("discard", self.sel[0][0])
        elif bid == "tv-nodiscard":
            self.play("no-discard", None)
        elif bid == "tv-tri":
            self.play("trivirsity", trivirsity_move(self.v["hand"] or [], me))
        elif bid == "tv-accept":
            self.send(me, "accept")
        elif bid == "tv-next":
            t.submit(me if me >= 0 else self.own[0], "next-hand")
        elif b.hasAttribute("data-claim"):
            w, end, ch = (dom.attr(b, "data-claim") or "").split(":")
            self.play("claim", {"word": int(w), "end": end, "letter": ch}, me)
        elif b.hasAttribute("data-chal"):
            by = int(dom.attr(b, "data-by") or me)
            if self.send(by, "challenge", int(dom.attr(b, "data-chal") or 0)):
                dom.announce(f"{self.names[by]} challenged.")
        elif b.hasAttribute("data-claimer"):
            self.hand_over(int(dom.attr(b, "data-claimer") or 0))
        elif bid == "tv-pass-on":
            self.window_done = t.engine.view(-1)["step"]
            self.update(t)

    def send(self, seat: int, kind: str, data: Any = None) -> bool:
        """Submit a move; when the engine refuses it, its reason shows under the word box
        (and is announced) until the builder changes."""
        if self.table.submit(seat, kind, data):
            self.note = None
            return True
        why = self.table.refusal
        if why and dom.q("#tv-check", self.area) is not None:
            self.note = f"Not done: {why}."
            self.render(self.table)
        return False

    def play(self, kind: str, data: Any, seat: int | None = None) -> None:
        seat = self.me() if seat is None else seat
        if not self.send(seat, kind, data):  # refused: said on screen, the builder stays
            return
        self.clear_builder()
        if self.table.finished:
            return
        if kind == "claim" and self.several:
            # the claimer is done: the device goes on to the player to draw
            self.window_done = self.table.engine.view(-1)["step"]
            self.update(self.table)
        elif dom.q("#tv-seats", self.area) is not None:
            self.render(self.table)

    # ------------------------------------------------------------ log and result

    def describe(self, table: Table, move: dict[str, Any]) -> str | None:
        return describe(move, getattr(self, "names", []) or ["Seat 1"] * 8)

    def headline(self, table: Table, result: dict[str, Any]) -> tuple[str, str]:
        sol = result.get("solitaire")
        if sol is not None:
            if sol["won"]:
                return "You went out first: you win!", "win"
            return "The solitaire hand wins", "lose"
        winner = result.get("winner")
        if winner is None:
            return "It's a tie", "tie"
        if table.setup.mode == "devices":  # this device's side or the other
            teams = table.engine.view(-1)["teams"]
            if winner in {teams[s] for s in self.own}:
                return ("You win!" if len(self.own) == 1 else "Your side wins!"), "win"
            return f"{table.teams[winner]} wins", "lose"
        if table.setup.mode == "bot":
            return ("You win!", "win") if winner == 0 else (f"{table.teams[winner]} wins", "lose")
        return f"{table.teams[winner]} wins!", "win"

    def result_html(self, table: Table, result: dict[str, Any]) -> str:
        v = table.engine.view(0)
        rule = (
            "Scoring: a hand scores the cards you own on the table minus the cards left in "
            "your hand; going out +10, doubled with every card in one suit; TRI-VIRSITY +500; "
            "a lost challenge −25."
        )
        return (
            '<section class="tv-final" aria-labelledby="tv-final-h">'
            f'<h3 id="tv-final-h">Hand {v["hand_no"]}, the last</h3>'
            f'{self.hand_summary(v)}<p class="tv-rule">{rule}</p></section>'
        )


def own_seats(table: Table, players: int) -> list[int]:
    """The seats whose hands this device shows: seat 0 against the computer and in
    solitaire, every seat on one device, this device's side on two devices (R-191)."""
    mode = table.setup.mode
    if mode == "devices":
        from cardroom.web.link.logic import device_seats  # noqa: PLC0415

        return sorted(device_seats(table.engine))
    return list(range(players)) if mode == "local" else [0]


# ====================================================================== mounting


def index_url() -> str:
    info = json.loads(resources.files("cardroom").joinpath("data/word_index.json").read_text())
    return str(info["url"])


async def load_words() -> float:
    """Fetch the word index (cached offline by the service worker once fetched) and load
    it; returns the milliseconds taken (fetch + decode)."""
    t0 = time.perf_counter()
    res = await js.fetch(index_url())
    if not res.ok:
        raise OSError(f"the word list could not be fetched (HTTP {res.status})")
    raw = (await res.arrayBuffer()).to_py().tobytes()
    wordlist.load_index(raw)
    return (time.perf_counter() - t0) * 1000


class Loader:
    """The screen while the word list arrives, then the kit's screen."""

    def __init__(self, route: Route) -> None:
        self.route = route
        self.screen: KitScreen | None = None
        box = js.document.createElement("section")
        box.id = "tv-loading"
        box.className = "screen tv-loading"
        box.setAttribute("aria-labelledby", "tv-loading-h")
        box.innerHTML = (
            '<h1 id="tv-loading-h">Tri-Virsity</h1><p role="status">Loading the word list…</p>'
        )
        dom.q("#main").append(box)
        self.box = box
        self.task = asyncio.ensure_future(self.run())

    async def run(self) -> None:
        root = js.document.documentElement
        try:
            ms = await load_words() if not wordlist.loaded() else 0.0
        except Exception as exc:
            dom.q("p", self.box).textContent = f"The word list could not be loaded: {exc}."
            root.setAttribute("data-tv-words", "error")
            return
        root.setAttribute("data-tv-words", f"{ms:.0f}")
        self.box.remove()
        self.screen = mount_game(TriUI, self.route)


def mount(route: Route) -> Any:
    if wordlist.loaded():
        return mount_game(TriUI, route)
    return Loader(route)

"""State IQ on the table kit: the held card, the Power card's clue order, the Clue cards
and their options, the guessing map and answer box, and the guesses so far.

The kit (``cardroom.web.kit.ui``) does the setup, the clock, Pause, saves, history, the
hand-over screen and the result frame; this module adds only what is State IQ's own, and
the decisions live in ``state_iq_logic`` (tested on CPython). Every move goes through the
kit's engine client as JSON (``table.submit``) and everything shown comes from the view
of the team the screen is for: in pass-and-play the device changes hands (behind the
kit's hand-over screen) whenever another team must act, so the held card of one team is
never in the page while the other team looks (R-132).
"""

from __future__ import annotations

from html import escape
from typing import Any

import js  # type: ignore[import-not-found]

from cardroom import atlas
from cardroom.web.games.state_iq.logic import (
    clue_lines,
    clue_options,
    describe,
    engine,
    learn_facts,
    mid,
    poss,
    read_guess,
    result_summary,
    status_text,
    verb,
    viewer,
    wrong_guesses,
)
from cardroom.web.games.state_iq.map import GuessMap, state_name
from cardroom.web.kit.cards import flag_url, hand_card_html, ordinal
from cardroom.web.kit.logic import LocalEngine, Route, Setup, WebGame
from cardroom.web.kit.screen import KitScreen, mount_game
from cardroom.web.kit.table import GameUI, Table
from cardroom.web.kit.ui import mmss, plunge_prompt_html, show_plunge
from cardroom.web.platform import dom

#: The small north-eastern states, also offered as buttons under the map (R-130).
SMALL_STATES = ("VT", "NH", "MA", "RI", "CT", "NJ", "DE", "MD")
REFEREE = -1


def _flag(code: str) -> str:
    # the flag alone, as the cut-out card shows it: the picture's text never names it
    return f'<img class="sq-flag" src="{flag_url(code)}" alt="The state\'s flag">'


def _card(code: str) -> str:
    return '<ul class="sq-card-box">' + hand_card_html(code).replace(' tabindex="0"', "") + "</ul>"


def _side_focus() -> str:
    """Embedded (``<html data-embed>``), the game so far scrolls by itself in a frame from
    601x440 (web/state_iq.css): it takes the keyboard's focus, so that the arrow keys
    scroll it (axe: scrollable-region-focusable), while the computer thinks too."""
    embedded = js.document.documentElement.hasAttribute("data-embed")
    return ' tabindex="0"' if embedded else ""


# ====================================================================== the game


class StateIQUI(GameUI):
    def __init__(self, game: WebGame) -> None:
        self.game = game
        self.shown_for: int | None = None  # the team whose screen is in the page
        self.waiting: int | None = None  # the hand-over screen is up for this team
        self.map: GuessMap | None = None
        self.seen_moves = 0

    def engine(self, setup: Setup) -> LocalEngine:
        return engine(setup)

    # ------------------------------------------------------------ the table

    def build(self, table: Table, area: Any) -> None:
        self.table = table
        self.area = area
        self.shown_for = None
        self.waiting = None
        self.seen_moves = len(table.engine.moves)
        saved = table.restored.extra if table.restored is not None else {}
        self.fed = bool(saved.get("fed"))
        # plain clicks (a tap is a click): no drag here, and a tap's late click must not
        # press the new button drawn where the old one was
        table.bindings.on(area, "click", self.on_click)
        table.bindings.on(area, "keydown", self.on_key)
        table.bindings.on(area, "input", self.on_input)

    def tick(self, table: Table) -> None:
        table.show_clock("Time", mmss(table.now()))

    def update(self, table: Table) -> None:
        ref = table.engine.view(REFEREE)
        table.root.setAttribute("data-phase", ref["phase"])
        me = viewer(ref, table.setup.mode, table.seat)
        self.say_new_moves(table, me)
        if me is None:
            return
        if table.setup.mode == "local" and me != self.shown_for:
            if self.waiting != me:  # pass the device: nothing of this screen stays
                self.waiting = me
                self.map = None
                table.status(f"Pass the device to {table.teams[me]}.")
                table.handover(table.teams[me], lambda: self.reveal(me))
            return
        self.render(me)

    def reveal(self, team: int) -> None:
        self.waiting = None
        self.shown_for = team
        self.table.update()

    def say_new_moves(self, table: Table, me: int | None) -> None:
        """Announce the other team's moves (the computer's clue or guess)."""
        moves = table.engine.moves
        for move in moves[self.seen_moves :]:
            if move["seat"] != me and move["kind"] in ("clue", "guess"):
                text = describe(move, table.teams, table.engine.over)
                if text and move["kind"] == "guess":
                    code = table.engine.view(REFEREE)["guesses"][-1]
                    text += " Right!" if code["correct"] else " Wrong."
                if text:
                    dom.announce(text)
        self.seen_moves = len(moves)

    # ------------------------------------------------------------ drawing

    def render(self, me: int) -> None:
        t = self.table
        v = t.engine.view(me)
        t.status(status_text(v, t.teams, me))
        phase = v["phase"]
        main = ""
        if phase == "plunge":
            main = self.plunge_html(v, me)
        elif phase == "clue" and v["guesser"] != me:
            main = self.clue_html(v)
        elif phase == "guess" and v["guesser"] == me:
            main = self.guess_html(v)
        else:
            who = t.teams[v["to_move"][0]] if v["to_move"] else ""
            main = f'<p class="sq-wait">{escape(who)} is thinking…</p>'
        self.area.innerHTML = (
            f'<div class="sq-game" data-phase="{phase}" data-team="{me}">'
            f'<div class="sq-main">{main}</div>'
            f'<aside class="sq-side" aria-label="The game so far"{_side_focus()}>'
            f"{self.side_html(v, me)}</aside>"
            "</div>"
        )
        self.map = None
        if phase == "plunge":
            box = dom.q(f"#sq{me}-plunge", self.area)
            dom.q(".kit-plunge-why", box).textContent = (
                "You have seen your card. GeoPlunging raises the stakes: the winner scores "
                "+10 if one team GeoPlunged, +20 if both did. The other team does not see "
                "your answer until both have decided."
            )
            show_plunge(box, v["plunge"]["mine"])
            first = dom.q("[data-plunge]:not([disabled])", self.area)
            if first is not None:
                first.focus()
        elif phase == "clue" and v["guesser"] != me:
            dom.q("[data-clue]", self.area).focus()
        elif phase == "guess" and v["guesser"] == me:
            self.map = GuessMap(
                self.pick, self.table.bindings, dom.q("#sq-mapbox", self.area), wrong_guesses(v)
            )
            dom.q("#sq-guess", self.area).focus()

    def plunge_html(self, v: dict[str, Any], me: int) -> str:
        title = self.table.teams[me]
        head = "Your card" if self.table.setup.mode == "bot" else f"{title}: your card"
        return (
            f'<section class="sq-held" aria-labelledby="sq-held-h"><h2 id="sq-held-h">'
            f"{escape(head)}</h2>{_card(v['held'])}</section>"
            + plunge_prompt_html(f"sq{me}", title, self.game)
        )

    def clue_html(self, v: dict[str, Any]) -> str:
        found = clue_options(v)
        assert found is not None
        card, options = found
        teams = self.table.teams
        buttons = []
        for i, o in enumerate(options):
            words = f"{_flag(o.flag)} Its flag" if o.flag else escape(o.text)
            buttons.append(
                f'<li><button type="button" class="bu-btn sq-option" data-clue="{i}">'
                f'<span class="sq-option-label">{escape(o.label)}</span>'
                f'<span class="sq-option-text">{words}</span></button></li>'
            )
        n = len(
            [c for c in v["clues"] if c["team"] == v["guesser"] and c["guess"] == v["guess_no"]]
        )
        of = f" ({n + 1} of {len(v['turned'])})" if len(v["turned"]) > 1 else ""
        self.options = options
        return (
            f'<section class="sq-held" aria-labelledby="sq-held-h"><h2 id="sq-held-h">'
            f"Your card (hidden from {escape(mid(teams[v['guesser']]))})</h2>{_card(v['held'])}"
            "</section>"
            f'<section class="sq-cluecard" aria-labelledby="sq-cc-h" data-card="{card["id"]}">'
            f'<h2 id="sq-cc-h">Clue card {card["id"]}: Type {card["type"]}{of}</h2>'
            f"<p>Pick the clue to give {escape(mid(teams[v['guesser']]))} for guess "
            f"{v['guess_no']}:</p>"
            f'<ul class="sq-options">{"".join(buttons)}</ul></section>'
        )

    def guess_html(self, v: dict[str, Any]) -> str:
        small = "".join(
            f'<li><button type="button" class="sq-small" data-pick="{c}"'
            f'{" disabled" if c in wrong_guesses(v) else ""}><span aria-hidden="true">{c}</span>'
            f'<span class="visually-hidden">{escape(state_name(c))}</span></button></li>'
            for c in SMALL_STATES
        )
        return (
            f"{self.clues_html(v, v['guesser'], current=True)}"
            '<div class="sq-answer" role="group" aria-labelledby="sq-guess-l">'
            f'<label id="sq-guess-l" for="sq-guess">Guess {v["guess_no"]} of 3: which state?'
            "</label>"
            '<div class="sq-answer-row"><input id="sq-guess" type="text" autocomplete="off" '
            'autocapitalize="words" spellcheck="false" aria-describedby="sq-reading">'
            '<button type="button" class="bu-btn bu-primary" data-act="guess">Guess</button></div>'
            '<p class="sq-reading" id="sq-reading" aria-live="polite"></p></div>'
            '<div class="sq-mapbox" id="sq-mapbox"></div>'
            '<div class="sq-smalls"><p id="sq-smalls-h">Small states:</p>'
            f'<ul aria-labelledby="sq-smalls-h">{small}</ul></div>'
        )

    def clues_html(self, v: dict[str, Any], guesser: int, current: bool) -> str:
        """The clues given to ``guesser``: ``current`` only those about the card it is
        after now (Level 4 deals new ones, R-134); a flag clue as its picture alone."""
        lines = clue_lines(v, guesser)
        target = len(v["cards"][1 - guesser]) - 1
        guessing = v["phase"] == "guess" and v["team"] == guesser
        if current:
            lines = [c for c in lines if c["target"] == target]
        elif guessing:  # the side list: the clues about the cards already named
            lines = [c for c in lines if c["target"] < target]
        items = "".join(
            f'<li data-guess="{c["guess"]}"><span class="sq-clue-n">Guess {c["guess"]}</span> '
            + '<span class="sq-clue-t">'
            + (f"{_flag(c['flag'])} Its flag" if c["flag"] else escape(c["text"]))
            + "</span></li>"
            for c in lines
        )
        head = (
            "Clues about this card"
            if current
            else "Clues about earlier cards"
            if guessing
            else f"Clues to {mid(self.table.teams[guesser])}"
        )
        hid = "sq-clues-now" if current else "sq-clues-all"
        return (
            f'<section class="sq-clues" aria-labelledby="{hid}">'
            f'<h2 id="{hid}">{escape(head)}</h2>'
            f'<ol class="sq-clue-list">{items or "<li>No clue yet.</li>"}</ol></section>'
        )

    def side_html(self, v: dict[str, Any], me: int) -> str:
        teams = self.table.teams
        parts = []
        first = v["first"]
        if v["first_by"] == "carry":
            why = "it won the Border-Up just played"
        else:
            a, b = v["pick"]
            ra, rb = (atlas.by_code()[c].statehood_rank for c in (a, b))
            why = (
                f"statehood pick: {mid(teams[0])} drew {state_name(a)} ({ordinal(ra)}), "
                f"{mid(teams[1])} drew {state_name(b)} ({ordinal(rb)})"
            )
        lead = verb(teams[first], "guesses first", "guess first")
        parts.append(f'<p class="sq-first">{escape(lead)} ({why}).</p>')
        if v["power"] is not None:
            order = v["power"]["abc"]
            now = v["guess_no"]
            letters = "".join(
                f"<li{' class=sq-now aria-current=step' if i + 1 == now else ''}>"
                f'<span class="visually-hidden">Guess {i + 1}: </span>Type {x}</li>'
                for i, x in enumerate(order)
            )
            parts.append(
                '<section class="sq-power" aria-labelledby="sq-power-h">'
                f'<h2 id="sq-power-h">Power card {v["power"]["id"]}: clue order</h2>'
                f'<ol class="sq-abc">{letters}</ol></section>'
            )
            plunged = v["plunge"]["teams"] or [False, False]
            said = [
                f"{teams[t]}: {'GeoPlunging' if plunged[t] else 'not GeoPlunging'}" for t in (0, 1)
            ]
            parts.append(f'<p class="sq-plunged">{escape(" · ".join(said))}</p>')
        rows = []
        for t in (first, 1 - first):
            got = [g for g in v["guesses"] if g["team"] == t]
            items = "".join(
                f'<li class="sq-{"right" if g["correct"] else "miss"}" data-code="{g["code"]}">'
                f"{g['guess']}. {escape(state_name(g['code']))} "
                f"<strong>{'right' if g['correct'] else 'wrong'}</strong></li>"
                for g in got
            )
            rows.append(
                f'<div class="sq-team-guesses" data-team="{t}"><h3>{escape(teams[t])} guessed</h3>'
                f"<ol>{items or '<li>Not yet.</li>'}</ol></div>"
            )
        parts.append(
            '<section class="sq-guesses" aria-labelledby="sq-guesses-h">'
            f'<h2 id="sq-guesses-h">Guesses</h2>{"".join(rows)}</section>'
        )
        giving = v["phase"] == "clue" and v["guesser"] != me
        g = v["guesser"]
        earlier = g is not None and v["level"] == 4 and len(v["cards"][1 - g]) > 1
        if g is not None and (giving or earlier):
            parts.append(self.clues_html(v, v["guesser"], current=False))
        return "".join(parts)

    # ------------------------------------------------------------ input

    def on_click(self, evt: Any) -> None:
        b = dom.closest(evt.target, "button")
        # the second click of a double click would press the button drawn in its place
        double = int(evt.detail or 0) > 1 and str(getattr(evt, "pointerType", "")) == "mouse"
        if b is not None and not b.disabled and not double:
            self.act(b)

    def act(self, b: Any) -> None:
        me = self.shown_for if self.table.setup.mode == "local" else self.table.seat
        if me is None:
            return
        if b.hasAttribute("data-plunge"):
            self.table.plunge(me, b.getAttribute("data-plunge") == "yes")
        elif b.hasAttribute("data-clue"):
            o = self.options[int(dom.attr(b, "data-clue") or 0)]
            if self.table.submit(me, "clue", [o.kind, o.value]):
                dom.announce(f"Clue given: {'the flag' if o.flag else o.text}.")
        elif b.hasAttribute("data-pick"):
            self.pick(dom.attr(b, "data-pick") or "")
        elif dom.attr(b, "data-act") == "guess":
            self.guess(me)

    def on_key(self, evt: Any) -> None:
        if evt.key == "Enter" and dom.attr(evt.target, "id") == "sq-guess":
            evt.preventDefault()
            me = self.shown_for if self.table.setup.mode == "local" else self.table.seat
            if me is not None:
                self.guess(me)

    def on_input(self, evt: Any) -> None:
        if dom.attr(evt.target, "id") != "sq-guess":
            return
        view = self.table.engine.view(REFEREE)
        r = read_guess(str(evt.target.value), wrong_guesses(view))
        # while typing: what it reads as, or why it cannot be guessed yet once it is close
        close = r.problem is not None and ("could be" in r.problem or "already" in r.problem)
        dom.q("#sq-reading", self.area).textContent = r.note or (r.problem if close else "")
        if self.map is not None:
            self.map.mark(r.code)

    def pick(self, code: str) -> None:
        """A state picked on the map or a small-state button fills the answer box."""
        box = dom.q("#sq-guess", self.area)
        if box is None or (self.map is not None and code in self.map.wrong):
            if self.map is not None and code in self.map.wrong:
                dom.q(
                    "#sq-reading", self.area
                ).textContent = f"{state_name(code)} was already guessed."
            return
        box.value = state_name(code)
        if self.map is not None:
            self.map.mark(code)
        dom.q("#sq-reading", self.area).textContent = f"{state_name(code)} picked: press Guess."

    def guess(self, me: int) -> None:
        box = dom.q("#sq-guess", self.area)
        if box is None:
            return
        view = self.table.engine.view(me)
        r = read_guess(str(box.value), wrong_guesses(view))
        if r.code is None:
            dom.q("#sq-reading", self.area).textContent = r.problem or ""
            box.focus()
            return
        if self.table.submit(me, "guess", r.code):
            after = self.table.engine.view(REFEREE)["guesses"][-1]
            verdict = "right!" if after["correct"] else "wrong."
            dom.announce(f"{self.table.teams[me]} guessed {state_name(r.code)}: {verdict}")

    # ------------------------------------------------------------ the log and result

    def describe(self, table: Table, move: dict[str, Any]) -> str | None:
        return describe(move, table.teams, table.engine.over)

    def extra(self) -> dict[str, Any]:
        return {"fed": self.fed}

    def feed_learn(self, table: Table) -> None:
        """A person's guesses count in Learn's statistics, once per game."""
        if self.fed:
            return
        self.fed = True
        people = [t for t in (0, 1) if t not in table.engine.bots]
        try:
            from cardroom.web.learn.store import feed  # noqa: PLC0415

            for fact, ok in learn_facts(self.final, people):
                feed(fact, ok)
        except Exception as exc:  # the game's result shows whatever the storage does
            js.console.warn(f"Learn statistics not kept: {exc}")
        table.save()  # the finished game's save remembers it was counted

    def headline(self, table: Table, result: dict[str, Any]) -> tuple[str, str]:
        self.final = table.engine.view(REFEREE)
        self.feed_learn(table)
        result["summary"] = result_summary(self.final, table.teams)
        self.result = result
        return super().headline(table, result)

    def team_note(self, table: Table, team: int) -> str:
        plunged = self.result.get("plunged", [False, False])[team]
        return '<p class="bu-plunged">GeoPlunged</p>' if plunged else ""

    def result_html(self, table: Table, result: dict[str, Any]) -> str:
        v = self.final
        teams = table.teams
        blocks = []
        for t in (v["first"], 1 - v["first"]):
            giver = 1 - t
            held = ", ".join(state_name(c) for c in v["cards"][giver] if c)
            got = [g for g in v["guesses"] if g["team"] == t]
            items = (
                "".join(
                    f'<li class="sq-{"right" if g["correct"] else "miss"}" data-code="{g["code"]}">'
                    f"Guess {g['guess']}: {escape(state_name(g['code']))} "
                    f"<strong>{'right' if g['correct'] else 'wrong'}</strong></li>"
                    for g in got
                )
                or "<li>No guess (the result was already decided).</li>"
            )
            clues = "; ".join("the flag" if c["flag"] else c["text"] for c in clue_lines(v, t))
            blocks.append(
                f'<div class="sq-recap-team" data-team="{t}"><h4>{escape(teams[t])} guessed '
                f"{escape(poss(teams[giver]))} {'cards' if len(v['cards'][giver]) > 1 else 'card'}"
                f" ({escape(held)})</h4><ol>{items}</ol>"
                f'<p class="sq-recap-clues">Clues: {escape(clues) or "none"}.</p></div>'
            )
        return (
            '<section class="sq-recap" aria-labelledby="sq-recap-h">'
            f'<h3 id="sq-recap-h">The guesses</h3>{"".join(blocks)}</section>'
        )


def mount(route: Route) -> KitScreen:
    return mount_game(StateIQUI, route)

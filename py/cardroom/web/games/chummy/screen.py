"""Chummy Challenge on the table kit: GeoPlungers, the question read word by word, the
buzzers and the answers.

The kit (``cardroom.web.kit.ui``) does the setup, the clock, Pause, saves, history and the
result frame; this module adds only what is Chummy Challenge's own. Every move goes
through the kit's engine client as JSON (``table.submit``) and everything shown comes
from the engine's views: the words read so far, never the rest (R-68). The Challenge
deck (``data/challenge.json``) is read only when this screen opens.
"""

from __future__ import annotations

from html import escape
from typing import Any

import js  # type: ignore[import-not-found]

from cardroom.geoplunge import challenge
from cardroom.geoplunge.chummy import PLAYERS
from cardroom.web.games.chummy.logic import (
    BOT_SEAT,
    answer_sentence,
    challenge_line,
    colour_label,
    countdown,
    describe,
    engine,
    free_players,
    key_team,
    player_name,
    power_text,
    source_text,
    summary,
)
from cardroom.web.kit.logic import LocalEngine, Route, Setup, WebGame
from cardroom.web.kit.screen import KitScreen, mount_game
from cardroom.web.kit.table import GameUI, Table
from cardroom.web.kit.ui import ButtonTaps, plunge_prompt_html, show_plunge
from cardroom.web.platform import dom

TITLE = "Chummy Challenge"
KEY_OF = {0: "A", 1: "L"}


# ====================================================================== reading aloud


class Voice:
    """Speech synthesis where the browser has an offline voice (feature-detected, off
    until a player turns it on; never required, R-147)."""

    def __init__(self) -> None:
        self.synth = dom.nullable(getattr(js.window, "speechSynthesis", None))
        self.on = False

    def voice(self) -> Any:
        if (
            self.synth is None
            or dom.nullable(getattr(js.window, "SpeechSynthesisUtterance", None)) is None
        ):
            return None
        try:
            voices = list(self.synth.getVoices())
        except Exception:
            return None
        local = [v for v in voices if bool(v.localService)]
        english = [v for v in local if str(v.lang).lower().startswith("en")]
        return (english or local or [None])[0]

    def say(self, words: list[str]) -> None:
        voice = self.voice() if self.on else None
        if voice is None or not words:
            return
        u = js.SpeechSynthesisUtterance.new(" ".join(words))
        u.voice = voice
        u.rate = 1.2
        self.synth.speak(u)

    def stop(self) -> None:
        if self.synth is not None:
            self.synth.cancel()


# ====================================================================== one team


class TeamPanel:
    """One team's half: GeoPlunging, then its GeoPlunger, the question, its buzzer and
    its answer."""

    def __init__(self, ui: ChummyUI, seat: int, host: Any, title: str) -> None:
        self.ui = ui
        self.table = ui.table
        self.seat = seat
        self.host = host
        self.shown_words = -1
        p = self.p = f"ch{seat}"
        key = KEY_OF[seat] if ui.local else "A"
        speak = (
            f'<label class="ch-speak" id="{p}-speak" hidden><input type="checkbox" '
            f'id="{p}-speak-box"> Read the questions aloud</label>'
            if seat == 0
            else ""
        )
        players = "".join(
            f'<button type="button" class="bu-btn ch-player" data-player="{i}">'
            f"{player_name(i)}</button>"
            for i in range(PLAYERS)
        )
        host.innerHTML = f"""
<header class="ch-team-head">
  <h2 class="ch-team-name" id="{p}-title">{escape(title)}</h2>
  <p class="ch-team-status" id="{p}-status"></p>
  <p class="ch-score" id="{p}-score"></p>{speak}
</header>
{plunge_prompt_html(p, title, ui.game)}
<div class="ch-play" id="{p}-play" hidden>
  <div class="ch-pick" id="{p}-pick" role="group" aria-labelledby="{p}-pick-h" hidden>
    <p class="ch-pick-h" id="{p}-pick-h"></p>
    <div class="ch-players">{players}</div>
  </div>
  <div class="ch-stage">
    <div class="ch-question" id="{p}-question">
      <p class="ch-colour" id="{p}-colour"></p>
      <p class="ch-words" id="{p}-words"></p>
    </div>
    <button type="button" class="ch-buzz" id="{p}-buzz" data-buzz aria-keyshortcuts="{key}"
      disabled>GeoPlunge! <span class="ch-key" aria-hidden="true">{key}</span></button>
  </div>
  <form class="ch-answer" id="{p}-answer" hidden novalidate>
    <label for="{p}-input">{escape(title) + ": your answer" if ui.local else "Your answer"}</label>
    <div class="ch-answer-row">
      <input id="{p}-input" type="text" maxlength="300" autocomplete="off"
        autocapitalize="words" spellcheck="false" aria-describedby="{p}-answer-help">
      <button type="submit" class="bu-btn bu-primary">Answer</button>
    </div>
    <p class="ch-answer-help" id="{p}-answer-help">Several answers: separate them with
      commas, in any order.</p>
  </form>
  <div class="ch-last" id="{p}-last"></div>
</div>"""
        self.status = dom.q(f"#{p}-status", host)
        self.score = dom.q(f"#{p}-score", host)
        self.plunge_box = dom.q(f"#{p}-plunge", host)
        self.play_box = dom.q(f"#{p}-play", host)
        self.pick_box = dom.q(f"#{p}-pick", host)
        self.colour = dom.q(f"#{p}-colour", host)
        self.words = dom.q(f"#{p}-words", host)
        self.buzz_btn = dom.q(f"#{p}-buzz", host)
        self.form = dom.q(f"#{p}-answer", host)
        self.input = dom.q(f"#{p}-input", host)
        self.last = dom.q(f"#{p}-last", host)
        ButtonTaps(self.table.bindings, host, self.act)
        self.table.bindings.on(self.form, "submit", self.on_answer)
        box = dom.q(f"#{p}-speak-box", host)
        if box is not None:
            box.checked = ui.voice.on
            self.table.bindings.on(box, "change", self.on_speak)

    def on_speak(self, evt: Any) -> None:
        self.ui.voice.on = bool(evt.target.checked)
        if not self.ui.voice.on:
            self.ui.voice.stop()

    # ------------------------------------------------------------ drawing

    def render(self, v: dict[str, Any], secret_ok: bool) -> None:
        t = self.table
        phase = v["phase"]
        cur = v.get("current") or {}
        names = t.teams
        score = v["score"]
        self.score.textContent = f"Challenges won: {names[0]} {score[0]} · {names[1]} {score[1]}"
        if phase == "plunge":
            self.plunge_box.hidden, self.play_box.hidden = False, True
            show_plunge(self.plunge_box, v["plunge"][self.seat])
            return
        self.plunge_box.hidden, self.play_box.hidden = True, False
        mine = cur.get("geoplungers", [None, None])[self.seat] if cur else None
        picking = phase == "seat" and mine is None
        self.pick_box.hidden = not picking
        if picking:
            dom.q(f"#{self.p}-pick-h", self.host).textContent = (
                f"Challenge {cur['number']}: who is {'your' if not self.ui.local else 'the'} "
                "GeoPlunger? Each player takes one challenge."
            )
            free = free_players(v, self.seat)
            for b in dom.qa("[data-player]", self.pick_box):
                i = int(dom.attr(b, "data-player") or 0)
                b.disabled = i not in free
                b.textContent = player_name(i) + ("" if i in free else " (done)")
        plungers = [
            player_name(g) if g is not None else "…" for g in (cur.get("geoplungers") or [])
        ]
        bits = []
        if cur:
            bits.append(f"Challenge {cur['number']}")
            if mine is not None:
                bits.append(f"GeoPlunger: {plungers[self.seat]}")
        if v["plunge"][self.seat]:
            bits.append("GeoPlunging")
        others = [x for x in cur.get("answering") or [] if x != self.seat]
        if phase == "answer" and others and self.seat not in (cur.get("answering") or []):
            bits.append(
                f"{names[others[0]]} {'are' if names[others[0]] == 'You' else 'is'} answering…"
            )
        self.status.textContent = " · ".join(bits)
        # the question, word by word
        colour = cur.get("colour")
        if colour:
            self.colour.textContent = colour_label(colour)
            self.colour.setAttribute("data-colour", colour)
        else:
            self.colour.textContent = (
                "The dealer turns the Power card…"
                if phase == "ask"
                else "Waiting for the GeoPlungers…"
            )
            self.colour.removeAttribute("data-colour")
        words = cur.get("words") or []
        if len(words) != self.shown_words:
            self.shown_words = len(words)
            tail = "" if cur.get("finished_reading") or not words else " …"
            self.words.textContent = " ".join(words) + tail
        legal = t.engine.legal(self.seat)
        can_buzz = "buzz" in legal and (not self.ui.bot or self.seat != BOT_SEAT)
        self.buzz_btn.disabled = not can_buzz
        buzzed = [b[0] for b in cur.get("buzzes") or []]
        self.buzz_btn.classList.toggle("is-buzzed", self.seat in buzzed)
        # the answer
        answering = phase == "answer" and self.seat in (cur.get("answering") or [])
        open_form = answering and cur.get("my_answer") is None and secret_ok
        was_hidden = bool(self.form.hidden)
        self.form.hidden = not open_form
        if open_form and was_hidden:
            self.input.value = ""
            self.input.focus()
        if answering and cur.get("my_answer") is not None:
            self.status.textContent += " · answered, waiting for the verdict"
        # the last challenge, while the next one is set up
        done = v["challenges"]
        if done and phase in ("seat", "ask"):
            self.last.innerHTML = self.ui.challenge_html(done[-1], len(done), v["level"])
            self.last.hidden = False
        else:
            self.last.hidden = True
            self.last.replaceChildren()

    # ------------------------------------------------------------ input

    def act(self, b: Any) -> None:
        if b.hasAttribute("data-plunge"):
            self.table.plunge(self.seat, b.getAttribute("data-plunge") == "yes")
        elif b.hasAttribute("data-player"):
            player = int(dom.attr(b, "data-player") or 0)
            if self.table.submit(self.seat, "geoplunger", player):
                dom.announce(f"{self.table.teams[self.seat]}: {player_name(player)} is GeoPlunger.")
        elif b.hasAttribute("data-buzz"):
            self.ui.buzz(self.seat)

    def on_answer(self, evt: Any) -> None:
        evt.preventDefault()
        text = str(self.input.value).strip()
        if not text:
            dom.announce("Type an answer first.")
            self.input.focus()
            return
        if self.table.submit(self.seat, "answer", text):
            dom.announce(f"{self.table.teams[self.seat]} answered.")


# ====================================================================== the game


class ChummyUI(GameUI):
    def __init__(self, game: WebGame) -> None:
        self.game = game
        self.panels: dict[int, TeamPanel] = {}
        self.voice = Voice()
        self.result: dict[str, Any] = {}
        self.handing: int | None = None  # the team the device is being passed to
        self.revealed: int | None = None  # the team answering secretly on screen
        self.secret_key: Any = None
        self.spoken = 0
        self.spoken_key: Any = None

    def engine(self, setup: Setup) -> LocalEngine:
        return engine(setup)

    @property
    def local(self) -> bool:
        return self.table.setup.mode == "local"

    @property
    def bot(self) -> bool:
        return self.table.setup.mode == "bot"

    # ------------------------------------------------------------ the table

    def build(self, table: Table, area: Any) -> None:
        self.table = table
        self.area = area
        self.handing = self.revealed = None
        self.secret_key = None
        self.lay_out()
        table.bindings.on(js.document, "keydown", self.on_key)
        synth = self.voice.synth
        if synth is not None:
            table.bindings.on(synth, "voiceschanged", lambda _e: self.show_speak())

    def lay_out(self) -> None:
        table = self.table
        self.panels = {}
        seats = {1: "Team 2", 0: "Team 1"} if self.local else {table.seat: "You"}
        table.layout(self.area, "ch", seats)
        self.root = dom.q(".ch-game", self.area)
        for seat, title in seats.items():
            self.panels[seat] = TeamPanel(self, seat, dom.q(f"#ch-half-{seat}", self.area), title)
        self.show_speak()

    def show_speak(self) -> None:
        label = dom.by_id("ch0-speak")
        if label is not None:
            label.hidden = self.voice.voice() is None and not self.voice.on

    def tick(self, table: Table) -> None:
        view = table.engine.view(-1)
        label, secs = countdown(view, table.now())
        table.show_clock(label, "" if secs is None else f"{secs} s")
        table.show_count(secs)

    def update(self, table: Table) -> None:
        ref = table.engine.view(-1)
        phase = ref["phase"]
        table.root.setAttribute("data-phase", phase)
        cur = ref.get("current") or {}
        if self.local and self.secret_answers(ref):
            return
        if self.root is None or not self.root.isConnected:
            self.lay_out()
        self.root.setAttribute("data-phase", phase)
        for seat, panel in self.panels.items():
            panel.render(table.engine.view(seat), self.revealed in (None, seat))
        self.speak(cur, phase)
        self.tick(table)
        if self.bot:
            table.status(self.bot_status(ref))

    def secret_answers(self, ref: dict[str, Any]) -> bool:
        """Two teams on one device who buzzed together answer one after the other, the
        device passed between them (R-64, R-148): True while the hand-over shows."""
        cur = ref.get("current") or {}
        both = ref["phase"] == "answer" and len(cur.get("answering") or []) == 2
        box = dom.q("#kit-handover", self.table.root)
        if not both:
            if self.handing is not None or self.revealed is not None:
                self.handing = self.revealed = None
                box.hidden = True
                box.replaceChildren()
            return False
        pending = [t for t in (0, 1) if self.table.engine.view(t)["current"]["my_answer"] is None]
        if self.revealed in pending or not pending:
            return False
        nxt = pending[0]
        if self.handing == nxt:
            return True
        self.handing, self.revealed = nxt, None
        self.panels = {}

        def reveal() -> None:
            self.handing, self.revealed = None, nxt
            self.lay_out()
            self.table.update()

        team = self.table.teams[nxt]
        self.table.handover(
            team,
            reveal,
            title=f"Both teams buzzed: pass the device to {team}",
            button="Show our answer box",
        )
        return True

    def speak(self, cur: dict[str, Any], phase: str) -> None:
        key = (cur.get("number"), cur.get("colour"))
        if key != self.spoken_key:
            self.spoken_key, self.spoken = key, 0
        words = cur.get("words") or []
        if phase != "read":
            if self.spoken and phase == "window":
                self.voice.stop()
            self.spoken = len(words)
            return
        if len(words) > self.spoken:
            self.voice.say(words[self.spoken :])
            self.spoken = len(words)

    def bot_status(self, ref: dict[str, Any]) -> str:
        phase = ref["phase"]
        cur = ref.get("current") or {}
        if phase == "plunge":
            planned = self.table.engine.planned.get(BOT_SEAT)
            waiting = planned is not None and planned.get("kind") == "plunge"
            return "The computer is deciding…" if waiting else "The computer has decided."
        if phase == "over":
            return ""
        g = (cur.get("geoplungers") or [None, None])[BOT_SEAT]
        who = (
            f"The computer's GeoPlunger: {player_name(g)}"
            if g is not None
            else ("The computer is naming its GeoPlunger…")
        )
        if any(b[0] == BOT_SEAT for b in cur.get("buzzes") or []):
            return f"{who} · The computer buzzed!"
        return who

    def buzz(self, seat: int) -> None:
        t = self.table
        if "buzz" not in t.engine.legal(seat):
            return
        if t.submit(seat, "buzz"):
            self.voice.stop()
            t.banner("<strong>GeoPlunge!</strong>", f"{t.teams[seat]} buzzed GeoPlunge!")

    def on_key(self, evt: Any) -> None:
        if evt.ctrlKey or evt.metaKey or evt.altKey or evt.repeat:
            return
        if dom.typing_in(evt.target):
            return
        team = key_team(str(evt.key), self.table.setup.mode)
        if team is None or self.table.finished or self.table.paused:
            return
        if not dom.q("#kit-handover", self.table.root).hidden:
            return
        evt.preventDefault()
        self.buzz(team)

    def describe(self, table: Table, move: dict[str, Any]) -> str | None:
        return describe(move, table.engine.view(-1), table.teams)

    def stop(self) -> None:
        self.voice.stop()
        self.panels = {}

    # ------------------------------------------------------------ challenges

    def challenge_html(self, ch: dict[str, Any], number: int, level: int) -> str:
        names = self.table.teams
        q = challenge.question(ch["card"], ch["colour"]) if ch["colour"] else None
        answers = "".join(
            f'<li data-correct="{str(a["correct"]).lower()}">'
            f"{escape(answer_sentence(a, names, q))}</li>"
            for a in ch["answers"]
        )
        winner = "tie" if ch["winner"] is None else str(ch["winner"])
        return (
            f'<article class="ch-done" data-challenge="{number}" data-winner="{winner}">'
            f'<h3 class="ch-done-h"><span class="ch-chip" data-colour="{ch["colour"]}">'
            f"{escape(ch['colour'])}</span> Challenge {number}</h3>"
            f'<p class="ch-done-line">{escape(challenge_line(ch, names))}</p>'
            f'<p class="ch-done-q">{escape(ch["question"])}</p>'
            f'<p class="ch-done-a"><strong>Answer:</strong> {escape(ch["answer"])}'
            f'<span class="ch-source">{escape(source_text(ch["source"]))}</span></p>'
            + (f'<ul class="ch-answers">{answers}</ul>' if answers else "")
            + f'<p class="ch-power">{escape(power_text(ch["power"], level, ch["colour"]))}</p>'
            "</article>"
        )

    # ------------------------------------------------------------ the result

    def headline(self, table: Table, result: dict[str, Any]) -> tuple[str, str]:
        self.result = result
        view = table.engine.view(-1)
        result["summary"] = summary(view, table.teams)
        return super().headline(table, result)

    def team_note(self, table: Table, team: int) -> str:
        plunged = self.result.get("plunged", [False, False])[team]
        return '<p class="kit-plunged">GeoPlunged</p>' if plunged else ""

    def result_html(self, table: Table, result: dict[str, Any]) -> str:
        view = table.engine.view(-1)
        items = "".join(
            self.challenge_html(ch, i, view["level"])
            for i, ch in enumerate(view["challenges"], start=1)
        )
        return (
            '<section class="ch-challenges" aria-labelledby="ch-challenges-h">'
            f'<h3 id="ch-challenges-h">The challenges</h3>{items}</section>'
        )


def mount(route: Route) -> KitScreen:
    return mount_game(ChummyUI, route)

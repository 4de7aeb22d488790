"""A Learn quiz being played (Pyodide only): the question, its map, shape, flag or Map
card, the answer (map click, tap or keyboard; typed; multiple choice; a set of names),
the feedback, and the clock. The decisions are :class:`~cardroom.web.learn.logic.QuizRun`'s;
every final answer is kept in the student's statistics at once."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any, Protocol

from pyodide.ffi.wrappers import clear_interval, set_interval  # type: ignore[import-not-found]

from cardroom.web.atlas.screen import ARROWS, nearest_in_direction
from cardroom.web.learn.logic import Outcome, QuizRun, answer_text
from cardroom.web.learn.records import Store, record
from cardroom.web.learn.store import LearnMap, now_ms, shape_svg, today
from cardroom.web.platform import dom
from cardroom.web.platform import listeners as kit_dom

__all__ = ["QuizHost", "QuizView"]


class QuizHost(Protocol):
    """What a quiz needs of Learn's screen (:class:`cardroom.web.learn.screen.LearnScreen`):
    the states' names, whether the keyboard is in use, the students' store and a save."""

    @property
    def names(self) -> dict[str, str]: ...

    @property
    def keyboard_used(self) -> bool: ...

    @property
    def store(self) -> Store: ...

    def save(self, *, every: bool = False) -> None: ...


def _clock(ms: float) -> str:
    s = max(0, int(ms // 1000))
    return f"{s // 60}:{s % 60:02d}"


class QuizView:
    """Plays ``run`` in ``host``; calls ``on_end(run)`` when the quiz is over."""

    def __init__(
        self, screen: QuizHost, host: Any, run: QuizRun, on_end: Callable[[QuizRun], None]
    ) -> None:
        self.screen = screen
        self.run = run
        self.on_end = on_end
        self.bindings = kit_dom.Listeners()
        self.map: LearnMap | None = None  # the Find-the-state map, kept for the whole quiz
        self.focus_code: str | None = None
        host.innerHTML = f"""
<div class="ln-quiz" data-kind="{escape(run.questions[0].kind)}">
  <div class="ln-bar">
    <p class="ln-title">{escape(run.title)}</p>
    <p class="ln-count" id="ln-count"></p>
    <p class="ln-score" id="ln-score"></p>
    <p class="ln-clock"><span class="ln-clock-label" id="ln-clock-label"></span>
      <span class="ln-clock-value" id="ln-clock"></span></p>
    <button type="button" class="bu-btn bu-quiet bu-small ln-stop" id="ln-stop">Stop quiz</button>
  </div>
  <h2 class="ln-prompt" id="ln-prompt" tabindex="-1"></h2>
  <div class="ln-play">
    <div class="ln-stage" id="ln-stage"></div>
    <div class="ln-side">
      <div class="ln-answer" id="ln-answer"></div>
      <p class="ln-feedback" id="ln-feedback" role="status"></p>
      <button type="button" class="bu-btn bu-primary ln-next" id="ln-next" hidden>Next</button>
    </div>
  </div>
</div>"""
        self.host = host
        self.stage = dom.q("#ln-stage", host)
        self.answer_box = dom.q("#ln-answer", host)
        self.feedback = dom.q("#ln-feedback", host)
        self.next_btn = dom.q("#ln-next", host)
        self.clock = dom.q("#ln-clock", host)
        dom.q("#ln-clock-label", host).textContent = "Time left" if run.timed else "Time"
        on = self.bindings.on
        on(dom.q("#ln-stop", host), "click", lambda _e: self.stop())
        on(self.next_btn, "click", lambda _e: self.go_next())
        on(self.stage, "click", self.on_stage_click)
        on(self.stage, "keydown", self.on_stage_key)
        on(self.answer_box, "click", self.on_answer_click)
        on(self.answer_box, "submit", self.on_submit)
        on(host, "keydown", self.on_key)
        self.ticker = set_interval(self.tick, 250)
        self.show_question()
        self.tick()

    # ------------------------------------------------------------ drawing

    def show_question(self) -> None:
        q = self.run.current
        if q is None:
            return
        n = len(self.run.questions)
        dom.q("#ln-count", self.host).textContent = f"Question {self.run.index + 1} of {n}"
        dom.q("#ln-score", self.host).textContent = f"Score {self.run.score}"
        prompt = dom.q("#ln-prompt", self.host)
        prompt.textContent = q.prompt
        self.host.firstElementChild.setAttribute("data-kind", q.kind)
        self.host.firstElementChild.setAttribute("data-mode", q.mode)
        self.feedback.textContent = ""
        self.feedback.className = "ln-feedback"
        self.next_btn.hidden = True
        self.draw_stage(q)
        self.draw_answer(q)

    def draw_stage(self, q: Any) -> None:
        names = self.screen.names
        if q.mode == "map":
            if self.map is None:
                self.map = LearnMap(
                    self.stage,
                    "Map of the United States: click, tap or press Enter on the state asked",
                    interactive=True,
                )
            self.map.unmark("ln-target")
            self.map.unmark("ln-miss")
            self.map.unmark("ln-found")
            return
        self.map = None
        if q.kind == "name":
            shape_svg(self.stage, q.show, "The shape of the state to name")
        elif q.kind == "flags":
            self.stage.innerHTML = (
                f'<img class="ln-flag" src="flags/{escape(q.show)}.svg" '
                'alt="The flag to name" width="300" height="200">'
            )
        elif q.kind in ("map-cards", "borders"):
            label = (
                "Map card: one state in red on the US map"
                if q.kind == "map-cards"
                else f"{names[q.state]} in red on the US map"
            )
            m = LearnMap(self.stage, label, interactive=False)
            m.mark(q.show or q.state, "ln-card")
        else:
            self.stage.innerHTML = ""
        self.stage.classList.toggle("ln-stage-empty", not self.stage.hasChildNodes())

    def draw_answer(self, q: Any) -> None:
        if q.mode == "map":
            self.answer_box.innerHTML = (
                '<p class="ln-hint">Click or tap the state (small north-eastern states also by '
                "their boxes on the right). Keyboard: <kbd>Tab</kbd> to the map, arrow keys to "
                "move, <kbd>Enter</kbd> to answer.</p>"
                '<button type="button" class="bu-btn bu-quiet" data-act="show">Show me</button>'
            )
        elif q.mode in ("typed", "set"):
            label = "Every neighbour, separated by commas" if q.mode == "set" else "Your answer"
            self.answer_box.innerHTML = (
                '<form class="ln-typed" autocomplete="off">'
                f'<label for="ln-input">{label}</label>'
                '<input id="ln-input" name="answer" type="text" autocomplete="off" '
                'autocapitalize="off" spellcheck="false" enterkeyhint="done">'
                '<div class="ln-typed-buttons">'
                '<button type="submit" class="bu-btn bu-primary">Check</button>'
                '<button type="button" class="bu-btn bu-quiet" data-act="show">Show me</button>'
                "</div></form>"
            )
            dom.q("#ln-input", self.answer_box).focus()
        else:
            buttons = "".join(
                f'<li><button type="button" class="bu-btn ln-choice" data-choice="{escape(c)}">'
                f'<span class="ln-key" aria-hidden="true">{i}</span> {escape(c)}</button></li>'
                for i, c in enumerate(q.choices, start=1)
            )
            self.answer_box.innerHTML = (
                f'<ul class="ln-choices" aria-label="Choices">{buttons}</ul>'
                '<p class="ln-hint">Keys <kbd>1</kbd> to '
                f"<kbd>{len(q.choices)}</kbd> pick a choice.</p>"
            )
            first = dom.q(".ln-choice", self.answer_box)
            if first is not None and self.screen.keyboard_used:
                first.focus()

    # ------------------------------------------------------------ answering

    def give(self, value: Any) -> None:
        q = self.run.current
        if q is None:
            return
        out = self.run.answer(value, now_ms())
        self.after(q, out)

    def after(self, q: Any, out: Outcome) -> None:
        if not out.message:
            return
        self.feedback.textContent = out.message
        if q.mode == "map" and self.map is not None and out.clicked:
            if out.ok or (out.final and not self.run.revealed):
                self.map.mark(out.clicked, "ln-found")
            elif out.clicked != q.state:
                self.map.unmark("ln-miss")
                self.map.mark(out.clicked, "ln-miss")
        if not out.final:
            self.feedback.className = "ln-feedback ln-bad"
            inp = dom.q("#ln-input", self.answer_box)
            if inp is not None:
                inp.focus()
            return
        if record(self.screen.store, out, today()):
            self.screen.save()
        self.feedback.className = "ln-feedback " + ("ln-good" if out.ok else "ln-bad")
        if q.mode == "map" and self.map is not None and not out.ok:
            self.map.mark(q.state, "ln-target")
        if q.mode not in ("map",) and not out.ok and "answer is" not in out.message:
            self.feedback.textContent = f"{out.message} The answer: {answer_text(q)}."
        for b in dom.qa("button, input", self.answer_box):
            b.disabled = True
        for b in dom.qa(".ln-choice", self.answer_box):
            value = dom.attr(b, "data-choice") or ""
            if value == str(q.answer):
                b.classList.add("ln-right")
        dom.q("#ln-score", self.host).textContent = f"Score {self.run.score}"
        self.next_btn.textContent = (
            "See the result" if self.run.index + 1 == len(self.run.questions) else "Next"
        )
        self.next_btn.hidden = False
        self.next_btn.focus()

    def go_next(self) -> None:
        if not self.run.waiting:
            return
        self.run.next(now_ms())
        if self.run.ended:
            self.finish()
            return
        self.show_question()
        q = self.run.current
        if q is not None and q.mode == "map" and self.focus_code and self.map is not None:
            self.map.shapes[self.focus_code].focus()
        elif q is not None and q.mode == "map":
            dom.q("#ln-prompt", self.host).focus()

    def stop(self) -> None:
        self.run.ended, self.run.ended_ms = True, now_ms()
        self.finish()

    def finish(self) -> None:
        self.close()
        self.on_end(self.run)

    def close(self) -> None:
        clear_interval(self.ticker)
        self.bindings.clear()

    def tick(self) -> None:
        now = now_ms()
        if self.run.timed:
            if self.run.expire(now):
                self.finish()
                return
            left = self.run.time_left(now) or 0
            self.clock.textContent = _clock(left + 999)
        else:
            self.clock.textContent = _clock(now - self.run.started_ms)

    # ------------------------------------------------------------ events

    def on_stage_click(self, evt: Any) -> None:
        if self.map is None or self.run.waiting:
            return
        code = self.map.code_of(evt.target)
        if code:
            self.give(code)

    def on_stage_key(self, evt: Any) -> None:
        if self.map is None:
            return
        target = dom.closest(evt.target, "[data-state]")
        if target is None:
            return
        code = str(dom.attr(target, "data-state"))
        key = str(evt.key)
        if key in ("Enter", " ", "Spacebar"):
            evt.preventDefault()
            evt.stopPropagation()
            self.focus_code = code
            if not self.run.waiting:
                self.give(code)
        elif key in ARROWS:
            evt.preventDefault()
            nxt = nearest_in_direction(self.map.centres, code, ARROWS[key])
            if nxt is not None:
                self.focus_code = nxt
                self.map.shapes[nxt].focus()

    def on_answer_click(self, evt: Any) -> None:
        btn = dom.closest(evt.target, "button")
        if btn is None or btn.disabled:
            return
        if dom.attr(btn, "data-act") == "show":
            q = self.run.current
            if q is not None:
                self.after(q, self.run.give_up(now_ms()))
            return
        choice = dom.attr(btn, "data-choice")
        if choice is not None:
            q = self.run.current
            out = self.run.answer(choice, now_ms())
            if not out.ok and out.final:
                btn.classList.add("ln-wrong")
            if q is not None:
                self.after(q, out)

    def on_submit(self, evt: Any) -> None:
        evt.preventDefault()
        inp = dom.q("#ln-input", self.answer_box)
        if inp is not None and not self.run.waiting:
            self.give(str(inp.value))

    def on_key(self, evt: Any) -> None:
        key = str(evt.key)
        q = self.run.current
        if q is None or self.run.waiting or q.mode != "choice":
            return
        if key.isdigit() and 1 <= int(key) <= len(q.choices):
            tag = str(getattr(evt.target, "tagName", "")).upper()
            if tag == "INPUT":
                return
            evt.preventDefault()
            btn = dom.qa(".ln-choice", self.answer_box)[int(key) - 1]
            btn.click()

"""Learn mode's quiz menu (Pyodide only): the quiz, how to answer, which states (all,
a region, or chosen on the map by click, tap or keyboard), the length and the clock, and
the drill's box (R-159). Mixed into :class:`cardroom.web.learn.screen.LearnScreen`, which
owns the fields named below."""

from __future__ import annotations

from html import escape
from typing import Any

from cardroom.learn import KINDS, LENGTHS, REGIONS
from cardroom.web.learn.logic import (
    MODE_TITLES,
    REGION_TITLES,
    SECONDS_PER_QUESTION,
    LearnOptions,
    parse_learn,
    set_title,
)
from cardroom.web.learn.store import LearnMap
from cardroom.web.platform import dom
from cardroom.web.platform import listeners as kit_dom

__all__ = ["DRILL_LENGTH", "QuizMenu"]

DRILL_LENGTH = 10


class QuizMenu:
    """The quiz menu of :class:`~cardroom.web.learn.screen.LearnScreen`."""

    opts: LearnOptions
    body: Any
    store: Any
    names: dict[str, str]
    view_bindings: kit_dom.Listeners
    picked: set[str]
    pick_map: LearnMap

    # the screen's
    def start(self, opts: LearnOptions | None, *, update_url: bool = True) -> None:
        raise NotImplementedError

    def show_menu(self) -> None:
        o = self.opts
        kinds = "".join(
            f'<label class="kit-choice ln-kind-choice"><input type="radio" name="kind" '
            f'value="{k}"{" checked" if k == o.kind else ""}><span class="kit-choice-label">'
            f"{escape(v['title'])}</span></label>"
            for k, v in KINDS.items()
        )
        modes = "".join(
            f'<label class="kit-choice"><input type="radio" name="mode" value="{m}">'
            f'<span class="kit-choice-label">{escape(t)}</span></label>'
            for m, t in MODE_TITLES.items()
        )
        how = "all" if o.states == "all" else "region" if o.states in REGIONS else "custom"
        regions = "".join(
            f'<option value="{r}"{" selected" if r == o.states else ""}>'
            f"{escape(set_title(r))}</option>"
            for r in REGION_TITLES
        )

        def radio(name: str, value: str, label: str, checked: bool) -> str:
            c = " checked" if checked else ""
            return (
                f'<label class="kit-choice"><input type="radio" name="{name}" value="{value}"'
                f'{c}><span class="kit-choice-label">{escape(label)}</span></label>'
            )

        lengths = "".join(radio("length", str(n), f"{n} questions", n == o.length) for n in LENGTHS)
        self.body.innerHTML = f"""
<div class="ln-menu">
  <form class="ln-setup" id="ln-setup" novalidate>
    <fieldset class="kit-fieldset"><legend>Quiz</legend>
      <div class="ln-kinds">{kinds}</div></fieldset>
    <fieldset class="kit-fieldset"><legend>Answer by</legend>
      <div class="ln-modes">{modes}</div></fieldset>
    <fieldset class="kit-fieldset"><legend>States</legend>
      <div class="ln-modes">
        {radio("how", "all", "All 50 states", how == "all")}
        {radio("how", "region", "A region", how == "region")}
        {radio("how", "custom", "Choose on the map", how == "custom")}
      </div>
      <p class="ln-row" id="ln-region-row"><label for="ln-region">Region</label>
        <select id="ln-region">{regions}</select></p>
      <div class="ln-pick" id="ln-pick">
        <p class="ln-hint" id="ln-pick-count" role="status"></p>
        <div class="ln-pick-map" id="ln-pick-map"></div>
      </div>
    </fieldset>
    <fieldset class="kit-fieldset"><legend>Length and clock</legend>
      <div class="ln-modes">{lengths}</div>
      <p class="ln-row"><input type="checkbox" id="ln-timed"{" checked" if o.timed else ""}>
        <label for="ln-timed">Timed: {SECONDS_PER_QUESTION} seconds a question</label></p>
    </fieldset>
    <p class="kit-setup-error" id="ln-setup-error" role="alert"></p>
    <button type="submit" class="bu-btn bu-primary kit-start">Start quiz</button>
  </form>
  <section class="ln-panel ln-drill-box" aria-labelledby="ln-drill-h">
    <h2 id="ln-drill-h">Drill</h2>
    <p>{DRILL_LENGTH} questions from {escape(self.store.current)}'s weakest and least recently
    seen facts: every mistake comes back until it is known (Leitner boxes).</p>
    <button type="button" class="bu-btn bu-primary" data-go="drill">Start a drill</button>
  </section>
</div>"""
        form = dom.q("#ln-setup", self.body)
        self.picked: set[str] = set()
        if how == "custom":
            self.picked = set(o.states.split(","))
        self.pick_map = LearnMap(
            dom.q("#ln-pick-map", self.body),
            "Map of the United States: press a state to add it to the quiz or take it out",
            interactive=True,
            pressed=True,
        )
        for code, shape in self.pick_map.shapes.items():
            shape.setAttribute("aria-pressed", "true" if code in self.picked else "false")
        self.pick_map.colour({c: "1" if c in self.picked else "0" for c in self.names}, "ln-pick-")
        vb = self.view_bindings
        vb.on(form, "change", lambda _e: self.sync_menu())
        vb.on(form, "submit", self.on_setup_submit)
        vb.on(self.pick_map.svg, "click", self.on_pick)
        vb.on(self.pick_map.svg, "keydown", self.on_pick_key)
        mode_input = dom.q(f'input[name="mode"][value="{o.mode}"]', form)
        if mode_input is not None:
            mode_input.checked = True
        self.sync_menu()

    def form_value(self, name: str) -> str:
        el = dom.q(f'#ln-setup input[name="{name}"]:checked', self.body)
        return str(el.value) if el is not None else ""

    def sync_menu(self) -> None:
        kind = self.form_value("kind") or "find"
        modes = KINDS[kind]["modes"]
        for inp in dom.qa('#ln-setup input[name="mode"]', self.body):
            ok = str(inp.value) in modes
            inp.disabled = not ok
            inp.closest("label").hidden = not ok
        if self.form_value("mode") not in modes:
            first = dom.q(f'#ln-setup input[name="mode"][value="{modes[0]}"]', self.body)
            want = "typed" if "typed" in modes else modes[0]
            first = dom.q(f'#ln-setup input[name="mode"][value="{want}"]', self.body) or first
            first.checked = True
        how = self.form_value("how")
        dom.q("#ln-region-row", self.body).hidden = how != "region"
        dom.q("#ln-pick", self.body).hidden = how != "custom"
        n = len(self.picked)
        dom.q("#ln-pick-count", self.body).textContent = (
            f"{n} state{'s' if n != 1 else ''} chosen. Click, tap or press Enter on a state "
            "to add or remove it."
        )

    def toggle_pick(self, code: str) -> None:
        if code in self.picked:
            self.picked.discard(code)
        else:
            self.picked.add(code)
        on = code in self.picked
        self.pick_map.shapes[code].setAttribute("aria-pressed", "true" if on else "false")
        self.pick_map.colour({code: "1" if on else "0"}, "ln-pick-")
        self.sync_menu()

    def on_pick(self, evt: Any) -> None:
        code = self.pick_map.code_of(evt.target)
        if code:
            self.toggle_pick(code)

    def on_pick_key(self, evt: Any) -> None:
        target = dom.closest(evt.target, "[data-state]")
        if target is not None and str(evt.key) in ("Enter", " "):
            evt.preventDefault()
            self.toggle_pick(str(dom.attr(target, "data-state")))

    def setup_error(self, text: str) -> None:
        box = dom.q("#ln-setup-error", self.body)
        if box is not None:
            box.textContent = text

    def on_setup_submit(self, evt: Any) -> None:
        evt.preventDefault()
        kind = self.form_value("kind") or "find"
        how = self.form_value("how")
        states = "all"
        if how == "region":
            states = str(dom.q("#ln-region", self.body).value)
        elif how == "custom":
            if not self.picked:
                self.setup_error("Choose at least one state on the map.")
                return
            states = ",".join(sorted(self.picked))
        params = {
            "learn": kind,
            "mode": self.form_value("mode"),
            "set": states,
            "length": self.form_value("length") or "10",
            "timed": "1" if dom.q("#ln-timed", self.body).checked else "0",
        }
        opts, problems = parse_learn(params)
        if problems:
            self.setup_error(" ".join(problems))
            return
        self.start(opts)

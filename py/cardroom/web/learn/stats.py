"""Learn's progress and class screens (Pyodide only): the mastery map coloured per quiz
type, the 10 weakest states, the chart over days, export, import and Reset; and the
teacher's class summary from many students' files, printable."""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from typing import Any, Protocol

import js  # type: ignore[import-not-found]

from cardroom.core import CorruptState
from cardroom.learn import BOX_DAYS, KINDS, to_json
from cardroom.web.learn.figures import (
    MASTERY_WORDS,
    chart_rows,
    chart_svg,
    class_rows,
    class_table_html,
    export_name,
    mastery_boxes,
    mastery_counts,
    weakest_states,
)
from cardroom.web.learn.records import Store, answered
from cardroom.web.learn.store import LearnMap, download, today
from cardroom.web.platform import dom
from cardroom.web.platform import listeners as kit_dom

__all__ = ["ClassView", "ProgressView", "StatsHost"]


class StatsHost(Protocol):
    """What the progress and class views need of Learn's screen
    (:class:`cardroom.web.learn.screen.LearnScreen`): the students' store, a save, its
    dialog, its views and its status line."""

    @property
    def store(self) -> Store: ...

    def save(self, *, every: bool = False) -> None: ...

    def confirm(
        self,
        title: str,
        text: str,
        ok_label: str,
        action: Callable[[], None],
        *,
        ask_name: bool = False,
    ) -> None: ...

    def show_view(self, name: str, *, update_url: bool = True) -> None: ...

    def say(self, text: str) -> None: ...

    def refresh_students(self) -> None: ...


def _kind_options(selected: str) -> str:
    opts = [("all", "All quiz types")] + [(k, v["title"]) for k, v in KINDS.items()]
    return "".join(
        f'<option value="{k}"{" selected" if k == selected else ""}>{escape(t)}</option>'
        for k, t in opts
    )


class ProgressView:
    """One student's progress: mastery map, weakest states, chart, file and Reset."""

    def __init__(self, screen: StatsHost, host: Any, kind: str = "all") -> None:
        self.screen = screen
        self.host = host
        self.kind = kind
        self.bindings = kit_dom.Listeners()
        p = screen.store.progress
        legend = "".join(
            f'<li><span class="ln-swatch ln-m{b}" aria-hidden="true"></span>'
            f"{escape(MASTERY_WORDS[b])}{' (box ' + str(b) + ')' if b else ''}</li>"
            for b in range(len(BOX_DAYS) + 1)
        )
        host.innerHTML = f"""
<div class="ln-progress">
  <section class="ln-panel ln-mastery" aria-labelledby="ln-mastery-h">
    <h2 id="ln-mastery-h">Mastery map of {escape(p.name)}</h2>
    <div class="ln-row">
      <label for="ln-kind">Quiz type</label>
      <select id="ln-kind">{_kind_options(kind)}</select>
    </div>
    <div class="ln-mastery-map" id="ln-mastery-map"></div>
    <p class="ln-mastery-counts" id="ln-mastery-counts"></p>
    <ul class="ln-legend" aria-label="Map colours">{legend}</ul>
  </section>
  <div class="ln-side-panels">
    <section class="ln-panel" aria-labelledby="ln-weak-h">
      <h2 id="ln-weak-h">10 weakest states</h2>
      <ol class="ln-weakest" id="ln-weakest"></ol>
    </section>
    <section class="ln-panel ln-chart" aria-labelledby="ln-chart-h">
      <h2 id="ln-chart-h">Answers over the last 14 days</h2>
      <div id="ln-chart"></div>
      <details class="ln-chart-numbers"><summary>The numbers</summary>
        <div id="ln-chart-table"></div></details>
    </section>
    <section class="ln-panel ln-files" aria-labelledby="ln-files-h">
      <h2 id="ln-files-h">Keep and move progress</h2>
      <p class="ln-note">{answered(p)} answers kept on this device only; nothing is sent
      anywhere.</p>
      <div class="ln-buttons">
        <button type="button" class="bu-btn" data-act="export">Export progress</button>
        <label class="bu-btn ln-file-btn">Import a progress file
          <input type="file" id="ln-import" accept=".json,application/json"
            class="visually-hidden"></label>
        <button type="button" class="bu-btn bu-quiet" data-act="reset">Reset…</button>
        <button type="button" class="bu-btn bu-quiet" data-act="remove">Remove student…</button>
      </div>
      <p class="ln-file-msg" id="ln-file-msg" role="status"></p>
    </section>
  </div>
</div>"""
        self.map = LearnMap(dom.q("#ln-mastery-map", host), "Mastery map", interactive=False)
        on = self.bindings.on
        on(dom.q("#ln-kind", host), "change", self.on_kind)
        on(host, "click", self.on_click)
        on(dom.q("#ln-import", host), "change", self.on_import)
        self.draw()

    def draw(self) -> None:
        p = self.screen.store.progress
        kind = None if self.kind == "all" else self.kind
        boxes = mastery_boxes(p, kind)
        self.map.colour({c: str(b) for c, b in boxes.items()}, "ln-m")
        title = "all quiz types" if kind is None else KINDS[kind]["title"]
        counts = mastery_counts(boxes)
        self.map.svg.setAttribute("aria-label", f"Mastery map, {title}: {counts}")
        self.map.svg.setAttribute("data-kind", self.kind)
        dom.q("#ln-mastery-counts", self.host).textContent = f"{title}: {counts}."
        weak = weakest_states(p, kind)
        dom.q("#ln-weakest", self.host).innerHTML = (
            "".join(
                f'<li data-state-row="{w["code"]}"><strong>{escape(w["name"])}</strong> '
                f"{w['wrong']} wrong of {w['answered']}</li>"
                for w in weak
            )
            or '<li class="ln-none">No mistakes yet.</li>'
        )
        rows = chart_rows(p, today())
        dom.q("#ln-chart", self.host).innerHTML = chart_svg(rows)
        dom.q("#ln-chart-table", self.host).innerHTML = (
            '<table class="ln-small-table"><thead><tr><th scope="col">Day</th>'
            '<th scope="col">Answers</th><th scope="col">Right</th></tr></thead><tbody>'
            + "".join(
                f"<tr><td>{escape(r['label'])}</td><td>{r['answered']}</td>"
                f"<td>{r['right']}</td></tr>"
                for r in rows
            )
            + "</tbody></table>"
        )

    def say(self, text: str) -> None:
        dom.q("#ln-file-msg", self.host).textContent = text

    def on_kind(self, _evt: Any) -> None:
        self.kind = str(dom.q("#ln-kind", self.host).value)
        self.draw()

    def on_click(self, evt: Any) -> None:
        btn = dom.closest(evt.target, "button[data-act]")
        if btn is None:
            return
        act = dom.attr(btn, "data-act")
        store = self.screen.store
        if act == "export":
            p = store.progress
            download(export_name(p.name), json.dumps(to_json(p), indent=1))
            self.say(f"{p.name}'s progress downloaded as {export_name(p.name)}.")
        elif act == "reset":
            self.screen.confirm(
                f"Reset {store.current}'s progress?",
                "Every answer and box of this student on this device is forgotten. "
                "Export first to keep a copy.",
                "Reset",
                self.do_reset,
            )
        elif act == "remove":
            self.screen.confirm(
                f"Remove {store.current} from this device?",
                "The student and their progress are removed from this device.",
                "Remove",
                self.do_remove,
            )

    def do_reset(self) -> None:
        self.screen.store.reset()
        self.screen.save(every=True)
        self.screen.show_view("progress")
        self.screen.say(f"{self.screen.store.current}'s progress was reset.")

    def do_remove(self) -> None:
        gone = self.screen.store.current
        self.screen.store.remove(gone)
        self.screen.save(every=True)
        self.screen.refresh_students()
        self.screen.show_view("progress")
        self.screen.say(f"{gone} was removed from this device.")

    async def on_import(self, evt: Any) -> None:
        files = list(evt.target.files)
        if not files:
            return
        f = files[0]
        text = str(await f.text())
        try:
            msg = self.screen.store.import_progress(text)
        except CorruptState as exc:
            self.say(f"{f.name} is not a progress file this site can read: {exc}.")
            return
        self.screen.save(every=True)
        self.screen.refresh_students()
        self.screen.show_view("progress")
        self.screen.say(msg)

    def close(self) -> None:
        self.bindings.clear()


class ClassView:
    """A teacher's view: import many students' files, see and print the class summary."""

    def __init__(self, screen: StatsHost, host: Any) -> None:
        self.screen = screen
        self.host = host
        self.bindings = kit_dom.Listeners()
        host.innerHTML = """
<section class="ln-panel ln-class" aria-labelledby="ln-class-h">
  <h2 id="ln-class-h">Class summary</h2>
  <p class="ln-note">Each student exports their progress (My progress, Export progress);
  import all the files here to see the class in one table. The files stay on this device.</p>
  <div class="ln-buttons ln-no-print">
    <label class="bu-btn bu-primary ln-file-btn">Import students' files
      <input type="file" id="ln-class-files" multiple accept=".json,application/json"
        class="visually-hidden"></label>
    <button type="button" class="bu-btn" id="ln-print" disabled>Print the table</button>
  </div>
  <div class="ln-class-problems" id="ln-class-problems" role="status"></div>
  <div id="ln-class-table" class="ln-class-wrap"></div>
</section>"""
        self.bindings.on(dom.q("#ln-class-files", host), "change", self.on_files)
        self.bindings.on(dom.q("#ln-print", host), "click", lambda _e: js.window.print())

    async def on_files(self, evt: Any) -> None:
        files = list(evt.target.files)
        pairs = [(str(f.name), str(await f.text())) for f in files]
        rows, problems = class_rows(pairs)
        dom.q("#ln-class-problems", self.host).innerHTML = "".join(
            f"<p>{escape(p)}</p>" for p in problems
        )
        table = dom.q("#ln-class-table", self.host)
        if rows:
            table.innerHTML = class_table_html(rows)
            dom.q("#ln-print", self.host).disabled = False
        else:
            table.innerHTML = '<p class="ln-note">No student file could be read.</p>'
            dom.q("#ln-print", self.host).disabled = True

    def close(self) -> None:
        self.bindings.clear()

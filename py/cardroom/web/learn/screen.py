"""Learn mode (Pyodide only): map quizzes, statistics per state and fact kept on the
device, and drills on the weakest facts.

``/?learn=<kind>&set=&mode=&length=&timed=`` starts that quiz at once, ``/?learn=drill`` a
drill, ``/?learn=progress`` and ``/?learn=class`` those screens, ``/?learn`` the quiz menu
(R-159). The students of the device, their progress and the Leitner boxes live in
``localStorage`` (R-156); a store that cannot be read is downloaded and kept as a backup
before a fresh start. Decisions and text: :mod:`cardroom.web.learn.logic`; the quiz being
played: :mod:`cardroom.web.learn.quiz`; progress and class: :mod:`cardroom.web.learn.stats`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape
from typing import Any

import js  # type: ignore[import-not-found]

from cardroom import atlas
from cardroom.learn import KINDS
from cardroom.web.learn.logic import (
    BACKUP_KEY,
    LearnOptions,
    QuizRun,
    drill_questions,
    make_questions,
    parse_learn,
)
from cardroom.web.learn.menu import DRILL_LENGTH, QuizMenu
from cardroom.web.learn.quiz import QuizView
from cardroom.web.learn.records import current_texts, store_from_device, store_texts
from cardroom.web.learn.stats import ClassView, ProgressView
from cardroom.web.learn.store import (
    download,
    keys,
    load_text,
    now_ms,
    save_text,
    save_texts,
    today,
)
from cardroom.web.platform import dom
from cardroom.web.platform import listeners as kit_dom

__all__ = ["TITLE", "LearnScreen", "mount"]

TITLE = "Learn the states"
VIEWS = (("menu", "Quizzes"), ("drill", "Drill"), ("progress", "My progress"), ("class", "Class"))


class LearnScreen(QuizMenu):
    """Learn mode's screen; its quiz menu is :class:`~cardroom.web.learn.menu.QuizMenu`'s."""

    def __init__(self, opts: LearnOptions, link_problems: tuple[str, ...]) -> None:
        self.names = {s.code: s.name for s in atlas.states()}
        self.opts = opts
        self.keyboard_used = False
        self.view: Any = None
        self.last_run: QuizRun | None = None
        self.bindings = kit_dom.Listeners()
        self.view_bindings = kit_dom.Listeners()
        self.on_ok: Callable[[], None] | None = None
        self.again: LearnOptions | None = None
        self.store, self.corrupt, backup = store_from_device(load_text, keys())
        section = js.document.createElement("section")
        section.id = "screen-learn"
        section.className = "screen screen-learn"
        section.setAttribute("aria-labelledby", "ln-h1")
        tabs = "".join(
            f'<li><a href="?learn={v}" data-view="{v}">{escape(t)}</a></li>' for v, t in VIEWS
        )
        section.innerHTML = f"""
<div class="screen-head ln-head">
  <h1 id="ln-h1" tabindex="-1">{TITLE}</h1>
  <form class="ln-student" onsubmit="return false">
    <label for="ln-student">Student</label>
    <select id="ln-student"></select>
    <button type="button" class="bu-btn bu-quiet bu-small" data-act="new-student">New student…</button>
  </form>
</div>
<div class="ln-corrupt" id="ln-corrupt" role="alert" hidden>
  <p id="ln-corrupt-text"></p>
  <button type="button" class="bu-btn bu-small" data-act="backup">Download the old data</button>
</div>
<nav class="ln-tabs" aria-label="Learn"><ul>{tabs}</ul></nav>
<p class="ln-say" id="ln-say" role="status"></p>
<div class="ln-body" id="ln-body"></div>
<dialog class="ln-dialog" id="ln-dialog" aria-labelledby="ln-dialog-h">
  <form method="dialog" class="kit-dialog">
    <h2 id="ln-dialog-h"></h2>
    <p id="ln-dialog-text"></p>
    <p class="ln-dialog-field" id="ln-dialog-field" hidden>
      <label for="ln-dialog-name">Name</label>
      <input id="ln-dialog-name" type="text" maxlength="40" autocomplete="off"></p>
    <p class="kit-setup-error" id="ln-dialog-error" role="alert"></p>
    <div class="kit-dialog-buttons">
      <button type="submit" value="ok" class="bu-btn bu-primary" id="ln-dialog-ok">OK</button>
      <button type="submit" value="cancel" class="bu-btn bu-quiet">Cancel</button>
    </div>
  </form>
</dialog>"""
        dom.q("#main").append(section)
        for other in dom.qa("#main > .screen"):
            other.hidden = other is not section and other.id != "screen-learn"
        self.section = section
        self.body = dom.q("#ln-body", section)
        self.dialog = dom.q("#ln-dialog", section)
        on = self.bindings.on
        on(section, "click", self.on_click)
        on(dom.q("#ln-student", section), "change", self.on_student)
        on(self.dialog, "close", self.on_dialog_close)
        on(dom.q("#ln-dialog-ok", section), "click", self.on_dialog_ok)
        on(js.document, "keydown", self.on_any_key)
        on(js.document, "pointerdown", self.on_pointer)
        if self.corrupt is not None:
            save_text(backup or "", BACKUP_KEY)
            self.save(every=True)
            self.show_corrupt(download_now=True)
        elif load_text(BACKUP_KEY):
            self.show_corrupt(download_now=False)
        self.refresh_students()
        if link_problems:
            self.show_view("menu", update_url=False)
        elif opts.view in ("quiz", "drill"):
            self.start(opts if opts.view == "quiz" else None, update_url=False)
        else:
            self.show_view(opts.view, update_url=False)

    # ------------------------------------------------------------ store and students

    def save(self, *, every: bool = False) -> None:
        """Keep the store: the current student after an answer, ``every`` student after
        adding, removing, importing or resetting."""
        texts = store_texts(self.store) if every else current_texts(self.store)
        if not save_texts(texts, prune=every):
            self.say("This browser does not keep data: progress lasts until the page closes.")

    def show_corrupt(self, *, download_now: bool) -> None:
        box = dom.q("#ln-corrupt", self.section)
        msg = self.corrupt or (
            "An old copy of progress that could not be read is kept on this device."
        )
        dom.q("#ln-corrupt-text", self.section).textContent = msg
        box.hidden = False
        if download_now:
            download("cardroom-progress-backup.json", load_text(BACKUP_KEY) or "")

    def refresh_students(self) -> None:
        sel = dom.q("#ln-student", self.section)
        sel.innerHTML = "".join(
            f'<option value="{escape(n)}"{" selected" if n == self.store.current else ""}>'
            f"{escape(n)}</option>"
            for n in self.store.names()
        )

    def say(self, text: str) -> None:
        dom.q("#ln-say", self.section).textContent = text

    def on_student(self, _evt: Any) -> None:
        name = str(dom.q("#ln-student", self.section).value)
        old = self.store.switch(name)
        self.save()
        self.say(f"Now learning: {name}.")
        if old is not None:  # that student's saved progress could not be read
            save_text(old, BACKUP_KEY)
            self.corrupt = (
                f"The progress saved for {name} could not be read. A copy of the old data was "
                f"downloaded as a file (and is kept below), and {name} starts afresh."
            )
            self.show_corrupt(download_now=True)
        if self.view_name in ("progress", "menu"):
            self.show_view(self.view_name)

    # ------------------------------------------------------------ dialogs

    def confirm(
        self,
        title: str,
        text: str,
        ok_label: str,
        action: Callable[[], None],
        *,
        ask_name: bool = False,
    ) -> None:
        dom.q("#ln-dialog-h", self.section).textContent = title
        dom.q("#ln-dialog-text", self.section).textContent = text
        dom.q("#ln-dialog-ok", self.section).textContent = ok_label
        dom.q("#ln-dialog-error", self.section).textContent = ""
        field = dom.q("#ln-dialog-field", self.section)
        field.hidden = not ask_name
        dom.q("#ln-dialog-name", self.section).value = ""
        self.on_ok = action
        self.dialog.showModal()
        if ask_name:
            dom.q("#ln-dialog-name", self.section).focus()

    def on_dialog_ok(self, evt: Any) -> None:
        """The name dialog checks the name before it closes."""
        if dom.q("#ln-dialog-field", self.section).hidden:
            return
        name = str(dom.q("#ln-dialog-name", self.section).value)
        try:
            self.store.add(name)
        except ValueError as exc:
            evt.preventDefault()
            dom.q("#ln-dialog-error", self.section).textContent = str(exc)
            return
        self.on_ok = self.added_student

    def added_student(self) -> None:
        self.save(every=True)
        self.refresh_students()
        self.say(f"Now learning: {self.store.current}.")
        if self.view_name in ("progress", "menu"):
            self.show_view(self.view_name)

    def on_dialog_close(self, _evt: Any) -> None:
        action, self.on_ok = self.on_ok, None
        if str(self.dialog.returnValue) == "ok" and action is not None:
            action()

    # ------------------------------------------------------------ views

    @property
    def view_name(self) -> str:
        return str(self.section.getAttribute("data-view") or "menu")

    def close_view(self) -> None:
        if self.view is not None:
            self.view.close()
            self.view = None
        self.view_bindings.clear()

    def set_tab(self, name: str) -> None:
        self.section.setAttribute("data-view", name)
        root = js.document.documentElement
        if name == "quiz":  # the page's header and footer make room for the map
            root.setAttribute("data-playing", "learn")
        else:
            root.removeAttribute("data-playing")
        tab = {"quiz": "menu", "result": "menu"}.get(name, name)
        for a in dom.qa(".ln-tabs a", self.section):
            if dom.attr(a, "data-view") == tab:
                a.setAttribute("aria-current", "page")
            else:
                a.removeAttribute("aria-current")

    def show_view(self, name: str, *, update_url: bool = True) -> None:
        self.close_view()
        if name == "drill":
            self.start(None)
            return
        self.set_tab(name)
        if name == "progress":
            self.view = ProgressView(self, self.body)
        elif name == "class":
            self.view = ClassView(self, self.body)
        else:
            self.show_menu()
        if update_url:
            dom.replace_params(LearnOptions(view=name).params())

    def start(self, opts: LearnOptions | None, *, update_url: bool = True) -> None:
        """Start a quiz (``opts``) or a drill (None)."""
        self.close_view()
        seed = random.randrange(2**31)
        if opts is None:
            questions = tuple(
                drill_questions(self.store.progress, today(), length=DRILL_LENGTH, seed=seed)
            )
            title, timed = "Drill: your weakest facts first", False
            params = LearnOptions(view="drill").params()
        else:
            try:
                questions = make_questions(opts, seed)
            except ValueError as exc:
                self.show_view("menu", update_url=False)
                self.setup_error(str(exc))
                return
            title, timed = KINDS[opts.kind]["title"], opts.timed
            params = opts.params()
            self.opts = opts
        self.set_tab("quiz")
        if update_url:
            dom.replace_params(params)
        run = QuizRun(title, questions, now_ms(), timed)
        self.view = QuizView(self, self.body, run, self.show_result)
        self.again = opts
        focus = dom.q("#ln-input", self.body) or dom.q("#ln-prompt", self.body)
        focus.focus()

    def show_result(self, run: QuizRun) -> None:
        self.view = None
        self.last_run = run
        self.set_tab("result")
        missed = run.missed()
        items = "".join(
            f"<li>{escape(prompt)} <strong>{escape(ans)}</strong></li>" for prompt, ans in missed
        )
        again = "Same quiz again" if self.again is not None else "Another drill"
        self.body.innerHTML = f"""
<section class="ln-panel ln-result" aria-labelledby="ln-result-h">
  <h2 id="ln-result-h" tabindex="-1">{escape(run.title)}: done</h2>
  <p class="ln-summary" id="ln-summary">{escape(run.summary())}</p>
  {
            "<h3>To practise</h3><ul class='ln-missed'>" + items + "</ul>"
            if missed
            else "<p>Every answer right at the first try!</p>"
        }
  <div class="ln-buttons">
    <button type="button" class="bu-btn bu-primary" data-go="again">{again}</button>
    <button type="button" class="bu-btn" data-go="drill">Drill my weakest</button>
    <button type="button" class="bu-btn" data-go="progress">My progress</button>
    <button type="button" class="bu-btn bu-quiet" data-go="menu">Quizzes</button>
  </div>
</section>"""
        dom.q("#ln-result-h", self.body).focus()

    # ------------------------------------------------------------ events

    def on_click(self, evt: Any) -> None:
        link = dom.closest(evt.target, ".ln-tabs a[data-view]")
        if link is not None:
            evt.preventDefault()
            self.hide_link_problems()
            self.show_view(str(dom.attr(link, "data-view")))
            return
        btn = dom.closest(evt.target, "button[data-go], button[data-act]")
        if btn is None:
            return
        go = dom.attr(btn, "data-go")
        act = dom.attr(btn, "data-act")
        if go == "again":
            self.start(self.again)
        elif go == "drill":
            self.start(None)
        elif go in ("progress", "menu"):
            self.show_view(go)
        elif act == "new-student":
            self.confirm(
                "New student",
                "A name for the new student on this device (no password).",
                "Add",
                self.added_student,
                ask_name=True,
            )
        elif act == "backup":
            download("cardroom-progress-backup.json", load_text(BACKUP_KEY) or "")

    def hide_link_problems(self) -> None:
        box = dom.by_id("link-problems")
        if box is not None:
            box.hidden = True

    def on_any_key(self, evt: Any) -> None:
        if str(evt.key) == "Tab":
            self.keyboard_used = True

    def on_pointer(self, _evt: Any) -> None:
        self.keyboard_used = False


def mount(route: Any) -> LearnScreen:
    """Show Learn for the page's link (``route.problems`` are already on the page)."""
    opts, _problems = parse_learn(dom.params())
    return LearnScreen(opts, tuple(getattr(route, "problems", ())))

"""The table kit's clock (Pyodide only): a table's game time, the timer that wakes the
engine when something falls due (or the match's deadline comes), and Pause and Resume
with their overlay (R-111: a reload or a hidden page is time away). Mixed into
:class:`cardroom.web.kit.table.Table`, which owns the fields named below."""

from __future__ import annotations

from typing import Any

from pyodide.ffi.wrappers import clear_timeout, set_timeout  # type: ignore[import-not-found]

from cardroom.web.kit.logic import ComputerMoveRefused, TableClock
from cardroom.web.kit.ui import wall
from cardroom.web.platform import dom
from cardroom.web.platform import listeners as kit_dom

__all__ = ["Clocked"]


class Clocked:
    """The clock of :class:`~cardroom.web.kit.table.Table`."""

    clock: TableClock
    timer: Any
    engine: Any
    deadline: int | None
    finished: bool
    el: Any
    root: Any
    area: Any
    overlay: Any
    pause_btn: Any
    screen: Any

    # the table's
    def save(self) -> None:
        raise NotImplementedError

    def tick(self) -> None:
        raise NotImplementedError

    def fault(self, exc: ComputerMoveRefused) -> None:
        raise NotImplementedError

    def update(self) -> None:
        raise NotImplementedError

    def now(self) -> int:
        return self.clock.now(wall())

    @property
    def paused(self) -> bool:
        return self.clock.paused

    def schedule(self) -> None:
        if self.timer is not None:
            clear_timeout(self.timer)
            self.timer = None
        if self.paused or self.finished:
            return
        due = self.engine.next_due()
        if self.deadline is not None:
            due = self.deadline if due is None else min(due, self.deadline)
        if due is not None:
            self.timer = set_timeout(self.on_timer, max(0, due - self.now()) + 5)

    def on_timer(self) -> None:
        self.timer = None
        if self.paused:
            return
        self.advance()
        self.save()
        self.update()

    def advance(self) -> None:
        """Apply every clock call and computer move due by now. A computer move the
        engine refuses stops the table with the error on screen and is raised on (the
        console and the tests see it, R-244)."""
        try:
            self.engine.advance(self._until())
        except ComputerMoveRefused as exc:
            self.fault(exc)
            raise

    def _until(self) -> int:
        """Now, or the deadline if that came first (nothing is played after it)."""
        now = self.now()
        return now if self.deadline is None else min(now, self.deadline)

    @property
    def timed_out(self) -> bool:
        return self.deadline is not None and self.now() >= self.deadline

    def pause(self, why: str = "pause") -> None:
        if self.finished or self.paused:
            return
        self.clock = self.clock.pause(wall())
        self.schedule()
        self.show_paused(why)
        self.save()
        self.redraw_clocks()

    def redraw_clocks(self) -> None:
        """Show the time the clock stopped (or starts again) at, now, not at the next
        tick: a clock that changes after Pause looks as if it still ran."""
        self.tick()
        self.screen.on_clock()

    def show_paused(self, why: str) -> None:
        self.overlay.hidden = False
        self.area.setAttribute("inert", "")
        text = {
            "away": "Paused while this page was hidden.",
            "back": "Paused while you were away.",
            "leave": "Paused.",
        }.get(why, "Paused.")
        kit_dom.find("#kit-paused-why", self.el).textContent = text
        self.pause_btn.textContent = "Resume"
        self.pause_btn.setAttribute("aria-pressed", "true")
        self.root.setAttribute("data-paused", "1")
        if why != "leave":
            kit_dom.find("#kit-resume", self.el).focus()
        dom.announce(f"{text} The clock is stopped.")

    def resume(self) -> None:
        if not self.paused or self.finished:
            return
        self.clock = self.clock.resume(wall())
        self.overlay.hidden = True
        self.area.removeAttribute("inert")
        self.pause_btn.textContent = "Pause"
        self.pause_btn.setAttribute("aria-pressed", "false")
        self.root.removeAttribute("data-paused")
        self.save()
        dom.announce("The clock runs again.")
        self.update()
        self.redraw_clocks()

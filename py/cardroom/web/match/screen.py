"""The match screen (Pyodide only): a match's setup, its round clock and points, each game
on that game's own screen (the table kit's :class:`~cardroom.web.kit.table.Table`), the
picks, the screens between games, and the result with its code for the director
(R-170..R-174). Decisions and words are :mod:`cardroom.web.match.logic`'s; what the games
and picks are played on, :mod:`cardroom.web.match.tables`'."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]
from pyodide.ffi.wrappers import (  # type: ignore[import-not-found]
    clear_interval,
    clear_timeout,
    set_interval,
    set_timeout,
)

from cardroom.match import Match
from cardroom.web.kit.logic import SAVE_PREFIX, CorruptSave, Route, Setup, decode_save, new_seed
from cardroom.web.kit.table import GameUI, Table
from cardroom.web.kit.ui import history_run, page_url, storage, wall
from cardroom.web.match import html as mh
from cardroom.web.match import logic as ml
from cardroom.web.match import save as msave
from cardroom.web.match.panels import ResultPanel, SetupPanel
from cardroom.web.match.tables import Host, PickUI, game_ui, up_number
from cardroom.web.platform import dom
from cardroom.web.platform import listeners as kit_dom

TITLE = "Match"
MATCH_PREFIX = "cardroom:match:"
# ====================================================================== the screen


class MatchScreen(SetupPanel, ResultPanel):
    """A match: its setup (:class:`~cardroom.web.match.panels.SetupPanel`), then its games
    one after another, then its result (:class:`~cardroom.web.match.panels.ResultPanel`)."""

    def __init__(self, route: Route) -> None:
        self.route = route
        self.setup, _problems, self.autostart = ml.parse_match_link(dom.params())
        self.match: Match | None = None
        self.table: Table | None = None
        self.run: str | None = None
        self.game_run: str | None = None
        self.pushed = False
        self.leaving = False
        self.stage = "setup"
        #: two devices (R-194): the link of the match, paired once at its start
        self.link: Any = None
        self.timers: list[Any] = []
        self.next_seen: float | None = None
        self.settled_at = 0.0
        self.bindings = kit_dom.Listeners()
        self.page_bindings = kit_dom.Listeners()
        section = js.document.createElement("section")
        section.id = "screen-match"
        section.className = "screen screen-game screen-match"
        section.setAttribute("aria-labelledby", "mt-title")
        section.innerHTML = (
            '<div class="screen-head kit-head"><h1 id="mt-title" tabindex="-1">Match</h1>'
            '<p class="lede kit-sub" id="mt-sub"></p></div>'
            '<div class="kit-body" id="mt-body"></div>'
        )
        dom.q("#main").append(section)
        for other in dom.qa("#main > .screen"):
            if other.id != "screen-match":
                other.hidden = True
        self.section = section
        self.body = dom.q("#mt-body", section)
        self.sub = dom.q("#mt-sub", section)
        self.page_bindings.on(js.window, "popstate", self.on_popstate)
        self.page_bindings.on(js.document, "visibilitychange", self.on_hidden)
        self.page_bindings.on(js.window, "pagehide", self.on_hidden)
        self.ticker = set_interval(self.tick, 250)
        run = history_run()
        if run is not None and self.resume(run):
            return
        if self.autostart:
            js.history.replaceState(None, "", page_url(self.setup.params()))
            self.start(self.setup)
        else:
            self.to_setup(self.setup)

    # ------------------------------------------------------------ a match

    def start(self, setup: ml.MatchSetup, *, push: bool = True) -> None:
        if setup.seed is None:
            setup = setup.with_seed(new_seed(random.randrange))
        self.setup = setup
        store = storage()
        if store is not None and self.run is not None:  # Play again: the old match goes
            store.removeItem(MATCH_PREFIX + self.run)
        self.run = f"m{int(wall()):x}{random.randrange(16**6):06x}"
        state = to_js({"run": self.run}, dict_converter=js.Object.fromEntries)
        if push:
            js.history.pushState(state, "", page_url(setup.params()))
            self.pushed = True
        else:
            js.history.replaceState(state, "", page_url(setup.params()))
        self.match = setup.new_match()
        self.game_run = None
        if setup.mode == "devices":
            self.start_devices()
            return
        self.close_link()
        self.play()

    # ------------------------------------------------------------ two devices

    @property
    def guest(self) -> bool:
        """This device joined another's match: its match is the host's (R-194)."""
        return self.link is not None and self.link.role == "guest"

    def start_devices(self) -> None:
        """Pair first; the host plays the match once the guest is there. Play again with
        the devices still paired keeps the link."""
        from cardroom.web.link.match_screen import MatchLink  # noqa: PLC0415

        link = self.link
        if link is not None and link.role == "host" and link.link_up:
            link.forget()
            link.run = self.run or ""
            self.play()
            return
        self.close_link()
        self.end_table()
        self.stage = "pair"
        js.document.documentElement.setAttribute("data-playing", "1")
        self.sub.textContent = self.setup.describe()  # the deal is the host's, once paired
        self.link = MatchLink(self)

    def close_link(self) -> None:
        if self.link is not None:
            self.link.close()
            self.link = None

    def resume(self, run: str) -> bool:
        store = storage()
        raw = store.getItem(MATCH_PREFIX + run) if store is not None else None
        try:
            save = msave.decode_match_save(dom.nullable(raw))
        except msave.CorruptMatchSave as exc:
            self.to_setup(self.setup)
            dom.q(
                "#mt-setup-error", self.body
            ).textContent = f"The saved match could not be read ({exc}): start it again."
            return True
        if save is None:
            return False
        self.run, self.setup, self.match = run, save.setup, save.match
        self.game_run = save.game_run
        self.pushed = True
        if save.setup.mode == "devices":  # the host reloaded: pair again, then go on
            from cardroom.web.link.match_screen import MatchLink  # noqa: PLC0415

            self.link = MatchLink(self, resume=True)  # only the host saves a match
        if self.match.over:
            self.show_result()
        elif save.between:
            self.show_between()
        else:
            self.play(resume=True)
        if self.link is not None:
            self.link.pair_again()
        return True

    def save(self) -> None:
        store = storage()
        if store is None or self.match is None or self.run is None or self.guest:
            return
        data = msave.MatchSave(self.setup, self.match, self.game_run, self.stage == "between")
        with contextlib.suppress(Exception):
            store.setItem(MATCH_PREFIX + self.run, msave.encode_match_save(data))

    def layout(self, stage: str) -> Any:
        """The match bar (round clock, points, what is up, games played) over ``stage``."""
        self.stage = stage
        if dom.q(".mt-match", self.body) is None:
            self.body.innerHTML = mh.LAYOUT_HTML
            self.page_bindings.on(dom.q("#mt-leave", self.body), "click", self.on_leave_click)
        root = dom.q(".mt-match", self.body)
        root.setAttribute("data-stage", stage)
        root.setAttribute("data-mode", self.setup.mode)
        self.draw_bar()
        return dom.q("#mt-stage", self.body)

    def draw_bar(self) -> None:
        m = self.match
        if m is None or dom.q(".mt-match", self.body) is None:
            return
        parts = mh.bar_parts(m, ml.team_names(self.setup.mode))
        dom.q("#mt-score", self.body).innerHTML = parts["score"]
        dom.q("#mt-up", self.body).textContent = parts["up"]
        dom.q("#mt-played-sum", self.body).textContent = parts["summary"]
        dom.q("#mt-played", self.body).innerHTML = parts["played"]
        self.tick()

    def play(self, *, resume: bool = False) -> None:
        """The pick or game that is up (a reload reopens the game's own save)."""
        m = self.match
        assert m is not None
        self.end_table()
        if m.over:
            self.show_result()
            return
        js.document.documentElement.setAttribute("data-playing", "1")
        self.sub.textContent = f"{self.setup.describe()} · deal {self.setup.seed}"
        up = m.up()
        stage = self.layout("game")
        mode = self.setup.mode
        host_el = js.document.createElement("div")
        host_el.className = f"mt-game screen-{up.slug}"
        stage.replaceChildren(host_el)
        if up.number == 0:  # the picks start afresh after a reload
            ui: GameUI = PickUI(m, mode)
            setup = Setup(
                "match-pick",
                0,
                mode if mode in ("local", "devices") else "bot",
                self.setup.difficulty,
                up.seed,
            )
            self.game_run = f"{self.run}p{len(m.played)}"
            self.save()
            self.keep(
                Table(
                    Host(self, ui, host_el),
                    setup,
                    self.game_run,
                    None,
                    engine=ml.pick_engine(up, mode),
                    on_end=self.on_end,
                )
            )
            self.attach_link()
            return
        ui = game_ui(up.slug, mode)
        setup = ml.game_setup(up, mode, self.setup.difficulty)
        saved = None
        if resume and self.game_run:
            store = storage()
            raw = store.getItem(SAVE_PREFIX + self.game_run) if store is not None else None
            try:
                saved = decode_save(dom.nullable(raw))
            except CorruptSave:
                saved = None
            if saved is not None and saved.setup != setup:
                saved = None
        if saved is None:
            self.game_run = f"{self.run}g{len(m.played)}"
        self.save()
        engine = ml.game_engine(ui.engine(setup), up, setup, mode)
        try:
            table = Table(
                Host(self, ui, host_el),
                setup,
                self.game_run or "",
                saved,
                engine=engine,
                deadline=up.deadline_ms,
                on_end=self.on_end,
            )
        except CorruptSave:
            engine = ml.game_engine(ui.engine(setup), up, setup, mode)
            self.game_run = f"{self.run}g{len(m.played)}"
            self.save()
            table = Table(
                Host(self, ui, host_el),
                setup,
                self.game_run,
                None,
                engine=engine,
                deadline=up.deadline_ms,
                on_end=self.on_end,
            )
        if self.keep(table):
            table.save()
            self.attach_link()

    def attach_link(self) -> None:
        if self.link is not None and self.table is not None:
            self.link.attach_host(self.table)

    def keep(self, table: Table) -> bool:
        """Hold on to a new table unless it ended as it opened (the computer's picks,
        a game whose round clock ran out while the page was away)."""
        if table.finished:
            return False
        self.table = table
        share = dom.q("#kit-share", table.root)
        if share is not None:  # a game of a match is not shared on its own
            share.hidden = True
        return True

    def on_end(self, table: Table, timed_out: bool) -> None:
        """A game (or the picks) is over, or the round clock stopped it (R-162)."""
        m = self.match
        assert m is not None
        moves = ml.moves_until(table.engine.moves, table.deadline)
        try:
            self.match = m.record(moves, timed_out=timed_out)
        except Exception as exc:  # a game that cannot be recorded ends the match unscored
            js.console.warn(f"match: the game could not be recorded: {exc}")
            self.match = m.record([], timed_out=True) if up_number(m) else m
        store = storage()
        if store is not None and self.game_run:
            store.removeItem(SAVE_PREFIX + self.game_run)
        self.game_run = None
        self.table = None
        set_timeout(lambda: table.stop(), 0)
        if self.match.over:
            self.show_result()
        else:
            self.show_between()

    # ------------------------------------------------------------ between games

    def show_between(self) -> None:
        m = self.match
        assert m is not None
        js.document.documentElement.setAttribute("data-playing", "1")
        stage = self.layout("between")
        self.save()
        watch = self.setup.mode == "watch"
        stage.innerHTML, spoken = mh.between_html(m, ml.team_names(self.setup.mode), watch)
        go = dom.q("#mt-continue", stage)
        if self.guest:  # the host goes on for both devices
            go.remove()
            stage.querySelector(".mt-between").insertAdjacentHTML(
                "beforeend",
                '<p class="mt-watch-note" id="mt-wait-host">The host goes on to the next game.</p>',
            )
            dom.q("#mt-between-h", stage).focus()
        else:
            self.bindings.on(go, "click", lambda _e: self.go_on())
            go.focus()
        dom.announce(spoken)
        if self.link is not None and not self.guest:
            self.link.host_stage()
        if watch:
            self.later(self.go_on, ml.WATCH_PAUSE_MS)

    def go_on(self) -> None:
        if self.stage != "between" or self.guest:
            return
        self.stage = "game"
        self.play()

    # ------------------------------------------------------------ the clock

    def tick(self) -> None:
        m = self.match
        el = dom.q("#mt-clock", self.body)
        if m is None or el is None:
            return
        t = self.table
        game_ms = t.now() if t is not None and t.deadline is not None and not t.finished else 0
        left = ml.round_left_ms(m, game_ms)
        text = ml.mmss(left)
        if str(el.textContent) != text:
            el.textContent = text
            el.setAttribute("aria-label", f"{text} left in the round")
        paused = t is not None and t.paused
        dom.q(".mt-match", self.body).toggleAttribute("data-paused", bool(paused))
        if self.setup.mode == "watch" and t is not None:
            self.watch_next(t)

    def watch_next(self, t: Table) -> None:
        """Watch mode presses a game's own "next" button after a pause (R-173)."""
        b = next((x for x in dom.qa("button[data-act=next]", t.area) if x.offsetParent), None)
        if b is None:
            self.next_seen = None
            return
        now = float(js.performance.now())
        if self.next_seen is None:
            self.next_seen = now
        elif now - self.next_seen >= ml.WATCH_PAUSE_MS:
            self.next_seen = None
            b.click()

    # ------------------------------------------------------------ leaving

    def on_popstate(self, _evt: Any) -> None:
        run = history_run()
        if self.leaving:
            self.leaving = False
            return
        if run is not None and run == self.run:
            return
        m = self.match
        if m is not None and not m.over and run is None and self.run is not None:
            js.history.pushState(
                to_js({"run": self.run}, dict_converter=js.Object.fromEntries),
                "",
                page_url(self.setup.params()),
            )
            self.ask_leave()
            return
        if run is not None and self.resume(run):
            return
        self.to_setup(self.setup)

    def ask_leave(self) -> None:
        t = self.table
        if t is not None and not t.finished:
            t.ask_leave()  # the game's own dialog, about the match
            box = dom.q("#kit-leave", t.root)
            dom.q("#kit-leave-h", box).textContent = "Leave this match?"
            dom.q(
                "#kit-leave-p", box
            ).textContent = "The match is paused. If you leave, it ends here."
            dom.q('[data-leave="go"]', box).textContent = "Leave the match"
            return
        box = dom.q("#mt-leave", self.body)
        if box is not None:
            box.hidden = False
            dom.q('[data-mleave="stay"]', box).focus()

    def on_leave_click(self, evt: Any) -> None:
        b = dom.closest(evt.target, "button[data-mleave]")
        if b is None:
            return
        dom.q("#mt-leave", self.body).hidden = True
        if dom.attr(b, "data-mleave") == "go":
            self.leave()

    def leave(self) -> None:
        store = storage()
        if store is not None and self.run:
            store.removeItem(MATCH_PREFIX + self.run)
        if self.link is not None:
            self.link.forget()
        self.close_link()
        self.end_table()
        if self.pushed:
            self.leaving = True
            self.pushed = False
            js.history.back()
        else:
            js.history.pushState(None, "", page_url(self.setup.params()))
        self.run = None
        self.to_setup(self.setup)
        dom.q("#mt-title", self.section).focus()

    def on_hidden(self, _evt: Any) -> None:
        hidden = str(js.document.visibilityState) == "hidden" or _evt.type == "pagehide"
        if hidden and self.table is not None:
            self.table.pause("away")

    def later(self, fn: Any, ms: int) -> None:
        """``fn()`` in ``ms`` unless the screen moves on first."""
        box: list[Any] = []

        def run() -> None:
            if box and box[0] in self.timers:
                self.timers.remove(box[0])
            fn()

        box.append(set_timeout(run, ms))
        self.timers.append(box[0])

    def end_table(self) -> None:
        for h in self.timers:
            clear_timeout(h)
        self.timers = []
        if self.table is not None:
            self.table.stop()
            self.table = None
        self.bindings.clear()

    def stop(self) -> None:
        self.end_table()
        self.close_link()
        clear_interval(self.ticker)
        self.page_bindings.clear()


def mount(route: Route) -> MatchScreen:
    return MatchScreen(route)


__all__ = ["MatchScreen", "PickUI", "mount"]

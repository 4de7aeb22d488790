"""The table kit's screen: a game's setup, then its tables, with history and saves
(R-110, R-112). See :mod:`cardroom.web.kit.ui`."""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]
from pyscript import web  # type: ignore[import-not-found]

from cardroom.web.kit.logic import (
    MAX_SEED,
    SAVE_PREFIX,
    CorruptSave,
    Route,
    Save,
    Setup,
    WebGame,
    decode_save,
    new_seed,
    setup_form_html,
    setup_lede,
)
from cardroom.web.kit.table import GameUI, Table
from cardroom.web.kit.ui import history_run, page_url, storage, wall
from cardroom.web.platform import dom
from cardroom.web.platform import listeners as kit_dom

__all__ = ["KitScreen", "mount_game"]


# ====================================================================== the screen


class KitScreen:
    """A game's screen: its setup, then its tables, with history and saves."""

    def __init__(self, ui: GameUI, route: Route) -> None:
        self.ui = ui
        self.game = ui.game
        self.route = route
        self.table: Table | None = None
        self.pushed: set[str] = set()
        self.leaving = False
        #: the setup's listeners and the page's (history, visibility), on ``pyscript.when``
        self.bindings = kit_dom.Listeners()
        self.page_bindings = kit_dom.Listeners()
        g = self.game
        section = web.section(
            id=f"screen-{g.slug}", classes=["screen", "screen-game", f"screen-{g.slug}"]
        )
        section.setAttribute("aria-labelledby", "kit-title")
        section.innerHTML = (
            f'<div class="screen-head kit-head"><h1 id="kit-title" tabindex="-1">'
            f'{escape(g.title)}</h1><p class="lede kit-sub" id="kit-sub"></p>'
            '<button type="button" class="bu-btn bu-quiet share-open" id="kit-share-setup" '
            'aria-haspopup="dialog">Share</button></div>'
            '<div class="kit-problems" id="kit-problems" role="alert"></div>'
            '<div class="kit-body" id="kit-body"></div>'
        )
        #: the setup form the build pre-rendered for this link (web/intro.js), with the
        #: choices the player made while Python started: the setup takes it over
        self.early_form = dom.q(f"#intro-{g.slug} #kit-setup")
        self.early_focus = js.document.activeElement
        for intro in web.page.find(".screen-intro"):  # the pre-rendered intro (build)
            intro._dom_element.remove()
        web.page["main"].append(section)
        self.section = section._dom_element
        self.body = kit_dom.raw(kit_dom.find("#kit-body", section))
        self.sub = kit_dom.raw(kit_dom.find("#kit-sub", section))
        self.problems = kit_dom.raw(kit_dom.find("#kit-problems", section))
        self.say_problems(route.problems)
        self.page_bindings.on(
            kit_dom.find("#kit-share-setup", section), "click", self.on_share_click
        )
        self.page_bindings.on(js.window, "popstate", self.on_popstate)
        self.page_bindings.on(js.document, "visibilitychange", self.on_visibility)
        self.page_bindings.on(js.window, "pagehide", self.on_pagehide)
        self.open_from_history(route)
        self.early_form = self.early_focus = None

    # ------------------------------------------------------------ routing

    def open_from_history(self, route: Route) -> None:
        run = history_run()
        if run is not None and self.resume_run(run):
            return
        if route.autostart and route.setup is not None:
            # the setup gets its own entry (without autostart) for Back to return to
            js.history.replaceState(None, "", self._game_url(route.setup))
            self.start(route.setup)
        else:
            self.to_setup(route.setup, push=False)

    def resume_run(self, run: str) -> bool:
        """Reopen the saved game ``run`` (a reload, or Forward); False if there is none."""
        store = storage()
        raw = store.getItem(SAVE_PREFIX + run) if store is not None else None
        try:
            save = decode_save(dom.nullable(raw))
            if save is None:
                return False
            if save.setup.game != self.game.slug:
                raise CorruptSave("it belongs to another game")
            self._open(save.setup, run, save)
        except CorruptSave as exc:
            if store is not None:
                store.removeItem(SAVE_PREFIX + run)
            self.say_problems(
                (f"The saved game could not be read ({exc}), so a fresh one starts.",)
            )
            g = self.game
            default = g.default_setup()
            self.start(self.route.setup or default, push=False)  # the link's deal, afresh
        return True

    def say_problems(self, problems: tuple[str, ...] | list[str]) -> None:
        self.problems.innerHTML = "".join(f"<p>{escape(p)}</p>" for p in problems)

    def on_popstate(self, _evt: Any) -> None:
        run = history_run()
        t = self.table
        if self.leaving:
            self.leaving = False
            return
        if t is not None and run == t.run:
            return
        if t is not None and not t.finished and run is None:
            # Back during a game: stay on it (push it again) and ask
            js.history.pushState(
                to_js({"run": t.run}, dict_converter=js.Object.fromEntries),
                "",
                self._game_url(t.setup),
            )
            t.ask_leave()
            return
        if run is not None and self.resume_run(run):
            return
        self.to_setup(t.setup if t is not None else self.route.setup, push=False)

    def on_visibility(self, _evt: Any) -> None:
        if str(js.document.visibilityState) == "hidden" and self.table is not None:
            self.table.pause("away")

    def on_pagehide(self, _evt: Any) -> None:
        if self.table is not None:
            self.table.pause("away")

    def _game_url(self, setup: Setup) -> str:
        params = dict(setup.params())
        if self.route.embed:  # an embedded game stays embedded: Back, Play again
            params["embed"] = "1"
        return page_url(params)

    def on_share_click(self, _evt: Any) -> None:
        from cardroom.web.share.screen import open_setup_share  # noqa: PLC0415

        open_setup_share(self)  # the form's choices: link, QR code, iframe

    # ------------------------------------------------------------ setup

    def to_setup(self, setup: Setup | None, *, push: bool = False) -> None:
        self.end_game()
        self.set_playing(False)
        g = self.game
        s = setup or g.default_setup()
        self.sub.textContent = setup_lede(g)
        if self.early_form is not None:
            self.adopt_early_form(s)
        else:
            self.body.innerHTML = self.setup_html(s)
        form = kit_dom.find("#kit-setup", self.body)
        self.bindings.on(form, "submit", self.on_submit)
        self.bindings.on(form, "change", self.on_setup_change)
        js.document.documentElement.setAttribute("data-screen", f"game:{g.slug}")

    def setup_html(self, s: Setup) -> str:
        return setup_form_html(self.game, s)

    def adopt_early_form(self, s: Setup) -> None:
        """Take over the form pre-rendered at the first paint: the same nodes, so what
        the player chose there (``data-touched``), and where the focus was, stay; a form
        left alone shows the link's choices as :func:`parse_link` read them."""
        form, focus = self.early_form, self.early_focus
        self.early_form = None
        self.body.replaceChildren(form)
        if not form.hasAttribute("data-touched"):
            g = self.game
            values = {"level": str(s.level), "mode": s.mode, "difficulty": s.difficulty}
            chosen = dict(s.options)
            values |= {f"opt-{o.name}": chosen.get(o.name, o.default) for o in g.options}
            for box in form.querySelectorAll("input[type=radio]"):
                box.checked = values.get(str(box.name)) == str(box.value)
            form.querySelector("#kit-seed").value = "" if s.seed is None else str(s.seed)
        start = form.querySelector(".kit-start")
        start.removeAttribute("aria-disabled")
        start.textContent = "Start"
        form.setAttribute("data-live", "1")  # web/intro.js lets it submit
        self.on_setup_change(None)
        if focus is not None and form.contains(focus):
            focus.focus()

    def on_setup_change(self, _evt: Any) -> None:
        form = kit_dom.find("#kit-setup", self.body)
        mode = kit_dom.find("input[name=mode]:checked", form)
        value = "" if mode is None else str(mode.value)
        level = kit_dom.find("input[name=level]:checked", form)
        lvl = "" if level is None else str(level.value)
        kit_dom.find("#kit-difficulty", form).hidden = value != "bot"
        for box in form.find(".kit-option"):
            modes = str(box.getAttribute("data-modes") or "").split()
            levels = str(box.getAttribute("data-levels") or "").split()
            box.hidden = (bool(modes) and value not in modes) or (
                bool(levels) and bool(lvl) and lvl not in levels
            )

    def on_submit(self, evt: Any) -> None:
        evt.preventDefault()
        form = kit_dom.find("#kit-setup", self.body)
        error = kit_dom.find("#kit-setup-error", form)
        field = kit_dom.find("#kit-seed", form)

        def checked(name: str, default: str) -> str:
            el = kit_dom.find(f"input[name={name}]:checked", form)
            return str(el.value) if el is not None else default

        g = self.game
        text = str(field.value).strip()
        seed: int | None = None
        if text:
            if not text.isdigit() or int(text) > MAX_SEED:
                error.textContent = f"The deal number is a whole number from 0 to {MAX_SEED}."
                field.focus()
                return
            seed = int(text)
        mode = checked("mode", g.modes[0])
        level = int(checked("level", str(g.first_level)))
        options = {
            o.name: checked(f"opt-{o.name}", o.default) for o in g.options if o.applies(mode, level)
        }
        bad = g.problem(mode, options, level)
        if bad is not None:
            error.textContent = bad
            return
        setup = Setup(
            g.slug,
            level,
            mode,
            checked("difficulty", g.default_difficulty),
            seed,
            tuple(sorted(options.items())),
        )
        self.say_problems(())
        self.start(setup)

    # ------------------------------------------------------------ games

    def start(self, setup: Setup, *, push: bool = True) -> None:
        """A new game of ``setup`` (a new deal when it has no seed), under a new run id;
        ``push`` adds a history entry so Back returns to setup (R-114)."""
        if setup.seed is None:
            setup = setup.with_seed(new_seed(random.randrange))
        run = f"{int(wall()):x}{random.randrange(16**6):06x}"
        state = to_js({"run": run}, dict_converter=js.Object.fromEntries)
        if push:
            js.history.pushState(state, "", self._game_url(setup))
            self.pushed.add(run)
        else:
            if self.table is not None and self.table.run in self.pushed:
                self.pushed.add(run)  # it takes over the entry Start pushed
            js.history.replaceState(state, "", self._game_url(setup))
        self._open(setup, run, None)

    def _open(self, setup: Setup, run: str, save: Save | None) -> None:
        self.end_game()
        self.set_playing(True)
        self.sub.textContent = f"{setup.describe()} · deal {setup.seed}"
        if setup.mode == "devices":  # two devices: the link pairs them first (docs/link.md)
            from cardroom.web.link.screen import open_devices  # noqa: PLC0415

            open_devices(self, setup, run, save)
            return
        self.table = Table(self, setup, run, save)

    def on_clock(self) -> None:
        """A table's clock stopped or runs again (a match's round clock follows it)."""

    def leave(self) -> None:
        """Back to the setup of the current game (from the result or the leave dialog)."""
        t = self.table
        setup = t.setup if t is not None else self.route.setup
        self.end_game()
        if t is not None and t.run in self.pushed:
            self.leaving = True
            js.history.back()  # to the setup entry Start came from (popstate shows it)
        else:
            js.history.pushState(None, "", self._game_url(setup) if setup else "?")
        self.to_setup(setup)
        dom.q("#kit-title", self.section).focus()

    def end_game(self) -> None:
        if self.table is not None:
            self.table.stop()
            self.table = None
        self.bindings.clear()

    def set_playing(self, on: bool) -> None:
        root = js.document.documentElement
        if on:
            root.setAttribute("data-playing", "1")
        else:
            root.removeAttribute("data-playing")


def mount_game(make_ui: Callable[[WebGame], GameUI], route: Route) -> KitScreen:
    """The screen of the routed game: its ``GameUI`` is ``make_ui(route.game)``."""
    assert route.game is not None, "a game's screen mounts a game's route"
    atlas = dom.q("#screen-atlas")
    if atlas is not None:
        atlas.hidden = True
    return KitScreen(make_ui(route.game), route)

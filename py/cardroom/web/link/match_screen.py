"""A whole match on two devices (R-194..R-196): Team 1 on the host, Team 2 on the guest.

The match screen (``cardroom.web.match.screen``, mode ``devices``) pairs the devices once,
at the match's start, with the pairing screen of a single game
(:class:`cardroom.web.link.screen.LinkController`, whose pairing, lost-link and clock
handling this class keeps). The host runs the :class:`cardroom.match.Match` and each
game's engine client exactly as on one device; for each pick or game it starts a
:class:`cardroom.link.HostSession` (a new session id) on that table, and sends the
guest the match's public state (``match`` message,
:mod:`cardroom.web.link.match_logic`) whenever the stage changes. The guest mounts the
game's own screen (or the picks) on a :class:`cardroom.link.GuestEngine`, and draws the
match bar, the screen between games and the result from the host's state. The host
alone goes on between games and starts another match.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any, Protocol

import js  # type: ignore[import-not-found]

from cardroom.link import GuestEngine, HostSession, Refused
from cardroom.match import Match
from cardroom.web.kit.logic import Setup
from cardroom.web.kit.table import Table
from cardroom.web.kit.ui import storage, wall
from cardroom.web.link.logic import (
    bar_html,
    guest_seats,
    match_mismatch,
    roles_html,
    setup_from_json,
    setup_json,
)
from cardroom.web.link.match_logic import MatchView, match_state, read_match_state
from cardroom.web.link.pairing import LINK_PREFIX
from cardroom.web.link.screen import LinkController
from cardroom.web.match import logic as ml
from cardroom.web.match.tables import Host, MatchHost, PickUI, game_ui
from cardroom.web.platform import dom

__all__ = ["LinkedMatch", "MatchLink"]


class LinkedMatch(MatchHost, Protocol):
    """What the link of a match needs of the match's screen
    (:class:`cardroom.web.match.screen.MatchScreen`): the match, its setup, run and stage,
    the element it draws into and the table shown, and the steps the host's messages
    take it through on the guest."""

    body: Any
    sub: Any
    run: str | None
    game_run: str | None
    match: Match | None
    setup: ml.MatchSetup
    stage: str
    table: Table | None

    def play(self, *, resume: bool = False) -> None: ...

    def layout(self, stage: str) -> Any: ...

    def keep(self, table: Table) -> bool: ...

    def draw_bar(self) -> None: ...

    def end_table(self) -> None: ...

    def show_between(self) -> None: ...

    def show_result(self) -> None: ...


class _NoGame:
    """The engine client of no game: between games and at the result after a host
    reload, the host's session answers the guest (its hello, its pings) and the match's
    state says where the match is."""

    over = True
    moves: list[dict[str, Any]] = []

    def view(self, seat: int) -> dict[str, Any]:
        return {}

    def legal(self, seat: int) -> list[str]:
        return []


class MatchLink(LinkController):
    """The link of one match on this device: pairing, then every game's session."""

    def __init__(self, screen: LinkedMatch, *, resume: bool = False) -> None:
        self._fields(screen, None, screen.run or "")
        self.view: MatchView | None = None
        self.stored_host: Any = None
        self.stored_run: Any = None
        if resume:  # the host reloaded (only the host saves a match): its game's session
            stored = self._load()
            self.role = "host"
            self.stored_host = stored.get("host")
            self.stored_run = stored.get("game_run")
        else:
            self._show_panel(self.screen.body, roles_html())

    # ------------------------------------------------------------ storage

    def _store(self) -> None:
        store = storage()
        if store is None or self.role != "host":
            return  # the guest keeps nothing: its match is the host's
        data: dict[str, Any] = {"role": "host", "game_run": self.screen.game_run}
        if self.host is not None:
            data["host"] = self.host.to_json()
        with contextlib.suppress(Exception):
            store.setItem(LINK_PREFIX + self.run, json.dumps(data))

    def forget(self) -> None:
        store = storage()
        if store is not None and self.run:
            store.removeItem(LINK_PREFIX + self.run)

    # ------------------------------------------------------------ the panel and the bar

    def on_click(self, evt: Any) -> None:
        super().on_click(evt)
        if self.guest is not None and self.guest.check_match is None:
            self.guest.check_match = read_match_state

    def _link_bar(self, t: Table | None = None) -> None:
        """The link's bar sits over the match (it stays from game to game)."""
        root = dom.q(".mt-match", self.screen.body)
        if root is None or dom.q("#link-bar", root) is not None:
            return
        root.insertAdjacentHTML("afterbegin", bar_html(self.role))

    def _alive(self) -> bool:
        return not self.closed and getattr(self.screen, "link", None) is self

    def on_state(self, state: str) -> None:
        super().on_state(state)
        if state == "open" and self.role == "host" and self.host is not None:
            self._link_bar()

    # ------------------------------------------------------------ the host

    def attach_host(self, table: Table) -> None:
        """A new pick or game of the match on the host's table: its own session."""
        self.table = table
        engine = table.engine
        host = None
        # a game resumes its session; the picks start afresh after a reload
        resumes = self.stored_run == self.screen.game_run and table.setup.game != "match-pick"
        if self.stored_host is not None and resumes:
            with contextlib.suppress(Refused):
                host = HostSession.from_json(
                    engine, self.stored_host, setup_json(table.setup, match=True)
                )
        self.stored_host = None
        if host is None:
            host = HostSession(engine, guest_seats(engine), setup_json(table.setup, match=True))
        self.host = host
        host.on_pause = self.guest_paused
        host.clock_state = lambda: table.clock.to_json()
        engine.on(lambda _e: self.push_soon() if self.host is host else None)
        self._wrap_clock(table)
        self._link_bar()
        self._show_session(host.sid)
        self._store()
        if self.link_up:
            self.send(host.welcome())
            self.send(host.match(self.state()))
            self.push_soon()
        else:
            self.show_lost()

    def state(self) -> dict[str, Any]:
        m = self.screen.match
        stage = self.screen.stage if self.screen.stage in ("between", "result") else "game"
        assert m is not None
        return match_state(m, stage)  # type: ignore[arg-type]

    def host_stage(self) -> None:
        """The match moved on (between games, the result): tell the guest."""
        self._link_bar()
        self._store()
        if self.host is not None and self.link_up:
            self.send(self.host.match(self.state()))

    def host_message(self, text: str) -> None:
        if self.host is None and self.screen.stage in ("between", "result"):
            # the host reloaded between games: a session of no game answers the guest
            self.host = HostSession(_NoGame(), frozenset({1}))
            self.host.on_pause = self.guest_paused
        elif self.host is None:  # the first message: the match starts now
            self._hide_panel_for_table()
            self.screen.play()
        host = self.host
        if host is None:
            return
        t = self.table
        replies = self._answer(host, t.now() if t is not None else 0, text)
        if replies and t is not None and not t.finished:
            t.save()
            t.update()
        if replies:
            self._store()
        self._show_host_log(host)

    def _welcomed(self, host: HostSession) -> None:
        self.send(host.match(self.state()))  # the match's state before the game's view

    # ------------------------------------------------------------ the guest

    def guest_event(self, e: dict[str, Any]) -> None:
        """A single game's events, plus the match state (and a single game's host is
        refused)."""
        if e["t"] == "match":
            self.on_match()
            return
        super().guest_event(e)
        g = self.guest
        if e["t"] == "welcome" and g is not None and not (g.setup or {}).get("match", False):
            self._error(f"{match_mismatch(True).capitalize()}.")

    def on_match(self) -> None:
        """The host's match state: the bar, between games, the result."""
        g = self.guest
        assert g is not None
        view = g.match
        if not isinstance(view, MatchView):
            return
        self.view = view
        scr = self.screen
        self._follow(view)
        self._hide_panel_for_table()
        if view.stage == "game":
            if self.table is not None and self.table_sid == g.sid:
                scr.draw_bar()
            elif g.state is not None:
                self.guest_view()
            else:
                scr.draw_bar()
        else:
            self.table, self.table_sid = None, ""
            scr.end_table()
            if view.stage == "between":
                scr.show_between()
            else:
                scr.show_result()
        self._link_bar()
        self._show_session(g.sid)
        if dom.q("#link-overlay", scr.body) is not None:
            self._reconnected()
        else:
            self._say_state("connected", "Connected to the host.")

    def guest_view(self) -> None:
        view = self.view
        if view is None or view.stage != "game" or view.over:
            return  # the last game's view, or the match has moved on
        super().guest_view()

    def _host_setup(self) -> Setup | None:
        g, view = self.guest, self.view
        assert g is not None and view is not None
        try:
            return setup_from_json(g.setup or {}, view.up().slug, match=True)
        except Refused as exc:
            g.log.add(exc.reason, "", wall())
            self._show_log(g.log)
            return None

    def _follow(self, view: MatchView) -> None:
        """The host's match state is the guest's screen's match."""
        scr = self.screen
        scr.match = view  # type: ignore[assignment]
        scr.setup = ml.MatchSetup(
            view.combo, view.kind, view.limit_ms // 60_000, "devices", "medium", None
        )
        scr.sub.textContent = scr.setup.describe()

    def _mount_guest(self, setup: Setup, engine: GuestEngine) -> Table:
        """The pick or game the host started, on its own screen."""
        scr = self.screen
        m = scr.match
        assert m is not None
        scr.end_table()
        js.document.documentElement.setAttribute("data-playing", "1")
        up = m.up()
        stage = scr.layout("game")
        host_el = js.document.createElement("div")
        host_el.className = f"mt-game screen-{up.slug}"
        stage.replaceChildren(host_el)
        ui = PickUI(m, "devices") if up.number == 0 else game_ui(up.slug, "devices")  # type: ignore[arg-type]
        table = Table(
            Host(scr, ui, host_el),
            setup,
            f"{scr.run}x{len(m.played)}",
            None,
            engine=engine,
            deadline=up.deadline_ms,
            on_end=lambda _t, _out: None,  # the host records the game and moves on
        )
        scr.keep(table)
        scr.table = table
        return table

    # ------------------------------------------------------------ the end

    def close(self) -> None:
        super().close()
        self.table = None

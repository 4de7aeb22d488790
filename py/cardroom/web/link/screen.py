"""Two devices on one network: the pairing screen and the game over the link.

Started by the kit when a game's mode is ``devices`` (``KitScreen._open``). The host
shows its offer code (a QR code and text), the guest answers with its own; then the host
runs the real engine client (``LocalEngine``) behind a :class:`cardroom.link.HostSession`
and the guest's table runs on a :class:`cardroom.link.GuestEngine`, so the game's own
screen is the same on both devices, each showing only its own team (R-179). A lost link
stops the clock on both devices (R-182) until they pair again; the host saves its session
with every move, so a reload of either device resumes (R-181). See ``docs/link.md``.
"""

from __future__ import annotations

import contextlib
from typing import Any, Protocol

import js  # type: ignore[import-not-found]
from pyodide.ffi.wrappers import (  # type: ignore[import-not-found]
    clear_interval,
    set_interval,
    set_timeout,
)

from cardroom.link import (
    GuestEngine,
    GuestSession,
    HostSession,
    RefusalLog,
    Refused,
)
from cardroom.web.kit.logic import SAVE_PREFIX, EngineRefused, Save, Setup, WebGame, encode_save
from cardroom.web.kit.table import Table, TableScreen
from cardroom.web.kit.ui import storage, wall
from cardroom.web.link.logic import (
    bar_html,
    guest_clock,
    guest_seats,
    join_html,
    roles_html,
    setup_from_json,
    setup_json,
    waiting_html,
)
from cardroom.web.link.pairing import Pairing
from cardroom.web.link.rtc import Peer
from cardroom.web.platform import dom
from cardroom.web.platform import listeners as kit_dom

__all__ = ["DevicesScreen", "open_devices"]


class DevicesScreen(TableScreen, Protocol):
    """What a two-device game needs of the game's screen that opened it
    (:class:`cardroom.web.kit.screen.KitScreen`): a table's screen whose ``table`` the
    link sets, the game, the line under the title and a way to end the game shown."""

    table: Table | None

    @property
    def game(self) -> WebGame: ...

    @property
    def sub(self) -> Any: ...

    def end_game(self) -> None: ...


#: the guest's pairing screen after a reload of its page
GUEST_RELOADED = "This page reloaded: read the host's new code to go on with the same game."
#: the guest, when the host's page says it is going (a reload)
HOST_RECONNECTING = (
    "The host's page reloaded: it is reconnecting. Read its new code to go on; nothing is lost."
)

PING_MS = 1000
#: no message from the other device for this long: the link is lost (ms)
SILENCE_MS = 10_000

_current: LinkController | None = None


def open_devices(screen: DevicesScreen, setup: Setup, run: str, save: Save | None) -> None:
    """The kit's entry for a two-device game: pair first (or again after a reload)."""
    global _current
    old = _current
    keep = old is not None and old.link_up and old.peer is not None and save is None
    if old is not None and not keep:
        old.close()
    _current = LinkController(screen, setup, run, save, old if keep else None)


# ====================================================================== the controller


class LinkController(Pairing):
    """One two-device game on this device: the pairing panel (:class:`Pairing`), the link,
    the table."""

    def __init__(
        self,
        screen: DevicesScreen,
        setup: Setup,
        run: str,
        save: Save | None,
        old: LinkController | None = None,
    ) -> None:
        self._fields(screen, setup, run)
        if old is not None:  # Play again with the devices still paired: keep the link
            self._take_link(old)
            return
        stored = self._load()
        role = stored.get("role") if save is not None else None
        if role == "host":
            self._host_table(save, stored.get("host"))
            self.pair_again()
        elif role == "guest":  # a reload: pair again into the same game, in this role
            self.role = "guest"
            self.guest = GuestSession.from_json(stored.get("guest") or {})
            self.restored = save
            self._show_panel(self.screen.body, join_html(GUEST_RELOADED))
        else:
            self._show_panel(self.screen.body, roles_html())

    def _fields(self, screen: Any, setup: Setup | None, run: str) -> None:
        """Every field of a controller, before any pairing (a whole match's link starts
        from here too)."""
        self.screen = screen
        self.setup = setup  # type: ignore[assignment]
        self.run = run
        self.bindings = kit_dom.Listeners()
        self.peer: Peer | None = None
        self.table: Table | None = None
        self.host: HostSession | None = None
        self.guest: GuestSession | None = None
        self.engine: GuestEngine | None = None
        self.role = ""
        self.link_up = False
        self.heard = 0.0
        self.ticker: Any = None
        self.push_due = False
        self.closed = False
        self.panel: Any = None
        self.table_sid = ""
        #: this page's own setup (the guest's: where a reload comes back to; R-181)
        self.own_setup = setup
        #: the guest's save after a reload: its table's extras (where its cards lay)
        self.restored: Save | None = None
        #: the page's own listeners (the panel's ``bindings`` come and go with it)
        self.page_bindings = kit_dom.Listeners()
        self.page_bindings.on(js.window, "pagehide", self.on_pagehide)

    def on_pagehide(self, _evt: Any) -> None:
        """The host's page goes (a reload, the tab closed): tell the guest, whose page
        then says the host is reconnecting rather than waiting for the silence."""
        if self.role == "host" and self.host is not None and not self.closed:
            with contextlib.suppress(Exception):
                self.send(self.host.bye("the host's page reloaded"))

    def _take_link(self, old: LinkController) -> None:
        """The next game on the same link: the host deals it (a new session), the guest
        waits for it."""
        peer, old.peer = old.peer, None
        assert peer is not None
        self.role, self.guest = old.role, old.guest
        old.close()
        peer.on_message, peer.on_state = self.on_message, self.on_state
        self.peer, self.link_up, self.heard = peer, True, wall()
        self.ticker = set_interval(self.beat, PING_MS)
        if self.role == "host":
            self._host_table(None)
            assert self.host is not None and self.table is not None
            self.send(self.host.welcome())
            self.push_soon()
        else:
            self._show_panel(self.screen.body, waiting_html())

    # ------------------------------------------------------------ link state

    def on_state(self, state: str) -> None:
        if self.closed:
            return
        if state == "open":
            self.link_up = True
            self.heard = wall()
            if self.ticker is None:
                self.ticker = set_interval(self.beat, PING_MS)
            if self.role == "guest" and self.guest is not None and self.peer is not None:
                self.guest.welcomed = False  # a new channel: hello until its welcome
                for text in self.guest.beat(wall()):
                    self.peer.send(text)
            self._say_state("connected", "Connected. Waiting for the game…")
        elif state == "lost" and self.link_up:
            self.link_up = False
            self.pair_again()

    def _say_state(self, key: str, text: str) -> None:
        el = dom.q("#link-state", self.screen.body)
        if el is not None:
            el.setAttribute("data-link-state", key)
            el.textContent = text
        bar = dom.q("#link-bar", self.screen.body)
        if bar is not None:
            bar.setAttribute("data-link-state", key)
            dom.q(".link-bar-text", bar).textContent = text

    def beat(self) -> None:
        """Every second: ping (the guest), notice silence, stop when the game is left."""
        if self.closed:
            return
        if not self._alive():
            self.close()
            return
        if not self.link_up or self.peer is None:
            return
        if self.peer.channel is not None and str(self.peer.channel.readyState) != "open":
            self.peer.lost()
            return
        if wall() - self.heard > SILENCE_MS:
            self.peer.lost()
            return
        if self.role == "guest" and self.guest is not None:
            # hello again every beat until the welcome comes, then a ping (GuestSession.beat)
            for text in self.guest.beat(wall()):
                self.peer.send(text)
            self._show_offset()

    def _alive(self) -> bool:
        if self.table is not None:
            return self.screen.table is self.table
        return self.panel is not None and bool(self.panel.isConnected)

    def show_lost(self) -> None:
        """Both devices: say the link is lost and stop the clock (R-182)."""
        t = self.table
        if t is not None and not t.finished:
            if not t.paused:
                t.clock = t.clock.pause(wall())
                t.schedule()
            t.area.setAttribute("inert", "")
            self._link_bar(t)
        self._say_state("lost", "The link to the other device is lost. Pair again to go on.")
        dom.announce("The link to the other device is lost. The clock is stopped.")

    def _link_bar(self, t: Table) -> None:
        if dom.q("#link-bar", t.root) is not None:
            return
        t.root.insertAdjacentHTML("afterbegin", bar_html(self.role))

    # ------------------------------------------------------------ messages

    def on_message(self, text: str) -> None:
        if self.closed:
            return
        self.heard = wall()
        if self.role == "host":
            self.host_message(text)
        else:
            self.guest_message(text)

    def send(self, text: str) -> None:
        if self.peer is not None and self.link_up:
            self.peer.send(text)

    # ------------------------------------------------------------ the host

    def _host_table(self, save: Save | None, stored: Any = None) -> None:
        self.role = "host"
        t = Table(self.screen, self.setup, self.run, save)
        self.screen.table = t
        self.table = t
        seats = guest_seats(t.engine)
        host = None
        if stored is not None:
            with contextlib.suppress(Refused):
                host = HostSession.from_json(t.engine, stored, setup_json(self.setup))
        self.host = host or HostSession(t.engine, seats, setup_json(self.setup))
        self.host.on_pause = self.guest_paused
        self.host.clock_state = lambda: t.clock.to_json()
        t.engine.on(lambda _e: self.push_soon())
        self._wrap_clock(t)
        self._link_bar(t)
        self._show_session(self.host.sid)
        self._store()

    def host_message(self, text: str) -> None:
        if self.table is None:  # the first message: the game starts now
            self._hide_panel_for_table()
            self._host_table(None)
        t, host = self.table, self.host
        assert t is not None and host is not None
        replies = self._answer(host, t.now(), text)
        if replies:
            t.save()
            self._store()
            t.update()
        self._show_host_log(host)

    def _answer(self, host: HostSession, now: int, text: str) -> list[str]:
        """The host's replies to one message, sent; a welcome after a lost link is the
        link back."""
        was_lost = dom.q("#link-overlay", self.screen.body) is not None
        replies = host.receive(text, now, wall())
        for r in replies:
            self.send(r)
            if '"t":"welcome"' in r:
                self._welcomed(host)
        if was_lost and any('"t":"welcome"' in r for r in replies):
            self._reconnected()
        return replies

    def _welcomed(self, host: HostSession) -> None:
        """The host has just welcomed the guest (a whole match sends its state next)."""

    def _show_host_log(self, host: HostSession) -> None:
        self._show_log(host.log)
        bar = dom.q("#link-bar", self.screen.body)
        if bar is not None:
            bar.setAttribute("data-applied", str(host.applied))

    def _hide_panel_for_table(self) -> None:
        self.bindings.clear()
        self.panel = None

    def push_soon(self) -> None:
        if not self.push_due:
            self.push_due = True
            set_timeout(self.push, 0)

    def push(self) -> None:
        self.push_due = False
        if self.closed or self.host is None or self.table is None:
            return
        self.send(self.host.update(self.table.now()))
        self._store()

    def guest_paused(self, on: bool) -> None:
        t = self.table
        if t is None:
            return
        if on:
            t.pause("leave")
        else:
            t.resume()

    def _wrap_clock(self, t: Table) -> None:
        """Pause and Resume on either device stop and start the one table clock."""
        pause, resume = t.pause, t.resume

        def wrapped_pause(why: str = "pause") -> None:
            pause(why)
            if self.role == "host":
                self.push_soon()
            elif self.guest is not None and why != "host":
                self.send(self.guest.pause(True))

        def wrapped_resume() -> None:
            if not self.link_up:
                dom.announce("Pair the devices again first.")
                return
            resume()
            if self.role == "host":
                self.push_soon()
            elif self.guest is not None:
                self.send(self.guest.pause(False))

        t.pause = wrapped_pause  # type: ignore[method-assign]
        t.resume = wrapped_resume  # type: ignore[method-assign]

    def _reconnected(self) -> None:
        self._hide_overlay()
        self._say_state("connected", "Connected to the other device.")
        t = self.table
        if t is not None and t.paused and not t.finished:
            t.resume()
        if t is not None:
            dom.q("#kit-overlay", t.root).hidden = True
            t.area.removeAttribute("inert")
            t.update()
        self.push_soon()

    # ------------------------------------------------------------ the guest

    def guest_message(self, text: str) -> None:
        g = self.guest
        if g is None:
            return
        out, events = g.receive(text, wall())
        for o in out:
            self.send(o)
        for e in events:
            self.guest_event(e)
        self._store()
        self._show_log(g.log)

    def guest_event(self, e: dict[str, Any]) -> None:
        """One thing the host's message brought (``GuestSession.receive``)."""
        if e["t"] == "welcome" and self.guest is not None:  # a first clock sample at once
            self.send(self.guest.ping(wall()))
        elif e["t"] == "view":
            self.guest_view()
        elif e["t"] == "refused":
            dom.announce(f"Not now: {e['reason']}.")
            if self.table is not None:
                self.table.update()
        elif e["t"] == "pong":
            self._show_offset()
        elif e["t"] == "bye" and self.link_up:  # the host's page went: it comes back
            self.link_up = False
            self.pair_again(HOST_RECONNECTING)
            self._say_state("lost", HOST_RECONNECTING)

    def guest_view(self) -> None:
        g = self.guest
        assert g is not None
        if self.table is None or self.table_sid != g.sid:
            setup = self._host_setup()
            if setup is None:
                return
            self._guest_table(setup)
        t, e = self.table, self.engine
        assert t is not None and e is not None
        self._show_session(g.sid)
        self._follow_clock(t)
        if dom.q("#link-overlay", self.screen.body) is not None:
            self._reconnected()
        e.changed()
        t.update()

    def _host_setup(self) -> Setup | None:
        """The host's game, or None (said on the panel) when this page does not play it."""
        g = self.guest
        assert g is not None
        try:
            return setup_from_json(g.setup or {}, self.screen.game.slug)
        except Refused as exc:
            self._error(f"{exc.reason[0].upper()}{exc.reason[1:]}.")
            return None

    def _guest_table(self, setup: Setup) -> None:
        g = self.guest
        assert g is not None
        self._hide_panel_for_table()
        self._hide_overlay()
        self.table_sid = g.sid
        self.engine = GuestEngine(g, self.send, EngineRefused)
        t = self._mount_guest(setup, self.engine)
        self.table = t
        self._wrap_clock(t)
        self._link_bar(t)
        self._say_state("connected", "Connected to the host.")

    def _mount_guest(self, setup: Setup, engine: GuestEngine) -> Table:
        """The game's table on this page, over the host's views; after a reload of this
        page, with its cards where they lay (the save's extras, for the same session)."""
        if self.table is not None:  # the host started another game
            self.screen.end_game()
        self.setup = setup
        self.screen.sub.textContent = setup.describe()
        g = self.guest
        restored, self.restored = self.restored, None
        if restored is None or g is None or restored.extra.get("link_sid") != g.sid:
            restored = None
        t = Table(self.screen, setup, self.run, restored, engine=engine)
        self.screen.table = t
        self._keep_guest_table(t)
        return t

    def _keep_guest_table(self, t: Table) -> None:
        """The guest's table saves what a reload needs (R-181): this page's own setup
        (the host's travels without its deal number, R-179, and is no save of its own),
        the session it belongs to and the screen's extras (where the cards lie). The
        moves and the hands are the host's: they come back with its next view."""

        def save() -> None:
            store = storage()
            g = self.guest
            if store is None or g is None or self.own_setup is None:
                return
            hints = {str(k): v for k, v in t.hints.items()}
            extra = {**t.ui.extra(), "hints": hints, "rotated": t.rotated, "link_sid": g.sid}
            data = Save(self.own_setup, (), t.clock, extra)
            with contextlib.suppress(Exception):  # quota or privacy mode: play on unsaved
                store.setItem(SAVE_PREFIX + self.run, encode_save(data))

        t.save = save  # type: ignore[method-assign]
        save()

    def _follow_clock(self, t: Table) -> None:
        """The guest's table clock is the host's, moved onto this device's clock (R-180)."""
        g = self.guest
        state = g.state if g is not None else None
        clock = guest_clock(state.get("clock"), g.sync.offset) if g and state else None
        if clock is None:
            return  # keep the clock it has
        was = t.paused
        t.clock = clock
        if t.clock.paused and not was and self.link_up:
            t.show_paused("leave")
        elif not t.clock.paused and was:
            dom.q("#kit-overlay", t.root).hidden = True
            t.area.removeAttribute("inert")
            t.pause_btn.textContent = "Pause"
            t.pause_btn.setAttribute("aria-pressed", "false")
            t.root.removeAttribute("data-paused")
        t.schedule()

    def _show_offset(self) -> None:
        g = self.guest
        bar = dom.q("#link-bar", self.screen.body)
        if g is None or bar is None or not g.sync.ready:
            return
        bar.setAttribute("data-offset", f"{g.sync.offset:.2f}")
        bar.setAttribute("data-offset-error", f"{g.sync.error:.2f}")

    def _show_session(self, sid: str) -> None:
        bar = dom.q("#link-bar", self.screen.body)
        if bar is not None:
            bar.setAttribute("data-session", sid)

    def _show_log(self, log: RefusalLog) -> None:
        bar = dom.q("#link-bar", self.screen.body)
        if bar is not None and log.total:
            bar.setAttribute("data-refused", str(log.total))
            bar.setAttribute("data-refused-last", log.entries[-1]["reason"] if log.entries else "")

    # ------------------------------------------------------------ the end

    def close(self) -> None:
        self.closed = True
        if self.ticker is not None:
            clear_interval(self.ticker)
            self.ticker = None
        if self.peer is not None:
            self.peer.close()
            self.peer = None
        self.bindings.clear()
        self.page_bindings.clear()

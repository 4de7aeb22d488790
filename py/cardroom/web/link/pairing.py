"""The pairing half of a two-device game's controller: the panel that shows and reads
the codes (text, QR code, camera), the peer connection they make, the dialog over the
table for pairing again, and what this device remembers of its role. Mixed into
:class:`cardroom.web.link.screen.LinkController`, which owns the fields named below and
what happens once the link is up. Pyodide only (imports ``js``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import js  # type: ignore[import-not-found]

from cardroom.link import BadCode, GuestSession, HostSession, Refused
from cardroom.web.kit.table import Table
from cardroom.web.kit.ui import storage
from cardroom.web.link.logic import answer_html, host_html, join_html, overlay_html
from cardroom.web.link.rtc import Peer
from cardroom.web.platform import dom
from cardroom.web.platform import listeners as kit_dom

__all__ = ["LINK_PREFIX", "Pairing"]

LINK_PREFIX = "cardroom:link:"


class Pairing:
    """Pairing, for :class:`~cardroom.web.link.screen.LinkController`."""

    screen: Any
    run: str
    bindings: kit_dom.Listeners
    panel: Any
    peer: Peer | None
    table: Table | None
    host: HostSession | None
    guest: GuestSession | None
    role: str

    # the controller's: what the link says, and the table paused when it is lost
    def on_message(self, text: str) -> None:
        raise NotImplementedError

    def on_state(self, state: str) -> None:
        raise NotImplementedError

    def show_lost(self) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------ storage

    def _load(self) -> dict[str, Any]:
        store = storage()
        raw = store.getItem(LINK_PREFIX + self.run) if store is not None else None
        try:
            obj = json.loads(str(raw)) if dom.nullable(raw) is not None else {}
        except ValueError:
            obj = {}
        return obj if isinstance(obj, dict) else {}

    def _store(self) -> None:
        store = storage()
        if store is None:
            return
        data: dict[str, Any] = {"role": self.role}
        if self.host is not None:
            data["host"] = self.host.to_json()
        if self.guest is not None:
            data["guest"] = self.guest.to_json()
        with contextlib.suppress(Exception):
            store.setItem(LINK_PREFIX + self.run, json.dumps(data))

    # ------------------------------------------------------------ the panel

    def _show_panel(self, host: Any, html: str) -> None:
        self.bindings.clear()
        host.innerHTML = html
        self.panel = dom.q("#link-pair", host)
        self.bindings.on(self.panel, "click", self.on_click)
        first = dom.q("button, textarea", self.panel)
        if first is not None:
            first.focus()

    def _error(self, text: str) -> None:
        box = dom.q("#link-error", self.panel) if self.panel is not None else None
        if box is not None:
            box.textContent = text

    def on_click(self, evt: Any) -> None:
        b = dom.closest(evt.target, "button[data-link]")
        if b is None or b.disabled:
            return
        act = dom.attr(b, "data-link")
        if act == "host":
            self.role = "host"
            self._run(self.start_host())
        elif act == "join":
            self.role = "guest"
            self.guest = GuestSession()
            self._show_panel(self.panel.parentNode, join_html())
        elif act == "answer":
            text = str(dom.q("#link-offer", self.panel).value)
            self._run(self.start_guest(text))
        elif act == "connect":
            text = str(dom.q("#link-answer", self.panel).value)
            self._run(self.accept(text))
        elif act == "copy":
            code = dom.attr(dom.q(f"#{dom.attr(b, 'data-copy')}", self.panel), "data-code")
            self._run(self.copy(code or "", b))
        elif act == "scan":
            from cardroom.web.link.scan import scan  # noqa: PLC0415

            self._run(scan(self.panel, self.on_scanned))
        elif act == "again":
            self.pair_again()

    def on_scanned(self, text: str) -> None:
        box = dom.q("#link-offer", self.panel)
        if box is not None:
            box.value = text
            self._run(self.start_guest(text))

    def _run(self, coro: Any) -> None:
        async def guarded() -> None:
            try:
                await coro
            except BadCode as exc:
                self._error(str(exc))
            except Refused as exc:
                self._error(f"{exc.reason[0].upper()}{exc.reason[1:]}.")
            except OSError as exc:  # the camera or a library could not be used
                text = str(exc) or "That did not work"
                self._error(f"{text[0].upper()}{text[1:]}.")
            except Exception as exc:  # noqa: BLE001 - say it, never break the page
                self._error(f"The link could not be made ({type(exc).__name__}: {exc}).")

        asyncio.ensure_future(guarded())

    async def copy(self, code: str, button: Any) -> None:
        try:
            await js.navigator.clipboard.writeText(code)
            button.textContent = "Copied"
        except Exception:  # noqa: BLE001 - no clipboard (plain http): select the text
            sel = js.window.getSelection()
            sel.selectAllChildren(dom.q(".link-code", self.panel))
            button.textContent = "Selected: copy it"

    async def _draw_qr(self, box: Any, code: str, label: str) -> None:
        from cardroom.web.platform.libs import load_library  # noqa: PLC0415

        try:
            await load_library("segno")
            from cardroom import qr  # noqa: PLC0415

            if box is not None and bool(box.isConnected):
                box.innerHTML = qr.svg(code, label=label, px=3)
        except Exception as exc:  # noqa: BLE001 - the text is enough
            js.console.warn(f"link: no QR code: {exc}")

    # ------------------------------------------------------------ pairing

    def _new_peer(self) -> Peer:
        if self.peer is not None:
            self.peer.close()
        self.peer = Peer(self.on_message, self.on_state)
        return self.peer

    async def start_host(self) -> None:
        peer = self._new_peer()
        code = await peer.offer()
        target = self.panel.parentNode if self.panel is not None else self.screen.body
        self._show_panel(target, host_html(code))
        await self._draw_qr(
            dom.q("#link-offer-qr", self.panel), code, "QR code of the pairing code"
        )

    async def accept(self, text: str) -> None:
        if self.peer is None:
            return
        await self.peer.accept(text)
        state = dom.q("#link-state", self.panel)
        if state is not None:
            state.textContent = "Connecting…"

    async def start_guest(self, text: str) -> None:
        peer = self._new_peer()
        code = await peer.answer(text)
        out = dom.q("#link-answer-out", self.panel)
        out.innerHTML = answer_html(code)
        self._error("")
        await self._draw_qr(dom.q("#link-answer-qr", out), code, "QR code of the answer code")

    def pair_again(self, note: str = "") -> None:
        """The link is lost (or the host reloaded): new codes, the table stays paused;
        ``note`` says why on the guest's dialog."""
        self.show_lost()
        if self.role == "host":
            self._run(self._host_again())
        else:
            box = self._overlay()
            self._show_panel(box, join_html(note))

    async def _host_again(self) -> None:
        peer = self._new_peer()
        code = await peer.offer()
        box = self._overlay()
        self._show_panel(box, host_html(code))
        await self._draw_qr(
            dom.q("#link-offer-qr", self.panel), code, "QR code of the pairing code"
        )

    def _overlay(self) -> Any:
        """The dialog over the table where pairing again happens."""
        box = dom.q("#link-overlay", self.screen.body)
        if box is None:
            self.screen.body.insertAdjacentHTML("beforeend", overlay_html())
            box = dom.q("#link-overlay", self.screen.body)
        box.hidden = False
        return dom.q("#link-dialog", box)

    def _hide_overlay(self) -> None:
        box = dom.q("#link-overlay", self.screen.body)
        if box is not None:
            box.remove()
        if self.table is not None:
            self.table.area.removeAttribute("inert")

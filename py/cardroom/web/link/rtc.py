"""The WebRTC side of the two-device link: one RTCPeerConnection with no ICE servers
(host candidates only, nothing leaves the local network) and one ordered, reliable data
channel. The codes exchanged are :func:`cardroom.link.pack_sdp`'s; everything that
travels is :mod:`cardroom.link`'s JSON. Pyodide only (imports ``js``)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from cardroom.link import pack_sdp, unpack_sdp

__all__ = ["Peer"]

#: how long ICE gathering may take before the code is made with what was found (ms)
GATHER_MS = 4000


def _obj(value: dict[str, Any]) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)


class Peer:
    """One side of a link. ``on_message(text)`` gets every message, ``on_state(state)``
    "open" once the channel opens and "lost" once when it closes or fails."""

    def __init__(self, on_message: Callable[[str], None], on_state: Callable[[str], None]) -> None:
        self.on_message = on_message
        self.on_state = on_state
        self.pc = js.RTCPeerConnection.new(_obj({"iceServers": []}))
        self.channel: Any = None
        self.state = "new"
        self._proxies: list[Any] = []
        self._on(self.pc, "connectionstatechange", self._pc_state)
        self._on(self.pc, "datachannel", self._got_channel)
        # for the tests and the curious: the page's live link
        js.window.cardroomLink = _obj({"pc": self.pc})

    def _on(self, target: Any, event: str, handler: Callable[[Any], None]) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    # ------------------------------------------------------------ codes

    async def _gathered(self) -> str:
        done = asyncio.get_event_loop().create_future()

        def check(_evt: Any = None) -> None:
            if str(self.pc.iceGatheringState) == "complete" and not done.done():
                done.set_result(None)

        self._on(self.pc, "icegatheringstatechange", check)
        check()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done, GATHER_MS / 1000)
        return str(self.pc.localDescription.sdp)

    async def offer(self) -> str:
        """The host: open the channel and return the offer's code."""
        self._use(self.pc.createDataChannel("cardroom", _obj({"ordered": True})))
        offer = await self.pc.createOffer()
        await self.pc.setLocalDescription(offer)
        return pack_sdp(await self._gathered())

    async def answer(self, offer_code: str) -> str:
        """The guest: take the host's code (``BadCode`` if unreadable), return the answer's."""
        sdp = unpack_sdp(offer_code, "offer")
        await self.pc.setRemoteDescription(_obj({"type": "offer", "sdp": sdp}))
        answer = await self.pc.createAnswer()
        await self.pc.setLocalDescription(answer)
        return pack_sdp(await self._gathered())

    async def accept(self, answer_code: str) -> None:
        """The host: take the guest's answer code (``BadCode`` if unreadable)."""
        sdp = unpack_sdp(answer_code, "answer")
        await self.pc.setRemoteDescription(_obj({"type": "answer", "sdp": sdp}))

    # ------------------------------------------------------------ the channel

    def _got_channel(self, evt: Any) -> None:
        self._use(evt.channel)

    def _use(self, channel: Any) -> None:
        self.channel = channel
        js.window.cardroomLink.channel = channel
        self._on(channel, "open", lambda _e: self._set("open"))
        self._on(channel, "close", lambda _e: self._set("lost"))
        self._on(channel, "message", lambda e: self.on_message(str(e.data)))
        if str(channel.readyState) == "open":
            self._set("open")

    def _pc_state(self, _evt: Any) -> None:
        if str(self.pc.connectionState) in ("failed", "closed"):
            self._set("lost")

    def _set(self, state: str) -> None:
        if state == self.state or self.state == "lost":
            return
        self.state = state
        self.on_state(state)

    def lost(self) -> None:
        """The link is found dead (silence, a closed channel)."""
        self._set("lost")

    def send(self, text: str) -> bool:
        if self.channel is None or str(self.channel.readyState) != "open":
            return False
        try:
            self.channel.send(text)
        except Exception:  # noqa: BLE001 - a channel closing under us: the link is lost
            self._set("lost")
            return False
        return True

    def close(self) -> None:
        self.state = "lost"  # closing on purpose tells no one
        with contextlib.suppress(Exception):
            self.pc.close()
        # the proxies stay: a late event must find its handler (it then does nothing)

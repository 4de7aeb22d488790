"""Reading a QR code with the camera: the host's pairing code (the guest's side), and a
match's result code at the tournament director's desk.

The browser's ``BarcodeDetector`` where it exists; elsewhere jsQR (npm ``jsqr``, shipped
as ``jsqr.js``, fetched only when scanning starts and then kept offline by the service
worker). The camera needs a secure context (https or localhost): elsewhere the scan
button says so and the typed code is the way (docs/link.md). Pyodide only."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, to_js  # type: ignore[import-not-found]

from cardroom.web.platform import dom

__all__ = ["scan"]

#: how long to look before giving up (ms), and how often to look (ms)
SCAN_MS = 60_000
EVERY_MS = 150
JSQR = "jsqr.js"


def _obj(value: dict[str, Any]) -> Any:
    return to_js(value, dict_converter=js.Object.fromEntries)


async def _load_jsqr() -> Any:
    """The jsQR function (a classic script: it defines ``window.jsQR``)."""
    ready = dom.nullable(getattr(js.window, "jsQR", None))
    if ready is not None:
        return ready
    done = asyncio.get_event_loop().create_future()
    script = js.document.createElement("script")
    script.src = JSQR

    def loaded(_e: Any) -> None:
        if not done.done():
            done.set_result(True)

    def failed(_e: Any) -> None:
        if not done.done():
            done.set_exception(OSError("the QR code reader could not be fetched"))

    script.addEventListener("load", create_once_callable(loaded))
    script.addEventListener("error", create_once_callable(failed))
    js.document.head.append(script)
    await done
    return js.window.jsQR


async def scan(
    panel: Any,
    on_found: Callable[[str], None],
    *,
    ids: tuple[str, str, str] = ("link-error", "link-scan", "link-video"),
    what: str = "the host's QR code",
) -> None:
    """Show the camera in ``panel`` and call ``on_found(text)`` with the first QR code
    read; raise ``OSError`` with a sentence when there is no camera to use. ``ids`` name
    the panel's error line, the box around the video and the ``<video>``; ``what`` says
    what to point the camera at."""
    error = dom.q(f"#{ids[0]}", panel)
    box = dom.q(f"#{ids[1]}", panel)
    video = dom.q(f"#{ids[2]}", panel)
    media = dom.nullable(getattr(js.navigator, "mediaDevices", None))
    if not bool(js.window.isSecureContext) or media is None:
        raise OSError(
            "the camera works only on a secure page (https, or this device's own address): "
            "type the code instead"
        )
    try:
        stream = await media.getUserMedia(_obj({"video": _obj({"facingMode": "environment"})}))
    except Exception:  # noqa: BLE001 - refused, or no camera
        raise OSError("no camera could be used: type the code instead") from None
    box.hidden = False
    video.srcObject = stream
    await video.play()
    error.textContent = ""
    dom.announce(f"The camera is on: point it at {what}.")
    detector = None
    if dom.nullable(getattr(js.window, "BarcodeDetector", None)) is not None:
        try:
            detector = js.BarcodeDetector.new(_obj({"formats": to_js(["qr_code"])}))
        except Exception:  # noqa: BLE001 - no QR support in this detector
            detector = None
    reader = None if detector is not None else await _load_jsqr()
    canvas = js.document.createElement("canvas")
    ctx = canvas.getContext("2d", _obj({"willReadFrequently": True}))
    found = ""
    try:
        for _ in range(SCAN_MS // EVERY_MS):
            if not bool(panel.isConnected):
                return
            await asyncio.sleep(EVERY_MS / 1000)
            w, h = int(video.videoWidth), int(video.videoHeight)
            if not w or not h:
                continue
            if detector is not None:
                codes = await detector.detect(video)
                if codes.length:
                    found = str(codes[0].rawValue)
            else:
                canvas.width, canvas.height = w, h
                ctx.drawImage(video, 0, 0, w, h)
                img = ctx.getImageData(0, 0, w, h)
                code = dom.nullable(reader(img.data, w, h))
                if code is not None:
                    found = str(code.data)
            if found:
                break
    finally:
        for track in stream.getTracks():
            track.stop()
        box.hidden = True
    if not found:
        raise OSError("no QR code was seen: try again closer, or type the code")
    dom.announce("The code is read.")
    on_found(found)

"""QR codes, drawn by segno (a pure-Python library: ``segno==1.6.6``).

The site shows a QR code beside every code a person might otherwise type: a match's result
code for the director, a link to a game for a class to scan from the projector, and the
pairing codes of two devices. In the browser segno is loaded on demand
(``cardroom.web.platform.libs.load_library("segno")``), never on the start path; on the command line
it is an ordinary dependency. Decoding is not done here: the browser's ``BarcodeDetector``
or the vendored ``jsQR`` reads a camera picture.
"""

from __future__ import annotations

import html
import io

__all__ = ["svg", "terminal"]


def svg(text: str, *, label: str, error: str = "m", px: int = 4) -> str:
    """An inline ``<svg>`` of ``text`` as a QR code, with a quiet zone of four modules,
    ``px`` CSS pixels a module (scalable: it has a viewBox), black on white whatever the
    page's colours, and ``label`` as its accessible name (``role="img"``)."""
    import segno  # noqa: PLC0415  (loaded on demand in the browser)

    code = segno.make(text, error=error, micro=False)
    buf = io.BytesIO()
    code.save(
        buf,
        kind="svg",
        scale=1,
        border=4,
        xmldecl=False,
        svgns=False,
        svgclass=None,
        lineclass=None,
        omitsize=True,
        dark="#000",
        light="#fff",
    )
    body = buf.getvalue().decode()
    size = code.symbol_size(scale=1, border=4)[0]
    inner = body[body.index(">") + 1 : body.rindex("</svg>")]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="qr" role="img" '
        f'aria-label="{html.escape(label, quote=True)}" viewBox="0 0 {size} {size}" '
        f'width="{size * px}" height="{size * px}" shape-rendering="crispEdges" '
        f'data-qr="{html.escape(text, quote=True)}">{inner}</svg>'
    )


def terminal(text: str) -> str:
    """``text`` as a QR code drawn with block characters, for a terminal."""
    import segno  # noqa: PLC0415

    buf = io.StringIO()
    segno.make(text, error="m", micro=False).terminal(out=buf, compact=True, border=2)
    return buf.getvalue()

"""Pure-Python libraries the site ships as zips and loads on demand (``sitebuild/wheels.py``):
networkx (the director's pairing) and segno (QR codes). None of them is on the start path:
a screen awaits :func:`load_library` when it first needs one. The service worker fetches
the zips into the site's offline copy once the first visit is ready (docs/architecture.md).
"""

from __future__ import annotations

import importlib
import io
import json
import sys
import time
import zipfile
from importlib import resources
from typing import Any

import js  # type: ignore[import-not-found]

LIB_DIR = "/tmp/cardroom-lib"  # where lazily loaded libraries are unpacked

#: What each library is for, in the words of an error message.
PURPOSE = {"networkx": "pairing library", "segno": "QR code library"}


def wheel_info(top: str) -> dict[str, Any]:
    """The zip's address, size and version, written into the package by the build."""
    info = json.loads(resources.files("cardroom").joinpath("data/wheels.json").read_text())
    return dict(info[top])


async def load_library(top: str) -> float:
    """Fetch and unpack the library whose top-level package is ``top`` (once per page) and
    import it; returns the milliseconds taken (0 when it was already loaded)."""
    if top in sys.modules:
        return 0.0
    t0 = time.perf_counter()
    info = wheel_info(top)
    res = await js.fetch(info["url"])
    if not res.ok:
        what = PURPOSE.get(top, top)
        raise OSError(f"the {what} could not be fetched (HTTP {res.status})")
    raw = (await res.arrayBuffer()).to_py().tobytes()
    with zipfile.ZipFile(io.BytesIO(raw)) as z:
        z.extractall(LIB_DIR)
    if LIB_DIR not in sys.path:
        sys.path.append(LIB_DIR)
    importlib.invalidate_caches()
    importlib.import_module(top)
    return (time.perf_counter() - t0) * 1000

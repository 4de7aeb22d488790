"""Paths and small helpers shared by the build modules."""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
WEB = ROOT / "web"
ASSETS = ROOT / "assets"

ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def log(msg: str, quiet: bool = False) -> None:
    if not quiet:
        print(msg, file=sys.stderr)


def content_name(stem: str, data: bytes, suffix: str) -> str:
    """``stem-<10 hex of sha256>suffix``: a content-addressed file name (no stale caches)."""
    return f"{stem}-{hashlib.sha256(data).hexdigest()[:10]}{suffix}"


def fill(template: str, values: dict[str, str]) -> str:
    """Replace ``<!--@NAME-->`` and ``{{NAME}}`` placeholders; every one must be known."""

    def sub(m: re.Match[str]) -> str:
        key = m.group(1) or m.group(2)
        if key not in values:
            raise KeyError(f"template placeholder {key!r} has no value")
        return values[key]

    return re.sub(r"<!--@([A-Z_]+)-->|\{\{([A-Z_]+)\}\}", sub, template)

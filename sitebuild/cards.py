"""The 50 card faces, pre-rendered as ``<template id="card-XX">`` elements into a
content-addressed ``cards-<hash>.html`` (kept out of index.html, whose parse gates the
first paint; web/pyodide-boot.mjs fetches it when a screen needs the faces)."""

from __future__ import annotations

from pathlib import Path

from cardroom import atlas
from cardroom.web.kit.cards import card_html

from .common import content_name, log


def render_templates(records: dict[str, atlas.StateFacts]) -> str:
    """The 50 card faces as ``<template id="card-XX">`` elements (the cards file)."""
    names = {c: s.name for c, s in records.items()}
    return "".join(
        f'<template id="card-{code}">{card_html(records[code], names, heading=2)}</template>'
        for code in sorted(records)
    )


def write_cards(out: Path, records: dict[str, atlas.StateFacts], quiet: bool = False) -> str:
    """Write the cards file into ``out``; return its name."""
    data = render_templates(records).encode("utf-8")
    name = content_name("cards", data, ".html")
    (out / name).write_bytes(data)
    log(f"  {name}: {len(data):,} bytes (50 card faces)", quiet)
    return name

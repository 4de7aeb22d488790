"""Sequence States & Capitals equipment drawn at build time with svgwrite (pure functions
returning SVG text), written into the site as ``sequence.html`` (:func:`write_equipment`).

* :func:`board_svg` -- the fixed 10x10 board (R-70): each space shows the state's shape,
  its colour (the card's time-zone colour), its name and its capital; ``kind="capitals"``
  draws the capitals-only board (R-72), with no state names.
* :func:`card_svg` -- a card: a state card shows the shape, colour and name (never the
  capital); ADD and REMOVE cards.
* :func:`chip_svg` -- a team's chip: its colour and its mark (R-71).

Each state shape is defined once as a ``<symbol>`` and placed with ``<use>``. Spaces carry
``data-space`` (0-99) and ``data-state`` (the postal code), cards ``data-card``.

:func:`equipment_html` puts them in ``<template>`` elements for the game's screen: the two
boards and every card face, all drawn without their shapes, and one hidden SVG of
definitions (:func:`defs_svg`: the 50 shapes and the three chips as ``<symbol>``), which the
screen puts in the page with the board, so each shape is sent and defined once. The file
has a fixed name; the service worker's precache entry carries its revision, so an update is
never served stale.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from cardroom import atlas
from cardroom.sequence.board import ADD, CHIPS, REMOVE, board_json

from .common import NODE, log
from .geometry import decode_arcs, geometry_polygons, path_data

__all__ = [
    "EQUIPMENT",
    "board_svg",
    "card_svg",
    "chip_svg",
    "equipment_html",
    "state_shapes",
    "write_equipment",
]

#: The equipment file's name in the site (the screen fetches it).
EQUIPMENT = "sequence.html"

CELL = 100  # board units per space
GAP = 4


@cache
def state_shapes() -> dict[str, tuple[str, tuple[float, float, float, float]]]:
    """Postal code -> (SVG path data, bounding box (x, y, w, h)) from the map geometry."""
    topo = json.loads((NODE / "us-atlas" / "states-albers-10m.json").read_text("utf-8"))
    arcs = decode_arcs(topo)
    by_fips = {s.fips: s.code for s in atlas.states()}
    out = {}
    for g in topo["objects"]["states"]["geometries"]:
        code = by_fips.get(g["id"])
        if code is None:
            continue
        polys = geometry_polygons(g, arcs)
        xs = [x for poly in polys for ring in poly for x, _ in ring]
        ys = [y for poly in polys for ring in poly for _, y in ring]
        box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        out[code] = (path_data(polys), box)
    return out


def _symbols(dwg, codes) -> None:
    for code in sorted(set(codes)):
        d, (x, y, w, h) = state_shapes()[code]
        pad = max(w, h) * 0.04
        sym = dwg.symbol(id=f"seq-shape-{code}")
        sym.viewbox(
            round(x - pad, 1), round(y - pad, 1), round(w + 2 * pad, 1), round(h + 2 * pad, 1)
        )
        sym.add(dwg.path(d=d, **{"class": "seq-shape"}))
        dwg.defs.add(sym)


def board_svg(kind: str = "states", symbols: bool = True) -> str:
    """The whole board as one SVG (``kind``: ``"states"`` or ``"capitals"``).
    ``symbols=False`` leaves out the shapes' ``<symbol>`` (:func:`defs_svg` has them)."""
    import svgwrite  # build time only

    spaces = board_json(kind)
    size = 10 * CELL
    dwg = svgwrite.Drawing(
        size=None, viewBox=f"0 0 {size} {size}", profile="full", debug=False, id="seq-board"
    )
    label = "capitals only" if kind == "capitals" else "states and capitals"
    dwg.attribs.update(
        {"class": f"seq-board seq-{kind}", "role": "group", "aria-label": f"Board, {label}"}
    )
    if symbols:
        _symbols(dwg, (s["code"] for s in spaces))
    for s in spaces:
        x, y = s["col"] * CELL, s["row"] * CELL
        g = dwg.g(
            **{
                "class": f"seq-space zone-{s['colour']}",
                "data-space": str(s["space"]),
                "data-state": s["code"],
                "aria-label": s["name"] + ", " + s["capital"] if s["name"] else s["capital"],
            }
        )
        g.add(
            dwg.rect(
                insert=(x + GAP / 2, y + GAP / 2),
                size=(CELL - GAP, CELL - GAP),
                rx=6,
                fill="white",
                stroke=s["colour"],
                **{"stroke-width": 4},
            )
        )
        top = 12 if s["name"] else 8
        g.add(
            dwg.use(
                f"#seq-shape-{s['code']}",
                insert=(x + 18, y + top),
                size=(CELL - 36, CELL - 46),
                fill=s["colour"],
            )
        )
        if s["name"]:
            g.add(
                dwg.text(
                    s["name"],
                    insert=(x + CELL / 2, y + CELL - 22),
                    **{"text-anchor": "middle", "font-size": 11, "font-weight": "bold"},
                )
            )
        g.add(
            dwg.text(
                s["capital"],
                insert=(x + CELL / 2, y + CELL - 9),
                **{"text-anchor": "middle", "font-size": 10 if s["name"] else 12},
            )
        )
        dwg.add(g)
    return dwg.tostring()


def card_svg(card: str, symbols: bool = True) -> str:
    """One card: a state card (shape, colour, name) or ADD / REMOVE. ``symbols=False``
    leaves out the shape's ``<symbol>`` (:func:`defs_svg` has it)."""
    import svgwrite  # build time only

    w, h = 63, 88
    dwg = svgwrite.Drawing(size=None, viewBox=f"0 0 {w} {h}", profile="full", debug=False)
    dwg.attribs.update({"class": "seq-card", "data-card": card, "role": "img"})
    if card in (ADD, REMOVE):
        dwg.attribs["aria-label"] = f"{card} card"
        colour = "#0072B2" if card == ADD else "#D55E00"
        dwg.add(dwg.rect(insert=(1, 1), size=(w - 2, h - 2), rx=4, fill="white", stroke=colour))
        sign = "+" if card == ADD else "\u2212"
        dwg.add(dwg.text(sign, insert=(w / 2, 52), fill=colour, **{"text-anchor": "middle",
                                                                  "font-size": 40}))  # fmt: skip
        dwg.add(dwg.text(card, insert=(w / 2, 76), **{"text-anchor": "middle", "font-size": 10}))
        return dwg.tostring()
    s = atlas.by_code()[card]
    dwg.attribs["aria-label"] = f"{s.name} card"
    if symbols:
        _symbols(dwg, [card])
    dwg.add(dwg.rect(insert=(1, 1), size=(w - 2, h - 2), rx=4, fill="white", stroke=s.colour,
                     **{"stroke-width": 3}))  # fmt: skip
    dwg.add(dwg.use(f"#seq-shape-{card}", insert=(8, 10), size=(w - 16, 52), fill=s.colour))
    fit = {"textLength": w - 8, "lengthAdjust": "spacingAndGlyphs"} if len(s.name) > 11 else {}
    dwg.add(dwg.text(s.name, insert=(w / 2, 76), **{"text-anchor": "middle", "font-size": 8,
                                                    "font-weight": "bold", **fit}))  # fmt: skip
    return dwg.tostring()


def chip_svg(team: int) -> str:
    """A team's chip: colour fill with a white mark (circle, triangle or cross)."""
    import svgwrite  # build time only

    style = CHIPS[team]
    dwg = svgwrite.Drawing(size=None, viewBox="0 0 40 40", profile="full", debug=False)
    dwg.attribs.update(
        {
            "class": f"seq-chip seq-chip-{style['colour']}",
            "role": "img",
            "aria-label": f"{style['colour']} chip, {style['mark']}",
            "data-mark": style["mark"],
        }
    )
    _chip_marks(dwg, dwg, team)
    return dwg.tostring()


def _chip_marks(dwg, parent, team: int) -> None:
    style = CHIPS[team]
    parent.add(dwg.circle(center=(20, 20), r=19, fill=style["fill"], stroke="black"))
    white = {"fill": "none", "stroke": "white", "stroke-width": 3}
    if style["mark"] == "circle":
        parent.add(dwg.circle(center=(20, 20), r=8, **white))
    elif style["mark"] == "triangle":
        parent.add(dwg.polygon([(20, 9), (30, 27), (10, 27)], **white))
    else:
        parent.add(dwg.line((12, 12), (28, 28), **white))
        parent.add(dwg.line((28, 12), (12, 28), **white))


def defs_svg() -> str:
    """A hidden SVG of the definitions the boards and cards use: the three chips as
    ``<symbol id="seq-chip-N">`` (N = team) and the 50 state shapes as
    ``<symbol id="seq-shape-XX">``."""
    import svgwrite  # build time only

    dwg = svgwrite.Drawing(size=None, profile="full", debug=False)
    dwg.attribs.update({"class": "seq-defs", "aria-hidden": "true", "width": 0, "height": 0})
    _symbols(dwg, (s.code for s in atlas.states()))
    for team in range(len(CHIPS)):
        sym = dwg.symbol(id=f"seq-chip-{team}")
        sym.viewbox(0, 0, 40, 40)
        _chip_marks(dwg, sym, team)
        dwg.defs.add(sym)
    return dwg.tostring()


def equipment_html() -> str:
    """The screen's equipment as ``<template>`` elements: ``seq-board-states``,
    ``seq-board-capitals``, ``seq-card-<CARD>`` (the 50 states, ADD, REMOVE) and
    ``seq-defs`` (the shapes and chips they use)."""
    parts = [
        f'<template id="seq-board-{kind}">{board_svg(kind, symbols=False)}</template>'
        for kind in ("states", "capitals")
    ]
    codes = sorted(s.code for s in atlas.states())
    parts += [
        f'<template id="seq-card-{c}">{card_svg(c, symbols=False)}</template>'
        for c in (*codes, ADD, REMOVE)
    ]
    parts.append(f'<template id="seq-defs">{defs_svg()}</template>')
    return "".join(parts)


def write_equipment(out: Path, quiet: bool = False) -> str:
    """Write ``sequence.html`` into the site ``out``; return its name."""
    data = equipment_html().encode("utf-8")
    (out / EQUIPMENT).write_bytes(data)
    log(f"  {EQUIPMENT}: {len(data):,} bytes (Sequence boards, cards, chips)", quiet)
    return EQUIPMENT

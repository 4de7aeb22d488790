"""Sequence States & Capitals equipment drawn at build time with svgwrite (pure functions
returning SVG text; not wired into the site yet).

* :func:`board_svg` -- the fixed 10x10 board (R-70): each space shows the state's shape,
  its colour (the card's time-zone colour), its name and its capital; ``kind="capitals"``
  draws the capitals-only board (R-72), with no state names.
* :func:`card_svg` -- a card: a state card shows the shape, colour and name (never the
  capital); ADD and REMOVE cards.
* :func:`chip_svg` -- a team's chip: its colour and its mark (R-71).

Each state shape is defined once as a ``<symbol>`` and placed with ``<use>``. Spaces carry
``data-space`` (0-99) and ``data-state`` (the postal code), cards ``data-card``.
"""

from __future__ import annotations

import json
from functools import cache

from cardroom import atlas
from cardroom.sequence.board import ADD, CHIPS, REMOVE, board_json

from .common import NODE
from .geometry import decode_arcs, geometry_polygons, path_data

__all__ = ["board_svg", "card_svg", "chip_svg", "state_shapes"]

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


def board_svg(kind: str = "states") -> str:
    """The whole board as one SVG (``kind``: ``"states"`` or ``"capitals"``)."""
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


def card_svg(card: str) -> str:
    """One card: a state card (shape, colour, name) or ADD / REMOVE."""
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
    _symbols(dwg, [card])
    dwg.add(dwg.rect(insert=(1, 1), size=(w - 2, h - 2), rx=4, fill="white", stroke=s.colour,
                     **{"stroke-width": 3}))  # fmt: skip
    dwg.add(dwg.use(f"#seq-shape-{card}", insert=(8, 10), size=(w - 16, 52), fill=s.colour))
    dwg.add(dwg.text(s.name, insert=(w / 2, 76), **{"text-anchor": "middle", "font-size": 8,
                                                    "font-weight": "bold"}))  # fmt: skip
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
    dwg.add(dwg.circle(center=(20, 20), r=19, fill=style["fill"], stroke="black"))
    white = {"fill": "none", "stroke": "white", "stroke-width": 3}
    if style["mark"] == "circle":
        dwg.add(dwg.circle(center=(20, 20), r=8, **white))
    elif style["mark"] == "triangle":
        dwg.add(dwg.polygon([(20, 9), (30, 27), (10, 27)], **white))
    else:
        dwg.add(dwg.line((12, 12), (28, 28), **white))
        dwg.add(dwg.line((28, 12), (12, 28), **white))
    return dwg.tostring()

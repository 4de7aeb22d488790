"""The US map: pre-rendered as inline SVG (svgwrite, build time only) so the first paint
needs no Python."""

from __future__ import annotations

import json

from cardroom import atlas
from cardroom.web.kit.cards import ZONE_CLASS

from .common import NODE
from .geometry import clear_of, decode_arcs, geometry_polygons, label_point, path_data

#: Small states get a labelled call-out box in the Atlantic (a bigger target).
CALLOUTS = ("VT", "NH", "MA", "RI", "CT", "NJ", "DE", "MD")
#: Each call-out is a square of this many map units that takes taps (its visible box is
#: ``CALLOUT_INSET`` smaller on each side): 24 CSS px where the map is narrowest, 356 px
#: wide on a 390 px phone (WCAG 2.2, 2.5.8 target size; issue #41).
CALLOUT_SIZE = 68
CALLOUT_INSET = 3
#: The squares' top-left corners, in the order of ``CALLOUTS``: a column along the map's
#: right edge from below Cape Cod down, and two more to its left, south of the Carolinas.
CALLOUT_SLOTS = [(907, 198 + k * CALLOUT_SIZE) for k in range(6)] + [
    (907 - CALLOUT_SIZE, 198 + k * CALLOUT_SIZE) for k in (4, 5)
]
#: States whose shapes are 20-24 px one way only where the map is narrowest: call-outs in
#: the Gulf of Mexico, shown only on narrow screens (class ``callout-narrow``, app.css).
NARROW_CALLOUTS = ("MS", "TN", "IN")
NARROW_SLOTS = [(556 + k * CALLOUT_SIZE, 540) for k in range(3)]


def render_map(records: dict[str, atlas.StateFacts]) -> tuple[str, dict[str, dict[str, float]]]:
    """The inline SVG of the US map and per-state label points."""
    import svgwrite  # build time only

    topo = json.loads((NODE / "us-atlas" / "states-albers-10m.json").read_text("utf-8"))
    arcs = decode_arcs(topo)
    by_fips = {s.fips: s for s in records.values()}
    geoms = topo["objects"]["states"]["geometries"]
    dwg = svgwrite.Drawing(
        size=None, viewBox="0 0 975 610", profile="full", debug=False, id="us-map"
    )
    dwg.attribs.update(
        {
            "class": "us-map",
            "role": "group",
            "aria-label": "Map of the United States: choose a state",
            "focusable": "false",
        }
    )
    states_g = dwg.g(id="map-states")
    labels_g = dwg.g(**{"class": "map-labels", "aria-hidden": "true"})
    info: dict[str, dict[str, float]] = {}
    shapes = []
    for g in geoms:
        polys = geometry_polygons(g, arcs)
        d = path_data(polys)
        s = by_fips.get(g["id"])
        if s is None:  # District of Columbia: drawn, not a state, not interactive
            shapes.append((g["properties"]["name"], None, d, polys))
            continue
        shapes.append((s.name, s, d, polys))
    missing = set(records) - {s.code for _, s, _, _ in shapes if s}
    if missing:
        raise SystemExit(f"map: no geometry for {sorted(missing)} (check fips in states.json)")
    for _name, s, d, polys in sorted(shapes, key=lambda t: t[0]):
        if s is None:
            states_g.add(dwg.path(d=d, **{"class": "dc", "aria-hidden": "true"}))
            continue
        x, y, r = label_point(polys)
        xs = [p[0] for poly in polys for p in poly[0]]
        ys = [p[1] for poly in polys for p in poly[0]]
        info[s.code] = {
            "x": round(x, 1),
            "y": round(y, 1),
            "r": round(r, 1),
            "bbox": [round(min(xs), 1), round(min(ys), 1), round(max(xs), 1), round(max(ys), 1)],
        }
        states_g.add(
            dwg.path(
                d=d,
                id=f"state-{s.code}",
                **{
                    "class": f"state tz-{ZONE_CLASS[s.time_zones[0]]}",
                    "data-state": s.code,
                    "data-x": f"{x:.0f}",
                    "data-y": f"{y:.0f}",
                    "role": "button",
                    "tabindex": "0",
                    "aria-label": s.name,
                    "aria-pressed": "false",
                },
            )
        )
        if s.code not in CALLOUTS and r >= 6:
            size = 11 if r >= 10 else 9
            labels_g.add(
                dwg.text(
                    s.code,
                    insert=(round(x, 1), round(y + size * 0.36, 1)),
                    id=f"label-{s.code}",
                    **{"font-size": size, "class": "map-label"},
                )
            )
    dwg.add(states_g)
    dwg.add(labels_g)
    # call-outs for the small north-eastern states, in the ocean, clear of every shape
    land = [poly for _, _, _, polys in shapes for poly in polys]
    co = dwg.g(**{"class": "callouts", "aria-hidden": "true"})
    size, inset = CALLOUT_SIZE, CALLOUT_INSET
    placed = [(code, slot, "") for code, slot in zip(CALLOUTS, CALLOUT_SLOTS, strict=True)]
    placed += [
        (code, slot, " callout-narrow")
        for code, slot in zip(NARROW_CALLOUTS, NARROW_SLOTS, strict=True)
    ]
    for code, (bx, by), narrow in placed:
        if not clear_of(land, (bx, by, size, size)):
            raise SystemExit(f"map: the call-out for {code} at {bx},{by} covers land")
        i = info[code]
        # the leader line ends at the box's nearest point to the state
        ex = min(max(i["x"], bx + inset), bx + size - inset)
        ey = min(max(i["y"], by + inset), by + size - inset)
        line = {"class": "callout-line" + narrow}
        co.add(dwg.line(start=(i["x"], i["y"]), end=(ex, ey), **line))
        grp = dwg.g(**{"class": "callout" + narrow, "data-callout": code})
        # an invisible hit area filling the gaps between boxes: a tap a little off a box
        # still picks that box's state, never the neighbour's shape under the line
        grp.add(dwg.rect(insert=(bx, by), size=(size, size), **{"class": "callout-hit"}))
        box = (size - 2 * inset, size - 2 * inset)
        grp.add(
            dwg.rect(insert=(bx + inset, by + inset), size=box, rx=8, **{"class": "callout-box"})
        )
        grp.add(
            dwg.text(code, insert=(bx + size / 2, by + size / 2 + 8), **{"class": "callout-text"})
        )
        co.add(grp)
    dwg.add(co)
    # on top of everything: the selected state's outline and the focus ring
    for name in ("selected", "focus"):
        dwg.add(
            dwg.path(d="M0 0", id=f"map-{name}", **{"class": f"map-{name}", "aria-hidden": "true"})
        )
    return dwg.tostring(), info

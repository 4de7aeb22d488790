"""Plane geometry for the build: TopoJSON decoding, SVG path data, label points."""

from __future__ import annotations

import math
from typing import Any


def decode_arcs(topo: dict[str, Any]) -> list[list[tuple[float, float]]]:
    """Quantized, delta-encoded arcs -> absolute coordinates."""
    tr = topo.get("transform")
    arcs = []
    for arc in topo["arcs"]:
        pts = []
        x = y = 0
        for p in arc:
            if tr:
                x += p[0]
                y += p[1]
                sx, sy = tr["scale"]
                tx, ty = tr["translate"]
                pts.append((x * sx + tx, y * sy + ty))
            else:
                pts.append((p[0], p[1]))
        arcs.append(pts)
    return arcs


def ring_points(
    ring: list[int], arcs: list[list[tuple[float, float]]]
) -> list[tuple[float, float]]:
    """Stitch a ring from arc indexes (``~i`` means arc ``i`` reversed)."""
    pts: list[tuple[float, float]] = []
    for i in ring:
        arc = arcs[i] if i >= 0 else arcs[~i][::-1]
        pts.extend(arc if not pts else arc[1:])
    return pts


def geometry_polygons(geom: dict[str, Any], arcs) -> list[list[list[tuple[float, float]]]]:
    if geom["type"] == "Polygon":
        polys = [geom["arcs"]]
    elif geom["type"] == "MultiPolygon":
        polys = geom["arcs"]
    else:
        return []
    return [[ring_points(r, arcs) for r in poly] for poly in polys]


def path_data(polygons, precision: int = 1) -> str:
    """SVG path data with relative commands on rounded coordinates (no drift)."""
    f = 10**precision
    out = []
    for poly in polygons:
        for ring in poly:
            q = []
            for x, y in ring:
                p = (round(x * f), round(y * f))
                if not q or q[-1] != p:
                    q.append(p)
            if len(q) > 1 and q[0] == q[-1]:
                q.pop()
            if len(q) < 3:
                continue
            cmd = [f"M{_n(q[0][0], f)} {_n(q[0][1], f)}"]
            rel = []
            for (x0, y0), (x1, y1) in zip(q, q[1:], strict=False):
                rel.append(f"{_n(x1 - x0, f)} {_n(y1 - y0, f)}")
            cmd.append("l" + " ".join(rel) + "z")
            out.append("".join(cmd))
    return "".join(out)


def _n(v: int, f: int) -> str:
    s = f"{v / f:.1f}" if f == 10 else f"{v / f:g}"
    s = s.rstrip("0").rstrip(".") if "." in s else s
    return "0" if s in ("-0", "") else s


def _ring_area(ring) -> float:
    return 0.5 * sum(
        x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True)
    )


def _inside(x: float, y: float, rings) -> bool:
    c = False
    for ring in rings:
        n = len(ring)
        j = n - 1
        for i in range(n):
            xi, yi = ring[i]
            xj, yj = ring[j]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                c = not c
            j = i
    return c


def clear_of(polygons, rect: tuple[float, float, float, float]) -> bool:
    """True when the rectangle (x, y, w, h) holds no point of any polygon's outline and
    its corners and middle are outside every polygon (a polygon is a list of rings)."""
    x, y, w, h = rect
    for poly in polygons:
        for ring in poly:
            if any(x <= px <= x + w and y <= py <= y + h for px, py in ring):
                return False
        probes = ((x, y), (x + w, y), (x, y + h), (x + w, y + h), (x + w / 2, y + h / 2))
        if any(_inside(px, py, poly) for px, py in probes):
            return False
    return True


def _seg_dist(px, py, ax, ay, bx, by) -> float:
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def label_point(polygons) -> tuple[float, float, float]:
    """Approximate pole of inaccessibility of the largest polygon: (x, y, radius)."""
    poly = max(polygons, key=lambda p: abs(_ring_area(p[0])))
    simple = [r[:: max(1, len(r) // 90)] for r in poly]
    segs = [(r[i], r[(i + 1) % len(r)]) for r in simple for i in range(len(r))]
    xs = [x for x, _ in poly[0]]
    ys = [y for _, y in poly[0]]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)

    def score(x: float, y: float, floor: float) -> float:
        """Distance to the outline if inside and better than ``floor``, else -1."""
        if not _inside(x, y, simple):
            return -1.0
        d = math.inf
        for a, b in segs:
            d = min(d, _seg_dist(x, y, a[0], a[1], b[0], b[1]))
            if d <= floor:
                return -1.0
        return d

    best = ((x0 + x1) / 2, (y0 + y1) / 2)
    best_s = max(score(*best, -1.0), 0.0)
    step = max(x1 - x0, y1 - y0) / 14
    cx, cy, span = best[0], best[1], max(x1 - x0, y1 - y0) / 2
    for _ in range(4):
        n = int(span / step) + 1
        for i in range(-n, n + 1):
            for j in range(-n, n + 1):
                x, y = cx + i * step, cy + j * step
                if x0 <= x <= x1 and y0 <= y <= y1:
                    s = score(x, y, best_s)
                    if s > best_s:
                        best, best_s = (x, y), s
        cx, cy = best
        span = step * 2
        step /= 4
    return best[0], best[1], best_s

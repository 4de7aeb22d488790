"""Derive the state border graph from the Census geometry in us-atlas.

Two states border when their geometries share an arc (TopoJSON references arc ``i``
as ``i`` or ``~i``); the Four Corners pairs (AZ-CO, UT-NM) touch at a single vertex
and are added from shared vertices.  DC (FIPS 11) is excluded.

Usage: python tools/derive_borders.py [path/to/states-albers-10m.json]
Prints a JSON object: postal code -> sorted list of neighbours' postal codes.
"""

from __future__ import annotations

import json
import sys
from itertools import combinations
from pathlib import Path

import us

DEFAULT = Path(__file__).resolve().parent.parent / "node_modules/us-atlas/states-albers-10m.json"


def _arc_ids(arcs: object) -> set[int]:
    if isinstance(arcs, int):
        return {arcs if arcs >= 0 else ~arcs}
    out: set[int] = set()
    for a in arcs:  # type: ignore[union-attr]
        out |= _arc_ids(a)
    return out


def _decode(arc: list[list[int]]) -> list[tuple[int, int]]:
    x = y = 0
    pts = []
    for dx, dy in arc:
        x += dx
        y += dy
        pts.append((x, y))
    return pts


def derive(path: Path) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    topo = json.loads(path.read_text("utf-8"))
    arcs = [_decode(a) for a in topo["arcs"]]
    fips_to_code = {s.fips: s.abbr for s in us.STATES}
    arc_sets: dict[str, set[int]] = {}
    for g in topo["objects"]["states"]["geometries"]:
        code = fips_to_code.get(g["id"])
        if code is None:  # DC
            continue
        arc_sets[code] = _arc_ids(g["arcs"])
    vertices = {c: {p for i in ids for p in arcs[i]} for c, ids in arc_sets.items()}
    by_arc: dict[str, set[str]] = {c: set() for c in arc_sets}
    by_vertex: dict[str, set[str]] = {c: set() for c in arc_sets}
    for a, b in combinations(sorted(arc_sets), 2):
        if arc_sets[a] & arc_sets[b]:
            by_arc[a].add(b)
            by_arc[b].add(a)
        elif vertices[a] & vertices[b]:
            by_vertex[a].add(b)
            by_vertex[b].add(a)
    return by_arc, by_vertex


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    by_arc, by_vertex = derive(path)
    pairs = sum(len(v) for v in by_arc.values()) // 2
    corners = sorted({"-".join(sorted((a, b))) for a, v in by_vertex.items() for b in v})
    print(
        f"{len(by_arc)} states, {pairs} shared-arc pairs, vertex-only: {corners}", file=sys.stderr
    )
    graph = {c: sorted(by_arc[c] | by_vertex[c]) for c in sorted(by_arc)}
    print(json.dumps(graph, indent=1))


if __name__ == "__main__":
    main()

"""Recompute the derived fields of py/cardroom/data/states.json in place.

After hand-editing a population, area or statehood date, run

    .venv/bin/python tools/refresh_states.py

to rewrite ``borders`` (from the us-atlas geometry, see derive_borders.py),
``population_rank``, ``area_rank`` and ``statehood_rank`` (North Dakota and South
Dakota, admitted the same day, keep the conventional alphabetical order 39, 40),
each top-city ``capital`` flag, and the record order (by name).  Every other field
is left as it is; tests/test_atlas.py then checks the result against independent
sources.
"""

from __future__ import annotations

import json
from pathlib import Path

from derive_borders import DEFAULT, derive

DATA = Path(__file__).resolve().parent.parent / "py/cardroom/data/states.json"


def refresh(records: list[dict]) -> list[dict]:
    by_arc, by_vertex = derive(DEFAULT)
    for r in records:
        r["borders"] = sorted(by_arc[r["code"]] | by_vertex[r["code"]])
        for c in r["top_cities"]:
            c["capital"] = c["name"] == r["capital"]
    ranks = [
        ("population_rank", lambda r: (-r["population_2020"], r["name"])),
        ("area_rank", lambda r: (-r["area_sq_mi"], r["name"])),
        ("statehood_rank", lambda r: (r["statehood_date"], r["name"])),
    ]
    for field, key in ranks:
        for i, r in enumerate(sorted(records, key=key), 1):
            r[field] = i
    return sorted(records, key=lambda r: r["name"])


def main() -> None:
    records = refresh(json.loads(DATA.read_text("utf-8")))
    DATA.write_text(json.dumps(records, indent=1, ensure_ascii=False) + "\n", "utf-8")
    print(f"wrote {len(records)} records to {DATA}")


if __name__ == "__main__":
    main()

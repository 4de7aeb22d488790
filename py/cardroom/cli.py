"""The ``cardroom`` console script (also ``python -m cardroom``)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from . import __version__


def _cmd_atlas(args: argparse.Namespace) -> int:
    from . import atlas

    if args.state:
        try:
            records = [atlas.lookup(t).to_json() for t in args.state]
        except KeyError as exc:
            print(f"cardroom atlas: {exc.args[0]}", file=sys.stderr)
            return 2
    else:
        records = atlas.to_json()
    if args.json:
        json.dump(records, sys.stdout, indent=2 if args.pretty else None, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    for r in records:
        zones = "/".join(r["time_zones"])
        print(
            f"{r['code']}  {r['name']:<15} capital {r['capital']:<15} "
            f"statehood #{r['statehood_rank']:<2} pop #{r['population_rank']:<2} "
            f"area #{r['area_rank']:<2} {zones}; borders {' '.join(r['borders']) or '-'}"
        )
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="cardroom", description="GeoPlunge and friends: data, referee, solver, simulator."
    )
    p.add_argument("--version", action="version", version=f"cardroom {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    a = sub.add_parser("atlas", help="the 50 GeoPlunge state cards")
    a.add_argument("state", nargs="*", help="postal codes or names (default: all 50)")
    a.add_argument("--json", action="store_true", help="print a JSON array of records")
    a.add_argument("--pretty", action="store_true", help="indent the JSON")
    a.set_defaults(func=_cmd_atlas)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

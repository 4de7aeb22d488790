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


def _tokens(values: Sequence[str], *, hyphens: bool) -> list[str]:
    """Split arguments on commas (and hyphens, for "KS-MO-KY"); keep multi-word names."""
    out: list[str] = []
    for v in values:
        for part in v.replace("-" if hyphens else ",", ",").split(","):
            part = part.strip()
            if part:
                out.append(part)
    return out


def _codes(tokens: Sequence[str], prog: str) -> list[str] | None:
    from . import atlas

    try:
        return [atlas.lookup(t).code for t in tokens]
    except KeyError as exc:
        print(f"cardroom {prog}: {exc.args[0]}", file=sys.stderr)
        return None


def _cmd_referee(args: argparse.Namespace) -> int:
    from .geoplunge.groups import check_group

    tokens = _tokens(args.state, hyphens=True)
    if not tokens:
        print("cardroom referee: name the states of the group, in order", file=sys.stderr)
        return 2
    codes = _codes(tokens, "referee")
    if codes is None:
        return 2
    check = check_group(codes, args.level)
    if args.json:
        json.dump({"level": args.level, **check.to_json()}, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        shown = "-".join(codes)
        verdict = "valid" if check.ok else "invalid"
        print(f"{verdict}: {shown} at Level {args.level}: {check.reason}")
    return 0 if check.ok else 1


def _cmd_solve(args: argparse.Namespace) -> int:
    from .geoplunge import solver

    tokens = [t for v in args.hand for t in v.replace(",", " ").split()]
    codes = _codes(tokens, "solve")
    if codes is None:
        return 2
    dupes = sorted({c for c in codes if codes.count(c) > 1})
    if dupes:
        print(f"cardroom solve: the hand holds {', '.join(dupes)} twice", file=sys.stderr)
        return 2
    hand = solver.Hand(codes, args.level)
    sol = solver.solve(hand, args.level)
    groups = hand.groups() if args.groups else None
    if args.json:
        out = sol.to_json()
        if groups is not None:
            out["groups"] = [list(g) for g in groups]
        json.dump(out, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0

    def show(gs: solver.Groups | None) -> str:
        return "none in this hand" if gs is None else "  ".join("-".join(g) for g in gs)

    print(f"Level {args.level} hand of {len(codes)} cards")
    print(f"GeoPlunge:    {show(sol.geoplunge)}")
    print(f"ThreeOPlunge: {show(sol.threeoplunge)}")
    if groups is not None:
        print(f"Winning groups ({len(groups)}):")
        for g in groups:
            print("  " + "-".join(g))
    return 0


def _cmd_simulate(args: argparse.Namespace) -> int:
    from . import games

    try:
        games.entry(args.game)
    except KeyError as exc:
        print(f"cardroom simulate: {exc.args[0]}", file=sys.stderr)
        return 2
    if args.level is None:
        print("cardroom simulate: --level is required for a game", file=sys.stderr)
        return 2
    run = games.simulator(args.game)
    if run is None:  # pragma: no cover - every registered game has one so far
        print(f"cardroom simulate: no simulator for {args.game}", file=sys.stderr)
        return 2
    if args.games < 0:
        print("cardroom simulate: --games must be 0 or more", file=sys.stderr)
        return 2
    teams = (args.team1 or args.difficulty, args.team2 or args.difficulty)
    report = run(args.level, args.games, args.seed, teams)
    if args.json:
        json.dump(report, sys.stdout)
        sys.stdout.write("\n")
    else:
        r = report["results"]
        print(
            f"{report['game']} Level {report['level']}: {report['games']} games "
            f"({teams[0]} vs {teams[1]}) in {report['seconds']} s; "
            f"Team 1 won {r['team1']}, Team 2 won {r['team2']}, ties {r['tie']}; "
            f"errors {report['errors']}"
        )
    return 0 if report["errors"] == 0 else 1


def _option_value(text: str) -> object:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _cmd_check(args: argparse.Namespace) -> int:
    import time

    from . import games
    from .conformance import ConformanceError, check_game

    try:
        entry = games.entry(args.game)
    except KeyError as exc:
        print(f"cardroom check: {exc.args[0]}", file=sys.stderr)
        return 2
    if args.games < 1:
        print("cardroom check: --games must be 1 or more", file=sys.stderr)
        return 2
    extra: dict[str, object] = {}
    for item in args.option or ():
        key, eq, value = item.partition("=")
        if not eq or not key:
            print(f"cardroom check: --option takes key=value, not {item!r}", file=sys.stderr)
            return 2
        extra[key] = _option_value(value)
    if args.level is not None:
        if entry.levels and args.level not in entry.levels:
            levels = ", ".join(map(str, entry.levels))
            print(f"cardroom check: {entry.title} has levels {levels}", file=sys.stderr)
            return 2
        configs: tuple[dict[str, object], ...] = ({"level": args.level},)
    else:
        configs = entry.check_configs()
    game = games.get(args.game)
    seeds = range(args.seed, args.seed + args.games)
    t0 = time.perf_counter()
    runs = []
    for config in configs:
        options = {**config, **extra}
        try:
            report = check_game(game, seeds, options, deep=min(args.deep, args.games))
        except ConformanceError as exc:
            summary = {"game": args.game, "options": options, "ok": False, "error": str(exc)}
            json.dump(summary, sys.stdout)
            sys.stdout.write("\n")
            return 1
        except ValueError as exc:
            print(f"cardroom check: bad options {options}: {exc}", file=sys.stderr)
            return 2
        runs.append(report.to_json())
    summary = {
        "game": args.game,
        "seed": args.seed,
        "games": sum(r["games"] for r in runs),
        "moves": sum(r["moves"] for r in runs),
        "refused": sum(r["refused"] for r in runs),
        "resampled": sum(r["resampled"] for r in runs),
        "pinned": sum(r["pinned"] for r in runs),
        "seconds": round(time.perf_counter() - t0, 2),
        "ok": True,
        "runs": runs,
    }
    json.dump(summary, sys.stdout)
    sys.stdout.write("\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="cardroom", description="GeoPlunge and friends: data, referee, solver, simulator."
    )
    p.add_argument("--version", action="version", version=f"cardroom {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    a = sub.add_parser("atlas", help="the 50 GeoPlunge state cards")
    a.add_argument(
        "state", nargs="*", help="postal codes or names, slips forgiven (default: all 50)"
    )
    a.add_argument("--json", action="store_true", help="print a JSON array of records")
    a.add_argument("--pretty", action="store_true", help="indent the JSON")
    a.set_defaults(func=_cmd_atlas)

    levels = {"type": int, "choices": (2, 3, 4), "required": True, "metavar": "{2,3,4}"}
    r = sub.add_parser(
        "referee",
        help="check one group of state cards, in the order given",
        description="Check one Border-Up group in the order given: exit 0 if it is a "
        "winning group, 1 (with the reason) if not, 2 for unknown states.",
    )
    r.add_argument("game", choices=("border-up",))
    r.add_argument("--level", help="2, 3 or 4", **levels)
    r.add_argument(
        "state", nargs="+", help='postal codes or names in order ("KS MO KY", "New York")'
    )
    r.add_argument("--json", action="store_true", help="print the verdict as JSON")
    r.set_defaults(func=_cmd_referee)

    so = sub.add_parser(
        "solve",
        help="find GeoPlunge / ThreeOPlunge groups in a hand",
        description="Find one GeoPlunge and one ThreeOPlunge in a hand, or say there is none.",
    )
    so.add_argument("game", choices=("border-up",))
    so.add_argument("--level", help="2, 3 or 4", **levels)
    so.add_argument(
        "--hand", nargs="+", required=True, help="postal codes, comma- or space-separated"
    )
    so.add_argument("--groups", action="store_true", help="also list every winning group")
    so.add_argument("--json", action="store_true", help="print JSON")
    so.set_defaults(func=_cmd_solve)

    si = sub.add_parser(
        "simulate",
        help="play the computer against itself and count results",
        description="Play bot against bot through the game engine; errors counts games "
        "that raised or broke an invariant (exit 1 if any).",
    )
    si.add_argument("game", help="a game's slug (border-up, ...)")
    si.add_argument("--level", type=int, choices=(2, 3, 4), help="the game's level")
    si.add_argument("--games", type=int, default=100, help="number of games (100)")
    si.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    diffs = ("easy", "medium", "hard")
    si.add_argument("--difficulty", choices=diffs, default="medium", help="both bots (medium)")
    si.add_argument("--team1", choices=diffs, help="Team 1's bot (default: --difficulty)")
    si.add_argument("--team2", choices=diffs, help="Team 2's bot (default: --difficulty)")
    si.add_argument("--json", action="store_true", help="print the report as JSON")
    si.set_defaults(func=_cmd_simulate)

    ch = sub.add_parser(
        "check",
        help="run the conformance harness on seeded random games",
        description="Play seeded random games through the engine and check every invariant "
        "of the protocol (legal moves, refusals, JSON, hidden information, replays). "
        "Prints one JSON summary line; exit 1 on the first broken invariant.",
    )
    ch.add_argument("game", help="a game's slug, e.g. border-up")
    ch.add_argument("--level", type=int, help="one level (default: every level)")
    ch.add_argument("--games", type=int, default=1000, help="games per level (1000)")
    ch.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    ch.add_argument(
        "--deep", type=int, default=30, help="games checked in full at every state (30)"
    )
    ch.add_argument(
        "--option", action="append", metavar="KEY=VALUE", help="a game option (JSON value)"
    )
    ch.set_defaults(func=_cmd_check)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

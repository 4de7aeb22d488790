"""The ``cardroom`` console script (also ``python -m cardroom``)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from . import __version__

if TYPE_CHECKING:
    from .geoplunge.tricks.referee import Verdict


def _cmd_atlas(args: argparse.Namespace) -> int:
    from . import atlas, names

    if args.state:
        found = [names.resolve_state(t) for t in args.state]
        failed = [m for m in found if not m.ok]
        for m in failed:  # unknown, or two states equally near
            print(f"cardroom atlas: {m.message()}", file=sys.stderr)
        if failed:
            return 1
        codes = [m.code for m in found if m.code is not None]  # every one found (ok)
        records = [atlas.by_code()[c].to_json() for c in codes]
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
    if args.game == "play-the-ranks":
        return _referee_ranks(args)
    if args.game == "border-zap":
        return _referee_zap(args)
    if args.game == "tri-virsity":
        from .trivirsity.referee import main as tri_referee

        if not args.state:
            print("cardroom referee tri-virsity: name the words to check", file=sys.stderr)
            return 2
        return tri_referee(list(args.state), args.variant or "standard", args.json)
    if args.level is None:
        print("cardroom referee border-up: --level 2, 3 or 4 is required", file=sys.stderr)
        return 2
    if not args.state:
        print("cardroom referee: name the states of the group, in order", file=sys.stderr)
        return 2
    return _referee_border_up(args)


def _print_verdict(verdict: Verdict, as_json: bool) -> int:
    if as_json:
        json.dump(verdict.data, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(verdict.line)
    return int(verdict.code)


def _referee_ranks(args: argparse.Namespace) -> int:
    from .geoplunge.tricks.referee import RefereeInputError, ranks_verdict

    missing = [
        n for n in ("level", "base", "category", "lead", "follow") if getattr(args, n) is None
    ]
    if missing:
        need = ", ".join("--" + m for m in missing)
        print(f"cardroom referee play-the-ranks: {need} required", file=sys.stderr)
        return 2
    try:
        verdict = ranks_verdict(
            level=args.level,
            base=args.base,
            category=args.category,
            lead=args.lead,
            follow=args.follow,
            version=args.version or "ptr1",
            bur=tuple(_tokens(args.bur or (), hyphens=False)),
            lead_power=args.lead_power,
            follow_power=args.follow_power,
            change_base=args.change_base,
        )
    except RefereeInputError as exc:
        print(f"cardroom referee play-the-ranks: {exc}", file=sys.stderr)
        return 2
    return _print_verdict(verdict, args.json)


def _referee_zap(args: argparse.Namespace) -> int:
    from .geoplunge.tricks.referee import RefereeInputError, zap_verdict

    states = list(args.state)
    if args.lead is not None:
        states.insert(0, args.lead)
    if args.follow is not None:
        states.append(args.follow)
    if len(states) != 2:
        print("cardroom referee border-zap: name LEAD and FOLLOW", file=sys.stderr)
        return 2
    try:
        verdict = zap_verdict(states[0], states[1])
    except RefereeInputError as exc:
        print(f"cardroom referee border-zap: {exc}", file=sys.stderr)
        return 2
    return _print_verdict(verdict, args.json)


def _referee_border_up(args: argparse.Namespace) -> int:
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
    from . import games, simulators

    if args.game == "tournament":
        return _simulate_tournament(args)
    if args.game == "match":
        return _simulate_match(args)
    try:
        entry = games.entry(args.game)
    except KeyError as exc:
        print(f"cardroom simulate: {exc.args[0]}", file=sys.stderr)
        return 2
    run = simulators.simulator(args.game)
    if run is None:
        print(f"cardroom simulate: no simulator for {args.game}", file=sys.stderr)
        return 2
    if args.games < 0:
        print("cardroom simulate: --games must be 0 or more", file=sys.stderr)
        return 2
    known = ", ".join(map(str, entry.levels))
    if entry.levels and args.level is None:
        print(f"cardroom simulate: --level is required ({known})", file=sys.stderr)
        return 2
    if entry.levels and args.level not in entry.levels:
        print(f"cardroom simulate: {entry.title} has levels {known}", file=sys.stderr)
        return 2
    sides = (args.team1 or args.difficulty, args.team2 or args.difficulty)
    try:
        if args.game == "tri-virsity":
            report = run(
                None,
                args.games,
                args.seed,
                sides,
                players=args.players or 2,
                variant=args.variant or "standard",
            )
        elif args.game == "sequence":
            from .sequence.engine import default_teams

            players = args.players or 2
            levels: str | tuple[str, ...] = args.difficulty
            if args.team1 or args.team2:  # the other teams (if any) play --difficulty
                n = args.teams or default_teams(players)
                levels = (*sides, *[args.difficulty] * max(0, n - 2))[: max(n, 2)]
            report = run(players, args.games, args.seed, levels, args.teams)
        else:
            options = {"version": args.version} if args.version else {}
            report = run(args.level, args.games, args.seed, sides, **options)
    except ValueError as exc:
        print(f"cardroom simulate: {exc}", file=sys.stderr)
        return 2
    if args.json:
        json.dump(report, sys.stdout)
        sys.stdout.write("\n")
    else:
        results = ", ".join(f"{k} {v}" for k, v in report.get("results", {}).items())
        where = f" Level {report['level']}" if report.get("level") is not None else ""
        cap = ""
        if "max_moves" in report:  # sequence: the bot-only safety cap
            cap = f"; longest {report['longest']} actions (cap {report['max_moves']})"
        print(
            f"{report.get('game', args.game)}{where}: {report.get('games', args.games)} games "
            f"({sides[0]} vs {sides[1]}) in {report.get('seconds', '?')} s; {results}; "
            f"errors {report['errors']}{cap}"
        )
    return 0 if report["errors"] == 0 else 1


def _option_value(text: str) -> object:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _progress(where: str, total: int, every: float = 5.0) -> Callable[[int, float], None]:
    """``check_game``'s progress for one set-up, on stderr: a line after the first game,
    one every ``every`` seconds, and one when the set-up is done (games done, seconds), so a
    long check shows it is moving."""
    last = [-every]

    def report(done: int, seconds: float) -> None:
        if done == 1 or done == total or seconds - last[0] >= every:
            last[0] = seconds
            end = " done" if done == total else ""
            print(f"{where}: {done}/{total} games, {seconds:.1f} s{end}", file=sys.stderr)
            sys.stderr.flush()

    return report


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
    for n, config in enumerate(configs, 1):
        options = {**config, **extra}
        where = f"cardroom check {args.game} {json.dumps(options)} ({n}/{len(configs)})"
        report_progress = None if args.quiet else _progress(where, args.games)
        try:
            report = check_game(
                game, seeds, options, deep=min(args.deep, args.games), progress=report_progress
            )
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


def _simulate_match(args: argparse.Namespace) -> int:
    from . import match

    if args.combo not in (2, 3, 4):
        print("cardroom simulate match: --combo 2, 3 or 4", file=sys.stderr)
        return 2
    if args.games < 0:
        print("cardroom simulate match: --games must be 0 or more", file=sys.stderr)
        return 2
    kinds = match.KINDS_OF[args.combo]
    if args.kind is not None and args.kind not in kinds:
        print(
            f"cardroom simulate match: a Combo {args.combo} match is {' or '.join(kinds)}",
            file=sys.stderr,
        )
        return 2
    if args.minutes is not None and not 1 <= args.minutes <= match.MAX_MINUTES:
        print(f"cardroom simulate match: --minutes from 1 to {match.MAX_MINUTES}", file=sys.stderr)
        return 2
    diffs = (args.team1 or args.difficulty, args.team2 or args.difficulty)
    report = match.simulate(args.combo, args.games, args.seed, diffs, args.minutes, args.kind)
    if args.json:
        json.dump(report, sys.stdout)
        sys.stdout.write("\n")
    else:
        r = report["results"]
        print(
            f"Combo {args.combo}: {args.games} matches, {report['games_played']} games; "
            f"Team 1 {r['team1']}, Team 2 {r['team2']}, ties {r['tie']}; "
            f"errors {report['errors']} ({report['seconds']} s)"
        )
        if "first_error" in report:
            print(f"  first error: {report['first_error']}")
    return 0 if report["errors"] == 0 else 1


def _simulate_tournament(args: argparse.Namespace) -> int:
    from . import tournament

    if args.combo not in (2, 3, 4):
        print("cardroom simulate tournament: --combo 2, 3 or 4", file=sys.stderr)
        return 2
    if args.teams is None:
        args.teams = 8
    if not 2 <= args.teams <= 99:
        print("cardroom simulate tournament: --teams from 2 to 99", file=sys.stderr)
        return 2
    report = tournament.simulate(args.combo, args.teams, args.seed, rounds=args.rounds)
    if args.json:
        json.dump(report, sys.stdout)
        sys.stdout.write("\n")
    else:
        print(
            f"Combo {report['combo']} tournament, {report['teams']} teams, {report['rounds']} "
            f"rounds: {report['rematches']} rematches, {report['playoffs']} playoffs, "
            f"champion Team {report['champion']}; errors {report['errors']}"
        )
        for m in report["messages"]:
            print(f"  {m}")
    return 0 if report["errors"] == 0 else 1


def _whole_numbers(values: Sequence[str]) -> list[int]:
    out = []
    for v in values:
        if not v.isdigit():
            raise ValueError(f"{v!r} is not a whole number (round, teams and points are numbers)")
        out.append(int(v))
    return out


def _cmd_tournament(args: argparse.Namespace) -> int:
    """A real tournament from a terminal; the file holds everything (JSON)."""
    import os
    from pathlib import Path

    from . import tournament as T
    from .core import CorruptState

    path = Path(args.file)

    def load() -> T.Tournament:
        try:
            return T.from_json(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise T.TournamentError(f"no tournament file {path} (start one with 'new')") from None
        except CorruptState as exc:
            raise T.TournamentError(f"{path} is not a usable tournament file: {exc}") from None

    def save(t: T.Tournament) -> None:
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(T.to_json(t), indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, path)

    def team_line(t: T.Tournament, tid: int | None) -> str:
        return "bye" if tid is None else f"{t.team(tid).name} (#{tid})"

    def winner(t: T.Tournament, text: str) -> int | None:
        if text.lower() in ("tie", "none", "-"):
            return None
        for x in t.teams:
            if text == str(x.id) or text.casefold() == x.name.casefold():
                return x.id
        raise T.TournamentError(f"no team {text!r}")

    try:
        if args.action == "new":
            if path.exists() and not args.force:
                raise T.TournamentError(f"{path} exists (use --force to start over)")
            t = T.new_tournament(args.name, args.combo, rounds=args.rounds, seed=args.seed)
            save(t)
            print(f"Combo {t.combo} tournament {t.name!r}: {t.rounds} rounds; add teams next")
            return 0
        t = load()
        if args.action == "add":
            t = T.add_team(t, args.name, args.players)
            save(t)
            print(f"added {team_line(t, t.teams[-1].id)}")
        elif args.action == "pair":
            t = T.pair_next_round(t)
            save(t)
            r = t.played[-1]
            plan = T.round_plan(t.combo, r.number, t.rounds)
            print(f"Round {r.number} ({plan['kind']}, {plan['minutes']} minutes):")
            for p in r.pairings:
                print(f"  {team_line(t, p.a)} vs {team_line(t, p.b)}")
        elif args.action == "record":
            if args.code:
                t = T.record_code(t, args.code)
            else:
                if len(args.result) != 5:
                    raise T.TournamentError("record ROUND TEAM OPPONENT POINTS OPPONENT_POINTS")
                rnd, a, b, pa, pb = _whole_numbers(args.result)
                t = T.record_result(t, rnd, a, b, pa, pb)
            save(t)
            print("recorded")
        elif args.action == "code":
            rnd, a, b, pa, pb = _whole_numbers(args.result)
            T.record_result(t, rnd, a, b, pa, pb)  # they must meet in that round
            print(T.result_code(t, rnd, a, b, pa, pb))
        elif args.action == "standings":
            if args.csv:
                sys.stdout.write(T.standings_csv(t))
            else:
                for st in T.standings(t):
                    print(
                        f"{st.rank:>3}. {st.team.name:<24} won {st.won:<2} tied {st.tied:<2} "
                        f"lost {st.lost:<2} byes {st.byes} points {st.points}"
                    )
                state = T.championship_state(t)
                print(f"next: {state['stage']}", json.dumps(state))
        elif args.action in ("playoff", "final"):
            w = winner(t, args.winner)
            t = T.record_playoff(t, w) if args.action == "playoff" else T.record_final_game(t, w)
            save(t)
            state = T.championship_state(t)
            if state["stage"] == "done":
                print(f"Champion: {team_line(t, state['champion'])}")
            else:
                print(f"next: {state['stage']}", json.dumps(state))
    except (T.TournamentError, ValueError) as exc:
        print(f"cardroom tournament: {exc}", file=sys.stderr)
        return 1
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

    r = sub.add_parser(
        "referee",
        help="judge one play: a Border-Up group, a trick, a zap, Tri-Virsity words",
        description="Judge one play. border-up: is the group (in the order given) a winning "
        "group; play-the-ranks: which card wins the trick; border-zap: does FOLLOW zap LEAD; "
        "tri-virsity: may each word be played. Exit 0 valid / 1 not (the reason is "
        "printed), 2 for bad input.",
    )
    r.add_argument("game", choices=("border-up", "play-the-ranks", "border-zap", "tri-virsity"))
    r.add_argument("--level", type=int, choices=(2, 3, 4), help="2, 3 or 4")
    r.add_argument(
        "state",
        nargs="*",
        help='border-up: the group in order ("KS MO KY"); border-zap: LEAD FOLLOW; '
        "tri-virsity: the words",
    )
    r.add_argument("--json", action="store_true", help="print the verdict as JSON")
    r.add_argument("--base", type=int, help="play-the-ranks: the trick's base")
    r.add_argument("--category", help="play-the-ranks: size, statehood or population")
    r.add_argument("--version", choices=("ptr1", "ptr2"), help="play-the-ranks: the version")
    r.add_argument("--lead", help="the lead's state")
    r.add_argument("--follow", help="the other team's state")
    r.add_argument("--bur", action="append", help="play-the-ranks: a BUR card (Level 4)")
    r.add_argument("--lead-power", action="store_true", help="the lead played a Power card")
    r.add_argument("--follow-power", help="the other team's Power card category")
    r.add_argument("--change-base", type=int, help="PTR2: the other Power card's base")
    r.add_argument("--variant", help="tri-virsity: the variant (standard)")
    r.set_defaults(func=_cmd_referee)

    so = sub.add_parser(
        "solve",
        help="find GeoPlunge / ThreeOPlunge groups in a hand",
        description="Find one GeoPlunge and one ThreeOPlunge in a hand, or say there is none.",
    )
    so.add_argument("game", choices=("border-up",))
    so.add_argument(
        "--level", help="2, 3 or 4", type=int, choices=(2, 3, 4), required=True, metavar="{2,3,4}"
    )
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
    si.add_argument("game", help="a game's slug (border-up, ...), 'match' or 'tournament'")
    si.add_argument("--level", type=int, choices=(2, 3, 4), help="the game's level")
    si.add_argument("--version", choices=("ptr1", "ptr2"), help="play-the-ranks at L3/L4")
    si.add_argument("--players", type=int, help="sequence, tri-virsity: players (2)")
    si.add_argument("--variant", help="tri-virsity: variant, e.g. solitaire")
    si.add_argument("--combo", type=int, default=4, help="match, tournament: Combo 2, 3 or 4 (4)")
    si.add_argument(
        "--kind",
        choices=("morning", "afternoon", "all", "call"),
        help="match: the kind of round (default: the Combo's two kinds in turn)",
    )
    si.add_argument("--minutes", type=int, help="match: the round clock (default: the kind's)")
    si.add_argument(
        "--teams", type=int, help="sequence: 2 or 3 teams; tournament: how many teams (8)"
    )
    si.add_argument("--rounds", type=int, help="tournament: rounds (default: the Combo's)")
    si.add_argument("--games", type=int, default=100, help="number of games (100)")
    si.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    diffs = ("easy", "medium", "hard")
    si.add_argument("--difficulty", choices=diffs, default="medium", help="both bots (medium)")
    si.add_argument("--team1", choices=diffs, help="Team 1's bot (default: --difficulty)")
    si.add_argument("--team2", choices=diffs, help="Team 2's bot (default: --difficulty)")
    si.add_argument("--json", action="store_true", help="print the report as JSON")
    si.set_defaults(func=_cmd_simulate)

    tp = sub.add_parser(
        "tournament",
        help="run a tournament: teams, pairings, results, standings, championship",
        description="Direct a GeoPlunge tournament from a terminal. FILE holds it all (the "
        "site's tournament director exports and imports the same file).",
    )
    tsub = tp.add_subparsers(dest="action", required=True, metavar="ACTION")
    t_new = tsub.add_parser("new", help="start a tournament")
    t_new.add_argument("file")
    t_new.add_argument("--name", required=True)
    t_new.add_argument("--combo", type=int, choices=(2, 3, 4), required=True)
    t_new.add_argument("--rounds", type=int, help="default: 8")
    t_new.add_argument("--seed", type=int, default=0)
    t_new.add_argument("--force", action="store_true", help="overwrite an existing file")
    t_add = tsub.add_parser("add", help="register a team of three")
    t_add.add_argument("file")
    t_add.add_argument("name")
    t_add.add_argument("players", nargs=3)
    t_pair = tsub.add_parser("pair", help="pair the next round")
    t_pair.add_argument("file")
    t_rec = tsub.add_parser("record", help="enter a result: ROUND TEAM OPP POINTS OPP_POINTS")
    t_rec.add_argument("file")
    t_rec.add_argument("result", nargs="*")
    t_rec.add_argument("--code", help="a result code from a match device")
    t_code = tsub.add_parser("code", help="the result code of a match")
    t_code.add_argument("file")
    t_code.add_argument("result", nargs=5)
    t_st = tsub.add_parser("standings", help="matches won, then points")
    t_st.add_argument("file")
    t_st.add_argument("--csv", action="store_true")
    for name, what in (("playoff", "a playoff"), ("final", "the next championship game")):
        t_w = tsub.add_parser(name, help=f"the winner of {what} (a team, or 'tie')")
        t_w.add_argument("file")
        t_w.add_argument("winner")
    tp.set_defaults(func=_cmd_tournament)

    ch = sub.add_parser(
        "check",
        help="run the conformance harness on seeded random games",
        description="Play seeded random games through the engine and check every invariant "
        "of the protocol (legal moves, refusals, JSON, hidden information, replays). "
        "Prints one JSON summary line; exit 1 on the first broken invariant. Progress "
        "(games done and seconds, per set-up) goes to stderr.",
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
    ch.add_argument("--quiet", action="store_true", help="no progress on stderr")
    ch.set_defaults(func=_cmd_check)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:
        # "referee border-up --level 4 KS MO KY": states after an option are still states.
        if getattr(args, "command", None) == "referee" and not any(
            x.startswith("-") for x in extra
        ):
            args.state = [*args.state, *extra]
        else:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return int(args.func(args) or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

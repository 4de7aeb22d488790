"""CPU time of Sequence's conformance check per game and per move, fully checked games.

Runs ``check_game`` as ``cardroom check sequence --games N --seed S`` does (no oracle, the
first 30 games checked at every state, so all of them for N <= 30) for each set-up asked,
and prints one JSON line: games, moves, CPU seconds, seconds per game and milliseconds
per move for each. It imports only ``check_game`` and the game, so the same script times
an older checkout too (``PYTHONPATH=/tmp/old/py``); the same seeds play the same games
as long as the harness draws the same random numbers.

    PYTHONPATH=py .venv/bin/python benchmarks/sequence_check.py [--games 10] [--seed 0]
        [--setup 2/2 --setup 12/2 ...]
"""

from __future__ import annotations

import argparse
import json
import time

from cardroom.conformance import check_game
from cardroom.sequence import GAME


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--setup", action="append", help="players/teams (default 2/2)")
    args = ap.parse_args()
    out = {}
    for setup in args.setup or ["2/2"]:
        players, teams = map(int, setup.split("/"))
        seeds = range(args.seed, args.seed + args.games)
        t0 = time.process_time()
        report = check_game(GAME, seeds, {"players": players, "teams": teams}, deep=30)
        cpu = time.process_time() - t0
        out[setup] = {
            "games": report.games,
            "moves": report.moves,
            "cpu_s": round(cpu, 2),
            "s_per_game": round(cpu / report.games, 3),
            "ms_per_move": round(1000 * cpu / report.moves, 2),
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()

"""How fast the computer acts: its pace against a player who does nothing (docs/bots.md).

``python -m cardroom.web.pace <game> --level L [--games N] [--seed S]`` prints, for the
games with timed computer actions, each difficulty's pace: how often the computer acts
when it could and the median and 90th-percentile time it takes, on the game clock. The
games are played through the very engine clients the site uses
(``cardroom.web.games.*.logic.engine``, the kit's :class:`~cardroom.web.kit.logic.LocalEngine`
with its computer seat), so what is measured is what a player meets; that is why this
module lives in the web layer (the engine never imports ``cardroom.web``). The person's
seat (Team 1) does only what the game cannot go on
without, and never the measured action:

* **Border-Up** (shout): each deal whose hand holds a GeoPlunge is a chance; the time is
  from the start of the race to the computer's shout (no shout before time: it missed).
* **Dashing States** (race): each race is a chance; the time is from the start of the
  race to the computer's shout.
* **Chummy Challenge** (buzz): each question read is a chance; the time is from the first
  word read to the computer's buzz. The person names a GeoPlunger and never buzzes.
* **State IQ** (guess): each of the computer's guesses is a chance; the time is from the
  clue (or the wrong guess) before it to the guess. The person gives the first clue
  option and guesses the first state it may.

:data:`TARGETS` holds the paces decided for each game, level group and difficulty
(R-240..R-244); ``tests/test_bot_pace.py`` checks the measured figures against them and
that docs/bots.md states the same figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["ACTIONS", "DIFFICULTIES", "TARGETS", "Target", "main", "measure", "within"]

DIFFICULTIES = ("easy", "medium", "hard")

#: The computer's timed action measured in each game.
ACTIONS = {
    "border-up": "shout",
    "dashing-states": "race",
    "chummy-challenge": "buzz",
    "state-iq": "guess",
}

#: The person's pause before a move the game needs from it (naming a GeoPlunger...).
PERSON_MS = 1500
#: No game runs longer than this on its clock (a guard: a stuck game ends the measure).
HORIZON_MS = 900_000


@dataclass(frozen=True, slots=True)
class Target:
    """A decided pace: the share of chances acted on (at least ``rate_min``, at most
    ``rate_max``) and the median and 90th-percentile times in seconds, each in its
    range."""

    rate_min: float
    rate_max: float
    median_s: tuple[float, float]
    p90_s: tuple[float, float]


#: (game, levels, difficulty) -> the decided pace; docs/bots.md states each one.
TARGETS: dict[tuple[str, tuple[int, ...], str], Target] = {
    # Border-Up: a first shout within ~20-40 s for a medium team that has one
    ("border-up", (2, 3), "easy"): Target(0.70, 1.00, (30, 55), (45, 90)),
    ("border-up", (2, 3), "medium"): Target(0.90, 1.00, (15, 32), (25, 50)),
    ("border-up", (2, 3), "hard"): Target(0.95, 1.00, (6, 18), (10, 28)),
    ("border-up", (4,), "easy"): Target(0.70, 1.00, (40, 75), (60, 115)),
    ("border-up", (4,), "medium"): Target(0.90, 1.00, (20, 40), (30, 60)),
    ("border-up", (4,), "hard"): Target(0.95, 1.00, (8, 22), (14, 35)),
    # Dashing States
    ("dashing-states", (2, 3, 4), "easy"): Target(0.85, 1.00, (35, 60), (50, 80)),
    ("dashing-states", (2, 3, 4), "medium"): Target(0.95, 1.00, (18, 32), (26, 45)),
    ("dashing-states", (2, 3, 4), "hard"): Target(0.95, 1.00, (9, 17), (13, 24)),
    # Chummy Challenge: of all the questions read, it buzzes on those it knows
    ("chummy-challenge", (3, 4), "easy"): Target(0.55, 0.95, (4, 12), (6, 18)),
    ("chummy-challenge", (3, 4), "medium"): Target(0.85, 1.00, (3, 10), (5, 15)),
    ("chummy-challenge", (3, 4), "hard"): Target(0.85, 1.00, (1.5, 6), (3, 9)),
    # State IQ: a guess after thinking over the clue
    ("state-iq", (2, 3, 4), "easy"): Target(1.00, 1.00, (7, 13), (10, 18)),
    ("state-iq", (2, 3, 4), "medium"): Target(1.00, 1.00, (4, 9), (7, 13)),
    ("state-iq", (2, 3, 4), "hard"): Target(1.00, 1.00, (2, 6), (4, 9)),
}


def target(slug: str, level: int, difficulty: str) -> Target:
    """The decided pace of ``difficulty`` in ``slug`` at ``level``."""
    for (game, levels, diff), t in TARGETS.items():
        if game == slug and level in levels and diff == difficulty:
            return t
    raise KeyError(f"no pace decided for {slug} Level {level} {difficulty}")


def within(figures: Mapping[str, Any], t: Target) -> list[str]:
    """What in ``figures`` (one difficulty's pace) is outside ``t``; empty when none."""
    out = []
    rate = figures["rate"]
    if rate is None or not t.rate_min <= rate <= t.rate_max:
        out.append(f"rate {rate} not in {t.rate_min}..{t.rate_max}")
    for key, (lo, hi) in (("median_s", t.median_s), ("p90_s", t.p90_s)):
        v = figures[key]
        if v is None or not lo <= v <= hi:
            out.append(f"{key} {v} not in {lo}..{hi}")
    return out


# ------------------------------------------------------------------ playing


def _engine(slug: str, level: int, difficulty: str, seed: int) -> Any:
    from .games.registry import WEB_GAMES, Setup

    return WEB_GAMES[slug].new_engine(Setup(slug, level, "bot", difficulty, seed))


def _person_move(slug: str, eng: Any) -> dict[str, Any] | None:
    """The move the person's seat makes when the game cannot go on without it."""
    v = eng.view(0)
    legal = set(eng.legal(0))
    if "plunge" in legal and v["phase"] == "plunge":
        return {"seat": 0, "kind": "plunge", "data": False}
    # each kind below is one game's only: Chummy's GeoPlunger, State IQ's clue and guess
    if "geoplunger" in legal:
        from .games.chummy.logic import free_players

        return {"seat": 0, "kind": "geoplunger", "data": free_players(v, 0)[0]}
    if v["phase"] == "clue" and "clue" in legal:
        from .games.state_iq.logic import clue_options

        opts = clue_options(v)
        if opts:
            first = opts[1][0]
            return {"seat": 0, "kind": "clue", "data": [first.kind, first.value]}
    if v["phase"] == "guess" and "guess" in legal:
        from .games.state_iq.logic import legal_from_view

        space = legal_from_view(v, 0)
        code = min(m.data for m in space)
        return {"seat": 0, "kind": "guess", "data": code}
    return None


def _last(eng: Any) -> int:
    return max((int(m.get("at") or 0) for m in eng.moves), default=0)


def play(slug: str, level: int, difficulty: str, seed: int, watch: Callable[[Any], None]) -> Any:
    """One game against a person who does nothing but what the game needs; ``watch(eng)``
    is called before every step (to note the phase a chance opens in)."""
    eng = _engine(slug, level, difficulty, seed)
    t = 0
    for _ in range(2000):
        if eng.over or t > HORIZON_MS:
            break
        watch(eng)
        person = _person_move(slug, eng)
        due = eng.next_due()
        if person is not None:
            at = max(t, _last(eng)) + PERSON_MS
            if due is None or at < due:
                t = at
                eng.submit(person, t)
                continue
        if due is None:
            break
        t = max(t, due)
        eng.advance(t)
    watch(eng)
    return eng


# ------------------------------------------------------------------ chances


Seen = dict[Any, Any]


def _border_up_watch(v: Mapping[str, Any], seen: Seen) -> None:
    if v["phase"] == "race" and "race" not in seen:
        seen["race"] = (v["timing"]["race_start"], list(v["hand"]))


def _border_up_times(seen: Seen, moves: list[dict], level: int) -> list[float | None]:
    from ..geoplunge import solver

    if "race" not in seen:
        return []
    start, hand = seen["race"]
    if solver.solve(solver.Hand(hand, level), level).geoplunge is None:
        return []
    shout = next((m for m in moves if m["seat"] == 1 and m["kind"] == "shout"), None)
    return [None if shout is None else (shout["at"] - start) / 1000]


def _dashing_watch(v: Mapping[str, Any], seen: Seen) -> None:
    if v["phase"] == "race":
        seen.setdefault(("race", v["race"]), v["race_start"])


def _dashing_times(seen: Seen, moves: list[dict], level: int) -> list[float | None]:
    out: list[float | None] = []
    races = sorted(k[1] for k in seen if isinstance(k, tuple))
    shouts = [m for m in moves if m["seat"] == 1 and m["kind"] == "shout"]
    for race in races:
        start = seen[("race", race)]
        nxt = start + 10**9
        later = [seen[("race", r)] for r in races if r > race]
        if later:
            nxt = min(later)
        mine = [m for m in shouts if start <= m["at"] < nxt]
        out.append((mine[0]["at"] - start) / 1000 if mine else None)
    return out


def _chummy_watch(v: Mapping[str, Any], seen: Seen) -> None:
    if v["phase"] in ("read", "window"):
        cur = v["current"]
        seen.setdefault(("q", cur["number"]), (cur["start"], cur["colour"], list(cur["words"])))
        words = seen[("q", cur["number"])]
        if len(cur["words"]) > len(words[2]):
            seen[("q", cur["number"])] = (words[0], words[1], list(cur["words"]))


def _chummy_times(seen: Seen, moves: list[dict], level: int) -> list[float | None]:
    out: list[float | None] = []
    buzzes = [m for m in moves if m["seat"] == 1 and m["kind"] == "buzz"]
    qs = sorted(k[1] for k in seen if isinstance(k, tuple))
    for i, q in enumerate(qs):
        start = seen[("q", q)][0]
        nxt = seen[("q", qs[i + 1])][0] if i + 1 < len(qs) else 10**12
        mine = [m for m in buzzes if start <= m["at"] < nxt]
        out.append((mine[0]["at"] - start) / 1000 if mine else None)
    return out


def _no_watch(v: Mapping[str, Any], seen: Seen) -> None:
    return None


def _state_iq_times(seen: Seen, moves: list[dict], level: int) -> list[float | None]:
    return [
        (int(m.get("at") or 0) - int(moves[i - 1].get("at") or 0)) / 1000
        for i, m in enumerate(moves)
        if m["seat"] == 1 and m["kind"] == "guess" and i > 0
    ]


#: Per game: what to note from the computer's view before each step (the moment each
#: chance opens), and the times it took at each chance from that and the game's moves.
CHANCES: dict[str, tuple[Callable[[Mapping[str, Any], Seen], None], Callable[..., list]]] = {
    "border-up": (_border_up_watch, _border_up_times),
    "dashing-states": (_dashing_watch, _dashing_times),
    "chummy-challenge": (_chummy_watch, _chummy_times),
    "state-iq": (_no_watch, _state_iq_times),
}


def _chances(slug: str, level: int, difficulty: str, seed: int) -> list[float | None]:
    """The times (s) the computer took at each chance in one game; None: it let it go."""
    seen: Seen = {}
    note, times = CHANCES[slug]
    eng = play(slug, level, difficulty, seed, lambda eng: note(eng.view(1), seen))
    return times(seen, eng.moves, level)


def _quantile(xs: Sequence[float], q: float) -> float:
    s = sorted(xs)
    k = min(len(s) - 1, max(0, round(q * (len(s) - 1))))
    return s[k]


def measure(
    slug: str,
    level: int,
    games: int = 20,
    seed: int = 0,
    difficulties: Sequence[str] = DIFFICULTIES,
) -> dict[str, dict[str, Any]]:
    """Each difficulty's pace in ``games`` games of ``slug`` at ``level`` (seeds ``seed``,
    ``seed + 1``...): ``{"action", "chances", "acted", "rate", "median_s", "p90_s"}``
    (times on the game clock, in seconds, of the chances acted on)."""
    if slug not in ACTIONS:
        raise ValueError(f"no pace is measured for {slug}")
    out = {}
    for d in difficulties:
        times: list[float | None] = []
        for i in range(games):
            times += _chances(slug, level, d, seed + i)
        acted = [x for x in times if x is not None]
        out[d] = {
            "action": ACTIONS[slug],
            "chances": len(times),
            "acted": len(acted),
            "rate": round(len(acted) / len(times), 3) if times else None,
            "median_s": round(statistics.median(acted), 1) if acted else None,
            "p90_s": round(_quantile(acted, 0.9), 1) if acted else None,
        }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cardroom.web.pace GAME --level L``: each difficulty's pace, as JSON."""
    p = argparse.ArgumentParser(
        prog="python -m cardroom.web.pace",
        description="The computer's pace against a player who does nothing (docs/bots.md).",
    )
    p.add_argument("game", choices=sorted(ACTIONS))
    p.add_argument("--level", type=int, required=True, choices=(2, 3, 4))
    p.add_argument("--games", type=int, default=20, help="deals per difficulty (20)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first deal (0)")
    args = p.parse_args(argv)
    if args.game == "chummy-challenge" and args.level == 2:
        p.error("Chummy Challenge is played at Levels 3 and 4")
    json.dump(measure(args.game, args.level, args.games, args.seed), sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

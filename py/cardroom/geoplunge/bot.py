"""The Border-Up computer opponent: easy, medium and hard.

The bot sees only its own view (:meth:`BorderUp.view`): its hand, the level, the clock.
It finds real groups with the exact solver and "shouts" after a delay that a person might
need: longer at higher levels, longer for a hand with few groups, longer when going for
the ThreeOPlunge bonus, and drawn with the caller's seeded ``random.Random``.

============  ==============  ==========================  ===============  ==============
difficulty    first shout     mistakes (invalid shouts)   goes for bonus   GeoPlunges
============  ==============  ==========================  ===============  ==============
easy          about 40-50 s   about 1 shout in 4          sometimes        rarely
medium        about 20-25 s   about 1 shout in 12         often            half the time
hard          about 10-12 s   never                       whenever it can  often
============  ==============  ==========================  ===============  ==============

(median times from the start of the race, on hands that hold a GeoPlunge; docs/bots.md
decides them, R-240). An easy bot does not find its groups in about one hand in eight
and passes.

With no GeoPlunge in its hand, the bot passes after a while (R-9).

``plan(view, difficulty, rng)`` returns a :class:`Plan`: ``(delay_ms, move)``, the delay
counted from the start of the current phase (the GeoPlunging question, or the deal) and the
move timed accordingly; ``move`` is None when the bot has nothing to do.

On the engine's bot interface (:class:`cardroom.core.Bot`), :class:`EasyBot`,
:class:`MediumBot` and :class:`HardBot` choose from a
:class:`~cardroom.core.BotContext` only (its view, legal moves, seeded ``random.Random``
and the table's time), never from the state: each plans once per phase with
:func:`plan` and sends that move when asked, while it is still legal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from .. import atlas
from ..core import BotContext, Move
from . import solver
from .groups import check_shout

__all__ = [
    "BOTS",
    "DIFFICULTIES",
    "PROFILES",
    "BorderUpBot",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "Plan",
    "Profile",
    "bot",
    "hand_hardness",
    "plan",
]

DIFFICULTIES = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Profile:
    speed: float  # multiplier of the level's base time
    mistake: float  # chance that a shout is wrong
    greed: float  # chance to go for ThreeOPlunge when the hand has one
    plunge: float  # chance to GeoPlunge
    decide_ms: tuple[int, int]  # range of the GeoPlunging decision time
    miss: float = 0.0  # chance not to find the groups the hand holds (and to pass)


#: The paces are decided in docs/bots.md (R-240) and held by tests/test_bot_pace.py.
PROFILES: dict[str, Profile] = {
    "easy": Profile(
        speed=2.0, mistake=0.25, greed=0.35, plunge=0.3, decide_ms=(1200, 5600), miss=0.12
    ),
    "medium": Profile(speed=1.0, mistake=0.08, greed=0.65, plunge=0.5, decide_ms=(800, 4000)),
    "hard": Profile(speed=0.45, mistake=0.0, greed=1.0, plunge=0.7, decide_ms=(400, 2500)),
}

#: A medium team's typical time to find its groups in an average hand, per level (ms):
#: Level 3 sorts each group by its borders, Level 4 finds groups of four and five.
BASE_MS = {2: 18_000, 3: 20_000, 4: 22_000}
#: No team reads its whole hand faster than this (ms), by level.
FLOOR_MS = {2: 4_000, 3: 5_000, 4: 6_000}


class Plan(NamedTuple):
    delay_ms: int
    move: Move | None


def hand_hardness(hand: solver.Hand) -> float:
    """0 (groups everywhere) .. 1 (hardly any): how hard the hand is to read, from the
    number of distinct winning groups it holds."""
    n = hand.count(3) if hand.level < 4 else hand.count(4) + hand.count(5)
    typical = 10 if hand.level < 4 else 25
    return 1.0 / (1.0 + n / typical)


def _corrupt(
    call: str, groups: list[list[str]], hand: list[str], level: int, rng: random.Random
) -> list[list[str]] | None:
    """A near miss: ``groups`` with two neighbouring cards swapped (Levels 3 and 4), or
    one card replaced by a spare that borders another card of its group, as a person
    might slip; checked to really be wrong. None if no such slip was found (a bot never
    shouts an implausible group like IL-WI-DE)."""
    borders = atlas.borders()
    used = {c for g in groups for c in g}
    spare = [c for c in hand if c not in used]
    for _ in range(24):
        out = [list(g) for g in groups]
        g = rng.choice(out)
        if level >= 3 and rng.random() < 0.5:
            i = rng.randrange(len(g) - 1)
            g[i], g[i + 1] = g[i + 1], g[i]
        else:
            k = rng.randrange(len(g))
            rest = [c for j, c in enumerate(g) if j != k]
            near = [c for c in spare if any(c in borders[r] for r in rest)]
            if not near:
                continue
            g[k] = rng.choice(near)
            if not all(any(c in borders[o] for o in g if o != c) for c in g):
                continue  # every card still borders one of its group: a near miss
        if not check_shout(call, out, level).valid:
            return out
    return None


def plan(view: Mapping[str, Any], difficulty: str, rng: random.Random) -> Plan:
    """What the bot seated at ``view["seat"]`` will do in the current phase, and when."""
    if difficulty not in PROFILES:
        raise ValueError(f"difficulty is one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
    prof = PROFILES[difficulty]
    seat, phase, now = view["seat"], view["phase"], view["now"]
    if seat not in (0, 1) or phase == "over":
        return Plan(0, None)
    if phase == "plunge":
        if view["plunge"]["mine"] is not None:
            return Plan(0, None)
        delay = rng.randint(*prof.decide_ms)
        choice = rng.random() < prof.plunge
        return Plan(delay, Move(seat, "plunge", choice, max(now, delay)))
    # The race.
    if view["passed"][seat] or any(sh["team"] == seat for sh in view["shouted"]):
        return Plan(0, None)
    level = view["level"]
    start = view["timing"]["race_start"]
    limit = view["timing"]["time_limit_ms"]
    hand = solver.Hand(view["hand"], level)
    hard = hand_hardness(hand)
    jitter = rng.lognormvariate(0.0, 0.3)
    base = BASE_MS[level] * prof.speed * (0.7 + 0.8 * hard) * jitter
    sol = solver.solve(hand, level)
    missed = prof.miss and rng.random() < prof.miss
    if sol.geoplunge is None or missed:
        # Nothing to find (or nothing found): give up once sure, before time.
        delay = int(min(max(base * 2.0, 60_000), limit * 0.8))
        return Plan(delay, Move(seat, "pass", None, max(now, start + delay)))
    if sol.threeoplunge is not None and rng.random() < prof.greed:
        call, found = "threeoplunge", sol.threeoplunge
        base *= 1.15
    else:
        call, found = "geoplunge", sol.geoplunge
    groups = [list(g) for g in found]
    rng.shuffle(groups)
    if prof.mistake and rng.random() < prof.mistake:
        wrong = _corrupt(call, groups, list(view["hand"]), level, rng)
        if wrong is not None:
            groups = wrong
            base *= 0.8  # hasty
    delay = max(int(base), FLOOR_MS[level])
    return Plan(delay, Move(seat, "shout", [call, groups], max(now, start + delay)))


class BorderUpBot:
    """A Border-Up computer team on the engine's bot interface: it plans once per phase
    from its view (with :func:`plan` and ``ctx.rng``) and then sends that move whenever
    it is asked, as long as the move is legal; ``None`` when it has nothing to do. A move
    whose planned time has passed is sent at the table's time ``ctx.now``."""

    difficulty = "medium"

    def __init__(self) -> None:
        self._plans: dict[tuple[int, str], Move | None] = {}

    def choose(self, ctx: BotContext) -> Move | None:
        view = ctx.view
        key = (int(view["seat"]), str(view["phase"]))
        if key not in self._plans:
            self._plans[key] = plan(view, self.difficulty, ctx.rng).move
        move = self._plans[key]
        if move is None or move not in ctx.legal:
            return None
        if ctx.now is not None and move.at is not None and move.at < ctx.now:
            move = move.with_time(ctx.now)
        return move


class EasyBot(BorderUpBot):
    difficulty = "easy"


class MediumBot(BorderUpBot):
    difficulty = "medium"


class HardBot(BorderUpBot):
    difficulty = "hard"


BOTS: dict[str, type[BorderUpBot]] = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}


def bot(difficulty: str) -> BorderUpBot:
    """A fresh bot of ``difficulty`` (one per game and seat: it remembers its plans)."""
    if difficulty not in BOTS:
        raise ValueError(f"difficulty is one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
    return BOTS[difficulty]()


def team(difficulty: str, seed: str) -> BorderUpBot:
    """This game's computer team in a match (``cardroom.games`` names it): seeded by the
    match's text ``seed`` for its game and team."""
    return bot(difficulty)

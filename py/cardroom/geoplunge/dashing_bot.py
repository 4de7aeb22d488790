"""The Dashing States computer opponent: easy, medium and hard.

The bot sees only its :class:`~cardroom.core.BotContext`. It recognises its own Map cards
(the red state on each), puts aside the card that is hardest to place, sorts the other six
by the race's key and shouts after a delay a person might need: longer for a slower bot,
for a rank race than for an alphabetical one, and drawn from its seed for each race so
that asking again gives the same plan. Its three "players" then name their cards: always
right when hard, while an easy bot sometimes misnames a card (a wrong state, capital or
rank), and a medium one rarely.

============  =================  ======================  ===========
difficulty    shout after        misnames a card         GeoPlunges
============  =================  ======================  ===========
easy          about 45 s         about 1 card in 10      rarely
medium        about 25 s         about 1 card in 60      half the time
hard          about 12 s         never                   often
============  =================  ======================  ===========

The paces are decided in docs/bots.md (R-241) and held by tests/test_bot_pace.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .. import atlas
from ..core import BotContext, Move
from . import decks
from .dashing import sorted_for

__all__ = ["DIFFICULTIES", "PROFILES", "DashingBot", "Profile"]

DIFFICULTIES = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Profile:
    race_ms: int  # typical time to sort six cards by name
    misname: float  # chance to misname one card
    plunge: float  # chance to GeoPlunge
    decide_ms: tuple[int, int]  # range of the GeoPlunging decision time
    answer_ms: tuple[int, int]  # range of one player's answering time


PROFILES: dict[str, Profile] = {
    "easy": Profile(38_000, 0.10, 0.3, (1500, 5500), (4000, 9000)),
    "medium": Profile(20_000, 1 / 60, 0.5, (800, 4000), (2500, 6000)),
    "hard": Profile(10_000, 0.0, 0.65, (400, 2500), (1200, 3500)),
}

#: How much longer a race takes by its key (ranks are harder to recall than names).
KEY_FACTOR = {"name": 1.0, "capital": 1.25, "statehood": 1.5, "size": 1.6, "population": 1.6}


class DashingBot:
    """A Dashing States team (see the module docstring)."""

    def __init__(self, difficulty: str = "medium", seed: int | str = 0) -> None:
        if difficulty not in PROFILES:
            raise ValueError(f"difficulty is one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
        self.difficulty = difficulty
        self.profile = PROFILES[difficulty]
        self.seed = f"dashing:{seed}"

    def _rng(self, *parts: object) -> random.Random:
        return random.Random("|".join(map(str, (self.seed, *parts))))

    def choose(self, ctx: BotContext) -> Move | None:
        v = ctx.view
        if ctx.legal.is_empty():
            return None
        now = ctx.now or 0
        if v["phase"] == "plunge":
            r = self._rng("plunge")
            at = r.randint(*self.profile.decide_ms)
            return Move(ctx.seat, "plunge", r.random() < self.profile.plunge, max(at, now))
        if v["phase"] == "race":
            return self._shout(ctx, now)
        if v["phase"] == "answer":
            return self._answer(ctx, now)
        return None

    def _shout(self, ctx: BotContext, now: int) -> Move:
        v = ctx.view
        r = self._rng("race", v["race"])
        hand = list(v["hand"])
        codes = {m: decks.map_card(m).state for m in hand}
        # put aside the smallest state (the hardest to spot on the map)
        aside = min(hand, key=lambda m: (atlas.by_code()[codes[m]].area_sq_mi, m))
        six = [m for m in hand if m != aside]
        order = [decks.map_card_of(c).id for c in sorted_for(v["key"], [codes[m] for m in six])]
        delay = self.profile.race_ms * KEY_FACTOR[v["key"]] * r.uniform(0.7, 1.3)
        at = max(now, (v["race_start"] or 0) + int(delay))
        return Move(ctx.seat, "shout", order, at)

    def _answer(self, ctx: BotContext, now: int) -> Move:
        v = ctx.view
        player = v["next_player"]
        r = self._rng("answer", v["race"], player)
        order = v["my_order"]
        pair = []
        for m in order[2 * player : 2 * player + 2]:
            code = decks.map_card(m).state
            st = atlas.by_code()[code]
            second = (
                st.capital
                if v["key"] in ("name", "capital")
                else str(decks.category_rank(v["key"], code))
            )
            name = st.name
            if r.random() < self.profile.misname:
                other = atlas.by_code()[r.choice(sorted(st.borders) or ["RI"])]
                if r.random() < 0.5:
                    name = other.name
                else:
                    second = (
                        other.capital
                        if v["key"] in ("name", "capital")
                        else str(decks.category_rank(v["key"], other.code))
                    )
            pair.append([name, second])
        at = now + r.randint(*self.profile.answer_ms)
        return Move(ctx.seat, "answer", [player, pair], at)


def team(difficulty: str, seed: str) -> DashingBot:
    """This game's computer team in a match (``cardroom.games`` names it): seeded by the
    match's text ``seed`` for its game and team."""
    return DashingBot(difficulty, seed)

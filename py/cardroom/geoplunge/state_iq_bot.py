"""The State IQ computer opponent: easy, medium and hard.

The bot sees only its :class:`~cardroom.core.BotContext` (its view and legal moves).

* **Giving clues.** Of the options on the Clue card (and, for a border state or a top
  city, of the values its card allows) it gives the one that leaves the guessing team the
  most candidate states, counting every clue given so far about its card and every wrong
  guess (an easy bot sometimes gives any option). It does not give again a clue already
  given about its card while the card offers another.
* **Guessing.** It reasons over the 50 states: a state stays a candidate unless it was
  guessed wrongly, is the bot's own card or was shown; each clue weighs the candidates.
  Difficulty is how well it remembers the cards: for each state and kind of fact the bot
  either remembers it (and then a clue that does not fit rules the state out) or does not
  (and then the clue weighs the state by how common the fact is). It guesses the most
  likely state. What it remembers is fixed for a game (drawn from its seed), so it does
  not change its mind about a fact between guesses.
* **GeoPlunging.** A coin weighted by difficulty.
* **Time.** Given the table's time (``ctx.now``: the time of the move before), the bot
  takes a while over each move, as a team does: to decide whether it is GeoPlunging, to
  pick a clue, and above all to think over the clues before it guesses
  (:attr:`Profile.guess_ms`; decided in docs/bots.md, R-243). Without a time (a table
  that does not keep one) its moves are untimed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from .. import atlas
from ..core import BotContext, Move
from . import decks

__all__ = ["DIFFICULTIES", "PROFILES", "Profile", "StateIQBot", "guess_weights"]

DIFFICULTIES = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Profile:
    memory: float  # chance to remember a given fact of a given state
    careless: float  # chance to give any clue option rather than the least telling
    plunge: float  # chance to GeoPlunge
    guess_ms: tuple[int, int]  # range of the time to think over the clues and guess
    clue_ms: tuple[int, int]  # range of the time to pick a clue
    decide_ms: tuple[int, int] = (800, 4000)  # range of the GeoPlunging decision time


PROFILES: dict[str, Profile] = {
    "easy": Profile(
        0.45, 0.35, 0.3, guess_ms=(6500, 14_000), clue_ms=(4000, 9000), decide_ms=(1200, 5600)
    ),
    "medium": Profile(0.75, 0.1, 0.5, guess_ms=(3500, 9000), clue_ms=(2500, 6500)),
    "hard": Profile(
        0.97, 0.0, 0.6, guess_ms=(2000, 5500), clue_ms=(1500, 4000), decide_ms=(400, 2500)
    ),
}

CODES: tuple[str, ...] = tuple(sorted(s.code for s in atlas.states()))


@cache
def _share(kind: str, value: str) -> float:
    """The fraction of the 50 states a clue is true of (a guess's prior for a fact the
    bot does not remember)."""
    return max(1, sum(decks.clue_matches(kind, value, c) for c in CODES)) / len(CODES)


def _remembers(seed: str, code: str, kind: str, memory: float) -> bool:
    h = hashlib.blake2b(f"{seed}|{code}|{kind}".encode(), digest_size=8).digest()
    return int.from_bytes(h, "big") / 2**64 < memory


def guess_weights(
    clues: Sequence[tuple[str, str]],
    allowed: Sequence[str],
    memory: float = 1.0,
    seed: str = "",
) -> dict[str, float]:
    """How likely each allowed state is, given the clues, for a bot that remembers each
    fact with probability ``memory``."""
    out: dict[str, float] = {}
    for c in allowed:
        w = 1.0
        for kind, value in clues:
            if memory >= 1.0 or _remembers(seed, c, kind, memory):
                w *= 1.0 if decks.clue_matches(kind, value, c) else 0.01
            else:
                w *= _share(kind, value)
        out[c] = w
    return out


class StateIQBot:
    """A State IQ player for one team (see the module docstring)."""

    def __init__(self, difficulty: str = "medium", seed: int | str = 0) -> None:
        if difficulty not in PROFILES:
            raise ValueError(f"difficulty is one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
        self.difficulty = difficulty
        self.profile = PROFILES[difficulty]
        self.seed = f"state-iq:{seed}"

    def choose(self, ctx: BotContext) -> Move | None:
        v = ctx.view
        if ctx.legal.is_empty():
            return None
        phase = v["phase"]
        if phase == "plunge":
            move = Move(ctx.seat, "plunge", ctx.rng.random() < self.profile.plunge)
            think = self.profile.decide_ms
        elif phase == "clue":
            move, think = self._clue(ctx), self.profile.clue_ms
        elif phase == "guess":
            move, think = self._guess(ctx), self.profile.guess_ms
        else:
            return None
        if ctx.now is None:
            return move
        return move.with_time(ctx.now + ctx.rng.randint(*think))

    # ------------------------------------------------------------ giving

    def _clue(self, ctx: BotContext) -> Move:
        v = ctx.view
        guesser = 1 - ctx.seat
        target = len(v["cards"][ctx.seat]) - 1
        known = _known_clues(v, guesser, target)
        # a clue already given about this card (for an earlier guess) tells nothing new:
        # it is given again only when the card offers nothing else
        every = list(ctx.legal)
        options = [m for m in every if tuple(m.data) not in known] or every
        if ctx.rng.random() < self.profile.careless:
            return options[ctx.rng.randrange(len(options))]
        wrong = _wrong(v, guesser, target)
        best: list[Move] = []
        most = -1
        for m in options:
            kind, value = m.data
            left = sum(
                1
                for c in CODES
                if c not in wrong
                and decks.clue_matches(kind, value, c)
                and all(decks.clue_matches(k, x, c) for k, x in known)
            )
            if left > most:
                best, most = [m], left
            elif left == most:
                best.append(m)
        return best[ctx.rng.randrange(len(best))]

    # ------------------------------------------------------------ guessing

    def _guess(self, ctx: BotContext) -> Move:
        v = ctx.view
        giver = 1 - ctx.seat
        target = len(v["cards"][giver]) - 1
        clues = _known_clues(v, ctx.seat, target)
        shown = {c for team in v["cards"] for c in team if c}
        exclude = _wrong(v, ctx.seat, target) | shown
        if v.get("held"):
            exclude.add(v["held"])
        allowed = [c for c in CODES if c not in exclude]
        allowed = [c for c in allowed if Move(ctx.seat, "guess", c) in ctx.legal] or [
            c for c in CODES if Move(ctx.seat, "guess", c) in ctx.legal
        ]
        weights = guess_weights(clues, allowed, self.profile.memory, self.seed)
        top = max(weights.values())
        best = [c for c, w in weights.items() if w >= top * 0.999]
        return Move(ctx.seat, "guess", best[ctx.rng.randrange(len(best))])


def _known_clues(view: Mapping[str, Any], guesser: int, target: int) -> list[tuple[str, str]]:
    return [
        (c["kind"], c["value"])
        for c in view["clues"]
        if c["team"] == guesser and c["target"] == target
    ]


def _wrong(view: Mapping[str, Any], guesser: int, target: int) -> set[str]:
    return {
        g["code"]
        for g in view["guesses"]
        if g["team"] == guesser and g["target"] == target and not g["correct"]
    }


def team(difficulty: str, seed: str) -> StateIQBot:
    """This game's computer team in a match (``cardroom.games`` names it): seeded by the
    match's text ``seed`` for its game and team."""
    return StateIQBot(difficulty, seed)

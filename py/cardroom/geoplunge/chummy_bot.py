"""The Chummy Challenge computer opponent: easy, medium and hard (R-69).

The bot sees only its :class:`~cardroom.core.BotContext` (its view and legal moves). It
listens to the question word by word. It *recognises* the question once the words read
so far fit only one question of that colour in the published deck (it has studied the
deck's questions, as a tournament team would), and it buzzes after its reaction time, or
later if it is a patient player. Whether it *knows* the answer depends on its difficulty
and on the question's colour (:data:`PROFILES`); the roll is fixed per bot and question,
so asking the bot twice gives the same plan.

It answers atlas questions from its own knowledge of the atlas: it parses the question
text (:func:`atlas_answer`) and looks the facts up in :mod:`cardroom.atlas`, never in
the card's answer. General questions (landmarks, sports, history...) it recalls from the
deck it studied. When it does not know, it may still buzz and guess (a two-way question
gets one of its two names, a state question a random state...), and a guess can be right.
"""

from __future__ import annotations

import math
import random
import re
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from .. import atlas
from ..core import BotContext, Move, Moves
from . import challenge

__all__ = ["DIFFICULTIES", "PROFILES", "ChummyBot", "Profile", "atlas_answer", "recognise"]

DIFFICULTIES = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Profile:
    know: tuple[float, ...]  # chance to know the answer, per colour (red .. purple)
    patience: float  # buzz no earlier than this share of the question
    react_ms: tuple[int, int]  # from recognising the question to the buzz
    think_ms: tuple[int, int]  # from the buzz (or window) to the answer
    bold: float  # chance to buzz and guess when it does not know
    plunge: float  # chance to GeoPlunge


#: What each difficulty knows and how fast it buzzes: decided in docs/bots.md (R-242).
PROFILES: dict[str, Profile] = {
    "easy": Profile((0.85, 0.75, 0.6, 0.5, 0.4), 1.0, (1500, 4000), (3000, 9000), 0.35, 0.3),
    "medium": Profile((0.97, 0.92, 0.85, 0.75, 0.65), 0.85, (900, 2500), (2000, 6000), 0.5, 0.5),
    "hard": Profile((0.99, 0.97, 0.94, 0.9, 0.85), 0.6, (500, 1400), (1200, 4000), 0.5, 0.7),
}


# ---------------------------------------------------------------- recognising questions


@cache
def _texts(colour: str) -> tuple[tuple[str, ...], ...]:
    return tuple(challenge.words(c.question(colour).text) for c in challenge.deck())


def recognise(colour: str, words: list[str] | tuple[str, ...]) -> str | None:
    """The full question text once ``words`` (the words read so far) fit only one
    question of ``colour`` in the deck; None while several still fit."""
    return _recognise(colour, tuple(words))


@lru_cache(maxsize=4096)
def _recognise(colour: str, words: tuple[str, ...]) -> str | None:
    k = len(words)
    fits = [t for t in _texts(colour) if tuple(t[:k]) == tuple(words)]
    if len(fits) == 1:
        return " ".join(fits[0])
    return None


@cache
def _general() -> dict[str, challenge.Question]:
    return {q.text: q for c in challenge.deck() for q in c.questions if not q.from_atlas}


# ---------------------------------------------------------------- atlas knowledge


def _state(name: str) -> atlas.StateFacts:
    return atlas.lookup(name)


def _ranked(key: Callable[[atlas.StateFacts], Any]) -> list[atlas.StateFacts]:
    return sorted(atlas.states(), key=key)


_NUM = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "eight": 8, "all": 0}
_ST = r"([A-Z][A-Za-z. ]+?)"

#: (pattern, answer function) -> (items, need): what the bot knows of the atlas.
_RULES: list[tuple[re.Pattern[str], Callable[..., tuple[list[str], int]]]] = []


def _rule(pattern: str) -> Callable[[Callable[..., tuple[list[str], int]]], Any]:
    def add(fn: Callable[..., tuple[list[str], int]]) -> Any:
        _RULES.append((re.compile(pattern + r"$"), fn))
        return fn

    return add


@_rule(rf"What is the capital of {_ST}\?")
def _capital(s: str) -> tuple[list[str], int]:
    return [_state(s).capital], 1


@_rule(r"(.+) is the capital of which state\?")
def _capital_of(c: str) -> tuple[list[str], int]:
    return [next(s.name for s in atlas.states() if s.capital == c)], 1


@_rule(rf"What is the two-letter postal code of {_ST}\?")
def _code(s: str) -> tuple[list[str], int]:
    return [_state(s).code], 1


@_rule(rf"In which time zone is all of {_ST}\?")
def _zone(s: str) -> tuple[list[str], int]:
    return [_state(s).time_zones[0]], 1


def _pick(a: str, b: str, key: Callable[[atlas.StateFacts], Any]) -> tuple[list[str], int]:
    return [max((_state(a), _state(b)), key=key).name], 1


@_rule(rf"Which state has the larger area, {_ST} or {_ST}\?")
def _larger(a: str, b: str) -> tuple[list[str], int]:
    return _pick(a, b, lambda s: s.area_sq_mi)


@_rule(rf"Which state had more people in the 2020 Census, {_ST} or {_ST}\?")
def _more(a: str, b: str) -> tuple[list[str], int]:
    return _pick(a, b, lambda s: s.population_2020)


@_rule(rf"Which became a state first, {_ST} or {_ST}\?")
def _first(a: str, b: str) -> tuple[list[str], int]:
    return _pick(a, b, lambda s: -s.statehood_rank)


@_rule(rf"Which state has more of its area covered by water, {_ST} or {_ST}\?")
def _wetter(a: str, b: str) -> tuple[list[str], int]:
    return _pick(a, b, lambda s: s.water_pct)


def _names(codes: Any) -> list[str]:
    return [atlas.by_code()[c].name for c in sorted(codes)]


@_rule(rf"Name (one|two|three|four|five) states that border {_ST}\.")
def _borders_some(n: str, s: str) -> tuple[list[str], int]:
    return _names(_state(s).borders), _NUM[n]


@_rule(rf"Name all (two|three|four|five) states that border {_ST}\.")
def _borders_all(n: str, s: str) -> tuple[list[str], int]:
    return _names(_state(s).borders), _NUM[n]


@_rule(rf"Which is the only state that borders {_ST}\?")
def _only_border(s: str) -> tuple[list[str], int]:
    return _names(_state(s).borders), 1


@_rule(rf"How many states border {_ST}\?")
def _border_count(s: str) -> tuple[list[str], int]:
    return [str(len(_state(s).borders))], 1


@_rule(rf"Which state borders both {_ST} and {_ST}\?")
def _border_both(a: str, b: str) -> tuple[list[str], int]:
    return _names(set(_state(a).borders) & set(_state(b).borders)), 1


@_rule(r"Name the two states that border no other state\.")
def _no_border() -> tuple[list[str], int]:
    return [s.name for s in atlas.states() if not s.borders], 2


@_rule(r"Which two states each border (\w+) other states\?")
def _most(n: str) -> tuple[list[str], int]:
    k = int(n) if n.isdigit() else _NUM.get(n, -1)
    return [s.name for s in atlas.states() if len(s.borders) == k], 2


@_rule(rf"What is the (largest|second-largest) (?:incorporated )?(?:city|census place) in {_ST}\?")
def _city(which: str, s: str) -> tuple[list[str], int]:
    cities = sorted(_state(s).top_cities, key=lambda c: -c.population)
    return [cities[0 if which == "largest" else 1].name], 1


@_rule(rf"Name (two|three) of the five largest (?:incorporated cities|census places) in {_ST}\.")
def _cities(n: str, s: str) -> tuple[list[str], int]:
    return [c.name for c in _state(s).top_cities], _NUM[n]


@_rule(r"Name two states whose capital is also their largest city\.")
def _capital_largest() -> tuple[list[str], int]:
    return [
        s.name
        for s in atlas.states()
        if max(s.top_cities, key=lambda c: c.population).name == s.capital
    ], 2


@_rule(rf"What is the state bird of {_ST}\?")
def _bird(s: str) -> tuple[list[str], int]:
    return [_state(s).bird], 1


@_rule(rf"What is the state flower of {_ST}\?")
def _flower(s: str) -> tuple[list[str], int]:
    return [_state(s).flower], 1


@_rule(r"Name (two|three) states whose state bird is the (.+)\.")
def _bird_states(n: str, bird: str) -> tuple[list[str], int]:
    return [s.name for s in atlas.states() if s.bird == bird], _NUM[n]


@_rule(r"Name both states whose state flower is the (.+)\.")
def _flower_states(fl: str) -> tuple[list[str], int]:
    return [s.name for s in atlas.states() if s.flower == fl], 2


@_rule(r'Which state is nicknamed "(.+)"\?')
def _nickname(nick: str) -> tuple[list[str], int]:
    return [next(s.name for s in atlas.states() if s.nickname == nick)], 1


@_rule(rf"What is the nickname of {_ST} on its GeoPlunge card\?")
def _nickname_of(s: str) -> tuple[list[str], int]:
    return [_state(s).nickname], 1


@_rule(rf"In what year did {_ST} become a state\?")
def _year(s: str) -> tuple[list[str], int]:
    return [_state(s).statehood_date[:4]], 1


@_rule(r"Which state was the (first|50th and last|\d+(?:st|nd|rd|th)) to join the Union\?")
def _nth(nth: str) -> tuple[list[str], int]:
    rank = {"first": 1, "50th and last": 50}.get(nth) or int(re.sub(r"\D", "", nth))
    return [s.name for s in atlas.states() if s.statehood_rank == rank], 1


@_rule(rf"In order of statehood, what number state was {_ST} \(1 for the first\)\?")
def _rank(s: str) -> tuple[list[str], int]:
    return [str(_state(s).statehood_rank)], 1


@_rule(rf"Who was President when {_ST} became a state\?")
def _patos(s: str) -> tuple[list[str], int]:
    return [_state(s).patos], 1


@_rule(r"Name (two|three) states that joined the Union while (.+) was President\.")
def _patos_states(n: str, p: str) -> tuple[list[str], int]:
    return [s.name for s in atlas.states() if s.patos == p], _NUM[n]


@_rule(rf"How many electoral votes did {_ST} have in the 2024 election\?")
def _ev(s: str) -> tuple[list[str], int]:
    return [str(_state(s).electoral_votes)], 1


@_rule(rf"Where does {_ST} rank in area among the 50 states \(1 is the largest\)\?")
def _area_rank(s: str) -> tuple[list[str], int]:
    return [str(_state(s).area_rank)], 1


@_rule(rf"Where did {_ST} rank in population in the 2020 Census \(1 is the most people\)\?")
def _pop_rank(s: str) -> tuple[list[str], int]:
    return [str(_state(s).population_rank)], 1


@_rule(r"Which is the (largest|second-largest|smallest) state by area\?")
def _area_nth(which: str) -> tuple[list[str], int]:
    by = _ranked(lambda s: -s.area_sq_mi)
    return [{"largest": by[0], "second-largest": by[1], "smallest": by[-1]}[which].name], 1


@_rule(r"Which state had the (most|fewest) people in the 2020 Census\?")
def _pop_nth(which: str) -> tuple[list[str], int]:
    by = _ranked(lambda s: -s.population_2020)
    return [(by[0] if which == "most" else by[-1]).name], 1


@_rule(r"Name two states that are split between the (\w+) and (\w+) time zones\.")
def _split(a: str, b: str) -> tuple[list[str], int]:
    return [s.name for s in atlas.states() if set(s.time_zones) == {a, b}], 2


def atlas_answer(text: str) -> tuple[list[str], int] | None:
    """The answer the bot works out from the atlas for a question text: (valid items,
    how many to name); None if the text is not an atlas question it can parse."""
    for pattern, fn in _RULES:
        m = pattern.match(text)
        if m:
            try:
                return fn(*m.groups())
            except (KeyError, StopIteration, ValueError, IndexError):
                return None
    return None


def _two_names(text: str) -> list[str]:
    m = re.search(rf", {_ST} or {_ST}\?$", text)
    return [m.group(1), m.group(2)] if m else []


# ---------------------------------------------------------------- the bot


class ChummyBot:
    """A computer team. ``seed`` fixes its rolls (what it knows, how fast it is)."""

    def __init__(self, difficulty: str = "medium", seed: int = 0) -> None:
        if difficulty not in PROFILES:
            raise ValueError(f"difficulty is one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
        self.difficulty = difficulty
        self.profile = PROFILES[difficulty]
        self.seed = seed

    def _rng(self, *key: Any) -> random.Random:
        return random.Random(f"chummy:{self.seed}:{self.difficulty}:" + ":".join(map(str, key)))

    def choose(self, ctx: BotContext) -> Move | None:
        v: Mapping[str, Any] = ctx.view
        seat = ctx.seat
        if seat not in (0, 1) or ctx.legal.is_empty():
            return None
        now = ctx.now if ctx.now is not None else 0
        phase = v["phase"]
        # a listed space (Moves) gives its kinds; the open one is the answer space
        kinds = {m.kind for m in ctx.legal} if isinstance(ctx.legal, Moves) else {"answer"}
        if phase == "plunge" and "plunge" in kinds:
            r = self._rng("plunge")
            at = max(now, r.randint(800, 4200))
            return Move(seat, "plunge", r.random() < self.profile.plunge, at)
        if phase == "seat" and "geoplunger" in kinds:
            free = sorted(m.data for m in ctx.legal)
            return Move(seat, "geoplunger", free[0], now + 400)
        cur = v.get("current") or {}
        if phase in ("read", "window") and "buzz" in kinds:
            plan = self._plan(v, cur)
            if plan is None:
                return None
            at, _ = plan
            return Move(seat, "buzz", None, max(now, at))
        if phase == "answer" and "answer" in kinds:
            plan = self._plan(v, cur)
            r = self._rng("think", cur.get("number"), " ".join(cur.get("words", [])))
            delay = r.randint(*self.profile.think_ms)
            since = (v["current"].get("deadline") or now) - v["timing"]["answer_ms"]
            answer = plan[1] if plan else self._guess(cur, r)
            return Move(seat, "answer", answer, max(now, since + delay))
        return None

    def knows(self, number: Any, colour: str, words: list[str] | tuple[str, ...]) -> bool:
        """Whether the bot knows the answer to question ``number`` (of ``colour``) once it
        recognises it from ``words`` (the words read so far): its own roll, the same one
        :meth:`choose` makes."""
        text = next(
            (t for k in range(1, len(words) + 1) if (t := recognise(colour, words[:k]))), None
        )
        if text is None:
            return False
        r = self._rng("q", number, text)
        return r.random() < self.profile.know[challenge.COLOURS.index(colour)]

    # The plan for the question being read: (buzz time, answer) or None (stay silent).
    def _plan(self, v: Mapping[str, Any], cur: Mapping[str, Any]) -> tuple[int, Any] | None:
        colour, words, start = cur.get("colour"), cur.get("words") or [], cur.get("start")
        if colour is None or start is None:
            return None
        word_ms = v["timing"]["word_ms"]
        text = None
        known_at = None
        for k in range(1, len(words) + 1):
            text = recognise(colour, words[:k])
            if text is not None:
                known_at = k
                break
        if text is None or known_at is None:
            return None
        full = challenge.words(text)
        r = self._rng("q", cur.get("number"), text)
        knows = r.random() < self.profile.know[challenge.COLOURS.index(colour)]
        react = r.randint(*self.profile.react_ms)
        bold = r.random() < self.profile.bold
        patience = self.profile.patience * r.uniform(0.8, 1.0)
        wait_words = max(known_at, math.ceil(patience * len(full)))
        at = start + (wait_words - 1) * word_ms + react
        if knows:
            return at, self._answer(text, r)
        if not bold:
            return None
        return start + len(full) * word_ms + react + 2000, self._guess_text(text, r)

    def _answer(self, text: str, r: random.Random) -> Any:
        found = atlas_answer(text)
        if found is not None:
            items, need = found
        else:
            q = _general().get(text)
            if q is None:
                return "I don't know"
            items, need = [i[0] for i in q.answers], q.need
        pick = r.sample(items, need) if need <= len(items) else items
        return pick[0] if need == 1 else pick

    def _guess_text(self, text: str, r: random.Random) -> Any:
        """A guess without knowing: plausible, sometimes lucky, never read off the card."""
        two = _two_names(text)
        if two:
            return r.choice(two)
        need = 1
        m = re.match(r"Name (?:all )?(two|three|four|five|both)", text)
        if m:
            need = {"both": 2}.get(m.group(1), _NUM.get(m.group(1), 1))
        if re.search(r"\b(How many|what year|what number|rank)\b", text, re.IGNORECASE):
            return str(r.randint(1, 50))
        states = [s.name for s in atlas.states()]
        if "capital" in text and "which state" not in text:
            states = [s.capital for s in atlas.states()]
        pick = r.sample(states, need)
        return pick[0] if need == 1 else pick

    def _guess(self, cur: Mapping[str, Any], r: random.Random) -> Any:
        text = recognise(cur.get("colour") or "red", cur.get("words") or []) or " ".join(
            cur.get("words") or []
        )
        return self._guess_text(text, r)


def team(difficulty: str, seed: str) -> ChummyBot:
    """This game's computer team in a match (``cardroom.games`` names it): seeded by the
    match's text ``seed`` for its game and team."""
    return ChummyBot(difficulty, zlib.crc32(seed.encode()))

"""Chummy Challenge (GeoPlunge Game 5) at Levels 3 and 4: the engine (v2 protocol).

A series of up to three challenges between two teams (seats 0 and 1, one seat a team)
with the table's clock as :data:`~cardroom.core.REFEREE`:

1. **GeoPlunging** (once, before the first challenge): each team decides secretly within
   the 5-second count (move ``plunge``, R-8); the clock's ``count`` ends it.
2. **Each challenge**: each team names its GeoPlunger (``geoplunger``: player 0, 1 or 2,
   a different one each challenge, R-62). The dealer (the clock) turns the top Power and
   Challenge cards without showing them and asks (``ask``): at Level 3 the square's
   colour (red or blue); at Level 4 one of the circles, the dealer's pick given as the
   circle's index (R-63). The question is read word by word (``read``, one word every
   ``word_ms``). Either team may buzz (``buzz``) at any moment; the reading stops.
   A buzz by the other team within ``window_ms`` of the first is simultaneous (R-64):
   both answer secretly, one right wins, otherwise a tie. A lone buzzer answers
   (``answer``, teammates confer): right wins, wrong gives the challenge to the other
   team. No buzz within ``wait_ms`` (15 s) of the full question: a tie (``time``).
   A team that does not answer within ``answer_ms`` has answered wrong (R-65).
3. **The game**: as in Dashing States. Two wins in the first two challenges win with the
   bonus; two ties end the game in a tie; otherwise a third challenge, and the game is a
   tie unless a team has won two (R-66). Used cards go to the bottom of their decks.

Every move carries its time ``at`` (ms on the table clock); a move timed after a deadline
the clock has not called yet is judged after that deadline, and recorded as late when it
no longer applies (R-10, R-67). Views never show the unread words, the answer, the cards
or the other team's secret choices before their time (R-68).

Moves (all with ``at``): teams ``plunge`` true/false, ``geoplunger`` 0-2, ``buzz``,
``answer`` (a text, or a list of texts, one per answer box); the clock (``REFEREE``)
``count``, ``ask`` 0/1, ``read``, ``close`` and ``time``, each due at
``deadline(state)``. Options: ``level`` (3 or 4), ``word_ms``, ``window_ms``,
``wait_ms``, ``answer_ms``, ``count_ms``, and ``pin`` (see :meth:`ChummyChallenge.pin`).

The view: ``phase`` (plunge, seat, ask, read, window, answer, over), ``plunge`` (each
team's decision, ``"hidden"`` during the count), ``geoplungers`` used per team,
``current`` (``colour``, ``start``, the ``words`` read so far, ``finished_reading``,
``buzzes`` as ``[team, at]``, the teams ``answering``, ``my_answer``, the clock's
``deadline`` once it is shown), ``challenges`` (finished ones in full: question, answer,
source, Power card, answers with verdicts, winner, ``how``), ``score`` (challenges won)
and, at the end, ``result`` (winner, bonus, points and the scoring lines).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Any

from .. import scoring
from ..core import (
    REFEREE,
    Fields,
    Game,
    IllegalMove,
    MalformedMove,
    Move,
    Moves,
    MoveSpace,
    Rng,
    thaw,
)
from . import challenge, decks

__all__ = [
    "GAME",
    "LEVELS",
    "PLAYERS",
    "ChummyChallenge",
    "ChummyState",
    "Round",
    "Timing",
]

LEVELS = (3, 4)
#: Players per team; each challenge needs a different GeoPlunger (R-62).
PLAYERS = 3
PHASES = ("plunge", "seat", "ask", "read", "window", "answer", "over")
HOW = ("right", "wrong", "both", "silence", "unanswered")


@dataclass(frozen=True, slots=True)
class Timing:
    word_ms: int = 400  # one word read aloud
    window_ms: int = 300  # simultaneous buzzes
    wait_ms: int = 15_000  # "within 15 seconds after the question is read"
    answer_ms: int = 30_000  # to answer after a buzz
    count_ms: int = 5_000  # "Are you GeoPlunging?" count

    def to_json(self) -> dict[str, int]:
        return {
            "word_ms": self.word_ms,
            "window_ms": self.window_ms,
            "wait_ms": self.wait_ms,
            "answer_ms": self.answer_ms,
            "count_ms": self.count_ms,
        }


_TIMING_LIMITS = {
    "word_ms": (50, 5_000),
    "window_ms": (0, 2_000),
    "wait_ms": (1_000, 120_000),
    "answer_ms": (1_000, 600_000),
    "count_ms": (1_000, 60_000),
}


@dataclass(frozen=True, slots=True)
class Answer:
    team: int
    text: Any  # str or tuple of str, as typed
    at: int
    correct: bool | None  # None until judged

    def to_json(self) -> dict[str, Any]:
        return {"team": self.team, "text": thaw(self.text), "at": self.at, "correct": self.correct}


@dataclass(frozen=True, slots=True)
class Round:
    """One challenge: the cards, the reading, the buzzes and the answers."""

    card: int  # Challenge card id
    power: str  # Power card id
    plungers: tuple[int | None, int | None]  # each team's GeoPlunger (player index)
    pick: int | None = None  # the dealer's circle; None until asked
    colour: str | None = None
    start: int | None = None  # when the first word was read
    read: int = 0  # words read so far
    buzzes: tuple[tuple[int, int], ...] = ()  # (team, at), first first
    heard: int = 0  # words read when the first buzz came
    answering: tuple[int, ...] = ()  # teams that must answer
    answer_from: int | None = None  # answers are due answer_ms after this
    answers: tuple[Answer, ...] = ()
    winner: int | None = None
    how: str | None = None  # once over: one of HOW
    end: int | None = None

    @property
    def over(self) -> bool:
        return self.how is not None

    def question(self) -> challenge.Question:
        assert self.colour is not None
        return challenge.question(self.card, self.colour)

    def words(self) -> tuple[str, ...]:
        return challenge.words(self.question().text)


@dataclass(frozen=True, slots=True)
class ChummyState:
    rng: Rng
    level: int
    timing: Timing
    challenges: tuple[int, ...]  # the Challenge deck, top first (used cards at the bottom)
    powers: tuple[str, ...]  # the Power deck, top first
    now: int
    phase: str
    plunge: tuple[tuple[bool, int] | None, tuple[bool, int] | None]  # (choice, at)
    rounds: tuple[Round, ...]  # finished challenges, then the current one
    late: tuple[tuple[int, str, int], ...] = ()  # (seat, kind, at) of moves past a deadline

    @property
    def current(self) -> Round | None:
        if self.rounds and not self.rounds[-1].over:
            return self.rounds[-1]
        return None


# ---------------------------------------------------------------- the answer move space


@cache
def _guess_pool() -> tuple[str, ...]:
    """Public texts a random player might type: states, capitals, some answers, nonsense.
    Nothing here depends on a game's hidden cards."""
    from .. import atlas

    pool = {s.name for s in atlas.states()} | {s.capital for s in atlas.states()}
    for c in challenge.deck()[::7]:
        pool.update(c.questions[0].printed)
    pool.update(("I don't know", "1776", "12", "Pacific Ocean", ""))
    return tuple(sorted(pool))


class AnswerSpace(MoveSpace):
    """Any typed answer of a team that must answer: one text or a list of texts."""

    def __init__(self, seat: int, at: int) -> None:
        self.seat = seat
        self.at = at

    def __contains__(self, move: object) -> bool:
        return (
            isinstance(move, Move)
            and move.seat == self.seat
            and move.kind == "answer"
            and _answer_ok(move.data)
        )

    def sample(self, rng: random.Random) -> Move:
        pool = _guess_pool()
        if rng.random() < 0.7:
            data: Any = rng.choice(pool)
        else:
            data = [rng.choice(pool) for _ in range(rng.randint(1, 4))]
        return Move(self.seat, "answer", data, self.at)

    def is_empty(self) -> bool:
        return False

    def signature(self) -> Any:
        return ("answer", self.seat)


def _answer_ok(data: Any) -> bool:
    if isinstance(data, str):
        return len(data) <= challenge.MAX_ANSWER_CHARS
    return (
        isinstance(data, tuple)
        and 1 <= len(data) <= challenge.MAX_PARTS
        and all(isinstance(x, str) and len(x) <= challenge.MAX_ANSWER_CHARS for x in data)
    )


# ---------------------------------------------------------------- the game


def _other(team: int) -> int:
    return 1 - team


class ChummyChallenge(Game):
    slug = "chummy-challenge"
    title = "Chummy Challenge"
    state_type = ChummyState

    # ------------------------------------------------------------ dealing

    def new(self, seed: int, **options: Any) -> ChummyState:
        opts = dict(options)
        level = opts.pop("level", 4)
        if level not in LEVELS or isinstance(level, bool):
            raise ValueError(f"level must be 3 or 4, not {level!r}")
        timing = {}
        for key, (lo, hi) in _TIMING_LIMITS.items():
            if key in opts:
                v = opts.pop(key)
                if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
                    raise ValueError(f"{key} must be a whole number of ms from {lo} to {hi}")
                timing[key] = v
        pin = opts.pop("pin", None)
        carried = _read_carry(opts.pop("carry", None))
        if opts:
            raise ValueError(f"unknown options: {', '.join(sorted(opts))}")
        rng = Rng.from_seed(seed)
        cards = [c.id for c in challenge.deck()]
        powers = [p.id for p in decks.power_deck()]
        cpin, ppin = _read_pin(pin, cards, powers)
        try:
            if carried is not None:
                # The Challenge deck is not shuffled within a match: it goes on
                # from where the match's previous Chummy Challenge left it.
                if any(carried[i] != c for i, c in cpin.items()):
                    raise ValueError("the pinned cards are not where the carried deck has them")
                deck = carried
            else:
                deck, rng = rng.shuffle_pinned(cards, cpin)
            pdeck, rng = rng.shuffle_pinned(powers, ppin)
        except ValueError as exc:
            raise ValueError(f"bad pin: {exc}") from None
        return ChummyState(
            rng=rng,
            level=level,
            timing=Timing(**timing),
            challenges=deck,
            powers=pdeck,
            now=0,
            phase="plunge",
            plunge=(None, None),
            rounds=(),
        )

    # ------------------------------------------------------------ seats and turns

    def num_seats(self, state: ChummyState) -> int:
        return 2

    def to_move(self, state: ChummyState) -> frozenset[int]:
        return frozenset(s for s in (0, 1, REFEREE) if self._legal(state, s))

    def legal_moves(self, state: ChummyState, seat: int) -> MoveSpace:
        return self._legal(state, seat) or Moves()

    def _legal(self, s: ChummyState, seat: int) -> MoveSpace | None:
        ph, now = s.phase, s.now
        r = s.current if s.rounds else None
        if seat == REFEREE:
            due = self.deadline(s)
            if ph == "plunge":
                return Moves([Move(REFEREE, "count", None, max(now, due or 0))])
            if ph == "ask":
                picks = (0, 1) if s.level == 4 else (0,)
                return Moves(Move(REFEREE, "ask", i, now) for i in picks)
            if ph == "read":
                assert r is not None and due is not None
                kind = "read" if r.read < len(r.words()) else "time"
                return Moves([Move(REFEREE, kind, None, max(now, due))])
            if ph == "window":
                return Moves([Move(REFEREE, "close", None, max(now, due or 0))])
            if ph == "answer":
                return Moves([Move(REFEREE, "time", None, max(now, due or 0))])
            return None
        if seat not in (0, 1):
            return None
        if ph == "plunge":
            if s.plunge[seat] is None:
                return Moves(Move(seat, "plunge", b, now) for b in (True, False))
            return None
        if ph == "seat":
            assert r is not None
            if r.plungers[seat] is None:
                used = _used(s, seat)
                return Moves(
                    Move(seat, "geoplunger", p, now) for p in range(PLAYERS) if p not in used
                )
            return None
        if ph == "read":
            return Moves([Move(seat, "buzz", None, now)])
        if ph == "window":
            assert r is not None
            if all(t != seat for t, _ in r.buzzes):
                return Moves([Move(seat, "buzz", None, now)])
            return None
        if ph == "answer":
            assert r is not None
            if seat in r.answering and all(a.team != seat for a in r.answers):
                return AnswerSpace(seat, now)
            return None
        return None

    # ------------------------------------------------------------ time

    def deadline(self, s: ChummyState) -> int | None:
        """When the clock next acts on its own (None: it waits for the teams)."""
        t = s.timing
        r = s.current
        if s.phase == "plunge":
            return t.count_ms
        if s.phase == "read":
            assert r is not None and r.start is not None
            n = len(r.words())
            if r.read < n:
                return r.start + r.read * t.word_ms
            return r.start + n * t.word_ms + t.wait_ms
        if s.phase == "window":
            assert r is not None
            return r.buzzes[0][1] + t.window_ms
        if s.phase == "answer":
            assert r is not None and r.answer_from is not None
            return r.answer_from + t.answer_ms
        return None

    def _advance(self, s: ChummyState, at: int) -> ChummyState:
        """Let the clock act on every deadline up to ``at`` (R-67)."""
        for _ in range(200):
            due = self.deadline(s)
            if due is None or due > at:
                break
            s = self._on_deadline(s, due)
        return s

    def _on_deadline(self, s: ChummyState, due: int) -> ChummyState:
        r = s.current
        if s.phase == "plunge":
            return self._begin_challenge(replace(s, now=max(s.now, due)))
        assert r is not None
        if s.phase == "read":
            n = len(r.words())
            if r.read < n:
                assert r.start is not None
                # Every word due by now is read at once.
                k = min(n, (due - r.start) // s.timing.word_ms + 1)
                return self._set(
                    replace(s, now=max(s.now, due)), replace(r, read=max(k, r.read + 1))
                )
            return self._finish(replace(s, now=max(s.now, due)), r, None, "silence", due)
        if s.phase == "window":
            r2 = replace(r, answering=(r.buzzes[0][0],), answer_from=due)
            return replace(self._set(s, r2), phase="answer", now=max(s.now, due))
        if s.phase == "answer":
            return self._judge(replace(s, now=max(s.now, due)), r, due)
        raise AssertionError(s.phase)

    # ------------------------------------------------------------ moving

    def _apply(self, state: ChummyState, move: Move) -> ChummyState:
        s = state
        m = move
        kind, data, seat = m.kind, m.data, m.seat
        if kind not in ("plunge", "geoplunger", "buzz", "answer", "count", "ask", "read",
                        "close", "time"):  # fmt: skip
            raise MalformedMove(f"Chummy Challenge has no move {kind!r}")
        if m.at is None:
            raise MalformedMove("every Chummy Challenge move carries its time (at)")
        if kind == "plunge" and not isinstance(data, bool):
            raise MalformedMove("plunge is true or false")
        if kind == "geoplunger" and (isinstance(data, bool) or data not in range(PLAYERS)):
            raise MalformedMove(f"geoplunger names player 0..{PLAYERS - 1}")
        if kind == "ask" and (isinstance(data, bool) or data not in (0, 1)):
            raise MalformedMove("ask names circle 0 or 1")
        if kind == "answer" and not _answer_ok(data):
            raise MalformedMove("an answer is a text or a list of up to 8 texts")
        if kind in ("buzz", "count", "read", "close", "time") and data is not None:
            raise MalformedMove(f"{kind} carries no data")
        space = self._legal(s, seat)
        if space is None or m not in space:
            raise IllegalMove(f"seat {seat} may not {kind} now")
        at = m.at
        if seat == REFEREE:
            if kind == "ask":
                return self._ask(replace(s, now=at), data, at)
            due = self.deadline(s)
            if due is None or at < due:
                raise IllegalMove(f"the clock calls {kind} at {due} ms, not before")
            return replace(self._advance(s, at), now=at)
        s = self._advance(s, at)
        still = self._legal(s, seat)
        if still is None or m.with_time(None) not in still or s.phase != state.phase:
            # The deadline came first: the move is recorded and no longer applies.
            return replace(s, now=at, late=(*s.late, (seat, kind, at)))
        r = s.current
        if kind == "plunge":
            # A secret decision does not move the table clock.
            plunge = list(s.plunge)
            plunge[seat] = (data, at)
            s = replace(s, plunge=(plunge[0], plunge[1]))
            if plunge[0] is not None and plunge[1] is not None:
                s = self._begin_challenge(replace(s, now=max(s.now, plunge[0][1], plunge[1][1])))
            return s
        if kind == "answer" and r is not None and len(r.answering) == 2:
            # A secret answer does not move the clock either, until both are in.
            r = replace(r, answers=(*r.answers, Answer(seat, data, at, None)))
            if len(r.answers) < 2:
                return self._set(s, r)
            last = max(a.at for a in r.answers)
            return self._judge(replace(s, now=max(s.now, last)), r, last)
        s = replace(s, now=at)
        assert r is not None
        if kind == "geoplunger":
            pl = list(r.plungers)
            pl[seat] = data
            r = replace(r, plungers=(pl[0], pl[1]))
            s = self._set(s, r)
            if all(p is not None for p in r.plungers):
                s = replace(s, phase="ask")
            return s
        if kind == "buzz":
            if s.phase == "read":
                r = replace(r, buzzes=((seat, at),), heard=r.read)
                return replace(self._set(s, r), phase="window")
            # A second buzz inside the window: both answer secretly.
            r = replace(r, buzzes=(*r.buzzes, (seat, at)), answering=(0, 1), answer_from=at)
            return replace(self._set(s, r), phase="answer")
        if kind == "answer":
            r = replace(r, answers=(Answer(seat, data, at, None),))
            return self._judge(s, r, at)
        raise AssertionError(kind)

    # ------------------------------------------------------------ steps of a challenge

    def _set(self, s: ChummyState, r: Round) -> ChummyState:
        return replace(s, rounds=(*s.rounds[:-1], r))

    def _begin_challenge(self, s: ChummyState) -> ChummyState:
        r = Round(card=s.challenges[0], power=s.powers[0], plungers=(None, None))
        return replace(s, phase="seat", rounds=(*s.rounds, r))

    def _ask(self, s: ChummyState, pick: int, at: int) -> ChummyState:
        r = s.current
        assert r is not None
        colour = _colour(s.level, r.power, pick)
        r = replace(r, pick=pick, colour=colour, start=at, read=1)
        return replace(self._set(s, r), phase="read")

    def _judge(self, s: ChummyState, r: Round, at: int) -> ChummyState:
        q = r.question()
        judged = tuple(
            replace(a, correct=challenge.check(q, _as_response(a.text)).correct) for a in r.answers
        )
        right = {a.team for a in judged if a.correct}
        r = replace(r, answers=judged)
        if len(r.answering) == 2:
            winner = right.pop() if len(right) == 1 else None
            return self._finish(s, r, winner, "both", at)
        team = r.answering[0]
        if not judged:
            return self._finish(s, r, _other(team), "unanswered", at)
        if team in right:
            return self._finish(s, r, team, "right", at)
        return self._finish(s, r, _other(team), "wrong", at)

    def _finish(
        self, s: ChummyState, r: Round, winner: int | None, how: str, at: int
    ) -> ChummyState:
        r = replace(r, winner=winner, how=how, end=at)
        s = self._set(s, r)
        # Used cards go to the bottom of their decks.
        s = replace(
            s,
            challenges=(*s.challenges[1:], s.challenges[0]),
            powers=(*s.powers[1:], s.powers[0]),
        )
        if _decided(tuple(x.winner for x in s.rounds)) is not None:
            return replace(s, phase="over")
        return self._begin_challenge(s)

    # ------------------------------------------------------------ the result

    def carry_out(self, state: ChummyState) -> dict[str, Any]:
        """What this game hands on to the match's next Chummy Challenge: the Challenge
        deck in its order, used cards at the bottom (``new(..., carry=...)``)."""
        return {"challenges": list(state.challenges)}

    def is_over(self, state: ChummyState) -> bool:
        return state.phase == "over"

    def outcome(self, state: ChummyState) -> tuple[int | None, bool]:
        """(winner or None for a tie, bonus) of a finished game (R-66)."""
        res = _decided(tuple(r.winner for r in state.rounds))
        if res is None:
            raise ValueError("the game is not over")
        return res

    def plunged(self, state: ChummyState) -> tuple[bool, bool]:
        return (
            bool(
                state.plunge[0]
                and state.plunge[0][0]
                and state.plunge[0][1] < state.timing.count_ms
            ),
            bool(
                state.plunge[1]
                and state.plunge[1][0]
                and state.plunge[1][1] < state.timing.count_ms
            ),
        )

    def points(self, state: ChummyState) -> tuple[int, ...]:
        if not self.is_over(state):
            return (0, 0)
        winner, bonus = self.outcome(state)
        return scoring.score(winner, bonus, self.plunged(state))

    # ------------------------------------------------------------ information

    def view(self, state: ChummyState, seat: int) -> dict[str, Any]:
        s = state
        mine = seat if seat in (0, 1) else None
        revealed = s.phase != "plunge"
        plunge: list[bool | str | None] = []
        for team in (0, 1):
            p = s.plunge[team]
            if revealed or team == mine:
                plunge.append(None if p is None else p[0])
            else:
                plunge.append("hidden")
        out: dict[str, Any] = {
            "game": self.slug,
            "level": s.level,
            "seat": seat,
            "phase": s.phase,
            "timing": s.timing.to_json(),
            "colours": list(challenge.LEVEL_COLOURS[s.level]),
            "plunge": plunge,
            "plunge_deadline": s.timing.count_ms,
            "geoplungers": [list(_used(s, t)) for t in (0, 1)],
            "players": PLAYERS,
            "challenges": [_round_public(r) for r in s.rounds if r.over],
            "current": None,
            "late": [list(x) for x in s.late],
            "deck": {"challenge": len(s.challenges), "power": len(s.powers)},
            "score": [sum(r.winner == t for r in s.rounds if r.over) for t in (0, 1)],
        }
        r = s.current
        if r is not None:
            cur: dict[str, Any] = {
                "number": len(s.rounds),
                "geoplungers": list(r.plungers),
                "colour": r.colour,
                "start": r.start,
                "words": [],
                "finished_reading": False,
                "buzzes": [list(b) for b in r.buzzes],
                "answering": list(r.answering),
                "my_answer": None,
                "deadline": None,
            }
            if r.colour is not None:
                words = r.words()
                shown = r.heard if r.buzzes else r.read
                cur["words"] = list(words[:shown])
                cur["finished_reading"] = shown == len(words)
                if s.phase in ("read", "window", "answer") and (
                    s.phase != "read" or r.read == len(words)
                ):
                    cur["deadline"] = self.deadline(s)
            for a in r.answers:
                if a.team == mine:
                    cur["my_answer"] = thaw(a.text)
            out["current"] = cur
        if s.phase == "over":
            winner, bonus = self.outcome(s)
            out["result"] = {
                "winner": winner,
                "bonus": bonus,
                "plunged": list(self.plunged(s)),
                "points": list(self.points(s)),
                "lines": [ln.to_json() for ln in scoring.breakdown(winner, bonus, self.plunged(s))],
            }
            # The table kit's result panel reads the same lines as ``scoring``.
            out["result"]["scoring"] = out["result"]["lines"]
        return out

    def resample(self, state: ChummyState, seat: int, rng: Rng) -> ChummyState:
        """Re-draw all that ``seat`` cannot see: the decks below the used cards, the current
        cards (consistent with the words read and the colour asked), the other team's secret
        GeoPlunging decision or answer, and the state's generator."""
        s = state
        mine = seat if seat in (0, 1) else None
        used = [r for r in s.rounds if r.over]
        r = s.current
        # The decks: used cards sit at the bottom in the order used.
        used_cards = [x.card for x in used]
        used_powers = [x.power for x in used]
        free_cards = sorted(set(s.challenges) - set(used_cards))
        free_powers = sorted(set(s.powers) - set(used_powers))
        cur_card = cur_power = None
        if r is not None:
            if r.colour is not None:
                words = r.words()
                shown = r.heard if r.buzzes else r.read
                done = shown == len(words)
                prefix = words[:shown]
                free = set(free_cards)
                fits = [c for c in _fitting(r.colour, prefix, done) if c in free]
                k, rng = rng.below(len(fits))
                cur_card = fits[k]
                pfits = [p for p in free_powers if _colour(s.level, p, r.pick or 0) == r.colour]
                k, rng = rng.below(len(pfits))
                cur_power = pfits[k]
            else:
                k, rng = rng.below(len(free_cards))
                cur_card = free_cards[k]
                k, rng = rng.below(len(free_powers))
                cur_power = free_powers[k]
        rest_c = [c for c in free_cards if c != cur_card]
        rest_p = [p for p in free_powers if p != cur_power]
        rest_c2, rng = rng.shuffle(rest_c)
        rest_p2, rng = rng.shuffle(rest_p)
        top_c = ([cur_card] if cur_card is not None else []) + list(rest_c2)
        top_p = ([cur_power] if cur_power is not None else []) + list(rest_p2)
        challenges = tuple(top_c + used_cards)
        powers = tuple(top_p + used_powers)
        # Secret GeoPlunging decisions during the count.
        plunge = s.plunge
        if s.phase == "plunge":
            pl: list[tuple[bool, int] | None] = []
            for team in (0, 1):
                if team == mine:
                    pl.append(s.plunge[team])
                    continue
                if mine is not None and s.plunge[mine] is not None:
                    pl.append(None)  # both decided would have ended the count
                    continue
                if mine is None and pl and pl[0] is not None:
                    pl.append(None)
                    continue
                k, rng = rng.below(3)
                if k == 0:
                    pl.append(None)
                else:
                    t, rng = rng.below(max(1, s.timing.count_ms - s.now))
                    pl.append((k == 1, s.now + t))
            plunge = (pl[0], pl[1])
        rounds = s.rounds
        if r is not None:
            r2 = replace(r, card=cur_card, power=cur_power)  # type: ignore[arg-type]
            if s.phase == "answer" and len(r.answering) == 2:
                # The other team's secret answer.
                answers: list[Answer] = [a for a in r.answers if a.team == mine]
                for team in (0, 1):
                    if team == mine or (mine is None and answers):
                        continue
                    if mine is not None and answers:
                        continue  # both answered would have been judged
                    k, rng = rng.below(2)
                    if k:
                        due = (r.answer_from or 0) + s.timing.answer_ms
                        t, rng = rng.below(max(1, due - s.now))
                        g, rng = rng.below(len(_guess_pool()))
                        answers.append(Answer(team, _guess_pool()[g], s.now + t, None))
                answers.sort(key=lambda a: (a.at, a.team))
                r2 = replace(r2, answers=tuple(answers))
            rounds = (*s.rounds[:-1], r2)
        seed, rng = rng.next64()
        return replace(
            s,
            rng=Rng(seed),
            challenges=challenges,
            powers=powers,
            plunge=plunge,
            rounds=rounds,
        )

    def pin(self, state: ChummyState, seat: int) -> dict[str, Any]:
        """Pin every card drawn so far (used or being read) to its place in the deal."""
        cpin: dict[str, int] = {}
        ppin: dict[str, str] = {}
        for i, r in enumerate(state.rounds):
            cpin[str(i)] = r.card
            ppin[str(i)] = r.power
        return {"pin": {"challenge": cpin, "power": ppin}}

    # ------------------------------------------------------------ saving

    def state_to_json(self, state: ChummyState) -> dict[str, Any]:
        s = state
        return {
            "game": self.slug,
            "rng": s.rng.state,
            "level": s.level,
            "timing": s.timing.to_json(),
            "challenges": list(s.challenges),
            "powers": list(s.powers),
            "now": s.now,
            "phase": s.phase,
            "plunge": [None if p is None else [p[0], p[1]] for p in s.plunge],
            "rounds": [_round_json(r) for r in s.rounds],
            "late": [list(x) for x in s.late],
        }

    def state_from_json(self, obj: Any) -> ChummyState:
        # (Game.__init_subclass__ turns anything but CorruptState raised here into one)
        f = Fields(obj, "Chummy Challenge state")
        f.check(f.get_str("game") == self.slug, "not a Chummy Challenge state")
        rng = Rng(f.get_int("rng", 0, 2**64 - 1))
        level = f.get_int("level", 3, 4)
        tf = f.get_obj("timing")
        timing = Timing(**{k: tf.get_int(k, lo, hi) for k, (lo, hi) in _TIMING_LIMITS.items()})
        tf.done()
        all_cards = [c.id for c in challenge.deck()]
        cards = f.get_list("challenges", length=len(all_cards))
        f.check(all(type(c) is int for c in cards) and sorted(cards) == all_cards,
                "the Challenge deck must hold each card once")  # fmt: skip
        all_powers = [p.id for p in decks.power_deck()]
        powers = f.codes("powers", all_powers, length=len(all_powers))
        now = f.get_int("now", 0)
        phase = f.get_str("phase", PHASES)
        plunge_raw = f.get_list("plunge", length=2)
        plunge: list[tuple[bool, int] | None] = []
        for p in plunge_raw:
            if p is None:
                plunge.append(None)
                continue
            f.check(isinstance(p, list) and len(p) == 2 and isinstance(p[0], bool)
                    and type(p[1]) is int and 0 <= p[1] < timing.count_ms, "bad plunge decision")  # fmt: skip
            plunge.append((p[0], p[1]))
        rounds = f.get_list("rounds", lambda v, where: _round_from(v, where, now), max_length=3)
        late = f.get_list("late", max_length=1000)
        for x in late:
            f.check(isinstance(x, list) and len(x) == 3 and x[0] in (0, 1)
                    and isinstance(x[1], str) and type(x[2]) is int, "bad late move")  # fmt: skip
        f.done()
        s = ChummyState(
            rng=rng,
            level=level,
            timing=timing,
            challenges=tuple(cards),
            powers=tuple(powers),
            now=now,
            phase=phase,
            plunge=(plunge[0], plunge[1]),
            rounds=rounds,
            late=tuple((x[0], x[1], x[2]) for x in late),
        )
        _check_consistent(s, f)
        return s


# ---------------------------------------------------------------- helpers


def _colour(level: int, power_id: str, pick: int) -> str:
    card = decks.power_card(power_id)
    if level == 3:
        return card.square
    return card.circles[min(pick, len(card.circles) - 1)]


def _used(s: ChummyState, team: int) -> tuple[int, ...]:
    return tuple(p for r in s.rounds for p in (r.plungers[team],) if p is not None)


def _decided(winners: Sequence[int | None]) -> tuple[int | None, bool] | None:
    """(winner, bonus) once the series of challenges decides the game, else None (R-66)."""
    if len(winners) < 2:
        return None
    a, b = winners[0], winners[1]
    if len(winners) == 2:
        if a is not None and a == b:
            return a, True
        if a is None and b is None:
            return None, False
        return None
    wins = [sum(w == t for w in winners) for t in (0, 1)]
    for t in (0, 1):
        if wins[t] >= 2:
            return t, False
    return None, False


@lru_cache(maxsize=4096)
def _fitting(colour: str, prefix: tuple[str, ...], done: bool) -> tuple[int, ...]:
    """The Challenge cards whose ``colour`` question starts with ``prefix`` (and has no
    more words when ``done``), in id order."""
    return tuple(
        c.id
        for c in challenge.deck()
        if _prefix_fits(challenge.words(c.question(colour).text), prefix, done)
    )


def _prefix_fits(words: Sequence[str], prefix: Sequence[str], done: bool) -> bool:
    if done:
        return tuple(words) == tuple(prefix)
    return len(words) > len(prefix) and tuple(words[: len(prefix)]) == tuple(prefix)


def _as_response(text: Any) -> str | list[str]:
    return text if isinstance(text, str) else list(text)


def _read_carry(carry: Any) -> tuple[int, ...] | None:
    """The Challenge deck's order handed on by the match (``carry={"challenges": [...]}``,
    as :meth:`ChummyChallenge.carry_out` gives it); other carried keys do not concern
    Chummy Challenge."""
    if carry is None:
        return None
    if not isinstance(carry, Mapping):
        raise ValueError("carry must be an object")
    order = carry.get("challenges")
    if order is None:
        return None
    ids = [c.id for c in challenge.deck()]
    if (
        not isinstance(order, (list, tuple))
        or any(type(c) is not int for c in order)
        or sorted(order) != ids
    ):
        raise ValueError("carry['challenges'] must list the 63 Challenge cards once each")
    return tuple(order)


def _read_pin(pin: Any, cards: list[int], powers: list[str]) -> tuple[dict, dict]:
    if pin is None:
        return {}, {}
    if not isinstance(pin, Mapping) or set(pin) - {"challenge", "power"}:
        raise ValueError("pin is {'challenge': {position: card}, 'power': {position: card}}")
    out = []
    for key, known in (("challenge", cards), ("power", powers)):
        raw = pin.get(key, {})
        if not isinstance(raw, Mapping):
            raise ValueError(f"pin[{key!r}] must map positions to cards")
        got = {}
        for pos, card in raw.items():
            try:
                i = int(pos)
            except (TypeError, ValueError):
                raise ValueError(f"bad pin position {pos!r}") from None
            if card not in known or isinstance(card, bool):
                raise ValueError(f"pin names an unknown card {card!r}")
            got[i] = card
        out.append(got)
    return out[0], out[1]


def _round_public(r: Round) -> dict[str, Any]:
    q = r.question() if r.colour else None
    return {
        "card": r.card,
        "power": r.power,
        "colour": r.colour,
        "geoplungers": list(r.plungers),
        "question": q.text if q else None,
        "answer": q.answer_text() if q else None,
        "source": q.source if q else None,
        "heard": r.heard,
        "buzzes": [list(b) for b in r.buzzes],
        "answers": [a.to_json() for a in r.answers],
        "winner": r.winner,
        "how": r.how,
    }


def _round_json(r: Round) -> dict[str, Any]:
    return {
        "card": r.card,
        "power": r.power,
        "plungers": list(r.plungers),
        "pick": r.pick,
        "colour": r.colour,
        "start": r.start,
        "read": r.read,
        "buzzes": [list(b) for b in r.buzzes],
        "heard": r.heard,
        "answering": list(r.answering),
        "answer_from": r.answer_from,
        "answers": [a.to_json() for a in r.answers],
        "winner": r.winner,
        "how": r.how,
        "end": r.end,
    }


def _answer_from(v: Any, where: str) -> Answer:
    f = Fields(v, where)
    team = f.get_int("team", 0, 1)
    text = f.raw("text")
    if isinstance(text, list):
        text = tuple(text)
    f.check(_answer_ok(text), "bad answer text")
    a = Answer(team, text, f.get_int("at", 0), f.get_bool("correct", null=True))
    f.done()
    return a


def _round_from(v: Any, where: str, now: int) -> Round:
    f = Fields(v, where)
    card = f.get_int("card", 1, challenge.CARDS)
    power = f.get_str("power", [p.id for p in decks.power_deck()])
    pl = f.get_list("plungers", length=2)
    f.check(all(p is None or (type(p) is int and 0 <= p < PLAYERS) for p in pl), "bad GeoPlunger")
    pick = f.get_int("pick", 0, 1, null=True)
    colour = f.get_str("colour", challenge.COLOURS, null=True)
    start = f.get_int("start", 0, now, null=True)
    read = f.get_int("read", 0, 200)
    buzzes = f.get_list("buzzes", max_length=2)
    for b in buzzes:
        f.check(isinstance(b, list) and len(b) == 2 and b[0] in (0, 1) and type(b[1]) is int
                and 0 <= b[1] <= now, "bad buzz")  # fmt: skip
    heard = f.get_int("heard", 0, 200)
    answering = f.get_list("answering", max_length=2)
    f.check(all(t in (0, 1) for t in answering) and len(set(answering)) == len(answering),
            "bad answering teams")  # fmt: skip
    answer_from = f.get_int("answer_from", 0, now, null=True)
    answers = f.get_list("answers", _answer_from, max_length=2)
    winner = f.get_int("winner", 0, 1, null=True)
    how = f.get_str("how", HOW, null=True)
    end = f.get_int("end", 0, now, null=True)
    f.done()
    r = Round(
        card=card,
        power=power,
        plungers=(pl[0], pl[1]),
        pick=pick,
        colour=colour,
        start=start,
        read=read,
        buzzes=tuple((b[0], b[1]) for b in buzzes),
        heard=heard,
        answering=tuple(answering),
        answer_from=answer_from,
        answers=answers,
        winner=winner,
        how=how,
        end=end,
    )
    f.check((colour is None) == (start is None) == (pick is None), "asked half-way")
    if colour is not None:
        n = len(challenge.words(challenge.question(card, colour).text))
        f.check(1 <= read <= n and heard <= read, "more words read than the question has")
    else:
        f.check(read == 0 and not buzzes and not answers, "buzzes before the question")
    f.check((how is None) == (end is None), "a finished challenge has an end")
    f.check(how is not None or winner is None, "a winner before the end")
    f.check(all(a.team in answering for a in answers), "an answer from a team not answering")
    return r


def _check_consistent(s: ChummyState, f: Fields) -> None:
    """Cross-field checks: the phase agrees with the data."""
    rounds = s.rounds
    f.check(all(r.over for r in rounds[:-1]), "only the last challenge may be in play")
    cur = s.current
    used = [r for r in rounds if r.over]
    n = len(used)
    f.check(list(s.challenges[len(s.challenges) - n :]) == [r.card for r in used],
            "used Challenge cards belong at the bottom in order")  # fmt: skip
    f.check(list(s.powers[len(s.powers) - n :]) == [r.power for r in used],
            "used Power cards belong at the bottom in order")  # fmt: skip
    if cur is not None:
        f.check(cur.card == s.challenges[0] and cur.power == s.powers[0],
                "the challenge in play uses the top cards")  # fmt: skip
    for team in (0, 1):
        used_players = [r.plungers[team] for r in rounds if r.plungers[team] is not None]
        f.check(len(set(used_players)) == len(used_players), "a GeoPlunger used twice")
    if s.phase == "plunge":
        f.check(not rounds and not all(p is not None for p in s.plunge), "plunge phase")
        f.check(s.now < s.timing.count_ms, "the count is over")
    elif s.phase == "over":
        f.check(cur is None and _decided([r.winner for r in rounds]) is not None, "not over")
    else:
        f.check(cur is not None and _decided([r.winner for r in used]) is None, "no challenge")
        assert cur is not None
        asked = cur.colour is not None
        want = {
            "seat": not asked and None in cur.plungers,
            "ask": not asked and None not in cur.plungers,
            "read": asked and not cur.buzzes,
            "window": asked and len(cur.buzzes) == 1 and not cur.answering,
            "answer": asked and bool(cur.answering) and not cur.over,
        }
        f.check(want[s.phase], f"phase {s.phase!r} contradicts the challenge in play")
        if asked:
            f.check(_colour(s.level, cur.power, cur.pick or 0) == cur.colour, "wrong colour")
    for r in used:
        f.check(r.colour is not None or r.how is None, "a finished challenge was asked")


GAME = ChummyChallenge()

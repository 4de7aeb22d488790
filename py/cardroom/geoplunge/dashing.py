"""Dashing States (GeoPlunge Game 3) at Levels 2, 3 and 4 on the v2 engine protocol.

A game is up to three races on the table's clock (milliseconds; every move is timed).

``plunge``
    "Are you GeoPlunging?" at time 0: each team sends ``Move(team, "plunge", bool, at)``;
    a decision after the count (``count_ms``, 5 s) does not count and the clock calls
    ``Move(REFEREE, "count", None, at)`` (R-8).
``race``
    Each team is dealt 7 Map cards (ids such as ``"M17"``, which do not name the state).
    It sorts 6 of them by the race's key and shouts with them in order:
    ``Move(team, "shout", ["M17", "M03", ...], at)``; the seventh card goes face-down with
    the shout (R-31). Keys: race 1 state names A-Z, race 2 capitals A-Z, race 3 state names
    (Level 2), statehood rank (Level 3) or the category of a Power card turned for the race
    (Level 4) (R-32). A shout by the other team within ``window_ms`` (300 ms) of the first
    is simultaneous (R-33). A team may give up the race: ``Move(team, "pass", None, at)``;
    nobody shouting within ``time_limit_ms`` is a tied race (clock move ``"time"``) (R-34).
``answer``
    The shouting team's left, middle and right players each name their 2 cards without
    help, in turn: ``Move(team, "answer", [player, [[state, capital_or_rank], [...]]], at)``
    with typed text read by :mod:`cardroom.names` (R-25, R-35).
``over``
    Best of three with the tie rules; the bonus goes to a team winning the first two
    races. :func:`result` explains each race.

Moves are judged by their times: a move timed after a deadline the clock has not called
yet is applied after it, and recorded as late if it no longer applies (R-10, R-36). The
Level 4 third race turns the top Power card (the match's deck when ``carry`` hands it on);
no Map card is dealt twice in a game (R-37).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import atlas, names, scoring
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
)
from . import decks

__all__ = [
    "GAME",
    "LEVELS",
    "AnswerSpace",
    "DashingState",
    "DashingStates",
    "RaceResult",
    "Shout",
    "carry_out",
    "hidden_from",
    "outcome",
    "race_key",
    "rank_text_value",
    "result",
    "sorted_for",
    "summary",
]

LEVELS = (2, 3, 4)
PHASES = ("plunge", "race", "answer", "over")
MAPS: tuple[str, ...] = tuple(c.id for c in decks.map_deck())
POWERS: tuple[str, ...] = tuple(c.id for c in decks.power_deck())
HAND = 7
USED = 6
PLAYERS = 3
DEFAULT_WINDOW_MS = 300
DEFAULT_COUNT_MS = 5000
DEFAULT_TIME_LIMIT_MS = 3 * 60 * 1000
TEAM_KINDS = ("plunge", "shout", "pass", "answer")
CLOCK_KINDS = ("count", "close", "time")

_KEY_LABELS = {
    "name": "state names, A to Z",
    "capital": "capitals, A to Z",
    "statehood": "statehood rank, 1 first",
    "size": "size rank, 1 first",
    "population": "population rank, 1 first",
}


def race_key(level: int, race: int, power: str | None = None) -> str:
    """How race ``race`` (1..3) sorts: ``name``, ``capital`` or a rank category (R-32)."""
    if race == 1:
        return "name"
    if race == 2:
        return "capital"
    if level == 2:
        return "name"
    if level == 3:
        return "statehood"
    if power is None:
        raise ValueError("a Level 4 third race needs its Power card")
    return decks.power_card(power).category


def _sort_value(key: str, code: str) -> Any:
    s = atlas.by_code()[code]
    if key == "name":
        return s.name.casefold()
    if key == "capital":
        return s.capital.casefold()
    return decks.category_rank(key, code)


def sorted_for(key: str, codes: Sequence[str]) -> list[str]:
    """``codes`` in the race's order: A to Z by name or capital (letter by letter on the
    card's spelling), or rank 1 first (R-32)."""
    return sorted(codes, key=lambda c: _sort_value(key, c))


def rank_text_value(text: str) -> int | None:
    """A typed rank: "4", "#4", "4th", " 4 " -> 4; anything else None."""
    t = text.strip().casefold().lstrip("#").strip()
    for suffix in ("st", "nd", "rd", "th"):
        if t.endswith(suffix) and t[: -len(suffix)].strip().isdigit():
            t = t[: -len(suffix)].strip()
            break
    if not t.isdigit() or len(t) > 3:
        return None
    return int(t)


def answer_ok(key: str, code: str, answer: Sequence[str]) -> tuple[bool, bool]:
    """Is a card named right? (state right, capital or rank right) (R-35)."""
    name_ok = names.is_state(answer[0], code)
    if key in ("name", "capital"):
        second = names.is_capital_of(answer[1], code)
    else:
        second = rank_text_value(answer[1]) == decks.category_rank(key, code)
    return name_ok, second


@dataclass(frozen=True, slots=True)
class Shout:
    team: int
    at: int
    order: tuple[str, ...]  # 6 Map card ids, left to right
    answers: tuple[tuple[tuple[str, str], ...], ...]  # per player: 2 (state, capital/rank)

    def to_json(self) -> dict[str, Any]:
        return {
            "team": self.team,
            "at": self.at,
            "order": list(self.order),
            "answers": [[list(a) for a in p] for p in self.answers],
        }


@dataclass(frozen=True, slots=True)
class RaceResult:
    race: int  # 1..3
    key: str
    winner: int | None
    ending: str  # "shout" | "simultaneous" | "pass" | "time"

    def to_json(self) -> list[Any]:
        return [self.race, self.key, self.winner, self.ending]


@dataclass(frozen=True, slots=True)
class DashingState:
    level: int
    window_ms: int
    count_ms: int
    time_limit_ms: int
    rng: Rng
    maps: tuple[str, ...]  # the 50 Map cards in deal order: race r, team t at 14(r-1)+7t
    power: tuple[str, ...]  # the Power deck, top first (Level 4 turns one for race 3)
    phase: str
    now: int
    plunge: tuple[bool | None, bool | None]
    race: int  # 1..3 (0 before the first deal)
    race_start: int | None
    shouts: tuple[Shout, ...]  # this race's counted shouts, in time order
    passed: tuple[bool, bool]
    results: tuple[RaceResult, ...]  # finished races
    history: tuple[tuple[Shout, ...], ...]  # the shouts of each finished race
    late: tuple[tuple[int, str, int, int], ...]  # (team, kind, at, race) after a deadline

    def hand(self, team: int, race: int | None = None) -> tuple[str, ...]:
        r = self.race if race is None else race
        start = 14 * (r - 1) + HAND * team
        return self.maps[start : start + HAND]

    @property
    def key(self) -> str:
        return race_key(self.level, self.race, self._power_for(self.race))

    def _power_for(self, race: int) -> str | None:
        return self.power[0] if (self.level == 4 and race == 3) else None

    def shout_of(self, team: int) -> Shout | None:
        return next((sh for sh in self.shouts if sh.team == team), None)

    def deadline(self) -> tuple[str, int] | None:
        """The clock's next call: (kind, time), or None."""
        if self.phase == "plunge":
            return ("count", self.count_ms)
        if self.phase == "race" and self.race_start is not None:
            if self.shouts:
                return ("close", self.shouts[0].at + self.window_ms)
            return ("time", self.race_start + self.time_limit_ms)
        return None


# ------------------------------------------------------------------ results


def _race_success(level: int, key: str, sh: Shout, hand: Sequence[str]) -> bool:
    codes = [decks.map_card(m).state for m in sh.order]
    if len(sh.order) != USED or not set(sh.order) <= set(hand):
        return False
    if codes != sorted_for(key, codes):
        return False
    if len(sh.answers) != PLAYERS:
        return False
    for p, pair in enumerate(sh.answers):
        for j, ans in enumerate(pair):
            if not all(answer_ok(key, codes[2 * p + j], ans)):
                return False
    return True


def judge_race(s: DashingState) -> RaceResult:
    """The result of the current race once every shouting team has answered."""
    key = s.key
    ok = {sh.team: _race_success(s.level, key, sh, s.hand(sh.team)) for sh in s.shouts}
    if len(s.shouts) == 2:
        if ok[0] == ok[1]:
            return RaceResult(s.race, key, None, "simultaneous")
        return RaceResult(s.race, key, 0 if ok[0] else 1, "simultaneous")
    sh = s.shouts[0]
    winner = sh.team if ok[sh.team] else 1 - sh.team
    return RaceResult(s.race, key, winner, "shout")


def outcome_of(results: Sequence[int | None]) -> tuple[bool, int | None, bool]:
    """(game over, winner or None, bonus) from the race winners so far."""
    if len(results) < 2:
        return False, None, False
    a, b = results[0], results[1]
    if len(results) == 2:
        if a is not None and a == b:
            return True, a, True  # the first two races: the game and the bonus
        if a is None and b is None:
            return True, None, False  # two tied races end the game as a tie
        return False, None, False
    wins = [sum(1 for r in results if r == t) for t in (0, 1)]
    for t in (0, 1):
        if wins[t] >= 2:
            return True, t, False
    return True, None, False


def outcome(s: DashingState) -> tuple[int | None, bool]:
    """(winner or None for a tie, bonus) of a finished game."""
    _, winner, bonus = outcome_of([r.winner for r in s.results])
    return winner, bonus


def result(s: DashingState) -> dict[str, Any]:
    winner, bonus = outcome(s)
    plunged = [bool(p) for p in s.plunge]
    lines = [ln.to_json() for ln in scoring.breakdown(winner, bonus, plunged)]
    return {
        "winner": winner,
        "bonus": bonus,
        "points": list(scoring.score(winner, bonus, plunged)),
        "lines": lines,
        "scoring": lines,  # the table kit's name for the breakdown
        "plunged": plunged,
        "summary": summary(s.results, ("Team 1", "Team 2")),
        "races": [r.winner for r in s.results],
    }


_ENDINGS = {
    "pass": "both teams gave it up",
    "time": "nobody shouted in time",
    "simultaneous": "both teams shouted at once and named their cards alike",
}


def summary(results: Sequence[RaceResult], teams: Sequence[str]) -> str:
    """Why the game ended as it did: each race's winner (or why it was tied), then the
    game's (R-139)."""
    parts = []
    for r in results:
        label = _KEY_LABELS[r.key].split(",")[0]
        if r.winner is None:
            parts.append(f"Race {r.race} ({label}) was tied: {_ENDINGS.get(r.ending, 'a tie')}.")
        else:
            parts.append(f"Race {r.race} ({label}) went to {teams[r.winner]}.")
    winner, bonus = outcome_of([r.winner for r in results])[1:]
    if winner is None:
        parts.append("No team won two races: it's a tie.")
    elif bonus:
        parts.append(f"{teams[winner]} won the first two races: the bonus.")
    else:
        parts.append(f"{teams[winner]} won two races.")
    return " ".join(parts)


def carry_out(s: DashingState) -> dict[str, Any]:
    """What this game hands on: the winner (None for a tie or unfinished) and the rest of
    the Power deck (Level 4 used its top card in race 3)."""
    winner = outcome(s)[0] if s.phase == "over" else None
    used = 1 if s.level == 4 and s.race == 3 else 0
    return {"winner": winner, "power": list(s.power[used:])}


def hidden_from(s: DashingState, seat: int) -> set[str]:
    """The Map card ids ``seat`` may not see now (the simulator's leak check): the
    undealt deck, and the other team's cards in the race under way."""
    out = set(s.maps[14 * max(s.race, 0) :])
    if s.phase in ("race", "answer"):
        for t in (0, 1):
            if t != seat:
                out |= set(s.hand(t))
    return out


# ------------------------------------------------------------------ move spaces


class ShoutSpace(MoveSpace):
    """A shout by ``team``: 6 different cards of its hand, in any order (judged later)."""

    def __init__(self, team: int, hand: tuple[str, ...], now: int = 0) -> None:
        self.team = team
        self.hand = hand
        self.now = now

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move) or move.seat != self.team or move.kind != "shout":
            return False
        d = move.data
        return (
            isinstance(d, tuple)
            and len(d) == USED
            and len(set(d)) == USED
            and all(isinstance(x, str) and x in self.hand for x in d)
        )

    def sample(self, rng: random.Random) -> Move:
        cards = list(self.hand)
        rng.shuffle(cards)
        order = cards[:USED]
        if rng.random() < 0.6:  # often a sorted shout, so that races are won too
            order = sorted(order, key=lambda m: atlas.by_code()[decks.map_card(m).state].name)
        return Move(self.team, "shout", tuple(order), self.now)

    def is_empty(self) -> bool:
        return False

    def signature(self) -> Any:
        return ("shout", self.team, self.hand)


class AnswerSpace(MoveSpace):
    """The next player's answer for ``team``: any texts for its 2 cards (judged later)."""

    def __init__(
        self, team: int, player: int, truth: tuple[tuple[str, str], ...], now: int = 0
    ) -> None:
        self.team = team
        self.player = player
        self.now = now
        self.truth = truth  # what a right answer would say (for sampling)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move) or move.seat != self.team or move.kind != "answer":
            return False
        return _answer_shape(move.data) is not None and move.data[0] == self.player

    def sample(self, rng: random.Random) -> Move:
        pair = []
        for name, second in self.truth:
            if rng.random() < 0.1:
                name = "Atlantis"
            if rng.random() < 0.1:
                second = "nowhere"
            pair.append((name, second))
        return Move(self.team, "answer", (self.player, tuple(pair)), self.now)

    def is_empty(self) -> bool:
        return False

    def signature(self) -> Any:
        return ("answer", self.team, self.player)


def _answer_shape(d: Any) -> tuple[int, tuple[tuple[str, str], ...]] | None:
    if not (isinstance(d, tuple) and len(d) == 2):
        return None
    player, pair = d
    if isinstance(player, bool) or player not in range(PLAYERS):
        return None
    if not (isinstance(pair, tuple) and len(pair) == 2):
        return None
    for a in pair:
        if not (isinstance(a, tuple) and len(a) == 2 and all(isinstance(x, str) for x in a)):
            return None
    return player, pair


# ------------------------------------------------------------------ the game


def _parse_carry(carry: Any) -> tuple[str, ...] | None:
    if carry is None:
        return None
    if not isinstance(carry, Mapping) or set(carry) - {"winner", "power"}:
        raise ValueError('carry must be {"winner": 0, 1 or null, "power": [Power card ids]}')
    w = carry.get("winner")
    if w is not None and (isinstance(w, bool) or w not in (0, 1)):
        raise ValueError(f"carry winner must be 0, 1 or null, not {w!r}")
    power = carry.get("power")
    if power is None:
        return None
    if (
        not isinstance(power, (list, tuple))
        or not power
        or not all(isinstance(p, str) and p in POWERS for p in power)
        or len(set(power)) != len(power)
    ):
        raise ValueError("carry power must be a non-empty list of different Power card ids")
    return tuple(power)


class DashingStates(Game):
    slug = "dashing-states"
    title = "Dashing States"
    state_type = DashingState

    def new(
        self,
        seed: int,
        *,
        level: int = 2,
        window_ms: int = DEFAULT_WINDOW_MS,
        count_ms: int = DEFAULT_COUNT_MS,
        time_limit_ms: int = DEFAULT_TIME_LIMIT_MS,
        carry: Any = None,
        pin: Any = None,
    ) -> DashingState:
        if level not in LEVELS:
            raise ValueError(f"Dashing States is played at levels 2, 3 and 4, not {level!r}")
        for label, v in (
            ("window_ms", window_ms),
            ("count_ms", count_ms),
            ("time_limit_ms", time_limit_ms),
        ):
            if isinstance(v, bool) or not isinstance(v, int) or not 0 < v <= 10**8:
                raise ValueError(f"{label} must be a positive whole number of milliseconds")
        carried = _parse_carry(carry)
        if pin is not None and (not isinstance(pin, Mapping) or set(pin) - {"maps", "power"}):
            raise ValueError("pin must be an object with maps and power")
        pin = pin or {}
        rng = Rng.from_seed(seed)
        maps, rng = rng.shuffle_pinned(MAPS, decks.pinned(pin, "maps", len(MAPS), MAPS))
        if carried is not None:
            power = carried
            want = decks.pinned(pin, "power", len(power), POWERS)
            if any(power[i] != c for i, c in want.items()):
                raise ValueError("pin power disagrees with the carried Power deck")
        else:
            power, rng = rng.shuffle_pinned(POWERS, decks.pinned(pin, "power", len(POWERS), POWERS))
        return DashingState(
            level=level,
            window_ms=window_ms,
            count_ms=count_ms,
            time_limit_ms=time_limit_ms,
            rng=rng,
            maps=maps,
            power=power,
            phase="plunge",
            now=0,
            plunge=(None, None),
            race=0,
            race_start=None,
            shouts=(),
            passed=(False, False),
            results=(),
            history=(),
            late=(),
        )

    # ------------------------------------------------------------ turns

    def num_seats(self, s: DashingState) -> int:
        return 2

    def is_over(self, s: DashingState) -> bool:
        return s.phase == "over"

    def _answering(self, s: DashingState) -> list[int]:
        return [sh.team for sh in s.shouts if len(sh.answers) < PLAYERS]

    def to_move(self, s: DashingState) -> frozenset[int]:
        if s.phase == "plunge":
            return frozenset({*(t for t in (0, 1) if s.plunge[t] is None), REFEREE})
        if s.phase == "race":
            out = {REFEREE}
            for t in (0, 1):
                if s.shout_of(t) is None and not s.passed[t]:
                    out.add(t)
            return frozenset(out)
        if s.phase == "answer":
            return frozenset(self._answering(s))
        return frozenset()

    def legal_moves(self, s: DashingState, seat: int) -> MoveSpace:
        if seat not in self.to_move(s):
            return Moves()
        if seat == REFEREE:
            due = s.deadline()
            return Moves() if due is None else Moves([Move(REFEREE, due[0], None, due[1])])
        if s.phase == "plunge":
            return Moves(Move(seat, "plunge", b, s.now) for b in (True, False))
        if s.phase == "race":
            space: MoveSpace = ShoutSpace(seat, s.hand(seat), s.now)
            if not s.shouts:
                space = space | Moves([Move(seat, "pass", None, s.now)])
            return space
        sh = s.shout_of(seat)
        assert sh is not None
        p = len(sh.answers)
        truth = tuple(
            self._truth(s.key, decks.map_card(m).state) for m in sh.order[2 * p : 2 * p + 2]
        )
        return AnswerSpace(seat, p, truth, s.now)

    @staticmethod
    def _truth(key: str, code: str) -> tuple[str, str]:
        st = atlas.by_code()[code]
        if key in ("name", "capital"):
            return (st.name, st.capital)
        return (st.name, str(decks.category_rank(key, code)))

    # ------------------------------------------------------------ the clock

    def _deal(self, s: DashingState, at: int) -> DashingState:
        """Start the next race at ``at``."""
        return replace(
            s,
            phase="race",
            race=s.race + 1,
            race_start=at,
            shouts=(),
            passed=(False, False),
            now=at,
        )

    def _finish_race(self, s: DashingState, res: RaceResult, at: int) -> DashingState:
        s = replace(
            s,
            results=(*s.results, res),
            history=(*s.history, s.shouts),
            shouts=(),
            now=at,
        )
        over, _, _ = outcome_of([r.winner for r in s.results])
        if over:
            return replace(s, phase="over")
        return self._deal(s, at)

    def _close(self, s: DashingState, at: int) -> DashingState:
        """The shout window ends: the shouting team(s) answer."""
        return replace(s, phase="answer", now=at)

    def _advance(self, s: DashingState, t: int) -> DashingState:
        """Let the clock make every call that falls due at or before ``t``."""
        while True:
            d = s.deadline()
            if d is None or d[1] > t:
                return s
            s = self._clock(s, d[0], d[1])

    def _clock(self, s: DashingState, kind: str, at: int) -> DashingState:
        if kind == "count":
            plunge = (bool(s.plunge[0]), bool(s.plunge[1]))
            return self._deal(replace(s, plunge=plunge), at)
        if kind == "close":
            return self._close(s, at)
        # time: nobody shouted in time, the race is a tie
        return self._finish_race(s, RaceResult(s.race, s.key, None, "time"), at)

    # ------------------------------------------------------------ moves

    def _apply(self, s: DashingState, m: Move) -> DashingState:
        if m.kind not in TEAM_KINDS and m.kind not in CLOCK_KINDS:
            raise MalformedMove(f"unknown Dashing States move {m.kind!r}")
        if m.at is None:
            raise MalformedMove("Dashing States moves are timed: 'at' is required")
        if m.kind in CLOCK_KINDS:
            if m.seat != REFEREE:
                raise IllegalMove("only the table clock makes that call")
            d = s.deadline()
            if d is None or d[0] != m.kind:
                raise IllegalMove(f"the clock has no {m.kind!r} to call now")
            if m.at < d[1]:
                raise IllegalMove(f"the {m.kind} falls due at {d[1]} ms")
            return self._clock(s, m.kind, d[1])
        if m.seat not in (0, 1):
            raise IllegalMove("only the two teams race")
        self._check_shape(m)
        if m not in self.legal_moves(s, m.seat):
            raise IllegalMove(f"{m.kind} is not allowed now")
        before = (s.phase, s.race)
        s2 = self._advance(s, m.at)
        if (s2.phase, s2.race) != before:
            # a deadline fell before this move: it came too late to count
            late = (m.seat, m.kind, m.at, before[1])
            return replace(s2, late=(*s2.late, late), now=m.at)
        s = replace(s2, now=m.at)
        if m.kind == "plunge":
            plunge = (m.data, s.plunge[1]) if m.seat == 0 else (s.plunge[0], m.data)
            s = replace(s, plunge=plunge)
            if None not in plunge:
                s = self._deal(s, m.at)
            return s
        if m.kind == "pass":
            passed = (True, s.passed[1]) if m.seat == 0 else (s.passed[0], True)
            s = replace(s, passed=passed)
            if all(passed):
                return self._finish_race(s, RaceResult(s.race, s.key, None, "pass"), m.at)
            return s
        if m.kind == "shout":
            sh = Shout(m.seat, m.at, tuple(m.data), ())
            s = replace(s, shouts=(*s.shouts, sh))
            if len(s.shouts) == 2 or s.passed[1 - m.seat]:
                return self._close(s, m.at)  # nobody else can shout now
            return s
        # answer
        player, pair = m.data
        shouts = tuple(
            replace(sh, answers=(*sh.answers, tuple(tuple(a) for a in pair)))
            if sh.team == m.seat
            else sh
            for sh in s.shouts
        )
        s = replace(s, shouts=shouts)
        if not self._answering(s):
            return self._finish_race(s, judge_race(s), m.at)
        return s

    @staticmethod
    def _check_shape(m: Move) -> None:
        d = m.data
        if m.kind == "plunge" and not isinstance(d, bool):
            raise MalformedMove("plunge takes true or false")
        if m.kind == "pass" and d is not None:
            raise MalformedMove("pass takes no data")
        if m.kind == "shout" and not (
            isinstance(d, tuple)
            and len(d) == USED
            and all(isinstance(x, str) and x in MAPS for x in d)
        ):
            raise MalformedMove("shout takes the 6 Map card ids in order")
        if m.kind == "answer" and _answer_shape(d) is None:
            raise MalformedMove('answer takes [player, [["state", "capital or rank"], [..., ...]]]')

    # ------------------------------------------------------------ scoring

    def points(self, s: DashingState) -> tuple[int, int]:
        if s.phase != "over":
            return (0, 0)
        winner, bonus = outcome(s)
        return scoring.score(winner, bonus, [bool(p) for p in s.plunge])

    # ------------------------------------------------------------ information

    def _race_record(
        self, s: DashingState, race: int, shouts: tuple[Shout, ...], res: RaceResult
    ) -> dict[str, Any]:
        key = res.key
        teams = []
        for t in (0, 1):
            hand = s.hand(t, race)
            sh = next((x for x in shouts if x.team == t), None)
            entry: dict[str, Any] = {
                "cards": [[m, decks.map_card(m).state] for m in hand],
                "shout": None,
            }
            if sh is not None:
                codes = [decks.map_card(m).state for m in sh.order]
                unused = [m for m in hand if m not in sh.order]
                right = sorted_for(key, codes)
                checks = []
                for p, pair in enumerate(sh.answers):
                    for j, ans in enumerate(pair):
                        code = codes[2 * p + j]
                        checks.append(
                            {
                                "player": p,
                                "card": sh.order[2 * p + j],
                                "code": code,
                                "answer": list(ans),
                                "ok": list(answer_ok(key, code, ans)),
                                "truth": list(self._truth(key, code)),
                            }
                        )
                entry["shout"] = {
                    "at": sh.at,
                    "order": list(sh.order),
                    "codes": codes,
                    "unused": unused,
                    "order_ok": codes == right,
                    "right_order": right,
                    "answers": checks,
                    "success": _race_success(s.level, key, sh, hand),
                }
            teams.append(entry)
        return {
            "race": race,
            "key": key,
            "label": _KEY_LABELS[key],
            "power": s._power_for(race),
            "winner": res.winner,
            "ending": res.ending,
            "teams": teams,
        }

    def view(self, s: DashingState, seat: int) -> dict[str, Any]:
        team = seat if seat in (0, 1) else None
        both = None not in s.plunge
        live = s.phase in ("race", "answer")
        mine = s.shout_of(team) if team is not None and live else None
        out: dict[str, Any] = {
            "game": self.slug,
            "level": s.level,
            "phase": s.phase,
            "team": team,
            "now": s.now,
            "deadline": list(due) if (due := s.deadline()) else None,
            "race": s.race,
            "race_start": s.race_start,
            "key": s.key if live else None,
            "key_label": _KEY_LABELS[s.key] if live else None,
            "power": decks.power_card(s.power[0]).to_json()
            if live and s.level == 4 and s.race == 3
            else None,
            "plunge": {
                "mine": s.plunge[team] if team is not None else None,
                "decided": [p is not None for p in s.plunge],
                "teams": list(s.plunge) if both else None,
            },
            "hand": list(s.hand(team)) if team is not None and live else None,
            "shouted": [sh.team for sh in s.shouts] if live else [],
            "shout_at": [sh.at for sh in s.shouts] if live else [],
            "passed": list(s.passed) if live else [False, False],
            "my_order": list(mine.order) if mine else None,
            "my_answers": [[list(a) for a in p] for p in mine.answers] if mine else None,
            "answered": [len(sh.answers) for sh in s.shouts] if live else [],
            "next_player": len(mine.answers) if mine and len(mine.answers) < PLAYERS else None,
            "races": [
                self._race_record(s, i + 1, sh, r)
                for i, (sh, r) in enumerate(zip(s.history, s.results, strict=True))
            ],
            "wins": [sum(1 for r in s.results if r.winner == t) for t in (0, 1)],
            "late": [list(x) for x in s.late],
            "to_move": sorted(self.to_move(s)),
            "result": result(s) if s.phase == "over" else None,
        }
        return out

    def _seen_positions(self, s: DashingState, seat: int) -> set[int]:
        seen = set(range(14 * len(s.results)))  # finished races are shown to everybody
        if seat in (0, 1) and s.phase in ("race", "answer"):
            start = 14 * (s.race - 1) + HAND * seat
            seen |= set(range(start, start + HAND))
        return seen

    def resample(self, s: DashingState, seat: int, rng: Rng) -> DashingState:
        seen = self._seen_positions(s, seat)
        pool = sorted(set(MAPS) - {s.maps[p] for p in seen})
        shuffled, rng = rng.shuffle(pool)
        it = iter(shuffled)
        maps = tuple(s.maps[p] if p in seen else next(it) for p in range(len(MAPS)))
        power = s.power
        if s.level == 4 and s.race == 3:  # its top card was turned for race 3
            tail, rng = rng.shuffle(sorted(power[1:]))
            power = (power[0], *tail)
        else:
            power, rng = rng.shuffle(sorted(power))
        s2 = replace(s, maps=maps, power=power)
        # The other team's shout order and answers are hidden until the race is judged.
        shouts = []
        for sh in s.shouts:
            if sh.team == seat:
                shouts.append(sh)
                continue
            hand = list(s2.hand(sh.team))
            order, rng = rng.shuffle(sorted(hand))
            order = order[:USED]
            key = s2.key
            answers = tuple(
                tuple(self._truth(key, decks.map_card(m).state) for m in order[2 * p : 2 * p + 2])
                for p in range(len(sh.answers))
            )
            shouts.append(replace(sh, order=tuple(order), answers=answers))
        plunge = list(s.plunge)
        if None in plunge:  # a decision not yet shown is hidden from the other seats
            for t in (0, 1):
                if t != seat and plunge[t] is not None:
                    x, rng = rng.below(2)
                    plunge[t] = bool(x)
        world_rng, _ = rng.split()
        return replace(s2, rng=world_rng, shouts=tuple(shouts), plunge=(plunge[0], plunge[1]))

    def pin(self, s: DashingState, seat: int) -> dict[str, Any]:
        seen = self._seen_positions(s, seat)
        if s.phase in ("race", "answer"):
            # a shout names its team's cards, even one that came too late to count
            named = {sh.team for sh in s.shouts}
            named |= {t for t, kind, _, race in s.late if kind == "shout" and race == s.race}
            for t in named:
                start = 14 * (s.race - 1) + HAND * t
                seen |= set(range(start, start + HAND))
        out: dict[str, Any] = {"maps": [[p, s.maps[p]] for p in sorted(seen)]}
        if s.level == 4 and s.race == 3:
            out["power"] = [[0, s.power[0]]]
        return {"pin": out}

    # ------------------------------------------------------------ saving

    def state_to_json(self, s: DashingState) -> dict[str, Any]:
        return {
            "level": s.level,
            "window_ms": s.window_ms,
            "count_ms": s.count_ms,
            "time_limit_ms": s.time_limit_ms,
            "rng": s.rng.state,
            "maps": list(s.maps),
            "power": list(s.power),
            "phase": s.phase,
            "now": s.now,
            "plunge": list(s.plunge),
            "race": s.race,
            "race_start": s.race_start,
            "shouts": [sh.to_json() for sh in s.shouts],
            "passed": list(s.passed),
            "results": [r.to_json() for r in s.results],
            "history": [[sh.to_json() for sh in race] for race in s.history],
            "late": [list(x) for x in s.late],
        }

    def state_from_json(self, obj: Any) -> DashingState:
        # (Game.__init_subclass__ turns anything but CorruptState raised here into one)
        f = Fields(obj, "Dashing States state")
        level = f.get_int("level", 2, 4)
        window_ms = f.get_int("window_ms", 1, 10**8)
        count_ms = f.get_int("count_ms", 1, 10**8)
        time_limit_ms = f.get_int("time_limit_ms", 1, 10**8)
        rng = Rng(f.get_int("rng", 0, 2**64 - 1))
        maps = f.codes("maps", MAPS, length=len(MAPS))
        power = f.codes("power", POWERS)
        f.check(len(power) >= 1, "the Power deck is empty")
        phase = f.get_str("phase", PHASES)
        now = f.get_int("now", 0, 2**53)
        plunge = f.get_list("plunge", length=2)
        f.check(all(p is None or isinstance(p, bool) for p in plunge), "plunge is true/false/null")
        race = f.get_int("race", 0, 3)
        race_start = f.get_int("race_start", 0, 2**53, null=True)
        shouts = tuple(
            _shout(x, f, f"shouts[{i}]") for i, x in enumerate(f.get_list("shouts", max_length=2))
        )
        passed = f.get_list("passed", length=2)
        f.check(all(isinstance(p, bool) for p in passed), "passed is two true/false")
        results = []
        for i, r in enumerate(f.get_list("results", max_length=3)):
            f.check(
                isinstance(r, list)
                and len(r) == 4
                and r[0] == i + 1
                and r[1] in _KEY_LABELS
                and r[2] in (0, 1, None)
                and not isinstance(r[2], bool)
                and r[3] in ("shout", "simultaneous", "pass", "time"),
                f"results[{i}] is [race, key, winner, ending]",
            )
            results.append(RaceResult(*r))
        history = []
        for i, race_shouts in enumerate(f.get_list("history", max_length=3)):
            f.check(isinstance(race_shouts, list) and len(race_shouts) <= 2, f"history[{i}]")
            history.append(tuple(_shout(x, f, f"history[{i}]") for x in race_shouts))
        late = []
        for i, x in enumerate(f.get_list("late", max_length=100)):
            f.check(
                isinstance(x, list)
                and len(x) == 4
                and x[0] in (0, 1)
                and not isinstance(x[0], bool)
                and x[1] in TEAM_KINDS
                and isinstance(x[2], int)
                and not isinstance(x[2], bool)
                and x[3] in (0, 1, 2, 3)
                and not isinstance(x[3], bool),
                f"late[{i}] is [team, kind, at, race]",
            )
            late.append(tuple(x))
        f.done()
        s = DashingState(
            level=level,
            window_ms=window_ms,
            count_ms=count_ms,
            time_limit_ms=time_limit_ms,
            rng=rng,
            maps=maps,
            power=power,
            phase=phase,
            now=now,
            plunge=(plunge[0], plunge[1]),
            race=race,
            race_start=race_start,
            shouts=shouts,
            passed=(passed[0], passed[1]),
            results=tuple(results),
            history=tuple(history),
            late=tuple(late),
        )
        _check_consistent(s, f)
        return s


def _shout(x: Any, f: Fields, where: str) -> Shout:
    g = Fields(x, f"{f.what}.{where}")
    team = g.get_int("team", 0, 1)
    at = g.get_int("at", 0, 2**53)
    order = g.codes("order", MAPS, length=USED)
    answers_raw = g.get_list("answers", max_length=PLAYERS)
    answers = []
    for p in answers_raw:
        shaped = _answer_shape((0, _freeze_pair(p)))
        if shaped is None:
            raise g.fail("answers hold pairs of [state, capital or rank]")
        answers.append(shaped[1])
    g.done()
    return Shout(team, at, order, tuple(answers))


def _freeze_pair(p: Any) -> Any:
    if isinstance(p, list):
        return tuple(_freeze_pair(x) for x in p)
    return p


def _check_consistent(s: DashingState, f: Fields) -> None:
    f.check(len(s.results) == len(s.history), "results and history differ in length")
    f.check(s.results == tuple(r for r in s.results), "results")
    if s.phase == "plunge":
        f.check(s.race == 0 and s.race_start is None and not s.results, "a race before GeoPlunging")
        f.check(not s.shouts and s.passed == (False, False), "a shout before the deal")
        return
    f.check(None not in s.plunge, "GeoPlunging undecided after the deal")
    f.check(s.race >= 1 and s.race_start is not None, "no race under way")
    f.check(s.now >= (s.race_start or 0), "the clock runs backwards")
    done = len(s.results)
    if s.phase == "over":
        f.check(s.race == done and not s.shouts, "an unfinished race at the end")
        over, _, _ = outcome_of([r.winner for r in s.results])
        f.check(over, "the game is not over by its races")
    else:
        f.check(s.race == done + 1, "race number does not follow the results")
        over, _, _ = outcome_of([r.winner for r in s.results])
        f.check(not over, "the races already ended the game")
    for i, (r, race_shouts) in enumerate(zip(s.results, s.history, strict=True)):
        race = i + 1
        f.check(r.key == race_key(s.level, race, s._power_for(race)), f"race {race} key")
        _check_shouts(s, f, race, race_shouts)
        if r.ending in ("shout", "simultaneous"):
            f.check(len(race_shouts) == (1 if r.ending == "shout" else 2), "shouts and ending")
            f.check(all(len(sh.answers) == PLAYERS for sh in race_shouts), "unanswered shout")
            f.check(
                judge_race(replace(s, race=race, shouts=race_shouts)) == r, f"race {race} misjudged"
            )
        else:
            f.check(r.winner is None and not race_shouts, "a tied race with a shout")
    if s.phase in ("race", "answer"):
        _check_shouts(s, f, s.race, s.shouts)
        if s.phase == "race":
            f.check(all(not sh.answers for sh in s.shouts), "answers before the window closed")
            f.check(len(s.shouts) < 2, "two shouts but no answers asked")
        else:
            f.check(len(s.shouts) >= 1, "answers without a shout")
    f.check(all(x[2] >= 0 for x in s.late), "late")


def _check_shouts(s: DashingState, f: Fields, race: int, shouts: tuple[Shout, ...]) -> None:
    f.check(len({sh.team for sh in shouts}) == len(shouts), "a team shouted twice")
    for sh in shouts:
        f.check(set(sh.order) <= set(s.hand(sh.team, race)), "a shout with cards not dealt")
        f.check(len(set(sh.order)) == USED, "a shout shows a card twice")
    if len(shouts) == 2:
        f.check(shouts[1].at - shouts[0].at < s.window_ms, "two shouts outside the window")
        f.check(shouts[0].at <= shouts[1].at, "shouts out of time order")


GAME = DashingStates()

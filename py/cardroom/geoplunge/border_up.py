"""Border-Up (GeoPlunge Game 1) at Levels 2, 3 and 4 as a :class:`~cardroom.core.Game`.

Two seats, each a team (``team_of(seat) == seat``). A game runs through three phases on
the table's clock (milliseconds, every move timed):

``plunge``
    "Are you GeoPlunging?" is asked at time 0 and the dealer counts to 5: each team sends
    ``Move(seat, "plunge", True|False, at)`` once, secretly. When both have decided the
    cards are dealt at once; otherwise the clock (``Move(REFEREE, "count", None, at >=
    count_ms)``) closes the count and an undecided team is not GeoPlunging (R-8).
``race``
    "Ready, Set, GeoPlunge!": each team holds 18 cards (21 at Level 4) and races to shout
    ``Move(seat, "shout", [call, groups], at)`` with ``call`` ``"geoplunge"`` (2 groups) or
    ``"threeoplunge"`` (3 groups) and ``groups`` the cards of each group as sorted, e.g.
    ``["geoplunge", [["KS","MO","KY","WV","PA"], ["MD","VA","NC"]]]``. The first shout
    opens a window of ``window_ms`` (300 ms): a shout of the other team inside it is
    simultaneous; the clock (``"close"``) ends the window (R-7). The other team does not
    see the shout inside its window: it may still shout or pass (R-12). A team may give
    up with ``Move(seat, "pass", None, at)`` (R-9); if nobody shouts, the clock calls
    time (``"time"``) after ``time_limit_ms`` and the game is a tie.
``over``
    :func:`result` explains who won and why, with each group checked.

Moves are judged by their times, not by their arrival (R-10): a move timed after a
deadline the clock has not called yet is applied after that deadline (a decision after the
count does not GeoPlunge; a shout after the window does not count).

Options of :meth:`BorderUp.new`: ``level``, ``window_ms``, ``count_ms``,
``time_limit_ms``, ``carry`` (accepted for matches, no effect: R-14) and ``pin`` (the
cards each team must be dealt, for :meth:`BorderUp.pin`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from .. import atlas, scoring
from ..core import (
    REFEREE,
    CorruptState,
    Fields,
    Game,
    IllegalMove,
    MalformedMove,
    Move,
    Moves,
    MoveSpace,
    Rng,
)
from . import solver
from .groups import CALLS, LEVELS, ShoutCheck, call_name, check_shout, shout_layouts

__all__ = [
    "GAME",
    "BorderUp",
    "BorderUpState",
    "Shout",
    "ShoutSpace",
    "deck",
    "hand_size",
    "result",
    "team_name",
]

PHASES = ("plunge", "race", "over")
TEAM_KINDS = ("plunge", "shout", "pass")
CLOCK_KINDS = ("count", "close", "time")
ENDINGS = ("shout", "simultaneous", "time", "pass")
TEAMS = (0, 1)

DEFAULT_WINDOW_MS = 300
DEFAULT_COUNT_MS = 5000
DEFAULT_TIME_LIMIT_MS = 5 * 60 * 1000
#: The longest window, count or race an option may ask for (a day).
MAX_OPTION_MS = 24 * 60 * 60 * 1000


@lru_cache(maxsize=1)
def deck() -> tuple[str, ...]:
    """The 50 GeoPlunge cards, by postal code (alphabetical)."""
    return tuple(sorted(s.code for s in atlas.states()))


def hand_size(level: int) -> int:
    """Cards dealt to each team: 18 at Levels 2 and 3, 21 at Level 4."""
    if level not in LEVELS:
        raise ValueError(f"Border-Up is played at levels 2, 3 and 4, not {level!r}")
    return 21 if level == 4 else 18


def team_name(seat: int) -> str:
    return f"Team {seat + 1}"


# ------------------------------------------------------------------ state


@dataclass(frozen=True, slots=True)
class Shout:
    seat: int
    at: int
    call: str
    groups: tuple[tuple[str, ...], ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "team": self.seat,
            "at": self.at,
            "call": self.call,
            "groups": [list(g) for g in self.groups],
        }


@dataclass(frozen=True, slots=True)
class BorderUpState:
    level: int
    window_ms: int
    count_ms: int
    time_limit_ms: int
    rng: Rng
    phase: str  # "plunge" | "race" | "over"
    now: int  # the table clock: time of the last move judged (ms)
    plunge: tuple[bool | None, bool | None]  # None = undecided
    plunge_at: tuple[int | None, int | None]
    hands: tuple[tuple[str, ...], tuple[str, ...]]  # empty before the deal
    deck: tuple[str, ...]  # undealt cards, in shuffled order (all 50 before the deal)
    race_start: int | None
    shouts: tuple[Shout, ...]  # counted shouts, in time order
    passed: tuple[int | None, int | None]  # time of each team's pass
    ending: str | None  # "shout" | "simultaneous" | "time" | "pass"
    ended_at: int | None
    late: tuple[tuple[int, str, int], ...]  # (seat, kind, at) of moves after a deadline

    @property
    def window_ends(self) -> int | None:
        return self.shouts[0].at + self.window_ms if self.shouts else None

    @property
    def race_ends(self) -> int | None:
        return None if self.race_start is None else self.race_start + self.time_limit_ms

    def deadline(self) -> tuple[str, int] | None:
        """The clock's next call: (kind, time) or None when the game is over. This is
        the table's own knowledge: inside a shout window it is the window's end, which
        the views keep from the team that did not shout (R-7)."""
        if self.phase == "plunge":
            return ("count", self.count_ms)
        if self.phase == "race" and self.race_start is not None:
            if self.shouts:
                return ("close", self.shouts[0].at + self.window_ms)
            return ("time", self.race_start + self.time_limit_ms)
        return None


def _set(pair: tuple[Any, Any], seat: int, value: Any) -> tuple[Any, Any]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


# ------------------------------------------------------------------ shout shapes


def _shout_shape(data: Any) -> tuple[str, tuple[tuple[str, ...], ...]]:
    """``[call, groups]`` or MalformedMove (R-5)."""
    if not isinstance(data, tuple) or len(data) != 2:
        raise MalformedMove("a shout is [call, groups]")
    call, groups = data
    if not isinstance(call, str) or call not in CALLS:
        raise MalformedMove(f"a shout calls 'geoplunge' or 'threeoplunge', not {call!r}")
    if not isinstance(groups, tuple) or not all(isinstance(g, tuple) for g in groups):
        raise MalformedMove("the groups of a shout are lists of postal codes")
    codes = set(deck())
    for g in groups:
        for c in g:
            if not isinstance(c, str) or c not in codes:
                raise MalformedMove(f"{c!r} is not a GeoPlunge card")
    return call, groups


def _shout_illegal(groups: tuple[tuple[str, ...], ...], hand: Sequence[str]) -> str | None:
    """Why a well-formed shout cannot be made with ``hand`` (R-5), or None."""
    seen: set[str] = set()
    held = set(hand)
    for g in groups:
        for c in g:
            if c not in held:
                return f"{c} is not in the team's hand"
            if c in seen:
                return f"{c} is shown twice: a card is in one group at most"
            seen.add(c)
    return None


class ShoutSpace(MoveSpace):
    """Every shout a team may make now: an open space. ``in`` tests that a move is a
    well-formed shout with cards of the team's hand, each used once; ``sample`` draws a
    shout that is sometimes a real solution (from the solver), sometimes a near miss
    and sometimes random cards, so playouts see valid, invalid and simultaneous shouts."""

    def __init__(self, seat: int, hand: Sequence[str], level: int, at: int) -> None:
        self.seat = seat
        self.hand = tuple(hand)
        self.level = level
        self.at = at

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move) or move.seat != self.seat or move.kind != "shout":
            return False
        try:
            _, groups = _shout_shape(move.data)
        except MalformedMove:
            return False
        return _shout_illegal(groups, self.hand) is None

    def is_empty(self) -> bool:
        return False

    def signature(self) -> Any:
        return ("shout", self.seat, self.level, frozenset(self.hand))

    def sample(self, rng: random.Random) -> Move:
        call = rng.choice(tuple(CALLS))
        r = rng.random()
        groups: list[list[str]] | None = None
        if r < 0.5:
            found = solver.find(self.hand, self.level, call, rng=rng)
            if found is not None:
                groups = [list(g) for g in found]
                rng.shuffle(groups)
                if r < 0.15:  # a near miss: cards of one group out of order, or one short
                    g = rng.choice(groups)
                    if rng.random() < 0.5 or len(g) < 3:
                        rng.shuffle(g)
                    else:
                        groups = groups[:-1]
        if groups is None:
            groups = _random_groups(self.hand, self.level, call, rng)
        return Move(self.seat, "shout", [call, groups], self.at)

    def __repr__(self) -> str:
        return f"ShoutSpace(seat={self.seat}, level={self.level})"


def _random_groups(
    hand: Sequence[str], level: int, call: str, rng: random.Random
) -> list[list[str]]:
    """Cards of ``hand`` laid out as ``call`` asks at ``level``, at random."""
    layout = list(rng.choice(shout_layouts(level, call)))
    rng.shuffle(layout)
    cards = list(hand)
    rng.shuffle(cards)
    groups = []
    for n in layout:
        groups.append(cards[:n])
        cards = cards[n:]
    return groups


# ------------------------------------------------------------------ the game


class BorderUp(Game):
    """Border-Up: options ``level`` (2, 3 or 4), ``window_ms`` (simultaneous shouts,
    300), ``count_ms`` (the GeoPlunging count, 5000), ``time_limit_ms`` (the race, 5
    minutes), ``carry`` (what a previous game hands on: nothing, R-14) and ``pin``
    (``{"0": [codes], "1": [codes]}``: cards each team must be dealt)."""

    slug = "border-up"
    title = "Border-Up"
    state_type = BorderUpState

    def new(
        self,
        seed: int,
        *,
        level: int = 2,
        window_ms: int = DEFAULT_WINDOW_MS,
        count_ms: int = DEFAULT_COUNT_MS,
        time_limit_ms: int = DEFAULT_TIME_LIMIT_MS,
        carry: Mapping[str, Any] | None = None,
        pin: Mapping[str, Sequence[str]] | None = None,
    ) -> BorderUpState:
        if isinstance(level, bool) or not isinstance(level, int):
            raise ValueError(f"Border-Up is played at levels 2, 3 and 4, not {level!r}")
        n = hand_size(level)  # validates the level
        for label, v in (
            ("window_ms", window_ms),
            ("count_ms", count_ms),
            ("time_limit_ms", time_limit_ms),
        ):
            if isinstance(v, bool) or not isinstance(v, int) or not 0 < v <= MAX_OPTION_MS:
                raise ValueError(
                    f"{label} must be a positive whole number of milliseconds (at most a day)"
                )
        _check_carry(carry)
        forced = _check_pin(pin, n)
        # The dealer shuffles before asking "Are you GeoPlunging?"; the cards are dealt,
        # face down, from this order when the count ends: the first n to Team 1, the
        # next n to Team 2.
        shuffled, rng = Rng.from_seed(seed).shuffle(deck())
        if forced is not None:
            taken = set(forced[0]) | set(forced[1])
            rest = [c for c in shuffled if c not in taken]
            order: list[str] = []
            for team in TEAMS:
                need = n - len(forced[team])
                order += list(forced[team]) + rest[:need]
                rest = rest[need:]
            shuffled = (*order, *rest)
        return BorderUpState(
            level=level,
            window_ms=window_ms,
            count_ms=count_ms,
            time_limit_ms=time_limit_ms,
            rng=rng,
            phase="plunge",
            now=0,
            plunge=(None, None),
            plunge_at=(None, None),
            hands=((), ()),
            deck=shuffled,
            race_start=None,
            shouts=(),
            passed=(None, None),
            ending=None,
            ended_at=None,
            late=(),
        )

    # -------------------------------------------------------------- seats

    def num_seats(self, state: BorderUpState) -> int:
        return 2

    def team_of(self, state: BorderUpState, seat: int) -> int:
        return seat

    def to_move(self, s: BorderUpState) -> frozenset[int]:
        if s.phase == "over":
            return frozenset()
        if s.phase == "plunge":
            teams = [t for t in TEAMS if s.plunge[t] is None]
        else:
            teams = [t for t in TEAMS if self._may_race(s, t)]
        return frozenset((*teams, REFEREE))

    def _has_shouted(self, s: BorderUpState, seat: int) -> bool:
        return any(sh.seat == seat for sh in s.shouts)

    def _may_race(self, s: BorderUpState, seat: int) -> bool:
        """A team may still shout or pass: it has done neither (R-9). Whether the other
        team has shouted does not matter: inside the window it cannot know (R-7, R-12)."""
        return s.passed[seat] is None and not self._has_shouted(s, seat)

    # -------------------------------------------------------------- clock

    def _deal(self, s: BorderUpState, at: int) -> BorderUpState:
        n = hand_size(s.level)
        cards = s.deck
        return replace(
            s,
            phase="race",
            hands=(tuple(sorted(cards[:n])), tuple(sorted(cards[n : 2 * n]))),
            deck=tuple(sorted(cards[2 * n :])),
            race_start=at,
        )

    def _end(self, s: BorderUpState, ending: str, at: int) -> BorderUpState:
        # Everything is public at the end: the clock is past every move.
        times = [s.now, at, *(sh.at for sh in s.shouts), *(x[2] for x in s.late)]
        times += [p for p in s.passed if p is not None]
        return replace(s, phase="over", ending=ending, ended_at=at, now=max(times))

    def _advance(self, s: BorderUpState, t: int) -> BorderUpState:
        """Apply every deadline of the clock that falls at or before ``t`` (R-10)."""
        while True:
            due = s.deadline()
            if due is None or t < due[1]:
                return s
            kind, at = due
            if kind == "count":
                s = replace(self._deal(s, at), now=max(s.now, at))
            elif kind == "close":
                # A pass inside the window came after the shout, which decides.
                after = tuple(
                    (seat, "pass", p)
                    for seat, p in enumerate(s.passed)
                    if p is not None and p >= s.shouts[0].at
                )
                s = replace(s, late=(*s.late, *after))
                s = self._end(s, "simultaneous" if len(s.shouts) > 1 else "shout", at)
            else:
                s = self._end(s, "time", at)

    # -------------------------------------------------------------- moves

    def legal_moves(self, s: BorderUpState, seat: int) -> MoveSpace:
        if s.phase == "over":
            return Moves()
        if seat == REFEREE:
            due = s.deadline()
            return Moves() if due is None else Moves([Move(REFEREE, due[0], None, due[1])])
        if seat not in TEAMS:
            return Moves()
        if s.phase == "plunge":
            if s.plunge[seat] is not None:
                return Moves()
            return Moves([Move(seat, "plunge", True, s.now), Move(seat, "plunge", False, s.now)])
        if not self._may_race(s, seat):
            return Moves()
        # The same whether or not the other team has shouted.
        return ShoutSpace(seat, s.hands[seat], s.level, s.now) | Moves(
            [Move(seat, "pass", None, s.now)]
        )

    def _check_move(self, move: Move) -> None:
        if move.kind not in TEAM_KINDS + CLOCK_KINDS:
            raise MalformedMove(f"unknown Border-Up move {move.kind!r}")
        if move.at is None:
            raise MalformedMove("Border-Up moves are timed: 'at' is required")
        if move.kind == "plunge" and not isinstance(move.data, bool):
            raise MalformedMove("plunge takes true or false")
        if move.kind in ("pass", *CLOCK_KINDS) and move.data is not None:
            raise MalformedMove(f"{move.kind} takes no data")
        if move.kind == "shout":
            _shout_shape(move.data)

    def _apply(self, s: BorderUpState, move: Move) -> BorderUpState:
        self._check_move(move)
        at = move.at
        assert at is not None
        if at < s.now:  # the public clock
            raise IllegalMove(f"time runs forward: {at} < {s.now}")
        if move.kind in CLOCK_KINDS:
            if move.seat != REFEREE:
                raise IllegalMove("only the table clock calls time")
            deadline = s.deadline()
            if deadline is None:
                raise IllegalMove("the game is over: the clock has nothing to call")
            kind, due = deadline
            if move.kind != kind:
                raise IllegalMove(f"the clock's next call is {kind!r}, not {move.kind!r}")
            if at < due:
                raise IllegalMove(f"too early: the {kind} is due at {due} ms")
            return replace(self._advance(s, at), now=at)
        if move.seat not in TEAMS:
            raise IllegalMove(f"seat {move.seat} is not a team")
        seat = move.seat
        why = self._refusal(s, move)
        if why is not None:
            raise IllegalMove(why)
        if move.kind == "shout":
            s_dealt = self._advance(s, at) if s.phase == "plunge" else s
            _, groups = _shout_shape(move.data)
            why = _shout_illegal(groups, s_dealt.hands[seat])
            if why:
                raise IllegalMove(why)
        s = self._advance(s, at)
        if s.phase == "over" or (move.kind == "plunge" and s.phase != "plunge"):
            # After a deadline the clock had not called yet: recorded, no effect.
            return replace(s, now=max(s.now, at), late=(*s.late, (seat, move.kind, at)))
        if move.kind == "plunge":
            # A secret decision: the public clock does not move until both are in.
            s = replace(
                s, plunge=_set(s.plunge, seat, move.data), plunge_at=_set(s.plunge_at, seat, at)
            )
            a, b = s.plunge_at
            if None not in s.plunge and a is not None and b is not None:
                dealt_at = max(a, b)
                s = replace(self._deal(s, dealt_at), now=max(s.now, dealt_at))
            return s
        hidden = next((sh for sh in s.shouts if sh.seat != seat), None)
        if move.kind == "pass":
            s = replace(s, passed=_set(s.passed, seat, at), now=at)
            if hidden is not None and at < hidden.at:
                # The pass came first: nobody was left to shout with the other team's
                # shout, which is judged at its own time.
                return self._end(s, "shout", hidden.at)
            # Inside the other team's shout window the pass is recorded and the shout,
            # which came first, decides when the window closes.
            if None not in s.passed:
                return self._end(s, "pass", at)
            return s
        call, groups = _shout_shape(move.data)
        mine = Shout(seat, at, call, groups)
        if hidden is not None:
            first, second = (hidden, mine) if hidden.at <= at else (mine, hidden)
            if second.at < first.at + s.window_ms:  # simultaneous
                return self._end(replace(s, shouts=(first, second)), "simultaneous", second.at)
            # This shout came first, and its window closed before the other one.
            s = replace(s, shouts=(mine,), late=(*s.late, (hidden.seat, "shout", hidden.at)))
            return self._end(s, "shout", at + s.window_ms)
        if s.passed[1 - seat] is not None:  # nobody left to shout with it
            return self._end(replace(s, shouts=(mine,), now=at), "shout", at)
        # The window opens; the other team does not see it: the clock stays.
        return replace(s, shouts=(mine,))

    def _refusal(self, s: BorderUpState, move: Move) -> str | None:
        """Why a team's move is refused before the clock is read (R-5, R-8, R-9), or
        None. Nothing here depends on what the team cannot see (R-7, R-8, R-12)."""
        seat, at = move.seat, move.at
        assert at is not None
        if move.kind == "plunge":
            if s.plunge[seat] is not None:
                return "this team has already decided"
            if s.phase != "plunge":
                return "the GeoPlunging count is over"
        if move.kind in ("shout", "pass"):
            if s.phase == "plunge" and at < s.count_ms:
                return "the cards are not dealt yet: no shout or pass before the deal"
            if s.passed[seat] is not None:
                return "this team has passed"
            if self._has_shouted(s, seat):
                return "this team has already shouted"
        return None

    # -------------------------------------------------------------- outcome

    def is_over(self, s: BorderUpState) -> bool:
        return s.phase == "over"

    def outcome(self, s: BorderUpState) -> tuple[int | None, bool]:
        """(winner or None for a tie, bonus) of a finished game: a valid shout wins (bonus
        for ThreeOPlunge), an invalid one gives the other team the win and the bonus
        (R-6); simultaneous shouts tie unless only one is valid (R-7); time or two passes
        tie (R-9)."""
        if s.phase != "over" or s.ending in ("time", "pass"):
            return (None, False)
        checks = [self._judge(s, sh) for sh in s.shouts]
        if len(s.shouts) == 1:
            sh, ok = s.shouts[0], checks[0].valid
            return (sh.seat, sh.call == "threeoplunge") if ok else (1 - sh.seat, True)
        valid = [sh.seat for sh, c in zip(s.shouts, checks, strict=True) if c.valid]
        return (valid[0], True) if len(valid) == 1 else (None, False)

    def _judge(self, s: BorderUpState, sh: Shout) -> ShoutCheck:
        return check_shout(sh.call, sh.groups, s.level)

    def plunged(self, s: BorderUpState) -> tuple[bool, bool]:
        return (s.plunge[0] is True, s.plunge[1] is True)

    def points(self, s: BorderUpState) -> tuple[int, int]:
        """Points per team (R-1); (0, 0) until the game is over."""
        if s.phase != "over":
            return (0, 0)
        winner, bonus = self.outcome(s)
        return scoring.score(winner, bonus, self.plunged(s))

    # -------------------------------------------------------------- views

    def _revealed(self, s: BorderUpState) -> bool:
        return s.phase != "plunge"

    def view(self, s: BorderUpState, seat: int) -> dict[str, Any]:
        """What ``seat`` sees (R-11), as JSON with cards as postal codes; ``REFEREE``
        gets the public view (what everybody may see, R-13):

        ``game``, ``level``, ``seat``, ``phase`` ("plunge", "race", "over"), ``now``: the
        time (ms) of the last event this seat has seen;
        ``clock`` (teams only): the next call of the table clock this team knows of,
        ``{"kind", "at"}`` ("count" in the GeoPlunging phase, "time" in the race; a team
        that has shouted sees "close", the end of its shout window; None at the end);
        ``timing``: ``count_ms``, ``window_ms``, ``time_limit_ms``, ``race_start``,
        ``race_ends``; ``actions``: the move kinds this seat may send now
        (``["plunge"]``, ``["shout", "pass"]``...; none in the public view);
        ``hand_size`` (cards dealt per team); ``plunge``: ``{"mine": bool | None,
        "revealed": bool, "teams": [bool, bool] | None}`` (R-8); ``hand``: the team's
        own cards, sorted (None in the public view); ``cards_held``: both teams' card
        counts; ``passed``: per team; ``shouted``: shouts this seat may see, ``{"team",
        "at", "call", "groups"}`` (its own at once, the other team's at the end, R-7); at
        the end ``hands`` (both) and ``result`` (see :func:`result`), otherwise None.

        Nothing in it depends on the other team's hand, on its secret decision before
        the reveal, or on its shout inside the window (R-7, R-8, R-12).
        """
        team = seat in TEAMS
        over = s.phase == "over"
        due = s.deadline()
        ends = s.race_ends  # set once the race starts: a shout window is inside it
        if (
            due
            and due[0] == "close"
            and ends is not None
            and not (team and self._has_shouted(s, seat))
        ):
            due = ("time", ends)  # the shout stays hidden in its window
        actions: list[str] = []
        if team and not over:
            if s.phase == "plunge":
                actions = ["plunge"] if s.plunge[seat] is None else []
            elif self._may_race(s, seat):
                actions = ["shout", "pass"]
        v = {
            "game": self.slug,
            "level": s.level,
            "seat": seat,
            "phase": s.phase,
            "now": s.now if over else self._seen_now(s, seat),
            "clock": {"kind": due[0], "at": due[1]} if due else None,
            "timing": {
                "count_ms": s.count_ms,
                "window_ms": s.window_ms,
                "time_limit_ms": s.time_limit_ms,
                "race_start": s.race_start,
                "race_ends": s.race_ends,
            },
            "actions": actions,
            "hand_size": hand_size(s.level),
            "plunge": {
                "mine": s.plunge[seat] if team else None,
                "revealed": self._revealed(s),
                "teams": list(self.plunged(s)) if self._revealed(s) else None,
            },
            "hand": list(s.hands[seat]) if team else None,
            "cards_held": [len(h) for h in s.hands],
            "passed": [p is not None for p in s.passed],
            "shouted": [sh.to_json() for sh in s.shouts if over or (team and sh.seat == seat)],
            "hands": [list(h) for h in s.hands] if over else None,
            "result": result(s) if over else None,
        }
        if not team:
            # The public view has no clock: the table's next call may be the end of a
            # window nobody else may know of; the table reads it from the
            # clock's own legal move.
            del v["clock"]
        return v

    def _seen_now(self, s: BorderUpState, seat: int) -> int:
        """The time of the last event ``seat`` has seen: the public clock, or its own
        secret decision or shout if later (R-13)."""
        times = [s.now]  # the public clock
        if seat in TEAMS:
            times.append(s.plunge_at[seat] or 0)
            times += [sh.at for sh in s.shouts if sh.seat == seat]
        return max(times)

    # -------------------------------------------------------------- hidden information

    def resample(self, s: BorderUpState, seat: int, rng: Rng) -> BorderUpState:
        """A state ``seat`` cannot tell from ``s``, drawn with ``rng`` from what it sees:
        the other team's hand and the undealt cards (before the deal, the whole deck
        order); before the reveal, the other team's GeoPlunging decision and its time;
        inside a shout window the team that did not shout cannot see, whether the other
        team shouted, when and what; and the state's RNG. For the public view
        (``REFEREE``) both hands and decisions are hidden, and a shout's time is known
        (the clock must close its window) but not its team or cards."""
        if not isinstance(s, BorderUpState):
            raise CorruptState("not a Border-Up state")
        world_rng, rng = rng.split()
        if s.phase == "over":  # everything is on the table
            return replace(s, rng=world_rng)
        if s.phase == "plunge":
            shuffled, rng = rng.shuffle(deck())
            plunge, plunge_at = list(s.plunge), list(s.plunge_at)
            hidden = [t for t in TEAMS if t != seat]
            for t in hidden:
                plunge[t], plunge_at[t] = None, None
            for t in hidden:
                pick, rng = rng.below(3)
                when, rng = rng.below(s.count_ms)
                if any(plunge[u] is not None for u in TEAMS if u != t):
                    continue  # both decided would have dealt the cards
                plunge[t] = (None, True, False)[pick]
                plunge_at[t] = None if pick == 0 else when
            return replace(
                s,
                rng=world_rng,
                deck=shuffled,
                plunge=(plunge[0], plunge[1]),
                plunge_at=(plunge_at[0], plunge_at[1]),
            )
        # The race: re-deal what the seat has not seen.
        n = hand_size(s.level)
        seen = set(s.hands[seat]) if seat in TEAMS else set()
        pool, rng = rng.shuffle(sorted(set(deck()) - seen))
        hands = [s.hands[0], s.hands[1]]
        for t in TEAMS:
            if t != seat:
                hands[t], pool = tuple(sorted(pool[:n])), pool[n:]
        shouts = s.shouts
        if seat in TEAMS:
            if not self._has_shouted(s, seat):
                shout, rng = self._draw_hidden_shout(s, seat, hands, rng)
                shouts = () if shout is None else (shout,)
        elif s.shouts:
            first = s.shouts[0]
            can = [t for t in TEAMS if s.passed[t] is None]
            pick, rng = rng.below(len(can))
            shouts = (self._random_shout(s, can[pick], first.at, hands[can[pick]], rng),)
            _, rng = rng.next64()
        return replace(
            s,
            rng=world_rng,
            hands=(hands[0], hands[1]),
            deck=tuple(sorted(pool)),
            shouts=shouts,
        )

    def _draw_hidden_shout(
        self, s: BorderUpState, seat: int, hands: list[tuple[str, ...]], rng: Rng
    ) -> tuple[Shout | None, Rng]:
        """Whether the other team shouted inside a window still open, when and what: a
        draw that depends only on what ``seat`` sees (the clock, both passes)."""
        other = 1 - seat
        # It came after every public move before it (the deal, a late decision)...
        lo = max([s.race_start or 0, *(x[2] for x in s.late)])
        hi = min(s.now + s.window_ms - 1, (s.race_ends or 0) - 1)
        mine = s.passed[seat]
        if mine is None:
            lo = max(lo, s.now)
        else:  # ...and before this team's pass, which fell inside its window
            lo, hi = max(lo, mine - s.window_ms + 1), mine
        coin, rng = rng.below(2)
        when, rng = rng.below(max(1, hi - lo + 1))
        sub, rng = rng.split()
        if s.passed[other] is not None or hi < lo or coin == 0:
            return None, rng
        return self._random_shout(s, other, lo + when, hands[other], sub), rng

    def _random_shout(
        self, s: BorderUpState, seat: int, at: int, hand: Sequence[str], rng: Rng
    ) -> Shout:
        r = rng.random()
        call = r.choice(tuple(CALLS))
        groups = _random_groups(hand, s.level, call, r)
        return Shout(seat, at, call, tuple(tuple(g) for g in groups))

    def pin(self, s: BorderUpState, seat: int) -> dict[str, Any]:
        """``{"pin": {"0": [...], "1": [...]}}``: the cards each team must be dealt so that,
        with another seed, ``seat`` sees what it saw: its own hand, every card a shout
        named (by the team that shouted it) and, once the game is over, both hands."""
        out: dict[str, list[str]] = {"0": [], "1": []}
        if s.phase == "over":
            for t in TEAMS:
                out[str(t)] = list(s.hands[t])
        elif s.phase == "race":
            if seat in TEAMS:
                out[str(seat)] = list(s.hands[seat])
            for sh in s.shouts:
                out[str(sh.seat)] += [c for g in sh.groups for c in g]
        return {"pin": {k: sorted(set(v)) for k, v in out.items()}}

    # -------------------------------------------------------------- JSON

    def state_to_json(self, s: BorderUpState) -> dict[str, Any]:
        return {
            "level": s.level,
            "window_ms": s.window_ms,
            "count_ms": s.count_ms,
            "time_limit_ms": s.time_limit_ms,
            "rng": s.rng.state,
            "phase": s.phase,
            "now": s.now,
            "plunge": list(s.plunge),
            "plunge_at": list(s.plunge_at),
            "hands": [list(h) for h in s.hands],
            "deck": list(s.deck),
            "race_start": s.race_start,
            "shouts": [[sh.seat, sh.at, sh.call, [list(g) for g in sh.groups]] for sh in s.shouts],
            "passed": list(s.passed),
            "ending": s.ending,
            "ended_at": s.ended_at,
            "late": [list(x) for x in s.late],
        }

    def state_from_json(self, obj: Any) -> BorderUpState:
        """A saved state, checked against the rules: anything a game cannot reach raises
        :class:`~cardroom.core.CorruptState` saying what is wrong (Game.__init_subclass__
        turns whatever else goes wrong into one too)."""
        return _load(obj)


GAME = BorderUp()


# ------------------------------------------------------------------ options


def _check_carry(carry: Any) -> None:
    """``carry`` is what the previous game of a match hands on (``{"winner": 0 | 1 |
    None}``). Border-Up opens every match and no rule reads it (R-14): it is checked and
    otherwise ignored."""
    if carry is None:
        return
    if not isinstance(carry, Mapping) or set(carry) - {"winner"}:
        raise ValueError('carry is {"winner": 0, 1 or null}')
    w = carry.get("winner")
    if w is not None and (isinstance(w, bool) or w not in TEAMS):
        raise ValueError('carry is {"winner": 0, 1 or null}')


def _check_pin(pin: Any, n: int) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    if pin is None:
        return None
    if not isinstance(pin, Mapping) or set(pin) - {"0", "1"}:
        raise ValueError('pin is {"0": [cards], "1": [cards]}')
    known = set(deck())
    out: list[tuple[str, ...]] = []
    for team in TEAMS:
        cards = pin.get(str(team), [])
        if not isinstance(cards, (list, tuple)) or len(cards) > n:
            raise ValueError(f"pin for team {team} must be a list of at most {n} cards")
        for c in cards:
            if not isinstance(c, str) or c not in known:
                raise ValueError(f"pin names an unknown card {c!r}")
        out.append(tuple(cards))
    every = out[0] + out[1]
    if len(set(every)) != len(every):
        raise ValueError("pin names a card twice")
    return (out[0], out[1])


# ------------------------------------------------------------------ loading


def _load(obj: Any) -> BorderUpState:
    f = Fields(obj, "Border-Up state")
    level = f.get_int("level", 2, 4)
    n = hand_size(level)
    window_ms = f.get_int("window_ms", 1, MAX_OPTION_MS)
    count_ms = f.get_int("count_ms", 1, MAX_OPTION_MS)
    time_limit_ms = f.get_int("time_limit_ms", 1, MAX_OPTION_MS)
    rng = Rng(f.get_int("rng", 0, 2**64 - 1))
    phase = f.get_str("phase", PHASES)
    now = f.get_int("now", 0, 2**53 - 1)

    def opt_bool(v: Any, where: str) -> bool | None:
        if v is not None and not isinstance(v, bool):
            raise f.fail(f"{where} must be true, false or null, not {v!r}")
        return v

    def opt_time(v: Any, where: str) -> int | None:
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < 2**53:
            raise f.fail(f"{where} must be a time in milliseconds or null, not {v!r}")
        return v

    codes = set(deck())

    def card_list(v: Any, where: str) -> tuple[str, ...]:
        if not isinstance(v, list) or len(v) > 50:
            raise f.fail(f"{where} must be a list of cards")
        for c in v:
            if not isinstance(c, str) or c not in codes:
                raise f.fail(f"{where} holds an unknown card {c!r}")
        return tuple(v)

    plunge = f.get_list("plunge", opt_bool, length=2)
    plunge_at = f.get_list("plunge_at", opt_time, length=2)
    hands = f.get_list("hands", card_list, length=2)
    deck_ = card_list(f.raw("deck"), "deck")
    race_start = opt_time(f.raw("race_start"), "race_start")

    def shout(v: Any, where: str) -> Shout:
        if not isinstance(v, list) or len(v) != 4:
            raise f.fail(f"{where} must be [team, at, call, groups]")
        seat, at, call, groups = v
        if isinstance(seat, bool) or seat not in TEAMS:
            raise f.fail(f"{where}: {seat!r} is not a team")
        at = opt_time(at, where)
        if at is None:
            raise f.fail(f"{where} has no time")
        if call not in CALLS:
            raise f.fail(f"{where}: unknown call {call!r}")
        if not isinstance(groups, list) or len(groups) > 50:
            raise f.fail(f"{where}: groups must be a list")
        gs = tuple(card_list(g, f"{where} group") for g in groups)
        return Shout(seat, at, call, gs)

    shouts = f.get_list("shouts", shout, max_length=2)
    passed = f.get_list("passed", opt_time, length=2)
    ending = f.get_str("ending", ENDINGS, null=True)
    ended_at = opt_time(f.raw("ended_at"), "ended_at")

    def late_entry(v: Any, where: str) -> tuple[int, str, int]:
        if not isinstance(v, list) or len(v) != 3:
            raise f.fail(f"{where} must be [team, kind, at]")
        seat, kind, at = v
        if isinstance(seat, bool) or seat not in TEAMS or kind not in TEAM_KINDS:
            raise f.fail(f"{where} is not a late team move")
        at = opt_time(at, where)
        if at is None:
            raise f.fail(f"{where} has no time")
        return (seat, kind, at)

    late = f.get_list("late", late_entry, max_length=10)
    f.done()

    s = BorderUpState(
        level=level,
        window_ms=window_ms,
        count_ms=count_ms,
        time_limit_ms=time_limit_ms,
        rng=rng,
        phase=phase,
        now=now,
        plunge=(plunge[0], plunge[1]),
        plunge_at=(plunge_at[0], plunge_at[1]),
        hands=(hands[0], hands[1]),
        deck=deck_,
        race_start=race_start,
        shouts=shouts,
        passed=(passed[0], passed[1]),
        ending=ending,
        ended_at=ended_at,
        late=late,
    )
    _check_consistent(s, n, f)
    return s


def _check_consistent(s: BorderUpState, n: int, f: Fields) -> None:
    """The phase and the data agree, as only a real game can leave them."""
    every = s.hands[0] + s.hands[1] + s.deck
    f.check(len(set(every)) == len(every), "a card is in two places")
    f.check(set(every) == set(deck()), "cards are missing")
    for t in TEAMS:
        f.check(
            (s.plunge[t] is None) == (s.plunge_at[t] is None),
            f"team {t}'s GeoPlunging decision and its time disagree",
        )
        f.check(
            s.plunge_at[t] is None or s.plunge_at[t] < s.count_ms,  # type: ignore[operator]
            f"team {t} decided after the count",
        )
    for _seat, kind, at in s.late:
        f.check(kind != "plunge" or at >= s.count_ms, "a late decision inside the count")
        f.check(kind == "plunge" or s.phase == "over", "a late shout or pass before the end")
        f.check(at <= s.now, "a late move after the clock")
    if s.phase == "plunge":
        f.check(s.hands == ((), ()) and len(s.deck) == 50, "cards are dealt before the count ends")
        f.check(s.race_start is None, "the race starts before the deal")
        f.check(not s.shouts, "a shout before the deal")
        f.check(s.passed == (None, None), "a pass before the deal")
        f.check(s.ending is None and s.ended_at is None, "the game ends before the deal")
        f.check(None in s.plunge, "both teams decided but the cards are not dealt")
        f.check(s.now == 0, "the public clock moves before the deal")
        f.check(not s.late, "a late move before the deal")
        return
    rs = s.race_start
    f.check(rs is not None, "no race start after the deal")
    assert rs is not None
    f.check(all(len(h) == n for h in s.hands), f"each team holds {n} cards at this level")
    f.check(all(list(h) == sorted(h) for h in s.hands), "hands are kept sorted")
    f.check(list(s.deck) == sorted(s.deck), "the undealt cards are kept sorted")
    if None in s.plunge:
        f.check(rs == s.count_ms, "the count closed the decisions, so the race starts then")
    else:
        f.check(rs == max(s.plunge_at), "the cards are dealt once both teams decide")  # type: ignore[type-var]
    f.check(rs <= s.now, "the deal is after the clock")
    for t in TEAMS:
        p = s.passed[t]
        f.check(p is None or rs <= p <= s.now, "a pass before the deal or after the clock")
    teams = [sh.seat for sh in s.shouts]
    f.check(len(set(teams)) == len(teams), "a team shouted twice")
    f.check(list(s.shouts) == sorted(s.shouts, key=lambda sh: sh.at), "shouts out of order")
    for sh in s.shouts:
        f.check(sh.at >= rs, "a shout before the deal")
        f.check(s.phase == "over" or sh.at < rs + s.time_limit_ms, "a shout after the time")
        f.check(s.passed[sh.seat] is None, "a team shouted and passed")
        f.check(
            _shout_illegal(sh.groups, s.hands[sh.seat]) is None,
            "a shout shows cards its team does not hold, or a card twice",
        )
        other = s.passed[1 - sh.seat]
        if other is not None and other < sh.at:  # nobody could shout with it
            f.check(
                s.phase == "over" and s.ending == "shout" and s.ended_at == sh.at,
                "a shout after the other team passed is judged at once",
            )
    if s.phase == "race":
        f.check(s.ending is None and s.ended_at is None, "the race is on but the game has ended")
        f.check(None in s.passed, "both teams passed but the game goes on")
        f.check(len(s.shouts) <= 1, "two shouts but the game goes on")
        due = s.deadline()
        assert due is not None
        f.check(s.now < due[1], f"the clock's {due[0]} is past but the game goes on")
        return
    f.check(s.ending is not None and s.ended_at is not None, "the game is over without an end")
    end = s.ended_at
    assert end is not None
    f.check(rs <= end <= s.now, "the game ends outside the race")
    f.check(all(sh.at <= s.now for sh in s.shouts), "a shout after the clock at the end")
    if s.ending == "time":
        f.check(not s.shouts and end == rs + s.time_limit_ms, "time is called at the limit only")
        f.check(None in s.passed, "time is called on a race both teams gave up")
    elif s.ending == "pass":
        f.check(not s.shouts and None not in s.passed, "a game ends by passes when both pass")
        f.check(end == max(s.passed), "the game ends at the second pass")  # type: ignore[type-var]
    elif s.ending == "shout":
        f.check(len(s.shouts) == 1, "a game decided by one shout has one")
        sh = s.shouts[0]
        f.check(end in (sh.at, sh.at + s.window_ms), "a shout ends the game at its window's end")
    else:
        f.check(len(s.shouts) == 2, "simultaneous shouts are two")
        a, b = s.shouts
        f.check(b.at < a.at + s.window_ms and end == b.at, "simultaneous shouts share a window")


# ------------------------------------------------------------------ the result


def _seconds(ms: int) -> str:
    return f"{ms / 1000:.1f} s"


def result(s: BorderUpState) -> dict[str, Any]:
    """Who won and why, as JSON for the result screen (only for a finished game):

    ``winner`` (0, 1 or None for a tie), ``bonus``, ``ending`` ("shout",
    "simultaneous", "time", "pass"), ``summary`` (one sentence), ``shouts`` (each with
    its call, time since the deal, and every group checked with its reason), ``late``
    (moves that came after a deadline), ``plunged``, ``points``, ``scoring`` (the lines
    of the scoring table that applied) and ``solutions`` (per team, what its hand held:
    the solver's GeoPlunge and ThreeOPlunge, for "you could have made...")."""
    if s.phase != "over":
        raise ValueError("the game is not over")
    game = GAME
    winner, bonus = game.outcome(s)
    plunged = game.plunged(s)
    start = s.race_start or 0
    shouts = []
    checks: list[ShoutCheck] = []
    for sh in s.shouts:
        c = game._judge(s, sh)
        checks.append(c)
        shouts.append(
            {
                **sh.to_json(),
                "after_ms": sh.at - start,
                **{k: v for k, v in c.to_json().items() if k != "call"},
                "groups": [g.to_json() for g in c.groups],
            }
        )
    late = []
    for seat, kind, at in s.late:
        what = {
            "plunge": "decided after the count: not GeoPlunging",
            "shout": "shouted after the shout window closed: too late to count",
            "pass": "passed after the game was decided",
        }.get(kind, kind)
        if kind == "pass" and s.ended_at is not None and at < s.ended_at:
            what = "passed after the other team had shouted: the shout decides"
        late.append({"team": seat, "kind": kind, "at": at, "note": f"{team_name(seat)} {what}"})
    summary = _summary(s, winner, bonus, checks)
    lines = scoring.breakdown(winner, bonus, plunged)
    return {
        "winner": winner,
        "bonus": bonus,
        "ending": s.ending,
        "summary": summary,
        "shouts": shouts,
        "late": late,
        "plunged": list(plunged),
        "points": list(scoring.score(winner, bonus, plunged)),
        "scoring": [ln.to_json() for ln in lines],
        "solutions": [_solution(h, s.level) for h in s.hands],
    }


@lru_cache(maxsize=64)
def _solved(hand: tuple[str, ...], level: int) -> solver.Solution:
    return solver.solve(hand, level)


def _solution(hand: tuple[str, ...], level: int) -> dict[str, Any]:
    """What ``hand`` held (the solver's answer, kept: a finished game's view is asked
    for often)."""
    return _solved(tuple(hand), level).to_json()


def _summary(s: BorderUpState, winner: int | None, bonus: bool, checks: list[ShoutCheck]) -> str:
    if s.ending == "time":
        return f"Time: nobody shouted within {_seconds(s.time_limit_ms)}, so the game is a tie."
    if s.ending == "pass":
        return "Both teams passed, so the game is a tie."
    if len(s.shouts) == 1:
        sh, c = s.shouts[0], checks[0]
        who, call = team_name(sh.seat), call_name(sh.call)
        if c.valid:
            extra = " and earns the bonus" if bonus else ""
            return f"{who} shouted {call} with {c.reason}: {who} wins{extra}."
        return (
            f"{who} shouted {call}, but {c.reason}. {team_name(1 - sh.seat)} wins with the bonus."
        )
    a, b = s.shouts
    gap = b.at - a.at
    head = f"Both teams shouted within {gap} ms (simultaneous)"
    ok = [c.valid for c in checks]
    if all(ok):
        return f"{head} and both showed winning groups: a tie."
    if not any(ok):
        return f"{head} and neither showed winning groups: a tie."
    w = winner if winner is not None else 0
    loser_check = checks[1] if ok[0] else checks[0]
    return (
        f"{head}; only {team_name(w)} showed winning groups "
        f"({team_name(1 - w)}: {loser_check.reason}), so {team_name(w)} wins with the bonus."
    )

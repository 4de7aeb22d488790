"""Border-Up (GeoPlunge Game 1) at Levels 2, 3 and 4 as a :class:`~cardroom.core.Game`.

A game runs through three phases on the table's clock (milliseconds, every move timed):

``plunge``
    "Are you GeoPlunging?" is asked at time 0 and the dealer counts to 5: each team sends
    ``Move(seat, "plunge", True|False, at)`` once. When both have decided the cards are
    dealt at once; otherwise the clock (``Move(REFEREE, "count", None, at >= count_ms)``)
    closes the count and an undecided team is not GeoPlunging (R-8).
``race``
    "Ready, Set, GeoPlunge!": each team holds 18 cards (21 at Level 4) and races to shout
    ``Move(seat, "shout", [call, groups], at)`` with ``call`` ``"geoplunge"`` (2 groups) or
    ``"threeoplunge"`` (3 groups) and ``groups`` the cards of each group as sorted, e.g.
    ``["geoplunge", [["KS","MO","KY","WV","PA"], ["MD","VA","NC"]]]``. The first shout
    opens a window of ``window_ms`` (300 ms): a shout of the other team inside it is
    simultaneous; the clock (``"close"``) ends the window (R-7). A team may give up with
    ``Move(seat, "pass", None, at)`` (R-9); if nobody shouts, the clock calls time
    (``"time"``) after ``time_limit_ms`` and the game is a tie.
``over``
    :func:`result` explains who won and why, with each group checked.

Moves are judged by their times, not by their arrival (R-10): a move timed after a
deadline the clock has not called yet is applied after that deadline (a decision after the
count does not GeoPlunge; a shout after the window does not count).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import atlas, scoring
from ..core import REFEREE, Game, IllegalMove, MalformedMove, Move, Moves, MoveSpace, Rng
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

DEFAULT_WINDOW_MS = 300
DEFAULT_COUNT_MS = 5000
DEFAULT_TIME_LIMIT_MS = 5 * 60 * 1000


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
    now: int  # time of the last move (ms)
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
        """The clock's next call: (kind, time) or None when the game is over."""
        if self.phase == "plunge":
            return ("count", self.count_ms)
        if self.phase == "race":
            if self.shouts:
                return ("close", self.shouts[0].at + self.window_ms)
            return ("time", self.race_start + self.time_limit_ms)  # type: ignore[operator]
        return None


def _set(pair: tuple[Any, Any], seat: int, value: Any) -> tuple[Any, Any]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


# ------------------------------------------------------------------ shout shapes


def _shout_shape(data: Any) -> tuple[str, tuple[tuple[str, ...], ...]]:
    """``[call, groups]`` or MalformedMove (R-5)."""
    if not isinstance(data, tuple) or len(data) != 2:
        raise MalformedMove("a shout is [call, groups]")
    call, groups = data
    if call not in CALLS:
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
            layout = list(rng.choice(shout_layouts(self.level, call)))
            rng.shuffle(layout)
            cards = list(self.hand)
            rng.shuffle(cards)
            groups = []
            for n in layout:
                groups.append(cards[:n])
                cards = cards[n:]
        return Move(self.seat, "shout", [call, groups], self.at)

    def __repr__(self) -> str:
        return f"ShoutSpace(seat={self.seat}, level={self.level})"


# ------------------------------------------------------------------ the game


class BorderUp(Game):
    """Border-Up: options ``level`` (2, 3 or 4), ``window_ms`` (simultaneous shouts,
    300), ``count_ms`` (the GeoPlunging count, 5000), ``time_limit_ms`` (the race, 5
    minutes)."""

    slug = "border-up"
    title = "Border-Up"
    seats = 2

    def new(
        self,
        seed: int,
        *,
        level: int = 2,
        window_ms: int = DEFAULT_WINDOW_MS,
        count_ms: int = DEFAULT_COUNT_MS,
        time_limit_ms: int = DEFAULT_TIME_LIMIT_MS,
    ) -> BorderUpState:
        hand_size(level)  # validates the level
        for label, v in (
            ("window_ms", window_ms),
            ("count_ms", count_ms),
            ("time_limit_ms", time_limit_ms),
        ):
            if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
                raise ValueError(f"{label} must be a positive whole number of milliseconds")
        # The dealer shuffles before asking "Are you GeoPlunging?"; the cards are dealt,
        # face down, from this order when the count ends.
        shuffled, rng = Rng.from_seed(seed).shuffle(deck())
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
        return replace(s, phase="over", ending=ending, ended_at=at)

    def _advance(self, s: BorderUpState, t: int) -> BorderUpState:
        """Apply every deadline of the clock that falls at or before ``t`` (R-10)."""
        while True:
            due = s.deadline()
            if due is None or t < due[1]:
                return s
            kind, at = due
            if kind == "count":
                s = self._deal(s, at)
            elif kind == "close":
                s = self._end(s, "simultaneous" if len(s.shouts) > 1 else "shout", at)
            else:
                s = self._end(s, "time", at)

    # -------------------------------------------------------------- moves

    def legal_moves(self, s: BorderUpState, seat: int) -> MoveSpace:
        if s.phase == "over":
            return Moves()
        if seat == REFEREE:
            kind, at = s.deadline()  # type: ignore[misc]
            return Moves([Move(REFEREE, kind, None, at)])
        if seat not in (0, 1):
            return Moves()
        if s.phase == "plunge":
            if s.plunge[seat] is not None:
                return Moves()
            return Moves([Move(seat, "plunge", True, s.now), Move(seat, "plunge", False, s.now)])
        if s.passed[seat] is not None or any(sh.seat == seat for sh in s.shouts):
            return Moves()
        shout = ShoutSpace(seat, s.hands[seat], s.level, s.now)
        if s.shouts:  # a shout is being judged: only a simultaneous shout now
            return shout
        return shout | Moves([Move(seat, "pass", None, s.now)])

    def _check_move(self, move: Any) -> None:
        if not isinstance(move, Move):
            raise MalformedMove("not a Move")
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

    def apply(self, s: BorderUpState, move: Move) -> BorderUpState:
        self._check_move(move)
        if s.phase == "over":
            raise IllegalMove("the game is over")
        if move.at < s.now:
            raise IllegalMove(f"time runs forward: {move.at} < {s.now}")
        if move.kind in CLOCK_KINDS:
            if move.seat != REFEREE:
                raise IllegalMove("only the table clock calls time")
            kind, at = s.deadline()  # type: ignore[misc]
            if move.kind != kind:
                raise IllegalMove(f"the clock's next call is {kind!r}, not {move.kind!r}")
            if move.at < at:
                raise IllegalMove(f"too early: the {kind} is due at {at} ms")
            return replace(self._advance(s, move.at), now=move.at)
        if move.seat not in (0, 1):
            raise IllegalMove(f"seat {move.seat} is not a team")
        seat, at = move.seat, move.at
        # Refusals that do not depend on the clock come first.
        if move.kind == "plunge":
            if s.plunge[seat] is not None:
                raise IllegalMove("this team has already decided")
            if s.phase != "plunge":
                raise IllegalMove("the GeoPlunging count is over")
        if move.kind in ("shout", "pass"):
            if s.phase == "plunge" and at < s.count_ms:
                raise IllegalMove("the cards are not dealt yet")
            if s.passed[seat] is not None:
                raise IllegalMove("this team has passed")
            if any(sh.seat == seat for sh in s.shouts):
                raise IllegalMove("this team has already shouted")
            if move.kind == "pass" and s.shouts:
                raise IllegalMove("a shout is being judged")
        if move.kind == "shout":
            s_dealt = self._advance(s, at) if s.phase == "plunge" else s
            _, groups = _shout_shape(move.data)
            why = _shout_illegal(groups, s_dealt.hands[seat])
            if why:
                raise IllegalMove(why)
        s = self._advance(s, at)
        s = replace(s, now=at)
        if s.phase == "over" or (move.kind == "plunge" and s.phase != "plunge"):
            # After a deadline the clock had not called yet: recorded, no effect.
            return replace(s, late=(*s.late, (seat, move.kind, at)))
        if move.kind == "plunge":
            s = replace(
                s, plunge=_set(s.plunge, seat, move.data), plunge_at=_set(s.plunge_at, seat, at)
            )
            if None not in s.plunge:
                s = self._deal(s, at)
            return s
        if move.kind == "pass":
            s = replace(s, passed=_set(s.passed, seat, at))
            if None not in s.passed:
                s = self._end(s, "pass", at)
            return s
        call, groups = _shout_shape(move.data)
        s = replace(s, shouts=(*s.shouts, Shout(seat, at, call, groups)))
        if len(s.shouts) == 2:
            return self._end(s, "simultaneous", at)
        if s.passed[1 - seat] is not None:  # nobody left to shout with it
            return self._end(s, "shout", at)
        return s

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
        if s.phase != "over":
            return (0, 0)
        winner, bonus = self.outcome(s)
        return scoring.score(winner, bonus, self.plunged(s))

    # -------------------------------------------------------------- views

    def _revealed(self, s: BorderUpState) -> bool:
        return s.phase != "plunge"

    def view(self, s: BorderUpState, seat: int) -> dict[str, Any]:
        """What ``seat`` sees (R-11), as JSON with cards as postal codes:

        ``game``, ``level``, ``seat``, ``phase`` ("plunge", "race", "over"), ``now``: the
        time (ms) of the last event this seat has seen;
        ``clock``: the next call of the table clock, ``{"kind", "at"}`` ("count" in the
        GeoPlunging phase, "time" in the race; a team that has shouted sees "close", the
        end of its shout window; None at the end); ``timing``: ``count_ms``,
        ``window_ms``, ``time_limit_ms``, ``race_start``, ``race_ends``;
        ``actions``: the move kinds this seat may send now (``["plunge"]``,
        ``["shout", "pass"]``...); ``hand_size`` (cards dealt per team);
        ``plunge``: ``{"mine": bool | None, "revealed": bool, "teams": [bool, bool] |
        None}`` (R-8); ``hand``: the team's own cards, sorted (None for the clock);
        ``cards_held``: both teams' card counts; ``passed``: per team;
        ``shouted``: shouts this seat may see, ``{"team", "at", "call", "groups"}`` (its
        own at once, the other team's at the end, R-7); at the end ``hands`` (both) and
        ``result`` (see :func:`result`), otherwise None.
        """
        team = seat in (0, 1)
        over = s.phase == "over"
        due = s.deadline()
        if due and due[0] == "close" and team and not any(sh.seat == seat for sh in s.shouts):
            due = ("time", s.race_ends)  # the other team's shout stays hidden
        actions: list[str] = []
        if team and not over:
            if s.phase == "plunge":
                actions = ["plunge"] if s.plunge[seat] is None else []
            elif s.passed[seat] is None and not any(sh.seat == seat for sh in s.shouts):
                actions = ["shout"] if s.shouts else ["shout", "pass"]
        elif seat == REFEREE and due:
            actions = [due[0]]
        return {
            "game": self.slug,
            "level": s.level,
            "seat": seat,
            "phase": s.phase,
            "now": s.now if (over or not team) else self._seen_now(s, seat),
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

    def _seen_now(self, s: BorderUpState, seat: int) -> int:
        """The time of the last event ``seat`` has seen: the clock's own ``now`` could
        give away the other team's secret decision or its shout in the window."""
        times = [0, s.plunge_at[seat] or 0, s.race_start or 0]
        times += [p for p in s.passed if p is not None]
        times += [sh.at for sh in s.shouts if sh.seat == seat]
        if self._revealed(s):
            times += [t for t in s.plunge_at if t is not None]
        return max(times)

    def secrets(self, s: BorderUpState, seat: int) -> frozenset[str]:
        hidden = set(s.deck)
        if s.phase != "over":
            for other in (0, 1):
                if other != seat:
                    hidden |= set(s.hands[other])
        return frozenset(hidden)

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

    def state_from_json(self, o: Mapping[str, Any]) -> BorderUpState:
        return BorderUpState(
            level=o["level"],
            window_ms=o["window_ms"],
            count_ms=o["count_ms"],
            time_limit_ms=o["time_limit_ms"],
            rng=Rng(o["rng"]),
            phase=o["phase"],
            now=o["now"],
            plunge=tuple(o["plunge"]),  # type: ignore[arg-type]
            plunge_at=tuple(o["plunge_at"]),  # type: ignore[arg-type]
            hands=tuple(tuple(h) for h in o["hands"]),  # type: ignore[arg-type]
            deck=tuple(o["deck"]),
            race_start=o["race_start"],
            shouts=tuple(
                Shout(seat, at, call, tuple(tuple(g) for g in groups))
                for seat, at, call, groups in o["shouts"]
            ),
            passed=tuple(o["passed"]),  # type: ignore[arg-type]
            ending=o["ending"],
            ended_at=o["ended_at"],
            late=tuple((a, b, c) for a, b, c in o["late"]),
        )


GAME = BorderUp()


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
        "solutions": [solver.solve(h, s.level).to_json() for h in s.hands],
    }


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

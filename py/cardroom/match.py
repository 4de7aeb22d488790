"""A GeoPlunge match: two teams, one round clock, the Combo's games in turn (R-160..R-167).

A match is a **record** -- the Combo, the kind of round, the clock, a seed, and the moves
of each game played -- and everything else is derived from it by replaying, so a match
resumes exactly after a reload and a saved match is checked move by move when it is read.

* **Kinds** (``tournament.round_plan``): *morning* (20 minutes, Combos 2 and 3: the
  games in order, cycling), *afternoon* (12 minutes: the statehood pick's winner picks a
  game, the other team a different one; those two in the order chosen, cycling), *all*
  (Combo 4's odd rounds: all five games, cycling) and *call* (Combo 4's even rounds: each
  team secretly picks two games; their union in game order, cycling).
* **Picks** are a game of their own, :class:`PickGame` (v2 protocol): a Call pick is
  hidden from the other team until both have picked, which the conformance harness
  proves like any other hidden card (R-161).
* **Games** are the registered engines (``border-up``, ``state-iq``, ...), each created
  with ``new(seed, level=..., carry=...)``: who guesses first in State IQ, who leads
  Game 4, the Power deck (State IQ's and Dashing States' turned cards, Game 4's version),
  and the Challenge deck's order travel from game to game (R-163, R-164).
* **The round clock** runs on the games' own clocks, added up; it is the same for both
  teams. When it runs out mid-game, that game ends without points (R-162).
* **Points** add up across the match; the most points wins, equal points is a tie.

Typical use (the match screen and ``cardroom simulate match`` do this)::

    m = Match.new(seed=7, combo=4, kind="all")
    while not m.over:
        up = m.up()                      # what to play now: a pick or a game
        state = up.game.new(up.seed, **up.options)
        ...                              # play it; time is up at up.deadline_ms
        m = m.record(moves, timed_out=False)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cardroom import atlas
from cardroom.core import (
    REFEREE,
    CorruptState,
    Fields,
    Game,
    GameError,
    IllegalMove,
    MalformedMove,
    Move,
    Moves,
    Rng,
)
from cardroom.play import play

__all__ = [
    "COMBO_GAMES",
    "KINDS",
    "CorruptMatch",
    "Match",
    "PICKS",
    "PickGame",
    "Up",
    "game_title",
    "simulate",
]

#: Each Combo's level and its games, Game 1 first (Game 4 at Levels 3 and 4 is Play the
#: Ranks or Play the Border Zap, chosen by a turned Power card: R-164).
COMBO_GAMES: dict[int, tuple[int, tuple[str, ...]]] = {
    2: (2, ("border-up", "state-iq", "dashing-states", "play-the-ranks")),
    3: (3, ("border-up", "state-iq", "dashing-states", "game-4", "chummy-challenge")),
    4: (4, ("border-up", "state-iq", "dashing-states", "game-4", "chummy-challenge")),
}
KINDS: dict[str, int] = {"morning": 20, "afternoon": 12, "all": 20, "call": 20}
KINDS_OF = {2: ("morning", "afternoon"), 3: ("morning", "afternoon"), 4: ("all", "call")}
TITLES = {
    "border-up": "Border-Up",
    "state-iq": "State IQ",
    "dashing-states": "Dashing States",
    "play-the-ranks": "Play the Ranks",
    "border-zap": "Play the Border Zap",
    "game-4": "Play the Ranks or Play the Border Zap",
    "chummy-challenge": "Chummy Challenge",
}
MAX_MINUTES = 60


def game_title(slug: str) -> str:
    return TITLES.get(slug, slug)


class CorruptMatch(ValueError):
    """A saved match that cannot be trusted (the message says why)."""


# ====================================================================== the picks


@dataclass(frozen=True)
class PickState:
    kind: str  # "afternoon" | "call"
    games: tuple[int, ...]  # the game numbers that may be picked
    cards: tuple[str, str] | None  # the afternoon's statehood pick (public)
    choices: tuple[tuple[int, ...] | None, tuple[int, ...] | None]
    now: int
    rng: Rng

    @property
    def first(self) -> int:
        """Who picks first in the afternoon: the card with statehood rank closer to 1."""
        if self.cards is None:
            return 0
        by = atlas.by_code()
        return 0 if by[self.cards[0]].statehood_rank < by[self.cards[1]].statehood_rank else 1


class PickGame(Game):
    """The teams' choice of games before an afternoon or a Call match.

    *Afternoon* (Combos 2 and 3): each team draws a GeoPlunge card unseen; the one whose
    state joined the Union first picks a game (``choose``, a game number), then the other
    team picks a different one; both picks are public. *Call* (Combo 4): both teams
    ``call`` two different games at once, secretly; neither sees the other's call until
    both are in (R-161). Nobody scores."""

    slug = "match-pick"
    title = "Picking the games"
    state_type = PickState

    def __init__(self, kind: str = "call") -> None:
        if kind not in ("afternoon", "call"):
            raise ValueError("kind is 'afternoon' or 'call'")
        self.kind = kind
        # an afternoon pick hides nothing: the statehood pick and both choices are public
        self.hides_nothing = kind == "afternoon"

    def new(
        self,
        seed: int,
        *,
        kind: str | None = None,
        games: Sequence[int] = (1, 2, 3, 4, 5),
        pin: Any = None,
    ) -> PickState:
        kind = kind or self.kind
        if kind != self.kind:
            raise ValueError(f"this is the {self.kind} pick")
        g = tuple(games)
        if len(g) < 2 or len(set(g)) != len(g) or not all(_is_int(x) and x > 0 for x in g):
            raise ValueError("games are two or more different game numbers")
        rng, _ = Rng.from_seed(seed).split()  # hidden, and never a small number
        cards = None
        if kind == "afternoon":
            if pin is not None:
                cards = _pinned_cards(pin)
            else:
                order, rng = rng.shuffle(sorted(atlas.by_code()))
                cards = (order[0], order[1])
        elif pin is not None:
            raise ValueError("a Call pick has nothing to pin")
        return PickState(kind, g, cards, (None, None), 0, rng)

    def num_seats(self, s: PickState) -> int:
        return 2

    def is_over(self, s: PickState) -> bool:
        return None not in s.choices

    def to_move(self, s: PickState) -> frozenset[int]:
        if s.kind == "call":
            return frozenset(t for t in (0, 1) if s.choices[t] is None)
        first = s.first
        if s.choices[first] is None:
            return frozenset({first})
        return frozenset({1 - first}) if s.choices[1 - first] is None else frozenset()

    def legal_moves(self, s: PickState, seat: int) -> Moves:
        if seat not in self.to_move(s):
            return Moves()
        if s.kind == "call":
            pairs = [(a, b) for i, a in enumerate(s.games) for b in s.games[i + 1 :]]
            return Moves(Move(seat, "call", [a, b]) for a, b in pairs)
        taken = s.choices[1 - seat]
        return Moves(Move(seat, "choose", g) for g in s.games if taken is None or g not in taken)

    def _apply(self, s: PickState, move: Move) -> PickState:
        if move.kind not in ("call", "choose"):
            raise MalformedMove(f"unknown move kind {move.kind!r}")
        if move.seat not in (0, 1):
            raise IllegalMove(f"seat {move.seat} does not pick")
        if (move.kind == "call") != (s.kind == "call"):
            raise IllegalMove(f"this is an {s.kind} pick: no {move.kind!r}")
        if move.seat not in self.to_move(s):
            raise IllegalMove("not this team's pick now")
        if move.kind == "call":
            data = move.data
            if not isinstance(data, tuple) or len(data) != 2:
                raise MalformedMove("a call names two games: [a, b]")
            if not all(_is_int(x) for x in data):
                raise MalformedMove("a call names games by number")
            if data[0] == data[1] or not all(x in s.games for x in data):
                raise IllegalMove(f"call two different games of {list(s.games)}")
            pick: tuple[int, ...] = tuple(sorted(data))
        else:
            if not _is_int(move.data):
                raise MalformedMove("choose names a game by number")
            other = s.choices[1 - move.seat]
            if move.data not in s.games or (other is not None and move.data in other):
                raise IllegalMove(f"game {move.data} cannot be chosen")
            pick = (move.data,)
        choices = list(s.choices)
        choices[move.seat] = pick
        now = s.now if move.at is None else max(s.now, move.at)
        return replace(s, choices=(choices[0], choices[1]), now=now)

    def order(self, s: PickState) -> tuple[int, ...]:
        """The games to play, in turn (once the picks are over)."""
        if not self.is_over(s):
            raise IllegalMove("the picks are not over")
        a, b = s.choices
        assert a is not None and b is not None
        if s.kind == "call":
            return tuple(sorted(set(a) | set(b)))
        first = s.first
        return (*(s.choices[first] or ()), *(s.choices[1 - first] or ()))

    def points(self, s: PickState) -> tuple[int, int]:
        return (0, 0)

    def view(self, s: PickState, seat: int) -> dict[str, Any]:
        over = self.is_over(s)
        shown = [
            list(c) if c is not None and (over or s.kind == "afternoon" or t == seat) else None
            for t, c in enumerate(s.choices)
        ]
        return {
            "kind": s.kind,
            "games": list(s.games),
            "cards": list(s.cards) if s.cards else None,
            "first": s.first if s.kind == "afternoon" else None,
            "picked": [c is not None for c in s.choices],
            "choices": shown,
            "order": list(self.order(s)) if over else None,
            "to_move": sorted(self.to_move(s)),
        }

    def resample(self, s: PickState, seat: int, rng: Rng) -> PickState:
        if self.hides_nothing:
            return s
        choices = list(s.choices)
        if s.kind == "call" and not self.is_over(s):
            for t in (0, 1):
                if t != seat and choices[t] is not None:
                    order, rng = rng.shuffle(s.games)
                    choices[t] = tuple(sorted(order[:2]))
        world, _ = rng.split()
        return replace(s, choices=(choices[0], choices[1]), rng=world)

    def pin(self, s: PickState, seat: int) -> dict[str, Any]:
        return {"pin": {"cards": list(s.cards)}} if s.cards else {}

    def state_to_json(self, s: PickState) -> dict[str, Any]:
        return {
            "kind": s.kind,
            "games": list(s.games),
            "cards": list(s.cards) if s.cards else None,
            "choices": [list(c) if c is not None else None for c in s.choices],
            "now": s.now,
            "rng": s.rng.state,
        }

    def state_from_json(self, obj: Any) -> PickState:
        f = Fields(obj, "pick state")
        kind = f.get_str("kind", (self.kind,))
        games = f.get_list("games", lambda v, w: _whole(v, w, 1, 99), max_length=9)
        f.check(len(games) >= 2 and len(set(games)) == len(games), "games repeat")
        raw_cards = f.raw("cards")
        cards = None
        if kind == "afternoon":
            try:
                cards = _pinned_cards({"cards": raw_cards})
            except ValueError as exc:
                raise f.fail(str(exc)) from None
        elif raw_cards is not None:
            raise f.fail("a Call pick draws no cards")
        raw = f.get_list("choices", length=2)
        choices: list[tuple[int, ...] | None] = []
        for t, c in enumerate(raw):
            if c is None:
                choices.append(None)
                continue
            if not isinstance(c, list) or len(c) != (2 if kind == "call" else 1):
                raise f.fail(f"choices[{t}] is malformed")
            pick = tuple(_whole(x, f"choices[{t}]", 1, 99) for x in c)
            if not all(x in games for x in pick) or len(set(pick)) != len(pick):
                raise f.fail(f"choices[{t}] names games that cannot be picked")
            choices.append(tuple(sorted(pick)))
        state = PickState(kind, games, cards, (choices[0], choices[1]), f.get_int("now", 0), Rng(0))
        if kind == "afternoon":
            a, b = choices
            first = state.first
            f.check(choices[first] is not None or choices[1 - first] is None, "out of turn")
            f.check(a is None or b is None or not set(a) & set(b), "the same game twice")
        rng = Rng(f.get_int("rng", 0, 2**64 - 1))
        f.done()
        return replace(state, rng=rng)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _whole(v: Any, where: str, lo: int, hi: int) -> int:
    if not _is_int(v) or not lo <= v <= hi:
        raise CorruptState(f"{where} must be a whole number from {lo} to {hi}")
    return int(v)


def _pinned_cards(pin: Any) -> tuple[str, str]:
    cards = pin.get("cards") if isinstance(pin, Mapping) else None
    codes = atlas.by_code()
    if (
        not isinstance(cards, (list, tuple))
        or len(cards) != 2
        or not all(isinstance(c, str) and c in codes for c in cards)
        or cards[0] == cards[1]
    ):
        raise ValueError("the statehood pick is two different postal codes")
    return (cards[0], cards[1])


PICKS = {"afternoon": PickGame("afternoon"), "call": PickGame("call")}


# ====================================================================== the match


@dataclass(frozen=True, slots=True)
class Played:
    """One game of the match, over (or stopped by the round clock)."""

    number: int  # Game 1..5 (0: the picks)
    slug: str
    options: Mapping[str, Any]
    seed: int
    moves: tuple[Mapping[str, Any], ...]
    points: tuple[int, int]
    winner: int | None
    ms: int  # how long it took on its own clock
    timed_out: bool


@dataclass(frozen=True, slots=True)
class Up:
    """What to play now: ``game.new(seed, **options)``, stopped at ``deadline_ms`` on its
    own clock if it is not over by then (None: no clock, the picks)."""

    number: int
    slug: str
    game: Game
    seed: int
    options: dict[str, Any]
    deadline_ms: int | None


class MatchTally:
    """What a match's games add up to, from its Combo and the games played: shared by
    :class:`Match` and the guest's copy of a match on two devices (R-194)."""

    __slots__ = ()
    combo: int
    played: tuple[Played, ...]

    @property
    def level(self) -> int:
        return COMBO_GAMES[self.combo][0]

    @property
    def games(self) -> tuple[int, ...]:
        return tuple(range(1, len(COMBO_GAMES[self.combo][1]) + 1))

    @property
    def elapsed_ms(self) -> int:
        """The round clock: the games' own clocks added up (the picks take none, R-162)."""
        return sum(p.ms for p in self.played)

    @property
    def playing(self) -> tuple[Played, ...]:
        """The games (not the picks) played so far."""
        return tuple(p for p in self.played if p.number)

    def points(self) -> tuple[int, int]:
        a = sum(p.points[0] for p in self.played)
        b = sum(p.points[1] for p in self.played)
        return (a, b)

    def winner(self) -> int | None:
        a, b = self.points()
        return None if a == b else (0 if a > b else 1)


@dataclass(frozen=True, slots=True)
class Match(MatchTally):
    """A match as its record (see the module's text); every field but ``played`` is a
    setting. Immutable: :meth:`record` returns the next match."""

    combo: int
    kind: str
    limit_ms: int
    seed: int
    played: tuple[Played, ...] = ()
    # derived while recording (a pure function of the fields above)
    order: tuple[int, ...] = ()
    power: tuple[str, ...] = ()
    challenges: tuple[int, ...] | None = None
    rng: Rng = field(default_factory=lambda: Rng(0))
    over: bool = False

    # ------------------------------------------------------------ making one

    @classmethod
    def new(
        cls, seed: int, combo: int, kind: str | None = None, minutes: int | None = None
    ) -> Match:
        """A match of Combo ``combo`` (2, 3 or 4), of ``kind`` (the Combo's first kind by
        default) with a round of ``minutes`` (the kind's own by default)."""
        if combo not in COMBO_GAMES:
            raise ValueError("combo is 2, 3 or 4")
        kind = kind or KINDS_OF[combo][0]
        if kind not in KINDS_OF[combo]:
            raise ValueError(f"a Combo {combo} match is {' or '.join(KINDS_OF[combo])}")
        minutes = KINDS[kind] if minutes is None else minutes
        if not _is_int(minutes) or not 1 <= minutes <= MAX_MINUTES:
            raise ValueError(f"minutes is a whole number from 1 to {MAX_MINUTES}")
        if not _is_int(seed) or not 0 <= seed < 2**53:
            raise ValueError("seed is a whole number from 0")
        from cardroom.geoplunge import decks  # noqa: PLC0415

        rng = Rng.from_seed(seed)
        power, rng = rng.shuffle(p.id for p in decks.power_deck())
        n = len(COMBO_GAMES[combo][1])
        order = tuple(range(1, n + 1)) if kind in ("morning", "all") else ()
        return cls(combo, kind, minutes * 60_000, seed, (), order, power, None, rng)

    # ------------------------------------------------------------ what comes next

    def up(self) -> Up:
        """The pick or game to play now (``ValueError`` once the match is over)."""
        if self.over:
            raise ValueError("the match is over")
        if not self.order:
            kind = "call" if self.kind == "call" else "afternoon"
            return Up(
                0,
                "match-pick",
                PICKS[kind],
                self._next_seed()[0],
                {"kind": kind, "games": list(self.games)},
                None,
            )
        number = self.order[len(self.playing) % len(self.order)]
        slug, options = self._game(number)
        from cardroom import games  # noqa: PLC0415

        deadline = self.limit_ms - self.elapsed_ms
        return Up(number, slug, games.get(slug), self._next_seed()[0], options, deadline)

    def _next_seed(self) -> tuple[int, Rng]:
        seed, rng = self.rng.below(2**31 - 1)
        return seed, rng

    def _game(self, number: int) -> tuple[str, dict[str, Any]]:
        """The engine and ``new()`` options of Game ``number`` now, with its carry-over."""
        level = self.level
        slug = COMBO_GAMES[self.combo][1][number - 1]
        last = self.playing[-1] if self.playing else None
        won = last.winner if last is not None and not last.timed_out else None
        options: dict[str, Any] = {"level": level}
        if slug == "state-iq":
            # Level 2: the winner of the Border-Up just played guesses first
            first = won if level == 2 and last is not None and last.number == 1 else None
            options["carry"] = {"winner": first, "power": list(self.power)}
        elif slug == "dashing-states":
            options["carry"] = {"winner": won, "power": list(self.power)}
        elif slug in ("play-the-ranks", "game-4"):
            # Level 2: the winner of the Dashing States just played leads; Levels 3 and 4:
            # the winner of the game just played
            lead = won if level > 2 or (last is not None and last.number == 3) else None
            options["carry"] = {"winner": lead}
            if slug == "game-4":
                slug, version = _game_4(self.power[0])
                if version:
                    options["version"] = version
        elif slug == "chummy-challenge" and self.challenges is not None:
            options["carry"] = {"challenges": list(self.challenges)}
        return slug, options

    # ------------------------------------------------------------ recording

    def record(
        self, moves: Iterable[Move | Mapping[str, Any]], *, timed_out: bool = False
    ) -> Match:
        """The match after the pick or game :meth:`up` names was played with ``moves``:
        over, or (``timed_out``) stopped by the round clock, which ends it without points
        and ends the match (R-162). ``IllegalMove``/``MalformedMove`` from the engine if a
        move is refused; ``ValueError`` if the game is neither over nor timed out."""
        up = self.up()
        state = up.game.new(up.seed, **up.options)
        as_json = []
        last = 0
        for m in moves:
            move = m if isinstance(m, Move) else Move.from_json(m)
            state = up.game.apply(state, move)
            as_json.append(move.to_json())
            last = max(last, move.at or 0)
        # a game's time: its own clock, or the time of its last move for a game whose
        # turns are untimed (the table stamps every move with its time, R-160)
        ms = max(int(up.game.clock(state)), last) if up.number else 0
        over = up.game.is_over(state)
        if up.deadline_ms is not None and ms > up.deadline_ms:
            raise IllegalMove("a move was made after the round clock ran out")
        if timed_out:
            if up.number == 0 or over:
                raise ValueError("only a game in progress is stopped by the round clock")
            ms = up.deadline_ms or 0
        elif not over:
            raise ValueError("the game is not over")
        points = (0, 0) if timed_out else tuple(up.game.points(state))
        winner = None if timed_out or points[0] == points[1] else int(points[1] > points[0])
        played = Played(
            up.number,
            up.slug,
            up.options,
            up.seed,
            tuple(as_json),
            (points[0], points[1]),
            winner,
            ms,
            timed_out,
        )
        _, rng = self._next_seed()
        nxt = replace(self, played=(*self.played, played), rng=rng)
        if up.number == 0:
            return replace(nxt, order=PICKS[state.kind].order(state))
        nxt = nxt._carry(up, state)
        if timed_out or nxt.elapsed_ms >= nxt.limit_ms:
            nxt = replace(nxt, over=True)
        return nxt

    def _carry(self, up: Up, state: Any) -> Match:
        """The decks after a game (R-164): the Power deck passes from State IQ to Dashing
        States to Game 4, its turned cards going to the bottom, and is shuffled after
        Game 4; the Challenge deck keeps its order, used cards at the bottom. The
        GeoPlunge and Map cards are shuffled after every game that uses them, which is
        each engine dealing from its own seed."""
        out = self
        rest = None
        if up.slug in ("state-iq", "dashing-states"):
            module = __import__(f"cardroom.geoplunge.{_MODULES[up.slug]}", fromlist=["x"])
            rest = list(module.carry_out(state)["power"])
        elif up.number == 4:
            shuffled, rng = self.rng.shuffle(self.power)
            return replace(out, power=shuffled, rng=rng)
        elif up.slug == "chummy-challenge":
            from cardroom.geoplunge.chummy import ChummyChallenge  # noqa: PLC0415

            assert isinstance(up.game, ChummyChallenge)
            out = replace(out, challenges=tuple(up.game.carry_out(state)["challenges"]))
        if rest is not None:
            used = [p for p in self.power if p not in rest]
            out = replace(out, power=(*rest, *used))
        return out

    # ------------------------------------------------------------ saving

    def to_json(self) -> dict[str, Any]:
        """The record: settings and the moves of each game (states are replayed)."""
        return {
            "combo": self.combo,
            "kind": self.kind,
            "minutes": self.limit_ms // 60_000,
            "seed": self.seed,
            "played": [{"moves": list(p.moves), "timed_out": p.timed_out} for p in self.played],
        }

    @classmethod
    def from_json(cls, obj: Any) -> Match:
        """Replay a record; :class:`CorruptMatch` if anything in it is wrong."""
        try:
            f = Fields(obj, "match")
            m = cls.new(
                f.get_int("seed", 0, 2**53 - 1),
                f.get_int("combo", 2, 4),
                f.get_str("kind", tuple(KINDS)),
                f.get_int("minutes", 1, MAX_MINUTES),
            )
            played = f.get_list("played", max_length=500)
            f.done()
            for i, p in enumerate(played):
                g = Fields(p, f"match.played[{i}]")
                moves = g.get_list("moves", max_length=5000)
                timed_out = g.get_bool("timed_out")
                g.done()
                if m.over:
                    raise CorruptMatch(f"game {i + 1} comes after the end of the match")
                m = m.record(moves, timed_out=timed_out)
            return m
        except CorruptMatch:
            raise
        except (GameError, CorruptState, ValueError, TypeError, KeyError) as exc:
            raise CorruptMatch(f"the saved match cannot be replayed: {exc}") from None


_MODULES = {"state-iq": "state_iq", "dashing-states": "dashing"}


def _game_4(power_id: str) -> tuple[str, str | None]:
    """Game 4 at Levels 3 and 4: the top Power card's bottom label (R-164)."""
    from cardroom.geoplunge import decks  # noqa: PLC0415

    version = {p.id: p.version for p in decks.power_deck()}[power_id]
    if version == "PTB":
        return "border-zap", None
    return "play-the-ranks", version.lower()


# ====================================================================== simulation


def _bot(slug: str, difficulty: str, seed: str) -> Any:
    """The computer team of ``slug`` (``choose(ctx)``), seeded: the pick's own, or the
    game's from the registry of games."""
    if slug == PickGame.slug:
        return PickBot()
    from cardroom import games  # noqa: PLC0415

    return games.team_bot(slug, difficulty, seed)


class PickBot:
    """A computer team's pick: a random legal one, from its own ``ctx.rng``."""

    def choose(self, ctx: Any) -> Move | None:
        moves = list(ctx.legal)
        return ctx.rng.choice(moves) if moves else None


#: The dealer's pause before a table call that needs a choice (Chummy's colour).
DEALER_MS = 1500
#: How long a simulated team takes over an untimed turn (a trick, a clue, a guess).
TURN_MS = 4000


def play_up(
    up: Up, bots: Sequence[Any], rngs: Sequence[random.Random], max_steps: int = 3000
) -> tuple[list[Move], bool]:
    """Play ``up`` between two computer teams until it is over or the round clock runs
    out; return its moves and whether time ran out. An untimed turn takes ``TURN_MS``;
    when the clock may make one of several calls of a kind (the dealer's pick), one is
    drawn and made ``DEALER_MS`` later."""

    def clock(game: Game, s: Any, now: int) -> list[Move]:
        calls = list(game.legal_moves(s, REFEREE)) if REFEREE in game.to_move(s) else []
        if len(calls) > 1 and all(m.kind == calls[0].kind for m in calls):
            pick = calls[rngs[0].randrange(len(calls))]
            calls = [pick.with_time(max(now, pick.at or now) + DEALER_MS)]
        return calls

    done = play(
        up.game,
        bots,
        up.seed,
        up.options,
        max_actions=max_steps,
        rngs=rngs,
        timed=True,
        referee=clock,
        turn_ms=TURN_MS,
        deadline=up.deadline_ms,
        check_replay=False,
    )
    return done.moves, done.timed_out


def play_match(
    m: Match, difficulties: Sequence[str] = ("medium", "medium"), on_game: Callable | None = None
) -> Match:
    """Play ``m`` to its end between two computer teams."""
    while not m.over:
        up = m.up()
        key = f"{m.seed}:{len(m.played)}"
        bots = [_bot(up.slug, difficulties[t], f"{key}:{t}") for t in (0, 1)]
        rngs = [random.Random(f"match:{key}:{t}") for t in (0, 1)]
        moves, timed_out = play_up(up, bots, rngs)
        m = m.record(moves, timed_out=timed_out)
        if on_game is not None:
            on_game(m, up)
    return m


def simulate(
    combo: int,
    games: int,
    seed: int = 0,
    difficulties: Sequence[str] = ("medium", "medium"),
    minutes: int | None = None,
    kind: str | None = None,
) -> dict[str, Any]:
    """``cardroom simulate match``: ``games`` matches from seeds ``seed``, ``seed + 1``...,
    alternating the Combo's kinds of round unless ``kind`` is given; each is checked
    (carry-overs, points, the round clock, the record replays exactly)."""
    import json  # noqa: PLC0415
    import time  # noqa: PLC0415

    t0 = time.perf_counter()
    results = {"team1": 0, "team2": 0, "tie": 0}
    errors, first_error, played, timed_out = 0, None, 0, 0
    by_game: dict[str, int] = {}
    for i in range(games):
        k = kind or KINDS_OF[combo][i % 2]
        try:
            m = play_match(Match.new(seed + i, combo, k, minutes), difficulties)
            _check_match(m)
            again = Match.from_json(json.loads(json.dumps(m.to_json())))
            if again != m:
                raise AssertionError("the record does not replay to the same match")
        except Exception as exc:  # noqa: BLE001 - every failure counts as an error
            errors += 1
            first_error = first_error or f"seed {seed + i}: {type(exc).__name__}: {exc}"
            continue
        results[{0: "team1", 1: "team2", None: "tie"}[m.winner()]] += 1
        played += len(m.playing)
        timed_out += sum(p.timed_out for p in m.playing)
        for p in m.playing:
            by_game[p.slug] = by_game.get(p.slug, 0) + 1
    out = {
        "game": "match",
        "combo": combo,
        "games": games,
        "errors": errors,
        "results": results,
        "games_played": played,
        "stopped_by_clock": timed_out,
        "by_game": dict(sorted(by_game.items())),
        "seconds": round(time.perf_counter() - t0, 3),
    }
    if first_error:
        out["first_error"] = first_error
    return out


def _check_match(m: Match) -> None:
    """Invariants of a finished match (independent of how it was played)."""
    from cardroom import scoring  # noqa: PLC0415

    if not m.over:
        raise AssertionError("the match is not over")
    if m.elapsed_ms > m.limit_ms:
        raise AssertionError("the round clock ran past its limit")
    games = m.playing
    if not games or sum(p.timed_out for p in games) > 1 or (any(p.timed_out for p in games[:-1])):
        raise AssertionError("only the last game may be stopped by the clock")
    if not games[-1].timed_out and m.elapsed_ms < m.limit_ms:
        raise AssertionError("the match ended before the round clock")
    for i, p in enumerate(games):
        if p.number != m.order[i % len(m.order)]:
            raise AssertionError(f"game {i + 1} is Game {p.number}, out of turn")
        if p.timed_out and p.points != (0, 0):
            raise AssertionError("a game stopped by the clock scored")
        if not p.timed_out and (max(p.points) > scoring.MAX_POINTS or min(p.points) not in (0, 5)):
            raise AssertionError(f"game {i + 1}: points {p.points} break the scoring table")
    if m.kind == "call":
        if not 2 <= len(m.order) <= 4 or list(m.order) != sorted(m.order):
            raise AssertionError(f"a Call match plays 2 to 4 games in order, not {m.order}")
    elif m.kind == "afternoon":
        if len(m.order) != 2 or m.order[0] == m.order[1]:
            raise AssertionError(f"an afternoon match plays two different games: {m.order}")
    elif m.order != m.games:
        raise AssertionError(f"a {m.kind} match plays every game in order: {m.order}")
    if m.points() != (sum(p.points[0] for p in games), sum(p.points[1] for p in games)):
        raise AssertionError("match points are not the games' points added up")

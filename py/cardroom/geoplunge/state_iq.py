"""State IQ (GeoPlunge Game 2) at Levels 2, 3 and 4 on the v2 engine protocol.

Each team holds one GeoPlunge card; the other team tries to name it from clues.

``plunge``
    Both teams have looked at their card; each says secretly whether it is GeoPlunging:
    ``Move(team, "plunge", True | False)``. The answers are shown together (R-26).
``clue``
    The dealer has turned the top Power card: its A/B/C order gives the clue type before
    each guess. Before each guess the dealer turns Clue cards of that type (two at
    Level 2, one at Levels 3 and 4) and the clue-giving team picks one option of each:
    ``Move(giver, "clue", [kind, value])``, e.g. ``["border", "Ohio"]`` (R-22, R-27).
``guess``
    The guessing team names a state: ``Move(guesser, "guess", text)``, a postal code or a
    typed name read by :mod:`cardroom.names` (slips forgiven, another state's name never
    accepted; an unknown or ambiguous text is malformed, R-25, R-28).
``over``
    :func:`result` tells who won, the bonus and the points.

Levels: up to 3 guesses, stopping when right (Levels 2, 3), fewer guesses wins, bonus for
the first guess; Level 4 gives exactly 3 guesses, a right guess deals the giver a new
card, most states wins, bonus for all 3. The second guessing team stops once the result
is decided, except at Level 4 while it leads and the bonus is still open (R-29).
The first guessing team is the ``carry`` winner at Level 2, else the statehood pick (R-30).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import atlas, names, scoring
from ..core import (
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
    "CluePlayed",
    "GuessPlayed",
    "GuessSpace",
    "StateIQ",
    "StateIQState",
    "candidates",
    "carry_out",
    "clue_choices",
    "clues_per_guess",
    "result",
    "summary",
]

LEVELS = (2, 3, 4)
PHASES = ("plunge", "clue", "guess", "over")
CARDS: tuple[str, ...] = tuple(sorted(s.code for s in atlas.states()))
POWERS: tuple[str, ...] = tuple(c.id for c in decks.power_deck())
PILES: tuple[tuple[str, ...], ...] = tuple(
    tuple(c.id for c in decks.clue_deck() if c.type == t) for t in decks.CLUE_TYPES
)
GUESSES = 3


def clues_per_guess(level: int) -> int:
    """Clue cards turned before each guess: two at Level 2, one at Levels 3 and 4."""
    return 2 if level == 2 else 1


@dataclass(frozen=True, slots=True)
class CluePlayed:
    team: int  # the guessing team the clue was given to
    guess: int  # 1..3: the guess it came before
    card: str  # the Clue card, "B07"
    kind: str  # the option chosen
    value: str
    target: int  # index of the giver's card the clue is about (Level 4 deals new ones)

    def to_json(self) -> list[Any]:
        return [self.team, self.guess, self.card, self.kind, self.value, self.target]


@dataclass(frozen=True, slots=True)
class GuessPlayed:
    team: int  # the guessing team
    guess: int  # 1..3
    code: str  # the state named
    target: int  # index of the giver's card it was about
    correct: bool

    def to_json(self) -> list[Any]:
        return [self.team, self.guess, self.code, self.target, self.correct]


@dataclass(frozen=True, slots=True)
class StateIQState:
    level: int
    rng: Rng
    first: int  # the first guessing team
    carried: bool  # first guesser from the carry option (else the statehood pick)
    pick: tuple[str, ...]  # the statehood pick (team 0's, team 1's); () when carried
    geo: tuple[str, ...]  # the 50 GeoPlunge cards in deal order
    dealt: int  # how many of ``geo`` have been dealt
    cards: tuple[tuple[int, ...], tuple[int, ...]]  # positions in geo each team has held
    power: tuple[str, ...]  # the Power deck, top first; power[0] is turned after plunge
    piles: tuple[tuple[str, ...], ...]  # Clue cards of types A, B, C, top first
    used: tuple[int, int, int]  # Clue cards turned from each pile (to the bottom after)
    plunge: tuple[bool | None, bool | None]
    phase: str
    turn: int  # 0: the first guessing team guesses; 1: the second
    turned: tuple[str, ...]  # Clue cards turned for the coming guess
    clues: tuple[CluePlayed, ...]
    guesses: tuple[GuessPlayed, ...]

    @property
    def guesser(self) -> int:
        return self.first if self.turn == 0 else 1 - self.first

    @property
    def giver(self) -> int:
        return 1 - self.guesser

    def held(self, team: int) -> str:
        """The card ``team`` holds now."""
        return self.geo[self.cards[team][-1]]

    def guesses_of(self, team: int) -> tuple[GuessPlayed, ...]:
        return tuple(g for g in self.guesses if g.team == team)

    @property
    def guess_no(self) -> int:
        """The number (1..3) of the guessing team's next guess."""
        return len(self.guesses_of(self.guesser)) + 1


# ------------------------------------------------------------------ rules


def _turn_done(
    level: int, mine: tuple[GuessPlayed, ...], other: tuple[GuessPlayed, ...] | None
) -> bool:
    """Is a guessing team's turn over? ``other`` is the first team's guesses when ``mine``
    are the second team's (R-29)."""
    n = len(mine)
    hits = sum(g.correct for g in mine)
    if n >= GUESSES:
        return True
    if level in (2, 3):
        if hits:
            return True
        if other is None:
            return False
        first_hit = next((g.guess for g in other if g.correct), None)
        # the second team has lost once it has used as many guesses as the first needed
        return first_hit is not None and n >= first_hit
    if other is None:
        return False
    theirs = sum(g.correct for g in other)
    left = GUESSES - n
    if hits + left < theirs:
        return True  # lost
    if hits > theirs:
        return hits < n  # won: go on only while all 3 (the bonus) are still possible
    return False


def outcome(level: int, first: int, guesses: tuple[GuessPlayed, ...]) -> tuple[int | None, bool]:
    """(winner or None for a tie, bonus) from the guesses of a finished game."""
    by = {t: tuple(g for g in guesses if g.team == t) for t in (0, 1)}
    if level in (2, 3):
        need = {t: next((g.guess for g in by[t] if g.correct), None) for t in (0, 1)}
        a, b = need[0], need[1]
        if a is None and b is None:
            return None, False
        if b is None or (a is not None and a < b):
            return 0, a == 1
        if a is None or b < a:
            return 1, b == 1
        return None, False
    hits = {t: sum(g.correct for g in by[t]) for t in (0, 1)}
    if hits[0] == hits[1]:
        return None, False
    w = 0 if hits[0] > hits[1] else 1
    return w, hits[w] == GUESSES


def result(s: StateIQState) -> dict[str, Any]:
    """The result of a finished game: winner (None for a tie), bonus, points, and what each
    team guessed."""
    winner, bonus = outcome(s.level, s.first, s.guesses)
    plunged = [bool(p) for p in s.plunge]
    lines = [ln.to_json() for ln in scoring.breakdown(winner, bonus, plunged)]
    guessed = [sum(g.correct for g in s.guesses_of(t)) for t in (0, 1)]
    counts = [len(s.guesses_of(t)) for t in (0, 1)]
    return {
        "winner": winner,
        "bonus": bonus,
        "points": list(scoring.score(winner, bonus, plunged)),
        "lines": lines,
        "scoring": lines,  # the table kit's name for the breakdown
        "plunged": plunged,
        "summary": summary(s.level, s.first, s.guesses, ("Team 1", "Team 2")),
        "guessed": guessed,
        "guesses": counts,
    }


def summary(
    level: int, first: int, guesses: tuple[GuessPlayed, ...], teams: tuple[str, str]
) -> str:
    """Why the game ended as it did, in one or two sentences (R-131)."""
    winner, bonus = outcome(level, first, guesses)
    parts = []
    for t in (first, 1 - first):
        mine = [g for g in guesses if g.team == t]
        n = len(mine)
        # the second team stops once the result is decided
        stopped = " and stopped: the result was decided" if t != first and 0 < n < GUESSES else ""
        if level in (2, 3):
            hit = next((g.guess for g in mine if g.correct), None)
            if hit is not None:
                word = "the first guess" if hit == 1 else f"guess {hit}"
                parts.append(f"{teams[t]} named the state on {word}.")
            elif mine:
                parts.append(f"{teams[t]} did not name it in {n} guess{'es' * (n != 1)}{stopped}.")
        elif mine:
            hits = sum(g.correct for g in mine)
            parts.append(f"{teams[t]} named {hits} of {n} state{'s' * (n != 1)}{stopped}.")
    if winner is None:
        parts.append("It's a tie.")
    elif bonus:
        parts.append(
            f"{teams[winner]} {'earn' if teams[winner] == 'You' else 'earns'} the bonus: "
            + ("right on the first guess." if level in (2, 3) else "all 3 named.")
        )
    return " ".join(parts)


def clue_choices(
    turned: Sequence[Sequence[str]], held: str, given: Sequence[tuple[str, str]]
) -> tuple[tuple[str, str], ...]:
    """The clues ``(kind, value)`` the giver may give from the next turned Clue card:
    ``turned`` holds the options of each Clue card turned for this guess, ``given`` the
    clues already given from the first ones. The clues of one guess give different facts
    (R-221): a fact already given is not offered again, and a fact is not offered if it
    would leave a later card of this guess nothing new to say. Should the cards allow
    nothing else, every true option is offered."""
    j = len(given)

    def facts(options: Sequence[str]) -> list[tuple[str, str]]:
        return [(k, v) for k in options for v in decks.clue_values(k, held)]

    every = facts(turned[j])
    mine = [f for f in every if f not in given]
    later = turned[j + 1 :]
    if later:
        mine = [
            f for f in mine if all(any(g not in given and g != f for g in facts(o)) for o in later)
        ] or mine
    return tuple(mine or every)


def candidates(
    clues: list[tuple[str, str]], wrong: set[str], exclude: set[str] | frozenset[str] = frozenset()
) -> list[str]:
    """The states every clue is true of, minus the wrong guesses and ``exclude``."""
    return [
        c
        for c in CARDS
        if c not in wrong
        and c not in exclude
        and all(decks.clue_matches(k, v, c) for k, v in clues)
    ]


def carry_out(s: StateIQState) -> dict[str, Any]:
    """What this game hands on to the next game of the match: the winner (None for a tie
    or a game not over) and the rest of the Power deck, top first."""
    winner = outcome(s.level, s.first, s.guesses)[0] if s.phase == "over" else None
    return {"winner": winner, "power": list(s.power[1:])}


# ------------------------------------------------------------------ move spaces


class GuessSpace(MoveSpace):
    """A guess by ``seat``: any text that :mod:`cardroom.names` reads as one of
    ``allowed`` (postal codes, names, slips)."""

    def __init__(self, seat: int, allowed: frozenset[str]) -> None:
        self.seat = seat
        self.allowed = allowed
        self._list = sorted(allowed)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move) or move.seat != self.seat or move.kind != "guess":
            return False
        if not isinstance(move.data, str):
            return False
        return names.resolve_state(move.data).code in self.allowed

    def sample(self, rng: random.Random) -> Move:
        if not self._list:
            raise IndexError("no legal move")
        code = self._list[rng.randrange(len(self._list))]
        text = code if rng.random() < 0.7 else atlas.by_code()[code].name
        return Move(self.seat, "guess", text)

    def is_empty(self) -> bool:
        return not self._list

    def signature(self) -> Any:
        return ("guess", self.seat, self.allowed)


# ------------------------------------------------------------------ the game


def _parse_carry(carry: Any) -> tuple[int | None, tuple[str, ...] | None]:
    if carry is None:
        return None, None
    if not isinstance(carry, Mapping) or set(carry) - {"winner", "power"}:
        raise ValueError('carry must be {"winner": 0, 1 or null, "power": [Power card ids]}')
    w = carry.get("winner")
    if w is not None and (isinstance(w, bool) or w not in (0, 1)):
        raise ValueError(f"carry winner must be 0, 1 or null, not {w!r}")
    power = carry.get("power")
    if power is not None:
        if (
            not isinstance(power, (list, tuple))
            or not power
            or not all(isinstance(p, str) and p in POWERS for p in power)
            or len(set(power)) != len(power)
        ):
            raise ValueError("carry power must be a non-empty list of different Power card ids")
        power = tuple(power)
    return w, power


class StateIQ(Game):
    slug = "state-iq"
    title = "State IQ"
    state_type = StateIQState

    def new(self, seed: int, *, level: int = 2, carry: Any = None, pin: Any = None) -> StateIQState:
        if level not in LEVELS:
            raise ValueError(f"State IQ is played at levels 2, 3 and 4, not {level!r}")
        winner, carried_power = _parse_carry(carry)
        if pin is not None and (
            not isinstance(pin, Mapping) or set(pin) - {"pick", "geo", "power", "A", "B", "C"}
        ):
            raise ValueError("pin must be an object with pick, geo, power, A, B, C")
        pin = pin or {}
        rng = Rng.from_seed(seed)
        # The first guessing team: the winner of the Border-Up just played, at Level 2
        # only; otherwise each team picks a card unseen (they go back before the deal).
        carried = level == 2 and winner is not None
        pick: tuple[str, ...] = ()
        if level == 2 and winner is not None:
            first = winner
        else:
            pinned_pick = pin.get("pick")
            if pinned_pick is not None:
                if (
                    not isinstance(pinned_pick, (list, tuple))
                    or len(pinned_pick) != 2
                    or not all(c in CARDS for c in pinned_pick)
                    or pinned_pick[0] == pinned_pick[1]
                ):
                    raise ValueError("pin pick must be two different postal codes")
                pick = tuple(pinned_pick)
            else:
                order, rng = rng.shuffle(CARDS)
                pick = order[:2]
            ranks = [atlas.by_code()[c].statehood_rank for c in pick]
            first = 0 if ranks[0] < ranks[1] else 1
        geo, rng = rng.shuffle_pinned(CARDS, decks.pinned(pin, "geo", len(CARDS), CARDS))
        if carried_power is not None:
            power = carried_power
            want = decks.pinned(pin, "power", len(power), POWERS)
            if any(power[i] != c for i, c in want.items()):
                raise ValueError("pin power disagrees with the carried Power deck")
        else:
            power, rng = rng.shuffle_pinned(POWERS, decks.pinned(pin, "power", len(POWERS), POWERS))
        piles = []
        for t, pile in zip(decks.CLUE_TYPES, PILES, strict=True):
            shuffled, rng = rng.shuffle_pinned(pile, decks.pinned(pin, t, len(pile), pile))
            piles.append(shuffled)
        return StateIQState(
            level=level,
            rng=rng,
            first=first,
            carried=carried,
            pick=pick,
            geo=geo,
            dealt=2,
            cards=((0,), (1,)),
            power=power,
            piles=tuple(piles),
            used=(0, 0, 0),
            plunge=(None, None),
            phase="plunge",
            turn=0,
            turned=(),
            clues=(),
            guesses=(),
        )

    # ------------------------------------------------------------ turns

    def num_seats(self, s: StateIQState) -> int:
        return 2

    def is_over(self, s: StateIQState) -> bool:
        return s.phase == "over"

    def to_move(self, s: StateIQState) -> frozenset[int]:
        if s.phase == "plunge":
            return frozenset(t for t in (0, 1) if s.plunge[t] is None)
        if s.phase == "clue":
            return frozenset((s.giver,))
        if s.phase == "guess":
            return frozenset((s.guesser,))
        return frozenset()

    def _wrong(self, s: StateIQState) -> set[str]:
        """Codes already guessed wrongly about the card the guesser is after now."""
        target = len(s.cards[s.giver]) - 1
        return {
            g.code
            for g in s.guesses
            if g.team == s.guesser and g.target == target and not g.correct
        }

    def legal_moves(self, s: StateIQState, seat: int) -> MoveSpace:
        if seat not in self.to_move(s):
            return Moves()
        if s.phase == "plunge":
            return Moves(Move(seat, "plunge", b) for b in (True, False))
        if s.phase == "clue":
            return Moves(Move(seat, "clue", f) for f in self._clue_choices(s))
        return GuessSpace(seat, frozenset(CARDS) - self._wrong(s))

    def _given_now(self, s: StateIQState) -> tuple[CluePlayed, ...]:
        return tuple(c for c in s.clues if c.team == s.guesser and c.guess == s.guess_no)

    def _clue_choices(self, s: StateIQState) -> tuple[tuple[str, str], ...]:
        turned = [decks.clue_card(c).options for c in s.turned]
        given = [(c.kind, c.value) for c in self._given_now(s)]
        return clue_choices(turned, s.held(s.giver), given)

    # ------------------------------------------------------------ moves

    def _apply(self, s: StateIQState, m: Move) -> StateIQState:
        if m.kind not in ("plunge", "clue", "guess"):
            raise MalformedMove(f"unknown State IQ move {m.kind!r}")
        if m.seat not in (0, 1):
            raise IllegalMove("only the two teams play State IQ")
        if m.kind == "plunge":
            if not isinstance(m.data, bool):
                raise MalformedMove("plunge takes true or false")
            if s.phase != "plunge" or s.plunge[m.seat] is not None:
                raise IllegalMove("not the time to say whether you are GeoPlunging")
            plunge = (m.data, s.plunge[1]) if m.seat == 0 else (s.plunge[0], m.data)
            s = replace(s, plunge=plunge)
            if None not in plunge:
                s = self._turn_clues(replace(s, phase="clue"))
            return s
        if m.kind == "clue":
            d = m.data
            if not (isinstance(d, tuple) and len(d) == 2 and all(isinstance(x, str) for x in d)):
                raise MalformedMove('clue takes [kind, value], e.g. ["border", "Ohio"]')
            if d[0] not in decks.CLUE_KINDS:
                raise MalformedMove(f"no clue kind {d[0]!r}")
            if s.phase != "clue" or m.seat != s.giver:
                raise IllegalMove("not your clue to give")
            given = self._given_now(s)
            card = decks.clue_card(s.turned[len(given)])
            if d[0] not in card.options:
                raise IllegalMove(f"Clue card {card.id} offers {', '.join(card.options)}")
            if d[1] not in decks.clue_values(d[0], s.held(s.giver)):
                raise IllegalMove("that clue is not true of your card")
            if d not in self._clue_choices(s):
                raise IllegalMove("the two clues of a guess give different facts (R-221)")
            clue = CluePlayed(s.guesser, s.guess_no, card.id, d[0], d[1], len(s.cards[s.giver]) - 1)
            s = replace(s, clues=(*s.clues, clue))
            if len(given) + 1 == len(s.turned):
                s = replace(s, phase="guess")
            return s
        # guess
        if not isinstance(m.data, str):
            raise MalformedMove("guess takes a state's name or postal code")
        match = names.resolve_state(m.data)
        if match.code is None:
            raise MalformedMove(match.message())
        if s.phase != "guess" or m.seat != s.guesser:
            raise IllegalMove("not your guess")
        if match.code in self._wrong(s):
            raise IllegalMove(f"{atlas.by_code()[match.code].name} was already guessed")
        target = len(s.cards[s.giver]) - 1
        correct = match.code == s.held(s.giver)
        g = GuessPlayed(s.guesser, s.guess_no, match.code, target, correct)
        s = replace(s, guesses=(*s.guesses, g), turned=())
        return self._after_guess(s, correct)

    def _after_guess(self, s: StateIQState, correct: bool) -> StateIQState:
        mine = s.guesses_of(s.guesser)
        other = None if s.turn == 0 else s.guesses_of(s.first)
        if _turn_done(s.level, mine, other):
            if s.turn == 1:
                return replace(s, phase="over")
            s = replace(s, turn=1)
        elif correct and s.level == 4:
            # a right guess deals the clue-giving team the next card of the deck
            cards = list(s.cards)
            cards[s.giver] = (*cards[s.giver], s.dealt)
            s = replace(s, cards=(cards[0], cards[1]), dealt=s.dealt + 1)
        return self._turn_clues(replace(s, phase="clue"))

    def _turn_clues(self, s: StateIQState) -> StateIQState:
        """The dealer turns the Clue cards for the next guess (used ones go to the
        bottom of their pile, so a pile never runs out). A card with one option that a
        card already turned for this guess also offers alone (the second Nickname card)
        goes under unplayed and the next one is turned (R-221)."""
        letter = decks.power_card(s.power[0]).abc[s.guess_no - 1]
        p = decks.CLUE_TYPES.index(letter)
        pile = s.piles[p]
        n = clues_per_guess(s.level)
        turned: list[str] = []
        k = s.used[p]
        while len(turned) < n:
            cid = pile[k % len(pile)]
            k += 1
            options = decks.clue_card(cid).options
            repeat = len(options) == 1 and any(
                decks.clue_card(t).options == options for t in turned
            )
            if repeat and k - s.used[p] < len(pile):
                continue
            turned.append(cid)
        used = list(s.used)
        used[p] = k
        return replace(s, turned=tuple(turned), used=(used[0], used[1], used[2]))

    # ------------------------------------------------------------ scoring

    def points(self, s: StateIQState) -> tuple[int, int]:
        if s.phase != "over":
            return (0, 0)
        winner, bonus = outcome(s.level, s.first, s.guesses)
        return scoring.score(winner, bonus, [bool(p) for p in s.plunge])

    # ------------------------------------------------------------ information

    def _seen_positions(self, s: StateIQState, seat: int) -> set[int]:
        """Positions of ``geo`` the seat has seen: its own cards and every card guessed
        right (or every card, once the game is over)."""
        if s.phase == "over":
            return {p for team in (0, 1) for p in s.cards[team]}
        seen: set[int] = set()
        if seat in (0, 1):
            seen |= set(s.cards[seat])
        for g in s.guesses:  # a card guessed right is shown to the table
            if g.correct:
                seen.add(s.cards[1 - g.team][g.target])
        return seen

    def view(self, s: StateIQState, seat: int) -> dict[str, Any]:
        team = seat if seat in (0, 1) else None
        over = s.phase == "over"
        seen = self._seen_positions(s, seat)
        both = None not in s.plunge

        def shown_cards(t: int) -> list[str | None]:
            return [s.geo[p] if p in seen else None for p in s.cards[t]]

        power = None if s.phase == "plunge" else decks.power_card(s.power[0]).to_json()
        out: dict[str, Any] = {
            "game": self.slug,
            "level": s.level,
            "phase": s.phase,
            "team": team,
            "first": s.first,
            "first_by": "carry" if s.carried else "statehood",
            "pick": list(s.pick),
            "plunge": {
                "mine": s.plunge[team] if team is not None else None,
                "decided": [p is not None for p in s.plunge],
                "teams": list(s.plunge) if both else None,
            },
            "power": power,
            "cards": [shown_cards(0), shown_cards(1)],
            "held": s.held(team) if team is not None else None,
            "guesser": None if s.phase == "plunge" else s.guesser,
            "guess_no": None if s.phase in ("plunge", "over") else s.guess_no,
            "turned": [decks.clue_card(c).to_json() for c in s.turned],
            "clues": [
                {
                    "team": c.team,
                    "guess": c.guess,
                    "card": c.card,
                    "kind": c.kind,
                    "value": c.value,
                    "text": decks.clue_text(c.kind, c.value),
                    "target": c.target,
                }
                for c in s.clues
            ],
            "guesses": [
                {
                    "team": g.team,
                    "guess": g.guess,
                    "code": g.code,
                    "target": g.target,
                    "correct": g.correct,
                }
                for g in s.guesses
            ],
            "to_move": sorted(self.to_move(s)),
            "result": result(s) if over else None,
        }
        return out

    def resample(self, s: StateIQState, seat: int, rng: Rng) -> StateIQState:
        seen = self._seen_positions(s, seat)
        seen_codes = {s.geo[p] for p in seen}
        pool = [c for c in CARDS if c not in seen_codes]
        # A dealt card the seat has not seen must fit every clue given about it and no
        # wrong guess about it; the undealt deck is any order of what is left.
        slots: list[tuple[int, list[str]]] = []
        for t in (0, 1):
            for k, p in enumerate(s.cards[t]):
                if p in seen:
                    continue
                clues = [(c.kind, c.value) for c in s.clues if c.team == 1 - t and c.target == k]
                wrong = {
                    g.code for g in s.guesses if g.team == 1 - t and g.target == k and not g.correct
                }
                fits = [
                    c
                    for c in pool
                    if c not in wrong and all(decks.clue_matches(a, v, c) for a, v in clues)
                ]
                slots.append((p, fits))
        new_geo = {p: s.geo[p] for p in seen}
        while True:  # at most two slots; the real deal is one answer, so this ends
            chosen: dict[int, str] = {}
            for p, fits in slots:
                i, rng = rng.below(len(fits))
                chosen[p] = fits[i]
            if len(set(chosen.values())) == len(chosen):
                break
        new_geo.update(chosen)
        rest, rng = rng.shuffle([c for c in pool if c not in chosen.values()])
        it = iter(rest)
        geo2 = tuple(new_geo[p] if p in new_geo else next(it) for p in range(len(s.geo)))
        # The Power deck under the turned card, and the Clue cards not yet turned.
        power = s.power
        if s.phase == "plunge":
            power, rng = rng.shuffle(sorted(power))
        else:
            tail, rng = rng.shuffle(sorted(power[1:]))
            power = (power[0], *tail)
        piles = []
        for p, pile in enumerate(s.piles):
            n = min(s.used[p], len(pile))
            tail, rng = rng.shuffle(sorted(pile[n:]))
            piles.append((*pile[:n], *tail))
        plunge = list(s.plunge)
        if None in plunge:  # a decision not yet shown is hidden from the other seats
            for t in (0, 1):
                if t != seat and plunge[t] is not None:
                    x, rng = rng.below(2)
                    plunge[t] = bool(x)
        world_rng, _ = rng.split()
        return replace(
            s,
            rng=world_rng,
            geo=geo2,
            power=power,
            piles=tuple(piles),
            plunge=(plunge[0], plunge[1]),
        )

    def pin(self, s: StateIQState, seat: int) -> dict[str, Any]:
        seen = self._seen_positions(s, seat)
        # every card a move so far names: guessed states, and the cards clues were given about
        named = {g.code for g in s.guesses}
        for c in s.clues:
            giver = 1 - c.team
            seen.add(s.cards[giver][c.target])
        pos_of = {code: p for p, code in enumerate(s.geo)}
        seen |= {pos_of[c] for c in named}
        pin: dict[str, Any] = {"geo": [[p, s.geo[p]] for p in sorted(seen)]}
        if s.pick:
            pin["pick"] = list(s.pick)
        if s.phase != "plunge":
            pin["power"] = [[0, s.power[0]]]
        for t, pile, used in zip(decks.CLUE_TYPES, s.piles, s.used, strict=True):
            pin[t] = [[i, pile[i]] for i in range(min(used, len(pile)))]
        return {"pin": pin}

    # ------------------------------------------------------------ saving

    def state_to_json(self, s: StateIQState) -> dict[str, Any]:
        return {
            "level": s.level,
            "rng": s.rng.state,
            "first": s.first,
            "carried": s.carried,
            "pick": list(s.pick),
            "geo": list(s.geo),
            "dealt": s.dealt,
            "cards": [list(c) for c in s.cards],
            "power": list(s.power),
            "piles": [list(p) for p in s.piles],
            "used": list(s.used),
            "plunge": list(s.plunge),
            "phase": s.phase,
            "turn": s.turn,
            "turned": list(s.turned),
            "clues": [c.to_json() for c in s.clues],
            "guesses": [g.to_json() for g in s.guesses],
        }

    def state_from_json(self, obj: Any) -> StateIQState:
        # (Game.__init_subclass__ turns anything but CorruptState raised here into one)
        f = Fields(obj, "State IQ state")
        level = f.get_int("level", 2, 4)
        rng = Rng(f.get_int("rng", 0, 2**64 - 1))
        first = f.get_int("first", 0, 1)
        carried = f.get_bool("carried")
        pick = f.codes("pick", CARDS)
        f.check(len(pick) == (0 if carried else 2), "the statehood pick is two cards")
        f.check(not carried or level == 2, "only Level 2 carries the first guesser")
        if pick:
            ranks = [atlas.by_code()[c].statehood_rank for c in pick]
            f.check(first == (0 if ranks[0] < ranks[1] else 1), "first does not follow the pick")
        geo = f.codes("geo", CARDS, length=len(CARDS))
        dealt = f.get_int("dealt", 2, 2 + 2 * GUESSES)
        cards_raw = f.get_list("cards", length=2)
        cards: list[tuple[int, ...]] = []
        for t, c in enumerate(cards_raw):
            f.check(
                isinstance(c, list)
                and 1 <= len(c) <= GUESSES
                and all(isinstance(x, int) and not isinstance(x, bool) for x in c),
                f"cards[{t}] must be 1 to 3 positions",
            )
            cards.append(tuple(c))
        every = sorted(p for c in cards for p in c)
        f.check(every == list(range(dealt)), "cards dealt do not match 'dealt'")
        f.check(cards[0][0] == 0 and cards[1][0] == 1, "the first two cards go one to each team")
        power = f.codes("power", POWERS)
        f.check(len(power) >= 1, "the Power deck is empty")
        piles_raw = f.get_list("piles", length=3)
        piles = []
        for t, (raw, known) in enumerate(zip(piles_raw, PILES, strict=True)):
            f.check(
                isinstance(raw, list) and sorted(raw) == sorted(known),
                f"piles[{t}] must hold the {decks.CLUE_TYPES[t]} cards once each",
            )
            piles.append(tuple(raw))
        used = f.get_list("used", length=3)
        f.check(
            all(isinstance(u, int) and not isinstance(u, bool) and 0 <= u <= 60 for u in used),
            "used must be three counts",
        )
        plunge = f.get_list("plunge", length=2)
        f.check(all(p is None or isinstance(p, bool) for p in plunge), "plunge is true/false/null")
        phase = f.get_str("phase", PHASES)
        turn = f.get_int("turn", 0, 1)
        turned = f.get_list("turned", max_length=2)
        f.check(all(isinstance(c, str) for c in turned), "turned holds Clue card ids")
        clues_raw = f.get_list("clues", max_length=12)
        clues = []
        for i, c in enumerate(clues_raw):
            ok = (
                isinstance(c, list)
                and len(c) == 6
                and c[0] in (0, 1)
                and c[1] in (1, 2, 3)
                and isinstance(c[2], str)
                and isinstance(c[3], str)
                and isinstance(c[4], str)
                and isinstance(c[5], int)
                and not any(isinstance(x, bool) for x in (c[0], c[1], c[5]))
            )
            f.check(ok, f"clues[{i}] is [team, guess, card, kind, value, target]")
            clues.append(CluePlayed(*c))
        guesses_raw = f.get_list("guesses", max_length=6)
        guesses = []
        for i, g in enumerate(guesses_raw):
            ok = (
                isinstance(g, list)
                and len(g) == 5
                and g[0] in (0, 1)
                and g[1] in (1, 2, 3)
                and g[2] in CARDS
                and isinstance(g[3], int)
                and isinstance(g[4], bool)
                and not any(isinstance(x, bool) for x in (g[0], g[1], g[3]))
            )
            f.check(ok, f"guesses[{i}] is [team, guess, code, target, correct]")
            guesses.append(GuessPlayed(*g))
        f.done()
        s = StateIQState(
            level=level,
            rng=rng,
            first=first,
            carried=carried,
            pick=pick,
            geo=geo,
            dealt=dealt,
            cards=(cards[0], cards[1]),
            power=power,
            piles=tuple(piles),
            used=tuple(used),
            plunge=(plunge[0], plunge[1]),
            phase=phase,
            turn=turn,
            turned=tuple(turned),
            clues=tuple(clues),
            guesses=tuple(guesses),
        )
        _check_consistent(s, f)
        return s


def _check_consistent(s: StateIQState, f: Fields) -> None:
    """A saved state must be one the rules can reach: replay its clues and guesses."""
    f.check((s.phase == "plunge") == (None in s.plunge), "phase contradicts the GeoPlunging")
    if s.phase == "plunge":
        f.check(not s.clues and not s.guesses and not s.turned, "play before GeoPlunging")
        f.check(s.used == (0, 0, 0), "clue cards turned before GeoPlunging")
        return
    # Rebuild the game from its own record and compare.
    for t in (0, 1):
        f.check(len(s.guesses_of(t)) <= GUESSES, "more than three guesses")
    for g in s.guesses:
        giver = 1 - g.team
        f.check(0 <= g.target < len(s.cards[giver]), "a guess about a card never dealt")
        f.check(g.correct == (s.geo[s.cards[giver][g.target]] == g.code), "a guess misjudged")
    for c in s.clues:
        giver = 1 - c.team
        f.check(0 <= c.target < len(s.cards[giver]), "a clue about a card never dealt")
        f.check(c.kind in decks.CLUE_KINDS, "unknown clue kind")
        try:
            card = decks.clue_card(c.card)
        except KeyError:
            raise f.fail(f"unknown Clue card {c.card!r}") from None
        f.check(c.kind in card.options, "a clue its card does not offer")
        f.check(
            decks.clue_matches(c.kind, c.value, s.geo[s.cards[giver][c.target]]),
            "a clue that is not true of its card",
        )
    sim = replace(
        s,
        phase="clue",
        turn=0,
        turned=(),
        clues=(),
        guesses=(),
        used=(0, 0, 0),
        cards=((0,), (1,)),
        dealt=2,
    )
    sim = GAME._turn_clues(sim)
    ci = 0
    for g in s.guesses:
        f.check(sim.phase == "clue" and g.team == sim.guesser, "guesses out of turn")
        for _ in sim.turned:
            f.check(ci < len(s.clues), "a guess with too few clues")
            c = s.clues[ci]
            f.check(
                (c.team, c.guess, c.card)
                == (sim.guesser, sim.guess_no, sim.turned[len(GAME._given_now(sim))]),
                "clues out of order",
            )
            sim = replace(sim, clues=(*sim.clues, c))
            ci += 1
        f.check(g.guess == sim.guess_no, "guess numbers out of order")
        sim = replace(sim, guesses=(*sim.guesses, g), turned=())
        sim = GAME._after_guess(sim, g.correct)
        if sim.phase == "over":
            break
    rest = s.clues[ci:]
    if sim.phase == "over":
        f.check(not rest, "clues after the end")
    else:
        f.check(len(rest) <= len(sim.turned), "too many clues")
        for c in rest:
            want = (sim.guesser, sim.guess_no, sim.turned[len(GAME._given_now(sim))])
            f.check((c.team, c.guess, c.card) == want, "clues out of order")
            sim = replace(sim, clues=(*sim.clues, c))
        if len(rest) == len(sim.turned):
            sim = replace(sim, phase="guess")
    f.check(len(s.guesses) == len(sim.guesses), "guesses after the end")
    f.check(
        (sim.phase, sim.turn, sim.turned, sim.used, sim.cards, sim.dealt, sim.clues)
        == (s.phase, s.turn, s.turned, s.used, s.cards, s.dealt, s.clues),
        "the record does not lead to this position",
    )


GAME = StateIQ()

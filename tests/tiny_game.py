"""High Card Duel: a tiny game that exercises every part of the engine protocol.

A deck of cards 1..12 is shuffled with the state's RNG; each of the two seats is dealt
three cards (hidden from the other). Each round both seats commit a card secretly and
simultaneously (timed moves); the commits are revealed once both are in, and the higher
card takes the round. If one seat has committed and the other has not after
``timeout_ms``, the table's clock (REFEREE) plays the laggard's lowest card. Three
rounds; the seat that took more rounds gets 10 points, a tie gives 5 each.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from cardroom.core import REFEREE, Game, IllegalMove, MalformedMove, Move, Moves, Rng


@dataclass(frozen=True)
class DuelState:
    rng: Rng
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    committed: tuple[int | None, int | None]
    first_at: int | None  # time of the first commit this round
    now: int
    taken: tuple[int, int]
    history: tuple[tuple[int, int], ...]
    timeout_ms: int


class HighCardDuel(Game):
    slug = "high-card-duel"
    title = "High Card Duel"
    seats = 2

    def new(self, seed: int, *, timeout_ms: int = 5000) -> DuelState:
        if not isinstance(timeout_ms, int) or timeout_ms <= 0:
            raise ValueError("timeout_ms must be a positive integer")
        deck, rng = Rng.from_seed(seed).shuffle(range(1, 13))
        return DuelState(
            rng=rng,
            hands=(tuple(sorted(deck[:3])), tuple(sorted(deck[3:6]))),
            committed=(None, None),
            first_at=None,
            now=0,
            taken=(0, 0),
            history=(),
            timeout_ms=timeout_ms,
        )

    def is_over(self, s: DuelState) -> bool:
        return len(s.history) == 3

    def legal_moves(self, s: DuelState, seat: int) -> Moves:
        if self.is_over(s):
            return Moves()
        if seat == REFEREE:
            if s.first_at is None:
                return Moves()
            return Moves([Move(REFEREE, "timeout", None, s.first_at + s.timeout_ms)])
        if seat not in (0, 1) or s.committed[seat] is not None:
            return Moves()
        return Moves(Move(seat, "commit", c, s.now) for c in s.hands[seat])

    def apply(self, s: DuelState, move: Move) -> DuelState:
        if not isinstance(move, Move):
            raise MalformedMove("not a Move")
        if move.kind not in ("commit", "timeout"):
            raise MalformedMove(f"unknown move kind {move.kind!r}")
        if move.at is None:
            raise MalformedMove("duel moves are timed: 'at' is required")
        if self.is_over(s):
            raise IllegalMove("the game is over")
        if move.at < s.now:
            raise IllegalMove(f"time runs forward: {move.at} < {s.now}")
        if move.kind == "timeout":
            if move.seat != REFEREE:
                raise IllegalMove("only the table clock calls time")
            if s.first_at is None:
                raise IllegalMove("nobody is waiting")
            if move.at < s.first_at + s.timeout_ms:
                raise IllegalMove("the count is not over")
            lag = 0 if s.committed[0] is None else 1
            return self._commit(s, lag, min(s.hands[lag]), move.at)
        if move.seat not in (0, 1):
            raise IllegalMove(f"seat {move.seat} does not play")
        if not isinstance(move.data, int) or isinstance(move.data, bool):
            raise MalformedMove("commit takes a card number")
        if s.committed[move.seat] is not None:
            raise IllegalMove("already committed this round")
        if move.data not in s.hands[move.seat]:
            raise IllegalMove(f"card {move.data} is not in hand")
        return self._commit(s, move.seat, move.data, move.at)

    def _commit(self, s: DuelState, seat: int, card: int, at: int) -> DuelState:
        committed = list(s.committed)
        committed[seat] = card
        hands = list(s.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        if None in committed:
            return replace(s, committed=tuple(committed), hands=tuple(hands), first_at=at, now=at)
        a, b = committed
        taken = (s.taken[0] + (a > b), s.taken[1] + (b > a))
        return replace(
            s,
            committed=(None, None),
            hands=tuple(hands),
            first_at=None,
            now=at,
            taken=taken,
            history=(*s.history, (a, b)),
        )

    def points(self, s: DuelState) -> tuple[int, int]:
        a, b = s.taken
        if not self.is_over(s):
            return (0, 0)
        return (5, 5) if a == b else ((10, 0) if a > b else (0, 10))

    def view(self, s: DuelState, seat: int) -> dict[str, Any]:
        return {
            "hand": [f"c{c}" for c in s.hands[seat]] if seat in (0, 1) else None,
            "other_cards": [len(h) for h in s.hands],
            "committed": [c is not None for c in s.committed],
            "history": [[f"c{a}", f"c{b}"] for a, b in s.history],
            "taken": list(s.taken),
            "over": self.is_over(s),
        }

    def secrets(self, s: DuelState, seat: int) -> frozenset[str]:
        hidden = set()
        for other in (0, 1):
            if other != seat:
                hidden |= {f"c{c}" for c in s.hands[other]}
                if s.committed[other] is not None:
                    hidden.add(f"c{s.committed[other]}")
        if seat == REFEREE:
            hidden |= {f"c{c}" for h in s.hands for c in h}
            hidden |= {f"c{c}" for c in s.committed if c is not None}
        return frozenset(hidden)

    def state_to_json(self, s: DuelState) -> dict[str, Any]:
        return {
            "rng": s.rng.state,
            "hands": [list(h) for h in s.hands],
            "committed": list(s.committed),
            "first_at": s.first_at,
            "now": s.now,
            "taken": list(s.taken),
            "history": [list(h) for h in s.history],
            "timeout_ms": s.timeout_ms,
        }

    def state_from_json(self, o: Any) -> DuelState:
        return DuelState(
            rng=Rng(o["rng"]),
            hands=tuple(tuple(h) for h in o["hands"]),
            committed=tuple(o["committed"]),
            first_at=o["first_at"],
            now=o["now"],
            taken=tuple(o["taken"]),
            history=tuple(tuple(h) for h in o["history"]),
            timeout_ms=o["timeout_ms"],
        )


GAME = HighCardDuel()

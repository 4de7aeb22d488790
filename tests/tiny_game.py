"""High Card Duel: a tiny game that exercises every part of the engine protocol.

A deck of cards 1..12 is shuffled with the state's RNG; each of the two seats is dealt
three cards (hidden from the other; option ``hand`` deals 3 to 6). Each round both seats commit a card secretly and
simultaneously (timed moves); the commits are revealed once both are in, and the higher
card takes the round. If one seat has committed and the other has not after
``timeout_ms``, the table's clock (REFEREE) calls time and the laggard forfeits the round
(shown as card 0; it keeps its cards, and nothing about them is revealed). Three rounds (one per card); the seat that took more rounds gets 10 points, a tie gives 5 each.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from cardroom.core import (
    REFEREE,
    CorruptState,
    Fields,
    Game,
    IllegalMove,
    MalformedMove,
    Move,
    Moves,
    Rng,
    check_int,
)

CARDS = tuple(range(1, 13))


@dataclass(frozen=True)
class DuelState:
    rng: Rng
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    committed: tuple[int | None, int | None]
    first_at: int | None  # time of the first commit this round
    now: int
    taken: tuple[int, int]
    history: tuple[tuple[int, int], ...]  # (card of seat 0, card of seat 1); 0 = forfeit
    timeout_ms: int
    rounds: int = 3


class HighCardDuel(Game):
    slug = "high-card-duel"
    title = "High Card Duel"
    state_type = DuelState

    def new(
        self, seed: int, *, timeout_ms: int = 5000, hand: int = 3, pin: Any = None
    ) -> DuelState:
        if not isinstance(timeout_ms, int) or timeout_ms <= 0:
            raise ValueError("timeout_ms must be a positive integer")
        if hand not in (3, 4, 5, 6):
            raise ValueError("hand must be 3 to 6 cards")
        slots = {}
        if pin is not None:  # {"0": [cards of seat 0], "1": [...]} seen or named
            for key, cards in dict(pin).items():
                first = {"0": 0, "1": hand}[key]  # seat 0's slots, seat 1's slots
                for i, c in enumerate(sorted(cards)):
                    slots[first + i] = c
        deck, rng = Rng.from_seed(seed).shuffle_pinned(CARDS, slots)
        return DuelState(
            rng=rng,
            hands=(tuple(sorted(deck[:hand])), tuple(sorted(deck[hand : 2 * hand]))),
            committed=(None, None),
            first_at=None,
            now=0,
            taken=(0, 0),
            history=(),
            timeout_ms=timeout_ms,
            rounds=hand,
        )

    def num_seats(self, s: DuelState) -> int:
        return 2

    def is_over(self, s: DuelState) -> bool:
        return len(s.history) == s.rounds

    def to_move(self, s: DuelState) -> frozenset[int]:
        if self.is_over(s):
            return frozenset()
        out = {seat for seat in (0, 1) if s.committed[seat] is None}
        if s.first_at is not None:
            out.add(REFEREE)
        return frozenset(out)

    def legal_moves(self, s: DuelState, seat: int) -> Moves:
        if seat not in self.to_move(s):
            return Moves()
        if seat == REFEREE:
            return Moves([Move(REFEREE, "timeout", None, s.first_at + s.timeout_ms)])
        return Moves(Move(seat, "commit", c, s.now) for c in s.hands[seat])

    def _apply(self, s: DuelState, move: Move) -> DuelState:
        if move.kind not in ("commit", "timeout"):
            raise MalformedMove(f"unknown move kind {move.kind!r}")
        if move.at is None:
            raise MalformedMove("duel moves are timed: 'at' is required")
        if move.kind == "timeout":
            if move.seat != REFEREE:
                raise IllegalMove("only the table clock calls time")
            if s.first_at is None:
                raise IllegalMove("nobody is waiting")
            if move.at < s.first_at + s.timeout_ms:
                raise IllegalMove("the count is not over")
            lag = 0 if s.committed[0] is None else 1
            return self._commit(s, lag, 0, move.at)
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
            "mine": s.committed[seat] if seat in (0, 1) else None,
            "other_cards": [len(h) for h in s.hands],
            "committed": [c is not None for c in s.committed],
            "history": [[f"c{a}", f"c{b}"] for a, b in s.history],
            "taken": list(s.taken),
            "now": s.now,
            "over": self.is_over(s),
        }

    def _seen(self, s: DuelState, seat: int) -> set[int]:
        seen = {c for a, b in s.history for c in (a, b) if c}
        if seat in (0, 1):
            seen |= set(s.hands[seat])
            if s.committed[seat] is not None:
                seen.add(s.committed[seat])
        return seen

    def resample(self, s: DuelState, seat: int, rng: Rng) -> DuelState:
        hands = list(s.hands)
        committed = list(s.committed)
        free = sorted(set(CARDS) - self._seen(s, seat))
        for other in (0, 1):
            if other == seat:
                continue
            need = len(s.hands[other]) + (committed[other] is not None)
            drawn, rng = rng.shuffle(free)
            drawn = drawn[:need]
            free = [c for c in free if c not in drawn]
            if committed[other] is not None:
                committed[other], drawn = drawn[0], drawn[1:]
            hands[other] = tuple(sorted(drawn))
        world_rng, _ = rng.split()
        return replace(s, rng=world_rng, hands=tuple(hands), committed=tuple(committed))

    def pin(self, s: DuelState, seat: int) -> dict[str, Any]:
        # The seat's whole deal, and every card revealed or named by a move, by owner.
        out: dict[str, list[int]] = {"0": [], "1": []}
        for a, b in s.history:
            out["0"] += [a] if a else []
            out["1"] += [b] if b else []
        for owner in (0, 1):
            if s.committed[owner] is not None:
                out[str(owner)].append(s.committed[owner])
            if owner == seat:
                out[str(owner)].extend(s.hands[owner])
        return {"pin": out}

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
            "rounds": s.rounds,
        }

    def state_from_json(self, o: Any) -> DuelState:
        f = Fields(o, "High Card Duel state")
        rng = Rng(f.get_int("rng", 0, 2**64 - 1))

        def card(v: Any, where: str) -> int:
            return check_int(v, where, 1, 12)

        hands = f.get_list("hands", lambda v, w: tuple(card(x, w) for x in _lst(v, w)), length=2)
        committed = f.get_list(
            "committed", lambda v, w: None if v is None else card(v, w), length=2
        )
        history = f.get_list(
            "history", lambda v, w: tuple(check_int(x, w, 0, 12) for x in _lst(v, w, 2))
        )
        first_at = f.get_int("first_at", 0, 2**53, null=True)
        now = f.get_int("now", 0, 2**53)
        taken = f.get_list("taken", lambda v, w: check_int(v, w, 0, 6), length=2)
        timeout_ms = f.get_int("timeout_ms", 1, 10**9)
        rounds = f.get_int("rounds", 3, 6)
        f.done()
        every = [c for h in hands for c in h] + [c for c in committed if c is not None]
        every += [c for r in history for c in r if c]
        f.check(len(every) == len(set(every)), "a card is in two places")
        f.check(len(history) <= rounds, "more rounds than cards")
        for seat in (0, 1):
            played = sum(1 for r in history if r[seat]) + (committed[seat] is not None)
            f.check(len(hands[seat]) == rounds - played, f"seat {seat} holds the wrong number")
        f.check(
            taken == (sum(a > b for a, b in history), sum(b > a for a, b in history)),
            "rounds taken do not match the history",
        )
        f.check((first_at is not None) == (committed.count(None) == 1), "first_at mismatch")
        f.check(all(a or b for a, b in history), "a round with no card")
        return DuelState(rng, hands, committed, first_at, now, taken, history, timeout_ms, rounds)


def _lst(v: Any, where: str, n: int | None = None) -> list[Any]:
    if not isinstance(v, list) or (n is not None and len(v) != n):
        raise CorruptState(f"{where} must be a list" + (f" of {n}" if n else ""))
    return v


GAME = HighCardDuel()

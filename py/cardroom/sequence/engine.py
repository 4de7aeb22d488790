"""Sequence States & Capitals: the rules as a stateless :class:`~cardroom.core.Game`.

Options of ``new(seed, players=2, teams=None, board="states", pin=None)``:

* ``players``: 2, 3, 4, 6, 8, 9, 10 or 12; ``teams``: 2 or 3 where the count allows
  (default: 2 and 3 players play individually, 9 players in 3 teams, the others in 2).
  Seats alternate around the table: seat ``s`` is on team ``s % teams`` (R-73).
* ``board``: ``"states"`` or ``"capitals"`` (the capitals-only board, R-72); the rules are
  the same, only the spaces' labels differ.
* ``pin``: ``{"draws": [[k, card], ...]}`` deals card ``card`` as the ``k``-th card drawn
  in the game (the deal counts, round-robin from seat 0); used by the conformance harness.

Moves (seat = the player to move; ``space`` is ``10 * row + col``):

* ``Move(seat, "dead", "TX")``: turn in a dead card (both its spaces covered) and draw;
  one a turn, before playing (R-76);
* ``Move(seat, "play", {"card": "TX", "space": 37})``: a state card on one of its two
  spaces, ``"ADD"`` on any open space, ``"REMOVE"`` on an opponent's chip that is not in a
  completed sequence; the replacement card is drawn automatically (R-77);
* ``Move(seat, "pass", "TX")``: only when no card can be played: show the hand, turn in
  one card and draw (R-78).

Sequences are found and locked by the engine (R-74, R-75). Two teams need two sequences
(which may share one space), three teams one. When the deck runs out, the discards are
shuffled into a new one as often as needed: the game ends only when a team wins (R-79).
``points`` are the completed sequences per team.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain, repeat
from operator import itemgetter, sub
from typing import Any, NamedTuple

from ..core import (
    CorruptState,
    Fields,
    FrozenDict,
    Game,
    IllegalMove,
    MalformedMove,
    Move,
    Moves,
    Rng,
    check_int,
)
from .board import (
    ADD,
    CELLS,
    CHIPS,
    DECK,
    REMOVE,
    SPACES,
    WINDOW_SET,
    WINDOWS,
    WINDOWS_AT,
)

__all__ = [
    "GAME",
    "HAND_SIZE",
    "TEAM_SPLITS",
    "Event",
    "SequenceGame",
    "SequenceState",
    "default_teams",
    "find_new_sequences",
]

#: Cards dealt to each player, by player count (the rule book's table).
HAND_SIZE: dict[int, int] = {2: 7, 3: 6, 4: 6, 6: 5, 8: 4, 9: 4, 10: 3, 12: 3}
#: The team counts each player count allows (R-73).
TEAM_SPLITS: dict[int, tuple[int, ...]] = {
    2: (2,),
    3: (3,),
    4: (2,),
    6: (2, 3),
    8: (2,),
    9: (3,),
    10: (2,),
    12: (2, 3),
}
EMPTY = -1
KINDS = ("play", "dead", "pass")
_KNOWN = frozenset(DECK)
_STATES = frozenset(CELLS)
#: Each state's two spaces (a state card is dead when both are covered).
_PAIRS: dict[str, tuple[int, int]] = {c: (x[0], x[1]) for c, x in CELLS.items()}
_FULL = Counter(DECK)
#: (card, copies in the box) in card order.
_FULL_SORTED = tuple(sorted(_FULL.items()))
_FULL_CARDS = tuple(c for c, _ in _FULL_SORTED)
_FULL_COPIES = tuple(k for _, k in _FULL_SORTED)
_NONE = (0,) * len(_FULL_SORTED)  # seen.get's default for each card
_FIRST = itemgetter(0)
_SECOND = itemgetter(1)
_SEAT_CARD = itemgetter(0, 2)  # of an Event


def default_teams(players: int) -> int:
    return 3 if players in (3, 9) else 2


class Event(NamedTuple):
    """One public action: who, what, which card, where (-1 for none), and the hand shown
    by a pass (R-78)."""

    seat: int
    kind: str
    card: str
    space: int
    revealed: tuple[str, ...] = ()


_STR = {str}
_LIST = {list}
_REVEALED = itemgetter(4)  # of an Event


@lru_cache(maxsize=1 << 16)
def _event_text(e: Event) -> str:
    """An action as saved: "seat kind card space" and, for a pass, the hand it showed
    (``"0 play TX 37"``, ``"1 dead NY -1"``, ``"2 pass ADD -1 ADD NY ..."``)."""
    return " ".join(map(str, (e.seat, e.kind, e.card, e.space, *e.revealed)))


@lru_cache(maxsize=1 << 16)
def _parse_event(text: str) -> Event:
    """The action saved as ``text`` (see :func:`_event_text`); CorruptState unless the
    text is exactly how the engine writes a possible action. The table's own limits (its
    seats, its hand size) are checked by the caller."""
    parts = text.split(" ")
    if len(parts) < 4 or parts[1] not in KINDS:
        raise CorruptState(f"Sequence state: {text!r} is not an action")
    try:
        seat, space = int(parts[0]), int(parts[3])
    except ValueError:
        raise CorruptState(f"Sequence state: {text!r} is not an action") from None
    kind, card, shown = parts[1], parts[2], tuple(parts[4:])
    if not 0 <= seat < 12 or not EMPTY <= space < SPACES:
        raise CorruptState(f"Sequence state: {text!r} names no seat or space")
    if card not in _KNOWN or not set(shown) <= _KNOWN:
        raise CorruptState(f"Sequence state: {text!r} names no card")
    if (space == EMPTY) != (kind != "play") or bool(shown) != (kind == "pass"):
        raise CorruptState(f"Sequence state: {text!r} does not fit its kind")
    if kind == "pass" and card not in shown:
        raise CorruptState(f"Sequence state: {text!r} shows a wrong hand")
    e = Event(seat, kind, card, space, shown)
    if _event_text(e) != text:
        raise CorruptState(f"Sequence state: {text!r} is not written as the engine writes it")
    return e


@dataclass(frozen=True)
class SequenceState:
    players: int
    teams: int
    layout: str  # "states" | "capitals"
    rng: Rng
    hands: tuple[tuple[str, ...], ...]  # sorted, hidden from the others
    deck: tuple[str, ...]  # deck[0] is drawn next
    discards: tuple[tuple[str, ...], ...]  # each seat's pile since the last reshuffle
    chips: tuple[int, ...]  # per space: EMPTY or the team
    sequences: tuple[tuple[int, tuple[int, ...]], ...]  # (team, five spaces), in order
    turn: int
    exchanged: bool  # a dead card was turned in this turn
    reshuffles: int  # how often the discards became the deck (no limit, R-79)
    log: tuple[Event, ...]
    drawn: tuple[tuple[int, str], ...]  # every card drawn: (seat, card), deal included
    pins: tuple[tuple[int, str], ...]  # draws fixed after a reshuffle (pinned worlds only)
    winner: int | None

    @property
    def target(self) -> int:
        return 2 if self.teams == 2 else 1

    @property
    def hand_size(self) -> int:
        return HAND_SIZE[self.players]

    @property
    def over(self) -> bool:
        return self.winner is not None

    def team(self, seat: int) -> int:
        return seat % self.teams

    def locked(self) -> frozenset[int]:
        return frozenset(c for _, cells in self.sequences for c in cells)


def find_new_sequences(
    chips: tuple[int, ...] | list[int],
    own: Iterable[tuple[int, ...]],
    space: int,
    team: int,
    need: int,
) -> tuple[tuple[int, ...], ...]:
    """The sequences a chip of ``team`` just placed on ``space`` completes (R-74, R-75).

    A candidate is a window through ``space`` filled with the team's chips that shares at
    most one space with each of the team's sequences (``own``). Up to ``need`` are taken:
    the first pair in reading order that shares at most one space, else the first one."""
    own = tuple(own)
    cands = []
    for wi in WINDOWS_AT[space]:
        w = WINDOWS[wi]
        if all(chips[c] == team for c in w) and all(len(set(w) & set(o)) <= 1 for o in own):
            cands.append(w)
    if not cands or need <= 0:
        return ()
    cands.sort()
    if need >= 2:
        for i, a in enumerate(cands):
            for b in cands[i + 1 :]:
                if len(set(a) & set(b)) <= 1:
                    return (a, b)
    return (cands[0],)


_MOVES: dict[tuple[int, str, str, int], Move] = {}


def _move(seat: int, kind: str, card: str, space: int = EMPTY) -> Move:
    key = (seat, kind, card, space)
    m = _MOVES.get(key)
    if m is None:
        data: Any = card if kind != "play" else {"card": card, "space": space}
        m = _MOVES[key] = Move(seat, kind, data)
    return m


class SequenceGame(Game):
    slug = "sequence"
    #: a card is played face up onto the board or the discard pile (R-198)
    public_moves = frozenset(KINDS)
    title = "Sequence States & Capitals"
    state_type = SequenceState

    # ------------------------------------------------------------ dealing

    def new(
        self,
        seed: int,
        *,
        players: int = 2,
        teams: int | None = None,
        board: str = "states",
        pin: Mapping[str, Any] | None = None,
    ) -> SequenceState:
        if isinstance(players, bool) or players not in HAND_SIZE:
            raise ValueError(f"players is one of {sorted(HAND_SIZE)}, not {players!r}")
        if teams is None:
            teams = default_teams(players)
        if isinstance(teams, bool) or teams not in TEAM_SPLITS[players]:
            allowed = " or ".join(map(str, TEAM_SPLITS[players]))
            raise ValueError(f"{players} players play in {allowed} teams, not {teams!r}")
        if board not in ("states", "capitals"):
            raise ValueError(f"board is 'states' or 'capitals', not {board!r}")
        early, late = _read_pin(pin)
        deck, rng = Rng.from_seed(seed).shuffle_pinned(DECK, early)
        n, h = players, HAND_SIZE[players]
        dealt = n * h
        hands = tuple(tuple(sorted(deck[s:dealt:n])) for s in range(n))
        return SequenceState(
            players=n,
            teams=teams,
            layout=board,
            rng=rng,
            hands=hands,
            deck=tuple(deck[dealt:]),
            discards=((),) * n,
            chips=(EMPTY,) * SPACES,
            sequences=(),
            turn=0,
            exchanged=False,
            reshuffles=0,
            log=(),
            drawn=tuple((k % n, deck[k]) for k in range(dealt)),
            pins=late,
            winner=None,
        )

    # ------------------------------------------------------------ seats and turns

    def num_seats(self, s: SequenceState) -> int:
        return s.players

    def team_of(self, s: SequenceState, seat: int) -> int:
        return seat % s.teams

    def num_teams(self, s: SequenceState) -> int:
        return s.teams

    def to_move(self, s: SequenceState) -> frozenset[int]:
        return frozenset() if s.over else frozenset((s.turn,))

    def is_over(self, s: SequenceState) -> bool:
        return s.over

    def points(self, s: SequenceState) -> tuple[int, ...]:
        out = [0] * s.teams
        for team, _ in s.sequences:
            out[team] += 1
        return tuple(out)

    def dead_cards(self, s: SequenceState, hand: Iterable[str]) -> tuple[str, ...]:
        """The dead cards among ``hand`` (R-76), each once."""
        chips = s.chips
        pair = _PAIRS.get
        return tuple(
            sorted(
                {
                    c
                    for c in hand
                    if (p := pair(c)) is not None and chips[p[0]] != EMPTY and chips[p[1]] != EMPTY
                }
            )
        )

    def plays(self, s: SequenceState, seat: int) -> list[tuple[str, int]]:
        """Every (card, space) that ``seat`` could play from its hand now."""
        chips = s.chips
        team = s.team(seat)
        out: list[tuple[str, int]] = []
        seen: set[str] = set()
        for card in s.hands[seat]:
            if card in seen:
                continue
            seen.add(card)
            if card == ADD:
                out.extend((card, x) for x in range(SPACES) if chips[x] == EMPTY)
            elif card == REMOVE:
                locked = s.locked()
                out.extend(
                    (card, x)
                    for x in range(SPACES)
                    if chips[x] not in (EMPTY, team) and x not in locked
                )
            else:
                out.extend((card, x) for x in CELLS[card] if chips[x] == EMPTY)
        return out

    def legal_moves(self, s: SequenceState, seat: int) -> Moves:
        if s.over or seat != s.turn:
            return Moves()
        moves = [_move(seat, "dead", c) for c in self.dead_cards(s, s.hands[seat])]
        if s.exchanged:
            moves = []
        moves.extend(_move(seat, "play", c, x) for c, x in self.plays(s, seat))
        if not moves:
            moves = [_move(seat, "pass", c) for c in sorted(set(s.hands[seat]))]
        return Moves(moves)

    # ------------------------------------------------------------ moving

    def _apply(self, s: SequenceState, move: Move) -> SequenceState:
        kind, data, seat = move.kind, move.data, move.seat
        if kind not in KINDS:
            raise MalformedMove(f"a Sequence move is play, dead or pass, not {kind!r}")
        if kind == "play":
            if not isinstance(data, FrozenDict) or set(data) != {"card", "space"}:
                raise MalformedMove('play takes {"card": CARD, "space": 0..99}')
            card, space = data["card"], data["space"]
            if not isinstance(space, int) or isinstance(space, bool) or not 0 <= space < SPACES:
                raise MalformedMove(f"space is a whole number from 0 to 99, not {space!r}")
        else:
            card, space = data, EMPTY
        if not isinstance(card, str) or card not in _KNOWN:
            raise MalformedMove(f"no Sequence card called {card!r}")
        if move.at is not None:
            raise MalformedMove("Sequence moves are not timed")
        if not 0 <= seat < s.players:
            raise IllegalMove(f"seat {seat} does not play")
        if seat != s.turn:
            raise IllegalMove(f"it is seat {s.turn}'s turn")
        hand = s.hands[seat]
        if card not in hand:
            raise IllegalMove(f"{card} is not in the hand")
        if kind == "dead":
            return self._dead(s, seat, card)
        if kind == "pass":
            return self._pass(s, seat, card)
        return self._play(s, seat, card, space)

    def _dead(self, s: SequenceState, seat: int, card: str) -> SequenceState:
        if s.exchanged:
            raise IllegalMove("one dead card a turn (R-76)")
        if card not in _STATES:
            raise IllegalMove(f"{card} is never a dead card")
        if any(s.chips[x] == EMPTY for x in CELLS[card]):
            raise IllegalMove(f"{card} is not dead: a space of it is open")
        return self._spend(s, seat, Event(seat, "dead", card, EMPTY), ends_turn=False)

    def _pass(self, s: SequenceState, seat: int, card: str) -> SequenceState:
        if self.plays(s, seat):
            raise IllegalMove("a card can be played, so the turn cannot be passed (R-78)")
        if not s.exchanged and self.dead_cards(s, s.hands[seat]):
            raise IllegalMove("turn in a dead card first (R-78)")
        return self._spend(s, seat, Event(seat, "pass", card, EMPTY, s.hands[seat]))

    def _play(self, s: SequenceState, seat: int, card: str, space: int) -> SequenceState:
        team = s.team(seat)
        chips = list(s.chips)
        here = chips[space]
        if card == REMOVE:
            if here == EMPTY:
                raise IllegalMove("there is no chip to remove there")
            if here == team:
                raise IllegalMove("REMOVE takes an opponent's chip, not your own team's")
            if space in s.locked():
                raise IllegalMove("that chip is in a completed sequence (R-75)")
            chips[space] = EMPTY
            return self._spend(s, seat, Event(seat, "play", card, space), chips=tuple(chips))
        if card != ADD and space not in CELLS[card]:
            raise IllegalMove(f"{card} is not on space {space}")
        if here != EMPTY:
            raise IllegalMove(f"space {space} is covered")
        chips[space] = team
        own = [cells for t, cells in s.sequences if t == team]
        new = find_new_sequences(chips, own, space, team, s.target - len(own))
        sequences = s.sequences + tuple((team, w) for w in new)
        winner = team if len(own) + len(new) >= s.target else None
        return self._spend(
            s,
            seat,
            Event(seat, "play", card, space),
            chips=tuple(chips),
            sequences=sequences,
            winner=winner,
        )

    def _spend(
        self,
        s: SequenceState,
        seat: int,
        event: Event,
        *,
        ends_turn: bool = True,
        chips: tuple[int, ...] | None = None,
        sequences: tuple[tuple[int, tuple[int, ...]], ...] | None = None,
        winner: int | None = None,
    ) -> SequenceState:
        """The card of ``event`` leaves the hand for the discard pile; then, unless the
        game is won, the replacement is drawn, from the discards reshuffled if the deck
        is empty (R-77, R-79)."""
        hand = list(s.hands[seat])
        hand.remove(event.card)
        hands = list(s.hands)
        discards = list(s.discards)
        discards[seat] = (*discards[seat], event.card)
        deck, rng, reshuffles = s.deck, s.rng, s.reshuffles
        drawn = s.drawn
        if winner is None:
            if not deck:
                pool = [c for pile in discards for c in pile]
                first = len(drawn)
                pinned = {k - first: c for k, c in s.pins if first <= k < first + len(pool)}
                try:
                    deck, rng = rng.shuffle_pinned(pool, pinned)
                except ValueError:  # a pin that cannot be honoured is ignored
                    deck, rng = rng.shuffle(pool)
                discards = [()] * s.players
                reshuffles += 1
            hand.append(deck[0])
            drawn = (*drawn, (seat, deck[0]))
            deck = deck[1:]
        hands[seat] = tuple(sorted(hand))
        turn = (s.turn + 1) % s.players if ends_turn else s.turn
        return SequenceState(  # every field named (dataclasses.replace is slower)
            players=s.players,
            teams=s.teams,
            layout=s.layout,
            rng=rng,
            hands=tuple(hands),
            deck=tuple(deck),
            discards=tuple(discards),
            chips=s.chips if chips is None else chips,
            sequences=s.sequences if sequences is None else sequences,
            turn=turn,
            exchanged=not ends_turn,
            reshuffles=reshuffles,
            log=(*s.log, event),
            drawn=drawn,
            pins=s.pins,
            winner=winner,
        )

    # ------------------------------------------------------------ information

    def view(self, s: SequenceState, seat: int) -> dict[str, Any]:
        """What ``seat`` sees (R-80): its own hand only (partners never see each other's
        hands), every discard pile, the board and the sequences, the last action."""
        mine = 0 <= seat < s.players
        last = None
        if s.log:
            e = s.log[-1]
            last = {"seat": e.seat, "team": s.team(e.seat), "kind": e.kind, "card": e.card}
            if e.space != EMPTY:
                last["space"] = e.space
            if e.kind == "pass":
                last["shown"] = list(e.revealed)
        return {
            "game": self.slug,
            "players": s.players,
            "teams": s.teams,
            "board": s.layout,
            "target": s.target,
            "seat": seat if mine else None,
            "team": s.team(seat) if mine else None,
            "team_of": list(_team_of(s.players, s.teams)),
            "team_chips": [dict(CHIPS[t]) for t in range(s.teams)],
            "hand": list(s.hands[seat]) if mine else None,
            "dead": list(self.dead_cards(s, s.hands[seat])) if mine else [],
            "hand_sizes": [len(h) for h in s.hands],
            "discards": [list(p) for p in s.discards],
            "deck": len(s.deck),
            "reshuffles": s.reshuffles,
            "chips": list(s.chips),
            "sequences": [{"team": t, "spaces": list(cells)} for t, cells in s.sequences],
            "score": list(self.points(s)),
            "turn": None if s.over else s.turn,
            "exchanged": s.exchanged,
            "last": last,
            "moves": len(s.log),
            "over": s.over,
            "winner": s.winner,
        }

    def known_held(
        self, s: SequenceState, seat: int, events: Iterable[Event] | None = None
    ) -> Counter[str]:
        """Cards every player knows ``seat`` still holds: the hand it showed at its last
        pass (R-78) less what it has turned in or played since."""
        held: Counter[str] = Counter()
        for e in s.log if events is None else events:
            if e.seat != seat:
                continue
            if e.kind == "pass":
                held = Counter(e.revealed)
            if held[e.card] > 0:
                held[e.card] -= 1
        return +held

    def resample(self, s: SequenceState, seat: int, rng: Rng) -> SequenceState:
        """Other hands and the deck re-drawn from the cards ``seat`` has not seen, keeping
        what passes showed; the draw history re-told to match (R-80)."""
        others = [r for r in range(s.players) if r != seat]
        told = _told(s)
        own = s.hands[seat] if 0 <= seat < s.players else ()
        seen = Counter(
            chain(own, *s.discards, *(told[r].known.elements() for r in others if told[r].known))
        )
        # The cards not seen, sorted: each card as often as the box has it less seen.
        pool = list(
            chain.from_iterable(
                map(repeat, _FULL_CARDS, map(sub, _FULL_COPIES, map(seen.get, _FULL_CARDS, _NONE)))
            )
        )
        cards, rng = rng.shuffle(pool)
        hands = list(s.hands)
        i = 0
        for r in others:
            known = told[r].known
            if known:
                need = len(s.hands[r]) - sum(known.values())
                hands[r] = tuple(sorted([*known.elements(), *cards[i : i + need]]))
            else:
                need = len(s.hands[r])
                hands[r] = tuple(sorted(cards[i : i + need]))
            i += need
        deck = tuple(cards[i:])
        world, _ = rng.split()
        return SequenceState(  # every field named (dataclasses.replace is slower)
            players=s.players,
            teams=s.teams,
            layout=s.layout,
            rng=world,
            hands=tuple(hands),
            deck=deck,
            discards=s.discards,
            chips=s.chips,
            sequences=s.sequences,
            turn=s.turn,
            exchanged=s.exchanged,
            reshuffles=s.reshuffles,
            log=s.log,
            drawn=_retell(s.drawn, hands, others, told),
            pins=(),
            winner=s.winner,
        )

    def pin(self, s: SequenceState, seat: int) -> dict[str, Any]:
        """The draws ``seat`` saw (its own) and those of every card a move named or a pass
        showed, at their places in the order of draws."""
        pins: dict[int, str] = {}
        for r in range(s.players):
            slots = [k for k, (who, _) in enumerate(s.drawn) if who == r]
            if r == seat:
                pins.update((k, s.drawn[k][1]) for k in slots)
                continue
            for kept in _timeline(s, r, slots):
                pins.update((k, s.drawn[k][1]) for k in kept)
        return {"pin": {"draws": [[k, c] for k, c in sorted(pins.items())]}}

    # ------------------------------------------------------------ saving

    def state_to_json(self, s: SequenceState) -> dict[str, Any]:
        return {
            "players": s.players,
            "teams": s.teams,
            "board": s.layout,
            "rng": s.rng.state,
            "hands": [list(h) for h in s.hands],
            "deck": list(s.deck),
            "discards": [list(p) for p in s.discards],
            "chips": list(s.chips),
            "sequences": [[t, list(cells)] for t, cells in s.sequences],
            "turn": s.turn,
            "exchanged": s.exchanged,
            "reshuffles": s.reshuffles,
            "log": _log_text(s.log),
            "drawn": _drawn_cards(s.drawn),
            "pins": [[k, c] for k, c in s.pins],
            "winner": s.winner,
        }

    def state_from_json(self, obj: Any) -> SequenceState:
        f = Fields(obj, "Sequence state")
        players = f.get_int("players", 2, 12)
        f.check(players in HAND_SIZE, f"no game for {players} players")
        teams = f.get_int("teams", 2, 3)
        f.check(teams in TEAM_SPLITS[players], f"{players} players cannot play in {teams} teams")
        layout = f.get_str("board", ("states", "capitals"))
        rng = Rng(f.get_int("rng", 0, 2**64 - 1))
        n, h = players, HAND_SIZE[players]

        def cards(v: Any, where: str) -> tuple[str, ...]:
            if type(v) is not list or not set(map(type, v)) <= _STR or not set(v) <= _KNOWN:
                raise CorruptState(f"Sequence state: {where} must be a list of cards")
            return tuple(v)

        raw_hands, raw_discards, raw_deck = obj.get("hands"), obj.get("discards"), obj.get("deck")
        if (
            type(raw_hands) is list
            and type(raw_discards) is list
            and type(raw_deck) is list
            and len(raw_hands) == n == len(raw_discards)
            and set(map(type, raw_hands)) | set(map(type, raw_discards)) <= _LIST
            and _are_cards([*raw_deck, *chain(*raw_hands, *raw_discards)])
            and all(h == sorted(h) for h in raw_hands)
        ):
            # The usual case, all at once: lists of known cards, each hand sorted.
            hands = tuple(map(tuple, f.raw("hands")))
            deck = tuple(f.raw("deck"))
            discards = tuple(map(tuple, f.raw("discards")))
        else:  # read one by one to name what is wrong
            hands = f.get_list("hands", cards, length=n)
            for i, hand in enumerate(hands):
                f.check(list(hand) == sorted(hand), f"seat {i}'s hand is not sorted")
            deck = cards(f.raw("deck"), "deck")
            discards = f.get_list("discards", cards, length=n)
        every = Counter(chain(deck, *hands, *discards))
        f.check(dict.__eq__(every, _FULL), "the cards are not the 108 of the game")
        raw = f.raw("chips")
        f.check(
            type(raw) is list
            and len(raw) == SPACES
            and set(map(type, raw)) <= {int}
            and set(raw) <= set(range(EMPTY, teams)),
            f"'chips' must be {SPACES} whole numbers from {EMPTY} to {teams - 1}",
        )
        chips = tuple(raw)
        target = 2 if teams == 2 else 1

        def sequence(v: Any, where: str) -> tuple[int, tuple[int, ...]]:
            if not isinstance(v, list) or len(v) != 2 or not isinstance(v[1], list):
                raise CorruptState(f"Sequence state: {where} must be [team, [5 spaces]]")
            team = check_int(v[0], where, 0, teams - 1)
            cells = tuple(check_int(x, where, 0, SPACES - 1) for x in v[1])
            if cells not in WINDOW_SET:
                raise CorruptState(f"Sequence state: {where} is not five spaces in a line")
            if any(chips[c] != team for c in cells):
                raise CorruptState(f"Sequence state: {where} is not all the team's chips")
            return team, cells

        sequences = f.get_list("sequences", sequence, max_length=6)
        for team in range(teams):
            own = [c for t, c in sequences if t == team]
            if len(own) > target:
                raise f.fail(f"team {team} has too many sequences")
            if not all(len(set(a) & set(b)) <= 1 for i, a in enumerate(own) for b in own[i + 1 :]):
                raise f.fail(f"team {team}'s sequences share more than one space")
        turn = f.get_int("turn", 0, n - 1)
        exchanged = f.get_bool("exchanged")
        reshuffles = f.get_int("reshuffles", 0, 2**31)

        raw = f.raw("log")
        f.check(type(raw) is list, "'log' must be a list")
        f.check(len(raw) <= 100_000, "'log' is too long")
        try:
            f.check(set(map(type, raw)) <= _STR, "'log' must be a list of actions")
            log = tuple(map(_parse_event, raw))
        except CorruptState:
            for i, v in enumerate(raw):  # name the first bad one
                if type(v) is not str:
                    raise CorruptState(f"Sequence state: log[{i}] must be text") from None
                try:
                    _parse_event(v)
                except CorruptState as exc:
                    raise CorruptState(f"Sequence state: log[{i}]: {exc}") from None
            raise
        f.check(
            max(map(_FIRST, log), default=0) < n and set(map(len, map(_REVEALED, log))) <= {0, h},
            "an action of a seat not at the table, or a shown hand of the wrong size",
        )

        raw = f.raw("drawn")
        f.check(
            type(raw) is list and set(map(type, raw)) <= _STR and set(raw) <= _KNOWN,
            "'drawn' must be a list of cards",
        )
        dealt = n * h
        f.check(dealt <= len(raw) <= dealt + len(log), "the draws do not follow the history")
        # The deal is round-robin from seat 0, then each action's card is replaced.
        drawn = tuple(
            zip(
                [*_deal_seats(n, dealt), *map(_FIRST, log[: len(raw) - dealt])],
                raw,
                strict=True,
            )
        )

        def pin(v: Any, where: str) -> tuple[int, str]:
            if not isinstance(v, list) or len(v) != 2 or not isinstance(v[1], str):
                raise CorruptState(f"Sequence state: {where} must be [draw, card]")
            if v[1] not in _KNOWN:
                raise CorruptState(f"Sequence state: {where} is not a card")
            return check_int(v[0], where, len(DECK), 2**31), v[1]

        pins = f.get_list("pins", pin, max_length=100_000)
        f.check(len({k for k, _ in pins}) == len(pins), "a draw is pinned twice")
        winner = f.get_int("winner", 0, teams - 1, null=True)
        f.done()

        # The history agrees with the rest.
        won = [sum(1 for t, _ in sequences if t == team) for team in range(teams)]
        f.check(
            winner is None
            if max(won, default=0) < target
            else winner is not None and won[winner] >= target,
            "the winner does not match the sequences",
        )
        over = winner is not None
        ends, board = _replay_log(log, n, teams)
        f.check(ends >= 0, "an action out of turn in the history")
        f.check(turn == ends % n, "the turn does not follow the history")
        f.check(exchanged == (bool(log) and log[-1].kind == "dead"), "exchanged mismatch")
        f.check(board == chips, "the chips do not follow the history")
        expected = dealt + len(log) - (1 if over and log else 0)
        f.check(len(drawn) == expected, "the draws do not follow the history")
        short = log[-1].seat if over and log else None
        for i, hand in enumerate(hands):
            size = h - (i == short)
            if len(hand) != size:
                raise f.fail(f"seat {i} holds {len(hand)} cards, not {size}")
        # Each seat's draws less what it spent are its hand: counted for all seats at once
        # as (seat, card) pairs, and seat by seat only to name the seat that breaks it.
        # (draws == spent + held; counted, no count is zero, so compared as dicts)
        got = Counter(drawn)
        owed = Counter(map(_SEAT_CARD, log))
        owed.update((seat, c) for seat, hand in enumerate(hands) for c in hand)
        if not dict.__eq__(got, owed):
            for seat in range(n):
                g = Counter(c for r, c in drawn if r == seat)
                sp = Counter(e.card for e in log if e.seat == seat)
                f.check(g - sp == Counter(hands[seat]), f"seat {seat}'s hand breaks its history")
                f.check(not (sp - g), f"seat {seat} played cards it never drew")
        return SequenceState(
            players=n,
            teams=teams,
            layout=layout,
            rng=rng,
            hands=hands,
            deck=deck,
            discards=discards,
            chips=chips,
            sequences=sequences,
            turn=turn,
            exchanged=exchanged,
            reshuffles=reshuffles,
            log=log,
            drawn=drawn,
            pins=pins,
            winner=winner,
        )


#: The last history _replay_log and _log_text went through: (log, players, teams, turns
#: ended, board) and (log, its lines). A game's histories grow one move at a time.
_REPLAYED: list[tuple[tuple[Event, ...], int, int, int, list[int]]] = []
_WRITTEN: list[tuple[tuple[Event, ...], list[str]]] = []


def _replay_log(log: tuple[Event, ...], n: int, teams: int) -> tuple[int, tuple[int, ...]]:
    """(turns ended, chips) after ``log`` at a table of ``n`` seats in ``teams`` teams;
    turns ended is -1 if an action is out of turn. Carries on from the last history
    replayed when ``log`` extends it."""
    last = _REPLAYED[0] if _REPLAYED else None
    if (
        last is not None
        and last[1] == n
        and last[2] == teams
        and len(last[0]) <= len(log)
        and log[: len(last[0])] == last[0]
    ):
        ends, board = last[3], list(last[4])
        start = len(last[0])
    else:
        ends, board, start = 0, [EMPTY] * SPACES, 0
    for j in range(start, len(log)):
        e = log[j]
        if e.seat != ends % n:
            return -1, ()
        if e.kind != "dead":
            ends += 1
        if e.kind == "play":
            board[e.space] = EMPTY if e.card == REMOVE else e.seat % teams
    _REPLAYED[:] = [(log, n, teams, ends, board)]
    return ends, tuple(board)


def _log_text(log: tuple[Event, ...]) -> list[str]:
    """``log`` as saved, a line an action (:func:`_event_text`)."""
    last = _WRITTEN[0] if _WRITTEN else None
    if last is not None and last[0] is log:  # the same history (a tuple: it cannot change)
        return list(last[1])
    if last is not None and len(last[0]) <= len(log) and log[: len(last[0])] == last[0]:
        lines = last[1] + [_event_text(e) for e in log[len(last[0]) :]]
    else:
        lines = list(map(_event_text, log))
    _WRITTEN[:] = [(log, lines)]
    return list(lines)


def _are_cards(items: list[Any]) -> bool:
    """Whether every item is a card's code (text, not a subclass of it)."""
    return set(map(type, items)) <= _STR and _KNOWN.issuperset(items)


@lru_cache(maxsize=64)
def _team_of(players: int, teams: int) -> tuple[int, ...]:
    """Each seat's team: seats alternate around the table (R-73)."""
    return tuple(seat % teams for seat in range(players))


@lru_cache(maxsize=64)
def _deal_seats(n: int, dealt: int) -> tuple[int, ...]:
    """Who receives each card of the deal: round-robin from seat 0."""
    return tuple(k % n for k in range(dealt))


#: _drawn_cards's answers for the last draw histories: id(drawn) -> (drawn, its cards).
_DRAWN: dict[int, tuple[tuple[tuple[int, str], ...], list[str]]] = {}


def _drawn_cards(drawn: tuple[tuple[int, str], ...]) -> list[str]:
    """The cards of ``drawn`` as saved (a new list). A state is saved many times over
    (the conformance harness's snapshots), so the answer is kept for the last few draw
    histories, each tuple compared by identity (a tuple of pairs cannot change)."""
    got = _DRAWN.get(id(drawn))
    if got is not None and got[0] is drawn:
        return list(got[1])
    cards = list(map(_SECOND, drawn))
    if len(_DRAWN) >= 64:
        _DRAWN.clear()
    _DRAWN[id(drawn)] = (drawn, cards)
    return list(cards)


def _read_pin(pin: Any) -> tuple[dict[int, str], tuple[tuple[int, str], ...]]:
    """``{"draws": [[k, card], ...]}`` -> (deck positions of the first deck, later draws)."""
    if pin is None:
        return {}, ()
    if not isinstance(pin, Mapping) or set(pin) != {"draws"} or not isinstance(pin["draws"], list):
        raise ValueError('pin is {"draws": [[k, card], ...]}')
    early: dict[int, str] = {}
    late: dict[int, str] = {}
    for item in pin["draws"]:
        if (
            not isinstance(item, (list, tuple))
            or len(item) != 2
            or isinstance(item[0], bool)
            or not isinstance(item[0], int)
            or not 0 <= item[0] < 2**31
            or item[1] not in _KNOWN
        ):
            raise ValueError(f"a pinned draw is [k, card], not {item!r}")
        k, card = item
        if k in early or k in late:
            raise ValueError(f"draw {k} is pinned twice")
        (early if k < len(DECK) else late)[k] = card
    return early, tuple(sorted(late.items()))


def _timeline(s: SequenceState, r: int, slots: list[int]) -> list[list[int]]:
    """For seat ``r`` (not the one pinning): the draws whose cards left its hand (first
    received first) and the draws it held when it showed its hand at a pass."""
    n, h = s.players, s.hand_size
    dealt = n * h
    cards = s.drawn
    held: list[int] = []
    out: list[list[int]] = []
    ptr = 0
    for j, e in enumerate(s.log):
        while ptr < len(slots) and slots[ptr] < dealt + j:
            held.append(slots[ptr])
            ptr += 1
        if e.seat != r:
            continue
        if e.kind == "pass":
            out.append(list(held))
        k = next(k for k in held if cards[k][1] == e.card)
        held.remove(k)
        out.append([k])
    return out


def _by_seat(s: SequenceState) -> list[list[tuple[int, Event]]]:
    """Each seat's actions with their places in the history."""
    out: list[list[tuple[int, Event]]] = [[] for _ in range(s.players)]
    for j, e in enumerate(s.log):
        out[e.seat].append((j, e))
    return out


class _Told(NamedTuple):
    """What the public history tells of one seat's draws (see :func:`_told`)."""

    known: Counter[str]  # cards it is known to hold (a pass showed them, R-78)
    fixed: tuple[tuple[int, str], ...]  # (draw, card) of every draw the history names
    open: tuple[int, ...]  # the draws it still holds that nothing named, in order
    named: Counter[str]  # the cards of the draws it holds that the history named
    slots: tuple[int, ...]  # all its draws
    base: list[tuple[int, str]]  # every seat's draws as the history names them (shared)


#: _told's results for the last histories asked about: id(log) -> (log, players, told).
_TOLD: dict[int, tuple[tuple[Event, ...], int, list[_Told]]] = {}


class _Telling:
    """_told's work on a history so far, carried on when the history grows by a move."""

    def __init__(self, players: int, dealt: int) -> None:
        self.players, self.dealt = players, dealt
        self.log: tuple[Event, ...] = ()
        self.drawn = 0  # draws taken into slots and base
        self.slots: list[list[int]] = [[] for _ in range(players)]
        self.cards: list[dict[int, str]] = [{} for _ in range(players)]
        self.held: list[list[int]] = [[] for _ in range(players)]
        self.ptr = [0] * players
        self.known: list[Counter[str]] = [Counter() for _ in range(players)]
        self.base: list[tuple[int, str]] = []

    def advance(self, s: SequenceState) -> None:
        for k in range(self.drawn, len(s.drawn)):
            who, c = s.drawn[k]
            self.slots[who].append(k)
            self.base.append((who, c))
        self.drawn = len(s.drawn)
        dealt, base = self.dealt, self.base
        for j in range(len(self.log), len(s.log)):
            e = s.log[j]
            r = e.seat
            slots, card, held = self.slots[r], self.cards[r], self.held[r]
            ptr = self.ptr[r]
            while ptr < len(slots) and slots[ptr] < dealt + j:
                held.append(slots[ptr])
                ptr += 1
            self.ptr[r] = ptr
            if e.kind == "pass":
                known = self.known[r] = Counter(e.revealed)
                missing = known - Counter(card[k] for k in held if k in card)
                fill = sorted(missing.elements())
                for k in held:
                    if k not in card:
                        card[k] = fill.pop(0)
                        base[k] = (r, card[k])
            known = self.known[r]
            if known[e.card] > 0:
                known[e.card] -= 1
            named = next((k for k in held if card.get(k) == e.card), None)
            if named is None:
                named = next(k for k in held if k not in card)
                card[named] = e.card
                base[named] = (r, e.card)
            held.remove(named)
        self.log = s.log

    def told(self) -> list[_Told]:
        out = []
        base = list(self.base)
        for r in range(self.players):
            slots, card = self.slots[r], self.cards[r]
            held = self.held[r] + slots[self.ptr[r] :]
            out.append(
                _Told(
                    known=+self.known[r],
                    fixed=tuple(card.items()),
                    open=tuple(k for k in held if k not in card),
                    named=Counter(card[k] for k in held if k in card),
                    slots=tuple(slots),
                    base=base,
                )
            )
        return out


#: The history _told worked through last (a game's histories grow one move at a time).
_TELLING: list[_Telling] = []


def _told(s: SequenceState) -> list[_Told]:
    """For each seat, the draws the public history assigns a card (the cards it played or
    turned in, first received first; the hands a pass showed) and the draws it leaves
    open. It depends on the history only, so every world resampled from one state shares
    it: it is kept for the last few histories (the log tuple, compared by identity), and
    the work on the last history is carried on when the next one extends it."""
    got = _TOLD.get(id(s.log))
    if got is not None and got[0] is s.log and got[1] == s.players:
        return got[2]
    dealt = s.players * s.hand_size
    w = _TELLING[0] if _TELLING else None
    if (
        w is None
        or w.players != s.players
        or w.dealt != dealt
        or len(w.log) > len(s.log)
        or w.drawn > len(s.drawn)
        or s.log[: len(w.log)] != w.log  # (the same moves: the same seats drew)
    ):
        w = _Telling(s.players, dealt)
        _TELLING[:] = [w]
    w.advance(s)
    out = w.told()
    if len(_TOLD) >= 64:
        _TOLD.clear()
    _TOLD[id(s.log)] = (s.log, s.players, out)
    return out


def _retell(
    drawn: tuple[tuple[int, str], ...],
    hands: list[tuple[str, ...]],
    others: list[int],
    told: list[_Told],
) -> tuple[tuple[int, str], ...]:
    """The draw history with the cards of ``others`` re-assigned from public facts only
    (when each drew, what each played or showed) and their ``hands`` in the new world."""
    out = list(told[0].base)  # every seat's named draws; then the seat's own, as dealt
    for r in range(len(told)):
        if r not in others:
            for k in told[r].slots:
                out[k] = drawn[k]
    for r in others:
        tr = told[r]
        rest = sorted((Counter(hands[r]) - tr.named).elements()) if tr.named else hands[r]
        for k, c in zip(tr.open, rest, strict=False):  # a consistent state: same length
            out[k] = (r, c)
    return tuple(out)


GAME = SequenceGame()

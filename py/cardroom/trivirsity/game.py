"""Tri-Virsity: the word card game for 2 to 8 players (or teams of two), and solitaire.

One engine game is one **hand**; a match to 500 points (``target``) is a chain of hands
that hand on the running scores and the dealer through the ``carry`` option (R-90).
The rules are in ``docs/trivirsity.md``; the rulings the code follows are cited as
``R-9x``/``R-10x`` and written out in ``docs/rulings.md``.

Moves (``data`` is JSON):

==============  ===================================================  =================
kind            data                                                  who, when
==============  ===================================================  =================
``draw``        none: the top card of the draw pile                   the turn, phase draw
``take``        none: the top card of the discard pile                the turn, phase draw
``claim``       ``{"word": id, "end": "front"|"back", "letter": c}``  any other seat while
                                                                      the last discard is
                                                                      fresh (R-94)
``lay``         ``{"cards": [codes], "word": "play"}``                the turn, phase play
``build``       ``{"word": id, "end": ..., "cards": [...],            the turn, phase play
                "letters": "re"}``
``trivirsity``  ``{"tri": [3 codes], "virsity": [7 codes]}``           the turn, phase play
``discard``     a card code                                           the turn, phase play
``no-discard``  none                                                  the turn, phase play
``challenge``   index into ``pending``                                any other team while
                                                                      a play is pending
``accept``      none: lets a player's going out stand                 the next seat, phase
                                                                      out (challenge mode)
==============  ===================================================  =================
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from ..core import (
    REFEREE,
    CorruptState,
    Fields,
    FrozenDict,
    Game,
    IllegalMove,
    MalformedMove,
    Move,
    Moves,
    MoveSpace,
    Rng,
)
from . import words as wordlist
from .deck import (
    ALL_CARDS,
    SUIT_NAMES,
    SUITS,
    card_letter,
    card_name,
    card_points,
    card_suit,
    deck,
    fits_suit,
    is_tri,
    sort_cards,
)

__all__ = [
    "GAME",
    "Judged",
    "Seen",
    "VARIANTS",
    "Play",
    "Rules",
    "Solitaire",
    "TriState",
    "TriVirsity",
    "Word",
    "check_word",
    "judge",
    "judge_play",
    "make_rules",
]

#: Presets: (cards dealt, shortest word) (R-98).
VARIANTS: dict[str, tuple[int, int]] = {
    "standard": (10, 3),
    "four": (12, 4),
    "five": (15, 5),
    "beginner": (8, 2),
    "few-wilds": (10, 3),
    "solitaire": (10, 3),
}
GOING_OUT = 10
TRIVIRSITY_BONUS = 500
CHALLENGE_COST = 25
DEFAULT_ROUNDS = 60
SOLITAIRE_SUIT = 5
ENDS = ("front", "back")
KINDS = (
    "draw",
    "take",
    "claim",
    "lay",
    "build",
    "trivirsity",
    "discard",
    "no-discard",
    "challenge",
    "accept",
)


def check_word(word: str, min_len: int = 3) -> tuple[bool, str]:
    """May ``word`` be laid as a new word (strict checking)? ``(ok, reason)``: the same
    check :meth:`TriVirsity._apply` makes for a ``lay`` (R-91)."""
    w = word.strip().lower()
    if not w or not w.isascii() or not w.isalpha():
        return False, "a word is made of the letters a-z only"
    if word.strip()[:1].isupper() and word.strip()[1:].islower() and not wordlist.is_word(w):
        return False, "proper names are not allowed"
    if len(w) < min_len:
        return False, f"too short: words need {min_len} letters or more"
    if not wordlist.is_word(w):
        return False, "not in the dictionary (the game's ENABLE list: no names, no abbreviations)"
    return True, "in the dictionary"


# ---------------------------------------------------------------- data


@dataclass(frozen=True)
class Rules:
    """The options of one hand, validated."""

    players: int
    teams: bool
    variant: str
    deal: tuple[int, ...]
    min_len: tuple[int, ...]
    check: str  # "strict" | "challenge"
    suit_wilds: int
    tri_wilds: int
    target: int
    rounds: int
    solitaire: bool
    carry: tuple[int, ...]  # running score per team before this hand
    dealer: int
    stack: tuple[tuple[int, str], ...]  # pinned deck positions

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "teams": self.teams,
            "variant": self.variant,
            "deal": list(self.deal),
            "min_len": list(self.min_len),
            "check": self.check,
            "suit_wilds": self.suit_wilds,
            "tri_wilds": self.tri_wilds,
            "target": self.target,
            "rounds": self.rounds,
            "solitaire": self.solitaire,
            "carry": list(self.carry),
            "dealer": self.dealer,
            "stack": [list(p) for p in self.stack],
        }

    @property
    def num_teams(self) -> int:
        if self.solitaire:
            return 1
        return self.players // 2 if self.teams else self.players

    def team_of(self, seat: int) -> int:
        return seat % (self.players // 2) if self.teams else seat


def _per_seat(value: Any, players: int, name: str, lo: int, hi: int) -> tuple[int, ...]:
    vals = [value] * players if isinstance(value, int) and not isinstance(value, bool) else value
    if not isinstance(vals, (list, tuple)) or len(vals) != players:
        raise ValueError(f"{name} must be a number or a list of one number per player")
    for v in vals:
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise ValueError(f"{name} must be whole numbers from {lo} to {hi}, not {v!r}")
    return tuple(vals)


def make_rules(**options: Any) -> Rules:
    """Validate ``new()`` options (ValueError with a clear message)."""
    known = {
        "players",
        "teams",
        "variant",
        "deal",
        "min_len",
        "check",
        "suit_wilds",
        "tri_wilds",
        "target",
        "rounds",
        "carry",
        "stack",
    }
    extra = set(options) - known
    if extra:
        raise ValueError(f"unknown options {sorted(extra)} (known: {sorted(known)})")
    variant = options.get("variant", "standard")
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {sorted(VARIANTS)}, not {variant!r}")
    solitaire = variant == "solitaire"
    players = options.get("players", 1 if solitaire else 2)
    if solitaire:
        if players != 1:
            raise ValueError("solitaire is played by one player")
    elif isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 8:
        raise ValueError("players must be from 2 to 8")
    teams = options.get("teams", False)
    if not isinstance(teams, bool):
        raise ValueError("teams must be true or false")
    if teams and (solitaire or players not in (4, 6, 8)):
        raise ValueError("teams of two need 4, 6 or 8 players (partners sit across)")
    deal0, min0 = VARIANTS[variant]
    deal = _per_seat(options.get("deal", deal0), players, "deal", 2, 15)
    min_len = _per_seat(options.get("min_len", min0), players, "min_len", 2, 5)
    if variant == "beginner" and any(d not in (6, 8, 10) for d in deal):
        raise ValueError("beginners are dealt 6, 8 or 10 cards")
    check = options.get("check", "strict")
    if check not in ("strict", "challenge"):
        raise ValueError("check must be 'strict' or 'challenge'")
    if solitaire and check != "strict":
        raise ValueError("solitaire has nobody to challenge: check must be 'strict' (R-105)")
    few = variant == "few-wilds"
    suit_wilds = options.get("suit_wilds", 1 if few else 2)
    tri_wilds = options.get("tri_wilds", 1 if few else 3)
    for name, v, hi in (("suit_wilds", suit_wilds, 2), ("tri_wilds", tri_wilds, 3)):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= hi:
            raise ValueError(f"{name} must be from 0 to {hi}")
    target = options.get("target", 500)
    if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target <= 100_000:
        raise ValueError("target must be from 1 to 100000 points")
    rounds = options.get("rounds", DEFAULT_ROUNDS)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 1000:
        raise ValueError("rounds must be from 1 to 1000")
    size = 3 * 41 + 3 * suit_wilds + tri_wilds
    dealt = sum(deal) + (10 if solitaire else 0)
    if dealt + 2 > size:
        raise ValueError(f"{dealt} cards dealt leave too few in a deck of {size}")
    n_teams = 1 if solitaire else (players // 2 if teams else players)
    carry_opt = options.get("carry")
    if carry_opt is None:
        carry: tuple[int, ...] = (0,) * n_teams
        dealer = players - 1
    else:
        if not isinstance(carry_opt, Mapping) or set(carry_opt) - {"scores", "dealer"}:
            raise ValueError('carry is {"scores": [one per team], "dealer": seat}')
        carry = _per_seat(
            carry_opt.get("scores", [0] * n_teams), n_teams, "carry scores", -(10**6), 10**6
        )
        dealer = carry_opt.get("dealer", players - 1)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError("carry dealer must be a seat")
    stack_opt = options.get("stack", ())
    if not isinstance(stack_opt, (list, tuple)):
        raise ValueError("stack must be a list of [position, card] pairs")
    cards = set(deck(suit_wilds, tri_wilds))
    stack: list[tuple[int, str]] = []
    seen_pos: set[int] = set()
    seen_cards: set[str] = set()
    for p in stack_opt:
        if not isinstance(p, (list, tuple)) or len(p) != 2:
            raise ValueError("stack must be a list of [position, card] pairs")
        pos, card = p
        if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos < size:
            raise ValueError(f"stack position {pos!r} is not in the deck")
        if card not in cards or card in seen_cards or pos in seen_pos:
            raise ValueError(f"stack pins {card!r} or position {pos} twice or unknown")
        seen_pos.add(pos)
        seen_cards.add(card)
        stack.append((pos, card))
    return Rules(
        players=players,
        teams=teams,
        variant=variant,
        deal=deal,
        min_len=min_len,
        check=check,
        suit_wilds=suit_wilds,
        tri_wilds=tri_wilds,
        target=target,
        rounds=rounds,
        solitaire=solitaire,
        carry=carry,
        dealer=dealer,
        stack=tuple(sorted(stack)),
    )


@dataclass(frozen=True)
class Word:
    """A word on the table: its cards, the letters they spell, who owns each card."""

    id: int
    suit: str
    cards: tuple[str, ...]
    letters: str
    owners: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "suit": self.suit,
            "cards": list(self.cards),
            "letters": self.letters,
            "owners": list(self.owners),
        }


@dataclass(frozen=True)
class Play:
    """A play not yet safe from a challenge (challenge mode, R-100)."""

    seat: int
    kind: str  # "lay" | "build" | "claim"
    word: int  # id of the table word
    end: str  # "front" | "back" | "" for a lay
    cards: tuple[str, ...]
    spelled: str  # the whole word the play formed

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "word": self.word,
            "end": self.end,
            "cards": list(self.cards),
            "spelled": self.spelled,
        }


@dataclass(frozen=True)
class Solitaire:
    """The solitaire hand (face up, R-104): its cards, and whether it won."""

    cards: tuple[str, ...]
    frozen: tuple[str, ...]  # suits frozen at five

    def counts(self) -> dict[str, int]:
        c = Counter(card_suit(x) for x in self.cards)
        return {s: c.get(s, 0) for s in SUITS}

    def complete(self) -> bool:
        return sorted(self.counts().values()) == [0, SOLITAIRE_SUIT, SOLITAIRE_SUIT]


@dataclass(frozen=True)
class TriState:
    rules: Rules
    rng: Rng
    hands: tuple[tuple[str, ...], ...]  # sorted; hidden from the other seats
    received: tuple[tuple[str, ...], ...]  # cards each seat got from the deck, in order
    known: tuple[tuple[str, ...], ...]  # cards publicly known to be in each hand
    pile: tuple[str, ...]  # the draw pile, top first (hidden)
    pile_pos: tuple[int, ...]  # each pile card's position in the dealt deck (public)
    discards: tuple[str, ...]  # bottom .. top
    words: tuple[Word, ...]
    next_id: int
    turn: int
    phase: str  # "draw" | "play" | "out" | "over"
    claimable: bool  # the top discard may be claimed
    discarder: int  # who made the top discard (-1: nobody, or the solitaire hand)
    taken: str  # the card taken from the discard pile this turn ("" if none)
    announced: tuple[bool, ...]  # "no discard" used this hand
    pending: tuple[Play, ...]
    penalties: tuple[int, ...]  # challenge costs this hand, per seat
    bonus: tuple[int, ...]  # TRI-VIRSITY bonuses this hand, per seat
    out: int  # the seat that went out, or -1
    turns: int  # turns completed
    step: int  # moves applied
    log: tuple[tuple[Any, ...], ...]  # public events: (kind, step, seat, data)
    sol: Solitaire | None
    end: str  # "" while playing; "out", "blocked", "time" or "solitaire" once over

    @cached_property
    def claim_list(self) -> list[tuple[int, str, str]]:
        """The open claims (computed once per state; not part of the state's data)."""
        return TriVirsity._claims(self)


# ---------------------------------------------------------------- helpers


def _remove(hand: tuple[str, ...], cards: Iterable[str]) -> tuple[str, ...]:
    gone = set(cards)
    return tuple(c for c in hand if c not in gone)


def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return (*t[:i], v, *t[i + 1 :])


def _spell_ok(cards: tuple[str, ...], letters: str, suit: str) -> str | None:
    """Why ``cards`` cannot spell ``letters`` in ``suit`` (None if they can)."""
    if len(cards) != len(letters):
        return "one letter per card"
    for c, ch in zip(cards, letters, strict=True):
        if not fits_suit(c, suit):
            return f"the {card_name(c)} is not in {SUIT_NAMES[suit]}, the word's suit"
        letter = card_letter(c)
        if letter is not None and letter != ch:
            return f"the {card_name(c)} is the letter {letter.upper()}, not {ch.upper()}"
    return None


def _word_suit(cards: tuple[str, ...]) -> str | None:
    suits = {card_suit(c) for c in cards} - {None}
    return next(iter(suits)) if len(suits) == 1 else None


def _letters_ok(s: Any) -> bool:
    return isinstance(s, str) and 0 < len(s) <= 40 and s.isascii() and s.isalpha() and s.islower()


def _cards_arg(v: Any, what: str) -> tuple[str, ...]:
    if not isinstance(v, tuple) or not v or len(v) > 40:
        raise MalformedMove(f"{what} must be a non-empty list of card codes")
    for c in v:
        if not isinstance(c, str) or c not in _ALL:
            raise MalformedMove(f"{what}: {c!r} is not a Tri-Virsity card")
    if len(set(v)) != len(v):
        raise MalformedMove(f"{what} names a card twice")
    return v


_ALL = frozenset(ALL_CARDS)


def hand_points(cards: Iterable[str]) -> int:
    return sum(card_points(c) for c in cards)


def one_suit(cards: Iterable[str]) -> bool:
    """Are the cards all of one suit (tri-colour wilds fit any, R-96)?"""
    cards = list(cards)
    return bool(cards) and len({card_suit(c) for c in cards} - {None}) <= 1


# ---------------------------------------------------------------- judging a play


@dataclass(frozen=True)
class Seen:
    """What decides whether a seat's play after its draw is allowed, all of it in the
    seat's own view: its hand, the card it took from the discard pile this turn, the
    table words, the words still open to a challenge, the word checking, its shortest
    word, and whether it has announced "no discard" or scored TRI-VIRSITY this hand.
    Built from the state (the engine's :meth:`TriVirsity.apply`) or from the seat's view
    (the screen's word builder, :func:`judge`), so both judge a play with the same code."""

    hand: tuple[str, ...]
    taken: str
    words: tuple[Word, ...]
    locked: frozenset[int]
    strict: bool
    min_len: int
    announced: bool
    bonus: bool

    @classmethod
    def of_state(cls, s: TriState, seat: int) -> Seen:
        return cls(
            hand=s.hands[seat],
            taken=s.taken,
            words=s.words,
            locked=frozenset(p.word for p in s.pending),
            strict=s.rules.check == "strict",
            min_len=s.rules.min_len[seat],
            announced=s.announced[seat],
            bonus=bool(s.bonus[seat]),
        )

    @classmethod
    def of_view(cls, v: Mapping[str, Any]) -> Seen:
        seat = v["seat"]
        return cls(
            hand=tuple(v["hand"] or ()),
            taken=v["taken"],
            words=tuple(
                Word(w["id"], w["suit"], tuple(w["cards"]), w["letters"], tuple(w["owners"]))
                for w in v["words"]
            ),
            locked=frozenset(p["word"] for p in v["pending"]),
            strict=v["check"] == "strict",
            min_len=v["min_len"][seat],
            announced=bool(v["announced"][seat]),
            bonus=bool(v["trivirsity"][seat]),
        )


@dataclass(frozen=True)
class Judged:
    """A play the engine accepts: the suit of the word laid or built on, and the whole
    word it spells (empty for a discard, a "no discard" or TRI-VIRSITY)."""

    suit: str | None = None
    spelled: str = ""


def actor_of(phase: str, turn: int, players: int) -> int:
    """The seat whose move moves the hand on: the turn, or in phase out the next seat."""
    return (turn + 1) % players if phase == "out" else turn


def _play_phase(phase: str) -> None:
    """The turn's plays come after its draw."""
    if phase != "play":
        raise IllegalMove("draw first" if phase == "draw" else "not now")


def _keeps_discard(k: Seen, left: tuple[str, ...]) -> None:
    """A play must leave a card to discard (R-93), and not only the card just taken from
    the discard pile (R-95)."""
    if not [c for c in left if c != k.taken]:
        raise IllegalMove("keep a card to discard: you go out by discarding (R-93)")


def judge_play(k: Seen, kind: str, d: Any) -> Judged:
    """Whether the seat that sees ``k`` may make the play ``kind`` with the (well-formed)
    data ``d`` now that it has drawn: raises :class:`IllegalMove` with the reason, else
    returns what the play makes. The one judge of a play: the engine applies only plays
    it accepts, and the word builder says its verdict before a move is sent."""
    hand = k.hand
    if kind == "discard":
        if d not in hand:
            raise IllegalMove(f"the {card_name(d)} is not in your hand")
        if d == k.taken:
            raise IllegalMove("you may not discard the card you took this turn (R-95)")
        return Judged()
    if kind == "no-discard":
        if k.announced:
            raise IllegalMove("you have announced no discard already this hand (R-92)")
        return Judged()
    if kind == "lay":
        cards, spelled = d["cards"], d["word"]
        if any(c not in hand for c in cards):
            raise IllegalMove("lay cards from your hand")
        if len(cards) < k.min_len:
            raise IllegalMove(f"words need {k.min_len} letters or more")
        suit = _word_suit(cards)
        if suit is None:
            if all(is_tri(c) for c in cards):
                raise IllegalMove("a word needs a card of its suit, not tri-colour wilds only")
            raise IllegalMove("a word's cards are all of one suit (tri-colour wilds fit any)")
        why = _spell_ok(cards, spelled, suit)
        if why:
            raise IllegalMove(why)
        if k.strict and not wordlist.is_word(spelled):
            raise IllegalMove(f"{spelled.upper()} is not in the dictionary")
        _keeps_discard(k, _remove(hand, cards))
        return Judged(suit, spelled)
    if kind == "build":
        cards, added = d["cards"], d["letters"]
        if any(c not in hand for c in cards):
            raise IllegalMove("build with cards from your hand")
        w = next((x for x in k.words if x.id == d["word"]), None)
        if w is None:
            raise IllegalMove(f"there is no word {d['word']} on the table")
        if w.id in k.locked:
            raise IllegalMove("that word may still be challenged (R-100)")
        why = _spell_ok(cards, added, w.suit)
        if why:
            raise IllegalMove(why)
        spelled = added + w.letters if d["end"] == "front" else w.letters + added
        if k.strict and not wordlist.is_word(spelled):
            raise IllegalMove(f"{spelled.upper()} is not in the dictionary")
        _keeps_discard(k, _remove(hand, cards))
        return Judged(w.suit, spelled)
    if kind == "trivirsity":
        tri, vir = d["tri"], d["virsity"]
        if k.bonus:
            raise IllegalMove("TRI-VIRSITY scores once a hand")
        if set(tri) & set(vir) or any(c not in hand for c in (*tri, *vir)):
            raise IllegalMove("TRI-VIRSITY takes ten different cards from your hand")
        a, b = _word_suit(tri), _word_suit(vir)
        if a is None or b is None or a == b:
            raise IllegalMove("TRI in one suit and VIRSITY in another")
        why = _spell_ok(tri, "tri", a) or _spell_ok(vir, "virsity", b)
        if why:
            raise IllegalMove(why)
        _keeps_discard(k, _remove(hand, (*tri, *vir)))
        return Judged()
    raise IllegalMove(f"{kind} is not a play after the draw")


def judge(v: Mapping[str, Any], kind: str, data: Any, *, turn: bool = True) -> Judged | str:
    """The engine's verdict on the play ``kind`` with JSON ``data`` by the seat whose view
    ``v`` is (a view of :meth:`TriVirsity.view`): the reason it would refuse the move
    (a sentence), or what the play makes. ``turn=False`` judges the play as if the seat
    had drawn already (the word builder says whether a word may be laid before the draw).
    The same checks as :meth:`TriVirsity.apply`, so a screen needs no rules of its own."""
    try:
        m = Move.from_json({"seat": v["seat"], "kind": kind, "data": data})
        TriVirsity._shape(m)
        if m.kind not in _PLAY_KINDS:
            raise IllegalMove(f"{kind} is not a play after the draw")
        if turn:
            if v["phase"] == "over":
                raise IllegalMove("the hand is over")
            if m.seat != actor_of(v["phase"], v["turn"], v["players"]):
                raise IllegalMove("not your turn")
            _play_phase(v["phase"])
        return judge_play(Seen.of_view(v), m.kind, m.data)
    except (IllegalMove, MalformedMove) as exc:
        return str(exc)


# ---------------------------------------------------------------- move spaces


class PlaySpace(MoveSpace):
    """The moves of the seat whose turn it is, after its draw: lay, build, TRI-VIRSITY,
    discard, no discard. An open space: tested with the engine's own check and sampled
    with the word finder (random words from the hand, random extensions)."""

    def __init__(self, game: TriVirsity, state: TriState, seat: int) -> None:
        self.game = game
        self.state = state
        self.seat = seat

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, Move) or move.seat != self.seat or move.kind not in _PLAY_KINDS:
            return False
        try:
            self.game._play(self.state, move)
        except (IllegalMove, MalformedMove):
            return False
        return True

    def is_empty(self) -> bool:
        return False

    def signature(self) -> Any:
        s = self.state
        return (
            "play",
            self.seat,
            s.hands[self.seat],
            s.taken,
            tuple(s.words),
            s.pending,
            s.announced[self.seat],
            s.bonus[self.seat],
        )

    def sample(self, rng: random.Random) -> Move:
        s, seat = self.state, self.seat
        kind = rng.choice(("discard", "discard", "lay", "lay", "build", "no-discard", "tri"))
        move: Move | None = None
        if kind == "lay":
            move = sample_lay(s, seat, rng)
        elif kind == "build":
            move = sample_build(s, seat, rng)
        elif kind == "no-discard":
            move = Move(seat, "no-discard")
        elif kind == "tri":
            move = find_trivirsity(s.hands[seat], seat)
        if move is not None and move in self:
            return move
        hand = [c for c in s.hands[seat] if c != s.taken]
        return Move(seat, "discard", rng.choice(hand))


_PLAY_KINDS = frozenset({"lay", "build", "trivirsity", "discard", "no-discard"})


def cards_for(
    hand: Iterable[str], suit: str, letters: str, wild_at: Iterable[int] = ()
) -> tuple[str, ...] | None:
    """Cards of ``hand`` that spell ``letters`` in ``suit``: real letters first, suit
    wilds for the positions in ``wild_at`` (or any letter short of a card), tri-colour
    wilds last. None if the hand cannot."""
    free = list(sort_cards(hand))
    out: list[str] = []
    wild_at = set(wild_at)
    for i, ch in enumerate(letters):
        pick = None
        if i not in wild_at:
            pick = next((c for c in free if c[0] == suit and card_letter(c) == ch), None)
        if pick is None:
            pick = next((c for c in free if c[0] == suit and c[1] == "*"), None)
        if pick is None:
            pick = next((c for c in free if is_tri(c)), None)
        if pick is None:
            return None
        free.remove(pick)
        out.append(pick)
    return tuple(out)


def suit_letters(hand: Iterable[str], suit: str) -> tuple[list[str], int]:
    """The letters of ``suit`` in ``hand`` and its wild count (suit and tri-colour)."""
    letters = [card_letter(c) or "" for c in hand if c[0] == suit and c[1] != "*"]
    wilds = sum(1 for c in hand if (c[0] == suit and c[1] == "*") or is_tri(c))
    return letters, wilds


def sample_lay(s: TriState, seat: int, rng: random.Random) -> Move | None:
    hand = s.hands[seat]
    suit = rng.choice(SUITS)
    letters, wilds = suit_letters(hand, suit)
    if s.rules.check == "challenge" and rng.random() < 0.5:
        pool = [c for c in hand if fits_suit(c, suit)]
        n = s.rules.min_len[seat]
        if len(pool) < n or not any(c[0] == suit for c in pool):
            return None
        cards = rng.sample(pool, rng.randint(n, min(len(pool), n + 2)))
        spelled = "".join(card_letter(c) or rng.choice(wordlist.ALPHABET) for c in cards)
        return Move(seat, "lay", {"cards": list(cards), "word": spelled})
    rng.shuffle(letters)
    found = wordlist.find_words(letters, min(wilds, 1), min_len=s.rules.min_len[seat], budget=400)
    if not found:
        return None
    word, wild_at = rng.choice(found)
    spelt = cards_for(hand, suit, word, wild_at)
    if spelt is None:
        return None
    return Move(seat, "lay", {"cards": list(spelt), "word": word})


def sample_build(s: TriState, seat: int, rng: random.Random) -> Move | None:
    locked = {p.word for p in s.pending}
    targets = [w for w in s.words if w.id not in locked]
    if not targets:
        return None
    w = rng.choice(targets)
    hand = s.hands[seat]
    letters, wilds = suit_letters(hand, w.suit)
    if s.rules.check == "challenge" and rng.random() < 0.5:
        pool = [c for c in hand if fits_suit(c, w.suit)]
        if not pool:
            return None
        cards = rng.sample(pool, rng.randint(1, min(2, len(pool))))
        added = "".join(card_letter(c) or rng.choice(wordlist.ALPHABET) for c in cards)
        return Move(
            seat,
            "build",
            {"word": w.id, "end": rng.choice(ENDS), "cards": list(cards), "letters": added},
        )
    found = wordlist.find_extensions(w.letters, letters, min(wilds, 1), max_add=3, budget=300)
    if not found:
        return None
    end, added, wild_at = rng.choice(found)
    spelt = cards_for(hand, w.suit, added, wild_at)
    if spelt is None:
        return None
    return Move(seat, "build", {"word": w.id, "end": end, "cards": list(spelt), "letters": added})


def find_trivirsity(hand: Iterable[str], seat: int) -> Move | None:
    """A TRI-VIRSITY move from ``hand`` if it holds one (TRI in one suit, VIRSITY in
    another), else None."""
    hand = sort_cards(hand)
    for a in SUITS:
        for b in SUITS:
            if a == b:
                continue
            vir = cards_for(hand, b, "virsity")
            if vir is None:
                continue
            tri = cards_for(_remove(hand, vir), a, "tri")
            if tri is None:
                continue
            if _word_suit(tri) != a or _word_suit(vir) != b:
                continue
            return Move(seat, "trivirsity", {"tri": list(tri), "virsity": list(vir)})
    return None


# ---------------------------------------------------------------- the game


class TriVirsity(Game):
    slug = "tri-virsity"
    title = "Tri-Virsity"
    state_type = TriState
    #: every move names only what the table then shows: words laid or built, the card
    #: discarded face up, a challenge or claim (a drawn card is never in the move) (R-198)
    public_moves = frozenset(KINDS)

    # ------------------------------------------------------------ dealing

    def new(self, seed: int, **options: Any) -> TriState:
        rules = make_rules(**options)
        cards = deck(rules.suit_wilds, rules.tri_wilds)
        rng = Rng.from_seed(seed)
        if rules.stack:
            order, rng = rng.shuffle_pinned(cards, dict(rules.stack))
        else:
            order, rng = rng.shuffle(cards)
        n = rules.players
        received: list[tuple[str, ...]] = [()] * n
        pos = 0  # dealt to the dealer's left first, each seat its cards in a row
        for k in range(n):
            seat = (rules.dealer + 1 + k) % n
            received[seat] = order[pos : pos + rules.deal[seat]]
            pos += rules.deal[seat]
        log: list[tuple[Any, ...]] = []
        sol = None
        bottom: list[int] = []
        if rules.solitaire:
            got: list[str] = []
            while len(got) < 10:
                c = order[pos]
                if is_tri(c):  # a tri-colour wild goes to the bottom of the deck
                    bottom.append(pos)
                    log.append(("sol-bottom", 0, REFEREE, c, pos))
                else:
                    got.append(c)
                    log.append(("sol-deal", 0, REFEREE, c, pos))
                pos += 1
            sol = Solitaire(sort_cards(got), ())
        up = order[pos]
        log.append(("up", 0, REFEREE, up))
        rest = list(range(pos + 1, len(order))) + bottom
        hands = tuple(sort_cards(h) for h in received)
        return TriState(
            rules=rules,
            rng=rng,
            hands=hands,
            received=tuple(received),
            known=((),) * n,
            pile=tuple(order[i] for i in rest),
            pile_pos=tuple(rest),
            discards=(up,),
            words=(),
            next_id=1,
            turn=(rules.dealer + 1) % n,
            phase="draw",
            claimable=False,
            discarder=-1,
            taken="",
            announced=(False,) * n,
            pending=(),
            penalties=(0,) * n,
            bonus=(0,) * n,
            out=-1,
            turns=0,
            step=0,
            log=tuple(log),
            sol=sol,
            end="",
        )

    # ------------------------------------------------------------ seats and turns

    def num_seats(self, s: TriState) -> int:
        return s.rules.players

    def team_of(self, s: TriState, seat: int) -> int:
        return s.rules.team_of(seat)

    def num_teams(self, s: TriState) -> int:
        return s.rules.num_teams

    def is_over(self, s: TriState) -> bool:
        return s.phase == "over"

    def _challengers(self, s: TriState) -> dict[int, Moves]:
        out: dict[int, list[Move]] = {}
        if not s.pending or s.phase == "over":
            return {}
        for seat in range(s.rules.players):
            t = s.rules.team_of(seat)
            for k, p in enumerate(s.pending):
                if s.rules.team_of(p.seat) != t:
                    out.setdefault(seat, []).append(Move(seat, "challenge", k))
        return {seat: Moves(ms) for seat, ms in out.items()}

    def claims(self, s: TriState) -> list[tuple[int, str, str]]:
        """The claims of the top discard open now: (word id, end, letter) (R-94)."""
        return s.claim_list

    @staticmethod
    def _claims(s: TriState) -> list[tuple[int, str, str]]:
        if s.phase != "draw" or not s.claimable or not s.discards:
            return []
        card = s.discards[-1]
        letter = card_letter(card)
        locked = {p.word for p in s.pending}
        strict = s.rules.check == "strict"
        out = []
        for w in s.words:
            if w.id in locked or not fits_suit(card, w.suit):
                continue
            for end in ENDS:
                for ch in (letter,) if letter else wordlist.ALPHABET:
                    spelled = ch + w.letters if end == "front" else w.letters + ch
                    if not strict or wordlist.is_word(spelled):
                        out.append((w.id, end, ch))
        return out

    def _claimers(self, s: TriState) -> dict[int, Moves]:
        cl = self.claims(s)
        if not cl:
            return {}
        return {
            seat: Moves(Move(seat, "claim", {"word": w, "end": e, "letter": ch}) for w, e, ch in cl)
            for seat in range(s.rules.players)
            if seat != s.discarder
        }

    def to_move(self, s: TriState) -> frozenset[int]:
        if s.phase == "over":
            return frozenset()
        movers = {self._actor(s)}
        movers |= set(self._challengers(s))
        if s.phase == "draw" and s.claimable and self.claims(s):
            movers |= {x for x in range(s.rules.players) if x != s.discarder}
        return frozenset(movers)

    def _actor(self, s: TriState) -> int:
        """The seat whose move moves the hand on: the turn, or in phase out the next."""
        return actor_of(s.phase, s.turn, s.rules.players)

    def legal_moves(self, s: TriState, seat: int) -> MoveSpace:
        if s.phase == "over" or not isinstance(seat, int) or not 0 <= seat < s.rules.players:
            return Moves()
        parts: list[MoveSpace] = []
        if seat == self._actor(s):
            if s.phase == "draw":
                own = []
                if s.pile:
                    own.append(Move(seat, "draw"))
                if s.discards:
                    own.append(Move(seat, "take"))
                parts.append(Moves(own))
            elif s.phase == "play":
                parts.append(PlaySpace(self, s, seat))
            elif s.phase == "out":
                parts.append(Moves([Move(seat, "accept")]))
        ch = self._challengers(s).get(seat)
        if ch:
            parts.append(ch)
        cl = self._claimers(s).get(seat) if s.phase == "draw" and s.claimable else None
        if cl:
            parts.append(cl)
        if not parts:
            return Moves()
        if len(parts) == 1:
            return parts[0]
        space = parts[0]
        for p in parts[1:]:
            space = space | p
        return space

    # ------------------------------------------------------------ moving

    def _apply(self, s: TriState, m: Move) -> TriState:
        if m.kind not in KINDS:
            raise MalformedMove(f"unknown Tri-Virsity move {m.kind!r}")
        self._shape(m)
        if not 0 <= m.seat < s.rules.players:
            raise IllegalMove(f"seat {m.seat} does not play")
        if m.kind == "challenge":
            return self._challenge(s, m)
        if m.kind == "claim":
            return self._claim(s, m)
        if m.seat != self._actor(s):
            raise IllegalMove("not your turn")
        if m.kind in ("draw", "take"):
            if s.phase != "draw":
                raise IllegalMove("you have drawn already")
            return self._draw(s, m)
        if m.kind == "accept":
            if s.phase != "out":
                raise IllegalMove("nothing to accept")
            return self._finish(replace(s, pending=(), step=s.step + 1), "out")
        _play_phase(s.phase)
        return self._play(s, m)

    @staticmethod
    def _shape(m: Move) -> None:
        d = m.data
        k = m.kind
        if k in ("draw", "take", "no-discard", "accept"):
            if d is not None:
                raise MalformedMove(f"{k} takes no data")
        elif k == "discard":
            if not isinstance(d, str) or d not in _ALL:
                raise MalformedMove("discard takes a card code")
        elif k == "challenge":
            if isinstance(d, bool) or not isinstance(d, int) or not 0 <= d < 1000:
                raise MalformedMove("challenge takes the index of a pending play")
        else:
            if not isinstance(d, FrozenDict):
                raise MalformedMove(f"{k} takes an object")
            want = {
                "claim": {"word", "end", "letter"},
                "lay": {"cards", "word"},
                "build": {"word", "end", "cards", "letters"},
                "trivirsity": {"tri", "virsity"},
            }[k]
            if set(d) != want:
                raise MalformedMove(f"{k} takes exactly {sorted(want)}")
            if k in ("claim", "build"):
                w = d["word"]
                if isinstance(w, bool) or not isinstance(w, int) or not 0 < w < 10**6:
                    raise MalformedMove("word is the id of a table word")
                if d["end"] not in ENDS:
                    raise MalformedMove("end is 'front' or 'back'")
            if k == "claim" and not (_letters_ok(d["letter"]) and len(d["letter"]) == 1):
                raise MalformedMove("letter is one lowercase letter")
            if k == "lay":
                _cards_arg(d["cards"], "cards")
                if not _letters_ok(d["word"]):
                    raise MalformedMove("word is lowercase letters a-z")
            if k == "build":
                _cards_arg(d["cards"], "cards")
                if not _letters_ok(d["letters"]):
                    raise MalformedMove("letters are lowercase letters a-z")
            if k == "trivirsity":
                _cards_arg(d["tri"], "tri")
                _cards_arg(d["virsity"], "virsity")

    def _draw(self, s: TriState, m: Move) -> TriState:
        seat = m.seat
        if m.kind == "draw":
            if not s.pile:
                raise IllegalMove("the draw pile is empty")
            card, pos = s.pile[0], s.pile_pos[0]
            return replace(
                s,
                hands=_set(s.hands, seat, sort_cards((*s.hands[seat], card))),
                received=_set(s.received, seat, (*s.received[seat], card)),
                pile=s.pile[1:],
                pile_pos=s.pile_pos[1:],
                phase="play",
                claimable=False,
                pending=(),
                taken="",
                step=s.step + 1,
                log=(*s.log, ("draw", s.step, seat, pos)),
            )
        if not s.discards:
            raise IllegalMove("the discard pile is empty")
        card = s.discards[-1]
        return replace(
            s,
            hands=_set(s.hands, seat, sort_cards((*s.hands[seat], card))),
            known=_set(s.known, seat, sort_cards((*s.known[seat], card))),
            discards=s.discards[:-1],
            phase="play",
            claimable=False,
            pending=(),
            taken=card,
            step=s.step + 1,
            log=(*s.log, ("take", s.step, seat, card)),
        )

    def _word(self, s: TriState, wid: int) -> tuple[int, Word]:
        for i, w in enumerate(s.words):
            if w.id == wid:
                return i, w
        raise IllegalMove(f"there is no word {wid} on the table")

    def _claim(self, s: TriState, m: Move) -> TriState:
        if s.phase != "draw" or not s.claimable:
            raise IllegalMove("no discard may be claimed now")
        if m.seat == s.discarder:
            raise IllegalMove("you may not claim your own discard")
        d = m.data
        card = s.discards[-1]
        i, w = self._word(s, d["word"])
        if any(p.word == w.id for p in s.pending):
            raise IllegalMove("that word may still be challenged (R-100)")
        ch = d["letter"]
        why = _spell_ok((card,), ch, w.suit)
        if why:
            raise IllegalMove(why)
        front = d["end"] == "front"
        spelled = ch + w.letters if front else w.letters + ch
        if s.rules.check == "strict" and not wordlist.is_word(spelled):
            raise IllegalMove(f"{spelled.upper()} is not in the dictionary")
        nw = replace(
            w,
            cards=(card, *w.cards) if front else (*w.cards, card),
            letters=spelled,
            owners=(m.seat, *w.owners) if front else (*w.owners, m.seat),
        )
        pending = s.pending
        if s.rules.check == "challenge":
            pending = (*pending, Play(m.seat, "claim", w.id, d["end"], (card,), spelled))
        return replace(
            s,
            words=_set(s.words, i, nw),
            discards=s.discards[:-1],
            claimable=False,
            pending=pending,
            step=s.step + 1,
            log=(*s.log, ("claim", s.step, m.seat, card)),
        )

    def _play(self, s: TriState, m: Move) -> TriState:
        """The turn's own moves after the draw (also the check of :class:`PlaySpace`):
        judged by :func:`judge_play` from what the seat knows, then applied."""
        seat, d = m.seat, m.data
        hand = s.hands[seat]
        got = judge_play(Seen.of_state(s, seat), m.kind, d)
        if m.kind == "discard":
            left = _remove(hand, (d,))
            s2 = replace(
                s,
                hands=_set(s.hands, seat, left),
                known=_set(s.known, seat, _remove(s.known[seat], (d,))),
                discards=(*s.discards, d),
                claimable=True,
                discarder=seat,
                step=s.step + 1,
                log=(*s.log, ("discard", s.step, seat, d)),
            )
            if not left:
                s2 = replace(s2, out=seat)
                if s2.pending:  # the going out stands once the window closes
                    return replace(s2, phase="out", claimable=False, taken="")
                return self._finish(s2, "out")
            return self._end_turn(s2)
        if m.kind == "no-discard":
            s2 = replace(
                s,
                announced=_set(s.announced, seat, True),
                step=s.step + 1,
                log=(*s.log, ("no-discard", s.step, seat, None)),
            )
            return self._end_turn(s2)
        strict = s.rules.check == "strict"
        if m.kind == "lay":
            cards, spelled = d["cards"], d["word"]
            left = _remove(hand, cards)
            assert got.suit is not None  # judge_play names the suit of a word laid
            w = Word(s.next_id, got.suit, cards, spelled, (seat,) * len(cards))
            pending = s.pending
            if not strict:
                pending = (*pending, Play(seat, "lay", w.id, "", cards, spelled))
            return replace(
                s,
                hands=_set(s.hands, seat, left),
                known=_set(s.known, seat, _remove(s.known[seat], cards)),
                words=(*s.words, w),
                next_id=s.next_id + 1,
                pending=pending,
                step=s.step + 1,
                log=(*s.log, ("lay", s.step, seat, cards)),
            )
        if m.kind == "build":
            cards = d["cards"]
            i, w = self._word(s, d["word"])
            front = d["end"] == "front"
            left = _remove(hand, cards)
            own = (seat,) * len(cards)
            nw = replace(
                w,
                cards=(*cards, *w.cards) if front else (*w.cards, *cards),
                letters=got.spelled,
                owners=(*own, *w.owners) if front else (*w.owners, *own),
            )
            pending = s.pending
            if not strict:
                pending = (*pending, Play(seat, "build", w.id, d["end"], cards, got.spelled))
            return replace(
                s,
                hands=_set(s.hands, seat, left),
                known=_set(s.known, seat, _remove(s.known[seat], cards)),
                words=_set(s.words, i, nw),
                pending=pending,
                step=s.step + 1,
                log=(*s.log, ("build", s.step, seat, cards)),
            )
        # TRI-VIRSITY
        tri, vir = d["tri"], d["virsity"]
        a, b = _word_suit(tri), _word_suit(vir)
        assert a is not None and b is not None  # judged
        left = _remove(hand, (*tri, *vir))
        w1 = Word(s.next_id, a, tri, "tri", (seat,) * 3)
        w2 = Word(s.next_id + 1, b, vir, "virsity", (seat,) * 7)
        return replace(
            s,
            hands=_set(s.hands, seat, left),
            known=_set(s.known, seat, _remove(s.known[seat], (*tri, *vir))),
            words=(*s.words, w1, w2),
            next_id=s.next_id + 2,
            bonus=_set(s.bonus, seat, TRIVIRSITY_BONUS),
            step=s.step + 1,
            log=(*s.log, ("trivirsity", s.step, seat, (*tri, *vir))),
        )

    def _challenge(self, s: TriState, m: Move) -> TriState:
        k = m.data
        if k >= len(s.pending):
            raise IllegalMove("no such pending play")
        p = s.pending[k]
        if s.rules.team_of(p.seat) == s.rules.team_of(m.seat):
            raise IllegalMove("you may not challenge your own side's word")
        rest = s.pending[:k] + s.pending[k + 1 :]
        if wordlist.is_word(p.spelled):  # the dictionary decides
            s2 = replace(
                s,
                pending=rest,
                penalties=_set(s.penalties, m.seat, s.penalties[m.seat] + CHALLENGE_COST),
                step=s.step + 1,
                log=(*s.log, ("challenge-lost", s.step, m.seat, k)),
            )
            if s2.phase == "out" and not rest:
                return self._finish(s2, "out")
            return s2
        # The play goes back: the cards to the player's hand, the word as it was.
        i, w = self._word(s, p.word)
        words = list(s.words)
        if p.kind == "lay":
            del words[i]
        else:
            n = len(p.cards)
            if p.end == "front":
                nw = replace(w, cards=w.cards[n:], letters=w.letters[n:], owners=w.owners[n:])
            else:
                nw = replace(w, cards=w.cards[:-n], letters=w.letters[:-n], owners=w.owners[:-n])
            words[i] = nw
        back = sort_cards((*s.hands[p.seat], *p.cards))
        s2 = replace(
            s,
            hands=_set(s.hands, p.seat, back),
            known=_set(s.known, p.seat, sort_cards((*s.known[p.seat], *p.cards))),
            words=tuple(words),
            pending=rest,
            penalties=_set(s.penalties, p.seat, s.penalties[p.seat] + CHALLENGE_COST),
            step=s.step + 1,
            log=(
                *s.log,
                ("challenge-won", s.step, m.seat, k),
                ("return", s.step, p.seat, p.cards),
            ),
        )
        if s2.phase == "out" and p.seat == s2.out:
            # the player is not out after all; play goes on with the next seat.
            s2 = replace(s2, out=-1, phase="play")
            return self._end_turn(replace(s2, claimable=True))
        return s2

    def _end_turn(self, s: TriState) -> TriState:
        """After a discard or a "no discard": the hand ends when the draw pile is empty or
        the table's round limit is reached (R-102); else the next seat's turn."""
        turns = s.turns + 1
        s = replace(s, turns=turns, taken="")
        if s.rules.solitaire and s.sol is not None:
            s = self._solitaire_turn(s)
            if s.phase == "over":
                return s
        if not s.pile:
            return self._finish(s, "blocked")
        if turns >= s.rules.rounds * s.rules.players:
            return self._finish(s, "time")
        nxt = (s.turn + 1) % s.rules.players
        return replace(s, turn=nxt, phase="draw")

    def _solitaire_turn(self, s: TriState) -> TriState:
        """The solitaire hand's turn (R-104): draw from the pile (never the discards),
        tri-colour wilds to the bottom, then discard to keep every suit at five or less and
        build two suits of five."""
        sol = s.sol
        assert sol is not None
        pile, pos = list(s.pile), list(s.pile_pos)
        log = list(s.log)
        if not pile or all(is_tri(c) for c in pile):
            return self._finish(replace(s, pile=tuple(pile), pile_pos=tuple(pos)), "blocked")
        while is_tri(pile[0]):
            pile.append(pile.pop(0))
            pos.append(pos.pop(0))
            log.append(("sol-bottom", s.step, REFEREE, pile[-1], pos[-1]))
        card = pile.pop(0)
        p0 = pos.pop(0)
        log.append(("sol-draw", s.step, REFEREE, card, p0))
        cards = (*sol.cards, card)
        drop = solitaire_discard(cards)
        cards = sort_cards(c for c in cards if c != drop)
        counts = Counter(card_suit(c) for c in cards)
        frozen = tuple(
            x for x in SUITS if x in sol.frozen or (counts.get(x, 0) == 5 and card_suit(drop) == x)
        )
        log.append(("sol-discard", s.step, REFEREE, drop))
        nsol = Solitaire(cards, frozen)
        s = replace(
            s,
            pile=tuple(pile),
            pile_pos=tuple(pos),
            discards=(*s.discards, drop),
            claimable=True,
            discarder=REFEREE,
            sol=nsol,
            log=tuple(log),
        )
        if nsol.complete():
            return self._finish(s, "solitaire")
        return s

    def _finish(self, s: TriState, end: str) -> TriState:
        return replace(s, phase="over", end=end, claimable=False, pending=(), taken="")

    # ------------------------------------------------------------ scoring

    def seat_scores(self, s: TriState) -> tuple[int, ...]:
        """This hand's score per seat (R-96): cards on the table it owns, minus cards in
        hand, +10 for going out (doubled with every card played in one suit), +500 for
        TRI-VIRSITY, minus challenge costs."""
        out = []
        for seat in range(s.rules.players):
            owned = [
                c for w in s.words for c, o in zip(w.cards, w.owners, strict=True) if o == seat
            ]
            table = hand_points(owned)
            if s.out == seat and s.end == "out":
                table += GOING_OUT
                if one_suit(owned):
                    table *= 2
            score = table - hand_points(s.hands[seat]) + s.bonus[seat] - s.penalties[seat]
            out.append(score)
        return tuple(out)

    def points(self, s: TriState) -> tuple[int, ...]:
        """Running score per team: the carried score plus this hand's seats' scores."""
        per = self.seat_scores(s)
        totals = list(s.rules.carry)
        for seat, x in enumerate(per):
            totals[s.rules.team_of(seat)] += x
        return tuple(totals)

    def match_over(self, s: TriState) -> bool:
        """Has a team reached the target once this hand is over (R-90)?"""
        return s.phase == "over" and max(self.points(s)) >= s.rules.target

    def next_hand(self, s: TriState) -> dict[str, Any]:
        """The ``carry`` option of the next hand of the match (the deal passes left)."""
        return {"scores": list(self.points(s)), "dealer": (s.rules.dealer + 1) % s.rules.players}

    # ------------------------------------------------------------ information

    def view(self, s: TriState, seat: int) -> dict[str, Any]:
        """What ``seat`` sees (R-106): its own hand, hand sizes, cards known to be in a hand,
        the discard pile, the table, pending plays; every hand once the hand is over."""
        r = s.rules
        over = s.phase == "over"
        mine = 0 <= seat < r.players
        last = s.log[-1] if s.log else None
        return {
            "game": self.slug,
            "variant": r.variant,
            "check": r.check,
            "players": r.players,
            "teams": [r.team_of(x) for x in range(r.players)],
            "seat": seat,
            "deal": list(r.deal),
            "min_len": list(r.min_len),
            "target": r.target,
            "rounds": r.rounds,
            "dealer": r.dealer,
            "turn": s.turn,
            "phase": s.phase,
            "to_move": sorted(self.to_move(s)),
            "hand": list(s.hands[seat]) if mine else None,
            "hand_sizes": [len(h) for h in s.hands],
            "known": [list(k) for k in s.known],
            "pile": len(s.pile),
            "discards": list(s.discards),
            "claimable": s.claimable,
            "discarder": s.discarder,
            "taken": s.taken,
            "words": [w.to_json() for w in s.words],
            "pending": [p.to_json() for p in s.pending],
            "announced": list(s.announced),
            "trivirsity": [b > 0 for b in s.bonus],
            "penalties": list(s.penalties),
            "turns": s.turns,
            "out": s.out,
            "end": s.end,
            "last": _public_event(last),
            "hands": [list(h) for h in s.hands] if over else None,
            "scores": list(r.carry),
            "hand_scores": list(self.seat_scores(s)) if over else None,
            "totals": list(self.points(s)) if over else None,
            "match_over": self.match_over(s),
            "solitaire": None
            if s.sol is None
            else {
                "cards": list(s.sol.cards),
                "frozen": list(s.sol.frozen),
                "complete": s.sol.complete(),
            },
        }

    def resample(self, s: TriState, seat: int, rng: Rng) -> TriState:
        """Other hands' unknown cards and the draw pile re-dealt from what ``seat`` cannot
        see; the deck history of the other seats rebuilt to fit what was shown."""
        n = s.rules.players
        over = s.phase == "over"
        mine = 0 <= seat < n
        hidden_slots: list[int] = []  # per other seat: how many unknown cards
        pool: list[str] = list(s.pile)
        for x in range(n):
            if over or (mine and x == seat):
                hidden_slots.append(0)
                continue
            unknown = list(_remove(s.hands[x], s.known[x]))
            hidden_slots.append(len(unknown))
            pool.extend(unknown)
        pool_sorted = sort_cards(pool)
        side, rng_after = rng.split()
        drawn = list(pool_sorted)
        side.random().shuffle(drawn)  # Mersenne Twister: the same on CPython and Pyodide
        it = iter(drawn)
        hands = list(s.hands)
        new_unknown: list[tuple[str, ...]] = []
        for x in range(n):
            got = tuple(next(it) for _ in range(hidden_slots[x]))
            new_unknown.append(got)
            if hidden_slots[x]:
                hands[x] = sort_cards((*s.known[x], *got))
        pile = tuple(it)
        received = list(s.received)
        firsts = _first_appearances(s)
        for x in range(n):
            if mine and x == seat:
                continue
            received[x] = _rebuild_received(s, x, firsts, new_unknown[x])
        return replace(
            s,
            rng=rng_after,
            hands=tuple(hands),
            pile=pile,
            received=tuple(received),
        )

    def pin(self, s: TriState, seat: int) -> dict[str, Any]:
        """``stack``: the deck position of every card ``seat`` has seen or a move has
        named (R-108), so another seed deals a world that replays the same for it."""
        positions = _positions(s)
        n = s.rules.players
        seen: set[str] = set()
        over = s.phase == "over"
        for ev in s.log:
            kind, data = ev[0], ev[3]
            if kind in ("draw", "no-discard", "challenge-won", "challenge-lost"):
                continue
            seen.update(data if isinstance(data, tuple) else (data,))
        for x in range(n):
            if over or x == seat:
                seen.update(s.received[x])
        stack = sorted((positions[c], c) for c in seen if c in positions)
        return {"stack": [list(p) for p in stack]}

    # ------------------------------------------------------------ saving

    def state_to_json(self, s: TriState) -> dict[str, Any]:
        return {
            "rules": s.rules.to_json(),
            "rng": s.rng.state,
            "hands": [list(h) for h in s.hands],
            "received": [list(h) for h in s.received],
            "known": [list(h) for h in s.known],
            "pile": list(s.pile),
            "pile_pos": list(s.pile_pos),
            "discards": list(s.discards),
            "words": [w.to_json() for w in s.words],
            "next_id": s.next_id,
            "turn": s.turn,
            "phase": s.phase,
            "claimable": s.claimable,
            "discarder": s.discarder,
            "taken": s.taken,
            "announced": list(s.announced),
            "pending": [p.to_json() for p in s.pending],
            "penalties": list(s.penalties),
            "bonus": list(s.bonus),
            "out": s.out,
            "turns": s.turns,
            "step": s.step,
            "log": [_event_json(e) for e in s.log],
            "sol": None
            if s.sol is None
            else {"cards": list(s.sol.cards), "frozen": list(s.sol.frozen)},
            "end": s.end,
        }

    def state_from_json(self, obj: Any) -> TriState:
        return _load_state(self, obj)


# ---------------------------------------------------------------- solitaire


def solitaire_discard(cards: Iterable[str]) -> str:
    """The card the solitaire hand throws from its eleven (R-104): from a suit above five
    if it has one, else from its weakest suit (fewest cards, then fewest points, then
    table order); within the suit the lowest card (points, then deck order)."""
    cards = sort_cards(cards)
    by: dict[str, list[str]] = {x: [c for c in cards if c[0] == x] for x in SUITS}
    over = [x for x in SUITS if len(by[x]) > SOLITAIRE_SUIT]
    if over:
        suit = over[0]
    else:
        live = [x for x in SUITS if by[x]]
        suit = min(live, key=lambda x: (len(by[x]), hand_points(by[x]), SUITS.index(x)))
    return min(by[suit], key=lambda c: (card_points(c), ALL_CARDS.index(c)))


# ---------------------------------------------------------------- history and pins


def _public_event(e: tuple[Any, ...] | None) -> dict[str, Any] | None:
    if e is None:
        return None
    kind, seat, data = e[0], e[2], e[3]
    if kind == "sol-draw":
        return {"kind": kind, "seat": seat, "cards": [data]}
    if kind == "draw":
        return {"kind": kind, "seat": seat, "cards": []}
    if isinstance(data, tuple):
        return {"kind": kind, "seat": seat, "cards": list(data)}
    if isinstance(data, str):
        return {"kind": kind, "seat": seat, "cards": [data]}
    return {"kind": kind, "seat": seat, "cards": []}


def _event_json(e: tuple[Any, ...]) -> list[Any]:
    return [list(x) if isinstance(x, tuple) else x for x in e]


def _first_appearances(s: TriState) -> dict[str, tuple[int, int, str]]:
    """card -> (step, seat, kind) of its first public appearance."""
    first: dict[str, tuple[int, int, str]] = {}
    for e in s.log:
        kind, step, seat, data = e[0], e[1], e[2], e[3]
        if kind in ("draw", "no-discard", "challenge-won", "challenge-lost"):
            continue
        for c in data if isinstance(data, tuple) else (data,):
            if isinstance(c, str) and c not in first:
                first[c] = (step, seat, kind)
    return first


def _draw_steps(s: TriState, seat: int) -> list[int]:
    return [e[1] for e in s.log if e[0] == "draw" and e[2] == seat]


def _rebuild_received(
    s: TriState, seat: int, firsts: dict[str, tuple[int, int, str]], unknown: tuple[str, ...]
) -> tuple[str, ...]:
    """A deck history for ``seat`` that fits the public record: each card it showed first
    (laid, built, discarded, or in its hand at the end) goes to the earliest of its deck
    slots before that moment; its unknown cards fill the rest."""
    deal = s.rules.deal[seat]
    times = [-1] * deal + _draw_steps(s, seat)
    slots: list[str | None] = [None] * len(times)
    end = 10**9
    shown = [
        (t[0], c)
        for c, t in firsts.items()
        if t[1] == seat and t[2] in ("lay", "build", "discard", "trivirsity")
    ]
    if s.phase == "over":
        shown += [(end, c) for c in s.hands[seat] if c not in firsts]
    shown.sort()
    for t, c in shown:
        for i, ti in enumerate(times):
            if slots[i] is None and ti < t:
                slots[i] = c
                break
    rest = iter(unknown)
    return tuple(c if c is not None else next(rest, "") for c in slots)


def _positions(s: TriState) -> dict[str, int]:
    """Each card's position in this hand's dealt deck, where the record tells it."""
    r = s.rules
    out: dict[str, int] = {}
    pos = 0
    for k in range(r.players):
        x = (r.dealer + 1 + k) % r.players
        for i, c in enumerate(s.received[x][: r.deal[x]]):
            out[c] = pos + i
        pos += r.deal[x]
        draws = [e[3] for e in s.log if e[0] == "draw" and e[2] == x]
        for c, p in zip(s.received[x][r.deal[x] :], draws, strict=False):
            out[c] = p
    for e in s.log:
        if e[0] in ("sol-deal", "sol-bottom", "sol-draw"):
            out.setdefault(e[3], e[4])
            if e[1] == 0:
                pos = max(pos, e[4] + 1)
    for e in s.log:
        if e[0] == "up":
            out[e[3]] = pos
    return out


# ---------------------------------------------------------------- loading


def _load_state(game: TriVirsity, obj: Any) -> TriState:
    f = Fields(obj, "Tri-Virsity state")
    rf = f.get_obj("rules")
    try:
        opts = dict(rf.obj)
        solitaire = opts.pop("solitaire", None)
        carry = {"scores": opts.pop("carry", None), "dealer": opts.pop("dealer", None)}
        rules = make_rules(**opts, carry=carry)
    except (ValueError, TypeError) as exc:
        raise CorruptState(f"Tri-Virsity state: bad rules: {exc}") from None
    if solitaire != rules.solitaire or rules.to_json() != dict(rf.obj):
        raise CorruptState("Tri-Virsity state: rules do not match their own options")
    n = rules.players
    cards = deck(rules.suit_wilds, rules.tri_wilds)
    rng_v = f.get_int("rng", 0, 2**64 - 1)
    per = lambda key: f.get_list(key, lambda v, w: _codes(f, v, w, cards), length=n)  # noqa: E731
    hands = per("hands")
    received = per("received")
    known = per("known")
    pile = tuple(f.codes("pile", cards))
    pile_pos = f.get_list("pile_pos", length=len(pile))
    for p in pile_pos:
        f.check(
            isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(cards),
            "bad pile position",
        )
    f.check(len(set(pile_pos)) == len(pile_pos), "pile positions repeat")
    discards = tuple(f.codes("discards", cards))
    words = f.get_list("words", lambda v, w: _word(v, w, cards, n))
    ids = [w.id for w in words]
    f.check(len(set(ids)) == len(ids), "word ids repeat")
    next_id = f.get_int("next_id", 1, 10**6)
    f.check(all(i < next_id for i in ids), "a word id is not below next_id")
    turn = f.get_int("turn", 0, n - 1)
    phase = f.get_str("phase", ("draw", "play", "out", "over"))
    claimable = f.get_bool("claimable")
    discarder = f.get_int("discarder", -1, n - 1)
    taken = f.get_str("taken")
    f.check(taken == "" or taken in cards, "the taken card is not a card")
    announced = f.get_list("announced", length=n)
    f.check(all(isinstance(a, bool) for a in announced), "announced must be true/false")
    pending = f.get_list("pending", lambda v, w: _play(v, w, cards, n))
    f.check(rules.check == "challenge" or not pending, "pending plays in strict mode")
    f.check(all(p.word in ids for p in pending), "a pending play names no table word")
    penalties = f.get_list("penalties", length=n)
    bonus = f.get_list("bonus", length=n)
    for v in (*penalties, *bonus):
        f.check(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10**6,
            "bad penalty or bonus",
        )
    out = f.get_int("out", -1, n - 1)
    turns = f.get_int("turns", 0, 10**6)
    step = f.get_int("step", 0, 10**7)
    log = f.get_list("log", lambda v, w: _event(v, w, cards, n), max_length=100_000)
    solj = f.raw("sol")
    sol = None
    if solj is not None:
        sf = Fields(solj, "Tri-Virsity state.sol")
        sol = Solitaire(tuple(sf.codes("cards", cards)), tuple(sf.get_list("frozen")))
        sf.check(all(x in SUITS for x in sol.frozen), "frozen holds a non-suit")
        sf.check(not any(is_tri(c) for c in sol.cards), "a tri-colour wild in the solitaire hand")
        sf.done()
    f.check((sol is not None) == rules.solitaire, "the solitaire hand does not match the rules")
    end = f.get_str("end", ("", "out", "blocked", "time", "solitaire"))
    f.done()
    f.check((end == "") == (phase != "over"), "end and phase disagree")
    f.check(phase != "out" or out >= 0, "phase out without a player out")
    f.check(out < 0 or phase in ("out", "over"), "a player is out while the hand goes on")
    f.check(taken == "" or phase == "play", "a taken card outside a turn's play")
    f.check(not claimable or phase == "draw", "a claimable discard outside the draw")
    for x in range(n):
        draws = sum(1 for e in log if e[0] == "draw" and e[2] == x)
        f.check(len(received[x]) == rules.deal[x] + draws, f"seat {x}'s deck history is wrong")
    # Every card is in exactly one place.
    places: list[str] = [*pile, *discards]
    for h in hands:
        places.extend(h)
    for w in words:
        places.extend(w.cards)
    if sol is not None:
        places.extend(sol.cards)
    f.check(sorted(places) == sorted(cards), "the cards in play are not exactly one deck")
    for x in range(n):
        f.check(set(known[x]) <= set(hands[x]), f"seat {x} is known to hold a card it has not")
        f.check(list(hands[x]) == list(sort_cards(hands[x])), "hands are kept sorted")
        f.check(len(received[x]) >= rules.deal[x], f"seat {x} received fewer cards than dealt")
    return TriState(
        rules=rules,
        rng=Rng(rng_v),
        hands=hands,
        received=received,
        known=known,
        pile=pile,
        pile_pos=tuple(pile_pos),
        discards=discards,
        words=words,
        next_id=next_id,
        turn=turn,
        phase=phase,
        claimable=claimable,
        discarder=discarder,
        taken=taken,
        announced=tuple(announced),
        pending=pending,
        penalties=tuple(penalties),
        bonus=tuple(bonus),
        out=out,
        turns=turns,
        step=step,
        log=log,
        sol=sol,
        end=end,
    )


def _codes(f: Fields, v: Any, where: str, cards: tuple[str, ...]) -> tuple[str, ...]:
    allowed = set(cards)
    if not isinstance(v, list) or any(not isinstance(c, str) or c not in allowed for c in v):
        raise f.fail(f"{where} must be a list of card codes")
    if len(set(v)) != len(v):
        raise f.fail(f"{where} holds a card twice")
    return tuple(v)


def _word(v: Any, where: str, cards: tuple[str, ...], n: int) -> Word:
    wf = Fields(v, f"Tri-Virsity state.{where}")
    w = Word(
        id=wf.get_int("id", 1, 10**6),
        suit=wf.get_str("suit", SUITS),
        cards=tuple(wf.codes("cards", cards)),
        letters=wf.get_str("letters"),
        owners=tuple(wf.get_list("owners")),
    )
    wf.done()
    wf.check(_letters_ok(w.letters) and len(w.letters) == len(w.cards), "bad letters")
    wf.check(len(w.owners) == len(w.cards), "one owner per card")
    wf.check(
        all(isinstance(o, int) and not isinstance(o, bool) and 0 <= o < n for o in w.owners),
        "owners are seats",
    )
    wf.check(_spell_ok(w.cards, w.letters, w.suit) is None, "the cards do not spell the word")
    return w


def _play(v: Any, where: str, cards: tuple[str, ...], n: int) -> Play:
    pf = Fields(v, f"Tri-Virsity state.{where}")
    p = Play(
        seat=pf.get_int("seat", 0, n - 1),
        kind=pf.get_str("kind", ("lay", "build", "claim")),
        word=pf.get_int("word", 1, 10**6),
        end=pf.get_str("end", ("", "front", "back")),
        cards=tuple(pf.codes("cards", cards)),
        spelled=pf.get_str("spelled"),
    )
    pf.done()
    pf.check(_letters_ok(p.spelled), "bad spelling")
    return p


_EVENT_KINDS = {
    "up",
    "sol-deal",
    "sol-bottom",
    "sol-draw",
    "sol-discard",
    "draw",
    "take",
    "claim",
    "lay",
    "build",
    "trivirsity",
    "discard",
    "no-discard",
    "challenge-won",
    "challenge-lost",
    "return",
}


_POS_KINDS = ("sol-deal", "sol-bottom", "sol-draw")


def _event(v: Any, where: str, cards: tuple[str, ...], n: int) -> tuple[Any, ...]:
    if not isinstance(v, list) or len(v) not in (4, 5) or v[0] not in _EVENT_KINDS:
        raise CorruptState(f"Tri-Virsity state: {where} is not an event")
    kind, step, seat = v[0], v[1], v[2]
    if not isinstance(step, int) or isinstance(step, bool) or step < 0:
        raise CorruptState(f"Tri-Virsity state: {where} has a bad step")
    if not isinstance(seat, int) or isinstance(seat, bool) or not -1 <= seat < n:
        raise CorruptState(f"Tri-Virsity state: {where} has a bad seat")
    data = v[3]
    if isinstance(data, list):
        if not all(isinstance(c, str) and c in cards for c in data):
            raise CorruptState(f"Tri-Virsity state: {where} names unknown cards")
        data = tuple(data)
    elif isinstance(data, str):
        if data not in cards:
            raise CorruptState(f"Tri-Virsity state: {where} names an unknown card")
    elif not (data is None or (isinstance(data, int) and not isinstance(data, bool))):
        raise CorruptState(f"Tri-Virsity state: {where} has bad data")
    if len(v) == 5:
        if kind not in _POS_KINDS or not isinstance(v[4], int) or isinstance(v[4], bool):
            raise CorruptState(f"Tri-Virsity state: {where} has a bad position")
        return (kind, step, seat, data, v[4])
    if kind in _POS_KINDS:
        raise CorruptState(f"Tri-Virsity state: {where} lacks a position")
    return (kind, step, seat, data)


GAME = TriVirsity()

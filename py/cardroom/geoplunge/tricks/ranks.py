"""Play the Ranks (GeoPlunge Game 4): Level 2, and PTR1 / PTR2 at Levels 3 and 4.

Two teams (seats 0 and 1, one seat per team). Phases and moves (``Move(team, kind, data)``):

``role`` (Level 4)
    The lead of trick 1 says ``"role"`` ``"cards"`` or ``"call"``. After "call" the other
    team says ``"role"`` ``"cards"`` or ``"up"`` ``3|4|5`` (Up the BUR); after Up the BUR
    the first team says ``"role"`` ``"call"`` or ``"cards"`` (R-47).
``arrange`` (Level 4)
    The Call Team removes one of the three turned Power cards and, in PTR1, names the
    first of the other two: ``{"drop": "P03", "first": "P07"}`` (PTR2: ``{"drop": id}``).
    The BUR cards are then dealt face-up into the Cards Team's hand.
``discard``
    Each team discards one card at a time, face-down (``"discard"`` ``"GA"``), down to 8.
``pull`` (Level 4)
    The Call Team, then (if it did not) the Cards Team: ``"pull"`` ``true|false``.
``plunge``
    GeoPlunging, a secret decision revealed when both have decided (R-43).
``play``
    The lead: ``"lead"`` ``{"card": "GA", "category": "statehood", "base": 1}`` with
    ``"power": id`` to lock the category (the Power card's category then). The other
    team: ``"follow"`` ``{"card": "ME"}``, or with ``"power": id, "change": "category"``
    (PTR2 also ``"base"``: Change the Base). The trick is judged at once
    (:func:`.rules.judge`); the winner leads next.

Level 2 has no Power cards and the lead chooses base 1 or 50. Level 3 takes its two
bases from two turned Power cards (PTR1: the first for tricks 1-4, the second for 5-8;
PTR2: the lead picks one each trick). At Level 4 the lead announces the GeoStar of its
card instead of its name: the other team sees the GeoStar, not the card, until it has
played (R-46).

The game ends when a team has 6 tricks or after 8. At least 5 tricks wins; at 4-4 the
last trick decides, or, at Level 4 after a Pull, the team that did not pull (R-48). With
Power cards, a team that did not play both loses (both: a tie) unless the game ended
early or the Power was pulled; by default (``force_power``) the legal moves force a Power
play when the tricks left equal the Power cards left, so it cannot happen (R-49).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ... import scoring
from ...core import CorruptState, Game, IllegalMove, MalformedMove, Move, Moves, Rng
from ..decks import geostar_label, geostar_value, power_card
from . import common, rules
from .common import CARDS, POWERS

__all__ = ["GAME", "PlayTheRanks", "RanksState", "Trick", "outcome", "trick_base"]

LEVELS = (2, 3, 4)
VERSIONS = ("ptr1", "ptr2")
PHASES = ("role", "arrange", "discard", "pull", "plunge", "play", "over")
HAND = 9  # GeoPlunge cards dealt to each team
KEEP = 8  # cards each team keeps
TRICKS = 8
EARLY = 6  # tricks that end the game at once
BUR_DEFAULT = 2
BUR_UP = (3, 4, 5)


@dataclass(frozen=True, slots=True)
class Trick:
    lead: int  # the lead team
    card: str
    category: str  # announced (the lead's Power card's category if it played one)
    base: int  # announced
    power: str | None = None  # the lead's Power card
    follow: str | None = None
    fpower: str | None = None  # the other team's Power card
    change: str | None = None  # "category" | "base" with fpower
    winner: int | None = None

    @property
    def done(self) -> bool:
        return self.follow is not None

    def judgement(self, bur: tuple[str, ...]) -> rules.TrickJudgement:
        return _judged(self, bur)

    def _judge(self, bur: tuple[str, ...]) -> rules.TrickJudgement:
        assert self.follow is not None
        fp = None
        if self.fpower is not None:
            pc = power_card(self.fpower)
            fp = (pc.category, pc.base)
        return rules.judge(
            self.card,
            self.follow,
            self.category,
            self.base,
            lead_power=self.power is not None,
            follow_power=fp,
            change=self.change,
            bur_cards=bur,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "lead": self.lead,
            "card": self.card,
            "category": self.category,
            "base": self.base,
            "power": self.power,
            "follow": self.follow,
            "fpower": self.fpower,
            "change": self.change,
            "winner": self.winner,
        }


@lru_cache(maxsize=4096)
def _judged(trick: Trick, bur: tuple[str, ...]) -> rules.TrickJudgement:
    return trick._judge(bur)


@dataclass(frozen=True, slots=True)
class RanksState(common.TrickTally):
    level: int
    version: str | None  # None at Level 2
    force_power: bool
    carry: int | None
    pick: tuple[str, str] | None  # the statehood pick when there is no carry winner
    rng: Rng
    order: tuple[str, ...]  # the 50 cards in deal order (hands 0-8 and 9-17, then BUR)
    porder: tuple[str, ...]  # the 15 Power cards in deal order (empty at Level 2)
    phase: str
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    powers: tuple[tuple[str, ...], tuple[str, ...]]  # Power cards held
    discards: tuple[tuple[str, ...], tuple[str, ...]]
    roles: tuple[tuple[int, str], ...]  # Level 4 dialogue: (team, "cards"|"call"|"up")
    bur_count: int
    call: int | None  # the Call Team (Level 4)
    drop: str | None  # the Power card the Call Team removed
    base_cards: tuple[str, ...]  # the two base Power cards (PTR1: in order)
    bur: tuple[str, ...]
    pulls: tuple[tuple[int, bool], ...]
    plunge: tuple[bool | None, bool | None]
    tricks: tuple[Trick, ...]

    # ---------------------------------------------------------------- derived

    @property
    def first(self) -> int:
        return common.first_lead(self.carry, self.pick or ())

    @property
    def pulled(self) -> int | None:
        return next((t for t, p in self.pulls if p), None)

    @property
    def cards_team(self) -> int | None:
        return None if self.call is None else 1 - self.call

    def turned(self) -> tuple[str, ...]:
        """Power cards turned for the bases: L3 the two base cards; L4 every card turned
        until three showed different numbers (the three kept are :meth:`kept`)."""
        if self.level == 3:
            return self.porder[4:6]
        if self.level == 4:
            return self.porder[4 : 4 + _turn_count(self.porder)]
        return ()

    def kept(self) -> tuple[str, ...]:
        seen: dict[int, str] = {}
        for pid in self.turned():
            seen.setdefault(power_card(pid).base, pid)
        return tuple(seen.values())

    def geostar(self) -> str | None:
        """The GeoStar Power card (Level 4), turned when play begins."""
        if self.level != 4 or self.phase not in ("play", "over"):
            return None
        return self.porder[4 + _turn_count(self.porder)]

    @property
    def bases(self) -> tuple[int, ...]:
        if self.level == 2:
            return (1, 50)
        return tuple(power_card(p).base for p in self.base_cards)


def _turn_count(porder: tuple[str, ...]) -> int:
    """How many Power cards are turned (from position 4) until three bases differ."""
    seen: set[int] = set()
    for i, pid in enumerate(porder[4:]):
        seen.add(power_card(pid).base)
        if len(seen) == 3:
            return i + 1
    raise ValueError("the Power deck does not hold three different bases")


def trick_base(s: RanksState, index: int) -> int | None:
    """The base of trick ``index`` (0-based) when the rules fix it (PTR1), else None."""
    if s.level == 2 or s.version == "ptr2":
        return None
    b = s.bases
    return b[0] if index < 4 else b[1]


def _set(pair: tuple[Any, Any], team: int, value: Any) -> tuple[Any, Any]:
    return (value, pair[1]) if team == 0 else (pair[0], value)


def outcome(s: RanksState) -> tuple[int | None, bool, str]:
    """(winner or None for a tie, bonus, why) of a finished game (R-48, R-49)."""
    won = s.won
    n = len(s.done_tricks)
    early = max(won) >= EARLY and n < TRICKS
    if s.level > 2 and not early and s.pulled is None:
        failed = [bool(s.powers[t]) for t in (0, 1)]
        if all(failed):
            return None, False, "neither team played both Power cards: a tie"
        if any(failed):
            w = failed.index(False)
            return w, won[w] >= EARLY, f"Team {2 - w} did not play both Power cards and loses"
    if max(won) >= 5:
        w = 0 if won[0] > won[1] else 1
        why = f"{won[w]} tricks to {won[1 - w]}"
        if early:  # say why tricks were left unplayed (a play-test)
            left = TRICKS - n
            why += (
                f": the game stops once a team has {EARLY} tricks, so the last "
                + ("trick was" if left == 1 else f"{left} tricks were")
                + " not played"
            )
        return w, won[w] >= EARLY, why
    if s.pulled is not None:
        w = 1 - s.pulled
        return w, False, f"4-4 after Team {s.pulled + 1} pulled the Power: Team {w + 1} wins"
    w = s.done_tricks[-1].winner
    assert w is not None
    return w, False, f"4-4: Team {w + 1} won the last trick"


class PlayTheRanks(Game):
    slug = "play-the-ranks"
    title = "Play the Ranks"
    state_type = RanksState

    # ---------------------------------------------------------------- options and deal

    def new(self, seed: int, **options: Any) -> RanksState:
        known = {"level", "version", "carry", "force_power", "pin"}
        extra = set(options) - known
        if extra:
            raise ValueError(f"unknown options {sorted(extra)} (known: {sorted(known)})")
        level = options.get("level", 2)
        if isinstance(level, bool) or level not in LEVELS:
            raise ValueError(f"Play the Ranks is played at levels 2, 3 and 4, not {level!r}")
        version = options.get("version")
        if level == 2:
            if version not in (None, "l2"):
                raise ValueError("Level 2 has one version: leave version out")
            version = None
        else:
            version = "ptr1" if version is None else version
            if version not in VERSIONS:
                raise ValueError(f"version is ptr1 or ptr2, not {version!r}")
        force = options.get("force_power", True)
        if not isinstance(force, bool):
            raise ValueError("force_power is true or false")
        carry = common.carry_winner(options.get("carry"))
        cards_pin, powers_pin, pick_pin = common.parse_pin(options.get("pin"))
        rng = Rng.from_seed(seed)
        pick = None
        if carry is None:
            pick, rng = common.statehood_pick(rng, pick_pin)
        order, rng = common.deal_order(rng, CARDS, cards_pin, ((0, HAND), (HAND, 2 * HAND)))
        porder: tuple[str, ...] = ()
        if level > 2:
            porder, rng = common.deal_order(rng, POWERS, powers_pin, ((0, 2), (2, 4)))
        elif powers_pin:
            raise ValueError("Level 2 has no Power cards to pin")
        hands = (order[:HAND], order[HAND : 2 * HAND])
        powers = (porder[0:2], porder[2:4]) if level > 2 else ((), ())
        s = RanksState(
            level=level,
            version=version,
            force_power=force,
            carry=carry,
            pick=pick,
            rng=rng,
            order=order,
            porder=porder,
            phase="role" if level == 4 else "discard",
            hands=hands,
            powers=powers,
            discards=((), ()),
            roles=(),
            bur_count=BUR_DEFAULT,
            call=None,
            drop=None,
            base_cards=porder[4:6] if level == 3 else (),
            bur=(),
            pulls=(),
            plunge=(None, None),
            tricks=(),
        )
        if level == 4:
            _turn_count(porder)  # the deck must allow the setup
        return s

    # ---------------------------------------------------------------- turns

    def num_seats(self, state: RanksState) -> int:
        return 2

    def to_move(self, s: RanksState) -> frozenset[int]:
        p = s.phase
        if p == "role":
            return frozenset({s.first if len(s.roles) != 1 else 1 - s.first})
        if p == "arrange":
            return frozenset({s.call})  # type: ignore[arg-type]
        if p == "discard":
            return frozenset(t for t in (0, 1) if len(s.hands[t]) > KEEP)
        if p == "pull":
            return frozenset({s.call if not s.pulls else s.cards_team})  # type: ignore[arg-type]
        if p == "plunge":
            return frozenset(t for t in (0, 1) if s.plunge[t] is None)
        if p == "play":
            cur = s.current
            return frozenset({1 - cur.lead if cur else s.lead})
        return frozenset()

    def is_over(self, s: RanksState) -> bool:
        return s.phase == "over"

    def must_power(self, s: RanksState, team: int) -> bool:
        """Must ``team`` play a Power card on this trick (R-49)?"""
        if s.level == 2 or not s.force_power or s.pulled is not None or not s.powers[team]:
            return False
        return TRICKS - len(s.done_tricks) <= len(s.powers[team])

    def __init__(self) -> None:
        self._cache = common.MoveCache()

    def legal_moves(self, s: RanksState, seat: int) -> Moves:
        hit = self._cache.get(s, seat)
        if hit is not None:
            return hit
        return self._cache.put(s, seat, self._legal(s, seat))

    def _legal(self, s: RanksState, seat: int) -> Moves:
        if not isinstance(s, RanksState) or seat not in self.to_move(s):
            return Moves()
        p, t = s.phase, seat
        if p == "role":
            if len(s.roles) == 1:
                return Moves([Move(t, "role", "cards"), *(Move(t, "up", n) for n in BUR_UP)])
            return Moves([Move(t, "role", "cards"), Move(t, "role", "call")])
        if p == "arrange":
            kept = s.kept()
            out = []
            for d in kept:
                rest = [k for k in kept if k != d]
                if s.version == "ptr1":
                    out += [Move(t, "arrange", {"drop": d, "first": f}) for f in rest]
                else:
                    out.append(Move(t, "arrange", {"drop": d}))
            return Moves(out)
        if p == "discard":
            return Moves(Move(t, "discard", c) for c in s.hands[t])
        if p in ("pull", "plunge"):
            return Moves([Move(t, p, False), Move(t, p, True)])
        if p == "play":
            return Moves(self._play_moves(s, t))
        return Moves()

    def _lead_bases(self, s: RanksState) -> tuple[int, ...]:
        fixed = trick_base(s, len(s.done_tricks))
        return (fixed,) if fixed is not None else tuple(dict.fromkeys(s.bases))

    def _play_moves(self, s: RanksState, t: int) -> list[Move]:
        forced = self.must_power(s, t)
        cur = s.current
        out: list[Move] = []
        if cur is None:
            for c in s.hands[t]:
                for b in self._lead_bases(s):
                    if not forced:
                        for cat in rules.CATEGORIES:
                            out.append(Move(t, "lead", {"card": c, "category": cat, "base": b}))
                    for pid in s.powers[t]:
                        cat = power_card(pid).category
                        out.append(
                            Move(t, "lead", {"card": c, "category": cat, "base": b, "power": pid})
                        )
            return out
        for c in s.hands[t]:
            if not forced:
                out.append(Move(t, "follow", {"card": c}))
            for pid in s.powers[t]:
                for ch in self._changes(s, cur, pid):
                    out.append(Move(t, "follow", {"card": c, "power": pid, "change": ch}))
        return out

    def _changes(self, s: RanksState, cur: Trick, pid: str) -> tuple[str, ...]:
        """What the other team's Power card may change: the category; in PTR2 also the
        base when the card shows the game's other base (R-51)."""
        if s.version == "ptr2":
            b = power_card(pid).base
            if b in s.bases and b != cur.base:
                return ("category", "base")
        return ("category",)

    # ---------------------------------------------------------------- moves

    def _apply(self, s: RanksState, m: Move) -> RanksState:
        kinds = {
            "role": self._role,
            "up": self._up,
            "arrange": self._arrange,
            "discard": self._discard,
            "pull": self._pull,
            "plunge": self._plunge,
            "lead": self._lead,
            "follow": self._follow,
        }
        if m.kind not in kinds:
            raise MalformedMove(f"Play the Ranks has no move {m.kind!r}")
        return kinds[m.kind](s, m)

    def _turn(self, s: RanksState, m: Move, phase: str) -> int:
        if s.phase != phase:
            raise IllegalMove(f"not now: the game is in its {s.phase} phase")
        if m.seat not in self.to_move(s):
            raise IllegalMove(f"it is not Team {m.seat + 1}'s turn")
        return m.seat

    def _role(self, s: RanksState, m: Move) -> RanksState:
        if m.data not in ("cards", "call"):
            raise MalformedMove('a role is "cards" or "call"')
        t = self._turn(s, m, "role")
        roles = (*s.roles, (t, m.data))
        if len(s.roles) == 1 and m.data == "call":
            raise IllegalMove('after "Call", the other team says "Cards" or Ups the BUR')
        if len(roles) == 1 and m.data == "call":
            return replace(s, roles=roles)
        call = 1 - t if m.data == "cards" else t
        return replace(s, roles=roles, call=call, phase="arrange")

    def _up(self, s: RanksState, m: Move) -> RanksState:
        if isinstance(m.data, bool) or m.data not in BUR_UP:
            raise MalformedMove("Up the BUR names 3, 4 or 5 BUR cards")
        t = self._turn(s, m, "role")
        if len(s.roles) != 1:
            raise IllegalMove("only the second team may Up the BUR, after a Call")
        return replace(s, roles=(*s.roles, (t, "up")), bur_count=m.data)

    def _arrange(self, s: RanksState, m: Move) -> RanksState:
        need = {"drop", "first"} if s.version == "ptr1" else {"drop"}
        data = common.need_keys(m.data, need)
        drop = common.need_power(data["drop"])
        t = self._turn(s, m, "arrange")
        kept = s.kept()
        if drop not in kept:
            raise IllegalMove(f"{drop} is not one of the three Power cards on the table")
        rest = tuple(k for k in kept if k != drop)
        if s.version == "ptr1":
            first = common.need_power(data["first"])
            if first not in rest:
                raise IllegalMove(f"{first} is not one of the two Power cards left")
            rest = (first, *(k for k in rest if k != first))
        bur = s.order[2 * HAND : 2 * HAND + s.bur_count]
        cards = 1 - t
        hands = _set(s.hands, cards, tuple(sorted((*s.hands[cards], *bur))))
        return replace(s, drop=drop, base_cards=rest, bur=bur, hands=hands, phase="discard")

    def _discard(self, s: RanksState, m: Move) -> RanksState:
        c = common.need_card(m.data)
        t = self._turn(s, m, "discard")
        common.own(s.hands[t], c)
        hands = _set(s.hands, t, tuple(x for x in s.hands[t] if x != c))
        discards = _set(s.discards, t, (*s.discards[t], c))
        s = replace(s, hands=hands, discards=discards)
        if all(len(h) == KEEP for h in hands):
            s = replace(s, phase="pull" if s.level == 4 else "plunge")
        return s

    def _pull(self, s: RanksState, m: Move) -> RanksState:
        v = common.need_bool(m.data)
        t = self._turn(s, m, "pull")
        pulls = (*s.pulls, (t, v))
        if v:
            return replace(s, pulls=pulls, powers=((), ()), phase="plunge")
        return replace(s, pulls=pulls, phase="plunge" if len(pulls) == 2 else "pull")

    def _plunge(self, s: RanksState, m: Move) -> RanksState:
        v = common.need_bool(m.data)
        t = self._turn(s, m, "plunge")
        plunge = _set(s.plunge, t, v)
        return replace(s, plunge=plunge, phase="play" if None not in plunge else "plunge")

    def _lead(self, s: RanksState, m: Move) -> RanksState:
        data = common.need_keys(m.data, {"card", "category", "base"}, {"power"})
        c = common.need_card(data["card"])
        cat = data["category"]
        if cat not in rules.CATEGORIES:
            raise MalformedMove(f"the category is size, statehood or population, not {cat!r}")
        base = data["base"]
        if isinstance(base, bool) or base not in rules.BASES:
            raise MalformedMove(f"a base is 1, 10, 20, 30 or 50, not {base!r}")
        pid = data.get("power")
        if pid is not None:
            pid = common.need_power(pid)
        t = self._turn(s, m, "play")
        if s.current is not None:
            raise IllegalMove("the lead has been played: the other team follows")
        common.own(s.hands[t], c)
        if base not in self._lead_bases(s):
            allowed = " or ".join(map(str, self._lead_bases(s)))
            raise IllegalMove(f"the base of this trick is {allowed}, not {base}")
        if pid is not None:
            if s.level == 2:
                raise IllegalMove("Level 2 has no Power cards")
            common.own(s.powers[t], pid, "Power card")
            if power_card(pid).category != cat:
                raise IllegalMove("a lead's Power card locks its own category")
        elif self.must_power(s, t):
            raise IllegalMove("a Power card must be played now: tricks left = Power cards left")
        trick = Trick(lead=t, card=c, category=cat, base=base, power=pid)
        hands = _set(s.hands, t, tuple(x for x in s.hands[t] if x != c))
        powers = _set(s.powers, t, tuple(x for x in s.powers[t] if x != pid))
        return replace(s, hands=hands, powers=powers, tricks=(*s.tricks, trick))

    def _follow(self, s: RanksState, m: Move) -> RanksState:
        data = common.need_keys(m.data, {"card"}, {"power", "change"})
        c = common.need_card(data["card"])
        pid, change = data.get("power"), data.get("change")
        if (pid is None) != (change is None):
            raise MalformedMove("a follow with a Power card says what it changes, and only then")
        if pid is not None:
            pid = common.need_power(pid)
            if change not in ("category", "base"):
                raise MalformedMove('a Power card changes the "category" or the "base"')
        t = self._turn(s, m, "play")
        cur = s.current
        if cur is None:
            raise IllegalMove("nothing to follow: this team leads")
        common.own(s.hands[t], c)
        if pid is not None:
            common.own(s.powers[t], pid, "Power card")
            if change not in self._changes(s, cur, pid):
                raise IllegalMove("Change the Base needs a Power card with the game's other base")
        elif self.must_power(s, t):
            raise IllegalMove("a Power card must be played now: tricks left = Power cards left")
        done = replace(cur, follow=c, fpower=pid, change=change)
        j = done.judgement(s.bur if s.level == 4 else ())
        done = replace(done, winner=cur.lead if j.winner == "lead" else t)
        hands = _set(s.hands, t, tuple(x for x in s.hands[t] if x != c))
        powers = _set(s.powers, t, tuple(x for x in s.powers[t] if x != pid))
        s = replace(s, hands=hands, powers=powers, tricks=(*s.tricks[:-1], done))
        if max(s.won) >= EARLY or len(s.tricks) == TRICKS:
            s = replace(s, phase="over")
        return s

    # ---------------------------------------------------------------- result

    def points(self, s: RanksState) -> tuple[int, int]:
        if s.phase != "over":
            return (0, 0)
        winner, bonus, _ = outcome(s)
        plunged = tuple(bool(p) for p in s.plunge)
        return scoring.score(winner, bonus, plunged)

    # ---------------------------------------------------------------- information

    def _lead_hidden(self, s: RanksState, seat: int) -> bool:
        """Is the current face-down lead card hidden from ``seat``? At Level 4 (GeoStar)
        until the other team has played; at Levels 2-3 its name is announced (R-46)."""
        cur = s.current
        return cur is not None and s.level == 4 and seat != cur.lead

    def _trick_view(self, s: RanksState, tr: Trick, seat: int) -> dict[str, Any]:
        hidden = not tr.done and s.level == 4 and seat != tr.lead
        gs = s.geostar()
        out: dict[str, Any] = {
            "lead": tr.lead,
            "card": None if hidden else tr.card,
            "geostar": geostar_value(power_card(gs).geostar, tr.card) if gs else None,
            "category": tr.category,
            "base": tr.base,
            "power": _power_json(tr.power),
            "follow": tr.follow,
            "fpower": _power_json(tr.fpower),
            "change": tr.change,
            "winner": tr.winner,
        }
        if tr.done:
            j = tr.judgement(s.bur if s.level == 4 else ())
            out["used"] = {"category": j.category, "base": j.base}
            out["protected"] = j.protected
            out["reason"] = j.reason
        return out

    def view(self, s: RanksState, seat: int) -> dict[str, Any]:
        me = seat if seat in (0, 1) else None
        gs = s.geostar()
        v: dict[str, Any] = {
            "game": self.slug,
            "level": s.level,
            "version": s.version,
            "phase": s.phase,
            "seat": seat,
            "to_move": sorted(self.to_move(s)),
            "first_lead": s.first,
            "carry": s.carry,
            "pick": list(s.pick) if s.pick else None,
            "hand": list(s.hands[me]) if me is not None else None,
            "powers": [_power_json(p) for p in s.powers[me]] if me is not None else None,
            "discards": list(s.discards[me]) if me is not None else None,
            "hand_counts": [len(h) for h in s.hands],
            "power_counts": [len(p) for p in s.powers],
            "discard_counts": [len(d) for d in s.discards],
            "turned": [_power_json(p) for p in s.turned()],
            "kept": [_power_json(p) for p in s.kept()] if s.level == 4 else None,
            "roles": [[t, r] for t, r in s.roles],
            "bur_count": s.bur_count if s.level == 4 else 0,
            "call_team": s.call,
            "drop": s.drop,
            "bases": list(s.bases) if (s.level != 4 or s.base_cards) else None,
            "base_cards": [_power_json(p) for p in s.base_cards],
            "bur": list(s.bur),
            "bur_ranks": {str(b): rules.bur(s.bur, b) for b in s.bases} if s.bur else None,
            "pulls": [[t, p] for t, p in s.pulls],
            "pulled": s.pulled,
            "plunge": common.plunge_view(s.plunge, seat),
            "geostar": (
                {
                    "card": gs,
                    "field": power_card(gs).geostar,
                    "label": geostar_label(power_card(gs).geostar),
                }
                if gs
                else None
            ),  # fmt: skip
            "tricks": [self._trick_view(s, t, seat) for t in s.tricks],
            "won": list(s.won),
            "lead": s.lead,
            "trick_base": trick_base(s, len(s.done_tricks)) if s.phase == "play" else None,
            "must_power": self.must_power(s, me) if me is not None else False,
            "result": None,
        }
        if s.phase == "over":
            w, bonus, why = outcome(s)
            v["result"] = {
                "winner": w,
                "bonus": bonus,
                "why": why,
                "points": list(self.points(s)),
                "lines": [
                    ln.to_json()
                    for ln in scoring.breakdown(w, bonus, tuple(bool(p) for p in s.plunge))
                ],
            }
        return v

    # ---------------------------------------------------------------- resample and pin

    def resample(self, s: RanksState, seat: int, rng: Rng) -> RanksState:
        me = seat if seat in (0, 1) else None
        others = [t for t in (0, 1) if t != me]
        bur = set(s.bur)
        cur = s.current
        hidden_lead = cur is not None and self._lead_hidden(s, seat)
        seen: set[str] = set(bur) | {t.card for t in s.tricks if t.done or not hidden_lead}
        seen |= {t.follow for t in s.done_tricks}
        if me is not None:
            seen |= set(s.hands[me]) | set(s.discards[me])
        pool = sorted(set(CARDS) - seen)
        hands, discards = list(s.hands), list(s.discards)
        tricks = list(s.tricks)
        shown = {t.card for t in s.tricks if t.done or not hidden_lead}
        shown |= {t.follow for t in s.done_tricks}
        knowns = {o: sorted(bur - shown) if o == s.cards_team else [] for o in others}
        if hidden_lead and cur is not None:
            # The face-down lead: any card the lead team may hold with the same GeoStar.
            gs = power_card(s.geostar()).geostar  # type: ignore[arg-type]
            want = geostar_value(gs, cur.card)
            known = knowns[cur.lead]
            cands = [c for c in sorted({*pool, *known}) if geostar_value(gs, c) == want]
            i, rng = rng.below(len(cands))
            card = cands[i]
            tricks[-1] = replace(cur, card=card)
            if card in known:
                known.remove(card)
            else:
                pool.remove(card)
        for o in others:
            known = knowns[o]
            need = len(s.hands[o]) + len(s.discards[o]) - len(known)
            pool_sh, rng = rng.shuffle(pool)
            drawn, pool = list(pool_sh[:need]), sorted(pool_sh[need:])
            mixed, rng = rng.shuffle(known + drawn)
            h = len(s.hands[o])
            hands[o] = tuple(sorted(mixed[:h]))
            discards[o] = tuple(mixed[h:])
        rest, rng = rng.shuffle(pool)
        order = self._order(s, tuple(hands), tuple(discards), tuple(tricks), rest)
        porder, powers, rng = self._resample_powers(s, me, rng)
        plunge = list(s.plunge)
        if None in s.plunge:
            for o in others:
                if plunge[o] is not None:
                    x, rng = rng.below(2)
                    plunge[o] = bool(x)
        _, rng = rng.split()
        return replace(
            s,
            rng=rng,
            order=order,
            porder=porder,
            hands=(hands[0], hands[1]),
            discards=(discards[0], discards[1]),
            powers=powers,
            tricks=tuple(tricks),
            plunge=(plunge[0], plunge[1]),
        )

    def _order(
        self,
        s: RanksState,
        hands: tuple[tuple[str, ...], ...],
        discards: tuple[tuple[str, ...], ...],
        tricks: tuple[Trick, ...],
        rest: tuple[str, ...],
    ) -> tuple[str, ...]:
        """The deal order of a world: each team's dealt cards (sorted), the BUR cards
        where they were, the undealt cards in ``rest``'s order."""
        bur = set(s.bur)
        dealt = []
        for t in (0, 1):
            mine = set(hands[t]) | set(discards[t])
            mine |= {x.card for x in tricks if x.lead == t}
            mine |= {x.follow for x in tricks if x.follow is not None and x.lead != t}
            dealt.append(tuple(sorted(mine - bur)))
        return (*dealt[0], *dealt[1], *s.order[2 * HAND : 2 * HAND + len(s.bur)], *rest)

    def _resample_powers(
        self, s: RanksState, me: int | None, rng: Rng
    ) -> tuple[tuple[str, ...], tuple[tuple[str, ...], tuple[str, ...]], Rng]:
        if s.level == 2:
            return s.porder, s.powers, rng
        visible = len(s.turned()) + (1 if s.geostar() else 0)
        played = {p for t in s.tricks for p in (t.power, t.fpower) if p}
        ranges = [list(s.porder[0:2]), list(s.porder[2:4])]
        seen = set(played) | set(s.porder[4 : 4 + visible])
        if me is not None:
            seen |= set(ranges[me])
        pool = sorted(set(POWERS) - seen)
        powers = list(s.powers)
        for o in (0, 1):
            if o == me:
                continue
            mine = sorted(p for p in played if p in ranges[o])
            sh, rng = rng.shuffle(pool)
            need = 2 - len(mine)
            drawn, pool = sorted(sh[:need]), sorted(sh[need:])
            ranges[o] = sorted(mine + drawn)
            powers[o] = tuple(sorted(drawn)) if s.pulled is None else ()
        rest, rng = rng.shuffle(pool)
        porder = (*ranges[0], *ranges[1], *s.porder[4 : 4 + visible], *rest)
        return porder, (powers[0], powers[1]), rng

    def pin(self, s: RanksState, seat: int) -> dict[str, Any]:
        me = seat if seat in (0, 1) else None
        cards: set[str] = set(s.bur)
        for tr in s.tricks:
            cards.add(tr.card)
            if tr.follow:
                cards.add(tr.follow)
        for t in (0, 1):
            cards |= set(s.discards[t])  # named by the discard moves
        if me is not None:
            cards |= set(s.order[me * HAND : (me + 1) * HAND])
        pos = {c: i for i, c in enumerate(s.order)}
        out: dict[str, Any] = {"cards": sorted([pos[c], c] for c in cards)}
        if s.level > 2:
            visible = len(s.turned()) + (1 if s.geostar() else 0)
            pw = {p for t in s.tricks for p in (t.power, t.fpower) if p}
            pw |= set(s.porder[4 : 4 + visible])
            if s.drop:
                pw.add(s.drop)
            pw |= set(s.base_cards)
            if me is not None:
                pw |= set(s.porder[2 * me : 2 * me + 2])
            ppos = {c: i for i, c in enumerate(s.porder)}
            out["powers"] = sorted([ppos[p], p] for p in pw)
        if s.pick is not None:
            out["pick"] = list(s.pick)
        return {"pin": out}

    # ---------------------------------------------------------------- JSON

    def state_to_json(self, s: RanksState) -> dict[str, Any]:
        return {
            "level": s.level,
            "version": s.version,
            "force_power": s.force_power,
            "carry": s.carry,
            "pick": list(s.pick) if s.pick else None,
            "rng": s.rng.state,
            "order": list(s.order),
            "porder": list(s.porder),
            "phase": s.phase,
            "hands": [list(h) for h in s.hands],
            "powers": [list(p) for p in s.powers],
            "discards": [list(d) for d in s.discards],
            "roles": [[t, r] for t, r in s.roles],
            "bur_count": s.bur_count,
            "call": s.call,
            "drop": s.drop,
            "base_cards": list(s.base_cards),
            "bur": list(s.bur),
            "pulls": [[t, p] for t, p in s.pulls],
            "plunge": list(s.plunge),
            "tricks": [t.to_json() for t in s.tricks],
        }

    def state_from_json(self, obj: Any) -> RanksState:
        from ...core import Fields

        f = Fields(obj, "Play the Ranks state")
        level = f.get_int("level", 2, 4)
        version = f.get_str("version", VERSIONS, null=True)
        f.check((version is None) == (level == 2), "version is null exactly at Level 2")
        force = f.get_bool("force_power")
        carry = f.get_int("carry", 0, 1, null=True)
        pick_raw = f.raw("pick")
        pick: tuple[str, str] | None = None
        if pick_raw is not None:
            picked = common.codes(pick_raw, "pick")
            f.check(len(picked) == 2, "pick holds two cards")
            pick = (picked[0], picked[1])
        f.check((pick is None) == (carry is not None), "a pick exactly when there is no carry")
        rng = common.rng_of(f.raw("rng"), "rng")
        order = f.codes("order", CARDS, length=len(CARDS))
        porder = f.codes("porder", POWERS, length=0 if level == 2 else len(POWERS))
        phase = f.get_str("phase", PHASES)
        hands = f.get_list("hands", lambda v, w: common.codes(v, w), length=2)
        powers = f.get_list("powers", lambda v, w: common.codes(v, w, POWERS), length=2)
        discards = f.get_list("discards", lambda v, w: common.codes(v, w), length=2)
        roles = f.get_list("roles", _role_item, max_length=3)
        bur_count = f.get_int("bur_count", 2, 5)
        call = f.get_int("call", 0, 1, null=True)
        drop = f.raw("drop")
        if drop is not None:
            drop = common.codes([drop], "drop", POWERS)[0]
        base_cards = f.codes("base_cards", POWERS)
        bur = f.codes("bur", CARDS)
        pulls = f.get_list("pulls", _pull_item, max_length=2)
        plunge = common.pair_of(f.raw("plunge"), "plunge", common.opt_bool)
        tricks = f.get_list("tricks", _trick_item, max_length=TRICKS)
        f.done()
        s = RanksState(
            level, version, force, carry, pick, rng, order, porder, phase,
            (hands[0], hands[1]), (powers[0], powers[1]), (discards[0], discards[1]),
            roles, bur_count, call, drop, base_cards, bur, pulls, plunge, tricks,
        )  # fmt: skip
        _check_consistent(s)
        return s


def _power_json(pid: str | None) -> dict[str, Any] | None:
    """A Power card as the trick games show it: what Play the Ranks reads from it."""
    if pid is None:
        return None
    pc = power_card(pid)
    return {"id": pid, "base": pc.base, "category": pc.category}


def _role_item(v: Any, where: str) -> tuple[int, str]:
    if (
        not isinstance(v, list)
        or len(v) != 2
        or v[0] not in (0, 1)
        or isinstance(v[0], bool)
        or v[1] not in ("cards", "call", "up")
    ):
        raise CorruptState(f"{where} must be [team, cards|call|up]")
    return (v[0], v[1])


def _pull_item(v: Any, where: str) -> tuple[int, bool]:
    if not isinstance(v, list) or len(v) != 2 or v[0] not in (0, 1) or isinstance(v[0], bool):
        raise CorruptState(f"{where} must be [team, true|false]")
    if not isinstance(v[1], bool):
        raise CorruptState(f"{where} must be [team, true|false]")
    return (v[0], v[1])


def _trick_item(v: Any, where: str) -> Trick:
    from ...core import Fields

    f = Fields(v, where)
    lead = f.get_int("lead", 0, 1)
    card = common.codes([f.raw("card")], f"{where}.card")[0]
    cat = f.get_str("category", rules.CATEGORIES)
    base = f.get_int("base", 1, 50)
    f.check(base in rules.BASES, "bad base")
    power = f.raw("power")
    if power is not None:
        power = common.codes([power], f"{where}.power", POWERS)[0]
    follow = f.raw("follow")
    if follow is not None:
        follow = common.codes([follow], f"{where}.follow")[0]
    fpower = f.raw("fpower")
    if fpower is not None:
        fpower = common.codes([fpower], f"{where}.fpower", POWERS)[0]
    change = f.get_str("change", ("category", "base"), null=True)
    winner = f.get_int("winner", 0, 1, null=True)
    f.done()
    return Trick(lead, card, cat, base, power, follow, fpower, change, winner)


def _check_consistent(s: RanksState) -> None:
    """The checks a saved state must pass beyond its shape: every card in one place,
    the phase agreeing with the counts, every trick judged as the rules judge it."""

    def bad(msg: str) -> CorruptState:
        return CorruptState(f"Play the Ranks state: {msg}")

    places: list[str] = []
    for t in (0, 1):
        places += [*s.hands[t], *s.discards[t]]
    for tr in s.tricks:
        places.append(tr.card)
        if tr.follow:
            places.append(tr.follow)
    if len(set(places)) != len(places):
        raise bad("a card is in two places")
    dealt = set(s.order[: 2 * HAND + len(s.bur)])
    if set(places) != dealt:
        raise bad("the hands, discards and tricks are not the cards dealt")
    if s.bur != s.order[2 * HAND : 2 * HAND + len(s.bur)]:
        raise bad("the BUR cards are not the cards after the hands")
    if s.pick is None and s.carry is None:
        raise bad("no lead for trick 1")
    if s.level == 2 and (any(s.powers) or s.roles or s.bur or s.pulls or s.base_cards):
        raise bad("Level 2 has no Power cards, roles or BUR")
    if s.level == 3 and s.base_cards != s.porder[4:6]:
        raise bad("the Level 3 bases are the two turned Power cards")
    if s.level == 4:
        if s.call is not None and s.phase == "role":
            raise bad("roles are settled but the phase is role")
        if s.base_cards and (
            len(s.base_cards) != 2
            or s.drop is None
            or set(s.base_cards) | {s.drop} != set(s.kept())
        ):
            raise bad("the base cards are not two of the three turned cards")
        if len(s.bur) not in (0, s.bur_count) or (s.bur and s.call is None):
            raise bad("the BUR cards do not match the roles")
        if s.phase in ("play", "over") and len(s.base_cards) != 2:
            raise bad("play needs the two base cards the Call Team kept")
    pw: list[str] = [*s.powers[0], *s.powers[1]]
    for tr in s.tricks:
        pw += [p for p in (tr.power, tr.fpower) if p]
    if len(set(pw)) != len(pw) or not set(pw) <= set(s.porder[:4]):
        raise bad("Power cards held or played are not the ones dealt")
    expected_phase_over = max(s.won) >= EARLY or len(s.done_tricks) == TRICKS
    if (s.phase == "over") != expected_phase_over:
        raise bad("the phase does not agree with the tricks")
    if s.tricks and s.phase not in ("play", "over"):
        raise bad("tricks before play")
    if any(not t.done for t in s.tricks[:-1]):
        raise bad("an unfinished trick before the last")
    lead = s.first
    for tr in s.tricks:
        if tr.lead != lead:
            raise bad("a trick led by the wrong team")
        if tr.done:
            j = tr.judgement(s.bur if s.level == 4 else ())
            if tr.winner != (tr.lead if j.winner == "lead" else 1 - tr.lead):
                raise bad("a trick's winner is not the rules' winner")
            lead = tr.winner
        elif tr.winner is not None or tr.fpower or tr.change:
            raise bad("an unfinished trick with a result")
    if s.phase in ("play", "over"):
        for t in (0, 1):
            played = sum(1 for tr in s.tricks if tr.lead == t or tr.done)
            if len(s.hands[t]) + played != KEEP:
                raise bad("a hand does not hold 8 cards less those played")


GAME = PlayTheRanks()

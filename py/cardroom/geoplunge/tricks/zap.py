"""Play the Border Zap (GeoPlunge Game 4 at Levels 3 and 4, "PTB").

Two teams (seats 0 and 1). Phases and moves (``Move(team, kind, data)``):

``trade1``
    3 cards each. Both teams choose, secretly, one card to give: ``"trade"`` ``"UT"``.
    When both have chosen, the cards change hands and both teams see both (R-52).
``trade2``
    3 more cards each; each team gives one of those 3 new cards, the same way.
``discard``
    1 card (Level 3) or 2 (Level 4) dealt face-up to each team; each team discards as
    many, one at a time, face-down (``"discard"`` ``"TX"``), down to 6.
``plunge``
    GeoPlunging, secret until both have decided (R-43).
``play``
    6 tricks. The lead plays ``"lead"`` ``{"card": "UT"}`` (face-down, its name
    announced), the other team ``"follow"`` ``{"card": "TX"}``. The other team wins the
    trick when its card zaps the lead's (:func:`.rules.zaps`), otherwise the lead wins;
    the trick winner leads next.

The game ends early when a team wins the first 5 tricks. At least 4 tricks wins; at 3-3
the last trick decides; the bonus needs 5 tricks (R-53).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ... import scoring
from ...core import CorruptState, Fields, Game, IllegalMove, MalformedMove, Move, Moves, Rng
from . import common, rules
from .common import CARDS

__all__ = ["GAME", "BorderZap", "ZapState", "ZapTrick", "outcome"]

LEVELS = (3, 4)
PHASES = ("trade1", "trade2", "discard", "plunge", "play", "over")
BATCH = 3
KEEP = 6
TRICKS = 6


def faceup_count(level: int) -> int:
    return 1 if level == 3 else 2


def ranges(level: int) -> dict[str, tuple[tuple[int, int], tuple[int, int]]]:
    """Positions in the deal order: each team's first 3, second 3 and face-up cards."""
    k = faceup_count(level)
    b = 4 * BATCH
    return {
        "batch1": ((0, BATCH), (BATCH, 2 * BATCH)),
        "batch2": ((2 * BATCH, 3 * BATCH), (3 * BATCH, 4 * BATCH)),
        "faceup": ((b, b + k), (b + k, b + 2 * k)),
    }


@dataclass(frozen=True, slots=True)
class ZapTrick:
    lead: int
    card: str
    follow: str | None = None
    winner: int | None = None

    @property
    def done(self) -> bool:
        return self.follow is not None

    def to_json(self) -> dict[str, Any]:
        return {"lead": self.lead, "card": self.card, "follow": self.follow, "winner": self.winner}


@dataclass(frozen=True, slots=True)
class ZapState(common.TrickTally):
    level: int
    carry: int | None
    pick: tuple[str, str] | None
    rng: Rng
    order: tuple[str, ...]
    phase: str
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    commits: tuple[str | None, str | None]  # secret trade choices of the current trade
    trades: tuple[tuple[str, str], ...]  # revealed trades: (Team 1 gave, Team 2 gave)
    discards: tuple[tuple[str, ...], tuple[str, ...]]
    plunge: tuple[bool | None, bool | None]
    tricks: tuple[ZapTrick, ...]

    @property
    def first(self) -> int:
        return common.first_lead(self.carry, self.pick or ())

    def batch(self, name: str, team: int) -> tuple[str, ...]:
        a, b = ranges(self.level)[name][team]
        return self.order[a:b]

    def dealt(self) -> int:
        """How many of ``order`` are dealt by now."""
        r = ranges(self.level)
        if self.phase == "trade1":
            return r["batch1"][1][1]
        if self.phase == "trade2":
            return r["batch2"][1][1]
        return r["faceup"][1][1]

    def faceup(self, team: int) -> tuple[str, ...]:
        return () if self.phase in ("trade1", "trade2") else self.batch("faceup", team)


def _set(pair: tuple[Any, Any], team: int, value: Any) -> tuple[Any, Any]:
    return (value, pair[1]) if team == 0 else (pair[0], value)


def outcome(s: ZapState) -> tuple[int, bool, str]:
    """(winner, bonus, why) of a finished game (R-53)."""
    won = s.won
    if max(won) >= 4:
        w = 0 if won[0] > won[1] else 1
        why = f"{won[w]} tricks to {won[1 - w]}"
        left = TRICKS - len(s.done_tricks)
        if left > 0:  # ended early: say why the last trick was not played (a play-test)
            why += (
                ": the game stops when a team wins the first 5 tricks, so the last trick"
                " was not played"
            )
        return w, won[w] >= 5, why
    w = s.done_tricks[-1].winner
    assert w is not None
    return w, False, f"3-3: Team {w + 1} won the last trick"


class BorderZap(Game):
    slug = "border-zap"
    title = "Play the Border Zap"
    state_type = ZapState

    def new(self, seed: int, **options: Any) -> ZapState:
        known = {"level", "carry", "pin"}
        extra = set(options) - known
        if extra:
            raise ValueError(f"unknown options {sorted(extra)} (known: {sorted(known)})")
        level = options.get("level", 3)
        if isinstance(level, bool) or level not in LEVELS:
            raise ValueError(f"Play the Border Zap is played at levels 3 and 4, not {level!r}")
        carry = common.carry_winner(options.get("carry"))
        cards_pin, powers_pin, pick_pin = common.parse_pin(options.get("pin"))
        if powers_pin:
            raise ValueError("Play the Border Zap uses no Power cards")
        rng = Rng.from_seed(seed)
        pick = None
        if carry is None:
            pick, rng = common.statehood_pick(rng, pick_pin)
        r = ranges(level)
        order, rng = common.deal_order(rng, CARDS, cards_pin, [x for v in r.values() for x in v])
        s = ZapState(
            level=level,
            carry=carry,
            pick=pick,
            rng=rng,
            order=order,
            phase="trade1",
            hands=((), ()),
            commits=(None, None),
            trades=(),
            discards=((), ()),
            plunge=(None, None),
            tricks=(),
        )
        return replace(s, hands=(s.batch("batch1", 0), s.batch("batch1", 1)))

    def num_seats(self, state: ZapState) -> int:
        return 2

    def to_move(self, s: ZapState) -> frozenset[int]:
        if s.phase in ("trade1", "trade2"):
            return frozenset(t for t in (0, 1) if s.commits[t] is None)
        if s.phase == "discard":
            return frozenset(t for t in (0, 1) if len(s.hands[t]) > KEEP)
        if s.phase == "plunge":
            return frozenset(t for t in (0, 1) if s.plunge[t] is None)
        if s.phase == "play":
            cur = s.current
            return frozenset({1 - cur.lead if cur else s.lead})
        return frozenset()

    def is_over(self, s: ZapState) -> bool:
        return s.phase == "over"

    def tradeable(self, s: ZapState, team: int) -> tuple[str, ...]:
        """The cards ``team`` may give now: any of its 3, then one of the 3 new ones."""
        if s.phase == "trade1":
            return s.hands[team]
        if s.phase == "trade2":
            return s.batch("batch2", team)
        return ()

    def __init__(self) -> None:
        self._cache = common.MoveCache()

    def legal_moves(self, s: ZapState, seat: int) -> Moves:
        hit = self._cache.get(s, seat)
        if hit is not None:
            return hit
        return self._cache.put(s, seat, self._legal(s, seat))

    def _legal(self, s: ZapState, seat: int) -> Moves:
        if not isinstance(s, ZapState) or seat not in self.to_move(s):
            return Moves()
        t = seat
        if s.phase in ("trade1", "trade2"):
            return Moves(Move(t, "trade", c) for c in self.tradeable(s, t))
        if s.phase == "discard":
            return Moves(Move(t, "discard", c) for c in s.hands[t])
        if s.phase == "plunge":
            return Moves([Move(t, "plunge", False), Move(t, "plunge", True)])
        kind = "follow" if s.current else "lead"
        return Moves(Move(t, kind, {"card": c}) for c in s.hands[t])

    def _apply(self, s: ZapState, m: Move) -> ZapState:
        if m.kind not in ("trade", "discard", "plunge", "lead", "follow"):
            raise MalformedMove(f"Play the Border Zap has no move {m.kind!r}")
        if m.kind == "plunge":
            v = common.need_bool(m.data)
        elif m.kind in ("lead", "follow"):
            c = common.need_card(common.need_keys(m.data, {"card"})["card"])
        else:
            c = common.need_card(m.data)
        phase = {"trade": ("trade1", "trade2"), "discard": ("discard",), "plunge": ("plunge",)}
        if s.phase not in phase.get(m.kind, ("play",)):
            raise IllegalMove(f"not now: the game is in its {s.phase} phase")
        if m.seat not in self.to_move(s):
            raise IllegalMove(f"it is not Team {m.seat + 1}'s turn")
        t = m.seat
        if m.kind == "trade":
            if c not in self.tradeable(s, t):
                raise IllegalMove(f"{c} is not a card Team {t + 1} may trade now")
            return self._trade(s, _set(s.commits, t, c))
        if m.kind == "plunge":
            plunge = _set(s.plunge, t, v)
            return replace(s, plunge=plunge, phase="play" if None not in plunge else "plunge")
        common.own(s.hands[t], c)
        hands = _set(s.hands, t, tuple(x for x in s.hands[t] if x != c))
        if m.kind == "discard":
            s = replace(s, hands=hands, discards=_set(s.discards, t, (*s.discards[t], c)))
            return replace(s, phase="plunge") if all(len(h) == KEEP for h in hands) else s
        cur = s.current
        if m.kind == "lead":
            if cur is not None:
                raise IllegalMove("the lead has been played: the other team follows")
            return replace(s, hands=hands, tricks=(*s.tricks, ZapTrick(t, c)))
        if cur is None:
            raise IllegalMove("nothing to follow: this team leads")
        winner = t if rules.zaps(cur.card, c).zaps else cur.lead
        s = replace(s, hands=hands, tricks=(*s.tricks[:-1], replace(cur, follow=c, winner=winner)))
        won = s.won
        if len(s.tricks) == TRICKS or (min(won) == 0 and max(won) == 5):
            s = replace(s, phase="over")
        return s

    def _trade(self, s: ZapState, commits: tuple[str | None, str | None]) -> ZapState:
        c0, c1 = commits
        if c0 is None or c1 is None:
            return replace(s, commits=commits)
        h0 = tuple(sorted((*(x for x in s.hands[0] if x != c0), c1)))
        h1 = tuple(sorted((*(x for x in s.hands[1] if x != c1), c0)))
        trades = (*s.trades, (c0, c1))
        s = replace(s, commits=(None, None), trades=trades)
        if s.phase == "trade1":
            s = replace(s, phase="trade2")
            return replace(
                s,
                hands=(
                    tuple(sorted((*h0, *s.batch("batch2", 0)))),
                    tuple(sorted((*h1, *s.batch("batch2", 1)))),
                ),
            )
        s = replace(s, phase="discard")
        return replace(
            s,
            hands=(
                tuple(sorted((*h0, *s.batch("faceup", 0)))),
                tuple(sorted((*h1, *s.batch("faceup", 1)))),
            ),
        )

    def points(self, s: ZapState) -> tuple[int, int]:
        if s.phase != "over":
            return (0, 0)
        w, bonus, _ = outcome(s)
        return scoring.score(w, bonus, tuple(bool(p) for p in s.plunge))

    # ---------------------------------------------------------------- information

    def view(self, s: ZapState, seat: int) -> dict[str, Any]:
        me = seat if seat in (0, 1) else None
        tricks = []
        for tr in s.tricks:
            d: dict[str, Any] = tr.to_json()
            if tr.done:
                j = rules.zaps(tr.card, tr.follow)
                d["zap"] = j.rule
                d["reason"] = j.reason
            tricks.append(d)
        v: dict[str, Any] = {
            "game": self.slug,
            "level": s.level,
            "phase": s.phase,
            "seat": seat,
            "to_move": sorted(self.to_move(s)),
            "first_lead": s.first,
            "carry": s.carry,
            "pick": list(s.pick) if s.pick else None,
            "hand": list(s.hands[me]) if me is not None else None,
            "tradeable": list(self.tradeable(s, me)) if me is not None else None,
            "discards": list(s.discards[me]) if me is not None else None,
            "commit": s.commits[me] if me is not None else None,
            "committed": [c is not None for c in s.commits],
            "trades": [list(t) for t in s.trades],
            "faceup": [list(s.faceup(0)), list(s.faceup(1))],
            "hand_counts": [len(h) for h in s.hands],
            "discard_counts": [len(d) for d in s.discards],
            "plunge": common.plunge_view(s.plunge, seat),
            "tricks": tricks,
            "won": list(s.won),
            "lead": s.lead,
            "result": None,
        }
        if s.phase == "over":
            w, bonus, why = outcome(s)
            plunged = tuple(bool(p) for p in s.plunge)
            v["result"] = {
                "winner": w,
                "bonus": bonus,
                "why": why,
                "points": list(self.points(s)),
                "lines": [ln.to_json() for ln in scoring.breakdown(w, bonus, plunged)],
            }
        return v

    def resample(self, s: ZapState, seat: int, rng: Rng) -> ZapState:
        me = seat if seat in (0, 1) else None
        level = s.level
        played = {t.card for t in s.tricks} | {t.follow for t in s.done_tricks}
        gave = [tuple(tr[t] for tr in s.trades) for t in (0, 1)]  # cards each team gave
        seen: set[str] = set(played) | {c for tr in s.trades for c in tr}
        seen |= set(s.faceup(0)) | set(s.faceup(1))
        if me is not None:
            seen |= set(s.batch("batch1", me)) | set(s.hands[me]) | set(s.discards[me])
            if s.phase != "trade1":
                seen |= set(s.batch("batch2", me))
        pool = sorted(set(CARDS) - seen)
        batches: dict[tuple[str, int], tuple[str, ...]] = {}
        hands, discards, commits = list(s.hands), list(s.discards), list(s.commits)
        for o in (0, 1):
            if o == me:
                batches["batch1", o] = s.batch("batch1", o)
                batches["batch2", o] = s.batch("batch2", o)
                continue
            got = set(gave[1 - o])
            mine_played = {t.card for t in s.tricks if t.lead == o}
            mine_played |= {t.follow for t in s.done_tricks if t.lead != o}
            originals_played = sorted(mine_played - got - set(s.faceup(o)))
            if s.phase == "trade1":
                sizes = (BATCH, 0)
            elif s.phase == "trade2":
                sizes = (BATCH - 1, BATCH)
            else:
                sizes = (BATCH - 1, BATCH - 1)
            need = sum(sizes) - len(originals_played)
            sh, rng = rng.shuffle(pool)
            drawn, pool = list(sh[:need]), sorted(sh[need:])
            orig, rng = rng.shuffle(originals_played + drawn)
            b1 = tuple(orig[: sizes[0]])
            b2 = tuple(orig[sizes[0] :])
            if s.phase == "trade1":
                batches["batch1", o] = tuple(sorted(b1))
                hands[o] = batches["batch1", o]
                if s.commits[o] is not None and None in s.commits:
                    i, rng = rng.below(BATCH)
                    commits[o] = batches["batch1", o][i]
                continue
            batches["batch1", o] = tuple(sorted((*b1, gave[o][0])))
            if s.phase == "trade2":
                batches["batch2", o] = tuple(sorted(b2))
                hands[o] = tuple(sorted((*b1, gave[1 - o][0], *b2)))
                if s.commits[o] is not None and None in s.commits:
                    i, rng = rng.below(BATCH)
                    commits[o] = batches["batch2", o][i]
                continue
            batches["batch2", o] = tuple(sorted((*b2, gave[o][1])))
            unplayed = [c for c in (*b1, *b2, *got, *s.faceup(o)) if c not in played]
            mixed, rng = rng.shuffle(sorted(unplayed))
            h = len(s.hands[o])
            hands[o] = tuple(sorted(mixed[:h]))
            discards[o] = tuple(mixed[h:])
        r = ranges(level)
        n_batch2 = 0 if s.phase == "trade1" else 2
        order = [*batches["batch1", 0], *batches["batch1", 1]]
        if n_batch2:
            order += [*batches["batch2", 0], *batches["batch2", 1]]
        if s.phase not in ("trade1", "trade2"):
            order += [*s.faceup(0), *s.faceup(1)]
        rest, rng = rng.shuffle(pool)
        order += rest
        assert len(order) == len(CARDS) and r
        plunge = list(s.plunge)
        if None in s.plunge:
            for o in (0, 1):
                if o != me and plunge[o] is not None:
                    x, rng = rng.below(2)
                    plunge[o] = bool(x)
        _, rng = rng.split()
        return replace(
            s,
            rng=rng,
            order=tuple(order),
            hands=(hands[0], hands[1]),
            discards=(discards[0], discards[1]),
            commits=(commits[0], commits[1]),
            plunge=(plunge[0], plunge[1]),
        )

    def pin(self, s: ZapState, seat: int) -> dict[str, Any]:
        me = seat if seat in (0, 1) else None
        cards = {t.card for t in s.tricks} | {t.follow for t in s.done_tricks}
        cards |= {c for tr in s.trades for c in tr}
        cards |= set(s.faceup(0)) | set(s.faceup(1))
        cards |= set(s.discards[0]) | set(s.discards[1])
        cards |= {c for c in s.commits if c is not None}  # named by the trade moves
        if me is not None:
            cards |= set(s.batch("batch1", me))
            if s.phase != "trade1":
                cards |= set(s.batch("batch2", me))
        pos = {c: i for i, c in enumerate(s.order)}
        out: dict[str, Any] = {"cards": sorted([pos[c], c] for c in cards if c)}
        if s.pick is not None:
            out["pick"] = list(s.pick)
        return {"pin": out}

    # ---------------------------------------------------------------- JSON

    def state_to_json(self, s: ZapState) -> dict[str, Any]:
        return {
            "level": s.level,
            "carry": s.carry,
            "pick": list(s.pick) if s.pick else None,
            "rng": s.rng.state,
            "order": list(s.order),
            "phase": s.phase,
            "hands": [list(h) for h in s.hands],
            "commits": list(s.commits),
            "trades": [list(t) for t in s.trades],
            "discards": [list(d) for d in s.discards],
            "plunge": list(s.plunge),
            "tricks": [t.to_json() for t in s.tricks],
        }

    def state_from_json(self, obj: Any) -> ZapState:
        f = Fields(obj, "Play the Border Zap state")
        level = f.get_int("level", 3, 4)
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
        phase = f.get_str("phase", PHASES)
        hands = f.get_list("hands", lambda v, w: common.codes(v, w), length=2)
        commits = common.pair_of(f.raw("commits"), "commits", _opt_card)
        trades = f.get_list("trades", _trade_item, max_length=2)
        discards = f.get_list("discards", lambda v, w: common.codes(v, w), length=2)
        plunge = common.pair_of(f.raw("plunge"), "plunge", common.opt_bool)
        tricks = f.get_list("tricks", _trick_item, max_length=TRICKS)
        f.done()
        s = ZapState(
            level, carry, pick, rng, order, phase, (hands[0], hands[1]), commits,
            tuple((t[0], t[1]) for t in trades), (discards[0], discards[1]), plunge, tricks,
        )  # fmt: skip
        _check_consistent(self, s)
        return s


def _trade_item(v: Any, where: str) -> tuple[str, ...]:
    cards = common.codes(v, where)
    if len(cards) != 2:
        raise CorruptState(f"{where}: a trade is one card of each team")
    return cards


def _opt_card(v: Any, where: str) -> str | None:
    return None if v is None else common.codes([v], where)[0]


def _trick_item(v: Any, where: str) -> ZapTrick:
    f = Fields(v, where)
    lead = f.get_int("lead", 0, 1)
    card = common.codes([f.raw("card")], f"{where}.card")[0]
    follow = _opt_card(f.raw("follow"), f"{where}.follow")
    winner = f.get_int("winner", 0, 1, null=True)
    f.done()
    return ZapTrick(lead, card, follow, winner)


def _check_consistent(game: BorderZap, s: ZapState) -> None:
    def bad(msg: str) -> CorruptState:
        return CorruptState(f"Play the Border Zap state: {msg}")

    if any(len(t) != 2 for t in s.trades):
        raise bad("a trade is a pair of cards")
    n_trades = {"trade1": 0, "trade2": 1}.get(s.phase, 2)
    if len(s.trades) != n_trades:
        raise bad("the trades do not agree with the phase")
    if s.phase not in ("trade1", "trade2") and any(c is not None for c in s.commits):
        raise bad("a trade choice outside the trades")
    places: list[str] = [*s.hands[0], *s.hands[1], *s.discards[0], *s.discards[1]]
    places += [t.card for t in s.tricks] + [t.follow for t in s.done_tricks]
    if len(set(places)) != len(places) or set(places) != set(s.order[: s.dealt()]):
        raise bad("the hands, discards and tricks are not the cards dealt")
    for t in (0, 1):
        c = s.commits[t]
        if c is not None and c not in game.tradeable(s, t):
            raise bad("a trade choice the team may not make")
    if s.tricks and s.phase not in ("play", "over"):
        raise bad("tricks before play")
    if any(not t.done for t in s.tricks[:-1]):
        raise bad("an unfinished trick before the last")
    won = s.won
    over = len(s.done_tricks) == TRICKS or (min(won) == 0 and max(won) == 5)
    if (s.phase == "over") != over:
        raise bad("the phase does not agree with the tricks")
    lead = s.first
    for tr in s.tricks:
        if tr.lead != lead:
            raise bad("a trick led by the wrong team")
        if tr.done:
            z = rules.zaps(tr.card, tr.follow).zaps
            if tr.winner != (1 - tr.lead if z else tr.lead):
                raise bad("a trick's winner is not the rules' winner")
            lead = tr.winner
        elif tr.winner is not None:
            raise bad("an unfinished trick with a winner")
    if s.phase in ("play", "over"):
        for t in (0, 1):
            played = sum(1 for tr in s.tricks if tr.lead == t or tr.done)
            if len(s.hands[t]) + played != KEEP:
                raise bad("a hand does not hold 6 cards less those played")


GAME = BorderZap()

"""Computer opponents for the trick games: easy, medium and hard.

A bot sees only its :class:`~cardroom.core.BotContext`: its view, its legal moves, its
own ``random.Random`` and, for the hard bot, worlds drawn with ``ctx.sample_world`` (the
game's ``resample``, which the conformance harness proves fair). It never reads the state.

============  ================================================================
easy          a legal, sensible card: follows to win when it can see how, leads
              a card's best category; random otherwise
medium        rank-aware: leads what the unseen cards are least likely to beat,
              wins a trick with its cheapest winning card or throws its weakest,
              keeps Power cards for protected leads and for turning a lost trick
hard          determinized Monte Carlo (:mod:`.search`) on every lead and follow,
              and on the Border Zap discards: worlds are played out, after each
              candidate move, by fast policies; the medium move stands unless a
              candidate does better on average over the same worlds by
              ``margin`` (0.05 of a game). Play the Ranks draws its worlds with
              ``sample_world`` and plays them out as if every card were face
              up. The Border Zap draws the other team's hand from the view
              itself (:class:`.search.ZapInfo`, as ``resample`` does), keeps of
              up to ``ZAP_TRIES`` (16) draws the first that explains the other
              team's tricks (no card that zaps a lead it let pass, each lead its
              safest card and each follow its riskiest zapper or throw, as that
              team sees them: R-175), mends what still disagrees (``fix``), and
              plays each team in the playouts as the medium bot would from what
              that team knows (R-176). Bounded time: ``budget_ms`` (12 ms) of
              search, at least ``min_worlds`` (4), at most ``max_worlds`` (24
              in Play the Ranks, 48 in the Border Zap). Play the Ranks at Level
              2 and Level 3 PTR2 keeps a search of its own (``GREEDY``: greedy
              playouts, a 0.3 margin)
============  ================================================================

The other setup choices (trades, Play the Ranks discards, roles, bases, Pull the Power,
GeoPlunging) are heuristics at every level; easy makes them at random more often.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from ...core import BotContext, Move
from ..decks import geostar_value, power_card
from . import rules, search
from .common import CARDS

__all__ = ["DIFFICULTIES", "TrickBot", "make_bot"]

DIFFICULTIES = ("easy", "medium", "hard")


def make_bot(difficulty: str, seed: Any = 0, **kw: Any) -> TrickBot:
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"difficulty is one of {', '.join(DIFFICULTIES)}, not {difficulty!r}")
    return TrickBot(difficulty, **kw)


# ------------------------------------------------------------------ card knowledge


@cache
def _zapped_by(card: str) -> frozenset[str]:
    return frozenset(c for c in CARDS if c != card and rules.zaps(card, c).zaps)


def _strength(card: str, cat: str, base: int) -> float:
    """How good ``card`` is as a lead in ``cat`` at ``base``: the share of the other 49
    cards it beats (below-base cards beat nothing)."""
    r = rules.rank(card, cat)
    if not rules.valid(r, base):
        return 0.0
    k = rules.key(r, base)
    worse = sum(1 for c in CARDS if c != card and rules.key(rules.rank(c, cat), base) > k)
    return worse / 49


@cache
def _strength_c(card: str, cat: str, base: int) -> float:
    return _strength(card, cat, base)


@cache
def _value(card: str, bases: Sequence[int]) -> float:
    """A card's worth to keep: its best strength over categories and bases."""
    return max(_strength_c(card, cat, b) for cat in rules.CATEGORIES for b in bases)


def _unseen(view: Mapping[str, Any]) -> list[str]:
    seen = set(view.get("hand") or ()) | set(view.get("discards") or ())
    for t in view.get("tricks", ()):
        for k in ("card", "follow"):
            if t.get(k):
                seen.add(t[k])
    for fu in view.get("faceup") or ():
        seen |= set(fu)
    for tr in view.get("trades") or ():
        seen |= set(tr)
    return [c for c in CARDS if c not in seen]


def _zap_risk(v: Mapping[str, Any]) -> Any:
    """Expected number of the other team's cards that zap a card, from this view: the
    cards we gave it and its face-up cards are (almost surely) in its hand; the rest of
    its hand is spread over the unseen cards."""
    me = v.get("seat")
    opp = 1 - me if me in (0, 1) else 0
    played = {t.get(k) for t in v.get("tricks") or () for k in ("card", "follow")}
    known = {tr[me] for tr in v.get("trades") or ()} if me in (0, 1) else set()
    known |= set((v.get("faceup") or [[], []])[opp])
    known -= played
    unseen = set(_unseen(v))
    n_opp = (v.get("hand_counts") or [0, 0])[opp] + (v.get("discard_counts") or [0, 0])[opp]
    p = max(0, n_opp - len(known)) / max(1, len(unseen))

    def risk(c: str) -> float:
        z = _zapped_by(c)
        return len(z & known) + p * len(z & unseen)

    return risk


# ------------------------------------------------------------------ the bot

#: The moves the hard bot searches, (Play the Ranks, Border Zap): in the Border Zap the
#: discards too (which 6 cards to keep); elsewhere the heuristics decide the setup.
SEARCHED = {False: ("lead", "follow"), True: ("discard", "lead", "follow")}
#: Worlds drawn per world kept (:func:`.search.violations`) with ``sample_world``: a
#: team that did not zap a lead most likely held no card that zaps it, and a world that
#: gives it one is redrawn (up to 4 draws). Play the Ranks keeps every world; the Border
#: Zap draws its worlds from the view instead (``ZAP_VIEW``, ``ZAP_TRIES``).
TRIES = {False: 1, True: 4}
#: At most this many worlds per searched move (Play the Ranks, Border Zap): a Border Zap
#: playout is short, and more worlds within the same time budget beat medium more often
#: (1,000 games against medium, with worlds mended: Level 3 57.0% with 24 worlds, 57.3 to
#: 58.8% with 48; Level 4 55.7% and 57.6 to 58.7%).
MAX_WORLDS = {False: 24, True: 48}
#: Play the Ranks at Level 2 and in PTR2 at Level 3 keeps the first search: each
#: candidate and then greedy playouts (leads: the strongest card) in the same worlds,
#: and a candidate replaces the medium move only when better by 0.3 of a game; over
#: 1,000 games it beats medium more often there than the search of :mod:`.search` (71.5%
#: against 58.8% at Level 2, 59.3% against 55.4% in Level 3 PTR2, with about 16 worlds a
#: move). Its playouts run without the engine (``_rollout_ranks``: the same results,
#: about 4 times quicker), so the same 12 ms give some 27 worlds: 62.3% in Level 3 PTR2
#: (seed 1; 62.7% with 40 worlds on every move).
GREEDY = {(2, None), (3, "ptr2")}  # (level, version)
#: Border Zap worlds are drawn from the view (:class:`.search.ZapInfo`); of up to
#: ``ZAP_TRIES`` draws the first that explains the other team's tricks is kept (R-175).
#: Over 1,000 games against medium (seed 1): Level 3 58.4% with worlds from
#: ``sample_world`` and open playouts, 60.7% with medium playouts (R-176), 67.2% with
#: the worlds of R-175; Level 4 67.0%.
ZAP_VIEW = True
ZAP_MODEL = True
ZAP_TRIES = 16
L2_WORLDS = 40
L2_MARGIN = 0.3


# The search budget counts this process's own time on CPython, so that a loaded machine
# does not weaken the bot (``cardroom simulate`` gives the same games); in the browser it
# counts the page's time, which is what a player waits for.
_clock = time.perf_counter if sys.platform == "emscripten" else time.process_time


class TrickBot:
    """A bot for Play the Ranks and Play the Border Zap (``choose(ctx)``)."""

    def __init__(
        self,
        difficulty: str = "medium",
        *,
        budget_ms: float = 12.0,
        max_worlds: int | None = None,
        min_worlds: int = 4,
        margin: float = 0.05,
        tries: int | None = None,
        search: tuple[str, ...] | None = None,
        fix: bool = True,
    ) -> None:
        self.fix = fix
        self.search = search
        self.difficulty = difficulty
        self.margin = margin
        self.budget_ms = budget_ms
        self.max_worlds = max_worlds
        self.min_worlds = min_worlds
        self.tries = tries
        self.worlds = 0  # worlds played out for the last searched move

    def choose(self, ctx: BotContext) -> Move | None:
        legal = list(ctx.legal)
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        v = ctx.view
        kind = legal[0].kind
        rng = ctx.rng
        zap = v.get("game") == "border-zap"
        setup = kind not in ("lead", "follow")
        if self.difficulty == "easy" and setup and (zap or rng.random() < 0.5):
            return rng.choice(legal)
        if kind in ("lead", "follow"):
            plan = self._zap_play(v, legal, rng) if zap else self._ranks_play(v, legal, rng)
        else:
            plan = self._setup(v, legal, rng, zap)
        searched = self.search if self.search is not None else SEARCHED[zap]
        if self.difficulty == "hard" and kind in searched:
            if not zap and (v.get("level"), v.get("version")) in GREEDY:
                return self._monte_carlo_l2(ctx, legal, zap, plan)
            return self._monte_carlo(ctx, legal, zap, plan)
        return plan

    # ------------------------------------------------------------ setup choices

    def _bases(self, v: Mapping[str, Any]) -> tuple[int, ...]:
        b = v.get("bases")
        if b:
            return tuple(b)
        kept = v.get("kept") or v.get("turned") or ()
        return tuple(p["base"] for p in kept) or (1, 50)

    def _setup(
        self, v: Mapping[str, Any], legal: list[Move], rng: random.Random, zap: bool
    ) -> Move:
        kind = legal[0].kind
        if kind == "discard" or kind == "trade":
            if zap:
                held = set(v.get("hand") or ())
                risk = _zap_risk(v)

                def worth(c: str) -> float:
                    # Keep good leads (few likely zappers); never hand the other team a
                    # card that zaps our own cards.
                    mine = len(_zapped_by(c) & (held - {c}))
                    return -risk(c) - (mine if kind == "trade" else 0)
            else:
                bases = self._bases(v)

                def worth(c: str) -> float:
                    return _value(c, bases)

            return min(legal, key=lambda m: (worth(m.data), m.data))
        if kind == "plunge":
            hand = v.get("hand") or []
            if zap:
                good = sum(1 for c in hand if len(_zapped_by(c)) <= 12)
                p = good / max(1, len(hand))
            else:
                bases = self._bases(v)
                p = sum(_value(c, bases) > 0.9 for c in hand) / max(1, len(hand))
            want = {"easy": 0.8, "medium": 0.55, "hard": 0.5}[self.difficulty]
            return next(m for m in legal if m.data == (p >= want))
        if kind == "pull":
            return next(m for m in legal if m.data is False)
        if kind in ("role", "up"):
            # The Call Team picks the bases: take it when offered; Up the BUR only with
            # a strong hand.
            calls = [m for m in legal if m.data == "call"]
            if calls:
                return calls[0]
            return next(m for m in legal if m.data == "cards")
        if kind == "arrange":
            hand = v.get("hand") or []

            def score(m: Move) -> float:
                drop = m.data["drop"]
                bases = [p["base"] for p in v["kept"] if p["id"] != drop]
                return sum(max(_strength_c(c, cat, b) for cat in rules.CATEGORIES)
                           for c in hand for b in bases)  # fmt: skip

            return max(legal, key=lambda m: (score(m), str(m.data)))
        return rng.choice(legal)

    # ------------------------------------------------------------ Play the Ranks

    def _ranks_play(self, v: Mapping[str, Any], legal: list[Move], rng: random.Random) -> Move:
        unseen = _unseen(v)
        tricks = v.get("tricks") or []
        cur = tricks[-1] if tricks and tricks[-1].get("follow") is None else None
        bases = self._bases(v)
        easy = self.difficulty == "easy"
        if cur is None:
            # Lead: the move the unseen cards are least likely to beat; Power cards only
            # when forced or when a lead would otherwise be weak (medium keeps them).
            def lead_score(m: Move) -> tuple[float, float]:
                d = m.data
                s = _strength_c(d["card"], d["category"], d["base"])
                cost = 0.15 if "power" in d else 0.0
                if "power" in d and s > 0.8:
                    cost = 0.05  # a locked, strong lead: what Power cards are for
                return (s - cost, -_value(d["card"], bases))

            if easy:
                best = max(legal, key=lead_score)
                pool = [m for m in legal if m.data["card"] == best.data["card"]]
                return rng.choice(pool) if rng.random() < 0.5 else best
            return max(legal, key=lead_score)
        win_share = self._win_share(v, cur, unseen)

        def follow_score(m: Move) -> tuple[float, float, float]:
            w = win_share(m)
            d = m.data
            power_cost = 0.3 if "power" in d else 0.0
            keep = _value(d["card"], bases)
            if w >= 0.5:
                return (w - power_cost, -keep, 0.0)
            return (w - power_cost - 1.0, -keep, 0.0)

        if easy and rng.random() < 0.3:
            return rng.choice(legal)
        return max(legal, key=follow_score)

    def _win_share(
        self, v: Mapping[str, Any], cur: Mapping[str, Any], unseen: list[str]
    ) -> Callable[[Move], float]:
        """For the trick ``cur`` (the lead played): a follow move's share of the lead cards
        it beats (the one led, if face-up; else each unseen card the GeoStar allows)."""
        lead_card = cur.get("card")
        cands = [lead_card] if lead_card else self._geostar_candidates(v, cur, unseen)
        bur = tuple(v.get("bur") or ())

        def share(m: Move) -> float:
            d = m.data
            fp = None
            if "power" in d:
                p = power_card(d["power"])
                fp = (p.category, p.base)
            wins = 0
            for lc in cands:
                j = rules.judge(
                    lc, d["card"], cur["category"], cur["base"],
                    lead_power=cur.get("power") is not None, follow_power=fp,
                    change=d.get("change"), bur_cards=bur,
                )  # fmt: skip
                wins += j.winner == "follow"
            return wins / max(1, len(cands))

        return share

    def _geostar_candidates(
        self, v: Mapping[str, Any], cur: Mapping[str, Any], unseen: list[str]
    ) -> list[str]:
        gs = v.get("geostar")
        want = cur.get("geostar")
        if not gs or want is None:
            return unseen
        return [c for c in unseen if geostar_value(gs["field"], c) == want] or unseen

    # ------------------------------------------------------------ Border Zap

    def _zap_play(self, v: Mapping[str, Any], legal: list[Move], rng: random.Random) -> Move:
        risk = _zap_risk(v)
        tricks = v.get("tricks") or []
        cur = tricks[-1] if tricks and tricks[-1].get("follow") is None else None
        easy = self.difficulty == "easy"
        if cur is None:
            if easy:
                return rng.choice(legal)  # any card may lead
            # Lead the card the other team is least likely to zap.
            return min(legal, key=lambda m: (risk(m.data["card"]), m.data["card"]))
        lead = cur["card"]
        zappers = [m for m in legal if m.data["card"] in _zapped_by(lead)]
        if zappers and easy:
            return rng.choice(zappers)  # sensible: it wins the trick
        if zappers:
            # Win with the zapper that would make the worst lead.
            return max(zappers, key=lambda m: (risk(m.data["card"]), m.data["card"]))
        if self.difficulty == "easy":
            return rng.choice(legal)
        return max(legal, key=lambda m: (risk(m.data["card"]), m.data["card"]))

    # ------------------------------------------------------------ hard: Monte Carlo

    def _candidates_l2(self, ctx: BotContext, legal: list[Move], zap: bool) -> list[Move]:
        """At most 8 candidate moves, the medium bot's favourites first."""
        if len(legal) <= 8:
            return legal
        v = ctx.view
        if zap:
            return legal
        if legal[0].kind == "discard":
            bases = self._bases(v)
            return sorted(legal, key=lambda m: (_value(m.data, bases), m.data))[:8]
        tricks = v.get("tricks") or []
        cur = tricks[-1] if tricks and tricks[-1].get("follow") is None else None
        bases = self._bases(v)
        if cur is None:
            best: dict[tuple[str, bool], Move] = {}
            for m in legal:
                d = m.data
                k = (d["card"], "power" in d)
                s = _strength_c(d["card"], d["category"], d["base"])
                if k not in best or s > _strength_c(
                    best[k].data["card"], best[k].data["category"], best[k].data["base"]
                ):
                    best[k] = m
            ms = sorted(best.values(), key=lambda m: -_strength_c(
                m.data["card"], m.data["category"], m.data["base"]))  # fmt: skip
            return ms[:8]
        ms = sorted(legal, key=lambda m: ("power" in m.data, -_value(m.data["card"], bases)))
        plain = [m for m in ms if "power" not in m.data]
        power = [m for m in ms if "power" in m.data]
        picks = plain[:3] + plain[-3:] + power[:2] + power[-2:]
        out: list[Move] = []
        for m in picks:
            if m not in out:
                out.append(m)
        return out

    def _monte_carlo_l2(self, ctx: BotContext, legal: list[Move], zap: bool, plan: Move) -> Move:
        """Level 2: the heuristic's ``plan`` unless the playouts (the engine's own moves,
        then :func:`_rollout_ranks`) show a candidate better by 0.3 of a game."""
        cands = [plan, *(m for m in self._candidates_l2(ctx, legal, zap) if m != plan)]
        if len(cands) == 1:
            return cands[0]
        game = ctx.game
        me = ctx.seat
        totals = [0.0] * len(cands)
        t0 = _clock()
        n = 0
        base_seed = ctx.rng.randrange(1 << 40)
        while n < L2_WORLDS:
            if n >= 2 and (_clock() - t0) * 1000 > self.budget_ms:
                break
            world = ctx.sample_world(base_seed + n)
            start = None
            for i, m in enumerate(cands):
                if m.kind in ("lead", "follow") and world.phase == "play":
                    start = start or _ranks_start(world)
                    totals[i] += _rollout_ranks(world, me, m.data, start)
                else:
                    totals[i] += _rollout_ranks(game.apply(world, m), me)
            n += 1
        self.worlds = n
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        if totals[best] - totals[0] <= L2_MARGIN * n:
            return plan
        return cands[best]

    def _candidates(self, v: Mapping[str, Any], legal: list[Move], zap: bool) -> list[Move]:
        """The moves worth playing out: every card in the Border Zap; in Play the Ranks
        the leads the unseen cards are least likely to beat, the cheapest throws and
        the best Power leads; the cheapest winning and losing follows."""
        if zap:
            return legal
        bases = tuple(self._bases(v))
        if legal[0].kind == "discard":
            return sorted(legal, key=lambda m: (search.card_value(m.data, bases), m.data))[:6]
        tricks = v.get("tricks") or []
        cur = tricks[-1] if tricks and tricks[-1].get("follow") is None else None
        unseen = _unseen(v)
        if cur is None:
            best: dict[tuple[str, int, str | None], tuple[float, Move]] = {}
            for m in legal:
                d = m.data
                k = search.keys(d["category"], d["base"])
                mine = min(k[d["card"]], search.BAD)
                share = sum(1 for c in unseen if k[c] >= mine) / max(1, len(unseen))
                g = (d["card"], d["base"], d.get("power"))
                if g not in best or share > best[g][0]:
                    best[g] = (share, m)
            opts = sorted(best.values(), key=lambda x: (-x[0], x[1].data["card"]))
            plain = [m for _, m in opts if "power" not in m.data]
            power = [m for _, m in opts if "power" in m.data]
            cheap = sorted(plain or power, key=lambda m: (search.card_value(m.data["card"], bases),
                                                          m.data["card"]))  # fmt: skip
            picks = plain[:4] + power[:2] + cheap[:2]
        else:
            wins = self._win_share(v, cur, unseen)

            def cost(m: Move) -> tuple[float, str]:
                d = m.data
                c = search.card_value(d["card"], bases)
                return (c + (search.POWER_COST if "power" in d else 0.0), d["card"])

            scored = [(wins(m), m) for m in legal]
            winning = sorted((m for w, m in scored if w >= 0.5), key=cost)
            losing = sorted((m for w, m in scored if w < 0.5), key=cost)
            picks = winning[:3] + losing[:2]
        out: list[Move] = []
        for m in picks:
            if m not in out:
                out.append(m)
        return out

    def _zap_worlds(self, ctx: BotContext) -> Any:
        """Border Zap worlds drawn from the view (:class:`.search.ZapInfo`): of up to
        ``ZAP_TRIES`` draws the first that explains every trick the other team played
        (it held no card that zaps a lead it let pass, and chose as a sensible team
        would: R-175), else the one that explains most."""
        info = search.ZapInfo(ctx.view)
        checks = search.unbeaten(ctx.view)
        r = random.Random(ctx.rng.randrange(1 << 40))
        opp = 1 - ctx.seat
        tries = ZAP_TRIES if (checks or info.choices) else 1
        while True:
            best = None
            for _ in range(tries):
                w, gone = info.world(r)
                score = (
                    search.violations(w.hands[opp], checks) if checks else 0,
                    info.surprise(w, gone) if ZAP_MODEL else 0,
                )
                if best is None or score < best[0]:
                    best = (score, w)
                if score == (0, 0):
                    break
            assert best is not None
            (bad, _), world = best
            if bad and self.fix:
                h = world.hands[opp]
                free = [c for c in h if c in info.pool]
                fixed = search.repair(free, [c for c in info.pool if c not in h], checks, r)
                world.set_hand(opp, [c for c in h if c not in info.pool] + fixed)
            yield world

    def _monte_carlo(self, ctx: BotContext, legal: list[Move], zap: bool, plan: Move) -> Move:
        """The heuristic's ``plan`` unless the playouts show a candidate better by
        ``margin`` (of a game, on average over the same worlds)."""
        cands = [plan, *(m for m in self._candidates(ctx.view, legal, zap) if m != plan)]
        if len(cands) == 1:
            return cands[0]
        me = ctx.seat
        totals = [0.0] * len(cands)
        t0 = _clock()
        n = 0
        base_seed = ctx.rng.randrange(1 << 40)
        tries = self.tries if self.tries is not None else TRIES[zap]
        checks = search.unbeaten(ctx.view) if tries > 1 else []
        opp = 1 - me
        spare: list[str] = []
        if zap and checks and self.fix:
            spare = _unseen(ctx.view)  # the cards this seat has not seen
        most = self.max_worlds if self.max_worlds is not None else MAX_WORLDS[zap]
        zap_worlds = self._zap_worlds(ctx) if zap and ZAP_VIEW else None
        while n < most:
            if n >= self.min_worlds and (_clock() - t0) * 1000 > self.budget_ms:
                break
            if zap_worlds is not None:
                self._play_out(next(zap_worlds), cands, me, totals)
                n += 1
                continue
            s = None
            fewest = 0
            for k in range(tries if checks else 1):
                w = ctx.sample_world(base_seed + n * tries + k)
                bad = search.violations(w.hands[opp], checks) if checks else 0
                if s is None or bad < fewest:
                    s, fewest = w, bad
                if not bad:
                    break
            world: Any = search.ZapWorld(s) if zap else search.RanksWorld(s)
            if fewest and spare:
                # Known cards (traded, face up) are certainly in that hand: only unseen
                # cards are swapped out.
                h = world.hands[opp]
                free = [c for c in h if c in spare]
                fixed = search.repair(free, [c for c in spare if c not in h], checks, ctx.rng)
                world.set_hand(opp, [c for c in h if c not in spare] + fixed)
            self._play_out(world, cands, me, totals)
            n += 1
        self.worlds = n
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        if totals[best] - totals[0] <= self.margin * n:
            return plan
        return cands[best]

    def _play_out(self, world: Any, cands: list[Move], me: int, totals: list[float]) -> None:
        """Add to ``totals`` the result of each candidate move in ``world``."""
        zap = isinstance(world, search.ZapWorld)
        for i, m in enumerate(cands):
            d = m.data
            w = world.copy()
            if m.kind == "discard":
                w.discard(me, d)
                w.discard_rest()
            elif zap:
                (w.play_lead if m.kind == "lead" else w.play_follow)(d["card"])
            elif m.kind == "lead":
                p = d.get("power")
                w.play_lead(d["card"], d["category"], d["base"], p and search.power(p))
            else:
                p = d.get("power")
                w.play_follow(d["card"], p and search.power(p), d.get("change"))
            totals[i] += w.playout(me)


# ------------------------------------------------------------------ Level 2 playouts


@cache
def _best_lead(card: str, base: int) -> tuple[float, str]:
    """A card's best category at a base, with its strength."""
    cat = max(rules.CATEGORIES, key=lambda k: _strength_c(card, k, base))
    return _strength_c(card, cat, base), cat


@cache
def _best_lead_at(card: str, bases: tuple[int, ...]) -> tuple[float, str, int]:
    """A card's strongest lead at any of ``bases``: (strength, category, base)."""
    best = None
    for b in bases:
        sc, cat = _best_lead(card, b)
        if best is None or sc > best[0]:
            best = (sc, cat, b)
    assert best is not None
    return best


def _ranks_start(s: Any) -> tuple:
    """What a playout of the Play the Ranks world ``s`` (in its play phase) starts from;
    worked out once for all the candidate moves."""
    n_done = len(s.done_tricks)
    cur = s.current
    return (
        list(s.won),
        n_done,
        s.done_tricks[-1].winner if n_done else None,
        (tuple(s.hands[0]), tuple(s.hands[1])),
        (tuple(s.powers[0]), tuple(s.powers[1])),
        tuple(s.bur) if s.level == 4 else (),
        None
        if cur is None
        else (cur.lead, cur.card, cur.category, cur.base, cur.power is not None),
    )


def _rollout_ranks(
    s: Any, me: int, first: Mapping[str, Any] | None = None, start: tuple | None = None
) -> float:
    """Play a Play the Ranks world to its end with greedy policies and every card known
    (leads: the strongest card; follows: the cheapest winning card, else the weakest).
    ``first``: the data of a legal lead or follow to play first (as ``apply`` would);
    ``start``: :func:`_ranks_start` of ``s``."""
    from .ranks import EARLY, GAME, TRICKS

    if first is None:
        s = _advance_setup(GAME, s, False)
        if s.phase == "over":
            won, n_done = list(s.won), len(s.done_tricks)
            last = s.done_tricks[-1].winner if n_done else None
            return _objective(*_ranks_result(s, won, n_done, last, s.powers), me)
        start = None
    won, n_done, last, h, pw0, bur, trick = start or _ranks_start(s)
    won = won[:]
    hands = [list(h[0]), list(h[1])]
    powers = [list(pw0[0]), list(pw0[1])]
    bases = s.bases
    fixed = s.level > 2 and s.version == "ptr1"
    ptr2 = s.version == "ptr2"
    can_power = s.level > 2 and s.pulled is None
    lead = s.lead
    if first is not None:
        pid = first.get("power")
        if trick is None:  # a lead
            hands[lead].remove(first["card"])
            if pid:
                powers[lead].remove(pid)
            trick = (lead, first["card"], first["category"], first["base"], pid is not None)
        else:  # a follow
            tl, tc, tcat, tb, tp = trick
            f = 1 - tl
            fp = None
            if pid:
                pc = power_card(pid)
                fp = (pc.category, pc.base)
            bur_v = rules.bur(bur, tb) if bur else None
            win = rules.follow_wins(tc, first["card"], tcat, tb, tp, fp, first.get("change"), bur_v)
            hands[f].remove(first["card"])
            if pid:
                powers[f].remove(pid)
            last = f if win else tl
            won[last] += 1
            lead = last
            n_done += 1
            trick = None
    while max(won) < EARLY and n_done < TRICKS:
        left = TRICKS - n_done
        if trick is None:
            t = lead
            forced = can_power and powers[t] and left <= len(powers[t])
            b_opts = (bases[0] if n_done < 4 else bases[1],) if fixed else bases
            best = None
            if forced:
                cat = power_card(powers[t][0]).category
                for c in hands[t]:
                    for b in b_opts:
                        sc = _strength_c(c, cat, b)
                        if best is None or sc > best[0]:
                            best = (sc, c, cat, b)
            else:
                for c in hands[t]:
                    sc, cat, b = _best_lead_at(c, b_opts)
                    if best is None or sc > best[0]:
                        best = (sc, c, cat, b)
            assert best is not None
            _, c, cat, b = best
            hands[t].remove(c)
            if forced:
                powers[t].pop(0)
            trick = (t, c, cat, b, bool(forced))
        tl, tc, tcat, tb, tp = trick
        f = 1 - tl
        forced = can_power and powers[f] and left <= len(powers[f])
        best_win: tuple[float, str, str | None] | None = None
        best_lose: tuple[float, str, str | None] | None = None
        keys = search.keys(tcat, tb)
        lk = keys[tc]
        need = min(lk, search.BAD)
        # Each Power option as the keys and the bar it judges by (rules.follow_wins):
        # a protected lead (a Power lead, or better than the BUR) keeps its own.
        pw: list[tuple[str, dict[str, int], int]] = []
        if powers[f]:
            burk = search.bur_key(bur, tb) if bur else None
            prot = tp or (burk is not None and lk < search.BAD and lk < burk)
            for pid in powers[f]:
                _, pcat, pbase = search.power(pid)
                k2 = keys if prot else search.keys(pcat, tb)
                pw.append((pid, k2, min(k2[tc], search.BAD)))
                if ptr2 and pbase in bases and pbase != tb:
                    k3 = keys if prot else search.keys(tcat, pbase)
                    pw.append((pid, k3, min(k3[tc], search.BAD)))
        for c in hands[f]:
            val = _value(c, bases)
            if not forced:
                if keys[c] < need:
                    if best_win is None or val < best_win[0]:
                        best_win = (val, c, None)
                elif best_lose is None or val < best_lose[0]:
                    best_lose = (val, c, None)
            v = val + 0.5
            for pid, k2, bar in pw:
                if k2[c] < bar:
                    if best_win is None or v < best_win[0]:
                        best_win = (v, c, pid)
                elif best_lose is None or v < best_lose[0]:
                    best_lose = (v, c, pid)
        chosen = best_win or best_lose
        assert chosen is not None  # the follower holds a card: one of them is set
        _, c, pid = chosen
        hands[f].remove(c)
        if pid:
            powers[f].remove(pid)
        last = f if best_win else tl
        won[last] += 1
        lead = last
        n_done += 1
        trick = None
    return _objective(*_ranks_result(s, won, n_done, last, powers), me)


def _ranks_result(
    s: Any, won: list[int], n_done: int, last: int | None, powers: Sequence[Sequence[str]]
) -> tuple[int | None, bool, list[int]]:
    """(winner, bonus, won) by the rules of :func:`.ranks.outcome`."""
    early = max(won) >= 6 and n_done < 8
    if s.level > 2 and not early and s.pulled is None:
        failed = [bool(powers[0]), bool(powers[1])]
        if all(failed):
            return None, False, won
        if any(failed):
            w = failed.index(False)
            return w, won[w] >= 6, won
    if max(won) >= 5:
        w = 0 if won[0] > won[1] else 1
        return w, won[w] >= 6, won
    if s.pulled is not None:
        return 1 - s.pulled, False, won
    return last, False, won


def _advance_setup(game: Any, s: Any, zap: bool) -> Any:
    """Finish a world's setup (trades, discards, Pull the Power, GeoPlunging) with the
    simple heuristics, so that a playout can start from any phase."""
    while s.phase not in ("play", "over"):
        seat = min(game.to_move(s))
        moves = list(game.legal_moves(s, seat))
        kind = moves[0].kind
        if kind in ("discard", "trade"):
            if zap:
                m = max(moves, key=lambda m: (len(_zapped_by(m.data)), m.data))
            else:
                bases = s.bases or (1, 50)
                m = min(moves, key=lambda m: (_value(m.data, bases), m.data))
        else:
            m = next(m for m in moves if m.data is False)
        s = game.apply(s, m)
    return s


def _objective(w: int | None, bonus: bool, won: Sequence[int], me: int) -> float:
    """What the hard bot maximises: winning first, then the bonus, then tricks."""
    sign = 0 if w is None else (1 if w == me else -1)
    return sign * (1.0 + 0.3 * bonus) + 0.05 * (won[me] - won[1 - me])


def team(difficulty: str, seed: str) -> TrickBot:
    """This game's computer team in a match (``cardroom.games`` names it): seeded by the
    match's text ``seed`` for its game and team."""
    return make_bot(difficulty)

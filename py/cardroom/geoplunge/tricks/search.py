"""The hard bot's search: determinized Monte Carlo over worlds from ``resample``.

Each world the bot's :class:`~cardroom.core.BotContext` draws (``sample_world``: a state
the bot cannot tell from the real one) is copied into a few plain lists (hands, Power
cards, tricks won, the trick on the table). Every candidate move is then played out to
the end of the game in that world by fast policies that see every card of the world:

* Play the Ranks: the lead plays, when it has one, a card the other hand cannot beat
  (the least valuable such card), else throws its least valuable card; the other team
  wins with its cheapest winning card, else throws its least valuable card. Power
  cards are played as the rules require, and whenever one turns a trick.
* Play the Border Zap: each team plays as the medium bot does from what it knows in the
  world (R-176): the lead plays its card least likely to be zapped; the other team zaps
  with its zapper most likely to be zapped, else throws its card most likely to be
  zapped (``ZAP_ROLLOUT = "open"``: as if every card were face up instead). The Border
  Zap worlds are drawn from the view (:class:`ZapInfo`, R-175).

A rank is compared through one integer per (card, category, base) (:func:`keys`), so a
playout costs a few hundred integer comparisons. The candidate with the best mean
result over the same worlds wins (common random worlds).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from ..decks import power_card
from . import rules
from .common import CARDS

__all__ = [
    "RanksWorld",
    "ZapWorld",
    "card_value",
    "keys",
    "objective",
    "power",
    "repair",
    "unbeaten",
    "violations",
    "zappers",
]

POWER_COST = 0.3  # a Power card spent, in card values (0..1)
BAD = 1000  # keys at or above BAD: a card below a 10/20/30 base (it loses)


def _key(r: int, base: int) -> int:
    if base == 50:
        return 50 - r
    if base in rules.LOW_BASES and r < base:
        return BAD + base - r
    return r - base


@cache
def keys(category: str, base: int) -> dict[str, int]:
    """Card -> its rank's sort key in ``category`` at ``base`` (smaller is better; a
    card below a 10/20/30 base gets BAD or more). The other team beats a lead keyed
    ``lk`` with a card keyed ``fk`` exactly when ``fk < min(lk, BAD)`` (R-41)."""
    return {c: _key(rules.rank(c, category), base) for c in CARDS}


@cache
def bur_key(bur: tuple[str, ...], base: int) -> int | None:
    """The key of the Best Unprotected Ranking at ``base`` (None without BUR cards)."""
    r = rules.bur(bur, base)
    return None if r is None else _key(r, base)


@cache
def power(pid: str) -> tuple[str, str, int]:
    p = power_card(pid)
    return (pid, p.category, p.base)


@cache
def card_value(card: str, bases: tuple[int, ...]) -> float:
    """A card's worth to keep: the best share of the other 49 cards it beats in any
    category at any of ``bases``."""
    best = 0
    for cat in rules.CATEGORIES:
        for b in bases:
            k = keys(cat, b)
            mine = k[card]
            if mine >= BAD:
                continue
            best = max(best, sum(1 for c, v in k.items() if v > mine and c != card))
    return best / 49


@cache
def zappers(card: str) -> frozenset[str]:
    """The cards that zap ``card``."""
    return frozenset(c for c in CARDS if c != card and rules.zaps(card, c).zaps)


@cache
def zap_exposure(card: str) -> int:
    return len(zappers(card))


def unbeaten(view: Mapping[str, Any]) -> list[tuple[str, str | None, int | None]]:
    """The tricks this seat led and the other team lost as follower: (card, category,
    base) in Play the Ranks, (card, None, None) in the Border Zap. A team that could
    have won such a trick would have, so the cards it still holds most likely could
    not have (``violations`` counts the exceptions in a world)."""
    me = view.get("seat")
    out: list[tuple[str, str | None, int | None]] = []
    for t in view.get("tricks") or ():
        if t.get("lead") == me and t.get("follow") and t.get("winner") == me and t.get("card"):
            if view.get("game") == "border-zap":
                out.append((t["card"], None, None))
            elif not t.get("fpower"):
                out.append((t["card"], t["category"], t["base"]))
    return out


def violations(hand: Sequence[str], checks: Sequence[tuple[str, str | None, int | None]]) -> int:
    """How many of ``checks`` (:func:`unbeaten`) a hand of the other team contradicts."""
    bad = 0
    for card, cat, base in checks:
        if cat is None:
            z = zappers(card)
            bad += any(c in z for c in hand)
        else:
            k = keys(cat, base)
            need = min(k[card], BAD)
            bad += any(k[c] < need for c in hand)
    return bad


def repair(
    hand: Sequence[str],
    spare: Sequence[str],
    checks: Sequence[tuple[str, str | None, int | None]],
    rng: Any,
) -> list[str]:
    """``hand`` (of the other team, in a sampled world) with each card that contradicts
    ``checks`` swapped for a random card of ``spare`` (cards this seat has not seen and
    the world left outside that hand) that does not, so that the world agrees with every
    trick the other team could not win. Cards without a consistent swap stay."""
    out = list(hand)
    pool = [c for c in spare if c not in out and not violations((c,), checks)]
    rng.shuffle(pool)
    for i, c in enumerate(out):
        if pool and violations((c,), checks):
            out[i] = pool.pop()
    return out


def objective(w: int | None, bonus: bool, won: Sequence[int], me: int) -> float:
    """What the hard bot maximises: winning first, then the bonus, then tricks."""
    sign = 0 if w is None else (1 if w == me else -1)
    return sign * (1.0 + 0.2 * bonus) + 0.02 * (won[me] - won[1 - me])


# ------------------------------------------------------------------ Play the Ranks


class RanksWorld:
    """A Play the Ranks world in the play phase, as plain lists, for playouts."""

    __slots__ = (
        "bases",
        "burk",
        "can_power",
        "cur",
        "fixed",
        "forcing",
        "hands",
        "last",
        "lead",
        "level",
        "n_done",
        "powers",
        "ptr2",
        "pulled",
        "values",
        "won",
    )

    def __init__(self, s: Any | None = None) -> None:
        if s is None:
            return
        from .ranks import TRICKS

        self.level = s.level
        self.bases = tuple(s.bases)
        self.fixed = s.level > 2 and s.version == "ptr1"
        self.ptr2 = s.version == "ptr2"
        self.pulled = s.pulled
        self.can_power = s.level > 2 and s.pulled is None
        self.forcing = s.force_power
        bur = tuple(s.bur) if s.level == 4 else ()
        self.burk = {b: bur_key(bur, b) for b in rules.BASES} if bur else None
        self.hands = [list(s.hands[0]), list(s.hands[1])]
        self.powers = [[power(p) for p in s.powers[0]], [power(p) for p in s.powers[1]]]
        done = s.done_tricks
        self.won = list(s.won)
        self.n_done = len(done)
        self.last = done[-1].winner if done else None
        self.lead = s.lead
        cur = s.current
        self.cur = None if cur is None else (cur.lead, cur.card, cur.category, cur.base, cur.power)
        vals = {c: card_value(c, self.bases) for h in self.hands for c in h}
        self.values = vals
        for h in self.hands:
            h.sort(key=lambda c: (vals[c], c))
        assert self.n_done < TRICKS or s.phase == "over"

    def copy(self) -> RanksWorld:
        w = RanksWorld()
        w.level, w.bases, w.fixed, w.ptr2 = self.level, self.bases, self.fixed, self.ptr2
        w.pulled, w.can_power, w.forcing, w.burk = (
            self.pulled, self.can_power, self.forcing, self.burk
        )  # fmt: skip
        w.hands = [self.hands[0][:], self.hands[1][:]]
        w.powers = [self.powers[0][:], self.powers[1][:]]
        w.won, w.n_done, w.last, w.lead, w.cur = (
            self.won[:], self.n_done, self.last, self.lead, self.cur
        )  # fmt: skip
        w.values = self.values
        return w

    # -------------------------------------------------------------- rules

    def discard(self, t: int, card: str) -> None:
        self.hands[t].remove(card)

    def discard_rest(self) -> None:
        """Finish the discards: each team throws its least valuable cards down to 8."""
        for h in self.hands:
            del h[: max(0, len(h) - 8)]

    def over(self) -> bool:
        return max(self.won) >= 6 or self.n_done >= 8

    def must_power(self, t: int) -> bool:
        return bool(
            self.can_power
            and self.forcing
            and self.powers[t]
            and 8 - self.n_done <= len(self.powers[t])
        )

    def lead_bases(self) -> tuple[int, ...]:
        if self.fixed:
            return (self.bases[0] if self.n_done < 4 else self.bases[1],)
        return tuple(dict.fromkeys(self.bases))

    def protected(self, card: str, cat: str, base: int, power: Any) -> bool:
        if power is not None:
            return True
        if self.burk is None:
            return False
        bk = self.burk[base]
        lk = keys(cat, base)[card]
        return bk is not None and lk < BAD and lk < bk

    def follow_options(self, t: int, prot: bool, base: int) -> list[tuple[Any, str | None]]:
        """(power or None, change) choices of the other team ``t`` on this trick."""
        out: list[tuple[Any, str | None]] = []
        if not self.must_power(t):
            out.append((None, None))
        for p in self.powers[t]:
            out.append((p, "category"))
            if self.ptr2 and p[2] in self.bases and p[2] != base:
                out.append((p, "base"))
        return out if out else [(None, None)]

    def follow_wins(self, lead: tuple, card: str, power: Any, change: str | None) -> bool:
        _, lc, cat, base, lpower = lead
        if power is not None and not self.protected(lc, cat, base, lpower):
            if change == "base":
                base = power[2]
            else:
                cat = power[1]
        k = keys(cat, base)
        return k[card] < min(k[lc], BAD)

    def play_lead(self, card: str, cat: str, base: int, power: Any) -> None:
        t = self.lead
        self.hands[t].remove(card)
        if power is not None:
            self.powers[t].remove(power)
        self.cur = (t, card, cat, base, power)

    def play_follow(self, card: str, power: Any, change: str | None) -> None:
        lead = self.cur
        assert lead is not None
        f = 1 - lead[0]
        win = self.follow_wins(lead, card, power, change)
        self.hands[f].remove(card)
        if power is not None:
            self.powers[f].remove(power)
        w = f if win else lead[0]
        self.won[w] += 1
        self.last = self.lead = w
        self.n_done += 1
        self.cur = None

    def result(self) -> tuple[int | None, bool, list[int]]:
        """(winner, bonus, won) by the rules of :func:`.ranks.outcome` (R-48, R-49)."""
        won = self.won
        early = max(won) >= 6 and self.n_done < 8
        if self.level > 2 and not early and self.pulled is None:
            failed = [bool(self.powers[0]), bool(self.powers[1])]
            if all(failed):
                return None, False, won
            if any(failed):
                w = failed.index(False)
                return w, won[w] >= 6, won
        if max(won) >= 5:
            w = 0 if won[0] > won[1] else 1
            return w, won[w] >= 6, won
        if self.pulled is not None:
            return 1 - self.pulled, False, won
        return self.last, False, won

    # -------------------------------------------------------------- policies

    def policy_lead(self) -> tuple[str, str, int, Any]:
        t = self.lead
        hand, opp = self.hands[t], self.hands[1 - t]  # hands run from the least valuable
        forced = self.must_power(t)
        bases = self.lead_bases()
        opp_powers = self.powers[1 - t] if self.can_power else ()
        ptr2 = self.ptr2
        tops: dict[tuple[str, int], int] = {}

        def top(cat: str, b: int) -> int:
            """The other hand's best key in ``cat`` at ``b``."""
            got = tops.get((cat, b))
            if got is None:
                k = keys(cat, b)
                got = tops[cat, b] = min([k[o] for o in opp], default=BAD)
            return got

        for c in hand:
            if not forced:
                for b in bases:
                    for cat in rules.CATEGORIES:
                        if top(cat, b) < min(keys(cat, b)[c], BAD):
                            continue
                        if opp_powers and not self.protected(c, cat, b, None):
                            beaten = False
                            for p in opp_powers:
                                if top(p[1], b) < min(keys(p[1], b)[c], BAD):
                                    beaten = True
                                    break
                                other = ptr2 and p[2] != b and p[2] in self.bases
                                if other and top(cat, p[2]) < min(keys(cat, p[2])[c], BAD):
                                    beaten = True
                                    break
                            if beaten:
                                continue
                        return c, cat, b, None
            for p in self.powers[t]:
                for b in bases:
                    if top(p[1], b) >= min(keys(p[1], b)[c], BAD):
                        return c, p[1], b, p
        # Nothing holds: throw the least valuable card (with a Power card if forced).
        c = hand[0]
        b = bases[0]
        if forced:
            p = self.powers[t][0]
            return c, p[1], b, p
        cat = min(rules.CATEGORIES, key=lambda k: keys(k, b)[c])
        return c, cat, b, None

    def policy_follow(self) -> tuple[str, Any, str | None]:
        lead = self.cur
        assert lead is not None
        f = 1 - lead[0]
        hand = self.hands[f]  # from the least valuable
        _, lc, cat, base, lpower = lead
        forced = self.must_power(f)
        plain = None
        if not forced:
            k = keys(cat, base)
            need = min(k[lc], BAD)
            plain = next((c for c in hand if k[c] < need), None)
        powers = self.powers[f]
        if powers and not self.protected(lc, cat, base, lpower):
            vals = self.values
            limit = vals[plain] - POWER_COST if plain is not None else 2.0
            for c in hand:
                if vals[c] >= limit:
                    break
                for p in powers:
                    if self.follow_wins(lead, c, p, "category"):
                        return c, p, "category"
                    other = self.ptr2 and p[2] != base and p[2] in self.bases
                    if other and self.follow_wins(lead, c, p, "base"):
                        return c, p, "base"
        if plain is not None:
            return plain, None, None
        if forced:
            return hand[0], powers[0], "category"
        return hand[0], None, None

    def playout(self, me: int) -> float:
        while not self.over():
            if self.cur is None:
                self.play_lead(*self.policy_lead())
            self.play_follow(*self.policy_follow())
        return objective(*self.result(), me)


# ------------------------------------------------------------------ Border Zap


#: Card -> its bit (Border Zap knowledge as bit masks).
BIT = {c: 1 << i for i, c in enumerate(CARDS)}
ALL = (1 << len(CARDS)) - 1


def mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


@cache
def zap_mask(card: str) -> int:
    """The cards that zap ``card``, as a bit mask."""
    return mask(zappers(card))


#: Border Zap playouts: ``"medium"`` plays both teams as the medium bot does, each from
#: what that team knows in the world (its hand, the cards it gave, the face-up cards,
#: the tricks); ``"open"`` plays them as if every card were face up.
ZAP_ROLLOUT = "medium"


class ZapWorld:
    """A Play the Border Zap world in the play phase, as plain lists.

    Besides the hands it keeps, per team, what that team knows of the other hand (the
    cards it gave in the trades and the other team's face-up cards: ``known``) and the
    cards it has not seen (``base``, less the cards played since: ``played``), so that a
    playout can move each team the way the medium bot would from that team's view."""

    __slots__ = (
        "base", "cur", "disc", "hands", "known", "last", "lead", "n_done", "played", "won"
    )  # fmt: skip

    def __init__(self, s: Any | None = None) -> None:
        if s is None:
            return
        self.hands = [list(s.hands[0]), list(s.hands[1])]
        self.disc = [len(s.discards[0]), len(s.discards[1])]
        done = s.done_tricks
        self.won = list(s.won)
        self.n_done = len(done)
        self.last = done[-1].winner if done else None
        self.lead = s.lead
        cur = s.current
        self.cur = None if cur is None else (cur.lead, cur.card)
        played = mask(t.card for t in s.tricks) | mask(t.follow for t in done)
        faceup = [mask(s.faceup(0)), mask(s.faceup(1))]
        traded = mask(c for tr in s.trades for c in tr)
        self.played = played
        self.known = [mask(tr[t] for tr in s.trades) | faceup[1 - t] for t in (0, 1)]
        seen = faceup[0] | faceup[1] | traded | played
        self.base = [
            ALL & ~(seen | mask(s.hands[t]) | mask(s.discards[t])) for t in (0, 1)
        ]  # fmt: skip

    def copy(self) -> ZapWorld:
        w = ZapWorld()
        w.hands = [self.hands[0][:], self.hands[1][:]]
        w.won, w.n_done, w.last, w.lead, w.cur = (
            self.won[:], self.n_done, self.last, self.lead, self.cur
        )  # fmt: skip
        w.disc, w.played, w.known, w.base = self.disc[:], self.played, self.known, self.base
        return w

    def set_hand(self, t: int, cards: list[str]) -> None:
        """Give team ``t`` the hand ``cards`` instead (of as many cards; see :func:`repair`)."""
        base = self.base[:]
        base[t] = (base[t] | mask(self.hands[t])) & ~mask(cards)
        self.base = base
        self.hands[t] = list(cards)

    def discard(self, t: int, card: str) -> None:
        self.hands[t].remove(card)
        self.disc[t] += 1

    def discard_rest(self) -> None:
        """Finish the discards: each team throws its riskiest cards down to 6."""
        for t, h in enumerate(self.hands):
            while len(h) > 6:
                if ZAP_ROLLOUT == "medium":
                    risk = self.risk(t)
                    h.remove(max(h, key=lambda x: (risk(x), x)))
                else:
                    h.remove(max(h, key=lambda x: (zap_exposure(x), x)))
                self.disc[t] += 1

    def over(self) -> bool:
        return self.n_done >= 6 or (min(self.won) == 0 and max(self.won) == 5)

    def play_lead(self, card: str) -> None:
        self.hands[self.lead].remove(card)
        self.cur = (self.lead, card)
        self.played |= BIT[card]

    def play_follow(self, card: str) -> None:
        assert self.cur is not None
        tl, tc = self.cur
        f = 1 - tl
        self.hands[f].remove(card)
        self.played |= BIT[card]
        w = f if card in zappers(tc) else tl
        self.won[w] += 1
        self.last = self.lead = w
        self.n_done += 1
        self.cur = None

    def risk(self, t: int) -> Any:
        """The medium bot's zap risk of a card, from team ``t``'s knowledge: the known
        cards of the other hand that zap it, plus the unseen ones times the chance that
        an unseen card is in that hand (bots.py ``_zap_risk``)."""
        played = self.played
        known = self.known[t] & ~played
        unseen = self.base[t] & ~played
        n_opp = len(self.hands[1 - t]) + self.disc[1 - t]
        p = max(0, n_opp - known.bit_count()) / max(1, unseen.bit_count())

        def risk(c: str) -> float:
            z = zap_mask(c)
            return (z & known).bit_count() + p * (z & unseen).bit_count()

        return risk

    def policy_lead(self) -> str:
        t = self.lead
        if ZAP_ROLLOUT == "medium":
            risk = self.risk(t)
            return min(self.hands[t], key=lambda x: (risk(x), x))
        opp = set(self.hands[1 - t])
        return min(self.hands[t], key=lambda x: (bool(zappers(x) & opp), -zap_exposure(x), x))

    def policy_follow(self) -> str:
        assert self.cur is not None
        tl, tc = self.cur
        z = zappers(tc)
        hand = self.hands[1 - tl]
        zs = [c for c in hand if c in z]
        if ZAP_ROLLOUT == "medium":
            risk = self.risk(1 - tl)
            return max(zs or hand, key=lambda x: (risk(x), x))
        return max(zs or hand, key=lambda x: (zap_exposure(x), x))

    def result(self) -> tuple[int | None, bool, list[int]]:
        won = self.won
        if max(won) >= 4:
            w = 0 if won[0] > won[1] else 1
            return w, won[w] >= 5, won
        return self.last, False, won

    def playout(self, me: int) -> float:
        while not self.over():
            if self.cur is None:
                self.play_lead(self.policy_lead())
            self.play_follow(self.policy_follow())
        return objective(*self.result(), me)


# ------------------------------------------------------------------ Border Zap worlds


class ZapInfo:
    """What one seat's view of a Border Zap game in its discard or play phase tells: the
    cards the other team certainly got (the cards this seat gave, its face-up cards), the
    cards it played, the unseen cards, and the other team's past choices in the tricks.

    :meth:`world` draws the other team's hand from that view the way ``resample`` does
    (its 4 kept dealt cards are the ones it has played plus unseen cards drawn at random;
    its discards are drawn from its unplayed cards); :meth:`surprise` counts the other
    team's past choices that a world does not explain."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        me = view["seat"]
        opp = 1 - me
        self.me, self.opp = me, opp
        tricks = [t for t in view.get("tricks") or ()]
        faceup: list[list[str]] = [list(f) for f in view.get("faceup") or ((), ())]
        trades = [list(t) for t in view.get("trades") or ()]
        gave = [tr[me] for tr in trades]  # now the other team's
        opp_played: list[str] = []
        played: list[str] = []
        for t in tricks:
            played.append(t["card"])
            if t["lead"] == opp:
                opp_played.append(t["card"])
            if t.get("follow"):
                played.append(t["follow"])
                if t["lead"] != opp:
                    opp_played.append(t["follow"])
        certain = set(gave) | set(faceup[opp])
        self.hand = list(view["hand"])
        self.originals = [c for c in opp_played if c not in certain]
        self.certain = sorted(certain)
        self.played_set = set(played)
        seen = set(self.hand) | set(view.get("discards") or ()) | set(played)
        seen |= {c for f in faceup for c in f} | {c for tr in trades for c in tr}
        self.pool = [c for c in CARDS if c not in seen]
        counts = view.get("hand_counts") or [6, 6]
        dcounts = view.get("discard_counts") or [0, 0]
        self.n_hand = counts[opp]
        self.n_disc = dcounts[opp]
        self.my_disc = dcounts[me]
        self.kept = 2 * (3 - 1)  # dealt cards each team keeps through the two trades
        done = [t for t in tricks if t.get("follow")]
        self.won = [0, 0]
        for t in done:
            self.won[t["winner"]] += 1
        self.n_done = len(done)
        self.last = done[-1]["winner"] if done else None
        cur = tricks[-1] if tricks and not tricks[-1].get("follow") else None
        self.cur = None if cur is None else (cur["lead"], cur["card"])
        self.lead = view.get("lead")
        self.played = mask(played)
        fu = [mask(faceup[0]), mask(faceup[1])]
        traded = mask(c for tr in trades for c in tr)
        self.public = fu[0] | fu[1] | traded
        self.known = [mask(tr[t] for tr in trades) | fu[1 - t] for t in (0, 1)]
        self.my_base = ALL & ~(
            self.public | self.played | mask(self.hand) | mask(view.get("discards") or ())
        )
        # The other team's choices in the tricks: (lead?, card, cards played before it
        # (with the lead card when following), its cards played from then on, the lead).
        self.choices: list[tuple[bool, str, int, int, int, str | None]] = []
        before = 0
        mine_before = 0
        for i, t in enumerate(tricks):
            later = 0
            for u in tricks[i:]:
                if u["lead"] == opp:
                    later |= BIT[u["card"]]
                elif u.get("follow"):
                    later |= BIT[u["follow"]]
            if t["lead"] == opp:
                self.choices.append((True, t["card"], before, later, mine_before, None))
            elif t.get("follow"):
                mine = mine_before | BIT[t["card"]]
                self.choices.append(
                    (False, t["follow"], before | BIT[t["card"]], later, mine, t["card"])
                )
            before |= BIT[t["card"]]
            if t["lead"] == me:
                mine_before |= BIT[t["card"]]
            if t.get("follow"):
                before |= BIT[t["follow"]]
                if t["lead"] != me:
                    mine_before |= BIT[t["follow"]]

    def world(self, rng: Any) -> tuple[ZapWorld, int]:
        """A world drawn at random from this view, with the other team's discards (mask)."""
        need = self.kept - len(self.originals)
        drawn = rng.sample(self.pool, need) if need > 0 else []
        cards = [c for c in (*self.certain, *self.originals, *drawn) if c not in self.played_set]
        rng.shuffle(cards)
        hand = cards[: self.n_hand]
        w = ZapWorld()
        me, opp = self.me, self.opp
        hands: list[list[str]] = [[], []]
        hands[me] = list(self.hand)
        hands[opp] = hand
        w.hands = hands
        disc = [0, 0]
        disc[me], disc[opp] = self.my_disc, self.n_disc
        w.disc = disc
        w.won, w.n_done, w.last, w.lead, w.cur = (
            self.won[:], self.n_done, self.last, self.lead, self.cur
        )  # fmt: skip
        w.played = self.played
        w.known = self.known
        gone = mask(cards[self.n_hand :])
        base = [0, 0]
        base[me] = self.my_base
        base[opp] = ALL & ~(self.public | self.played | mask(hand) | gone)
        w.base = base
        return w, gone

    def surprise(self, w: ZapWorld, gone: int) -> int:
        """How many of the other team's choices in the tricks differ from what the medium
        bot (``bots._zap_risk``: lead the safest card, zap with or throw the riskiest)
        would have chosen in world ``w`` (R-175)."""
        opp = self.opp
        now = mask(w.hands[opp])
        bad = 0
        for lead, card, before, later, mine, led in self.choices:
            hand = now | later
            known = self.known[opp] & ~before
            unseen = ALL & ~(self.public | before | hand | gone)
            n = KEEP_ZAP - mine.bit_count() + self.my_disc
            p = max(0, n - known.bit_count()) / max(1, unseen.bit_count())
            scored = [
                ((zap_mask(c) & known).bit_count() + p * (zap_mask(c) & unseen).bit_count(), c)
                for c in CARDS
                if hand & BIT[c]
            ]
            if lead:
                best = min(scored)[1]
            else:
                assert led is not None
                z = zappers(led)
                best = max([x for x in scored if x[1] in z] or scored)[1]
            bad += best != card
        return bad


KEEP_ZAP = 6

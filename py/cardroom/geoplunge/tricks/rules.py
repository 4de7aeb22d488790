"""The trick rules of GeoPlunge Game 4, as pure functions of cards (no game state).

* :func:`rank` -- a state's rank in a category (2020 Census for population, R-40).
* :func:`better` / :func:`key` -- which rank is better at a base (1, 10, 20, 30, 50).
* :func:`bur` -- the Best Unprotected Ranking of the BUR cards at a base (R-44).
* :func:`judge` -- who wins a Play the Ranks trick, with Power cards, protection,
  "Change the Base", and the one-line reason a screen or the referee prints.
* :func:`zaps` -- does a card zap the lead's card in Play the Border Zap, and by which rule.

The engines (:mod:`.ranks`, :mod:`.zap`) and ``cardroom referee`` use these, so a
dispute at a real table is settled by the same code that judges a game on screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from ... import atlas

__all__ = [
    "BASES",
    "CATEGORIES",
    "LOW_BASES",
    "TrickJudgement",
    "ZapJudgement",
    "better",
    "bur",
    "card_name",
    "judge",
    "key",
    "protected",
    "rank",
    "ranks",
    "zaps",
]

#: The bases a Play the Ranks trick may use (Level 2 uses only 1 and 50).
BASES = (1, 10, 20, 30, 50)
#: Bases below which a card automatically loses the trick.
LOW_BASES = (10, 20, 30)
#: The three categories, in the order the cards print them.
CATEGORIES = ("size", "statehood", "population")


@cache
def ranks() -> dict[str, dict[str, int]]:
    """Postal code -> category -> rank (1..50). Population is the 2020 Census (R-40)."""
    return {
        s.code: {
            "size": s.area_rank,
            "statehood": s.statehood_rank,
            "population": s.population_rank,
        }
        for s in atlas.states()
    }


def rank(code: str, category: str) -> int:
    """``code``'s rank in ``category`` (KeyError for an unknown state or category)."""
    return ranks()[code][category]


def card_name(code: str) -> str:
    return atlas.by_code()[code].name


def key(r: int, base: int) -> tuple[int, int]:
    """Sort key of rank ``r`` at ``base``: smaller is better. Ranks below a 10/20/30 base
    come after every rank at or above it (they lose automatically)."""
    if base == 50:
        return (0, 50 - r)
    if r < base:
        return (1, base - r)
    return (0, r - base)


def valid(r: int, base: int) -> bool:
    """False when ``r`` is below a 10, 20 or 30 base (such a card loses the trick)."""
    return base not in LOW_BASES or r >= base


def better(a: int, b: int, base: int) -> bool:
    """Is rank ``a`` strictly better than rank ``b`` at ``base``?"""
    return key(a, base) < key(b, base)


def bur(cards: Iterable[str], base: int) -> int | None:
    """The Best Unprotected Ranking: the best rank, in any category, on the BUR cards at
    ``base`` (R-44); None without BUR cards."""
    rs = [rank(c, cat) for c in cards for cat in CATEGORIES]
    return min(rs, key=lambda r: key(r, base)) if rs else None


def protected(
    lead_card: str,
    category: str,
    base: int,
    *,
    lead_power: bool,
    bur_cards: Iterable[str] = (),
) -> bool:
    """Is the lead's card protected from the other team's Power card? Yes when the lead
    played a Power card, or when its rank in the announced category at the announced base
    is strictly better than the BUR (Level 4 only: pass the BUR cards) (R-44, R-45)."""
    if lead_power:
        return True
    b = bur(tuple(bur_cards), base)
    if b is None:
        return False
    r = rank(lead_card, category)
    return valid(r, base) and better(r, b, base)


def follow_wins(
    lead_card: str,
    follow_card: str,
    category: str,
    base: int,
    lead_power: bool,
    follow_power: tuple[str, int] | None,
    change: str | None,
    bur_value: int | None,
) -> bool:
    """:func:`judge` without the explanation, for search: does the other team win?
    ``bur_value`` is :func:`bur` of the BUR cards at ``base`` (None without BUR)."""
    if follow_power is not None and not lead_power:
        r = ranks()[lead_card][category]
        prot = bur_value is not None and valid(r, base) and key(r, base) < key(bur_value, base)
        if not prot:
            if change == "base":
                base = follow_power[1]
            else:
                category = follow_power[0]
    t = ranks()
    lr, fr = t[lead_card][category], t[follow_card][category]
    lk, fk = key(lr, base), key(fr, base)
    if lk[0] and fk[0]:
        return False
    return fk < lk


@dataclass(frozen=True, slots=True)
class TrickJudgement:
    """Who won a Play the Ranks trick and why."""

    winner: str  # "lead" | "follow"
    category: str  # the category used (after any change)
    base: int  # the base used (after any change)
    lead_rank: int
    follow_rank: int
    protected: bool
    changed: str | None  # "category" | "base" when the follower's Power card took effect
    reason: str

    def to_json(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "category": self.category,
            "base": self.base,
            "lead_rank": self.lead_rank,
            "follow_rank": self.follow_rank,
            "protected": self.protected,
            "changed": self.changed,
            "reason": self.reason,
        }


def judge(
    lead_card: str,
    follow_card: str,
    category: str,
    base: int,
    *,
    lead_power: bool = False,
    follow_power: tuple[str, int] | None = None,
    change: str | None = None,
    bur_cards: Iterable[str] = (),
) -> TrickJudgement:
    """Judge one trick.

    ``category`` and ``base`` are what the lead announced (the lead's Power card's
    category if it played one). ``follow_power`` is the follower's Power card as
    ``(category, base)``; ``change`` is ``"category"`` (the default when a Power card is
    played) or ``"base"`` ("Change the Base", PTR2). A protected lead card (R-44, R-45)
    ignores the follower's Power card; otherwise the category (or the base) changes.
    Then the better rank at the base wins; at a 10/20/30 base a card below the base loses,
    and if both are below, the lead wins (R-41).
    """
    bur_cards = tuple(bur_cards)
    prot = protected(lead_card, category, base, lead_power=lead_power, bur_cards=bur_cards)
    used_cat, used_base, changed = category, base, None
    if follow_power is not None and not prot:
        p_cat, p_base = follow_power
        if (change or "category") == "base":
            if p_base != base:
                used_base, changed = p_base, "base"
        elif p_cat != category:
            used_cat, changed = p_cat, "category"
    lr, fr = rank(lead_card, used_cat), rank(follow_card, used_cat)
    lv, fv = valid(lr, used_base), valid(fr, used_base)
    if not lv and not fv:
        winner = "lead"
    elif lv != fv:
        winner = "lead" if lv else "follow"
    else:
        winner = "lead" if better(lr, fr, used_base) else "follow"
    reason = _reason(lead_card, follow_card, used_cat, used_base, lr, fr, winner, prot, changed)
    if follow_power is not None and prot:
        # the other team's Power card changed nothing: say what stayed, and why
        why = "the lead's Power card" if lead_power else "a rank better than the BUR"
        kept = f"base stayed {base}" if change == "base" else f"category stayed {category}"
        reason += f" (the {kept}: {card_name(lead_card)} was protected by {why})"
    return TrickJudgement(winner, used_cat, used_base, lr, fr, prot, changed, reason)


def _reason(
    lead: str,
    follow: str,
    cat: str,
    base: int,
    lr: int,
    fr: int,
    winner: str,
    prot: bool,
    changed: str | None,
) -> str:
    head = f"{cat.capitalize()}, base {base}: "
    if changed == "category":
        head = f"Power card changed the category. {head}"
    elif changed == "base":
        head = f"Power card changed the base. {head}"
    ln, fn = card_name(lead), card_name(follow)
    lv, fv = valid(lr, base), valid(fr, base)
    if not lv and not fv:
        return head + f"{ln} ({lr}) and {fn} ({fr}) are both below the base; the lead wins"
    if not lv:
        return head + f"{ln} ({lr}) is below the base and loses"
    if not fv:
        return head + f"{fn} ({fr}) is below the base and loses"
    w, wr, lo, lor = (ln, lr, fn, fr) if winner == "lead" else (fn, fr, ln, lr)
    return head + f"{w} ({wr}) beats {lo} ({lor})"


# ------------------------------------------------------------------ Border Zap


@dataclass(frozen=True, slots=True)
class ZapJudgement:
    zaps: bool
    rule: str | None  # "borders" | "shares" | "count"
    common: tuple[str, ...]  # shared border states ("shares")
    reason: str

    def to_json(self) -> dict[str, object]:
        return {
            "zaps": self.zaps,
            "rule": self.rule,
            "common": list(self.common),
            "reason": self.reason,
        }


@lru_cache(maxsize=4096)
def zaps(lead: str, follow: str) -> ZapJudgement:
    """Does ``follow`` zap ``lead``? It does when it borders it, shares a border state
    with it, or has as many border states (so Alaska and Hawaii zap each other, R-50)."""
    g = atlas.borders()
    ln, fn = card_name(lead), card_name(follow)
    if follow in g[lead] or lead in g[follow]:
        return ZapJudgement(True, "borders", (), f"{fn} zaps {ln}: they border each other")
    common = tuple(sorted(g[lead] & g[follow]))
    if common:
        names = " and ".join(card_name(c) for c in common[:2])
        more = f" (and {len(common) - 2} more)" if len(common) > 2 else ""
        return ZapJudgement(True, "shares", common, f"{fn} zaps {ln}: both border {names}{more}")
    n, m = len(g[lead]), len(g[follow])
    if n == m:
        return ZapJudgement(
            True, "count", (), f"{fn} zaps {ln}: both have {n} border state{'s' * (n != 1)}"
        )
    return ZapJudgement(
        False,
        None,
        (),
        f"{fn} does not zap {ln}: no common border, {m} border state{'s' * (m != 1)} against {n}",
    )

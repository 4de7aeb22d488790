"""Score oracles for the trick games, written from the rule books, not from the engine.

Each oracle replays a playout's moves on its own bookkeeping (who holds the lead, which
Power cards were played, tricks won) and judges every trick with its own rank
comparison, read straight from ``data/states.json`` and ``data/power_deck.json``. From
the engine's final state it takes only the deal (the statehood pick, the cards in deal
order), never a result.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

CATS = {"size": "area_rank", "statehood": "statehood_rank", "population": "population_rank"}


@cache
def _states() -> dict[str, dict[str, Any]]:
    raw = resources.files("cardroom").joinpath("data/states.json").read_text("utf-8")
    return {s["code"]: s for s in json.loads(raw)}


@cache
def _powers() -> dict[str, dict[str, Any]]:
    raw = resources.files("cardroom").joinpath("data/power_deck.json").read_text("utf-8")
    return {p["id"]: p for p in json.loads(raw)}


def _rank(code: str, cat: str) -> int:
    return _states()[code][CATS[cat]]


def _ok(r: int, base: int) -> bool:
    """At 10, 20 and 30, a rank smaller than the base loses."""
    return base in (1, 50) or r >= base


def _beats(a: int, b: int, base: int) -> bool:
    """Does rank ``a`` beat rank ``b`` at ``base`` (both at or above the base)?"""
    if base == 50:
        return a > b  # 50 best, then 49, 48...
    return a - base < b - base


def _bur(cards: list[str], base: int) -> int | None:
    """Best rank on the BUR cards for this base, in any category."""
    ranks = [_rank(c, cat) for c in cards for cat in CATS]
    if not ranks:
        return None
    good = [r for r in ranks if _ok(r, base)]
    if not good:
        return -1  # every BUR rank is below the base: any valid lead beats it
    best = good[0]
    for r in good[1:]:
        if _beats(r, best, base):
            best = r
    return best


def _lead_wins(lead: str, follow: str, cat: str, base: int) -> bool:
    lr, fr = _rank(lead, cat), _rank(follow, cat)
    if not _ok(lr, base):
        return not _ok(fr, base)  # both below the base: the lead wins
    if not _ok(fr, base):
        return True
    return _beats(lr, fr, base)


def _first(options: dict[str, Any], final: Any) -> int:
    carry = (options.get("carry") or {}).get("winner")
    if carry is not None:
        return carry
    a, b = final.pick
    return 0 if _states()[a]["statehood_rank"] < _states()[b]["statehood_rank"] else 1


def _table(winner: int | None, bonus: bool, plunged: list[bool]) -> tuple[int, int]:
    if winner is None:
        return (5, 5)
    pts = [0, 0]
    pts[winner] = 10 + (10 if bonus else 0) + 10 * sum(plunged)
    return (pts[0], pts[1])


def ranks_points(game: Any, playout: Any) -> tuple[int, int]:
    """Play the Ranks, every level and version."""
    opts, final = playout.options, playout.final
    level = opts.get("level", 2)
    bur_n, bur_cards, pulled = 2, [], None
    plunged = [False, False]
    dealt_powers = [0, 0]
    if level > 2:
        dealt_powers = [2, 2]
    lead = _first(opts, final)
    won = [0, 0]
    played_powers = [0, 0]
    pending: dict[str, Any] | None = None
    last = None
    for m in playout.moves:
        d = m.data
        if m.kind == "up":
            bur_n = d
        elif m.kind == "arrange":
            bur_cards = list(final.order[18 : 18 + bur_n])
        elif m.kind == "pull" and d:
            pulled = m.seat
        elif m.kind == "plunge":
            plunged[m.seat] = d
        elif m.kind == "lead":
            assert m.seat == lead, "a lead by the wrong team"
            pending = dict(d)
            if "power" in d:
                played_powers[m.seat] += 1
                assert _powers()[d["power"]]["category"] == d["category"]
        elif m.kind == "follow":
            assert pending is not None and m.seat == 1 - lead
            cat, base = pending["category"], pending["base"]
            if "power" in d:
                played_powers[m.seat] += 1
                p = _powers()[d["power"]]
                protected = "power" in pending
                if not protected and level == 4 and bur_cards:
                    b = _bur(bur_cards, base)
                    r = _rank(pending["card"], cat)
                    protected = _ok(r, base) and (b == -1 or _beats(r, b, base))
                if not protected:
                    if d["change"] == "base":
                        base = p["base"]
                    else:
                        cat = p["category"]
            lead_wins = _lead_wins(pending["card"], d["card"], cat, base)
            last = lead if lead_wins else 1 - lead
            won[last] += 1
            lead = last
            pending = None
    n = won[0] + won[1]
    early = max(won) >= 6 and n < 8
    assert early or n == 8, f"the game stopped after {n} tricks at {won}"
    if level > 2 and not early and pulled is None:
        failed = [played_powers[t] < dealt_powers[t] for t in (0, 1)]
        if all(failed):
            return _table(None, False, plunged)
        if any(failed):
            w = failed.index(False)
            return _table(w, won[w] >= 6, plunged)
    if won[0] >= 5 or won[1] >= 5:
        w = 0 if won[0] > won[1] else 1
        return _table(w, won[w] >= 6, plunged)
    if pulled is not None:
        return _table(1 - pulled, False, plunged)
    return _table(last, False, plunged)


@cache
def _borders() -> dict[str, frozenset[str]]:
    g = {c: set(s["borders"]) for c, s in _states().items()}
    for c, ns in list(g.items()):
        for n in ns:
            g[n].add(c)
    return {c: frozenset(v) for c, v in g.items()}


def zap(lead: str, follow: str) -> bool:
    """The three zap conditions of the Level 4 book."""
    g = _borders()
    return follow in g[lead] or bool(g[lead] & g[follow]) or len(g[lead]) == len(g[follow])


def zap_points(game: Any, playout: Any) -> tuple[int, int]:
    """Play the Border Zap, Levels 3 and 4."""
    opts, final = playout.options, playout.final
    lead = _first(opts, final)
    won = [0, 0]
    plunged = [False, False]
    pending = None
    last = None
    for m in playout.moves:
        if m.kind == "plunge":
            plunged[m.seat] = m.data
        elif m.kind == "lead":
            assert m.seat == lead
            pending = m.data["card"]
        elif m.kind == "follow":
            assert pending is not None and m.seat == 1 - lead
            last = m.seat if zap(pending, m.data["card"]) else lead
            won[last] += 1
            lead = last
            pending = None
    n = won[0] + won[1]
    assert n == 6 or sorted(won) == [0, 5], f"the game stopped at {won}"
    if max(won) >= 4:
        w = 0 if won[0] > won[1] else 1
        return _table(w, won[w] >= 5, plunged)
    return _table(last, False, plunged)

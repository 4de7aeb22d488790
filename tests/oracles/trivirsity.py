"""An independent score oracle for Tri-Virsity hands.

It re-deals the hand from the seed with its own copy of the deck (built from the rule
book's decoded letter table), replays the moves with its own bookkeeping (no rule
checks from the engine, its own dictionary reader for challenges, its own solitaire
hand), and scores each seat: cards it owns on the table minus cards in hand, +10 for
going out (doubled when every card it played is of one suit), +500 for TRI-VIRSITY,
minus 25 per lost challenge; team points add partners and the carried scores.
"""

from __future__ import annotations

import gzip
from functools import lru_cache
from pathlib import Path
from typing import Any

from cardroom.core import Rng

LETTERS = {  # letter: (cards per suit, points) -- the decoded table of the rule book
    "A": (3, 5),
    "B": (1, 10),
    "C": (1, 10),
    "D": (2, 5),
    "E": (4, 5),
    "F": (1, 10),
    "G": (1, 5),
    "H": (1, 10),
    "I": (3, 5),
    "J": (1, 15),
    "K": (1, 10),
    "L": (1, 5),
    "M": (1, 10),
    "N": (1, 5),
    "O": (3, 5),
    "P": (1, 10),
    "Q": (1, 15),
    "R": (2, 5),
    "S": (2, 5),
    "T": (2, 5),
    "U": (2, 5),
    "V": (1, 10),
    "W": (1, 10),
    "X": (1, 15),
    "Y": (2, 5),
    "Z": (1, 15),
}
SUITS = "RGO"
PRESETS = {
    "standard": (10, 3),
    "four": (12, 4),
    "five": (15, 5),
    "beginner": (8, 2),
    "few-wilds": (10, 3),
    "solitaire": (10, 3),
}


@lru_cache(maxsize=1)
def dictionary() -> frozenset[str]:
    path = Path(__file__).resolve().parents[2] / "py" / "cardroom" / "data" / "enable1.txt.gz"
    return frozenset(gzip.decompress(path.read_bytes()).decode().split())


def points(card: str) -> int:
    if card.startswith("**"):
        return 25
    if card[1] == "*":
        return 20
    return LETTERS[card[1]][1]


def suit(card: str) -> str | None:
    return None if card[0] == "*" else card[0]


def oracle_deck(suit_wilds: int, tri_wilds: int) -> list[str]:
    out = []
    for s in SUITS:
        for letter, (n, _) in LETTERS.items():
            out += [f"{s}{letter}{i + 1}" for i in range(n)]
        out += [f"{s}*{i + 1}" for i in range(suit_wilds)]
    return out + [f"**{i + 1}" for i in range(tri_wilds)]


def _solitaire_drop(cards: list[str]) -> str:
    order = {c: i for i, c in enumerate(oracle_deck(2, 3))}
    by = {s: [c for c in cards if c[0] == s] for s in SUITS}
    big = [s for s in SUITS if len(by[s]) > 5]
    if big:
        pick = big[0]
    else:
        pick = min(
            (s for s in SUITS if by[s]),
            key=lambda s: (len(by[s]), sum(map(points, by[s])), SUITS.index(s)),
        )
    return min(by[pick], key=lambda c: (points(c), order[c]))


def hand_points(seed: int, options: dict[str, Any], moves: list[Any]) -> tuple[int, ...]:
    """Points per team after ``moves`` (Move objects) from ``new(seed, **options)``."""
    variant = options.get("variant", "standard")
    solo = variant == "solitaire"
    n = 1 if solo else options.get("players", 2)
    teams = options.get("teams", False)
    deal0, min0 = PRESETS[variant]
    deal = options.get("deal", deal0)
    deal = [deal] * n if isinstance(deal, int) else list(deal)
    few = variant == "few-wilds"
    sw = options.get("suit_wilds", 1 if few else 2)
    tw = options.get("tri_wilds", 1 if few else 3)
    rounds = options.get("rounds", 60)
    challenge = options.get("check", "strict") == "challenge"
    carry = options.get("carry") or {}
    n_teams = 1 if solo else (n // 2 if teams else n)
    scores = list(carry.get("scores", [0] * n_teams))
    dealer = carry.get("dealer", n - 1)
    team = (lambda x: x % (n // 2)) if teams else (lambda x: x)

    stack = {p: c for p, c in options.get("stack", ())}
    rng = Rng.from_seed(seed)
    order, _ = (
        rng.shuffle_pinned(oracle_deck(sw, tw), stack)
        if stack
        else rng.shuffle(oracle_deck(sw, tw))
    )
    order = list(order)
    hands: list[list[str]] = [[] for _ in range(n)]
    pos = 0
    for k in range(n):
        x = (dealer + 1 + k) % n
        hands[x] = order[pos : pos + deal[x]]
        pos += deal[x]
    sol: list[str] = []
    bottom: list[str] = []
    if solo:
        while len(sol) < 10:
            c = order[pos]
            pos += 1
            (bottom if c.startswith("**") else sol).append(c)
    discards = [order[pos]]
    pile = order[pos + 1 :] + bottom
    words: dict[int, list[tuple[str, str, int]]] = {}  # id -> [(card, letter, owner)]
    next_id = 1
    pending: list[tuple[int, str, int, str, list[str], str]] = []
    penalty = [0] * n
    bonus = [0] * n
    out = -1
    over = False
    turn = (dealer + 1) % n
    turns = 0

    def end_turn() -> None:
        nonlocal turns, turn, over
        turns += 1
        if solo:
            if not pile or all(c.startswith("**") for c in pile):
                over = True
                return
            while pile[0].startswith("**"):
                pile.append(pile.pop(0))
            sol.append(pile.pop(0))
            drop = _solitaire_drop(sol)
            sol.remove(drop)
            discards.append(drop)
            counts = sorted(sum(1 for c in sol if c[0] == s) for s in SUITS)
            if counts == [0, 5, 5]:
                over = True
                return
        if not pile or turns >= rounds * n:
            over = True
            return
        turn = (turn + 1) % n

    for m in moves:
        assert not over, "a move after the end of the hand"
        d = m.data
        k = m.kind
        if k == "draw":
            hands[m.seat].append(pile.pop(0))
            pending.clear()
        elif k == "take":
            hands[m.seat].append(discards.pop())
            pending.clear()
        elif k == "accept":
            pending.clear()
            over = True
        elif k == "claim":
            card = discards.pop()
            w = words[d["word"]]
            entry = (card, d["letter"], m.seat)
            words[d["word"]] = [entry, *w] if d["end"] == "front" else [*w, entry]
            if challenge:
                spelled = "".join(x[1] for x in words[d["word"]])
                pending.append((m.seat, "claim", d["word"], d["end"], [card], spelled))
        elif k == "lay":
            for c in d["cards"]:
                hands[m.seat].remove(c)
            words[next_id] = [(c, ch, m.seat) for c, ch in zip(d["cards"], d["word"], strict=True)]
            if challenge:
                pending.append((m.seat, "lay", next_id, "", list(d["cards"]), d["word"]))
            next_id += 1
        elif k == "build":
            for c in d["cards"]:
                hands[m.seat].remove(c)
            add = [(c, ch, m.seat) for c, ch in zip(d["cards"], d["letters"], strict=True)]
            w = words[d["word"]]
            words[d["word"]] = add + w if d["end"] == "front" else w + add
            if challenge:
                spelled = "".join(x[1] for x in words[d["word"]])
                pending.append((m.seat, "build", d["word"], d["end"], list(d["cards"]), spelled))
        elif k == "trivirsity":
            for c in (*d["tri"], *d["virsity"]):
                hands[m.seat].remove(c)
            words[next_id] = [(c, ch, m.seat) for c, ch in zip(d["tri"], "tri", strict=True)]
            words[next_id + 1] = [
                (c, ch, m.seat) for c, ch in zip(d["virsity"], "virsity", strict=True)
            ]
            next_id += 2
            bonus[m.seat] += 500
        elif k == "discard":
            hands[m.seat].remove(d)
            discards.append(d)
            if not hands[m.seat]:
                out = m.seat
                if not pending:
                    over = True
            else:
                end_turn()
        elif k == "no-discard":
            end_turn()
        elif k == "challenge":
            seat, kind, wid, end, cards, spelled = pending.pop(d)
            if spelled in dictionary():
                penalty[m.seat] += 25
                if out >= 0 and not pending:
                    over = True
            else:
                penalty[seat] += 25
                if kind == "lay":
                    del words[wid]
                elif end == "front":
                    words[wid] = words[wid][len(cards) :]
                else:
                    words[wid] = words[wid][: -len(cards)]
                hands[seat].extend(cards)
                if out == seat:
                    out = -1
                    end_turn()
        else:
            raise AssertionError(f"unknown move {k}")
    assert over, "the hand is not over"
    for x in range(n):
        owned = [c for w in words.values() for c, _, o in w if o == x]
        table = sum(map(points, owned))
        if out == x:
            table += 10
            if len({suit(c) for c in owned} - {None}) <= 1 and owned:
                table *= 2
        score = table - sum(map(points, hands[x])) + bonus[x] - penalty[x]
        scores[team(x)] += score
    return tuple(scores)


def oracle(game: Any, playout: Any) -> tuple[int, ...]:
    """For :func:`cardroom.conformance.check_game`."""
    return hand_points(playout.seed, playout.options, playout.moves)

"""Computer players for Tri-Virsity, at three levels, each from its own view only.

A bot gets a :class:`~cardroom.core.BotContext` (its seat's view, its legal moves, its own
``random.Random`` and, for the hard bot, ``sample_world``) and answers with one move or
``None`` (nothing to do now: no claim or challenge worth making). Its plan is rebuilt
from the view at every call, so it needs no memory between moves.

* **easy** draws from the pile, lays the best word it sees without wilds, never builds,
  claims or challenges, and throws a random card it cannot use;
* **medium** spells with one wild, builds on table words, claims discards, takes the top
  discard when it makes a word, challenges words that are not in the dictionary, and
  throws the least useful card;
* **hard** spells with every wild, plans a way out (the whole hand laid but one card),
  holds an easily extended word while no opponent is close to going out, and weighs each
  discard by how often the next player could use it in worlds drawn with
  ``ctx.sample_world`` (plus whether anyone could claim it).

Every search is bounded by a node budget, so a move takes a few milliseconds on CPython
(figures: ``benchmarks/trivirsity_bots.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import BotContext, Move
from . import words as wordlist
from .deck import SUITS, card_letter, card_points, fits_suit, is_tri, sort_cards
from .game import cards_for, find_trivirsity, suit_letters

__all__ = ["LEVELS", "TriBot", "make_bot"]


@dataclass(frozen=True)
class Level:
    name: str
    wilds: int  # most wild cards a searched word may use
    word_budget: int  # finder nodes per suit
    build_budget: int  # finder nodes per table word
    builds: bool
    claims: bool
    takes: bool
    challenges: bool
    plan_out: bool
    hold: bool
    samples: int  # worlds drawn to judge a discard
    length_weight: int = 3  # points a play is worth per card it gets out of the hand


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 0, 300, 0, False, False, False, False, False, False, 0),
    "medium": Level("medium", 1, 600, 120, True, True, True, True, False, False, 0),
    "hard": Level("hard", 2, 900, 160, True, True, True, True, True, True, 3),
}
#: The most table words a bot tries to build on in one move (the newest first).
MAX_TARGETS = 10


@dataclass(frozen=True)
class Option:
    """One play the hand can make now."""

    kind: str  # "lay" | "build" | "trivirsity"
    cards: tuple[str, ...]
    data: Mapping[str, Any]
    value: int
    word: int = 0  # table word id for a build


def _value(cards: Iterable[str]) -> int:
    return sum(card_points(c) for c in cards)


def lay_options(
    hand: Sequence[str], min_len: int, level: Level, suits: Iterable[str] = SUITS
) -> list[Option]:
    out: list[Option] = []
    seen: set[tuple[str, ...]] = set()
    for suit in suits:
        letters, wilds = suit_letters(hand, suit)
        if not letters:
            continue  # a word needs one card of its suit at least
        if len(letters) + min(wilds, level.wilds) < min_len:
            continue
        found = [
            hit
            for j in range(min(wilds, level.wilds) + 1)  # real letters first, then wilds
            for hit in wordlist.find_words(
                letters, j, min_len=min_len, budget=600 if j == 0 else level.word_budget
            )
        ]
        for word, wild_at in found:
            cards = cards_for(hand, suit, word, wild_at)
            if cards is None or all(is_tri(c) for c in cards):
                continue
            key = tuple(sorted(cards))
            if key in seen:
                continue
            seen.add(key)
            out.append(Option("lay", cards, {"cards": list(cards), "word": word}, _value(cards)))
    return out


def build_options(
    hand: Sequence[str], table: Sequence[Mapping[str, Any]], locked: set[int], level: Level
) -> list[Option]:
    out: list[Option] = []
    if not level.builds:
        return out
    targets = [w for w in table if w["id"] not in locked]
    for w in sorted(targets, key=lambda w: -w["id"])[:MAX_TARGETS]:
        letters, wilds = suit_letters(hand, w["suit"])
        if not letters and not wilds:
            continue
        found = [
            hit
            for j in range(min(wilds, level.wilds) + 1)
            for hit in wordlist.find_extensions(
                w["letters"], letters, j, max_add=4, budget=level.build_budget
            )
        ]
        for end, added, wild_at in dict.fromkeys(found):
            cards = cards_for(hand, w["suit"], added, wild_at)
            if cards is None:
                continue
            data = {"word": w["id"], "end": end, "cards": list(cards), "letters": added}
            out.append(Option("build", cards, data, _value(cards), w["id"]))
    return out


def plan_out(
    hand: Sequence[str], options: Sequence[Option], budget: int = 4000, forbid: str = ""
) -> list[Option]:
    """Disjoint plays that leave exactly one card (to discard and go out), or []. The card
    left may not be ``forbid`` (the card taken from the discard pile this turn, R-95)."""
    target = len(hand) - 1
    opts = sorted(options, key=lambda o: -len(o.cards))
    best: list[Option] = []
    left = [budget]

    def go(i: int, used: frozenset[str], words: frozenset[int], chosen: list[Option]) -> bool:
        if len(used) == target:
            if forbid and forbid not in used:
                return False
            best[:] = chosen
            return True
        left[0] -= 1
        if left[0] <= 0:
            return False
        for j in range(i, len(opts)):
            o = opts[j]
            if len(used) + len(o.cards) > target or used.intersection(o.cards):
                continue
            if o.word and o.word in words:
                continue
            chosen.append(o)
            if go(j + 1, used | frozenset(o.cards), words | {o.word} if o.word else words, chosen):
                return True
            chosen.pop()
        return False

    go(0, frozenset(), frozenset(), [])
    return best


def _extendable(letters: str) -> int:
    """How many one-letter additions make a word of ``letters``."""
    n = 0
    for c in wordlist.ALPHABET:
        n += wordlist.is_word(c + letters) + wordlist.is_word(letters + c)
    return n


class TriBot:
    """A Tri-Virsity computer player at ``level`` ("easy", "medium" or "hard")."""

    def __init__(self, level: str = "medium") -> None:
        if level not in LEVELS:
            raise ValueError(f"level must be one of {sorted(LEVELS)}")
        self.level = LEVELS[level]

    # ------------------------------------------------------------ entry

    def choose(self, ctx: BotContext) -> Move | None:
        v = ctx.view
        seat = ctx.seat
        legal = ctx.legal
        if legal.is_empty():
            return None
        # Challenges: a word not in the dictionary (the bots know it).
        if self.level.challenges:
            for k, p in enumerate(v["pending"]):
                m = Move(seat, "challenge", k)
                if m in legal and not wordlist.is_word(p["spelled"]):
                    return m
        my_turn = v["turn"] == seat if v["phase"] != "out" else False
        if v["phase"] == "out":
            m = Move(seat, "accept")
            return m if m in legal else None
        if v["phase"] == "draw" and v["claimable"] and self.level.claims:
            claim = self._claim(ctx)
            if claim is not None:
                return claim
        if not my_turn:
            return None
        if v["phase"] == "draw":
            return self._draw(ctx)
        return self._play(ctx)

    # ------------------------------------------------------------ phases

    def _claim(self, ctx: BotContext) -> Move | None:
        v = ctx.view
        card = v["discards"][-1]
        best: tuple[int, Move] | None = None
        for w in v["words"]:
            if any(p["word"] == w["id"] for p in v["pending"]) or not fits_suit(card, w["suit"]):
                continue
            letter = card_letter(card)
            for end in ("front", "back"):
                for ch in (letter,) if letter else wordlist.ALPHABET:
                    m = Move(ctx.seat, "claim", {"word": w["id"], "end": end, "letter": ch})
                    if m in ctx.legal:
                        spelled = ch + w["letters"] if end == "front" else w["letters"] + ch
                        if wordlist.is_word(spelled):
                            score = card_points(card)
                            if best is None or score > best[0]:
                                best = (score, m)
        return best[1] if best else None

    def _draw(self, ctx: BotContext) -> Move:
        v = ctx.view
        take = Move(ctx.seat, "take")
        draw = Move(ctx.seat, "draw")
        if not self.level.takes or take not in ctx.legal or not v["discards"]:
            return draw if draw in ctx.legal else take
        hand = list(v["hand"])
        top = v["discards"][-1]
        minl = v["min_len"][ctx.seat]
        if self.level.plan_out:
            # Take the discard when it lets the whole hand go down this turn.
            more = [*hand, top]
            opts = lay_options(more, minl, self.level)
            opts += build_options(more, v["words"], self._locked(v), self.level)
            if plan_out(more, opts, forbid=top):
                return take
        before = self._best_value(hand, v, minl)
        after = self._best_value([*hand, top], v, minl, must=top)
        if after > before or draw not in ctx.legal:
            return take
        return draw

    def _best_value(
        self, hand: list[str], v: Mapping[str, Any], minl: int, must: str | None = None
    ) -> int:
        suits = SUITS if must is None or is_tri(must) else (must[0],)
        opts = lay_options(hand, minl, self.level, suits)
        if self.level.builds:
            opts += build_options(hand, v["words"], self._locked(v), self.level)
        vals = [o.value for o in opts if must is None or must in o.cards]
        return max(vals, default=0)

    @staticmethod
    def _locked(v: Mapping[str, Any]) -> set[int]:
        return {p["word"] for p in v["pending"]}

    def _play(self, ctx: BotContext) -> Move:
        v = ctx.view
        seat = ctx.seat
        hand = list(v["hand"])
        taken = v["taken"]
        minl = v["min_len"][seat]
        lv = self.level

        def keeps(o: Option) -> bool:
            rest = [c for c in hand if c not in o.cards]
            return any(c != taken for c in rest)

        tri = find_trivirsity(hand, seat)
        if tri is not None and tri in ctx.legal and not v["trivirsity"][seat]:
            return tri
        opts = [o for o in lay_options(hand, minl, lv) if keeps(o)]
        opts += [o for o in build_options(hand, v["words"], self._locked(v), lv) if keeps(o)]
        opponents = [
            n
            for x, n in enumerate(v["hand_sizes"])
            if v["teams"][x] != v["teams"][seat] and x != seat
        ]
        danger = bool(opponents) and min(opponents) <= 4
        if lv.plan_out and opts:
            plan = plan_out(hand, opts, forbid=taken)
            if plan:
                m = Move(seat, plan[0].kind, dict(plan[0].data))
                if m in ctx.legal:
                    return m
        if opts:
            best: Option | None = max(
                opts, key=lambda o: (o.value + lv.length_weight * len(o.cards), len(o.cards))
            )
            assert best is not None
            if (
                lv.hold
                and not danger
                and best.kind == "lay"
                and len(best.cards) <= 3
                and _extendable(best.data["word"]) >= 8
            ):
                best = None  # hold a short word that others could easily extend
            if best is not None:
                m = Move(seat, best.kind, dict(best.data))
                if m in ctx.legal:
                    return m
        return self._discard(ctx, hand, opts, danger)

    # ------------------------------------------------------------ discarding

    def _discard(self, ctx: BotContext, hand: list[str], opts: list[Option], danger: bool) -> Move:
        v = ctx.view
        seat = ctx.seat
        taken = v["taken"]
        cands = [c for c in hand if c != taken]
        if self.level.name == "easy":
            useful = {c for o in opts for c in o.cards}
            pool = [c for c in cands if c not in useful] or cands
            return Move(seat, "discard", ctx.rng.choice(sort_cards(pool)))
        use: dict[str, int] = {c: 0 for c in cands}
        for o in opts:
            for c in o.cards:
                if c in use:
                    use[c] = max(use[c], o.value + 5 * len(o.cards))
        # Near-words: cards of a suit with other cards of that suit are worth keeping.
        for c in cands:
            if c[1] == "*" or is_tri(c):
                use[c] += 40
            else:
                same = sum(1 for x in hand if x != c and fits_suit(x, c[0]))
                use[c] += 4 * min(same, 4)
                letter = card_letter(c)
                if letter is not None and letter in "aeiou":
                    use[c] += 6
        risk = self._claim_risk(v, cands)
        if self.level.samples:
            for c, r in self._sampled_risk(ctx, cands).items():
                risk[c] = risk.get(c, 0) + r
        # Throw the least useful card; with an opponent close to going out, the
        # costliest card first (it would count against us in hand).
        weight = 2 if danger else 1

        def cost(c: str) -> tuple[float, int, str]:
            return (use[c] - weight * card_points(c) + risk.get(c, 0), -card_points(c), c)

        pick = min(cands, key=cost)
        if not v["announced"][seat] and len(hand) <= 3 and self.level.plan_out:
            # One card short of a word with the whole hand: keep it and say so.
            for suit in SUITS:
                if all(fits_suit(c, suit) for c in hand) and self._near_word(hand, suit, v):
                    m = Move(seat, "no-discard")
                    if m in ctx.legal:
                        return m
        return Move(seat, "discard", pick)

    def _near_word(self, hand: list[str], suit: str, v: Mapping[str, Any]) -> bool:
        letters, wilds = suit_letters(hand, suit)
        if not letters:
            return False
        minl = v["min_len"][v["seat"]]
        found = wordlist.find_words(
            letters, wilds + 1, min_len=max(minl, len(hand) + 1), max_len=len(hand) + 1, budget=600
        )
        return bool(found)

    @staticmethod
    def _claim_risk(v: Mapping[str, Any], cands: list[str]) -> dict[str, int]:
        """Cards anyone could claim at once onto a table word: a gift of their points."""
        out: dict[str, int] = {}
        for c in cands:
            letter = card_letter(c)
            for w in v["words"]:
                if not fits_suit(c, w["suit"]):
                    continue
                chars = (letter,) if letter else wordlist.ALPHABET
                if any(
                    wordlist.is_word(ch + w["letters"]) or wordlist.is_word(w["letters"] + ch)
                    for ch in chars
                ):
                    out[c] = out.get(c, 0) + 2 * card_points(c)
                    break
        return out

    def _sampled_risk(self, ctx: BotContext, cands: list[str]) -> dict[str, int]:
        """How often the next player, in worlds drawn from this seat's view, could lay a
        word with the card if it took it: its points, scaled by that frequency."""
        v = ctx.view
        n = v["players"]
        nxt = (ctx.seat + 1) % n
        if nxt == ctx.seat or v["teams"][nxt] == v["teams"][ctx.seat]:
            return {}
        minl = v["min_len"][nxt]
        hits: dict[str, int] = {}
        probe = sorted(cands, key=lambda c: -card_points(c))[:4]
        for _ in range(self.level.samples):
            world = ctx.sample_world(ctx.rng.randrange(1 << 30))
            their = world.hands[nxt]
            for c in probe:
                suit = c[0] if c[0] != "*" else None
                for s in SUITS if suit is None else (suit,):
                    letters, wilds = suit_letters([*their, c], s)
                    if not letters:
                        continue
                    if card_letter(c) is not None and card_letter(c) not in letters:
                        continue
                    found = wordlist.find_words(letters, min(wilds, 1), min_len=minl, budget=150)
                    ch = card_letter(c)
                    if any(ch is None or ch in w for w, _ in found):
                        hits[c] = hits.get(c, 0) + 1
                        break
        return {c: (card_points(c) * hits.get(c, 0)) // max(1, self.level.samples) for c in probe}


def make_bot(level: str) -> TriBot:
    return TriBot(level)

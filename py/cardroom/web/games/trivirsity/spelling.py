"""Tri-Virsity's word builder, not the DOM (tested on CPython): the cards of a hand that
spell a word in one suit (R-152), what the builder says about a word laid or a build on
a table word, where a table word can grow, the claims of the top discard a seat may
make, and the TRI-VIRSITY play a hand holds. The match and the computer's seats are
``trivirsity_logic``'s."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardroom.trivirsity import words as wordlist
from cardroom.trivirsity.deck import (
    SUIT_NAMES,
    SUITS,
    card_letter,
    card_points,
    card_suit,
    is_tri,
    is_wild,
)
from cardroom.trivirsity.game import Judged, find_trivirsity, judge
from cardroom.web.kit.logic import uncited

__all__ = [
    "Spelling",
    "Status",
    "accepts",
    "build_status",
    "claim_choices",
    "grow_spots",
    "lay_status",
    "spell",
    "trivirsity_move",
]


@dataclass(frozen=True)
class Spelling:
    """Cards from a hand that spell ``letters`` in ``suit`` (``cards[i]`` spells
    ``letters[i]``); ``missing`` counts letters no card could spell."""

    letters: str
    cards: tuple[str, ...]
    suit: str | None
    missing: int = 0

    @property
    def wilds(self) -> int:
        return sum(1 for c in self.cards if is_wild(c))

    @property
    def points(self) -> int:
        return sum(card_points(c) for c in self.cards)


def _spell_in(hand: Sequence[str], letters: str, suit: str) -> Spelling:
    free = list(hand)
    cards: list[str] = []
    missing = 0
    # real letters first, then the suit's wilds, then tri-colour wilds
    picks: list[str | None] = [None] * len(letters)
    for i, ch in enumerate(letters):
        c = next((x for x in free if card_suit(x) == suit and card_letter(x) == ch), None)
        if c is not None:
            picks[i] = c
            free.remove(c)
    for i in range(len(letters)):
        if picks[i] is None:
            c = next((x for x in free if is_wild(x) and not is_tri(x) and x[0] == suit), None)
            c = c or next((x for x in free if is_tri(x)), None)
            if c is None:
                missing += 1
            else:
                picks[i] = c
                free.remove(c)
    cards = [c for c in picks if c is not None]
    return Spelling(letters, tuple(cards), suit, missing)


def spell(
    hand: Sequence[str], letters: str, suit: str | None = None, prefer: str | None = None
) -> Spelling:
    """The cards of ``hand`` that spell ``letters`` (lowercase) in one suit: ``suit`` when
    it is fixed (a build on a table word), else the suit needing fewest wilds (``prefer``
    first on a tie), real letters before wild cards (R-152)."""
    letters = "".join(ch for ch in letters.lower() if "a" <= ch <= "z")
    if suit is not None:
        return _spell_in(hand, letters, suit)
    order = sorted(SUITS, key=lambda x: x != prefer)
    options = [_spell_in(hand, letters, x) for x in order]
    return min(options, key=lambda s: (s.missing, s.wilds))  # stable: ``prefer`` first


@dataclass(frozen=True)
class Status:
    """What the word builder says: may the play be sent now (``ok``: the engine accepts
    that exact move), the sentence, its points, and its tone on screen: ``"ok"`` (a
    word), ``"warn"`` (challenge mode: not in the dictionary, may be played at a risk),
    ``"bad"`` (refused, the sentence says why) or ``""`` (nothing to judge yet)."""

    ok: bool
    text: str
    points: int = 0
    tone: str = ""


def _when(why: str) -> str:
    """A sentence for a play that is fine but not now (the turn or its draw)."""
    if why == "draw first":
        return " Draw first, then play it."
    if why == "not your turn":
        return " Play it on your turn."
    return f" Not now: {uncited(why)}."


def _verdict(v: Mapping[str, Any], kind: str, data: Any, head: str, sp: Spelling) -> Status:
    """The engine's verdict on the move (:func:`cardroom.trivirsity.game.judge`) as the
    builder says it: why it is refused, or what it makes and whether it may be sent now."""
    got = judge(v, kind, data, turn=False)
    if isinstance(got, str):
        return Status(False, f"{head}: {uncited(got)}.", sp.points, "bad")
    now = judge(v, kind, data)
    later = "" if isinstance(now, Judged) else _when(now)
    word = got.spelled.upper()
    suit = SUIT_NAMES[got.suit or "R"]
    if not wordlist.is_word(got.spelled):  # challenge mode: the engine takes it, at a risk
        text = f"{word} is not in the dictionary: a challenge would send it back.{later}"
        return Status(not later, text, sp.points, "warn")
    if kind == "build":
        text = f"{word} is a word in {suit}: you score {sp.points}.{later}"
    else:
        text = f"{word} is a word: {sp.points} points in {suit}.{later}"
    return Status(not later, text, sp.points, "ok")


def accepts(v: Mapping[str, Any], kind: str, data: Any) -> bool:
    """Would the engine accept this play from the seat whose view ``v`` is, now?"""
    return isinstance(judge(v, kind, data), Judged)


def lay_status(v: Mapping[str, Any], sp: Spelling) -> Status:
    """Whether the builder's word may be laid down now, and why not: the engine's own
    judgement of the very move Lay down sends (its cards, its letters)."""
    word = sp.letters
    if not word:
        return Status(False, "Type a word or pick cards from your hand.")
    if sp.missing:
        return Status(False, f"Your hand cannot spell {word.upper()} in one suit.", 0, "bad")
    data = {"cards": list(sp.cards), "word": word}
    return _verdict(v, "lay", data, word.upper(), sp)


def build_status(v: Mapping[str, Any], sp: Spelling, word: Mapping[str, Any], end: str) -> Status:
    """Whether the builder's letters may be added at ``end`` of the table ``word``: the
    engine's own judgement of the very move Add sends."""
    add = sp.letters
    if not add:
        return Status(False, "Type the letters to add, or pick cards.")
    if sp.missing:
        text = f"Your hand cannot spell {add.upper()} in {SUIT_NAMES[word['suit']]}."
        return Status(False, text, 0, "bad")
    spelled = add + word["letters"] if end == "front" else word["letters"] + add
    data = {"word": word["id"], "end": end, "cards": list(sp.cards), "letters": add}
    return _verdict(v, "build", data, spelled.upper(), sp)


def grow_spots(v: Mapping[str, Any], word: Mapping[str, Any]) -> dict[str, int]:
    """Where a table word may grow: for each end, how many single letters make a word
    there (0: none; a word under challenge grows nowhere). Shown on the table."""
    if any(p["word"] == word["id"] for p in v["pending"]):
        return {"front": 0, "back": 0}
    w = word["letters"]
    return {
        "front": sum(1 for ch in wordlist.ALPHABET if wordlist.is_word(ch + w)),
        "back": sum(1 for ch in wordlist.ALPHABET if wordlist.is_word(w + ch)),
    }


def claim_choices(v: Mapping[str, Any], seat: int) -> list[dict[str, Any]]:
    """The claims of the top discard ``seat`` may make now (word, end, letter)."""
    if seat == v["discarder"] or v["phase"] != "draw" or not v["claimable"]:
        return []
    return list(v["claims"])


def trivirsity_move(hand: Sequence[str], seat: int) -> dict[str, Any] | None:
    """The TRI-VIRSITY play the hand holds (R-97), as move data, or None."""
    m = find_trivirsity(hand, seat)
    return None if m is None else {"tri": list(m.data["tri"]), "virsity": list(m.data["virsity"])}

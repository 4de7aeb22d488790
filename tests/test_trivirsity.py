"""Tri-Virsity: the deck, the dictionary, and every rule of the book (worked examples)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from cardroom.core import REFEREE, CorruptState, IllegalMove, MalformedMove, Move, Rng
from cardroom.trivirsity import deck as D
from cardroom.trivirsity import words as W
from cardroom.trivirsity.game import GAME, TriState, check_word, solitaire_discard
from tests.oracles.trivirsity import hand_points

# The rule book's table, decoded (letter: cards per suit, points), written out again here.
TABLE = {
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


# ---------------------------------------------------------------- helpers


def deal(hands: list[list[str]], up: str, pile: list[str] = (), **options) -> TriState:
    """A hand dealt with exactly these cards: seat 0 plays first (the last seat deals),
    then ``up`` is turned and ``pile`` lies on top of the draw pile."""
    stack: list[list] = []
    pos = 0
    for h in hands:
        for c in h:
            stack.append([pos, c])
            pos += 1
    stack.append([pos, up])
    for i, c in enumerate(pile):
        stack.append([pos + 1 + i, c])
    options.setdefault("players", len(hands))
    return new(7, stack=stack, deal=[len(h) for h in hands], **options)


def filler(n: int, used: set[str], suits: str = "GO") -> list[str]:
    """``n`` letter cards not in ``used`` (consonant-heavy, from ``suits``)."""
    out = []
    for c in D.ALL_CARDS:
        if c[0] in suits and c[1] in "BCDFGHKMPTVWXZ" and c not in used:
            out.append(c)
            used.add(c)
            if len(out) == n:
                return out
    raise AssertionError("not enough filler")


def hands_with(*cores: list[str], size: int = 10) -> list[list[str]]:
    used = {c for core in cores for c in core}
    return [list(core) + filler(size - len(core), used) for core in cores]


_HISTORY: dict[int, tuple[int, dict, list[Move]]] = {}


def go(s: TriState, *moves: tuple) -> TriState:
    """Apply moves; when the hand ends, the independent oracle must agree on the points."""
    for m in moves:
        mv = Move(*m)
        seed, opts, past = _HISTORY.get(id(s), (None, None, []))
        s = GAME.apply(s, mv)
        if seed is not None:
            _HISTORY[id(s)] = (seed, opts, [*past, mv])
            if GAME.is_over(s):
                assert hand_points(seed, opts, [*past, mv]) == GAME.points(s)
                ORACLE_CHECKS.append(1)
    return s


ORACLE_CHECKS: list[int] = []


def new(seed: int, **options) -> TriState:
    s = GAME.new(seed, **options)
    _HISTORY[id(s)] = (seed, options, [])
    return s


def lay(seat: int, cards: list[str], word: str) -> tuple:
    return (seat, "lay", {"cards": cards, "word": word})


def build(seat: int, wid: int, end: str, cards: list[str], letters: str) -> tuple:
    return (seat, "build", {"word": wid, "end": end, "cards": cards, "letters": letters})


def owned_points(s: TriState, seat: int) -> int:
    return sum(
        D.card_points(c)
        for w in s.words
        for c, o in zip(w.cards, w.owners, strict=True)
        if o == seat
    )


# ---------------------------------------------------------------- the deck


def test_deck_has_132_cards_in_three_suits_with_the_decoded_values():
    cards = D.deck()
    assert len(cards) == len(set(cards)) == 132 == 3 * 41 + 6 + 3
    assert D.SUIT_NAMES == {"R": "Winding Red", "G": "Wavey Green", "O": "Curvy Orange"}
    for suit in "RGO":
        letters = [c for c in cards if c[0] == suit and c[1] != "*"]
        assert len(letters) == 41
        counts = Counter(c[1] for c in letters)
        assert counts == {k: n for k, (n, _) in TABLE.items()}
        for c in letters:
            assert D.card_points(c) == TABLE[c[1]][1]
            assert D.card_suit(c) == suit and D.card_letter(c) == c[1].lower()
        wilds = [c for c in cards if c[0] == suit and c[1] == "*"]
        assert len(wilds) == 2 and all(D.card_points(c) == 20 for c in wilds)
        assert sum(D.card_points(c) for c in letters) == sum(n * p for n, p in TABLE.values())
    tri = [c for c in cards if D.is_tri(c)]
    assert len(tri) == 3 and all(D.card_points(c) == 25 and D.card_suit(c) is None for c in tri)
    # All three suits are identical; five, ten and fifteen are the only letter values.
    assert {D.card_points(c) for c in cards if not D.is_wild(c)} == {5, 10, 15}


def test_fewer_wilds_deck():
    assert len(D.deck(1, 1)) == 123 + 3 + 1
    assert len(D.deck(0, 0)) == 123
    s = GAME.new(1, variant="few-wilds")
    assert s.rules.suit_wilds == 1 and s.rules.tri_wilds == 1
    everything = [*s.pile, *s.discards, *(c for h in s.hands for c in h)]
    assert sorted(everything) == sorted(D.deck(1, 1))
    with pytest.raises(ValueError):
        D.deck(3, 0)


def test_a_wild_fits_its_suit_and_a_tri_colour_wild_any_suit():
    assert D.fits_suit("R*1", "R") and not D.fits_suit("R*1", "G")
    assert all(D.fits_suit("**2", s) for s in D.SUITS)


# ---------------------------------------------------------------- the dictionary


def test_dictionary_loads_once_sorted_and_whole():
    words = W.load()
    assert len(words) == 172_586 and words == sorted(words)  # ENABLE less 237 (wordfilter)
    assert W.load() is words  # loaded once (its time: benchmarks/trivirsity_browser.py)
    assert W.load_seconds() is not None


def test_dictionary_words_names_and_abbreviations():
    for w in ("play", "replay", "playing", "replaying", "ax", "ire"):
        assert W.is_word(w), w
    for w in ("tri", "virsity", "london", "ohio", "usa", "nasa", "tv", "plya"):
        assert not W.is_word(w), w
    assert check_word("Replay") == (True, "in the dictionary")
    assert check_word("London")[0] is False and "proper" in check_word("London")[1]
    assert check_word("usa")[0] is False
    assert check_word("ax")[0] is False and check_word("ax", 2)[0] is True
    assert check_word("it's")[0] is False


def test_finder_spells_only_real_words_from_the_letters():
    found = W.find_words("aelpy", 0, min_len=3)
    words = {w for w, _ in found}
    assert {"play", "ply", "yelp", "pale", "pea", "ale"} <= words
    for w, wild_at in found:
        assert W.is_word(w) and not wild_at
        assert not Counter(w) - Counter("aelpy")
    with_wild = W.find_words("pla", 1, min_len=4)
    assert ("play", (3,)) in with_wild
    for w, wild_at in with_wild:
        rest = Counter(w) - Counter(w[i] for i in wild_at)
        assert not rest - Counter("pla") and len(wild_at) <= 1


def test_extensions_are_front_or_back_only():
    ext = set(W.find_extensions("play", "erign", 0))
    assert ("front", "re", ()) in ext
    assert ("back", "ing", ()) in ext
    for end, added, _ in ext:
        assert W.is_word(added + "play" if end == "front" else "play" + added)


# ---------------------------------------------------------------- the rules


def test_deal_ten_each_one_turned_up_and_the_left_of_the_dealer_starts():
    s = GAME.new(3, players=4)
    assert [len(h) for h in s.hands] == [10, 10, 10, 10]
    assert len(s.discards) == 1 and len(s.pile) == 132 - 41
    assert s.turn == 0 and s.rules.dealer == 3
    assert GAME.to_move(s) == {0}
    assert set(GAME.legal_moves(s, 0)) == {Move(0, "draw"), Move(0, "take")}
    s2 = GAME.new(3, players=4, carry={"scores": [0, 0, 0, 0], "dealer": 1})
    assert s2.turn == 2


def test_rule_book_example_replay_and_playing_score_only_the_added_letters():
    """RE added to PLAY scores 10 (R and E); ING added scores 15."""
    core0 = ["RP1", "RL1", "RA1", "RY1"]
    core1 = ["RR1", "RE1"]
    core2 = ["RI1", "RN1", "RG1"]
    hands = hands_with(core0, core1, core2)
    s = deal(hands, "OE1", filler(6, set(sum(hands, [])) | {"OE1"}))
    s = go(s, (0, "draw"), lay(0, core0, "play"), (0, "discard", hands[0][4]))
    assert owned_points(s, 0) == 25
    s = go(s, (1, "draw"), build(1, 1, "front", core1, "re"), (1, "discard", hands[1][2]))
    assert s.words[0].letters == "replay" and owned_points(s, 1) == 10
    s = go(s, (2, "draw"), build(2, 1, "back", core2, "ing"), (2, "discard", hands[2][3]))
    assert s.words[0].letters == "replaying" and owned_points(s, 2) == 15
    assert owned_points(s, 0) == 25  # the layer keeps only the cards it laid


def test_a_table_word_is_changed_only_at_its_front_or_back():
    hands = hands_with(["RP1", "RL1", "RA1", "RY1"], ["RS1", "RE1"])
    s = deal(hands, "OE1", filler(4, set(sum(hands, [])) | {"OE1"}))
    s = go(
        s, (0, "draw"), lay(0, ["RP1", "RL1", "RA1", "RY1"], "play"), (0, "discard", hands[0][5])
    )
    s = go(s, (1, "draw"))
    with pytest.raises(IllegalMove):  # EPLAY is no word
        GAME.apply(s, Move(*build(1, 1, "front", ["RE1"], "e")))
    with pytest.raises(MalformedMove):  # no middle
        GAME.apply(s, Move(*build(1, 1, "middle", ["RE1"], "e")))
    with pytest.raises(IllegalMove):  # another suit
        GAME.apply(s, Move(*build(1, 1, "back", [hands[1][2]], "b")))
    s = go(s, build(1, 1, "back", ["RS1"], "s"))
    assert s.words[0].letters == "plays"


def test_words_are_three_letters_or_more_in_one_suit_and_in_the_dictionary():
    hands = hands_with(["RC1", "RA1", "GT1", "RT1", "RZ1", "R*1", "**1"], [])
    s = go(deal(hands, "OE1", ["OE2"]), (0, "draw"))
    with pytest.raises(IllegalMove):  # two suits
        GAME.apply(s, Move(*lay(0, ["RC1", "RA1", "GT1"], "cat")))
    with pytest.raises(IllegalMove):  # too short
        GAME.apply(s, Move(*lay(0, ["RA1", "RT1"], "at")))
    with pytest.raises(IllegalMove):  # not a word (strict)
        GAME.apply(s, Move(*lay(0, ["RZ1", "RA1", "RT1"], "zat")))
    with pytest.raises(IllegalMove):  # the card says C
        GAME.apply(s, Move(*lay(0, ["RC1", "RA1", "RT1"], "bat")))
    with pytest.raises(IllegalMove):  # a red wild is not green
        GAME.apply(s, Move(*lay(0, ["GT1", "R*1", "RT1"], "tat")))
    # Wilds: the suit wild as any red letter, the tri-colour wild as any letter.
    s2 = go(s, lay(0, ["RC1", "R*1", "RT1"], "cot"))
    assert s2.words[0].letters == "cot" and s2.words[0].suit == "R"
    s3 = go(s, lay(0, ["**1", "RA1", "RT1"], "eat"))
    assert s3.words[0].suit == "R"
    with pytest.raises(IllegalMove):  # a word needs a card of its suit
        GAME.apply(
            go(s, lay(0, ["RC1", "RA1", "RT1"], "cat")),
            Move(0, "lay", {"cards": ["**1"], "word": "a"}),
        )


def test_going_out_scores_ten_and_ends_the_hand_and_others_lose_their_hand():
    core = ["RP1", "RL1", "RA1", "RY1", "GC1", "GA1", "GT1", "OD1", "OO1", "OG1"]
    other = filler(10, {*core, "OZ1", "OX1", "OQ1"})
    s = deal([core, other], "OZ1", ["OX1", "OQ1"])
    s = go(
        s,
        (0, "draw"),  # OX1
        lay(0, core[:4], "play"),
        lay(0, core[4:7], "cat"),
        lay(0, core[7:], "dog"),
        (0, "discard", "OX1"),
    )
    assert GAME.is_over(s) and s.end == "out" and s.out == 0
    table = 25 + 20 + 15
    assert GAME.seat_scores(s) == (table + 10, -sum(D.card_points(c) for c in other))
    assert GAME.points(s) == GAME.seat_scores(s)
    v = GAME.view(s, 1)
    assert v["hands"][0] == [] and v["hand_scores"] == list(GAME.seat_scores(s))


def test_going_out_with_every_card_in_one_suit_doubles_the_score():
    core = ["RP1", "RL1", "RA1", "RY1", "RC1", "RA2", "RT1", "RD1", "RO1", "R*1"]
    s = deal([core, filler(10, {*core, "OZ1", "OX1"})], "OZ1", ["OX1"])
    s = go(
        s,
        (0, "draw"),
        lay(0, core[:4], "play"),
        lay(0, core[4:7], "cat"),
        lay(0, core[7:], "dog"),  # R*1 as G: wilds may be used
        (0, "discard", "OX1"),
    )
    table = 25 + 20 + (5 + 5 + 20)
    assert GAME.seat_scores(s)[0] == 2 * (table + 10)


def test_you_keep_a_card_to_discard_and_may_not_throw_the_card_you_took():
    core = ["RP1", "RL1", "RA1"]
    hands = [core, filler(3, {*core, "RY1", "OX1", "GB1"})]
    s = go(deal(hands, "RY1", ["OX1"]), (0, "take"))
    with pytest.raises(IllegalMove):  # not the card just taken
        GAME.apply(s, Move(0, "discard", "RY1"))
    with pytest.raises(IllegalMove):  # nothing left but the card taken
        GAME.apply(s, Move(*lay(0, ["RP1", "RL1", "RA1"], "pal")))
    with pytest.raises(IllegalMove):  # no card left to discard
        GAME.apply(s, Move(*lay(0, ["RP1", "RL1", "RA1", "RY1"], "play")))
    s2 = go(deal([[*core, "GB1"], hands[1]], "RY1", ["OX1"]), (0, "take"))
    s2 = go(s2, lay(0, ["RP1", "RL1", "RA1", "RY1"], "play"), (0, "discard", "GB1"))
    assert s2.end == "out"


def test_no_discard_gives_one_extra_round_then_the_player_goes_out():
    """The book: "he will keep the word in his hand and announce that he has no discard. Play then
    continues one full turn at which time he will draw a card, lay down his final word,
    and discard completing his hand." (R-92)"""
    p0 = ["RC1", "RA1", "RT1"]
    p1 = filler(10, set(p0) | {"OZ1", "RS1", "OX1", "OQ1"})
    s = deal([p0, p1], "OZ1", ["OX1", "OQ1", "RS1", "OK1"])
    s = go(s, (0, "draw"), (0, "no-discard"))
    assert s.announced == (True, False) and len(s.hands[0]) == 4
    assert GAME.view(s, 1)["announced"] == [True, False]
    s = go(s, (1, "draw"), (1, "discard", p1[0]))  # the extra round: others may play
    with pytest.raises(IllegalMove):
        go(s, (0, "take"), (0, "no-discard"))  # once a hand
    s = go(s, (0, "draw"), lay(0, ["RC1", "RA1", "RT1", "RS1"], "cats"))
    s = go(s, (0, "discard", "OX1"))
    assert s.end == "out" and GAME.seat_scores(s)[0] == 2 * (10 + 5 + 5 + 5 + 10)


def test_the_top_discard_may_be_claimed_out_of_turn_before_the_next_draw():
    """Several seats may move at once: the claimers and the player to draw (R-94)."""
    p0 = ["RP1", "RL1", "RA1", "RY1"]
    hands = hands_with(p0, [], [])
    s = deal(hands, "OE1", ["RS1", "OX1", "OQ1"])
    s = go(s, (0, "draw"))  # RS1
    s = go(s, lay(0, p0, "play"), (0, "discard", "RS1"))
    assert GAME.to_move(s) == {1, 2}  # seat 2 may claim while seat 1 is to draw
    claim = Move(2, "claim", {"word": 1, "end": "back", "letter": "s"})
    assert claim in GAME.legal_moves(s, 2)
    assert claim.with_seat(0) not in GAME.legal_moves(s, 0)  # not your own discard
    with pytest.raises(IllegalMove):
        GAME.apply(s, claim.with_seat(0))
    with pytest.raises(IllegalMove):  # the card is an S
        GAME.apply(s, Move(2, "claim", {"word": 1, "end": "back", "letter": "t"}))
    assert Move(2, "claim", {"word": 1, "end": "front", "letter": "s"}) in GAME.legal_moves(
        s, 2
    )  # SPLAY
    s2 = GAME.apply(s, claim)
    assert s2.words[0].letters == "plays" and s2.words[0].owners[-1] == 2
    assert GAME.to_move(s2) == {1} and s2.discards == ("OE1",)
    assert owned_points(s2, 2) == 5 and s2.turn == 1
    # Once the next player draws, the discard is no longer claimable.
    s3 = go(s, (1, "draw"))
    assert GAME.to_move(s3) == {1}
    with pytest.raises(IllegalMove):
        GAME.apply(s3, claim)


def test_challenge_mode_wrong_spelling_goes_back_and_costs_25():
    p0 = ["RZ1", "RA1", "RT1", "RP1", "RL1", "RY1"]
    hands = hands_with(p0, [], [])
    rest = filler(3, {*sum(hands, []), "OE1"}, "R")
    s = deal(hands, "OE1", rest, check="challenge")
    s = go(s, (0, "draw"), lay(0, ["RZ1", "RA1", "RT1"], "zat"))  # not a word, accepted
    assert s.pending and GAME.to_move(s) == {0, 1, 2}
    s2 = go(s, (1, "challenge", 0))
    assert not s2.words and set(["RZ1", "RA1", "RT1"]) <= set(s2.hands[0])
    assert s2.penalties == (25, 0, 0) and set(s2.known[0]) == {"RZ1", "RA1", "RT1"}
    s2 = go(s2, (0, "discard", "RZ1"))  # play continues with his discard
    assert s2.turn == 1
    # A correct word costs the challenger.
    s3 = go(s, lay(0, ["RP1", "RL1", "RY1"], "ply"), (2, "challenge", 1))
    assert s3.penalties == (0, 0, 25) and len(s3.words) == 2
    # Anyone may challenge until the next player starts his turn, not after.
    s4 = go(s, (0, "discard", rest[0]))
    assert 2 in GAME.to_move(s4)
    s5 = go(s4, (1, "draw"))
    assert not s5.pending and GAME.to_move(s5) == {1}


def test_challenge_mode_going_out_waits_for_the_window():
    core = ["RP1", "RL1", "RA1", "RY1", "GC1", "GA1", "GT1", "OD1", "OO1", "OX1"]
    s = deal([core, filler(10, {*core, "OZ1", "OQ1"})], "OZ1", ["OQ1"], check="challenge")
    s = go(s, (0, "draw"), lay(0, core[:4], "play"), lay(0, core[4:7], "cat"))
    s = go(s, lay(0, ["OD1", "OO1", "OX1"], "dox"), (0, "discard", "OQ1"))
    assert s.phase == "out" and not GAME.is_over(s)
    assert GAME.to_move(s) == {1}
    lost = go(s, (1, "challenge", 2))  # DOX is no word: back to the hand, not out
    assert lost.out == -1 and lost.phase == "draw" and lost.turn == 1
    assert GAME.seat_scores(go(s, (1, "accept")))[0] == 25 + 20 + 25 + 10 + 0 - 0


def test_finished_hands_are_checked_by_the_oracle():
    before = len(ORACLE_CHECKS)
    s = new(5, rounds=1)
    s = go(s, (0, "draw"), (0, "discard", s.hands[0][0]))
    s = go(s, (1, "draw"), (1, "discard", s.hands[1][0]))
    assert GAME.is_over(s) and len(ORACLE_CHECKS) == before + 1


def test_tri_virsity_scores_500():
    core = ["RT1", "RR1", "RI1", "GV1", "GI1", "GR1", "GS1", "GI2", "GT1", "GY1"]
    s = deal([core, filler(10, {*core, "OZ1", "OX1"})], "OZ1", ["OX1"])
    s = go(s, (0, "draw"))
    m = Move(0, "trivirsity", {"tri": core[:3], "virsity": core[3:]})
    assert m in GAME.legal_moves(s, 0)
    s = go(s, (0, "trivirsity", {"tri": core[:3], "virsity": core[3:]}), (0, "discard", "OX1"))
    table = 15 + 40  # T R I, V I R S I T Y
    assert GAME.seat_scores(s)[0] == table + 10 + 500
    with pytest.raises(IllegalMove):  # TRI and VIRSITY in one suit do not count
        bad = ["RT1", "RR1", "RI1", "RV1", "RI2", "RR2", "RS1", "RI3", "RT2", "RY1"]
        GAME.apply(
            go(deal([bad, filler(10, {*bad, "OZ1", "OX1"})], "OZ1", ["OX1"]), (0, "draw")),
            Move(0, "trivirsity", {"tri": bad[:3], "virsity": bad[3:]}),
        )


def test_blocked_hand_scores_table_minus_hand():
    s = new(5, rounds=1)
    s = go(s, (0, "draw"), (0, "discard", s.hands[0][0]))
    s = go(s, (1, "draw"), (1, "discard", s.hands[1][0]))
    assert s.end == "time"
    for x in (0, 1):
        assert GAME.seat_scores(s)[x] == -sum(D.card_points(c) for c in s.hands[x])


def test_variants_set_hand_size_and_shortest_word():
    for variant, (n, m) in {
        "standard": (10, 3),
        "four": (12, 4),
        "five": (15, 5),
        "beginner": (8, 2),
    }.items():
        s = GAME.new(1, variant=variant, players=3)
        assert [len(h) for h in s.hands] == [n] * 3 and s.rules.min_len == (m,) * 3
    for d in (6, 8, 10):
        assert len(GAME.new(1, variant="beginner", deal=d).hands[0]) == d
    with pytest.raises(ValueError):
        GAME.new(1, variant="beginner", deal=9)
    hands = hands_with(["RA1", "RT1"], [], size=8)
    s = go(
        deal(hands, "OE1", ["OX1"], variant="beginner"), (0, "draw"), lay(0, ["RA1", "RT1"], "at")
    )
    assert s.words[0].letters == "at"
    hands = hands_with(["RC1", "RA1", "RT1"], [], size=12)
    s = go(deal(hands, "OE1", ["OX1"], variant="four"), (0, "draw"))
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(*lay(0, ["RC1", "RA1", "RT1"], "cat")))


def test_handicap_per_player():
    s = GAME.new(2, players=2, deal=[10, 8], min_len=[3, 2])
    assert [len(h) for h in s.hands] == [10, 8]
    used = {"RA1", "RT1", "OE1", "OX1", "OQ1"}
    hands = [filler(10, used), ["RA1", "RT1", *filler(6, used)]]
    s = deal(hands, "OE1", ["OX1", "OQ1"], min_len=[3, 2])
    s = go(s, (0, "draw"), (0, "discard", hands[0][0]), (1, "draw"))
    s = go(s, lay(1, ["RA1", "RT1"], "at"))
    assert s.words[0].owners == (1, 1)


def test_teams_of_two_sit_across_and_combine_points():
    s = new(4, players=4, teams=True, rounds=1)
    assert [GAME.team_of(s, x) for x in range(4)] == [0, 1, 0, 1]
    assert GAME.num_teams(s) == 2
    for x in range(4):
        s = go(s, (x, "draw"), (x, "discard", s.hands[x][0]))
    per = GAME.seat_scores(s)
    assert GAME.points(s) == (per[0] + per[2], per[1] + per[3])
    with pytest.raises(ValueError):
        GAME.new(1, players=3, teams=True)


def test_a_match_runs_to_the_target_through_carry():
    s = new(4, rounds=1, target=500, carry={"scores": [400, 700], "dealer": 0})
    assert s.turn == 1
    for x in (1, 0):
        s = go(s, (x, "draw"), (x, "discard", s.hands[x][0]))
    assert GAME.points(s) == (400 + GAME.seat_scores(s)[0], 700 + GAME.seat_scores(s)[1])
    assert GAME.match_over(s)
    assert GAME.next_hand(s) == {"scores": list(GAME.points(s)), "dealer": 1}
    assert GAME.view(s, 0)["match_over"] is True


# ---------------------------------------------------------------- solitaire


def test_solitaire_deal_tri_colour_wilds_go_to_the_bottom():
    for seed in range(40):
        s = GAME.new(seed, variant="solitaire")
        assert len(s.hands) == 1 and len(s.hands[0]) == 10 and len(s.sol.cards) == 10
        assert not any(D.is_tri(c) for c in s.sol.cards)
        bottomed = [e[3] for e in s.log if e[0] == "sol-bottom"]
        if bottomed:
            assert s.pile[-len(bottomed) :] == tuple(bottomed)
    v = GAME.view(GAME.new(3, variant="solitaire"), 0)
    assert len(v["solitaire"]["cards"]) == 10  # face up
    assert GAME.num_teams(GAME.new(3, variant="solitaire")) == 1


def test_solitaire_discards_above_five_then_from_its_weakest_suit():
    six_red = ["RA1", "RB1", "RC1", "RD1", "RE1", "RF1", "GA1", "GB1", "OA1", "OB1", "OC1"]
    assert solitaire_discard(six_red) == "RA1"  # the lowest of the suit above five
    spread = ["RA1", "RB1", "RC1", "RD1", "GA1", "GB1", "GC1", "GD1", "OZ1", "OQ1", "OX1"]
    assert solitaire_discard(spread) == "OQ1"  # fewest cards: orange; Q, X, Z all 15
    tie = ["RA1", "RB1", "RC1", "RD1", "RE1", "GA1", "GB1", "GC1", "OZ1", "OQ1", "OX1"]
    assert solitaire_discard(tie) == "GA1"  # 3 green (20 points) before 3 orange (45)


def test_solitaire_draws_only_from_the_pile_and_wins_with_two_fives():
    player = filler(10, set(), "GO")
    sol = ["RA1", "RB1", "RC1", "RD1", "RE1", "GA1", "GE1", "GI1", "GO1", "OA1"]
    stack = [[i, c] for i, c in enumerate(player + sol)]
    stack += [[20, "OE1"], [21, "OI1"], [22, "**1"], [23, "GU1"]]
    s = new(1, variant="solitaire", stack=stack)
    assert s.sol.cards == D.sort_cards(sol)
    s = go(s, (0, "draw"), (0, "discard", player[0]))  # solitaire draws **1 -> bottom, then GU1
    assert s.pile[-1] == "**1" and "GU1" in s.sol.cards or s.phase == "over"
    assert s.end == "solitaire" and s.sol.complete()
    assert s.discards[-1] == "OA1"  # its weakest suit
    assert GAME.points(s) == (-sum(D.card_points(c) for c in s.hands[0]),)


# ---------------------------------------------------------------- views and hidden cards


def test_views_hide_other_hands_and_show_the_table():
    s = GAME.new(9, players=3)
    v0 = GAME.view(s, 0)
    text = json.dumps(GAME.view(s, 1))
    assert v0["hand"] == list(s.hands[0]) and v0["hand_sizes"] == [10, 10, 10]
    assert not any(f'"{c}"' in text for c in s.hands[0])
    pub = GAME.view(s, REFEREE)
    assert pub["hand"] is None and not any(f'"{c}"' in json.dumps(pub) for h in s.hands for c in h)
    assert v0["discards"] == [s.discards[-1]] and v0["pile"] == len(s.pile)


def test_resample_keeps_the_view_and_known_cards():
    hands = hands_with(["RP1", "RL1", "RA1", "RY1"], [], [])
    s = deal(hands, "OE1", ["RS1", "OX1", "OQ1"])
    s = go(s, (0, "draw"), lay(0, ["RP1", "RL1", "RA1", "RY1"], "play"), (0, "discard", "RS1"))
    s = go(s, (1, "take"))  # everyone saw seat 1 take RS1
    for k in range(5):
        w = GAME.resample(s, 2, Rng(k))
        assert GAME.view(w, 2) == GAME.view(s, 2)
        assert "RS1" in w.hands[1] and w.hands[2] == s.hands[2]
        assert GAME.state_from_json(GAME.state_to_json(w)) == w
    assert GAME.resample(s, 2, Rng(1)) != GAME.resample(s, 2, Rng(2))


def test_pin_replays_the_same_for_the_seat():
    s0 = GAME.new(21, players=3)
    s = s0
    moves = [Move(0, "draw"), Move(0, "discard", None)]
    s = go(s, (0, "draw"))
    s = go(s, (0, "discard", s.hands[0][0]), (1, "take"), (1, "discard", s.hands[1][3]))
    pin = GAME.pin(s, 2)
    alt = GAME.new(99, players=3, **pin)
    assert alt.hands[2] == s0.hands[2] and alt.discards == s0.discards
    assert alt.hands[0] != s0.hands[0]
    del moves


def test_corrupt_saves_are_refused():
    s = GAME.new(3)
    good = GAME.state_to_json(s)
    assert GAME.state_from_json(json.loads(json.dumps(good))) == s
    bad = json.loads(json.dumps(good))
    bad["hands"][0][0] = bad["hands"][1][0]
    with pytest.raises(CorruptState):
        GAME.state_from_json(bad)
    for key, value in (("phase", "lunch"), ("turn", 5), ("pile", ["XX1"]), ("rng", -1)):
        bad = json.loads(json.dumps(good))
        bad[key] = value
        with pytest.raises(CorruptState):
            GAME.state_from_json(bad)
    bad = dict(good, extra=1)
    with pytest.raises(CorruptState):
        GAME.state_from_json(bad)
    with pytest.raises(CorruptState):
        GAME.load("nonsense")


def test_bad_options_and_malformed_moves():
    for opts in (
        {"players": 1},
        {"players": 9},
        {"variant": "x"},
        {"check": "loose"},
        {"deal": 16},
        {"min_len": 1},
        {"target": 0},
        {"colour": 1},
        {"variant": "solitaire", "check": "challenge"},
        {"deal": [10, 10, 10]},
    ):
        with pytest.raises(ValueError):
            GAME.new(1, **opts)
    s = go(GAME.new(1), (0, "draw"))
    for m in (
        Move(0, "lay", "cat"),
        Move(0, "lay", {"cards": ["RA1"], "word": "CAT"}),
        Move(0, "lay", {"cards": ["XX9"], "word": "cat"}),
        Move(0, "discard", 3),
        Move(0, "draw", 1),
        Move(0, "fly"),
        Move(0, "build", {"word": 1, "end": "side", "cards": ["RA1"], "letters": "a"}),
        Move(0, "claim", {"word": 1, "end": "back", "letter": "ab"}),
    ):
        with pytest.raises(MalformedMove):
            GAME.apply(s, m)


def test_referee_checks_words_like_the_game():
    from cardroom.trivirsity.referee import referee, word_points

    out = {r["word"]: r for r in referee(["replay", "London", "at", "jazz"])}
    assert out["replay"]["ok"] and out["replay"]["points"] == 35  # R5 E5 P10 L5 A5 Y5
    assert not out["London"]["ok"] and "proper" in out["London"]["reason"]
    assert not out["at"]["ok"] and referee(["at"], "beginner")[0]["ok"]
    assert out["jazz"]["ok"] and word_points("jazz") == (35, 1)  # one Z per suit: a wild
    assert referee(["cats"], "four")[0]["ok"] and not referee(["cat"], "four")[0]["ok"]


def test_referee_command_output_and_exit_status(capsys):
    from cardroom.trivirsity.referee import main

    assert main(["replay", "jazz"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "valid: replay: in the dictionary; 35 points"
    assert out[1] == "valid: jazz: in the dictionary; 35 points (+1 wild)"
    assert main(["cats", "cat"], "four", as_json=True) == 1
    data = json.loads(capsys.readouterr().out)
    assert [w["ok"] for w in data["words"]] == [True, False] and data["variant"] == "four"

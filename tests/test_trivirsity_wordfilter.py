"""Tri-Virsity's playable word list: ENABLE without slurs and obscenities (filtered against
the cuss package, ``sitebuild/wordfilter.py``). The packaged list is the filtered one; the
engine, the command line's referee and the computer players refuse a slur with the same
neutral reason as any word not in the list; ordinary words are unaffected."""

from __future__ import annotations

import codecs
import gzip
import random
from pathlib import Path

import pytest

from cardroom.core import IllegalMove, Move
from cardroom.trivirsity import words as wordlist
from cardroom.trivirsity.game import GAME, check_word
from cardroom.trivirsity.referee import referee
from sitebuild import wordfilter, words

#: A sample of slurs and obscenities (rot13, so this file shows none of them).
SAMPLE = codecs.decode(
    "avttre snttbg xvxr fcvp phag shpx fuvg jrgonpx puvaxl juber zbgureshpxref qlxrf tbbx "
    "jbc gjng fyhg ovgpu",
    "rot13",
).split()
#: Ordinary words, some of them ones cuss rates as possible profanity, and ordinary words
#: that look like a form of a word taken out.
COMMON = [
    "cat",
    "dog",
    "play",
    "replay",
    "ass",
    "asses",
    "stupid",
    "idiot",
    "kumquat",
    "gables",
    "welfare",
    "slave",
    "spit",
    "cocky",
    "dike",
    "bastard",
    "damn",
    "hell",
    "spice",
    "spiced",
    "spicy",
    "shatter",
    "spike",
    "niggle",
    "gypsy",
    "hooker",
    "poop",
    "crap",
    "nip",
    "tit",
    "tits",
    "cock",
    "dick",
    "bitter",
    "sucks",
    "hoes",
]


@pytest.fixture(scope="module")
def filtered() -> tuple[list[str], list[str]]:
    return wordfilter.playable(wordfilter.read_list(wordfilter.SOURCE), wordfilter.cuss_ratings())


def test_the_packaged_list_is_enable_filtered_against_cuss(filtered) -> None:
    kept, gone = filtered
    assert wordfilter.read_list(wordfilter.PACKAGED) == kept == wordlist.load()
    assert len(kept) + len(gone) == len(wordfilter.read_list(wordfilter.SOURCE)) == 172_823
    assert 200 <= len(gone) <= 300  # conservative: a few hundred of 172,823
    assert set(SAMPLE) <= set(gone)
    assert not set(COMMON) & set(gone)


def test_the_project_lists_only_adjust_cusss_ratings() -> None:
    ratings = wordfilter.cuss_ratings()
    assert len(ratings) > 1700
    assert all(ratings.get(w) == 2 for w in wordfilter.KEEP)  # kept despite a 2
    assert all(ratings.get(w) == 1 for w in wordfilter.ALSO)  # taken out despite a 1
    source = set(wordfilter.read_list(wordfilter.SOURCE))
    assert source >= wordfilter.KEEP and source >= wordfilter.ALSO


def test_slurs_are_refused_with_a_neutral_reason_and_common_words_are_not() -> None:
    for w in SAMPLE:
        ok, reason = check_word(w)
        assert not ok and reason.startswith("not in the dictionary"), w
    verdicts = referee(SAMPLE + COMMON)
    assert [v["ok"] for v in verdicts] == [False] * len(SAMPLE) + [True] * len(COMMON)
    # the engine refuses to lay one even with the cards for it in hand
    w = SAMPLE[3]
    cards = [f"R{ch.upper()}1" for ch in w]
    s = GAME.new(2, stack=[[i, c] for i, c in enumerate(cards)])
    s = GAME.apply(s, Move(0, "draw"))
    assert set(cards) <= set(s.hands[0])
    with pytest.raises(IllegalMove, match="not in the dictionary"):
        GAME.apply(s, Move(0, "lay", {"cards": cards, "word": w}))


def test_the_computer_never_finds_a_word_taken_out(filtered) -> None:
    _kept, gone = filtered
    for w in gone:
        if 3 <= len(w) <= 8:
            found = {x for x, _ in wordlist.find_words(list(w), 0, min_len=3, budget=50_000)}
            assert w not in found, w
            ends = wordlist.find_extensions(w[:-1], [w[-1]], 0, max_add=1, budget=5_000)
            assert all(w[:-1] + add != w for end, add, _ in ends if end == "back")


def test_a_simulated_hand_lays_no_word_taken_out(filtered) -> None:
    from cardroom.core import bot_context  # noqa: PLC0415
    from cardroom.trivirsity.bot import TriBot  # noqa: PLC0415

    gone = set(filtered[1])
    bots = [TriBot("hard"), TriBot("medium")]
    for seed in range(3):
        s = GAME.new(seed)
        rng = random.Random(seed)
        for _ in range(400):
            if GAME.is_over(s):
                break
            seat = min(GAME.to_move(s))
            m = bots[seat].choose(bot_context(GAME, s, seat, rng))
            s = GAME.apply(s, m)
        assert not {w.letters for w in s.words} & gone


def test_the_build_refuses_a_stale_packaged_list(tmp_path: Path, monkeypatch) -> None:
    raw = tmp_path / "enable1.txt.gz"
    raw.write_bytes(wordfilter.SOURCE.read_bytes())  # unfiltered
    monkeypatch.setattr(wordfilter, "PACKAGED", raw)
    with pytest.raises(SystemExit, match="run python -m sitebuild.wordfilter"):
        words.playable_words()
    monkeypatch.setattr(wordfilter, "PACKAGED", wordfilter.ROOT / "py/cardroom/data/enable1.txt.gz")
    kept = words.playable_words()
    assert kept == gzip.decompress(wordfilter.PACKAGED.read_bytes()).decode().split()

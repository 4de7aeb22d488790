"""Tri-Virsity bots: they play from their own view, find real words, stay fast, and the
simulate runner reports no errors for 2 to 8 players and solitaire."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardroom.core import BotContext, Move, bot_context
from cardroom.trivirsity import words as W
from cardroom.trivirsity.bot import LEVELS, TriBot, lay_options, plan_out
from cardroom.trivirsity.game import GAME
from cardroom.trivirsity.simulate import play_hand, play_match, run


def _ctx(state, seat, sampler=None, seed=0) -> BotContext:
    ctx = bot_context(GAME, state, seat, random.Random(seed))
    if sampler is not None:
        ctx = replace(ctx, _sampler=sampler)
    return ctx


def test_lay_options_are_real_words_from_the_hand():
    hand = ["RC1", "RA1", "RT1", "RS1", "R*1", "GD1", "GO1", "GG1", "**1", "OX1"]
    opts = lay_options(hand, 3, LEVELS["hard"])
    assert opts
    for o in opts:
        word = o.data["word"]
        assert W.is_word(word) and len(word) >= 3 and set(o.cards) <= set(hand)
        assert len(o.cards) == len(word)
    assert any(set(o.cards) == {"RC1", "RA1", "RT1", "RS1"} for o in opts)  # CATS / ACTS
    assert any(o.data["word"] == "dog" for o in opts)
    easy = lay_options(hand, 3, LEVELS["easy"])
    assert all(c[1] != "*" for o in easy for c in o.cards)  # the easy bot ignores wilds


def test_plan_out_uses_all_cards_but_one():
    hand = ["RP1", "RL1", "RA1", "RY1", "GC1", "GA1", "GT1", "OD1", "OO1", "OG1", "OX1"]
    plan = plan_out(hand, lay_options(hand, 3, LEVELS["hard"]))
    used = [c for o in plan for c in o.cards]
    assert len(used) == 10 and len(set(used)) == 10 and "OX1" not in used


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_choose_legal_moves_from_their_view_only(level):
    calls = []
    state = GAME.new(11, players=3)
    bot = TriBot(level)
    for _ in range(60):
        if GAME.is_over(state):
            break
        actor = GAME._actor(state)
        move = None
        for seat in sorted(GAME.to_move(state), key=lambda x: x == actor):

            def sampler(rng, _s=state, _seat=seat):
                calls.append(level)
                return GAME.resample(_s, _seat, rng)

            ctx = _ctx(state, seat, sampler)
            move = bot.choose(ctx)
            if move is not None:
                assert move in ctx.legal
                break
        assert move is not None
        state = GAME.apply(state, move)
    if level == "hard":
        assert calls  # the hard bot weighs discards in sampled worlds
    else:
        assert not calls


def test_medium_claims_and_challenges():
    from tests.test_trivirsity import deal, go, hands_with, lay

    hands = hands_with(["RP1", "RL1", "RA1", "RY1", "RZ1", "RE1", "RO1"], [], [])
    rest = ["RS1", "OX1", "OQ1"]
    s = deal(hands, "OE1", rest, check="challenge")
    s = go(s, (0, "draw"), lay(0, ["RZ1", "RO1", "RE1"], "zoe"))
    m = TriBot("medium").choose(_ctx(s, 1))
    assert m == Move(1, "challenge", 0)
    s = go(s, (2, "challenge", 0), lay(0, ["RP1", "RL1", "RA1", "RY1"], "play"))
    assert TriBot("medium").choose(_ctx(s, 1)) is None  # PLAY is a word
    s = go(s, (0, "discard", "RS1"), (1, "draw"))  # the window closes: no claim after
    s2 = deal(hands_with(["RP1", "RL1", "RA1", "RY1"], [], []), "OE1", rest)
    s2 = go(s2, (0, "draw"), lay(0, ["RP1", "RL1", "RA1", "RY1"], "play"), (0, "discard", "RS1"))
    m = TriBot("medium").choose(_ctx(s2, 2))
    assert m is not None and m.kind == "claim"
    assert TriBot("easy").choose(_ctx(s2, 2)) is None


def test_a_hand_records_a_time_for_every_bot_call():
    """What benchmarks/trivirsity_bots.py reads (its figures, not a test, judge the speed):
    one time per call to a bot, at least one call per move, the hand played out."""
    rec = play_hand(
        3, {"players": 2}, [TriBot("hard"), TriBot("medium")], [random.Random(1), random.Random(2)]
    )
    assert rec.final is not None and GAME.is_over(rec.final)
    assert len(rec.think) >= len(rec.moves) > 0
    assert all(t >= 0 for _, t in rec.think)


@pytest.mark.parametrize("players", range(2, 9))
def test_simulate_has_no_errors(players):
    report = run(games=1, seed=1, players=players, target=150, teams=("hard", "medium", "easy"))
    assert report["errors"] == 0, report["messages"]
    assert report["hands"] >= 1 and sum(report["results"].values()) == 1


def test_simulate_solitaire_and_teams():
    report = run(games=4, seed=1, variant="solitaire", teams=("hard",))
    assert report["errors"] == 0 and report["hands"] == 4
    assert set(report["results"]) <= {"player", "solitaire", "blocked"}
    report = run(
        games=1, seed=2, players=4, options={"teams": True, "check": "challenge"}, target=200
    )
    assert report["errors"] == 0, report["messages"]


def test_medium_beats_easy():
    wins = 0
    for seed in range(3):
        for flip in (0, 1):
            levels = ["medium", "easy"] if not flip else ["easy", "medium"]
            rec = play_match(seed, levels, {"target": 150}, check=False)
            wins += rec.winner == flip
    assert wins >= 5

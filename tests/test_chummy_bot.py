"""The Chummy Challenge bot (R-69) and the bot-against-bot runner: the bot works atlas
answers out of the atlas itself, plays only from its BotContext, is right more often on
easy colours and at higher difficulty, and whole games run without errors."""

from __future__ import annotations

import random

import pytest

from cardroom.core import REFEREE, Move, Rng, bot_context
from cardroom.geoplunge import challenge
from cardroom.geoplunge.chummy import GAME
from cardroom.geoplunge.chummy_bot import PROFILES, ChummyBot, atlas_answer, recognise
from cardroom.geoplunge.chummy_simulate import play_game, run


def test_the_bot_works_out_every_atlas_answer_from_the_atlas():
    n = 0
    for c in challenge.deck():
        for q in c.questions:
            found = atlas_answer(q.text)
            if not q.from_atlas:
                assert found is None, q.text
                continue
            assert found is not None, q.text
            items, need = found
            assert set(items) == set(q.printed) and need == q.need, q.id
            pick = items[:need]
            assert challenge.check(q, pick).correct, (q.id, pick)
            n += 1
    assert n >= 189


def test_recognising_a_question_from_its_first_words():
    q = challenge.question(1, "red")
    words = challenge.words(q.text)
    assert recognise("red", words) == q.text
    assert recognise("red", words[:1]) is None  # many questions start alike
    assert recognise("red", ["Nothing", "like", "this"]) is None


def test_profiles_know_less_on_harder_colours_and_lower_difficulty():
    for p in PROFILES.values():
        assert list(p.know) == sorted(p.know, reverse=True)
    for i in range(5):
        assert PROFILES["easy"].know[i] < PROFILES["medium"].know[i] < PROFILES["hard"].know[i]


def test_the_bot_decides_from_what_its_seat_may_see_only():
    # Same view in a resampled world (other cards, other secrets): the same move.
    for seed in range(6):
        g = play_game(seed, 4, ("hard", "easy"))
        s = GAME.new(seed, level=4)
        for m in g.moves:
            for seat in (0, 1):
                if seat in GAME.to_move(s):
                    bot = ChummyBot("hard", 5)
                    here = bot.choose(bot_context(GAME, s, seat, random.Random(1), GAME.clock(s)))
                    w = GAME.resample(s, seat, Rng(seed * 31 + seat))
                    there = bot.choose(bot_context(GAME, w, seat, random.Random(1), GAME.clock(s)))
                    assert here == there, (seed, m)
            s = GAME.apply(s, m)


def test_a_knowing_bot_buzzes_after_recognising_and_answers_right():
    s = GAME.new(4, level=3)
    for t in (0, 1):
        s = GAME.apply(s, Move(t, "plunge", False, 100 + t))
    for t in (0, 1):
        s = GAME.apply(s, Move(t, "geoplunger", 0, 300 + t))
    s = GAME.apply(s, Move(REFEREE, "ask", 0, 1000))
    bot = next(
        b
        for b in (ChummyBot("hard", k) for k in range(50))
        if b._plan(
            GAME.view(s, 0), {**GAME.view(s, 0)["current"], "words": list(s.current.words())}
        )
        is not None  # fmt: skip
    )
    while s.phase == "read":
        m = bot.choose(bot_context(GAME, s, 0, random.Random(0), GAME.clock(s)))
        nxt = GAME.legal_moves(s, REFEREE)[0]
        s = GAME.apply(s, m if m is not None and m.at <= nxt.at else nxt)
    assert s.phase == "window" and s.current.buzzes[0][0] == 0
    s = GAME.apply(s, GAME.legal_moves(s, REFEREE)[0])
    m = bot.choose(bot_context(GAME, s, 0, random.Random(0), GAME.clock(s)))
    s = GAME.apply(s, m)
    assert s.rounds[0].winner == 0 and s.rounds[0].how == "right"


@pytest.mark.parametrize("level", [3, 4])
def test_bot_games_run_without_errors(level):
    out = run(level, 30, seed=100 * level)
    assert out["errors"] == 0, out.get("first_error")
    assert sum(out["results"].values()) == 30
    assert set(out["right_by_colour"]) == set(challenge.LEVEL_COLOURS[level])


def test_harder_bots_win_and_easy_colours_are_answered_more_often():
    out = run(4, 60, seed=3, difficulties=("hard", "easy"))
    assert out["errors"] == 0
    assert out["results"]["team1"] > 3 * out["results"]["team2"], out
    rate = {c: r / max(n, 1) for c, (r, n) in out["right_by_colour"].items()}
    assert rate["red"] > rate["purple"], rate


def test_simulate_is_deterministic():
    a = run(3, 8, seed=11)
    b = run(3, 8, seed=11)
    a.pop("seconds"), b.pop("seconds")
    assert a == b
    with pytest.raises(ValueError):
        run(2, 1)
    with pytest.raises(ValueError):
        run(4, 1, difficulties=("genius", "easy"))


def test_the_simulate_command(capsys):
    import json

    from cardroom.cli import main

    for level in (3, 4):
        assert main(["simulate", "chummy-challenge", "--level", str(level), "--games", "4",
                     "--seed", "1", "--json"]) == 0  # fmt: skip
        out = json.loads(capsys.readouterr().out)
        assert out["errors"] == 0 and out["games"] == 4 and out["level"] == level

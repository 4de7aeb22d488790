"""The State IQ computer opponent: clue choice, reasoning over candidates, difficulty."""

from __future__ import annotations

import random
import time

import pytest

from cardroom.core import Move, bot_context
from cardroom.geoplunge import decks
from cardroom.geoplunge.sim import run_state_iq
from cardroom.geoplunge.state_iq import GAME, candidates
from cardroom.geoplunge.state_iq_bot import StateIQBot, guess_weights


def _to_clue(level: int = 3, seed: int = 1, **pin):
    s = GAME.new(seed, level=level, pin=pin or None)
    s = GAME.apply(s, Move(0, "plunge", False))
    return GAME.apply(s, Move(1, "plunge", False))


def test_clue_giver_leaves_the_most_candidates() -> None:
    for seed in range(20):
        s = _to_clue(seed=seed)
        ctx = bot_context(GAME, s, s.giver, random.Random(seed))
        m = StateIQBot("hard", seed).choose(ctx)
        assert m is not None and m in ctx.legal

        def left(move: Move) -> int:
            return len(candidates([tuple(move.data)], set()))

        assert left(m) == max(left(x) for x in ctx.legal)


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_the_computer_does_not_repeat_a_clue_about_its_card(difficulty: str) -> None:
    """A play-test (Level 2, seed 6): the computer gave "It became a state in 1889" for
    the first guess and again for the second. A repeated clue tells the guessing team
    nothing; the computer gives a clue not yet given about this card while it can."""
    repeats_possible = 0
    for seed in range(40):
        s = GAME.new(seed, level=2)
        s = GAME.apply(s, Move(0, "plunge", False))
        s = GAME.apply(s, Move(1, "plunge", False))
        rng = random.Random(seed)
        bots = [StateIQBot(difficulty, seed), StateIQBot(difficulty, seed + 1)]
        while not GAME.is_over(s):
            seat = min(GAME.to_move(s))
            ctx = bot_context(GAME, s, seat, rng)
            m = bots[seat].choose(ctx)
            assert m is not None
            if m.kind == "clue":
                v = ctx.view
                target = len(v["cards"][seat]) - 1
                known = {(c["kind"], c["value"]) for c in v["clues"]
                         if c["team"] == 1 - seat and c["target"] == target}  # fmt: skip
                fresh = [x for x in ctx.legal if tuple(x.data) not in known]
                if len(fresh) < len(list(ctx.legal)):
                    repeats_possible += 1
                if fresh:
                    assert tuple(m.data) not in known, (seed, m.data, known)
            s = GAME.apply(s, m)
    assert repeats_possible > 0, "no deal offered a repeat: the test saw nothing"


def test_guesser_names_the_only_candidate_when_it_remembers() -> None:
    """Given a telling clue (the capital), a hard bot names the state."""
    s = _to_clue(level=3, geo=[[0, "TX"], [1, "ME"]], power=[[0, "P05"]])
    assert decks.power_card("P05").abc[0] == "C"
    held = s.held(s.giver)
    card = decks.clue_card(s.turned[0])
    kind = card.options[0]
    s = GAME.apply(s, Move(s.giver, "clue", [kind, decks.clue_value(kind, held)]))
    ctx = bot_context(GAME, s, s.guesser, random.Random(0))
    m = StateIQBot("hard", 0).choose(ctx)
    left = candidates([(kind, decks.clue_value(kind, held))], set())
    assert m.data in left
    if len(left) == 1:
        assert m.data == held


def test_memory_quality_sets_the_difficulty() -> None:
    clues = [("bird", "Northern Cardinal"), ("time_zone", "Eastern")]
    allowed = sorted(c.state for c in decks.map_deck())
    perfect = guess_weights(clues, allowed, 1.0)
    assert {c for c, w in perfect.items() if w == 1.0} == {"IN", "KY", "NC", "OH", "VA", "WV"}
    weak = guess_weights(clues, allowed, 0.3, "x")
    assert sum(w > 0.5 for w in weak.values()) < 6  # it forgets some of them


def test_hard_beats_easy() -> None:
    r = run_state_iq(3, 80, 7, ("easy", "hard"))
    assert r["errors"] == 0
    assert r["results"]["team2"] > 2 * r["results"]["team1"]


@pytest.mark.parametrize("level", [2, 3, 4])
def test_simulate_has_no_errors(level: int) -> None:
    r = run_state_iq(level, 30, 1, ("medium", "hard"))
    assert r["errors"] == 0 and r["games"] == 30
    assert sum(r["results"].values()) == 30


def test_bot_moves_are_fast() -> None:
    """Budget: p99 <= 50 ms a move in the browser; on CPython a move takes about 1 ms of CPU."""
    times = []
    for seed in range(40):
        s = GAME.new(seed, level=4)
        bots = [StateIQBot("hard", seed), StateIQBot("easy", seed + 1)]
        rng = random.Random(seed)
        while not GAME.is_over(s):
            seat = min(GAME.to_move(s))
            ctx = bot_context(GAME, s, seat, rng)
            t0 = time.process_time()
            m = bots[seat].choose(ctx)
            times.append(time.process_time() - t0)
            s = GAME.apply(s, m)
    times.sort()
    assert times[int(len(times) * 0.99)] < 0.01  # CPU time: about 1 ms here

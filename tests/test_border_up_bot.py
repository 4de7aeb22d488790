"""The Border-Up computer opponent and the bot-against-bot simulator."""

from __future__ import annotations

import json
import random
import statistics
from dataclasses import replace

import pytest

from cardroom.core import REFEREE, Move
from cardroom.geoplunge import bot, simulate
from cardroom.geoplunge.border_up import GAME, BorderUpState, deck
from cardroom.geoplunge.groups import check_shout


def dealt(seed: int, level: int) -> BorderUpState:
    return GAME.apply(GAME.new(seed, level=level), Move(REFEREE, "count", None, 5000))


def view(s: BorderUpState, seat: int) -> dict:
    # The bot gets exactly what a screen would: the JSON view.
    return json.loads(json.dumps(GAME.view(s, seat)))


def race_plans(level: int, difficulty: str, n: int = 150):
    out = []
    for seed in range(n):
        s = dealt(seed, level)
        p = bot.plan(view(s, 0), difficulty, random.Random(seed))
        out.append((s, p))
    return out


def test_plans_are_legal_timed_moves():
    for level in (2, 3, 4):
        for s, p in race_plans(level, "medium", 40):
            assert p.move is not None and p.move.at == s.race_start + p.delay_ms
            assert p.move in GAME.legal_moves(s, 0)
            GAME.apply(s, p.move)


def test_hard_is_never_wrong_and_easy_sometimes_is():
    wrong = {}
    for difficulty in ("easy", "hard"):
        bad = total = 0
        for level in (2, 3, 4):
            for _s, p in race_plans(level, difficulty):
                if p.move.kind == "shout":
                    total += 1
                    call, groups = p.move.data
                    bad += not check_shout(call, groups, level).valid
        wrong[difficulty] = bad / total
    assert wrong["hard"] == 0
    assert 0.1 < wrong["easy"] < 0.4, wrong


def test_delays_follow_difficulty_and_level():
    mean = {
        (d, level): statistics.mean(p.delay_ms for _, p in race_plans(level, d, 80))
        for d in bot.DIFFICULTIES
        for level in (2, 4)
    }
    for level in (2, 4):
        assert mean[("hard", level)] < mean[("medium", level)] < mean[("easy", level)]
    for d in bot.DIFFICULTIES:
        assert mean[(d, 2)] < mean[(d, 4)]
    # Seeded: the same view and seed give the same plan.
    s = dealt(7, 3)
    assert bot.plan(view(s, 1), "easy", random.Random(1)) == bot.plan(
        view(s, 1), "easy", random.Random(1)
    )


def test_harder_hands_take_longer():
    from cardroom.geoplunge import solver

    rng = random.Random(3)
    codes = list(deck())
    hands = [rng.sample(codes, 18) for _ in range(200)]
    scored = sorted(hands, key=lambda h: bot.hand_hardness(solver.Hand(h, 2)))
    easy_hands, hard_hands = scored[:40], scored[-40:]

    def mean_delay(hands):
        delays = []
        for i, h in enumerate(hands):
            s = dealt(i, 2)
            s = replace(s, hands=(tuple(sorted(h)), s.hands[1]))
            p = bot.plan(view(s, 0), "medium", random.Random(i))
            if p.move.kind == "shout":
                delays.append(p.delay_ms)
        return statistics.mean(delays)

    assert mean_delay(easy_hands) < mean_delay(hard_hands)


def test_bot_passes_without_a_geoplunge():
    s = dealt(1, 4)
    hopeless = ("AK", "HI", "ME", "FL", "WA", "TX", "MI", "SC", "CA", "MN", "LA", "DE",
                "VT", "ND", "NM", "OH", "NC", "NV", "MT", "RI", "AL")  # fmt: skip
    from cardroom.geoplunge import solver

    assert solver.solve(hopeless, 4).geoplunge is None
    rest = tuple(c for c in deck() if c not in hopeless)
    s = replace(s, hands=(tuple(sorted(hopeless)), rest[:21]), deck=rest[21:])
    p = bot.plan(view(s, 0), "hard", random.Random(0))
    assert p.move.kind == "pass"
    assert p.move.at < s.race_ends


def test_plunge_decisions_and_nothing_to_do():
    s = GAME.new(5, level=2)
    picks = [bot.plan(view(s, 0), "hard", random.Random(i)) for i in range(200)]
    assert all(p.move.kind == "plunge" and p.move.at == p.delay_ms for p in picks)
    share = sum(p.move.data for p in picks) / len(picks)
    assert 0.55 < share < 0.85
    easy = [bot.plan(view(s, 0), "easy", random.Random(i)) for i in range(200)]
    assert sum(p.move.data for p in easy) < sum(p.move.data for p in picks)
    s = GAME.apply(s, Move(0, "plunge", True, 100))
    assert bot.plan(view(s, 0), "hard", random.Random(0)) == (0, None)
    assert bot.plan(view(s, REFEREE), "hard", random.Random(0)) == (0, None)
    with pytest.raises(ValueError):
        bot.plan(view(s, 1), "expert", random.Random(0))


@pytest.mark.parametrize("level", [2, 3, 4])
def test_simulate_has_no_errors(level):
    for teams in (("medium", "medium"), ("easy", "hard")):
        report = simulate.run(level, 40, seed=level * 100, difficulties=teams)
        assert report["errors"] == 0
        assert sum(report["results"].values()) == 40
        assert set(report) == {"game", "level", "games", "errors", "results", "seconds"}
    report = simulate.run(level, 60, seed=1, difficulties=("hard", "easy"))
    assert report["results"]["team1"] > report["results"]["team2"]


def test_simulate_counts_broken_invariants(monkeypatch):
    # A game whose views leak the other hand: every game is an error.
    original = GAME.view

    def leaky(s, seat):
        v = original(s, seat)
        if seat in (0, 1):
            v["peek"] = list(s.hands[1 - seat])
        return v

    monkeypatch.setattr(GAME, "view", leaky)
    assert simulate.run(2, 5, seed=0)["errors"] == 5


# --------------------------------------------------------------------------- the v2 bot interface


def test_bot_classes_choose_from_the_context_only():
    """Each difficulty is a Bot class choosing from a BotContext (view, legal moves, its
    own rng, the time); it plans once per phase, exactly as ``plan`` does."""
    from cardroom.core import BotContext, bot_context

    assert [bot.BOTS[d].difficulty for d in bot.DIFFICULTIES] == list(bot.DIFFICULTIES)
    for difficulty in bot.DIFFICULTIES:
        s = dealt(3, 3)
        b = bot.bot(difficulty)
        ctx = bot_context(GAME, s, 0, random.Random(9), GAME.clock(s))
        assert set(vars(ctx)) >= {"view", "legal", "rng", "now"} and not hasattr(ctx, "state")
        move = b.choose(ctx)
        assert move == bot.plan(view(s, 0), difficulty, random.Random(9)).move
        # Asked again in the same phase: the same move, no new draw.
        again = bot_context(GAME, s, 0, random.Random(123), GAME.clock(s))
        assert b.choose(again) == move and move in again.legal
        # A context built by hand from JSON works the same (no state needed).
        hand_made = BotContext(GAME, 0, view(s, 0), GAME.legal_moves(s, 0), random.Random(9))
        assert bot.bot(difficulty).choose(hand_made) == move
        # Once played, nothing more to do; the other seat has its own plan.
        after = GAME.apply(s, move)
        if not GAME.is_over(after):
            assert (
                b.choose(bot_context(GAME, after, 0, random.Random(1), GAME.clock(after))) is None
            )
    with pytest.raises(ValueError):
        bot.bot("expert")


def test_a_late_plan_is_sent_at_the_table_time():
    from cardroom.core import bot_context

    s = GAME.new(5, level=2)
    b = bot.HardBot()
    first = b.choose(bot_context(GAME, s, 1, random.Random(2), 0))
    assert first.kind == "plunge" and first.at > 0
    later = b.choose(bot_context(GAME, s, 1, random.Random(2), first.at + 700))
    assert later == first.with_time(first.at + 700) and later.at == first.at + 700


def test_simulate_figures_are_unchanged():
    """Seeded simulations replay exactly (a regression pin: these figures change only when
    a bot's play changes, as when medium's slips became near misses, or the paces of
    R-240)."""
    assert simulate.run(2, 60, seed=1)["results"] == {"team1": 26, "team2": 34, "tie": 0}
    hard = simulate.run(4, 40, seed=7, difficulties=("hard", "easy"))["results"]
    assert hard == {"team1": 40, "team2": 0, "tie": 0}


def test_medium_slips_are_near_misses():
    """A wrong shout from the bot is a slip a person could make: every card of a wrong
    group borders another card of that group (no IL-WI-DE)."""
    from cardroom import atlas
    from cardroom.geoplunge import bot as bot_mod
    from cardroom.geoplunge import solver

    borders = atlas.borders()
    rng = random.Random(3)
    slips = 0
    deck = sorted(borders)
    for level in (2, 3, 4):
        for _ in range(150):
            hand = rng.sample(deck, 21 if level == 4 else 18)
            best = solver.solve(hand, level).best
            if best is None:
                continue
            call, groups = best
            out = bot_mod._corrupt(call, [list(g) for g in groups], hand, level, rng)
            if out is None:
                continue
            slips += 1
            for g in out:
                for c in g:
                    assert any(c in borders[o] for o in g if o != c), (level, out)
    assert slips > 100

"""A GeoPlunge match (R-160..R-167): the picks, the order of games, carry-overs between
games, the round clock, points and the saved record."""

from __future__ import annotations

import json
import random

import pytest

from cardroom import atlas
from cardroom.conformance import check_game
from cardroom.core import IllegalMove, Move
from cardroom.geoplunge import decks
from cardroom.match import (
    PICKS,
    CorruptMatch,
    Match,
    _bot,
    play_match,
    play_up,
    simulate,
)

CALL = PICKS["call"]
NOON = PICKS["afternoon"]
RANK = {s.code: s.statehood_rank for s in atlas.states()}
VERSION = {p.id: p.version for p in decks.power_deck()}


# ------------------------------------------------------------------ the picks


@pytest.mark.parametrize("kind", ["afternoon", "call"])
def test_the_picks_pass_the_conformance_harness(kind: str) -> None:
    """A Call pick is hidden from the other team until both are in (R-161): the harness
    checks that no view depends on what the seat has not seen (resample and pin)."""
    games = [1, 2, 3, 4, 5] if kind == "call" else [1, 2, 3, 4]
    report = check_game(PICKS[kind], range(60), {"kind": kind, "games": games})
    assert report.games == 60 and report.resampled > 0
    assert (report.pinned > 0) == (kind == "call")  # an afternoon pick hides nothing
    assert report.refused > 0  # out-of-turn and illegal picks were tried and refused


def test_a_call_pick_stays_secret_until_both_are_in() -> None:
    s = CALL.new(3, kind="call")
    s = CALL.apply(s, Move(0, "call", [3, 5]))
    assert CALL.view(s, 1)["choices"] == [None, None]
    assert CALL.view(s, 1)["picked"] == [True, False]
    assert CALL.view(s, 0)["choices"] == [[3, 5], None]
    with pytest.raises(IllegalMove):
        CALL.apply(s, Move(0, "call", [1, 2]))  # once only
    s = CALL.apply(s, Move(1, "call", [2, 3]))
    # the rule book's example: Games 3 and 5, Games 2 and 3 -> 2, 3, 5, in game order
    assert CALL.order(s) == (2, 3, 5)
    assert CALL.view(s, 1)["choices"] == [[3, 5], [2, 3]]


@pytest.mark.parametrize("bad", [[3, 3], [0, 2], [1, 6], [1], "12", [True, 2]])
def test_a_call_names_two_different_games(bad: object) -> None:
    s = CALL.new(1, kind="call")
    with pytest.raises((IllegalMove, ValueError)):
        CALL.apply(s, Move(0, "call", bad))


def test_the_afternoon_pick_goes_to_the_older_state_then_a_different_game() -> None:
    for seed in range(30):
        s = NOON.new(seed, kind="afternoon", games=[1, 2, 3, 4])
        a, b = s.cards  # type: ignore[misc]
        first = 0 if RANK[a] < RANK[b] else 1
        assert NOON.to_move(s) == {first}
        with pytest.raises(IllegalMove):
            NOON.apply(s, Move(1 - first, "choose", 2))
        s = NOON.apply(s, Move(first, "choose", 4))
        assert NOON.to_move(s) == {1 - first}
        with pytest.raises(IllegalMove):
            NOON.apply(s, Move(1 - first, "choose", 4))
        s = NOON.apply(s, Move(1 - first, "choose", 1))
        assert NOON.order(s) == (4, 1)  # in the order chosen


# ------------------------------------------------------------------ the match


def _play(m: Match, diffs=("medium", "medium")) -> Match:
    return play_match(m, diffs)


@pytest.mark.parametrize(
    ("combo", "kind", "order"),
    [(2, "morning", (1, 2, 3, 4)), (3, "morning", (1, 2, 3, 4, 5)), (4, "all", (1, 2, 3, 4, 5))],
)
def test_games_cycle_in_order_until_the_round_clock_runs_out(combo, kind, order) -> None:
    m = _play(Match.new(5, combo, kind))
    assert m.order == order
    numbers = [p.number for p in m.playing]
    assert numbers == [order[i % len(order)] for i in range(len(numbers))]
    assert len(numbers) > len(order), "a 20-minute round goes round the games more than once"
    assert m.elapsed_ms == m.limit_ms == 20 * 60_000
    last = m.playing[-1]
    assert last.timed_out and last.points == (0, 0)
    assert m.points() == tuple(sum(p.points[t] for p in m.playing) for t in (0, 1))
    a, b = m.points()
    assert m.winner() == (None if a == b else int(b > a))


def test_the_round_clock_can_be_shortened_and_is_shared() -> None:
    m = _play(Match.new(2, 4, "all", minutes=3))
    assert m.limit_ms == 180_000 and m.elapsed_ms == 180_000
    with pytest.raises(ValueError):
        Match.new(1, 4, "all", minutes=0)
    with pytest.raises(ValueError):
        Match.new(1, 2, "call")  # Combo 2 has morning and afternoon rounds


def test_a_game_stopped_by_the_clock_scores_nothing_and_later_moves_are_refused() -> None:
    m = Match.new(9, 2, "morning", minutes=1)
    up = m.up()
    bots = [_bot(up.slug, "easy", f"x{t}") for t in (0, 1)]
    moves, timed_out = play_up(up, bots, [random.Random(t) for t in (0, 1)])
    if not timed_out:  # an easy Border-Up rarely ends within a minute; keep the test honest
        pytest.skip("that game ended within the minute")
    done = m.record(moves, timed_out=True)
    assert done.over and done.points() == (0, 0) and done.elapsed_ms == 60_000
    with pytest.raises(ValueError):
        m.record(moves)  # neither over nor stopped


def test_afternoon_and_call_matches_play_what_was_picked() -> None:
    m = Match.new(4, 3, "afternoon")
    assert m.up().slug == "match-pick"
    s = NOON.new(m.up().seed, **m.up().options)
    first = s.first
    m = m.record([Move(first, "choose", 5), Move(1 - first, "choose", 2)])
    assert m.order == (5, 2)
    assert m.up().slug == "chummy-challenge"
    m = _play(m)
    assert {p.number for p in m.playing} == {5, 2}

    c = Match.new(4, 4, "call")
    c = c.record([Move(0, "call", [3, 5]), Move(1, "call", [2, 3])])
    assert c.order == (2, 3, 5)


def test_carry_overs_between_games() -> None:
    """R-163, R-164: State IQ's first guesser (Level 2, after Border-Up), Game 4's lead
    (the winner of the game just played), Game 4's version from the top Power card, and
    the Power deck passed on with its turned cards at the bottom."""
    seen = {"siq": 0, "lead": 0, "version": 0}

    def check(m: Match, up) -> None:
        before = m.playing[:-1]
        prev = before[-1] if before else None
        if up.slug == "state-iq" and m.level == 2:
            want = prev.winner if prev is not None and prev.number == 1 else None
            assert up.options["carry"]["winner"] == want
            seen["siq"] += want is not None
        if up.number == 4:
            want = prev.winner if prev is not None else None
            if m.level == 2 and (prev is None or prev.number != 3):
                want = None
            assert up.options["carry"] == {"winner": want}
            seen["lead"] += want is not None
            if m.level > 2:
                top = up_power[0]
                v = VERSION[top]
                assert up.slug == ("border-zap" if v == "PTB" else "play-the-ranks")
                assert up.options.get("version") == (None if v == "PTB" else v.lower())
                seen["version"] += 1
        up_power[:] = list(m.power)

    for combo in (2, 3, 4):
        m = Match.new(11, combo)
        up_power = list(m.power)
        play_match(m, on_game=check)
    assert seen["siq"] and seen["lead"] and seen["version"]


def test_the_power_deck_travels_from_state_iq_to_dashing_states() -> None:
    m = Match.new(21, 4, "all")
    deck0 = m.power
    m = m.record(_moves(m))  # Game 1
    assert m.power == deck0
    up = m.up()
    assert up.slug == "state-iq" and up.options["carry"]["power"] == list(deck0)
    m = m.record(_moves(m))  # Game 2 turns the top card: it goes to the bottom
    assert sorted(m.power) == sorted(deck0) and m.power[-1] == deck0[0]
    assert m.up().options["carry"]["power"] == list(m.power)


def _moves(m: Match) -> list[Move]:
    up = m.up()
    bots = [_bot(up.slug, "medium", f"{m.seed}:{t}") for t in (0, 1)]
    moves, timed_out = play_up(up, bots, [random.Random(t) for t in (0, 1)])
    assert not timed_out
    return moves


# ------------------------------------------------------------------ the record


def test_a_match_resumes_exactly_from_its_record() -> None:
    m = _play(Match.new(8, 3, "afternoon", minutes=5))
    text = json.dumps(m.to_json())
    assert Match.from_json(json.loads(text)) == m
    # half way through, too
    half = Match.new(8, 3, "afternoon", minutes=5)
    for p in m.played[: len(m.played) // 2]:
        half = half.record(p.moves, timed_out=p.timed_out)
    assert Match.from_json(json.loads(json.dumps(half.to_json()))) == half


@pytest.mark.parametrize(
    "tamper",
    [
        lambda r: r.update(combo=5),
        lambda r: r.update(minutes=0),
        lambda r: r.update(kind="call"),  # a Combo 3 record
        lambda r: r["played"][1]["moves"].pop(),  # a game left unfinished
        lambda r: r["played"][1]["moves"][0].update(kind="zap"),
        lambda r: r["played"].append({"moves": [], "timed_out": True}),  # after the end
        lambda r: r["played"][0].update(extra=1),
        lambda r: r.update(played="none"),
    ],
)
def test_a_corrupt_record_is_refused(tamper) -> None:
    m = _play(Match.new(8, 3, "morning", minutes=4))
    record = json.loads(json.dumps(m.to_json()))
    tamper(record)
    with pytest.raises(CorruptMatch):
        Match.from_json(record)


@pytest.mark.parametrize("combo", [2, 3, 4])
def test_simulated_matches_have_no_errors(combo: int) -> None:
    report = simulate(combo, 4, seed=1, minutes=6)
    assert report["errors"] == 0, report.get("first_error")
    assert sum(report["results"].values()) == 4


def test_the_command_line_simulates_matches(capsys: pytest.CaptureFixture[str]) -> None:
    from cardroom.cli import main  # noqa: PLC0415

    assert main(["simulate", "match", "--combo", "3", "--games", "2", "--seed", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["errors"] == 0 and report["games"] == 2 and report["combo"] == 3
    assert main(["simulate", "match", "--combo", "2", "--kind", "call"]) == 2
    assert "morning or afternoon" in capsys.readouterr().err


def test_each_game_of_a_match_names_its_computer_team_in_the_registry() -> None:
    from cardroom import games
    from cardroom.match import COMBO_GAMES

    in_match = {s for _, slugs in COMBO_GAMES.values() for s in slugs if s != "game-4"}
    for slug in in_match | {"play-the-ranks", "border-zap"}:
        bot = games.team_bot(slug, "easy", "7:0:1")
        assert callable(getattr(bot, "choose", None)), slug
    with pytest.raises(ValueError, match="no computer team"):
        games.team_bot("sequence", "easy", "1")

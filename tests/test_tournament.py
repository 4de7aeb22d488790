"""The tournament director: pairing without avoidable rematches (brute force), byes,
result codes, standings, the championship's rules, saving and loading."""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardroom import tournament as T
from cardroom.core import CorruptState


def _league(n: int, combo: int = 4, rounds: int | None = None, seed: int = 1) -> T.Tournament:
    t = T.new_tournament("League", combo, rounds=rounds, seed=seed)
    for i in range(n):
        t = T.add_team(t, f"Team {i + 1}", ("Ann", "Bo", "Cy"))
    return t


def _play_round(t: T.Tournament, rng: random.Random) -> T.Tournament:
    t = T.pair_next_round(t)
    for p in t.played[-1].pairings:
        if p.b is not None:
            t = T.record_result(
                t, len(t.played), p.a, p.b, rng.randrange(0, 120, 5), rng.randrange(0, 120, 5)
            )
    return t


def test_round_plans_follow_the_books():
    # Combos 2 and 3: four morning rounds of 20 minutes, four afternoon rounds of 12.
    for combo in (2, 3):
        kinds = [T.round_plan(combo, r)["kind"] for r in range(1, 9)]
        assert kinds == ["morning"] * 4 + ["afternoon"] * 4
        assert [T.round_plan(combo, r)["minutes"] for r in (1, 5)] == [20, 12]
    # Combo 4: All matches in odd rounds, Call matches in even rounds.
    assert [T.round_plan(4, r)["kind"] for r in range(1, 7)] == ["all", "call"] * 3
    assert (
        len(T.COMBOS[2].games) == 4
        and len(T.COMBOS[3].games) == T.COMBOS[4].championship_games == 5
    )
    with pytest.raises(T.TournamentError):
        T.round_plan(5, 1)


def test_registration_rules():
    t = _league(2)
    with pytest.raises(T.TournamentError, match="already"):
        T.add_team(t, " team  1 ", ("a", "b", "c"))
    with pytest.raises(T.TournamentError, match="three"):
        T.add_team(t, "Duo", ("a", "b"))
    with pytest.raises(T.TournamentError, match="empty"):
        T.add_team(t, "Blank", ("a", " ", "c"))
    t = T.rename_player(t, 1, 2, "Cyrus")
    assert t.team(1).players == ("Ann", "Bo", "Cyrus")
    t = T.rename_team(t, 2, "Rivers")
    assert t.team(2).name == "Rivers"
    t = _play_round(t, random.Random(1))
    t = T.add_team(t, "Late", ("x", "y", "z"))  # joins from round 2
    assert t.team(3).joined == 2
    t = T.pair_next_round(t)
    assert any(3 in (p.a, p.b) for p in t.played[-1].pairings)


@pytest.mark.parametrize("n", range(2, 11))
def test_no_rematch_while_one_is_avoidable_brute_force(n):
    for combo, seed in ((2, 1), (4, 2), (3, 3)):
        rng = random.Random(seed)
        t = _league(n, combo, rounds=8, seed=seed)
        for rnd in range(1, 9):
            floor = T.min_rematches(t)
            t = _play_round(t, rng)
            assert T.rematches(t, rnd) == floor, (n, combo, rnd)
            ids = sorted(x for p in t.played[-1].pairings for x in (p.a, p.b) if x)
            assert ids == list(range(1, n + 1))
            assert sum(p.b is None for p in t.played[-1].pairings) == n % 2


@pytest.mark.parametrize("n", [9, 10, 12, 16])
def test_a_round_robin_length_event_has_no_rematch_at_all(n):
    # 8 rounds for 9 or more teams: a rematch is always avoidable with foresight.
    t = _league(n, 4, rounds=8, seed=n)
    rng = random.Random(n)
    for _ in range(8):
        t = _play_round(t, rng)
    assert sum(T.rematches(t, r) for r in range(1, 9)) == 0


def test_byes_go_round_before_anyone_gets_a_second():
    t = _league(5, rounds=5, seed=4)
    rng = random.Random(4)
    for _ in range(5):
        t = _play_round(t, rng)
    byes = [p.a for r in t.played for p in r.pairings if p.b is None]
    assert sorted(byes) == [1, 2, 3, 4, 5]


def test_bye_counts_as_a_win_with_average_points():
    t = _league(3, rounds=1, seed=0)
    t = T.pair_next_round(t)
    (bye,) = [p.a for p in t.played[0].pairings if p.b is None]
    (game,) = [p for p in t.played[0].pairings if p.b is not None]
    t = T.record_result(t, 1, game.a, game.b, 30, 10)
    table = {s.team.id: s for s in T.standings(t)}
    assert table[bye].won == 1 and table[bye].byes == 1 and table[bye].points == 0
    assert table[game.a].won == 1 and table[game.b].lost == 1


@pytest.mark.parametrize("n", [2, 3, 7, 13, 24, 40])
def test_simulated_tournaments_have_no_errors(n):
    for combo in (2, 3, 4):
        report = T.simulate(combo, n, seed=n + combo)
        assert report["errors"] == 0, report["messages"]
        assert report["champion"] is not None


def test_result_codes_catch_every_single_typo_and_neighbour_swap():
    t = _league(4)
    code = T.result_code(t, 3, 2, 4, 40, 25)
    assert T.parse_result_code(t, code) == (3, 2, 4, 40, 25)
    digits = code.replace("-", "")
    for i in range(len(digits)):
        for d in "0123456789":
            if d != digits[i]:
                with pytest.raises(T.TournamentError):
                    T.parse_result_code(t, digits[:i] + d + digits[i + 1 :])
        if i + 1 < len(digits) and digits[i] != digits[i + 1]:
            swapped = digits[:i] + digits[i + 1] + digits[i] + digits[i + 2 :]
            with pytest.raises(T.TournamentError):
                T.parse_result_code(t, swapped)
    other = T.new_tournament("Other cup", 4, seed=99)
    assert other.code != t.code
    with pytest.raises(T.TournamentError, match="another tournament"):
        T.parse_result_code(other, code)


def test_championship_clinches_like_the_book():
    t = _league(2, combo=2, rounds=1, seed=0)
    t = _play_round(t, random.Random(0))
    a, b = T.championship_state(t)["finalists"]
    # Three straight wins end a four-game final early.
    x = t
    for _ in range(3):
        x = T.record_final_game(x, a)
    assert T.championship_state(x) == {**T.championship_state(x), "stage": "done", "champion": a}
    # Two wins and a tie in the first three games also end it.
    y = T.record_final_game(T.record_final_game(T.record_final_game(t, a), None), a)
    assert T.championship_state(y)["stage"] == "done"
    # Two wins and a loss do not.
    z = T.record_final_game(T.record_final_game(T.record_final_game(t, a), b), a)
    assert T.championship_state(z)["stage"] == "final"
    # A level final goes to a Border-Up tie-breaker, replayed while it ties.
    w = t
    for g in (a, b, None, None):
        w = T.record_final_game(w, g)
    assert T.championship_state(w)["stage"] == "tiebreak"
    w = T.record_final_game(T.record_final_game(w, None), b)
    state = T.championship_state(w)
    assert state["stage"] == "done" and state["champion"] == b and state["how"] == "tiebreak"
    with pytest.raises(T.TournamentError):
        T.record_final_game(w, a)


def test_tied_places_go_to_border_up_playoffs():
    t = _league(4, combo=3, rounds=1, seed=0)
    t = T.pair_next_round(t)
    for p in t.played[0].pairings:
        t = T.record_result(t, 1, p.a, p.b, 10, 10)  # everybody tied: nobody won a match
    state = T.championship_state(t)
    assert state["stage"] == "playoff"
    seen = []
    while state["stage"] == "playoff":
        a, b = state["playoff"]
        seen.append((a, b))
        if len(seen) == 1:
            t = T.record_playoff(t, None)  # a tied playoff is replayed
            assert T.championship_state(t)["playoff"] == [a, b]
        t = T.record_playoff(t, a)
        state = T.championship_state(t)
    assert len(seen) == 2  # four teams for two places: two knock-outs
    assert state["stage"] == "final" and len(set(state["finalists"])) == 2
    assert T.COMBOS[3].championship_games == 5  # "all four games" is all five


def test_json_round_trip_and_corrupt_files():
    t = _league(6, rounds=3)
    rng = random.Random(2)
    for _ in range(3):
        t = _play_round(t, rng)
    state = T.championship_state(t)
    while state["stage"] == "playoff":
        t = T.record_playoff(t, state["playoff"][0])
        state = T.championship_state(t)
    t = T.record_final_game(t, state["finalists"][0])
    data = json.loads(json.dumps(T.to_json(t)))
    assert T.from_json(data) == t and T.from_json(json.dumps(data)) == t
    bad = [
        "{not json",
        {**data, "format": "other"},
        {**data, "combo": 7},
        {**data, "extra": 1},
        {**data, "teams": data["teams"] + [data["teams"][0]]},
        {**data, "played": data["played"][::-1]},
        {**data, "championship": {**data["championship"], "games": [99]}},
        {**data, "championship": {**data["championship"], "playoffs": [[1, 1, 1]]}},
        {**data, "championship": {**data["championship"], "games": [1, 2, 1, 2, 1, 2]}},
    ]
    for obj in bad:
        with pytest.raises(CorruptState):
            T.from_json(obj)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from([None, -1, 0, "x", [], {}, 10**9, True]),
)
def test_mutated_files_only_raise_corrupt_state(k, junk):
    t = _league(5, rounds=2)
    rng = random.Random(3)
    for _ in range(2):
        t = _play_round(t, rng)
    data = T.to_json(t)
    r = random.Random(k)
    obj = json.loads(json.dumps(data))
    node = obj
    for _ in range(r.randint(1, 4)):
        key = (
            r.choice(sorted(node))
            if isinstance(node, dict)
            else r.randrange(len(node))
            if node
            else None
        )
        if key is None:
            break
        if not isinstance(node[key], (dict, list)) or r.random() < 0.4:
            node[key] = junk
            break
        node = node[key]
    with contextlib.suppress(CorruptState):
        T.from_json(obj)


def test_standings_csv_and_ranks():
    t = _league(4, rounds=1)
    t = T.pair_next_round(t)
    p1, p2 = t.played[0].pairings
    t = T.record_result(t, 1, p1.a, p1.b, 40, 10)
    t = T.record_result(t, 1, p2.a, p2.b, 40, 10)
    rows = T.standings(t)
    assert [r.rank for r in rows] == [1, 1, 3, 3]
    lines = T.standings_csv(t).splitlines()
    assert lines[0].startswith("rank,team,players") and len(lines) == 5


def test_command_line_runs_a_tournament(tmp_path):
    f = str(tmp_path / "cup.json")

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "cardroom", "tournament", *args],
            capture_output=True,
            text=True,
            timeout=60,
        )

    assert run("new", f, "--name", "Cup", "--combo", "2", "--rounds", "1").returncode == 0
    for i in (1, 2):
        assert run("add", f, f"Team {i}", "A", "B", "C").returncode == 0
    out = run("pair", f)
    assert out.returncode == 0 and "Team 1 (#1) vs Team 2 (#2)" in out.stdout
    code = run("code", f, "1", "1", "2", "30", "10").stdout.strip()
    assert run("record", f, "--code", code).returncode == 0
    bad = run("record", f, "--code", code[:-1] + str((int(code[-1]) + 1) % 10))
    assert bad.returncode == 1 and "typo" in bad.stderr
    st_ = run("standings", f, "--csv")
    assert st_.stdout.splitlines()[1].startswith("1,Team 1")
    for _ in range(4):
        out = run("final", f, "Team 1")
        if "Champion" in out.stdout:
            break
    assert "Champion: Team 1" in out.stdout
    sim = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardroom",
            "simulate",
            "tournament",
            "--combo",
            "3",
            "--teams",
            "11",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert sim.returncode == 0 and json.loads(sim.stdout)["errors"] == 0


def _oracle_best(t: T.Tournament) -> tuple[int, int]:
    """The smallest (back-to-back meetings and byes, rematches and repeated byes) of any
    pairing of the next round, from the rounds played alone (not the pairing weights)."""
    last = t.played[-1].pairings if t.played else ()
    last_pairs = {frozenset((p.a, p.b)) for p in last if p.b is not None}
    last_bye = {p.a for p in last if p.b is None}
    met = {frozenset((p.a, p.b)) for r in t.played for p in r.pairings if p.b is not None}
    had_bye = {p.a for r in t.played for p in r.pairings if p.b is None}
    ids: list[int | None] = [x.id for x in t.teams]
    if len(ids) % 2:
        ids.append(None)

    def cost(a, b):
        if b is None or a is None:
            team = a if b is None else b
            return (int(team in last_bye), int(team in had_bye))
        key = frozenset((a, b))
        return (int(key in last_pairs), int(key in met))

    def best(rest):
        if not rest:
            return (0, 0)
        a, others = rest[0], rest[1:]
        out = (99, 99)
        for i, b in enumerate(others):
            c = cost(a, b)
            r = best(others[:i] + others[i + 1 :])
            out = min(out, (c[0] + r[0], c[1] + r[1]))
        return out

    return best(ids)


@pytest.mark.parametrize("n", range(3, 13))
def test_no_pair_meets_in_back_to_back_rounds_while_avoidable(n):
    # Combos 2 and 3: "switch who they play after each round"; Combo 4: "play a
    # different team in the next round". Every format's rounds (8), 3 to 12 teams.
    for combo in (2, 3, 4):
        rounds = T.COMBOS[combo].default_rounds
        for seed in (1, 7):
            rng = random.Random(seed * 100 + n)
            t = _league(n, combo, rounds=rounds, seed=seed)
            for rnd in range(1, rounds + 1):
                floor = _oracle_best(t)
                t = _play_round(t, rng)
                now = {frozenset((p.a, p.b)) for p in t.played[-1].pairings}
                before = (
                    {frozenset((p.a, p.b)) for p in t.played[-2].pairings} if rnd > 1 else set()
                )
                # A bye is {team, None}: the same bye twice running counts here too.
                cost = (len(now & before), T.rematches(t, rnd))
                assert cost == floor, (n, combo, seed, rnd)
            assert T.round_cost(t, rounds) == cost


def test_four_teams_cycle_the_three_pairings():
    # 4 teams over 8 rounds: the three possible pairings in turn, never one twice running.
    t = _league(4, 4, rounds=8, seed=3)
    rng = random.Random(3)
    for _ in range(8):
        t = _play_round(t, rng)
    rounds = [frozenset(frozenset((p.a, p.b)) for p in r.pairings) for r in t.played]
    assert all(a.isdisjoint(b) for a, b in zip(rounds, rounds[1:], strict=False))
    assert len(set(rounds[:3])) == 3


def test_six_teams_after_a_round_robin_do_not_replay_one_match():
    # The play-test: Combo 3, 6 teams: rounds 1-5 a round robin, then the same two
    # teams met in rounds 6, 7 and 8.
    for combo in (3, 4):
        t = _league(6, combo, rounds=8, seed=5)
        rng = random.Random(5)
        for _ in range(8):
            t = _play_round(t, rng)
        assert sum(T.rematches(t, r) for r in range(1, 6)) == 0
        for a, b in zip(t.played, t.played[1:], strict=False):
            pa = {frozenset((p.a, p.b)) for p in a.pairings}
            pb = {frozenset((p.a, p.b)) for p in b.pairings}
            assert not pa & pb, (combo, b.number, pa & pb)

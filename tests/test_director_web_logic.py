"""The tournament director's desk and pages on CPython (``cardroom.web.director.logic``,
``director_html``), the director's links, and the networkx zip the site ships."""

from __future__ import annotations

import io
import json
import re
import zipfile

import pytest

from cardroom import tournament as tm
from cardroom.web.director.html import render, schedule_rows
from cardroom.web.director.logic import (
    VIEWS,
    Desk,
    file_name,
    load_store,
    parse_tournament_link,
)
from cardroom.web.platform.routes import parse_link


def desk_with(teams: int, *, combo: int = 3, rounds: int = 8) -> Desk:
    d = Desk(combo=combo)
    assert d.act("create", {"name": "Spring Cup", "combo": str(combo), "rounds": str(rounds)})
    for i in range(teams):
        assert d.act(
            "add-team", {"name": f"Team {i + 1}", "player1": "A", "player2": "B", "player3": "C"}
        ), d.error
    return d


def play_round(d: Desk, score) -> None:
    assert d.act("pair", {}), d.error
    assert d.t is not None
    rnd = d.t.played[-1]
    for p in rnd.pairings:
        if p.b is None:
            continue
        pa, pb = score(p.a, p.b)
        data = {"round": str(rnd.number), "a": str(p.a), "b": str(p.b), "pa": str(pa)}
        assert d.act("result", {**data, "pb": str(pb)}), d.error


# ------------------------------------------------------------------ links (R-110, R-165)


def test_links() -> None:
    opts, problems = parse_tournament_link({"tournament": "new", "combo": "4"})
    assert (opts.action, opts.combo, problems) == ("new", 4, ())
    opts, problems = parse_tournament_link({"tournament": ""})
    assert (opts.action, problems) == ("open", ())
    opts, problems = parse_tournament_link({"tournament": "bogus", "combo": "7"})
    assert opts.action == "open" and len(problems) == 2
    assert "bogus" in problems[0] and "Combo “7”" in problems[1]
    route = parse_link({"tournament": "new", "combo": "3"})
    assert route.screen == "tournament" and route.problems == ()
    assert parse_link({"tournament": "new", "combo": "x"}).problems


# ------------------------------------------------------------------ registration


def test_create_register_rename_and_refusals_keep_what_was_typed() -> None:
    d = Desk()
    assert d.view == "new"
    assert not d.act("create", {"name": " ", "combo": "3", "rounds": "8"})
    assert d.error == "The tournament's name must not be empty." and d.t is None
    assert not d.act("create", {"name": "X", "combo": "5", "rounds": "8"})
    assert not d.act("create", {"name": "X", "combo": "3", "rounds": "21"})
    assert 'value="21"' in render(d) and 'id="td-error-create"' in render(d)
    d = desk_with(2)
    assert not d.act("add-team", {"name": "team 1", "player1": "a", "player2": "b", "player3": "c"})
    assert "already a team called" in d.error and d.error_at == "add-team"
    html = render(d)
    assert 'id="td-add-name" name="name" value="team 1"' in html
    assert d.act(
        "rename", {"team": "2", "name": "Eagles", "player1": "A", "player2": "Bo", "player3": "C"}
    )
    assert d.t is not None and d.t.team(2).name == "Eagles" and d.t.team(2).players[1] == "Bo"
    assert d.message == "Team 2 is now Eagles: A, Bo, C."
    assert not d.act(
        "rename", {"team": "2", "name": "", "player1": "A", "player2": "B", "player3": "C"}
    )
    assert d.error_at == "rename-2" and d.t.team(2).name == "Eagles"
    assert 'id="td-error-rename-2"' in render(d)
    assert not d.act("bogus", {})
    assert not d.act("show", {"view": "nowhere"})


def test_late_team_joins_next_round_and_none_after_the_last_pairing() -> None:
    d = desk_with(4, rounds=2)
    play_round(d, lambda a, b: (10, 5))
    assert d.act("add-team", {"name": "Late", "player1": "a", "player2": "b", "player3": "c"})
    assert "joins from round 2" in d.message
    d.view = "teams"
    assert "(joins in round 2)" in render(d)
    play_round(d, lambda a, b: (10, 5))
    d.view = "teams"
    assert "no team can join now" in render(d)
    assert not d.act("add-team", {"name": "Later", "player1": "a", "player2": "b", "player3": "c"})


# ------------------------------------------------------------------ rounds


def test_schedule_rows_for_each_combo() -> None:
    rows = schedule_rows(2, 8)
    assert [r[1] for r in rows] == ["morning"] * 4 + ["afternoon"] * 4
    assert [r[2] for r in rows] == [20] * 4 + [12] * 4
    assert "Games 1-4 at Level 2" in rows[0][3]
    rows = schedule_rows(3, 8)
    assert "Games 1-5 at Level 3" in rows[0][3]
    rows = schedule_rows(4, 8)
    assert [r[1] for r in rows] == ["all", "call"] * 4 and {r[2] for r in rows} == {20}
    d = desk_with(2, combo=4)
    d.view = "rounds"
    html = render(d)
    body = html[html.index("<tbody>") :]
    assert re.findall(r"<td[^>]*>(All|Call)</td>", body) == ["All", "Call"] * 4


def test_a_plural_team_name_takes_an_apostrophe() -> None:
    """A play-test: "Owls's points must be a whole number." """
    d = Desk(combo=3)
    assert d.act("create", {"name": "Room 12", "combo": "3", "rounds": "8"})
    for name in ("Owls", "Team Kay", "Foxes", "Team Lee"):
        assert d.act("add-team", {"name": name, "player1": "A", "player2": "B", "player3": "C"})
    assert d.act("pair", {}) and d.t is not None
    said = set()
    for p in d.t.played[0].pairings:
        data = {"round": "1", "a": str(p.a), "b": str(p.b)}
        for bad in ({"pa": "x", "pb": "1"}, {"pa": "1", "pb": ""}):
            assert not d.act("result", {**data, **bad})
            said.add(d.error)
    assert said == {
        "Owls' points must be a whole number.",
        "Foxes' points must be a whole number.",
        "Team Kay's points must be a whole number.",
        "Team Lee's points must be a whole number.",
    }


def test_pairing_swiss_without_rematches_results_codes_and_byes() -> None:
    d = desk_with(5)
    assert d.act("pair", {}) and d.view == "rounds" and d.focus == "td-round-1-h"
    assert d.t is not None
    r1 = d.t.played[0]
    assert sum(p.b is None for p in r1.pairings) == 1  # five teams: one bye (R-121)
    html = render(d)
    assert "has a bye: it counts as a match won." in html  # R-121
    assert not d.act("pair", {})  # results first
    assert "still has results to enter" in d.error
    games = [p for p in r1.pairings if p.b is not None]
    p = games[0]
    code = tm.result_code(d.t, 1, p.a, p.b, 120, 80)
    bad = code[:-1] + str((int(code[-1]) + 1) % 10)
    before = d.t
    assert not d.act("code", {"code": bad})
    assert "typo" in d.error and d.t is before and d.error_at == "code"
    assert f'value="{bad}"' in render(d)
    assert not d.act("code", {"code": "1234"})
    assert "15 digits" in d.error
    assert d.act("code", {"code": code})
    assert d.message.startswith("Result code accepted. Round 1:")
    q = games[1]
    base = {"round": "1", "a": str(q.a), "b": str(q.b)}
    assert not d.act("result", {**base, "pa": "", "pb": "3"})
    assert d.error_at == f"result-1-{q.a}-{q.b}" and "whole number" in d.error
    assert not d.act("result", {**base, "pa": "1000", "pb": "3"})
    assert d.act("result", {**base, "pa": "40", "pb": "40"})
    assert "(a tie)" in d.message
    met = {frozenset((x.a, x.b)) for x in d.t.played[0].pairings if x.b is not None}
    play_round(d, lambda a, b: (10, 20))
    r2 = {frozenset((x.a, x.b)) for x in d.t.played[1].pairings if x.b is not None}
    assert not met & r2  # different opponents (R-120)
    assert d.t.played[0].pairings != d.t.played[1].pairings


def test_standings_page_and_csv_name() -> None:
    d = desk_with(4)
    play_round(d, lambda a, b: (30, 10) if a < b else (10, 30))
    d.view = "standings"
    html = render(d)
    assert "After 1 of 8 rounds" in html and 'data-do="csv"' in html and 'data-do="print"' in html
    assert html.count("<tr>") == 5
    assert d.t is not None
    assert file_name(d.t, "standings", "csv") == "spring-cup-standings.csv"


# ------------------------------------------------------------------ championship


def test_a_whole_tournament_with_playoffs_a_level_final_and_a_tiebreaker() -> None:
    d = desk_with(4, rounds=3)
    for _ in range(3):  # team 1 wins, the rest tie: a three-way tie for second place
        play_round(d, lambda a, b: (30, 10) if a == 1 else (10, 30) if b == 1 else (20, 20))
    assert d.default_view() == "final"
    d.view = "final"
    assert "Border-Up playoff" in render(d)
    playoffs = 0
    while d.stage["stage"] == "playoff":
        a, b = d.stage["playoff"]  # type: ignore[misc]
        if playoffs == 0:
            assert d.act("playoff", {"winner": "tie"}) and "played again" in d.message
        assert 1 not in (a, b)  # team 1 is through on matches won
        assert not d.act("playoff", {"winner": "1"}) and "The playoff is between" in d.error
        assert d.act("playoff", {"winner": str(max(a, b))}), d.error
        playoffs += 1
    assert playoffs == 2
    fa, fb = d.stage["finalists"]  # type: ignore[misc]
    other = fb if fa == 1 else fa
    for w in ("1", str(other), "tie", "1", str(other)):
        assert d.act("final", {"winner": w}), d.error
    assert d.stage["stage"] == "tiebreak"
    html = render(d)
    assert "Border-Up tie-breaker" in html and "Chummy Challenge" in html
    # round results are final once the championship has started
    d.view = "rounds"
    assert 'data-action="result"' not in render(d) and 'data-action="code"' not in render(d)
    assert d.act("final", {"winner": "tie"}) and d.message == "The tie-breaker: a tie."
    assert d.act("final", {"winner": str(other)})
    assert d.stage["stage"] == "done" and d.stage["champion"] == other
    assert d.message.endswith("are the champions!")
    d.view = "final"
    assert "on the Border-Up tie-breaker" in render(d)
    assert not d.act("final", {"winner": "1"})


def test_an_early_clinch_ends_the_final() -> None:
    d = desk_with(2, combo=2, rounds=1)
    play_round(d, lambda a, b: (30, 10))
    fa, _fb = d.stage["finalists"]  # type: ignore[misc]
    for _ in range(3):
        assert d.act("final", {"winner": str(fa)})
    assert d.stage["stage"] == "done" and len(d.t.championship.games) == 3  # type: ignore[union-attr]


# ------------------------------------------------------------------ keeping and moving


def test_store_round_trip_corrupt_store_and_import() -> None:
    d = desk_with(3)
    play_round(d, lambda a, b: (5, 7))
    t, why = load_store(d.store_text())
    assert t == d.t and why is None
    assert load_store(None) == (None, None)
    t, why = load_store('{"format": ')
    assert t is None and why and "not a tournament file" in why
    other = desk_with(2)
    assert other.t is not None
    saved = d.export_text()
    data = json.loads(saved)
    data["played"][0]["pairings"][0]["points"] = [1, 2, 3]
    before = other.t
    assert not other.act("import", {"text": json.dumps(data)})
    assert "Nothing was changed" in other.error and other.t is before
    assert not other.act("import", {"text": "\x00\x01binary"})
    assert other.act("import", {"text": saved})
    assert other.t == d.t and other.view == "rounds"
    for view in VIEWS:
        other.view = view
        assert 'id="td-view-h"' in render(other)
    d2 = Desk()
    d2.corrupt = "not a tournament file"
    assert 'data-do="backup"' in render(d2)


# ------------------------------------------------------------------ the shipped networkx


def test_the_networkx_zip_is_the_installed_distribution_without_tests() -> None:
    wheels = pytest.importorskip("sitebuild.wheels")
    import networkx

    data, version = wheels.pack("networkx", "networkx")
    assert version == networkx.__version__ == "3.6.1"
    assert wheels.pack("networkx", "networkx")[0] == data  # deterministic
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert "networkx/__init__.py" in names
    assert "networkx/algorithms/matching.py" in names
    assert any(n.startswith("networkx-3.6.1.dist-info/") for n in names)
    assert not [n for n in names if "/tests/" in n or n.endswith(".pyc")]


def test_earlier_rounds_are_read_only_until_opened_for_a_correction() -> None:
    d = desk_with(4)
    play_round(d, lambda a, b: (30, 10))
    play_round(d, lambda a, b: (30, 10))
    assert d.t is not None
    d.view = "rounds"
    html = render(d)
    assert html.count('data-action="result"') == 2  # only round 2's matches are forms
    assert "Correct a result of round 1" in html
    assert not d.act("edit", {"round": "3"}) and "has not been paired" in d.error
    assert d.act("edit", {"round": "1"}) is False and d.open_round == 1  # no data change
    assert render(d).count('data-action="result"') == 4
    p = d.t.played[0].pairings[0]
    assert d.act("result", {"round": "1", "a": str(p.a), "b": str(p.b), "pa": "7", "pb": "9"})
    assert d.t.played[0].pairings[0].points == (7, 9)
    assert d.act("pair", {}) and d.open_round is None


def test_after_a_result_the_focus_goes_to_the_next_match_without_one() -> None:
    d = desk_with(4)
    assert d.act("pair", {}) and d.t is not None
    p, q = d.t.played[0].pairings
    base = {"round": "1", "pa": "1", "pb": "2"}
    assert d.act("result", {**base, "a": str(p.a), "b": str(p.b)})
    assert d.focus == f"td-m1-{q.a}-{q.b}-a"
    d.view = "rounds"
    assert f'id="{d.focus}"' in render(d)
    assert d.act("result", {**base, "a": str(q.a), "b": str(q.b)})
    assert d.focus == "td-say"

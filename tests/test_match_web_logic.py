"""The match screen's plain-Python side (R-170..R-174): its link, its setup, the engine
client each game's own screen gets (the match's carry-overs dealt in, a computer on both
seats when watching), what it says between games and at the end, its save, and a result
code the director's desk accepts."""

from __future__ import annotations

import json

import pytest

from cardroom import tournament as tm
from cardroom.core import REFEREE
from cardroom.match import Match
from cardroom.web.director.logic import Desk
from cardroom.web.match import html as mh
from cardroom.web.match import logic as ml
from cardroom.web.match import save as msave
from cardroom.web.platform.routes import parse_link


def drive(m: Match, mode: str = "watch", step: int = 250) -> Match:
    """Play ``m`` to its end as the match screen does, on the engine clients the games'
    screens get (the table's clock stands in for the page's)."""
    while not m.over:
        up = m.up()
        if up.number == 0:
            eng = ml.pick_engine(up, mode)
            eng.advance(0)
            assert eng.over, "the computer teams pick at once"
            m = m.record(eng.moves)
            continue
        eng = ml.logic_engine(up, mode, "medium")
        assert up.deadline_ms is not None
        now = 0
        while not eng.over and now < up.deadline_ms:
            now = min(now + step, up.deadline_ms)
            eng.advance(now)
        m = m.record(ml.moves_until(eng.moves, up.deadline_ms), timed_out=not eng.over)
    return m


# ------------------------------------------------------------------ the link


def test_links_fill_in_the_setup_and_bad_parts_say_so() -> None:
    s, problems, auto = ml.parse_match_link({"match": "combo4", "mode": "bot"})
    assert s == ml.MatchSetup(4, "all", 20, "bot", "medium", None) and not problems and not auto
    s, problems, _ = ml.parse_match_link({"match": "combo2", "mode": "local", "minutes": "3"})
    assert (s.combo, s.kind, s.minutes, s.mode) == (2, "morning", 3, "local") and not problems
    s, _, _ = ml.parse_match_link({"match": "combo3", "kind": "afternoon"})
    assert (s.kind, s.minutes) == ("afternoon", 12)  # the kind's own clock
    s, _, auto = ml.parse_match_link(
        {"match": "combo4", "kind": "call", "mode": "watch", "seed": "11", "autostart": "1"}
    )
    assert (s.kind, s.mode, s.seed, auto) == ("call", "watch", 11, True)
    s, problems, auto = ml.parse_match_link(
        {
            "match": "combo9",
            "kind": "noon",
            "minutes": "0",
            "mode": "x",
            "seed": "-1",
            "autostart": "1",
        }
    )
    assert s == ml.MatchSetup(4, "all", 20, "bot", "medium", None) and not auto
    assert len(problems) == 5
    assert "“combo9” is not a match" in problems[0]
    assert "“noon” is not a kind of Combo 4 round" in problems[1]
    assert "from 1 to 60" in problems[2]
    _, problems, _ = ml.parse_match_link({"match": "combo2", "kind": "call"})
    assert problems == ("“call” is not a kind of Combo 2 round: pick morning or afternoon.",)
    route = parse_link({"match": "combo2", "minutes": "abc"})
    assert route.screen == "match" and route.problems and "abc" in route.problems[0]
    assert parse_link({"match": "combo4", "mode": "bot"}).problems == ()
    setup = ml.MatchSetup(2, "morning", 3, "local", "hard", 7)
    again, problems, _ = ml.parse_match_link({k: v for k, v in setup.params().items() if v})
    assert again == ml.MatchSetup(2, "morning", 3, "local", "medium", 7)  # no computer
    assert not problems


def test_the_setup_form_is_checked() -> None:
    assert ml.check_setup("4", "call", "20", "") is None
    assert ml.check_setup("2", "call", "20", "") == "A Combo 2 match is morning or afternoon."
    assert "minutes" in (ml.check_setup("3", "morning", "61", "") or "")
    assert "deal number" in (ml.check_setup("3", "morning", "5", "x1") or "")
    assert ml.check_setup("5", "all", "5", "") == "Pick Combo 2, 3 or 4."


# ------------------------------------------------------------------ the games


def test_a_watched_match_is_played_on_the_screens_engine_clients() -> None:
    """The browser test's match: Combo 4, a Call round on a 2-minute clock, seed 11."""
    m = drive(Match.new(11, 4, "call", 2))
    assert m.over and m.elapsed_ms == 120_000
    assert m.order == (2, 4, 5)
    assert [p.slug for p in m.playing][:3] == ["state-iq", "play-the-ranks", "chummy-challenge"]
    assert m.playing[-1].timed_out and m.playing[-1].points == (0, 0)
    again = Match.from_json(json.loads(json.dumps(m.to_json())))
    assert again == m


def test_a_watched_state_iq_takes_the_time_its_teams_take() -> None:
    """R-173, R-243: State IQ watched in a match runs in real time on the round clock:
    each computer move comes some seconds after the one before (never all at 0 ms), and
    the round clock moves by the game's time."""
    m = drive(Match.new(11, 4, "call", 2))
    siq = m.playing[0]
    assert siq.slug == "state-iq" and not siq.timed_out
    times = [int(mv["at"]) for mv in siq.moves]
    assert times[0] > 0 and times == sorted(times)
    turns = [int(mv["at"]) for mv in siq.moves if mv["kind"] != "plunge"]  # one at a time
    assert all(b - a >= 1000 for a, b in zip(turns, turns[1:], strict=False))
    assert siq.ms == times[-1] and siq.ms >= 1500 * len(times)
    assert m.elapsed_ms >= siq.ms


@pytest.mark.parametrize(("combo", "kind"), [(2, "morning"), (3, "afternoon"), (4, "all")])
def test_every_kind_of_match_plays_to_its_end(combo: int, kind: str) -> None:
    m = drive(Match.new(3, combo, kind, 2))
    assert m.over and Match.from_json(m.to_json()) == m
    assert m.points() == (sum(p.points[0] for p in m.playing), sum(p.points[1] for p in m.playing))


def test_the_carry_overs_reach_the_game_screens_engine() -> None:
    """State IQ after a Border-Up at Level 2: its winner guesses first (R-163), dealt into
    the engine client the State IQ screen gets."""
    m = Match.new(3, 2, "morning", 20)
    up = m.up()
    eng = ml.logic_engine(up, "watch", "medium")
    while not eng.over:
        eng.advance(int(eng.next_due() or 0))
    m = m.record(eng.moves)
    first = m.playing[0]
    assert first.slug == "border-up" and first.winner is not None
    up = m.up()
    assert up.slug == "state-iq" and up.options["carry"]["winner"] == first.winner
    eng = ml.logic_engine(up, "bot", "medium")
    assert eng.options == up.options and 0 not in eng.bots and 1 in eng.bots
    assert eng.state == up.game.new(up.seed, **up.options)
    head, lines = ml.between_text(m, ["Team 1", "Team 2"])
    assert head == "Game 2: State IQ"
    assert f"Team {first.winner + 1} guesses first (won Border-Up)." in lines
    assert ml.up_line(m) == "Game 2 of 4: State IQ"
    _, lines = ml.between_text(m, ["You", "The computer"])
    who = "You guess" if first.winner == 0 else "The computer guesses"
    assert f"{who} first (won Border-Up)." in lines
    setup = ml.game_setup(up, "local", "hard")
    assert (setup.game, setup.level, setup.mode, setup.seed) == ("state-iq", 2, "local", up.seed)


def test_game_4s_version_is_the_screens_option() -> None:
    m = Match.new(11, 4, "call", 20)
    m = m.record(ml.pick_engine(m.up(), "watch").moves or _picks(m))
    while m.up().number != 4:
        up = m.up()
        eng = ml.logic_engine(up, "watch", "medium")
        while not eng.over:
            eng.advance(int(eng.next_due() or 0) + 1)
        m = m.record(eng.moves)
    up = m.up()
    setup = ml.game_setup(up, "bot", "medium")
    if up.slug == "play-the-ranks":
        assert setup.option("version") == up.options.get("version", "ptr1")
    head, lines = ml.between_text(m, ["You", "The computer"])
    assert head.startswith("Game 4: ") and "turned Power card" in " ".join(lines)


def _picks(m: Match) -> list[dict]:
    eng = ml.pick_engine(m.up(), "watch")
    eng.advance(0)
    return eng.moves


def test_moves_after_the_round_clock_are_not_played() -> None:
    moves = [{"seat": 0, "kind": "x", "data": None, "at": t} for t in (10, 500, 501)]
    assert ml.moves_until(moves, 500) == moves[:2]
    assert ml.moves_until(moves, None) == moves


# ------------------------------------------------------------------ the picks


def test_the_computer_calls_in_secret_and_a_person_calls_through_the_table() -> None:
    m = Match.new(11, 4, "call", 20)
    up = m.up()
    eng = ml.pick_engine(up, "bot")
    eng.advance(0)
    assert not eng.over and eng.view(REFEREE)["picked"] == [False, True]
    assert eng.view(0)["choices"][1] is None  # hidden until both have called
    assert eng.legal(0) == ["call"]
    eng.submit({"seat": 0, "kind": "call", "data": [1, 3]}, 0)
    assert eng.over
    m = m.record(eng.moves)
    assert {1, 3} <= set(m.order)
    head, lines = ml.between_text(m, ["You", "The computer"])
    assert lines[0].startswith("The games picked, in turn: Game 1: Border-Up")
    local = ml.pick_engine(up, "local")
    local.advance(0)
    assert not local.bots and local.view(REFEREE)["to_move"] == [0, 1]


def test_the_afternoon_pick_names_who_picks_first() -> None:
    m = Match.new(4, 3, "afternoon", 12)
    eng = ml.pick_engine(m.up(), "local")
    v = eng.view(REFEREE)
    first = v["first"]
    assert v["to_move"] == [first]
    eng.submit({"seat": first, "kind": "choose", "data": 5}, 0)
    with pytest.raises(Exception, match="cannot be chosen"):
        eng.submit({"seat": 1 - first, "kind": "choose", "data": 5}, 0)
    eng.submit({"seat": 1 - first, "kind": "choose", "data": 2}, 0)
    m = m.record(eng.moves)
    assert m.order == (5, 2)
    assert ml.up_line(m) == "Game 5: Chummy Challenge (1 of 2 picked)"
    assert ml.pick_choices(m)[3] == (4, "Play the Ranks or Play the Border Zap")


# ------------------------------------------------------------------ the result


def test_the_result_says_who_won_and_why() -> None:
    m = drive(Match.new(11, 4, "call", 1))
    a, b = m.points()
    head, tone, why = ml.result_text(m, ["Team 1", "Team 2"], "watch")
    w = m.winner()
    assert head == ("The match is a tie" if w is None else f"Team {w + 1} wins the match!")
    assert f"{max(a, b)} to {min(a, b)}" in why[0] or "Equal points" in why[0]
    assert "which ends without points" in why[-1]
    head, tone, _ = ml.result_text(m, ["You", "The computer"], "bot")
    assert tone in ("win", "lose", "tie")
    rows = ml.played_rows(m, ["Team 1", "Team 2"])
    assert [r["points"] for r in rows] == [list(p.points) for p in m.playing]
    assert rows[-1]["note"] == "stopped by the round clock: no points"


def test_the_result_code_is_accepted_by_the_directors_desk() -> None:
    m = drive(Match.new(11, 4, "call", 1))
    d = Desk(combo=4)
    assert d.act("create", {"name": "Spring Cup", "combo": "4", "rounds": "4"})
    for i in range(4):
        assert d.act(
            "add-team", {"name": f"T{i + 1}", "player1": "A", "player2": "B", "player3": "C"}
        )
    assert d.act("pair", {}), d.error
    assert d.t is not None
    p = d.t.played[0].pairings[0]
    # the match's Team 1 is the pairing's second team: its points go to that team
    code, bad = msave.result_code_for(m, f"{d.t.code:02d}", "1", str(p.b), str(p.a))
    assert bad is None and code is not None
    assert d.act("code", {"code": code}), d.error
    rec = d.t.played[0].pairings[0]
    a, b = m.points()
    assert rec.points == (b, a)
    assert d.message.startswith("Result code accepted.")
    # what the form refuses
    assert msave.result_code_for(m, "", "1", "1", "2")[1] is not None
    assert (
        msave.result_code_for(m, "7", "0", "1", "2")[1]
        == "The round is a whole number from 1 to 99."
    )
    assert (
        msave.result_code_for(m, "7", "1", "3", "3")[1] == "The two teams have different numbers."
    )
    other, _ = msave.result_code_for(m, f"{(d.t.code + 1) % 100:02d}", "1", str(p.b), str(p.a))
    assert other is not None and not d.act("code", {"code": other})
    assert "another tournament" in d.error
    assert tm.parse_result_code(d.t, code)[3:] == (a, b)


# ------------------------------------------------------------------ the save


def test_a_saved_match_reads_back_exactly_and_a_corrupt_one_says_so() -> None:
    m = Match.new(11, 4, "call", 1)
    m = m.record(_picks(m))
    setup = ml.MatchSetup(4, "call", 1, "watch", "medium", 11)
    save = msave.MatchSave(setup, m, "abc", True)
    again = msave.decode_match_save(msave.encode_match_save(save))
    assert again == save
    assert msave.decode_match_save(None) is None
    with pytest.raises(msave.CorruptMatchSave):
        msave.decode_match_save("{")
    obj = json.loads(msave.encode_match_save(save))
    obj["setup"][5] = 12  # another deal than the record's
    with pytest.raises(msave.CorruptMatchSave, match="disagree"):
        msave.decode_match_save(json.dumps(obj))
    obj = json.loads(msave.encode_match_save(save))
    obj["match"]["played"][0]["moves"][0]["data"] = [9, 9]
    with pytest.raises(msave.CorruptMatchSave):
        msave.decode_match_save(json.dumps(obj))


def test_round_clock_text() -> None:
    m = Match.new(1, 2, "morning", 3)
    assert ml.round_left_ms(m, 1_000) == 179_000
    assert ml.mmss(179_000) == "2:59" and ml.mmss(178_001) == "2:59" and ml.mmss(0) == "0:00"
    assert ml.round_left_ms(m, 999_999) == 0
    assert ml.team_names("bot") == ["You", "The computer"]


def test_the_home_page_offers_a_match() -> None:
    import re  # noqa: PLC0415
    import sys  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    root = str(Path(__file__).resolve().parents[1])
    if root not in sys.path:
        sys.path.insert(0, root)
    from sitebuild.page import home_games  # noqa: PLC0415

    html = home_games()
    assert 'data-screen-item="match"' in html and "Play a match" in html
    links = re.findall(r'href="\?(match=[^"]+)"', html)
    assert set(links) == {"match=combo2", "match=combo3", "match=combo4"}
    for link in links:
        route = parse_link(dict([link.split("=")]))
        assert route.screen == "match" and route.problems == ()


def test_the_screens_html() -> None:
    setup = ml.MatchSetup(2, "afternoon", 3, "local", "medium", 9)
    html = mh.setup_html(setup)
    assert 'name="combo" value="2" checked' in html and 'value="afternoon" checked' in html
    assert 'id="mt-minutes" name="minutes"' in html and 'value="3"' in html
    assert 'data-combos="4" hidden' in html and 'data-combos="2 3">' in html
    assert 'id="mt-difficulty" hidden' in html  # no computer on one device
    assert "How a match works" in html and 'value="9"' in html
    # the afternoon pick: public, with buttons only for a person's team
    m = Match.new(4, 3, "afternoon", 12)
    eng = ml.pick_engine(m.up(), "local")
    view = eng.view(REFEREE)
    teams = ["Team 1", "Team 2"]
    first = view["first"]
    html = mh.afternoon_html(m, teams, view, [0, 1])
    assert f"Team {first + 1}: your state joined the Union first" in html
    assert html.count(f'data-team="{first}"') == 5
    assert "data-choose" not in mh.afternoon_html(m, teams, view, [1 - first])
    eng.submit({"seat": first, "kind": "choose", "data": 3}, 0)
    html = mh.afternoon_html(m, teams, eng.view(REFEREE), [0, 1])
    assert f"Team {first + 1} picked Game 3: Dashing States." in html
    assert 'data-choose="3" data-team="' + str(1 - first) + '" disabled' in html
    html = mh.call_html(Match.new(1, 4, "call", 20), "Team 2", 1)
    assert html.count('type="checkbox" name="call"') == 5 and 'data-call="1"' in html
    # between games and the result
    m = drive(Match.new(11, 4, "call", 4))
    html, spoken = mh.result_html(m, teams, "watch")
    a, b = m.points()
    assert f'<td data-total="0">{a}</td>' in html and f'<td data-total="1">{b}</td>' in html
    assert html.count("<tr data-game=") == len(m.playing) and spoken.startswith("Team ")
    parts = mh.bar_parts(m, teams)
    assert parts["up"] == "The match is over" and parts["summary"] == "Games played (7)"
    m = Match.new(11, 4, "call", 1)
    m = m.record(_picks(m))
    html, spoken = mh.between_html(m, teams, watch=True)
    assert 'id="mt-continue"' in html and "goes on by itself" in html
    assert spoken.startswith("Game 2: State IQ. The games picked, in turn:")


def test_a_call_match_counts_the_called_games_and_says_what_comes_next() -> None:
    """A play-test: the bar said "Game 1 of 5" when only the called games are played, and
    the screen between games said just "A new deal."."""
    m = Match.new(11, 4, "call", 20)
    eng = ml.pick_engine(m.up(), "local")
    eng.submit({"seat": 0, "kind": "call", "data": [1, 3]}, 0)
    eng.submit({"seat": 1, "kind": "call", "data": [3, 4]}, 0)
    m = m.record(eng.moves)
    assert m.order == (1, 3, 4)
    assert ml.up_line(m) == "Game 1: Border-Up (1 of 3 called)"
    head, lines = ml.between_text(m, ["Team 1", "Team 2"])
    assert head == "Game 1: Border-Up"
    assert (
        "Border-Up comes first: the games the teams called are played in the Combo's order."
        in lines
    )
    assert not [x for x in lines if "new deal" in x]  # the round's first game: no "last game"
    n = 0
    while m.up().number != 1 or n == 0:
        up = m.up()
        e = ml.logic_engine(up, "watch", "medium")
        while not e.over:
            e.advance(int(e.next_due() or 0) + 1)
        m = m.record(e.moves)
        n += 1
        if n == 1:
            assert ml.up_line(m) == "Game 3: Dashing States (2 of 3 called)"
            _, lines = ml.between_text(m, ["Team 1", "Team 2"])
            assert (
                "Dashing States comes next: the games the teams called are played in the "
                "Combo's order (Game 1, Game 3, Game 4)."
            ) in lines
    assert n == 3
    assert ml.up_line(m) == "Game 1: Border-Up (1 of 3 called, again)"
    _, lines = ml.between_text(m, ["Team 1", "Team 2"])
    assert (
        "Every game of the round has been played and the round clock has time left, so "
        "they start again with Border-Up."
    ) in lines
    assert "Nothing carries over from the last game: a new deal." in lines

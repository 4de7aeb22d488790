"""Dashing States' screen logic on CPython: the engine client and the computer's seat, the
row of six, what each race asks, the answer forms and the words of a judged race
(R-135..R-139)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardroom import atlas, scoring
from cardroom.core import REFEREE
from cardroom.geoplunge import decks
from cardroom.geoplunge.dashing import GAME, race_key, sorted_for
from cardroom.web.games.dashing_states.logic import (
    BOT_SEAT,
    ORDER,
    AnswerForm,
    answer_data,
    answer_forms,
    answer_html,
    card_label,
    card_number,
    crop_box,
    describe_move,
    engine,
    key_rule,
    learn_facts,
    order_zone,
    path_bbox,
    race_html,
    race_lines,
    race_verdict,
    ringed,
    second_label,
    shout_ready,
    waits_to_answer,
)
from cardroom.web.kit.hand_model import Arrangement
from cardroom.web.kit.logic import Setup, points_table

YOU = ["You", "The computer"]


def setup(level: int = 3, mode: str = "bot", difficulty: str = "easy", seed: int = 5) -> Setup:
    return Setup("dashing-states", level, mode, difficulty, seed)


def right_shout(view: dict[str, Any]) -> list[str]:
    """Six of a hand (the last dealt left out) in the race's right order."""
    codes = [decks.map_card(m).state for m in view["hand"][:6]]
    return [decks.map_card_of(c).id for c in sorted_for(view["key"], codes)]


def truth(key: str, card: str) -> list[str]:
    st = atlas.by_code()[decks.map_card(card).state]
    second = st.capital if key in ("name", "capital") else str(decks.category_rank(key, st.code))
    return [st.name, second]


def person_race(table: Any, now: int, *, wrong: int | None = None, slip: int | None = None) -> int:
    """The person (seat 0) shouts the right order at ``now`` and names the cards (card
    ``wrong`` with a wrong state); returns the time after the answers."""
    v = table.view(0)
    order = right_shout(v)
    table.submit({"seat": 0, "kind": "shout", "data": order}, now)
    now += 400  # the shout window closes
    table.advance(now)
    assert table.view(0)["phase"] == "answer"
    for player in range(3):
        pair = []
        for j in (0, 1):
            pos = 2 * player + j
            name, second = truth(table.view(0)["key"], order[pos])
            if pos == slip:
                name += name[-1]  # "Texass": one slip, forgiven
            pair.append(("Atlantis" if pos == wrong else name, second))
        table.submit({"seat": 0, "kind": "answer", "data": answer_data(player, pair)}, now)
        now += 50
    return now


# ------------------------------------------------------------------ the engine client


def test_the_computer_decides_then_sorts_after_its_delay() -> None:
    table = engine(setup())
    plan = table.planned[BOT_SEAT]
    assert plan is not None and plan["kind"] == "plunge"
    table.submit({"seat": 0, "kind": "plunge", "data": False}, 300)
    table.advance(6000)
    ref = table.view(REFEREE)
    assert ref["phase"] == "race"
    shout = table.planned[BOT_SEAT]
    assert shout is not None and shout["kind"] == "shout"
    # easy: about 60 s for names, never less than 70 % of it
    assert shout["at"] - ref["race_start"] >= 42_000
    # hard is faster than easy on the same deal
    hard = engine(setup(difficulty="hard"))
    hard.submit({"seat": 0, "kind": "plunge", "data": False}, 300)
    hard.advance(6000)
    assert hard.planned[BOT_SEAT]["at"] < shout["at"]  # type: ignore[index]


def test_the_computer_shouts_and_names_its_cards_when_left_alone() -> None:
    table = engine(setup(difficulty="hard", seed=9))
    table.submit({"seat": 0, "kind": "plunge", "data": False}, 100)
    table.advance(6000)
    shout = table.planned[BOT_SEAT]
    assert shout is not None
    table.advance(shout["at"] + 400)
    v = table.view(0)
    assert v["phase"] == "answer" and v["shouted"] == [BOT_SEAT] and v["next_player"] is None
    table.advance(shout["at"] + 12_000)  # its three players answer in turn (hard: <= 3.5 s)
    ref = table.view(REFEREE)
    assert [r["winner"] for r in ref["races"]] == [BOT_SEAT]  # hard never misnames
    assert ref["race"] == 2 and ref["phase"] == "race"


def test_a_person_wins_two_nil_with_the_bonus() -> None:
    table = engine(setup(level=4, seed=3))
    table.submit({"seat": 0, "kind": "plunge", "data": True}, 200)
    table.advance(6000)
    now = person_race(table, 8000)
    now = person_race(table, now + 5000)
    assert table.over
    result = table.view(0)["result"]
    assert result["winner"] == 0 and result["bonus"] and result["races"] == [0, 0]
    plunged = result["plunged"]
    assert plunged[0] is True
    assert result["points"] == list(scoring.score(0, True, plunged))
    rows = points_table(result["scoring"], result["points"], YOU)
    assert rows[0]["total"] == result["points"][0]
    assert "won the first two races: the bonus" in result["summary"]


def test_a_wrong_name_hands_the_race_to_the_other_team() -> None:
    table = engine(setup(level=2, seed=4))
    table.submit({"seat": 0, "kind": "plunge", "data": False}, 200)
    table.advance(6000)
    person_race(table, 7000, wrong=3)
    record = table.view(0)["races"][0]
    assert record["winner"] == 1
    assert race_verdict(record, YOU) == (
        "Race 1 (state names, A to Z): The computer wins it, as your shout was not all right."
    )
    lines = race_lines(record, 0)
    assert lines["shouted"] and lines["order_ok"] and not lines["success"]
    oks = [row["ok"] for row in lines["rows"]]
    assert oks[3] == [False, True] and all(ok == [True, True] for k, ok in enumerate(oks) if k != 3)
    assert lines["rows"][3]["said"][0] == "Atlantis"
    assert len(lines["unused"]) == 1
    other = race_lines(record, 1)
    assert other == {"shouted": False, "cards": other["cards"]} and len(other["cards"]) == 7
    assert race_verdict(record, ["Team 1", "Team 2"]).endswith(
        "Team 2 wins it, as Team 1's shout was not all right."
    )
    html = race_html(record, YOU, lambda card: f"<svg data-face='{card}'></svg>", "h3")
    assert html.count('data-ok="false"') == 1 and html.count('data-ok="true"') == 11
    assert "Atlantis" in html and "<h3>The computer</h3>" in html
    assert html.count("<svg data-face=") == 6 and 'data-success="false"' in html
    assert "The right order" not in html  # the order was right


def test_the_cards_a_person_named_feed_learns_statistics() -> None:
    table = engine(setup(level=2, seed=4))
    table.submit({"seat": 0, "kind": "plunge", "data": False}, 200)
    table.advance(6000)
    person_race(table, 7000, wrong=3)
    record = table.view(0)["races"][0]
    facts = learn_facts(record, [0])
    shout = record["teams"][0]["shout"]
    assert [f for f, _ in facts] == [f"map-cards:{c}" for c in shout["codes"]]
    assert [ok for _, ok in facts] == [k != 3 for k in range(6)]  # the misnamed card
    assert learn_facts(record, [1]) == []  # the computer named nothing; nor is it fed
    capitals = dict(record, key="capital")
    both = learn_facts(capitals, [0])
    assert len(both) == 12 and both[1][0].startswith("capitals:")


def test_two_teams_on_one_device_have_no_computer() -> None:
    table = engine(setup(mode="local"))
    assert table.bots == {} and table.planned == {}


# ------------------------------------------------------------------ the row and the cards


def test_six_cards_in_the_row_make_a_shout() -> None:
    hand = [f"M{i:02d}" for i in range(1, 8)]
    arr = Arrangement(hand, (order_zone(),))
    for m in hand[:5]:
        arr.move(m, ORDER)
    assert not shout_ready(arr.lists[ORDER])
    arr.move(hand[5], ORDER)
    assert shout_ready(arr.lists[ORDER])
    assert arr.refusal(hand[6], ORDER) == "Sorted cards is full (6 cards)"
    assert not shout_ready(["M01"] * 6)


def test_a_card_is_named_by_its_number_never_its_state() -> None:
    for card in decks.map_deck():
        label = card_label(card.id)
        assert label == f"Map card {card_number(card.id)}"
        assert atlas.by_code()[card.state].name not in label
    # small states carry a ring
    assert ringed(decks.map_card_of("RI").id) and ringed(decks.map_card_of("DE").id)
    assert not ringed(decks.map_card_of("TX").id) and not ringed(decks.map_card_of("AK").id)


# ------------------------------------------------------------------ what a race asks


@pytest.mark.parametrize("level", [2, 3, 4])
def test_each_race_says_its_key(level: int) -> None:
    s = GAME.new(1, level=level)
    for race in (1, 2, 3):
        power = decks.power_card(s.power[0]).to_json() if level == 4 and race == 3 else None
        key = race_key(level, race, s.power[0] if power else None)
        text = key_rule(race, key, power)
        assert text.startswith(f"Race {race}: ")
        assert second_label(key).lower() in text
        if power:
            assert f"The turned Power card says {power['category'].upper()}" in text
    assert second_label("name") == second_label("capital") == "Capital"
    assert second_label("statehood") == "Statehood rank"
    assert "largest state (1) on the left" in key_rule(3, "size")


def test_answer_forms_one_person_or_three_players_in_turn() -> None:
    assert answer_forms("bot", 0) == AnswerForm("Name your six cards", (0, 1, 2))
    assert answer_forms("bot", 0).positions == (0, 1, 2, 3, 4, 5)
    middle = answer_forms("local", 1)
    assert middle.players == (1,) and middle.positions == (2, 3)
    assert middle.title == "Middle player: name your 2 cards (cards 3 and 4)"
    assert answer_data(2, [(" Texas ", "Austin"), ("ohio", "columbus ")]) == [
        2,
        [["Texas", "Austin"], ["ohio", "columbus"]],
    ]
    with pytest.raises(ValueError):
        answer_data(0, [("Texas", "Austin")])


def test_the_answer_form_offers_no_help() -> None:
    html = answer_html(answer_forms("local", 2), "Statehood rank", "ds1")
    assert html.count("<input") == 4 and html.count('autocomplete="off"') == 4
    assert html.count('spellcheck="false"') == 4 and html.count('inputmode="numeric"') == 2
    assert 'id="ds1-a5s"' in html and 'id="ds1-a6c"' in html and 'data-players="2"' in html
    assert html.count('class="ds-back is-asked"') == 2 and html.count('<li class="ds-back') == 6
    assert "<datalist" not in html and "list=" not in html
    everyone = answer_html(answer_forms("bot", 0), "Capital", "ds0")
    assert everyone.count("<fieldset") == 6 and "inputmode" not in everyone
    assert 'data-players="0,1,2"' in everyone


def test_the_log_never_names_a_card() -> None:
    teams = ["Team 1", "Team 2"]
    shout = {"seat": 0, "kind": "shout", "data": ["M01", "M02", "M03", "M04", "M05", "M06"]}
    assert describe_move(shout, teams, "race") == "Team 1 shouted!"
    answer = {"seat": 1, "kind": "answer", "data": [1, [["Texas", "Austin"], ["a", "b"]]]}
    assert describe_move(answer, teams, "answer") == "Team 2: the middle player named 2 cards."
    assert describe_move({"seat": REFEREE, "kind": "time"}, teams, "race") == (
        "Time is up: the race is tied."
    )
    assert describe_move({"seat": 0, "kind": "plunge", "data": True}, teams, "race") is None


def test_after_simultaneous_shouts_one_team_answers_at_a_time_on_one_screen() -> None:
    assert waits_to_answer(True, [1, 0], [0, 0], 0)
    assert waits_to_answer(True, [1, 0], [2, 0], 0)
    assert not waits_to_answer(True, [1, 0], [3, 0], 0)
    assert not waits_to_answer(True, [1, 0], [0, 0], 1)
    assert not waits_to_answer(False, [1, 0], [0, 0], 0)  # against the computer
    assert not waits_to_answer(True, [0], [0], 0)


def test_a_tied_race_says_why() -> None:
    def record(ending: str, success: tuple[bool, bool] | None = None) -> dict[str, Any]:
        teams = [
            {"cards": [], "shout": None if success is None else {"success": success[t]}}
            for t in (0, 1)
        ]
        return {
            "race": 2,
            "label": "capitals, A to Z",
            "winner": None,
            "ending": ending,
            "teams": teams,
        }

    teams = ["Team 1", "Team 2"]
    assert race_verdict(record("time"), teams) == (
        "Race 2 (capitals, A to Z) is tied: nobody shouted in time."
    )
    assert race_verdict(record("pass"), teams).endswith("both teams gave it up.")
    assert race_verdict(record("simultaneous", (True, True)), teams).endswith(
        "both teams shouted at once and both were all right."
    )
    assert race_verdict(record("simultaneous", (False, False)), teams).endswith(
        "neither was all right."
    )


def test_a_forgiven_slip_shows_the_right_spelling() -> None:
    """Play-test item 5: a name accepted despite a slip is marked right and the result
    shows how it is spelled."""
    table = engine(setup(level=2, seed=4))
    table.submit({"seat": 0, "kind": "plunge", "data": False}, 200)
    table.advance(6000)
    person_race(table, 7000, slip=2)
    record = table.view(0)["races"][0]
    row = race_lines(record, 0)["rows"][2]
    assert row["ok"][0] and row["said"][0] == row["truth"][0] + row["truth"][0][-1]
    html = race_html(record, YOU, lambda card: "", "h3")
    assert html.count("(spelled ") == 1
    assert f"(spelled {row['truth'][0]})" in html


def test_the_bar_says_what_is_true_in_every_phase_of_every_race() -> None:
    """Play-test item 2: on one device "Race 2 is over." stayed in the bar through race 3.
    Two teams on one device play three races (team 1 wins race 1, team 2 race 2); at each
    phase the bar's line names the race on now, and "is over" only while a result shows."""
    from cardroom.web.games.dashing_states.logic import bar_status

    table = engine(setup(level=2, mode="local", seed=4))
    ref = table.view(-1)
    assert ref["phase"] == "plunge"
    assert bar_status(ref, bot=False, between=False) == "Are you GeoPlunging? Both teams decide."
    for seat in (0, 1):
        table.submit({"seat": seat, "kind": "plunge", "data": False}, 200)
    now = 6000
    table.advance(now)
    seen = []
    for race in (1, 2, 3):
        ref = table.view(-1)
        assert ref["phase"] == "race" and ref["race"] == race
        line = bar_status(ref, bot=False, between=False)
        assert line == f"Race {race}: sort your cards, then shout.", line
        seen.append(line)
        if race == 3:
            break
        # race 1 won by team 1 (right), race 2 by team 2 (team 1 misnames a card)
        now = person_race(table, now + 1000, wrong=None if race == 1 else 0)
        table.advance(now)
        ref = table.view(-1)
        assert len(ref["races"]) == race
        assert bar_status(ref, bot=False, between=True) == f"Race {race} is over."
        now += 10_000
        table.advance(now)
    assert all("over" not in s for s in seen)
    assert bar_status({"phase": "over", "races": []}, bot=False, between=False) == ""


def test_a_team_that_gave_up_is_named_on_its_panel() -> None:
    """A play-test: two teams on one device read "You gave up this race" on Team 1's half."""
    from cardroom.web.games.dashing_states.logic import gave_up_line

    teams = ["Team 1", "Team 2"]
    assert gave_up_line(teams, 0) == "Team 1 gave up this race. Waiting for Team 2…"
    assert gave_up_line(teams, 1) == "Team 2 gave up this race. Waiting for Team 1…"
    named = ["Eagles", "Owls"]
    assert gave_up_line(named, 1) == "Owls gave up this race. Waiting for Eagles…"
    bot = ["You", "The computer"]
    assert gave_up_line(bot, 0) == "You gave up this race. Waiting for the computer…"


# ------------------------------------------------------------------ Map card faces (issue 41)


def test_path_bbox_reads_the_maps_paths() -> None:
    assert path_bbox("M10 20l5 0 0 5 -5 0z") == (10, 20, 15, 25)
    # two rings; the second starts where "M" says, the first's "z" returns to its start
    assert path_bbox("M0 0l2 2zM-3.5 4l1-1 1e1 0z") == (-3.5, 0, 7.5, 4)


def test_each_map_cards_face_shows_its_state_and_its_neighbours() -> None:
    """The face of every Map card is a window of the real map (build's geometry) of the
    card's shape, at least 400 of the map's 975 units wide, inside the map and around the
    whole red state."""
    from sitebuild.map import render_map  # noqa: PLC0415

    svg, _points = render_map(atlas.by_code())
    seen = 0
    for tag in re.findall(r"<path[^>]*data-state=[^>]*>", svg):
        code = re.search(r'data-state="(\w\w)"', tag).group(1)
        box = path_bbox(re.search(r' d="([^"]+)"', tag).group(1))
        x, y, w, h = crop_box(box)
        assert w >= 400 and abs(w / h - 1.45) < 0.01, (code, w, h)
        assert x >= 0 and y >= 0 and x + w <= 975.01 and y + h <= 610.01, code
        if code != "AK":  # the Aleutians run off the map's left edge
            assert x <= box[0] and y <= box[1] and box[2] <= x + w and box[3] <= y + h, code
        seen += 1
    assert seen == 50

"""Sequence's screen logic on CPython: setup options and links (R-81), the engine client
with the computer's seats (R-82), what the board and the hand show, the keyboard (R-85),
the result (R-88)."""

from __future__ import annotations

import random

import pytest

from cardroom.core import REFEREE, Move, bot_context
from cardroom.sequence import GAME
from cardroom.sequence.board import ADD, BOARD, CELLS, REMOVE
from cardroom.sequence.bot import make
from cardroom.sequence.engine import TEAM_SPLITS
from cardroom.web.games.sequence.logic import (
    BOT_DELAY_MS,
    can_pass,
    card_label,
    describe_move,
    engine,
    game_options,
    move_cursor,
    next_target,
    result,
    seat_names,
    space_label,
    targets,
    team_names,
    turn_text,
    type_card,
)
from cardroom.web.games.sequence.setup import SPLITS, check_options, teams_for
from cardroom.web.kit.logic import (
    WEB_GAMES,
    Save,
    Setup,
    TableClock,
    decode_save,
    encode_save,
    parse_link,
    points_table,
)

SEQ = WEB_GAMES["sequence"]


def setup(players: int = 2, mode: str = "bot", teams: str = "auto", **kw: str) -> Setup:
    opts = {"board": kw.get("board", "states"), "players": str(players), "teams": teams}
    return Setup("sequence", 0, mode, kw.get("difficulty", "easy"), int(kw.get("seed", 7)),
                 tuple(sorted(opts.items())))  # fmt: skip


# ------------------------------------------------------------------ options and links


def test_the_setup_tables_agree_with_the_engine() -> None:
    assert SPLITS == TEAM_SPLITS
    for players, splits in SPLITS.items():
        assert teams_for(players, "auto") in splits


@pytest.mark.parametrize("players", sorted(SPLITS))
def test_every_split_the_rules_allow_is_accepted_and_no_other(players: int) -> None:
    alone = players <= 3
    assert (check_options({"players": str(players), "teams": "none"}) is None) == alone
    assert check_options({"players": str(players), "teams": "auto"}) is None
    for teams in (2, 3):
        ok = not alone and teams in SPLITS[players]
        said = check_options({"players": str(players), "teams": str(teams)})
        assert (said is None) == ok, said
        if said is not None:
            assert said.endswith(".") and str(players) in said


def test_refusals_are_sentences() -> None:
    assert check_options({"players": "5"}) == (
        "Sequence is played by 2, 3, 4, 6, 8, 9, 10 or 12 players."
    )
    assert "cannot make 3 equal teams" in (check_options({"players": "8", "teams": "3"}) or "")
    assert "play in teams" in (check_options({"players": "6", "teams": "none"}) or "")


def test_the_three_deep_links() -> None:
    r = parse_link({"game": "sequence", "players": "2", "mode": "bot"})
    assert r.complete and not r.problems and r.setup is not None
    assert game_options(r.setup) == {"players": 2, "teams": 2, "board": "states"}
    r = parse_link({"game": "sequence", "players": "6", "teams": "3", "mode": "local"})
    assert not r.problems and r.setup is not None
    assert game_options(r.setup) == {"players": 6, "teams": 3, "board": "states"}
    r = parse_link({"game": "sequence", "players": "4", "mode": "local", "board": "capitals"})
    assert not r.problems and r.setup is not None
    assert game_options(r.setup) == {"players": 4, "teams": 2, "board": "capitals"}
    assert r.setup.params()["board"] == "capitals"


def test_a_bad_link_says_so() -> None:
    r = parse_link({"game": "sequence", "players": "4", "teams": "3", "mode": "local"})
    assert any("4 players cannot make 3 equal teams" in p for p in r.problems)
    r = parse_link({"game": "sequence", "players": "7", "mode": "local"})
    assert r.problems
    assert SEQ.problem("local", {"players": "9", "teams": "2"}) is not None
    assert SEQ.problem("bot", {"players": "9", "teams": "3", "board": "capitals"}) is None


def test_a_save_keeps_the_options() -> None:
    s = setup(6, "local", "3", board="capitals")
    text = encode_save(Save(s, (), TableClock(0.0), {}))
    back = decode_save(text)
    assert back is not None and back.setup == s


# ------------------------------------------------------------------ the engine client


def test_the_computer_plays_a_moment_after_the_person() -> None:
    eng = engine(setup(2, "bot", seed=3))
    assert eng.view(REFEREE)["turn"] == 0 and eng.next_due() is None
    v = eng.view(0)
    card, space = next((c, x) for c in v["hand"] for x in targets(v, c))
    eng.submit({"seat": 0, "kind": "play", "data": {"card": card, "space": space}}, 5_000)
    assert eng.moves[-1]["at"] == 5_000  # the table's time is kept in the list only
    assert eng.view(REFEREE)["turn"] == 1
    assert eng.next_due() == 5_000 + BOT_DELAY_MS
    assert eng.advance(5_000 + BOT_DELAY_MS - 1) == []
    done = eng.advance(5_000 + BOT_DELAY_MS)
    assert [m["seat"] for m in done] == [1] and eng.view(REFEREE)["turn"] == 0


def test_against_the_computer_every_other_seat_is_a_bot_on_one_device_none() -> None:
    assert sorted(engine(setup(6, "bot", "3")).bots) == [1, 2, 3, 4, 5]
    assert engine(setup(4, "local")).bots == {}


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_a_game_against_the_computer_ends_and_replays(difficulty: str) -> None:
    s = setup(2, "bot", difficulty=difficulty, seed=11)
    eng = engine(s)
    me = make("medium")
    now = 0
    while not eng.over:
        now += 1_000
        eng.advance(now)
        if eng.over:
            break
        ctx = bot_context(GAME, eng.state, 0, random.Random(now))
        eng.submit(me.choose(ctx).to_json(), now)
    again = engine(s)
    again.replay(eng.moves)
    assert again.state == eng.state
    r = eng.view(0)["result"]
    rows = points_table(r["scoring"], r["points"], team_names(2, "bot", 2))
    assert [row["total"] for row in rows] == eng.view(REFEREE)["score"]
    assert r["winner"] in (0, 1) and r["summary"].endswith("first.")


def test_teammates_never_see_each_others_hands() -> None:
    from cardroom.core import Rng

    eng = engine(setup(4, "local"))
    for seat in range(4):
        v = eng.view(seat)
        assert v["hand"] == list(eng.state.hands[seat])
        # another deal of the other hands (the partner's too) shows this seat the same
        world = GAME.resample(eng.state, seat, Rng.from_seed(seat))
        assert world.hands[(seat + 2) % 4] != eng.state.hands[(seat + 2) % 4]
        assert GAME.view(world, seat) == GAME.view(eng.state, seat)
    assert eng.view(REFEREE)["hand"] is None


def test_the_result_always_names_the_winner() -> None:
    """R-79: a game ends only when a team completes its sequences, never in a draw."""
    r = result({"score": [1, 2], "winner": 1, "target": 2}, ["Ann", "Bo"])
    assert r["winner"] == 1 and r["summary"] == "Bo completed two sequences first."
    assert "draw" not in r["summary"]
    assert r["scoring"] == [
        {"team": 0, "label": "Sequence", "points": 1},
        {"team": 1, "label": "Sequences", "points": 2},
    ]
    with pytest.raises(ValueError):
        result({"score": [1, 0], "winner": None, "target": 2})


# ------------------------------------------------------------------ board and hand


def _state_with(chips: dict[int, int], hand: list[str], team: int = 0) -> dict:
    board = [-1] * 100
    for x, t in chips.items():
        board[x] = t
    return {
        "chips": board,
        "sequences": [],
        "hand": hand,
        "team": team,
        "dead": sorted({c for c in hand if c in CELLS and all(board[x] >= 0 for x in CELLS[c])}),
        "exchanged": False,
    }


def test_targets_of_each_kind_of_card() -> None:
    a, b = CELLS["TX"]
    v = _state_with({a: 1}, ["TX", ADD, REMOVE])
    assert targets(v, "TX") == [b]
    assert len(targets(v, ADD)) == 99 and a not in targets(v, ADD)
    assert targets(v, REMOVE) == [a]
    v["sequences"] = [{"team": 1, "spaces": [a]}]
    assert targets(v, REMOVE) == []  # a chip in a sequence stays
    assert targets(v, None) == [] and targets(v, "OK") == []  # not in the hand


def test_dead_cards_and_passing() -> None:
    a, b = CELLS["TX"]
    v = _state_with({a: 0, b: 1}, ["TX"])
    assert targets(v, "TX") == [] and v["dead"] == ["TX"]
    assert "dead card" in card_label(v, "TX")
    assert not can_pass(v)  # turn the dead card in first
    v["exchanged"] = True
    assert can_pass(v)
    assert card_label(_state_with({}, ["TX"]), "TX") == "Texas, 2 open spaces"


def test_space_labels_hide_the_state_on_the_capitals_board() -> None:
    x = CELLS["TX"][0]
    v = _state_with({x: 2}, [])
    assert space_label(v, x) == "Texas, Austin: red chip (cross)"
    assert space_label(v, x, capitals_only=True) == "Austin: red chip (cross)"
    v["sequences"] = [{"team": 2, "spaces": [x]}]
    assert space_label(v, x).endswith("in a sequence")
    assert space_label(v, CELLS["TX"][1]) == "Texas, Austin: open"


def test_the_log_names_the_space() -> None:
    names = seat_names("bot", 2, 2)
    x = CELLS["TX"][0]
    assert describe_move(
        {"seat": 0, "kind": "play", "data": {"card": "TX", "space": x}}, names
    ) == ("You played Texas on Texas (Austin).")
    assert describe_move(
        {"seat": 1, "kind": "play", "data": {"card": REMOVE, "space": x}}, names, "capitals"
    ) == ("Computer 2 played REMOVE on Austin.")
    assert describe_move({"seat": 1, "kind": "dead", "data": "TX"}, names) == (
        "Computer 2 turned in a dead card: Texas."
    )


def test_names_of_seats_and_teams() -> None:
    assert seat_names("bot", 4, 2) == ["You", "Computer 2", "Partner 3", "Computer 4"]
    assert seat_names("local", 3, 3) == ["Player 1", "Player 2", "Player 3"]
    assert team_names(2, "bot", 2) == ["You", "The computer"]
    assert team_names(3, "local", 6) == ["Blue", "Green", "Red"]
    assert team_names(2, "bot", 4)[0] == "Blue (your team)"


def test_turn_text() -> None:
    v = {"turn": 1, "target": 2, "team_of": [0, 1], "deck": 80}
    assert turn_text(v, ["You", "The computer"], 0) == (
        "The computer's turn · Green · 2 sequences win"
    )


# ------------------------------------------------------------------ keyboard


def test_arrow_keys_stop_at_the_edges() -> None:
    assert move_cursor(0, "ArrowUp") == 0 and move_cursor(0, "ArrowLeft") == 0
    assert move_cursor(0, "ArrowRight") == 1 and move_cursor(0, "ArrowDown") == 10
    assert move_cursor(99, "ArrowDown") == 99 and move_cursor(99, "ArrowRight") == 99
    assert move_cursor(45, "Home") == 40 and move_cursor(45, "End") == 49
    assert move_cursor(45, "PageUp") == 5 and move_cursor(45, "PageDown") == 95
    assert move_cursor(45, "x") == 45


def test_typing_chooses_a_card() -> None:
    hand = ["NY", "NH", "TX", ADD, REMOVE]
    assert type_card(hand, "tex") == "TX"
    assert type_card(hand, "new y") == "NY"
    assert type_card(hand, "n") == "NY" and type_card(hand, "n", "NY") == "NH"
    assert type_card(hand, "n", "NH") == "NY"  # round again
    assert type_card(hand, "add") == ADD and type_card(hand, "rem") == REMOVE
    assert type_card(hand, "q") is None and type_card(hand, "") is None


def test_next_target_from_the_cursor() -> None:
    a, b = CELLS["TX"]
    v = _state_with({}, ["TX"])
    assert next_target(v, "TX", 0) == a
    assert next_target(v, "TX", a + 1) == b
    assert next_target(v, "TX", b + 1) == a
    assert BOARD[a] == "TX"


def test_moves_refused_say_why() -> None:
    eng = engine(setup(2, "local"))
    with pytest.raises(Exception, match="turn"):
        eng.submit(Move(1, "play", {"card": ADD, "space": 0}).to_json(), 0)


def test_the_overlay_draws_chips_sequences_and_the_last_move() -> None:
    from cardroom.web.games.sequence.logic import overlay_svg

    row = [0, 1, 2, 3, 4]
    v = _state_with({x: 0 for x in row} | {55: 2}, [])
    v["sequences"] = [{"team": 0, "spaces": row}]
    v["last"] = {"seat": 0, "kind": "play", "card": "ADD", "space": 4}
    svg = overlay_svg(v)
    assert svg.count("<use ") == 6 and svg.count('href="#seq-chip-0"') == 5
    assert svg.count('class="seq-chip is-locked"') == 5  # turned over
    assert 'href="#seq-chip-2"' in svg
    assert 'x1="50" y1="50" x2="450" y2="50"' in svg  # drawn through the five
    assert svg.count('class="seq-last-mark" x="405" y="5"') == 1

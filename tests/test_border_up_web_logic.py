"""Border-Up's own screen logic (no browser): the slots and shout buttons, the card faces,
the drag-and-drop model, the computer's seat on the kit's engine client, and the hints
(stepwise, the bonus group, R-115). The link, the clock and saves are the kit's
(tests/test_kit_logic.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardroom import atlas, scoring
from cardroom.core import REFEREE, Move
from cardroom.geoplunge import bot, solver
from cardroom.geoplunge.border_up import GAME
from cardroom.geoplunge.groups import check_group, check_shout
from cardroom.web.games.border_up.logic import (
    BOT_SEAT,
    NO_GEOPLUNGE,
    Hint,
    choose_hint,
    could_html,
    engine,
    key_state,
    ready_calls,
    shout_groups,
    shouts_html,
    slot_zones,
    zoom_card,
)
from cardroom.web.kit.cards import hand_card_html as card_html
from cardroom.web.kit.hand_model import HAND, Arrangement, Zone, help_html
from cardroom.web.kit.logic import Setup, hints_used

# --------------------------------------------------------------------------- slots and buttons


def test_slots_per_level() -> None:
    for level in (2, 3):
        assert [z.capacity for z in slot_zones(level)] == [3, 3, 3]
    assert [z.capacity for z in slot_zones(4)] == [5, 5, 3]


@pytest.mark.parametrize(
    ("level", "sizes", "geo", "three"),
    [
        (2, [3, 3, 0], True, False),
        (2, [3, 3, 3], True, True),
        (3, [3, 2, 3], False, False),
        (2, [0, 0, 0], False, False),
        (4, [4, 4, 0], True, False),
        (4, [5, 3, 0], True, False),
        (4, [3, 5, 3], True, True),
        (4, [4, 4, 3], True, True),
        (4, [5, 4, 3], False, False),
        (4, [4, 3, 3], False, False),
        (4, [5, 5, 0], False, False),
    ],
)
def test_ready_calls(level: int, sizes: list[int], geo: bool, three: bool) -> None:
    assert ready_calls(level, sizes) == {"geoplunge": geo, "threeoplunge": three}


def test_shout_groups() -> None:
    g = [["A"], ["B"], ["C"]]
    assert shout_groups("geoplunge", g) == [["A"], ["B"]]
    assert shout_groups("threeoplunge", g) == g


def test_card_face() -> None:
    html = card_html("TX", "help")
    assert 'data-card="TX"' in html
    assert "Texas" in html and "tz-central" in html and 'tabindex="0"' in html
    assert 'aria-describedby="help"' in html
    for b in atlas.by_code()["TX"].borders:
        assert b in html
        assert atlas.by_code()[b].name in html  # read out by name
    assert "tz-dot" in card_html("TX")  # Texas has a second time zone
    assert "none" in card_html("HI")


# --------------------------------------------------------------------------- the hand model


def arrangement() -> Arrangement:
    return Arrangement(
        ["AL", "GA", "FL", "TN", "MS", "NC"],
        [Zone("g1", "Group 1", 3), Zone("g2", "Group 2", 3)],
    )


def test_moves_between_zones_and_capacity() -> None:
    a = arrangement()
    assert a.move("FL", "g1") and a.move("AL", "g1") and a.move("GA", "g1")
    assert a.groups() == [["FL", "AL", "GA"], []]
    assert a.refusal("TN", "g1") == "Group 1 is full (3 cards)"
    assert not a.move("TN", "g1")
    assert a.lists[HAND] == ["TN", "MS", "NC"]
    assert a.move("GA", "g1", 0)  # reorder inside a full group is fine
    assert a.groups()[0] == ["GA", "FL", "AL"]
    assert a.move("GA", "g2")
    assert a.sizes() == [2, 1]
    assert a.move("GA", HAND, 0)
    assert a.lists[HAND][0] == "GA"


def test_index_counts_after_leaving() -> None:
    a = arrangement()
    for c in ("AL", "GA", "FL"):
        a.move(c, "g1")
    # drop AL between GA and FL: index 1 among the others
    assert a.move("AL", "g1", 1)
    assert a.groups()[0] == ["GA", "AL", "FL"]
    assert not a.move("AL", "g1", 1)  # same place: no change
    assert a.shift("AL", 1) and a.groups()[0] == ["GA", "FL", "AL"]
    assert not a.shift("AL", 1)  # already last
    assert a.shift("AL", -2) and a.groups()[0] == ["AL", "GA", "FL"]


def test_every_card_stays_in_exactly_one_zone() -> None:
    rng = random.Random(3)
    a = arrangement()
    keys = [z.key for z in a.zones]
    for _ in range(500):
        code = rng.choice(a.cards)
        if rng.random() < 0.3:
            a.shift(code, rng.choice((-2, -1, 1, 2)))
        else:
            a.move(code, rng.choice(keys), rng.choice((None, 0, 1, 2, 5)))
        flat = [c for k in keys for c in a.lists[k]]
        assert sorted(flat) == sorted(a.cards)
        for z in a.zones:
            assert z.capacity is None or len(a.lists[z.key]) <= z.capacity


def test_save_and_restore() -> None:
    a = arrangement()
    a.place([["TN", "GA", "AL"], ["MS"]])
    saved = a.to_json()
    b = arrangement()
    b.restore({**saved, "g3": ["XX"], "g2": [*saved["g2"], "ZZ", 5]})
    assert b.groups() == [["TN", "GA", "AL"], ["MS"]]
    b.clear()
    assert b.groups() == [[], []] and b.lists[HAND] == list(b.cards)


# --------------------------------------------------------------------------- the table


def bot_table(seed: int, level: int = 2, difficulty: str = "easy") -> Any:
    return engine(Setup("border-up", level, "bot", difficulty, seed))


def test_the_count_deals_and_the_bot_plans_from_its_own_view() -> None:
    t = bot_table(5)
    assert t.view(REFEREE)["phase"] == "plunge" and list(t.bots) == [BOT_SEAT]
    plunge = t.planned[BOT_SEAT]
    assert plunge is not None and plunge["kind"] == "plunge"
    t.submit({"seat": 0, "kind": "plunge", "data": True}, 100)
    t.advance(4_999 if plunge["at"] > 4_999 else plunge["at"] - 1)
    assert t.view(REFEREE)["phase"] == "plunge"
    t.advance(5_000)
    assert t.view(REFEREE)["phase"] == "race"
    # the computer's plan for the race: the same plan its public API gives for its view
    expect = bot.plan(t.view(BOT_SEAT), "easy", random.Random("5:2:race:easy"))
    assert t.planned[BOT_SEAT] == expect.move.to_json()
    assert t.next_due() == min(expect.move.at, t.clock_due()[1])


def test_a_person_shout_wins_before_the_slow_bot() -> None:
    t = bot_table(8)
    t.submit({"seat": 0, "kind": "plunge", "data": False}, 200)
    t.advance(5_000)
    hand = t.view(0)["hand"]
    sol = solver.solve(hand, 2)
    assert sol.geoplunge is not None, "deal 8 holds a GeoPlunge"
    start = t.view(REFEREE)["timing"]["race_start"]
    assert t.planned[BOT_SEAT]["at"] - start > 10_000
    groups = [list(g) for g in sol.geoplunge]
    t.submit({"seat": 0, "kind": "shout", "data": ["geoplunge", groups]}, start + 4_000)
    assert t.view(REFEREE)["phase"] == "race"  # the shout window is open
    due = t.next_due()
    assert due == start + 4_000 + GAME.new(1).window_ms
    t.advance(due)
    assert t.over
    r = t.view(0)["result"]
    assert r["winner"] == 0 and not r["bonus"]
    assert r["points"] == list(scoring.score(0, False, r["plunged"]))


def test_the_bot_shouts_when_nobody_else_does_and_replay_is_exact() -> None:
    t = bot_table(3, difficulty="hard")
    t.submit({"seat": 0, "kind": "plunge", "data": False}, 50)
    for _ in range(10):
        due = t.next_due()
        if due is None:
            break
        t.advance(due)
    assert t.over
    again = bot_table(3, difficulty="hard")
    again.replay(t.moves)
    assert GAME.state_to_json(again.state) == GAME.state_to_json(t.state)


def test_local_tables_have_no_bot() -> None:
    t = engine(Setup("border-up", 2, "local", "medium", 4))
    assert t.bots == {} and t.planned == {}
    assert t.next_due() == 5_000  # only the count
    t.submit({"seat": 0, "kind": "plunge", "data": True}, 10)
    t.submit({"seat": 1, "kind": "plunge", "data": False}, 20)
    assert t.view(REFEREE)["phase"] == "race"  # both decided: dealt at once
    assert t.view(REFEREE)["timing"]["race_start"] == 20
    assert [m["kind"] for m in t.moves] == ["plunge", "plunge"]
    assert Move.from_json(t.moves[0]).at == 10


# --------------------------------------------------------------------------- hints


def _dealt(seed: int, level: int) -> list[str]:
    s = GAME.new(seed, level=level)
    s = GAME.apply(s, Move(0, "plunge", False, 0))
    s = GAME.apply(s, Move(1, "plunge", False, 0))
    return list(GAME.view(s, 0)["hand"])


def _completes(hint: tuple[str, ...], rest: list[str], level: int) -> bool:
    """Some group of ``rest`` makes a GeoPlunge with ``hint`` (checked by the referee)."""
    return any(
        check_shout("geoplunge", [list(hint), list(g)], level).valid
        for g in solver.all_groups(rest, level)
    )


def _hands_with_geoplunge(level: int, n: int) -> list[list[str]]:
    out = []
    for seed in range(200):
        hand = _dealt(seed, level)
        if solver.solve(hand, level).geoplunge is not None:
            out.append(hand)
        if len(out) == n:
            break
    return out


@pytest.mark.parametrize("level", [2, 3, 4])
def test_a_hint_is_a_winning_group_that_completes_a_geoplunge(level: int) -> None:
    for hand in _hands_with_geoplunge(level, 12):
        hint = choose_hint(hand, [[], [], []], level)
        assert hint.kind == "group" and hint.slot == 0
        assert check_group(hint.cards, level).ok, hint
        assert set(hint.cards) <= set(hand)
        assert _completes(hint.cards, [c for c in hand if c not in hint.cards], level)
        assert hint.message.startswith("Hint: ") and "Group 1" in hint.message


@pytest.mark.parametrize("level", [2, 3, 4])
def test_a_hint_keeps_the_groups_placed_correctly(level: int) -> None:
    for hand in _hands_with_geoplunge(level, 12):
        geo = solver.solve(hand, level).geoplunge
        assert geo is not None
        placed = list(geo[0])
        hint = choose_hint(hand, [placed, [], []], level)
        assert hint.kind == "group" and hint.slot == 1, hint  # Group 2: Group 1 is done
        assert not set(hint.cards) & set(placed), "the hint breaks up a placed group"
        assert check_shout("geoplunge", [placed, list(hint.cards)], level).valid


def test_a_wrongly_sorted_group_is_not_kept() -> None:
    # KS-MO-KY-WV-PA is a Level 4 line; shown out of order it is not a placed group
    hand = ["KS", "MO", "KY", "WV", "PA", "MD", "VA", "NC", "AK", "HI"]
    hint = choose_hint(hand, [["MO", "KS", "WV", "KY", "PA"], [], []], 4)
    assert hint.kind == "group" and check_group(hint.cards, 4).ok
    assert _completes(hint.cards, [c for c in hand if c not in hint.cards], 4)


@pytest.mark.parametrize("level", [2, 4])
def test_a_hint_extends_the_cards_already_started(level: int) -> None:
    for hand in _hands_with_geoplunge(level, 8):
        geo = solver.solve(hand, level).geoplunge
        assert geo is not None
        started = list(geo[1][:2])  # two cards of a winning group, in Group 2
        hint = choose_hint(hand, [[], started, []], level)
        assert set(started) & set(hint.cards), (hand, started, hint)
        assert hint.slot == 1  # where those cards already lie
        assert _completes(hint.cards, [c for c in hand if c not in hint.cards], level)


@pytest.mark.parametrize("level", [2, 3, 4])
def test_a_ready_shout_points_at_the_button(level: int) -> None:
    for hand in _hands_with_geoplunge(level, 4):
        sol = solver.solve(hand, level)
        assert sol.geoplunge is not None
        two = [list(g) for g in sol.geoplunge]
        hint = choose_hint(hand, [*two, []], level)
        rest = [c for c in hand if c not in {c for g in two for c in g}]
        bonus = [
            g
            for g in solver.all_groups(rest, level)
            if len(g) == 3 and check_shout("threeoplunge", [*two, list(g)], level).valid
        ]
        if bonus:  # the other cards hold a bonus group: the hint is that group
            assert hint.kind == "group" and hint.bonus and hint.slot == 2
            assert tuple(hint.cards) in {tuple(g) for g in bonus}
            assert "shout now, or add the bonus" in hint.message
            continue
        assert hint.kind == "ready" and hint.call == "geoplunge" and not hint.cards
        assert "shout GeoPlunge!" in hint.message
        if sol.threeoplunge is not None:
            hint = choose_hint(hand, [list(g) for g in sol.threeoplunge], level)
            assert hint.kind == "ready" and hint.call == "threeoplunge"
            assert "shout ThreeOPlunge!" in hint.message


def test_two_groups_in_the_wrong_slots_are_pointed_out() -> None:
    hand = ["KS", "MO", "IA", "MD", "VA", "NC", "AK", "HI", "ME"]
    hint = choose_hint(hand, [["KS", "MO", "IA"], ["AK"], ["MD", "VA", "NC"]], 2)
    assert hint.kind == "move"
    assert "Group 1 and Group 3 are already a GeoPlunge" in hint.message
    assert set(hint.cards) == {"KS", "MO", "IA", "MD", "VA", "NC"}


def test_no_geoplunge_says_so() -> None:
    hand = ["AK", "HI", "ME", "FL", "WA", "KS", "MO", "IA"]  # one group at most
    assert solver.solve(hand, 2).geoplunge is None
    hint = choose_hint(hand, [["KS", "MO"], [], []], 2)
    assert hint.kind == "none" and not hint.cards
    assert hint.message == NO_GEOPLUNGE
    assert "No two winning groups exist in this hand: consider passing" in hint.message


def test_a_placed_group_no_geoplunge_can_keep() -> None:
    # KS-MO-IA is a group, but the one GeoPlunge is KS-NE-IA + MO-AR-TN: it breaks it up
    hand = ["KS", "MO", "IA", "NE", "AR", "TN"]
    hint = choose_hint(hand, [["KS", "MO", "IA"], [], []], 2)
    assert hint.kind == "group" and check_group(hint.cards, 2).ok
    assert _completes(hint.cards, [c for c in hand if c not in hint.cards], 2)
    assert "No GeoPlunge keeps your groups as they are" in hint.message


def test_hints_used_wording() -> None:
    assert hints_used(0) == "No hints used"
    assert hints_used(1) == "1 hint used"
    assert hints_used(2) == "2 hints used"


def test_a_hint_goes_to_an_empty_slot_rather_than_over_other_cards() -> None:
    hand = ["AK", "HI", "KS", "MO", "IA", "MD", "VA", "NC"]
    hint = choose_hint(hand, [["AK"], [], []], 2)  # Alaska is in no group
    assert hint.kind == "group" and "AK" not in hint.cards
    assert hint.slot == 1 and "Try them in Group 2" in hint.message


# --------------------------------------------------------------------------- hints in steps


def test_the_key_state_borders_the_others() -> None:
    assert key_state(("KS", "MO", "IA")) == "MO"  # Missouri borders Kansas and Iowa
    assert key_state(("IA", "MO", "KS")) == "MO"
    line = ("KS", "MO", "KY", "WV", "PA")
    assert key_state(line) == "MO"  # first of the states bordering two others


def test_a_group_hint_comes_in_two_steps_and_survives_json() -> None:
    hint = choose_hint(["KS", "MO", "IA", "MD", "VA", "NC", "AK"], [[], [], []], 2)
    assert hint.kind == "group"
    first = hint.first_step()
    key = atlas.by_code()[key_state(hint.cards)].name
    assert first == f"Hint: build a group around {key} and try it in Group {hint.slot + 1}."
    for code in hint.cards:  # the first step names only the key state
        if code != key_state(hint.cards):
            assert atlas.by_code()[code].name not in first
    assert Hint.from_json(json.loads(json.dumps(hint.to_json()))) == hint


def test_a_bonus_group_is_hinted_when_groups_1_and_2_are_done() -> None:
    hand = ["KS", "MO", "IA", "MD", "VA", "NC", "GA", "AL", "FL", "AK"]
    hint = choose_hint(hand, [["KS", "MO", "IA"], ["MD", "VA", "NC"], []], 2)
    assert hint.kind == "group" and hint.bonus and hint.slot == 2
    assert set(hint.cards) == {"GA", "AL", "FL"}
    assert "Try them in Group 3" in hint.message
    assert hint.first_step().endswith("try it in Group 3, the bonus group.")
    # once the bonus group is laid out, the hint is the ThreeOPlunge shout
    done = choose_hint(hand, [["KS", "MO", "IA"], ["MD", "VA", "NC"], list(hint.cards)], 2)
    assert done.kind == "ready" and done.call == "threeoplunge"


# ------------------------------------------------------------------ the result


def _shout(team: int, call: str, groups: list[tuple[list[str], bool, str]], **kw: Any) -> dict:
    return {
        "team": team,
        "call": call,
        "after_ms": 3240,
        "valid": all(ok for _, ok, _ in groups),
        "groups": [{"cards": c, "ok": ok, "reason": why} for c, ok, why in groups],
        **kw,
    }


def test_shouts_html_shows_each_shout_its_checks_and_why():
    r = {
        "shouts": [
            _shout(1, "threeoplunge", [(["WA", "OR", "ID"], True, "WA-OR-ID border")]),
            _shout(
                0,
                "geoplunge",
                [(["ME", "NH", "VT"], True, "a chain"), (["TX", "ME", "FL"], False, "ME & TX")],
                problem="<one> group fails",
            ),
        ]
    }
    html = shouts_html(["Owls <A>", "Foxes"], r)
    first, second = html.split('data-shout="1"')
    assert 'data-shout="0" data-team="1"' in first and "Foxes shouted ThreeOPlunge!" in first
    assert "after 3.2 s" in first and "bu-verdict-valid" in first
    assert "Owls &lt;A&gt; shouted GeoPlunge!" in second and "bu-verdict-invalid" in second
    assert second.count('data-ok="true"') == 1 and second.count('data-ok="false"') == 1
    assert "Group 2: TX-ME-FL" in second and "ME &amp; TX" in second
    assert '<p class="bu-check-problem">&lt;one&gt; group fails</p>' in second
    assert html.count('data-show="shouts"') == 2
    assert shouts_html(["A", "B"], {"shouts": []}) == ""


def _solutions(three: list | None, geo: list | None) -> dict:
    return {"threeoplunge": three, "geoplunge": geo}


def test_could_html_names_the_best_call_a_hand_allowed_for_each_team_that_missed_it():
    three = [["WA", "OR", "ID"], ["ME", "NH", "VT"], ["TX", "OK", "KS"]]
    geo = [["WA", "OR", "ID"], ["ME", "NH", "VT"]]
    # Local play: Team 1 won with a GeoPlunge while its hand held a ThreeOPlunge; Team 2
    # held nothing.
    r = {
        "winner": 0,
        "shouts": [_shout(0, "geoplunge", [(g, True, "") for g in geo])],
        "solutions": [_solutions(three, geo), _solutions(None, None)],
    }
    html = could_html(False, r)
    assert '<li data-could="0"><p>Team 1 could also have made a ThreeOPlunge:' in html
    assert "WA-OR-ID" in html and "TX-OK-KS" in html and 'data-seat="0"' in html
    assert '<li data-could="1"><p>Team 2: this hand held no GeoPlunge at all.</p></li>' in html
    # Against the computer only the person's team (seat 0) is told.
    assert 'data-could="1"' not in could_html(True, r)
    assert "You could also have made a ThreeOPlunge" in could_html(True, r)
    # A win with the best call the hand allowed: nothing to say.
    best = dict(r, shouts=[_shout(0, "threeoplunge", [(g, True, "") for g in three])])
    assert could_html(True, best) == ""
    # Nobody shouted, the computer won on time: the person's hand "also held" nothing new
    # but lost, so it "could have made" its best call.
    lost = {"winner": 1, "shouts": [], "solutions": [_solutions(None, geo), _solutions(None, None)]}
    assert "You could have made a GeoPlunge: " in could_html(True, lost)
    won_quiet = {
        "winner": 0,
        "shouts": [],
        "solutions": [_solutions(three, geo), _solutions(None, None)],
    }
    assert "You also held a ThreeOPlunge" in could_html(True, won_quiet)


# --------------------------------------------------------------------------- a card shown large


@pytest.mark.parametrize("code", ["MO", "TN", "ID", "HI", "ME"])
def test_a_card_shown_large_lists_every_border(code: str) -> None:
    """The card shown large (issue 41): named by its state, its code, every time zone
    (the stripe and, for a second zone, the dot) and every state it borders by code and
    name; a state with no neighbour says so."""
    by = atlas.by_code()
    s = by[code]
    title, body = zoom_card(code)
    assert title == s.name
    assert f'data-zoom="{code}"' in body and f">{code}</p>" in body
    assert f"Borders ({len(s.borders)})" in body
    for z in s.time_zones:
        assert z in body
    assert ("tz-dot" in body) == (len(s.time_zones) > 1)
    assert body.count("<li>") == len(s.borders)
    for b in s.borders:
        assert f'<span class="bu-zoom-bcode">{b}</span> {by[b].name}</li>' in body
    assert ("borders no state" in body) == (not s.borders)


def test_the_hand_help_names_the_zoom() -> None:
    assert "press and hold a card to see it large" in help_html("x", zoom=True)
    assert "hold" not in help_html("x")
    assert 'aria-keyshortcuts="Z"' in card_html("MO", "h", keys="Z")
    assert "aria-keyshortcuts" not in card_html("MO", "h")

"""State IQ rules at Levels 2, 3 and 4: the rule books' examples and the rulings R-26..R-30."""

from __future__ import annotations

import json

import pytest

from cardroom import atlas, scoring
from cardroom.core import REFEREE, CorruptState, IllegalMove, MalformedMove, Move
from cardroom.geoplunge import decks
from cardroom.geoplunge.state_iq import GAME, StateIQState, carry_out, clues_per_guess, result

BAC = "P03"  # the Power card with BAC in its upper right corner (the books' example)
assert decks.power_card(BAC).abc == "BAC"


def new(level: int, seed: int = 5, **kw) -> StateIQState:
    pin = kw.pop("pin", {})
    return GAME.new(seed, level=level, pin={"power": [[0, BAC]], **pin}, **kw)


def plunge(s: StateIQState, a: bool = False, b: bool = False) -> StateIQState:
    s = GAME.apply(s, Move(0, "plunge", a))
    return GAME.apply(s, Move(1, "plunge", b))


def give_clues(s: StateIQState) -> StateIQState:
    while s.phase == "clue":
        s = GAME.apply(s, next(iter(GAME.legal_moves(s, s.giver))))
    return s


def wrong_code(s: StateIQState) -> str:
    held = s.held(s.giver)
    done = {g.code for g in s.guesses if g.team == s.guesser}
    return next(c for c in sorted(atlas.by_code()) if c != held and c not in done)


def guess(s: StateIQState, right: bool) -> StateIQState:
    s = give_clues(s)
    assert s.phase == "guess"
    code = s.held(s.giver) if right else wrong_code(s)
    return GAME.apply(s, Move(s.guesser, "guess", code))


def play(s: StateIQState, first: list[bool], second: list[bool]) -> StateIQState:
    """Play out the guesses (right or wrong) of the first and then the second team."""
    for r in first:
        assert s.turn == 0
        s = guess(s, r)
    for r in second:
        assert s.turn == 1 and s.phase != "over"
        s = guess(s, r)
    return s


# ------------------------------------------------------------------ the Power card's order


@pytest.mark.parametrize("level", [2, 3, 4])
def test_bac_power_card_orders_the_clue_types(level: int) -> None:
    """The books' example: a BAC Power card gives Type B clues before the first guess, A
    before the second, C before the third; two Clue cards each at Level 2, one at 3 and 4."""
    s = plunge(new(level))
    n = clues_per_guess(level)
    assert n == (2 if level == 2 else 1)
    for letter in "BAC":
        assert s.phase == "clue"
        assert len(s.turned) == n
        assert all(decks.clue_card(c).type == letter for c in s.turned)
        s = guess(s, False)
    # the same Power card serves the second guessing team: B first again
    assert s.turn == 1
    assert all(decks.clue_card(c).type == "B" for c in s.turned)


def test_the_power_card_is_turned_after_geoplunging() -> None:
    s = new(3)
    assert GAME.view(s, 0)["power"] is None
    assert GAME.view(plunge(s), 0)["power"]["id"] == BAC


def test_clue_cards_are_new_for_each_guess_and_used_ones_go_under() -> None:
    s = plunge(new(2))
    seen = []
    while s.phase != "over":
        seen.extend(s.turned)
        s = guess(s, False)
    assert len(seen) == len(set(seen)) == 2 * 6  # 12 different cards, none twice


# ------------------------------------------------------------------ clues


def test_the_giver_chooses_an_option_of_the_card() -> None:
    s = plunge(new(3))
    card = decks.clue_card(s.turned[0])
    held = s.held(s.giver)
    moves = list(GAME.legal_moves(s, s.giver))
    assert {m.data for m in moves} == {
        (k, v) for k in card.options for v in decks.clue_values(k, held)
    }
    other = next(k for k in decks.CLUE_KINDS if k not in card.options)
    with pytest.raises(IllegalMove, match="offers"):
        GAME.apply(s, Move(s.giver, "clue", [other, "x"]))
    with pytest.raises(IllegalMove, match="not true"):
        GAME.apply(s, Move(s.giver, "clue", [card.options[0], "Atlantis"]))
    with pytest.raises(MalformedMove):
        GAME.apply(s, Move(s.giver, "clue", ["no-such-kind", "x"]))
    with pytest.raises(MalformedMove):
        GAME.apply(s, Move(s.giver, "clue", "border"))
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(s.guesser, "clue", moves[0].data))  # the guesser gives no clue


def test_two_nickname_cards_do_not_give_the_same_clue_twice() -> None:
    """Play-test: Level 2 turned both Nickname cards before one guess and "The Hoosier
    State" was given twice. The second one-option card that repeats the first goes under
    and the next card is turned (R-221)."""
    # Power card order C first (a CAB/CBA card), the two Nickname cards on top of pile C.
    power = next(p.id for p in decks.power_deck() if p.abc.startswith("C"))
    s = plunge(GAME.new(7, level=2, pin={"power": [[0, power]], "C": [[0, "C02"], [1, "C09"]]}))
    assert s.turned[0] == "C02" and "C09" not in s.turned
    assert decks.clue_card(s.turned[1]).options != ("nickname",)
    s = give_clues(s)
    given = [(c.kind, c.value) for c in s.clues]
    assert len(given) == 2 and given[0] != given[1]


def test_the_clues_of_a_guess_are_different_facts() -> None:
    """Every Level 2 guess over many deals: whatever the giver picks among the legal
    clues, the two differ; a repeated clue is refused."""
    import random

    rng = random.Random(3)
    for seed in range(120):
        s = plunge(GAME.new(seed, level=2))
        while s.phase != "over":
            first = rng.choice(list(GAME.legal_moves(s, s.giver)))
            s = GAME.apply(s, first)
            offered = first.data[0] in decks.clue_card(s.turned[1]).options
            with pytest.raises(IllegalMove, match="different facts" if offered else "offers"):
                GAME.apply(s, Move(s.giver, "clue", list(first.data)))
            second = rng.choice(list(GAME.legal_moves(s, s.giver)))
            assert second.data != first.data, (seed, s.turned)
            s = GAME.apply(s, second)
            s = GAME.apply(s, Move(s.guesser, "guess", wrong_code(s)))


def test_a_fact_that_would_leave_the_second_card_nothing_is_not_offered() -> None:
    """Maine has one border state: with Clue cards B01 (border, flower) and B09 (border
    only) the first card cannot give "New Hampshire", or B09 would have to repeat it."""
    from cardroom.geoplunge.state_iq import clue_choices

    first = clue_choices([("border", "flower"), ("border",)], "ME", [])
    assert ("border", "New Hampshire") not in first
    assert first == (("flower", atlas.by_code()["ME"].flower),)
    second = clue_choices([("border", "flower"), ("border",)], "ME", [first[0]])
    assert second == (("border", "New Hampshire"),)
    # Ohio has five border states: any of them, and then a different one.
    ohio = clue_choices([("border",), ("border",)], "OH", [("border", "Indiana")])
    assert ("border", "Indiana") not in ohio and len(ohio) == 4


# ------------------------------------------------------------------ typed guesses


def test_typed_guesses_go_through_the_name_matcher() -> None:
    """R-25, R-28: slips are forgiven, ambiguous or unknown text is refused, a state
    already guessed wrongly cannot be guessed again."""
    s = give_clues(plunge(new(3, pin={"geo": [[0, "PA"], [1, "OH"]]})))
    assert s.held(s.giver) == ("PA" if s.giver == 0 else "OH")
    target = s.held(s.giver)
    for text in ("akansas", "Atlantis", ""):
        with pytest.raises(MalformedMove):
            GAME.apply(s, Move(s.guesser, "guess", text))
    with pytest.raises(MalformedMove):
        GAME.apply(s, Move(s.guesser, "guess", 12))
    typed = {"PA": "pensylvania", "OH": "ohio"}[target]
    assert Move(s.guesser, "guess", typed) in GAME.legal_moves(s, s.guesser)
    right = GAME.apply(s, Move(s.guesser, "guess", typed))
    assert right.guesses[-1].correct and right.guesses[-1].code == target
    wrong = GAME.apply(s, Move(s.guesser, "guess", "Texas"))
    assert not wrong.guesses[-1].correct
    wrong = give_clues(wrong)
    with pytest.raises(IllegalMove, match="already guessed"):
        GAME.apply(wrong, Move(wrong.guesser, "guess", "TX"))
    assert Move(wrong.guesser, "guess", "tx") not in GAME.legal_moves(wrong, wrong.guesser)


# ------------------------------------------------------------------ Levels 2 and 3


@pytest.mark.parametrize("level", [2, 3])
def test_first_team_stops_when_right_and_fewer_guesses_wins(level: int) -> None:
    s = plunge(new(level), True, False)
    s = play(s, [False, True], [False, False])
    # the second team lost once it had used the 2 guesses the first team needed
    assert s.phase == "over"
    assert len(s.guesses_of(s.first)) == 2 and len(s.guesses_of(1 - s.first)) == 2
    r = result(s)
    assert r["winner"] == s.first and not r["bonus"]
    pts = [0, 0]
    pts[s.first] = 10 + 10  # win, one team GeoPlunged
    assert GAME.points(s) == tuple(pts)


@pytest.mark.parametrize("level", [2, 3])
def test_right_on_the_first_guess_wins_the_bonus(level: int) -> None:
    s = play(plunge(new(level), True, True), [False, False, True], [True])
    assert s.phase == "over"
    second = 1 - s.first
    assert result(s)["winner"] == second and result(s)["bonus"]
    assert GAME.points(s)[second] == scoring.MAX_POINTS  # 10 + 10 + 20


@pytest.mark.parametrize("level", [2, 3])
def test_ties_at_levels_2_and_3(level: int) -> None:
    both = play(plunge(new(level), True, True), [False, True], [False, True])
    assert result(both)["winner"] is None and GAME.points(both) == (5, 5)
    neither = play(plunge(new(level)), [False] * 3, [False] * 3)
    assert result(neither)["winner"] is None and GAME.points(neither) == (5, 5)


@pytest.mark.parametrize("level", [2, 3])
def test_second_team_stops_once_it_has_won(level: int) -> None:
    s = play(plunge(new(level)), [False, False, False], [False, True])
    assert s.phase == "over" and result(s)["winner"] == 1 - s.first and not result(s)["bonus"]


# ------------------------------------------------------------------ Level 4


def test_level_4_a_right_guess_deals_a_new_card_and_three_guesses_always() -> None:
    s = plunge(new(4))
    giver = s.giver
    first_card = s.held(giver)
    s = guess(s, True)
    assert s.turn == 0 and s.phase == "clue"  # exactly 3 guesses, even after a right one
    assert s.held(giver) != first_card and len(s.cards[giver]) == 2
    # the new card is shown to nobody but its team; the old one to everybody
    v = GAME.view(s, 1 - giver)
    assert v["cards"][giver] == [first_card, None]
    assert s.held(giver) not in json.dumps(GAME.view(s, 1 - giver))
    s = guess(s, True)
    s = guess(s, True)
    assert s.turn == 1 and len(s.cards[giver]) == 3  # no card after the last guess


def test_level_4_most_states_wins_and_all_three_is_the_bonus() -> None:
    s = play(plunge(new(4)), [True, True, True], [True, False])
    # the second team cannot reach 3 any more: it stops after its 2nd guess
    assert s.phase == "over" and len(s.guesses_of(1 - s.first)) == 2
    assert result(s)["winner"] == s.first and result(s)["bonus"]
    assert GAME.points(s)[s.first] == 20


def test_level_4_second_team_plays_on_for_the_bonus() -> None:
    """It has already won (2 > 1) but the bonus is open: it guesses a third time."""
    s = play(plunge(new(4)), [True, False, False], [True, True, True])
    assert result(s)["winner"] == 1 - s.first and result(s)["bonus"]
    s = play(plunge(new(4)), [False, False, True], [True, True])
    assert s.phase != "over"  # won, bonus open: the third guess comes
    s = guess(s, False)
    assert s.phase == "over" and result(s)["winner"] == 1 - s.first and not result(s)["bonus"]


def test_level_4_second_team_stops_when_won_without_the_bonus() -> None:
    s = play(plunge(new(4)), [False, False, False], [False, True])
    assert s.phase == "over" and result(s)["winner"] == 1 - s.first


def test_level_4_second_team_stops_when_it_cannot_catch_up() -> None:
    s = play(plunge(new(4)), [True, True, False], [False, False])
    assert s.phase == "over" and result(s)["winner"] == s.first


def test_level_4_equal_counts_tie_including_zero() -> None:
    s = play(plunge(new(4)), [True, False, False], [False, False, True])
    assert result(s)["winner"] is None and GAME.points(s) == (5, 5)
    s = play(plunge(new(4)), [False] * 3, [False] * 3)
    assert result(s)["winner"] is None


# ------------------------------------------------------------------ who guesses first


def test_level_2_carry_winner_guesses_first() -> None:
    """R-30: at Level 2 the winner of the Border-Up just played guesses first."""
    for w in (0, 1):
        s = GAME.new(3, level=2, carry={"winner": w})
        assert s.first == w and s.pick == () and GAME.view(s, 0)["first_by"] == "carry"
    tie = GAME.new(3, level=2, carry={"winner": None})
    assert len(tie.pick) == 2


@pytest.mark.parametrize("level", [2, 3, 4])
def test_statehood_pick_rank_closer_to_1_guesses_first(level: int) -> None:
    s = GAME.new(9, level=level, carry={"winner": 1} if level > 2 else None)
    assert len(s.pick) == 2  # Levels 3 and 4 ignore the carry-over for this
    ranks = [atlas.by_code()[c].statehood_rank for c in s.pick]
    assert s.first == (0 if ranks[0] < ranks[1] else 1)
    pinned = GAME.new(9, level=level, pin={"pick": ["HI", "DE"]})
    assert pinned.first == 1  # Delaware, statehood rank 1


def test_carry_out_hands_on_the_winner_and_the_power_deck() -> None:
    s = play(plunge(new(3)), [True], [False])
    out = carry_out(s)
    assert out["winner"] == s.first and out["power"] == list(s.power[1:])
    nxt = GAME.new(1, level=2, carry=out)
    assert nxt.power == s.power[1:]
    assert nxt.first == s.first


# ------------------------------------------------------------------ information


def test_views_hide_the_held_card_until_it_is_guessed() -> None:
    s = plunge(new(2, pin={"geo": [[0, "TX"], [1, "ME"]]}))
    assert "ME" not in json.dumps(GAME.view(s, 0)) and "TX" not in json.dumps(GAME.view(s, 1))
    assert GAME.view(s, 0)["held"] == "TX" and GAME.view(s, 1)["held"] == "ME"
    assert "TX" not in json.dumps(GAME.view(s, REFEREE))
    s = play(s, [True], [False])  # right at once: the second team has one guess to tie
    assert s.phase == "over"
    for seat in (0, 1, REFEREE):
        assert GAME.view(s, seat)["cards"] == [["TX"], ["ME"]]  # all shown at the end


def test_geoplunging_is_secret_until_both_decided() -> None:
    s = GAME.apply(new(2), Move(0, "plunge", True))
    assert GAME.view(s, 1)["plunge"] == {"mine": None, "decided": [True, False], "teams": None}
    assert GAME.view(s, 0)["plunge"]["mine"] is True
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(0, "plunge", False))
    s = GAME.apply(s, Move(1, "plunge", False))
    assert GAME.view(s, 1)["plunge"]["teams"] == [True, False]


# ------------------------------------------------------------------ options and saves


def test_options_are_checked() -> None:
    for bad in (
        {"level": 1},
        {"level": 2, "carry": {"winner": 2}},
        {"level": 2, "carry": {"who": 0}},
        {"level": 2, "carry": {"power": ["P99"]}},
        {"level": 2, "pin": {"nope": []}},
        {"level": 2, "pin": {"geo": [[99, "TX"]]}},
        {"level": 2, "pin": {"pick": ["TX", "TX"]}},
    ):
        with pytest.raises(ValueError):
            GAME.new(1, **bad)


def _saved(level: int = 4) -> dict:
    s = play(plunge(new(level)), [True, False], [])
    return json.loads(json.dumps(GAME.state_to_json(give_clues(s))))


@pytest.mark.parametrize(
    "mutate",
    [
        lambda o: o.pop("geo"),
        lambda o: o.update(extra=1),
        lambda o: o.update(level=5),
        lambda o: o["geo"].__setitem__(1, o["geo"][0]),
        lambda o: o["guesses"][0].__setitem__(4, not o["guesses"][0][4]),
        lambda o: o["guesses"][0].__setitem__(2, "XX"),
        lambda o: o.update(phase="plunge"),
        lambda o: o.update(phase="over"),
        lambda o: o.update(dealt=5),
        lambda o: o["clues"][0].__setitem__(4, "Atlantis"),
        lambda o: o["clues"].pop(0),
        lambda o: o.update(turn=1),
        lambda o: o["piles"][0].__setitem__(0, o["piles"][0][1]),
        lambda o: o.update(first=1 - o["first"]),
        lambda o: o.update(used=[0, 0, 0]),
        lambda o: o.update(plunge=[None, True]),
    ],
)
def test_corrupt_saves_are_refused(mutate) -> None:
    obj = _saved()
    assert GAME.state_from_json(json.loads(json.dumps(obj))) is not None
    mutate(obj)
    with pytest.raises(CorruptState):
        GAME.load(obj)

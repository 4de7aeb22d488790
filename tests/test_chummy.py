"""Chummy Challenge rules (Levels 3 and 4): the GeoPlunging count, GeoPlungers, the
Power card's colour, reading word by word, buzzes and the 15 s rule, simultaneous
secret answers, the best-of-three series with its bonus, and saved states (R-62..R-68)."""

from __future__ import annotations

import json

import pytest

from cardroom import scoring
from cardroom.core import REFEREE, CorruptState, IllegalMove, MalformedMove, Move, Rng
from cardroom.geoplunge import challenge, decks
from cardroom.geoplunge.chummy import GAME, ChummyState

W = 400  # ms per word (default)


def clock(s: ChummyState, kind: str | None = None) -> ChummyState:
    """The table clock's next act, at its due time."""
    m = GAME.legal_moves(s, REFEREE)[0]
    assert kind is None or m.kind == kind, (m.kind, kind)
    return GAME.apply(s, m)


def start(seed: int = 1, level: int = 4, plunge=(False, False), **opts) -> ChummyState:
    s = GAME.new(seed, level=level, **opts)
    s = GAME.apply(s, Move(0, "plunge", plunge[0], 100))
    s = GAME.apply(s, Move(1, "plunge", plunge[1], 200))
    assert s.phase == "seat"
    return s


def seat_and_ask(s: ChummyState, players=None, pick: int = 0) -> ChummyState:
    n = len(s.rounds) - 1
    p = players or (n, n)
    s = GAME.apply(s, Move(0, "geoplunger", p[0], s.now + 10))
    s = GAME.apply(s, Move(1, "geoplunger", p[1], s.now + 10))
    assert s.phase == "ask"
    return GAME.apply(s, Move(REFEREE, "ask", pick, s.now + 500))


def right_answer(s: ChummyState) -> list[str]:
    q = s.current.question()
    return [item[0] for item in q.answers[: q.need]]


def play(s: ChummyState, outcome: str) -> ChummyState:
    """One challenge: "0"/"1" a lone buzz answered right by that team, "x0"/"x1" a lone
    buzz by that team answered wrong, "tie" nobody buzzes."""
    s = seat_and_ask(s)
    if outcome == "tie":
        while s.phase == "read":
            s = clock(s)
        return s
    team = int(outcome[-1])
    s = GAME.apply(s, Move(team, "buzz", None, s.now + 50))
    s = clock(s, "close")
    data = right_answer(s) if not outcome.startswith("x") else ["Nowhere at all"]
    return GAME.apply(s, Move(team, "answer", data, s.now + 1000))


# ---------------------------------------------------------------- dealing and options


def test_deal_and_options():
    s = GAME.new(7)
    assert sorted(s.challenges) == list(range(1, 64))
    assert sorted(s.powers) == sorted(p.id for p in decks.power_deck())
    assert s.level == 4 and s.phase == "plunge"
    assert GAME.new(8).challenges != s.challenges
    assert GAME.new(7) == s
    for bad in ({"level": 2}, {"level": True}, {"colour": "red"}, {"wait_ms": 5},
                {"word_ms": "fast"}, {"pin": {"challenge": {"0": 99}}}):  # fmt: skip
        with pytest.raises(ValueError):
            GAME.new(1, **bad)
    assert GAME.new(1, wait_ms=20_000).timing.wait_ms == 20_000
    assert GAME.num_seats(s) == 2 and GAME.team_of(s, 1) == 1


# ---------------------------------------------------------------- GeoPlunging


def test_geoplunging_is_secret_during_the_count():
    s = GAME.new(3)
    s = GAME.apply(s, Move(0, "plunge", True, 1200))
    assert GAME.view(s, 0)["plunge"] == [True, "hidden"]
    assert GAME.view(s, 1)["plunge"] == ["hidden", None]
    assert GAME.view(s, REFEREE)["plunge"] == ["hidden", "hidden"]
    s = GAME.apply(s, Move(1, "plunge", True, 4999))
    assert s.phase == "seat"
    assert GAME.view(s, 1)["plunge"] == [True, True]
    assert GAME.plunged(s) == (True, True)


def test_the_count_ends_at_five_seconds_and_a_late_decision_is_ignored():
    s = GAME.new(3)
    s = GAME.apply(s, Move(0, "plunge", True, 1000))
    s = GAME.apply(s, Move(1, "plunge", True, 5000))  # at the count's end: too late
    assert s.phase == "seat" and s.late == ((1, "plunge", 5000),)
    assert GAME.plunged(s) == (True, False)
    # Nobody decides: the clock's count starts the first challenge.
    s = clock(GAME.new(3), "count")
    assert s.phase == "seat" and s.now == 5000 and GAME.plunged(s) == (False, False)


# ---------------------------------------------------------------- GeoPlungers


def test_a_different_geoplunger_each_challenge():
    s = start()
    s = play(s, "0")
    assert s.rounds[0].plungers == (0, 0)
    legal = {m.data for m in GAME.legal_moves(s, 0)}
    assert legal == {1, 2}
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(0, "geoplunger", 0, s.now))
    with pytest.raises(MalformedMove):
        GAME.apply(s, Move(0, "geoplunger", 3, s.now))
    s = play(s, "1")
    assert {m.data for m in GAME.legal_moves(s, 1)} == {2}
    assert GAME.view(s, REFEREE)["geoplungers"] == [[0, 1], [0, 1]]


# ---------------------------------------------------------------- the colour


def test_level_3_asks_the_square_and_level_4_the_dealers_circle():
    for seed in range(40):
        s3 = seat_and_ask(start(seed, level=3))
        card = decks.power_card(s3.current.power)
        assert s3.current.colour == card.square in ("red", "blue")
        s4 = start(seed, level=4)
        for pick in (0, 1):
            r = seat_and_ask(s4, pick=pick).current
            card = decks.power_card(r.power)
            assert r.colour == card.circles[min(pick, len(card.circles) - 1)]
    s = start(level=3)
    s = GAME.apply(s, Move(0, "geoplunger", 0, 300))
    s = GAME.apply(s, Move(1, "geoplunger", 0, 300))
    assert [m.data for m in GAME.legal_moves(s, REFEREE)] == [0]
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(REFEREE, "ask", 1, 400))
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(0, "ask", 0, 400))


def test_a_two_circle_card_lets_the_dealer_choose():
    two = [p.id for p in decks.power_deck() if len(p.circles) == 2]
    assert two, "the Power deck has two-circle cards"
    seed = next(sd for sd in range(500) if GAME.new(sd).powers[0] in two)
    colours = {seat_and_ask(start(seed), pick=i).current.colour for i in (0, 1)}
    assert colours == set(decks.power_card(GAME.new(seed).powers[0]).circles)


# ---------------------------------------------------------------- reading


def test_the_question_is_read_word_by_word_and_never_ahead():
    s = seat_and_ask(start(5))
    q = s.current.question()
    words = q.text.split()
    t0 = s.current.start
    for k in range(1, len(words)):
        v = GAME.view(s, 0)["current"]
        assert v["words"] == words[:k]
        text = json.dumps(GAME.view(s, 1))
        assert q.text not in text
        assert " ".join(words[k:]) not in text  # the unread part is not there
        nxt = GAME.legal_moves(s, REFEREE)[0]
        assert nxt.kind == "read" and nxt.at == t0 + k * W
        with pytest.raises(IllegalMove):
            GAME.apply(s, nxt.with_time(nxt.at - 1))  # the clock does not read early
        s = GAME.apply(s, nxt)
    assert GAME.view(s, 0)["current"]["words"] == words
    assert GAME.view(s, 0)["current"]["finished_reading"]
    assert GAME.view(s, 0)["current"]["deadline"] == t0 + len(words) * W + 15_000


def test_a_buzz_stops_the_reading():
    s = seat_and_ask(start(5))
    t0 = s.current.start
    # The clock has not read words 2-4 yet, but they were due before the buzz.
    s = GAME.apply(s, Move(1, "buzz", None, t0 + 3 * W + 10))
    assert s.phase == "window" and s.current.heard == 4
    view = GAME.view(s, 0)["current"]
    assert len(view["words"]) == 4 and view["buzzes"] == [[1, t0 + 3 * W + 10]]
    s = clock(s, "close")
    assert s.phase == "answer" and GAME.to_move(s) == {1, REFEREE}
    assert len(GAME.view(s, REFEREE)["current"]["words"]) == 4


def test_the_fifteen_second_rule():
    base = seat_and_ask(start(6))
    n = len(base.current.words())
    t0 = base.current.start
    full = t0 + n * W
    # A buzz 14.999 s after the full question counts.
    s = GAME.apply(base, Move(0, "buzz", None, full + 14_999))
    assert s.phase == "window"
    # At 15 s the challenge is a tie; a buzz then is late.
    s = GAME.apply(base, Move(0, "buzz", None, full + 15_000))
    assert s.rounds[0].how == "silence" and s.rounds[0].winner is None
    assert s.late[-1] == (0, "buzz", full + 15_000) and s.phase == "seat"
    s = base
    while s.phase == "read":
        s = clock(s)
    assert s.rounds[0].how == "silence" and s.now == full + 15_000


# ---------------------------------------------------------------- answers


def test_a_lone_buzzer_right_wins_wrong_loses_silent_loses():
    s = start(9)
    won = play(s, "0")
    assert won.rounds[0].winner == 0 and won.rounds[0].how == "right"
    lost = play(s, "x0")
    assert lost.rounds[0].winner == 1 and lost.rounds[0].how == "wrong"
    quiet = seat_and_ask(s)
    quiet = GAME.apply(quiet, Move(1, "buzz", None, quiet.now + 700))
    quiet = clock(quiet, "close")
    quiet = clock(quiet, "time")
    assert quiet.rounds[0].winner == 0 and quiet.rounds[0].how == "unanswered"
    assert quiet.now == quiet.rounds[0].buzzes[0][1] + 300 + 30_000


def test_teammates_may_answer_in_any_order_with_small_slips():
    s = seat_and_ask(start(11))
    s = GAME.apply(s, Move(0, "buzz", None, s.now + 100))
    s = clock(s, "close")
    q = s.current.question()
    parts = [item[0] for item in q.answers[: q.need]][::-1]
    s = GAME.apply(s, Move(0, "answer", ", ".join(parts), s.now + 100))
    assert s.rounds[0].winner == 0


def test_simultaneous_buzzes_answer_secretly():
    base = seat_and_ask(start(12))
    t = base.now + 2000
    s = GAME.apply(base, Move(0, "buzz", None, t))
    s = GAME.apply(s, Move(1, "buzz", None, t + 299))  # inside the 300 ms window
    assert s.phase == "answer" and s.current.answering == (0, 1)
    right = right_answer(s)
    s1 = GAME.apply(s, Move(1, "answer", right, t + 3000))
    # Team 1's answer is secret until both have answered.
    assert GAME.view(s1, 1)["current"]["my_answer"] == right
    assert GAME.view(s1, 0)["current"]["my_answer"] is None
    assert "my_answer" not in json.dumps(GAME.view(s1, 0)["challenges"])
    assert GAME.view(s1, REFEREE)["current"]["my_answer"] is None
    one = GAME.apply(s1, Move(0, "answer", "Nowhere", t + 4000))
    assert one.rounds[0].winner == 1 and one.rounds[0].how == "both"
    both = GAME.apply(s1, Move(0, "answer", right, t + 4000))
    assert both.rounds[0].winner is None
    none = GAME.apply(
        GAME.apply(s, Move(0, "answer", "x", t + 400)), Move(1, "answer", "y", t + 500)
    )
    assert none.rounds[0].winner is None
    # Only one answered when time runs out: that answer alone decides.
    timed = clock(s1, "time")
    assert timed.rounds[0].winner == 1
    # A buzz at the window's end is late: the first buzzer answers alone.
    late = GAME.apply(GAME.apply(base, Move(0, "buzz", None, t)), Move(1, "buzz", None, t + 300))
    assert late.current.answering == (0,) and late.late[-1] == (1, "buzz", t + 300)


# ---------------------------------------------------------------- the series


@pytest.mark.parametrize(
    "outcomes, winner, bonus, n",
    [
        (("0", "0"), 0, True, 2),
        (("x0", "x0"), 1, True, 2),  # a wrong answer gives the challenge away
        (("tie", "tie"), None, False, 2),
        (("0", "tie", "0"), 0, False, 3),
        (("0", "1", "1"), 1, False, 3),
        (("0", "1", "tie"), None, False, 3),
        (("0", "tie", "tie"), None, False, 3),
        (("tie", "1", "1"), 1, False, 3),
        (("1", "0", "tie"), None, False, 3),
    ],
)
def test_best_of_three_as_in_dashing_states(outcomes, winner, bonus, n):
    s = start(21)
    for o in outcomes:
        assert not GAME.is_over(s)
        s = play(s, o)
    assert GAME.is_over(s) and len(s.rounds) == n
    assert GAME.outcome(s) == (winner, bonus)
    assert GAME.points(s) == scoring.score(winner, bonus, (False, False))
    assert GAME.to_move(s) == frozenset()
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(0, "geoplunger", 2, s.now))


def test_forty_points_with_the_bonus_when_both_geoplunge():
    s = start(22, plunge=(True, True))
    s = play(play(s, "1"), "1")
    assert GAME.points(s) == (0, 40)
    assert GAME.view(s, 0)["result"]["points"] == [0, 40]


def test_used_cards_go_to_the_bottom():
    s = start(23)
    top_c, top_p = s.challenges[:2], s.powers[:2]
    s = play(s, "0")
    assert s.challenges[-1] == top_c[0] and s.powers[-1] == top_p[0]
    assert s.current.card == top_c[1] and s.current.power == top_p[1]
    # The finished challenge is shown in full.
    done = GAME.view(s, 1)["challenges"][0]
    q = challenge.question(top_c[0], done["colour"])
    assert done["question"] == q.text and done["answer"] == q.answer_text()


# ---------------------------------------------------------------- moves and saves


def test_malformed_and_illegal_moves():
    s = seat_and_ask(start(30))
    for m in (Move(0, "buzz", 1, s.now), Move(0, "buzz"), Move(0, "dance", None, s.now),
              Move(0, "plunge", "yes", s.now), Move(REFEREE, "ask", 2, s.now)):  # fmt: skip
        with pytest.raises(MalformedMove):
            GAME.apply(s, m)
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(0, "answer", "Ohio", s.now))
    s = GAME.apply(s, Move(0, "buzz", None, s.now + 10))
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(0, "buzz", None, s.now + 20))  # one buzz a team
    s = clock(s, "close")
    with pytest.raises(MalformedMove):
        GAME.apply(s, Move(0, "answer", ["x"] * 9, s.now))
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(1, "answer", "Ohio", s.now))  # team 1 did not buzz


def _through_a_game(seed: int) -> list[ChummyState]:
    s = start(seed, plunge=(True, False))
    out = [s]
    for o in ("0", "tie", "x1"):
        if GAME.is_over(s):
            break
        s = play(s, o)
        out.append(s)
    return out


def test_states_round_trip_and_corrupt_saves_are_refused():
    for s in _through_a_game(31):
        obj = json.loads(json.dumps(GAME.state_to_json(s)))
        assert GAME.state_from_json(obj) == s
    s = _through_a_game(31)[1]
    good = json.loads(json.dumps(GAME.state_to_json(s)))

    def bad(edit):
        obj = json.loads(json.dumps(good))
        edit(obj)
        with pytest.raises(CorruptState):
            GAME.load(obj)

    bad(lambda o: o.pop("phase"))
    bad(lambda o: o.update(extra=1))
    bad(lambda o: o["challenges"].__setitem__(0, o["challenges"][1]))
    bad(lambda o: o.update(phase="read"))
    bad(lambda o: o.update(level=5))
    bad(lambda o: o["rounds"][0].update(colour="orange"))
    bad(lambda o: o["rounds"][0].update(read=999))
    bad(lambda o: o["rounds"][1].update(plungers=[0, 0]))  # a GeoPlunger twice
    bad(lambda o: o.update(powers=o["powers"][::-1]))
    bad(
        lambda o: (
            o["rounds"][0]["answers"][0].update(team=7)
            if o["rounds"][0]["answers"]
            else o.pop("late")
        )
    )
    with pytest.raises(CorruptState):
        GAME.load("not a state")


def test_resample_keeps_the_view_and_redraws_the_unread_cards():
    s = seat_and_ask(start(40))
    s = clock(s, "read")
    for seat in (0, 1, REFEREE):
        worlds = [GAME.resample(s, seat, Rng(k)) for k in range(8)]
        for w in worlds:
            assert GAME.view(w, seat) == GAME.view(s, seat)
            assert w.challenges[0] != s.challenges[0] or w.challenges[1:] != s.challenges[1:]
        assert len({w.challenges for w in worlds}) > 1
    # A pinned world from another seed reads the same question.
    pin = json.loads(json.dumps(GAME.pin(s, 0)))
    alt = GAME.new(999, level=4, **pin)
    assert alt.challenges[0] == s.challenges[0] and alt.powers[0] == s.powers[0]


def test_the_game_is_registered():
    from cardroom import games, simulators

    assert games.get("chummy-challenge") is GAME
    assert games.entry("chummy-challenge").levels == (3, 4)
    assert simulators.simulator("chummy-challenge") is not None


def test_secret_moves_do_not_move_the_clock():
    # a secret GeoPlunging decision or secret answer leaves the table clock alone,
    # so the other team can neither see it nor be refused for moving "too early".
    s = GAME.apply(GAME.new(3), Move(0, "plunge", True, 3000))
    assert s.now == 0 and GAME.legal_moves(s, 1)[0].at == 0
    s = GAME.apply(s, Move(1, "plunge", False, 2000))
    assert s.phase == "seat" and s.now == 3000 and GAME.plunged(s) == (True, False)
    base = seat_and_ask(start(12))
    t = base.now + 1000
    s = GAME.apply(GAME.apply(base, Move(0, "buzz", None, t)), Move(1, "buzz", None, t + 100))
    s = GAME.apply(s, Move(1, "answer", right_answer(s), t + 5000))
    assert s.now == t + 100
    s = GAME.apply(s, Move(0, "answer", "Nowhere", t + 4000))  # timed before the secret one
    assert s.rounds[0].winner == 1 and s.now == t + 5000


@pytest.mark.parametrize("seed", range(6))
def test_no_view_shows_the_answer_before_the_challenge_ends(seed):
    for level in (3, 4):
        s = seat_and_ask(start(seed, level=level), pick=seed % 2 if level == 4 else 0)
        q = s.current.question()
        spellings = {sp for item in q.answers for sp in item if len(sp) >= 4}
        spellings = {sp for sp in spellings if sp.casefold() not in q.text.casefold()}
        while s.phase == "read":
            for seat in (0, 1, REFEREE):
                text = json.dumps(GAME.view(s, seat)).casefold()
                for sp in spellings:
                    assert sp.casefold() not in text, (q.id, sp)
                assert q.source not in json.dumps(GAME.view(s, seat))
            s = clock(s)
        done = GAME.view(s, 0)["challenges"][0]
        assert done["answer"] == q.answer_text() and done["source"] == q.source


def test_the_challenge_deck_goes_on_within_a_match():
    first = start(50)
    first = play(play(first, "0"), "0")
    carry = GAME.carry_out(first)
    assert carry["challenges"][-2:] == [r.card for r in first.rounds]
    nxt = GAME.new(51, carry=carry)
    assert list(nxt.challenges) == carry["challenges"]
    assert sorted(nxt.powers) == sorted(p.id for p in decks.power_deck())  # shuffled anew
    assert GAME.new(52, carry={"winner": 0}).challenges == GAME.new(52).challenges
    for bad in ({"challenges": [1, 2, 3]}, {"challenges": carry["challenges"][:-1] + [1]}, "x"):
        with pytest.raises(ValueError):
            GAME.new(1, carry=bad)
    # Pins agree with a carried deck, or are refused.
    pin = {"challenge": {"0": carry["challenges"][0]}}
    assert GAME.new(9, carry=carry, pin=pin).challenges[0] == carry["challenges"][0]
    with pytest.raises(ValueError):
        GAME.new(9, carry=carry, pin={"challenge": {"0": carry["challenges"][1]}})

"""Learn mode's engine: quizzes from the atlas, answer checking that never confuses two
states or two capitals, Leitner statistics, drills on the weakest facts, saving."""

from __future__ import annotations

import json
import random

import pytest

from cardroom import atlas
from cardroom import learn as L
from cardroom.core import CorruptState

STATES = atlas.by_code()


def _right(q: L.Question):
    return q.state if q.mode == "map" else list(q.answer) if q.mode == "set" else q.answer


@pytest.mark.parametrize("kind", sorted(L.KINDS))
def test_every_question_is_answerable_and_no_state_repeats(kind):
    for mode in L.KINDS[kind]["modes"]:
        for states, length in ((None, 50), ("northeast", 10), ("CO,UT,WY,NM,AZ", 25)):
            quiz = L.make_quiz(kind, states, length=length, mode=mode, seed=3)
            codes = [q.state for q in quiz.questions]
            assert len(codes) == len(set(codes)), "a state asked twice"
            assert set(codes) <= set(L.state_set(states))
            assert len(quiz.questions) == min(length, len(codes)) and quiz.questions
            for q in quiz.questions:
                assert L.check(q, _right(q)).correct, q
                if q.mode == "choice":
                    right = [c for c in q.choices if L.check(q, c).correct]
                    assert len(right) == 1 and len(set(q.choices)) == len(q.choices)


def test_quiz_options_are_validated():
    with pytest.raises(ValueError, match="no quiz"):
        L.make_quiz("spelling")
    with pytest.raises(ValueError, match="answered by"):
        L.make_quiz("find", mode="typed")
    with pytest.raises(ValueError, match="postal code"):
        L.make_quiz("find", "ZZ,TX")
    with pytest.raises(ValueError, match="1 to 50"):
        L.make_quiz("find", length=0)
    assert L.state_set("west") == tuple(sorted(L.REGIONS["west"]))
    assert sorted(set().union(*L.REGIONS.values())) == sorted(STATES)  # regions cover 50


def test_typed_state_answers_never_accept_another_state():
    questions = {c: L.make_quiz("name", c, mode="typed").questions[0] for c in STATES}
    for code, q in questions.items():
        for other in STATES.values():
            assert L.check(q, other.name).correct == (other.code == code), (code, other.name)
    q = questions["PA"]
    for slip in ("pensylvania", "Pennsylvannia", "PENNSYLVANIA", "pennsilvania"):
        assert L.check(q, slip).correct, slip
    assert not L.check(questions["VA"], "West Virginia").correct
    assert not L.check(questions["KS"], "Arkansas").correct


def test_typed_capitals_never_accept_another_capital():
    questions = {c: L.make_quiz("capitals", c, mode="typed").questions[0] for c in STATES}
    for code, q in questions.items():
        for other in STATES.values():
            assert L.check(q, other.capital).correct == (other.code == code), (code, other.capital)
    assert L.check(questions["ND"], "Bismark").correct
    assert L.check(questions["MN"], "St Paul").correct


def test_a_forgiven_slip_shows_the_right_spelling() -> None:
    """Play-test item 5: "Saint Paux" is accepted with the spelling, not just "Right!";
    an exact answer (any case, "St" for Saint) is just right."""
    cap = L.make_quiz("capitals", "MN", mode="typed").questions[0]
    v = L.check(cap, "Saint Paux")
    assert v.correct and v.message == "Right! It is spelled Saint Paul."
    assert L.check(cap, "st. paul").message == "Right!"
    name = L.make_quiz("name", "UT", mode="typed").questions[0]
    assert L.check(name, "Utha").message == "Right! It is spelled Utah."
    assert L.check(name, "UTAH").message == "Right!"
    borders = L.make_quiz("borders", "UT").questions[0]
    v = L.check(borders, "wyoming, Idaho, Nevadda, Arizona, Colorado, New Mexico")
    assert v.correct and v.message == "Right, every neighbour! Spelled: Nevada."


def test_borders_are_a_set_in_any_order():
    q = L.make_quiz("borders", "UT").questions[0]
    assert L.check(q, ["wyoming", "Idaho", "NV", "Arizona", "Colorado", "New Mexico"]).correct
    v = L.check(q, "Idaho, Nevada, Kansas")
    assert not v.correct and "Kansas" in v.wrong and "Arizona" in v.missing
    assert L.make_quiz("borders", "AK,HI,TX").questions[0].state == "TX"  # no island questions


def test_a_or_b_questions_follow_the_ranks():
    rng = random.Random(0)
    for _ in range(200):
        kind = rng.choice(["area", "population", "statehood"])
        q = L.make_quiz(kind, None, length=1, seed=rng.randrange(10**6)).questions[0]
        a, b = STATES[q.state], STATES[q.others[0]]
        key = {"area": "area_sq_mi", "population": "population_2020"}.get(kind)
        if key:
            better = a if getattr(a, key) > getattr(b, key) else b
        else:
            better = a if a.statehood_date < b.statehood_date else b
        assert q.answer == better.name


def test_leitner_boxes_and_schedule():
    p = L.Progress("Ana")
    p = L.record(p, "capitals:MT", True, day=10)
    assert p.box("capitals:MT") == 2 and not L.due(p, "capitals:MT", 10)
    assert L.due(p, "capitals:MT", 11)
    for d in (11, 13, 17, 25):
        p = L.record(p, "capitals:MT", True, day=d)
    assert p.box("capitals:MT") == 5
    p = L.record(p, "capitals:MT", False, day=26)
    assert p.box("capitals:MT") == 1 and L.due(p, "capitals:MT", 26)
    with pytest.raises(ValueError):
        L.record(p, "capitals:ZZ", True, day=1)


def test_drill_picks_the_weakest_first_on_a_synthetic_history():
    p = L.Progress("Ben")
    rng = random.Random(5)
    weak = {"capitals:VT", "find:DE", "capitals:SD"}
    for day in range(1, 30):
        for code in rng.sample(sorted(STATES), 10):
            for kind in ("capitals", "find"):
                fact = f"{kind}:{code}"
                p = L.record(p, fact, fact not in weak and rng.random() > 0.1, day=day, ms=3000)
        for fact in weak:
            p = L.record(p, fact, False, day=day, ms=9000)
    first = L.drill(p, 30, length=10)
    assert weak <= set(first[:5]), first
    assert {f for f, _ in L.weakest(p, n=3)} == weak
    quizzes = L.drill_quizzes(p, 30, length=10)
    asked = {f"{q.kind}:{q.state}" for z in quizzes for q in z.questions}
    assert weak <= asked
    # A new student gets a drill too.
    assert len(L.drill(L.Progress("New"), 1, length=10)) == 10


def test_game_feed_counts_against_a_fact_and_the_mastery_map():
    p = L.record(L.Progress("Cy"), "map-cards:ID", False, day=3, also=["name:ID"])
    assert p.box("map-cards:ID") == p.box("name:ID") == 1
    m = L.mastery(p, "name")
    assert m["ID"] == 0.2 and m["TX"] == 0 and len(m) == 50
    assert L.daily(p) == [{"day": 3, "answered": 2, "right": 0}]
    rows = L.class_summary([p, L.Progress("Ann")])
    assert [r["name"] for r in rows] == ["Ann", "Cy"] and rows[1]["right_pct"] == 0


def test_progress_round_trips_and_corrupt_files_say_so():
    p = L.Progress("Dee")
    for i, code in enumerate(["TX", "OK", "TX"]):
        p = L.record(p, f"capitals:{code}", i != 1, day=i + 1, ms=1200)
    data = json.loads(json.dumps(L.to_json(p)))
    assert L.from_json(data) == p and L.from_json(json.dumps(data)) == p
    bad = [
        "not json",
        {**data, "format": "x"},
        {**data, "name": ""},
        {**data, "facts": {"capitals:ZZ": {"box": 1, "attempts": []}}},
        {**data, "facts": {"capitals:TX": {"box": 9, "attempts": []}}},
        {**data, "facts": {"capitals:TX": {"box": 0, "attempts": [[1, 1, 5]]}}},
        {**data, "facts": {"capitals:TX": {"box": 1, "attempts": [[5, 1, 5], [1, 1, 5]]}}},
        {**data, "facts": {"capitals:TX": {"box": 1, "attempts": [[5, 2, 5]]}}},
        {**data, "extra": True},
    ]
    for obj in bad:
        with pytest.raises(CorruptState):
            L.from_json(obj)

"""Learn mode's screen logic on CPython: links (R-159), a quiz in progress (R-155, R-157),
the device's store of students (R-156, R-158), the games' feed and the progress figures."""

from __future__ import annotations

import json

import pytest

from cardroom import atlas, learn
from cardroom.learn import KINDS
from cardroom.web.learn import figures as LF
from cardroom.web.learn import logic as LL
from cardroom.web.learn import records as LR
from cardroom.web.platform.routes import parse_link

NAMES = {s.code: s.name for s in atlas.states()}


# ------------------------------------------------------------------ links


def test_the_deep_links_of_the_issue():
    o, p = LL.parse_learn({"learn": "find", "set": "northeast"})
    assert not p and o.view == "quiz" and o.kind == "find" and o.mode == "map"
    assert o.states == "northeast" and o.length == 10 and not o.timed
    o, p = LL.parse_learn({"learn": "capitals", "mode": "typed", "length": "10"})
    assert not p and (o.kind, o.mode, o.length) == ("capitals", "typed", 10)
    o, p = LL.parse_learn({"learn": "drill"})
    assert not p and o.view == "drill"
    for view in ("progress", "class", "menu", ""):
        assert LL.parse_learn({"learn": view})[0].view in (view, "menu")
    route = parse_link({"learn": "find", "set": "northeast"})
    assert route.screen == "learn" and route.problems == ()


def test_bad_learn_links_say_what_is_wrong_and_fall_back():
    o, p = LL.parse_learn(
        {"learn": "capitols", "set": "ZZ", "mode": "choice", "length": "12", "timed": "maybe"}
    )
    assert o.view == "menu" and len(p) == 5
    assert "capitols" in p[0] and "ZZ" in p[2] and "12" in p[3] and "maybe" in p[4]
    o, p = LL.parse_learn({"learn": "birds", "mode": "typed"})
    assert o.mode == "choice" and p and "multiple choice" in p[0]
    assert parse_link({"learn": "nope"}).problems


def test_options_round_trip_through_their_link():
    o, _ = LL.parse_learn({"learn": "flags", "set": "co, ut,wy", "length": "25", "timed": "1"})
    assert o.states == "CO,UT,WY" and o.length == 25 and o.timed
    again, p = LL.parse_learn({k: v for k, v in o.params().items() if v is not None})
    assert again == o and not p
    assert "3 chosen states" in o.describe()


# ------------------------------------------------------------------ quizzes


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_and_mode_is_answerable_with_the_answer_shown(kind):
    for mode in KINDS[kind]["modes"]:
        o = LL.LearnOptions("quiz", kind, mode, "all", 50)
        qs = LL.make_questions(o, seed=3)
        assert len({q.fact for q in qs}) == len(qs) and qs
        run = LL.QuizRun(kind, qs, 0.0)
        for i, q in enumerate(qs):
            value = q.state if mode == "map" else LL.answer_text(q)
            out = run.answer(value, 1000.0 * (i + 1))
            assert out.final and out.ok and out.point, (q, out)
            run.next(1000.0 * (i + 1))
        assert run.ended and run.score == len(qs) and run.missed() == []


def test_find_allows_three_wrong_clicks_then_shows_the_state_unscored():
    qs = LL.make_questions(LL.LearnOptions("quiz", "find", "map", "northeast", 10), 1)
    run = LL.QuizRun("Find", qs, 0.0)
    target = qs[0].state
    wrong = [c for c in sorted(learn.REGIONS["northeast"]) if c != target][:3]
    first = run.answer(wrong[0], 500)
    assert not first.final and first.record is None and "2 tries left" in first.message
    assert NAMES[wrong[0]] in first.message
    assert not run.answer(wrong[1], 900).final
    third = run.answer(wrong[2], 1500)
    assert third.final and not third.point and run.revealed
    assert third.record == (f"find:{target}", False, 1500, ())
    run.next(1600)
    # found at the second click: no point, and the miss is what the statistics keep
    q = run.current
    other = next(c for c in sorted(learn.REGIONS["northeast"]) if c != q.state)
    run.answer(other, 2000)
    out = run.answer(q.state, 2600)
    assert out.final and not out.point and out.record[1] is False
    run.next(2700)
    out = run.answer(run.current.state, 3000)
    assert out.point and out.record[1] is True and run.score == 1


def test_typed_answers_forgive_slips_and_empty_answers_do_nothing():
    o = LL.LearnOptions("quiz", "capitals", "typed", "all", 50)
    qs = LL.make_questions(o, 2)
    q = next(q for q in qs if q.state == "ND")
    run = LL.QuizRun("Capitals", (q,), 0.0)
    assert not run.answer("  ", 10).final
    out = run.answer("Bismark", 20)
    assert out.ok and out.point
    run2 = LL.QuizRun("Capitals", (q,), 0.0)
    out = run2.answer("Pierre", 20)
    assert out.final and not out.ok and "Bismarck" in out.message
    run3 = LL.QuizRun("Capitals", (q,), 0.0)
    out = run3.give_up(50)
    assert out.final and not out.point and out.record[:2] == ("capitals:ND", False)


def test_a_or_b_questions_count_for_both_states():
    qs = LL.make_questions(LL.LearnOptions("quiz", "area", "choice", "west", 10), 4)
    run = LL.QuizRun("Area", qs, 0.0)
    out = run.answer(LL.answer_text(qs[0]), 100)
    assert out.record[3] == (f"area:{qs[0].others[0]}",)


def test_a_timed_quiz_ends_when_its_time_is_up():
    qs = LL.make_questions(LL.LearnOptions("quiz", "capitals", "choice", "all", 10), 5)
    run = LL.QuizRun("Capitals", qs, 1000.0, timed=True)
    assert run.limit_ms == 10 * LL.SECONDS_PER_QUESTION * 1000
    assert run.time_left(1000.0) == run.limit_ms
    assert not run.expire(1000.0 + run.limit_ms - 1)
    run.answer(LL.answer_text(qs[0]), 2000)
    run.next(2000)
    assert run.expire(1000.0 + run.limit_ms) and run.ended and run.expired
    assert run.summary().startswith("1 of 10 right (10%)") and "Time ran out" in run.summary()
    assert len(run.missed()) == 9
    untimed = LL.QuizRun("x", qs, 0.0)
    assert untimed.time_left(10**9) is None and not untimed.expire(10**9)


# ------------------------------------------------------------------ the store


def test_store_round_trips_and_manages_students():
    s = LR.new_store()
    assert s.current == LL.DEFAULT_NAME
    s.add("  Ana   Lee ")
    assert s.current == "Ana Lee"
    with pytest.raises(ValueError):
        s.add("ana lee")
    with pytest.raises(ValueError):
        s.add("x" * 41)
    run = LL.QuizRun("c", LL.make_questions(LL.LearnOptions("quiz", "find"), 1), 0.0)
    assert LR.record(s, run.answer("ZZ", 10), day=20000) is False  # not final: nothing kept
    run.answer("ZZ", 20)
    assert LR.record(s, run.answer("ZZ", 30), day=20000)
    device = LR.store_texts(s)
    assert set(device) == {LL.STORE_KEY} | {LR.STUDENT_PREFIX + n for n in ("Ana Lee", "Student")}
    back, problem, backup = LR.store_from_device(device.get, device)
    assert problem is None and backup is None
    assert back.current == "Ana Lee" and back.progress == s.progress
    assert set(LR.current_texts(back)) == {LL.STORE_KEY, LR.STUDENT_PREFIX + "Ana Lee"}
    assert LR.store_from_device({}.get, ())[1:] == (None, None)
    back.switch(LL.DEFAULT_NAME)
    assert back.progress.attempts == {}
    back.switch("Ana Lee")
    back.reset()
    assert back.progress == learn.Progress("Ana Lee")
    back.remove("Ana Lee")
    assert back.current == LL.DEFAULT_NAME
    back.remove(LL.DEFAULT_NAME)
    assert back.names() == [LL.DEFAULT_NAME]


def _device(index: object, **students: object) -> dict[str, str]:
    out = {LL.STORE_KEY: index if isinstance(index, str) else json.dumps(index)}
    for name, v in students.items():
        out[LR.STUDENT_PREFIX + name] = v if isinstance(v, str) else json.dumps(v)
    return out


def _index(current: str, *names: str) -> dict[str, object]:
    return {"format": LL.STORE_FORMAT, "current": current, "students": list(names)}


EMPTY = {"format": learn.FORMAT, "name": "A", "facts": {}}


@pytest.mark.parametrize(
    "device",
    [
        _device("{not json"),
        _device({"format": "other"}),
        _device(_index("A")),
        _device(_index("B", "A"), A=EMPTY),
        _device(_index("A", "A", "a"), A=EMPTY, a={**EMPTY, "name": "a"}),
        _device(_index("A", "A")),
        _device(_index("A", "A"), A={**EMPTY, "name": "Z"}),
        _device(_index("A", "A"), A={**EMPTY, "facts": {"find:ZZ": {}}}),
        _device(_index("A", "A"), A="{"),
    ],
)
def test_a_corrupt_store_says_so_and_starts_afresh(device):
    store, problem, backup = LR.store_from_device(device.get, device)
    assert problem and "could not be read" in problem and "downloaded" in problem
    assert store.names() == [LL.DEFAULT_NAME] and store.progress.attempts == {}
    assert json.loads(backup) == device  # every old key, exactly as it was
    if LR.STUDENT_PREFIX + "A" not in device or "find:ZZ" in device[LR.STUDENT_PREFIX + "A"]:
        assert LR.record_game_answer(device.get, "map-cards:ID", False, day=1) is None


def test_other_students_are_read_when_switched_to():
    s = LR.new_store()
    s.add("Bo")
    s.set_progress(learn.record(s.progress, "find:TX", False, day=3))
    s.add("Cy")
    device = LR.store_texts(s)
    back, problem, _ = LR.store_from_device(device.get, device)
    assert problem is None and set(back.pending) == {"Bo", "Student"}
    assert LR.store_texts(back) == device  # unread students are kept exactly
    assert back.switch("Bo") is None and back.progress.box("find:TX") == 1
    device[LR.STUDENT_PREFIX + "Student"] = "{"
    back, problem, _ = LR.store_from_device(device.get, device)
    assert problem is None  # read only when switched to
    assert back.switch("Student") == "{" and back.progress.attempts == {}
    assert json.loads(LR.store_texts(back)[LR.STUDENT_PREFIX + "Student"])["name"] == "Student"
    back.switch("Cy")
    back.remove("Cy")
    assert back.current == "Bo" and back.names() == ["Bo", "Student"]


def test_importing_a_students_file_adds_or_replaces_them():
    s = LR.new_store()
    p = learn.record(learn.Progress("Bo"), "capitals:TX", True, day=5)
    msg = s.import_progress(json.dumps(learn.to_json(p)))
    assert "added" in msg and s.current == "Bo" and s.progress == p
    p2 = learn.record(p, "capitals:OK", False, day=6)
    msg = s.import_progress(json.dumps(learn.to_json(p2)))
    assert "replaced" in msg and s.progress == p2 and len(s.names()) == 2
    with pytest.raises(learn.CorruptState):
        s.import_progress("[]")


def test_games_feed_the_current_students_statistics():
    s = LR.new_store()
    s.add("Ana")
    device = LR.store_texts(s)
    out = LR.record_game_answer(device.get, "map-cards:ID", False, day=9, also=["name:ID"])
    assert set(out) == {LR.STUDENT_PREFIX + "Ana"}  # only that student is written
    device.update(out)
    store, problem, _ = LR.store_from_device(device.get, device)
    assert problem is None and store.current == "Ana"
    assert store.progress.box("map-cards:ID") == store.progress.box("name:ID") == 1
    assert store.switch("Student") is None and store.progress.attempts == {}
    fresh = LR.record_game_answer({}.get, "capitals:MT", True, day=9)
    assert set(fresh) == {LL.STORE_KEY, LR.STUDENT_PREFIX + "Student"}
    assert LR.record_game_answer(device.get, "nonsense:XX", True, day=9) is None


# ------------------------------------------------------------------ progress and drills


def _history() -> learn.Progress:
    p = learn.Progress("Cy")
    for day in (100, 101):
        for code in ("TX", "OK", "KS"):
            p = learn.record(p, f"find:{code}", code != "OK", day=day)
        p = learn.record(p, "capitals:OK", False, day=day)
        p = learn.record(p, "capitals:KS", day == 101, day=day)
    return p


def test_weakest_states_chart_and_mastery():
    p = _history()
    weak = LF.weakest_states(p)
    assert [w["code"] for w in weak] == ["OK", "KS"]
    assert weak[0]["wrong"] == 4 and weak[0]["pct_wrong"] == 100
    assert [w["code"] for w in LF.weakest_states(p, "find")] == ["OK"]
    boxes = LF.mastery_boxes(p, "find")
    assert boxes["TX"] == 3 and boxes["OK"] == 1 and boxes["ME"] == 0 and len(boxes) == 50
    assert LF.mastery_boxes(p, None)["KS"] == (3 + 2) // 2
    assert LF.mastery_counts(boxes) == "0 mastered, 3 learning, 47 not asked yet"
    rows = LF.chart_rows(p, 101, days=3)
    assert [r["day"] for r in rows] == [99, 100, 101]
    assert rows[1] == {"day": 100, "label": "Apr 11", "answered": 5, "right": 2}
    svg = LF.chart_svg(rows)
    assert svg.count('class="ln-bar-all"') == 3 and "Apr 11" in svg


def test_a_drill_asks_the_mistakes_just_made_first():
    p = learn.Progress("Di")
    for code in ("TX", "ME", "OR"):
        p = learn.record(p, f"find:{code}", True, day=200)
    for code in ("RI", "DE"):
        p = learn.record(p, f"find:{code}", False, day=200)
    qs = LL.drill_questions(p, 200, length=10, seed=1)
    assert len(qs) == 10
    assert {q.state for q in qs[:2]} == {"RI", "DE"} and qs[0].kind == "find"
    # the ones just answered right are not due today
    assert not {f"find:{c}" for c in ("TX", "ME", "OR")} & {q.fact for q in qs}


def test_class_summary_from_many_files():
    good = json.dumps(learn.to_json(_history()))
    other = json.dumps(learn.to_json(learn.Progress("<Ann>")))
    rows, problems = LF.class_rows(
        [("cy.json", good), ("ann.json", other), ("bad.json", "{"), ("cy2.json", good)]
    )
    assert [r["name"] for r in rows] == ["<Ann>", "Cy"]
    assert len(problems) == 2 and problems[0].startswith("bad.json") and "second" in problems[1]
    html = LF.class_table_html(rows)
    assert "&lt;Ann&gt;" in html and "Oklahoma: Capital of the state" in html
    assert LF.export_name("Ana Lee") == "cardroom-progress-Ana-Lee.json"

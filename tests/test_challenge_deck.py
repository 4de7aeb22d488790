"""The 63-card Challenge deck: size, colours, sources, atlas answers recomputed, no repeats
or giveaways, and the file is exactly what tools/make_challenge.py writes (R-60)."""

from __future__ import annotations

import copy
import importlib.util
import json
import random
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from cardroom import atlas
from cardroom.geoplunge import challenge
from cardroom.geoplunge.challenge import ChallengeError, Question

ROOT = Path(__file__).resolve().parent.parent


def _raw() -> dict:
    return json.loads(resources.files("cardroom").joinpath("data/challenge.json").read_text())


def _questions() -> list[Question]:
    return [q for c in challenge.deck() for q in c.questions]


def test_315_questions_on_63_cards_of_five_colours():
    deck = challenge.deck()
    assert len(deck) == 63
    assert [c.id for c in deck] == list(range(1, 64))
    qs = _questions()
    assert len(qs) == 315
    for c in deck:
        assert [q.colour for q in c.questions] == list(challenge.COLOURS)
    assert challenge.COLOURS == ("red", "blue", "green", "yellow", "purple")
    assert challenge.LEVEL_COLOURS[3] == ("red", "blue")


def test_colours_match_the_power_deck():
    from cardroom.geoplunge import decks

    assert challenge.COLOURS == decks.CHUMMY_COLOURS
    assert set(challenge.LEVEL_COLOURS[3]) == set(decks.SQUARES)


def test_colour_spread_and_difficulty():
    qs = _questions()
    assert Counter(q.colour for q in qs) == {c: 63 for c in challenge.COLOURS}
    assert [challenge.DIFFICULTY[c] for c in challenge.COLOURS] == [1, 2, 3, 4, 5]
    # Every colour holds both atlas and general questions, and several topics.
    for colour in challenge.COLOURS:
        mine = [q for q in qs if q.colour == colour]
        atlas_share = sum(q.from_atlas for q in mine) / len(mine)
        assert 0.6 <= atlas_share <= 0.8, (colour, atlas_share)
        assert len({q.topic for q in mine}) >= 8
    # Harder colours ask for more: multi-answer questions and rank numbers grow.
    many = {c: sum(q.need > 1 for q in qs if q.colour == c) for c in challenge.COLOURS}
    assert many["red"] <= many["green"] <= many["purple"], many
    # Each card mixes: five difficulties, five topics, a general question, and no two of
    # its questions share a subject.
    for c in challenge.deck():
        assert len({q.topic for q in c.questions}) == 5, c.id
        assert any(not q.from_atlas for q in c.questions), c.id
        subjects = [set(q.about) for q in c.questions]
        for i in range(5):
            for j in range(i + 1, 5):
                assert not subjects[i] & subjects[j], (c.id, subjects[i] & subjects[j])


def test_at_least_60_percent_from_the_atlas_and_every_topic_present():
    qs = _questions()
    share = sum(q.from_atlas for q in qs) / len(qs)
    assert share >= 0.6
    topics = {q.topic for q in qs}
    assert set(challenge.GENERAL_TOPICS) <= topics
    for t in ("borders", "capitals", "ranks", "nicknames", "cities", "time-zones",
              "statehood", "patos", "birds", "flowers"):  # fmt: skip
        assert t in topics, t


def test_general_questions_carry_a_one_line_source():
    for q in _questions():
        if q.from_atlas:
            assert q.source == "atlas" and q.topic in challenge.ATLAS_TOPICS
        else:
            assert q.topic in challenge.GENERAL_TOPICS
            assert q.source != "atlas" and "\n" not in q.source and len(q.source) >= 15, q.id


def test_no_repeats_and_no_giveaways():
    qs = _questions()
    texts = Counter(" ".join(q.text.casefold().split()) for q in qs)
    assert max(texts.values()) == 1
    facts = Counter(f for q in qs for f in q.facts)
    assert max(facts.values()) == 1
    assert challenge.giveaways(qs) == []


def _q(text: str, answers, *, type="state", need=1, about=(), colour="red") -> Question:
    items = tuple(tuple(a) if isinstance(a, (list, tuple)) else (a,) for a in answers)
    return Question(1, colour, "capitals", text, type, items, need, "atlas", tuple(about),
                    ("x",), {"kind": "test"})  # fmt: skip


def test_the_giveaway_check_finds_real_giveaways():
    cap = _q("What is the capital of Idaho?", ["Boise"], type="capital", about=["Idaho"])
    back = _q("Boise is the capital of which state?", ["Idaho"], about=["Boise"])
    assert challenge.gives_away(back, cap) == "Boise"
    assert challenge.gives_away(cap, back) == "Idaho"
    other = _q("What is the capital of Utah?", ["Salt Lake City"], type="capital", about=["Utah"])
    assert challenge.gives_away(other, cap) is None
    # "Virginia" is not found inside "West Virginia".
    wv = _q("Name the state west of West Virginia's panhandle.", ["Ohio"], about=["x"])
    va = _q("Which is larger, Ohio or Virginia?", ["Virginia"], about=["Ohio", "Virginia"])
    assert challenge.gives_away(wv, va) is None
    bird = _q("What is the state bird of Ohio?", [["Northern Cardinal", "Cardinal"]], type="bird")
    hint = _q("Name a state whose bird is the cardinal.", ["Ohio"], about=["x"])
    assert challenge.gives_away(hint, bird) == "Cardinal"


# ---------------------------------------------------------------- atlas answers recomputed


def _names(codes) -> set[str]:
    return {atlas.by_code()[c].name for c in codes}


def _expected(r: dict) -> tuple[set[str], int]:
    """The answer items (printed form) and how many are needed, computed here from the
    atlas, independently of tools/make_challenge.py."""
    st = atlas.by_code()
    ss = atlas.states()
    k = r["kind"]
    one = lambda x: ({str(x)}, 1)  # noqa: E731
    if k == "capital":
        return one(st[r["state"]].capital)
    if k in ("capital_of", "nickname"):
        return one(st[r["state"]].name)
    if k == "code":
        return one(r["state"])
    if k == "zone":
        assert len(st[r["state"]].time_zones) == 1
        return one(st[r["state"]].time_zones[0])
    if k == "larger_area":
        a, b = st[r["a"]], st[r["b"]]
        return one((a if a.area_rank < b.area_rank else b).name)
    if k == "more_people":
        a, b = st[r["a"]], st[r["b"]]
        return one((a if a.population_rank < b.population_rank else b).name)
    if k == "earlier":
        a, b = st[r["a"]], st[r["b"]]
        return one((a if a.statehood_date < b.statehood_date else b).name)
    if k == "wetter":
        a, b = st[r["a"]], st[r["b"]]
        assert a.water_pct != b.water_pct
        return one((a if a.water_pct > b.water_pct else b).name)
    if k == "borders_some":
        return _names(st[r["state"]].borders), r["n"]
    if k == "borders_all":
        return _names(st[r["state"]].borders), len(st[r["state"]].borders)
    if k == "border_count":
        return one(len(st[r["state"]].borders))
    if k == "border_both":
        both = set(st[r["a"]].borders) & set(st[r["b"]].borders)
        assert len(both) == 1
        return _names(both), 1
    if k == "no_border":
        return {s.name for s in ss if not s.borders}, 2
    if k == "most_borders":
        counts = Counter({s.name: len(s.borders) for s in ss})
        top = max(counts.values())
        return {n for n, v in counts.items() if v == top}, 2
    if k == "largest_city":
        return one(max(st[r["state"]].top_cities, key=lambda c: c.population).name)
    if k == "second_city":
        return one(sorted(st[r["state"]].top_cities, key=lambda c: -c.population)[1].name)
    if k == "top_cities":
        return {c.name for c in st[r["state"]].top_cities}, r["n"]
    if k == "capital_largest":
        return {
            s.name for s in ss if max(s.top_cities, key=lambda c: c.population).name == s.capital
        }, r["n"]
    if k == "bird":
        return one(st[r["state"]].bird)
    if k == "bird_states":
        return {s.name for s in ss if s.bird == r["bird"]}, r["n"]
    if k == "flower":
        return one(st[r["state"]].flower)
    if k == "flower_states":
        found = {s.name for s in ss if s.flower == r["flower"]}
        return found, len(found)
    if k == "nickname_of":
        return one(st[r["state"]].nickname)
    if k == "statehood_year":
        return one(int(st[r["state"]].statehood_date.split("-")[0]))
    if k == "statehood_nth":
        return one(sorted(ss, key=lambda s: s.statehood_date)[r["rank"] - 1].name)
    if k == "statehood_rank":
        return one(sorted(ss, key=lambda s: s.statehood_date).index(st[r["state"]]) + 1)
    if k == "patos":
        return one(st[r["state"]].patos)
    if k == "patos_states":
        return {s.name for s in ss if s.patos == r["president"]}, r["n"]
    if k == "ev":
        return one(st[r["state"]].electoral_votes)
    if k == "area_rank":
        return one(sorted(ss, key=lambda s: -s.area_sq_mi).index(st[r["state"]]) + 1)
    if k == "pop_rank":
        return one(sorted(ss, key=lambda s: -s.population_2020).index(st[r["state"]]) + 1)
    if k == "area_nth":
        return one(sorted(ss, key=lambda s: -s.area_sq_mi)[r["rank"] - 1].name)
    if k == "pop_nth":
        return one(sorted(ss, key=lambda s: -s.population_2020)[r["rank"] - 1].name)
    if k == "zone_split":
        return {s.name for s in ss if set(s.time_zones) == {r["a"], r["b"]}}, r["n"]
    raise AssertionError(f"unknown recipe {k}")


def test_every_atlas_answer_is_recomputed_from_the_atlas():
    n = 0
    for q in _questions():
        if not q.from_atlas:
            continue
        want, need = _expected(dict(q.atlas))
        assert set(q.printed) == want, (q.id, q.text, q.printed, want)
        assert q.need == need, q.id
        assert q.need <= len(q.answers)
        n += 1
    assert n >= 189


def test_no_question_text_holds_its_own_answer():
    two_choice = {"larger_area", "more_people", "earlier", "wetter"}
    for q in _questions():
        if q.from_atlas and q.atlas["kind"] in two_choice:
            names = [atlas.by_code()[q.atlas[k]].name for k in ("a", "b")]
            assert q.printed[0] in names and all(n in q.text for n in names), q.id
            continue
        for item in q.printed:
            assert not challenge._mentions(q.text, item), (q.id, item)
        if (
            q.from_atlas
            and "state" in q.atlas
            and q.atlas["kind"] not in ("capital_of", "nickname")
        ):
            assert atlas.by_code()[q.atlas["state"]].name in q.text, q.id


def test_the_file_is_what_the_generator_writes():
    spec = importlib.util.spec_from_file_location(
        "make_challenge", ROOT / "tools/make_challenge.py"
    )
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    text = (ROOT / "py/cardroom/data/challenge.json").read_text("utf-8")
    assert mod.render() == text


# ---------------------------------------------------------------- printed answers pass


def test_every_printed_answer_is_accepted_in_any_order():
    rng = random.Random(5)
    for q in _questions():
        items = [list(i) for i in q.answers]
        for _ in range(3):
            pick = rng.sample(items, q.need)
            spelled = [rng.choice(i) for i in pick]
            assert challenge.check(q, spelled).correct, (q.id, spelled)
            assert challenge.check(q, ", ".join(spelled)).correct, (q.id, spelled)
        if q.need > 1:
            first = [i[0] for i in items[: q.need - 1]]
            assert not challenge.check(q, first).correct  # one short
            assert not challenge.check(q, [*first, first[0]]).correct  # a repeat


# ---------------------------------------------------------------- the schema


def test_the_schema_refuses_broken_data():
    good = _raw()
    challenge.check_deck(good)

    def broken(edit) -> dict:
        d = copy.deepcopy(good)
        edit(d)
        return d

    cases = [
        lambda d: d["cards"].pop(),
        lambda d: d.update(format="x"),
        lambda d: d["cards"][0]["questions"].reverse(),
        lambda d: d["cards"][3]["questions"][1].pop("source"),
        lambda d: d["cards"][3]["questions"][1].update(extra=1),
        lambda d: d["cards"][3]["questions"][1].update(type="colour"),
        lambda d: d["cards"][3]["questions"][1].update(need=99),
        lambda d: d["cards"][3]["questions"][1].update(answers=[]),
        lambda d: d["cards"][3]["questions"][1].update(text=d["cards"][4]["questions"][1]["text"]),
        lambda d: d["cards"][5]["questions"][0].update(
            facts=d["cards"][6]["questions"][0]["facts"]
        ),
        lambda d: d["cards"][7].update(id=99),
        lambda d: d["cards"][8]["questions"][2].update(topic="cooking"),
    ]
    for i, edit in enumerate(cases):
        with pytest.raises(ChallengeError):
            challenge.check_deck(broken(edit))
            pytest.fail(f"case {i} accepted")
    # An atlas question must cite the atlas; a general one must not.
    gen = next(i for i, q in enumerate(good["cards"][0]["questions"]) if q["atlas"] is None)
    with pytest.raises(ChallengeError):
        challenge.check_deck(
            broken(lambda d: d["cards"][0]["questions"][gen].update(source="atlas"))
        )


def test_printable_cards():
    cards = challenge.printable()
    assert len(cards) == 63 and all(len(c["questions"]) == 5 for c in cards)
    first = cards[0]["questions"][0]
    q = challenge.question(1, "red")
    assert first == {"colour": "red", "text": q.text, "answer": q.answer_text()}

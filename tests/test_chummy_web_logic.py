"""Chummy Challenge's own screen logic (no browser): the table as the dealer (R-145), the
computer's seat on the kit's engine client, the buzzer keys (R-146), and the sentences
the screen shows. The link, the clock and saves are the kit's (tests/test_kit_logic.py)."""

from __future__ import annotations

from html import escape
from typing import Any

import pytest

from cardroom import scoring
from cardroom.core import REFEREE
from cardroom.geoplunge import challenge, decks
from cardroom.geoplunge.chummy import GAME, _colour
from cardroom.geoplunge.chummy_bot import ChummyBot
from cardroom.web.games.chummy.logic import (
    BOT_SEAT,
    DEAL_MS,
    answer_sentence,
    challenge_line,
    colour_label,
    countdown,
    dealer_pick,
    describe,
    engine,
    free_players,
    key_team,
    power_text,
    replan_key,
    summary,
)
from cardroom.web.kit.logic import WEB_GAMES, LocalEngine, Setup, parse_link, points_table

NAMES = ["Team 1", "Team 2"]
BOT_NAMES = ["You", "The computer"]


def setup(level: int, mode: str = "local", seed: int = 5, difficulty: str = "easy") -> Setup:
    return Setup("chummy-challenge", level, mode, difficulty, seed)


def question_of(seed: int, level: int, number: int) -> challenge.Question:
    s = GAME.new(seed, level=level)
    card, power = s.challenges[number - 1], s.powers[number - 1]
    return challenge.question(card, _colour(level, power, dealer_pick(seed, number, power, level)))


def right(q: challenge.Question) -> str:
    return ", ".join(q.printed[: q.need])


def play(
    eng: LocalEngine, answers: dict[int, Any], *, buzz_at_word: int = 1, step: int = 50
) -> list[dict[str, Any]]:
    """Play a local game: both teams plunge "no", name players in order, and team 0 buzzes
    at the ``buzz_at_word``-th word and answers ``answers[n]`` (a function of the
    question) in challenge n."""
    t = 0
    for seat in (0, 1):
        eng.submit({"seat": seat, "kind": "plunge", "data": False}, t)
    while not eng.over and t < 600_000:
        t += step
        eng.advance(t)
        v = eng.view(0)
        cur = v.get("current") or {}
        if v["phase"] == "seat":
            for seat in (0, 1):
                if cur["geoplungers"][seat] is None and seat not in eng.bots:
                    eng.submit(
                        {"seat": seat, "kind": "geoplunger", "data": free_players(v, seat)[0]}, t
                    )
        elif v["phase"] == "read" and len(cur["words"]) >= buzz_at_word:
            eng.submit({"seat": 0, "kind": "buzz"}, t)
        elif v["phase"] == "answer" and 0 in cur["answering"] and cur["my_answer"] is None:
            n = cur["number"]
            eng.submit({"seat": 0, "kind": "answer", "data": answers[n]}, t)
    assert eng.over
    return eng.moves


# --------------------------------------------------------------------------- the dealer


def test_the_dealer_picks_a_circle_only_at_level_4_on_a_two_circle_card() -> None:
    two = [p for p in decks.power_deck() if len(p.circles) == 2]
    one = [p for p in decks.power_deck() if len(p.circles) == 1]
    assert two and one
    for seed in range(30):
        assert dealer_pick(seed, 1, two[0].id, 3) == 0
        assert dealer_pick(seed, 2, one[0].id, 4) == 0
    picks = {dealer_pick(seed, 1, two[0].id, 4) for seed in range(40)}
    assert picks == {0, 1}  # both circles get asked
    assert dealer_pick(9, 2, two[0].id, 4) == dealer_pick(9, 2, two[0].id, 4)


def test_the_table_deals_after_both_geoplungers_and_asks_the_colour() -> None:
    for level in (3, 4):
        eng = engine(setup(level, seed=11))
        for seat in (0, 1):
            eng.submit({"seat": seat, "kind": "plunge", "data": False}, 100)
        eng.submit({"seat": 0, "kind": "geoplunger", "data": 2}, 200)
        assert eng.view(0)["phase"] == "seat"
        eng.submit({"seat": 1, "kind": "geoplunger", "data": 0}, 300)
        assert eng.view(0)["phase"] == "ask"
        assert eng.next_due() == 300 + DEAL_MS
        eng.advance(300 + DEAL_MS - 1)
        assert eng.view(0)["phase"] == "ask"
        eng.advance(300 + DEAL_MS)
        ask = [m for m in eng.moves if m["kind"] == "ask"]
        assert len(ask) == 1 and ask[0]["seat"] == REFEREE and ask[0]["at"] == 300 + DEAL_MS
        v = eng.view(0)
        q = question_of(11, level, 1)
        assert v["phase"] == "read" and v["current"]["colour"] == q.colour
        assert v["current"]["words"] == list(challenge.words(q.text))[:1]
        assert q.colour in challenge.LEVEL_COLOURS[level]


@pytest.mark.parametrize("level", [3, 4])
def test_a_local_game_won_2_0_replays_exactly(level: int) -> None:
    seed = 21
    answers = {n: right(question_of(seed, level, n)) for n in (1, 2, 3)}
    eng = engine(setup(level, seed=seed))
    moves = play(eng, answers)
    v = eng.view(REFEREE)
    assert v["result"]["winner"] == 0 and v["result"]["bonus"]
    assert [c["how"] for c in v["challenges"]] == ["right", "right"]
    assert v["result"]["points"] == list(scoring.score(0, True, (False, False)))
    # the kit's result panel: the same lines under "scoring"
    assert v["result"]["scoring"] == v["result"]["lines"]
    rows = points_table(v["result"]["scoring"], v["result"]["points"], NAMES)
    assert [r["total"] for r in rows] == v["result"]["points"]
    assert "2-0" in summary(v, NAMES) and "bonus" in summary(v, NAMES)
    # a reload: the moves (the dealer's asks included) replay to the same game
    again = engine(setup(level, seed=seed))
    again.replay(moves)
    assert again.view(0) == eng.view(0)


def test_wrong_answers_hand_challenges_over_and_a_third_decides() -> None:
    seed, level = 33, 4
    q1, q2, q3 = (question_of(seed, level, n) for n in (1, 2, 3))
    eng = engine(setup(level, seed=seed))
    play(eng, {1: right(q1), 2: "Zzzz nothing", 3: right(q3)})
    v = eng.view(REFEREE)
    assert [c["how"] for c in v["challenges"]] == ["right", "wrong", "right"]
    assert [c["winner"] for c in v["challenges"]] == [0, 1, 0]
    assert v["result"]["winner"] == 0 and not v["result"]["bonus"]
    assert summary(v, NAMES) == "Team 1 won two challenges (2-1)."
    wrong = v["challenges"][1]
    assert challenge_line(wrong, NAMES) == ("Team 1 buzzed and answered wrong: Team 2 wins.")
    said = answer_sentence(wrong["answers"][0], NAMES)
    assert said == "Team 1 answered “Zzzz nothing”: wrong."


def test_silence_is_a_tie_and_two_ties_end_the_game() -> None:
    eng = engine(setup(3, seed=2))
    play(eng, {}, buzz_at_word=10_000, step=500)
    v = eng.view(REFEREE)
    assert [c["how"] for c in v["challenges"]] == ["silence", "silence"]
    assert v["result"]["winner"] is None
    assert challenge_line(v["challenges"][0], NAMES) == ("Nobody buzzed within 15 seconds: a tie.")
    assert summary(v, NAMES) == "No team won two challenges (0-0, 2 ties): the game is a tie."


def test_simultaneous_buzzes_answer_secretly() -> None:
    seed, level = 8, 3
    q = question_of(seed, level, 1)
    eng = engine(setup(level, seed=seed))
    for seat in (0, 1):
        eng.submit({"seat": seat, "kind": "plunge", "data": False}, 0)
    eng.submit({"seat": 0, "kind": "geoplunger", "data": 0}, 100)
    eng.submit({"seat": 1, "kind": "geoplunger", "data": 1}, 100)
    eng.advance(100 + DEAL_MS)
    t = 100 + DEAL_MS + 10
    eng.submit({"seat": 1, "kind": "buzz"}, t)
    eng.submit({"seat": 0, "kind": "buzz"}, t + 120)  # inside the 300 ms window
    v0 = eng.view(0)
    assert v0["phase"] == "answer" and sorted(v0["current"]["answering"]) == [0, 1]
    eng.submit({"seat": 1, "kind": "answer", "data": right(q)}, t + 2000)
    # team 0 does not see team 1's secret answer; team 1 sees its own
    assert eng.view(0)["current"]["my_answer"] is None
    assert eng.view(1)["current"]["my_answer"] == right(q)
    line = describe(eng.moves[-1], eng.view(REFEREE), NAMES)
    assert line == "Team 2 answered." and right(q) not in line
    eng.submit({"seat": 0, "kind": "answer", "data": "Nowhere at all"}, t + 3000)
    ch = eng.view(REFEREE)["challenges"][0]
    assert ch["how"] == "both" and ch["winner"] == 1
    assert challenge_line(ch, NAMES) == (
        "Both teams buzzed at once and answered secretly: only Team 2 was right."
    )


# --------------------------------------------------------------------------- the computer


def test_the_computer_plays_from_its_view_and_wins_some() -> None:
    wins = 0
    for seed in range(6):
        eng = engine(setup(4, "bot", seed, "hard"))
        assert isinstance(eng.bots[BOT_SEAT], ChummyBot)  # the engine's bot itself
        # the person never buzzes: the computer buzzes, answers, and is judged
        play(eng, {}, buzz_at_word=10_000, step=100)
        v = eng.view(REFEREE)
        wins += v["result"]["winner"] == BOT_SEAT
        for ch in v["challenges"]:
            if ch["how"] in ("right", "wrong"):
                assert ch["buzzes"][0][0] == BOT_SEAT
    assert wins >= 3  # hard knows red questions 98% of the time


def test_the_computer_replans_on_each_word() -> None:
    v = {"phase": "read", "current": {"number": 1, "words": ["What"], "buzzes": []}}
    k1 = replan_key(v, 5)
    v["current"]["words"] = ["What", "is"]
    assert replan_key(v, 5) != k1


# --------------------------------------------------------------------------- what the screen says


def test_buzzer_keys() -> None:
    assert key_team("a", "local") == 0 and key_team("A", "local") == 0
    assert key_team("l", "local") == 1 and key_team("L", "local") == 1
    assert key_team("l", "bot") == 0 and key_team("a", "bot") == 0
    for other in ("b", "Enter", " ", "ArrowLeft", ""):
        assert key_team(other, "local") is None


def test_countdowns_per_phase() -> None:
    eng = engine(setup(4, seed=4))
    label, secs = countdown(eng.view(REFEREE), 1200)
    assert label == "Are you GeoPlunging?" and secs == 4
    for seat in (0, 1):
        eng.submit({"seat": seat, "kind": "plunge", "data": True}, 1300)
    assert countdown(eng.view(REFEREE), 1300) == ("Challenge 1: name your GeoPlunger", None)
    eng.submit({"seat": 0, "kind": "geoplunger", "data": 0}, 1400)
    eng.submit({"seat": 1, "kind": "geoplunger", "data": 0}, 1400)
    assert countdown(eng.view(REFEREE), 1400)[0] == "The dealer turns the Power card…"
    eng.advance(1400 + DEAL_MS)
    assert countdown(eng.view(REFEREE), 1400 + DEAL_MS)[0] == "Reading the question…"
    n = len(challenge.words(question_of(4, 4, 1).text))
    end = 1400 + DEAL_MS + n * 400
    eng.advance(end)
    assert countdown(eng.view(REFEREE), end) == ("Buzz now or it is a tie", 15)
    eng.submit({"seat": 1, "kind": "buzz"}, end + 1000)
    eng.advance(end + 1300)
    assert countdown(eng.view(REFEREE), end + 1300) == ("Time to answer", 30)


def test_labels_and_power_cards() -> None:
    assert colour_label("red") == "Red question (easiest)"
    assert colour_label("purple") == "Purple question (hardest)"
    two = next(p for p in decks.power_deck() if len(p.circles) == 2)
    text = power_text(two.id, 4, two.circles[1])
    assert two.circles[0] in text and f"the dealer picked {two.circles[1]}" in text
    assert f"{two.square} square" in power_text(two.id, 3, two.square)


def test_free_players_are_tracked_per_team() -> None:
    view = {"geoplungers": [[0], [2, 1]]}
    assert free_players(view, 0) == [1, 2]
    assert free_players(view, 1) == [0]


def test_the_web_game_and_its_deep_links() -> None:
    g = WEB_GAMES["chummy-challenge"]
    assert list(g.levels) == [3, 4] and g.modes == ("bot", "local", "devices")
    assert g.module == "cardroom.web.games.chummy.screen"
    for query, level, mode in (
        ({"game": "chummy-challenge", "level": "4", "mode": "bot"}, 4, "bot"),
        ({"game": "chummy-challenge", "level": "3", "mode": "local"}, 3, "local"),
    ):
        route = parse_link(query)
        assert route.complete and not route.problems
        assert route.setup is not None
        assert (route.setup.level, route.setup.mode) == (level, mode)
    assert parse_link({"game": "chummy-challenge", "level": "2"}).problems


def test_bot_game_sentences_name_you_and_the_computer() -> None:
    ch = {"how": "right", "winner": 0, "buzzes": [[0, 10]], "answers": []}
    assert challenge_line(ch, BOT_NAMES) == "You buzzed and answered right: You win."
    ch = {"how": "wrong", "winner": 0, "buzzes": [[1, 10]], "answers": []}
    assert challenge_line(ch, BOT_NAMES) == ("The computer buzzed and answered wrong: You win.")


# --------------------------------------------------------------------------- printable cards


def test_challenge_sheet_puts_each_cards_answers_behind_it() -> None:
    """R-149: nine cards a page, each page's backs mirrored per row, each back holding its
    own card's five answers in colour order."""
    import re

    sheets = pytest.importorskip("sitebuild.decks")
    html = sheets.challenge_sheet("letter")
    pages = re.findall(r'<section class="sheet (fronts|backs)">(.*?)</section>', html)
    assert len(pages) == 2 * 7
    cards = {c["id"]: c for c in challenge.printable()}
    for (kind_f, fronts), (kind_b, backs) in zip(pages[::2], pages[1::2], strict=True):
        assert (kind_f, kind_b) == ("fronts", "backs")
        f_ids = [int(x) for x in re.findall(r'data-challenge="(\d+)"', fronts)]
        b_ids = [int(x) for x in re.findall(r'data-answers="(\d+)"', backs)]
        rows = [f_ids[i : i + 3] for i in range(0, 9, 3)]
        assert b_ids == [i for row in rows for i in reversed(row)]  # long-edge duplex
        for cid in f_ids:
            for q in cards[cid]["questions"]:
                assert escape(q["text"]) in fronts
        for block in re.findall(r'data-answers="\d+".*?</ol>', backs):
            cid = int(re.match(r'data-answers="(\d+)"', block).group(1))
            colours = re.findall(r'data-colour="(\w+)"', block)
            assert colours == list(challenge.COLOURS)
            for q in cards[cid]["questions"]:
                assert escape(q["answer"]) in block


def test_an_answer_forgiven_a_slip_shows_the_right_spelling() -> None:
    """Like Learn's "It is spelled Saint Paul." and Dashing's "(spelled Texas)"."""
    q = challenge.question(16, "blue")  # two states that border Wisconsin
    assert q.need == 2 and q.type == "state"
    slip = {"team": 0, "text": "Iow, Illinois", "correct": True}
    assert answer_sentence(slip, NAMES, q) == (
        "Team 1 answered “Iow, Illinois”: right, spelled Iowa."
    )
    fine = {"team": 1, "text": "iowa, ILLINOIS", "correct": True}
    assert answer_sentence(fine, NAMES, q) == "Team 2 answered “iowa, ILLINOIS”: right."
    codes = {"team": 1, "text": "IA, Ilinois", "correct": True}
    assert answer_sentence(codes, NAMES, q).endswith(": right, spelled Illinois.")
    text_q = challenge.question(1, "blue")  # Yellowstone: a written answer
    said = {"team": 0, "text": "Yelowstone", "correct": True}
    assert answer_sentence(said, NAMES, text_q).endswith(": right, spelled Yellowstone.")
    wrong = {"team": 0, "text": "Ohio, Iow", "correct": False}
    assert answer_sentence(wrong, NAMES, q) == "Team 1 answered “Ohio, Iow”: wrong."


def test_the_source_is_said_in_plain_words() -> None:
    from cardroom.web.games.chummy.logic import source_text

    assert "atlas" not in source_text("atlas").split(":")[0]
    assert source_text("atlas") == "Source: the state facts in this app's US atlas"
    assert source_text("USGS: Mount Whitney") == "Source: USGS: Mount Whitney"
    assert source_text(None) == ""

"""State IQ's screen logic on CPython: the computer's team, who the screen is for, the
Clue card options, typed guesses, the log and the result's words (R-130..R-134)."""

from __future__ import annotations

import random

import pytest

from cardroom import atlas
from cardroom.core import REFEREE, Move
from cardroom.geoplunge import decks
from cardroom.geoplunge.state_iq import GAME
from cardroom.web.games.state_iq.logic import (
    BOT_SEAT,
    clue_lines,
    clue_options,
    describe,
    engine,
    legal_from_view,
    mid,
    read_guess,
    result_summary,
    status_text,
    verb,
    viewer,
    wrong_guesses,
)
from cardroom.web.kit.logic import WEB_GAMES, Setup, parse_link

CODES = sorted(s.code for s in atlas.states())


def play_random(level: int, mode: str, seed: int) -> tuple[object, list[dict]]:
    """A whole game through the engine client, people moving at random (legal) and the
    computer (in ``bot`` mode) by itself; returns the engine and the views seen."""
    e = engine(Setup("state-iq", level, mode, "medium", seed))
    rng = random.Random(seed)
    seen = []
    t = 0  # the table clock: the computer takes its time
    for _ in range(60):
        if e.over:
            break
        ref = e.view(REFEREE)
        me = viewer(ref, mode)
        assert me is not None
        v = e.view(me)
        seen.append(v)
        if me not in v["to_move"]:
            t = max(t, e.next_due() or t)
            e.advance(t)
            continue
        legal = legal_from_view(v, me)
        # the space worked out from the view is the engine's own
        real = GAME.legal_moves(e.state, me)
        if v["phase"] == "guess":
            assert all(
                (Move(me, "guess", c) in legal) == (Move(me, "guess", c) in real) for c in CODES
            )
            wrong = wrong_guesses(v)
            code = rng.choice([c for c in CODES if c not in wrong])
            e.submit({"seat": me, "kind": "guess", "data": code}, t)
        else:
            assert sorted(m.key for m in legal) == sorted(m.key for m in real)  # type: ignore[attr-defined]
            m = rng.choice(list(legal))  # type: ignore[arg-type]
            e.submit(m.to_json(), t)
        e.advance(t)
    assert e.over
    return e, seen


@pytest.mark.parametrize("level", [2, 3, 4])
@pytest.mark.parametrize("mode", ["bot", "local"])
def test_whole_games_through_the_client(level: int, mode: str) -> None:
    for seed in range(4):
        e, _ = play_random(level, mode, seed)
        r = e.view(REFEREE)["result"]
        assert sum(r["points"]) == sum(x["points"] for x in r["scoring"])
        assert r["summary"]


def test_the_computer_replays_exactly() -> None:
    a, _ = play_random(3, "bot", 7)
    b, _ = play_random(3, "bot", 7)
    assert a.moves == b.moves  # type: ignore[attr-defined]
    assert any(m["seat"] == BOT_SEAT for m in a.moves)  # type: ignore[attr-defined]


def test_the_computer_acts_only_from_its_view() -> None:
    """The computer's team plans from its own view: another hidden card for the person
    changes nothing it does before that card is shown."""
    e = engine(Setup("state-iq", 2, "bot", "hard", 5))
    e.submit({"seat": 0, "kind": "plunge", "data": False}, 0)
    e.advance(0)
    v = e.view(BOT_SEAT)
    assert v["held"] == e.state.held(BOT_SEAT)
    assert e.state.held(0) not in [c for team in v["cards"] for c in team if c]


def test_viewer_and_pass_and_play() -> None:
    """In pass-and-play the screen is for the team that acts; it changes hands between
    clue giving and guessing (R-132)."""
    _, views = play_random(2, "local", 3)
    for v in views:
        me = v["team"]
        if v["phase"] == "clue":
            assert me == 1 - v["guesser"]
        if v["phase"] == "guess":
            assert me == v["guesser"]
    e = engine(Setup("state-iq", 2, "local", "medium", 3))
    assert viewer(e.view(REFEREE), "local") == 0
    e.submit({"seat": 0, "kind": "plunge", "data": True}, 0)
    assert viewer(e.view(REFEREE), "local") == 1
    assert viewer(e.view(REFEREE), "bot") == 0
    # two devices: each device's screen is for its own team, whoever acts
    assert viewer(e.view(REFEREE), "devices", 1) == 1
    assert viewer(e.view(REFEREE), "devices", 0) == 0


def test_clue_options_are_the_cards_options_and_true() -> None:
    for seed in range(20):
        e = engine(Setup("state-iq", 2, "local", "medium", seed))
        e.submit({"seat": 0, "kind": "plunge", "data": False}, 0)
        e.submit({"seat": 1, "kind": "plunge", "data": False}, 0)
        ref = e.view(REFEREE)
        giver = 1 - ref["guesser"]
        v = e.view(giver)
        found = clue_options(v)
        assert found is not None
        card, options = found
        assert card["id"] == ref["turned"][0]["id"]
        assert {o.kind for o in options} == set(card["options"])
        for o in options:
            assert decks.clue_matches(o.kind, o.value, v["held"])
            assert (o.flag is not None) == (o.kind == "flag")
            if o.flag:
                assert o.flag == v["held"]  # the flag picture of the held card
        # the guessing team gets no options and no held card of the giver
        assert clue_options(e.view(1 - giver)) is None
        assert e.view(1 - giver)["held"] != v["held"]


def test_read_guess_is_tolerant_and_never_another_state() -> None:
    assert read_guess("Pensylvania").code == "PA"
    assert read_guess("pa").code == "PA"
    assert read_guess("new-york").code == "NY"
    assert read_guess("akansas").code is None and "Arkansas or Kansas" in (
        read_guess("akansas").problem or ""
    )
    assert read_guess("Narnia").code is None
    assert read_guess("  ").code is None
    for s in atlas.states():
        assert read_guess(s.name).code == s.code
        assert read_guess(s.name.upper()).code == s.code
    r = read_guess("Ohio", {"OH"})
    assert r.code is None and "already guessed" in (r.problem or "")
    assert read_guess("Kentuky").note == "Reads as Kentucky."


def test_words() -> None:
    teams = ["You", "The computer"]
    assert mid("The computer") == "the computer" and mid("Team 2") == "Team 2"
    assert verb("You", "guesses first", "guess first") == "You guess first"
    assert verb("Team 1", "guesses first", "guess first") == "Team 1 guesses first"
    e = engine(Setup("state-iq", 3, "bot", "medium", 2))
    assert "GeoPlunging" in status_text(e.view(0), teams, 0)
    e.submit({"seat": 0, "kind": "plunge", "data": False}, 0)
    while 0 not in e.view(0)["to_move"]:  # the computer takes its time
        e.advance(e.next_due() or 0)
    v = e.view(0)
    text = status_text(v, teams, 0)
    if v["phase"] == "guess":
        assert text.startswith("Guess 1 of 3: name the computer's state")
    else:
        assert text.startswith("Give the computer a clue for guess 1")
    # a GeoPlunging answer stays secret in the log; a flag clue does not name its state
    assert describe({"seat": 0, "kind": "plunge", "data": True}, teams, False) == (
        "You decided about GeoPlunging."
    )
    token = decks.flag_token("TX")
    line = describe({"seat": 1, "kind": "clue", "data": ["flag", token]}, teams, False)
    assert line == "The computer gave a clue: the flag."
    assert describe({"seat": 0, "kind": "guess", "data": "OH"}, teams, False) == (
        "You guessed Ohio."
    )


def test_clue_lines_show_flags_as_pictures() -> None:
    v = {
        "clues": [
            {
                "team": 0,
                "guess": 1,
                "card": "C01",
                "kind": "flag",
                "value": decks.flag_token("UT"),
                "text": "Its flag (through the cut-out card)",
                "target": 0,
            },
            {
                "team": 1,
                "guess": 1,
                "card": "A01",
                "kind": "code_letter",
                "value": "N",
                "text": "Its postal code starts with N",
                "target": 0,
            },
        ]
    }
    lines = clue_lines(v, 0)
    assert len(lines) == 1 and lines[0]["flag"] == "UT"


def test_result_summary_names_the_teams_and_the_stop() -> None:
    """Level 2: the first team right at once, the second wrong once: it stops (R-29)."""
    for seed in range(40):
        e = engine(Setup("state-iq", 2, "local", "medium", seed))
        e.submit({"seat": 0, "kind": "plunge", "data": False}, 0)
        e.submit({"seat": 1, "kind": "plunge", "data": False}, 0)
        while not e.over:
            ref = e.view(REFEREE)
            me = ref["to_move"][0]
            if ref["phase"] == "clue":
                _, opts = clue_options(e.view(me))  # type: ignore[misc]
                e.submit({"seat": me, "kind": "clue", "data": [opts[0].kind, opts[0].value]}, 0)
            else:
                s = e.state
                right = s.held(s.giver)
                code = right if me == ref["first"] else next(c for c in CODES if c != right)
                e.submit({"seat": me, "kind": "guess", "data": code}, 0)
        ref = e.view(REFEREE)
        text = result_summary(ref, ["You", "The computer"])
        first = ["You", "The computer"][ref["first"]]
        assert f"{first} named the state on the first guess" in text
        assert "stopped: the result was decided" in text
        assert "bonus" in text
        assert ref["result"]["guesses"] == [1, 1]
        break


def test_web_game_entry_and_links() -> None:
    g = WEB_GAMES["state-iq"]
    assert tuple(g.levels) == (2, 3, 4) and g.modes == ("bot", "local", "devices")
    assert g.module == "cardroom.web.games.state_iq.screen"
    r = parse_link({"game": "state-iq", "level": "4", "mode": "bot", "seed": "3"})
    assert r.setup is not None and not r.problems
    assert (r.setup.level, r.setup.mode, r.setup.seed) == (4, "bot", 3)
    r = parse_link({"game": "state-iq", "level": "2", "mode": "local"})
    assert r.setup is not None and r.complete and not r.problems
    assert (r.setup.level, r.setup.mode) == (2, "local")
    assert parse_link({"game": "state-iq", "level": "1"}).problems


def test_a_finished_game_feeds_learn_with_the_facts_its_clues_tested() -> None:
    from cardroom.web.games.state_iq.logic import LEARN_KIND, learn_facts  # noqa: PLC0415

    final = {
        "cards": [["TX"], ["MT"]],
        "clues": [
            {"team": 0, "guess": 1, "kind": "capital", "target": 0},
            {"team": 0, "guess": 2, "kind": "flower", "target": 0},
            {"team": 0, "guess": 2, "kind": "electoral_votes", "target": 0},
            {"team": 1, "guess": 1, "kind": "bird", "target": 0},
        ],
        "guesses": [
            {"team": 0, "guess": 1, "code": "ID", "target": 0, "correct": False},
            {"team": 0, "guess": 2, "code": "MT", "target": 0, "correct": True},
            {"team": 1, "guess": 1, "code": "TX", "target": 0, "correct": True},
        ],
    }
    assert learn_facts(final, [0]) == [
        ("capitals:MT", False),
        ("capitals:MT", True),
        ("flowers:MT", True),
    ]
    assert learn_facts(final, [1]) == [("birds:TX", True)]
    assert learn_facts(final, []) == []
    from cardroom import learn  # noqa: PLC0415

    assert set(LEARN_KIND.values()) <= set(learn.KINDS)


def test_the_computer_decides_about_geoplunging_whoever_decides_first() -> None:
    """The computer takes its time over GeoPlunging (R-243); a person who answers first
    changes neither its answer nor its time (the game replays the same on any device)."""
    for seed in range(6):
        alone = engine(Setup("state-iq", 3, "bot", "medium", seed))
        due = alone.next_due()
        assert due is not None and due > 0
        alone.advance(due)
        mine = alone.moves[-1]
        first = engine(Setup("state-iq", 3, "bot", "medium", seed))
        first.submit({"seat": 0, "kind": "plunge", "data": False}, 1)
        first.advance(due)
        assert first.moves[-1] == mine

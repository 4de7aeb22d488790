"""Tri-Virsity's screen logic on CPython: the match of hands behind the kit's engine client,
the computer seats, the word builder, where words grow, the result lines, the deep-link
options and the site's word index."""

from __future__ import annotations

import gzip
import random
from importlib import resources

import pytest

from cardroom.core import IllegalMove, Move, bot_context
from cardroom.trivirsity import words as wordlist
from cardroom.trivirsity.bot import TriBot
from cardroom.trivirsity.game import GAME
from cardroom.web.games.trivirsity.logic import (
    CLAIM_WAIT_MS,
    MATCH,
    describe,
    engine,
    engine_options,
    options_problem,
    seat_names,
)
from cardroom.web.games.trivirsity.spelling import (
    Spelling,
    accepts,
    build_status,
    grow_spots,
    lay_status,
    spell,
)
from cardroom.web.kit.logic import WEB_GAMES, Setup, parse_link, points_table
from cardroom.web.kit.result import number
from sitebuild.words import encode_index


def setup(mode: str = "bot", seed: int = 3, level: str = "medium", **options: str) -> Setup:
    return Setup("tri-virsity", 0, mode, level, seed, tuple(sorted(options.items())))


def play_out(table, person: TriBot, limit: int = 2000) -> None:
    now = 0
    for _ in range(limit):
        if table.over:
            return
        st = table.state
        if MATCH.between(st):
            now += 10
            table.submit({"seat": 0, "kind": "next-hand", "data": None}, now)
            continue
        m = None
        if 0 in GAME.to_move(st.cur):
            m = person.choose(bot_context(GAME, st.cur, 0, random.Random(st.step)))
        now += 1000
        if m is not None:
            table.submit(m.to_json(), now)
        else:
            table.advance(now + 10_000)
            now += 10_000
    raise AssertionError("the match did not end")


# ------------------------------------------------------------------ links and options


def test_deep_links_of_the_issue() -> None:
    r = parse_link({"game": "tri-virsity", "players": "2", "mode": "bot"})
    assert not r.problems and r.setup.mode == "bot" and r.setup.option("players") == "2"
    assert r.setup.level == 0 and r.complete
    r = parse_link({"game": "tri-virsity", "players": "4", "mode": "local", "variant": "beginner"})
    assert not r.problems
    assert engine_options(r.setup) == {
        "players": 4,
        "variant": "beginner",
        "check": "strict",
        "deal": 8,
    }
    r = parse_link({"game": "tri-virsity", "mode": "solitaire"})
    assert not r.problems and engine_options(r.setup) == {"variant": "solitaire"}
    bad = parse_link({"game": "tri-virsity", "players": "9", "mode": "bot"})
    assert bad.problems


def test_options_that_do_not_fit_are_refused() -> None:
    # the check agrees with the engine on every choice of the setup
    game = WEB_GAMES["tri-virsity"]
    choices = {o.name: list(o.choices) for o in game.options}
    for players in choices["players"]:
        for variant in choices["variant"]:
            opts = {"players": players, "variant": variant}
            try:
                GAME.new(1, **engine_options(setup("bot", 1, **opts)))
                fits = True
            except ValueError:
                fits = False
            assert (options_problem(opts) is None) == fits, opts
    assert options_problem({"players": "3", "teams": "yes"}) is not None
    assert options_problem({"players": "2"}) is None
    assert WEB_GAMES["tri-virsity"].levels == {}


def test_seat_names() -> None:
    assert seat_names(setup("bot"), 2) == ["You", "The computer"]
    assert seat_names(setup("bot"), 3) == ["You", "Computer 1", "Computer 2"]
    assert seat_names(setup("local"), 3) == ["Player 1", "Player 2", "Player 3"]
    assert seat_names(setup("solitaire"), 1) == ["You"]


# ------------------------------------------------------------------ the match


def test_a_match_chains_hands_and_its_lines_add_up() -> None:
    """A game is a match to the chosen target; its result lists each hand (R-150)."""
    table = engine(setup("bot", 11, players="2", target="100"))
    play_out(table, TriBot("hard"))
    v = table.view(0)
    r = v["result"]
    assert max(r["points"]) >= 100
    assert len(v["history"]) + 1 == len({ln["label"] for ln in r["scoring"]})
    rows = points_table(r["scoring"], r["points"], ["You", "The computer"])
    assert [row["total"] for row in rows] == r["points"]
    assert r["winner"] in (0, 1, None)
    # the carried score of each hand is the totals of the one before
    for before, after in zip(v["history"], v["history"][1:], strict=False):
        assert sum(after["totals"]) - sum(before["totals"]) == sum(after["scores"])


def test_one_hand_and_the_replay_is_exact() -> None:
    s = setup("bot", 5, players="3", target="hand")
    table = engine(s)
    play_out(table, TriBot("medium"))
    again = engine(s)
    again.replay(table.moves)
    assert again.view(0) == table.view(0)
    assert table.view(0)["result"]["summary"].endswith("One hand played.")


def test_next_hand_only_between_hands() -> None:
    table = engine(setup("bot", 2, players="2", target="500"))
    with pytest.raises(IllegalMove):
        MATCH.apply(table.state, Move(0, "next-hand"))


def test_the_computer_waits_for_a_person_to_claim() -> None:
    """With three players, a computer seat that would draw waits while the person may
    still claim the top discard (R-151)."""
    for seed in range(1, 80):
        # easy computers never claim, so the next one draws (later) while a claim is open
        table = engine(setup("bot", seed, "easy", players="3", target="hand", variant="beginner"))
        now = 0
        for _ in range(400):
            v = table.view(0)
            planned = table.planned.get(v["turn"]) if v["turn"] != 0 else None
            if (
                planned
                and planned["kind"] == "draw"
                and v["claims"]
                and v["discarder"] != 0
                and v["phase"] == "draw"
            ):
                assert planned["at"] - v["now"] == CLAIM_WAIT_MS
                return
            m = None
            if 0 in GAME.to_move(table.state.cur):
                m = TriBot("easy").choose(bot_context(GAME, table.state.cur, 0, random.Random(1)))
            now += 1000
            if m is not None:
                table.submit(m.to_json(), now)
            else:
                table.advance(now)  # one step at a time: the computer's moves come later
            if table.over:
                break
    pytest.fail("no seed let the person claim before a computer drew")


def test_solitaire_result() -> None:
    table = engine(setup("solitaire", 4))
    play_out(table, TriBot("hard"))
    v = table.view(0)
    r = v["result"]
    assert r["solitaire"]["won"] == (v["end"] == "out")
    assert r["points"] == [v["hand_scores"][0]]


# ------------------------------------------------------------------ the word builder


def test_spell_prefers_real_letters_and_one_suit() -> None:
    hand = ["RC1", "RA1", "RT1", "GC1", "G*1", "**1"]
    sp = spell(hand, "cat")
    assert sp.cards == ("RC1", "RA1", "RT1") and sp.suit == "R" and sp.wilds == 0
    sp = spell(hand, "cat", suit="G")
    assert sp.cards == ("GC1", "G*1", "**1") and sp.wilds == 2
    sp = spell(hand, "cats", suit="G")
    assert sp.missing == 1
    assert spell(hand, "C-A-T!").letters == "cat"


def dealt(hand: list[str], check: str = "strict", draw: str | None = None):
    """A two-player hand whose seat 0 holds ``hand`` (the rest of its ten cards dealt at
    random) and has drawn ``draw`` (or some card) from the pile: its turn to play."""
    stack = [[i, c] for i, c in enumerate(hand)]
    if draw is not None:
        stack.append([21, draw])  # ten cards each, the card turned up, the pile
    s = GAME.new(5, check=check, stack=stack)
    return GAME.apply(s, Move(0, "draw"))


def view_for(hand: list[str], words: list[dict] | None = None, check: str = "strict") -> dict:
    """Seat 0's view after its draw, holding exactly ``hand`` and the table ``words``."""
    from dataclasses import replace  # noqa: PLC0415

    from cardroom.trivirsity.game import Word  # noqa: PLC0415

    s = dealt([], check)
    table = tuple(
        Word(w["id"], w["suit"], tuple(w["cards"]), w["letters"], tuple(w["owners"]))
        for w in words or []
    )
    return GAME.view(replace(s, hands=(tuple(hand), s.hands[1]), words=table), 0)


def test_lay_status_says_why() -> None:
    hand = ["RC1", "RA1", "RT1", "GE1"]
    assert lay_status(view_for(hand), spell(hand, "cat")).ok
    st = lay_status(view_for(hand), spell(hand, "ca"))
    assert not st.ok and "3 letters" in st.text
    st = lay_status(view_for(hand), spell(hand, "tca"))
    assert not st.ok and "not in the dictionary" in st.text
    assert lay_status(view_for(hand, check="challenge"), spell(hand, "tca")).ok
    tight = ["RC1", "RA1", "RT1"]
    st = lay_status(view_for(tight), spell(tight, "cat"))
    assert not st.ok and "discard" in st.text
    st = lay_status(view_for(hand), spell(hand, "dog"))
    assert not st.ok and "cannot spell" in st.text


def test_a_too_short_word_is_refused_not_approved() -> None:
    hand = ["RO1", "RX1", "RE1", "GE1"]
    st = lay_status(view_for(hand), spell(hand, "ox"))
    assert not st.ok and st.tone == "bad"  # no green tick for a refused word
    assert st.text == "OX: words need 3 letters or more."


def tapped(hand: list[str], *cards: str, letters: str = "") -> Spelling:
    """The builder's spelling of cards tapped one by one (a wild's letter given)."""
    from cardroom.trivirsity.deck import card_letter  # noqa: PLC0415

    word = "".join(card_letter(c) or letters[i] for i, c in enumerate(cards))
    return Spelling(word, tuple(cards), None)


def test_tapped_cards_of_two_suits_are_refused_as_the_engine_refuses_them() -> None:
    # the play-test: green G, red U, green M tapped, no tri-colour wild
    hand = ["GG1", "RU1", "GM1", "GU1", "RE1", "OS1"]
    v = view_for(hand)
    sp = tapped(hand, "GG1", "RU1", "GM1")
    st = lay_status(v, sp)
    assert not st.ok and st.tone == "bad"
    assert st.text.startswith("GUM: a word's cards are all of one suit")
    s = dealt([])
    s = replace_hand(s, hand)
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(0, "lay", {"cards": list(sp.cards), "word": "gum"}))
    # the same word in one suit is approved, in its own suit (not "Winding Red")
    st = lay_status(v, tapped(hand, "GG1", "GU1", "GM1"))
    assert st.ok and st.tone == "ok"
    assert st.text == "GUM is a word: 20 points in Wavey Green."
    assert (
        "in Curvy Orange"
        in lay_status(
            view_for(["OC1", "OA1", "OT1", "RE1"]), spell(["OC1", "OA1", "OT1", "RE1"], "cat")
        ).text
    )


def replace_hand(s, hand: list[str]):
    from dataclasses import replace  # noqa: PLC0415

    return replace(s, hands=(tuple(hand), s.hands[1]))


def test_a_wild_of_another_suit_cannot_build_and_the_builder_says_so() -> None:
    # the play-test: an orange wild added to the green word GAWK
    hand = ["GG1", "GA1", "GW1", "GK1", "O*1", "RE1", "RS1"]
    s = replace_hand(dealt([]), hand)
    s = GAME.apply(s, Move(0, "lay", {"cards": ["GG1", "GA1", "GW1", "GK1"], "word": "gawk"}))
    v = GAME.view(s, 0)
    w = v["words"][0]
    sp = tapped(v["hand"], "O*1", letters="y")
    st = build_status(v, sp, w, "back")
    assert not st.ok and st.tone == "bad"
    assert st.text == "GAWKY: the Orange wild is not in Wavey Green, the word's suit."
    with pytest.raises(IllegalMove):
        GAME.apply(
            s, Move(0, "build", {"word": w["id"], "end": "back", "cards": ["O*1"], "letters": "y"})
        )
    # a wild of the word's own suit may, and the builder says the suit
    s2 = replace_hand(s, ["G*1", "RE1", "RS1"])
    v2 = GAME.view(s2, 0)
    st = build_status(v2, tapped(v2["hand"], "G*1", letters="y"), w, "back")
    assert st.ok and st.text == "GAWKY is a word in Wavey Green: you score 20."


def test_the_builders_verdict_is_the_engines_on_every_move() -> None:
    """Over many random hands and plays (sampled, and made wrong on purpose: cards of the
    wrong suit, other letters, too short), the builder's verdict is exactly whether the
    engine applies the move."""
    rng = random.Random(11)
    checked = refused = 0
    for seed in range(40):
        check = "challenge" if seed % 4 == 0 else "strict"
        s = GAME.new(seed, check=check)
        s = GAME.apply(s, Move(0, "draw"))
        space = GAME.legal_moves(s, 0)
        v = GAME.view(s, 0)
        hand = list(v["hand"])
        moves = [space.sample(rng) for _ in range(6)]
        for _ in range(10):
            cards = rng.sample(hand, rng.randint(1, 4))
            word = "".join(rng.choice("aeiostrgum") for _ in cards)
            moves.append(Move(0, "lay", {"cards": cards, "word": word}))
        for m in moves:
            data = m.to_json().get("data")
            try:
                GAME.apply(s, m)
                took = True
            except IllegalMove:
                took = False
            if m.kind == "lay":
                sp = Spelling(data["word"], tuple(data["cards"]), None)
                assert lay_status(v, sp).ok == took, (m, lay_status(v, sp))
            elif m.kind == "build":
                w = next(x for x in v["words"] if x["id"] == data["word"])
                sp = Spelling(data["letters"], tuple(data["cards"]), None)
                assert build_status(v, sp, w, data["end"]).ok == took
            assert accepts(v, m.kind, data) == took
            checked += 1
            refused += not took
    assert checked > 500 and 100 < refused < checked


def test_build_status_and_grow_spots() -> None:
    word = {
        "id": 1,
        "suit": "R",
        "letters": "cat",
        "cards": ["RC1", "RA1", "RT1"],
        "owners": [1] * 3,
    }
    hand = ["RS1", "GE1", "RE1"]
    v = view_for(hand, [word])
    assert build_status(v, spell(hand, "s", suit="R"), word, "back").ok
    assert not build_status(v, spell(hand, "e", suit="R"), word, "front").ok  # "ecat"
    spots = grow_spots(v, word)
    assert spots["back"] >= 2 and spots["front"] >= 1  # cats, caw...; scat
    v["pending"] = [{"word": 1}]
    assert grow_spots(v, word) == {"front": 0, "back": 0}


def test_describe_never_names_a_drawn_card() -> None:
    names = ["You", "The computer"]
    assert describe({"seat": 1, "kind": "draw"}, names) == "The computer drew from the pile."
    assert "Red E" in describe({"seat": 0, "kind": "discard", "data": "RE1"}, names)
    lay = {"seat": 0, "kind": "lay", "data": {"cards": [], "word": "cat"}}
    assert describe(lay, names) == "You laid down CAT."


# ------------------------------------------------------------------ the word index


def test_the_word_index_round_trips_and_is_smaller() -> None:
    raw = resources.files("cardroom").joinpath("data/enable1.txt.gz").read_bytes()
    words = gzip.decompress(raw).decode("ascii").split()
    data = encode_index(words)
    assert wordlist.decode_index(data) == words
    assert len(data) < 0.6 * len(raw)
    with pytest.raises(ValueError):
        wordlist.decode_index(gzip.compress(b"cat\ndog"))


# ------------------------------------------------------------------ the screen's HTML


def test_table_words_show_owners_and_where_they_grow() -> None:
    from cardroom.web.games.trivirsity.html import TriHtml, card_html  # noqa: PLC0415

    table = engine(setup("bot", 7, players="2", target="hand"))
    play_out_until_word(table)
    html = TriHtml()
    html.setup, html.mode, html.names = table_setup(), "bot", ["You", "The computer"]
    html.shown, html.target, html.order = None, None, {}
    v = table.view(0)
    out = html.words_html(v, True)
    w = v["words"][0]
    assert f'data-letters="{w["letters"]}"' in out
    owners = sorted({["You", "The computer"][o] for o in w["owners"]})
    assert f"by {', '.join(owners)}" in out
    spots = grow_spots(v, w)
    assert f'<span class="tv-fit">{spots["front"]}</span>' in out
    # a card's name says suit, letter and points in words, not only by colour
    assert '>Green </span><span class="tv-face">E</span>' in card_html("GE1")
    assert "Tri-colour " in card_html("**1") and "WILD" in card_html("**1")


def table_setup() -> Setup:
    return setup("bot", 7, players="2", target="hand")


def play_out_until_word(table) -> None:
    person = TriBot("hard")
    now = 0
    while not table.view(0)["words"]:
        assert not table.over
        st = table.state
        m = None
        if 0 in GAME.to_move(st.cur):
            m = person.choose(bot_context(GAME, st.cur, 0, random.Random(st.step)))
        now += 1000
        if m is not None:
            table.submit(m.to_json(), now)
        else:
            table.advance(now + 5000)
            now += 5000


def test_partners_play_as_teams_of_two_from_the_setup() -> None:
    from cardroom.web.platform.routes import parse_link  # noqa: PLC0415

    r = parse_link({"game": "tri-virsity", "players": "4", "teams": "yes", "mode": "local"})
    assert r.problems == () and r.setup is not None and r.setup.option("teams") == "yes"
    assert engine_options(r.setup)["teams"] is True
    bad = parse_link({"game": "tri-virsity", "players": "3", "teams": "yes", "mode": "local"})
    assert bad.problems == ("Teams of two need 4, 6 or 8 players (partners sit across).",)
    client = engine(r.setup.with_seed(5))
    assert client.game.num_teams(client.state) == 2
    assert [client.game.team_of(client.state, s) for s in range(4)] == [0, 1, 0, 1]


def test_one_player_may_play_as_a_beginner() -> None:
    """R-118, the rules' "Keep the playing field level!": a beginner is dealt 8 cards and
    may spell words of two letters while the others play the variant chosen."""
    from cardroom.web.platform.routes import parse_link  # noqa: PLC0415

    r = parse_link({"game": "tri-virsity", "players": "3", "beginner": "2", "mode": "local"})
    assert r.problems == () and r.setup is not None
    opts = engine_options(r.setup)
    assert opts["deal"] == [10, 8, 10] and opts["min_len"] == [3, 2, 3]
    four = parse_link({"game": "tri-virsity", "players": "2", "variant": "four", "beginner": "1"})
    assert four.setup is not None
    assert engine_options(four.setup)["deal"] == [8, 12]
    assert engine_options(four.setup)["min_len"] == [2, 4]
    bad = parse_link({"game": "tri-virsity", "players": "2", "beginner": "3"})
    assert bad.problems == ("There is no Player 3 in a game of 2.",)
    bad = parse_link({"game": "tri-virsity", "variant": "beginner", "beginner": "1"})
    assert bad.problems == ("In the beginners' variant everyone plays as a beginner already.",)
    client = engine(r.setup.with_seed(7))
    hands = [len(client.view(s)["hand"]) for s in range(3)]
    assert sorted(hands)[0] in (8, 9) and hands[1] < hands[0] and hands[1] < hands[2]


# ------------------------------------------------------------------ solitaire and the sheet


def screen_html(names: list[str], mode: str, s: Setup):
    from cardroom.web.games.trivirsity.html import TriHtml  # noqa: PLC0415

    html = TriHtml()
    html.setup, html.mode, html.names = s, mode, names
    html.shown, html.target, html.order = None, None, {}
    return html


def test_solitaire_player_may_take_the_discard() -> None:
    """R-200: the player draws from the pile or takes the discard (the book's "the player
    draws a card from the draw pile or the discard pile"); only the solitaire hand never
    takes a discard. The button is enabled exactly when the engine lists the move."""
    s = setup("solitaire", 4)
    table = engine(s)
    html = screen_html(["You"], "solitaire", s)
    v, legal = table.view(0), table.legal(0)
    assert {"draw", "take"} <= set(legal)
    out = html.piles_html(v, legal)
    assert 'id="tv-take">' in out and 'id="tv-draw">' in out  # neither disabled
    # the player takes the turned-up card, discards another; the solitaire hand then
    # draws from the pile (never the discards) and throws a card the player may take
    top = v["discards"][-1]
    table.submit({"seat": 0, "kind": "take", "data": None}, 10)
    assert top in table.view(0)["hand"]
    throw = next(c for c in table.view(0)["hand"] if c != top)
    pile = table.view(0)["pile"]
    table.submit({"seat": 0, "kind": "discard", "data": throw}, 20)
    v = table.view(0)
    assert v["phase"] == "draw" and v["discards"][-2] == throw  # still under its throw
    assert v["pile"] == pile - 1  # the solitaire hand drew from the pile
    legal = table.legal(0)
    assert "take" in legal and 'id="tv-take">' in html.piles_html(v, legal)
    # not the player's turn (after the draw): both buttons are disabled
    table.submit({"seat": 0, "kind": "draw", "data": None}, 30)
    out = html.piles_html(table.view(0), table.legal(0))
    assert 'id="tv-take" disabled' in out and 'id="tv-draw" disabled' in out


def test_score_sheet_counts_the_hand_just_over_and_solitaire_is_one_hand() -> None:
    s = setup("bot", 7, players="2", target="500")
    table = engine(s)
    person = TriBot("hard")
    now = 0
    while not MATCH.between(table.state):
        assert not table.over
        st = table.state
        m = None
        if 0 in GAME.to_move(st.cur):
            m = person.choose(bot_context(GAME, st.cur, 0, random.Random(st.step)))
        now += 1000
        if m is not None:
            table.submit(m.to_json(), now)
        else:
            table.advance(now + 10_000)
            now += 10_000
    html = screen_html(["You", "The computer"], "bot", s)
    v = table.view(0)
    out = html.scores_html(v)
    assert "Before hand 1" not in out
    cells = "".join(f"<td>{number(x)}</td>" for x in v["hand_scores"])
    assert f'<th scope="row">Hand 1</th>{cells}' in out
    totals = "".join(f"<td>{number(x)}</td>" for x in v["totals"])
    assert f"After hand 1</th>{totals}" in out and "Scores (to 500 points)" in out
    table.submit({"seat": 0, "kind": "next-hand", "data": None}, now + 10)
    out = html.scores_html(table.view(0))
    assert f'<th scope="row">Hand 1</th>{cells}' in out and f"Before hand 2</th>{totals}" in out
    sol = setup("solitaire", 4)
    out = screen_html(["You"], "solitaire", sol).scores_html(engine(sol).view(0))
    assert "Score (one hand)" in out and "500" not in out


def test_results_write_minus_with_the_true_minus_sign() -> None:
    """A play-test: "Hand 1 −10" beside "Total -10". Every number of the score sheet, the
    hand's summary and the rule line uses the true minus sign, never a hyphen."""
    s = setup("bot", 7, players="2", target="500")
    v = {**engine(s).view(0), "hand_scores": [-10, 25], "totals": [-10, 25], "end": "blocked"}
    v["hands"] = [[], []]
    html = screen_html(["You", "The computer"], "bot", s)
    sheet, summary = html.scores_html(v), html.hand_summary(v)
    assert '<th scope="row">Hand 1</th><td>\u221210</td><td>25</td>' in sheet
    assert "After hand 1</th><td>\u221210</td>" in sheet
    assert '<td data-hand-score="0">\u221210</td>' in summary
    assert "-10" not in sheet + summary
    wide = setup("bot", 3, players="8", target="500")
    names = ["You"] + [f"Computer {k}" for k in range(1, 8)]
    w = engine(wide).view(0)
    w = {**w, "hand_scores": [-3] * 8, "totals": [-3] * 8}
    out = screen_html(names, "bot", wide).scores_html(w)
    assert '<td class="tv-total">\u22123</td>' in out and "-3" not in out


def test_the_score_sheet_of_many_players_has_a_row_each() -> None:
    s = setup("bot", 3, players="8", target="hand")
    names = ["You"] + [f"Computer {k}" for k in range(1, 8)]
    out = screen_html(names, "bot", s).scores_html(engine(s).view(0))
    assert "tv-turned" in out and out.count('<th scope="row">') == 8
    assert '<th scope="row">Computer 7</th><td class="tv-total">0</td>' in out
    assert '<th scope="col" class="tv-total">Before hand 1</th>' in out
    s4 = setup("bot", 3, players="4", target="hand")
    out = screen_html(names[:4], "bot", s4).scores_html(engine(s4).view(0))
    assert "tv-turned" not in out and '<th scope="col">Computer 3</th>' in out


def test_a_seat_with_one_card_says_one_card() -> None:
    """The seat line read "You · 1 cards · 0 points" when one card was left."""
    s = setup("bot", 3, players="2", target="hand")
    html = screen_html(["You", "The computer"], "bot", s)
    v = dict(engine(s).view(0))
    v["hand_sizes"] = [1, 10]
    v["scores"] = [1, -25]
    out = html.seats_html(v)
    assert "· 1 card · 1 point</p>" in out
    assert "· 10 cards · -25 points</p>" in out
    assert "1 cards" not in out and "1 points" not in out


def test_every_claim_of_a_wild_can_be_made() -> None:
    """A wild on top fits many table words; only the first eight claims (alphabetically)
    were offered, so with eight players a claim like QUOD+S could not be made at all (seen
    at 1366x768, 8 players). The rest now sit under "More claims", each with its button."""
    from cardroom.web.games.trivirsity.html import MAX_CLAIMS  # noqa: PLC0415

    s = setup("bot", 7, players="2", target="hand")
    table = engine(s)
    play_out_until_word(table)
    v = dict(table.view(0))
    w = v["words"][0]
    # a wild on top, words checked by challenge: any letter at either end may be claimed
    claims = [
        {"word": w["id"], "end": end, "letter": ch}
        for end in ("front", "back")
        for ch in wordlist.ALPHABET
    ]
    assert len(claims) > MAX_CLAIMS
    v.update(claims=claims, claimable=True, phase="draw", discarder=1, to_move=[0, 1])
    out = screen_html(["You", "The computer"], "bot", s).piles_html(v, [])
    for c in claims:
        assert f'data-claim="{c["word"]}:{c["end"]}:{c["letter"]}"' in out, c
    assert f"More claims ({len(claims) - MAX_CLAIMS})</summary>" in out

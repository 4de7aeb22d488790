"""The trick games' screen logic (no browser): the choices a team is offered are exactly
the engine's legal moves (forced Power play included, R-140), the computer's seat plays
from its own view through the kit's engine client, the one-line trick explanations
(R-141), the public log that names no hidden card (R-142), pass-and-play (R-143) and the
version option (R-144)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from cardroom import atlas
from cardroom.core import REFEREE, Move
from cardroom.geoplunge.tricks import rules
from cardroom.geoplunge.tricks.ranks import GAME as RANKS
from cardroom.geoplunge.tricks.zap import GAME as ZAP
from cardroom.web.games.tricks.drawing import TrickDrawing
from cardroom.web.games.tricks.logic import (
    BOT_SEAT,
    announcement,
    computer,
    describe_move,
    engine,
    first_lead_text,
    follow_choices,
    lead_choices,
    move_data,
    options_of,
    result_summary,
    seat_to_show,
    trick_line,
)
from cardroom.web.kit.logic import Setup, decode_save, encode_save, parse_link

RANKS_OPTS = [
    {"level": 2},
    {"level": 3, "version": "ptr1"},
    {"level": 3, "version": "ptr2"},
    {"level": 4, "version": "ptr1"},
    {"level": 4, "version": "ptr2"},
]


def offered(view: dict[str, Any], seat: int) -> set[tuple[str, str]]:
    """Every lead or follow the screen lets ``seat`` make, as (kind, sorted data)."""
    tricks = view["tricks"]
    cur = tricks[-1] if tricks and tricks[-1]["follow"] is None else None
    out = set()
    if cur is None:
        ch = lead_choices(view)
        for card, base in itertools.product(ch.cards, ch.bases):
            if not ch.must_power:
                for cat in ch.categories:
                    out.add(("lead", repr(sorted(move_data("lead", card, category=cat,
                                                           base=base).items()))))  # fmt: skip
            for pid in ch.powers:
                d = move_data("lead", card, base=base, power=pid, powers=ch.powers)
                out.add(("lead", repr(sorted(d.items()))))
        return out
    ch = follow_choices(view)
    for card in ch.cards:
        if not ch.must_power:
            out.add(("follow", repr(sorted(move_data("follow", card).items()))))
        for pid in ch.powers:
            for change in ch.changes[pid]:
                d = move_data("follow", card, power=pid, change=change)
                out.add(("follow", repr(sorted(d.items()))))
    return out


@pytest.mark.parametrize("opts", RANKS_OPTS, ids=lambda o: "-".join(map(str, o.values())))
def test_choices_are_the_legal_moves(opts: dict[str, Any]) -> None:
    forced = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = RANKS.new(seed, **opts)
        while not RANKS.is_over(s):
            seat = min(RANKS.to_move(s))
            legal = list(RANKS.legal_moves(s, seat))
            if s.phase == "play":
                v = RANKS.view(s, seat)
                forced += bool(v["must_power"])
                want = {(m.kind, repr(sorted(dict(m.data).items()))) for m in legal}
                assert offered(v, seat) == want
            s = RANKS.apply(s, _saving_power(legal, rng))
    if opts["level"] > 2:
        assert forced > 0, "no forced Power play was met"


def _saving_power(legal: list[Move], rng: random.Random) -> Move:
    """A random move that keeps the Power cards (and never pulls) when it can, so games
    reach the tricks where a Power card must be played."""
    keep = [m for m in legal if m.data is not True and "power" not in str(m.data)]
    return rng.choice(keep or legal)


def test_a_forced_power_play_offers_only_power_cards() -> None:
    """Tricks left = Power cards left: every choice plays a Power card (R-49, R-140)."""
    for seed in range(40):
        s = RANKS.new(seed, level=3, version="ptr1")
        rng = random.Random(seed)
        while not RANKS.is_over(s):
            seat = min(RANKS.to_move(s))
            v = RANKS.view(s, seat)
            if s.phase == "play" and v["must_power"]:
                assert all("'power'" in data for _, data in offered(v, seat))
                return
            s = RANKS.apply(s, _saving_power(list(RANKS.legal_moves(s, seat)), rng))
    raise AssertionError("no forced Power play in 40 deals")


def test_a_lead_power_card_locks_its_category() -> None:
    powers = {"P01": {"id": "P01", "base": 30, "category": "size"}}
    d = move_data("lead", "GA", category="statehood", base=1, power="P01", powers=powers)
    assert d == {"card": "GA", "category": "size", "base": 1, "power": "P01"}
    assert move_data("follow", "ME", power="P01") == {
        "card": "ME",
        "power": "P01",
        "change": "category",
    }


# --------------------------------------------------------------------------- the computer


@pytest.mark.parametrize(
    ("slug", "opts"),
    [("play-the-ranks", o) for o in RANKS_OPTS] + [("border-zap", {"level": 3}),
                                                   ("border-zap", {"level": 4})],
)  # fmt: skip
def test_the_computer_finishes_a_game_and_it_replays(slug: str, opts: dict[str, Any]) -> None:
    ranks = slug == "play-the-ranks" and opts["level"] > 2  # Level 2 has one version
    version = (("version", opts.get("version", "ptr1")),) if ranks else ()
    setup = Setup(slug, opts["level"], "bot", "medium", 5, version)
    client = engine(setup, ["You", "The computer"])
    rng = random.Random(2)
    now = 0
    while not client.over:
        now += 1000
        client.advance(now)
        if client.over:
            break
        if 0 in client.view(0)["to_move"]:
            # the person: a random legal move, as JSON through the client
            m = rng.choice(list(client.game.legal_moves(client.state, 0)))
            client.submit(m.to_json(), now)
    bot_moves = [m for m in client.moves if m["seat"] == BOT_SEAT]
    assert bot_moves, "the computer never moved"
    # the computer acts a moment after the move before it, never before
    for i, m in enumerate(client.moves):
        if m["seat"] == BOT_SEAT and i:
            assert m["at"] >= client.moves[i - 1]["at"] + 300
    v = client.view(0)
    assert v["result"]["scoring"] == v["result"]["lines"]
    assert v["result"]["summary"].startswith("Tricks: You ")
    # a save replays to the same game (the computer's choices are seeded by the deal)
    save = decode_save(encode_save(_save(setup, client)))
    assert save is not None
    again = engine(setup, ["You", "The computer"])
    again.replay(save.moves)
    assert again.over and again.state == client.state


def _save(setup: Setup, client: Any) -> Any:
    from cardroom.web.kit.logic import Save, TableClock

    return Save(setup, tuple(client.moves), TableClock(0.0), {})


def test_the_computer_sees_only_its_own_view() -> None:
    """Two worlds that differ only in what the computer cannot see give the same choice."""
    s = RANKS.new(9, level=4, version="ptr2")
    bot = computer("medium")
    for _ in range(6):
        t = min(RANKS.to_move(s))
        s = RANKS.apply(s, list(RANKS.legal_moves(s, t))[0])
    other = RANKS.resample(s, 1, __import__("cardroom.core", fromlist=["Rng"]).Rng(77))
    assert RANKS.view(other, 1) == RANKS.view(s, 1)
    from cardroom.core import bot_context

    if 1 in RANKS.to_move(s):
        a = bot.choose(bot_context(RANKS, s, 1, random.Random(1)))
        b = bot.choose(bot_context(RANKS, other, 1, random.Random(1)))
        assert a == b


# --------------------------------------------------------------------------- words


def test_the_explanation_is_the_rules_line() -> None:
    """Population, base 30: Oklahoma (28) is below the base and loses (the issue's example,
    2020 Census ranks, R-41, R-141)."""
    j = rules.judge("OK", "UT", "population", 30)
    trick = {"lead": 0, "card": "OK", "follow": "UT", "winner": 1, "reason": j.reason,
             "power": None, "fpower": None}  # fmt: skip
    line = trick_line(0, trick, ["You", "The computer"], zap=False)
    assert line == (
        "Trick 1: You led Oklahoma, the computer played Utah. The computer won. "
        "Population, base 30: Oklahoma (28) is below the base and loses."
    )
    z = rules.zaps("UT", "TX")
    ztrick = {"lead": 1, "card": "UT", "follow": "TX", "winner": 0, "reason": z.reason}
    assert trick_line(4, ztrick, ["Team 1", "Team 2"], zap=True).endswith(f"{z.reason}.")


def test_the_announcement() -> None:
    t = {"card": "GA", "category": "statehood", "base": 1, "power": None, "geostar": None}
    assert announcement(t, 2) == "Georgia · Statehood, base 1"
    power = {"id": "P01", "base": 10, "category": "statehood"}
    t4 = {**t, "card": None, "geostar": "Atlanta", "base": 30, "power": power}
    assert announcement(t4, 4) == (
        "GeoStar: Atlanta · Statehood, base 30 (locked by the Power card Base 10 · Statehood)"
    )


@pytest.mark.parametrize("slug", ["play-the-ranks", "border-zap"])
def test_the_public_log_names_no_hidden_card(slug: str) -> None:
    """Discards, secret trades before both chose, and a Level 4 lead's state never reach
    the log both teams read (R-142)."""
    game = RANKS if slug == "play-the-ranks" else ZAP
    opts = {"level": 4, "version": "ptr1"} if slug == "play-the-ranks" else {"level": 4}
    names = {s.code: s.name for s in atlas.states()}
    for seed in range(6):
        s = game.new(seed, **opts)
        rng = random.Random(seed)
        moves: list[dict[str, Any]] = []
        while not game.is_over(s):
            seat = min(game.to_move(s))
            m = rng.choice(list(game.legal_moves(s, seat)))
            s = game.apply(s, m)
            moves.append(m.to_json())
            line = describe_move(moves, len(moves) - 1, game.view(s, REFEREE), ["A", "B"]) or ""
            if m.kind == "discard":
                assert names[m.data] not in line
            if m.kind == "trade" and game.view(s, REFEREE)["committed"] != [False, False]:
                assert names[m.data] not in line  # the first of the two: still secret
            if m.kind == "lead" and slug == "play-the-ranks":
                gs = game.view(s, REFEREE)["tricks"][-1]["geostar"]
                assert names[m.data["card"]] not in line.replace(gs, "")
                assert f"GeoStar: {gs}" in line
            if m.kind == "follow":
                assert line.startswith(f"Trick {len(game.view(s, REFEREE)['tricks'])}:")
        assert "won" in line


def test_result_summary_uses_the_tables_names() -> None:
    s = RANKS.new(3, level=2)
    rng = random.Random(3)
    while not RANKS.is_over(s):
        seat = min(RANKS.to_move(s))
        s = RANKS.apply(s, rng.choice(list(RANKS.legal_moves(s, seat))))
    v = RANKS.view(s, REFEREE)
    text = result_summary(v, ["You", "The computer"])
    assert text.startswith(f"Tricks: You {v['won'][0]}, the computer {v['won'][1]}.")
    assert "Team 1" not in text and "Team 2" not in text


def test_names_inside_a_sentence_are_not_capitalised() -> None:
    """A play-test: "Trick 2: The computer led Rhode Island, You played Kentucky." """
    trick = {"lead": 1, "card": "RI", "follow": "KY", "winner": 1, "reason": "Size, base 50",
             "power": None, "fpower": None}  # fmt: skip
    line = trick_line(1, trick, ["You", "The computer"], zap=False)
    assert line.startswith("Trick 2: The computer led Rhode Island, you played Kentucky. ")
    assert trick_line(1, trick, ["Team 1", "Team 2"], zap=False).startswith(
        "Trick 2: Team 2 led Rhode Island, Team 1 played Kentucky. "
    )
    teams = ["You", "The computer"]
    pulled = {"won": [4, 4], "result": {"why": "4-4 after Team 1 pulled the Power: Team 2 wins"}}
    assert result_summary(pulled, teams) == (
        "Tricks: You 4, the computer 4. 4-4 after you pulled the Power: the computer wins."
    )
    power = {"won": [5, 3], "result": {"why": "Team 1 did not play both Power cards and loses"}}
    assert result_summary(power, teams).endswith(" You did not play both Power cards and lose.")


# --------------------------------------------------------------------------- the table


def test_pass_and_play_keeps_the_team_until_it_is_done() -> None:
    assert seat_to_show([0, 1], None) == 0
    assert seat_to_show([0, 1], 1) == 1  # simultaneous steps: the team shown goes on
    assert seat_to_show([0], 1) == 0  # then the device passes
    assert seat_to_show([], 1) == 1


def test_the_version_option() -> None:
    r = parse_link({"game": "play-the-ranks", "level": "4", "version": "ptr2", "mode": "local"})
    assert not r.problems and r.setup is not None
    assert options_of(r.setup) == {"level": 4, "version": "ptr2"}
    r = parse_link({"game": "play-the-ranks", "level": "3", "mode": "bot"})
    assert r.setup is not None and options_of(r.setup) == {"level": 3, "version": "ptr1"}
    r = parse_link({"game": "play-the-ranks", "level": "2", "mode": "bot"})
    assert r.setup is not None and options_of(r.setup) == {"level": 2}
    r = parse_link({"game": "border-zap", "level": "3", "mode": "bot"})
    assert r.setup is not None and options_of(r.setup) == {"level": 3}
    bad = parse_link({"game": "play-the-ranks", "level": "3", "version": "ptr9", "mode": "bot"})
    assert bad.problems
    assert engine(Setup("play-the-ranks", 4, "local", "medium", 1, (("version", "ptr2"),)))
    client = engine(Setup("play-the-ranks", 4, "local", "medium", 1, (("version", "ptr2"),)))
    assert client.view(0)["version"] == "ptr2" and not client.bots


def test_move_json_shape() -> None:
    m = Move.from_json({"seat": 0, "kind": "lead", "data": move_data("lead", "GA",
                        category="size", base=1)})  # fmt: skip
    assert m.data["card"] == "GA"


# --------------------------------------------------------------------------- the page


@pytest.mark.parametrize(
    ("slug", "opts"),
    [("play-the-ranks", {"level": 4, "version": "ptr1"}),
     ("play-the-ranks", {"level": 3, "version": "ptr2"}), ("border-zap", {"level": 4})],
)  # fmt: skip
def test_a_teams_page_holds_nothing_hidden_of_the_other(slug: str, opts: dict[str, Any]) -> None:
    """The page drawn from a team's view never carries the other team's hidden cards: its
    hand, its discards, its secret trade, a face-down Level 4 lead (R-46, R-143)."""
    game = RANKS if slug == "play-the-ranks" else ZAP
    hidden_leads = 0
    for seed in range(4):
        s = game.new(seed, **opts)
        rng = random.Random(seed)
        draw = TrickDrawing(["Team 1", "Team 2"], slug == "border-zap", True)
        while not game.is_over(s):
            for seat in (0, 1):
                v = game.view(s, seat)
                page = draw.page_html(v, seat, seat in v["to_move"])
                other = 1 - seat
                public = set(v.get("bur") or ()) | {c for f in v.get("faceup") or () for c in f}
                public |= {c for t in v.get("trades") or () for c in t}
                public |= {t[k] for t in v["tricks"] for k in ("card", "follow") if t.get(k)}
                secret = (set(s.hands[other]) | set(s.discards[other])) - public
                if slug == "border-zap" and s.commits[other]:
                    secret.add(s.commits[other])
                for code in secret:
                    assert f'data-card="{code}"' not in page
                    assert f'data-lead-card="{code}"' not in page
                cur = s.current
                if slug == "play-the-ranks" and cur and cur.lead == other and opts["level"] == 4:
                    assert 'data-lead-card=""' in page
                    hidden_leads += 1
            seat = min(game.to_move(s))
            s = game.apply(s, rng.choice(list(game.legal_moves(s, seat))))
    if opts.get("level") == 4 and slug == "play-the-ranks":
        assert hidden_leads > 0


def test_the_play_button_waits_for_a_forced_power_card() -> None:
    """Tricks left = Power cards left: no play until a Power card is picked (R-140)."""
    for seed in range(40):
        s = RANKS.new(seed, level=3, version="ptr1")
        rng = random.Random(seed)
        while not RANKS.is_over(s):
            seat = min(RANKS.to_move(s))
            v = RANKS.view(s, seat)
            if s.phase == "play" and v["must_power"]:
                draw = TrickDrawing(["You", "The computer"], False, False)
                lead = s.current is None
                draw.sel = {"card": v["hand"][0], "category": "size", "base": v["trick_base"]}
                page = draw.page_html(v, seat, True)
                kind = "lead" if lead else "follow"
                assert f'data-kind="{kind}"' in page and "must play a Power card" in page
                button = page.split(f'data-kind="{kind}"')[0].rsplit("<button", 1)[1]
                assert " disabled" in button
                draw.sel["power"] = v["powers"][0]["id"]
                page = draw.page_html(v, seat, True)
                button = page.split(f'data-kind="{kind}"')[0].rsplit("<button", 1)[1]
                assert " disabled" not in button
                return
            s = RANKS.apply(s, _saving_power(list(RANKS.legal_moves(s, seat)), rng))
    raise AssertionError("no forced Power play in 40 deals")


def test_who_leads_trick_one_and_why() -> None:
    s = RANKS.new(4, level=2, pin={"pick": ["DE", "TX"]})
    v = RANKS.view(s, 0)
    assert v["first_lead"] == 0
    assert first_lead_text(v, ["You", "The computer"]) == (
        "You lead trick 1: you picked Delaware (statehood 1), the computer picked Texas "
        "(statehood 28); the earlier state leads."
    )
    carried = ZAP.view(ZAP.new(4, level=3, carry={"winner": 1}), 0)
    assert first_lead_text(carried, ["Team 1", "Team 2"]) == (
        "Team 2 leads trick 1: it won the game before."
    )


def test_a_border_zap_card_lists_its_border_states() -> None:
    """As the printed card does: the border states by name, which is where a team looks
    for a zap (not only how many there are)."""
    by = atlas.by_code()
    draw = TrickDrawing(["You", "The computer"], True, False)
    for s in atlas.states():
        for selectable in (True, False):
            html = draw.card_html(s.code, selectable=selectable, pressed=False)
            for b in s.borders:
                assert by[b].name in html, (s.code, b)
            assert f"{len(s.borders)} border state" in html
    ut = draw.card_html("UT", selectable=False, pressed=False)
    assert all(n in ut for n in ("Idaho", "Wyoming", "Colorado", "New Mexico", "Arizona"))
    assert "0 border states:</span> <span" in draw.card_html("HI", selectable=False, pressed=False)
    # Play the Ranks cards keep their ranks
    ranks = TrickDrawing(["You", "The computer"], False, False)
    assert "Size " in ranks.card_html("UT", selectable=False, pressed=False)


def test_a_grey_lead_button_says_what_it_waits_for() -> None:
    """The play-test: Lead stayed grey with no word of what was missing."""
    s = RANKS.new(4, level=2)
    while s.phase != "play" or s.current is not None:
        seat = min(RANKS.to_move(s))
        s = RANKS.apply(s, list(RANKS.legal_moves(s, seat))[0])
    seat = min(RANKS.to_move(s))
    v = RANKS.view(s, seat)
    draw = TrickDrawing(["Team 1", "Team 2"], False, True)

    def lead_label(sel: dict[str, Any]) -> tuple[str, bool]:
        draw.sel = sel
        page = draw.page_html(v, seat, True)
        button = page.split('data-kind="lead"')[0].rsplit("<button", 1)[1]
        label = page.split('data-kind="lead"')[1].split(">", 1)[1].split("</button>")[0]
        return label, " disabled" in button

    card = v["hand"][0]
    name = atlas.by_code()[card].name
    assert lead_label({}) == ("Lead: pick a card, a category and a base", True)
    assert lead_label({"card": card}) == ("Lead: pick a category and a base", True)
    assert lead_label({"card": card, "base": 50}) == ("Lead: pick a category", True)
    assert lead_label({"card": card, "category": "size", "base": 50}) == (
        f"Lead {name} face-down",
        False,
    )


@pytest.mark.parametrize("version", ["ptr1", "ptr2"])
def test_one_base_from_two_power_cards_is_said_once(version: str) -> None:
    """The play-test: "Bases: 30 or 30 (the lead names one)". Level 3, both turned Power
    cards on one base: it is said once; two bases are still both named."""
    same = differ = 0
    for seed in range(60):
        v = RANKS.view(RANKS.new(seed, level=3, version=version), 0)
        page = TrickDrawing(["Team 1", "Team 2"], False, True).powers_html(v)
        line = page.split('data-bases="1">')[1].split("</li>")[0]
        a, b = (p["base"] for p in v["base_cards"])
        if a == b:
            same += 1
            assert line == f"Base: <strong>{a}</strong> (every trick)", line
        else:
            differ += 1
            how = " then " if version == "ptr1" else " or "
            assert f"<strong>{a}</strong>{how}<strong>{b}</strong>" in line
    assert same and differ

"""Embeds and sharing on CPython: the link parser with ``embed``, the links, the iframe
snippet and the messages to the parent page (R-185..R-187)."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from urllib.parse import parse_qsl, urlsplit

import pytest

from cardroom.web.platform.routes import WEB_GAMES, Setup, parse_link
from cardroom.web.share.logic import (
    EMBED_SIZE,
    MESSAGE_READY,
    MESSAGE_RESULT,
    atlas_link,
    embed_link,
    game_link,
    game_params,
    iframe_snippet,
    is_embed,
    query,
    ready_message,
    ready_setup,
    result_message,
    share_title,
)

BASE = "https://school.example/cardroom/"


# --------------------------------------------------------------------------- parsing


@pytest.mark.parametrize("value", ["1", "true", "YES", " 1 "])
def test_embed_is_parsed_for_games(value: str) -> None:
    route = parse_link({"game": "border-up", "level": "2", "mode": "bot", "embed": value})
    assert route.screen == "game" and route.embed
    assert not route.problems
    assert route.setup == Setup("border-up", 2, "bot", "medium", None, ())
    assert is_embed({"embed": value})


@pytest.mark.parametrize("value", ["0", "", "no", "2"])
def test_embed_off(value: str) -> None:
    assert not parse_link({"game": "border-up", "embed": value}).embed
    assert not is_embed({"embed": value})
    assert not parse_link({"game": "border-up"}).embed


def test_embed_with_everything_a_link_carries() -> None:
    route = parse_link(
        {
            "game": "tri-virsity",
            "mode": "bot",
            "players": "3",
            "variant": "beginner",
            "seed": "99",
            "autostart": "1",
            "embed": "1",
        }
    )
    assert route.embed and route.autostart and route.complete
    assert route.setup is not None and route.setup.seed == 99
    assert route.setup.option("players") == "3" and route.setup.option("variant") == "beginner"


def test_embed_does_not_hide_problems() -> None:
    route = parse_link({"game": "border-up", "level": "9", "embed": "1"})
    assert route.embed and route.problems and not route.autostart


def test_atlas_embed() -> None:
    route = parse_link({"screen": "atlas", "state": "tx", "embed": "1"}, ["TX", "NM"])
    assert route.screen == "atlas" and route.state == "TX" and route.embed
    assert not parse_link({"screen": "atlas"}).embed


def test_home_is_never_embedded_by_accident() -> None:
    assert not parse_link({}).embed


# --------------------------------------------------------------------------- links


def test_game_link_round_trips_through_the_parser() -> None:
    for game in WEB_GAMES.values():
        for mode in game.modes:
            setup = Setup(
                game.slug,
                game.first_level,
                mode,
                game.default_difficulty,
                1234,
                game.default_options(mode),
            )
            for embed in (False, True):
                link = game_link(BASE, setup, embed=embed)
                assert link.startswith(BASE + "?game=" + game.slug)
                params = dict(parse_qsl(urlsplit(link).query))
                route = parse_link(params)
                assert not route.problems, (link, route.problems)
                assert route.setup == setup, link
                assert route.embed is embed
                assert "autostart" not in params  # a shared link opens the setup


def test_game_params_order_and_content() -> None:
    s = Setup("border-up", 3, "local", "hard", 7)
    assert game_params(s) == {
        "game": "border-up",
        "level": "3",
        "mode": "local",
        "difficulty": None,
        "seed": "7",
    }
    assert game_params(s, embed=True)["embed"] == "1"
    assert game_link(BASE, s) == BASE + "?game=border-up&level=3&mode=local&seed=7"
    assert game_link(BASE, s.with_seed(None), embed=True) == (
        BASE + "?game=border-up&level=3&mode=local&embed=1"
    )


def test_query_encodes_like_urlsearchparams() -> None:
    assert query({}) == ""
    assert query({"a": None}) == ""
    assert query({"q": "a b&c=d/é", "x": "1"}) == "?q=a+b%26c%3Dd%2F%C3%A9&x=1"
    assert dict(parse_qsl(query({"q": "a b&c=d/é"})[1:])) == {"q": "a b&c=d/é"}


def test_atlas_and_embed_links() -> None:
    assert atlas_link(BASE) == BASE + "?screen=atlas"
    assert atlas_link(BASE, "VT", embed=True) == BASE + "?screen=atlas&state=VT&embed=1"
    link = BASE + "?game=sequence&players=3"
    assert embed_link(link) == link + "&embed=1"
    assert embed_link(link + "&embed=0") == link + "&embed=1"
    assert embed_link(embed_link(link)) == link + "&embed=1"
    assert embed_link(BASE) == BASE + "?embed=1"


# --------------------------------------------------------------------------- the snippet


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def test_iframe_snippet_is_valid_html_a_teacher_can_paste() -> None:
    setup = Setup("border-up", 2, "bot", "easy", 42)
    src = game_link(BASE, setup, embed=True)
    title = share_title(setup)
    assert title == "cardroom: Border-Up Level 2"
    snippet = iframe_snippet(src, title)
    assert snippet.startswith("<iframe ") and snippet.endswith("></iframe>")
    assert "&amp;embed=1" in snippet and "&embed" not in snippet
    parser = _Tags()
    parser.feed(snippet)
    [(tag, attrs)] = parser.tags
    assert tag == "iframe"
    assert attrs["src"] == src  # the parser unescapes &amp;
    assert (attrs["width"], attrs["height"]) == tuple(map(str, EMBED_SIZE["game"]))
    assert attrs["title"] == title and attrs["allow"] == "fullscreen"


def test_snippet_escapes_quotes() -> None:
    parser = _Tags()
    parser.feed(iframe_snippet('x" onload="alert(1)', 'a "title"', (360, 640)))
    [(_, attrs)] = parser.tags
    assert attrs["src"] == 'x" onload="alert(1)' and "onload" not in attrs
    assert attrs["title"] == 'a "title"' and attrs["width"] == "360"


def test_share_titles() -> None:
    assert share_title(None) == "cardroom: US atlas"
    assert share_title(Setup("sequence", 0, "local", "medium")) == (
        "cardroom: Sequence States & Capitals"
    )


# --------------------------------------------------------------------------- messages


def test_ready_message() -> None:
    setup = Setup("play-the-ranks", 3, "bot", "hard", 5, (("version", "ptr2"),))
    msg = ready_message("game", setup)
    assert msg == {
        "type": MESSAGE_READY,
        "screen": "game",
        "game": "play-the-ranks",
        "level": 3,
        "mode": "bot",
        "difficulty": "hard",
        "seed": 5,
        "options": {"version": "ptr2"},
    }
    assert json.loads(json.dumps(msg)) == msg
    assert ready_message("atlas") == {"type": MESSAGE_READY, "screen": "atlas", "game": None}
    local = ready_message("game", Setup("sequence", 0, "local", "medium"))
    assert local["level"] is None and local["difficulty"] is None and local["seed"] is None


def test_ready_tells_the_seed_the_deal_used() -> None:
    """A link without seed=: once the game is dealt the page's address carries the deal
    number, and cardroom:ready tells it instead of null."""
    linked = parse_link({"game": "border-up", "level": "2", "mode": "bot", "autostart": "1"})
    assert linked.setup is not None and linked.setup.seed is None
    dealt = parse_link({"game": "border-up", "level": "2", "mode": "bot", "seed": "4242"})
    setup = ready_setup(linked.setup, dealt.setup)
    assert ready_message("game", setup)["seed"] == 4242
    # a setup not yet started (no seed on the address either): no deal yet, still None
    assert ready_setup(linked.setup, linked.setup) == linked.setup
    # the address names another game (cannot happen on one page): the link's own
    other = parse_link({"game": "state-iq", "level": "2", "seed": "5"}).setup
    assert ready_setup(linked.setup, other) == linked.setup
    assert ready_setup(None, dealt.setup) is None


def test_result_message() -> None:
    setup = Setup("border-up", 2, "bot", "easy", 42)
    msg = result_message(setup, ["You", "The computer"], [0, 30], 1)
    assert msg == {
        "type": MESSAGE_RESULT,
        "game": "border-up",
        "level": 2,
        "mode": "bot",
        "seed": 42,
        "options": {},
        "teams": ["You", "The computer"],
        "points": [0, 30],
        "winner": 1,
    }
    tie = result_message(setup, ["Team 1", "Team 2"], [5, 5], None)
    assert tie["winner"] is None
    assert json.dumps(tie).endswith('"winner": null}')


def test_result_message_refuses_nonsense() -> None:
    setup = Setup("border-up", 2, "bot", "easy", 42)
    with pytest.raises(ValueError):
        result_message(setup, ["You", "The computer"], [10], 0)
    with pytest.raises(ValueError):
        result_message(setup, ["You", "The computer"], [10, 0], 2)

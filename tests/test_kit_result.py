"""The table kit's result panel (cardroom.web.kit.result), as HTML: read back with the
standard library's parser, not matched as text."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

from cardroom.web.kit.logic import points_table
from cardroom.web.kit.result import points_team_html, result_html


class _Tree(HTMLParser):
    """Elements as (tag, attrs, text inside), in document order."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, Any], list[str]]] = []
        self._open: list[int] = []
        self.feed(html)
        self.close()
        assert not self._open, "unclosed elements"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs), []))
        self._open.append(len(self.elements) - 1)

    def handle_endtag(self, tag: str) -> None:
        index = self._open.pop()
        assert self.elements[index][0] == tag, (self.elements[index][0], tag)

    def handle_data(self, data: str) -> None:
        for index in self._open:
            self.elements[index][2].append(data)

    def find(self, **attrs: str) -> list[tuple[str, dict[str, Any], str]]:
        return [
            (tag, a, "".join(text))
            for tag, a, text in self.elements
            if all(a.get(k.rstrip("_").replace("_", "-")) == v for k, v in attrs.items())
        ]


SCORING = [  # cardroom.scoring's Line.to_json()
    {"team": 0, "label": "GeoPlunge <Iowa & Ohio>", "points": 10},
    {"team": 1, "label": "Cards left", "points": -4},
]


def test_a_teams_points_list_its_lines_total_note_and_hints() -> None:
    rows = points_table(SCORING, [10, -4], ["Ann & Bo", "Computer"])
    html = points_team_html(rows[0], '<p class="note">first out</p>', 2)
    tree = _Tree(html)
    (block,) = tree.find(class_="kit-points-team")
    assert block[1]["data-team"] == "0"
    (heading,) = [e for e in tree.elements if e[0] == "h4"]
    assert "".join(heading[2]) == "Ann & Bo"  # escaped in the HTML, read back as text
    items = ["".join(e[2]) for e in tree.elements if e[0] == "li"]
    assert items == ["GeoPlunge <Iowa & Ohio> +10"]
    assert tree.find(data_points="0")[0][2] == "10"
    assert tree.find(class_="note")[0][2] == "first out"
    assert tree.find(data_hints="0")[0][2] == "2 hints used"
    # a team with no points says so; a negative line keeps its minus sign; no hints line
    # for a computer (None)
    other = _Tree(points_team_html(rows[1]))
    assert ["".join(e[2]) for e in other.elements if e[0] == "li"] == ["Cards left −4"]
    # the total too: the true minus sign, as on the line above it (a play-test)
    assert other.find(data_points="1")[0][2] == "\u22124"
    assert not other.find(class_="kit-hints-used")
    empty = {"team": 1, "name": "B", "lines": [], "total": 0}
    assert ["".join(e[2]) for e in _Tree(points_team_html(empty)).elements if e[0] == "li"] == [
        "No points 0"
    ]


def test_the_result_panel_has_its_headline_actions_points_and_the_games_sections() -> None:
    teams = [points_team_html(r) for r in points_table(SCORING, [10, -4], ["A", "B"])]
    html = result_html(
        headline="Ann <wins>",
        tone="win",
        winner=0,
        summary="All cards & chips played.",
        teams=teams,
        points_rule="10 a GeoPlunge",
        game_html='<section class="game-own">hands</section>',
        side_html='<aside class="game-side">log</aside>',
    )
    tree = _Tree(html)
    (panel,) = tree.find(data_winner="0")
    assert panel[1]["class"] == "kit-result kit-tone-win is-settling"
    title = tree.find(id="kit-result-title")[0]
    assert title[0] == "h2" and title[1]["tabindex"] == "-1" and title[2] == "Ann <wins>"
    (why,) = [text for _, a, text in tree.find() if "data-reason" in a]
    assert why == "All cards & chips played."
    acts = [(a["data-act"], text) for tag, a, text in tree.find() if "data-act" in a]
    assert acts == [
        ("again", "Play again"),
        ("replay", "Replay this deal"),
        ("setup", "Back to setup"),
    ]
    assert [a["data-team"] for _, a, _ in tree.find() if "data-team" in a] == ["0", "1"]
    assert tree.find(class_="kit-points-rule")[0][2] == "10 a GeoPlunge"
    # the game's own section in the main column, its side section beside it
    main = tree.find(class_="kit-result-main")[0][2]
    assert "hands" in main and "log" not in main
    assert tree.find(class_="game-side")[0][2] == "log"
    # a tie
    tie = _Tree(
        result_html(headline="Tie", tone="tie", winner=None, summary="", teams=[], points_rule="")
    )
    assert tie.find(data_winner="tie")

"""Sequence States & Capitals equipment: the 108 cards, the fixed board (each state twice,
copies far apart, the documented layout, R-70), the capitals-only board (R-72) and the
chips (R-71)."""

from __future__ import annotations

from collections import Counter
from itertools import product
from pathlib import Path

from cardroom import atlas
from cardroom.sequence import board as B

ROOT = Path(__file__).resolve().parents[1]


def test_108_cards_100_states_4_add_4_remove():
    deck = Counter(B.DECK)
    assert len(B.DECK) == 108
    assert deck["ADD"] == 4 and deck["REMOVE"] == 4
    states = {c: n for c, n in deck.items() if c not in ("ADD", "REMOVE")}
    assert len(states) == 50 and set(states.values()) == {2}
    assert set(states) == {s.code for s in atlas.states()}


def test_board_is_10_by_10_with_each_state_twice_and_no_free_corners():
    cells = B.board()
    assert len(cells) == 100
    assert Counter(cells) == Counter({s.code: 2 for s in atlas.states()})
    for corner in (0, 9, 90, 99):
        assert cells[corner] in B.CELLS


def test_layout_rule_rows_sorted_by_capital_then_halves_swapped():
    """R-70 as documented: rows 0-4 by capital, rows 5-9 repeat them with halves swapped."""
    by_capital = [s.code for s in sorted(atlas.states(), key=lambda s: s.capital)]
    cells = B.board()
    assert list(cells[:50]) == by_capital
    for row, col in product(range(5), range(10)):
        assert cells[(row + 5) * 10 + (col + 5) % 10] == cells[row * 10 + col]
    assert cells[:5] == ("NY", "MD", "GA", "ME", "TX")  # Albany, Annapolis, Atlanta...
    assert cells[55:60] == ("NY", "MD", "GA", "ME", "TX")


def test_the_two_copies_of_every_state_are_far_apart():
    """Every pair is 5 rows and 5 columns apart: Chebyshev 5, Manhattan 10; no layout can
    do better for every state, since a space next to the centre has nothing farther."""
    distances = {code: B.distance(*B.cells_of(code)) for code in B.CELLS}
    assert set(distances.values()) == {(5, 10)}
    centre = B.space_of(4, 4)
    assert max(B.distance(centre, s)[0] for s in range(100)) == 5
    assert max(B.distance(centre, s)[1] for s in range(100)) == 10
    for code in B.CELLS:
        a, b = B.cells_of(code)
        (ra, ca), (rb, cb) = B.rc(a), B.rc(b)
        assert ra != rb and ca != cb  # never in the same row or column


def test_no_line_of_five_holds_both_copies_of_a_state():
    for w in B.WINDOWS:
        codes = [B.board()[c] for c in w]
        assert len(set(codes)) == 5


def test_windows_are_every_line_of_five():
    # 10 rows x 6 + 10 columns x 6 + 2 diagonal directions x 6 x 6
    assert len(B.WINDOWS) == 60 + 60 + 72 == 192
    assert len(set(B.WINDOWS)) == 192
    for w in B.WINDOWS:
        rcs = [B.rc(c) for c in w]
        drs = {b[0] - a[0] for a, b in zip(rcs, rcs[1:], strict=False)}
        dcs = {b[1] - a[1] for a, b in zip(rcs, rcs[1:], strict=False)}
        assert len(drs) == 1 and len(dcs) == 1 and (drs, dcs) != ({0}, {0})
    assert sorted(len(B.WINDOWS_AT[s]) for s in (0, 44))[0] == 3  # a corner: 3 lines
    assert len(B.WINDOWS_AT[44]) == 20  # a central space: 5 windows in each of 4 directions


def test_board_json_shows_name_and_capital_or_capital_only():
    states = B.board_json("states")
    capitals = B.board_json("capitals")
    assert len(states) == len(capitals) == 100
    tx = next(s for s in states if s["code"] == "TX")
    assert tx["name"] == "Texas" and tx["capital"] == "Austin" and tx["colour"] == "green"
    assert all(s["name"] is None for s in capitals)
    assert [s["capital"] for s in capitals] == [s["capital"] for s in states]


def test_three_chip_colours_each_with_its_own_mark():
    assert len(B.CHIPS) == 3
    assert len({c["colour"] for c in B.CHIPS}) == 3
    assert len({c["fill"] for c in B.CHIPS}) == 3
    assert len({c["mark"] for c in B.CHIPS}) == 3


def test_the_documented_layout_is_the_board():
    """docs/sequence.md prints the board; it must be the engine's."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "sequence.md").read_text("utf-8")
    rows = {}
    for line in doc.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 11 and cells[0].isdigit():
            rows[int(cells[0])] = [c.split()[0] for c in cells[1:]]
    assert sorted(rows) == list(range(10))
    assert tuple(code for r in range(10) for code in rows[r]) == B.board()


def test_build_time_drawings_of_board_cards_and_chips():
    import xml.dom.minidom

    from sitebuild import sequence_board as draw

    states, capitals = draw.board_svg("states"), draw.board_svg("capitals")
    for svg in (states, capitals):
        doc = xml.dom.minidom.parseString(svg)
        spaces = [g for g in doc.getElementsByTagName("g") if g.getAttribute("data-space")]
        assert [int(g.getAttribute("data-space")) for g in spaces] == list(range(100))
        assert [g.getAttribute("data-state") for g in spaces] == list(B.board())
        assert len(doc.getElementsByTagName("symbol")) == 50  # each shape defined once
        assert len(doc.getElementsByTagName("use")) == 100
    assert "Texas" in states and "Austin" in states
    assert "Texas" not in capitals and "Austin" in capitals
    tx = draw.card_svg("TX")
    assert "Texas" in tx and "Austin" not in tx and 'data-card="TX"' in tx
    assert "ADD" in draw.card_svg("ADD") and "REMOVE" in draw.card_svg("REMOVE")
    marks = [xml.dom.minidom.parseString(draw.chip_svg(t)).documentElement for t in range(3)]
    assert [m.getAttribute("data-mark") for m in marks] == ["circle", "triangle", "cross"]


def test_the_equipment_file_defines_each_shape_once_for_the_boards_and_cards():
    """sequence.html sends each state's shape once, in the ``seq-defs`` template the screen
    puts in the page with the board; every shape and chip that a board or card places is
    defined there, and nothing else defines one."""
    import re
    import xml.dom.minidom

    from sitebuild import sequence_board as draw

    html = draw.equipment_html()
    templates = dict(re.findall(r'<template id="([^"]+)">(.*?)</template>', html, flags=re.S))
    codes = sorted(s.code for s in atlas.states())
    assert set(templates) == {
        "seq-board-states",
        "seq-board-capitals",
        "seq-defs",
        *(f"seq-card-{c}" for c in (*codes, B.ADD, B.REMOVE)),
    }
    defs = xml.dom.minidom.parseString(templates["seq-defs"])
    defined = [s.getAttribute("id") for s in defs.getElementsByTagName("symbol")]
    assert sorted(defined) == sorted(
        [f"seq-shape-{c}" for c in codes] + [f"seq-chip-{t}" for t in range(3)]
    )
    assert html.count("<symbol") == len(defined)  # no board or card defines its own
    placed = set()
    for svg in templates.values():
        doc = xml.dom.minidom.parseString(svg)
        for use in doc.getElementsByTagName("use"):
            placed.add((use.getAttribute("xlink:href") or use.getAttribute("href")).lstrip("#"))
    assert {f"seq-shape-{c}" for c in codes} <= placed
    assert placed <= set(defined), placed


def test_board_text_is_12px_on_tablets_and_fits_its_space():
    """Issue #41 item 3: at the smallest board a tablet or laptop shows (the board's side
    is the screen's height less 4.6rem: 694 px at 768 px tall), every name and capital is
    at least 12 px, and every line fits its space: no wider than the space (condensed at
    most to ``SQUEEZE`` of its width, by ``textLength``), baselines inside the border."""
    import xml.dom.minidom

    from sitebuild import sequence_board as draw

    scale = (768 - 4.6 * 16) / (10 * draw.CELL)  # px per board unit at 1024x768, 1366x768
    for kind in ("states", "capitals"):
        doc = xml.dom.minidom.parseString(draw.board_svg(kind))
        for g in doc.getElementsByTagName("g"):
            if not g.getAttribute("data-space"):
                continue
            x0 = float(g.getElementsByTagName("rect")[0].getAttribute("x"))
            y0 = float(g.getElementsByTagName("rect")[0].getAttribute("y"))
            texts = g.getElementsByTagName("text")
            assert 1 <= len(texts) <= draw.MAX_LINES
            shown = " ".join(t.firstChild.data for t in texts).replace("- ", "")
            name, capital = g.getAttribute("aria-label").partition(", ")[::2]
            assert shown == (f"{name} {capital}" if kind == "states" else name), shown
            for t in texts:
                size = float(t.getAttribute("font-size"))
                assert size * scale >= 12, (kind, t.firstChild.data, size * scale)
                weight = "bold" if t.getAttribute("font-weight") == "bold" else "normal"
                natural = draw.text_width(t.firstChild.data, size, weight)
                shown_w = float(t.getAttribute("textLength") or natural)
                assert shown_w <= draw.TEXT_WIDTH + 0.01, (t.firstChild.data, shown_w)
                assert shown_w >= natural * draw.SQUEEZE - 0.01, (t.firstChild.data, natural)
                base = float(t.getAttribute("y")) - y0
                assert base - size * draw.ASCENT >= 2 and base + size * draw.DESCENT <= 94
                assert float(t.getAttribute("x")) - x0 == draw.CELL / 2 - draw.GAP / 2
    # long names go on two lines (at a space or a syllable), never run on
    lines = [t for _, t, _, _ in draw.tile_lines("Massachusetts", "Boston")]
    assert lines == ["Massa-", "chusetts", "Boston"]
    assert [t for _, t, _, _ in draw.tile_lines("Missouri", "Jefferson City")][1:] == [
        "Jefferson",
        "City",
    ]


def test_hand_card_names_are_12px_on_tablets_and_fit_the_card():
    """Issue #41 (card text): a hand card's name is 12 px or more on the narrowest card a
    tablet or laptop shows (``CARD_MIN_PX``, no wider than every ``--seq-card-w`` of
    sequence.css), and every line fits the card: no wider than it (condensed at most to
    ``SQUEEZE``), a drawn hyphen included; baselines inside its border, the shape above the
    name. The card's text content is the name itself (a hyphen is drawn, not written), so
    the button's visible text is the name its label begins with (WCAG 2.5.3)."""
    import re
    import xml.dom.minidom

    from sitebuild import sequence_board as draw

    css = (ROOT / "web" / "sequence.css").read_text("utf-8")
    widths = re.findall(r"--seq-card-w:\s*(?:clamp\()?([\d.]+)rem", css)
    assert widths and min(float(w) * 16 for w in widths) >= draw.CARD_MIN_PX, widths
    scale = draw.CARD_MIN_PX / draw.CARD_W  # px per card unit
    left, right = (draw.CARD_W - draw.CARD_TEXT_WIDTH) / 2, (draw.CARD_W + draw.CARD_TEXT_WIDTH) / 2
    for card in (*(s.code for s in atlas.states()), B.ADD, B.REMOVE):
        root = xml.dom.minidom.parseString(draw.card_svg(card)).documentElement
        words = [t for t in root.getElementsByTagName("text") if t.firstChild.data not in "+\u2212"]
        assert 1 <= len(words) <= draw.CARD_MAX_LINES, card
        content = "".join(
            n.data if n.nodeType == n.TEXT_NODE else n.firstChild.data
            for n in root.childNodes
            if n.nodeType == n.TEXT_NODE or n in words
        )
        name = card if card in (B.ADD, B.REMOVE) else atlas.by_code()[card].name
        assert content == name, (card, content)
        hyphens = [r for r in root.getElementsByTagName("rect") if r.getAttribute("class")]
        for t in words:
            size = float(t.getAttribute("font-size"))
            assert size * scale >= 12, (card, t.firstChild.data, size * scale)
            natural = draw.text_width(t.firstChild.data, size, "bold")
            shown_w = float(t.getAttribute("textLength") or natural)
            x, base = float(t.getAttribute("x")), float(t.getAttribute("y"))
            assert x - shown_w / 2 >= left - 0.01, (card, t.firstChild.data)
            assert x + shown_w / 2 <= right + 0.01, (card, t.firstChild.data)
            assert shown_w >= natural * draw.SQUEEZE - 0.01, (card, t.firstChild.data)
            assert base - size * draw.ASCENT >= 4 and base + size * draw.DESCENT <= draw.CARD_H - 3
            for r in hyphens:
                if abs(float(r.getAttribute("y")) - (base - 0.36 * size)) < 0.1:
                    assert x + shown_w / 2 < float(r.getAttribute("x"))
                    assert float(r.getAttribute("x")) + float(r.getAttribute("width")) <= right
        for use in root.getElementsByTagName("use"):
            top = min(float(t.getAttribute("y")) - size * draw.ASCENT for t in words)
            assert float(use.getAttribute("y")) + float(use.getAttribute("height")) <= top, card
        shown = [t for t, _, _ in draw.card_lines(name)] if card not in (B.ADD, B.REMOVE) else []
        assert len(hyphens) == sum(t.endswith("-") for t in shown), card
    assert [t for t, _, _ in draw.card_lines("New Hampshire")] == ["New", "Hamp-", "shire"]
    assert [t for t, _, _ in draw.card_lines("North Carolina")] == ["North", "Carolina"]
    assert [t for t, _, _ in draw.card_lines("Texas")] == ["Texas"]

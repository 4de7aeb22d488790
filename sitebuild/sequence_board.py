"""Sequence States & Capitals equipment drawn at build time with svgwrite (pure functions
returning SVG text), written into the site as ``sequence.html`` (:func:`write_equipment`).

* :func:`board_svg` -- the fixed 10x10 board (R-70): each space shows the state's shape,
  its colour (the card's time-zone colour), its name and its capital; ``kind="capitals"``
  draws the capitals-only board (R-72), with no state names.
* :func:`card_svg` -- a card: a state card shows the shape, colour and name (never the
  capital); ADD and REMOVE cards.
* :func:`chip_svg` -- a team's chip: its colour and its mark (R-71).

Each state shape is defined once as a ``<symbol>`` and placed with ``<use>``. Spaces carry
``data-space`` (0-99) and ``data-state`` (the postal code), cards ``data-card``.

:func:`equipment_html` puts them in ``<template>`` elements for the game's screen: the two
boards and every card face, all drawn without their shapes, and one hidden SVG of
definitions (:func:`defs_svg`: the 50 shapes and the three chips as ``<symbol>``), which the
screen puts in the page with the board, so each shape is sent and defined once. The file
has a fixed name; the service worker's precache entry carries its revision, so an update is
never served stale.
"""

from __future__ import annotations

import json
from functools import cache
from html import escape
from itertools import combinations
from pathlib import Path

from cardroom import atlas
from cardroom.sequence.board import ADD, CHIPS, REMOVE, board_json

from .common import NODE, log
from .geometry import decode_arcs, geometry_polygons, path_data

__all__ = [
    "EQUIPMENT",
    "board_svg",
    "card_lines",
    "card_svg",
    "chip_svg",
    "equipment_html",
    "state_shapes",
    "text_width",
    "tile_lines",
    "write_equipment",
]

#: The equipment file's name in the site (the screen fetches it).
EQUIPMENT = "sequence.html"

CELL = 100  # board units per space
GAP = 4


@cache
def state_shapes() -> dict[str, tuple[str, tuple[float, float, float, float]]]:
    """Postal code -> (SVG path data, bounding box (x, y, w, h)) from the map geometry."""
    topo = json.loads((NODE / "us-atlas" / "states-albers-10m.json").read_text("utf-8"))
    arcs = decode_arcs(topo)
    by_fips = {s.fips: s.code for s in atlas.states()}
    out = {}
    for g in topo["objects"]["states"]["geometries"]:
        code = by_fips.get(g["id"])
        if code is None:
            continue
        polys = geometry_polygons(g, arcs)
        xs = [x for poly in polys for ring in poly for x, _ in ring]
        ys = [y for poly in polys for ring in poly for _, y in ring]
        box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        out[code] = (path_data(polys), box)
    return out


def _symbols(dwg, codes) -> None:
    for code in sorted(set(codes)):
        d, (x, y, w, h) = state_shapes()[code]
        pad = max(w, h) * 0.04
        sym = dwg.symbol(id=f"seq-shape-{code}")
        sym.viewbox(
            round(x - pad, 1), round(y - pad, 1), round(w + 2 * pad, 1), round(h + 2 * pad, 1)
        )
        sym.add(dwg.path(d=d, **{"class": "seq-shape"}))
        dwg.defs.add(sym)


# ---------------------------------------------------------------- text on the spaces
# Board text is sized for the smallest board a tablet or laptop shows (about 690 px for
# 1000 units at 1024x768 and 1366x768): 18 units is 12.5 px there (issue #41). A name or
# capital that does not fit a space's width goes on two lines (at a space, or hyphenated
# at a syllable) and a line a little too wide is condensed with ``textLength``. Widths are
# estimated with DejaVu Sans, one of the widest system fonts (the Linux system-ui), so the
# estimate is on the safe side wherever the board is shown.

#: class -> (font size in board units, weight)
TEXT = {"seq-name": (18, "bold"), "seq-cap": (18, "normal"), "seq-cap-only": (21, "normal")}
TEXT_WIDTH = 86  # the width a line may take (the space is 92 wide inside its border)
ASCENT, DESCENT = 0.93, 0.24  # DejaVu Sans, in em
LEAD = 1.02  # baseline to baseline, in em
LAST_BASE = 90  # the bottom line's baseline
SHAPE_TOP = 7
MAX_LINES = 3  # name and capital together
SQUEEZE = 0.78  # a line may be condensed to this share of its width, no further

_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ .-'"
_EM = {
    "normal": (
        "61 63 55 63 62 35 63 63 28 28 58 28 97 63 61 63 63 41 52 39 63 59 82 59 59 52 "
        "68 69 70 77 63 58 77 75 29 29 66 56 86 75 79 60 79 69 63 61 73 68 99 69 61 69 "
        "32 32 36 27"
    ),
    "bold": (
        "67 72 59 72 68 44 72 71 34 34 67 34 104 71 69 72 72 49 60 48 71 65 92 65 65 58 "
        "77 76 73 83 68 68 82 84 37 37 77 64 100 84 85 73 85 77 72 68 81 77 110 77 72 73 "
        "35 38 42 31"
    ),
}
_WIDTHS = {
    w: dict(zip(_CHARS, (int(n) / 100 for n in t.split()), strict=True)) for w, t in _EM.items()
}

#: Syllable breaks (·) for the words that may be hyphenated at the end of a line.
_SYLLABLE_WORDS = (
    "Mas·sa·chu·setts Penn·syl·va·nia Con·nect·i·cut Mis·sis·sip·pi Cal·i·for·nia "
    "Wash·ing·ton Ten·nes·see Wis·con·sin Min·ne·so·ta Lou·i·si·ana Sac·ra·men·to "
    "Spring·field In·di·a·nap·o·lis Charles·ton Prov·i·dence Har·ris·burg "
    "Mont·gom·er·y Tal·la·has·see Mont·pe·lier An·nap·o·lis Frank·fort Nash·ville "
    "Hon·o·lu·lu Hamp·shire Car·o·li·na Vir·gin·ia Da·ko·ta Jef·fer·son Okla·ho·ma "
    "Ar·kan·sas Col·o·ra·do Ken·tuck·y Mar·y·land Mich·i·gan Mis·sou·ri Ne·bras·ka "
    "Il·li·nois Del·a·ware Ver·mont Ore·gon Ne·va·da Ar·i·zo·na Ala·ba·ma Geor·gia "
    "Flor·i·da In·di·ana Wy·o·ming Ida·ho Mon·ta·na Kan·sas Co·lum·bia "
    "Co·lum·bus Bis·marck Rich·mond Lan·sing Lin·coln Mad·i·son Ra·leigh Chey·enne "
    "Sa·lem Tren·ton Ju·neau Au·gus·ta Hart·ford Con·cord Lit·tle Phoe·nix Ol·ym·pia"
)
SYLLABLES = {w.replace("·", ""): w for w in _SYLLABLE_WORDS.split()}


def text_width(text: str, size: float, weight: str = "normal") -> float:
    """The width of ``text`` in board units (DejaVu Sans; unknown characters as 'm')."""
    widths = _WIDTHS[weight]
    return sum(widths.get(c, widths["m"]) for c in text) * size


def _splits(text: str) -> list[list[str]]:
    """``text`` on one line, or on two: at a space, or at a syllable with a hyphen."""
    out = [[text]]
    words = text.split(" ")
    for i in range(1, len(words)):
        out.append([" ".join(words[:i]), " ".join(words[i:])])
    for i, word in enumerate(words):
        parts = SYLLABLES.get(word, word).split("·")
        for k in range(1, len(parts)):
            head = " ".join([*words[:i], "".join(parts[:k])]) + "-"
            tail = " ".join(["".join(parts[k:]), *words[i + 1 :]])
            out.append([head, tail])
    return out


def _fit(text: str, cls: str) -> tuple[float, float | None]:
    """(the share of its width a line keeps, its ``textLength`` or None)."""
    size, weight = TEXT[cls]
    width = text_width(text, size, weight)
    if width <= TEXT_WIDTH:
        return 1.0, None
    return TEXT_WIDTH / width, float(TEXT_WIDTH)


@cache
def tile_lines(name: str, capital: str) -> list[tuple[str, str, float, float | None]]:
    """A space's text lines: (class, text, baseline y in the space, textLength or None),
    the name's lines (if any) above the capital's. Of the ways to break them in at most
    three lines: none condensed below :data:`SQUEEZE` if it can be helped, then the fewest
    hyphens, then the fewest lines, then the least condensed (a line condensed a little
    reads better than a word broken)."""
    cap_cls = "seq-cap" if name else "seq-cap-only"
    options = []
    for names in _splits(name) if name else [[]]:
        for caps in _splits(capital):
            if len(names) + len(caps) > MAX_LINES:
                continue
            rows = [("seq-name", t) for t in names] + [(cap_cls, t) for t in caps]
            keep = min(_fit(t, c)[0] for c, t in rows)
            hyphens = sum(t.endswith("-") for _, t in rows)
            options.append((-min(keep, SQUEEZE), hyphens, len(rows), -keep, rows))
    *_, rows = min(options)
    out = []
    base = float(LAST_BASE)
    for cls, text in reversed(rows):
        out.append((cls, text, round(base, 1), _fit(text, cls)[1]))
        base -= TEXT[cls][0] * LEAD
    return out[::-1]


def board_svg(kind: str = "states", symbols: bool = True) -> str:
    """The whole board as one SVG (``kind``: ``"states"`` or ``"capitals"``).
    ``symbols=False`` leaves out the shapes' ``<symbol>`` (:func:`defs_svg` has them)."""
    import svgwrite  # build time only

    spaces = board_json(kind)
    size = 10 * CELL
    dwg = svgwrite.Drawing(
        size=None, viewBox=f"0 0 {size} {size}", profile="full", debug=False, id="seq-board"
    )
    label = "capitals only" if kind == "capitals" else "states and capitals"
    dwg.attribs.update(
        {"class": f"seq-board seq-{kind}", "role": "group", "aria-label": f"Board, {label}"}
    )
    if symbols:
        _symbols(dwg, (s["code"] for s in spaces))
    for s in spaces:
        x, y = s["col"] * CELL, s["row"] * CELL
        g = dwg.g(
            **{
                "class": f"seq-space zone-{s['colour']}",
                "data-space": str(s["space"]),
                "data-state": s["code"],
                "aria-label": s["name"] + ", " + s["capital"] if s["name"] else s["capital"],
            }
        )
        g.add(
            dwg.rect(
                insert=(x + GAP / 2, y + GAP / 2),
                size=(CELL - GAP, CELL - GAP),
                rx=6,
                fill="white",
                stroke=s["colour"],
                **{"stroke-width": 4},
            )
        )
        lines = tile_lines(s["name"], s["capital"])
        first = min(base - TEXT[cls][0] * ASCENT for cls, _, base, _ in lines)
        g.add(
            dwg.use(
                f"#seq-shape-{s['code']}",
                insert=(x + 14, y + SHAPE_TOP),
                size=(CELL - 28, max(20.0, first - SHAPE_TOP - 2)),
                fill=s["colour"],
            )
        )
        for cls, text, base, fit in lines:
            size, weight = TEXT[cls]
            extra = {"textLength": round(fit, 1), "lengthAdjust": "spacingAndGlyphs"} if fit else {}
            g.add(
                dwg.text(
                    text,
                    insert=(x + CELL / 2, y + base),
                    **{
                        "class": cls,
                        "text-anchor": "middle",
                        "font-size": size,
                        "font-weight": weight,
                        **extra,
                    },
                )
            )
        dwg.add(g)
    return dwg.tostring()


# ---------------------------------------------------------------- text on the cards
# A hand card's name is 12 px or more wherever the hand is shown on a tablet or laptop
# (issue #41): CARD_NAME units on a card 63 units wide, and the hand's cards are at least
# CARD_MIN_PX wide there (``sequence.css``: 3.5rem on a portrait tablet, more elsewhere). A
# name that does not fit the card's width goes on two lines (three for New Hampshire), at a
# space or hyphenated at a syllable, as on the board.

CARD_W, CARD_H = 63, 88
CARD_NAME = 14  # the name's font size in card units (bold)
CARD_TEXT_WIDTH = 55  # the width a line may take (the card is 57 wide inside its border)
CARD_LAST_BASE = 81  # the bottom line's baseline
CARD_MAX_LINES = 3
CARD_MIN_PX = 56  # the narrowest hand card on a tablet or laptop, in CSS px


def _breaks(text: str, max_lines: int) -> list[list[str]]:
    """Every way to set ``text`` in at most ``max_lines`` lines: broken at spaces, or at a
    syllable (:data:`SYLLABLES`) with a hyphen."""
    pieces: list[str] = []
    joins: list[str] = []  # between piece i and i + 1: " " (a space) or "-" (a syllable)
    for word in text.split(" "):
        for k, part in enumerate(SYLLABLES.get(word, word).split("·")):
            if pieces:
                joins.append("-" if k else " ")
            pieces.append(part)
    out = []
    for n in range(min(max_lines, len(pieces))):
        for cuts in combinations(range(len(joins)), n):
            lines, line = [], pieces[0]
            for i, join in enumerate(joins):
                if i in cuts:
                    lines.append(line + ("-" if join == "-" else ""))
                    line = pieces[i + 1]
                else:
                    line += (" " if join == " " else "") + pieces[i + 1]
            out.append([*lines, line])
    return out


@cache
def card_lines(name: str) -> list[tuple[str, float, float | None]]:
    """A state card's name lines: (text, baseline y, textLength or None). Of the ways to
    break it in at most :data:`CARD_MAX_LINES` lines: none condensed below
    :data:`SQUEEZE` if it can be helped, then the fewest hyphens, the fewest lines, the
    least condensed, and the most even (the longest line the shortest)."""
    options = []
    for lines in _breaks(name, CARD_MAX_LINES):
        widths = [text_width(t, CARD_NAME, "bold") for t in lines]
        keep = min(min(1.0, CARD_TEXT_WIDTH / w) for w in widths)
        hyphens = sum(t.endswith("-") for t in lines)
        options.append((-min(keep, SQUEEZE), hyphens, len(lines), -keep, max(widths), lines))
    *_, lines = min(options)
    out = []
    for i, text in enumerate(lines):
        base = CARD_LAST_BASE - (len(lines) - 1 - i) * CARD_NAME * LEAD
        fit = text_width(text, CARD_NAME, "bold")
        out.append(
            (text, round(base, 1), float(CARD_TEXT_WIDTH) if fit > CARD_TEXT_WIDTH else None)
        )
    return out


def card_svg(card: str, symbols: bool = True) -> str:
    """One card: a state card (shape, colour, name) or ADD / REMOVE. ``symbols=False``
    leaves out the shape's ``<symbol>`` (:func:`defs_svg` has it)."""
    import svgwrite  # build time only

    w, h = CARD_W, CARD_H
    dwg = svgwrite.Drawing(size=None, viewBox=f"0 0 {w} {h}", profile="full", debug=False)
    dwg.attribs.update({"class": "seq-card", "data-card": card, "role": "img"})
    if card in (ADD, REMOVE):
        dwg.attribs["aria-label"] = f"{card} card"
        colour = "#0072B2" if card == ADD else "#D55E00"
        dwg.add(dwg.rect(insert=(1, 1), size=(w - 2, h - 2), rx=4, fill="white", stroke=colour,
                         **{"stroke-width": 3}))  # fmt: skip
        sign = "+" if card == ADD else "\u2212"
        dwg.add(dwg.text(sign, insert=(w / 2, 50), fill=colour, **{"text-anchor": "middle",
                                                                  "font-size": 44}))  # fmt: skip
        fit = text_width(card, CARD_NAME, "bold")
        squeeze = (
            {"textLength": CARD_TEXT_WIDTH, "lengthAdjust": "spacingAndGlyphs"}
            if fit > CARD_TEXT_WIDTH
            else {}
        )
        dwg.add(dwg.text(card, insert=(w / 2, CARD_LAST_BASE), **{"text-anchor": "middle",
                         "font-size": CARD_NAME, "font-weight": "bold", **squeeze}))  # fmt: skip
        return dwg.tostring()
    s = atlas.by_code()[card]
    dwg.attribs["aria-label"] = f"{s.name} card"
    if symbols:
        _symbols(dwg, [card])
    dwg.add(dwg.rect(insert=(1, 1), size=(w - 2, h - 2), rx=4, fill="white", stroke=s.colour,
                     **{"stroke-width": 3}))  # fmt: skip
    lines = card_lines(s.name)
    top = lines[0][1] - CARD_NAME * ASCENT  # the first line's top
    shape_h = min(50.0, top - 3 - 6)
    dwg.add(dwg.use(f"#seq-shape-{card}", insert=(8, 6), size=(w - 16, shape_h), fill=s.colour))
    return dwg.tostring().replace("</svg>", _card_name_svg(lines) + "</svg>")


def _card_name_svg(lines: list[tuple[str, float, float | None]]) -> str:
    """The name's lines as SVG text whose text content is the name itself: a hyphen at a
    line's end is drawn (a bar after the line, whose width ``textLength`` fixes), not
    written, and lines broken at a space have a space between their elements (not
    drawn), so the card button's visible text is the name its label begins with (WCAG
    2.5.3, axe's label-content-name-mismatch)."""
    out = []
    em = CARD_NAME
    for i, (text, base, _fit) in enumerate(lines):
        if i and not lines[i - 1][0].endswith("-"):
            out.append(" ")  # between two words: in the text content, not drawn
        word = text.removesuffix("-")
        natural = text_width(text, em, "bold")
        scale = min(1.0, CARD_TEXT_WIDTH / natural)
        size = f'font-size="{em}" font-weight="bold" text-anchor="middle"'
        if word == text:
            fit = f' textLength="{CARD_TEXT_WIDTH}" lengthAdjust="spacingAndGlyphs"'
            out.append(
                f'<text x="{CARD_W / 2}" y="{base}" {size}{fit if scale < 1 else ""}>'
                f"{escape(word)}</text>"
            )
            continue
        length = round(text_width(word, em, "bold") * scale, 1)
        room = natural * scale - length  # the hyphen's advance
        left = CARD_W / 2 - (length + room) / 2
        adjust = "spacingAndGlyphs" if scale < 1 else "spacing"
        out.append(
            f'<text x="{round(left + length / 2, 2)}" y="{base}" {size} '
            f'textLength="{length}" lengthAdjust="{adjust}">{escape(word)}</text>'
            f'<rect class="seq-hyphen" x="{round(left + length + 0.06 * em * scale, 2)}" '
            f'y="{round(base - 0.36 * em, 2)}" width="{round(0.3 * em * scale, 2)}" '
            f'height="{round(0.12 * em, 2)}" fill="#1d2433"/>'
        )
    return "".join(out)


def chip_svg(team: int) -> str:
    """A team's chip: colour fill with a white mark (circle, triangle or cross)."""
    import svgwrite  # build time only

    style = CHIPS[team]
    dwg = svgwrite.Drawing(size=None, viewBox="0 0 40 40", profile="full", debug=False)
    dwg.attribs.update(
        {
            "class": f"seq-chip seq-chip-{style['colour']}",
            "role": "img",
            "aria-label": f"{style['colour']} chip, {style['mark']}",
            "data-mark": style["mark"],
        }
    )
    _chip_marks(dwg, dwg, team)
    return dwg.tostring()


def _chip_marks(dwg, parent, team: int) -> None:
    style = CHIPS[team]
    parent.add(dwg.circle(center=(20, 20), r=19, fill=style["fill"], stroke="black"))
    white = {"fill": "none", "stroke": "white", "stroke-width": 3}
    if style["mark"] == "circle":
        parent.add(dwg.circle(center=(20, 20), r=8, **white))
    elif style["mark"] == "triangle":
        parent.add(dwg.polygon([(20, 9), (30, 27), (10, 27)], **white))
    else:
        parent.add(dwg.line((12, 12), (28, 28), **white))
        parent.add(dwg.line((28, 12), (12, 28), **white))


def defs_svg() -> str:
    """A hidden SVG of the definitions the boards and cards use: the three chips as
    ``<symbol id="seq-chip-N">`` (N = team) and the 50 state shapes as
    ``<symbol id="seq-shape-XX">``."""
    import svgwrite  # build time only

    dwg = svgwrite.Drawing(size=None, profile="full", debug=False)
    dwg.attribs.update({"class": "seq-defs", "aria-hidden": "true", "width": 0, "height": 0})
    _symbols(dwg, (s.code for s in atlas.states()))
    for team in range(len(CHIPS)):
        sym = dwg.symbol(id=f"seq-chip-{team}")
        sym.viewbox(0, 0, 40, 40)
        _chip_marks(dwg, sym, team)
        dwg.defs.add(sym)
    return dwg.tostring()


def equipment_html() -> str:
    """The screen's equipment as ``<template>`` elements: ``seq-board-states``,
    ``seq-board-capitals``, ``seq-card-<CARD>`` (the 50 states, ADD, REMOVE) and
    ``seq-defs`` (the shapes and chips they use)."""
    parts = [
        f'<template id="seq-board-{kind}">{board_svg(kind, symbols=False)}</template>'
        for kind in ("states", "capitals")
    ]
    codes = sorted(s.code for s in atlas.states())
    parts += [
        f'<template id="seq-card-{c}">{card_svg(c, symbols=False)}</template>'
        for c in (*codes, ADD, REMOVE)
    ]
    parts.append(f'<template id="seq-defs">{defs_svg()}</template>')
    return "".join(parts)


def write_equipment(out: Path, quiet: bool = False) -> str:
    """Write ``sequence.html`` into the site ``out``; return its name."""
    data = equipment_html().encode("utf-8")
    (out / EQUIPMENT).write_bytes(data)
    log(f"  {EQUIPMENT}: {len(data):,} bytes (Sequence boards, cards, chips)", quiet)
    return EQUIPMENT

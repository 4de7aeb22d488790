"""Printable sheets of every GeoPlunge deck (build time only; pure functions to text).

Each ``*_sheet(paper)`` returns a complete HTML page that a classroom prints to make a
physical set: nine cards a page (63 x 88 mm, a 3 x 3 grid with dashed cut lines), each
page of fronts followed by its page of backs, mirrored left to right so that a
double-sided print (flip on the long edge) puts every back behind its front. ``paper`` is
``"letter"`` or ``"a4"``; the grid fits both with margins to spare. Sheets:

* :func:`geoplunge_sheet` -- the 50 GeoPlunge cards, every field a card prints;
* :func:`map_sheet` -- the 50 Map cards: the US map (Alaska and Hawaii included) with one
  state in red and no labels, drawn with svgwrite from the site map's geometry
  (``us-atlas``), each state shape carrying its geometry id (``data-fips``);
* :func:`power_sheet` -- the 15 Power cards (base, category, A/B/C order, version,
  Star Area, colour circles, red or blue square);
* :func:`clue_sheet` -- the 45 Clue cards;
* :func:`challenge_sheet` -- the 63 Challenge cards: five colour-coded questions on the
  front, their answers on the back (behind the same card);
* :func:`answer_key_sheet` -- the answer key: postal codes on the map, and a list;
* :func:`cutout_sheet` -- the cut-out card that shows a flag alone.

:func:`map_card_svg` draws one Map card; :func:`sheets` gives every sheet by name.
"""

from __future__ import annotations

import json
from functools import cache
from html import escape
from typing import Any

from cardroom import atlas
from cardroom.geoplunge import challenge, decks

from .common import NODE
from .geometry import decode_arcs, geometry_polygons, label_point, path_data

__all__ = [
    "PAPERS",
    "answer_key_sheet",
    "challenge_sheet",
    "clue_sheet",
    "cutout_sheet",
    "geoplunge_sheet",
    "map_card_svg",
    "map_sheet",
    "page",
    "power_sheet",
    "sheets",
]

#: Paper sizes the sheets are laid out for (CSS @page size).
PAPERS = {"letter": "8.5in 11in", "a4": "210mm 297mm"}
PER_PAGE = 9
CARD_W_MM = 63
CARD_H_MM = 88

ZONE_COLOURS = {
    "Eastern": "#c62828",
    "Central": "#2e7d32",
    "Mountain": "#1565c0",
    "Pacific": "#6a1b9a",
    "Alaska": "#6d4c41",
    "Hawaii": "#ef6c00",
}
CHUMMY_HEX = {
    "red": "#c62828",
    "blue": "#1565c0",
    "green": "#2e7d32",
    "yellow": "#f9a825",
    "purple": "#6a1b9a",
}

_CSS = """
@page { size: %(size)s; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; font-family: Arial, Helvetica, sans-serif; color: #111; }
.sheet { width: 189mm; height: 264mm; margin: 6mm auto 0; display: grid;
  grid-template-columns: repeat(3, 63mm); grid-template-rows: repeat(3, 88mm);
  break-after: page; page-break-after: always; break-inside: avoid; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
.card { width: 63mm; height: 88mm; border: 0.3mm dashed #888; padding: 3mm; overflow: hidden;
  position: relative; break-inside: avoid; page-break-inside: avoid; font-size: 2.6mm; }
.card.blank { border-color: transparent; }
.back { display: flex; align-items: center; justify-content: center; flex-direction: column;
  background: #0d3b66; color: #fff; border-color: #888; text-align: center; }
.back .brand { font-size: 6mm; font-weight: bold; letter-spacing: 0.3mm; }
.back .deck { font-size: 4mm; margin-top: 2mm; }
h1.title { display: none; }
.gp { border-top-width: 3mm; border-top-style: solid; }
.gp .name { font-size: 4.2mm; font-weight: bold; }
.gp .code { float: right; font-size: 4.2mm; font-weight: bold; }
.gp dl { margin: 27mm 0 0; display: grid; grid-template-columns: auto 1fr; gap: 0.2mm 1.5mm;
  font-size: 2.25mm; line-height: 1.15; }
.gp .flag { position: absolute; top: 9mm; left: 12.5mm; width: 38mm; height: 25.3mm;
  object-fit: contain; background: #f4f4f4; }
.gp dt { font-weight: bold; } .gp dd { margin: 0; }
.gp .zone2 { position: absolute; top: 0.6mm; right: 12mm; width: 2.6mm; height: 2.6mm;
  border-radius: 50%%; }
.map svg { width: 100%%; height: auto; margin-top: 22mm; }
.map .state { fill: #eee; stroke: #555; stroke-width: 0.6; }
.map .state.red { fill: #d00000; }
.map .id { position: absolute; bottom: 2mm; right: 3mm; font-size: 2.4mm; color: #666; }
.power .base { position: absolute; top: 3mm; left: 3mm; font-size: 9mm; font-weight: bold; }
.power .abc { position: absolute; top: 3mm; right: 3mm; font-size: 6mm; font-weight: bold;
  letter-spacing: 0.8mm; }
.power .category { position: absolute; top: 30mm; width: 57mm; text-align: center;
  font-size: 5.5mm; font-weight: bold; text-transform: uppercase; }
.power .square { position: absolute; left: 4mm; top: 44mm; width: 6mm; height: 6mm; }
.power .circles { position: absolute; right: 4mm; top: 42mm; display: flex; gap: 1mm;
  flex-direction: column; }
.power .circle { width: 6mm; height: 6mm; border-radius: 50%%; }
.power .star { position: absolute; top: 58mm; width: 57mm; text-align: center;
  font-size: 3.4mm; }
.power .version { position: absolute; bottom: 3mm; width: 57mm; text-align: center;
  font-size: 5mm; font-weight: bold; }
.clue .type { font-size: 12mm; font-weight: bold; text-align: center; }
.clue ol { list-style: none; padding: 0; margin: 4mm 0 0; font-size: 3.6mm; }
.clue li { margin: 2mm 0; text-align: center; }
.clue li + li::before { content: "OR"; display: block; font-weight: bold; margin-bottom: 2mm; }
.key { width: 189mm; height: 264mm; margin: 6mm auto 0; break-after: page;
  page-break-after: always; border: 0.3mm dashed #888; padding: 4mm; }
.key:last-child { break-after: auto; }
.key svg { width: 100%%; height: auto; }
.key text { font-size: 11px; font-weight: bold; text-anchor: middle; fill: #111; }
.key .state { fill: #f4f4f4; stroke: #555; stroke-width: 0.6; }
.key table { width: 100%%; border-collapse: collapse; font-size: 3mm; }
.key td { padding: 0.5mm 1mm; }
.cutout .window { position: absolute; top: 8mm; left: 12.5mm; width: 38mm; height: 25.3mm;
  border: 0.6mm solid #111; background: repeating-linear-gradient(45deg, #fff 0 2mm,
  #eee 2mm 4mm); }
.cutout .note { position: absolute; top: 40mm; left: 3mm; right: 3mm; text-align: center;
  font-size: 3.4mm; }
.cq, .back[data-answers] { padding: 2.4mm; }
.cq .cq-id, .back[data-answers] .cq-id { position: absolute; top: 1.2mm; right: 2.4mm;
  font-size: 2.2mm; color: #555; }
.cq ol, .back[data-answers] ol { list-style: none; margin: 2.2mm 0 0; padding: 0; display: flex;
  flex-direction: column; gap: 1.8mm; }
.cq li, .back[data-answers] li { border-left: 1.6mm solid; padding: 0.4mm 0 0.4mm 1.4mm;
  font-size: 2.9mm;
  line-height: 1.2; }
.cq .cq-colour, .back[data-answers] .cq-colour { font-weight: bold; text-transform: uppercase;
  font-size: 2mm;
  letter-spacing: 0.2mm; display: block; }
.card.back[data-answers] { display: block; background: #fff; color: #111; text-align: left; }
.back[data-answers] li { font-size: 3mm; }
@media screen { body { background: #ddd; } .sheet, .key { background: #fff; margin-bottom: 6mm; } }
"""


def page(title: str, body: str, paper: str = "letter") -> str:
    """A complete printable HTML page."""
    if paper not in PAPERS:
        raise ValueError(f"paper is one of {', '.join(PAPERS)}, not {paper!r}")
    css = _CSS % {"size": PAPERS[paper]}
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<link rel="icon" href="../icons/icon.svg" type="image/svg+xml">'
        f"<title>{escape(title)}</title>"
        f"<style>{css}</style></head>"
        f'<body data-paper="{paper}"><h1 class="title">{escape(title)}</h1>{body}</body></html>\n'
    )


def _pages(fronts: list[str], back: str) -> str:
    """Fronts nine to a page, each page followed by its backs, mirrored per row."""
    out = []
    for i in range(0, len(fronts), PER_PAGE):
        chunk = fronts[i : i + PER_PAGE]
        cells = chunk + ['<div class="card blank"></div>'] * (PER_PAGE - len(chunk))
        out.append(f'<section class="sheet fronts">{"".join(cells)}</section>')
        backs = []
        for row in range(3):
            for col in (2, 1, 0):  # long-edge duplex: each row mirrored
                k = row * 3 + col
                backs.append(back if k < len(chunk) else '<div class="card blank"></div>')
        out.append(f'<section class="sheet backs">{"".join(backs)}</section>')
    return "".join(out)


def _paired_pages(fronts: list[str], backs: list[str]) -> str:
    """Like :func:`_pages`, with each card's own back (mirrored per row, behind its front)."""
    out = []
    blank = '<div class="card blank"></div>'
    for i in range(0, len(fronts), PER_PAGE):
        chunk = fronts[i : i + PER_PAGE]
        mine = backs[i : i + PER_PAGE]
        cells = chunk + [blank] * (PER_PAGE - len(chunk))
        out.append(f'<section class="sheet fronts">{"".join(cells)}</section>')
        row_backs = []
        for row in range(3):
            for col in (2, 1, 0):  # long-edge duplex: each row mirrored
                k = row * 3 + col
                row_backs.append(mine[k] if k < len(chunk) else blank)
        out.append(f'<section class="sheet backs">{"".join(row_backs)}</section>')
    return "".join(out)


def _back(deck: str) -> str:
    return (
        f'<div class="card back"><div class="brand">GeoPlunge</div>'
        f'<div class="deck">{escape(deck)}</div></div>'
    )


# ------------------------------------------------------------------ geometry


@cache
def _shapes() -> tuple[tuple[str, str, tuple[float, float, float]], ...]:
    """(fips, path data, label point) of every state shape of the site's map."""
    topo = json.loads((NODE / "us-atlas" / "states-albers-10m.json").read_text("utf-8"))
    arcs = decode_arcs(topo)
    fips = {s.fips for s in atlas.states()}
    out = []
    for g in topo["objects"]["states"]["geometries"]:
        if g["id"] not in fips:
            continue  # the District of Columbia is not a card
        polys = geometry_polygons(g, arcs)
        out.append((g["id"], path_data(polys), label_point(polys)))
    return tuple(sorted(out))


def _map_svg(red: str | None = None, labels: bool = False, element_id: str = "") -> str:
    import svgwrite  # build time only

    dwg = svgwrite.Drawing(size=None, viewBox="0 0 975 610", profile="full", debug=False)
    if element_id:
        dwg.attribs["id"] = element_id
    dwg.attribs["role"] = "img"
    dwg.attribs["aria-label"] = "Map of the United States" + (
        " with one state in red" if red else ""
    )
    by_fips = {s.fips: s for s in atlas.states()}
    g = dwg.g()
    for fips, d, _ in _shapes():
        cls = "state red" if fips == red else "state"
        g.add(dwg.path(d=d, **{"class": cls, "data-fips": fips}))
    dwg.add(g)
    if labels:
        t = dwg.g()
        for fips, _, (x, y, _r) in _shapes():
            t.add(dwg.text(by_fips[fips].code, insert=(round(x, 1), round(y + 4, 1))))
        dwg.add(t)
    return dwg.tostring()


def map_card_svg(card: decks.MapCard) -> str:
    """The SVG of one Map card: every state, ``card``'s in red, no labels."""
    return _map_svg(red=card.fips, element_id=f"map-{card.id}")


# ------------------------------------------------------------------ card faces


def _geoplunge_face(s: atlas.StateFacts, flags: str = "flags/") -> str:
    colour = ZONE_COLOURS[s.time_zones[0]]
    dot = (
        f'<span class="zone2" style="background:{ZONE_COLOURS[s.time_zones[1]]}"></span>'
        if len(s.time_zones) > 1
        else ""
    )
    cities = ", ".join(("\u2605" if c.capital else "") + c.name for c in s.top_cities)
    borders = ", ".join(atlas.by_code()[b].name for b in s.borders) or "none"
    facts = [
        ("Statehood", f"{s.statehood_rank} ({s.statehood_date})"),
        ("PATOS", s.patos),
        ("Size", f"{s.area_rank} ({s.area_sq_mi:,} sq mi, {s.water_pct}% water)"),
        ("Population", f"{s.population_rank} (2020: {s.population_2020:,})"),
        ("Census 2010", f"{s.population_2010:,}"),
        ("Elec. votes", str(s.electoral_votes)),
        ("Capital", f"{s.capital} \u2605"),
        ("Flower", s.flower),
        ("Bird", s.bird),
        ("Nickname", s.nickname),
        ("5 top cities", cities),
        ("Border states", borders),
    ]
    rows = "".join(f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in facts)
    return (
        f'<div class="card gp" data-card="{s.code}" style="border-top-color:{colour}">{dot}'
        f'<span class="code">{s.code}</span><div class="name">{escape(s.name)}</div>'
        f'<img class="flag" src="{escape(flags)}{s.code}.svg" alt="Flag of {escape(s.name)}">'
        f"<dl>{rows}</dl></div>"
    )


def _map_defs() -> str:
    """One hidden SVG holding every state shape once; the cards of a sheet reuse them."""
    paths = "".join(f'<path id="geo-{fips}" d="{d}"/>' for fips, d, _ in _shapes())
    return (
        '<svg width="0" height="0" style="position:absolute" aria-hidden="true">'
        f"<defs>{paths}</defs></svg>"
    )


def _map_face(card: decks.MapCard) -> str:
    uses = "".join(
        f'<use href="#geo-{fips}" class="{"state red" if fips == card.fips else "state"}" '
        f'data-fips="{fips}"/>'
        for fips, _, _ in _shapes()
    )
    svg = (
        f'<svg viewBox="0 0 975 610" role="img" id="map-{card.id}" '
        f'aria-label="Map of the United States with one state in red">{uses}</svg>'
    )
    return (
        f'<div class="card map" data-map="{card.id}">{svg}<span class="id">{card.id}</span></div>'
    )


def _power_face(c: decks.PowerCard) -> str:
    circles = "".join(
        f'<span class="circle" title="{k}" style="background:{CHUMMY_HEX[k]}"></span>'
        for k in c.circles
    )
    return (
        f'<div class="card power" data-power="{c.id}">'
        f'<span class="base">{c.base}</span><span class="abc">{c.abc}</span>'
        f'<div class="category">{escape(c.category)}</div>'
        f'<span class="square" title="{c.square}" style="background:{CHUMMY_HEX[c.square]}">'
        f"</span>"
        f'<span class="circles">{circles}</span>'
        f'<div class="star">\u2605 {escape(decks.geostar_label(c.geostar))} \u2605</div>'
        f'<div class="version">{c.version}</div></div>'
    )


def _challenge_side(card: dict[str, Any], side: str) -> str:
    """One Challenge card's front (its five questions) or back (their answers)."""
    items = "".join(
        f'<li style="border-color:{CHUMMY_HEX[q["colour"]]}" data-colour="{q["colour"]}">'
        f'<span class="cq-colour">{q["colour"]}</span>'
        f"{escape(q['text'] if side == 'front' else q['answer'])}</li>"
        for q in card["questions"]
    )
    cls = "card cq" if side == "front" else "card back"  # backs styled by data-answers
    attr = "data-challenge" if side == "front" else "data-answers"
    label = f"Challenge {card['id']}" if side == "front" else f"Answers {card['id']}"
    return (
        f'<div class="{cls}" {attr}="{card["id"]}"><span class="cq-id">{label}</span>'
        f"<ol>{items}</ol></div>"
    )


def _clue_face(c: decks.ClueCard) -> str:
    items = "".join(f"<li>{escape(decks.CLUE_KINDS[k].label)}</li>" for k in c.options)
    return (
        f'<div class="card clue" data-clue="{c.id}"><div class="type">{c.type}</div>'
        f"<ol>{items}</ol></div>"
    )


# ------------------------------------------------------------------ sheets


def geoplunge_sheet(paper: str = "letter", flags: str = "flags/") -> str:
    """The 50 GeoPlunge cards; ``flags`` is where the flag pictures are (``XX.svg``), the
    site's ``flags/`` by default. The flag sits where the cut-out card's window falls."""
    fronts = [_geoplunge_face(s, flags) for s in atlas.states()]
    return page("GeoPlunge cards", _pages(fronts, _back("GeoPlunge card")), paper)


def map_sheet(paper: str = "letter") -> str:
    fronts = [_map_face(c) for c in decks.map_deck()]
    return page("Map cards", _map_defs() + _pages(fronts, _back("Map card")), paper)


def power_sheet(paper: str = "letter") -> str:
    fronts = [_power_face(c) for c in decks.power_deck()]
    return page("Power cards", _pages(fronts, _back("Power card")), paper)


def clue_sheet(paper: str = "letter") -> str:
    fronts = [_clue_face(c) for c in decks.clue_deck()]
    return page("Clue cards", _pages(fronts, _back("Clue card")), paper)


def challenge_sheet(paper: str = "letter") -> str:
    """The 63 Challenge cards of Chummy Challenge: on the front the five questions in
    colour order (red, the easiest, first), on the back each question's printed answer
    (R-149)."""
    cards = challenge.printable()
    fronts = [_challenge_side(c, "front") for c in cards]
    backs = [_challenge_side(c, "back") for c in cards]
    return page("Challenge cards", _paired_pages(fronts, backs), paper)


def answer_key_sheet(paper: str = "letter") -> str:
    """The answer key: the map with every state's postal code, then the list."""
    rows = []
    states = atlas.states()
    half = (len(states) + 1) // 2
    right_col = (*states[half:], None)[:half]
    for a, b in zip(states[:half], right_col, strict=True):
        right = f"<td>{b.code}</td><td>{escape(b.name)}</td>" if b else "<td></td><td></td>"
        rows.append(f"<tr><td>{a.code}</td><td>{escape(a.name)}</td>{right}</tr>")
    body = (
        f'<section class="key" data-key="map">{_map_svg(labels=True, element_id="answer-key")}'
        f"</section>"
        f'<section class="key" data-key="list"><table>{"".join(rows)}</table></section>'
    )
    return page("Answer key", body, paper)


def cutout_sheet(paper: str = "letter") -> str:
    """The cut-out card: cut the window out; laid on a GeoPlunge card it shows the flag
    alone (a flag clue in State IQ)."""
    face = (
        '<div class="card cutout" data-cutout="1"><div class="window"></div>'
        '<div class="note">Cut out the striped window. Lay this card on a GeoPlunge card '
        "so that only the flag shows.</div></div>"
    )
    return page("Cut-out card", _pages([face], _back("Cut-out card")), paper)


#: Every sheet by name, with how many cards it holds (the answer key is two pages).
SHEETS: dict[str, tuple[Any, int]] = {
    "geoplunge": (geoplunge_sheet, 50),
    "map": (map_sheet, 50),
    "power": (power_sheet, 15),
    "clue": (clue_sheet, 45),
    "challenge": (challenge_sheet, 63),
    "answer-key": (answer_key_sheet, 0),
    "cutout": (cutout_sheet, 1),
}


def sheets(paper: str = "letter") -> dict[str, str]:
    """Every printable sheet by name (``map``, ``power``...) as HTML text."""
    return {name: fn(paper) for name, (fn, _) in SHEETS.items()}

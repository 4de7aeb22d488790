"""GeoPlunge card faces as HTML text.

Pure functions from :class:`cardroom.atlas.StateFacts` to HTML strings, with no DOM
access, so the same markup is pre-rendered by ``build.py`` (first paint needs no
Python) and can be produced in the browser by game screens that deal cards.

A card carries ``data-card="XX"``; its top border is the colour of the state's
primary time zone and a dot in the top-right corner shows the second zone, as the
printed cards do.
"""

from __future__ import annotations

from datetime import date
from html import escape

from cardroom.atlas import StateFacts, by_code, cities_noun

__all__ = [
    "HAND_CARD_KEY",
    "MONTHS",
    "ZONE_CLASS",
    "card_html",
    "flag_url",
    "hand_card_html",
    "long_date",
    "ordinal",
]

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)

#: CSS class suffix per time zone (the colours live in web/app.css).
ZONE_CLASS = {
    "Eastern": "eastern",
    "Central": "central",
    "Mountain": "mountain",
    "Pacific": "pacific",
    "Alaska": "alaska",
    "Hawaii": "hawaii",
}


def ordinal(n: int) -> str:
    """1 -> '1st', 22 -> '22nd', 13 -> '13th'."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def long_date(iso: str) -> str:
    """'1845-12-29' -> 'December 29, 1845'."""
    d = date.fromisoformat(iso)
    return f"{MONTHS[d.month - 1]} {d.day}, {d.year}"


def flag_url(code: str, base: str = "flags/") -> str:
    return f"{base}{code}.svg"


def _fact(term: str, value: str, cls: str = "") -> str:
    extra = f' class="{cls}"' if cls else ""
    return f"<div{extra}><dt>{term}</dt><dd>{value}</dd></div>"


def _rank(n: int) -> str:
    return f'<span class="rank">{ordinal(n)}</span>'


def card_html(
    s: StateFacts,
    names: dict[str, str] | None = None,
    *,
    heading: int = 3,
    flag_base: str = "flags/",
) -> str:
    """The full face of ``s``'s card.

    ``names`` maps postal codes to state names (for the border list); ``heading`` is
    the level of the card's title so the card fits the page's outline.
    """
    names = names or {}
    e = escape
    h, h_sub = f"h{heading}", f"h{min(heading + 1, 6)}"
    zones = s.time_zones
    primary = ZONE_CLASS[zones[0]]
    classes = ["card", f"tz-{primary}"]
    dot = ""
    if len(zones) > 1:
        second = ZONE_CLASS[zones[1]]
        classes.append(f"tz2-{second}")
        dot = f'<span class="tz-dot tz-dot-{second}" aria-hidden="true"></span>'

    cities = []
    for c in s.top_cities:
        star = (
            '<span class="star" aria-hidden="true">★</span>'
            '<span class="visually-hidden"> (capital)</span>'
            if c.capital
            else ""
        )
        cities.append(
            f'<li{" class=capital" if c.capital else ""}><span class="city">{e(c.name)}{star}</span>'
            f' <span class="num">{c.population:,}</span></li>'
        )
    borders = (
        "".join(
            f'<li><a class="border-chip" href="?screen=atlas&amp;state={b}" data-goto="{b}">'
            f'<span aria-hidden="true">{e(b)}</span>'
            f'<span class="visually-hidden">{e(names.get(b, b))}</span></a></li>'
            for b in s.borders
        )
        or '<li class="none">None</li>'
    )
    zone_text = ", ".join(f'<span class="zone zone-{ZONE_CLASS[z]}">{e(z)}</span>' for z in zones)
    patos = "None (before the presidency)" if s.patos == "None" else e(s.patos)
    facts = "".join(
        [
            _fact("Statehood", f"{long_date(s.statehood_date)} {_rank(s.statehood_rank)}"),
            _fact(
                "PATOS",
                f'{patos}<span class="fact-note">President at the time of statehood</span>',
            ),
            _fact("Population 2020", f"{s.population_2020:,} {_rank(s.population_rank)}"),
            _fact("Population 2010", f"{s.population_2010:,}"),
            _fact("Area", f"{s.area_sq_mi:,} sq mi {_rank(s.area_rank)}"),
            _fact("Water", f"{s.water_pct:.1f}%"),
            _fact("Time zones", zone_text),
            _fact("Electoral votes", str(s.electoral_votes)),
            _fact("Bird", e(s.bird)),
            _fact("Flower", e(s.flower)),
        ]
    )
    return (
        f'<article class="{" ".join(classes)}" data-card="{s.code}" '
        f'aria-label="{e(s.name)} card">{dot}'
        f'<header class="card-head">'
        f'<img class="flag" src="{flag_base}{s.code}.svg" alt="Flag of {e(s.name)}" '
        f'width="96" height="64" decoding="async">'
        f'<div class="card-title"><{h} class="card-name">{e(s.name)}</{h}>'
        f'<p class="card-code"><span class="postal">{s.code}</span> '
        f'<span class="nickname">{e(s.nickname)}</span></p></div></header>'
        f'<p class="card-capital"><span class="star" aria-hidden="true">★</span> '
        f"Capital <strong>{e(s.capital)}</strong></p>"
        f'<dl class="facts">{facts}</dl>'
        f'<div class="card-lists"><section class="cities">'
        f'<{h_sub} class="card-sub">Largest {cities_noun(s.code)}</{h_sub}>'
        f"<ol>{''.join(cities)}</ol></section>"
        f'<section class="borders"><{h_sub} class="card-sub">Borders '
        f'<span class="count">({len(s.borders)})</span></{h_sub}>'
        f"<ul>{borders}</ul></section></div>"
        f"</article>"
    )


#: What the faces of hand cards show, for every game that deals state cards.
HAND_CARD_KEY = """<details class="bu-key-card"><summary>Card key</summary><ul>
<li><span class="bu-key-stripe" aria-hidden="true"></span>Top stripe: the state's main time
zone (Eastern, Central, Mountain, Pacific, Alaska, Hawaii).</li>
<li><span class="bu-key-dot" aria-hidden="true"></span>Dot: a second time zone.</li>
<li><strong>Big letters</strong>: the postal code; small letters at the bottom: the states
it borders.</li></ul></details>"""


def hand_card_html(code: str, help_id: str | None = None, *, keys: str = "") -> str:
    """A compact GeoPlunge card for a hand: postal code, name, the time-zone colour (and
    a dot for a second zone) and the border states, so players can reason about groups.
    Screen readers hear the name, the borders by name and where the card lies; ``keys``
    are the card's own key shortcuts (``aria-keyshortcuts``)."""
    by = by_code()
    s = by[code]
    zones = s.time_zones
    cls = ["hb-card", "bu-card", f"tz-{ZONE_CLASS[zones[0]]}"]
    dot = ""
    if len(zones) > 1:
        dot = f'<span class="tz-dot tz-dot-{ZONE_CLASS[zones[1]]}" aria-hidden="true"></span>'
    names = ", ".join(by[b].name for b in s.borders) or "no state"
    codes = " ".join(s.borders) or "none"
    described = f' aria-describedby="{help_id}"' if help_id else ""
    if keys:
        described += f' aria-keyshortcuts="{keys}"'
    # the name's longest word sets its size (CSS fits it to the card): never cut short
    word = max(len(w) for w in s.name.split())
    return (
        f'<li class="{" ".join(cls)}" data-card="{code}" tabindex="0"{described}>{dot}'
        f'<span class="bu-card-code" aria-hidden="true">{code}</span>'
        f'<span class="bu-card-name" style="--chars: {word}">{escape(s.name)}</span>'
        f'<span class="bu-card-borders" aria-hidden="true">{escape(codes)}</span>'
        f'<span class="visually-hidden">, borders {escape(names)}</span>'
        f'<span class="visually-hidden hb-where"></span></li>'
    )

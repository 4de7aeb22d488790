"""The pages: index.html (the first paint's styles, boot script, map and PyScript config
inlined, so the first paint needs one request; the other stylesheets linked for later)
and the licences page."""

from __future__ import annotations

import html
from pathlib import Path

from cardroom import atlas
from cardroom.web.kit.logic import setup_form_html, setup_lede
from cardroom.web.platform.routes import MODE_TEXT, WEB_GAMES, WebGame

from .common import ASSETS, WEB, fill


def render_options(records: dict[str, atlas.StateFacts]) -> str:
    return "".join(
        f'<option value="{s.code}">{html.escape(s.name)}</option>'
        for s in sorted(records.values(), key=lambda s: s.name)
    )


def _modes_line(g: WebGame) -> str:
    modes = [MODE_TEXT[m] for m in g.modes]
    if "bot" in g.modes:
        modes[g.modes.index("bot")] += f" ({', '.join(g.difficulties)})"
    text = modes[0] if len(modes) == 1 else ", ".join(modes[:-1]) + " or " + modes[-1].lower()
    return text[0].upper() + text[1:] + "."


def home_games() -> str:
    """The home menu: every game with its how-to-play, its levels and how it is played."""
    items = []
    for g in WEB_GAMES.values():
        t = html.escape(g.title)
        levels = "".join(
            f'<li><a href="?game={g.slug}&amp;level={n}">Level {n}</a>: {html.escape(text)}</li>'
            for n, text in g.levels.items()
        )
        level_list = (
            f'<ul class="home-levels" aria-label="{t} levels">{levels}</ul>' if levels else ""
        )
        items.append(
            f'<li class="home-item" data-game="{g.slug}">'
            f'<h2><a href="?game={g.slug}">{t}</a></h2>'
            f'<p class="home-howto">{html.escape(g.how_to)}</p>{level_list}'
            f'<p class="home-modes">{html.escape(_modes_line(g))}</p></li>'
        )
    items.append(  # a match: the Combo's games on one round clock
        '<li class="home-item" data-screen-item="match"><h2><a href="?match=combo4">'
        'Play a match</a></h2><p class="home-howto">Two teams play a Combo\'s GeoPlunge '
        "games one after another on one round clock, as at a tournament: Combo 2, 3 or 4, "
        "morning, afternoon, All or Call rounds, with a result code for the director.</p>"
        '<ul class="home-levels" aria-label="Matches"><li><a href="?match=combo2">Combo 2'
        '</a></li><li><a href="?match=combo3">Combo 3</a></li><li><a href="?match=combo4">'
        "Combo 4</a></li></ul></li>"
    )
    return "\n".join(items)


def game_intros() -> str:
    """A game's link, before Python is up: the game's setup screen, title, how to play and
    the setup form (the kit's own HTML, :func:`cardroom.web.kit.logic.setup_form_html`,
    its Start waiting for Python), one ``<template>`` per game. web/intro.js, inlined right
    after them, puts the link's game in the page before the first paint and fills in the
    link's choices; the kit's setup (``cardroom.web.kit.screen``) takes the form over when
    it mounts, with what the player chose meanwhile, and removes every ``.screen-intro``."""
    templates = []
    for g in WEB_GAMES.values():
        sid = f"intro-{g.slug}"
        templates.append(
            f'<template id="{sid}-template"><section id="{sid}" '
            f'class="screen screen-game screen-intro" aria-labelledby="{sid}-title">'
            f'<div class="screen-head kit-head"><h1 id="{sid}-title">{html.escape(g.title)}'
            f'</h1><p class="lede kit-sub">{html.escape(setup_lede(g))}</p></div>'
            f'<div class="kit-body">'
            f"{setup_form_html(g, g.default_setup(), waiting=True).strip()}"
            "</div></section></template>"
        )
    script = (WEB / "intro.js").read_text("utf-8").strip()
    return "\n".join(templates) + f"\n<script>\n{script}\n</script>"


def intro_css() -> str:
    """Each game's intro shows on its own link only, until the page is ready."""
    shown = ",".join(
        f'html[data-screen="game:{slug}"]:not([data-ready]) #intro-{slug}' for slug in WEB_GAMES
    )
    return f".screen-intro{{display:none}}\n{shown}{{display:block}}"


#: The stylesheets that the page as built uses, besides app.css: the pre-rendered home,
#: atlas and game introductions take rules from these. No other sheet has a rule that
#: selects anything in the page as built (tests/browser/test_first_paint.py checks it).
FIRST_PAINT_SHEETS = frozenset({"kit", "share"})


def sheets() -> list[Path]:
    """app.css first, then every screen's stylesheet (web/*.css), in cascade order."""
    return [WEB / "app.css"] + sorted(p for p in WEB.glob("*.css") if p.name != "app.css")


#: Where the stylesheets the first paint does without are written, one file each.
LATER_CSS_DIR = "css"


def later_sheets() -> list[Path]:
    """The stylesheets the page as built does not use, in cascade order."""
    return [p for p in sheets() if p.stem != "app" and p.stem not in FIRST_PAINT_SHEETS]


def stylesheets() -> str:
    """Every stylesheet, in cascade order. Those the first paint needs are inlined
    ``<style>`` (no request). The others are files of their own (``css/NAME.css``,
    :func:`write_later_css`), each a ``<link rel="stylesheet" media="print">`` in its
    place: a sheet for print does not block rendering, is fetched at the lowest priority
    and parsed when it arrives, one sheet a task, and applies to the screen only once
    web/boot.js sets its media to ``all``, once Python's start has begun, before any
    screen is shown. So the document the first paint waits for carries none of their
    bytes, its first paint parses about a third of the site's CSS, and the cascade is the
    one of all the sheets in their order."""
    out = []
    for path in sheets():
        name = path.stem
        if name == "app" or name in FIRST_PAINT_SHEETS:
            css = path.read_text("utf-8").strip()
            out.append(f'<style data-sheet="{name}">\n{css}\n</style>')
        else:
            out.append(
                f'<link rel="stylesheet" href="{LATER_CSS_DIR}/{name}.css" media="print" '
                f'data-sheet="{name}">'
            )
    out.append(f'<style data-sheet="intros">\n{intro_css()}\n</style>')
    return "\n".join(out)


def write_later_css(out: Path) -> list[str]:
    """The later stylesheets' files; returns their paths relative to ``out`` (precached:
    every screen but the first paint uses them)."""
    (out / LATER_CSS_DIR).mkdir(parents=True, exist_ok=True)
    written = []
    for path in later_sheets():
        rel = f"{LATER_CSS_DIR}/{path.name}"
        (out / rel).write_text(path.read_text("utf-8").strip() + "\n", "utf-8")
        written.append(rel)
    return written


def write_index(
    out: Path, records: dict[str, atlas.StateFacts], map_svg: str, config_json: str
) -> list[str]:
    """index.html and the later stylesheets; returns the files the page loads besides
    itself (relative to ``out``)."""
    boot = (WEB / "boot.js").read_text("utf-8")
    page = fill(
        (WEB / "index.html").read_text("utf-8"),
        {
            "CSS": stylesheets(),
            "BOOT_JS": boot.strip(),
            "MAP": map_svg,
            "STATE_OPTIONS": render_options(records),
            "HOME_GAMES": home_games(),
            "GAME_INTROS": game_intros(),
            "PYSCRIPT_CONFIG": html.escape(config_json, quote=True),
        },
    )
    (out / "index.html").write_text(page, "utf-8")
    return write_later_css(out)


def write_licences(out: Path) -> None:
    """Licences and notices travel with the site (LICENSES.md and a readable page)."""
    notices = (ASSETS / "LICENSES.md").read_text("utf-8")
    (out / "LICENSES.md").write_text(notices, "utf-8")
    (out / "licences.html").write_text(
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="icon" href="icons/icon.svg" type="image/svg+xml">'
        "<title>cardroom · sources and licences</title>"
        "<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f4ef;"
        "color:#1d2433}main{max-width:60rem;margin:0 auto;padding:1rem}"
        "pre{white-space:pre-wrap;background:#fff;border:1px solid #d5d0c4;"
        "border-radius:8px;padding:1rem;font-size:.9rem}</style></head><body>"
        '<main><h1>Sources and licences</h1><p><a href="./">Back to cardroom</a></p>'
        f"<pre>{html.escape(notices)}</pre></main></body></html>\n",
        "utf-8",
    )

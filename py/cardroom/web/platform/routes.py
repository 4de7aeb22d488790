"""Links: the one parser of the page's query string (R-110), and the module that mounts
each screen. The games offered and a game's choices are :mod:`cardroom.web.games.registry`'s
(their names are re-exported here, where most of the web layer reads them).

Kept apart from :mod:`cardroom.web.kit.logic` (and free of the engine) so that routing a
link imports almost nothing: the atlas and the home page never load ``cardroom.core``.
The screens it routes to are named, not imported: a game's module by its registry entry,
the others by :data:`SCREEN_MODULES`, and the readers of a match's, Learn's and a
tournament's link problems by :data:`LINK_PROBLEMS`, loaded only when such a link comes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardroom.web.games.registry import (
    DIFFICULTY_TEXT,
    MAX_SEED,
    MODE_TEXT,
    WEB_GAMES,
    Option,
    Setup,
    WebGame,
    load,
)

__all__ = [
    "DIFFICULTY_TEXT",
    "MAX_SEED",
    "MODE_TEXT",
    "WEB_GAMES",
    "Option",
    "Route",
    "Setup",
    "WebGame",
    "LINK_PROBLEMS",
    "SCREEN_MODULES",
    "parse_link",
]


@dataclass(frozen=True, slots=True)
class Route:
    """Where a link goes: ``screen`` is ``home``, ``atlas`` or ``game``.

    For a game, ``setup`` holds the choices the link fills in (defaults for the rest) and
    ``complete`` says whether the link named level and mode; ``autostart`` asks to skip
    the setup. ``problems`` are sentences to show: a link that is wrong says so (R-110)."""

    screen: str
    game: WebGame | None = None
    setup: Setup | None = None
    complete: bool = False
    autostart: bool = False
    state: str | None = None
    problems: tuple[str, ...] = ()
    #: ``embed=1``: the screen without the site's header, nav and footer, for an iframe
    #: (R-185); carried through the game's history entries and Play again
    embed: bool = False

    @property
    def module(self) -> str:
        """The module that mounts the screen: the game's, or :data:`SCREEN_MODULES`'."""
        return self.game.module if self.game is not None else SCREEN_MODULES[self.screen]


#: The screens opened by a link parameter of their own (``?learn``, ``?tournament``,
#: ``?match``; the first one present wins), each with the reader of its link's problems,
#: loaded only when such a link comes (the router imports none of them).
LINK_PROBLEMS = {
    "learn": "cardroom.web.learn.logic:learn_problems",
    "tournament": "cardroom.web.director.logic:tournament_problems",
    "match": "cardroom.web.match.logic:match_problems",
}
#: The module that mounts each screen that is not a game's.
SCREEN_MODULES = {
    "atlas": "cardroom.web.atlas.screen",
    "home": "cardroom.web.platform.app",
    "learn": "cardroom.web.learn.screen",
    "match": "cardroom.web.match.screen",
    "tournament": "cardroom.web.director.screen",
}


def _int(text: str | None) -> int | None:
    if text is None:
        return None
    text = text.strip()
    if not text or not text.isdigit() or len(text) > 12:
        return None
    return int(text)


def _yes(text: str | None) -> bool:
    return (text or "").strip().lower() in ("1", "true", "yes")


def parse_link(params: Mapping[str, str], state_codes: Sequence[str] = ()) -> Route:
    """The one reader of the page's query string.

    ``?game=<slug>&level=&mode=&difficulty=&seed=&autostart=1`` opens that game's setup
    with the choices filled in (or starts it at once with ``autostart=1`` when level and
    mode are given); ``?screen=atlas&state=XX`` the atlas; anything else the home page.
    ``embed=1`` on a game or the atlas asks for the screen without the site's chrome
    (``Route.embed``, R-185).
    Every part that is not understood becomes a problem sentence and is left out
    (R-110): the page shows it instead of silently ignoring it."""
    problems: list[str] = []
    slug = (params.get("game") or "").strip().lower()
    screen = (params.get("screen") or "").strip().lower()
    if slug:
        game = WEB_GAMES.get(slug)
        if game is None:
            known = ", ".join(g.title for g in WEB_GAMES.values())
            problems.append(f"There is no game called “{slug}” here. The games are: {known}.")
            return Route("home", problems=tuple(problems))
        return _game_route(game, params, problems)
    for name, ref in LINK_PROBLEMS.items():  # Learn, a tournament, a match
        if name in params:
            return Route(name, problems=tuple(load(ref)(params)))
    if screen in ("", "home"):
        return Route("home")
    if screen == "atlas":
        raw = (params.get("state") or "").strip().upper()
        code = None
        if raw:
            if raw in state_codes:
                code = raw
            else:
                problems.append(f"“{raw}” is not a state's postal code (like TX or NY).")
        return Route("atlas", state=code, problems=tuple(problems), embed=_yes(params.get("embed")))
    problems.append(f"There is no screen called “{screen}”.")
    return Route("home", problems=tuple(problems))


def _game_route(game: WebGame, params: Mapping[str, str], problems: list[str]) -> Route:
    levels = tuple(game.levels)
    level_text = params.get("level")
    level = _int(level_text)
    if not levels:
        if level_text is not None:
            problems.append(f"{game.title} has no levels.")
        level = 0
    elif level_text is not None and level not in levels:
        problems.append(
            f"{game.title} has no level “{level_text.strip()}”: "
            f"pick {', '.join(map(str, levels[:-1]))} or {levels[-1]}."
        )
        level = None
    mode_text = params.get("mode")
    mode = (mode_text or "").strip().lower()
    if mode_text is not None and mode not in game.modes:
        problems.append(f"“{mode_text.strip()}” is not a way to play {game.title}.")
        mode = ""
    diff_text = params.get("difficulty")
    diff = (diff_text or "").strip().lower()
    if diff_text is not None and diff not in game.difficulties:
        problems.append(f"“{diff_text.strip()}” is not a difficulty (easy, medium or hard).")
        diff = ""
    seed_text = params.get("seed")
    seed = _int(seed_text)
    if seed_text is not None and (seed is None or seed > MAX_SEED):
        problems.append(f"The deal number is a whole number from 0 to {MAX_SEED}.")
        seed = None
    chosen = mode or game.modes[0]
    lvl = level if level is not None else game.first_level
    options: dict[str, str] = {}
    for o in game.options:
        raw = params.get(o.name)
        if raw is None:
            continue
        if not o.applies(chosen, lvl):
            where = f"at Level {lvl}" if o.levels and lvl not in o.levels else MODE_TEXT[chosen]
            problems.append(f"{o.label} does not apply to {game.title} {where.lower()}.")
            continue
        value = raw.strip().lower()
        if value in o.choices:
            options[o.name] = value
        else:
            shown = ", ".join(o.choices)
            problems.append(f"“{raw.strip()}” is not a choice of {o.label.lower()} ({shown}).")
    full = {o.name: o.default for o in game.options if o.applies(chosen, lvl)} | options
    bad = game.problem(chosen, full, lvl)
    if bad is not None:
        problems.append(bad)
        full = dict(game.default_options(chosen, lvl))
    complete = level is not None and bool(mode)
    setup = Setup(
        game.slug,
        level if level is not None else game.first_level,
        chosen,
        diff or game.default_difficulty,
        seed,
        tuple(sorted(full.items())),
    )
    autostart = _yes(params.get("autostart")) and complete and not problems
    embed = _yes(params.get("embed"))
    return Route("game", game, setup, complete, autostart, problems=tuple(problems), embed=embed)

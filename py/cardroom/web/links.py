"""Links and the games offered: the one parser of the page's query string (R-110).

Kept apart from ``kit_logic`` (and free of the engine) so that routing a link imports
almost nothing: the atlas and the home page never load ``cardroom.core``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

__all__ = [
    "DIFFICULTY_TEXT",
    "MAX_SEED",
    "MODE_TEXT",
    "WEB_GAMES",
    "Option",
    "Route",
    "Setup",
    "WebGame",
    "parse_link",
]

MAX_SEED = 2**31 - 1
MODE_TEXT = {
    "bot": "Against the computer",
    "local": "Two teams on one device",
    "solitaire": "On your own (solitaire)",
}
DIFFICULTY_TEXT = {
    "easy": "Takes its time and sometimes shows a wrong group.",
    "medium": "A steady player who rarely slips.",
    "hard": "Fast and never wrong.",
}


# ------------------------------------------------------------------ the games offered


@dataclass(frozen=True, slots=True)
class Option:
    """A game's own setup choice beyond level, mode and difficulty (e.g. ``players``).

    ``name`` is its link parameter, ``choices`` maps each value to its label (in the
    order shown), ``modes`` the modes it applies to (empty: every mode)."""

    name: str
    label: str
    choices: Mapping[str, str]
    default: str
    modes: tuple[str, ...] = ()
    note: str = ""

    def applies(self, mode: str) -> bool:
        return not self.modes or mode in self.modes


@dataclass(frozen=True, slots=True)
class WebGame:
    """A game the site offers: its screen module and what the home page and setup say.

    A game without levels has ``levels == {}`` (its setups have level 0). ``check``
    returns a sentence when a combination of options is not allowed (None: fine)."""

    slug: str
    title: str
    module: str
    how_to: str
    levels: Mapping[int, str]
    modes: tuple[str, ...] = ("bot", "local")
    difficulties: tuple[str, ...] = ("easy", "medium", "hard")
    default_difficulty: str = "medium"
    options: tuple[Option, ...] = ()
    check: Callable[[Mapping[str, str]], str | None] | None = field(default=None, compare=False)
    mode_notes: Mapping[str, str] = field(default_factory=dict)

    @property
    def first_level(self) -> int:
        return next(iter(self.levels), 0)

    def default_options(self, mode: str) -> tuple[tuple[str, str], ...]:
        return tuple(sorted((o.name, o.default) for o in self.options if o.applies(mode)))

    def default_setup(self) -> Setup:
        mode = self.modes[0]
        return Setup(
            self.slug,
            self.first_level,
            mode,
            self.default_difficulty,
            None,
            self.default_options(mode),
        )

    def problem(self, mode: str, options: Mapping[str, str]) -> str | None:
        """A sentence saying why these options cannot be played (None: they can)."""
        for o in self.options:
            if o.applies(mode) and options.get(o.name, o.default) not in o.choices:
                return f"“{options.get(o.name)}” is not a choice of {o.label.lower()}."
        return self.check(options) if self.check is not None else None


WEB_GAMES: dict[str, WebGame] = {
    "border-up": WebGame(
        "border-up",
        "Border-Up",
        "cardroom.web.border_up_screen",
        "Each team is dealt a hand of state cards. Race to lay out groups of states that "
        "border each other, then shout GeoPlunge! for two groups or ThreeOPlunge! for three "
        "(the bonus). The referee checks every group on the map: a valid shout wins, an "
        "invalid one hands the game to the other team.",
        {
            2: "18 cards; a group is 3 states where one borders both others, in any order.",
            3: "18 cards; a group is 3 states with the one bordering both others in the middle.",
            4: "21 cards; two groups of 4+4 or 5+3 states, each state bordering the next.",
        },
    ),
}


@dataclass(frozen=True, slots=True)
class Setup:
    """One game's choices; ``seed`` None means "deal a new one"."""

    game: str
    level: int
    mode: str
    difficulty: str
    seed: int | None = None
    #: the game's own options (:class:`Option`) as sorted ``(name, value)`` pairs
    options: tuple[tuple[str, str], ...] = ()

    def option(self, name: str, default: str = "") -> str:
        """The value of option ``name`` (``default`` when it is not set)."""
        return dict(self.options).get(name, default)

    def params(self) -> dict[str, str | None]:
        """The deep link of this game (difficulty only against the computer)."""
        out: dict[str, str | None] = {
            "game": self.game,
            "level": str(self.level) if self.level else None,
            "mode": self.mode,
            "difficulty": self.difficulty if self.mode == "bot" else None,
        }
        out.update(self.options)
        out["seed"] = None if self.seed is None else str(self.seed)
        return out

    def describe(self) -> str:
        who = {
            "bot": f"vs the computer ({self.difficulty})",
            "local": "pass and play"
            if "players" in dict(self.options)
            else "two teams on one device",
            "solitaire": "solitaire",
        }.get(self.mode, self.mode)
        game = WEB_GAMES.get(self.game)
        parts = [f"Level {self.level}"] if self.level else []
        if game is not None:
            values = dict(self.options)
            for o in game.options:
                if o.name in values and o.applies(self.mode):
                    parts.append(f"{o.label}: {o.choices.get(values[o.name], values[o.name])}")
        parts.append(who)
        return " · ".join(parts)

    def with_seed(self, seed: int | None) -> Setup:
        return replace(self, seed=seed)


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
        return Route("atlas", state=code, problems=tuple(problems))
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
    options: dict[str, str] = {}
    for o in game.options:
        raw = params.get(o.name)
        if raw is None or not o.applies(chosen):
            continue
        value = raw.strip().lower()
        if value in o.choices:
            options[o.name] = value
        else:
            shown = ", ".join(o.choices)
            problems.append(f"“{raw.strip()}” is not a choice of {o.label.lower()} ({shown}).")
    full = {o.name: o.default for o in game.options if o.applies(chosen)} | options
    bad = game.problem(chosen, full)
    if bad is not None:
        problems.append(bad)
        full = dict(game.default_options(chosen))
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
    return Route("game", game, setup, complete, autostart, problems=tuple(problems))

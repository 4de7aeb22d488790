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
    "devices": "Two devices",
}
DIFFICULTY_TEXT = {
    "easy": "Takes its time and makes mistakes.",
    "medium": "A steady player who sometimes slips.",
    "hard": "Quick, and plays its best.",
}


# ------------------------------------------------------------------ the games offered


@dataclass(frozen=True, slots=True)
class Option:
    """A game's own setup choice beyond level, mode and difficulty (e.g. ``players``).

    ``name`` is its link parameter, ``choices`` maps each value to its label (in the
    order shown), ``modes`` and ``levels`` the modes and levels it applies to (empty:
    every one)."""

    name: str
    label: str
    choices: Mapping[str, str]
    default: str
    modes: tuple[str, ...] = ()
    note: str = ""
    levels: tuple[int, ...] = ()

    def applies(self, mode: str, level: int = 0) -> bool:
        return (not self.modes or mode in self.modes) and (
            not self.levels or not level or level in self.levels
        )


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
    #: sees the options and ``"mode"`` (two devices need two sides, R-190)
    check: Callable[[Mapping[str, str]], str | None] | None = field(default=None, compare=False)
    mode_notes: Mapping[str, str] = field(default_factory=dict)
    difficulty_notes: Mapping[str, str] = field(default_factory=dict)

    @property
    def first_level(self) -> int:
        return next(iter(self.levels), 0)

    def default_options(self, mode: str, level: int = 0) -> tuple[tuple[str, str], ...]:
        level = level or self.first_level
        return tuple(sorted((o.name, o.default) for o in self.options if o.applies(mode, level)))

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

    def difficulty_note(self, difficulty: str) -> str:
        return self.difficulty_notes.get(difficulty) or DIFFICULTY_TEXT.get(difficulty, "")

    def problem(self, mode: str, options: Mapping[str, str], level: int = 0) -> str | None:
        """A sentence saying why these options cannot be played (None: they can)."""
        for o in self.options:
            if o.applies(mode, level) and options.get(o.name, o.default) not in o.choices:
                return f"“{options.get(o.name)}” is not a choice of {o.label.lower()}."
        if self.check is None:
            return None
        return self.check({**options, "mode": mode})  # the mode matters too


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
        modes=("bot", "local", "devices"),
        difficulty_notes={
            "easy": "Takes its time and sometimes shows a wrong group.",
            "medium": "A steady player who rarely slips.",
            "hard": "Fast and never wrong.",
        },
    ),
    "state-iq": WebGame(
        "state-iq",
        "State IQ",
        "cardroom.web.state_iq_screen",
        "Each team holds one GeoPlunge card and tries to name the other team's state. Before "
        "each guess the clue-giving team turns Clue cards (the Power card says which type) "
        "and picks one option of each. Guess by clicking the map or typing the name.",
        {
            2: "Two Clue cards per guess; up to 3 guesses; fewer guesses wins.",
            3: "One Clue card per guess; up to 3 guesses; fewer guesses wins.",
            4: "One Clue card per guess; exactly 3 guesses, a right one deals a new card; "
            "most states named wins.",
        },
        modes=("bot", "local", "devices"),
    ),
    "dashing-states": WebGame(
        "dashing-states",
        "Dashing States",
        "cardroom.web.dashing_screen",
        "Each team is dealt 7 Map cards, each the US map with one state in red. Race to sort "
        "6 of them by the race's key, turn the seventh face-down and shout. Then, from "
        "memory, the left, middle and right players each name their 2 cards: the state and "
        "its capital, or its rank. Best of three races; winning the first two earns the bonus.",
        {
            2: "Races by state names, capitals, then state names again.",
            3: "Races by state names, capitals, then statehood rank.",
            4: "Races by state names, capitals, then the category of a turned Power card.",
        },
        modes=("bot", "local", "devices"),
    ),
    "play-the-ranks": WebGame(
        "play-the-ranks",
        "Play the Ranks",
        "cardroom.web.tricks_screen",
        "Each team holds state cards and discards down to 8. The lead plays a card face-down "
        "and announces its state (at Level 4 its GeoStar), a category (size, statehood or "
        "population) and a base; the other team plays a card and the better rank wins the "
        "trick. A team with 6 tricks wins at once; 5 tricks win, at 4-4 the last trick decides.",
        {
            2: "9 cards; bases 1 and 50, no Power cards.",
            3: "9 cards and 2 Power cards; two turned Power cards set the bases.",
            4: "Cards or Call, Up the BUR, three bases, GeoStars and Pull the Power.",
        },
        options=(
            Option(
                "version",
                "Version",
                {"ptr1": "PTR1: the bases come in order", "ptr2": "PTR2: the lead names the base"},
                "ptr1",
                levels=(3, 4),
            ),
        ),
        modes=("bot", "local", "devices"),
        mode_notes={
            "bot": "Your team plays the computer, trick by trick.",
            "local": "Pass and play: the device goes to the team whose turn it is.",
        },
    ),
    "border-zap": WebGame(
        "border-zap",
        "Play the Border Zap",
        "cardroom.web.tricks_screen",
        "Each team gets 6 state cards, trading 1 card twice in secret. The lead plays a state; "
        "the other team zaps it, and wins the trick, with a state that borders it, shares a "
        "border state with it or has as many border states. 4 tricks win; 5-0 ends the game.",
        {
            3: "Deal 3, trade 1; deal 3, trade 1; 1 card face-up, discard 1.",
            4: "Deal 3, trade 1; deal 3, trade 1; 2 cards face-up, discard 2.",
        },
        modes=("bot", "local", "devices"),
        mode_notes={
            "bot": "Your team plays the computer, trick by trick.",
            "local": "Pass and play: the device goes to the team whose turn it is.",
        },
    ),
    "chummy-challenge": WebGame(
        "chummy-challenge",
        "Chummy Challenge",
        "cardroom.web.chummy_screen",
        "Up to three challenges. Before each, every team names its GeoPlunger, a different "
        "player each time. The Power card picks the question's colour, and the question is "
        "read word by word: buzz GeoPlunge! at any moment (the big button, or the A and L "
        "keys) and answer. Right wins the challenge, wrong hands it to the other team; no "
        "buzz within 15 seconds is a tie. Two wins take the game; 2-0 earns the bonus.",
        {
            3: "Red and blue questions, chosen by the Power card's square.",
            4: "All five colours: the dealer picks one of the Power card's circles.",
        },
        modes=("bot", "local", "devices"),
    ),
    "sequence": WebGame(
        "sequence",
        "Sequence States & Capitals",
        "cardroom.web.sequence_screen",
        "Play a state card and put your chip on one of that state's two spaces. Make five "
        "chips in a row, across, down or diagonally: two sequences win with 2 players or "
        "teams, one with 3. ADD puts a chip on any open space, REMOVE takes an opponent's "
        "chip. A card whose two spaces are covered is dead: turn it in for a new one.",
        {},
        options=(
            Option(
                "players",
                "Players",
                {n: f"{n} players" for n in ("2", "3", "4", "6", "8", "9", "10", "12")},
                "2",
            ),
            Option(
                "teams",
                "Teams",
                {
                    "auto": "Usual split",
                    "none": "Each plays alone",
                    "2": "2 teams",
                    "3": "3 teams",
                },
                "auto",
                note="Alone up to 3 players; 9 players make 3 teams, the rest 2.",
            ),
            Option(
                "board",
                "Board",
                {"states": "States and capitals", "capitals": "Capitals only"},
                "states",
            ),
        ),
        modes=("bot", "local", "devices"),
        check=lambda options: __import__(
            "cardroom.web.sequence_setup", fromlist=["check_options"]
        ).check_options(options, options.get("mode", "")),
        mode_notes={
            "bot": "You hold seat 1; the computer plays every other seat.",
            "local": "Pass-and-play: the device goes round; each hand stays hidden.",
            "devices": "Two sides, one device each: 2 players, or 2 teams whose "
            "team-mates pass their side's device.",
        },
    ),
    "tri-virsity": WebGame(
        "tri-virsity",
        "Tri-Virsity",
        "cardroom.web.trivirsity_screen",
        "A word game for 2 to 8 players with letter cards in three suits. On your turn draw "
        "from the pile or take the top discard, lay down words of one suit or add letters at "
        "the front or back of any word on the table (you score the cards you add), then "
        "discard. Play every card and make the last discard to go out. Solitaire: go out "
        "before the face-up solitaire hand makes two suits of five.",
        {},
        modes=("bot", "local", "solitaire", "devices"),
        options=(
            Option(
                "players",
                "Players",
                {str(n): f"{n} players" for n in range(2, 9)},
                "2",
                modes=("bot", "local", "devices"),
            ),
            Option(
                "teams",
                "Partners",
                {"no": "Everyone for themselves", "yes": "Teams of two, partners sit across"},
                "no",
                modes=("bot", "local", "devices"),
                note="Teams need 4, 6 or 8 players; partners' points are added together.",
            ),
            Option(
                "variant",
                "Variant",
                {
                    "standard": "Standard: 10 cards, words of 3+ letters",
                    "four": "12 cards, words of 4+ letters",
                    "five": "15 cards, words of 5+ letters",
                    "beginner": "Beginners: 8 cards, words of 2+ letters",
                    "beginner6": "Beginners: 6 cards, words of 2+ letters",
                    "beginner10": "Beginners: 10 cards, words of 2+ letters",
                    "few-wilds": "Fewer wilds: 1 per suit, 1 tri-colour",
                },
                "standard",
                modes=("bot", "local", "devices"),
            ),
            Option(
                "beginner",
                "Level the field",
                {"none": "Everyone plays the same"}
                | {str(n): f"Player {n} plays as a beginner" for n in range(1, 9)},
                "none",
                modes=("bot", "local", "devices"),
                note="A beginner is dealt 8 cards and may spell words of 2 letters (R-118).",
            ),
            Option(
                "words",
                "Word checking",
                {
                    "strict": "Strict: the dictionary refuses a non-word",
                    "challenge": "Challenge: anyone may challenge a word",
                },
                "strict",
                modes=("bot", "local", "devices"),
            ),
            Option(
                "target",
                "Game length",
                {"500": "To 500 points", "250": "To 250", "100": "To 100", "hand": "One hand"},
                "500",
                modes=("bot", "local", "devices"),
            ),
        ),
        check=lambda options: __import__(
            "cardroom.web.trivirsity_logic", fromlist=["options_problem"]
        ).options_problem(options, options.get("mode", "")),
        mode_notes={
            "bot": "You against the computer (one computer player per other seat).",
            "local": "Pass-and-play: the device goes round; each hand stays hidden.",
            "solitaire": "You against the solitaire hand, face up.",
            "devices": "Two sides, one device each: 2 players, or 4 players as partners "
            "(partners pass their side's device).",
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
            "devices": "on two devices",
        }.get(self.mode, self.mode)
        game = WEB_GAMES.get(self.game)
        parts = [f"Level {self.level}"] if self.level else []
        if game is not None:
            values = dict(self.options)
            for o in game.options:
                if o.name in values and o.applies(self.mode, self.level):
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
    #: ``embed=1``: the screen without the site's header, nav and footer, for an iframe
    #: (R-185); carried through the game's history entries and Play again
    embed: bool = False

    @property
    def module(self) -> str:
        """The module that mounts the screen: the game's, or :data:`SCREEN_MODULES`'."""
        return self.game.module if self.game is not None else SCREEN_MODULES[self.screen]


#: The module that mounts each screen that is not a game's.
SCREEN_MODULES = {
    "atlas": "cardroom.web.atlas_screen",
    "home": "cardroom.web.app",
    "learn": "cardroom.web.learn_screen",
    "match": "cardroom.web.match_screen",
    "tournament": "cardroom.web.director_screen",
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
    if "learn" in params:  # Learn mode: learn_logic reads its options
        from cardroom.web.learn_logic import learn_problems  # noqa: PLC0415

        return Route("learn", problems=learn_problems(params))
    if "tournament" in params:  # the tournament director: director_logic reads it
        from cardroom.web.director_logic import tournament_problems  # noqa: PLC0415

        return Route("tournament", problems=tournament_problems(params))
    if "match" in params:  # a match: match_logic reads its options
        from cardroom.web.match_logic import match_problems  # noqa: PLC0415

        return Route("match", problems=match_problems(params))
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

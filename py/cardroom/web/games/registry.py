"""The one registry of the games the site offers (:data:`WEB_GAMES`): each game declares
here, in one :class:`WebGame` entry, everything the rest of the web layer asks of it:

* what the home page, the setup form and the links say and accept: title, how to play,
  levels, modes, difficulties and its own setup options (:class:`Option`, which are also
  its deep-link parameters; :attr:`WebGame.check` refuses a combination);
* where its code is: its screen module and :class:`~cardroom.web.kit.table.GameUI`
  class, the factory of its engine client (which seats the computer players), the
  computer on Team 1's seat when a match is watched, and what a match carries into it.

Code is named by ``"package.module:name"`` strings and imported only when used, by the
one loader :func:`load` (:meth:`WebGame.hook`): this module, which the router imports on
the start path, imports no game. Adding a game is its own package under
``cardroom/web/games/`` and one entry here. One game's choices are a :class:`Setup`.

Free of the engine, like :mod:`cardroom.web.platform.routes`, which parses links into these.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

__all__ = [
    "BORDER_UP",
    "BORDER_ZAP",
    "CHUMMY",
    "DASHING",
    "DIFFICULTY_TEXT",
    "MAX_SEED",
    "MODE_TEXT",
    "PLAY_THE_RANKS",
    "SEQUENCE",
    "STATE_IQ",
    "TRI_VIRSITY",
    "WEB_GAMES",
    "Option",
    "Setup",
    "WebGame",
    "load",
]

#: The games' slugs (their ``?game=`` in links, and in saves): code that must name one
#: game uses these.
BORDER_UP = "border-up"
STATE_IQ = "state-iq"
DASHING = "dashing-states"
PLAY_THE_RANKS = "play-the-ranks"
BORDER_ZAP = "border-zap"
CHUMMY = "chummy-challenge"
SEQUENCE = "sequence"
TRI_VIRSITY = "tri-virsity"

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


def load(ref: str) -> Any:
    """What ``"package.module:name"`` names, importing its module now (the registry's one
    loader: the games' code is imported when it is used, never by the registry)."""
    module, sep, name = ref.partition(":")
    if not sep or not module or not name:
        raise ValueError(f"{ref!r} is not a reference of the form 'package.module:name'")
    return getattr(importlib.import_module(module), name)


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
    """A game the site offers: what the home page and setup say, and where its code is.

    A game without levels has ``levels == {}`` (its setups have level 0). The fields
    named ``"package.module:name"`` are loaded by :meth:`hook` when they are used."""

    slug: str
    title: str
    #: the module that mounts its screen (``mount(route)``)
    module: str
    how_to: str
    levels: Mapping[int, str]
    modes: tuple[str, ...] = ("bot", "local")
    difficulties: tuple[str, ...] = ("easy", "medium", "hard")
    default_difficulty: str = "medium"
    options: tuple[Option, ...] = ()
    #: ``check(options, mode) -> str | None``: why a combination of options cannot be
    #: played (two devices need two sides, R-190); empty: every combination can
    check: str = ""
    #: its :class:`~cardroom.web.kit.table.GameUI` class in :attr:`module`, made with
    #: this entry (``ui(game)``): the kit's screen and a match's table both use it
    ui: str = ""
    #: ``engine(setup) -> LocalEngine``: its engine client, with the computer's seats
    engine: str = ""
    #: ``team_one_bot(setup, client)``: the computer on Team 1's seat (a watched match)
    team_one_bot: str = ""
    #: what a GeoPlunge match carries into it from the games before (the line between
    #: games says so): ``"guesser"`` (who guesses first, and the Power deck),
    #: ``"power"`` (the Power deck), ``"lead"`` (who leads), ``"challenges"`` (the
    #: Challenge deck's order); empty: nothing, or not a game of a match
    carry: str = ""
    mode_notes: Mapping[str, str] = field(default_factory=dict)
    difficulty_notes: Mapping[str, str] = field(default_factory=dict)
    #: when a team answers "Are you GeoPlunging?" in this game, as the prompt says it
    plunge_when: str = "Decide before you see your cards."

    def hook(self, name: str) -> Any:
        """The code this game's field ``name`` (``engine``, ``check``...) names."""
        ref = getattr(self, name)
        if not ref:
            raise LookupError(f"{self.title} has no {name}")
        return load(ref)

    def make_ui(self) -> Any:
        """A new :class:`~cardroom.web.kit.table.GameUI` of this game (Pyodide only)."""
        return load(f"{self.module}:{self.ui}")(self)

    def new_engine(self, setup: Setup) -> Any:
        """This game's engine client for ``setup`` (its computer seats included)."""
        return self.hook("engine")(setup)

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
        if not self.check:
            return None
        return self.hook("check")(options, mode)  # the mode matters too


WEB_GAMES: dict[str, WebGame] = {
    BORDER_UP: WebGame(
        BORDER_UP,
        "Border-Up",
        "cardroom.web.games.border_up.screen",
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
        ui="BorderUpUI",
        engine="cardroom.web.games.border_up.logic:engine",
        team_one_bot="cardroom.web.games.border_up.logic:team_one_bot",
    ),
    STATE_IQ: WebGame(
        STATE_IQ,
        "State IQ",
        "cardroom.web.games.state_iq.screen",
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
        mode_notes={
            "bot": "Your team plays the computer, clue by clue.",
            "local": "Pass and play: the device goes to the team whose turn it is; a "
            "hand-over screen hides each team's card from the other.",
        },
        plunge_when="Look at your card, then decide before the first clue.",
        ui="StateIQUI",
        engine="cardroom.web.games.state_iq.logic:engine",
        team_one_bot="cardroom.web.games.state_iq.logic:team_one_bot",
        carry="guesser",
    ),
    DASHING: WebGame(
        DASHING,
        "Dashing States",
        "cardroom.web.games.dashing_states.screen",
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
        plunge_when="Decide before the first race.",
        ui="DashingUI",
        engine="cardroom.web.games.dashing_states.logic:engine",
        team_one_bot="cardroom.web.games.dashing_states.logic:team_one_bot",
        carry="power",
    ),
    PLAY_THE_RANKS: WebGame(
        PLAY_THE_RANKS,
        "Play the Ranks",
        "cardroom.web.games.tricks.screen",
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
        ui="TricksUI",
        engine="cardroom.web.games.tricks.logic:engine",
        team_one_bot="cardroom.web.games.tricks.logic:team_one_bot",
        carry="lead",
    ),
    BORDER_ZAP: WebGame(
        BORDER_ZAP,
        "Play the Border Zap",
        "cardroom.web.games.tricks.screen",
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
        ui="TricksUI",
        engine="cardroom.web.games.tricks.logic:engine",
        team_one_bot="cardroom.web.games.tricks.logic:team_one_bot",
        carry="lead",
    ),
    CHUMMY: WebGame(
        CHUMMY,
        "Chummy Challenge",
        "cardroom.web.games.chummy.screen",
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
        plunge_when="Decide before the first challenge.",
        ui="ChummyUI",
        engine="cardroom.web.games.chummy.logic:engine",
        team_one_bot="cardroom.web.games.chummy.logic:team_one_bot",
        carry="challenges",
    ),
    SEQUENCE: WebGame(
        SEQUENCE,
        "Sequence States & Capitals",
        "cardroom.web.games.sequence.screen",
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
        check="cardroom.web.games.sequence.setup:check_options",
        mode_notes={
            "bot": "You hold seat 1; the computer plays every other seat.",
            "local": "Pass-and-play: the device goes round; each hand stays hidden.",
            "devices": "Two sides, one device each: 2 players, or 2 teams whose "
            "team-mates pass their side's device.",
        },
        ui="SequenceUI",
        engine="cardroom.web.games.sequence.logic:engine",
    ),
    TRI_VIRSITY: WebGame(
        TRI_VIRSITY,
        "Tri-Virsity",
        "cardroom.web.games.trivirsity.screen",
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
                note="A beginner is dealt 8 cards and may spell words of 2 letters.",
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
        check="cardroom.web.games.trivirsity.logic:options_problem",
        mode_notes={
            "bot": "You against the computer (one computer player per other seat).",
            "local": "Pass-and-play: the device goes round; each hand stays hidden.",
            "solitaire": "You against the solitaire hand, face up.",
            "devices": "Two sides, one device each: 2 players, or 4 players as partners "
            "(partners pass their side's device).",
        },
        ui="TriUI",
        engine="cardroom.web.games.trivirsity.logic:engine",
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

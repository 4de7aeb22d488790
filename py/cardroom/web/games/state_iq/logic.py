"""State IQ's screen logic, not the DOM (tested on CPython): the engine client with the
computer's team, who the screen shows and when the device changes hands, the Clue cards'
options as the clue-giving team sees them, reading a typed guess, and the words of the
log and the result. The setup, clock, saves and result frame are the kit's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardroom import atlas, names
from cardroom.core import Bot, Move, Moves, MoveSpace
from cardroom.geoplunge import decks
from cardroom.geoplunge.state_iq import (
    CARDS,
    GAME,
    GuessPlayed,
    GuessSpace,
    clue_choices,
    summary,
)
from cardroom.geoplunge.state_iq_bot import StateIQBot
from cardroom.web.kit.logic import Hosting, LocalEngine, Setup

__all__ = [
    "team_one_bot",
    "BOT_SEAT",
    "ClueOption",
    "GuessReading",
    "clue_options",
    "clue_lines",
    "describe",
    "computer",
    "engine",
    "hosting",
    "flag_code",
    "legal_from_view",
    "mid",
    "poss",
    "read_guess",
    "result_summary",
    "status_text",
    "verb",
    "viewer",
    "wrong_guesses",
]

#: The computer's team against a person (the person is Team 1, seat 0).
BOT_SEAT = 1


# ------------------------------------------------------------------ the computer's team


def _given_now(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [
        c for c in view["clues"] if c["team"] == view["guesser"] and c["guess"] == view["guess_no"]
    ]


def wrong_guesses(view: Mapping[str, Any]) -> set[str]:
    """The states the guessing team has already named wrongly for the card it is after
    now (they cannot be named again, R-28)."""
    guesser = view["guesser"]
    if guesser is None:
        return set()
    target = len(view["cards"][1 - guesser]) - 1
    return {
        g["code"]
        for g in view["guesses"]
        if g["team"] == guesser and g["target"] == target and not g["correct"]
    }


def legal_from_view(view: Mapping[str, Any], seat: int) -> MoveSpace:
    """The moves ``seat`` may make, worked out from its own view alone (the same space
    as the engine's, which a test checks)."""
    if seat not in view["to_move"]:
        return Moves()
    phase = view["phase"]
    if phase == "plunge":
        return Moves((Move(seat, "plunge", True), Move(seat, "plunge", False)))
    if phase == "clue":
        return Moves(Move(seat, "clue", f) for f in _choices(view))
    if phase == "guess":
        return GuessSpace(seat, frozenset(CARDS) - wrong_guesses(view))
    return Moves()


def computer(difficulty: str, seed: int, seat: int) -> Bot:
    """The engine's State IQ bot for ``seat`` of deal ``seed``."""
    return StateIQBot(difficulty, f"{seed}:{seat}")


def _key(view: Mapping[str, Any], moves: int) -> Any:
    if view["phase"] == "plunge":  # the other team deciding first changes nothing
        return ("plunge", view["plunge"]["mine"] is None)
    return (view["phase"], len(view["clues"]), len(view["guesses"]), tuple(view["to_move"]))


def hosting(level: int, difficulty: str) -> Hosting:
    """The computer's team plans again after every move of its own game (in the
    GeoPlunging phase once, whoever decides first), seeded per deal and move so that a
    game replays exactly (R-133); it takes its thinking time from the table's, that of
    the move before (R-243)."""
    return Hosting(key=_key, rng=lambda seed, seat, key: f"{seed}:{level}:{key}:{difficulty}")


def engine(setup: Setup) -> LocalEngine:
    """The engine client for ``setup`` (the computer plays Team 2 in ``bot`` mode, taking
    its time from the table's, R-243)."""
    seed = setup.seed or 0
    bots = {BOT_SEAT: computer(setup.difficulty, seed, BOT_SEAT)} if setup.mode == "bot" else {}
    how = hosting(setup.level, setup.difficulty)
    return LocalEngine(GAME, seed, {"level": setup.level}, bots, how)


def team_one_bot(setup: Setup) -> tuple[Bot, int]:
    """The computer on Team 1's seat, seat 0 (a match's watch mode: both teams are the
    computer), and the seed it draws from: the game screen's own computer."""
    seed = int(setup.seed or 0)
    return computer(setup.difficulty, seed, 0), seed


# ------------------------------------------------------------------ who sees the screen


def mid(team: str) -> str:
    """A team's name inside a sentence ("the computer", "Team 2", "you")."""
    return team[0].lower() + team[1:] if team in ("You", "The computer") else team


def poss(team: str) -> str:
    """A team's possessive inside a sentence ("your", "the computer's", "Team 2's")."""
    return "your" if team == "You" else f"{mid(team)}'s"


def verb(team: str, third: str, plain: str) -> str:
    """``team`` and its verb: "You guess", "Team 1 guesses"."""
    return f"{team} {plain if team == 'You' else third}"


def viewer(view: Mapping[str, Any], mode: str, seat: int = 0) -> int | None:
    """The team the screen is for now: always Team 1 against the computer, and the
    device's own team (``seat``) on two devices; in pass-and-play the team that must act
    (the first undecided team while both say whether they are GeoPlunging). None once a
    pass-and-play game is over."""
    if mode == "bot":
        return 0
    if mode == "devices":
        return seat
    to_move = view["to_move"]
    if not to_move:
        return None
    return min(to_move)


def status_text(view: Mapping[str, Any], teams: Sequence[str], me: int | None) -> str:
    """The status line: who does what now."""
    phase = view["phase"]
    if phase == "over":
        return "The game is over."
    if phase == "plunge":
        return "Look at your card, then say whether you are GeoPlunging."
    guesser, giver = view["guesser"], 1 - view["guesser"]
    n = view["guess_no"]
    if phase == "clue":
        if me == giver:
            k = len(_given_now(view)) + 1
            of = len(view["turned"])
            which = f" (Clue card {k} of {of})" if of > 1 else ""
            return f"Give {mid(teams[guesser])} a clue for guess {n}{which}: pick one option."
        return f"{teams[giver]} is choosing a clue for guess {n}."
    if me == guesser:
        return f"Guess {n} of 3: name {poss(teams[giver])} state."
    return f"{teams[guesser]} is making guess {n}."


# ------------------------------------------------------------------ clues


@dataclass(frozen=True, slots=True)
class ClueOption:
    """One clue the giving team may give: the option and value, and its words."""

    kind: str
    value: str
    label: str  # the option as printed on the Clue card ("A border state")
    text: str  # the clue as the guessers will read it

    @property
    def flag(self) -> str | None:
        return flag_code(self.kind, self.value)


def flag_code(kind: str, value: str) -> str | None:
    """The postal code whose flag picture a flag clue shows (R-23), else None."""
    return decks.flag_of_token(value) if kind == "flag" else None


def clue_options(view: Mapping[str, Any]) -> tuple[dict[str, Any], list[ClueOption]] | None:
    """The Clue card the giving team answers now and every clue it may give from it
    (an option of the card, true of its card; R-27), or None when no clue is due."""
    if view["phase"] != "clue" or view["held"] is None or view["team"] != 1 - view["guesser"]:
        return None
    card = view["turned"][len(_given_now(view))]
    out = []
    for kind, value in _choices(view):
        k = decks.CLUE_KINDS[kind]
        out.append(ClueOption(kind, value, k.label, decks.clue_text(kind, value)))
    return card, out


def _choices(view: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """The clues the giving team may give now (R-221: the clues of a guess differ)."""
    given = [(c["kind"], c["value"]) for c in _given_now(view)]
    turned = [c["options"] for c in view["turned"]]
    return clue_choices(turned, view["held"], given)


def clue_lines(view: Mapping[str, Any], guesser: int) -> list[dict[str, Any]]:
    """The clues given to ``guesser`` about each card, in order: ``target`` (which card of
    the giving team, Level 4 deals new ones), ``guess``, ``text`` and ``flag``."""
    return [
        {
            "target": c["target"],
            "guess": c["guess"],
            "card": c["card"],
            "text": c["text"],
            "flag": flag_code(c["kind"], c["value"]),
        }
        for c in view["clues"]
        if c["team"] == guesser
    ]


# ------------------------------------------------------------------ typed guesses


@dataclass(frozen=True, slots=True)
class GuessReading:
    """How a typed guess reads: ``code`` when it names one state that may be guessed,
    else ``problem`` (a sentence); ``note`` says what it reads as while typing."""

    code: str | None
    problem: str | None
    note: str


def read_guess(text: str, wrong: set[str] | frozenset[str] = frozenset()) -> GuessReading:
    """Read a typed guess through :mod:`cardroom.names` (slips forgiven, another state's
    name never accepted, R-25, R-28)."""
    if not text.strip():
        return GuessReading(None, "Type a state's name, or pick it on the map.", "")
    m = names.resolve_state(text)
    if m.code is None:
        if m.status == "ambiguous":
            both = " or ".join(atlas.by_code()[c].name for c in m.candidates)
            return GuessReading(None, f"That could be {both}: type more of the name.", "")
        return GuessReading(None, f"No state is called “{text.strip()}”.", "")
    name = atlas.by_code()[m.code].name
    if m.code in wrong:
        return GuessReading(None, f"{name} was already guessed: pick another state.", "")
    return GuessReading(m.code, None, f"Reads as {name}." if m.status == "close" else name)


# ------------------------------------------------------------------ words


def _name(code: str) -> str:
    return atlas.by_code()[code].name


def describe(move: Mapping[str, Any], teams: Sequence[str], over: bool) -> str | None:
    """The log line of a move (a GeoPlunging answer stays secret until both are in)."""
    seat, kind, data = move["seat"], move["kind"], move.get("data")
    if seat not in (0, 1):
        return None
    who = teams[seat]
    if kind == "plunge":
        return f"{who} decided about GeoPlunging."
    if kind == "clue":
        k, v = data
        if k == "flag":
            return f"{who} gave a clue: the flag."
        return f"{who} gave a clue: {decks.clue_text(k, v)}."
    if kind == "guess":
        m = names.resolve_state(str(data))
        return f"{who} guessed {_name(m.code) if m.code else data}."
    return None


def result_summary(view: Mapping[str, Any], teams: Sequence[str]) -> str:
    """The result's "why" with the teams' own names (R-131), from a finished game's view."""
    guesses = tuple(
        GuessPlayed(g["team"], g["guess"], g["code"], g["target"], g["correct"])
        for g in view["guesses"]
    )
    return summary(view["level"], view["first"], guesses, (teams[0], teams[1]))


#: Which of Learn's quiz kinds a Clue card option tests (options without one teach
#: nothing Learn drills: a postal code's letter, electoral votes, the PATOS).
LEARN_KIND = {
    "time_zone": "time-zones",
    "capital_letter": "capitals",
    "capital": "capitals",
    "border_count": "borders",
    "border": "borders",
    "statehood_band": "statehood",
    "statehood_rank": "statehood",
    "statehood_year": "statehood",
    "population_band": "population",
    "population_rank": "population",
    "size_band": "area",
    "size_rank": "area",
    "flower": "flowers",
    "bird": "birds",
    "top_city": "cities",
    "largest_city": "cities",
    "flag": "flags",
    "nickname": "nicknames",
}


def learn_facts(final: Mapping[str, Any], teams: Sequence[int]) -> list[tuple[str, bool]]:
    """What a finished game teaches Learn's statistics: for each guess of a person's team,
    the facts its clues tested about the card it was about (``capitals:MT``...), right
    when the guess was. From the public view of the finished game, where every card
    shows."""
    out: list[tuple[str, bool]] = []
    for g in final["guesses"]:
        if g["team"] not in teams:
            continue
        held = final["cards"][1 - g["team"]][g["target"]]
        if not held:
            continue
        kinds = {
            LEARN_KIND[c["kind"]]
            for c in final["clues"]
            if c["team"] == g["team"]
            and c["target"] == g["target"]
            and c["guess"] <= g["guess"]
            and c["kind"] in LEARN_KIND
        }
        out.extend((f"{k}:{held}", bool(g["correct"])) for k in sorted(kinds))
    return out

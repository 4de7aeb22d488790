"""Chummy Challenge's screen logic, not the DOM (tested on CPython): the engine client
with the dealer and the computer's seat, the buzzer keys, and every sentence the screen
shows. The setup, clock, saves and result frame are the kit's.

* The dealer is the table (R-145): once both GeoPlungers are named it turns the top Power
  card (:data:`DEAL_MS` later) and, at Level 4 on a card with two circles, picks one at
  random from the deal number, so a game replays exactly.
* The computer is :class:`cardroom.geoplunge.chummy_bot.ChummyBot`, hosted by the engine
  client: it plans again whenever a word is read (R-69, :data:`HOSTING`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from cardroom import atlas, names
from cardroom.core import REFEREE, Bot, Move
from cardroom.geoplunge import challenge, decks
from cardroom.geoplunge.chummy import GAME, PLAYERS
from cardroom.geoplunge.chummy_bot import ChummyBot
from cardroom.web.kit.logic import Hosting, LocalEngine, Setup

__all__ = [
    "team_one_bot",
    "BOT_SEAT",
    "COLOUR_NOTE",
    "DEAL_MS",
    "HOSTING",
    "KEYS",
    "ChummyEngine",
    "answer_sentence",
    "challenge_line",
    "check_answer",
    "colour_label",
    "countdown",
    "dealer_pick",
    "describe",
    "computer",
    "engine",
    "free_players",
    "key_team",
    "player_name",
    "power_text",
    "right_spelling",
    "source_text",
    "summary",
]

#: The computer's seat against a person (the person is Team 1, seat 0).
BOT_SEAT = 1
#: From the second GeoPlunger named to the first word read: the dealer turns the cards.
DEAL_MS = 1500
#: The buzzer keys: A for Team 1 (the left hand), L for Team 2 (R-146).
KEYS = {"a": 0, "l": 1}
COLOUR_NOTE = {
    "red": "easiest",
    "blue": "easy",
    "green": "medium",
    "yellow": "hard",
    "purple": "hardest",
}


# ------------------------------------------------------------------ the dealer


def dealer_pick(seed: int, number: int, power: str, level: int) -> int:
    """The circle the table's dealer asks in challenge ``number`` (1-based) of deal
    ``seed``: 0 at Level 3 and on a one-circle card, else 0 or 1 at random (R-145)."""
    if level != 4 or len(decks.power_card(power).circles) < 2:
        return 0
    return random.Random(f"chummy-dealer:{seed}:{number}").randrange(2)


# ------------------------------------------------------------------ the computer


def computer(difficulty: str, seed: int) -> Bot:
    """The engine's Chummy Challenge bot of ``difficulty`` for deal ``seed``."""
    return ChummyBot(difficulty, seed)


def replan_key(view: Mapping[str, Any], moves: int) -> Any:
    """When the computer is asked again: at each word read, buzz and answer (R-69)."""
    cur = view.get("current") or {}
    return (
        view["phase"],
        cur.get("number"),
        len(cur.get("words") or ()),
        len(cur.get("buzzes") or ()),
        cur.get("my_answer") is None,
    )


#: The computer plans again whenever a word is read; its buzz carries its own time.
HOSTING = Hosting(key=replan_key)


# ------------------------------------------------------------------ the engine client


class ChummyEngine(LocalEngine):
    """The kit's engine client, with the table as the dealer (R-145): the ``ask`` is made
    here, :data:`DEAL_MS` after both GeoPlungers are named."""

    def _ask_due(self) -> int | None:
        if self.over or self.state.phase != "ask":
            return None
        return int(self.state.now) + DEAL_MS

    def clock_due(self) -> tuple[str, int] | None:
        if not self.over and self.state.phase == "ask":
            return None  # the dealer's ask carries a pick: made by advance()
        return super().clock_due()

    def next_due(self) -> int | None:
        times = [t for t in (super().next_due(), self._ask_due()) if t is not None]
        return min(times) if times else None

    def advance(self, now: int) -> list[dict[str, Any]]:
        done = super().advance(now)
        for _ in range(4):
            due = self._ask_due()
            if due is None or due > now:
                break
            r = self.state.current
            pick = dealer_pick(self.seed, len(self.state.rounds), r.power, self.state.level)
            self._apply(Move(REFEREE, "ask", pick, max(due, self._now())))
            done.append(self.moves[-1])
            self.replan()
            done += super().advance(now)
        return done


def engine(setup: Setup, **timing: int) -> ChummyEngine:
    """The engine client of one Chummy Challenge game (the computer is seat 1 against a
    person); ``timing`` overrides the engine's (``word_ms``...), for tests."""
    assert setup.seed is not None
    bots = {BOT_SEAT: computer(setup.difficulty, setup.seed)} if setup.mode == "bot" else {}
    return ChummyEngine(GAME, setup.seed, {"level": setup.level, **timing}, bots, HOSTING)


def team_one_bot(setup: Setup) -> tuple[Bot, int]:
    """The computer on Team 1's seat, seat 0 (a match's watch mode: both teams are the
    computer), and the seed it draws from: the game screen's own computer."""
    seed = int(setup.seed or 0) + 1
    return computer(setup.difficulty, seed), seed


# ------------------------------------------------------------------ what the screen says


def player_name(player: int) -> str:
    return f"Player {player + 1}"


def free_players(view: Mapping[str, Any], team: int) -> list[int]:
    """The players of ``team`` who may still be GeoPlunger (R-62)."""
    used = set(view["geoplungers"][team])
    return [p for p in range(PLAYERS) if p not in used]


def colour_label(colour: str) -> str:
    """ "Red question (easiest)"."""
    return f"{colour.capitalize()} question ({COLOUR_NOTE[colour]})"


def key_team(key: str, mode: str) -> int | None:
    """The team a buzzer key buzzes for: A and L on one device; against the computer
    both keys buzz for you (R-146)."""
    team = KEYS.get(key.lower()) if len(key) == 1 else None
    if team is None:
        return None
    return 0 if mode == "bot" else team


def countdown(view: Mapping[str, Any], now: int) -> tuple[str, int | None]:
    """The bar's line and seconds left for the phase in ``view`` at table time ``now``."""
    phase = view["phase"]
    cur = view.get("current") or {}
    left = lambda due: max(0, -(-(int(due) - now) // 1000))  # noqa: E731
    if phase == "plunge":
        return "Are you GeoPlunging?", left(view["plunge_deadline"])
    if phase == "seat":
        return f"Challenge {cur.get('number')}: name your GeoPlunger", None
    if phase == "ask":
        return "The dealer turns the Power card…", None
    if phase == "read":
        if cur.get("deadline") is not None:
            return "Buzz now or it is a tie", left(cur["deadline"])
        return "Reading the question…", None
    if phase == "window":
        return "GeoPlunge!", None
    if phase == "answer" and cur.get("deadline") is not None:
        return "Time to answer", left(cur["deadline"])
    return "", None


def power_text(power: str, level: int, colour: str | None) -> str:
    """The Power card as the screen describes it once the challenge is over (R-63)."""
    card = decks.power_card(power)
    if level == 3:
        return f"Power card {power}: the {card.square} square asked the {card.square} question."
    circles = " and ".join(card.circles)
    if len(card.circles) == 1:
        return f"Power card {power}: one {circles} circle."
    return f"Power card {power}: {circles} circles; the dealer picked {colour}."


def _who(team: int, names: Sequence[str]) -> str:
    return names[team]


def challenge_line(ch: Mapping[str, Any], names: Sequence[str]) -> str:
    """How a finished challenge ended, in one sentence."""
    how, winner = ch["how"], ch["winner"]
    buzzes = ch["buzzes"]
    if how == "silence":
        return "Nobody buzzed within 15 seconds: a tie."
    if how == "both":
        right = [a["team"] for a in ch["answers"] if a["correct"]]
        lead = "Both teams buzzed at once and answered secretly: "
        if winner is None:
            return lead + ("both were right: a tie." if right else "neither was right: a tie.")
        return lead + f"only {_who(winner, names)} {_verb(names, winner, 'was')} right."
    first = buzzes[0][0] if buzzes else 0
    who = _who(first, names)
    if how == "right":
        return f"{who} buzzed and answered right: {who} {_verb(names, first, 'wins')}."
    other = _who(1 - first, names)
    if how == "unanswered":
        return (
            f"{who} buzzed but did not answer in time: {other} {_verb(names, 1 - first, 'wins')}."
        )
    return f"{who} buzzed and answered wrong: {other} {_verb(names, 1 - first, 'wins')}."


def _verb(names: Sequence[str], team: int, verb: str) -> str:
    """ "You win" / "The computer wins"."""
    if names[team] == "You":
        return {"wins": "win", "was": "were"}.get(verb, verb)
    return verb


def summary(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """One sentence on how the game ended (the result's reason)."""
    result = view["result"]
    winners = [c["winner"] for c in view["challenges"]]
    wins = [sum(w == t for w in winners) for t in (0, 1)]
    ties = sum(w is None for w in winners)
    tally = f"{wins[0]}-{wins[1]}" + (f", {ties} tie{'s' * (ties != 1)}" if ties else "")
    w = result["winner"]
    if w is None:
        return f"No team won two challenges ({tally}): the game is a tie."
    if result["bonus"]:
        return f"{names[w]} won the first two challenges: a 2-0 win takes the bonus."
    return f"{names[w]} won two challenges ({tally})."


def describe(move: Mapping[str, Any], view: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """The game log's line for ``move`` (secret answers say only that they were given)."""
    seat, kind, data = move["seat"], move["kind"], move.get("data")
    if seat == REFEREE:
        if kind == "count":
            return "GeoPlunging decided."
        if kind == "ask":
            cur = view.get("current") or {}
            colour = cur.get("colour")
            return f"The dealer asks the {colour} question." if colour else None
        if kind == "time" and view["challenges"]:
            last = view["challenges"][-1]
            return {"silence": "No buzz: a tie.", "unanswered": "Time to answer is up."}.get(
                last["how"]
            )
        return None
    who = names[seat]
    if kind == "plunge":
        return f"{who} decided." if view["phase"] == "plunge" else None
    if kind == "geoplunger":
        return f"{who}: {player_name(int(data))} is GeoPlunger."
    if kind == "buzz":
        return f"{who} buzzed GeoPlunge!"
    if kind == "answer":
        return f"{who} answered."
    return None


def right_spelling(q: challenge.Question, text: str | Sequence[str]) -> list[str]:
    """The right spelling of each part of an accepted answer to ``q`` that was accepted
    only by forgiving a slip ("Iow" -> "Iowa"), in the order typed; empty when the answer
    was wrong or spelled right. The same test as Learn's "It is spelled ..." and Dashing
    States' "(spelled Texas)": :func:`cardroom.names.misspelled`."""
    verdict = challenge.check(q, text)
    if not verdict.correct or q.type == "number":
        return []
    every = atlas.by_code()
    out: list[str] = []
    for part, i in zip(verdict.parts, verdict.matched, strict=True):
        if i is None:
            continue
        spellings = q.answers[i]
        key = names.normalise(part)
        right = min(spellings, key=lambda s: names.distance(key, names.normalise(s)))
        if q.type in ("state", "capital"):
            m = (
                names.resolve_state(part, codes=True)
                if q.type == "state"
                else names.resolve_capital(part)
            )
            if m.code is not None:
                s = every[m.code]
                right = s.name if q.type == "state" else s.capital
        if all(names.misspelled(part, s) for s in (right, *spellings)):
            out.append(right)
    return out


def answer_sentence(
    answer: Mapping[str, Any], names_: Sequence[str], q: challenge.Question | None = None
) -> str:
    """ "Team 1 answered “Boise”: right." for a finished challenge; with the question ``q``,
    a right answer accepted despite a slip adds its spelling: "right, spelled Iowa."."""
    text = answer["text"]
    shown = text if isinstance(text, str) else ", ".join(text)
    verdict = "right" if answer["correct"] else "wrong"
    fixed = right_spelling(q, text) if q is not None and answer["correct"] and text else []
    if fixed:
        verdict += f", spelled {', '.join(fixed)}"
    return f"{names_[answer['team']]} answered “{shown or '(nothing)'}”: {verdict}."


def source_text(source: str | None) -> str:
    """Where a challenge's answer comes from, in plain words: the atlas questions'
    ``"atlas"`` becomes a sentence a child understands."""
    if not source:
        return ""
    if source == "atlas":
        return "Source: the state facts in this app's US atlas"
    return f"Source: {source}"


def check_answer(card: int, colour: str, text: str) -> bool:
    """The engine's checker on a typed answer (R-61): used by tests and the result."""
    return challenge.check(challenge.question(card, colour), text).correct

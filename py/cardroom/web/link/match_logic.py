"""A whole match on two devices: the match's public state as it travels (plain Python,
tested on CPython; R-194..R-196).

The host runs the :class:`cardroom.match.Match` and every game's engine; for each pick
or game it starts a :class:`cardroom.link.HostSession` (a new session id), and between
its messages it sends the guest the match's **public state** (``match`` message):
the stage (a game, between games, the result), the Combo, the kind of round, the
round clock, the order of the games, each game played with its points and time, and
what is up with its public carry-overs (who starts, Game 4's version). Nothing in it is
a card, a deal number or a secret pick: the guest cannot deal the next games from it.

:func:`match_state` makes it on the host; :func:`read_match_state` checks it on the
guest (:class:`~cardroom.link.Refused` for anything out of place) and gives a
:class:`MatchView`, which answers what the match screen asks of a ``Match`` (points,
games played, what is up, the round clock), so the guest's bar, the screen between
games and the result are the host's, drawn by the same functions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardroom import scoring
from cardroom.link import Refused
from cardroom.match import (
    COMBO_GAMES,
    KINDS_OF,
    MAX_MINUTES,
    Match,
    MatchTally,
    PickGame,
    Played,
)
from cardroom.web.games.registry import BORDER_ZAP, PLAY_THE_RANKS, WEB_GAMES

__all__ = [
    "STAGES",
    "MatchView",
    "UpView",
    "match_state",
    "read_match_state",
]

#: the stages of a match the guest follows: a pick or game on the table, the screen
#: between games, the result
STAGES = ("game", "between", "result")
#: the most games a match state lists (a 60-minute round of quick games)
MAX_PLAYED = 60
#: the engine of the picks (Game 0)
PICK = PickGame.slug
#: Game 4 at Levels 3 and 4 is one of these, chosen by a turned Power card (R-164)
GAME_4 = (PLAY_THE_RANKS, BORDER_ZAP)
#: every game a match state may name: the Combos' games, Game 4's two and the picks
_SLUGS = {s for _, games in COMBO_GAMES.values() for s in games if s in WEB_GAMES}
_SLUGS |= {*GAME_4, PICK}
#: the versions of a game (None: a game without its ``version`` option)
_VERSIONS = (
    None,
    *next(o.choices for o in WEB_GAMES[PLAY_THE_RANKS].options if o.name == "version"),
)


@dataclass(frozen=True, slots=True)
class UpView:
    """What is up, as the guest knows it: the game number (0: the picks), its engine's
    slug, its public options (level, who starts, Game 4's version) and its deadline on
    its own clock (None: the picks have no clock)."""

    number: int
    slug: str
    options: dict[str, Any]
    deadline_ms: int | None


@dataclass(frozen=True)
class MatchView(MatchTally):
    """The match on the guest: the host's public state, with the calls the match
    screen makes of a :class:`~cardroom.match.Match`."""

    combo: int
    kind: str
    limit_ms: int
    stage: str
    order: tuple[int, ...]
    played: tuple[Played, ...]
    over: bool
    next_up: UpView | None = None
    seed: None = field(default=None)

    def up(self) -> UpView:
        if self.over or self.next_up is None:
            raise ValueError("the match is over")
        return self.next_up


# ------------------------------------------------------------------ the host


def match_state(m: Match, stage: str) -> dict[str, Any]:
    """The public state of ``m`` at ``stage`` (the ``match`` message's ``state``)."""
    if stage not in STAGES:
        raise ValueError(f"stage is one of {STAGES}")
    up: dict[str, Any] | None = None
    if not m.over:
        u = m.up()
        carry = u.options.get("carry") or {}
        up = {
            "number": u.number,
            "slug": u.slug,
            "winner": carry.get("winner") if isinstance(carry, Mapping) else None,
            "version": u.options.get("version"),
        }
    return {
        "stage": stage,
        "combo": m.combo,
        "kind": m.kind,
        "minutes": m.limit_ms // 60_000,
        "order": list(m.order),
        "played": [
            [p.number, p.slug, p.points[0], p.points[1], p.ms, p.timed_out] for p in m.played
        ],
        "over": m.over,
        "up": up,
    }


# ------------------------------------------------------------------ the guest


def _int(v: Any, lo: int, hi: int, what: str) -> int:
    if type(v) is not int or not lo <= v <= hi:
        raise Refused(f"the match state's {what} is not valid")
    return v


def _slug_of(combo: int, number: int, slug: Any) -> str:
    """``slug`` if it is the engine of Game ``number`` of the Combo (0: the picks)."""
    if not isinstance(slug, str) or slug not in _SLUGS:
        raise Refused("the match state names a game this site does not have")
    if number == 0:
        ok = slug == PICK
    else:
        listed = COMBO_GAMES[combo][1][number - 1]
        ok = slug == listed or (listed == "game-4" and slug in GAME_4)
    if not ok:
        raise Refused(f"Game {number} of Combo {combo} is not {slug}")
    return slug


def read_match_state(state: Any) -> MatchView:
    """The guest's :class:`MatchView` of a ``match`` message's ``state``, checked field by
    field (exactly these fields, of these types, consistent with each other and with
    the Combo's games and the scoring table). Raises :class:`Refused`."""
    keys = {"stage", "combo", "kind", "minutes", "order", "played", "over", "up"}
    if not isinstance(state, dict) or set(state) != keys:
        raise Refused("the match state does not have the fields of one")
    stage = state["stage"]
    if stage not in STAGES:
        raise Refused("the match state's stage is not valid")
    combo = _int(state["combo"], 2, 4, "combo")
    kind = state["kind"]
    if not isinstance(kind, str) or kind not in KINDS_OF[combo]:
        raise Refused("the match state's kind of round is not one of its Combo's")
    limit = _int(state["minutes"], 1, MAX_MINUTES, "round clock") * 60_000
    n_games = len(COMBO_GAMES[combo][1])
    raw_order = state["order"]
    if not isinstance(raw_order, list) or len(raw_order) > n_games:
        raise Refused("the match state's order is not valid")
    order = tuple(_int(x, 1, n_games, "order") for x in raw_order)
    if len(set(order)) != len(order):
        raise Refused("the match state's order repeats a game")
    picks = kind in ("afternoon", "call")
    if not picks and order != tuple(range(1, n_games + 1)):
        raise Refused(f"a {kind} round plays every game in order")
    if picks and order and not (2 <= len(order) <= 4):
        raise Refused("the games picked are two to four")
    raw_played = state["played"]
    if not isinstance(raw_played, list) or len(raw_played) > MAX_PLAYED:
        raise Refused("the match state's games played are not valid")
    played: list[Played] = []
    for i, row in enumerate(raw_played):
        if not isinstance(row, list) or len(row) != 6:
            raise Refused(f"game {i + 1} of the match state is not valid")
        number = _int(row[0], 0, n_games, "game number")
        slug = _slug_of(combo, number, row[1])
        a = _int(row[2], 0, scoring.MAX_POINTS, "points")
        b = _int(row[3], 0, scoring.MAX_POINTS, "points")
        ms = _int(row[4], 0, limit, "game time")
        timed_out = row[5]
        if type(timed_out) is not bool or (timed_out and (a, b) != (0, 0)):
            raise Refused("a game stopped by the round clock scores nothing")
        if number and number not in order:
            raise Refused(f"Game {number} is not one of the games picked")
        if (number == 0) != (i == 0 and picks):
            raise Refused("the picks come first, once")
        winner = None if timed_out or a == b else int(b > a)
        played.append(Played(number, slug, {}, 0, (), (a, b), winner, ms, timed_out))
    if picks and bool(order) != bool(played):
        raise Refused("the games are picked before any is played")
    if sum(p.ms for p in played) > limit:
        raise Refused("the games played took longer than the round clock")
    if any(p.timed_out for p in played[:-1]):
        raise Refused("only the last game is stopped by the round clock")
    over = state["over"]
    if type(over) is not bool or over != (stage == "result"):
        raise Refused("the match state's result and stage disagree")
    raw_up = state["up"]
    up: UpView | None = None
    if over:
        if raw_up is not None:
            raise Refused("nothing is up after the match")
    else:
        if not isinstance(raw_up, dict) or set(raw_up) != {"number", "slug", "winner", "version"}:
            raise Refused("the match state does not say what is up")
        number = _int(raw_up["number"], 0, n_games, "game up")
        if (number == 0) != (not order) or (number and number not in order):
            raise Refused("the game up is not one of the games picked")
        slug = _slug_of(combo, number, raw_up["slug"])
        winner = raw_up["winner"]
        if winner is not None and winner not in (0, 1) or type(winner) is bool:
            raise Refused("the game up's first team is not valid")
        version = raw_up["version"]
        versioned = slug in WEB_GAMES and any(o.name == "version" for o in WEB_GAMES[slug].options)
        if version not in _VERSIONS or (version is not None and not versioned):
            raise Refused("the game up's version is not valid")
        options: dict[str, Any] = {"level": COMBO_GAMES[combo][0], "carry": {"winner": winner}}
        if version is not None:
            options["version"] = version
        deadline = None if number == 0 else limit - sum(p.ms for p in played)
        up = UpView(number, slug, options, deadline)
    return MatchView(combo, kind, limit, stage, order, tuple(played), over, up)

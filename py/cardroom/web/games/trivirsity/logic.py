"""Tri-Virsity's screen logic, not the DOM (tested on CPython): the match of hands behind the
kit's engine client, the computer seats, and the text of the log and the result. The word
builder (typing a word picks its cards, where table words may grow) is
``trivirsity_spelling``.

The kit runs one engine game per table; a Tri-Virsity game is a match of hands to a target
(R-90), so :class:`TriMatch` chains the engine's hands (``GAME.next_hand``) inside one
state, the next hand dealt when a person presses "Next hand" (R-150)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardroom.core import (
    REFEREE,
    Bot,
    BotContext,
    CorruptState,
    Game,
    IllegalMove,
    MalformedMove,
    Move,
    Moves,
    MoveSpace,
    Rng,
    Union,
    bot_context,
)
from cardroom.trivirsity.bot import TriBot
from cardroom.trivirsity.deck import (
    card_name,
    fits_suit,
)
from cardroom.trivirsity.game import GAME, TriState
from cardroom.trivirsity.game import VARIANTS as GAME_VARIANTS
from cardroom.web.games.registry import TRI_VIRSITY
from cardroom.web.kit.logic import Hosting, LocalEngine, Setup

__all__ = [
    "BOT_DELAY_MS",
    "CLAIM_WAIT_MS",
    "TriEngine",
    "TriMatch",
    "MatchState",
    "card_name",
    "describe",
    "computer",
    "engine",
    "hosting",
    "engine_options",
    "options_problem",
    "seat_names",
]

#: A computer seat acts this long after the move before it, so a person can follow.
BOT_DELAY_MS = 700
#: With more than two players, a computer seat waits this long before drawing while a
#: person may still claim the top discard (R-151).
CLAIM_WAIT_MS = 4000

VARIANTS = {
    "standard": ("standard", None),
    "four": ("four", None),
    "five": ("five", None),
    "beginner": ("beginner", 8),
    "beginner6": ("beginner", 6),
    "beginner10": ("beginner", 10),
    "few-wilds": ("few-wilds", None),
}
#: the kinds of play after the draw (the engine's open space of plays)
PLAY_KINDS = frozenset({"lay", "build", "trivirsity", "discard", "no-discard"})
TARGETS = {"500": 500, "250": 250, "100": 100, "hand": 0}
#: A beginner's hand and shortest word when one player plays as a beginner (R-118)
BEGINNER_DEAL, BEGINNER_MIN = 8, 2


# ------------------------------------------------------------------ options


def engine_options(setup: Setup) -> dict[str, Any]:
    """The engine's ``new()`` options of a setup (players, variant, word checking)."""
    if setup.mode == "solitaire":
        return {"variant": "solitaire"}
    variant, deal = VARIANTS.get(setup.option("variant", "standard"), ("standard", None))
    out: dict[str, Any] = {
        "players": int(setup.option("players", "2") or 2),
        "variant": variant,
        "check": setup.option("words", "strict") or "strict",
    }
    if deal is not None:
        out["deal"] = deal
    if setup.option("teams", "no") == "yes":
        out["teams"] = True
    beginner = setup.option("beginner", "none")
    if beginner.isdigit() and variant not in ("beginner", "solitaire"):
        # "Keep the playing field level!": one player plays as a beginner
        n, seat = out["players"], int(beginner) - 1
        cards, least = GAME_VARIANTS[variant]
        out["deal"] = [BEGINNER_DEAL if s == seat else cards for s in range(n)]
        out["min_len"] = [BEGINNER_MIN if s == seat else least for s in range(n)]
    return out


def options_problem(options: Mapping[str, str], mode: str = "") -> str | None:
    """A sentence when the options cannot be played together, or not in ``mode`` (the
    setup's check; two devices need exactly two sides, R-190)."""
    players = int(options.get("players", "2") or 2)
    if mode == "devices":
        two = (players == 2 and options.get("teams", "no") != "yes") or (
            players == 4 and options.get("teams") == "yes"
        )
        if not two:
            return "Two devices play two sides: 2 players, or 4 players as partners (teams of two)."
    beginner = options.get("beginner", "none")
    if beginner.isdigit():
        if int(beginner) > players:
            return f"There is no Player {beginner} in a game of {players}."
        if options.get("variant", "standard").startswith("beginner"):
            return "In the beginners' variant everyone plays as a beginner already."
    if options.get("teams") == "yes" and players not in (4, 6, 8):
        return "Teams of two need 4, 6 or 8 players (partners sit across)."
    variant, deal = VARIANTS.get(options.get("variant", "standard"), ("standard", None))
    dealt = players * (deal or {"four": 12, "five": 15, "beginner": 8}.get(variant, 10))
    deck = 124 if variant == "few-wilds" else 132
    if dealt + 2 > deck:
        return f"{players} players with {dealt // players} cards each need more cards than the deck holds."
    return None


def seat_names(setup: Setup, players: int) -> list[str]:
    """What each seat is called: "You" and "Computer 1…" against the computer, "Player 1…"
    on one device."""
    if setup.mode == "solitaire":
        return ["You"]
    if setup.mode == "bot":
        if players == 2:
            return ["You", "The computer"]
        return ["You"] + [f"Computer {k}" for k in range(1, players)]
    return [f"Player {k + 1}" for k in range(players)]


def team_names(setup: Setup, names: Sequence[str], teams: Sequence[int]) -> list[str]:
    """One name per team (partners' names joined)."""
    n = max(teams) + 1
    return [" & ".join(names[s] for s in range(len(teams)) if teams[s] == t) for t in range(n)]


# ------------------------------------------------------------------ the match


@dataclass(frozen=True)
class MatchState:
    """A match of hands: the options of every hand, the finished hands' scores (per seat
    and the running totals per team), the hand in play, the table time and move count."""

    seed: int
    options: tuple[tuple[str, Any], ...]
    target: int  # 0: one hand
    done: tuple[tuple[tuple[int, ...], tuple[int, ...], str], ...]
    cur: TriState
    now: int = 0
    step: int = 0

    @property
    def hand_no(self) -> int:
        return len(self.done) + 1


def _hand_seed(seed: int, k: int) -> int:
    return (seed * 7919 + k * 104_729) % (2**31 - 1) if k else seed


class TriMatch(Game):
    """The engine's hands chained into one match game for the kit's engine client."""

    slug = TRI_VIRSITY
    title = "Tri-Virsity"
    state_type = MatchState
    public_moves = GAME.public_moves | {"next-hand"}

    def new(self, seed: int, **options: Any) -> MatchState:
        target = int(options.pop("match_target", 500))
        if target:
            options["target"] = target
        cur = GAME.new(seed, **options)
        return MatchState(seed, tuple(sorted(options.items())), target, (), cur)

    def num_seats(self, state: MatchState) -> int:
        return GAME.num_seats(state.cur)

    def team_of(self, state: MatchState, seat: int) -> int:
        return GAME.team_of(state.cur, seat)

    def between(self, state: MatchState) -> bool:
        """Is a hand over with the match going on (the next hand not dealt yet)?"""
        return GAME.is_over(state.cur) and not self.is_over(state)

    def is_over(self, state: MatchState) -> bool:
        if not GAME.is_over(state.cur):
            return False
        return not state.target or state.cur.rules.solitaire or GAME.match_over(state.cur)

    def to_move(self, state: MatchState) -> frozenset[int]:
        if self.between(state):
            return frozenset(range(GAME.num_seats(state.cur)))
        return GAME.to_move(state.cur)

    def legal_moves(self, state: MatchState, seat: int) -> MoveSpace:
        if self.between(state):
            n = GAME.num_seats(state.cur)
            return Moves([Move(seat, "next-hand")]) if 0 <= seat < n else Moves()
        return GAME.legal_moves(state.cur, seat)

    def clock(self, state: MatchState) -> int:
        return state.now

    def _apply(self, state: MatchState, m: Move) -> MatchState:
        now = state.now if m.at is None else m.at
        if m.kind == "next-hand":
            if m.data is not None:
                raise MalformedMove("next-hand takes no data")
            if not self.between(state):
                raise IllegalMove("the hand is still being played")
            cur = state.cur
            record = (GAME.seat_scores(cur), GAME.points(cur), cur.end)
            opts = dict(state.options)
            opts["carry"] = GAME.next_hand(cur)
            nxt = GAME.new(_hand_seed(state.seed, state.hand_no), **opts)
            return replace(state, done=(*state.done, record), cur=nxt, now=now, step=state.step + 1)
        cur = GAME.apply(state.cur, m.with_time(None))
        return replace(state, cur=cur, now=now, step=state.step + 1)

    def points(self, state: MatchState) -> tuple[int, ...]:
        return GAME.points(state.cur)

    def view(self, state: MatchState, seat: int) -> dict[str, Any]:
        cur = state.cur
        v = GAME.view(cur, seat if 0 <= seat < cur.rules.players else REFEREE)
        v["clock"] = None  # no table clock calls: the kit asks nothing of REFEREE
        v["now"] = state.now
        v["step"] = state.step
        v["hand_no"] = state.hand_no
        v["match_target"] = state.target
        v["history"] = [{"scores": list(s), "totals": list(t), "end": e} for s, t, e in state.done]
        v["between"] = self.between(state)
        v["claims"] = [{"word": w, "end": e, "letter": ch} for w, e, ch in GAME.claims(cur)]
        if self.is_over(state):
            v["result"] = match_result(v)
        return v

    def resample(self, state: MatchState, seat: int, rng: Rng) -> MatchState:
        return replace(state, cur=GAME.resample(state.cur, seat, rng))

    def pin(self, state: MatchState, seat: int) -> dict[str, Any]:
        return GAME.pin(state.cur, seat)

    def state_to_json(self, state: MatchState) -> dict[str, Any]:
        raise NotImplementedError("a match is saved as its seed and moves")

    def state_from_json(self, obj: Any) -> MatchState:
        raise CorruptState("a match is saved as its seed and moves")


MATCH = TriMatch()


def match_result(v: Mapping[str, Any]) -> dict[str, Any]:
    """The kit's result of a finished match: the winner, the points per team, one line per
    hand and team (they add up to the points), and a sentence saying how it ended."""
    totals = list(v["totals"])
    hands = [*v["history"], {"scores": v["hand_scores"], "totals": totals, "end": v["end"]}]
    teams = v["teams"] if v["solitaire"] is None else [0]
    lines = []
    for k, h in enumerate(hands, start=1):
        per = [0] * len(totals)
        for seat, x in enumerate(h["scores"]):
            per[teams[seat]] += x
        for t, x in enumerate(per):
            lines.append({"team": t, "label": f"Hand {k}", "points": x})
    if v["solitaire"] is not None:
        won = v["end"] == "out"
        return {
            "winner": 0 if won else None,
            "points": totals,
            "scoring": lines,
            "summary": END_TEXT.get(v["end"], ""),
            "solitaire": {"won": won, "end": v["end"]},
        }
    best = max(totals)
    top = [t for t, x in enumerate(totals) if x == best]
    target = v["match_target"]
    how = (
        f"{len(hands)} hand{'s' * (len(hands) != 1)} played to {target} points."
        if target
        else "One hand played."
    )
    return {
        "winner": top[0] if len(top) == 1 else None,
        "points": totals,
        "scoring": lines,
        "summary": f"{END_TEXT.get(v['end'], '')} {how}".strip(),
    }


END_TEXT = {
    "out": "A player went out.",
    "blocked": "The draw pile ran out.",
    "time": "The table's round limit was reached.",
    "solitaire": "The solitaire hand made two suits of five.",
}


# ------------------------------------------------------------------ the computer


def computer(level: str) -> Bot:
    """The engine's Tri-Virsity bot of ``level``."""
    return TriBot(level)


def _hand(game: Any, state: MatchState, seat: int, rng: random.Random, now: int) -> BotContext:
    """A computer seat plays the hand: its context is the hand's (view, legal moves,
    sampled worlds), not the match's."""
    return bot_context(GAME, state.cur, seat, rng, now)


def _in_a_hand(view: Mapping[str, Any], seat: int) -> bool:
    return not view.get("between") and "result" not in view


def hosting(people: frozenset[int]) -> Hosting:
    """A computer seat is asked at each step of each hand, seeded by the deal, the hand,
    the step and the seat, and acts a moment after the table's time; it waits longer
    before a draw while a person (``people``) may still claim the discard."""

    def at(move: Move, view: Mapping[str, Any], now: int) -> int:
        claimable = bool(view["claims"]) and any(p != view["discarder"] for p in people)
        wait = CLAIM_WAIT_MS if move.kind in ("draw", "take") and claimable else BOT_DELAY_MS
        return int(view["now"]) + wait

    return Hosting(
        key=lambda view, moves: (view["hand_no"], view["step"]),
        rng=lambda seed, seat, key: f"{seed}:{key[0]}:{key[1]}:{seat}",
        acts=_in_a_hand,
        at=at,
        context=_hand,
    )


@dataclass
class TriEngine(LocalEngine):
    """The kit's engine client for a Tri-Virsity match: every kind of play is named."""

    def legal(self, seat: int) -> list[str]:
        """The kinds of move ``seat`` may send now. The plays after the draw are an open
        space the kit cannot list: every kind of play is named (the engine judges each
        move), so a guest on two devices may send them (R-193)."""
        if self.over:
            return []
        kinds: set[str] = set()
        todo = [self.game.legal_moves(self.state, seat)]
        while todo:
            space = todo.pop()
            if isinstance(space, Union):
                todo.extend(space.parts)
            elif isinstance(space, Moves):
                kinds |= {m.kind for m in space}
            elif not space.is_empty():
                kinds |= PLAY_KINDS
        return sorted(kinds)


def engine(setup: Setup) -> LocalEngine:
    """The engine client of one Tri-Virsity match (the person is seat 0 against the
    computer; every seat is a person on one device)."""
    assert setup.seed is not None
    opts = engine_options(setup)
    target = TARGETS.get(setup.option("target", "500"), 500)
    players = int(opts.get("players", 1))
    bots: dict[int, Bot] = {}
    if setup.mode == "bot":
        bots = {s: computer(setup.difficulty) for s in range(1, players)}
    opts = {**opts, "match_target": target}
    return TriEngine(MATCH, setup.seed, opts, bots, hosting(frozenset({0})))


# ------------------------------------------------------------------ text


def suit_fits(card: str, suit: str) -> bool:
    return fits_suit(card, suit)


def describe(
    move: Mapping[str, Any], names: Sequence[str], words: Sequence[Mapping[str, Any]] = ()
) -> str | None:
    """One log line for a move (public information only: never a drawn card)."""
    seat, kind, data = move["seat"], move["kind"], move.get("data")
    if seat < 0 or move.get("hidden"):
        return None  # the clock, or another device's move without its data
    who = names[seat] if seat < len(names) else f"Seat {seat + 1}"
    if kind == "draw":
        return f"{who} drew from the pile."
    if kind == "take":
        return f"{who} took the top discard."
    if kind == "discard":
        return f"{who} discarded {card_name(str(data))}."
    if kind == "no-discard":
        return f"{who} announced no discard."
    if kind == "lay":
        return f"{who} laid down {str(data['word']).upper()}."
    if kind == "build":
        where = "in front of" if data["end"] == "front" else "after"
        return f"{who} added {str(data['letters']).upper()} {where} a table word."
    if kind == "claim":
        return f"{who} claimed the discard as {str(data['letter']).upper()}."
    if kind == "trivirsity":
        return f"{who} laid down TRI-VIRSITY!"
    if kind == "challenge":
        return f"{who} challenged a word."
    if kind == "accept":
        return f"{who} let the going out stand."
    if kind == "next-hand":
        return "The next hand is dealt."
    return None

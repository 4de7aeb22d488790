"""The trick games' screen logic, not the DOM (tested on CPython): Play the Ranks (Level 2,
PTR1 and PTR2 at Levels 3 and 4) and Play the Border Zap (Levels 3 and 4).

* :func:`engine` -- the kit's engine client hosting the computer's seat: the trick bots
  (:func:`cardroom.geoplunge.tricks.bots.make_bot`) get a :class:`~cardroom.core.BotContext`
  (their own view, legal moves and fair resamples), never the state (:func:`hosting`);
* :func:`lead_choices` / :func:`follow_choices` -- what a team may pick for a trick, read
  from its own view (forced Power play included, R-49, R-140);
* the words the screen and the game log use: announcements, one line per trick (the
  rules' explanation, R-141), the result;
* the table as HTML from one team's view is :mod:`cardroom.web.games.tricks.drawing`
  (:class:`~cardroom.web.games.tricks.drawing.TrickDrawing`).

The game log is public (both teams see it on one device), so nothing hidden is named
there: discards and secret trades are counted until revealed, and a face-down Level 4
lead is logged by its GeoStar (R-142).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom import atlas
from cardroom.core import Bot, Move
from cardroom.geoplunge.tricks import rules
from cardroom.geoplunge.tricks.bots import make_bot
from cardroom.geoplunge.tricks.ranks import GAME as RANKS
from cardroom.geoplunge.tricks.zap import GAME as ZAP
from cardroom.web.games.registry import BORDER_ZAP, PLAY_THE_RANKS
from cardroom.web.kit.logic import Hosting, LocalEngine, Setup, to_move

__all__ = [
    "team_one_bot",
    "BOT_SEAT",
    "CATEGORY_TEXT",
    "LeadChoices",
    "TrickEngine",
    "announcement",
    "describe_move",
    "computer",
    "engine",
    "hosting",
    "first_lead_text",
    "follow_choices",
    "lead_choices",
    "move_data",
    "options_of",
    "power_text",
    "result_summary",
    "seat_to_show",
    "trick_line",
]

#: The computer's seat against a person (the person is Team 1, seat 0).
BOT_SEAT = 1
#: How long the computer takes before a setup choice and before a card (ms of table time).
BOT_DELAY_MS = {"setup": 400, "play": 900}
CATEGORY_TEXT = {"size": "Size", "statehood": "Statehood", "population": "Population"}
GAMES = {PLAY_THE_RANKS: RANKS, BORDER_ZAP: ZAP}


def name(code: str) -> str:
    return atlas.by_code()[code].name


# ------------------------------------------------------------------ the engine client


def computer(difficulty: str) -> Bot:
    """The engine's trick bot of ``difficulty``."""
    return make_bot(difficulty)


def _thinking(move: Move, view: Mapping[str, Any], now: int) -> int:
    return now + BOT_DELAY_MS["play" if move.kind in ("lead", "follow") else "setup"]


def hosting(difficulty: str) -> Hosting:
    """The computer is asked after every move when it is to move, seeded by the deal
    and the move count so that a game replays exactly; it acts ``BOT_DELAY_MS`` after
    the last move."""
    return Hosting(
        key=lambda view, moves: moves,
        rng=lambda seed, seat, moves: f"{seed}:{moves}:{difficulty}",
        acts=to_move,
        at=_thinking,
    )


@dataclass
class TrickEngine(LocalEngine):
    """:class:`LocalEngine` whose finished views carry the kit's ``scoring`` lines and a
    ``summary`` in the table's own team names."""

    teams: list[str] = field(default_factory=lambda: ["Team 1", "Team 2"])

    def view(self, seat: int) -> dict[str, Any]:
        hit = self._cache.get(seat)
        if hit is None:
            v = self.game.view(self.state, seat)
            if v.get("result"):
                r = v["result"]
                summary = result_summary(v, self.teams)
                v = {**v, "result": {**r, "scoring": r["lines"], "summary": summary}}
            hit = self._cache[seat] = v
        return hit


def options_of(setup: Setup) -> dict[str, Any]:
    """The engine options of a setup: the level, and Play the Ranks' version at Levels 3
    and 4 (PTR1 unless the link or the setup says PTR2)."""
    opts: dict[str, Any] = {"level": setup.level}
    if setup.game == PLAY_THE_RANKS and setup.level > 2:
        version = "ptr1"
        getter = getattr(setup, "option", None)
        if callable(getter):
            try:
                version = getter("version") or "ptr1"
            except (KeyError, ValueError):
                version = "ptr1"
        opts["version"] = version if version in ("ptr1", "ptr2") else "ptr1"
    return opts


def engine(setup: Setup, teams: Sequence[str] = ("Team 1", "Team 2")) -> TrickEngine:
    """The engine client of one trick game (the computer is seat 1 against a person)."""
    assert setup.seed is not None
    bots = {BOT_SEAT: computer(setup.difficulty)} if setup.mode == "bot" else {}
    how = hosting(setup.difficulty)
    return TrickEngine(GAMES[setup.game], setup.seed, options_of(setup), bots, how, teams=[*teams])


def team_one_bot(setup: Setup) -> tuple[Bot, int]:
    """The computer on Team 1's seat, seat 0 (a match's watch mode: both teams are the
    computer), and the seed it draws from: the game screen's own computer."""
    return computer(setup.difficulty), int(setup.seed or 0) + 1


def seat_to_show(to_move: Sequence[int], shown: int | None) -> int | None:
    """Pass-and-play: whose hand the device shows now. The team shown keeps the device
    while it still has something to do; otherwise the first team that has (None: keep)."""
    if not to_move:
        return shown
    if shown in to_move:
        return shown
    return min(to_move)


# ------------------------------------------------------------------ choices


def power_text(p: Mapping[str, Any]) -> str:
    """ "Base 30 · Statehood" (what a Power card shows to Play the Ranks)."""
    return f"Base {p['base']} · {CATEGORY_TEXT[p['category']]}"


@dataclass(frozen=True, slots=True)
class LeadChoices:
    """What a team may choose for its card in Play the Ranks (from its own view).

    ``bases``: the bases it may announce (one when the rules fix it); ``powers``: its Power
    cards (``id`` -> card); ``must_power``: a Power card must be played on this trick
    (tricks left = Power cards left, R-49, R-140); ``changes``: per Power card, what it
    may change when following (``"category"``, and in PTR2 ``"base"``, R-51)."""

    cards: tuple[str, ...]
    bases: tuple[int, ...]
    categories: tuple[str, ...]
    powers: dict[str, dict[str, Any]]
    must_power: bool
    changes: dict[str, tuple[str, ...]]


def lead_choices(view: Mapping[str, Any]) -> LeadChoices:
    fixed = view.get("trick_base")
    bases = (fixed,) if fixed is not None else tuple(dict.fromkeys(view.get("bases") or ()))
    powers = {p["id"]: p for p in view.get("powers") or ()}
    return LeadChoices(
        tuple(view.get("hand") or ()),
        tuple(bases),
        rules.CATEGORIES,
        powers,
        bool(view.get("must_power")),
        {},
    )


def follow_choices(view: Mapping[str, Any]) -> LeadChoices:
    tricks = view.get("tricks") or []
    cur = tricks[-1] if tricks and tricks[-1].get("follow") is None else None
    powers = {p["id"]: p for p in view.get("powers") or ()}
    changes: dict[str, tuple[str, ...]] = {}
    for pid, p in powers.items():
        ok = ("category",)
        if (
            view.get("version") == "ptr2"
            and cur is not None
            and p["base"] in (view.get("bases") or ())
            and p["base"] != cur["base"]
        ):
            ok = ("category", "base")
        changes[pid] = ok
    return LeadChoices(
        tuple(view.get("hand") or ()),
        (cur["base"],) if cur else (),
        (cur["category"],) if cur else (),
        powers,
        bool(view.get("must_power")),
        changes,
    )


def move_data(
    kind: str,
    card: str,
    *,
    category: str | None = None,
    base: int | None = None,
    power: str | None = None,
    change: str | None = None,
    powers: Mapping[str, Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """The data of a lead or a follow. A lead with a Power card announces the card's
    category (the Power card locks it, R-45)."""
    if kind == "lead":
        if power is not None and powers is not None:
            category = powers[power]["category"]
        data: dict[str, Any] = {"card": card, "category": category, "base": base}
        if power is not None:
            data["power"] = power
        return data
    data = {"card": card}
    if power is not None:
        data["power"] = power
        data["change"] = change or "category"
    return data


# ------------------------------------------------------------------ words


def announcement(trick: Mapping[str, Any], level: int) -> str:
    """What the lead says: its state (Levels 2-3) or its card's GeoStar (Level 4, R-46),
    the category and the base."""
    cat = CATEGORY_TEXT[trick["category"]]
    head = (
        f"GeoStar: {trick['geostar']}"
        if level == 4 and trick.get("geostar")
        else name(trick["card"])
        if trick.get("card")
        else "a face-down card"
    )
    p = trick.get("power")
    locked = f" (locked by the Power card {power_text(p)})" if p else ""
    return f"{head} · {cat}, base {trick['base']}{locked}"


def trick_line(index: int, trick: Mapping[str, Any], teams: Sequence[str], zap: bool) -> str:
    """One finished trick in one line: who played what, who won and why (R-141)."""
    lead, follow = teams[trick["lead"]], teams[1 - trick["lead"]]
    won = teams[trick["winner"]]
    extra = ""
    if not zap and trick.get("power"):
        extra += f" {lead} played a Power card ({power_text(trick['power'])})."
    if not zap and trick.get("fpower"):
        what = "the base" if trick.get("change") == "base" else "the category"
        extra += f" {follow} played a Power card ({power_text(trick['fpower'])}) on {what}."
    return (
        f"Trick {index + 1}: {lead} led {name(trick['card'])}, {inner(follow)} played "
        f"{name(trick['follow'])}.{extra} {won} won. {trick['reason']}."
    )


def inner(who: str) -> str:
    """A team's name inside a sentence: "you" and "the computer", "Team 2" as it is."""
    return who[:1].lower() + who[1:] if who in ("You", "The computer") else who


def result_summary(view: Mapping[str, Any], teams: Sequence[str]) -> str:
    """Why the game ended as it did, in the table's team names."""
    r = view["result"]
    why = str(r["why"])
    for t in (0, 1):
        why = why.replace(f"Team {t + 1}", inner(teams[t]))
    if why.startswith("you "):  # "you did not play both Power cards and lose"
        why = why.replace(" loses", " lose")
    won = view["won"]
    head = f"Tricks: {teams[0]} {won[0]}, {inner(teams[1])} {won[1]}."
    bonus = " Bonus for the tricks." if r.get("bonus") else ""
    return f"{head} {why[:1].upper()}{why[1:]}.{bonus}"


def says(who: str, verb: str) -> str:
    """ "leads", or "lead" after "You"."""
    return verb[:-1] if who == "You" else verb


def first_lead_text(view: Mapping[str, Any], teams: Sequence[str]) -> str:
    """Who leads trick 1, and why: the winner of the game before (the carry), else the
    statehood pick (R-42)."""
    lead = teams[view["first_lead"]]
    pick = view.get("pick")
    if not pick:
        return f"{lead} {says(lead, 'leads')} trick 1: {lead.lower() if lead == 'You' else 'it'} won the game before."
    by = atlas.by_code()
    a, b = (by[c] for c in pick)
    return (
        f"{lead} {says(lead, 'leads')} trick 1: {inner(teams[0])} picked {a.name} "
        f"(statehood {a.statehood_rank}), {inner(teams[1])} picked {b.name} "
        f"(statehood {b.statehood_rank}); the earlier state leads."
    )


def describe_move(
    moves: Sequence[Mapping[str, Any]],
    index: int,
    public: Mapping[str, Any],
    teams: Sequence[str],
) -> str | None:
    """The public game log's line for ``moves[index]`` (``public``: the referee's view
    now). Hidden choices stay hidden (R-142)."""
    m = moves[index]
    seat, kind, data = m["seat"], m["kind"], m.get("data")
    who = teams[seat] if seat in (0, 1) else "The table"
    before = moves[:index]
    if kind == "role":
        return f"{who}: {'Cards Team' if data == 'cards' else 'Call Team'}."
    if kind == "up":
        return f"{who}: Up the BUR to {data} cards."
    if kind == "arrange":
        base_cards = public.get("base_cards") or []
        order = " then ".join(str(p["base"]) for p in base_cards)
        how = "in this order" if public.get("version") == "ptr1" else "to choose from"
        return f"{who} removed a Power card; the bases are {order} ({how})."
    if kind == "discard":
        return f"{who} discarded a card face-down."
    if kind == "pull":
        return f"{who} pulled the Power." if data else f"{who} did not pull the Power."
    if kind == "plunge":
        return f"{who} decided about GeoPlunging."
    if kind == "trade":
        n = sum(1 for x in before if x["kind"] == "trade")
        trades = public.get("trades") or []
        if n % 2 == 1 and n // 2 < len(trades):
            a, b = trades[n // 2]
            return (
                f"{who} chose a card to trade. Trade {n // 2 + 1}: {teams[0]} gave "
                f"{name(a)}, {teams[1]} gave {name(b)}."
            )
        return f"{who} chose a card to trade."
    tricks = public.get("tricks") or []
    k = sum(1 for x in before if x["kind"] == "lead")
    if kind == "lead" and k < len(tricks):
        if public.get("game") == BORDER_ZAP:
            return f"{who} led {name(tricks[k]['card'])}."
        return f"{who} led: {announcement(tricks[k], int(public.get('level') or 0))}."
    if kind == "follow" and 0 < k <= len(tricks):
        t = tricks[k - 1]
        if t.get("follow") is None:
            return None
        return trick_line(k - 1, t, teams, public.get("game") == BORDER_ZAP)
    return None

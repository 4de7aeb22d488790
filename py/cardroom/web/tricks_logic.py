"""The trick games' screen logic, not the DOM (tested on CPython): Play the Ranks (Level 2,
PTR1 and PTR2 at Levels 3 and 4) and Play the Border Zap (Levels 3 and 4).

* :func:`engine` -- the kit's engine client with the computer's seat: the trick bots
  (:func:`cardroom.geoplunge.tricks.bots.make_bot`) get a :class:`~cardroom.core.BotContext`
  (their own view, legal moves and fair resamples), never the state;
* :func:`lead_choices` / :func:`follow_choices` -- what a team may pick for a trick, read
  from its own view (forced Power play included, R-49, R-140);
* the words the screen and the game log use: announcements, one line per trick (the
  rules' explanation, R-141), the result;
* :class:`TrickDrawing` -- the table as HTML from one team's view: tricks won, Power and BUR
  cards, the trick with its face-down lead and announcement, the hand and the choices of
  each step (the Level 4 dialogues, discards, trades, Pull the Power, GeoPlunging, the
  lead and the follow), so what a team's page holds is tested here (R-143).

The game log is public (both teams see it on one device), so nothing hidden is named
there: discards and secret trades are counted until revealed, and a face-down Level 4
lead is logged by its GeoStar (R-142).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from cardroom import atlas
from cardroom.core import bot_context
from cardroom.geoplunge.tricks import rules
from cardroom.geoplunge.tricks.bots import make_bot
from cardroom.geoplunge.tricks.ranks import GAME as RANKS
from cardroom.geoplunge.tricks.zap import GAME as ZAP
from cardroom.web.kit_logic import LocalEngine, Setup

__all__ = [
    "BOT_SEAT",
    "CATEGORY_TEXT",
    "LeadChoices",
    "TrickEngine",
    "TrickDrawing",
    "TrickSeat",
    "announcement",
    "describe_move",
    "engine",
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
GAMES = {"play-the-ranks": RANKS, "border-zap": ZAP}


def name(code: str) -> str:
    return atlas.by_code()[code].name


# ------------------------------------------------------------------ the engine client


@dataclass
class TrickSeat:
    """The computer's seat on the kit's engine client (the kit's ``Bot`` protocol).

    It plans after every move; the trick bot chooses from a :class:`BotContext` of its
    own seat (view, legal moves, resamples), seeded by the deal and the move count so a
    game replays exactly. It acts ``BOT_DELAY_MS`` after the last move."""

    seat: int
    difficulty: str
    seed: int
    client: Any = None
    bot: Any = None

    def __post_init__(self) -> None:
        self.bot = make_bot(self.difficulty)

    def key(self, view: Mapping[str, Any]) -> Any:
        return len(self.client.moves) if self.client is not None else -1

    def plan(self, view: Mapping[str, Any]) -> dict[str, Any] | None:
        c = self.client
        if c is None or c.over or self.seat not in view["to_move"]:
            return None
        n = len(c.moves)
        rng = random.Random(f"{self.seed}:{n}:{self.difficulty}")
        move = self.bot.choose(bot_context(c.game, c.state, self.seat, rng))
        if move is None:
            return None
        last = int(c.moves[-1].get("at") or 0) if c.moves else 0
        delay = BOT_DELAY_MS["play" if move.kind in ("lead", "follow") else "setup"]
        return move.with_time(last + delay).to_json()


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
    if setup.game == "play-the-ranks" and setup.level > 2:
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
    client = TrickEngine(GAMES[setup.game], setup.seed, options_of(setup), {}, teams=list(teams))
    if setup.mode == "bot":
        seat = TrickSeat(BOT_SEAT, setup.difficulty, setup.seed)
        seat.client = client
        client.bots = {BOT_SEAT: seat}
        client._replan()
    return client


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
        f"Trick {index + 1}: {lead} led {name(trick['card'])}, {follow} played "
        f"{name(trick['follow'])}.{extra} {won} won. {trick['reason']}."
    )


def result_summary(view: Mapping[str, Any], teams: Sequence[str]) -> str:
    """Why the game ended as it did, in the table's team names."""
    r = view["result"]
    why = str(r["why"])
    for t in (0, 1):
        why = why.replace(f"Team {t + 1}", teams[t])
    won = view["won"]
    head = f"Tricks: {teams[0]} {won[0]}, {teams[1]} {won[1]}."
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
        f"{lead} {says(lead, 'leads')} trick 1: {teams[0]} picked {a.name} (statehood {a.statehood_rank}), "
        f"{teams[1]} picked {b.name} (statehood {b.statehood_rank}); the earlier state leads."
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
        if public.get("game") == "border-zap":
            return f"{who} led {name(tricks[k]['card'])}."
        return f"{who} led: {announcement(tricks[k], int(public.get('level') or 0))}."
    if kind == "follow" and 0 < k <= len(tricks):
        t = tricks[k - 1]
        if t.get("follow") is None:
            return None
        return trick_line(k - 1, t, teams, public.get("game") == "border-zap")
    return None


# ------------------------------------------------------------------ the table as HTML


PHASE_TEXT = {
    "role": "Cards or Call",
    "arrange": "Remove and order the Power cards",
    "discard": "Discard",
    "pull": "Pull the Power?",
    "plunge": "GeoPlunging?",
    "trade1": "First trade",
    "trade2": "Second trade",
    "play": "Tricks",
}


def _j(data: Any) -> str:
    return escape(json.dumps(data), quote=True)


def _btn(key: str, label: str, *, cls: str = "bu-quiet", pressed: bool | None = None,
         disabled: bool = False, extra: str = "") -> str:  # fmt: skip
    p = "" if pressed is None else f' aria-pressed="{"true" if pressed else "false"}"'
    d = " disabled" if disabled else ""
    return (
        f'<button type="button" class="bu-btn {cls}" data-key="{escape(key)}"{p}{d}{extra}>'
        f"{label}</button>"
    )


class TrickDrawing:
    """The trick table as HTML, from one team's view (plain Python: the screen puts it in
    the page). ``sel`` is the team's choice in progress (card, category, base, Power card,
    change); ``local``: two teams on one device."""

    def __init__(self, teams: Sequence[str], zap: bool, local: bool) -> None:
        self.teams = list(teams)
        self.zap = zap
        self.local = local
        self.by = atlas.by_code()
        self.sel: dict[str, Any] = {}

    def page_html(self, v: dict[str, Any], seat: int, mine: bool) -> str:
        return (
            f'<div class="tr-game" data-phase="{v["phase"]}" data-seat="{seat}" '
            f'data-turn="{"mine" if mine else "wait"}">'
            f"{self.public_html(v)}{self.mine_html(v, seat, mine)}{self.log_html(v)}</div>"
        )

    def status_text(self, v: dict[str, Any], seat: int, mine: bool) -> str:
        if mine:
            return f"{self.teams[seat]}: {self.prompt(v, seat)}"
        if not self.local and v["to_move"]:
            return "The computer is thinking…"
        return "Waiting for the other team…"

    def teams_html(self, v: dict[str, Any]) -> str:
        names = self.teams
        total = 6 if self.zap else 8
        n = len([t for t in v["tricks"] if t.get("winner") is not None])
        score = " · ".join(
            f'<span class="tr-won" data-won="{t}">{escape(names[t])}: <strong>{v["won"][t]}'
            f"</strong></span>"
            for t in (0, 1)
        )
        return (
            f'<p class="tr-score"><span class="tr-score-h">Tricks won</span> {score} '
            f'<span class="tr-trickno">· {n} of {total} played</span></p>'
        )

    def powers_html(self, v: dict[str, Any]) -> str:
        if self.zap or v["level"] == 2:
            return ""
        names = self.teams
        parts = []
        if v["level"] == 3 or v.get("base_cards"):
            cards = v["base_cards"] or v["turned"]
            how = " then " if v["version"] == "ptr1" else " or "
            bases = how.join(f"<strong>{p['base']}</strong>" for p in cards)
            note = "(tricks 1-4, then 5-8)" if v["version"] == "ptr1" else "(the lead names one)"
            parts.append(f'<li data-bases="1">Bases: {bases} {note}</li>')
        elif v.get("kept"):
            kept = ", ".join(power_text(p) for p in v["kept"])
            parts.append(f"<li>Three Power cards turned: {kept}</li>")
        if v.get("geostar"):
            parts.append(f'<li data-geostar="1">GeoStar: <strong>{escape(v["geostar"]["label"])}'
                         "</strong> (the lead announces this, not the state)</li>")  # fmt: skip
        if v.get("bur"):
            bur = ", ".join(escape(self.by[c].name) for c in v["bur"])
            best = v.get("bur_ranks") or {}
            ranks = "; ".join(f"base {b}: best rank {r}" for b, r in best.items())
            cards_team = names[1 - v["call_team"]] if v.get("call_team") is not None else ""
            parts.append(
                f'<li data-bur="1">BUR cards ({escape(cards_team)}): {bur}'
                f'<span class="tr-note"> · {escape(ranks)}</span></li>'
            )
        held = " · ".join(f"{escape(names[t])} {v['power_counts'][t]}" for t in (0, 1))
        pulled = v.get("pulled")
        parts.append(
            f"<li>Power cards held: {held}"
            + (f" · {escape(names[pulled])} pulled the Power" if pulled is not None else "")
            + "</li>"
        )
        return f'<ul class="tr-powers" aria-label="Power and BUR cards">{"".join(parts)}</ul>'

    def zap_table_html(self, v: dict[str, Any]) -> str:
        if not self.zap:
            return ""
        names = self.teams
        parts = []
        for i, (a, b) in enumerate(v["trades"], start=1):
            parts.append(
                f"<li>Trade {i}: {escape(names[0])} gave {escape(self.by[a].name)}, "
                f"{escape(names[1])} gave {escape(self.by[b].name)}</li>"
            )
        for t in (0, 1):
            if v["faceup"][t]:
                cards = ", ".join(self.by[c].name for c in v["faceup"][t])
                parts.append(f"<li>Dealt face-up to {escape(names[t])}: {escape(cards)}</li>")
        if not parts:
            return ""
        return f'<ul class="tr-powers" aria-label="Trades and face-up cards">{"".join(parts)}</ul>'

    def trick_html(self, v: dict[str, Any]) -> str:
        names = self.teams
        tricks = v["tricks"]
        cur = tricks[-1] if tricks and tricks[-1].get("follow") is None else None
        if v["phase"] != "play":
            body = f'<p class="tr-wait">{escape(PHASE_TEXT.get(v["phase"], ""))}</p>'
            if not tricks:
                body += (
                    f'<p class="tr-first" data-first-lead>{escape(first_lead_text(v, names))}</p>'
                )
        elif cur is None:
            body = (
                f'<p class="tr-wait">{escape(names[v["lead"]])} {says(names[v["lead"]], "leads")} '
                f"trick {len(tricks) + 1}.</p>"
            )
        else:
            face = escape(self.by[cur["card"]].name) if cur.get("card") else "?"
            said = self.by[cur["card"]].name if self.zap else announcement(cur, v["level"])
            shown = cur.get("card") and (v["level"] == 4 and cur["lead"] == v["seat"])
            body = (
                f'<div class="tr-facedown" data-lead-card="{cur.get("card") or ""}">'
                f'<span class="tr-back" aria-hidden="true">★</span>'
                f'<span class="tr-face-note">{"Your card: " + face if shown else "Face-down"}'
                "</span></div>"
                f'<p class="tr-announce" data-announce="1"><span>{escape(names[cur["lead"]])} '
                f"{says(names[cur['lead']], 'announces')}</span> <strong>{escape(said)}</strong></p>"
            )
        done = [t for t in tricks if t.get("winner") is not None]
        last = ""
        if done:
            line = trick_line(len(done) - 1, done[-1], names, self.zap)
            last = f'<p class="tr-last" data-last-trick="{len(done)}">{escape(line)}</p>'
        return f'<div class="tr-trick">{body}{last}</div>'

    def public_html(self, v: dict[str, Any]) -> str:
        return (
            '<section class="tr-public" aria-label="The table">'
            f"{self.teams_html(v)}{self.powers_html(v)}{self.zap_table_html(v)}"
            f"{self.trick_html(v)}</section>"
        )

    def log_html(self, v: dict[str, Any]) -> str:
        names = self.teams
        done = [t for t in v["tricks"] if t.get("winner") is not None]
        items = "".join(
            f'<li data-trick="{i + 1}">{escape(trick_line(i, t, names, self.zap))}</li>'
            for i, t in enumerate(done)
        )
        return (
            '<section class="tr-log" aria-labelledby="tr-log-h" tabindex="0">'
            '<h2 id="tr-log-h">Tricks</h2>'
            + (f'<ol class="tr-log-list">{items}</ol>' if items else "<p>No trick yet.</p>")
            + "</section>"
        )

    # ------------------------------------------------------------ the team's side

    def card_html(self, code: str, *, selectable: bool, pressed: bool) -> str:
        s = self.by[code]
        if self.zap:
            facts = f"{len(s.borders)} border state{'s' * (len(s.borders) != 1)}"
        else:
            facts = f"Size {s.area_rank} · Statehood {s.statehood_rank} · Pop. {s.population_rank}"
        label = f'<span class="tr-card-name">{escape(s.name)}</span><span class="tr-card-facts">{facts}</span>'
        if not selectable:
            return f'<li class="tr-card" data-card="{code}">{label}</li>'
        return (
            f'<li><button type="button" class="tr-card" data-card="{code}" data-key="card:{code}" '
            f'aria-pressed="{"true" if pressed else "false"}" data-act="card">{label}</button></li>'
        )

    def prompt(self, v: dict[str, Any], seat: int) -> str:
        p = v["phase"]
        if p == "role":
            return "Cards Team or Call Team?" if len(v["roles"]) != 1 else "Cards, or Up the BUR?"
        if p == "arrange":
            return "Remove one Power card" + (
                " and pick the first base." if v["version"] == "ptr1" else "."
            )
        if p == "discard":
            return f"Pick a card to discard face-down ({len(v['hand'])} cards, keep {6 if self.zap else 8})."
        if p == "pull":
            return "Pull the Power? Both teams then play without Power cards."
        if p == "plunge":
            return "Are you GeoPlunging? The winner scores +10 if one team GeoPlunged, +20 if both."
        if p in ("trade1", "trade2"):
            return "Pick a card to give the other team (secret until both have chosen)."
        if p == "play":
            cur = v["tricks"][-1] if v["tricks"] and v["tricks"][-1].get("follow") is None else None
            must = (
                " You must play a Power card now (tricks left = Power cards left)."
                if v.get("must_power")
                else ""
            )
            if cur is None:
                what = "Pick a card" if self.zap else "Pick a card, a category and a base"
                return f"{what}, then lead it face-down.{must}"
            return f"Pick a card to play against the lead.{must}"
        return ""

    def mine_html(self, v: dict[str, Any], seat: int, mine: bool) -> str:
        title = "Your hand" if not self.local else f"{self.teams[seat]}'s hand"
        hand = v.get("hand") or []
        p = v["phase"]
        pickable = mine and p in ("discard", "play", "trade1", "trade2")
        tradeable = set(v.get("tradeable") or hand)
        cards = "".join(
            self.card_html(
                c,
                selectable=pickable and (p not in ("trade1", "trade2") or c in tradeable),
                pressed=self.sel.get("card") == c,
            )  # fmt: skip
            for c in hand
        )
        powers = ""
        if v.get("powers"):
            powers = (
                '<p class="tr-mypowers">Your Power cards: '
                + ", ".join(escape(power_text(pw)) for pw in v["powers"])
                + "</p>"
            )
        choices = self.choices_html(v, seat) if mine else ""
        prompt = self.prompt(v, seat) if mine else "Waiting for the other team…"
        if p in ("trade1", "trade2") and v.get("commit"):
            prompt = f"You give {self.by[v['commit']].name}. Waiting for the other team to choose…"
        return (
            f'<section class="tr-mine" aria-labelledby="tr-mine-h"><h2 id="tr-mine-h">{escape(title)}</h2>'
            f'<p class="tr-prompt" id="tr-prompt">{escape(prompt)}</p>{choices}'
            f'<ul class="tr-hand" aria-label="{escape(title)}" aria-describedby="tr-prompt">{cards}</ul>'
            f"{powers}</section>"
        )

    def move_btn(self, kind: str, data: Any, label: str, *, cls: str = "bu-quiet",
                 first: bool = False, disabled: bool = False) -> str:  # fmt: skip
        extra = f' data-act="move" data-kind="{kind}" data-json="{_j(data)}"'
        extra += " data-autofocus" if first else ""
        return _btn(f"{kind}:{json.dumps(data, sort_keys=True)}", escape(label), cls=cls,
                    disabled=disabled, extra=extra)  # fmt: skip

    def choices_html(self, v: dict[str, Any], seat: int) -> str:
        p = v["phase"]
        out: list[str] = []
        if p == "role":
            out.append(
                '<p class="tr-note">The Call Team removes one of the three Power cards and '
                "orders the bases; the Cards Team takes the BUR cards into its hand.</p>"
            )
            if len(v["roles"]) == 1:
                out.append(self.move_btn("role", "cards", "We are the Cards Team", first=True))
                out += [self.move_btn("up", n, f"Up the BUR to {n}") for n in (3, 4, 5)]
            else:
                out.append(self.move_btn("role", "cards", "Cards Team", first=True))
                out.append(self.move_btn("role", "call", "Call Team"))
        elif p == "arrange":
            kept = v["kept"]
            for d in kept:
                rest = [k for k in kept if k["id"] != d["id"]]
                if v["version"] == "ptr1":
                    for f in rest:
                        other = next(k for k in rest if k["id"] != f["id"])
                        label = (
                            f"Remove base {d['base']}; play base {f['base']}, then {other['base']}"
                        )
                        out.append(self.move_btn("arrange", {"drop": d["id"], "first": f["id"]},
                                                 label, first=not out))  # fmt: skip
                else:
                    keep = " and ".join(str(k["base"]) for k in rest)
                    out.append(self.move_btn("arrange", {"drop": d["id"]},
                                             f"Remove base {d['base']} (keep {keep})", first=not out))  # fmt: skip
        elif p in ("pull", "plunge"):
            yes = "Pull the Power" if p == "pull" else "Yes, we're GeoPlunging"
            no = "Keep the Power" if p == "pull" else "No"
            out.append(self.move_btn(p, True, yes, cls="bu-primary", first=True))
            out.append(self.move_btn(p, False, no))
        elif p in ("discard", "trade1", "trade2"):
            card = self.sel.get("card")
            verb = "Discard" if p == "discard" else "Give"
            label = f"{verb} {self.by[card].name}" if card else f"{verb}: pick a card first"
            out.append(self.move_btn("discard" if p == "discard" else "trade", card, label,
                                     cls="bu-primary", disabled=card is None))  # fmt: skip
        elif p == "play":
            out.append(self.play_html(v))
        return f'<div class="tr-choices" role="group" aria-label="Your choice">{"".join(out)}</div>'

    def play_html(self, v: dict[str, Any]) -> str:
        cur = v["tricks"][-1] if v["tricks"] and v["tricks"][-1].get("follow") is None else None
        card, s = self.sel.get("card"), self.sel
        rows: list[str] = []
        if self.zap:
            kind = "follow" if cur else "lead"
            label = (
                f"{'Lead' if kind == 'lead' else 'Play'} {self.by[card].name}"
                if card
                else "Pick a card first"
            )
            rows.append(
                self.move_btn(kind, {"card": card}, label, cls="bu-primary", disabled=card is None)
            )
            return "".join(rows)
        ch = follow_choices(v) if cur else lead_choices(v)
        power = s.get("power")
        if ch.powers:
            pw = "".join(
                _btn(
                    f"power:{pid}",
                    f"Power: {escape(power_text(p))}",
                    pressed=power == pid,
                    extra=f' data-act="sel" data-name="power" data-value="{pid}"',
                )  # fmt: skip
                for pid, p in ch.powers.items()
            )
            rows.append(f'<div class="tr-row" role="group" aria-label="Power card">{pw}</div>')
        if cur is None:
            locked = ch.powers[power]["category"] if power else None
            cats = "".join(
                _btn(
                    f"cat:{c}",
                    CATEGORY_TEXT[c],
                    pressed=(locked or s.get("category")) == c,
                    disabled=locked is not None and c != locked,
                    extra=f' data-act="sel" data-name="category" data-value="{c}"',
                )  # fmt: skip
                for c in ch.categories
            )
            rows.append(f'<div class="tr-row" role="group" aria-label="Category">{cats}</div>')
            base = s.get("base") if len(ch.bases) > 1 else ch.bases[0]
            bases = "".join(
                _btn(
                    f"base:{b}",
                    f"Base {b}",
                    pressed=base == b,
                    disabled=len(ch.bases) == 1,
                    extra=f' data-act="sel" data-name="base" data-value="{b}"',
                )  # fmt: skip
                for b in ch.bases
            )
            rows.append(f'<div class="tr-row" role="group" aria-label="Base">{bases}</div>')
            cat = locked or s.get("category")
            ready = card and cat and base and (power or not ch.must_power)
            data = move_data(
                "lead", card or "", category=cat, base=base, power=power, powers=ch.powers
            )
            label = f"Lead {self.by[card].name} face-down" if card else "Lead face-down"
            rows.append(self.move_btn("lead", data, label, cls="bu-primary", disabled=not ready))
        else:
            change = s.get("change") or "category"
            if power and len(ch.changes[power]) > 1:
                opts = "".join(
                    _btn(
                        f"change:{c}",
                        f"Change the {c}",
                        pressed=change == c,
                        extra=f' data-act="sel" data-name="change" data-value="{c}"',
                    )  # fmt: skip
                    for c in ch.changes[power]
                )
                rows.append(
                    f'<div class="tr-row" role="group" aria-label="The Power card changes">{opts}</div>'
                )
            elif power:
                change = "category"
            ready = card and (power or not ch.must_power)
            data = move_data("follow", card or "", power=power, change=change)
            label = f"Play {self.by[card].name}" if card else "Play: pick a card first"
            rows.append(self.move_btn("follow", data, label, cls="bu-primary", disabled=not ready))
        return "".join(rows)

    # ------------------------------------------------------------ input

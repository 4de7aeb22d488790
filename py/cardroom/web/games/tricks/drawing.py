"""The trick games' table as HTML, from one team's view (plain Python, tested on CPython;
the screen, web/games/tricks/screen.py, puts it in the page): tricks won, Power and BUR cards,
the trick with its face-down lead and announcement, the hand and the choices of each step
(the Level 4 dialogues, discards, trades, Pull the Power, GeoPlunging, the lead and the
follow), so what a team's page holds is tested here (R-143). The choices and the words
come from :mod:`cardroom.web.games.tricks.logic`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from typing import Any

from cardroom import atlas
from cardroom.web.games.tricks.logic import (
    CATEGORY_TEXT,
    announcement,
    first_lead_text,
    follow_choices,
    lead_choices,
    move_data,
    power_text,
    says,
    trick_line,
)

__all__ = ["PHASE_TEXT", "TrickDrawing", "trick_items_html"]


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


def _choice(key: str, name: str, value: Any, label: str, *, pressed: bool,
            disabled: bool = False) -> str:  # fmt: skip
    """A button that selects ``value`` for the choice ``name`` (the screen keeps it)."""
    extra = f' data-act="sel" data-name="{name}" data-value="{value}"'
    return _btn(key, label, pressed=pressed, disabled=disabled, extra=extra)


def trick_items_html(tricks: Sequence[dict[str, Any]], teams: Sequence[str], zap: bool) -> str:
    """The tricks won so far, one ``<li>`` each (the game log and the result)."""
    done = [t for t in tricks if t.get("winner") is not None]
    return "".join(
        f'<li data-trick="{i + 1}">{escape(trick_line(i, t, teams, zap))}</li>'
        for i, t in enumerate(done)
    )


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
            f'<div class="tr-game{" tr-zap" if self.zap else ""}" data-phase="{v["phase"]}" '
            f'data-seat="{seat}" '
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
            if len({p["base"] for p in cards}) == 1:
                # both Power cards give the same base: it is every trick's, said once
                parts.append(
                    f'<li data-bases="1">Base: <strong>{cards[0]["base"]}</strong> '
                    "(every trick)</li>"
                )
            else:
                how = " then " if v["version"] == "ptr1" else " or "
                bases = how.join(f"<strong>{p['base']}</strong>" for p in cards)
                note = (
                    "(tricks 1-4, then 5-8)" if v["version"] == "ptr1" else "(the lead names one)"
                )
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
        items = trick_items_html(v["tricks"], self.teams, self.zap)
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
            # as the card prints them: the border states by name (a zap is found there)
            names = ", ".join(self.by[b].name for b in s.borders) or "none"
            facts = (
                f'<span class="tr-card-count">{len(s.borders)} border '
                f"state{'s' * (len(s.borders) != 1)}:</span> "
                f'<span class="tr-card-borders" data-borders="{" ".join(s.borders)}">'
                f"{escape(names)}</span>"
            )
        else:
            facts = " · ".join(
                f'<span class="tr-fact">{f}</span>'
                for f in (
                    f"Size {s.area_rank}",
                    f"Statehood {s.statehood_rank}",
                    f"Pop. {s.population_rank}",
                )
            )
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
            f'<ul class="tr-hand" data-roving="tr-hand" aria-label="{escape(title)}" aria-describedby="tr-prompt">{cards}</ul>'
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
                _choice(
                    f"power:{pid}",
                    "power",
                    pid,
                    f"Power: {escape(power_text(p))}",
                    pressed=power == pid,
                )  # fmt: skip
                for pid, p in ch.powers.items()
            )
            rows.append(f'<div class="tr-row" role="group" aria-label="Power card">{pw}</div>')
        if cur is None:
            locked = ch.powers[power]["category"] if power else None
            cats = "".join(
                _choice(
                    f"cat:{c}",
                    "category",
                    c,
                    CATEGORY_TEXT[c],
                    pressed=(locked or s.get("category")) == c,
                    disabled=locked is not None and c != locked,
                )  # fmt: skip
                for c in ch.categories
            )
            rows.append(f'<div class="tr-row" role="group" aria-label="Category">{cats}</div>')
            base = s.get("base") if len(ch.bases) > 1 else ch.bases[0]
            bases = "".join(
                _choice(
                    f"base:{b}",
                    "base",
                    b,
                    f"Base {b}",
                    pressed=base == b,
                    disabled=len(ch.bases) == 1,
                )  # fmt: skip
                for b in ch.bases
            )
            rows.append(f'<div class="tr-row" role="group" aria-label="Base">{bases}</div>')
            cat = locked or s.get("category")
            missing = [
                what
                for what, have in (
                    ("a card", card),
                    ("a category", cat),
                    ("a base", base),
                    ("a Power card", power or not ch.must_power),
                )
                if not have
            ]
            data = move_data(
                "lead", card or "", category=cat, base=base, power=power, powers=ch.powers
            )
            # a grey Lead says what it waits for
            label = (
                f"Lead: pick {', '.join(missing[:-1])}{' and ' * (len(missing) > 1)}{missing[-1]}"
                if missing
                else f"Lead {self.by[card].name} face-down"
            )
            rows.append(
                self.move_btn("lead", data, label, cls="bu-primary", disabled=bool(missing))
            )
        else:
            change = s.get("change") or "category"
            if power and len(ch.changes[power]) > 1:
                opts = "".join(
                    _choice(f"change:{c}", "change", c, f"Change the {c}", pressed=change == c)
                    for c in ch.changes[power]
                )
                rows.append(
                    f'<div class="tr-row" role="group" aria-label="The Power card changes">{opts}</div>'
                )
            elif power:
                change = "category"
            ready = card and (power or not ch.must_power)
            data = move_data("follow", card or "", power=power, change=change)
            label = (
                "Play: pick a card first"
                if not card
                else f"Play {self.by[card].name}"
                if ready
                else "Play: pick a Power card"
            )
            rows.append(self.move_btn("follow", data, label, cls="bu-primary", disabled=not ready))
        return "".join(rows)

    # ------------------------------------------------------------ input

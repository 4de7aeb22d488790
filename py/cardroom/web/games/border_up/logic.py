"""Border-Up's screen logic, not the DOM (tested on CPython): the engine client with the
computer's seat, the group slots and the shouts they allow, and the solver's hints in
two steps (R-115). The setup, clock, saves and result frame are the kit's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from cardroom import atlas
from cardroom.core import Bot
from cardroom.geoplunge import bot
from cardroom.geoplunge.border_up import GAME
from cardroom.geoplunge.groups import call_name, check_group, check_shout, name, shout_layouts
from cardroom.geoplunge.solver import Hand
from cardroom.web.kit.cards import ZONE_CLASS
from cardroom.web.kit.hand_model import Zone
from cardroom.web.kit.logic import Hosting, LocalEngine, Setup

__all__ = [
    "team_one_bot",
    "BOT_SEAT",
    "Hint",
    "choose_hint",
    "could_html",
    "computer",
    "engine",
    "hosting",
    "key_state",
    "ready_calls",
    "shout_groups",
    "shouts_html",
    "slot_zones",
    "zoom_card",
]

#: The computer's seat against a person (the person is Team 1, seat 0).
BOT_SEAT = 1


# ------------------------------------------------------------------ slots and calls


def slot_zones(level: int) -> tuple[Zone, ...]:
    """The group slots of a hand at ``level``: three groups of 3 (Levels 2 and 3); at
    Level 4 two groups of up to 5 (4+4 or 5+3) and the bonus group of 3."""
    if level == 4:
        return (
            Zone("g1", "Group 1", 5, "4 or 5 cards"),
            Zone("g2", "Group 2", 5, "3, 4 or 5 cards"),
            Zone("g3", "Group 3", 3, "bonus: 3 cards"),
        )
    return (
        Zone("g1", "Group 1", 3, "3 cards"),
        Zone("g2", "Group 2", 3, "3 cards"),
        Zone("g3", "Group 3", 3, "bonus: 3 cards"),
    )


def ready_calls(level: int, sizes: Sequence[int]) -> dict[str, bool]:
    """Which shouts the slot sizes allow: GeoPlunge needs groups 1 and 2 in a layout of
    the level (3+3; 4+4 or 5+3), ThreeOPlunge all three groups."""
    two = tuple(sorted(sizes[:2], reverse=True))
    three = tuple(sorted(sizes[:3], reverse=True))
    return {
        "geoplunge": two in shout_layouts(level, "geoplunge"),
        "threeoplunge": len(sizes) >= 3 and three in shout_layouts(level, "threeoplunge"),
    }


def shout_groups(call: str, groups: Sequence[Sequence[str]]) -> list[list[str]]:
    """The groups a shout shows: the first two slots for GeoPlunge, all three for
    ThreeOPlunge."""
    n = 2 if call == "geoplunge" else 3
    return [list(g) for g in groups[:n]]


# ------------------------------------------------------------------ hints


@dataclass(frozen=True, slots=True)
class Hint:
    """What a team's Hint shows.

    ``kind`` is ``"group"`` (``cards``: one winning group, properly sorted, to lay out in
    the slot ``slot``), ``"ready"`` (the slots already hold a valid shout: ``call``),
    ``"move"`` (two correctly placed groups make a GeoPlunge but are not in Groups 1 and
    2: ``cards`` are theirs) or ``"none"`` (the hand holds no GeoPlunge at all).
    ``message`` is the sentence shown and announced."""

    kind: str
    message: str
    cards: tuple[str, ...] = ()
    slot: int | None = None
    call: str | None = None
    bonus: bool = False

    def to_json(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Hint:
        return cls(**{**obj, "cards": tuple(obj["cards"])})

    def first_step(self) -> str:
        """The first step of a group hint: only its key state (R-115)."""
        key = key_state(self.cards)
        where = "Group 3, the bonus group" if self.bonus else f"Group {(self.slot or 0) + 1}"
        return f"Hint: build a group around {name(key)} and try it in {where}."


def key_state(cards: Sequence[str]) -> str:
    """The state of a group that borders most of the others (the middle of a group of 3;
    the first such state in the order shown)."""
    by = atlas.by_code()
    return max(cards, key=lambda c: (sum(o in by[c].borders for o in cards), -cards.index(c)))


NO_GEOPLUNGE = "No two winning groups exist in this hand: consider passing."


def _names(cards: Sequence[str]) -> str:
    words = [name(c) for c in cards]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def _hint_sentence(group: tuple[str, ...], level: int) -> str:
    """ "Kansas, Missouri, Kentucky and West Virginia form a line" (or, for 3 cards at
    Levels 2 and 3, which state borders both others)."""
    if level == 4 or len(group) > 3:
        return f"{', '.join(name(c) for c in group)} form a line, in this order"
    return f"{_names(group)} make a group: {check_group(group, level).reason}"


def _minus(layout: tuple[int, ...], sizes: Sequence[int]) -> tuple[int, ...] | None:
    """``layout`` without ``sizes`` (None if ``sizes`` is not part of it)."""
    rest = list(layout)
    for n in sizes:
        if n not in rest:
            return None
        rest.remove(n)
    return tuple(rest)


def _prefer(groups: Sequence[tuple[str, ...]], started: set[str]) -> list[tuple[str, ...]]:
    """Groups that use more of the cards a team has started to lay out come first (then
    as found), so a hint extends what is on the table when it can."""
    return sorted(groups, key=lambda grp: -len(started.intersection(grp)))


def _completion(
    free: Sequence[str], level: int, need: tuple[int, ...], started: set[str]
) -> tuple[str, ...] | None:
    """One group of ``free`` that, with what ``need`` still asks for (group sizes), can
    complete a GeoPlunge from the ``free`` cards; None if none can."""
    if not need:
        return None
    hand = Hand(free, level)
    if len(need) == 1:
        found = hand.groups(need[0])
        return _prefer(found, started)[0] if found else None
    # nothing placed yet: first a group using started cards, if it leaves a partner
    a, b = need
    started_groups = [
        grp
        for grp in _prefer(hand.groups(a) + (hand.groups(b) if b != a else []), started)
        if started.intersection(grp)
    ]
    partners = {k: [frozenset(g) for g in hand.groups(k)] for k in set(need)}
    for grp in started_groups[:40]:
        other = b if len(grp) == a else a
        if any(p.isdisjoint(grp) for p in partners[other]):
            return grp
    found = hand.find("geoplunge")
    return found[0] if found else None


def choose_hint(hand: Sequence[str], slots: Sequence[Sequence[str]], level: int) -> Hint:
    """The hint for a team holding ``hand`` with ``slots`` (Groups 1, 2, 3 as laid out).

    * The slots already hold a valid ThreeOPlunge or GeoPlunge: say so, point at the shout.
    * Otherwise keep every correctly placed group (a slot whose cards are a winning group
      in the order shown) and find, with the solver, one more group from the other cards
      that completes a GeoPlunge with them, preferring a group that uses the cards already
      started in a slot. If the placed groups cannot be part of any GeoPlunge, the hint is a
      group of one the hand does hold (saying it breaks up a placed group).
    * The hand holds no GeoPlunge at all: say so (consider passing).

    Hints never move cards; the result says which slot to use."""
    slots = [list(s) for s in slots]
    bonus = _bonus(hand, slots, level)
    if bonus is not None:
        return bonus
    if len(slots) >= 3 and all(slots[:3]) and check_shout("threeoplunge", slots[:3], level).valid:
        return Hint(
            "ready",
            "Your three groups are a ThreeOPlunge: shout ThreeOPlunge!",
            (),
            None,
            "threeoplunge",
        )
    if len(slots) >= 2 and all(slots[:2]) and check_shout("geoplunge", slots[:2], level).valid:
        return Hint(
            "ready",
            "Groups 1 and 2 are already a GeoPlunge: shout GeoPlunge!",
            (),
            None,
            "geoplunge",
        )
    whole = Hand(hand, level)
    if whole.find("geoplunge") is None:
        return Hint("none", NO_GEOPLUNGE)
    placed = [(i, tuple(s)) for i, s in enumerate(slots) if s and check_group(s, level).ok]
    kept = {c for _, s in placed for c in s}
    started = {c for s in slots for c in s} - kept
    free = [c for c in whole.cards if c not in kept]
    # use as many placed groups as a GeoPlunge can hold (two at most), Groups 1 and 2 first
    subsets: list[list[tuple[int, tuple[str, ...]]]] = []
    for x in range(len(placed)):
        for y in range(x + 1, len(placed)):
            subsets.append([placed[x], placed[y]])
    subsets.sort(key=lambda sub: [i for i, _ in sub])
    subsets += [[p] for p in placed] + [[]]
    for sub in subsets:
        for layout in shout_layouts(level, "geoplunge"):
            need = _minus(layout, [len(s) for _, s in sub])
            if need is None:
                continue
            if not need:
                words = " and ".join(f"Group {i + 1}" for i, _ in sub)
                cards = tuple(c for _, s in sub for c in s)
                return Hint(
                    "move",
                    f"{words} are already a GeoPlunge: put them in Groups 1 and 2 and shout "
                    "GeoPlunge!",
                    cards,
                )
            grp = _completion(free, level, need, started)
            if grp is None:
                continue
            used = {i for i, _ in sub}
            slot = _slot_for(grp, slots, used, placed)
            return Hint(
                "group",
                f"Hint: {_hint_sentence(grp, level)}. Try them in Group {slot + 1}.",
                grp,
                slot,
            )
    # no GeoPlunge keeps the placed groups: show one the hand holds
    found = whole.find("geoplunge")
    assert found is not None
    grp = _prefer(list(found), started)[0]
    slot = _slot_for(grp, slots, set(), [])
    return Hint(
        "group",
        f"Hint: {_hint_sentence(grp, level)}. No GeoPlunge keeps your groups as they are: "
        f"this one needs some of their cards (try Group {slot + 1}).",
        grp,
        slot,
    )


def _bonus(hand: Sequence[str], slots: Sequence[Sequence[str]], level: int) -> Hint | None:
    """Groups 1 and 2 hold a GeoPlunge and the other cards a bonus group that makes it a
    ThreeOPlunge, but Group 3 does not show it yet: the hint is that group (R-115)."""
    if len(slots) < 3 or not all(slots[:2]):
        return None
    if not check_shout("geoplunge", slots[:2], level).valid:
        return None
    if slots[2] and check_shout("threeoplunge", slots[:3], level).valid:
        return None
    used = {c for g in slots[:2] for c in g}
    free = [c for c in hand if c not in used]
    started = set(slots[2])
    for grp in _prefer(Hand(free, level).groups(3), started):
        if check_shout("threeoplunge", [*slots[:2], list(grp)], level).valid:
            return Hint(
                "group",
                f"Groups 1 and 2 are a GeoPlunge: shout now, or add the bonus. "
                f"Hint: {_hint_sentence(grp, level)}. Try them in Group 3.",
                grp,
                2,
                bonus=True,
            )
    return None


def _slot_for(
    grp: tuple[str, ...],
    slots: Sequence[Sequence[str]],
    used: set[int],
    placed: Sequence[tuple[int, tuple[str, ...]]],
) -> int:
    """The slot (0-based) to lay ``grp`` out in: among Groups 1 and 2 not kept for a
    placed group (else any such slot), the one holding most of its cards, then an empty
    one, then the first."""
    keep = used | {i for i, _ in placed}
    free = (
        [i for i in range(min(2, len(slots))) if i not in keep]
        or [i for i in range(len(slots)) if i not in keep]
        or [0]
    )
    return max(free, key=lambda i: (len(set(slots[i]) & set(grp)), not slots[i], -i))


# ------------------------------------------------------------------ the engine


def computer(difficulty: str) -> Bot:
    """The engine's Border-Up bot of ``difficulty`` (one per seat: it remembers its plans)."""
    return bot.bot(difficulty)


def hosting(level: int, difficulty: str) -> Hosting:
    """The computer plans once per phase from its own view, seeded per deal and phase so
    that a game replays exactly; its shout carries its own time (R-240)."""
    return Hosting(
        key=lambda view, moves: view["phase"],
        rng=lambda seed, seat, phase: f"{seed}:{level}:{phase}:{difficulty}",
    )


def engine(setup: Setup) -> LocalEngine:
    """The engine client of one Border-Up game (the computer is seat 1 against a person)."""
    assert setup.seed is not None
    bots = {BOT_SEAT: computer(setup.difficulty)} if setup.mode == "bot" else {}
    how = hosting(setup.level, setup.difficulty)
    return LocalEngine(GAME, setup.seed, {"level": setup.level}, bots, how)


def team_one_bot(setup: Setup) -> tuple[Bot, int]:
    """The computer on Team 1's seat, seat 0 (a match's watch mode: both teams are the
    computer), and the seed it draws from: the game screen's own computer."""
    return computer(setup.difficulty), int(setup.seed or 0) + 1


# ------------------------------------------------------------------ the result


def shouts_html(teams: Sequence[str], r: Mapping[str, Any]) -> str:
    """The result's "Groups shown": each shout, who made it and when, and each group's
    check (valid or not, and why), with a button to show them on the map."""
    blocks = []
    for k, sh in enumerate(r["shouts"]):
        verdict = "valid" if sh["valid"] else "invalid"
        items = []
        for i, g in enumerate(sh["groups"], start=1):
            cls = "ok" if g["ok"] else "bad"
            items.append(
                f'<li class="bu-check bu-check-{cls}" data-ok="{str(g["ok"]).lower()}">'
                f'<span class="bu-check-mark" aria-hidden="true">{"✓" if g["ok"] else "✗"}'
                f'</span><span class="visually-hidden">{"valid" if g["ok"] else "invalid"}: '
                f'</span><span class="bu-check-cards">Group {i}: '
                f"{escape('-'.join(g['cards']))}</span> "
                f'<span class="bu-check-why">{escape(g["reason"])}</span></li>'
            )
        problem = sh.get("problem")
        blocks.append(
            f'<div class="bu-shout-block" data-shout="{k}" data-team="{sh["team"]}">'
            f"<h4>{escape(teams[sh['team']])} shouted {call_name(sh['call'])}! "
            f'<span class="bu-after">after {sh["after_ms"] / 1000:.1f} s</span> '
            f'<span class="bu-verdict bu-verdict-{verdict}">{verdict}</span></h4>'
            + (f'<p class="bu-check-problem">{escape(problem)}</p>' if problem else "")
            + f'<ul class="bu-checks">{"".join(items)}</ul>'
            '<button type="button" class="bu-btn bu-quiet bu-small" data-show="shouts">'
            "Show on the map</button></div>"
        )
    if not blocks:
        return ""
    return (
        '<section class="bu-shouts" aria-labelledby="bu-shouts-h">'
        '<h3 id="bu-shouts-h">Groups shown</h3>' + "".join(blocks) + "</section>"
    )


def could_html(against_bot: bool, r: Mapping[str, Any]) -> str:
    """The result's "You could have made…": for each team that lost, or won with less
    than its hand held, the best call its hand allowed (the solver's), or that it held
    none; against the computer, only the person's team."""
    bot = against_bot
    items = []
    for seat in (0,) if bot else (0, 1):
        sol = r["solutions"][seat]
        best_call = "threeoplunge" if sol["threeoplunge"] else "geoplunge"
        best = sol["threeoplunge"] or sol["geoplunge"]
        shouted = next((s for s in r["shouts"] if s["team"] == seat), None)
        won = r["winner"] == seat
        if won and (shouted and shouted["call"] == "threeoplunge" or not sol["threeoplunge"]):
            continue  # nothing better was possible
        who = "You" if bot else f"Team {seat + 1}"
        if best is None:
            items.append(
                f'<li data-could="{seat}"><p>{who}: this hand held no GeoPlunge at all.</p></li>'
            )
            continue
        lead = (
            "could have made"
            if not won
            else ("also held" if shouted is None else "could also have made")
        )
        chips = " · ".join(
            f'<span class="bu-chip bu-chip-g{i}">{escape("-".join(g))}</span>'
            for i, g in enumerate(best, start=1)
        )
        items.append(
            f'<li data-could="{seat}"><p>{who} {lead} a {call_name(best_call)}: {chips}</p>'
            f'<button type="button" class="bu-btn bu-quiet bu-small" data-show="could" '
            f'data-seat="{seat}">Show on the map</button></li>'
        )
    if not items:
        return ""
    return (
        '<section class="bu-could" aria-labelledby="bu-could-h">'
        '<h3 id="bu-could-h">You could have made…</h3>'
        f'<ul class="bu-could-list">{"".join(items)}</ul></section>'
    )


# ------------------------------------------------------------------ a card shown large


def zoom_card(code: str) -> tuple[str, str]:
    """A hand card shown large (a press held on it, or Z; issue 41): the heading (the
    state's name) and the body: its postal code, time zones (the card's stripe and dot)
    and every state it borders, by code and by name."""
    by = atlas.by_code()
    s = by[code]
    zones = s.time_zones
    cls = f"bu-zoom-card tz-{ZONE_CLASS[zones[0]]}"
    dot = ""
    if len(zones) > 1:
        dot = f'<span class="tz-dot tz-dot-{ZONE_CLASS[zones[1]]}" aria-hidden="true"></span>'
    zone_word = "Time zones" if len(zones) > 1 else "Time zone"
    borders = "".join(
        f'<li><span class="bu-zoom-bcode">{b}</span> {escape(by[b].name)}</li>' for b in s.borders
    )
    listing = (
        f'<ul class="bu-zoom-borders">{borders}</ul>'
        if borders
        else '<p class="bu-zoom-none">None: it borders no state.</p>'
    )
    return s.name, (
        f'<div class="{cls}" data-zoom="{code}">{dot}'
        f'<p class="bu-zoom-code"><span class="visually-hidden">Postal code </span>{code}</p>'
        f'<p class="bu-zoom-zone">{zone_word}: {escape(", ".join(zones))}</p>'
        f'<h3 class="bu-zoom-sub">Borders ({len(s.borders)})</h3>{listing}</div>'
    )

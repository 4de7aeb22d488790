"""Border-Up screens: everything that is not the DOM (plain Python, tested on CPython).

* :func:`parse_setup` reads the deep link (``level``, ``mode``, ``difficulty``, ``seed``);
* :func:`slot_zones` and :func:`ready_calls` say which group slots a level has and which
  shout buttons the cards in them allow;
* :func:`card_html` draws the compact GeoPlunge card a hand shows;
* :func:`choose_hint` picks, with the solver, the group a team's Hint shows;
* :class:`Table` runs one game on the table clock: it applies the teams' moves, the
  computer's plan (through the bot's public ``plan``) and the clock's calls in time order,
  and says when the next timer must fire. The screen only feeds it the time.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from cardroom import atlas
from cardroom.core import REFEREE, GameError, Move
from cardroom.geoplunge import bot
from cardroom.geoplunge.border_up import GAME, hand_size
from cardroom.geoplunge.groups import (
    LEVELS,
    call_name,
    check_group,
    check_shout,
    name,
    shout_layouts,
)
from cardroom.geoplunge.solver import Hand
from cardroom.web.cards import ZONE_CLASS
from cardroom.web.hand_model import Zone

__all__ = [
    "DIFFICULTIES",
    "GROUP_COLOURS",
    "MODES",
    "Hint",
    "Setup",
    "Table",
    "card_html",
    "choose_hint",
    "hints_used",
    "level_rules",
    "parse_setup",
    "ready_calls",
    "slot_zones",
]

MODES = ("bot", "local")
DIFFICULTIES = bot.DIFFICULTIES
DEFAULT_DIFFICULTY = "medium"
#: The computer's seat against a person (the person is Team 1, seat 0).
BOT_SEAT = 1
#: Colours of groups 1, 2, 3 on the map (also in web/border_up.css).
GROUP_COLOURS = ("#b45309", "#0e7490", "#be185d")
MAX_SEED = 2**31 - 1


# ------------------------------------------------------------------ the deep link


@dataclass(frozen=True, slots=True)
class Setup:
    level: int
    mode: str  # "bot" | "local"
    difficulty: str  # for mode "bot"
    seed: int | None  # None: pick one

    def params(self, seed: int | None = None) -> dict[str, str | None]:
        """The URL parameters of this game (``seed`` overrides)."""
        s = self.seed if seed is None else seed
        return {
            "game": "border-up",
            "level": str(self.level),
            "mode": self.mode,
            "difficulty": self.difficulty if self.mode == "bot" else None,
            "seed": None if s is None else str(s),
        }

    def storage_key(self) -> str:
        diff = self.difficulty if self.mode == "bot" else "-"
        return f"cardroom:border-up:{self.level}:{self.mode}:{diff}:{self.seed}"

    def describe(self) -> str:
        who = (
            f"vs the computer ({self.difficulty})"
            if self.mode == "bot"
            else "two teams on one device"
        )
        return f"Level {self.level} · {who}"


def _int(text: str | None) -> int | None:
    if text is None:
        return None
    text = text.strip()
    if not text or not text.lstrip("-").isdigit() or len(text) > 12:
        return None
    return int(text)


def parse_setup(params: Mapping[str, str]) -> Setup | None:
    """The game a URL asks for, or None when it asks for the setup screen (level or
    mode missing or not understood). A missing or bad difficulty is ``medium``; a bad
    seed is treated as missing."""
    level = _int(params.get("level"))
    mode = (params.get("mode") or "").strip().lower()
    if level not in LEVELS or mode not in MODES:
        return None
    difficulty = (params.get("difficulty") or "").strip().lower()
    if difficulty not in DIFFICULTIES:
        difficulty = DEFAULT_DIFFICULTY
    seed = _int(params.get("seed"))
    if seed is not None and not 0 <= seed <= MAX_SEED:
        seed = None
    return Setup(level, mode, difficulty, seed)


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


def level_rules(level: int) -> str:
    """One sentence: what a group is at ``level``."""
    if level == 2:
        return "A group is 3 states where one borders both others, in any order."
    if level == 3:
        return (
            "A group is 3 states where one borders both others, sorted with that state in "
            "the middle (any order if all three border each other)."
        )
    return (
        "Two groups of 4+4 or 5+3 states, each sorted so every state borders the next; the "
        "bonus needs a third group of 3."
    )


# ------------------------------------------------------------------ cards


def card_html(code: str, help_id: str | None = None) -> str:
    """A compact GeoPlunge card for a hand: postal code, name, the time-zone colour (and
    a dot for a second zone) and the border states, so players can reason about groups.
    Screen readers hear the name, the borders by name and where the card lies."""
    by = atlas.by_code()
    s = by[code]
    zones = s.time_zones
    cls = ["hb-card", "bu-card", f"tz-{ZONE_CLASS[zones[0]]}"]
    dot = ""
    if len(zones) > 1:
        dot = f'<span class="tz-dot tz-dot-{ZONE_CLASS[zones[1]]}" aria-hidden="true"></span>'
    names = ", ".join(by[b].name for b in s.borders) or "no state"
    codes = " ".join(s.borders) or "none"
    described = f' aria-describedby="{help_id}"' if help_id else ""
    # a single long word (Massachusetts) gets a smaller size instead of breaking
    long = " is-long" if max(len(w) for w in s.name.split()) >= 10 else ""
    return (
        f'<li class="{" ".join(cls)}" data-card="{code}" tabindex="0"{described}>{dot}'
        f'<span class="bu-card-code" aria-hidden="true">{code}</span>'
        f'<span class="bu-card-name{long}">{escape(s.name)}</span>'
        f'<span class="bu-card-borders" aria-hidden="true">{escape(codes)}</span>'
        f'<span class="visually-hidden">, borders {escape(names)}</span>'
        f'<span class="visually-hidden hb-where"></span></li>'
    )


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


def hints_used(n: int) -> str:
    """ "No hints used", "1 hint used", "2 hints used"."""
    if n <= 0:
        return "No hints used"
    return f"{n} hint{'s' * (n != 1)} used"


# ------------------------------------------------------------------ the table


@dataclass
class Table:
    """One game of Border-Up on the table clock.

    ``bot_seat`` is the computer's seat (None: two teams of people). The screen calls
    :meth:`advance` with the game time whenever a timer fires and before each move of a
    person; :meth:`next_due` says when something is due next (ms of game time)."""

    setup: Setup
    seed: int
    state: Any = None
    moves: list[dict[str, Any]] = field(default_factory=list)
    bot_seat: int | None = None
    bot_move: Move | None = None
    bot_phase: str | None = None
    _views: dict[tuple[int, int], tuple[Any, dict[str, Any]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.state = GAME.new(self.seed, level=self.setup.level)
        if self.setup.mode == "bot":
            self.bot_seat = BOT_SEAT
        self._plan()

    # ------------------------------------------------------------ queries

    @property
    def level(self) -> int:
        return self.setup.level

    @property
    def phase(self) -> str:
        return str(self.view(REFEREE)["phase"])

    @property
    def over(self) -> bool:
        return bool(GAME.is_over(self.state))

    @property
    def now(self) -> int:
        return int(self.view(REFEREE)["now"])

    def view(self, seat: int) -> dict[str, Any]:
        """The engine's view for ``seat`` (cached per state: a finished game's view
        carries the solver's answers)."""
        key = (id(self.state), seat)
        hit = self._views.get(key)
        if hit is not None and hit[0] is self.state:
            return hit[1]
        v = GAME.view(self.state, seat)
        self._views = {k: x for k, x in self._views.items() if x[0] is self.state}
        self._views[key] = (self.state, v)
        return v

    def clock(self) -> tuple[str, int] | None:
        """The table clock's next call, from the referee's legal moves (a public view does
        not carry deadlines that could reveal a secret move)."""
        calls = list(GAME.legal_moves(self.state, REFEREE))
        return None if not calls else (calls[0].kind, int(calls[0].at))

    def next_due(self) -> int | None:
        """Game time of the next thing the table must do (clock call or bot move)."""
        times = []
        c = self.clock()
        if c is not None:
            times.append(c[1])
        if self.bot_move is not None:
            times.append(int(self.bot_move.at or 0))
        return min(times) if times else None

    # ------------------------------------------------------------ moves

    def _apply(self, move: Move) -> None:
        self.state = GAME.apply(self.state, move)
        self.moves.append(move.to_json())

    def _plan(self) -> None:
        """(Re)plan the computer's move once per phase, from its own view."""
        if self.bot_seat is None:
            return
        phase = self.phase
        if phase == self.bot_phase:
            return
        self.bot_phase = phase
        self.bot_move = None
        if phase == "over":
            return
        rng = random.Random(f"{self.seed}:{self.level}:{phase}:{self.setup.difficulty}")
        p = bot.plan(self.view(self.bot_seat), self.setup.difficulty, rng)
        self.bot_move = p.move

    def advance(self, t: int) -> list[Move]:
        """Apply, in time order, every clock call and computer move due at or before
        ``t``; return them."""
        done: list[Move] = []
        for _ in range(16):
            if self.over:
                break
            c = self.clock()
            due: list[tuple[int, int, Move]] = []
            if c is not None and c[1] <= t:
                due.append((c[1], 0, Move(REFEREE, c[0], None, c[1])))
            bm = self.bot_move
            if bm is not None and (bm.at or 0) <= t:
                due.append((max(int(bm.at or 0), self.now), 1, bm))
            if not due:
                break
            at, _, move = min(due, key=lambda d: (d[0], d[1]))
            move = move.with_time(max(at, self.now))
            if move.seat == self.bot_seat:
                self.bot_move = None
            try:
                self._apply(move)
                done.append(move)
            except GameError:
                pass  # e.g. a decision that became late: the bot simply did not act
            self._plan()
        return done

    def play(self, seat: int, kind: str, data: Any, t: int) -> Move:
        """A person's move at game time ``t`` (anything due before it is applied
        first); raises the engine's GameError if refused."""
        self.advance(t)
        move = Move(seat, kind, data, max(t, self.now))
        self._apply(move)
        self._plan()
        return move

    def replay(self, moves: Sequence[Mapping[str, Any]]) -> None:
        """Re-apply a saved move list (seed + moves replay exactly)."""
        for m in moves:
            move = Move.from_json(dict(m))
            if move.seat == self.bot_seat:
                self.bot_move = None
            self._apply(move)
            self._plan()

    # ------------------------------------------------------------ words

    def team_label(self, seat: int) -> str:
        if self.bot_seat is None:
            return f"Team {seat + 1}"
        return "The computer" if seat == self.bot_seat else "You"

    def dealt(self) -> int:
        return hand_size(self.level)


def shout_label(call: str) -> str:
    return call_name(call) + "!"

"""The Sequence computer players: easy, medium and hard.

Each bot chooses from its :class:`~cardroom.core.BotContext` only: its own view (its hand,
the board, the discards), its legal moves, its seeded ``random.Random`` and, for the hard
bot, ``ctx.sample_world(k)``: worlds it cannot tell from the real one (other hands and the
deck re-drawn from the cards it has not seen).

* **easy** plays a random legal move.
* **medium** turns in a dead card when it has one, then plays the move of best value on
  the board: it extends its own lines (a four is worth far more than a three), blocks
  the opponents' lines (a four above all), and keeps its ADD and REMOVE cards unless they
  complete or break a four.
* **hard** looks one turn ahead over sampled hidden hands: for its best candidate moves it
  asks, in each sampled world, whether an opponent who moves before its next turn holds a
  card that completes a sequence, and whether it will itself be able to complete one
  (two open ends cannot both be blocked). It blocks only the threats that can be
  carried out, builds double threats, and spends ADD and REMOVE where they decide the
  game. Its time is bounded: at most ``CANDIDATES`` moves times ``WORLDS`` worlds.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core import BotContext, Move
from .board import ADD, BOARD, CELLS, REMOVE, WINDOWS, WINDOWS_AT

__all__ = ["LEVELS", "Analysis", "Bot", "EasyBot", "HardBot", "MediumBot", "make"]

LEVELS = ("easy", "medium", "hard")

#: Value of adding a chip to a window holding k of one's own chips (k = 4 completes it).
ATTACK = (1, 4, 16, 90, 10_000)
#: Value of spoiling a window holding k chips of one opponent (k = 4 blocks a four).
DEFEND = (0, 2, 8, 60, 5_000)
#: Value of removing a chip from a window holding k chips of one opponent (k counts it).
BREAK = (0, 1, 4, 30, 4_000, 0)
#: Value of removing an opponent's chip from a window whose other spaces hold k of one's
#: own chips and nothing else (k = 4: the space opened completes a sequence). On a full
#: board this is the only way left to make a sequence (R-79: the game goes on until then).
UNBLOCK = (0, 1, 4, 30, 1_500)
#: Added to UNBLOCK[4] when the rest of the hand can fill the opened space next turn.
UNBLOCK_FILL = 2_000


class Analysis:
    """The board as a bot sees it: for each window, who owns its chips and how many;
    which windows can no longer become a sequence for a team (they would share two
    spaces with one of its sequences, R-75)."""

    __slots__ = ("_open", "bad", "chips", "count", "locked", "owner", "teams")

    def __init__(
        self, chips: Sequence[int], sequences: Iterable[tuple[int, Sequence[int]]], teams: int
    ) -> None:
        self.chips = chips
        self.teams = teams
        owner: list[int] = []
        count: list[int] = []
        for w in WINDOWS:
            o, k = -1, 0
            for c in w:
                v = chips[c]
                if v < 0:
                    continue
                if o == -1:
                    o, k = v, 1
                elif o == v:
                    k += 1
                else:
                    o = -2
                    break
            owner.append(o)
            count.append(k)
        self.owner = owner
        self.count = count
        bad: list[set[int]] = [set() for _ in range(teams)]
        locked: set[int] = set()
        for team, cells in sequences:
            cells = tuple(cells)
            locked.update(cells)
            near: dict[int, int] = {}
            for c in cells:
                for wi in WINDOWS_AT[c]:
                    near[wi] = near.get(wi, 0) + 1
            bad[team].update(wi for wi, n in near.items() if n >= 2)
        self.bad = bad
        self.locked = locked
        self._open: dict[int, list[tuple[int, tuple[int, ...]]]] = {}

    def open_windows(self, team: int) -> list[tuple[int, tuple[int, ...]]]:
        """(window, its open spaces) for every window ``team`` can still make."""
        got = self._open.get(team)
        if got is None:
            owner, bad, chips = self.owner, self.bad[team], self.chips
            # Empty windows are left out: the race counts them as 5 * MISS (_pair_cost).
            got = [
                (wi, tuple(c for c in w if chips[c] < 0))
                for wi, w in enumerate(WINDOWS)
                if owner[wi] == team and wi not in bad
            ]
            self._open[team] = got
        return got

    def after(self, x: int, team: int | None) -> Analysis:
        """The analysis once a chip of ``team`` is put on ``x`` (``None``: the chip on
        ``x`` is taken away); sequences are unchanged."""
        b = Analysis.__new__(Analysis)
        chips = list(self.chips)
        chips[x] = -1 if team is None else team
        owner, count = list(self.owner), list(self.count)
        for wi in WINDOWS_AT[x]:
            o, k = -1, 0
            for c in WINDOWS[wi]:
                v = chips[c]
                if v < 0:
                    continue
                if o == -1:
                    o, k = v, 1
                elif o == v:
                    k += 1
                else:
                    o = -2
                    break
            owner[wi], count[wi] = o, k
        b.chips, b.teams, b.owner, b.count = chips, self.teams, owner, count
        b.bad, b.locked = self.bad, self.locked
        b._open = {}
        through = WINDOWS_AT[x]
        for team, got in self._open.items():
            bad = b.bad[team]
            kept = [(wi, miss) for wi, miss in got if x not in WINDOWS[wi]]
            kept.extend(
                (wi, tuple(c for c in WINDOWS[wi] if chips[c] < 0))
                for wi in through
                if owner[wi] == team and wi not in bad
            )
            b._open[team] = kept
        return b

    def place_value(
        self,
        x: int,
        team: int,
        attack: Sequence[int] = ATTACK,
        defend: Sequence[int] = DEFEND,
        lines: bool = True,
    ) -> int:
        """What a chip of ``team`` on the open space ``x`` is worth: the sum over the
        windows through ``x`` (``lines=False``: its own best window only, plus blocks)."""
        v = top = 0
        owner, count, bad = self.owner, self.count, self.bad
        for wi in WINDOWS_AT[x]:
            o = owner[wi]
            if o == -1 or o == team:
                if wi not in bad[team]:
                    if lines:
                        v += attack[count[wi]]
                    else:
                        top = max(top, attack[count[wi]])
            elif o >= 0 and wi not in bad[o]:
                v += defend[count[wi]]
        return v + top

    def remove_value(self, y: int) -> int:
        """What taking the chip on ``y`` away from its team is worth."""
        team = self.chips[y]
        v = 0
        for wi in WINDOWS_AT[y]:
            if self.owner[wi] == team and wi not in self.bad[team]:
                v += BREAK[self.count[wi]]
        return v

    def unblock_value(self, y: int, team: int, fill: bool = False) -> int:
        """What taking the opponent's chip on ``y`` away is worth to ``team`` for its own
        lines: each window through ``y`` whose other spaces hold only ``team``'s chips or
        nothing (``fill``: the hand can cover ``y`` next turn)."""
        v = 0
        chips, bad = self.chips, self.bad[team]
        for wi in WINDOWS_AT[y]:
            if wi in bad:
                continue
            k = 0
            for c in WINDOWS[wi]:
                if c == y:
                    continue
                got = chips[c]
                if got == team:
                    k += 1
                elif got >= 0:
                    break
            else:
                v += UNBLOCK[k] + (UNBLOCK_FILL if k == 4 and fill else 0)
        return v

    def threats(self, team: int) -> set[int]:
        """Open spaces that would complete a sequence of ``team``."""
        out: set[int] = set()
        owner, count, bad, chips = self.owner, self.count, self.bad[team], self.chips
        for wi, w in enumerate(WINDOWS):
            if owner[wi] == team and count[wi] == 4 and wi not in bad:
                out.update(c for c in w if chips[c] < 0)
        return out


def _can_fill(hand: Iterable[str], cells: set[int]) -> set[int]:
    """The spaces of ``cells`` that a hand can cover (ADD covers any)."""
    hand = set(hand)
    if ADD in hand:
        return set(cells)
    return {c for c in cells if BOARD[c] in hand}


class Bot:
    """A computer player (see the module docstring)."""

    level = ""

    def choose(self, ctx: BotContext) -> Move | None:
        raise NotImplementedError


class EasyBot(Bot):
    level = "easy"

    def choose(self, ctx: BotContext) -> Move | None:
        legal = list(ctx.legal)
        return ctx.rng.choice(legal) if legal else None


def _split(legal: Iterable[Move]) -> tuple[list[Move], list[Move], list[Move]]:
    dead: list[Move] = []
    plays: list[Move] = []
    passes: list[Move] = []
    for m in legal:
        {"dead": dead, "play": plays, "pass": passes}[m.kind].append(m)
    return dead, plays, passes


def _pass_card(view: Mapping[str, Any], passes: list[Move], rng: random.Random) -> Move:
    # Keep ADD and REMOVE: turn in a state card if there is one.
    states = [m for m in passes if m.data not in (ADD, REMOVE)]
    return rng.choice(states or passes)


class MediumBot(Bot):
    level = "medium"
    #: What playing an ADD or a REMOVE costs in board value (keep them for fours).
    card_cost = 150
    #: Medium blocks fours only; hard spoils the opponents' shorter lines as well.
    defend: tuple[int, ...] = (0, 0, 0, 0, DEFEND[4])
    attack: tuple[int, ...] = ATTACK
    #: Medium extends its best line through a space; hard counts every line through it.
    lines = False

    def score(self, a: Analysis, team: int, m: Move, hand: Sequence[str] = ()) -> int:
        card, x = m.data["card"], m.data["space"]
        if card == REMOVE:
            rest = list(hand)
            if REMOVE in rest:
                rest.remove(REMOVE)
            fill = ADD in rest or BOARD[x] in rest
            return a.remove_value(x) + a.unblock_value(x, team, fill) - self.card_cost
        v = a.place_value(x, team, self.attack, self.defend, self.lines)
        return v - self.card_cost if card == ADD else v

    def choose(self, ctx: BotContext) -> Move | None:
        dead, plays, passes = _split(ctx.legal)
        view = ctx.view
        a = Analysis(view["chips"], _sequences(view), view["teams"])
        team = view["team"]
        hand = view["hand"]
        dead = _turn_in(dead, plays, a, team, hand)
        if dead:
            return dead[0]
        if not plays:
            return _pass_card(ctx.view, passes, ctx.rng) if passes else None
        scored = [(self.score(a, team, m, hand), ctx.rng.random(), m) for m in plays]
        return max(scored, key=lambda t: (t[0], t[1]))[2]


def _turn_in(
    dead: list[Move], plays: list[Move], a: Analysis, team: int, hand: Sequence[str]
) -> list[Move]:
    """The dead cards worth turning in: all of them, except one that a REMOVE in the hand
    can bring back to life on a space that then completes a four of ``team`` (while
    there is a play to make instead)."""
    if not dead or not plays or REMOVE not in hand:
        return dead
    keep = set()
    for m in dead:
        for y in CELLS[m.data]:
            mine = a.chips[y] in (-1, team) or y in a.locked
            if not mine and a.unblock_value(y, team) >= UNBLOCK[4]:
                keep.add(m.data)
    return [m for m in dead if m.data not in keep]


def _sequences(view: Mapping[str, Any]) -> list[tuple[int, Sequence[int]]]:
    return [(s["team"], s["spaces"]) for s in view["sequences"]]


class HardBot(MediumBot):
    level = "hard"
    card_cost = 400
    defend = DEFEND
    lines = True
    #: How many candidate moves are looked at in depth, and in how many sampled worlds.
    CANDIDATES = 6
    WORLDS = 4
    #: The price of letting an opponent complete a sequence, and of losing the game.
    LOSE_SEQUENCE = 9_000
    LOSE_GAME = 40_000

    def choose(self, ctx: BotContext) -> Move | None:
        dead, plays, passes = _split(ctx.legal)
        view = ctx.view
        team, teams, seat = view["team"], view["teams"], view["seat"]
        seqs = _sequences(view)
        a = Analysis(view["chips"], seqs, teams)
        dead = _turn_in(dead, plays, a, team, view["hand"])
        if dead:
            return dead[0]
        if not plays:
            return _pass_card(ctx.view, passes, ctx.rng) if passes else None
        a.open_windows(team)
        have = [0] * teams
        for t, _ in seqs:
            have[t] += 1
        target = view["target"]
        # A move that wins the game is played at once (a state card before an ADD).
        scored = sorted(
            ((self.score(a, team, m, view["hand"]), ctx.rng.random(), m) for m in plays),
            key=lambda t: (-t[0], t[1]),
        )
        cands = [m for _, _, m in scored[: self.CANDIDATES]]
        # The seats that move before this team's next turn.
        players = view["players"]
        nxt = []
        for step in range(1, players):
            s = (seat + step) % players
            if view["team_of"][s] == team:
                break
            nxt.append(s)
        worlds = [ctx.sample_world(ctx.rng.randrange(1 << 62)) for _ in range(self.WORLDS)]
        hands = [[tuple(w.hands[s]) for s in nxt] for w in worlds]
        hand = list(view["hand"])
        best, best_key = cands[0], None
        opp_teams = sorted({view["team_of"][s] for s in nxt})
        opp_lists = []
        if self.RACE:
            for w in worlds:
                lists = []
                for t in opp_teams:
                    lists.append((t, self.race_list(a, t, _team_cards(view, w, t))))
                opp_lists.append(lists)
        for base, m in ((self.score(a, team, m, hand), m) for m in cands):
            card, x = m.data["card"], m.data["space"]
            chips = list(view["chips"])
            chips[x] = -1 if card == REMOVE else team
            after_seqs = seqs
            value: float = base
            if card != REMOVE:
                new = _completed(chips, seqs, x, team)
                if new:
                    if have[team] + len(new) >= target:
                        value += 10 * self.LOSE_GAME
                    after_seqs = seqs + [(team, w) for w in new]
            if after_seqs is seqs:
                b = a.after(x, None if card == REMOVE else team)
            else:
                b = Analysis(chips, after_seqs, teams)
            have_after = list(have)
            for t, _ in after_seqs[len(seqs) :]:
                have_after[t] += 1
            # Opponents moving before our next turn: can they complete a sequence?
            risk = 0.0
            opp_cells = {s: b.threats(view["team_of"][s]) for s in nxt}
            for wh in hands:
                worst = 0.0
                for s, h in zip(nxt, wh, strict=True):
                    t = view["team_of"][s]
                    cells = opp_cells[s]
                    if cells and _can_fill(h, cells):
                        worst = max(
                            worst,
                            self.LOSE_GAME if have_after[t] + 1 >= target else self.LOSE_SEQUENCE,
                        )
                risk += worst
            value -= risk / len(hands)
            # Our own completions next turn: two open ends cannot both be blocked.
            mine = b.threats(team)
            if mine:
                rest = list(hand)
                rest.remove(card)
                fill = _can_fill(rest, mine)
                if len(fill) >= 2:
                    value += 6_000
                elif fill:
                    (cell,) = fill
                    blocked = sum(1 for wh in hands if any(_can_fill(h, {cell}) for h in wh)) / len(
                        hands
                    )
                    value += int(2_500 * (1 - blocked))
            value += self.plan_value(b, team, x, card, hand)
            if self.RACE:
                rest = list(hand)
                rest.remove(card)
                mine_d = _pair_cost(self.race_list(b, team, rest), target - have_after[team])
                opp_d = 0.0
                for w, lists in zip(worlds, opp_lists, strict=True):
                    if card == REMOVE:  # the opponents' lines are shorter: count again
                        lists = [
                            (t, self.race_list(b, t, _team_cards(view, w, t))) for t, _ in lists
                        ]
                    opp_d += min(
                        _pair_cost(lst, target - have_after[t], skip=x if card != REMOVE else None)
                        for t, lst in lists
                    )
                value += self.RACE * (opp_d / len(opp_lists) - mine_d)
            key = (value, ctx.rng.random())
            if best_key is None or key > best_key:
                best, best_key = m, key
        return best

    #: Turns of the race: a missing space the hand cannot fill costs MISS turns.
    MISS = 4.0
    RACE = 1000.0

    def race_list(self, b: Analysis, team: int, hand: Iterable[str]) -> list[tuple[float, int]]:
        """(estimated turns to fill, window) for every window ``team`` can still make,
        cheapest first: a missing space costs 1 if the hand holds its card (or an ADD is
        left for it), else MISS."""
        fill: set[int] = set()
        adds = 0
        for card in hand:
            if card == ADD:
                adds += 1
            elif card != REMOVE:
                fill.update(CELLS[card])
        out = []
        miss_cost = self.MISS
        for wi, missing in b.open_windows(team):
            held = len(fill.intersection(missing)) if fill else 0
            unheld = len(missing) - held
            use = adds if adds < unheld else unheld
            out.append((held + use + (unheld - use) * miss_cost, wi))
        out.sort()
        return out

    #: Value of a window through the new chip by (chips + missing spaces the hand can fill).
    PLAN = (0, 0, 0, 10, 40, 300, 300, 300, 300, 300, 300)

    def plan_value(self, b: Analysis, team: int, x: int, card: str, hand: list[str]) -> int:
        """Lines through the chip just placed, counted with the spaces the rest of the
        hand can fill: a line the hand can finish is worth far more."""
        if card == REMOVE:
            return 0
        rest = list(hand)
        rest.remove(card)
        held = set(rest)
        adds = rest.count(ADD)
        v = 0
        for wi in WINDOWS_AT[x]:
            if b.owner[wi] != team or wi in b.bad[team] or b.count[wi] >= 5:
                continue
            missing = [c for c in WINDOWS[wi] if b.chips[c] < 0]
            f = sum(1 for c in missing if BOARD[c] in held)
            f = min(len(missing), f + adds)
            v += self.PLAN[b.count[wi] + f]
        return v


def _team_cards(view: Mapping[str, Any], world: Any, team: int) -> list[str]:
    """Every card the seats of ``team`` hold in a sampled world."""
    return [c for s, t in enumerate(view["team_of"]) if t == team for c in world.hands[s]]


def _pair_cost(lst: list[tuple[float, int]], need: int, skip: int | None = None) -> float:
    """The cost of the cheapest ``need`` (0, 1 or 2) windows of ``lst`` that share at most
    one space, leaving out windows through ``skip``."""
    if need <= 0:
        return 0.0
    first = None
    for cost, wi in lst:
        w = WINDOWS[wi]
        if skip is not None and skip in w:
            continue
        if first is None:
            if need == 1:
                return cost
            first = (cost, set(w))
        elif len(first[1].intersection(w)) <= 1:
            return first[0] + cost
    return 40.0 if first is None else first[0] + 20.0


def _completed(
    chips: Sequence[int], seqs: list[tuple[int, Sequence[int]]], x: int, team: int
) -> list[tuple[int, ...]]:
    own = [set(c) for t, c in seqs if t == team]
    out = []
    for wi in WINDOWS_AT[x]:
        w = WINDOWS[wi]
        if all(chips[c] == team for c in w) and all(len(o & set(w)) <= 1 for o in own):
            out.append(w)
    return out[:1] if out else []


def make(level: str) -> Bot:
    """The bot of ``level`` ("easy", "medium" or "hard")."""
    try:
        return {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}[level]()
    except KeyError:
        raise ValueError(f"level is one of {', '.join(LEVELS)}, not {level!r}") from None

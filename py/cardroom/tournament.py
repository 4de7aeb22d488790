"""The tournament director: teams, rounds, Swiss pairing, results, standings, championship.

A GeoPlunge tournament (Combo 2, 3 or 4) is played a round at a time; in each round every
team plays one other team in a timed match, and teams meet a different opponent every
round. After the last round the two teams that won the most matches play the
championship. Everything here is pure data and pure functions: a :class:`Tournament` is
immutable, every operation returns a new one, and ``to_json``/``from_json`` keep it
across reloads and move it between devices (``from_json`` validates everything and
raises :class:`~cardroom.core.CorruptState`).

Pairing (R-120) uses networkx's maximum-weight matching, loaded only when a round is
paired (never on the site's start path): the weights make a pairing where no two teams
meet in back-to-back rounds (and no team sits out twice running) always beat one where
they do, then one with fewer rematches beat one with more (meeting a team met less often
first), then prefer opponents with close standings (as Swiss pairing programs do), then a
seeded shuffle. An odd number of teams gives one team a bye (R-121).

Result codes (R-124) carry a match result from a match device to the director's device as
a short string of digits with a Damm check digit, which catches every single mistyped
digit and every swap of two neighbouring digits.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .core import CorruptState, Fields, Rng, check_int

__all__ = [
    "COMBOS",
    "Championship",
    "Combo",
    "Pairing",
    "Round",
    "Standing",
    "Team",
    "Tournament",
    "TournamentError",
    "add_team",
    "championship_state",
    "new_tournament",
    "pair_next_round",
    "parse_result_code",
    "record_final_game",
    "record_playoff",
    "record_result",
    "rename_player",
    "rename_team",
    "result_code",
    "round_plan",
    "standings",
    "standings_csv",
]


class TournamentError(ValueError):
    """An operation the tournament's rules do not allow now (the message says why)."""


# ------------------------------------------------------------------ formats


@dataclass(frozen=True, slots=True)
class Combo:
    number: int
    level: int
    games: tuple[str, ...]  # game 1, game 2, ... by slug ("ranks-or-zap": Game 4)
    default_rounds: int
    all_call: bool  # Combo 4: All matches in odd rounds, Call matches in even rounds

    @property
    def championship_games(self) -> int:
        """Games of the championship match: every game once (R-126)."""
        return len(self.games)


GAME_TITLES = {
    "border-up": "Border-Up",
    "state-iq": "State IQ",
    "dashing-states": "Dashing States",
    "play-the-ranks": "Play the Ranks",
    "ranks-or-zap": "Play the Ranks or Play the Border Zap",
    "chummy-challenge": "Chummy Challenge",
}

COMBOS: dict[int, Combo] = {
    2: Combo(2, 2, ("border-up", "state-iq", "dashing-states", "play-the-ranks"), 8, False),
    3: Combo(
        3,
        3,
        ("border-up", "state-iq", "dashing-states", "ranks-or-zap", "chummy-challenge"),
        8,
        False,
    ),
    4: Combo(
        4,
        4,
        ("border-up", "state-iq", "dashing-states", "ranks-or-zap", "chummy-challenge"),
        8,
        True,
    ),
}

MORNING_MINUTES = 20
AFTERNOON_MINUTES = 12


def round_plan(combo: int, round_no: int, rounds: int = 8) -> dict[str, Any]:
    """What a round is: its kind and clock. Combos 2 and 3: the first half of the rounds
    are morning rounds (20 minutes, every game in order), the rest afternoon rounds (12
    minutes, two games picked by the teams). Combo 4: odd rounds are All matches, even
    rounds Call matches, 20 minutes each (R-125)."""
    c = _combo(combo)
    if not 1 <= round_no <= rounds:
        raise TournamentError(f"round {round_no} is not one of 1..{rounds}")
    if c.all_call:
        kind = "all" if round_no % 2 == 1 else "call"
        return {"round": round_no, "kind": kind, "minutes": MORNING_MINUTES}
    morning = round_no <= (rounds + 1) // 2
    return {
        "round": round_no,
        "kind": "morning" if morning else "afternoon",
        "minutes": MORNING_MINUTES if morning else AFTERNOON_MINUTES,
    }


def _combo(number: int) -> Combo:
    try:
        return COMBOS[number]
    except (KeyError, TypeError):
        raise TournamentError(f"there is no Combo {number!r} (2, 3 or 4)") from None


# ------------------------------------------------------------------ data


@dataclass(frozen=True, slots=True)
class Team:
    id: int  # 1, 2, ... in order of registration; never reused
    name: str
    players: tuple[str, str, str]
    joined: int  # the first round it could be paired in (late teams join later)


@dataclass(frozen=True, slots=True)
class Pairing:
    a: int
    b: int | None  # None: a bye for ``a``
    points: tuple[int, int] | None = None  # (a's points, b's points) once recorded


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    pairings: tuple[Pairing, ...]

    @property
    def complete(self) -> bool:
        return all(p.b is None or p.points is not None for p in self.pairings)


@dataclass(frozen=True, slots=True)
class Championship:
    """The end of the tournament: playoffs for a tied place (R-127), then the final."""

    playoffs: tuple[tuple[int, int, int | None], ...] = ()  # (team, team, winner or None=tie)
    games: tuple[int | None, ...] = ()  # winner of each championship game (None = tie)
    tiebreaks: tuple[int | None, ...] = ()  # Border-Up tie-breakers after a level final


@dataclass(frozen=True, slots=True)
class Tournament:
    name: str
    combo: int
    rounds: int
    seed: int
    teams: tuple[Team, ...] = ()
    played: tuple[Round, ...] = ()
    championship: Championship = field(default_factory=Championship)

    def team(self, team_id: int) -> Team:
        for t in self.teams:
            if t.id == team_id:
                return t
        raise TournamentError(f"there is no team {team_id}")

    @property
    def code(self) -> int:
        """Two digits that tie a result code to this tournament (from its name and seed)."""
        h = 0
        for ch in f"{self.name}|{self.seed}":
            h = (h * 131 + ord(ch)) % 1_000_003
        return h % 100


# ------------------------------------------------------------------ registration


def new_tournament(
    name: str, combo: int, *, rounds: int | None = None, seed: int = 0
) -> Tournament:
    c = _combo(combo)
    name = _clean(name, "the tournament's name")
    n = c.default_rounds if rounds is None else rounds
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 20:
        raise TournamentError("a tournament has 1 to 20 rounds")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise TournamentError("the seed is a whole number")
    return Tournament(name=name, combo=c.number, rounds=n, seed=seed)


def _clean(text: Any, what: str, limit: int = 60) -> str:
    if not isinstance(text, str) or not text.strip():
        raise TournamentError(f"{what} must not be empty")
    text = " ".join(text.split())
    if len(text) > limit:
        raise TournamentError(f"{what} is longer than {limit} characters")
    return text


def add_team(t: Tournament, name: str, players: Sequence[str]) -> Tournament:
    """Register a team of three. A team added after round N has been paired joins from
    round N+1 (R-122)."""
    name = _clean(name, "a team's name")
    if any(x.name.casefold() == name.casefold() for x in t.teams):
        raise TournamentError(f"there is already a team called {name!r}")
    if len(players) != 3:
        raise TournamentError("a team has three players")
    p1, p2, p3 = (_clean(p, "a player's name") for p in players)
    if t.championship != Championship() or _all_rounds_paired(t):
        raise TournamentError("the rounds are over: no team can join now")
    new_id = max((x.id for x in t.teams), default=0) + 1
    team = Team(new_id, name, (p1, p2, p3), len(t.played) + 1)
    return replace(t, teams=(*t.teams, team))


def rename_team(t: Tournament, team_id: int, name: str) -> Tournament:
    name = _clean(name, "a team's name")
    if any(x.name.casefold() == name.casefold() and x.id != team_id for x in t.teams):
        raise TournamentError(f"there is already a team called {name!r}")
    old = t.team(team_id)
    return replace(t, teams=tuple(replace(x, name=name) if x is old else x for x in t.teams))


def rename_player(t: Tournament, team_id: int, index: int, name: str) -> Tournament:
    old = t.team(team_id)
    if index not in (0, 1, 2):
        raise TournamentError("players are numbered 1 to 3")
    players = list(old.players)
    players[index] = _clean(name, "a player's name")
    new = replace(old, players=(players[0], players[1], players[2]))
    return replace(t, teams=tuple(new if x is old else x for x in t.teams))


def _all_rounds_paired(t: Tournament) -> bool:
    return len(t.played) >= t.rounds


# ------------------------------------------------------------------ standings


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int  # equal ranks for equal matches won and points
    team: Team
    played: int
    won: int
    tied: int
    lost: int
    byes: int
    points: int  # includes each bye's average

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "team": self.team.id,
            "name": self.team.name,
            "played": self.played,
            "won": self.won,
            "tied": self.tied,
            "lost": self.lost,
            "byes": self.byes,
            "points": self.points,
        }


def _records(t: Tournament) -> dict[int, dict[str, int]]:
    rec = {
        x.id: {"played": 0, "won": 0, "tied": 0, "lost": 0, "byes": 0, "points": 0} for x in t.teams
    }
    for rnd in t.played:
        for p in rnd.pairings:
            if p.b is None:
                rec[p.a]["byes"] += 1
                continue
            if p.points is None:
                continue
            pa, pb = p.points
            for me, mine, theirs in ((p.a, pa, pb), (p.b, pb, pa)):
                r = rec[me]
                r["played"] += 1
                r["points"] += mine
                r["won" if mine > theirs else "tied" if mine == theirs else "lost"] += 1
    return rec


def standings(t: Tournament) -> list[Standing]:
    """Matches won (a bye counts as a match won), then points (a bye adds the team's
    average points per match played, rounded down), then registration order for display;
    teams equal on both share a rank."""
    rec = _records(t)
    rows = []
    for team in t.teams:
        r = rec[team.id]
        avg = r["points"] // r["played"] if r["played"] else 0
        rows.append(
            (
                r["won"] + r["byes"],
                r["points"] + avg * r["byes"],
                team,
                r,
            )
        )
    rows.sort(key=lambda x: (-x[0], -x[1], x[2].id))
    out: list[Standing] = []
    for i, (won, points, team, r) in enumerate(rows):
        rank = out[-1].rank if out and (out[-1].won, out[-1].points) == (won, points) else i + 1
        out.append(Standing(rank, team, r["played"], won, r["tied"], r["lost"], r["byes"], points))
    return out


def standings_csv(t: Tournament) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["rank", "team", "players", "played", "won", "tied", "lost", "byes", "points"])
    for s in standings(t):
        w.writerow(
            [
                s.rank,
                s.team.name,
                "; ".join(s.team.players),
                s.played,
                s.won,
                s.tied,
                s.lost,
                s.byes,
                s.points,
            ]
        )
    return buf.getvalue()


# ------------------------------------------------------------------ pairing


def _met(t: Tournament) -> tuple[set[frozenset[int]], dict[int, int]]:
    met: set[frozenset[int]] = set()
    byes: dict[int, int] = {x.id: 0 for x in t.teams}
    for rnd in t.played:
        for p in rnd.pairings:
            if p.b is None:
                byes[p.a] += 1
            else:
                met.add(frozenset((p.a, p.b)))
    return met, byes


BYE = 0  # the node that stands for "no opponent" in the matching


Cost = tuple[int, int, int, int, int]


def pairing_weights(t: Tournament) -> dict[tuple[int, int], Cost]:
    """For each possible pair (ids, BYE = 0) its cost, lowest first (R-120): (the two met
    in the round just played, or a bye for the team that sat out that round: 1/0; a
    rematch or a repeated bye: 1/0; how often they met before, or the team's byes;
    standing distance; seeded tie-break). A pairing minimises the sums in this order."""
    met, byes = _met(t)
    meetings: dict[frozenset[int], int] = {}
    for rnd in t.played:
        for p in rnd.pairings:
            if p.b is not None:
                key = frozenset((p.a, p.b))
                meetings[key] = meetings.get(key, 0) + 1
    last = t.played[-1].pairings if t.played else ()
    last_pairs = {frozenset((p.a, p.b)) for p in last if p.b is not None}
    last_bye = {p.a for p in last if p.b is None}
    table = {s.team.id: s for s in standings(t)}
    teams = sorted(table)
    order = {tid: i for i, tid in enumerate(s.team.id for s in standings(t))}
    rng = Rng.from_seed(t.seed * 1000 + len(t.played))
    out: dict[tuple[int, int], Cost] = {}
    nodes = teams + ([BYE] if len(teams) % 2 else [])
    for i, a in enumerate(nodes):
        for b in nodes[i + 1 :]:
            jitter, rng = rng.below(1000)
            x, y = (a, b) if a != BYE else (b, a)
            if y == BYE:
                # A bye goes to a team without one, the lowest in the standings,
                # and never to the team that sat out the round before while avoidable.
                again = int(x in last_bye)
                repeat = int(byes[x] > 0)
                times = byes[x]
                distance = len(teams) - 1 - order[x]
            else:
                key = frozenset((x, y))
                again = int(key in last_pairs)
                repeat = int(key in met)
                times = meetings.get(key, 0)
                sx, sy = table[x], table[y]
                distance = (sx.won - sy.won) ** 2 * 1000 + abs(sx.points - sy.points)
            out[(min(a, b), max(a, b))] = (again, repeat, times, distance, jitter)
    return out


def _matching(
    weights: Mapping[tuple[int, int], Cost],
    forbid: frozenset[tuple[int, int]] = frozenset(),
) -> set[tuple[int, int]]:
    """The perfect matching whose summed costs are lexicographically smallest: each cost
    tier weighs more than the most every lower tier can add up to over a whole round."""
    import networkx as nx  # loaded only when a round is paired

    if forbid:  # a forbidden pair counts as a rematch
        weights = {k: ((v[0], 1, *v[2:]) if k in forbid else v) for k, v in weights.items()}
    nodes = {n for pair in weights for n in pair}
    edges = len(nodes) // 2
    tiers = len(next(iter(weights.values()), ()))
    scale = [1] * tiers
    for i in range(tiers - 2, -1, -1):
        top = max((w[i + 1] for w in weights.values()), default=0)
        scale[i] = scale[i + 1] * (edges * top + 1)
    ceiling = sum(scale[i] * max((w[i] for w in weights.values()), default=0) for i in range(tiers))
    g = nx.Graph()
    for (a, b), cost in weights.items():
        g.add_edge(a, b, weight=ceiling + 1 - sum(c * k for c, k in zip(cost, scale, strict=True)))
    matching = nx.max_weight_matching(g, maxcardinality=True, weight="weight")
    return {tuple(sorted(p)) for p in matching}


def _round_cost(weights: Mapping[tuple[int, int], Cost], pairs) -> tuple[int, int]:
    """(back-to-back meetings and byes, rematches and repeated byes) of a pairing."""
    return (sum(weights[p][0] for p in pairs), sum(weights[p][1] for p in pairs))


def _next_round_free(weights: Mapping[tuple[int, int], Cost], pairs) -> bool:
    """Whether, after ``pairs``, the next round can still be paired with no rematch (a
    perfect matching of pairs not yet played)."""
    import networkx as nx

    g = nx.Graph()
    used = set(pairs)
    for (a, b), w in weights.items():
        if not w[1] and (a, b) not in used:
            g.add_edge(a, b)
    nodes = {n for pair in weights for n in pair}
    if len(g) < len(nodes):
        return False
    return len(nx.max_weight_matching(g, maxcardinality=True)) * 2 == len(nodes)


def _look_ahead(weights, pairs: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Prefer a pairing, as good as ``pairs``, after which the next round can still go
    without rematches (greedy Swiss pairing can paint itself into a corner)."""
    if _next_round_free(weights, pairs):
        return pairs
    base = _round_cost(weights, pairs)
    for edge in sorted(pairs):
        alt = _matching(weights, frozenset({edge}))
        if _round_cost(weights, alt) == base and _next_round_free(weights, alt):
            return alt
    return pairs


def pair_next_round(t: Tournament) -> Tournament:
    """Pair the next round: no two teams that met in the round before meet again, and
    no team sits out twice running, while that is possible; then every team meets a team
    it has not met while that is possible (fewest rematches overall); then close
    standings meet; a bye for an odd count."""
    if t.played and not t.played[-1].complete:
        raise TournamentError(f"round {t.played[-1].number} still has results to enter")
    if _all_rounds_paired(t):
        raise TournamentError(f"all {t.rounds} rounds have been paired")
    if len(t.teams) < 2:
        raise TournamentError("a tournament needs at least two teams")
    weights = pairing_weights(t)
    pairs = _matching(weights)
    if len(t.played) + 1 < t.rounds:
        pairs = _look_ahead(weights, pairs)
    order = {s.team.id: i for i, s in enumerate(standings(t))}
    pairings = []
    for a, b in pairs:
        if a == BYE:
            pairings.append(Pairing(b, None))
        else:
            x, y = sorted((a, b), key=lambda tid: order[tid])
            pairings.append(Pairing(x, y))
    pairings.sort(key=lambda p: order[p.a])
    return replace(t, played=(*t.played, Round(len(t.played) + 1, tuple(pairings))))


# ------------------------------------------------------------------ results


def _points(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 999:
        raise TournamentError("match points are a whole number from 0 to 999")
    return v


def record_result(
    t: Tournament, round_no: int, team: int, opponent: int, points: int, opponent_points: int
) -> Tournament:
    """Enter (or correct) a match result of a paired round."""
    points, opponent_points = _points(points), _points(opponent_points)
    if not 1 <= round_no <= len(t.played):
        raise TournamentError(f"round {round_no} has not been paired")
    if t.championship != Championship():
        raise TournamentError("the championship has started: round results are final")
    rnd = t.played[round_no - 1]
    new_pairings = []
    found = False
    for p in rnd.pairings:
        if {p.a, p.b} == {team, opponent}:
            found = True
            pts = (points, opponent_points) if p.a == team else (opponent_points, points)
            p = replace(p, points=pts)
        new_pairings.append(p)
    if not found:
        raise TournamentError(f"teams {team} and {opponent} do not meet in round {round_no}")
    rounds = list(t.played)
    rounds[round_no - 1] = replace(rnd, pairings=tuple(new_pairings))
    return replace(t, played=tuple(rounds))


def _damm(digits: str) -> int:
    table = (
        (0, 3, 1, 7, 5, 9, 8, 6, 4, 2),
        (7, 0, 9, 2, 1, 5, 4, 8, 6, 3),
        (4, 2, 0, 6, 8, 7, 1, 3, 5, 9),
        (1, 7, 5, 0, 9, 8, 3, 4, 2, 6),
        (6, 1, 2, 3, 0, 4, 5, 9, 7, 8),
        (3, 6, 7, 4, 2, 0, 9, 5, 8, 1),
        (5, 8, 6, 9, 7, 2, 0, 1, 3, 4),
        (8, 9, 4, 5, 3, 6, 2, 0, 1, 7),
        (9, 4, 3, 8, 6, 1, 7, 2, 0, 5),
        (2, 5, 8, 1, 4, 3, 6, 7, 9, 0),
    )
    interim = 0
    for ch in digits:
        interim = table[interim][int(ch)]
    return interim


def result_code(t: Tournament, round_no: int, a: int, b: int, points_a: int, points_b: int) -> str:
    """A short code for one match result: tournament (2 digits), round (2), the two teams
    (2 each), their points (3 each), and a Damm check digit, in groups of four."""
    for v, n in ((round_no, 99), (a, 99), (b, 99)):
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= n:
            raise TournamentError("round and team numbers go from 1 to 99")
    body = f"{t.code:02d}{round_no:02d}{a:02d}{b:02d}{_points(points_a):03d}{_points(points_b):03d}"
    digits = body + str(_damm(body))
    return "-".join(digits[i : i + 4] for i in range(0, len(digits), 4))


def parse_result_code(t: Tournament, text: str) -> tuple[int, int, int, int, int]:
    """(round, team a, team b, points a, points b) from a result code; a mistyped code
    raises TournamentError saying so."""
    digits = "".join(ch for ch in str(text) if not ch.isspace() and ch != "-")
    if not digits.isdigit() or len(digits) != 15:
        raise TournamentError("a result code is 15 digits (dashes and spaces are ignored)")
    if _damm(digits) != 0:
        raise TournamentError("this result code has a typo: its check digit does not match")
    if int(digits[:2]) != t.code:
        raise TournamentError("this result code belongs to another tournament")
    return (
        int(digits[2:4]),
        int(digits[4:6]),
        int(digits[6:8]),
        int(digits[8:11]),
        int(digits[11:14]),
    )


def record_code(t: Tournament, text: str) -> Tournament:
    round_no, a, b, pa, pb = parse_result_code(t, text)
    return record_result(t, round_no, a, b, pa, pb)


# ------------------------------------------------------------------ championship


def championship_state(t: Tournament) -> dict[str, Any]:
    """Where the end of the tournament stands. ``stage`` is one of:

    * ``"rounds"`` -- rounds still to pair or results to enter;
    * ``"playoff"`` -- a Border-Up playoff for a place: ``playoff`` names the two teams;
    * ``"final"`` -- the championship match: ``finalists``, ``next_game`` (1-based);
    * ``"tiebreak"`` -- the final ended level: a Border-Up tie-breaker decides;
    * ``"done"`` -- ``champion`` is known.
    """
    if not _all_rounds_paired(t) or not all(r.complete for r in t.played):
        return {"stage": "rounds"}
    finalists, playoff = _finalists(t)
    if playoff is not None:
        return {"stage": "playoff", "playoff": list(playoff)}
    a, b = finalists  # type: ignore[misc]
    games = t.championship.games
    wins = {a: sum(g == a for g in games), b: sum(g == b for g in games)}
    total = _combo(t.combo).championship_games
    left = total - len(games)
    lead, trail = sorted((a, b), key=lambda x: -wins[x])
    base = {"finalists": [a, b], "wins": {str(k): v for k, v in wins.items()}, "games": list(games)}
    # Clinched: the leader has more wins than the trailer can still reach.
    if wins[lead] > wins[trail] + left:
        return {"stage": "done", "champion": lead, "how": "final", **base}
    if left > 0:
        return {
            "stage": "final",
            "next_game": len(games) + 1,
            "game": _combo(t.combo).games[len(games)],
            **base,
        }
    decided = [w for w in t.championship.tiebreaks if w is not None]
    if decided:
        return {"stage": "done", "champion": decided[0], "how": "tiebreak", **base}
    return {"stage": "tiebreak", "tiebreaks": len(t.championship.tiebreaks), **base}


def _finalists(t: Tournament) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """The two finalists, or the next playoff game (R-127): teams tied on matches won
    for a place in the final play Border-Up playoffs, the two of them with the fewest
    points first (then the later registered); the loser is out; a tied playoff is
    replayed."""
    table = standings(t)
    out: list[int] = []
    eliminated = {(set(pair) - {w}).pop() for *pair, w in t.championship.playoffs if w is not None}
    i = 0
    while len(out) < 2 and i < len(table):
        won = table[i].won
        group = [s for s in table if s.won == won]
        i += len(group)
        spots = 2 - len(out)
        alive = [s for s in group if s.team.id not in eliminated]
        if len(alive) <= spots:
            out.extend(s.team.id for s in alive)
            continue
        # Ladder: the two with the fewest points play first.
        ladder = sorted(alive, key=lambda s: (s.points, -s.team.id))
        return None, (ladder[0].team.id, ladder[1].team.id)
    if len(out) < 2:
        raise TournamentError("a championship needs two teams")
    return (out[0], out[1]), None


def record_playoff(t: Tournament, winner: int | None) -> Tournament:
    """The result of the playoff named by :func:`championship_state` (None: a tie, to
    be replayed)."""
    state = championship_state(t)
    if state["stage"] != "playoff":
        raise TournamentError("no playoff is being played")
    a, b = state["playoff"]
    if winner is not None and winner not in (a, b):
        raise TournamentError(f"the playoff is between teams {a} and {b}")
    ch = t.championship
    return replace(t, championship=replace(ch, playoffs=(*ch.playoffs, (a, b, winner))))


def record_final_game(t: Tournament, winner: int | None) -> Tournament:
    """The winner of the next championship game or tie-breaker (None: a tie)."""
    state = championship_state(t)
    if state["stage"] not in ("final", "tiebreak"):
        raise TournamentError(f"no championship game is being played ({state['stage']})")
    if winner is not None and winner not in state["finalists"]:
        raise TournamentError("only the finalists play the championship")
    ch = t.championship
    if state["stage"] == "final":
        return replace(t, championship=replace(ch, games=(*ch.games, winner)))
    return replace(t, championship=replace(ch, tiebreaks=(*ch.tiebreaks, winner)))


# ------------------------------------------------------------------ saving


def to_json(t: Tournament) -> dict[str, Any]:
    return {
        "format": "cardroom-tournament/1",
        "name": t.name,
        "combo": t.combo,
        "rounds": t.rounds,
        "seed": t.seed,
        "teams": [
            {"id": x.id, "name": x.name, "players": list(x.players), "joined": x.joined}
            for x in t.teams
        ],
        "played": [
            {
                "round": r.number,
                "pairings": [
                    {"a": p.a, "b": p.b, "points": None if p.points is None else list(p.points)}
                    for p in r.pairings
                ],
            }
            for r in t.played
        ],
        "championship": {
            "playoffs": [list(p) for p in t.championship.playoffs],
            "games": list(t.championship.games),
            "tiebreaks": list(t.championship.tiebreaks),
        },
    }


def from_json(obj: Any) -> Tournament:
    """A tournament from its saved JSON (or text); anything malformed raises
    CorruptState and nothing is changed."""
    if isinstance(obj, (str, bytes)):
        try:
            obj = json.loads(obj)
        except (ValueError, RecursionError) as exc:
            raise CorruptState(f"not a tournament file: {exc}") from None
    f = Fields(obj, "tournament")
    f.check(f.get_str("format") == "cardroom-tournament/1", "unknown file format")
    try:
        t = new_tournament(
            f.raw("name"), f.raw("combo"), rounds=f.raw("rounds"), seed=f.raw("seed")
        )
    except TournamentError as exc:
        raise CorruptState(f"tournament: {exc}") from None

    def team(v: Any, where: str) -> Team:
        g = Fields(v, where)
        players = g.get_list("players", length=3)
        tm = Team(
            g.get_int("id", 1, 99), g.get_str("name"), tuple(players), g.get_int("joined", 1, 21)
        )
        g.done()
        try:
            _clean(tm.name, "name")
            for p in players:
                _clean(p, "player")
        except TournamentError as exc:
            raise CorruptState(f"{where}: {exc}") from None
        return tm

    teams = f.get_list("teams", team, max_length=99)
    ids = [x.id for x in teams]
    f.check(len(set(ids)) == len(ids), "two teams share a number")
    f.check(len({x.name.casefold() for x in teams}) == len(teams), "two teams share a name")

    def pairing(v: Any, where: str) -> Pairing:
        g = Fields(v, where)
        a = g.get_int("a", 1, 99)
        b = g.get_int("b", 1, 99, null=True)
        pts = g.raw("points")
        g.done()
        if pts is not None:
            if not isinstance(pts, list) or len(pts) != 2:
                raise CorruptState(f"{where}: points must be two numbers")
            pts = (check_int(pts[0], where, 0, 999), check_int(pts[1], where, 0, 999))
            if b is None:
                raise CorruptState(f"{where}: a bye has no points")
        return Pairing(a, b, pts)

    def round_(v: Any, where: str) -> Round:
        g = Fields(v, where)
        r = Round(g.get_int("round", 1, 20), g.get_list("pairings", pairing, max_length=60))
        g.done()
        return r

    played = f.get_list("played", round_, max_length=20)
    for i, r in enumerate(played):
        f.check(r.number == i + 1, "rounds out of order")
        seen = [x for p in r.pairings for x in (p.a, p.b) if x is not None]
        f.check(len(seen) == len(set(seen)), f"a team plays twice in round {r.number}")
        f.check(all(x in ids for x in seen), f"round {r.number} names an unknown team")
        f.check(all(p.a != p.b for p in r.pairings), f"a team meets itself in round {r.number}")
        if i < len(played) - 1:
            f.check(r.complete, f"round {r.number} is missing results but a later round exists")
    f.check(len(played) <= t.rounds, "more rounds played than planned")
    c = f.get_obj("championship")
    playoffs = c.get_list("playoffs", lambda v, w: _triple(v, w, ids), max_length=100)
    games = c.get_list("games", lambda v, w: _winner(v, w, ids), max_length=10)
    tiebreaks = c.get_list("tiebreaks", lambda v, w: _winner(v, w, ids), max_length=100)
    c.done()
    f.done()
    out = replace(
        t, teams=teams, played=played, championship=Championship(playoffs, games, tiebreaks)
    )
    # Replaying the championship through the rules proves it is consistent.
    check = replace(out, championship=Championship())
    try:
        for p in playoffs:
            state = championship_state(check)
            if state["stage"] != "playoff" or set(state["playoff"]) != set(p[:2]):
                raise CorruptState("tournament: the playoffs do not follow the standings")
            check = record_playoff(check, p[2])
        for g in (*games, *tiebreaks):
            check = record_final_game(check, g)
    except TournamentError as exc:
        raise CorruptState(
            f"tournament: the championship does not follow the rules: {exc}"
        ) from None
    return out


def _winner(v: Any, where: str, ids: Iterable[int]) -> int | None:
    if v is None:
        return None
    check_int(v, where, 1, 99)
    if v not in set(ids):
        raise CorruptState(f"{where}: unknown team {v}")
    return v


def _triple(v: Any, where: str, ids: Iterable[int]) -> tuple[int, int, int | None]:
    if not isinstance(v, list) or len(v) != 3:
        raise CorruptState(f"{where}: a playoff is [team, team, winner]")
    a = _winner(v[0], where, ids)
    b = _winner(v[1], where, ids)
    if a is None or b is None or a == b:
        raise CorruptState(f"{where}: a playoff names two teams")
    return (a, b, _winner(v[2], where, ids))


# ------------------------------------------------------------------ simulation


def best_round_cost(t: Tournament) -> tuple[int, int]:
    """The smallest (back-to-back meetings and byes, rematches and repeated byes) any
    pairing of the next round can have, in that order, by brute force over every perfect
    matching (for checks with up to 12 teams)."""
    weights = pairing_weights(t)
    nodes = sorted({n for pair in weights for n in pair})
    if len(nodes) > 12:
        raise ValueError("brute force is for 12 teams or fewer")

    def best(rest: list[int]) -> tuple[int, int]:
        if not rest:
            return (0, 0)
        a, others = rest[0], rest[1:]
        out = (len(nodes), len(nodes))
        for i, b in enumerate(others):
            w = weights[(a, b)] if (a, b) in weights else weights[(b, a)]
            again, repeat = best(others[:i] + others[i + 1 :])
            out = min(out, (w[0] + again, w[1] + repeat))
        return out

    return best(nodes)


def min_rematches(t: Tournament) -> int:
    """The fewest rematches (and repeated byes) the next round can have without pairing
    a back-to-back meeting or bye that could be avoided."""
    return best_round_cost(t)[1]


def round_cost(t: Tournament, round_no: int) -> tuple[int, int]:
    """(pairs that met, and byes for teams that sat out, in the round before; rematches
    and repeated byes) of round ``round_no``, from the rounds played."""
    prev = t.played[round_no - 2].pairings if round_no > 1 else ()
    prev_pairs = {frozenset((p.a, p.b)) for p in prev if p.b is not None}
    prev_bye = {p.a for p in prev if p.b is None}
    again = 0
    for p in t.played[round_no - 1].pairings:
        if p.b is None:
            again += p.a in prev_bye
        else:
            again += frozenset((p.a, p.b)) in prev_pairs
    return (again, rematches(t, round_no))


def rematches(t: Tournament, round_no: int) -> int:
    """Rematches and repeated byes in round ``round_no`` (given the rounds before it)."""
    before = replace(t, played=t.played[: round_no - 1])
    met, byes = _met(before)
    count = 0
    for p in t.played[round_no - 1].pairings:
        if p.b is None:
            count += byes[p.a] > 0
        else:
            count += frozenset((p.a, p.b)) in met
    return count


def simulate(combo: int, teams: int, seed: int, *, rounds: int | None = None) -> dict[str, Any]:
    """Run a whole tournament with seeded random match results and check every rule on
    the way: each team plays once a round, byes only for odd counts and never twice
    while avoidable, no pair meeting (or bye) again in the next round while avoidable,
    then no rematch while one is avoidable (brute force up to 10 teams),
    results and codes round-trip, the championship follows the rules."""
    import random
    import time

    t0 = time.perf_counter()
    rng = random.Random(seed)
    errors: list[str] = []
    t = new_tournament(f"Simulated {teams}", combo, rounds=rounds, seed=seed)
    for i in range(teams):
        t = add_team(t, f"Team {i + 1}", (f"P{i}a", f"P{i}b", f"P{i}c"))
    total_rematches = 0
    game_points = (0, 5, 10, 20, 30, 40)
    for rnd in range(1, t.rounds + 1):
        floor = best_round_cost(t) if teams <= 10 else None
        t = pair_next_round(t)
        r = t.played[-1]
        ids = [x for p in r.pairings for x in (p.a, p.b) if x is not None]
        if sorted(ids) != sorted(x.id for x in t.teams):
            errors.append(f"round {rnd}: not every team plays exactly once")
        if sum(p.b is None for p in r.pairings) != teams % 2:
            errors.append(f"round {rnd}: wrong number of byes")
        cost = round_cost(t, rnd)
        total_rematches += cost[1]
        if floor is not None and cost != floor:
            errors.append(
                f"round {rnd}: {cost[0]} back-to-back and {cost[1]} rematches where"
                f" {floor[0]} and {floor[1]} were possible"
            )
        for p in r.pairings:
            if p.b is None:
                continue
            pa = sum(rng.choice(game_points) for _ in range(rng.randint(2, 5)))
            pb = sum(rng.choice(game_points) for _ in range(rng.randint(2, 5)))
            code = result_code(t, rnd, p.a, p.b, pa, pb)
            if parse_result_code(t, code) != (rnd, p.a, p.b, pa, pb):
                errors.append("a result code does not round-trip")
            t = record_code(t, code)
    if from_json(json.loads(json.dumps(to_json(t)))) != t:
        errors.append("the tournament does not round-trip through JSON")
    playoffs = 0
    for _ in range(500):
        state = championship_state(t)
        if state["stage"] == "done":
            break
        if state["stage"] == "playoff":
            playoffs += 1
            a, b = state["playoff"]
            t = record_playoff(t, rng.choice((a, b, b, None)))
        else:
            a, b = state["finalists"]
            t = record_final_game(t, rng.choice((a, b, None)))
    state = championship_state(t)
    if state["stage"] != "done":
        errors.append("the championship did not finish")
    else:
        errors.extend(_check_championship(t, state))
    if from_json(to_json(t)) != t:
        errors.append("the finished tournament does not round-trip")
    return {
        "game": "tournament",
        "combo": combo,
        "teams": teams,
        "rounds": t.rounds,
        "seed": seed,
        "rematches": total_rematches,
        "playoffs": playoffs,
        "champion": state.get("champion"),
        "championship_games": len(t.championship.games),
        "tiebreaks": len(t.championship.tiebreaks),
        "seconds": round(time.perf_counter() - t0, 3),
        "errors": len(errors),
        "messages": errors[:10],
    }


def _check_championship(t: Tournament, state: Mapping[str, Any]) -> list[str]:
    """The rules of the final, checked apart from championship_state's own logic."""
    errs = []
    table = standings(t)
    a, b = state["finalists"]
    best = table[0].won
    wins_of = {s.team.id: s.won for s in table}
    # Finalists: nobody outside the final won more matches than a finalist.
    low = min(wins_of[a], wins_of[b])
    if any(w > low for tid, w in wins_of.items() if tid not in (a, b)):
        errs.append("a team with more matches won missed the final")
    if max(wins_of[a], wins_of[b]) != best:
        errs.append("the final lacks a team with the most matches won")
    games = t.championship.games
    n = _combo(t.combo).championship_games
    wa, wb = sum(g == a for g in games), sum(g == b for g in games)
    for k in range(1, len(games)):  # it did not go on after a clinch
        xa, xb = sum(g == a for g in games[:k]), sum(g == b for g in games[:k])
        if max(xa, xb) > min(xa, xb) + (n - k):
            errs.append(f"the final went on after it was clinched at game {k}")
    champion = state["champion"]
    if wa != wb:
        if champion != (a if wa > wb else b):
            errs.append("the champion did not win the most championship games")
    else:
        if len(games) != n:
            errs.append("a level final stopped early")
        decided = [w for w in t.championship.tiebreaks if w is not None]
        if not decided or champion != decided[0]:
            errs.append("a level final was not settled by a Border-Up tie-breaker")
    return errs

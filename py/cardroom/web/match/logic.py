"""The match screen's plain-Python side (no browser; tested on CPython): its link, its
setup, the engine client of each game it starts, what it says between games and at the
end (R-170..R-173). Its HTML is :mod:`cardroom.web.match.html`; the result code for the
tournament director and the save are :mod:`cardroom.web.match.save`.

A match is :class:`cardroom.match.Match`; each game in it is played on that game's own
screen, whose engine client is dealt with the match's ``new()`` options (the carry-overs)
by :func:`game_engine`. In *watch* mode both teams are the computer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardroom.core import Bot
from cardroom.match import (
    COMBO_GAMES,
    KINDS,
    KINDS_OF,
    MAX_MINUTES,
    Match,
    PickBot,
    Up,
    game_title,
)
from cardroom.web.games.registry import DIFFICULTY_TEXT, MAX_SEED, WEB_GAMES, Setup

__all__ = [
    "HOW_TO",
    "KIND_TEXT",
    "MATCH_MODES",
    "MatchSetup",
    "between_text",
    "combo_game_name",
    "game_engine",
    "game_setup",
    "match_problems",
    "parse_match_link",
    "pick_engine",
    "played_rows",
    "result_text",
    "round_left_ms",
    "moves_until",
    "team_names",
    "whole_number",
    "up_line",
]

MATCH_MODES = {
    "bot": "Against the computer",
    "local": "Two teams on one device",
    "watch": "Computer vs computer (watch)",
    "devices": "Two devices",
}
MODE_NOTES = {
    "bot": "Your team plays every game against the computer's team.",
    "local": "Both teams share this device; secret picks pass behind a hand-over screen.",
    "watch": "Both teams are the computer: a demonstration for a projector.",
    "devices": "Team 1 on this device, Team 2 on another, joined over the local network.",
}
KIND_TEXT = {
    "morning": "Morning round: the games in order, cycling (20 minutes)",
    "afternoon": "Afternoon round: each team picks a game (12 minutes)",
    "all": "All match: all five games, cycling (20 minutes)",
    "call": "Call match: each team secretly calls two games (20 minutes)",
}
HOW_TO = (
    "Two teams play the Combo's games one after another on one round clock, which both "
    "teams see. Points run across the match: the most points wins, equal points is a tie. "
    "When the round clock runs out during a game, that game ends without points and the "
    "match is over. Who starts a game and the Power deck carry over from game to game."
)
#: The deal numbers of a match (the engine takes any whole number below 2**53).
MAX_MATCH_SEED = MAX_SEED
#: Watch mode: the pause between games and on a game's own "next" screens (R-173).
WATCH_PAUSE_MS = 2000


# ------------------------------------------------------------------ the setup and its link


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """A match's choices; ``seed`` None means "deal a new one"."""

    combo: int = 4
    kind: str = "all"
    minutes: int = 20
    mode: str = "bot"
    difficulty: str = "medium"
    seed: int | None = None

    def params(self) -> dict[str, str | None]:
        return {
            "match": f"combo{self.combo}",
            "kind": self.kind,
            "minutes": str(self.minutes),
            "mode": self.mode,
            "difficulty": self.difficulty if self.mode not in ("local", "devices") else None,
            "seed": None if self.seed is None else str(self.seed),
        }

    def describe(self) -> str:
        who = {
            "bot": f"vs the computer ({self.difficulty})",
            "local": "two teams on one device",
            "watch": f"computer vs computer ({self.difficulty})",
            "devices": "on two devices",
        }[self.mode]
        return f"Combo {self.combo} · {self.kind} · {self.minutes} min · {who}"

    def with_seed(self, seed: int | None) -> MatchSetup:
        return replace(self, seed=seed)

    def new_match(self) -> Match:
        assert self.seed is not None
        return Match.new(self.seed, self.combo, self.kind, self.minutes)


def whole_number(text: str | None) -> int | None:
    t = (text or "").strip()
    return int(t) if t.isdigit() and len(t) <= 12 else None


def parse_match_link(params: Mapping[str, str]) -> tuple[MatchSetup, tuple[str, ...], bool]:
    """``?match=combo4&kind=&minutes=&mode=&difficulty=&seed=&autostart=1``: the setup it
    fills in, the problems to show (a part not understood is left out, R-110) and whether
    to start at once (only a link without problems does)."""
    problems: list[str] = []
    raw = (params.get("match") or "").strip().lower()
    combo = 4
    if raw:
        number = raw.removeprefix("combo").strip("-_ ")
        if number.isdigit() and int(number) in COMBO_GAMES:
            combo = int(number)
        else:
            problems.append(f"“{raw}” is not a match: pick combo2, combo3 or combo4.")
    kinds = KINDS_OF[combo]
    kind = kinds[0]
    kind_text = params.get("kind")
    if kind_text is not None:
        k = kind_text.strip().lower()
        if k in kinds:
            kind = k
        else:
            problems.append(
                f"“{kind_text.strip()}” is not a kind of Combo {combo} round: "
                f"pick {' or '.join(kinds)}."
            )
    minutes = KINDS[kind]
    minutes_text = params.get("minutes")
    if minutes_text is not None:
        m = whole_number(minutes_text)
        if m is not None and 1 <= m <= MAX_MINUTES:
            minutes = m
        else:
            problems.append(
                f"The round clock is a whole number of minutes from 1 to {MAX_MINUTES}, "
                f"not “{minutes_text.strip()}”."
            )
    mode = "bot"
    mode_text = params.get("mode")
    if mode_text is not None:
        md = mode_text.strip().lower()
        if md in MATCH_MODES:
            mode = md
        else:
            problems.append(
                f"“{mode_text.strip()}” is not a way to play a match (bot, local, watch, devices)."
            )
    difficulty = "medium"
    diff_text = params.get("difficulty")
    if diff_text is not None:
        d = diff_text.strip().lower()
        if d in DIFFICULTY_TEXT:
            difficulty = d
        else:
            problems.append(f"“{diff_text.strip()}” is not a difficulty (easy, medium or hard).")
    seed = None
    seed_text = params.get("seed")
    if seed_text is not None:
        seed = whole_number(seed_text)
        if seed is None or seed > MAX_MATCH_SEED:
            problems.append(f"The deal number is a whole number from 0 to {MAX_MATCH_SEED}.")
            seed = None
    autostart = (params.get("autostart") or "").strip().lower() in ("1", "true", "yes")
    setup = MatchSetup(combo, kind, minutes, mode, difficulty, seed)
    return setup, tuple(problems), autostart and not problems


def match_problems(params: Mapping[str, str]) -> tuple[str, ...]:
    return parse_match_link(params)[1]


def check_setup(combo: str, kind: str, minutes: str, seed: str) -> str | None:
    """The setup form's problem, as a sentence (None: it can start)."""
    if not combo.isdigit() or int(combo) not in COMBO_GAMES:
        return "Pick Combo 2, 3 or 4."
    if kind not in KINDS_OF[int(combo)]:
        return f"A Combo {combo} match is {' or '.join(KINDS_OF[int(combo)])}."
    m = whole_number(minutes)
    if m is None or not 1 <= m <= MAX_MINUTES:
        return f"The round clock is a whole number of minutes from 1 to {MAX_MINUTES}."
    if seed.strip() and (whole_number(seed) is None or int(seed) > MAX_MATCH_SEED):
        return f"The deal number is a whole number from 0 to {MAX_MATCH_SEED}."
    return None


def combos_of(kind: str) -> str:
    """The Combos that play ``kind`` rounds, as "2 3"."""
    return " ".join(str(c) for c, kinds in KINDS_OF.items() if kind in kinds)


def team_names(mode: str) -> list[str]:
    """ "You" and "The computer" against the computer, else Team 1 and Team 2 (R-173)."""
    return ["You", "The computer"] if mode == "bot" else ["Team 1", "Team 2"]


# ------------------------------------------------------------------ the games' engines


def game_setup(up: Up, mode: str, difficulty: str) -> Setup:
    """The kit setup of the game ``up`` names, for its own screen: watch mode shows it
    as against the computer (Team 1's side shown), with a computer on both seats; on two
    devices it is the game's own two-device setup (R-194)."""
    web = WEB_GAMES[up.slug]
    level = int(up.options.get("level", 0))
    options: dict[str, str] = {}
    for o in web.options:
        if o.applies("bot", level):
            options[o.name] = str(up.options.get(o.name, o.default))
    return Setup(
        up.slug,
        level,
        mode if mode in ("local", "devices") else "bot",
        difficulty,
        up.seed,
        tuple(sorted(options.items())),
    )


def game_engine(client: Any, up: Up, setup: Setup, mode: str) -> Any:
    """``client`` (the game screen's engine client for ``setup``) dealt with the match's
    options (``up.options``: level and carry-overs); in watch mode a computer takes Team
    1's seat too."""
    if mode == "watch":  # the game's own computer on Team 1's seat (its registry entry)
        bot, seed = WEB_GAMES[up.slug].hook("team_one_bot")(setup)
        client.bots[0] = bot
        client.seeds[0] = seed
    client.restart(up.options)
    return client


def logic_engine(up: Up, mode: str, difficulty: str) -> Any:
    """The engine client a game screen makes for ``up`` (CPython: the same functions)."""
    setup = game_setup(up, mode, difficulty)
    return game_engine(WEB_GAMES[up.slug].new_engine(setup), up, setup, mode)


def moves_until(moves: Sequence[Mapping[str, Any]], deadline: int | None) -> list[dict]:
    """The moves made by the round clock's end (a game stopped by it, R-162)."""
    if deadline is None:
        return [dict(m) for m in moves]
    return [dict(m) for m in moves if int(m.get("at") or 0) <= deadline]


# ------------------------------------------------------------------ the picks


def _pick_key(view: Mapping[str, Any], moves: int) -> Any:
    return (tuple(view["to_move"]), tuple(view["picked"]))


def _pick_seed(seed: int, seat: int, key: Any) -> str:
    return f"pick:{seed}:{seat}"


def pick_engine(up: Up, mode: str) -> Any:
    """The engine client of a pick: the computer picks for its team(s) when it is to
    pick, with the match engine's own pick bot (a random legal pick, seeded by the
    match)."""
    from cardroom.web.kit.logic import Hosting, LocalEngine, to_move  # noqa: PLC0415

    seats = {"bot": (1,), "watch": (0, 1)}.get(mode, ())
    bots: dict[int, Bot] = {s: PickBot() for s in seats}
    how = Hosting(key=_pick_key, rng=_pick_seed, acts=to_move)
    client = LocalEngine(up.game, up.seed, dict(up.options), bots, how)
    client.restart(up.options)
    return client


def pick_choices(m: Match) -> list[tuple[int, str]]:
    """(game number, title) of the games a pick may name."""
    return [(n, game_title(COMBO_GAMES[m.combo][1][n - 1])) for n in m.games]


# ------------------------------------------------------------------ what the screen says


def combo_game_name(m: Match, number: int) -> str:
    """The title of the match's game ``number`` (1-based, in the Combo's order)."""
    return game_title(COMBO_GAMES[m.combo][1][number - 1])


def up_line(m: Match) -> str:
    """ "Game 3 of 5: Dashing States" (or the picks, or the end)."""
    if m.over:
        return "The match is over"
    up = m.up()
    if up.number == 0:
        return "Picking the games" if m.kind == "call" else "The afternoon pick"
    if len(m.order) == len(m.games):
        return f"Game {up.number} of {len(m.games)}: {game_title(up.slug)}"
    # only the called (picked) games are played: count those, not the Combo's games
    turn, again = divmod(len(m.playing), len(m.order))
    how = "called" if m.kind == "call" else "picked"
    return (
        f"Game {up.number}: {game_title(up.slug)} "
        f"({again + 1} of {len(m.order)} {how}{', again' if turn else ''})"
    )


def _why_next(m: Match, up: Up) -> str:
    """Which game comes next and why: the order of the round's games, or a new turn of
    them when the round clock has time left after each was played."""
    title = game_title(up.slug)
    turn, again = divmod(len(m.playing), len(m.order))
    if turn and again == 0:
        return (
            "Every game of the round has been played and the round clock has time left, "
            f"so they start again with {title}."
        )
    if m.kind == "call":
        why = "the games the teams called are played in the Combo's order"
    elif m.kind == "afternoon":
        why = "the two games picked are played in the order they were picked"
    else:
        why = "the Combo's games are played in order"
    if m.playing and len(m.order) < len(m.games):
        why += " (" + ", ".join(f"Game {n}" for n in m.order) + ")"
    return f"{title} comes {'next' if m.playing else 'first'}: {why}."


def played_rows(m: Match, teams: Sequence[str]) -> list[dict[str, Any]]:
    """Per game played: its title, each team's points and what happened."""
    rows = []
    for i, p in enumerate(m.playing, 1):
        if p.timed_out:
            note = "stopped by the round clock: no points"
        elif p.winner is None:
            note = "a tie"
        else:
            note = f"won by {teams[p.winner]}"
        rows.append(
            {
                "index": i,
                "number": p.number,
                "title": f"Game {p.number}: {game_title(p.slug)}",
                "points": list(p.points),
                "note": note,
                "timed_out": p.timed_out,
            }
        )
    return rows


def _verb(team: str, third: str, plain: str) -> str:
    """ "Team 1 guesses", "You guess"."""
    return f"{team} {plain if team == 'You' else third}"


def _carry_line(m: Match, up: Up, teams: Sequence[str]) -> str:
    """What the match carries into the game ``up``: its registry entry's ``carry``."""
    last = m.playing[-1] if m.playing else None
    carry = up.options.get("carry") or {}
    winner = carry.get("winner")
    since = f" (won {game_title(last.slug)})" if last is not None else ""
    kind = WEB_GAMES[up.slug].carry if up.slug in WEB_GAMES else ""
    if kind == "guesser":
        if winner is not None:
            return f"{_verb(teams[winner], 'guesses', 'guess')} first{since}."
        return "Each team draws a card: who guesses first is decided at the table."
    if kind == "power":
        return "The Power deck passes on from State IQ: its turned cards go to the bottom."
    if kind == "lead":
        version = up.options.get("version")
        which = (
            f" The turned Power card makes Game 4 {game_title(up.slug)}"
            + (f" ({str(version).upper()})" if version else "")
            + "."
            if m.level > 2
            else ""
        )
        if winner is not None:
            return f"{_verb(teams[winner], 'leads', 'lead')}{since}.{which}"
        return f"The lead is decided at the table.{which}"
    if kind == "challenges":
        return "The Challenge deck keeps its order from game to game."
    if last is None:
        return ""  # the round's first game: nothing came before it
    return "Nothing carries over from the last game: a new deal."


def between_text(m: Match, teams: Sequence[str]) -> tuple[str, list[str]]:
    """Between games: the heading ("Game 2: State IQ") and the lines under it."""
    up = m.up()
    lines: list[str] = []
    if m.played and m.played[-1].number == 0:
        order = ", ".join(f"Game {n}: {combo_game_name(m, n)}" for n in m.order)
        lines.append(f"The games picked, in turn: {order}.")
    elif m.playing:
        p = m.playing[-1]
        a, b = p.points
        lines.append(
            f"{game_title(p.slug)}: "
            + (f"{teams[p.winner]} won" if p.winner is not None else "a tie")
            + f", {a}-{b}."
        )
    if up.number == 0:
        return ("Picking the games" if m.kind == "call" else "The afternoon pick"), lines
    lines.append(_why_next(m, up))
    carry = _carry_line(m, up, teams)
    if carry:
        lines.append(carry)
    left = round_left_ms(m, 0)
    lines.append(f"Round clock: {mmss(left)} left.")
    return f"Game {up.number}: {game_title(up.slug)}", lines


def round_left_ms(m: Match, game_ms: int) -> int:
    """What is left of the round: the limit less the games played and the game in
    progress on its own clock (R-162); it stops when the game's clock stops (R-171)."""
    return max(0, m.limit_ms - m.elapsed_ms - max(0, game_ms))


def mmss(ms: float) -> str:
    s = max(0, int(-(-ms // 1000)))  # a clock counting down shows 0:01 until it is out
    return f"{s // 60}:{s % 60:02d}"


def result_text(m: Match, teams: Sequence[str], mode: str) -> tuple[str, str, list[str]]:
    """The headline, its tone (win, lose, tie) and who won and why."""
    a, b = m.points()
    w = m.winner()
    if w is None:
        head, tone = "The match is a tie", "tie"
    elif mode == "bot":
        head, tone = ("You win the match!", "win") if w == 0 else ("The computer wins", "lose")
    else:
        head, tone = f"{teams[w]} wins the match!", "win"
    why = []
    if w is None:
        why.append(f"Equal points: {a} each.")
    else:
        why.append(f"{teams[w]} scored more points: {max(a, b)} to {min(a, b)}.")
    won = [sum(1 for p in m.playing if p.winner == t) for t in (0, 1)]
    why.append(
        f"Games won: {teams[0]} {won[0]}, {teams[1]} {won[1]} "
        f"(of {len(m.playing)} played in {mmss(m.elapsed_ms)})."
    )
    stopped = [p for p in m.playing if p.timed_out]
    if stopped:
        why.append(
            f"The round clock ran out during Game {stopped[0].number}: "
            f"{game_title(stopped[0].slug)}, which ends without points."
        )
    else:
        why.append("The round clock ran out at the end of the last game.")
    return head, tone, why

"""Sequence States & Capitals' screen logic, not the DOM (tested on CPython).

* the setup's options (players, teams, board) and the combinations the rules refuse
  (R-73, R-81);
* :class:`SeqEngine`: the kit's engine client for this untimed game, hosting the
  computer's seats (the engine's bots, choosing from their own context only) to act a
  moment after the previous move (R-82, :func:`hosting`); its views carry the result the
  kit shows (R-88);
* what the board and the hand show: the spaces a card may take, dead cards, the words a
  screen reader hears for a space, the log's sentences;
* the keyboard's moves over the board and the typed choice of a card (R-85).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardroom import atlas
from cardroom.core import REFEREE, Bot, Move
from cardroom.sequence import GAME
from cardroom.sequence.board import ADD, BOARD, CELLS, CHIPS, REMOVE, SIDE
from cardroom.sequence.bot import make
from cardroom.web.games.sequence.setup import SPLITS, check_options, teams_for
from cardroom.web.kit.logic import Hosting, LocalEngine, Setup

__all__ = [
    "BOT_DELAY_MS",
    "SeqEngine",
    "check_options",
    "chip_svg",
    "overlay_svg",
    "describe_move",
    "computer",
    "engine",
    "hosting",
    "game_options",
    "human_seats",
    "move_cursor",
    "seat_names",
    "space_label",
    "targets",
    "team_names",
    "type_card",
]

#: The computer acts this long (ms of table time) after the move before its own (R-82).
BOT_DELAY_MS = 700
COLOUR_NAMES = tuple(c["colour"].capitalize() for c in CHIPS)
MARKS = tuple(c["mark"] for c in CHIPS)

_NAMES = {s.code: s.name for s in atlas.states()}
_CAPITALS = {s.code: s.capital for s in atlas.states()}


# ------------------------------------------------------------------ setup options


def game_options(setup: Setup) -> dict[str, Any]:
    """The engine's options of ``setup``: players, teams and board (R-81)."""
    text = setup.option("players", "2")
    players = int(text) if text.isdigit() and int(text) in SPLITS else 2
    teams = teams_for(players, setup.option("teams", "auto"))
    if teams not in SPLITS[players]:
        teams = SPLITS[players][0]
    board = "capitals" if setup.option("board", "states") == "capitals" else "states"
    return {"players": players, "teams": teams, "board": board}


def human_seats(setup: Setup, players: int) -> list[int]:
    """Against the computer only seat 0 is a person; on one device every seat is."""
    return [0] if setup.mode == "bot" else list(range(players))


def team_names(teams: int, mode: str, players: int) -> list[str]:
    """ "You" / "The computer" for a 2-player game against it (R-116), else the colours."""
    if mode == "bot" and players == 2:
        return ["You", "The computer"]
    names = [f"{COLOUR_NAMES[t]}" for t in range(teams)]
    if mode == "bot":
        names[0] = f"{names[0]} (your team)" if players > 3 else f"{names[0]} (you)"
    return names


def seat_names(mode: str, players: int, teams: int) -> list[str]:
    """One name per seat: "You" and "Computer 2"... against the computer, "Player 1"...
    on one device (R-83)."""
    if mode == "bot":
        return ["You"] + [
            f"{'Partner' if s % teams == 0 else 'Computer'} {s + 1}" for s in range(1, players)
        ]
    return [f"Player {s + 1}" for s in range(players)]


# ------------------------------------------------------------------ the engine client


def computer(level: str) -> Bot:
    """The engine's Sequence bot of ``level``."""
    return make(level)


def _turn(view: Mapping[str, Any], seat: int) -> bool:
    return view["turn"] == seat


def _after_the_last(move: Move, view: Mapping[str, Any], now: int) -> int:
    return now + BOT_DELAY_MS


def hosting(level: str) -> Hosting:
    """A computer seat is asked when its turn comes, seeded by the deal, the move number
    and the seat, and acts ``BOT_DELAY_MS`` after the move before (R-82); a replayed save
    asks it only at the end (its choice depends on the position alone)."""
    return Hosting(
        key=lambda view, moves: view["moves"],
        rng=lambda seed, seat, n: f"{seed}:{n}:{seat}:{level}",
        acts=_turn,
        at=_after_the_last,
        quiet_replay=True,
    )


class SeqEngine(LocalEngine):
    """The kit's engine client for Sequence: moves are untimed in the game, so the table's
    time is kept in the move list only (for the log and the computer's pace, R-82). The
    views of a finished game carry the kit's ``result`` (R-88)."""

    def _apply(self, move: Move) -> None:
        self.state = self.game.apply(self.state, move.with_time(None))
        self._cache = {}
        as_json = move.to_json()
        self.moves.append(as_json)
        self._emit({"type": "move", "move": as_json})
        if self.over:
            self._emit({"type": "over"})

    def clock_due(self) -> tuple[str, int] | None:
        return None

    #: the teams' names in the result's sentence (``engine`` sets them from the setup)
    labels: Sequence[str] = ()

    def view(self, seat: int) -> dict[str, Any]:
        hit = self._cache.get(seat)
        if hit is None:
            hit = dict(self.game.view(self.state, seat))
            if hit["over"]:
                hit["result"] = result(hit, self.labels)
            self._cache[seat] = hit
        return hit


def result(view: Mapping[str, Any], labels: Sequence[str] = ()) -> dict[str, Any]:
    """The kit's result of a finished game: the winner (a team: a game ends only when one
    completes its sequences, R-79), why, and the points: one per completed sequence
    (R-88)."""
    score = list(view["score"])
    winner = view["winner"]
    if winner is None:
        raise ValueError("a Sequence game ends only with a winner")
    lines = [
        {"team": t, "label": "Sequence" if n == 1 else "Sequences", "points": n}
        for t, n in enumerate(score)
        if n
    ]
    need = view["target"]
    who = labels[winner] if winner < len(labels) else COLOUR_NAMES[winner]
    what = "two sequences" if need == 2 else "a sequence"
    summary = f"{who} completed {what} first."
    return {"winner": winner, "summary": summary, "points": score, "scoring": lines}


def engine(setup: Setup) -> SeqEngine:
    """The engine client of one game: against the computer every seat but 0 is a bot of
    the setup's difficulty."""
    assert setup.seed is not None
    opts = game_options(setup)
    bots: dict[int, Bot] = {}
    if setup.mode == "bot":
        bots = {s: computer(setup.difficulty) for s in range(1, opts["players"])}
    eng = SeqEngine(GAME, setup.seed, opts, bots, hosting(setup.difficulty))
    eng.labels = team_names(opts["teams"], setup.mode, opts["players"])
    return eng


# ------------------------------------------------------------------ the board and the hand


def targets(view: Mapping[str, Any], card: str | None) -> list[int]:
    """The spaces ``card`` may take now (R-77): a state card its open spaces, ADD every
    open space, REMOVE every opponent's chip not in a sequence."""
    if card is None or view.get("hand") is None or card not in view["hand"]:
        return []
    chips = view["chips"]
    if card == ADD:
        return [x for x in range(SIDE * SIDE) if chips[x] < 0]
    if card == REMOVE:
        locked = {x for sq in view["sequences"] for x in sq["spaces"]}
        team = view["team"]
        return [
            x for x in range(SIDE * SIDE) if chips[x] >= 0 and chips[x] != team and x not in locked
        ]
    return [x for x in CELLS[card] if chips[x] < 0]


def can_pass(view: Mapping[str, Any]) -> bool:
    """No card can be played and no dead card may be turned in (R-78)."""
    hand = view.get("hand") or []
    if any(targets(view, c) for c in set(hand)):
        return False
    return view["exchanged"] or not view["dead"]


def card_name(card: str) -> str:
    if card == ADD:
        return "ADD"
    if card == REMOVE:
        return "REMOVE"
    return _NAMES[card]


def card_label(view: Mapping[str, Any], card: str) -> str:
    """What a screen reader hears for a card in the hand."""
    name = card_name(card)
    if card in view.get("dead", []):
        return f"{name}, dead card: both spaces are covered"
    if card == ADD:
        return "ADD: put a chip on any open space"
    if card == REMOVE:
        return "REMOVE: take an opponent's chip"
    n = len(targets(view, card))
    return f"{name}, {n} open space{'s' * (n != 1)}"


def chip_words(team: int) -> str:
    return f"{CHIPS[team]['colour']} chip ({CHIPS[team]['mark']})"


def space_label(view: Mapping[str, Any], space: int, capitals_only: bool = False) -> str:
    """The words for a space: its state and capital (capital only on the capitals board,
    R-72), its chip, whether it is in a sequence."""
    code = BOARD[space]
    where = _CAPITALS[code] if capitals_only else f"{_NAMES[code]}, {_CAPITALS[code]}"
    chip = view["chips"][space]
    if chip < 0:
        return f"{where}: open"
    locked = any(space in sq["spaces"] for sq in view["sequences"])
    return f"{where}: {chip_words(chip)}{', in a sequence' if locked else ''}"


def describe_move(move: Mapping[str, Any], names: Sequence[str], layout: str = "states") -> str:
    """The log's sentence for a move (the space named by its state and capital)."""
    seat, kind, data = move["seat"], move["kind"], move.get("data")
    if move.get("hidden") or (data is None and kind in ("play", "dead", "pass")):
        return ""  # another device's move as a guest knows it: no data
    who = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
    if kind == "dead":
        return f"{who} turned in a dead card: {card_name(data)}."
    if kind == "pass":
        return f"{who} could not play, showed the hand and turned in {card_name(data)}."
    if kind != "play":
        return f"{who}: {kind}."
    card, space = data["card"], data["space"]
    code = BOARD[space]
    place = _CAPITALS[code] if layout == "capitals" else f"{_NAMES[code]} ({_CAPITALS[code]})"
    if card == REMOVE:
        return f"{who} played REMOVE on {place}."
    if card == ADD:
        return f"{who} played ADD on {place}."
    return f"{who} played {card_name(card)} on {place}."


# ------------------------------------------------------------------ drawing over the board

#: Board units per space (``sitebuild/sequence_board.py`` draws 100 per space).
CELL = 100


def chip_svg(team: int, cls: str = "seq-chipmark") -> str:
    return (
        f'<svg class="{cls}" viewBox="0 0 40 40" aria-hidden="true" focusable="false">'
        f'<use href="#seq-chip-{team}"></use></svg>'
    )


def overlay_svg(view: dict[str, Any]) -> str:
    """Chips (turned over in a sequence, R-86), sequence lines and the last move."""
    locked = {x for sq in view["sequences"] for x in sq["spaces"]}
    parts = []
    for x, team in enumerate(view["chips"]):
        if team < 0:
            continue
        r, c = divmod(x, SIDE)
        cls = "seq-chip is-locked" if x in locked else "seq-chip"
        parts.append(
            f'<use class="{cls}" href="#seq-chip-{team}" x="{c * CELL + 26}" '
            f'y="{r * CELL + 10}" width="48" height="48"></use>'
        )
    for sq in view["sequences"]:
        a, b = sq["spaces"][0], sq["spaces"][-1]
        (ra, ca), (rb, cb) = divmod(a, SIDE), divmod(b, SIDE)
        pts = f'x1="{ca * CELL + 50}" y1="{ra * CELL + 50}" x2="{cb * CELL + 50}" y2="{rb * CELL + 50}"'
        fill = CHIPS[sq["team"]]["fill"]
        parts.append(f'<line class="seq-line-under" {pts}></line>')
        parts.append(f'<line class="seq-line" stroke="{fill}" {pts}></line>')
    last = view.get("last")
    if last and "space" in last:
        r, c = divmod(last["space"], SIDE)
        parts.append(
            f'<rect class="seq-last-mark" x="{c * CELL + 5}" y="{r * CELL + 5}" '
            f'width="{CELL - 10}" height="{CELL - 10}" rx="10"></rect>'
        )
    return "".join(parts)


# ------------------------------------------------------------------ keyboard


_STEPS = {
    "ArrowUp": (-1, 0),
    "ArrowDown": (1, 0),
    "ArrowLeft": (0, -1),
    "ArrowRight": (0, 1),
}


def move_cursor(space: int, key: str) -> int:
    """The space the arrow ``key`` (or Home/End/PageUp/PageDown) moves to from
    ``space``; the board's edges stop it (R-85)."""
    r, c = divmod(space, SIDE)
    if key in _STEPS:
        dr, dc = _STEPS[key]
        r, c = min(SIDE - 1, max(0, r + dr)), min(SIDE - 1, max(0, c + dc))
    elif key == "Home":
        c = 0
    elif key == "End":
        c = SIDE - 1
    elif key == "PageUp":
        r = 0
    elif key == "PageDown":
        r = SIDE - 1
    return r * SIDE + c


def type_card(hand: Sequence[str], typed: str, after: str | None = None) -> str | None:
    """The card of ``hand`` whose name starts with ``typed`` (case and spaces ignored),
    the next one after ``after`` when several do (R-85)."""
    want = "".join(typed.lower().split())
    if not want:
        return None
    unique = list(dict.fromkeys(hand))
    hits = [c for c in unique if "".join(card_name(c).lower().split()).startswith(want)]
    if not hits:
        return None
    if after in hits:
        return hits[(hits.index(after) + 1) % len(hits)]
    return hits[0]


def next_target(view: Mapping[str, Any], card: str, cursor: int) -> int | None:
    """The first space ``card`` may take at or after ``cursor`` in reading order."""
    ts = targets(view, card)
    if not ts:
        return None
    later = [x for x in ts if x >= cursor]
    return later[0] if later else ts[0]


def turn_text(view: Mapping[str, Any], names: Sequence[str], me: int | None) -> str:
    """The status line: whose turn, what is needed to win."""
    turn = view["turn"]
    if turn is None:
        return ""
    need = "2 sequences win" if view["target"] == 2 else "1 sequence wins"
    team = COLOUR_NAMES[view["team_of"][turn]]
    who = "Your turn" if turn == me else f"{names[turn]}'s turn"
    return f"{who} · {team} · {need}"


def last_text(view: Mapping[str, Any], names: Sequence[str]) -> str:
    last = view.get("last")
    if not last:
        return "No move yet."
    move = {"seat": last["seat"], "kind": last["kind"], "data": last["card"]}
    if last["kind"] == "play":
        move["data"] = {"card": last["card"], "space": last["space"]}
    return "Last move: " + describe_move(move, names, view["board"])


def referee_view(eng: LocalEngine) -> dict[str, Any]:
    return eng.view(REFEREE)

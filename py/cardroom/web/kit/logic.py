"""The table kit's plain-Python side (no browser; tested on CPython).

Every game screen sits on the same table: a setup read from one deep-link parser, a
pausable table clock, an engine reached only through a JSON boundary, a save per game and
a result panel built from :mod:`cardroom.scoring`. ``cardroom.web.kit.ui`` draws them; this
module decides them.

* :data:`WEB_GAMES` -- the games the site offers (home page, setup, how to play);
* :func:`parse_link` -- the one parser of ``?screen=...&game=...&level=...``: it returns a
  :class:`Route` and the visible problems of a bad link (R-110);
* :class:`TableClock` -- game time that stops while paused (R-111);
* :class:`LocalEngine` -- the engine client: ``view(seat)``, ``legal(seat)``,
  ``submit(move_json, now)``, ``advance(now)`` and events, all JSON, running in this
  process. A worker or another device is a different transport behind the same methods.
  It hosts the computer's seats: the engine's own bots (:class:`cardroom.core.Bot`), asked
  as the game's :class:`Hosting` says; a move of theirs the engine refuses raises
  :class:`ComputerMoveRefused` (R-244);
* :func:`encode_save` / :func:`decode_save` -- a saved game (:class:`CorruptSave` when it
  cannot be trusted, R-112);
* :func:`points_table` -- who won and the breakdown lines per team.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from cardroom.core import REFEREE, Bot, BotContext, GameError, Move, bot_context
from cardroom.web.platform.routes import (  # re-exported: the kit's plain-Python namespace
    DIFFICULTY_TEXT,
    MAX_SEED,
    MODE_TEXT,
    WEB_GAMES,
    Option,
    Route,
    Setup,
    WebGame,
    parse_link,
)

__all__ = [
    "DIFFICULTY_TEXT",
    "FINAL_CLOCK",
    "MAX_SEED",
    "MODE_TEXT",
    "START_WAITING",
    "hints_used",
    "WEB_GAMES",
    "ComputerMoveRefused",
    "CorruptSave",
    "EngineRefused",
    "Hosting",
    "LocalEngine",
    "Option",
    "Route",
    "Save",
    "Setup",
    "TableClock",
    "WebGame",
    "decode_save",
    "encode_save",
    "parse_link",
    "points_table",
    "to_move",
    "setup_form_html",
    "setup_lede",
    "uncited",
]

# ------------------------------------------------------------------ the table clock


@dataclass(frozen=True, slots=True)
class TableClock:
    """Game time in ms: wall time since ``t0`` minus the time spent paused (R-111).

    ``wall`` is a clock that survives a reload (the page's time origin plus its time).
    Immutable: :meth:`pause` and :meth:`resume` return a new clock."""

    t0: float
    paused_ms: float = 0.0
    paused_at: float | None = None

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    def now(self, wall: float) -> int:
        stop = self.paused_at if self.paused_at is not None else wall
        return max(0, int(stop - self.t0 - self.paused_ms))

    def pause(self, wall: float) -> TableClock:
        return self if self.paused else TableClock(self.t0, self.paused_ms, wall)

    def resume(self, wall: float) -> TableClock:
        if self.paused_at is None:
            return self
        return TableClock(self.t0, self.paused_ms + max(0.0, wall - self.paused_at), None)

    def to_json(self) -> dict[str, Any]:
        return {"t0": self.t0, "paused_ms": self.paused_ms, "paused_at": self.paused_at}

    @classmethod
    def from_json(cls, obj: Any) -> TableClock:
        if not isinstance(obj, dict) or set(obj) != {"t0", "paused_ms", "paused_at"}:
            raise CorruptSave("the clock is not readable")
        t0, pm, pa = obj["t0"], obj["paused_ms"], obj["paused_at"]
        nums = (int, float)
        if not isinstance(t0, nums) or not isinstance(pm, nums) or pm < 0:
            raise CorruptSave("the clock is not readable")
        if pa is not None and (not isinstance(pa, nums) or pa < t0):
            raise CorruptSave("the clock is not readable")
        return cls(float(t0), float(pm), None if pa is None else float(pa))


# ------------------------------------------------------------------ the engine client


#: A ruling's id cited in an engine's sentence: "(R-78)", ", R-122)" or "(R-20..R-24)".
CITATION_RE = re.compile(r"\s*\(R-\d+(?:\.\.R-\d+)?\)|,\s*R-\d+(?:\.\.R-\d+)?(?=\))")


def uncited(sentence: str) -> str:
    """``sentence`` without the rulings' ids the engines cite (``cardroom referee`` shows
    them; docs/rulings.md is not part of the site, so a player is told the rule alone)."""
    return CITATION_RE.sub("", sentence)


class EngineRefused(Exception):
    """The engine refused a move: ``reason`` is its sentence for the players (JSON-safe),
    without the ruling ids the engine cites."""

    def __init__(self, reason: str, kind: str = "illegal") -> None:
        reason = uncited(reason)
        super().__init__(reason)
        self.reason = reason
        self.kind = kind


class ComputerMoveRefused(RuntimeError):
    """The engine refused a move a computer seat (or the table's clock) planned: a bug in
    the plan, raised so that no computer move is ever dropped without a word (R-244).
    ``seat``, ``move`` (JSON) and ``reason`` (the engine's sentence) say which."""

    def __init__(self, move: Mapping[str, Any], error: Exception) -> None:
        self.move = dict(move)
        self.seat = int(self.move.get("seat", REFEREE))
        self.reason = uncited(str(error))
        self.error = error
        who = "the table's clock" if self.seat == REFEREE else f"the computer on seat {self.seat}"
        super().__init__(f"the engine refused the move {self.move} of {who}: {self.reason}")


def _same_view(view: Mapping[str, Any], moves: int) -> Any:
    return view


def _any_seat(view: Mapping[str, Any], seat: int) -> bool:
    return True


def _per_key(seed: int, seat: int, key: Any) -> str:
    return f"{seed}:{seat}:{key}"


def _bots_time(move: Move, view: Mapping[str, Any], now: int) -> int | None:
    return move.at


def to_move(view: Mapping[str, Any], seat: int) -> bool:
    """A seat acts only when its view lists it among the seats to move (``Hosting.acts``)."""
    return seat in view["to_move"]


@dataclass(frozen=True, slots=True)
class Hosting:
    """How the table hosts a game's computer seats. The seats are the engine's own bots
    (:class:`cardroom.core.Bot`), asked through a real :class:`~cardroom.core.BotContext`;
    what is the table's, not the bot's, is declared here once per game:

    * ``key(view, moves)`` -- the seat is asked again whenever this changes (by default
      whenever its view does; ``moves`` is the number of moves made);
    * ``rng(seed, seat, key)`` -- the text seeding the bot's ``random.Random`` for that
      key (``seed`` is the seat's), so that a deal replays exactly;
    * ``acts(view, seat)`` -- whether the seat is asked at all now (:func:`to_move`: only
      when its view lists it); a bot with nothing to do returns None anyway;
    * ``at(move, view, now)`` -- the time the move is made (``now``: the table's time):
      the bot's own in the timed games, the table's time plus a thinking delay in the
      untimed ones;
    * ``context`` -- the bot's context, :func:`cardroom.core.bot_context` (a match of
      hands gives the hand's);
    * ``quiet_replay`` -- a replayed save asks the bots only at its end (for bots whose
      choice depends on the position alone)."""

    key: Callable[[Mapping[str, Any], int], Any] = _same_view
    rng: Callable[[int, int, Any], str] = _per_key
    acts: Callable[[Mapping[str, Any], int], bool] = _any_seat
    at: Callable[[Move, Mapping[str, Any], int], int | None] = _bots_time
    context: Callable[..., BotContext] = bot_context
    quiet_replay: bool = False


Listener = Callable[[dict[str, Any]], None]


@dataclass
class LocalEngine:
    """A game's engine behind a JSON boundary, in this process.

    Screens call only :meth:`view`, :meth:`legal`, :meth:`submit`, :meth:`advance`,
    :meth:`next_due` and :meth:`on`, and receive only JSON (dicts, lists, strings,
    numbers): the same calls can cross a ``postMessage`` to a worker or a socket to
    another device. The table's clock (the pseudo-seat ``REFEREE``) and the computer's
    seats are driven here: :meth:`advance` applies, in time order, every clock call and
    planned computer move due by ``now``. A computer seat is an engine bot
    (``bots``, or :meth:`host`); the client builds its :class:`~cardroom.core.BotContext`
    and plans again when the seat's key changes, as :attr:`hosting` declares."""

    game: Any
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    #: the computer's seats: the engine's own bots, hosted as :attr:`hosting` says
    bots: dict[int, Bot] = field(default_factory=dict)
    hosting: Hosting = field(default_factory=Hosting)
    #: each computer seat's seed (its bot's ``random.Random``; the deal's by default)
    seeds: dict[int, int] = field(default_factory=dict)
    state: Any = None
    moves: list[dict[str, Any]] = field(default_factory=list)
    planned: dict[int, dict[str, Any] | None] = field(default_factory=dict)
    _keys: dict[int, Any] = field(default_factory=dict)
    _listeners: list[Listener] = field(default_factory=list)
    _cache: dict[int, dict[str, Any]] = field(default_factory=dict)
    _replaying: bool = False

    def __post_init__(self) -> None:
        self.state = self.game.new(self.seed, **self.options)
        self.replan()

    def restart(self, options: Mapping[str, Any]) -> None:
        """Deal this game afresh with other ``new()`` options (a match's carry-overs),
        before any move; the computer's seats plan again."""
        self.options = dict(options)
        self.state = self.game.new(self.seed, **self.options)
        self.moves, self.planned, self._keys, self._cache = [], {}, {}, {}
        self.replan()

    def host(self, seat: int, bot: Bot, seed: int | None = None) -> None:
        """Seat ``bot`` (an engine bot) as the computer on ``seat``, its random numbers
        drawn from ``seed`` (the deal's by default); it plans at once."""
        self.bots[seat] = bot
        if seed is not None:
            self.seeds[seat] = seed
        self._keys.pop(seat, None)
        self.replan()

    # ------------------------------------------------------------ queries

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees (``REFEREE``: the public view), as JSON."""
        hit = self._cache.get(seat)
        if hit is None:
            hit = self._cache[seat] = self.game.view(self.state, seat)
        return hit

    def legal(self, seat: int) -> list[str]:
        """The kinds of move ``seat`` may send now."""
        v = self.view(seat)
        if isinstance(v.get("actions"), list):
            return [str(a) for a in v["actions"]]
        moves = self.game.legal_moves(self.state, seat)
        try:
            return sorted({m.kind for m in moves})
        except TypeError:  # a move space that cannot be listed
            return ["move"] if moves else []

    @property
    def over(self) -> bool:
        return bool(self.game.is_over(self.state))

    def clock_due(self) -> tuple[str, int] | None:
        """The table clock's next call (kind, time): from the public view's ``clock`` when
        the game shows it, else from the clock's own timed legal moves."""
        ref = self.view(REFEREE)
        if "clock" in ref:
            c = ref["clock"]
            return None if not c else (str(c["kind"]), int(c["at"]))
        try:
            timed = [m for m in self.game.legal_moves(self.state, REFEREE) if m.at is not None]
        except TypeError:  # a move space that cannot be listed
            return None
        if not timed:
            return None
        first = min(timed, key=lambda m: m.at)
        return (first.kind, int(first.at))

    def next_due(self) -> int | None:
        """Game time of the next clock call or computer move (None: nothing planned)."""
        times = [int(m.get("at") or 0) for m in self.planned.values() if m is not None]
        c = self.clock_due()
        if c is not None:
            times.append(c[1])
        return min(times) if times else None

    # ------------------------------------------------------------ events

    def on(self, listener: Listener) -> None:
        """Call ``listener(event)`` for every applied move (``{"type": "move", "move":
        {...}}``) and once at the end (``{"type": "over"}``)."""
        self._listeners.append(listener)

    def _emit(self, event: dict[str, Any]) -> None:
        for listener in list(self._listeners):
            listener(event)

    # ------------------------------------------------------------ moves

    def _now(self) -> int:
        clock = getattr(self.game, "clock", None)
        if callable(clock):
            return int(clock(self.state))
        return int(self.view(REFEREE).get("now") or 0)

    def _apply(self, move: Move) -> None:
        self.state = self.game.apply(self.state, move)
        self._cache = {}
        as_json = move.to_json()
        self.moves.append(as_json)
        self._emit({"type": "move", "move": as_json})
        if self.over:
            self._emit({"type": "over"})

    def time(self) -> int:
        """The table's time: the game's clock, or the time of the last move if later (the
        untimed games' moves carry the table's time only in the move list)."""
        last = int(self.moves[-1].get("at") or 0) if self.moves else 0
        return max(self._now(), last)

    def replan(self) -> None:
        """Ask each computer seat whose key (:class:`Hosting`) changed what it will do;
        a seat's plan stands until then. Called after every move; a screen or a match
        calls it after seating or unseating a computer."""
        if self._replaying and self.hosting.quiet_replay:
            return
        for seat, bot in self.bots.items():
            if self.over:
                self.planned[seat] = None
                continue
            view = self.view(seat)
            key = self.hosting.key(view, len(self.moves))
            if seat in self._keys and self._keys[seat] == key:
                continue
            self._keys[seat] = key
            self.planned[seat] = self.ask(seat, bot, key)

    def ask(self, seat: int, bot: Bot, key: Any) -> dict[str, Any] | None:
        """What ``bot`` would do now on ``seat`` (its move as JSON, timed as
        :attr:`hosting` says, or None), from the context of its own seat only."""
        h = self.hosting
        view = self.view(seat)
        if not h.acts(view, seat):
            return None
        rng = random.Random(h.rng(self.seeds.get(seat, self.seed), seat, key))
        now = self.time()
        move = bot.choose(h.context(self.game, self.state, seat, rng, now))
        return None if move is None else move.with_time(h.at(move, view, now)).to_json()

    def advance(self, now: int) -> list[dict[str, Any]]:
        """Apply every clock call and computer move due at or before ``now`` (in time
        order; the clock first on a tie); return them as JSON."""
        done: list[dict[str, Any]] = []
        for _ in range(32):
            if self.over:
                break
            due: list[tuple[int, int, Move]] = []
            c = self.clock_due()
            if c is not None and c[1] <= now:
                due.append((c[1], REFEREE, Move(REFEREE, c[0], None, c[1])))
            for seat, m in self.planned.items():
                if m is not None and int(m.get("at") or 0) <= now:
                    due.append((int(m.get("at") or 0), seat, Move.from_json(m)))
            if not due:
                break
            at, seat, move = min(due, key=lambda d: (d[0], d[1]))
            move = move.with_time(max(at, self._now()))
            if seat != REFEREE:
                self.planned[seat] = None
            try:
                self._apply(move)
            except GameError as exc:
                # a computer's (or the clock's) move is planned from what it sees: a
                # refusal is a bug in its plan, never a move quietly not made
                raise ComputerMoveRefused(move.to_json(), exc) from exc
            done.append(move.to_json())
            self.replan()
        return done

    def submit(self, move_json: Mapping[str, Any], now: int) -> dict[str, Any]:
        """A person's move at game time ``now``: anything due first is applied, then the
        move (timed at ``now`` or later); returns the move as applied. Raises
        :class:`EngineRefused` with the engine's reason."""
        self.advance(now)
        try:
            move = Move.from_json(dict(move_json))
            move = move.with_time(max(now, self._now()))
            self._apply(move)
        except GameError as exc:
            raise EngineRefused(str(exc), type(exc).__name__) from None
        self.replan()
        return self.moves[-1]

    def replay(self, moves: Sequence[Mapping[str, Any]]) -> None:
        """Re-apply a saved move list (seed + moves replay exactly); raises
        :class:`CorruptSave` if the engine refuses one of them."""
        self._replaying = True
        try:
            for m in moves:
                try:
                    move = Move.from_json(dict(m))
                    if move.seat in self.planned:
                        self.planned[move.seat] = None
                    self._apply(move)
                except (GameError, TypeError, ValueError, KeyError) as exc:
                    raise CorruptSave(f"move {len(self.moves) + 1} is refused: {exc}") from None
                self.replan()
        finally:
            self._replaying = False
        self.replan()


# ------------------------------------------------------------------ saved games


class CorruptSave(ValueError):
    """A saved game that cannot be trusted (R-112)."""


SAVE_VERSION = 1
#: a saved game's key in ``sessionStorage``: this, then the table's run
SAVE_PREFIX = "cardroom:game:"

#: What the table bar's clock says once a game is over, in every game: the last phase's
#: countdown ("Time to answer 27 s") must not stay on the result screen.
FINAL_CLOCK = ("Game over", "")


@dataclass(frozen=True, slots=True)
class Save:
    """What a game keeps under its own key: the setup, the moves, the clock and the
    screen's own extras (where cards lie, an open hint...)."""

    setup: Setup
    moves: tuple[dict[str, Any], ...]
    clock: TableClock
    extra: dict[str, Any]


def encode_save(save: Save) -> str:
    s = save.setup
    return json.dumps(
        {
            "v": SAVE_VERSION,
            "setup": [s.game, s.level, s.mode, s.difficulty, s.seed, dict(s.options)],
            "moves": list(save.moves),
            "clock": save.clock.to_json(),
            "extra": save.extra,
        },
        separators=(",", ":"),
    )


def decode_save(text: str | None) -> Save | None:
    """The save in ``text`` (None: nothing saved); :class:`CorruptSave` when unreadable."""
    if text is None or text == "":
        return None
    try:
        obj = json.loads(text)
    except ValueError:
        raise CorruptSave("it is not JSON") from None
    if not isinstance(obj, dict) or obj.get("v") != SAVE_VERSION:
        raise CorruptSave("it is not a saved game of this version")
    try:
        game, level, mode, difficulty, seed, *rest = obj["setup"]
        options = rest[0] if rest else {}
        moves, extra = obj["moves"], obj["extra"]
    except (KeyError, TypeError, ValueError):
        raise CorruptSave("parts of it are missing") from None
    web = WEB_GAMES.get(game) if isinstance(game, str) else None
    ok = (
        web is not None
        and len(rest) <= 1
        and isinstance(mode, str)
        and mode in web.modes
        and isinstance(difficulty, str)
        and difficulty in web.difficulties
        and isinstance(level, int)
        and (level in web.levels if web.levels else level == 0)
        and isinstance(options, dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in options.items())
        and set(options) == {o.name for o in web.options if o.applies(mode, level)}
        and web.problem(mode, options, level) is None
        and isinstance(seed, int)
        and 0 <= seed <= MAX_SEED
        and isinstance(moves, list)
        and all(isinstance(m, dict) for m in moves)
        and isinstance(extra, dict)
    )
    if not ok:
        raise CorruptSave("its setup or moves are not readable")
    clock = TableClock.from_json(obj.get("clock"))
    setup = Setup(game, level, mode, difficulty, seed, tuple(sorted(options.items())))
    return Save(setup, tuple(moves), clock, extra)


# ------------------------------------------------------------------ the result


def points_table(
    lines: Sequence[Mapping[str, Any]], points: Sequence[int], teams: Sequence[str]
) -> list[dict[str, Any]]:
    """Per team: its name, its lines of the shared scoring table (``cardroom.scoring``'s
    ``Line.to_json()``) and its total, which must agree with ``points``."""
    out = []
    for team, name in enumerate(teams):
        mine = [
            {"label": str(ln["label"]), "points": int(ln["points"])}
            for ln in lines
            if ln["team"] == team
        ]
        total = sum(x["points"] for x in mine)
        if total != points[team]:
            raise ValueError(f"{name}: the lines add up to {total}, not {points[team]}")
        out.append({"team": team, "name": name, "lines": mine, "total": total})
    return out


def hints_used(n: int) -> str:
    """ "No hints used", "1 hint used", "2 hints used"."""
    return "No hints used" if n <= 0 else f"{n} hint{'s' * (n != 1)} used"


def new_seed(rand: Callable[[int], int], avoid: int | None = None) -> int:
    """A fresh deal number (never ``avoid``: Play again deals a new game)."""
    seed = rand(MAX_SEED)
    return (seed + 1) % MAX_SEED if seed == avoid else seed


# ------------------------------------------------------------------ the setup form

#: Start on a setup form pre-rendered by the build (sitebuild/page.py), before Python is
#: ready: it says why it does not start yet (web/intro.js keeps it from submitting).
START_WAITING = "Starting… (ready in a moment)"


def setup_lede(game: WebGame) -> str:
    """The line under a game's title on its setup."""
    if game.levels:
        return "Pick a level and who you play against, then press Start."
    return "Pick who plays, then press Start."


def setup_form_html(game: WebGame, s: Setup, *, waiting: bool = False) -> str:
    """A game's setup form (``#kit-setup``) with the choices of ``s``: the kit's setup
    screen (``cardroom.web.kit.screen``) and the build's pre-rendered one (``waiting``:
    its Start waits for Python) are both this HTML, so they cannot drift apart."""
    g = game

    def radio(name: str, value: str, label: str, note: str, checked: bool) -> str:
        c = " checked" if checked else ""
        return (
            f'<label class="kit-choice"><input type="radio" name="{name}" '
            f'value="{value}"{c}><span class="kit-choice-body"><span class="kit-choice-label">'
            f'{escape(label)}</span><span class="kit-choice-note">{escape(note)}</span>'
            "</span></label>"
        )

    levels = "".join(
        radio("level", str(n), f"Level {n}", text, n == s.level) for n, text in g.levels.items()
    )
    notes = {
        "bot": "Your team races the computer.",
        "local": "Split screen: each team gets its own half of one device.",
        "solitaire": "One player, no opponent.",
        "devices": "Each team on its own device, joined over the local network.",
    } | dict(g.mode_notes)
    modes = "".join(radio("mode", m, MODE_TEXT[m], notes.get(m, ""), m == s.mode) for m in g.modes)
    level_set = (
        f'<fieldset class="kit-fieldset"><legend>Level</legend><div class="kit-choices">'
        f"{levels}</div></fieldset>"
        if g.levels
        else ""
    )
    chosen = dict(s.options)
    option_sets = "".join(
        f'<fieldset class="kit-fieldset kit-option" data-option="{escape(o.name)}" '
        f'data-modes="{" ".join(o.modes)}" data-levels="{" ".join(map(str, o.levels))}"'
        f"{'' if o.applies(s.mode, s.level) else ' hidden'}>"
        f'<legend>{escape(o.label)}</legend><div class="kit-choices">'
        + "".join(
            radio(
                f"opt-{o.name}",
                escape(v),
                text,
                o.note if v == o.default else "",
                v == chosen.get(o.name, o.default),
            )
            for v, text in o.choices.items()
        )
        + "</div></fieldset>"
        for o in g.options
    )
    diffs = "".join(
        radio("difficulty", d, d.capitalize(), g.difficulty_note(d), d == s.difficulty)
        for d in g.difficulties
    )
    seed = "" if s.seed is None else str(s.seed)
    start = (
        f'<button type="submit" class="bu-btn bu-primary kit-start" aria-disabled="true">'
        f"{escape(START_WAITING)}</button>"
        if waiting
        else '<button type="submit" class="bu-btn bu-primary kit-start">Start</button>'
    )
    return f"""
<form class="kit-setup" id="kit-setup" novalidate>
  <section class="kit-howto" aria-labelledby="kit-howto-h">
    <h2 id="kit-howto-h">How to play</h2><p>{escape(g.how_to)}</p></section>
  {level_set}
  <fieldset class="kit-fieldset"><legend>Who plays</legend><div class="kit-choices">{modes}</div>
  </fieldset>
  {option_sets}
  <fieldset class="kit-fieldset" id="kit-difficulty"{" hidden" if s.mode != "bot" else ""}>
    <legend>Computer</legend><div class="kit-choices">{diffs}</div></fieldset>
  <div class="kit-seed-row">
    <label for="kit-seed">Deal number <span class="kit-optional">(optional: the same number
    deals the same cards)</span></label>
    <input id="kit-seed" name="seed" type="text" inputmode="numeric" pattern="[0-9]*"
      maxlength="10" autocomplete="off" value="{seed}">
  </div>
  <p class="kit-setup-error" id="kit-setup-error" role="alert"></p>
  {start}
</form>"""

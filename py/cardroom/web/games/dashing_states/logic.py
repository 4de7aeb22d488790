"""Dashing States' screen logic, not the DOM (tested on CPython): the engine client with
the computer's seat, the row the six sorted Map cards go in, what each race asks, the
answer forms (who names which cards) and the words of a judged race. The setup, clock,
saves and result frame are the kit's (R-135..R-139)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from cardroom import atlas, names
from cardroom.core import Bot
from cardroom.geoplunge import decks
from cardroom.geoplunge.dashing import GAME, PLAYERS, USED
from cardroom.geoplunge.dashing_bot import DashingBot
from cardroom.web.kit.hand_model import Zone
from cardroom.web.kit.logic import Hosting, LocalEngine, Setup, to_move

__all__ = [
    "team_one_bot",
    "BOT_SEAT",
    "ORDER",
    "PLAYER_NAMES",
    "SMALL_SQ_MI",
    "AnswerForm",
    "answer_forms",
    "bar_status",
    "card_label",
    "card_number",
    "crop_box",
    "path_bbox",
    "describe_move",
    "computer",
    "engine",
    "hosting",
    "gave_up_line",
    "key_rule",
    "order_zone",
    "race_lines",
    "race_html",
    "answer_html",
    "race_verdict",
    "answer_data",
    "ringed",
    "second_label",
    "shout_ready",
    "waits_to_answer",
]

#: The computer's seat against a person (the person is Team 1, seat 0).
BOT_SEAT = 1
#: The key of the row the six sorted cards are laid in (the seventh stays in the hand).
ORDER = "order"
PLAYER_NAMES = ("Left player", "Middle player", "Right player")
#: States smaller than this (square miles) get a red ring on a Map card (R-135).
SMALL_SQ_MI = 13_000


# ------------------------------------------------------------------ cards


def card_number(card_id: str) -> int:
    """ "M07" -> 7."""
    return int(card_id.lstrip("M"))


def card_label(card_id: str) -> str:
    """What a Map card is called on screen: its number, never its state (R-135)."""
    return f"Map card {card_number(card_id)}"


def ringed(card_id: str) -> bool:
    """Does this card's red state get a ring, to be seen at card size? (R-135)"""
    code = decks.map_card(card_id).state
    return atlas.by_code()[code].area_sq_mi < SMALL_SQ_MI


#: The page map's size (its viewBox) and a Map card's width to height.
MAP_W, MAP_H = 975.0, 610.0
CARD_RATIO = 1.45
#: A card's face shows at least this much of the map's width around its red state (the
#: close-up of a card shown large, ``CLOSE_W``).
CROP_W = 400.0
CLOSE_W = 240.0


def path_bbox(d: str) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) of an SVG path of the page map (``M`` absolute moves,
    ``l`` relative lines, ``z``: what build.py writes)."""
    xs: list[float] = []
    ys: list[float] = []
    x = y = sx = sy = 0.0
    cmd = "M"
    nums: list[float] = []

    def flush() -> None:
        nonlocal x, y, sx, sy
        for i in range(0, len(nums) - 1, 2):
            dx, dy = nums[i], nums[i + 1]
            if cmd == "M" and i == 0:
                x, y, sx, sy = dx, dy, dx, dy
            elif cmd in "ML":
                x, y = dx, dy
            else:
                x, y = x + dx, y + dy
            xs.append(x)
            ys.append(y)

    token = ""
    for ch in d + " ":
        if ch.isalpha() and ch not in "eE":
            if token:
                nums.append(float(token))
                token = ""
            flush()
            nums = []
            cmd = ch.upper() if ch in "ML" else ch
            if ch in "zZ":
                x, y = sx, sy
        elif ch in " ,\n\t" or (ch == "-" and token and token[-1] not in "eE"):
            if token:
                nums.append(float(token))
            token = "-" if ch == "-" else ""
        else:
            token += ch
    flush()
    if not xs:
        raise ValueError("an empty path")
    return min(xs), min(ys), max(xs), max(ys)


def crop_box(
    bbox: tuple[float, float, float, float], least: float = CROP_W
) -> tuple[float, float, float, float]:
    """The part of the map a Map card's face shows (x, y, width, height, in map units):
    the red state and its neighbours, about 2.4 times larger than the whole map at the
    card's size (issue 41). A window of at least ``least`` map units wide (and half as
    large again as the state) of the card's shape, centred on the state and kept inside
    the map."""
    x0, y0, x1, y1 = bbox
    w = max(least, (x1 - x0) * 1.5, (y1 - y0) * 1.5 * CARD_RATIO)
    w = min(w, MAP_W)
    h = min(w / CARD_RATIO, MAP_H)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    left = min(max(cx - w / 2, 0.0), MAP_W - w)
    top = min(max(cy - h / 2, 0.0), MAP_H - h)
    return round(left, 1), round(top, 1), round(w, 1), round(h, 1)


def order_zone() -> Zone:
    """The row of six sorted cards, left to right (R-136)."""
    return Zone(ORDER, "Sorted cards", USED, f"{USED} cards, first on the left")


def shout_ready(order: Sequence[str]) -> bool:
    """A team may shout with exactly six cards in its row (the seventh is turned
    face-down with the shout, R-136)."""
    return len(order) == USED and len(set(order)) == USED


# ------------------------------------------------------------------ the race's key


def second_label(key: str) -> str:
    """What the second answer of a card is in a race sorted by ``key`` (R-137)."""
    if key in ("name", "capital"):
        return "Capital"
    return {"statehood": "Statehood rank", "size": "Size rank", "population": "Population rank"}[
        key
    ]


_RULES = {
    "name": "sort by state name, A to Z",
    "capital": "sort by capital city, A to Z",
    "statehood": "sort by statehood rank: the first state to join (1) on the left",
    "size": "sort by size rank: the largest state (1) on the left",
    "population": "sort by population rank: the most people (1) on the left",
}


def key_rule(race: int, key: str, power: Mapping[str, Any] | None = None) -> str:
    """The sentence that says how race ``race`` sorts (and what the cards' names are)."""
    turned = ""
    if power is not None:
        turned = f"The turned Power card says {str(power['category']).upper()}: "
    return (
        f"Race {race}: {turned}{_RULES[key]}. Then name each card: state and "
        f"{second_label(key).lower()}."
    )


# ------------------------------------------------------------------ answers


@dataclass(frozen=True, slots=True)
class AnswerForm:
    """One answer form: who fills it in and which of the six positions (0..5) they name.
    ``players`` are the engine's player numbers (0 left, 1 middle, 2 right) it sends."""

    title: str
    players: tuple[int, ...]

    @property
    def positions(self) -> tuple[int, ...]:
        return tuple(2 * p + j for p in self.players for j in (0, 1))


def answer_forms(mode: str, next_player: int) -> AnswerForm:
    """The form shown now: against the computer the one person names all six cards on one
    form; on one device each of the three players in turn names their two (R-137)."""
    if mode == "bot":
        players = tuple(range(next_player, PLAYERS))
        return AnswerForm("Name your six cards", players)
    return AnswerForm(
        f"{PLAYER_NAMES[next_player]}: name your 2 cards (cards {2 * next_player + 1} and "
        f"{2 * next_player + 2})",
        (next_player,),
    )


def waits_to_answer(
    local: bool, shouted: Sequence[int], answered: Sequence[int], team: int
) -> bool:
    """Both teams shouted at once on one shared screen: the second to shout waits until
    the first has answered, so neither sees the other's typing (R-35, R-137)."""
    return local and len(shouted) == 2 and team == shouted[1] and answered[0] < PLAYERS


def answer_data(player: int, texts: Sequence[tuple[str, str]]) -> list[Any]:
    """The engine's answer data for ``player`` from the two (state, second) texts typed."""
    if len(texts) != 2:
        raise ValueError("a player names 2 cards")
    return [player, [[str(a).strip(), str(b).strip()] for a, b in texts]]


def answer_html(form: AnswerForm, second: str, prefix: str) -> str:
    """The answer form: six face-down backs (the asked ones marked) and, per asked card,
    a box for the state and one for ``second`` (capital or rank), with no suggestions
    (R-137). Box ids are ``{prefix}-a{n}s`` and ``{prefix}-a{n}c`` for card ``n``."""
    backs = []
    for pos in range(USED):
        mine = " is-asked" if pos in form.positions else ""
        backs.append(
            f'<li class="ds-back{mine}"><span class="ds-back-n">{pos + 1}</span>'
            f'<span class="ds-back-who">{PLAYER_NAMES[pos // 2].split()[0]}</span></li>'
        )
    quiet = 'type="text" autocomplete="off" autocapitalize="off" spellcheck="false"'
    numeric = "" if second == "Capital" else ' inputmode="numeric"'
    fields = []
    for pos in form.positions:
        n = pos + 1
        fid = f"{prefix}-a{n}"
        fields.append(
            f'<fieldset class="ds-field"><legend>Card {n} '
            f"<span>({PLAYER_NAMES[pos // 2].lower()})</span></legend>"
            f'<label for="{fid}s">State</label><input id="{fid}s" name="s{n}" {quiet}>'
            f'<label for="{fid}c">{second}</label>'
            f'<input id="{fid}c" name="c{n}" {quiet}{numeric}></fieldset>'
        )
    return (
        f'<h3 class="ds-answer-h" id="{prefix}-answer-h">{escape(form.title)}</h3>'
        f'<p class="ds-answer-why">From memory: your cards are face down, in the order you '
        f"shouted. For each, type the state and its {second.lower()}.</p>"
        f'<ol class="ds-backs" aria-label="Your six cards, face down">{"".join(backs)}</ol>'
        f'<form class="ds-form" id="{prefix}-form" aria-labelledby="{prefix}-answer-h" '
        f'data-players="{",".join(map(str, form.players))}">{"".join(fields)}'
        '<button type="submit" class="bu-btn bu-primary ds-send">Send answers</button></form>'
    )


# ------------------------------------------------------------------ a judged race


def _name(code: str) -> str:
    return atlas.by_code()[code].name


def race_lines(record: Mapping[str, Any], team: int) -> dict[str, Any]:
    """The words of one team in a judged race (from the view's ``races`` entry): its
    shout, each card with its state, what was said and whether it was right."""
    entry = record["teams"][team]
    sh = entry["shout"]
    if sh is None:
        return {"shouted": False, "cards": [_name(c) for _, c in entry["cards"]]}
    rows = []
    by_card = {a["card"]: a for a in sh["answers"]}
    for pos, (card, code) in enumerate(zip(sh["order"], sh["codes"], strict=True)):
        a = by_card.get(card)
        rows.append(
            {
                "position": pos + 1,
                "player": PLAYER_NAMES[pos // 2],
                "card": card,
                "state": _name(code),
                "truth": list(a["truth"]) if a else [_name(code), ""],
                "said": list(a["answer"]) if a else ["", ""],
                "ok": list(a["ok"]) if a else [False, False],
            }
        )
    unused = [decks.map_card(m).state for m in sh["unused"]]
    return {
        "shouted": True,
        "order_ok": sh["order_ok"],
        "right_order": [_name(c) for c in sh["right_order"]],
        "rows": rows,
        "unused": [_name(c) for c in unused],
        "success": sh["success"],
    }


def learn_facts(record: Mapping[str, Any], teams: Sequence[int]) -> list[tuple[str, bool]]:
    """What a judged race teaches Learn's statistics (issue: games feed the drills): for
    each card a person's team named, whether the state was right (``map-cards:XX``) and, in
    a capitals race, whether its capital was (``capitals:XX``). Teams that did not shout
    named nothing."""
    out: list[tuple[str, bool]] = []
    for team in teams:
        sh = record["teams"][team]["shout"]
        if sh is None:
            continue
        by_card = {a["card"]: a for a in sh["answers"]}
        for card, code in zip(sh["order"], sh["codes"], strict=True):
            a = by_card.get(card)
            ok = list(a["ok"]) if a else [False, False]
            out.append((f"map-cards:{code}", bool(ok[0])))
            if record["key"] == "capital":
                out.append((f"capitals:{code}", bool(ok[1])))
    return out


def race_verdict(record: Mapping[str, Any], teams: Sequence[str]) -> str:
    """ "Race 1 (state names, A to Z): You win it." and why a race was tied."""
    head = f"Race {record['race']} ({record['label']})"
    w = record["winner"]
    if w is not None:
        verb = "win" if teams[w] == "You" else "wins"
        shouted = [t for t in (0, 1) if record["teams"][t]["shout"] is not None]
        if shouted == [1 - w]:
            whose = "your" if teams[1 - w] == "You" else f"{teams[1 - w]}'s"
            return f"{head}: {teams[w]} {verb} it, as {whose} shout was not all right."
        return f"{head}: {teams[w]} {verb} it."
    why = {"pass": "both teams gave it up", "time": "nobody shouted in time"}.get(
        record["ending"], "a tie"
    )
    if record["ending"] == "simultaneous":
        right = [bool((tm["shout"] or {}).get("success")) for tm in record["teams"]]
        both = "both were all right" if all(right) else "neither was all right"
        why = f"both teams shouted at once and {both}"
    return f"{head} is tied: {why}."


def gave_up_line(teams: Sequence[str], seat: int) -> str:
    """The panel of a team that gave up the race, in the table's team names: "You" against
    the computer, the team's own name when two teams share the device (a play-test)."""
    who, other = teams[seat], teams[1 - seat]
    if who == "You":
        return f"You gave up this race. Waiting for {other[:1].lower() + other[1:]}…"
    return f"{who} gave up this race. Waiting for {other}…"


def bar_status(ref: Mapping[str, Any], *, bot: bool, between: bool, deciding: bool = False) -> str:
    """The table bar's status line for the referee's view ``ref``: always what is true
    now, in every phase and mode (play-test: on one device "Race 2 is over." stayed up
    through race 3). ``between``: a race's result is on the screen; ``deciding``: the
    computer has not yet said whether it is GeoPlunging."""
    phase = ref["phase"]
    if between:
        return f"Race {len(ref['races'])} is over."
    if phase == "plunge":
        if bot:
            return "The computer is deciding…" if deciding else "The computer has decided."
        return "Are you GeoPlunging? Both teams decide."
    if phase not in ("race", "answer"):
        return ""
    if bot:
        if phase == "answer":
            if 1 in ref["shouted"]:
                return "The computer shouted! It is naming its cards…"
            return "The computer is waiting for your answers."
        if ref["passed"][1]:
            return "The computer gave up this race."
        return "The computer is sorting its cards…"
    if phase == "answer":
        return f"Race {ref['race']}: the cards are being named."
    return f"Race {ref['race']}: sort your cards, then shout."


def _said_cell(said: str, ok: bool, truth: str, label: str) -> str:
    mark = "✓" if ok else "✗"
    shown = escape(said) or "<em>blank</em>"
    right = "" if ok else f'<span class="ds-truth">({escape(truth)})</span>'
    spoken = "right" if ok else f", wrong: {escape(truth)}"
    if ok and names.misspelled(said, truth):  # forgiven slip: show the spelling
        right = f'<span class="ds-truth ds-spelled">(spelled {escape(truth)})</span>'
        spoken = f"right, spelled {escape(truth)}"
    return (
        f'<td role="cell" class="ds-said ds-{"ok" if ok else "bad"}" data-ok="{str(ok).lower()}" '
        f'data-label="{escape(label)}">'
        f'<span aria-hidden="true">{mark}</span> {shown}{right}'
        f'<span class="visually-hidden">{" " if ok else ""}{spoken}</span></td>'
    )


def race_html(
    record: Mapping[str, Any], teams: Sequence[str], face: Callable[[str], str], h: str = "h4"
) -> str:
    """A judged race for the page: per team, its shout (each card's face from ``face``,
    its state, what was said, right or wrong and the right answer), the card turned
    face-down and the right order when the shout was out of order; a team that did not
    shout, its cards (R-138). ``h`` is the teams' heading level."""
    blocks = []
    second = escape(second_label(record["key"]).lower())
    for t in (0, 1):
        r = race_lines(record, t)
        who = escape(teams[t])
        if not r["shouted"]:
            cards = escape(", ".join(r["cards"]))
            blocks.append(
                f'<div class="ds-race-team" data-team="{t}"><{h}>{who}</{h}>'
                f"<p>Did not shout. The cards: {cards}.</p></div>"
            )
            continue
        labels = ("Said: state", f"Said: {second}")
        rows = [
            f'<tr role="row"><th role="rowheader" scope="row">{row["position"]}</th>'
            f'<td role="cell" class="ds-mini">{face(row["card"])}</td>'
            f'<td role="cell" class="ds-state">{escape(row["state"])}</td>'
            + "".join(
                _said_cell(said, ok, truth, label)
                for said, ok, truth, label in zip(
                    row["said"], row["ok"], row["truth"], labels, strict=True
                )
            )
            + "</tr>"
            for row in r["rows"]
        ]
        order = "in the right order" if r["order_ok"] else "out of order"
        verdict = "all right" if r["success"] else "not all right"
        unused = escape(", ".join(r["unused"]) or "none")
        fix = "" if r["order_ok"] else f" The right order: {escape(', '.join(r['right_order']))}."
        blocks.append(
            f'<div class="ds-race-team" data-team="{t}" data-success="'
            f'{str(r["success"]).lower()}"><{h}>{who}: shouted, {order}, {verdict}</{h}>'
            # roles written out: on a phone the rows are laid out as grids (CSS), which
            # would otherwise take the table's meaning away from screen readers
            '<table role="table" class="ds-race-table"><thead role="rowgroup"><tr role="row">'
            '<th role="columnheader" scope="col">#</th>'
            '<th role="columnheader" scope="col">Card</th>'
            '<th role="columnheader" scope="col">State</th>'
            '<th role="columnheader" scope="col">Said: state</th>'
            f'<th role="columnheader" scope="col">Said: {second}</th></tr></thead>'
            f'<tbody role="rowgroup">{"".join(rows)}</tbody></table>'
            f'<p class="ds-unused">Turned face-down: {unused}.{fix}</p></div>'
        )
    return f'<div class="ds-race" data-race="{record["race"]}">{"".join(blocks)}</div>'


# ------------------------------------------------------------------ the log


def describe_move(move: Mapping[str, Any], teams: Sequence[str], phase: str) -> str | None:
    """A line of the game log (never a card's state while the race is on)."""
    seat, kind, data = move["seat"], move["kind"], move.get("data")
    if seat < 0:
        return {
            "count": "Cards dealt.",
            "close": "The shout window closed.",
            "time": "Time is up: the race is tied.",
        }.get(kind)
    who = teams[seat]
    if kind == "plunge":
        return f"{who} decided." if phase == "plunge" else None
    if kind == "pass":
        return f"{who} gave up the race."
    if kind == "shout":
        return f"{who} shouted!"
    if kind == "answer":
        return f"{who}: the {PLAYER_NAMES[int(data[0])].lower()} named 2 cards."
    return None


# ------------------------------------------------------------------ the engine


def computer(difficulty: str, seed: int) -> Bot:
    """The engine's Dashing States bot of ``difficulty`` for deal ``seed``."""
    return DashingBot(difficulty, seed)


def team_one_bot(setup: Setup) -> tuple[Bot, int]:
    """The computer on Team 1's seat, seat 0 (a match's watch mode: both teams are the
    computer), and the seed it draws from: the game screen's own computer."""
    seed = int(setup.seed or 0) + 1
    return computer(setup.difficulty, seed), seed


def hosting() -> Hosting:
    """The computer is asked once per phase, race and answering player, when it is to
    move, with the same :class:`~cardroom.core.BotContext` the simulator hands it; its
    timed move is its delay by difficulty (R-139, R-241)."""
    return Hosting(
        key=lambda v, moves: (v["phase"], v["race"], v["next_player"], tuple(v["to_move"])),
        rng=lambda seed, seat, key: f"{seed}:{key[0]}:{key[1]}:{key[2]}",
        acts=to_move,
    )


def engine(setup: Setup) -> LocalEngine:
    """The engine client of one Dashing States game (the computer is seat 1 against a
    person, seeing the game only through its own :class:`~cardroom.core.BotContext`)."""
    assert setup.seed is not None
    bots = {BOT_SEAT: computer(setup.difficulty, setup.seed)} if setup.mode == "bot" else {}
    return LocalEngine(GAME, setup.seed, {"level": setup.level}, bots, hosting())

"""An independent score oracle for Chummy Challenge (written from the rule books and
rulings R-60..R-69, not from the engine).

It deals the two decks from the seed itself, replays the playout's moves on its own clock
(the GeoPlunging count, one word every ``word_ms``, the simultaneity window, the 15 s
after the full question, the answer time), judges answers with its own strict reading
(an answer names exactly the needed number of different items, each spelled as the card
accepts it, or a postal code for a state), applies the best-of-three and tie rules and
scores with the rule books' table. Shared with the engine: the deck's content, the
Power cards, ``Rng`` (the deal) and the name normaliser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from cardroom import atlas, names
from cardroom.core import REFEREE, Rng
from cardroom.geoplunge import challenge
from cardroom.geoplunge.decks import power_card, power_deck

DEFAULTS = {"word_ms": 400, "window_ms": 300, "wait_ms": 15_000, "answer_ms": 30_000,
            "count_ms": 5_000}  # fmt: skip


def _points(winner: int | None, bonus: bool, plunged: list[bool]) -> tuple[int, int]:
    if winner is None:
        return (5, 5)
    pts = 10 + (10 if bonus else 0) + {0: 0, 1: 10, 2: 20}[sum(plunged)]
    return (pts, 0) if winner == 0 else (0, pts)


def _parts(text: Any) -> list[str]:
    if isinstance(text, str):
        raw = re.split(r"[,;\n/&]|\band\b", text, flags=re.IGNORECASE)
    else:
        raw = list(text)
    return [p.strip() for p in raw if p.strip()]


def _is(part: str, spelling: str, qtype: str) -> bool:
    if names.normalise(part) == names.normalise(spelling) and part.strip():
        return True
    if qtype == "number":
        a = part.strip().replace(",", "")
        b = spelling.replace(",", "")
        a = re.sub(r"(st|nd|rd|th)$", "", a)
        b = re.sub(r"(st|nd|rd|th)$", "", b)
        return a.isdigit() and b.isdigit() and int(a) == int(b)
    if qtype == "state":
        code = {s.name: s.code for s in atlas.states()}.get(spelling)
        return code is not None and part.strip().upper() == code
    return False


def right(q: challenge.Question, text: Any) -> bool:
    """Strict judging: the tolerance for slips is the engine's business; random and
    deliberate answers in the playouts are spelled exactly or clearly wrong."""
    whole = isinstance(text, str) and q.need == 1
    if whole and any(_is(text.strip(), s, q.type) for item in q.answers for s in item):
        return True
    parts = _parts(text)
    if len(parts) != q.need:
        return False
    used: set[int] = set()
    for p in parts:
        hit = next(
            (
                i
                for i, item in enumerate(q.answers)
                if i not in used and any(_is(p, s, q.type) for s in item)
            ),
            None,
        )
        if hit is None:
            return False
        used.add(hit)
    return True


@dataclass
class Challenge:
    card: int
    power: str
    players: list[int | None] = field(default_factory=lambda: [None, None])
    question: challenge.Question | None = None
    start: int = 0
    first: tuple[int, int] | None = None  # (team, at)
    both: bool = False
    answer_from: int = 0
    answers: dict[int, Any] = field(default_factory=dict)
    winner: int | None = None
    how: str = ""


@dataclass
class Verdict:
    points: tuple[int, int]
    winner: int | None
    bonus: bool
    plunged: list[bool]
    hows: list[str]
    colours: list[str]


def check_playout(game: Any, playout: Any) -> Verdict:
    opts = dict(playout.options)
    level = opts.get("level", 4)
    t = {k: opts.get(k, v) for k, v in DEFAULTS.items()}
    rng = Rng.from_seed(playout.seed)
    cards, rng = rng.shuffle([c.id for c in challenge.deck()])
    powers, rng = rng.shuffle([p.id for p in power_deck()])
    plunge: list[bool | None] = [None, None]
    done: list[Challenge] = []
    cur: Challenge | None = None
    phase = "plunge"

    def begin() -> None:
        nonlocal cur, phase
        i = len(done)
        cur = Challenge(cards[i], powers[i])
        phase = "seat"

    def series() -> tuple[int | None, bool] | None:
        w = [c.winner for c in done]
        if len(w) == 2 and w[0] is not None and w[0] == w[1]:
            return w[0], True
        if len(w) == 2 and w[0] is None and w[1] is None:
            return None, False
        if len(w) == 3:
            for team in (0, 1):
                if w.count(team) >= 2:
                    return team, False
            return None, False
        return None

    def finish(winner: int | None, how: str) -> None:
        nonlocal cur, phase
        assert cur is not None
        cur.winner, cur.how = winner, how
        done.append(cur)
        cur = None
        if series() is not None:
            phase = "over"
        else:
            begin()

    def judge() -> None:
        assert cur is not None and cur.question is not None and cur.first is not None
        ok = {team: right(cur.question, a) for team, a in cur.answers.items()}
        if cur.both:
            good = [team for team in (0, 1) if ok.get(team)]
            finish(good[0] if len(good) == 1 else None, "both")
        else:
            team = cur.first[0]
            if team not in cur.answers:
                finish(1 - team, "unanswered")
            else:
                finish(team if ok[team] else 1 - team, "right" if ok[team] else "wrong")

    def deadlines(at: int) -> None:
        """The clock's own acts due by ``at``, in order."""
        nonlocal phase
        while True:
            if phase == "plunge" and at >= t["count_ms"]:
                begin()
                continue
            if phase == "read":
                assert cur is not None and cur.question is not None
                n = len(cur.question.text.split())
                if at >= cur.start + n * t["word_ms"] + t["wait_ms"]:
                    finish(None, "silence")
                    continue
            if phase == "window":
                assert cur is not None and cur.first is not None
                close = cur.first[1] + t["window_ms"]
                if at >= close:
                    cur.answer_from = close
                    phase = "answer"
                    continue
            if phase == "answer":
                assert cur is not None
                if at >= cur.answer_from + t["answer_ms"]:
                    judge()
                    continue
            return

    for m in playout.moves:
        at = m.at
        assert at is not None, "every move is timed"
        if m.seat == REFEREE and m.kind == "ask":
            assert phase == "ask" and cur is not None
            card = power_card(cur.power)
            colour = card.square if level == 3 else card.circles[min(m.data, len(card.circles) - 1)]
            cur.question = challenge.question(cur.card, colour)
            cur.start = at
            phase = "read"
            continue
        before = phase
        deadlines(at)
        if m.seat == REFEREE:
            continue  # the clock's other moves are its deadlines
        team = m.seat
        if phase != before:
            continue  # late: the deadline came first
        if m.kind == "plunge":
            assert phase == "plunge" and plunge[team] is None
            plunge[team] = m.data
            if plunge[0] is not None and plunge[1] is not None:
                begin()
        elif m.kind == "geoplunger":
            assert phase == "seat" and cur is not None and cur.players[team] is None
            assert all(c.players[team] != m.data for c in done), "a GeoPlunger twice"
            cur.players[team] = m.data
            if None not in cur.players:
                phase = "ask"
        elif m.kind == "buzz":
            assert cur is not None
            if phase == "read":
                cur.first = (team, at)
                phase = "window"
            else:
                assert phase == "window" and cur.first is not None and cur.first[0] != team
                cur.both = True
                cur.answer_from = at
                phase = "answer"
        elif m.kind == "answer":
            assert phase == "answer" and cur is not None and team not in cur.answers
            assert cur.both or (cur.first is not None and cur.first[0] == team)
            cur.answers[team] = m.data
            if not cur.both or len(cur.answers) == 2:
                judge()
        else:
            raise AssertionError(f"unknown move {m.kind}")
    assert phase == "over", f"the playout ends in phase {phase}"
    res = series()
    assert res is not None
    winner, bonus = res
    plunged = [bool(p) for p in plunge]
    return Verdict(
        _points(winner, bonus, plunged),
        winner,
        bonus,
        plunged,
        [c.how for c in done],
        [c.question.colour if c.question else "" for c in done],
    )

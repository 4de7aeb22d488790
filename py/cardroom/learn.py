"""Learn mode: quizzes from the atlas, per-state statistics, and drills on the weakest facts.

Every question is generated from :mod:`cardroom.atlas`, so every answer is checked against
the same data the cards print; typed answers go through :mod:`cardroom.names`, the one
tolerant matcher, so a slip is forgiven but another state (or capital) never is.

A *fact* is one thing to know about one state: ``("capital", "MT")``. Every answer is
recorded per fact (right or wrong, and time) in a :class:`Progress`; each fact sits in a
Leitner box (1-5): a right answer moves it up a box, a wrong one back to box 1, and a box
is due again after 0, 1, 2, 4 or 8 days (``docs/learn.md``). A **drill** asks the facts
that are due, lowest box first, then the most often wrong, then the least recently seen. Progress is plain JSON:
it survives reloads, exports to a file and imports on another device; ``from_json``
validates everything and raises :class:`~cardroom.core.CorruptState`.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from . import atlas, names
from .core import CorruptState, Fields, check_int

__all__ = [
    "KINDS",
    "REGIONS",
    "Attempt",
    "Progress",
    "Question",
    "Quiz",
    "Verdict",
    "check",
    "class_summary",
    "drill",
    "make_quiz",
    "mastery",
    "record",
    "weakest",
]

#: Census regions, for quizzes over part of the map (``/?learn=find&set=northeast``).
REGIONS: dict[str, frozenset[str]] = {
    "northeast": frozenset(["CT", "ME", "MA", "NH", "RI", "VT", "NJ", "NY", "PA"]),
    "midwest": frozenset(["IL", "IN", "MI", "OH", "WI", "IA", "KS", "MN", "MO", "NE", "ND", "SD"]),
    "south": frozenset(
        [
            "DE",
            "FL",
            "GA",
            "MD",
            "NC",
            "SC",
            "VA",
            "WV",
            "AL",
            "KY",
            "MS",
            "TN",
            "AR",
            "LA",
            "OK",
            "TX",
        ]
    ),
    "west": frozenset(
        ["AZ", "CO", "ID", "MT", "NV", "NM", "UT", "WY", "AK", "CA", "HI", "OR", "WA"]
    ),
}

#: Quiz kinds: what is asked, and how it may be answered.
KINDS: dict[str, dict[str, Any]] = {
    "find": {"title": "Find the state", "modes": ("map",)},
    "name": {"title": "Name the state", "modes": ("typed", "choice")},
    "capitals": {"title": "Capital of the state", "modes": ("typed", "choice")},
    "capital-states": {"title": "State of the capital", "modes": ("typed", "choice")},
    "flags": {"title": "Whose flag is this?", "modes": ("typed", "choice")},
    "borders": {"title": "Name every neighbour", "modes": ("set",)},
    "area": {"title": "Which is larger?", "modes": ("choice",)},
    "population": {"title": "Which has more people?", "modes": ("choice",)},
    "statehood": {"title": "Which became a state first?", "modes": ("choice",)},
    "time-zones": {"title": "Which time zone?", "modes": ("choice",)},
    "nicknames": {"title": "Whose nickname?", "modes": ("typed", "choice")},
    "birds": {"title": "State bird", "modes": ("choice",)},
    "flowers": {"title": "State flower", "modes": ("choice",)},
    "cities": {"title": "Which state is this city in?", "modes": ("typed", "choice")},
    "map-cards": {"title": "Map cards", "modes": ("typed", "choice")},
}

LENGTHS = (10, 25, 50)
#: After this many wrong clicks a Find-the-state question shows the answer, unscored.
FIND_TRIES = 3
#: Days until a fact in Leitner box 1..5 is due again.
BOX_DAYS = (0, 1, 2, 4, 8)


def _states() -> dict[str, atlas.StateFacts]:
    return atlas.by_code()


def state_set(spec: str | Iterable[str] | None) -> tuple[str, ...]:
    """The states of a quiz: all 50 (None or "all"), a region, or postal codes
    ("CO,UT,WY"). Unknown names raise ValueError with the reason."""
    every = _states()
    if spec is None or spec == "all":
        return tuple(sorted(every))
    if isinstance(spec, str):
        key = spec.strip().casefold()
        if key in REGIONS:
            return tuple(sorted(REGIONS[key]))
        spec = [p for p in spec.replace(" ", ",").split(",") if p]
    codes = []
    for p in spec:
        c = p.strip().upper()
        if c not in every:
            raise ValueError(f"{p!r} is not a state's postal code or a region")
        codes.append(c)
    if not codes:
        raise ValueError("a quiz needs at least one state")
    return tuple(sorted(set(codes)))


# ------------------------------------------------------------------ questions


@dataclass(frozen=True, slots=True)
class Question:
    kind: str
    fact: str  # the fact asked: ("capital", "MT") is "capitals:MT"
    state: str  # the state the fact belongs to (what a right answer means)
    prompt: str
    mode: str  # "map" | "typed" | "choice" | "set"
    choices: tuple[str, ...] = ()  # for "choice": the options shown
    show: str | None = None  # a state (postal code) the screen shows: shape, flag, map card
    answer: str | tuple[str, ...] = ""  # the right answer, as shown after the question
    others: tuple[str, ...] = ()  # states also involved (the other state of an A-or-B)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "fact": self.fact,
            "state": self.state,
            "prompt": self.prompt,
            "mode": self.mode,
            "choices": list(self.choices),
            "show": self.show,
            "answer": list(self.answer) if isinstance(self.answer, tuple) else self.answer,
            "others": list(self.others),
        }


@dataclass(frozen=True, slots=True)
class Quiz:
    kind: str
    mode: str
    states: tuple[str, ...]
    seed: int
    questions: tuple[Question, ...]
    timed: bool = False


def _choices(rng: random.Random, right: str, pool: Sequence[str], n: int = 4) -> tuple[str, ...]:
    wrong = sorted({p for p in pool if p != right})
    picked = rng.sample(wrong, min(n - 1, len(wrong)))
    out = [right, *picked]
    rng.shuffle(out)
    return tuple(out)


def _near(code: str, pool: Sequence[str], rng: random.Random) -> list[str]:
    """Plausible wrong answers first: neighbours, then states of the same region."""
    s = _states()[code]
    region = next((r for r in REGIONS.values() if code in r), frozenset())
    near = [c for c in s.borders if c in pool]
    same = [c for c in sorted(region) if c != code and c not in near]
    rest = [c for c in pool if c != code and c not in near and c not in same]
    rng.shuffle(near)
    rng.shuffle(same)
    rng.shuffle(rest)
    return (near + same + rest)[:6]


@functools.cache
def _unique_cities() -> dict[str, tuple[str, str]]:
    """Top-five city -> (state, city) for names that are in only one state's top five."""
    seen: dict[str, list[tuple[str, str]]] = {}
    for s in _states().values():
        for c in s.top_cities:
            seen.setdefault(names.normalise(c.name), []).append((s.code, c.name))
    return {k: v[0] for k, v in seen.items() if len(v) == 1}


def _question(
    kind: str, code: str, mode: str, rng: random.Random, pool: Sequence[str]
) -> Question | None:
    every = _states()
    s = every[code]
    if kind == "find":
        return Question(kind, f"find:{code}", code, f"Find {s.name}", "map", answer=code)
    if kind in ("name", "map-cards", "flags"):
        prompt = {
            "name": "Which state is highlighted?",
            "map-cards": "Which state is red on this Map card?",
            "flags": "Which state's flag is this?",
        }[kind]
        ch = (
            _choices(rng, s.name, [every[c].name for c in _near(code, pool, rng)])
            if mode == "choice"
            else ()
        )
        return Question(kind, f"{kind}:{code}", code, prompt, mode, ch, show=code, answer=s.name)
    if kind == "capitals":
        ch = (
            _choices(rng, s.capital, [every[c].capital for c in _near(code, pool, rng)])
            if mode == "choice"
            else ()
        )
        return Question(
            kind,
            f"capitals:{code}",
            code,
            f"What is the capital of {s.name}?",
            mode,
            ch,
            answer=s.capital,
        )
    if kind == "capital-states":
        ch = (
            _choices(rng, s.name, [every[c].name for c in _near(code, pool, rng)])
            if mode == "choice"
            else ()
        )
        return Question(
            kind,
            f"capital-states:{code}",
            code,
            f"{s.capital} is the capital of which state?",
            mode,
            ch,
            answer=s.name,
        )
    if kind == "borders":
        if not s.borders:
            return None  # Alaska and Hawaii border no state
        return Question(
            kind,
            f"borders:{code}",
            code,
            f"Name every state that borders {s.name} ({len(s.borders)})",
            "set",
            show=code,
            answer=tuple(every[c].name for c in s.borders),
        )
    if kind in ("area", "population", "statehood"):
        # Two states admitted the same day (the Dakotas) make no question of "first".
        same_day = {c for c in every if every[c].statehood_date == s.statehood_date}
        others = [c for c in pool if c != code and (kind != "statehood" or c not in same_day)]
        other = rng.choice(others or [c for c in every if c not in same_day])
        o = every[other]
        rank = {
            "area": "area_rank",
            "population": "population_rank",
            "statehood": "statehood_rank",
        }[kind]
        better = s if getattr(s, rank) < getattr(o, rank) else o
        prompt = {
            "area": f"Which is larger: {s.name} or {o.name}?",
            "population": f"Which has more people (2020 Census): {s.name} or {o.name}?",
            "statehood": f"Which became a state first: {s.name} or {o.name}?",
        }[kind]
        return Question(
            kind,
            f"{kind}:{code}",
            code,
            prompt,
            "choice",
            (s.name, o.name),
            answer=better.name,
            others=(other,),
        )
    if kind == "time-zones":
        zones = ("Eastern", "Central", "Mountain", "Pacific", "Alaska", "Hawaii")
        return Question(
            kind,
            f"time-zones:{code}",
            code,
            f"Which time zone covers most of {s.name}?",
            "choice",
            zones,
            answer=s.time_zones[0],
        )
    if kind == "nicknames":
        if code in _shared_nicknames():
            return None
        ch = (
            _choices(rng, s.name, [every[c].name for c in _near(code, pool, rng)])
            if mode == "choice"
            else ()
        )
        return Question(
            kind,
            f"nicknames:{code}",
            code,
            f"Which state is {s.nickname}?",
            mode,
            ch,
            answer=s.name,
        )
    if kind in ("birds", "flowers"):
        attr = "bird" if kind == "birds" else "flower"
        right = getattr(s, attr)
        pool_values = sorted({getattr(x, attr) for x in every.values()} - {right})
        ch = _choices(rng, right, pool_values)
        return Question(
            kind,
            f"{kind}:{code}",
            code,
            f"What is the state {attr} of {s.name}?",
            "choice",
            ch,
            answer=right,
        )
    if kind == "cities":
        unique = _unique_cities()
        options = [
            name for key, (st, name) in unique.items() if st == code and not _is_capital(code, name)
        ]
        if not options:
            return None
        city = rng.choice(sorted(options))
        ch = (
            _choices(rng, s.name, [every[c].name for c in _near(code, pool, rng)])
            if mode == "choice"
            else ()
        )
        return Question(
            kind, f"cities:{code}", code, f"Which state is {city} in?", mode, ch, answer=s.name
        )
    raise ValueError(f"unknown quiz kind {kind!r}")


@functools.cache
def _shared_nicknames() -> frozenset[str]:
    """States whose nickname another state shares (never asked: two right answers)."""
    seen: dict[str, list[str]] = {}
    for x in _states().values():
        seen.setdefault(names.normalise(x.nickname), []).append(x.code)
    return frozenset(c for codes in seen.values() if len(codes) > 1 for c in codes)


def _is_capital(code: str, city: str) -> bool:
    return names.normalise(_states()[code].capital) == names.normalise(city)


def make_quiz(
    kind: str,
    states: str | Iterable[str] | None = None,
    *,
    length: int = 10,
    mode: str | None = None,
    seed: int = 0,
    timed: bool = False,
    order: Sequence[str] | None = None,
) -> Quiz:
    """A quiz of ``length`` questions (fewer if the set has fewer states), one per state,
    no state twice. ``order`` (from :func:`drill`) asks those states first."""
    if kind not in KINDS:
        raise ValueError(f"no quiz called {kind!r} (one of {', '.join(KINDS)})")
    modes = KINDS[kind]["modes"]
    mode = mode or modes[0]
    if mode not in modes:
        raise ValueError(
            f"{KINDS[kind]['title']} is answered by {' or '.join(modes)}, not {mode!r}"
        )
    if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= 50:
        raise ValueError("a quiz has 1 to 50 questions")
    pool = state_set(states)
    rng = random.Random(f"{kind}|{mode}|{seed}|{','.join(pool)}")
    codes = list(pool)
    rng.shuffle(codes)
    if order:
        first = [c for c in order if c in pool]
        codes = first + [c for c in codes if c not in first]
    out: list[Question] = []
    for code in codes:
        q = _question(kind, code, mode, rng, pool)
        if q is not None:
            out.append(q)
        if len(out) == length:
            break
    if not out:
        raise ValueError(f"no {KINDS[kind]['title']} question fits these states")
    return Quiz(kind, mode, pool, seed, tuple(out), timed)


# ------------------------------------------------------------------ answers


@dataclass(frozen=True, slots=True)
class Verdict:
    correct: bool
    expected: str | tuple[str, ...]
    message: str
    missing: tuple[str, ...] = ()  # for set answers: what was not named
    wrong: tuple[str, ...] = ()  # for set answers: named but not right


def _loose(text: str, right: str, options: Iterable[str]) -> bool:
    """A free-text answer (a bird, a zone) matches ``right`` exactly or by a slip that is
    strictly nearer to it than to every other option."""
    key = names.normalise(text)
    target = names.normalise(right)
    if not key:
        return False
    if key == target:
        return True
    d = names.distance(key, target, names.tolerance(target))
    if d > names.tolerance(target):
        return False
    return all(
        names.distance(key, names.normalise(o), d) > d
        for o in options
        if names.normalise(o) != target
    )


def check(q: Question, answer: Any) -> Verdict:
    """Judge an answer: a postal code for "map", text for "typed" and "choice", a list of
    texts for "set"."""
    every = _states()
    exp = q.answer
    if q.mode == "map":
        ok = isinstance(answer, str) and answer.strip().upper() == q.state
        name = every[q.state].name
        return Verdict(ok, exp, "Right!" if ok else f"That is not {name}.")
    if q.mode == "set":
        if isinstance(answer, str):
            answer = [a for a in answer.replace(";", ",").split(",") if a.strip()]
        if not isinstance(answer, (list, tuple)):
            return Verdict(False, exp, "Name the states, separated by commas.")
        want = set(every[q.state].borders)
        got: list[str] = []
        wrong: list[str] = []
        for a in answer:
            m = names.resolve_state(str(a), codes=True)
            if m.code is None or m.code not in want:
                wrong.append(str(a).strip())
            elif m.code not in got:
                got.append(m.code)
        missing = tuple(every[c].name for c in sorted(want - set(got)))
        ok = not missing and not wrong
        slips = []
        for a in answer:
            m = names.resolve_state(str(a), codes=True)
            if m.code in want and names.misspelled(str(a), every[m.code].name):
                slips.append(every[m.code].name)
        msg = (
            "Right, every neighbour!"
            if ok
            else (f"Missing: {', '.join(missing)}." if missing else "")
            + (f" Not a neighbour: {', '.join(wrong)}." if wrong else "")
        ) + (f" Spelled: {', '.join(dict.fromkeys(slips))}." if slips else "")
        return Verdict(ok, exp, msg.strip(), missing, tuple(wrong))
    if not isinstance(answer, str):
        return Verdict(False, exp, "Type or pick an answer.")
    right = str(exp)
    if q.kind == "capitals":
        ok = names.is_capital_of(answer, q.state)
        right = every[q.state].capital
    elif q.kind in ("birds", "flowers", "time-zones"):
        ok = _loose(answer, str(exp), q.choices)
    elif q.kind in ("area", "population", "statehood"):
        ok = names.normalise(answer) == names.normalise(str(exp))
    else:  # the answer is a state's name
        ok = names.is_state(answer, q.state)
        right = every[q.state].name
    if not ok:
        return Verdict(False, exp, f"The answer is {exp}.")
    # accepted despite a slip: show how it is spelled (play-test item 5)
    spelled = f" It is spelled {right}." if names.misspelled(answer, right) else ""
    return Verdict(True, exp, f"Right!{spelled}")


# ------------------------------------------------------------------ statistics


@dataclass(frozen=True, slots=True)
class Attempt:
    day: int  # days since 1970-01-01 on the device
    ok: bool
    ms: int  # time to answer


@dataclass(frozen=True, slots=True)
class Progress:
    """One student's record: facts -> Leitner box and attempts (newest last)."""

    name: str
    boxes: Mapping[str, int] = field(default_factory=dict)
    attempts: Mapping[str, tuple[Attempt, ...]] = field(default_factory=dict)

    def box(self, fact: str) -> int:
        return self.boxes.get(fact, 0)  # 0: never seen

    def last_day(self, fact: str) -> int | None:
        a = self.attempts.get(fact)
        return a[-1].day if a else None


#: Attempts kept per fact (older ones are summarised by the box).
KEEP = 20


def record(
    p: Progress, fact: str, ok: bool, *, day: int, ms: int = 0, also: Iterable[str] = ()
) -> Progress:
    """Record one answer for ``fact`` (and the ``also`` facts, e.g. the other state of an
    A-or-B question, or a fact a game tested): right moves a box up, wrong to box 1."""
    boxes = dict(p.boxes)
    attempts = dict(p.attempts)
    for f in (fact, *also):
        kind, _, code = f.partition(":")
        if kind not in KINDS or code not in _states():
            raise ValueError(f"unknown fact {f!r}")
        boxes[f] = min(len(BOX_DAYS), max(1, boxes.get(f, 0)) + 1) if ok else 1
        attempts[f] = (*attempts.get(f, ()), Attempt(day, bool(ok), max(0, int(ms))))[-KEEP:]
    return replace(p, boxes=boxes, attempts=attempts)


def due(p: Progress, fact: str, today: int) -> bool:
    last = p.last_day(fact)
    if last is None:
        return True
    return today - last >= BOX_DAYS[p.box(fact) - 1]


def _error_rate(p: Progress, fact: str) -> float:
    a = p.attempts.get(fact, ())
    return sum(not x.ok for x in a) / len(a) if a else 0.0


def weakest(p: Progress, kind: str | None = None, n: int = 10) -> list[tuple[str, float]]:
    """The facts (of one kind, or all) answered worst: (fact, share wrong), worst first,
    among facts with at least one answer."""
    facts = [f for f in p.attempts if kind is None or f.startswith(kind + ":")]
    scored = [(f, _error_rate(p, f)) for f in facts if _error_rate(p, f) > 0]
    scored.sort(key=lambda x: (-x[1], p.box(x[0]), x[0]))
    return scored[:n]


def drill(p: Progress, today: int, *, kind: str | None = None, length: int = 10) -> list[str]:
    """The facts a drill asks, in order: those due, lowest box first (box 1 holds every
    recent mistake), then the most often wrong, then the least recently seen. Facts never
    seen fill the rest, so a new student starts with something."""
    seen = [f for f in p.attempts if kind is None or f.startswith(kind + ":")]
    due_now = [f for f in seen if due(p, f, today)]
    due_now.sort(key=lambda f: (p.box(f), -_error_rate(p, f), p.last_day(f) or 0, f))
    out = due_now[:length]
    if len(out) < length:
        kinds = [kind] if kind else ["find", "capitals"]
        fresh = [
            f"{k}:{c}" for k in kinds for c in sorted(_states()) if f"{k}:{c}" not in p.attempts
        ]
        rng = random.Random(f"{p.name}|{today}")
        rng.shuffle(fresh)
        out += fresh[: length - len(out)]
    return out


def drill_quizzes(p: Progress, today: int, *, length: int = 10, seed: int = 0) -> list[Quiz]:
    """The drill as quizzes, one per kind, in the order :func:`drill` chose."""
    facts = drill(p, today, length=length)
    by_kind: dict[str, list[str]] = {}
    for f in facts:
        k, _, code = f.partition(":")
        by_kind.setdefault(k, []).append(code)
    out = []
    for k, codes in by_kind.items():
        mode = (
            "choice"
            if "choice" in KINDS[k]["modes"] and k not in ("find",)
            else KINDS[k]["modes"][0]
        )
        if k in ("name", "capitals", "capital-states", "nicknames", "cities"):
            mode = "typed"
        try:
            out.append(make_quiz(k, codes, length=len(codes), mode=mode, seed=seed, order=codes))
        except ValueError:
            continue
    return out


def mastery(p: Progress, kind: str) -> dict[str, float]:
    """0..1 per state for one quiz kind (the mastery map): its box over the top box,
    0 for facts never answered."""
    return {c: p.box(f"{kind}:{c}") / len(BOX_DAYS) for c in sorted(_states())}


def daily(p: Progress) -> list[dict[str, int]]:
    """Answers per day (the progress chart): day, answered, right."""
    days: dict[int, list[int]] = {}
    for a in (x for xs in p.attempts.values() for x in xs):
        d = days.setdefault(a.day, [0, 0])
        d[0] += 1
        d[1] += a.ok
    return [{"day": k, "answered": v[0], "right": v[1]} for k, v in sorted(days.items())]


def class_summary(students: Iterable[Progress]) -> list[dict[str, Any]]:
    """One row per student for the teacher: answers, share right, facts mastered (box 5),
    and the three weakest facts."""
    rows = []
    for p in students:
        answers = [a for xs in p.attempts.values() for a in xs]
        rows.append(
            {
                "name": p.name,
                "answered": len(answers),
                "right_pct": round(100 * sum(a.ok for a in answers) / len(answers))
                if answers
                else 0,
                "mastered": sum(b == len(BOX_DAYS) for b in p.boxes.values()),
                "weakest": [f for f, _ in weakest(p, n=3)],
            }
        )
    return sorted(rows, key=lambda r: r["name"].casefold())


# ------------------------------------------------------------------ saving


FORMAT = "cardroom-progress/1"


def to_json(p: Progress) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "name": p.name,
        "facts": {
            f: {
                "box": p.boxes.get(f, 0),
                "attempts": [[a.day, int(a.ok), a.ms] for a in p.attempts.get(f, ())],
            }
            for f in sorted(set(p.boxes) | set(p.attempts))
        },
    }


def from_json(obj: Any) -> Progress:
    """A student's progress from its saved JSON (or text); anything malformed raises
    CorruptState (the screen then exports the old data and starts afresh)."""
    if isinstance(obj, (str, bytes)):
        try:
            obj = json.loads(obj)
        except (ValueError, RecursionError) as exc:
            raise CorruptState(f"not a progress file: {exc}") from None
    f = Fields(obj, "progress")
    f.check(f.get_str("format") == FORMAT, "unknown file format")
    name = f.get_str("name")
    f.check(0 < len(name.strip()) <= 40, "a student's name is 1 to 40 characters")
    facts = f.raw("facts")
    f.done()
    if not isinstance(facts, Mapping):
        raise CorruptState("progress: 'facts' must be an object")
    boxes: dict[str, int] = {}
    attempts: dict[str, tuple[Attempt, ...]] = {}
    every = _states()
    for fact, v in facts.items():
        kind, _, code = str(fact).partition(":")
        if kind not in KINDS or code not in every:
            raise CorruptState(f"progress: unknown fact {fact!r}")
        g = Fields(v, f"progress.{fact}")
        boxes[fact] = g.get_int("box", 0, len(BOX_DAYS))
        rows = g.get_list("attempts", max_length=KEEP)
        g.done()
        out = []
        for row in rows:
            if not isinstance(row, list) or len(row) != 3:
                raise CorruptState(f"progress.{fact}: an attempt is [day, right, ms]")
            day = check_int(row[0], f"progress.{fact}", 0, 10**6)
            ok = check_int(row[1], f"progress.{fact}", 0, 1)
            ms = check_int(row[2], f"progress.{fact}", 0, 10**8)
            out.append(Attempt(day, bool(ok), ms))
        if [a.day for a in out] != sorted(a.day for a in out):
            raise CorruptState(f"progress.{fact}: attempts out of order")
        if out and boxes[fact] == 0:
            raise CorruptState(f"progress.{fact}: answered but in no box")
        attempts[fact] = tuple(out)
    return Progress(name.strip(), boxes, attempts)

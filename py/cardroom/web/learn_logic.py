"""Learn mode's decisions, text and storage, in plain Python (tested on CPython).

The screens (``learn_screen``, ``learn_quiz``, ``learn_stats``) only draw what this module
decides: which quiz a link asks for (R-159), how a quiz in progress moves on (a Find-the-state
question allows 3 wrong clicks, R-155; a timed quiz has a clock, R-157), what is recorded
after each answer, the device's store of students (R-156, R-158) and the figures of the
progress screen. Questions, answer checks and the Leitner schedule are
:mod:`cardroom.learn`'s.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from html import escape
from typing import Any

from cardroom import atlas, learn
from cardroom.core import CorruptState
from cardroom.learn import FIND_TRIES, KINDS, LENGTHS, REGIONS, Progress, Question, Verdict

__all__ = [
    "BACKUP_KEY",
    "STORE_KEY",
    "LearnOptions",
    "Outcome",
    "QuizRun",
    "Store",
    "chart_rows",
    "chart_svg",
    "class_table_html",
    "fact_label",
    "learn_problems",
    "parse_learn",
    "record_game_answer",
    "store_from_device",
    "store_texts",
    "weakest_states",
]

#: localStorage keys: the index of this device's students (each student's progress has its
#: own key, ``STUDENT_PREFIX`` + name), and the copy of a store that could not be read (kept
#: for export before the fresh start).
STORE_KEY = "cardroom:learn"
BACKUP_KEY = "cardroom:learn:backup"
STORE_FORMAT = "cardroom-learn/1"
#: A device's first student (R-156); renamed or joined by others on the progress screen.
DEFAULT_NAME = "Student"
MAX_PROFILES = 60
#: A timed quiz allows this many seconds per question, for the whole quiz (R-157).
SECONDS_PER_QUESTION = 15
#: ``?learn=`` values that are screens, not quizzes.
VIEWS = ("menu", "progress", "class")
REGION_TITLES = {
    "northeast": "Northeast",
    "midwest": "Midwest",
    "south": "South",
    "west": "West",
}
MODE_TITLES = {
    "map": "Click on the map",
    "typed": "Type the answer",
    "choice": "Multiple choice",
    "set": "Type every name",
}
EPOCH = datetime.date(1970, 1, 1)


def _names() -> dict[str, str]:
    return {c: s.name for c, s in atlas.by_code().items()}


# ====================================================================== links and options


@dataclass(frozen=True, slots=True)
class LearnOptions:
    """What a Learn link asks for. ``view``: ``menu``, ``quiz``, ``drill``, ``progress``
    or ``class``; ``states``: ``all``, a region or postal codes (``CO,UT,WY``)."""

    view: str = "menu"
    kind: str = "find"
    mode: str = "map"
    states: str = "all"
    length: int = 10
    timed: bool = False

    def params(self) -> dict[str, str | None]:
        """The deep link (``?learn=...``) of these options."""
        if self.view in ("menu", "progress", "class", "drill"):
            return {
                "learn": self.view,
                "set": None,
                "mode": None,
                "length": None,
                "timed": None,
            }
        return {
            "learn": self.kind,
            "set": None if self.states == "all" else self.states,
            "mode": self.mode,
            "length": str(self.length),
            "timed": "1" if self.timed else None,
        }

    def describe(self) -> str:
        title = KINDS[self.kind]["title"]
        clock = "timed" if self.timed else "untimed"
        return (
            f"{title} · {set_title(self.states)} · {MODE_TITLES[self.mode].lower()} · "
            f"{self.length} questions · {clock}"
        )


def set_title(spec: str) -> str:
    """Words for a quiz's states: "All 50 states", "Northeast (9 states)", "3 states"."""
    if spec == "all":
        return "All 50 states"
    if spec in REGION_TITLES:
        return f"{REGION_TITLES[spec]} ({len(REGIONS[spec])} states)"
    n = len(learn.state_set(spec))
    return f"{n} chosen state{'s' if n != 1 else ''}"


def default_mode(kind: str) -> str:
    modes = KINDS[kind]["modes"]
    return "typed" if "typed" in modes else modes[0]


def parse_learn(params: Mapping[str, str]) -> tuple[LearnOptions, tuple[str, ...]]:
    """Read ``?learn=<kind>|drill|progress|class|menu&set=&mode=&length=&timed=``: the
    options (defaults for what is missing or wrong) and a sentence per wrong part (R-159)."""
    problems: list[str] = []
    raw = (params.get("learn") or "").strip().lower()
    view, kind = "menu", "find"
    if raw in ("", "menu"):
        pass
    elif raw in ("drill", "progress", "class"):
        view = raw
    elif raw in KINDS:
        view, kind = "quiz", raw
    else:
        problems.append(
            f"There is no quiz called “{raw}”. The quizzes are: {', '.join(KINDS)}; "
            "or drill, progress and class."
        )
    modes = KINDS[kind]["modes"]
    mode = default_mode(kind)
    mode_text = params.get("mode")
    if mode_text is not None:
        m = mode_text.strip().lower()
        if m in modes:
            mode = m
        else:
            problems.append(
                f"{KINDS[kind]['title']} is answered by "
                f"{' or '.join(MODE_TITLES[x].lower() for x in modes)}, not “{mode_text.strip()}”."
            )
    states = "all"
    set_text = params.get("set")
    if set_text is not None and set_text.strip().lower() not in ("", "all"):
        key = set_text.strip().lower()
        if key in REGIONS:
            states = key
        else:
            try:
                states = ",".join(learn.state_set(set_text))
            except ValueError as exc:
                problems.append(
                    f"“{set_text.strip()}” is not a set of states ({exc}): use all, "
                    "northeast, midwest, south, west or postal codes like CO,UT,WY."
                )
    length = 10
    length_text = params.get("length")
    if length_text is not None:
        t = length_text.strip()
        if t.isdigit() and int(t) in LENGTHS:
            length = int(t)
        else:
            problems.append(f"A quiz has 10, 25 or 50 questions, not “{t}”.")
    timed = False
    timed_text = params.get("timed")
    if timed_text is not None:
        t = timed_text.strip().lower()
        if t in ("1", "yes", "true", "on"):
            timed = True
        elif t not in ("0", "no", "false", "off", ""):
            problems.append(f"timed is yes or no, not “{timed_text.strip()}”.")
    opts = LearnOptions(view, kind, mode, states, length, timed)
    return opts, tuple(problems)


def learn_problems(params: Mapping[str, str]) -> tuple[str, ...]:
    """The problems of a Learn link (for the page's problem box)."""
    return parse_learn(params)[1]


def make_questions(opts: LearnOptions, seed: int) -> tuple[Question, ...]:
    quiz = learn.make_quiz(
        opts.kind, opts.states, length=opts.length, mode=opts.mode, seed=seed, timed=opts.timed
    )
    return quiz.questions


def drill_questions(p: Progress, today: int, *, length: int = 10, seed: int = 0) -> list[Question]:
    """A drill (Leitner: the weakest and least recently seen facts first) as one list."""
    return [q for z in learn.drill_quizzes(p, today, length=length, seed=seed) for q in z.questions]


def today_of(epoch_ms: float, tz_offset_min: float = 0.0) -> int:
    """Days since 1970-01-01 on the device's calendar (``Date.getTimezoneOffset``)."""
    return int((epoch_ms - tz_offset_min * 60_000) // 86_400_000)


def day_label(day: int) -> str:
    d = EPOCH + datetime.timedelta(days=day)
    return f"{d.strftime('%b')} {d.day}"


# ====================================================================== a quiz in progress


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one answer did: ``final`` ends the question; ``record`` (fact, ok, ms, also)
    is what the statistics keep; ``point`` whether it scored."""

    message: str
    final: bool
    ok: bool = False
    point: bool = False
    record: tuple[str, bool, int, tuple[str, ...]] | None = None
    verdict: Verdict | None = None
    clicked: str | None = None  # find: the state clicked


@dataclass(slots=True)
class Result:
    question: Question
    point: bool
    given: str
    ms: int


@dataclass(slots=True)
class QuizRun:
    """A quiz being played: one question at a time; the screen calls :meth:`answer`,
    :meth:`give_up`, :meth:`next` and :meth:`expire`."""

    title: str
    questions: tuple[Question, ...]
    started_ms: float
    timed: bool = False
    index: int = 0
    tries: int = 0
    shown_ms: float = 0.0
    waiting: bool = False  # the current question is answered: Next moves on
    revealed: bool = False
    ended: bool = False
    expired: bool = False
    ended_ms: float = 0.0
    results: list[Result] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.questions:
            raise ValueError("a quiz needs at least one question")
        self.shown_ms = self.started_ms

    @property
    def current(self) -> Question | None:
        return None if self.ended else self.questions[self.index]

    @property
    def limit_ms(self) -> int | None:
        return len(self.questions) * SECONDS_PER_QUESTION * 1000 if self.timed else None

    def time_left(self, now_ms: float) -> int | None:
        if self.limit_ms is None:
            return None
        return max(0, int(self.limit_ms - (now_ms - self.started_ms)))

    @property
    def score(self) -> int:
        return sum(r.point for r in self.results)

    def _finish(self, q: Question, given: str, now_ms: float, ok: bool, point: bool) -> Outcome:
        ms = max(0, int(now_ms - self.shown_ms))
        also = tuple(f"{q.kind}:{c}" for c in q.others)
        self.results.append(Result(q, point, given, ms))
        self.waiting = True
        return Outcome("", True, ok, point, (q.fact, ok, ms, also))

    def answer(self, value: Any, now_ms: float) -> Outcome:
        """Judge ``value`` (a postal code on the map, a text, a list of names)."""
        q = self.current
        if q is None or self.waiting:
            return Outcome("", False)
        if q.mode == "map":
            code = str(value).strip().upper()
            name = _names().get(code, code)
            v = learn.check(q, code)
            if v.correct:
                first = self.tries == 0
                out = self._finish(q, name, now_ms, first, first)
                msg = "Right!" if first else f"Yes, that is {name} (found after a miss: no point)."
                return replace(out, message=msg, verdict=v, clicked=code)
            self.tries += 1
            if self.tries >= FIND_TRIES:  # shown, not scored
                self.revealed = True
                out = self._finish(q, name, now_ms, False, False)
                target = _names()[q.state]
                msg = f"That is {name}. {target} is shown in yellow: no point for this one."
                return replace(out, message=msg, verdict=v, clicked=code)
            left = FIND_TRIES - self.tries
            return Outcome(
                f"That is {name}. Try again ({left} {'try' if left == 1 else 'tries'} left).",
                False,
                verdict=v,
                clicked=code,
            )
        if q.mode == "set":
            items = value if isinstance(value, (list, tuple)) else str(value).split(",")
            items = [str(x).strip() for x in items if str(x).strip()]
            if not items:
                return Outcome("Type the neighbours, separated by commas.", False)
            v = learn.check(q, items)
            out = self._finish(q, ", ".join(items), now_ms, v.correct, v.correct)
            return replace(out, message=v.message, verdict=v)
        text = str(value or "").strip()
        if not text:
            return Outcome("Type or pick an answer first.", False)
        v = learn.check(q, text)
        out = self._finish(q, text, now_ms, v.correct, v.correct)
        return replace(out, message=v.message, verdict=v)

    def give_up(self, now_ms: float) -> Outcome:
        """ "Show me": the answer is shown, no point, recorded as a miss."""
        q = self.current
        if q is None or self.waiting:
            return Outcome("", False)
        self.revealed = True
        out = self._finish(q, "", now_ms, False, False)
        return replace(out, message=f"The answer is {answer_text(q)}.")

    def next(self, now_ms: float) -> None:
        if not self.waiting or self.ended:
            return
        self.waiting = self.revealed = False
        self.tries = 0
        if self.index + 1 >= len(self.questions):
            self.ended, self.ended_ms = True, now_ms
            return
        self.index += 1
        self.shown_ms = now_ms

    def expire(self, now_ms: float) -> bool:
        """End a timed quiz whose time is up (questions not reached are not recorded)."""
        left = self.time_left(now_ms)
        if self.ended or left is None or left > 0:
            return False
        self.ended, self.expired, self.ended_ms = True, True, now_ms
        return True

    def summary(self) -> str:
        n = len(self.questions)
        pct = round(100 * self.score / n)
        secs = max(0, int((self.ended_ms - self.started_ms) // 1000))
        when = f"{secs // 60}:{secs % 60:02d}"
        end = " Time ran out." if self.expired else ""
        return f"{self.score} of {n} right ({pct}%) in {when}.{end}"

    def missed(self) -> list[tuple[str, str]]:
        """(prompt, right answer) for each question without a point, and those not reached."""
        out = [(r.question.prompt, answer_text(r.question)) for r in self.results if not r.point]
        for q in self.questions[len(self.results) :]:
            out.append((q.prompt, answer_text(q)))
        return out


def answer_text(q: Question) -> str:
    if q.mode == "map":
        return _names()[q.state]
    if isinstance(q.answer, tuple):
        return ", ".join(q.answer)
    return str(q.answer)


# ====================================================================== the device's store


@dataclass(slots=True)
class Store:
    """The students of one device (no passwords, R-156) and who is learning now.

    Only the current student's progress is read at start-up; the others stay as their
    saved text (``pending``) until a student is switched to."""

    profiles: dict[str, Progress]
    current: str
    pending: dict[str, str] = field(default_factory=dict)

    @property
    def progress(self) -> Progress:
        return self.profiles[self.current]

    def set_progress(self, p: Progress) -> None:
        self.profiles[self.current] = p

    def names(self) -> list[str]:
        return sorted({*self.profiles, *self.pending}, key=str.casefold)

    def _same(self, name: str) -> str | None:
        return next((n for n in self.names() if n.casefold() == name.casefold()), None)

    def add(self, name: str) -> str:
        """A new student (and switch to them); the name is returned cleaned up."""
        name = check_name(name)
        if self._same(name) is not None:
            raise ValueError(f"There is already a student called {name} on this device.")
        if len(self.names()) >= MAX_PROFILES:
            raise ValueError(f"A device keeps at most {MAX_PROFILES} students.")
        self.profiles[name] = Progress(name)
        self.current = name
        return name

    def switch(self, name: str) -> str | None:
        """Make ``name`` the current student. If their saved progress cannot be read,
        they start afresh and the old text is returned (the screen downloads it)."""
        if name not in self.names():
            raise ValueError(f"No student called {name} on this device.")
        old = None
        if name in self.pending:
            text = self.pending.pop(name)
            try:
                self.profiles[name] = parse_student(name, text)
            except CorruptState:
                self.profiles[name] = Progress(name)
                old = text
        self.current = name
        return old

    def remove(self, name: str) -> None:
        """Remove a student (the last one is replaced by a fresh default student)."""
        self.profiles.pop(name, None)
        self.pending.pop(name, None)
        if not self.names():
            self.profiles[DEFAULT_NAME] = Progress(DEFAULT_NAME)
        if self.current not in self.profiles:
            self.switch(self.names()[0])

    def reset(self) -> None:
        """Forget the current student's answers (the name stays)."""
        self.profiles[self.current] = Progress(self.current)

    def import_progress(self, text: str) -> str:
        """Add a student's exported file (a student of the same name is replaced by the
        file, R-158); the message says which. Raises CorruptState for a bad file."""
        p = learn.from_json(text)
        same = self._same(p.name)
        if same is not None:
            self.profiles.pop(same, None)
            self.pending.pop(same, None)
        elif len(self.names()) >= MAX_PROFILES:
            raise CorruptState(f"this device already keeps {MAX_PROFILES} students")
        self.profiles[p.name] = p
        self.current = p.name
        verb = "replaced by the file" if same else "added"
        return f"{p.name}'s progress {verb} ({answered(p)} answers)."


def check_name(name: str) -> str:
    name = " ".join(str(name).split())
    if not 0 < len(name) <= 40:
        raise ValueError("A student's name is 1 to 40 characters.")
    return name


def answered(p: Progress) -> int:
    return sum(len(a) for a in p.attempts.values())


def new_store() -> Store:
    return Store({DEFAULT_NAME: Progress(DEFAULT_NAME)}, DEFAULT_NAME)


#: A student's progress is kept under its own key, so that an answer saves one student.
STUDENT_PREFIX = "cardroom:learn:student:"
Get = Callable[[str], "str | None"]


def index_text(store: Store) -> str:
    """The device's index: format, the current student and every student's name."""
    return json.dumps(
        {"format": STORE_FORMAT, "current": store.current, "students": store.names()},
        separators=(",", ":"),
    )


def student_text(p: Progress) -> str:
    return json.dumps(learn.to_json(p), separators=(",", ":"))


def current_texts(store: Store) -> dict[str, str]:
    """What to write after an answer: the index and the current student."""
    return {
        STORE_KEY: index_text(store),
        STUDENT_PREFIX + store.current: student_text(store.progress),
    }


def store_texts(store: Store) -> dict[str, str]:
    """Every key of the store (after adding, removing, importing or resetting)."""
    out = {STORE_KEY: index_text(store)}
    for name in store.names():
        p = store.profiles.get(name)
        out[STUDENT_PREFIX + name] = store.pending[name] if p is None else student_text(p)
    return out


def parse_index(text: str | None) -> tuple[str, list[str]]:
    """(current student, names) from the index; CorruptState when malformed."""
    if text is None:
        raise CorruptState("the list of students is missing")
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise CorruptState(f"it is not valid JSON ({exc})") from None
    if not isinstance(obj, dict) or obj.get("format") != STORE_FORMAT:
        raise CorruptState("it is not a cardroom learn store")
    if set(obj) != {"format", "current", "students"}:
        raise CorruptState("it has unexpected fields")
    names = obj["students"]
    if not isinstance(names, list) or not 1 <= len(names) <= MAX_PROFILES:
        raise CorruptState(f"a store keeps 1 to {MAX_PROFILES} students")
    if not all(isinstance(n, str) and n for n in names):
        raise CorruptState("a student's name is not text")
    if len({n.casefold() for n in names}) != len(names):
        raise CorruptState("two students have the same name")
    if obj["current"] not in names:
        raise CorruptState("the current student is not in the store")
    return obj["current"], names


def parse_student(name: str, text: str | None) -> Progress:
    if text is None:
        raise CorruptState(f"the progress of {name} is missing")
    p = learn.from_json(text)
    if p.name != name:
        raise CorruptState(f"the progress kept for {name} is {p.name}'s")
    return p


def parse_store(get: Get) -> Store:
    """The store from the device (``get(key)`` reads localStorage): the index and the
    current student are read; CorruptState when they are malformed or a student's key is
    missing."""
    current, names = parse_index(get(STORE_KEY))
    pending: dict[str, str] = {}
    for n in names:
        text = get(STUDENT_PREFIX + n)
        if text is None:
            raise CorruptState(f"the progress of {n} is missing")
        pending[n] = text
    p = parse_student(current, pending.pop(current))
    return Store({current: p}, current, pending)


def store_from_device(get: Get, keys: Iterable[str] = ()) -> tuple[Store, str | None, str | None]:
    """The store read from the device (a fresh one when there is none); when it cannot be
    read, also a sentence saying so and a backup: a JSON object of every Learn key's raw
    text (``keys`` lists the device's keys), which the screen downloads before the fresh
    start."""
    ours = sorted(k for k in keys if k.startswith(STUDENT_PREFIX))
    if get(STORE_KEY) is None and not ours:
        return new_store(), None, None
    try:
        return parse_store(get), None, None
    except CorruptState as exc:
        raw = {k: get(k) for k in [STORE_KEY, *ours]}
        backup = json.dumps({k: v for k, v in raw.items() if v is not None}, indent=1)
        return (
            new_store(),
            f"The progress saved on this device could not be read: {exc}. A copy of the old "
            "data was downloaded as a file (and is kept below), and learning starts afresh.",
            backup,
        )


def record(store: Store, out: Outcome, day: int) -> bool:
    """Keep an answer's outcome in the current student's progress; True when recorded."""
    if out.record is None:
        return False
    fact, ok, ms, also = out.record
    store.set_progress(learn.record(store.progress, fact, ok, day=day, ms=ms, also=also))
    return True


def record_game_answer(
    get: Get,
    fact: str,
    ok: bool,
    *,
    day: int,
    ms: int = 0,
    also: Iterable[str] = (),
) -> dict[str, str] | None:
    """A game's answer counted in Learn's statistics for the device's current student: a
    state misnamed in Dashing States (``map-cards:XX``), a wrong guess in State IQ (the fact
    its clue tested). ``get(key)`` reads localStorage; returns the keys to write, or None
    when the store cannot be read (Learn's screen deals with that) or the fact is unknown."""
    try:
        if get(STORE_KEY) is None:
            store = new_store()
        else:
            current, _names = parse_index(get(STORE_KEY))
            p = parse_student(current, get(STUDENT_PREFIX + current))
            store = Store({current: p}, current)
        p = learn.record(store.progress, fact, bool(ok), day=day, ms=ms, also=also)
    except (CorruptState, ValueError):
        return None
    store.set_progress(p)
    out = {STUDENT_PREFIX + store.current: student_text(p)}
    if get(STORE_KEY) is None:
        out[STORE_KEY] = index_text(store)
    return out


# ====================================================================== progress figures


def fact_label(fact: str) -> str:
    """Words for a fact: "capitals:MT" -> "Montana: Capital of the state"."""
    kind, _, code = fact.partition(":")
    return f"{_names().get(code, code)}: {KINDS.get(kind, {'title': kind})['title']}"


def mastery_boxes(p: Progress, kind: str | None) -> dict[str, int]:
    """Per state, its Leitner box (0 never answered .. 5) for one quiz kind, or the
    average box over the kinds it was asked in (rounded down) for all kinds."""
    codes = sorted(_names())
    if kind is not None:
        return {c: p.box(f"{kind}:{c}") for c in codes}
    out = {}
    for c in codes:
        boxes = [p.box(f) for f in p.boxes if f.endswith(":" + c)]
        out[c] = sum(boxes) // len(boxes) if boxes else 0
    return out


MASTERY_WORDS = ("not asked yet", "just missed", "learning", "learning", "nearly", "mastered")


def mastery_counts(boxes: Mapping[str, int]) -> str:
    mastered = sum(b == 5 for b in boxes.values())
    learning = sum(0 < b < 5 for b in boxes.values())
    fresh = sum(b == 0 for b in boxes.values())
    return f"{mastered} mastered, {learning} learning, {fresh} not asked yet"


def weakest_states(p: Progress, kind: str | None = None, n: int = 10) -> list[dict[str, Any]]:
    """The states answered worst (of one kind, or all): share wrong, then most misses;
    only states with at least one miss."""
    per: dict[str, list[int]] = {}
    for f, attempts in p.attempts.items():
        k, _, code = f.partition(":")
        if kind is not None and k != kind:
            continue
        row = per.setdefault(code, [0, 0])
        row[0] += sum(not a.ok for a in attempts)
        row[1] += len(attempts)
    names = _names()
    rows = [
        {
            "code": c,
            "name": names[c],
            "wrong": w,
            "answered": t,
            "pct_wrong": round(100 * w / t),
        }
        for c, (w, t) in per.items()
        if w > 0
    ]
    rows.sort(key=lambda r: (-r["wrong"] / r["answered"], -r["wrong"], r["name"]))
    return rows[:n]


def chart_rows(p: Progress, today: int, days: int = 14) -> list[dict[str, Any]]:
    """Answers and right answers for each of the last ``days`` days (oldest first)."""
    by_day = {d["day"]: d for d in learn.daily(p)}
    out = []
    for day in range(today - days + 1, today + 1):
        d = by_day.get(day, {"answered": 0, "right": 0})
        out.append(
            {"day": day, "label": day_label(day), "answered": d["answered"], "right": d["right"]}
        )
    return out


def chart_svg(rows: list[dict[str, Any]]) -> str:
    """A bar chart (answers per day, the right ones darker) as SVG markup; its words are
    in the table the screen puts beside it."""
    w, h, pad = 420, 150, 22
    top = max([r["answered"] for r in rows] + [1])
    bw = (w - 2 * pad) / max(1, len(rows))
    parts = [
        f'<svg class="ln-chart-svg" viewBox="0 0 {w} {h}" role="img" '
        f'aria-labelledby="ln-chart-h" focusable="false">',
        f'<line class="ln-axis" x1="{pad}" y1="{h - pad}" x2="{w - pad}" y2="{h - pad}"/>',
        f'<text class="ln-chart-top" x="{pad - 4}" y="{pad + 4}">{top}</text>',
    ]
    for i, r in enumerate(rows):
        x = pad + i * bw + 2
        full = (h - 2 * pad) * r["answered"] / top
        good = (h - 2 * pad) * r["right"] / top
        parts.append(
            f'<rect class="ln-bar-all" x="{x:.1f}" y="{h - pad - full:.1f}" '
            f'width="{bw - 4:.1f}" height="{full:.1f}"/>'
            f'<rect class="ln-bar-right" x="{x:.1f}" y="{h - pad - good:.1f}" '
            f'width="{bw - 4:.1f}" height="{good:.1f}"/>'
        )
        if i % 2 == len(rows) % 2 or len(rows) <= 7:
            parts.append(
                f'<text class="ln-chart-label" x="{x + (bw - 4) / 2:.1f}" y="{h - 6}">'
                f"{escape(r['label'])}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)


def class_rows(files: Iterable[tuple[str, str]]) -> tuple[list[dict[str, Any]], list[str]]:
    """A teacher's import: (file name, text) pairs -> the class summary rows and a sentence
    per file that could not be read."""
    students: list[Progress] = []
    problems: list[str] = []
    seen: set[str] = set()
    for name, text in files:
        try:
            p = learn.from_json(text)
        except CorruptState as exc:
            problems.append(f"{name}: {exc}")
            continue
        if p.name.casefold() in seen:
            problems.append(f"{name}: a second file for {p.name} (the first one is shown)")
            continue
        seen.add(p.name.casefold())
        students.append(p)
    return learn.class_summary(students), problems


def class_table_html(rows: list[dict[str, Any]]) -> str:
    """The printable class summary table."""
    body = "".join(
        "<tr>"
        f'<th scope="row">{escape(r["name"])}</th>'
        f"<td>{r['answered']}</td><td>{r['right_pct']}%</td><td>{r['mastered']}</td>"
        f"<td>{escape('; '.join(fact_label(f) for f in r['weakest'])) or '—'}</td>"
        "</tr>"
        for r in rows
    )
    return (
        '<table class="ln-class-table"><caption>Class summary</caption><thead><tr>'
        '<th scope="col">Student</th><th scope="col">Answers</th><th scope="col">Right</th>'
        '<th scope="col">Facts mastered</th><th scope="col">Weakest facts</th>'
        f"</tr></thead><tbody>{body}</tbody></table>"
    )


def export_name(name: str) -> str:
    """A file name for a student's export."""
    safe = "".join(ch if ch.isalnum() else "-" for ch in name).strip("-") or "student"
    return f"cardroom-progress-{safe}.json"

"""Learn mode's decisions, text and storage, in plain Python (tested on CPython).

The screens (``learn_screen``, ``learn_quiz``, ``learn_stats``) only draw what this module
decides: which quiz a link asks for (R-159), how a quiz in progress moves on (a Find-the-state
question allows 3 wrong clicks, R-155; a timed quiz has a clock, R-157) and what each answer
records. The device's store of students (R-156, R-158) is :mod:`cardroom.web.learn.records`;
the figures of the progress screen are :mod:`cardroom.web.learn.figures`. Questions, answer checks and the Leitner schedule are
:mod:`cardroom.learn`'s.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from cardroom import atlas, learn
from cardroom.learn import FIND_TRIES, KINDS, LENGTHS, REGIONS, Progress, Question, Verdict

__all__ = [
    "BACKUP_KEY",
    "STORE_KEY",
    "LearnOptions",
    "Outcome",
    "QuizRun",
    "learn_problems",
    "parse_learn",
    "state_names",
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


def state_names() -> dict[str, str]:
    """Each state's name by postal code."""
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
            name = state_names().get(code, code)
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
                target = state_names()[q.state]
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
        return state_names()[q.state]
    if isinstance(q.answer, tuple):
        return ", ".join(q.answer)
    return str(q.answer)

"""Learn mode's store of students on one device, in plain Python (tested on CPython): each
student's progress under its own ``localStorage`` key, the index of students, reading
them back (a damaged store is kept aside for export, R-158), and recording an answer, in a
quiz or in a game (R-156). ``web/learn/store.py`` reads and writes the browser's storage.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from cardroom import learn
from cardroom.core import CorruptState
from cardroom.learn import Progress
from cardroom.web.learn.logic import (
    DEFAULT_NAME,
    MAX_PROFILES,
    STORE_FORMAT,
    STORE_KEY,
    Outcome,
)

__all__ = [
    "Get",
    "STUDENT_PREFIX",
    "Store",
    "answered",
    "check_name",
    "current_texts",
    "index_text",
    "new_store",
    "parse_index",
    "parse_store",
    "parse_student",
    "record",
    "record_game_answer",
    "store_from_device",
    "store_texts",
    "student_text",
]


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

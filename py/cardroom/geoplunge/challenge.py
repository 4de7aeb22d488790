"""The 63-card Challenge deck of Chummy Challenge: loading, validation and the answer checker.

Each Challenge card holds five colour-coded questions (:data:`COLOURS`, easiest first; the
colour is the difficulty, R-60). Level 3 asks only the red and blue ones. The data lives in
``data/challenge.json`` and is written by ``tools/make_challenge.py``: atlas questions
carry the recipe (``atlas``) their answers were computed from, the others a one-line
``source`` (see ``docs/challenge.md``).

A question's answer is a list of *items*, each a list of accepted spellings (the first is
the printed one), and ``need``: how many different items a correct answer names. "Name
three states that border Idaho" has six items and needs three; "Which is larger, Ohio or
Virginia?" has one item. :func:`check` judges a typed answer (R-61):

* the answer names exactly ``need`` parts (one text split on commas, semicolons, "and",
  "&", "/" or new lines, or a list of texts), each a different item, in any order;
* state, capital and postal-code answers go through :mod:`cardroom.names` (the project's
  one tolerant matcher); other answers forgive the same slips (its distance and
  tolerance) but only when strictly nearer to an accepted spelling than to any other name
  the checker knows;
* the exact name of another state or capital is always wrong, whatever the tolerance;
* numbers match exactly (digits, words, ordinals: "23", "twenty-three", "23rd").
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from .. import atlas, names

__all__ = [
    "ATLAS_TOPICS",
    "COLOURS",
    "DIFFICULTY",
    "FORMAT",
    "GENERAL_TOPICS",
    "LEVEL_COLOURS",
    "TYPES",
    "Card",
    "ChallengeError",
    "Question",
    "Verdict",
    "card",
    "check",
    "check_deck",
    "deck",
    "gives_away",
    "giveaways",
    "printable",
    "question",
    "split_answer",
    "words",
]

FORMAT = "cardroom-challenge/1"
#: The five question colours, easiest first (R-60); the Power deck uses the same names.
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple")
#: Difficulty of each colour: 1 (easiest) .. 5.
DIFFICULTY: dict[str, int] = {c: i + 1 for i, c in enumerate(COLOURS)}
#: The colours each level asks (Level 3: red and blue only).
LEVEL_COLOURS: dict[int, tuple[str, ...]] = {3: ("red", "blue"), 4: COLOURS}
#: Topics answered from the atlas (the GeoPlunge card's own fields).
ATLAS_TOPICS: tuple[str, ...] = (
    "borders",
    "capitals",
    "cities",
    "codes",
    "electoral-votes",
    "nicknames",
    "patos",
    "ranks",
    "statehood",
    "time-zones",
    "birds",
    "flowers",
)
#: Topics with a hand-written answer and a source note.
GENERAL_TOPICS: tuple[str, ...] = (
    "dc",
    "water",
    "features",
    "landmarks",
    "mountains",
    "sports",
    "history",
)
#: Answer types: how a typed part is matched.
TYPES: tuple[str, ...] = (
    "state",
    "capital",
    "code",
    "city",
    "number",
    "person",
    "bird",
    "flower",
    "zone",
    "text",
)
CARDS = 63
#: Longest answer a player may type (characters) and most parts.
MAX_ANSWER_CHARS = 300
MAX_PARTS = 8


class ChallengeError(ValueError):
    """The Challenge deck's data does not follow its schema."""


@dataclass(frozen=True, slots=True)
class Question:
    card: int  # 1..63
    colour: str
    topic: str
    text: str
    type: str
    answers: tuple[tuple[str, ...], ...]  # items, each its accepted spellings
    need: int
    source: str  # "atlas" for atlas questions, else a one-line note
    about: tuple[str, ...]  # what the question is about (for the giveaway check)
    facts: tuple[str, ...]  # the facts it tests; no two questions share one
    atlas: Mapping[str, Any] | None  # the recipe of an atlas answer

    @property
    def id(self) -> str:
        return f"{self.card:02d}-{self.colour}"

    @property
    def difficulty(self) -> int:
        return DIFFICULTY[self.colour]

    @property
    def from_atlas(self) -> bool:
        return self.atlas is not None

    @property
    def printed(self) -> tuple[str, ...]:
        """The printed answer: the first spelling of each item."""
        return tuple(item[0] for item in self.answers)

    def answer_text(self) -> str:
        """The answer as the card prints it ("any 3 of: Montana, Nevada, ...")."""
        items = ", ".join(self.printed)
        if self.need == len(self.answers):
            return items
        if self.need == 1:
            return f"any one of: {items}"
        return f"any {self.need} of: {items}"

    def to_json(self) -> dict[str, Any]:
        return {
            "colour": self.colour,
            "topic": self.topic,
            "text": self.text,
            "type": self.type,
            "answers": [list(a) for a in self.answers],
            "need": self.need,
            "source": self.source,
            "about": list(self.about),
            "facts": list(self.facts),
            "atlas": dict(self.atlas) if self.atlas is not None else None,
        }


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    questions: tuple[Question, ...]  # in COLOURS order

    def question(self, colour: str) -> Question:
        return self.questions[COLOURS.index(colour)]


# ---------------------------------------------------------------- schema


def _need(ok: bool, msg: str) -> None:
    if not ok:
        raise ChallengeError(msg)


def _strings(v: Any, what: str, *, empty: bool = False) -> tuple[str, ...]:
    _need(isinstance(v, list), f"{what} must be a list")
    _need(empty or bool(v), f"{what} must not be empty")
    for x in v:
        _need(isinstance(x, str) and x.strip() == x and bool(x), f"{what}: bad text {x!r}")
    return tuple(v)


_Q_KEYS = {"colour", "topic", "text", "type", "answers", "need", "source", "about", "facts"}


def _question(obj: Any, card_id: int, colour: str) -> Question:
    what = f"card {card_id} {colour}"
    _need(isinstance(obj, dict), f"{what}: not an object")
    _need(set(obj) == _Q_KEYS | {"atlas"}, f"{what}: keys {sorted(obj)}")
    _need(obj["colour"] == colour, f"{what}: colour {obj['colour']!r} out of order")
    text = obj["text"]
    _need(isinstance(text, str) and 10 <= len(text) <= 200, f"{what}: text length")
    _need(" ".join(text.split()) == text, f"{what}: text spacing")
    _need(obj["type"] in TYPES, f"{what}: unknown type {obj['type']!r}")
    answers = obj["answers"]
    _need(isinstance(answers, list) and 1 <= len(answers) <= 50, f"{what}: answers")
    items = tuple(_strings(a, f"{what} answer") for a in answers)
    need = obj["need"]
    _need(type(need) is int and 1 <= need <= min(len(items), 5), f"{what}: need {need!r}")
    recipe = obj["atlas"]
    topic = obj["topic"]
    source = obj["source"]
    _need(isinstance(source, str) and 0 < len(source) <= 200, f"{what}: source")
    if recipe is None:
        _need(topic in GENERAL_TOPICS, f"{what}: topic {topic!r} is not a general topic")
        _need(source != "atlas" and "\n" not in source, f"{what}: a one-line source note")
    else:
        _need(isinstance(recipe, dict) and isinstance(recipe.get("kind"), str), f"{what}: atlas")
        _need(topic in ATLAS_TOPICS, f"{what}: topic {topic!r} is not an atlas topic")
        _need(source == "atlas", f"{what}: atlas questions cite the atlas")
    if obj["type"] == "number":
        for item in items:
            _need(all(_number(s) is not None for s in item), f"{what}: answer is not a number")
    return Question(
        card_id,
        colour,
        topic,
        text,
        obj["type"],
        items,
        need,
        source,
        _strings(obj["about"], f"{what} about", empty=True),
        _strings(obj["facts"], f"{what} facts"),
        None if recipe is None else dict(recipe),
    )


def check_deck(data: Any) -> tuple[Card, ...]:
    """Validate the deck's JSON (the schema and the deck's rules) and build the cards."""
    _need(isinstance(data, dict), "the Challenge deck is a JSON object")
    _need(set(data) == {"format", "colours", "cards"}, f"deck keys {sorted(data)}")
    _need(data["format"] == FORMAT, f"format must be {FORMAT!r}")
    _need(data["colours"] == list(COLOURS), f"colours must be {list(COLOURS)}")
    raw = data["cards"]
    _need(isinstance(raw, list) and len(raw) == CARDS, f"the deck has {CARDS} cards")
    cards = []
    for i, c in enumerate(raw):
        _need(isinstance(c, dict) and set(c) == {"id", "questions"}, f"card {i + 1}: keys")
        _need(c["id"] == i + 1, f"card {i + 1}: id {c['id']!r}")
        qs = c["questions"]
        _need(isinstance(qs, list) and len(qs) == len(COLOURS), f"card {i + 1}: 5 questions")
        cards.append(
            Card(i + 1, tuple(_question(q, i + 1, col) for q, col in zip(qs, COLOURS, strict=True)))
        )
    texts: set[str] = set()
    facts: set[str] = set()
    for c in cards:
        for q in c.questions:
            key = names.normalise(q.text)
            _need(key not in texts, f"{q.id}: the question repeats another")
            texts.add(key)
            for f in q.facts:
                _need(f not in facts, f"{q.id}: fact {f!r} is asked twice")
                facts.add(f)
    return tuple(cards)


@cache
def deck() -> tuple[Card, ...]:
    """The 63 Challenge cards (validated once)."""
    raw = resources.files("cardroom").joinpath("data/challenge.json").read_text("utf-8")
    return check_deck(json.loads(raw))


def card(card_id: int) -> Card:
    if not isinstance(card_id, int) or not 1 <= card_id <= CARDS:
        raise KeyError(f"no Challenge card {card_id!r}")
    return deck()[card_id - 1]


@cache
def _questions() -> dict[tuple[int, str], Question]:
    return {(c.id, q.colour): q for c in deck() for q in c.questions}


def question(card_id: int, colour: str) -> Question:
    """The ``colour`` question of card ``card_id`` (KeyError if there is none)."""
    try:
        return _questions()[(card_id, colour)]
    except (KeyError, TypeError):
        raise KeyError(f"no {colour!r} question on Challenge card {card_id!r}") from None


@lru_cache(maxsize=1024)
def words(text: str) -> tuple[str, ...]:
    """A question as it is read aloud, word by word."""
    return tuple(text.split())


# ---------------------------------------------------------------- giveaways


@lru_cache(maxsize=4096)
def _mask_states(text: str) -> str:
    """``text`` with longer state names blanked first, so that "Virginia" is not found
    inside "West Virginia" nor "York" inside "New York"."""
    low = f" {text.casefold()} "
    for s in sorted(atlas.states(), key=lambda s: -len(s.name)):
        low = low.replace(s.name.casefold(), f"<{s.code}>")
    return low


@cache
def _state_names() -> dict[str, str]:
    return {s.name.casefold(): s.code for s in atlas.states()}


def _mentions(text: str, phrase: str) -> bool:
    masked = _mask_states(text)
    st = _state_names().get(phrase.casefold())
    if st is not None:
        return f"<{st}>" in masked
    return (
        re.search(rf"(?<![a-z0-9]){re.escape(phrase.casefold())}(?![a-z0-9])", masked) is not None
    )


def _told(q: Question) -> list[str]:
    """The answers of ``q`` that another question must not mention: every item when all
    are needed (a short list), none when the answer is any few of many."""
    if q.need != len(q.answers):
        return []
    return [s for item in q.answers for s in item if len(s) >= 4 or s is item[0]]


def gives_away(p: Question, q: Question) -> str | None:
    """The answer of ``q`` that question ``p``'s text gives away, or None.

    ``p`` gives ``q`` away when its text names an answer of ``q`` (any accepted spelling
    of four letters or more) and, for a state or a number, also names (in its text or its
    printed answer) what ``q`` is about; any other answer (a city, a bird, a landmark...)
    may not appear in another question's text at all."""
    if p is q:
        return None
    state_names = _state_names()
    for a in _told(q):
        if not _mentions(p.text, a):
            continue
        if a.casefold() in state_names or q.type in ("number", "code", "zone"):
            ctx = [p.text, *(item[0] for item in p.answers)]
            if not any(_mentions(t, s) or t == s for s in q.about if s != a for t in ctx):
                continue
        return a
    return None


def giveaways(questions: Sequence[Question]) -> list[tuple[str, str, str]]:
    """Every ``(q, p, answer)`` where question ``p`` gives away ``q``'s answer."""
    out = []
    for q in questions:
        for p in questions:
            a = gives_away(p, q)
            if a is not None:
                out.append((q.id, p.id, a))
    return out


# ---------------------------------------------------------------- the checker


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one typed answer."""

    correct: bool
    parts: tuple[str, ...]  # the answer as split into parts
    matched: tuple[int | None, ...]  # for each part, the item it names (None: wrong)
    reason: str  # "" when correct, else why not

    def to_json(self) -> dict[str, Any]:
        return {
            "correct": self.correct,
            "parts": list(self.parts),
            "matched": list(self.matched),
            "reason": self.reason,
        }


_SPLIT = re.compile(r"\s*(?:[,;\n/&]|\band\b)\s*", re.IGNORECASE)


def split_answer(response: str | Sequence[str]) -> tuple[str, ...]:
    """The parts of a typed answer: a list is taken as it is; one text is split on
    commas, semicolons, slashes, "&", "and" and new lines (R-61)."""
    if isinstance(response, str):
        parts = _SPLIT.split(response)
    else:
        parts = [p for r in response for p in ([r] if isinstance(r, str) else [])]
    return tuple(p.strip() for p in parts if p and p.strip())


_UNITS = {
    w: i
    for i, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
        ]
    )
}
_TENS = {
    w: 10 * (i + 2)
    for i, w in enumerate(
        ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    )
}
_ORDINALS = {
    "first": "one",
    "second": "two",
    "third": "three",
    "fifth": "five",
    "eighth": "eight",
    "ninth": "nine",
    "twelfth": "twelve",
}


def _word_number(w: str) -> int | None:
    w = _ORDINALS.get(w, w)
    if w not in _UNITS and w not in _TENS and w.endswith("ieth"):
        w = w[:-4] + "y"
    elif w not in _UNITS and w not in _TENS and w.endswith("th"):
        w = w[:-2]
    if w in _UNITS:
        return _UNITS[w]
    return _TENS.get(w)


def _number(text: str) -> int | None:
    """A whole number typed as digits, words or an ordinal; None if it is not one."""
    t = text.strip().casefold().replace(",", "")
    m = re.fullmatch(r"(\d{1,7})(?:st|nd|rd|th)?", t)
    if m:
        return int(m.group(1))
    ws = [w for w in re.split(r"[\s-]+", t) if w and w != "and"]
    if ws and ws[-1] in ("hundred",):
        return None
    total = 0
    if len(ws) == 1:
        return _word_number(ws[0])
    if len(ws) == 2 and ws[0] in _TENS:
        unit = _word_number(ws[1])
        if unit is not None and 0 < unit < 10:
            total = _TENS[ws[0]] + unit
            return total
    return None


@cache
def _guard() -> dict[str, str]:
    """Every state and capital name (normalised) -> a label: the names no tolerance may
    turn into another answer."""
    out: dict[str, str] = {}
    for s in atlas.states():
        out[names.normalise(s.name)] = f"state:{s.code}"
        out[names.normalise(s.capital)] = f"capital:{s.code}"
    return out


@cache
def _vocabulary(kind: str) -> frozenset[str]:
    """The other names a typed answer of this type might mean (normalised)."""
    ss = atlas.states()
    if kind == "city":
        return frozenset(names.normalise(c.name) for s in ss for c in s.top_cities)
    if kind == "bird":
        return frozenset(names.normalise(b) for s in ss for b in (s.bird, *s.bird_also))
    if kind == "flower":
        return frozenset(names.normalise(f) for s in ss for f in (s.flower, *s.flower_also))
    if kind == "person":
        return frozenset(names.normalise(s.patos) for s in ss if s.patos != "None")
    if kind == "zone":
        return frozenset(names.normalise(z) for s in ss for z in s.time_zones)
    return frozenset()


@lru_cache(maxsize=8192)
def _state_code(part: str) -> str | None:
    return names.resolve_state(part, codes=True).code


@lru_cache(maxsize=8192)
def _capital_code(part: str) -> str | None:
    m = names.resolve_capital(part)
    if m.status != "exact" and names.resolve_state(part, codes=False).status == "exact":
        return None  # a state's exact name is never a capital by tolerance
    return m.code


def _item_codes(q: Question, resolve: Any) -> list[set[str]]:
    return [{c for c in (resolve(s) for s in item) if c} for item in q.answers]


def _match_part(q: Question, part: str, taken: set[int]) -> int | None:
    """The item of ``q`` that ``part`` names, or None."""
    if len(part) > MAX_ANSWER_CHARS:
        return None
    free = [i for i in range(len(q.answers)) if i not in taken]
    if q.type in ("state", "capital"):
        resolve = _state_code if q.type == "state" else _capital_code
        code = resolve(part)
        if code is None:
            # "Washington, D.C." and the like: accepted spellings that are not states.
            key = names.normalise(part)
            for i in free:
                if any(names.normalise(s) == key for s in q.answers[i]):
                    return i
            return None
        for i, codes in enumerate(_item_codes(q, resolve)):
            if i in free and code in codes:
                return i
        return None
    if q.type == "number":
        n = _number(part)
        for i in free:
            if n is not None and any(_number(s) == n for s in q.answers[i]):
                return i
        return None
    key = names.normalise(part)
    if not key:
        return None
    accepted: dict[str, int] = {}
    for i, item in enumerate(q.answers):
        for s in item:
            accepted.setdefault(names.normalise(s), i)
    if key in accepted:
        i = accepted[key]
        return i if i in free else None
    if q.type == "code" or key in _guard() or key in _vocabulary(q.type):
        return None  # codes match exactly; another real name is never this answer
    best: dict[str, int] = {}
    for name in (*accepted, *_guard(), *_vocabulary(q.type)):
        tol = names.tolerance(name)
        d = names.distance(key, name, tol)
        if d <= tol:
            best[name] = min(d, best.get(name, d))
    if not best:
        return None
    low = min(best.values())
    nearest = {n for n, d in best.items() if d == low}
    items = {accepted.get(n) for n in nearest}
    if len(items) != 1:
        return None  # equally near to two
    (found,) = items
    if found is None:
        return None  # nearest to another name
    return found if found in free else None


def check(q: Question, response: str | Sequence[str]) -> Verdict:
    """Judge a typed answer to ``q`` (R-61)."""
    if isinstance(response, str):
        whole = response.strip()
        # A single answer that itself holds a separator ("Lewis and Clark", "Washington,
        # D.C."): try the whole text first.
        if q.need == 1 and whole:
            i = _match_part(q, whole, set())
            if i is not None:
                return Verdict(True, (whole,), (i,), "")
    parts = split_answer(response)
    if not parts:
        return Verdict(False, (), (), "no answer")
    if len(parts) > MAX_PARTS or len(parts) != q.need:
        want = "one answer" if q.need == 1 else f"{q.need} answers"
        return Verdict(False, parts, tuple(None for _ in parts), f"{want} needed")
    taken: set[int] = set()
    matched: list[int | None] = []
    for p in parts:
        i = _match_part(q, p, taken)
        matched.append(i)
        if i is not None:
            taken.add(i)
    if None in matched:
        bad = [p for p, i in zip(parts, matched, strict=True) if i is None]
        return Verdict(False, parts, tuple(matched), f"not accepted: {', '.join(bad)}")
    return Verdict(True, parts, tuple(matched), "")


def printable() -> list[dict[str, Any]]:
    """The deck as the printable card sheets show it: per card, its five questions in
    colour order with the printed answer."""
    return [
        {
            "id": c.id,
            "questions": [
                {"colour": q.colour, "text": q.text, "answer": q.answer_text()} for q in c.questions
            ],
        }
        for c in deck()
    ]


def all_questions() -> tuple[Question, ...]:
    return tuple(q for c in deck() for q in c.questions)

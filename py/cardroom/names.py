"""The one tolerant matcher for typed state names, capitals and postal codes.

Every typed answer in cardroom (State IQ guesses, Dashing States answers, the quizzes,
``cardroom atlas NAME``) goes through this module, so all screens forgive the same slips
and refuse the same mistakes (R-25):

* case, accents, punctuation, spaces and hyphens do not matter ("new-york", "NEWYORK");
  "St."/"St" read as "Saint"; "N."/"S."/"W." before Dakota, Carolina or Virginia read as
  North/South/West; a leading "State of" and a trailing "state" are ignored;
* a postal code matches only exactly ("PA", "pa"), never by closeness;
* a slip matches when its edit distance (insertions, deletions, substitutions and swaps
  of neighbouring letters) to one name is within the tolerance for that name's length
  (0 up to 3 letters, 1 from 4 to 7, 2 up to 11, 3 beyond: "Utha" is Utah, R-220) and
  strictly nearer than to any other name; two names equally near make the text *ambiguous*;
* the exact name of a state (or capital) always means that state: tolerance never turns
  one real name into another.

:func:`match_state` / :func:`match_capital` return the state or ``None``;
:func:`resolve_state` / :func:`resolve_capital` return a :class:`Match` that tells
"unknown" from "ambiguous" and lists the candidates.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

from . import atlas

__all__ = [
    "Match",
    "distance",
    "is_capital_of",
    "is_state",
    "match_capital",
    "match_state",
    "misspelled",
    "normalise",
    "resolve_capital",
    "resolve_state",
    "tolerance",
]

_DIRECTIONS = {"n": "north", "s": "south", "w": "west"}
_DIRECTED = {"dakota", "carolina", "virginia"}


def _words(text: str) -> list[str]:
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    cleaned = "".join(ch if ch.isalnum() else " " for ch in plain.replace("'", ""))
    return cleaned.split()


def normalise(text: str) -> str:
    """The comparison key of a typed text: letters and digits only, lower case, with the
    abbreviations above spelled out ("St. Paul" -> "saintpaul", "N Dakota" -> "northdakota")."""
    words = _words(text)
    if len(words) > 2 and words[:2] == ["state", "of"]:
        words = words[2:]
    if len(words) > 1 and words[-1] == "state":
        words = words[:-1]
    out: list[str] = []
    for i, w in enumerate(words):
        if w in ("st", "ste"):
            w = "saint"
        elif w in _DIRECTIONS and i + 1 < len(words) and words[i + 1] in _DIRECTED:
            w = _DIRECTIONS[w]
        out.append(w)
    return "".join(out)


def distance(a: str, b: str, limit: int = 99) -> int:
    """Optimal string alignment distance (Damerau-Levenshtein without repeated edits of a
    substring); values above ``limit`` are reported as ``limit + 1``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        best = cur[0]
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
            best = min(best, v)
        if best > limit:
            return limit + 1
        prev2, prev = prev, cur
    return min(prev[len(b)], limit + 1)


def tolerance(key: str) -> int:
    """How many slips a name of this many letters forgives."""
    n = len(key)
    if n <= 3:
        return 0
    if n <= 7:
        return 1
    if n <= 11:
        return 2
    return 3


@dataclass(frozen=True, slots=True)
class Match:
    """The outcome of matching a typed text.

    ``status`` is ``"exact"`` (a name, alias or postal code), ``"close"`` (a tolerated
    slip), ``"ambiguous"`` (two or more states equally near) or ``"unknown"``;
    ``code`` is the state's postal code for exact and close matches;
    ``candidates`` lists the states that tied (ambiguous) or the one found.
    """

    text: str
    status: str
    code: str | None
    candidates: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return self.code is not None

    @property
    def state(self) -> atlas.StateFacts | None:
        return atlas.by_code()[self.code] if self.code else None

    def message(self, what: str = "state") -> str:
        """A sentence for the player or the command line."""
        if self.status == "unknown":
            return f"no {what} matches {self.text!r}"
        names = [atlas.by_code()[c].name for c in self.candidates]
        if self.status == "ambiguous":
            return f"{self.text!r} could be {' or '.join(names)}; type more of the name"
        return f"{self.text!r} is {names[0]}"


@cache
def _state_keys() -> tuple[dict[str, str], tuple[tuple[str, str], ...]]:
    exact: dict[str, str] = {}
    fuzzy: list[tuple[str, str]] = []
    for s in atlas.states():
        key = normalise(s.name)
        exact[key] = s.code
        fuzzy.append((key, s.code))
    return exact, tuple(fuzzy)


@cache
def _capital_keys() -> tuple[dict[str, str], tuple[tuple[str, str], ...]]:
    exact: dict[str, str] = {}
    fuzzy: list[tuple[str, str]] = []
    for s in atlas.states():
        key = normalise(s.capital)
        exact[key] = s.code
        fuzzy.append((key, s.code))
    return exact, tuple(fuzzy)


@cache
def _codes() -> dict[str, str]:
    return {s.code.casefold(): s.code for s in atlas.states()}


def _resolve(text: str, keys: tuple[dict[str, str], tuple[tuple[str, str], ...]]) -> Match:
    key = normalise(text)
    if not key:
        return Match(text, "unknown", None, ())
    exact, fuzzy = keys
    if key in exact:
        return Match(text, "exact", exact[key], (exact[key],))
    best: dict[str, int] = {}
    for name_key, code in fuzzy:
        tol = tolerance(name_key)
        d = distance(key, name_key, tol)
        if d <= tol:
            best[code] = min(d, best.get(code, d))
    if not best:
        return Match(text, "unknown", None, ())
    low = min(best.values())
    tied = tuple(sorted(c for c, d in best.items() if d == low))
    if len(tied) > 1:
        return Match(text, "ambiguous", None, tied)
    return Match(text, "close", tied[0], tied)


def resolve_state(text: str, *, codes: bool = True) -> Match:
    """Match a typed state name (or, with ``codes``, a postal code) to a state."""
    if not isinstance(text, str):
        return Match(str(text), "unknown", None, ())
    return _resolve_state(text, codes)


@lru_cache(maxsize=4096)
def _resolve_state(text: str, codes: bool) -> Match:
    if codes:
        code = _codes().get(text.strip().casefold())
        if code is not None:
            return Match(text, "exact", code, (code,))
    return _resolve(text, _state_keys())


def resolve_capital(text: str) -> Match:
    """Match a typed capital to its state ("st paul" -> MN, "Bismark" -> ND)."""
    if not isinstance(text, str):
        return Match(str(text), "unknown", None, ())
    return _resolve_capital(text)


@lru_cache(maxsize=4096)
def _resolve_capital(text: str) -> Match:
    return _resolve(text, _capital_keys())


def match_state(text: str, *, codes: bool = True) -> atlas.StateFacts | None:
    """The state a typed name (or postal code) means, or None (unknown or ambiguous)."""
    return resolve_state(text, codes=codes).state


def match_capital(text: str) -> atlas.StateFacts | None:
    """The state whose capital a typed text means, or None (unknown or ambiguous)."""
    return resolve_capital(text).state


def misspelled(text: str, right: str) -> bool:
    """Was ``text``, accepted as ``right``, accepted only by forgiving a slip? Then the
    screen shows the right spelling ("Saint Paux" for Saint Paul). Case, spaces, accents,
    punctuation and the abbreviations :func:`normalise` spells out are not slips, nor is
    a postal code, and answers without letters (a rank) have no spelling to show."""
    if not isinstance(text, str) or not any(ch.isalpha() for ch in right):
        return False
    if text.strip().casefold() in _codes():
        return False
    key = normalise(text)
    return bool(key) and key != normalise(right)


def is_state(text: str, code: str, *, codes: bool = False) -> bool:
    """Does a typed answer name the state ``code``? (postal codes only with ``codes``)"""
    return resolve_state(text, codes=codes).code == code


def is_capital_of(text: str, code: str) -> bool:
    """Does a typed answer name the capital of state ``code``?"""
    return resolve_capital(text).code == code

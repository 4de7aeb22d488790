"""The word list (ENABLE, public domain) and the word finder the bots use.

The list ships inside the package as ``cardroom/data/enable1.txt.gz``: ENABLE without its
slurs and obscenities (``sitebuild/wordfilter.py``), 172,586 lowercase words, sorted, one
a line (453 KB gzipped, 1.7 MB unpacked). It is loaded on first use only (never when the package is imported) into one sorted Python list, which is itself
the index: a binary search (``bisect``) answers "is this a word?" and "does any word
start with this?", so the list doubles as an implicit trie for the finder and nothing
else has to be built at load time.

:func:`find_words` walks that trie with the letters of one suit plus wild cards;
:func:`find_extensions` finds letters to add at the front or back of a table word.
Both take a node budget so that a bot's move stays within its time limit.
"""

from __future__ import annotations

import gzip
import time
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources

__all__ = [
    "ALPHABET",
    "find_extensions",
    "find_words",
    "has_prefix",
    "is_word",
    "load",
    "load_index",
    "loaded",
    "decode_index",
    "load_seconds",
    "word_list",
]

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
_WORDS: list[str] | None = None
_LOAD_SECONDS: float | None = None


def load(raw: bytes | None = None) -> list[str]:
    """The sorted word list (read and unpacked on the first call, then kept). ``raw`` is
    the gzipped file's bytes when the caller fetched them itself (a page that keeps the
    dictionary out of its start-up download); by default the packaged file is read."""
    global _WORDS, _LOAD_SECONDS
    if _WORDS is None:
        t0 = time.perf_counter()
        if raw is None:
            raw = resources.files("cardroom").joinpath("data/enable1.txt.gz").read_bytes()
        words = gzip.decompress(raw).decode("ascii").split()
        _WORDS = words
        _LOAD_SECONDS = time.perf_counter() - t0
    return _WORDS


#: The site's word index (``sitebuild/words.py``): the sorted list front-coded, one word a
#: line as one character for the length of the prefix it shares with the word before
#: (``chr(48 + n)``) and the rest of the word, gzipped (246 KB instead of 453 KB).
INDEX_MAGIC = b"cardroom-words-1\n"


def decode_index(raw: bytes) -> list[str]:
    """The sorted word list from the site's front-coded index (see :data:`INDEX_MAGIC`)."""
    text = gzip.decompress(raw)
    if not text.startswith(INDEX_MAGIC):
        raise ValueError("not a cardroom word index")
    words: list[str] = []
    append = words.append
    prev = ""
    for line in text[len(INDEX_MAGIC) :].decode("ascii").split("\n"):
        prev = prev[: ord(line[0]) - 48] + line[1:]
        append(prev)
    return words


def load_index(raw: bytes) -> list[str]:
    """Load the dictionary from the site's word index (fetched by the page when the
    Tri-Virsity screen opens); a no-op once loaded. Timed like :func:`load`."""
    global _WORDS, _LOAD_SECONDS
    if _WORDS is None:
        t0 = time.perf_counter()
        _WORDS = decode_index(raw)
        _LOAD_SECONDS = time.perf_counter() - t0
    return _WORDS


def loaded() -> bool:
    """Is the dictionary in memory (a word check will not read it first)?"""
    return _WORDS is not None


def load_seconds() -> float | None:
    """How long the first :func:`load` took (None if it has not run)."""
    return _LOAD_SECONDS


def word_list() -> list[str]:
    return load()


def is_word(word: str) -> bool:
    """Is ``word`` (lowercase) in the dictionary?"""
    w = _WORDS if _WORDS is not None else load()
    i = bisect_left(w, word)
    return i < len(w) and w[i] == word


def has_prefix(prefix: str) -> bool:
    """Does some dictionary word start with ``prefix`` (or equal it)?"""
    w = _WORDS if _WORDS is not None else load()
    i = bisect_left(w, prefix)
    return i < len(w) and w[i].startswith(prefix)


def _next_letters(w: list[str], prefix: str) -> list[str]:
    """The letters that follow ``prefix`` in some word: one binary search per letter."""
    out: list[str] = []
    n = len(prefix)
    i = bisect_left(w, prefix)
    size = len(w)
    while i < size:
        word = w[i]
        if not word.startswith(prefix):
            break
        if len(word) == n:
            i += 1
            continue
        c = word[n]
        out.append(c)
        if c == "z":
            break
        i = bisect_left(w, prefix + chr(ord(c) + 1), i)
    return out


@lru_cache(maxsize=50_000)
def _node(prefix: str) -> tuple[bool, str]:
    """Is ``prefix`` a word, and which letters may follow it (cached trie node)?"""
    w = _WORDS if _WORDS is not None else load()
    i = bisect_left(w, prefix)
    return (i < len(w) and w[i] == prefix), "".join(_next_letters(w, prefix))


class Budget:
    """A count of trie nodes a search may still visit."""

    __slots__ = ("left",)

    def __init__(self, nodes: int) -> None:
        self.left = nodes


def find_words(
    letters: Iterable[str],
    wilds: int = 0,
    *,
    min_len: int = 3,
    max_len: int = 15,
    budget: int = 20_000,
    start: str = "",
) -> list[tuple[str, tuple[int, ...]]]:
    """Words spelled from ``letters`` (lowercase, with repeats) and up to ``wilds`` wild
    cards, at least ``min_len`` long: ``(word, positions spelled by a wild)``. A real
    letter is always used before a wild. ``start`` fixes the beginning (letters already on
    the table, used to extend a word at its back; they are not counted as wild or hand).
    Results are cached by the sorted letters, so a bot that asks again is answered at once."""
    key = "".join(sorted(letters))
    return list(_find_cached(key, wilds, min_len, max_len, budget, start))


@lru_cache(maxsize=4096)
def _find_cached(
    letters: str, wilds: int, min_len: int, max_len: int, budget: int, start: str
) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return tuple(
        _find_words(letters, wilds, min_len=min_len, max_len=max_len, budget=budget, start=start)
    )


def _find_words(
    letters: Iterable[str],
    wilds: int = 0,
    *,
    min_len: int = 3,
    max_len: int = 15,
    budget: int = 20_000,
    start: str = "",
) -> list[tuple[str, tuple[int, ...]]]:
    counts = Counter(letters)
    found: list[tuple[str, tuple[int, ...]]] = []
    left = Budget(budget)
    base = len(start)

    def go(prefix: str, wl: int, wild_at: tuple[int, ...]) -> None:
        if left.left <= 0:
            return
        left.left -= 1
        here, nexts = _node(prefix)
        if here and len(prefix) - base >= 1 and len(prefix) >= min_len:
            found.append((prefix, wild_at))
        if len(prefix) - base >= max_len:
            return
        for c in nexts:
            if counts[c] > 0:
                counts[c] -= 1
                go(prefix + c, wl, wild_at)
                counts[c] += 1
            elif wl > 0:
                go(prefix + c, wl - 1, (*wild_at, len(prefix) - base))

    if start == "" or has_prefix(start):
        go(start, wilds, ())
    return found


def find_extensions(
    word: str,
    letters: Iterable[str],
    wilds: int = 0,
    *,
    max_add: int = 4,
    budget: int = 6_000,
) -> list[tuple[str, str, tuple[int, ...]]]:
    """Ways to add letters from ``letters`` (and ``wilds``) at one end of the table word
    ``word``: ``(end, added letters, positions of the added letters spelled by wilds)``
    for every dictionary word formed, ``end`` being ``"front"`` or ``"back"``."""
    key = "".join(sorted(letters))
    return list(_ext_cached(word, key, wilds, max_add, budget))


@lru_cache(maxsize=4096)
def _ext_cached(
    word: str, letters: str, wilds: int, max_add: int, budget: int
) -> tuple[tuple[str, str, tuple[int, ...]], ...]:
    return tuple(_find_extensions(word, letters, wilds, max_add=max_add, budget=budget))


def _find_extensions(
    word: str,
    letters: Iterable[str],
    wilds: int = 0,
    *,
    max_add: int = 4,
    budget: int = 6_000,
) -> list[tuple[str, str, tuple[int, ...]]]:
    w = load()
    out: list[tuple[str, str, tuple[int, ...]]] = []
    letters = list(letters)
    for full, wild_at in _find_words(
        letters, wilds, min_len=len(word) + 1, max_len=max_add, budget=budget, start=word
    ):
        out.append(("back", full[len(word) :], wild_at))
    # Front: grow a prefix q (itself a prefix of some word) and test q + word.
    counts = Counter(letters)
    left = Budget(budget)

    def go(q: str, wl: int, wild_at: tuple[int, ...]) -> None:
        if left.left <= 0:
            return
        left.left -= 1
        if q:
            cand = q + word
            i = bisect_left(w, cand)
            if i < len(w) and w[i] == cand:
                out.append(("front", q, wild_at))
        if len(q) >= max_add:
            return
        for c in _node(q)[1]:
            if counts[c] > 0:
                counts[c] -= 1
                go(q + c, wl, wild_at)
                counts[c] += 1
            elif wl > 0:
                go(q + c, wl - 1, (*wild_at, len(q)))

    go("", wilds, ())
    return out

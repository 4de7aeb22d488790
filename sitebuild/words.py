"""The Tri-Virsity word index: the playable list (ENABLE without slurs and obscenities,
filtered at build time by ``sitebuild.wordfilter``; the package's copy
``cardroom/data/enable1.txt.gz`` is kept out of the package zip, ``package.LAZY``)
front-coded for the page to fetch when the Tri-Virsity screen opens, never on the start
path.

Front coding stores each word of the sorted list as the length of the prefix it shares with
the word before and the rest of it: the sorted list, i.e. a trie flattened in order, which
``cardroom.trivirsity.words`` answers from by binary search. Gzipped it is 246 KB (the plain
list 453 KB). The file is content-addressed (``words/enable1-<hash>.txt.gz``); the package
learns its name from ``cardroom/data/word_index.json`` (written into the zip), and the
service worker fetches it after the first visit is ready
(``offline.write_service_worker(later=...)``).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from cardroom.trivirsity.words import INDEX_MAGIC, decode_index

from . import wordfilter
from .common import content_name

__all__ = ["INDEX_INFO", "encode_index", "playable_words", "write_index"]

#: Where the package finds the index's address (a file added to the package zip).
INDEX_INFO = "data/word_index.json"


def encode_index(words: list[str]) -> bytes:
    """The sorted ``words`` front-coded and gzipped (deterministic: no timestamp)."""
    if words != sorted(words) or len(set(words)) != len(words):
        raise SystemExit("word index: the list must be sorted without repeats")
    lines = []
    prev = ""
    for w in words:
        n = 0
        top = min(len(prev), len(w), 78)  # chr(48 + 78) is "~": one printable character
        while n < top and prev[n] == w[n]:
            n += 1
        lines.append(chr(48 + n) + w[n:])
        prev = w
    return gzip.compress(INDEX_MAGIC + "\n".join(lines).encode("ascii"), 9, mtime=0)


def playable_words() -> list[str]:
    """The playable list, filtered now from ENABLE against cuss (``sitebuild.wordfilter``);
    the build stops if the package's copy (what the engine and the referee read) differs."""
    kept, _gone = wordfilter.playable(
        wordfilter.read_list(wordfilter.SOURCE), wordfilter.cuss_ratings()
    )
    if wordfilter.read_list(wordfilter.PACKAGED) != kept:
        raise SystemExit(
            "word list: py/cardroom/data/enable1.txt.gz is not ENABLE filtered against cuss: "
            "run python -m sitebuild.wordfilter"
        )
    return kept


def write_index(out: Path, words: list[str]) -> tuple[str, bytes]:
    """Write the index of ``words`` under ``out/words/``; return (its path relative to
    ``out``, the JSON the package reads to find it)."""
    data = encode_index(words)
    if decode_index(data) != words:
        raise SystemExit("word index: does not decode to the word list")
    name = content_name("words/enable1", data, ".txt.gz")
    (out / name).parent.mkdir(parents=True, exist_ok=True)
    (out / name).write_bytes(data)
    info = {"url": name, "bytes": len(data), "words": len(words)}
    return name, json.dumps(info, sort_keys=True).encode()

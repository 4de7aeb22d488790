"""``cardroom referee tri-virsity [--variant V] WORD...``: may each word be played, and
what is it worth in a plain suit? The same check a ``lay`` gets in strict mode (R-91)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from .deck import LETTERS
from .game import VARIANTS, check_word

__all__ = ["main", "referee", "word_points"]


def word_points(word: str) -> tuple[int, int]:
    """``(points, wilds)``: the word's value spelled with one suit's letter cards, and how
    many wild cards it needs where the suit runs out of a letter (each letter's copies
    per suit are in the rule book's table); wilds are not counted in the points."""
    need = Counter(word.upper())
    wilds = sum(max(0, n - LETTERS[ch][0]) for ch, n in need.items() if ch in LETTERS)
    points = sum(LETTERS[ch][1] * min(n, LETTERS[ch][0]) for ch, n in need.items() if ch in LETTERS)
    return points, wilds


def referee(words: list[str], variant: str = "standard") -> list[dict[str, Any]]:
    """One verdict per word: ``{"word", "ok", "reason", "points", "wilds"}``."""
    if variant not in VARIANTS:
        raise ValueError(f"variant must be one of {sorted(VARIANTS)}")
    min_len = VARIANTS[variant][1]
    out = []
    for w in words:
        ok, reason = check_word(w, min_len)
        pts, wilds = word_points(w.strip().lower()) if w.strip().isalpha() else (0, 0)
        out.append({"word": w, "ok": ok, "reason": reason, "points": pts, "wilds": wilds})
    return out


def main(words: list[str], variant: str = "standard", as_json: bool = False) -> int:
    """The ``cardroom referee tri-virsity`` command: one line per word (or one JSON line),
    exit status 0 when every word may be played, 1 if any may not."""
    verdicts = referee(words, variant)
    if as_json:
        print(json.dumps({"variant": variant, "words": verdicts}))
    else:
        for v in verdicts:
            verdict = "valid" if v["ok"] else "invalid"
            extra = f" (+{v['wilds']} wild)" if v["wilds"] else ""
            print(f"{verdict}: {v['word']}: {v['reason']}; {v['points']} points{extra}")
    return 0 if all(v["ok"] for v in verdicts) else 1

"""The example game of ``docs/engine.md`` is real code: it passes the harness."""

from __future__ import annotations

import re
from pathlib import Path

from cardroom.conformance import check_game

DOC = Path(__file__).resolve().parent.parent / "docs" / "engine.md"


def _example_game():
    text = DOC.read_text(encoding="utf-8")
    code = re.search(r"## A complete game.*?```python\n(.*?)```", text, re.S).group(1)
    namespace: dict = {}
    exec(compile(code, str(DOC), "exec"), namespace)  # noqa: S102 - our own document
    return namespace["HighCard"](), code


def _oracle(game, playout):
    """Two of three pairs, read from the move list."""
    cards = [m.data for m in playout.moves]
    won = sum(cards[i] > cards[i + 1] for i in range(0, 6, 2))
    return (10, 0) if won >= 2 else (0, 10)


def test_the_documented_example_is_short_and_passes_the_harness():
    game, code = _example_game()
    lines = [ln for ln in code.splitlines() if ln.strip() and not ln.startswith(("from", "import"))]
    assert len(lines) <= 60
    report = check_game(game, range(1000), oracle=_oracle)
    assert report.games == 1000 and report.pinned >= 1000 and report.resampled >= 1000
    assert set(report.points) == {"10,0", "0,10"}

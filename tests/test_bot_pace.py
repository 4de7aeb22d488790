"""The computer's pace is a decision (docs/bots.md, R-240..R-244):
``python -m cardroom.web.pace`` measures it through the site's engine clients, and these tests hold the measured figures to the documented
targets, on a modest number of deals so that they run in seconds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardroom.geoplunge.chummy_bot import ChummyBot
from cardroom.web import pace

DOC = Path(__file__).resolve().parent.parent / "docs" / "bots.md"

#: (game, level, deals): every level group of :data:`pace.TARGETS`, a few deals each.
CASES = [
    ("border-up", 2, 10),
    ("border-up", 3, 10),
    ("border-up", 4, 10),
    ("dashing-states", 2, 5),
    ("dashing-states", 4, 5),
    ("chummy-challenge", 3, 20),
    ("chummy-challenge", 4, 20),
    ("state-iq", 2, 8),
    ("state-iq", 4, 6),
]


@pytest.mark.parametrize(("slug", "level", "games"), CASES)
def test_each_difficultys_pace_is_within_its_target(
    slug: str, level: int, games: int, capsys: pytest.CaptureFixture[str]
) -> None:
    code = pace.main([slug, "--level", str(level), "--games", str(games)])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and set(report) == set(pace.DIFFICULTIES)
    for difficulty, figures in report.items():
        assert set(figures) == {"action", "chances", "acted", "rate", "median_s", "p90_s"}
        assert figures["action"] == pace.ACTIONS[slug] and figures["chances"] >= 4
        off = pace.within(figures, pace.target(slug, level, difficulty))
        assert not off, f"{slug} Level {level} {difficulty}: {off} ({figures})"


def test_the_paces_are_ordered_by_difficulty() -> None:
    """Easy is slower than medium, medium than hard, in every game (targets)."""
    for (slug, levels, _), _t in pace.TARGETS.items():
        ts = [pace.TARGETS[(slug, levels, d)] for d in pace.DIFFICULTIES]
        assert ts[0].median_s[0] >= ts[1].median_s[0] >= ts[2].median_s[0]
        assert ts[0].median_s[1] >= ts[1].median_s[1] >= ts[2].median_s[1]


def _range(text: str) -> tuple[float, float]:
    lo, hi = re.fullmatch(r"([\d.]+)[-–]([\d.]+) ?[s%]?", text.strip()).groups()  # type: ignore[union-attr]
    return float(lo), float(hi)


def test_docs_state_the_same_targets() -> None:
    """docs/bots.md's table is :data:`pace.TARGETS`, row for row."""
    rows = {}
    for line in DOC.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or cells[2] not in pace.DIFFICULTIES:
            continue
        slug = cells[0].strip("`")
        levels = tuple(int(x) for x in re.findall(r"\d", cells[1]))
        rate = tuple(x / 100 for x in _range(cells[3]))
        rows[(slug, levels, cells[2])] = pace.Target(
            rate[0], rate[1], _range(cells[4]), _range(cells[5])
        )
    assert rows == pace.TARGETS


def test_medium_chummy_buzzes_on_every_question_it_knows() -> None:
    """Against a person who never buzzes, the medium computer buzzes on each question it
    knows the answer to (it used to let many go: a class saw no buzz in three
    challenges)."""
    known = buzzed = 0
    for seed in range(10):
        seen: dict[int, tuple[int, str, list[str]]] = {}

        def watch(eng: object, seen: dict = seen) -> None:
            v = eng.view(1)  # type: ignore[attr-defined]
            if v["phase"] in ("read", "window"):
                cur = v["current"]
                seen[cur["number"]] = (cur["start"], cur["colour"], list(cur["words"]))

        eng = pace.play("chummy-challenge", 4, "medium", seed, watch)
        bot = ChummyBot("medium", seed)
        buzzes = [m["at"] for m in eng.moves if m["seat"] == 1 and m["kind"] == "buzz"]
        starts = sorted(s for s, _, _ in seen.values())
        for number, (start, colour, words) in seen.items():
            if not bot.knows(number, colour, words):
                continue
            known += 1
            later = [s for s in starts if s > start]
            end = later[0] if later else 10**12
            buzzed += any(start <= at < end for at in buzzes)
    assert known >= 15 and buzzed == known

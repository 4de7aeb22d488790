"""The figures of Learn mode's progress screens, in plain Python (tested on CPython): the
mastery of each state, the weakest states, the answers per day as a chart, and a class's
table from its students' files. ``web/learn/stats.py`` puts them in the page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from cardroom import learn
from cardroom.core import CorruptState
from cardroom.learn import KINDS, Progress
from cardroom.web.learn.logic import day_label, state_names

__all__ = [
    "MASTERY_WORDS",
    "chart_rows",
    "chart_svg",
    "class_rows",
    "class_table_html",
    "export_name",
    "fact_label",
    "mastery_boxes",
    "mastery_counts",
    "weakest_states",
]


def fact_label(fact: str) -> str:
    """Words for a fact: "capitals:MT" -> "Montana: Capital of the state"."""
    kind, _, code = fact.partition(":")
    return f"{state_names().get(code, code)}: {KINDS.get(kind, {'title': kind})['title']}"


def mastery_boxes(p: Progress, kind: str | None) -> dict[str, int]:
    """Per state, its Leitner box (0 never answered .. 5) for one quiz kind, or the
    average box over the kinds it was asked in (rounded down) for all kinds."""
    codes = sorted(state_names())
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
    names = state_names()
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

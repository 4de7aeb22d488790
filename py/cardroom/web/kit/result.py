"""The table kit's result panel as HTML (pure Python, no DOM): the headline, why the game
ended, the actions, and each team's points. :meth:`cardroom.web.kit.table.Table.finish`
mounts it; a game's own sections come in as HTML (its UI's ``result_html`` and
``result_side_html``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from cardroom.web.kit.logic import hints_used

__all__ = ["number", "points_team_html", "result_html", "signed"]

#: The true minus sign: every number on a result is written with it, never a hyphen.
MINUS = "\u2212"


def number(n: int) -> str:
    """A whole number as a result shows it: "−10" with the true minus sign (a hyphen
    beside "Hand 1 −10" read as a different mark: a play-test)."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    """A score line's points with its sign: "+20", "−10"."""
    return number(n) if n < 0 else f"+{n}"


def points_team_html(row: Mapping[str, Any], note_html: str = "", hints: int | None = None) -> str:
    """One team's points: its lines of the shared scoring table (a row of
    :func:`cardroom.web.kit.logic.points_table`), its total, the game's note for it
    (HTML), and the hints it used (None: not shown, as for a computer or a game with
    no hints)."""
    team = row["team"]
    items = (
        "".join(
            f"<li><span>{escape(x['label'])}</span> <strong>{signed(x['points'])}</strong></li>"
            for x in row["lines"]
        )
        or "<li><span>No points</span> <strong>0</strong></li>"
    )
    used = (
        ""
        if hints is None
        else f'<p class="kit-hints-used" data-hints="{team}">{hints_used(hints)}</p>'
    )
    return (
        f'<div class="kit-points-team" data-team="{team}">'
        f"<h4>{escape(row['name'])}</h4><ul>{items}</ul>"
        f'<p class="kit-points-total">Total <strong data-points="{team}">'
        f"{number(row['total'])}</strong></p>{note_html}{used}</div>"
    )


def result_html(
    *,
    headline: str,
    tone: str,
    winner: int | None,
    summary: str,
    teams: Sequence[str],
    points_rule: str,
    game_html: str = "",
    side_html: str = "",
) -> str:
    """The result panel: ``teams`` are :func:`points_team_html` blocks; ``game_html`` and
    ``side_html`` are the game's own sections, in the main column and beside it. It
    starts "settling": the table lifts that once a touch that ended the game can no
    longer press its buttons (R-113)."""
    return (
        f'<div class="kit-result kit-tone-{tone} is-settling" data-winner="'
        f'{"tie" if winner is None else winner}">'
        '<div class="kit-result-main">'
        f'<h2 class="kit-result-title" id="kit-result-title" tabindex="-1">'
        f"{escape(headline)}</h2>"
        f'<p class="kit-result-why" data-reason>{escape(summary)}</p>'
        '<div class="kit-result-actions">'
        '<button type="button" class="bu-btn bu-primary" data-act="again">Play again</button>'
        '<button type="button" class="bu-btn bu-quiet" data-act="replay">'
        "Replay this deal</button>"
        '<button type="button" class="bu-btn bu-quiet" data-act="setup">Back to setup</button>'
        "</div>"
        '<section class="kit-points" aria-labelledby="kit-points-h">'
        '<h3 id="kit-points-h">Points</h3>'
        f'<div class="kit-points-grid">{"".join(teams)}</div>'
        f'<p class="kit-points-rule">{escape(points_rule)}</p></section>'
        f"{game_html}</div>{side_html}"
        "</div>"
    )

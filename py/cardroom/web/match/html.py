"""The match screen's HTML (plain Python, tested on CPython; web/match/screen.py puts it in
the page): the setup form, the bar above each game, the screens between games, the secret
calls and picks, and the result (R-170..R-174). What they say is decided by
:mod:`cardroom.web.match.logic`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from cardroom.match import COMBO_GAMES, KINDS, KINDS_OF, Match, game_title
from cardroom.web.match.logic import (
    HOW_TO,
    KIND_TEXT,
    MATCH_MODES,
    MODE_NOTES,
    MatchSetup,
    between_text,
    combo_game_name,
    combos_of,
    pick_choices,
    played_rows,
    result_text,
    up_line,
)
from cardroom.web.platform.routes import DIFFICULTY_TEXT

__all__ = [
    "LAYOUT_HTML",
    "afternoon_html",
    "bar_parts",
    "between_html",
    "call_html",
    "result_html",
    "setup_html",
]


def _radio(name: str, value: str, label: str, note: str, on: bool, extra: str = "") -> str:
    return (
        f'<label class="kit-choice"{extra}><input type="radio" name="{name}" value="{value}"'
        f'{" checked" if on else ""}><span class="kit-choice-body"><span '
        f'class="kit-choice-label">{escape(label)}</span><span class="kit-choice-note">'
        f"{escape(note)}</span></span></label>"
    )


def setup_html(setup: MatchSetup) -> str:
    """The setup form, filled in from ``setup`` (R-170)."""
    combos = "".join(
        _radio(
            "combo",
            str(c),
            f"Combo {c}",
            f"Level {lv}: " + ", ".join(game_title(g) if g != "game-4" else "Game 4" for g in gs),
            c == setup.combo,
        )
        for c, (lv, gs) in COMBO_GAMES.items()
    )
    kinds = "".join(
        _radio(
            "kind",
            k,
            KIND_TEXT[k],
            "Combo " + " and ".join(combos_of(k).split()),
            k == setup.kind,
            f' data-combos="{combos_of(k)}"' + ("" if k in KINDS_OF[setup.combo] else " hidden"),
        )
        for k in KINDS
    )
    modes = "".join(
        _radio("mode", k, text, MODE_NOTES[k], k == setup.mode) for k, text in MATCH_MODES.items()
    )
    diffs = "".join(
        _radio("difficulty", d, d.capitalize(), DIFFICULTY_TEXT[d], d == setup.difficulty)
        for d in DIFFICULTY_TEXT
    )
    seed = "" if setup.seed is None else str(setup.seed)
    hide = " hidden" if setup.mode in ("local", "devices") else ""
    return f"""
<form class="kit-setup mt-setup" id="mt-setup" novalidate>
  <section class="kit-howto" aria-labelledby="mt-howto-h">
    <h2 id="mt-howto-h">How a match works</h2><p>{escape(HOW_TO)}</p></section>
  <fieldset class="kit-fieldset"><legend>Combo</legend><div class="kit-choices">{combos}</div>
  </fieldset>
  <fieldset class="kit-fieldset"><legend>Kind of round</legend>
    <div class="kit-choices">{kinds}</div></fieldset>
  <div class="kit-seed-row">
    <label for="mt-minutes">Round clock, minutes <span class="kit-optional">(20 for a morning,
    All or Call round, 12 for an afternoon; shorter for a demonstration)</span></label>
    <input id="mt-minutes" name="minutes" type="text" inputmode="numeric" maxlength="2"
      autocomplete="off" value="{setup.minutes}">
  </div>
  <fieldset class="kit-fieldset"><legend>Who plays</legend>
    <div class="kit-choices">{modes}</div></fieldset>
  <fieldset class="kit-fieldset" id="mt-difficulty"{hide}>
    <legend>Computer</legend><div class="kit-choices">{diffs}</div></fieldset>
  <div class="kit-seed-row">
    <label for="mt-seed">Deal number <span class="kit-optional">(optional: the same number
    deals the same match)</span></label>
    <input id="mt-seed" name="seed" type="text" inputmode="numeric" maxlength="10"
      autocomplete="off" value="{seed}">
  </div>
  <p class="kit-setup-error" id="mt-setup-error" role="alert"></p>
  <button type="submit" class="bu-btn bu-primary kit-start">Start</button>
</form>"""


#: The match bar over the stage (a game's table, the picks, between games, the result),
#: and the "Leave this match?" question for when no game is on the table.
LAYOUT_HTML = (
    '<div class="mt-match"><div class="mt-bar" role="group" aria-label="Match">'
    '<p class="mt-round"><span class="mt-label">Round clock</span> '
    '<span class="mt-clock" id="mt-clock" role="timer">0:00</span></p>'
    '<p class="mt-score" id="mt-score"></p><p class="mt-up" id="mt-up"></p>'
    '<details class="mt-played"><summary id="mt-played-sum">Games played</summary>'
    '<ol id="mt-played"></ol></details></div>'
    '<div class="mt-stage" id="mt-stage"></div>'
    '<div class="kit-overlay" id="mt-leave" hidden><div class="kit-dialog" '
    'role="alertdialog" aria-modal="true" aria-labelledby="mt-leave-h">'
    '<h2 id="mt-leave-h">Leave this match?</h2><p>If you leave, the match ends '
    'here.</p><div class="kit-dialog-buttons"><button type="button" class="bu-btn '
    'bu-primary" data-mleave="stay">Keep playing</button><button type="button" '
    'class="bu-btn bu-quiet" data-mleave="go">Leave the match</button></div></div>'
    "</div></div>"
)


def bar_parts(m: Match, teams: Sequence[str]) -> dict[str, str]:
    """The match bar's points, what is up, and the games played (HTML)."""
    a, b = m.points()
    rows = played_rows(m, teams)
    return {
        "score": f'Points: {escape(teams[0])} <strong data-mpoints="0">{a}</strong> · '
        f'{escape(teams[1])} <strong data-mpoints="1">{b}</strong>',
        "up": up_line(m),
        "summary": f"Games played ({len(rows)})",
        "played": "".join(
            f'<li data-game="{r["number"]}">{escape(r["title"])}: {r["points"][0]}-'
            f"{r['points'][1]} ({escape(r['note'])})</li>"
            for r in rows
        ),
    }


def between_html(m: Match, teams: Sequence[str], watch: bool) -> tuple[str, str]:
    """The screen between games (HTML) and what is said aloud."""
    head, lines = between_text(m, teams)
    note = '<p class="mt-watch-note">Watching: the match goes on by itself.</p>' if watch else ""
    html = (
        '<section class="mt-between" aria-labelledby="mt-between-h">'
        f'<h2 id="mt-between-h" tabindex="-1">{escape(head)}</h2>'
        + "".join(f"<p>{escape(x)}</p>" for x in lines)
        + '<button type="button" class="bu-btn bu-primary" id="mt-continue">Continue</button>'
        + note
        + "</section>"
    )
    return html, f"{head}. {' '.join(lines)}"


def call_html(m: Match, who: str, team: int) -> str:
    """A team's secret call of two games (R-161, R-172)."""
    boxes = "".join(
        f'<label class="kit-choice mt-call-choice"><input type="checkbox" name="call" '
        f'value="{n}"><span class="kit-choice-body"><span class="kit-choice-label">'
        f"Game {n}: {escape(title)}</span></span></label>"
        for n, title in pick_choices(m)
    )
    return (
        f'<h2 id="mt-pick-h" tabindex="-1">{escape(who)}: call two games</h2>'
        "<p>Each team calls two games in secret; the other team sees them only when both "
        "have called. The games called are played in game order.</p>"
        f'<fieldset class="kit-fieldset"><legend>{escape(who)}\'s call</legend>'
        f'<div class="kit-choices">{boxes}</div></fieldset>'
        '<p class="kit-setup-error" id="mt-call-error" role="alert"></p>'
        f'<button type="button" class="bu-btn bu-primary" data-call="{team}">'
        "Call these two games</button>"
    )


def afternoon_html(
    m: Match, teams: Sequence[str], view: Mapping[str, Any], people: Sequence[int]
) -> str:
    """The afternoon pick: the statehood draw, the picks so far, and the buttons of the
    team to pick when it is one of ``people`` (public: no hand-over)."""
    from cardroom import atlas  # noqa: PLC0415

    by = atlas.by_code()
    drew = "; ".join(
        f"{escape(teams[t])} drew {escape(by[c].name)} (state no. {by[c].statehood_rank})"
        for t, c in enumerate(view["cards"])
    )
    first = view["first"]
    parts = [
        '<h2 id="mt-pick-h" tabindex="-1">The afternoon pick</h2>',
        f"<p>{drew}. {escape(teams[first])}: your state joined the Union first, so you pick "
        "first; the other team then picks a different game.</p>",
    ]
    for t in (first, 1 - first):
        c = view["choices"][t]
        if c:
            parts.append(
                f"<p>{escape(teams[t])} picked Game {c[0]}: {combo_game_name(m, c[0])}.</p>"
            )
    movers = view["to_move"]
    if movers and movers[0] in people:
        t = movers[0]
        taken = view["choices"][1 - t] or []
        buttons = "".join(
            f'<button type="button" class="bu-btn" data-choose="{n}" data-team="{t}"'
            f"{' disabled' if n in taken else ''}>Game {n}: {escape(title)}</button>"
            for n, title in pick_choices(m)
        )
        parts.append(
            f'<div class="mt-pick-buttons" role="group" aria-label="{escape(teams[t])} '
            f'picks a game"><p>{escape(teams[t])}: pick a game.</p>{buttons}</div>'
        )
    return "".join(parts)


def result_html(m: Match, teams: Sequence[str], mode: str) -> tuple[str, str]:
    """The result (who won and why, points per game, Play again, the result code form)
    and what is said aloud."""
    head, tone, why = result_text(m, teams, mode)
    a, b = m.points()
    w = m.winner()
    rows = "".join(
        f'<tr data-game="{r["number"]}"><th scope="row">{escape(r["title"])}</th>'
        f"<td>{r['points'][0]}</td><td>{r['points'][1]}</td><td>{escape(r['note'])}</td></tr>"
        for r in played_rows(m, teams)
    )
    reasons = "".join(f"<p>{escape(x)}</p>" for x in why)
    html = f"""
<section class="kit-result mt-result kit-tone-{tone} is-settling" aria-labelledby="mt-result-h"
  data-winner="{"tie" if w is None else w}">
  <div class="kit-result-main">
  <h2 id="mt-result-h" class="kit-result-title" tabindex="-1">{escape(head)}</h2>
  <div class="kit-result-why mt-why" data-reason>{reasons}</div>
  <div class="kit-result-actions">
    <button type="button" class="bu-btn bu-primary" data-mact="again">Play again</button>
    <button type="button" class="bu-btn bu-quiet" data-mact="replay">Replay this deal</button>
    <button type="button" class="bu-btn bu-quiet" data-mact="setup">Back to setup</button>
  </div>
  <table class="mt-games"><caption>Points per game</caption>
    <thead><tr><th scope="col">Game</th><th scope="col">{escape(teams[0])}</th>
    <th scope="col">{escape(teams[1])}</th><th scope="col">What happened</th></tr></thead>
    <tbody>{rows}</tbody>
    <tfoot><tr><th scope="row">Match points</th><td data-total="0">{a}</td>
    <td data-total="1">{b}</td><td></td></tr></tfoot></table>
  </div>
  <form class="mt-code" id="mt-code-form" novalidate aria-labelledby="mt-code-h">
    <h3 id="mt-code-h">Result code for the tournament director</h3>
    <p>Type what the director's page shows; the code carries this match's points.</p>
    <div class="mt-code-fields">
      <label>Tournament code <input name="tcode" inputmode="numeric" maxlength="2"></label>
      <label>Round <input name="round" inputmode="numeric" maxlength="2" value="1"></label>
      <label>{escape(teams[0])}: team no. <input name="a" inputmode="numeric" maxlength="2"
        value="1"></label>
      <label>{escape(teams[1])}: team no. <input name="b" inputmode="numeric" maxlength="2"
        value="2"></label>
    </div>
    <button type="submit" class="bu-btn">Show the code</button>
    <p class="kit-setup-error" id="mt-code-error" role="alert"></p>
    <div class="mt-code-out" id="mt-code-out" aria-live="polite"></div>
  </form>
</section>"""
    return html, f"{head}. {' '.join(why)}"

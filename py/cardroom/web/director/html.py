"""The tournament director's pages as HTML (plain Python, tested on CPython).

Every control is a native form control or button: mouse, keyboard and touch work alike,
and each form names its action (``data-action``), which ``director_screen`` hands to
:meth:`cardroom.web.director.logic.Desk.act` with the form's fields.
"""

from __future__ import annotations

from html import escape

from cardroom import tournament as tm
from cardroom.web.director.logic import VIEWS, Desk, kind_text, schedule_rows

__all__ = ["render", "schedule_rows"]

COMBO_TEXT = {
    2: "Combo 2: Level 2, Games 1-4",
    3: "Combo 3: Level 3, Games 1-5",
    4: "Combo 4: Level 4, Games 1-5, All and Call matches",
}


def _e(value: object) -> str:
    return escape(str(value))


def render(desk: Desk) -> str:
    """The whole director section: heading, tabs, messages and the current view."""
    t = desk.t
    if t is None:
        head = '<h1 id="td-title">Tournament director</h1>'
    else:
        head = (
            f'<h1 id="td-title">{_e(t.name)}</h1><p class="td-sub">Combo {t.combo} · '
            f"{t.rounds} rounds · {len(t.teams)} teams · tournament code {t.code:02d}</p>"
        )
    tabs = ""
    if t is not None:
        current = ' aria-current="page"'
        items = "".join(
            f'<li><button type="button" class="td-tab" data-view="{v}"'
            f"{current if desk.view == v else ''}>{label}</button></li>"
            for v, label in VIEWS.items()
        )
        tabs = f'<nav class="td-tabs td-noprint" aria-label="Tournament"><ul>{items}</ul></nav>'
    say = f'<p id="td-say" class="td-say td-noprint" role="status" tabindex="-1">{_e(desk.message)}</p>'
    corrupt = _corrupt(desk) if desk.corrupt and desk.view in ("new", "file", "teams") else ""
    view = {
        "new": _new,
        "teams": _teams,
        "rounds": _rounds,
        "standings": _standings,
        "final": _final,
        "file": _file,
    }[desk.view](desk)
    return f'<div class="td-head">{head}</div>{tabs}{corrupt}{say}<div class="td-view">{view}</div>'


def _table(cls: str, label: str, caption: str, columns: tuple[str, ...], rows: str) -> str:
    """One of the director's tables (``caption`` and ``rows`` are HTML), in a box of its own
    that scrolls sideways on a narrow screen, so the page never does; the box takes focus,
    so the keyboard can scroll it too."""
    heads = "".join(f'<th scope="col">{c}</th>' for c in columns)
    return (
        f'<div class="td-scroll" role="region" aria-label="{_e(label)}" tabindex="0">'
        f'<table class="td-table {cls}"><caption>{caption}</caption>'
        f"<thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table></div>"
    )


def _error(desk: Desk, key: str) -> str:
    if desk.error and desk.error_at == key:
        return f'<p class="td-error" id="td-error-{_e(key)}" role="alert" tabindex="-1">{_e(desk.error)}</p>'
    return ""


def _value(desk: Desk, key: str, name: str, default: object) -> str:
    if desk.error_at == key and name in desk.draft:
        return _e(desk.draft[name])
    return _e(default)


def _field(label: str, fid: str, name: str, value: str, extra: str = "") -> str:
    return (
        f'<p class="td-field"><label for="{fid}">{label}</label>'
        f'<input id="{fid}" name="{name}" value="{value}" autocomplete="off"{extra}></p>'
    )


def _corrupt(desk: Desk) -> str:
    return (
        '<div class="td-corrupt td-noprint" role="alert"><p><strong>The tournament kept on '
        f"this device could not be read</strong> ({_e(desk.corrupt)}). A fresh start is "
        "ready below; download the old data first to keep it.</p>"
        '<p><button type="button" class="bu-btn bu-small" data-do="backup">'
        "Download the old data</button></p></div>"
    )


# ------------------------------------------------------------------ new tournament


def _new(desk: Desk) -> str:
    k = "create"
    combos = "".join(
        f'<option value="{n}"'
        f"{' selected' if str(n) == desk.draft.get('combo', str(desk.combo)) else ''}>"
        f"{_e(text)}</option>"
        for n, text in COMBO_TEXT.items()
    )
    replace = ""
    if desk.t is not None:
        replace = (
            f'<p class="td-note">Starting a new tournament replaces {_e(desk.t.name)} on this '
            'device. <button type="button" class="bu-btn bu-small" data-do="export">'
            f"Download {_e(desk.t.name)} first</button></p>"
        )
    return (
        '<h2 id="td-view-h" tabindex="-1">A new tournament</h2>'
        f"{replace}"
        f'<form class="td-form" data-action="{k}">'
        + _field(
            "Tournament name",
            "td-new-name",
            "name",
            _value(desk, k, "name", "Classroom tournament"),
            ' maxlength="60"',
        )
        + f'<p class="td-field"><label for="td-new-combo">Format</label>'
        f'<select id="td-new-combo" name="combo">{combos}</select></p>'
        + _field(  # 8 rounds, as in the books
            "Rounds (8 in the books)",
            "td-new-rounds",
            "rounds",
            _value(desk, k, "rounds", 8),
            ' type="number" min="1" max="20" inputmode="numeric"',
        )
        + '<input type="hidden" name="seed" value="">'
        f"{_error(desk, k)}"
        '<p><button type="submit" class="bu-btn bu-primary">Start the tournament</button></p>'
        "</form>" + _import_box(desk, "td-import-new")
    )


def _import_box(desk: Desk, fid: str) -> str:
    return (
        '<div class="td-import td-noprint"><h3>Open a tournament file</h3>'
        f'<p><label for="{fid}">A file exported from this page (.json)</label> '
        f'<input type="file" id="{fid}" accept=".json,application/json" data-import></p>'
        f"{_error(desk, 'import')}</div>"
    )


# ------------------------------------------------------------------ teams


def _teams(desk: Desk) -> str:
    t = desk.t
    assert t is not None
    rows = []
    for team in t.teams:
        k = f"rename-{team.id}"
        fields = _field(
            "Team name",
            f"td-t{team.id}-name",
            "name",
            _value(desk, k, "name", team.name),
            ' maxlength="60"',
        )
        for i, p in enumerate(team.players, 1):
            fields += _field(
                f"Player {i}",
                f"td-t{team.id}-p{i}",
                f"player{i}",
                _value(desk, k, f"player{i}", p),
                ' maxlength="60"',
            )
        joined = f" (joins in round {team.joined})" if team.joined > 1 else ""
        rows.append(
            f'<li><form class="td-team" data-action="rename"><fieldset>'
            f"<legend>Team {team.id}{joined}</legend>"
            f'<input type="hidden" name="team" value="{team.id}">{fields}'
            f'<p><button type="submit" class="bu-btn bu-small">Save team {team.id}</button></p>'
            f"</fieldset>{_error(desk, k)}</form></li>"
        )
    listing = (
        f'<ol class="td-teams">{"".join(rows)}</ol>'
        if rows
        else '<p class="td-empty">No team yet: add the first one below.</p>'
    )
    k = "add-team"
    over = len(t.played) >= t.rounds or t.championship != tm.Championship()
    # a late team joins from the next round, and none once every round is paired
    late = f" (joins from round {len(t.played) + 1})" if t.played else ""
    add = (
        '<p class="td-note">Every round has been paired: no team can join now.</p>'
        if over
        else f'<form class="td-add td-noprint" data-action="{k}"><fieldset>'
        f"<legend>Add a team{late}</legend>"
        + _field("Team name", "td-add-name", "name", _value(desk, k, "name", ""), ' maxlength="60"')
        + "".join(
            _field(
                f"Player {i}",
                f"td-add-p{i}",
                f"player{i}",
                _value(desk, k, f"player{i}", ""),
                ' maxlength="60"',
            )
            for i in (1, 2, 3)
        )
        + '<p><button type="submit" class="bu-btn bu-primary">Add the team</button></p>'
        f"</fieldset>{_error(desk, k)}</form>"
    )
    return (
        '<h2 id="td-view-h" tabindex="-1">Teams</h2>'
        '<p class="td-note">A team is a name and three players; rename them at any time.</p>'
        f"{add}{listing}{_pair_box(desk)}"
    )


# ------------------------------------------------------------------ rounds


KIND_LABEL = {"morning": "Morning", "afternoon": "Afternoon", "all": "All", "call": "Call"}


def _pair_box(desk: Desk) -> str:
    t = desk.t
    assert t is not None
    if len(t.played) >= t.rounds:
        return ""
    nxt = len(t.played) + 1
    if t.played and not t.played[-1].complete:
        return (
            f'<p class="td-note">Round {nxt} is paired once round {nxt - 1} has every result.</p>'
        )
    if len(t.teams) < 2:
        return '<p class="td-note">Register at least two teams to pair round 1.</p>'
    return (
        f'<form class="td-pair td-noprint" data-action="pair">{_error(desk, "pair")}'
        f'<p><button type="submit" class="bu-btn bu-primary" id="td-pair">Pair round {nxt}'
        "</button></p></form>"
    )


def _rounds(desk: Desk) -> str:
    t = desk.t
    assert t is not None
    body = "".join(
        f'<tr><th scope="row"><span class="td-cell-label">Round </span>{r}</th>'
        f'<td data-label="Kind">{KIND_LABEL[kind]}</td><td data-label="Minutes">{minutes}</td>'
        f'<td data-label="Games">{_e(games)}</td>'
        f'<td data-label="Status">{_round_status(t, r)}</td></tr>'
        for r, kind, minutes, games in schedule_rows(t.combo, t.rounds)
    )
    columns = ("Round", "Kind", "Minutes", "Games", "Status")
    schedule = _table("td-schedule", "The schedule", "The schedule", columns, body)
    final_started = t.championship != tm.Championship()
    code = ""
    if t.played and not final_started:
        code = (
            '<form class="td-code td-noprint" data-action="code"><p class="td-field">'
            '<label for="td-code">Result code from a match device</label>'
            f'<input id="td-code" name="code" value="{_value(desk, "code", "code", "")}" '
            'inputmode="numeric" autocomplete="off" spellcheck="false" '
            'aria-describedby="td-code-hint"></p>'
            '<p class="td-hint" id="td-code-hint">15 digits, like 1234-5678-9012-345; '
            "the last is a check digit that catches typos.</p>"
            f"{_error(desk, 'code')}"
            '<p><button type="submit" class="bu-btn">Enter the code</button> '
            '<button type="button" class="bu-btn bu-quiet" data-do="scan">'
            "Scan its QR code</button></p>"
            '<p class="td-error" id="td-scan-error" role="status"></p>'
            '<div class="td-scan" id="td-scan" hidden><video id="td-video" muted playsinline '
            'aria-label="The camera, looking for the match\'s QR code"></video></div></form>'
        )
    played = "".join(_round(desk, rnd, final_started) for rnd in reversed(t.played))
    return f'<h2 id="td-view-h" tabindex="-1">Rounds</h2>{_pair_box(desk)}{code}{played}{schedule}'


def _round_status(t: tm.Tournament, r: int) -> str:
    if r > len(t.played):
        return "To pair"
    rnd = t.played[r - 1]
    if rnd.complete:
        return "Done"
    left = sum(p.b is not None and p.points is None for p in rnd.pairings)
    return f"{left} result{'s' if left != 1 else ''} to enter"


def _round(desk: Desk, rnd: tm.Round, final_started: bool) -> str:
    t = desk.t
    assert t is not None
    plan = tm.round_plan(t.combo, rnd.number, t.rounds)
    latest = rnd.number == len(t.played)
    editable = not final_started and (latest or rnd.number == desk.open_round)
    items = []
    for p in rnd.pairings:
        a = t.team(p.a)
        if p.b is None:
            items.append(
                f'<li class="td-bye">{_e(a.name)} has a bye: it counts as a match won.</li>'
            )
            continue
        b = t.team(p.b)
        k = f"result-{rnd.number}-{p.a}-{p.b}"
        pa, pb = p.points if p.points is not None else ("", "")
        if not editable:
            items.append(
                f'<li class="td-match"><span>{_e(a.name)} {pa}</span> – '
                f"<span>{pb} {_e(b.name)}</span></li>"
            )
            continue
        fid = f"td-m{rnd.number}-{p.a}-{p.b}"
        state = "Not yet entered" if p.points is None else _verdict(a.name, b.name, *p.points)
        items.append(
            f'<li><form class="td-match" data-action="result">'
            f'<input type="hidden" name="round" value="{rnd.number}">'
            f'<input type="hidden" name="a" value="{p.a}"><input type="hidden" name="b" '
            f'value="{p.b}"><label for="{fid}-a" class="td-name">{_e(a.name)}</label>'
            f'<input id="{fid}-a" name="pa" type="number" min="0" max="999" inputmode="numeric" '
            f'class="td-points" value="{_value(desk, k, "pa", pa)}">'
            '<span aria-hidden="true">–</span>'
            f'<input id="{fid}-b" name="pb" type="number" min="0" max="999" inputmode="numeric" '
            f'class="td-points" value="{_value(desk, k, "pb", pb)}">'
            f'<label for="{fid}-b" class="td-name">{_e(b.name)}</label>'
            f'<button type="submit" class="bu-btn bu-small">Save<span class="visually-hidden"> '
            f"{_e(a.name)} v {_e(b.name)}</span></button>"
            f'<span class="td-state">{_e(state)}</span>{_error(desk, k)}</form></li>'
        )
    hint = "Enter each team's match points." if editable else ""
    correct = ""
    if not editable and not final_started:
        correct = (
            f'<form class="td-noprint" data-action="edit"><input type="hidden" name="round" '
            f'value="{rnd.number}"><button type="submit" class="bu-btn bu-small">'
            f"Correct a result of round {rnd.number}</button></form>"
        )
    title = f"Round {rnd.number}: {KIND_LABEL[str(plan['kind'])]}, {plan['minutes']} minutes"
    kind = _e(kind_text(str(plan["kind"])).capitalize())
    matches = f'<ul class="td-matches">{"".join(items)}</ul>'
    if not editable:  # folded: an earlier round costs the page nothing until opened
        return (
            f'<details class="td-round td-done"><summary id="td-round-{rnd.number}-h">'
            f"{_e(title)} · {_round_status(t, rnd.number)}</summary>"
            f"{matches}{correct}</details>"
        )
    return (
        f'<section class="td-round" aria-labelledby="td-round-{rnd.number}-h">'
        f'<h3 id="td-round-{rnd.number}-h" tabindex="-1">{_e(title)}</h3>'
        f'<p class="td-hint">{kind}. {hint}</p>{matches}</section>'
    )


def _verdict(na: str, nb: str, pa: int, pb: int) -> str:
    return "A tie" if pa == pb else f"{na if pa > pb else nb} won"


# ------------------------------------------------------------------ standings


def _standings(desk: Desk) -> str:
    t = desk.t
    assert t is not None
    done = sum(r.complete for r in t.played)
    rows = "".join(
        f'<tr><td>{s.rank}</td><th scope="row">{_e(s.team.name)}</th>'
        f"<td>{_e(', '.join(s.team.players))}</td><td>{s.played}</td><td>{s.won}</td>"
        f"<td>{s.tied}</td><td>{s.lost}</td><td>{s.byes}</td><td>{s.points}</td></tr>"
        for s in tm.standings(t)
    )
    return (
        '<h2 id="td-view-h" tabindex="-1">Standings</h2>'
        '<p class="td-noprint td-buttons"><button type="button" class="bu-btn" data-do="print">'
        'Print</button> <button type="button" class="bu-btn" data-do="csv">Download CSV</button></p>'
        + _table(
            "td-standings",
            "Standings",
            f"After {done} of {t.rounds} rounds: matches won (a bye counts as won), then points",
            ("Rank", "Team", "Players", "Played", "Won", "Tied", "Lost", "Byes", "Points"),
            rows,
        )
    )


# ------------------------------------------------------------------ championship


def _final(desk: Desk) -> str:
    t = desk.t
    assert t is not None
    state = tm.championship_state(t)
    stage = state["stage"]
    games = tm.COMBOS[t.combo].games
    intro = (  # the playoffs: R-127; the championship and its tie-breaker: R-126
        '<p class="td-note">After the last round the two teams with the most matches won '
        "play the championship; teams tied for a place play Border-Up playoffs. The "
        f"championship plays each of the {len(games)} games once; most games won takes it, "
        "it stops once clinched, and a level final goes to a Border-Up tie-breaker.</p>"
    )
    h = '<h2 id="td-final-h" tabindex="-1">Championship</h2>'
    head = h.replace('id="td-final-h"', 'id="td-view-h"') if desk.view == "final" else h
    head = head.replace("<h2 ", '<h2 aria-describedby="td-final-intro" ', 1)
    intro = intro.replace('<p class="td-note">', '<p class="td-note" id="td-final-intro">', 1)
    if stage == "rounds":
        left = t.rounds - sum(r.complete for r in t.played)
        return f"{head}{intro}<p>{left} round{'s' if left != 1 else ''} still to finish.</p>"
    played = _playoffs(desk)
    if stage == "playoff":
        a, b = state["playoff"]  # type: ignore[misc]
        form = _choose(
            desk,
            "playoff",
            f"Border-Up playoff: {desk.team_name(a)} v {desk.team_name(b)}",
            a,
            b,
            "Tie: play again",
        )
        return f"{head}{intro}{played}{form}"
    fa, fb = state["finalists"]  # type: ignore[misc]
    wins = state["wins"]  # type: ignore[assignment]
    rows = "".join(
        f'<tr><th scope="row">{i}</th><td>{_e(tm.GAME_TITLES[games[i - 1]])}</td>'
        f"<td>{_e(desk.team_name(w) if w is not None else 'A tie')}</td></tr>"
        for i, w in enumerate(t.championship.games, 1)
    )
    caption = (
        "The championship: "
        f"{_e(desk.team_name(fa))} {wins[str(fa)]}, {_e(desk.team_name(fb))} {wins[str(fb)]}"
    )
    table = _table(
        "td-final-games", "The championship's games", caption, ("Game", "Title", "Won by"), rows
    )
    tbs = "".join(
        f"<li>Tie-breaker {i}: {_e(desk.team_name(w) if w is not None else 'a tie')}</li>"
        for i, w in enumerate(t.championship.tiebreaks, 1)
    )
    tbs = f'<ul class="td-list">{tbs}</ul>' if tbs else ""
    if stage == "final":
        n = int(state["next_game"])  # type: ignore[call-overload]
        form = _choose(desk, "final", f"Game {n}: {tm.GAME_TITLES[games[n - 1]]}", fa, fb, "A tie")
    elif stage == "tiebreak":
        form = _choose(
            desk, "final", "The final is level: Border-Up tie-breaker", fa, fb, "Tie: play again"
        )
    else:
        champ = desk.team_name(state["champion"])  # type: ignore[arg-type]
        how = "on games won" if state["how"] == "final" else "on the Border-Up tie-breaker"
        form = (
            f'<p class="td-champion" id="td-champion"><strong>{_e(champ)}</strong> are the '
            f"champions ({how}).</p>"
        )
    finalists = (
        f"<p>Finalists: <strong>{_e(desk.team_name(fa))}</strong> and "
        f"<strong>{_e(desk.team_name(fb))}</strong>.</p>"
    )
    return f"{head}{intro}{played}{finalists}{table}{tbs}{form}"


def _playoffs(desk: Desk) -> str:
    t = desk.t
    assert t is not None
    items = "".join(
        f"<li>Playoff: {_e(desk.team_name(a))} v {_e(desk.team_name(b))}: "
        f"{_e(desk.team_name(w) + ' won' if w is not None else 'a tie, replayed')}</li>"
        for a, b, w in t.championship.playoffs
    )
    return f'<ul class="td-list">{items}</ul>' if items else ""


def _choose(desk: Desk, action: str, title: str, a: int, b: int, tie: str) -> str:
    return (
        f'<form class="td-choose td-noprint" data-action="{action}" '
        'aria-labelledby="td-choose-h">'
        f'<h3 id="td-choose-h">{_e(title)}</h3><p class="td-buttons">'
        f'<button type="submit" class="bu-btn bu-primary" name="winner" value="{a}">'
        f"{_e(desk.team_name(a))} won</button> "
        f'<button type="submit" class="bu-btn bu-primary" name="winner" value="{b}">'
        f"{_e(desk.team_name(b))} won</button> "
        f'<button type="submit" class="bu-btn" name="winner" value="tie">{_e(tie)}</button>'
        f"</p>{_error(desk, action)}</form>"
    )


# ------------------------------------------------------------------ file


def _file(desk: Desk) -> str:
    t = desk.t
    assert t is not None
    return (
        '<h2 id="td-view-h" tabindex="-1">Save and move</h2>'
        "<p>The tournament is kept on this device after every change. To move it to another "
        "device, or keep a copy, download it as a file and open that file there.</p>"
        '<p class="td-buttons"><button type="button" class="bu-btn bu-primary" '
        'data-do="export">Download the tournament file</button> '
        '<button type="button" class="bu-btn" data-view="new">Start a new tournament</button></p>'
        + _import_box(desk, "td-import")
    )

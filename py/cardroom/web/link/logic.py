"""The two-device screen's plain-Python side (no browser; tested on CPython): what the
pairing screen says, the host's setup as it travels, the guest's seats and the guest's
copy of the host's table clock. ``cardroom.web.link.screen`` draws it."""

from __future__ import annotations

from html import escape
from typing import Any

from cardroom.link import Refused, group_code
from cardroom.web.kit.logic import CorruptSave, Setup, TableClock

__all__ = [
    "answer_html",
    "bar_html",
    "device_seats",
    "guest_clock",
    "guest_seats",
    "match_mismatch",
    "host_html",
    "join_html",
    "overlay_html",
    "roles_html",
    "setup_from_json",
    "setup_json",
    "waiting_html",
]

_SECTION = '<section class="link-pair" id="link-pair" aria-labelledby="link-h">'


def roles_html() -> str:
    """The first question: host or join."""
    return (
        f'{_SECTION}<h2 id="link-h">Two devices</h2>'
        "<p>One device hosts the game and deals; the other joins it. Both must be on the "
        "same network (no internet needed).</p>"
        '<div class="link-roles">'
        '<button type="button" class="bu-btn bu-primary" data-link="host">'
        "Host this game</button>"
        '<button type="button" class="bu-btn bu-quiet" data-link="join">Join a game</button>'
        "</div></section>"
    )


def _code_box(code: str, which: str, label: str) -> str:
    return (
        f'<div class="link-codes"><div class="link-qr" id="link-{which}-qr"></div>'
        f'<div class="link-code-box"><p class="link-label" id="link-{which}-label">{label}</p>'
        f'<p class="link-code" id="link-{which}-code" data-code="{code}" '
        f'aria-labelledby="link-{which}-label">{group_code(code)}</p>'
        '<button type="button" class="bu-btn bu-quiet" data-link="copy" '
        f'data-copy="link-{which}-code">Copy the code</button></div></div>'
    )


def host_html(code: str) -> str:
    """The host's offer (QR code drawn into ``#link-offer-qr`` once segno is loaded)."""
    return (
        f'{_SECTION}<h2 id="link-h">Host: let the other device read this code</h2>'
        + _code_box(code, "offer", "Pairing code")
        + '<label class="link-label" for="link-answer">Then type or paste the other '
        "device's answer code here</label>"
        '<textarea id="link-answer" class="link-input" rows="3" autocomplete="off" '
        'spellcheck="false"></textarea>'
        '<button type="button" class="bu-btn bu-primary" data-link="connect">Connect</button>'
        '<p class="link-error" id="link-error" role="alert"></p>'
        '<p class="link-state" id="link-state" data-link-state="waiting" aria-live="polite">'
        "Waiting for the other device…</p></section>"
    )


def join_html(note: str = "") -> str:
    """The guest reads the host's code: typed, pasted or scanned. ``note``: why it pairs
    again (this page reloaded, the host's did), said first."""
    said = f'<p class="link-note" id="link-note">{escape(note)}</p>' if note else ""
    return (
        f'{_SECTION}<h2 id="link-h">Join: read the host\'s code</h2>{said}'
        '<label class="link-label" for="link-offer">Type or paste the code the host '
        "shows</label>"
        '<textarea id="link-offer" class="link-input" rows="3" autocomplete="off" '
        'spellcheck="false"></textarea>'
        '<div class="link-roles">'
        '<button type="button" class="bu-btn bu-primary" data-link="answer">Join</button>'
        '<button type="button" class="bu-btn bu-quiet" data-link="scan">'
        "Scan the QR code</button></div>"
        '<div class="link-scan" id="link-scan" hidden><video id="link-video" muted '
        'playsinline aria-label="Camera picture"></video></div>'
        '<p class="link-error" id="link-error" role="alert"></p>'
        '<div id="link-answer-out"></div></section>'
    )


def answer_html(code: str) -> str:
    """The guest's answer, for the host to read."""
    return _code_box(code, "answer", "Now let the host read this answer code") + (
        '<p class="link-state" id="link-state" data-link-state="waiting" aria-live="polite">'
        "Waiting for the host…</p>"
    )


def waiting_html() -> str:
    """The guest after a game, the link still up: the host deals the next one."""
    return (
        f'{_SECTION}<h2 id="link-h">Waiting for the host</h2><p class="link-state" '
        'id="link-state" data-link-state="connected" aria-live="polite">Connected. The host '
        "deals the next game.</p></section>"
    )


def overlay_html() -> str:
    """The dialog over the table where the devices pair again."""
    return (
        '<div class="kit-overlay link-overlay" id="link-overlay"><div class="kit-dialog '
        'link-dialog" role="dialog" aria-modal="true" aria-labelledby="link-h" '
        'id="link-dialog"></div></div>'
    )


def bar_html(role: str) -> str:
    """The link's state above the table (``data-link-state``: connected or lost)."""
    return (
        '<div class="link-bar" id="link-bar" data-link-state="connected" role="status">'
        '<span class="link-bar-text">Connected to the other device.</span>'
        f'<span class="link-bar-role">{"Host" if role == "host" else "Joined"}</span></div>'
    )


# ------------------------------------------------------------------ the game


def setup_json(setup: Setup, *, match: bool = False) -> dict[str, Any]:
    """The host's setup as the welcome message carries it: without the deal number, from
    which the guest's page could deal the other team's cards again (R-179); ``match``:
    a game of a whole match (R-194)."""
    return {
        "game": setup.game,
        "level": setup.level,
        "mode": setup.mode,
        "difficulty": setup.difficulty,
        "options": dict(setup.options),
        "match": match,
    }


def setup_from_json(obj: Any, slug: str, *, match: bool = False) -> Setup:
    """The host's setup, checked (:class:`Refused` when it is not one this page plays:
    another game, or a match's game on a single game's page and the other way round)."""
    if isinstance(obj, dict) and obj.get("match", False) is not match:
        raise Refused(match_mismatch(match))
    try:
        opts = obj["options"]
        setup = Setup(
            str(obj["game"]),
            int(obj["level"]),
            "devices",
            str(obj["difficulty"]),
            None,
            tuple(sorted((str(k), str(v)) for k, v in dict(opts).items())),
        )
    except (KeyError, TypeError, ValueError):
        raise Refused("the host's game is not readable") from None
    if setup.game != slug:
        raise Refused(f"that code is for another game ({setup.game}): open it on this device")
    return setup


def match_mismatch(match: bool) -> str:
    """What the guest says when its page and the host's are not the same kind (R-194)."""
    if match:
        return "that code is for a single game, not a match: open that game on this device"
    return "that code is for a whole match: open the match on this device"


def guest_seats(engine: Any) -> frozenset[int]:
    """The guest plays every seat of the second team (R-177)."""
    game, state = engine.game, engine.state
    return frozenset(s for s in range(game.num_seats(state)) if game.team_of(state, s) == 1)


def device_seats(engine: Any) -> frozenset[int]:
    """Every seat this device plays on two devices: the guest's are those the host's
    welcome gave it (its engine's session), the host's every seat the guest does not
    play (R-177). Sequence and Tri-Virsity pass a device between team-mates (R-191)."""
    session = getattr(engine, "session", None)
    if session is not None:
        return frozenset(int(s) for s in session.seats)
    n = engine.game.num_seats(engine.state)
    return frozenset(range(n)) - guest_seats(engine)


def guest_clock(raw: Any, offset: float) -> TableClock | None:
    """The host's table clock (its JSON, on the host's clock) on the guest's clock
    (``offset``: host minus guest, R-180); None when it is not readable."""
    try:
        host = TableClock.from_json(raw)
    except CorruptSave:
        return None
    paused_at = None if host.paused_at is None else host.paused_at - offset
    return TableClock(host.t0 - offset, host.paused_ms, paused_at)

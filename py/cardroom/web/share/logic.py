"""Sharing a game and embedding it (plain Python, tested on CPython).

* **links**: the deep link of a game (level, mode, difficulty, options, deal number), of
  the atlas, and the same link for an iframe (``embed=1``: no site header, nav or footer,
  R-185);
* **the iframe snippet** a teacher pastes into a class page;
* **messages to the parent page** of an embedded screen: ``cardroom:ready`` once the
  screen is interactive and ``cardroom:result`` once per finished game (R-187).

Messages are posted with the target origin ``"*"``: the site is static and may be
embedded by any page (a school's site, a learning platform), the payload holds nothing
but what the embedding page already chose (the game and its setup) and the public
outcome of a classroom game (team names, points, winner), and no message is ever read
back from the parent, so no origin needs trusting.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from cardroom.web.platform.routes import WEB_GAMES, Setup

__all__ = [
    "EMBED_PARAM",
    "EMBED_SIZE",
    "MESSAGE_READY",
    "MESSAGE_RESULT",
    "atlas_link",
    "embed_link",
    "game_link",
    "game_params",
    "iframe_snippet",
    "is_embed",
    "query",
    "ready_message",
    "ready_setup",
    "result_message",
    "share_title",
]

EMBED_PARAM = "embed"
#: the iframe a snippet proposes (CSS pixels): a laptop's share of a class page; the
#: screens fit anything from 360x640 to 1280x800 (R-185)
EMBED_SIZE: dict[str, tuple[int, int]] = {"game": (960, 640), "atlas": (960, 720)}
MESSAGE_READY = "cardroom:ready"
MESSAGE_RESULT = "cardroom:result"


def is_embed(params: Mapping[str, str]) -> bool:
    """``embed=1`` (or ``true``/``yes``) asks for the chrome-less screen (R-185)."""
    return (params.get(EMBED_PARAM) or "").strip().lower() in ("1", "true", "yes")


_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._")


def _form(text: str) -> str:
    """``text`` encoded as the browser's URLSearchParams does (space as ``+``); written
    here because importing ``urllib.parse`` costs the page a tenth of a second."""
    out = []
    for ch in text:
        if ch in _SAFE:
            out.append(ch)
        elif ch == " ":
            out.append("+")
        else:
            out.extend(f"%{b:02X}" for b in ch.encode("utf-8"))
    return "".join(out)


def query(params: Mapping[str, str | None]) -> str:
    """``?a=1&b=2`` of the parameters that are set ("" when none are)."""
    text = "&".join(f"{_form(k)}={_form(v)}" for k, v in params.items() if v is not None)
    return f"?{text}" if text else ""


def game_params(setup: Setup, *, embed: bool = False) -> dict[str, str | None]:
    """The deep link's parameters: the setup as chosen (its deal number when it has one),
    never ``autostart``: a shared link opens the setup, and the clock starts on Start."""
    params = dict(setup.params())
    if embed:
        params[EMBED_PARAM] = "1"
    return params


def game_link(base: str, setup: Setup, *, embed: bool = False) -> str:
    """The absolute deep link of ``setup`` under ``base`` (the site's address, e.g.
    ``https://example.org/cardroom/``)."""
    return base + query(game_params(setup, embed=embed))


def atlas_link(base: str, state: str | None = None, *, embed: bool = False) -> str:
    params: dict[str, str | None] = {"screen": "atlas", "state": state or None}
    if embed:
        params[EMBED_PARAM] = "1"
    return base + query(params)


def embed_link(link: str) -> str:
    """``link`` with ``embed=1`` (once)."""
    head, _, rest = link.partition("?")
    kept = [p for p in rest.split("&") if p and p.split("=", 1)[0] != EMBED_PARAM]
    return head + "?" + "&".join([*kept, f"{EMBED_PARAM}=1"])


def share_title(setup: Setup | None) -> str:
    """What the iframe's ``title`` says (its accessible name on the class page)."""
    if setup is None:
        return "cardroom: US atlas"
    game = WEB_GAMES.get(setup.game)
    name = game.title if game is not None else setup.game
    level = f" Level {setup.level}" if setup.level else ""
    return f"cardroom: {name}{level}"


def iframe_snippet(src: str, title: str, size: tuple[int, int] = EMBED_SIZE["game"]) -> str:
    """The ``<iframe>`` a teacher pastes into a page (attributes escaped as HTML needs)."""
    w, h = size
    return (
        f'<iframe src="{escape(src, quote=True)}" width="{w}" height="{h}" '
        f'title="{escape(title, quote=True)}" allow="fullscreen" '
        'style="border: 0; max-width: 100%;"></iframe>'
    )


def ready_message(screen: str, setup: Setup | None = None) -> dict[str, Any]:
    """Posted to the parent page once the screen is interactive (R-187)."""
    msg: dict[str, Any] = {"type": MESSAGE_READY, "screen": screen, "game": None}
    if setup is not None:
        msg |= {
            "game": setup.game,
            "level": setup.level or None,
            "mode": setup.mode,
            "difficulty": setup.difficulty if setup.mode == "bot" else None,
            "seed": setup.seed,
            "options": dict(setup.options),
        }
    return msg


def ready_setup(linked: Setup | None, current: Setup | None) -> Setup | None:
    """The setup ``cardroom:ready`` tells: the game on screen. ``linked`` is the frame's
    link, ``current`` what the page's address says once the screen is up: a game that
    started (``autostart=1``, or a reload of a game) is on its own address, with the deal
    number it was dealt, which a link without ``seed`` does not carry. A setup not yet
    started keeps the link's (no deal yet: ``seed`` stays None until Start)."""
    if linked is None or current is None or current.game != linked.game:
        return linked
    return current


def result_message(
    setup: Setup, teams: Sequence[str], points: Sequence[int], winner: int | None
) -> dict[str, Any]:
    """Posted to the parent page once per finished game (R-187): the game and its setup,
    the teams' names, their points in the same order, and the winner's index (None: a
    tie)."""
    if len(points) != len(teams):
        raise ValueError(f"{len(points)} points for {len(teams)} teams")
    if winner is not None and not 0 <= winner < len(teams):
        raise ValueError(f"winner {winner} is not one of {len(teams)} teams")
    return {
        "type": MESSAGE_RESULT,
        "game": setup.game,
        "level": setup.level or None,
        "mode": setup.mode,
        "seed": setup.seed,
        "options": dict(setup.options),
        "teams": [str(t) for t in teams],
        "points": [int(p) for p in points],
        "winner": None if winner is None else int(winner),
    }

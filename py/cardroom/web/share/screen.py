"""Share and embed (Pyodide only: imports ``js``).

* the **Share** dialog (from a game's setup, its table's bar and the atlas): the deep
  link, its QR code (segno, fetched the first time the dialog opens, never on the start
  path) and the iframe snippet, each with a Copy button (R-186);
* the **embedded** screen: ``<html data-embed>`` hides the site's header, nav and footer
  (R-185), and the messages to the parent page (``cardroom:ready``, ``cardroom:result``,
  R-187). What the links, snippets and messages say is :mod:`cardroom.web.share.logic`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Sequence
from html import escape
from typing import Any, Protocol

import js  # type: ignore[import-not-found]

from cardroom.web.platform import dom
from cardroom.web.platform import listeners as kit_dom
from cardroom.web.platform.routes import MAX_SEED, Route, Setup, WebGame, parse_link
from cardroom.web.share.logic import (
    EMBED_SIZE,
    atlas_link,
    game_link,
    iframe_snippet,
    ready_message,
    ready_setup,
    result_message,
    share_title,
)

__all__ = [
    "SetupForm",
    "ShareDialog",
    "SharedTable",
    "open_atlas_share",
    "open_setup_share",
    "open_table_share",
    "page_ready",
    "post",
    "post_result",
]

POSTED_PREFIX = "cardroom:posted:"


class SharedTable(Protocol):
    """What sharing needs of a game in progress (:class:`cardroom.web.kit.table.Table`):
    its run id, setup and team names, and a Pause before the dialog opens."""

    @property
    def run(self) -> str: ...

    @property
    def setup(self) -> Setup: ...

    @property
    def teams(self) -> Sequence[str]: ...

    def pause(self, why: str = "pause") -> None: ...


class SetupForm(Protocol):
    """What sharing needs of a game's screen (:class:`cardroom.web.kit.screen.KitScreen`):
    the game, the link it was opened with, the element holding the setup form and the
    game in progress, if any."""

    @property
    def game(self) -> WebGame: ...

    @property
    def route(self) -> Route: ...

    @property
    def body(self) -> Any: ...

    @property
    def table(self) -> SharedTable | None: ...


# ====================================================================== embedding


def post(message: dict[str, Any]) -> bool:
    """Post ``message`` to the parent page when embedded (nothing otherwise). The target
    origin is ``"*"``: see :mod:`cardroom.web.share.logic` (static pages, nothing secret
    in the payload, nothing read back)."""
    if not dom.in_frame():
        return False
    js.window.parent.postMessage(js.JSON.parse(json.dumps(message)), "*")
    return True


def page_ready(route: Route) -> None:
    """Called once the routed screen is interactive in a frame: ``cardroom:ready`` to the
    parent page (``embed=1`` has already hidden the site's chrome: web/boot.js)."""
    setup = route.setup if route.screen == "game" else None
    if setup is not None:  # the deal on screen: a link without seed= gets its number now
        setup = ready_setup(setup, parse_link(dom.params()).setup)
    post(ready_message(route.screen, setup))


def post_result(table: SharedTable, result: dict[str, Any]) -> None:
    """``cardroom:result`` for a finished game, once per game: a reload that shows its
    result again does not post it again (R-187)."""
    if not dom.in_frame():
        return
    key = POSTED_PREFIX + table.run
    store = _session()
    if store is not None and dom.nullable(store.getItem(key)) is not None:
        return
    try:
        points = [int(p) for p in result["points"]]
        teams = list(table.teams)[: len(points)]
        message = result_message(table.setup, teams, points, result.get("winner"))
    except (KeyError, TypeError, ValueError) as exc:  # never let a message break a result
        js.console.warn(f"cardroom:result not posted: {exc}")
        return
    post(message)
    if store is not None:
        with contextlib.suppress(Exception):  # quota or privacy mode: it went anyway
            store.setItem(key, "1")


def _session() -> Any:
    try:
        return js.window.sessionStorage
    except Exception:
        return None


# ====================================================================== the dialog


def _base() -> str:
    """The site's own address (where index.html is), for absolute links."""
    return str(js.location.origin) + str(js.location.pathname)


class ShareDialog:
    """A modal ``<dialog>``: the link, its QR code and the iframe snippet, each with Copy.

    Escape or Close closes it and focus returns where it was; outside it the page is
    inert while it is open (the browser's modal dialog)."""

    def __init__(self, heading: str, what: str, link: str, snippet: str) -> None:
        self.link = link
        self.opener = dom.nullable(js.document.activeElement)
        self.bindings = kit_dom.Listeners()
        self.task: Any = None
        old = dom.by_id("share-dialog")
        if old is not None:
            old.remove()
        box = js.document.createElement("dialog")
        box.id = "share-dialog"
        box.className = "share-dialog"
        box.setAttribute("aria-labelledby", "share-h")
        box.setAttribute("aria-describedby", "share-what")
        box.innerHTML = f"""
<div class="share-top"><h2 id="share-h">{escape(heading)}</h2>
  <button type="button" class="bu-btn bu-quiet share-close" data-share-act="close">Close</button>
</div>
<p class="share-what" id="share-what">{escape(what)}</p>
<div class="share-grid">
  <figure class="share-qr" id="share-qr" data-state="loading">
    <div class="share-qr-code" id="share-qr-code"><p class="share-qr-wait">Drawing the QR
      code…</p></div>
    <figcaption>Scan to open this game on a phone or tablet.</figcaption>
    <button type="button" class="bu-btn bu-quiet bu-small" data-share-act="big"
      aria-pressed="false">Bigger code for a projector</button>
  </figure>
  <div class="share-texts">
    <label class="share-label" for="share-link">Link</label>
    <div class="share-row">
      <input id="share-link" class="share-text" type="text" readonly
        value="{escape(link, quote=True)}">
      <button type="button" class="bu-btn bu-primary" data-copy="share-link">Copy link</button>
    </div>
    <label class="share-label" for="share-snippet">Embed in a web page (iframe)</label>
    <textarea id="share-snippet" class="share-text share-snippet" readonly rows="4"
      spellcheck="false">{escape(snippet)}</textarea>
    <div class="share-row share-row-end">
      <button type="button" class="bu-btn bu-quiet" data-copy="share-snippet">Copy code</button>
    </div>
    <p class="share-status" id="share-status" role="status"></p>
  </div>
</div>"""
        js.document.body.append(box)
        self.box = box
        self.bindings.on(box, "click", self.on_click)
        self.bindings.on(box, "close", self.on_close)
        self.bindings.on(box, "keydown", self.on_key)
        box.showModal()
        dom.q("[data-copy=share-link]", box).focus()
        self.task = asyncio.ensure_future(self.draw_qr())

    async def draw_qr(self) -> None:
        holder = dom.q("#share-qr", self.box)
        try:
            from cardroom import qr  # noqa: PLC0415
            from cardroom.web.platform.libs import load_library  # noqa: PLC0415

            await load_library("segno")
            svg = qr.svg(self.link, label="QR code of the link", px=6)
        except Exception as exc:  # offline before segno was ever fetched
            dom.q("#share-qr-code", self.box).innerHTML = (
                f'<p class="share-qr-wait">The QR code could not be drawn ({escape(str(exc))}).'
                " Copy the link instead.</p>"
            )
            holder.setAttribute("data-state", "failed")
            return
        if not self.box.isConnected:
            return
        dom.q("#share-qr-code", self.box).innerHTML = svg
        holder.setAttribute("data-state", "ready")

    def on_click(self, evt: Any) -> None:
        b = dom.closest(evt.target, "button")
        if b is None:
            return
        act = dom.attr(b, "data-share-act")
        if act == "close":
            self.box.close()
            return
        if act == "big":  # the code fills the dialog (a class scans it from the screen)
            big = not self.box.classList.contains("is-big")
            self.box.classList.toggle("is-big", big)
            b.setAttribute("aria-pressed", "true" if big else "false")
            b.textContent = "Smaller code" if big else "Bigger code for a projector"
            return
        target = dom.attr(b, "data-copy")
        if target:
            asyncio.ensure_future(self.copy(target))

    async def copy(self, target: str) -> None:
        field = dom.by_id(target)
        status = dom.q("#share-status", self.box)
        what = "The link" if target == "share-link" else "The code"
        text = str(field.value)
        try:
            await js.navigator.clipboard.writeText(text)
            status.textContent = f"{what} is copied."
            return
        except Exception:  # no clipboard permission (or an old browser): select instead
            pass
        field.focus()
        field.select()
        copied = False
        try:
            copied = bool(js.document.execCommand("copy"))
        except Exception:
            copied = False
        status.textContent = (
            f"{what} is copied."
            if copied
            else f"{what} is selected: press Ctrl+C (or ⌘C) to copy it."
        )

    def on_key(self, evt: Any) -> None:
        """Tab and Shift+Tab go round inside the dialog (the page behind is inert)."""
        if evt.key != "Tab":
            return
        stops = [
            el
            for el in dom.qa("button, input, textarea, a[href]", self.box)
            if not el.disabled and el.getClientRects().length
        ]
        if not stops:
            return
        active = dom.nullable(js.document.activeElement)
        first, last = stops[0], stops[-1]
        if evt.shiftKey and (active is None or active == first or active == self.box):
            evt.preventDefault()
            last.focus()
        elif not evt.shiftKey and (active is None or active == last):
            evt.preventDefault()
            first.focus()

    def on_close(self, _evt: Any) -> None:
        self.bindings.clear()
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.box.remove()
        opener = self.opener
        if opener is not None and opener.isConnected:
            opener.focus()


_open: list[ShareDialog] = []


def _show(heading: str, what: str, link: str, snippet: str) -> ShareDialog:
    dialog = ShareDialog(heading, what, link, snippet)
    _open[:] = [dialog]
    return dialog


def _share_game(setup: Setup, what: str) -> ShareDialog:
    base = _base()
    link = game_link(base, setup)
    src = game_link(base, setup, embed=True)
    snippet = iframe_snippet(src, share_title(setup), EMBED_SIZE["game"])
    return _show("Share this game", what, link, snippet)


def form_setup(game: WebGame, form: Any, fallback: Setup) -> Setup:
    """The setup the form shows now (what Start would play; no deal number when the
    field is empty or not a deal number)."""

    def checked(name: str, default: str) -> str:
        el = dom.q(f"input[name={name}]:checked", form)
        return str(el.value) if el is not None else default

    mode = checked("mode", fallback.mode)
    level = int(checked("level", str(fallback.level or game.first_level)))
    options = {
        o.name: checked(f"opt-{o.name}", o.default) for o in game.options if o.applies(mode, level)
    }
    seed_el = dom.q("#kit-seed", form)
    text = str(seed_el.value).strip() if seed_el is not None else ""
    seed = int(text) if text.isdigit() and int(text) <= MAX_SEED else None
    return Setup(
        game.slug,
        level,
        mode,
        checked("difficulty", fallback.difficulty),
        seed,
        tuple(sorted(options.items())),
    )


def open_setup_share(screen: SetupForm) -> ShareDialog:
    """Share from a game's setup: the choices as the form shows them now."""
    game = screen.game
    fallback = screen.route.setup or game.default_setup()
    form = dom.q("#kit-setup", screen.body)
    setup = form_setup(game, form, fallback) if form is not None else fallback
    if screen.table is not None:
        setup = screen.table.setup
    deal = f" · deal {setup.seed}" if setup.seed is not None else " · a new deal each time"
    return _share_game(setup, f"{game.title} · {setup.describe()}{deal}")


def open_table_share(table: SharedTable, game: WebGame) -> ShareDialog:
    """Share from the table of ``game``: this game's link (the same deal); the clock
    stops first (R-186)."""
    table.pause()
    s = table.setup  # a guest of two devices knows no deal number
    deal = f" · deal {s.seed}" if s.seed is not None else " · a new deal each time"
    return _share_game(s, f"{game.title} · {s.describe()}{deal}")


def open_atlas_share() -> ShareDialog:
    code = dom.params().get("state") or None
    base = _base()
    link = atlas_link(base, code)
    src = atlas_link(base, code, embed=True)
    snippet = iframe_snippet(src, share_title(None), EMBED_SIZE["atlas"])
    what = f"US atlas · {code}'s card" if code else "US atlas"
    return _show("Share the atlas", what, link, snippet)

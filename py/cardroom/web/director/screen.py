"""The tournament director screen (``/?tournament=new&combo=3``, ``/?tournament=open``).

The only part of the director that touches the page: it loads networkx (the pairing
library, shipped with the site as a zip, ``sitebuild/wheels.py``) when the screen opens,
never on the start path; keeps the tournament in ``localStorage`` after every change
(R-167); hands each submitted form to :class:`~cardroom.web.director.logic.Desk` and draws
the result with :func:`~cardroom.web.director.html.render`; and does the downloads
(tournament file, standings CSV) and the file import.
"""

from __future__ import annotations

import asyncio
from typing import Any

import js  # type: ignore[import-not-found]
from pyodide.ffi import to_js  # type: ignore[import-not-found]
from pyodide.ffi.wrappers import set_timeout  # type: ignore[import-not-found]

from cardroom import tournament as tm
from cardroom.web.director.html import render
from cardroom.web.director.logic import (
    BACKUP_KEY,
    STORE_KEY,
    Desk,
    file_name,
    load_store,
    parse_tournament_link,
)
from cardroom.web.platform import dom
from cardroom.web.platform import listeners as kit_dom
from cardroom.web.platform.libs import load_library

TITLE = "Tournament director"


# ------------------------------------------------------------------ the device


def _storage() -> Any:
    try:
        return dom.nullable(js.window.localStorage)
    except Exception:  # storage disabled (privacy settings)
        return None


def load_text(key: str) -> str | None:
    store = _storage()
    if store is None:
        return None
    value = dom.nullable(store.getItem(key))
    return None if value is None else str(value)


def save_text(key: str, text: str) -> bool:
    store = _storage()
    if store is None:
        return False
    try:
        if text:
            store.setItem(key, text)
        else:
            store.removeItem(key)
        return True
    except Exception:  # quota exceeded
        return False


def download(name: str, text: str, mime: str) -> None:
    """Save ``text`` as a file called ``name`` (nothing leaves the device)."""
    options = to_js({"type": mime}, dict_converter=js.Object.fromEntries)
    url = js.URL.createObjectURL(js.Blob.new(to_js([text]), options))
    a = js.document.createElement("a")
    a.href = url
    a.download = name
    a.hidden = True
    js.document.body.append(a)
    a.click()
    a.remove()
    set_timeout(lambda: js.URL.revokeObjectURL(url), 2000)


# ------------------------------------------------------------------ the screen


class DirectorScreen:
    def __init__(self, route: Any) -> None:
        self.route = route
        self.bindings = kit_dom.Listeners()
        self.desk: Desk | None = None
        section = js.document.createElement("section")
        section.id = "screen-tournament"
        section.className = "screen screen-tournament"
        section.setAttribute("aria-labelledby", "td-title")
        section.innerHTML = (
            '<h1 id="td-title">Tournament director</h1>'
            '<p role="status" class="td-loading">Loading the pairing library…</p>'
        )
        dom.q("#main").append(section)
        for other in dom.qa("#main > .screen"):
            other.hidden = str(other.id) != "screen-tournament"
        self.section = section
        self.task = asyncio.ensure_future(self.start())

    async def start(self) -> None:
        root = js.document.documentElement
        try:
            ms = await load_library("networkx")
        except Exception as exc:
            dom.q(
                ".td-loading", self.section
            ).textContent = f"The pairing library could not be loaded: {exc}."
            root.setAttribute("data-director", "error")
            return
        root.setAttribute("data-networkx-ms", f"{ms:.0f}")
        opts, _problems = parse_tournament_link(dom.params())
        raw = load_text(STORE_KEY)
        t, corrupt = load_store(raw)
        desk = Desk(t, combo=opts.combo)
        if corrupt is not None:
            # keep the unreadable data aside, offer it as a download, start afresh.
            save_text(BACKUP_KEY, raw or "")
            save_text(STORE_KEY, "")
            desk.corrupt = corrupt
        desk.view = "new" if opts.action == "new" or t is None else desk.default_view()
        self.desk = desk
        on = self.bindings.on
        on(self.section, "submit", self.on_submit)
        on(self.section, "click", self.on_click)
        on(self.section, "change", self.on_change)
        self.draw()
        root.setAttribute("data-director", "ready")

    # ------------------------------------------------------------ drawing

    def draw(self) -> None:
        desk = self.desk
        assert desk is not None
        active = dom.nullable(js.document.activeElement)
        active_id = str(active.id) if active is not None and active.id else ""
        self.section.innerHTML = render(desk)
        target = dom.by_id(desk.focus) if desk.focus else None
        if target is None and active_id:
            target = dom.by_id(active_id)
        if target is not None:
            target.focus()
        if desk.error:
            dom.announce(desk.error)

    def apply(self, action: str, data: dict[str, str]) -> None:
        desk = self.desk
        assert desk is not None
        changed = desk.act(action, data)
        if changed:
            if not save_text(STORE_KEY, desk.store_text()):
                desk.message += " This browser does not keep data: export the tournament."
            if action in ("create", "import"):
                dom.replace_params({"tournament": "open", "combo": None})
        self.draw()

    # ------------------------------------------------------------ events

    def on_submit(self, evt: Any) -> None:
        form = dom.closest(evt.target, "form[data-action]")
        if form is None:
            return
        evt.preventDefault()
        submitter = dom.nullable(getattr(evt, "submitter", None))
        fd = js.FormData.new(form, submitter) if submitter is not None else js.FormData.new(form)
        data = {str(k): str(v) for k, v in js.Object.fromEntries(fd).to_py().items()}
        action = str(dom.attr(form, "data-action"))
        if action == "create" and not data.get("seed"):
            data["seed"] = str(int(js.Date.now()) % 2_000_000_000)
        self.apply(action, data)

    def on_click(self, evt: Any) -> None:
        desk = self.desk
        assert desk is not None
        btn = dom.closest(evt.target, "[data-view]")
        if btn is not None:
            self.apply("show", {"view": str(dom.attr(btn, "data-view"))})
            return
        btn = dom.closest(evt.target, "[data-do]")
        if btn is None:
            return
        what = str(dom.attr(btn, "data-do"))
        t = desk.t
        if what == "print":
            js.window.print()
        elif what == "csv" and t is not None:
            download(file_name(t, "standings", "csv"), tm.standings_csv(t), "text/csv")
            dom.announce("The standings were downloaded as a CSV file.")
        elif what == "export" and t is not None:
            download(file_name(t, "tournament", "json"), desk.export_text(), "application/json")
            dom.announce("The tournament was downloaded as a file.")
        elif what == "backup":
            download("tournament-unreadable-backup.json", load_text(BACKUP_KEY) or "", "text/plain")
        elif what == "scan":
            form = dom.closest(btn, "form")
            if form is not None:
                btn.disabled = True
                asyncio.ensure_future(self.scan_code(form, btn))

    async def scan_code(self, form: Any, btn: Any) -> None:
        """Read a match device's result code with the camera and enter it (R-174)."""
        from cardroom.web.link.scan import scan  # noqa: PLC0415  (on demand: the camera)

        def found(text: str) -> None:
            self.apply("code", {"code": text.strip()})

        try:
            await scan(
                form,
                found,
                ids=("td-scan-error", "td-scan", "td-video"),
                what="the match device's QR code",
            )
        except OSError as exc:
            msg = str(exc)
            box = dom.q("#td-scan-error", form)
            if box is not None:
                box.textContent = msg[:1].upper() + msg[1:] + "."
            dom.announce(msg)
        finally:
            if bool(btn.isConnected):
                btn.disabled = False

    def on_change(self, evt: Any) -> None:
        target = dom.nullable(evt.target)
        if target is None or not target.hasAttribute("data-import"):
            return
        files = target.files
        if not files or int(files.length) == 0:
            return
        asyncio.ensure_future(self.read_file(files.item(0)))

    async def read_file(self, file: Any) -> None:
        try:
            text = str(await file.text())
        except Exception as exc:  # unreadable file
            text = f"<unreadable: {exc}>"
        self.apply("import", {"text": text})


def mount(route: Any) -> DirectorScreen:
    """Show the director for the page's link (``route.problems`` are already shown)."""
    return DirectorScreen(route)

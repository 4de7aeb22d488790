"""The panels before and after a match (Pyodide only), mixed into
:class:`cardroom.web.match.screen.MatchScreen`, which owns the fields named below: the
setup form (the Combo, its kinds of round and their clocks, R-170), and the result (the
winner and each team's points, Play again and New deal, the host's alone on two devices,
R-194; the result code for the director with its QR code, R-174)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from html import escape
from typing import Any

import js  # type: ignore[import-not-found]

from cardroom.match import KINDS, Match
from cardroom.web.kit.logic import new_seed
from cardroom.web.kit.ui import SETTLE_MS
from cardroom.web.match import html as mh
from cardroom.web.match import logic as ml
from cardroom.web.match import save as msave
from cardroom.web.platform import dom
from cardroom.web.platform import listeners as kit_dom

__all__ = ["ResultPanel", "SetupPanel"]


class SetupPanel:
    """The setup stage, for :class:`~cardroom.web.match.screen.MatchScreen`."""

    match: Match | None
    body: Any
    sub: Any
    stage: str
    bindings: kit_dom.Listeners

    # the screen's
    def end_table(self) -> None:
        raise NotImplementedError

    def close_link(self) -> None:
        raise NotImplementedError

    def start(self, setup: ml.MatchSetup, *, push: bool = True) -> None:
        raise NotImplementedError

    def to_setup(self, setup: ml.MatchSetup) -> None:
        self.end_table()
        self.close_link()
        self.stage = "setup"
        self.match = None
        js.document.documentElement.removeAttribute("data-playing")
        self.sub.textContent = "Choose the match, then press Start."

        self.body.innerHTML = mh.setup_html(setup)
        form = dom.q("#mt-setup", self.body)
        self.bindings.on(form, "submit", self.on_submit)
        self.bindings.on(form, "change", self.on_setup_change)

    def form_value(self, name: str) -> str:
        el = dom.q(f"#mt-setup input[name={name}]:checked", self.body)
        return "" if el is None else str(el.value)

    def on_setup_change(self, evt: Any) -> None:
        dom.q("#mt-difficulty", self.body).hidden = self.form_value("mode") == "local"
        name = dom.attr(evt.target, "name")
        if name == "combo":  # only the Combo's own kinds of round
            combo = self.form_value("combo")
            for label in dom.qa("label[data-combos]", self.body):
                label.hidden = combo not in str(dom.attr(label, "data-combos")).split()
            if dom.q("label[data-combos]:not([hidden]) input:checked", self.body) is None:
                first = dom.q("label[data-combos]:not([hidden]) input", self.body)
                first.checked = True
                name = "kind"
        if name == "kind":  # the kind's own clock
            dom.q("#mt-minutes", self.body).value = str(KINDS.get(self.form_value("kind"), 20))

    def on_submit(self, evt: Any) -> None:
        evt.preventDefault()
        combo, kind = self.form_value("combo"), self.form_value("kind")
        minutes = str(dom.q("#mt-minutes", self.body).value).strip()
        seed = str(dom.q("#mt-seed", self.body).value).strip()
        bad = ml.check_setup(combo, kind, minutes, seed)
        if bad is not None:
            dom.q("#mt-setup-error", self.body).textContent = bad
            return
        setup = ml.MatchSetup(
            int(combo),
            kind,
            int(minutes),
            self.form_value("mode") or "bot",
            self.form_value("difficulty") or "medium",
            int(seed) if seed else None,
        )
        self.start(setup)


class ResultPanel:
    """The result stage, for :class:`~cardroom.web.match.screen.MatchScreen`."""

    match: Match | None
    setup: ml.MatchSetup
    link: Any
    body: Any
    bindings: kit_dom.Listeners
    settled_at: float

    # the screen's
    @property
    def guest(self) -> bool:
        raise NotImplementedError

    def layout(self, stage: str) -> Any:
        raise NotImplementedError

    def save(self) -> None:
        raise NotImplementedError

    def later(self, fn: Callable[[], None], ms: int) -> None:
        raise NotImplementedError

    def start(self, setup: ml.MatchSetup, *, push: bool = True) -> None:
        raise NotImplementedError

    def leave(self) -> None:
        raise NotImplementedError

    def show_result(self) -> None:
        m = self.match
        assert m is not None
        js.document.documentElement.removeAttribute("data-playing")
        stage = self.layout("result")
        self.save()
        stage.innerHTML, spoken = mh.result_html(m, ml.team_names(self.setup.mode), self.setup.mode)
        host = dom.q(".mt-result", stage)
        if self.guest:  # a new match is the host's to deal
            for b in dom.qa('[data-mact="again"], [data-mact="replay"]', host):
                b.remove()
        elif self.link is not None:
            self.link.host_stage()
        self.settled_at = float(js.performance.now()) + SETTLE_MS
        self.later(lambda: host.classList.remove("is-settling"), SETTLE_MS)
        self.bindings.on(host, "click", self.on_result_click)
        self.bindings.on(dom.q("#mt-code-form", host), "submit", self.on_code)
        dom.q("#mt-result-h", host).focus()
        dom.announce(spoken)

    def on_result_click(self, evt: Any) -> None:
        b = dom.closest(evt.target, "button[data-mact]")
        if b is None:
            return
        if float(js.performance.now()) < self.settled_at:
            evt.preventDefault()
            return  # a touch that ended the match presses nothing here
        act = dom.attr(b, "data-mact")
        if act == "again":
            self.start(
                self.setup.with_seed(new_seed(random.randrange, self.setup.seed)), push=False
            )
        elif act == "replay":
            self.start(self.setup, push=False)
        else:
            self.leave()

    def on_code(self, evt: Any) -> None:
        evt.preventDefault()
        form = dom.q("#mt-code-form", self.body)
        m = self.match
        if m is None or form is None:
            return

        def val(name: str) -> str:
            return str(dom.q(f"input[name={name}]", form).value)

        code, bad = msave.result_code_for(m, val("tcode"), val("round"), val("a"), val("b"))
        dom.q("#mt-code-error", form).textContent = bad or ""
        out = dom.q("#mt-code-out", form)
        if code is None:
            out.replaceChildren()
            return
        a, b = m.points()
        out.innerHTML = (
            f'<p class="mt-code-text">Result code: <strong data-code>{code}</strong></p>'
            f'<p class="mt-code-check">Round {escape(val("round").strip())}: team '
            f"{escape(val('a').strip())} {a}, team {escape(val('b').strip())} {b}. The "
            "director checks these against the round's pairing.</p>"
        )
        asyncio.ensure_future(self.draw_qr(code))

    async def draw_qr(self, code: str) -> None:
        from cardroom.web.platform.libs import load_library  # noqa: PLC0415

        try:
            await load_library("segno")
            from cardroom import qr  # noqa: PLC0415

            out = dom.q("#mt-code-out", self.body)
            shown = dom.q("[data-code]", out) if out is not None else None
            if shown is not None and str(shown.textContent) == code:
                label = f"QR code of the result code {code}"
                out.insertAdjacentHTML("beforeend", qr.svg(code, label=label))
        except Exception as exc:  # the QR code is a convenience: the text is enough
            js.console.warn(f"match: no QR code: {exc}")

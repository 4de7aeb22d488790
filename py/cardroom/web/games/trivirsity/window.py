"""Tri-Virsity's window between two turns on one device (R-153) and on two devices
(R-191): the public table and a button for every player of this device who may claim the
top discard or challenge a word before the next player draws, then the hand-over. A part
of :class:`cardroom.web.games.trivirsity.screen.TriUI`."""

from __future__ import annotations

from html import escape
from typing import Any

from cardroom.web.games.trivirsity.html import LEGEND, TriHtml
from cardroom.web.games.trivirsity.logic import card_name
from cardroom.web.games.trivirsity.spelling import claim_choices
from cardroom.web.platform import dom

__all__ = ["TriWindow"]


class TriWindow(TriHtml):
    """The window; the screen sets ``own`` (this device's seats), ``area``,
    ``window_done`` and ``window_step`` (the step whose window was closed / is up) and
    provides ``drop_handover``."""

    own: list[int]
    area: Any
    window_done: int
    window_step: int

    def window_open(self, ref: dict[str, Any]) -> bool:
        if self.window_done == ref["step"]:
            return False
        claimers = [s for s in self.others(ref) if claim_choices(ref, s)]
        return bool(claimers) or bool(self.challengers(ref))

    def others(self, ref: dict[str, Any]) -> list[int]:
        """The players who may speak up between turns: not the one who gets the device
        next (they claim or challenge on their own screen); on two devices only this
        device's players."""
        return [s for s in self.own if s != self.actor(ref)]

    def challengers(self, ref: dict[str, Any]) -> list[tuple[int, int]]:
        return [(k, s) for k, s in super().challengers(ref) if s in self.own]

    def show_window(self, ref: dict[str, Any]) -> None:
        """Between two players' turns on one device: the public table, and a button for
        every player who may claim the top discard or challenge a word before the next
        player draws; then the hand-over."""
        if self.window_step == ref["step"] and dom.q(".tv-window", self.area) is not None:
            return  # already up (two devices: views keep coming in)
        self.window_step = ref["step"]
        self.shown = None
        self.drop_handover()
        nxt = self.names[self.actor(ref)]
        here = self.actor(ref) in self.own
        nobody = f"Nobody: pass the device to {escape(nxt)}" if here else "Nobody: go on"
        top = ref["discards"][-1] if ref["discards"] else None
        rows = []
        if top is not None and ref["claimable"]:
            who = [
                f'<button type="button" class="bu-btn bu-quiet" data-claimer="{s}">'
                f"{escape(self.names[s])} claims it</button>"
                for s in self.others(ref)
                if claim_choices(ref, s)
            ]
            if who:
                rows.append(
                    f"<p>The top discard, {escape(card_name(top))}, may be claimed for a table "
                    f"word before {escape(nxt)} draws.</p><div class='tv-row'>{''.join(who)}</div>"
                )
        for k, p in enumerate(ref["pending"]):
            who = [
                f'<button type="button" class="bu-btn bu-quiet" data-chal="{k}" '
                f'data-by="{s}">{escape(self.names[s])} challenges</button>'
                for kk, s in self.challengers(ref)
                if kk == k
            ]
            if who:
                rows.append(
                    f"<p>{escape(self.names[p['seat']])} played {p['spelled'].upper()}: a wrong "
                    f"spelling goes back and costs 25; a right one costs the challenger 25.</p>"
                    f"<div class='tv-row'>{''.join(who)}</div>"
                )
        self.area.innerHTML = (
            '<section class="tv-window" aria-labelledby="tv-window-h">'
            '<h2 id="tv-window-h" class="tv-h">Before the next turn</h2>'
            f"{''.join(rows)}"
            f'<button type="button" class="bu-btn bu-primary" id="tv-pass-on">{nobody}</button>'
            '<div class="tv-game"><section class="tv-tablebox" aria-labelledby="tv-table-h">'
            '<h2 id="tv-table-h" class="tv-h">Words on the table</h2>'
            f'<ol class="tv-words" id="tv-words">{self.words_html(ref, False)}</ol>'
            f"{LEGEND if ref['words'] else ''}</section>"
            "</div></section>"
        )
        dom.q("#tv-pass-on", self.area).focus()

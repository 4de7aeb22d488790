"""Tri-Virsity's hand and word builder as input: typing a word picks its cards (a wild
asks which letter it is), a tap or click picks a card, Alt+arrows or a drag arranges the
hand within its suit. A part of :class:`cardroom.web.games.trivirsity.screen.TriUI`."""

from __future__ import annotations

from typing import Any

import js  # type: ignore[import-not-found]

from cardroom.trivirsity.deck import card_letter, card_suit, is_tri, is_wild
from cardroom.web.games.trivirsity.html import TriHtml
from cardroom.web.games.trivirsity.logic import card_name
from cardroom.web.games.trivirsity.spelling import spell
from cardroom.web.platform import dom

__all__ = ["ALPHA", "TriInput"]

ALPHA = "abcdefghijklmnopqrstuvwxyz"
#: ``dragged``'s card after a finger's pick: the click that follows, on any card, is none
TOUCHED = "touch"


class TriInput(TriHtml):
    """The builder's state: ``sel`` (the picked cards with their letters), ``text`` (the
    word typed), ``picking`` (a wild waiting for its letter), ``drag`` and ``dragged`` (a
    pointer on a card, and the card a click must not pick again); the screen sets ``v``
    (the view on screen), ``area`` and ``table`` and provides ``render``."""

    sel: list[tuple[str, str]]
    text: str
    picking: str | None
    drag: dict[str, Any] | None
    dragged: tuple[str, float] | None
    v: dict[str, Any]
    area: Any
    table: Any

    note: str | None

    def clear_builder(self) -> None:
        self.sel, self.text, self.target, self.picking = [], "", None, None
        self.note = None
        box = dom.q("#tv-pick", self.area) if getattr(self, "area", None) is not None else None
        if box is not None:
            box.hidden = True  # no wild waits for its letter

    def respell(self) -> None:
        v = self.v
        suit = None
        if self.target is not None:
            w = next((x for x in v["words"] if x["id"] == self.target[0]), None)
            suit = w["suit"] if w else None
        prefer = next((card_suit(c) for c, _ in self.sel if not is_tri(c)), None)
        sp = spell(v["hand"] or [], self.text, suit, prefer)
        self.sel = (
            list(zip(sp.cards, sp.letters[: len(sp.cards)], strict=True)) if not sp.missing else []
        )
        if sp.missing:
            self.sel = []

    def pick_card(self, code: str) -> None:
        if any(c == code for c, _ in self.sel):
            self.sel = [(c, ch) for c, ch in self.sel if c != code]
        elif is_wild(code):
            self.picking = code
            box = dom.q("#tv-pick", self.area)
            box.innerHTML = "<span class='tv-label'>This wild is the letter:</span>" + "".join(
                f'<button type="button" class="tv-letter" data-letter="{ch}">{ch.upper()}</button>'
                for ch in ALPHA
            )
            box.hidden = False
            dom.q("[data-letter]", box).focus()
            return
        else:
            self.sel.append((code, card_letter(code) or ""))
        self.text = "".join(ch for _, ch in self.sel)
        self.render(self.table)

    def on_input(self, evt: Any) -> None:
        if dom.attr(evt.target, "id") != "tv-type":
            return
        self.text = "".join(ch for ch in str(evt.target.value).lower() if ch in ALPHA)
        self.note = None
        self.respell()
        self.render(self.table)

    def on_key(self, evt: Any) -> None:
        card = dom.closest(evt.target, "[data-card]")
        if card is None or evt.ctrlKey or evt.metaKey:
            return
        key = str(evt.key)
        if key in ("ArrowLeft", "ArrowRight") and evt.altKey:
            # Alt moves the card; plain arrows move the focus (cardroom.web.kit.roving)
            evt.preventDefault()
            self.move_card(dom.attr(card, "data-card") or "", -1 if key == "ArrowLeft" else 1)
        elif len(key) == 1 and key.lower() in ALPHA and not evt.altKey:
            evt.preventDefault()  # typing on the hand types the word (its cards are picked)
            self.text += key.lower()
            self.note = None
            self.respell()
            self.render(self.table)
            dom.q("#tv-type", self.area).focus()

    def move_card(self, code: str, step: int) -> None:
        g = "*" if is_tri(code) else (card_suit(code) or "*")
        cards = self.hand_groups(self.v["hand"] or [])[g]
        i = cards.index(code)
        j = max(0, min(len(cards) - 1, i + step))
        cards.insert(j, cards.pop(i))
        self.order[g] = cards
        self.table.save()
        self.render(self.table)
        dom.q(f'[data-card="{code}"]', self.area).focus()
        dom.announce(f"{card_name(code)} moved to place {j + 1} of {len(cards)}.")

    def on_down(self, evt: Any) -> None:
        card = dom.closest(evt.target, "#tv-hand [data-card]")
        if card is None:
            return
        self.drag = {"card": dom.attr(card, "data-card"), "x": evt.clientX, "y": evt.clientY}
        self.drag["moved"] = False

    def on_move(self, evt: Any) -> None:
        d = self.drag
        if d is None:
            return
        if abs(evt.clientX - d["x"]) + abs(evt.clientY - d["y"]) > 8 and not d["moved"]:
            d["moved"] = True
            el = dom.q(f'[data-card="{d["card"]}"]', self.area)
            if el is not None:
                el.classList.add("is-dragging")

    def on_up(self, evt: Any) -> None:
        d, self.drag = self.drag, None
        if d is None:
            return
        if not d["moved"]:
            if evt.pointerType != "mouse":  # a finger picks on lifting: touch browsers may
                # drop the click, or send it where the finger was once the page has moved
                # (a wild's letters row pushes the hand down): no card click is a pick then
                self.dragged = (TOUCHED, float(js.performance.now()))
                self.pick_card(d["card"])
            return
        # the click that may follow on the dragged (or tapped) card is not a pick
        self.dragged = (d["card"], float(js.performance.now()))
        under = dom.closest(js.document.elementFromPoint(evt.clientX, evt.clientY), "[data-card]")
        code = d["card"]
        g = "*" if is_tri(code) else (card_suit(code) or "*")
        cards = self.hand_groups(self.v["hand"] or [])[g]
        other = dom.attr(under, "data-card") if under is not None else None
        if other and other in cards and other != code:
            box = under.getBoundingClientRect()
            after = evt.clientX > box.left + box.width / 2  # dropped on its right half
            cards.remove(code)
            cards.insert(cards.index(other) + after, code)
            self.order[g] = cards
            self.table.save()
            dom.announce(f"{card_name(code)} moved.")
        self.render(self.table)

"""Tri-Virsity's screen as HTML text (plain Python, no browser): the cards, the seats, the
table's words with their owners and the ends where they may grow, the piles and claims, the
hand by suit, the score sheet and a hand's summary. ``trivirsity_screen`` puts them in the
page and wires them."""

from __future__ import annotations

from collections.abc import Collection
from html import escape
from typing import Any

from cardroom.trivirsity import words as wordlist
from cardroom.trivirsity.deck import (
    SUIT_NAMES,
    card_letter,
    card_points,
    card_suit,
    is_tri,
    is_wild,
)
from cardroom.web.games.trivirsity.logic import card_name, team_names
from cardroom.web.games.trivirsity.spelling import claim_choices, grow_spots
from cardroom.web.kit.logic import Setup
from cardroom.web.kit.result import number

__all__ = ["GROUPS", "TriHtml", "card_html", "describe_end", "tile_html"]

#: The most teams the score sheet shows as columns; with more it turns (a row per team).
WIDE_SHEET = 4
#: The claims of the top discard shown as buttons at once; the rest sit under "More claims".
MAX_CLAIMS = 8
#: what the numbers at a table word's ends mean, shown under "Words on the table" (#41)
LEGEND = (
    '<p class="tv-legend" id="tv-legend"><span class="tv-end-eg">+3</span> before a word: '
    '3 letters make a new word at its front; <span class="tv-end-eg">5+</span> after it: '
    "5 letters fit at its back. Pick cards, then tap an end to add them there.</p>"
)
GROUPS = (("R", "Winding Red"), ("G", "Wavey Green"), ("O", "Curvy Orange"), ("*", "Tri-colour"))


def card_html(code: str, selected: bool = False) -> str:
    """A card as a button: its letter (or WILD), points and suit (colour and line); its
    name says the suit first ("Green E 5 points", "Tri-colour WILD 25 points")."""
    suit = "T" if is_tri(code) else (card_suit(code) or "T")
    face = "WILD" if is_wild(code) else (card_letter(code) or "").upper()
    kind = "Tri-colour" if is_tri(code) else {"R": "Red", "G": "Green", "O": "Orange"}[suit]
    pressed = "true" if selected else "false"
    return (
        f'<button type="button" class="tv-card tv-s{suit}" data-card="{code}" '
        f'aria-pressed="{pressed}"><span class="tv-sr">{kind} </span>'
        f'<span class="tv-face">{face}</span> <span class="tv-pts">{card_points(code)}</span>'
        '<span class="tv-sr"> points</span></button>'
    )


def tile_html(code: str, letter: str, owner: str) -> str:
    suit = "T" if is_tri(code) else (card_suit(code) or "T")
    return f'<span class="tv-tile tv-s{suit}" title="{escape(owner)}">{letter.upper()}</span>'


def claim_words(
    v: dict[str, Any], claims: list[dict[str, Any]]
) -> list[tuple[dict[str, Any], str, bool]]:
    """Each claim with the word it spells and whether that is in the dictionary."""
    out = []
    for c in claims:
        w = next(x for x in v["words"] if x["id"] == c["word"])
        spelled = c["letter"] + w["letters"] if c["end"] == "front" else w["letters"] + c["letter"]
        out.append((c, spelled, wordlist.is_word(spelled)))
    return out


class TriHtml:
    """The HTML of one seat's screen; the screen sets ``setup``, ``mode``, ``names``,
    ``shown`` (the seat whose hand is shown on one device), ``target``, ``order`` and
    ``several`` (the device passes between seats: one device, or team-mates on two)."""

    setup: Setup
    mode: str
    names: list[str]
    shown: int | None
    target: tuple[int, str] | None
    order: dict[str, list[str]]
    several: bool = False

    def me(self) -> int:
        """The seat whose hand is on screen; -1 on two devices when none is (R-191)."""
        if self.mode == "devices":
            return self.shown if self.shown is not None else -1
        return 0 if self.mode != "local" else (self.shown if self.shown is not None else 0)

    def actor(self, v: dict[str, Any]) -> int:
        return (v["turn"] + 1) % v["players"] if v["phase"] == "out" else v["turn"]

    def challengers(self, ref: dict[str, Any]) -> list[tuple[int, int]]:
        """(pending play, seat) for each player but the next who may challenge it."""
        out = []
        nxt = self.actor(ref)
        for k, p in enumerate(ref["pending"]):
            for s in range(ref["players"]):
                if s != nxt and ref["teams"][s] != ref["teams"][p["seat"]]:
                    out.append((k, s))
        return out

    def tiles(self, cards: list[str]) -> list[str]:
        return [tile_html(c, "*" if is_wild(c) else (card_letter(c) or "?"), "") for c in cards]

    def seats_html(self, v: dict[str, Any]) -> str:
        out = []
        totals = v["scores"]
        for s in range(v["players"]):
            cur = ' aria-current="true"' if s == self.actor(v) and not v["between"] else ""
            note = " · no discard announced" if v["announced"][s] else ""
            team = v["teams"][s] if v["solitaire"] is None else 0
            n, pts = v["hand_sizes"][s], totals[team]
            out.append(
                f'<p class="tv-seat" data-seat="{s}"{cur}><strong>{escape(self.names[s])}</strong>'
                f" · {n} card{'s' * (n != 1)} · {pts} point{'s' * (abs(pts) != 1)}{note}</p>"
            )
        return "".join(out)

    def words_html(self, v: dict[str, Any], interactive: bool) -> str:
        out = []
        mine = interactive and v["phase"] == "play" and self.actor(v) == self.me()
        for w in v["words"]:
            owners = sorted({self.names[o] for o in w["owners"]})
            tiles = "".join(
                tile_html(c, ch, self.names[o])
                for c, ch, o in zip(w["cards"], w["letters"], w["owners"], strict=True)
            )
            spots = grow_spots(v, w)
            ends = {}
            for end in ("front", "back"):
                on = self.target == (w["id"], end)
                hint = f"{spots[end]} letter{'s' * (spots[end] != 1)} fit"
                dis = "" if mine else " disabled"
                ends[end] = (
                    f'<button type="button" class="tv-end" data-word="{w["id"]}" data-end="{end}" '
                    f'title="{hint} at the {end} of {w["letters"].upper()}" '
                    f'aria-pressed="{"true" if on else "false"}"{dis}>'
                    f'{"+" if end == "front" else ""}<span class="tv-fit">{spots[end]}</span>'
                    f'{"+" if end == "back" else ""}<span class="tv-sr"> add at the {end} of '
                    f"{w['letters'].upper()}: {hint}</span></button>"
                )
            chal = ""  # a play that may be challenged carries its button
            for k, p in enumerate(v["pending"]):
                can = (
                    interactive
                    and self.me() in v["to_move"]
                    and (v["teams"][p["seat"]] != v["teams"][self.me()])
                )
                if p["word"] == w["id"] and can:
                    chal += (
                        f'<button type="button" class="bu-btn bu-quiet tv-small" data-chal="{k}" '
                        f'data-by="{self.me()}">Challenge {p["spelled"].upper()}</button>'
                    )
            suit = SUIT_NAMES[w["suit"]]
            out.append(
                f'<li class="tv-word" data-word="{w["id"]}" data-letters="{w["letters"]}">'
                f'{ends["front"]}<span class="tv-tiles" role="img" aria-label="'
                f'{w["letters"].upper()} in {suit}">{tiles}</span>{ends["back"]}'
                f'<span class="tv-owner">by {escape(", ".join(owners))}</span>{chal}</li>'
            )
        return "".join(out)

    def piles_html(self, v: dict[str, Any], legal: Collection[str] = ()) -> str:
        """The draw pile, the top discard and the buttons to draw or take it: enabled when
        the engine lists that move for the seat on screen (``legal``: the kinds of move it
        may send now), claims of the top discard, the hand-on and accept buttons."""
        me = self.me()
        top = v["discards"][-1] if v["discards"] else None
        dis = "" if "draw" in legal else " disabled"
        out = [
            f'<button type="button" class="bu-btn bu-primary" id="tv-draw"{dis}>'
            f"Draw from the pile ({v['pile']})</button>"
        ]
        if top is not None:
            out.append(
                '<span class="tv-top"><span class="tv-label">Top discard</span>'
                f"{tile_html(top, 'WILD' if is_wild(top) else card_letter(top) or '?', '')}"
                f'<span class="tv-sr">{escape(card_name(top))}</span></span>'
            )
            dis = "" if "take" in legal else " disabled"  # solitaire too
            out.append(
                f'<button type="button" class="bu-btn bu-quiet" id="tv-take"{dis}>'
                "Take the discard</button>"
            )
        claims = claim_choices(v, me) if me in v["to_move"] else []
        if claims:
            # dictionary words first; in challenge mode others may be claimed too, at a risk
            shown = sorted(claim_words(v, claims), key=lambda x: (not x[2], x[1]))
            btns = [
                f'<button type="button" class="bu-btn bu-quiet tv-small" '
                f'data-claim="{c["word"]}:{c["end"]}:{c["letter"]}">Claim: {spelled.upper()}'
                f"{'' if ok else ' (not a word)'}</button>"
                for c, spelled, ok in shown
            ]
            # a wild fits many words: the first few show, every other claim one tap away
            more = btns[MAX_CLAIMS:]
            if more:
                btns[MAX_CLAIMS:] = [
                    f'<details class="tv-more"><summary>More claims ({len(more)})</summary>'
                    f'<div class="tv-claims">{"".join(more)}</div></details>'
                ]
            out.append(
                f'<div class="tv-claims" role="group" aria-label="Claim the top discard">'
                f"{''.join(btns)}</div>"
            )
        if self.several and 0 <= me != self.actor(v):  # a claimer on one device
            words = (
                f"Hand the device to {escape(self.names[self.actor(v)])}"
                if self.mode == "local"
                else "Done: hide this hand"
            )
            out.append(
                f'<button type="button" class="bu-btn bu-quiet" id="tv-pass-on">{words}</button>'
            )
        if v["phase"] == "out" and self.actor(v) == me:
            out.append(
                '<button type="button" class="bu-btn bu-quiet" id="tv-accept">'
                "Let the going out stand</button>"
            )
        return "".join(out)

    def play_skeleton(self) -> str:
        return """
<h2 id="tv-play-h" class="tv-h">Your hand</h2>
<div class="tv-builder">
  <label for="tv-type" class="tv-label">Word</label>
  <input id="tv-type" class="tv-type" type="text" autocomplete="off" autocapitalize="off"
    spellcheck="false" maxlength="15" aria-describedby="tv-check">
  <p class="tv-check" id="tv-check" aria-live="polite"></p>
</div>
<div class="tv-pick" id="tv-pick" hidden role="group" aria-label="Letter for the wild"></div>
<div class="tv-actions" role="group" aria-label="Your turn">
  <button type="button" class="bu-btn bu-primary" id="tv-lay" disabled>Lay down</button>
  <button type="button" class="bu-btn bu-primary" id="tv-build" disabled>Add to a word</button>
  <button type="button" class="bu-btn bu-quiet" id="tv-clear">Clear</button>
  <button type="button" class="bu-btn bu-quiet" id="tv-discard" disabled>Discard</button>
  <button type="button" class="bu-btn bu-quiet" id="tv-nodiscard" disabled>No discard</button>
  <button type="button" class="bu-btn bu-quiet" id="tv-tri" hidden>TRI-VIRSITY!</button>
</div>
<div class="tv-hand" id="tv-hand" data-roving="tv-hand"></div>
<p class="tv-help">Tap cards to spell, or type a word: its cards are picked for you. Drag a
card, or press <kbd>Alt</kbd>+<kbd>←</kbd>/<kbd>→</kbd>, to arrange your hand.</p>"""

    def hand_groups(self, hand: list[str]) -> dict[str, list[str]]:
        groups: dict[str, list[str]] = {g: [] for g, _ in GROUPS}
        for c in hand:
            groups["*" if is_tri(c) else (card_suit(c) or "*")].append(c)
        for g, cards in groups.items():
            order = self.order.get(g, [])
            cards.sort(key=lambda c: order.index(c) if c in order else 99 + hand.index(c))
        return groups

    def scores_html(self, v: dict[str, Any]) -> str:
        """The score sheet: each hand played (the hand just over included, before Next hand
        is pressed) and the running totals, per team: a column per team, or with more
        than :data:`WIDE_SHEET` teams a row per team (so the sheet keeps to its column)."""
        solo = v["solitaire"] is not None
        teams = team_names(self.setup, self.names, [0] if solo else v["teams"])
        hands = [h["scores"] for h in v["history"]]
        over = v["hand_scores"] is not None  # this hand is over: its row and the totals
        if over:
            hands.append(v["hand_scores"])
        per_hand = []
        for scores in hands:
            per = [0] * len(teams)
            for s, x in enumerate(scores):
                per[0 if solo else v["teams"][s]] += x
            per_hand.append(per)
        totals = v["totals"] if over else v["scores"]
        when = f"{'After' if over else 'Before'} hand {v['hand_no']}"
        target = v["match_target"]
        goal = f"to {target} points" if target and not solo else "one hand"
        title = f'<h2 id="tv-scores-h" class="tv-h">{"Score" if solo else "Scores"} ({goal})</h2>'
        if len(teams) > WIDE_SHEET:
            head = "".join(f'<th scope="col">Hand {k}</th>' for k in range(1, len(hands) + 1))
            rows = "".join(
                f'<tr><th scope="row">{escape(t)}</th>'
                + "".join(f"<td>{number(per[i])}</td>" for per in per_hand)
                + f'<td class="tv-total">{number(totals[i])}</td></tr>'
                for i, t in enumerate(teams)
            )
            return (
                f'{title}<table class="tv-score-table tv-turned"><thead><tr>'
                f'<th scope="col">Player</th>{head}<th scope="col" class="tv-total">{when}</th>'
                f"</tr></thead><tbody>{rows}</tbody></table>"
            )
        head = "".join(f'<th scope="col">{escape(t)}</th>' for t in teams)
        rows = "".join(
            f'<tr><th scope="row">Hand {k}</th>{"".join(f"<td>{number(x)}</td>" for x in per)}</tr>'
            for k, per in enumerate(per_hand, start=1)
        )
        total = "".join(f"<td>{number(x)}</td>" for x in totals)
        return (
            f'{title}<table class="tv-score-table"><thead><tr><th scope="col">Hand</th>{head}'
            f'</tr></thead><tbody>{rows}<tr class="tv-total"><th scope="row">{when}</th>'
            f"{total}</tr></tbody></table>"
        )

    def hand_summary(self, v: dict[str, Any]) -> str:
        """How the hand ended, each player's score for it and the cards left in hand."""
        rows = []
        for s in range(v["players"]):
            cards = "".join(self.tiles(v["hands"][s])) or "none"
            rows.append(
                f'<tr><th scope="row">{escape(self.names[s])}</th>'
                f'<td data-hand-score="{s}">{number(v["hand_scores"][s])}</td><td>{cards}</td></tr>'
            )
        return (
            f"<p>{escape(describe_end(v, self.names))}</p>"
            '<table class="tv-score-table"><thead><tr><th scope="col">Player</th>'
            '<th scope="col">This hand</th><th scope="col">Cards left</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>"
        )

    def between_html(self, v: dict[str, Any]) -> str:
        return (
            f'<h2 id="tv-play-h" class="tv-h">Hand {v["hand_no"]} is over</h2>'
            f"{self.hand_summary(v)}"
            '<button type="button" class="bu-btn bu-primary" id="tv-next">Next hand</button>'
        )


def describe_end(v: dict[str, Any], names: list[str]) -> str:
    if v["end"] == "out" and 0 <= v["out"] < len(names):
        return f"{names[v['out']]} went out."
    return {
        "blocked": "The draw pile ran out.",
        "time": "The round limit was reached.",
        "solitaire": "The solitaire hand made two suits of five.",
    }.get(v["end"], "")

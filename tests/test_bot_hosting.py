"""One bot protocol (issue #40): the table's engine client hosts the engine's own bots
(:class:`cardroom.core.Bot`) directly, every game declaring only how it hosts them
(:class:`cardroom.web.kit.logic.Hosting`); no class in the web layer wraps a bot, and a
computer move the engine refuses is an error (R-244)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from cardroom import games
from cardroom.core import BotContext, Move
from cardroom.match import Match, Up
from cardroom.web.games.sequence import logic as sequence
from cardroom.web.games.trivirsity import logic as trivirsity
from cardroom.web.kit.logic import ComputerMoveRefused, LocalEngine
from cardroom.web.match import logic as ml
from cardroom.web.platform.routes import parse_link

WEB = Path(__file__).resolve().parent.parent / "py" / "cardroom" / "web"
#: the games of a match, at a level each plays at
MATCH_GAMES = {
    "border-up": 2,
    "state-iq": 2,
    "dashing-states": 3,
    "play-the-ranks": 4,
    "border-zap": 3,
    "chummy-challenge": 4,
}


def watched(slug: str, seed: int = 4) -> LocalEngine:
    """The engine client a match's game screen gets in watch mode (a computer on both
    seats)."""
    up = Up(1, slug, games.get(slug), seed, {"level": MATCH_GAMES[slug]}, None)
    return ml.logic_engine(up, "watch", "easy")


def engines() -> dict[str, LocalEngine]:
    out = {slug: watched(slug) for slug in MATCH_GAMES}
    for q in (
        {"game": "sequence", "players": "4"},
        {"game": "tri-virsity", "players": "3"},
    ):
        setup = parse_link({**q, "mode": "bot", "seed": "5"}).setup
        mod = sequence if q["game"] == "sequence" else trivirsity
        out[q["game"]] = mod.engine(setup)
    pick = Match.new(3, 4, "call", 20).up()  # both teams call their games
    out["match-pick"] = ml.pick_engine(pick, "watch")
    return out


def test_every_computer_seat_is_the_engines_own_bot() -> None:
    for slug, eng in engines().items():
        assert eng.bots, slug
        for seat, bot in eng.bots.items():
            cls = type(bot)
            assert cls.__module__.startswith("cardroom."), (slug, seat, cls)
            assert not cls.__module__.startswith("cardroom.web"), (slug, seat, cls)
            assert callable(getattr(bot, "choose", None)), (slug, seat, cls)


def test_no_class_in_the_web_layer_wraps_a_bot() -> None:
    """No adapter classes: no web class chooses or plans a computer's move, and nothing
    outside the engine client reaches for its private planning."""
    found = []
    for path in sorted(WEB.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                methods = {f.name for f in node.body if isinstance(f, ast.FunctionDef)}
                if "choose" in methods or {"key", "plan"} <= methods:
                    found.append(f"{path.relative_to(WEB)}: class {node.name}")
            if isinstance(node, ast.Attribute) and node.attr == "_replan":
                found.append(f"{path.relative_to(WEB)}: ._replan")
    assert found == []


class Garbage:
    """An engine bot with a bug: whenever it may act, a move no game knows."""

    def choose(self, ctx: BotContext) -> Move | None:
        return None if ctx.legal.is_empty() else Move(ctx.seat, "nonsense", None, ctx.now)


@pytest.mark.parametrize("slug", sorted(MATCH_GAMES))
def test_a_refused_computer_move_is_raised_in_every_game(slug: str) -> None:
    eng = watched(slug)
    eng.host(1, Garbage())
    with pytest.raises(ComputerMoveRefused) as refused:
        for _ in range(300):
            due = eng.next_due()
            assert due is not None and not eng.over, "the bug was never met"
            eng.advance(due)
    err: Any = refused.value
    assert err.seat == 1 and err.move["kind"] == "nonsense" and err.reason
    assert all(m["kind"] != "nonsense" for m in eng.moves)

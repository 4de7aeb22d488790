"""The games cardroom knows, by slug: each imported only when first asked for.

``get("border-up")`` returns the :class:`~cardroom.core.Game`. (The bot-against-bot
runners of ``cardroom simulate`` are named in :mod:`cardroom.simulators`: a command-line
tool the browser never loads.)
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

from .core import Game

__all__ = ["REGISTRY", "Entry", "entry", "get", "slugs", "team_bot"]


@dataclass(frozen=True, slots=True)
class Entry:
    slug: str
    title: str
    game: str  # "module:attribute" of the Game instance
    levels: tuple[int, ...] = ()
    #: Option sets ``cardroom check`` plays when no level is given (default: each level).
    configs: tuple[dict[str, Any], ...] = ()
    #: False while a game is registered but not yet playable through the protocol.
    ready: bool = True
    #: "module:function" of its computer team in a match, ``(difficulty, seed) -> Bot``
    #: (the games a match plays; "" for the others).
    team: str = ""

    def check_configs(self) -> tuple[dict[str, Any], ...]:
        if self.configs:
            return self.configs
        return tuple({"level": lv} for lv in self.levels) or ({},)


REGISTRY: dict[str, Entry] = {
    e.slug: e
    for e in (
        Entry(
            "border-up",
            "Border-Up",
            "cardroom.geoplunge.border_up:GAME",
            (2, 3, 4),
            team="cardroom.geoplunge.bot:team",
        ),
        Entry(
            "tri-virsity",
            "Tri-Virsity",
            "cardroom.trivirsity.game:GAME",
            configs=(
                {"rounds": 2},
                {"variant": "solitaire", "rounds": 4},
                {"players": 4, "teams": True, "check": "challenge", "rounds": 2},
                {"players": 8, "rounds": 1},
                {
                    "players": 3,
                    "variant": "beginner",
                    "deal": [6, 8, 10],
                    "min_len": [2, 2, 3],
                    "rounds": 2,
                },
                {"players": 3, "variant": "five", "rounds": 2},
                {"variant": "four", "check": "challenge", "rounds": 2},
                {"players": 5, "variant": "few-wilds", "rounds": 2},
            ),
        ),
        Entry(
            "state-iq",
            "State IQ",
            "cardroom.geoplunge.state_iq:GAME",
            (2, 3, 4),
            team="cardroom.geoplunge.state_iq_bot:team",
        ),
        Entry(
            "dashing-states",
            "Dashing States",
            "cardroom.geoplunge.dashing:GAME",
            (2, 3, 4),
            team="cardroom.geoplunge.dashing_bot:team",
        ),
        Entry(
            "chummy-challenge",
            "Chummy Challenge",
            "cardroom.geoplunge.chummy:GAME",
            (3, 4),
            team="cardroom.geoplunge.chummy_bot:team",
        ),
        Entry(
            "play-the-ranks",
            "Play the Ranks",
            "cardroom.geoplunge.tricks.ranks:GAME",
            (2, 3, 4),
            configs=(
                {"level": 2},
                *({"level": lv, "version": v} for lv in (3, 4) for v in ("ptr1", "ptr2")),
            ),
            team="cardroom.geoplunge.tricks.bots:team",
        ),
        Entry(
            "border-zap",
            "Play the Border Zap",
            "cardroom.geoplunge.tricks.zap:GAME",
            (3, 4),
            team="cardroom.geoplunge.tricks.bots:team",
        ),
        Entry(
            "sequence",
            "Sequence States & Capitals",
            "cardroom.sequence:GAME",
            configs=tuple(
                {"players": p, "teams": t}
                for p, t in ((2, 2), (3, 3), (4, 2), (6, 2), (6, 3), (8, 2), (9, 3), (10, 2))
                + ((12, 2), (12, 3))
            ),
        ),
    )
}


def _load(ref: str) -> Any:
    module, _, attr = ref.partition(":")
    return getattr(import_module(module), attr)


def slugs() -> tuple[str, ...]:
    return tuple(REGISTRY)


def entry(slug: str) -> Entry:
    """The registry entry of ``slug`` (KeyError naming the known games otherwise)."""
    return _entry(slug)


def _entry(slug: str) -> Entry:
    try:
        return REGISTRY[slug]
    except KeyError:
        raise KeyError(f"no game called {slug!r} (known: {', '.join(REGISTRY)})") from None


def get(slug: str) -> Game:
    """The game registered as ``slug``."""
    return _load(_entry(slug).game)


def team_bot(slug: str, difficulty: str, seed: str) -> Any:
    """``slug``'s computer team in a match (its entry's ``team``), seeded by ``seed``."""
    ref = _entry(slug).team
    if not ref:
        raise ValueError(f"no computer team for {slug}")
    return _load(ref)(difficulty, seed)

"""The games cardroom knows, by slug: each imported only when first asked for.

``get("border-up")`` returns the :class:`~cardroom.core.Game`; ``simulator(slug)`` the
bot-against-bot runner used by ``cardroom simulate`` (None if the game has none yet).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from .core import Game

__all__ = ["REGISTRY", "Entry", "entry", "get", "simulator", "slugs"]


@dataclass(frozen=True, slots=True)
class Entry:
    slug: str
    title: str
    game: str  # "module:attribute" of the Game instance
    simulate: str | None = None  # "module:attribute" of run(level, games, seed, ...)
    levels: tuple[int, ...] = ()
    #: Option sets ``cardroom check`` plays when no level is given (default: each level).
    configs: tuple[dict[str, Any], ...] = ()
    #: False while a game is registered but not yet playable through the protocol.
    ready: bool = True

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
            "cardroom.geoplunge.simulate:run",
            (2, 3, 4),
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


def simulator(slug: str) -> Callable[..., dict[str, Any]] | None:
    """The bot-against-bot runner of ``slug``, or None."""
    ref = _entry(slug).simulate
    return _load(ref) if ref else None

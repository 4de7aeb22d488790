"""The bot-against-bot runner of each game, for ``cardroom simulate``.

A command-line tool's table, kept out of :mod:`cardroom.games` (the registry the site
uses): the simulators, the conformance harness and the command line never run in the
browser, and the site's package zip leaves them out (``sitebuild/package.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

__all__ = ["SIMULATORS", "simulator"]

#: slug -> "module:attribute" of ``run(level, games, seed, difficulties, ...)``.
SIMULATORS: dict[str, str] = {
    "border-up": "cardroom.geoplunge.simulate:run",
    "tri-virsity": "cardroom.trivirsity.simulate:run",
    "state-iq": "cardroom.geoplunge.sim:run_state_iq",
    "dashing-states": "cardroom.geoplunge.sim:run_dashing",
    "chummy-challenge": "cardroom.geoplunge.chummy_simulate:run",
    "play-the-ranks": "cardroom.geoplunge.tricks.simulate:run_ranks",
    "border-zap": "cardroom.geoplunge.tricks.simulate:run_zap",
    "sequence": "cardroom.sequence.simulate:run",
}


def simulator(slug: str) -> Callable[..., dict[str, Any]] | None:
    """The bot-against-bot runner of ``slug``, or None when it has none."""
    ref = SIMULATORS.get(slug)
    if ref is None:
        return None
    module, _, attr = ref.partition(":")
    run: Callable[..., dict[str, Any]] = getattr(import_module(module), attr)
    return run

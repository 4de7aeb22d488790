"""Sequence States & Capitals: the board, the rules engine, the bots and the simulator.

``GAME`` (:mod:`.engine`) is the :class:`~cardroom.core.Game`; :mod:`.board` the fixed
board and the cards; :mod:`.bot` the computer players; :mod:`.simulate` bot-against-bot
runs. See ``docs/sequence.md``.
"""

from __future__ import annotations

from .engine import GAME, SequenceGame, SequenceState

__all__ = ["GAME", "SequenceGame", "SequenceState"]

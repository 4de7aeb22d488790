"""GeoPlunge games: Border-Up (group checking, solver, computer opponent).

* :mod:`.groups` -- is a group of state cards a winning group at Level 2, 3 or 4, and why
  not; is a shout valid.
* :mod:`.solver` -- exact search for GeoPlunge / ThreeOPlunge groups in a hand.
* :mod:`.border_up` -- the Border-Up :class:`~cardroom.core.Game` (``GAME``, engine
  protocol v2: two seats, one team each) and its result.
* :mod:`.bot` -- the computer opponent (``EasyBot``, ``MediumBot``, ``HardBot``), choosing
  from a :class:`~cardroom.core.BotContext` only.
* :mod:`.simulate` -- bot against bot through the bot interface, with invariants checked.
"""

from __future__ import annotations

from .groups import CALLS, LEVELS, GroupCheck, ShoutCheck, check_group, check_shout
from .solver import Hand, Solution, all_groups, find, solve

__all__ = [
    "CALLS",
    "LEVELS",
    "GroupCheck",
    "Hand",
    "ShoutCheck",
    "Solution",
    "all_groups",
    "check_group",
    "check_shout",
    "find",
    "solve",
]

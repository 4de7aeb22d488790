"""GeoPlunge Game 4, the trick games: Play the Ranks (Level 2, PTR1 and PTR2 at Levels 3
and 4) and Play the Border Zap (Levels 3 and 4).

* :mod:`.rules` -- ranks at a base, the BUR, protection, judging a trick, zaps.
* :mod:`.ranks` -- the Play the Ranks :class:`~cardroom.core.Game` (``GAME``).
* :mod:`.zap` -- the Play the Border Zap :class:`~cardroom.core.Game` (``GAME``).
* :mod:`.bots` -- computer opponents (easy, medium, hard) that play from a BotContext.
* :mod:`.simulate` -- bot against bot, with invariants checked.
"""

from __future__ import annotations

from .rules import TrickJudgement, ZapJudgement, bur, judge, zaps

__all__ = ["TrickJudgement", "ZapJudgement", "bur", "judge", "zaps"]

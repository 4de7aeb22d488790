"""Settle a trick at a real table: the verdicts behind ``cardroom referee play-the-ranks``
and ``cardroom referee border-zap``.

:func:`ranks_verdict` and :func:`zap_verdict` take what a teacher types (state names or
postal codes, a base, a category) and return a :class:`Verdict`: the exit code, the
one-line answer and JSON. Bad input raises :class:`RefereeInputError` with one clear line
(exit 2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ... import atlas
from . import rules

__all__ = ["RefereeInputError", "Verdict", "ranks_verdict", "zap_verdict"]

#: The bases each level has (Level 2: 1 and 50 only).
LEVEL_BASES = {2: (1, 50), 3: rules.BASES, 4: rules.BASES}


class RefereeInputError(ValueError):
    """Input the referee cannot judge (unknown state, a base the level does not have)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    code: int  # the exit code: 0 judged (zap: 0 zaps, 1 does not)
    line: str
    data: dict[str, Any]


def _state(token: str, what: str) -> str:
    try:
        return atlas.lookup(token).code
    except KeyError:
        raise RefereeInputError(f"{what}: no state called {token!r}") from None


def ranks_verdict(
    *,
    level: int,
    base: int,
    category: str,
    lead: str,
    follow: str,
    version: str = "ptr1",
    bur: tuple[str, ...] = (),
    lead_power: bool = False,
    follow_power: str | None = None,
    change_base: int | None = None,
) -> Verdict:
    """Which card wins a Play the Ranks trick. ``follow_power`` is the category on the
    other team's Power card; ``change_base`` the base on it when it says "Change the
    Base" (PTR2). BUR cards count at Level 4 only."""
    if level not in LEVEL_BASES:
        raise RefereeInputError(f"Play the Ranks is played at levels 2, 3 and 4, not {level}")
    if base not in LEVEL_BASES[level]:
        allowed = ", ".join(map(str, LEVEL_BASES[level]))
        raise RefereeInputError(f"Level {level} has bases {allowed}, not {base}")
    category = category.lower()
    if category not in rules.CATEGORIES:
        raise RefereeInputError(f"the category is size, statehood or population, not {category!r}")
    if version not in ("ptr1", "ptr2"):
        raise RefereeInputError(f"the version is ptr1 or ptr2, not {version!r}")
    a, b = _state(lead, "--lead"), _state(follow, "--follow")
    if a == b:
        raise RefereeInputError("the lead and the other team play different cards")
    burs = tuple(_state(x, "--bur") for x in bur)
    if level == 2 and (lead_power or follow_power or burs or change_base is not None):
        raise RefereeInputError("Level 2 has no Power or BUR cards")
    if burs and level != 4:
        raise RefereeInputError("BUR cards are dealt at Level 4 only")
    fp = None
    change = None
    if change_base is not None:
        if version != "ptr2":
            raise RefereeInputError("Change the Base is a PTR2 rule")
        if change_base not in rules.BASES:
            raise RefereeInputError("a Power card's base is one of 1, 10, 20, 30, 50")
        if change_base == base:
            raise RefereeInputError(
                f"Change the Base needs a Power card whose base is not the announced base {base}"
            )
        fp, change = (category, change_base), "base"
    elif follow_power is not None:
        fc = follow_power.lower()
        if fc not in rules.CATEGORIES:
            raise RefereeInputError("a Power card's category is size, statehood or population")
        fp, change = (fc, base), "category"
    j = rules.judge(a, b, category, base, lead_power=lead_power, follow_power=fp,
                    change=change, bur_cards=burs)  # fmt: skip
    winner = a if j.winner == "lead" else b
    line = f"{atlas.by_code()[winner].name} wins. {j.reason}"
    return Verdict(0, line, {**j.to_json(), "side": j.winner, "winner": winner})


def zap_verdict(lead: str, follow: str) -> Verdict:
    """Does ``follow`` zap ``lead``? Exit code 0 when it does, 1 when it does not."""
    a, b = _state(lead, "lead"), _state(follow, "follow")
    if a == b:
        raise RefereeInputError("the lead and the other team play different cards")
    z = rules.zaps(a, b)
    return Verdict(0 if z.zaps else 1, z.reason, {"lead": a, "follow": b, **z.to_json()})

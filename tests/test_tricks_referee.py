"""The verdicts behind ``cardroom referee play-the-ranks`` and ``referee border-zap``."""

from __future__ import annotations

import pytest

from cardroom.geoplunge.tricks.referee import RefereeInputError, ranks_verdict, zap_verdict


def test_ranks_verdicts_of_the_examples() -> None:
    v = ranks_verdict(level=4, base=30, category="population", lead="Utah", follow="ok")
    assert v.code == 0 and v.data["winner"] == "UT"
    assert v.line == "Utah wins. Population, base 30: Oklahoma (28) is below the base and loses"
    v = ranks_verdict(level=4, base=1, category="size", lead="CO", follow="TN",
                      follow_power="statehood", bur=("FL", "VA"))  # fmt: skip
    assert v.data["winner"] == "TN" and v.data["changed"] == "category"
    v = ranks_verdict(level=4, base=30, category="statehood", lead="MN", follow="VA",
                      follow_power="size", bur=("Florida", "Virginia"))  # fmt: skip
    assert v.data["winner"] == "MN" and v.data["protected"]
    v = ranks_verdict(level=4, base=1, category="population", lead="NY", follow="GA",
                      lead_power=True, follow_power="statehood")  # fmt: skip
    assert v.data["winner"] == "NY"
    v = ranks_verdict(level=2, base=1, category="statehood", lead="GA", follow="DE")
    assert v.data["winner"] == "DE"
    v = ranks_verdict(level=3, version="ptr2", base=1, category="population", lead="UT",
                      follow="OK", change_base=30)  # fmt: skip
    assert v.data["winner"] == "UT" and v.data["base"] == 30


@pytest.mark.parametrize(
    "kwargs",
    [
        {"level": 2, "base": 30},
        {"level": 5},
        {"category": "colour"},
        {"lead": "Atlantis"},
        {"follow": "UT"},
        {"level": 3, "bur": ("FL",)},
        {"level": 2, "follow_power": "size"},
        {"change_base": 10},
        # Level 2 has no Power cards, so no Change the Base either (play-test item 1)
        {
            "level": 2,
            "version": "ptr2",
            "base": 1,
            "category": "size",
            "lead": "MN",
            "follow": "TX",
            "change_base": 50,
        },
        # the Power card's base must not be the announced base
        {"level": 3, "version": "ptr2", "base": 1, "lead": "NY", "follow": "WY", "change_base": 1},
    ],
)
def test_ranks_bad_input(kwargs: dict) -> None:
    args = {"level": 4, "base": 30, "category": "population", "lead": "UT", "follow": "OK"}
    with pytest.raises(RefereeInputError):
        ranks_verdict(**{**args, **kwargs})


def test_zap_verdicts() -> None:
    v = zap_verdict("Utah", "Texas")
    assert v.code == 0 and v.data["rule"] == "shares" and v.line.startswith("Texas zaps Utah")
    assert zap_verdict("AK", "HI").data["rule"] == "count"
    v = zap_verdict("ME", "FL")
    assert v.code == 1 and v.line.startswith("Florida does not zap Maine")
    with pytest.raises(RefereeInputError):
        zap_verdict("UT", "Narnia")

"""The trick rules of GeoPlunge Game 4: every worked example of the rule books, judged by
:mod:`cardroom.geoplunge.tricks.rules` (2020 Census ranks, R-40)."""

from __future__ import annotations

import pytest

from cardroom import atlas
from cardroom.geoplunge.tricks import rules
from cardroom.geoplunge.tricks.common import CARDS

POP, STATE, SIZE = "population", "statehood", "size"


def test_2020_census_ranks_of_the_examples() -> None:
    # the Level 4 examples hold with 2020 ranks; Maine is 42nd, not the 41st of S2.
    assert rules.rank("FL", POP) == 3
    assert rules.rank("NY", POP) == 4
    assert rules.rank("GA", POP) == 8
    assert rules.rank("UT", POP) == 30
    assert rules.rank("OK", POP) == 28
    assert rules.rank("ME", POP) == 42
    assert rules.rank("GA", STATE) == 4


# ------------------------------------------------------------------ Level 2 (S2)


def test_level2_georgia_statehood_base_1() -> None:
    """S2: Georgia face-down, "Statehood", base 1: it wins unless the other team plays a
    card with statehood rank 1, 2 or 3."""
    winners = {c for c in CARDS if c != "GA" and rules.judge("GA", c, STATE, 1).winner == "follow"}
    assert winners == {c for c in CARDS if rules.rank(c, STATE) in (1, 2, 3)}
    assert winners == {"DE", "PA", "NJ"}


def test_level2_maine_population_base_50() -> None:
    """S2: Maine face-down, "Population", base 50: it wins unless the other team plays a
    higher population rank. S2 printed rank 41 ("42 or higher"); with Maine 42nd in 2020
    the beaters are ranks 43-50 (R-40)."""
    winners = {c for c in CARDS if c != "ME" and rules.judge("ME", c, POP, 50).winner == "follow"}
    assert winners == {c for c in CARDS if rules.rank(c, POP) >= 43}
    assert len(winners) == 8


def test_base_50_counts_down_and_base_1_up() -> None:
    assert rules.better(50, 49, 50) and rules.better(2, 3, 1)
    assert not rules.better(49, 50, 50)


@pytest.mark.parametrize("base", [10, 20, 30])
def test_below_the_base_loses_and_both_below_lead_wins(base: int) -> None:
    # at 10/20/30 a rank below the base loses; both below: the lead wins.
    below = [c for c in CARDS if rules.rank(c, SIZE) < base]
    above = [c for c in CARDS if rules.rank(c, SIZE) >= base]
    assert rules.judge(below[0], above[0], SIZE, base).winner == "follow"
    assert rules.judge(above[0], below[0], SIZE, base).winner == "lead"
    assert rules.judge(below[0], below[1], SIZE, base).winner == "lead"
    assert rules.judge(below[1], below[0], SIZE, base).winner == "lead"
    # at the base, the base rank itself is the best
    at = next(c for c in CARDS if rules.rank(c, SIZE) == base)
    assert all(rules.judge(c, at, SIZE, base).winner == "follow" for c in above if c != at)


# ------------------------------------------------------------------ PTR1 examples (S4)

BUR = ("FL", "VA")


def test_bur_of_florida_and_virginia() -> None:
    """S4: with BUR cards Florida and Virginia, the BUR is 3 (Florida's population) at
    base 1 and 35 (Virginia's size) at base 30."""
    assert rules.bur(BUR, 1) == 3
    assert rules.bur(BUR, 30) == 35


def test_example_1_new_york_power_population_locks() -> None:
    """1. Base 1: New York face-down with a Population Power card; Georgia follows.
    New York's 4 beats Georgia's 8, and a Power card of Team 2 cannot change the
    category once the lead played one."""
    j = rules.judge("NY", "GA", POP, 1, lead_power=True, bur_cards=BUR)
    assert j.winner == "lead" and (j.lead_rank, j.follow_rank) == (4, 8)
    for cat in rules.CATEGORIES:
        j = rules.judge("NY", "GA", POP, 1, lead_power=True, follow_power=(cat, 10),
                        bur_cards=BUR)  # fmt: skip
        assert j.winner == "lead" and j.category == POP and j.protected and j.changed is None
        # Georgia's statehood (4) would beat New York's (11) were the category changed
    assert rules.judge("NY", "GA", STATE, 1).winner == "follow"


def test_a_protected_lead_says_what_stayed() -> None:
    """A play-test: "Virginia (12) beats South Carolina (23) (South Carolina was protected
    by a Power card)" read as if the protection had failed. The line says the Power card
    of the other team changed nothing, and whose card protected the lead."""
    j = rules.judge("SC", "VA", POP, 1, lead_power=True, follow_power=(SIZE, 10))
    assert j.winner == "follow" and j.protected and j.changed is None
    assert j.reason.endswith(
        "(the category stayed population: South Carolina was protected by the lead's Power card)"
    )
    j = rules.judge("SC", "VA", POP, 1, lead_power=True, follow_power=(SIZE, 10), change="base")
    assert j.reason.endswith("(the base stayed 1: South Carolina was protected by the lead's "
                             "Power card)")  # fmt: skip
    j = rules.judge("MN", "TX", STATE, 30, follow_power=(SIZE, 1), bur_cards=BUR)
    assert j.protected and j.reason.endswith(
        "(the category stayed statehood: Minnesota was protected by a rank better than the BUR)"
    )


def test_example_2_minnesota_protected_by_the_bur() -> None:
    """2. Base 30, BUR 35: Minnesota (statehood 32) is protected; Team 2 wins only with
    Wisconsin (30) or California (31), Power card or not."""
    assert rules.rank("MN", STATE) == 32
    assert rules.protected("MN", STATE, 30, lead_power=False, bur_cards=BUR)
    for power in (None, (SIZE, 1), (POP, 20)):
        winners = {
            c
            for c in CARDS
            if c != "MN"
            and rules.judge("MN", c, STATE, 30, follow_power=power, bur_cards=BUR).winner
            == "follow"
        }
        assert winners == {"WI", "CA"}, power


def test_example_3_colorado_category_changed_by_tennessee() -> None:
    """3. Base 1: Colorado face-down, "Size"; Tennessee with a Statehood Power card.
    Colorado (size 8) is not better than the BUR (3), so the category changes and
    Tennessee's statehood 16 beats Colorado's 38."""
    assert not rules.protected("CO", SIZE, 1, lead_power=False, bur_cards=BUR)
    assert rules.judge("CO", "TN", SIZE, 1, bur_cards=BUR).winner == "lead"  # 8 vs 36
    j = rules.judge("CO", "TN", SIZE, 1, follow_power=(STATE, 20), bur_cards=BUR)
    assert j.winner == "follow" and j.category == STATE and j.changed == "category"
    assert (j.lead_rank, j.follow_rank) == (38, 16)


def test_example_4_utah_against_oklahoma_below_the_base() -> None:
    """4. Base 30: Utah face-down, "Population"; Oklahoma (28) is below the base and
    loses to Utah (30)."""
    j = rules.judge("UT", "OK", POP, 30, bur_cards=BUR)
    assert j.winner == "lead"
    assert j.reason == "Population, base 30: Oklahoma (28) is below the base and loses"


def test_bur_protection_is_strict_and_never_below_the_base() -> None:
    # equal to the BUR is unprotected; a rank below a 10/20/30 base never is.
    va_size = rules.rank("VA", SIZE)  # 35 = the BUR at base 30
    assert not rules.protected("VA", SIZE, 30, lead_power=False, bur_cards=BUR)
    assert va_size == rules.bur(BUR, 30)
    low = next(c for c in CARDS if rules.rank(c, SIZE) < 30)
    assert not rules.protected(low, SIZE, 30, lead_power=False, bur_cards=BUR)
    # base 50: the BUR counts down too (FL statehood 27, size 22 ... VA size 35 -> 35)
    assert rules.bur(BUR, 50) == 35


def test_bur_with_every_rank_below_the_base_protects_any_valid_card() -> None:
    # ranks below the base are worse than every valid rank, BUR ranks included.
    small = tuple(c for c in CARDS if all(rules.rank(c, k) < 30 for k in rules.CATEGORIES))
    assert len(small) >= 2, small
    assert all(rules.rank(c, k) < 30 for c in small for k in rules.CATEGORIES)
    assert rules.key(rules.bur(small, 30), 30)[0] == 1  # the BUR itself is below the base
    assert rules.protected("ME", POP, 30, lead_power=False, bur_cards=small)


def test_ptr2_change_the_base() -> None:
    # Change the Base switches the base, not the category, unless protected.
    j = rules.judge("UT", "OK", POP, 30, follow_power=(SIZE, 1), change="base")
    assert j.base == 1 and j.category == POP and j.winner == "follow"  # OK 28 beats UT 30
    assert j.reason.startswith("Power card changed the base. Population, base 1:")
    j = rules.judge("UT", "OK", POP, 30, lead_power=True, follow_power=(SIZE, 1), change="base")
    assert j.base == 30 and j.winner == "lead"


# ------------------------------------------------------------------ Border Zap (S4)


def test_utah_texas_zap() -> None:
    """S4: Utah face-down, Texas face-up: Texas zaps Utah through New Mexico."""
    z = rules.zaps("UT", "TX")
    assert z.zaps and z.rule == "shares" and "NM" in z.common


def test_the_three_zap_rules_and_alaska_hawaii() -> None:
    assert rules.zaps("UT", "NM").rule == "borders"  # Four Corners
    assert rules.zaps("AK", "HI").rule == "count" and rules.zaps("HI", "AK").zaps
    assert not rules.zaps("ME", "FL").zaps
    z = rules.zaps("ME", "FL")
    assert z.reason.startswith("Florida does not zap Maine")
    # same number of border states, far apart: Maine (1) and... none else has 1
    ones = [s.code for s in atlas.states() if len(s.borders) == 1]
    assert ones == ["ME"]
    twos = [s.code for s in atlas.states() if len(s.borders) == 2]
    assert rules.zaps(twos[0], twos[1]).zaps


def test_one_border_state_is_singular() -> None:
    """A play-test: "Maine does not zap Minnesota: no common border, 1 border states
    against 4." """
    assert rules.zaps("MN", "ME").reason == (
        "Maine does not zap Minnesota: no common border, 1 border state against 4"
    )
    assert rules.zaps("ME", "FL").reason.endswith("no common border, 2 border states against 1")


def test_zap_is_exactly_the_three_conditions() -> None:
    g = atlas.borders()
    for a in CARDS:
        for b in CARDS:
            if a == b:
                continue
            want = b in g[a] or bool(g[a] & g[b]) or len(g[a]) == len(g[b])
            assert rules.zaps(a, b).zaps == want

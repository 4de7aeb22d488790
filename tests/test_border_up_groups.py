"""Border-Up groups at Levels 2, 3 and 4: the rule books' examples, the reasons given, and
a property test against an independent brute force (permutations + the atlas borders).
Rulings R-2 (groups as lines of bordering states), R-3 (Four Corners), R-4 (layouts),
R-6 (the count matches the call)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom import atlas
from cardroom.geoplunge.groups import check_group, check_shout, line_up

CODES = sorted(atlas.borders())


def _b(a: str, b: str) -> bool:
    return b in atlas.borders()[a] or a in atlas.borders()[b]


# ------------------------------------------------------------------ the seeds' examples


def test_level4_seed_examples():
    # Combo 4, Border-Up: "Winning Groups of 5 and 3: KS, MO, KY, WV, PA / MD, VA, NC".
    assert check_group(["KS", "MO", "KY", "WV", "PA"], 4).ok
    assert check_group(["MD", "VA", "NC"], 4).ok
    assert check_shout("geoplunge", [["KS", "MO", "KY", "WV", "PA"], ["MD", "VA", "NC"]], 4).valid
    # "Kansas, Iowa, Missouri and Arkansas would NOT work ... through Missouri twice".
    c = check_group(["KS", "IA", "MO", "AR"], 4)
    assert not c.ok and c.order is None
    assert c.reason.startswith("Missouri would be crossed twice")
    # "Colorado, Nebraska, Kansas and Texas ... Texas does not border any of the others".
    c = check_group(["CO", "NE", "KS", "TX"], 4)
    assert not c.ok
    assert c.reason == "Texas borders none of Colorado, Nebraska and Kansas"
    # No order of those cards works either.
    for perm in itertools.permutations(["KS", "IA", "MO", "AR"]):
        assert not check_group(perm, 4).ok


def test_level2_seed_example_any_order():
    # Combo 2: "Maryland, Virginia, and North Carolina are one group because Virginia
    # borders both Maryland and North Carolina."
    for perm in itertools.permutations(["MD", "VA", "NC"]):
        c = check_group(perm, 2)
        assert c.ok, perm
        assert c.reason.startswith("Virginia borders both ")
    assert check_group(["MD", "VA", "NC"], 2).reason == (
        "Virginia borders both Maryland and North Carolina"
    )
    c = check_group(["ME", "TX", "OH"], 2)
    assert not c.ok and c.reason == "Maine borders neither Texas nor Ohio"
    c = check_group(["WA", "OR", "TX"], 2)  # WA-OR border, Texas borders neither
    assert not c.ok and c.reason == "Texas borders neither Washington nor Oregon"


def test_level3_hub_in_the_middle():
    assert check_group(["MD", "VA", "NC"], 3).ok
    assert check_group(["NC", "VA", "MD"], 3).ok
    c = check_group(["VA", "MD", "NC"], 3)
    assert not c.ok
    assert c.order == ("MD", "VA", "NC")
    assert "goes in the middle" in c.reason
    # All three border each other (New York, Vermont, Massachusetts): any order.
    for perm in itertools.permutations(["NY", "VT", "MA"]):
        c = check_group(perm, 3)
        assert c.ok and "any order" in c.reason


def test_level4_order_matters_and_the_fix_is_offered():
    c = check_group(["KS", "MO", "WV", "KY", "PA"], 4)
    assert not c.ok
    assert c.reason.startswith("Missouri does not border West Virginia")
    assert c.order == ("KS", "MO", "KY", "WV", "PA")
    # The reverse is the same line.
    assert check_group(["PA", "WV", "KY", "MO", "KS"], 4).ok
    # A Level 4 group of 3 is sorted the same way.
    assert not check_group(["VA", "MD", "NC"], 4).ok
    # The Four Corners touch: Utah - New Mexico, Arizona - Colorado.
    assert check_group(["UT", "NM", "AZ", "CO"], 4).ok


def test_sizes_and_repeats():
    assert check_group(["KS", "MO", "KY", "WV"], 2).reason == "a Level 2 group has 3 cards, not 4"
    assert check_group(["KS", "MO"], 3).reason == "a Level 3 group has 3 cards, not 2"
    c = check_group(["WA", "OR", "ID", "MT", "WY", "UT"], 4)
    assert c.reason == "a Level 4 group has 3, 4 or 5 cards, not 6"
    assert check_group(["KS", "MO", "KS"], 2).reason == "Kansas appears twice"
    assert check_group([], 4).reason == "a Level 4 group has 3, 4 or 5 cards, not 0"
    with pytest.raises(ValueError):
        check_group(["KS", "MO", "XX"], 2)
    with pytest.raises(ValueError):
        check_group(["KS", "MO", "KY"], 5)


def test_reasons_for_groups_that_fall_apart():
    c = check_group(["ME", "NH", "GA", "AL"], 4)
    assert c.reason == "Maine and New Hampshire border neither Georgia nor Alabama"
    c = check_group(["SD", "ND", "NE", "MN", "IA"], 4)  # a valid line: ND SD NE IA MN
    assert (
        not c.ok
        and c.reason.startswith("North Dakota does not border Nebraska")
        and c.order is not None
        and check_group(c.order, 4).ok
    )


def test_shout_layouts():
    five_three = [["KS", "MO", "KY", "WV", "PA"], ["MD", "VA", "NC"]]
    four_four = [["KS", "MO", "KY", "WV"], ["PA", "MD", "VA", "NC"]]
    assert check_shout("geoplunge", four_four, 4).valid
    assert check_shout("geoplunge", five_three[::-1], 4).valid  # any group order
    c = check_shout("geoplunge", [["KS", "MO", "KY", "WV"], ["MD", "VA", "NC"]], 4)
    assert not c.valid and c.problem == "Level 4 groups are 4+4 or 5+3, not 4+3"
    three = [*five_three, ["GA", "SC", "FL"]]  # SC-GA-FL? Georgia is the hub
    assert not check_shout("threeoplunge", three, 4).valid
    three = [*five_three, ["SC", "GA", "FL"]]
    assert check_shout("threeoplunge", three, 4).valid
    assert check_shout("threeoplunge", [*four_four, ["SC", "GA", "FL"]], 4).valid
    # 5+3+3 is a ThreeOPlunge; 5+5 or 4+4+4 is not.
    c = check_shout("threeoplunge", [*four_four, ["SC", "GA", "FL", "AL"]], 4)
    assert not c.valid and "a third group of 3" in c.problem
    # The number of groups must match the call.
    c = check_shout("threeoplunge", five_three, 4)
    assert not c.valid and c.problem == "ThreeOPlunge shows 3 groups, but 2 groups were shown"
    c = check_shout("geoplunge", [["MD", "VA", "NC"]], 2)
    assert not c.valid and "1 group was shown" in c.problem
    # A card in two groups.
    c = check_shout("geoplunge", [["MD", "VA", "NC"], ["VA", "WV", "OH"]], 2)
    assert not c.valid and c.problem == "Virginia is in two groups"
    # One bad group: the reason names it.
    c = check_shout("geoplunge", [["MD", "VA", "NC"], ["ME", "TX", "OH"]], 3)
    assert not c.valid and c.reason.startswith("group 2 (ME-TX-OH): Maine borders neither")
    assert [g.ok for g in c.groups] == [True, False]
    with pytest.raises(ValueError):
        check_shout("plunge", five_three, 4)


def test_json_shapes():
    c = check_group(["VA", "MD", "NC"], 3)
    assert c.to_json() == {
        "cards": ["VA", "MD", "NC"],
        "ok": False,
        "reason": c.reason,
        "order": ["MD", "VA", "NC"],
    }
    s = check_shout("geoplunge", [["MD", "VA", "NC"], ["ME", "NH", "VT"]], 2).to_json()
    assert s["valid"] and s["problem"] is None and len(s["groups"]) == 2


# ------------------------------------------------------------------ brute force


def brute_valid(cards: tuple[str, ...], level: int) -> bool:
    """The rule books' wording, checked the slow way."""
    if len(set(cards)) != len(cards):
        return False
    if level in (2, 3):
        if len(cards) != 3:
            return False
        hubs = [h for h in cards if all(_b(h, o) for o in cards if o != h)]
        if not hubs:
            return False
        return level == 2 or cards[1] in hubs
    if len(cards) not in (3, 4, 5):
        return False
    return all(_b(a, b) for a, b in zip(cards, cards[1:], strict=False))


def brute_lineable(cards: tuple[str, ...]) -> bool:
    return any(
        all(_b(a, b) for a, b in zip(p, p[1:], strict=False)) for p in itertools.permutations(cards)
    )


@st.composite
def groups(draw) -> tuple[str, ...]:
    """Mostly states near each other (so that many groups are valid), sometimes any."""
    n = draw(st.integers(min_value=1, max_value=6))
    if draw(st.booleans()):
        return tuple(draw(st.lists(st.sampled_from(CODES), min_size=n, max_size=n)))
    cards = [draw(st.sampled_from(CODES))]
    while len(cards) < n:
        near = sorted({x for c in cards for x in atlas.borders()[c]} - set(cards))
        if not near or draw(st.integers(0, 9)) == 0:
            near = CODES
        cards.append(draw(st.sampled_from(near)))
    return tuple(draw(st.permutations(cards)))


@settings(max_examples=400, deadline=None)
@given(groups(), st.sampled_from((2, 3, 4)))
def test_checker_agrees_with_brute_force(cards, level):
    c = check_group(cards, level)
    assert c.ok == brute_valid(cards, level), (cards, level, c)
    assert c.cards == cards and c.reason
    distinct = len(set(cards)) == len(cards)
    if c.ok:
        assert c.order == cards
    elif distinct and len(cards) in ((3,) if level < 4 else (3, 4, 5)):
        # The suggested order exists exactly when some order works, and it works.
        assert (c.order is not None) == brute_lineable(cards)
        if c.order is not None:
            assert sorted(c.order) == sorted(cards) and brute_valid(c.order, level)
    order = line_up(cards) if distinct else None
    if distinct and cards:
        assert (order is not None) == brute_lineable(cards)

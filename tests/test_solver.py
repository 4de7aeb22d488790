"""The Border-Up solver: what it returns is valid, and it finds a solution exactly when a
brute force over every combination of cards does."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom import atlas
from cardroom.geoplunge import solver
from cardroom.geoplunge.groups import check_shout

CODES = sorted(atlas.borders())
LAYOUTS = {
    (2, "geoplunge"): [(3, 3)],
    (2, "threeoplunge"): [(3, 3, 3)],
    (4, "geoplunge"): [(4, 4), (5, 3)],
    (4, "threeoplunge"): [(4, 4, 3), (5, 3, 3)],
}


def _b(a: str, b: str) -> bool:
    return b in atlas.borders()[a]


def brute_groups(hand, sizes) -> set[frozenset[str]]:
    out = set()
    for k in sizes:
        for combo in itertools.combinations(hand, k):
            if any(
                all(_b(x, y) for x, y in zip(p, p[1:], strict=False))
                for p in itertools.permutations(combo)
            ):
                out.add(frozenset(combo))
    return out


def brute_exists(hand, level, call) -> bool:
    lvl = 2 if level == 3 else level
    sizes = (3,) if lvl == 2 else (3, 4, 5)
    groups = brute_groups(hand, sizes)
    for layout in LAYOUTS[(lvl, call)]:
        pools = [[g for g in groups if len(g) == k] for k in layout]
        for combo in itertools.product(*pools):
            cards = [c for g in combo for c in g]
            if len(set(cards)) == len(cards):
                return True
    return False


def assert_solution(groups, hand, level, call):
    assert groups is not None
    assert check_shout(call, groups, level).valid, groups
    cards = [c for g in groups for c in g]
    assert len(set(cards)) == len(cards) and set(cards) <= set(hand)


@st.composite
def clustered_hands(draw, min_size=6, max_size=12):
    """Hands drawn around a few seeds on the map, so that groups are common but not
    certain; sometimes plain random hands."""
    n = draw(st.integers(min_size, max_size))
    if draw(st.integers(0, 3)) == 0:
        return draw(st.lists(st.sampled_from(CODES), min_size=n, max_size=n, unique=True))
    hand = [draw(st.sampled_from(CODES))]
    while len(hand) < n:
        near = sorted({x for c in hand for x in atlas.borders()[c]} - set(hand))
        if not near or draw(st.integers(0, 4)) == 0:
            near = sorted(set(CODES) - set(hand))
        hand.append(draw(st.sampled_from(near)))
    return hand


@settings(max_examples=150, deadline=None)
@given(
    clustered_hands(), st.sampled_from((2, 3, 4)), st.sampled_from(("geoplunge", "threeoplunge"))
)
def test_solver_agrees_with_brute_force(hand, level, call):
    found = solver.find(hand, level, call)
    assert (found is not None) == brute_exists(hand, level, call), (hand, level, call, found)
    if found is not None:
        assert_solution(found, hand, level, call)


@settings(max_examples=60, deadline=None)
@given(clustered_hands(5, 11), st.sampled_from((2, 3, 4)))
def test_every_group_is_enumerated_once(hand, level):
    sizes = (3,) if level < 4 else (3, 4, 5)
    h = solver.Hand(hand, level)
    listed = h.groups()
    assert len({frozenset(g) for g in listed}) == len(listed) == h.count()
    assert {frozenset(g) for g in listed} == brute_groups(hand, sizes)
    from cardroom.geoplunge.groups import check_group

    assert all(check_group(g, level).ok for g in listed)


@pytest.mark.parametrize("level, size", [(2, 18), (3, 18), (4, 21)])
def test_random_deals_give_valid_solutions(level, size):
    rng = random.Random(level)
    seen = {"geoplunge": 0, "threeoplunge": 0}
    for _ in range(300):
        hand = rng.sample(CODES, size)
        sol = solver.solve(hand, level)
        for call in seen:
            groups = getattr(sol, call)
            if groups is not None:
                seen[call] += 1
                assert_solution(groups, hand, level, call)
        if sol.threeoplunge is not None:
            assert sol.geoplunge is not None
            assert sol.best == ("threeoplunge", sol.threeoplunge)
    # Most deals hold both (so the race is winnable), but not all.
    assert 250 < seen["geoplunge"] <= 300 and 200 < seen["threeoplunge"] < 300


def test_seed_example_hand_and_impossible_hands():
    hand = ["KS", "MO", "KY", "WV", "PA", "MD", "VA", "NC"]
    assert_solution(solver.find(hand, 4, "geoplunge"), hand, 4, "geoplunge")
    assert solver.find(hand, 4, "threeoplunge") is None
    # Eight isolated-ish states: nothing at any level.
    none = ["AK", "HI", "ME", "FL", "WA", "TX", "MI", "SC"]
    for level in (2, 3, 4):
        sol = solver.solve(none, level)
        assert sol.geoplunge is None and sol.threeoplunge is None and sol.best is None
    # KS-IA-MO-AR plus neighbours that only reach through Missouri: no Level 4 GeoPlunge.
    star = ["MO", "KS", "IA", "AR", "IL", "HI", "AK", "ME"]
    assert solver.find(star, 4, "geoplunge") is None
    assert solver.find(star, 2, "geoplunge") is None  # every group needs Missouri


def test_hints_listing_and_json():
    hand = ["MD", "VA", "NC", "WV", "TX"]
    assert sorted(map(sorted, solver.all_groups(hand, 3))) == sorted(
        map(sorted, [["MD", "VA", "NC"], ["MD", "WV", "VA"], ["NC", "VA", "WV"]])
    )
    for g in solver.all_groups(hand, 3):
        from cardroom.geoplunge.groups import check_group

        assert check_group(g, 3).ok
    assert solver.all_groups(hand, 4, size=4) == [] or all(
        len(g) == 4 for g in solver.all_groups(hand, 4, size=4)
    )
    with pytest.raises(ValueError):
        solver.all_groups(hand, 2, size=4)
    with pytest.raises(ValueError):
        solver.solve(["MD", "XX"], 2)
    js = solver.solve(["KS", "MO", "KY", "WV", "PA", "MD", "VA", "NC"], 4).to_json()
    assert js["level"] == 4 and js["threeoplunge"] is None and len(js["geoplunge"]) == 2


def test_shuffled_search_finds_other_solutions():
    hand = random.Random(5).sample(CODES, 21)
    found = {solver.find(hand, 4, "geoplunge", rng=random.Random(i)) for i in range(30)}
    assert len(found) > 1
    for f in found:
        assert_solution(f, hand, 4, "geoplunge")

"""The roving focus of a hand (one Tab stop per hand): which card the keys go to."""

from __future__ import annotations

from cardroom.web.kit.hand_model import roving_target


def test_left_right_home_end_without_wrap() -> None:
    assert roving_target("ArrowRight", 0, 5) == 1
    assert roving_target("ArrowLeft", 3, 5) == 2
    assert roving_target("ArrowLeft", 0, 5) is None  # no wrap at either end
    assert roving_target("ArrowRight", 4, 5) is None
    assert roving_target("Home", 3, 5) == 0
    assert roving_target("End", 1, 5) == 4
    assert roving_target("Enter", 1, 5) is None
    assert roving_target("ArrowRight", 0, 0) is None


def test_turned_hand_swaps_left_and_right() -> None:
    # the team across the table: its order runs right to left on screen
    assert roving_target("ArrowRight", 2, 5, flip=True) == 1
    assert roving_target("ArrowLeft", 2, 5, flip=True) == 3
    assert roving_target("Home", 2, 5, flip=True) == 0


def test_up_down_go_to_the_nearest_card_of_the_next_row() -> None:
    # a hand wrapped onto rows of 4, 4 and 2 cards, 100 px apart, cards 60 px wide
    centers = [(30 + 60 * (i % 4), 50 + 100 * (i // 4)) for i in range(10)]
    assert roving_target("ArrowDown", 1, 10, centers) == 5
    assert roving_target("ArrowUp", 6, 10, centers) == 2
    assert roving_target("ArrowDown", 7, 10, centers) == 9  # the short last row: nearest
    assert roving_target("ArrowUp", 1, 10, centers) is None  # the first row
    assert roving_target("ArrowDown", 9, 10, centers) is None
    # cards a few pixels out of line still count as one row
    wobbly = [(30, 50), (90, 53), (150, 48), (30, 150)]
    assert roving_target("ArrowDown", 2, 4, wobbly) == 3
    assert roving_target("ArrowUp", 3, 4, wobbly) == 0
    assert roving_target("ArrowDown", 0, 4) is None  # no positions: nothing to go by

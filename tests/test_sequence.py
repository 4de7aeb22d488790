"""Sequence States & Capitals rules, one test per rule of the book
(``/work/shared/seeds/003_...``) and per ruling R-70..R-80."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace

import pytest

from cardroom.core import REFEREE, CorruptState, IllegalMove, MalformedMove, Move, Rng
from cardroom.sequence import GAME
from cardroom.sequence.board import CELLS, DECK, SPACES, board
from cardroom.sequence.engine import HAND_SIZE, SequenceState

TX_A, TX_B = CELLS["TX"]


def play(seat: int, card: str, space: int) -> Move:
    return Move(seat, "play", {"card": card, "space": space})


def rigged(
    players: int = 2,
    teams: int | None = None,
    hands: dict[int, list[str]] | None = None,
    chips: dict[int, int] | None = None,
    **fields,
) -> SequenceState:
    """A fresh game with some hands and chips set by hand (for rule tests)."""
    s = GAME.new(7, players=players, teams=teams)
    hs = list(s.hands)
    for seat, cards in (hands or {}).items():
        hs[seat] = tuple(sorted(cards))
    board_ = [-1] * SPACES
    for space, team in (chips or {}).items():
        board_[space] = team
    return replace(s, hands=tuple(hs), chips=tuple(board_), **fields)


def row(r: int, cols) -> list[int]:
    return [r * 10 + c for c in cols]


# ---------------------------------------------------------------- players and teams


@pytest.mark.parametrize(
    "players,cards", [(2, 7), (3, 6), (4, 6), (6, 5), (8, 4), (9, 4), (10, 3), (12, 3)]
)
def test_table_of_cards_dealt(players, cards):
    s = GAME.new(1, players=players)
    assert [len(h) for h in s.hands] == [cards] * players
    assert HAND_SIZE[players] == cards
    assert len(s.deck) == 108 - players * cards


@pytest.mark.parametrize("players", [1, 5, 7, 11, 13, True])
def test_only_2_3_4_6_8_9_10_12_players(players):
    with pytest.raises(ValueError):
        GAME.new(1, players=players)


def test_up_to_3_play_individually_more_in_2_or_3_teams_seats_alternating():
    """R-73: 2 and 3 players alone; 4, 8, 10 in two teams; 9 in three; 6 and 12 either."""
    assert GAME.num_teams(GAME.new(1, players=2)) == 2
    assert GAME.num_teams(GAME.new(1, players=3)) == 3
    for players, teams in ((4, 3), (8, 3), (10, 3), (9, 2), (2, 3), (3, 2), (6, 4)):
        with pytest.raises(ValueError):
            GAME.new(1, players=players, teams=teams)
    s = GAME.new(1, players=6, teams=2)
    assert [GAME.team_of(s, x) for x in range(6)] == [0, 1, 0, 1, 0, 1]
    s = GAME.new(1, players=6, teams=3)
    assert [GAME.team_of(s, x) for x in range(6)] == [0, 1, 2, 0, 1, 2]
    s = GAME.new(1, players=12, teams=3)
    assert GAME.seats_of(s, 1) == (1, 4, 7, 10)
    assert GAME.new(1, players=9).teams == 3 and GAME.new(1, players=12).teams == 2


def test_the_deal_is_108_cards_and_seeded():
    s = GAME.new(3, players=4)
    every = Counter(s.deck)
    for h in s.hands:
        every.update(h)
    assert every == Counter(DECK)
    assert GAME.new(3, players=4) == s and GAME.new(4, players=4) != s


def test_play_starts_left_of_the_dealer_and_goes_clockwise():
    s = GAME.new(5, players=3)
    order = []
    for _ in range(6):
        (seat,) = GAME.to_move(s)
        order.append(seat)
        moves = [m for m in GAME.legal_moves(s, seat) if m.kind == "play"]
        s = GAME.apply(s, moves[0])
    assert order == [0, 1, 2, 0, 1, 2]


# ---------------------------------------------------------------- a turn


def test_a_card_goes_on_either_of_its_two_spaces_if_open():
    s = rigged(hands={0: ["TX", "TX", "NY", "GA", "ME", "MD", "LA"]}, chips={TX_A: 1})
    legal = GAME.legal_moves(s, 0)
    assert play(0, "TX", TX_B) in legal and play(0, "TX", TX_A) not in legal
    with pytest.raises(IllegalMove):
        GAME.apply(s, play(0, "TX", TX_A))  # covered
    with pytest.raises(IllegalMove):
        GAME.apply(s, play(0, "TX", CELLS["NY"][0]))  # not a Texas space
    t = GAME.apply(s, play(0, "TX", TX_B))
    assert t.chips[TX_B] == 0
    assert t.discards[0] == ("TX",)


def test_the_draw_after_a_play_is_automatic():
    s = GAME.new(2)
    top = s.deck[0]
    t = GAME.apply(s, next(m for m in GAME.legal_moves(s, 0) if m.kind == "play"))
    assert len(t.hands[0]) == 7 and len(t.deck) == len(s.deck) - 1
    assert Counter(t.hands[0]) == Counter(s.hands[0]) - Counter([t.discards[0][0]]) + Counter([top])


def test_add_puts_a_chip_on_any_open_space():
    s = rigged(hands={0: ["ADD", "NY", "NY", "GA", "GA", "ME", "ME"]}, chips={5: 1})
    legal = GAME.legal_moves(s, 0)
    adds = [m for m in legal if m.data["card"] == "ADD"]
    assert len(adds) == 99 and play(0, "ADD", 5) not in legal
    t = GAME.apply(s, play(0, "ADD", 77))
    assert t.chips[77] == 0 and t.turn == 1


def test_remove_takes_an_opponents_chip_and_ends_the_turn():
    """The book: remove an opponent's chip; that completes the turn, so the space cannot
    be covered again by the remover this turn (the next move belongs to the next seat)."""
    s = rigged(hands={0: ["REMOVE", "TX", "NY", "GA", "GA", "ME", "ME"]}, chips={TX_A: 1, 3: 0})
    legal = GAME.legal_moves(s, 0)
    assert play(0, "REMOVE", TX_A) in legal
    assert play(0, "REMOVE", 3) not in legal  # own chip
    assert play(0, "REMOVE", 7) not in legal  # empty space
    t = GAME.apply(s, play(0, "REMOVE", TX_A))
    assert t.chips[TX_A] == -1 and t.turn == 1 and GAME.to_move(t) == {1}
    with pytest.raises(IllegalMove):
        GAME.apply(t, play(0, "TX", TX_A))
    for bad in (3, 7):
        with pytest.raises(IllegalMove):
            GAME.apply(s, play(0, "REMOVE", bad))


def test_remove_cannot_take_a_chip_of_a_completed_sequence():
    seq = tuple(row(0, range(5)))
    s = rigged(
        hands={0: ["REMOVE", "TX", "NY", "GA", "GA", "ME", "ME"]},
        chips={**dict.fromkeys(seq, 1), 20: 1},
        sequences=((1, seq),),
    )
    legal = GAME.legal_moves(s, 0)
    assert all(play(0, "REMOVE", x) not in legal for x in seq)
    assert play(0, "REMOVE", 20) in legal
    with pytest.raises(IllegalMove):
        GAME.apply(s, play(0, "REMOVE", seq[2]))


def test_three_teams_may_remove_either_opponents_chip():
    s = rigged(
        players=3, hands={0: ["REMOVE", "NY", "NY", "GA", "GA", "ME"]}, chips={1: 1, 2: 2, 3: 0}
    )
    legal = GAME.legal_moves(s, 0)
    assert play(0, "REMOVE", 1) in legal and play(0, "REMOVE", 2) in legal
    assert play(0, "REMOVE", 3) not in legal


# ---------------------------------------------------------------- dead cards


def test_dead_card_is_turned_in_for_a_new_one_then_the_turn_goes_on():
    s = rigged(hands={0: ["TX", "NY", "NY", "GA", "GA", "ME", "ME"]}, chips={TX_A: 0, TX_B: 1})
    legal = GAME.legal_moves(s, 0)
    assert Move(0, "dead", "TX") in legal
    assert all(m.data != "NY" for m in legal if m.kind == "dead")  # NY is not dead
    top = s.deck[0]
    t = GAME.apply(s, Move(0, "dead", "TX"))
    assert t.discards[0] == ("TX",) and top in t.hands[0] and len(t.hands[0]) == 7
    assert t.turn == 0 and t.exchanged and GAME.to_move(t) == {0}
    assert GAME.view(t, 1)["last"] == {"seat": 0, "team": 0, "kind": "dead", "card": "TX"}
    # The player then plays a normal turn.
    assert all(m.kind == "play" for m in GAME.legal_moves(t, 0))
    u = GAME.apply(t, play(0, "NY", CELLS["NY"][0]))
    assert u.turn == 1 and not u.exchanged


def test_one_dead_card_a_turn():
    s = rigged(
        hands={0: ["TX", "GA", "NY", "NY", "ME", "ME", "MD"]},
        chips={TX_A: 0, TX_B: 1, CELLS["GA"][0]: 0, CELLS["GA"][1]: 1},
    )
    t = GAME.apply(s, Move(0, "dead", "TX"))
    if "GA" in t.hands[0]:
        with pytest.raises(IllegalMove):
            GAME.apply(t, Move(0, "dead", "GA"))
    assert all(m.kind != "dead" for m in GAME.legal_moves(t, 0))


def test_a_card_with_one_open_space_is_not_dead_and_add_remove_never_are():
    s = rigged(hands={0: ["TX", "ADD", "REMOVE", "NY", "NY", "ME", "ME"]}, chips={TX_A: 1})
    for card in ("TX", "ADD", "REMOVE"):
        with pytest.raises(IllegalMove):
            GAME.apply(s, Move(0, "dead", card))
    assert GAME.view(s, 0)["dead"] == []


# ---------------------------------------------------------------- sequences


@pytest.mark.parametrize(
    "line",
    [
        row(3, range(2, 7)),  # across
        [c * 10 + 4 for c in range(1, 6)],  # down
        [11, 22, 33, 44, 55],  # diagonal
        [19, 28, 37, 46, 55],  # the other diagonal
    ],
)
def test_five_in_a_row_across_down_or_diagonally_is_a_sequence(line):
    last = line[2]
    card = board()[last]
    s = rigged(
        hands={0: [card, "NY", "NY", "GA", "GA", "ME", "ME"]},
        chips={x: 0 for x in line if x != last},
    )
    t = GAME.apply(s, play(0, card, last))
    assert t.sequences == ((0, tuple(sorted(line))),)
    assert GAME.points(t) == (1, 0) and not GAME.is_over(t)


def test_four_in_a_row_or_a_broken_line_is_not_a_sequence():
    line = row(3, range(2, 7))
    card = board()[line[4]]
    s = rigged(hands={0: [card, "NY", "NY", "GA", "GA", "ME", "ME"]}, chips={line[0]: 0, 32 + 1: 0})
    t = GAME.apply(s, play(0, card, line[4]))
    assert t.sequences == ()
    s = rigged(
        hands={0: [card, "NY", "NY", "GA", "GA", "ME", "ME"]},
        chips={line[0]: 0, line[1]: 1, line[2]: 0, line[3]: 0},
    )
    assert GAME.apply(s, play(0, card, line[4])).sequences == ()


def test_two_teams_need_two_sequences_and_the_second_may_share_one_space():
    first = tuple(row(0, range(5)))
    second = row(0, range(4, 9))  # shares space 4 with the first
    card = board()[8]
    s = rigged(
        hands={0: [card, "NY", "NY", "GA", "GA", "ME", "ME"]},
        chips={**dict.fromkeys(first, 0), **dict.fromkeys(second[:-1], 0)},
        sequences=((0, first),),
    )
    t = GAME.apply(s, play(0, card, 8))
    assert t.sequences == ((0, first), (0, tuple(second)))
    assert GAME.is_over(t) and t.winner == 0 and GAME.points(t) == (2, 0)
    assert GAME.to_move(t) == frozenset() and GAME.view(t, 1)["winner"] == 0


def test_the_second_sequence_may_not_share_two_spaces():
    first = tuple(row(0, range(5)))
    card = board()[5]
    s = rigged(
        hands={0: [card, "NY", "NY", "GA", "GA", "ME", "ME"]},
        chips=dict.fromkeys(first, 0),
        sequences=((0, first),),
    )
    t = GAME.apply(s, play(0, card, 5))  # 1-5 shares four spaces, 3-7 is not full
    assert t.sequences == ((0, first),) and not GAME.is_over(t)


def test_one_chip_can_complete_two_sequences_at_once():
    """A line of nine filled in the middle gives two sequences sharing that space."""
    line = row(6, range(0, 9))
    card = board()[64]
    s = rigged(
        hands={0: [card, "NY", "NY", "GA", "GA", "ME", "ME"]},
        chips={x: 0 for x in line if x != 64},
    )
    t = GAME.apply(s, play(0, card, 64))
    assert t.sequences == ((0, tuple(row(6, range(0, 5)))), (0, tuple(row(6, range(4, 9)))))
    assert t.winner == 0


def test_a_line_of_six_is_marked_once_from_its_first_five_in_reading_order():
    """R-74: the engine marks the sequence; of several overlapping windows, the first."""
    line = row(2, range(1, 7))
    card = board()[line[2]]
    s = rigged(
        hands={0: [card, "NY", "NY", "GA", "GA", "ME", "ME"]},
        chips={x: 0 for x in line if x != line[2]},
    )
    t = GAME.apply(s, play(0, card, line[2]))
    assert t.sequences == ((0, tuple(line[:5])),)


@pytest.mark.parametrize("players,teams", [(3, 3), (6, 3), (9, 3), (12, 3)])
def test_three_players_or_teams_need_one_sequence(players, teams):
    line = row(5, range(5))
    card = board()[50]
    s = rigged(
        players=players,
        teams=teams,
        hands={2: [card, *["NY"] * (HAND_SIZE[players] - 1)]},
        chips={x: 2 for x in line if x != 50},
        turn=2,
    )
    t = GAME.apply(s, play(2, card, 50))
    assert t.winner == 2 and GAME.points(t) == (0, 0, 1) and GAME.is_over(t)


@pytest.mark.parametrize("players,teams", [(4, 2), (6, 2), (8, 2), (10, 2), (12, 2)])
def test_a_teammates_chips_count_for_the_team(players, teams):
    """Seat 2 completes a line begun by its partner, seat 0."""
    line = row(7, range(5))
    card = board()[74]
    s = rigged(
        players=players,
        teams=teams,
        hands={2: [card, *["NY"] * (HAND_SIZE[players] - 1)]},
        chips={x: 0 for x in line if x != 74},
        turn=2,
    )
    t = GAME.apply(s, play(2, card, 74))
    assert t.sequences == ((0, tuple(line)),) and GAME.points(t) == (1, 0)


def test_nothing_moves_after_the_win():
    line = row(0, range(4, 9))
    first = tuple(row(9, range(5)))
    card = board()[8]
    s = rigged(
        hands={0: [card, "NY", "NY", "GA", "GA", "ME", "ME"]},
        chips={**{x: 0 for x in line if x != 8}, **dict.fromkeys(first, 0)},
        sequences=((0, first),),
    )
    t = GAME.apply(s, play(0, card, 8))
    assert t.over and all(not GAME.legal_moves(t, x) for x in (0, 1, REFEREE))
    with pytest.raises(IllegalMove):
        GAME.apply(t, Move(1, "dead", "NY"))


# ---------------------------------------------------------------- no playable card


def test_a_player_who_cannot_play_shows_the_hand_and_turns_in_a_card():
    """R-78: a full board of the mover's own chips: REMOVE has no target, every state card
    is dead. One dead card is turned in first; then the turn is passed with a card."""
    s = rigged(hands={0: ["REMOVE"] * 4 + ["ADD"] * 3})
    s = replace(s, chips=(0,) * 99 + (-1,))  # space 99 is open: the ADD can go there
    assert {m.kind for m in GAME.legal_moves(s, 0)} == {"play"}
    s = rigged(hands={0: ["REMOVE"] * 4 + ["TX", "TX", "ME"]})
    s = replace(s, chips=(0,) * SPACES, deck=("ME", *s.deck[1:]))
    assert {m.kind for m in GAME.legal_moves(s, 0)} == {"dead"}
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(0, "pass", "REMOVE"))  # turn in the dead card first
    t = GAME.apply(s, Move(0, "dead", "TX"))
    assert t.hands[0] == ("ME", "ME", "REMOVE", "REMOVE", "REMOVE", "REMOVE", "TX")
    legal = GAME.legal_moves(t, 0)
    assert {m.kind for m in legal} == {"pass"} and len(legal) == 3
    u = GAME.apply(t, Move(0, "pass", "REMOVE"))
    assert u.turn == 1 and len(u.hands[0]) == 7 and u.discards[0] == ("TX", "REMOVE")
    shown = GAME.view(u, 1)["last"]
    assert shown["kind"] == "pass" and shown["shown"] == list(t.hands[0])


def test_pass_is_refused_while_a_card_can_be_played():
    s = GAME.new(1)
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(0, "pass", s.hands[0][0]))


# ---------------------------------------------------------------- the deck


def test_the_discards_are_reshuffled_when_the_deck_runs_out():
    s = GAME.new(9)
    s = replace(s, deck=(), discards=(("NY", "GA"), ("ME",)))
    card = next(m for m in GAME.legal_moves(s, 0) if m.kind == "play")
    t = GAME.apply(s, card)
    assert t.reshuffles == 1 and t.discards == ((), ())
    assert len(t.deck) == 3  # NY, GA, ME and the card just played, one drawn
    assert len(t.hands[0]) == 7


def test_the_deck_is_reshuffled_as_often_as_needed():
    """R-79 (the sheet): the discards become the deck every time it runs out, the third
    time and the tenth as well; only a winner ends the game."""
    s = GAME.new(9)
    for seat, n in ((0, 2), (1, 9)):
        s = replace(s, deck=(), discards=(("NY", "GA"), ("ME",)), reshuffles=n)
        t = GAME.apply(s, next(m for m in GAME.legal_moves(s, seat) if m.kind == "play"))
        assert t.reshuffles == n + 1 and not GAME.is_over(t) and t.winner is None
        assert len(t.hands[seat]) == 7 and len(t.deck) == 3 and GAME.to_move(t) == {1 - seat}
        assert "drawn_game" not in GAME.view(t, REFEREE)
        s = t


# ---------------------------------------------------------------- views


def test_partners_never_see_each_others_hands():
    s = GAME.new(4, players=4)
    for seat in range(4):
        v = GAME.view(s, seat)
        assert v["hand"] == list(s.hands[seat])
        text = json.dumps(v)
        assert v["hand_sizes"] == [6] * 4
        for other in range(4):
            if other != seat:
                assert "hands" not in v and str(list(s.hands[other])) not in text
    assert GAME.view(s, REFEREE)["hand"] is None
    # A partner's resampled world keeps my view but re-draws my partner's hand.
    worlds = {GAME.resample(s, 0, Rng(k)).hands[2] for k in range(10)}
    assert len(worlds) > 1
    assert all(GAME.resample(s, 0, Rng(k)).hands[0] == s.hands[0] for k in range(5))


def test_the_view_shows_chips_with_colour_and_mark_and_the_board_option():
    s = GAME.new(1, players=3, board="capitals")
    v = GAME.view(s, 1)
    assert v["board"] == "capitals" and v["target"] == 1
    assert [c["mark"] for c in v["team_chips"]] == ["circle", "triangle", "cross"]
    with pytest.raises(ValueError):
        GAME.new(1, board="maps")


def test_resample_keeps_what_a_pass_showed():
    s = rigged(hands={0: ["REMOVE"] * 4 + ["ADD", "TX", "TX"]})
    shown = ("ADD", "REMOVE", "REMOVE", "REMOVE", "REMOVE", "TX", "TX")
    from cardroom.sequence.engine import Event

    s = replace(s, log=(Event(0, "pass", "ADD", -1, shown),), turn=1)
    for k in range(5):
        w = GAME.resample(s, 1, Rng(k))
        assert Counter(w.hands[0]) >= Counter({"REMOVE": 4, "TX": 2})


# ---------------------------------------------------------------- moves and saves


def test_malformed_and_illegal_moves_are_refused():
    s = GAME.new(1)
    for bad in (
        Move(0, "play", ["TX", 3]),
        Move(0, "play", {"card": "TX"}),
        Move(0, "play", {"card": "TX", "space": 100}),
        Move(0, "play", {"card": "XX", "space": 1}),
        Move(0, "play", {"card": "TX", "space": True}),
        Move(0, "dead", 5),
        Move(0, "draw"),
        Move(0, "play", {"card": "TX", "space": TX_A}, at=5),
    ):
        with pytest.raises(MalformedMove):
            GAME.apply(s, bad)
    with pytest.raises(IllegalMove):
        GAME.apply(s, Move(1, "dead", "TX"))  # not seat 1's turn
    missing = next(c for c in CELLS if c not in s.hands[0])
    with pytest.raises(IllegalMove):
        GAME.apply(s, play(0, missing, CELLS[missing][0]))


def test_a_saved_game_round_trips_and_a_corrupt_one_is_refused():
    s = GAME.new(11, players=4)
    for _ in range(30):
        (seat,) = GAME.to_move(s)
        s = GAME.apply(s, GAME.legal_moves(s, seat)[0])
    data = json.loads(json.dumps(GAME.state_to_json(s)))
    assert GAME.state_from_json(data) == s

    def broken(**changes):
        d = json.loads(json.dumps(data))
        d.update(changes)
        return d

    for bad in (
        broken(players=5),
        broken(teams=3),
        broken(hands=data["hands"][:-1]),
        broken(deck=data["deck"][1:]),
        broken(chips=[0] * 100),
        broken(turn=(data["turn"] + 1) % 4),
        broken(winner=0),
        broken(stalled=False),  # a field the engine no longer has
        broken(sequences=[[0, [0, 1, 2, 3, 5]]]),
        broken(extra=1),
        broken(log=data["log"][:-1]),
        broken(drawn=data["drawn"][:-1]),
        {k: v for k, v in data.items() if k != "rng"},
        [],
        "x",
    ):
        with pytest.raises(CorruptState):
            GAME.load(bad)
    swapped = json.loads(json.dumps(data))
    swapped["hands"][0], swapped["hands"][1] = swapped["hands"][1], swapped["hands"][0]
    with pytest.raises(CorruptState):
        GAME.load(swapped)


def test_saved_hands_deck_and_discards_are_checked_list_by_list():
    """The cards are read all at once when they are in order; anything wrong is named
    where it is (a hand, the deck, a pile), whichever list holds it."""
    s = GAME.new(4, players=3)
    for _ in range(12):
        (seat,) = GAME.to_move(s)
        s = GAME.apply(s, GAME.legal_moves(s, seat)[0])
    data = json.loads(json.dumps(GAME.state_to_json(s)))
    assert GAME.state_from_json(data) == s

    class Code(str):
        pass

    def refused(key, change):
        d = json.loads(json.dumps(data))
        change(d[key])
        with pytest.raises(CorruptState) as exc:
            GAME.state_from_json(d)
        return str(exc.value)

    assert "hands[1] must be a list of cards" in refused("hands", lambda v: v[1].append("XX"))
    assert "hands[2] must be a list of cards" in refused(
        "hands", lambda v: v.__setitem__(2, [Code(c) for c in v[2]])
    )
    assert "seat 0's hand is not sorted" in refused("hands", lambda v: v[0].reverse())
    assert "hands' must have 3 items" in refused("hands", lambda v: v.pop())
    assert "deck must be a list of cards" in refused("deck", lambda v: v.append(7))
    assert "discards[0] must be a list of cards" in refused(
        "discards", lambda v: v.__setitem__(0, "TX")
    )
    assert "not the 108" in refused("deck", lambda v: v.append("TX"))


def test_a_saved_history_is_compact_and_checked_entry_by_entry():
    """Each action is saved as one line of text ("seat kind card space [shown hand]"),
    each draw as its card (the drawing seat follows from the deal and the actions); a
    line not exactly as the engine writes it is refused, wherever it is."""
    for seed in range(40):
        s = GAME.new(seed, players=3)
        while not GAME.is_over(s):
            (seat,) = GAME.to_move(s)
            moves = GAME.legal_moves(s, seat)
            s = GAME.apply(s, moves[len(s.log) * 7 % len(moves)])
            if any(e.kind == "pass" for e in s.log) and s.log[-1].kind != "dead":
                break
        if not GAME.is_over(s):
            break
    data = json.loads(json.dumps(GAME.state_to_json(s)))
    first = s.log[0]
    assert data["log"][0] == f"0 play {first.card} {first.space}"
    passed = next(e for e in s.log if e.kind == "pass")
    assert f"{passed.seat} pass {passed.card} -1 {' '.join(passed.revealed)}" in data["log"]
    assert data["drawn"] == [c for _, c in s.drawn]
    assert GAME.state_from_json(data) == s
    line = data["log"][0]
    seat, kind, card, space = line.split(" ")
    i = data["log"].index(next(x for x in data["log"] if " pass " in x))
    for bad_line, at in (
        (f"0{line}", 0),  # not as written
        (f"{seat} {kind} {card} {space} ", 0),
        (f"{seat}  {kind} {card} {space}", 0),
        (f"{seat} {kind} {card} {int(space) + 100}", 0),
        (f"{seat} {kind} XX {space}", 0),
        (f"{seat} dead {card} {space}", 0),
        (f"{seat} {kind} {card} {space} {card}", 0),
        (f"5 {kind} {card} {space}", 0),  # no seat 5 at a table of three
        (data["log"][i].rsplit(" ", 1)[0], i),  # a shown hand one card short
        (data["log"][i] + " TX", i),
        (["0", kind, card, space], 0),
        (0, 0),
    ):
        d = json.loads(json.dumps(data))
        d["log"][at] = bad_line
        with pytest.raises(CorruptState):
            GAME.load(d)
    for drawn in (
        [*data["drawn"], "TX"],
        ["XX", *data["drawn"][1:]],
        [[0, c] for c in data["drawn"]],
        "TX",
    ):
        with pytest.raises(CorruptState):
            GAME.load({**data, "drawn": drawn})


def test_pinned_world_replays_to_the_same_views():
    s = GAME.new(21, players=6, teams=3)
    states, moves = [s], []
    for _ in range(40):
        (seat,) = GAME.to_move(s)
        m = GAME.legal_moves(s, seat)[len(moves) % len(GAME.legal_moves(s, seat))]
        s = GAME.apply(s, m)
        states.append(s)
        moves.append(m)
    for seat in (0, 3, REFEREE):
        pin = json.loads(json.dumps(GAME.pin(s, seat)))
        alt = GAME.new(999, players=6, teams=3, **pin)
        assert alt.hands != states[0].hands or seat == REFEREE
        for m, real in zip(moves, states[1:], strict=True):
            alt = GAME.apply(alt, m)
            assert GAME.view(alt, seat) == GAME.view(real, seat)

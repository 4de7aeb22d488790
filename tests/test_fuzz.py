"""Hypothesis feeds random JSON to ``Move.from_json``, ``state_from_json`` and ``apply``
for every registered game (and the tiny game): only typed errors may escape, and a
refused move leaves the state unchanged. Saved states are also corrupted the way a hand
edit or another build would (a key dropped or added, a value replaced, a card doubled)."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardroom import games
from cardroom.core import CardroomError, CorruptState, Game, GameError, MalformedMove, Move
from tests.tiny_game import GAME as DUEL

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**64), max_value=2**64)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=30,
)


def _subjects() -> list[tuple[str, Game, dict[str, Any]]]:
    out: list[tuple[str, Game, dict[str, Any]]] = [("high-card-duel", DUEL, {"hand": 4})]
    for slug in games.slugs():
        entry = games.entry(slug)
        if entry.ready is False:
            continue
        for config in entry.check_configs():
            out.append((f"{slug}-{json.dumps(config, sort_keys=True)}", games.get(slug), config))
    return out


SUBJECTS = _subjects()
IDS = [name for name, _, _ in SUBJECTS]


def _states(game: Game, options: dict[str, Any], seed: int, n: int = 12) -> list[Any]:
    """States along one random playout (the start, the middle, the end)."""
    rng = random.Random(seed)
    state = game.new(seed, **options)
    out = [state]
    clock = 0
    for _ in range(400):
        movers = sorted(game.to_move(state))
        if not movers:
            break
        move = game.legal_moves(state, rng.choice(movers)).sample(rng)
        if move.at is not None:
            clock = max(clock, move.at, game.clock(state)) + rng.choice((0, 10, 400, 3000))
            move = move.with_time(clock)
        state = game.apply(state, move)
        out.append(state)
    step = max(1, len(out) // n)
    return out[::step] + [out[-1]]


@given(json_values | st.text(max_size=40))
def test_move_from_json_raises_only_malformed(obj):
    with contextlib.suppress(MalformedMove):
        Move.from_json(obj)


@given(st.dictionaries(st.sampled_from(["seat", "kind", "data", "at"]), json_values))
def test_move_shaped_json_raises_only_malformed(obj):
    try:
        m = Move.from_json(obj)
    except MalformedMove:
        return
    assert Move.from_json(json.dumps(m.to_json())) == m


def _mutate(obj: Any, rng: random.Random, junk: Any) -> Any:
    """One random corruption somewhere inside a saved state."""
    if isinstance(obj, dict) and obj:
        key = rng.choice(sorted(obj))
        roll = rng.random()
        if roll < 0.2:
            return {k: v for k, v in obj.items() if k != key}
        if roll < 0.3:
            return {**obj, "unexpected": junk}
        if roll < 0.55:
            return {**obj, key: junk}
        return {**obj, key: _mutate(obj[key], rng, junk)}
    if isinstance(obj, list) and obj:
        i = rng.randrange(len(obj))
        roll = rng.random()
        if roll < 0.25:
            return obj + [obj[i]]  # a card doubled
        if roll < 0.4:
            return obj[:i] + obj[i + 1 :]
        if roll < 0.6:
            return obj[:i] + [junk] + obj[i + 1 :]
        return obj[:i] + [_mutate(obj[i], rng, junk)] + obj[i + 1 :]
    return junk


def _exercise(game: Game, state: Any, rng: random.Random) -> None:
    """A loaded state must behave: views, legal moves and moves raise only typed errors."""
    for seat in game.all_seats(state):
        json.dumps(game.view(state, seat))
        space = game.legal_moves(state, seat)
        if space:
            move = space.sample(rng)
            with contextlib.suppress(CardroomError):
                game.apply(state, move.with_time(None if move.at is None else move.at))
    game.is_over(state)
    game.to_move(state)


@pytest.mark.parametrize(("name", "game", "options"), SUBJECTS, ids=IDS)
def test_random_json_is_never_a_state(name, game, options):
    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(json_values)
    def run(obj):
        with contextlib.suppress(CorruptState):
            game.state_from_json(obj)

    run()


@pytest.mark.parametrize(("name", "game", "options"), SUBJECTS, ids=IDS)
def test_corrupted_saves_raise_corrupt_state_or_load_a_working_state(name, game, options):
    states = [s for seed in (1, 2) for s in _states(game, options, seed)]
    saved = [json.loads(json.dumps(game.state_to_json(s))) for s in states]

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.integers(min_value=0, max_value=2**32), json_values)
    def run(k, junk):
        rng = random.Random(k)
        obj = _mutate(rng.choice(saved), rng, junk)
        try:
            state = game.state_from_json(obj)
        except CorruptState:
            return
        _exercise(game, state, rng)

    run()


@pytest.mark.parametrize(("name", "game", "options"), SUBJECTS, ids=IDS)
def test_random_moves_are_refused_with_typed_errors(name, game, options):
    states = _states(game, options, 3)

    @settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
    @given(
        st.sampled_from(range(len(states))),
        st.integers(min_value=-1, max_value=12),
        st.sampled_from(sorted(_kinds(game, states)) + ["x", "pass", "play"]),
        json_values,
        st.none() | st.integers(min_value=0, max_value=2**53 - 1),
    )
    def run(i, seat, kind, data, at):
        state = states[i]
        before = json.dumps(game.state_to_json(state), sort_keys=True)
        try:
            move = Move(seat, kind, data, at)
        except MalformedMove:
            return
        with contextlib.suppress(GameError):
            game.apply(state, move)
        assert json.dumps(game.state_to_json(state), sort_keys=True) == before
        for junk in (None, 3, "x", {"seat": 0}):
            with pytest.raises(CardroomError):
                game.apply(junk, move)

    run()


def _kinds(game: Game, states: list[Any]) -> set[str]:
    rng = random.Random(0)
    kinds = set()
    for s in states:
        for seat in game.all_seats(s):
            space = game.legal_moves(s, seat)
            if space:
                kinds.add(space.sample(rng).kind)
    return kinds

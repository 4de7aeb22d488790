"""A whole match on two devices (R-194..R-196) on CPython: the ``match`` message and its
checks (forged and malformed states refused), the picks over the link with a Call pick
that stays secret, a whole Combo 2 match between a host and a guest over an in-memory
link to the same result on both, and a host reload mid-match that resumes it."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardroom.link import PROTOCOL, GuestEngine, GuestSession, HostSession, Refused
from cardroom.match import Match
from cardroom.web.kit.logic import EngineRefused
from cardroom.web.link.logic import guest_seats
from cardroom.web.link.match_logic import MatchView, match_state, read_match_state
from cardroom.web.match.logic import (
    between_text,
    logic_engine,
    moves_until,
    pick_engine,
    result_text,
    team_names,
)

TEAMS = team_names("devices")


def strings(obj: Any) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(strings(v) for v in obj.values()), set(map(str, obj)))
    if isinstance(obj, list):
        return set().union(*(strings(v) for v in obj)) if obj else set()
    return {str(obj)}


class Devices:
    """A host running a match and a guest following it, joined by an in-order channel
    that can be cut. Both teams' decisions are the games' computer seats (the host's
    engine client plans Team 2's moves as it would for a computer, but each of those is
    sent by the guest, through its :class:`GuestEngine`, over the link)."""

    def __init__(self, m: Match) -> None:
        self.m = m
        self.guest = GuestSession(check_match=read_match_state)
        self.gengine = GuestEngine(self.guest, self.to_host, EngineRefused)
        self.up = True
        self.now = 0
        self.sent: list[str] = []  # every host message
        self.engine: Any = None
        self.host: HostSession | None = None
        self.deadline: int | None = None
        self.stage = "game"

    # the wire
    def to_host(self, text: str) -> None:
        if not self.up:
            return
        assert self.host is not None
        for reply in self.host.receive(text, self.now, float(self.now)):
            self.to_guest(reply)
            if '"t":"welcome"' in reply:
                self.to_guest(self.host.match(match_state(self.m, self.stage)))

    def to_guest(self, text: str) -> None:
        self.sent.append(text)
        if not self.up:
            return
        out, events = self.guest.receive(text, float(self.now))
        if any(e["t"] == "view" for e in events):
            self.gengine.changed()
        for t in out:
            self.to_host(t)

    def reconnect(self) -> None:
        self.up = True
        self.to_host(self.guest.hello())

    # the host
    def start(self) -> None:
        """The pick or game up, on a new session."""
        up = self.m.up()
        engine = pick_engine(up, "watch") if up.number == 0 else logic_engine(up, "watch", "easy")
        self.attach(engine, None)

    def attach(self, engine: Any, saved: Any) -> None:
        up = self.m.up()
        self.engine, self.deadline, self.stage = engine, up.deadline_ms, "game"
        # Team 2's computer seats are the guest's: they leave the host's engine client
        self.gbots = {s: engine.bots.pop(s) for s in guest_seats(engine) if s in engine.bots}
        for s in self.gbots:
            engine.planned.pop(s, None)
        self.gplan: dict[int, Any] = {}
        self.gkeys: dict[int, Any] = {}
        setup = {"game": up.slug, "seed": up.seed}
        if saved is not None:  # a reload: the game's clock goes on where it was
            self.host = HostSession.from_json(engine, saved, setup)
        else:  # each game has a clock of its own, from 0
            self.now = 0
            self.host = HostSession(engine, guest_seats(engine), setup)
        self.to_guest(self.host.welcome())
        self.to_guest(self.host.match(match_state(self.m, "game")))
        self.push()

    def push(self) -> None:
        assert self.host is not None
        self.to_guest(self.host.update(self.now))

    def replan(self) -> None:
        """Team 2's computer seats (the guest's): asked again when the guest's view
        changes, through the host engine client's context of their seat."""
        e = self.engine
        for seat, bot in self.gbots.items():
            key = e.hosting.key(self.gengine.view(seat), len(e.moves))
            if seat in self.gplan and self.gkeys.get(seat) == key:
                continue
            self.gkeys[seat] = key
            self.gplan[seat] = None if e.over else e.ask(seat, bot, key)

    def step(self) -> bool:
        """One move (the host's computer, the table clock, or the guest's): False when
        the game is over or its round clock ran out."""
        e = self.engine
        if e.over:
            return False
        self.replan()
        theirs = [(int(m.get("at") or 0), s) for s, m in self.gplan.items() if m is not None]
        due = e.next_due()
        times = [t for t in [due, *(t for t, _ in theirs)] if t is not None]
        assert times, "nobody moves"
        due = min(times)
        if self.deadline is not None and due > self.deadline:
            self.now = self.deadline
            return False
        self.now = max(self.now, due)
        mine = [s for t, s in theirs if t <= self.now]
        if mine:
            seat = mine[0]
            move = dict(self.gplan.pop(seat) or {})
            move.pop("at", None)
            try:
                self.gengine.submit(move, self.now)
            except EngineRefused:
                self.gkeys.pop(seat, None)
            return True
        e.advance(self.now)
        self.push()
        return True

    def finish(self) -> None:
        """Record the game that ended and tell the guest where the match is."""
        timed_out = not self.engine.over
        moves = moves_until(self.engine.moves, self.deadline)
        self.m = self.m.record(moves, timed_out=timed_out)
        self.stage = "result" if self.m.over else "between"
        assert self.host is not None
        self.to_guest(self.host.match(match_state(self.m, self.stage)))

    def play_game(self, max_steps: int = 5000) -> None:
        for _ in range(max_steps):
            if not self.step():
                self.finish()
                return
        raise AssertionError("the game did not end")


def test_the_match_state_travels_and_reads_back() -> None:
    m = Match.new(5, 2, "morning", 3)
    state = match_state(m, "game")
    view = read_match_state(json.loads(json.dumps(state)))
    assert isinstance(view, MatchView)
    assert (view.combo, view.kind, view.limit_ms, view.order) == (2, "morning", 180_000, m.order)
    assert view.up().number == 1 and view.up().slug == "border-up"
    assert view.up().deadline_ms == 180_000
    assert view.points() == (0, 0) and not view.over
    # nothing that deals a game travels: no deal number, no Power deck, no moves
    seen = strings(state)
    assert str(m.seed) not in seen and not any(p in seen for p in m.power)


def _valid() -> dict[str, Any]:
    m = Match.new(3, 2, "morning", 3)
    return match_state(m, "game")


def _set(path: tuple[Any, ...], value: Any) -> Any:
    def change(s: dict[str, Any]) -> dict[str, Any]:
        obj: Any = s
        for k in path[:-1]:
            obj = obj[k]
        obj[path[-1]] = value
        return s

    return change


FORGED = [
    ("no stage", lambda s: {k: v for k, v in s.items() if k != "stage"}),
    ("extra field", lambda s: {**s, "seed": 3}),
    ("stage", _set(("stage",), "lobby")),
    ("combo", _set(("combo",), 7)),
    ("combo as text", _set(("combo",), "2")),
    ("kind of another combo", _set(("kind",), "call")),
    ("minutes", _set(("minutes",), 0)),
    ("order repeats", _set(("order",), [1, 1, 2, 3])),
    ("order of a morning", _set(("order",), [2, 1, 3, 4])),
    ("played not a list", _set(("played",), {"a": 1})),
    ("a game that is not Game 1", _set(("played",), [[1, "state-iq", 5, 0, 1000, False]])),
    ("points beyond the table", _set(("played",), [[1, "border-up", 999, 0, 1000, False]])),
    ("time beyond the round", _set(("played",), [[1, "border-up", 5, 0, 10**9, False]])),
    ("a stopped game that scored", _set(("played",), [[1, "border-up", 5, 0, 1000, True]])),
    ("a bool for points", _set(("played",), [[1, "border-up", True, 0, 1000, False]])),
    ("picks in a morning", _set(("played",), [[0, "match-pick", 0, 0, 0, False]])),
    ("over without the result", _set(("over",), True)),
    ("up is a game not picked", _set(("up", "number"), 5)),
    ("up's slug", _set(("up", "slug"), "sequence")),
    ("up's winner", _set(("up", "winner"), 2)),
    ("up's winner as a bool", _set(("up", "winner"), True)),
    ("up's version on Border-Up", _set(("up", "version"), "ptr1")),
    ("up with a seed", _set(("up", "seed"), 1)),
]


@pytest.mark.parametrize(("what", "forge"), FORGED, ids=[f[0] for f in FORGED])
def test_forged_match_states_are_refused(what: str, forge: Any) -> None:
    state = forge(copy.deepcopy(_valid()))
    with pytest.raises(Refused):
        read_match_state(state)
    # through the guest's session: refused, logged, and the last good state kept
    g = GuestSession(sid="s1", check_match=read_match_state)
    good = json.dumps({"v": PROTOCOL, "t": "match", "sid": "s1", "mseq": 1, "state": _valid()})
    g.receive(good, 0.0)
    kept = g.match
    bad = json.dumps({"v": PROTOCOL, "t": "match", "sid": "s1", "mseq": 2, "state": state})
    out, events = g.receive(bad, 0.0)
    assert (out, events) == ([], [])
    assert g.match is kept and g.log.total == 1


def test_match_messages_are_checked_like_the_others() -> None:
    g = GuestSession(sid="s1", check_match=read_match_state)

    def msg(**kw: Any) -> str:
        return json.dumps({"v": PROTOCOL, "t": "match", "sid": "s1", **kw})

    assert g.receive(msg(mseq=1, state=_valid()), 0.0)[1] == [{"t": "match"}]
    assert g.receive(msg(mseq=1, state=_valid()), 0.0)[1] == []  # late or replayed
    for bad in (
        msg(mseq=2),  # no state
        msg(mseq=-1, state=_valid()),
        msg(mseq=2, state=[1, 2]),
        msg(mseq=2, state=_valid(), extra=1),
        json.dumps({"v": PROTOCOL, "t": "match", "sid": "other", "mseq": 3, "state": _valid()}),
        msg(mseq=4, state={"stage": "x" * 2_000_000}),  # over the host's cap
    ):
        assert g.receive(bad, 0.0) == ([], [])
    assert g.log.total == 6
    # a host never reads a match message
    h = HostSession(pick_engine(Match.new(1, 4, "call", 20).up(), "devices"), frozenset({1}))
    assert h.receive(msg(mseq=1, state=_valid()), 0, 0.0) == []
    assert "is not a message this side reads" in h.log.reasons()[-1]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=12),
        lambda c: st.lists(c, max_size=6) | st.dictionaries(st.text(max_size=8), c, max_size=8),
        max_leaves=30,
    )
)
def test_fuzz_any_state_is_read_or_refused(state: Any) -> None:
    """Whatever the host sends, the guest reads a match or refuses it: nothing else."""
    try:
        view = read_match_state(state)
    except Refused:
        return
    assert isinstance(view, MatchView)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(_valid())), st.sampled_from([None, -1, 0, 1, 5, "x", [], {}]))
def test_fuzz_one_field_changed(name: str, value: Any) -> None:
    state = _valid()
    state[name] = value
    try:
        view = read_match_state(state)
    except Refused:
        return
    assert isinstance(view, MatchView) and view.combo == 2


def test_a_call_pick_over_the_link_stays_secret_until_both_called() -> None:
    d = Devices(Match.new(4, 4, "call", 20))
    d.attach(pick_engine(d.m.up(), "devices"), None)  # both teams call by hand
    host_engine = d.engine
    assert d.guest.seats == (1,)
    assert d.guest.match.up().number == 0
    host_engine.submit({"seat": 0, "kind": "call", "data": [2, 5]}, 0)
    d.push()
    # the guest knows Team 1 has called, never what
    text = d.sent[-1]
    assert '"picked":[true,false]' in text.replace(" ", "")
    state = json.loads(text)["state"]
    assert state["public"]["choices"] == [None, None]
    assert state["views"]["1"]["choices"] == [None, None]
    assert all("data" not in mv for mv in state["moves"])
    with pytest.raises(EngineRefused):
        d.gengine.submit({"seat": 0, "kind": "call", "data": [1, 2]}, 0)  # not its team
    d.gengine.submit({"seat": 1, "kind": "call", "data": [1, 2]}, 0)
    assert host_engine.over
    d.finish()
    view = d.guest.match
    assert view.stage == "between" and view.order == (1, 2, 5) == d.m.order
    head, lines = between_text(view, TEAMS)
    assert head == "Game 1: Border-Up"
    assert (
        lines[0] == "The games picked, in turn: Game 1: Border-Up, Game 2: State IQ, Game 5: "
        "Chummy Challenge."
    )


def test_a_whole_combo_2_match_over_the_link_with_a_host_reload() -> None:
    d = Devices(Match.new(5, 2, "morning", 6))
    games = 0
    reloaded = False
    while not d.m.over:
        d.start()
        assert d.guest.seats == (1,)
        if games == 2:
            # mid-game: the link drops, the guest's next move is lost on the wire, then
            # the host reloads from its saves (the match record, the game's moves and
            # its session) and the guest pairs again
            for _ in range(12):
                d.step()
            d.up = False
            while not d.guest.pending:  # the guest's next move: kept, unacknowledged
                assert d.step()
            pending = list(d.guest.pending)
            saved_match = json.loads(json.dumps(d.m.to_json()))
            saved_moves = json.loads(json.dumps(d.engine.moves))
            saved_host = json.loads(json.dumps(d.host.to_json()))
            sid = d.host.sid
            d.m = Match.from_json(saved_match)
            engine = logic_engine(d.m.up(), "watch", "easy")
            engine.replay(saved_moves)
            d.up = True
            d.attach(engine, saved_host)
            assert d.host.sid == sid
            d.reconnect()
            # the moves sent while the link was down reach the host once
            for _, mv in pending:
                hits = [x for x in d.engine.moves if x["seat"] == mv["seat"]]
                assert any(
                    x["kind"] == mv["kind"] and x.get("data") == mv.get("data") for x in hits
                )
            assert not d.guest.pending
            reloaded = True
        d.play_game()
        games += 1
        view = d.guest.match
        assert view.points() == d.m.points()
        assert [p.points for p in view.playing] == [p.points for p in d.m.playing]
    assert reloaded and games >= 2
    view = d.guest.match
    assert view.over and view.stage == "result"
    assert view.points() == d.m.points() and view.winner() == d.m.winner()
    assert view.elapsed_ms == d.m.elapsed_ms
    assert result_text(view, TEAMS, "devices") == result_text(d.m, TEAMS, "devices")
    # the record replays to the same match: every move applied once
    assert Match.from_json(json.loads(json.dumps(d.m.to_json()))) == d.m
    # the guest never read Team 1's hand: no match message carries a card or a deal
    for text in d.sent:
        if '"t":"match"' in text:
            assert set(json.loads(text)["state"]) == {
                "stage",
                "combo",
                "kind",
                "minutes",
                "order",
                "played",
                "over",
                "up",
            }


@pytest.mark.parametrize(
    ("combo", "kind", "seed"),
    [(2, "morning", 1), (2, "afternoon", 2), (3, "morning", 3), (3, "afternoon", 4)]
    + [(4, "all", 5), (4, "call", 6), (4, "all", 7), (4, "call", 8)],
)
def test_every_stage_of_real_matches_reads_back(combo: int, kind: str, seed: int) -> None:
    """No false refusal: every state of computer matches of each kind reads back to the
    host's figures (points, times, order, what is up and its carry-overs)."""
    from cardroom.match import play_match  # noqa: PLC0415

    seen: list[Match] = [Match.new(seed, combo, kind, 20)]
    play_match(seen[0], on_game=lambda m, _up: seen.append(m))
    for m in seen:
        stage = "result" if m.over else ("game" if not m.played else "between")
        view = read_match_state(json.loads(json.dumps(match_state(m, stage))))
        assert view.points() == m.points() and view.elapsed_ms == m.elapsed_ms
        assert view.order == m.order and view.over == m.over
        assert [p.points for p in view.played] == [p.points for p in m.played]
        assert [p.winner for p in view.played] == [p.winner for p in m.played]
        if not m.over:
            up, mine = m.up(), view.up()
            assert (mine.number, mine.slug, mine.deadline_ms) == (
                up.number,
                up.slug,
                up.deadline_ms,
            )
            assert between_text(view, TEAMS) == between_text(m, TEAMS)
        else:
            assert result_text(view, TEAMS, "devices") == result_text(m, TEAMS, "devices")

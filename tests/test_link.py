"""The two-device link protocol (cardroom.link) on CPython: seats, exactly-once moves,
hostile messages, resume, the clock offset and the pairing codes (R-177..R-184)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardroom.link import (
    MAX_GUEST_MESSAGE,
    PROTOCOL,
    BadCode,
    ClockSync,
    GuestEngine,
    GuestSession,
    HostSession,
    Refused,
    pack_sdp,
    parse_message,
    unpack_sdp,
)
from cardroom.web.games.border_up.logic import engine as border_up_engine
from cardroom.web.kit.logic import EngineRefused, LocalEngine, Setup

FIXTURES = Path(__file__).parent / "fixtures" / "link"
SETUP = Setup("border-up", 2, "devices", "medium", 7)


def new_engine() -> LocalEngine:
    return border_up_engine(SETUP)


class Wire:
    """A host and a guest joined by a lossless, in-order channel that can be cut."""

    def __init__(self, host: HostSession | None = None) -> None:
        self.host = host or HostSession(new_engine(), frozenset({1}), {"game": "border-up"})
        self.guest = GuestSession()
        self.up = True
        self.now = 1000
        self.lost: list[str] = []
        self.engine = GuestEngine(self.guest, self.to_host, EngineRefused)
        self.events: list[dict[str, Any]] = []

    def to_host(self, text: str) -> None:
        if not self.up:
            self.lost.append(text)
            return
        for reply in self.host.receive(text, self.now, float(self.now)):
            self.to_guest(reply)

    def to_guest(self, text: str) -> None:
        if not self.up:
            return
        out, events = self.guest.receive(text, float(self.now))
        self.events += events
        if any(e["t"] == "view" for e in events):
            self.engine.changed()
        for t in out:
            self.to_host(t)

    def connect(self) -> None:
        self.up = True
        self.to_host(self.guest.hello())

    def push(self) -> None:
        self.to_guest(self.host.update(self.now))


def strings(obj: Any) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(strings(v) for v in obj.values()), set(map(str, obj)))
    if isinstance(obj, list):
        return set().union(*(strings(v) for v in obj)) if obj else set()
    return set()


def to_race(w: Wire) -> None:
    w.connect()
    w.host.engine.submit({"seat": 0, "kind": "plunge", "data": False}, 100)
    w.push()
    w.engine.submit({"seat": 1, "kind": "plunge", "data": False}, 200)


# ---------------------------------------------------------------- seats and views


def test_the_guest_sees_only_its_own_hand_and_plays_only_its_seat() -> None:
    w = Wire()
    to_race(w)
    e = w.host.engine
    assert e.view(0)["phase"] == "race"
    mine, theirs = set(e.view(1)["hand"]), set(e.view(0)["hand"])
    assert mine and theirs and not mine & theirs
    text = w.host.update(w.now)
    seen = strings(json.loads(text))
    assert mine <= seen
    assert not theirs & seen  # never the other hand
    assert w.engine.view(1)["hand"] == sorted(mine) or set(w.engine.view(1)["hand"]) == mine
    assert w.engine.view(0) == w.engine.view(-1)  # another seat: the public view only
    with pytest.raises(EngineRefused):
        w.engine.submit({"seat": 0, "kind": "pass"}, 300)  # the other device's seat


def test_a_forged_seat_is_refused_and_logged() -> None:
    w = Wire()
    to_race(w)
    before = list(w.host.engine.moves)
    forged = json.dumps(
        {
            "v": PROTOCOL,
            "t": "move",
            "sid": w.host.sid,
            "seq": w.guest.seq + 1,
            "move": {"seat": 0, "kind": "pass"},
        }
    )
    out = w.host.receive(forged, 500, 500.0)
    ack = json.loads(out[0])
    assert ack["t"] == "ack" and ack["ok"] is False and "seat 0" in ack["reason"]
    assert w.host.engine.moves == before
    assert any("seat 0 is not this device's" in r for r in w.host.log.reasons())


def test_a_move_timed_too_far_ahead_is_refused() -> None:
    w = Wire()
    to_race(w)
    text = json.dumps(
        {
            "v": PROTOCOL,
            "t": "move",
            "sid": w.host.sid,
            "seq": w.guest.seq + 1,
            "move": {"seat": 1, "kind": "pass", "at": 10_000_000},
        }
    )
    ack = json.loads(w.host.receive(text, 500, 500.0)[0])
    assert not ack["ok"] and "ahead" in ack["reason"]
    assert not w.host.engine.view(1)["passed"][1]


# ---------------------------------------------------------------- hostile messages


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "JSON object"),
        ('{"v": 2, "t": "ping", "sid": "x", "id": 1, "t0": 1}', "version"),
        ('{"v": 1, "t": "view", "sid": "x", "vseq": 1, "state": {}}', "not a message"),
        ('{"v": 1, "t": "ping", "id": 1, "t0": 1}', "session id"),
        ('{"v": 1, "t": "ping", "sid": "x", "id": 1, "t0": 1, "evil": 1}', "unknown fields"),
        ('{"v": 1, "t": "move", "sid": "x", "seq": 1}', "needs"),
        ('{"v": 1, "t": "move", "sid": "x", "seq": -1, "move": {}}', "seq"),
        ('{"v": 1, "t": "move", "sid": "x", "seq": true, "move": {}}', "seq"),
        ("x" * (MAX_GUEST_MESSAGE + 1), "too long"),
        ("[" * 5000 + "]" * 5000, "JSON"),
    ],
)
def test_malformed_messages_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(Refused, match=reason):
        parse_message(text, frozenset({"move", "ping", "hello", "pause"}), MAX_GUEST_MESSAGE)
    w = Wire()
    to_race(w)
    n = len(w.host.engine.moves)
    assert w.host.receive(text, 500, 500.0) == []
    assert w.host.log.total >= 1 and w.host.engine.moves[n:] == []


def test_malformed_moves_consume_their_number_and_are_logged() -> None:
    w = Wire()
    to_race(w)
    for bad in (
        {"seat": 1},
        {"seat": 1, "kind": "shout", "data": [[[[[[[[[[1]]]]]]]]]]},
        {"seat": "1", "kind": "pass"},
        "pass",
    ):
        text = json.dumps(
            {"v": 1, "t": "move", "sid": w.host.sid, "seq": w.host.applied + 1, "move": bad}
        )
        ack = json.loads(w.host.receive(text, 500, 500.0)[0])
        assert ack["ok"] is False
    assert not w.host.engine.view(1)["passed"][1]
    assert sum("refused" in r for r in w.host.log.reasons()) >= 3


def test_messages_of_another_session_are_refused() -> None:
    w = Wire()
    to_race(w)
    text = json.dumps(
        {
            "v": 1,
            "t": "move",
            "sid": "someoneelse",
            "seq": w.host.applied + 1,
            "move": {"seat": 1, "kind": "pass"},
        }
    )
    assert w.host.receive(text, 500, 500.0) == []
    assert "another session" in w.host.log.reasons()[-1]
    # and the guest refuses a view of another session
    forged = json.dumps({"v": 1, "t": "view", "sid": "other", "vseq": 99, "state": {"views": {}}})
    assert w.guest.receive(forged, 1.0) == ([], [])
    assert "another session" in w.guest.log.reasons()[-1]


def test_the_log_is_bounded() -> None:
    w = Wire()
    for i in range(500):
        w.host.receive(f"junk {i}", 0, 0.0)
    assert len(w.host.log.entries) == w.host.log.size and w.host.log.total == 500


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
_moves = st.fixed_dictionaries(
    {
        "v": st.just(1),
        "t": st.sampled_from(["move", "hello", "ping", "pause", "ack", "view"]),
        "sid": st.text(max_size=40),
    },
    optional={
        "seq": _json | st.integers(0, 10),
        "move": _json,
        "id": _json,
        "t0": _json,
        "on": _json,
        "last": _json,
        "state": _json,
        "vseq": _json,
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=300), _json.map(json.dumps), _moves.map(json.dumps)))
def test_fuzz_no_hostile_message_crashes_either_side(text: str) -> None:
    w = FUZZ_WIRE
    before = len(w.host.engine.moves)
    w.host.receive(text, 500, 500.0)
    w.guest.receive(text, 500.0)
    # nothing a stranger sends plays for the host's own seat
    assert all(m["seat"] != 0 for m in w.host.engine.moves[before:])


@settings(max_examples=200, deadline=None)
@given(seq=st.integers(0, 6), move=_json, sid_ok=st.booleans())
def test_fuzz_hostile_moves_with_the_right_session(seq: int, move: Any, sid_ok: bool) -> None:
    w = FUZZ_WIRE
    text = json.dumps(
        {"v": 1, "t": "move", "sid": w.host.sid if sid_ok else "x", "seq": seq, "move": move}
    )
    before = len(w.host.engine.moves)
    out = w.host.receive(text, 500, 500.0)
    for reply in out:
        parse_message(reply, frozenset({"ack", "view", "resend"}), 10**7)
    assert all(m["seat"] == 1 for m in w.host.engine.moves[before:])


FUZZ_WIRE = Wire()
to_race(FUZZ_WIRE)


# ---------------------------------------------------------------- exactly once


def test_a_replayed_move_is_acknowledged_again_not_applied_twice() -> None:
    w = Wire()
    to_race(w)
    n = len(w.host.engine.moves)
    text = w.guest.send_move(
        {"seat": 1, "kind": "shout", "data": ["geoplunge", [[], []]], "at": 600}
    )
    first = w.host.receive(text, 600, 600.0)
    again = w.host.receive(text, 700, 700.0)
    assert json.loads(again[0]) == json.loads(first[0])
    assert len(w.host.engine.moves) <= n + 1
    assert "again" in w.host.log.reasons()[-1]


def test_a_gap_asks_for_the_missing_moves() -> None:
    w = Wire()
    to_race(w)
    w.up = False
    w.engine.submit({"seat": 1, "kind": "pass"}, 600)  # lost
    w.up = True
    lost_seq = w.guest.seq
    later = json.dumps(
        {
            "v": 1,
            "t": "move",
            "sid": w.host.sid,
            "seq": lost_seq + 1,
            "move": {"seat": 1, "kind": "pass"},
        }
    )
    reply = json.loads(w.host.receive(later, 700, 700.0)[0])
    assert reply == {"v": 1, "t": "resend", "sid": w.host.sid, "from": lost_seq}
    assert not w.host.engine.view(1)["passed"][1]
    out, _ = w.guest.receive(json.dumps(reply), 700.0)
    assert [json.loads(t)["seq"] for t in out] == [lost_seq]


def test_moves_lost_while_the_link_is_down_are_sent_again_after_reconnecting() -> None:
    w = Wire()
    to_race(w)
    w.up = False  # the link drops; the guest plays on
    w.engine.submit({"seat": 1, "kind": "pass"}, 600)
    assert w.lost and w.guest.pending
    assert not w.host.engine.view(1)["passed"][1]
    w.connect()  # pairing again: hello -> welcome -> pending moves again
    assert w.host.engine.view(1)["passed"][1]
    assert not w.guest.pending
    assert sum(m["kind"] == "pass" for m in w.host.engine.moves) == 1


def test_a_move_applied_whose_ack_was_lost_is_not_applied_again() -> None:
    w = Wire()
    to_race(w)
    text = w.guest.send_move({"seat": 1, "kind": "pass", "at": 600})
    w.host.receive(text, 600, 600.0)  # applied, but the answer is lost
    assert w.guest.pending
    w.connect()
    assert not w.guest.pending
    assert sum(m["kind"] == "pass" for m in w.host.engine.moves) == 1


def test_a_hello_said_again_changes_nothing() -> None:
    """The guest says hello every beat until the welcome comes (a message sent as the
    channel opens can be lost): each hello is answered, and nothing is applied twice."""
    w = Wire()
    to_race(w)
    text = w.guest.send_move({"seat": 1, "kind": "pass", "at": 600})
    w.host.receive(text, 600, 600.0)  # applied; its answer, and the first hello, are lost
    moves = list(w.host.engine.moves)
    for _ in range(3):
        w.connect()
        assert not w.guest.pending
        assert list(w.host.engine.moves) == moves
    assert sum(e["t"] == "welcome" for e in w.events) == 4
    assert w.engine.view(1) == w.host.engine.view(1)


def test_a_host_reload_resumes_from_its_save() -> None:
    w = Wire()
    to_race(w)
    text = w.guest.send_move({"seat": 1, "kind": "pass", "at": 600})
    w.host.receive(text, 600, 600.0)
    saved_moves = list(w.host.engine.moves)
    saved_link = json.loads(json.dumps(w.host.to_json()))
    # the host reloads: its engine replays the saved moves, its session comes back
    engine = new_engine()
    engine.replay(saved_moves)
    host = HostSession.from_json(engine, saved_link, {"game": "border-up"})
    assert host.sid == w.host.sid and host.applied == w.host.applied
    w.host = host
    w.connect()  # the guest resends what it has not seen acknowledged: answered, not applied
    again = host.receive(text, 700, 700.0)
    assert json.loads(again[0])["ok"] is True
    assert engine.moves == saved_moves
    assert w.engine.view(1)["passed"][1]
    with pytest.raises(Refused):
        HostSession.from_json(engine, {"sid": 3})


def test_a_new_host_session_drops_the_old_sessions_moves() -> None:
    w = Wire()
    to_race(w)
    w.up = False
    w.engine.submit({"seat": 1, "kind": "pass"}, 600)
    w.host = HostSession(new_engine(), frozenset({1}), {"game": "border-up"})  # a new game
    w.connect()
    assert not w.guest.pending and w.guest.sid == w.host.sid
    assert w.host.engine.moves == []


def test_a_whole_game_over_the_link() -> None:
    w = Wire()
    to_race(w)
    w.host.engine.submit({"seat": 0, "kind": "pass"}, 700)
    w.push()
    w.engine.submit({"seat": 1, "kind": "pass"}, 800)
    assert w.host.engine.over and w.engine.over
    assert {"type": "over"} in [e for e in collect(w)]
    result = w.engine.view(-1)["result"]
    assert result is not None and result == w.host.engine.view(-1)["result"]
    with pytest.raises(EngineRefused):
        w.engine.submit({"seat": 1, "kind": "pass"}, 900)


def collect(w: Wire) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    fresh = GuestEngine(w.guest, lambda _t: None, EngineRefused)
    fresh.on(got.append)
    fresh.changed()
    return got


def test_the_guest_learns_the_other_teams_moves_without_their_data() -> None:
    w = Wire()
    to_race(w)
    moves = w.engine.moves
    theirs = [m for m in moves if m["seat"] == 0]
    assert theirs and all("data" not in m and m["hidden"] for m in theirs)
    assert all("data" in m for m in moves if m["seat"] == 1)


# ---------------------------------------------------------------- the clock offset


@pytest.mark.parametrize("skew", [-86_400_000.5, -3.25, 0.0, 123_456.7])
def test_the_clock_offset_converges_on_a_skewed_clock_with_jittery_delays(skew: float) -> None:
    rng = random.Random(4)
    sync = ClockSync()
    host_time = 1_000_000.0  # the host's clock; the guest's reads host_time - skew
    for _ in range(40):
        t0 = host_time - skew
        up = 2 + rng.expovariate(1 / 15)  # a busy network: mostly quick, sometimes slow
        host_time += up
        t1 = t2 = host_time
        host_time += 2 + rng.expovariate(1 / 15)
        t3 = host_time - skew
        sync.add(t0, t1, t2, t3)
        host_time += rng.uniform(50, 500)
    assert abs(sync.offset - skew) <= sync.error
    assert sync.error < 6
    assert abs(sync.offset - skew) < 2
    assert sync.to_host(5.0) == pytest.approx(5.0 + sync.offset)


_LEG = st.floats(min_value=0.0, max_value=200.0, allow_nan=False)


@given(
    skew=st.floats(min_value=-1e8, max_value=1e8, allow_nan=False),
    exchanges=st.lists(
        st.tuples(_LEG, st.floats(min_value=0.0, max_value=5.0), _LEG, st.floats(50, 2000)),
        min_size=1,
        max_size=45,
    ),
)
def test_the_clock_offsets_error_bound_always_holds(
    skew: float, exchanges: list[tuple[float, float, float, float]]
) -> None:
    """Whatever the two legs' delays (asymmetric, bursty, more samples than the window),
    the true offset lies within the estimate's stated error (R-180)."""
    sync = ClockSync()
    host_time = 1_000_000_000.0  # the host's clock; the guest's reads host_time - skew
    for up, held, down, pause in exchanges:
        t0 = host_time - skew
        t1 = host_time + up
        t2 = t1 + held
        host_time = t2 + down
        sync.add(t0, t1, t2, host_time - skew)
        host_time += pause
    slack = 1e-12 * max(abs(skew), host_time)  # float rounding of the stamps (~1 µs)
    assert abs(sync.offset - skew) <= sync.error + slack


def test_the_clock_takes_the_fastest_exchange_not_a_median_of_the_fastest() -> None:
    """Five quick exchanges, four of them lopsided: a median of their offsets is 1.5 ms
    off while the fastest round trip bounds the error to 0.5 ms."""
    sync = ClockSync()
    sync.add(0.0, 0.5, 0.5, 1.0)  # 0.5 ms each way: offset 0, round trip 1
    for k in range(4):  # 3.5 ms up, 0.5 down: offset 1.5, round trip 4
        base = 100.0 * (k + 1)
        sync.add(base, base + 3.5, base + 3.5, base + 4.0)
    assert sync.offset == 0.0
    assert sync.error == 0.5


def test_the_guest_pings_only_once_welcomed_so_the_host_refuses_nothing() -> None:
    """The guest's beat before the welcome is a hello, never a ping: a first ping went
    out with an empty session id and the host's refused count read 1 on every pairing."""
    w = Wire()
    w.up = False  # the channel is open but the host's page still starting: all lost
    for _ in range(3):
        for text in w.guest.beat(100.0):
            w.to_host(text)
    assert [json.loads(t)["t"] for t in w.lost] == ["hello"] * 3
    w.up = True
    for text in w.guest.beat(200.0):  # the host is there now: the hello is welcomed
        w.to_host(text)
    assert w.guest.welcomed and w.guest.sid == w.host.sid
    for wall in (300.0, 400.0):
        (ping,) = w.guest.beat(wall)
        assert json.loads(ping)["t"] == "ping" and json.loads(ping)["sid"] == w.host.sid
        w.to_host(ping)
    assert w.guest.sync.ready
    assert w.host.log.total == 0 and w.guest.log.total == 0
    # a new channel with the session known: hello again first, then pings
    w.guest.welcomed = False
    assert [json.loads(t)["t"] for t in w.guest.beat(500.0)] == ["hello"]


def test_the_hosts_bye_tells_the_guest_and_only_in_its_session() -> None:
    """A host page that goes (a reload) says ``bye``: the guest's page then says the host
    is reconnecting. A bye of another session is refused like any foreign message."""
    w = Wire()
    w.connect()
    _, events = w.guest.receive(w.host.bye("the host's page reloaded"), 10.0)
    assert events == [{"t": "bye", "reason": "the host's page reloaded"}]
    other = HostSession(new_engine(), frozenset({1}), {"game": "border-up"})
    assert w.guest.receive(other.bye("x"), 11.0) == ([], [])
    assert "another session" in w.guest.log.reasons()[-1]


def test_the_guests_pairing_screen_says_why_it_pairs_again() -> None:
    from cardroom.web.link.logic import join_html  # noqa: PLC0415

    assert 'id="link-note"' not in join_html()
    html = join_html("This page reloaded: <go on>")
    assert '<p class="link-note" id="link-note">This page reloaded: &lt;go on&gt;</p>' in html
    assert html.index("link-note") < html.index('id="link-offer"')


def test_the_clock_ignores_impossible_samples_and_pongs_for_no_ping() -> None:
    sync = ClockSync()
    sync.add(10, 5, 100, 9)  # answered before it was asked: a clock jumped
    assert not sync.ready and sync.offset == 0.0
    w = Wire()
    w.connect()
    ping = json.loads(w.guest.ping(50.0))
    pong = w.host.receive(json.dumps(ping), 0, 1050.0)
    w.guest.receive(pong[0], 60.0)
    assert w.guest.sync.ready and w.guest.sync.offset == pytest.approx(995.0)
    w.guest.receive(pong[0], 70.0)  # the same pong again: no ping waits for it
    assert "no ping" in w.guest.log.reasons()[-1]


# ---------------------------------------------------------------- pairing codes


def fixtures() -> list[Path]:
    return sorted(FIXTURES.glob("*.sdp"))


@pytest.mark.parametrize("path", fixtures(), ids=lambda p: p.stem)
def test_real_chromium_descriptions_pack_small_and_round_trip(path: Path) -> None:
    sdp = path.read_text()
    kind = "offer" if "offer" in path.stem else "answer"
    code = pack_sdp(sdp)
    assert set(code) <= set("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    assert len(code) <= len(sdp) // 3  # e.g. 634 -> 148, 541 -> 117 (docs/link.md)
    back = unpack_sdp(code, kind)
    for key in ("a=ice-ufrag:", "a=ice-pwd:", "a=fingerprint:", "a=setup:"):
        want = next(ln for ln in sdp.splitlines() if ln.startswith(key))
        assert want in back.splitlines()
    for ln in sdp.splitlines():
        if ln.startswith("a=candidate:") and " udp " in ln and " host " in ln:
            addr, port = ln.split()[4:6]
            assert f" {addr} {port} typ host" in back
    assert "m=application" in back and "webrtc-datachannel" in back and back.endswith("\r\n")
    assert pack_sdp(back) == code
    # typing it: lower case, groups, O for 0 and I or L for 1 read the same
    typed = "-".join(code[i : i + 4] for i in range(0, len(code), 4)).lower()
    assert unpack_sdp(typed.replace("0", "o").replace("1", "l"), kind) == back


@pytest.mark.parametrize(
    ("mangle", "kind", "sentence"),
    [
        (lambda c: c[:-1] + ("0" if c[-1] != "0" else "1"), "offer", "typo"),
        (lambda c: c[:30], "offer", "too short"),
        (lambda c: c[:20] + "U" + c[21:], "offer", "not a letter"),
        (lambda c: "", "offer", "empty"),
        (lambda c: c, "answer", "offer code"),
        (lambda c: c * 10, "offer", "too long"),
    ],
)
def test_bad_codes_say_what_is_wrong(mangle: Any, kind: str, sentence: str) -> None:
    code = pack_sdp((FIXTURES / "chromium-1-offer.sdp").read_text())
    with pytest.raises(BadCode, match=sentence):
        unpack_sdp(mangle(code), kind)


def test_an_answer_is_not_an_offer_and_descriptions_without_credentials_fail() -> None:
    answer = pack_sdp((FIXTURES / "chromium-1-answer.sdp").read_text())
    with pytest.raises(BadCode, match="answer code"):
        unpack_sdp(answer, "offer")
    with pytest.raises(BadCode):
        pack_sdp("v=0\r\ns=-\r\n")


def test_a_stamp_counts_in_the_hosts_present_or_its_own_past() -> None:
    w = Wire()
    to_race(w)
    engine_clock = w.host.engine.moves[-1]["at"]
    ahead = json.dumps(
        {
            "v": 1,
            "t": "move",
            "sid": w.host.sid,
            "seq": w.host.applied + 1,
            "move": {"seat": 1, "kind": "pass", "at": 1900},
        }
    )
    ack = json.loads(w.host.receive(ahead, 1000, 1000.0)[0])
    assert ack["ok"] and ack["move"]["at"] == 1000  # not in the host's future
    w2 = Wire()
    to_race(w2)
    past = json.dumps(
        {
            "v": 1,
            "t": "move",
            "sid": w2.host.sid,
            "seq": w2.host.applied + 1,
            "move": {"seat": 1, "kind": "pass", "at": engine_clock + 50},
        }
    )
    ack = json.loads(w2.host.receive(past, 1000, 1000.0)[0])
    assert ack["ok"] and ack["move"]["at"] == engine_clock + 50  # judged at its stamp
    w3 = Wire()
    to_race(w3)
    before = json.dumps(
        {
            "v": 1,
            "t": "move",
            "sid": w3.host.sid,
            "seq": w3.host.applied + 1,
            "move": {"seat": 1, "kind": "pass", "at": 0},
        }
    )
    ack = json.loads(w3.host.receive(before, 1000, 1000.0)[0])
    assert ack["ok"] and ack["move"]["at"] == engine_clock  # never before the engine's clock


# ---------------------------------------------------------------- the screen's logic


def test_the_hosts_setup_travels_and_the_guest_plays_team_2() -> None:
    from cardroom.web.link.logic import guest_seats, setup_from_json, setup_json  # noqa: PLC0415

    setup = Setup("play-the-ranks", 3, "devices", "medium", 99, (("version", "ptr2"),))
    sent = json.loads(json.dumps(setup_json(setup)))
    # the deal number stays on the host: from it the guest could deal the host's cards
    assert "seed" not in sent and 99 not in sent.values()
    assert setup_from_json(sent, "play-the-ranks") == setup.with_seed(None)
    assert setup_from_json({**sent, "seed": 99}, "play-the-ranks").seed is None
    # a match's game and a single game do not pair by mistake
    in_match = setup_json(setup, match=True)
    assert setup_from_json(in_match, "play-the-ranks", match=True) == setup.with_seed(None)
    with pytest.raises(Refused, match="open the match on this device"):
        setup_from_json(in_match, "play-the-ranks")
    with pytest.raises(Refused, match="not a match"):
        setup_from_json(sent, "play-the-ranks", match=True)
    with pytest.raises(Refused, match="another game"):
        setup_from_json(setup_json(setup), "border-up")
    with pytest.raises(Refused, match="not readable"):
        setup_from_json({"game": "border-up"}, "border-up")
    assert guest_seats(new_engine()) == frozenset({1})


def test_the_guest_clock_is_the_hosts_moved_by_the_offset() -> None:
    from cardroom.web.kit.logic import TableClock  # noqa: PLC0415
    from cardroom.web.link.logic import guest_clock  # noqa: PLC0415

    host = TableClock(10_000.0, 500.0, None)
    mine = guest_clock(host.to_json(), 2_000.0)  # the host's clock reads 2 s more
    assert mine is not None
    assert mine.now(30_000.0 - 2_000.0) == host.now(30_000.0)
    paused = guest_clock(host.pause(20_000.0).to_json(), -300.0)
    assert paused is not None and paused.paused
    assert paused.now(99_999.0) == host.pause(20_000.0).now(0.0)
    assert guest_clock({"t0": "x"}, 0.0) is None


def test_the_pairing_panels_name_their_parts() -> None:
    from cardroom.web.link import logic as ll  # noqa: PLC0415

    code = pack_sdp((FIXTURES / "chromium-1-offer.sdp").read_text())
    host = ll.host_html(code)
    assert f'data-code="{code}"' in host and 'for="link-answer"' in host
    assert 'id="link-answer"' in host and 'data-link="connect"' in host
    join = ll.join_html()
    assert 'for="link-offer"' in join and 'data-link="scan"' in join
    assert 'data-copy="link-answer-code"' in ll.answer_html(code)
    assert 'data-link-state="connected"' in ll.bar_html("guest") and "Joined" in ll.bar_html("")

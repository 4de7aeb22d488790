"""Two devices, one game, no server: the link protocol (plain Python, standard library only).

A WebRTC data channel joins two browsers; this module is everything that travels on it
and everything that is decided about it, with no browser in sight (tested on CPython):

* :func:`pack_sdp` / :func:`unpack_sdp` -- an offer or answer cut down to what a data
  channel needs (ICE ufrag and pwd, the DTLS fingerprint, the setup role, the host
  candidates), packed in binary and written in Crockford base32, so the pairing QR code
  stays small and the code can be typed; :class:`BadCode` says what is wrong with a code;
* :class:`HostSession` -- the device that holds the authoritative engine: it validates
  every message (:func:`parse_message`), binds the guest to its own seats (R-177),
  applies each move exactly once (sequence numbers and acknowledgements, R-178), answers
  clock pings and sends the guest **only its own view** (R-179);
* :class:`GuestSession` -- the other device: numbered moves kept until acknowledged and
  sent again after a reconnect, views applied in order, the clock offset estimated from
  ping exchanges (:class:`ClockSync`, R-180);
* the ``match`` message -- a whole match's public state, from the host to the guest
  between a game's messages (:meth:`HostSession.match`; the guest reads it with its
  ``check_match``, R-194);
* :class:`GuestEngine` -- the kit's engine client (``view``, ``legal``, ``submit``,
  ``advance``, ``next_due``, ``on``) over a :class:`GuestSession`, so a game's screen runs
  unchanged on the guest.

Refused messages go to a bounded :class:`RefusalLog` and never raise out of either side.
See ``docs/link.md``.
"""

from __future__ import annotations

import ipaddress
import json
import random
import struct
import uuid
import zlib
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardroom.core import REFEREE, GameError, Move

__all__ = [
    "MAX_GUEST_MESSAGE",
    "MAX_HOST_MESSAGE",
    "PROTOCOL",
    "BadCode",
    "ClockSync",
    "GuestEngine",
    "GuestSession",
    "HostSession",
    "Refused",
    "RefusalLog",
    "pack_sdp",
    "parse_message",
    "unpack_sdp",
]

#: the protocol's version: every message carries it as ``"v"``
PROTOCOL = 1
#: the longest message a host reads from a guest (a move, a ping, a hello): characters
MAX_GUEST_MESSAGE = 16_000
#: the longest message a guest reads from the host (views of a whole table)
MAX_HOST_MESSAGE = 1_000_000
#: a move may be timed this far ahead of the host's table clock (ms), like
#: ``cardroom.core.Table``'s skew bound: a remote device cannot push time forward
SKEW_MS = 2000
#: how many refusals a log keeps
LOG_SIZE = 64
#: how many acknowledgements the host remembers, to answer a replayed move again
ACK_MEMORY = 64

_ID_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"


class Refused(ValueError):
    """A message that is not accepted: ``reason`` is a sentence for the log."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class RefusalLog:
    """The last :data:`LOG_SIZE` refused messages: when, why and the start of the text."""

    size: int = LOG_SIZE
    entries: deque[dict[str, Any]] = field(default_factory=deque)
    total: int = 0

    def add(self, reason: str, text: Any, at: float = 0.0) -> None:
        sample = text if isinstance(text, str) else repr(text)
        self.entries.append({"at": at, "reason": reason, "sample": sample[:120]})
        self.total += 1
        while len(self.entries) > self.size:
            self.entries.popleft()

    def reasons(self) -> list[str]:
        return [e["reason"] for e in self.entries]


# ====================================================================== messages

#: the fields each message type may carry besides v, t and sid, with their checks
_INT = "int"
_STR = "str"
_ANY = "any"
_FIELDS: dict[str, dict[str, str]] = {
    # guest -> host
    "hello": {"last": _INT},
    "move": {"seq": _INT, "move": _ANY},
    "ping": {"id": _INT, "t0": "num"},
    "pause": {"on": "bool"},
    # host -> guest
    "welcome": {"seats": _ANY, "setup": _ANY, "applied": _INT},
    "ack": {"seq": _INT, "ok": "bool", "reason": _STR, "move": _ANY},
    "resend": {"from": _INT},
    "view": {"vseq": _INT, "state": _ANY},
    "pong": {"id": _INT, "t0": "num", "t1": "num", "t2": "num"},
    "bye": {"reason": _STR},
    "match": {"mseq": _INT, "state": _ANY},
}
_REQUIRED: dict[str, set[str]] = {
    "hello": {"last"},
    "move": {"seq", "move"},
    "ping": {"id", "t0"},
    "pause": {"on"},
    "welcome": {"seats", "setup", "applied"},
    "ack": {"seq", "ok"},
    "resend": {"from"},
    "view": {"vseq", "state"},
    "pong": {"id", "t0", "t1", "t2"},
    "bye": set(),
    "match": {"mseq", "state"},
}
GUEST_TYPES = frozenset({"hello", "move", "ping", "pause"})
HOST_TYPES = frozenset({"welcome", "ack", "resend", "view", "pong", "bye", "match"})
_BIG = 2**53


def _check(kind: str, value: Any) -> bool:
    if kind == _INT:
        return type(value) is int and 0 <= value <= _BIG
    if kind == "num":
        return type(value) in (int, float) and abs(value) <= _BIG and value == value
    if kind == "bool":
        return type(value) is bool
    if kind == _STR:
        return isinstance(value, str) and len(value) <= 400
    return True


def parse_message(text: Any, allowed: frozenset[str], cap: int) -> dict[str, Any]:
    """The message in ``text`` if it is well formed: a JSON object of at most ``cap``
    characters with this protocol's version, a type in ``allowed``, a session id and the
    fields of its type (and no others), each of the right type. Raises :class:`Refused`."""
    if not isinstance(text, str):
        raise Refused("a message is text")
    if len(text) > cap:
        raise Refused(f"the message is too long ({len(text)} characters, at most {cap})")
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused("the message is not JSON") from None
    if not isinstance(obj, dict):
        raise Refused("a message is a JSON object")
    if obj.get("v") != PROTOCOL or type(obj.get("v")) is not int:
        raise Refused(f"the message is not of protocol version {PROTOCOL}")
    kind = obj.get("t")
    if not isinstance(kind, str) or kind not in allowed:
        raise Refused(f"“{str(kind)[:40]}” is not a message this side reads")
    sid = obj.get("sid")
    if not isinstance(sid, str) or not (1 <= len(sid) <= 32):
        raise Refused("the message has no session id")
    fields = _FIELDS[kind]
    extra = set(obj) - {"v", "t", "sid"} - set(fields)
    if extra:
        raise Refused(f"unknown fields in a {kind} message: {sorted(map(str, extra))[:5]}")
    missing = _REQUIRED[kind] - set(obj)
    if missing:
        raise Refused(f"a {kind} message needs {sorted(missing)}")
    for name, check in fields.items():
        if name in obj and not _check(check, obj[name]):
            raise Refused(f"the {name} of a {kind} message is not valid")
    return obj


def _dump(kind: str, sid: str, **fields: Any) -> str:
    return json.dumps({"v": PROTOCOL, "t": kind, "sid": sid, **fields}, separators=(",", ":"))


def new_session_id(rng: random.Random | None = None) -> str:
    r = rng or random.SystemRandom()
    return "".join(r.choice(_ID_CHARS) for _ in range(12))


# ====================================================================== clock offset


@dataclass
class ClockSync:
    """NTP-style estimate of ``host clock - guest clock`` from ping/pong exchanges (R-180).

    Each exchange gives the guest's send and receive times ``t0``, ``t3`` and the host's
    receive and send times ``t1``, ``t2``: offset ``((t1 - t0) + (t2 - t3)) / 2``, round
    trip ``(t3 - t0) - (t2 - t1)``. The true offset lies within ``offset ± rtt / 2`` of
    any sample (the two legs' delays differ by at most their sum), and queueing only ever
    adds delay, so the fastest round trip is the truest: the estimate is the offset of the
    fastest of the last ``window`` samples (the latest of equals), and its error is at most
    half that round trip. (A median of the few fastest samples' offsets is not bounded so:
    a slower sample's offset can be off by up to half its own round trip.)"""

    window: int = 32
    samples: deque[tuple[float, float]] = field(default_factory=deque)

    def add(self, t0: float, t1: float, t2: float, t3: float) -> None:
        rtt = (t3 - t0) - (t2 - t1)
        if rtt < 0 or t3 < t0:
            return  # impossible timings (a clock jumped): not a sample
        self.samples.append((rtt, ((t1 - t0) + (t2 - t3)) / 2))
        while len(self.samples) > self.window:
            self.samples.popleft()

    @property
    def ready(self) -> bool:
        return bool(self.samples)

    def _fastest(self) -> tuple[float, float] | None:
        # newest first: min() keeps the first of equal round trips, so the latest
        return min(reversed(self.samples), key=lambda s: s[0], default=None)

    @property
    def offset(self) -> float:
        """The estimate of ``host clock - guest clock`` (ms); 0 before any sample."""
        best = self._fastest()
        return best[1] if best else 0.0

    @property
    def error(self) -> float:
        """Half the fastest round trip: the bound of the estimate's error (ms)."""
        best = self._fastest()
        return best[0] / 2 if best else float("inf")

    def to_host(self, guest_time: float) -> float:
        return guest_time + self.offset


# ====================================================================== the host


@dataclass
class HostSession:
    """The authoritative side: the engine (:class:`cardroom.web.kit.logic.LocalEngine`
    or anything with its methods) and one guest device playing ``guest_seats``.

    :meth:`receive` takes one message from the guest and returns the messages to send
    back; :meth:`update` is the view to send after any change (the host's own moves,
    the clock). ``now`` is the host's table time (ms) and ``wall`` its wall clock (ms,
    the one pings compare)."""

    engine: Any
    guest_seats: frozenset[int]
    setup: dict[str, Any] = field(default_factory=dict)
    sid: str = field(default_factory=new_session_id)
    applied: int = 0
    acks: dict[int, dict[str, Any]] = field(default_factory=dict)
    vseq: int = 0
    skew_ms: int = SKEW_MS
    log: RefusalLog = field(default_factory=RefusalLog)
    on_pause: Callable[[bool], None] | None = None
    clock_state: Callable[[], Any] | None = None
    mseq: int = 0

    # ------------------------------------------------------------ saving

    def to_json(self) -> dict[str, Any]:
        return {
            "sid": self.sid,
            "seats": sorted(self.guest_seats),
            "applied": self.applied,
            "acks": {str(k): v for k, v in self.acks.items()},
        }

    @classmethod
    def from_json(cls, engine: Any, obj: Any, setup: dict[str, Any] | None = None) -> HostSession:
        """A host session from its save (a host reload resumes; :class:`Refused` when the
        save cannot be read)."""
        try:
            sid, seats, applied, acks = obj["sid"], obj["seats"], obj["applied"], obj["acks"]
            ok = (
                isinstance(sid, str)
                and 1 <= len(sid) <= 32
                and isinstance(seats, list)
                and all(type(s) is int and 0 <= s < 64 for s in seats)
                and type(applied) is int
                and applied >= 0
                and isinstance(acks, dict)
                and all(isinstance(v, dict) for v in acks.values())
            )
            if not ok:
                raise TypeError
            kept = {int(k): dict(v) for k, v in acks.items()}
        except (KeyError, TypeError, ValueError):
            raise Refused("the saved link is not readable") from None
        return cls(engine, frozenset(seats), dict(setup or {}), sid, applied, kept)

    # ------------------------------------------------------------ messages

    def welcome(self) -> str:
        return _dump(
            "welcome",
            self.sid,
            seats=sorted(self.guest_seats),
            setup=self.setup,
            applied=self.applied,
        )

    def bye(self, reason: str) -> str:
        """The host's page is going (a reload): the guest says the host is reconnecting."""
        return _dump("bye", self.sid, reason=reason[:200])

    def match(self, state: Mapping[str, Any]) -> str:
        """A whole match's public state (R-194): its stage, points, games played and what
        is up, never a card or a secret pick (``cardroom.web.link.match_logic``)."""
        self.mseq += 1
        return _dump("match", self.sid, mseq=self.mseq, state=dict(state))

    def update(self, now: int) -> str:
        """The guest's view now: its own seats' views and legal moves, the public view,
        the table clock and the moves it may know (R-179)."""
        self.vseq += 1
        return _dump("view", self.sid, vseq=self.vseq, state=guest_state(self, now))

    def receive(self, text: Any, now: int, wall: float) -> list[str]:
        """Handle one message from the guest; never raises (refusals are logged)."""
        try:
            msg = parse_message(text, GUEST_TYPES, MAX_GUEST_MESSAGE)
            return self._handle(msg, now, wall)
        except Refused as exc:
            self.log.add(exc.reason, text, wall)
            return []
        except Exception as exc:  # noqa: BLE001 - a hostile message never crashes the host
            self.log.add(f"the message could not be handled ({type(exc).__name__})", text, wall)
            return []

    def _handle(self, msg: dict[str, Any], now: int, wall: float) -> list[str]:
        kind = msg["t"]
        if kind == "hello":  # a (re)connection: say who it is and where the moves stand
            self.vseq = max(self.vseq, msg["last"])
            return [self.welcome(), self.update(now)]
        if msg["sid"] != self.sid:
            raise Refused("the message belongs to another session")
        if kind == "ping":
            return [_dump("pong", self.sid, id=msg["id"], t0=msg["t0"], t1=wall, t2=wall)]
        if kind == "pause":
            if self.on_pause is not None:
                self.on_pause(bool(msg["on"]))
            return []
        seq = msg["seq"]
        if seq == 0:
            raise Refused("move numbers start at 1")
        if seq <= self.applied:  # a replay: the same answer again, never applied twice
            old = self.acks.get(seq)
            if old is None:
                raise Refused(f"move {seq} was handled long ago")
            self.log.add(f"move {seq} again: answered again, not applied", "", wall)
            return [_dump("ack", self.sid, **old)]
        if seq > self.applied + 1:  # a gap: ask for the missing ones first
            self.log.add(f"move {seq} came before move {self.applied + 1}", "", wall)
            return [_dump("resend", self.sid, **{"from": self.applied + 1})]
        ack = self._apply(seq, msg["move"], now, wall)
        self.applied = seq
        self.acks[seq] = ack
        for old_seq in [k for k in self.acks if k <= seq - ACK_MEMORY]:
            del self.acks[old_seq]
        return [_dump("ack", self.sid, **ack), self.update(now)]

    def _apply(self, seq: int, raw: Any, now: int, wall: float) -> dict[str, Any]:
        """Apply move ``seq`` (once); the acknowledgement says whether the engine took it."""
        try:
            move = Move.from_json(raw)
        except GameError as exc:
            return self._refuse(seq, f"malformed move: {exc}", raw, wall)
        if move.seat not in self.guest_seats:  # a forged seat
            return self._refuse(seq, f"seat {move.seat} is not this device's", raw, wall)
        at = now if move.at is None else move.at
        if at > now + self.skew_ms:  # a guest cannot push the clock forward
            return self._refuse(seq, f"timed {at - now} ms ahead of the table's clock", raw, wall)
        at = min(at, now)  # never in the host's future: the clock is the host's
        try:
            applied = self.engine.submit(move.with_time(None).to_json(), max(0, at))
        except Exception as exc:  # noqa: BLE001 - EngineRefused, or the engine's own error
            reason = getattr(exc, "reason", None) or str(exc) or type(exc).__name__
            return {"seq": seq, "ok": False, "reason": str(reason)[:400]}
        return {"seq": seq, "ok": True, "move": applied}

    def _refuse(self, seq: int, reason: str, raw: Any, wall: float) -> dict[str, Any]:
        self.log.add(f"move {seq} refused: {reason}", json.dumps(raw)[:200], wall)
        return {"seq": seq, "ok": False, "reason": reason[:400]}


def visible_move(
    move: Mapping[str, Any], seats: Iterable[int], public: Iterable[str] = ()
) -> dict[str, Any]:
    """A move as a device playing ``seats`` may know it: its own, the table clock's and a
    move of a ``public`` kind (the game's ``public_moves``: R-198) in full, another seat's
    without its data (a discard, a hidden card: R-179)."""
    if move.get("seat") in set(seats) or move.get("seat") == REFEREE:
        return dict(move)
    if move.get("kind") in set(public):
        return dict(move)
    return {k: v for k, v in move.items() if k != "data"} | {"hidden": True}


def guest_state(host: HostSession, now: int) -> dict[str, Any]:
    e = host.engine
    seats = sorted(host.guest_seats)
    public: frozenset[str] = getattr(getattr(e, "game", None), "public_moves", frozenset())
    return {
        "now": now,
        "clock": host.clock_state() if host.clock_state is not None else None,
        "over": bool(e.over),
        "views": {str(s): e.view(s) for s in seats},
        "legal": {str(s): e.legal(s) for s in seats},
        "public": e.view(REFEREE),
        "moves": [visible_move(m, seats, public) for m in e.moves],
        "applied": host.applied,
    }


# ====================================================================== the guest


@dataclass
class GuestSession:
    """The guest's side of the link: numbered moves kept until the host acknowledges
    them (sent again after a reconnect), the latest view, the clock offset."""

    sid: str = ""
    seq: int = 0
    pending: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    state: dict[str, Any] | None = None
    vseq: int = 0
    seats: tuple[int, ...] = ()
    setup: dict[str, Any] | None = None
    sync: ClockSync = field(default_factory=ClockSync)
    log: RefusalLog = field(default_factory=RefusalLog)
    pings: dict[int, float] = field(default_factory=dict)
    ping_id: int = 0
    #: a whole match (R-194): the host's last match state, as ``check_match`` read it
    match: Any = None
    mseq: int = 0
    check_match: Callable[[Any], Any] | None = None
    #: the host's welcome came on this channel (since the last :meth:`hello`)
    welcomed: bool = False
    _hello_sid: str = "-"

    def to_json(self) -> dict[str, Any]:
        return {"sid": self.sid, "seq": self.seq, "pending": [[s, m] for s, m in self.pending]}

    @classmethod
    def from_json(cls, obj: Any) -> GuestSession:
        try:
            g = cls(str(obj["sid"]), int(obj["seq"]))
            g.pending = [(int(s), dict(m)) for s, m in obj["pending"]]
        except (KeyError, TypeError, ValueError):
            return cls()
        return g

    def hello(self) -> str:
        """The first message on a (new) channel."""
        self.welcomed = False
        self._hello_sid = self.sid or "-"
        return _dump("hello", self._hello_sid, last=self.vseq)

    def beat(self, wall: float) -> list[str]:
        """What the guest sends when a channel opens and every second after: ``hello``
        until the host's welcome comes on this channel (a message sent the moment a
        channel opens can be lost while the host's page starts), then a ``ping``. No ping
        goes before the welcome: it would carry no session id (the first pairing) or an
        old one (the host started afresh), and the host would refuse it as hostile."""
        if not self.welcomed:
            return [self.hello()]
        return [self.ping(wall)]

    def send_move(self, move: dict[str, Any]) -> str:
        self.seq += 1
        self.pending.append((self.seq, dict(move)))
        return self._move_text(self.seq, move)

    def _move_text(self, seq: int, move: dict[str, Any]) -> str:
        return _dump("move", self.sid, seq=seq, move=move)

    def ping(self, wall: float) -> str:
        self.ping_id += 1
        self.pings[self.ping_id] = wall
        for old in [k for k in self.pings if k < self.ping_id - 16]:
            del self.pings[old]
        return _dump("ping", self.sid, id=self.ping_id, t0=wall)

    def pause(self, on: bool) -> str:
        return _dump("pause", self.sid, on=on)

    def receive(self, text: Any, wall: float) -> tuple[list[str], list[dict[str, Any]]]:
        """Handle one message from the host: (messages to send back, what happened:
        ``{"t": "welcome"|"view"|"ack"|"refused", ...}``). Never raises."""
        try:
            msg = parse_message(text, HOST_TYPES, MAX_HOST_MESSAGE)
            return self._handle(msg, wall)
        except Refused as exc:
            self.log.add(exc.reason, text, wall)
        except Exception as exc:  # noqa: BLE001 - a hostile message never crashes the guest
            self.log.add(f"the message could not be handled ({type(exc).__name__})", text, wall)
        return [], []

    def _handle(self, msg: dict[str, Any], wall: float) -> tuple[list[str], list[dict[str, Any]]]:
        kind = msg["t"]
        if kind == "welcome":
            seats = msg["seats"]
            if not isinstance(seats, list) or not all(type(s) is int for s in seats):
                raise Refused("the welcome names no seats")
            if self.sid and msg["sid"] != self.sid:
                # another game (the host started afresh): moves meant for the old one go
                self.pending = []
                self.seq = 0
                self.state, self.vseq = None, 0
            self.sid = msg["sid"]
            self.vseq = 0  # a new channel: its views are numbered afresh
            self.mseq = 0  # and its match states
            self.welcomed = True
            self.seats = tuple(seats)
            self.setup = msg["setup"] if isinstance(msg["setup"], dict) else None
            applied = msg["applied"]
            self.seq = max(self.seq, applied)
            self.pending = [(s, m) for s, m in self.pending if s > applied]
            out = [self._move_text(s, m) for s, m in self.pending]  # sent again
            return out, [{"t": "welcome", "seats": self.seats, "setup": self.setup}]
        if msg["sid"] != self.sid:
            raise Refused("the message belongs to another session")
        if kind == "view":
            if msg["vseq"] <= self.vseq:
                return [], []  # an older view arrived late
            state = msg["state"]
            if not isinstance(state, dict) or not isinstance(state.get("views"), dict):
                raise Refused("the view is not readable")
            self.state, self.vseq = state, msg["vseq"]
            return [], [{"t": "view"}]
        if kind == "ack":
            seq = msg["seq"]
            known = any(s == seq for s, _ in self.pending)
            self.pending = [(s, m) for s, m in self.pending if s > seq]
            if not known:
                return [], []
            if msg["ok"]:
                return [], [{"t": "ack", "seq": seq, "move": msg.get("move")}]
            return [], [{"t": "refused", "seq": seq, "reason": msg.get("reason", "")}]
        if kind == "resend":
            start = msg["from"]
            return [self._move_text(s, m) for s, m in self.pending if s >= start], []
        if kind == "match":
            if msg["mseq"] <= self.mseq:
                return [], []  # an older match state arrived late
            state = msg["state"]
            if not isinstance(state, dict):
                raise Refused("the match state is not readable")
            read = self.check_match(state) if self.check_match is not None else state
            self.match, self.mseq = read, msg["mseq"]
            return [], [{"t": "match"}]
        if kind == "pong":
            t0 = self.pings.pop(msg["id"], None)
            if t0 is None or t0 != msg["t0"]:
                raise Refused("a pong for no ping")
            self.sync.add(t0, msg["t1"], msg["t2"], wall)
            return [], [{"t": "pong"}]
        return [], [{"t": "bye", "reason": msg.get("reason", "")}]


class _Refusal(Exception):
    """Raised by :meth:`GuestEngine.submit` like the kit's ``EngineRefused``."""


@dataclass
class GuestEngine:
    """The kit's engine client on the guest: the same calls as ``LocalEngine``, answered
    from the host's last view; moves go to the host (``send``) and come back applied.

    The host drives the table clock and any computer seats, so :meth:`advance` does
    nothing here and :meth:`next_due` is None: the screen redraws when a view arrives.
    ``refused(reason, kind)`` builds the exception a refused move raises (the kit's
    ``EngineRefused``)."""

    session: GuestSession
    send: Callable[[str], None]
    refused: Callable[[str, str], Exception] = lambda reason, kind: _Refusal(reason)
    bots: dict[int, Any] = field(default_factory=dict)
    planned: dict[int, Any] = field(default_factory=dict)
    _listeners: list[Callable[[dict[str, Any]], None]] = field(default_factory=list)
    _seen: int = 0
    _over_told: bool = False

    @property
    def seat(self) -> int:
        return self.session.seats[0] if self.session.seats else 0

    @property
    def _state(self) -> dict[str, Any]:
        return self.session.state or {}

    def view(self, seat: int) -> dict[str, Any]:
        views = self._state.get("views") or {}
        v = views.get(str(seat))
        return v if v is not None else (self._state.get("public") or {})

    def legal(self, seat: int) -> list[str]:
        return list((self._state.get("legal") or {}).get(str(seat)) or [])

    @property
    def over(self) -> bool:
        return bool(self._state.get("over"))

    @property
    def moves(self) -> list[dict[str, Any]]:
        return list(self._state.get("moves") or [])

    @property
    def state(self) -> None:
        return None

    def next_due(self) -> int | None:
        return None

    def clock_due(self) -> None:
        return None

    def advance(self, now: int) -> list[dict[str, Any]]:
        return []

    def on(self, listener: Callable[[dict[str, Any]], None]) -> None:
        self._listeners.append(listener)

    def replay(self, moves: Any) -> None:
        """Nothing to replay: the host's view is the state."""

    def submit(self, move_json: Mapping[str, Any], now: int) -> dict[str, Any]:
        """Send a move, timed at ``now`` on the table's clock (the host's, as this device
        estimates it). Refused at once if it is not this device's seat or not one of the
        kinds it may play now; the host has the last word."""
        move = dict(move_json)
        seat = move.get("seat")
        if seat not in self.session.seats:
            raise self.refused(f"seat {seat} plays on the other device", "IllegalMove")
        legal = self.legal(int(seat))
        # "move": a move space the host cannot list (a State IQ guess): the host decides
        if str(move.get("kind")) not in legal and legal != ["move"]:
            raise self.refused("that is not a move you can make now", "IllegalMove")
        if self.over:
            raise self.refused("the game is over", "IllegalMove")
        move["at"] = max(0, int(now))
        self.send(self.session.send_move(move))
        return move

    def changed(self) -> None:
        """A new view arrived: tell the listeners about the moves it brought."""
        moves = self.moves
        if len(moves) < self._seen:
            self._seen = 0
        for m in moves[self._seen :]:
            if not m.get("hidden"):
                for listener in list(self._listeners):
                    listener({"type": "move", "move": m})
        self._seen = len(moves)
        if self.over and not self._over_told:
            self._over_told = True
            for listener in list(self._listeners):
                listener({"type": "over"})


# ====================================================================== SDP packing

_B32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32: no I, L, O, U
_B32_READ = {c: i for i, c in enumerate(_B32)} | {"O": 0, "I": 1, "L": 1}
_SETUP = ("actpass", "active", "passive")
_CODE_VERSION = 1


class BadCode(ValueError):
    """A pairing code that cannot be read: the message is a sentence for the player."""


def _b32(data: bytes) -> str:
    bits = int.from_bytes(data, "big")
    n = (len(data) * 8 + 4) // 5
    bits <<= n * 5 - len(data) * 8
    return "".join(_B32[(bits >> (5 * (n - 1 - i))) & 31] for i in range(n))


def _unb32(text: str) -> bytes:
    value, n = 0, 0
    for ch in text:
        if ch not in _B32_READ:
            raise BadCode(f"“{ch}” is not a letter or digit of a pairing code.")
        value = (value << 5) | _B32_READ[ch]
        n += 1
    nbytes = n * 5 // 8
    spare = n * 5 - nbytes * 8
    if spare >= 5 or value & ((1 << spare) - 1):
        raise BadCode("The code has a typo somewhere: check it letter by letter.")
    value >>= spare
    return value.to_bytes(nbytes, "big")


def _sdp_lines(sdp: str) -> list[str]:
    return [ln.strip() for ln in sdp.replace("\r\n", "\n").split("\n") if ln.strip()]


def pack_sdp(sdp: str) -> str:
    """An offer or answer as a short code: the ICE ufrag and pwd, the sha-256
    fingerprint, the setup role and the UDP host candidates (IPv4, IPv6 or mDNS names),
    with a checksum, in Crockford base32. Raises :class:`BadCode` for an SDP that has not
    got them."""
    ufrag = pwd = fp = None
    setup = "actpass"
    cands: list[tuple[str, int]] = []
    for ln in _sdp_lines(sdp):
        if ln.startswith("a=ice-ufrag:"):
            ufrag = ln.split(":", 1)[1]
        elif ln.startswith("a=ice-pwd:"):
            pwd = ln.split(":", 1)[1]
        elif ln.startswith("a=fingerprint:"):
            algo, _, hexes = ln.split(":", 1)[1].partition(" ")
            if algo.lower() != "sha-256":
                raise BadCode(f"only sha-256 fingerprints are packed, not {algo}")
            fp = bytes.fromhex(hexes.replace(":", ""))
        elif ln.startswith("a=setup:"):
            setup = ln.split(":", 1)[1]
        elif ln.startswith("a=candidate:"):
            parts = ln.split()
            host_udp = len(parts) >= 8 and parts[2].lower() == "udp" and parts[7] == "host"
            if host_udp and parts[1] == "1" and (parts[4], int(parts[5])) not in cands:
                cands.append((parts[4], int(parts[5])))
    if not ufrag or not pwd or fp is None or len(fp) != 32 or setup not in _SETUP:
        raise BadCode("the description has no ICE credentials or fingerprint")
    if not cands:
        raise BadCode("the description has no host candidate (is the device on a network?)")
    out = bytearray([(_CODE_VERSION << 4) | _SETUP.index(setup)])
    for text in (ufrag, pwd):
        raw = text.encode("ascii")
        if not 1 <= len(raw) <= 255:
            raise BadCode("the ICE credentials are too long")
        out += bytes([len(raw)]) + raw
    out += fp
    out.append(min(len(cands), 15))
    for addr, port in cands[:15]:
        out += _pack_addr(addr) + struct.pack(">H", port)
    out += struct.pack(">H", zlib.crc32(bytes(out)) & 0xFFFF)
    return _b32(bytes(out))


def _pack_addr(addr: str) -> bytes:
    if addr.endswith(".local"):
        try:
            return b"\x02" + uuid.UUID(addr[: -len(".local")]).bytes
        except ValueError:
            pass
    try:
        ip = ipaddress.ip_address(addr)
        return (b"\x00" if ip.version == 4 else b"\x01") + ip.packed
    except ValueError:
        raw = addr.encode("ascii", "replace")[:255]
        return b"\x03" + bytes([len(raw)]) + raw


def _read(data: bytes, at: int, n: int) -> tuple[bytes, int]:
    if at + n > len(data):
        raise BadCode("the code is too short: part of it is missing.")
    return data[at : at + n], at + n


def unpack_sdp(code: str, kind: str) -> str:
    """A valid data-channel SDP (``kind``: "offer" or "answer") from a code made by
    :func:`pack_sdp`. Spaces, dashes and case do not matter; O reads as 0, I and L as 1.
    Raises :class:`BadCode` with a sentence that says what is wrong."""
    clean = "".join(ch for ch in code.upper() if ch not in " -\n\r\t")
    if not clean:
        raise BadCode("The code is empty.")
    if len(clean) > 1200:
        raise BadCode("That is too long for a pairing code.")
    if len(clean) * 5 // 8 < 40:
        raise BadCode("The code is too short: part of it is missing.")
    data = _unb32(clean)
    body, crc = data[:-2], data[-2:]
    if struct.pack(">H", zlib.crc32(body) & 0xFFFF) != crc:
        raise BadCode("The code has a typo somewhere: check it letter by letter.")
    head = body[0]
    if head >> 4 != _CODE_VERSION or (head & 15) >= len(_SETUP):
        raise BadCode("This code comes from another version of cardroom.")
    setup = _SETUP[head & 15]
    at = 1
    creds = []
    for _ in range(2):
        n, at = _read(body, at, 1)
        raw, at = _read(body, at, n[0])
        creds.append(raw.decode("ascii", "replace"))
    fp, at = _read(body, at, 32)
    count, at = _read(body, at, 1)
    cands = []
    for _ in range(count[0]):
        tag, at = _read(body, at, 1)
        if tag[0] in (0, 1, 2):
            raw, at = _read(body, at, (4, 16, 16)[tag[0]])
            addr = (
                str(uuid.UUID(bytes=raw)) + ".local"
                if tag[0] == 2
                else str(ipaddress.ip_address(raw))
            )
        elif tag[0] == 3:
            n, at = _read(body, at, 1)
            addr = _read(body, at, n[0])[0].decode("ascii", "replace")
            at += n[0]
        else:
            raise BadCode("The code is not readable.")
        port_raw, at = _read(body, at, 2)
        cands.append((addr, struct.unpack(">H", port_raw)[0]))
    if at != len(body) or not cands:
        raise BadCode("The code is not readable.")
    if kind == "offer" and setup != "actpass":
        raise BadCode("That is an answer code: the host needs it, not this device.")
    if kind == "answer" and setup == "actpass":
        raise BadCode("That is an offer code: the joining device needs it, not the host.")
    ufrag, pwd = creds
    fingerprint = ":".join(f"{b:02X}" for b in fp)
    lines = [
        "v=0",
        f"o=- {zlib.crc32(body) + 1} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        "a=group:BUNDLE 0",
        "a=msid-semantic: WMS",
        f"m=application {cands[0][1]} UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
    ]
    for i, (addr, port) in enumerate(cands):
        prio = (126 << 24) | ((65535 - i) << 8) | 255
        lines.append(f"a=candidate:{i + 1} 1 udp {prio} {addr} {port} typ host generation 0")
    lines += [
        f"a=ice-ufrag:{ufrag}",
        f"a=ice-pwd:{pwd}",
        "a=ice-options:trickle",
        f"a=fingerprint:sha-256 {fingerprint}",
        f"a=setup:{setup}",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=max-message-size:262144",
    ]
    return "\r\n".join(lines) + "\r\n"


def group_code(code: str, size: int = 4) -> str:
    """A code in groups of ``size`` for reading aloud and typing (dashes are ignored)."""
    return "-".join(code[i : i + size] for i in range(0, len(code), size))

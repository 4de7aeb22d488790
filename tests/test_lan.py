"""``serve.sh --lan``: the address the other devices open, and its QR code in the terminal."""

from __future__ import annotations

import ipaddress

import pytest

lan = pytest.importorskip("sitebuild.lan")


def test_banner_names_the_address_and_draws_its_code() -> None:
    segno = pytest.importorskip("segno")
    out = lan.lan_banner(8123, "192.168.4.20")
    assert "open http://192.168.4.20:8123/" in out
    assert "http://127.0.0.1:8123/" in out
    blocks = [line for line in out.splitlines() if line and set(line) <= set("█▀▄ ")]
    # compact terminal drawing: two rows of modules a line, a quiet zone of 2 modules
    size = segno.make("http://192.168.4.20:8123/", error="m", micro=False).symbol_size(border=2)[0]
    assert len(blocks) == (size + 1) // 2
    assert all(len(line) == size for line in blocks)


def test_no_network_is_said_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lan, "lan_address", lambda: None)
    out = lan.lan_banner(8000)
    assert out.startswith("No local network address found")
    assert "http://127.0.0.1:8000/" in out


def test_lan_address_is_a_private_unicast_address_or_none() -> None:
    addr = lan.lan_address()
    if addr is not None:
        ip = ipaddress.ip_address(addr)
        assert ip.is_private and not ip.is_loopback and not ip.is_link_local


def test_build_accepts_lan(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    import build

    seen = {}
    monkeypatch.setattr(build, "serve", lambda out, port, host, **kw: seen.update(host=host))
    monkeypatch.setattr(lan, "lan_address", lambda: "10.1.2.3")
    assert build.main(["--no-build", "--serve", "--lan", "--port", "8765", "--out", "x"]) == 0
    assert seen["host"] == "0.0.0.0"
    assert "open http://10.1.2.3:8765/" in capsys.readouterr().err

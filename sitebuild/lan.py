"""Serving the site to the other devices of a classroom network (``serve.sh --lan``).

The laptop serves on every interface (``0.0.0.0``) and prints the address the others
type, with a QR code of it drawn in the terminal for the tablets' cameras. Plain ``http``
on a LAN address is not a secure context, so on those devices the browser offers no
service worker (no offline copy) and no camera (the pairing codes are typed): see
``docs/link.md``. The laptop itself, on ``127.0.0.1``, keeps both.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket

__all__ = ["lan_address", "lan_banner"]


def lan_address() -> str | None:
    """This machine's address on its local network (the interface of its default route),
    or None when it has none. Nothing is sent: connecting a UDP socket only picks a route."""
    candidates: list[str] = []
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 1))
                candidates.append(s.getsockname()[0])
        except OSError:
            continue
    with contextlib.suppress(OSError):
        candidates.extend(socket.gethostbyname_ex(socket.gethostname())[2])
    for addr in candidates:
        ip = ipaddress.ip_address(addr)
        if ip.is_private and not ip.is_loopback and not ip.is_link_local:
            return addr
    return None


def lan_banner(port: int, address: str | None = None) -> str:
    """What ``serve.sh --lan`` prints: the address for the other devices and its QR code,
    or a sentence saying there is no network to serve on."""
    addr = address if address is not None else lan_address()
    if addr is None:
        return (
            "No local network address found: connect this machine to the classroom's "
            f"network. The site is still served at http://127.0.0.1:{port}/ on this machine."
        )
    from cardroom import qr  # noqa: PLC0415

    url = f"http://{addr}:{port}/"
    return "\n".join(
        [
            f"Other devices on this network: open {url}",
            "(or scan this code with a tablet's camera)",
            qr.terminal(url).rstrip("\n"),
            "Over the network the site runs without an offline copy or a camera:",
            f"two devices pair by typing the codes. This machine: http://127.0.0.1:{port}/",
        ]
    )

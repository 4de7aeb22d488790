"""The offline guarantee, checked on the built tree: nothing fetches from another host."""

from __future__ import annotations

import re
from pathlib import Path

FETCHABLE_RE = re.compile(
    rb"""(?:\b(?:src|href|action|poster|data|srcset)\s*=\s*["']\s*(?:https?:)?//"""
    rb"""|url\(\s*["']?\s*(?:https?:)?//|@import\s+["']?(?:https?:)?//)""",
    re.I,
)
URL_HOST_RE = re.compile(rb"https?://([A-Za-z0-9.-]+)")
#: Hosts named in the vendored JavaScript, and why none of them is ever contacted. A
#: host missing from this table fails the build until someone checks the new code path.
KNOWN_UNUSED_HOSTS = {
    "cdn.jsdelivr.net": "Pyodide/PyScript defaults, used only when no local interpreter or "
    "package base is set; the site sets the interpreter and never loads packages by name",
    "micropython.org": "MicroPython's mip installer (type=mpy only)",
    "raw.githubusercontent.com": "MicroPython's mip installer (type=mpy only)",
    "packages.pyscript.net": "text of a PyScript warning",
    "docs.pyscript.net": "text of a PyScript error message",
    "pyscript.github.io": "text of a PyScript warning",
    "github.com": "text of a PyScript error message",
    "developer.mozilla.org": "docstrings of PyScript's pyscript.web elements",
    "en.wikipedia.org": "a comment in jsQR (the pairing QR code reader)",
    "0.0.0.0": "address literals in Emscripten's socket layer and a PyScript dev redirect",
    "www.jsdelivr.com": "a comment in xterm.css (py-terminal, not used)",
    "www.w3.org": "XML namespace names",
}


def audit_remote_refs(root: Path) -> tuple[list[str], dict[str, int]]:
    """(problems, known host counts): markup or CSS that would fetch from another host,
    and hosts named in scripts that are not known to be unused."""
    problems: list[str] = []
    seen: dict[str, int] = {}
    for p in sorted(root.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(root).as_posix()
        data = p.read_bytes()
        if p.suffix in (".html", ".svg", ".css"):
            problems += [f"{rel}: {m.group(0)[:60]!r}" for m in FETCHABLE_RE.finditer(data)]
        if p.suffix == ".webmanifest" and re.search(rb'"(?:https?:)?//', data):
            problems.append(f"{rel}: absolute URL")
        if p.suffix in (".js", ".mjs", ".css"):
            for m in URL_HOST_RE.finditer(data):
                host = m.group(1).decode().rstrip(".")
                if host in KNOWN_UNUSED_HOSTS:
                    seen[host] = seen.get(host, 0) + 1
                else:
                    problems.append(f"{rel}: names unknown host {host}")
    return problems, seen

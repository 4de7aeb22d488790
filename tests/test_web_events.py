"""The web layer binds DOM events through PyScript's Python API (``pyscript.when``, in
``platform.listeners.Listeners``), as docs/architecture.md says. Two places are left on the plain
proxies of ``dom.Bindings``, each for a reason: the atlas, the start path, which must not
import ``pyscript`` (60-100 ms at start-up), and the WebRTC peer and the QR reader's script
tag, which are not page elements."""

from __future__ import annotations

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "py" / "cardroom" / "web"

BINDINGS_ALLOWED = {"platform/dom.py", "atlas/screen.py"}
ADD_LISTENER_ALLOWED = {"platform/dom.py", "link/rtc.py", "link/scan.py"}


def calls(path: Path) -> list[str]:
    """The dotted names of everything ``path`` calls."""
    names = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Call):
            names.append(ast.unparse(node.func))
    return names


def test_screens_bind_through_pyscript_when() -> None:
    modules = sorted(WEB.rglob("*.py"))
    assert len(modules) > 30
    for path in modules:
        found = calls(path)
        name = path.relative_to(WEB).as_posix()
        if name not in BINDINGS_ALLOWED:
            assert not [c for c in found if c.endswith("Bindings")], name
        if name not in ADD_LISTENER_ALLOWED:
            assert not [c for c in found if c.endswith(".addEventListener")], name


def test_the_check_sees_a_plain_binding(tmp_path: Path) -> None:
    bad = tmp_path / "screen.py"
    bad.write_text("b = dom.Bindings()\nnode.addEventListener('click', f)\n", "utf-8")
    assert calls(bad) == ["dom.Bindings", "node.addEventListener"]

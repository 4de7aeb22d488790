"""The engine (``py/cardroom`` outside ``web/``) never imports the web layer
(``cardroom.web``): not at the top of a module, not inside a function, not relatively."""

from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "py" / "cardroom"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PKG.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, text: str | None = None) -> set[str]:
    """Every module ``path`` (or ``text`` as if it were there) imports, anywhere in it,
    as absolute names (``from a import b`` counts ``a`` and ``a.b``: ``b`` may be a
    module)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    source = path.read_text(encoding="utf-8") if text is None else text
    out: set[str] = set()
    for node in ast.walk(ast.parse(source, str(path))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join([*base, *([node.module] if node.module else [])])
            else:
                mod = node.module or ""
            out.add(mod)
            out |= {f"{mod}.{a.name}" for a in node.names}
    return out


def engine_files() -> list[Path]:
    return sorted(p for p in PKG.rglob("*.py") if "web" not in p.relative_to(PKG).parts)


def test_the_scan_sees_every_kind_of_import() -> None:
    """The scanner itself: top-level, function-level and relative imports of web."""
    probe = PKG / "geoplunge" / "probe.py"
    text = "def f():\n    from ..web import kit_logic\nimport cardroom.web.platform.dom\nfrom .. import web\n"
    found = imported_modules(probe, text)
    assert {"cardroom.web", "cardroom.web.kit_logic", "cardroom.web.platform.dom"} <= found
    assert "cardroom.web.pace" in imported_modules(PKG / "cli.py", "from .web import pace\n")


def test_the_engine_never_imports_the_web_layer() -> None:
    files = engine_files()
    assert len(files) > 40 and PKG / "core.py" in files and PKG / "cli.py" in files
    bad = {
        str(p.relative_to(PKG)): sorted(
            m for m in imported_modules(p) if m == "cardroom.web" or m.startswith("cardroom.web.")
        )
        for p in files
    }
    bad = {k: v for k, v in bad.items() if v}
    assert not bad, f"engine modules import cardroom.web: {bad}"

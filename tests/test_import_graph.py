"""No import cycles anywhere in ``py/cardroom`` (issue 40).

The graph counts every ``import`` and ``from ... import`` in a module, wherever it is
written: at module level, under ``if TYPE_CHECKING:`` (a typed back-reference is still a
two-way dependency) and inside functions (a lazy import is still a dependency). Relative
imports are resolved; ``from pkg import mod`` imports ``pkg`` and ``pkg.mod``; importing
``a.b.c`` also runs the ``__init__`` of ``a`` and ``a.b``. A module importing its own
parent package's ``__init__`` (which Python has already run) is not an edge.

Each strongly connected component of more than one module (Tarjan) is a cycle; the test
lists them all.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "py"
PACKAGE = ROOT / "cardroom"


def module_names(root: Path = ROOT, package: Path = PACKAGE) -> dict[str, Path]:
    """Every module under ``package`` by dotted name (a package by its own name)."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def _with_parents(name: str, modules: Mapping[str, Path]) -> Iterator[str]:
    """``name`` (or the longest prefix of it that is a module) and its packages."""
    parts = name.split(".")
    for i in range(1, len(parts) + 1):
        prefix = ".".join(parts[:i])
        if prefix in modules:
            yield prefix


def imports_of(name: str, path: Path, modules: Mapping[str, Path]) -> set[str]:
    """The modules of ``modules`` that ``name`` imports, anywhere in its source."""
    package = name if _is_package(path) else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.update(_with_parents(alias.name, modules))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.update(_with_parents(target, modules))
            for alias in node.names:
                if f"{target}.{alias.name}" in modules:
                    found.add(f"{target}.{alias.name}")
    # a module's own packages have run before it: importing them is not an edge
    own = set(_with_parents(name, modules))
    return found - own


def import_graph(modules: Mapping[str, Path]) -> dict[str, set[str]]:
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in graph:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.append(w)
                        if w == node:
                            break
                    if len(component) > 1:
                        out.append(sorted(component))
    return sorted(out)


def describe(component: list[str], graph: Mapping[str, set[str]]) -> str:
    inside = set(component)
    short = len("cardroom.")
    edges = [f"  {a[short:]} -> {b[short:]}" for a in component for b in sorted(graph[a] & inside)]
    return f"{len(component)} modules:\n" + "\n".join(edges)


def test_the_graph_sees_every_kind_of_import() -> None:
    modules = module_names()
    assert len(modules) > 100
    graph = import_graph(modules)
    # a relative import, a `from pkg import mod` and a lazy import inside a function
    routes = graph["cardroom.web.platform.routes"]
    assert "cardroom.web.games.registry" in routes
    assert "cardroom.web.match" not in graph["cardroom.web.match.logic"]


def test_no_import_cycles_in_cardroom() -> None:
    graph = import_graph(module_names())
    found = cycles(graph)
    assert not found, f"{len(found)} import cycles:\n" + "\n".join(
        describe(c, graph) for c in found
    )


def _package(tmp_path: Path, files: Mapping[str, str]) -> dict[str, set[str]]:
    for name, text in files.items():
        path = tmp_path / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return import_graph(module_names(tmp_path, tmp_path / "pkg"))


def test_a_type_only_back_reference_is_a_cycle(tmp_path: Path) -> None:
    graph = _package(
        tmp_path,
        {
            "__init__.py": "",
            "screen.py": "from pkg.panel import Panel\n",
            "panel.py": "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from .screen import Screen\n",
        },
    )
    assert graph["pkg.panel"] == {"pkg.screen"}
    assert cycles(graph) == [["pkg.panel", "pkg.screen"]]


def test_a_lazy_import_and_from_package_import_module_are_edges(tmp_path: Path) -> None:
    graph = _package(
        tmp_path,
        {
            "__init__.py": "",
            "sub/__init__.py": "",
            "sub/a.py": "def f():\n    from .. import b\n",
            "b.py": "from pkg import sub\nimport pkg.sub.c\n",
            "sub/c.py": "from . import a\n",
        },
    )
    assert graph["pkg.sub.a"] == {"pkg.b"}  # pkg itself is a's own package
    assert graph["pkg.b"] == {"pkg.sub", "pkg.sub.c"}
    assert graph["pkg.sub.c"] == {"pkg.sub.a"}
    assert cycles(graph) == [["pkg.b", "pkg.sub.a", "pkg.sub.c"]]


def test_no_cycle_through_the_own_package(tmp_path: Path) -> None:
    graph = _package(
        tmp_path,
        {"__init__.py": "from pkg import a\n", "a.py": "from pkg import b\n", "b.py": ""},
    )
    assert cycles(graph) == []


def test_no_module_takes_another_modules_private_names() -> None:
    """What modules share is public API (kit.ui's ``storage()``, not ``_storage``)."""
    found = []
    for name, path in module_names().items():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and (
                node.level or "cardroom" in (node.module or "")
            ):
                private = [a.name for a in node.names if a.name.startswith("_")]
                private = [n for n in private if not n.startswith("__")]
                if private:
                    found.append(f"{name}: from {'.' * node.level}{node.module} import {private}")
    assert not found, "\n".join(found)

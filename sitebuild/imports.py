"""The order in which a screen's modules can be imported one at a time (``web/imports.json``
in the package's zip).

Importing a screen's module imports a few dozen others (the table kit, PyScript's API, the
engine), which on the page is one main-thread task of 0.3-0.6 s. The boot module imports
them one per task instead, dependencies first (``cardroom.web.platform.app.import_steps``), so that
no task is long; the screen's own import then finds them all loaded. The order comes from
the modules' module-level imports (``import x``, ``from x import y``, relative ones too,
inside ``if``/``try`` at module level but not inside functions: those run later), within
the package and PyScript's.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Mapping

#: The top-level packages whose modules are ordered (the rest of the standard library is
#: small, or already loaded).
PACKAGES = ("cardroom", "pyscript")


def module_name(path: str) -> str:
    """``cardroom/web/platform/app.py`` -> ``cardroom.web.platform.app``; ``pyscript/__init__.py`` -> ``pyscript``."""
    parts = path.removesuffix(".py").split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _module_level(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements that run when the module is imported (into if/try/with blocks)."""
    out: list[ast.stmt] = []
    for node in body:
        out.append(node)
        if isinstance(node, ast.If):
            out += _module_level(node.body) + _module_level(node.orelse)
        elif isinstance(node, ast.Try):
            blocks = node.body + node.orelse + node.finalbody
            for handler in node.handlers:
                blocks += handler.body
            out += _module_level(blocks)
        elif isinstance(node, ast.With):
            out += _module_level(node.body)
    return out


def imports_of(name: str, source: bytes, known: set[str], is_package: bool) -> list[str]:
    """The known modules ``name`` imports when it is imported, in the order it does."""
    found: list[str] = []
    base = name if is_package else name.rpartition(".")[0]
    for node in _module_level(ast.parse(source).body):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            for alias in node.names:  # import a.b.c imports a, a.b, a.b.c
                parts = alias.name.split(".")
                targets += [".".join(parts[: i + 1]) for i in range(len(parts))]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)] if node.level > 1 else anchor
                origin = ".".join(anchor + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            parts = origin.split(".")
            targets += [".".join(parts[: i + 1]) for i in range(len(parts))]
            targets += [f"{origin}.{alias.name}" for alias in node.names]
        for target in targets:
            if target in known and target != name and target not in found:
                found.append(target)
    return found


def import_order(
    sources: Mapping[str, bytes], roots: list[str], packages: tuple[str, ...] = PACKAGES
) -> dict[str, list[str]]:
    """For each root module: the known modules it brings in, each after the ones it
    imports (a cycle is cut where it closes, as Python's import does), the root last.
    ``sources`` maps zip paths (``cardroom/web/platform/app.py``) to source bytes; the known modules
    are those of ``packages``."""
    modules = {
        module_name(path): (data, path.endswith("/__init__.py"))
        for path, data in sources.items()
        if path.endswith(".py") and path.split("/")[0] in packages
    }
    known = set(modules)
    edges = {
        name: imports_of(name, data, known, is_package)
        for name, (data, is_package) in modules.items()
    }

    def order(root: str) -> list[str]:
        out: list[str] = []
        seen: set[str] = set()

        def visit(name: str) -> None:
            if name in seen:
                return
            seen.add(name)
            parent = name.rpartition(".")[0]
            if parent in known:  # a package is imported before its modules
                visit(parent)
            for dep in edges.get(name, []):
                visit(dep)
            out.append(name)

        visit(root)
        return out

    return {root: order(root) for root in roots if root in known}


def site_roots(sources: Mapping[str, bytes]) -> list[str]:
    """The modules the page itself imports: every screen (``cardroom.web.*.screen`` and
    ``*_screen``) and the home page's (``cardroom.web.platform.app``)."""
    return sorted(
        name
        for name in (module_name(p) for p in sources if p.endswith(".py"))
        if name.startswith("cardroom.web.")
        and (
            name.rsplit(".", 1)[1] == "screen"
            or name.endswith("_screen")
            or name == "cardroom.web.platform.app"
        )
    )


#: A module named in a string (``importlib.import_module("cardroom.web.x")``,
#: ``"cardroom.geoplunge.border_up:GAME"``).
_NAMED = re.compile(r"\bcardroom(?:\.[A-Za-z_]\w*)+")


def _docstrings(tree: ast.Module) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        ):
            out.add(id(body[0].value))
    return out


def every_import_of(name: str, source: bytes, known: set[str], is_package: bool) -> set[str]:
    """The known modules ``name`` may ever load: imported at module level or inside a
    function, relatively or not, or named in a string (not a docstring) as a dynamic
    import would: a generous superset of what it does load."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    base = name if is_package else name.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)] if node.level > 1 else anchor
                origin = ".".join(anchor + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            names |= {origin} | {f"{origin}.{alias.name}" for alias in node.names}
        elif (
            isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
        ):
            names |= set(_NAMED.findall(node.value))
    out: set[str] = set()
    for n in names:  # importing a.b.c imports a and a.b too
        parts = n.split(".")
        out |= {".".join(parts[: i + 1]) for i in range(len(parts))}
    return (out & known) - {name}


def reachable(
    sources: Mapping[str, bytes], roots: list[str], packages: tuple[str, ...] = ("cardroom",)
) -> set[str]:
    """Every module of ``packages`` that ``roots`` may ever load (:func:`every_import_of`,
    transitively): what a zip for them must hold."""
    modules = {
        module_name(path): (data, path.endswith("/__init__.py"))
        for path, data in sources.items()
        if path.endswith(".py") and path.split("/")[0] in packages
    }
    known = set(modules)
    seen: set[str] = set()
    todo = [r for r in roots if r in known]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        data, is_package = modules[name]
        todo += sorted(every_import_of(name, data, known, is_package) - seen)
    return seen


def imports_json(sources: Mapping[str, bytes]) -> bytes:
    """``web/imports.json``: the order for every screen module (:func:`site_roots`) and
    the home page's."""
    roots = site_roots(sources)
    return (json.dumps(import_order(sources, roots), indent=0, sort_keys=True) + "\n").encode()

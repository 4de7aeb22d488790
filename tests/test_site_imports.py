"""The order a screen's modules are imported in, one per task (sitebuild/imports.py):
dependencies first, the screen last, module-level imports only, cycles cut."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardroom.web.platform.routes import WEB_GAMES  # noqa: E402
from sitebuild import imports, package  # noqa: E402


def _sources() -> dict[str, bytes]:
    pkg = ROOT / "py" / "cardroom"
    found = {f"cardroom/{p.relative_to(pkg).as_posix()}": p.read_bytes() for p in pkg.rglob("*.py")}
    found.update(package.pyscript_files())
    return found


def test_module_level_imports_only_relative_ones_resolved() -> None:
    src = {
        "pkg/__init__.py": b"",
        "pkg/a.py": (
            b"from . import b\nfrom .sub import c\nimport pkg.d as d\n"
            b"try:\n    from pkg import e\nexcept ImportError:\n    pass\n"
            b"if True:\n    import pkg.f\n"
            b"def later():\n    from pkg import g\n"
        ),
        "pkg/sub/__init__.py": b"from ..b import x\n",
        "pkg/sub/c.py": b"from .. import d\n",
        **{f"pkg/{n}.py": b"x = 1\n" for n in "bdefg"},
    }
    order = imports.import_order(src, ["pkg.a"], packages=("pkg",))["pkg.a"]
    assert order[-1] == "pkg.a" and order[0] == "pkg"
    assert "pkg.g" not in order  # imported inside a function: later, not at start
    assert set(order) == {
        "pkg",
        "pkg.a",
        "pkg.b",
        "pkg.sub",
        "pkg.sub.c",
        "pkg.d",
        "pkg.e",
        "pkg.f",
    }
    for before, after in [("pkg.b", "pkg.sub"), ("pkg.d", "pkg.sub.c"), ("pkg.sub", "pkg.sub.c")]:
        assert order.index(before) < order.index(after), (before, after, order)


def test_a_cycle_is_cut_where_it_closes() -> None:
    src = {
        "cardroom/__init__.py": b"",
        "cardroom/x.py": b"from cardroom import y\n",
        "cardroom/y.py": b"from cardroom import x\n",
    }
    assert imports.import_order(src, ["cardroom.x"])["cardroom.x"] == [
        "cardroom",
        "cardroom.y",
        "cardroom.x",
    ]


def test_every_screen_has_an_order_with_its_dependencies_first() -> None:
    sources = _sources()
    order = json.loads(imports.imports_json(sources))
    screens = {g.module for g in WEB_GAMES.values()} | {
        "cardroom.web.platform.app",
        "cardroom.web.atlas.screen",
        "cardroom.web.learn.screen",
        "cardroom.web.match.screen",
        "cardroom.web.director.screen",
    }
    assert screens <= set(order), screens - set(order)
    known = {imports.module_name(p) for p in sources if p.endswith(".py")}
    every = imports.import_order(sources, sorted(known))
    for screen, steps in order.items():
        assert steps[-1] == screen and len(steps) == len(set(steps)), screen
        for i, name in enumerate(steps):
            path = name.replace(".", "/")
            path = f"{path}/__init__.py" if f"{path}/__init__.py" in sources else f"{path}.py"
            deps = imports.imports_of(name, sources[path], known, path.endswith("__init__.py"))
            # each dependency is loaded before, unless it is part of a cycle through it
            for dep in deps:
                assert dep in steps, (screen, name, dep)
                if steps.index(dep) > i:
                    assert name in every[dep], (screen, name, dep)
    board = order["cardroom.web.games.border_up.screen"]
    for dep in ("cardroom.web.kit.table", "pyscript", "cardroom.geoplunge.border_up"):
        assert board.index(dep) < board.index("cardroom.web.games.border_up.screen")


def test_every_import_counts_functions_and_named_modules_not_docstrings() -> None:
    src = {
        "cardroom/__init__.py": b"",
        "cardroom/a.py": (
            b'"""Mentions cardroom.doc only in prose."""\n'
            b"def later():\n    from . import b\n"
            b'TABLE = {"x": "cardroom.c:GAME"}\n'
        ),
        **{f"cardroom/{n}.py": b"x = 1\n" for n in ("b", "c", "doc", "d")},
    }
    assert imports.reachable(src, ["cardroom.a"]) == {
        "cardroom",
        "cardroom.a",
        "cardroom.b",
        "cardroom.c",
    }


def _excluded_modules() -> set[str]:
    return {imports.module_name(f"cardroom/{rel}") for rel in package.BROWSER_EXCLUDE}


def test_the_browser_zip_holds_what_the_site_may_load_and_nothing_else(tmp_path: Path) -> None:
    """The command line, the harness, the simulators (and their table), the referee
    commands and the pace measure stay out of the site's zip; every module the site may
    ever load (imported anywhere, or named for a dynamic import) is in it."""
    import zipfile

    sources = _sources()
    known = {
        imports.module_name(p) for p in sources if p.startswith("cardroom/") and p.endswith(".py")
    }
    site = imports.reachable(sources, imports.site_roots(sources))
    excluded = _excluded_modules()
    assert excluded <= known, excluded - known  # no stale entry
    assert not site & excluded, site & excluded
    # nothing else is dead weight: a new module the site never loads joins the list
    assert known - site == excluded, (known - site) ^ excluded
    assert {"cardroom.cli", "cardroom.conformance", "cardroom.simulators"} <= excluded
    assert {"cardroom.core", "cardroom.play", "cardroom.match", "cardroom.web.platform.app"} <= site

    package.zip_package(tmp_path / "cardroom.zip", {})
    with zipfile.ZipFile(tmp_path / "cardroom.zip") as z:
        names = set(z.namelist())
    shipped = {
        imports.module_name(n) for n in names if n.startswith("cardroom/") and n.endswith(".py")
    }
    assert shipped == site, shipped ^ site
    for name in names:
        leaf = name.rsplit("/", 1)[-1]
        assert leaf not in ("cli.py", "conformance.py", "__main__.py"), name
        assert "simulat" not in leaf and leaf != "sim.py", name

"""The engine package ``py/cardroom`` as a deterministic zip (no bytecode caches)."""

from __future__ import annotations

import ast
import zipfile
from pathlib import Path

from cardroom import atlas

from . import imports
from .common import NODE, ZIP_DATE

#: Package files no screen loads at start: the Tri-Virsity dictionary (453 KB) is fetched
#: when its screen opens (``cardroom.trivirsity.words.load(raw)``), never on the start path.
LAZY = frozenset({"data/enable1.txt.gz"})

#: Modules the browser never runs, left out of the zip: the command line, the conformance
#: harness (``cardroom check``), the bot-against-bot simulators and their table
#: (``cardroom simulate``), the referee commands and the pace measure (``python -m
#: cardroom.web.pace``). tests/test_site_imports.py proves that no module the site can
#: reach (imported at module level or in a function, or named in a string) is one of them.
BROWSER_EXCLUDE = frozenset(
    {
        "__main__.py",
        "cli.py",
        "conformance.py",
        "simulators.py",
        "geoplunge/sim.py",
        "geoplunge/simulate.py",
        "geoplunge/chummy_simulate.py",
        "geoplunge/tricks/simulate.py",
        "geoplunge/tricks/referee.py",
        "sequence/simulate.py",
        "trivirsity/simulate.py",
        "trivirsity/referee.py",
        "web/pace.py",
    }
)

#: PyScript's Python API (``pyscript.web``, ``pyscript.when``, ``pyscript.storage``), from
#: the vendored ``@pyscript/core``: shipped in the package's zip, so it is importable the
#: moment the screen mounts, before PyScript's own JavaScript has loaded (the boot module
#: registers the two JavaScript modules it needs, see web/pyodide-boot.mjs).
PYSCRIPT_PY = NODE / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
#: Its modules no screen imports (the virtual file system and the camera/microphone): they
#: would be dead bytes on every first visit.
PYSCRIPT_SKIP = frozenset({"fs.py", "media.py"})


def strip_docstrings(source: bytes) -> bytes:
    """``source`` without its docstrings (about half of PyScript's Python is prose):
    the same code, re-emitted by ``ast.unparse``."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list) or not body:
            continue
        first = body[0]
        if (
            isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            node.body = body[1:] or [ast.Pass()]
    return (ast.unparse(tree) + "\n").encode()


def pyscript_files() -> dict[str, bytes]:
    """PyScript's Python package as it ships (path in the zip: bytes)."""
    files = sorted(p for p in PYSCRIPT_PY.glob("*.py") if p.name not in PYSCRIPT_SKIP)
    if not any(p.name == "web.py" for p in files):
        raise SystemExit(f"pyscript: no Python package at {PYSCRIPT_PY}: run npm ci")
    return {f"pyscript/{p.name}": strip_docstrings(p.read_bytes()) for p in files}


def package_files(*, browser: bool = True) -> list[Path]:
    """The files of ``py/cardroom`` the zip holds: without bytecode caches, hidden files,
    what is fetched later (``LAZY``) and, for the browser, ``BROWSER_EXCLUDE``."""
    pkg = Path(atlas.__file__).resolve().parent
    left_out = LAZY | BROWSER_EXCLUDE if browser else LAZY
    return sorted(
        p
        for p in pkg.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and p.suffix not in (".pyc", ".pyo")
        and not p.name.startswith(".")
        and p.relative_to(pkg).as_posix() not in left_out
    )


def excluded_bytes() -> int:
    """The source bytes ``BROWSER_EXCLUDE`` keeps out of the zip."""
    pkg = Path(atlas.__file__).resolve().parent
    return sum((pkg / rel).stat().st_size for rel in BROWSER_EXCLUDE if (pkg / rel).exists())


def zip_package(dest: Path, extra: dict[str, bytes] | None = None) -> bytes:
    """The engine package as a deterministic zip (no bytecode caches), as the browser
    runs it (``BROWSER_EXCLUDE`` left out); ``extra`` adds build-time files (path inside
    the package: bytes), e.g. the word index's address."""
    pkg = Path(atlas.__file__).resolve().parent
    files = package_files()
    # the order a screen's modules are imported in, one per task (sitebuild/imports.py)
    sources = {f"cardroom/{p.relative_to(pkg).as_posix()}": p.read_bytes() for p in files}
    sources.update(pyscript_files())
    extra = {**(extra or {}), "web/imports.json": imports.imports_json(sources)}
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for p in files:
            info = zipfile.ZipInfo(f"cardroom/{p.relative_to(pkg).as_posix()}", ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, p.read_bytes())
        for rel, data in sorted(extra.items()):
            info = zipfile.ZipInfo(f"cardroom/{rel}", ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
        for rel, data in pyscript_files().items():  # a top-level package beside cardroom
            info = zipfile.ZipInfo(rel, ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return dest.read_bytes()

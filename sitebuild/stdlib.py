"""Python's standard library as the site ships it (``pyodide/python_stdlib.zip``).

Pyodide distributes the standard library as source only (559 ``.py`` files). Starting
Python imports about 130 of them (Pyodide's own ``_pyodide`` and ``pyodide``, ``asyncio``,
``typing``, ``inspect``, ``json``, ...), and the interpreter compiles each from source on
every start: under Node, Pyodide's ``loadPyodide()`` takes 2.0 s with the zip as
distributed and 0.7 s when those modules come compiled. In the browser that compiling is
most of a first visit's start-up, in the worker that starts Python (benchmarks/README.md).

So the build ships a zip where:

- every module the start path imports (what Pyodide imports to start, the memory
  snapshot's modules, and the standard-library modules the screens' modules import at
  module level) is sourceless bytecode (``.pyc``), compiled by the very Pyodide the site
  vendors, run under Node (``sitebuild/stdlib.mjs`` runs ``sitebuild/stdlib_job.py``):
  the same interpreter as the browser's, so the same bytecode and magic number. Tracebacks
  through those modules name the file and line but show no source line;
- the packages in ``REMOVED`` are left out: tools that have no use on a web page and
  cannot work in a browser's Python (no processes, sockets or terminal). Bytecode is
  larger than the source it replaces (about +0.64 MB deflated for the start path), and
  leaving these out (about 0.5 MB) keeps the first visit within its byte budget;
- everything else is as Pyodide ships it, recompressed at level 9.

Running Pyodide takes a few seconds, so the result is kept in ``.cache/sitebuild/stdlib/``
under a key made of the inputs (the distributed zip, the package's zip, the module list,
the removed list and this code): a cache hit gives the same bytes as a fresh run.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .common import NODE, ROOT, log
from .imports import imports_of
from .imports import module_name as package_module
from .stdlib_job import is_removed_module
from .stdlib_job import module_of as module_name

HERE = Path(__file__).resolve().parent
CACHE_DIR = ROOT / ".cache" / "sitebuild" / "stdlib"
#: Part of the cache key: bump when what the job writes changes.
FORMAT = 2

#: Modules and packages of the standard library the site does not ship (a package with
#: all its modules), with why. None is imported by the site, PyScript, networkx or segno,
#: nor at module level by a module the site ships (tests/test_stdlib.py checks both).
REMOVED: dict[str, str] = {
    "multiprocessing": "processes: a browser's Python has none",
    "_pyrepl": "the interactive terminal prompt",
    "pdb": "the terminal debugger",
    "bdb": "the debugger's base (pdb)",
    "doctest": "a test runner",
    "unittest": "a test runner",
    "pydoc": "help() in a terminal",
    "xmlrpc": "remote procedure calls over sockets",
    "wsgiref": "a web server",
    "imaplib": "mail over sockets",
    "poplib": "mail over sockets",
    "smtplib": "mail over sockets",
    "mailbox": "mail folders on disk",
    "ftplib": "FTP over sockets",
    "cProfile": "the profiler",
    "profile": "the profiler",
    "pstats": "the profiler's reports",
    "trace": "a command-line tracer",
    "timeit": "a command-line timer",
    "tabnanny": "a command-line checker",
    "pyclbr": "a class browser for an editor",
    "pty": "terminals",
    "tty": "terminals",
    "__phello__": "a test package of the import system",
    "antigravity": "an easter egg that opens a web browser",
    "this": "an easter egg",
    "http.server": "an HTTP server: a page cannot listen on a socket",
    "pickletools": "a disassembler for pickles, a developer's tool",
    "_pyio": "the pure-Python io: the runtime uses the C one (_io)",
    "_pydatetime": "the pure-Python datetime: the runtime has the C one (_datetime), as "
    "Pyodide already leaves out _pydecimal for _decimal",
    "asyncio.__main__": "python -m asyncio, a terminal prompt (imports _pyrepl)",
    "concurrent.futures.process": "ProcessPoolExecutor: processes (imports multiprocessing)",
}


def removed(name: str) -> bool:
    """Whether the module ``name`` is one the site does not ship."""
    return is_removed_module(name, set(REMOVED))


def stdlib_names(src: Path) -> set[str]:
    """The modules a standard library zip holds (``asyncio``, ``asyncio.events``, ...)."""
    with zipfile.ZipFile(src) as z:
        return {module_name(n) for n in z.namelist() if n.endswith((".py", "/"))}


def start_modules(
    sources: Mapping[str, bytes],
    screens: Mapping[str, list[str]],
    snapshot: Iterable[str],
    std: set[str],
) -> list[str]:
    """What the job imports to find the start path: the snapshot's modules (and for
    ``module:function``, the call the worker makes: reading the atlas's data imports
    ``importlib.resources``' readers) and the standard-library modules (``std``) that the
    screens' modules (``screens``, web/imports.json) import at module level. ``sources``
    maps the package zip's paths to their bytes."""
    by_name = {
        package_module(path): (data, path.endswith("/__init__.py"))
        for path, data in sources.items()
        if path.endswith(".py")
    }
    out = list(snapshot)
    for modules in screens.values():
        for module in modules:
            if module in by_name:
                data, is_package = by_name[module]
                out += imports_of(module, data, std, is_package)
    return list(dict.fromkeys(out))


def _node() -> str:
    node = shutil.which("node")
    if not node:
        raise SystemExit("node not found: it runs Pyodide to compile the standard library")
    return node


def compile_stdlib(src: Path, package: Path, modules: list[str], dest: Path) -> dict[str, Any]:
    """Run the job under Node (or take its result from the cache); write the zip to
    ``dest`` and return the job's answer."""
    job_inputs = {
        "format": FORMAT,
        "modules": modules,
        "removed": sorted(REMOVED),
    }
    h = hashlib.sha256(json.dumps(job_inputs, sort_keys=True).encode())
    for path in (
        src,
        package,
        HERE / "stdlib_job.py",
        HERE / "stdlib.mjs",
        NODE / "pyodide" / "pyodide.asm.wasm",
    ):
        h.update(hashlib.sha256(path.read_bytes()).digest())
    key = h.hexdigest()
    hit_zip, hit_info = CACHE_DIR / f"{key}.zip", CACHE_DIR / f"{key}.json"
    if hit_zip.is_file() and hit_info.is_file():
        shutil.copyfile(hit_zip, dest)
        return json.loads(hit_info.read_text("utf-8"))
    with tempfile.TemporaryDirectory() as tmp:
        job = dict(
            job_inputs,
            pyodide=str(NODE / "pyodide"),
            package=str(package),
            script=str(HERE / "stdlib_job.py"),
            out=str(Path(tmp) / "python_stdlib.zip"),
        )
        (Path(tmp) / "job.json").write_text(json.dumps(job), "utf-8")
        run = subprocess.run(
            [_node(), str(HERE / "stdlib.mjs"), str(Path(tmp) / "job.json")],
            capture_output=True,
            text=True,
            timeout=300,
        )
        if run.returncode != 0:
            raise SystemExit(f"compiling the standard library failed:\n{run.stderr[-4000:]}")
        info = json.loads(run.stdout)
        if info["failed"] or info["needed_removed"]:
            raise SystemExit(
                "compiling the standard library: the start path "
                + (f"failed to import {info['failed']}" if info["failed"] else "")
                + (
                    f" imports removed modules {info['needed_removed']}"
                    if info["needed_removed"]
                    else ""
                )
            )
        shutil.copyfile(job["out"], dest)
    try:
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        for path, write in ((hit_zip, dest.read_bytes()), (hit_info, json.dumps(info).encode())):
            part = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            part.write_bytes(write)
            part.replace(path)
    except OSError:  # a read-only checkout: no cache, same result
        pass
    return info


def ship_stdlib(
    out: Path,
    package: Path,
    screens: Mapping[str, list[str]],
    snapshot: Iterable[str],
    quiet: bool = False,
) -> dict[str, Any]:
    """Replace the vendored ``out/pyodide/python_stdlib.zip`` with the site's."""
    src = NODE / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(package) as z:
        sources = {n: z.read(n) for n in z.namelist() if n.endswith(".py")}
    modules = start_modules(sources, screens, snapshot, stdlib_names(src))
    dest = out / "pyodide" / "python_stdlib.zip"
    info = compile_stdlib(src, package, modules, dest)
    log(
        f"  pyodide/python_stdlib.zip: {dest.stat().st_size:,} bytes "
        f"({src.stat().st_size:,} as distributed); {len(info['compiled'])} modules compiled "
        f"for Python {info['python']}, {len(REMOVED)} left out",
        quiet,
    )
    return info

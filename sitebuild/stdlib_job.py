"""Run inside Pyodide (by ``sitebuild/stdlib.mjs`` under Node), never on CPython: writes the
standard library's zip as the site ships it (see ``sitebuild/stdlib.py``).

``main(job, boot)`` imports the start path's modules from the cardroom package and the standard
library Pyodide started with, then copies that library's zip: every module the start
path imported from source becomes sourceless bytecode compiled by this very interpreter
(the browser's: same Python, same magic number), the modules and packages in ``removed``
are left out, and everything else is copied as it is. It answers what it did, as JSON.

The start path is what Pyodide imported to start (``boot``, the names in ``sys.modules``
before this file ran) and what importing ``job["modules"]`` added; this file imports
what it needs for itself (``importlib.util``, ``marshal``, ``zipfile``) only afterwards,
so that none of it counts unless the start path imported it too.
"""

from __future__ import annotations

import json
import sys

#: Where stdlib.mjs puts the package's zip and takes the result from.
PACKAGE = "/tmp/cardroom.zip"
RESULT = "/tmp/python_stdlib.zip"


def stdlib_zip() -> str:
    """The zip Pyodide imports the standard library from (``/lib/python314.zip``)."""
    found = [p for p in sys.path if p.endswith(".zip") and p.startswith("/lib/python")]
    if len(found) != 1:
        raise RuntimeError(f"cannot tell which sys.path entry is the standard library: {found}")
    return found[0]


def module_of(path: str) -> str:
    """``asyncio/events.py`` -> ``asyncio.events``; ``json/__init__.py`` and ``json/`` ->
    ``json``; ``pdb.py`` -> ``pdb``."""
    parts = path.rstrip("/").removesuffix(".py").split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_removed_module(name: str, removed: set[str]) -> bool:
    """Whether the module ``name`` is, or is inside, a removed module or package."""
    return any(name == r or name.startswith(r + ".") for r in removed)


def is_removed(path: str, removed: set[str]) -> bool:
    """Whether the entry at ``path`` belongs to a removed module or package."""
    return is_removed_module(module_of(path), removed)


def pyc(source: bytes, filename: str) -> bytes:
    """A hash-based, unchecked ``.pyc``: the header names its source's hash but the import
    system does not check it (there is no source beside it to check against)."""
    import importlib.util
    import marshal

    code = compile(source, filename, "exec", dont_inherit=True)
    flags = (0b01).to_bytes(4, "little")  # hash-based, check_source off
    return (
        importlib.util.MAGIC_NUMBER
        + flags
        + importlib.util.source_hash(source)
        + (marshal.dumps(code))
    )


def main(job_json: str, boot: list[str]) -> str:
    job = json.loads(job_json)
    removed = set(job["removed"])
    lib = stdlib_zip()
    sys.path.insert(0, PACKAGE)
    before = set(sys.modules)
    failed = []
    for name in job["modules"]:  # "module", or "module:function" to call once
        module, _, call = name.partition(":")
        try:
            __import__(module)
            if call:
                getattr(sys.modules[module], call)()
        except Exception as exc:  # reported: the build stops
            failed.append(f"{name}: {exc!r}")
    start = set(boot) | (set(sys.modules) - before)

    import importlib.util
    import zipfile

    compiled: dict[str, str] = {}
    needed_removed = []
    for name, module in list(sys.modules.items()):
        if name not in start:
            continue
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if not origin.startswith(lib + "/"):
            continue
        path = origin[len(lib) + 1 :]
        if is_removed(path, removed):
            needed_removed.append(name)
        if path.endswith(".py"):
            compiled[path] = name
    dropped = []
    with zipfile.ZipFile(lib) as src, zipfile.ZipFile(RESULT, "w") as out:
        for info in src.infolist():
            if is_removed(info.filename, removed):
                dropped.append(info.filename)
                continue
            data = src.read(info)
            name = info.filename
            if name in compiled:
                data = pyc(data, f"{lib}/{name}")
                name = name.removesuffix(".py") + ".pyc"
            entry = zipfile.ZipInfo(name, info.date_time)
            entry.external_attr = info.external_attr
            if info.is_dir():
                out.writestr(entry, b"")
            else:
                entry.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(entry, data, compresslevel=9)
    return json.dumps(
        {
            "python": sys.version.split()[0],
            "magic": importlib.util.MAGIC_NUMBER.hex(),
            "compiled": sorted(compiled.values()),
            "dropped": dropped,
            "failed": failed,
            "needed_removed": sorted(needed_removed),
        }
    )

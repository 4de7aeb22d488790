"""Pure-Python libraries the browser loads on demand, shipped with the site (no download at
build time, none at run time from anywhere but the site itself).

networkx pairs the rounds of a tournament (``cardroom.tournament``, R-120) and segno draws
QR codes (``cardroom.qr``: result codes, links, pairing codes). Pyodide ships neither, and
the start path must not pay for them, so the build packs each installed distribution (the
project pins ``networkx==3.6.1`` and ``segno==1.6.6``) into a content-addressed zip under
``py/`` (``py/networkx-3.6.1-<hash>.zip``): its modules and its ``dist-info``, without its
test suites and bytecode caches, with fixed dates, so the same install gives the same
bytes. The package learns the zips' addresses from ``cardroom/data/wheels.json`` (written
into the package zip); a screen fetches and unpacks one when it first needs it
(``cardroom.web.platform.libs.load_library``), and the service worker fetches it after the first
visit is ready (``offline.write_service_worker(later=...)``).
"""

from __future__ import annotations

import io
import json
import zipfile
from importlib import metadata
from pathlib import Path, PurePosixPath

from .common import ZIP_DATE, content_name

__all__ = ["INFO", "LAZY_LIBRARIES", "pack", "write_wheels"]

#: Where the package finds the zips' addresses (a file added to the package zip).
INFO = "data/wheels.json"

#: (distribution, its top-level package) shipped for lazy loading.
LAZY_LIBRARIES = (("networkx", "networkx"), ("segno", "segno"))


def _wanted(rel: PurePosixPath, top: str) -> bool:
    parts = rel.parts
    if not parts:
        return False
    if parts[0] != top and not parts[0].endswith(".dist-info"):
        return False  # scripts, data files outside the package
    skip = "__pycache__" in parts or "tests" in parts[1:-1]
    return not skip and rel.suffix not in (".pyc", ".pyo")


def pack(dist_name: str, top: str) -> tuple[bytes, str]:
    """The installed distribution ``dist_name`` as zip bytes (deterministic), and its
    version. Fails the build when it is not installed or is not pure Python."""
    try:
        dist = metadata.distribution(dist_name)
    except metadata.PackageNotFoundError:
        raise SystemExit(f"{dist_name} is not installed: run the project's install first") from None
    files = sorted(
        (PurePosixPath(str(f)), f) for f in dist.files or () if _wanted(PurePosixPath(str(f)), top)
    )
    if not any(p.parts[0] == top for p, _ in files):
        raise SystemExit(f"{dist_name}: no files of package {top!r} found")
    binary = [str(p) for p, _ in files if p.suffix in (".so", ".pyd", ".dylib")]
    if binary:
        raise SystemExit(f"{dist_name} is not pure Python: {binary[:3]}")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for rel, f in files:
            path = Path(str(dist.locate_file(f)))
            if not path.is_file():
                continue
            info = zipfile.ZipInfo(rel.as_posix(), ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, path.read_bytes())
    return buf.getvalue(), str(dist.version)


def write_wheels(out: Path) -> tuple[list[str], bytes]:
    """Write each lazy library under ``out/py/``; return (their paths relative to
    ``out``, the JSON the package reads to find them)."""
    names: list[str] = []
    info: dict[str, dict[str, object]] = {}
    for dist_name, top in LAZY_LIBRARIES:
        data, version = pack(dist_name, top)
        name = content_name(f"py/{dist_name}-{version}", data, ".zip")
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(data)
        names.append(name)
        info[top] = {"url": name, "bytes": len(data), "version": version}
    return names, json.dumps(info, sort_keys=True).encode()

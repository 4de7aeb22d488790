"""The engine package ``py/cardroom`` as a deterministic zip (no bytecode caches)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from cardroom import atlas

from .common import ZIP_DATE

#: Package files no screen loads at start: the Tri-Virsity dictionary (453 KB) is fetched
#: when its screen opens (``cardroom.trivirsity.words.load(raw)``), never on the start path.
LAZY = frozenset({"data/enable1.txt.gz"})


def zip_package(dest: Path, extra: dict[str, bytes] | None = None) -> bytes:
    """The engine package as a deterministic zip (no bytecode caches); ``extra`` adds
    build-time files (path inside the package: bytes), e.g. the word index's address."""
    pkg = Path(atlas.__file__).resolve().parent
    files = sorted(
        p
        for p in pkg.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and p.suffix not in (".pyc", ".pyo")
        and not p.name.startswith(".")
        and p.relative_to(pkg).as_posix() not in LAZY
    )
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for p in files:
            info = zipfile.ZipInfo(f"cardroom/{p.relative_to(pkg).as_posix()}", ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, p.read_bytes())
        for rel, data in sorted((extra or {}).items()):
            info = zipfile.ZipInfo(f"cardroom/{rel}", ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return dest.read_bytes()

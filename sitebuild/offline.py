"""Installable and offline: the web manifest, and the service worker with its precache
list (versioned by the hash of every other file)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .common import WEB, fill
from .icons import _png, icon_pixel, icon_svg


def write_icons(out: Path) -> None:
    (out / "icons").mkdir()
    (out / "icons" / "icon.svg").write_text(icon_svg(), "utf-8")
    for size in (192, 512):
        (out / "icons" / f"icon-{size}.png").write_bytes(_png(size, size, icon_pixel(size)))


def write_manifest(out: Path) -> None:
    manifest = {
        "name": "cardroom — GeoPlunge and friends",
        "short_name": "cardroom",
        "description": "US states card games for classrooms: atlas, GeoPlunge, Sequence "
        "States & Capitals, Tri-Virsity. Works offline.",
        "start_url": ".",
        "scope": ".",
        "display": "standalone",
        "background_color": "#f6f4ef",
        "theme_color": "#172b4d",
        "lang": "en",
        "icons": [
            {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {
                "src": "icons/icon-512.png",
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "any maskable",
            },
        ],
    }
    (out / "manifest.webmanifest").write_text(
        json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", "utf-8"
    )


def revision(path: Path) -> str:
    """A file's content revision: the start of its SHA-256."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def versioned_url(rel: str, rev: str) -> str:
    """The address a file is fetched and precached under when its revision is part of it
    (the runtime, ``VERSIONED`` in sitebuild/runtime.py): the HTTP cache can then hold it
    for good, since a new revision is another address."""
    return f"./{rel}?v={rev}"


def hash_files(root: Path, skip: set[str]) -> tuple[dict[str, str], str]:
    """({relative path: content revision}, hash of the whole site) for the service worker."""
    revs: dict[str, str] = {}
    h = hashlib.sha256()
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).as_posix()
        if not p.is_file() or rel in skip:
            continue
        revs[rel] = revision(p)
        h.update(rel.encode() + b"\0" + revs[rel].encode())
    return revs, h.hexdigest()[:16]


def write_service_worker(
    out: Path,
    used: list[str],
    later: list[str] | None = None,
    versioned: tuple[str, ...] = (),
    unused: list[str] | None = None,
) -> tuple[int, str]:
    """sw.js: the site's offline copy under ``cardroom-<version>``, the version being the
    hash of every other file. The files in ``used`` (what the start path loads; paths
    relative to ``out``) are precached when the worker installs; the ``later`` ones
    (everything else the site has: what one screen fetches, the other pages) are fetched
    in the background once the page is ready and asks (web/sw.js). The ``versioned`` ones
    among ``used`` are precached under their versioned address (what the page fetches them
    by: :func:`versioned_url`). Every file of the site but sw.js must be in one of the two
    lists, or in ``unused`` (what no page loads: PyScript's editor and terminal chunks).

    Returns (number of files precached, version)."""
    files, version = hash_files(out, skip={"sw.js"})
    later = sorted(set(later or ()) - set(used))
    missing = sorted((set(used) | set(later)) - set(files))
    if missing:
        raise SystemExit(f"service worker: the offline copy names missing files {missing}")
    uncovered = sorted(set(files) - set(used) - set(later) - set(unused or ()))
    if uncovered:
        raise SystemExit(f"service worker: not in the offline copy, nor said unused: {uncovered}")
    if set(versioned) - set(used):
        raise SystemExit("service worker: a versioned file must be precached")
    precache = [
        [versioned_url(f, files[f]) if f in versioned else f"./{f}", files[f]]
        for f in sorted(set(used))
    ]
    sw = fill(
        (WEB / "sw.js").read_text("utf-8"),
        {
            "CACHE_NAME": json.dumps(f"cardroom-{version}"),
            "PRECACHE": "[\n" + ",\n".join(json.dumps(e) for e in precache) + "\n]",
            "LATER": "[\n" + ",\n".join(json.dumps([f"./{f}", files[f]]) for f in later) + "\n]",
        },
    )
    (out / "sw.js").write_text(sw, "utf-8")
    return len(precache), version

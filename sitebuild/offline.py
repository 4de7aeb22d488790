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
    lazy: list[str] | None = None,
    warm: list[str] | None = None,
    versioned: tuple[str, ...] = (),
) -> tuple[int, str]:
    """sw.js: precaches the files in ``used`` (what the screens load; paths relative to
    ``out``) under ``cardroom-<version>``, the version being the hash of every other file;
    the files in ``lazy`` (fetched by one screen only, e.g. the word index) are cached the
    first time the page fetches them; the ``warm`` ones among them are also fetched in the
    background once the page is ready and idle (what a game needs offline). The
    ``versioned`` ones among ``used`` are precached under their versioned address (what the
    page fetches them by: :func:`versioned_url`).

    Returns (number of files precached, version)."""
    files, version = hash_files(out, skip={"sw.js"})
    if set(warm or ()) - set(lazy or ()):
        raise SystemExit("service worker: a warm file must be one of the lazy files")
    missing = sorted((set(used) | set(lazy or ())) - set(files))
    if missing:
        raise SystemExit(f"service worker: precache names missing files {missing}")
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
            "LAZY": json.dumps([f"./{f}" for f in sorted(set(lazy or ()))]),
            "WARM": json.dumps([f"./{f}" for f in sorted(set(warm or ()))]),
        },
    )
    (out / "sw.js").write_text(sw, "utf-8")
    return len(precache), version

"""``build(out)``: the whole site, from scratch, deterministically."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

from cardroom import atlas

from . import (
    audit,
    cards,
    flags,
    offline,
    package,
    page,
    printing,
    runtime,
    sequence_board,
    stdlib,
    wheels,
    words,
)
from . import map as us_map
from .common import ASSETS, NODE, ROOT, WEB, content_name, log


def build(out: Path | str = "dist", quiet: bool = False) -> Path:
    out = Path(out).resolve()
    if out == ROOT or ROOT.is_relative_to(out) or out in (WEB, ASSETS, NODE, ROOT / "py"):
        raise SystemExit(f"refusing to build into {out}")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    log(f"building {out}", quiet)

    rt = runtime.vendor_runtime(out, quiet)

    # the Tri-Virsity word index, fetched when its screen opens (never on the start path)
    words_name, words_info = words.write_index(out, words.playable_words())
    log(f"  {words_name}: {(out / words_name).stat().st_size:,} bytes", quiet)

    # networkx for the tournament director, fetched when its screen opens
    wheel_names, wheels_info = wheels.write_wheels(out)
    for name in wheel_names:
        log(f"  {name}: {(out / name).stat().st_size:,} bytes", quiet)

    # engine package, content-addressed: no stale HTTP cache
    tmp_zip = out / "py" / "cardroom.zip"
    pkg_bytes = package.zip_package(
        tmp_zip, {words.INDEX_INFO: words_info, wheels.INFO: wheels_info}
    )
    pkg_name = content_name("cardroom", pkg_bytes, ".zip")
    tmp_zip.rename(out / "py" / pkg_name)
    log(
        f"  py/{pkg_name}: {len(pkg_bytes):,} bytes (left out, never run in the browser: "
        f"{len(package.BROWSER_EXCLUDE)} modules, {package.excluded_bytes():,} bytes of source)",
        quiet,
    )
    # the standard library, its start path compiled (sitebuild/stdlib.py)
    with zipfile.ZipFile(out / "py" / pkg_name) as z:
        screens = json.loads(z.read("cardroom/web/imports.json"))
    stdlib.ship_stdlib(out, out / "py" / pkg_name, screens, runtime.SNAPSHOT_MODULES, quiet)

    records = {s.code: s for s in atlas.states()}
    if len(records) != 50:
        raise SystemExit(f"atlas has {len(records)} states, expected 50")
    flags.copy_flags(out / "flags", sorted(records), quiet)
    map_svg, _info = us_map.render_map(records)
    log(f"  map: {len(map_svg):,} bytes inline", quiet)
    cards_name = cards.write_cards(out, records, quiet)
    sequence_name = sequence_board.write_equipment(out, quiet)

    offline.write_icons(out)
    offline.write_manifest(out)
    page.write_licences(out)
    # the embedding demo (docs/embed.md): a page of the site, in the offline copy
    shutil.copyfile(ROOT / "docs" / "embed-demo.html", out / "embed-demo.html")
    printed = printing.write_sheets(out, quiet)
    # the QR code reader for pairing two devices (docs/link.md): fetched when scanning starts
    shutil.copyfile(ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js", out / "jsqr.js")

    interpreter = runtime.write_boot_module(out, rt, pkg_name, cards_name)
    later_css = page.write_index(out, records, map_svg, runtime.pyscript_config(interpreter))

    # precache what the screens use: the page and its boot code, the runtime, the
    # package, the atlas's card faces and flags, the icons, manifest and licences page
    used = (
        ["index.html", "pyodide-boot.mjs", "snapshot-worker.mjs", f"py/{pkg_name}", cards_name]
        + [sequence_name]
        + later_css
        + [f"pyodide/{n}" for n in runtime.PYODIDE_FILES]
        + runtime.pyscript_start_files(out)
        + [f"flags/{code}.svg" for code in sorted(records)]
        + [p.relative_to(out).as_posix() for p in sorted((out / "icons").iterdir())]
        + ["manifest.webmanifest", "licences.html"]
    )
    # and after the first visit is ready, in the background, everything else the site
    # has: what one screen fetches when it opens (the word index, the pairing and QR code
    # libraries, the QR code reader, PyScript's storage) and the site's other pages
    start = runtime.pyscript_start_files(out)
    later = [words_name, *wheel_names, *printed, "jsqr.js", *runtime.IDB_MAP_FILES]
    later += ["embed-demo.html", "LICENSES.md"]
    # what no page loads: PyScript's editor, terminal, TOML, zip and MicroPython chunks
    unused = [
        p.relative_to(out).as_posix()
        for p in sorted((out / "pyscript").glob("*"))
        if p.is_file() and p.relative_to(out).as_posix() not in start
    ]
    n_files, version = offline.write_service_worker(
        out, used, later=later, versioned=runtime.VERSIONED, unused=unused
    )

    bad, seen = audit.audit_remote_refs(out)
    if bad:
        raise SystemExit("remote references in the site:\n  " + "\n  ".join(bad))
    log(f"  remote hosts: none fetched; named in vendored code only: {sorted(seen)}", quiet)
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    n_all = sum(1 for p in out.rglob("*") if p.is_file())
    log(
        f"  {n_all} files, {total / 1e6:.1f} MB; {n_files} precached, cache cardroom-{version}",
        quiet,
    )
    return out

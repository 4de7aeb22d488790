"""The static build, checked without a browser: contracts in the HTML, flags, the
service worker's precache list, the manifest, determinism and the offline guarantee."""

from __future__ import annotations

import ast
import hashlib
import importlib
import importlib.util
import json
import re
import zipfile
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cardroom import atlas
from cardroom.web.kit import cards
from sitebuild import stdlib

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"

pytestmark = pytest.mark.skipif(
    not (NODE / "pyodide").is_dir(), reason="node_modules missing: run ./scripts/setup.sh"
)


def _load_build():
    spec = importlib.util.spec_from_file_location("cardroom_site_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site(site_build: Path) -> Path:
    """The session's build (tests/conftest.py): ``python build.py --out``."""
    return site_build


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.states: list[dict[str, str | None]] = []
        self.cards: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-state" in a:
            self.states.append({"tag": tag, **a})
        if "data-card" in a:
            self.cards.append(a["data-card"])


def _tree(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def test_map_shapes_carry_the_contract(site):
    html = (site / "index.html").read_text("utf-8")
    parsed = _Collect()
    parsed.feed(html)
    by_code = {s["data-state"]: s for s in parsed.states}
    assert set(by_code) == set(atlas.by_code()), "one shape per state, DC not interactive"
    for code, attrs in by_code.items():
        name = atlas.by_code()[code].name
        assert name in (attrs.get("aria-label") or ""), f"{code} has no accessible name"
        assert attrs.get("tabindex") == "0", f"{code} is not focusable"
    # The card faces are not in the page (they would delay its first paint) ...
    assert parsed.cards == [] and 'id="card-templates"' in html


def test_every_card_face_is_pre_rendered_in_the_cards_file(site):
    """... but in a content-addressed file that the boot module fetches and inserts,
    precached like every other file, so no Python is needed to paint a card."""
    boot = (site / "pyodide-boot.mjs").read_text("utf-8")
    url = re.search(r'const CARDS_URL = new URL\("\./(cards-[0-9a-f]{10}\.html)"', boot)
    assert url, "pyodide-boot.mjs does not name the cards file"
    path = site / url.group(1)
    data = path.read_bytes()
    assert url.group(1) == f"cards-{hashlib.sha256(data).hexdigest()[:10]}.html"
    assert sorted(p.name for p in site.glob("cards-*.html")) == [url.group(1)]
    text = data.decode("utf-8")
    parsed = _Collect()
    parsed.feed(text)
    assert sorted(parsed.cards) == sorted(atlas.by_code()), "one card face per state"
    templates = re.findall(r'<template id="card-([A-Z]{2})">(.*?)</template>', text, re.S)
    assert sorted(code for code, _ in templates) == sorted(atlas.by_code())
    for code, body in templates:
        found = re.findall(r'data-card="([A-Z]{2})"', body)
        assert found == [code], f"template card-{code} holds the card(s) {found}"
    assert re.sub(r'<template id="card-[A-Z]{2}">.*?</template>', "", text, flags=re.S) == ""


def test_current_flags_replace_the_retired_ones(site):
    _load_build()  # puts the repository root (sitebuild/) on sys.path
    from sitebuild.flags import optimise_flag  # noqa: PLC0415

    for code in ("MS", "UT", "MN"):
        built = (site / "flags" / f"{code}.svg").read_bytes()
        retired = (NODE / "region-flags" / "svg" / f"US-{code}.svg").read_bytes()
        drawn = (ROOT / "assets" / "flags" / f"{code}.svg").read_bytes()
        assert built == optimise_flag(drawn)[0], f"{code}: not the project's own drawing"
        assert built != optimise_flag(retired)[0], f"{code}: the package's retired flag came back"
    ms = (site / "flags" / "MS.svg").read_text("utf-8")
    assert "IN GOD WE TRUST" in ms  # the 2020 magnolia flag's motto, kept as text (vector)
    assert len(list((site / "flags").glob("*.svg"))) == 50


def test_flags_are_small_svg_files_with_their_own_size(site):
    """All 50 within 1.2 MB; each an SVG with an intrinsic size (the card's <img> needs its
    aspect ratio), either Scour's vector or a lossless WebP raster 480 px wide."""
    total = 0
    kinds = {"vector": 0, "raster": 0}
    for p in sorted((site / "flags").glob("*.svg")):
        data = p.read_bytes()
        total += len(data)
        head = re.match(rb'<svg [^>]*width="([0-9.e]+)" height="([0-9.e]+)"', data)
        assert head, f"{p.name} has no width/height on its root: {data[:120]!r}"
        assert b"<!--" not in data and b"<metadata" not in data and b"sodipodi" not in data
        raster = re.search(rb'href="data:image/webp;base64,', data)
        kinds["raster" if raster else "vector"] += 1
        if raster:
            assert head.group(1) == b"480", p.name
    assert total <= 1_200_000, f"flags: {total:,} bytes"
    assert kinds["vector"] and kinds["raster"], kinds


def test_service_worker_precaches_what_the_screens_use_under_a_versioned_cache(site):
    sw = (site / "sw.js").read_text("utf-8")
    name = re.search(r'const CACHE = "(cardroom-[0-9a-f]{8,})"', sw)
    assert name, "the cache name must carry the build's version"
    listed = json.loads(re.search(r"const PRECACHE = (\[.*?\n\]);", sw, re.S).group(1))
    urls = [u for u, _rev in listed]
    assert len(urls) == len(set(urls)), "a file is precached twice"
    tree = _tree(site)
    for url, rev in listed:
        rel, _, query = url.removeprefix("./").partition("?")
        if query:  # the runtime: under an address that carries its revision
            assert rel == "pyodide/pyodide.asm.wasm" and query == f"v={rev}", url
        assert rel in tree, f"precache names a missing file {url}"
        assert hashlib.sha256(tree[rel]).hexdigest().startswith(rev), f"{url}: stale revision"
    assert "./" not in urls, "the page is precached once, as ./index.html"
    need = {"index.html", "pyodide-boot.mjs", "snapshot-worker.mjs", "manifest.webmanifest"}
    need |= {f"pyodide/{n}" for n in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")}
    need |= {f"pyodide/{n}" for n in ("python_stdlib.zip", "pyodide-lock.json")}
    need |= {p for p in tree if p.startswith(("flags/", "icons/", "py/cardroom-", "cards-"))}
    need |= {"pyscript/core.js"}
    plain = {u.removeprefix("./").partition("?")[0] for u in urls}
    missing = sorted(f for f in need if f not in plain)
    assert not missing, f"not precached: {missing}"
    # Nothing no screen uses: PyScript's editor, terminal, TOML and zip chunks stay out.
    unused = [u for u in urls if re.search(r"(xterm|codemirror|toml|zip-|mpy-)", u)]
    assert not unused, f"precached but never used: {unused}"


def test_the_offline_copy_is_every_file_the_site_has_but_what_no_page_loads(site):
    """What the start path uses is precached; everything else the site has (the pairing
    and QR code libraries, the QR code reader, the word index, the printable decks, the
    embed demo, the licences) is fetched after the first visit is ready: together, every
    file but sw.js and PyScript's chunks that no page loads, each with its revision."""
    sw = (site / "sw.js").read_text("utf-8")
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\n\]);", sw, re.S)[1])
    later = json.loads(re.search(r"const LATER = (\[.*?\n\]);", sw, re.S)[1])
    tree = _tree(site)
    copy: dict[str, str] = {}
    for url, rev in precache + later:
        rel = url.removeprefix("./").partition("?")[0]
        assert rel not in copy, f"{rel} is in the offline copy twice"
        assert hashlib.sha256(tree[rel]).hexdigest().startswith(rev), f"{url}: stale revision"
        copy[rel] = rev
    left = sorted(set(tree) - set(copy) - {"sw.js"})
    assert left and all(re.fullmatch(r"pyscript/[\w-]+\.(js|css)", f) for f in left), left
    for name in ("embed-demo.html", "licences.html", "LICENSES.md", "jsqr.js", "print/index.html"):
        assert name in copy, name
    assert [f for f in copy if re.fullmatch(r"py/(networkx|segno)-[\w.-]+\.zip", f)]
    assert not [
        u for u, _ in later if "pyodide" in u or u.endswith("index.html") and "/" not in u[2:]
    ]


def test_boot_module_keys_snapshots_by_build_and_fetches_cards_for_the_atlas_only(site):
    boot = (site / "pyodide-boot.mjs").read_text("utf-8")
    assert "{{" not in boot, "a placeholder was not filled in"
    build_id = re.search(r'const BUILD_ID = "([0-9a-f]{16})";', boot)
    assert build_id, "the snapshot key needs the build's id"
    modules = json.loads(re.search(r"const SNAPSHOT_MODULES = (\[.*?\]);", boot).group(1))
    # what a first visit waits for: part of the snapshot, and the atlas's start path
    handoff = json.loads(re.search(r"const HANDOFF_MODULES = (\[.*?\]);", boot).group(1))
    assert set(handoff) <= set(modules), handoff
    assert {"cardroom.atlas", "cardroom.atlas:states"} <= set(handoff), handoff
    for entry in modules + handoff:  # each is pure Python (no `js`), and each call to warm exists
        name, _, call = entry.partition(":")
        module = importlib.import_module(name)
        assert module.__file__ and Path(module.__file__).is_relative_to(ROOT / "py"), entry
        if call:
            assert callable(getattr(module, call)), entry
            getattr(module, call)()
    assert re.search(r'const PACKAGE_PATH = "/lib/[a-z]+\.zip";', boot)
    assert re.search(r"const cards = screenShowsCards\(\)\s*\?\s*fetchOk\(CARDS_URL", boot)
    assert (site / "snapshot-worker.mjs").is_file()
    # Source maps are not shipped, so nothing names one.
    for rel in ("pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyscript/core.js"):
        assert b"sourceMappingURL" not in (site / rel).read_bytes()[-300:], rel


def test_manifest_is_installable(site):
    m = json.loads((site / "manifest.webmanifest").read_text("utf-8"))
    assert m["name"] and m["start_url"] and m["display"] == "standalone"
    for icon in m["icons"]:
        assert (site / icon["src"]).is_file()
    assert any(i["sizes"] == "512x512" for i in m["icons"])
    assert 'rel="manifest"' in (site / "index.html").read_text("utf-8")


def test_nothing_in_our_own_files_points_at_another_host(site):
    own = [p for p in _tree(site) if not p.startswith(("pyodide/", "pyscript/", "flags/"))]
    for rel in own:
        if not rel.endswith((".html", ".js", ".mjs", ".css", ".webmanifest", ".svg")):
            continue
        text = (site / rel).read_text("utf-8")
        for url in re.findall(r"""(?:src|href|url\()\s*=?\s*["']?(https?:)?//[^"')\s]+""", text):
            pytest.fail(f"{rel} loads from another host: {url}")


def test_build_is_deterministic(site, tmp_path):
    again = _load_build().build(tmp_path / "again", quiet=True)
    a, b = _tree(site), _tree(again)
    assert a.keys() == b.keys()
    differ = [k for k in a if hashlib.sha256(a[k]).digest() != hashlib.sha256(b[k]).digest()]
    assert not differ, f"files differ between two builds: {differ}"


def test_card_face_prints_every_field():
    tx = atlas.by_code()["TX"]
    names = {s.code: s.name for s in atlas.states()}
    html = cards.card_html(tx, names)
    text = re.sub(r"<[^>]+>", " ", html)
    for needle in (
        "Texas",
        "Austin",
        "Lone Star",
        "James K. Polk",
        "29,145,505",
        "25,145,561",
        "268,596",
        "Houston",
        "Fort Worth",
        "Northern Mockingbird",
        "Bluebonnet",
        "40",
        "Central",
        "Mountain",
    ):
        assert needle in text, f"TX card lacks {needle!r}"
    assert 'data-card="TX"' in html
    for code in tx.borders:
        assert code in text
    assert cards.ordinal(1) == "1st" and cards.ordinal(12) == "12th" and cards.ordinal(23) == "23rd"


def test_printable_decks_are_in_the_site_for_letter_and_a4_and_cached_on_first_use(site):
    from html.parser import HTMLParser  # noqa: PLC0415

    index = (site / "print" / "index.html").read_text("utf-8")

    class Links(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.hrefs: list[str] = []

        def handle_starttag(self, tag, attrs):
            if tag == "a":
                self.hrefs.append(dict(attrs)["href"])

    links = Links()
    links.feed(index)
    sheets = [h for h in links.hrefs if h.endswith(("-letter.html", "-a4.html"))]
    _load_build()
    from sitebuild.decks import SHEETS  # noqa: PLC0415

    assert len(sheets) == 2 * len(SHEETS) >= 12, sheets  # every sheet, Letter and A4
    for href in sheets:
        html = (site / "print" / href).read_text("utf-8")
        assert f'data-paper="{href.rsplit("-", 1)[1].removesuffix(".html")}"' in html
    geo = (site / "print" / "geoplunge-a4.html").read_text("utf-8")
    used = set(re.findall(r'src="\.\./flags/([A-Z]{2})\.svg"', geo))
    assert len(used) == 50 and all((site / "flags" / f"{c}.svg").is_file() for c in used)
    assert 'href="print/index.html"' in (site / "index.html").read_text("utf-8")
    sw = (site / "sw.js").read_text("utf-8")
    precached = json.loads(re.search(r"const PRECACHE = (\[.*?\n\]);", sw, re.S).group(1))
    assert not [u for u, _ in precached if u.startswith("./print/")], "print pages: not on start"
    later = json.loads(re.search(r"const LATER = (\[.*?\n\]);", sw, re.S).group(1))
    # ... but in the offline copy, fetched after the first visit is ready
    assert {f"./print/{h}" for h in [*sheets, "index.html"]} <= {u for u, _ in later}


def test_pyodide_lock_ships_its_info_and_no_wheel_the_site_lacks(site):
    import json

    shipped = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())
    original = json.loads((ROOT / "node_modules/pyodide/pyodide-lock.json").read_text())
    assert shipped["info"] == original["info"]  # the ABI and Python version Pyodide checks
    assert len(original["packages"]) > 300
    # every package the lock names would have to be a file the site serves: none are
    assert shipped["packages"] == {}
    assert not any(p.suffix == ".whl" for p in (site / "pyodide").iterdir())


def test_the_runtimes_factory_is_compiled_early_and_its_linking_cut_into_tasks(site):
    from sitebuild import runtime

    original = (NODE / "pyodide" / "pyodide.asm.mjs").read_bytes()
    shipped = (site / "pyodide" / "pyodide.asm.mjs").read_bytes()
    start = shipped.index(b"async function receiveInstance(")
    body = shipped[start : shipped.index(b"return wasmExports}", start)]
    # three yields to the event loop, between the four steps, in their order
    assert body.count(runtime.NEXT_TASK) == 3
    steps = [body.index(step.split(b"(")[0]) for step in runtime.RECEIVE_INSTANCE]
    assert steps == sorted(steps)
    # the module factory is a parenthesized function expression, compiled with the module
    assert shipped.startswith(runtime.EAGER_FACTORY[0])
    assert shipped.count(runtime.EAGER_FACTORY[1]) == 1
    # no SharedArrayBuffer where the page is not cross-origin isolated (plain hosts)
    assert shipped.count(runtime.ISOLATED_SLEEP) == 1
    # nothing else changed: the original comes back with all three undone
    unsplit = shipped.replace(runtime.ISOLATED_SLEEP, runtime.SHARED_SLEEP)
    for plain, cached in zip(runtime.WRAPPER_MODULE, runtime.CACHED_WRAPPER_MODULE, strict=True):
        unsplit = unsplit.replace(cached, plain)
    unsplit = unsplit.replace(runtime.LINK_HELPERS, b"")
    unsplit = unsplit.replace(runtime.LOAD_DYLIBS[1], runtime.LOAD_DYLIBS[0])
    unsplit = unsplit.replace(b"await updateGOTInSlices(origExports);", b"updateGOT(origExports);")
    unsplit = unsplit.replace(b"await loadDylibs();", b"loadDylibs();")
    for copy, end in (
        (b"updateGOTInSlices", runtime.UPDATE_GOT[1]),
        (b"reportUndefinedSymbolsInSlices", runtime.REPORT_UNDEFINED[1]),
    ):
        unsplit = re.sub(
            rb";var " + copy + rb"=async.*?(?=" + re.escape(end) + rb")", b"", unsplit, count=1
        )
    unsplit = unsplit.replace(b"async function receiveInstance(", b"function receiveInstance(")
    unsplit = unsplit.replace(runtime.NEXT_TASK, b"")
    for eager, lazy in zip(runtime.EAGER_FACTORY, runtime.FACTORY, strict=True):
        unsplit = unsplit.replace(eager, lazy)
    assert runtime.SOURCE_MAP_RE.sub(b"\n", original) == unsplit
    # a Pyodide whose receiveInstance is not the expected one stops the build
    changed = original.replace(b"updateGOT(origExports);LDSO.init()", b"LDSO.init()")
    with pytest.raises(SystemExit, match="receiveInstance"):
        runtime.split_linking(changed)
    with pytest.raises(SystemExit, match="receiveInstance"):
        runtime.split_linking(original + b"\n" + b"".join(runtime.RECEIVE_INSTANCE))
    with pytest.raises(SystemExit, match="factory"):
        runtime.eager_factory(b"export default " + original)
    with pytest.raises(SystemExit, match="syncSleep"):
        runtime.sleep_without_shared_memory(original.replace(b"shared:!0", b"shared:true"))
    with pytest.raises(SystemExit, match="convertJsFunctionToWasm"):
        runtime.cached_wrapper_modules(
            original.replace(b"var module=new WebAssembly", b"var m=new WebAssembly")
        )
    with pytest.raises(SystemExit, match="updateGOT"):
        runtime.sliced_linking(
            runtime.split_linking(original.replace(b"var updateGOT=", b"var updateGot="))
        )


#: The shipped runtime's own code, run in Node: the wrapper modules it compiles for JS
#: functions put in the function table (one per signature), and the linking's loop of
#: undefined symbols, which yields to the event loop between slices and still fills
#: every entry.
_LINKING_IN_NODE = r"""
const src = require("fs").readFileSync(process.argv[2], "utf8");
const between = (a, b) => { const i = src.indexOf(a); return src.slice(i, src.indexOf(b, i)); };
let compiled = 0;
const RealModule = WebAssembly.Module;
WebAssembly.Module = function (bytes) { compiled += 1; return new RealModule(bytes); };
const GOT = {};
for (let i = 0; i < 400; i++) GOT["sym" + i] = { value: -1, required: true };
const wasmImports = {};
for (let i = 0; i < 400; i++) {
  const f = (x) => x + i;
  f.sig = i % 2 ? "ii" : "vi";
  wasmImports["sym" + i] = f;
}
const resolveGlobalSymbol = (name) => ({ sym: wasmImports[name] });
let slot = 0;
const addFunction = (f, sig) => {
  const end = performance.now() + 0.2; while (performance.now() < end) {}  // some work per symbol
  convertJsFunctionToWasm(f, sig);
  return ++slot;
};
eval(between("var uleb128EncodeWithLen=", ";var addFunction=") + ";" +
     between("var linkDeadline=", "var reportUndefinedSymbols=") +
     between("var reportUndefinedSymbolsInSlices=", ";var loadDylibs=") +
     ";globalThis.report = reportUndefinedSymbolsInSlices;" +
     "globalThis.convert = convertJsFunctionToWasm;");
const add = convert((x) => x * 3, "ii");
let ticks = 0;
let done = false;
const tick = () => { ticks += 1; if (!done) setTimeout(tick, 0); };
setTimeout(tick, 0);
const started = Date.now();
report().then(() => {
  done = true;
  console.log(JSON.stringify({
    compiled, ticks, ms: Date.now() - started, result: add(14),
    filled: Object.values(GOT).every((e) => e.value > 0),
  }));
});
"""


def test_the_runtimes_linking_compiles_one_wrapper_per_signature_and_yields(site, tmp_path):
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.skip("no node")
    script = tmp_path / "linking.js"
    script.write_text(_LINKING_IN_NODE)
    shipped = site / "pyodide" / "pyodide.asm.mjs"
    out = subprocess.run(
        [node, str(script), str(shipped)], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["result"] == 42 and got["filled"], got
    # 401 functions of two signatures: two modules compiled (Emscripten compiled 401)
    assert got["compiled"] == 2, got
    # 400 symbols at 0.2 ms or more each: the event loop ran in between, many times
    assert got["ticks"] >= 5, got


def test_pyscripts_python_api_ships_inside_the_package_zip(site):
    """The kit imports ``pyscript.web`` and ``pyscript.when`` when a game mounts, before
    PyScript's core has attached (docs/architecture.md): the package is in the zip, the
    boot module registers the JavaScript modules it rests on, and pyscript.storage's map
    is in the site and cached on first use."""
    import io
    import zipfile

    tree = _tree(site)
    (zip_name,) = [p for p in tree if re.fullmatch(r"py/cardroom-[0-9a-f]+\.zip", p)]
    names = set(zipfile.ZipFile(io.BytesIO(tree[zip_name])).namelist())
    for module in ("__init__", "web", "events", "ffi", "context", "storage", "util"):
        assert f"pyscript/{module}.py" in names, module
    assert "cardroom/web/platform/listeners.py" in names
    boot = tree["pyodide-boot.mjs"].decode("utf-8")
    assert 'registerJsModule("polyscript"' in boot and 'registerJsModule("_pyscript"' in boot
    sw = tree["sw.js"].decode("utf-8")
    later = [u for u, _rev in json.loads(re.search(r"const LATER = (\[.*?\n\]);", sw, re.S)[1])]
    for name in ("pyscript/idb-map/index.js", "pyscript/idb-map/sync.js"):
        assert name in tree and f"./{name}" in later, name


# --------------------------------------------------------------- the standard library


def _imports(tree: ast.Module, module_level: bool) -> list[str]:
    """Absolute imports in a module: every one, or only those that run when it is
    imported (module level, in ``if``/``try``/``with``, but not under
    ``if __name__ == "__main__"`` nor in an ``except ImportError`` fallback)."""
    if not module_level:
        nodes = list(ast.walk(tree))
    else:
        nodes, todo = [], list(tree.body)
        while todo:
            node = todo.pop()
            nodes.append(node)
            if isinstance(node, ast.If):
                if "__main__" in ast.unparse(node.test):
                    continue
                todo += node.body + node.orelse
            elif isinstance(node, ast.Try):
                todo += node.body + node.orelse + node.finalbody
                todo += [
                    n
                    for h in node.handlers
                    if "ImportError" not in ast.unparse(h.type or ast.Constant(None))
                    for n in h.body
                ]
            elif isinstance(node, ast.With):
                todo += node.body
    found = []
    for node in nodes:
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found += [node.module] + [f"{node.module}.{a.name}" for a in node.names]
    return found


def _source_imports(source: bytes, module_level: bool) -> list[str]:
    try:
        return _imports(ast.parse(source), module_level)
    except SyntaxError:  # Python 3.14 syntax this interpreter cannot parse: top-level lines
        return re.findall(rb"^(?:import|from)\s+([\w.]+)", source, re.M)


def test_the_standard_library_ships_with_its_start_path_compiled(site):
    """Pyodide's standard library zip, entry for entry, except the removed modules and the
    start path's modules, which are sourceless bytecode (hash-based, unchecked, one magic
    number); the rest is unchanged."""
    upstream = zipfile.ZipFile(NODE / "pyodide" / "python_stdlib.zip")
    shipped = zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip")
    names = set(shipped.namelist())
    magics = set()
    kept = 0
    for name in upstream.namelist():
        module = stdlib.module_name(name)
        if stdlib.removed(module):
            assert name not in names and name.replace(".py", ".pyc") not in names, name
            continue
        kept += 1
        if name.endswith(".py") and name[:-3] + ".pyc" in names:
            assert name not in names, f"{name} is shipped both compiled and as source"
            data = shipped.read(name[:-3] + ".pyc")
            magics.add(data[:4])
            assert int.from_bytes(data[4:8], "little") == 0b01, name  # hash-based, unchecked
            assert len(data) > 16, name
        else:
            assert name in names, name
            assert shipped.read(name) == upstream.read(name), name
    assert len(names) == kept
    assert len(magics) == 1 and next(iter(magics)).endswith(b"\r\n"), magics
    compiled = {n[:-4] for n in names if n.endswith(".pyc")}
    start = {
        "_pyodide/_base",
        "pyodide/ffi/__init__",
        "asyncio/__init__",
        "typing",
        "json/__init__",
    }
    start |= {"dataclasses", "random", "enum", "functools", "re/__init__", "zipfile/__init__"}
    assert start <= compiled, start - compiled
    assert 100 < len(compiled) < 250, len(compiled)
    for name in ("decimal", "statistics", "xml/etree/ElementTree", "email/parser"):
        assert f"{name}.py" in names, f"{name} is not on the start path: it stays source"


def test_no_module_the_site_ships_needs_a_removed_one(site):
    """Neither the site's package (PyScript's API inside it), networkx nor segno imports a
    removed module anywhere; no standard-library module the site ships imports one when it
    is imported."""
    offenders = []
    for archive in sorted((site / "py").glob("*.zip")):
        with zipfile.ZipFile(archive) as z:
            for name in z.namelist():
                if name.endswith(".py"):
                    for mod in _source_imports(z.read(name), module_level=False):
                        if stdlib.removed(mod):
                            offenders.append(f"{archive.name}:{name} imports {mod}")
    with zipfile.ZipFile(NODE / "pyodide" / "python_stdlib.zip") as upstream:
        for name in upstream.namelist():
            if not name.endswith(".py") or stdlib.removed(stdlib.module_name(name)):
                continue
            for mod in _source_imports(upstream.read(name), module_level=True):
                mod = mod.decode() if isinstance(mod, bytes) else mod
                if stdlib.removed(mod):
                    offenders.append(f"python_stdlib.zip:{name} imports {mod}")
    assert not offenders, offenders
    assert {"cardroom", "networkx", "segno"} <= {
        p.name.split("-")[0] for p in (site / "py").glob("*.zip")
    }


def test_start_modules_are_the_snapshots_and_the_screens_stdlib_imports():
    sources = {
        "cardroom/core.py": b"import random\nfrom cardroom import atlas\n",
        "cardroom/web/x_screen.py": (
            b"import json\nimport cardroom.core\ntry:\n    import csv\nexcept ImportError:\n"
            b"    pass\ndef later():\n    import gzip\n"
        ),
    }
    screens = {"cardroom.web.x_screen": ["cardroom.core", "cardroom.web.x_screen"]}
    std = {"random", "json", "csv", "gzip"}
    got = stdlib.start_modules(sources, screens, ["cardroom.atlas:states", "cardroom.core"], std)
    assert got == ["cardroom.atlas:states", "cardroom.core", "random", "json", "csv"]


def test_the_compiled_standard_library_is_the_same_without_the_cache(site, tmp_path, monkeypatch):
    """A fresh run of Pyodide under Node writes the bytes the build shipped (the build may
    have taken them from the cache)."""
    monkeypatch.setattr(stdlib, "CACHE_DIR", tmp_path / "cache")
    (tmp_path / "out" / "pyodide").mkdir(parents=True)
    package = next((site / "py").glob("cardroom-*.zip"))
    with zipfile.ZipFile(package) as z:
        screens = json.loads(z.read("cardroom/web/imports.json"))
    from sitebuild.runtime import SNAPSHOT_MODULES

    info = stdlib.ship_stdlib(tmp_path / "out", package, screens, SNAPSHOT_MODULES, quiet=True)
    assert (tmp_path / "cache").is_dir()  # this run compiled, and filled the cache
    fresh = (tmp_path / "out" / "pyodide" / "python_stdlib.zip").read_bytes()
    assert fresh == (site / "pyodide" / "python_stdlib.zip").read_bytes()
    assert info["python"].startswith("3.") and not info["failed"] and not info["needed_removed"]
    assert "asyncio" in info["compiled"] and "cardroom.atlas" not in info["compiled"]


def test_each_games_link_has_its_intro_pre_rendered(site):
    """Title, how to play and setup form of every game, shown on its own link before
    Python is up."""
    from cardroom.web.platform.routes import WEB_GAMES  # noqa: PLC0415

    html = (site / "index.html").read_text("utf-8")
    for g in WEB_GAMES.values():
        section = re.search(
            rf'<template id="intro-{g.slug}-template"><section id="intro-{g.slug}" '
            r".*?</form></div></section></template>",
            html,
            re.S,
        )
        assert section, g.slug
        assert f">{escape(g.title)}</h1>" in section.group(0)
        assert f"<p>{escape(g.how_to)}</p>" in section.group(0)
        assert f'html[data-screen="game:{g.slug}"]:not([data-ready]) #intro-{g.slug}' in html
    assert ".screen-intro{display:none}" in html

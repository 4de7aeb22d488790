"""The browser runtime, vendored from node_modules: Pyodide's core files, PyScript's dist,
and the boot module (web/pyodide-boot.mjs) that starts Pyodide early."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from .common import NODE, WEB, fill, log
from .offline import revision, versioned_url

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: PyScript plugins the site does not use (the error plugin is replaced by our own
#: error panel; see web/boot.js).
PYSCRIPT_PLUGINS_OFF = (
    "codemirror",
    "deprecations-manager",
    "donkey",
    "error",
    "py-editor",
    "py-game",
    "py-terminal",
)


#: PyScript chunks its core imports at start whatever the config says (the plugins the
#: site turns off still load their small entry chunk); with core.js and core-*.js they
#: are every PyScript file a screen uses. The rest of dist/ is vendored but never
#: requested (editor, terminal, TOML, zip, MicroPython, package graph), so never
#: precached.
PYSCRIPT_START_CHUNKS = (
    "deprecations-manager",
    "donkey",
    "error",
    "py-editor",
    "py-game",
    "py-terminal",
)
#: What a memory snapshot holds (pure Python: in snapshot mode `js` reaches no page):
#: modules to import, and ``module:function`` to call once so that its cached result is
#: in the snapshot too. Together they are the start path of the home page, the atlas and
#: Border-Up, minus the DOM layer.
SNAPSHOT_MODULES = (
    # first: from here on no module is compiled twice (zipimport's get_filename)
    "cardroom.web.platform.bytecode:compile_once",
    "cardroom.atlas",
    "cardroom.core",
    "cardroom.scoring",
    "cardroom.web.kit.cards",
    "cardroom.web.platform.routes",
    "cardroom.web.kit.logic",
    "cardroom.web.kit.hand_model",
    "cardroom.web.games.border_up.logic",
    "cardroom.geoplunge.border_up",
    "cardroom.geoplunge.bot",
    "cardroom.geoplunge.groups",
    "cardroom.geoplunge.solver",
    "cardroom.atlas:states",
    "cardroom.atlas:by_code",
    "cardroom.atlas:borders",
    # last: every screen's modules not imported above, compiled ahead (not run)
    "cardroom.web.platform.bytecode:precompile",
)
#: What the first visit's interpreter holds when the worker hands it to the page (the
#: home page's and the atlas's start path: the page waits for these); the worker imports
#: the rest of SNAPSHOT_MODULES afterwards, before it stores the snapshot for next time.
HANDOFF_MODULES = (
    "cardroom.web.platform.bytecode:compile_once",
    "cardroom.atlas",
    "cardroom.web.platform.routes",
    "cardroom.atlas:states",
    "cardroom.atlas:by_code",
)
#: Fetched under an address that carries their revision (``?v=``), by the boot module and
#: the worker alike: the browser's HTTP cache can keep them for good, and a repeat visit
#: takes the runtime from it, with the code V8 compiled for it on an earlier visit (the
#: service worker's copy is the offline fallback).
VERSIONED = ("pyodide/pyodide.asm.wasm",)
#: Where the cardroom package (its zip, imported as is) lives in Python's file system.
PACKAGE_PATH = "/lib/cardroom.zip"
SOURCE_MAP_RE = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")

#: Emscripten's ``receiveInstance`` in ``pyodide.asm.mjs``: once the runtime is
#: instantiated, it links it (Python's exports merged into the symbol table, wrappers for
#: the exports that return pointers, the global offset table filled, the undefined symbols
#: checked) in one synchronous call, a main-thread task of 80-100 ms on a repeat visit and
#: 180-210 ms on a machine 2-3 x slower (Chromium traces, benchmarks/README.md). The build
#: makes it async with three yields to the page's event loop between those steps (the
#: boot module's nextTask), so that no piece is longer than about a third of it. Its
#: callers take a promise as well as a value: Pyodide's ``instantiateWasm`` callback
#: resolves a promise with what it returns, and ``createWasm`` is async.
RECEIVE_INSTANCE = (
    b"function receiveInstance(instance,module){wasmExports=instance.exports;"
    b'var origExports=wasmExports;mergeLibSymbols(wasmExports,"main");'
    b"var metadata=getDylinkMetadata(module);if(metadata.neededDynlibs)"
    b"{dynamicLibraries=metadata.neededDynlibs.concat(dynamicLibraries)}",
    b"wasmExports=applySignatureConversions(wasmExports);assignWasmExports(wasmExports);",
    b"updateGOT(origExports);",
    b"LDSO.init();loadDylibs();updateMemoryViews();return wasmExports}",
)
NEXT_TASK = (
    b'await(globalThis.scheduler&&typeof scheduler.yield=="function"'
    b"?scheduler.yield():new Promise(r=>setTimeout(r,0)));"
)


#: ``pyodide.asm.mjs`` is one function, Emscripten's module factory (1.25 MB of
#: JavaScript), that V8 compiles lazily, when it is first called: on a first visit, that
#: is in the page's task that receives the worker's interpreter, where parsing it took 90
#: of that task's 200-270 ms on a slow machine (Chromium trace, V8.ParseFunction). Written
#: as a parenthesized function expression, it is compiled with the module instead, off the
#: page's thread while the module streams in (V8's heuristic for functions that are called
#: at once); the functions inside it stay lazy.
FACTORY = (
    b"async function _createPyodideModule(moduleArg={}){",
    b";return moduleRtn}export default _createPyodideModule;",
)
EAGER_FACTORY = (
    b"var _createPyodideModule=(async function _createPyodideModule(moduleArg={}){",
    b";return moduleRtn});export default _createPyodideModule;",
)


#: Pyodide's ``syncSleep`` (its retry of a file read that says EAGAIN) waits with
#: ``Atomics.wait`` on a page of *shared* WebAssembly memory that ``pyodide.asm.mjs``
#: makes as it loads. A shared memory is a SharedArrayBuffer: on a page that is not
#: cross-origin isolated (a static host without the COOP/COEP headers, which a teacher's
#: host will not send) Chromium reports it as a deprecated use
#: ("SharedArrayBufferConstructedWithoutIsolation") and Lighthouse's best practices drop
#: to 81. The build makes that buffer a plain one when ``crossOriginIsolated`` is false:
#: ``Atomics.wait`` then throws, which ``syncSleep`` already catches (it returns false, as
#: it does on a page's main thread, where ``Atomics.wait`` is never allowed), so the read
#: fails at once instead of being retried 100 ms later. An isolated page, a worker of
#: one, and Node (where the global is undefined) keep the shared memory.
SHARED_SLEEP = b"new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer)"
ISOLATED_SLEEP = b"(globalThis.crossOriginIsolated===!1?new Int32Array(1):" + SHARED_SLEEP + b")"


def _refuse(what: str) -> NoReturn:
    """Stop the build: a new Pyodide must be looked at again rather than shipped unchanged
    or half changed."""
    raise SystemExit(
        f"pyodide.asm.mjs: {what} is not laid out as sitebuild/runtime.py expects; "
        "check it against this Pyodide"
    )


def _replace_once(asm_mjs: bytes, old: bytes, new: bytes, what: str) -> bytes:
    if asm_mjs.count(old) != 1:
        _refuse(what)
    return asm_mjs.replace(old, new)


def eager_factory(asm_mjs: bytes) -> bytes:
    """``pyodide.asm.mjs`` with its factory compiled as the module loads (FACTORY)."""
    what = "Emscripten's module factory (FACTORY)"
    if not asm_mjs.startswith(FACTORY[0]):
        _refuse(what)
    for lazy, eager in zip(FACTORY, EAGER_FACTORY, strict=True):
        asm_mjs = _replace_once(asm_mjs, lazy, eager, what)
    return asm_mjs


def split_linking(asm_mjs: bytes) -> bytes:
    """``pyodide.asm.mjs`` with ``receiveInstance`` cut into four tasks (RECEIVE_INSTANCE)."""
    whole = b"".join(RECEIVE_INSTANCE)
    split = b"async " + NEXT_TASK.join(RECEIVE_INSTANCE)
    return _replace_once(asm_mjs, whole, split, "Emscripten's receiveInstance (RECEIVE_INSTANCE)")


#: Emscripten's ``convertJsFunctionToWasm`` wraps a JS function for the function table by
#: compiling a tiny ``WebAssembly.Module`` (one import, one export of the function's
#: signature) and instantiating it. Linking the runtime puts a few hundred JS functions in
#: the table (``reportUndefinedSymbols``), so it compiled a few hundred modules on the
#: page's thread, one per function although there are only a few dozen signatures: the
#: largest piece of the linking, 344-478 ms at 4 x CPU (benchmarks/README.md). The build
#: keeps one compiled module per signature (the module's bytes depend on the signature
#: alone) and only instantiates it again for each function.
WRAPPER_MODULE = (
    b"var convertJsFunctionToWasm=(func,sig)=>{var bytes=",
    b"var module=new WebAssembly.Module(bytes);var instance=",
)
CACHED_WRAPPER_MODULE = (
    b"var wrapperModules=new Map;var convertJsFunctionToWasm=(func,sig)=>"
    b"{var module=wrapperModules.get(sig);if(!module){var bytes=",
    b"module=new WebAssembly.Module(bytes);wrapperModules.set(sig,module)}var instance=",
)

#: The two loops of the linking that ``split_linking`` left whole, ``updateGOT`` (the
#: global offset table, over Python's 4,000-odd exports, after building the map of the
#: function table) and ``reportUndefinedSymbols`` (the table's JS functions), were each a
#: task of 150-480 ms at 4 x CPU. The build adds copies of them that yield to the page's
#: event loop whenever they have run for LINK_SLICE_MS, and ``receiveInstance`` awaits
#: those (the originals stay, for Emscripten's other callers).
LINK_SLICE_MS = 8
UPDATE_GOT = (
    b"var updateGOT=(exports,replace)=>{for(var symName in exports){",
    b";var isImmutableGlobal=",
)
REPORT_UNDEFINED = (
    b"var reportUndefinedSymbols=()=>{for(var[symName,entry]of Object.entries(GOT)){",
    b";var loadDylibs=",
)
LINK_YIELD = b"if(performance.now()>linkDeadline){await linkNextTask();}"
LINK_HELPERS = (
    b"var linkDeadline=0;var linkNextTask=async()=>{"
    + NEXT_TASK
    + b"linkDeadline=performance.now()+"
    + str(LINK_SLICE_MS).encode()
    + b"};"
)
SLICED_TABLE_MAP = (
    b"if(!functionsInTableMap){functionsInTableMap=new WeakMap;"
    b"for(var i=0;i<wasmTable.length;i+=256){"
    + LINK_YIELD
    + b"updateTableMap(i,Math.min(256,wasmTable.length-i))}}"
)
LOAD_DYLIBS = (
    b"var loadDylibs=async()=>{if(!dynamicLibraries.length){reportUndefinedSymbols();return}",
    b"var loadDylibs=async()=>{if(!dynamicLibraries.length)"
    b"{await reportUndefinedSymbolsInSlices();return}",
)


def cached_wrapper_modules(asm_mjs: bytes) -> bytes:
    """``pyodide.asm.mjs`` compiling one wrapper module per signature (WRAPPER_MODULE)."""
    what = "Emscripten's convertJsFunctionToWasm (WRAPPER_MODULE)"
    for old, new in zip(WRAPPER_MODULE, CACHED_WRAPPER_MODULE, strict=True):
        asm_mjs = _replace_once(asm_mjs, old, new, what)
    return asm_mjs


def _sliced_copy(asm_mjs: bytes, bounds: tuple[bytes, bytes], name: bytes, prefix: bytes) -> bytes:
    """A copy of the function that starts with ``bounds[0]`` (up to ``bounds[1]``), named
    ``name``, async, with LINK_YIELD at the top of its loop and ``prefix`` before the loop."""
    start, end = bounds
    if asm_mjs.count(start) != 1:
        _refuse(f"Emscripten's {name.decode()} loop")
    at = asm_mjs.index(start)
    stop = asm_mjs.find(end, at)
    if stop < 0:
        _refuse(f"Emscripten's {name.decode()} loop")
    head, loop = start.split(b"=>{", 1)  # "var f=(args)", "for(...){"
    args = head.split(b"=", 1)[1]
    body = asm_mjs[at + len(start) : stop]
    copy = b";var " + name + b"=async" + args + b"=>{" + prefix + loop + LINK_YIELD + body
    return asm_mjs[:stop] + copy + asm_mjs[stop:]


def sliced_linking(asm_mjs: bytes) -> bytes:
    """``pyodide.asm.mjs`` whose ``receiveInstance`` (already split by ``split_linking``)
    fills the global offset table and the undefined symbols in slices (LINK_SLICE_MS)."""
    what = "Emscripten's linking loops (UPDATE_GOT, REPORT_UNDEFINED)"
    asm_mjs = _sliced_copy(asm_mjs, UPDATE_GOT, b"updateGOTInSlices", SLICED_TABLE_MAP)
    asm_mjs = _sliced_copy(asm_mjs, REPORT_UNDEFINED, b"reportUndefinedSymbolsInSlices", b"")
    asm_mjs = _replace_once(asm_mjs, REPORT_UNDEFINED[0], LINK_HELPERS + REPORT_UNDEFINED[0], what)
    asm_mjs = _replace_once(asm_mjs, *LOAD_DYLIBS, what)
    got = NEXT_TASK + RECEIVE_INSTANCE[2] + NEXT_TASK + b"LDSO.init();loadDylibs();"
    sliced = NEXT_TASK + b"await updateGOTInSlices(origExports);" + NEXT_TASK
    sliced += b"LDSO.init();await loadDylibs();"
    return _replace_once(asm_mjs, got, sliced, what)


def sleep_without_shared_memory(asm_mjs: bytes) -> bytes:
    """``pyodide.asm.mjs`` without a SharedArrayBuffer when the page is not cross-origin
    isolated (SHARED_SLEEP)."""
    what = "Pyodide's syncSleep buffer (SHARED_SLEEP)"
    return _replace_once(asm_mjs, SHARED_SLEEP, ISOLATED_SLEEP, what)


#: PyScript's storage (``pyscript.storage``): fetched on first use, then cached offline.
IDB_MAP_FILES = ("pyscript/idb-map/index.js", "pyscript/idb-map/sync.js")


@dataclass(frozen=True)
class Runtime:
    """What the rest of the build needs to know about the vendored runtime."""

    pyodide_version: str
    python_version: str  # "3.14"

    @property
    def site_packages(self) -> str:
        return f"/lib/python{self.python_version}/site-packages"


def vendor_runtime(out: Path, quiet: bool = False) -> Runtime:
    """Copy Pyodide's core files to ``out/pyodide`` and PyScript's dist to ``out/pyscript``."""
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        data = (NODE / "pyodide" / name).read_bytes()
        if name.endswith(".mjs"):  # the source maps are not shipped: no dangling reference
            data = SOURCE_MAP_RE.sub(b"\n", data)
            if name == "pyodide.asm.mjs":
                data = sleep_without_shared_memory(data)
                data = cached_wrapper_modules(sliced_linking(split_linking(data)))
                data = eager_factory(data)
        elif name == "pyodide-lock.json":
            data = shipped_lock(data)
        (out / "pyodide" / name).write_bytes(data)
    (out / "pyscript").mkdir()
    for p in sorted((NODE / "@pyscript" / "core" / "dist").iterdir()):
        if p.suffix == ".map" or p.name == "service-worker.js" or not p.is_file():
            continue
        text = p.read_bytes()
        text = SOURCE_MAP_RE.sub(b"\n", text)
        (out / "pyscript" / p.name).write_bytes(text)
    # PyScript's storage is an IndexedDB map from @webreflection/idb-map (bundled inside
    # PyScript's core): the boot module's stand-in for PyScript's `polyscript` module
    # imports the same code before that core has loaded (web/pyodide-boot.mjs).
    (out / "pyscript" / "idb-map").mkdir()
    for path in IDB_MAP_FILES:
        src = NODE / "@webreflection" / "idb-map" / Path(path).name
        (out / path).write_bytes(SOURCE_MAP_RE.sub(b"\n", src.read_bytes()))
    lock = json.loads((NODE / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    py_ver = ".".join(lock["info"]["python"].split(".")[:2])
    pyodide_ver = json.loads((NODE / "pyodide" / "package.json").read_text("utf-8"))["version"]
    log(f"  pyodide {pyodide_ver} (Python {py_ver}), pyscript core", quiet)
    return Runtime(pyodide_version=pyodide_ver, python_version=py_ver)


def shipped_lock(data: bytes) -> bytes:
    """Pyodide's lock file as the site ships it: its ``info`` (the ABI, platform and Python
    version Pyodide checks at start) with no packages. The lock describes the 350 wheels of
    Pyodide's full distribution (numpy, pandas, ...), 119 KB that every first visit would
    download; the site ships none of those wheels (only the core files above), so their
    entries could only ever point at files that are not there. Pure-Python libraries the
    site does use (networkx, segno) are shipped as zips of their own (``wheels.py``)."""
    lock = json.loads(data)
    return json.dumps(
        {"info": lock["info"], "packages": {}}, separators=(",", ":"), sort_keys=True
    ).encode()


def pyscript_start_files(out: Path) -> list[str]:
    """The vendored PyScript files a page loads (paths relative to ``out``)."""
    names = sorted(p.name for p in (out / "pyscript").iterdir())
    core = [n for n in names if n == "core.js" or re.fullmatch(r"core-[\w-]+\.js", n)]
    chunks = [
        n for n in names if any(re.fullmatch(rf"{c}-[\w-]+\.js", n) for c in PYSCRIPT_START_CHUNKS)
    ]
    if len(core) != 2 or len(chunks) != len(PYSCRIPT_START_CHUNKS):
        raise SystemExit(f"pyscript: unexpected dist layout {core} {chunks}: check the chunks")
    return [f"pyscript/{n}" for n in core + chunks]


def build_id(out: Path, pkg_name: str) -> str:
    """What a memory snapshot depends on: the runtime, the package and the boot code."""
    h = hashlib.sha256()
    for rel in [f"pyodide/{n}" for n in PYODIDE_FILES] + [f"py/{pkg_name}"]:
        h.update(rel.encode() + b"\0" + hashlib.sha256((out / rel).read_bytes()).digest())
    for src in ("pyodide-boot.mjs", "snapshot-worker.mjs"):
        h.update((WEB / src).read_bytes())
    h.update(repr((SNAPSHOT_MODULES, HANDOFF_MODULES, PACKAGE_PATH)).encode())
    return h.hexdigest()[:16]


def write_boot_module(out: Path, runtime: Runtime, pkg_name: str, cards_name: str) -> str:
    """web/pyodide-boot.mjs and web/snapshot-worker.mjs with the build's constants filled
    in; returns the boot module's URL."""
    wasm = "pyodide/pyodide.asm.wasm"
    wasm_url = json.dumps(versioned_url(wasm, revision(out / wasm)))
    boot_mjs = fill(
        (WEB / "pyodide-boot.mjs").read_text("utf-8"),
        {
            "WASM_URL": wasm_url,
            "PKG_URL": json.dumps(f"./py/{pkg_name}"),
            "CARDS_URL": json.dumps(f"./{cards_name}"),
            "PACKAGE_PATH": json.dumps(PACKAGE_PATH),
            "BUILD_ID": json.dumps(build_id(out, pkg_name)),
            "SNAPSHOT_MODULES": json.dumps(list(SNAPSHOT_MODULES)),
            "HANDOFF_MODULES": json.dumps(list(HANDOFF_MODULES)),
        },
    )
    (out / "pyodide-boot.mjs").write_text(boot_mjs, "utf-8")
    worker = fill((WEB / "snapshot-worker.mjs").read_text("utf-8"), {"WASM_URL": wasm_url})
    (out / "snapshot-worker.mjs").write_text(worker, "utf-8")
    return "./pyodide-boot.mjs"


def pyscript_config(interpreter: str) -> str:
    """web/pyscript.json plus what only the build knows, as compact JSON."""
    config = json.loads((WEB / "pyscript.json").read_text("utf-8"))
    config["interpreter"] = interpreter
    config["plugins"] = [f"!{p}" for p in PYSCRIPT_PLUGINS_OFF]
    return json.dumps(config, separators=(",", ":"), sort_keys=True)

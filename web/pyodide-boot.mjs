// PyScript's `interpreter` module (see sitebuild/runtime.py): the vendored Pyodide,
// started as soon as the page starts loading instead of after PyScript has read its config.
//
// index.html loads this module with <script type="module" async>. Right after the
// first paint (the pre-rendered map needs no script) it starts Python and fetches the
// cardroom package (a zip) at the same time, plus the 50 pre-rendered card faces (their
// <template>s, kept out of index.html so they never delay the first paint) when the
// routed screen shows cards; they go into #card-templates as soon as they arrive.
//
// Starting Python takes one of three paths, named on <html data-boot> and by a
// performance mark (cardroom:boot-snapshot, cardroom:boot-worker or cardroom:boot-fresh).
// None runs a long task on this thread: Pyodide's steps are cut into separate tasks
// (createPyodideModule), so the page answers input all along.
// - snapshot (a repeat visit): a memory snapshot of an earlier start (Python up,
//   start-path modules imported) is in Cache Storage under this build's key, Pyodide's
//   version and this browser's user agent, with an intact SHA-256: Pyodide restores it
//   (much faster than starting Python). A worker of its own reads and checks it, and
//   compiles the runtime from the HTTP cache, while the runtime loads (readInWorker), and
//   its pages go straight into the runtime's memory, in slices (restoreInPlace).
// - worker (a first visit, or a snapshot that cannot be used: another build or browser,
//   damaged bytes, a failed restore, which is deleted): Python starts in
//   snapshot-worker.mjs, off this thread (index.html creates the worker right after the
//   first paint when localStorage holds no hint of a snapshot). The worker hands over the
//   runtime it compiled and the heap of its started interpreter; this page instantiates
//   the runtime (no second compile) and restores the heap. Once the screen is
//   interactive and the browser idle, the worker stores its snapshot for the next visit.
// - fresh: loadPyodide() here, as usual, if the worker cannot start or its heap cannot
//   be restored. Every fallback is silent.
//
// Once Python is up it puts the package's zip on sys.path and mounts the routed
// screen (cardroom.web.platform.app.main), so the page is interactive as soon as Pyodide is; only
// then does it import PyScript, so PyScript's own start-up never delays the page.
// PyScript imports this same module as its interpreter (same URL, same instance): its
// loadPyodide() receives the running interpreter, with PyScript's stdout/stderr handlers
// attached, and its <script type="py"> calls main() again, which returns the screen
// already mounted. The build fills in the constants in double braces.
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

// Python never runs on WebAssembly's stack-switching stacks (JSPI). Pyodide uses them when
// the browser has JSPI, to run every asyncio step (the two-device link's code, for one)
// on a stack of its own. Chromium's sampling heap profiler, on in some browser sessions,
// walks the stack by frame pointers when it samples an allocation, and on such a stack
// it reads past the stack's end into its guard page: the tab crashes (SIGSEGV in
// base::debug's stack scan, seen in the renderer's core dumps). cardroom calls nothing
// that needs JSPI (`run_sync`), so Pyodide is started as on a browser without it, the
// path it takes on Safari. snapshot-worker.mjs does the same, so the heap it hands over
// and stores comes from the same configuration.
delete WebAssembly.Suspending;
delete WebAssembly.promising;

const sink = {
  stdout: (line) => console.log(line),
  stderr: (line) => console.warn(line),
};
const PACKAGE_URL = new URL({{PKG_URL}}, import.meta.url).href;
const PACKAGE_PATH = {{PACKAGE_PATH}};
const CARDS_URL = new URL({{CARDS_URL}}, import.meta.url).href;
const PYSCRIPT_URL = new URL("./pyscript/core.js", import.meta.url).href;
const IDB_MAP_URL = new URL("./pyscript/idb-map/sync.js", import.meta.url).href;
const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
const WASM_PLAIN = new URL("./pyodide/pyodide.asm.wasm", import.meta.url).href;
const WASM_URL = new URL({{WASM_URL}}, import.meta.url).href; // with its revision
// Snapshots: what they are stored under, and which modules they hold (pure Python only;
// a module that is missing or fails to import is left out).
const BUILD_ID = {{BUILD_ID}};
const SNAPSHOT_CACHE = "cardroom.snapshot"; // not "cardroom-…": the service worker's own
const SNAPSHOT_URL = new URL("./__snapshot__/python.bin", import.meta.url).href;
const SNAPSHOT_KEY = `${BUILD_ID} pyodide/${version} ${navigator.userAgent}`;
const SNAPSHOT_MODULES = {{SNAPSHOT_MODULES}};
const HANDOFF_MODULES = {{HANDOFF_MODULES}}; // the part of them a first visit waits for
const WORKER_URL = new URL("./snapshot-worker.mjs", import.meta.url).href;
const WORKER_PATIENCE_MS = 120_000; // for Python to start in the worker
const root = document.documentElement;
let started = null;

// Start-up stages for the progress bar (web/boot.js): "runtime" = loading Python,
// "python" = the worker has the runtime and starts Python, "restore" = restoring it from a
// snapshot, "open" = mounting the screen.
function stage(step, text) {
  dispatchEvent(new CustomEvent("cardroom:progress", { detail: { step, text } }));
}

// After the first paint, so nothing here delays it (or after 250 ms in a hidden tab,
// where animation frames do not run). At once if the page's content has been painted
// already (this module can arrive after that, as it does on a repeat visit); a first
// paint with no content yet does not count.
function afterFirstPaint() {
  return new Promise((resolve) => {
    const go = () => {
      if (performance.getEntriesByName("first-contentful-paint").length) {
        resolve();
        return;
      }
      requestAnimationFrame(() => setTimeout(resolve, 0));
      setTimeout(resolve, 250);
    };
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", go, { once: true });
    } else {
      go();
    }
  });
}

// The stylesheets the first paint does without (web/boot.js, sitebuild/page.py).
function laterStyles() {
  if (typeof window.cardroomStyles === "function") window.cardroomStyles();
}

function fetchOk(url, read) {
  const body = fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return read(r);
  });
  body.catch(() => {}); // reported where it is awaited
  return body;
}

// Does the routed screen show card faces? Mirrors cardroom.web.kit.logic.parse_link:
// only the atlas (?screen=atlas, and no ?game=) does.
function screenShowsCards() {
  const q = new URLSearchParams(location.search);
  if ((q.get("game") || "").trim()) return false;
  return (q.get("screen") || "").trim().toLowerCase() === "atlas";
}

// The card faces (<template id="card-XX"> elements) into the page's hidden container.
function insertCards(markup) {
  let box = document.getElementById("card-templates");
  if (!box) {
    box = document.createElement("div");
    box.id = "card-templates";
    box.hidden = true;
    document.body.append(box);
  }
  box.innerHTML = markup;
}

// ------------------------------------------------------------------------ snapshots

function snapshotsPossible() {
  return typeof caches !== "undefined" && typeof crypto !== "undefined" && !!crypto.subtle &&
    typeof Worker === "function";
}

// localStorage remembers the key of the snapshot last stored, so a visit with none can
// start Python in the worker at once, without waiting for Cache Storage to answer. It is
// only a hint: Cache Storage decides.
const HINT = "cardroom.snapshot";
function hinted() {
  try {
    return localStorage.getItem(HINT) === SNAPSHOT_KEY;
  } catch (err) {
    return true; // no storage: ask Cache Storage
  }
}
function hint(stored) {
  try {
    if (stored) localStorage.setItem(HINT, SNAPSHOT_KEY);
    else localStorage.removeItem(HINT);
  } catch (err) { /* a hint only */ }
}

async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function dropSnapshot(why) {
  console.info(`cardroom: snapshot not used (${why}); starting Python normally`);
  hint(false);
  try {
    await caches.delete(SNAPSHOT_CACHE);
  } catch (err) { /* nothing stored, nothing to delete */ }
}

// Snapshots are stored sparse: a Python heap is about a third empty pages, so the body is
// a bitmap of the snapshot's 4 KiB pages (bit set: the page holds data) followed by the
// pages that hold data, in order. snapshot-worker.mjs packs it. A snapshot of Pyodide's is
// a header (its length is the header's second 32-bit word) followed by the heap.
const SNAPSHOT_PAGE = 4096;

// The runs of a packed snapshot of `size` bytes: each(start, end, from) for each run of
// stored pages (the snapshot's bytes start..end, found at `from` in `packed`), and
// each(start, end, -1) for each run of empty pages. Throws if the page map and the bytes
// disagree.
function pageRuns(packed, size, each) {
  const pages = Math.ceil(size / SNAPSHOT_PAGE);
  const map = new Uint8Array(packed, 0, Math.min(packed.byteLength, Math.ceil(pages / 8)));
  if (map.length * 8 < pages) throw new Error("it is shorter than its page map");
  const stored = (page) => (map[page >> 3] & (1 << (page & 7))) !== 0;
  let from = map.length;
  let page = 0;
  while (page < pages) {
    const full = stored(page);
    let end = page + 1;
    while (end < pages && stored(end) === full) end += 1;
    const start = page * SNAPSHOT_PAGE;
    const stop = Math.min(end * SNAPSHOT_PAGE, size);
    if (full) {
      if (from + stop - start > packed.byteLength) throw new Error("it is shorter than its page map");
      each(start, stop, from);
      from += stop - start;
    } else {
      each(start, stop, -1);
    }
    page = end;
  }
  if (from !== packed.byteLength) throw new Error("it is longer than its page map");
}

// The length of a packed snapshot's header, checked.
function headerLength(packed, size) {
  let length = -1;
  pageRuns(packed, size, (start, stop, from) => {
    if (start === 0 && from >= 0 && stop >= 8) length = new DataView(packed, from + 4, 4).getUint32(0, true);
  });
  if (!(length >= 8 && length % 4 === 0 && length <= Math.min(SNAPSHOT_PAGE, size))) {
    throw new Error("its header is damaged");
  }
  return length;
}

// Pyodide restores a snapshot by copying its whole heap (31.5 MB) from the array it is
// given into the runtime's memory. A stored snapshot's pages go into that memory directly
// instead: Pyodide is handed the header alone, and copies no heap. No unpacked copy of the
// heap is ever made on this page. The pages are written before Python resumes (between
// the runtime's linking and Pyodide's restoreSnapshot, nothing else writes to that
// memory), in slices of RESTORE_SLICE bytes with a yield to the event loop whenever
// SLICE_MS have passed: written in Pyodide's restoreSnapshot, they were one task with
// Python's start-up of 230-500 ms at 4 x CPU (benchmarks/README.md).
const RESTORE_SLICE = 1 << 20;
const SLICE_MS = 8;
async function restoreInPlace(module, packed, size) {
  const api = module.API;
  const original = api && api.restoreSnapshot;
  if (typeof original !== "function") throw new Error("this Pyodide has no restoreSnapshot");
  const header = headerLength(packed, size);
  const heap = size - header;
  if (module.HEAPU8.length < heap && !module.growMemory(heap)) {
    throw new Error(`no room for a heap of ${heap} bytes`);
  }
  let head = null;
  const runs = [];
  pageRuns(packed, size, (start, stop, from) => {
    if (start === 0) head = new Uint8Array(packed.slice(from, from + header));
    const at = Math.max(start, header); // the heap's bytes of this run
    if (at < stop) runs.push([at, stop, from < 0 ? -1 : from + at - start]);
  });
  let deadline = performance.now() + SLICE_MS;
  for (const [at, stop, from] of runs) {
    for (let piece = at; piece < stop; piece += RESTORE_SLICE) {
      if (performance.now() > deadline) {
        await nextTask();
        deadline = performance.now() + SLICE_MS;
      }
      const end = Math.min(stop, piece + RESTORE_SLICE);
      const memory = module.HEAPU8; // (a new view if the memory grew)
      if (from < 0) memory.fill(0, piece - header, end - header);
      else memory.set(new Uint8Array(packed, from + piece - at, end - piece), piece - header);
    }
  }
  api.restoreSnapshot = function (ignored) {
    api.restoreSnapshot = original;
    return original.call(this, head);
  };
}

// This build's stored snapshot, or null: a quick look at its headers only (deleting one
// made by another build or browser). Started before the first paint.
async function findSnapshot() {
  if (!snapshotsPossible()) return null;
  try {
    const hit = await caches.match(SNAPSHOT_URL, { cacheName: SNAPSHOT_CACHE });
    if (!hit) return null;
    if (hit.headers.get("x-snapshot-key") !== SNAPSHOT_KEY) {
      await dropSnapshot("made by another build or browser");
      return null;
    }
    const size = Number(hit.headers.get("x-snapshot-bytes"));
    if (!(size > 0 && size % 4 === 0)) {
      await dropSnapshot("its size is wrong");
      return null;
    }
    return { hit, size };
  } catch (err) {
    await dropSnapshot(String((err && err.message) || err));
    return null;
  }
}

// The stored snapshot is read and checked in a worker of its own. Read on this page, its
// 20 MB arrive in chunks that only this thread takes in, and the runtime's instantiating
// and linking (two tasks of 50-90 ms each) held the read up: it was done after them on
// some visits, so Python resumed later. The worker's script is this function.
function snapshotReader() {
  self.onmessage = async (event) => {
    const { url, cacheName, key, digest, wasmUrl } = event.data;
    // The runtime, compiled here from the HTTP cache (V8 takes the code it cached for it
    // there): on the page, taking that code back and instantiating it was one task of
    // 0.5-1.7 s at 4 x CPU; the page now only instantiates the module posted.
    if (wasmUrl) {
      const cached = fetch(wasmUrl, { cache: "only-if-cached", mode: "same-origin" });
      WebAssembly.compileStreaming(cached.then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r;
      })).then((module) => {
        const entry = performance.getEntriesByType("resource").find((e) => e.name === wasmUrl);
        self.postMessage({ module, delivery: entry ? entry.deliveryType : "" });
      }, (err) => self.postMessage({ module: null, missed: true, why: String(err) }));
    }
    try {
      const hit = await caches.match(url, { cacheName });
      if (!hit || hit.headers.get("x-snapshot-key") !== key ||
          hit.headers.get("x-snapshot-sha256") !== digest) {
        throw new Error("it changed while being read");
      }
      const packed = await hit.arrayBuffer();
      const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", packed));
      const hex = Array.from(sum, (b) => b.toString(16).padStart(2, "0")).join("");
      if (hex !== digest) throw new Error("its bytes are damaged");
      self.postMessage({ packed }, [packed]);
    } catch (err) {
      self.postMessage({ error: String((err && err.message) || err) });
    }
  };
}

// The stored snapshot's bytes from the reader; null if no reader could run here (the page
// reads them itself); rejects with what the reader found wrong. With `runtime` (a
// function), the reader also compiles the runtime from the HTTP cache and runtime() is
// called once with the compiled module, or null (no reader, or not in the HTTP cache).
function readInWorker(hit, runtime = null) {
  return new Promise((resolve, reject) => {
    let worker = null;
    let url = null;
    let waiting = runtime ? 2 : 1; // answers to come: the bytes, and the runtime
    const end = () => {
      if (worker) worker.terminate();
      if (url) URL.revokeObjectURL(url);
      worker = null;
    };
    const give = (module) => {
      if (runtime) runtime(module);
      runtime = null;
    };
    try {
      url = URL.createObjectURL(new Blob([`(${snapshotReader})()`], { type: "text/javascript" }));
      worker = new Worker(url);
    } catch (err) {
      end();
      give(null);
      resolve(null);
      return;
    }
    worker.onmessage = (event) => {
      const r = event.data;
      if ("module" in r) {
        if (r.missed) runtimeMissed();
        else performance.mark("cardroom:runtime-compiled", { detail: { delivery: r.delivery } });
        give(r.module);
      } else if (r.packed) resolve(r.packed);
      else {
        give(null);
        reject(new Error(r.error));
      }
      waiting -= 1;
      if (waiting <= 0 || r.error) end();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      end();
      give(null);
      resolve(null);
    };
    worker.postMessage({
      url: SNAPSHOT_URL,
      cacheName: SNAPSHOT_CACHE,
      key: SNAPSHOT_KEY,
      digest: hit.headers.get("x-snapshot-sha256"),
      wasmUrl: runtime ? WASM_URL : null,
    });
  });
}

// The stored snapshot's bytes (packed); rejects if they do not match their SHA-256 or do
// not fit their page map and recorded size. `runtime`: as readInWorker's.
async function readSnapshot({ hit, size }, runtime = null) {
  let packed = await readInWorker(hit, runtime);
  const by = packed === null ? "page" : "worker";
  if (packed === null) {
    packed = await hit.arrayBuffer();
    if ((await sha256(packed)) !== hit.headers.get("x-snapshot-sha256")) {
      throw new Error("its bytes are damaged");
    }
  }
  headerLength(packed, size);
  performance.mark("cardroom:snapshot-read", { detail: { by } });
  return packed;
}

// ------------------------------------------------------------------------ start-up

// Start Python in the worker (snapshot-worker.mjs) and have it hand over the runtime it
// compiled and its heap: the seconds Python takes to start run off this thread. Returns
// {handed, store, cancel}: `handed` resolves to {heap, module} (the interpreter's heap,
// the compiled runtime) and rejects on any failure (the worker is then gone); store()
// has the worker keep the snapshot for the next visit, cancel() ends it without.
function startInWorker(early) {
  const worker = early || new Worker(WORKER_URL, { type: "module" });
  root.dataset.snapshot = "making";
  let settle = null;
  const handed = new Promise((resolve, reject) => (settle = { resolve, reject }));
  handed.catch(() => {}); // reported where it is awaited
  let module = null; // the compiled runtime, posted before the heap
  let storing = false;
  const quit = (why, state = "failed") => {
    worker.terminate();
    if (root.dataset.snapshot === "making") root.dataset.snapshot = state;
    settle.reject(new Error(why || "the worker stopped"));
    if (why) console.info("cardroom: no snapshot made:", why);
  };
  worker.onmessage = (e) => {
    const r = e.data || {};
    // Modules the snapshot should hold but that failed to import (none, unless one
    // touches the page when imported): named on <html data-snapshot-missing>.
    if (r.missing && r.missing.length) root.dataset.snapshotMissing = r.missing.join(" ");
    if (r.type === "module") {
      module = r.module;
      stage("python", "Starting Python…");
    } else if (r.type === "heap") settle.resolve({ heap: r.heap, module });
    else if (r.type === "stored") {
      hint(true);
      root.dataset.snapshot = "stored";
      performance.mark("cardroom:snapshot-stored", {
        detail: { bytes: r.bytes, stored: r.stored, ms: r.ms },
      });
      quit(null);
    } else quit(r.error || "the worker did not start Python");
  };
  worker.onerror = (e) => {
    e.preventDefault();
    quit(e.message || "the worker failed");
  };
  if (worker.failed) quit(worker.failed); // index.html's worker failed before this
  // A worker that neither answers nor fails (crashed, out of memory) is given up on.
  const watchdog = setTimeout(() => quit("no answer from the worker"), WORKER_PATIENCE_MS);
  handed.then(() => clearTimeout(watchdog), () => clearTimeout(watchdog));
  worker.postMessage({
    type: "boot",
    key: SNAPSHOT_KEY,
    cache: SNAPSHOT_CACHE,
    url: SNAPSHOT_URL,
    packageUrl: PACKAGE_URL,
    packagePath: PACKAGE_PATH,
    modules: HANDOFF_MODULES,
    more: SNAPSHOT_MODULES.filter((name) => !HANDOFF_MODULES.includes(name)),
    // the link (last value wins, as cardroom.web.platform.dom.params reads it): the worker compiles
    // the screen's modules before the hand-over, so that the page does not
    params: Object.fromEntries(new URLSearchParams(location.search)),
  });
  const store = () => {
    if (!storing) worker.postMessage({ type: "store" });
    storing = true;
  };
  return { handed, store, cancel: (why) => quit(why, "") };
}

// Once the screen is interactive and the browser is idle, the worker stores its snapshot
// (packing and hashing 30 MB never competes with the first start).
// As before the hand-over, only once the service worker is in place (its precache done):
// a page whose service worker never comes (blocked, a private window that refuses it)
// stores nothing, and its worker, holding a whole interpreter, ends after
// SERVICE_WORKER_PATIENCE_MS.
const SERVICE_WORKER_PATIENCE_MS = 60_000;
function storeWhenIdle(worker) {
  const idle = (fn) =>
    typeof requestIdleCallback === "function" ? requestIdleCallback(fn, { timeout: 5000 })
      : setTimeout(fn, 1000);
  const go = () => {
    const sw = "serviceWorker" in navigator ? navigator.serviceWorker.ready : null;
    if (!sw) {
      worker.cancel("no service worker");
      return;
    }
    const late = setTimeout(() => worker.cancel("no service worker yet"), SERVICE_WORKER_PATIENCE_MS);
    sw.then(() => {
      clearTimeout(late);
      idle(() => worker.store());
    }, () => worker.cancel("no service worker"));
  };
  if (root.dataset.ready) go();
  else addEventListener("cardroom:ready", go, { once: true });
}

// The next task: a long piece of start-up ends here, so the page can answer input between
// the pieces.
function nextTask() {
  if (globalThis.scheduler && typeof scheduler.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// Pyodide's module factory (pyodide.asm.mjs), wrapped:
// - instantiating the runtime, linking it and resuming Python run as separate tasks (the
//   build cuts the linking itself, Emscripten's receiveInstance, into four: sitebuild/
//   runtime.py, split_linking);
// - the runtime the worker compiled, if any, is instantiated instead of compiling it again
//   (Pyodide's own instantiateWasm adds its imports, then calls instantiateStreaming: that
//   one call is answered from the compiled module);
// - the heap being restored only needs to be in place when Python resumes, right after
//   this returns, so reading or receiving it overlaps with all of the above: a stored
//   snapshot (`reading`) goes straight into the runtime's memory (restoreInPlace), the
//   worker's heap (`restoring`) is copied in by Pyodide.
const ASM_URL = new URL("./pyodide/pyodide.asm.mjs", import.meta.url).href;
let asm = null; // imported once, as soon as Python is to start (loadRuntime)
let compiled = null; // the worker's compiled runtime (or a promise of it, or of null), or null
let reading = null; // a stored snapshot being read: {packed: a promise of its bytes, size}
let restoring = null; // the heap being restored (the worker's)
function loadRuntime() {
  asm ??= import(ASM_URL);
  asm.catch(() => {}); // reported where it is awaited
  return asm;
}

// The size of the heap in a snapshot of Pyodide's: the snapshot is a header (whose length
// is its second 32-bit word) followed by the heap.
function heapSize(snapshot) {
  if (snapshot.byteLength < 8) return 0;
  const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
  return header <= snapshot.byteLength ? snapshot.byteLength - header : 0;
}

async function createPyodideModule(settings) {
  unwrapFetch(); // Pyodide has asked for its runtime by now
  const { default: create } = await loadRuntime();
  const shared = await compiled; // (a promise of it on a repeat visit)
  const instantiate = settings.instantiateWasm;
  if (typeof instantiate === "function") {
    settings.instantiateWasm = (imports, done) => {
      if (shared) {
        const real = WebAssembly.instantiateStreaming;
        WebAssembly.instantiateStreaming = async (source, withImports) => {
          WebAssembly.instantiateStreaming = real; // `source`: load()'s empty response
          try {
            // instantiating is a task of its own, not the end of Pyodide's set-up's one
            await nextTask();
            const instance = await WebAssembly.instantiate(shared, withImports);
            return { instance, module: shared };
          } catch (err) { // (Pyodide's own request was not made: see load())
            console.info("cardroom: the worker's runtime could not be instantiated here:", err);
            return real(fetch(WASM_URL), withImports);
          }
        };
      }
      return instantiate(imports, (instance, module) => {
        nextTask().then(() => done(instance, module));
      });
    };
  }
  const module = await create(settings);
  if (reading) await restoreInPlace(module, await reading.packed, reading.size);
  // A heap taken after Python's memory grew (a large import) is larger than the runtime's
  // initial memory, and Pyodide would fail to copy it in ("offset is out of bounds"):
  // the memory grows to hold it first (restoreInPlace does the same).
  const size = restoring ? heapSize(restoring) : 0;
  if (module.HEAP8 && module.HEAP8.length < size && !module.growMemory(size)) {
    throw new Error(`no room for a heap of ${size} bytes`);
  }
  if (size) await copyInSlices(module, restoring);
  await nextTask();
  return module;
}

// The worker's heap copied into the runtime's memory in slices (as restoreInPlace writes a
// stored one), before Python resumes; Pyodide's restoreSnapshot is then handed the header
// alone. Copied by Pyodide, the 31.5 MB were part of one task with Python's start-up.
async function copyInSlices(module, snapshot) {
  const api = module.API;
  const original = api && api.restoreSnapshot;
  if (typeof original !== "function") return; // Pyodide copies it, in one go
  const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
  let deadline = performance.now() + SLICE_MS;
  for (let at = header; at < snapshot.length; at += RESTORE_SLICE) {
    if (performance.now() > deadline) {
      await nextTask();
      deadline = performance.now() + SLICE_MS;
    }
    const end = Math.min(snapshot.length, at + RESTORE_SLICE);
    module.HEAPU8.set(snapshot.subarray(at, end), at - header);
  }
  api.restoreSnapshot = function (ignored) {
    api.restoreSnapshot = original;
    return original.call(this, snapshot.subarray(0, header));
  };
}

function options(extra = {}) {
  return {
    indexURL: INDEX_URL,
    createPyodideModule,
    stdout: (line) => sink.stdout(line),
    stderr: (line) => sink.stderr(line),
    ...extra,
  };
}

// The Python runtime (pyodide.asm.wasm), fetched under its versioned address (WASM_URL).
// On a repeat visit (`fromHttpCache`), from the browser's HTTP cache alone if it is there
// (`only-if-cached`, which the service worker leaves alone): V8 keeps the code it compiled
// for a response in the HTTP cache (the first visit's worker compiled it), so the page
// takes that code instead of compiling the runtime again and tiering it up, which it
// must for a response from the service worker's cache. Otherwise, or if the HTTP cache no
// longer has it: a plain request (the service worker's copy, offline, or the network).
// A browser whose HTTP cache did not have it (one that keeps its HTTP cache in memory, as a
// private window does, cannot hold a 10 MB file; or it was cleared) is not asked again for
// this runtime: the browser reports each miss on the console, and nothing puts the runtime
// back in its HTTP cache (the service worker answers plain requests).
const RUNTIME_MISSED = "cardroom.runtime-not-in-http-cache";
async function fetchRuntime(plainFetch, fromHttpCache) {
  if (fromHttpCache && runtimeInHttpCache()) {
    try {
      const hit = await plainFetch(WASM_URL, { cache: "only-if-cached", mode: "same-origin" });
      if (hit.ok) return hit;
    } catch (err) { /* not in the HTTP cache */ }
    runtimeMissed();
  }
  return plainFetch(WASM_URL);
}
function runtimeInHttpCache() {
  try {
    return localStorage.getItem(RUNTIME_MISSED) !== WASM_URL;
  } catch (err) {
    return true; // no storage: ask
  }
}
function runtimeMissed() {
  try {
    localStorage.setItem(RUNTIME_MISSED, WASM_URL);
  } catch (err) { /* asked again next time */ }
}

// loadPyodide() with Pyodide's own request for its runtime (made as it starts, at the
// address of its other files) answered here: by fetchRuntime(), or, when the worker has
// handed over the compiled runtime (`compiled`), by an empty response that is never read
// (no request at all). `fetch` is wrapped from the call until that request, or until
// Pyodide loads its module factory, whichever comes first.
let unwrapFetch = () => {};
function load(settings, { fromHttpCache = false } = {}) {
  const plainFetch = globalThis.fetch;
  const handed = compiled;
  const wrapped = function (input, init) {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== WASM_PLAIN) return plainFetch.call(this, input, init);
    unwrapFetch();
    const empty = () => new Response(null, { headers: { "content-type": "application/wasm" } });
    // (the reader's module on a repeat visit: a promise, of null if it has none)
    if (handed) return Promise.resolve(handed).then((m) => m ? empty() : fetchRuntime(plainFetch, fromHttpCache));
    return fetchRuntime(plainFetch, fromHttpCache);
  };
  unwrapFetch = () => {
    if (globalThis.fetch === wrapped) globalThis.fetch = plainFetch;
    unwrapFetch = () => {};
  };
  globalThis.fetch = wrapped;
  return startPyodide(settings);
}

// Python restored from a snapshot: the stored one (`hit`, from findSnapshot) or the heap
// the worker hands over (`heap`). Pyodide takes the snapshot before it loads the runtime
// but reads it only once the runtime is linked, so a stored snapshot is read and checked
// while the runtime is fetched, instantiated and linked (createPyodideModule waits for it
// and puts its pages in place): Pyodide is given an empty array for it. Rejects if
// anything fails.
async function restore({ hit = null, heap = null }) {
  performance.mark("cardroom:restore-start");
  let packed = null;
  if (hit) {
    // the runtime compiled by the snapshot's reader, from the HTTP cache, if it is there
    let runtime = null;
    if (runtimeInHttpCache()) compiled = new Promise((resolve) => (runtime = resolve));
    reading = { packed: readSnapshot(hit, runtime).then((bytes) => (packed = bytes)), size: hit.size };
    reading.packed.catch(() => {}); // reported by load()
  }
  restoring = heap;
  try {
    // a stored snapshot: a repeat visit, whose runtime is in the HTTP cache
    const snapshot = heap || new Uint8Array(0);
    const pyodide = await load(options({ _loadSnapshot: snapshot }), { fromHttpCache: !!hit });
    // The snapshot must hold a working interpreter with the start-path modules.
    pyodide.runPython("import sys\nassert 'cardroom.atlas' in sys.modules");
    return pyodide;
  } finally {
    reading = null;
    restoring = null;
    compiled = null;
    // in wasm memory now (Pyodide's config keeps a reference to the snapshot)
    if (heap) release(heap);
    if (packed) release(new Uint8Array(packed));
  }
}

// Let go of a 30 MB copy that something still refers to (a resolved promise, Pyodide's
// config) by moving its buffer into a clone that is dropped at once.
function release(bytes) {
  try {
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  } catch (err) { /* kept until the page closes */ }
}

// The worker's heap into this page's Python, on the runtime the worker compiled.
// Instantiating and linking the runtime here waits for the heap: done while the worker
// runs Python, they would compete with it for the CPU and run as longer tasks, and the
// page would be ready no sooner (benchmarks/README.md).
async function restoreHanded(worker) {
  const { heap, module } = await worker.handed;
  compiled = module;
  return restore({ heap });
}

// The cardroom package goes into Python's file system as the zip itself, imported with
// zipimport (its data files are read with importlib.resources, which reads zips): one
// file write instead of unpacking a hundred files. The snapshot worker does the same, so
// a restored interpreter finds its package where it left it. Zips import each module once
// (cardroom.web.platform.bytecode.compile_once): a restored interpreter has it from the worker; a
// fresh start (`fresh`), with no worker, does it here.
function mountPackage(pyodide, bytes, fresh) {
  pyodide.FS.writeFile(PACKAGE_PATH, new Uint8Array(bytes));
  const path = JSON.stringify(PACKAGE_PATH);
  const once = fresh ? "from cardroom.web.platform.bytecode import compile_once\ncompile_once()\ndel compile_once\n" : "";
  pyodide.runPython(`import sys\nif ${path} not in sys.path:\n    sys.path.insert(0, ${path})\n${once}`);
}

// PyScript's Python API (the `pyscript` package, shipped in the cardroom zip) rests on two
// JavaScript modules that PyScript's core registers when it attaches: `polyscript` and
// `_pyscript`. The screens use that API from the moment they mount, before PyScript's
// core has loaded (it loads after ready, off the start path), so this registers the same
// two modules first, with the parts the API reads: the config, the JS modules, named
// workers (none), `storage` (an IndexedDB map, as PyScript's: the same @webreflection/idb-map
// code, vendored) and `js_import`. When PyScript's core attaches it registers its own; the
// `pyscript` modules already imported keep working on these.
let pyscriptCore = null; // PyScript's core module, once imported (for PyWorker)
function registerPyScriptModules(pyodide) {
  pyodide.registerJsModule("polyscript", {
    config: {},
    js_modules: {},
    workers: {},
    lazy_py_modules: async (...names) => {
      await pyodide.loadPackage(names);
      return names.map((name) => pyodide.pyimport(name));
    },
    storage: async (name) => {
      const { default: IDBMapSync } = await import(IDB_MAP_URL);
      const store = new IDBMapSync(name);
      await store.sync();
      return store;
    },
  });
  pyodide.registerJsModule("_pyscript", {
    PyWorker: (...args) => {
      if (!pyscriptCore) throw new Error("PyScript's workers are not loaded yet");
      return pyscriptCore.PyWorker(...args);
    },
    interpreter: pyodide,
    js_import: (...urls) => Promise.all(urls.map((url) => import(url))),
    target: "",
  });
}

// The routed screen's modules, one per task, dependencies first (cardroom.web.platform.app's
// import_steps): imported in one go, they were a main-thread task of 0.3-0.6 s. Any
// problem is left to main(), which imports the screen and says what is wrong.
async function importInSteps(pyodide) {
  let app = null;
  try {
    app = pyodide.pyimport("cardroom.web.platform.app");
    await nextTask();
    const steps = app.import_steps();
    const names = steps.toJs();
    steps.destroy();
    for (const name of names) {
      app.import_one(name);
      await nextTask();
    }
  } catch (err) {
    console.warn("cardroom: the screen's modules will load in one go:", err);
  } finally {
    if (app) app.destroy();
  }
}

async function boot() {
  const found = findSnapshot(); // Cache Storage only: nothing here delays the first paint
  // No snapshot to restore: Python starts in the worker at once, off this thread, so it
  // cannot delay the first paint either. The hint saves waiting for Cache Storage.
  let worker = null;
  // index.html's worker on a first visit: a function that creates it once and returns it
  const early = typeof window.cardroomWorker === "function" ? window.cardroomWorker : null;
  window.cardroomWorker = null;
  let settled = false; // Python is up: no worker from now on
  const handOver = () => {
    if (settled) return worker;
    try {
      worker ??= startInWorker(early ? early() : null);
    } catch (err) {
      console.info("cardroom: Python cannot start in a worker:", err);
    }
    return worker;
  };
  // Never before the first paint: a worker starting up competes with it for the CPU.
  const soon = () => afterFirstPaint().then(handOver);
  if (snapshotsPossible()) {
    if (early || !hinted()) soon();
    found.then((hit) => hit || soon());
  }
  await afterFirstPaint();
  const pkg = fetchOk(PACKAGE_URL, (r) => r.arrayBuffer());
  const cards = screenShowsCards()
    ? fetchOk(CARDS_URL, (r) => r.text()).then(insertCards)
    : Promise.resolve();
  cards.catch(() => {}); // reported where it is awaited
  performance.mark("cardroom:pyodide-start");
  loadRuntime(); // compiled while the heap is read or made
  let pyodide = null;
  let path = "snapshot";
  const hit = await found;
  // the stylesheets the first paint did without, once the restore (or worker) has started
  setTimeout(laterStyles, 0);
  if (hit) {
    stage("restore", "Restoring Python…");
    try {
      pyodide = await restore({ hit });
      settled = true; // a worker started for want of a hint is not needed
      if (worker) worker.cancel(null);
      else if (early) early().terminate();
      hint(true);
    } catch (err) {
      await dropSnapshot(`restore failed: ${String((err && err.message) || err).slice(0, 200)}`);
    }
  }
  if (!pyodide && handOver()) {
    path = "worker";
    stage("runtime", "Loading the Python runtime…");
    try {
      pyodide = await restoreHanded(worker);
      storeWhenIdle(worker);
    } catch (err) {
      console.info("cardroom: Python from the worker could not be restored:", err);
      worker.cancel(null);
    }
  }
  if (!pyodide) {
    path = "fresh";
    stage("runtime", "Loading the Python runtime…");
    pyodide = await load(options());
  }
  root.dataset.boot = path;
  performance.mark(`cardroom:boot-${path}`);
  performance.mark("cardroom:pyodide-up");
  await nextTask();
  mountPackage(pyodide, await pkg, path === "fresh");
  registerPyScriptModules(pyodide);
  await cards; // in the page long before Python is up; screens clone them at once
  laterStyles(); // done by now, unless that task has not run yet
  stage("open", "Opening cardroom…");
  await nextTask();
  await importInSteps(pyodide);
  try {
    pyodide.runPython("from cardroom.web.platform.app import main\nmain()");
  } catch (err) {
    console.error(err); // main() has shown it; PyScript's own run will try once more
  }
  // PyScript loads now, off the start path, and attaches to this interpreter.
  import(PYSCRIPT_URL).then((core) => { pyscriptCore = core; }, (err) => console.error(err));
  return pyodide;
}

// (for the tests: tests/browser/test_snapshot.py)
export { copyInSlices, pageRuns, restoreInPlace };

export function start() {
  started ??= boot();
  return started;
}

export async function loadPyodide(options = {}) {
  if (typeof options.stdout === "function") sink.stdout = options.stdout;
  if (typeof options.stderr === "function") sink.stderr = options.stderr;
  return start();
}

start();

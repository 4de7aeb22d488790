// PyScript's `interpreter` module (see sitebuild/runtime.py): the vendored Pyodide,
// started as soon as the page starts loading instead of after PyScript has read its config.
//
// index.html loads this module with <script type="module" async>. Right after the
// first paint (the pre-rendered map needs no script) it starts Python and fetches the
// cardroom package (a zip) at the same time, plus the 50 pre-rendered card faces (their
// <template>s, kept out of index.html so they never delay the first paint) when the
// routed screen shows cards; they go into #card-templates as soon as they arrive.
//
// Starting Python takes one of two paths, named on <html data-boot> and by a
// performance mark (cardroom:boot-snapshot or cardroom:boot-fresh):
// - snapshot: a memory snapshot of an earlier start (Python up, start-path modules
//   imported) is in Cache Storage under this build's key, Pyodide's version and this
//   browser's user agent, with an intact SHA-256: Pyodide restores it (much faster than
//   starting Python);
// - fresh: loadPyodide() as usual. Any problem with a snapshot (none, another build or
//   browser, corrupt bytes, no such API, a failed restore) lands here silently, and a
//   bad snapshot is deleted.
// After a fresh start, once the screen is interactive, the service worker is in place
// and the browser is idle, snapshot-worker.mjs makes a new snapshot off the main thread.
//
// Once Python is up it puts the package's zip on sys.path and mounts the routed
// screen (cardroom.web.app.main), so the page is interactive as soon as Pyodide is; only
// then does it import PyScript, so PyScript's own start-up never delays the page.
// PyScript imports this same module as its interpreter (same URL, same instance): its
// loadPyodide() receives the running interpreter, with PyScript's stdout/stderr handlers
// attached, and its <script type="py"> calls main() again, which returns the screen
// already mounted. The build fills in the constants in double braces.
import { loadPyodide as load, version } from "./pyodide/pyodide.mjs";

export { version };

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
// Snapshots: what they are stored under, and which modules they hold (pure Python only;
// a module that is missing or fails to import is left out).
const BUILD_ID = {{BUILD_ID}};
const SNAPSHOT_CACHE = "cardroom.snapshot"; // not "cardroom-…": the service worker's own
const SNAPSHOT_URL = new URL("./__snapshot__/python.bin", import.meta.url).href;
const SNAPSHOT_KEY = `${BUILD_ID} pyodide/${version} ${navigator.userAgent}`;
const SNAPSHOT_MODULES = {{SNAPSHOT_MODULES}};
const WORKER_URL = new URL("./snapshot-worker.mjs", import.meta.url).href;
const root = document.documentElement;
let started = null;

// Start-up stages for the progress bar (web/boot.js): "runtime" = loading Python,
// "restore" = restoring it from a snapshot, "open" = mounting the screen.
function stage(step, text) {
  dispatchEvent(new CustomEvent("cardroom:progress", { detail: { step, text } }));
}

// After the first paint, so nothing here delays it (or after 250 ms in a hidden tab,
// where animation frames do not run).
function afterFirstPaint() {
  return new Promise((resolve) => {
    const go = () => {
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

function fetchOk(url, read) {
  const body = fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return read(r);
  });
  body.catch(() => {}); // reported where it is awaited
  return body;
}

// Does the routed screen show card faces? Mirrors cardroom.web.kit_logic.parse_link:
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

async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function dropSnapshot(why) {
  console.info(`cardroom: snapshot not used (${why}); starting Python normally`);
  try {
    await caches.delete(SNAPSHOT_CACHE);
  } catch (err) { /* nothing stored, nothing to delete */ }
}

// Snapshots are stored sparse: a Python heap is about half empty pages, so the body is a
// bitmap of the heap's 4 KiB pages (bit set: the page holds data) followed by the pages
// that hold data, in order. snapshot-worker.mjs packs it; this unpacks it.
const SNAPSHOT_PAGE = 4096;

function unpackSnapshot(packed, size) {
  const pages = Math.ceil(size / SNAPSHOT_PAGE);
  const map = new Uint8Array(packed, 0, Math.ceil(pages / 8));
  const out = new Uint8Array(size);
  let from = map.length;
  let page = 0;
  while (page < pages) {
    if (!(map[page >> 3] & (1 << (page & 7)))) {
      page += 1;
      continue;
    }
    let end = page + 1; // copy a run of full pages at once
    while (end < pages && map[end >> 3] & (1 << (end & 7))) end += 1;
    const length = Math.min(end * SNAPSHOT_PAGE, size) - page * SNAPSHOT_PAGE;
    if (from + length > packed.byteLength) throw new Error("it is shorter than its page map");
    out.set(new Uint8Array(packed, from, length), page * SNAPSHOT_PAGE);
    from += length;
    page = end;
  }
  if (from !== packed.byteLength) throw new Error("it is longer than its page map");
  return out;
}

// This build's snapshot as bytes, or null (deleting one that cannot be used: made by
// another build or browser, with stored bytes that do not match their SHA-256, or that
// do not unpack to their recorded size). Started before the first paint, so reading and
// checking overlap with it.
async function readSnapshot() {
  if (!snapshotsPossible()) return null;
  try {
    if (!(await caches.has(SNAPSHOT_CACHE))) return null;
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_URL);
    if (!hit) return null;
    if (hit.headers.get("x-snapshot-key") !== SNAPSHOT_KEY) {
      await dropSnapshot("made by another build or browser");
      return null;
    }
    const packed = await hit.arrayBuffer();
    if ((await sha256(packed)) !== hit.headers.get("x-snapshot-sha256")) {
      await dropSnapshot("its bytes are damaged");
      return null;
    }
    return unpackSnapshot(packed, Number(hit.headers.get("x-snapshot-bytes")));
  } catch (err) {
    await dropSnapshot(String((err && err.message) || err));
    return null;
  }
}

// Make a snapshot for the next visit: off the main thread, once the page is
// interactive, the service worker is in place (repeat visits come from its cache) and
// the browser is idle.
function scheduleSnapshot() {
  if (!snapshotsPossible() || !("serviceWorker" in navigator)) return;
  const idle = (fn) =>
    typeof requestIdleCallback === "function" ? requestIdleCallback(fn, { timeout: 5000 })
      : setTimeout(fn, 1000);
  const make = () => {
    let worker;
    try {
      worker = new Worker(WORKER_URL, { type: "module" });
    } catch (err) {
      root.dataset.snapshot = "unavailable";
      return;
    }
    root.dataset.snapshot = "making";
    worker.onmessage = (e) => {
      worker.terminate();
      const r = e.data || {};
      root.dataset.snapshot = r.ok ? "stored" : "failed";
      if (r.ok) {
        performance.mark("cardroom:snapshot-stored", { detail: { bytes: r.bytes, ms: r.ms } });
      } else {
        console.info("cardroom: no snapshot made:", r.error);
      }
    };
    worker.onerror = (e) => {
      e.preventDefault();
      worker.terminate();
      root.dataset.snapshot = "failed";
    };
    worker.postMessage({
      key: SNAPSHOT_KEY,
      cache: SNAPSHOT_CACHE,
      url: SNAPSHOT_URL,
      packageUrl: PACKAGE_URL,
      packagePath: PACKAGE_PATH,
      modules: SNAPSHOT_MODULES,
    });
  };
  navigator.serviceWorker.ready.then(() => idle(make), () => {});
}

// ------------------------------------------------------------------------ start-up

function options(extra = {}) {
  return {
    indexURL: INDEX_URL,
    stdout: (line) => sink.stdout(line),
    stderr: (line) => sink.stderr(line),
    ...extra,
  };
}

async function restore(snapshot) {
  stage("restore", "Restoring Python…");
  performance.mark("cardroom:restore-start");
  try {
    const pyodide = await load(options({ _loadSnapshot: snapshot }));
    // The snapshot must hold a working interpreter with the start-path modules.
    pyodide.runPython("import sys\nassert 'cardroom.core' in sys.modules");
    // The heap is in wasm memory now: let go of the 30 MB copy (Pyodide's config keeps
    // a reference to it) by moving its buffer into a clone that is dropped at once.
    try {
      structuredClone(snapshot.buffer, { transfer: [snapshot.buffer] });
    } catch (err) { /* kept until the page closes */ }
    return pyodide;
  } catch (err) {
    await dropSnapshot(`restore failed: ${String((err && err.message) || err).slice(0, 200)}`);
    return null;
  }
}

// The cardroom package goes into Python's file system as the zip itself, imported with
// zipimport (its data files are read with importlib.resources, which reads zips): one
// file write instead of unpacking a hundred files. The snapshot worker does the same, so
// a restored interpreter finds its package where it left it.
function mountPackage(pyodide, bytes) {
  pyodide.FS.writeFile(PACKAGE_PATH, new Uint8Array(bytes));
  const path = JSON.stringify(PACKAGE_PATH);
  pyodide.runPython(`import sys\nif ${path} not in sys.path:\n    sys.path.insert(0, ${path})`);
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

async function boot() {
  const found = readSnapshot(); // Cache Storage only: nothing here delays the first paint
  await afterFirstPaint();
  const pkg = fetchOk(PACKAGE_URL, (r) => r.arrayBuffer());
  const cards = screenShowsCards()
    ? fetchOk(CARDS_URL, (r) => r.text()).then(insertCards)
    : Promise.resolve();
  cards.catch(() => {}); // reported where it is awaited
  performance.mark("cardroom:pyodide-start");
  const snapshot = await found;
  let pyodide = snapshot ? await restore(snapshot) : null;
  const path = pyodide ? "snapshot" : "fresh";
  if (!pyodide) {
    stage("runtime", "Loading the Python runtime…");
    pyodide = await load(options());
  }
  root.dataset.boot = path;
  performance.mark(`cardroom:boot-${path}`);
  performance.mark("cardroom:pyodide-up");
  mountPackage(pyodide, await pkg);
  registerPyScriptModules(pyodide);
  await cards; // in the page long before Python is up; screens clone them at once
  stage("open", "Opening cardroom…");
  try {
    pyodide.runPython("from cardroom.web.app import main\nmain()");
  } catch (err) {
    console.error(err); // main() has shown it; PyScript's own run will try once more
  }
  if (path === "fresh") {
    if (root.dataset.ready) scheduleSnapshot();
    else addEventListener("cardroom:ready", scheduleSnapshot, { once: true });
  }
  // PyScript loads now, off the start path, and attaches to this interpreter.
  import(PYSCRIPT_URL).then((core) => { pyscriptCore = core; }, (err) => console.error(err));
  return pyodide;
}

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

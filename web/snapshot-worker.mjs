// cardroom's Python starter (a module worker started by pyodide-boot.mjs on a visit with no
// usable memory snapshot). Starting Python is seconds of work that cannot be cut into
// pieces, so it happens here, off the page's main thread, and the page stays responsive:
//
// 1. As soon as this worker runs (on a first visit the page creates it before parsing its
//    body), start a private Pyodide with `_makeSnapshot: true`. Once the page has sent
//    {type: "boot"} (where things are) and the runtime is compiled, hand the runtime to
//    the page ({type: "module"}: it instantiates the same compiled code instead of
//    compiling it again). Then put the cardroom package (its zip, at the
//    same path as on the page) on sys.path, import the modules the page waits for (pure
//    Python only: in snapshot mode `js` reaches no page), compile (without running them)
//    the modules of the screen the page's link opens, take `makeMemorySnapshot()` and
//    hand the heap over ({type: "heap"}, the buffer transferred). The page restores
//    Python from it: the interpreter started here.
// 2. {type: "store"} from the page, once its screen is interactive and the browser is
//    idle: import the rest of the snapshot's modules (and fill their caches), snapshot
//    again and store that in Cache Storage with its key and SHA-256, sparse (below), so
//    that the next visit restores Python without this worker; answer {type: "stored"}.
//
// Any failure is answered with {type: "error"} and nothing is stored; the page then starts
// Python itself.
import { loadPyodide, version } from "./pyodide/pyodide.mjs";

// No JSPI, as on the page (the reason is in pyodide-boot.mjs).
delete WebAssembly.Suspending;
delete WebAssembly.promising;

// The snapshot stored sparse (see pageRuns in pyodide-boot.mjs): a bitmap of its
// 4 KiB pages, bit set for a page that is not all zeros, then those pages in order.
const PAGE = 4096;

function pack(heap) {
  const pages = Math.ceil(heap.byteLength / PAGE);
  const map = new Uint8Array(Math.ceil(pages / 8));
  const words = new BigUint64Array(heap.buffer, heap.byteOffset, Math.floor(heap.byteLength / 8));
  let kept = 0;
  for (let page = 0; page < pages; page++) {
    const start = page * PAGE;
    const end = Math.min(start + PAGE, heap.byteLength);
    let used = false;
    for (let w = start / 8; w < Math.floor(end / 8) && !used; w++) used = words[w] !== 0n;
    for (let b = Math.floor(end / 8) * 8; b < end && !used; b++) used = heap[b] !== 0;
    if (used) {
      map[page >> 3] |= 1 << (page & 7);
      kept += end - start;
    }
  }
  const out = new Uint8Array(map.length + kept);
  out.set(map);
  let at = map.length;
  for (let page = 0; page < pages; page++) {
    if (map[page >> 3] & (1 << (page & 7))) {
      const start = page * PAGE;
      const end = Math.min(start + PAGE, heap.byteLength);
      out.set(heap.subarray(start, end), at);
      at += end - start;
    }
  }
  return out;
}

// Pyodide fetches its runtime (pyodide.asm.wasm) where its other files are; this worker
// fetches it under its versioned address instead (the build fills it in), the address the
// page and the service worker use too: the browser's HTTP cache then keeps the download,
// and the code V8 compiles for it here, for the page's next visits.
const WASM_PLAIN = new URL("./pyodide/pyodide.asm.wasm", import.meta.url).href;
const WASM_URL = new URL({{WASM_URL}}, import.meta.url).href;
// The runtime downloaded here is also staged in Cache Storage (STAGED), where the service
// worker, installed once the page is ready, takes it for the offline copy instead of
// downloading it again: a private window's or a guest profile's HTTP cache is kept in
// memory and cannot hold a 10 MB file (web/sw.js). Not when the response came from the
// service worker's copy already (it carries the revision header the copy adds).
const STAGED = "cardroom.fetched";
const plainFetch = self.fetch;
self.fetch = function (input, init) {
  const url = input instanceof Request ? input.url : String(input);
  if (url !== WASM_PLAIN) return plainFetch.call(self, input, init);
  return plainFetch.call(self, WASM_URL, init).then((res) => {
    if (res.ok && !res.headers.has("x-cardroom-rev") && typeof caches !== "undefined") {
      const copy = res.clone();
      caches.open(STAGED).then((c) => c.put(WASM_URL, copy)).catch(() => {});
    }
    return res;
  });
};

let job = null; // what "store" needs: the interpreter and where its snapshot goes

function fail(err) {
  job = null;
  const error = String((err && err.message) || err);
  boot.then(() => self.postMessage({ type: "error", error }));
}

// What the page asks for ({type: "boot"}): where the snapshot goes, the package, the
// modules. Python starts loading before it arrives (the page may create this worker
// before its own boot module has loaded); nothing is posted before it.
let asked;
const boot = new Promise((resolve) => (asked = resolve));

// Pyodide's module factory, wrapped to hand the compiled runtime to the page at once.
const ASM_URL = new URL("./pyodide/pyodide.asm.mjs", import.meta.url).href;
async function createPyodideModule(settings) {
  const { default: create } = await import(ASM_URL);
  const instantiate = settings.instantiateWasm;
  if (typeof instantiate === "function") {
    settings.instantiateWasm = (imports, done) =>
      instantiate(imports, (instance, module) => {
        boot.then(() => self.postMessage({ type: "module", module }));
        done(instance, module);
      });
  }
  return create(settings);
}

async function start() {
  const loading = loadPyodide({
    indexURL: new URL("./pyodide/", import.meta.url).href,
    createPyodideModule,
    _makeSnapshot: true,
    stdout: () => {},
    stderr: () => {},
  });
  loading.catch(() => {}); // reported below, once the page has asked
  const { key, cache, url, packageUrl, packagePath, modules, more, params } = await boot;
  const pkg = fetch(packageUrl).then((r) => {
    if (!r.ok) throw new Error(`${packageUrl}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  pkg.catch(() => {}); // reported where it is awaited
  const pyodide = await loading;
  pyodide.FS.writeFile(packagePath, new Uint8Array(await pkg));
  const missing = warm(pyodide, modules, packagePath);
  precompileRoute(pyodide, params || {});
  const heap = pyodide.makeMemorySnapshot(); // a copy: the page's, transferred
  job = { key, cache, url, pyodide, more, packagePath, missing };
  self.postMessage({ type: "heap", heap, missing }, [heap.buffer]);
}

// Import the named modules (and call each `module:function` once, so that its cached
// result is in the heap too); a module that is missing or fails is left out, and named
// in the list returned.
function warm(pyodide, names, path) {
  pyodide.globals.set("_cardroom_modules", names);
  pyodide.globals.set("_cardroom_zip", path);
  pyodide.runPython(
    "def _warm(names, path):\n" +
      "    import importlib, sys\n" +
      "    if path not in sys.path:\n" +
      "        sys.path.insert(0, path)\n" +
      "    missing = []\n" +
      "    for name in names:\n" +
      "        module, _, call = name.partition(':')\n" +
      "        try:\n" +
      "            found = importlib.import_module(module)\n" +
      "            if call:\n" +
      "                getattr(found, call)()\n" +
      "        except Exception:\n" +
      "            missing.append(name)\n" +
      "    return missing\n" +
      "_cardroom_missing = _warm(_cardroom_modules, _cardroom_zip)\n" +
      "del _warm, _cardroom_modules, _cardroom_zip\n",
  );
  const proxy = pyodide.globals.get("_cardroom_missing");
  const missing = proxy.toJs();
  proxy.destroy();
  pyodide.runPython("del _cardroom_missing");
  return missing;
}

// Compile the modules of the screen the page's link opens (cardroom.web.platform.bytecode), without
// running them: they touch the page, and the page imports them from the heap handed over.
// Nothing here may fail the hand-over: the page would only compile them itself.
function precompileRoute(pyodide, params) {
  try {
    pyodide.globals.set("_cardroom_params", JSON.stringify(params));
    pyodide.runPython(
      "import json\n" +
        "from cardroom.web.platform.bytecode import precompile_route\n" +
        "precompile_route(json.loads(_cardroom_params))\n" +
        "del _cardroom_params, json, precompile_route\n",
    );
  } catch (err) {
    console.info("cardroom: the screen's modules are compiled on the page:", err);
  }
}

async function store() {
  if (!job) throw new Error("no snapshot to store");
  const { key, cache, url, pyodide, more, packagePath } = job;
  const t0 = performance.now();
  const missing = [...job.missing, ...warm(pyodide, more, packagePath)];
  const snapshot = pyodide.makeMemorySnapshot();
  const packed = pack(snapshot);
  const digest = await crypto.subtle.digest("SHA-256", packed);
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  await (await caches.open(cache)).put(
    url,
    new Response(packed, {
      headers: {
        "content-type": "application/octet-stream",
        "x-snapshot-key": key,
        "x-snapshot-sha256": hex,
        "x-snapshot-bytes": String(snapshot.byteLength),
        "x-snapshot-pyodide": version,
      },
    }),
  );
  job = null;
  self.postMessage({
    type: "stored",
    bytes: snapshot.byteLength,
    stored: packed.byteLength,
    ms: performance.now() - t0,
    missing,
  });
}

self.onmessage = (event) => {
  const message = event.data || {};
  if (message.type === "boot") asked(message);
  else if (message.type === "store") store().catch(fail);
};
start().catch(fail);

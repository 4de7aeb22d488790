// cardroom's snapshot maker (a module worker started by pyodide-boot.mjs once the first
// screen is interactive and the browser is idle). It starts a second, private Pyodide
// with `_makeSnapshot: true`, puts the cardroom package (its zip, at the same path as on
// the page) on sys.path, imports the start-path modules and fills their caches (pure
// Python only: in snapshot mode `js` cannot reach a page), takes
// `makeMemorySnapshot()` and stores it in Cache Storage with its key and SHA-256, so
// that the next visit restores Python from it instead of starting it from scratch.
// Working here keeps all of that off the page's main thread. Any failure is reported
// back and nothing is stored.
import { loadPyodide, version } from "./pyodide/pyodide.mjs";

// The snapshot stored sparse (see unpackSnapshot in pyodide-boot.mjs): a bitmap of its
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

self.onmessage = async (event) => {
  const { key, cache, url, packageUrl, packagePath, modules } = event.data;
  try {
    const t0 = performance.now();
    const pyodide = await loadPyodide({
      indexURL: new URL("./pyodide/", import.meta.url).href,
      _makeSnapshot: true,
      stdout: () => {},
      stderr: () => {},
    });
    const pkg = await fetch(packageUrl);
    if (!pkg.ok) throw new Error(`${packageUrl}: HTTP ${pkg.status}`);
    pyodide.FS.writeFile(packagePath, new Uint8Array(await pkg.arrayBuffer()));
    pyodide.globals.set("_cardroom_modules", modules);
    pyodide.globals.set("_cardroom_zip", packagePath);
    pyodide.runPython(
      "def _warm(names, path):\n" +
        "    import importlib, sys\n" +
        "    sys.path.insert(0, path)\n" +
        "    for name in names:\n" +
        "        module, _, call = name.partition(':')\n" +
        "        try:\n" +
        "            found = importlib.import_module(module)\n" +
        "            if call:\n" +
        "                getattr(found, call)()\n" +
        "        except Exception:\n" +
        "            pass\n" +
        "_warm(_cardroom_modules, _cardroom_zip)\n" +
        "del _warm, _cardroom_modules, _cardroom_zip\n",
    );
    const snapshot = pyodide.makeMemorySnapshot();
    const packed = pack(snapshot);
    const digest = await crypto.subtle.digest("SHA-256", packed);
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    const store = await caches.open(cache);
    await store.put(
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
    self.postMessage({
      ok: true,
      bytes: snapshot.byteLength,
      stored: packed.byteLength,
      ms: performance.now() - t0,
    });
  } catch (err) {
    self.postMessage({ ok: false, error: String((err && err.message) || err) });
  }
};

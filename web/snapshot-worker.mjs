// cardroom's snapshot maker (a module worker started by pyodide-boot.mjs once the first
// screen is interactive and the browser is idle). It starts a second, private Pyodide
// with `_makeSnapshot: true`, unpacks the cardroom package, imports the start-path
// modules (pure Python only: in snapshot mode `js` cannot reach a page), takes
// `makeMemorySnapshot()` and stores it in Cache Storage with its key and SHA-256, so
// that the next visit restores Python from it instead of starting it from scratch.
// Working here keeps all of that off the page's main thread. Any failure is reported
// back and nothing is stored.
import { loadPyodide, version } from "./pyodide/pyodide.mjs";

self.onmessage = async (event) => {
  const { key, cache, url, packageUrl, sitePackages, modules } = event.data;
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
    pyodide.unpackArchive(await pkg.arrayBuffer(), "zip", { extractDir: sitePackages });
    pyodide.globals.set("_cardroom_modules", modules);
    pyodide.runPython(
      "import importlib\n" +
        "for _m in _cardroom_modules:\n" +
        "    try:\n" +
        "        importlib.import_module(_m)\n" +
        "    except Exception:\n" +
        "        pass\n" +
        "del _m, _cardroom_modules, importlib\n",
    );
    const snapshot = pyodide.makeMemorySnapshot();
    const digest = await crypto.subtle.digest("SHA-256", snapshot);
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    const store = await caches.open(cache);
    await store.put(
      url,
      new Response(snapshot, {
        headers: {
          "content-type": "application/octet-stream",
          "x-snapshot-key": key,
          "x-snapshot-sha256": hex,
          "x-snapshot-pyodide": version,
        },
      }),
    );
    self.postMessage({ ok: true, bytes: snapshot.byteLength, ms: performance.now() - t0 });
  } catch (err) {
    self.postMessage({ ok: false, error: String((err && err.message) || err) });
  }
};

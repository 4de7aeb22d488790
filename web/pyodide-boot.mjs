// PyScript's `interpreter` module (see build.py): the vendored Pyodide, started as soon
// as the page starts loading instead of after PyScript has read its config.
//
// index.html loads this module with <script type="module" async>. Right after the
// first paint (the pre-rendered map needs no script) it starts loadPyodide() and
// fetches the cardroom package (a zip) and the 50 pre-rendered card faces (their
// <template>s, kept out of index.html so they never delay the first paint) at the same
// time; the card faces go into #card-templates as soon as they arrive. Once Python is
// up it unpacks the package into site-packages and mounts the routed screen
// (cardroom.web.app.main), so the page is interactive as soon as Pyodide is; only then
// does it import PyScript, so PyScript's own start-up never delays the page.
// PyScript imports this same module as its interpreter (same URL, same instance): its
// loadPyodide() receives the running interpreter, with PyScript's stdout/stderr handlers
// attached, and its <script type="py"> calls main() again, which returns the screen
// already mounted. build.py fills in the three constants below.
import { loadPyodide as load, version } from "./pyodide/pyodide.mjs";

export { version };

const sink = {
  stdout: (line) => console.log(line),
  stderr: (line) => console.warn(line),
};
const PACKAGE_URL = new URL({{PKG_URL}}, import.meta.url).href;
const SITE_PACKAGES = {{SITE_PACKAGES}};
const CARDS_URL = new URL({{CARDS_URL}}, import.meta.url).href;
const PYSCRIPT_URL = new URL("./pyscript/core.js", import.meta.url).href;
let started = null;

// Start-up stages for the progress bar (web/boot.js): 1 = runtime loading, 2 = opening.
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

async function boot() {
  await afterFirstPaint();
  const pkg = fetchOk(PACKAGE_URL, (r) => r.arrayBuffer());
  const cards = fetchOk(CARDS_URL, (r) => r.text()).then(insertCards);
  cards.catch(() => {}); // reported where it is awaited
  stage(1, "Loading the Python runtime…");
  performance.mark("cardroom:pyodide-start");
  const loading = load({
    indexURL: new URL("./pyodide/", import.meta.url).href,
    stdout: (line) => sink.stdout(line),
    stderr: (line) => sink.stderr(line),
  });
  const pyodide = await loading;
  performance.mark("cardroom:pyodide-up");
  pyodide.unpackArchive(await pkg, "zip", { extractDir: SITE_PACKAGES });
  await cards; // in the page long before Python is up; screens clone them at once
  stage(2, "Opening cardroom…");
  try {
    pyodide.runPython("from cardroom.web.app import main\nmain()");
  } catch (err) {
    console.error(err); // main() has shown it; PyScript's own run will try once more
  }
  // PyScript loads now, off the start path, and attaches to this interpreter.
  import(PYSCRIPT_URL);
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

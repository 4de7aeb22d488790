// cardroom boot: the only page script besides PyScript. It shows Python's loading
// progress, remembers a state chosen before Python is ready (Python picks it up from
// window.cardroomPending), shows start-up errors, and registers the service worker
// once the screen is interactive so precaching never competes with the first start.
(function () {
  "use strict";
  var root = document.documentElement;
  var loader = document.getElementById("loader");
  var meter = loader.querySelector(".progress");
  var bar = loader.querySelector(".progress-bar");
  var text = loader.querySelector(".loader-text");
  var t0 = performance.now();
  var floor = 2, ceiling = 60, stageAt = t0, tau = 1200, failed = false;
  var shown = -1, restoring = false;
  function show(p) {
    p = Math.max(2, Math.min(100, Math.round(p)));
    if (p === shown) return;
    shown = p;
    bar.style.transform = "scaleX(" + p / 100 + ")"; // compositor only: no layout
    meter.setAttribute("aria-valuenow", String(p));
  }
  function stage(f, c, ms, message) {
    if (f < floor) return;
    floor = f; ceiling = c; tau = ms; stageAt = performance.now();
    if (message && !window.cardroomPending) text.textContent = message;
  }
  // A few updates a second are enough, and leave the CPU to Python's start-up.
  function tick() {
    if (failed || root.dataset.ready) return;
    var dt = performance.now() - stageAt;
    show(floor + (ceiling - floor) * (1 - Math.exp(-dt / tau)));
    setTimeout(tick, 250);
  }
  tick();
  // Stages: the runtime downloading (resource timing), Python starting (or being restored
// from a snapshot), cardroom opening.
  if (typeof PerformanceObserver === "function") {
    try {
      new PerformanceObserver(function (list) {
        list.getEntries().forEach(function (e) {
          if (/pyodide\.asm\.wasm$/.test(e.name) && !restoring) {
            stage(45, 92, 900, "Starting Python…");
          }
        });
      }).observe({ type: "resource", buffered: true });
    } catch (err) { /* progress stays time-based */ }
  }
  // Python restored from a memory snapshot (a repeat visit) is its own, shorter step.
  addEventListener("cardroom:progress", function (e) {
    var d = e.detail || {};
    if (d.step === "runtime") stage(5, 60, 1500, d.text);
    else if (d.step === "restore") { restoring = true; stage(5, 90, 400, d.text); }
    else if (d.step === "open") stage(93, 98, 150, d.text);
  });

  function fail(msg) {
    if (root.dataset.ready || failed) return;
    failed = true;
    loader.classList.add("failed");
    loader.setAttribute("role", "alert");
    text.textContent = "cardroom could not start: " + msg + " Reload the page to try again.";
  }
  addEventListener("error", function (e) { fail(String(e.message || "script error") + "."); });
  addEventListener("unhandledrejection", function (e) {
    var r = e.reason;
    fail(String((r && r.message) || r || "start-up failed") + ".");
  });
  window.cardroomFail = fail;

  // Choices made before Python is ready: remember the last one.
  var map = document.getElementById("us-map");
  function pending(e) {
    if (root.dataset.ready || !map) return;
    var t = e.target.closest && e.target.closest("[data-state],[data-callout]");
    if (!t) return;
    if (e.type === "keydown") {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
    }
    var code = t.getAttribute("data-state") || t.getAttribute("data-callout");
    window.cardroomPending = code;
    var el = document.getElementById("state-" + code);
    text.textContent = (el ? el.getAttribute("aria-label") : code) +
      " will open as soon as Python is ready…";
  }
  if (map) {
    map.addEventListener("click", pending);
    map.addEventListener("keydown", pending);
  }

  addEventListener("cardroom:ready", function () {
    show(100);
    var ms = Math.round(performance.now() - t0);
    loader.hidden = true;
    root.setAttribute("data-ready-ms", String(ms));
    if ("serviceWorker" in navigator && location.protocol !== "file:") {
      navigator.serviceWorker.register("sw.js").then(function () {
        return navigator.serviceWorker.ready;
      }).then(function (reg) {
        root.setAttribute("data-offline", "1");
        // then, when the page is idle, what the games need offline (the word index)
        var warm = function () { if (reg.active) reg.active.postMessage({ type: "warm" }); };
        setTimeout(function () {
          if ("requestIdleCallback" in window) requestIdleCallback(warm, { timeout: 5000 });
          else warm();
        }, 3000);
      }).catch(function (err) {
        console.warn("service worker not installed:", err);
      });
    }
  }, { once: true });
})();

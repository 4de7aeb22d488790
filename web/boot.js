// cardroom boot: the only page script besides PyScript. It shows Python's loading
// progress, remembers a state chosen before Python is ready (Python picks it up from
// window.cardroomPending), shows start-up errors, and registers the service worker
// once the screen is interactive so precaching never competes with the first start.
(function () {
  "use strict";
  var root = document.documentElement;
  // (An embedded screen's data-embed is set by index.html's first script, in the head.)
  // The stylesheets that the page as built does not use (sitebuild/page.py) are linked
  // for print until the first paint is done: not render-blocking, fetched at the lowest
  // priority and parsed as each arrives. Each then applies to the screen in its own place,
  // so the cascade is the one of all the sheets in their order. The boot module calls
  // this as Python starts: the sheets then apply one a task (the style engine takes in
  // each sheet's rules when its media changes: all at once, that was one long task of
  // 156 ms at 4 x CPU slowdown); and again before a screen is shown, when whatever is
  // left applies at once, as it does before printing or to show an error. (A sheet still
  // on its way applies when it arrives.)
  var stepping = false;
  function laterSheets() {
    return document.querySelectorAll('link[rel="stylesheet"][data-sheet][media="print"]');
  }
  function styles() {
    var later = laterSheets();
    if (!stepping && later.length) {
      stepping = true;
      (function step() {
        var next = laterSheets()[0];
        if (!next) return;
        next.removeAttribute("media");
        setTimeout(step, 0);
      })();
      return;
    }
    for (var i = 0; i < later.length; i++) later[i].removeAttribute("media");
  }
  function allStyles() {
    stepping = true;
    styles();
  }
  window.cardroomStyles = styles;
  addEventListener("beforeprint", allStyles); // the print rules are among them
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
  // Stages: the runtime downloading (resource timing, or the worker's word that it has
  // compiled it), Python starting (or being restored from a snapshot), cardroom opening.
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
    else if (d.step === "python") stage(45, 92, 900, d.text); // the worker's runtime is compiled
    else if (d.step === "restore") { restoring = true; stage(5, 90, 400, d.text); }
    else if (d.step === "open") stage(93, 98, 150, d.text);
  });

  function fail(msg) {
    if (root.dataset.ready || failed) return;
    failed = true;
    allStyles();
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
      offlineSays("saving", "Saving the site for offline use\u2026");
      navigator.serviceWorker.register("sw.js").then(function (reg) {
        if (!reg) throw new Error("registration refused by the browser");
        watchUpdates(reg);
        return navigator.serviceWorker.ready;
      }).then(function (reg) {
        root.setAttribute("data-offline", "1"); // the start path is saved
        // then the rest of the site, in the background: once Python's snapshot is
        // stored (the first visit's other background work) and the page is idle
        afterSnapshot(function () { idle(function () { completeCopy(reg); }); });
      }).catch(function (err) {
        offlineSays("none", "No offline copy: this browser did not keep one.");
        console.warn("service worker not installed:", err);
      });
    } else {
      offlineSays("none", "No offline copy here: browsers keep one only for a secure page " +
        "(https, or this computer's own address).");
    }
  }, { once: true });

  // The offline copy (web/sw.js): the footer says how far it is; <html data-offline-copy>
  // is "saving", "complete", "incomplete" or "none".
  function offlineSays(state, message) {
    root.setAttribute("data-offline-copy", state);
    var line = document.getElementById("offline-status");
    if (line) {
      line.textContent = message;
      line.hidden = false;
    }
  }
  function idle(fn) {
    if ("requestIdleCallback" in window) requestIdleCallback(fn, { timeout: 3000 });
    else setTimeout(fn, 500);
  }
  // Python's memory snapshot is being made and stored (web/pyodide-boot.mjs): wait for
  // it to end, two minutes at most.
  function afterSnapshot(fn) {
    var waited = 0;
    (function check() {
      if (root.getAttribute("data-snapshot") !== "making" || waited >= 120000) fn();
      else { waited += 500; setTimeout(check, 500); }
    })();
  }
  // The service worker fetches the rest of the site and says how far it is.
  function completeCopy(reg) {
    var sw = reg.active;
    if (!sw || typeof MessageChannel !== "function") return;
    var channel = new MessageChannel();
    channel.port1.onmessage = function (e) {
      var d = e.data || {};
      if (d.type === "progress" && d.done < d.total) {
        offlineSays("saving", "Saving the rest of the site for offline use (" +
          Math.round((100 * d.done) / d.total) + "%)\u2026");
      } else if (d.type === "warmed") {
        channel.port1.close();
        if (d.missing) {
          offlineSays("incomplete", "Saved for offline use, but for " + d.missing + " of " +
            d.total + " files that could not be fetched: the next visit online saves them.");
        } else {
          offlineSays("complete", "Ready for offline use: every part of the site now works " +
            "without a network.");
        }
      }
    };
    offlineSays("saving", "Saving the rest of the site for offline use\u2026");
    sw.postMessage({ type: "warm" }, [channel.port2]);
  }

  // A new build: its service worker waits (web/sw.js) and the page offers "A new version
  // is ready" (R-188): at once if no game is in progress, else at the next screen change
  // (the result, the setup, another page), never in the middle of a game. "Reload now"
  // lets the new worker take over, then reloads: the game's save (sessionStorage, keyed
  // by the run in history.state) survives the reload. "Later" keeps this version until
  // the next visit.
  function watchUpdates(reg) {
    var sw = navigator.serviceWorker, banner = null, dismissed = false, asked = false;
    var watcher = null, swapped = false, had = !!sw.controller;
    function waiting() { return sw.controller ? reg.waiting : null; }
    function inGame() {
      if (!root.hasAttribute("data-playing")) return false;
      return !document.querySelector('.kit-table[data-phase="over"]');
    }
    function offer() {
      if (dismissed || asked || !(waiting() || swapped) || inGame()) return;
      if (!banner) {
        banner = document.createElement("aside");
        banner.className = "update-banner";
        banner.id = "update-banner";
        banner.setAttribute("aria-labelledby", "update-text");
        banner.innerHTML =
          '<p id="update-text" role="status">A new version is ready.</p>' +
          '<button type="button" class="bu-btn bu-primary" data-update="reload">Reload now</button>' +
          '<button type="button" class="bu-btn bu-quiet" data-update="later">Later</button>';
        banner.addEventListener("click", function (e) {
          var b = e.target.closest && e.target.closest("[data-update]");
          if (!b) return;
          if (b.getAttribute("data-update") === "later") {
            dismissed = true;
            banner.hidden = true;
            if (watcher) watcher.disconnect();
            return;
          }
          asked = true;
          b.disabled = true;
          banner.querySelector("#update-text").textContent = "Starting the new version\u2026";
          takeOver(waiting());
        });
        document.body.appendChild(banner);
      }
      banner.hidden = false;
    }
    // Reload now: the waiting worker is asked to take over, and the page reloads as soon as
    // it does. The browser lets it take over only once the old build's worker has finished
    // what it was doing, so the request is repeated every 2 s while it still waits. A
    // click always reloads: after 10 s without a take-over the page reloads anyway (on the
    // old build, which offers the new one again).
    function takeOver(w) {
      var gone = false, tries = 0, timer = null;
      function reload() {
        if (gone) return;
        gone = true;
        if (timer) clearInterval(timer);
        location.reload();
      }
      if (!w) { reload(); return; }
      function ask() { if (reg.waiting === w) w.postMessage({ type: "skip-waiting" }); }
      sw.addEventListener("controllerchange", reload);
      w.addEventListener("statechange", function () { if (w.state !== "installed") reload(); });
      ask();
      timer = setInterval(function () {
        if (++tries >= 5) reload();
        else ask();
      }, 2000);
    }
    function arm() {
      if (!(waiting() || swapped) || watcher) { offer(); return; }
      offer();
      if (dismissed) return;
      // the next screen change: the game's result, its setup, or another screen
      watcher = new MutationObserver(offer);
      watcher.observe(root, {
        attributes: true, subtree: true,
        attributeFilter: ["data-playing", "data-screen", "data-phase"],
      });
    }
    if (reg.waiting) arm();
    // Reload now in another tab let the new build take over: this page runs the old one
    // with its cache gone, so it offers the reload too (same rule: not mid-game).
    sw.addEventListener("controllerchange", function () {
      if (had && !asked) { swapped = true; arm(); }
      had = true;
    });
    reg.addEventListener("updatefound", function () {
      var w = reg.installing;
      if (!w) return;
      w.addEventListener("statechange", function () {
        if (w.state === "installed") arm();
      });
    });
  }
})();

// A game's link before Python is ready (sitebuild/page.py): its setup screen, pre-rendered
// in a <template>, goes into the page before the first paint with the link's choices
// filled in (as cardroom.web.platform.routes.parse_link reads them; a choice the link gets
// wrong stays at its default, and Python says what is wrong when it mounts). The player
// reads and chooses meanwhile; Start says it waits and does not submit until the kit's
// setup takes the form over (cardroom.web.kit.screen: data-live), keeping those choices.
(function () {
  "use strict";
  var q = new URLSearchParams(location.search);
  var t = document.getElementById("intro-" + (q.get("game") || "").trim().toLowerCase() + "-template");
  if (!t) return;
  var section = t.content.firstElementChild.cloneNode(true);
  t.parentNode.insertBefore(section, t);
  var form = section.querySelector("form");
  function box(name, value) {
    var all = form.querySelectorAll('input[name="' + name + '"]');
    for (var i = 0; i < all.length; i++) if (all[i].value === value) return all[i];
    return null;
  }
  function checked(name) {
    var el = form.querySelector('input[name="' + name + '"]:checked');
    return el ? el.value : "";
  }
  function pick(name, text) {
    var el = text === null ? null : box(name, text.trim().toLowerCase().replace(/^0+(?=\d)/, ""));
    if (el) el.checked = true;
  }
  // an option's fieldset applies to the mode and level chosen (Option.applies)
  function applies(fs, mode, level) {
    var modes = fs.getAttribute("data-modes").split(" ").filter(Boolean);
    var levels = fs.getAttribute("data-levels").split(" ").filter(Boolean);
    return (!modes.length || modes.indexOf(mode) >= 0) &&
      (!levels.length || !level || levels.indexOf(level) >= 0);
  }
  function sync() { // KitScreen.on_setup_change
    var mode = checked("mode"), level = checked("level");
    form.querySelector("#kit-difficulty").hidden = mode !== "bot";
    var opts = form.querySelectorAll(".kit-option");
    for (var i = 0; i < opts.length; i++) opts[i].hidden = !applies(opts[i], mode, level);
  }
  pick("level", q.get("level"));
  pick("mode", q.get("mode"));
  pick("difficulty", q.get("difficulty"));
  var opts = form.querySelectorAll(".kit-option");
  for (var i = 0; i < opts.length; i++) {
    var name = opts[i].getAttribute("data-option");
    if (applies(opts[i], checked("mode"), checked("level"))) pick("opt-" + name, q.get(name));
  }
  var seed = (q.get("seed") || "").trim();
  if (/^\d{1,10}$/.test(seed) && Number(seed) <= 2147483647) form.seed.value = String(Number(seed));
  sync();
  function touched() { form.setAttribute("data-touched", "1"); }
  form.addEventListener("change", function () { touched(); sync(); });
  form.addEventListener("input", touched);
  form.addEventListener("submit", function (e) {
    if (!form.hasAttribute("data-live")) e.preventDefault(); // Python is not ready yet
  });
})();

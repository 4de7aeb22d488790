"""The page's first paint parses only the stylesheets it uses (sitebuild/page.py): app.css
and ``FIRST_PAINT_SHEETS`` are inlined ``<style>``; every other sheet is a file of its own,
linked in its place with ``media="print"`` until Python starts, then for every medium.

Checked here, in Chromium's own selector engine, against the page as built:
- no rule of a deferred sheet selects anything in it, whatever screen the link opens
  (``data-screen`` as index.html's first script sets it), embedded or not, hovered or
  focused; and each first-paint sheet does select something (the list is not stale);
- the deferred sheets do not apply to the screen while the page is parsed, and the
  browser reports none of them as render-blocking;
- at ready every sheet applies, whole, in the cascade order of ``sheets()``.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import open_site

from cardroom.web.platform.routes import WEB_GAMES
from sitebuild.page import FIRST_PAINT_SHEETS, sheets

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]

#: Every value index.html's first script gives ``data-screen`` before the first paint.
SCREENS = ["home", "atlas", "learn", "tournament"] + [f"game:{slug}" for slug in WEB_GAMES]

#: For each sheet kept as text in the page as built, and each first-paint sheet: the rules
#: that select an element of it, for any screen, embedded or not. A selector is tried
#: without its pseudo-elements and user-action pseudo-classes (a rule for a hovered
#: element must be there when it is hovered); one Chromium cannot try is reported. Rules
#: for print alone are left out: the page applies every sheet before it prints.
_SELECTED = r"""async ([screens, early]) => {
    const text = await (await fetch('index.html', {cache: 'no-store'})).text();
    const doc = new DOMParser().parseFromString(text, 'text/html');
    const strip = (sel) => sel
        .replace(/::?(before|after|backdrop|marker|placeholder|selection|first-line|first-letter)\b/g, '')
        .replace(/::-webkit-[a-z-]+/g, '')
        .replace(/:(hover|focus-visible|focus-within|focus|active)\b/g, '');
    const styleRules = (list, out) => {
        for (const r of list) {
            if (r instanceof CSSStyleRule) {
                if (r.cssRules && r.cssRules.length) out.push({nested: r.selectorText});
                else out.push(r);
            } else if (r instanceof CSSMediaRule && /^\s*print\s*$/i.test(r.media.mediaText)) {
                continue;  // printing applies every sheet first (web/boot.js)
            } else if (r.cssRules) styleRules(r.cssRules, out);
        }
        return out;
    };
    const deferred = [...doc.querySelectorAll('link[rel="stylesheet"][data-sheet]')];
    const texts = new Map();
    for (const el of deferred) {
        if (el.getAttribute('media') !== 'print') throw new Error(`${el.dataset.sheet}: not for print`);
        const res = await fetch(el.getAttribute('href'), {cache: 'no-store'});
        if (!res.ok) throw new Error(`${el.getAttribute('href')}: HTTP ${res.status}`);
        texts.set(el, await res.text());
    }
    const firstPaint = [...doc.querySelectorAll('style[data-sheet]')]
        .filter((el) => early.includes(el.dataset.sheet));
    const result = {deferred: {}, early: {}, errors: []};
    const tryAll = (els, into) => {
        for (const el of els) {
            const name = el.dataset.sheet;
            const sheet = new CSSStyleSheet();
            sheet.replaceSync(texts.has(el) ? texts.get(el) : el.textContent);
            const hits = new Set();
            for (const rule of styleRules(sheet.cssRules, [])) {
                if (rule.nested) { result.errors.push(`${name}: nested rules in ${rule.nested}`); continue; }
                const sel = strip(rule.selectorText);
                for (const screen of screens) {
                    for (const embed of [false, true]) {
                        doc.documentElement.setAttribute('data-screen', screen);
                        if (embed) doc.documentElement.setAttribute('data-embed', '1');
                        else doc.documentElement.removeAttribute('data-embed');
                        let n = 0;
                        try { n = doc.querySelectorAll(sel).length; }
                        catch (e) { result.errors.push(`${name}: cannot try ${sel}`); }
                        if (n) hits.add(`${rule.selectorText} (${screen}${embed ? ', embedded' : ''})`);
                    }
                }
            }
            into[name] = [...hits];
        }
    };
    tryAll(deferred, result.deferred);
    tryAll(firstPaint, result.early);
    return result;
}"""

_SHEETS_AT = """() => [...document.querySelectorAll('[data-sheet]')]
    .map((el) => [el.tagName.toLowerCase(), el.dataset.sheet])"""

#: For each sheet: whether it is one of the document's stylesheets, the media it applies
#: to ("" for all), and how many rules it has.
_RULES = """() => Object.fromEntries([...document.querySelectorAll('[data-sheet]')].map(
    (el) => [el.dataset.sheet, [[...document.styleSheets].includes(el.sheet),
                                el.sheet ? el.sheet.media.mediaText : null,
                                el.sheet ? el.sheet.cssRules.length : -1]]))"""

_RULES_IN = """(text) => { const s = new CSSStyleSheet(); s.replaceSync(text);
    return s.cssRules.length; }"""

#: Which sheets apply to the screen when the document is parsed (DOMContentLoaded): the
#: document's stylesheets whose media the screen matches.
_AT_PARSED = """
document.addEventListener('DOMContentLoaded', () => {
    window.__sheetsParsed = [...document.querySelectorAll('[data-sheet]')]
        .filter((el) => !el.media || matchMedia(el.media).matches)
        .map((el) => el.dataset.sheet);
}, {once: true});
"""

#: How the browser fetched each later sheet (Resource Timing): render-blocking or not.
_BLOCKING = """() => Object.fromEntries(performance.getEntriesByType('resource')
    .filter((e) => /\\/css\\/[a-z_]+\\.css$/.test(e.name))
    .map((e) => [e.name.split('/').pop().replace('.css', ''), e.renderBlockingStatus]))"""


def test_no_deferred_sheet_styles_the_page_as_built(page: Any, site: Any) -> None:
    open_site(page, site, "/")
    later = sorted(p.stem for p in sheets() if p.stem != "app" and p.stem not in FIRST_PAINT_SHEETS)
    assert later, "every sheet is parsed before the first paint"
    got = page.evaluate(_SELECTED, [SCREENS, sorted(FIRST_PAINT_SHEETS)])
    assert not got["errors"], got["errors"]
    assert sorted(got["deferred"]) == later
    wrong = {name: hits[:5] for name, hits in got["deferred"].items() if hits}
    assert not wrong, f"sheets the first paint needs, kept for later: {wrong}"
    assert sorted(got["early"]) == sorted(FIRST_PAINT_SHEETS)
    stale = [name for name, hits in got["early"].items() if not hits]
    assert not stale, f"first-paint sheets that select nothing in the page as built: {stale}"


def test_deferred_sheets_become_styles_in_cascade_order(page: Any, site: Any) -> None:
    page.add_init_script(_AT_PARSED)
    open_site(page, site, "/?game=border-up")
    early = {"app", "intros"} | FIRST_PAINT_SHEETS
    parsed = page.evaluate("() => window.__sheetsParsed")
    assert parsed is not None
    assert set(parsed) == early, "only the first paint's sheets apply with the page"
    later = [p.stem for p in sheets() if p.stem not in early]
    # fetched, none of them render-blocking (a service worker's copy reports "")
    assert page.evaluate(_BLOCKING) == dict.fromkeys(later, "non-blocking")
    order = [p.stem for p in sheets()] + ["intros"]
    assert page.evaluate(_SHEETS_AT) == [
        ["style" if name in early else "link", name] for name in order
    ]
    # each is a stylesheet of the document, for every medium, whole
    rules = page.evaluate(_RULES)
    for path in sheets():
        want = [True, "", page.evaluate(_RULES_IN, path.read_text("utf-8"))]
        assert rules[path.stem] == want, path.stem


#: How many later sheets are still linked for print (a JS expression).
_PENDING = "document.querySelectorAll('link[data-sheet][media=\"print\"]').length"


def test_later_sheets_apply_one_a_task_then_all_at_once(page: Any, site: Any) -> None:
    """The boot module's first call applies the later sheets one a task (no long task for
    the style engine); a second call, before a screen is shown, applies the rest at once."""
    later = len([p for p in sheets() if p.stem != "app" and p.stem not in FIRST_PAINT_SHEETS])
    assert later > 2
    # the boot module never arrives: nothing but the test calls cardroomStyles
    page.route("**/pyodide-boot.mjs", lambda route: None)
    page.goto(site.url("/?game=border-up"), wait_until="domcontentloaded")
    assert page.evaluate(f"() => {_PENDING}") == later
    # the first call applies one sheet in its own task, then one a task
    assert page.evaluate(f"() => {{ cardroomStyles(); return {_PENDING}; }}") == later - 1
    page.wait_for_function(f"() => {_PENDING} === 0", timeout=10_000)
    # a second call while they apply takes the rest at once
    page.goto(site.url("/?game=border-up"), wait_until="domcontentloaded")
    got = page.evaluate(f"() => {{ cardroomStyles(); cardroomStyles(); return {_PENDING}; }}")
    assert got == 0


#: ``data-embed`` on the root when the parser inserts the site's header.
_EMBED_AT_HEADER = """
new MutationObserver((records, obs) => {
    for (const r of records) for (const n of r.addedNodes) {
        if (n.nodeType === 1 && n.classList.contains('topbar')) {
            window.__embedAtHeader = document.documentElement.dataset.embed || null;
            obs.disconnect();
        }
    }
}).observe(document, {childList: true, subtree: true});
"""


def test_an_embedded_link_hides_the_header_before_it_is_parsed(page: Any, site: Any) -> None:
    """The embedded look (no header, nav, footer) is set in the head: a browser that paints
    before the document is all parsed never shows the header, nor shifts the screen up."""
    page.add_init_script(_EMBED_AT_HEADER)
    page.route("**/pyodide-boot.mjs", lambda route: None)
    page.goto(site.url("/?game=border-up&level=2&mode=bot&embed=1"), wait_until="domcontentloaded")
    assert page.evaluate("() => window.__embedAtHeader") == "1"
    assert page.locator("header.topbar").is_hidden()

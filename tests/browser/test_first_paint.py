"""The page's first paint parses only the stylesheets it uses (sitebuild/page.py): app.css
and ``FIRST_PAINT_SHEETS`` are ``<style>``; every other sheet is text in a
``<script type="text/css">`` until Python starts, then a ``<style>`` in the same place.

Checked here, in Chromium's own selector engine, against the page as built:
- no rule of a deferred sheet selects anything in it, whatever screen the link opens
  (``data-screen`` as index.html's first script sets it), embedded or not, hovered or
  focused; and each first-paint sheet does select something (the list is not stale);
- the deferred sheets are not stylesheets while the page is parsed;
- at ready every sheet is a ``<style>``, in the cascade order of ``sheets()``.
"""

from __future__ import annotations

import re
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
    const deferred = [...doc.querySelectorAll('script[type="text/css"][data-sheet]')];
    const firstPaint = [...doc.querySelectorAll('style[data-sheet]')]
        .filter((el) => early.includes(el.dataset.sheet));
    const result = {deferred: {}, early: {}, errors: []};
    const tryAll = (els, into) => {
        for (const el of els) {
            const name = el.dataset.sheet;
            const sheet = new CSSStyleSheet();
            sheet.replaceSync(el.textContent);
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

_SHEETS_AT = """() => [...document.querySelectorAll('style[data-sheet], script[data-sheet]')]
    .map((el) => [el.tagName.toLowerCase(), el.dataset.sheet])"""

#: For each ``<style data-sheet>``: whether it is one of the document's stylesheets, and
#: how many rules it has.
_RULES = """() => Object.fromEntries([...document.querySelectorAll('style[data-sheet]')].map(
    (el) => [el.dataset.sheet, [[...document.styleSheets].includes(el.sheet),
                                el.sheet ? el.sheet.cssRules.length : -1]]))"""

_RULES_IN = """(text) => { const s = new CSSStyleSheet(); s.replaceSync(text);
    return s.cssRules.length; }"""

#: Which sheets are stylesheets when the document is parsed (DOMContentLoaded).
_AT_PARSED = """
document.addEventListener('DOMContentLoaded', () => {
    window.__sheetsParsed = [...document.styleSheets]
        .map((s) => s.ownerNode && s.ownerNode.dataset ? s.ownerNode.dataset.sheet : null);
}, {once: true});
"""


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
    assert set(parsed) == early, "only the first paint's sheets are parsed with the page"
    order = [p.stem for p in sheets()] + ["intros"]
    assert page.evaluate(_SHEETS_AT) == [["style", name] for name in order]
    # each is a stylesheet of the document, whole
    rules = page.evaluate(_RULES)
    for path in sheets():
        assert rules[path.stem] == [True, page.evaluate(_RULES_IN, path.read_text("utf-8"))]


def test_no_sheet_closes_its_script_element() -> None:
    for path in sheets():
        assert not re.search(r"</script", path.read_text("utf-8"), re.IGNORECASE), path.name

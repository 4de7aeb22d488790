"""Layout checks for one screen at one size (issue #41): one JavaScript function run in the
page, returning a list of violations, each naming the element it is about.

* ``overflow``: the page scrolls sideways (``scrollWidth`` wider than the viewport); the
  elements sticking out past the right edge are named.
* ``covered``: an interactive element whose centre (of its part inside the viewport and
  inside every ancestor that clips) hit-tests (``elementFromPoint``) to something that is
  neither it nor inside it: another element covers it.
* ``target``: an interactive target smaller than 24x24 CSS px whose 24 px circle, centred
  on it, intersects another target or another undersized target's circle (WCAG 2.2,
  2.5.8 Target Size (Minimum), its spacing exception). Inline links in a sentence are
  exempt (the criterion's inline exception), and a native checkbox or radio button inside
  its ``<label>`` is measured as the label.
* ``split``: on a split screen (two teams on one device), a card of either team that is not
  fully visible: its four corners (2 px inside, inside its rounded corners) and centre must
  be on the screen and hit-test to the card.
* ``clipped``: text in a card cut off by the card (or a box inside it) that clips it, at
  every size (a border list cut short, a long name run past its tile).
* ``text``: at tablet and laptop sizes, text in a card or on a board whose computed
  ``font-size`` is under 12 px.

What is interactive: links, buttons, form fields, ``summary``, elements with an
interactive ARIA role or a ``tabindex`` of 0 or more, and the map targets (``[data-state]``
shapes and ``[data-callout]`` boxes of a map one plays on, ``svg.us-map``: the atlas,
Learn's "Find the state", State IQ's map; not Border-Up's map of a group). A state's shape and its call-out box are one target (the box is
there to make the small state hittable): a state with a call-out box is measured by its box;
shapes are not hit-tested (a shape's bounding box is not its outline). Disabled controls,
elements hidden or made inert, and those under an open modal dialog are left out
(``aria-hidden`` is not: a finger still hits what a screen reader skips, such as the
map's call-out boxes).

The checks read the page as it is; they do not scroll it. Elements outside the viewport
are measured (size, spacing) but not hit-tested, except the cards of a split screen, which
must all be on the screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: the four sizes of issue #41: (name, width, height, touch)
SIZES: dict[str, tuple[int, int, bool]] = {
    "phone-390x844": (390, 844, True),
    "tablet-768x1024": (768, 1024, True),
    "tablet-1024x768": (1024, 768, True),
    "laptop-1366x768": (1366, 768, False),
}

#: the smallest target (CSS px) and the smallest card and board text at tablet and laptop
MIN_TARGET = 24
MIN_TEXT_PX = 12

#: interactive elements (map targets are added by MAP_TARGETS)
INTERACTIVE = ", ".join(
    [
        "a[href]",
        "button",
        "input:not([type=hidden])",
        "select",
        "textarea",
        "summary",
        "[role=button]",
        "[role=link]",
        "[role=option]",
        "[role=tab]",
        "[role=checkbox]",
        "[role=radio]",
        "[role=switch]",
        "[role=menuitem]",
        "[role=slider]",
        "[tabindex]:not([tabindex='-1'])",
    ]
)

#: the maps one plays on, and their targets
MAP_TARGETS = "svg.us-map:not(.bu-map) [data-state], svg.us-map:not(.bu-map) [data-callout]"

#: the cards of each team on a split screen (Border-Up, Dashing States on one device)
SPLIT_CARDS = ".kit-halves .kit-half [data-card]"

#: text in cards and on boards: the elements whose own text must be 12 px or more
CARD_TEXT = ", ".join(
    [
        ".bu-card",
        ".bu-card *",
        ".card",
        ".card *",
        ".seq-board",
        ".seq-board *",
        ".seq-cell",
        ".seq-cell *",
        ".tr-card",
        ".tr-card *",
        ".tv-card",
        ".tv-card *",
        ".ch-card",
        ".ch-card *",
        ".ds-card",
        ".ds-card *",
        ".tv-tile",
        ".tv-tile *",
        "[data-card]",
        "[data-card] *",
    ]
)

#: a card or a board's cell: the box whose text must not be cut off
CARD_ROOTS = "[data-card], .bu-card, .card, .seq-cell, .tr-card, .tv-card, .tv-tile, .ds-card"

LAYOUT_JS = r"""
(opts) => {
  const out = [];
  const W = document.documentElement.clientWidth, H = window.innerHeight;
  const desc = (e) => {
    if (!e) return '(nothing)';
    let s = e.tagName.toLowerCase();
    if (e.id) s += '#' + e.id;
    const cls = typeof e.className === 'string' ? e.className : (e.className?.baseVal || '');
    if (cls.trim()) s += '.' + cls.trim().split(/\s+/).slice(0, 3).join('.');
    for (const a of ['data-card', 'data-state', 'data-callout', 'data-space', 'data-act',
                     'data-plunge', 'name', 'aria-label']) {
      const v = e.getAttribute && e.getAttribute(a);
      if (v) { s += `[${a}="${v.slice(0, 30)}"]`; break; }
    }
    const text = (e.innerText || e.textContent || '').trim().replace(/\s+/g, ' ');
    if (text && !s.includes('aria-label')) s += ` "${text.slice(0, 24)}"`;
    return s;
  };
  const r4 = (b) => `${Math.round(b.width)}x${Math.round(b.height)} at (${Math.round(b.left)},${Math.round(b.top)})`;
  const shown = (e) => {
    if (!e.getClientRects().length) return false;
    const st = getComputedStyle(e);
    if (st.visibility === 'hidden' || st.display === 'none' || parseFloat(st.opacity) === 0) return false;
    if (e.closest('[inert], [hidden]')) return false;
    const b = e.getBoundingClientRect();
    return b.width > 0 && b.height > 0;
  };
  // text for screen readers only (the visually-hidden pattern: a 1 px clipped box)
  const srOnly = (e) => {
    for (let a = e; a && a !== document.body; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.position === 'absolute' && (st.clip !== 'auto' || st.clipPath !== 'none')) return true;
      const b = a.getBoundingClientRect();
      if (b.width <= 1 || b.height <= 1) return true;
    }
    return false;
  };
  const modal = [...document.querySelectorAll('dialog[open]')].find(d => d.matches(':modal'))
             || [...document.querySelectorAll('[aria-modal=true]')].find(shown);
  const inScope = (e) => !modal || modal.contains(e);
  // the part of e's box inside the viewport and every clipping ancestor
  const visibleBox = (e) => {
    const b = e.getBoundingClientRect();
    let l = b.left, t = b.top, r = b.right, btm = b.bottom;
    for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.overflowX !== 'visible' || st.overflowY !== 'visible' || st.contain.includes('paint')) {
        const ab = a.getBoundingClientRect();
        if (st.overflowX !== 'visible') { l = Math.max(l, ab.left); r = Math.min(r, ab.right); }
        if (st.overflowY !== 'visible') { t = Math.max(t, ab.top); btm = Math.min(btm, ab.bottom); }
      }
    }
    l = Math.max(l, 0); t = Math.max(t, 0); r = Math.min(r, W); btm = Math.min(btm, H);
    return r - l >= 1 && btm - t >= 1 ? {left: l, top: t, right: r, bottom: btm} : null;
  };
  const hits = (e, x, y) => {
    const h = document.elementFromPoint(x, y);
    return {ok: !!h && (h === e || e.contains(h)), by: h};
  };

  // ---- overflow
  const sw = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  if (sw > W + 1) {
    const wide = [...document.body.querySelectorAll('*')].filter(e => {
      if (!e.getClientRects().length) return false;
      const b = e.getBoundingClientRect();
      if (b.right <= W + 1) return false;
      // only the outermost culprits
      const p = e.parentElement;
      return !p || p === document.body || p.getBoundingClientRect().right <= W + 1;
    }).slice(0, 4);
    out.push({kind: 'overflow', what: 'page',
              detail: `the page is ${sw} px wide in a ${W} px viewport; sticking out: ` +
                      (wide.map(e => `${desc(e)} (right edge ${Math.round(e.getBoundingClientRect().right)})`).join('; ') || '?')});
  }

  // ---- targets
  const mapTargets = new Set(document.querySelectorAll(opts.mapTargets));
  const withCallout = new Set([...document.querySelectorAll('[data-callout]')].map(c => c.getAttribute('data-callout')));
  let targets = [...new Set([...document.querySelectorAll(opts.interactive), ...mapTargets])]
    .filter(e => shown(e) && inScope(e) && !e.disabled && e.getAttribute('aria-disabled') !== 'true');
  // a shape whose state has a call-out box is measured by the box
  targets = targets.filter(e => !(e.hasAttribute('data-state') && mapTargets.has(e) &&
                                  withCallout.has(e.getAttribute('data-state'))));
  // a target holding other targets (a focusable group, a scrolling region) is their
  // container: its targets are measured, not it
  targets = targets.filter(e => !targets.some(o => o !== e && e.contains(o)));
  const inlineLink = (e) => {
    if (e.tagName !== 'A' || getComputedStyle(e).display !== 'inline') return false;
    const p = e.parentElement;
    return !!p && (p.textContent || '').trim().length > (e.textContent || '').trim().length + 3;
  };
  const boxOf = (e) => {
    if ((e.type === 'checkbox' || e.type === 'radio') && e.closest('label')) {
      return e.closest('label').getBoundingClientRect();
    }
    return e.getBoundingClientRect();
  };
  const T = targets.filter(e => !inlineLink(e)).map(e => {
    const b = boxOf(e);
    return {e, b, cx: (b.left + b.right) / 2, cy: (b.top + b.bottom) / 2,
            small: b.width < opts.minTarget - 0.5 || b.height < opts.minTarget - 0.5};
  });
  const distToBox = (x, y, b) => {
    const dx = Math.max(b.left - x, 0, x - b.right), dy = Math.max(b.top - y, 0, y - b.bottom);
    return Math.hypot(dx, dy);
  };
  const R = opts.minTarget / 2;
  for (const a of T) {
    if (!a.small) continue;
    const near = T.filter(o => o !== a && !o.e.contains(a.e) && !a.e.contains(o.e) &&
      (distToBox(a.cx, a.cy, o.b) < R - 0.01 ||
       (o.small && Math.hypot(a.cx - o.cx, a.cy - o.cy) < 2 * R - 0.01)));
    if (near.length) {
      out.push({kind: 'target', what: desc(a.e),
                detail: `${r4(a.b)}, under ${opts.minTarget}x${opts.minTarget} and its ${opts.minTarget} px circle meets ` +
                        near.slice(0, 3).map(o => desc(o.e)).join(', ') + (near.length > 3 ? ` and ${near.length - 3} more` : '')});
    }
  }

  // ---- covered
  for (const a of T) {
    if (mapTargets.has(a.e) && a.e.hasAttribute('data-state')) continue;  // shapes: see above
    const v = visibleBox(a.e);
    if (!v) continue;
    const x = (v.left + v.right) / 2, y = (v.top + v.bottom) / 2;
    const h = hits(a.e, x, y);
    if (!h.ok) {
      // a label wrapping a checkbox is the checkbox's target
      if (h.by && (a.e.type === 'checkbox' || a.e.type === 'radio') && h.by.closest('label')?.contains(a.e)) continue;
      if (h.by && a.e.labels && [...a.e.labels].some(l => l.contains(h.by))) continue;
      out.push({kind: 'covered', what: desc(a.e),
                detail: `its centre (${Math.round(x)},${Math.round(y)}) hits ${desc(h.by)}`});
    }
  }

  // ---- split screens: every card of both teams fully visible
  if (opts.split) {
    const cards = [...document.querySelectorAll(opts.splitCards)].filter(c => c.getClientRects().length);
    for (const c of cards) {
      const b = c.getBoundingClientRect();
      // a corner 2 px inside the card, on the diagonal inside its rounded corner
      const rad = parseFloat(getComputedStyle(c).borderTopLeftRadius) || 0;
      const k = 2 + rad * (1 - Math.SQRT1_2);
      const pts = [[b.left + k, b.top + k], [b.right - k, b.top + k], [b.left + k, b.bottom - k],
                   [b.right - k, b.bottom - k], [(b.left + b.right) / 2, (b.top + b.bottom) / 2]];
      const bad = pts.filter(([x, y]) => x < 0 || y < 0 || x > W || y > H || !hits(c, x, y).ok);
      if (bad.length) {
        const [x, y] = bad[0];
        const why = (x < 0 || y < 0 || x > W || y > H) ? 'off the screen'
                  : `hits ${desc(document.elementFromPoint(x, y))}`;
        const half = c.closest('.kit-half');
        out.push({kind: 'split', what: `${half ? '#' + half.id + ' ' : ''}${desc(c)}`,
                  detail: `${r4(b)}: ${bad.length} of its 5 points (corners, centre) not visible, the first ${why}`});
      }
    }
  }

  // ---- card text cut off by the card (or a box inside it) that clips it
  const cardRoots = opts.cardRoots;
  const clippedSeen = new Set();
  for (const e of document.querySelectorAll(opts.cardText)) {
    if (e instanceof SVGElement || !shown(e) || srOnly(e)) continue;
    const texts = [...e.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim());
    if (!texts.length) continue;
    const root = e.closest(cardRoots);
    if (!root) continue;
    let l = -Infinity, t = -Infinity, r = Infinity, btm = Infinity;
    for (let a = e; a; a = a.parentElement) {
      const st = getComputedStyle(a);
      const ab = a.getBoundingClientRect();
      if (st.overflowX !== 'visible') { l = Math.max(l, ab.left); r = Math.min(r, ab.right); }
      if (st.overflowY !== 'visible') { t = Math.max(t, ab.top); btm = Math.min(btm, ab.bottom); }
      if (a === root) break;
    }
    const range = document.createRange();
    range.setStartBefore(texts[0]);
    range.setEndAfter(texts[texts.length - 1]);
    const tb = range.getBoundingClientRect();
    const cut = Math.max(l - tb.left, tb.right - r, t - tb.top, tb.bottom - btm);
    if (tb.width > 0 && cut > 2) {
      const key = root.getAttribute('data-card') + '|' + desc(e);
      if (clippedSeen.has(key)) continue;
      clippedSeen.add(key);
      out.push({kind: 'clipped', what: `${desc(e)} in ${desc(root).split(' ')[0]}`,
                detail: `its text (${r4(tb)}) is cut by ${Math.round(cut)} px`});
    }
  }

  // ---- card and board text
  if (opts.text) {
    const seen = new Set();
    for (const e of document.querySelectorAll(opts.cardText)) {
      if (!shown(e) || srOnly(e)) continue;
      const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
      if (!own) continue;
      const px = parseFloat(getComputedStyle(e).fontSize);
      // text in an SVG is drawn at its font-size times the SVG's scale
      let scale = 1;
      if (e instanceof SVGElement && e.ownerSVGElement) {
        const m = e.getScreenCTM();
        if (m) scale = Math.hypot(m.a, m.b);
      }
      const size = px * scale;
      if (size < opts.minText - 0.05) {
        const key = (e.tagName + '.' + (typeof e.className === 'string' ? e.className : e.className?.baseVal)) + Math.round(size * 10);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({kind: 'text', what: desc(e),
                  detail: `text at ${size.toFixed(1)} px (under ${opts.minText})`});
      }
    }
  }
  return out;
}
"""


@dataclass(frozen=True, slots=True)
class Violation:
    kind: str  # overflow, covered, target, split, clipped, text
    what: str  # the element
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.what}: {self.detail}"


def check_layout(page: Any, *, split: bool = False, text: bool = True) -> list[Violation]:
    """The layout violations of the screen ``page`` shows now (see the module's docstring);
    ``split``: the screen is a split screen; ``text``: check card and board text sizes (at
    tablet and laptop sizes)."""
    raw = page.evaluate(
        LAYOUT_JS,
        {
            "interactive": INTERACTIVE,
            "mapTargets": MAP_TARGETS,
            "splitCards": SPLIT_CARDS,
            "cardText": CARD_TEXT,
            "cardRoots": CARD_ROOTS,
            "minTarget": MIN_TARGET,
            "minText": MIN_TEXT_PX,
            "split": split,
            "text": text,
        },
    )
    return [Violation(v["kind"], v["what"], v["detail"]) for v in raw]


def text_checked(size: str) -> bool:
    """Card and board text is checked at tablet and laptop sizes, not on a phone."""
    return not size.startswith("phone")

"""The tournament director in the browser, used as a teacher would: a 4-team tournament
from registration to champion (every round's results, by mouse, keyboard, touch and a
result code, playoffs and the championship), a reload that keeps everything, export and
import, a corrupt file and a corrupt store, wrong links, and axe on every director page.

The test reads the pairings on the page and computes result codes on the CPython side
from the tournament the page keeps (the same code builds them)."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    format_violations,
    open_site,
    run_axe,
    wait_for_promise,
    wait_ready,
    write_y4m,
)
from playwright.sync_api import expect

from cardroom import tournament as tm

pytestmark = pytest.mark.browser

READY = "() => document.documentElement.dataset.director === 'ready'"


def open_director(page: Any, site: Any, path: str) -> None:
    open_site(page, site, path)
    page.wait_for_function(READY, timeout=60_000)


def axe_clean(page: Any, where: str) -> None:
    """No axe violation, and the page fits a 320 px phone without scrolling sideways."""
    violations = run_axe(page)
    assert not violations, f"{where}:\n{format_violations(violations)}"
    size = page.viewport_size
    page.set_viewport_size({"width": 320, "height": 640})
    try:
        wide = page.evaluate(WIDER_THAN_THE_PAGE)
        assert not wide, f"{where}: wider than a 320 px screen: {wide}"
    finally:
        page.set_viewport_size(size)


# Elements that stick out of the page on the right (a table may scroll in its own box).
WIDER_THAN_THE_PAGE = """() => {
  if (document.documentElement.scrollWidth <= innerWidth) return [];
  const inScroller = (e) => {
    for (let p = e.parentElement; p; p = p.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  return [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > innerWidth + 1 && !inScroller(e))
    .map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' ' + e.className)
    .slice(0, 6)
    .concat([`page ${document.documentElement.scrollWidth} px wide`]);
}"""


def stored(page: Any) -> tm.Tournament:
    return tm.from_json(page.evaluate("() => localStorage.getItem('cardroom.tournament')"))


def tab(page: Any, view: str) -> None:
    page.locator(f'button.td-tab[data-view="{view}"]').click()
    expect(page.locator(f'button.td-tab[data-view="{view}"]')).to_have_attribute(
        "aria-current", "page"
    )


def matches(page: Any, rnd: int) -> list[tuple[int, int]]:
    forms = page.locator(f'section[aria-labelledby="td-round-{rnd}-h"] form.td-match')
    out = []
    for i in range(forms.count()):
        f = forms.nth(i)
        out.append(
            (
                int(f.locator('input[name="a"]').input_value()),
                int(f.locator('input[name="b"]').input_value()),
            )
        )
    return out


def add_team(page: Any, name: str, players: tuple[str, str, str]) -> None:
    page.locator("#td-add-name").fill(name)
    for i, p in enumerate(players, 1):
        page.locator(f"#td-add-p{i}").fill(p)
    page.get_by_role("button", name="Add the team").click()
    expect(page.locator("#td-say")).to_contain_text(f"{name} is registered")


def tap(page: Any, locator: Any) -> None:
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_four_teams_from_registration_to_champion_and_a_reload(new_context: Any, site: Any) -> None:
    ctx = new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    open_director(page, site, "/?tournament=new&combo=3")
    expect(page.locator("#td-new-combo")).to_have_value("3")
    axe_clean(page, "new tournament form")
    page.locator("#td-new-name").fill("Spring Cup")
    page.get_by_role("button", name="Start the tournament").click()
    expect(page.locator("#td-title")).to_have_text("Spring Cup")
    assert "tournament=open" in page.url  # a reload opens it, not a new form

    # registration: four teams, a refused one, renames
    teams = {
        "Alpha": ("Ann", "Abe", "Al"),
        "Bravo": ("Bea", "Bo", "Bill"),
        "Charlie": ("Cy", "Cal", "Cat"),
        "Delta": ("Dee", "Dan", "Dot"),
    }
    for name, players in teams.items():
        add_team(page, name, players)
    page.locator("#td-add-name").fill("alpha")
    page.get_by_role("button", name="Add the team").click()
    expect(page.locator("#td-error-add-team")).to_contain_text("already a team called")
    expect(page.locator("#td-add-name")).to_have_value("alpha")  # kept for fixing
    page.locator("#td-t2-name").fill("Bravo Stars")
    page.locator("#td-t2-p3").fill("Billie")
    page.get_by_role("button", name="Save team 2").click()
    expect(page.locator("#td-say")).to_contain_text("Team 2 is now Bravo Stars: Bea, Bo, Billie")
    axe_clean(page, "teams")

    # the schedule: 4 morning rounds of 20 minutes, 4 afternoon rounds of 12
    tab(page, "rounds")
    rows = page.locator(".td-schedule tbody tr")
    expect(rows).to_have_count(8)
    expect(rows.nth(0)).to_contain_text("Morning")
    expect(rows.nth(0)).to_contain_text("20")
    expect(rows.nth(4)).to_contain_text("Afternoon")
    expect(rows.nth(4)).to_contain_text("12")

    # eight rounds; Alpha (team 1) wins every match, every other match is a tie, so
    # Bravo, Charlie and Delta tie for the second place in the final
    met: set[frozenset[int]] = set()
    for rnd in range(1, 9):
        page.locator("#td-pair").click()
        expect(page.locator(f"#td-round-{rnd}-h")).to_be_focused()
        pairs = matches(page, rnd)
        assert len(pairs) == 2 and len({x for p in pairs for x in p}) == 4
        if rnd <= 3:  # three opponents each: no rematch in the first three rounds
            assert not met & {frozenset(p) for p in pairs}
        met |= {frozenset(p) for p in pairs}
        for k, (a, b) in enumerate(pairs):
            pa, pb = (30, 10) if a == 1 else (10, 30) if b == 1 else (20, 20)
            fid = f"#td-m{rnd}-{a}-{b}"
            if rnd == 2 and k == 0:  # a result code, with a typo first
                code = tm.result_code(stored(page), rnd, a, b, pa, pb)
                digits = code.replace("-", "")
                typo = digits[:5] + str((int(digits[5]) + 1) % 10) + digits[6:]
                page.locator("#td-code").fill(typo)
                page.get_by_role("button", name="Enter the code").click()
                expect(page.locator("#td-error-code")).to_contain_text("typo")
                assert stored(page).played[rnd - 1].pairings[0].points is None
                page.locator("#td-code").fill(code)
                page.get_by_role("button", name="Enter the code").click()
                expect(page.locator("#td-say")).to_contain_text("Result code accepted")
            elif rnd == 3:  # keyboard: type, Tab, type, Enter; then on to the next match
                if k == 0:
                    page.locator(f"{fid}-a").focus()
                expect(page.locator(f"{fid}-a")).to_be_focused()
                page.keyboard.type(str(pa))
                page.keyboard.press("Tab")
                page.keyboard.type(str(pb))
                page.keyboard.press("Enter")
                expect(page.locator("#td-say")).to_contain_text(f"Round {rnd}:")
            elif rnd == 4:  # touch
                page.locator(f"{fid}-a").fill(str(pa))
                page.locator(f"{fid}-b").fill(str(pb))
                tap(page, page.locator(f"{fid}-a").locator("xpath=..").locator("button"))
                expect(page.locator("#td-say")).to_contain_text(f"Round {rnd}:")
            else:
                page.locator(f"{fid}-a").fill(str(pa))
                page.locator(f"{fid}-b").fill(str(pb))
                page.locator(f"{fid}-a").locator("xpath=..").locator("button").click()
                expect(page.locator("#td-say")).to_contain_text(f"Round {rnd}:")
        if rnd == 1:
            axe_clean(page, "a round with results")
            # bad points are refused where they were typed, nothing changes
            a, b = pairs[0]
            page.locator(f"#td-m1-{a}-{b}-a").fill("")
            page.locator(f"#td-m1-{a}-{b}-a").locator("xpath=..").locator("button").click()
            expect(page.locator(f"#td-error-result-1-{a}-{b}")).to_contain_text("whole number")
            page.locator(f"#td-m1-{a}-{b}-a").fill(str(30 if a == 1 else 10 if b == 1 else 20))
            page.locator(f"#td-m1-{a}-{b}-a").locator("xpath=..").locator("button").click()
            expect(page.locator("#td-say")).to_contain_text("Round 1:")
    expect(page.locator(".td-schedule tbody tr").nth(7)).to_contain_text("Done")
    # an earlier round's result corrected: a tie stays a tie
    t = stored(page)
    p = next(x for x in t.played[0].pairings if 1 not in (x.a, x.b))
    page.locator("#td-round-1-h").click()  # an earlier round is folded: open it
    page.get_by_role("button", name="Correct a result of round 1").click()
    page.locator(f"#td-m1-{p.a}-{p.b}-a").fill("21")
    page.locator(f"#td-m1-{p.a}-{p.b}-b").fill("21")
    page.locator(f"#td-m1-{p.a}-{p.b}-a").locator("xpath=..").locator("button").click()
    expect(page.locator("#td-say")).to_contain_text("Round 1:")
    assert next(x for x in stored(page).played[0].pairings if x.a == p.a).points == (21, 21)

    # live standings, printable, and as CSV
    tab(page, "standings")
    first = page.locator(".td-standings tbody tr").first
    expect(first).to_contain_text("Alpha")
    expect(first.locator("td").nth(3)).to_have_text("8")  # won all 8
    axe_clean(page, "standings")
    with page.expect_download() as dl:
        page.get_by_role("button", name="Download CSV").click()
    assert dl.value.suggested_filename == "spring-cup-standings.csv"
    csv_text = Path(dl.value.path()).read_text(encoding="utf-8")
    assert csv_text.splitlines()[0].startswith("rank,team,players")
    assert csv_text.splitlines()[1].startswith("1,Alpha,Ann; Abe; Al,8,8,0,0,0,")
    page.emulate_media(media="print")
    expect(page.locator(".td-tabs")).to_be_hidden()
    expect(page.locator(".topbar")).to_be_hidden()
    expect(page.locator(".td-standings")).to_be_visible()
    page.emulate_media(media="screen")

    # the championship: Border-Up playoffs for the second place, by keyboard
    tab(page, "final")
    axe_clean(page, "playoff")
    for _ in range(2):
        state = tm.championship_state(stored(page))
        assert state["stage"] == "playoff"
        a, b = state["playoff"]
        winner = stored(page).team(max(a, b)).name
        btn = page.get_by_role("button", name=f"{winner} won")
        btn.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#td-say")).to_contain_text(f"{winner} won the playoff")
    state = tm.championship_state(stored(page))
    assert state["stage"] == "final" and 1 in state["finalists"]
    other = stored(page).team(next(x for x in state["finalists"] if x != 1)).name
    # every game once: Alpha, other, tie, Alpha, other -> level, Border-Up tie-breaker
    for who in ("Alpha", other, None, "Alpha", other):
        if who is None:
            page.get_by_role("button", name="A tie", exact=True).click()
        else:
            page.get_by_role("button", name=f"{who} won").click()
        expect(page.locator("#td-say")).to_contain_text("Game")
    expect(page.locator("#td-choose-h")).to_contain_text("tie-breaker")
    axe_clean(page, "tie-breaker")
    page.get_by_role("button", name="Tie: play again").click()
    tap(page, page.get_by_role("button", name=f"{other} won"))
    expect(page.locator("#td-champion")).to_contain_text(f"{other} are the champions")
    expect(page.locator("#td-champion")).to_contain_text("tie-breaker")
    axe_clean(page, "champion")

    # a reload keeps everything
    before = stored(page)
    page.reload()
    wait_ready(page)
    page.wait_for_function(READY, timeout=60_000)
    expect(page.locator("#td-champion")).to_contain_text(f"{other} are the champions")
    assert stored(page) == before
    tab(page, "teams")
    expect(page.locator("#td-t2-p3")).to_have_value("Billie")
    expect(page.locator(".td-note").first).to_be_visible()


def test_export_import_corrupt_file_corrupt_store_and_links(
    page: Any, site: Any, tmp_path: Any
) -> None:
    open_director(page, site, "/?tournament=new&combo=4")
    page.locator("#td-new-name").fill("Winter Meet")
    page.locator("#td-new-rounds").fill("4")
    page.get_by_role("button", name="Start the tournament").click()
    for name in ("North", "South", "East"):
        add_team(page, name, (f"{name} 1", f"{name} 2", f"{name} 3"))
    tab(page, "rounds")  # Combo 4: All and Call by round number
    rows = page.locator(".td-schedule tbody tr")
    for i, kind in enumerate(("All", "Call", "All", "Call")):
        expect(rows.nth(i)).to_contain_text(kind)
        expect(rows.nth(i)).to_contain_text("20")
    page.locator("#td-pair").click()
    expect(page.locator(".td-bye")).to_have_count(1)  # three teams: a bye
    ((a, b),) = matches(page, 1)
    page.locator(f"#td-m1-{a}-{b}-a").fill("50")
    page.locator(f"#td-m1-{a}-{b}-b").fill("40")
    page.locator(f"#td-m1-{a}-{b}-a").locator("xpath=..").locator("button").click()
    expect(page.locator("#td-say")).to_contain_text("Round 1:")
    # a late team joins from round 2
    tab(page, "teams")
    add_team(page, "West", ("W1", "W2", "W3"))
    expect(page.locator("#td-say")).to_contain_text("joins from round 2")

    tab(page, "file")
    axe_clean(page, "save and move")
    with page.expect_download() as dl:
        page.get_by_role("button", name="Download the tournament file").click()
    assert dl.value.suggested_filename == "winter-meet-tournament.json"
    saved = tmp_path / "winter.json"
    dl.value.save_as(saved)
    exported = tm.from_json(saved.read_text())
    assert exported == stored(page) and len(exported.teams) == 4

    # a corrupt file: a clear message, nothing changed
    bad = tmp_path / "bad.json"
    data = json.loads(saved.read_text())
    data["played"][0]["pairings"][0]["b"] = data["played"][0]["pairings"][0]["a"]
    bad.write_text(json.dumps(data))
    page.locator("#td-import").set_input_files(str(bad))
    expect(page.locator("#td-error-import")).to_contain_text("Nothing was changed")
    assert stored(page) == exported
    page.locator("#td-import").set_input_files(str(tmp_path / "winter.json"))
    expect(page.locator("#td-say")).to_contain_text("Winter Meet was imported: 4 teams")

    # import into a fresh device: another tournament replaced by the file
    tab(page, "file")
    page.get_by_role("button", name="Start a new tournament").click()
    expect(page.locator(".td-note").first).to_contain_text("replaces Winter Meet")
    page.locator("#td-new-name").fill("Other")
    page.get_by_role("button", name="Start the tournament").click()
    expect(page.locator("#td-title")).to_have_text("Other")
    tab(page, "file")
    page.locator("#td-import").set_input_files(str(saved))
    expect(page.locator("#td-title")).to_have_text("Winter Meet")
    assert stored(page) == exported

    # a corrupt store: a clear message, the old data offered as a download, a fresh start
    page.evaluate("() => localStorage.setItem('cardroom.tournament', '{\"format\": ')")
    page.reload()
    wait_ready(page)
    page.wait_for_function(READY, timeout=60_000)
    expect(page.locator(".td-corrupt")).to_contain_text("could not be read")
    expect(page.locator("#td-new-name")).to_be_visible()
    axe_clean(page, "corrupt store")
    with page.expect_download() as dl:
        page.get_by_role("button", name="Download the old data").click()
    assert Path(dl.value.path()).read_text(encoding="utf-8") == '{"format": '

    # wrong links say what is wrong
    open_director(page, site, "/?tournament=bogus&combo=7")
    expect(page.locator("#link-problems")).to_contain_text("bogus")
    expect(page.locator("#link-problems")).to_contain_text("Combo “7”")


def test_networkx_is_loaded_only_by_the_director_and_cached_lazily(page: Any, site: Any) -> None:
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    open_site(page, site, "/")
    page.wait_for_timeout(500)
    assert not [u for u in urls if "networkx" in u], "networkx fetched on the start path"
    sw = page.evaluate("() => fetch('sw.js').then(r => r.text())")
    lazy = re.search(r"networkx-3\.6\.1-[0-9a-f]{10}\.zip", sw)
    assert lazy, "the service worker does not know the networkx zip"
    page.locator('[data-screen-item="tournament"] a').click()  # the home menu's entry
    wait_ready(page)
    page.wait_for_function(READY, timeout=60_000)
    assert "tournament=open" in page.url
    expect(page.locator('a[data-screen-link="tournament"]')).to_have_attribute(
        "aria-current", "page"
    )
    assert [u for u in urls if lazy.group(0) in u]
    expect(page.locator("#td-new-name")).to_be_visible()  # nothing kept yet: the form


def test_the_director_works_offline_once_visited(new_context: Any, serve_site: Any) -> None:
    context = new_context(route=False, service_workers="allow")
    server = serve_site()
    page = context.new_page()
    open_director(page, server, "/?tournament=open")
    assert page.evaluate("() => navigator.serviceWorker.ready.then(r => !!r.active)")
    page.reload(wait_until="load")  # now under the service worker: networkx goes through it
    wait_ready(page)
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    wait_for_promise(
        page,
        """async () => {
            for (const name of await caches.keys()) {
                const keys = await (await caches.open(name)).keys();
                if (keys.some((r) => /networkx-3\\.6\\.1-[0-9a-f]+\\.zip$/.test(r.url))) return true;
            }
            return false;
        }""",
        timeout_ms=30_000,
        poll_ms=500,
    )
    page.locator("#td-new-name").fill("Offline Cup")
    page.get_by_role("button", name="Start the tournament").click()
    server.stop()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.clearBrowserCache")  # only the service worker's cache is left
    cdp.detach()
    page.reload(wait_until="load")
    wait_ready(page)
    page.wait_for_function(READY, timeout=60_000)
    expect(page.locator("#td-title")).to_have_text("Offline Cup")
    for name in ("One", "Two"):
        add_team(page, name, ("a", "b", "c"))
    page.get_by_role("button", name="Pair round 1").click()  # networkx, from the cache
    expect(page.locator("#td-say")).to_contain_text("Round 1 is paired")


def test_a_result_code_scanned_from_a_match_devices_qr(
    site: Any, playwright_instance: Any, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """R-174: the director scans the QR code a match device shows (Chromium's fake camera
    plays a video of it) and the result is entered as if typed. (The camera's Chromium is a
    warm device context of its own, or without a warm profile an incognito one.)"""
    from conftest import Guard, launch, warm_enabled  # noqa: PLC0415

    from cardroom.web.director.logic import Desk  # noqa: PLC0415

    d = Desk(combo=2)
    assert d.act("create", {"name": "Scan Cup", "combo": "2", "rounds": "4"})
    for i in range(4):
        team = {"name": f"Team {i + 1}", "player1": "A", "player2": "B", "player3": "C"}
        assert d.act("add-team", team), d.error
    assert d.act("pair", {}) and d.t is not None
    p = d.t.played[0].pairings[0]
    assert p.b is not None
    code = tm.result_code(d.t, 1, p.a, p.b, 75, 45)
    video = tmp_path / "code.y4m"
    write_y4m(video, code)
    args = (
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    )
    warm = request.getfixturevalue("warm_profile") if warm_enabled() else None
    camera = None
    if warm is not None:
        ctx = warm.own_device_context(args=args)
        guard = ctx.guard
    else:
        camera = launch(playwright_instance, *args)
        ctx = camera.new_context(service_workers="block")
        guard = Guard()
        guard.attach(ctx, route=True)
    try:
        store = json.dumps(d.store_text())
        ctx.add_init_script(  # the tournament kept on this device, in the site's pages only
            "if (location.protocol === 'http:' && "
            "!localStorage.getItem('cardroom.tournament')) "
            f"localStorage.setItem('cardroom.tournament', {store})"
        )
        page = ctx.new_page()
        open_director(page, site, "/?tournament=open")
        tab(page, "rounds")
        assert stored(page).played[0].pairings[0].points is None
        page.get_by_role("button", name="Scan its QR code").click()
        expect(page.locator("#main")).to_contain_text("Result code accepted", timeout=30_000)
        got = stored(page).played[0]
        match = next(x for x in got.pairings if {x.a, x.b} == {p.a, p.b})
        assert match.points == ((75, 45) if match.a == p.a else (45, 75))
        axe_clean(page, "the rounds page after a scanned code")
    finally:
        with contextlib.suppress(Exception):
            ctx.close()
        if camera is not None:
            camera.close()
    # (a profile on disk asks for /favicon.ico, which the site has not: conftest.py)
    guard.bad_responses = [r for r in guard.bad_responses if not r.endswith("/favicon.ico")]
    assert not guard.problems(), guard.problems()


def test_on_a_phone_the_schedule_fits_and_each_team_sits_by_its_own_points_box(
    new_context: Any, site: Any
) -> None:
    """At 390x844, one tournament of four teams on its Rounds tab:

    * Issue #41: the schedule table scrolled sideways in its box. On a phone each round is
      a card of its own (round, kind, minutes, games, status, each labelled), inside the
      page's width; a laptop keeps the table.
    * A play-test: the match row wrapped as "Eagles [20] – [20]" over "Foxes [Save]", so
      the second box stood on the first team's line. On a phone each team's name is on the
      line of its own box, the first team above the second."""
    ctx = new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    open_director(page, site, "/?tournament=new&combo=3")
    page.locator("#td-new-name").fill("Room 12")
    page.get_by_role("button", name="Start the tournament").tap()
    for name in ("Eagles", "Foxes", "Owls", "Sharks"):
        add_team(page, name, (name[:2] + "1", name[:2] + "2", name[:2] + "3"))
    tab(page, "rounds")
    # the schedule, as cards on the phone
    rows = page.locator(".td-schedule tbody tr")
    expect(rows).to_have_count(8)
    fit = """() => { const s = document.querySelector('.td-schedule').closest('.td-scroll');
        const t = document.querySelector('.td-schedule').getBoundingClientRect();
        return {box: [s.scrollWidth, s.clientWidth], right: t.right,
                page: document.documentElement.scrollWidth}; }"""
    m = page.evaluate(fit)
    assert m["box"][0] <= m["box"][1] + 1, f"the schedule scrolls sideways: {m}"
    assert m["right"] <= 390 and m["page"] <= 390, m
    # every cell is there to read, its column named beside it on the phone
    first = rows.first
    expect(first).to_contain_text("Morning")
    for label in ("Kind", "Minutes", "Games", "Status"):
        cell = first.locator(f"td[data-label='{label}']")
        expect(cell).to_be_visible()
        before = cell.evaluate("(e) => getComputedStyle(e, '::before').content")
        assert label in before, (label, before)

    # round 1 paired: each team by its own points box
    page.locator("#td-pair").tap()
    a, b = matches(page, 1)[0]
    fid = f"td-m1-{a}-{b}"

    def box(sel: str) -> dict[str, float]:
        return page.locator(sel).bounding_box()

    def same_line(x: dict[str, float], y: dict[str, float]) -> bool:
        return abs((x["y"] + x["height"] / 2) - (y["y"] + y["height"] / 2)) < 8

    la, lb = box(f"label[for='{fid}-a']"), box(f"label[for='{fid}-b']")
    pa, pb = box(f"#{fid}-a"), box(f"#{fid}-b")
    assert same_line(la, pa), (la, pa)
    assert same_line(lb, pb), (lb, pb)
    assert lb["y"] > la["y"] + la["height"] / 2, "the second team is below the first"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # typed as before: the first box, Tab, the second box, Enter
    page.locator(f"#{fid}-a").fill("30")
    page.locator(f"#{fid}-a").press("Tab")
    expect(page.locator(f"#{fid}-b")).to_be_focused()
    page.keyboard.type("10")
    page.keyboard.press("Enter")
    expect(page.locator("#td-say")).to_contain_text("Round 1:")

    # the schedule on a tablet and a laptop (a round played by now)
    for width, height in ((768, 1024), (1024, 768), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(100)
        m = page.evaluate(fit)
        assert m["box"][0] <= m["box"][1] + 1 and m["page"] <= width, (width, m)
    # a laptop: the table as a table, its header row shown
    expect(page.locator(".td-schedule thead th").first).to_be_visible()

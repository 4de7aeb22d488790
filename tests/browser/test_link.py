"""Two devices over a WebRTC data channel, no server (docs/link.md, R-177..R-184).

Two browser contexts of one Chromium are the two devices: they pair by typing each
other's codes through the pairing screen, then play a whole game over the link. Chromium
runs with ``--disable-features=WebRtcHideLocalIpsWithMdns`` so the host candidates carry
real addresses on one machine (a real LAN may use the mDNS names instead). Each page's
DOM is checked at several points never to hold the other team's cards.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from browser_helpers import (
    ACTION_TIMEOUT_MS,
    decline_plunge,
    format_violations,
    open_site,
    run_axe,
    write_y4m,
)
from conftest import HARNESS_FEATURES_OFF, Guard, warm_enabled
from playwright.sync_api import expect

from cardroom.core import Move
from cardroom.geoplunge import solver
from cardroom.geoplunge.border_up import GAME

pytestmark = pytest.mark.browser

#: the two "devices" are one machine with no mDNS responder: their ICE candidates must be
#: plain addresses, not the ``.local`` names Chromium gives them by default
LINK_FEATURES_OFF = ["WebRtcHideLocalIpsWithMdns"]
RESULT_TIMEOUT_MS = 20_000


@pytest.fixture
def link_browser(launch_with_features_off: Callable[..., Any]) -> Iterator[Any]:
    """A browser of its own for each test: a test's closed contexts (their peer
    connections torn down) never share a browser with the next test's pages."""
    b = launch_with_features_off(LINK_FEATURES_OFF)
    yield b
    b.close()


def test_a_link_browser_disables_playwrights_features_and_mdns_names(
    link_browser: Any, launch_with_features_off: Any
) -> None:
    """One ``--disable-features`` with Playwright's list, the harness's and LINK_FEATURES_OFF:
    a second one would have replaced Playwright's list (MediaRouter, PaintHolding... back
    on)."""
    page = link_browser.new_page()
    page.goto("chrome://version")
    args = page.locator("#command_line").inner_text().split()
    off = [a for a in args if a.startswith("--disable-features=")]
    assert len(off) == 1, off
    features = off[0].split("=", 1)[1].split(",")
    assert launch_with_features_off.disabled_by_playwright
    assert "MediaRouter" in launch_with_features_off.disabled_by_playwright
    assert features == [
        *launch_with_features_off.disabled_by_playwright,
        *HARNESS_FEATURES_OFF,
        *LINK_FEATURES_OFF,
    ]


@pytest.fixture
def device(request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """``device()`` -> a page in a context of its own (a device), guarded like the suite's:
    a warm one (its page restores Python from the site's snapshot), a Chromium of its own
    with LINK_FEATURES_OFF and Chromium ``args`` (``device(args=[...])``: a fake camera's),
    closed after the test. Without a warm profile, a page in a new incognito context of
    ``link_browser`` (of a Chromium launched with ``args``), which starts Python from
    nothing."""
    made: list[tuple[Any, Guard]] = []
    browsers: list[Any] = []
    warm = request.getfixturevalue("warm_profile") if warm_enabled() else None

    def make(*, args: tuple[str, ...] | list[str] = ()) -> Any:
        if warm is not None:
            ctx = warm.own_device_context(features_off=LINK_FEATURES_OFF, args=args)
            made.append((ctx, ctx.guard))
            return ctx.new_page()
        if args:
            browser = request.getfixturevalue("launch_with_features_off")(LINK_FEATURES_OFF, *args)
            browsers.append(browser)
        else:
            browser = request.getfixturevalue("link_browser")
        ctx = browser.new_context(service_workers="block")
        ctx.set_default_timeout(ACTION_TIMEOUT_MS)
        guard = Guard()
        guard.attach(ctx, route=True)
        ctx.guard = guard  # type: ignore[attr-defined]
        made.append((ctx, guard))
        return ctx.new_page()

    yield make
    problems: list[str] = []
    for ctx, guard in made:
        with contextlib.suppress(Exception):
            ctx.close()
        if getattr(guard, "on_disk", False):  # its favicon request, as the warm context's
            guard.bad_responses = [r for r in guard.bad_responses if not r.endswith("/favicon.ico")]
        problems += guard.problems()
    for browser in browsers:
        with contextlib.suppress(Exception):
            browser.close()
    if problems:
        pytest.fail(f"{request.node.nodeid}:\n  " + "\n  ".join(problems), pytrace=False)


# --------------------------------------------------------------------------- the engine's side


def hands(seed: int, level: int) -> tuple[list[str], list[str]]:
    s = GAME.new(seed, level=level)
    s = GAME.apply(s, Move(0, "plunge", False, 0))
    s = GAME.apply(s, Move(1, "plunge", False, 0))
    return list(GAME.view(s, 0)["hand"]), list(GAME.view(s, 1)["hand"])


def guest_game(level: int = 2, start: int = 1) -> dict[str, Any]:
    """A deal where the guest's team (Team 2) holds a GeoPlunge."""
    for seed in range(start, start + 300):
        h0, h1 = hands(seed, level)
        sol = solver.solve(h1, level)
        if sol.geoplunge is not None:
            return {
                "seed": seed,
                "host": h0,
                "guest": h1,
                "groups": [list(g) for g in sol.geoplunge],
            }
    raise AssertionError("no deal found")


def url(game: str = "border-up", level: int | None = 2, seed: int | None = None) -> str:
    parts = [f"game={game}", "mode=devices", "autostart=1"]
    if level is not None:
        parts.append(f"level={level}")
    if seed is not None:
        parts.append(f"seed={seed}")
    return "/?" + "&".join(parts)


# --------------------------------------------------------------------------- the UI


def host_code(host: Any) -> str:
    host.locator("[data-link=host]").click()
    code = host.locator("#link-offer-code")
    expect(code).to_have_attribute("data-code", _nonempty())
    return str(code.get_attribute("data-code"))


def join(guest: Any, code: str, *, fresh: bool = True) -> str:
    if fresh:
        guest.locator("[data-link=join]").click()
    guest.locator("#link-offer").fill(code)
    guest.locator("[data-link=answer]").click()
    answer = guest.locator("#link-answer-code")
    expect(answer).to_have_attribute("data-code", _nonempty())
    return str(answer.get_attribute("data-code"))


def connect(host: Any, answer: str) -> None:
    host.locator("#link-answer").fill(answer)
    host.locator("[data-link=connect]").click()


def pair(host: Any, guest: Any) -> dict[str, int]:
    """Pair by the typed codes; returns the codes' lengths."""
    offer = host_code(host)
    answer = join(guest, offer)
    connect(host, answer)
    return {"offer": len(offer), "answer": len(answer)}


def _nonempty() -> Any:
    import re  # noqa: PLC0415

    return re.compile(r"^[0-9A-Z]{40,}$")


def cards_in_dom(page: Any) -> set[str]:
    return set(page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))


def assert_own_cards_only(host: Any, guest: Any, g: dict[str, Any]) -> None:
    """R-179: neither page holds a card of the other team's hand, anywhere in its DOM."""
    on_host, on_guest = cards_in_dom(host), cards_in_dom(guest)
    assert not on_host & set(g["guest"]), f"the host's page shows {on_host & set(g['guest'])}"
    assert not on_guest & set(g["host"]), f"the guest's page shows {on_guest & set(g['host'])}"
    html_guest = guest.content()
    assert all(f'data-card="{c}"' not in html_guest for c in g["host"])
    assert f"deal {g['seed']}" not in html_guest  # the deal number stays on the host


def wait_phase(page: Any, phase: str, timeout: int | None = None) -> None:
    expect(page.locator(".kit-table")).to_have_attribute("data-phase", phase, timeout=timeout)


def assert_axe(page: Any, what: str) -> None:
    violations = run_axe(page)
    assert not violations, f"{what}: {format_violations(violations)}"


def lay_out_and_shout(guest: Any, groups: list[list[str]]) -> None:
    for slot, group in enumerate(groups, start=1):
        for code in group:
            guest.locator(f'#bu-half-1 [data-card="{code}"]').focus()
            guest.keyboard.press(str(slot))
    shout = guest.locator("#bu-half-1 [data-call=geoplunge]")
    expect(shout).to_be_enabled()
    shout.click()


def offset(guest: Any) -> tuple[float, float]:
    bar = guest.locator("#link-bar")
    expect(bar).to_have_attribute("data-offset", _number())
    return float(bar.get_attribute("data-offset")), float(bar.get_attribute("data-offset-error"))


def clock_skew(page: Any) -> float:
    """How far the page's clock (``performance.timeOrigin + performance.now()``, what the
    link's pings use) is from the system clock (``Date.now()``, whole ms), averaged."""
    return float(
        page.evaluate(
            """() => { let sum = 0, n = 0; const end = performance.now() + 40;
                while (performance.now() < end) {
                  sum += performance.timeOrigin + performance.now() - Date.now(); n += 1; }
                return sum / n - 0.5; }"""
        )
    )


def _number() -> Any:
    import re  # noqa: PLC0415

    return re.compile(r"^-?[0-9.]+$")


def start_pair(device: Callable[[], Any], site: Any, g: dict[str, Any]) -> tuple[Any, Any]:
    host, guest = device(), device()
    open_site(host, site, url(seed=g["seed"]))
    open_site(guest, site, url())
    lengths = pair(host, guest)
    print(f"pairing codes: offer {lengths['offer']} chars, answer {lengths['answer']} chars")
    # the link opens, then the first view (seconds on a loaded machine)
    expect(host.locator("#bu-half-0")).to_be_visible(timeout=RESULT_TIMEOUT_MS)
    expect(guest.locator("#bu-half-1")).to_be_visible(timeout=RESULT_TIMEOUT_MS)
    expect(guest.locator("#bu-half-0")).to_have_count(0)
    expect(host.locator("#bu-half-1")).to_have_count(0)
    return host, guest


def plunge_no(host: Any, guest: Any) -> None:
    decline_plunge(host, host.locator("#bu-half-0 [data-plunge=no]"))
    decline_plunge(guest, guest.locator("#bu-half-1 [data-plunge=no]"))
    wait_phase(host, "race")
    wait_phase(guest, "race")


# --------------------------------------------------------------------------- tests


def test_a_border_up_race_over_the_link(device: Callable[[], Any], site: Any) -> None:
    g = guest_game()
    host, guest = start_pair(device, site, g)
    if warm_enabled():  # the devices' pages restore Python from the site's snapshot
        for page in (host, guest):
            assert page.evaluate("() => document.documentElement.dataset.boot") == "snapshot"
    # the device's Chromium: one --disable-features, LINK_FEATURES_OFF among them
    version = host.context.new_page()
    version.goto("chrome://version")
    args = version.locator("#command_line").inner_text().split()
    version.close()
    off = [a for a in args if a.startswith("--disable-features=")]
    assert len(off) == 1, off
    assert set(LINK_FEATURES_OFF) <= set(off[0].split("=", 1)[1].split(",")), off
    assert_own_cards_only(host, guest, g)
    assert_axe(guest, "guest table")
    plunge_no(host, guest)
    mine, theirs = g["guest"][0], g["host"][0]
    expect(guest.locator(f'#bu-half-1 [data-card="{mine}"]')).to_be_visible()
    expect(host.locator(f'#bu-half-0 [data-card="{theirs}"]')).to_be_visible()
    assert_own_cards_only(host, guest, g)
    off, err = offset(guest)
    time.sleep(3)  # a few more pings
    off, err = offset(guest)
    # the truth: each page's clock (time origin + page time) against the system clock
    true = clock_skew(host) - clock_skew(guest)
    print(
        f"clock offset estimate {off:.2f} ms, error bound {err:.2f} ms, "
        f"true offset {true:.2f} ms, error {abs(off - true):.2f} ms"
    )
    assert abs(off - true) <= err + 1.5
    lay_out_and_shout(guest, g["groups"])
    assert_own_cards_only(host, guest, g)
    for page in (host, guest):
        result = page.locator(".kit-result")
        expect(result).to_be_visible(timeout=RESULT_TIMEOUT_MS)
        expect(result).to_have_attribute("data-winner", "1")
    expect(guest.locator("#kit-result-title")).to_have_text("Team 2 wins!")
    assert_axe(host, "host result")
    # Play again on the host deals the next game to both devices over the same link
    sid = guest.locator("#link-bar").get_attribute("data-session")
    host.wait_for_timeout(500)  # the result ignores taps for its first moments
    host.locator("[data-act=again]").click()
    for page, seat in ((host, 0), (guest, 1)):
        expect(page.locator(f"#bu-half-{seat} [data-plunge=no]")).to_be_visible()
        expect(page.locator(f"#bu-half-{1 - seat}")).to_have_count(0)
    assert guest.locator("#link-bar").get_attribute("data-session") != sid


def kill_link(host: Any, guest: Any) -> None:
    host.evaluate("() => window.cardroomLink.pc.close()")
    for page in (host, guest):
        expect(page.locator("#link-bar")).to_have_attribute(
            "data-link-state", "lost", timeout=RESULT_TIMEOUT_MS
        )
        expect(page.locator("#link-bar")).to_contain_text("lost")


def pair_again(host: Any, guest: Any) -> None:
    """Pairing again from the dialogs both devices show once the link is lost."""
    code = host.locator("#link-overlay #link-offer-code")
    expect(code).to_have_attribute("data-code", _nonempty())
    answer = join(guest, str(code.get_attribute("data-code")), fresh=False)
    connect(host, answer)
    for page in (host, guest):
        try:
            expect(page.locator("#link-overlay")).to_have_count(0, timeout=RESULT_TIMEOUT_MS)
        except AssertionError:
            for p in (host, guest):
                print(
                    p.evaluate("""() => [document.querySelector('#link-bar')?.outerHTML,
                  document.querySelector('#link-state')?.outerHTML,
                  document.querySelector('#link-error')?.textContent,
                  window.cardroomLink?.pc?.connectionState,
                  window.cardroomLink?.channel?.readyState]""")
                )
            raise
        expect(page.locator("#link-bar")).to_have_attribute("data-link-state", "connected")


def wait_for(ok: Callable[[], bool], what: str, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not ok():
        assert time.monotonic() < deadline, f"timed out: {what}"
        time.sleep(0.05)


def host_moves(host: Any) -> list[dict[str, Any]]:
    """The moves the host's engine has applied, from its save (R-181)."""
    text = host.evaluate(
        """() => Object.keys(sessionStorage).filter(k => k.startsWith('cardroom:game:'))
                 .map(k => sessionStorage.getItem(k))[0]"""
    )
    return json.loads(text)["moves"]


def test_faults_link_lost_hostile_messages_and_a_host_reload(
    device: Callable[[], Any], site: Any
) -> None:
    g = guest_game(start=40)
    host, guest = start_pair(device, site, g)
    plunge_no(host, guest)
    first, second = g["groups"]
    for code in first:  # the guest lays out one group, then the link dies
        guest.locator(f'#bu-half-1 [data-card="{code}"]').focus()
        guest.keyboard.press("1")
    kill_link(host, guest)
    # the clock stops on both devices while the link is down
    clock = host.locator("#kit-clock").text_content()
    time.sleep(1.5)
    assert host.locator("#kit-clock").text_content() == clock
    assert_axe(guest, "guest: link lost")
    assert_axe(host, "host: link lost")
    assert_own_cards_only(host, guest, g)
    pair_again(host, guest)
    wait_phase(guest, "race")
    moves = host_moves(host)
    assert [(m["seat"], m["kind"]) for m in moves] == [(0, "plunge"), (1, "plunge")]
    # hostile messages through the real channel: refused, logged, nothing breaks
    sid = guest.locator("#link-bar").get_attribute("data-session")
    assert sid
    hostile = [
        "not json at all",
        '{"v": 1, "t": "move"}',
        json.dumps({"v": 9, "t": "ping", "sid": sid, "id": 1, "t0": 0}),
        json.dumps({"v": 1, "t": "move", "sid": sid, "seq": 9999, "move": {"seat": 1}}),
        "x" * 40_000,
    ]
    for text in hostile:
        guest.evaluate("t => window.cardroomLink.channel.send(t)", text)
    bar = host.locator("#link-bar")
    expect(bar).to_have_attribute("data-refused", _at_least(4))
    # a forged seat with the right session and the next number: refused, and said so
    seq = int(bar.get_attribute("data-applied") or 0) + 1
    guest.evaluate(
        """([sid, seq]) => window.cardroomLink.channel.send(JSON.stringify(
            {v: 1, t: "move", sid, seq, move: {seat: 0, kind: "pass"}}))""",
        [sid, seq],
    )
    expect(bar).to_have_attribute("data-refused-last", _contains("seat 0"))
    expect(host.locator("#bu-half-0 [data-call=geoplunge]")).to_have_count(1)
    assert not host.evaluate("() => document.querySelector('.kit-table').dataset.phase === 'over'")
    # the host reloads mid-game: it comes back paused, with new codes; pairing resumes
    host.reload(wait_until="load")
    expect(host.locator("html")).to_have_attribute("data-ready", "1", timeout=60_000)
    expect(guest.locator("#link-bar")).to_have_attribute(
        "data-link-state", "lost", timeout=RESULT_TIMEOUT_MS
    )
    pair_again(host, guest)
    assert (
        host_moves(host) == moves
    )  # nothing lost, nothing applied twice  # nothing lost, nothing twice
    for code in second:
        guest.locator(f'#bu-half-1 [data-card="{code}"]').focus()
        guest.keyboard.press("2")
    assert_own_cards_only(host, guest, g)
    guest.locator("#bu-half-1 [data-call=geoplunge]").click()
    for page in (host, guest):
        expect(page.locator(".kit-result")).to_have_attribute(
            "data-winner", "1", timeout=RESULT_TIMEOUT_MS
        )


def slot_codes(page: Any, seat: int, slot: int) -> list[str]:
    return page.eval_on_selector_all(
        f"#bu-half-{seat} [data-list=g{slot}] [data-card]", "els => els.map(e => e.dataset.card)"
    )


def hand_codes(page: Any, seat: int) -> list[str]:
    return sorted(
        page.eval_on_selector_all(
            f"#bu-half-{seat} [data-card]", "els => els.map(e => e.dataset.card)"
        )
    )


def group(page: Any, seat: int, codes: list[str], slot: int) -> None:
    for code in codes:
        page.locator(f'#bu-half-{seat} [data-card="{code}"]').focus()
        page.keyboard.press(str(slot))
    assert slot_codes(page, seat, slot) == codes


def no_problem_said(page: Any) -> None:
    """No banner over the game (a false "The saved game could not be read" stayed there
    until the result)."""
    assert page.locator("#kit-problems").inner_text().strip() == ""


def test_a_guest_reload_and_a_host_reload_come_back_to_the_same_game(
    device: Callable[[], Any], site: Any
) -> None:
    """Either page reloads mid-game (Border-Up, cards grouped on both): it comes back to
    pairing in its own role, and after pairing again the game, the hands and the groups
    are as they were, with no move lost or doubled (R-181)."""
    g = guest_game(start=80)
    host, guest = start_pair(device, site, g)
    plunge_no(host, guest)
    first, second = g["groups"]
    group(guest, 1, first, 1)
    group(host, 0, g["host"][:2], 1)
    guest_hand, host_groups = hand_codes(guest, 1), slot_codes(host, 0, 1)
    moves = host_moves(host)
    # the guest reloads: the pairing screen of the same game, as the guest (Join)
    guest.reload(wait_until="load")
    expect(guest.locator("html")).to_have_attribute("data-ready", "1", timeout=60_000)
    expect(guest.locator("#link-offer")).to_be_focused()
    expect(guest.locator("[data-link=host]")).to_have_count(0)
    expect(guest.locator("#link-note")).to_contain_text("This page reloaded")
    no_problem_said(guest)
    expect(host.locator("#link-bar")).to_have_attribute(
        "data-link-state", "lost", timeout=RESULT_TIMEOUT_MS
    )
    pair_again(host, guest)
    wait_phase(guest, "race")
    assert slot_codes(guest, 1, 1) == first, "the guest's groups were lost on its reload"
    assert hand_codes(guest, 1) == guest_hand
    assert slot_codes(host, 0, 1) == host_groups
    assert host_moves(host) == moves  # nothing lost, nothing applied twice
    no_problem_said(guest)
    assert_own_cards_only(host, guest, g)
    # the host reloads: the guest is told it is reconnecting; its engine is the game
    host.reload(wait_until="load")
    expect(host.locator("html")).to_have_attribute("data-ready", "1", timeout=60_000)
    expect(guest.locator("#link-bar")).to_have_attribute(
        "data-link-state", "lost", timeout=RESULT_TIMEOUT_MS
    )
    expect(guest.locator("#link-bar")).to_contain_text("reconnecting")
    expect(guest.locator("#link-overlay #link-note")).to_contain_text("reconnecting")
    pair_again(host, guest)
    wait_phase(host, "race")
    no_problem_said(host)
    assert host_moves(host) == moves
    assert slot_codes(host, 0, 1) == host_groups, "the host's groups were lost on its reload"
    assert slot_codes(guest, 1, 1) == first
    assert hand_codes(guest, 1) == guest_hand
    # the game goes on to its end from there
    group(guest, 1, second, 2)
    guest.locator("#bu-half-1 [data-call=geoplunge]").click()
    for page in (host, guest):
        expect(page.locator(".kit-result")).to_have_attribute(
            "data-winner", "1", timeout=RESULT_TIMEOUT_MS
        )
    no_problem_said(guest)
    bar = host.locator("#link-bar")
    assert bar.get_attribute("data-refused") is None, bar.get_attribute("data-refused-last")


def _at_least(n: int) -> Any:
    import re  # noqa: PLC0415

    return re.compile(rf"^([{n}-9]|[1-9][0-9]+)$")


def _contains(text: str) -> Any:
    import re  # noqa: PLC0415

    return re.compile(re.escape(text))


def played(moves: list[dict[str, Any]], seat: int) -> set[str]:
    return {
        m["data"]["card"]
        for m in moves
        if m["seat"] == seat and m["kind"] in ("lead", "follow") and isinstance(m["data"], dict)
    }


def test_a_hidden_hand_game_of_play_the_ranks_over_the_link(
    device: Callable[[], Any], site: Any
) -> None:
    from test_tricks import RANKS, Player  # noqa: PLC0415

    seed = 11
    s = RANKS.new(seed, level=2)
    dealt = {seat: set(RANKS.view(s, seat)["hand"]) for seat in (0, 1)}
    host, guest = device(), device()
    open_site(host, site, url("play-the-ranks", seed=seed))
    open_site(guest, site, url("play-the-ranks"))
    pair(host, guest)
    # the link opens, then the first view (seconds on a loaded machine)
    expect(host.locator(".tr-game")).to_be_visible(timeout=RESULT_TIMEOUT_MS)
    expect(guest.locator(".tr-game")).to_be_visible(timeout=RESULT_TIMEOUT_MS)
    players = {0: Player(host, "mouse"), 1: Player(guest, "keyboard")}
    pages = {0: host, 1: guest}
    checks = 0
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        # both pages first catch up with the host's engine: a guest's move is on its way
        # to the host until the host's next view arrives, and its page still says "mine"
        moves = host_moves(host)
        state = RANKS.new(seed, level=2)
        for m in moves:
            state = RANKS.apply(state, Move.from_json(m))
        public = RANKS.view(state, -1)
        if public["result"] is not None:
            break
        for seat, page in pages.items():
            turn = "mine" if seat in public["to_move"] else "wait"
            expect(page.locator(".tr-game")).to_have_attribute("data-turn", turn)
        seat = min(public["to_move"])
        page = pages[seat]
        hidden = dealt[1 - seat] - played(moves, 1 - seat)
        shown = cards_in_dom(page)
        assert not shown & hidden, f"seat {seat}'s page shows {shown & hidden}"
        checks += 1
        players[seat].turn()
        before = len(moves)
        wait_for(lambda: len(host_moves(host)) > before, "the host applies the move")  # noqa: B023
    assert checks >= 8
    for page in pages.values():
        expect(page.locator(".kit-result")).to_be_visible(timeout=RESULT_TIMEOUT_MS)
    moves = host_moves(host)
    state = RANKS.new(seed, level=2)
    for m in moves:
        state = RANKS.apply(state, Move.from_json(m))
    winner = RANKS.view(state, -1)["result"]["winner"]
    want = "tie" if winner is None else str(winner)
    for page in pages.values():
        expect(page.locator(".kit-result")).to_have_attribute("data-winner", want)
    assert_axe(guest, "guest result")


def test_pairing_by_scanning_the_qr_code(
    device: Callable[..., Any], site: Any, tmp_path: Any
) -> None:
    g = guest_game(start=80)
    host = device()
    open_site(host, site, url(seed=g["seed"]))
    host.locator("[data-link=host]").click()
    qr = host.locator("#link-offer-qr svg[data-qr]")
    expect(qr).to_be_visible(timeout=RESULT_TIMEOUT_MS)
    code = str(qr.get_attribute("data-qr"))
    assert code == host.locator("#link-offer-code").get_attribute("data-code")
    assert_axe(host, "host pairing screen with its QR code")
    video = tmp_path / "qr.y4m"
    write_y4m(video, code)
    # the guest's Chromium has a fake camera playing the video
    camera = (
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    )
    guest = device(args=camera)
    open_site(guest, site, url())
    guest.locator("[data-link=join]").click()
    assert_axe(guest, "guest pairing screen")
    guest.locator("[data-link=scan]").click()
    answer = guest.locator("#link-answer-code")
    expect(answer).to_have_attribute("data-code", _nonempty(), timeout=RESULT_TIMEOUT_MS)
    assert guest.locator("#link-offer").input_value() == code  # read from the camera
    fetched = [u for u in guest.context.guard.local if u.endswith("/jsqr.js")]
    if not guest.evaluate("() => 'BarcodeDetector' in window"):
        assert fetched, "jsQR was not loaded to read the camera"
    assert not [u for u in host.context.guard.local if u.endswith("/jsqr.js")]
    connect(host, str(answer.get_attribute("data-code")))
    expect(guest.locator("#bu-half-1")).to_be_visible(timeout=RESULT_TIMEOUT_MS)
    expect(host.locator("#bu-half-0")).to_be_visible()
    assert_own_cards_only(host, guest, g)
    guest.context.close()


def test_dashing_states_over_the_link(device: Callable[[], Any], site: Any) -> None:
    """Dashing States on two devices: each shows its own team and only its Map cards."""
    game, prefix, level, phase = "dashing-states", "ds", 2, "race"
    host, guest = device(), device()
    open_site(host, site, url(game, level=level, seed=5))
    open_site(guest, site, url(game, level=level))
    pair(host, guest)
    for page, seat in ((host, 0), (guest, 1)):  # the link opens, then the first view
        expect(page.locator(f"#{prefix}-half-{seat}")).to_be_visible(timeout=RESULT_TIMEOUT_MS)
        expect(page.locator(f"#{prefix}-half-{1 - seat}")).to_have_count(0)
    decline_plunge(host, host.locator(f"#{prefix}-half-0 [data-plunge=no]"))
    decline_plunge(guest, guest.locator(f"#{prefix}-half-1 [data-plunge=no]"))
    for page in (host, guest):
        wait_phase(page, phase)
    mine = {p: cards_in_dom(p) for p in (host, guest)}
    assert mine[host] and mine[guest] and not mine[host] & mine[guest]
    assert_axe(guest, f"{game}: the guest's table")


def test_state_iq_over_the_link(device: Callable[[], Any], site: Any) -> None:
    """State IQ on two devices: each screen is for its own team (R-179), each shows only
    its own GeoPlunge card, and the GeoPlunging choices travel to the clue phase."""
    host, guest = device(), device()
    open_site(host, site, url("state-iq", level=2, seed=4))
    open_site(guest, site, url("state-iq", level=2))
    pair(host, guest)
    for page, seat in ((host, 0), (guest, 1)):  # the link opens, then the first view
        wait_phase(page, "plunge", timeout=RESULT_TIMEOUT_MS)
        expect(page.locator(f".sq-game[data-team='{seat}']")).to_be_visible()
    mine = {p: cards_in_dom(p) for p in (host, guest)}
    assert len(mine[host]) == 1 and len(mine[guest]) == 1 and not mine[host] & mine[guest]
    for page, other in ((host, guest), (guest, host)):
        assert f'data-card="{next(iter(mine[other]))}"' not in page.content()
    decline_plunge(host, host.locator("[data-plunge=no]"))
    decline_plunge(guest, guest.locator("[data-plunge=no]"))
    for page in (host, guest):  # the deal follows the GeoPlunging count (up to 5 s)
        expect(page.locator(".kit-table")).to_have_attribute(
            "data-phase", "clue", timeout=RESULT_TIMEOUT_MS
        )
    # the guesser's card stays hidden from it; the clue giver sees Clue cards
    for page, other in ((host, guest), (guest, host)):
        assert not cards_in_dom(page) & mine[other], "a page shows the other team's card"
    assert_axe(guest, "state-iq: the guest's table")


def test_chummy_challenge_over_the_link(device: Callable[[], Any], site: Any) -> None:
    """Chummy Challenge on two devices: each device holds its own team's panel only and
    names its own GeoPlunger."""
    host, guest = device(), device()
    open_site(host, site, url("chummy-challenge", level=3, seed=2))
    open_site(guest, site, url("chummy-challenge", level=3))
    pair(host, guest)
    for page, seat in ((host, 0), (guest, 1)):  # the link opens, then the first view
        expect(page.locator(f"#ch-half-{seat}")).to_be_visible(timeout=RESULT_TIMEOUT_MS)
        expect(page.locator(f"#ch-half-{1 - seat}")).to_have_count(0)
    decline_plunge(host, host.locator("#ch-half-0 [data-plunge=no]"))
    decline_plunge(guest, guest.locator("#ch-half-1 [data-plunge=no]"))
    for page in (host, guest):
        wait_phase(page, "seat")
    host.locator("#ch-half-0 [data-player='0']").click()
    guest.locator("#ch-half-1 [data-player='1']").click()
    import re  # noqa: PLC0415

    for page in (host, guest):
        expect(page.locator(".kit-table")).to_have_attribute(
            "data-phase", re.compile(r"^(ask|read|window|answer)$")
        )
    assert_axe(guest, "chummy-challenge: the guest's table")

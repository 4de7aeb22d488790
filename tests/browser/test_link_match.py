"""A whole match on two devices (R-194..R-196): Team 1 on the host, Team 2 on the guest.

Two browser contexts pair once, by the typed codes, at the start of a Combo 2 morning
match on a 1-minute round clock (the helpers of ``test_link.py``). The guest's team wins
Border-Up by laying out its GeoPlunge on its own device; both devices show the screen
between games with the same points; the host goes on; State IQ opens on both devices and
the round clock stops it; both devices show the same result. On the way the link is
lost and paired again, and the host reloads between games and during a game. The match
record the host keeps is replayed on CPython and must give the points both pages show,
and neither page ever holds a card of the other team's hand. A second test makes Combo
4's Call picks on the two devices, the guest reloading while Team 1's call is in.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from browser_helpers import decline_plunge, open_site
from playwright.sync_api import expect
from test_link import (  # noqa: F401 - device and link_browser are fixtures
    assert_axe,
    cards_in_dom,
    connect,
    device,
    hands,
    join,
    kill_link,
    lay_out_and_shout,
    link_browser,
    pair,
    pair_again,
)

from cardroom.geoplunge import solver
from cardroom.match import Match

pytestmark = pytest.mark.browser

MINUTES = 1


def match_url(seed: int | None = None) -> str:
    parts = ["match=combo2", "kind=morning", f"minutes={MINUTES}", "mode=devices", "autostart=1"]
    if seed is not None:
        parts.append(f"seed={seed}")
    return "/?" + "&".join(parts)


def guest_wins_game_1() -> dict[str, Any]:
    """A match whose Border-Up (Game 1) deals Team 2 a GeoPlunge."""
    for seed in range(1, 300):
        up = Match.new(seed, 2, "morning", MINUTES).up()
        h0, h1 = hands(up.seed, 2)
        sol = solver.solve(h1, 2)
        if sol.geoplunge is not None:
            groups = [list(g) for g in sol.geoplunge]
            return {"seed": seed, "host": h0, "guest": h1, "groups": groups}
    raise AssertionError("no match found")


def saved_match(page: Any) -> Match:
    raw = page.evaluate(
        """() => Object.keys(sessionStorage).filter(k => k.startsWith('cardroom:match:'))
                 .map(k => sessionStorage.getItem(k))"""
    )
    assert len(raw) == 1, f"expected one saved match, found {len(raw)}"
    return Match.from_json(json.loads(raw[0])["match"])


def points(page: Any) -> tuple[int, int]:
    return (
        int(page.locator('[data-mpoints="0"]').inner_text()),
        int(page.locator('[data-mpoints="1"]').inner_text()),
    )


def own_cards_only(host: Any, guest: Any, g: dict[str, Any]) -> None:
    on_host, on_guest = cards_in_dom(host), cards_in_dom(guest)
    assert not on_guest & set(g["host"]), f"the guest's page shows {on_guest & set(g['host'])}"
    assert not on_host & set(g["guest"]), f"the host's page shows {on_host & set(g['guest'])}"
    html = guest.content()
    assert all(f'data-card="{c}"' not in html for c in g["host"])


def test_a_whole_combo_2_match_on_two_devices(device: Callable[[], Any], site: Any) -> None:  # noqa: F811
    g = guest_wins_game_1()
    host, guest = device(), device()
    for page in (host, guest):
        page.set_viewport_size({"width": 1280, "height": 800})
    open_site(host, site, match_url(g["seed"]))
    open_site(guest, site, match_url())
    # pairing once, at the match's start: nothing is dealt before
    expect(host.locator("#link-pair")).to_be_visible()
    assert host.locator(".kit-table").count() == 0
    pair(host, guest)
    # Game 1 on both devices: each shows its own team's half only
    for page, seat in ((host, 0), (guest, 1)):
        expect(page.locator("#mt-up")).to_have_text("Game 1 of 4: Border-Up")
        expect(page.locator(f"#bu-half-{seat} [data-plunge=no]")).to_be_visible()
        expect(page.locator(f"#bu-half-{1 - seat}")).to_have_count(0)
        expect(page.locator("#link-bar")).to_have_attribute("data-link-state", "connected")
    assert_axe(guest, "the guest's game of the match")
    decline_plunge(host, host.locator("#bu-half-0 [data-plunge=no]"))
    decline_plunge(guest, guest.locator("#bu-half-1 [data-plunge=no]"))
    expect(guest.locator(f'#bu-half-1 [data-card="{g["guest"][0]}"]')).to_be_visible()
    expect(host.locator(f'#bu-half-0 [data-card="{g["host"][0]}"]')).to_be_visible()
    own_cards_only(host, guest, g)
    # the round clock is the same on both devices (the host's table clock, R-180)
    for page in (host, guest):
        expect(page.locator("#mt-clock")).not_to_have_text("1:00")
    # the link drops mid-game and comes back: the match goes on where the host is
    kill_link(host, guest)
    pair_again(host, guest)
    lay_out_and_shout(guest, g["groups"])
    own_cards_only(host, guest, g)
    # between games on both devices: the guest's team won Game 1, the same points
    for page in (host, guest):
        expect(page.locator("#mt-between-h")).to_have_text("Game 2: State IQ", timeout=20_000)
        expect(page.locator(".mt-between")).to_contain_text("Border-Up: Team 2 won")
    m = saved_match(host)
    assert len(m.playing) == 1 and m.playing[0].winner == 1
    assert points(host) == points(guest) == m.points()
    # only the host goes on
    expect(guest.locator("#mt-continue")).to_have_count(0)
    expect(guest.locator("#mt-wait-host")).to_be_visible()
    assert_axe(guest, "the guest between games")
    # the host reloads between games: the same screen comes back, and once paired
    # again both devices are between the same games
    host.reload()
    host.wait_for_function("() => document.documentElement.dataset.ready === '1'")
    expect(host.locator("#mt-between-h")).to_have_text("Game 2: State IQ")
    expect(guest.locator("#link-bar")).to_have_attribute("data-link-state", "lost", timeout=20_000)
    pair_again(host, guest)
    expect(guest.locator("#mt-between-h")).to_have_text("Game 2: State IQ")
    assert points(host) == points(guest) == m.points()
    host.locator("#mt-continue").click()
    for page in (host, guest):
        expect(page.locator("#mt-up")).to_have_text("Game 2 of 4: State IQ")
        expect(page.locator(".mt-game .kit-table")).to_be_visible()
    sids = {p.locator("#link-bar").get_attribute("data-session") for p in (host, guest)}
    assert len(sids) == 1  # one session per game, the same on both
    sid = sids.pop()
    # the host reloads mid-game: the same match and game come back, paused, with new
    # codes; the guest sees the link lost; pairing again goes on with the same session
    host.wait_for_timeout(1500)
    host.reload()
    host.wait_for_function("() => document.documentElement.dataset.ready === '1'")
    expect(host.locator("#mt-up")).to_have_text("Game 2 of 4: State IQ")
    expect(host.locator("#link-overlay #link-offer-code")).to_be_visible()
    assert points(host) == m.points()
    expect(guest.locator("#link-bar")).to_have_attribute("data-link-state", "lost", timeout=20_000)
    pair_again(host, guest)
    for page in (host, guest):
        expect(page.locator("#link-bar")).to_have_attribute("data-session", str(sid))
        expect(page.locator(".mt-game .kit-table")).to_be_visible()
    # the round clock runs out during State IQ: the match is over on both devices
    for page in (host, guest):
        expect(page.locator("#mt-result-h")).to_be_visible(timeout=90_000)
    m = saved_match(host)
    assert m.over and m.playing[-1].timed_out
    a, b = m.points()
    for page in (host, guest):
        expect(page.locator("#mt-result-h")).to_have_text(
            "The match is a tie" if a == b else f"Team {1 + (b > a)} wins the match!"
        )
        assert page.locator("[data-total='0']").inner_text() == str(a)
        assert page.locator("[data-total='1']").inner_text() == str(b)
        assert page.locator(".mt-games tbody tr").count() == len(m.playing)
        expect(page.locator(".mt-result")).to_contain_text("ends without points")
    # a new match is the host's to deal: the guest has no Play again
    expect(guest.locator('[data-mact="again"]')).to_have_count(0)
    expect(host.locator('[data-mact="again"]')).to_be_visible()
    # the result code on the guest carries the same points
    form = guest.locator("#mt-code-form")
    form.locator("input[name=tcode]").fill("42")
    form.get_by_role("button", name="Show the code").click()
    digits = re.sub(r"\D", "", guest.locator("[data-code]").inner_text())
    assert (int(digits[8:11]), int(digits[11:14])) == (a, b)
    assert_axe(guest, "the guest's match result")
    # Play again on the host deals a new match to both devices over the same link
    host.locator('[data-mact="again"]').click()
    for page, seat in ((host, 0), (guest, 1)):
        expect(page.locator("#mt-up")).to_have_text("Game 1 of 4: Border-Up")
        expect(page.locator(f"#bu-half-{seat} [data-plunge=no]")).to_be_visible()
        expect(page.locator(f"#bu-half-{1 - seat}")).to_have_count(0)
        assert points(page) == (0, 0)


def test_secret_calls_on_two_devices(device: Callable[[], Any], site: Any) -> None:  # noqa: F811
    host, guest = device(), device()
    url = "/?match=combo4&kind=call&minutes=1&mode=devices&autostart=1"
    open_site(host, site, url + "&seed=4")
    open_site(guest, site, url)
    pair(host, guest)
    # each device calls for its own team only, with no hand-over
    expect(host.locator("#mt-pick-h")).to_have_text("Team 1: call two games")
    expect(guest.locator("#mt-pick-h")).to_have_text("Team 2: call two games")
    expect(guest.locator('[data-call="0"]')).to_have_count(0)
    host.locator("input[name=call][value='2']").check()
    host.locator("input[name=call][value='5']").check()
    host.locator("[data-call]").click()
    expect(host.locator(".mt-pick-wait")).to_have_text("The other team is calling its games…")
    # the guest's page knows Team 1 has called, never what
    guest.wait_for_timeout(500)
    assert guest.locator("input[name=call]:checked").count() == 0
    stage = guest.locator("#mt-stage").inner_text()
    assert "Team 1" not in stage and "picked" not in stage
    # the guest reloads: it keeps nothing of the match, joins again from its setup, and
    # the host's pick goes on, Team 1's call still unseen (R-196)
    guest.reload()
    guest.wait_for_function("() => document.documentElement.dataset.ready === '1'")
    if guest.locator("#mt-setup").is_visible():
        guest.get_by_role("button", name="Start").click()
    code = host.locator("#link-overlay #link-offer-code")
    expect(code).to_have_attribute("data-code", re.compile(r"^[0-9A-Z]{40,}$"), timeout=20_000)
    connect(host, join(guest, str(code.get_attribute("data-code"))))
    expect(guest.locator("#mt-pick-h")).to_have_text("Team 2: call two games")
    expect(host.locator("#link-overlay")).to_have_count(0)
    assert guest.locator("input[name=call]:checked").count() == 0
    assert "Team 1" not in guest.locator("#mt-stage").inner_text()
    guest.locator("input[name=call][value='1']").check()
    guest.locator("input[name=call][value='2']").check()
    guest.locator("[data-call]").click()
    for page in (host, guest):
        expect(page.locator(".mt-between")).to_contain_text(
            "The games picked, in turn: Game 1: Border-Up, Game 2: State IQ, "
            "Game 5: Chummy Challenge."
        )
    assert saved_match(host).order == (1, 2, 5)
    host.locator("#mt-continue").click()
    for page, seat in ((host, 0), (guest, 1)):
        expect(page.locator("#mt-up")).to_have_text("Game 1: Border-Up (1 of 3 called)")
        expect(page.locator(f"#bu-half-{seat} [data-plunge=no]")).to_be_visible()
        expect(page.locator(f"#bu-half-{1 - seat}")).to_have_count(0)


def test_a_match_and_a_single_game_do_not_pair_by_mistake(
    device: Callable[[], Any],  # noqa: F811
    site: Any,
) -> None:
    """A single game's page joined to a match's host says so and deals nothing, and a
    match's page joined to a single game's host too (R-194)."""
    from test_link import url  # noqa: PLC0415

    host, guest = device(), device()
    open_site(host, site, match_url(3))
    open_site(guest, site, url())
    pair(host, guest)
    expect(guest.locator("#link-error")).to_contain_text("open the match on this device")
    assert guest.locator(".kit-table").count() == 0
    host2, guest2 = device(), device()
    open_site(host2, site, url(seed=3))
    open_site(guest2, site, match_url())
    pair(host2, guest2)
    expect(guest2.locator("#link-error")).to_contain_text("not a match")
    assert guest2.locator(".kit-table").count() == 0

"""Sequence States & Capitals and Tri-Virsity on two devices (R-190..R-193).

Two browser contexts pair by the typed codes (``test_link``'s helpers) and play whole
games through the pages: a 2-player Sequence and a one-hand, 2-player Tri-Virsity to the
result on both devices, and the first turns of a 4-player Sequence (two teams of two),
where each device passes between its team-mates behind the hand-over screen. The moves are
chosen on CPython from the host's save (the engine replays exactly) and made by mouse and
keyboard on the device of the seat to play. At every turn each page's DOM (``data-card``
attributes, the hand area) is checked to hold no card of the other side's hands.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
import test_link
from browser_helpers import open_site
from playwright.sync_api import expect
from test_link import assert_axe, cards_in_dom, host_moves, kill_link, pair, pair_again
from test_sequence import EASY, HARD, choose, mouse_move, replayed, setup_of
from test_trivirsity import make_setup, mirror, person_move, play_move, saved_moves

from cardroom.core import REFEREE
from cardroom.sequence.engine import HAND_SIZE
from cardroom.trivirsity.game import GAME as TRI_GAME
from cardroom.web.kit.result import number

pytestmark = pytest.mark.browser

#: the two devices (a Chromium with real local addresses, a context per device)
link_browser = test_link.link_browser
device = test_link.device

TURN_MS = 15_000
SEQ_SEED = 26  # the host (hard moves) beats the guest (easy moves) in 23 moves
SEQ4_SEED = 33  # four players in two teams
TRI_SEED = 5  # a hand of 9 moves with a take, a build and a "no discard"; the guest goes out
TRI_OPTIONS = {
    "players": "2",
    "teams": "no",
    "variant": "beginner6",
    "beginner": "none",
    "words": "strict",
    "target": "hand",
}


def game_url(game: str, seed: int | None = None, **options: str) -> str:
    parts = [f"game={game}", "mode=devices", "autostart=1"]
    parts += [f"{k}={v}" for k, v in options.items()]
    if seed is not None:
        parts.append(f"seed={seed}")
    return "/?" + "&".join(parts)


def start(device: Callable[[], Any], site: Any, game: str, seed: int, **options: str) -> Any:
    host, guest = device(), device()
    open_site(host, site, game_url(game, seed, **options))
    open_site(guest, site, game_url(game))  # the guest's own choices do not matter
    pair(host, guest)
    return host, guest


def hand_cards(page: Any, selector: str) -> list[str]:
    return sorted(page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.card)"))


def assert_hidden(page: Any, secret: set[str], hand_box: str, names: dict[str, str]) -> None:
    """R-179: no ``data-card`` of the other side's hands anywhere in the page, and none
    of their names in the hand area's text."""
    shown = cards_in_dom(page)
    assert not shown & secret, f"the page holds the other side's {shown & secret}"
    box = page.locator(hand_box)
    text = box.inner_text() if box.count() else ""
    leaked = {c for c in secret if names.get(c) and f"{names[c]}," in text}
    assert not leaked, f"the hand area names the other side's {leaked}"


# --------------------------------------------------------------------------- Sequence


def seq_names() -> dict[str, str]:
    from cardroom import atlas  # noqa: PLC0415
    from cardroom.web.games.sequence.logic import card_name  # noqa: PLC0415

    return {s.code: card_name(s.code) for s in atlas.states()}


def seq_hands(eng: Any, seats: set[int]) -> set[str]:
    return set().union(*(set(eng.view(s)["hand"]) for s in seats))


def wait_seq(page: Any, turn: int, moves: int) -> None:
    page.wait_for_function(
        """([turn, moves]) => {
            if (document.querySelector('#kit-result-title')) return true;
            const g = document.querySelector('.seq-game');
            return g && g.dataset.turn === String(turn) && Number(g.dataset.moves) === moves;
        }""",
        arg=[turn, moves],
        timeout=TURN_MS,
    )


def wait_saved(host: Any, n: int) -> None:
    host.wait_for_function(
        """(n) => { for (let i = 0; i < sessionStorage.length; i++) {
              const k = sessionStorage.key(i);
              if (k.startsWith('cardroom:game:'))
                return JSON.parse(sessionStorage.getItem(k)).moves.length > n;
           } return false; }""",
        arg=n,
        timeout=TURN_MS,
    )


def bar_overlaps(page: Any) -> list[str]:
    """What of the table bar and the link bar hangs over the play area or off the screen:
    each bar button must be inside its bar and be the element hit at its middle, and the
    bars and the board must be on the screen, the board not clipped (issue #41 item 7)."""
    return page.evaluate(
        """() => {
          const out = [], W = innerWidth, H = innerHeight;
          const box = s => document.querySelector(s).getBoundingClientRect();
          const bar = box('.kit-bar'), link = box('#link-bar'), area = box('#kit-area');
          if (link.bottom > bar.top + 0.5) out.push(`link bar ${link.bottom} over ${bar.top}`);
          if (bar.bottom > area.top + 0.5) out.push(`bar ${bar.bottom} over area ${area.top}`);
          for (const b of document.querySelectorAll('.kit-bar button, .kit-log summary')) {
            const r = b.getBoundingClientRect();
            if (!r.width) continue;
            if (r.top < bar.top - 0.5 || r.bottom > bar.bottom + 0.5)
              out.push(`${b.textContent.trim()} ${r.top}-${r.bottom} outside the bar`);
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (!b.contains(hit)) out.push(`${b.textContent.trim()} is covered`);
          }
          for (const sel of ['.seq-hcard', '.seq-handbox']) {
            const r = box(sel);
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + 8);
            if (!document.querySelector(sel).contains(hit)) out.push(`${sel} is covered`);
          }
          const small = Math.min(...[...document.querySelectorAll('.seq-board-svg text')]
            .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a));
          if (W >= 768 && small < 12) out.push(`board text ${small} px`);
          const board = box('#seq-boardarea');
          if (board.bottom > Math.min(H, area.bottom) + 0.5 || board.right > W + 0.5)
            out.push(`the board is clipped: ${board.bottom} in ${Math.min(H, area.bottom)}`);
          return out;
        }"""
    )


def test_a_whole_sequence_game_on_two_devices(device: Callable[[], Any], site: Any) -> None:
    setup = setup_of(SEQ_SEED, 2, "devices")
    host, guest = start(device, site, "sequence", SEQ_SEED, players="2")
    pages, names, checks = {0: host, 1: guest}, seq_names(), 0
    for page in pages.values():
        expect(page.locator(".seq-game")).to_be_visible(timeout=TURN_MS)
        expect(page.locator("#kit-handover")).to_be_hidden()  # one seat: never a hand-over
        expect(page.locator("#link-bar")).to_be_visible()
        expect(page.locator(".seq-hcard").first).to_be_visible()
    expect(guest.locator(".seq-seat[data-seat='1'] .seq-seat-name")).to_have_text("Player 2 (you)")
    # issue #41 item 7: under the link bar the table bar was squeezed to 28 px with its
    # 36 px buttons hanging over the hand; every size of a classroom device is checked
    # (then the game is played at the devices' own size)
    for page in pages.values():
        size = page.viewport_size
        for w, h in ((1366, 768), (1024, 768), (768, 1024), (390, 844)):
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(100)
            assert bar_overlaps(page) == [], (w, h)
        page.set_viewport_size(size)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        eng = replayed(host, setup)
        if eng.over:
            break
        turn, n = eng.view(REFEREE)["turn"], len(eng.moves)
        for seat, page in pages.items():
            wait_seq(page, turn, n)
            # the device's one seat: its own hand, read-only on the other's turn
            assert hand_cards(page, ".seq-hcard") == sorted(eng.view(seat)["hand"])
            other = seq_hands(eng, {1 - seat}) - seq_hands(eng, {seat})
            assert_hidden(page, other, "#seq-hand", names)
            checks += 1
        mover = pages[turn]
        if turn == 0:
            assert guest.locator(".seq-hcard[disabled]").count() == HAND_SIZE[2]
        mouse_move(mover, choose(eng, turn, HARD if turn == 0 else EASY))
        wait_saved(host, n)
    eng = replayed(host, setup)
    assert eng.over and checks >= 20
    winner = eng.view(REFEREE)["winner"]
    assert winner is not None
    for seat, page in pages.items():
        result = page.locator(".kit-result")
        expect(result).to_be_visible(timeout=TURN_MS)
        expect(result).to_have_attribute("data-winner", str(winner))
        colour = ["Blue", "Green"][winner]
        want = "You win!" if seat == winner else f"{colour} wins"
        expect(page.locator("#kit-result-title")).to_have_text(want)
        for team, pts in enumerate(eng.view(REFEREE)["score"]):
            expect(page.locator(f'[data-points="{team}"]')).to_have_text(str(pts))
    assert_same_logs(host, guest, len(eng.moves))


def assert_same_logs(host: Any, guest: Any, moves: int) -> None:
    """R-198: the guest's game log tells the host's moves as the host's log does (each
    device marks its own player "(you)": R-192)."""
    logs = [
        [line.replace(" (you)", "") for line in p.locator("#kit-log-list li").all_text_contents()]
        for p in (host, guest)
    ]
    assert len(logs[0]) >= moves and all(logs[0]), logs[0]
    assert logs[0] == logs[1]


def team_turn(host: Any, guest: Any, setup: Any, names: dict[str, str], axe: bool = False) -> int:
    """One turn of four players on two devices (Team 1 on the host, Team 2 on the guest):
    the hand-over on the device to play and no hand on either device meanwhile, then
    only that player's hand, then the move by mouse. Returns the seat that played."""
    pages, side = {0: host, 1: guest}, {0: {0, 2}, 1: {1, 3}}
    eng = replayed(host, setup)
    turn, n = eng.view(REFEREE)["turn"], len(eng.moves)
    mine, other = turn % 2, 1 - turn % 2
    page, idle = pages[mine], pages[other]
    # the device whose player is to play: the hand-over screen, no hand in the page
    dialog = page.locator("#kit-handover")
    expect(dialog).to_be_visible(timeout=TURN_MS)
    expect(dialog).to_contain_text(f"Player {turn + 1}")
    assert page.locator(".seq-hcard").count() == 0
    assert not cards_in_dom(page), "a hand stays in the page behind the hand-over"
    # the other device: the board, no hand at all
    wait_seq(idle, turn, n)
    expect(idle.locator("#kit-handover")).to_be_hidden()
    assert idle.locator(".seq-hcard").count() == 0
    assert not cards_in_dom(idle)
    expect(idle.locator("#seq-hand-h")).to_have_text("The other device is playing")
    if axe:
        assert_axe(page, "the hand-over on the device to play")
        assert_axe(idle, "the board on the other device")
    page.locator("#kit-reveal").click()
    wait_seq(page, turn, n)
    # only this player's hand: not the team-mate's, not the other side's
    assert hand_cards(page, ".seq-hcard") == sorted(eng.view(turn)["hand"])
    hidden = seq_hands(eng, side[other] | (side[mine] - {turn})) - set(eng.view(turn)["hand"])
    assert_hidden(page, hidden, "#seq-hand", names)
    expect(page.locator("#seq-hand-h")).to_contain_text(f"Player {turn + 1}")
    mouse_move(page, choose(eng, turn, HARD))
    wait_saved(host, n)
    return int(turn)


def test_four_players_pass_each_device_between_team_mates(
    device: Callable[[], Any], site: Any
) -> None:
    setup = setup_of(SEQ4_SEED, 4, "devices")
    host, guest = start(device, site, "sequence", SEQ4_SEED, players="4")
    names = seq_names()
    turns = [team_turn(host, guest, setup, names, axe=k == 1) for k in range(6)]
    assert turns == [0, 1, 2, 3, 0, 1]
    # the link is lost, then the host reloads: pairing again resumes at the
    # same turn behind the same screens, no move lost or applied twice
    moves = host_moves(host)
    kill_link(host, guest)
    assert not cards_in_dom(guest) and not cards_in_dom(host)
    pair_again(host, guest)
    host.reload(wait_until="load")
    expect(host.locator("html")).to_have_attribute("data-ready", "1", timeout=60_000)
    expect(guest.locator("#link-bar")).to_have_attribute("data-link-state", "lost", timeout=TURN_MS)
    pair_again(host, guest)
    assert host_moves(host) == moves
    assert [team_turn(host, guest, setup, names) for _ in range(3)] == [2, 3, 0]


# --------------------------------------------------------------------------- Tri-Virsity


def tri_names() -> dict[str, str]:
    return {}  # Tri-Virsity's hand shows letters, not names: data-card is the check


def wait_tri(page: Any, step: int) -> None:
    page.wait_for_function(
        """(step) => {
            if (document.querySelector('#kit-result-title')) return true;
            const g = document.querySelector('.tv-game[data-step]');
            return g && Number(g.dataset.step) === step;
        }""",
        arg=step,
        timeout=TURN_MS,
    )


def test_a_whole_trivirsity_hand_on_two_devices(device: Callable[[], Any], site: Any) -> None:
    setup = make_setup("devices", TRI_SEED, **TRI_OPTIONS)
    host, guest = start(
        device, site, "tri-virsity", TRI_SEED, players="2", variant="beginner6", target="hand"
    )
    pages, checks, moved = {0: host, 1: guest}, 0, {0: 0, 1: 0}
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        moves = saved_moves(host)
        table = mirror(setup, moves)
        if table.over:
            break
        cur = table.state.cur
        actor = TRI_GAME._actor(cur)
        for seat, page in pages.items():
            wait_tri(page, table.state.step)
            expect(page.locator(".tv-game")).to_have_attribute("data-seat", str(seat))
            own = sorted(table.view(seat)["hand"])
            assert hand_cards(page, "#tv-hand [data-card]") == own
            assert_hidden(page, set(table.view(1 - seat)["hand"]), "#tv-hand", tri_names())
            checks += 1
        move = person_move(table, actor)
        assert move is not None
        play_move(pages[actor], move)
        moved[actor] += 1
        wait_saved(host, len(moves))
    table = mirror(setup, saved_moves(host))
    assert table.over and checks >= 12 and min(moved.values()) >= 3
    result = table.view(-1)["result"]
    winner = result["winner"]
    for seat, page in pages.items():
        box = page.locator(".kit-result")
        expect(box).to_be_visible(timeout=TURN_MS)
        expect(box).to_have_attribute("data-winner", "tie" if winner is None else str(winner))
        want = "You win!" if seat == winner else f"Player {winner + 1} wins"
        expect(page.locator("#kit-result-title")).to_have_text(want)
        for team, pts in enumerate(result["points"]):
            expect(page.locator(f'[data-points="{team}"]')).to_have_text(number(pts))
    assert_same_logs(host, guest, len(saved_moves(host)))


def tri_state(page: Any, step: int, seat: int) -> str:
    """What the page shows now: "handover", "window", or "table" once it shows ``step``
    with ``seat``'s hand (-1: no hand)."""
    return str(
        page.wait_for_function(
            """([step, seat]) => {
                const ho = document.querySelector('#kit-handover');
                if (ho && !ho.hidden) return 'handover';
                if (document.querySelector('.tv-window')) return 'window';
                const g = document.querySelector('.tv-game[data-step]');
                const want = seat < 0 ? '' : String(seat);
                if (g && Number(g.dataset.step) === step && g.dataset.seat === want)
                  return 'table';
                return false;
            }""",
            arg=[step, seat],
            timeout=TURN_MS,
        ).json_value()
    )


def test_trivirsity_partners_pass_each_device_between_them(
    device: Callable[[], Any], site: Any
) -> None:
    # challenge mode: after every word laid, the players of the other side may challenge
    # it: the device whose player is not to draw shows them the screen to do so
    options = TRI_OPTIONS | {"players": "4", "teams": "yes", "words": "challenge"}
    setup = make_setup("devices", TRI_SEED, **options)
    host, guest = start(
        device,
        site,
        "tri-virsity",
        TRI_SEED,
        players="4",
        teams="yes",
        variant="beginner6",
        words="challenge",
        target="hand",
    )
    pages, handovers, windows = {0: host, 1: guest}, 0, 0
    challenged: int | None = None
    axed: set[str] = set()
    for _ in range(14):
        moves = saved_moves(host)
        table = mirror(setup, moves)
        if table.over:
            break
        step = table.state.step
        actor = TRI_GAME._actor(table.state.cur)
        every = set().union(*(set(table.view(s)["hand"]) for s in range(4)))
        page, idle = pages[actor % 2], pages[1 - actor % 2]
        # the other device: its players' hands are hidden (the table, or the window
        # where one of them may claim or challenge)
        seen = tri_state(idle, step, -1)
        assert seen in ("table", "window")
        if seen not in axed:
            assert_axe(idle, f"Tri-Virsity's {seen} on the device not to play")
            axed.add(seen)
        assert idle.locator("#tv-hand [data-card]").count() == 0
        assert not cards_in_dom(idle) & every
        if seen == "window":  # only this device's own players speak up here
            who = idle.eval_on_selector_all(
                "[data-by], [data-claimer]",
                "els => els.map(e => Number(e.dataset.by ?? e.dataset.claimer))",
            )
            assert who and set(who) <= {s for s in range(4) if s % 2 != actor % 2}
            if challenged is None and idle.locator("[data-chal]").count():
                # a challenge from the device not to play: a move over the link
                challenged = int(idle.locator("[data-chal]").first.get_attribute("data-by"))
                idle.locator("[data-chal]").first.click()
                wait_saved(host, len(moves))
                last = saved_moves(host)[-1]
                assert (last["seat"], last["kind"]) == (challenged, "challenge")
                continue
        while (seen := tri_state(page, step, actor)) != "table":
            assert not cards_in_dom(page) & every, "a hand is in the page behind the screen"
            if seen == "window":
                windows += 1
                page.locator("#tv-pass-on").click()
            else:
                handovers += 1
                expect(page.locator("#kit-handover")).to_contain_text(f"Player {actor + 1}")
                page.locator("#kit-reveal").click()
        own = sorted(table.view(actor)["hand"])
        assert hand_cards(page, "#tv-hand [data-card]") == own
        shown = cards_in_dom(page)
        assert not shown & (every - set(own)), "a team-mate's or the other side's card"
        move = person_move(table, actor)
        assert move is not None
        play_move(page, move)
        wait_saved(host, len(moves))
    assert handovers >= 4 and windows >= 1 and challenged is not None
    print(f"hand-overs {handovers}, screens to challenge {windows}, challenger {challenged}")


def test_set_ups_with_more_than_two_sides_are_refused(page: Any, site: Any) -> None:
    """R-190: a link and the setup form both say why three sides cannot play on two
    devices; two sides start the pairing screen."""
    open_site(page, site, "/?game=sequence&mode=devices&players=3")
    expect(page.locator("#kit-problems")).to_contain_text("Two devices play two sides")
    expect(page.locator("#kit-setup")).to_be_visible()
    page.get_by_label("Two devices").check()
    form = page.locator("#kit-setup")
    form.locator("input[name=opt-players][value='6']").check()
    form.locator("input[name=opt-teams][value='3']").check()
    form.locator(".kit-start").click()
    expect(page.locator("#kit-setup-error")).to_contain_text("Two devices play two sides")
    form.locator("input[name=opt-teams][value='2']").check()
    form.locator(".kit-start").click()
    expect(page.locator("[data-link=host]")).to_be_visible()

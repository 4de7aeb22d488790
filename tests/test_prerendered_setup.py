"""The setup form the build pre-renders for a game's link (sitebuild/page.py) is the kit's
own (``cardroom.web.kit.logic.setup_form_html``): every game's, with the same choices, ids
and defaults, Start waiting for Python."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from cardroom.web.kit.logic import START_WAITING, setup_form_html
from cardroom.web.platform.routes import WEB_GAMES, WebGame
from sitebuild.page import game_intros


class _Inputs(HTMLParser):
    """Every input (name, value, checked) and id in a form, and its Start button."""

    def __init__(self) -> None:
        super().__init__()
        self.inputs: list[tuple[str, str, bool]] = []
        self.ids: list[str] = []
        self.start: dict[str, str | None] | None = None
        self._in_start = False
        self.start_text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        if tag == "input":
            self.inputs.append((str(a.get("name")), str(a.get("value")), "checked" in a))
        if tag == "button" and "kit-start" in str(a.get("class")):
            self.start, self._in_start = a, True

    def handle_endtag(self, tag: str) -> None:
        if tag == "button":
            self._in_start = False

    def handle_data(self, data: str) -> None:
        if self._in_start:
            self.start_text += data


def _parse(text: str) -> _Inputs:
    p = _Inputs()
    p.feed(text)
    return p


def _templates() -> dict[str, str]:
    page = game_intros()
    found = dict(
        re.findall(r'<template id="intro-([a-z-]+)-template">(.*?)</template>', page, re.S)
    )
    assert sorted(found) == sorted(WEB_GAMES)
    return found


def _expected_choices(g: WebGame) -> set[tuple[str, str]]:
    out = {("level", str(n)) for n in g.levels} | {("mode", m) for m in g.modes}
    out |= {("difficulty", d) for d in g.difficulties}
    for o in g.options:
        out |= {(f"opt-{o.name}", v) for v in o.choices}
    return out | {("seed", "")}


@pytest.mark.parametrize("slug", sorted(WEB_GAMES))
def test_the_pre_rendered_form_is_the_kits_setup(slug: str) -> None:
    g = WEB_GAMES[slug]
    template = _templates()[slug]
    form = re.search(r'<form class="kit-setup".*?</form>', template, re.S)
    assert form, slug
    early = _parse(form.group(0))
    python = _parse(setup_form_html(g, g.default_setup()))
    # the same choices, checked the same (the defaults), and the same ids
    assert early.inputs == python.inputs
    assert {(n, v) for n, v, _ in early.inputs} == _expected_choices(g)
    assert early.ids == python.ids
    checked = {n: v for n, v, c in early.inputs if c}
    d = g.default_setup()
    assert checked.get("mode") == d.mode and checked.get("difficulty") == d.difficulty
    assert checked.get("level") == (str(d.level) if g.levels else None)
    # the only difference: Start waits for Python and says so
    assert python.start is not None and "aria-disabled" not in python.start
    assert python.start_text == "Start"
    assert early.start is not None and early.start.get("aria-disabled") == "true"
    assert early.start_text == START_WAITING
    assert form.group(0) == setup_form_html(g, d, waiting=True).strip()
    # the section around it: the title and how to play
    assert f'<section id="intro-{slug}" class="screen screen-game screen-intro"' in template


def test_the_page_puts_the_links_setup_in_place_before_the_first_paint() -> None:
    page = game_intros()
    script = page.rsplit("<script>", 1)[1]
    assert script.rstrip().endswith("</script>")
    assert page.index("<script>") > page.rindex("</template>"), "the script runs after them"
    assert "data-live" in script and "preventDefault" in script

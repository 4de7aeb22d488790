"""The games' one registry (issue 40): each game's entry names its screen, GameUI class,
engine factory, Team 1 computer and setup check as ``"package.module:name"`` strings,
loaded by one loader when used; the router imports no game."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from cardroom.match import COMBO_GAMES
from cardroom.web.games.registry import WEB_GAMES, Setup, WebGame, load
from cardroom.web.link.match_logic import GAME_4
from cardroom.web.match import logic as ml

PY = Path(__file__).resolve().parents[1] / "py"
WEB = PY / "cardroom" / "web"


def _source(module: str) -> ast.Module:
    path = PY.joinpath(*module.split(".")).with_suffix(".py")
    return ast.parse(path.read_text("utf-8"))


def _defines(module: str, name: str) -> bool:
    return any(
        isinstance(n, ast.ClassDef | ast.FunctionDef) and n.name == name
        for n in _source(module).body
    )


def test_each_entry_names_its_screen_class_and_engine() -> None:
    for slug, game in WEB_GAMES.items():
        assert game.slug == slug
        # the screens import js (Pyodide only): their source says what they define
        assert _defines(game.module, "mount"), slug
        assert game.ui and _defines(game.module, game.ui), slug
        engine = game.hook("engine")
        assert callable(engine) and engine.__name__ == "engine", slug


@pytest.mark.parametrize("slug", list(WEB_GAMES))
def test_the_engine_hook_deals_the_game_with_its_computer(slug: str) -> None:
    game = WEB_GAMES[slug]
    setup = game.default_setup().with_seed(7)
    client = game.new_engine(setup)
    assert client.game.slug == slug
    if setup.mode == "bot":
        assert client.bots, f"{slug}: no computer seat against the computer"


def test_every_game_of_a_match_has_its_match_hooks() -> None:
    in_match = {s for _, games in COMBO_GAMES.values() for s in games if s in WEB_GAMES}
    assert in_match | set(GAME_4) == {s for s, g in WEB_GAMES.items() if g.team_one_bot}
    for slug in in_match | set(GAME_4):
        game = WEB_GAMES[slug]
        setup = ml.Setup(slug, max(game.levels), "bot", "easy", 3)
        client = game.new_engine(setup)
        bot, seed = game.hook("team_one_bot")(setup)
        assert callable(getattr(bot, "choose", None)) and isinstance(seed, int), slug
        assert 0 not in client.bots, slug


def test_the_setup_checks_are_loaded_by_name() -> None:
    seq = WEB_GAMES["sequence"]
    assert seq.problem("bot", {"players": "6", "teams": "none"}) is not None
    assert seq.problem("devices", {"players": "3"}) is not None  # two sides
    assert seq.problem("bot", {"players": "4", "teams": "2"}) is None
    tri = WEB_GAMES["tri-virsity"]
    assert tri.problem("bot", {"players": "3", "teams": "yes"}) is not None
    assert WEB_GAMES["border-up"].problem("bot", {}) is None  # no check: every choice plays


def test_the_loader_takes_only_module_colon_name() -> None:
    assert load("cardroom.web.games.registry:WEB_GAMES") is WEB_GAMES
    for bad in ("cardroom.web.games.registry", ":WEB_GAMES", "cardroom.web.games.registry:"):
        with pytest.raises(ValueError, match="package.module:name"):
            load(bad)
    with pytest.raises(LookupError, match="has no team_one_bot"):
        WEB_GAMES["sequence"].hook("team_one_bot")
    game = WebGame("x", "X", "cardroom.web.platform.app", "", {})
    with pytest.raises(LookupError):
        game.new_engine(Setup("x", 0, "bot", "easy", 1))


def test_routing_a_link_imports_no_game() -> None:
    """The start path imports the router: it must not pull in any game's code (or the
    match, Learn or the director) until a link asks for one."""
    code = (
        "import sys\n"
        "from cardroom.web.platform import routes\n"
        "routes.parse_link({'game': 'dashing-states', 'level': '3', 'mode': 'local'})\n"
        "routes.parse_link({'game': 'sequence', 'players': '4', 'teams': '2'})\n"
        "print('\\n'.join(m for m in sys.modules if m.startswith('cardroom')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(PY)},
    ).stdout.split()
    games = [m for m in out if m.startswith("cardroom.web.games.") and m.count(".") > 3]
    # a link to Sequence runs its setup check, which is all it loads
    assert games == ["cardroom.web.games.sequence.setup"], games
    assert not [m for m in out if m.startswith(("cardroom.web.match", "cardroom.web.learn"))]
    assert "cardroom.core" not in out


def test_no_game_is_chosen_by_an_if_chain_in_the_web_layer() -> None:
    """Code dispatches on a game through its registry entry, not ``if slug == ...``."""
    for path in sorted(WEB.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.If) and isinstance(node.test, ast.Compare):
                literals = [
                    c.value
                    for c in [node.test.left, *node.test.comparators]
                    if isinstance(c, ast.Constant)
                ]
                assert not set(literals) & set(WEB_GAMES), (path, ast.unparse(node.test))

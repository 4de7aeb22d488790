"""The ``cardroom`` command line, run as a user would: ``python -m cardroom ...``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardroom", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "level, states",
    [
        ("4", ["KS", "MO", "KY", "WV", "PA"]),
        ("4", ["MD", "VA", "NC"]),
        ("3", ["Maryland", "Virginia", "North Carolina"]),
        ("2", ["va", "md", "nc"]),
        ("2", ["KS-MO-KY"]),
        ("3", ["New York,Vermont,Massachusetts"]),
    ],
)
def test_referee_valid(level, states):
    p = run("referee", "border-up", "--level", level, *states)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("valid: ")


@pytest.mark.parametrize(
    "level, states, reason",
    [
        ("4", ["KS", "IA", "MO", "AR"], "Missouri would be crossed twice"),
        ("4", ["CO", "NE", "KS", "TX"], "Texas borders none of Colorado, Nebraska and Kansas"),
        ("3", ["VA", "MD", "NC"], "so it goes in the middle: MD-VA-NC"),
        ("2", ["ME", "TX", "OH"], "Maine borders neither Texas nor Ohio"),
        ("2", ["KS", "MO", "KY", "WV"], "a Level 2 group has 3 cards, not 4"),
        ("4", ["KS", "MO", "KS"], "Kansas appears twice"),
    ],
)
def test_referee_invalid(level, states, reason):
    p = run("referee", "border-up", "--level", level, *states)
    assert p.returncode == 1
    assert p.stdout.startswith("invalid: ") and reason in p.stdout


def test_referee_json_and_usage_errors():
    p = run("referee", "border-up", "--level", "3", "VA", "MD", "NC", "--json")
    assert p.returncode == 1
    assert json.loads(p.stdout) == {
        "level": 3,
        "cards": ["VA", "MD", "NC"],
        "ok": False,
        "reason": json.loads(p.stdout)["reason"],
        "order": ["MD", "VA", "NC"],
    }
    p = run("referee", "border-up", "--level", "4", "KS", "Narnia")
    assert p.returncode == 2 and "Narnia" in p.stderr
    assert run("referee", "border-up", "KS", "MO", "KY").returncode == 2  # no --level
    assert run("referee", "border-up", "--level", "5", "KS", "MO", "KY").returncode == 2
    assert run("referee", "no-such-game", "--level", "2", "KS", "MO", "KY").returncode == 2
    assert run("referee", "border-up", "--level", "2").returncode == 2


def test_solve_prints_groups_or_none():
    p = run("solve", "border-up", "--level", "4", "--hand", "KS,MO,KY,WV,PA,MD,VA,NC")
    assert p.returncode == 0
    lines = p.stdout.splitlines()
    assert lines[0] == "Level 4 hand of 8 cards"
    assert lines[1].startswith("GeoPlunge:") and "none" not in lines[1]
    assert lines[2] == "ThreeOPlunge: none in this hand"
    p = run("solve", "border-up", "--level", "2", "--hand", "AK", "HI", "ME", "TX", "--json")
    assert p.returncode == 0
    assert json.loads(p.stdout) == {
        "level": 2,
        "cards": ["AK", "HI", "ME", "TX"],
        "geoplunge": None,
        "threeoplunge": None,
    }
    p = run(
        "solve", "border-up", "--level", "3", "--hand", "MD VA NC SC GA FL", "--groups", "--json"
    )
    out = json.loads(p.stdout)
    assert out["geoplunge"] is not None
    assert ["MD", "VA", "NC"] in out["groups"] or ["NC", "VA", "MD"] in out["groups"]
    assert run("solve", "border-up", "--level", "3", "--hand", "MD,XX").returncode == 2
    assert run("solve", "border-up", "--level", "3", "--hand", "MD,MD,VA").returncode == 2


def test_simulate_json_contract():
    p = run("simulate", "border-up", "--level", "4", "--games", "20", "--seed", "3", "--json")
    assert p.returncode == 0, p.stderr
    report = json.loads(p.stdout)
    assert set(report) == {"game", "level", "games", "errors", "results", "seconds"}
    assert report["game"] == "border-up" and report["level"] == 4 and report["games"] == 20
    assert report["errors"] == 0
    assert set(report["results"]) == {"team1", "team2", "tie"}
    assert sum(report["results"].values()) == 20
    again = json.loads(run("simulate", "border-up", "--level", "4", "--games", "20",
                           "--seed", "3", "--json").stdout)  # fmt: skip
    assert again["results"] == report["results"]  # seeded
    p = run("simulate", "border-up", "--level", "2", "--games", "10", "--team1", "hard",
            "--team2", "easy")  # fmt: skip
    assert p.returncode == 0 and "(hard vs easy)" in p.stdout and "errors 0" in p.stdout
    assert run("simulate", "border-up", "--level", "2", "--difficulty", "expert").returncode == 2


def test_atlas_still_works():
    p = run("atlas", "KS", "--json")
    assert p.returncode == 0 and json.loads(p.stdout)[0]["code"] == "KS"


def test_referee_covers_the_trick_games_and_tri_virsity():
    zap = run("referee", "border-zap", "UT", "TX")
    assert zap.returncode == 0 and "New Mexico" in zap.stdout
    assert run("referee", "border-zap", "HI", "TX").returncode == 1
    ranks = run(
        "referee", "play-the-ranks", "--level", "2", "--base", "1", "--category",
        "population", "--lead", "GA", "--follow", "ME",
    )  # fmt: skip
    assert ranks.returncode == 0 and ranks.stdout.startswith("Georgia wins")
    assert run("referee", "play-the-ranks", "--level", "2", "--lead", "GA").returncode == 2
    words = run("referee", "tri-virsity", "replay", "qzx")
    assert words.returncode == 1 and "valid: replay" in words.stdout
    assert run("referee", "tri-virsity", "replay").returncode == 0


def test_simulate_every_game_family():
    for args in (
        ("play-the-ranks", "--level", "4", "--version", "ptr2"),
        ("border-zap", "--level", "3"),
        ("state-iq", "--level", "2"),
        ("dashing-states", "--level", "4"),
        ("chummy-challenge", "--level", "3"),
        ("tri-virsity", "--players", "3"),
    ):
        out = run("simulate", *args, "--games", "3", "--seed", "1", "--json")
        assert out.returncode == 0, (args, out.stderr)
        assert json.loads(out.stdout)["errors"] == 0
    assert run("simulate", "state-iq", "--games", "3").returncode == 2  # no level
    assert run("simulate", "chummy-challenge", "--level", "2", "--games", "3").returncode == 2


def test_simulate_sequence_players_and_teams():
    out = run("simulate", "sequence", "--players", "6", "--teams", "3", "--games", "2", "--json")
    assert out.returncode == 0 and json.loads(out.stdout)["errors"] == 0
    assert json.loads(out.stdout)["teams"] == 3
    assert run("simulate", "sequence", "--players", "5", "--games", "1").returncode == 2


def test_simulate_sequence_has_one_name_for_the_team_count(capsys) -> None:
    """--teams sets Sequence's teams; the --teams-count the help also offered was ignored
    (two teams were played) and is gone: one option, one name."""
    from cardroom.cli import main  # noqa: PLC0415

    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--help"])
    assert exc.value.code == 0
    text = capsys.readouterr().out
    assert "--teams-count" not in text and "sequence: 2 or 3 teams" in text
    argv = ["simulate", "sequence", "--players", "6", "--games", "1"]
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--teams-count", "3", "--json"])
    assert exc.value.code == 2
    capsys.readouterr()
    assert main([*argv, "--teams", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["teams"] == 3 and report["results"]["capped"] == 0
    assert main([*argv, "--teams", "3"]) == 0
    assert "capped 0" in capsys.readouterr().out  # the safety cap is reported


def test_simulate_sequence_sets_each_sides_difficulty(capsys) -> None:
    from cardroom.cli import main  # noqa: PLC0415

    argv = ["simulate", "sequence", "--players", "2", "--team1", "medium", "--team2", "easy"]
    assert main([*argv, "--games", "2", "--seed", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["levels"] == ["medium", "easy"] and report["errors"] == 0
    argv = ["simulate", "sequence", "--players", "6", "--teams", "3", "--team2", "hard"]
    assert main([*argv, "--games", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["levels"] == ["medium", "hard", "medium"]


@pytest.mark.parametrize(
    "args",
    [
        ["--level", "2", "--version", "ptr2", "--base", "1", "--category", "size",
         "--lead", "MN", "--follow", "TX", "--change-base", "50"],
        ["--level", "3", "--version", "ptr2", "--base", "1", "--category", "population",
         "--lead", "NY", "--follow", "WY", "--change-base", "1"],
    ],
)  # fmt: skip
def test_referee_refuses_a_change_of_base_it_cannot_have(args):
    """Level 2 has no Power cards; a Power card cannot "change" the base to the announced
    one. Both exit 2 as --lead-power at Level 2 does."""
    out = subprocess.run(
        [sys.executable, "-m", "cardroom", "referee", "play-the-ranks", *args],
        capture_output=True, text=True,
    )  # fmt: skip
    assert out.returncode == 2, out.stdout
    assert out.stdout == "" and "referee play-the-ranks" in out.stderr
    ok = subprocess.run(
        [sys.executable, "-m", "cardroom", "referee", "play-the-ranks",
         "--level", "2", "--base", "1", "--category", "size", "--lead", "MN", "--follow", "TX"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert ok.returncode == 0 and ok.stdout.startswith("Texas wins"), ok.stdout


def test_check_reports_progress_per_set_up_on_stderr(capsys):
    """``cardroom check`` prints one JSON line on stdout and, on stderr, the progress of each
    set-up (games done of how many, seconds): after the first game and when it is done, so
    a long check can be told from a hung one."""
    from cardroom import cli

    assert cli.main(["check", "border-up", "--games", "3", "--seed", "5", "--deep", "1"]) == 0
    out, err = capsys.readouterr()
    summary = json.loads(out)
    assert summary["ok"] and summary["games"] == 9 and len(summary["runs"]) == 3
    lines = err.splitlines()
    for n, level in enumerate((2, 3, 4), 1):
        mine = [ln for ln in lines if f'{{"level": {level}}} ({n}/3)' in ln]
        assert mine[0].startswith("cardroom check border-up ") and ": 1/3 games, " in mine[0]
        assert mine[-1].endswith(" s done") and ": 3/3 games, " in mine[-1], mine
        assert float(mine[-1].rsplit(", ", 1)[1].split()[0]) >= 0
    assert len(lines) == sum(1 for ln in lines if ln.startswith("cardroom check border-up "))

    assert cli.main(["check", "border-up", "--level", "2", "--games", "2", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["games"] == 2 and err == ""

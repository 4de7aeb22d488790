"""The tournament director's desk, in plain Python (tested on CPython).

One teacher runs a whole tournament on one device: registration, pairing, the schedule,
results (typed points or a result code), live standings, the championship, and keeping
and moving the tournament. :class:`Desk` holds the tournament (``cardroom.tournament``,
immutable) and what the screen shows; :meth:`Desk.act` applies one form the teacher
submitted and says what happened; ``director_html`` draws it; ``director_screen`` is the
only part that touches the page (R-165..R-169).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from cardroom import tournament as tm
from cardroom.core import CorruptState

__all__ = [
    "ACTIONS",
    "BACKUP_KEY",
    "STORE_KEY",
    "VIEWS",
    "Desk",
    "LinkOptions",
    "file_name",
    "load_store",
    "parse_tournament_link",
    "schedule_rows",
    "tournament_problems",
]

#: localStorage keys: the tournament, and a copy of a store that could not be read (R-167).
STORE_KEY = "cardroom.tournament"
BACKUP_KEY = "cardroom.tournament.unreadable"

#: The desk's views (tabs), in order; "new" is the form that starts a tournament.
VIEWS = {
    "teams": "Teams",
    "rounds": "Rounds",
    "standings": "Standings",
    "final": "Championship",
    "file": "Save and move",
}


#: What a submitted form can ask for (``Desk.act``).
ACTIONS = frozenset(
    {
        "show",
        "edit",
        "create",
        "add-team",
        "rename",
        "pair",
        "result",
        "code",
        "playoff",
        "final",
        "import",
    }
)


@dataclass(frozen=True, slots=True)
class LinkOptions:
    """What ``?tournament=`` asks for: ``new`` (the form, with ``combo`` chosen) or
    ``open`` (the tournament kept on this device)."""

    action: str = "open"
    combo: int = 3


def parse_tournament_link(params: Mapping[str, str]) -> tuple[LinkOptions, tuple[str, ...]]:
    """``?tournament=new&combo=2|3|4`` or ``?tournament=open`` (or bare ``?tournament``);
    every part not understood becomes a problem sentence (R-110) and is left out."""
    problems: list[str] = []
    raw = (params.get("tournament") or "").strip().lower()
    action = raw or "open"
    if action not in ("new", "open"):
        problems.append(f"“{raw}” is not a tournament page: use tournament=new or tournament=open.")
        action = "open"
    combo = 3
    combo_text = params.get("combo")
    if combo_text is not None:
        text = combo_text.strip()
        if text in ("2", "3", "4"):
            combo = int(text)
        else:
            problems.append(f"There is no Combo “{text}”: pick 2, 3 or 4.")
        if action != "new" and text in ("2", "3", "4"):
            action = "new"
    return LinkOptions(action, combo), tuple(problems)


def tournament_problems(params: Mapping[str, str]) -> tuple[str, ...]:
    return parse_tournament_link(params)[1]


def load_store(text: str | None) -> tuple[tm.Tournament | None, str | None]:
    """The tournament kept on this device, or None; the second value says why a store
    that is there could not be read (R-167)."""
    if text is None or not text.strip():
        return None, None
    try:
        return tm.from_json(text), None
    except CorruptState as exc:
        return None, str(exc)


def file_name(t: tm.Tournament, what: str, ext: str) -> str:
    """A file name for the tournament's downloads: ``spring-cup-standings.csv``."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in t.name.lower())
    slug = "-".join(part for part in slug.split("-") if part)[:40] or "tournament"
    return f"{slug}-{what}.{ext}"


def possessive(name: str) -> str:
    """ "Eagles' points", "Team 3's points" (a team called the Owls is plural)."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _int(data: Mapping[str, str], key: str, what: str, digits: int = 6) -> int:
    text = str(data.get(key, "")).strip()
    if not text.isdigit() or len(text) > digits:
        raise tm.TournamentError(f"{what} must be a whole number")
    return int(text)


class Desk:
    """The director's state: the tournament, the view, the last message or problem.

    ``error_at`` names the form a problem belongs to (the page shows it there);
    ``focus`` is the id of the element to focus after the page is drawn again."""

    def __init__(self, t: tm.Tournament | None = None, *, combo: int = 3) -> None:
        self.t = t
        self.view = "teams" if t is not None else "new"
        self.combo = combo  # the new-tournament form's choice
        self.message = ""
        self.error = ""
        self.error_at = ""
        self.focus = ""
        self.corrupt = ""  # why the kept tournament could not be read
        self.draft: dict[str, str] = {}  # a refused form's values, shown again
        self.open_round: int | None = None  # an earlier round opened for corrections

    # ------------------------------------------------------------ reading

    @property
    def stage(self) -> dict[str, object]:
        return tm.championship_state(self.t) if self.t is not None else {"stage": "none"}

    def default_view(self) -> str:
        """Where a tournament stands: registration, the rounds, or the championship."""
        t = self.t
        if t is None:
            return "new"
        if not t.played:
            return "teams"
        return "final" if self.stage["stage"] != "rounds" else "rounds"

    def team_name(self, team_id: int | None) -> str:
        if team_id is None or self.t is None:
            return "nobody"
        return self.t.team(team_id).name

    def export_text(self) -> str:
        assert self.t is not None
        return json.dumps(tm.to_json(self.t), indent=1, ensure_ascii=False) + "\n"

    def store_text(self) -> str:
        return "" if self.t is None else json.dumps(tm.to_json(self.t), separators=(",", ":"))

    # ------------------------------------------------------------ acting

    def act(self, action: str, data: Mapping[str, str]) -> bool:
        """Apply one submitted form. Returns True when the tournament changed (the page
        keeps it); a refused action changes nothing and sets ``error``."""
        self.message = self.error = self.error_at = self.focus = ""
        self.draft = {}
        before = self.t
        try:
            if action not in ACTIONS:
                raise tm.TournamentError(f"unknown action {action!r}")
            getattr(self, "_" + action.replace("-", "_"))(data)
        except tm.TournamentError as exc:
            self.t = before
            self.error = _sentence(str(exc))
            self.error_at = form_key(action, data)
            self.draft = {str(k): str(v) for k, v in data.items()}
            self.focus = f"td-error-{self.error_at}"
            return False
        return self.t is not before

    def _show(self, data: Mapping[str, str]) -> None:
        view = str(data.get("view", ""))
        if view == "new" or (view in VIEWS and self.t is not None):
            self.view = view
            self.focus = "td-view-h"
        else:
            raise tm.TournamentError(f"there is no page called {view!r}")

    def _edit(self, data: Mapping[str, str]) -> None:
        """Open an earlier round's results for correction (R-166)."""
        t = self._need()
        n = _int(data, "round", "the round")
        if not 1 <= n <= len(t.played):
            raise tm.TournamentError(f"round {n} has not been paired")
        if t.championship != tm.Championship():
            raise tm.TournamentError("the championship has started: round results are final")
        self.open_round = n
        self.view = "rounds"
        self.message = f"Round {n}'s results can be corrected."
        self.focus = f"td-round-{n}-h"

    def _create(self, data: Mapping[str, str]) -> None:
        combo_text = str(data.get("combo", "")).strip()
        if combo_text not in ("2", "3", "4"):
            raise tm.TournamentError("pick Combo 2, 3 or 4")
        rounds = _int(data, "rounds", "the number of rounds")
        seed = _int(data, "seed", "the pairing seed", 12) if data.get("seed") else 0
        self.t = tm.new_tournament(
            str(data.get("name", "")), int(combo_text), rounds=rounds, seed=seed
        )
        self.view = "teams"
        self.message = (
            f"{self.t.name} is set up: Combo {self.t.combo}, {self.t.rounds} rounds. "
            "Register the teams."
        )
        self.focus = "td-add-name"

    def _add_team(self, data: Mapping[str, str]) -> None:
        t = self._need()
        players = [str(data.get(f"player{i}", "")) for i in (1, 2, 3)]
        self.t = tm.add_team(t, str(data.get("name", "")), players)
        new = self.t.teams[-1]
        late = f" It joins from round {new.joined}." if new.joined > 1 else ""
        self.message = f"{new.name} is registered as team {new.id}.{late}"
        self.focus = "td-add-name"

    def _rename(self, data: Mapping[str, str]) -> None:
        t = self._need()
        team_id = _int(data, "team", "the team")
        old = t.team(team_id)
        t = tm.rename_team(t, team_id, str(data.get("name", "")))
        for i in range(3):
            name = str(data.get(f"player{i + 1}", ""))
            if " ".join(name.split()) != old.players[i]:
                t = tm.rename_player(t, team_id, i, name)
        self.t = t
        new = t.team(team_id)
        self.message = (
            "Nothing changed."
            if new == old
            else f"Team {team_id} is now {new.name}: {', '.join(new.players)}."
        )

    def _pair(self, _data: Mapping[str, str]) -> None:
        t = self._need()
        self.t = tm.pair_next_round(t)
        self.open_round = None
        rnd = self.t.played[-1]
        plan = tm.round_plan(t.combo, rnd.number, t.rounds)
        self.view = "rounds"
        self.message = (
            f"Round {rnd.number} is paired ({kind_text(str(plan['kind']))}, "
            f"{plan['minutes']} minutes)."
        )
        self.focus = f"td-round-{rnd.number}-h"

    def _result(self, data: Mapping[str, str]) -> None:
        """Points per team, typed by the director; correctable until the final (R-166)."""
        t = self._need()
        rnd, a, b = (_int(data, k, "the match") for k in ("round", "a", "b"))
        pa = _int(data, "pa", f"{possessive(self._safe_name(a))} points")
        pb = _int(data, "pb", f"{possessive(self._safe_name(b))} points")
        self.t = tm.record_result(t, rnd, a, b, pa, pb)
        self.message = self._result_text(rnd, a, b, pa, pb)
        # keyboard flow: on to the next match still without a result, else the message
        todo = [p for p in self.t.played[rnd - 1].pairings if p.b is not None and p.points is None]
        self.focus = f"td-m{rnd}-{todo[0].a}-{todo[0].b}-a" if todo else "td-say"

    def _code(self, data: Mapping[str, str]) -> None:
        t = self._need()
        code = str(data.get("code", ""))
        rnd, a, b, pa, pb = tm.parse_result_code(t, code)
        self.t = tm.record_result(t, rnd, a, b, pa, pb)
        self.message = "Result code accepted. " + self._result_text(rnd, a, b, pa, pb)
        self.focus = "td-code"

    def _playoff(self, data: Mapping[str, str]) -> None:
        t = self._need()
        winner = self._winner(data)
        stage = tm.championship_state(t)
        self.t = tm.record_playoff(t, winner)
        if winner is None:
            a, b = stage.get("playoff", (0, 0))  # type: ignore[misc]
            self.message = (
                f"The playoff between {self._safe_name(a)} and {self._safe_name(b)} "
                "was a tie: it is played again."
            )
        else:
            self.message = f"{self.team_name(winner)} won the playoff."
        self.focus = "td-final-h"

    def _final(self, data: Mapping[str, str]) -> None:
        t = self._need()
        winner = self._winner(data)
        before = tm.championship_state(t)
        self.t = tm.record_final_game(t, winner)
        what = f"Game {before['next_game']}" if before["stage"] == "final" else "The tie-breaker"
        self.message = (
            f"{what}: a tie." if winner is None else f"{what} goes to {self.team_name(winner)}."
        )
        after = self.stage
        if after["stage"] == "done":
            self.message += f" {self.team_name(after['champion'])} are the champions!"  # type: ignore[arg-type]
        self.focus = "td-final-h"

    def _import(self, data: Mapping[str, str]) -> None:
        """A tournament file replaces the one kept here; a bad file changes nothing (R-168)."""
        text = str(data.get("text", ""))
        try:
            self.t = tm.from_json(text)
        except (CorruptState, ValueError, TypeError, KeyError, RecursionError) as exc:
            raise tm.TournamentError(
                f"That file is not a tournament this page can read ({exc}). Nothing was changed"
            ) from None
        self.view = self.default_view()
        self.message = f"{self.t.name} was imported: {len(self.t.teams)} teams."
        self.focus = "td-view-h"

    # ------------------------------------------------------------ helpers

    def _need(self) -> tm.Tournament:
        if self.t is None:
            raise tm.TournamentError("start a tournament first")
        return self.t

    def _safe_name(self, team_id: int) -> str:
        try:
            return self.team_name(team_id)
        except tm.TournamentError:
            return f"team {team_id}"

    def _winner(self, data: Mapping[str, str]) -> int | None:
        text = str(data.get("winner", "")).strip()
        if text == "tie":
            return None
        return _int(data, "winner", "the winner")

    def _result_text(self, rnd: int, a: int, b: int, pa: int, pb: int) -> str:
        na, nb = self.team_name(a), self.team_name(b)
        verdict = "a tie" if pa == pb else f"{na if pa > pb else nb} wins"
        return f"Round {rnd}: {na} {pa}, {nb} {pb} ({verdict})."


def form_key(action: str, data: Mapping[str, str]) -> str:
    """Which form a problem belongs to: the action, and the team or match it names."""
    if action == "rename":
        return f"rename-{data.get('team', '')}"
    if action == "result":
        return f"result-{data.get('round', '')}-{data.get('a', '')}-{data.get('b', '')}"
    return action


def kind_text(kind: str) -> str:
    return {
        "morning": "a morning round",
        "afternoon": "an afternoon round",
        "all": "an All match",
        "call": "a Call match",
    }.get(kind, kind)


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def schedule_rows(combo: int, rounds: int) -> list[tuple[int, str, int, str]]:
    """(round, kind, minutes, what is played) for every round of the schedule (R-125)."""
    c = tm.COMBOS[combo]
    n = len(c.games)
    out = []
    for r in range(1, rounds + 1):
        plan = tm.round_plan(combo, r, rounds)
        kind = str(plan["kind"])
        games = {
            "morning": f"Games 1-{n} at Level {c.level}, in order, cycling",
            "afternoon": "Two games: the statehood pick's winner chooses, then the other team",
            "all": f"All {n} games, in order, cycling",
            "call": "Each team secretly calls 2 games; the union in game order",
        }[kind]
        out.append((r, kind, int(plan["minutes"]), games))
    return out

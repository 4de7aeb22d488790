"""An independent score oracle for Dashing States (written from the rule books).

It replays the playout's moves on its own clock: the GeoPlunging count, each race's deal,
shouts (simultaneous within the window), passes, the race time limit and the three
players' answers, then judges each race with its own sorting and its own reading of the
answers, applies the best-of-three and tie rules, and scores with the rule books' table.
Only the Map cards' key (which state each card shows) and the name matcher are shared
with the engine.
"""

from __future__ import annotations

from typing import Any

from cardroom import atlas, names
from cardroom.core import REFEREE
from cardroom.geoplunge.decks import map_card, power_card


def _points(winner: int | None, bonus: bool, plunged: list[bool]) -> tuple[int, int]:
    if winner is None:
        return (5, 5)
    pts = 10 + (10 if bonus else 0) + {0: 0, 1: 10, 2: 20}[sum(plunged)]
    return (pts, 0) if winner == 0 else (0, pts)


def _rank(category: str, code: str) -> int:
    s = atlas.by_code()[code]
    return {"size": s.area_rank, "statehood": s.statehood_rank, "population": s.population_rank}[
        category
    ]


def _number(text: str) -> int | None:
    t = text.strip().lower().lstrip("#").strip()
    for suffix in ("st", "nd", "rd", "th"):
        if t.endswith(suffix):
            t = t[: -len(suffix)].strip()
            break
    return int(t) if t.isdigit() and len(t) <= 3 else None


def oracle(game: Any, playout: Any) -> tuple[int, int]:
    opts = playout.options
    level = opts.get("level", 2)
    window = opts.get("window_ms", 300)
    count = opts.get("count_ms", 5000)
    limit = opts.get("time_limit_ms", 180_000)
    deck = playout.final.maps  # the deal order (the final state shows the whole game)
    power_top = playout.final.power[0]

    def hand(race: int, team: int) -> list[str]:
        start = 14 * (race - 1) + 7 * team
        return list(deck[start : start + 7])

    def key(race: int) -> str:
        if race == 1:
            return "name"
        if race == 2:
            return "capital"
        return {2: "name", 3: "statehood", 4: power_card(power_top).category}[level]

    def good(race: int, team: int, order: list[str], answers: list[Any]) -> bool:
        k = key(race)
        codes = [map_card(m).state for m in order]
        if len(set(order)) != 6 or not set(order) <= set(hand(race, team)):
            return False
        if k == "name":
            vals = [atlas.by_code()[c].name.lower() for c in codes]
        elif k == "capital":
            vals = [atlas.by_code()[c].capital.lower() for c in codes]
        else:
            vals = [_rank(k, c) for c in codes]
        if any(vals[i] > vals[i + 1] for i in range(5)):
            return False
        said = [pair for player in answers for pair in player]
        if len(said) != 6:
            return False
        for code, (state, second) in zip(codes, said, strict=True):
            if names.resolve_state(state, codes=False).code != code:
                return False
            if k in ("name", "capital"):
                if names.resolve_capital(second).code != code:
                    return False
            elif _number(second) != _rank(k, code):
                return False
        return True

    plunged = [False, False]
    decided = [False, False]
    phase, race, start = "plunge", 0, 0
    shouts: list[dict[str, Any]] = []
    passed = [False, False]
    winners: list[int | None] = []

    def game_over() -> bool:
        if len(winners) == 2:
            return (winners[0] is not None and winners[0] == winners[1]) or winners == [None, None]
        return len(winners) == 3

    def next_race(at: int) -> None:
        nonlocal phase, race, start, shouts, passed
        if game_over():
            phase = "over"
            return
        phase, race, start, shouts, passed = "race", race + 1, at, [], [False, False]

    def end_race(winner: int | None, at: int) -> None:
        winners.append(winner)
        next_race(at)

    def due() -> int | None:
        if phase == "plunge":
            return count
        if phase == "race":
            return shouts[0]["at"] + window if shouts else start + limit
        return None

    def fire(at: int) -> None:
        nonlocal phase
        if phase == "plunge":
            next_race(at)
        elif shouts:
            phase = "answer"
        else:
            end_race(None, at)

    def judge(at: int) -> None:
        ok = {sh["team"]: good(race, sh["team"], sh["order"], sh["answers"]) for sh in shouts}
        if len(shouts) == 2:
            end_race(None if ok[0] == ok[1] else (0 if ok[0] else 1), at)
        else:
            t = shouts[0]["team"]
            end_race(t if ok[t] else 1 - t, at)

    for m in playout.moves:
        assert phase != "over", "a move after the end"
        if m.seat == REFEREE:
            d = due()
            assert d is not None and m.at >= d, f"a clock call before its time: {m}"
            fire(d)
            continue
        before = (phase, race)
        while (d := due()) is not None and d <= m.at:
            fire(d)
        if (phase, race) != before:
            continue  # too late to count
        if m.kind == "plunge":
            assert not decided[m.seat]
            decided[m.seat], plunged[m.seat] = True, m.data
            if all(decided):
                next_race(m.at)
        elif m.kind == "pass":
            assert phase == "race" and not shouts
            passed[m.seat] = True
            if all(passed):
                end_race(None, m.at)
        elif m.kind == "shout":
            assert phase == "race" and not passed[m.seat]
            assert all(sh["team"] != m.seat for sh in shouts), "a second shout"
            shouts.append({"team": m.seat, "at": m.at, "order": list(m.data), "answers": []})
            if len(shouts) == 2 or passed[1 - m.seat]:
                phase = "answer"
        else:
            assert phase == "answer" and m.kind == "answer"
            sh = next(x for x in shouts if x["team"] == m.seat)
            assert m.data[0] == len(sh["answers"]), "players answer left, middle, right"
            sh["answers"].append(m.data[1])
            if all(len(x["answers"]) == 3 for x in shouts):
                judge(m.at)
    assert phase == "over", "the game stopped before the rules end it"
    w = None
    wins = [winners.count(0), winners.count(1)]
    bonus = len(winners) == 2 and winners[0] is not None and winners[0] == winners[1]
    for t in (0, 1):
        if wins[t] >= 2:
            w = t
    return _points(w, bonus, plunged)

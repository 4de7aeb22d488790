"""The one tolerant name matcher (R-25): states, capitals, postal codes, the CLI."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardroom import atlas, names

STATES = atlas.states()


def _slips(word: str) -> set[str]:
    """Every one-slip variant of ``word``: a letter dropped, doubled or swapped with the next."""
    out: set[str] = set()
    for i in range(len(word)):
        out.add(word[:i] + word[i + 1 :])
        out.add(word[:i] + word[i] + word[i:])
        if i + 1 < len(word):
            out.add(word[:i] + word[i + 1] + word[i] + word[i + 2 :])
    out.discard(word)
    return out


def test_every_state_name_matches_itself_and_no_other() -> None:
    """Each state's exact name (and its postal code) against all 50: only itself."""
    for s in STATES:
        for other in STATES:
            assert names.is_state(s.name, other.code) == (s is other), (s.name, other.code)
        assert names.match_state(s.name) is s
        assert names.match_state(s.name.upper()) is s
        assert names.match_state(s.code) is s
        assert names.match_state(s.code.lower()) is s
        assert names.resolve_state(s.name).status == "exact"


def test_every_capital_matches_its_state_and_no_other() -> None:
    for s in STATES:
        for other in STATES:
            assert names.is_capital_of(s.capital, other.code) == (s is other)
        assert names.match_capital(s.capital) is s
        # a state's name is not its capital, and a capital is not a state name
        assert names.match_capital(s.name) is None or names.match_capital(s.name).capital == s.name
    assert names.match_state("Jackson") is None  # a capital is not a state


def test_one_slip_never_turns_into_another_state() -> None:
    """Every one-slip variant (dropped, doubled or swapped letter) of every state name and
    capital means that state, is ambiguous, or matches nothing: never another state."""
    for s in STATES:
        for v in _slips(s.name):
            m = names.resolve_state(v, codes=False)
            assert m.code in (None, s.code), (s.name, v, m)
        for v in _slips(s.capital):
            m = names.resolve_capital(v)
            assert m.code in (None, s.code), (s.capital, v, m)


@pytest.mark.parametrize(
    "typed, code",
    [
        ("pensylvania", "PA"),
        ("Pennsilvania", "PA"),
        ("massachusets", "MA"),
        ("Massachussetts", "MA"),
        ("conneticut", "CT"),
        ("Missisippi", "MS"),
        ("mississipi", "MS"),
        ("tennesee", "TN"),
        ("Tenessee", "TN"),
        ("illinios", "IL"),
        ("ilinois", "IL"),
        ("arizonia", "AZ"),
        ("wisconson", "WI"),
        ("louisianna", "LA"),
        ("hawai", "HI"),
        ("Hawai'i", "HI"),
        ("virgina", "VA"),
        ("west virgina", "WV"),
        ("W. Virginia", "WV"),
        ("n dakota", "ND"),
        ("S. Carolina", "SC"),
        ("northcarolina", "NC"),
        ("new-york", "NY"),
        ("  NEW   JERSEY ", "NJ"),
        ("Washington State", "WA"),
        ("State of Ohio", "OH"),
        ("Kentuckey", "KY"),
        ("oklahomah", "OK"),
        ("colorodo", "CO"),
        ("Minnisota", "MN"),
        ("arkansaw", "AR"),
    ],
)
def test_common_misspellings_of_states(typed: str, code: str) -> None:
    m = names.resolve_state(typed)
    assert m.code == code, m
    assert names.is_state(typed, code)


@pytest.mark.parametrize(
    "typed, code",
    [
        ("Bismark", "ND"),
        ("St Paul", "MN"),
        ("st. paul", "MN"),
        ("Saint Paul", "MN"),
        ("Sacremento", "CA"),
        ("Pheonix", "AZ"),
        ("tallahasee", "FL"),
        ("Montpellier", "VT"),
        ("Harrisberg", "PA"),
        ("Cheyene", "WY"),
        ("Honalulu", "HI"),
        ("Des Moine", "IA"),
        ("desmoines", "IA"),
        ("Albuquerque", None),  # a city, not a capital
        ("Indianapolis", "IN"),
        ("Carson city", "NV"),
    ],
)
def test_common_misspellings_of_capitals(typed: str, code: str | None) -> None:
    assert names.resolve_capital(typed).code == code


def test_ambiguous_and_unknown_are_told_apart() -> None:
    m = names.resolve_state("akansas")  # one slip from both Kansas and Arkansas
    assert m.status == "ambiguous" and m.code is None
    assert m.candidates == ("AR", "KS")
    assert "Arkansas or Kansas" in m.message()
    assert names.match_state("akansas") is None
    c = names.resolve_capital("columbis")  # Columbus or Columbia
    assert c.status == "ambiguous" and set(c.candidates) == {"OH", "SC"}
    u = names.resolve_state("Atlantis")
    assert u.status == "unknown" and u.candidates == () and "no state" in u.message()
    assert names.resolve_state("").status == "unknown"
    assert names.resolve_state(None).status == "unknown"  # type: ignore[arg-type]


def test_postal_codes_match_only_exactly() -> None:
    assert names.match_state("PA").code == "PA"
    assert names.match_state("PX") is None  # no closeness for codes
    assert names.resolve_state("TX", codes=False).code is None
    assert not names.is_state("ME", "ME")  # answers that ask for a name need the name
    assert names.is_state("ME", "ME", codes=True)


SHORT_SLIPS = {
    "UT": ("utha", "uta", "uath", "Utha"),
    "OH": ("ohi", "oho", "ohoi"),
    "IA": ("iwoa", "ioa", "ioaw"),
}


@pytest.mark.parametrize("code", sorted(SHORT_SLIPS))
def test_four_letter_names_forgive_one_slip(code: str) -> None:
    """R-220: a ten-year-old types "Utha"; one slip (a swap included) in a four-letter
    name is forgiven when it points at exactly one state, in the matcher and the CLI."""
    for typed in SHORT_SLIPS[code]:
        m = names.resolve_state(typed)
        assert m.status == "close" and m.code == code, (typed, m)
        assert names.is_state(typed, code)
        out = _cli(typed)
        assert out.returncode == 0, (typed, out.stderr)
        assert atlas.by_code()[code].name in out.stdout
    s = atlas.by_code()[code]
    assert names.tolerance(names.normalise(s.name)) == 1
    for v in _slips(names.normalise(s.name)):
        assert names.resolve_state(v, codes=False).code in (None, code), v


def test_short_names_forgive_one_slip_and_close_names_stay_apart() -> None:
    assert names.tolerance("iow") == 0 and names.tolerance("iowa") == 1
    assert names.match_state("iowx").code == "IA"
    assert names.match_state("iowaxx") is None  # two slips are too many for four letters
    assert names.match_state("TX").code == "TX"  # a postal code is still exact only
    assert names.resolve_state("oh", codes=False).code is None
    assert names.match_state("Ohio").code == "OH"
    assert names.match_state("Kansas").code == "KS"
    assert names.match_state("Arkansas").code == "AR"
    assert names.match_state("Virginia").code == "VA"
    assert names.match_state("West Virginia").code == "WV"
    assert names.match_capital("Columbia").code == "SC"
    assert names.match_capital("Columbus").code == "OH"


def test_distance() -> None:
    assert names.distance("kitten", "sitting") == 3
    assert names.distance("ab", "ba") == 1  # a swap is one slip
    assert names.distance("abcdef", "z", limit=2) == 3
    assert names.normalise("St. Paul") == "saintpaul"


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardroom", "atlas", *args], capture_output=True, text=True
    )


def test_cli_atlas_forgives_a_slip_and_refuses_ambiguity() -> None:
    ok = _cli("pensylvania")
    assert ok.returncode == 0 and "Pennsylvania" in ok.stdout
    amb = _cli("akansas")
    assert amb.returncode == 1 and "Arkansas or Kansas" in amb.stderr
    unknown = _cli("Atlantis")
    assert unknown.returncode == 1 and "no state matches" in unknown.stderr

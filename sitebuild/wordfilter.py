"""Tri-Virsity's playable word list: ENABLE without slurs and obscenities.

The box says "ages 7 and up" and the site is for classrooms, but ENABLE (public domain,
``sitebuild/data/enable1-full.txt.gz``, 172,823 words) holds slurs and obscenities. They
are taken out against **cuss** (npm, MIT, by Titus Wormer: "map of profanities, slurs, and
obscenities to a sureness rating", English list from Carnegie Mellon's research group,
Wikipedia's list of ethnic slurs and contributions since), a devDependency in
``package.json``, read from ``node_modules/cuss/index.js``. cuss rates each entry 2 (used
as a profanity: likely; in clean text: unlikely), 1 (maybe) or 0 (unlikely).

The filter is conservative, for a word game: a word goes when cuss rates it 2, except the
ordinary words in :data:`KEEP` (cuss's 2 for an everyday word: a donkey, a fruit, a mild
insult a class may say); of cuss's 1s only the slurs and obscenities in :data:`ALSO` go.
The plain inflections of a word that goes (plurals, -ed, -ing, -er, -y...) go with it
unless cuss rates them 0 or 1 or they are in :data:`KEEP`. Both lists only adjust cuss's
ratings: a test checks every word in them is one cuss rates.

``python -m sitebuild.wordfilter`` writes the filtered list into the package
(``py/cardroom/data/enable1.txt.gz``: what the engine, the command line's referee and the
computer players use); ``build.py`` filters again at build time, refuses to build if the
package's list differs, and ships the index of that same list (``sitebuild/words.py``).
"""

from __future__ import annotations

import gzip
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

from .common import NODE, ROOT

__all__ = [
    "ALSO",
    "CUSS",
    "KEEP",
    "PACKAGED",
    "SOURCE",
    "VARIANTS",
    "blocked",
    "cuss_ratings",
    "playable",
    "read_list",
    "write_packaged",
]

SOURCE = ROOT / "sitebuild" / "data" / "enable1-full.txt.gz"
PACKAGED = ROOT / "py" / "cardroom" / "data" / "enable1.txt.gz"
CUSS = NODE / "cuss" / "index.js"


def _split(text: str) -> list[str]:
    return text.split()


#: Words cuss rates 2 that stay playable: everyday words (animals, food, places, things,
#: actions), and mild insults a class uses (stupid, idiot) that are neither slurs nor
#: obscenities.
KEEP = frozenset(
    _split("""
    ass asses barf beanbag beanbags bluegum bluegums bogan bong boner boobies booby boonies
    booty bung bunghole chink chinks chug chugs chunky clansman clansmen cocky cockfight
    commie cooly crap crapper crappy cum cummer cumquat diddle dink dinks dipstick dong dope
    dumb faeces fatso fisting flange gables geez geezer gummer gringo gringos gypsies gypsy
    hadji hadjis haji hajis hajji hajjis haole haoles hillbillies hillbilly ho hobo hoes
    honkers hooker hookers hooters horniest hussy idiot jackass jeez jig jigger jiggers jigs
    kimchis kumquat limey limy looser loser lowlife moron muff muncher negroid niggle
    niggled niggles niggling nigglings nip nudger pansies pansy piker pollock pollocks pom
    pommie pommies pommy poms poof poon poop pooping prick pud puke puss quickie redleg
    redlegs redneck rednecks reefer retard retarded rigger rimming sadis scallywag sexed
    sexing sexpot shagging sissy slanty slapper slave slimeball sloper slopers smut sooty
    spit spitter spunk spunky squinty stringer stupid sucker swallower tang tinker tinkers
    tosser transvestite triplex tuckahoe vomit wab weenie weewee welcher welfare whacker
    whiz whop wuss yank yanks gooky greaser greasers
    """)
)

#: Words cuss rates 1 ("maybe") that go all the same: slurs and obscenities whose other
#: senses (a female dog, a cigarette) a class would not reach for.
ALSO = frozenset(_split("bitch bitches dildo dyke fag kraut porn porno pussy shit turd"))

#: ENABLE's other spellings of a word that goes (not in cuss, missed by the inflections):
#: each maps to the word it spells.
VARIANTS = {"dildoe": "dildo", "dildoes": "dildo", "lezzie": "lez", "lezzies": "lez"}

_ENTRY = re.compile(r"^\s+'?([a-z][a-z' -]*?)'?: ([012]),?$", re.MULTILINE)


def cuss_ratings(path: Path = CUSS) -> dict[str, int]:
    """cuss's English entries and their ratings, read from its ``index.js``."""
    if not path.is_file():
        raise SystemExit(f"word filter: {path} is missing: run npm ci (cuss is a devDependency)")
    found = dict((w, int(r)) for w, r in _ENTRY.findall(path.read_text(encoding="utf-8")))
    if len(found) < 1000:
        raise SystemExit(f"word filter: {path} does not read as cuss's list ({len(found)})")
    return found


def read_list(path: Path) -> list[str]:
    return gzip.decompress(path.read_bytes()).decode("ascii").split()


def _forms(w: str) -> set[str]:
    """The plain inflections of ``w`` (plural, past, -ing, -er, -y and their spellings)."""
    ends = ("s", "es", "ed", "ing", "er", "ers", "y", "ier", "iest", "ies")
    out = {w + e for e in ends}
    if w[-1] not in "aeiouwxy":
        out |= {w + w[-1] + e for e in ("ed", "ing", "y", "ier", "iest", "ies")}
    if w.endswith("e"):
        out |= {w[:-1] + e for e in ("ed", "ing", "er", "ers", "y", "ier", "iest")}
    if w.endswith("y"):
        out |= {w[:-1] + e for e in ("ies", "ied", "ier", "iest", "iness")}
    return out


def blocked(words: Iterable[str], ratings: Mapping[str, int]) -> set[str]:
    """The words of ``words`` that are not playable (see the module's docstring)."""
    have = set(words)
    base = {w for w in have if ratings.get(w) == 2 and w not in KEEP}
    base |= ALSO & have
    forms = {f for w in base for f in _forms(w) & have}
    forms = {f for f in forms - base if f not in KEEP and ratings.get(f, 2) == 2}
    ordinary = have - base - forms - set(VARIANTS)
    # "spiced" is a form of "spice" as much as of a slur: an ordinary word's form stays
    out = base | {f for f in forms if not any(f in _forms(o) for o in _stems(f) & ordinary)}
    return out | {v for v, w in VARIANTS.items() if v in have and w in out}


def _stems(f: str) -> set[str]:
    """The words ``f`` may be a plain inflection of (candidates, see :func:`_forms`)."""
    cut = {f[:-k] for k in range(1, 6) if len(f) - k >= 2}
    return cut | {c + "e" for c in cut} | {c + "y" for c in cut}


def playable(words: list[str], ratings: Mapping[str, int]) -> tuple[list[str], list[str]]:
    """``(the playable words, the words taken out)``, both sorted."""
    out = blocked(words, ratings)
    return [w for w in words if w not in out], sorted(out)


def write_packaged(source: Path = SOURCE, dest: Path = PACKAGED) -> tuple[int, int]:
    """Write the playable list into the package (deterministic gzip); (kept, removed)."""
    kept, gone = playable(read_list(source), cuss_ratings())
    dest.write_bytes(gzip.compress(("\n".join(kept) + "\n").encode("ascii"), 9, mtime=0))
    return len(kept), len(gone)


if __name__ == "__main__":
    n, k = write_packaged()
    print(f"{PACKAGED.relative_to(ROOT)}: {n:,} playable words, {k:,} taken out", file=sys.stderr)

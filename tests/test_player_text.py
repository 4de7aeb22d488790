"""What the site says to players and teachers cites no ruling by its id.

docs/rulings.md is written for the code and is not part of the site, so "(R-122)" on a
screen would tell a teacher nothing. The rulings' ids stay in comments and docstrings,
and in the engines' own sentences, which ``cardroom referee`` prints as they are; a screen
shows those through :func:`cardroom.web.kit.logic.uncited`."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULING_ID = re.compile(r"\bR-\d+")


def strings_shown(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module that are not docstrings, with their lines (an
    f-string is one token before Python 3.12, its literal parts after)."""
    out: list[tuple[int, str]] = []
    after = tokenize.NEWLINE
    fstring: list[str] | None = None
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text("utf-8")).readline)
    for tok in tokens:
        name = tokenize.tok_name[tok.type]
        if name == "FSTRING_START":
            fstring = []
        elif name == "FSTRING_MIDDLE" and fstring is not None:
            fstring.append(tok.string)
        elif name == "FSTRING_END" and fstring is not None:
            out.append((tok.start[0], "".join(fstring)))
            fstring = None
        elif tok.type == tokenize.STRING and after not in (
            tokenize.NEWLINE,
            tokenize.INDENT,
            tokenize.DEDENT,
        ):
            out.append((tok.start[0], tok.string))
        if tok.type not in (tokenize.COMMENT, tokenize.NL):
            after = tok.type
    return out


def test_the_web_layer_shows_no_rulings_id() -> None:
    cited = [
        f"{path.relative_to(ROOT)}:{line}: {text.strip()[:90]}"
        for path in sorted((ROOT / "py" / "cardroom" / "web").rglob("*.py"))
        for line, text in strings_shown(path)
        if RULING_ID.search(text)
    ]
    assert not cited, "\n".join(cited)


def test_the_scripts_and_the_page_show_no_rulings_id() -> None:
    for path in sorted((ROOT / "web").iterdir()):
        if path.suffix not in (".js", ".mjs", ".html"):
            continue
        text = path.read_text("utf-8")
        text = re.sub(r"/\*.*?\*/|<!--.*?-->", "", text, flags=re.S)
        text = re.sub(r"(^|\s)//.*", "", text)
        assert not RULING_ID.search(text), (path.name, RULING_ID.search(text))

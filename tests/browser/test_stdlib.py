"""The standard library the site ships (``sitebuild/stdlib.py``): on the start path, in the
worker that starts Python and on the page, no module of it is compiled from source; the
rest of it imports as usual, and the modules left out are missing, plainly."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import expect_card, open_site

pytestmark = pytest.mark.browser

# The page's interpreter, and what it imported from the standard library's zip.
_MODULES = """async (code) => (await (await import('./pyodide-boot.mjs')).start())
    .runPython(code).toJs()"""

_FROM_ZIP = """
import sys
def _from_zip():
    lib = next(p for p in sys.path if p.startswith('/lib/python') and p.endswith('.zip'))
    out = {}
    for name, module in list(sys.modules.items()):
        origin = getattr(getattr(module, '__spec__', None), 'origin', None) or ''
        if origin.startswith(lib + '/'):
            out[name] = origin[len(lib) + 1:]
    return out
_from_zip()
"""


def _stdlib_modules(page: Any) -> dict[str, str]:
    return page.evaluate(_MODULES, _FROM_ZIP)


@pytest.mark.parametrize(
    "link", ["/?screen=atlas", "/?game=border-up&level=2&mode=bot&seed=5&autostart=1"]
)
def test_the_start_path_compiles_no_standard_library_module_from_source(
    new_context: Any, site: Any, link: str
) -> None:
    """A first visit: Python started in the worker and handed over, the screen mounted. Every
    standard-library module imported so far came as bytecode."""
    page = new_context().new_page()
    open_site(page, site, link)
    modules = _stdlib_modules(page)
    assert len(modules) > 100, modules  # Pyodide's own start-up, asyncio, json, ...
    source = {name: path for name, path in modules.items() if not path.endswith(".pyc")}
    assert not source, f"compiled from source on the start path: {source}"
    assert modules["asyncio"] == "asyncio/__init__.pyc"
    if "border-up" in link:
        page.locator("[data-card]").first.wait_for()
    else:
        page.locator('[data-state="KS"]').click()
        expect_card(page, "KS")


def test_the_rest_of_the_standard_library_imports_and_the_left_out_modules_are_missing(
    page: Any, site: Any
) -> None:
    """(A repeat visit's page, Python restored from the snapshot, imports as a first
    visit's would: the same zips on the same path.)"""
    open_site(page, site, "/?screen=atlas")
    result = page.evaluate(
        _MODULES,
        """
import statistics, decimal, xml.etree.ElementTree as ET, email.parser
missing = []
for name in ('unittest', 'multiprocessing', 'pdb', 'http.server', '_pyio'):
    try:
        __import__(name)
    except ModuleNotFoundError:
        missing.append(name)
[statistics.__spec__.origin.rsplit('/', 1)[-1], str(statistics.median([3, 1, 2])),
 str(decimal.Decimal('1.10') + decimal.Decimal('2.20')), ET.fromstring('<a><b/></a>')[0].tag,
 email.parser.Parser().parsestr('Subject: hi\\n\\nbody')['subject'], missing]
""",
    )
    assert result == [
        "statistics.py",
        "2",
        "3.30",
        "b",
        "hi",
        ["unittest", "multiprocessing", "pdb", "http.server", "_pyio"],
    ]

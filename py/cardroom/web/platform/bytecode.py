"""The screens' modules compiled ahead, for the memory snapshot (pure Python, no DOM).

The web layer's modules reach the page through `js`, so they cannot be imported where
the snapshot is made (web/snapshot-worker.mjs: in snapshot mode `js` reaches no page),
and a repeat visit imports them after the restore: a game's link compiles about twenty
of them from source (the table kit, the hand, PyScript's API, the screen). Compiling
is the part of an import that does not touch the page, so the worker does it, after the
screen is interactive (SNAPSHOT_MODULES in sitebuild/runtime.py names
``cardroom.web.platform.bytecode:precompile``): the code objects stay in the snapshot, held by the
package zip's importers, and the page's imports execute them instead of compiling.

Only how a module is compiled changes: the importer is the zip's own
(:class:`zipimport.zipimporter`, the same archive, the same file names in tracebacks, the
same resources), except that :meth:`PrecompiledZip.get_code` hands out a code object
compiled ahead, once, if it has one, and that no module is compiled twice
(:meth:`PrecompiledZip.get_filename`; :func:`compile_once` makes every zip on the import
path import so).
"""

from __future__ import annotations

import json
import os
import sys
import zipimport
from collections.abc import Iterable, Mapping
from types import CodeType

#: The build's list of each screen's modules (sitebuild/imports.py), in the package.
IMPORTS_JSON = "imports.json"


class PrecompiledZip(zipimport.zipimporter):
    """A zip's importer that compiles (or unmarshals) each module it imports once, with
    some of its modules' code compiled ahead."""

    def __init__(self, archive: str, codes: dict[str, CodeType] | None = None) -> None:
        super().__init__(archive)
        self.codes = {} if codes is None else codes  # compiled ahead
        self._found: dict[str, tuple[CodeType, str]] = {}  # by get_filename, for get_code

    def get_code(self, fullname: str) -> CodeType:
        # once: a second import compiles again
        code = self.codes.pop(fullname, None)
        if code is None:
            code = self._found.pop(fullname, (None, ""))[0]
        return code if code is not None else super().get_code(fullname)

    def get_filename(self, fullname: str) -> str:
        # The zip's own importer works a module's file name out by getting its code, that
        # is by compiling its source (or unmarshalling its bytecode), and finding a
        # module's spec asks for its file name: so every import compiled twice, the first
        # time for nothing. Here the code got for the name is kept for get_code, which
        # the import calls next. The code compiled ahead has the same name (zipimport
        # compiles a source under its path).
        code = self.codes.get(fullname)
        if code is not None:
            return code.co_filename
        if fullname in self._found:
            return self._found[fullname][1]
        if _module_code is None:  # pragma: no cover (zipimport as of Python 3.8-3.14)
            return super().get_filename(fullname)
        code, _, path = _module_code(self, fullname)
        self._found[fullname] = (code, path)
        return path

    def invalidate_caches(self) -> None:
        super().invalidate_caches()
        self._found.clear()


#: What zipimporter.get_filename and get_code both call: (code, is a package, path).
_module_code = getattr(zipimport, "_get_module_code", None)


def compile_once() -> int:
    """Make every zip on the import path import through :class:`PrecompiledZip`, so that
    no module is compiled (or unmarshalled) twice: the standard library's zip and the
    package's, and the packages' directories in them found from now on. The snapshot's
    worker calls this first (SNAPSHOT_MODULES), so the heap keeps it for the page.
    Only when cardroom runs from its zip (as in the browser): elsewhere it does nothing.
    Returns how many importers it replaced."""
    if _package_zip() is None:
        return 0
    hooks = sys.path_hooks
    for i, hook in enumerate(hooks):
        if hook is zipimport.zipimporter:
            hooks[i] = PrecompiledZip
    replaced = 0
    for entry, importer in list(sys.path_importer_cache.items()):
        if type(importer) is zipimport.zipimporter:
            sys.path_importer_cache[entry] = PrecompiledZip(entry)
            replaced += 1
    return replaced


def precompile_zip(archive: str, names: Iterable[str]) -> dict[str, PrecompiledZip]:
    """Compile the named modules of ``archive`` (a zip on ``sys.path``) that are not
    imported yet, and make the importers that hold them the ones imports from ``archive``
    use: a zip's importer finds the modules of one directory, so there is one per package
    (keyed as the package's ``__path__`` names it). Names the zip does not hold are left
    out; the modules are not run. Returns the importers, by path entry."""
    made: dict[str, PrecompiledZip] = {}
    for name in names:
        if name in sys.modules:
            continue
        package = name.rpartition(".")[0]
        entry = os.sep.join([archive, *package.split(".")]) if package else archive
        importer = made.get(entry)
        if importer is None:
            current = sys.path_importer_cache.get(entry)
            importer = PrecompiledZip(entry, dict(getattr(current, "codes", {})))
            made[entry] = importer
        if name in importer.codes:
            continue
        try:
            importer.codes[name] = zipimport.zipimporter.get_code(importer, name)
        except (zipimport.ZipImportError, SyntaxError):
            continue  # not in this zip (or broken: its import will say so)
    sys.path_importer_cache.update(made)
    return made


def screen_imports() -> dict[str, list[str]]:
    """Each screen's modules, dependencies first: the build's ``imports.json``
    (sitebuild/imports.py); empty in a source checkout, which has none."""
    from importlib import resources  # noqa: PLC0415

    try:
        return json.loads(resources.files("cardroom.web").joinpath(IMPORTS_JSON).read_text())
    except (OSError, ValueError):
        return {}


def screens_modules() -> list[str]:
    """Every module some screen imports (:func:`screen_imports`)."""
    return list(dict.fromkeys(name for names in screen_imports().values() for name in names))


def _package_zip() -> str | None:
    """The zip cardroom is imported from (as in the browser), or None (a source checkout)."""
    loader = getattr(sys.modules["cardroom"], "__loader__", None)
    return loader.archive if isinstance(loader, zipimport.zipimporter) else None


def precompile_route(params: Mapping[str, str]) -> int:
    """Compile ahead the modules of the screen a link (its query ``params``) opens, when
    cardroom runs from its zip; returns how many. A first visit's worker does this before
    it hands Python over, so that the page imports them without compiling (a game's link:
    the table kit, PyScript's API and the screen, about thirty modules, 0.1-0.3 s of
    compiling in main-thread tasks of up to 0.1 s). A wrong link compiles nothing."""
    archive = _package_zip()
    if archive is None:
        return 0
    made = precompile_zip(archive, route_modules(params, screen_imports()))
    return sum(len(importer.codes) for importer in made.values())


def route_modules(params: Mapping[str, str], order: Mapping[str, list[str]]) -> list[str]:
    """The modules of the screen a link opens, in ``order`` (:func:`screen_imports`); none
    for a link that cannot be read (the page says what is wrong with it)."""
    from cardroom import atlas  # noqa: PLC0415 (imported already on the start path)
    from cardroom.web.platform.routes import parse_link  # noqa: PLC0415

    try:
        name = parse_link(params, [s.code for s in atlas.states()]).module
    except (ValueError, KeyError):
        return []
    return list(order.get(name, []))


def precompile() -> int:
    """Compile ahead every screen's modules that are not imported yet, when cardroom runs
    from its zip (as in the browser); returns how many. Elsewhere it does nothing."""
    archive = _package_zip()
    if archive is None:
        return 0
    made = precompile_zip(archive, screens_modules())
    return sum(len(importer.codes) for importer in made.values())

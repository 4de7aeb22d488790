"""Modules compiled ahead for the memory snapshot (cardroom.web.platform.bytecode): the zip's own
importer, except that it hands out the code compiled ahead, once."""

from __future__ import annotations

import builtins
import importlib
import importlib.resources
import importlib.util
import os
import sys
import traceback
import zipfile
import zipimport
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardroom.web.platform import bytecode

SOURCES = {
    "zpre/__init__.py": "VALUE = 'package'\n",
    "zpre/alpha.py": "from zpre import beta\n\nVALUE = beta.VALUE + 1\n",
    "zpre/beta.py": "VALUE = 41\n",
    "zpre/broken.py": "def oops(:\n",
    "zpre/fails.py": "def fail():\n    raise ValueError('from the zip')\n",
    "zpre/data.txt": "a resource\n",
}


@pytest.fixture
def archive(tmp_path: Path) -> Iterator[str]:
    path = tmp_path / "zpre.zip"
    with zipfile.ZipFile(path, "w") as z:
        for name, text in SOURCES.items():
            z.writestr(name, text)
    sys.path.insert(0, str(path))
    try:
        yield str(path)
    finally:
        sys.path.remove(str(path))
        for entry in [e for e in sys.path_importer_cache if e.startswith(str(path))]:
            del sys.path_importer_cache[entry]
        for name in [n for n in sys.modules if n == "zpre" or n.startswith("zpre.")]:
            del sys.modules[name]
        importlib.invalidate_caches()


def _package(archive: str) -> str:
    return os.path.join(archive, "zpre")  # the package's __path__ entry


def _count_compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The file names compile() is called with from now on (zipimport compiles a source
    with the built-in compile(), also to find its file name)."""
    compiled: list[str] = []
    real = builtins.compile

    def counting(source: object, filename: str, *args: object, **kwargs: object) -> object:
        compiled.append(os.path.basename(filename))
        return real(source, filename, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(builtins, "compile", counting)
    return compiled


def test_the_named_modules_are_compiled_not_run(archive: str) -> None:
    made = bytecode.precompile_zip(
        archive, ["zpre", "zpre.alpha", "zpre.beta", "zpre.missing", "zpre.broken"]
    )
    # one importer per directory of the zip, each where the import system looks for it
    assert set(made) == {archive, _package(archive)}
    for entry, importer in made.items():
        assert sys.path_importer_cache[entry] is importer
    assert list(made[archive].codes) == ["zpre"]
    # what the zip does not hold, or cannot compile, is left to the import to report
    assert sorted(made[_package(archive)].codes) == ["zpre.alpha", "zpre.beta"]
    assert not [n for n in sys.modules if n.startswith("zpre")]  # nothing ran


def test_imports_execute_the_code_compiled_ahead_once(
    archive: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = bytecode.precompile_zip(archive, ["zpre", "zpre.alpha", "zpre.beta"])
    compiled = _count_compiles(monkeypatch)
    alpha = importlib.import_module("zpre.alpha")
    assert alpha.VALUE == 42
    assert compiled == []  # zpre, zpre.alpha and zpre.beta came compiled, found without it
    assert all(importer.codes == {} for importer in made.values())  # handed out once
    assert alpha.__loader__ is made[_package(archive)]
    assert alpha.__file__ == os.path.join(archive, "zpre", "alpha.py")
    # a module not compiled ahead is compiled as usual
    fails = importlib.import_module("zpre.fails")
    assert set(compiled) == {"fails.py"}
    # the same file names in tracebacks, the source found through the zip
    with pytest.raises(ValueError) as raised:
        fails.fail()
    frame = traceback.extract_tb(raised.value.__traceback__)[-1]
    assert frame.filename.startswith(archive) and frame.line == "raise ValueError('from the zip')"
    # the zip's resources, as before
    files = importlib.resources.files("zpre")
    assert files.joinpath("data.txt").read_text() == "a resource\n"


def test_imported_modules_are_not_compiled_again_and_a_second_pass_keeps_the_first(
    archive: str,
) -> None:
    importlib.import_module("zpre.beta")
    assert bytecode.precompile_zip(archive, ["zpre", "zpre.beta"]) == {}  # imported already
    bytecode.precompile_zip(archive, ["zpre.alpha"])
    second = bytecode.precompile_zip(archive, ["zpre.fails"])
    assert sorted(second[_package(archive)].codes) == ["zpre.alpha", "zpre.fails"]


def test_from_a_source_checkout_nothing_is_compiled() -> None:
    assert bytecode.screens_modules() == []  # imports.json is the build's
    assert bytecode.precompile() == 0
    assert bytecode.precompile_route({"game": "border-up"}) == 0


def test_a_links_modules_are_its_screens() -> None:
    order = {
        "cardroom.web.games.border_up.screen": [
            "cardroom.web.kit.ui",
            "cardroom.web.games.border_up.screen",
        ],
        "cardroom.web.atlas.screen": ["cardroom.web.platform.dom", "cardroom.web.atlas.screen"],
        "cardroom.web.match.screen": ["cardroom.match", "cardroom.web.match.screen"],
        "cardroom.web.platform.app": ["cardroom.web.platform.app"],
    }
    route = bytecode.route_modules
    assert (
        route({"game": "border-up", "level": "4"}, order)
        == order["cardroom.web.games.border_up.screen"]
    )
    assert route({"screen": "atlas", "state": "TX"}, order) == order["cardroom.web.atlas.screen"]
    assert route({"match": "combo4"}, order) == order["cardroom.web.match.screen"]
    assert route({}, order) == ["cardroom.web.platform.app"]
    assert route({"game": "tic-tac-toe"}, order) == ["cardroom.web.platform.app"]  # goes home
    assert route({"game": "state-iq"}, order) == []  # not in this order


def test_every_zip_on_the_import_path_compiles_each_module_once(
    archive: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """zipimport's own importer compiles a module to find its spec (get_filename), then
    again to run it (get_code); once compile_once has replaced it, the first compile is the
    one the import runs, for the zips on the path now and their packages found later."""
    monkeypatch.setattr(sys, "path_hooks", list(sys.path_hooks))
    monkeypatch.setattr(sys, "path_importer_cache", dict(sys.path_importer_cache))
    assert bytecode.compile_once() == 0  # a source checkout: nothing to do
    monkeypatch.setattr(bytecode, "_package_zip", lambda: archive)
    importlib.import_module("zpre")  # its importer is the zip's own, in the cache
    assert type(sys.path_importer_cache[archive]) is zipimport.zipimporter
    assert bytecode.compile_once() >= 1
    assert isinstance(sys.path_importer_cache[archive], bytecode.PrecompiledZip)
    assert bytecode.PrecompiledZip in sys.path_hooks
    assert zipimport.zipimporter not in sys.path_hooks
    compiled = _count_compiles(monkeypatch)
    alpha = importlib.import_module("zpre.alpha")  # through the package's new directory
    assert alpha.VALUE == 42
    assert sorted(compiled) == ["alpha.py", "beta.py"]  # once each
    assert alpha.__file__ == os.path.join(archive, "zpre", "alpha.py")
    assert isinstance(alpha.__loader__, bytecode.PrecompiledZip)
    # a spec found, then the module imported: compiled once too
    assert importlib.util.find_spec("zpre.fails") is not None
    fails = importlib.import_module("zpre.fails")
    assert compiled.count("fails.py") == 1
    with pytest.raises(ValueError):
        fails.fail()
    with pytest.raises(SyntaxError):
        importlib.import_module("zpre.broken")

"""Test-suite wiring shared by every test.

Markers (pyproject.toml): every test under ``tests/browser`` is ``browser``; every test that
uses the site build (``site_build``, directly or through another fixture) is ``slow``.
``./scripts/test.sh --fast`` runs ``-m "not browser and not slow"``. The tests in
``*_conformance.py`` files are ``no_cover``: ``./scripts/test.sh`` measures the engine's
coverage, and the tracer would more than double the playouts' CPU. So are the few other
tests that play many whole games, the bots' strength tests (marked where they are; the
hard Play the Ranks bot's test ran 7 times slower traced), and every browser test (the
engine it plays runs in Pyodide, out of the tracer's sight). The conformance tests'
playouts and seeds come from ``tests/playouts.py`` (``CARDROOM_PLAYOUTS``,
``CARDROOM_SEED``); pytest's header names both, and so does the summary after a failure.

Under pytest-xdist (``./scripts/test.sh`` runs three workers, ``--fast`` two) each test file
goes whole to whichever worker is free (``--dist loadfile``; a worker starts Chromium once,
for all its browser files). The site is built once per session, for every worker and the
build's own tests (``site_build``)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from tests import playouts

ROOT = Path(__file__).resolve().parent.parent

# CI runs the property tests on a fixed sequence of examples, so a run is repeatable;
# locally each run draws new examples and keeps failures in .hypothesis/. Neither times
# an example: speed is measured by benchmarks/, and an example can be slow on a machine
# that runs the browser tests alongside.
settings.register_profile("local", deadline=None)
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
    settings.load_profile("ci")
else:
    settings.load_profile("local")


def pytest_report_header(config: pytest.Config) -> str:
    return playouts.describe()


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    if exitstatus not in (0, 5):  # a failure: say how to play the same games again
        terminalreporter.write_line(playouts.describe())


def _in_browser_dir(item: pytest.Item) -> bool:
    return BROWSER_TESTS in item.path.parents


BROWSER_TESTS = ROOT / "tests" / "browser"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # The whole run hands out test files to the workers as they come free (``--dist
    # loadfile``, scripts/test.sh): each worker starts Chromium once, and a fixed split of
    # the browser files between them left one worker with minutes more than the other.
    for item in items:
        if _in_browser_dir(item):
            item.add_marker(pytest.mark.browser)
        elif "site_build" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.slow)
        if item.path.name.endswith("_conformance.py") or _in_browser_dir(item):
            # without the coverage tracer (pytest-cov's marker; see the module's docstring):
            # it more than doubles the playouts' CPU, and a browser test's engine runs in
            # Pyodide, out of its sight
            item.add_marker(pytest.mark.no_cover)


@pytest.hookimpl(hookwrapper=True, trylast=True)
def pytest_runtest_call(item: pytest.Item) -> Any:
    """A ``no_cover`` test runs untraced under pytest-xdist too.

    pytest-cov pauses coverage around a ``no_cover`` test (its own wrapper of this hook,
    outside this one), but in an xdist worker a C tracer stays installed on the test's
    thread after the pause: ``sys.gettrace()`` is still coverage's, and the conformance
    playouts ran about 3 times slower with ``--cov`` than without. The tracer is taken off
    this thread here; pytest-cov's resume after the test installs it again.
    ``tests/test_coverage_pause.py`` checks both."""
    if item.get_closest_marker("no_cover") is not None and sys.gettrace() is not None:
        sys.settrace(None)
    yield


# --------------------------------------------------------------------------- the site


def build_site(out: Path) -> Path:
    """``python build.py --out OUT``, exactly as the README runs it."""
    proc = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if proc.returncode != 0:
        raise RuntimeError(
            f"build.py failed ({proc.returncode}):\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
        )
    if not (out / "index.html").is_file():
        raise RuntimeError(f"build.py produced no index.html in {out}")
    return out


def _build_once(base: Path) -> Path:
    """The session's site in ``base/site``, built by whoever asks first (see
    ``site_build``)."""
    out, done = base / "site", base / "site.built"
    with (base / "site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.is_file():
            shutil.rmtree(out, ignore_errors=True)
            build_site(out)
            done.write_text("built\n")
    return out


def _build_early(base: Path) -> None:
    with contextlib.suppress(Exception):  # a failed build is done again, and reported, on demand
        _build_once(base)


@pytest.hookimpl(trylast=True)  # after pytest's own, which sets up the temporary directories
def pytest_configure(config: pytest.Config) -> None:
    """The whole run's controller (pytest-xdist, ``./scripts/test.sh``) starts the site build
    at once, in the background: the workers start and collect meanwhile, where the first
    of them to need the site used to build it while the others waited. Only for a run of
    every test (no paths, no ``-k``, no ``-m``), which needs the site; the workers'
    ``site_build`` waits on the build's lock."""
    worker = hasattr(config, "workerinput")
    if (
        worker
        or not getattr(config.option, "numprocesses", None)
        or os.environ.get("CARDROOM_SITE")
        or config.option.keyword
        or config.option.markexpr
        or config.args_source == pytest.Config.ArgsSource.ARGS  # some files or tests only
    ):
        return
    base = config._tmp_path_factory.getbasetemp()  # the workers' temporary directories' parent
    threading.Thread(target=_build_early, args=(base,), name="site-build", daemon=True).start()


@pytest.fixture(scope="session")
def site_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built once for the whole test session, read-only for the tests. Under
    pytest-xdist the workers share it (their temporary directories have one parent): the
    controller starts it (``pytest_configure``), or the first worker to ask builds it while
    the others wait on a lock, and a build that failed or was cut short is done again by
    the next one to ask."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    return _build_once(base)

"""``no_cover`` tests run without coverage's tracer, under pytest-xdist too, and the tests
after them are traced again (tests/conftest.py, ``pytest_runtest_call``).

The two probes run in a pytest of their own, as ``./scripts/test.sh`` runs the whole suite:
an xdist worker with ``--cov``. There pytest-cov's pause alone left the tracer on, and the
conformance playouts took about 3 times the CPU they take untraced."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROBE = "CARDROOM_COVERAGE_PROBE"

if os.environ.get(PROBE):  # collected only in the pytest of their own, below

    @pytest.mark.no_cover
    def test_probe_1_a_no_cover_test_is_not_traced() -> None:
        assert sys.gettrace() is None, sys.gettrace()

    def test_probe_2_the_next_test_is_traced_again() -> None:
        assert sys.gettrace() is not None
        assert type(sys.gettrace()).__module__.startswith("coverage")


@pytest.mark.no_cover  # its pytest of its own measures nothing worth keeping
def test_no_cover_pauses_the_tracer_in_an_xdist_worker(tmp_path: Path) -> None:
    env = {**os.environ, PROBE: "1", "COVERAGE_FILE": str(tmp_path / ".coverage")}
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "1",
         "--dist", "loadfile", "--cov", "--cov-report=", "-k", "probe",
         f"--basetemp={tmp_path / 'run'}", str(Path(__file__).relative_to(ROOT))],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "2 passed" in proc.stdout, proc.stdout[-2000:]

"""Test-suite wiring shared by every test.

Under pytest-xdist (``./scripts/test.sh`` runs two workers) the browser test files form two
groups, each run whole by one worker (which builds the site and starts Chromium once); the
unit, property and conformance tests share out over both workers."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Two groups of browser test files, alternating by name: each worker builds the site
    # and starts Chromium once, and the two share the work with the unit tests.
    files = sorted({item.path.name for item in items if "browser" in item.path.parts})
    group = {name: f"browser-{i % 2}" for i, name in enumerate(files)}
    for item in items:
        if "browser" in item.path.parts:
            item.add_marker(pytest.mark.xdist_group(group[item.path.name]))

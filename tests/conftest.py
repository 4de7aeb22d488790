"""Test-suite wiring shared by every test.

Under pytest-xdist (``./scripts/test.sh`` runs two workers) every browser test goes to one
worker, so the site is built and Chromium started once; the unit, property and conformance
tests share out over the other worker."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# CI runs the property tests on a fixed sequence of examples, so a run is repeatable;
# locally each run draws new examples and keeps failures in .hypothesis/.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
    settings.load_profile("ci")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "browser" in item.path.parts:
            item.add_marker(pytest.mark.xdist_group("browser"))

"""Test-suite wiring shared by every test.

Under pytest-xdist (``./scripts/test.sh`` runs two workers) every browser test goes to one
worker, so the site is built and Chromium started once; the unit, property and conformance
tests share out over the other worker."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if "browser" in item.path.parts:
            item.add_marker(pytest.mark.xdist_group("browser"))

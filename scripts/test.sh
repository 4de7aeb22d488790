#!/usr/bin/env bash
# Set up (idempotent, including Debian's chromium), lint, and run every test: unit and browser.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh --browser
echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== pytest (unit + browser, two workers)"
exec .venv/bin/python -m pytest -n 2 --dist loadgroup "$@"

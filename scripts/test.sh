#!/usr/bin/env bash
# Set up (idempotent, including Debian's chromium), lint (ruff, eslint), type-check the
# engine (mypy: py/cardroom without cardroom.web, configured in pyproject.toml), and run the
# tests (two workers for --fast, three for the whole run):
#   ./scripts/test.sh            every test, unit and browser, and the engine's coverage
#                                printed at the end (not a gate); CI runs exactly this
#   ./scripts/test.sh --fast     engine, rules and unit tests: no browser, no site build, no
#                                coverage (its tracer doubles the CPU of the unit tests)
#   CARDROOM_PLAYOUTS=1000 ./scripts/test.sh   the long run: 1,000 playouts per game and level
# Other arguments go to pytest (./scripts/test.sh -k atlas). Each run plays new seeded games;
# pytest's header prints the seed, and CARDROOM_SEED=<seed> replays them (tests/playouts.py).
set -euo pipefail
cd "$(dirname "$0")/.."
fast=0
if [ "${1:-}" = "--fast" ]; then
  fast=1
  shift
fi
if [ "$fast" = 1 ]; then ./scripts/setup.sh; else ./scripts/setup.sh --browser; fi
echo "== ruff"
.venv/bin/ruff check .
.venv/bin/ruff format --check .
echo "== eslint (web/*.js, web/*.mjs)"
node_modules/.bin/eslint web
echo "== mypy (the engine: py/cardroom without cardroom.web)"
.venv/bin/python -m mypy
rm -f .coverage .coverage.*
status=0
if [ "$fast" = 1 ]; then
  echo "== pytest --fast (engine, rules and unit tests; two workers)"
  exec .venv/bin/python -m pytest -n 2 --dist loadgroup -m "not browser and not slow" \
    --ignore=tests/browser "$@"
fi
echo "== pytest (unit + browser, three workers)"
# --dist loadfile: each file to whichever worker is free (a browser file shares its
# worker's Chromium and warm profile), so the workers finish together. Three on two cores:
# a browser test spends part of its time waiting (a computer's thinking time, a round
# clock, a page's load), which a third worker's tests fill
.venv/bin/python -m pytest -n 3 --dist loadfile --cov --cov-report= "$@" || status=$?
if [ -f .coverage ]; then
  echo "== coverage of the engine (py/cardroom without cardroom.web; not a gate)"
  .venv/bin/python -m coverage report --skip-covered --skip-empty --sort=cover 2>/dev/null |
    head -n 12 || true
  .venv/bin/python -m coverage report --format=total 2>/dev/null |
    sed 's/^/total: /; s/$/% of the statements run/' || true
fi
exit "$status"

#!/usr/bin/env bash
# Set up (idempotent), build the site into dist/ and serve it on http://127.0.0.1:${PORT:-8000}/
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
exec .venv/bin/python build.py --out dist --serve --port "${PORT:-8000}" --open "$@"

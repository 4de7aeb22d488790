#!/usr/bin/env bash
# Set up (idempotent), build the site into dist/ and serve it on http://127.0.0.1:${PORT:-8000}/
# --lan: serve to the classroom network too, printing the address and a QR code of it.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${PORT:-8000}"
# A taken port is said at once, before any setup or build.
if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
  echo "serve.sh: port $port is already in use; try another, e.g. PORT=$((port + 1)) ./scripts/serve.sh" >&2
  exit 1
fi
./scripts/setup.sh
exec .venv/bin/python build.py --out dist --serve --port "$port" --open "$@"

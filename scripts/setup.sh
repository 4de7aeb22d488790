#!/usr/bin/env bash
# Idempotent setup shared by serve.sh and test.sh:
#   a virtual environment with cardroom installed (editable, with the dev tools),
#   the vendored browser runtime from npm (npm ci, only when package-lock.json changed),
#   and, with --browser, Debian's chromium for the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
with_browser=0
[ "${1:-}" = "--browser" ] && with_browser=1

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

command -v node >/dev/null || { echo "setup: Node.js 20+ is needed (apt-get install nodejs npm)" >&2; exit 1; }
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
  { echo "setup: Python 3.11+ is needed" >&2; exit 1; }

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  if ! "$PYTHON" -m venv .venv 2>/dev/null; then
    rm -rf .venv
    apt_install python3-venv
    "$PYTHON" -m venv .venv
  fi
fi
# The three installs are independent, and on a fresh machine each mostly waits on the
# network: npm ci and Debian's chromium run in the background while pip installs, and the
# script waits for each (a failure of any of them fails the setup, with its own output).
pids=()
names=()
if ! cmp -s package-lock.json node_modules/.cardroom-lock 2>/dev/null; then
  echo "setup: npm ci (vendored Pyodide, PyScript, map and flag data)"
  ( npm ci --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.cardroom-lock ) &
  pids+=($!)
  names+=("npm ci")
fi

if [ "$with_browser" = 1 ] && [ ! -x /usr/bin/chromium ]; then
  echo "setup: installing Debian's chromium for the browser tests"
  apt_install chromium &
  pids+=($!)
  names+=("apt-get install chromium")
fi

stamp=.venv/.cardroom-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "setup: installing cardroom and its tools into .venv"
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e '.[dev]'
  touch "$stamp"
fi

failed=0
for i in "${!pids[@]}"; do
  if ! wait "${pids[$i]}"; then
    echo "setup: ${names[$i]} failed" >&2
    failed=1
  fi
done
exit "$failed"

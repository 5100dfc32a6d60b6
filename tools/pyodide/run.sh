#!/usr/bin/env bash
# Engine, computer-player and storage tests under Pyodide (CPython 3.12 on WebAssembly) in Node.js.
# Needs python3 with pip, node (>= 18) and npm. Network is used only here, for the npm registry
# (the pyodide package, pinned in package-lock.json) and PyPI (the wheels in requirements.txt);
# the test run itself is offline. Arguments go to pytest. See docs/pyodide.md.
set -euo pipefail
cd "$(dirname "$0")"

# exactly the versions in package-lock.json (a second or two when npm's cache has them)
npm ci --no-audit --no-fund --loglevel=error

# exactly the wheels in requirements.txt, checked against their sha256 (kept when already there)
python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
  --python-version 3.12 --require-hashes -r requirements.txt -d wheels

exec node run_tests.mjs "$@"

#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine, then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tests/install.sh
python3 -m ruff check .
python3 -m pytest "$@"

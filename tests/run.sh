#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine, then runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check -e ".[test]"
python3 -m ruff check .
python3 -m pytest "$@"

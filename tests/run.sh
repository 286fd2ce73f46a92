#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine, then runs every test on four pytest-xdist
# workers per core. The browser tests run one after another on two workers, the lanes, while
# the others take the rest beside them (tests/lanes.py): on 2 cores that keeps both busy from
# start to end (in stop 40, before the lanes, 8 workers ran the suite in 18 min 9 s, 6 in
# 20 min 8 s). With no arguments (as CI runs it) the store, migration and export tests run a
# second time with SQLAlchemy in pure Python, as a phone runs it (tests/pure_python.py).
set -euo pipefail
# Python keeps each module it compiles (and pytest each test module it rewrites) in
# __pycache__, unless told not to, as some machines' environments do: then each of the
# run's eight workers, ~150 app servers and the few dozen command lines the tests still start
# as processes compiles them all again.
unset PYTHONDONTWRITEBYTECODE
cd "$(dirname "$0")/.."
bash tests/install.sh
python3 -m ruff check .
workers=$((4 * $(nproc)))
python3 -m pytest -n "$workers" --durations=25 "$@"
if (($# == 0)); then
  # These tests only compute: one worker per core (8 workers took 24.7 s, 2 took 15.3 s,
  # each worker's start being most of the difference).
  python3 -m pytest -n "$(nproc)" -q -p tests.pure_python tests/test_store.py \
    tests/test_store_durability.py tests/test_store_concurrency.py tests/test_migrations.py \
    tests/test_cli_store.py tests/test_exports.py tests/test_store_rows.py \
    tests/test_ledger_export_bytes.py
fi

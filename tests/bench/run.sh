#!/usr/bin/env bash
# Installs what the benchmarks need, runs them all and rewrites BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash tests/install.sh
python3 -m tests.bench

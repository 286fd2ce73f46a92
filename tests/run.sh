#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine, then runs every test:
# the Python packages, and Debian's chromium (browser tests), postgresql (the
# club database tests) and poppler-utils (the PDF is rendered and read back).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

python3 -m pip install --quiet --disable-pip-version-check -e ".[test]"
python3 -m ruff check .
python3 -m pytest "$@"

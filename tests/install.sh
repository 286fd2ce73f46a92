#!/usr/bin/env bash
# Installs what the tests and benchmarks need on a fresh machine: the Python packages, and
# Debian's chromium-headless-shell (browser tests), chromium (benchmarks), postgresql (the club
# database tests), poppler-utils (the PDF is rendered and read back), sqlite3 (benchmarks
# compare with it), zbar-tools (zbarimg reads payment codes back from their pictures) and
# tesseract-ocr with its English and Swedish data (the result card is read back as a person
# would read it).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
command -v sqlite3 >/dev/null 2>&1 || missing+=(sqlite3)
command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
command -v tesseract >/dev/null 2>&1 || missing+=(tesseract-ocr)
compgen -G "/usr/share/tesseract-ocr/*/tessdata/swe.traineddata" >/dev/null \
  || missing+=(tesseract-ocr-swe)
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# setuptools new enough to build the wheel itself (tests/test_packaging.py builds one offline).
python3 -m pip install --quiet --disable-pip-version-check "setuptools>=70.1"
python3 -m pip install --quiet --disable-pip-version-check -e ".[test]"
# The phone's pydantic, for the packaged app of tests/test_packaging.py, which runs offline.
python3 -m tests.phone_pydantic

#!/usr/bin/env bash
# Builds one Scorekeeper package with Flet's `flet build` (see packaging/README.md):
#   bash packaging/build.sh apk|aab|ipa|ios-simulator|macos|windows|linux [flet build options]
# The package lands in build/<target>. Needs `pip install -e ".[build]"` (flet-cli) and, the
# first time, the internet: `flet build` fetches Flutter, the Android SDK or Xcode's parts,
# and the phone's Python and compiled packages.
set -euo pipefail
cd "$(dirname "$0")/.."

# The Python bundled in the app. Left to itself `flet build` takes the newest it supports
# (requires-python is open-ended); 3.12 is the one the phone packages are checked against
# (tests/test_packaging.py reads this line).
PYTHON_VERSION=3.12

target=${1:?"usage: bash packaging/build.sh apk|aab|ipa|ios-simulator|macos|windows|linux"}
shift
exec flet build "$target" --python-version "$PYTHON_VERSION" --yes --no-rich-output "$@"

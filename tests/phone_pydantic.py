"""The phone's pydantic as wheels for this machine, for the packaged app of
tests/test_packaging.py: the release pinned in ``[tool.flet.android]`` and the pydantic-core
Flet builds for the phones. ``python3 -m tests.phone_pydantic`` (tests/install.sh runs it)
downloads them, so that the test itself installs them without a network."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
# The pydantic-core release Flet's own index holds for the phones (its mobile-forge recipe).
PYDANTIC_CORE = "2.33.2"
WHEELS = (Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
          / "scorekeeper-tests" / "phone-pydantic")


def pins() -> list[str]:
    flet = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["flet"]
    return [*flet["android"]["dependencies"], f"pydantic-core=={PYDANTIC_CORE}"]


if __name__ == "__main__":
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet",
                    "--disable-pip-version-check", "--no-deps", "--only-binary=:all:",
                    "--dest", str(WHEELS), *pins()], check=True)

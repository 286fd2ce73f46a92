"""A pytest plugin that runs SQLAlchemy without its compiled (Cython) modules, as on a phone.

The phone gets SQLAlchemy's pure-Python wheel. SQLAlchemy 2.1 no longer reads
``DISABLE_SQLALCHEMY_CEXT_RUNTIME``, so each ``sqlalchemy.*._*_cy`` module is loaded
from its ``.py`` source instead of the ``.so`` beside it. ``tests/run.sh`` runs the store
tests a second time with ``-p tests.pure_python``, on SQLite (the phone's database); the run
fails if a compiled module got loaded all the same.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType

import pytest


class SourceOnly(importlib.abc.MetaPathFinder):
    """Finds SQLAlchemy's ``_*_cy`` modules as Python source, never as extensions."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not (fullname.startswith("sqlalchemy.") and fullname.endswith("_cy")) or not path:
            return None
        name = fullname.rpartition(".")[2]
        for folder in path:
            source = os.path.join(folder, name + ".py")
            if os.path.exists(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def pytest_configure(config: pytest.Config) -> None:
    if "sqlalchemy" in sys.modules:
        raise pytest.UsageError("tests.pure_python must load before SQLAlchemy is imported")
    os.environ["DISABLE_SQLALCHEMY_CEXT_RUNTIME"] = "1"  # what SQLAlchemy 2.0 reads
    sys.meta_path.insert(0, SourceOnly())


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The cases on SQLite alone: a phone has no PostgreSQL driver (psycopg is the club's
    extra, not a phone dependency), so the PostgreSQL cases are the main run's."""
    club = [item for item in items
            if "postgresql" in getattr(getattr(item, "callspec", None), "params", {}).values()]
    if club:
        config.hook.pytest_deselected(items=club)
        items[:] = [item for item in items if item not in club]


def pytest_report_header(config: pytest.Config) -> str:
    return "SQLAlchemy: pure Python (compiled modules kept out, as on a phone)"


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    from sqlalchemy.util._has_cython import _all_cython_modules

    compiled = [m.__name__ for m in _all_cython_modules() if m._is_compiled()]
    if compiled:
        print(f"\nSQLAlchemy's compiled modules were loaded: {compiled}", file=sys.stderr)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED

"""The layers (README, "How the code is laid out"): arrows point inward, app and command
line → session → store, formats, payments → core. ``ruff`` bans the outward imports per
package (the ``ruff.toml`` in each); this reads every import, lazy ones included, and
checks them again against the one table below."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

PACKAGE = REPO / "scorekeeper"
# What each part of the package may import from the rest of it (itself always).
ALLOWED = {
    "core": set(),
    "platform": set(),
    "resources": set(),
    "user_files": set(),
    "i18n": {"core"},
    "payments": {"core", "i18n"},
    "formats": {"core", "i18n", "payments", "resources"},
    "store": {"core", "platform"},
    "session": {"core", "formats", "payments", "store", "settings", "platform"},
    "settings": {"i18n", "platform", "user_files"},
    "app": {"core", "i18n", "payments", "session", "settings", "platform", "resources",
            "user_files"},
    "cli": {"core", "formats", "i18n", "session", "platform", "app", "user_files"},
}
# What the store may not take from the core: the rules themselves. It persists what the
# session layer worked out with them.
RULES = {"record", "engine", "Session", "session", "close", "closing", "leaders", "standings",
         "initial_state", "replay"}
MIGRATIONS = PACKAGE / "store" / "migrations" / "versions"


def imports_of(path: Path) -> set[str]:
    """Every module (and ``module.name`` for ``from module import name``) the file imports,
    wherever the import statement stands."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def part_of(path: Path) -> str:
    return path.relative_to(PACKAGE).parts[0].removesuffix(".py")


def test_every_part_imports_only_the_parts_inside_it():
    crossings = {}
    for path in PACKAGE.rglob("*.py"):
        part = part_of(path)
        if part not in ALLOWED:
            continue
        reached = {name.split(".")[1] for name in imports_of(path)
                   if name.startswith("scorekeeper.")} - {part}
        if reached - ALLOWED[part]:
            crossings[str(path.relative_to(REPO))] = sorted(reached - ALLOWED[part])
    assert crossings == {}


def test_the_store_runs_no_rule():
    taken = {}
    for path in (PACKAGE / "store").rglob("*.py"):
        if MIGRATIONS in path.parents:  # a data migration replays once, at the upgrade
            continue
        rules = {name for name in imports_of(path) if name.startswith("scorekeeper.core.")
                 and set(name.split(".")[2:]) & RULES}
        if rules:
            taken[str(path.relative_to(REPO))] = sorted(rules)
    assert taken == {}


def test_no_view_and_no_command_touches_the_database_library():
    for part in ("app", "cli", "core", "formats", "payments", "i18n"):
        for path in (PACKAGE / part).rglob("*.py"):
            libraries = {name for name in imports_of(path)
                         if name.split(".")[0] in ("sqlalchemy", "sqlmodel", "alembic")}
            assert not libraries, path


def test_every_part_the_table_names_exists():
    parts = {part_of(path) for path in PACKAGE.rglob("*.py")}
    assert set(ALLOWED) <= parts


def test_only_platform_sets_the_cycle_collector_and_only_the_entry_points_call_it():
    # The collector is the whole process's: set once where a process starts, never by a
    # replay or a read in the middle of another thread's work.
    setting = {path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py")
               if "gc" in imports_of(path)}
    assert setting == {"platform.py"}
    calling = {path.relative_to(REPO).as_posix()
               for path in (*PACKAGE.rglob("*.py"), REPO / "main.py")
               if "collect_seldom(" in path.read_text(encoding="utf-8")
               and path != PACKAGE / "platform.py"}
    assert calling == {"scorekeeper/cli/base.py", "main.py"}

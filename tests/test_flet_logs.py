"""Flet's debug lines cost nothing unless asked for (app/flet_logs.py): a Save at a table
of four asked Flet's loggers about 3,400 times for a line nobody reads."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from scorekeeper.app.flet_logs import FLET_LOGGERS, quiet_unless_asked


@pytest.fixture(autouse=True)
def _loggers_as_they_were() -> Iterator[None]:
    yield
    for name in FLET_LOGGERS:
        vars(logging.getLogger(name)).pop("debug", None)


def test_flets_debug_lines_are_not_even_asked_of_logging_unless_wanted(
        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("FLET_LOG_LEVEL", raising=False)
    assert quiet_unless_asked()
    asked: list[str] = []
    real = logging.Logger.isEnabledFor
    monkeypatch.setattr(logging.Logger, "isEnabledFor",
                        lambda logger, level: asked.append(logger.name) or real(logger, level))
    for name in FLET_LOGGERS:
        logging.getLogger(name).debug("%s.update(), memoized: %s", "Heading", True)
    assert asked == []


def test_flet_log_level_debug_keeps_flets_debug_lines(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("FLET_LOG_LEVEL", "debug")
    assert not quiet_unless_asked()
    logger = logging.getLogger("flet_object_patch")
    written: list[str] = []
    handler = logging.Handler(logging.DEBUG)
    handler.emit = lambda record: written.append(record.getMessage())  # type: ignore[method-assign]
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.DEBUG)  # as FLET_LOG_LEVEL has Flet set it
    try:
        logger.debug("_compare_dataclasses: %s", "Heading")
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    assert written == ["_compare_dataclasses: Heading"]


def test_logging_set_to_debug_before_the_app_starts_keeps_them(
        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("FLET_LOG_LEVEL", raising=False)
    logger = logging.getLogger("flet_components")
    level = logger.level
    logger.setLevel(logging.DEBUG)
    try:
        assert not quiet_unless_asked()
        assert "debug" not in vars(logger)
    finally:
        logger.setLevel(level)

"""One registry per kind of file: every export is a small record added in one place, and
the command line's choices, its ``-o`` check, the screens' buttons and the scorebook read
the registry, never a list of their own (beancount's plugins are a list of functions)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

Source = TypeVar("Source")


@dataclass(frozen=True, slots=True)
class ExportFormat(Generic[Source]):
    """One kind of file, and how it is made from its ``Source``."""

    key: str  # what the command line's --format and the code call it: "pdf"
    suffix: str  # the file's suffix, without the dot
    make: Callable[[Source], bytes]
    # What the command line says when this is sent to a terminal without -o (a PDF, a
    # picture: bytes no terminal shows); None for text.
    needs_file: str | None = None
    tail: str = ""  # what its file name adds to the stem ("-standings", "-season-{year}")
    codes: bool = False  # made with each transfer's payment codes (the score sheet)
    label: str | None = None  # the screen's button for it, if a screen offers one
    icon: str = ""  # that button's Material icon ("table_view")

    @property
    def binary(self) -> bool:
        return self.needs_file is not None

    def file_name(self, stem: str, **figures: object) -> str:
        return f"{stem}{self.tail.format(**figures)}.{self.suffix}"


class Exports(Generic[Source]):
    """The exports of one scope (a session, a group's tab), in the order they are offered."""

    def __init__(self, *formats: ExportFormat[Source]) -> None:
        self._formats: dict[str, ExportFormat[Source]] = {}
        for found in formats:
            self.add(found)

    def add(self, found: ExportFormat[Source]) -> None:
        if found.key in self._formats:
            raise ValueError(f"an export called {found.key!r} is registered already")
        self._formats[found.key] = found

    def remove(self, key: str) -> None:
        del self._formats[key]

    def __getitem__(self, key: str) -> ExportFormat[Source]:
        try:
            return self._formats[key]
        except KeyError:
            raise ValueError(f"no export called {key!r}") from None

    def __contains__(self, key: object) -> bool:
        return key in self._formats

    def __iter__(self) -> Iterator[ExportFormat[Source]]:
        return iter(tuple(self._formats.values()))

    def keys(self) -> tuple[str, ...]:
        return tuple(self._formats)

    def offered(self) -> Mapping[str, ExportFormat[Source]]:
        """The exports a screen shows a button for, by key."""
        return {key: found for key, found in self._formats.items() if found.label}

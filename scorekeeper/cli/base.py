"""The command line's frame: the ``scorekeeper`` group, its options, and how every
command refuses (one line on standard error, an exit status, nothing changed)."""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, NoReturn, TypeVar

import click

from scorekeeper.core import N_, RuleError
from scorekeeper.core.text import printable, quote
from scorekeeper.i18n import DEFAULT_LANGUAGE, LANGUAGES, describe, refusal, text
from scorekeeper.platform import can_use_club_database, collect_seldom
from scorekeeper.user_files import (
    NotAFileError,
    TooLargeError,
    WriteFailedError,
    read_within,
    write_to,
    write_whole,
)

if TYPE_CHECKING:
    from scorekeeper.formats.registry import ExportFormat, Exports
    from scorekeeper.session import DatabaseChoice, Scorebook

BROKEN = 2  # exit status for a file that breaks a rule (FORMAT.md), or input that is none
REFUSED = 1  # exit status for anything else the store refuses
MAX_LINE = 400  # a refusal is one line a person reads, not a dump of what was refused


class Context:
    def __init__(self, db: str | None, lang: str) -> None:
        self.db = db
        self.lang = lang

    def database(self) -> DatabaseChoice:
        from scorekeeper.session.where import choose_database

        return choose_database(self.db)

    def scorebook(self) -> Scorebook:
        from scorekeeper.session import open_scorebook

        return open_scorebook(self.database())

    def t(self, key: str, **params: Any) -> str:
        return text(key, self.lang, **params)

    def file_for(self, made: ExportFormat[Any], output: Path | None) -> None:
        """A binary export (a PDF, a picture) goes to a file: refused, in words, without
        one (``-o -`` sends it to standard output, unless that is a terminal)."""
        if made.needs_file is not None and (
                output is None or (to_standard_output(output) and sys.stdout.isatty())):
            raise click.UsageError(self.t(made.needs_file))


class SessionNumber(click.ParamType):
    """A session's number as typed: one no session can have (``100000000000000000000``,
    ``0``, ``٣``) is refused in words, before any database is opened."""

    name = "session"

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        from scorekeeper.session import LARGEST_ID, session_number

        number = session_number(str(value))
        if number is None:
            told = ctx.find_object(Context) if ctx is not None else None
            refuse(text("cli.not_a_session", told.lang if told else DEFAULT_LANGUAGE,
                         number=quote(str(value), 40), most=LARGEST_ID), BROKEN)
        return number


class Offered(click.Choice):  # type: ignore[type-arg]
    """The keys of an export registry, read when the command runs: an export added to
    the registry is offered without a line here."""

    def __init__(self, registry: Exports[Any]) -> None:
        self.registry = registry
        super().__init__(registry.keys())

    @property  # type: ignore[override]
    def choices(self) -> tuple[str, ...]:
        return self.registry.keys()

    @choices.setter
    def choices(self, _: object) -> None:
        pass  # click's own __init__ sets them; the registry is the list


@contextmanager
def refusals(lang: str) -> Iterator[None]:
    """Anything the rules or the store refuse: one line on standard error, nothing changed.

    A storage failure (full disk, read-only or foreign file, unreachable server) is one
    sentence too, wherever it happens: opening the store, reading, writing."""
    try:
        yield
    except RuleError as error:
        refuse(describe(error, lang), BROKEN)
    except click.exceptions.Exit:
        raise
    except Exception as error:
        # Loaded only here: `scorekeeper serve` must not wait for the database layer.
        from scorekeeper.session import DatabaseTooNewError, StoreError, storage_error

        if isinstance(error, StoreError):
            refuse(refusal(error.message, lang), REFUSED)
        if isinstance(error, DatabaseTooNewError):
            refuse(text("store.too_new", lang, revision=quote(error.revision)), REFUSED)
        if isinstance(error, OSError):  # a file named on the command line, e.g. -o
            # (the store turns its own OSErrors into StorageErrors before they get here)
            refuse(text("cli.cannot_write", lang, file=quote(error.filename or "?", 200),
                         reason=file_problem(error, lang)),
                    BROKEN if isinstance(error, NotAFileError) else REFUSED)
        failure = storage_error(error)  # e.g. from a query outside the store's methods
        if failure is not None:
            refuse(refusal(failure.message, lang), REFUSED)
        raise


def refuse(line: str, status: int) -> NoReturn:
    """Say ``line`` on standard error and end with ``status``, nothing changed."""
    # One line, whatever the message holds: a refusal never moves the cursor or clears a screen.
    click.echo(printable(" ".join(line.splitlines()))[:MAX_LINE], err=True)
    sys.exit(status)


@click.group(invoke_without_command=True)
@click.option("--db", help="Database URL. Without it: SCOREKEEPER_DB, else the club database "
              "saved in the app's settings, else SQLite in your data folder (see `where`).")
@click.option("--lang", type=click.Choice(sorted(LANGUAGES)), default=DEFAULT_LANGUAGE,
              envvar="SCOREKEEPER_LANG", help="Language of all messages.")
@click.pass_context
def main(context: click.Context, db: str | None, lang: str) -> None:
    """Scorekeeper: score and settle Rams, Rounce, Mattmar and Ramsen at a real table."""
    collect_seldom()
    if db and not db.startswith("sqlite") and not can_use_club_database():
        click.echo(text("cli.phone_no_club_database", lang), err=True)
        sys.exit(REFUSED)
    context.obj = Context(db, lang)
    if context.invoked_subcommand is None:
        # Found by name: the commands add themselves to this group (cli/__init__.py), so
        # the frame never imports them back.
        app = main.get_command(context, "app")
        assert app is not None
        context.invoke(app)


Written = TypeVar("Written")


def to_standard_output(output: Path | None) -> bool:
    """No ``-o``, or ``-o -``: the file goes to standard output."""
    return output is None or str(output) == "-"


def write_file(output: Path | None, write: Callable[[BinaryIO], Written], *,
               private: bool = False) -> Written:
    """``write`` the file to ``output`` whole or not at all (``user_files``), or to standard
    output; what ``write`` returned. ``private``: it holds payment details (0600)."""
    if to_standard_output(output):
        sys.stdout.flush()  # after any line printed before it
        try:
            return write_to(sys.stdout.buffer, Path("-"), write)
        except WriteFailedError as error:
            if error.errno == errno.EPIPE:  # what is left goes nowhere, at exit too
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise
    assert output is not None
    return write_whole(output, write, private=private)


def read_text_file(file: Path, lang: str) -> str:
    """A session or roster file's text, read within ``bounds.LARGEST_FILE``; refused in one
    line (exit 2) otherwise."""
    from scorekeeper.formats.bounds import LARGEST_FILE

    try:
        return read_binary_file(file, lang, LARGEST_FILE).decode("utf-8")
    except UnicodeDecodeError as error:
        reason = file_problem(error, lang)
    refuse(text("cli.cannot_read", lang, file=quote(str(file), 200), reason=reason), BROKEN)


def read_binary_file(file: Path, lang: str, most: int) -> bytes:
    """A regular file's bytes, up to ``most`` of them; refused in one line (exit 2)
    otherwise, a pipe or a device before it is opened."""
    try:
        return read_within(file, most)
    except OSError as error:
        reason = file_problem(error, lang)
    refuse(text("cli.cannot_read", lang, file=quote(str(file), 200), reason=reason), BROKEN)


# What went wrong with a file, in the user's words (the system's own are English only).
_FILE_PROBLEMS = {
    errno.ENOENT: N_("cli.no_such_file"),
    errno.EACCES: N_("cli.not_allowed"),
    errno.EPERM: N_("cli.not_allowed"),
    errno.EISDIR: N_("cli.is_a_folder"),
    errno.ENOTDIR: N_("cli.no_such_file"),
    errno.ENOSPC: N_("cli.disk_full"),
    errno.EDQUOT: N_("cli.disk_full"),
    errno.EROFS: N_("cli.read_only"),
    errno.ENAMETOOLONG: N_("cli.name_too_long"),
    errno.EPIPE: N_("cli.reader_gone"),
}
# What stands at a name that is not a file (user_files.kind_of).
_NOT_FILES = {"link": N_("cli.is_a_link"), "pipe": N_("cli.is_a_pipe"),
              "device": N_("cli.is_a_device"), "socket": N_("cli.is_a_socket"),
              "folder": N_("cli.is_a_folder")}


def file_problem(error: OSError | UnicodeDecodeError, lang: str) -> str:
    if isinstance(error, UnicodeDecodeError):
        return text("cli.not_utf8", lang)
    if isinstance(error, NotAFileError):
        return text(_NOT_FILES[error.kind], lang)
    if isinstance(error, TooLargeError):
        return text("cli.larger_than", lang, most=error.most // (1024 * 1024))
    if isinstance(error, WriteFailedError) and error.errno in (errno.ENOSPC, errno.EDQUOT):
        return text("cli.disk_full_under", lang, disk=quote(error.disk, 200))
    key = _FILE_PROBLEMS.get(error.errno or 0)
    return text(key, lang) if key else quote(error.strerror or error, 80)

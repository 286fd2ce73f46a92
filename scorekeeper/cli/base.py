"""The command line's frame: the ``scorekeeper`` group, its options, and how every
command refuses (one line on standard error, an exit status, nothing changed)."""

from __future__ import annotations

import errno
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from scorekeeper.core import N_, RuleError
from scorekeeper.core.text import printable, quote
from scorekeeper.i18n import DEFAULT_LANGUAGE, LANGUAGES, describe, refusal, text
from scorekeeper.platform import can_use_club_database

if TYPE_CHECKING:
    from scorekeeper.formats.registry import ExportFormat, Exports
    from scorekeeper.session import DatabaseChoice, Scorebook

BROKEN = 2  # exit status for a file that breaks a rule (FORMAT.md)
REFUSED = 1  # exit status for anything else the store refuses
MAX_FILE = 64 * 1024 * 1024  # a session file larger than this is not a night of cards
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
        one."""
        if output is None and made.needs_file is not None:
            raise click.UsageError(self.t(made.needs_file))


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
        _refuse(describe(error, lang), BROKEN)
    except click.exceptions.Exit:
        raise
    except Exception as error:
        # Loaded only here: `scorekeeper serve` must not wait for the database layer.
        from scorekeeper.session import DatabaseTooNewError, StoreError, storage_error

        if isinstance(error, StoreError):
            _refuse(refusal(error.message, lang), REFUSED)
        if isinstance(error, DatabaseTooNewError):
            _refuse(text("store.too_new", lang, revision=quote(error.revision)), REFUSED)
        if isinstance(error, OSError):  # a file named on the command line, e.g. -o
            # (the store turns its own OSErrors into StorageErrors before they get here)
            _refuse(text("cli.cannot_write", lang, file=quote(error.filename or "?", 200),
                         reason=file_problem(error, lang)), REFUSED)
        failure = storage_error(error)  # e.g. from a query outside the store's methods
        if failure is not None:
            _refuse(refusal(failure.message, lang), REFUSED)
        raise


def _refuse(line: str, status: int) -> NoReturn:
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


def write_out(body: bytes) -> None:
    """A file's bytes to standard output as they are, after any line printed before them."""
    sys.stdout.flush()
    sys.stdout.buffer.write(body)
    sys.stdout.buffer.flush()


def read_text_file(file: Path, lang: str) -> str:
    try:
        if file.stat().st_size <= MAX_FILE:
            return file.read_text(encoding="utf-8")
        reason = text("cli.file_too_large", lang)
    except (OSError, UnicodeDecodeError) as error:
        reason = file_problem(error, lang)
    _refuse(text("cli.cannot_read", lang, file=quote(str(file), 200), reason=reason), BROKEN)


def read_binary_file(file: Path, lang: str, most: int) -> bytes:
    """A file's bytes, up to ``most`` of them; refused in one line (exit 2) otherwise."""
    try:
        if file.stat().st_size <= most:
            return file.read_bytes()
        reason = text("cli.file_too_large", lang)
    except OSError as error:
        reason = file_problem(error, lang)
    _refuse(text("cli.cannot_read", lang, file=quote(str(file), 200), reason=reason), BROKEN)


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
}


def file_problem(error: OSError | UnicodeDecodeError, lang: str) -> str:
    if isinstance(error, UnicodeDecodeError):
        return text("cli.not_utf8", lang)
    key = _FILE_PROBLEMS.get(error.errno or 0)
    return text(key, lang) if key else quote(error.strerror or error, 80)

"""How a restore says what it is doing, in the same words on the command line (a line a
minute) and in the app (its progress line): the backup received, read, then each session
and payment on a tab checked (what it would add) or written."""

from __future__ import annotations

from decimal import Decimal

from scorekeeper.core.messages import N_
from scorekeeper.i18n import text
from scorekeeper.i18n.composed import SCOREBOOK
from scorekeeper.i18n.figures import number

MB = 1024 * 1024


def receiving(received: int, size: int, language: str) -> str:
    """The backup on its way from the browser: "Receiving the backup: 40 %"."""
    return text("restore.receiving", language,
                percent=number(100 * received // size if size else 0, language))


def restore_progress(what: str, done: int, total: int, language: str, *,
                     writing: bool) -> str:
    """A restore's progress as ``session.backup.Progress`` tells it: the file read, then
    its sessions and its payments on tabs, checked (a look at what it would add) or
    written: "Restoring: 1200 of 21000 sessions"."""
    if what == "reading":
        if total < MB:  # a scorebook of a few evenings: "40 kB", not "0.0 MB"
            return text("restore.reading_kb", language,
                        size=number(max(1, -(-total // 1024)), language))
        return text("restore.reading", language,
                    size=number((Decimal(total) / MB).quantize(Decimal("0.1")), language))
    # Both figures as the counted phrase writes its own ("21000 sessions"), alike.
    counted = text(SCOREBOOK[what], language, count=total)
    return text(N_("restore.writing") if writing else N_("restore.checking"), language,
                done=done, total=counted)


__all__ = ["receiving", "restore_progress"]

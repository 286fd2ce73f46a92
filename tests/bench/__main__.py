"""`python -m tests.bench`: run every benchmark, print the table, rewrite BENCHMARKS.md."""

from __future__ import annotations

import tempfile
from pathlib import Path

from tests.bench import (
    app_bench,
    backup_bench,
    club_night,
    group_bench,
    hearing_bench,
    import_bench,
    ledger_bench,
    player_bench,
    report,
    restore_bench,
    stopped_cleanly_by_sigterm,
    store_bench,
    table_bench,
    tables_bench,
    tap_bench,
)
from tests.bench.rows import Row


def main() -> None:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as scratch:
        folder = Path(scratch)
        steps = [
            lambda: store_bench.record_sqlite(folder),
            lambda: [store_bench.record_postgres()],
            lambda: [tables_bench.twenty_tables()],
            club_night.club_night,
            lambda: [store_bench.edit_first(folder)],
            lambda: [store_bench.open_session(folder)],
            lambda: store_bench.club_years(folder),
            lambda: backup_bench.backup_and_restore(folder),
            lambda: restore_bench.on_the_command_line(folder),
            lambda: restore_bench.in_the_app(folder),
            lambda: group_bench.tab_and_season(folder),
            lambda: store_bench.replay_and_import(folder),
            lambda: [store_bench.settle_up()],
            import_bench.cold_import,
            lambda: app_bench.app_in_chromium(folder),
            lambda: tap_bench.tap_to_new_score(folder),
            lambda: hearing_bench.deal_heard_on_another_server(folder),
            lambda: ledger_bench.ledger_and_table(folder),
            lambda: player_bench.player_page_and_table(folder),
            lambda: table_bench.taps_and_scrolls(folder),
        ]
        for step in steps:
            for row in step():
                rows.append(row)
                print(f"{'ok  ' if row.met else 'MISS'} {row.what} [{row.workload}]: "
                      f"{row.measured} (target {row.target})", flush=True)
    report.write(rows)
    print(f"\nwrote {report.BENCHMARKS}")


if __name__ == "__main__":
    stopped_cleanly_by_sigterm()
    main()

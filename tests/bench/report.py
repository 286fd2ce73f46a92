"""The benchmark table, printed and written to BENCHMARKS.md with the machine it ran on."""

from __future__ import annotations

import os
import platform
import sqlite3
import subprocess
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from tests.bench.rows import Row

BENCHMARKS = Path(__file__).resolve().parents[2] / "BENCHMARKS.md"

# What was changed where a first measurement missed its target (kept with the figures).
WHAT_WAS_DONE = """\
- **Tap to new score** (issue 13) is timed inside the page: from the click on Save to the
  first frame whose accessibility tree holds the new score; the bare page likewise, with
  its button changing a line of text. Before the work it was 146 ms against 17 ms
  (8.4 ×). Profiling the server (cProfile, and timers around Flet's diff) showed: every
  component handed the app's model redrew on its own at each change, some twice; Flet's
  diff compared every control of the table field by field (20 to 70 ms); the rows, which
  turn with the dealer, were rewritten as other players; the saved draft was dropped in
  a second committed transaction; and flet-web formatted each change it sent into a
  debug line that is never logged (10 to 40 % of a screen change). Now the screens and
  their parts are memoized (drawn once per change), a row is drawn from a view worked
  out beforehand and keyed by its player (moved, not rewritten), each trick count is a
  component of its own, the buttons' looks and the theme are made once (the diff skips
  the very same object), the draft goes in the deal's own transaction, and flet-web
  sends without the formatting (`app/transport.py`): 86 to 93 ms. Counting what Flet's
  diff compared at each Save (about 300 objects) then showed the page itself diffed
  twice, its two themes field by field (60 text styles), because the root set the
  page's looks again at every change of the model; the extras (widow, fouls, misdeal…)
  redrawn at every tap on a row; and the screen bar redrawn because its buttons were
  new objects. Now the page's looks are set once (what a page hears lives in
  `app/hearing.py`, made once per page), and the extras and the screen bar are drawn
  from plain views that compare equal when nothing changed: about 200 objects a Save,
  and 62 ms against 16 in a full run. What a saved deal did is now said in the Save bar
  rather than in a snack bar; the tap row run alone then measured 53 and 57 ms, against
  62 and 64 ms for the code just before. Three full runs of the final code measured
  62 ms against 16, 69 against 19 and 77 against 23 (3.4 to 3.8 ×), as the hour of the
  machine was quicker or slower.
  What is left is in the row: the server replies after 34 ms against 7 ms for the bare
  page (the store takes 1 to 3; Flet draws the rows, the status line and the Save bar
  again and diffs them), and the browser then lays out and paints four rows, the status
  line and the Save bar in about 35 ms, where the bare page paints one line in 12.
- **Cold import to the first screen**: the first screen no longer imports the store.
  The store's errors and the data folder live in modules of their own, and the session
  package loads the scorebook (and SQLAlchemy, a third of a second) on first use, which
  the app does on a worker thread while the first screen is drawn: importing the app's
  root went from 0.50 s to 0.26 s.
- **Start on the million-entry database** swings with the machine: full runs measured
  1.27 ×, 1.34 ×, 1.45 × and (with nine starts each instead of five) 1.35 ×; runs of the
  start rows alone 1.34 × and 1.47 ×. Opening that database takes 13 ms and listing its
  ten latest sessions 9 ms, and the store opens on a worker thread: a fresh process
  opens the big database and the empty one alike (0.32 to 0.51 s, imports included).
  Nine starts of each side by side gave bare 2.48 s, empty 3.12 s (1.26 ×), ten small
  sessions 3.40 s (1.37 ×) and the club 3.22 s (1.30 ×), each ranging over a second
  (empty: 2.32 to 3.85 s): what the list costs is drawing ten session cards, inside the
  noise. Of the app's own lag, 0.13 s is before the server listens (0.61 s against 0.48
  s for bare Flet: the command line's imports, the rules and the words); the rest is
  the client drawing a fuller first screen than one line of text.
  Since issue 52 every opening of a file ran `PRAGMA quick_check`, which reads every
  page: 0.57 to 0.9 s on the million-entry database (146 MB), nothing on the empty one,
  on a worker thread beside the browser loading the client on two cores. Now (issue 67)
  the app checks on opening only the tables its first screen reads (`quick_check` of
  sessions, seats, groups and players, the roster the lists' marks count: about 10 ms),
  and the rest of the file in the background 3 s after the first page, or at once for
  the first statement that reads anything else or writes (SQLite's authorizer lets
  only the first screen's reads through until then; `store/wholeness.py`); the command
  line checks the whole file on opening as before. Opening the scorebook and reading the
  home screen's lists in a fresh process, imports included, five times each in turns
  (2026-12-02 05:49 UTC, load average 10 to 12 from other work): the club's database
  589 to 710 CPU-ms checked this way (median 691), 842 to 1,230 checked whole (median
  1,113), the empty database 569 to 686 (median 620). Nine starts each in Chromium in
  turns at load average 8 to 15 gave bare 9.48 s, empty 13.66 s, the club 12.41 s and
  the club with the code before 12.84 s: at that load every start swings by seconds,
  and only a quiet machine's run tells the ratio.
- **Start to the first usable screen** is now timed until the ready words are painted,
  not merely present in the accessibility tree: the client loads every font it is given
  before it draws, and the words were there up to a second before the screen showed
  them. The first screen is drawn with the main font alone; the fallbacks for other
  scripts and emoji (4.6 MB) are registered 1.5 s later. The home screen lists the ten
  latest sessions (a screenful), the rest one tap away. The store opens on a worker
  thread while the browser fetches the client.
- **Memory** of the served app: what it imports beyond bare Flet, measured by RSS after
  each import, is SQLAlchemy (11 MB), its ORM (6 MB) and SQLModel with the models (4 MB),
  already 1.4 × bare Flet's 53 MB before any of the app's own code. PostgreSQL's dialect
  is no longer imported on SQLite (2 MB); Alembic loads only when a schema needs
  upgrading, fpdf2, flet-charts and the payments package only when used. 1.3 × is out of
  reach while the store is built on SQLAlchemy and SQLModel, as the brief asks.
- **Recording a deal** took 3.5 to 6 ms through the ORM, about 8,300 Python calls a
  deal (cProfile): an ORM `update()` built for each player's standing, and the session
  row expired and read again. Now one Core connection runs statements built once
  (`store/statements.py`): the session row, its newest state and its seats in one query
  (locked FOR UPDATE OF sessions on PostgreSQL), the standings as one executemany, the
  version bumped with UPDATE ... RETURNING; about 1,280 calls a deal. It never replays:
  a 10,000-deal session records as fast as a new one.
- **Import** went from 9,400 to 11,600-14,600 deals/s: the rows go to the driver's own
  cursor as tuples, each reason's JSON is encoded once per import, and the replay sets
  a state's fields directly. The row now imports into a database made before the clock
  starts, as a person imports into the app's open database; that made no difference
  (creating one takes about 50 ms). It stays below 20,000: reading and replaying the
  file alone runs at 20,700 to 26,700 deals/s (375 to 482 ms of the 500 ms that rate
  allows), and
  SQLite's own executemany of the same 10,000 deal rows and about 50,000 entry rows, in
  a bare sqlite3 script, takes 154 ms; building those rows takes another 90. Meeting it
  needs a replay about twice as fast or fewer rows per deal (a schema change); a
  multi-row INSERT gained 6 % and was not adopted. Then (issue 48), timed by CPU apart, a
  10,000-deal import spent 43 ms reading the file, 245 ms replaying it and 210 ms storing
  it (SQLite's own inserts about 110 of those); its wall time was longer by what it
  waited on the disk. With SQLite's default 2 MB of cached pages the import's pages
  spilled into the write-ahead log before the commit and were written there again as
  later rows changed them: with room for them all the 60,000 rows went in 144 ms instead
  of 247 (bare sqlite3, medians of 9). So a write of 1,000 deals or more has 64 MB of
  cache while it lasts (`store/row_writing.py`, `roomy_cache`), and the connection its own
  size back after. A state is evolved by a function written out field by field from its
  fields (1.3 µs instead of 1.8), and a deal of only a dealer and tricks (most deals) is
  read from its record, written to it and passed by the variant's field check without
  walking every field: reading the file 28 ms instead of 43, replaying 220 instead of
  245. What is left in the store is near its floor in this schema (building the 50,000
  entry rows 42 ms, the deal records 24, SQLite's inserts 110): the next step is fewer
  rows per deal, a deal's entries kept as one row (a schema change and a migration).
  Without it, timed by CPU apart again: reading the file ran Python's collector some
  seventy times over the parsed document's dictionaries (a third of reading it, and
  more in a process holding other sessions, as the benchmark's and the app's do); it
  was paused while reading (since: the process collects seldom, as for a replay), and
  the bounds ask a deal of a dealer and the tricks alone for those two fields only:
  reading 61 -> 37 CPU-ms. SQLite steps, resets and binds a statement per row of an
  executemany: the rows now go fifty to a statement (its inserts 104 -> 67 CPU-ms), and
  a deal's record, the same few hundred over and over at a table of four, is encoded
  once per write (29 -> 16). Separate processes of the code before and after, in
  turns, the disk synced before each, seven imports a process: 499 against 429 CPU-ms
  an import (medians of six processes each, load average 3.7 to 8.4), the wall clock
  swinging with the load (fastest 460 against 386 ms). The row itself, in turns with
  the code before, three runs each at load average 2.9 to 3.5: 23,407 against 13,660
  deals/s (the code before took about 730 ms an import in the row's process, which keeps
  every imported session open as the app does, against 460 to 520 in a process of its
  own; why, was not pinned down). Under other work's load of 5
  to 13 neither reaches 20,000; the row is met on a machine about as quiet as when it
  was first missed. What is left: replaying, about 250 of the 430 ms (a function call
  or two per rule a deal meets), and SQLite's inserts, near their floor in this schema.
- **A club night as it is used** (issue 48; `python -m tests.bench.club_night [SECONDS]`):
  the twenty tables recording back to back (20 processes, load 16) is a stress figure, not
  a club night, where a table saves a deal every minute or two. The night's row runs 200
  tables on 4 server processes, each one scorebook, the tables' taps on Save drawn from a
  Poisson process (60 s apart on average), each server hearing the next one's tables
  through the scorebook's listeners; the capacity row reads the CPU from the kernel
  (getrusage for the servers, every thread; /proc/PID/schedstat for PostgreSQL's
  processes; the hearing thread's own schedstat), and what the servers and PostgreSQL
  spend idle, watched for 10 s before the night, is taken off for the deals a second the
  cores sustain. The first runs showed where a deal's CPU goes: recording it about 2.4 ms
  in the app, and hearing it 15 ms, on four servers: at each notice each server asked for
  the versions of every session it had open, for the sessions list's mark and for the
  roster's, three queries through the ORM (1.9 ms of CPU a notice, timed alone). A
  notice names the session its commit changed, so a server now asks for that session's
  version alone (nothing when it does not have it open), and for both marks in one
  query on a plain connection: 1.1 ms a notice. The ten-minute night was measured
  while the machine's load average stood near 10 from other work on its two cores: a
  Save's median was 11.8 ms and its p95 94.5, of which the record's own CPU is about 3
  ms; the rest is waiting for a CPU and for the commit to reach the disk. Then (revision
  0014) a session's notice carries the version its commit made ("12:7"), and a server
  that hears it asks the store nothing: one that holds that version (it made the change,
  or read it since) does nothing; any other forgets what it had open and tells its
  pages, and only a page showing the session reads it (a page showing a list takes it
  for its list's change; the group's tonight reloads at any session's change, as it did
  in effect before, when every notice was followed by a word for the lists). A session
  removed is still told by its id alone, and asked after. And a read of one statement
  (a session, the versions, the lists' marks) runs on PostgreSQL without a transaction
  around it: the pool's ping and the SELECT, where the ping, BEGIN, the SELECT and
  ROLLBACK went (PostgreSQL's statement log). Timed alone, a notice now costs the
  hearing thread of the server that made the deal 53 µs of CPU, of a server without
  the session 72 µs, and of the server showing it 611 µs, nearly all of it that
  server's read of the session (SQLAlchemy and psycopg, two round trips). Two-minute
  nights (`python -m tests.bench.club_night 120`), the code before and after in turns
  while other work kept the load average between 4 and 18: 17.7 and 19.7 CPU-ms a deal
  before (hearing 8.8 and 9.6 on the four servers, PostgreSQL 5.8 and 6.9), 8.4 and 8.0
  after (hearing 2.3 and 2.5, PostgreSQL 3.4 and 2.9); a deal's five entries then went
  in one INSERT instead of five, and a third night measured 8.9 (PostgreSQL 3.9, the
  load rising from 4 to 9): inside the noise. Still missed: 8 CPU-ms a deal against 3,
  and recording alone takes 2.4 of them in the app and most of PostgreSQL's 3. Next
  steps, by what they cost: a Save's statements in one round trip, without the pool's
  ping before them (the ping and ten statements in eight round trips now, each a
  wake-up of a backend and of the app's thread), and the notice carrying what a page
  shows (the new state, a few hundred bytes of the 8,000 a notice may hold), so the
  server showing the session does not read it. Then the CPU was looked for process by
  process and thread by thread (/proc's schedstat, cProfile on the thread clock). Idle,
  the four servers and PostgreSQL spent 5.6 CPU-ms a second, 4.9 of it in the hearing
  threads: psycopg's wait for notices wakes every 0.1 s to read its clock. The listener
  now sleeps in poll on its connection's socket, waking once a second to see whether it
  is stopped (1.2 CPU-ms a second idle; PostgreSQL's background writer and WAL writer
  are about 0.5 of it, its own work at its defaults). The pool's ping before every use
  of a connection is a look at its socket instead (one the database server closed reads
  its goodbye, and is replaced; a test restarts the server under a pool). On PostgreSQL
  a session's rows come straight from psycopg's cursor (SQLAlchemy's execution and
  result were half of such a read's CPU: 0.63 against 0.40 CPU-ms, warm), and a Save
  writes its deal, its entries, the players' totals and the next version in one
  statement, the rows given as one JSON text (`json_populate_recordset`): as 55 values
  the five entries were parsed by psycopg at every Save (over its cache limit of 50),
  and as arrays each text went through a regular expression. A Save is now BEGIN, the
  locked read, one write and COMMIT, where it was a ping and eight statements: 0.61
  CPU-ms of the app warm, against 1.2. The night counted every process called postgres
  on the machine as its PostgreSQL (a test suite's servers beside it made 2.3 CPU-ms a
  deal 6.0); it counts its own server's now. Two-minute nights in turns on a quiet
  machine (load average under 2): before 7.5, 8.5 and 8.1 CPU-ms a deal (the app 5.4,
  6.2 and 5.8: recording 2.6, 2.9 and 2.7, hearing 2.6, 3.0 and 2.8; PostgreSQL 2.1, 2.4
  and 2.3; idle 4, 6 and 5 CPU-ms a second; Save p95 7.0, 7.2 and 6.9 ms), after 5.4
  and 5.8 (the app 3.2 and 3.5: recording 1.7 and 1.8, hearing 1.3 and 1.4; PostgreSQL
  2.2 and 2.3; idle 1 and 2; Save p95 5.3 and 6.0 ms, heard p95 5.2 and 5.9). Still
  missed, by 2.4 CPU-ms a deal.
  PostgreSQL's share did not move with the round trips: one scorebook saving alone, 4
  Saves a second, costs it 1.4 CPU-ms a Save durable and 1.1 without fsync (the sync,
  which stays, is 0.3); the four listening backends take 0.25 a deal and the WAL writer
  0.2. Next, by what they would save: a Save from the version the server holds (its
  state and seats are in the open session), as one statement guarded by the version in
  autocommit, without BEGIN, the locked read and COMMIT (three of a Save's four wake-ups
  of a backend and of the app's thread, and the read's decoding); and a channel per
  session a server shows, so that a deal wakes only the servers showing its session
  (now all four, and their four backends) while the lists hear a coarser word.
  On a quiet machine (load average under 1, 2026-11-29 11:00 UTC) a one-minute night
  cost 4.3 CPU-ms a deal (the app 2.6: recording 1.2, hearing 1.1; PostgreSQL 1.8), and
  the whole run after it 4.8. The same work in a tight loop in one process (two
  scorebooks on a durable PostgreSQL, 200 deals) costs far less: a record 0.45 CPU-ms,
  the other scorebook's read of the changed session 0.12. At a club night's pace each
  server meets a deal about once a second, its caches cold each time, and pays about
  three times the warm figure; what is left to take is in the wake-ups, not in the
  work each does.
  Then a Save from the version the server holds (2026-11-29 13:00 UTC): the scorebook
  keeps each open session as stored, with its seats' roster rows, and on PostgreSQL a
  Save from it is one statement in autocommit (the version bumped only if still the one
  held and in play; the deal, its entries, the totals and the draft dropped only if it
  was: `statements.bump_held`); a deal that seats someone new, or a version not held,
  takes the locked way. One scorebook on a durable PostgreSQL, back to back: the app
  0.66 and 0.75 CPU-ms a Save before against 0.55 and 0.47 after, PostgreSQL 0.41 and
  0.47 against 0.28 and 0.27, the Save's wall 0.95 and 1.06 ms against 0.63 and 0.60.
  The back-to-back stress row (twenty tables): p95 37.3 and 36.6 ms before against 21.1
  and 21.2, 1.9 and 2.0 CPU-ms a deal against 1.6. At a club night's pace the gain is
  lost in the noise (one-minute nights in turns: 4.9 and 4.6 CPU-ms a deal before, 4.5
  and 4.9 after): the same Save, one scorebook, with 250 ms between Saves, costs 2.4
  CPU-ms (the app 1.3, PostgreSQL 1.1) before and after alike, three times its cost back
  to back. What the capacity row measures at 3.3 deals a second is the machine waking
  for each deal with cold caches more than the deal's work: twenty tables recording back
  to back on the same PostgreSQL spend 1.6 CPU-ms a deal. The night's servers now save
  one at a time on one thread, as Flet 1.0 runs every page's handlers on its event loop,
  where they ran on a pool of 8 threads: one-minute nights in turns measured the same
  (4.5 and 4.9 CPU-ms a deal on one thread, 4.6 and 5.0 on the pool; Save p95 4.4 and
  4.5 ms against 4.0 and 4.7).
  Where PostgreSQL's 1.9 CPU-ms a deal goes (perf over 40 s of a 100-second night, 3.65
  deals a second, 2026-11-29 16:25 UTC): the four servers' pool connections three
  quarters of it (their Saves, and the reads of the server told of them), the four
  listening connections 14 %, the WAL writer 6 %. Of the pool connections' samples, the
  Save's writes finished at the executor's end (a WITH's INSERT and UPDATE parts) 28 %,
  the commit 20 % (the WAL's flush 13 %, the kernel handing the `fdatasync` to the disk
  10 %), the queries run 20 %, each statement's executor started 11 %, index inserts 7 %,
  after-row triggers (the notice, the foreign keys) 7 %, the cached plan checked 6 %; a
  third of all of it in the kernel (waking, the flush, the sockets). No one part would
  bring the deal to 3 CPU-ms. Most of it is this machine's cost of waking: work after a
  pause runs about 3.5 × slower here (the capacity row's why), and a night wakes every
  server and PostgreSQL process for each deal. It is the pause, not the CPU's rest: the
  rules ran 3.5 × slower after a second spent spinning as after one asleep (301 and 293
  µs against 85), and one-minute nights with both CPUs kept busy by idle-priority loops
  (`chrt --idle`: they never rest, and give way at once) cost the same 4.6 CPU-ms a deal
  as without (2026-11-29 20:10 UTC): over a second the host's other work takes the
  caches. A club's server with a host of its own would tell what the code costs. What
  is left: one-minute nights whose hearing servers did not read the session they were
  told of (were the deal in the notice; the bench's listener changed for the
  experiment, in turns with the night as it is) cost 3.5 and 3.4 CPU-ms a deal against
  4.6 and 4.3 (the four servers hearing 0.6 against 1.2 and 1.3, PostgreSQL 1.3 and 1.4
  against 1.8 and 1.9): the read is about 1.1 CPU-ms a deal. A channel per session a
  server shows would do less, as PostgreSQL 15 wakes every listening backend of the
  database for each notice whatever its channels, and only the app's listener threads
  would sleep on (about 0.15 CPU-ms each). Then the deal in the Save's own notice
  (2026-11-29 21:40 UTC): a Save on PostgreSQL sends, just before the trigger's
  "id:version", a notice with its deal and the time it was stored; a server holding the
  version before works the new one out by the rules (`session/heard.py`), and a page's
  open trusts the version the database last told while it is heard. One-minute nights
  in turns: 3.8 and 3.9 CPU-ms a deal against 4.4 and 4.7 (PostgreSQL 1.4 and 1.5
  against 1.8 and 2.0; the four servers hearing 1.0 against 1.2 and 1.3: each now
  takes two notices a deal, and the one that holds the session works the deal out).
- **A league night** (issue 67; `python -m tests.bench.club_night [SECONDS] [league
  [TABLES]]`): the club's night at ten times its scale, 2,000 tables on 8 servers, the
  same machinery with other parameters (`Night`). On one channel every server heard
  every deal: at 33 deals a second each of eight servers' hearing thread woke 33 times a
  second for tables none of its pages showed. Since revision 0018 each change is told
  on a channel of its own session, of its group and of the roster besides
  `scorekeeper` (which a page listing the sessions hears, and only it), a Save's deal
  on its session's channel alone; each page says what it shows (`AppModel.shown`), and
  a server's hearing connection listens to the channels of what its pages show,
  letting go of the rest, and asks for the version of a session it begins to hear
  (what changed before was told to nobody). In the bench each server shows its own
  tables and the next one's (500 channels). Two-minute league nights in turns
  (2026-12-02 05:19 UTC, load average 14 to 24 from other work, then 16 to 5): with
  the channels 5.2 CPU-ms a deal (the eight servers hearing 0.9, PostgreSQL 2.6), Save
  p95 68.4 ms, heard p95 67.8; the code before on one channel 7.3 (hearing 3.0,
  PostgreSQL 2.6), Save p95 77.0 ms, heard p95 81.0. PostgreSQL's share does not move:
  PostgreSQL 15 wakes every listening backend of the database at each commit that
  notifies, whatever its channels. The one ten-minute league night (2026-12-02 05:05
  UTC, load average 18.5 at its start and 19.0 at its end: other engineers' test
  suites, their Chromiums and PostgreSQL servers, and an OCR beside it): 20,211 deals,
  33.7 a second, Save median 27.7 ms and p95 77.6, heard median 27.2 and p95 76.5, none
  lost or doubled, every save heard by the servers showing its table. A one-minute club
  night beside it (load 17): Save p95 53.0 ms, heard p95 58.9, 4.3 CPU-ms a deal
  (hearing 0.8 on its four servers, where it was 1.0 on one channel).
- **The ledger CSV** went through SQLAlchemy's rows (0.29 × the speed of `sqlite3 -csv`),
  then the driver's cursor into Python's csv module (0.40 ×). Now SQLite writes each CSV
  line itself in the query (printf, quotes doubled, quoted exactly where the csv module
  would quote) and the driver hands back one string per entry; the bytes are the same
  (a test holds them to the csv module's for hostile text). PostgreSQL writes the CSV
  itself with COPY.
- **The ledger screen** of a long session replayed every deal to build every card (838
  ms for 10,000 deals on the server, 4.4 to 5.3 × the table screen). The store now keeps
  the state after every 100th deal, and the ledger replays only the deals it shows from
  the nearest one (17 ms for 30); it opens with the ten newest in a list the client lays
  out only near the screen, and no longer imports the payments package to read the paid
  ticks.
- **Replay** first ran at 16,700 deals/s. Profiling (cProfile) showed a quarter of the
  time in `dataclasses.replace` and in resolving typed names; then, inside a process
  holding other sessions, a third in Python's cycle collector walking the new objects.
  Now a deal written as seated skips name resolution, names are found in a dictionary,
  the state is evolved without `dataclasses.replace`, and the collector runs seldom:
  the command line and the packaged app call `platform.collect_seldom()` once (what is
  loaded by then frozen, a full collection after 100 middle ones instead of 10; a replay
  no longer switches it off for the whole process from the core). A 10,000-deal replay
  beside the app's objects spent 140 ms of CPU in the collector, 42 so, 0 paused.
- **Taps and scrolls** counted a control as on screen when its place lay inside the
  phone's 844 pixels. A player chooser ("Who declared General Rams?") opened at the end
  of the rows, behind the Save bar: the person had to scroll, and the row said 0. It now
  counts a scroll when the control lies outside the list that shows it, or under
  something drawn over it; the earlier layout then measures 2 scrolls in the English
  evening. The open chooser now sits above the Save bar, always in view, and a
  one-player question closes once answered: 0 scrolls again. Still below the fold on a
  390x844 phone: the second row of chips (Forfeit to, RH conceded, Misdeal) while all
  four players' rows are open, so a misdeal called before anyone passes takes a scroll;
  no deal of the examples is one.
- **The sessions list** loaded every session as an ORM object, and the home screen drew
  a tile for each of a club's thousand sessions (4.5 s to the first screen). It reads
  columns, not objects, and shows the latest with "show all" one tap away.
- **Lifetime statistics** read per-session standings (one row per player and session),
  not the million ledger entries.
- **A group's tab and season table** (issue 28) read each finished evening with two
  queries of its own (its seats with their standings, its payments): over 5,000
  evenings, 10,000 queries and 8.7 s. Each session now keeps its standings as one JSON
  column beside them (revision 0011, written by the UPDATE that moves its version on;
  older sessions get theirs at the upgrade), and the tab reads the group's sessions, the
  payments made in them and the roster in three queries, decoding the 5,000 standings as
  one JSON document, with Python's cycle collector paused (in a process holding other
  objects, as the app does, it walked the 20,000 new lists: 80 to 200 ms of CPU against
  75 paused). Measured side by side on the same data while a test suite kept both cores
  busy: 5.4 to 7.2 s of CPU before, 75 to 105 ms after; 62 to 66 ms with the machine to
  itself. Reading the seats and standings in one join instead of a query per session was
  not enough: about twice as slow as one row per evening.
- **Tap to new score, against the same rows** (issue 28): counting what Flet compared at
  each Save showed two or three passes. Flet redraws every component handed an observable
  at each change of it, each on its own, and the table's entry, its assistant fold, its
  seat changes and its Save bar were all handed the app's model: each redrew alone, the
  entry first with the old scores its parent had not yet handed down, then everything
  again from the root (173 controls compared a Save). Now only the root watches the model
  and hands the screens a plain handle to it, new at each of its draws (`app/handed.py`);
  a Save clears the draft unheard, with what the deal did (the Save bar's line, until then
  a state of its own that redrew the entry once more); a row's heading and its buttons are
  drawn apart (a Save changes every heading, not the buttons of the rows not tapped); the
  phone's closed fold holds no assistant (it is drawn when opened); and Undo's deal is the
  one just recorded (it was replayed from the last kept state: 4 ms a Save). One pass of
  about 110 controls. Side by side on one machine the tap went from 122 ms to 90 ms (the
  bare page: 40 and 35 ms) and the server's reply from 75 to 40 ms (the bare page's: 20
  and 16). A wall-clock sampler in the server (which slows what it samples) put a Save's
  server side at about 14 ms, half the store's record and half Flet's render and diff;
  timed alone on the same session after the taps, recording takes about 2 ms (the row
  says it). The bare page's server changes twenty properties in place and writes nothing.
- **Memory against the same tools** (issue 28): tracemalloc in the served app found Babel's
  locale and global data, loaded at the first amount the page writes, at 5.2 MB. The app
  now writes money, numbers, days and lists from the few CLDR symbols and patterns its four
  languages need (`scorekeeper/i18n/cldr.py`, 6 kB, written from Babel by
  `tests/cldr_figures.py`; a test holds every currency in every language, numbers, every
  month and lists to Babel's own output); Babel is a tool of the tests and the catalogues
  only. Serving the 10,000-deal session: 91.6 MB before, 85.8 MB after, against 72.3 MB for
  bare Flet with SQLModel (three starts each).
- **A Save draws what it changed** (issues 47 and 48): the table's parts take what they
  show (a view worked out for them, compared by value, `Words` for the language) instead
  of the app's handle, new at every change; the rows keep the places the players keep at
  the table, instead of turning to speaking order at every deal (three keyed moves a
  Save); the rules run once a Save (the step the table's check made while it drew Save is
  stored). `tests/e2e/test_a_save_redraws_only_what_changed.py` holds a Save of a
  4-player deal to 57 patch operations (the bare same-rows page sends 19; each extra one
  is named there) and at most 25 components. Measured with `python -m
  tests.bench.tap_bench` on a quiet machine (load 3.1 to 3.5, 2026-11-29 04:02 UTC): tap
  to new score 59 ms against the bare same-rows page's 31 (1.92 ×, was 3.87 ×), the
  server's reply after 33 ms against 11, the server's CPU per Save 11.4 ms against 3.5
  (the bench now times it: `tests/bench/cpu_watch.py`). What is left of the 1.3 × is the
  components drawing the changed parts and Flet diffing them on the server (about 8 ms of
  CPU more than the bare page's), and the browser. Timed inside the server along a Save
  (thread CPU, twelve Saves): the handler 3 to 4 ms (recording the deal 2 to 3 of it,
  the disk's wait included), the components' drawing 4 to 7 ms and Flet's diff of what
  they drew 4 to 6 ms; on 2 cores the server's wall time is about twice its CPU, as the
  browser draws the button's press beside it. So the bench now also times the same bar,
  rows and Save bar written as bare Flet components (`tests/bench/bare_pages.py`: one
  observable, memoized rows and counts, the looks made once, none of this app's code),
  in turns with the other two pages. What the declarative style costs by itself swings
  with the machine: alone at load 3.1 the components page took 32 ms against the
  hand-written page's 23 (1.38 ×), in the whole run of 2026-11-29 07:17 UTC 29 against
  27 (1.09 ×); its server's CPU 5.0 ms a Save both times, against 3.3 and 3.5. In that
  run the browser's part after the reply was the same for the app and the hand-written
  page (20 and 19 ms): what is left of the 1.3 × is the server's reply, after 26 ms
  against 8 (11.3 CPU-ms against 3.5). Counted per component, a Save builds about 90
  controls again (the fold 14, each row's heading 10, the Save bar 8), each built and
  diffed field by field at about 0.05 ms; the store's part is about 1 ms. Next: fewer
  controls built again per changed row, and the Save's handler (3 to 4 ms of CPU) doing
  less than a durable record and the views the next screen needs.
  Profiled again (cProfile from a Save's event to its reply, 20 Saves of a 4-player
  English deal, 2026-11-29 08:33 UTC): 117 controls are constructed a Save, each with
  about 43 property sets in Flet's sparse fields, the largest self-time of the Save; the
  diff compares 115 of them field by field. The young garbage collection runs once a Save
  (0.4 ms, freeing 270 objects held in cycles) and a middle one every tenth Save (1 to
  2.4 ms); a young generation 30 times larger made no difference beyond the noise (first
  reply 20 to 24 ms either way, 40 Saves of each, in turns), and was left as it was.
  Then fewer controls built again a Save (2026-11-29 10:30 UTC): a row's heading is 7
  controls, not 10 (its score says what a screen reader reads in the text's own label,
  not in a wrapper; its name is the very same control from deal to deal, which Flet's
  diff skips), the fold keeps its icon and its button, the Save bar's lines are plain
  texts: 54 patch operations a Save, not 57. Side by side with the code before (three
  runs of the tap row each, in turns): tap to new score 50, 38, 38 ms before against 40,
  38, 36 after; server CPU a Save 10.2, 9.8, 10.0 ms against 9.5, 9.8, 9.6. Timed by
  thread inside the server (15 Saves): the event's handler 2.2 to 2.5 ms (the durable
  record about 1.7, Flet reading the click's handler's type hints about 0.2), the
  components' drawing 2.6 to 3.7 ms, Flet's comparing and encoding the rest, 3.5 to 4
  ms; the bare components page: 0.5, 1.5 and 1.9 ms. Of the drawing, the Save bar's
  seven controls took 1.2 to 1.3 ms of the thread's CPU in every Save: 154 page faults,
  memory the heap handed back to the system after each Save and faulted in again
  (glibc's trimming of its heap's top; in a server forked from the test suite's warm
  starter, as the tap row's is; started afresh, none there, and a higher trim threshold
  takes them away too). Across the whole diff a Save still faults 145 to 170 pages in,
  however the server was started: perf puts 96 % of them in CPython 3.11's frame stack,
  whose chunks are handed back the moment the call that opened one returns, while Flet's
  diff recurses down the tree and back across a chunk's end again and again. The event
  loop now runs from a frame of 7,200 slots, which begins a 128 KiB chunk of its own
  (`app/frame_room.py`): its calls never cross a chunk's end, and a Save faults 1 to 4
  pages in. Side by side with the code before (three runs of the tap row each, in
  turns): server CPU a Save 10.1, 9.4 and 9.7 ms before against 8.2, 8.3 and 8.0 after;
  tap to new score 37, 40 and 48 ms against 38, 38 and 37 (the reply 19, 20 and 26 ms
  against 19, 20 and 18). (The same done around the diff alone, a frame each change,
  left 17 to 300 faults as where the chunk ended fell.) With
  the rows' headings cut to a single text as an experiment (36 controls fewer), the
  server's CPU went from 9.9 to 8.7 ms and the reply from 24 to 18 ms: each control
  built and diffed costs the server about 0.03 ms and the browser about as much again.
  Then the session shown watched below the root (2026-11-29 12:50 UTC: a frame between
  the root and the screen watching it, so that a Save draws the screen, not the root):
  the root's drawing was 0.24 ms of a Save's CPU, the frame's 0.15; three runs in turns
  measured 7.8, 8.7 and 8.3 ms of server CPU a Save before against 7.7, 9.6 and 8.4
  after, and a command that changes the session and says a notice at once (Undo, an
  edit) would draw the screen twice. Left as it was. Where the tap row's gap lies: the
  same rows as bare Flet components are 1.20 × the page written by hand, and this app's
  Save records the deal durably before it answers, which neither bare page does (from
  the Save's event, the record took 2.0 to 6.7 ms of wall time in 15 Saves timed along
  the way, 2.9 the median, about 1.8 ms of it CPU, three times its cost back to back:
  the machine is cold after each tap). The components page with that record is about
  1.34 × the page by hand before any of this app's own drawing (the tap row gives the
  tap against the components page too). The disk's part of it (2026-11-29 20:15 UTC,
  three runs of the tap row each, in turns, against the same code with SQLite's
  `synchronous=OFF`): the reply 20, 22 and 20 ms durable against 20, 19 and 19, the
  tap 38, 41 and 40 against 38, 38 and 39: about 1 ms. Nor is it this machine's pause:
  with both CPUs kept busy by idle-priority loops (`chrt --idle`) the tap row measured
  1.78 and 1.45 × against 1.38 and 1.50 × without, the server's CPU a Save 8.4 to 9.5
  ms against 3.3 to 3.6 either way.
  The browser's side, from Chrome's trace of the page (2026-12-01, a machine slower than
  the run above: the tap row alone measured 1.67 to 1.92 × there, 54 to 60 ms against 30
  to 33). The Save bar's buttons were diffed by position, so Save itself was sent whole
  and built anew by the browser at each Save (into Clear's place), at a deal's first tap
  (Clear taking its place) and whenever a question opened above the bar; keyed, it keeps
  its control, and a Save's reply went from 1,867 to 1,765 bytes (the bare page's 886).
  In 40 taps each, in turns: the tap 52.1 ms before against 53.0 after, the server's CPU
  11.6 against 10.4 ms, inside this machine's noise (the same code measured 41 to 64 ms
  from one run of the row to the next). What the trace shows of the rest: a tap on a
  trick count starts Material's ink ripple, and the page draws a frame every 17 ms for
  about 400 ms; drawn on the page's own thread (`run.drawn_on_one_thread`), each takes 15
  to 22 ms of it, where the bare pages' take 2 to 4 ms there and about 10 on a worker.
  Counts drawn without ink (a container taking the tap) drew one frame instead of 24,
  but the tap row did not move (55.0 against 53.9 ms, 40 taps each, in turns) and a
  container is not a button a keyboard reaches: left as it was. After the Save's click
  the page draws two frames, the click's and the new state's: ours 17 to 27 ms and 14 to
  60 ms (median 39) on the one thread (ten Saves), the bare components page's 7 and 13 ms
  on the page's thread with 14 and 14 on its worker (one Save). The fonts do not explain
  it (the fallbacks taken away: the same frames). What is left is the server's reply
  (27 to 29 ms against 11 to 14, about 2.5 times its CPU: it waits for a core the browser
  is drawing the click on) and the new state drawn on one thread.
- **The tap row's same work** (issue 67): the bare same-rows pages did not record their
  deal; the app records it durably, about 0.6 ms of its server's time warm and more
  within a tap. Both bare pages now keep each saved deal as the app keeps one on SQLite
  (its row, an entry for each player, the totals and a version, in one transaction, WAL,
  synchronous FULL: `bare_pages.KEPT`). At load average 10 to 13 (2026-12-02 05:50
  UTC) the bare hand-written page's server spent 6.3 CPU-ms a Save with it, where
  whole runs measured 3.3 to 3.5 without; that run's tap figures (ours 211 ms against
  69) swing with such load by a factor of several and say nothing of the code.
- **Damage SQLite does not see** (issue 52; `python -m tests.bench.damage_bench FOLDER
  club.db`): 120 damaged copies of a 0.8 MB database (the two example sessions and twenty
  evenings of 50 deals), 40 for each of three seeds, eight of each kind: a header byte
  flipped, a byte flipped, a 16-byte burst, a page zeroed, a truncation. `PRAGMA
  quick_check` on opening refuses 66 of them. Of the 54 it lets through, 26 leave every
  row as it was (the damage fell in unused space; in 2 of those an index no longer
  matches its table, which `PRAGMA integrity_check` finds) and 28 change a row: 22 a
  ledger entry (mostly its reason's key or words, also an amount, a payer, a kind), 7 a
  deal. The damage lands where the bytes are, in the ledger and the deals. A check of
  Scorekeeper's own figures on opening (each session's deal count against its deals, its
  newest state against that count and its balances summing to nought, its standings
  against its result) catches 1 of the 28 and costs 57 to 251 ms on the million-entry
  database; with the ledger's payments added up against the newest balances, 6 of 28
  for 0.9 to 2.1 s; every row's shape checked in SQL (kinds, reason keys, JSON, seated
  names), 18 for 1.3 to 4.1 s; `integrity_check`, 2 for 0.5 to 1.3 s; only replaying
  every session from its deals against its stored state and ledger catches all 28, at
  4.3 to 6.6 s a hundred sessions (about a minute for the thousand). Opening that
  database now takes 0.2 to 0.8 s, its `quick_check` 0.24 to 0.58 s (these timings
  with the machine's load average at 10 to 11 on its 2 cores). So no check runs at
  start: what is cheap catches almost nothing, and what catches the ledger reads all of
  it, several times what the start row can spare.
- **Restoring a club's backup** (issue 66; `python -m tests.bench.restore_bench [cli|app]`):
  a restore stored each session as an import does, one transaction of about thirty
  statements a session through the ORM (a player's row fetched and flushed four times an
  evening): 5,000 small evenings took 61.5 CPU-s, and the probe's 100,000 took 16 minutes.
  Now new sessions are written 200 at a time, a table's rows for all of them in one
  statement each (the rows an import writes, row for row, by the same functions: a test
  holds the two to each other on SQLite and PostgreSQL), their uids looked up 200 at a
  time, the roster and the groups read once, and the collector paused for the whole
  restore (it walked the backup's millions of objects after every session, 0.9 ms each):
  6.7 CPU-s for the 5,000. Payments on a tab are looked up and written a thousand at a
  time, each player found in one dict. The two command-line rows were run alone, the
  machine's load average at 1 to 3: 107.2 s and 58.3 s. What is left of the 100,000 is
  the rules: reading and replaying each evening (0.15 and 0.5 CPU-ms a session at a load
  average of 13). The app's
  row: the file reaches the server by upload (a 21 MB backup restores in the browser,
  where the page's connection closed on one message of more than 16 MiB). Saying what
  21,000 evenings would add read and replayed each of them, 14.0 CPU-s in the server's
  process, 56 % of it the rules recording the 126,000 deals and 36 % reading the session
  files: 44.0 s. Now the look replays nothing (`session/backup_look.py`): the file, the
  roster, the groups and every payment on a tab are checked as the restore checks them (a
  payment `pay` would refuse is still refused before Restore, in the same words), and each
  session is counted from a glance at its document (`formats/session_glance.py`: its uid,
  its group, whether it is finished, who took part; looked up a thousand at a time; one
  without a uid, or not plainly a session file's, is read in full). Restore replays every
  session in its one transaction and refuses there, in words, with nothing written, a
  session the rules refuse (25 CPU-s for the 21,000, under its progress line). The
  collector stays paused over reading the backup as well, which is let go before it runs
  again (it walked the 15 MB's objects once more at the end: 0.3 s). The look at the 15 MB
  in one process: 0.56 CPU-s (13.6 before), 0.25 of it the JSON; from the tap to the
  dialog the server's process spent 0.7 to 1.1 CPU-s and Chromium's about 2.8 (the upload
  and the page). Three runs at load averages of 4 to 6: medians 2.9, 2.5 and 2.9 s (the
  first sample of each 2.9 to 5.2 s); samples taken while the load average was 12 to 16
  (some under a profiler) took 4 to 16 s, their 4 CPU-s given a fraction of the 2 cores.
"""


def machine() -> str:
    cpu = next((line.split(":", 1)[1].strip()
                for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    memory = next((line.split(":", 1)[1].strip()
                   for line in Path("/proc/meminfo").read_text().splitlines()
                   if line.startswith("MemTotal")), "?")
    chromium = _version(["chromium", "--version"])
    postgres = _version(["bash", "-c", "ls /usr/lib/postgresql | tail -1"])
    return (f"{cpu}, {os.cpu_count()} cores, {memory} memory; {platform.platform()}; "
            f"Python {platform.python_version()}; SQLite {sqlite3.sqlite_version}; "
            f"PostgreSQL {postgres}; {chromium}")


def _version(command: list[str]) -> str:
    try:
        return subprocess.run(command, capture_output=True, text=True, check=False,
                              timeout=30).stdout.strip()
    except OSError:
        return "?"


def table(rows: Sequence[Row]) -> str:
    lines = ["| what | workload | target | measured | met |", "|---|---|---|---|---|"]
    lines += [f"| {r.what} | {r.workload} | {r.target} | {r.measured} | "
              f"{'yes' if r.met else '**no**'} |" for r in rows]
    return "\n".join(lines)


def write(rows: Sequence[Row]) -> None:
    missed = [r for r in rows if not r.met]
    summary = ("Every target is met." if not missed else
               f"{len(missed)} of {len(rows)} targets missed: "
               + "; ".join(r.what for r in missed) + ".")
    BENCHMARKS.write_text(f"""# Benchmarks

Measured {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {machine()}.

`bash tests/bench/run.sh` builds its own data, runs every benchmark and rewrites this
file. Each figure is the median of several runs; each comparison (10 vs 10,000 deals,
our CSV export vs `sqlite3`, the app vs a bare Flet page) was measured side by side,
in turns, in the same run, because these machines are noisy. {summary}

{table(rows)}

## What was done

{WHAT_WAS_DONE}""", encoding="utf-8")

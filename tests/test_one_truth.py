"""One truth at the table (issue 63): each fact is worked out in one function, and every
surface that shows it reads the same, for the example sessions (tests/examples) and for
the evenings the strategies draw (tests/strategies.py: joins, leaves, payments, every
family). One test per fact:

- the leaver's amount (core/leaving.py ``leaving``, said by i18n ``leaving_line``): the
  leave panel, settle-up while the leave waits, and ``scorekeeper show`` and ``settle``
  once it is saved;
- the standings order (core/standings.py ``session_standings``): the result card,
  ``show``, the PDF score sheet, the standings CSV and the home screen's list;
- the session's winners, the head of those standings (``placed_winners``): the card,
  ``show``, the protocol screen and home's leaders;
- the side words (core/seating.py ``seat_words``): the table's rows, the deal assistant
  and a phone's fold, for every family (Ramsen plays to the right);
- a group's evenings (core/tab.py ``by_evening``, i18n ``tab_counted``): ``tab``, the tab
  on the group's screen, ``season`` and the season on the group's screen.

The surfaces are read as a person reads them: the command line's output (run in this
process), the exported files' text, and the state the app's screens draw from, read
through the app's model without a browser.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from scorekeeper.app.entry.rows import row_view
from scorekeeper.app.entry.seats import leave_panel_words
from scorekeeper.app.model import AppModel
from scorekeeper.app.routes import route_to
from scorekeeper.app.screen_list import SCREENS
from scorekeeper.app.screens.settle import settling
from scorekeeper.core import Deal, Session, guide, session_standings
from scorekeeper.core.owed import Handover
from scorekeeper.core.seat_changes import dealt_in
from scorekeeper.core.seating import TURN_WORDS
from scorekeeper.core.tab import by_evening
from scorekeeper.formats.csv_export import ENCODING
from scorekeeper.formats.result_card import session_card
from scorekeeper.formats.session_file import Evening, load_session
from scorekeeper.i18n import join, text
from scorekeeper.i18n.accounts import transfer_line
from scorekeeper.i18n.evening_words import leaving_line, season_line, tab_counted
from scorekeeper.session import Scorebook, choose_database, open_scorebook
from scorekeeper.settings import Settings
from tests.conftest import REPO, as_read, run_cli_here
from tests.strategies import POOL, VARIANTS, changing_sessions, draw_deal

LANGUAGES = ("sv", "en", "de", "fr")
EXAMPLES = sorted((REPO / "tests" / "examples").glob("*.json"))
POOL_NAMES = st.sampled_from(POOL)  # names the PDF's text and the terminal's columns keep
SETTINGS = settings(max_examples=5, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])
SHEETS = settings(SETTINGS, max_examples=3)  # a score sheet is a PDF: 0.5 s each, made


class Club:
    """One SQLite scorebook for the module's examples, the command line pointed at it, and
    the app's model over it (as a page of the app would have it)."""

    def __init__(self, folder: Path) -> None:
        self.url = f"sqlite:///{folder / 'club.db'}"
        self.book: Scorebook = open_scorebook(choose_database(self.url))
        self.folder = folder

    def stored(self, name: str, session: Session, evening: Evening | None = None) -> int:
        return self.book.import_session(name, session, evening=evening or Evening()).id

    def app(self, language: str) -> AppModel:
        return AppModel(self.book, Settings(language=language), screens=SCREENS)

    def cli(self, *args: str) -> str:
        result = run_cli_here(self.url, *args)
        assert result.returncode == 0, result.stderr
        return result.stdout


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Club]:
    folder = tmp_path_factory.mktemp("one-truth")
    with pytest.MonkeyPatch.context() as patch:  # the app's device id, in a folder of its own
        patch.setenv("FLET_APP_STORAGE_DATA", str(folder / "data"))
        opened = Club(folder)
        yield opened
        opened.book.store.engine.dispose()


# --- the leaver's amount ---------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_a_leavers_amount_reads_alike_on_the_panel_on_settle_up_and_in_show_and_settle(
        club: Club, variant: str, data: st.DataObject):
    session = data.draw(changing_sessions(variant, max_deals=8, for_money=True))
    table, state = session.table, session.state
    assert table.rules.for_money
    assume(not guide(table, state).session_over and len(state.seated) > table.rules.min_players)
    leaver = data.draw(st.sampled_from(state.seated))
    others = [p for p in state.everyone if p != leaver]
    handovers = tuple(Handover(*data.draw(st.sampled_from(
        [(leaver, other) for other in others] + [(other, leaver) for other in others])),
        data.draw(st.integers(1, 500))) for _ in range(data.draw(st.integers(0, 2))))
    language = data.draw(st.sampled_from(LANGUAGES))
    session_id = club.stored("Leaving", session, Evening(payments=handovers))
    app = club.app(language)
    app.show(f"/session/{session_id}")
    opened = app.table.session
    assert opened is not None
    # The leave panel, a leaver picked before the next deal.
    left, panel = leave_panel_words(opened, opened.state, Deal(), leaver, language)
    assert left is not None
    assume(panel is not None)  # nothing owed, given up or paid: the panel has no sentence
    # "Settle up now": the leave waits with the deal and settle-up opens with it.
    draft = app.drafts.of(session_id)
    draft.stand_up(leaver)
    settled = settling(opened, draft.seat_changes, language)
    [(waiting, theirs)] = settled.leaving
    assert leaving_line(waiting, table.money, language) == panel
    assert settled.owed[leaver] == left.owed
    assert sum(t.minor if t.payee == leaver else -t.minor for t in theirs) == left.owed
    assert not [t for t in settled.offers if leaver in (t[0].payer, t[0].payee)]
    # Saved with the next deal: ``show`` says the panel's sentence, ``settle`` the figure.
    dealt = dealt_in(table, state, Deal(leaves=(leaver,)))
    deal = replace(draw_deal(data.draw, table, dealt), leaves=(leaver,))
    stored, _ = club.book.record(session_id, deal, opened.version)
    number = stored.state.deals
    shown = club.cli("--lang", language, "show", str(session_id)).splitlines()
    assert text("cli.left_with", language, number=number, said=panel) in shown
    lines = club.cli("--lang", language, "settle", str(session_id)).splitlines()
    money = table.money
    theirs_now = [t for t in club.book.open(session_id).transfers if leaver in (t.payer, t.payee)]
    assert sum(t.minor if t.payee == leaver else -t.minor for t in theirs_now) == left.owed
    for transfer in theirs_now:
        assert transfer_line(transfer, money, language) in lines
    named = [line for line in lines if any(
        line == transfer_line(t, money, language) for t in theirs_now)]
    assert len(named) == len(theirs_now)


# --- the standings order ---------------------------------------------------------------

def ranked_in_show(out: str, players: int) -> list[tuple[str, str]]:
    """(place, player) of each row of ``show``'s standings, under its heading line."""
    lines = out.splitlines()
    rows = lines[3:3 + players]
    return [tuple(row.split()[:2]) for row in rows]  # type: ignore[misc]


def ranked_on_the_sheet(pdf: bytes, players: tuple[str, ...]) -> list[tuple[str, str]]:
    """(place, player) of each row of the score sheet's standings, as its text reads."""
    said = as_read(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages))
    names = "|".join(re.escape(p) for p in sorted(players, key=len, reverse=True))
    heading = as_read(text("sheet.standings", "en"))
    section = said[said.rindex(heading) + len(heading):]
    found = re.findall(rf"(?:^| )(\d+) ({names})(?= )", section)
    return found[:len(players)]


def ranked_in_the_csv(body: bytes) -> list[tuple[str, str]]:
    rows = list(csv.DictReader(io.StringIO(body.decode(ENCODING), newline="")))
    return [(row["place"], row["player"]) for row in rows]


def check_standings_order(club: Club, name: str, session: Session, evening: Evening,
                          language: str) -> None:
    table, state = session.table, session.state
    expected = [(str(p.place), p.player) for p in session_standings(table, state)]
    session_id = club.stored(name, session, evening)
    # The result card, as the app's card screen and `export --format png` draw it.
    opened = club.book.open(session_id)
    card = session_card(name, opened.history, date(2026, 12, 2), opened.handovers, language,
                        finished=opened.finished)
    assert list(zip(card.places, (row[0] for row in card.rows), strict=True)) == expected
    # scorekeeper show (in English: the place and the name are the row's first two words)
    out = club.cli("show", str(session_id))
    assert ranked_in_show(out, len(expected)) == expected
    # The PDF score sheet and the standings CSV, as `export` and the app's buttons write them
    sheet = club.folder / f"{session_id}.pdf"
    club.cli("export", str(session_id), "--format", "pdf", "-o", str(sheet))
    assert ranked_on_the_sheet(sheet.read_bytes(), state.everyone) == expected
    standings = club.folder / f"{session_id}.csv"
    club.cli("export", str(session_id), "--format", "standings", "-o", str(standings))
    assert ranked_in_the_csv(standings.read_bytes()) == expected
    # The home screen's list: the places kept with the session, read by the app's model.
    app = club.app(language)
    app.show("/")
    [listed] = [s for s in app.home.sessions if s.id == session_id]
    assert listed.standings is not None
    assert [(str(p.place), p.player) for p in listed.standings.placings] == expected


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.stem for e in EXAMPLES])
def test_the_standings_order_reads_alike_on_the_card_show_the_sheet_the_csv_and_home(
        club: Club, example: Path):
    read = load_session(example.read_text(encoding="utf-8"))
    check_standings_order(club, read.name, read.replay(), read.evening, "en")


@pytest.mark.parametrize("variant", VARIANTS)
@SHEETS
@given(data=st.data())
def test_the_standings_order_reads_alike_for_the_evenings_the_strategies_draw(
        club: Club, variant: str, data: st.DataObject):
    session = data.draw(changing_sessions(variant, max_deals=10, names=POOL_NAMES))
    evening = Evening(finished=data.draw(st.booleans()))
    check_standings_order(club, "Drawn", session, evening, data.draw(st.sampled_from(LANGUAGES)))


IN_GAMES = ("mattmar", "counters", "ramsen")  # a pot game names no winner, only money


@pytest.mark.parametrize("variant", IN_GAMES)
@SETTINGS
@given(data=st.data())
def test_the_sessions_winners_read_alike_on_the_card_in_show_on_the_protocol_and_home(
        club: Club, variant: str, data: st.DataObject):
    # RULES.md ranks counters and Ramsen by games won: who won games 1 and 2 heads the
    # standings, and is the session's winner, above the winner of game 3.
    session = data.draw(changing_sessions(variant, max_deals=30, names=POOL_NAMES))
    table, state = session.table, session.state
    assume(any(game.finished for game in state.games))
    language = data.draw(st.sampled_from(LANGUAGES))
    finished = data.draw(st.booleans())
    session_id = club.stored("Evening", session, Evening(finished=finished))
    standings = session_standings(table, state)
    heads = tuple(p.player for p in standings if p.place == 1 and not p.missed)
    said = text("cli.winners", language, winners=join(list(heads), language)) if heads else ""
    opened = club.book.open(session_id)
    card = session_card("Evening", opened.history, date(2026, 12, 2), (), language,
                        finished=finished)
    assert card.winners == said
    shown = club.cli("--lang", language, "show", str(session_id)).splitlines()
    opening = text("cli.winners", language, winners="").rstrip()
    assert [line for line in shown if line.startswith(opening)] == ([said] if said else [])
    # The protocol screen and home's list, read by the app's model.
    app = club.app(language)
    app.show(f"/session/{session_id}/protocol")
    on_screen = app.table.session
    assert on_screen is not None
    assert on_screen.winners == heads
    app.show("/")
    [listed] = [s for s in app.home.sessions if s.id == session_id]
    if heads:
        assert listed.leaders == heads


# --- the side words --------------------------------------------------------------------

# Which way each language says "left" and "right" in the assistant's line of the turn.
SIDES = {"en": {"left": "left", "right": "right"}, "sv": {"left": "vänster", "right": "höger"},
         "de": {"left": "links", "right": "rechts"}, "fr": {"left": "gauche", "right": "droite"}}


@pytest.mark.parametrize("variant", VARIANTS)
@SETTINGS
@given(data=st.data())
def test_the_side_words_read_alike_on_the_rows_in_the_assistant_and_in_the_fold(
        club: Club, variant: str, data: st.DataObject):
    session = data.draw(changing_sessions(variant, max_deals=8))
    table = session.table
    assume(not guide(table, session.state).session_over)
    language = data.draw(st.sampled_from(LANGUAGES))
    session_id = club.stored("Seats", session)
    app = club.app(language)
    app.show(f"/session/{session_id}")
    opened = app.table.session
    assert opened is not None
    # Sometimes a leave waits with the next deal: the rows and the assistant follow it.
    draft = app.drafts.of(session_id)
    seated = opened.state.seated
    if len(seated) > table.rules.min_players and data.draw(st.booleans()):
        draft.stand_up(data.draw(st.sampled_from(seated)))
    # The deal guide of the table the next deal is dealt at: the one the rows read (the
    # deal entry) and the one the assistant and the scores beside them read (the table's
    # side on a desktop; on a phone, the fold above the rows).
    _, deal_guide = opened.next_deal(draft.seat_changes)
    seats = deal_guide.seats
    words = app.words

    def row(player: str) -> list[str]:
        view = row_view(words, opened, draft, player, deal_guide, None, None, filled=None,
                        may_buy_down=False, marked=False, figures=opened.figures)
        return view.heading.about.split(" · ")

    turn = TURN_WORDS[table.rules.turn]
    forehand_side = SIDES[language][table.rules.turn]
    last_tag, forehand_tag = text(turn.last_tag, language), text("ui.forehand", language)
    dealer_tag = text("ui.dealer_role", language)
    tagged = {player: row(player) for player in seats.order}  # a row for each who plays
    # The rows: one dealer (none when the dealer of six sits out and has no row), one
    # forehand, one player just before the dealer, each named so.
    dealing = [seats.dealer] if seats.dealer_plays else []
    assert [p for p, tags in tagged.items() if dealer_tag in tags] == dealing
    assert [p for p, tags in tagged.items() if forehand_tag in tags] == [seats.forehand]
    assert [p for p, tags in tagged.items() if last_tag in tags] == [seats.rh]
    # The assistant: where the player before the dealer sits, in the row's very word; the
    # turn goes the forehand's way, from the dealer to the player the rows call forehand.
    last_line = words.render(deal_guide.sides.last_before_dealer)
    assert seats.rh in last_line
    assert last_tag in last_line
    turn_line = words.render(deal_guide.dealing[-1])
    assert turn_line == words.render(deal_guide.sides.turn)
    assert seats.forehand in turn_line
    assert seats.dealer in turn_line
    assert forehand_side in turn_line.lower()
    opposite = SIDES[language]["right" if table.rules.turn == "left" else "left"]
    assert opposite not in turn_line.lower()
    # A phone's fold names as forehand the player the rows call forehand.
    assert words.t("ui.speaks_first", player=seats.forehand) in [
        words.t("ui.speaks_first", player=p) for p, tags in tagged.items()
        if forehand_tag in tags]
    assert seats.order[0] == seats.forehand


# --- a group's evenings ----------------------------------------------------------------

def group_file(folder: Path, number: int, group: str, day: date, players: list[str]) -> str:
    """RULES.md's worked example played by ``players`` (four of them) on ``day``."""
    document = json.loads((REPO / "tests" / "examples" / "friday-at-the-cabin.json")
                          .read_text(encoding="utf-8"))
    renamed = dict(zip(document["players"], players, strict=True))
    source = json.dumps(document, ensure_ascii=False)
    for old, new in renamed.items():
        source = re.sub(rf'"{old}"', f'"{new}\u0000"', source)
    document = json.loads(source.replace("\u0000", ""))
    document.update(name="Fredag", group=group, played_on=day.isoformat(), finished=True)
    return json.dumps(document, ensure_ascii=False)


@SETTINGS
@given(data=st.data())
def test_a_groups_evenings_are_counted_alike_on_the_tab_and_the_season(
        club: Club, data: st.DataObject):
    group = f"Group {data.draw(st.integers(0, 10**9))}"
    assume(group not in club.book.group_names())
    days = data.draw(st.lists(st.integers(0, 6), min_size=1, max_size=5))
    played = []
    for number, offset in enumerate(days):
        players = data.draw(st.permutations(POOL[:6]))[:4]
        day = date(2026, 12, 1) + timedelta(days=offset)
        club.book.import_file(group_file(club.folder, number, group, day, players))
        played.append((day, players))
    evenings = by_evening(played, lambda p: p[0])
    language = data.draw(st.sampled_from(LANGUAGES))
    shown = club.book.group(group)
    assert (shown.tab.sessions, shown.tab.evenings) == (len(days), len(evenings))
    counted = tab_counted(shown.tab, language)
    # The tab: the command line's first line and the group's screen's panel heading.
    said = club.cli("--lang", language, "tab", group).splitlines()[0]
    assert said == text("cli.tab_counted", language, group=group, counted=counted)
    app = club.app(language)
    app.show(route_to("group", group=group))
    on_screen = app.group.group
    assert on_screen is not None
    assert tab_counted(on_screen.tab, language) == counted
    assert (on_screen.tab.sessions, on_screen.tab.evenings) == (len(days), len(evenings))
    # The season: each player's evenings are the dates they played on, on both surfaces.
    theirs = {p: len({day for day, players in played if p in players})
              for _, players in played for p in players}
    season = json.loads(club.cli("season", group, "--json"))
    assert {line["name"]: line["evenings"] for line in season["players"]} == theirs
    lines = on_screen.season(on_screen.seasons()[0])
    assert {line.name: line.evenings for line in lines} == theirs
    assert max(theirs.values()) <= len(evenings)
    table = club.cli("--lang", language, "season", group).splitlines()
    for line in lines:
        assert season_line(line, on_screen.money, language)  # the screen's line reads
        assert any(row.split()[:3] == [str(line.place), line.name, str(line.evenings)]
                   for row in table)

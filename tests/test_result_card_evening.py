"""The result card and the score sheet say which evening they are (issue 49): the title
carries the session's name or group and the date, the band says who sat when (RULES.md,
"Players who come and go": a gap, not a zero) and whether the session is finished. The
evening is tests/evening.py's: Erik sits down for deal 4, Dag's last deal is deal 6."""

from __future__ import annotations

import io
from datetime import date

from pypdf import PdfReader

from scorekeeper.core import Deal, Join
from scorekeeper.core.sittings import sittings
from scorekeeper.formats.exports import export
from scorekeeper.formats.result_card import session_card
from scorekeeper.formats.session_file import Evening
from tests.conftest import session_of
from tests.evening import whole_evening

NOV_28 = date(2026, 11, 28)


def test_who_sat_when_is_the_runs_of_deals_of_everyone_who_missed_one():
    assert sittings(whole_evening().steps) == {"Dag": ((1, 6),), "Erik": ((4, 8),)}


def test_a_player_who_left_and_came_back_has_a_gap():
    # English, A B C D; D leaves with deal 2 and sits down again after C with deal 4.
    session = session_of("english", ("A", "B", "C", "D"), [
        Deal(tricks={"B": 2, "C": 3, "A": 0, "D": 0}),
        Deal(leaves=("D",), tricks={"C": 2, "A": 3, "B": 0}),
        Deal(tricks={"A": 5, "B": 0, "C": 0}),
        Deal(joins=(Join("D", "C"),), tricks={"A": 1, "B": 1, "C": 1, "D": 2}),
    ])
    assert sittings(session.steps) == {"D": ((1, 1), (4, 4))}
    card = session_card("english", session, NOV_28, [], "en")
    assert card.sat == "D until deal 1 · D from deal 4"


def test_the_card_title_carries_the_group_and_the_date_and_says_who_sat_when():
    card = session_card("english", whole_evening(), NOV_28, [], "en", group="Fredagsgänget",
                        finished=True)
    # The date is one piece, held by no-break spaces: a heading that wraps never splits it
    # (issue 63: "Soirée Mattmar · 3" above "déc. 2026").
    assert (card.title, card.subtitle) == ("Fredagsgänget · 28\u00a0Nov\u00a02026",
                                           "English Rams · Finished")
    assert card.sat == "Dag until deal 6 · Erik from deal 4"
    sv = session_card("Fredag", whole_evening(), NOV_28, [], "sv", group="Fredagsgänget")
    assert sv.title == "Fredag · Fredagsgänget · 28\u00a0nov.\u00a02026"
    assert sv.subtitle == "Rams (engelsk) · Inte avslutad: pengarna om den slutade nu"
    assert sv.sat == "Dag till och med giv 6 · Erik från giv 4"


def test_a_card_where_everyone_sat_every_deal_says_nothing_of_it():
    session = session_of("english", ("A", "B", "C"), [Deal(tricks={"B": 2, "C": 3, "A": 0})])
    assert session_card("english", session, NOV_28, [], "en").sat == ""


def test_the_card_picture_and_the_score_sheet_of_a_finished_session_say_finished():
    session = whole_evening()
    done = Evening((), "Fredagsgänget", NOV_28, True)
    live = Evening((), "Fredagsgänget", NOV_28, False)
    assert export("png", "english", session, "en", NOV_28, evening=done) != export(
        "png", "english", session, "en", NOV_28, evening=live)

    def sheet(evening: Evening) -> str:
        pdf = export("pdf", "english", session, "en", NOV_28, evening=evening)
        return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)

    assert "\nFinished\n" in sheet(done)
    assert "\nNot finished: the money if it ended now\n" in sheet(live)


def test_the_ledger_csv_of_a_finished_session_ends_with_a_finished_row():
    import csv

    session = whole_evening()
    done = Evening((), "Fredagsgänget", NOV_28, True)
    rows = list(csv.reader(io.StringIO(
        export("csv", "english", session, "sv", NOV_28, evening=done).decode("utf-8-sig"))))
    assert rows[-1][2:3] + rows[-1][-2:] == ["finished", "Avslutad", "card.finished"]
    live = list(csv.reader(io.StringIO(export("csv", "english", session, "sv", NOV_28)
                                       .decode("utf-8-sig"))))
    assert live[-1][2] != "finished"
    assert len(rows) == len(live) + 1


def test_a_tabs_card_holds_its_date_as_one_piece_too():
    from decimal import Decimal

    from scorekeeper.core import Money
    from scorekeeper.core.tab import Tab
    from scorekeeper.formats.result_card import tab_card

    no_evening = Tab(sessions=0, lines=(), transfers=())
    card = tab_card("Fredagsgänget", Money(Decimal(1), "SEK"), no_evening, [], NOV_28, "fr")
    assert card.subtitle.endswith(" · 28\u00a0nov.\u00a02026")

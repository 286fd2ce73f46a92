"""An unnamed session is called by its game in the reader's language (issue 26): stored
under its variant's key, shown as the game's name in whatever language reads it."""

from __future__ import annotations

import csv
import io

from scorekeeper.core import Deal
from scorekeeper.i18n import session_title
from scorekeeper.session import Scorebook
from tests.conftest import worked_example


def test_a_session_stored_without_a_name_is_called_by_its_game_in_each_language():
    assert session_title("english", "english", "en") == "English Rams"
    assert session_title("english", "english", "sv") == "Rams (engelsk)"
    assert session_title("english", "english", "de") == "Rams (englisch)"
    assert session_title("english", "english", "fr") == "Rams anglais"


def test_a_name_given_is_kept_as_given_in_every_language():
    assert session_title("Friday at the cabin", "english", "sv") == "Friday at the cabin"
    assert session_title("English Rams", "english", "sv") == "English Rams"


def test_the_csv_of_an_unnamed_session_names_it_in_the_language_asked_for(book: Scorebook):
    opened = book.create("", worked_example().table)
    book.record(opened.id, Deal(tricks={"Bengt": 2, "Cilla": 3}), opened.version)
    stored, written = book.export(opened.id, "csv", "sv")
    assert stored.name == "english"  # kept under the game's key, not one language's words
    rows = list(csv.reader(io.StringIO(written.decode("utf-8-sig"))))
    assert {row[0] for row in rows[1:]} == {"Rams (engelsk)"}

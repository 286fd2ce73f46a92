"""The evening's words (issue 49), in all four languages: counts through the catalogues'
plural forms, money received said as received, the session (not a game) finished, the
French colon, and the games' own words and ways (Ramsen: Härdöpfel, the turn to the right)."""

from __future__ import annotations

from datetime import date

import pytest

from scorekeeper.core import Deal, close, guide, make_money, rules_for
from scorekeeper.core.messages import msg
from scorekeeper.core.tab import SeasonLine, TabLine
from scorekeeper.i18n import render
from scorekeeper.i18n.evening_words import (
    flights_chart,
    flights_count,
    flights_heading,
    must_play_line,
    order_hint,
    season_line,
    tab_line,
    won_and_paid,
)
from tests.conftest import session_of

SEK = make_money("0.50", "SEK")
NNBSP = "\N{NARROW NO-BREAK SPACE}"
# French puts a no-break space before a colon, a narrow one before ; ! and ?
NBSP = "\N{NO-BREAK SPACE}"


def plain(said: str) -> str:
    """Money's own spaces read as plain ones (figures.py spaces as CLDR says)."""
    return said.replace("\N{NO-BREAK SPACE}", " ").replace(NNBSP, " ")


@pytest.mark.parametrize(("language", "one", "two"), [
    ("sv", "2. Astrid: 1 kväll, 1 vunnen, 12,50 kr, 1 flygning, 12,50 kr per kväll",
     "2. Astrid: 2 kvällar, 2 vunna, 12,50 kr, 2 flygningar, 6,25 kr per kväll"),
    ("en", "2. Astrid: 1 evening, 1 won, SEK 12.50, 1 flight, SEK 12.50 an evening",
     "2. Astrid: 2 evenings, 2 won, SEK 12.50, 2 flights, SEK 6.25 an evening"),
    ("de", "2. Astrid: 1 Abend, 1 gewonnen, 12,50 SEK, 1 Flug, 12,50 SEK pro Abend",
     "2. Astrid: 2 Abende, 2 gewonnen, 12,50 SEK, 2 Flüge, 6,25 SEK pro Abend"),
    ("fr", "2. Astrid : 1 soirée, 1 gagnée, 12,50 SEK, 1 envol, 12,50 SEK par soirée",
     "2. Astrid : 2 soirées, 2 gagnées, 12,50 SEK, 2 envols, 6,25 SEK par soirée"),
])
def test_the_season_line_counts_each_figure_in_its_plural_form(language, one, two):
    # and says the place first (second, here)
    assert plain(season_line(SeasonLine("Astrid", 1, 1, 1250, 1, 2), SEK, language)) == one
    assert plain(season_line(SeasonLine("Astrid", 2, 2, 1250, 2, 2), SEK, language)) == two


@pytest.mark.parametrize(("language", "line", "under"), [
    ("sv", "Dag: saldo 4,50 kr (vunnit 8,50 kr, tagit emot 4,00 kr)",
     "vunnit 8,50 kr · tagit emot 4,00 kr"),
    ("en", "Dag: balance SEK 4.50 (won SEK 8.50, received SEK 4.00)",
     "won SEK 8.50 · received SEK 4.00"),
    ("de", "Dag: Saldo 4,50 SEK (gewonnen 8,50 SEK, erhalten 4,00 SEK)",
     "gewonnen 8,50 SEK · erhalten 4,00 SEK"),
    ("fr", "Dag : solde 4,50 SEK (gagné 8,50 SEK, reçu 4,00 SEK)",
     "gagné 8,50 SEK · reçu 4,00 SEK"),
])
def test_the_tab_says_received_to_whoever_received_money(language, line, under):
    # Bengt won 8.50 and received 4.00 of it: paid out less received is -4.00.
    received = TabLine("Dag", 850, -400, 450)
    assert plain(tab_line(received, SEK, language)) == line
    assert plain(won_and_paid(received, SEK, language)) == under
    assert "-" not in plain(tab_line(received, SEK, language))


def test_the_tab_says_paid_to_whoever_paid_money():
    paid = TabLine("Dag", -850, 400, -450)
    assert plain(won_and_paid(paid, SEK, "en")) == "lost SEK 8.50 · paid SEK 4.00"
    assert plain(won_and_paid(paid, SEK, "sv")) == "förlorat 8,50 kr · betalt 4,00 kr"


@pytest.mark.parametrize(("language", "line"), [
    ("sv", "Dag: saldo -4,50 kr (förlorat 8,50 kr, betalt 4,00 kr)"),
    ("en", "Dag: balance -SEK 4.50 (lost SEK 8.50, paid SEK 4.00)"),
    ("de", "Dag: Saldo -4,50 SEK (verloren 8,50 SEK, bezahlt 4,00 SEK)"),
    ("fr", "Dag : solde -4,50 SEK (perdu 8,50 SEK, payé 4,00 SEK)"),
])
def test_the_tab_says_lost_to_whoever_lost_money(language, line):
    # Dag lost 8.50 over the group's sessions and paid 4.00 of it: a loss is said as one,
    # never "won -8.50", as a payment received is never "paid -4.00".
    lost = TabLine("Dag", -850, 400, -450)
    assert plain(tab_line(lost, SEK, language)) == line


@pytest.mark.parametrize(("language", "start"), [
    ("sv", "Spelkvällens slut: "), ("en", "End of session: "),
    ("de", "Ende des Spielabends: "), ("fr", f"Fin de séance{NBSP}: ")])
def test_the_end_of_session_pot_lines_name_the_session_not_a_game(language, start):
    # A game ends (Swedish "spelet", "ramsen"); the session, the evening, is finished.
    # Said alike of a session finished and of one only looked at "if it ended now".
    # RULES.md's worked example after deal 6: the pot (5) is split among the four.
    from tests.conftest import worked_example

    example = worked_example()
    entries = close(example.table, example.state).entries
    assert entries
    assert all(render(entry.reason, language).startswith(start) for entry in entries)


def test_french_puts_a_narrow_no_break_space_before_every_colon_in_the_assistant():
    said = must_play_line("Astrid", msg("must.one_point"), "fr")
    assert said == f"Astrid{NBSP}: à 1 point{NBSP}: doit frapper (jouer)"
    assert must_play_line("Astrid", msg("must.one_point"), "en").startswith("Astrid: ")


@pytest.mark.parametrize("language", ["sv", "en", "de", "fr"])
def test_ramsen_counts_haerdoepfel_where_the_others_count_flights(language):
    ramsen, mattmar = rules_for("ramsen"), rules_for("mattmar")
    assert flights_heading(ramsen, language) == "Härdöpfel"
    assert flights_count(ramsen, 2, language) == "2 Härdöpfel"
    assert flights_chart(ramsen, language)[0] == "Härdöpfel"
    assert flights_chart(ramsen, language)[1].endswith("Härdöpfel")
    for said in (flights_heading(mattmar, language), flights_count(mattmar, 2, language),
                 *flights_chart(mattmar, language)):
        assert "Härdöpfel" not in said


def test_the_other_games_count_flights_in_their_plural_forms():
    assert flights_count(rules_for("english"), 1, "sv") == "Flög 1 gång"
    assert flights_count(rules_for("english"), 2, "sv") == "Flög 2 gånger"
    assert flights_chart(rules_for("mattmar"), "en") == ("Flights", "Tricks and flights")


@pytest.mark.parametrize("variant", ["english", "denexa", "rounce", "pool", "mattmar",
                                     "counters"])
def test_the_rams_games_turn_to_the_left_as_their_sources_say(variant):
    # "Given går liksom spelet i övrigt medsols"; Denexa: "the player at the dealer's left".
    players = ("A", "B", "C")
    shown = guide(*table_and_state(variant, players))
    turn = shown.dealing[-1]
    assert (turn.key, turn.params) == ("dealing.turn_left", {"dealer": "A", "forehand": "B"})


def test_ramsen_turns_to_the_right_as_the_jass_source_says():
    # "Der rechts vom Spielgeber sitzende Spieler beginnt die erste Runde": the forehand,
    # next in order of play, sits on the dealer's right.
    shown = guide(*table_and_state("ramsen", ("A", "B", "C")))
    turn = shown.dealing[-1]
    assert (turn.key, turn.params) == ("dealing.turn_right", {"dealer": "A", "forehand": "B"})
    assert render(turn, "de") == ("Es geht nach rechts (gegen den Uhrzeigersinn): B, rechts "
                                  "von A, beginnt")
    assert "clockwise" not in render(turn, "en").replace("counterclockwise", "")


def table_and_state(variant: str, players: tuple[str, ...]):  # type: ignore[no-untyped-def]
    session = session_of(variant, players, [], first_dealer="A")
    return session.table, session.state


def test_the_result_card_says_the_money_is_as_if_it_ended_now_until_finished():
    from scorekeeper.formats.result_card import session_card

    session = session_of("english", ("A", "B", "C"), [Deal(tricks={"B": 2, "C": 3, "A": 0})])
    live = session_card("english", session, date(2026, 11, 28), [], "sv")
    done = session_card("english", session, date(2026, 11, 28), [], "sv", finished=True)
    assert live.subtitle == "Inte avslutad: pengarna om den slutade nu"
    assert done.subtitle == "Avslutad"


def test_ramsens_score_sheet_counts_haerdoepfel_not_flights():
    import io

    from pypdf import PdfReader

    from scorekeeper.formats.exports import export

    # Ramsen, A B C, dealer A: B 3 (+3), C 2 (+2), A went in and took none: a Härdöpfel.
    session = session_of("ramsen", ("A", "B", "C"), [Deal(tricks={"B": 3, "C": 2, "A": 0})])
    pdf = export("pdf", "ramsen", session, "de", date(2026, 11, 28))
    sheet = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Härdöpfel" in sheet
    assert "Flüge" not in sheet


def test_the_set_up_lists_the_players_in_the_order_the_turn_goes():
    # Where the player before the dealer sits, on the rows and in the assistant:
    # tests/test_seat_words.py.
    assert "counterclockwise" in order_hint(rules_for("ramsen"), "en")
    assert "(clockwise)" in order_hint(rules_for("mattmar"), "en")

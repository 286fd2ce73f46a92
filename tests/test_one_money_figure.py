"""Issue 9: "Players shows Anna -29.00 SEK where Settle up shows -28.00". One money figure
per player everywhere: what the player has won or lost if the session ends now, the
end-of-session pot rule applied (RULES.md), on the table, at settle-up and in the lifetime
statistics alike."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorekeeper.session import Scorebook
from scorekeeper.store.database import connect
from scorekeeper.store.sessions import SessionStore
from tests.conftest import worked_example


@pytest.fixture
def scorebook(db_url: str) -> Iterator[Scorebook]:
    engine = connect(db_url)
    yield Scorebook(SessionStore(engine))
    engine.dispose()


def test_the_players_screen_shows_the_money_settle_up_shows_while_in_play(
    scorebook: Scorebook,
):
    # RULES.md's worked example, still in play: A -28 units, but the 5 in the pot would be
    # split 1 each at the end (the rest to D): A -27 units at 0.50 = -13.50 SEK, not -14.00.
    session = scorebook.import_session("Friday at the cabin", worked_example())
    assert session.closing.money["Astrid"] == -1350
    astrid = scorebook.lifetime("Astrid")
    assert astrid[-1].money == {"SEK": -1350}


def test_every_players_lifetime_money_adds_up_to_the_settle_up_figures(scorebook: Scorebook):
    session = scorebook.import_session("Friday at the cabin", worked_example())
    lifetimes = scorebook.lifetimes()
    # A -13.50, B -6.00, C +9.50, D +10.00 (RULES.md)
    assert {name: rows[-1].money["SEK"] for name, rows in lifetimes.items()} == {
        "Astrid": -1350, "Bengt": -600, "Cilla": 950, "Dag": 1000}
    assert session.closing.money == {"Astrid": -1350, "Bengt": -600, "Cilla": 950, "Dag": 1000}

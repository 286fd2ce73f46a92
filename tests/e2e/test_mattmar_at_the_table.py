"""A three-player Mattmar evening with money, through the app in a real browser.

Ann, Bo and Cid in order of play, Ann deals first, one stake is 1 SEK. Every
figure below is worked out from RULES.md (family 2) and the Mattmar rules.
"""

from __future__ import annotations

import pytest

from tests.e2e.conftest import Server, Ui, tricks_button

PLAYERS = ["Ann", "Bo", "Cid"]


@pytest.mark.in_motion  # one whole evening as most people see it, every animation drawn
def test_mattmar_evening_with_money_through_the_app(ui: Ui, server: Server, tmp_path):
    ui.start_session(PLAYERS, "SEK", "1", game="Rams (Mattmar)")
    ui.shot("table-mattmar-evening-desktop-light")  # (test_screens has its own)

    # Game 1. Deal 1 (Ann deals; Bo speaks first): Bo 2, Cid 3; Ann flies to the cap
    # (10 + 5, capped at 10) and buys down to 8: Ann 8, Bo 8, Cid 7. The buy-down is
    # offered on her row once the tricks say she flew, in this deal (RULES.md).
    ui.tap(tricks_button("Bo", 2))
    ui.tap(tricks_button("Cid", 3))
    ui.tap("Ann buys down")
    ui.tap("Save deal 1")
    ui.see("Save deal 2")
    assert ui.scores(PLAYERS) == {"Ann": 8, "Bo": 8, "Cid": 7}
    # Deal 2 (Bo deals): Cid passes; Ann 3, Bo 2: Ann 5, Bo 6, Cid 7.
    ui.record(2, {"Ann": 3, "Bo": 2}, passes=("Cid",))
    # Deal 3 (Cid deals): Ann 4, Cid 1, Bo flies (6 + 5 = 11, capped at 10).
    ui.record(3, {"Ann": 4, "Cid": 1})
    assert ui.scores(PLAYERS) == {"Ann": 1, "Bo": 10, "Cid": 6}
    # Deal 4 (Ann deals): Ann is on 1 point and must knock; a pass is refused.
    ui.tap("Ann passes")
    ui.see("Ann is on 1 point and must knock, but passed")
    ui.tap("Ann passes")
    # Bo passes; Cid 2, Ann 3: Ann 1 - 3 = -2 ends game 1, won by Ann.
    ui.record(4, {"Cid": 2, "Ann": 3}, passes=("Bo",))
    ui.see("Game 1 won by Ann")

    # Game 2: everyone back on 10. Deal 5 (Bo deals) is entered wrongly, undone, redone.
    ui.record(5, {"Cid": 5})
    ui.tap("Undo deal 5")
    ui.tap("Undo")
    ui.see("Save deal 5")
    ui.record(5, {"Cid": 1, "Ann": 2, "Bo": 2})
    assert ui.scores(PLAYERS) == {"Ann": 8, "Bo": 8, "Cid": 9}
    # Deal 6 (Cid deals): everyone before the dealer passes: Cid takes five, 9 - 5 = 4.
    ui.record(6, {}, passes=("Ann", "Bo"))
    # Deal 7 (Ann deals): Bo 2, Ann 3, Cid flies (4 + 5 = 9) and pays a stake.
    ui.record(7, {"Bo": 2, "Ann": 3})
    assert ui.scores(PLAYERS) == {"Ann": 5, "Bo": 6, "Cid": 9}
    # Deal 8 (Bo deals): Cid 1, Ann 4; Bo flies (6 + 5 = 11, capped at 10).
    ui.record(8, {"Cid": 1, "Ann": 4})
    assert ui.scores(PLAYERS) == {"Ann": 1, "Bo": 10, "Cid": 8}

    # Correct deal 7: Bo took 3 and Ann 2. Then Ann is on 2 after deal 8, not 1.
    ui.page.get_by_role("button", name="Ledger").click()
    ui.tap("Correct Deal 7 · Ann dealt")
    ui.tap(tricks_button("Bo", 3))
    ui.tap(tricks_button("Ann", 2))
    ui.tap("Save deal 7")
    ui.see("Deal 7 · Ann dealt")
    ui.page.get_by_role("button", name="Back", exact=True).click()
    ui.see("Save deal 9")
    assert ui.scores(PLAYERS) == {"Ann": 2, "Bo": 10, "Cid": 8}

    replayed = server.replay(1, tmp_path)
    assert replayed["deals"] == 8
    assert ui.scores(PLAYERS) == {p["name"]: p["score"] for p in replayed["players"]}
    assert replayed["games"][0]["winners"] == ["Ann"]

    ui.settles_as(replayed, "SEK")
    ui.shot("settle-mattmar-desktop-light")

"""A four-player english evening, entirely through the app in a real browser.

The first six deals are RULES.md's worked example (A, B, C, D = Astrid, Bengt,
Cilla, Dag, one unit 0.50 SEK); then two more, an undo, a refused deal and a
correction of a past deal. The table screen must agree with `scorekeeper replay`.
"""

from __future__ import annotations

from tests.e2e.conftest import Server, Ui, tricks_button

PLAYERS = ["Astrid", "Bengt", "Cilla", "Dag"]


def test_english_evening_through_the_app(ui: Ui, server: Server, tmp_path):
    ui.start_session(PLAYERS, "SEK", "0.50", name="Friday at the cabin")
    ui.shot("table-empty-desktop-light")
    # The worked example, deal by deal.
    ui.record(1, {"Bengt": 2, "Cilla": 3})
    ui.record(2, {"Dag": 1, "Astrid": 4}, passes=("Cilla",))
    ui.record(3, {"Dag": 5}, extras=("General Rams", "Dag declared General Rams"))

    # Deal 4 is a single pot: a pass is refused, in words, and cannot be saved.
    ui.tap("Cilla passes")
    ui.tap(tricks_button("Astrid", 5))
    ui.see("single pot - everyone must play, but Cilla passed")
    ui.shot("table-refused-deal-desktop-light")
    ui.tap("Cilla passes")  # changes her mind: she plays
    ui.tap("General Rams")
    ui.tap("Astrid declared General Rams")
    ui.tap(tricks_button("Astrid", 1))
    ui.tap(tricks_button("Cilla", 1))
    ui.tap(tricks_button("Astrid", 5))  # a slip of the finger...
    ui.tap(tricks_button("Astrid", 1))  # ...corrected before saving
    ui.tap("Save deal 4")
    ui.see("Save deal 5")

    ui.record(5, {}, passes=("Bengt", "Cilla"), extras=("RH conceded",))
    ui.record(6, {"Cilla": 3, "Astrid": 2}, passes=("Dag", "Bengt"),
           extras=("Foul", "Astrid fouled", "Forfeit to", "Forfeit to Cilla"))
    # RULES.md: after deal 6, A −28, B −13, C 18, D 18, pot 5.
    assert ui.scores(PLAYERS) == {"Astrid": -28, "Bengt": -13, "Cilla": 18, "Dag": 18}
    ui.read("Pot: 10 with the ante")  # 5, and Cilla's ante for deal 7

    # Deal 7 (Cilla deals, pot 5 + 5, a trick pays 2) and deal 8 (Dag deals a single pot).
    ui.record(7, {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1})
    ui.record(8, {"Astrid": 5})  # Bengt, Cilla and Dag are looed
    ui.shot("table-after-eight-deals-desktop-light")

    # Undo deal 8 and record it as it really went.
    ui.tap("Undo deal 8")
    ui.tap("Undo")
    ui.see("Save deal 8")
    ui.record(8, {"Astrid": 3, "Bengt": 2})

    # Correct deal 7 in the ledger: Dag took 3, Astrid none.
    ui.page.get_by_role("button", name="Ledger").click()
    ui.tap("Correct Deal 7 · Cilla dealt")
    ui.see("Correct deal 7")
    ui.tap(tricks_button("Dag", 3))
    ui.tap(tricks_button("Astrid", 0))
    ui.tap("Save deal 7")
    ui.see("Deal 7 · Cilla dealt")
    ui.shot("ledger-corrected-deal-desktop-light")
    ui.page.get_by_role("button", name="Back", exact=True).click()
    ui.see("Save deal 9")

    replayed = server.replay(1, tmp_path)
    assert replayed["deals"] == 8
    assert ui.scores(PLAYERS) == {p["name"]: p["score"] for p in replayed["players"]}
    ui.read(f"Pot: {replayed['pot'] + 5} with the ante")

    # Settle up shows the transfers replay computes, and the money.
    ui.settles_as(replayed, "SEK")
    ui.shot("settle-english-evening-desktop-light")

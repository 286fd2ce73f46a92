"""Issue 9's rule on the settle-up and players screens: every action is tapped in a real
browser and its effect is checked. Issue 14: a code per transfer, scanned back from what
the screen shows. Issue 23: money paid, whole or in part, stays paid through later deals
and is in every export.

The session is RULES.md's worked example (friday-at-the-cabin.json, SEK 0.50 a unit):
Astrid → Dag 10.00, Astrid → Cilla 3.50, Bengt → Cilla 6.00.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from urllib.parse import unquote

import pytest
from playwright.sync_api import Browser
from pypdf import PdfReader

from tests.e2e.conftest import CABIN, HeldSocket, Server, Ui
from tests.qr_decode import zxing

ROSTER = {"format": "scorekeeper-roster/1", "players": [
    {"name": "Dag", "swish": "070-123 45 67"}, {"name": "Cilla", "swish": "+46 73 987 65 43"}]}
# Every transfer: (payer, payee, the amount as the screen writes it, as Swish carries it)
TRANSFERS = [("Astrid", "Dag", "SEK 10.00", "10,00", "0701234567"),
             ("Astrid", "Cilla", "SEK 3.50", "3,50", "0739876543"),
             ("Bengt", "Cilla", "SEK 6.00", "6,00", "0739876543")]
MESSAGE = "English Rams, Friday at the cabin"


def stored_with_details(server: Server, tmp: Path) -> None:
    server.holds(CABIN)
    roster = tmp / "roster.json"
    roster.write_text(json.dumps(ROSTER), encoding="utf-8")
    assert server.cli("players", "--import", str(roster)).returncode == 0


def code_label(payer: str, payee: str, amount: str) -> str:
    return f"Payment code, Swish: {payer} pays {payee} {amount}"


def code_node(ui: Ui, label: str):  # type: ignore[no-untyped-def]
    """The code as the screen reader finds it: its label whole, a no-break space (between an
    amount and its currency, a figure and its word) read as a space."""
    return ui.page.get_by_label(label, exact=True).first


def in_view(ui: Ui, label: str):  # type: ignore[no-untyped-def]
    """Scroll the screen (as a thumb does: the wheel over the list) until the whole code
    is in view; Flutter moves its semantics nodes with it."""
    node = code_node(ui, label)
    height = ui.page.viewport_size["height"]  # type: ignore[index]
    for _ in range(12):
        box = settled_box(ui, node)
        # a node cut off by the edge of the list is as tall as what shows of it
        whole = box["height"] >= box["width"] - 1
        if whole and box["y"] >= 60 and box["y"] + box["height"] <= height - 10:
            break
        # cut off by the top edge, or under the bar: up; else down
        up = box["y"] < 60 or (not whole and box["y"] + box["height"] < height / 2)
        ui.page.mouse.move(195, height / 2)
        ui.page.mouse.wheel(0, -200 if up else 300)
    else:
        raise AssertionError(f"{label} cannot be scrolled whole into view")
    return node


def settled_box(ui: Ui, node):  # type: ignore[no-untyped-def]
    """Where ``node`` is once the list has stopped moving: the same place two frames apart."""
    box = node.bounding_box()
    for _ in range(50):
        ui.next_frame()
        if (now := node.bounding_box()) == box:
            break
        box = now
    assert box is not None
    return box


def scanned(ui: Ui, label: str) -> str:
    """What a phone reads from the code the screen shows: a screenshot of just the code,
    decoded by ZXing (the decoder family banking apps use)."""
    found = zxing(ui.picture(in_view(ui, label)))
    assert len(found) == 1, f"no code readable at {label}"
    return found[0].decode("utf-8")


def exported(server: Server, tmp: Path, *args: str) -> bytes:
    target = tmp / "cli-export"
    result = server.cli("export", "1", *args, "-o", str(target))
    assert result.returncode == 0, result.stderr
    return target.read_bytes()


def downloaded(ui: Ui, button: str) -> bytes:
    with ui.page.expect_download(timeout=30_000) as info:
        ui.tap(button)
    return Path(info.value.path()).read_bytes()


def pdf_text(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


def test_every_transfer_shows_a_code_a_phone_reads_as_the_payee_and_the_amount(
        phone: Ui, server: Server, tmp_path: Path):
    stored_with_details(server, tmp_path)
    phone.open("/session/1/settle")
    for payer, payee, amount, swish_amount, number in TRANSFERS:
        label = code_label(payer, payee, amount)
        phone.see(label)
        payee_field, amount_field, message, _ = scanned(phone, label).split(";")
        assert (payee_field, amount_field) == (f"C{number}", swish_amount)
        assert unquote(message) == MESSAGE
        # beside the code, for a payer who types instead: the exact sum and the message
        phone.see(f"{amount} exactly")
        phone.see(f"Message: {MESSAGE}")

    # Astrid hands Dag 4.00 of her 10.00: Astrid -9.50 and Cilla +9.50, Bengt -6.00 and Dag
    # +6.00 square each other, two transfers where the plan less her 4.00 had three. The
    # settle-up says so once, above them (issue 63), and the new transfers have codes.
    phone.tap("Astrid paid Dag a part")
    phone.type("Amount Astrid paid Dag", "4.00")
    phone.tap("Save payment")
    phone.see("That payment leaves 1 transfer fewer: Astrid now pays Cilla SEK 9.50 and "
              "Bengt now pays Dag SEK 6.00")
    phone.scroll_up_to("Who pays whom")
    phone.shot("settle-plan-moved-phone")
    payee_field, amount_field, _, _ = scanned(
        phone, code_label("Bengt", "Dag", "SEK 6.00")).split(";")
    assert (payee_field, amount_field) == ("C0701234567", "6,00")


def test_where_no_code_can_be_offered_the_screen_says_why(phone: Ui, server: Server):
    server.holds(CABIN)  # nobody's details are kept
    phone.open("/session/1/settle")
    phone.read("no payment code: Dag has no payment details")
    phone.read("no payment code: Cilla has no payment details")


def test_copy_as_text_names_every_transfer_and_where_to_pay_it(phone: Ui, server: Server,
                                                              tmp_path: Path):
    stored_with_details(server, tmp_path)
    phone.open("/session/1/settle")
    phone.see(code_label(*TRANSFERS[0][:3]))
    phone.tap("Copy as text")
    phone.see("Copied: paste it in your group chat")
    # (the amount's no-break space read as a space: that is how it pastes and reads)
    copied = phone.page.evaluate("navigator.clipboard.readText()").replace("\u00a0", " ")
    assert "Astrid pays Dag SEK 10.00 – Swish 070-123 45 67" in copied
    assert "Astrid pays Cilla SEK 3.50 – Swish 073-987 65 43" in copied
    assert "Bengt pays Cilla SEK 6.00 – Swish 073-987 65 43" in copied


def test_a_transfer_paid_is_in_every_export_and_each_download_is_the_cli_file(
        phone: Ui, server: Server, tmp_path: Path):
    stored_with_details(server, tmp_path)
    phone.open("/session/1/settle")
    phone.see(code_label(*TRANSFERS[0][:3]))
    phone.tap("Astrid paid Dag in full (SEK\u00a010.00)")
    phone.see("Astrid paid Dag SEK 10.00")
    # Paid: its code is gone, the others stay
    code_node(phone, code_label(*TRANSFERS[0][:3])).wait_for(state="detached")
    phone.see(code_label(*TRANSFERS[1][:3]))

    session_file = downloaded(phone, "Session file (JSON)")
    assert session_file == exported(server, tmp_path, "--format", "json")
    assert json.loads(session_file)["payments"] == [
        {"from": "Astrid", "to": "Dag", "amount": "10.00"}]

    ledger = downloaded(phone, "Ledger (CSV)")
    assert ledger == exported(server, tmp_path, "--format", "csv")
    last = list(csv.DictReader(io.StringIO(ledger.decode("utf-8-sig"))))[-1]
    assert (last["kind"], last["from"], last["to"], last["money"]) == (
        "paid", "Astrid", "Dag", "10.00")

    sheet = downloaded(phone, "Score sheet (PDF)")
    assert sheet.startswith(b"%PDF")
    assert pdf_text(sheet) == pdf_text(exported(server, tmp_path, "--format", "pdf"))
    assert "Astrid paid Dag SEK 10.00" in " ".join(pdf_text(sheet).split())

    phone.open("/session/1/ledger")  # and the ledger says so above the deals
    phone.see("Astrid paid Dag SEK 10.00")


def test_money_paid_stays_paid_when_later_deals_change_the_settle_up(phone: Ui, server: Server,
                                                                       tmp_path: Path):
    server.holds(CABIN)
    phone.open("/session/1/settle")
    phone.tap("Astrid paid Dag in full (SEK\u00a010.00)")
    phone.see("Astrid paid Dag SEK 10.00")
    # Deal 7: Cilla deals (pot 5 + her 5 = 10, 2 a trick); Dag 2 tricks, the others 1.
    # Units: Astrid -28 + 2 = -26, Bengt -13 + 2 = -11, Cilla 18 - 5 + 2 = 15, Dag 18 + 4
    # = 22; money at 0.50: -13.00, -5.50, 7.50, 11.00. The plan: Astrid → Dag 11.00,
    # Astrid → Cilla 2.00, Bengt → Cilla 5.50; of the first, 10.00 is paid.
    phone.open("/session/1")
    phone.record(7, {"Dag": 2, "Astrid": 1, "Bengt": 1, "Cilla": 1})
    phone.open("/session/1/settle")
    phone.read("Astrid pays Dag SEK\u00a01.00")
    phone.read("paid SEK\u00a010.00 of SEK\u00a011.00")
    phone.read("Astrid pays Cilla SEK\u00a02.00")
    phone.read("Bengt pays Cilla SEK\u00a05.50")
    phone.see("Astrid paid Dag SEK 10.00")

    # Bengt hands Cilla 2.50 of his 5.50.
    phone.tap("Bengt paid Cilla a part")
    phone.type("Amount Bengt paid Cilla", "2.50")
    phone.tap("Save payment")
    phone.read("Bengt pays Cilla SEK\u00a03.00")
    phone.read("paid SEK\u00a02.50 of SEK\u00a05.50")

    replayed = server.replay(1, tmp_path)
    assert [(p["name"], p["money"], p["paid"]) for p in replayed["players"]] == [
        ("Astrid", "-13.00", "10.00"), ("Bengt", "-5.50", "2.50"),
        ("Cilla", "7.50", "-2.50"), ("Dag", "11.00", "-10.00")]
    assert replayed["transfers"] == [{"from": "Astrid", "to": "Dag", "amount": "1.00"},
                                     {"from": "Astrid", "to": "Cilla", "amount": "2.00"},
                                     {"from": "Bengt", "to": "Cilla", "amount": "3.00"}]
    phone.open("/session/1/ledger")
    phone.see("Astrid paid Dag SEK 10.00")
    phone.see("Bengt paid Cilla SEK 2.50")


def test_finishing_asks_first_then_shows_the_session_finished(phone: Ui, server: Server,
                                                              tmp_path: Path):
    stored_with_details(server, tmp_path)
    phone.open("/session/1/settle")
    phone.tap("Finish the session")
    phone.see("Finish the session?")
    phone.tap("Finish")
    phone.see("This session is finished.")
    assert "finished" in server.cli("sessions").stdout


def test_payment_details_are_checked_when_entered_and_shown_back_formatted(
        ui: Ui, server: Server, tmp_path: Path):
    ui.open("/players")
    ui.type("Player's name", "Urs")
    ui.tap("Add player")
    ui.see("Payment details of Urs")
    ui.tap("Payment details of Urs")
    ui.type("IBAN", "DE88 3704 0044 0532 0130 00")  # the check digits of DE89... broken
    ui.type("Account holder", "Urs Kälin")
    ui.tap("Save the payment details of Urs")
    ui.see("does not add up: a digit is mistyped")
    roster = tmp_path / "roster.json"
    assert server.cli("players", "--export", str(roster)).returncode == 0
    assert json.loads(roster.read_text())["players"] == [{"name": "Urs"}]  # nothing kept
    ui.type("IBAN", "de89370400440532013000")
    ui.tap("Save the payment details of Urs")
    ui.see("Payment details of Urs saved")
    ui.see("IBAN: DE89 3704 0044 0532 0130 00 (Urs Kälin)")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_settle_up_with_codes_on_a_phone_is_kept_as_a_screenshot(
        browser: Browser, server: Server, tmp_path: Path, theme: str):
    stored_with_details(server, tmp_path)
    (server.data / "settings.json").write_text(json.dumps({"dark": theme == "dark"}))
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        ui = Ui(context.new_page(), server.url)
        ui.open("/session/1/settle")
        label = code_label(*TRANSFERS[0][:3])
        ui.see(label)
        in_view(ui, label)
        ui.shot(f"settle-codes-phone-{theme}")
        assert scanned(ui, label).startswith("C0701234567;10,00;")
    finally:
        context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_settle_up_partly_paid_on_a_phone_is_kept_as_a_screenshot(
        browser: Browser, server: Server, tmp_path: Path, theme: str):
    document = json.loads(CABIN.read_text(encoding="utf-8"))
    document["payments"] = [{"from": "Astrid", "to": "Dag", "amount": "5.00"}]
    (tmp_path / "paid.json").write_text(json.dumps(document), encoding="utf-8")
    server.holds(tmp_path / "paid.json")
    (server.data / "settings.json").write_text(json.dumps({"dark": theme == "dark"}))
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        ui = Ui(context.new_page(), server.url)
        ui.open("/session/1/settle")
        ui.read("paid SEK\u00a05.00 of SEK\u00a010.00")
        ui.scroll_up_to("Who pays whom")  # the transfers at the top
        ui.shot(f"settle-partly-paid-phone-{theme}")
    finally:
        context.close()


def test_a_roster_exported_on_one_device_is_imported_in_the_app_of_another(
        phone: Ui, server: Server, tmp_path: Path):
    roster = tmp_path / "roster.json"
    roster.write_text(json.dumps(ROSTER), encoding="utf-8")
    phone.open("/players")
    phone.see("No players yet")
    phone.pick_file("Import a roster", roster)
    phone.see("Roster read: Dag, Cilla")
    phone.see("Swish: 070-123 45 67")
    phone.see("Swish: 073-987 65 43")
    assert server.cli("players").stdout.split() == ["Cilla", "Dag"]
    # What this device exports is what it was given: the same players, the same numbers.
    players = json.loads(downloaded(phone, "Export the roster"))["players"]
    assert sorted(players, key=lambda p: p["name"]) == [
        {"name": "Cilla", "swish": "0739876543"}, {"name": "Dag", "swish": "0701234567"}]


def test_a_roster_with_one_wrong_detail_is_refused_in_the_app_and_nobody_is_added(
        phone: Ui, server: Server, tmp_path: Path):
    roster = tmp_path / "roster.json"
    roster.write_text(json.dumps({"players": [
        {"name": "Dag", "swish": "070-123 45 67"},
        {"name": "Urs", "iban": "DE88370400440532013000", "holder": "Urs"}]}), encoding="utf-8")
    phone.open("/players")
    phone.pick_file("Import a roster", roster)
    phone.see("The roster was not imported:")
    phone.see("Urs")
    assert server.cli("players").stdout.split() == []


def test_a_part_that_is_no_amount_is_refused_on_its_field_and_nothing_is_paid(
        phone: Ui, server: Server, tmp_path: Path):
    server.holds(CABIN)
    phone.open("/session/1/settle")
    phone.tap("Astrid paid Dag a part")
    phone.type("Amount Astrid paid Dag", "1,00")  # English writes 1.00
    phone.tap("Save payment")
    phone.see("1,00 is not an amount of money")
    phone.type("Amount Astrid paid Dag", "0.001")
    phone.tap("Save payment")
    phone.see("0.001 is finer than the currency's smallest coin (2 decimals)")
    assert json.loads(server.cli("export", "1", "--format", "json").stdout)["payments"] == []


def test_a_payment_taken_back_is_owed_again(phone: Ui, server: Server, tmp_path: Path):
    document = json.loads(CABIN.read_text(encoding="utf-8"))
    document["payments"] = [{"from": "Astrid", "to": "Dag", "amount": "5.00"}]
    (tmp_path / "paid.json").write_text(json.dumps(document), encoding="utf-8")
    server.holds(tmp_path / "paid.json")
    phone.open("/session/1/settle")
    phone.read("Astrid pays Dag SEK\u00a05.00")
    phone.tap("Take back: Astrid paid Dag SEK\u00a05.00")
    phone.see("Taken back: Astrid paid Dag SEK 5.00")
    phone.read("Astrid pays Dag SEK\u00a010.00")  # the whole 10.00 is owed again
    assert json.loads(server.cli("export", "1", "--format", "json").stdout)["payments"] == []


def test_a_take_back_tapped_before_the_screen_caught_up_takes_back_the_payment_it_named(
        ui: Ui, held: HeldSocket, server: Server, tmp_path: Path):
    # Three payments, Astrid to Dag: 1.00, 2.00 and 3.00. The first is taken back; before the
    # page has drawn the lines closing up, the finger is already on the second, 2.00. The
    # app must take back the payment the line said, 2.00, never the one that moved into its
    # place on the server's side (3.00).
    document = json.loads(CABIN.read_text(encoding="utf-8"))
    document["payments"] = [{"from": "Astrid", "to": "Dag", "amount": amount}
                            for amount in ("1.00", "2.00", "3.00")]
    (tmp_path / "paid.json").write_text(json.dumps(document), encoding="utf-8")
    server.holds(tmp_path / "paid.json")
    ui.open("/session/1/settle")
    ui.see("Take back: Astrid paid Dag SEK 3.00")
    held.tap_ahead_of_the_screen("Take back: Astrid paid Dag SEK\u00a01.00",
                                 "Take back: Astrid paid Dag SEK\u00a02.00")
    ui.see("Taken back: Astrid paid Dag SEK 2.00")
    ui.see("Take back: Astrid paid Dag SEK 3.00")
    stored = json.loads(server.cli("export", "1", "--format", "json").stdout)["payments"]
    assert [payment["amount"] for payment in stored] == ["3.00"]


def test_money_lines_say_their_amount_and_unit_and_the_pot_alike_everywhere(
        phone: Ui, server: Server, tmp_path: Path):
    """Issue 63, in German. Ramsen to 5 for CHF 1 a stake: game 1 won by Bo (Bo 3 + 2, Cid
    2 + 2, Ann 0 + 1), game 2 not begun; and RULES.md's worked example (session 2)."""
    ramsen = tmp_path / "ramsen.json"
    ramsen.write_text(json.dumps({
        "format": "scorekeeper/1", "name": "Jass", "variant": "ramsen",
        "options": {"money": True, "target": 5}, "players": ["Ann", "Bo", "Cid"],
        "first_dealer": "Ann", "money": {"currency": "CHF", "unit": "1"},
        "deals": [{"tricks": {"Bo": 3, "Cid": 2, "Ann": 0}},
                  {"tricks": {"Bo": 2, "Cid": 2, "Ann": 1}}]}), encoding="utf-8")
    server.holds(ramsen, CABIN)
    (server.data / "settings.json").write_text(json.dumps({"language": "de"}))
    # What the pot holds, as the table's header says it and settle-up says it: empty until
    # game 2's first deal books the three stakes (settle-up said "Der Pott ist leer.").
    phone.open("/session/1")
    phone.see("Pott: 3 mit den Einsätzen der Partie 2")
    phone.open("/session/1/settle")
    phone.see("Pott: 3 mit den Einsätzen der Partie 2")
    phone.shot("settle-ramsen-phone-de")
    # A row's money and the pot share it holds: "davon" of a gain that holds it, "inkl."
    # of a loss (Astrid -13.50, 0.50 of it the pot's; Cilla +9.50, 0.50 of it the pot's).
    phone.open("/session/2")
    phone.see("davon 0,50 SEK aus dem Pott")
    phone.see("inkl. 0,50 SEK aus dem Pott")
    phone.shot("table-english-phone-de-pot-shares")
    # The end-of-session rule's lines give the money they move: Dag 2 units at 0.50.
    phone.open("/session/2/settle")
    phone.see("Dag bekommt 1,00 SEK von dem, was im Pott blieb")

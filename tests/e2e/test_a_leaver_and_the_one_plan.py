"""Issue 49, the evening's edges, at phone size (390x844) in Swedish, as the table that
reported them plays: what Dag owes when he goes home, with and without a part paid, and
one plan of payments on every screen, file and command once the evening is finished.

The evening is tests/evening.py's (English Rams, SEK, one unit 0,50 kr; Erik sits down
for deal 4, Dag goes home after deal 6), its first six deals imported: the payments, the
leave, the later deals and Finish are tapped. Units after deal 6, worked by hand there
from RULES.md: Astrid -5, Bengt 14, Cilla 2, Dag -17, Erik -9; the pot holds 15.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from scorekeeper.formats.replay import replay_report
from scorekeeper.formats.session_file import Evening, dump_session
from scorekeeper.session.files import read_session
from tests.e2e.conftest import Server, Ui
from tests.evening import evening
from tests.test_result_card import line_with, read_back

GROUP = "Fredagsgänget"
# The plan once the evening is finished (tests/test_one_plan_of_payments.py works it):
# after deal 8 the money is Astrid +5,50, Bengt +12,50, Cilla -0,50, Dag -8,50, Erik
# -9,00. Dag handed Bengt 4,00 along the settle-up's plan; the README's decision: the
# transfer a payment went along stands while the fewest transfers still settle, so Dag
# pays Bengt the rest, 8,50 - 4,00 = 4,50 (not Astrid, as a plan made afresh from what is
# still owed would say), and the others settle as without payments: Erik pays Astrid
# 5,50 and Bengt 3,50, Cilla pays Bengt 0,50. Four transfers, by payer in order of play.
THE_PLAN = [("Cilla", "Bengt", "0,50"), ("Dag", "Bengt", "4,50"), ("Erik", "Astrid", "5,50"),
            ("Erik", "Bengt", "3,50")]
PAID = ("4,00", "8,50")  # "betalt 4,00 kr av 8,50 kr", beside Dag's transfer
# What Dag owes going home and why it is not his row's -7,00: the leave panel's sentence,
# settle-up's and ``show``'s (core/leaving.py, i18n/evening_words.py leaving_line).
LEAVING = ("Dag ska betala {owes} när hen går: -7,00\u00a0kr om sessionen slutade med Dag kvar "
           "vid bordet, utan 1,50\u00a0kr ur potten, som den som går avstår{paid}")


def kr(figure: str) -> str:
    """An amount as Swedish writes it: 8,50 kr (a no-break space before the currency)."""
    return f"{figure}\u00a0kr"


def plan_as_read(transfer: str = "{0} betalar {1} {2} kr",
                 paid: str = "betalt {0} kr av {1} kr") -> list[str]:
    """THE_PLAN as the settle-up and the tab read it out (a person reads the no-break space
    as a space), what is paid under Dag's transfer; ``show`` writes it as it writes them."""
    lines = []
    for payer, payee, figure in THE_PLAN:
        lines.append(transfer.format(payer, payee, figure))
        if (payer, payee) == ("Dag", "Bengt"):
            lines.append(paid.format(*PAID))
    return lines


def after_deal_six(server: Server, tmp: Path, group: str | None = None) -> None:
    """Session 1: the evening's first six deals, Swedish on screen, Bengt deals deal 7."""
    document = dump_session("Fredag", evening(), Evening(group=group))
    (tmp / "fredag.json").write_text(json.dumps(document), encoding="utf-8")
    server.holds(tmp / "fredag.json")
    (server.data / "settings.json").write_text(json.dumps({"language": "sv"}))


def record(ui: Ui, number: int, tricks: dict[str, int]) -> None:
    """One deal as a scorer enters it (those who fly are left at 0), then Save."""
    for player, count in tricks.items():
        ui.tap(f"{player} {count} stick")
    ui.tap(f"Spara giv {number}")
    ui.see(f"Spara giv {number + 1}")


def dag_stands_up(ui: Ui) -> None:
    ui.tap("Någon går")
    ui.tap("Vem går: Dag")


def pay_part(ui: Ui, payer: str, payee: str, figure: str) -> None:
    ui.tap(f"{payer} har betalat {payee} en del")
    ui.type(f"Belopp {payer} betalade {payee}", figure)
    ui.tap("Spara betalningen")


def transfers_read(ui: Ui) -> list[str]:
    """Who pays whom and what of it is paid, as the screen reads them out, top to bottom."""
    return [line for line in ui.readouts("")
            if (" betalar " in line and line.endswith(" kr")) or line.startswith("betalt ")]


def test_a_leaver_owes_his_money_without_the_pot_share(phone: Ui, server: Server,
                                                        tmp_path: Path):
    after_deal_six(server, tmp_path)
    phone.open("/session/1")
    phone.see("Spara giv 7")
    # Were the evening to end now, the pot's 15 would go 3 to each of the five: Dag
    # -17 + 3 = -14 units, 7,00 kr, as his row says (read before the panel opens: on a
    # phone it takes the rows' place). Leaving, he keeps his net units and gives up his
    # claim on the pot (RULES.md, "Pot games"): -17 units at 0,50 kr, 8,50 kr to pay. The
    # panel says both figures, and why they differ, in one sentence.
    phone.read(f"-{kr('7,00')}")
    dag_stands_up(phone)
    phone.read(LEAVING.format(owes=kr("8,50"), paid=""))
    phone.shot("table-dag-leaves-phone-sv-why")
    phone.tap("Gör upp nu")
    # Once he has gone the pot goes to the four who stay: 3 each, and the 3 left one each
    # from the forehand of deal 7 (Bengt deals; Cilla, Erik, Astrid): Astrid -1, Bengt 17,
    # Cilla 6, Erik -5 units. Dag's -17 and Bengt's 17 cancel out: Dag pays Bengt 8,50;
    # Erik pays Cilla 2,50 and Astrid Cilla 0,50.
    phone.see("Innan Dag går")
    phone.read("Resultat om sessionen slutar när Dag har gått")
    phone.read(f"Dag: -{kr('8,50')}")
    phone.read(LEAVING.format(owes=kr("8,50"), paid=""))
    # One debt, one transfer: his panel's, not as well the 7,00 he would pay were he to stay.
    assert transfers_read(phone) == [f"Dag betalar Bengt {kr('8,50')}".replace("\u00a0", " "),
                                     "Erik betalar Cilla 2,50 kr", "Astrid betalar Cilla 0,50 kr"]
    phone.scroll_up_to("Innan Dag går")
    phone.shot("settle-before-dag-leaves-phone-sv")
    phone.tap(f"Dag har betalat Bengt allt ({kr('8,50')})")
    phone.read("Dag är kvitt och kan gå")


def test_a_leaver_who_paid_part_owes_the_rest(phone: Ui, server: Server, tmp_path: Path):
    after_deal_six(server, tmp_path)
    phone.open("/session/1/settle")
    # The plan were the evening to end now (money Astrid -1,00, Bengt +8,50, Cilla +2,50,
    # Dag -7,00, Erik -3,00): the largest debt pays the largest credit, Dag pays Bengt
    # 7,00. Dag hands Bengt 4,00 of it: 3,00 left of this plan.
    phone.read(f"Dag betalar Bengt {kr('7,00')}")
    pay_part(phone, "Dag", "Bengt", "4,00")
    phone.read(f"Dag betalar Bengt {kr('3,00')}")
    phone.read(f"betalt {kr('4,00')} av {kr('7,00')}")
    phone.go("/session/1")
    dag_stands_up(phone)
    # What he owes leaving is 8,50 (his -17 units, the pot given up), less the 4,00 paid:
    # 4,50; not 7,00 - 4,00 = 3,00, which counts the pot's share he gives up.
    phone.read(LEAVING.format(owes=kr("4,50"), paid=f", och {kr('4,00')} redan betalt"))
    phone.shown(f"Dag betalade Bengt {kr('4,00')}").wait_for(state="detached")
    phone.shot("table-dag-leaves-phone-sv")  # once the payment's notice has gone
    phone.tap("Gör upp nu")
    # His transfer once he has gone, to Bengt, is 8,50; 4,00 of it paid, 4,50 left.
    phone.see("Innan Dag går")
    phone.read(f"Dag betalar Bengt {kr('4,50')}")
    phone.read(f"betalt {kr('4,00')} av {kr('8,50')}")
    phone.scroll_up_to("Innan Dag går")
    phone.shot("settle-before-dag-leaves-paid-part-phone-sv")
    phone.tap(f"Dag har betalat Bengt allt ({kr('4,50')})")
    phone.read("Dag är kvitt och kan gå")
    # He goes home with deal 7 (Bengt deals: Astrid 2, Bengt 3; Cilla and Erik fly). He is
    # at -17 units, -8,50 kr, and has paid 4,00 + 4,50 = 8,50: he owes nothing.
    phone.go("/session/1")
    phone.see("Dag går")
    record(phone, 7, {"Astrid": 2, "Bengt": 3})
    phone.go("/session/1/settle")
    phone.read("Dag: kvitt")
    # ``show`` says what he owed going home as the panel did, and that he paid it.
    shown = server.cli("--lang", "sv", "show", "1")
    assert ("Gick med giv 7: Dag är kvitt när hen går: -7,00\u00a0kr om sessionen slutade "
            "med Dag kvar vid bordet, utan 1,50\u00a0kr ur potten, som den som går avstår, "
            "och 8,50\u00a0kr redan betalt") in shown.stdout.splitlines()


def test_one_plan_everywhere(phone: Ui, server: Server, tmp_path: Path):
    after_deal_six(server, tmp_path, group=GROUP)
    phone.open("/session/1/settle")
    # Dag hands Bengt 4,00 along the plan as it stands after deal 6 (Dag pays Bengt 7,00),
    # then goes home with deal 7; deals 7 and 8 as tests/evening.py's, and Finish.
    pay_part(phone, "Dag", "Bengt", "4,00")
    phone.read(f"betalt {kr('4,00')} av {kr('7,00')}")
    phone.go("/session/1")
    dag_stands_up(phone)
    phone.tap("Går")
    record(phone, 7, {"Astrid": 2, "Bengt": 3})  # Bengt deals: Cilla and Erik fly
    record(phone, 8, {"Astrid": 2, "Bengt": 1, "Cilla": 2})  # Cilla deals: Erik flies
    phone.go("/session/1/settle")
    phone.tap("Avsluta sessionen")
    phone.tap("Avsluta")
    phone.see("Sessionen är avslutad.")

    # The settle-up: the four transfers, and 4,00 of Dag's 8,50 paid.
    read = plan_as_read()
    assert transfers_read(phone) == read

    # The exported session file, downloaded: the payment as it was made, and replayed, the
    # same plan; 4,00 paid + 4,50 left = Dag's 8,50.
    with phone.page.expect_download(timeout=30_000) as download:
        phone.tap("Sessionsfil (JSON)")
    file = json.loads(Path(download.value.path()).read_bytes())
    assert (file["group"], file["finished"]) == (GROUP, True)
    assert file["payments"] == [{"from": "Dag", "to": "Bengt", "amount": "4.00"}]
    replayed = read_session(json.dumps(file))
    report = replay_report(replayed.session, replayed.evening.payments)
    assert [(t["from"], t["to"], t["amount"].replace(".", ","))
            for t in report["transfers"]] == THE_PLAN

    # The result card, downloaded and read back as a person reads it (OCR).
    phone.tap("Resultatkort")
    with phone.page.expect_download(timeout=30_000) as download:
        phone.tap("Ladda ner kortet")
    card = read_back(Path(download.value.path()).read_bytes(), "sv", tmp_path)
    for payer, payee, figure in THE_PLAN:
        line_with(card, payer, "betalar", payee, figure)
    line_with(card, "betalt", *PAID)

    # The group's tab: this finished evening alone, the same plan and what is paid.
    # The charts: Erik's line begins at deal 4, which he sat down for (no 0 before it), and
    # Dag's stops at deal 6 (tests/test_join_and_leave_in_the_session_file.py holds the
    # points; a chart's lines are no text to read).
    phone.go("/session/1/charts")
    phone.see("Poäng efter varje giv")
    phone.shot("charts-erik-joins-dag-leaves-phone-sv")

    phone.go(f"/group/{quote(GROUP)}")
    phone.read(f"Dag: saldo -{kr('4,50')} (förlorat {kr('8,50')}, betalt {kr('4,00')})")
    assert transfers_read(phone) == read

    # ``scorekeeper show`` on the same database: the same plan, and what is paid of it.
    shown = server.cli("--lang", "sv", "show", "1")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split("Vem betalar vem:\n")[1].splitlines() == plan_as_read(
        "  {0} → {1}  {2}", "    betalt {0}\u00a0kr av {1}\u00a0kr")

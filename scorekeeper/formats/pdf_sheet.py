"""The PDF score sheet: the session's protocol deal by deal, the standings, who pays whom."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from itertools import islice
from typing import TYPE_CHECKING

from fpdf import FPDF
from fpdf.fonts import FontFace

from scorekeeper.core import Money, Session, close
from scorekeeper.core.owed import Handover, owed_transfers, paid, paid_between
from scorekeeper.formats.games_protocol import games_protocol
from scorekeeper.formats.protocol import protocol
from scorekeeper.formats.spelling import spelled
from scorekeeper.formats.standings_table import standings_table
from scorekeeper.i18n import date as date_text
from scorekeeper.i18n import number, render, text
from scorekeeper.i18n.accounts import amount, payment_line, transfer_line
from scorekeeper.resources import font_file

if TYPE_CHECKING:
    from scorekeeper.core import Transfer
    from scorekeeper.payments import Offer, PaymentDetails

FONT = "DejaVu"  # covers å, ä, ö, ü, ×, → (the PDF core fonts do not)
# A name may be in any script: what DejaVu lacks is taken from these, in this order. Each
# is loaded only when a name needs it (the CJK font alone takes half a second to read).
FALLBACKS = {
    "NotoSansThai": "NotoSansThai-Regular.ttf",
    "SymbolaEmoji": "SymbolaEmoji.ttf",
    "DroidSansFallback": "DroidSansFallback.ttf",  # Chinese, Japanese, Korean
}
# A sheet is read at the table: an evening fits, a season-long session would be a book
# (50,000 deals took 945 pages and five minutes). The CSV ledger keeps every deal.
PRINTED_DEALS = 300
PRINTED_GAMES = 100
HEAD = FontFace(emphasis="BOLD", fill_color=(225, 232, 240))


class Sheet(FPDF):
    footer_text = ""
    # Characters of the names no shipped font draws (Devanagari, Tamil, Ethiopic...): fpdf2
    # would leave them out, and a standings row with them. They are spelled in Latin letters.
    unprintable: frozenset[str] = frozenset()

    def normalize_text(self, text: str) -> str:
        if self.unprintable and not self.unprintable.isdisjoint(text):
            text = "".join(spelled(c) if c in self.unprintable else c for c in text)
        return super().normalize_text(text)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font(FONT, size=8)
        self.cell(0, 8, f"{self.footer_text}   {self.page_no()}", align="C")


def score_sheet(name: str, session: Session, day: date, language: str = "en", *,
                offers: Sequence[tuple[Transfer, Offer]] = (),
                details: Mapping[str, PaymentDetails] | None = None,
                payments: Sequence[Handover] = (), finished: bool = False) -> bytes:
    """The sheet; ``payments``: the money handed over so far (listed, and taken off what
    is still owed), ``offers``: each transfer still owed with its payment codes;
    ``finished``: the session is, and the sheet says so under its title."""
    table, state = session.table, session.state
    players = list(state.everyone)
    pdf = Sheet(orientation="landscape" if len(players) > 5 else "portrait", format="A4")
    # The holders and towns of payment details are printed with the codes.
    add_fonts(pdf, name + "".join(players) + "".join(
        f"{found.holder or ''}{found.town or ''}" for found in (details or {}).values()))
    pdf.footer_text = text("sheet.generated", language)
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_page()

    def t(key: str, **params: str | int) -> str:
        return text(key, language, **params)

    pdf.set_font(FONT, "B", 18)
    pdf.cell(0, 10, name or t(f"variant.{table.rules.variant}"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, size=10)
    money = table.money
    # Every amount as the language writes money (i18n/figures.py), the unit's too.
    unit = (amount(money.minor_per_unit, money, language) if money.currency
            else number(money.unit, language))
    pdf.multi_cell(0, 6, t("sheet.subtitle", variant=t(f"variant.{table.rules.variant}"),
                           day=date_text(day, language), players=", ".join(players),
                           unit=unit),
                   new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "B", 10)
    pdf.cell(0, 6, t("card.finished") if finished else t("card.not_finished"),
             new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)

    heading(pdf, t("sheet.protocol"))
    pdf.set_font(FONT, size=8)
    widths = (10, 18, 60, *(14,) * len(players), 12)
    with pdf.table(col_widths=widths, headings_style=HEAD, line_height=5,
                   text_align=("RIGHT", "LEFT", "LEFT", *("RIGHT",) * len(players), "RIGHT"),
                   ) as grid:
        grid.row([t("sheet.col_deal"), t("sheet.col_dealer"), t("sheet.col_events"),
                  *players, t("sheet.col_pot")])
        for row in islice(protocol(session), PRINTED_DEALS):
            what = "; ".join(render(event, language) for event in row.events)
            grid.row([str(row.number), row.dealer, what,
                      *(row.figure(p) for p in players), str(row.pot)])
    if state.deals > PRINTED_DEALS:
        pdf.multi_cell(0, 6, t("sheet.deals_not_printed", first=PRINTED_DEALS + 1,
                               last=state.deals), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)

    games = games_protocol(table, state)
    if games:
        # The games as kept on paper: finals (flights in brackets), then the running sum.
        heading(pdf, t("ui.protocol"))
        pdf.set_font(FONT, size=9)
        with pdf.table(col_widths=(40, *(22,) * len(players)), headings_style=HEAD,
                       line_height=5, text_align=("LEFT", *("RIGHT",) * len(players))) as grid:
            grid.row(["", *players])
            for game_row in games[:PRINTED_GAMES]:
                game = game_row.game
                title = (t("ui.game_won", number=game.number, winners=", ".join(game.winners))
                         if game.finished else t("ui.protocol_unfinished", number=game.number)
                         if finished else t("ui.protocol_in_play", number=game.number))
                grid.row([title, *(f"{game.scores[p]} ({game.flights[p]})" if p in game.scores
                                   else "" for p in players)])
                if game.finished:
                    grid.row([t("ui.protocol_sum", number=game.number, scores="").rstrip(": "),
                              *(str(game_row.running[p]) for p in players)])
        if len(games) > PRINTED_GAMES:
            pdf.multi_cell(0, 6, t("sheet.games_not_printed", first=PRINTED_GAMES + 1,
                                   last=len(games)), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(4)

    closing = close(table, state)
    heading(pdf, t("sheet.standings"))
    pdf.set_font(FONT, size=10)
    standings = standings_table(table, state, closing, language, finished=finished)
    figures = len(standings.columns) - 2
    with pdf.table(col_widths=(14, 46, *(min(30, 126 / figures),) * figures),
                   headings_style=HEAD, line_height=6,
                   text_align=("RIGHT", "LEFT", *("RIGHT",) * figures)) as grid:
        grid.row(list(standings.columns))
        for row in standings.rows:
            grid.row(list(row))
    for note in (*standings.notes, *((standings.winners_line,) if standings.winners else ())):
        pdf.multi_cell(0, 6, note, new_x="LMARGIN", new_y="NEXT")
    if payments:
        payment_lines(pdf, t("sheet.payments"), payments, money, language)
        net = paid(players, payments)
        pdf.cell(0, 6, t("sheet.paid_so_far", amounts=", ".join(
            f"{p} {amount(net[p], money, language)}" for p in players if net[p])),
            new_x="LMARGIN", new_y="NEXT")
    for said in standings.closing:
        pdf.multi_cell(0, 6, said, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)

    heading(pdf, t("sheet.transfers"))
    pdf.set_font(FONT, size=11)
    transfers = owed_transfers(closing.money, payments, closing.pot_left)
    for transfer in transfers:
        pdf.cell(0, 7, transfer_line(transfer, money, language), new_x="LMARGIN", new_y="NEXT")
    if not transfers:
        pdf.cell(0, 7, t("cli.nothing_to_settle"), new_x="LMARGIN", new_y="NEXT")
    if any(offer.codes for _, offer in offers):
        # The codes the settle-up screen shows, to be scanned from the printed sheet.
        from scorekeeper.formats.pdf_payments import draw_payment_codes

        pdf.ln(4)
        towards = {transfer: max(0, paid_between(transfer.payer, transfer.payee, payments))
                   for transfer, _ in offers}
        draw_payment_codes(pdf, offers, money, dict(details or {}), language, FONT, towards)
    return bytes(pdf.output())


def add_fonts(pdf: Sheet, names: str) -> None:
    """DejaVu, and the fallback fonts the names need (the rest of the sheet is ours); what
    none of them draws is spelled out in Latin letters."""
    pdf.add_font(FONT, "", font_file("DejaVuSans.ttf"))
    pdf.add_font(FONT, "B", font_file("DejaVuSans-Bold.ttf"))
    missing = {ord(c) for c in names if not c.isspace()} - pdf.fonts[FONT.lower()].cmap.keys()
    fallbacks = []
    for family, file in FALLBACKS.items():
        if not missing:
            break
        pdf.add_font(family, "", font_file(file))
        covered = missing & pdf.fonts[family.lower()].cmap.keys()
        if covered:
            fallbacks.append(family)
            missing -= covered
    if fallbacks:
        # Not exact: a bold heading takes the regular face of a script with no bold.
        pdf.set_fallback_fonts(fallbacks, exact_match=False)
    pdf.unprintable = frozenset(map(chr, missing))


def payment_lines(pdf: FPDF, title: str, payments: Sequence[Handover], money: Money,
                  language: str) -> None:
    """Under ``title``, a line per payment: "Astrid paid Dag SEK 5.00"."""
    pdf.ln(2)
    heading(pdf, title)
    pdf.set_font(FONT, size=10)
    for given in payments:
        pdf.cell(0, 6, payment_line(given.payer, given.payee, given.minor, money, language),
                 new_x="LMARGIN", new_y="NEXT")


def heading(pdf: FPDF, title: str) -> None:
    pdf.set_font(FONT, "B", 13)
    pdf.cell(0, 9, title, new_x="LMARGIN", new_y="NEXT")

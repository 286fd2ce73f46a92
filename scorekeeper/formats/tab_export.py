"""A group's running tab and season table as files: CSV (one row per line of the screen),
a printable PDF and the tab's card, the same bytes from the group screen and
``scorekeeper export-tab``. A new one is an ``ExportFormat`` added to ``TAB_EXPORTS``."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from scorekeeper.core.messages import N_
from scorekeeper.core.owed import Handover
from scorekeeper.core.tab import SeasonLine, Tab
from scorekeeper.core.table import Money
from scorekeeper.formats.csv_export import ENCODING, safe_row
from scorekeeper.formats.registry import ExportFormat, Exports
from scorekeeper.i18n import date as date_text
from scorekeeper.i18n import text
from scorekeeper.i18n.accounts import amount, transfer_line
from scorekeeper.i18n.evening_words import tab_counted

TAB_COLUMNS = ("group", "kind", "player", "to", "won", "paid", "balance", "amount", "currency")
SEASON_COLUMNS = ("group", "year", "player", "evenings", "evenings_won", "money", "flights",
                  "per_evening", "currency", "place")


def tab_csv(group: str, money: Money, tab: Tab, own: Sequence[Handover]) -> bytes:
    """A row per player (``balance``), per transfer still owed (``transfer``) and per
    payment made on the tab itself (``payment``); amounts as numbers."""
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(TAB_COLUMNS)
    figure, currency = money.to_decimal, money.currency or ""
    for line in tab.lines:
        writer.writerow(safe_row([group, "balance", line.name, "", figure(line.won),
                                  figure(line.paid), figure(line.balance), "", currency]))
    for transfer in tab.transfers:
        writer.writerow(safe_row([group, "transfer", transfer.payer, transfer.payee, "", "", "",
                                  figure(transfer.minor), currency]))
    for given in own:
        writer.writerow(safe_row([group, "payment", given.payer, given.payee, "", "", "",
                                  figure(given.minor), currency]))
    return out.getvalue().encode(ENCODING)


def season_csv(group: str, money: Money, year: int, lines: Sequence[SeasonLine]) -> bytes:
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(SEASON_COLUMNS)
    for line in lines:
        writer.writerow(safe_row([group, year, line.name, line.evenings, line.evenings_won,
                                  money.to_decimal(line.money), line.flights,
                                  money.to_decimal(line.per_evening), money.currency or "",
                                  line.place]))
    return out.getvalue().encode(ENCODING)


def tab_pdf(group: str, money: Money, tab: Tab, own: Sequence[Handover], year: int | None,
            season: Sequence[SeasonLine], day: date, language: str = "en") -> bytes:
    """The tab, who pays whom, the payments on the tab and the season table, on paper."""
    # fpdf2 is large: loaded only when a sheet is asked for.
    from scorekeeper.formats.pdf_sheet import (
        FONT,
        HEAD,
        Sheet,
        add_fonts,
        heading,
        payment_lines,
    )

    def t(key: str, **params: str | int) -> str:
        return text(key, language, **params)

    pdf = Sheet(format="A4")
    add_fonts(pdf, group + "".join(tab.players))
    pdf.footer_text = t("sheet.generated")
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_page()
    pdf.set_font(FONT, "B", 18)
    pdf.cell(0, 10, t("ui.group_of", group=group), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, size=10)
    pdf.cell(0, 6, date_text(day, language), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    heading(pdf, t("cli.tab_counted", group=group, counted=tab_counted(tab, language)))
    pdf.set_font(FONT, size=10)
    with pdf.table(col_widths=(50, 35, 35, 35), headings_style=HEAD, line_height=6,
                   text_align=("LEFT", "RIGHT", "RIGHT", "RIGHT")) as grid:
        grid.row([t("cli.col_player"), t("cli.col_won"), t("cli.col_paid"),
                  t("cli.col_balance")])
        for line in tab.lines:
            grid.row([line.name, *(amount(m, money, language)
                                   for m in (line.won, line.paid, line.balance))])
    pdf.ln(4)
    heading(pdf, t("sheet.transfers"))
    pdf.set_font(FONT, size=11)
    for transfer in tab.transfers:
        pdf.cell(0, 7, transfer_line(transfer, money, language), new_x="LMARGIN", new_y="NEXT")
    if not tab.transfers:
        pdf.cell(0, 7, t("cli.nothing_to_settle"), new_x="LMARGIN", new_y="NEXT")
    if own:
        payment_lines(pdf, t("ui.paid_on_tab"), own, money, language)
    if year is not None:
        pdf.ln(4)
        heading(pdf, t("ui.season_of", year=year))
        pdf.set_font(FONT, size=9)
        with pdf.table(col_widths=(12, 36, 22, 22, 30, 20, 30), headings_style=HEAD,
                       line_height=6, text_align=("RIGHT", "LEFT", *("RIGHT",) * 5)) as grid:
            grid.row([t("standings.place"), *(t(f"cli.col_{c}") for c in (
                "player", "evenings", "evenings_won", "money", "flights", "per_evening"))])
            for line in season:
                grid.row([str(line.place), line.name, str(line.evenings), str(line.evenings_won),
                          amount(line.money, money, language), str(line.flights),
                          amount(line.per_evening, money, language)])
    return bytes(pdf.output())


@dataclass(frozen=True, slots=True)
class TabSource:
    """What a group's export is made from: its tab, the payments on it and one season
    (``year``: the season asked for, None if the group has played none)."""

    group: str
    money: Money
    tab: Tab
    own: Sequence[Handover]
    year: int | None
    season: Sequence[SeasonLine]
    day: date
    language: str

    @property
    def season_year(self) -> int:
        return self.year or self.day.year


def _tab_card(source: TabSource) -> bytes:
    # Pillow and the card's fonts: loaded only when a card is asked for.
    from scorekeeper.formats.card_picture import card_png
    from scorekeeper.formats.result_card import tab_card

    return card_png(tab_card(source.group, source.money, source.tab, source.own, source.day,
                             source.language))


TAB_EXPORTS: Exports[TabSource] = Exports(
    ExportFormat("csv", "csv", lambda s: tab_csv(s.group, s.money, s.tab, s.own), tail="-tab",
                 label=N_("ui.export_tab_csv"), icon="table_view"),
    ExportFormat("season", "csv",
                 lambda s: season_csv(s.group, s.money, s.season_year, s.season),
                 tail="-season-{year}", label=N_("ui.export_season_csv"), icon="table_view"),
    ExportFormat("pdf", "pdf", lambda s: tab_pdf(s.group, s.money, s.tab, s.own, s.year,
                                                 s.season, s.day, s.language),
                 needs_file=N_("cli.pdf_needs_file"), tail="-tab",
                 label=N_("ui.export_tab_pdf"), icon="picture_as_pdf"),
    ExportFormat("png", "png", _tab_card, needs_file=N_("cli.png_needs_file"), tail="-tab"),
)

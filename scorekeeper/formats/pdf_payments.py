"""The payment codes on the PDF score sheet: each transfer's codes, drawn as vectors.

The same drawing as the screen's (``payments.images.drawing``), painted with fpdf's
rectangles, so the printed code is sharp at any zoom and needs no image library.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from fpdf import FPDF

from scorekeeper.core.settle import Transfer
from scorekeeper.core.table import Money
from scorekeeper.i18n import render, text
from scorekeeper.payments.details import PaymentDetails
from scorekeeper.payments.images import drawing
from scorekeeper.payments.offer import Offer, PaymentCode
from scorekeeper.payments.text import transfer_text

CODE_MM = 40.0  # a code's side on paper, quiet zone included (a phone reads it at arm's length)
GAP_MM = 8.0

PaidTransfer = tuple[str, str, int]


def draw_code(pdf: FPDF, code: PaymentCode, x: float, y: float, size: float = CODE_MM) -> None:
    """One code at (x, y), ``size`` mm square including its white quiet zone."""
    art = drawing(code)
    module = size / art.size
    pdf.set_fill_color(255, 255, 255)
    pdf.rect(x, y, size, size, style="F")
    for rect in art.rects:
        shade = 0 if rect.dark else 255
        pdf.set_fill_color(shade, shade, shade)
        pdf.rect(x + rect.x * module, y + rect.y * module, rect.w * module, rect.h * module,
                 style="F")
    pdf.set_fill_color(0, 0, 0)


def draw_payment_codes(pdf: FPDF, payments: Sequence[tuple[Transfer, Offer]], money: Money,
                       details: dict[str, PaymentDetails], language: str, font: str,
                       paid: Collection[PaidTransfer] = ()) -> None:
    """A "Pay by scanning" section: for each transfer its line with the payee's details,
    then its codes side by side, each named by its scheme; or why it has none. A
    transfer ticked paid shows its line only."""
    pdf.set_font(font, "B", 13)
    pdf.cell(0, 9, text("payments.codes_heading", language), new_x="LMARGIN", new_y="NEXT")
    for transfer, offer in payments:
        is_paid = (transfer.payer, transfer.payee, transfer.minor) in paid
        needed = 7 + (0 if is_paid or not offer.codes else CODE_MM + 8)
        if pdf.get_y() + needed > pdf.h - pdf.b_margin:
            pdf.add_page()
        pdf.set_font(font, size=10)
        line = transfer_text(transfer, money, details.get(transfer.payee), language, is_paid)
        pdf.multi_cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
        if is_paid:
            continue
        if not offer.codes:
            if offer.reason is not None:
                pdf.set_font(font, size=8)
                pdf.multi_cell(0, 5, render(offer.reason, language), new_x="LMARGIN",
                               new_y="NEXT")
            continue
        top = pdf.get_y() + 1
        for place, code in enumerate(offer.codes):
            x = pdf.l_margin + place * (CODE_MM + GAP_MM)
            draw_code(pdf, code, x, top)
            pdf.set_xy(x, top + CODE_MM)
            pdf.set_font(font, size=8)
            pdf.cell(CODE_MM, 5, text(f"payments.scheme_{code.scheme}", language), align="C")
        pdf.set_xy(pdf.l_margin, top + CODE_MM + 7)

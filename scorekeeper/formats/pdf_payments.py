"""The payment codes on the PDF score sheet: each transfer's codes, drawn as vectors.

The same drawing as the screen's (``payments.images.drawing``), painted with fpdf's
rectangles, so the printed code is sharp at any zoom and needs no image library.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fpdf import FPDF

from scorekeeper.core.settle import Transfer
from scorekeeper.core.table import Money
from scorekeeper.i18n import render, text
from scorekeeper.payments.details import PaymentDetails
from scorekeeper.payments.images import QUIET, drawing
from scorekeeper.payments.offer import Offer, PaymentCode
from scorekeeper.payments.text import transfer_text

# The symbol's side on paper: the QR-bill's 46 mm (Swiss Payment Standards), used for
# every code so they read alike; the white quiet zone comes on top.
SYMBOL_MM = 46.0
GAP_MM = 6.0


def draw_code(pdf: FPDF, code: PaymentCode, x: float, y: float,
              symbol: float = SYMBOL_MM) -> float:
    """One code at (x, y), its symbol ``symbol`` mm wide; returns its side with the quiet
    zone."""
    art = drawing(code)
    module = symbol / (art.size - 2 * QUIET)
    size = module * art.size
    pdf.set_fill_color(255, 255, 255)
    pdf.rect(x, y, size, size, style="F")
    for rect in art.rects:
        shade = 0 if rect.dark else 255
        pdf.set_fill_color(shade, shade, shade)
        pdf.rect(x + rect.x * module, y + rect.y * module, rect.w * module, rect.h * module,
                 style="F")
    pdf.set_fill_color(0, 0, 0)
    return size


def draw_payment_codes(pdf: FPDF, payments: Sequence[tuple[Transfer, Offer]], money: Money,
                       details: dict[str, PaymentDetails], language: str, font: str,
                       paid: Mapping[Transfer, int] | None = None) -> None:
    """A "Pay by scanning" section: for each transfer still owed its line with the
    payee's details (and what of it is ``paid`` already), then its codes side by side,
    each named by its scheme; or why it has none."""
    pdf.set_font(font, "B", 13)
    pdf.cell(0, 9, text("payments.codes_heading", language), new_x="LMARGIN", new_y="NEXT")
    for transfer, offer in payments:
        needed = 7 + (0 if not offer.codes else _side(offer.codes) + 8)
        if pdf.get_y() + needed > pdf.h - pdf.b_margin:
            pdf.add_page()
        pdf.set_font(font, size=10)
        line = transfer_text(transfer, money, details.get(transfer.payee), language,
                             (paid or {}).get(transfer, 0))
        pdf.multi_cell(0, 6, line, align="L", new_x="LMARGIN", new_y="NEXT")
        if not offer.codes:
            if offer.reason is not None:
                pdf.set_font(font, size=8)
                pdf.multi_cell(0, 5, render(offer.reason, language), align="L",
                               new_x="LMARGIN", new_y="NEXT")
            continue
        top, x, side = pdf.get_y() + 1, pdf.l_margin, _side(offer.codes)
        for code in offer.codes:
            width = draw_code(pdf, code, x, top)
            pdf.set_xy(x, top + side)
            pdf.set_font(font, size=8)
            pdf.cell(width, 5, text(f"payments.scheme_{code.scheme}", language), align="C")
            x += width + GAP_MM
        pdf.set_xy(pdf.l_margin, top + side + 7)


def _side(codes: Sequence[PaymentCode]) -> float:
    """The tallest of the codes' sides, quiet zone included, in mm."""
    return max(SYMBOL_MM * (1 + 2 * QUIET / (drawing(c).size - 2 * QUIET)) for c in codes)

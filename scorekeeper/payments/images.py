"""Payment codes as pictures: PNG for the phone screen, SVG, and rectangles for the PDF.

segno makes the QR symbol (error level M, as EPC069-12 and the QR-bill fix, never
boosted, never a Micro QR). One drawing, a list of rectangles in module units, is
rendered three ways, so the screen, the SVG and the score sheet show the same code.
The QR-bill's code carries the Swiss cross in its middle, 7 mm on a 46 mm code, as
the Swiss Payment Standards require; Swish and EPC codes are plain.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

import segno

from scorekeeper.payments.offer import QRBILL, PaymentCode

QUIET = 4  # modules of white around the symbol (the QR standard's quiet zone)
SCREEN_PX = 8  # pixels per module on a phone: a 45-module code is 424 px with its margin
CROSS_SHARE = 7 / 46  # the Swiss cross is 7 mm wide on a 46 mm code


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    dark: bool = True


@dataclass(frozen=True, slots=True)
class Drawing:
    """A code as rectangles in module units on a white square ``size`` modules wide,
    painted in order (the cross paints white over black)."""

    size: int
    rects: tuple[Rect, ...]


def drawing(code: PaymentCode) -> Drawing:
    art = symbol(code.payload)
    if code.scheme != QRBILL:
        return art
    width = art.size - 2 * QUIET
    return Drawing(art.size, (*art.rects, *_swiss_cross(art.size / 2, width * CROSS_SHARE)))


def symbol(text: str) -> Drawing:
    """A plain QR symbol of ``text`` (also the address a guest's phone scans to join)."""
    matrix = segno.make(text, error="m", boost_error=False, micro=False,
                        encoding="utf-8").matrix
    rects: list[Rect] = []
    for row, modules in enumerate(matrix):
        column = 0
        while column < len(modules):  # one rectangle per run of dark modules
            if modules[column]:
                start = column
                while column < len(modules) and modules[column]:
                    column += 1
                rects.append(Rect(QUIET + start, QUIET + row, column - start, 1))
            else:
                column += 1
    return Drawing(len(matrix) + 2 * QUIET, tuple(rects))


def _swiss_cross(centre: float, size: float) -> list[Rect]:
    """The cross of the Swiss QR code (its drawing is 20 units wide): a white margin,
    a black square, a white cross of arms 3.3 by 11 units."""
    unit = size / 20
    left = centre - size / 2

    def box(x: float, y: float, w: float, h: float, dark: bool) -> Rect:
        return Rect(left + x * unit, left + y * unit, w * unit, h * unit, dark)

    return [box(0, 0, 20, 20, False), box(1.4, 1.4, 17.2, 17.2, True),
            box(8.35, 4.5, 3.3, 11, False), box(4.5, 8.35, 11, 3.3, False)]


def png(code: PaymentCode, module_px: int = SCREEN_PX) -> bytes:
    """The code as a black-on-white PNG, ``module_px`` pixels per module."""
    return painted(drawing(code), module_px)


def painted(art: Drawing, module_px: int = SCREEN_PX) -> bytes:
    """A drawing as a black-on-white PNG, ``module_px`` pixels per module."""
    side = art.size * module_px
    pixels = [bytearray(b"\xff" * side) for _ in range(side)]
    for rect in art.rects:
        shade = 0 if rect.dark else 255
        # a pixel belongs to a rectangle when its centre lies inside it
        x0, x1 = round(rect.x * module_px), round((rect.x + rect.w) * module_px)
        y0, y1 = round(rect.y * module_px), round((rect.y + rect.h) * module_px)
        run = bytes([shade]) * (x1 - x0)
        for y in range(y0, y1):
            pixels[y][x0:x1] = run
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)  # filter type 0 per row

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0)  # 8-bit greyscale
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def svg(code: PaymentCode) -> str:
    """The code as an SVG that scales to any size (viewBox in module units)."""
    art = drawing(code)
    shapes = "".join(
        f'<rect x="{_n(r.x)}" y="{_n(r.y)}" width="{_n(r.w)}" height="{_n(r.h)}"'
        f' fill="{"#000" if r.dark else "#fff"}"/>'
        for r in art.rects
    )
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {art.size} {art.size}"'
            f' shape-rendering="crispEdges"><rect width="{art.size}" height="{art.size}"'
            f' fill="#fff"/>{shapes}</svg>')


def _n(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")

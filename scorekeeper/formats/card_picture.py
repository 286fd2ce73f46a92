"""The result card painted as a PNG (Pillow), 1080 pixels wide: the width a phone's chat
shows whole, the text large enough to read there without zooming in.

Black on white whatever the app's theme: a chat shows it beside light and dark messages
alike, and a picture passed on should read the same for everyone. The fonts are the ones
the app ships; Pillow takes one font per call, so a line is cut into runs, each in the
first font that has its characters (DejaVu, then Thai, emoji, Chinese-Japanese-Korean),
and the runs are set on one baseline. What no shipped font draws is spelled in Latin
letters, as on the PDF.
"""

from __future__ import annotations

import functools
import io
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field

from PIL import Image, ImageDraw, ImageFont

from scorekeeper.formats.result_card import Card
from scorekeeper.formats.spelling import spelled
from scorekeeper.i18n.figures import figures_held
from scorekeeper.resources import font_file

WIDTH = 1080
MARGIN = 56
INK = (27, 27, 27)
MUTED = (84, 90, 94)
# A loss's red, dark enough that a chat's reader (and OCR) reads it as ink: at (168, 32,
# 26) tesseract read the Mattmar card's "-2,00 kr" as nothing at all.
LOSS = (150, 20, 16)
FELT = (46, 107, 48)  # the app's green: the card's band
ON_FELT = (255, 255, 255)
STRIPE = (238, 243, 238)
RULE = (200, 208, 200)
PAPER = (255, 255, 255)

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
FALLBACKS = ("NotoSansThai-Regular.ttf", "SymbolaEmoji.ttf", "DroidSansFallback.ttf")

TITLE, SUBTITLE, HEAD, ROW, LINE, DETAIL = 60, 34, 28, 40, 36, 30  # pixel sizes
SMALLEST = 0.6  # a name too wide for its column shrinks to this share of its size, then is cut
NAME_ROOM = 320  # the least a name is left before the figures' headings wrap
BREAKS = re.compile(r"[^\S\u00a0]+")  # where a line may break: any space but a no-break one


def card_png(card: Card) -> bytes:
    """The card as PNG bytes (the same card, the same bytes)."""
    page = Page()
    page.band(card.title, card.subtitle, card.sat)
    page.table(card.columns, card.rows, card.losses, card.places, card.place_heading)
    if card.winners:
        page.paragraph(card.winners, LINE, INK, bold=True)
    for note in card.notes:
        page.paragraph(note, DETAIL, MUTED)
    for section in card.sections:
        page.heading(section.heading)
        quiet = section.quiet or (False,) * len(section.lines)
        for line, detail in zip(section.lines, quiet, strict=True):
            if detail:
                page.paragraph(line, DETAIL, MUTED, indent=32)
            else:
                page.paragraph(line, LINE, INK)
    return page.png()


# --- Text in the shipped fonts ------------------------------------------------------------


@functools.cache
def coverage(file: str) -> frozenset[int]:
    """The characters a font draws (read once; the CJK font takes a while)."""
    from fontTools.ttLib import TTFont  # fpdf2's own dependency

    with TTFont(font_file(file), lazy=True) as font:
        return frozenset(font.getBestCmap())


@functools.cache
def face(file: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_file(file)), size)


def runs(text: str, bold: bool) -> Iterator[tuple[str, str]]:
    """``text`` cut into (font file, piece) runs, each piece in the first font that has it.
    Spaces and accents stay in the run before them, so a word is never cut."""
    main = BOLD if bold else REGULAR
    current, piece = main, ""
    for character in text:
        # A space, and a mark the run's font has, stay with their run.
        kept = character.isspace() or (_mark(character) and ord(character) in coverage(current))
        file = current if piece and kept else None
        if file is None:
            file = next((f for f in (main, *FALLBACKS) if ord(character) in coverage(f)), None)
        if file is None:  # no shipped font has it
            character, file = spelled(character), main
        if file != current and piece:
            yield current, piece
            piece = ""
        current, piece = file, piece + character
    if piece:
        yield current, piece


def _mark(character: str) -> bool:
    return unicodedata.category(character)[0] == "M"


def width(text: str, size: int, bold: bool = False) -> float:
    return sum(face(file, size).getlength(piece) for file, piece in runs(text, bold))


def fitted(text: str, room: float, size: int, bold: bool = False) -> tuple[str, int]:
    """``text`` at the largest size down to SMALLEST of ``size`` that fits ``room``; at the
    smallest, cut with an ellipsis."""
    smallest = int(size * SMALLEST)
    for tried in range(size, smallest - 1, -2):
        if width(text, tried, bold) <= room:
            return text, tried
    return cut(text, room, smallest, bold), smallest


def cut(text: str, room: float, size: int, bold: bool = False) -> str:
    """``text`` as it is if it fits ``room``, else cut short with an ellipsis."""
    if width(text, size, bold) <= room:
        return text
    while len(text) > 1 and width(text + "…", size, bold) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def wrapped(text: str, room: float, size: int, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``room``, broken between words but never at a
    no-break space, nor between a word and its figure (a word longer than a line goes on a
    line of its own, cut to fit)."""
    lines: list[str] = []
    line = ""
    for word in BREAKS.split(figures_held(text).strip()):
        tried = f"{line} {word}" if line else word
        if line and width(tried, size, bold) > room:
            lines.append(line)
            tried = word
        line = tried
    lines.append(line)
    return [cut(line, room, size, bold) for line in lines]


# --- Laying the card out ------------------------------------------------------------------


@dataclass(slots=True)
class Stroke:
    """One thing to paint: a piece of text on a baseline, or a filled box."""

    x: float
    y: float
    text: str = ""
    size: int = 0
    colour: tuple[int, int, int] = INK
    bold: bool = False
    box: tuple[float, float] | None = None  # width and height, for a box


@dataclass(slots=True)
class Page:
    """The card laid out top to bottom; its height is known only at the end."""

    strokes: list[Stroke] = field(default_factory=list)
    y: float = 0

    def write(self, x: float, text: str, size: int, colour: tuple[int, int, int],
              bold: bool = False) -> None:
        self.strokes.append(Stroke(x, self.y, text, size, colour, bold))

    def fill(self, x: float, y: float, w: float, h: float,
             colour: tuple[int, int, int]) -> None:
        self.strokes.append(Stroke(x, y, colour=colour, box=(w, h)))

    def band(self, title: str, subtitle: str, sat: str = "") -> None:
        """The title (two lines at most), the subtitle and who sat when (wrapped whole: cut
        to a line, the Swedish subtitle ended "…om den slut…")."""
        room = WIDTH - 2 * MARGIN
        lines = wrapped(title, room, TITLE, bold=True)
        if len(lines) > 2:  # a title is two lines at most; the cut is shown
            lines = [lines[0], cut(" ".join(lines[1:]), room, TITLE, bold=True)]
        below = [line for said in (subtitle, sat) if said
                 for line in wrapped(said, room, SUBTITLE)]
        height = 48 + len(lines) * TITLE * 1.2 + len(below) * SUBTITLE * 1.5 + 32
        self.fill(0, 0, WIDTH, height, FELT)
        self.y = 48
        for line in lines:
            self.y += TITLE
            self.write(MARGIN, line, TITLE, ON_FELT, bold=True)
            self.y += TITLE * 0.2
        for line in below:
            self.y += SUBTITLE * 1.3
            self.write(MARGIN, line, SUBTITLE, ON_FELT)
            self.y += SUBTITLE * 0.2
        self.y = height + 28

    def table(self, columns: tuple[str, ...], rows: tuple[tuple[str, ...], ...],
              losses: tuple[bool, ...], places: tuple[str, ...] = (),
              place_heading: str = "") -> None:
        """The places (if any) in a narrow column before the names; the name column takes
        what the figures leave; each figure column is as wide as its widest cell,
        right-aligned. Where the headings leave a name too little room, a heading wraps
        onto lines no wider than its column's cells (its longest word at least)."""
        columns = tuple(heading[:1].upper() + heading[1:] for heading in columns)
        place_heading = place_heading[:1].upper() + place_heading[1:]
        place_room = (max([width(place_heading, HEAD, bold=True)]
                          + [width(place, ROW, bold=True) for place in places]) + 24
                      if places else 0)
        cells = [max(width(row[i], ROW, bold=True) for row in rows) if rows else 0
                 for i in range(1, len(columns))]
        figures = [max(cell, width(heading, HEAD, bold=True)) + 28
                   for cell, heading in zip(cells, columns[1:], strict=True)]
        if WIDTH - 2 * MARGIN - place_room - sum(figures) < NAME_ROOM:
            figures = [max([cell] + [width(word, HEAD, bold=True) for word in heading.split()])
                       + 28 for cell, heading in zip(cells, columns[1:], strict=True)]
        heads = [wrapped(heading, room - 28, HEAD, bold=True)
                 for heading, room in zip(columns[1:], figures, strict=True)]
        right = WIDTH - MARGIN
        edges = []  # the right edge of each figure column, first to last
        for column_width in reversed(figures):
            edges.insert(0, right)
            right -= column_width
        name_left = MARGIN + place_room
        name_room = right - name_left - 16
        for line in range(max([1, *(len(lines) for lines in heads)])):
            self.y += HEAD * (1 if not line else 1.2)
            if not line:
                if places:
                    self.write(MARGIN, place_heading, HEAD, MUTED, bold=True)
                self.write(name_left, cut(columns[0], name_room, HEAD, bold=True), HEAD,
                           MUTED, bold=True)
            for lines, edge in zip(heads, edges, strict=True):
                if line < len(lines):
                    self.write(edge - width(lines[line], HEAD, bold=True), lines[line], HEAD,
                               MUTED, bold=True)
        self.y += 16
        self.fill(MARGIN, self.y, WIDTH - 2 * MARGIN, 2, RULE)
        row_height = ROW * 1.7
        for index, (row, loss) in enumerate(zip(rows, losses, strict=True)):
            top = self.y
            if index % 2:
                self.fill(MARGIN - 12, top, WIDTH - 2 * MARGIN + 24, row_height, STRIPE)
            self.y = top + row_height / 2 + ROW * 0.36
            if places:
                self.write(MARGIN, places[index], ROW, MUTED, bold=True)
            name, size = fitted(row[0], name_room, ROW, bold=True)
            self.write(name_left, name, size, INK, bold=True)
            for column, (cell, edge) in enumerate(zip(row[1:], edges, strict=True), 2):
                last = column == len(row)  # money, drawn bold (and red for a loss)
                colour = LOSS if last and loss else INK
                self.write(edge - width(cell, ROW, bold=last), cell, ROW, colour, bold=last)
            self.y = top + row_height
        self.y += 28

    def paragraph(self, text: str, size: int, colour: tuple[int, int, int], *,
                  bold: bool = False, indent: int = 0) -> None:
        for line in wrapped(text, WIDTH - 2 * MARGIN - indent, size, bold):
            self.y += size * 1.25
            self.write(MARGIN + indent, line, size, colour, bold)
        self.y += size * 0.35

    def heading(self, text: str) -> None:
        self.y += 24
        self.fill(MARGIN, self.y, WIDTH - 2 * MARGIN, 2, RULE)
        self.y += 16
        self.paragraph(text, HEAD, MUTED, bold=True)

    def png(self) -> bytes:
        height = int(self.y + MARGIN)
        picture = Image.new("RGB", (WIDTH, height), PAPER)
        pen = ImageDraw.Draw(picture)
        for stroke in self.strokes:
            if stroke.box is not None:
                w, h = stroke.box
                pen.rectangle((stroke.x, stroke.y, stroke.x + w - 1, stroke.y + h - 1),
                              fill=stroke.colour)
                continue
            x = stroke.x
            for file, piece in runs(stroke.text, stroke.bold):
                font = face(file, stroke.size)
                pen.text((x, stroke.y), piece, font=font, fill=stroke.colour, anchor="ls")
                x += font.getlength(piece)
        out = io.BytesIO()
        picture.save(out, format="PNG", optimize=True)
        return out.getvalue()


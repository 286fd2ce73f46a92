"""Reading payment codes back the way a phone would: from the picture, not the payload.

Two decoders: Debian's ``zbarimg`` (zbar-tools) and ZXing (the ``zxing-cpp`` package,
the decoder family banking apps use). zbar cannot read a Swiss QR-bill's code: the
Swiss cross the standard puts in the middle covers the symbol's central alignment
pattern, which zbar needs and ZXing does not; so QR-bills are read with ZXing only.
"""

from __future__ import annotations

import io
import subprocess
import tempfile
from pathlib import Path

import zxingcpp
from PIL import Image


def zbar(png: bytes) -> bytes | None:
    """The one QR code zbarimg finds in a PNG, as the raw bytes it carries (None if none)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "code.png"
        path.write_bytes(png)
        # -Sbinary: the bytes as encoded, no guessing of a character set
        result = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sbinary", str(path)],
                                capture_output=True, timeout=60, check=False)
    assert result.returncode in (0, 4), result.stderr  # 4: no code found
    return result.stdout if result.returncode == 0 else None


def zxing(png: bytes) -> list[bytes]:
    """Every QR code ZXing finds in a PNG, as the raw bytes it carries."""
    image = Image.open(io.BytesIO(png))
    return [found.bytes for found in zxingcpp.read_barcodes(image)
            if found.format == zxingcpp.BarcodeFormat.QRCode]


def pdf_pages(pdf: bytes, dpi: int = 200) -> list[bytes]:
    """Each page of a PDF as a PNG (poppler's pdftoppm)."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "sheet.pdf"
        source.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", str(source),
                        str(Path(folder) / "page")], check=True, timeout=120)
        return [page.read_bytes() for page in sorted(Path(folder).glob("page*.png"))]

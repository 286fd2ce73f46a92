"""The bundled fonts (scorekeeper/assets/fonts): every name the table can have prints on the
PDF score sheet and shows in the app, offline.

The PDF is read back with pdftotext (poppler-utils): a glyph the fonts lack is dropped
from the sheet, and the name with it.
"""

from __future__ import annotations

import subprocess
from datetime import date
from pathlib import Path

import pytest

from scorekeeper.app import fonts
from scorekeeper.formats.pdf_sheet import score_sheet
from scorekeeper.resources import assets_dir
from tests.conftest import worked_example

CHINESE, KOREAN, THAI, SWEDE = "王伟", "김민준", "สมชาย", "Åsa 👑"
FONT_FILES = sorted((assets_dir() / "fonts").glob("*.ttf"))


def sheet_text(pdf: bytes, tmp_path: Path) -> str:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, encoding="utf-8", check=True, timeout=60).stdout


def test_names_in_chinese_korean_and_thai_print_with_the_transfers_naming_them(tmp_path):
    # The worked example with A = 王伟, B = 김민준, C = สมชาย, D = Åsa 👑: A pays D 10.00,
    # A pays C 3.50, B pays C 6.00.
    session = worked_example((CHINESE, KOREAN, THAI, SWEDE))
    sheet = sheet_text(score_sheet("Fredag i stugan", session, date(2026, 11, 21)), tmp_path)
    for name in (CHINESE, KOREAN, THAI, SWEDE):
        assert name in sheet
    # English writes Swedish crowns as "SEK 10.00" (CLDR en_GB).
    transfers = [" ".join(line.split()) for line in sheet.splitlines()
                 if " pays " in line and "whom" not in line]
    assert transfers == [f"{CHINESE} pays {SWEDE} SEK 10.00", f"{CHINESE} pays {THAI} SEK 3.50",
                         f"{KOREAN} pays {THAI} SEK 6.00"]


def test_names_in_scripts_no_shipped_font_draws_are_spelled_in_latin_letters(tmp_path):
    """Devanagari, Ethiopic and Khmer have no font in the app: fpdf2 left such letters out,
    and a standings row had no name. The worked example with A = अमित (amit),
    B = አበበ ('abebe), C = សុខា (sokha), D = Åsa: A pays D 10.00, A pays C 3.50, B pays C 6.00."""
    session = worked_example(("अमित", "አበበ", "សុខា", "Åsa"))
    sheet = sheet_text(score_sheet("नमस्ते", session, date(2026, 11, 21)), tmp_path)
    transfers = [" ".join(line.split()) for line in sheet.splitlines()
                 if " pays " in line and "whom" not in line]
    assert transfers == ["amit pays Åsa SEK 10.00", "amit pays sokha SEK 3.50",
                         "'abebe pays sokha SEK 6.00"]
    standings = sheet[sheet.index("Final standings"):]
    for spelled in ("amit", "'abebe", "sokha", "Åsa"):
        assert any(line.split()[:1] == [spelled] for line in standings.splitlines())
    assert sheet.startswith("nmste\n")  # न म स ् त े: n m s, the virama ् silent, t e


def test_a_session_name_in_another_script_prints_too(tmp_path):
    sheet = sheet_text(score_sheet("金曜日の夜 🃏", worked_example(), date(2026, 11, 21)), tmp_path)
    assert "金曜日の夜 🃏" in sheet


def test_a_latin_sheet_loads_no_fallback_font(tmp_path):
    # The CJK font takes half a second to read: a sheet that needs none does without.
    pdf = score_sheet("Friday at the cabin", worked_example(), date(2026, 11, 21))
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    embedded = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True,
                              check=True, timeout=60).stdout
    assert "DejaVuSans" in embedded
    assert "Droid" not in embedded
    assert "Symbola" not in embedded


@pytest.mark.parametrize("font", FONT_FILES, ids=lambda p: p.name)
def test_every_bundled_font_is_named_in_the_fonts_readme_with_its_licence(font):
    readme = (assets_dir() / "fonts" / "README.md").read_text(encoding="utf-8")
    assert font.name in readme
    stem = font.stem.split("-")[0].removesuffix("Sans").removesuffix("Emoji")
    licence = {"DejaVu": "LICENSE-DejaVu.txt", "NotoSansThai": "LICENSE-Noto.txt",
               "DroidSansFallback": "LICENSE-DroidSansFallback.txt",
               "Symbola": "LICENSE-Symbola.txt"}
    assert (assets_dir() / "fonts" / licence[stem]).exists()


def test_the_app_loads_every_font_it_falls_back_to():
    assert set(fonts.FONTS) == {fonts.FAMILY, *fonts.FALLBACK}
    for path in fonts.FONTS.values():
        assert (fonts.ASSETS / path).is_file()


def test_the_first_screen_waits_for_the_main_font_alone():
    # A browser loads every font it is given before it draws: the first screen gets
    # DejaVu (0.8 MB), the fallbacks (4.6 MB) follow.
    first = fonts.page_fonts(web=True, fallbacks=False)
    assert first == {fonts.FAMILY: "fonts/DejaVuSans.ttf"}
    assert set(fonts.page_fonts(web=True, fallbacks=True)) == {fonts.FAMILY, *fonts.FALLBACK}


def test_in_a_browser_the_fonts_are_fetched_from_the_served_assets_elsewhere_read_as_files():
    on_the_web = fonts.page_fonts(web=True)
    elsewhere = fonts.page_fonts(web=False)
    assert on_the_web[fonts.FAMILY] == "fonts/DejaVuSans.ttf"
    for family, path in elsewhere.items():
        assert Path(path).is_absolute()
        assert Path(path) == fonts.ASSETS / on_the_web[family]


def test_every_text_style_falls_back_through_the_bundled_fonts():
    theme = fonts.theme(color_scheme_seed="green")
    assert theme.font_family == fonts.FAMILY
    styles = [getattr(theme.text_theme, f"{kind}_{size}")
              for kind in fonts.STYLES for size in fonts.SIZES]
    assert len(styles) == 15
    for style in styles:
        assert style.font_family == fonts.FAMILY
        assert style.font_family_fallback == fonts.FALLBACK

"""The gettext catalogues (scorekeeper/locale): what ``pybabel extract`` finds in the code is
exactly what every catalogue holds; every message is translated, keeps its placeholders and has
its language's plural forms; and the README's pybabel commands leave the files as they are."""

from __future__ import annotations

import re
import shutil
import string
import subprocess
import sys
from functools import cache
from pathlib import Path

import babel
import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from scorekeeper.i18n import LANGUAGES

REPO = Path(__file__).resolve().parents[1]
LOCALE = REPO / "scorekeeper" / "locale"
TRANSLATIONS = [language for language in LANGUAGES if language != "en"]


@cache
def catalogue(language: str) -> Catalog:
    with (LOCALE / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po, locale=language)


@cache  # read-only; test_translations asks it once for each of its 835 parametrized keys
def messages(language: str) -> dict[str, tuple[str | None, list[str]]]:
    """key -> (the parameter that counts, or None; the templates, one per plural form)."""
    found = {}
    for message in catalogue(language):
        if not message.id:
            continue  # the header
        if isinstance(message.id, list | tuple):
            found[message.id[0]] = (message.id[1], list(message.string))
        else:
            found[message.id] = (None, [message.string])
    return found


@cache
def extracted() -> dict[str, str | None]:
    """What pybabel extract finds with babel.cfg: key -> the parameter that counts, or None."""
    with (REPO / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found: dict[str, str | None] = {}
    for _file, _line, key, _comments, _context in extract_from_dir(
            str(REPO), method_map, options_map):
        if isinstance(key, tuple):
            found[key[0]] = key[1]
        else:
            found.setdefault(key, None)
    return found


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_the_catalogues_hold_exactly_the_keys_the_code_uses():
    english = messages("en")
    assert sorted(set(extracted()) - set(english)) == [], "used in the code, not in en.po"
    assert sorted(set(english) - set(extracted())) == [], "in en.po, no longer used"


def test_every_key_written_in_the_code_is_one_pybabel_finds():
    # A key inside an f-string (f"{app.t('ui.room_devices')} (2)") is invisible to pybabel,
    # and the README's `pybabel update --ignore-obsolete` then drops it from every catalogue:
    # the screen shows "ui.room_devices". Written keys are found here by their look.
    families = "|".join(sorted({key.split(".")[0] for key in messages("en")}))
    written = re.compile(rf"""['"]((?:{families})\.[a-z0-9_]+(?:\.[a-z0-9_]+)*)['"]""")
    keys = {match.group(1) for path in (REPO / "scorekeeper").rglob("*.py")
            for match in written.finditer(path.read_text(encoding="utf-8"))}
    # a file's name, and the beginnings of keys a refusal is told apart by
    keys -= {"roster.json", "setup.unit_", "text.name_"}
    assert sorted(keys - set(extracted())) == []


def test_a_counting_message_is_counted_by_the_same_figure_in_the_code_and_the_catalogue():
    english = messages("en")
    assert {key: figure for key, (figure, _) in english.items() if figure} == {
        key: figure for key, figure in extracted().items() if figure}


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_every_catalogue_has_the_english_keys_and_no_other(language):
    assert sorted(set(messages(language)) ^ set(messages("en"))) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_message_is_left_empty(language):
    assert [key for key, (_, forms) in messages(language).items()
            if not all(form.strip() for form in forms)] == []


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_every_translation_keeps_the_english_placeholders(language):
    english = messages("en")
    differ = {key: sorted(placeholders(form)) for key, (_, forms) in messages(language).items()
              for form in forms
              if placeholders(form) != placeholders(english[key][1][0])}
    assert differ == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_plural_form_shows_the_figure_it_counts(language):
    assert [key for key, (figure, forms) in messages(language).items()
            if figure and not all(figure in placeholders(form) for form in forms)] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_plural_forms_are_the_languages_own_by_cldr(language):
    rule = get_plural(language)
    assert catalogue(language).plural_forms == rule.plural_forms
    assert [key for key, (figure, forms) in messages(language).items()
            if figure and len(forms) != rule.num_plurals] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_babels_checkers_find_nothing(language):
    assert [(message.id, errors) for message, errors in catalogue(language).check()] == []


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_translations_are_not_english_copies(language):
    english = messages("en")
    same = [key for key, (_, forms) in messages(language).items()
            if forms == english[key][1] and len(forms[0]) > 12
            and placeholders(forms[0]) != {forms[0].strip("{}")}]
    # A few short words may coincide; whole English sentences should not.
    assert len(same) <= len(english) // 20, same


def readme_commands() -> list[str]:
    """The pybabel commands of the README's "Translations", as a maintainer types them."""
    section = (REPO / "README.md").read_text(encoding="utf-8").split("## Translations")[1]
    return [line.strip() for line in section.split("\n## ")[0].splitlines()
            if line.strip().startswith("pybabel ") and "init" not in line]


def without_dates(po: bytes) -> bytes:
    """The catalogue without its dates and the version of Babel that wrote it: no words."""
    return re.sub(rb'"(POT-Creation-Date|PO-Revision-Date|Generated-By): [^"]*"', b"", po)


def test_the_readme_commands_change_no_word(tmp_path: Path):
    """Extract, update and compile, run on a copy of the code: the catalogues and the compiled
    files come out as they are kept, so no word was added by hand or left uncompiled."""
    commands = readme_commands()
    assert [command.split()[1] for command in commands] == ["extract", "update", "compile"]
    shutil.copy(REPO / "babel.cfg", tmp_path)
    shutil.copytree(REPO / "scorekeeper", tmp_path / "scorekeeper",
                    ignore=shutil.ignore_patterns("assets", "__pycache__"))
    for command in commands:
        subprocess.run([sys.executable, "-m", "babel.messages.frontend", *command.split()[1:]],
                       cwd=tmp_path, check=True, capture_output=True)
    for kept in LOCALE.rglob("*.po"):
        made = tmp_path / kept.relative_to(REPO)
        assert without_dates(made.read_bytes()) == without_dates(kept.read_bytes()), kept
    for kept in LOCALE.rglob("*.mo"):
        made = tmp_path / kept.relative_to(REPO)
        assert compiled_words(made) == compiled_words(kept), kept


def compiled_words(mo: Path) -> dict[object, object]:
    """A compiled catalogue's messages, the header (its dates) left out."""
    with mo.open("rb") as compiled:
        return {str(message.id): message.string for message in read_mo(compiled) if message.id}


def test_a_language_without_a_catalogue_speaks_english():
    from scorekeeper.i18n import text

    assert text("ui.tricks_over", "xx", left=2) == "2 tricks too many"


def test_a_key_no_catalogue_has_is_shown_as_itself():
    from scorekeeper.i18n import text

    assert text("ui.no_such_message", "sv") == "ui.no_such_message"


def test_the_compiled_catalogues_load_from_a_zip(tmp_path: Path):
    """A phone package keeps its code in a zip: the catalogues are read as resources."""
    archive = tmp_path / "app.zip"
    shutil.make_archive(str(archive.with_suffix("")), "zip", REPO,
                        "scorekeeper")
    script = ("import sys; sys.path[:0] = sys.argv[1:]; import scorekeeper;"
              "from scorekeeper.i18n import text;"
              "print(scorekeeper.__file__); print(text('ui.tricks_over', 'fr', left=2))")
    packages = str(Path(babel.__file__).parents[1])  # Babel, as an installed app has it
    said = subprocess.run([sys.executable, "-I", "-S", "-c", script, str(archive), packages],
                          capture_output=True, text=True, cwd=tmp_path,
                          env={"PYTHONPATH": ""})
    where, words = said.stdout.splitlines()
    assert where.startswith(str(archive))
    assert words == "2 plis de trop"

"""Issue 49: no text is cut on a phone. Every screen of the app, in every language, at
390x844: each text is drawn whole, wrapping onto as many lines as it needs, never ending
in "…" nor clipped at an edge.

Flutter draws on a canvas; the browser's accessibility tree holds each text's words and
the rectangle laid out for them, not the glyphs. A text is cut when its words, measured
in the app's own font (DejaVu Sans, read with Pillow) at the size it is drawn at, cannot
be wrapped into the lines that rectangle holds, or when the rectangle runs past the
screen's edge. The size comes from the control tree the server holds
(tests/e2e/text_watch.py); a text given none is measured at the smallest of Material's
sizes its rectangle's height allows. Each measure errs on the side of whole: words are
measured without the letter spacing Material adds, lines as the font's own (the shortest
a style makes), and a control's label is given the least room its chrome leaves. So what
is reported is cut.

Issue 63: nor is a control covered. At a phone's own height (390x844) each screen is looked
at again, and the panels that open on the table too: a point of a control on the screen
that shows something else is covered, by a control, a panel or a chip drawn there or by the
end of the list the control is in with something other than the screen's pinned bottom
beyond it (app/widgets.py's ``pinned``: a list that runs on under Save or Start, or past the
screen's edge, is scrolled to)."""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from PIL import ImageFont
from playwright.sync_api import Browser

from scorekeeper.app.fonts import ASSETS, FAMILY, FONTS
from scorekeeper.app.widgets import PINNED
from scorekeeper.core.deal import Deal, Join
from scorekeeper.core.presets import PRESETS
from scorekeeper.core.text import MAX_NAME
from scorekeeper.i18n import text
from scorekeeper.i18n.evening_words import label_and_value
from tests.e2e.conftest import CABIN, STILL_FRAMES, Server, Ui, start_server, stop_server
from tests.e2e.test_screens import hold_the_examples

LANGUAGES = ("sv", "en", "de", "fr")
# A phone's width; as tall as a long screen, so that what a phone shows by scrolling is
# in view at once (the app lays out by width alone: app/shell.py). A text scrolled partly
# out of its list is not measured: its rectangle is only what is left in view.
PHONE = {"width": 390, "height": 2400}
PHONE_SCREEN = {"width": 390, "height": 844}  # as a phone shows it: where a control is covered
FONT = ASSETS / FONTS[FAMILY]
# DejaVu Sans's ascent and descent, in ems: the shortest line any text style draws.
LINE = 1.164
# The sizes of Material's type scale a text given no size of its own is drawn at
# (labelSmall 11 ... titleLarge 22, headlineSmall 24), and the lines each style puts
# around them (its height over its size: 16/11 is the tallest).
MATERIAL_SIZES = (11, 12, 14, 16, 22, 24)
TALLEST_LINE = 16 / 11
# A control's label at Material's size for it (labelLarge, bodyMedium), in the room its
# chrome leaves at least: a switch's track (52), a chip's or a button's padding.
CONTROL_SIZE = 14
ICON, SWITCH = 48, 40  # Material's icon button and switch, in px
CHROME = {"switch": 52, "checkbox": 16, "button": 16, "radio": 16, "tab": 16}

# Every text the accessibility tree holds, where it is laid out, and whether it sits in
# something scrolled sideways (a wide table: past the screen's edge is only scrolled). Each
# node of the tree is an element whose id names it: most are <flt-semantics>, a heading
# (every screen's title) is an <h1>...<h6> of its own. A node that merges what is drawn
# under it (a row, a tile, a switch and its words) reads its texts joined by new lines.
TEXTS = """() => [...document.querySelectorAll('[id^="flt-semantic-node-"]')].flatMap(node => {
    if (node.querySelector('input, textarea')) return [];
    const span = node.querySelector(':scope > span');
    const leaf = !node.querySelector('[id^="flt-semantic-node-"]');
    const label = node.getAttribute('aria-label')
        || (span ? span.textContent : leaf ? node.innerText : '');
    const box = node.getBoundingClientRect();
    if (!label || !label.trim() || !box.width || !box.height) return [];
    let sideways = false;
    for (let up = node.parentElement; up; up = up.parentElement) {
        if (up.style.overflowX === 'scroll') sideways = true;
        if (up.style.overflowY !== 'scroll') continue;
        // Scrolled partly out of its list, a text's rectangle is what is left in view.
        const view = up.getBoundingClientRect();
        if (box.top < view.top + 0.5 || box.bottom > view.bottom - 0.5) return [];
    }
    const role = /^H[1-6]$/.test(node.tagName) ? 'heading' : node.getAttribute('role');
    return [{label, role, left: box.left, right: box.right, width: box.width,
             height: box.height, sideways}];
})"""


# Every control on the screen (a button, a chip, a switch, a field) of which a point is not
# its own, and what is there instead. Looked at: its corners, 3 px in, and its middle, where
# they are on the screen. A point hides it where another node of the tree is drawn there
# (a node around it, or the page's own canvas, is no other control), or where it lies past
# the edge of a list it scrolls in and is not in the screen's pinned bottom (below the top
# app/widgets.py's pinned marks). A chip is one node for the button and one for its check:
# said once.
COVERED = """pinned => {
    const nodes = '[id^="flt-semantic-node-"]';
    const bottom = Math.min(...[...document.querySelectorAll(
        `[flt-semantics-identifier="${pinned}"]`)].map(mark => mark.getBoundingClientRect().top));
    const controls = new Set(['button', 'checkbox', 'switch', 'radio', 'tab', 'link', 'slider']);
    const name = node => (node.getAttribute('aria-label') || node.innerText || '')
        .replace(/\\s+/g, ' ').trim();
    const clips = overflow => overflow === 'scroll' || overflow === 'hidden';
    const said = new Map();
    for (const node of document.querySelectorAll(nodes)) {
        if (!controls.has(node.getAttribute('role')) && !node.querySelector('input, textarea'))
            continue;
        const box = node.getBoundingClientRect();
        const label = name(node);
        if (!box.width || !box.height || !label || said.has(label)) continue;
        const lists = [];
        for (let up = node.parentElement; up; up = up.parentElement)  // a list that fits clips
            if ([up.style.overflowY, up.style.overflowX].some(clips))
                lists.push(up.getBoundingClientRect());
        const inset = Math.min(3, box.width / 4, box.height / 4);
        const points = [[box.left + inset, box.top + inset], [box.right - inset, box.top + inset],
                        [box.left + inset, box.bottom - inset],
                        [box.right - inset, box.bottom - inset],
                        [box.left + box.width / 2, box.top + box.height / 2]];
        for (const [x, y] of points) {
            if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
            const there = document.elementFromPoint(x, y);
            const other = there && there.closest(nodes);
            if (!other || node.contains(there) || other.contains(node)) continue;
            const scrolled = lists.some(view => x < view.left || x >= view.right
                                                || y < view.top || y >= view.bottom);
            if (scrolled && y >= bottom - 0.5) continue;
            let named = other;  // the nearest node with words: a chip's label, a panel's title
            while (!name(named) && named.parentElement?.closest(nodes))
                named = named.parentElement.closest(nodes);
            const where = scrolled ? 'past its list, ' : '';
            said.set(label, `${where}under ${JSON.stringify(name(named))}`);
            break;
        }
    }
    return [...said].map(([label, why]) => `${JSON.stringify(label)} is ${why}`);
}"""


@functools.cache
def _font() -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT), 1000)


@functools.cache
def width_of(words: str, size: float) -> float:
    """``words`` on one line in the app's font at ``size`` px, without letter spacing."""
    return _font().getlength(words) * size / 1000


def lines_needed(words: str, size: float, room: float) -> int:
    """The lines ``words`` take when wrapped at spaces into ``room`` px, a word too long
    for a line broken where it reaches the edge (as Flutter does)."""
    lines, line = 0, ""
    for word in words.split(" "):
        tried = f"{line} {word}" if line else word
        if width_of(tried, size) <= room:
            line = tried
            continue
        if line:
            lines += 1
        line = word
        while width_of(line, size) > room and len(line) > 1:  # broken inside the word
            lines += 1
            cut = max(1, int(len(line) * room / width_of(line, size)))
            line = line[cut:]
    return lines + 1


def words(text: str) -> str:
    return " ".join(text.split())


# A word that is a figure (a count, a score, an amount with its sign or currency first),
# and what ends a list's item before the next: after it, a line breaks well.
FIGURE = re.compile(r"[-+]?(?:[A-Z]{3}\u00a0|[€$£])?\d")
SEPARATOR = re.compile(r"[·•|;,]$")


def figure_left_alone(said: str, size: float, room: float) -> str | None:
    """The figure that ``said``, wrapped into ``room`` px at ``size`` as lines_needed wraps
    it, begins a line with: a line broken at the space between a word and its figure ("les
    mises de la partie" / "2"). A no-break space holds them together: no break is there."""
    line = ""
    for word in re.split(r"[^\S\u00a0]+", said.strip()):
        tried = f"{line} {word}" if line else word
        if line and width_of(tried, size) > room:
            if FIGURE.match(word) and not SEPARATOR.search(line):
                return word
            line = word
        else:
            line = tried
    return None


@dataclass(frozen=True)
class Drawn:
    """What the server's tree says of the page's texts (tests/e2e/text_watch.py)."""

    sizes: dict[str, float]  # a text's words -> the smallest size it is drawn at
    lines: dict[str, float]  # a text's words -> the most lines it may take (inf: no limit)
    over: frozenset[str]  # labels a Semantics puts over what it draws

    @classmethod
    def read(cls, log: Path) -> Drawn:
        tree = json.loads(log.read_text(encoding="utf-8"))
        sizes: dict[str, float] = {}
        lines: dict[str, float] = {}
        for shown in tree["texts"]:
            said = words(shown["value"])
            if shown["size"]:
                sizes[said] = min(sizes.get(said, math.inf), shown["size"])
            # Of the same words drawn twice, the one allowed more lines: measured whole.
            most = shown["max_lines"] or (1 if shown["no_wrap"] else math.inf)
            lines[said] = max(lines.get(said, 0), most)
        return cls(sizes, lines, frozenset(words(label) for label in tree["labels"]))


def cut(node: dict, drawn: Drawn, screen_width: float) -> str | None:
    """Why the text of ``node`` is cut, or None when it is drawn whole."""
    if not node["sideways"] and (node["left"] < -0.5 or node["right"] > screen_width + 0.5):
        return "runs past the screen's edge"
    label = words(node["label"])
    if label in drawn.over and label not in drawn.lines:
        return None  # the words read out are not one text drawn (see the module's doc)
    role = node["role"]
    if role in CHROME and node["width"] <= ICON:
        return None  # an icon's button: its label is a tooltip's words, not drawn
    room = node["width"] - CHROME.get(role or "", 0) + 1  # a pixel for rounding
    parts = [words(part) for part in node["label"].split("\n") if part.strip()]
    if len(parts) > 1:
        return next((why for part in parts if part in drawn.lines
                     for why in [merged_cut(part, node, drawn, room)] if why), None)
    return own_cut(label, node, drawn, room)


def merged_cut(part: str, node: dict, drawn: Drawn, room: float) -> str | None:
    """Why ``part``, one of the texts a node merges (a row's name beside its figures), is
    cut. Where in the node it lies is not known, only that it is no wider nor taller than
    the node: it is cut when, wrapped at the node's whole width, it needs more lines than
    its text may take, or lines taller than the node."""
    size = drawn.sizes.get(part, CONTROL_SIZE if node["role"] in CHROME else MATERIAL_SIZES[0])
    needed = lines_needed(part, size, room)
    held = min(drawn.lines[part], math.floor(node["height"] / (LINE * size) + 0.1))
    if needed <= held:
        return None
    return f"{part!r} needs {needed} line(s) of {room:.0f} px at {size:g} px, has {held:g}"


def own_cut(label: str, node: dict, drawn: Drawn, room: float) -> str | None:
    """Why the text of a node that holds that text alone is cut: its words, wrapped into
    the node's rectangle, need more lines than it holds, or than the text may take."""
    role, height = node["role"], node["height"]
    if role in CHROME:
        sizes: tuple[float, ...] = (drawn.sizes.get(label, CONTROL_SIZE),)
    elif label in drawn.sizes:
        sizes = (drawn.sizes[label],)
    else:  # a size of Material's that some number of its lines makes this height
        sizes = tuple(size for size in MATERIAL_SIZES if any(
            lines * LINE * size <= height + 1 <= lines * TALLEST_LINE * size + 1
            for lines in range(1, 12))) or MATERIAL_SIZES[:1]
    for size in sizes:
        held = max(1, math.floor(height / (LINE * size) + 0.1))
        if role == "switch" and label not in drawn.lines and height <= SWITCH + 1:
            held = 1  # Flet's own label, no text of the tree, keeps one line
        elif role in CHROME:  # a button's or a chip's padding, at least 4 px each side
            held = max(1, math.floor((height - 8) / (LINE * size) + 0.1))
        held = min(held, drawn.lines.get(label, math.inf))  # max_lines, no_wrap
        needed = lines_needed(label, size, room)
        if needed <= held:
            alone = (figure_left_alone(node["label"], size, room)
                     if len(sizes) == 1 and needed > 1 else None)
            return None if alone is None else f"leaves {alone!r} alone at a line's start"
    return (f"needs {needed} line(s) of {room:.0f} px at {sizes[-1]:g} px, "
            f"has {held:g}")


# The screens, as routes of the example evenings (tests/e2e/test_screens.py's
# hold_the_examples: 1 the cabin's English Rams, 2 Mattmar, 3 a table of the Club
# tonight, 4 and 5 the Club's finished evenings; 6 a Mattmar night between two games,
# a_mattmar_night_between_games), each with
# what it shows once drawn (words in the language, from a key).
Said = Callable[[str], str]
SCREENS: list[tuple[str, Callable[[Said], str]]] = [
    ("/", lambda t: "Friday at the cabin"),
    ("/session/1", lambda t: t("ui.someone_joins")),
    ("/session/2", lambda t: t("ui.someone_joins")),
    ("/session/6", lambda t: t("ui.someone_joins")),
    ("/session/1/edit/5", lambda t: t("ui.edit_deal", number=6)),
    ("/session/1/ledger", lambda t: t("ui.ledger_deal", number=6, dealer="Bengt")),
    ("/session/1/sheet", lambda t: t("ui.sheet_of", name="Friday at the cabin")),
    ("/session/1/charts", lambda t: t("ui.chart_running")),
    ("/session/2/protocol", lambda t: t("ui.protocol_of", name="Mattmar, Saturday")),
    ("/session/1/settle", lambda t: t("sheet.transfers")),
    ("/session/1/card", lambda t: t("card.download")),
    ("/session/2/rules", lambda t: t("rules.title_of", name="Mattmar, Saturday")),
    ("/session/1/rules/single_pot", lambda t: t("rules.applied")),
    ("/session/1/room", lambda t: t("ui.lan_title")),
    ("/session/1/again", lambda t: t("ui.players_in_order")),
    ("/session/3/watch", lambda t: t("ui.watching")),
    ("/players", lambda t: t("ui.players")),
    ("/settings", lambda t: t("ui.data")),
    ("/group/Club", lambda t: t("ui.group_of", group="Club")),
    ("/group/Club/tonight", lambda t: t("ui.tonight_of", group="Club")),
]
DEVICE = "the-walk"  # the host's name for its drafts (app/draft.py's device_id)


@dataclass
class Walk:
    """One phone's page in one language, going from screen to screen."""

    ui: Ui
    language: str
    log: Path
    found: list[str]

    def t(self, key: str, **params: str | int) -> str:
        return " ".join(text(key, self.language, **params).split())

    def looks_at(self, where: str) -> None:
        """Every text now on the screen, measured; each cut one kept as found. Then the
        screen as tall as a phone's: each covered control kept as found."""
        self.ui.next_frame(STILL_FRAMES)
        drawn = Drawn.read(self.log)
        for node in self.ui.page.evaluate(TEXTS):
            why = cut(node, drawn, PHONE["width"])
            if why is not None:
                self.found.append(f"{self.language} {where}: {node['label']!r} {why}")
        self.ui.page.set_viewport_size(PHONE_SCREEN)
        self.ui.next_frame(STILL_FRAMES)
        self.found += [f"{self.language} {where} at 390x844: {covered}"
                       for covered in self.ui.page.evaluate(COVERED, PINNED)]
        self.ui.page.set_viewport_size(PHONE)

    def seat_panels(self) -> None:
        """The table's panels for someone who joins and someone who leaves, each opened
        over the deal half entered (Erik waiting to sit down after Bengt) and closed."""
        self.ui.go("/session/1")
        for change in ("ui.someone_joins", "ui.someone_leaves"):
            self.ui.tap(self.t(change))
            self.ui.see(self.t("ui.cancel"))
            self.looks_at(f"/session/1 ({self.t(change)})")
            self.ui.tap(self.t("ui.cancel"))

    def screens(self) -> None:
        for route, shows in SCREENS:
            self.ui.go(route) if self.ui.socket else self.ui.open(route)
            self.ui.see(shows(self.t))
            self.looks_at(route)

    def new_session_of_every_game(self) -> None:
        """New session, each game's house rules shown, playing for money."""
        self.ui.go("/new")
        self.ui.see(self.t("ui.players_in_order"))
        self.ui.toggle(self.t("ui.play_for_money"))
        for variant in PRESETS:
            game = self.t(f"variant.{variant}")
            chip = label_and_value(self.t("ui.game"), game, self.language)
            if not self.ui.chosen(chip):
                self.ui.tap(chip)
            self.looks_at(f"/new ({game})")


def a_mattmar_night_between_games(folder: Path) -> Path:
    """Issue 63's French evening: four at Mattmar for money, Anne's five tricks twice win
    the first game, so the phone's fold says the deal, the game about to begin and the pot
    with its stakes ("Pot : 4 avec les mises de la partie 2"), and who speaks first."""
    path = folder / "mattmar-between-games.json"
    path.write_text(json.dumps({
        "format": "scorekeeper/1", "name": "Soirée Mattmar", "variant": "mattmar",
        "options": {"money": True}, "players": ["Anne", "Bruno", "Chloé", "Denis"],
        "first_dealer": "Anne", "money": {"currency": "EUR", "unit": "0.50"},
        "deals": [{"tricks": {"Anne": 5}}, {"tricks": {"Anne": 5}}]}), encoding="utf-8")
    return path


def a_deal_half_entered_with_a_join(server: Server) -> None:
    """Deal 7 at the cabin: Dag's and Astrid's tricks entered, and Erik about to sit down
    after Bengt: kept as the host's draft, as the table keeps it."""
    from scorekeeper.session import choose_database, open_scorebook

    (server.data / "device").write_text(DEVICE, encoding="ascii")
    scorebook = open_scorebook(choose_database(server.db))
    try:
        scorebook.keep_draft(1, Deal(tricks={"Dag": 2, "Astrid": 1},
                                     joins=(Join("Erik", after="Bengt"),)), DEVICE)
    finally:
        scorebook.store.engine.dispose()


@pytest.fixture
def walked(tmp_path: Path) -> Iterator[Server]:
    """The examples, served to the local network: the table's bar holds the room's link
    too, its fullest on a phone (Mattmar's: ledger, protocol, charts, settle up, room)."""
    server = start_server(tmp_path, host="0.0.0.0", module="tests.e2e.text_watch",
                          SCOREKEEPER_TEXT_LOG=str(tmp_path / "texts.json"))
    try:
        hold_the_examples(server, tmp_path)
        server.holds(a_mattmar_night_between_games(tmp_path))
        a_deal_half_entered_with_a_join(server)
        yield server
    finally:
        stop_server(server)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_screen_cuts_a_text(browser: Browser, walked: Server, tmp_path: Path,
                               language: str):
    """One language a test: the browser tests' two lanes (tests/lanes.py) share the walk."""
    (walked.data / "settings.json").write_text(json.dumps({"language": language}))
    context = browser.new_context(viewport=PHONE)
    walk = Walk(Ui(context.new_page(), walked.url), language, tmp_path / "texts.json", [])
    walk.screens()
    walk.seat_panels()
    walk.new_session_of_every_game()
    assert not walk.found, "\n".join(walk.found)


# A name as long as a player's may be (core.text.MAX_NAME), of wide letters: no phone's row
# holds it on one line.
LONGEST_NAME = "Wilhelmina Maximiliane von Wolkenhausen!"


def test_a_text_drawn_cut_is_found(browser: Browser, tmp_path: Path):
    """The walk's own eyes: a table row keeps a player's name to one line and cuts it short
    at worst (app/entry/rows.py). With the cabin's Dag called by the longest name a player
    may have, it is drawn cut at 390 px, and found, and nothing else on that screen is (the
    assistant's folded line wraps onto a second line whole). A text merged with others
    into one node (a session's tile at home) is measured as well: its line, drawn whole in
    the tile's rectangle, would be found cut were it kept to one line."""
    assert len(LONGEST_NAME) == MAX_NAME
    server = start_server(tmp_path, module="tests.e2e.text_watch",
                          SCOREKEEPER_TEXT_LOG=str(tmp_path / "texts.json"))
    context = browser.new_context(viewport=PHONE)
    try:
        cabin = tmp_path / "cabin.json"
        cabin.write_text(CABIN.read_text(encoding="utf-8").replace("Dag", LONGEST_NAME),
                         encoding="utf-8")
        server.holds(cabin)
        (server.data / "settings.json").write_text(json.dumps({"language": "en"}))
        walk = Walk(Ui(context.new_page(), server.url), "en", tmp_path / "texts.json", [])
        walk.ui.open("/session/1")
        walk.ui.see(walk.t("ui.someone_joins"))
        walk.looks_at("the table")
        assert [found.split(": ", 1)[1].split("' needs")[0] for found in walk.found] == [
            f"'{LONGEST_NAME}"]

        walk.ui.go("/")
        walk.ui.see("Friday at the cabin")
        walk.ui.next_frame(STILL_FRAMES)
        drawn = Drawn.read(walk.log)
        tile = next(node for node in walk.ui.page.evaluate(TEXTS)
                    if node["label"].startswith("Friday at the cabin\n"))
        line = words(tile["label"].split("\n")[1])
        assert LONGEST_NAME in line
        assert drawn.lines[line] == math.inf
        assert cut(tile, drawn, PHONE["width"]) is None
        one_line = replace(drawn, lines={**drawn.lines, line: 1})
        assert f"{line!r} needs " in (cut(tile, one_line, PHONE["width"]) or "")
    finally:
        context.close()
        stop_server(server)


def test_a_figure_left_alone_at_a_lines_start_is_found():
    """The walk's eyes for a line broken between a word and its figure: wrapped where "de la
    partie" ends a line, "Pot : 4 avec les mises de la partie 2" leaves the 2 alone; held
    to its word by a no-break space, and with no figure after the break, nothing is."""
    room = width_of("Pot : 4 avec les mises de la partie", 15) + 1
    assert figure_left_alone("Pot : 4 avec les mises de la partie 2", 15, room) == "2"
    assert figure_left_alone("Pot : 4 avec les mises de la partie\u00a02", 15, room) is None
    assert figure_left_alone("Pot : 4 avec les mises de la partie deux", 15, room) is None


# A phone's screen as the browser's accessibility tree lays it out (each node an element
# placed absolutely, a list clipping what it scrolls): two lists of controls, one ended by a
# chip, one by the screen's pinned bottom, and a panel drawn over a control below them.
A_COVERED_SCREEN = """
<style>div { position: absolute; left: 10px; width: 300px; height: 40px; }</style>
<div id="flt-semantic-node-1" style="top: 0; height: 300px; overflow-y: scroll">
  <div id="flt-semantic-node-2" role="button" aria-label="Whole" style="top: 10px"></div>
  <div id="flt-semantic-node-3" role="button" aria-label="Someone joins" style="top: 280px">
  </div>
</div>
<div id="flt-semantic-node-4" aria-label="Erik sits down after Dag" style="top: 300px"></div>
<div id="flt-semantic-node-5" style="top: 350px; height: 200px; overflow-y: scroll">
  <div id="flt-semantic-node-6" role="switch" aria-label="Play for money" style="top: 180px">
  </div>
</div>
<div id="flt-semantic-node-7" role="button" aria-label="Start" style="top: 550px"></div>
<div id="flt-semantic-node-8" flt-semantics-identifier="pinned" style="top: 550px; height: 1px">
</div>
<div id="flt-semantic-node-9" role="button" aria-label="Foul" style="top: 700px"></div>
<div id="flt-semantic-node-10" style="top: 690px; left: 150px; height: 100px">
  <span id="flt-semantic-node-11" aria-label="Who sits down">Who sits down</span>
</div>
"""


def test_a_covered_control_is_found(browser: Browser):
    """The walk's own eyes for what covers a control: a chip that ends the list a control is
    in (its lower half past the list's edge, under the chip), and a panel drawn over part of
    another, are found; a control whose list runs on under the screen's pinned bottom, and
    one shown whole, are not."""
    page = browser.new_page(viewport=PHONE_SCREEN)
    try:
        page.set_content(A_COVERED_SCREEN)
        assert page.evaluate(COVERED, PINNED) == [
            '"Someone joins" is past its list, under "Erik sits down after Dag"',
            '"Foul" is under "Who sits down"']
    finally:
        page.close()


# Each corner of the control (2 px in) and its middle are on the screen and the control's
# own: nothing (the Save bar) is drawn over any part of it, and no list it scrolls in
# clips it (the accessibility tree gives a clipped control the rectangle left in view).
WHOLLY_IN_VIEW = """node => {
    const box = node.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) return false;
    for (let up = node.parentElement; up; up = up.parentElement) {
        if (up.style.overflowY !== 'scroll') continue;
        const view = up.getBoundingClientRect();
        if (box.top < view.top + 0.5 || box.bottom > view.bottom - 0.5) return false;
    }
    return [[2, 2], [box.width - 2, 2], [2, box.height - 2],
            [box.width - 2, box.height - 2], [box.width / 2, box.height / 2]]
        .every(([x, y]) => node.contains(document.elementFromPoint(box.x + x, box.y + y)));
}"""


def test_a_seat_change_waiting_is_not_under_the_save_bar(browser: Browser, walked: Server):
    """Issue 49: the chip "Erik sits down after Bengt", waiting for deal 7 at the cabin
    (a_deal_half_entered_with_a_join), showed partly under the Save bar at 390x844: with
    Erik the table has five rows, and in Swedish, German and French the extras take a line
    more than in English. Whatever the language, it is whole and in view above Save."""
    for language in LANGUAGES:
        (walked.data / "settings.json").write_text(json.dumps({"language": language}))
        context = browser.new_context(viewport={"width": 390, "height": 844})
        try:
            ui = Ui(context.new_page(), walked.url)
            ui.open("/session/1")
            chip = ui.page.get_by_role(
                "button", name=text("ui.take_back_change", language, player="Erik"),
                exact=True)
            chip.wait_for(state="attached")
            ui.next_frame(STILL_FRAMES)
            assert chip.evaluate(WHOLLY_IN_VIEW), language
        finally:
            context.close()

"""Cold import to first screen: a fresh Python importing what the app's first screen needs,
against a minimal Flet app importing Flet and building the same kinds of controls.

On a phone Python starts cold with every launch, and the imports are most of the start.
Both processes build the first screen's kinds of controls (bar, buttons, icons, cards,
the theme), so the difference is what the app itself loads before it can draw."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from tests.bench.rows import Row

FIRST_SCREEN_CONTROLS = """
import flet as ft

ft.Theme(color_scheme_seed="#2E7D32", color_scheme=ft.ColorScheme(primary="#2E7D32"))
ft.SafeArea(content=ft.Column(controls=[
    ft.AppBar(title=ft.Text("Scorekeeper"), actions=[
        ft.Semantics(label="Players", button=True, content=ft.IconButton(ft.Icons.GROUPS))]),
    ft.Container(padding=ft.Padding.all(12), content=ft.Column(scroll=ft.ScrollMode.AUTO,
                                                               controls=[
        ft.Row(wrap=True, controls=[ft.FilledButton("New session", icon=ft.Icons.ADD),
                                    ft.OutlinedButton("Import", icon=ft.Icons.FILE_OPEN)]),
        ft.Text("In play", size=20, weight=ft.FontWeight.BOLD),
        ft.Card(content=ft.ListTile(leading=ft.Icon(ft.Icons.STYLE), title=ft.Text("Friday"),
                                    subtitle=ft.Text("Astrid, Bengt"))),
    ])),
]))
ft.SnackBar(ft.Text("Welcome back"))
"""

MINIMAL = FIRST_SCREEN_CONTROLS
# The app's root and every screen it routes to, its model, words, fonts and theme: all
# that the first screen is drawn with. The store is not in it: it loads behind.
OURS = """
import scorekeeper.app.shell
from scorekeeper.app.theme import theme

theme(dark=False)
""" + FIRST_SCREEN_CONTROLS

RUNS = 15


def _seconds(code: str, cwd: Path) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, cwd=cwd)
    return time.perf_counter() - started


def cold_import() -> list[Row]:
    root = Path(__file__).resolve().parents[2]
    # Once each first: the bytecode caches are written, as a built app ships them.
    _seconds(MINIMAL, root)
    _seconds(OURS, root)
    ours, theirs = [], []
    for _ in range(RUNS):  # in turns, so both meet the same machine
        theirs.append(_seconds(MINIMAL, root))
        ours.append(_seconds(OURS, root))
    ours_s, theirs_s = statistics.median(ours), statistics.median(theirs)
    loaded = subprocess.run(
        [sys.executable, "-c", OURS + "\nimport sys\nprint('sqlalchemy' in sys.modules)"],
        check=True, capture_output=True, text=True, cwd=root).stdout.strip()
    ratio = ours_s / theirs_s
    return [Row("cold import to first screen", "a fresh Python importing the app's root, "
                "screens, model, words and theme, against one importing Flet; both build the "
                f"first screen's kinds of controls ({RUNS} runs each, in turns"
                f"{'' if loaded == 'False' else '; the store loaded too'})",
                "≤ 1.5 × minimal Flet",
                f"{ratio:.2f} × ({ours_s * 1000:.0f} ms vs {theirs_s * 1000:.0f} ms)",
                ratio <= 1.5)]


if __name__ == "__main__":
    for row in cold_import():
        print(row)

"""The bare Flet pages the app's tap is measured against (tests/bench/tap_bench.py), each a
script served by a process of its own: a counter, the table's rows written the plain way
(properties set by hand), and the same rows written as this codebase is asked to be, with
components, one observable and memoized parts, but none of the app's code. The two tables
record each saved deal as durably as the app does (``KEPT``), so that a tap on their Save
does the same work."""

# A deal kept as the app keeps one on SQLite: its row, an entry for each player, the
# players' totals and the session's version, in one transaction, on the disk when it
# commits (the write-ahead log, synchronous FULL), in a file named by SCOREKEEPER_BARE_BOOK.
KEPT = """
import json
import os
import sqlite3

BOOK = sqlite3.connect(os.environ["SCOREKEEPER_BARE_BOOK"], isolation_level=None,
                       check_same_thread=False)
BOOK.execute("PRAGMA journal_mode=WAL")
BOOK.execute("PRAGMA synchronous=FULL")
BOOK.executescript(
    "CREATE TABLE IF NOT EXISTS evening (id INTEGER PRIMARY KEY, version INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS deals (number INTEGER PRIMARY KEY, record TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS entries (deal INTEGER NOT NULL, player TEXT NOT NULL,"
    " units INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS standings (player TEXT PRIMARY KEY, score INTEGER NOT NULL);"
    "INSERT OR IGNORE INTO evening VALUES (1, 0)")


def kept(number: int, tricks: dict, scores: dict) -> None:
    BOOK.execute("BEGIN IMMEDIATE")
    try:
        BOOK.execute("UPDATE evening SET version = version + 1 WHERE id = 1")
        BOOK.execute("INSERT INTO deals VALUES (?, ?)", (number, json.dumps({"tricks": tricks})))
        BOOK.executemany("INSERT INTO entries VALUES (?, ?, ?)",
                         [(number, player, units or -1) for player, units in tricks.items()])
        BOOK.executemany("INSERT OR REPLACE INTO standings VALUES (?, ?)", scores.items())
        BOOK.execute("COMMIT")
    except BaseException:
        BOOK.execute("ROLLBACK")
        raise
"""

COUNTER = """
import sys
import flet as ft


def main(page: ft.Page) -> None:
    count = ft.Text("Count 0")

    def add_one() -> None:
        count.value = f"Count {int(count.value.split()[1]) + 1}"

    page.add(count, ft.Button("Add one", on_click=add_one))


ft.run(main, view=None, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
"""

# The fair floor: bare Flet drawing what the table screen draws at 390 px (a bar with its
# links, the fold's line, the deal's heading, four rows of name, duty, score and money over
# six trick counts and Pass, and a Save bar), written the plain way, with none of this
# app's code. Save gives Astrid her tricks and the others their flights, and draws the
# new deal: the same changes a saved deal makes on the rows.
BARE_TABLE = KEPT + """
import sys
import flet as ft

PLAYERS = ["Astrid", "Bengt", "Cilla", "Dag"]


def main(page: ft.Page) -> None:
    scores = dict.fromkeys(PLAYERS, 0)
    chosen = dict.fromkeys(PLAYERS, 0)
    deal = [61]

    def count_style(selected: bool) -> ft.ButtonStyle:
        return ft.ButtonStyle(
            bgcolor=ft.Colors.PRIMARY if selected else None,
            color=ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SURFACE,
            side=ft.BorderSide(1, ft.Colors.OUTLINE), padding=ft.Padding.all(0),
            text_style=ft.TextStyle(size=18, weight=ft.FontWeight.BOLD))

    def row(player: str) -> dict:
        name = ft.Text(player, size=16, weight=ft.FontWeight.BOLD)
        about = ft.Text("may pass", size=10, color=ft.Colors.ON_SURFACE_VARIANT)
        score = ft.Text("0", size=22, weight=ft.FontWeight.BOLD)
        said = ft.Semantics(label=f"{player}: 0", container=True, exclude_semantics=True,
                            content=score)
        money = ft.Text("SEK 0.00", size=12)
        buttons = []
        for count in range(6):
            button = ft.OutlinedButton(str(count), width=44, height=44, style=count_style(False),
                                       on_click=lambda _, p=player, c=count: choose(p, c))
            label = f"{player} {count} trick{'' if count == 1 else 's'}"
            buttons.append(ft.Semantics(label=label, button=True, content=button))
        passing = ft.Semantics(label=f"{player} passes", button=True,
                               content=ft.OutlinedButton("Pass", height=44))
        box = ft.Container(
            padding=ft.Padding.symmetric(horizontal=8, vertical=2),
            border_radius=ft.BorderRadius.all(12), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
            content=ft.Column(spacing=1, controls=[
                ft.Row(spacing=6, controls=[
                    ft.Column(spacing=0, expand=True, controls=[name, about]), said,
                    ft.Column([money], spacing=0)]),
                ft.Row(spacing=4, controls=[
                    ft.Row(buttons, spacing=2, run_spacing=2, wrap=True, expand=True),
                    passing])]))
        return {"box": box, "score": score, "said": said, "money": money,
                "buttons": buttons, "about": about}

    rows = {player: row(player) for player in PLAYERS}
    heading = ft.Text("Deal 61: Astrid deals", size=18, weight=ft.FontWeight.BOLD)
    fold = ft.Text("Pot: 5 · single pot: everyone plays, a trick pays 1", size=14)
    told = ft.Text("5 tricks still to give", size=16, weight=ft.FontWeight.BOLD)
    save = ft.FilledButton("Save deal 61", icon=ft.Icons.CHECK, height=52, expand=True,
                           on_click=lambda: saved())

    def choose(player: str, count: int) -> None:
        chosen[player] = count
        for number, button in enumerate(rows[player]["buttons"]):
            button.content.style = count_style(number == count)

    def saved() -> None:
        kept(deal[0], dict(chosen), {p: scores[p] + (chosen[p] or -1) for p in PLAYERS})
        for player in PLAYERS:
            scores[player] += chosen[player] or -1
            line = rows[player]
            line["score"].value = str(scores[player])
            line["said"].label = f"{player}: {scores[player]}"
            line["money"].value = f"SEK {scores[player] / 2:.2f}"
            for button in line["buttons"]:
                button.content.style = count_style(False)
            chosen[player] = 0
        deal[0] += 1
        dealer = PLAYERS[(deal[0] - 1) % 4]
        heading.value = f"Deal {deal[0]}: {dealer} deals"
        told.value = f"Deal {deal[0] - 1} saved: Astrid +5"
        save.content = f"Save deal {deal[0]}"

    bar = ft.AppBar(title=ft.Text("An evening", size=18, weight=ft.FontWeight.BOLD),
                    bgcolor=ft.Colors.SURFACE_CONTAINER, actions=[
        ft.IconButton(icon) for icon in (ft.Icons.RECEIPT_LONG, ft.Icons.SHOW_CHART,
                                         ft.Icons.PAYMENTS, ft.Icons.WIFI)])
    page.padding = 0
    page.add(ft.SafeArea(expand=True, content=ft.Column(expand=True, spacing=0, controls=[
        bar, ft.Container(expand=True, padding=ft.Padding.all(6), content=ft.Column(
            expand=True, spacing=6, controls=[
                fold, heading,
                ft.Column([rows[p]["box"] for p in PLAYERS], spacing=4, expand=True),
                ft.Container(
                    padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                    border_radius=ft.BorderRadius.all(14), bgcolor=ft.Colors.SURFACE_CONTAINER,
                    content=ft.Column(spacing=4, controls=[told, ft.Row([save], spacing=8)])),
            ]))])))


ft.run(main, view=None, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
"""


# The same rows, bar and Save in Flet's declarative style (as the brief asks of the app, and
# as flet-dev/flet's trolli is written): one observable table, each row and each count a
# memoized component, the looks made once. Save makes the same changes as the page above.
BARE_COMPONENTS = KEPT + """
import sys
from dataclasses import dataclass, field

import flet as ft

PLAYERS = ["Astrid", "Bengt", "Cilla", "Dag"]
STYLES = {selected: ft.ButtonStyle(
    bgcolor=ft.Colors.PRIMARY if selected else None,
    color=ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SURFACE,
    side=ft.BorderSide(1, ft.Colors.OUTLINE), padding=ft.Padding.all(0),
    text_style=ft.TextStyle(size=18, weight=ft.FontWeight.BOLD)) for selected in (False, True)}


@ft.observable
@dataclass
class Table:
    scores: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PLAYERS, 0))
    chosen: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PLAYERS, 0))
    deal: int = 61
    told: str = "5 tricks still to give"

    def choose(self, player: str, count: int) -> None:
        self.chosen = {**self.chosen, player: count}

    def save(self) -> None:
        scores = {p: self.scores[p] + (self.chosen[p] or -1) for p in PLAYERS}
        kept(self.deal, dict(self.chosen), scores)
        self.scores = scores
        self.chosen = dict.fromkeys(PLAYERS, 0)
        self.told = f"Deal {self.deal} saved: Astrid +5"
        self.deal += 1


@ft.memo
@ft.component
def Count(player: str, count: int, selected: bool, choose) -> ft.Control:
    label = f"{player} {count} trick{'' if count == 1 else 's'}"
    return ft.Semantics(label=label, button=True, content=ft.OutlinedButton(
        str(count), width=44, height=44, style=STYLES[selected],
        on_click=lambda: choose(player, count)))


@ft.memo
@ft.component
def PlayerRow(player: str, score: int, chosen: int, choose) -> ft.Control:
    return ft.Container(
        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
        border_radius=ft.BorderRadius.all(12), bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
        content=ft.Column(spacing=1, controls=[
            ft.Row(spacing=6, controls=[
                ft.Column(spacing=0, expand=True, controls=[
                    ft.Text(player, size=16, weight=ft.FontWeight.BOLD),
                    ft.Text("may pass", size=10, color=ft.Colors.ON_SURFACE_VARIANT)]),
                ft.Semantics(label=f"{player}: {score}", container=True,
                             exclude_semantics=True,
                             content=ft.Text(str(score), size=22, weight=ft.FontWeight.BOLD)),
                ft.Column([ft.Text(f"SEK {score / 2:.2f}", size=12)], spacing=0)]),
            ft.Row(spacing=4, controls=[
                ft.Row([Count(player, count, count == chosen, choose) for count in range(6)],
                       spacing=2, run_spacing=2, wrap=True, expand=True),
                ft.Semantics(label=f"{player} passes", button=True,
                             content=ft.OutlinedButton("Pass", height=44))])]))


@ft.component
def TablePage(table: Table) -> ft.Control:
    dealer = PLAYERS[(table.deal - 1) % 4]
    bar = ft.AppBar(title=ft.Text("An evening", size=18, weight=ft.FontWeight.BOLD),
                    bgcolor=ft.Colors.SURFACE_CONTAINER, actions=[
        ft.IconButton(icon) for icon in (ft.Icons.RECEIPT_LONG, ft.Icons.SHOW_CHART,
                                         ft.Icons.PAYMENTS, ft.Icons.WIFI)])
    return ft.SafeArea(expand=True, content=ft.Column(expand=True, spacing=0, controls=[
        bar, ft.Container(expand=True, padding=ft.Padding.all(6), content=ft.Column(
            expand=True, spacing=6, controls=[
                ft.Text("Pot: 5 · single pot: everyone plays, a trick pays 1", size=14),
                ft.Text(f"Deal {table.deal}: {dealer} deals", size=18,
                        weight=ft.FontWeight.BOLD),
                ft.Column([PlayerRow(p, table.scores[p], table.chosen[p], table.choose, key=p)
                           for p in PLAYERS], spacing=4, expand=True),
                ft.Container(
                    padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                    border_radius=ft.BorderRadius.all(14),
                    bgcolor=ft.Colors.SURFACE_CONTAINER,
                    content=ft.Column(spacing=4, controls=[
                        ft.Text(table.told, size=16, weight=ft.FontWeight.BOLD),
                        ft.Row([ft.FilledButton(f"Save deal {table.deal}", icon=ft.Icons.CHECK,
                                                height=52, expand=True,
                                                on_click=table.save)], spacing=8)])),
            ]))]))


def main(page: ft.Page) -> None:
    page.padding = 0
    page.render(TablePage, Table())


ft.run(main, view=None, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
"""

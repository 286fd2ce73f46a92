"""Charts: each player's running score over the deals, and tricks and flights per player."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft
import flet_charts as fch

from scorekeeper.app.routes import route_to
from scorekeeper.app.widgets import ScreenBar, back_to, panel, screen
from scorekeeper.i18n.evening_words import flights_chart

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.words import Words
    from scorekeeper.session import OpenSession

# Distinct at a glance, light or dark.
PALETTE = (ft.Colors.BLUE, ft.Colors.RED, ft.Colors.GREEN, ft.Colors.ORANGE, ft.Colors.PURPLE,
           ft.Colors.TEAL, ft.Colors.PINK, ft.Colors.BROWN, ft.Colors.INDIGO)
MAX_POINTS = 400  # a chart of a long session shows every n-th deal


@ft.memo
@ft.component
def Charts(session: OpenSession, words: Words, go: Callable[[str], object]) -> ft.Control:
    players = session.state.everyone
    deals = len(session.ledger)
    step = max(1, deals // MAX_POINTS)  # a long session's chart shows every n-th deal
    series = [
        fch.LineChartData(
            color=PALETTE[seat % len(PALETTE)], stroke_width=3, curved=False,
            points=[fch.LineChartDataPoint(x, y) for x, y in sampled(segment, step)],
        )
        for seat, line in enumerate(session.chart)
        for segment in line.segments
    ]
    legend = ft.Row(wrap=True, spacing=14, controls=[
        ft.Row(spacing=4, controls=[
            ft.Container(width=14, height=14, border_radius=ft.BorderRadius.all(7),
                         bgcolor=PALETTE[seat % len(PALETTE)]),
            ft.Text(player, size=15)])
        for seat, player in enumerate(players)
    ])
    scores = [y for line in session.chart for segment in line.segments for _, y in segment]
    low, high = min(scores, default=0), max(scores, default=0)
    y_step = nice_step(high - low)
    y_from, y_to = (low // y_step) * y_step, -(-high // y_step) * y_step
    y_to = max(y_to, y_from + y_step)  # a flat line still has a scale
    x_step = nice_step(deals)
    x_to = max(1, -(-deals // x_step) * x_step)
    line = fch.LineChart(
        data_series=series, height=320, expand=True,
        # Labels only on whole deals and on a round step of the score; each axis runs from
        # one round step to another, so its ends are labelled too (the last deal's, the
        # lowest and highest score's) and no odd end ("41") stands on a round one ("40").
        left_axis=fch.ChartAxis(label_size=44, labels=[
            fch.ChartAxisLabel(value=y, label=ft.Text(str(y), size=13))
            for y in range(y_from, y_to + 1, y_step)]),
        bottom_axis=fch.ChartAxis(
            title=ft.Text(words.t("ui.chart_deals")), label_size=28, labels=[
                fch.ChartAxisLabel(value=x, label=ft.Text(str(x), size=13))
                for x in range(0, x_to + 1, x_step)]),
        min_x=0, max_x=x_to, min_y=y_from, max_y=y_to,
    )
    state = session.state
    groups = [
        fch.BarChartGroup(x=seat, rods=[
            fch.BarChartRod(to_y=state.tricks[player], width=14, color=ft.Colors.PRIMARY),
            fch.BarChartRod(to_y=state.flights[player], width=14, color=ft.Colors.ERROR),
        ])
        for seat, player in enumerate(players)
    ]
    bars = fch.BarChart(
        groups=groups, height=260, expand=True,
        left_axis=fch.ChartAxis(label_size=36),
        bottom_axis=fch.ChartAxis(labels=[
            fch.ChartAxisLabel(value=seat, label=ft.Text(player, size=13))
            for seat, player in enumerate(players)], label_size=30),
    )
    flights_legend, tricks_and_flights = flights_chart(session.table.rules, words.language)
    bar_legend = ft.Row(spacing=14, controls=[
        ft.Row(spacing=4, controls=[ft.Container(width=14, height=14, bgcolor=ft.Colors.PRIMARY),
                                    ft.Text(words.t("ui.chart_tricks"))]),
        ft.Row(spacing=4, controls=[ft.Container(width=14, height=14, bgcolor=ft.Colors.ERROR),
                                    ft.Text(flights_legend)]),
    ])
    return ft.Column(expand=True, spacing=0, controls=[
        ScreenBar(words.t("ui.charts_of", name=words.session_name(
            session.name, session.table.rules.variant)),
            back_to(words, route_to("table", session=session.id)),
            (), go),
        screen(
            panel(words.t("ui.chart_running"), legend, ft.Row([line])),
            panel(tricks_and_flights, bar_legend, ft.Row([bars])),
        ),
    ])


def nice_step(span: int, marks: int = 8) -> int:
    """A round step (1, 2, 5, 10, 20, 50, ...) giving at most about ``marks`` labels."""
    step = 1
    while span / step > marks:
        for factor in (2, 5, 10):
            if span / (step * factor) <= marks or factor == 10:
                step *= factor
                break
    return step


def sampled(points: tuple[tuple[int, int], ...], step: int) -> list[tuple[int, int]]:
    """Every ``step``-th point of a long game's line, its last point always kept."""
    kept = list(points[::step])
    if points and kept[-1] != points[-1]:
        kept.append(points[-1])
    return kept

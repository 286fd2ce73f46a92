"""The rules at hand: this session's game as Scorekeeper applies it, chapter by chapter,
its house rules, and RULES.md's decisions marked as such. A refusal's or a ledger entry's
"why?" opens it at the paragraph it applied, shown first."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.widgets import Missing, action, panel, readout, screen, screen_bar
from scorekeeper.core import N_
from scorekeeper.core.rulebook import HouseRule, Paragraph, house_rules, rulebook
from scorekeeper.i18n.evening_words import label_and_value

if TYPE_CHECKING:
    from scorekeeper.app.model import AppModel


@ft.component
def RulesScreen(app: AppModel) -> ft.Control:
    session = app.table.session
    if session is None:
        return Missing(app)
    rules = session.table.rules
    book = rulebook(rules)
    at = app.nav.place.rule if app.nav.place.screen == "rules" else None
    applied = next((p for chapter in book for p in chapter.paragraphs if p.anchor == at), None)
    # Back where the "why?" was tapped (the table, the ledger), else to the table.
    back = app.nav.rules_from or f"/session/{session.id}"
    controls: list[ft.Control] = []
    if app.room.role != "host":  # a guest's bar has no back arrow: the way back to the table
        controls.append(action(app.t("ui.back"), ft.Icons.ARROW_BACK, lambda: app.go(back)))
    controls.append(ft.Text(app.t("rules.about", variant=rules.variant), size=16))
    if applied is not None:
        controls.append(panel(app.t("rules.applied"), said(app, applied),
                              bgcolor=ft.Colors.SECONDARY_CONTAINER))
    controls += [panel(app.words.render(chapter.title),
                       *(said(app, p, marked=p.anchor == at) for p in chapter.paragraphs))
                 for chapter in book]
    if house := house_rules(rules):
        controls.append(panel(app.t("rules.chapter_house"),
                              *(ft.Text(house_rule(app, rule), size=16) for rule in house)))
    controls.append(ft.Text(app.t("rules.decision_about"), size=14,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    name = app.words.session_name(session.name, rules.variant)
    return ft.Column(expand=True, spacing=0, controls=[
        screen_bar(app, app.t("rules.title_of", name=name), back),
        screen(*controls),
    ])


def said(app: AppModel, paragraph: Paragraph, *, marked: bool = False) -> ft.Control:
    """One paragraph; a decision carries its mark, read out with it ("Decision: ...")."""
    words = app.words.render(paragraph.says)
    parts: list[ft.Control] = []
    label = words
    if paragraph.decision:
        mark = app.t("rules.decision")
        label = label_and_value(mark, words, app.prefs.settings.language)
        parts.append(ft.Container(
            padding=ft.Padding.symmetric(horizontal=8, vertical=2),
            border_radius=ft.BorderRadius.all(6), bgcolor=ft.Colors.TERTIARY_CONTAINER,
            content=ft.Text(mark, size=13, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_TERTIARY_CONTAINER)))
    parts.append(ft.Text(words, size=16))
    body = ft.Container(
        padding=ft.Padding.all(8) if marked else ft.Padding.symmetric(vertical=4),
        border_radius=ft.BorderRadius.all(8),
        bgcolor=ft.Colors.SECONDARY_CONTAINER if marked else None,
        content=ft.Column(spacing=4, horizontal_alignment=ft.CrossAxisAlignment.START,
                          controls=parts))
    return readout(label=label, content=body)


def house_rule(app: AppModel, rule: HouseRule) -> str:
    """"Games in the session: 4 (chosen for this session)"; a rule as the game plays it
    without the note."""
    option = app.t(rule.label)
    if isinstance(rule.value, bool):
        value = app.t("rules.yes") if rule.value else app.t("rules.no")
    elif isinstance(rule.value, str):
        value = app.t(f"{rule.label}.{rule.value}")
    else:
        value = str(rule.value)
    return app.t(N_("rules.chosen") if rule.chosen else N_("rules.as_played"), option=option,
                 value=value)

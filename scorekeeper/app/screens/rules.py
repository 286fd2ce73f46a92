"""The rules at hand: this session's game as Scorekeeper applies it, chapter by chapter,
its house rules, and RULES.md's decisions marked as such. A refusal's or a ledger entry's
"why?" opens it at the paragraph it applied, shown first."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.widgets import ScreenBar, action, back_to, panel, readout, screen
from scorekeeper.core import N_
from scorekeeper.core.rulebook import HouseRule, Paragraph, house_rules, rulebook
from scorekeeper.i18n.evening_words import label_and_value

if TYPE_CHECKING:
    from collections.abc import Callable

    from scorekeeper.app.words import Words
    from scorekeeper.session import OpenSession


@ft.component
def RulesScreen(session: OpenSession, at: str | None, back: str, host: bool, words: Words,
                go: Callable[[str], object]) -> ft.Control:
    """``at``: the paragraph a "why?" opened, shown first; ``back``: where it was tapped
    (the table, the ledger). A guest's bar has no back arrow: a button takes it back."""
    rules = session.table.rules
    book = rulebook(rules)
    applied = next((p for chapter in book for p in chapter.paragraphs if p.anchor == at), None)
    controls: list[ft.Control] = []
    if not host:
        controls.append(action(words.t("ui.back"), ft.Icons.ARROW_BACK, lambda: go(back)))
    controls.append(ft.Text(words.t("rules.about", variant=rules.variant), size=16))
    if applied is not None:
        controls.append(panel(words.t("rules.applied"), said(words, applied),
                              bgcolor=ft.Colors.SECONDARY_CONTAINER))
    controls += [panel(words.render(chapter.title),
                       *(said(words, p, marked=p.anchor == at) for p in chapter.paragraphs))
                 for chapter in book]
    if house := house_rules(rules):
        controls.append(panel(words.t("rules.chapter_house"),
                              *(ft.Text(house_rule(words, rule), size=16) for rule in house)))
    controls.append(ft.Text(words.t("rules.decision_about"), size=14,
                            color=ft.Colors.ON_SURFACE_VARIANT))
    name = words.session_name(session.name, rules.variant)
    back_link = back_to(words, back) if host else None
    return ft.Column(expand=True, spacing=0, controls=[
        ScreenBar(words.t("rules.title_of", name=name), back_link, (), go),
        screen(*controls),
    ])


def said(words: Words, paragraph: Paragraph, *, marked: bool = False) -> ft.Control:
    """One paragraph; a decision carries its mark, read out with it ("Decision: ...")."""
    says = words.render(paragraph.says)
    parts: list[ft.Control] = []
    label = says
    if paragraph.decision:
        mark = words.t("rules.decision")
        label = label_and_value(mark, says, words.language)
        parts.append(ft.Container(
            padding=ft.Padding.symmetric(horizontal=8, vertical=2),
            border_radius=ft.BorderRadius.all(6), bgcolor=ft.Colors.TERTIARY_CONTAINER,
            content=ft.Text(mark, size=13, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.ON_TERTIARY_CONTAINER)))
    parts.append(ft.Text(says, size=16))
    body = ft.Container(
        padding=ft.Padding.all(8) if marked else ft.Padding.symmetric(vertical=4),
        border_radius=ft.BorderRadius.all(8),
        bgcolor=ft.Colors.SECONDARY_CONTAINER if marked else None,
        content=ft.Column(spacing=4, horizontal_alignment=ft.CrossAxisAlignment.START,
                          controls=parts))
    return readout(label=label, content=body)


def house_rule(words: Words, rule: HouseRule) -> str:
    """"Games in the session: 4 (chosen for this session)"; a rule as the game plays it
    without the note."""
    option = words.t(rule.label)
    if isinstance(rule.value, bool):
        value = words.t("rules.yes") if rule.value else words.t("rules.no")
    elif isinstance(rule.value, str):
        value = words.t(f"{rule.label}.{rule.value}")
    else:
        value = str(rule.value)
    return words.t(N_("rules.chosen") if rule.chosen else N_("rules.as_played"), option=option,
                 value=value)

"""What a person types, picks and switches: a field, a switch with its words, a choice
among a few, a file picked; each heard as it changes, and read out by its label."""

from __future__ import annotations

import inspect
from typing import TYPE_CHECKING, Any

import flet as ft

from scorekeeper.app.widgets import labelled
from scorekeeper.i18n.evening_words import label_and_value

if TYPE_CHECKING:
    from collections.abc import Callable


async def pick_json(title: str) -> bytes | None:
    """The bytes of a JSON file the person picks (None when they pick nothing): on a
    phone, a desktop or the web alike, as the file's contents, never a path."""
    picked = await ft.FilePicker().pick_files(
        dialog_title=title, allowed_extensions=["json"],
        file_type=ft.FilePickerFileType.CUSTOM, with_data=True)
    return picked[0].bytes if picked else None


@ft.component
def Entry(label: str, text: str, on_text: Callable[[str], object], *,
          on_enter: Callable[[str], object] | None = None, emptied: int | None = None,
          **look: Any) -> ft.Control:
    """A field to type in. It shows ``text`` when it appears and from then on what the
    person has typed; the app hears each change (``on_text``) and Enter (``on_enter``),
    with the field's text. To set it to ``text`` again, give it a new ``key``.

    ``emptied``, for a field that takes many entries one after another (the players'
    names): a new number shows ``text`` again in the same field, and the field keeps the
    keyboard, also when a button beside it (Add) is tapped with a mouse. Otherwise Flutter
    hands the keyboard to the field that had it before (the session's name, its text
    selected to be typed over) and scrolls the screen up to it: the next name typed went to
    the session's, and a tap where the field had been landed on whatever scrolled by.

    Why it does not show the app's copy of the text: each key reaches the app as the
    field's new text at once, and as a change event the app handles after what it is
    doing. A redraw in between made from the app's copy ("Ci") would put it back over
    what the field already holds ("Cid"), and a letter typed at a person's pace is lost."""
    drawn = ft.use_ref(None)  # the field as last drawn: the browser's text lands on it
    shown_for = ft.use_ref(emptied)
    held = text if drawn.current is None or shown_for.current != emptied else drawn.current.value
    shown_for.current = emptied

    async def keyboard_for_the_next() -> None:
        if emptied:
            await drawn.current.focus()

    ft.use_effect(keyboard_for_the_next, [emptied])

    async def entered(event: ft.Event[ft.TextField]) -> None:
        assert on_enter is not None
        answer = on_enter(event.control.value or "")
        if inspect.isawaitable(answer):
            await answer

    drawn.current = ft.TextField(label=label, value=held, **look,
                                 on_change=lambda e: on_text(e.control.value or ""),
                                 on_submit=entered if on_enter is not None else None)
    return drawn.current


def switch(label: str, value: bool, on_change: Callable[[bool], object], *,
           disabled: bool = False) -> ft.Control:
    """A switch and its words, which wrap onto as many lines as they need: Flet's own
    label keeps one line and is cut at a phone's edge ("Ramina : arrêter dès que
    quelqu'un atte"). Read out as one switch named by its words, and a tap on the words
    turns it, as on Flet's."""
    return ft.MergeSemantics(content=ft.Row(controls=[
        ft.Switch(value=value, disabled=disabled,
                  on_change=lambda e: on_change(bool(e.control.value))),
        ft.GestureDetector(expand=True, content=ft.Text(label),
                           on_tap=None if disabled else lambda _: on_change(not value)),
    ]))


LONG_CHOICE = 28  # characters: a chip holds one line and cuts the rest at a phone's edge


def choices(label: str, options: list[tuple[str, str]], chosen: str | None,
            pick: Callable[[str], object], language: str, *,
            shown_label: bool = True) -> ft.Control:
    """One choice among a few, each a chip: one tap, big enough for a finger. Choices in
    many words ("wird gleichmäßig unter allen Spielern aufgeteilt") are a list of lines
    instead, each wrapping as it must. Each is read out with its label, as ``language``
    puts a label and its value together ("Jeu\u00a0: Rams anglais")."""
    if any(len(text) > LONG_CHOICE for _, text in options):
        picks = ft.Column(spacing=4, controls=[
            # Read out as the chips are ("The pot at the end…: carried over…"), once.
            ft.Semantics(label=label_and_value(label, text, language), button=True,
                         selected=key == chosen, exclude_semantics=True, content=ft.Container(
                padding=ft.Padding.symmetric(horizontal=10, vertical=8),
                border_radius=ft.BorderRadius.all(8),
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                bgcolor=ft.Colors.SECONDARY_CONTAINER if key == chosen else None,
                on_click=lambda _, k=key: pick(k),
                content=ft.Row(spacing=8, controls=[
                    ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED if key == chosen
                            else ft.Icons.RADIO_BUTTON_UNCHECKED, size=20),
                    ft.Text(text, expand=True),
                ])))
            for key, text in options])
    else:
        picks = ft.Row(wrap=True, spacing=8, controls=[
            labelled(label_and_value(label, text, language), ft.Chip(
                label=ft.Text(text), selected=key == chosen,
                on_select=lambda _, k=key: pick(k)), selected=key == chosen)
            for key, text in options])
    return ft.Column(spacing=4, controls=[
        *([ft.Text(label, size=14)] if shown_label else []),
        picks,
    ])

"""``scorekeeper`` with its words written down as it sends them: ``python -m
tests.e2e.text_watch ARGS`` runs the command line with ARGS, and each time a page is sent
a change, writes to ``$SCOREKEEPER_TEXT_LOG`` (JSON, replaced whole) every text the page
draws, as the control tree holds it: its words, its size where the app gives one, and
what may cut it (a line limit, no wrapping), a button's label too; and every label a
``ft.Semantics`` or a text's own ``semantics_label`` puts over what it draws (a
score read out as "Astrid: -28" over the figure "-28").

The browser's accessibility tree holds each text's words and the rectangle laid out for
them, but not the size they are drawn at, nor whether a label is the words drawn: the
test that finds text cut on a phone (test_nothing_cut_on_a_phone.py) reads both here."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import sys
from collections.abc import Iterator
from typing import Any

import flet as ft
from flet.messaging.session import Session

from scorekeeper.cli import main

LOG = os.environ["SCOREKEEPER_TEXT_LOG"]


def controls_under(control: Any) -> Iterator[ft.BaseControl]:
    """Every control in the tree under ``control`` (a component's drawn body included)."""
    stack = [control]
    while stack:
        node = stack.pop()
        if isinstance(node, list | tuple):
            stack.extend(node)
            continue
        if not isinstance(node, ft.BaseControl):
            continue
        if getattr(node, "visible", True) is False:
            continue
        yield node
        for found in dataclasses.fields(node):
            if found.name.startswith("__") or found.metadata.get("skip"):
                continue
            value = getattr(node, found.name, None)
            if isinstance(value, ft.BaseControl | list | tuple):
                stack.append(value)


# Material's buttons, whose label's size is their style's (FilledButton is a Button): Save's
# words at 20 px broke in two in a button as tall as one line ("Enregistrer la / donne 7").
BUTTONS = (ft.Button, ft.OutlinedButton, ft.TextButton)


def words_of(page: ft.Page) -> dict[str, Any]:
    texts, labels = [], []
    for control in controls_under(page):
        if isinstance(control, BUTTONS) and isinstance(control.content, str) and control.content:
            look = control.style.text_style if control.style is not None else None
            texts.append({"value": control.content,
                          "size": look.size if isinstance(look, ft.TextStyle) else None,
                          "max_lines": None, "ellipsis": False, "no_wrap": False})
        elif isinstance(control, ft.Text) and control.value:
            style = control.style
            texts.append({
                "value": str(control.value),
                "size": control.size or (style.size if style is not None else None),
                "max_lines": control.max_lines,
                "ellipsis": control.overflow == ft.TextOverflow.ELLIPSIS,
                "no_wrap": bool(control.no_wrap),
            })
            if control.semantics_label:  # read out in place of its words
                labels.append(str(control.semantics_label))
        elif isinstance(control, ft.Semantics) and control.label:
            labels.append(str(control.label))
    return {"texts": texts, "labels": labels}


def write_down(session: Session) -> None:
    page = session.page
    if page is None:
        return
    written = json.dumps(words_of(page), ensure_ascii=False)
    with open(LOG + ".new", "w", encoding="utf-8") as log:
        log.write(written)
    os.replace(LOG + ".new", LOG)


real_patch = Session.patch_control


def patch_control(self: Session, *args: Any, **kwargs: Any) -> None:
    real_patch(self, *args, **kwargs)
    # A component keeps the body it drew only once its patch is out: the tree is walked
    # when the loop next turns, long before the page has drawn what the patch sent.
    try:
        asyncio.get_running_loop().call_soon(write_down, self)
    except RuntimeError:  # no loop on this thread: the tree is whole already
        write_down(self)


Session.patch_control = patch_control  # type: ignore[method-assign]

if __name__ == "__main__":
    main(sys.argv[1:], prog_name="scorekeeper")

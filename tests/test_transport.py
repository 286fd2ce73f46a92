"""The lean send (scorekeeper/app/transport.py): the browser gets the very bytes flet-web
would have sent, without the debug line formatted for every change."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import flet as ft
import pytest
from flet.messaging.protocol import Message, MessageAction, PatchControlBody
from flet_web.fastapi import flet_app

from scorekeeper.app.transport import send_without_formatting


class Queue(list):
    def put_nowait(self, item: bytes) -> None:
        self.append(item)


def sent_by(send, message: Message) -> bytes:  # type: ignore[no-untyped-def]
    page = SimpleNamespace(_FletApp__send_queue=Queue())
    send(page, message)
    (sent,) = page._FletApp__send_queue
    return sent


@pytest.fixture
def change() -> Message:
    text = ft.Text("Astrid: 46", size=24)
    return Message(MessageAction.PATCH_CONTROL,
                   PatchControlBody(7, [[0], [0, 0, "value", "Astrid: 46"], [1, 0, 0, text]]))


def test_the_lean_send_puts_the_same_bytes_on_the_wire(change: Message):
    own = flet_app.FletApp.send_message
    assert send_without_formatting()
    try:
        assert flet_app.FletApp.send_message is not own
        assert sent_by(flet_app.FletApp.send_message, change) == sent_by(own, change)
    finally:
        flet_app.FletApp.send_message = own


def test_the_lean_send_formats_nothing_unless_its_log_is_on(change: Message, caplog):
    own = flet_app.FletApp.send_message
    send_without_formatting()
    try:
        with caplog.at_level(logging.INFO, logger="flet_transport"):
            sent_by(flet_app.FletApp.send_message, change)
        assert not caplog.records
        with caplog.at_level(logging.DEBUG, logger="flet_transport"):
            sent_by(flet_app.FletApp.send_message, change)
        assert any("send_message" in record.getMessage() for record in caplog.records)
    finally:
        flet_app.FletApp.send_message = own


def test_a_change_for_a_browser_that_has_gone_is_dropped_not_a_traceback(change: Message):
    # A page closed while its first screen was being drawn: flet-web has let go of its queue
    # (the browser tests' server log showed "'NoneType' object has no attribute
    # 'put_nowait'" when a guest's page closed that early).
    own = flet_app.FletApp.send_message
    send_without_formatting()
    try:
        gone = SimpleNamespace(_FletApp__send_queue=None)
        flet_app.FletApp.send_message(gone, change)  # nothing to send, nothing raised
        with pytest.raises(AttributeError):
            own(gone, change)  # flet-web's own, for comparison
    finally:
        flet_app.FletApp.send_message = own

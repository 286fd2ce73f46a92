"""Players: the roster, each player's payment details (how they are paid at settle-up),
and each player's lifetime statistics per game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.inputs import Entry, pick_json
from scorekeeper.app.routes import route_to
from scorekeeper.app.widgets import GoTo, action, bullet, error_line, handler, screen, screen_bar
from scorekeeper.core.table import stored_money
from scorekeeper.i18n import counted_phrases
from scorekeeper.i18n.accounts import amount
from scorekeeper.i18n.evening_words import wins_said

if TYPE_CHECKING:  # the payments package loads when details are shown or saved
    from collections.abc import Callable, Mapping

    from scorekeeper.app.state.roster import Roster
    from scorekeeper.app.state.said import Said
    from scorekeeper.app.words import Words
    from scorekeeper.payments import PaymentDetails
    from scorekeeper.session import Lifetime

    # Keeps a player's details as typed; refused, says why to the callable it is given.
    KeepDetails = Callable[[str, Mapping[str, str | None], Callable[[str, Exception], None]],
                           bool]


@ft.memo
@ft.component
def Players(roster: Roster, said: Said, words: Words, go: Callable[[str], object],
            reload: Callable[[], object]) -> ft.Control:
    """``roster``: the players with their records and details, as loaded, and its
    commands; ``reload``: the screen loaded again (a player added, a roster imported)."""
    new_name = ft.use_ref("")  # what the field holds: heard, not drawn (see Entry)
    added, set_added = ft.use_state(0)  # players added from the field: each empties it

    def add() -> None:
        if not new_name.current.strip():
            return
        if not roster.add(new_name.current):
            return
        new_name.current = ""
        set_added(added + 1)
        reload()

    def add_typed(text: str) -> None:
        new_name.current = text
        add()

    async def export_roster() -> None:
        body = roster.export_file()
        await ft.FilePicker().save_file(file_name="roster.json", src_bytes=body)
        said.notice = words.t("ui.exported", file="roster.json")

    async def import_roster() -> None:
        """Players and their details from another device's exported roster: all or none."""
        picked = await pick_json(words.t("ui.import_roster"))
        if picked is None:
            return
        kept = await roster.import_file(picked)
        if kept is None:  # nothing of the file was kept
            return
        reload()
        said.notice = words.t("ui.roster_imported", players=", ".join(kept) or "-")

    add_label = words.t("ui.add_player")
    cards = [PlayerCard(words, name, roster.lifetimes.get(name, []),
                        roster.details.get(name), roster.keep_details,
                        GoTo(go, route_to("player", player=name)))
             for name in roster.names]
    return ft.Column(expand=True, spacing=0, controls=[
        screen_bar(words, go, words.t("ui.players")),
        screen(
            ft.Row(wrap=True, controls=[
                Entry(words.t("ui.player_name"), "",
                      lambda text: setattr(new_name, "current", text),
                      key=f"name-{added}", width=260, on_enter=add_typed),
                ft.FilledTonalButton(add_label, icon=ft.Icons.PERSON_ADD, on_click=add),
            ]),
            error_line(said.problem),
            *(cards or [ft.Text(words.t("ui.no_players"))]),
            ft.Row(wrap=True, spacing=8, controls=[
                *([action(words.t("ui.export_roster"), ft.Icons.DOWNLOAD, export_roster)]
                  if roster.names else []),
                action(words.t("ui.import_roster"), ft.Icons.UPLOAD_FILE, import_roster),
            ]),
        ),
    ])


@ft.memo
@ft.component
def PlayerCard(words: Words, name: str, rows: list[Lifetime],
               details: PaymentDetails | None, keep: KeepDetails, open_page: GoTo,
               ) -> ft.Control:
    editing, set_editing = ft.use_state(False)
    close_form = ft.use_callback(lambda: set_editing(False), [])  # one for good: memo holds
    lines: list[ft.Control] = []
    for row in rows:
        game = words.t("cli.all_games") if row.variant == "*" else words.t(f"variant.{row.variant}")
        # Sessions played without money add nothing to say: no bare "0.00" beside the SEK.
        money = ", ".join(amount(m, stored_money("1", c), words.language)
                          for c, m in row.money.items() if c) or "–"
        lines.append(ft.Column(spacing=0, controls=[
            ft.Text(game, size=16, weight=ft.FontWeight.BOLD),
            ft.Text(words.t("ui.lifetime_line", money=money,
                            won=wins_said(row.won, words.language), **counted_phrases(
                words.language, sessions=row.sessions, deals=row.deals_played,
                tricks=row.tricks, flights=row.flights)), size=15),
        ]))
    if not rows:
        lines.append(ft.Text(words.t("ui.no_sessions_for_player")))
    label = words.t("ui.edit_details", player=name)
    head = ft.Row(alignment=ft.MainAxisAlignment.SPACE_BETWEEN, controls=[
        ft.Text(name, size=20, weight=ft.FontWeight.BOLD),
        ft.TextButton(label, icon=ft.Icons.EDIT if not editing else ft.Icons.EXPAND_LESS,
                      on_click=lambda: set_editing(not editing)),
    ])
    paid_how = [bullet(line, icon=ft.Icons.PAYMENTS) for line in shown_details(words, details)]
    if not paid_how:
        paid_how = [ft.Text(words.t("ui.no_payment_details"), size=14, italic=True)]
    form = [DetailsForm(words, name, details, close_form, keep)] if editing else []
    page = ft.TextButton(words.t("record.open_page", player=name), icon=ft.Icons.INSIGHTS,
                         on_click=handler(open_page)) if rows else None
    return ft.Card(content=ft.Container(padding=ft.Padding.all(14), content=ft.Column(
        spacing=6, controls=[head, *paid_how, *form, *lines, *([page] if page else [])])))


def shown_details(words: Words, details: PaymentDetails | None) -> list[str]:
    """The details as people write them: 070-123 45 67, DE89 3704 0044 ..."""
    if details is None or details.empty:
        return []
    from scorekeeper.payments import format_iban, format_swish

    shown = []
    if details.swish:
        shown.append(words.t("ui.details_swish", number=format_swish(details.swish)))
    if details.iban:
        shown.append(words.t("ui.details_iban", iban=format_iban(details.iban),
                           holder=details.holder or ""))
    if details.qr_iban:
        shown.append(words.t("ui.details_qr_iban", iban=format_iban(details.qr_iban),
                           holder=details.holder or "", postcode=details.postcode or "",
                           town=details.town or "", country=details.country or ""))
    return shown


@ft.memo
@ft.component
def DetailsForm(words: Words, name: str, details: PaymentDetails | None,
                close: Callable[[], None], keep: KeepDetails) -> ft.Control:
    """The details as typed; checked when saved, and refused in words if wrong (nothing
    is kept then, and what was typed stays to be corrected)."""
    from scorekeeper.core.payee import DETAIL_FIELDS as FIELDS

    # Heard as typed, not drawn (see Entry); a dict the fields change in place, so a key
    # in one field is not undone by a redraw made before the key in another was heard.
    typed = ft.use_ref(lambda: {
        field: (getattr(details, field) or "") if details is not None else ""
        for field in FIELDS}).current
    problem, set_problem = ft.use_state("")

    def change(field: str) -> Callable[[str], None]:
        return lambda text: typed.__setitem__(field, text)

    def save() -> None:
        if keep(name, {f: typed[f] or None for f in FIELDS},
                lambda reason, _error: set_problem(reason)):
            set_problem("")
            close()

    boxes = [Entry(words.t(f"payments.label_{field}"), typed[field], change(field), dense=True,
                   width=320 if field in ("iban", "qr_iban", "holder") else 200)
             for field in FIELDS]
    return ft.Container(
        padding=ft.Padding.symmetric(vertical=6),
        content=ft.Column(spacing=8, controls=[
            ft.Text(words.t("ui.payment_details"), size=15, weight=ft.FontWeight.BOLD),
            ft.Row(wrap=True, spacing=10, run_spacing=10, controls=boxes),
            error_line(problem or None),
            action(words.t("ui.save_details", player=name), ft.Icons.SAVE, save, filled=True),
        ]),
    )

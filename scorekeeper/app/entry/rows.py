"""A row per player, as on paper: their score, what the rules ask of them now ("must
play", "may pass"), and a button per trick count."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from scorekeeper.app.widgets import labelled, readout
from scorekeeper.core import N_, DealGuide, Message, counts, score_text
from scorekeeper.core.passing import NOT_PLAYED
from scorekeeper.i18n import render
from scorekeeper.i18n.accounts import amount, pot_share_words

if TYPE_CHECKING:
    from scorekeeper.app.draft import DealDraft
    from scorekeeper.app.words import Words
    from scorekeeper.session import OpenSession
    from scorekeeper.session.standing_view import Figures

TARGET = 48  # px: the smallest a finger hits reliably (Material's target size)

# The short words a row shows for a duty; the whole reason is what a screen reader reads.
MUST_PLAY = N_("ui.duty_must_play")
DUTY_TAGS = {"must.rh_or_concede": N_("ui.duty_play_or_concede"),
             "must.rh_concede": N_("ui.duty_concede")}


@dataclass(frozen=True, slots=True)
class RowHeading:
    """Who, what the rules ask of them, their score and money: new at every Save."""

    player: str
    about: str  # "dealer · RH · must play"
    score: str
    score_label: str  # what a screen reader reads: "Astrid: 12"
    money: str | None
    pot_share: str | None  # "incl. SEK 1.50 from the pot": why the money is not the score


@dataclass(frozen=True, slots=True)
class RowButtons:
    """The trick counts and Pass: changed only by the taps on this row (and a Save of a
    deal this row's counts were chosen in)."""

    passed: bool
    pass_text: str
    pass_label: str
    counts: tuple[tuple[str, bool, bool], ...]  # per count: label, selected, follows; none
    buy_down: tuple[str, str, bool] | None  # label, chip text, bought (if it may buy down)


@dataclass(frozen=True, slots=True)
class RowView:
    """What one player's row shows, all of it worked out before drawing: a row whose view
    is unchanged is not drawn again (most of them, at a tap on one row's tricks), and of a
    row drawn again only the part that changed (its heading, at a Save)."""

    heading: RowHeading
    buttons: RowButtons
    refusal: str | None
    background: str
    marked: bool  # the row the keyboard's digits go to


@dataclass(frozen=True, slots=True)
class RowTaps:
    """What a row's buttons do to the draft. Equal for the same draft and player, so a
    redrawn entry hands an unchanged row the same taps and the row is skipped."""

    draft: DealDraft
    player: str

    def tricks(self, count: int) -> None:
        self.draft.set_tricks(self.player, count)

    def toggle_pass(self) -> None:
        self.draft.toggle_pass(self.player)

    def toggle_buy_down(self) -> None:
        self.draft.toggle_in("buy_down", self.player)


def row_view(words: Words, session: OpenSession, draft: DealDraft, player: str,
             deal_guide: DealGuide, duty: Message | None, refusal: str | None, *,
             filled: int | None, may_buy_down: bool, marked: bool,
             figures: Figures) -> RowView:
    """``figures``: where everyone stands as the deal is dealt (before a deal corrected)."""
    seats = deal_guide.seats
    entered = draft.entered
    passed = player in entered.passed
    taken = entered.tricks.get(player)
    rules = session.table.rules
    tags = [render(tag, words.language) for tag in deal_guide.sides.tags.get(player, ())]
    marks = [words.t(f"ui.mark_{name}") for name in ("widow", "general", "forfeit_to")
             if getattr(entered, name) == player]
    marks += [words.t(f"ui.mark_{name}") for name in ("fouls", "buy_down")
              if player in getattr(entered, name)]
    duty_line = _duty_tag(words, duty, passed, rules.five_tricks)
    # One sitting down with this deal has no score yet: they start where everyone did.
    score = figures.scores.get(player, rules.start)
    buttons: list[tuple[str, bool, bool]] = []
    if duty is not None and duty.key == "duty.takes_all":
        filled = int(duty.params["tricks"])  # the dealer everyone passed to takes them unplayed
    if not (passed or entered.misdeal or entered.conceded):
        for count in range(session.fields.tricks + 1):
            # ``filled``: the count that follows from the others' tricks, if this row's does.
            chosen = taken == count or (taken is None and filled is None and count == 0)
            follows = filled is not None and count == filled
            label = words.t(counts("ui.tricks_button", "count"), player=player, count=count)
            buttons.append((label, chosen or follows, follows))
    buy_down = None
    if may_buy_down:
        buy_down = (words.t("ui.pick_buy_down", player=player), words.t("ui.extra_buy_down"),
                    player in entered.buy_down)
    heading = RowHeading(
        player=player,
        about=" · ".join([*tags, *marks, *([duty_line] if duty_line else [])]),
        score=score_text(session.table, score),
        score_label=words.t("ui.score_of", player=player, score=score),
        money=(amount(figures.money.get(player, 0), session.table.money,
                      words.language) if session.plays_for_money else None),
        pot_share=(pot_share_words(figures.money.get(player, 0), figures.pot_shares.get(
            player, 0), session.table.money, words.language)
            if session.plays_for_money else None),
    )
    return RowView(
        heading=heading,
        buttons=RowButtons(
            passed=passed,
            pass_text=words.t(N_("ui.passes") if passed else N_("ui.pass")),
            pass_label=words.t("ui.pass_button", player=player),
            counts=tuple(buttons),
            buy_down=buy_down,
        ),
        refusal=refusal,
        background=(ft.Colors.SURFACE_CONTAINER_HIGHEST if passed
                    else ft.Colors.PRIMARY_CONTAINER if player == seats.dealer
                    else ft.Colors.SURFACE_CONTAINER_HIGH),
        marked=marked,
    )


# The looks a row's buttons take, made once: the page's diff skips an unchanged look
# (the very same object) without comparing it field by field.
@functools.cache
def count_style(selected: bool, follows: bool) -> ft.ButtonStyle:
    return ft.ButtonStyle(
        bgcolor=ft.Colors.PRIMARY if selected else None,
        color=ft.Colors.ON_PRIMARY if selected else ft.Colors.ON_SURFACE,
        side=ft.BorderSide(2 if follows else 1, ft.Colors.OUTLINE),
        text_style=ft.TextStyle(size=18, weight=ft.FontWeight.BOLD),
        padding=ft.Padding.all(0),
    )


@functools.cache
def pass_style(passed: bool) -> ft.ButtonStyle:
    return ft.ButtonStyle(
        bgcolor=ft.Colors.SECONDARY_CONTAINER if passed else None,
        color=ft.Colors.ON_SECONDARY_CONTAINER if passed else ft.Colors.ON_SURFACE,
        side=ft.BorderSide(1, ft.Colors.OUTLINE),
        padding=ft.Padding.symmetric(horizontal=12))


# Six counts and Pass on one line of a 390 px phone, six rows and Save on its screen.
COUNT = 44  # px: Apple's smallest target, a finger still hits it
ROW_PADDING = ft.Padding.symmetric(horizontal=8, vertical=2)
ROW_CORNERS = ft.BorderRadius.all(12)
MARKED = ft.Border.all(2, ft.Colors.PRIMARY)


@ft.memo
@ft.component
def PlayerRow(row: RowView, taps: RowTaps) -> ft.Control:
    """Two lines: who (and what the rules ask of them), their score and money; then the
    trick counts and Pass."""
    body: list[ft.Control] = [Heading(row.heading), Buttons(row.buttons, taps)]
    if row.refusal:
        body.append(readout(label=row.refusal, content=ft.Text(row.refusal, size=14,
                                                                color=ft.Colors.ERROR)))
    return ft.Container(
        padding=ROW_PADDING, border_radius=ROW_CORNERS, border=MARKED if row.marked else None,
        bgcolor=row.background, content=ft.Column(spacing=1, controls=body),
    )


@ft.memo
@ft.component
def Heading(row: RowHeading) -> ft.Control:
    """Drawn again at every Save (the score, the money, the dealer's marks move), so it is
    as few controls as it can be: each one costs the server and the browser at a Save.
    The score says what a screen reader reads in its own label, not in a wrapper."""
    # The name stays from deal to deal: the very same control, which the diff skips.
    name = ft.use_memo(lambda: ft.Text(row.player, size=16, weight=ft.FontWeight.BOLD,
                                       max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                       [row.player])
    # The money's column stays when the pot share goes with the pot: a Save then takes
    # one line out of it rather than sending the money's controls whole.
    shares = [ft.Text(row.pot_share, size=10, no_wrap=True, color=ft.Colors.ON_SURFACE_VARIANT)
              ] if row.pot_share else []
    money = [ft.Column([ft.Text(row.money, size=12, no_wrap=True), *shares], spacing=0,
                       horizontal_alignment=ft.CrossAxisAlignment.END)] if row.money else []
    return ft.Row(
        spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER,
        controls=[
            # The name over what the rules ask: at a large text size the figures take the
            # width they need; the name is cut short at worst, what the rules ask of the
            # player wraps to a second line ("högerhand · måste spela eller betala 5": the
            # last words decide the deal, and were cut).
            ft.Column(spacing=0, expand=True, controls=[
                name, ft.Text(row.about, size=10, max_lines=2,
                              color=ft.Colors.ON_SURFACE_VARIANT)]),
            ft.Text(row.score, size=22, weight=ft.FontWeight.BOLD,
                    semantics_label=row.score_label),
            *money,
        ],
    )


@ft.memo
@ft.component
def Buttons(row: RowButtons, taps: RowTaps) -> ft.Control:
    play: list[ft.Control] = [CountButton(label, count, selected, follows, taps)
                              for count, (label, selected, follows) in enumerate(row.counts)]
    if row.buy_down is not None:
        label, chip, bought = row.buy_down
        play.append(labelled(label, ft.Chip(label=ft.Text(chip), selected=bought,
                                            on_select=lambda: taps.toggle_buy_down()),
                             selected=bought))
    # One kind of button whatever its state: a tap is never lost to a swapped widget.
    pass_button = labelled(row.pass_label, ft.OutlinedButton(
        row.pass_text, height=COUNT, icon=ft.Icons.CHECK if row.passed else None,
        style=pass_style(row.passed), on_click=lambda: taps.toggle_pass()),
        selected=row.passed)
    return ft.Row(spacing=4, controls=[
        ft.Row(play, spacing=2, run_spacing=2, wrap=True, expand=True), pass_button])


@ft.memo
@ft.component
def CountButton(label: str, count: int, selected: bool, follows: bool, taps: RowTaps
                ) -> ft.Control:
    """One trick count. A component of its own: when a deal is saved, only the counts
    whose look changed are drawn again, not all six of every row."""
    return labelled(label, ft.OutlinedButton(
        str(count), width=COUNT, height=COUNT, style=count_style(selected, follows),
        on_click=lambda: taps.tricks(count)), selected=selected)


def _duty_tag(words: Words, duty: Message | None, passed: bool, five: int) -> str | None:
    """"must play", "may pass", "must play or pay 5", "pays the dealer 5": what the rules
    ask of this row now (core/passing.py, ``duties``)."""
    if passed or duty == NOT_PLAYED:
        return None
    if duty is None:
        return words.t("ui.duty_may_pass")
    if duty.key.startswith("duty."):  # what the deal does for them without play
        return render(duty, words.language)
    return words.t(DUTY_TAGS.get(duty.key, MUST_PLAY), five=five)

"""Messages that count something: which figure decides their wording, and the form it picks.

A catalogue value is either one template or, for a message that counts, a dict of CLDR plural
categories (``{"one": "{left} trick too many", "other": "{left} tricks too many"}``). Which
parameter is the count is said once here, for every language, so the catalogues cannot disagree:
``COUNTED_BY["ui.tricks_over"] == "left"``. The form is chosen with the language's CLDR plural
rule (Babel's ``Locale.plural_form``): Swedish, English and German have ``one`` and ``other``.

A sentence with several counts ("3 sessions, 1 deal played, 4 tricks") cannot pick one form for
all of them, so it is built from counted phrases: ``PHRASES["cli.lifetime"]["sessions"]`` names
the phrase ``count.sessions`` that turns the figure into "3 sessions" before the sentence is
filled in.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from scorekeeper.i18n.locales import locale

COUNTED_BY: dict[str, str] = {
    # the command line
    "cli.replay_title": "deals",
    "cli.imported": "deals",
    "cli.deals": "deals",
    "cli.exported_entries": "count",
    # the store
    "store.conflict": "deal",
    # the app
    "ui.imported": "deals",
    "ui.show_all_sessions": "count",
    "ui.session_line": "deals",
    "ui.flights": "count",
    "ui.tricks_button": "count",
    "ui.tricks_left": "left",
    "ui.tricks_over": "left",
    "ui.tricks_general_lost": "played",
    "ui.show_earlier": "count",
    # the ledger
    "ledger.foul_no_share": "tricks",
    "ledger.forfeit": "tricks",
    "ledger.tricks": "tricks",
    "ledger.tricks_floor": "tricks",
    "ledger.points_tricks": "tricks",
    "ledger.buy_down_stake": "units",
    "ledger.flight_stake": "units",
    # refusals
    "deal.session_over": "games",
    "setup.name_unusable": "longest",
    "setup.unit_finer_than_minor": "digits",
    # the counted phrases of the lifetime lines
    "count.sessions": "count",
    "count.deals_played": "count",
    "count.tricks": "count",
    "count.flights": "count",
    "count.games_won": "count",
}

_LIFETIME = {"sessions": "count.sessions", "deals": "count.deals_played",
             "tricks": "count.tricks", "flights": "count.flights", "won": "count.games_won"}
PHRASES: dict[str, dict[str, str]] = {"cli.lifetime": _LIFETIME, "ui.lifetime_line": _LIFETIME}


def categories(language: str) -> frozenset[str]:
    """The plural categories a catalogue of ``language`` must give: ``{"one", "other"}``."""
    return frozenset(locale(language).plural_form.tags | {"other"})


def category(count: object, language: str) -> str:
    """The plural category of ``count`` in ``language``: ``"one"`` for 1, ``"other"`` for 0, 2,
    5 and 21 in sv, en and de. Something that is not a number reads as ``"other"``."""
    if isinstance(count, bool) or not isinstance(count, int | Decimal | str):
        return "other"
    try:
        figure = count if isinstance(count, int) else Decimal(str(count).strip())
    except InvalidOperation:
        return "other"
    if isinstance(figure, Decimal) and not figure.is_finite():
        return "other"
    return locale(language).plural_form(figure)

"""The message keys the code puts together at run time (``f"variant.{id}"``, ``key + "_floor"``).

``pybabel extract`` finds a key only where it is written out in a call (babel.cfg); these are
written out here, so that the catalogues keep them. A test checks that every key of the English
catalogue is found by the extraction, and every extracted key is in the catalogue.
"""

from __future__ import annotations

from scorekeeper.core.messages import N_, counts

# A game by its name, and its rules in a line (New session, home, the PDF, payment messages).
VARIANTS = {
    "english": (N_("variant.english"), N_("summary.english")),
    "denexa": (N_("variant.denexa"), N_("summary.denexa")),
    "rounce": (N_("variant.rounce"), N_("summary.rounce")),
    "pool": (N_("variant.pool"), N_("summary.pool")),
    "mattmar": (N_("variant.mattmar"), N_("summary.mattmar")),
    "counters": (N_("variant.counters"), N_("summary.counters")),
    "ramsen": (N_("variant.ramsen"), N_("summary.ramsen")),
}

# What one unit of money is at each game's table (the hint under "Value of one unit"): the
# pot games ante 5 units a deal; the others stake 1 unit a game (RULES.md, each family's money).
UNIT_HINTS = {
    "english": N_("ui.unit_hint_pot"), "denexa": N_("ui.unit_hint_pot"),
    "rounce": N_("ui.unit_hint_pot"), "pool": N_("ui.unit_hint_pot"),
    "mattmar": N_("ui.unit_hint_mattmar"), "counters": N_("ui.unit_hint_counters"),
    "ramsen": N_("ui.unit_hint_ramsen"),
}

# The choices of the house-rule options (``{option.label}.{choice}``; each option's own
# label is named with it, in core/presets.py's OPTIONS).
OPTIONS = (
    N_("option.end_pot.split"), N_("option.end_pot.carry"), N_("option.end_pot.refund"),
    N_("option.counters_end.first_out_wins"), N_("option.counters_end.last_in_loses"),
)

# The deal's extras on the table screen: the chip, what it asks, a player picked, the row's mark.
EXTRAS = (
    N_("ui.extra_widow"), N_("ui.extra_general"), N_("ui.extra_fouls"),
    N_("ui.extra_forfeit_to"), N_("ui.extra_conceded"), N_("ui.extra_misdeal"),
    N_("ui.extra_interrupted"),
    N_("ui.choose_widow"), N_("ui.choose_general"), N_("ui.choose_fouls"),
    N_("ui.choose_forfeit_to"), N_("ui.choose_buy_down"),
    N_("ui.pick_widow"), N_("ui.pick_general"), N_("ui.pick_fouls"), N_("ui.pick_forfeit_to"),
    N_("ui.mark_widow"), N_("ui.mark_general"), N_("ui.mark_forfeit_to"), N_("ui.mark_fouls"),
    N_("ui.mark_buy_down"),
)

# A pass refused (``refused.`` + the rule's ``must.`` key).
REFUSALS = (
    N_("refused.general"), N_("refused.widow"), N_("refused.single_pot"),
    N_("refused.rh_or_concede"), N_("refused.rh_concede"), N_("refused.dealer_one_in"),
    N_("refused.rh_one_in"), N_("refused.two_play"), N_("refused.one_point"),
    N_("refused.two_points"), N_("refused.dealer_takes_all"),
)

# A score held at the floor or the cap (``key + "_floor"``, ``key + "_capped"``).
LIMITED = (
    counts("ledger.tricks_floor", "tricks"), N_("ledger.flight_points_capped"),
    N_("ledger.general_won_points_floor"), N_("ledger.general_others_plus_capped"),
    N_("ledger.general_lost_points_capped"),
)

# Payment codes and the players' payment details (``payments.scheme_{scheme}``,
# ``payments.label_{field}``).
PAYMENTS = (
    N_("payments.scheme_swish"), N_("payments.scheme_epc"), N_("payments.scheme_qrbill"),
    N_("payments.label_swish"), N_("payments.label_iban"), N_("payments.label_holder"),
    N_("payments.label_qr_iban"), N_("payments.label_postcode"), N_("payments.label_town"),
    N_("payments.label_country"),
)

# The command line's columns, a session's status and where the database was chosen.
COMMAND_LINE = (
    N_("cli.col_player"), N_("cli.col_score"), N_("cli.col_units"), N_("cli.col_flights"),
    N_("cli.col_money"), N_("cli.status_in_play"), N_("cli.status_finished"),
    N_("cli.col_won"), N_("cli.col_paid"), N_("cli.col_balance"), N_("cli.col_evenings"),
    N_("cli.col_evenings_won"), N_("cli.col_per_evening"),
    N_("cli.where_flag"), N_("cli.where_environment"), N_("cli.where_settings"),
    N_("cli.where_default"),
)

# What a backup holds and a restore adds: four counts in one line, each its own phrase.
SCOREBOOK = {
    "sessions": counts("count.sessions", "count"),
    "players": counts("count.players", "count"),
    "groups": counts("count.groups", "count"),
    "tab_payments": counts("count.tab_payments", "count"),
}

# A lifetime line counts four things at once, so each is its own counted phrase (and its
# wins, evening_words.wins_said).
LIFETIME = {
    "sessions": counts("count.sessions", "count"),
    "deals": counts("count.deals_played", "count"),
    "tricks": counts("count.tricks", "count"),
    "flights": counts("count.flights", "count"),
}

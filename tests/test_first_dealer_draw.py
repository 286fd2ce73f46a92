"""Drawing the first dealer (the english seed and denexa), checked over many shuffles."""

from __future__ import annotations

import itertools
import random

import pytest

from scorekeeper.core import PRESETS, draw_first_dealer
from scorekeeper.core.draw import deck

SEEDS = range(400)
PIQUET_RANKS = {"A", "K", "Q", "J", "10", "9", "8", "7"}
ALL_RANKS = PIQUET_RANKS | {"6", "5", "4", "3", "2"}


def draw(variant: str, players: str, seed: int):
    return draw_first_dealer(PRESETS[variant], list(players), random.Random(seed))


# --- english: face up, one at a time, in order of play, until a jack ---------------------


@pytest.mark.parametrize("players", ["ABC", "ABCD", "ABCDE", "ABCDEF"])
def test_english_cards_face_up_in_order_of_play_until_a_jack_whose_receiver_deals(players):
    for seed in SEEDS:
        result = draw("english", players, seed)
        turns = result.turns
        assert [who for who, _ in turns] == [players[i % len(players)] for i in range(len(turns))]
        ranks = [card.rank for _, card in turns]
        assert ranks[-1] == "J", seed
        assert "J" not in ranks[:-1], seed
        assert result.dealer == turns[-1][0]
        cards = [card for _, card in turns]
        assert len(set(cards)) == len(cards)  # one pack, no card twice


def test_english_every_player_can_be_the_first_dealer():
    assert {draw("english", "ABCD", seed).dealer for seed in SEEDS} == set("ABCD")


def test_the_same_seed_gives_the_same_draw():
    assert draw("english", "ABCD", 7) == draw("english", "ABCD", 7)
    assert draw("denexa", "ABCD", 7) == draw("denexa", "ABCD", 7)


# --- denexa: high-card draw, ties draw again ---------------------------------------------


def rounds_of(turns, players):
    """Split a high-card draw into rounds, checking each round is the tied of the last."""
    contenders = list(players)
    rounds = []
    at = 0
    while at < len(turns):
        shown = turns[at : at + len(contenders)]
        assert [who for who, _ in shown] == contenders
        rounds.append(shown)
        at += len(contenders)
        best = max(card.height for _, card in shown)
        contenders = [who for who, card in shown if card.height == best]
    return rounds


@pytest.mark.parametrize("players", ["ABC", "ABCD", "ABCDE"])
def test_denexa_dealer_holds_the_highest_card_of_the_final_round(players):
    for seed in SEEDS:
        result = draw("denexa", players, seed)
        final = rounds_of(result.turns, players)[-1]
        best = max(card.height for _, card in final)
        holders = [who for who, card in final if card.height == best]
        assert holders == [result.dealer], seed


def test_denexa_ties_redraw_among_the_tied_only():
    tied_draws = 0
    for seed in SEEDS:
        result = draw("denexa", "ABCDE", seed)
        rounds = rounds_of(result.turns, "ABCDE")
        for earlier, later in itertools.pairwise(rounds):
            best = max(card.height for _, card in earlier)
            tied = [who for who, card in earlier if card.height == best]
            assert len(tied) > 1
            assert [who for who, _ in later] == tied
            tied_draws += 1
        cards = [card for _, card in result.turns]
        assert len(set(cards)) == len(cards)
    assert tied_draws > 0  # the shuffles did produce ties


def test_ace_is_high_in_the_draw():
    heights = {card.rank: card.height for card in deck(52)}
    order = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    assert sorted(heights, key=heights.get, reverse=True) == order


# --- the pack: 32 cards (A..7) or 52 -----------------------------------------------------


def test_piquet_pack_is_32_cards_ace_to_seven():
    cards = deck(32)
    assert len(cards) == 32
    assert len(set(cards)) == 32
    assert {card.rank for card in cards} == PIQUET_RANKS
    assert len({card.suit for card in cards}) == 4


def test_full_pack_is_52_cards():
    cards = deck(52)
    assert len(cards) == 52
    assert len(set(cards)) == 52
    assert {card.rank for card in cards} == ALL_RANKS


@pytest.mark.parametrize(
    ("variant", "players", "size"),
    [
        ("english", "ABCD", 32),
        ("english", "ABCDEF", 32),
        ("denexa", "ABCD", 32),
        ("ramsen", "ABCD", 32),
        ("rounce", "ABCD", 52),
        ("mattmar", "ABCD", 52),
        ("pool", "ABCD", 32),
        ("pool", "ABCDEF", 52),
        ("counters", "ABCDEFG", 52),
    ],
)
def test_draw_uses_the_variants_pack(variant, players, size):
    seen = set()
    for seed in SEEDS:
        seen.update(card for _, card in draw(variant, players, seed).turns)
    assert seen <= set(deck(size))
    if size == 52:
        assert {card.rank for card in seen} - PIQUET_RANKS  # cards below 7 do turn up

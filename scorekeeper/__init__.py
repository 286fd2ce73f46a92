"""Scorekeeper: the scorekeeping and settlement companion for the Rams family of card games."""

__version__ = "0.1.0"

"""Entering a deal: the component (deal_entry), the rules' check of the draft (check), the
rows (rows), the rarer events (extras), Save (save_bar) and the keyboard (keys)."""

from scorekeeper.app.entry.deal_entry import DealEntry

__all__ = ["DealEntry"]

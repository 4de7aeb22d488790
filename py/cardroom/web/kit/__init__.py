"""The table kit every game shares: setup, table, clock, hand, hand-over, result, saves, card faces."""

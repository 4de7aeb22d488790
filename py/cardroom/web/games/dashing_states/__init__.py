"""Dashing States' screen: its logic (CPython-tested), each team's panel and its DOM screen."""

"""Chummy Challenge's screen: its logic (CPython-tested) and its DOM screen."""

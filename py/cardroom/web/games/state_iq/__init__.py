"""State IQ's screen: its logic (CPython-tested), its guessing map and its DOM screen."""

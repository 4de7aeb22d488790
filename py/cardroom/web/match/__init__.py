"""A match: its setup, round clock, tables and saved result."""

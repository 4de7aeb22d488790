"""One package per game the site offers (its screen logic and its screen), and the registry of games."""

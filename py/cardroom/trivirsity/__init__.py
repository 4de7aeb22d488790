"""Tri-Virsity: the word card game (2-8 players, teams of two, solitaire).

``game`` is the engine (:data:`game.GAME`), ``deck`` the 132 cards, ``words`` the
dictionary and word finder, ``bot`` the computer players, ``simulate`` the bot-against-bot
runner. Nothing here loads the dictionary until a word is first checked.
"""

from __future__ import annotations

__all__ = ["bot", "deck", "game", "simulate", "words"]

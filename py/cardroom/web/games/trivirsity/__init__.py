"""Tri-Virsity's screen: logic, word builder, HTML, input, hand-over window and DOM screen."""

"""Sequence States & Capitals' screen: setup rules, logic, input and its DOM screen."""

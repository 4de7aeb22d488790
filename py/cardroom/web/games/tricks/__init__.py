"""The trick games' screen (Play the Ranks, Border Zap): logic, table drawing and DOM screen."""

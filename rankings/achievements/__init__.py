"""Seed 000's eighteen achievements: the catalogue, and their detection from the engine's hand
history and a player's record of games (pure functions; the awarding lives in
`rankings.services.achievements`)."""

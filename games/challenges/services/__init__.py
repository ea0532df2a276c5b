"""Challenges' services: `send` (and how a challenge ends), `answers` (accept, decline,
withdraw, expire)."""

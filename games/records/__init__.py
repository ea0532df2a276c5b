"""A finished game: its record page and who may see it (`selectors`), the record's sharing, the
hand-history downloads (`selectors_history`, over the plain-Python `transcripts`), and the
computer's review of a player's decisions (`review`). Imports watching (a record is seen by
those who could watch the game) and the shared game."""

"""Live play: the table socket, moves and what follows them, turn timers, the computers' runs,
socket slots and presence in Redis, and table chat with its mutes. Imports the shared game."""

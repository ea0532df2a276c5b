"""Moderation: players' reports, staff warnings and blocks, the record of staff decisions and
the players' staff pages, and the partner-collusion review (`collusion`). Imports tables and
live play (a block takes the player out of their tables and the queue and closes their
sockets; a report keeps the chat around it) and the shared game."""

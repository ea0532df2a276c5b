"""How a game begins: the lobby (which lists the tables one may watch), quick play, private
tables and their invitations, play again, the rules form, the rules page and the computer
players' page; and the table page itself. Imports watching, live play and the shared game."""

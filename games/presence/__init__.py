"""Presence (issue 54): where a player's friends are, seen on every page through the site
socket, and who is here in the lobby."""

"""Why a league service refused: a stable `code` for clients and a message for the player."""

from __future__ import annotations

from games.errors import Refused


class LeagueError(Refused):
    """A creation, an invitation, a membership change, a table or a season that was refused."""

"""Why a service refused: a stable `code` for clients and a message for the player."""

from __future__ import annotations


class Refused(Exception):
    def __init__(self, code: str, message: str, *, version: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.version = version  # the game's version when it matters to the client

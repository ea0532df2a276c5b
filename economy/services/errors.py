"""Why the economy refused: a stable `code` for clients and a message for the player."""

from __future__ import annotations


class WalletRefused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

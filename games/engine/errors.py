"""Errors the engine raises; each carries a message fit to show a player."""


class EngineError(Exception):
    pass


class IllegalAction(EngineError):
    """The action is not one of the legal actions of the seat to act, or it is not their turn."""


class InvalidRules(EngineError):
    pass


class GameOver(IllegalAction):
    pass

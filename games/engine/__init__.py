"""The rules of Euchre as plain Python: no Django, no I/O.

A game is a pure function of its rule options, its seed and its list of actions:

    game = Game(RuleOptions(), seed=42)
    game = game.apply("pass")
    game.to_act, game.legal_actions(), game.view(seat), game.score, game.winner
"""

from .actions import ALONE, CALL, DISCARD, NOT_ALONE, ORDER_UP, PASS, PLAY, go_under_action
from .cards import DECK, NO_TRUMP, SUITS
from .deal import Deal, deal_hand, first_dealer
from .errors import EngineError, GameOver, IllegalAction, InvalidRules
from .game import Game, GameState
from .hand import HandState, can_go_under, partner_of, team_of
from .records import Bid, HandRecord, Trick, WentUnder
from .rules import RuleOptions
from .view import SeatView

__all__ = [
    "ALONE",
    "CALL",
    "DECK",
    "DISCARD",
    "NOT_ALONE",
    "NO_TRUMP",
    "ORDER_UP",
    "PASS",
    "PLAY",
    "SUITS",
    "Bid",
    "Deal",
    "EngineError",
    "Game",
    "GameOver",
    "GameState",
    "HandRecord",
    "HandState",
    "IllegalAction",
    "InvalidRules",
    "RuleOptions",
    "SeatView",
    "Trick",
    "WentUnder",
    "can_go_under",
    "deal_hand",
    "first_dealer",
    "go_under_action",
    "partner_of",
    "team_of",
]

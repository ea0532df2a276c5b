"""The rules of Euchre as plain Python: no Django, no I/O.

A game is a pure function of its rule options, its seed and its list of actions:

    game = Game(RuleOptions(), seed=42)
    game = game.apply("pass")
    game.to_act, game.legal_actions(), game.view(seat), game.score, game.winner
"""

from .actions import (
    ALONE,
    BLIND_ALONE,
    CALL,
    CALL_ACE,
    DISCARD,
    NOT_ALONE,
    ORDER_UP,
    PASS,
    PLAY,
    REDEAL,
    ROBSON_ADD,
    ROBSON_REDUCE,
    SEE_HAND,
    exchange_action,
    go_under_action,
)
from .cards import DECK, JOKER, NO_TRUMP, SUITS, TWO_OF_SPADES
from .deal import Deal, DealerDraw, deal_hand, first_dealer, rules_deck
from .errors import EngineError, GameOver, IllegalAction, InvalidRules
from .game import Game, GameState
from .hand import HandState, can_go_under, partner_of, team_of
from .presets import PRESETS, preset_rules
from .records import Bid, Exchange, HandRecord, Renege, Trick, WentUnder
from .rules import RuleOptions
from .view import SeatView

__all__ = [
    "ALONE",
    "BLIND_ALONE",
    "CALL",
    "CALL_ACE",
    "DECK",
    "DISCARD",
    "JOKER",
    "NOT_ALONE",
    "NO_TRUMP",
    "ORDER_UP",
    "PASS",
    "PLAY",
    "PRESETS",
    "REDEAL",
    "ROBSON_ADD",
    "ROBSON_REDUCE",
    "SEE_HAND",
    "SUITS",
    "TWO_OF_SPADES",
    "Bid",
    "Deal",
    "DealerDraw",
    "EngineError",
    "Exchange",
    "Game",
    "GameOver",
    "GameState",
    "HandRecord",
    "HandState",
    "IllegalAction",
    "InvalidRules",
    "Renege",
    "RuleOptions",
    "SeatView",
    "Trick",
    "WentUnder",
    "can_go_under",
    "deal_hand",
    "exchange_action",
    "first_dealer",
    "go_under_action",
    "partner_of",
    "preset_rules",
    "rules_deck",
    "team_of",
]

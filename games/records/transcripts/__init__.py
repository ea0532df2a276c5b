"""Hand histories: a finished game as JSON in the transcript format of ../shared/euchre-vectors
(extended for the variants, docs/hand-history-format.md), read back through the engine, and as a
text score sheet. Plain Python: no Django (the site's views add the names and the game's number).
"""

from .game import SCHEMA, SeatInfo, game_history
from .hand import V1, V1_VARIANTS, Step, hand_transcript, step_apply
from .replay import HistoryMismatch, hand_actions, hand_replay, history_replay
from .score_sheet import score_sheet_text

__all__ = [
    "SCHEMA",
    "V1",
    "V1_VARIANTS",
    "HistoryMismatch",
    "SeatInfo",
    "Step",
    "game_history",
    "hand_actions",
    "hand_replay",
    "hand_transcript",
    "history_replay",
    "score_sheet_text",
    "step_apply",
]

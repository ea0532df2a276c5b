"""A finished hand's record (`records.HandRecord`): the part of `HandState` (self.py) that
writes the hand's history, apart from the play, the hot path of every simulation.

A mixin of `HandState`, as `Bidding` and `Scoring` are; it holds no state itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .records import HandRecord

if TYPE_CHECKING:
    from .hand_fields import HandFields
else:
    HandFields = object  # at run time a plain mixin (hand_fields.pyi)


class Recording(HandFields):
    __slots__ = ()

    def record(self, score_after: tuple[int, ...]) -> HandRecord:
        """The finished hand, with the score after it: every public and private fact, for
        the game's history (`HandRecord.public()` drops what no player saw)."""
        maker_tricks = None
        if self.maker is not None:
            side = self.makers or self._maker_side()
            maker_tricks = sum(self.tricks_by_seat[seat] for seat in side)
        return HandRecord(
            number=self.number,
            dealer=self.dealer,
            dealt=self.dealt,
            upcard=self.upcard,
            kitty=self.original_kitty,
            went_under=self.went_under,
            bids=tuple(self.bids),
            trump=self.trump,
            maker=self.maker,
            discard=self.discarded,
            maker_alone=self.maker_alone,
            lone_defender=self.lone_defender,
            tricks=tuple(self.tricks),
            outcome=self.outcome or "",
            maker_tricks=maker_tricks,
            scoring_team=self.scoring_team,
            points=self.points,
            score_after=score_after,
            seats=self.seats,
            points_by_scorer=tuple(self.points_by_scorer),
            taker=self.taker,
            exchange=self.exchange,
            redeal_by=self.redeal_by,
            blind_alone=self.blind_alone,
            called_suit=self.called_suit,
            partner=self.partner,
            renege=self.renege,
            robson_choice=self.robson_choice,
        )

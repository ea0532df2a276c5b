"""The search player: PIMC card play and searched bidding over deals consistent with its view.

Like every computer player it sees only its seat's `SeatView`. Its random choices (which deals
it samples) come from a generator seeded, for each decision, by its own seed and the point of
the game the view shows, so a decision is a pure function of the view and the seed.
"""

from __future__ import annotations

import random

from games.engine import RuleOptions, SeatView
from games.engine.actions import PLAY
from games.engine.hand import PLAY_PHASE

from ..rule_of_thumb import choose_action
from .bidding import choose_by_search
from .card_play import choose_card_by_search


class SearchPlayer:
    name = "search"

    def __init__(
        self,
        rng: random.Random,
        play_samples: int = 24,
        bid_samples: int = 16,
        bid_margin: float = 0.0,
        alone_margin: float = 0.0,
    ) -> None:
        self.seed = rng.getrandbits(64)
        self.play_samples = play_samples
        self.bid_samples = bid_samples  # 0: bid by rule of thumb
        self.bid_margin = bid_margin
        self.alone_margin = alone_margin

    def decision_rng(self, view: SeatView) -> random.Random:
        point = (view.hand_number, view.phase, len(view.bids), len(view.tricks), len(view.trick))
        return random.Random(f"{self.seed}/{point}")

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        rng = self.decision_rng(view)
        if view.phase == PLAY_PHASE:
            return PLAY[choose_card_by_search(view, rng, self.play_samples)]
        if self.bid_samples <= 0:
            return choose_action(view, rules)
        return choose_by_search(
            view, rules, rng, self.bid_samples, self.bid_margin, self.alone_margin
        )

"""The search player: PIMC card play and searched bidding over deals consistent with its view.

Like every computer player it sees only its seat's `SeatView`. Its random choices (which deals
it samples) come from a generator seeded, for each decision, by its own seed and the point of
the game the view shows, so a decision is a pure function of the view and the seed. It chooses
only among the honest actions: with a renege rule on, the engine offers cards that do not
follow suit, and a computer never plays them.
"""

from __future__ import annotations

import random

from games.engine import RuleOptions, SeatView
from games.engine.actions import PLAY
from games.engine.hand import BID1, BID2, PLAY_PHASE

from ..bid_table import learned_bid_margin, table_bid
from .baseline import baseline_action, honest_view
from .bidding import choose_by_search
from .card_play import choose_card_by_search

# by tricks already played: the first two tricks cost the most to solve (seven-card hands: the
# first four)
LATE_SAMPLE_FACTOR = (1, 1, 2, 2, 2)


class SearchPlayer:
    name = "search"

    def __init__(
        self,
        rng: random.Random,
        play_samples: int = 24,
        bid_samples: int = 16,
        bid_margin: float = 0.0,
        alone_margin: float = 0.0,
        confidence: float = 0.0,
        search_bids: bool = True,
        node_budget: int | None = None,
        bid_table_margin: float | None = None,
        learn_bid_margin: bool = False,
    ) -> None:
        self.seed = rng.getrandbits(64)
        self.play_samples = play_samples
        self.bid_samples = bid_samples  # 0: bid by rule of thumb
        self.bid_margin = bid_margin
        self.alone_margin = alone_margin
        self.confidence = confidence
        # False: bid (order up, call, go under) by rule of thumb, search the rest
        self.search_bids = search_bids
        # solver positions per decision (None: no bound): the time limit, counted in work
        self.node_budget = node_budget
        # a number: bid by the table learned from search (`bid_table.py`), a bid where the
        # search found it gains this much, where the rule of thumb would bid or pass, and search
        # from that choice; None: start from the rule of thumb
        self.bid_table_margin = bid_table_margin
        # True: where the bid table's bids were played out, a searched bid must beat a pass by
        # the solved play's optimism measured there (`bid_table.learned_bid_margin`), not
        # by `bid_margin`
        self.learn_bid_margin = learn_bid_margin

    def decision_rng(self, view: SeatView) -> random.Random:
        point = (view.hand_number, view.phase, len(view.bids), len(view.tricks), len(view.trick))
        return random.Random(f"{self.seed}/{point}")

    def samples_for(self, view: SeatView) -> int:
        """More deals once a few tricks are gone (by the cards left in my hand): each costs
        far less to solve."""
        return self.play_samples * LATE_SAMPLE_FACTOR[max(5 - len(view.hand), 0)]

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        view = honest_view(view)
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        rng = self.decision_rng(view)
        if view.phase == PLAY_PHASE:
            samples = self.samples_for(view)
            return PLAY[choose_card_by_search(view, rules, rng, samples, self.node_budget)]
        fallback = baseline_action(view, rules)
        if self.bid_table_margin is not None and view.phase in (BID1, BID2):
            fallback = table_bid(view, rules, fallback, self.bid_table_margin)
        if self.bid_samples <= 0 or (not self.search_bids and view.phase in (BID1, BID2)):
            return fallback
        bid_margin = self.bid_margin
        if self.learn_bid_margin:
            learned = learned_bid_margin(view, rules)
            bid_margin = bid_margin if learned is None else learned
        return choose_by_search(
            view,
            rules,
            rng,
            self.bid_samples,
            bid_margin,
            self.alone_margin,
            self.confidence,
            self.node_budget,
            fallback,
        )

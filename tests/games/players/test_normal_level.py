"""Normal's decisions (games/players/levels.py): the rule of thumb's bids, searched decisions
after the bid (going alone, the discard), searched card play."""

from __future__ import annotations

import random

from games.engine import GameState, HandState, RuleOptions, deal_hand
from games.engine.hand import ALONE_PHASE, BID1, BID2, DISCARD_PHASE
from games.engine.view import seat_view
from games.players.levels import NormalPlayer
from games.players.search.baseline import baseline_action


def _views_until_play(rules: RuleOptions, deals: int):
    """Every bidding, going-alone and discard view of `deals` hands bid by the rule of thumb."""
    for index in range(deals):
        state = GameState(rules, f"normal/{index}")
        hand = HandState(rules, index % 4, deal_hand(f"normal/{index}", 0, rules), 0)
        state.hand = hand
        while state.hand is hand and hand.phase in (BID1, BID2, ALONE_PHASE, DISCARD_PHASE):
            seat = hand.to_act
            view = seat_view(state, seat)
            yield view
            state.apply(baseline_action(view, rules), seat)


def test_normal_bids_by_the_rule_of_thumb_and_searches_going_alone_and_the_discard() -> None:
    rules = RuleOptions()
    player = NormalPlayer(random.Random(1))
    searched = {ALONE_PHASE: 0, DISCARD_PHASE: 0}
    seen = dict.fromkeys(searched, 0)
    for view in _views_until_play(rules, 120):
        chosen, thumb = player.choose(view, rules), baseline_action(view, rules)
        assert chosen in view.legal_actions
        if view.phase in (BID1, BID2):
            assert chosen == thumb, view
        else:
            seen[view.phase] += 1
            searched[view.phase] += chosen != thumb
    # the rule of thumb's choice is only where the search starts: it departs from it
    assert all(seen.values()), seen
    assert searched[ALONE_PHASE] > 0 or searched[DISCARD_PHASE] > 0, (seen, searched)

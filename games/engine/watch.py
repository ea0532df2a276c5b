"""What a watcher sees: the spectator's view of the game as of its last checkpoint.

Against cheating (a watcher telling a player what was played), a watcher never sees the game
as it is, only as of the latest checkpoint of its log:

- the deal of each hand (the up card, the dealer), before any bid;
- the end of the bidding: the first moment of play, every bid, discard decision and going-alone
  decision made (the bids of a hand show only once its bidding is over);
- the end of every trick (a trick shows only once complete, never a card of one in progress);
- the end of the game.

A hand's end is the next hand's deal (or the game's end), so each hand's result shows then.
The view is the engine's spectator view (`seat_view(state, None)`): no hand, no kitty, no
discard, no card swapped by going under or an exchange (but the nines and tens a seed 004
farmer's call showed the table), no call-ace partner before the called card shows.
"""

from __future__ import annotations

from collections.abc import Iterable

from .game import GameState
from .phases import PLAY_PHASE, ROBSON_PHASE
from .rules import RuleOptions
from .view import SeatView, seat_view


def is_checkpoint(state: GameState, hands_before: int) -> bool:
    """Whether a watcher may see `state`, reached by an action from a state that had
    `hands_before` finished hands."""
    if state.winner is not None or len(state.records) != hands_before:
        return True  # the game's end, or a new deal (the hand before it ended)
    hand = state.hand
    return hand.phase in (PLAY_PHASE, ROBSON_PHASE) and not hand.trick_cards


def watch_checkpoint(
    rules: RuleOptions, seed: int | str, actions: Iterable[str]
) -> tuple[int, SeatView]:
    """How many actions of the log a watcher sees (the latest checkpoint), and the spectator's
    view of the game after them. One replay: the state is copied at each checkpoint."""
    state = GameState(rules, seed)
    seen, seen_state = 0, state.clone()
    for number, action in enumerate(actions, start=1):
        hands_before = len(state.records)
        state.apply(action)
        if is_checkpoint(state, hands_before):
            seen, seen_state = number, state.clone()
    return seen, seat_view(seen_state, None)

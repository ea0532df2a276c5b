"""What a watcher sees (games/engine/watch.py): the spectator's view as of the last checkpoint
of the log (a new deal, the end of the bidding, each complete trick, the game's end), for
random games of every rule option: never a hidden card, never a card of a trick in progress,
never the call-ace partner before the called card shows."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given, settings

from games.engine import GameState, RuleOptions
from games.engine.watch import watch_checkpoint

from .random_games import choice_seeds, random_game, rule_options, seeds


def hidden_now(state: GameState) -> set[str]:
    """Every card a watcher may not see at this moment: in a hand, in the kitty, laid away, or
    played to the trick in progress. (The up card was turned face up for all to see, and the
    nines and tens of a seed 004 farmer's call were shown.)"""
    hand = state.hand
    cards = {card for held in hand.hands for card in held} | set(hand.kitty)
    if hand.discarded is not None:
        cards.add(hand.discarded)
    if state.winner is None:
        cards |= set(hand.trick_cards)
    cards.discard(hand.upcard)
    if hand.went_under is not None and hand.went_under.shown:
        cards -= set(hand.went_under.given)  # seed 004: a farmer's call showed them to all
    return cards


# every prefix of the log is replayed, so a game's cost grows with its length squared: games
# to at most 5 points (every option still drawn; a checkpoint is the same in the tenth hand as
# in the second, and the game's end is reached in every example)
SHORT_GAMES = rule_options().map(
    lambda rules: replace(rules, target_score=min(rules.target_score, 5))
)


@settings(max_examples=60, deadline=None)
@given(rules=SHORT_GAMES, seed=seeds, choice_seed=choice_seeds)
def test_a_watcher_sees_no_hidden_card_and_no_trick_in_progress(rules, seed, choice_seed):
    states = [state.clone() for state in random_game(rules, seed, choice_seed)]
    actions = states[-1].actions
    previous_seen = 0
    delayed = 0
    for played, state in enumerate(states):
        seen, view = watch_checkpoint(rules, seed, actions[:played])
        assert previous_seen <= seen <= played
        previous_seen = seen
        # no seat's cards at all, nothing only one seat knows
        assert view.seat is None and view.hand == () and view.legal_actions == ()
        assert view.my_discard is None and view.my_under_given is None
        assert view.my_under_received is None and view.my_exchange_given is None
        assert view.my_exchange_received is None
        shown = view.to_dict()
        shown.pop("history")  # finished hands, public records only: their cards are dealt again
        shown.pop("dealer_draw")  # seed 004's draw for the first dealer: another shuffle, public
        assert all(record.dealt is None and record.kitty is None for record in view.history)
        text = json.dumps(shown)
        leaked = [card for card in hidden_now(state) if f'"{card}"' in text]
        assert not leaked, f"after {played} actions the watcher saw {leaked}"
        if view.winner is None:
            # never a card of a trick in progress; every trick shown is complete
            assert view.trick == ()
            active = view.seats - len(view.sitting_out)
            assert all(len(trick.plays) == active for trick in view.tricks)
        hand = state.hand
        if state.winner is None and hand.trick_cards:
            assert seen < played  # a card is on the table: the watcher is behind
            delayed += 1
        if view.partner is not None:
            checkpoint = GameState(rules, seed)
            for action in actions[:seen]:
                checkpoint.apply(action)
            assert checkpoint.hand.partner_shown or checkpoint.hand.phase == "done"
    assert previous_seen == len(actions)  # the game's end is shown, whole
    assert delayed > 0 or not any(state.hand.trick_cards for state in states)


def test_checkpoints_of_a_standard_hand():
    """The first hand of a standard game, ordered up at once: the deal, then nothing until the
    bidding ends, then each trick once its fourth card is down, and the next deal."""
    rules = RuleOptions()
    state = GameState(rules, "watch-1")
    phases: list[str] = []
    seen_after: list[int] = []
    while not state.records:
        legal = state.legal_actions()
        state.apply(next((a for a in ("order_up", "not_alone") if a in legal), legal[0]))
        phases.append(state.hand.phase if not state.records else "next deal")
        seen_after.append(watch_checkpoint(rules, "watch-1", state.actions)[0])
    first_play = phases.index("play") + 1  # actions until the bidding (and discard) is over
    assert first_play >= 2 and all(seen == 0 for seen in seen_after[: first_play - 1])
    assert seen_after[first_play - 1] == first_play
    for number in range(first_play + 1, len(phases) + 1):
        complete_tricks = (number - first_play) // 4
        assert seen_after[number - 1] == first_play + 4 * complete_tricks, number
    assert len(phases) == first_play + 20 and seen_after[-1] == len(phases)

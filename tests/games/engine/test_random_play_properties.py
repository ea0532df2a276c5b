"""Property tests: random legal play under any combination of rule options keeps every card,
always has one seat to act (or a finished game), scores only by the table, never shows a
seat another seat's unplayed card, and is a pure function of (rules, seed, actions)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import DECK, Game, GameState, RuleOptions
from games.engine.hand import team_of
from games.engine.view import seat_view

rule_options = st.builds(
    RuleOptions,
    going_under=st.booleans(),
    stick_the_dealer=st.booleans(),
    defend_alone=st.booleans(),
    win_by_two=st.booleans(),
    no_trump=st.booleans(),
    target_score=st.integers(min_value=1, max_value=6),
    dealer_may_discard_upcard=st.booleans(),
    opening_lead=st.sampled_from(["loner_left", "dealer_left"]),
)
seeds = st.one_of(st.integers(min_value=0, max_value=2**32), st.text(min_size=1, max_size=12))
# a seeded Random, not Hypothesis's own: shrinking that would always pick the first action (pass)
# and, without stick the dealer, deal forever; passing forever is legal, just not a game
choosers = st.integers(min_value=0, max_value=2**32).map(random.Random)
MAX_ACTIONS = 3000  # far above any real game; a runaway loop fails instead of hanging


def cards_in_play(state: GameState) -> Counter[str]:
    hand = state.hand
    cards: Counter[str] = Counter()
    for held in hand.hands:
        cards.update(held)
    cards.update(hand.kitty)
    cards.update(hand.trick_cards)
    for trick in hand.tricks:
        cards.update(card for _, card in trick.plays)
    if hand.discarded is not None:
        cards[hand.discarded] += 1
    if not hand.upcard_taken:
        cards[hand.upcard] += 1  # face up on the kitty, in nobody's hand
    return cards


def hidden_from(state: GameState, seat: int) -> set[str]:
    hand = state.hand
    hidden = {card for other in range(4) if other != seat for card in hand.hands[other]}
    hidden |= set(hand.kitty)
    hidden.discard(hand.upcard)  # everyone saw it turned, and who picked it up
    if hand.went_under is not None and hand.went_under.seat == seat:
        hidden -= set(hand.went_under.given)  # it gave these cards away itself
    return hidden


def play_randomly(rules: RuleOptions, seed: int | str, chooser: random.Random):
    """Yields (state, actions so far) after every action of one random game."""
    state = GameState(rules, seed)
    actions: list[str] = []
    while state.winner is None:
        assert len(actions) < MAX_ACTIONS, "the game does not end"
        action = chooser.choice(state.legal_actions())
        state.apply(action, state.to_act)
        actions.append(action)
        yield state, actions


@settings(max_examples=200, deadline=None)
@given(rules=rule_options, seed=seeds, chooser=choosers)
def test_random_play_never_loses_or_duplicates_a_card(rules, seed, chooser):
    full_deck = Counter(DECK)
    for state, _ in play_randomly(rules, seed, chooser):
        assert cards_in_play(state) == full_deck


@settings(max_examples=200, deadline=None)
@given(rules=rule_options, seed=seeds, chooser=choosers)
def test_exactly_one_seat_acts_until_the_game_is_won(rules, seed, chooser):
    state = GameState(rules, seed)
    for state, _ in play_randomly(rules, seed, chooser):
        if state.winner is None:
            assert state.to_act in (0, 1, 2, 3)
            assert state.legal_actions(), "a seat to act with nothing to do"
        else:
            assert state.to_act is None
    assert state.winner in (0, 1)


@settings(max_examples=200, deadline=None)
@given(rules=rule_options, seed=seeds, chooser=choosers)
def test_points_come_only_from_the_scoring_table(rules, seed, chooser):
    state = GameState(rules, seed)
    for state, _ in play_randomly(rules, seed, chooser):  # noqa: B007 (the last one is used)
        pass
    totals = [0, 0]
    for record in state.records:
        if record.outcome == "all_pass":
            assert record.points == 0 and record.scoring_team is None
            continue
        maker_team = team_of(record.maker)
        if record.outcome == "make":
            assert record.maker_tricks in (3, 4) and record.points == 1
            assert record.scoring_team == maker_team
        elif record.outcome == "march":
            assert record.maker_tricks == 5
            assert record.points == (4 if record.maker_alone else 2)
            assert record.scoring_team == maker_team
        else:
            assert record.outcome == "euchre" and record.maker_tricks <= 2
            assert record.points == (4 if record.lone_defender is not None else 2)
            assert record.scoring_team == 1 - maker_team
        if record.lone_defender is not None:
            assert rules.defend_alone
        if record.went_under is not None:
            assert rules.going_under
        if record.trump == "N":
            assert rules.no_trump
        totals[record.scoring_team] += record.points
        assert record.score_after == tuple(totals)
    assert tuple(state.scores) == tuple(totals)
    winner = state.winner
    assert totals[winner] >= rules.target_score and totals[winner] > totals[1 - winner]
    if rules.win_by_two:
        assert totals[winner] - totals[1 - winner] >= 2


@settings(max_examples=100, deadline=None)
@given(rules=rule_options, seed=seeds, chooser=choosers)
def test_no_view_ever_holds_another_seats_unplayed_card(rules, seed, chooser):
    for state, _ in play_randomly(rules, seed, chooser):
        if state.winner is not None:
            break
        for seat in range(4):
            view = seat_view(state, seat).to_dict()
            view.pop("history")  # finished hands: checked below, their cards are dealt again
            text = json.dumps(view)
            leaked = [card for card in hidden_from(state, seat) if f'"{card}"' in text]
            assert not leaked, f"seat {seat} sees {leaked} in phase {state.hand.phase}"
        for record in state.public_records:
            assert record.dealt is None and record.kitty is None and record.discard is None


@settings(max_examples=60, deadline=None)
@given(rules=rule_options, seed=seeds, chooser=choosers)
def test_a_game_is_a_pure_function_of_rules_seed_and_actions(rules, seed, chooser):
    actions: list[str] = []
    for _, actions in play_randomly(rules, seed, chooser):  # noqa: B007 (the last one is used)
        pass
    first, second = Game(rules, seed, tuple(actions)), Game(rules, seed, tuple(actions))
    assert first == second
    for seat in range(4):
        assert first.view(seat).to_dict() == second.view(seat).to_dict()
    assert first.score == second.score and first.winner == second.winner
    middle = len(actions) // 2
    resumed = Game(rules, seed, tuple(actions[:middle]))
    for action in actions[middle:]:
        resumed = resumed.apply(action, resumed.to_act)
    assert resumed.view(0).to_dict() == first.view(0).to_dict()

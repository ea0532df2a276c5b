"""The game review's evaluation (games/players/search/evaluate.py, games/players/review.py):
on a constructed hand where one card clearly wins, that card is valued above the other and
playing the other is a mistake; the same game gets the same figures twice; only the reviewed
player's own decisions with a choice are reviewed; and nothing a review keeps is another
seat's unplayed card."""

from __future__ import annotations

import random

import pytest

from games.engine import Deal, GameState, HandState, RuleOptions
from games.engine.view import seat_view
from games.players.review import (
    BLUNDER,
    MISTAKE,
    Decision,
    decision_review,
    seat_decisions,
    verdict_of,
)
from games.players.search.evaluate import choices_of, decision_values
from tests.games.finished_games import engine_game_played
from tests.games.records.review.careless import careless_at_seat_0

# Spades are trump (seat 0 orders up the 9♠; dealer seat 3 discards the 9♥). Seat 0 takes the
# first two tricks with the bowers' side of spades, seat 1 the third with the A♣, then leads
# the K♥ to trick 4: seat 2 has no heart, seat 3 plays the Q♥, and seat 0, last, holds A♥ and
# 10♥. The A♥ takes the trick (three tricks: the hand is made, a march if the 10♥ then holds);
# the 10♥ gives it away and leaves the make to the last trick, which the other side may take.
HANDS = (
    ("JS", "AS", "9C", "AH", "TH"),
    ("9D", "TD", "AC", "KH", "QD"),
    ("TS", "QS", "TC", "KC", "KD"),
    ("KS", "QC", "QH", "JD", "9H"),
)
DEAL = Deal(hands=HANDS, upcard="9S", kitty=("JH", "AD", "JC"))
BEFORE_TRICK_4 = [
    "order_up",
    "discard:9H",
    "not_alone",
    *("play:JS", "play:9D", "play:TS", "play:9S"),
    *("play:AS", "play:TD", "play:QS", "play:KS"),
    *("play:9C", "play:AC", "play:TC", "play:QC"),
    *("play:KH", "play:KC", "play:QH"),
]


def trick_four() -> GameState:
    rules = RuleOptions()
    state = GameState(rules, "constructed")
    state.hand = HandState(rules, 3, DEAL, 0)  # this deal instead of the seed's
    for action in BEFORE_TRICK_4:
        state.apply(action)
    assert state.to_act == 0 and sorted(state.legal_actions()) == ["play:AH", "play:TH"]
    return state


def test_the_card_that_takes_the_trick_is_valued_above_the_one_that_gives_it_away():
    rules = RuleOptions()
    view = seat_view(trick_four(), 0)
    choices = choices_of(view, rules, "play:TH")
    assert sorted(choices) == ["play:AH", "play:TH"]
    values = decision_values(view, rules, random.Random(1), choices)
    assert values.choices[0].action == "play:AH"
    ace, ten = values.of("play:AH"), values.of("play:TH")
    # in every deal the ace is worth at least the ten (it makes the hand, the ten may not)
    assert all(a >= t for a, t in zip(ace.points, ten.points, strict=True))
    assert ace.value >= 1.0 and ace.value - ten.value >= MISTAKE


@pytest.mark.parametrize(
    ("chosen", "verdicts"), [("play:TH", {"mistake", "blunder"}), ("play:AH", {"best"})]
)
def test_the_ten_is_a_mistake_and_the_ace_the_best(chosen, verdicts):
    rules = RuleOptions()
    view = seat_view(trick_four(), 0)
    decision = Decision(len(BEFORE_TRICK_4), view, chosen, tuple(choices_of(view, rules, chosen)))
    reviewed = decision_review(decision, rules, "constructed")
    assert reviewed.verdict in verdicts
    assert reviewed.choices[0][0] == "play:AH"
    assert reviewed.trick == 4 and reviewed.hand == ("AH", "TH")
    if chosen == "play:TH":
        assert reviewed.loss >= MISTAKE
    else:
        assert reviewed.loss == 0


def test_verdicts_by_loss_and_noise():
    assert verdict_of(0.0, 0.0) == "best"
    assert verdict_of(0.1, 0.0) == "good"
    assert verdict_of(0.3, 0.0) == "inaccuracy"
    assert verdict_of(0.3, 0.2) == "good"  # within two standard errors of nothing
    assert verdict_of(MISTAKE, 0.0) == "mistake"
    assert verdict_of(BLUNDER, 0.1) == "blunder"


def test_a_review_is_the_same_twice_and_covers_only_the_seat_s_own_choices():
    rules = RuleOptions()
    state, movers = engine_game_played(rules, "review-walk", careless_at_seat_0)
    own = {index for index, seat in enumerate(movers) if seat == 0}
    # the seat's first hand's moves were the computer's (a timeout): not reviewed
    first_hand = {index for index in own if index < 12}
    decisions = list(seat_decisions(rules, "review-walk", state.actions, 0, own - first_hand))
    assert decisions and all(d.index in own - first_hand for d in decisions)
    assert all(len(d.choices) > 1 and d.chosen in d.choices for d in decisions)
    everything = list(seat_decisions(rules, "review-walk", state.actions, 0, own))
    forced = [i for i in own if i not in {d.index for d in everything}]
    assert forced  # a last card, a single card of the suit led: no choice, no verdict
    sample = decisions[:12]
    first = [decision_review(d, rules, "review-walk").to_dict() for d in sample]
    again = [decision_review(d, rules, "review-walk").to_dict() for d in sample]
    assert first == again


def test_a_reviewed_decision_keeps_no_other_seat_s_unplayed_card():
    rules = RuleOptions(going_under=True, defend_alone=True)
    state, movers = engine_game_played(rules, "review-private", careless_at_seat_0)
    own = {index for index, seat in enumerate(movers) if seat == 0}
    replay = GameState(rules, "review-private")
    decisions = {d.index: d for d in seat_decisions(rules, "review-private", state.actions, 0, own)}
    checked = 0
    for index, action in enumerate(state.actions):
        if index in decisions and checked < 25:
            text = repr(decision_review(decisions[index], rules, "review-private").to_dict())
            hidden = {card for seat in (1, 2, 3) for card in replay.hand.hands[seat]}
            hidden |= set(replay.hand.kitty)
            hidden.discard(replay.hand.upcard)  # turned face up: everyone saw it
            leaked = {card for card in hidden if f"'{card}'" in text or f":{card}" in text}
            assert not leaked, (index, leaked)
            checked += 1
        replay.apply(action)
    assert checked >= 10

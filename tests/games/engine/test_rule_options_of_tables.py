"""The table's rule options, each off by default and each named by the seed describing it."""

from __future__ import annotations

import pytest

from games.engine import Deal, Game, HandState, IllegalAction, RuleOptions
from games.engine.cards import trick_winner_index
from games.engine.game import GameState

from .rule_deals import act, hearts_called_by_seat_0, standard_hand

# seat 1 holds 9H TH TC (three nines and tens): it may go under when the option is on
UNDER = RuleOptions(going_under=True)


def test_going_under_is_offered_with_three_nines_or_tens_on_your_turn_to_bid():
    """seed 000: 'If a player gets dealt a hand with three or more nines or tens, he can choose to
    go under and replace three of his cards with the three unseen cards in the kitty. Player can
    do so only when it's his turn to pick up the card or call the trump.'"""
    hand = standard_hand(UNDER)
    assert not any(action.startswith("under:") for action in hand.legal_actions())  # seat 0
    act(hand, "pass")
    unders = [action for action in hand.legal_actions() if action.startswith("under:")]
    assert len(unders) == 10  # any three of seat 1's five cards
    act(hand, "under:9H,TH,TC")
    assert sorted(hand.hands[1]) == sorted(["QS", "AS", "QD", "JC", "AC"])
    assert sorted(hand.kitty) == ["9H", "TC", "TH"]
    assert hand.went_under.seat == 1 and hand.to_act == 1  # still their turn to bid
    assert not any(action.startswith("under:") for action in hand.legal_actions())


def test_going_under_is_not_offered_when_the_option_is_off():
    """seed 000: 'Usage of this rule is optional.'"""
    hand = act(standard_hand(), "pass")
    assert hand.legal_actions() == ["pass", "order_up"]
    with pytest.raises(IllegalAction):
        hand.apply("under:9H,TH,TC")


def test_going_under_is_counted_per_player_in_the_hand_record():
    """seed 000 counts going under per player for achievements; the record keeps who did."""
    game = Game(UNDER, seed="under")
    hand = game.state().hand
    seat = next(s for s in range(4) if sum(c[0] in "9T" for c in hand.hands[s]) >= 3)
    while game.to_act != seat:
        game = game.apply("pass", game.to_act)
    under = next(a for a in game.legal_actions() if a.startswith("under:"))
    game = game.apply(under, seat)
    assert game.view(seat).went_under_seat == seat
    assert game.view((seat + 1) % 4).my_under_given is None  # others never see the cards


def test_stick_the_dealer_makes_the_dealer_name_trump():
    """seed 003: 'If enabled, when no one declares the trump suit, the dealer must declare it.'"""
    hand = act(standard_hand(RuleOptions(stick_the_dealer=True)), *["pass"] * 7)
    assert hand.to_act == hand.dealer
    assert "pass" not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="Stick the dealer"):
        hand.apply("pass")


def test_defenders_may_defend_alone_only_when_the_option_is_on():
    """seed 003: 'If enabled, defenders can declare "alone". If the defenders win, they get four
    points.'"""
    off = hearts_called_by_seat_0()
    assert off.phase == "play"
    on = hearts_called_by_seat_0(RuleOptions(defend_alone=True))
    assert on.phase == "defend" and on.to_act == 1  # from the dealer's (3) left: seat 1, 3
    assert on.legal_actions() == ["alone", "not_alone"]


def test_a_lone_defenders_euchre_scores_four():
    """seed 001: 'Defender goes alone and wins 3 or more tricks: Defendres get 4 points.'"""
    # seat 0 orders spades up though seats 1 and 3 hold every trump; seat 1 defends alone
    deal = Deal(
        tuple(tuple(h.split()) for h in ("JH JD AH KH QH", "9S TS JS QS KS", "9D TD QD KD AD",
                                          "9C TC JC QC KC")),
        "AS",
        ("TH", "9H", "AC"),
    )  # fmt: skip
    hand = HandState(RuleOptions(defend_alone=True), 2, deal)  # seat 3 bids first
    # seat 0 plays with a partner; seat 3 declines to defend alone, seat 1 (five trumps) goes
    act(hand, "pass", "order_up", "discard:9D", "not_alone", "not_alone")
    assert hand.phase == "defend" and hand.to_act == 1
    act(hand, "alone")
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(next((a for a in legal if a[-1] == "S" or a == "play:JC"), legal[0]))
    assert (hand.outcome, hand.scoring_team, hand.points) == ("euchre", 1, 4)


def test_when_both_teams_go_alone_the_defender_leads():
    """seed 002: 'If two players are playing alone (possible in some variations of the game),
    then the defender plays first.'"""
    hand = hearts_called_by_seat_0(RuleOptions(defend_alone=True), alone=True)
    act(hand, "alone")  # seat 1 defends alone against seat 0
    assert hand.phase == "play" and hand.to_act == 1
    assert not hand.active[2] and not hand.active[3]


def test_win_by_two_plays_on_past_the_target_until_a_two_point_lead():
    """seed 001: 'A team wins once it has gotten 10 points and is at least two points above the
    other team.'"""
    state = GameState(RuleOptions(win_by_two=True), seed=1)
    state.scores = [10, 9]
    assert state._winner() is None
    state.scores = [11, 9]
    assert state._winner() == 0
    plain = GameState(RuleOptions(), seed=1)
    plain.scores = [10, 9]
    assert plain._winner() == 0


def test_the_target_score_is_a_table_option():
    """seed 003 lets the table choose the points a game is played to."""
    game = Game(RuleOptions(target_score=1), seed=5)
    while not game.is_over:
        game = game.apply(game.legal_actions()[-1], game.to_act)
    assert len([r for r in game.history if r.points]) == 1  # the first score wins
    assert game.score[game.winner] >= 1


def test_no_trump_may_be_named_in_round_two_and_then_only_the_suit_led_wins():
    """seed 003: 'If enabled, players can select "No Trump" when declaring the trump suit.'"""
    hand = act(standard_hand(RuleOptions(no_trump=True)), *["pass"] * 4)
    assert "call:N" in hand.legal_actions()
    assert "call:N" not in act(standard_hand(), *["pass"] * 4).legal_actions()
    # no bowers: jacks rank between ten and queen of their own suit
    assert trick_winner_index(["QH", "JH", "AD", "JD"], "N") == 0


def test_the_hand_history_keeps_every_bid_and_every_card_trick_by_trick():
    """seed 003 shows a score sheet and the tricks of each hand; the record keeps them."""
    game = Game(RuleOptions(), seed="history")
    while game.hand_number == 0:
        game = game.apply(game.legal_actions()[-1], game.to_act)
    record = game.history[0]
    assert record.bids and all(bid.seat in range(4) for bid in record.bids)
    if record.outcome != "all_pass":
        assert len(record.tricks) == 5
        assert all(len(trick.plays) in (3, 4) for trick in record.tricks)
    public = game.view(0).history[0]
    assert public.dealt is None and public.kitty is None and public.tricks == record.tricks

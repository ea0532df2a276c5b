"""Bidding, the dealer's pick-up, redeals, going alone and the scoring table (default rules)."""

from __future__ import annotations

from games.engine import Deal, Game, HandState, RuleOptions

from .rule_deals import act, hearts_called_by_seat_0, standard_hand


def deal_of(*hands: str, upcard: str, kitty: str) -> Deal:
    return Deal(tuple(tuple(hand.split()) for hand in hands), upcard, tuple(kitty.split()))


# seat 0 holds every heart that matters; everyone else holds none
ALL_TRUMPS = deal_of(
    "JH JD AH KH QH", "9S TS JS QS KS", "9D TD QD KD AD", "9C TC JC QC KC",
    upcard="AS", kitty="TH 9H AC",
)  # fmt: skip
# seat 0's three top trumps and two low cards: the makers take three or four tricks
THREE_TRICKS = deal_of(
    "JH JD AH 9S 9C", "AS KS QS AC KC", "9D TD QD KD AD", "TS JS TC QC JC",
    upcard="9H", kitty="TH QH KH",
)  # fmt: skip


def play_out(hand: HandState, *leads: str) -> HandState:
    """Plays the hand to its end: the given cards when their holder is to act, otherwise each
    player's first legal card."""
    wanted = list(leads)
    while not hand.is_over:
        legal = hand.legal_actions()
        choice = next((f"play:{card}" for card in wanted if f"play:{card}" in legal), legal[0])
        if choice[5:] in wanted:
            wanted.remove(choice[5:])
        hand.apply(choice)
    return hand


def test_bidding_starts_left_of_the_dealer_and_ends_with_the_dealer():
    """seed 004: 'you go around the table starting to the left of the dealer and decide whether
    the suit of the card face-up in the center will be the trump suit.'"""
    hand = standard_hand()
    assert hand.to_act == 0 and hand.legal_actions() == ["pass", "order_up"]
    act(hand, "pass", "pass", "pass")
    assert hand.to_act == hand.dealer == 3 and hand.phase == "bid1"


def test_the_dealer_picks_up_the_up_card_and_discards_one():
    """seed 000: 'The dealer now has 6 cards, and has to discard one.'"""
    hand = act(standard_hand(), "order_up")
    assert hand.phase == "discard" and hand.to_act == 3
    assert len(hand.hands[3]) == 6 and "KC" in hand.hands[3]
    assert hand.trump == "C" and hand.maker == 0
    act(hand, "discard:9D")
    assert len(hand.hands[3]) == 5 and hand.discarded == "9D"


def test_round_two_names_any_suit_but_the_one_turned_down():
    """seed 004: 'declare one of the three remaining suits to be trump or pass.'"""
    hand = act(standard_hand(), "pass", "pass", "pass", "pass")
    assert hand.phase == "bid2" and hand.to_act == 0
    assert set(hand.legal_actions()) == {"pass", "call:S", "call:H", "call:D"}


def test_when_all_pass_twice_the_next_dealer_deals_again():
    """seed 004: 'If all the players pass again, the cards are collected, and the deal passes'
    to the next dealer, clockwise (seed 004: 'The deal moves clockwise around the table')."""
    game = Game(RuleOptions(), seed="redeal")
    first_dealer = game.dealer
    for _ in range(8):
        game = game.apply("pass", game.to_act)
    assert game.hand_number == 1 and game.dealer == (first_dealer + 1) % 4
    assert game.score == (0, 0) and game.history[0].outcome == "all_pass"


def test_going_alone_sits_the_partner_out_and_the_loners_left_leads():
    """seed 002: 'If one player is playing alone then the person to that player's left plays
    first.' and 'his/her partner puts the cards face down and does not participate'."""
    hand = hearts_called_by_seat_0(alone=True)
    assert hand.maker_alone and not hand.active[2]
    assert hand.to_act == 1
    act(hand, "play:QS", "play:9S")  # seat 1, then seat 3: seat 2 is skipped
    assert hand.to_act == 0


def test_makers_taking_three_or_four_tricks_score_one():
    """seed 004: 'Winning 3 or 4 tricks in a round (as a team or alone): 1 point'."""
    hand = HandState(RuleOptions(), 3, THREE_TRICKS)
    act(hand, "order_up", "discard:9H", "not_alone")
    play_out(hand, "JH", "JD", "AH")
    assert hand.tricks_won[0] in (3, 4)
    assert (hand.outcome, hand.scoring_team, hand.points) == ("make", 0, 1)


def test_a_march_scores_two():
    """seed 003: '5 (march) +2'."""
    hand = act(HandState(RuleOptions(), 3, ALL_TRUMPS), *["pass"] * 4, "call:H", "not_alone")
    play_out(hand, "JH", "JD", "AH", "KH", "QH")
    assert (hand.outcome, hand.points, hand.tricks_won[0]) == ("march", 2, 5)


def test_a_lone_march_scores_four():
    """seed 004: 'Winning all 5 tricks in a round playing alone: 4 points'."""
    hand = act(HandState(RuleOptions(), 3, ALL_TRUMPS), *["pass"] * 4, "call:H", "alone")
    play_out(hand, "JH", "JD", "AH", "KH", "QH")
    assert (hand.outcome, hand.points) == ("march", 4)


def test_a_euchre_scores_two_for_the_defenders():
    """seed 001: 'The Makers must win 3 or more tricks to get any points' — otherwise the
    defenders score 2 (seed 003, table 2)."""
    # seat 0 orders spades up though seats 1 and 3 hold every trump
    hand = act(HandState(RuleOptions(), 3, ALL_TRUMPS), "order_up", "discard:9C", "not_alone")
    trumps = ["JS", "AS", "KS", "QS", "TS", "9S", "JC"]
    play_out(hand, *trumps)
    assert hand.tricks_won[0] <= 2
    assert (hand.outcome, hand.scoring_team, hand.points) == ("euchre", 1, 2)


def test_the_first_team_to_ten_wins_the_game():
    """seed 004: 'The first team to reach ten points wins the game.'"""
    game = Game(RuleOptions(), seed=11)
    while not game.is_over:
        game = game.apply(game.legal_actions()[-1], game.to_act)
    winner = game.winner
    assert game.score[winner] >= 10 and game.score[winner] > game.score[1 - winner]
    before_last = game.history[-1].score_after[winner] - game.history[-1].points
    assert before_last < 10  # the game ended as soon as the target was reached

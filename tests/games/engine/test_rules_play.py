"""Playing the tricks (default rules): who leads, following suit, who takes a trick, and that an
illegal card is never offered nor accepted."""

from __future__ import annotations

import pytest

from games.engine import PLAY, Game, GameOver, IllegalAction, RuleOptions

from .explicit_deals import (
    MAKE_FOUR,
    MAKE_FOUR_TRICKS,
    MAKE_THREE,
    MAKE_THREE_TRICKS,
    E,
    N,
    S,
    W,
    act,
    make_deal,
    new_hand,
    play_tricks,
    plays,
    spades_named_by_north,
)

# spades trump (named by North in round two, West deals)
MIXED = make_deal(
    north="AH 9S KD QC TC",
    east="KH QH 9D AC 9C",
    south="TH AS TD JD KC",
    west="JH QS QD AD JS",
    upcard="9H",
)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_player_left_of_the_dealer_leads_the_first_trick(dealer):
    """seed 000 line 12: 'Once the trump is selected, the player next to the dealer throws the
    leading card' (seed 004 line 31: 'The player left of the dealer goes first')."""
    hand = new_hand(MAKE_THREE, dealer)
    for _ in range(4):
        hand.apply("pass")
    act(hand, "call:S", "not_alone")  # the first bidder of round two names spades
    assert hand.phase == "play"
    assert hand.leader == hand.to_act == (dealer + 1) % 4


def test_the_leader_may_lead_any_card():
    """seed 002 line 72: 'The first players can play any suit.'"""
    hand = spades_named_by_north(MIXED)
    assert plays(hand.legal_actions()) == set(MIXED.hands[N])


def test_players_must_follow_suit_if_they_can():
    """seed 000 line 12: 'the player next to the dealer throws the leading card and others must
    follow suit if possible.'"""
    hand = spades_named_by_north(MIXED)
    hand.apply(PLAY["AH"])
    assert plays(hand.legal_actions()) == {"KH", "QH"}  # E holds two hearts
    hand.apply(PLAY["KH"])
    assert plays(hand.legal_actions()) == {"TH"}  # S holds one
    hand.apply(PLAY["TH"])
    assert plays(hand.legal_actions()) == {"JH"}  # W's jack of hearts is a plain heart here


def test_a_player_who_cannot_follow_suit_may_play_any_card():
    """seed 000 line 12: 'In case player has no cards of that suit, any other card can be
    played.'"""
    hand = spades_named_by_north(MIXED)
    play_tricks(hand, "KD 9D TD QD")
    assert hand.tricks[0].winner == N
    hand.apply(PLAY["QC"])
    hand.apply(PLAY["AC"])  # E follows clubs
    assert hand.to_act == S
    assert plays(hand.legal_actions()) == {"KC"}
    hand.apply(PLAY["KC"])
    # W holds no club (and JS is the right bower): anything goes
    assert plays(hand.legal_actions()) == set(hand.hands[W]) == {"JH", "QS", "AD", "JS"}


def test_the_highest_trump_takes_the_trick():
    """seed 000 line 14: 'If there are any trumps on the table, the highest ranking card is the
    highest trump card.'"""
    hand = spades_named_by_north(MIXED)
    play_tricks(hand, "KD 9D TD QD", "QC AC KC QS")
    assert hand.tricks[1].winner == W  # a trump on a club lead beats the ace of clubs
    play_tricks(hand, "JS 9S KH AS")  # W leads the right bower; E, holding no spade, throws KH
    assert hand.tricks[2].winner == W


def test_without_trumps_the_highest_card_of_the_suit_led_takes_the_trick():
    """seed 000 line 15: 'If there are no trumps on the table, the highest ranking card is the
    highest card of the same suit as the leading card.' A higher card of another suit does not."""
    hand = spades_named_by_north(MIXED)
    play_tricks(hand, "TC 9C KC AD")  # W throws the ace of diamonds on a club lead
    assert hand.tricks[0].winner == S  # the king of clubs, not the ace of diamonds


def test_the_winner_of_a_trick_leads_the_next():
    """seed 000 line 17: 'The player who took the trick then plays the leading card.'
    (seed 002 line 66: 'Next tricks are started by the player who won the previous trick.')"""
    hand = spades_named_by_north(MAKE_FOUR)
    leaders = []
    for trick in MAKE_FOUR_TRICKS:
        leaders.append(hand.to_act)
        play_tricks(hand, trick)
    winners = [trick.winner for trick in hand.tricks]
    assert winners == [N, N, N, S, E]
    assert leaders == [N, *winners[:-1]]
    assert [trick.leader for trick in hand.tricks] == leaders


def test_an_illegal_card_is_never_offered_and_is_refused():
    """seed 004 line 31: 'When a player does have a card of the suit that was led, but does not
    play it, the player has reneged' — our tables never let a player renege: only legal cards are
    offered and anything else is refused."""
    hand = spades_named_by_north(MIXED)
    hand.apply(PLAY["AH"])
    assert PLAY["9D"] not in hand.legal_actions()
    with pytest.raises(IllegalAction, match="follow suit"):
        hand.apply(PLAY["9D"])  # E holds hearts
    with pytest.raises(IllegalAction, match="do not hold"):
        hand.apply(PLAY["TH"])  # South's card
    with pytest.raises(IllegalAction):
        hand.apply("pass")
    assert hand.to_act == E and len(hand.hands[E]) == 5  # nothing changed


def test_only_the_seat_to_act_may_act():
    """seed 001 line 60: 'Going clockwise around the table, starting with the player to the
    dealer's left, each player can either say "Pass" ... or ... "Order it up"' — in turn."""
    game = Game(RuleOptions(), seed=3)
    other = (game.to_act + 1) % 4
    with pytest.raises(IllegalAction, match="not your turn"):
        game.apply("pass", seat=other)
    assert game.apply("pass", seat=game.to_act).to_act == other


def test_a_finished_hand_accepts_no_more_cards():
    """seed 000 line 21: 'When all five tricks are taken, the score is calculated.'"""
    hand = spades_named_by_north(MAKE_THREE)
    play_tricks(hand, *MAKE_THREE_TRICKS)
    assert hand.is_over and hand.to_act is None and hand.legal_actions() == []
    with pytest.raises(IllegalAction):
        hand.apply(PLAY["JS"])


def test_a_finished_game_accepts_no_more_actions():
    """seed 004 line 34: 'The first team to reach ten points wins the game.'"""
    game = Game(RuleOptions(target_score=1, stick_the_dealer=True), seed=9)
    for _ in range(1000):  # with stick the dealer, the first legal action always ends a hand
        if game.is_over:
            break
        game = game.apply(game.legal_actions()[0])
    assert game.is_over and game.to_act is None and game.legal_actions() == []
    with pytest.raises(GameOver):
        game.apply("pass")

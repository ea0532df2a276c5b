"""The cards, their order, following suit and winning tricks (default table rules)."""

from __future__ import annotations

import pytest

from games.engine import DECK, IllegalAction
from games.engine.cards import trick_winner_index

from .rule_deals import act, hearts_called_by_seat_0


def test_the_deck_has_24_cards_nine_to_ace_in_four_suits():
    """seed 000: 'It is played with a deck of 24 cards, using 9s, 10s, Jacks, Queens, Kings and
    Aces.'"""
    assert len(DECK) == len(set(DECK)) == 24
    assert {card[0] for card in DECK} == set("9TJQKA")
    assert {card[1] for card in DECK} == set("SHDC")


def test_the_right_bower_is_the_highest_trump():
    """seed 003: 'Trump J > J (Left Bower) > A > K > Q > J > 10 > 9'."""
    assert trick_winner_index(["AH", "JH", "JD", "KH"], "H") == 1


def test_the_left_bower_is_the_second_highest_trump():
    """seed 001: '- Jack of Hearts (Right Bower) - Jack of Diamonds (Left Bower)' (hearts trump)."""
    assert trick_winner_index(["AH", "KH", "JD", "QH"], "H") == 2
    assert trick_winner_index(["JD", "JH"], "H") == 1


def test_off_suit_cards_rank_ace_high_and_the_left_bower_leaves_its_suit():
    """seed 004: 'For the three non-trump suits, it is aces high.' With hearts trump the jack
    of diamonds is no diamond: the ace of diamonds leads a diamond trick over the king."""
    assert trick_winner_index(["KD", "AD", "QD", "9D"], "H") == 1
    assert trick_winner_index(["KD", "JD"], "H") == 1  # it trumps instead


def test_any_trump_beats_the_suit_led():
    """seed 002: 'When no trump card was played, the trick is won by whoever played the highest
    card of the suit led' — and a trump played wins over it."""
    assert trick_winner_index(["AS", "9H", "KS", "QS"], "H") == 1


def test_a_card_of_another_off_suit_never_wins():
    """seed 000: 'If there are no trumps on the table, the highest ranking card is the highest
    card of the same suit as the leading card.'"""
    assert trick_winner_index(["9S", "AC", "AD", "TS"], "H") == 3


def test_the_dealers_left_leads_the_first_trick():
    """seed 002: 'If no player is playing alone then the player to the dealer's left plays
    first.'"""
    hand = hearts_called_by_seat_0()
    assert hand.phase == "play" and hand.to_act == 0 == (hand.dealer + 1) % 4


def test_players_must_follow_suit_if_they_can():
    """seed 000: 'others must follow suit if possible.'"""
    hand = act(hearts_called_by_seat_0(), "play:AH")
    assert set(hand.legal_actions()) == {"play:9H", "play:TH"}
    with pytest.raises(IllegalAction, match="follow suit"):
        hand.apply("play:AS")


def test_the_left_bower_belongs_to_trump_for_following_suit():
    """seed 004: 'you should always play the left bower as if it were the trump suit.'"""
    hand = act(hearts_called_by_seat_0(), "play:AH", "play:9H", "play:QH")
    assert hand.legal_actions() == ["play:JD"]  # seat 3's only "heart" is the left bower


def test_a_player_without_the_suit_led_may_play_any_card():
    """seed 000: 'In case player has no cards of that suit, any other card can be played.'"""
    hand = act(hearts_called_by_seat_0(), "play:KS")  # spades led; seat 1 holds QS, AS
    hand = act(hand, "play:AS")
    assert set(hand.legal_actions()) == {"play:QH", "play:KH", "play:TD", "play:KD", "play:QC"}


def test_the_winner_of_a_trick_leads_the_next():
    """seed 004: 'Whoever plays the highest card ... wins the trick, clears the cards, and leads
    the next trick.'"""
    hand = act(hearts_called_by_seat_0(), "play:AH", "play:9H", "play:QH", "play:JD")
    assert hand.tricks[-1].winner == 3  # the left bower beat the ace of trumps
    assert hand.to_act == 3 and hand.trick_cards == []


def test_a_card_not_in_hand_is_refused():
    """Reneging is impossible online: the server never accepts a card the player does not hold."""
    hand = hearts_called_by_seat_0()
    with pytest.raises(IllegalAction, match="do not hold"):
        hand.apply("play:9H")
    assert len(hand.hands[0]) == 5

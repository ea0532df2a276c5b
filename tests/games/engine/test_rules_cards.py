"""The cards: a 24-card deck, the bowers, the order of trumps and of plain suits, and the left
bower's membership of the trump suit (default rules)."""

from __future__ import annotations

from itertools import combinations

import pytest

from games.engine import DECK, PLAY, SUITS
from games.engine.cards import EFFECTIVE_SUIT, trick_winner_index

from .explicit_deals import E, N, make_deal, spades_named_by_north

SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}


def trump_order(trump: str) -> list[str]:
    """Strongest first: right bower, left bower, A, K, Q, 10, 9 (seed 000 line 3)."""
    return ["J" + trump, "J" + SAME_COLOUR[trump], *(rank + trump for rank in "AKQT9")]


def test_the_deck_has_24_cards_nine_to_ace_of_four_suits():
    """seed 000 line 1: 'It is played with a deck of 24 cards, using 9s, 10s, Jacks, Queens, Kings
    and Aces. There are four suits: spades ♠, diamonds ♦, hearts ♥ and clubs ♣.'"""
    assert len(DECK) == len(set(DECK)) == 24
    assert set(SUITS) == {"S", "H", "D", "C"}
    assert {card[0] for card in DECK} == set("9TJQKA")
    for suit in SUITS:
        assert sorted(card for card in DECK if card[1] == suit) == sorted(
            rank + suit for rank in "9TJQKA"
        )


@pytest.mark.parametrize("trump", SUITS)
def test_the_right_bower_is_the_highest_trump(trump):
    """seed 000 line 3: 'In trump suit, the highest card is the Jack'."""
    right = "J" + trump
    for other in DECK:
        if other != right:
            assert trick_winner_index([other, right], trump) == 1
            assert trick_winner_index([right, other], trump) == 0


@pytest.mark.parametrize("trump", SUITS)
def test_the_left_bower_is_the_second_highest_trump(trump):
    """seed 000 line 3: 'followed by the Jack from the other suit of the same color. For example,
    if the trump is Spades, then the Jack of Clubs would temporarily become a trump card.'"""
    left = "J" + SAME_COLOUR[trump]
    assert trick_winner_index([left, "J" + trump], trump) == 1
    for other in DECK:
        if other not in (left, "J" + trump):
            assert trick_winner_index([other, left], trump) == 1, other
            assert trick_winner_index([left, other], trump) == 0, other


@pytest.mark.parametrize("trump", SUITS)
def test_trumps_rank_right_left_ace_king_queen_ten_nine(trump):
    """seed 000 line 3: 'the trump cards rank: J♠, J♣, A♠, K♠, Q♠, 10♠, 9♠' (and seed 001 lines
    72-80 for hearts: '- Jack of Hearts (Right Bower) - Jack of Diamonds (Left Bower) - Ace of
    Hearts - King of Hearts - Queen of Hearts - 10 of Hearts - 9 of Hearts')."""
    order = trump_order(trump)
    for high, low in combinations(order, 2):  # every pair, in either play order
        assert trick_winner_index([low, high], trump) == 1, (high, low)
        assert trick_winner_index([high, low], trump) == 0, (high, low)


@pytest.mark.parametrize("trump", SUITS)
def test_plain_suits_rank_ace_king_queen_jack_ten_nine(trump):
    """seed 000 line 3: 'In non-trump suits, Ace ranks highest, followed by K, Q, J, 10, 9.'
    The suit of the left bower has no jack while it is trump."""
    for suit in SUITS:
        if suit == trump:
            continue
        ranks = "AKQT9" if suit == SAME_COLOUR[trump] else "AKQJT9"
        order = [rank + suit for rank in ranks]
        for high, low in combinations(order, 2):
            assert trick_winner_index([low, high], trump) == 1, (trump, high, low)
            assert trick_winner_index([high, low], trump) == 0, (trump, high, low)


@pytest.mark.parametrize("trump", SUITS)
def test_the_lowest_trump_beats_the_highest_card_of_any_other_suit(trump):
    """seed 004 line 11: 'the lowest trump card is higher than the highest card of other suits'."""
    nine = "9" + trump
    for suit in SUITS:
        if suit != trump:
            assert trick_winner_index(["A" + suit, nine], trump) == 1
            assert trick_winner_index(["A" + suit, "K" + suit, nine, "Q" + suit], trump) == 2


@pytest.mark.parametrize("trump", SUITS)
def test_the_left_bower_belongs_to_the_trump_suit(trump):
    """seed 002 line 24: 'During a hand, this card is considered part of the trump suit announced
    for the hand, and not part of the original suit.'"""
    left = "J" + SAME_COLOUR[trump]
    assert EFFECTIVE_SUIT[trump][left] == trump
    # led as a card of its own colour's suit it is a trump, so it takes that suit's ace
    assert trick_winner_index(["A" + SAME_COLOUR[trump], left], trump) == 1
    # led, it is a trump lead: the ace of its printed suit does not win
    assert trick_winner_index([left, "A" + SAME_COLOUR[trump]], trump) == 0


def test_the_left_bower_follows_a_trump_lead():
    """seed 004 line 48: 'if spades are the trump suit and a spade is led in the trick, the jack of
    clubs can be played without reneging' — and, holding no other spade, it must be played."""
    deal = make_deal(
        north="JS AD KD QD 9D",
        east="JC AH KH QH 9C",
        south="9S TS AC TD TH",
        west="QS KS AS KC QC",
        upcard="9H",
    )
    hand = spades_named_by_north(deal)
    hand.apply(PLAY["JS"])
    assert hand.to_act == E
    assert hand.legal_actions() == [PLAY["JC"]]


def test_the_left_bower_does_not_follow_its_printed_suit():
    """seed 004 line 48: 'if spades are the trump suit and clubs are led, you have to play any
    other club you may have instead of the jack of clubs.'"""
    deal = make_deal(
        north="AC AD KD QD 9D",
        east="JC 9C AH KH QH",
        south="9S TS KC TD TH",
        west="QS KS AS TC QC",
        upcard="9H",
    )
    hand = spades_named_by_north(deal)
    hand.apply(PLAY["AC"])
    assert hand.legal_actions() == [PLAY["9C"]]


def test_a_player_whose_only_club_is_the_left_bower_is_void_in_clubs():
    """seed 002 line 24: the left bower is 'not part of the original suit', so with clubs led a
    player holding only the jack of clubs may play any card."""
    deal = make_deal(
        north="AC AD KD QD TD",
        east="JC 9D AH KH QH",
        south="9S TS KC 9C TH",
        west="QS KS AS TC QC",
        upcard="9H",
    )
    hand = spades_named_by_north(deal)
    hand.apply(PLAY["AC"])
    assert set(hand.legal_actions()) == {PLAY[card] for card in deal.hands[E]}


def test_leading_the_left_bower_is_leading_trump():
    """seed 001 line 72: 'The Left Bower is considered for all purposes as a member of the trump
    suit': after the jack of clubs is led (spades trump), spades must follow and clubs need not."""
    deal = make_deal(
        north="JC AD KD QD TD",
        east="9S KC AH 9D 9C",
        south="QC TC AC KH TH",
        west="QS KS AS JS QH",
        upcard="9H",
    )
    hand = spades_named_by_north(deal)
    assert hand.to_act == N
    hand.apply(PLAY["JC"])
    assert hand.legal_actions() == [PLAY["9S"]]  # E must follow trump, not clubs
    hand.apply(PLAY["9S"])
    # S holds three clubs and no spade: void in the suit led, any card
    assert set(hand.legal_actions()) == {PLAY[card] for card in deal.hands[2]}

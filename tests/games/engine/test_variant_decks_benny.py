"""Seed 003's decks of 28 and 32 cards, the Benny (the joker or the two of spades) as the highest
trump, and what an upturned Benny does under each choice of the rules."""

from __future__ import annotations

from itertools import combinations

import pytest

from games.engine import DISCARD, PLAY, GameState, IllegalAction, deal_hand, rules_deck
from games.engine.cards import trick_winner_index
from games.engine.view import seat_view

from .explicit_deals import act, cards, play_tricks, plays
from .variant_deals import deal_for, hand_for, name_trump, plan_deals, rules

SUITS = "SHDC"
SEED_003_RANKS = {24: "A K Q J 10 9", 28: "A K Q J 10 9 8", 32: "A K Q J 10 9 8 7"}


def card_names(ranks: str) -> set[str]:
    return {rank.replace("10", "T") + suit for rank in ranks.split() for suit in SUITS}


@pytest.mark.parametrize("size", [24, 28, 32])
def test_the_deck_holds_the_cards_seed_003_names(size):
    """seed 003 lines 68-72: 'Sets the number of decks. 24 (A, K, Q, J, 10, 9) 28 (A, K, Q, J,
    10, 9, 8) 32 (A, K, Q, J, 10, 9, 8, 7)'."""
    deck = rules_deck(rules(deck=size))
    assert len(deck) == len(set(deck)) == size
    assert set(deck) == card_names(SEED_003_RANKS[size])


@pytest.mark.parametrize(
    ("table", "kitty"),
    [
        (rules(deck=28), 28 - 20 - 1),
        (rules(deck=32), 32 - 20 - 1),
        (rules(deck=32, variant="two_handed"), 32 - 10 - 1),
        (rules(deck=28, variant="three_handed", hand_size=7), 28 - 21 - 1),
        (rules(benny="joker"), 25 - 20 - 1),
    ],
)
def test_every_card_of_the_deck_is_dealt_once(table, kitty):
    """seed 003 line 7: 'Five cards are dealt to each player. At the end of the deal, one card is
    turned over.' The rest of the larger deck stays unseen."""
    deck = rules_deck(table)
    in_hands = set()
    for number in range(40):
        deal = deal_hand("decks", number, table)
        assert [len(hand) for hand in deal.hands] == [table.hand_size] * table.seats
        assert len(deal.kitty) == kitty
        every = [card for hand in deal.hands for card in hand] + [deal.upcard, *deal.kitty]
        assert sorted(every) == sorted(deck)
        in_hands.update(card for hand in deal.hands for card in hand)
    assert in_hands == set(deck)  # the low cards (and the Benny) do reach the players


TRUMP_ORDER_32 = "JS JC AS KS QS TS 9S 8S 7S"  # seed 003 line 20, with the larger decks' 8 and 7
PLAIN_ORDER_32 = "AH KH QH JH TH 9H 8H 7H"  # seed 003 line 21: 'A > K > Q > J > 10 > 9 > 8 > 7'


@pytest.mark.parametrize("order", [TRUMP_ORDER_32, PLAIN_ORDER_32])
def test_trump_and_plain_suits_rank_with_eights_and_sevens(order):
    """seed 003 lines 20-21: 'Trump J > J (Left Bower) > A > K > Q > J > 10 > 9' and 'Non-trump
    A > K > Q > J > 10 > 9 > 8 > 7'. Spades trump; the higher card wins whichever is led."""
    ranked = cards(order)
    for higher, lower in combinations(ranked, 2):
        assert trick_winner_index([higher, lower], "S") == 0
        assert trick_winner_index([lower, higher], "S") == 1


# deck 32, spades trump named by seat 0 (dealer 3): seats 1 and 2 are void in hearts
SEVEN_OF_TRUMP = deal_for(
    rules(deck=32),
    "AH 7H 8D 9C TC",
    "7S 8S AD KD QD",
    "AC KC QC TD JD",
    "8H 9H 7D 7C 8C",
    upcard="TH",
    fill=False,
)


def spades_in_32_cards():
    hand = hand_for(rules(deck=32), SEVEN_OF_TRUMP, dealer=3)
    name_trump(hand, 0, "S")
    return act(hand, "not_alone")


def test_a_seven_of_trump_beats_an_off_suit_ace():
    """seed 004 line 11: 'the lowest trump card is higher than the highest card of other suits'
    — in the 32-card deck the lowest trump is the seven."""
    hand = spades_in_32_cards()
    hand.apply(PLAY["AH"])
    assert plays(hand.legal_actions()) == set(SEVEN_OF_TRUMP.hands[1])  # void in hearts
    play_tricks(hand, "7S AC")
    assert plays(hand.legal_actions()) == {"8H", "9H"}  # seat 3 follows suit
    hand.apply(PLAY["9H"])
    assert hand.tricks[0].winner == 1 and hand.to_act == 1


def test_an_eight_of_the_led_suit_beats_its_seven_and_off_suit_aces_do_not_win():
    """seed 003 line 21: 'Non-trump A > K > Q > J > 10 > 9 > 8 > 7'; line 17: 'The player who
    leads or follows the highest card wins the trick.'"""
    hand = spades_in_32_cards()
    play_tricks(hand, "7H AD AC")
    assert plays(hand.legal_actions()) == {"8H", "9H"}
    hand.apply(PLAY["8H"])
    assert hand.tricks[0].winner == 3


# ---- the Benny ----------------------------------------------------------------------------------

BENNIES = [("joker", "XJ"), ("two_of_spades", "2S")]


@pytest.mark.parametrize(("benny", "card"), BENNIES)
@pytest.mark.parametrize("trump", list(SUITS))
def test_the_benny_is_the_highest_trump_whatever_the_trump(benny, card, trump):
    """seed 003 lines 74-76: 'Benny (Best Bower) Sets Benny as the strongest card. (Joker, two of
    spades, Disabled)'."""
    assert card in rules_deck(rules(benny=benny)) and len(rules_deck(rules(benny=benny))) == 25
    right, left = "J" + trump, "J" + {"S": "C", "C": "S", "H": "D", "D": "H"}[trump]
    for other in (right, left, "A" + trump, "AH" if trump != "H" else "AD"):
        assert trick_winner_index([other, card], trump) == 1
        assert trick_winner_index([card, other], trump) == 0


# Hearts trump (named by seat 0, dealer 3). The two of spades (seat 1) is the Benny: a trump, not
# a spade; seat 1's other cards are the nine of spades and clubs.
TWO_OF_SPADES = rules(benny="two_of_spades")
BENNY_NOT_A_SPADE = deal_for(
    TWO_OF_SPADES,
    "AS TS 9H KD AD",
    "2S 9S 9C TC QC",
    "KS TD 9D JC AC",
    "AH TH JD QS KC",
    upcard="JS",
    fill=False,
)
# Hearts trump, the joker is the Benny and seat 0 leads it: seat 1's only trump is the ten of
# hearts, seat 2's the left bower; seat 3 holds no trump.
JOKER = rules(benny="joker")
JOKER_LED = deal_for(
    JOKER,
    "XJ 9H KD AD 9S",
    "TH 9C TC QC KS",
    "JD TD 9D JC AC",
    "AS QS KC QD TS",
    upcard="JS",
    fill=False,
)


def hearts_by_seat_0(deal, table):
    hand = hand_for(table, deal, dealer=3)
    name_trump(hand, 0, "H")
    return act(hand, "not_alone")


def test_the_two_of_spades_benny_does_not_follow_spades_under_another_trump():
    """seed 003 line 76: Benny is 'the strongest card' — a trump like the left bower (seed 004
    line 48: 'you should always play the left bower as if it were the trump suit')."""
    hand = hearts_by_seat_0(BENNY_NOT_A_SPADE, TWO_OF_SPADES)
    hand.apply(PLAY["AS"])
    assert plays(hand.legal_actions()) == {"9S"}  # seat 1 must follow with its real spade
    with pytest.raises(IllegalAction, match="follow suit"):
        hand.apply(PLAY["2S"])
    play_tricks(hand, "9S KS QS")
    assert hand.tricks[0].winner == 0
    hand.apply(PLAY["TS"])
    assert plays(hand.legal_actions()) == {"2S", "9C", "TC", "QC"}  # void in spades
    play_tricks(hand, "2S JC AH")  # the Benny trumps the spade and beats the ace of trumps
    assert hand.tricks[1].winner == 1


def test_a_player_whose_only_trump_is_the_benny_must_play_it_to_a_trump_lead():
    """seed 003 line 15: 'They must follow suit if possible.' The Benny is a trump."""
    hand = hearts_by_seat_0(BENNY_NOT_A_SPADE, TWO_OF_SPADES)
    hand.apply(PLAY["9H"])
    assert plays(hand.legal_actions()) == {"2S"}
    hand.apply(PLAY["2S"])
    assert plays(hand.legal_actions()) == set(BENNY_NOT_A_SPADE.hands[2])  # no trump: anything
    hand.apply(PLAY["KS"])
    assert plays(hand.legal_actions()) == {"AH", "TH", "JD"}  # the left bower is a trump too
    hand.apply(PLAY["JD"])
    assert hand.tricks[0].winner == 1


def test_a_led_benny_is_trump_led_and_wins_the_trick():
    """seed 003 line 76: 'Sets Benny as the strongest card.' Led, it asks for trumps."""
    hand = hearts_by_seat_0(JOKER_LED, JOKER)
    hand.apply(PLAY["XJ"])
    assert plays(hand.legal_actions()) == {"TH"}
    hand.apply(PLAY["TH"])
    assert plays(hand.legal_actions()) == {"JD"}
    hand.apply(PLAY["JD"])
    assert plays(hand.legal_actions()) == set(JOKER_LED.hands[3])
    hand.apply(PLAY["AS"])
    assert hand.tricks[0].winner == 0 and hand.leader == 0


# ---- an upturned Benny --------------------------------------------------------------------------

# The joker turned up; seat 3 (the dealer in these tests) holds the clubs.
JOKER_UP = deal_for(
    JOKER, "9S TS JS QS KS", "9H TH JH QH KH", "9D TD JD QD KD", "9C TC JC QC KC", upcard="XJ"
)
# The two of spades turned up, the same hands.
TWO_UP = deal_for(TWO_OF_SPADES, *map(" ".join, JOKER_UP.hands), upcard="2S")
NINE_UP = deal_for(JOKER, upcard="9H")


def upturned(choice: str, benny: str = "joker", **options):
    return rules(benny=benny, upturned_benny=choice, **options)


@pytest.mark.parametrize(("benny", "deal"), [("joker", JOKER_UP), ("two_of_spades", TWO_UP)])
@pytest.mark.parametrize("suit", list(SUITS))
def test_an_upturned_benny_with_a_suit_chosen_proposes_that_suit(suit, benny, deal):
    """seed 003 line 81: 'Sets the trump suit when an upcard is Benny.' (Spades, Hearts, Diamonds,
    Clubs): round one orders that suit up and the dealer takes the Benny."""
    hand = hand_for(upturned(suit, benny), deal, dealer=3)
    assert (hand.phase, hand.to_act, hand.upcard_suit) == ("bid1", 0, suit)
    act(hand, "pass", "order_up")
    assert (hand.trump, hand.maker, hand.phase, hand.to_act) == (suit, 1, "discard", 3)
    assert deal.upcard in hand.hands[3]
    act(hand, DISCARD["9C"], "not_alone")
    assert hand.phase == "play"


@pytest.mark.parametrize("suit", list(SUITS))
def test_the_upturned_benny_suit_is_turned_down_after_four_passes(suit):
    """seed 004 line 28: 'the card in the center is turned face down and that suit can no longer
    be chosen as the trump suit.'"""
    hand = hand_for(upturned(suit), JOKER_UP, dealer=3)
    act(hand, "pass", "pass", "pass", "pass")
    assert f"call:{suit}" not in hand.legal_actions()
    assert {f"call:{other}" for other in SUITS if other != suit} <= set(hand.legal_actions())


def test_an_upturned_benny_named_blind_the_dealer_names_before_seeing_the_hand(monkeypatch):
    """seed 003 line 82: '"Naming Trump (blind)"'. Reading: the dealer names the suit round one
    proposes before looking at the hand; the dealer's view shows no cards while deciding."""
    plan_deals(monkeypatch, [JOKER_UP])
    state = GameState(upturned("name_blind"), seed=1)
    dealer = state.hand.dealer
    view = seat_view(state, dealer)
    assert (view.phase, view.to_act, view.hand) == ("name_blind", dealer, ())
    assert view.hand_hidden and view.hand_sizes == (5, 5, 5, 5)
    assert sorted(view.legal_actions) == ["call:C", "call:D", "call:H", "call:S"]
    other = (dealer + 1) % 4
    assert sorted(seat_view(state, other).hand) == sorted(JOKER_UP.hands[other])
    state.apply("call:H", seat=dealer)
    view = seat_view(state, dealer)
    assert sorted(view.hand) == sorted(JOKER_UP.hands[dealer]) and not view.hand_hidden
    assert (state.hand.phase, state.hand.to_act, view.upcard_suit) == ("bid1", other, "H")
    state.apply("order_up", seat=other)
    assert (state.hand.trump, state.hand.maker, state.hand.phase) == ("H", other, "discard")
    assert "XJ" in state.hand.hands[dealer]


def test_an_upturned_benny_with_naming_trump_players_name_any_suit_in_turn():
    """seed 003 line 81: 'If "Naming Trump" is set, players choose the trump suit or pass.'
    Reading: no round one; any suit may be named; the dealer takes the Benny."""
    hand = hand_for(upturned("name"), JOKER_UP, dealer=3)
    assert (hand.phase, hand.to_act) == ("bid2", 0)
    assert set(hand.legal_actions()) == {"pass", "call:S", "call:H", "call:D", "call:C"}
    act(hand, "pass", "call:D")
    assert (hand.trump, hand.maker, hand.phase, hand.to_act) == ("D", 1, "discard", 3)
    assert "XJ" in hand.hands[3] and len(hand.hands[3]) == 6
    act(hand, DISCARD["9C"])
    assert (hand.phase, hand.to_act) == ("alone", 1)


def test_an_upturned_benny_with_naming_trump_everybody_may_pass():
    """seed 003 line 81: 'players choose the trump suit or pass' — four passes throw it in,
    unless the dealer is stuck (line 90: 'the dealer must declare it')."""
    hand = act(hand_for(upturned("name"), JOKER_UP, dealer=3), *["pass"] * 4)
    assert hand.is_over and hand.outcome == "all_pass" and hand.trump is None
    stuck = act(hand_for(upturned("name", stick_the_dealer=True), JOKER_UP, 3), *["pass"] * 3)
    assert stuck.to_act == 3 and "pass" not in stuck.legal_actions()


def test_an_upturned_benny_the_dealer_must_play_names_trump_and_takes_it():
    """seed 003 line 81: 'If "Dealer must play" is set, the dealer must declare the trump suit.'"""
    hand = hand_for(upturned("dealer_must_play"), JOKER_UP, dealer=3)
    assert (hand.phase, hand.to_act) == ("dealer_names", 3)
    assert sorted(hand.legal_actions()) == ["call:C", "call:D", "call:H", "call:S"]
    with pytest.raises(IllegalAction):
        hand.apply("pass")
    hand.apply("call:C")
    assert (hand.trump, hand.maker, hand.phase, hand.to_act) == ("C", 3, "discard", 3)
    assert "XJ" in hand.hands[3]
    act(hand, DISCARD["9C"])
    assert (hand.phase, hand.to_act) == ("alone", 3)


def test_an_upturned_benny_with_redeal_throws_the_hand_in_for_the_same_dealer(monkeypatch):
    """seed 003 line 82: '... "Dealer must play", Redeal)'. Reading: the hand is thrown in and
    the same dealer deals again; the thrown hand is in the game's history."""
    assert hand_for(upturned("redeal"), JOKER_UP, dealer=3).outcome == "redeal"
    plan_deals(monkeypatch, [NINE_UP, JOKER_UP, NINE_UP])
    state = GameState(upturned("redeal"), seed=2)
    first = state.hand.dealer
    for _ in range(8):  # everybody passes twice: the deal moves on
        state.apply("pass")
    records = state.records
    assert [record.outcome for record in records] == ["all_pass", "redeal"]
    assert [record.dealer for record in records] == [first, (first + 1) % 4]
    assert records[1].upcard == "XJ" and records[1].bids == ()
    assert (state.hand.number, state.hand.dealer) == (2, (first + 1) % 4)
    assert state.hand.phase == "bid1" and state.scores == [0, 0]
    assert state.public_records[1].outcome == "redeal"


def test_an_upturned_benny_on_the_first_deal_is_thrown_in_before_anyone_bids(monkeypatch):
    """seed 003 line 82: 'Redeal' — the first hand of a game too."""
    plan_deals(monkeypatch, [JOKER_UP, NINE_UP])
    state = GameState(upturned("redeal"), seed=4)
    assert [record.outcome for record in state.records] == ["redeal"]
    assert state.records[0].dealer == state.hand.dealer == state.first_dealer
    assert (state.hand.number, state.hand.upcard, state.hand.phase) == (1, "9H", "bid1")

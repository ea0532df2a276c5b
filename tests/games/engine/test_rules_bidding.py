"""The deal and the bidding (default rules): five cards each, a four-card kitty with one card face
up, the dealer moving clockwise, two rounds of bidding, the dealer's pick-up and discard, redeals,
and going alone."""

from __future__ import annotations

import pytest

from games.engine import (
    CALL,
    DECK,
    DISCARD,
    Deal,
    Game,
    IllegalAction,
    RuleOptions,
    deal_hand,
    first_dealer,
)
from games.engine.hand import team_of

from .explicit_deals import (
    ALONE_MAKES_THREE,
    ALONE_MAKES_THREE_TRICKS,
    MAKE_THREE,
    NORTH_SWEEPS,
    E,
    N,
    W,
    act,
    make_deal,
    new_hand,
    play_first_legal,
    play_tricks,
    rotate,
    spades_named_by_north,
)

# West deals; the up card is the king of clubs
CLUBS_UP = make_deal(
    north="JS AS KS 9H TH",
    east="9C TC QH KH AH",
    south="QS TS 9D TD QD",
    west="JH JD KD AD QC",
    upcard="KC",
    kitty="9S AC JC",
)


def play_out_first_legal(game: Game) -> Game:
    """Plays the current hand of `game` to its end, each seat taking its first legal action."""
    number = game.hand_number
    while not game.is_over and game.hand_number == number:
        game = game.apply(game.legal_actions()[0])
    return game


@pytest.mark.parametrize("seed", [1, 2, 3, "table-7", "x"])
def test_five_cards_are_dealt_to_each_player_and_four_left_with_one_face_up(seed):
    """seed 000 line 5: 'players are dealt 5 cards each, with 4 cards left on the table. One of
    those cards is facing upwards, so that the players can see it.'"""
    for number in range(3):
        deal = deal_hand(seed, number)
        assert [len(hand) for hand in deal.hands] == [5, 5, 5, 5]
        assert len(deal.kitty) == 3
        every = [card for hand in deal.hands for card in hand] + [deal.upcard, *deal.kitty]
        assert sorted(every) == sorted(DECK)
    game = Game(RuleOptions(), seed)
    first = deal_hand(seed, 0)
    for seat in range(4):
        view = game.view(seat)
        assert sorted(view.hand) == sorted(first.hands[seat])
        assert view.hand_sizes == (5, 5, 5, 5)
        assert view.upcard == first.upcard  # face up: every seat sees it


def test_the_same_seed_deals_the_same_cards_and_hands_differ():
    """seed 001 line 56: 'Five cards are dealt to each player' — a new deal each hand; our deals
    are a pure function of the game's seed and the hand number."""
    assert deal_hand("s", 0) == deal_hand("s", 0)
    assert deal_hand("s", 0) != deal_hand("s", 1)
    assert deal_hand("s", 0) != deal_hand("t", 0)


def test_the_first_dealer_is_chosen_at_random():
    """seed 001 line 56: 'The initial dealer is chosen randomly'."""
    dealers = {first_dealer(seed) for seed in range(200)}
    assert dealers == {0, 1, 2, 3}
    assert first_dealer("abc") == first_dealer("abc")


def test_the_deal_moves_clockwise_to_the_dealers_left():
    """seed 001 line 56: 'in the next round the player to the dealer's left is the new dealer and
    so on.' (seed 002 line 27: 'the dealer is changed in a clockwise direction')."""
    game = Game(RuleOptions(stick_the_dealer=True), seed=11)
    dealers = [game.dealer]
    for _ in range(5):
        game = play_out_first_legal(game)
        if game.is_over:
            break
        dealers.append(game.dealer)
    assert len(dealers) >= 4
    assert dealers == [(dealers[0] + number) % 4 for number in range(len(dealers))]
    assert dealers[0] == first_dealer(11)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_bidding_starts_left_of_the_dealer_and_ends_with_the_dealer(dealer):
    """seed 002 line 39: 'The bidding process could have two phases, both starting from the
    forehand player (the one on the left of the dealer) and ending with the dealer'."""
    hand = new_hand(CLUBS_UP, dealer)
    order = []
    for _ in range(8):
        order.append((hand.phase, hand.to_act))
        hand.apply("pass")
    seats = [(dealer + offset) % 4 for offset in (1, 2, 3, 4)]
    assert order == [("bid1", seat) for seat in seats] + [("bid2", seat) for seat in seats]


def test_in_round_one_each_player_orders_it_up_or_passes():
    """seed 001 line 60: 'each player can either say "Pass" ... or they can say "Order it up"'."""
    hand = new_hand(CLUBS_UP, W)
    for _ in range(4):
        assert sorted(hand.legal_actions()) == ["order_up", "pass"]
        hand.apply("pass")
    with pytest.raises(IllegalAction):
        new_hand(CLUBS_UP, W).apply(CALL["S"])  # naming a suit waits for round two


def test_ordering_up_makes_the_upcard_suit_trump_and_ends_the_bidding():
    """seed 001 line 60: 'or they can say "Order it up" in which case the suit of the card
    becomes trump and the calling round ends immediately.'"""
    hand = act(new_hand(CLUBS_UP, W), "pass", "order_up")
    assert (hand.trump, hand.maker) == ("C", E)
    assert hand.phase == "discard" and hand.to_act == W  # no more bids: the dealer discards
    assert [bid.call for bid in hand.bids] == ["pass", "order_up"]


def test_the_dealer_picks_up_the_upcard_and_discards_one():
    """seed 000 line 7: 'If a player picks up the card, that card's suit becomes the trump for
    that round. The dealer now has 6 cards, and has to discard one.' (seed 004 line 28: 'The
    face-up card always goes to the dealer if it is ordered up.')"""
    hand = act(new_hand(CLUBS_UP, W), "order_up")  # North orders it up to West
    dealt = list(CLUBS_UP.hands[W])
    assert sorted(hand.hands[W]) == sorted([*dealt, "KC"])
    assert sorted(hand.legal_actions()) == sorted(DISCARD[card] for card in [*dealt, "KC"])
    hand.apply(DISCARD["JH"])
    assert sorted(hand.hands[W]) == sorted(["JD", "KD", "AD", "QC", "KC"])
    assert hand.discarded == "JH"
    assert [len(cards) for cards in hand.hands] == [5, 5, 5, 5]
    assert hand.phase == "alone" and hand.to_act == N  # then the maker decides alone


def test_in_round_two_a_player_names_any_other_suit_or_passes():
    """seed 000 line 9: 'If all four players pass, each player is asked (in the same order) to
    call a trump from one of remaining 3 suits.' (seed 004 line 28: 'that suit can no longer be
    chosen as the trump suit.')"""
    hand = act(new_hand(CLUBS_UP, W), "pass", "pass", "pass", "pass")
    assert hand.phase == "bid2"
    for _ in range(4):
        assert sorted(hand.legal_actions()) == sorted(["pass", CALL["S"], CALL["H"], CALL["D"]])
        with pytest.raises(IllegalAction):
            hand.apply(CALL["C"])
        with pytest.raises(IllegalAction):
            hand.apply("order_up")
        hand.apply("pass")


def test_in_round_two_the_upcard_is_not_picked_up():
    """seed 000 line 9: 'In this case, the card is not picked up from the table.'"""
    hand = act(new_hand(CLUBS_UP, W), "pass", "pass", "pass", "pass", "pass", "pass", "pass")
    hand.apply(CALL["D"])  # the dealer names diamonds
    assert (hand.trump, hand.maker) == ("D", W)
    assert sorted(hand.hands[W]) == sorted(CLUBS_UP.hands[W])
    assert "KC" not in [card for cards in hand.hands for card in cards]
    assert hand.discarded is None and hand.phase == "alone"


def test_when_all_pass_twice_the_next_dealer_deals_again():
    """seed 000 line 10: 'If all players pass again, the next player becomes the dealer and the
    cards are shuffled and dealt again.' (seed 002 line 46: 'the hand ends with no winner and
    scoring, and a new hand starts.')"""
    game = Game(RuleOptions(), seed=5)
    dealer = game.dealer
    for _ in range(8):
        game = game.apply("pass")
    assert game.hand_number == 1 and game.dealer == (dealer + 1) % 4
    assert game.score == (0, 0) and not game.is_over
    (record,) = game.history
    assert record.outcome == "all_pass" and record.points == 0 and record.scoring_team is None
    assert game.phase == "bid1" and game.to_act == (dealer + 2) % 4
    new_deal = deal_hand(5, 1)
    assert sorted(game.view(0).hand) == sorted(new_deal.hands[0])
    assert new_deal != deal_hand(5, 0)


def test_the_maker_decides_to_go_alone_once_trump_is_made():
    """seed 002 line 50: 'After the trump suit is selected - and before playing the cards - the
    player who announced can decide whether to play alone'."""
    hand = act(new_hand(CLUBS_UP, W), "pass", "pass", "pass", "pass", "pass", CALL["H"])
    assert hand.phase == "alone" and hand.to_act == E
    assert sorted(hand.legal_actions()) == ["alone", "not_alone"]
    # after an order-up the dealer discards first, then the maker decides
    hand = act(new_hand(CLUBS_UP, W), "pass", "pass", "order_up")
    assert hand.phase == "discard" and hand.to_act == W
    hand.apply(hand.legal_actions()[0])
    assert hand.phase == "alone" and hand.to_act == 2


def test_going_alone_the_partner_sits_out():
    """seed 000 line 23: 'A player can also choose to go alone. In this case, only three players
    play the round, with player's ally folding the cards and just watching.'"""
    hand = spades_named_by_north(ALONE_MAKES_THREE, alone=True)
    assert hand.maker_alone and hand.active == [True, True, False, True]
    acted = set()
    while not hand.is_over:
        acted.add(hand.to_act)
        hand.apply(hand.legal_actions()[0])
    assert acted == {0, 1, 3}
    assert all(len(trick.plays) == 3 for trick in hand.tricks)
    assert all(seat != 2 for trick in hand.tricks for seat, _ in trick.plays)
    assert len(hand.hands[2]) == 5  # the partner's cards are never played


@pytest.mark.parametrize("maker", [0, 1, 2, 3])
def test_the_player_on_a_loners_left_leads_the_first_trick(maker):
    """seed 002 line 63: 'If one player is playing alone then the person to that player's left
    plays first.' (seed 003 line 15: 'If "alone" is selected, the left player of a maker leads a
    card.')"""
    deal = rotate(ALONE_MAKES_THREE, maker)  # the maker's cards go to `maker`
    hand = new_hand(deal, W)
    act(hand, "pass", "pass", "pass", "pass")
    while hand.to_act != maker:
        hand.apply("pass")
    act(hand, CALL["S"], "alone")
    assert hand.phase == "play" and hand.leader == hand.to_act == (maker + 1) % 4
    tricks = play_tricks(hand, *ALONE_MAKES_THREE_TRICKS)
    assert tricks[0].leader == (maker + 1) % 4
    assert team_of(hand.maker) == maker % 2 and hand.outcome == "make"


def test_without_a_loner_the_maker_does_not_lead():
    """seed 002 line 62: 'If no player is playing alone then the player to the dealer's left plays
    first.' — even when the dealer's partner made trump."""
    hand = act(new_hand(MAKE_THREE, W), "pass", "pass", "pass", "pass", "pass", "pass")
    act(hand, CALL["S"], "not_alone")  # South (2) makes spades
    assert hand.leader == hand.to_act == N


def test_the_dealers_partner_may_make_trump_and_play_with_a_partner():
    """seed 001 line 64: 'In some variations of Euchre the dealer's partner can't name trump and
    play with a partner, he must play alone. We don't use that rule in this version though.'"""
    hand = act(new_hand(NORTH_SWEEPS, 2), "pass", "order_up")  # North is the dealer's partner
    assert hand.maker == N and hand.to_act == 2
    hand.apply(hand.legal_actions()[0])
    assert hand.to_act == N and "not_alone" in hand.legal_actions()
    hand.apply("not_alone")
    play_first_legal(hand)
    assert all(len(trick.plays) == 4 for trick in hand.tricks)


def test_an_explicit_deal_starts_a_hand_with_exactly_those_cards():
    """seed 000 line 5: 'players are dealt 5 cards each, with 4 cards left on the table' — a hand
    built from an explicit deal holds exactly that deal."""
    deal = Deal(hands=CLUBS_UP.hands, upcard=CLUBS_UP.upcard, kitty=CLUBS_UP.kitty)
    hand = new_hand(deal, 1)
    assert [tuple(cards) for cards in hand.hands] == list(deal.hands)
    assert hand.upcard == "KC" and tuple(hand.kitty) == ("9S", "AC", "JC")
    assert hand.dealer == 1 and hand.to_act == 2

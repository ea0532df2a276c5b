"""Two- and three-handed Euchre (seed 003) and seed 004's three-person game of seven cards, from
explicit deals: who bids and plays in which order, what is offered, the scores each player keeps,
the winner, and what each seat sees."""

from __future__ import annotations

import pytest

from games.engine import (
    DISCARD,
    PLAY,
    PRESETS,
    Game,
    GameState,
    InvalidRules,
    RuleOptions,
    deal_hand,
    first_dealer,
    preset_rules,
    rules_deck,
)

from .explicit_deals import act, cards, play_first_legal, play_tricks, plays
from .variant_deals import deal_for, hand_for, name_trump, plan_deals, rules

TWO = rules(variant="two_handed")
THREE = rules(variant="three_handed")
SEVEN = rules(variant="three_handed", hand_size=7)

# ---- two-handed: seat 0 names spades in round two (seat 1 deals, seat 0 bids and leads first) --

TWO_MAKE = deal_for(TWO, "JS JC AS 9H 9D", "KS AH KH AD QH", upcard="9C")
TWO_MAKE_TRICKS = ("JS KS", "JC AD", "AS QH", "9H AH", "KH 9D")  # seat 0 takes the first three
TWO_MARCH = deal_for(TWO, "JS JC AS KS QS", "9H TH JH QH KH", upcard="9C")
TWO_EUCHRE = deal_for(TWO, "9H TH JH QH KH", "JS JC AS KS QS", upcard="9C")


def two_handed_spades(deal, dealer: int = 1):
    hand = hand_for(TWO, deal, dealer)
    name_trump(hand, 0, "S")
    return hand


def test_two_handed_deals_five_cards_to_each_of_two_players():
    """seed 003 line 44: 'This variant is for two players. The basic rules are the same as
    Euchre.' (line 7: 'Five cards are dealt to each player. ... one card is turned over.')"""
    assert TWO.seats == 2 and TWO.scorers == 2
    assert {first_dealer(seed, TWO) for seed in range(40)} == {0, 1}
    for number in range(20):
        deal = deal_hand("two", number, TWO)
        assert [len(hand) for hand in deal.hands] == [5, 5]
        assert len(deal.kitty) == 24 - 10 - 1  # the rest of the deck is never seen
        every = [card for hand in deal.hands for card in hand] + [deal.upcard, *deal.kitty]
        assert sorted(every) == sorted(rules_deck(TWO))


@pytest.mark.parametrize("dealer", [0, 1])
def test_two_handed_bidding_alternates_from_the_dealers_opponent(dealer):
    """seed 003 line 7: 'The first bidding starts with the forehand and continues clockwise.'
    (line 9: 'If all players pass, the second bidding begins.')"""
    other = 1 - dealer
    hand = hand_for(TWO, TWO_MAKE, dealer)
    seen = []
    while not hand.is_over:
        seen.append((hand.phase, hand.to_act))
        hand.apply("pass")
    assert seen == [("bid1", other), ("bid1", dealer), ("bid2", other), ("bid2", dealer)]
    assert hand.outcome == "all_pass" and hand.points_by_scorer == [0, 0]


def test_two_handed_order_up_the_dealer_discards_and_play_starts_without_alone():
    """seed 003 line 11: 'If a trump is made during the first bidding, the dealer can exchange the
    upcard with any other card in their hand.' Reading: the maker already plays alone, so no
    'alone' is offered to anyone."""
    hand = hand_for(TWO, TWO_MAKE, dealer=1)
    act(hand, "order_up")
    assert (hand.phase, hand.to_act, hand.trump, hand.maker) == ("discard", 1, "C", 0)
    assert "9C" in hand.hands[1] and len(hand.hands[1]) == 6
    act(hand, DISCARD["QH"])
    assert hand.phase == "play" and hand.to_act == hand.leader == 0  # the dealer's opponent
    while not hand.is_over:
        assert not {"alone", "not_alone"} & set(hand.legal_actions())
        hand.apply(hand.legal_actions()[0])
    assert all(len(trick.plays) == 2 for trick in hand.tricks)


def test_two_handed_tricks_have_two_cards_and_the_winner_leads_the_next():
    """seed 000 line 12: 'The player who took the trick then plays the leading card.'"""
    hand = two_handed_spades(TWO_MAKE)
    hand.apply(PLAY["JS"])
    assert plays(hand.legal_actions()) == {"KS"}  # seat 1 must follow spades
    hand.apply(PLAY["KS"])
    play_tricks(hand, *TWO_MAKE_TRICKS[1:])
    assert [trick.leader for trick in hand.tricks] == [0, 0, 0, 0, 1]
    assert [trick.winner for trick in hand.tricks] == [0, 0, 0, 1, 1]


@pytest.mark.parametrize(
    ("deal", "tricks", "outcome", "points"),
    [
        (TWO_MAKE, TWO_MAKE_TRICKS, "make", [1, 0]),
        (TWO_MARCH, None, "march", [2, 0]),
        (TWO_EUCHRE, None, "euchre", [0, 2]),
    ],
)
def test_two_handed_scores_are_kept_per_player(deal, tricks, outcome, points):
    """seed 003 lines 29-31: '0-2 (euchre) +2' to the defenders, '3-4 +1', '5 (march) +2' to the
    makers. Without partners each player keeps their own score."""
    hand = two_handed_spades(deal)
    if tricks:
        play_tricks(hand, *tricks)
    else:
        play_first_legal(hand)
    assert (hand.outcome, hand.points_by_scorer) == (outcome, points)
    assert hand.maker == 0 and not hand.maker_alone


def test_two_handed_game_goes_to_ten_points_for_one_player(monkeypatch):
    """seed 003 line 38: 'The game ends when a team reaches 10 points' — here a player."""
    plan_deals(monkeypatch, [TWO_EUCHRE] + [TWO_MARCH] * 5)
    state = GameState(TWO, seed=3)
    scores = []
    for _ in range(6):
        assert state.winner is None
        name_trump(state, 0, "S")
        while state.hand.phase == "play":
            state.apply(state.legal_actions()[0])
        scores.append(tuple(state.scores))
    assert scores == [(0, 2), (2, 2), (4, 2), (6, 2), (8, 2), (10, 2)]
    assert state.winner == 0
    assert [record.dealer for record in state.records] == [
        (state.first_dealer + n) % 2 for n in range(6)
    ]


def test_two_handed_views_show_each_player_their_own_cards_only():
    """seed 003 line 7: 'Five cards are dealt to each player.' Each sees only their own five."""
    game = Game(TWO, seed="two-view")
    deal = deal_hand("two-view", 0, TWO)
    for seat in (0, 1):
        view = game.view(seat)
        assert sorted(view.hand) == sorted(deal.hands[seat])
        assert not set(view.hand) & set(deal.hands[1 - seat])
        assert view.seats == 2 and view.hand_sizes == (5, 5)
        assert view.score == (0, 0) and len(view.tricks_won) == 2
        assert bool(view.legal_actions) == (seat == game.to_act)
    assert game.to_act == 1 - game.dealer
    assert game.spectator_view().hand == ()


# ---- three-handed: one maker against two defenders ---------------------------------------------

THREE_MARCH = deal_for(THREE, "JS JC AS KS QS", upcard="JH")
THREE_EUCHRE = deal_for(THREE, "9H TH 9D TD 9C", "JS JC AS KS QS", upcard="JH")
THREE_MAKE = deal_for(
    THREE, "JS JC AS 9H 9D", "QS AH KH AD 9C", "KS QH TH KD TC", upcard="JH", kitty="9S TS"
)
THREE_MAKE_TRICKS = ("JS QS KS", "JC 9C TC", "AS AH QH", "9H KH TH", "AD KD 9D")


def three_handed_spades(deal, dealer: int = 2):
    hand = hand_for(THREE, deal, dealer)
    name_trump(hand, 0, "S")
    return hand


def test_three_handed_deals_five_cards_to_each_of_three_players():
    """seed 003 line 46: 'This variant is for three players. The basic rules are the same as
    Euchre.'"""
    assert THREE.seats == 3 and THREE.scorers == 3 and not THREE.partnerships
    assert {first_dealer(seed, THREE) for seed in range(40)} == {0, 1, 2}
    for number in range(20):
        deal = deal_hand("three", number, THREE)
        assert [len(hand) for hand in deal.hands] == [5, 5, 5] and len(deal.kitty) == 8
        every = [card for hand in deal.hands for card in hand] + [deal.upcard, *deal.kitty]
        assert sorted(every) == sorted(rules_deck(THREE))


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_three_handed_bids_and_tricks_go_clockwise_round_three_seats(dealer):
    """seed 003 line 7: 'The first bidding starts with the forehand and continues clockwise.'
    (line 15: 'The forehand leads a card at the opening lead. ... Players follow cards in a
    clockwise direction.')"""
    order = [(dealer + offset) % 3 for offset in (1, 2, 3)]
    hand = hand_for(THREE, THREE_MAKE, dealer)
    bidders = []
    for _ in range(3):
        bidders.append(hand.to_act)
        hand.apply("pass")
    assert bidders == order and hand.phase == "bid2" and hand.to_act == order[0]
    hand.apply("call:D")
    assert hand.phase == "play" and hand.leader == order[0]
    first_trick = play_first_legal(hand).tricks[0]
    assert [seat for seat, _ in first_trick.plays] == order


def test_three_handed_has_one_maker_against_two_defenders_and_no_alone():
    """seed 003 line 46: 'There is one maker and two defenders.'"""
    hand = hand_for(THREE, THREE_MAKE, dealer=2)
    act(hand, "pass", "order_up")  # seat 1 orders hearts up, the dealer takes the jack
    assert (hand.phase, hand.to_act) == ("discard", 2)
    act(hand, DISCARD["TC"])
    assert hand.phase == "play" and hand.active == [True, True, True]
    assert hand.makers == (1,)
    while not hand.is_over:
        assert not {"alone", "not_alone"} & set(hand.legal_actions())
        hand.apply(hand.legal_actions()[0])


@pytest.mark.parametrize(
    ("deal", "tricks", "outcome", "points"),
    [
        (THREE_MAKE, THREE_MAKE_TRICKS, "make", [1, 0, 0]),
        (THREE_MARCH, None, "march", [2, 0, 0]),
        (THREE_EUCHRE, None, "euchre", [0, 2, 2]),
    ],
)
def test_three_handed_maker_scores_alone_and_each_defender_scores_a_euchre(
    deal, tricks, outcome, points
):
    """seed 003 lines 29-31: '0-2 (euchre) +2' to the defenders, '3-4 +1', '5 (march) +2'.
    Reading: each player keeps their own score; a euchre gives 2 to EACH defender."""
    hand = three_handed_spades(deal)
    if tricks:
        play_tricks(hand, *tricks)
        assert [trick.winner for trick in hand.tricks] == [0, 0, 0, 1, 1]
    else:
        play_first_legal(hand)
    assert (hand.outcome, hand.points_by_scorer) == (outcome, points)


def test_three_handed_a_tie_at_the_top_plays_on_until_one_player_wins(monkeypatch):
    """seed 003 line 38: 'The game ends when a team reaches 10 points' — here one player. Two
    defenders reaching 10 together by one euchre are tied: nobody has won, the game goes on."""
    plan_deals(monkeypatch, [THREE_EUCHRE] * 5 + [THREE_MARCH])
    state = GameState(THREE, seed=5)
    scores = []
    for maker in (2, 2, 2, 2, 2, 0):
        assert state.winner is None
        # seat 1 holds the five best spades in THREE_EUCHRE, seat 0 in THREE_MARCH
        name_trump(state, maker, "S")
        while state.hand.phase == "play":
            state.apply(state.legal_actions()[0])
        scores.append(tuple(state.scores))
    assert scores == [(2, 2, 0), (4, 4, 0), (6, 6, 0), (8, 8, 0), (10, 10, 0), (12, 10, 0)]
    assert [record.outcome for record in state.records] == ["euchre"] * 5 + ["march"]
    assert state.winner == 0
    assert len(state.records) == 6  # the tie at 10-10 did not end the game
    game = Game(THREE, seed=5, actions=tuple(state.actions))
    assert (game.winner, game.winning_seats, game.score) == (0, (0,), (12, 10, 0))


def test_three_handed_views_keep_three_scores_and_hide_the_other_hands():
    """seed 004 line 41: 'There are no teams in this variation.' Three scores, three hands."""
    game = Game(THREE, seed="three-view")
    deal = deal_hand("three-view", 0, THREE)
    for seat in range(3):
        view = game.view(seat)
        others = {card for other, hand in enumerate(deal.hands) if other != seat for card in hand}
        assert sorted(view.hand) == sorted(deal.hands[seat]) and not set(view.hand) & others
        assert not set(view.hand) & set(deal.kitty)
        assert view.seats == 3 and view.hand_sizes == (5, 5, 5) and view.score == (0, 0, 0)


# ---- seed 004's three-person game: seven cards each ---------------------------------------------

SEVEN_MAKE = deal_for(
    SEVEN,
    "JS JC AS KS 9H 9D 9C",
    "QS TS AH KH AD KD AC",
    "9S TH QH TD QD TC KC",
    upcard="JH",
    fill=False,
)
SEVEN_MAKE_TRICKS = ("JS QS 9S", "JC TS KC", "AS KD TC", "KS AC QD", "9H AH TH", "KH QH 9D")
SEVEN_MAKE_TRICKS += ("AD TD 9C",)
SEVEN_EUCHRE = deal_for(
    SEVEN,
    "JS JC AS 9H 9D 9C TC",
    "KS QS AH KH AD KD AC",
    "9S TS TH QH TD QD KC",
    upcard="JH",
    fill=False,
)
SEVEN_EUCHRE_TRICKS = ("JS KS 9S", "JC QS TS", "AS AH TH", "9H KH QH", "AD QD 9D", "AC KC 9C")
SEVEN_EUCHRE_TRICKS += ("KD TD TC",)
SEVEN_MARCH = deal_for(SEVEN, "JS JC AS KS QS TS 9S", upcard="JH")


def test_three_person_game_deals_seven_cards_each_and_leaves_three_in_the_centre():
    """seed 004 line 41: 'Each player receives 7 cards instead of 5, leaving three cards in the
    center.' Reading: the up card and two unseen cards."""
    assert SEVEN.seats == 3 and SEVEN.hand_size == 7
    for number in range(20):
        deal = deal_hand("seven", number, SEVEN)
        assert [len(hand) for hand in deal.hands] == [7, 7, 7]
        assert len([deal.upcard, *deal.kitty]) == 3
        every = [card for hand in deal.hands for card in hand] + [deal.upcard, *deal.kitty]
        assert sorted(every) == sorted(rules_deck(SEVEN))
    assert SEVEN_MAKE.kitty == cards("JD QC")


@pytest.mark.parametrize(
    ("deal", "tricks", "winners", "outcome", "points"),
    [
        (SEVEN_MAKE, SEVEN_MAKE_TRICKS, [0, 0, 0, 0, 1, 1, 1], "make", [1, 0, 0]),
        (SEVEN_EUCHRE, SEVEN_EUCHRE_TRICKS, [0, 0, 0, 1, 1, 1, 1], "euchre", [0, 2, 2]),
        (SEVEN_MARCH, None, [0] * 7, "march", [2, 0, 0]),
    ],
)
def test_three_person_game_needs_four_of_seven_tricks(deal, tricks, winners, outcome, points):
    """seed 004 line 41: 'Trump is decided in the same way, and players must win 4 tricks to
    receive a point. Any other player can euchre the person who calls the trump suit.'
    Readings: three tricks are a euchre (2 to each other player), all seven a march (2)."""
    hand = hand_for(SEVEN, deal, dealer=2)
    name_trump(hand, 0, "S")
    assert hand.phase == "play" and hand.leader == 0
    if tricks:
        play_tricks(hand, *tricks)
    else:
        play_first_legal(hand)
    assert [trick.winner for trick in hand.tricks] == winners
    assert (hand.outcome, hand.points_by_scorer) == (outcome, points)


def test_three_person_game_the_dealer_takes_the_up_card_into_eight_and_discards():
    """seed 004 line 41: 'Trump is decided in the same way' (line 27: 'the dealer will take the
    face-up card and discard one from their hand')."""
    hand = hand_for(SEVEN, SEVEN_MAKE, dealer=2)
    act(hand, "order_up")
    assert (hand.phase, hand.to_act, len(hand.hands[2])) == ("discard", 2, 8)
    act(hand, DISCARD["TC"])
    assert hand.phase == "play" and [len(cards) for cards in hand.hands] == [7, 7, 7]
    assert SEVEN.tricks_to_make == 4


# ---- combinations refused -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"variant": "five_handed"},
            "variant must be one of 'euchre', 'two_handed', 'three_handed', 'call_ace' "
            "(not 'five_handed')",
        ),
        ({"deck": 20}, "deck must be one of 24, 28, 32 (not 20)"),
        ({"hand_size": 6, "variant": "three_handed"}, "hand_size must be one of 5, 7 (not 6)"),
        (
            {"variant": "call_ace", "defend_alone": True},
            "defend_alone needs fixed partnerships (a lone defender leaves a partner out): "
            "it is for variant 'euchre', not 'call_ace'",
        ),
        (
            {"variant": "two_handed", "robson": True},
            "robson needs fixed partnerships (Robson rules score a team's sweep): "
            "it is for variant 'euchre', not 'two_handed'",
        ),
        (
            {"hand_size": 7},
            "hand_size 7 is the seven-card three-person game: only with variant 'three_handed'",
        ),
        (
            {"variant": "call_ace", "hand_size": 7},
            "hand_size 7 is the seven-card three-person game: only with variant 'three_handed'",
        ),
        (
            {"variant": "three_handed", "hand_size": 7, "farmers_hand": True},
            "3 hands of 7, the up card and the kitty need 25 cards; a deck of 24 has 24",
        ),
        (
            {"benny": "joker", "no_trump": True},
            "benny is the highest trump: it cannot be played with no_trump",
        ),
        ({"upturned_benny": "S"}, "upturned_benny needs a benny ('joker' or 'two_of_spades')"),
        (
            {"variant": "three_handed", "renege": "forfeit"},
            "renege 'forfeit' needs one opposing side to win the game: "
            "use 'all_tricks' or 'two_points' with three-handed or call-ace",
        ),
        ({"call_ace_printed_suit": True}, "call_ace_printed_suit is only for variant 'call_ace'"),
    ],
)
def test_combinations_that_make_no_sense_are_refused_naming_the_problem(options, message):
    """seed 003 line 60: 'Sets the variant. (Two-Handed Euchre, Three-Handed Euchre, Euchre,
    Call-Ace Euchre)' — the choices are the seed's; anything else is refused with a reason."""
    with pytest.raises(InvalidRules) as refused:
        rules(**options)
    assert str(refused.value) == message
    with pytest.raises(InvalidRules):
        RuleOptions.from_dict(options)


def test_the_seven_card_game_fits_an_exchange_in_a_larger_deck():
    """seed 003 line 68: 'Sets the number of decks.' 28 cards leave room for three to swap."""
    table = rules(variant="three_handed", hand_size=7, farmers_hand=True, deck=28)
    assert len(deal_hand("fits", 0, table).kitty) == 28 - 21 - 1


def test_unknown_presets_and_options_are_refused_with_the_known_ones():
    with pytest.raises(InvalidRules, match="unknown variant 'five_handed'; the variants are: "):
        preset_rules("five_handed")
    with pytest.raises(InvalidRules, match=r"unknown rule options: seats \(known: .*variant"):
        RuleOptions.from_dict({"seats": 5})
    assert all(preset_rules(name).seats in (2, 3, 4) for name in PRESETS)

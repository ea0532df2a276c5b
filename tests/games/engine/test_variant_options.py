"""Rule options of seeds 000-004, each from the seed's own words: Robson rules, seed 003's farmer's
hand, ace no face and no ace/face/trump, going under, the Canadian loner and partner takes upcard.
(The first dealer by black jack, bad rule input and the presets: test_variant_presets.py.)"""

from __future__ import annotations

from itertools import combinations

import pytest

from games.engine import (
    BLIND_ALONE,
    DISCARD,
    REDEAL,
    SEE_HAND,
    GameState,
    HandState,
    IllegalAction,
    RuleOptions,
    exchange_action,
    go_under_action,
)
from games.engine.records import Bid

from .explicit_deals import NORTH_SWEEPS, E, N, S, W, act, make_deal, new_hand
from .option_helpers import (
    apply_all,
    deal_of,
    name_trump_in_round_two,
    plan_game,
    play_cards,
    table,
    view,
)

NS, EW = 0, 1
ROBSON = RuleOptions(robson=True)


def play_out_the_tricks(hand) -> None:
    """Each seat plays its first legal card until the tricks are over (a Robson choice may
    follow)."""
    while hand.phase == "play":
        hand.apply(hand.legal_actions()[0])


# ---- Robson rules: add or reduce after a sweep --------------------------------------------------

# North names spades (West deals, hearts turned down); East and West take every trick, and West,
# not East, takes the last one.
DEFENDERS_SWEEP = make_deal(
    north="9D TD JD QD KD",
    east="JS JC AS KS TH",
    south="9C TC QC KC AC",
    west="AH KH QH JH AD",
    upcard="9H",
)
DEFENDERS_SWEEP_TRICKS = ("KD KS 9C AD", "JS AC JH 9D", "JC KC QH TD", "AS QC KH JD", "TH TC AH QD")


def test_robson_the_makers_sweep_chooses_to_add_or_reduce():
    """seed 003 line 94: 'A team that takes all five tricks has the option of reducing or adding
    points.' — the maker chooses for the makers."""
    for choice, points in (("robson:add", [2, 0]), ("robson:reduce", [0, -2])):
        hand = new_hand(NORTH_SWEEPS, W, robson=True)
        name_trump_in_round_two(hand, N, "S")
        hand.apply("not_alone")
        play_out_the_tricks(hand)
        assert len(hand.tricks) == 5 and all(trick.winner % 2 == NS for trick in hand.tricks)
        assert (hand.phase, hand.to_act) == ("robson", N)
        assert sorted(hand.legal_actions()) == ["robson:add", "robson:reduce"]
        hand.apply(choice)
        assert hand.is_over and hand.outcome == "march"
        assert hand.points_by_scorer == points
        assert hand.record((0, 0)).robson_choice == choice[7:]


def test_robson_a_defending_sweep_is_chosen_by_the_winner_of_the_last_trick():
    """seed 003 line 94: 'A team that takes all five tricks has the option of reducing or adding
    points.' — the defenders too; West took the last trick and chooses (East, the other
    defender, took the first four)."""
    hand = new_hand(DEFENDERS_SWEEP, W, robson=True)
    name_trump_in_round_two(hand, N, "S")
    hand.apply("not_alone")
    play_cards(hand, *DEFENDERS_SWEEP_TRICKS)
    assert [trick.winner for trick in hand.tricks] == [E, E, E, E, W]
    assert (hand.phase, hand.to_act) == ("robson", W)
    hand.apply("robson:reduce")
    assert hand.outcome == "euchre" and hand.points_by_scorer == [-2, 0]


def test_robson_without_a_sweep_there_is_no_choice():
    """seed 003 line 94: the option is for 'A team that takes all five tricks' only."""
    deal = make_deal(north="JS JC AS KS 9D", east="QS AD KD QD JD", upcard="9H")
    hand = new_hand(deal, W, robson=True)
    name_trump_in_round_two(hand, N, "S")
    hand.apply("not_alone")
    play_out_the_tricks(hand)
    assert 3 <= sum(trick.winner % 2 == NS for trick in hand.tricks) < 5
    assert hand.is_over and hand.robson_choice is None and hand.points_by_scorer == [1, 0]


def test_robson_reduce_takes_the_points_off_the_opponents_never_below_zero(monkeypatch):
    """seed 003 line 94: 'the option of reducing or adding points' — reducing takes the points off
    the other team's score, which never goes below zero."""
    plan = [DEFENDERS_SWEEP, DEFENDERS_SWEEP, NORTH_SWEEPS, NORTH_SWEEPS]
    plan_game(monkeypatch, plan, dealer=W)
    state = GameState(ROBSON, seed=0)
    steps = [("not_alone", "robson:add"), ("not_alone", "robson:add")]  # East-West sweep twice
    steps += [("not_alone", "robson:reduce"), ("alone", "robson:reduce")]  # then North-South
    scores = []
    for alone, choice in steps:
        name_trump_in_round_two(state, N, "S")  # North names spades every time
        state.apply(alone)
        play_out_the_tricks(state.hand)
        assert state.hand.phase == "robson"
        state.apply(choice)
        scores.append(tuple(state.scores))
    assert scores == [(0, 2), (0, 4), (0, 2), (0, 0)]  # 4 - 2, then 2 - 4 stops at zero
    assert [record.points_by_scorer for record in state.records] == [
        (0, 2),
        (0, 2),
        (0, -2),
        (0, -4),
    ]
    assert [record.robson_choice for record in state.records] == ["add", "add", "reduce", "reduce"]


# ---- Robson rules: a jack turned up -------------------------------------------------------------

BLIND_SWEEP = make_deal(west="JD AH KH QH 9S", upcard="JH")
# West, blind alone, takes four tricks: North's ace of clubs takes the first.
BLIND_FOUR = make_deal(
    north="AC KC QC JC TC", south="9D TD QD KD AD", west="JD AH KH 9C 9S", upcard="JH"
)
BLIND_FOUR_TRICKS = ("AC 9D 9C", "KC TD JD", "JH TC QD", "AH QC KD", "KH JC AD")


def test_robson_a_jack_turned_up_the_dealer_decides_before_seeing_the_hand():
    """seed 003 line 94: 'If an upcard is a jack, the dealer can declare "alone" with the blind
    hand.' — the dealer decides first, and the dealer's view shows no card until then."""
    state = table(ROBSON, BLIND_SWEEP, W)
    assert (state.hand.phase, state.to_act) == ("blind", W)
    assert sorted(state.legal_actions()) == sorted([BLIND_ALONE, SEE_HAND])
    dealer = view(state, W)
    assert dealer.hand == () and dealer.hand_hidden and dealer.hand_sizes[W] == 5
    assert set(dealer.legal_actions) == {BLIND_ALONE, SEE_HAND}
    assert sorted(view(state, N).hand) == sorted(BLIND_SWEEP.hands[N])  # the others see theirs
    state.apply(SEE_HAND)
    assert (state.hand.phase, state.to_act) == ("bid1", N)
    assert state.hand.bids == [Bid(W, 0, SEE_HAND)] and not state.hand.blind_alone
    assert sorted(view(state, W).hand) == sorted(BLIND_SWEEP.hands[W])


def test_robson_blind_alone_takes_the_jack_and_five_points_for_all_tricks():
    """seed 003 line 94: 'the dealer can declare "alone" with the blind hand. If the dealer
    successfully takes all the tricks, five points are awarded.'"""
    state = table(ROBSON, BLIND_SWEEP, W)
    state.apply(BLIND_ALONE)
    hand = state.hand
    assert (hand.trump, hand.maker, hand.taker, hand.phase) == ("H", W, W, "discard")
    assert "JH" in hand.hands[W] and len(view(state, W).hand) == 6  # now the dealer looks
    state.apply(DISCARD["9S"])
    assert hand.blind_alone and hand.maker_alone and hand.active == [True, False, True, True]
    assert hand.phase == "play" and hand.to_act == N  # the loner's left leads
    play_out_the_tricks(hand)
    assert hand.outcome == "march" and hand.points_by_scorer == [0, 5]
    state.apply("robson:add")  # a sweep: the add/reduce choice still follows
    assert state.scores == [0, 5] and state.records[0].blind_alone


def test_robson_blind_alone_short_of_all_five_gives_the_defenders_one_point():
    """seed 003 line 94: 'If the dealer fails to take all the tricks, the defenders get one
    point.' — four tricks of five are still a failure."""
    state = table(ROBSON, BLIND_FOUR, W)
    apply_all(state, BLIND_ALONE, DISCARD["9S"])
    play_cards(state, *BLIND_FOUR_TRICKS)
    record = state.records[0]
    assert [trick.winner for trick in record.tricks] == [N, W, W, W, W]
    assert (record.outcome, record.points_by_scorer) == ("euchre", (1, 0))
    assert state.scores == [1, 0] and state.hand.number == 1


def test_robson_no_blind_decision_without_a_jack_or_without_robson():
    """seed 003 line 94: 'If an upcard is a jack' — any other up card starts the bidding, and
    without Robson rules a jack does too."""
    assert new_hand(NORTH_SWEEPS, W, robson=True).phase == "bid1"  # the nine of hearts
    assert new_hand(BLIND_SWEEP, W).phase == "bid1"
    hand = new_hand(BLIND_SWEEP, W)
    assert BLIND_ALONE not in hand.legal_actions()


# ---- seed 003: farmer's hand, ace no face, no ace/no face/no trump ------------------------------

FARMER = make_deal(north="9S TS 9H TH 9D", upcard="JH", kitty="QC KC AC")
ACE_NO_FACE = make_deal(east="AS 9C TC TD 9D", upcard="JH")
NO_TRUMP_HAND = make_deal(north="9S TS 9C TC 9D", upcard="JH")


def exchanges(actions) -> set[str]:
    return {action for action in actions if action.startswith("exchange:")}


def test_farmers_hand_may_exchange_three_cards_or_ask_a_redeal():
    """seed 003 line 98: 'Farmer's Hand is a hand without a face card, an ace and Benny. If dealt
    cards form a Farmer's Hand, the player has the option to exchange three cards or request a
    redeal.'"""
    hand = new_hand(FARMER, W, farmers_hand=True)
    expected = {exchange_action(three) for three in combinations(FARMER.hands[N], 3)}
    assert exchanges(hand.legal_actions()) == expected and len(expected) == 10
    assert {"pass", "order_up", REDEAL} <= set(hand.legal_actions())
    hand.apply("pass")  # East's hand has faces and aces: nothing to exchange
    assert sorted(hand.legal_actions()) == ["order_up", "pass"]


def test_farmers_hand_the_exchange_takes_the_kitty_and_only_that_seat_sees_it():
    """seed 003 line 54: 'If you want to exchange cards in this case, select three cards and press
    the Exchange button.' — the three unseen cards come in; only the exchanging seat sees which."""
    state = table(RuleOptions(farmers_hand=True), FARMER, W)
    state.apply(exchange_action(["9S", "TS", "9H"]))
    hand = state.hand
    assert sorted(hand.hands[N]) == sorted(["TH", "9D", "QC", "KC", "AC"])
    assert sorted(hand.kitty) == sorted(["9S", "TS", "9H"])
    assert hand.exchange == (N, "farmers_hand", ("9S", "TS", "9H"), FARMER.kitty)
    mine = view(state, N)
    assert mine.my_exchange_given == ("9S", "TS", "9H")
    assert mine.my_exchange_received == FARMER.kitty
    for seat in (E, S, W, None):
        other = view(state, seat)
        assert other.exchange_seat == N
        assert other.my_exchange_given is None and other.my_exchange_received is None
    # the exchange is not a bid: North still passes or orders up, and only once per hand
    assert (hand.phase, hand.to_act) == ("bid1", N)
    assert sorted(hand.legal_actions()) == ["order_up", "pass"]
    apply_all(state, "pass", "pass", "pass", "pass")
    assert not exchanges(state.legal_actions()) and REDEAL not in state.legal_actions()


def test_farmers_hand_a_redeal_is_dealt_again_by_the_same_dealer(monkeypatch):
    """seed 003 line 98: 'the player has the option to exchange three cards or request a
    redeal.' — the hand is thrown in, nobody scores, and the same dealer deals again."""
    plan_game(monkeypatch, [FARMER], dealer=W)
    state = GameState(RuleOptions(farmers_hand=True), seed=3)
    state.apply(REDEAL)
    record = state.records[0]
    assert (record.outcome, record.redeal_by, record.points, record.score_after) == (
        "redeal",
        N,
        0,
        (0, 0),
    )
    assert (state.hand.number, state.hand.dealer) == (1, W)
    assert state.scores == [0, 0] and state.winner is None


def test_ace_no_face_may_exchange_or_ask_a_redeal():
    """seed 003 line 102: 'Ace No Face is a hand consisting of one ace and four cards without face
    cards. If dealt cards from an Ace No Face, the player has the option to exchange three cards
    or request a redeal.'"""
    hand = act(new_hand(ACE_NO_FACE, W, ace_no_face=True), "pass")
    assert hand.to_act == E
    assert len(exchanges(hand.legal_actions())) == 10 and REDEAL in hand.legal_actions()
    hand.apply(exchange_action(["9C", "TC", "TD"]))
    assert hand.exchange.kind == "ace_no_face" and hand.exchange.received == ACE_NO_FACE.kitty
    # the farmer's hand option alone does not cover an ace no face, nor the reverse
    assert not exchanges(act(new_hand(ACE_NO_FACE, W, farmers_hand=True), "pass").legal_actions())
    assert not exchanges(new_hand(FARMER, W, ace_no_face=True).legal_actions())


@pytest.mark.parametrize(
    "east", ["AS AD 9C TC 9D", "AS 9C TC TD JD", "AS 9C TC TD QD", "AS 9C TC TD KD"]
)
def test_ace_no_face_two_aces_or_a_face_card_do_not_qualify(east):
    """seed 003 line 102: 'one ace and four cards without face cards'."""
    hand = act(new_hand(make_deal(east=east, upcard="9H"), W, ace_no_face=True), "pass")
    assert sorted(hand.legal_actions()) == ["order_up", "pass"]


def test_farmers_hand_a_benny_is_not_a_farmers_hand():
    """seed 003 line 98: 'Farmer's Hand is a hand without a face card, an ace and Benny.'"""
    rules = RuleOptions(farmers_hand=True, benny="joker")
    hand = HandState(rules, W, deal_of(rules, ["XJ 9S TS 9C TC"], "JH"))
    assert not exchanges(hand.legal_actions()) and REDEAL not in hand.legal_actions()
    farmer = HandState(rules, W, deal_of(rules, ["9H 9S TS 9C TC"], "JH"))
    assert len(exchanges(farmer.legal_actions())) == 10


def test_no_ace_no_face_no_trump_may_only_ask_a_redeal():
    """seed 003 line 106: 'If enabled and a hand lacks an ace, a face card, and a trump, the
    player has the option to request a redeal.' — trump is the suit the up card proposes."""
    hand = new_hand(NO_TRUMP_HAND, W, no_ace_no_face_no_trump=True)
    assert sorted(hand.legal_actions()) == sorted(["pass", "order_up", REDEAL])
    # in round two hearts are turned down and no trump is proposed: nothing to judge by
    passed = act(new_hand(NO_TRUMP_HAND, W, no_ace_no_face_no_trump=True), *["pass"] * 4)
    assert passed.to_act == N and REDEAL not in passed.legal_actions()
    hand.apply(REDEAL)
    assert hand.is_over and (hand.outcome, hand.redeal_by, hand.points) == ("redeal", N, 0)
    # the same cards under a proposed spade or diamond hold a trump: no redeal
    for upcard in ("JS", "KD"):
        held = make_deal(north="9S TS 9C TC 9D", upcard=upcard)
        offered = new_hand(held, W, no_ace_no_face_no_trump=True).legal_actions()
        assert sorted(offered) == ["order_up", "pass"], upcard


def test_hands_that_do_not_qualify_are_offered_nothing():
    """seed 003 lines 98-106: each option is for the hands it names; the other seats (faces or
    aces in every hand) only pass or order up, in both rounds."""
    rules = {"farmers_hand": True, "ace_no_face": True, "no_ace_no_face_no_trump": True}
    hand = new_hand(FARMER, W, **rules)
    hand.apply("pass")  # North, the farmer's hand, passes
    for _ in range(3):
        assert sorted(hand.legal_actions()) == ["order_up", "pass"], hand.to_act
        hand.apply("pass")
    hand.apply("pass")  # North again, in round two: still its exchange or redeal
    for _ in range(3):
        assert not exchanges(hand.legal_actions()) and REDEAL not in hand.legal_actions()
        hand.apply("pass")


# ---- going under (seed 000) and seed 004's farmer's hand -----------------------------------------


def test_seed_000_going_under_swaps_any_three_cards():
    """seed 000 line 19: 'If a player gets dealt a hand with three or more nines or tens, he can
    choose to go under and replace three of his cards with the three unseen cards in the kitty.'
    — any three of his cards, not seed 003's exchange. (Seed 004's farmer's call, which gives the
    nines and tens themselves: test_variant_farmers_call.py.)"""
    rules = RuleOptions(going_under=True)
    assert rules.going_under_form == "any_three" and not rules.farmers_hand
    deal = make_deal(north="9S TS 9H AD KD", upcard="JH", kitty="QC KC AC")
    hand = HandState(rules, W, deal)
    unders = [action for action in hand.legal_actions() if action.startswith("under:")]
    assert len(unders) == 10 and not exchanges(hand.legal_actions())
    hand.apply(go_under_action(["9S", "TS", "9H"]))
    assert sorted(hand.hands[N]) == sorted(["AD", "KD", "QC", "KC", "AC"])
    assert hand.went_under.received == ("QC", "KC", "AC") and hand.exchange is None
    assert not hand.went_under.shown


# ---- seed 001: the Canadian loner ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids", "maker", "forced"),
    [
        (["pass", "order_up", DISCARD["9S"]], E, True),  # the dealer's partner orders up
        (["pass"] * 5 + ["call:S"], E, True),  # ... or names trump
        (["order_up", DISCARD["9S"]], N, False),
        (["pass"] * 4 + ["call:S"], N, False),
        (["pass", "pass", "pass", "order_up", DISCARD["9S"]], W, False),  # the dealer
    ],
)
def test_the_dealers_partner_who_makes_trump_must_play_alone(bids, maker, forced):
    """seed 001 line 64: 'In some variations of Euchre the dealer's partner can't name trump and
    play with a partner, he must play alone.' (West deals: East is the dealer's partner.)"""
    deal = make_deal(west="9S TD JD QD KD", upcard="AH")
    hand = new_hand(deal, W, dealers_partner_alone=True)
    act(hand, *bids)
    assert (hand.phase, hand.to_act, hand.maker) == ("alone", maker, maker)
    assert hand.legal_actions() == (["alone"] if forced else ["alone", "not_alone"])
    if forced:
        with pytest.raises(IllegalAction, match="must play alone"):
            hand.apply("not_alone")
    without = act(new_hand(deal, W), *bids)
    assert without.legal_actions() == ["alone", "not_alone"]


# ---- seed 003: partner takes upcard -------------------------------------------------------------

UPCARD_DEAL = make_deal(south="9S TS JS QS KS", upcard="AS")


def test_partner_takes_upcard_when_a_defender_of_the_dealer_orders_it_up():
    """seed 003 line 114: 'If enabled, when a maker does not take the upcard, the partner takes
    it.' — North orders up (West deals): North's partner South picks it up and discards."""
    state = table(RuleOptions(partner_takes_upcard=True), UPCARD_DEAL, W)
    state.apply("order_up")
    hand = state.hand
    assert (hand.maker, hand.taker, hand.phase, hand.to_act) == (N, S, "discard", S)
    assert "AS" in hand.hands[S] and len(hand.hands[S]) == 6 and len(hand.hands[W]) == 5
    assert {action[8:] for action in state.legal_actions()} == {*UPCARD_DEAL.hands[S], "AS"}
    state.apply(DISCARD["9S"])
    assert (hand.phase, hand.to_act) == ("alone", N)
    for seat in (N, E, S, W, None):
        seen = view(state, seat)
        assert seen.taker == S and seen.upcard_taken
        assert seen.my_discard == ("9S" if seat == S else None)
    state.apply("alone")  # the partner who took it sits out
    assert hand.active == [True, True, False, True]


@pytest.mark.parametrize(
    ("passes", "maker", "taker"),
    [(1, E, W), (3, W, W)],  # the dealer's partner orders up: the dealer; the dealer: the dealer
)
def test_partner_takes_upcard_the_dealer_keeps_it_otherwise(passes, maker, taker):
    """seed 003 line 114: 'when a maker does not take the upcard, the partner takes it.' — when
    the maker's partner is the dealer, or the maker is the dealer, the dealer takes it."""
    hand = new_hand(UPCARD_DEAL, W, partner_takes_upcard=True)
    act(hand, *["pass"] * passes, "order_up")
    assert (hand.maker, hand.taker, hand.to_act) == (maker, taker, taker)


def test_without_partner_takes_upcard_the_dealer_takes_it():
    """seed 004 line 28: 'The face-up card always goes to the dealer if it is ordered up.'"""
    hand = act(new_hand(UPCARD_DEAL, W), "order_up")
    assert (hand.maker, hand.taker, hand.to_act) == (N, W, W)

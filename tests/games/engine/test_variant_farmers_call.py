"""Two rules read from the seeds' own words: seed 003's ace no face with the Benny in the hand,
and seed 004's farmer's call (`going_under_form="farmers_call"`), the kitchen-table preset's way
of going under: the three nines and tens themselves go, shown to the table."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from games.engine import (
    REDEAL,
    GameState,
    HandState,
    IllegalAction,
    InvalidRules,
    RuleOptions,
    exchange_action,
    go_under_action,
    preset_rules,
)
from games.engine.watch import watch_checkpoint

from .explicit_deals import E, N, S, W, make_deal
from .option_helpers import deal_of, plan_game, table, view

FARMERS_CALL = RuleOptions(going_under=True, going_under_form="farmers_call")


def unders(actions) -> set[str]:
    return {action for action in actions if action.startswith("under:")}


def exchanges(actions) -> set[str]:
    return {action for action in actions if action.startswith("exchange:")}


# ---- seed 003: ace no face, the Benny in the hand ---------------------------------------------


def test_ace_no_face_with_the_benny_is_offered_the_exchange_seed_66():
    """seed 003 line 102: 'Ace No Face is a hand consisting of one ace and four cards without face
    cards.' The Benny is no face card; line 98 names it for the farmer's hand, line 102 does not.
    Seed 66: seat 1 holds the joker, A♥, 9♥, 10♦, 10♣."""
    state = GameState(RuleOptions(ace_no_face=True, benny="joker"), 66)
    state.apply("pass", 0)
    assert state.to_act == 1
    assert sorted(state.hand.hands[1]) == sorted(["XJ", "AH", "9H", "TD", "TC"])
    legal = state.legal_actions()
    assert len(exchanges(legal)) == 10 and REDEAL in legal
    state.apply(exchange_action(["9H", "TD", "TC"]), 1)
    exchange = state.hand.exchange
    assert (exchange.seat, exchange.kind, exchange.given) == (1, "ace_no_face", ("9H", "TD", "TC"))
    assert "XJ" in state.hand.hands[1] and "AH" in state.hand.hands[1]


@pytest.mark.parametrize("benny", ["joker", "two_of_spades"])
def test_ace_no_face_the_benny_counts_as_no_face_card_but_the_ace_rule_stays(benny):
    """One ace and the Benny qualify; two aces, or a face card, still do not; the farmer's hand
    (line 98: 'without a face card, an ace and Benny') still refuses the Benny."""
    rules = RuleOptions(ace_no_face=True, benny=benny)
    card = rules.benny_card
    hand = HandState(rules, W, deal_of(rules, [f"{card} AH 9H TD TC"], "JS"))
    assert len(exchanges(hand.legal_actions())) == 10 and REDEAL in hand.legal_actions()
    for held in (f"{card} AH AD TD TC", f"{card} AH QH TD TC"):
        refused = HandState(rules, W, deal_of(rules, [held], "JS"))
        assert sorted(refused.legal_actions()) == ["order_up", "pass"], held
    farmers = RuleOptions(farmers_hand=True, benny=benny)
    hand = HandState(farmers, W, deal_of(farmers, [f"{card} 9H TH TD TC"], "JS"))
    assert sorted(hand.legal_actions()) == ["order_up", "pass"]


# ---- seed 004: the farmer's call --------------------------------------------------------------

THREE = make_deal(north="9S TS 9H AD KD", upcard="JH", kitty="QC KC AC")
SHOWN = ("9S", "TS", "9H")  # deck order, as the action spells them


def test_the_kitchen_table_preset_goes_under_by_farmers_call():
    """seed 004 line 38 is the kitchen-table game's farmer's hand; seed 000's going under (any
    three cards) stays the default form."""
    rules = preset_rules("kitchen_table")
    assert rules.going_under and rules.going_under_form == "farmers_call"
    assert RuleOptions(going_under=True).going_under_form == "any_three"


def test_a_farmers_call_gives_exactly_the_nines_and_tens():
    """seed 004 line 38: 'If a player has three 9's and 10's in their hand, they may call
    "Farmer's" and replace those three cards with the three cards in the center of the table' —
    those three, not any three (seed 000's 'replace three of his cards')."""
    hand = HandState(FARMERS_CALL, W, THREE)
    assert unders(hand.legal_actions()) == {go_under_action(SHOWN)}
    hand.apply(go_under_action(["9S", "TS", "9H"]))
    assert sorted(hand.hands[N]) == sorted(["AD", "KD", "QC", "KC", "AC"])
    assert hand.went_under == (N, SHOWN, ("QC", "KC", "AC"), True)
    assert sorted(hand.kitty) == sorted(SHOWN)
    # going under is not a bid: North still passes or orders up, once per hand
    assert (hand.phase, hand.to_act) == ("bid1", N)
    assert sorted(hand.legal_actions()) == ["order_up", "pass"]


def test_with_four_nines_and_tens_any_three_of_them_may_go():
    deal = make_deal(north="9S TS 9H TH KD", upcard="JH")
    hand = HandState(FARMERS_CALL, W, deal)
    nines_and_tens = ["9S", "TS", "9H", "TH"]
    expected = {go_under_action(three) for three in combinations(nines_and_tens, 3)}
    assert unders(hand.legal_actions()) == expected and len(expected) == 4


@pytest.mark.parametrize("named", [["9S", "TS", "AD"], ["9S", "AD", "KD"]])
def test_naming_another_card_is_refused_with_the_reason(named):
    state = table(FARMERS_CALL, THREE, W)
    with pytest.raises(IllegalAction) as refused:
        state.apply(go_under_action(named), N)
    message = str(refused.value)
    assert "Farmer's" in message and "nines and tens" in message and "AD" in message
    assert state.hand.went_under is None and state.to_act == N


def test_other_refusals_of_going_under_say_why():
    state = table(FARMERS_CALL, THREE, W)
    with pytest.raises(IllegalAction, match=r"deck order.*under:9S,TS,9H"):
        state.apply("under:TS,9S,9H", N)
    with pytest.raises(IllegalAction, match="three different cards of your hand"):
        state.apply("under:9S,TS,9C", N)
    state.apply("pass", N)
    with pytest.raises(IllegalAction, match="Going under is not allowed now"):
        state.apply(go_under_action(["9S", "TS", "9H"]), E)  # East holds no nines and tens


def test_the_cards_shown_are_in_every_view_and_the_centre_cards_only_in_the_callers():
    """seed 004: 'It is often courteous to show the cards from your hand before replacing them'
    — the table sees the three given; the three taken from the centre stay unseen."""
    state = table(FARMERS_CALL, THREE, W)
    before = view(state, E)
    assert before.under_shown is None and before.went_under_seat is None
    state.apply(go_under_action(SHOWN), N)
    caller = view(state, N)
    assert caller.under_shown == SHOWN and caller.my_under_given == SHOWN
    assert caller.my_under_received == ("QC", "KC", "AC")
    for seat in (E, S, W, None):
        other = view(state, seat)
        assert other.went_under_seat == N and other.under_shown == SHOWN
        assert other.my_under_given is None and other.my_under_received is None
        text = json.dumps(other.to_dict())
        assert all(f'"{card}"' in text for card in SHOWN)
        held = set(state.hand.hands[N]) | {"QC", "KC", "AC"}
        assert not [card for card in held if f'"{card}"' in text], seat


def test_seed_000_going_under_stays_unseen():
    state = table(RuleOptions(going_under=True), THREE, W)
    state.apply(go_under_action(["9S", "AD", "KD"]), N)  # any three of his cards
    assert state.hand.went_under.shown is False
    for seat in (E, S, W, None):
        other = view(state, seat)
        assert other.under_shown is None
        assert '"AD"' not in json.dumps(other.to_dict())


def test_the_public_record_and_the_watcher_keep_the_shown_cards_only(monkeypatch):
    plan_game(monkeypatch, [THREE], dealer=W)
    state = GameState(FARMERS_CALL, seed="farmers")
    for action in (go_under_action(SHOWN), "pass", "pass", "pass", "pass", "call:S"):
        state.apply(action, state.to_act)
    # a watcher sees the bidding once it is over (the play starts): the shown cards with it
    _, watched = watch_checkpoint(FARMERS_CALL, "farmers", state.actions)
    assert watched.under_shown is None and watched.phase == "bid1"
    state.apply("not_alone", state.to_act)
    _, watched = watch_checkpoint(FARMERS_CALL, "farmers", state.actions)
    assert watched.phase == "play" and watched.went_under_seat == N
    assert watched.under_shown == SHOWN and watched.my_under_received is None
    while not state.records:
        state.apply(state.legal_actions()[0], state.to_act)
    public = state.public_records[0].went_under
    assert public == (N, SHOWN, None, True)
    assert state.records[0].went_under.received == ("QC", "KC", "AC")
    assert state.public_records[0].to_dict()["went_under"]["shown"] is True


def test_the_farmers_call_form_needs_going_under():
    with pytest.raises(InvalidRules, match=r"going_under_form.*needs going_under"):
        RuleOptions(going_under_form="farmers_call")
    with pytest.raises(InvalidRules, match="going_under_form must be one of"):
        RuleOptions(going_under=True, going_under_form="shown")
    with pytest.raises(InvalidRules, match="choose one"):
        RuleOptions(going_under=True, going_under_form="farmers_call", ace_no_face=True)

"""Rule options, each tested off and on: going under (farmer's hand), stick the dealer, defending
alone, both teams alone, win by two, the target score, no trump, the dealer's discard of the up
card and the opening lead."""

from __future__ import annotations

from itertools import combinations

import pytest

from games.engine import (
    CALL,
    DISCARD,
    PLAY,
    SUITS,
    GameState,
    IllegalAction,
    InvalidRules,
    RuleOptions,
    can_go_under,
    go_under_action,
)
from games.engine.cards import trick_winner_index

from .explicit_deals import (
    EAST_SWEEPS,
    NORTH_SWEEPS,
    E,
    N,
    S,
    W,
    act,
    make_deal,
    new_hand,
    plan_deals,
    play_first_legal,
    play_planned_hand,
    play_tricks,
    plays,
    spades_named_by_north,
)

NS, EW = 0, 1

# North and East were dealt three nines or tens; South and West were not. West deals.
NINES_AND_TENS = make_deal(
    north="9S TS 9H AD KD",
    east="9D TD 9C AH KH",
    south="JS QS KS AS TH",
    west="QH JD QD TC JC",
    upcard="JH",
    kitty="QC KC AC",
)


def under_actions(hand) -> list[str]:
    return [action for action in hand.legal_actions() if action.startswith("under:")]


# ---- going under (farmer's hand) ---------------------------------------------------------------


def test_going_under_is_offered_to_a_hand_of_three_or_more_nines_or_tens():
    """seed 000 line 19: 'If a player gets dealt a hand with three or more nines or tens, he can
    choose to go under and replace three of his cards with the three unseen cards in the kitty.'"""
    hand = new_hand(NINES_AND_TENS, W, going_under=True)
    assert hand.to_act == N
    expected = {go_under_action(three) for three in combinations(NINES_AND_TENS.hands[N], 3)}
    assert set(under_actions(hand)) == expected and len(expected) == 10
    assert {"pass", "order_up"} <= set(hand.legal_actions())
    assert can_go_under(cards_of("9S TS 9H AD KD")) and can_go_under(cards_of("9S TS 9H TD 9D"))
    assert not can_go_under(cards_of("9S TS JH AD KD"))


def cards_of(text: str) -> tuple[str, ...]:
    return tuple(text.split())


def test_going_under_swaps_three_cards_for_the_three_unseen_kitty_cards():
    """seed 000 line 19: 'replace three of his cards with the three unseen cards in the kitty'."""
    hand = new_hand(NINES_AND_TENS, W, going_under=True)
    hand.apply(go_under_action(["9S", "TS", "9H"]))
    assert sorted(hand.hands[N]) == sorted(["AD", "KD", "QC", "KC", "AC"])
    assert sorted(hand.kitty) == sorted(["9S", "TS", "9H"])
    assert hand.upcard == "JH"  # the face-up card is not part of the swap
    assert hand.went_under == (N, ("9S", "TS", "9H"), ("QC", "KC", "AC"), False)
    # going under is not a bid: North still orders up or passes
    assert hand.to_act == N and hand.phase == "bid1"
    assert sorted(hand.legal_actions()) == ["order_up", "pass"]


def test_going_under_needs_three_nines_or_tens_counted_per_player():
    """seed 000 line 19: 'a player gets dealt a hand with three or more nines or tens' — each
    player's own hand counts, not the team's: South (whose partner North holds three) and West
    hold one ten each, and neither is offered the kitty."""
    hand = new_hand(NINES_AND_TENS, W, going_under=True)
    offered = {}
    for _ in range(8):
        offered[(hand.phase, hand.to_act)] = bool(under_actions(hand))
        hand.apply("pass")
    assert offered == {
        ("bid1", N): True, ("bid1", E): True, ("bid1", S): False, ("bid1", W): False,
        ("bid2", N): True, ("bid2", E): True, ("bid2", S): False, ("bid2", W): False,
    }  # fmt: skip


def test_going_under_only_on_your_turn_to_bid():
    """seed 000 line 19: 'Player can do so only when it's his turn to pick up the card or call the
    trump.' — never once trump is made (the discard, the alone decision, the play)."""
    hand = new_hand(NINES_AND_TENS, W, going_under=True)
    act(hand, "pass", "pass", "pass", "pass")  # nobody goes under in round one
    assert under_actions(hand)  # North may still, on its turn in round two
    act(hand, "pass", CALL["S"])  # East names spades instead
    while not hand.is_over:
        assert not under_actions(hand), hand.phase
        hand.apply(hand.legal_actions()[0])
    assert hand.went_under is None
    with pytest.raises(IllegalAction, match="Going under"):
        new_hand(NINES_AND_TENS, W, going_under=True).apply(go_under_action(["9D", "TD", "9C"]))


def test_going_under_once_the_kitty_is_taken_nobody_else_may():
    """seed 000 line 19: 'the three unseen cards in the kitty' — once a player has swapped them,
    the kitty holds that player's cards, and our tables let nobody else go under that hand."""
    hand = new_hand(NINES_AND_TENS, W, going_under=True)
    act(hand, go_under_action(["9S", "TS", "9H"]), "pass")
    assert hand.to_act == E and can_go_under(NINES_AND_TENS.hands[E])
    assert not under_actions(hand)


def test_going_under_is_recorded_for_the_player_who_went_under():
    """seed 000 line 107: 'The Undertaker  Went under 4 or more times during one game' — counted
    per player, so the hand's record names the seat that went under."""
    hand = new_hand(NINES_AND_TENS, W, going_under=True)
    act(hand, "pass", go_under_action(["9D", "TD", "9C"]), "order_up", DISCARD["QH"], "not_alone")
    play_first_legal(hand)
    record = hand.record((0, 0))
    assert record.went_under.seat == E
    assert record.went_under.given == ("9D", "TD", "9C")
    assert record.public().went_under == (E, None, None, False)


def test_going_under_is_off_by_default():
    """seed 000 line 19: 'Usage of this rule is optional.'"""
    hand = new_hand(NINES_AND_TENS, W)
    assert sorted(hand.legal_actions()) == ["order_up", "pass"]
    with pytest.raises(IllegalAction):
        hand.apply(go_under_action(["9S", "TS", "9H"]))


# ---- stick the dealer ---------------------------------------------------------------------------


def test_stick_the_dealer_the_dealer_must_name_a_suit():
    """seed 003 line 90: 'If enabled, when no one declares the trump suit, the dealer must declare
    it.' (seed 004 line 37: 'the dealer is forced to call a suit to be trump of the three remaining
    options.')"""
    hand = new_hand(NINES_AND_TENS, W, stick_the_dealer=True)
    for _ in range(4):
        assert "pass" in hand.legal_actions()  # the dealer may pass in round one
        hand.apply("pass")
    for _ in range(3):
        assert "pass" in hand.legal_actions()  # so may the others in round two
        hand.apply("pass")
    assert hand.to_act == W
    assert sorted(hand.legal_actions()) == sorted([CALL["S"], CALL["D"], CALL["C"]])
    with pytest.raises(IllegalAction, match="Stick the dealer"):
        hand.apply("pass")
    hand.apply(CALL["C"])
    assert (hand.trump, hand.maker) == ("C", W)


def test_without_stick_the_dealer_the_dealer_may_pass():
    """seed 004 line 37: '"Screw the Dealer": ... instead of the round being over' — without the
    option the round is over when the dealer passes too."""
    hand = new_hand(NINES_AND_TENS, W)
    act(hand, *["pass"] * 7)
    assert "pass" in hand.legal_actions()
    hand.apply("pass")
    assert hand.is_over and hand.outcome == "all_pass" and hand.points == 0


# ---- defending alone ----------------------------------------------------------------------------


def test_defend_alone_off_play_starts_after_the_makers_decision():
    """seed 003 line 108-110: 'Defending Alone. If enabled, defenders can declare "alone".' —
    when it is not enabled, nobody is asked."""
    hand = spades_named_by_north(EAST_SWEEPS)
    assert hand.phase == "play" and hand.lone_defender is None
    assert [role for _, role, _ in hand.alone_decisions] == ["maker"]


def test_defend_alone_each_defender_is_asked_from_the_dealers_left():
    """seed 001 line 68: 'After naming trumps, every player has the opportunity of saying that he
    wants to play alone' — the maker first, then each defender, from the dealer's left."""
    hand = new_hand(EAST_SWEEPS, W, defend_alone=True)
    act(hand, "pass", "pass", "pass", "pass", "pass", CALL["S"])  # East makes spades
    assert hand.phase == "alone" and hand.to_act == E
    hand.apply("not_alone")
    assert hand.phase == "defend" and hand.to_act == N
    assert sorted(hand.legal_actions()) == ["alone", "not_alone"]
    hand.apply("not_alone")
    assert hand.phase == "defend" and hand.to_act == S
    hand.apply("not_alone")
    assert hand.phase == "play" and hand.lone_defender is None and all(hand.active)
    assert hand.alone_decisions == [
        (E, "maker", False),
        (N, "defender", False),
        (S, "defender", False),
    ]


def test_defend_alone_the_lone_defenders_partner_sits_out():
    """seed 003 line 110: 'If enabled, defenders can declare "alone".' — the first defender to go
    alone plays without a partner, and the other defender is not asked."""
    hand = spades_named_by_north(EAST_SWEEPS, defend_alone=True)
    assert hand.phase == "defend" and hand.to_act == E
    hand.apply("alone")
    assert hand.lone_defender == E and hand.active == [True, True, True, False]
    assert hand.phase == "play"
    assert [seat for seat, _, _ in hand.alone_decisions] == [N, E]
    # without a lone maker, the player on the lone defender's left leads (seed 002 line 63)
    assert hand.to_act == S
    play_first_legal(hand)
    assert all(W not in (seat for seat, _ in trick.plays) for trick in hand.tricks)


def test_a_lone_defenders_euchre_scores_four_points():
    """seed 001 line 95: 'Defender goes alone and wins 3 or more tricks: Defendres get 4 points.'
    (seed 003 line 110: 'If the defenders win, they get four points.')"""
    hand = spades_named_by_north(EAST_SWEEPS, defend_alone=True)
    hand.apply("alone")
    play_first_legal(hand)
    assert (hand.outcome, hand.scoring_team, hand.points) == ("euchre", EW, 4)
    # the same cards with nobody defending alone: 2
    plain = play_first_legal(
        act(spades_named_by_north(EAST_SWEEPS, defend_alone=True), "not_alone", "not_alone")
    )
    assert (plain.outcome, plain.scoring_team, plain.points) == ("euchre", EW, 2)


def test_a_lone_defender_who_fails_gives_the_makers_their_usual_points():
    """seed 002 line 90: 'If a defender is playing alone ... and wins more than half of the tricks,
    the defenders score 4 points; otherwise, the scores are as above.'"""
    hand = spades_named_by_north(NORTH_SWEEPS, defend_alone=True)
    hand.apply("alone")  # East defends alone against North's five best trumps
    play_first_legal(hand)
    assert (hand.outcome, hand.scoring_team, hand.points) == ("march", NS, 2)


def test_without_defend_alone_no_defender_can_go_alone():
    """seed 003 line 110: 'If enabled, defenders can declare "alone".' (off by default)"""
    assert RuleOptions().defend_alone is False
    hand = spades_named_by_north(EAST_SWEEPS)
    assert "alone" not in hand.legal_actions() and hand.phase == "play"


# ---- both teams alone ---------------------------------------------------------------------------


def test_both_teams_alone_two_players_play_and_the_defender_leads():
    """seed 002 line 64: 'If two players are playing alone (possible in some variations of the
    game), then the defender plays first.' (seed 001 line 68: 'in which case there will only be
    two active players playing in the round.')"""
    hand = spades_named_by_north(EAST_SWEEPS, alone=True, defend_alone=True)
    hand.apply("alone")
    assert hand.maker_alone and hand.lone_defender == E
    assert hand.active == [True, True, False, False]
    assert hand.leader == hand.to_act == E
    play_first_legal(hand)
    assert all(len(trick.plays) == 2 for trick in hand.tricks)
    assert (hand.outcome, hand.scoring_team, hand.points) == ("euchre", EW, 4)


def test_both_teams_alone_a_lone_makers_march_still_scores_four():
    """seed 002 line 89: 'If a maker is playing alone and wins all the tricks, the makers score 4
    points' — also against a lone defender."""
    hand = spades_named_by_north(NORTH_SWEEPS, alone=True, defend_alone=True)
    hand.apply("alone")
    assert hand.to_act == E  # the defender leads
    play_first_legal(hand)
    assert (hand.outcome, hand.scoring_team, hand.points) == ("march", NS, 4)


# ---- win by two and the target score ------------------------------------------------------------

NINE_ALL = [(N, "lone_march"), (E, "lone_march"), (S, "lone_march"), (W, "lone_march")]
NINE_ALL += [(N, "lone_make"), (E, "lone_make")]


def test_win_by_two_ten_to_nine_does_not_win(monkeypatch):
    """seed 001 line 99: 'A team wins once it has gotten 10 points and is at least two points
    above the other team. So, if a team would get 10 and the other team had 9 the game would
    continue until the score was 11-9 (or 12-10 etc).'"""
    plan = [*NINE_ALL, (S, "lone_make"), (N, "lone_make")]
    plan_deals(monkeypatch, plan)
    state = GameState(RuleOptions(win_by_two=True), seed=0)
    for maker, kind in plan[:-1]:
        play_planned_hand(state, maker, kind)
    assert state.scores == [10, 9] and state.winner is None and state.to_act is not None
    play_planned_hand(state, *plan[-1])
    assert state.scores == [11, 9] and state.winner == NS


def test_win_by_two_twelve_to_ten(monkeypatch):
    """seed 001 line 99: 'the game would continue until the score was 11-9 (or 12-10 etc).'"""
    plan = [*NINE_ALL, (S, "lone_make"), (W, "lone_make"), (E, "lone_make"), (N, "lone_make")]
    plan += [(E, "lone_make"), (W, "lone_make")]
    plan_deals(monkeypatch, plan)
    state = GameState(RuleOptions(win_by_two=True), seed=0)
    scores = []
    for maker, kind in plan:
        assert state.winner is None
        play_planned_hand(state, maker, kind)
        scores.append(tuple(state.scores))
    assert scores[6:] == [(10, 9), (10, 10), (10, 11), (11, 11), (11, 12), (11, 13)]
    assert state.winner == EW


def test_without_win_by_two_ten_to_nine_wins(monkeypatch):
    """seed 001 line 99 describes win by two as this table's rule; without the option a team wins
    on reaching 10 (seed 004 line 34: 'The first team to reach ten points wins the game.')."""
    plan = [*NINE_ALL, (S, "lone_make")]
    plan_deals(monkeypatch, plan)
    state = GameState(RuleOptions(), seed=0)
    for maker, kind in plan:
        play_planned_hand(state, maker, kind)
    assert state.scores == [10, 9] and state.winner == NS


def test_the_target_score_sets_the_points_needed_to_win(monkeypatch):
    """seed 003 line 63-65: 'Target Score. Sets the target score.'"""
    plan = [(N, "lone_march"), (S, "lone_make")]
    plan_deals(monkeypatch, plan)
    state = GameState(RuleOptions(target_score=5), seed=0)
    play_planned_hand(state, *plan[0])
    assert state.scores == [4, 0] and state.winner is None
    play_planned_hand(state, *plan[1])
    assert state.scores == [5, 0] and state.winner == NS


def test_a_higher_target_score_plays_on_past_ten(monkeypatch):
    """seed 003 line 63-65: 'Target Score. Sets the target score.' — 12 points do not win to 15."""
    plan = [(N, "lone_march"), (S, "lone_march"), (N, "lone_march"), (S, "lone_march")]
    plan_deals(monkeypatch, plan)
    state = GameState(RuleOptions(target_score=15), seed=0)
    for maker, kind in plan[:3]:
        play_planned_hand(state, maker, kind)
    assert state.scores == [12, 0] and state.winner is None
    play_planned_hand(state, *plan[3])
    assert state.winner == NS


@pytest.mark.parametrize("target", [0, -1, 101, "10", 10.0, True, None])
def test_the_target_score_must_be_a_whole_number_from_1_to_100(target):
    """seed 003 line 63: 'Target Score' — a number of points; nonsense is refused."""
    with pytest.raises(InvalidRules):
        RuleOptions(target_score=target)


# ---- no trump -----------------------------------------------------------------------------------

NO_TRUMP_DEAL = make_deal(
    north="AS KH QD TD 9C",
    east="JS JC 9H TC AC",
    south="QS TS AH JD 9D",
    west="KS 9S JH QH KD",
    upcard="AD",
    kitty="TH QC KC",
)


def test_no_trump_may_be_named_in_round_two():
    """seed 003 line 84-86: 'No Trump. If enabled, players can select "No Trump" when declaring
    the trump suit.'"""
    hand = new_hand(NO_TRUMP_DEAL, W, no_trump=True)
    assert CALL["N"] not in hand.legal_actions()  # round one only orders up the up card
    act(hand, "pass", "pass", "pass", "pass")
    assert CALL["N"] in hand.legal_actions()
    hand.apply(CALL["N"])
    assert (hand.trump, hand.maker, hand.phase) == ("N", N, "alone")


def test_without_the_option_no_trump_cannot_be_named():
    """seed 003 line 86: 'If enabled, players can select "No Trump"' — off by default."""
    hand = act(new_hand(NO_TRUMP_DEAL, W), "pass", "pass", "pass", "pass")
    assert CALL["N"] not in hand.legal_actions()
    with pytest.raises(IllegalAction):
        hand.apply(CALL["N"])


def test_at_no_trump_there_are_no_bowers_and_the_highest_card_of_the_suit_led_wins():
    """seed 003 line 84: 'No Trump' — no suit is trump, so the jacks rank in their own suits and
    nothing beats the suit led (seed 000 line 15)."""
    hand = new_hand(NO_TRUMP_DEAL, W, no_trump=True)
    act(hand, "pass", "pass", "pass", "pass", CALL["N"], "not_alone")
    hand.apply(PLAY["AS"])
    assert plays(hand.legal_actions()) == {"JS"}  # the jack of clubs is a club
    play_tricks(hand, "JS QS KS")
    assert hand.tricks[0].winner == N  # the ace of spades beats the jack
    play_tricks(hand, "KH 9H AH JH")
    assert hand.tricks[1].winner == S
    hand.apply(PLAY["9D"])  # South leads a diamond
    play_tricks(hand, "KD TD")
    assert plays(hand.legal_actions()) == set(hand.hands[E])  # East has no diamond
    hand.apply(PLAY["AC"])
    assert hand.tricks[2].winner == W  # an ace of another suit does not take it


@pytest.mark.parametrize("suit", SUITS)
def test_at_no_trump_every_suit_ranks_ace_king_queen_jack_ten_nine(suit):
    """seed 003 line 84-86: 'If enabled, players can select "No Trump" when declaring the trump
    suit.' — then every suit is a non-trump suit, ranked as seed 000 line 3 ranks those: 'In
    non-trump suits, Ace ranks highest, followed by K, Q, J, 10, 9.' No jack is a bower."""
    order = [rank + suit for rank in "AKQJT9"]
    for high, low in combinations(order, 2):
        assert trick_winner_index([low, high], "N") == 1, (high, low)
        assert trick_winner_index([high, low], "N") == 0, (high, low)
    # the queen led keeps the trick over its own jack and the jack of the same colour
    assert trick_winner_index(["QH", "JH", "AD", "JD"], "N") == 0


# ---- the dealer's discard and the opening lead --------------------------------------------------


def test_the_dealer_may_discard_the_upcard_by_default():
    """seed 000 line 7: 'The dealer now has 6 cards, and has to discard one.' — any one of them."""
    hand = act(new_hand(NINES_AND_TENS, W), "order_up")
    assert DISCARD["JH"] in hand.legal_actions() and len(hand.legal_actions()) == 6
    hand.apply(DISCARD["JH"])
    assert hand.discarded == "JH" and "JH" not in hand.hands[W]


def test_the_dealer_may_be_made_to_keep_the_upcard():
    """seed 003 line 11: 'If a trump is made during the first bidding, the dealer can exchange the
    upcard with any other card in their hand.' (the transcripts' convention)"""
    hand = act(new_hand(NINES_AND_TENS, W, dealer_may_discard_upcard=False), "order_up")
    assert sorted(hand.legal_actions()) == sorted(DISCARD[c] for c in NINES_AND_TENS.hands[W])
    with pytest.raises(IllegalAction):
        hand.apply(DISCARD["JH"])


@pytest.mark.parametrize(
    ("dealer", "opening_lead", "leader"),
    [(W, "loner_left", E), (W, "dealer_left", N), (E, "loner_left", E), (E, "dealer_left", W)],
)
def test_the_opening_lead_option_with_a_lone_maker(dealer, opening_lead, leader):
    """seed 002 line 63: 'If one player is playing alone then the person to that player's left
    plays first.' (loner_left, our default) — or, as OpenSpiel plays it, the dealer's left
    leads, skipping the partner who sits out (dealer_left)."""
    hand = new_hand(NORTH_SWEEPS, dealer, opening_lead=opening_lead)
    act(hand, "pass", "pass", "pass", "pass")
    while hand.to_act != N:
        hand.apply("pass")
    act(hand, CALL["S"], "alone")
    assert hand.leader == hand.to_act == leader


def test_the_opening_lead_defaults_to_the_loners_left():
    """seed 002 line 63: 'If one player is playing alone then the person to that player's left
    plays first.'"""
    assert RuleOptions().opening_lead == "loner_left"
    with pytest.raises(InvalidRules):
        RuleOptions(opening_lead="dealer")


# ---- the options themselves ---------------------------------------------------------------------


def test_the_default_rules_are_the_sites_table_rules():
    """seed 000 line 19: 'Usage of this rule is optional.' — every option is off by default,
    the target is 10 (seed 000 line 21) and the dealer may discard any card (seed 000 line 7)."""
    assert RuleOptions().to_dict() == {
        "variant": "euchre",
        "deck": 24,
        "hand_size": 5,
        "benny": "none",
        "upturned_benny": "name_blind",
        "farmers_hand": False,
        "ace_no_face": False,
        "no_ace_no_face_no_trump": False,
        "dealers_partner_alone": False,
        "partner_takes_upcard": False,
        "robson": False,
        "renege": "off",
        "first_dealer": "random",
        "call_ace_printed_suit": False,
        "going_under": False,
        "going_under_form": "any_three",
        "stick_the_dealer": False,
        "defend_alone": False,
        "win_by_two": False,
        "target_score": 10,
        "no_trump": False,
        "dealer_may_discard_upcard": True,
        "opening_lead": "loner_left",
    }


def test_rule_options_round_trip_and_refuse_unknown_options():
    """seed 000 line 19: 'You can set in your profile whether you wish to play by this rule' —
    options are stored and read back exactly; unknown ones are refused."""
    rules = RuleOptions(going_under=True, stick_the_dealer=True, target_score=7)
    assert RuleOptions.from_dict(rules.to_dict()) == rules
    with pytest.raises(InvalidRules, match="unknown"):
        RuleOptions.from_dict({"farmer_hand": True})
    with pytest.raises(InvalidRules):
        RuleOptions(going_under="yes")

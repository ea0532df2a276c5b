"""The scoring table and the game to 10 (default rules)."""

from __future__ import annotations

from games.engine import GameState, RuleOptions

from .explicit_deals import (
    ALONE_MAKES_THREE,
    ALONE_MAKES_THREE_TRICKS,
    EAST_SWEEPS,
    EUCHRE_TWO,
    EUCHRE_TWO_TRICKS,
    MAKE_FOUR,
    MAKE_FOUR_TRICKS,
    MAKE_THREE,
    MAKE_THREE_TRICKS,
    NORTH_SWEEPS,
    E,
    N,
    S,
    W,
    plan_deals,
    play_first_legal,
    play_planned_hand,
    play_tricks,
    spades_named_by_north,
)

NS, EW = 0, 1  # teams: North-South, East-West


def result(hand):
    return hand.outcome, hand.scoring_team, hand.points, hand.tricks_won


def test_makers_taking_three_tricks_score_one_point():
    """seed 000 line 21: 'The team that called trump needs to take at least 3 tricks to win. If
    they took three or four tricks, they score 1 point.'"""
    hand = spades_named_by_north(MAKE_THREE)
    play_tricks(hand, *MAKE_THREE_TRICKS)
    assert result(hand) == ("make", NS, 1, [3, 2])


def test_makers_taking_four_tricks_score_one_point():
    """seed 000 line 21: 'If they took three or four tricks, they score 1 point.'"""
    hand = spades_named_by_north(MAKE_FOUR)
    play_tricks(hand, *MAKE_FOUR_TRICKS)
    assert result(hand) == ("make", NS, 1, [4, 1])


def test_makers_taking_all_five_tricks_score_two_points():
    """seed 000 line 21: 'If they took all five tricks, they score 2 points.' (the march)"""
    hand = play_first_legal(spades_named_by_north(NORTH_SWEEPS))
    assert result(hand) == ("march", NS, 2, [5, 0])
    assert {trick.winner for trick in hand.tricks} == {N}


def test_a_lone_maker_taking_all_five_tricks_scores_four_points():
    """seed 000 line 23: 'The only difference in scoring is that taking all five tricks is awarded
    with 4 points instead of just two.'"""
    hand = play_first_legal(spades_named_by_north(NORTH_SWEEPS, alone=True))
    assert hand.maker_alone
    assert result(hand) == ("march", NS, 4, [5, 0])


def test_a_lone_maker_taking_three_tricks_scores_one_point():
    """seed 001 line 92: 'Maker goes alone and wins 3 or 4 tricks: Makers get 1 point.'"""
    hand = spades_named_by_north(ALONE_MAKES_THREE, alone=True)
    play_tricks(hand, *ALONE_MAKES_THREE_TRICKS)
    assert result(hand) == ("make", NS, 1, [3, 2])


def test_euchred_makers_give_the_defenders_two_points():
    """seed 000 line 21: 'If they took less than three tricks, the opponents score 2 points.'
    (seed 003 line 29: '0-2 (euchre) +2')"""
    hand = spades_named_by_north(EUCHRE_TWO)
    play_tricks(hand, *EUCHRE_TWO_TRICKS)
    assert [trick.winner for trick in hand.tricks] == [N, N, E, E, E]
    assert result(hand) == ("euchre", EW, 2, [2, 3])


def test_makers_taking_no_trick_still_give_only_two_points():
    """seed 002 lines 94-95: 'Number of tricks won Makers' (Alone) points: Defenders' (Alone)
    points: 0 0 2 (4)' — no extra points when the makers take nothing."""
    hand = play_first_legal(spades_named_by_north(EAST_SWEEPS))
    assert result(hand) == ("euchre", EW, 2, [0, 5])


def test_a_euchred_lone_maker_gives_two_points():
    """seed 002 line 89: 'If a maker is playing alone and wins all the tricks, the makers score 4
    points; otherwise, the scores are as above.'"""
    hand = play_first_legal(spades_named_by_north(EAST_SWEEPS, alone=True))
    assert hand.maker_alone
    assert result(hand) == ("euchre", EW, 2, [0, 5])


def test_the_score_of_each_hand_is_added_to_the_teams_total(monkeypatch):
    """seed 002 line 101: 'The score of each round is added to the total score of the teams.'"""
    plan = [(N, "lone_march"), (E, "lone_make"), (S, "lone_make"), (W, "lone_march")]
    plan_deals(monkeypatch, plan)
    state = GameState(RuleOptions(), seed=0)
    totals = []
    for maker, kind in plan:
        play_planned_hand(state, maker, kind)
        totals.append(tuple(state.scores))
    assert totals == [(4, 0), (4, 1), (5, 1), (5, 5)]
    assert [record.score_after for record in state.records] == totals
    assert [record.points for record in state.records] == [4, 1, 1, 4]
    assert state.winner is None


def test_the_first_team_to_reach_ten_points_wins(monkeypatch):
    """seed 000 line 21: 'The goal of each team is to reach 10 points in a game.' (seed 004 line
    34: 'The first team to reach ten points wins the game.')"""
    plan = [(N, "lone_march"), (S, "lone_march"), (N, "lone_make"), (E, "lone_march")]
    plan += [(S, "lone_make")]
    plan_deals(monkeypatch, plan)
    state = GameState(RuleOptions(), seed=0)
    for maker, kind in plan[:-1]:
        play_planned_hand(state, maker, kind)
        assert state.winner is None  # 4-0, 8-0, 9-0, 9-4: nobody has 10 yet
    assert state.scores == [9, 4]
    play_planned_hand(state, *plan[-1])
    assert state.scores == [10, 4] and state.winner == NS
    assert state.to_act is None and state.legal_actions() == []


def test_a_team_may_pass_ten_with_its_last_hand(monkeypatch):
    """seed 002 line 101: 'The first team to reach 10 points or more is the winner of the game.'"""
    plan = [(E, "lone_march"), (W, "lone_march"), (E, "lone_march")]
    plan_deals(monkeypatch, plan)
    state = GameState(RuleOptions(), seed=0)
    for maker, kind in plan:
        play_planned_hand(state, maker, kind)
    assert state.scores == [0, 12] and state.winner == EW

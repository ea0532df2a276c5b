"""The play solver agrees with brute force (every line of play tried through the engine) on
endings of random hands, alone or not, under every trump including no trump."""

from __future__ import annotations

import random

import pytest

from games.engine import Deal, HandState, RuleOptions
from games.engine.cards import DECK, DECK_INDEX
from games.players.search.card_play import next_seats
from games.players.search.cards import tables_for, to_mask
from games.players.search.solver import PlaySolver, hand_points


def brute_force(hand: HandState, maker_team: int) -> int:
    """The makers' tricks from here with best play: the whole tree, through the engine."""
    if hand.phase == "done":
        return 0
    values = []
    for action in hand.legal_actions():
        child = hand.clone()
        before = child.tricks_won[maker_team]
        child.apply(action)
        values.append(child.tricks_won[maker_team] - before + brute_force(child, maker_team))
    return max(values) if hand.to_act % 2 == maker_team else min(values)


def random_ending(rng: random.Random, cards_played: int) -> HandState:
    """A hand in play: a random trump and maker, sometimes alone, then random cards."""
    deck = list(DECK)
    rng.shuffle(deck)
    deal = Deal(
        hands=tuple(tuple(deck[5 * seat : 5 * seat + 5]) for seat in range(4)),
        upcard=deck[20],
        kitty=tuple(deck[21:]),
    )
    hand = HandState(RuleOptions(no_trump=True, defend_alone=True), rng.randrange(4), deal)
    alone, defend = rng.random() < 0.3, rng.random() < 0.15
    while hand.phase != "play":
        legal = hand.legal_actions()
        if hand.phase == "bid1":
            action = "pass"
        elif hand.phase == "bid2":
            action = rng.choice([a for a in legal if a != "pass"])
        elif hand.phase == "alone":
            action = "alone" if alone else "not_alone"
        elif hand.phase == "defend":
            action = "alone" if defend else "not_alone"
        else:
            action = rng.choice(legal)
        hand.apply(action)
    for _ in range(cards_played):
        if hand.phase != "play":
            break
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


def solver_for(hand: HandState) -> tuple[PlaySolver, list[tuple[int, int]]]:
    sitting_out = tuple(seat for seat in range(4) if not hand.active[seat])
    masks = [to_mask(hand.hands[seat]) if hand.active[seat] else 0 for seat in range(4)]
    makers = (hand.maker, (hand.maker + 2) % 4)
    following = next_seats(4, sitting_out)
    solver = PlaySolver(tables_for(hand.trump, hand.rules), masks, following, hand.players, makers)
    trick = [
        (seat, DECK_INDEX[card])
        for seat, card in zip(hand.trick_seats, hand.trick_cards, strict=True)
    ]
    return solver, trick


@pytest.mark.parametrize("seed", range(6))
def test_the_solver_agrees_with_brute_force_on_endings(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    while checked < 25:
        hand = random_ending(rng, rng.randrange(6, 16))
        if hand.phase != "play":
            continue
        maker_team = hand.maker % 2
        solver, trick = solver_for(hand)
        expected = brute_force(hand, maker_team)
        assert solver.solve(hand.to_act, trick) == expected
        # each card on its own, exact and by null-window classes
        moves = solver_for(hand)[0].solve_moves(hand.to_act, trick)
        classes = solver_for(hand)[0].move_classes(hand.to_act, trick, (1, 2, 3))
        for index, value in moves.items():
            child = hand.clone()
            before = child.tricks_won[maker_team]
            child.apply("play:" + DECK[index])
            truth = child.tricks_won[maker_team] - before + brute_force(child, maker_team)
            assert value == truth
            assert classes[index] == sum(truth >= cut for cut in (1, 2, 3))
        checked += 1


def test_a_full_hand_is_solved_from_the_opening_lead() -> None:
    rng = random.Random(7)
    for _ in range(5):
        hand = random_ending(rng, 0)
        solver, trick = solver_for(hand)
        value = solver.solve(hand.to_act, trick)
        assert 0 <= value <= 5
        # the threshold searches agree with the exact count
        assert solver.reaches(hand.to_act, 3) == (value >= 3)
        assert solver.reaches(hand.to_act, 5) == (value >= 5)


@pytest.mark.parametrize(
    ("tricks", "alone", "lone_defender", "points"),
    [
        (5, False, False, 2),
        (5, True, False, 4),
        (4, True, False, 1),
        (3, False, False, 1),
        (2, False, False, -2),
        (0, False, True, -4),
    ],
)
def test_hand_points(tricks: int, alone: bool, lone_defender: bool, points: int) -> None:
    assert hand_points(tricks, alone, lone_defender) == points

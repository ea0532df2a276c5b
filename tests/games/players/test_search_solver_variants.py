"""The play solver in every variant: exact against brute force (every honest line of play
tried through the engine itself) on endings of two-, three- and four-seat hands, seven-card
hands, call-ace sides, the Benny and the larger decks; and the points it optimises are the
engine's own score of the hand."""

from __future__ import annotations

import random

import pytest

from games.engine import GameState, HandState, RuleOptions, preset_rules
from games.engine.cards import ALL_CARDS, DECK_INDEX
from games.engine.records import EUCHRE, MAKE, MARCH
from games.players.search.card_play import next_seats
from games.players.search.cards import tables_for, to_mask
from games.players.search.solver import PlaySolver, stakes_for

VARIANTS = {
    "two_handed": RuleOptions(variant="two_handed"),
    "three_handed": RuleOptions(variant="three_handed"),
    "three_handed_seven": RuleOptions(variant="three_handed", hand_size=7),
    "call_ace": RuleOptions(variant="call_ace"),
    "call_ace_printed": RuleOptions(variant="call_ace", call_ace_printed_suit=True, deck=28),
    "benny_joker_32": RuleOptions(benny="joker", deck=32, upturned_benny="H"),
    "two_of_spades_alone": RuleOptions(benny="two_of_spades", defend_alone=True),
    "renege_28": RuleOptions(renege="all_tricks", deck=28, no_trump=True),
}


def maker_tricks(hand: HandState) -> int:
    return sum(hand.tricks_by_seat[seat] for seat in hand.makers)


def brute_force(hand: HandState) -> int:
    """The makers' tricks from here with best play by both sides: the whole tree of honest
    plays, through the engine (a Robson choice after a sweep ends the play)."""
    if hand.phase != "play":
        return 0
    values = []
    for action in hand.honest_actions():
        child = hand.clone()
        before = maker_tricks(child)
        child.apply(action)
        values.append(maker_tricks(child) - before + brute_force(child))
    return max(values) if hand.to_act in hand.makers else min(values)


def random_ending(rules: RuleOptions, rng: random.Random, cards_left: int) -> HandState | None:
    """A hand bid and played by random honest actions (bids preferred, so that somebody makes
    trump) until each active seat holds at most `cards_left` cards."""
    state = GameState(rules, f"ending/{rng.random()}")
    hand = state.hand
    while hand.phase != "play":
        if hand.phase == "done":
            return None
        actions = hand.honest_actions()
        eager = [a for a in actions if a not in ("pass", "redeal", "see_hand")]
        hand.apply(rng.choice(eager if eager and rng.random() < 0.5 else actions))
    while hand.phase == "play" and (hand.trick_cards or len(hand.hands[hand.to_act]) > cards_left):
        hand.apply(rng.choice(hand.honest_actions()))
    return hand if hand.phase == "play" else None


def solver_for(hand: HandState) -> tuple[PlaySolver, list[tuple[int, int]]]:
    assert hand.trump is not None
    out = tuple(seat for seat in range(hand.seats) if not hand.active[seat])
    masks = [to_mask(cards) if hand.active[s] else 0 for s, cards in enumerate(hand.hands)]
    solver = PlaySolver(
        tables_for(hand.trump, hand.rules),
        masks,
        next_seats(hand.seats, out),
        hand.players,
        hand.makers,
    )
    trick = [
        (seat, DECK_INDEX[card])
        for seat, card in zip(hand.trick_seats, hand.trick_cards, strict=True)
    ]
    return solver, trick


@pytest.mark.parametrize("name", VARIANTS)
def test_the_solver_agrees_with_brute_force_in_every_variant(name: str) -> None:
    rules = VARIANTS[name]
    rng = random.Random(name)
    # seven cards to a hand: brute force through the engine stays quick from four cards each
    cards_left = 4 if rules.hand_size == 7 or rules.seats < 4 else 3
    checked = 0
    while checked < 12:
        hand = random_ending(rules, rng, cards_left)
        if hand is None:
            continue
        # a few cards into the trick, so that following and the trick so far count too
        for _ in range(rng.randrange(hand.players)):
            hand.apply(rng.choice(hand.honest_actions()))
        if hand.phase != "play":
            continue
        solver, trick = solver_for(hand)
        assert solver.solve(hand.to_act, trick) == brute_force(hand)
        classes = solver_for(hand)[0].move_classes(hand.to_act, trick, (1, 2, 3))
        for index, reached in classes.items():
            child = hand.clone()
            before = maker_tricks(child)
            child.apply("play:" + ALL_CARDS[index])
            truth = maker_tricks(child) - before + brute_force(child)
            assert reached == sum(truth >= cut for cut in (1, 2, 3))
        checked += 1


@pytest.mark.parametrize("name", ["three_handed_seven", "call_ace", "two_handed"])
def test_a_whole_hand_is_solved_from_the_opening_lead(name: str) -> None:
    """seed 004: "Each player receives 7 cards instead of 5 ... and players must win 4 tricks
    to receive a point": the null-window searches (to make, to march) agree with the exact
    count from the first lead, and the count is within the hand."""
    rules = VARIANTS[name]
    rng = random.Random(f"whole/{name}")
    solved = 0
    while solved < 3:
        hand = random_ending(rules, rng, rules.hand_size)
        if hand is None or hand.trick_cards:
            continue
        solver, _ = solver_for(hand)
        value = solver.solve(hand.to_act, [])
        assert 0 <= value <= rules.hand_size
        assert solver.reaches(hand.to_act, rules.tricks_to_make) == (value >= rules.tricks_to_make)
        assert solver.reaches(hand.to_act, rules.hand_size) == (value >= rules.hand_size)
        solved += 1


@pytest.mark.parametrize(
    "name", ["standard", "two_handed", "three_handed", "three_handed_seven", "call_ace", "robson"]
)
def test_the_stakes_are_the_engines_score_of_the_hand(name: str) -> None:
    """seed 003, three-handed: "There is one maker and two defenders"; the house reading: make
    1, march 2 to the maker, euchre 2 to EACH defender. Whatever the variant, the points the
    search gives the makers' side are the points the engine scores."""
    rules = preset_rules(name)
    rng = random.Random(name)
    outcomes = set()
    for _ in range(60):
        hand = random_ending(rules, rng, rules.hand_size)
        if hand is None:
            continue
        while hand.phase == "play":
            hand.apply(rng.choice(hand.honest_actions()))
        stakes = stakes_for(
            rules, hand.maker_alone, hand.lone_defender is not None, hand.blind_alone
        )
        value = stakes.points(maker_tricks(hand))
        scored = hand.points_by_scorer
        if hand.outcome in (MAKE, MARCH):
            assert value > 0
            for seat in hand.makers:
                assert scored[rules.scorer_of(seat)] == value
        else:
            assert hand.outcome == EUCHRE and value < 0
            for seat in range(hand.seats):
                if seat not in hand.makers:
                    assert scored[rules.scorer_of(seat)] == -value
        outcomes.add(hand.outcome)
    assert {MAKE, EUCHRE} <= outcomes

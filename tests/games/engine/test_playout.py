"""The engine's random playout (`HandState.play_out`, games/engine/playout.py) is the same hand as
random legal actions applied one by one, from any point of any hand, under any rule options."""

from __future__ import annotations

import random

from hypothesis import given, settings

from games.engine import GameState, HandState, RuleOptions
from games.engine.playout import draws_like_choice

from .random_games import choice_seeds, random_game, rule_options, seeds


def step_by_step(hand: HandState, rng: random.Random) -> None:
    """The playout's definition: a lone legal action as it is, any other drawn by `rng`."""
    while hand.to_act is not None:
        legal = hand.legal_actions()
        hand.apply(legal[0] if len(legal) == 1 else rng.choice(legal))


def state_of(hand: HandState) -> dict[str, object]:
    return {name: getattr(hand, name) for name in HandState.__slots__}


def a_hand_under_way(rules: RuleOptions, seed, choice_seed: int) -> HandState:
    """A hand of a random game, stopped after a random number of its actions (none to all)."""
    stops = random.Random(choice_seed)
    stop = stops.randrange(60)
    state: GameState | None = None
    for number, state in enumerate(random_game(rules, seed, choice_seed)):
        if number == stop or state.winner is not None:
            break
    return state.hand


@settings(max_examples=400, deadline=None)
@given(rules=rule_options(), seed=seeds, choice_seed=choice_seeds)
def test_a_playout_is_random_legal_actions_applied_one_by_one(rules, seed, choice_seed):
    hand = a_hand_under_way(rules, seed, choice_seed)
    stepped, played_out = hand.clone(), hand.clone()

    step_by_step(stepped, random.Random(choice_seed))
    played_out.play_out(random.Random(choice_seed))

    assert played_out.to_act is None
    assert state_of(played_out) == state_of(stepped)
    assert played_out.tricks == stepped.tricks


def test_the_standard_game_hand_after_hand_ends_scored_with_every_card_played():
    rules, rng = RuleOptions(stick_the_dealer=True), random.Random(3)
    game = GameState(rules, "playouts")
    outcomes = set()
    for _ in range(500):
        hand = game.hand.clone()
        hand.play_out(rng)
        outcomes.add(hand.outcome)
        assert hand.is_over
        assert sum(hand.points_by_scorer) in (1, 2, 4)
        assert len(hand.tricks) == 5
        players = [seat for seat in range(4) if hand.active[seat]]
        played = [(seat, card) for trick in hand.tricks for seat, card in trick.plays]
        assert len({card for _, card in played}) == len(played) == 5 * len(players)
        assert {seat for seat, _ in played} == set(players)
        assert all(not hand.hands[seat] for seat in players)
    assert outcomes == {"march", "make", "euchre"}


class OwnGenerator(random.Random):
    """A generator that draws from `random()` alone: its `choice` is not bits below a bound."""

    def random(self) -> float:
        return super().random()


def test_the_fast_loops_run_for_a_standard_generator_and_not_for_one_of_its_own():
    assert draws_like_choice(random.Random(1))
    assert not draws_like_choice(OwnGenerator(1))


@settings(max_examples=100, deadline=None)
@given(rules=rule_options(), seed=seeds, choice_seed=choice_seeds)
def test_a_playout_with_a_generator_of_its_own_draws_as_its_choice_does(rules, seed, choice_seed):
    hand = a_hand_under_way(rules, seed, choice_seed)
    stepped, played_out = hand.clone(), hand.clone()

    step_by_step(stepped, OwnGenerator(choice_seed))
    played_out.play_out(OwnGenerator(choice_seed))

    assert state_of(played_out) == state_of(stepped)

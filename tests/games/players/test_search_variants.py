"""The search player in every preset: its sampled deals agree with the view (deck size, Benny,
two or three seats, seven-card hands, exchanges, the called ace's holder unknown until shown),
its worlds are hands the engine itself plays on, and it plays whole games choosing only honest
actions."""

from __future__ import annotations

import functools
import random

import pytest

from games.engine import PRESETS, GameState, HandState, RuleOptions, SeatView, preset_rules
from games.engine.cards import EFFECTIVE_SUIT
from games.engine.deal import rules_deck
from games.engine.view import seat_view
from games.players import RandomPlayer
from games.players.search import SearchPlayer
from games.players.search.baseline import baseline_action
from games.players.search.bidding import world_state
from games.players.search.sampler import World, constraints_of, fitted_world, sample_worlds

# small samples: the tests check behaviour, the arena measures strength
TinySearch = functools.partial(SearchPlayer, play_samples=2, bid_samples=2)


class Baseline:
    """The search's own baseline (the rule of thumb on the honest view) as a player."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        return baseline_action(view, rules)


class Rash(RandomPlayer):
    """Bids, swaps, calls and goes alone whenever it may, plays any honest card: odd spots."""

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        honest = view.honest_actions
        eager = [a for a in honest if a not in ("pass", "not_alone", "see_hand", "redeal")]
        if view.phase != "play" and eager and self.rng.random() < 0.6:
            return self.rng.choice(eager)
        return self.rng.choice(honest)


def play_hands(rules, seed, seats, on_decision=None, hands=1):  # type: ignore[no-untyped-def]
    """The first `hands` hands of the game with this seed; `on_decision(state, seat, view)` at
    every decision with a choice, before it is made."""
    state = GameState(rules, seed)
    players = [factory(random.Random(f"{seed}/{seat}")) for seat, factory in enumerate(seats)]
    while len(state.records) < hands and state.winner is None:
        seat = state.to_act
        view = seat_view(state, seat)
        if on_decision is not None and len(view.honest_actions) > 1:
            on_decision(state, seat, view)
        action = players[seat].choose(view, rules)
        assert action in view.honest_actions, (action, view.phase)
        state.apply(action, seat)
    return state


def mixed_seats(rules: RuleOptions) -> list:
    return [Baseline, Rash, Baseline, Rash][: rules.seats]


def real_world(state: GameState, seat: int) -> World:
    """The true deal, as a world seen from `seat`."""
    hand = state.hand
    discard = hand.discarded if hand.taker is not None and hand.taker != seat else None
    return World(
        hands=tuple(tuple(cards) for cards in hand.hands),
        kitty=tuple(hand.kitty),
        discard=discard,
        partner=hand.partner,
    )


# ---- the sampled deals agree with the view, in every preset ------------------------------


def check_worlds(state: GameState, seat: int, view: SeatView, rng: random.Random) -> None:
    rules = state.rules
    constraints = constraints_of(view, rules)
    played = [card for trick in view.tricks for _, card in trick.plays]
    played += [card for _, card in view.trick]
    kitty_size = len(rules_deck(rules)) - rules.seats * rules.hand_size - 1
    for world in sample_worlds(view, rules, 3, rng):
        if view.hand_hidden:
            assert len(world.hands[seat]) == rules.hand_size
        else:
            assert world.hands[seat] == view.hand
        assert [len(cards) for cards in world.hands] == list(view.hand_sizes)
        assert len(world.kitty) == kitty_size
        everything = [card for cards in world.hands for card in cards] + [*world.kitty, *played]
        everything += [world.discard] if world.discard else []
        everything += [view.upcard] if not view.upcard_taken else []
        everything += [view.my_discard] if view.my_discard else []
        assert sorted(everything) == sorted(rules_deck(rules))  # every card exactly once
        assert set(view.my_under_given or view.my_exchange_given or ()) <= set(world.kitty)
        if view.trump is not None:
            effective = EFFECTIVE_SUIT[view.trump]
            for other, cards in enumerate(world.hands):
                assert all(effective[card] not in constraints.voids[other] for card in cards)
        if constraints.taker_holds_upcard and view.upcard not in played:
            assert view.upcard in world.hands[view.taker]
        if view.called_suit is not None:
            assert "A" + view.called_suit not in world.hands[view.maker]
            if view.partner is not None:
                assert world.partner == view.partner
    # the true deal meets the same hard facts: the constraints are not too strict
    truth = real_world(state, seat)
    places = [*truth.hands, (), (truth.discard,) if truth.discard else ()]
    for place, cards in enumerate(places):
        assert not set(cards) & constraints.forbidden[place]
    fitted = fitted_world(view, rules, constraints, truth)
    assert fitted is not None
    if view.called_suit is not None:
        assert fitted.partner == state.hand.partner  # the engine's rule, re-derived


@pytest.mark.parametrize("name", PRESETS)
def test_sampled_deals_agree_with_the_view_in_every_preset(name: str) -> None:
    rules = preset_rules(name)
    rng = random.Random(name)
    checks = 0

    def check(state: GameState, seat: int, view: SeatView) -> None:
        nonlocal checks
        check_worlds(state, seat, view, rng)
        checks += 1

    for index in range(2):
        play_hands(rules, f"sampler/{name}/{index}", mixed_seats(rules), check, hands=2)
    assert checks > 20


# ---- the worlds are hands the engine plays on ---------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_world_state_of_the_true_deal_is_the_hand_itself(name: str) -> None:
    """Built from the view and the true cards, a world's hand offers the same actions as the
    real one, and the real actions that follow lead both to the same play (makers, partner,
    leader, hands)."""
    rules = preset_rules(name)
    compared = 0
    for index in range(3):
        decisions: list[tuple[HandState, SeatView, int]] = []

        def keep(state: GameState, seat: int, view: SeatView, found: list = decisions) -> None:
            found.append((state.hand.clone(), view, seat))

        play_hands(rules, f"world/{name}/{index}", mixed_seats(rules), keep, hands=2)
        for real, view, seat in decisions:
            if view.phase in ("play", "robson"):
                continue
            fake = GameState.__new__(GameState)
            fake.hand = real
            world = world_state(view, rules, real_world(fake, seat))
            assert world.legal_actions() == real.legal_actions()
            assert world.phase == real.phase and world.to_act == real.to_act
            assert world.upcard_suit == real.upcard_suit and world.taker == real.taker
            replay_to_the_play(real, world)
            compared += 1
    assert compared > 5


def replay_to_the_play(real: HandState, world: HandState) -> None:
    """Apply the same actions to both until the play starts: the same game."""
    rng = random.Random(0)
    while real.phase not in ("play", "done"):
        action = rng.choice(real.legal_actions())
        real.apply(action)
        world.apply(action)
    assert world.phase == real.phase
    if real.phase == "play":
        assert world.makers == real.makers and world.partner == real.partner
        assert world.leader == real.leader and world.hands == real.hands
        assert world.active == real.active and world.maker_alone == real.maker_alone


# ---- whole games, honest actions only ------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_the_search_plays_whole_games_of_every_preset_honestly(name: str) -> None:
    rules = preset_rules(name, target_score=3)
    offered_reneges = 0
    for index in range(2):
        state = GameState(rules, f"whole/{name}/{index}")
        seats = [TinySearch, Rash, TinySearch, Baseline][: rules.seats]
        if index:
            seats = seats[1:] + seats[:1]
        players = [factory(random.Random(seat)) for seat, factory in enumerate(seats)]
        while state.winner is None:
            seat = state.to_act
            view = seat_view(state, seat)
            action = players[seat].choose(view, rules)
            assert action in view.honest_actions, (action, view.phase)
            offered_reneges += len(view.legal_actions) - len(view.honest_actions)
            state.apply(action, seat)
    if rules.renege != "off":
        assert offered_reneges > 0  # the engine offered reneging cards; none was chosen

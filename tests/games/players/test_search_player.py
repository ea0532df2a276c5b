"""The search player: legal in every position under every rule option, a function of its
seat's view only (scrambling the cards it cannot see changes nothing), deterministic, and its
sampled deals always agree with the view."""

from __future__ import annotations

import functools
import itertools
import random
from dataclasses import replace

import pytest

from games.engine import Deal, GameState, HandState, IllegalAction, RuleOptions, SeatView
from games.engine.cards import DECK, EFFECTIVE_SUIT
from games.engine.view import seat_view
from games.lab.simulation import describe_rules
from games.players import RandomPlayer, RuleOfThumbPlayer
from games.players.search import SearchPlayer
from games.players.search.sampler import constraints_of, sample_worlds

BOOLEAN_OPTIONS = (
    "going_under",
    "stick_the_dealer",
    "defend_alone",
    "win_by_two",
    "no_trump",
    "dealer_may_discard_upcard",
)
# small samples: the tests check behaviour, the arena measures strength
TinySearch = functools.partial(SearchPlayer, play_samples=3, bid_samples=2)


def every_rule_combination() -> list[RuleOptions]:
    combinations = []
    for values in itertools.product((False, True), repeat=len(BOOLEAN_OPTIONS)):
        for opening_lead in ("loner_left", "dealer_left"):
            options = dict(zip(BOOLEAN_OPTIONS, values, strict=True))
            combinations.append(RuleOptions(**options, opening_lead=opening_lead, target_score=5))
    return combinations


class Rash(RandomPlayer):
    """Bids, goes under and goes alone whenever it may, plays any card: odd positions."""

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        eager = [a for a in view.legal_actions if a not in ("pass", "not_alone")]
        if view.phase != "play" and eager and self.rng.random() < 0.6:
            return self.rng.choice(eager)
        return super().choose(view, rules)


def play_hand(rules: RuleOptions, seed: str, seats: list, on_decision=None) -> GameState:  # type: ignore[no-untyped-def]
    """Hand 0 of the game with this seed; `on_decision(state, seat, view, action)` is called
    at every decision."""
    state = GameState(rules, seed)
    players = [factory(random.Random(f"{seed}/{seat}")) for seat, factory in enumerate(seats)]
    while not state.records:
        seat = state.to_act
        view = seat_view(state, seat)
        action = players[seat].choose(view, rules)
        assert action in view.legal_actions, (action, view)
        if on_decision is not None:
            on_decision(state, seat, view, action)
        state.apply(action, seat)
    return state


@pytest.mark.parametrize("rules", every_rule_combination(), ids=describe_rules)
def test_never_chooses_an_illegal_action_under_any_rules(rules: RuleOptions) -> None:
    play_hand(rules, "legal", [TinySearch] * 4)
    play_hand(rules, "rash", [TinySearch, Rash, TinySearch, Rash])
    play_hand(rules, "rash2", [Rash, TinySearch, RuleOfThumbPlayer, TinySearch])


def test_legal_through_whole_games() -> None:
    rules = RuleOptions(going_under=True, defend_alone=True, no_trump=True, target_score=5)
    for index in range(2):
        state = GameState(rules, f"whole/{index}")
        players = [TinySearch(random.Random(seat)) for seat in range(4)]
        while state.winner is None:
            seat = state.to_act
            view = seat_view(state, seat)
            action = players[seat].choose(view, rules)
            assert action in view.legal_actions
            state.apply(action, seat)


# ---- it sees its view, nothing else ------------------------------------------------------


def scrambled(state: GameState, seat: int, rng: random.Random) -> GameState | None:
    """The same hand with the cards `seat` cannot see dealt differently among the other hands
    and the kitty, replayed: None when the replay breaks (a scrambled card would have had to
    follow suit) or the view differs."""
    hand = state.hand
    view = seat_view(state, seat)
    fixed = set(view.hand) | {hand.upcard}
    for trick in hand.tricks:
        fixed.update(card for _, card in trick.plays)
    fixed.update(hand.trick_cards)
    if hand.discarded is not None:
        fixed.add(hand.discarded)
    if hand.went_under is not None:
        fixed.update(hand.went_under.given)
    if hand.went_under is not None and hand.went_under.seat == seat:
        fixed.update(hand.original_kitty)
    places = [list(cards) for cards in hand.dealt] + [list(hand.original_kitty)]
    free = [card for place, cards in enumerate(places) if place != seat for card in cards]
    free = [card for card in free if card not in fixed]
    rng.shuffle(free)
    pool = iter(free)
    new_places = [
        [card if (place == seat or card in fixed) else next(pool) for card in cards]
        for place, cards in enumerate(places)
    ]
    deal = Deal(
        hands=tuple(tuple(c) for c in new_places[:4]),
        upcard=hand.upcard,
        kitty=tuple(new_places[4]),
    )
    other = GameState(state.rules, state.seed)
    other.hand = HandState(state.rules, hand.dealer, deal, hand.number)
    try:
        for action in state.actions:
            other.apply(action)
    except IllegalAction:
        return None
    if seat_view(other, seat) != view:
        return None
    return other


def positions(rules: RuleOptions, seed: str) -> list[tuple[GameState, int]]:
    """Every decision of one hand played by rule of thumb, as (a copy of the state, seat)."""
    found = []

    def keep(state: GameState, seat: int, view: SeatView, action: str) -> None:
        if len(view.legal_actions) > 1:
            found.append((state.clone(), seat))

    play_hand(rules, seed, [RuleOfThumbPlayer, Rash, RuleOfThumbPlayer, Rash], keep)
    return found


@pytest.mark.parametrize("seed", ["hidden/0", "hidden/1", "hidden/2", "hidden/3"])
def test_its_decision_depends_only_on_the_view(seed: str) -> None:
    rules = RuleOptions(going_under=True, defend_alone=True, no_trump=True)
    rng = random.Random(seed)
    compared = 0
    for state, seat in positions(rules, seed):
        other = None
        for _ in range(30):
            other = scrambled(state, seat, rng)
            if other is not None and other.hand.hands != state.hand.hands:
                break
            other = None
        if other is None:
            continue  # nothing hidden could differ here (late in the hand)
        view, other_view = seat_view(state, seat), seat_view(other, seat)
        assert view == other_view
        assert other.hand.hands != state.hand.hands  # the hidden cards really differ
        first = TinySearch(random.Random(5)).choose(view, rules)
        second = TinySearch(random.Random(5)).choose(other_view, rules)
        assert first == second
        compared += 1
    assert compared >= 5


class Guarded(SearchPlayer):
    """Fails if it is handed anything but a SeatView, or a view of another seat's turn."""

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        assert type(view) is SeatView
        assert view.seat == view.to_act and view.legal_actions
        return super().choose(view, rules)


def test_it_is_given_a_seat_view_and_reads_nothing_else() -> None:
    rules = RuleOptions(going_under=True)
    play_hand(rules, "guarded", [functools.partial(Guarded, play_samples=3, bid_samples=2)] * 4)
    # a view rebuilt field by field (no link to any game state) gets the same answer
    state = GameState(rules, "rebuilt")
    view = seat_view(state, state.to_act)
    copy = replace(view)
    assert copy == view and copy is not view
    player = TinySearch(random.Random(1))
    assert player.choose(copy, rules) == TinySearch(random.Random(1)).choose(view, rules)


def test_it_is_deterministic_for_a_fixed_seed() -> None:
    rules = RuleOptions(going_under=True, defend_alone=True)
    seen: list[tuple[SeatView, str]] = []
    play_hand(
        rules,
        "determinism",
        [TinySearch] * 4,
        lambda state, seat, view, action: seen.append((view, action)),
    )
    for view, action in seen:
        player = TinySearch(random.Random(f"determinism/{view.seat}"))
        assert player.choose(view, rules) == action


# ---- the sampled deals agree with the view ------------------------------------------------


@pytest.mark.parametrize("rules", every_rule_combination()[::9], ids=describe_rules)
def test_sampled_deals_agree_with_the_view(rules: RuleOptions) -> None:
    rng = random.Random(3)
    checks = 0

    def check(state: GameState, seat: int, view: SeatView, action: str) -> None:
        nonlocal checks
        constraints = constraints_of(view, rules)
        played = {card for trick in view.tricks for _, card in trick.plays}
        played.update(card for _, card in view.trick)
        for world in sample_worlds(view, rules, 4, rng):
            assert world.hands[seat] == view.hand
            for other in range(4):
                assert len(world.hands[other]) == view.hand_sizes[other]
            everything = [card for cards in world.hands for card in cards]
            everything += [*world.kitty, *([world.discard] if world.discard else [])]
            everything += played
            if not view.upcard_taken:
                everything.append(view.upcard)
            if view.my_discard is not None:
                everything.append(view.my_discard)
            # the cards I went under with are in the kitty, where I put them
            assert set(view.my_under_given or ()) <= set(world.kitty)
            assert sorted(everything) == sorted(DECK)  # every card exactly once
            if view.trump is not None:
                effective = EFFECTIVE_SUIT[view.trump]
                for other in range(4):
                    for card in world.hands[other]:
                        assert effective[card] not in constraints.voids[other]
            if (
                view.upcard_taken
                and seat != view.dealer
                and view.upcard not in played
                and constraints.taker_holds_upcard
            ):
                assert view.upcard in world.hands[view.dealer]
        # the real deal satisfies the same hard facts (the constraints are not too strict)
        hand = state.hand
        for other in range(4):
            if view.trump is not None:
                effective = EFFECTIVE_SUIT[view.trump]
                assert all(effective[c] not in constraints.voids[other] for c in hand.hands[other])
        checks += 1

    for index in range(6):
        play_hand(
            rules, f"sampler/{index}", [RuleOfThumbPlayer, Rash, RuleOfThumbPlayer, Rash], check
        )
    assert checks > 20

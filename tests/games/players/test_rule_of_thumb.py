"""The rule-of-thumb player: never an illegal action, sensible choices in hand-made situations,
and far stronger than a random player."""

from __future__ import annotations

import itertools
import random
from typing import NamedTuple

import pytest

from games.engine import Deal, GameState, HandState, RuleOptions, SeatView
from games.engine.cards import DECK
from games.engine.view import seat_view
from games.lab.simulation import describe_rules, play_game, simulate
from games.players import RandomPlayer, RuleOfThumbPlayer, choose_action

BOOLEAN_OPTIONS = (
    "going_under",
    "stick_the_dealer",
    "defend_alone",
    "win_by_two",
    "no_trump",
    "dealer_may_discard_upcard",
)


def every_rule_combination() -> list[RuleOptions]:
    combinations = []
    for values in itertools.product((False, True), repeat=len(BOOLEAN_OPTIONS)):
        for opening_lead in ("loner_left", "dealer_left"):
            options = dict(zip(BOOLEAN_OPTIONS, values, strict=True))
            combinations.append(RuleOptions(**options, opening_lead=opening_lead, target_score=5))
    return combinations


class CheckedRuleOfThumb(RuleOfThumbPlayer):
    """Fails the test at once, with the view, if the player chooses an illegal action."""

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        action = super().choose(view, rules)
        assert action in view.legal_actions, (action, view)
        return action


@pytest.mark.parametrize("rules", every_rule_combination(), ids=describe_rules)
def test_never_chooses_an_illegal_action_under_any_rules(rules: RuleOptions) -> None:
    # among themselves, and against random players who call and go alone with anything
    for index in range(2):
        play_game(rules, f"legal/{index}", [CheckedRuleOfThumb] * 4)
        play_game(rules, f"mixed/{index}", [CheckedRuleOfThumb, RandomPlayer] * 2)
        play_game(rules, f"mixed/{index}", [RandomPlayer, CheckedRuleOfThumb] * 2)


def test_a_rule_of_thumb_team_beats_a_random_team_by_a_wide_margin() -> None:
    rules = RuleOptions()
    as_team_0 = simulate(150, "strength", rules, players=(RuleOfThumbPlayer, RandomPlayer))
    as_team_1 = simulate(150, "strength", rules, players=(RandomPlayer, RuleOfThumbPlayer))
    wins = as_team_0.games_won[0] + as_team_1.games_won[1]
    assert wins / 300 > 0.9


class RandomCardPlay(RuleOfThumbPlayer):
    """Bids, discards and goes alone by rule of thumb, but plays any legal card."""

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        if view.phase == "play":
            assert self.rng is not None
            return self.rng.choice(view.legal_actions)
        return super().choose(view, rules)


def test_its_card_play_beats_random_card_play() -> None:
    # the bidding is the same on both sides: only the play of the cards differs
    as_team_0 = simulate(150, "card play", players=(RuleOfThumbPlayer, RandomCardPlay))
    as_team_1 = simulate(150, "card play", players=(RandomCardPlay, RuleOfThumbPlayer))
    wins = as_team_0.games_won[0] + as_team_1.games_won[1]
    assert wins / 300 > 0.75


def test_it_is_deterministic_given_the_view() -> None:
    state = GameState(RuleOptions(going_under=True), "determinism")
    players = [RuleOfThumbPlayer(random.Random(seat)) for seat in range(4)]
    while state.winner is None:
        seat = state.to_act
        view = seat_view(state, seat)
        first = players[seat].choose(view, state.rules)
        assert RuleOfThumbPlayer(random.Random(99)).choose(view, state.rules) == first
        state.apply(first, seat)


# ---- hand-made situations ----------------------------------------------------------------


def situation(
    hands: dict[int, str],
    upcard: str,
    dealer: int,
    actions: tuple[str, ...] = (),
    rules: RuleOptions | None = None,
) -> tuple[SeatView, RuleOptions]:
    """The view of the seat to act after `actions`, in a hand dealt as given. Seats left out
    of `hands` get the lowest cards nobody holds; the kitty gets the next three."""
    rules = rules or RuleOptions()
    given = {seat: cards.split() for seat, cards in hands.items()}
    spare = iter(
        card for card in DECK if card != upcard and not any(card in h for h in given.values())
    )
    dealt = tuple(tuple(given.get(seat) or [next(spare) for _ in range(5)]) for seat in range(4))
    kitty = (next(spare), next(spare), next(spare))
    state = GameState(rules, "situation")
    state.hand = HandState(rules, dealer, Deal(hands=dealt, upcard=upcard, kitty=kitty))
    for action in actions:
        state.apply(action)
    assert state.to_act is not None
    return seat_view(state, state.to_act), rules


class Case(NamedTuple):
    name: str
    hands: dict[int, str]  # the seats that matter; the others get the lowest spare cards
    upcard: str
    expected: str  # the sensible choice of the seat to act after `actions`
    actions: tuple[str, ...] = ()
    dealer: int = 0
    rules: RuleOptions = RuleOptions()


ROUND_ONE_PASSED = ("pass",) * 4
# seat 1 (or seat 2) orders the up card to the dealer, seat 0, who throws the ten of clubs;
# then seat 1, on the dealer's left, leads
SEAT_1_ORDERS_UP = ("order_up", "discard:TC", "not_alone")
SEAT_2_ORDERS_UP = ("pass", "order_up", "discard:TC", "not_alone")
UNDER = RuleOptions(going_under=True)
DEFEND = RuleOptions(defend_alone=True)

SENSIBLE_CHOICES = [
    # bidding, round one: seat 1 speaks first, the dealer (seat 0) is an opponent
    Case("orders up with both bowers and the ace", {1: "JS JC AS 9H TD"}, "KS", "order_up"),
    Case("passes with a junk hand", {1: "9H TD QC 9C KD"}, "9S", "pass"),
    Case(
        "goes under with a weak hand of nines and tens",
        {1: "9H TH 9C TC QD"},
        "KS",
        "under:9H,TH,9C",
        rules=UNDER,
    ),
    Case(
        "orders up its partner rather than go under with a strong hand",
        {1: "JS JC 9S 9H TD"},
        "AS",
        "order_up",
        ("pass",),
        dealer=3,
        rules=UNDER,
    ),
    # round two
    Case("calls its strongest suit", {1: "JD JH AD KD AC"}, "9S", "call:D", ROUND_ONE_PASSED),
    Case(
        "calls its best suit when stuck as the dealer",
        {0: "AD KD 9D 9C TH"},
        "9S",
        "call:D",
        ROUND_ONE_PASSED + ("pass",) * 3,
        rules=RuleOptions(stick_the_dealer=True),
    ),
    # the dealer's discard after picking up
    Case(
        "discards a short off-suit card rather than the trump it picked up",
        {0: "JS AS KH QH TD"},
        "9S",
        "discard:TD",
        ("order_up",),
    ),
    Case(
        "keeps a singleton ace and throws from a longer suit",
        {0: "JS QS AH 9D TD"},
        "KS",
        "discard:9D",
        ("order_up",),
    ),
    # going alone
    Case(
        "goes alone with a lay-down hand",
        {1: "JS JC AS KS AH", 0: "9C TC QC KC AC"},
        "9S",
        "alone",
        SEAT_1_ORDERS_UP[:2],
    ),
    Case(
        "plays with its partner with a merely good hand",
        {1: "JS AS 9S KH 9D", 0: "9C TC QC KC AC"},
        "TS",
        "not_alone",
        SEAT_1_ORDERS_UP[:2],
    ),
    Case(
        "defends alone with the three highest trumps",
        {1: "JH JD AH 9C 9D", 2: "KH QH TH AC AD", 0: "TC QC KC JC 9S"},
        "9H",
        "alone",
        SEAT_2_ORDERS_UP,
        rules=DEFEND,
    ),
    Case(
        "does not defend alone with two of them",
        {1: "JH JD 9S 9C 9D", 2: "KH QH TH AC AD", 0: "TC QC KC JC TS"},
        "9H",
        "not_alone",
        SEAT_2_ORDERS_UP,
        rules=DEFEND,
    ),
    # leading the first trick
    Case(
        "leads the right bower as the maker with strong trumps",
        {1: "JS AS KS AH 9D", 0: "AD KD QD JD TC"},
        "9S",
        "play:JS",
        SEAT_1_ORDERS_UP,
    ),
    Case(
        "leads an off-suit ace as a defender",
        {1: "TS AH 9H QC 9C", 2: "JS AS KS QD KD", 0: "AD JD QS 9D TC"},
        "9S",
        "play:AH",
        SEAT_2_ORDERS_UP,
    ),
    # following, last to play: seat 1 led, my partner (seat 2) and seat 3 followed
    Case(
        "takes a trick as cheaply as it can",
        {0: "AH KH AD 9C TC", 1: "QH JS AS KS QS", 2: "9H KC QC JC 9D", 3: "TH KD QD TD AC"},
        "9S",
        "play:KH",
        (*SEAT_1_ORDERS_UP, "play:QH", "play:9H", "play:TH"),
    ),
    Case(
        "trumps in with its lowest trump when void and the opponents are winning",
        {0: "JS AC AD KD TC", 1: "AH JC AS KS QS", 2: "9H KC QC 9C 9D", 3: "TH QD TD JD JH"},
        "9S",
        "play:9S",
        (*SEAT_1_ORDERS_UP, "play:AH", "play:9H", "play:TH"),
    ),
    Case(
        "throws its lowest card when it cannot win",
        {0: "KD AC 9C TS TC", 1: "AH JC AS KS QS", 2: "9H TH JH QH KH", 3: "JS QD TD AD JD"},
        "9S",
        "play:9C",
        (*SEAT_1_ORDERS_UP, "play:AH", "play:9H", "play:JS"),
    ),
    Case(
        # dealer 1 took the ten of spades; my partner (seat 2) leads the ace of hearts, seat 3
        # follows, and I (seat 0) have no heart
        "does not trump its partner's winning ace in third seat",
        {2: "AH AC QC 9C 9D", 3: "9H KD QD TD TC", 0: "9S JS KC JC AD", 1: "KS AS QS JD JH"},
        "TS",
        "play:KC",
        ("pass", "pass", "pass", "order_up", "discard:JH", "not_alone", "play:AH", "play:9H"),
        dealer=1,
    ),
]


@pytest.mark.parametrize("case", SENSIBLE_CHOICES, ids=[case.name for case in SENSIBLE_CHOICES])
def test_sensible_choice(case: Case) -> None:
    view, rules = situation(case.hands, case.upcard, case.dealer, case.actions, case.rules)
    assert case.expected in view.legal_actions and len(view.legal_actions) > 1  # a real choice
    assert choose_action(view, rules) == case.expected

"""The rule-of-thumb player (the baseline) in every variant of seeds 001-004: whole games of
every preset from honest actions only, and sensible choices in hand-made situations."""

from __future__ import annotations

import dataclasses
import random
from typing import NamedTuple

import pytest

from games.engine import (
    PRESETS,
    GameState,
    InvalidRules,
    RuleOptions,
    SeatView,
    preset_rules,
    rules_deck,
)
from games.engine.view import seat_view
from games.lab.simulation import describe_rules
from games.players import RandomPlayer, RuleOfThumbPlayer, choose_action
from games.players.knowledge import play_knowledge, view_deck
from games.players.levels import EasyPlayer
from games.players.rule_of_thumb_variants import choose_robson, sweep_points
from games.players.score_race import race_win, standing_value

from .situations import robson_sweep, situation

MAX_ACTIONS = 5000


class HonestRuleOfThumb(RuleOfThumbPlayer):
    """Fails the test at once, with the view, on any action outside `honest_actions`."""

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        action = super().choose(view, rules)
        assert action in view.honest_actions, (action, view)
        return action


def play_whole_game(rules: RuleOptions, seed: str, kinds: list) -> GameState:
    state = GameState(rules, seed)
    players = [kind(random.Random(f"{seed}/{seat}")) for seat, kind in enumerate(kinds)]
    for _ in range(MAX_ACTIONS):
        if state.winner is not None:
            return state
        seat = state.to_act
        state.apply(players[seat].choose(seat_view(state, seat), rules), seat)
    raise AssertionError(f"no winner after {MAX_ACTIONS} actions")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_plays_whole_games_of_every_preset_from_honest_actions(preset: str) -> None:
    rules = preset_rules(preset, target_score=6)
    seats = rules.seats
    # among themselves, and against random players who may renege, call and go alone anyhow
    play_whole_game(rules, f"honest/{preset}", [HonestRuleOfThumb] * seats)
    mixed = [HonestRuleOfThumb if seat % 2 == 0 else RandomPlayer for seat in range(seats)]
    play_whole_game(rules, f"mixed/{preset}", mixed)


# ---- hand-made situations ----------------------------------------------------------------


class Case(NamedTuple):
    name: str
    hands: dict[int, str]  # the seats that matter; the others get the first spare cards
    upcard: str
    expected: str  # the sensible choice of the seat to act after `actions`
    actions: tuple[str, ...] = ()
    dealer: int = 0
    rules: RuleOptions = RuleOptions()
    score: tuple[int, ...] | None = None


RENEGE = RuleOptions(renege="all_tricks")
THREE = RuleOptions(variant="three_handed")
SEVEN = RuleOptions(variant="three_handed", hand_size=7)
CALL_ACE = RuleOptions(variant="call_ace")
CANADIAN = RuleOptions(dealers_partner_alone=True)
# seat 1 orders the up card to the dealer, seat 0, who throws the ten of clubs
SEAT_1_MAKES = ("order_up", "discard:TC")

SENSIBLE_CHOICES = [
    Case(
        # seed 004: "When a player does have a card of the same suit as the first one played,
        # but does not play it, the player has reneged" - the rule lets it, a computer does not
        "follows suit with the renege rule on rather than trump the opponents' ace",
        {2: "9H KH JS AS QC", 0: "TC QD KD TS QS", 1: "AH TH 9C KC AC"},
        "9S",
        "play:9H",
        (*SEAT_1_MAKES, "not_alone", "play:AH"),
        rules=RENEGE,
    ),
    Case(
        # seed 003: "There is one maker and two defenders": the defenders play together, so a
        # defender does not trump the other defender's winning ace (seat 0 made trump)
        "three-handed: does not trump the other defender's winning ace",
        {0: "JS AS KS 9C 9D", 1: "AC KC QC TH 9H", 2: "QS AH KH QD TD"},
        "TS",
        "play:QD",
        ("order_up", "discard:TD", "play:9C", "play:AC"),
        dealer=2,
        rules=THREE,
    ),
    Case(
        # seed 004: "Each player receives 7 cards instead of 5 ... players must win 4 tricks"
        "seven cards: passes with both bowers and the ace, which would order up five cards",
        {0: "JS JC AS 9H TD 9C TC"},
        "KS",
        "pass",
        dealer=2,
        rules=SEVEN,
    ),
    Case(
        "seven cards: orders up with five trumps and an ace",
        {0: "JS JC AS KS QS 9H AD"},
        "9S",
        "order_up",
        dealer=2,
        rules=SEVEN,
    ),
    Case(
        # seed 003: "the maker chooses a suit ... The player holding the ace of the chosen
        # suit becomes the partner of the maker": the ace of trump makes a partner with a trump
        "call-ace: calls the ace of trump",
        {1: "JS JC KS 9H TD", 0: "TC QD KD AH AC"},
        "9S",
        "ace:S",
        SEAT_1_MAKES,
        rules=CALL_ACE,
    ),
    Case(
        "call-ace: holding the ace of trump, calls a side suit in which it holds a low card",
        {1: "JS AS KS 9H AD", 0: "TC QD KD AH AC"},
        "9S",
        "ace:H",
        SEAT_1_MAKES,
        rules=CALL_ACE,
    ),
    Case(
        # seed 003: 'If "alone" is selected, the maker plays without a partner.'
        "call-ace: goes alone with a lay-down hand",
        {1: "JS JC AS KS AH", 0: "TC QD KD AD AC"},
        "9S",
        "alone",
        SEAT_1_MAKES,
        rules=CALL_ACE,
    ),
    Case(
        "call-ace: the maker leads low in the called suit, to the unknown partner's ace",
        {1: "KS QS TH 9D 9C", 0: "TC QD KD AD AC"},
        "9S",
        "play:TH",
        (*SEAT_1_MAKES, "ace:H"),
        rules=CALL_ACE,
    ),
    Case(
        # seed 003: "A team that takes all five tricks ... If an upcard is a jack, the dealer
        # can declare "alone" with the blind hand": at 0-0 the gamble is not worth it
        "Robson: does not go alone blind at the start of a game",
        {},
        "JS",
        "see_hand",
        rules=RuleOptions(robson=True),
        score=(0, 0),
    ),
    Case(
        "Robson: goes alone blind when the opponents are about to win anyway",
        {},
        "JS",
        "blind_alone",
        rules=RuleOptions(robson=True),
        score=(5, 9),
    ),
    Case(
        # seed 003: "Farmer's Hand is a hand without a face card, an ace and Benny ... the
        # player has the option to exchange three cards or request a redeal"
        "farmer's hand: asks for a redeal",
        {1: "9H TH 9C TC 9D"},
        "KS",
        "redeal",
        rules=RuleOptions(farmers_hand=True),
    ),
    Case(
        # seed 003: "Ace No Face is a hand consisting of one ace and four cards without face
        # cards ... the option to exchange three cards or request a redeal"
        "ace no face: exchanges its three nines and keeps the ace",
        {1: "AH 9H 9C 9D TC"},
        "KS",
        "exchange:9H,9D,9C",
        rules=RuleOptions(ace_no_face=True),
    ),
    Case(
        # seed 000: "replace three of his cards": the three least useful, a queen among them
        "going under: gives its three least useful cards",
        {1: "9S TS 9C QD KH"},
        "AS",
        "under:9S,QD,9C",
        rules=RuleOptions(going_under=True),
    ),
    Case(
        # seed 004: call "Farmer's" and "replace those three cards": the nines and tens go
        "farmer's call: gives its nines and tens, not the queen",
        {1: "9S TS 9C QD KH"},
        "AS",
        "under:9S,TS,9C",
        rules=RuleOptions(going_under=True, going_under_form="farmers_call"),
    ),
    Case(
        # seed 003: "a hand lacks an ace, a face card, and a trump, the player has the option
        # to request a redeal"
        "no ace, no face, no trump: asks for a redeal",
        {1: "9H TH 9C TC 9D"},
        "KS",
        "redeal",
        rules=RuleOptions(no_ace_no_face_no_trump=True),
    ),
    Case(
        # seed 001: "In some variations of Euchre the dealer's partner can't name trump and play
        # with a partner, he must play alone": a good hand that is not a lone hand passes
        "Canadian loner: the dealer's partner passes a good hand it would have to play alone",
        {2: "JS AS KS 9H 9D"},
        "9S",
        "pass",
        ("pass",),
        rules=CANADIAN,
    ),
    Case(
        "Canadian loner: the dealer's partner orders up a lay-down hand",
        {2: "JS JC AS AH AD"},
        "9S",
        "order_up",
        ("pass",),
        rules=CANADIAN,
    ),
    Case(
        # seed 003: "when a maker does not take the upcard, the partner takes it": the ace goes
        # to my partner, not to the dealer
        "partner takes upcard: orders up a hand it would pass when the dealer takes it",
        {1: "JS KS 9S 9H 9D"},
        "AS",
        "order_up",
        rules=RuleOptions(partner_takes_upcard=True),
    ),
    Case(
        "partner takes upcard: without the option the same hand passes",
        {1: "JS KS 9S 9H 9D"},
        "AS",
        "pass",
    ),
    Case(
        # seed 003: "Sets Benny as the strongest card"
        "Benny: orders up with the joker and both bowers",
        {1: "XJ JS JC 9H TD"},
        "9S",
        "order_up",
        rules=RuleOptions(benny="joker"),
    ),
    Case(
        # seed 003: 'If "Dealer must play" is set, the dealer must declare the trump suit.'
        "dealer must play: names the suit its hand and the Benny make strongest",
        {0: "9H TH KH AD 9C"},
        "XJ",
        "call:H",
        rules=RuleOptions(benny="joker", upturned_benny="dealer_must_play"),
    ),
    Case(
        # seed 003: "24 (9-A), 28 (8-A) or 32 (7-A) cards": sevens and eights are trumps too
        "32 cards: orders up with both bowers and the seven and eight of trump",
        {1: "JS JC 7S 8S 7H"},
        "9S",
        "order_up",
        rules=RuleOptions(deck=32),
    ),
]


@pytest.mark.parametrize("case", SENSIBLE_CHOICES, ids=[case.name for case in SENSIBLE_CHOICES])
def test_sensible_choice(case: Case) -> None:
    view, rules, _ = situation(
        case.hands, case.upcard, case.dealer, case.actions, case.rules, case.score
    )
    assert case.expected in view.honest_actions and len(view.legal_actions) > 1  # a real choice
    assert choose_action(view, rules) == case.expected


def test_a_computer_never_reneges_even_when_the_rules_would_let_it() -> None:
    case = SENSIBLE_CHOICES[0]
    view, rules, _ = situation(case.hands, case.upcard, case.dealer, case.actions, case.rules)
    dishonest = set(view.legal_actions) - set(view.honest_actions)
    assert dishonest  # the trumps and the queen of clubs would renege
    for seed in range(40):
        assert EasyPlayer(random.Random(seed)).choose(view, rules) in view.honest_actions


def test_the_blind_dealer_sees_no_cards_and_names_a_suit() -> None:
    # seed 003's "Naming Trump (blind)": the dealer names trump before looking at the hand
    view, rules, _ = situation({}, "XJ", 0, rules=RuleOptions(benny="joker"))
    assert view.phase == "name_blind" and view.hand_hidden and view.hand == ()
    assert choose_action(view, rules) in view.honest_actions


# ---- who plays with whom -------------------------------------------------------------------


def test_two_handed_each_plays_for_itself() -> None:
    # seed 003: "This variant is for two players": no partner; after seat 1 leads, seat 0 plays
    rules = RuleOptions(variant="two_handed")
    view, rules, state = situation({1: "JS AS KS AH 9D"}, "9S", 0, ("order_up",), rules)
    state.apply(f"discard:{state.hand.hands[0][0]}")
    view = seat_view(state, state.to_act)
    assert view.seat == 1 and view.phase == "play"
    knowledge = play_knowledge(view, rules)
    assert knowledge.partners == frozenset() and knowledge.opponents == (0,)
    assert knowledge.seats_after_me() == [0]


def test_three_handed_defenders_are_partners_for_the_hand() -> None:
    case = SENSIBLE_CHOICES[1]
    view, rules, _ = situation(case.hands, case.upcard, case.dealer, case.actions, case.rules)
    knowledge = play_knowledge(view, rules)
    assert knowledge.partners == frozenset({1}) and knowledge.opponents == (0,)
    assert not knowledge.we_make


def test_call_ace_partner_is_unknown_until_shown_except_to_the_ace() -> None:
    # seat 1 makes spades and calls the ace of hearts, which seat 3 holds
    hands = {1: "KS QS TH 9D 9C", 0: "TC QD KD AD AC", 2: "TD JD QC KC JS", 3: "AH 9H JH QH KH"}
    actions = (*SEAT_1_MAKES, "ace:H")
    view, rules, state = situation(hands, "9S", 0, actions, CALL_ACE)
    maker = play_knowledge(view, rules)
    assert view.seat == 1 and view.partner is None
    assert maker.partners == frozenset() and set(maker.opponents) == {0, 2, 3}
    ace_holder = play_knowledge(seat_view(state, 3), rules)
    assert ace_holder.partners == frozenset({1}) and ace_holder.we_make
    other = play_knowledge(seat_view(state, 2), rules)
    assert other.partners == frozenset() and not other.we_make
    state.apply("play:TH")
    state.apply("play:TD")  # seat 2 has no heart
    state.apply("play:AH")  # the called ace shows: everyone knows the sides now
    other = play_knowledge(seat_view(state, 2), rules)
    assert other.partners == frozenset({0}) and set(other.opponents) == {1, 3}


def test_unseen_cards_come_from_the_tables_deck() -> None:
    rules = RuleOptions(deck=28)
    hands = {1: "JS AS KS AH 8D", 0: "TC QD KD AD AC"}
    view, rules, state = situation(hands, "9S", 0, SEAT_1_MAKES, rules)
    state.apply("not_alone")
    view = seat_view(state, 1)
    # nothing played yet, the up card taken by the dealer: every card but mine is unseen
    unseen = play_knowledge(view, rules).unseen
    assert unseen == set(rules_deck(rules)) - set(view.hand)
    assert "8H" in unseen and "7H" not in unseen
    # without the rules, the eight in my hand tells the deck
    assert view_deck(view) == rules_deck(rules)


# ---- Robson's add or reduce ----------------------------------------------------------------


def robson_view(score: tuple[int, int], maker_alone: bool = False) -> SeatView:
    view, _, _ = situation({}, "9S", 0, score=score)
    # seat 1 made trump (with its partner, seat 3) and swept: it chooses
    return dataclasses.replace(
        view, phase="robson", seat=1, to_act=1, maker=1, maker_alone=maker_alone
    )


def test_robson_reduce_when_the_opponents_are_near_the_target() -> None:
    # seed 003: "A team that takes all five tricks has the option of reducing or adding points"
    view = robson_view(score=(9, 2))
    assert sweep_points(view) == 2
    assert choose_robson(view) == "robson:reduce"


def test_robson_add_when_adding_wins_or_early_in_the_game() -> None:
    assert choose_robson(robson_view(score=(9, 8))) == "robson:add"  # 8 + 2 wins
    assert choose_robson(robson_view(score=(0, 0))) == "robson:add"
    assert sweep_points(robson_view(score=(9, 6), maker_alone=True)) == 4
    assert choose_robson(robson_view(score=(9, 6), maker_alone=True)) == "robson:add"


def test_robson_on_a_sweep_the_engine_played() -> None:
    """seed 003, Robson: "A team that takes all five tricks has the option of reducing or
    adding points." The maker who swept chooses, from its own view: reducing the others from
    9 of 10 beats adding to our 2; adding that reaches the target wins the game outright."""
    for score, expected in (((2, 9), "robson:reduce"), ((8, 9), "robson:add")):
        state = robson_sweep(score)
        view = seat_view(state, 0)
        assert (view.phase, view.to_act, view.maker) == ("robson", 0, 0)
        assert sweep_points(view) == 2
        assert choose_robson(view) == expected
        state.apply(expected, 0)
        if expected == "robson:add":
            assert state.winner == 0  # 8 + 2 reaches 10 ahead of 9
        else:
            assert state.scores == [2, 7]


def test_the_race_to_the_target_is_a_fair_race() -> None:
    """The race model Robson's choice stands on (`score_race.py`): a side that needs nothing
    more has won, a side whose opponents need nothing more has lost, each hand goes to either
    side at even odds (so the two sides' chances add up to one and one point each is a coin
    toss), and needing fewer points is better."""
    assert race_win(0, 3) == 1.0 and race_win(3, 0) == 0.0
    assert race_win(1, 1) == 0.5
    for ours, theirs in ((2, 5), (7, 1), (4, 4), (10, 9)):
        assert race_win(ours, theirs) + race_win(theirs, ours) == pytest.approx(1.0)
    assert race_win(2, 5) > race_win(3, 5) > race_win(5, 5)
    # a finished hand: a side at the target and ahead has won
    assert standing_value(10, 8, 10) == 1.0 and standing_value(8, 10, 10) == 0.0


def option_combinations() -> list[RuleOptions]:
    """Each variant with options no preset combines with it (those the rules refuse are left
    out): every upturned Benny rule, the kitty's options, stick the dealer and no trump, the
    renege readings, the larger decks."""
    variants = [
        {"variant": "euchre"},
        {"variant": "two_handed"},
        {"variant": "three_handed"},
        {"variant": "three_handed", "hand_size": 7},
        {"variant": "call_ace"},
    ]
    extras: list[dict[str, object]] = [
        {"benny": "joker", "upturned_benny": choice}
        for choice in ("S", "name_blind", "name", "dealer_must_play", "redeal")
    ]
    extras += [
        {"benny": "two_of_spades", "deck": 28, "upturned_benny": "name"},
        {"stick_the_dealer": True, "no_trump": True, "deck": 32},
        {"going_under": True, "no_ace_no_face_no_trump": True, "renege": "two_points"},
        {"farmers_hand": True, "ace_no_face": True, "renege": "all_tricks"},
        {"defend_alone": True, "robson": True, "partner_takes_upcard": True},
    ]
    combinations = []
    for variant in variants:
        for extra in extras:
            try:
                combinations.append(RuleOptions(**variant, **extra, target_score=5))
            except InvalidRules:
                continue
    return combinations


@pytest.mark.parametrize("rules", option_combinations(), ids=describe_rules)
def test_plays_whole_games_under_other_combinations_of_options(rules: RuleOptions) -> None:
    play_whole_game(rules, "combination", [HonestRuleOfThumb] * rules.seats)

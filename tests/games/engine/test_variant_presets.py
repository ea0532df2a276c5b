"""The first dealer by black jack (seed 004), bad rule input refused before anything is dealt, and
every named preset played to the end."""

from __future__ import annotations

import random
from dataclasses import fields, replace
from itertools import pairwise

import pytest

from games.engine import PRESETS, Game, GameState, InvalidRules, RuleOptions, preset_rules

from .option_helpers import view

# ---- seed 004: the first dealer by black jack ---------------------------------------------------


@pytest.mark.parametrize("variant", ["euchre", "three_handed", "two_handed"])
def test_the_first_dealer_is_the_one_dealt_the_first_black_jack(variant):
    """seed 004 line 19: 'Cards are dealt face-up around the table until a black jack is turned
    up, the person it is dealt to deals first. The deal moves clockwise around the table.'"""
    rules = RuleOptions(variant=variant, first_dealer="black_jack")
    dealers = set()
    for seed in range(12):
        state = GameState(rules, seed)
        draw = view(state, 0).dealer_draw
        seats = [seat for seat, _ in draw]
        turned = [card for _, card in draw]
        assert turned[-1] in ("JS", "JC") and not {"JS", "JC"} & set(turned[:-1])
        assert len(set(turned)) == len(turned)
        assert all(later == (earlier + 1) % rules.seats for earlier, later in pairwise(seats))
        assert state.hand.dealer == seats[-1]
        for seat in (*range(rules.seats), None):  # turned face up: everyone saw them
            assert view(state, seat).dealer_draw == draw
        dealers.add(seats[-1])
        while state.hand.number == 0:  # the deal moves clockwise
            state.apply(state.legal_actions()[0])
        assert state.hand.dealer == (seats[-1] + 1) % rules.seats
    assert len(dealers) > 1
    assert view(GameState(RuleOptions(), 0), 0).dealer_draw == ()


# ---- bad input ----------------------------------------------------------------------------------

OPTION_NAMES = [option.name for option in fields(RuleOptions)]


def test_an_unknown_option_is_refused_naming_it_and_every_known_option():
    """Issue 19: 'an unknown option ... is refused with a message naming the problem and the valid
    choices'."""
    with pytest.raises(InvalidRules) as refused:
        RuleOptions.from_dict({"robsons": True, "variant": "euchre"})
    message = str(refused.value)
    assert "unknown rule options: robsons" in message
    assert all(name in message for name in OPTION_NAMES)


def test_a_preset_that_does_not_exist_is_refused_naming_every_preset():
    """Issue 19: 'a preset name that does not exist ... is refused with a message naming the
    problem and the valid choices'."""
    with pytest.raises(InvalidRules) as refused:
        preset_rules("nope")
    message = str(refused.value)
    assert "'nope'" in message and all(name in message for name in PRESETS)


@pytest.mark.parametrize(
    ("option", "value", "choices"),
    [
        ("variant", "four_handed", ["'euchre'", "'two_handed'", "'three_handed'", "'call_ace'"]),
        ("deck", 36, ["24", "28", "32"]),
        ("hand_size", 6, ["5", "7"]),
        ("benny", "queen", ["'none'", "'joker'", "'two_of_spades'"]),
        ("renege", "sometimes", ["'off'", "'all_tricks'", "'two_points'", "'forfeit'"]),
        ("first_dealer", "high_card", ["'random'", "'black_jack'"]),
        ("upturned_benny", "spades", ["'S'", "'name_blind'", "'dealer_must_play'", "'redeal'"]),
        ("robson", "yes", ["true or false"]),
        ("target_score", 0, ["1 to 100"]),
    ],
)
def test_an_unknown_value_is_refused_naming_the_valid_choices(option, value, choices):
    """seed 003 lines 60-82 list each setting's choices; anything else is refused, by name."""
    with pytest.raises(InvalidRules) as refused:
        RuleOptions.from_dict({option: value})
    message = str(refused.value)
    assert option in message and all(choice in message for choice in choices)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"variant": "three_handed", "robson": True}, ["robson", "'euchre'", "'three_handed'"]),
        ({"variant": "two_handed", "defend_alone": True}, ["defend_alone", "'euchre'"]),
        ({"variant": "call_ace", "partner_takes_upcard": True}, ["partner_takes_upcard"]),
        ({"variant": "three_handed", "dealers_partner_alone": True}, ["dealers_partner_alone"]),
        ({"hand_size": 7}, ["hand_size 7", "'three_handed'"]),
        ({"benny": "joker", "no_trump": True}, ["benny", "no_trump"]),
        ({"upturned_benny": "S"}, ["upturned_benny", "'joker'", "'two_of_spades'"]),
        (
            {"variant": "call_ace", "renege": "forfeit"},
            ["'forfeit'", "'all_tricks'", "'two_points'"],
        ),
        ({"variant": "three_handed", "renege": "forfeit"}, ["'forfeit'", "three-handed"]),
        ({"going_under": True, "ace_no_face": True}, ["going_under", "ace_no_face", "choose one"]),
        ({"call_ace_printed_suit": True}, ["call_ace_printed_suit", "'call_ace'"]),
        (
            {"variant": "three_handed", "hand_size": 7, "farmers_hand": True},
            ["need 25 cards", "deck of 24 has 24"],
        ),
    ],
)
def test_an_impossible_combination_is_refused_and_nothing_is_dealt(monkeypatch, options, named):
    """Issue 19: 'an impossible combination is refused with a message naming the problem and the
    valid choices; nothing is dealt.'"""
    import games.engine.game as game_module

    dealt = []
    monkeypatch.setattr(game_module, "deal_hand", lambda *args: dealt.append(args))
    for build in (
        lambda: RuleOptions.from_dict(options),
        lambda: replace(RuleOptions(), **options),
        lambda: Game(RuleOptions(**options), seed=1),
        lambda: preset_rules("standard", **options),
    ):
        with pytest.raises(InvalidRules) as refused:
            build()
        assert all(part in str(refused.value) for part in named), str(refused.value)
    assert dealt == []


def test_going_under_and_the_seed_003_exchanges_are_one_or_the_other():
    """seed 000 line 19 and seed 003 line 98 both 'replace three of his cards with the three
    unseen cards in the kitty': a table chooses one."""
    for option in ("farmers_hand", "ace_no_face"):
        with pytest.raises(InvalidRules, match=f"going_under.*{option}"):
            RuleOptions(going_under=True, **{option: True})
    assert RuleOptions(going_under=True, no_ace_no_face_no_trump=True).going_under


def test_a_preset_with_an_impossible_override_is_refused():
    """Issue 19: 'an impossible combination is refused' — also a preset's own options with an
    override that contradicts them (the Robson rules score a partnership's sweep)."""
    with pytest.raises(InvalidRules, match="robson needs fixed partnerships"):
        preset_rules("robson", variant="two_handed")
    assert preset_rules("robson", target_score=5) == RuleOptions(robson=True, target_score=5)


# ---- every preset plays -----------------------------------------------------------------------


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_builds_and_plays_a_game_to_the_end(name):
    """seed 003 line 60: 'Sets the variant.' — each named game is its options, and a game of it
    is played to the end by honest random players."""
    rules = preset_rules(name)
    assert {option: getattr(rules, option) for option in PRESETS[name]} == PRESETS[name]
    chooser, state = random.Random(name), GameState(rules, seed=name)
    for _ in range(5000):
        if state.winner is not None:
            break
        state.apply(chooser.choice(state.hand.honest_actions()))
    assert state.winner is not None, "the game did not end"
    assert state.records and state.scores[state.winner] == max(state.scores)
    assert state.scores[state.winner] >= rules.target_score
    assert len(state.scores) == rules.scorers

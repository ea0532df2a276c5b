"""The match against OpenSpiel's ISMCTS bot (`games/lab/arena_openspiel.py`): a few deals with few
simulations, both engines agreeing on every legal set and on the points, and the checks that
would catch them disagreeing. `open-spiel` is in the dev extra, so these run in CI."""

from __future__ import annotations

import pytest

from games.engine import DECK
from games.lab import arena_openspiel

pyspiel = pytest.importorskip("pyspiel")


def test_every_card_and_bid_maps_to_the_openspiel_action_of_the_same_name() -> None:
    state = pyspiel.load_game("euchre").new_initial_state()
    state.apply_action(0)  # the dealer chosen: the chance nodes now deal cards
    for card in DECK:
        number = arena_openspiel.openspiel_card(card)
        # OpenSpiel names a card suit first, then rank
        assert state.action_to_string(pyspiel.PlayerId.CHANCE, number) == card[1] + card[0]
    assert arena_openspiel.openspiel_action("order_up", "9H") == 27
    assert [arena_openspiel.openspiel_action(f"call:{s}", "9H") for s in "CDHS"] == [25, 26, 27, 28]
    assert arena_openspiel.openspiel_action("pass", "9H") == 24
    assert arena_openspiel.openspiel_action("alone", "9H") == 29
    assert arena_openspiel.openspiel_action("not_alone", "9H") == 30
    assert arena_openspiel.openspiel_action("discard:JS", "9H") == 11


def test_a_few_deals_agree_step_by_step_and_the_points_add_up() -> None:
    side, differences = arena_openspiel.run_match("normal", deals=3, sims=40, seed="test")
    ours, bot = side["ours"], side["bot"]
    assert len(differences) == 3
    assert ours.hands == bot.hands == 6
    # stick the dealer: every hand has a maker, on one side or the other
    assert ours.made_trump + bot.made_trump == 6
    assert sum(differences) / 3 == pytest.approx(ours.points_per_hand() - bot.points_per_hand())
    # the makers score 1, 2 or 4, or the defenders 2: one side's points per hand
    assert ours.points + bot.points >= 6
    assert ours.euchred <= ours.made_trump and bot.euchred <= bot.made_trump
    assert ours.times and bot.times
    text = arena_openspiel.format_match("normal", 40, "test", side, differences)
    assert "normal - ismcts" in text and "95% CI" in text


def test_a_wrong_mapping_is_caught_at_the_first_step(monkeypatch: pytest.MonkeyPatch) -> None:
    # clubs and diamonds swapped: the dealt hands, and so the legal sets, disagree
    swapped = {"C": 1, "D": 0, "H": 2, "S": 3}
    monkeypatch.setattr(arena_openspiel, "SUIT_INDEX", swapped)
    with pytest.raises(arena_openspiel.EngineMismatch):
        arena_openspiel.run_match("baseline", deals=2, sims=10, seed="mismatch")


def test_a_legal_set_that_differs_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # our dealer allowed to discard the up card, OpenSpiel's not: the discard's sets differ
    from dataclasses import replace

    rules = replace(arena_openspiel.RULES, dealer_may_discard_upcard=True)
    monkeypatch.setattr(arena_openspiel, "RULES", rules)
    with pytest.raises(arena_openspiel.EngineMismatch, match="legal"):
        arena_openspiel.run_match("baseline", deals=20, sims=10, seed="mismatch")


def test_points_agree_only_when_each_team_has_its_positive_return() -> None:
    assert arena_openspiel.points_agree((1, 0), [1.0, -1.0, 1.0, -1.0])
    assert arena_openspiel.points_agree((0, 4), [-4.0, 4.0, -4.0, 4.0])
    assert not arena_openspiel.points_agree((2, 0), [1.0, -1.0, 1.0, -1.0])
    assert not arena_openspiel.points_agree((0, 0), [-2.0, 2.0, -2.0, 2.0])

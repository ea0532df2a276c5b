"""The data the bids learned from search: the calibration of solved play (`search/
calibration.py`) and the bid table (`bid_table.py`), and the levels using them."""

from __future__ import annotations

import random

import pytest

from games.engine import GameState, HandState, RuleOptions, deal_hand
from games.engine.actions import CALL, ORDER_UP, PASS
from games.engine.bench import OPENSPIEL_RULES
from games.engine.hand import BID1, BID2
from games.engine.presets import preset_rules
from games.engine.view import seat_view
from games.players import bid_table
from games.players.search import calibration
from games.players.search.solver import stakes_for


def test_the_calibration_rows_are_rates_and_keep_the_solver_s_order() -> None:
    rates = calibration.outcome_rates()
    assert set(rates) == {"partnered", "alone"}
    for rows in rates.values():
        for row in rows:
            assert sum(row) == pytest.approx(1.0)
    stakes = stakes_for(RuleOptions(), maker_alone=False, lone_defender=False)
    values = [calibration.calibrated_points(solved, stakes, False) for solved in range(3)]
    # a hand solved to march is worth more than one solved to make, worth more than a euchre;
    # real play makes no more of a make or a march than the solver, nor less of a euchre
    assert values[0] < values[1] < values[2]
    assert values[0] >= stakes.euchre and values[1] <= stakes.make and values[2] <= stakes.march


def test_pooling_makes_the_gains_non_decreasing_and_the_threshold_is_their_zero() -> None:
    cells = [(3.5, -1.0, 10), (4.5, -0.2, 10), (5.5, -0.4, 10), (6.5, 0.6, 10)]
    pooled = bid_table.pooled(cells)
    gains = [gain for _, gain, _ in pooled]
    assert gains == sorted(gains)
    assert pooled[1] == pytest.approx((5.0, -0.3, 20))
    # between the pooled block at 5.0 (-0.3) and 6.5 (+0.6): a third of the way
    assert bid_table.threshold_of(cells) == pytest.approx(5.5)
    assert bid_table.threshold_of([(3.5, -1.0, 10)]) == 4.5  # beyond every count searched
    assert bid_table.threshold_of([(3.5, 0.5, 10)]) == 3.5


def test_the_table_has_a_threshold_for_every_round_and_seat() -> None:
    thresholds = bid_table.thresholds()
    assert set(thresholds) == {f"{round_}/{seat}" for round_ in (1, 2) for seat in range(4)}
    assert all(2.0 < value < 12.0 for value in thresholds.values())


def _bid_views(rules: RuleOptions, deals: int):
    for index in range(deals):
        state = GameState(rules, f"table/{index}")
        hand = HandState(rules, index % 4, deal_hand(f"table/{index}", 0, rules), 0)
        state.hand = hand
        # (everybody passing deals the next hand: that one is not this deal's)
        while state.hand is hand and hand.phase in (BID1, BID2):
            seat = state.hand.to_act
            view = seat_view(state, seat)
            yield view
            state.apply(PASS if PASS in view.legal_actions else view.legal_actions[0], seat)


@pytest.mark.parametrize("rules", [RuleOptions(), OPENSPIEL_RULES], ids=["standard", "openspiel"])
def test_the_table_bids_only_legal_plain_bids(rules: RuleOptions) -> None:
    assert bid_table.table_applies(rules)
    for view in _bid_views(rules, 40):
        action = bid_table.table_bid(view, rules, PASS if PASS in view.legal_actions else "x", 0.3)
        if PASS not in view.legal_actions:
            assert action == "x"  # stuck: the caller's own choice stands
            continue
        assert action in view.legal_actions
        assert action in (PASS, ORDER_UP) or action in CALL.values()


def test_variants_keep_their_own_bids() -> None:
    for name in ("two_handed", "three_handed", "call_ace", "deck_32", "canadian_loner"):
        assert not bid_table.table_applies(preset_rules(name))


def test_strong_starts_from_the_table_and_normal_from_the_rule_of_thumb() -> None:
    from games.players.levels import NormalPlayer, StrongPlayer

    assert StrongPlayer(random.Random(1)).bid_table_margin == 0.0
    assert StrongPlayer(random.Random(1)).learn_bid_margin
    assert NormalPlayer(random.Random(1)).bid_table_margin is None
    player = StrongPlayer(random.Random(1))
    rules = RuleOptions()
    for view in list(_bid_views(rules, 6)):
        assert player.choose(view, rules) in view.legal_actions


def test_a_played_out_bid_is_worth_what_real_play_makes_of_it() -> None:
    from games.players.search.played import played_points

    from .situations import situation

    # seat 1 (the dealer's left) holds the five top spades: ordering up marches whoever plays
    hands = {1: "JS JC AS KS QS", 2: "9H TH QH KH AH"}
    view, rules, state = situation(hands, "9S", 0)
    assert view.seat == 1
    bid = played_points(state.hand.clone(), 1, ORDER_UP, rules, (0, 0), "t", 4, 500)
    assert bid >= 2  # a march, alone (4) or not (2)
    again = played_points(state.hand.clone(), 1, ORDER_UP, rules, (0, 0), "t", 4, 500)
    assert again == bid  # the seed fixes the players
    # the other side's view of the same hand: my side's points minus theirs
    passed = played_points(state.hand.clone(), 1, PASS, rules, (0, 0), "t", 4, 500)
    assert passed in (-4, -2, -1, 0, 1, 2, 4)


def test_a_table_built_from_played_bids_keeps_the_solved_gain_beside_it() -> None:
    import argparse
    import json

    from games.players.build_bid_table import table_json

    args = argparse.Namespace(deals=2, samples=4, seed="s", played=2)
    cells = {"1/1/4": [(0.5, -0.25), (0.25, -0.75)], "2/1/3": [(0.1, None)]}
    table = json.loads(table_json(cells, args, 2))
    assert table["cells"]["1/1/4"]["gain"] == pytest.approx(-0.5)
    assert table["cells"]["1/1/4"]["solved_gain"] == pytest.approx(0.375)
    assert table["cells"]["2/1/3"] == {"n": 1, "gain": 0.1, "sd": 0.0}
    assert "--played 2" in table["command"]


def test_the_solved_optimism_is_the_bids_weighted_gap_of_the_cells_played_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cells = {
        "1/1/4": {"n": 30, "gain": -0.2, "sd": 1.0, "solved_gain": 0.1},
        "1/1/5": {"n": 10, "gain": 0.5, "sd": 1.0, "solved_gain": 0.3},
        "1/2/4": {"n": 20, "gain": 0.0, "sd": 1.0, "solved_gain": 0.4},
        "2/1/2": {"n": 5, "gain": -0.5, "sd": 1.0},  # not played out
    }
    monkeypatch.setattr(bid_table, "_cells", lambda: cells)
    bid_table.solved_optimism.cache_clear()
    try:
        assert bid_table.solved_optimism("1/1") == pytest.approx((30 * 0.3 - 10 * 0.2) / 40)
        assert bid_table.solved_optimism("1/2") == pytest.approx(0.4)
        assert bid_table.solved_optimism("2/1") is None
        assert bid_table.solved_optimism() == pytest.approx((9 - 2 + 8) / 60)
    finally:
        bid_table.solved_optimism.cache_clear()


def test_the_learned_bid_margin_is_the_seat_s_own_and_only_where_the_table_applies() -> None:
    rules = RuleOptions()
    for view in _bid_views(rules, 8):
        if PASS not in view.legal_actions:
            continue
        group = f"{1 if view.phase == BID1 else 2}/{(view.seat - view.dealer) % 4}"
        assert bid_table.learned_bid_margin(view, rules) == bid_table.solved_optimism(group)
    for view in _bid_views(preset_rules("deck_32"), 2):
        assert bid_table.learned_bid_margin(view, preset_rules("deck_32")) is None

"""The arena in every variant: its seatings (A rotated through the seats in the two- and
three-handed games and call-ace), its per-seat scoring, and `--variant` / `--all-variants`.
(The arena is a benchmark: no timing is asserted here.)"""

from __future__ import annotations

import random

import pytest

from games.engine import PRESETS, preset_rules
from games.lab import arena
from games.players import RuleOfThumbPlayer
from games.players.rule_of_thumb import BiddingStyle


class Timid(RuleOfThumbPlayer):
    """Bids only with an enormous hand: a player clearly weaker than the baseline."""

    name = "timid"

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, BiddingStyle(order_up_points=12.0, call_points=12.0))


def test_the_seatings_put_a_in_every_seat_or_partnership() -> None:
    assert arena.seatings(preset_rules("standard")) == [(0, 2), (1, 3)]
    assert arena.seatings(preset_rules("robson")) == [(0, 2), (1, 3)]
    assert arena.seatings(preset_rules("two_handed")) == [(0,), (1,)]
    assert arena.seatings(preset_rules("three_handed")) == [(0,), (1,), (2,)]
    assert arena.seatings(preset_rules("call_ace")) == [(0,), (1,), (2,), (3,)]


@pytest.mark.parametrize("preset", ["two_handed", "three_handed", "three_handed_seven", "call_ace"])
def test_a_player_against_itself_scores_exactly_zero(preset: str) -> None:
    result = arena.run_arena("baseline", "baseline", deals=5, rules=preset_rules(preset))
    assert result.pair_differences == pytest.approx([0.0] * 5, abs=1e-12)
    assert result.side["A"].points_per_hand() == pytest.approx(result.side["B"].points_per_hand())


@pytest.mark.parametrize("preset", ["two_handed", "three_handed", "call_ace"])
def test_the_per_seat_difference_matches_the_hands_played(preset: str) -> None:
    """A - B of a deal is the mean over A's seats of A's points minus the mean of B's seats',
    recomputed here from the hands the arena plays."""
    rules = preset_rules(preset)
    result = arena.run_arena(Timid, "baseline", deals=4, seed="check", rules=rules)
    baseline = arena.factory_for("baseline")
    seats = rules.seats
    for index, difference in enumerate(result.pair_differences):
        deal_seed, dealer = f"check/{index}", index % seats
        per_seat = []
        for a_seat in range(seats):
            factories = [Timid if seat == a_seat else baseline for seat in range(seats)]
            times: list[list[float]] = [[] for _ in range(seats)]
            score = arena.play_hand(rules, deal_seed, dealer, factories, times).score_after
            others = [score[seat] for seat in range(seats) if seat != a_seat]
            per_seat.append(score[a_seat] - sum(others) / len(others))
        assert difference == pytest.approx(sum(per_seat) / seats)
    a, b = result.side["A"], result.side["B"]
    assert a.hands == b.hands == 4 * seats  # each deal once per seat
    assert a.units == 4 * seats and b.units == 4 * seats * (seats - 1)
    assert result.difference == pytest.approx(a.points_per_hand() - b.points_per_hand())


def test_a_timid_bidder_names_trump_less_often_than_the_baseline() -> None:
    result = arena.run_arena(Timid, "baseline", deals=30, rules=preset_rules("three_handed"))
    a, b = result.side["A"], result.side["B"]
    assert a.rate(a.made_trump, a.units) < b.rate(b.made_trump, b.units)
    assert result.a == "timid" and result.b == "baseline"


def test_the_command_line_plays_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    arena.main(["--a", "easy", "--b", "baseline", "--deals", "2", "--variant", "three_handed"])
    out = capsys.readouterr().out
    assert "A = easy, B = baseline; 2 duplicate deals (6 hands)" in out
    assert "variant three_handed" in out and "variant=three_handed" in out
    with pytest.raises(SystemExit, match="unknown variant"):
        arena.main(["--variant", "five_handed", "--deals", "1"])


def test_all_variants_prints_one_row_per_preset(capsys: pytest.CaptureFixture[str]) -> None:
    arena.main(["--all-variants", "--a", "easy", "--b", "baseline", "--deals", "1"])
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ") and "---" not in line]
    header, body = rows[0], rows[1:]
    assert header.startswith("| variant | A | B | deals |")
    assert [row.split(" | ")[0].removeprefix("| ") for row in body] == list(PRESETS)
    for row in body:
        assert row.count("|") == header.count("|")
        assert " | easy | baseline | 1 | " in row

"""The simulator: its counters add up, a seed gives the same report, and its players see
exactly what `seat_view` shows them."""

from __future__ import annotations

import random

import pytest

from games.engine import GameState, RuleOptions, SeatView
from games.engine.view import seat_view
from games.players import RandomPlayer, RuleOfThumbPlayer
from games.simulation import (
    SeatViews,
    SimulationError,
    SimulationReport,
    describe_rules,
    play_game,
    seat_factories,
    simulate,
)

ALL_ON = RuleOptions(
    going_under=True, stick_the_dealer=True, defend_alone=True, win_by_two=True, no_trump=True
)


@pytest.fixture(scope="module", params=[RuleOptions(), ALL_ON], ids=["defaults", "all on"])
def report(request: pytest.FixtureRequest) -> SimulationReport:
    return simulate(40, 7, request.param)


def test_every_hand_is_made_marched_euchred_or_redealt(report: SimulationReport) -> None:
    assert report.hands > report.games > 0
    assert report.hands == report.makes + report.marches + report.euchres + report.redeals
    assert report.lone_marches <= report.lone_hands <= report.played_hands
    assert report.lone_defender_euchres <= report.lone_defenders
    assert report.hands_per_game == report.hands / report.games


def test_every_game_is_won_once(report: SimulationReport) -> None:
    assert sum(report.games_won) == report.games == 40


def test_team_points_are_the_sum_of_the_final_scores(report: SimulationReport) -> None:
    factories = seat_factories(RuleOfThumbPlayer)
    final_scores = [play_game(report.rules, f"7/{index}", factories).scores for index in range(40)]
    assert report.points == [sum(score[team] for score in final_scores) for team in (0, 1)]
    assert report.points_per_hand(0) == report.points[0] / report.hands


def test_rule_options_show_in_the_counts() -> None:
    plain = simulate(30, 2, RuleOptions())
    stuck_and_under = simulate(30, 2, RuleOptions(going_under=True, stick_the_dealer=True))
    assert plain.went_under == 0 and plain.redeals > 0
    assert stuck_and_under.went_under > 0 and stuck_and_under.redeals == 0


def test_the_same_seed_gives_the_same_report() -> None:
    first, second = simulate(25, "same", ALL_ON), simulate(25, "same", ALL_ON)
    assert first.counters() == second.counters()
    assert simulate(25, "other", ALL_ON).counters() != first.counters()


def test_two_kinds_of_player_can_be_pitted_against_each_other() -> None:
    report = simulate(40, 1, players=(RuleOfThumbPlayer, RandomPlayer))
    assert report.team_players == ("rule_of_thumb", "random")
    assert report.games_won[0] > report.games_won[1]
    swapped = simulate(40, 1, players=(RandomPlayer, RuleOfThumbPlayer))
    assert swapped.games_won[1] > swapped.games_won[0]


def test_players_per_seat_and_their_names() -> None:
    mixed = (RuleOfThumbPlayer, RuleOfThumbPlayer, RandomPlayer, RuleOfThumbPlayer)
    assert seat_factories(mixed) == mixed
    assert seat_factories(RandomPlayer) == (RandomPlayer,) * 4
    report = simulate(3, 1, players=mixed)
    assert report.team_players == ("rule_of_thumb/random", "rule_of_thumb")
    with pytest.raises(ValueError, match="1, 2"):
        seat_factories((RandomPlayer,) * 3)


def test_each_seat_gets_its_own_seeded_generator() -> None:
    seen: list[float] = []  # the first number each seat's generator gives

    class Recording(RandomPlayer):
        def __init__(self, rng: random.Random) -> None:
            super().__init__(rng)
            copy = random.Random()
            copy.setstate(rng.getstate())
            seen.append(copy.random())

    play_game(RuleOptions(target_score=1), "gen/0", [Recording] * 4)
    play_game(RuleOptions(target_score=1), "gen/0", [Recording] * 4)
    play_game(RuleOptions(target_score=1), "gen/1", [Recording] * 4)
    first_game, again, next_game = seen[:4], seen[4:8], seen[8:]
    assert again == first_game  # reproducible
    assert len(set(first_game)) == 4  # one generator per seat
    assert not set(next_game) & set(first_game)  # and per game


def test_players_see_exactly_what_seat_view_shows() -> None:
    """The simulator's faster views must equal `seat_view` at every decision."""
    state = GameState(ALL_ON, "views")
    views = SeatViews(state)
    players = [RandomPlayer(random.Random(seat)) for seat in range(4)]
    checked = 0
    while state.winner is None:
        seat = state.to_act
        fast: SeatView = views.view(seat)
        assert fast == seat_view(state, seat)
        checked += 1
        state.apply(players[seat].choose(fast, ALL_ON), seat)
    assert checked > 50 and len(state.records) > 2
    assert views.view(0) == seat_view(state, 0)  # the finished game too


def test_the_report_prints_aligned_lines(report: SimulationReport) -> None:
    lines = report.lines()
    assert report.format() == "\n".join(lines)
    labels = [line.split("  ")[0] for line in lines]
    for label in ("games", "hands", "marches (5 tricks)", "euchres", "lone hands", "went under"):
        assert label in labels
    assert "team 0 points" in labels and "team 1 games won" in labels and "speed" in labels
    column = lines[0].index(str(report.seed), len("seed"))  # where every value starts
    for line in lines:
        label, gap, value = line[: column - 2], line[column - 2 : column], line[column:]
        assert label.strip() and "  " not in label.strip() and gap == "  " and value.strip()


def test_describe_rules_names_what_differs_from_the_defaults() -> None:
    assert describe_rules(RuleOptions()) == "defaults"
    rules = RuleOptions(going_under=True, target_score=11, dealer_may_discard_upcard=False)
    assert describe_rules(rules) == "going_under, target_score=11, dealer_may_discard_upcard=False"


def test_a_player_who_never_bids_is_stopped() -> None:
    class NeverBids(RandomPlayer):
        def choose(self, view: SeatView, rules: RuleOptions) -> str:
            return "pass" if "pass" in view.legal_actions else super().choose(view, rules)

    with pytest.raises(SimulationError, match="no winner"):
        play_game(RuleOptions(), "stuck", [NeverBids] * 4)

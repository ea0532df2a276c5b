"""The simulator: its counters add up, a seed gives the same report, and it plays and counts
every preset of rule options (scores per team or per player)."""

from __future__ import annotations

import random

import pytest

from games.engine import PRESETS, RuleOptions, SeatView, preset_rules
from games.engine.records import EUCHRE, MARCH
from games.lab.simulation import (
    SimulationError,
    SimulationReport,
    describe_rules,
    play_game,
    seat_factories,
    simulate,
)
from games.players import RandomPlayer, RuleOfThumbPlayer

ALL_ON = RuleOptions(
    going_under=True, stick_the_dealer=True, defend_alone=True, win_by_two=True, no_trump=True
)
PRESET_GAMES = 25


@pytest.fixture(scope="module", params=[RuleOptions(), ALL_ON], ids=["defaults", "all on"])
def report(request: pytest.FixtureRequest) -> SimulationReport:
    return simulate(40, 7, request.param)


@pytest.fixture(scope="module", params=list(PRESETS))
def preset_report(request: pytest.FixtureRequest) -> SimulationReport:
    """Random players (the rule-of-thumb player learns the variants elsewhere)."""
    name = request.param
    return simulate(PRESET_GAMES, "presets", preset_rules(name), RandomPlayer, variant=name)


def _adds_up(report: SimulationReport) -> None:
    assert report.hands > report.games > 0
    assert report.played_hands == report.makes + report.marches + report.euchres + report.reneges
    assert report.hands == (
        report.played_hands + report.redeals + report.redeals_asked + report.benny_redeals
    )
    assert report.lone_marches <= report.lone_hands <= report.played_hands
    assert report.lone_defender_euchres <= report.lone_defenders
    assert report.blind_loner_marches <= report.blind_loners <= report.lone_hands
    assert report.no_partner <= report.aces_called
    assert sum(report.games_won) == report.games
    scorers = report.rules.scorers
    assert len(report.points) == len(report.games_won) == len(report.players) == scorers


def test_every_hand_is_made_marched_euchred_penalised_or_redealt(report: SimulationReport) -> None:
    _adds_up(report)
    assert report.hands_per_game == report.hands / report.games
    assert report.games == 40


def test_every_preset_is_played_and_adds_up(preset_report: SimulationReport) -> None:
    _adds_up(preset_report)
    assert preset_report.games == PRESET_GAMES
    assert preset_report.players == ("random",) * preset_report.rules.scorers


def test_points_are_the_sum_of_the_final_scores(report: SimulationReport) -> None:
    factories = seat_factories(RuleOfThumbPlayer)
    final = [play_game(report.rules, f"7/{index}", factories).scores for index in range(40)]
    assert report.points == [sum(score[team] for score in final) for team in (0, 1)]
    assert report.points_taken_off == [0, 0]
    assert report.points_per_hand(0) == report.points[0] / report.hands


def test_each_score_is_what_it_gained_less_what_robson_took_off(
    preset_report: SimulationReport,
) -> None:
    """Per team with partners, per player without (seed 003: "each player keeps own score" is
    our reading of the three-handed game); Robson's reduce never takes a score below zero."""
    rules = preset_report.rules
    factories = seat_factories(RandomPlayer, rules.seats)
    final = [
        play_game(rules, f"presets/{index}", factories).scores for index in range(PRESET_GAMES)
    ]
    gained_less_taken = [
        points - taken
        for points, taken in zip(preset_report.points, preset_report.points_taken_off, strict=True)
    ]
    assert gained_less_taken == [
        sum(score[scorer] for score in final) for scorer in range(len(final[0]))
    ]
    if not rules.robson:
        assert set(preset_report.points_taken_off) == {0}


def _table_points(report: SimulationReport) -> int:
    """Seed 003's table 2: make 1, march 2, alone march 4, euchre 2."""
    plain_marches = report.marches - report.lone_marches
    return report.makes + 2 * plain_marches + 4 * report.lone_marches + 2 * report.euchres


@pytest.mark.parametrize(
    "name", ["standard", "deck_32", "benny_joker", "partner_takes_upcard", "canadian_loner"]
)
def test_partnership_points_follow_the_scoring_table(name: str) -> None:
    """seed 003: "If makers win three or more tricks, they are awarded points. Otherwise, the
    defenders receive points (Table 2)." One team scores each hand."""
    report = simulate(30, "table", preset_rules(name), RandomPlayer)
    assert report.lone_marches > 0 and report.marches > report.lone_marches
    assert sum(report.points) == _table_points(report)


@pytest.mark.parametrize("name", ["three_handed", "three_handed_seven"])
def test_three_handed_euchre_pays_each_defender(name: str) -> None:
    """seed 003: "There is one maker and two defenders"; our reading: make 1 and march 2 to the
    maker, a euchre 2 to EACH defender, each player keeping their own score."""
    report = simulate(30, "three", preset_rules(name), RandomPlayer)
    assert report.euchres > 0 and report.makes > 0
    assert report.lone_hands == 0  # the maker already plays alone
    assert sum(report.points) == report.makes + 2 * report.marches + 2 * 2 * report.euchres
    assert len(report.games_won) == 3


def test_renege_penalties_show_and_are_paid() -> None:
    """seed 004: "Reneging: 2 points to the opposing team"; random players renege."""
    two_points = simulate(30, "renege", preset_rules("kitchen_table"), RandomPlayer)
    assert two_points.reneges > 0
    assert sum(two_points.points) == _table_points(two_points) + 2 * two_points.reneges
    # seed 003: "the opponent wins all five tricks": a march (2, alone 4) or a euchre (2)
    all_tricks = simulate(30, "renege", preset_rules("renege"), RandomPlayer)
    renege_points = sum(all_tricks.points) - _table_points(all_tricks)
    assert all_tricks.reneges > 0
    assert 2 * all_tricks.reneges <= renege_points <= 4 * all_tricks.reneges
    # seed 004: "reneging causes a forfeit instead": the first renege ends the game
    forfeit = simulate(30, "renege", RuleOptions(renege="forfeit"), RandomPlayer)
    assert 0 < forfeit.forfeits == forfeit.reneges <= forfeit.games
    assert simulate(30, "renege", RuleOptions(), RandomPlayer).reneges == 0


def test_robson_sweeps_choose_and_blind_loners_show() -> None:
    """seed 003: "A team that takes all five tricks has the option of reducing or adding
    points. If an upcard is a jack, the dealer can declare 'alone' with the blind hand." """
    rules = preset_rules("robson")
    report = simulate(20, "robson", rules, RandomPlayer)
    factories = seat_factories(RandomPlayer)
    sweeps = 0
    for index in range(20):
        for record in play_game(rules, f"robson/{index}", factories).records:
            sweeps += record.outcome in (MARCH, EUCHRE) and record.maker_tricks in (0, 5)
    assert sweeps > 0 and report.robson_adds + report.robson_reduces == sweeps
    assert report.robson_reduces > 0 and sum(report.points_taken_off) > 0
    assert report.blind_loners > 0
    plain = simulate(20, "robson", RuleOptions(), RandomPlayer)
    assert plain.robson_adds == plain.robson_reduces == plain.blind_loners == 0


def test_call_ace_makers_call_an_ace_or_go_alone() -> None:
    """seed 003: "After the bidding, the maker chooses a suit ... If 'alone' is selected, the
    maker plays without a partner." """
    report = simulate(30, "ace", preset_rules("call_ace"), RandomPlayer)
    assert report.aces_called > 0 and report.lone_hands > 0
    assert report.aces_called + report.lone_hands == report.played_hands
    assert simulate(10, "ace", RuleOptions(), RandomPlayer).aces_called == 0


class AsksRedeal(RandomPlayer):
    """Asks for a redeal whenever the rules offer one."""

    def choose(self, view: SeatView, rules: RuleOptions) -> str:
        return "redeal" if "redeal" in view.legal_actions else super().choose(view, rules)


def test_exchanges_and_redeals_show_in_the_counts() -> None:
    """seed 003: "the player has the option to exchange three cards or request a redeal"."""
    exchanged = simulate(40, "kitty", preset_rules("ace_no_face"), RandomPlayer)
    assert exchanged.ace_no_face_exchanges > 0 and exchanged.farmers_hand_exchanges == 0
    asked = simulate(40, "kitty", preset_rules("ace_no_face"), AsksRedeal)
    assert asked.redeals_asked > 0 and asked.ace_no_face_exchanges == 0
    benny = simulate(
        20, "kitty", preset_rules("benny_joker", upturned_benny="redeal"), RandomPlayer
    )
    assert benny.benny_redeals > 0 and benny.redeals_asked == 0
    plain = simulate(20, "kitty", RuleOptions(), RandomPlayer)
    assert plain.ace_no_face_exchanges == plain.redeals_asked == plain.benny_redeals == 0


def test_rule_options_show_in_the_counts() -> None:
    plain = simulate(30, 2, RuleOptions())
    stuck_and_under = simulate(30, 2, RuleOptions(going_under=True, stick_the_dealer=True))
    assert plain.went_under == 0 and plain.redeals > 0
    assert stuck_and_under.went_under > 0 and stuck_and_under.redeals == 0


def test_the_same_seed_gives_the_same_report() -> None:
    first, second = simulate(25, "same", ALL_ON), simulate(25, "same", ALL_ON)
    assert first.counters() == second.counters()
    assert simulate(25, "other", ALL_ON).counters() != first.counters()
    robson = preset_rules("robson")
    assert (
        simulate(10, "same", robson, RandomPlayer).counters()
        == simulate(10, "same", robson, RandomPlayer).counters()
    )


def test_two_kinds_of_player_can_be_pitted_against_each_other() -> None:
    report = simulate(40, 1, players=(RuleOfThumbPlayer, RandomPlayer))
    assert report.players == ("rule_of_thumb", "random")
    assert report.games_won[0] > report.games_won[1]
    swapped = simulate(40, 1, players=(RandomPlayer, RuleOfThumbPlayer))
    assert swapped.games_won[1] > swapped.games_won[0]


def test_players_per_seat_and_their_names() -> None:
    mixed = (RuleOfThumbPlayer, RuleOfThumbPlayer, RandomPlayer, RuleOfThumbPlayer)
    assert seat_factories(mixed) == mixed
    assert seat_factories(RandomPlayer) == (RandomPlayer,) * 4
    report = simulate(3, 1, players=mixed)
    assert report.players == ("rule_of_thumb/random", "rule_of_thumb")
    with pytest.raises(ValueError, match="1, 2"):
        seat_factories((RandomPlayer,) * 3)


def test_players_without_partners_are_named_per_seat() -> None:
    class Other(RandomPlayer):
        name = "other"

    assert seat_factories(RandomPlayer, 3) == (RandomPlayer,) * 3
    assert seat_factories((RandomPlayer, Other), 3) == (RandomPlayer, Other, RandomPlayer)
    assert seat_factories((Other, RandomPlayer), 2) == (Other, RandomPlayer)
    with pytest.raises(ValueError, match="or 3"):
        seat_factories((RandomPlayer,) * 4, 3)
    report = simulate(3, 1, preset_rules("three_handed"), (RandomPlayer, Other, RandomPlayer))
    assert report.players == ("random", "other", "random")
    with pytest.raises(ValueError, match="3 seats need 3 players"):
        play_game(preset_rules("three_handed"), "x", [RandomPlayer] * 4)


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


def _labels(report: SimulationReport) -> list[str]:
    return [line.split("  ")[0] for line in report.lines()]


def test_the_report_prints_aligned_lines(report: SimulationReport) -> None:
    lines = report.lines()
    assert report.format() == "\n".join(lines)
    labels = _labels(report)
    for label in ("games", "hands", "marches (5 tricks)", "euchres", "lone hands", "went under"):
        assert label in labels
    assert "team 0 points" in labels and "team 1 games won" in labels and "speed" in labels
    column = lines[0].index(str(report.seed), len("seed"))  # where every value starts
    for line in lines:
        label, gap, value = line[: column - 2], line[column - 2 : column], line[column:]
        assert label.strip() and "  " not in label.strip() and gap == "  " and value.strip()


def test_the_report_shows_what_the_variant_has(preset_report: SimulationReport) -> None:
    """Seats instead of teams without partners; a variant's own counts only under it."""
    rules, labels = preset_report.rules, _labels(preset_report)
    assert labels[:3] == ["seed", "variant", "rules"]
    scorers = "team" if rules.partnerships else "seat"
    assert f"{scorers} {rules.scorers - 1} points" in labels
    assert f"{scorers} 0 games won" in labels
    assert ("team 0 points" in labels) == rules.partnerships
    size = rules.hand_size
    assert f"makes ({size // 2 + 1}-{size - 1} tricks)" in labels
    assert f"marches ({size} tricks)" in labels
    assert ("blind loners" in labels) == rules.robson
    assert ("aces called" in labels) == (rules.variant == "call_ace")
    assert (f"renege penalties ({rules.renege})" in labels) == (rules.renege != "off")
    assert ("ace no face exchanges" in labels) == rules.ace_no_face


def test_describe_rules_names_what_differs_from_the_defaults() -> None:
    assert describe_rules(RuleOptions()) == "defaults"
    rules = RuleOptions(going_under=True, target_score=11, dealer_may_discard_upcard=False)
    assert describe_rules(rules) == "going_under, target_score=11, dealer_may_discard_upcard=False"
    assert describe_rules(preset_rules("three_handed_seven")) == "variant=three_handed, hand_size=7"


def test_a_player_who_never_bids_is_stopped() -> None:
    class NeverBids(RandomPlayer):
        def choose(self, view: SeatView, rules: RuleOptions) -> str:
            return "pass" if "pass" in view.legal_actions else super().choose(view, rules)

    with pytest.raises(SimulationError, match="no winner"):
        play_game(RuleOptions(), "stuck", [NeverBids] * 4)

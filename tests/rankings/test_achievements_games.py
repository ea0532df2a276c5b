"""Seed 000's hand-history achievements on real games: computer players play whole games through
the engine; the seeds are searched for a game where some seat earns each achievement, and every
game searched is checked against an expectation the test works out itself from the hand records
(tricks won, cards dealt and played, who went under), not with the detector's own functions.
The games found are then stored with four players and awarded as the rankings task does."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from functools import cache
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from economy.models import Wallet
from games.engine import GameState, HandRecord, RuleOptions
from rankings.achievements.catalogue import BY_SLUG
from rankings.achievements.hand_history import game_achievements
from rankings.models import AchievementAward
from rankings.services.achievements import achievement_award, achievements_after_game
from rankings.services.game_points import game_points_record
from tests.games.finished_games import engine_game_played, finished_game_store

SEEDS = [f"s{number}" for number in range(2001)]  # "s0".."s2000"
DEFAULT_RULES = RuleOptions()
GOING_UNDER_RULES = RuleOptions(going_under=True)
# a plain Monday in March: no Merry Xmas, and every award's day is known
FINISHED_AT = datetime(2026, 3, 2, 12, 0, tzinfo=ZoneInfo("UTC"))

HAND_ONES = ("lone_wolf", "magician", "farmers_hand")
GAME_ONES = ("undertaker", "lucky_13", "spurs")


# ---- what the test expects, from the hand records alone ------------------------------------


def team(seat: int) -> int:
    return seat % 2


def nines_and_tens(cards) -> int:
    return sum(card[0] in ("9", "T") for card in cards)


def tricks_won_by(record: HandRecord, seats: set[int]) -> int:
    return sum(trick.winner in seats for trick in record.tricks)


def partners(seat: int) -> set[int]:
    return {seat, (seat + 2) % 4}


def held_both_bowers_and_the_ace(record: HandRecord, seat: int) -> bool:
    """From the cards the seat put on the table: a lone hand that took five tricks played all
    five of its cards after any pick-up or swap."""
    trump = record.trump
    if trump not in ("S", "H", "D", "C"):
        return False
    same_colour = {"S": "C", "C": "S", "H": "D", "D": "H"}[trump]
    played = {card for trick in record.tricks for who, card in trick.plays if who == seat}
    return {f"J{trump}", f"J{same_colour}", f"A{trump}"} <= played


def scored_only_by_sweeps_and_euchres(history, scoring_team: int) -> bool:
    scored = False
    for record in history:
        if record.scoring_team != scoring_team or record.points == 0:
            continue
        scored = True
        makers = partners(record.maker)
        if team(record.maker) == scoring_team:
            if tricks_won_by(record, makers) != 5:
                return False  # made with three or four tricks
        elif tricks_won_by(record, makers) >= 3:
            raise AssertionError(f"hand {record.number}: defenders scored on a made hand")
    return scored


def expected_achievements(
    history, *, seat: int, scores: tuple[int, int], winner: int
) -> list[tuple[str, str]]:
    """Our own reading of seed 000's hand-history achievements for one seat."""
    found = []
    for record in history:
        occurrence = f"hand:{record.number}"
        dealt = nines_and_tens(record.dealt[seat])
        lone_sweep = (
            record.maker == seat and record.maker_alone and tricks_won_by(record, {seat}) == 5
        )
        if lone_sweep and held_both_bowers_and_the_ace(record, seat):
            found.append(("lone_wolf", occurrence))
        if dealt >= 4 and tricks_won_by(record, {seat}) >= 1:
            found.append(("magician", occurrence))
        if dealt == 5:
            found.append(("farmers_hand", occurrence))
    went_under = sum(1 for r in history if r.went_under is not None and r.went_under.seat == seat)
    if went_under >= 4:
        found.append(("undertaker", "game"))
    if winner == team(seat):
        if scores[team(seat)] == 13 and scores[1 - team(seat)] == 0:
            found.append(("lucky_13", "game"))
        if scored_only_by_sweeps_and_euchres(history, team(seat)):
            found.append(("spurs", "game"))
    return sorted(found)


# ---- searching real games --------------------------------------------------------------------


def searched_games(rules: RuleOptions) -> Iterator[tuple[str, GameState, list[list]]]:
    """Each seed's whole game, with each seat's achievements; the detector must agree."""
    for seed in SEEDS:
        state, _ = engine_game_played(rules, seed)
        scores = (state.scores[0], state.scores[1])
        per_seat = []
        for seat in range(4):
            expected = expected_achievements(
                state.records, seat=seat, scores=scores, winner=state.winner
            )
            detected = game_achievements(
                state.records,
                seat=seat,
                rules=rules,
                final_score=scores,
                winning_seats=(state.winner, state.winner + 2),
            )
            assert sorted(detected) == expected, f"seed {seed}, seat {seat}"
            per_seat.append(expected)
        yield seed, state, per_seat


@cache
def first_games(rules: RuleOptions, wanted: tuple[str, ...]) -> dict[str, tuple[str, int]]:
    """For each wanted achievement, the first seed and a seat that earns it under `rules`."""
    found: dict[str, tuple[str, int]] = {}
    for seed, _state, per_seat in searched_games(rules):
        for seat, achievements in enumerate(per_seat):
            for slug, _within in achievements:
                if slug in wanted:
                    found.setdefault(slug, (seed, seat))
        if set(found) == set(wanted):
            return found
    missing = sorted(set(wanted) - set(found))
    raise AssertionError(f"no seed up to {SEEDS[-1]} gives {missing}")


WHERE = {
    **{slug: DEFAULT_RULES for slug in ("lone_wolf", "magician", "farmers_hand", "spurs")},
    **{slug: GOING_UNDER_RULES for slug in ("undertaker", "lucky_13")},
}


def game_for(slug: str) -> tuple[RuleOptions, str, int]:
    rules = WHERE[slug]
    wanted = tuple(sorted(s for s, r in WHERE.items() if r == rules))
    seed, seat = first_games(rules, wanted)[slug]
    return rules, seed, seat


def test_the_search_finds_every_one_and_the_detector_agrees_on_every_game_searched():
    # a game the search met is also checked for the other seats and the other achievements
    for slug in WHERE:
        rules, seed, seat = game_for(slug)
        state, _ = engine_game_played(rules, seed)
        scores = (state.scores[0], state.scores[1])
        mine = expected_achievements(state.records, seat=seat, scores=scores, winner=state.winner)
        assert slug in {found for found, _ in mine}


def test_our_expectation_sees_what_the_seed_describes():
    """Guards the test's own reading on the games found: they are what their names say."""
    rules, seed, seat = game_for("farmers_hand")
    state, _ = engine_game_played(rules, seed)
    assert any(nines_and_tens(record.dealt[seat]) == 5 for record in state.records)
    rules, seed, seat = game_for("lucky_13")
    state, _ = engine_game_played(rules, seed)
    assert sorted(state.scores) == [0, 13] and state.scores[team(seat)] == 13
    rules, seed, seat = game_for("undertaker")
    state, _ = engine_game_played(rules, seed)
    assert sum(bool(r.went_under and r.went_under.seat == seat) for r in state.records) >= 4
    rules, seed, seat = game_for("lone_wolf")
    state, _ = engine_game_played(rules, seed)
    assert any(r.maker == seat and r.maker_alone and r.outcome == "march" for r in state.records)
    rules, seed, seat = game_for("spurs")
    state, _ = engine_game_played(rules, seed)
    assert state.winner == team(seat)
    assert {r.outcome for r in state.records if r.scoring_team == team(seat)} <= {
        "march",
        "euchre",
    }


# ---- stored and awarded ----------------------------------------------------------------------


@pytest.fixture
def no_welcome_silver(settings):
    settings.ECONOMY_WELCOME_SILVER = 0


def stored_and_awarded(players, slug: str, *, cancelled=()):
    rules, seed, seat = game_for(slug)
    game, state = finished_game_store(
        players, rules=rules, seed=seed, finished_at=FINISHED_AT, cancelled=cancelled
    )
    game_points_record(game_id=game.pk)
    awards = achievements_after_game(game_id=game.pk)
    return game, state, seat, awards


def expected_awards(game, state, seat: int) -> set[tuple[str, str]]:
    """A seat's awards for the game: its hand-history ones, the day's Early Bird (the player's
    first game), and Collector when they make five kinds."""
    scores = (state.scores[0], state.scores[1])
    found = {
        (slug, f"game:{game.pk}:{within}")
        for slug, within in expected_achievements(
            state.records, seat=seat, scores=scores, winner=state.winner
        )
    }
    found.add(("early_bird", f"day:{timezone.localdate(FINISHED_AT)}"))
    if len({slug for slug, _ in found}) >= 5:
        found.add(("collector", "once"))
    return found


def awards_of(player) -> set[tuple[str, str]]:
    return set(
        AchievementAward.objects.filter(player=player).values_list("achievement", "occurrence")
    )


def silver_of(player) -> int:
    return Wallet.objects.filter(pk=player.pk).values_list("silver", flat=True).first() or 0


@pytest.mark.django_db
@pytest.mark.parametrize("slug", [*HAND_ONES, *GAME_ONES])
def test_a_stored_game_awards_each_seat_what_it_earned_with_silver(
    slug, make_player, no_welcome_silver
):
    players = [make_player(f"Seat{position}") for position in range(4)]
    game, state, seat, awards = stored_and_awarded(players, slug)
    assert slug in {award.achievement for award in awards if award.player_id == players[seat].pk}
    for position, player in enumerate(players):
        expected = expected_awards(game, state, position)
        assert awards_of(player) == expected, f"seat {position}"
        rows = AchievementAward.objects.filter(player=player)
        silver = sum(BY_SLUG[found].silver for found, _ in expected)
        assert silver <= 200  # below the cap, every award paid in full
        assert sum(row.silver for row in rows) == silver == silver_of(player)
        assert all(row.game_id == game.pk for row in rows.exclude(achievement="collector"))
    earner = AchievementAward.objects.filter(player=players[seat], achievement=slug)
    assert earner.count() == sum(
        1 for found, _ in expected_awards(game, state, seat) if found == slug
    )


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["magician", "lucky_13"])
def test_a_player_who_cancelled_their_seat_gets_nothing(slug, make_player, no_welcome_silver):
    players = [make_player() for _ in range(4)]
    seat = game_for(slug)[2]
    game, state, _, _ = stored_and_awarded(players, slug, cancelled=[seat])
    assert awards_of(players[seat]) == set()
    assert silver_of(players[seat]) == 0
    # the partner who stayed, and the others, keep theirs
    partner = (seat + 2) % 4
    assert awards_of(players[partner]) == expected_awards(game, state, partner)


@pytest.mark.django_db
@pytest.mark.parametrize("slug", ["farmers_hand", "undertaker", "spurs"])
def test_running_it_again_awards_nothing_more(slug, make_player, no_welcome_silver):
    players = [make_player() for _ in range(4)]
    game, _, _, first = stored_and_awarded(players, slug)
    before = {player.pk: (awards_of(player), silver_of(player)) for player in players}
    assert first and slug in {award.achievement for award in first}
    assert achievements_after_game(game_id=game.pk) == []
    game_points_record(game_id=game.pk)
    assert achievements_after_game(game_id=game.pk) == []
    assert {player.pk: (awards_of(player), silver_of(player)) for player in players} == before


@pytest.mark.django_db
def test_computer_seats_earn_nothing(make_player, no_welcome_silver):
    only = make_player()
    rules, seed, seat = game_for("magician")
    users = [only if position == (seat + 1) % 4 else None for position in range(4)]
    game, state = finished_game_store(users, rules=rules, seed=seed, finished_at=FINISHED_AT)
    game_points_record(game_id=game.pk)
    achievements_after_game(game_id=game.pk)
    assert set(AchievementAward.objects.values_list("player_id", flat=True)) == {only.pk}
    assert awards_of(only) == expected_awards(game, state, (seat + 1) % 4)


@pytest.mark.django_db
def test_collector_completed_by_a_game_is_among_the_awards_the_game_returns(
    make_player, no_welcome_silver
):
    """achievements_after_game "returns the awards this call made": Collector too."""
    players = [make_player() for _ in range(4)]
    seat = game_for("farmers_hand")[2]
    for slug in ("lucky_13", "fanatic", "spurs"):
        achievement_award(user_id=players[seat].pk, achievement=BY_SLUG[slug], occurrence="x")
    _, _, _, awards = stored_and_awarded(players, "farmers_hand")  # + Farmer's Hand, Early Bird
    assert ("collector", "once") in awards_of(players[seat])
    made = {(award.player_id, award.achievement) for award in awards}
    assert (players[seat].pk, "collector") in made

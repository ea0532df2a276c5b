"""Seed 000's achievements: every number of its list, from a player's record of games and from the
month's tables (the hand-history ones are in test_achievements_hands.py and, on real engine
games, test_achievements_games.py)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.db.models import Sum

from economy.models import LedgerEntry, Wallet
from economy.services.wallet import wallet_spend
from games.models import Game
from rankings.achievements.catalogue import ACHIEVEMENTS, BY_SLUG
from rankings.models import AchievementAward, LongTermAward
from rankings.services.achievements import (
    achievement_award,
    achievements_after_game,
    achievements_after_month,
    achievements_award,
    achievements_champions_league,
)
from rankings.services.game_points import game_points_record
from rankings.services.month_end import month_end
from rankings.tasks import game_finished
from tests.games.finished_games import game_result_store

pytestmark = pytest.mark.django_db

UTC = ZoneInfo("UTC")
START = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def no_welcome_silver(settings):
    settings.ECONOMY_WELCOME_SILVER = 0


def play(player, *, won=True, at=START, team_score=None, cancelled=False, kind=None):
    """A finished game of `player` in seat 0 with three computers, recorded and checked as the
    rankings task does. Returns the slugs it awarded to the player."""
    if team_score is None:
        team_score = 10 if won else 6
    score = (team_score, 4 if won else 10)
    game = game_result_store(
        [player, None, None, None],
        score=score,
        winner_team=0 if won else 1,
        finished_at=at,
        cancelled=[0] if cancelled else [],
    )
    if kind is not None:
        Game.objects.filter(pk=game.pk).update(kind=kind)
    game_points_record(game_id=game.pk)
    awarded = [award.achievement for award in achievements_after_game(game_id=game.pk)]
    _spend_all(player, reference=f"game:{game.pk}")
    return awarded


def _spend_all(player, *, reference: str) -> None:
    """Spends what the games paid, as a player in the shop would: every reward stays under the
    200 cap, so the ledger shows each in full."""
    silver = Wallet.objects.filter(pk=player.pk).values_list("silver", flat=True).first()
    if silver:
        wallet_spend(
            user_id=player.pk,
            price=silver,
            reason=LedgerEntry.Reason.PRIVATE_TABLE,
            reference=reference,
            idempotency_key=f"test-spend:{reference}:{player.pk}",
        )


def times(player, slug: str) -> int:
    return AchievementAward.objects.filter(player=player, achievement=slug).count()


def silver_for(player, name: str) -> int:
    entries = LedgerEntry.objects.filter(
        wallet__pk=player.pk, reason=LedgerEntry.Reason.ACHIEVEMENT, reference=name
    )
    return entries.aggregate(total=Sum("amount"))["total"] or 0


# ---- the catalogue ---------------------------------------------------------------------------


def test_the_catalogue_has_the_seeds_eighteen_with_their_rewards():
    rewards = {achievement.name: achievement.silver for achievement in ACHIEVEMENTS}
    assert rewards == {
        "A Lone Wolf": 10,
        "Riding with the Spurs on": 10,
        "Magician": 10,
        "Farmer's Hand": 10,
        "The Undertaker": 10,
        "Lucky 13": 10,
        "Unbeatable": 70,
        "High Five": 10,
        "Early Bird": 50,
        "Fanatic": 60,
        "Monthiversary": 80,
        "Merry Xmas": 50,
        "Private Party": 10,
        "Top player": 70,
        "Month winner": 80,
        "Collector": 50,
        "CL Winner": 600,
        "CL Top Player": 400,
    }
    once_only = {achievement.name for achievement in ACHIEVEMENTS if not achievement.repeatable}
    assert once_only == {"Collector", "Private Party"}  # "except for Collector and Private Party"


# ---- awarding ----------------------------------------------------------------------------------


def test_an_award_pays_its_silver_once_per_occurrence(make_player):
    ann = make_player()
    assert achievement_award(user_id=ann.pk, achievement=BY_SLUG["lucky_13"], occurrence="g:1")
    assert (
        achievement_award(user_id=ann.pk, achievement=BY_SLUG["lucky_13"], occurrence="g:1") is None
    )
    assert achievement_award(user_id=ann.pk, achievement=BY_SLUG["lucky_13"], occurrence="g:2")
    assert times(ann, "lucky_13") == 2
    assert Wallet.objects.get(pk=ann.pk).silver == 20


def test_an_award_beyond_the_silver_cap_is_kept_with_what_was_paid(make_player, settings):
    settings.ECONOMY_WELCOME_SILVER = 180
    ann = make_player()
    award = achievement_award(user_id=ann.pk, achievement=BY_SLUG["fanatic"], occurrence="day:x")
    assert award.silver == 20  # 180 + 60 stops at 200
    assert Wallet.objects.get(pk=ann.pk).silver == 200


def test_a_cancelled_seat_earns_no_achievement(make_player):
    ann = make_player()
    assert play(ann, cancelled=True) == []
    assert not AchievementAward.objects.filter(player=ann).exists()


def test_the_task_awards_nothing_twice(make_player):
    ann = make_player()
    game = game_result_store([ann, None, None, None], score=(13, 0), winner_team=0)
    game_finished(game.pk)
    game_finished(game.pk)
    # Lucky 13 reads the final score: 13 to 0, once
    assert times(ann, "lucky_13") == 1
    assert times(ann, "early_bird") == 1


# ---- Unbeatable: "Won 10 games in a row (70)", "also for 20, 30, 40..." --------------------------


def test_unbeatable_at_ten_twenty_and_thirty_wins_in_a_row(make_player):
    ann = make_player()
    awarded_at = []
    for number in range(1, 31):
        if "unbeatable" in play(ann, at=START + timedelta(minutes=30 * number)):
            awarded_at.append(number)
    assert awarded_at == [10, 20, 30]
    assert silver_for(ann, "Unbeatable") == 3 * 70


def test_a_loss_or_a_cancelled_game_starts_the_run_again(make_player):
    ann = make_player()
    moment = iter(START + timedelta(minutes=30 * n) for n in range(100))
    for _ in range(9):
        play(ann, at=next(moment))
    play(ann, won=False, at=next(moment))
    for _ in range(9):
        play(ann, at=next(moment))
    play(ann, cancelled=True, at=next(moment))
    for _ in range(9):
        play(ann, at=next(moment))
    assert times(ann, "unbeatable") == 0
    assert "unbeatable" in play(ann, at=next(moment))  # the tenth after the cancel


# ---- High Five: "Scored 5 or more in the last five losses" -------------------------------------


def test_high_five_after_five_losses_each_with_five_or_more(make_player):
    ann = make_player()
    moment = iter(START + timedelta(minutes=30 * n) for n in range(100))
    for score in (5, 9, 6):
        play(ann, won=False, team_score=score, at=next(moment))
    play(ann, won=True, at=next(moment))  # a win in between does not break the run
    play(ann, won=False, team_score=7, at=next(moment))
    assert times(ann, "high_five") == 0
    assert "high_five" in play(ann, won=False, team_score=5, at=next(moment))


def test_a_loss_with_four_starts_high_five_over(make_player):
    ann = make_player()
    moment = iter(START + timedelta(minutes=30 * n) for n in range(100))
    for score in (8, 8, 8, 8, 4, 8, 8, 8, 8):
        play(ann, won=False, team_score=score, at=next(moment))
    assert times(ann, "high_five") == 0
    play(ann, won=False, team_score=5, at=next(moment))
    assert times(ann, "high_five") == 1


# ---- days: Early Bird (50), Fanatic (60), Monthiversary (80), Merry Xmas (50) -------------------


def test_early_bird_once_a_day_in_the_sites_time_zone(make_player, settings):
    settings.TIME_ZONE = "America/New_York"
    ann = make_player()
    new_york = ZoneInfo("America/New_York")
    assert "early_bird" in play(ann, at=datetime(2026, 3, 2, 8, 0, tzinfo=new_york))
    assert "early_bird" not in play(ann, at=datetime(2026, 3, 2, 22, 0, tzinfo=new_york))
    # 01:00 UTC on the 3rd is still the 2nd in New York
    assert "early_bird" not in play(ann, at=datetime(2026, 3, 3, 1, 0, tzinfo=UTC))
    assert "early_bird" in play(ann, at=datetime(2026, 3, 3, 6, 0, tzinfo=new_york))
    assert silver_for(ann, "Early Bird") == 2 * 50


def test_fanatic_at_the_tenth_game_of_a_day_once(make_player):
    ann = make_player()
    awarded_at = [
        number
        for number in range(1, 13)
        if "fanatic" in play(ann, at=START + timedelta(minutes=20 * number), won=number % 2 == 0)
    ]
    assert awarded_at == [10]
    assert silver_for(ann, "Fanatic") == 60


def test_a_cancelled_game_is_not_a_game_played_for_fanatic(make_player):
    ann = make_player()
    for number in range(9):
        play(ann, at=START + timedelta(minutes=20 * number))
    play(ann, at=START + timedelta(minutes=200), cancelled=True)
    assert times(ann, "fanatic") == 0


def test_monthiversary_at_thirty_and_sixty_days_in_a_row(make_player):
    ann = make_player()
    awarded_on = [
        number
        for number in range(1, 61)
        if "monthiversary" in play(ann, at=START + timedelta(days=number))
    ]
    assert awarded_on == [30, 60]
    assert silver_for(ann, "Monthiversary") == 2 * 80


def test_a_day_without_a_game_starts_monthiversary_over(make_player):
    ann = make_player()
    for number in [*range(1, 16), *range(17, 46)]:  # day 16 missed: 29 days in a row after it
        play(ann, at=START + timedelta(days=number))
    assert times(ann, "monthiversary") == 0
    play(ann, at=START + timedelta(days=46))
    assert times(ann, "monthiversary") == 1


def test_merry_xmas_on_december_25th_once_a_year(make_player):
    ann = make_player()
    assert "merry_xmas" not in play(ann, at=datetime(2026, 12, 24, 23, 59, tzinfo=UTC))
    assert "merry_xmas" in play(ann, at=datetime(2026, 12, 25, 0, 1, tzinfo=UTC))
    assert "merry_xmas" not in play(ann, at=datetime(2026, 12, 25, 20, 0, tzinfo=UTC))
    assert "merry_xmas" in play(ann, at=datetime(2027, 12, 25, 12, 0, tzinfo=UTC))
    assert silver_for(ann, "Merry Xmas") == 2 * 50


# ---- once only: Private Party, Collector (50) ---------------------------------------------------


def test_private_party_once_only(make_player):
    ann = make_player()
    assert "private_party" not in play(ann, at=START)
    assert "private_party" in play(ann, at=START + timedelta(hours=1), kind=Game.Kind.PRIVATE)
    assert "private_party" not in play(ann, at=START + timedelta(hours=2), kind=Game.Kind.PRIVATE)
    assert times(ann, "private_party") == 1


def test_collector_after_five_different_achievements_once(make_player):
    ann = make_player()

    def earn(*slugs: str) -> list[str]:
        earned = [(BY_SLUG[slug], f"x:{n}", None) for n, slug in enumerate(slugs)]
        return [award.achievement for award in achievements_award(user_id=ann.pk, earned=earned)]

    earn("lucky_13", "lucky_13", "magician", "farmers_hand", "spurs")  # five awards, four kinds
    assert times(ann, "collector") == 0
    assert earn("lucky_13", "lucky_13", "magician", "farmers_hand", "spurs", "undertaker") == [
        "undertaker",  # the others were awarded for these occurrences before
        "collector",
    ]
    earn("fanatic")
    assert times(ann, "collector") == 1
    assert silver_for(ann, "Collector") == 50


# ---- the month: Top player (70) and Month winner (80); CL Winner (600), CL Top Player (400) -----


def test_month_end_awards_top_ten_and_the_winner_once(make_player):
    players = [make_player() for _ in range(12)]
    for place, player in enumerate(players):
        # points fall with the place: 12 games each, so both tables hold them
        for number in range(12):
            play(
                player,
                won=place < 6,
                team_score=10 - place // 2 if place < 6 else 9 - place // 2,
                at=datetime(2026, 3, 1 + number, 9 + place, tzinfo=UTC),
            )
    first = month_end(year=2026, month=3)
    again = month_end(year=2026, month=3)
    assert first.closed_now and not again.closed_now
    assert again.achievements_awarded == 0
    total_places = dict(
        LongTermAward.objects.filter(year=2026, month=3, table="total").values_list(
            "player_id", "position"
        )
    )
    top_ten = {player_id for player_id, position in total_places.items() if position <= 10}
    winners = {player_id for player_id, position in total_places.items() if position == 1}
    assert (
        set(
            AchievementAward.objects.filter(achievement="top_player").values_list(
                "player_id", flat=True
            )
        )
        == top_ten
    )
    assert len(top_ten) == 10
    assert (
        set(
            AchievementAward.objects.filter(achievement="month_winner").values_list(
                "player_id", flat=True
            )
        )
        == winners
    )
    assert winners == {players[0].pk}
    assert silver_for(players[0], "Top player") == 70
    assert silver_for(players[0], "Month winner") == 80


def test_month_achievements_wait_for_the_month_to_close(make_player):
    ann = make_player()
    play(ann, at=datetime(2026, 3, 5, tzinfo=UTC))
    assert achievements_after_month(year=2026, month=3) == []


def test_champions_league_winner_and_top_ten_once(make_player):
    players = [make_player() for _ in range(11)]
    standings = [player.pk for player in players]
    achievements_champions_league(year=2026, month=3, standings=standings)
    achievements_champions_league(year=2026, month=3, standings=standings)
    assert times(players[0], "cl_winner") == 1
    assert [times(player, "cl_top_player") for player in players] == [1] * 10 + [0]
    assert silver_for(players[0], "CL Winner") + silver_for(players[0], "CL Top Player") == 200
    # 600 + 400 is far past the cap: the ledger shows what was paid, the award row too
    award = AchievementAward.objects.get(player=players[0], achievement="cl_winner")
    assert award.silver == 200
    assert award.occurrence == "month:2026-03"

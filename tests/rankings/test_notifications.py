"""Notifications of the rankings' events (issue 22): a rank reached, an achievement after a
game and at the month's end; each once however often the check or the month's end runs."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest
from django.core import mail

from accounts.models import Notification, NotificationKind, User
from rankings.achievements.catalogue import BY_SLUG
from rankings.services.achievements import achievement_award, achievements_after_game
from rankings.services.game_points import game_points_record
from rankings.services.month_end import month_end
from rankings.services.ranks import ranks_reach
from tests.games.finished_games import game_result_store

from .rows import points_row

pytestmark = pytest.mark.django_db

Kind = NotificationKind
UTC = ZoneInfo("UTC")


def notices(player: User, kind: str) -> list[str]:
    return list(
        Notification.objects.filter(recipient=player, kind=kind)
        .order_by("id")
        .values_list("text", flat=True)
    )


def test_each_rank_reached_notifies_once(make_player, a_game, settings):
    settings.ECONOMY_WELCOME_SILVER = 0
    ann = make_player("Ann")
    may = date(2025, 5, 1)
    points_row(ann, a_game(0), 60, month=may)  # Rookie and Apprentice at once
    ranks_reach(user_id=ann.pk, month=may)
    ranks_reach(user_id=ann.pk, month=may)  # the check again: nothing new
    assert notices(ann, Kind.RANK_REACHED) == [
        "You reached the rank of Rookie: 10 silver for it.",
        "You reached the rank of Apprentice: 20 silver for it.",
    ]
    links = set(Notification.objects.filter(recipient=ann).values_list("link", flat=True))
    assert links == {f"/players/{ann.pk}/"}
    assert mail.outbox == []


def test_a_rank_reached_with_a_full_wallet_says_no_silver(make_player, a_game, settings):
    settings.ECONOMY_WELCOME_SILVER = 200  # the cap: the reward cannot be paid
    ann = make_player("Ann")
    points_row(ann, a_game(0), 10, month=date(2025, 5, 1))
    ranks_reach(user_id=ann.pk, month=date(2025, 5, 1))
    assert notices(ann, Kind.RANK_REACHED) == ["You reached the rank of Rookie."]


def test_an_achievement_notifies_once_per_occurrence(make_player, settings):
    settings.ECONOMY_WELCOME_SILVER = 0
    ann = make_player("Ann")
    early_bird = BY_SLUG["early_bird"]
    assert achievement_award(user_id=ann.pk, achievement=early_bird, occurrence="day:2025-05-01")
    assert (
        achievement_award(user_id=ann.pk, achievement=early_bird, occurrence="day:2025-05-01")
        is None
    )
    achievement_award(user_id=ann.pk, achievement=early_bird, occurrence="day:2025-05-02")
    texts = notices(ann, Kind.ACHIEVEMENT)
    assert len(texts) == 2 and all(
        text.startswith(f"Achievement: {early_bird.name}") for text in texts
    )
    assert Notification.objects.filter(recipient=ann).first().link == "/achievements/"


def test_a_finished_game_notifies_its_achievements_and_a_rerun_adds_none(make_player, settings):
    settings.ECONOMY_WELCOME_SILVER = 0
    ann = make_player("Ann")
    game = game_result_store(
        [ann, None, None, None],
        score=(10, 4),
        winner_team=0,
        finished_at=datetime(2026, 3, 2, 7, tzinfo=UTC),
    )
    game_points_record(game_id=game.pk)
    awards = achievements_after_game(game_id=game.pk)
    assert awards  # at least Early bird (the day's first game)
    assert achievements_after_game(game_id=game.pk) == []
    names = {BY_SLUG[award.achievement].name for award in awards}
    texts = notices(ann, Kind.ACHIEVEMENT)
    assert len(texts) == len(awards)
    assert {text.removeprefix("Achievement: ").split(".")[0] for text in texts} == names


def test_the_month_end_notifies_top_player_and_month_winner_once(make_player, settings):
    settings.ECONOMY_WELCOME_SILVER = 0
    ann, bob = make_player("Ann"), make_player("Bob")
    for player, score in ((ann, 10), (bob, 8)):
        for day in range(1, 11):  # ten games each: both monthly tables hold them
            game = game_result_store(
                [player, None, None, None],
                score=(score, 4),
                winner_team=0,
                finished_at=datetime(2026, 3, day, 12, tzinfo=UTC),
            )
            game_points_record(game_id=game.pk)
    Notification.objects.all().delete()  # only the month's end from here

    month_end(year=2026, month=3)
    month_end(year=2026, month=3)  # a rerun: nothing new

    assert sorted(notices(ann, Kind.ACHIEVEMENT)) == sorted(
        [
            f"Achievement: {BY_SLUG['top_player'].name}. 70 silver for it.",
            f"Achievement: {BY_SLUG['month_winner'].name}. 80 silver for it.",
        ]
    )
    assert notices(bob, Kind.ACHIEVEMENT) == [
        f"Achievement: {BY_SLUG['top_player'].name}. 70 silver for it."
    ]

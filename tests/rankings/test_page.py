"""The rankings page: this month's tables, the player's own place, the twelve-month ranking."""

from __future__ import annotations

import pytest
from django.urls import reverse

from rankings.tasks import game_finished
from tests.games.finished_games import game_result_store

pytestmark = pytest.mark.django_db


def test_the_page_shows_this_months_tables_and_my_place(client, make_player, settings):
    settings.RANKINGS_AVERAGE_MIN_GAMES = 2
    me, ann = make_player("Me"), make_player("Ann")
    for score in ((11, 7), (10, 2)):
        game_finished(game_result_store([ann, me, None, None], score=score, winner_team=0).pk)
    client.force_login(me)
    total = client.get(reverse("rankings:ranking")).content.decode()
    assert "Ann" in total and ">31<" in total  # 16 + 15
    assert 'id="my-position">You are 2' in total
    average = client.get(reverse("rankings:ranking") + "?table=average&page=x").content.decode()
    assert ">15.50<" in average and ">4.50<" in average
    assert "at least 2 games" in average

"""Closing a month again after staff corrected its points (the issue: "it can be re-run by staff
for a given month from the admin or a management command"): the awards and the carry follow the
recorded points, what was paid stays paid, and a month that is not over cannot be closed."""

from __future__ import annotations

from datetime import date
from io import StringIO

import pytest
from django.contrib.auth.models import Permission
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from economy.models import Wallet
from rankings.models import (
    AchievementAward,
    GamePoints,
    LongTermAward,
    MonthCarry,
    MonthClose,
    MonthRerun,
    PlayerRank,
)
from rankings.services.game_points import month_of
from rankings.services.month_end import month_end
from rankings.services.month_rerun import month_end_again
from rankings.services.ranks import ranks_reach
from rankings.tables import AVERAGE, TOTAL
from tests.rankings.rows import points_row

pytestmark = pytest.mark.django_db

MAY = date(2025, 5, 1)


@pytest.fixture(autouse=True)
def _one_game_is_enough_and_no_welcome_silver(settings):
    settings.RANKINGS_AVERAGE_MIN_GAMES = 1
    settings.ECONOMY_WELCOME_SILVER = 0  # the month achievements' silver stays under the cap


@pytest.fixture
def may_with_a_cheater(make_player, a_game):
    """May 2025 closed with Cheat first (1000), Ann (500) and Bob (300) behind; April closed
    too, with Ann alone."""
    cheat, ann, bob = make_player("Cheat"), make_player("Ann"), make_player("Bob")
    for player, points in ((cheat, 1000), (ann, 500), (bob, 300)):
        points_row(player, a_game(0), points)
    points_row(ann, a_game(1), 100, month=date(2025, 4, 1))
    month_end(year=2025, month=4)
    month_end(year=2025, month=5)
    return cheat, ann, bob


def may_awards() -> set[tuple[str, str, int, int]]:
    return set(
        LongTermAward.objects.filter(year=2025, month=5).values_list(
            "player__display_name", "table", "position", "points"
        )
    )


def june_carry() -> dict[str, int]:
    return dict(
        MonthCarry.objects.filter(year=2025, month=6).values_list("player__display_name", "points")
    )


def achievements() -> set[tuple[str, str]]:
    return set(AchievementAward.objects.values_list("player__display_name", "achievement"))


def this_month() -> tuple[int, int]:
    first = month_of(timezone.now())
    return first.year, first.month


def next_month() -> tuple[int, int]:
    year, month = this_month()
    return (year + 1, 1) if month == 12 else (year, month + 1)


# ---- the service -------------------------------------------------------------------------------


def test_closing_again_after_removing_a_cheaters_points_remakes_the_awards_and_the_carry(
    make_player, may_with_a_cheater
):
    cheat, ann, _ = may_with_a_cheater
    staff = make_player("Boss", is_staff=True)
    assert june_carry() == {"Cheat": 300, "Ann": 150, "Bob": 90}
    april = set(LongTermAward.objects.filter(year=2025, month=4).values_list("player_id", "points"))
    paid = Wallet.objects.get(pk=cheat.pk).silver
    assert paid == 70 + 80  # Top player and Month winner

    GamePoints.objects.filter(player=cheat).delete()  # staff remove the cheater's points
    ended = month_end_again(year=2025, month=5, staff_id=staff.pk)

    assert ended.closed_now is True
    assert may_awards() == {
        ("Ann", TOTAL, 1, 1000),
        ("Bob", TOTAL, 2, 900),
        ("Ann", AVERAGE, 1, 1000),
        ("Bob", AVERAGE, 2, 900),
    }
    assert june_carry() == {"Ann": 150, "Bob": 90}
    # the month before is not touched
    assert (
        set(LongTermAward.objects.filter(year=2025, month=4).values_list("player_id", "points"))
        == april
    )
    assert MonthCarry.objects.get(year=2025, month=5).player_id == ann.pk
    # paid stays paid; Ann is Month winner now, and nobody gets Top player twice
    assert ended.achievements_awarded == 1
    assert achievements() == {
        ("Cheat", "top_player"),
        ("Cheat", "month_winner"),
        ("Ann", "top_player"),
        ("Ann", "month_winner"),
        ("Bob", "top_player"),
    }
    assert Wallet.objects.get(pk=cheat.pk).silver == paid
    assert MonthClose.objects.filter(year=2025, month=5).count() == 1
    rerun = MonthRerun.objects.get()
    assert (rerun.year, rerun.month, rerun.staff_id) == (2025, 5, staff.pk)


def test_closing_again_twice_gives_the_same_rows(may_with_a_cheater):
    cheat, _, _ = may_with_a_cheater
    GamePoints.objects.filter(player=cheat).delete()
    month_end_again(year=2025, month=5, staff_id=None)
    awards, carry, earned = may_awards(), june_carry(), achievements()
    again = month_end_again(year=2025, month=5, staff_id=None)
    assert (may_awards(), june_carry(), achievements()) == (awards, carry, earned)
    assert again.achievements_awarded == 0
    assert MonthClose.objects.filter(year=2025, month=5).count() == 1
    assert MonthRerun.objects.filter(year=2025, month=5, staff=None).count() == 2


def test_a_month_never_closed_is_simply_closed(make_player, a_game):
    ann = make_player("Ann")
    points_row(ann, a_game(0), 100)
    ended = month_end_again(year=2025, month=5, staff_id=None)
    assert ended.closed_now is True
    assert may_awards() == {("Ann", TOTAL, 1, 1000), ("Ann", AVERAGE, 1, 1000)}


@pytest.mark.parametrize("when", [this_month, next_month])
def test_the_current_and_future_months_are_refused(make_player, a_game, when):
    year, month = when()
    ann = make_player("Ann")
    points_row(ann, a_game(0), 100, month=date(year, month, 1))
    with pytest.raises(ValueError, match=rf"{year}-{month:02d} is not over yet"):
        month_end_again(year=year, month=month, staff_id=None)
    assert not MonthClose.objects.exists()
    assert not LongTermAward.objects.exists()
    assert not MonthRerun.objects.exists()


# ---- the admin ---------------------------------------------------------------------------------


@pytest.fixture
def boss(make_player):
    return make_player("Boss", is_staff=True, is_superuser=True)


@pytest.fixture
def admin_client(client, boss):
    client.force_login(boss)
    return client


def close_again(client, *closes: MonthClose, follow: bool = True):
    return client.post(
        reverse("admin:rankings_monthclose_changelist"),
        {"action": "close_again", "_selected_action": [close.pk for close in closes]},
        follow=follow,
    )


def test_the_admin_action_closes_the_selected_months_again(admin_client, boss, may_with_a_cheater):
    cheat, _, _ = may_with_a_cheater
    listing = admin_client.get(reverse("admin:rankings_monthclose_changelist")).content.decode()
    assert "2025-05" in listing and "2025-04" in listing
    assert "Close again from the recorded points" in listing
    assert reverse("admin:rankings_monthclose_close") in listing
    GamePoints.objects.filter(player=cheat).delete()

    page = close_again(admin_client, MonthClose.objects.get(year=2025, month=5))

    assert page.status_code == 200
    body = page.content.decode()
    assert "Closed 2025-05 again from the recorded points: 4 long-term awards" in body
    assert not LongTermAward.objects.filter(player=cheat).exclude(month=4).exists()
    assert "Cheat" not in june_carry()
    assert MonthRerun.objects.get().staff_id == boss.pk
    row = page.context["cl"].result_list.get(year=2025, month=5)
    assert (row.award_count, row.rerun_at is not None) == (4, True)


def test_the_close_a_month_page(admin_client, make_player, a_game):
    ann = make_player("Ann")
    points_row(ann, a_game(0), 100)
    url = reverse("admin:rankings_monthclose_close")
    assert 'name="month"' in admin_client.get(url).content.decode()

    year, month = this_month()
    refused = admin_client.post(url, {"month": f"{year}-{month:02d}"}).content.decode()
    assert f"{year}-{month:02d} is not over yet" in refused
    assert (
        "Give the month as YYYY-MM" in admin_client.post(url, {"month": "2025-13"}).content.decode()
    )
    assert not MonthClose.objects.exists()

    closed = admin_client.post(url, {"month": "2025-05"}, follow=True)
    assert closed.redirect_chain[-1][0] == reverse("admin:rankings_monthclose_changelist")
    assert "Closed 2025-05: 2 long-term awards, 2 month achievements." in closed.content.decode()
    assert MonthClose.objects.filter(year=2025, month=5).exists()
    again = admin_client.post(url, {"month": "2025-05"}, follow=True).content.decode()
    assert "2025-05 was already closed: nothing done." in again
    assert LongTermAward.objects.count() == 2


def test_players_do_not_find_the_month_pages_and_staff_need_the_permission(
    client, make_player, may_with_a_cheater
):
    may = MonthClose.objects.get(year=2025, month=5)
    changelist = reverse("admin:rankings_monthclose_changelist")
    close = reverse("admin:rankings_monthclose_close")
    client.force_login(make_player("Player"))
    assert client.get(changelist).status_code == 404
    assert client.get(close).status_code == 404
    assert close_again(client, may, follow=False).status_code == 404

    helper = make_player("Helper", is_staff=True)
    helper.user_permissions.add(Permission.objects.get(codename="view_monthclose"))
    client.force_login(helper)
    listing = client.get(changelist).content.decode()
    assert "Close again from the recorded points" not in listing and close not in listing
    assert client.get(close).status_code == 403
    close_again(client, may)
    assert not MonthRerun.objects.exists()

    helper.user_permissions.add(Permission.objects.get(codename="change_monthclose"))
    helper = type(helper).objects.get(pk=helper.pk)  # permissions are cached on the instance
    client.force_login(helper)
    assert client.get(close).status_code == 200
    close_again(client, may)
    assert MonthRerun.objects.get().staff_id == helper.pk


@pytest.mark.parametrize(
    "model", ["monthclose", "monthrerun", "longtermaward", "monthcarry", "playerrank"]
)
def test_the_rankings_rows_are_read_only_in_the_admin(admin_client, may_with_a_cheater, model):
    month_end_again(year=2025, month=5, staff_id=None)
    ranks_reach(user_id=may_with_a_cheater[0].pk, month=MAY)
    rows = {
        "monthclose": MonthClose.objects.first(),
        "monthrerun": MonthRerun.objects.first(),
        "longtermaward": LongTermAward.objects.first(),
        "monthcarry": MonthCarry.objects.first(),
        "playerrank": PlayerRank.objects.first(),
    }
    listing = admin_client.get(reverse(f"admin:rankings_{model}_changelist"))
    assert listing.status_code == 200
    assert admin_client.get(reverse(f"admin:rankings_{model}_add")).status_code == 403
    row = rows[model]
    delete = reverse(f"admin:rankings_{model}_delete", args=[row.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert type(row).objects.filter(pk=row.pk).exists()
    page = admin_client.get(reverse(f"admin:rankings_{model}_change", args=[row.pk]))
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()


def test_the_achievement_awards_list_is_read_only_searchable_and_filterable(
    admin_client, may_with_a_cheater
):
    url = reverse("admin:rankings_achievementaward_changelist")
    page = admin_client.get(url)
    # May: Top player for three, Month winner for one; April: both for Ann
    assert page.context["cl"].result_count == 6
    body = page.content.decode()
    assert "Month winner" in body and "month:2025-05" in body

    def found(**query: str) -> set[tuple[str, str]]:
        listed = admin_client.get(url, query).context["cl"].result_list
        return {(award.player.display_name, award.achievement) for award in listed}

    assert found(q="cheat") == {("Cheat", "top_player"), ("Cheat", "month_winner")}
    assert found(achievement="month_winner") == {("Cheat", "month_winner"), ("Ann", "month_winner")}
    assert found(achievement="month_winner", q="month:2025-05") == {("Cheat", "month_winner")}
    award = AchievementAward.objects.first()
    assert admin_client.get(reverse("admin:rankings_achievementaward_add")).status_code == 403
    delete = reverse("admin:rankings_achievementaward_delete", args=[award.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    assert AchievementAward.objects.filter(pk=award.pk).exists()


@pytest.mark.parametrize(
    "model", ["achievementaward", "longtermaward", "monthcarry", "playerrank", "monthclose"]
)
def test_the_lists_take_the_same_queries_however_many_rows(
    admin_client, make_player, a_game, model
):
    url = reverse(f"admin:rankings_{model}_changelist")

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert admin_client.get(url).status_code == 200
        return len(captured)

    def a_month_of(players: int, month: int) -> None:
        for n in range(players):
            player = make_player()
            points_row(player, a_game(n), 600 + n, month=date(2024, month, 1))
            # Rookie to Master: four PlayerRank rows each
            ranks_reach(user_id=player.pk, month=date(2024, month, 1))
        month_end(year=2024, month=month)

    a_month_of(2, 1)
    queries()  # the first request also loads the session and the site's caches
    few = queries()
    a_month_of(6, 2)
    assert queries() == few


# ---- the command -------------------------------------------------------------------------------


def test_the_command_closes_a_month_again(may_with_a_cheater):
    cheat, _, _ = may_with_a_cheater
    GamePoints.objects.filter(player=cheat).delete()
    out = StringIO()
    call_command("rankings_close_month", "2025-05", stdout=out)
    assert "already closed" in out.getvalue()
    assert "Cheat" in june_carry()
    call_command("rankings_close_month", "2025-05", "--again", stdout=out)
    assert "Closed 2025-05 again from the recorded points: 4 long-term awards." in out.getvalue()
    assert "1 month achievements awarded." in out.getvalue()
    assert "Cheat" not in june_carry()
    assert MonthRerun.objects.get().staff_id is None
    year, month = this_month()
    with pytest.raises(CommandError, match="is not over yet"):
        call_command("rankings_close_month", f"{year}-{month:02d}", "--again", stdout=out)
    with pytest.raises(CommandError, match="is not over yet"):
        call_command("rankings_close_month", f"{year}-{month:02d}", stdout=out)
    assert MonthRerun.objects.count() == 1
    assert not MonthClose.objects.filter(year=year, month=month).exists()

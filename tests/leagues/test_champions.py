"""The Champions League: one league per month, entering it (charged once), its four-entrant
tables, and its month end (final table kept, CL Winner and CL Top Player awarded once)."""

from __future__ import annotations

import threading
import time
from datetime import UTC, date, datetime, timedelta

import pytest
from django.db import connection, transaction

from economy.models import LedgerEntry
from economy.services.prices import champions_league_price
from leagues.models import League, Membership, Season
from leagues.services.champions import (
    champions_league_current,
    champions_league_enter,
    champions_league_for,
)
from leagues.services.errors import LeagueError
from tests.economy.coins import wallet_set


def cl_charges(player) -> list[LedgerEntry]:
    return list(
        LedgerEntry.objects.filter(wallet_id=player.pk, reason=LedgerEntry.Reason.CHAMPIONS_LEAGUE)
    )


# ---- one league per month ----


@pytest.mark.django_db
def test_the_month_s_league_is_created_once_with_its_season_over_the_whole_month(settings):
    settings.TIME_ZONE = "Europe/Ljubljana"
    league = champions_league_for(month=date(2026, 3, 17))

    assert champions_league_for(month=date(2026, 3, 1)).pk == league.pk
    assert League.objects.filter(kind=League.Kind.CHAMPIONS).count() == 1
    assert (league.month, league.name) == (date(2026, 3, 1), "Champions League March 2026")
    assert league.created_by is None and league.joining == League.Joining.LINK
    season = Season.objects.get(league=league)
    assert season.number == 1
    assert season.starts_at == datetime(2026, 2, 28, 23, tzinfo=UTC)  # UTC+1 in winter
    assert season.ends_at == datetime(2026, 3, 31, 22, tzinfo=UTC)  # UTC+2 in summer


@pytest.mark.django_db
def test_the_current_league_is_the_month_in_the_site_s_time_zone(settings):
    settings.TIME_ZONE = "Europe/Ljubljana"
    last_moment_of_may = datetime(2026, 5, 31, 21, 59, 59, tzinfo=UTC)

    assert champions_league_current(now=last_moment_of_may).month == date(2026, 5, 1)
    assert champions_league_current(now=last_moment_of_may + timedelta(seconds=1)).month == (
        date(2026, 6, 1)
    )


def _waiting_on_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0] > 0


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_creators_get_the_same_league():
    """The first creator holds its new league uncommitted until the second is blocked inserting
    the same month: the second must then find the first's league, not fail."""
    month = date(2026, 2, 1)
    created = threading.Event()
    found: dict[str, int] = {}
    errors: list[BaseException] = []

    def first() -> None:
        try:
            with transaction.atomic():
                found["first"] = champions_league_for(month=month).pk
                created.set()
                deadline = time.monotonic() + 10
                while not _waiting_on_a_lock() and time.monotonic() < deadline:
                    time.sleep(0.02)
        except BaseException as error:  # reported by the assertions below
            errors.append(error)
            created.set()
        finally:
            connection.close()

    def second() -> None:
        try:
            created.wait(10)
            found["second"] = champions_league_for(month=month).pk
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)

    assert errors == []
    assert found["first"] == found["second"]
    assert League.objects.filter(month=month).count() == 1
    assert Season.objects.filter(league__month=month).count() == 1


# ---- entering ----


@pytest.mark.django_db
def test_entering_charges_the_price_once_and_a_second_entry_is_refused(make_player):
    player = make_player("Ann")
    wallet_set(player, silver=30, gold=5)

    membership = champions_league_enter(user_id=player.pk)
    with pytest.raises(LeagueError) as second:
        champions_league_enter(user_id=player.pk)

    assert membership.role == Membership.Role.MEMBER
    assert membership.league == champions_league_current()
    assert second.value.code == "already_member"
    assert "already in the Champions League" in second.value.message
    [charge] = cl_charges(player)
    assert charge.amount == -champions_league_price()
    assert Membership.objects.filter(player=player).count() == 1


@pytest.mark.django_db
def test_the_entry_takes_silver_first_then_gold(make_player):
    player = make_player("Ann")
    wallet_set(player, silver=5, gold=100)

    champions_league_enter(user_id=player.pk)

    charges = {entry.currency: entry.amount for entry in cl_charges(player)}
    assert charges == {"silver": -5, "gold": -(champions_league_price() - 5)}


@pytest.mark.django_db
def test_a_player_who_cannot_pay_is_told_why_and_is_not_entered(make_player):
    player = make_player("Ann")
    wallet_set(player, silver=champions_league_price() - 1, gold=0)

    with pytest.raises(LeagueError) as refused:
        champions_league_enter(user_id=player.pk)

    assert refused.value.code == "not_enough_coins"
    assert refused.value.message == (
        f"This costs {champions_league_price()} coins and you have "
        f"{champions_league_price() - 1}: you need 1 coin more."
    )
    assert not Membership.objects.filter(player=player).exists()
    assert cl_charges(player) == []


@pytest.mark.django_db
def test_a_blocked_player_cannot_enter(make_player):
    player = make_player("Ann")
    player.is_active, player.blocked_at = False, datetime(2026, 1, 1, tzinfo=UTC)
    player.save()

    with pytest.raises(LeagueError) as refused:
        champions_league_enter(user_id=player.pk)

    assert refused.value.code == "inactive"
    assert not Membership.objects.filter(player=player).exists()
    assert cl_charges(player) == []


@pytest.mark.django_db
def test_entering_in_a_new_month_is_a_new_entry_and_a_new_charge(make_player):
    player = make_player("Ann")
    wallet_set(player, silver=100)
    april = datetime(2026, 4, 30, 23, 0, tzinfo=UTC)

    champions_league_enter(user_id=player.pk, now=april)
    champions_league_enter(user_id=player.pk, now=april + timedelta(hours=2))

    months = Membership.objects.filter(player=player).values_list("league__month", flat=True)
    assert sorted(months) == [date(2026, 4, 1), date(2026, 5, 1)]
    assert len(cl_charges(player)) == 2


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_entries_of_one_player_charge_once(make_player):
    player = make_player("Ann")
    wallet_set(player, silver=100)
    champions_league_current()  # the league exists: the race is on the entry alone
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def enter() -> None:
        try:
            start.wait()
            champions_league_enter(user_id=player.pk)
            outcomes.append("entered")
        except LeagueError as refused:
            outcomes.append(refused.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=enter) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)

    assert sorted(outcomes) == ["already_member", "entered"]
    assert len(cl_charges(player)) == 1
    assert Membership.objects.filter(player=player).count() == 1

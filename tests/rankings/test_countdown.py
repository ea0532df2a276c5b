"""Seed 000: "You can keep track of how much time remains, in the bottom-left corner of the main
menu screen" — the month's countdown on every page."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse

from accounts.models import User
from rankings.countdown import month_time_left
from rankings.selectors import month_bounds

UTC = ZoneInfo("UTC")
END = datetime(2026, 12, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("before_end", "shown"),
    [
        (timedelta(days=12, hours=5, minutes=59), "12 days 5 h"),
        (timedelta(days=1, minutes=1), "1 day 0 h"),
        (timedelta(hours=5, minutes=20), "5 h 20 min"),
        (timedelta(minutes=20, seconds=30), "20 min"),
        (timedelta(seconds=-5), "0 min"),
    ],
)
def test_the_time_left_reads_at_a_glance(before_end, shown):
    assert month_time_left(now=END - before_end, month_ends_at=END) == shown


def test_the_month_ends_at_midnight_of_the_first_in_the_sites_time_zone(settings):
    settings.TIME_ZONE = "America/New_York"
    start, end = month_bounds(datetime(2026, 12, 1, 3, 0, tzinfo=UTC))  # 22:00 on 30 Nov there
    new_york = ZoneInfo("America/New_York")
    assert (start, end) == (
        datetime(2026, 11, 1, tzinfo=new_york),
        datetime(2026, 12, 1, tzinfo=new_york),
    )


@pytest.mark.django_db
def test_every_page_shows_the_countdown_bottom_left(client):
    page = client.get(reverse("home")).content.decode()
    footer = page[page.index('<footer class="site-footer">') :]
    assert 'class="month-left"' in footer and " left in " in footer
    client.force_login(User.objects.create_user("p@example.com", "pw", display_name="P"))
    assert 'class="month-left"' in client.get(reverse("games:lobby")).content.decode()

"""The staff list of collusion flags: the evidence in words with what chance would give, links
to the games' record pages and both players' pages, decisions with a note, filters; refused to
players and to staff without the permission."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Permission
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.moderation.collusion.models import CollusionFlag
from games.moderation.collusion.services import collusion_review_run
from games.moderation.collusion.stats import one_in

from .conftest import make_player

pytestmark = pytest.mark.django_db

LIST = reverse("admin:games_collusionflag_changelist")


@pytest.fixture
def flag(cheating_site) -> CollusionFlag:
    collusion_review_run()
    return CollusionFlag.objects.select_related("player_low", "player_high").get()


@pytest.fixture
def staff_client(client: Client) -> Client:
    client.force_login(make_player("Boss", is_staff=True, is_superuser=True))
    return client


def change_url(flag: CollusionFlag) -> str:
    return reverse("admin:games_collusionflag_change", args=[flag.pk])


def decide_url(flag: CollusionFlag) -> str:
    return reverse("admin:games_collusionflag_decide", args=[flag.pk])


def test_the_list_shows_the_pair_and_filters_by_kind_and_status(staff_client, flag):
    page = staff_client.get(LIST).content.decode()
    assert "Ann and Bob" in page
    assert "Lead into the partner&#x27;s unseen voids" in page
    leads = staff_client.get(LIST, {"kind": "leads"}).content.decode()
    sitting = staff_client.get(LIST, {"kind": "sitting"}).content.decode()
    assert "Ann and Bob" in leads and "Ann and Bob" not in sitting
    assert (
        "Ann and Bob" not in staff_client.get(LIST, {"status__exact": "dismissed"}).content.decode()
    )
    assert "Ann and Bob" in staff_client.get(LIST, {"status__exact": "open"}).content.decode()


def test_the_evidence_page_says_what_chance_would_give_and_links_the_games(staff_client, flag):
    page = staff_client.get(change_url(flag)).content.decode()
    assert "What chance would give" in page
    leads = flag.evidence["leads"]
    assert f"{leads['hits']} times the lead was that suit" in page
    assert f"About {leads['expected']:.0f} times" in page
    assert f"That many by chance: {one_in(leads['p_value'])}." in page
    # every example game: its record page and its staff page
    for game_id in flag.sample_game_ids:
        assert f'href="{reverse("games:record", args=[game_id])}"' in page
        assert f'href="{reverse("admin:games_game_change", args=[game_id])}"' in page
    for player in (flag.player_low, flag.player_high):
        assert f'href="{reverse("admin:games_player_change", args=[player.pk])}"' in page
    assert "Nobody has decided yet." in page
    assert 'name="_save"' not in page  # read-only: decisions go through the buttons
    assert re.search(r'value="dismiss"[^>]*>Dismiss: nothing wrong</button>', page)


def test_the_record_page_a_link_leads_to_opens_for_staff(staff_client, flag):
    url = reverse("games:record", args=[flag.sample_game_ids[0]])
    assert staff_client.get(url).status_code == 200


def test_dismiss_then_reopen_then_mark_reviewed_with_a_note(staff_client, flag):
    response = staff_client.post(decide_url(flag), {"decision": "dismiss", "note": "siblings"})
    assert response.status_code == 302 and response["Location"] == change_url(flag)
    flag.refresh_from_db()
    assert (flag.status, flag.staff_note) == (CollusionFlag.Status.DISMISSED, "siblings")
    page = staff_client.get(change_url(flag)).content.decode()
    assert "Dismissed by Boss" in page and "siblings" in page and ">Reopen</button>" in page

    staff_client.post(decide_url(flag), {"decision": "reopen"})
    # marking it reviewed needs a note: refused, with the reason shown, and nothing changes
    refused = staff_client.post(decide_url(flag), {"decision": "actioned"}, follow=True)
    assert "Say in the note what was done" in refused.content.decode()
    flag.refresh_from_db()
    assert flag.status == CollusionFlag.Status.OPEN
    staff_client.post(decide_url(flag), {"decision": "actioned", "note": "both warned"})
    flag.refresh_from_db()
    assert (flag.status, flag.staff_note) == (CollusionFlag.Status.ACTIONED, "both warned")
    # a decision takes nothing from the accounts: that is for staff on the players' pages
    assert flag.player_low.is_active and flag.player_high.is_active


def test_players_and_staff_without_permission_are_refused(client, flag):
    visitor = client.get(change_url(flag))
    assert visitor.status_code == 302 and visitor["Location"].startswith(reverse("admin:login"))
    client.force_login(flag.player_low)  # a player does not find the admin at all
    assert client.get(LIST).status_code == 404
    assert client.post(decide_url(flag), {"decision": "dismiss"}).status_code == 404
    helper = make_player("Helper", is_staff=True)
    client.force_login(helper)
    assert client.get(LIST).status_code == 403
    assert client.post(decide_url(flag), {"decision": "dismiss"}).status_code == 403
    helper.user_permissions.add(Permission.objects.get(codename="view_collusionflag"))
    assert client.get(change_url(flag)).status_code == 200
    assert ">Dismiss: nothing wrong</button>" not in client.get(change_url(flag)).content.decode()
    assert client.post(decide_url(flag), {"decision": "dismiss"}).status_code == 403
    flag.refresh_from_db()
    assert flag.status == CollusionFlag.Status.OPEN


def test_the_decide_view_takes_only_posts(staff_client, flag):
    assert staff_client.get(decide_url(flag)).status_code == 405


def test_the_list_costs_the_same_queries_for_many_flags(staff_client, flag):
    staff_client.get(LIST)  # the first page after logging in does the session's work
    with CaptureQueriesContext(connection) as one:
        staff_client.get(LIST)
    for number in range(5):
        low, high = make_player(f"Low{number}"), make_player(f"High{number}")
        CollusionFlag.objects.create(
            player_low=low, player_high=high, kinds=["sitting"], computed_at=flag.computed_at
        )
    with CaptureQueriesContext(connection) as six:
        page = staff_client.get(LIST).content.decode()
    assert page.count("Sit together in quick play far more than chance") >= 5
    assert len(six.captured_queries) == len(one.captured_queries)


def test_the_bulk_action_dismisses_open_flags(staff_client, flag):
    response = staff_client.post(
        LIST, {"action": "dismiss_selected", "_selected_action": [flag.pk]}, follow=True
    )
    assert "1 flag(s) dismissed." in response.content.decode()
    flag.refresh_from_db()
    assert flag.status == CollusionFlag.Status.DISMISSED

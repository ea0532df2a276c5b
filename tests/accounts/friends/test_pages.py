"""The friends page (issue 54): my friends, the requests waiting either way, the search by display
name with each player's button; every answer a POST that redirects back with a message; the
header's link and count; a fixed number of queries however many friends; the staff's pages."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages import get_messages
from django.test import RequestFactory
from django.urls import reverse

from accounts.friends.context_processors import friend_requests
from accounts.friends.models import FriendRequest, Friendship
from accounts.friends.selectors import (
    SEARCH_MAX_RESULTS,
    FriendState,
    friends_page,
    players_search,
)
from accounts.friends.services import friend_request_send
from accounts.models import User
from accounts.services.blocks import account_block
from tests.accounts.friends.pairs import befriend

pytestmark = pytest.mark.django_db

FRIENDS = reverse("friends:list")


def said(response) -> list[str]:
    """The page's messages, less the day's first visit's silver (the economy's, on any page)."""
    messages = [str(message) for message in get_messages(response.wsgi_request)]
    return [message for message in messages if not message.endswith("for today's visit.")]


def section(html: str, element_id: str) -> str:
    found = re.search(rf'id="{element_id}".*?</(?:div|ul)>\s*</div>', html, re.S)
    assert found, f"no #{element_id} on the page"
    return found.group(0)


def test_the_page_needs_a_logged_in_player(client):
    response = client.get(FRIENDS)
    assert response.status_code == 302 and reverse("account_login") in response["Location"]


def test_the_page_lists_friends_requests_received_and_sent(client, player):
    me, bob, cid, dee, eve = (player(name) for name in ("Me", "bob", "Cid", "Dee", "Eve"))
    befriend(me, cid)
    befriend(bob, me)
    friend_request_send(user_id=dee.pk, other_id=me.pk)
    friend_request_send(user_id=me.pk, other_id=eve.pk)
    client.force_login(me)
    html = client.get(FRIENDS).content.decode()
    friends = section(html, "friend-list")
    # by name ignoring case, each linked to their profile, each with a remove form
    assert friends.index(">bob<") < friends.index(">Cid<")
    for friend in (bob, cid):
        assert reverse("rankings:profile", args=[friend.pk]) in friends
        assert reverse("friends:remove", args=[friend.pk]) in friends
    received = section(html, "requests-received")
    assert "Dee" in received
    assert reverse("friends:accept", args=[dee.pk]) in received
    assert reverse("friends:decline", args=[dee.pk]) in received
    sent = section(html, "requests-sent")
    assert "Eve" in sent and reverse("friends:cancel", args=[eve.pk]) in sent
    assert 'name="csrfmiddlewaretoken"' in html
    # the header: a link to the page with the count of requests waiting for me
    assert '<span class="friend-requests-count">1</span>' in html
    assert 'aria-label="Friends: 1 request waiting"' in html


def test_a_player_without_friends_is_told_how_to_find_some(client, player):
    client.force_login(player("Me"))
    html = client.get(FRIENDS).content.decode()
    assert 'id="no-friends"' in html
    assert 'id="requests-received"' not in html and 'id="requests-sent"' not in html
    assert "friend-requests-count" not in html


def test_the_header_count_is_one_query_and_none_for_visitors(player, django_assert_num_queries):
    me = player("Me")
    for name in ("Ann", "Bob", "Cid"):
        friend_request_send(user_id=player(name).pk, other_id=me.pk)
    friend_request_send(user_id=me.pk, other_id=player("Dee").pk)  # mine: not counted
    request = RequestFactory().get("/")
    request.user = me
    with django_assert_num_queries(1):
        assert friend_requests(request) == {"friend_requests_waiting": 3}
    request.user = AnonymousUser()
    with django_assert_num_queries(0):
        assert friend_requests(request) == {}


# ---- search --------------------------------------------------------------------------------


def test_the_search_finds_names_ignoring_case_those_it_begins_first(client, player):
    me = player("Annie")  # never found: it is me
    for name in ("Joanna", "anna", "Hanna B", "Bob", "ANNABEL"):
        player(name)
    blocked = player("Annabelle")
    account_block(user_id=blocked.pk)
    found = players_search(user_id=me.pk, text="  ann ")
    assert [player.name for player in found] == ["anna", "ANNABEL", "Hanna B", "Joanna"]
    client.force_login(me)
    html = client.get(FRIENDS, {"q": "ann"}).content.decode()
    results = section(html, "search-results")
    assert [name for name in re.findall(r'/players/\d+/">([^<]+)</a>', results)] == [
        "anna",
        "ANNABEL",
        "Hanna B",
        "Joanna",
    ]
    assert results.count("Add friend") == 4


def test_the_search_shows_each_players_state(client, player):
    me = player("Me")
    friend, asked, asker, stranger = (player(f"Sam {word}") for word in ("F", "R", "A", "N"))
    befriend(me, friend)
    friend_request_send(user_id=me.pk, other_id=asked.pk)
    friend_request_send(user_id=asker.pk, other_id=me.pk)
    states = {found.name: found.state for found in players_search(user_id=me.pk, text="sam")}
    assert states == {
        "Sam F": FriendState.FRIENDS,
        "Sam R": FriendState.REQUESTED,
        "Sam A": FriendState.ASKED_YOU,
        "Sam N": FriendState.NONE,
    }
    client.force_login(me)
    html = client.get(FRIENDS, {"q": "sam"}).content.decode()
    results = section(html, "search-results")
    assert re.findall(r'data-state="(\w+)"', results) == [
        "asked_you",
        "friends",
        "none",
        "requested",
    ]
    assert reverse("games:friend_request_send", args=[stranger.pk]) in results
    # the buttons come back to the search
    assert 'name="next" value="/friends/?q=sam"' in results


def test_the_search_stops_at_twenty(client, player):
    me = player("Me")
    User.objects.bulk_create(
        User(email=f"many{number}@example.com", display_name=f"Many {number:02d}")
        for number in range(SEARCH_MAX_RESULTS + 5)
    )
    found = players_search(user_id=me.pk, text="many")
    assert len(found) == SEARCH_MAX_RESULTS
    assert found[0].name == "Many 00"
    client.force_login(me)
    html = client.get(FRIENDS, {"q": "many"}).content.decode()
    assert "The first 20 players" in html


def test_a_search_that_finds_nobody_says_so(client, player):
    client.force_login(player("Me"))
    html = client.get(FRIENDS, {"q": "zzz"}).content.decode()
    assert 'id="search-empty"' in html and "No player's name contains “zzz”." in html


# ---- answering from the page ----------------------------------------------------------------


def test_accepting_from_the_page(client, player):
    me, dee = player("Me"), player("Dee")
    friend_request_send(user_id=dee.pk, other_id=me.pk)
    client.force_login(me)
    response = client.post(reverse("friends:accept", args=[dee.pk]))
    assert response.status_code == 302 and response["Location"] == FRIENDS
    assert said(response) == ["You and Dee are friends now."]
    assert Friendship.objects.filter(user=me, friend=dee).exists()
    # and again: refused with the reason, nothing more made
    response = client.post(reverse("friends:accept", args=[dee.pk]), follow=True)
    assert "You and Dee are friends already." in response.content.decode()
    assert Friendship.objects.count() == 2


def test_declining_cancelling_and_removing_from_the_page(client, player):
    me, dee, eve, fay = player("Me"), player("Dee"), player("Eve"), player("Fay")
    friend_request_send(user_id=dee.pk, other_id=me.pk)
    friend_request_send(user_id=me.pk, other_id=eve.pk)
    befriend(me, fay)
    client.force_login(me)
    response = client.post(reverse("friends:decline", args=[dee.pk]))
    assert said(response) == ["You declined Dee's friend request."]
    # (each message waits for the next page shown: none is shown between these posts)
    response = client.post(reverse("friends:cancel", args=[eve.pk]))
    assert said(response)[-1] == "Your friend request to Eve is taken back."
    response = client.post(reverse("friends:remove", args=[fay.pk]))
    assert said(response)[-1] == "Fay is no longer your friend."
    assert not FriendRequest.objects.exists() and not Friendship.objects.exists()
    # each again: the refusal's message on the page
    response = client.post(reverse("friends:remove", args=[fay.pk]), follow=True)
    assert response.status_code == 200
    assert "You and Fay are not friends." in response.content.decode()
    response = client.post(reverse("friends:cancel", args=[eve.pk]), follow=True)
    assert "no longer waiting" in response.content.decode()


def test_the_answers_go_back_to_the_page_they_came_from_on_this_site_only(client, player):
    me, dee = player("Me"), player("Dee")
    friend_request_send(user_id=dee.pk, other_id=me.pk)
    client.force_login(me)
    profile = reverse("rankings:profile", args=[dee.pk])
    response = client.post(reverse("friends:decline", args=[dee.pk]), {"next": profile})
    assert response["Location"] == profile
    friend_request_send(user_id=dee.pk, other_id=me.pk)
    for elsewhere in ("https://evil.example/", "//evil.example/", "friends:list"):
        response = client.post(reverse("friends:decline", args=[dee.pk]), {"next": elsewhere})
        assert response["Location"] == FRIENDS


def test_the_answers_take_posts_only_and_a_logged_in_player(client, player):
    me, dee = player("Me"), player("Dee")
    for name in ("accept", "decline", "cancel", "remove"):
        url = reverse(f"friends:{name}", args=[dee.pk])
        assert client.post(url).status_code == 302  # to the login page
        client.force_login(me)
        assert client.get(url).status_code == 405
        client.logout()
    assert not Friendship.objects.exists()


@pytest.mark.parametrize("user_id", [999_999, 10**20])  # the second past bigint's range
def test_a_refusal_for_a_player_who_does_not_exist(client, player, user_id):
    client.force_login(player("Me"))
    for name in ("friends:remove", "friends:accept", "games:friend_request_send"):
        response = client.post(reverse(name, args=[user_id]), follow=True)
        assert "There is no such player." in response.content.decode()


# ---- bounded queries -----------------------------------------------------------------------


def many_friends(me: User, count: int) -> None:
    """`count` friends, and as many requests either way, written in bulk."""
    others = User.objects.bulk_create(
        User(email=f"friend{me.pk}-{n}@example.com", display_name=f"Friend {me.pk}-{n}")
        for n in range(count * 3)
    )
    Friendship.objects.bulk_create(
        row
        for other in others[:count]
        for row in (Friendship(user=me, friend=other), Friendship(user=other, friend=me))
    )
    FriendRequest.objects.bulk_create(
        [FriendRequest(from_user=other, to_user=me) for other in others[count : count * 2]]
        + [FriendRequest(from_user=me, to_user=other) for other in others[count * 2 :]]
    )


def test_two_hundred_friends_are_read_in_three_queries(player, django_assert_max_num_queries):
    me = player("Me")
    many_friends(me, 200)
    with django_assert_max_num_queries(3):
        page = friends_page(user_id=me.pk)
    assert (len(page.friends), len(page.received), len(page.sent)) == (200, 200, 200)
    assert page.friends[0].name.startswith("Friend")


def test_the_page_takes_as_many_queries_for_two_hundred_friends_as_for_two(
    client, player, django_assert_max_num_queries
):
    few, many = player("Few"), player("Many")
    many_friends(few, 2)
    many_friends(many, 200)
    counts = []
    for me in (few, many):
        client.force_login(me)
        client.get(FRIENDS)  # the day's first page also counts the daily visit (economy)
        # session, user, the header's four (notifications, friend requests, warnings, coins),
        # the page's three lists, the search and its two of states, the friends' presence
        # settings (games.presence.context_processors), the challenges waiting for my answer
        # (games.challenges.context_processors: every page's prompts)
        with django_assert_max_num_queries(14) as captured:
            assert client.get(FRIENDS, {"q": "friend"}).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1]


# ---- staff ---------------------------------------------------------------------------------


def test_the_staff_pages_list_and_search_friendships_and_requests(client, player):
    staff = player("Staff", is_staff=True, is_superuser=True)
    ann, bob, cid = player("Ann"), player("Bob"), player("Cid")
    befriend(ann, bob)
    friend_request_send(user_id=cid.pk, other_id=ann.pk)
    client.force_login(staff)
    for model in ("friendship", "friendrequest"):
        url = reverse(f"admin:accounts_{model}_changelist")
        response = client.get(url)
        assert response.status_code == 200
        assert "Ann" in response.content.decode()
        found = client.get(url, {"q": cid.email}).content.decode()
        assert ("Cid" in found) is (model == "friendrequest")
    friendship = Friendship.objects.first()
    page = client.get(reverse("admin:accounts_friendship_change", args=[friendship.pk]))
    assert page.status_code == 200
    # read-only: no adding, no deleting one row of the pair
    assert client.get(reverse("admin:accounts_friendship_add")).status_code == 403
    delete = reverse("admin:accounts_friendship_delete", args=[friendship.pk])
    assert client.post(delete, {"post": "yes"}).status_code == 403
    assert Friendship.objects.count() == 2

"""Moderation (seed 000: "please use the REPORT PLAYER button ... and we will block the user
forever"): a block shuts the player out at once (account, queue, games, open sockets, session,
login), is recorded with who and when, and only staff lift it; warnings stay on the player's
pages until read; a dismissed report is recorded too."""

from __future__ import annotations

import time

import pytest
from allauth.account.models import EmailAddress
from celery.contrib.testing.worker import start_worker
from channels.db import database_sync_to_async
from django.conf import settings as django_settings
from django.contrib.auth.models import AnonymousUser
from django.test import Client, RequestFactory
from django.urls import reverse

from accounts.models import User
from euchre_site.celery import app as celery_app
from games.engine import RuleOptions
from games.live.services.chat import ChatRejected, chat_post
from games.live.services.play import MoveRejected, computer_act, game_act
from games.models import Action, Game, Seat
from games.moderation.context_processors import moderation_warnings
from games.moderation.models import AbuseReport, ModerationDecision
from games.moderation.services.decisions import (
    ModerationRefused,
    player_block,
    player_unblock,
    player_warn,
    report_dismiss,
    warning_acknowledge,
)
from games.moderation.services.reports import report_create
from games.players import choose_action
from games.selectors import engine_game
from games.tables.models import QueueEntry
from games.tables.services.quick_play import queue_join
from games.tables.services.tables import seat_take, table_create
from tests.games.live.sockets import join, receive, run, send, table_socket

PASSWORD = "a long password 1"  # tests/games/conftest.py's make_player


@pytest.fixture
def staff(make_player) -> User:
    return make_player("Sam", is_staff=True)


def reported(game: Game, reporter: User, seat: int, reason: str = "abuse") -> AbuseReport:
    return report_create(reporter_id=reporter.pk, game_id=game.pk, seat=seat, reason=reason)


# ---- the block and what follows from it ------------------------------------------------------


@pytest.mark.django_db
def test_a_block_is_recorded_with_staff_time_note_and_report_and_closes_every_open_report(
    started_table, staff
):
    game, players = started_table()
    rude = players[2]
    chat_post(game_id=game.pk, user_id=rude.pk, text="you are all idiots")
    report = reported(game, players[1], seat=2)
    other_report = reported(game, players[3], seat=2, reason="spam")
    unrelated = reported(game, players[2], seat=0)  # rude's own report on someone else

    decision = player_block(
        staff_id=staff.pk, player_id=rude.pk, report_id=report.pk, note="insults in chat"
    )

    assert decision is not None
    assert (decision.kind, decision.staff, decision.player) == ("block", staff, rude)
    assert decision.report == report and decision.note == "insults in chat"
    assert decision.created_at is not None
    rude.refresh_from_db()
    assert rude.is_active is False and rude.blocked_at is not None
    report.refresh_from_db()
    other_report.refresh_from_db()
    unrelated.refresh_from_db()
    assert report.status == other_report.status == AbuseReport.Status.ACTIONED
    assert "insults in chat" in report.staff_note
    assert unrelated.status == AbuseReport.Status.OPEN


@pytest.mark.django_db
def test_blocking_twice_changes_nothing_the_second_time(started_table, staff):
    game, players = started_table()
    report = reported(game, players[0], seat=1)
    first = player_block(staff_id=staff.pk, player_id=players[1].pk, report_id=report.pk)
    blocked_at = User.objects.get(pk=players[1].pk).blocked_at

    again = player_block(staff_id=staff.pk, player_id=players[1].pk, report_id=report.pk)

    assert first is not None and again is None
    assert ModerationDecision.objects.count() == 1
    assert User.objects.get(pk=players[1].pk).blocked_at == blocked_at


@pytest.mark.django_db
def test_a_blocked_player_leaves_the_quick_play_queue(make_player, staff):
    waiting = make_player()
    queue_join(user_id=waiting.pk)
    assert QueueEntry.objects.filter(user=waiting).exists()

    player_block(staff_id=staff.pk, player_id=waiting.pk)

    assert not QueueEntry.objects.filter(user=waiting).exists()


def play_to_the_end(game: Game) -> Game:
    """Plays the game out through the services: people choose as the computer would, and
    `computer_act` moves for every seat the computer plays (what the Celery tasks run)."""
    for _ in range(2000):
        game = Game.objects.get(pk=game.pk)
        if game.status == Game.Status.FINISHED:
            return game
        engine = engine_game(game)
        seat = Seat.objects.get(game=game, position=engine.to_act)
        if seat.is_computer:
            computer_act(game_id=game.pk, version=game.version, source=Action.Source.COMPUTER)
        else:
            action = choose_action(engine.view(seat.position), engine.rules)
            game_act(game_id=game.pk, user_id=seat.user_id, action=action, version=game.version)
    raise AssertionError("the game did not finish")


@pytest.mark.django_db
def test_a_game_the_blocked_player_was_playing_finishes_with_the_computer_in_their_seat(
    started_table, staff
):
    game, players = started_table()
    blocked = players[engine_game(game).to_act]  # blocked in their own turn
    version = game.version

    player_block(staff_id=staff.pk, player_id=blocked.pk)

    seat = Seat.objects.get(game=game, user=blocked)
    assert seat.cancelled and not seat.in_play
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    assert game.turn_deadline is None  # the computer takes this turn now
    with pytest.raises(MoveRejected) as refused:
        game_act(game_id=game.pk, user_id=blocked.pk, action="pass", version=version)
    assert refused.value.code == "cancelled"

    finished = play_to_the_end(game)

    assert finished.winner_team in (0, 1)
    assert max(finished.score_team0, finished.score_team1) >= 10
    theirs = Action.objects.filter(game=game, seat=seat.position, sequence__gte=version)
    assert theirs.exists()
    assert set(theirs.values_list("source", flat=True)) == {Action.Source.COMPUTER}
    # like a cancel: the seat stays cancelled, so its points are forfeit
    assert Seat.objects.get(pk=seat.pk).cancelled
    assert Seat.objects.filter(game=game, cancelled=False, user__isnull=False).count() == 3


@pytest.mark.django_db(transaction=True)
@pytest.mark.services
def test_the_worker_plays_the_blocked_players_turn_at_once(started_table, staff, settings):
    """The block queues the computer's move on commit, as a cancel does; a real worker makes
    it, long before the player's own 60 s would have run out."""
    settings.GAME_TURN_SECONDS = 60
    settings.GAME_COMPUTER_PAUSE_SECONDS = 0.01
    game, players = started_table()
    seat = engine_game(game).to_act
    with start_worker(celery_app, pool="solo", perform_ping_check=False, shutdown_timeout=10):
        player_block(staff_id=staff.pk, player_id=players[seat].pk)
        made = Action.objects.filter(game=game, sequence=0)
        give_up = time.monotonic() + 20
        while not made.exists() and time.monotonic() < give_up:
            time.sleep(0.05)
    assert made.get().seat == seat
    assert made.get().source == Action.Source.COMPUTER


@pytest.mark.django_db
def test_a_blocked_player_leaves_an_open_table_and_their_own_table_closes(make_player, staff):
    host, guest, other_host = make_player(), make_player(), make_player()
    guests_table = table_create(creator_id=other_host.pk, kind="private", rules=RuleOptions())
    seat_take(game_id=guests_table.pk, user_id=guest.pk)
    hosts_table = table_create(creator_id=host.pk, kind="private", rules=RuleOptions())
    newcomer = make_player()
    seat_take(game_id=hosts_table.pk, user_id=newcomer.pk)

    player_block(staff_id=staff.pk, player_id=guest.pk)
    player_block(staff_id=staff.pk, player_id=host.pk)

    guests_table.refresh_from_db()
    assert guests_table.status == Game.Status.OPEN
    assert not guests_table.seats.filter(user=guest).exists()
    assert guests_table.seats.filter(user=other_host, in_play=True).exists()
    hosts_table.refresh_from_db()
    assert hosts_table.status == Game.Status.FINISHED
    assert not hosts_table.seats.filter(user__isnull=False).exists()
    # the newcomer at the closed table is free to play elsewhere
    assert not Seat.objects.filter(user=newcomer, in_play=True).exists()


@pytest.mark.django_db
def test_a_blocked_player_cannot_chat(started_table, staff):
    game, players = started_table()
    player_block(staff_id=staff.pk, player_id=players[1].pk)
    with pytest.raises(ChatRejected) as refused:
        chat_post(game_id=game.pk, user_id=players[1].pk, text="one last word")
    assert refused.value.code == "blocked"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("who", "code"), [("player", "not_staff"), ("self", "self"), ("other_staff", "staff")]
)
def test_only_staff_block_and_never_themselves_or_other_staff(make_player, staff, who, code):
    player, colleague = make_player(), make_player(is_staff=True)
    staff_id, player_id = {
        "player": (player.pk, colleague.pk),
        "self": (staff.pk, staff.pk),
        "other_staff": (staff.pk, colleague.pk),
    }[who]
    with pytest.raises(ModerationRefused) as refused:
        player_block(staff_id=staff_id, player_id=player_id)
    assert refused.value.code == code
    assert not User.objects.filter(blocked_at__isnull=False).exists()
    assert not ModerationDecision.objects.exists()


@pytest.mark.django_db
def test_a_report_about_someone_else_cannot_be_used_to_block(started_table, staff):
    game, players = started_table()
    report = reported(game, players[0], seat=1)
    with pytest.raises(ModerationRefused) as refused:
        player_block(staff_id=staff.pk, player_id=players[2].pk, report_id=report.pk)
    assert refused.value.code == "no_report"
    assert User.objects.get(pk=players[2].pk).is_active


# ---- the blocked player's sockets --------------------------------------------------------------


async def frames_until(socket, kind: str, code: str | None = None) -> dict:
    """Reads frames until one of this type (and code) arrives."""
    for _ in range(20):
        frame = await receive(socket)
        if frame["type"] == kind and (code is None or frame.get("code") == code):
            return frame
    raise AssertionError(f"no {kind} frame")


@pytest.mark.django_db(transaction=True)
@pytest.mark.services
def test_a_block_closes_the_players_sockets_at_once_and_the_table_plays_on(
    started_table, staff, redis_client
):
    game, players = started_table()
    blocked = players[1]

    async def scenario():
        tabs = [await table_socket(game.pk, blocked) for _ in range(2)]
        others = [await table_socket(game.pk, player) for player in (players[0], players[2])]
        for socket in [*tabs, *others]:
            await join(socket)

        await database_sync_to_async(player_block)(staff_id=staff.pk, player_id=blocked.pk)

        for tab in tabs:  # both tabs: told why, then closed with 4003
            error = await frames_until(tab, "error", "blocked")
            assert "blocked" in error["message"]
            closed = await tab.receive_output(timeout=5)
            assert closed == {"type": "websocket.close", "code": 4003}
        for socket in others:  # the others see the computer take the seat, and stay open
            state = await frames_until(socket, "state")
            assert state["seats"][1]["computer"] is True
            assert state["status"] == "playing"
        await send(others[0], {"type": "chat", "text": "good riddance", "version": 0})
        for socket in others:
            line = await frames_until(socket, "chat")
            assert line["messages"][0]["text"] == "good riddance"
            await send(socket, {"type": "sync", "version": 0})
            assert (await frames_until(socket, "state"))["seats"][1]["computer"] is True
        # coming back is refused: the session no longer logs the player in
        again = await table_socket(game.pk, blocked)
        assert await again.connect(timeout=10) == (False, 4401)
        for socket in others:
            await socket.disconnect()

    run(scenario)


# ---- the blocked player's session and login ------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("backend", django_settings.AUTHENTICATION_BACKENDS)
def test_a_blocked_players_next_request_is_treated_as_logged_out(make_player, staff, backend):
    player = make_player()
    client = Client()
    client.force_login(player, backend=backend)
    assert client.get(reverse("games:lobby")).status_code == 200

    player_block(staff_id=staff.pk, player_id=player.pk)

    response = client.get(reverse("games:lobby"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def log_in(client: Client, player: User):
    return client.post(reverse("account_login"), {"login": player.email, "password": PASSWORD})


@pytest.mark.django_db
def test_a_blocked_player_cannot_log_in_until_staff_lift_the_block(make_player, staff):
    player = make_player()
    EmailAddress.objects.create(user=player, email=player.email, verified=True, primary=True)
    player_block(staff_id=staff.pk, player_id=player.pk)

    client = Client()
    refused = log_in(client, player)
    assert refused.status_code == 302
    assert refused["Location"] == reverse("account_inactive")
    assert "_auth_user_id" not in client.session

    lifted = player_unblock(staff_id=staff.pk, player_id=player.pk, note="appeal accepted")
    assert lifted is not None and lifted.kind == "unblock" and lifted.staff == staff
    assert player_unblock(staff_id=staff.pk, player_id=player.pk) is None  # once
    player.refresh_from_db()
    assert player.is_active and player.blocked_at is None

    welcome = log_in(client, player)
    assert welcome.status_code == 302
    assert welcome["Location"] != reverse("account_inactive")
    assert client.session["_auth_user_id"] == str(player.pk)


# ---- warnings and dismissals --------------------------------------------------------------------


@pytest.mark.django_db
def test_a_warning_shows_on_every_page_until_the_player_acknowledges_it(
    started_table, staff, client
):
    game, players = started_table()
    report = reported(game, players[0], seat=3)
    warning = player_warn(
        staff_id=staff.pk, player_id=players[3].pk, report_id=report.pk, note="Mind <b>words</b>"
    )
    report.refresh_from_db()
    assert report.status == AbuseReport.Status.ACTIONED
    assert (warning.kind, warning.staff, warning.acknowledged_at) == ("warn", staff, None)

    client.force_login(players[3])
    for page in (reverse("home"), reverse("games:lobby"), reverse("games:mutes")):
        body = client.get(page).content.decode()
        assert f'id="warning-{warning.pk}"' in body, page
        assert "Mind &lt;b&gt;words&lt;/b&gt;" in body  # staff text is escaped too
    # another player sees nothing
    other = Client()
    other.force_login(players[0])
    assert "moderation-warning" not in other.get(reverse("home")).content.decode()

    back = reverse("games:lobby")
    response = client.post(reverse("games:warning_acknowledge", args=[warning.pk]), {"next": back})
    assert response.status_code == 302 and response["Location"] == back
    warning.refresh_from_db()
    assert warning.acknowledged_at is not None
    assert "moderation-warning" not in client.get(back).content.decode()


@pytest.mark.django_db
def test_a_player_cannot_acknowledge_someone_elses_warning(started_table, staff):
    _, players = started_table()
    warning = player_warn(staff_id=staff.pk, player_id=players[1].pk)
    with pytest.raises(ModerationRefused):
        warning_acknowledge(user_id=players[2].pk, decision_id=warning.pk)
    assert warning_acknowledge(user_id=players[1].pk, decision_id=warning.pk) is True
    assert warning_acknowledge(user_id=players[1].pk, decision_id=warning.pk) is False


@pytest.mark.django_db
def test_the_banner_costs_one_query_and_none_for_visitors(
    make_player, staff, client, django_assert_num_queries
):
    player = make_player()
    player_warn(staff_id=staff.pk, player_id=player.pk, note="first")
    player_warn(staff_id=staff.pk, player_id=player.pk, note="second")
    request = RequestFactory().get("/")
    request.user = player
    with django_assert_num_queries(1):
        assert [w.note for w in moderation_warnings(request)["moderation_warnings"]] == [
            "second",
            "first",
        ]
    request.user = AnonymousUser()
    with django_assert_num_queries(0):
        assert moderation_warnings(request) == {}


@pytest.mark.django_db
def test_dismissing_a_report_closes_it_once_and_records_who(started_table, staff):
    game, players = started_table()
    report = reported(game, players[0], seat=1)
    decision = report_dismiss(staff_id=staff.pk, report_id=report.pk, note="banter")
    report.refresh_from_db()
    assert report.status == AbuseReport.Status.DISMISSED
    assert (decision.kind, decision.staff, decision.player, decision.report) == (
        "dismiss",
        staff,
        players[1],
        report,
    )
    with pytest.raises(ModerationRefused) as refused:
        report_dismiss(staff_id=staff.pk, report_id=report.pk)
    assert refused.value.code == "already_decided"
    with pytest.raises(ModerationRefused):
        player_warn(staff_id=staff.pk, player_id=players[1].pk, report_id=report.pk)
    assert ModerationDecision.objects.count() == 1
    assert User.objects.get(pk=players[1].pk).is_active


@pytest.mark.django_db
def test_a_blocked_player_is_not_warned(make_player, staff):
    player = make_player()
    player_block(staff_id=staff.pk, player_id=player.pk)
    with pytest.raises(ModerationRefused) as refused:
        player_warn(staff_id=staff.pk, player_id=player.pk)
    assert refused.value.code == "blocked"

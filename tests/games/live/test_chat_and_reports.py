"""Table chat over the socket, and abuse reports with the chat around them (seed 000: "No
telling your partner what cards you have. Players can report this behavior.")."""

from __future__ import annotations

import pytest

from games.engine import RuleOptions
from games.live.models import ChatMessage
from games.live.services.chat import RATE_LIMIT_MESSAGES, ChatRejected, chat_post
from games.models import Game
from games.moderation.models import AbuseReport
from games.moderation.services.reports import ReportRejected, report_create
from games.tables.services.tables import table_create, table_start

from .sockets import join, receive, run, send, table_socket


@pytest.mark.django_db(transaction=True)
@pytest.mark.services
def test_a_chat_line_reaches_every_socket_at_the_table_and_a_newcomer_gets_the_history(
    started_table, redis_client
):
    game, players = started_table()

    async def scenario():
        sockets = [await table_socket(game.pk, player) for player in players[:3]]
        for socket in sockets:
            await join(socket)
        await send(sockets[0], {"type": "chat", "text": "  good <b>luck</b>  ", "version": 0})
        for socket in sockets:
            frame = await receive(socket)
            assert frame["type"] == "chat"
            [line] = frame["messages"]
            # stored and sent as typed (trimmed); the page escapes it when it shows it
            assert line["text"] == "good <b>luck</b>"
            assert line["seat"] == 0 and line["name"] == players[0].get_short_name()
        late = await table_socket(game.pk, players[3])
        await late.connect(timeout=10)
        await receive(late)  # the state
        history = await receive(late)
        assert [line["text"] for line in history["messages"]] == ["good <b>luck</b>"]
        for socket in [*sockets, late]:
            await socket.disconnect()

    run(scenario)


@pytest.mark.django_db(transaction=True)
@pytest.mark.services
def test_a_refused_chat_line_gets_a_clear_error_over_the_socket(started_table, redis_client):
    game, players = started_table()

    async def scenario():
        socket = await table_socket(game.pk, players[1])
        await join(socket)
        await send(socket, {"type": "chat", "text": "x" * 201, "version": 0})
        error = await receive(socket)
        assert error["type"] == "error" and error["code"] == "too_long"
        await socket.disconnect()

    run(scenario)
    assert not ChatMessage.objects.exists()


@pytest.mark.django_db
def test_chat_is_rate_limited_per_player(started_table):
    game, players = started_table()
    for number in range(RATE_LIMIT_MESSAGES):
        chat_post(game_id=game.pk, user_id=players[0].pk, text=f"line {number}")
    with pytest.raises(ChatRejected) as refused:
        chat_post(game_id=game.pk, user_id=players[0].pk, text="one too many")
    assert refused.value.code == "rate_limited"
    chat_post(game_id=game.pk, user_id=players[1].pk, text="others may still talk")
    assert ChatMessage.objects.count() == RATE_LIMIT_MESSAGES + 1


@pytest.mark.django_db
def test_only_players_at_the_table_may_chat(started_table, make_player):
    game, _ = started_table()
    with pytest.raises(ChatRejected) as refused:
        chat_post(game_id=game.pk, user_id=make_player().pk, text="hello")
    assert refused.value.code == "not_seated"


@pytest.mark.django_db
def test_an_empty_line_is_refused(started_table):
    game, players = started_table()
    with pytest.raises(ChatRejected):
        chat_post(game_id=game.pk, user_id=players[0].pk, text=" \n\t ")


@pytest.mark.django_db
def test_a_report_keeps_the_game_and_the_chat_around_it_for_staff(started_table):
    game, players = started_table()
    chat_post(game_id=game.pk, user_id=players[2].pk, text="partner I have both bowers")
    report = report_create(
        reporter_id=players[1].pk, game_id=game.pk, seat=2, reason="cheating", details="table talk"
    )
    assert report.reported == players[2] and report.game_id == game.pk
    assert report.status == AbuseReport.Status.OPEN
    assert [line["text"] for line in report.chat_excerpt] == ["partner I have both bowers"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("seat_of", "reason", "code"),
    [(0, "cheating", "self"), (1, "nonsense", "bad_reason")],
)
def test_a_report_that_makes_no_sense_is_refused(started_table, seat_of, reason, code):
    game, players = started_table()
    with pytest.raises(ReportRejected) as refused:
        report_create(reporter_id=players[0].pk, game_id=game.pk, seat=seat_of, reason=reason)
    assert refused.value.code == code
    assert not AbuseReport.objects.exists()


@pytest.mark.django_db
def test_a_double_click_on_report_files_one_report(started_table):
    game, players = started_table()
    report_create(reporter_id=players[0].pk, game_id=game.pk, seat=1, reason="abuse")
    with pytest.raises(ReportRejected) as refused:
        report_create(reporter_id=players[0].pk, game_id=game.pk, seat=1, reason="abuse")
    assert refused.value.code == "already_reported"
    assert AbuseReport.objects.count() == 1


@pytest.mark.django_db
def test_a_computer_seat_cannot_be_reported(make_player):
    player = make_player()
    game = table_create(creator_id=player.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    table_start(game_id=game.pk, user_id=player.pk)
    with pytest.raises(ReportRejected) as refused:
        report_create(reporter_id=player.pk, game_id=game.pk, seat=1, reason="abuse")
    assert refused.value.code == "no_player"

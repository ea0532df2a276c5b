"""The pause between two hands: a move that ends a hand (the game going on) starts the next turn's
clock only after the summary's pause the page shows (GAME_HAND_PAUSE_SECONDS), and the computers
first to bid wait for it too; a continue from every person seated ends it early, restarting the
clock from then; a continue that is forged, late, repeated or for another hand changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.live.services.hand_pause import ContinueRefused, hand_continue, hand_pause_of
from games.live.services.play import computer_run, game_act
from games.live.services.turn_timers import due_timeouts_queue
from games.models import Action, Game, Seat
from games.players import choose_action
from games.selectors import engine_game, engine_of, table_state
from tests.celery_queue import queue_clear, runs_due

from .sockets import join, receive, run, send, table_socket
from .test_computer_runs import person_with_computers, to_the_persons_turn

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

PAUSE = timedelta(seconds=7)
COMPUTER_PAUSE = timedelta(seconds=0.8)


@pytest.fixture(autouse=True)
def timing(settings):
    settings.GAME_HAND_PAUSE_SECONDS = PAUSE.total_seconds()
    settings.GAME_COMPUTER_PAUSE_SECONDS = COMPUTER_PAUSE.total_seconds()
    settings.GAME_TURN_SECONDS = 30


def move(game: Game, user_id: int):
    engine = engine_game(game)
    action = choose_action(engine.view(engine.to_act), engine.rules)
    return game_act(game_id=game.pk, user_id=user_id, action=action, version=game.version)


def limit_of(game: Game, seat: int) -> timedelta:
    return timedelta(milliseconds=Seat.objects.get(game=game, position=seat).time_limit_ms)


def persons_hand_end(game: Game, person: int, *, person_next: bool):
    """Plays the person's moves (and the computers') until one of the person's moves ends a
    hand with the game going on, and the seat to act then is the person's (`person_next`) or a
    computer's: the game then, the hand that ended, when the move was sent and the computer
    moves stored after the hand's end with it."""
    for _ in range(400):
        game = to_the_persons_turn(game)
        assert game.status == Game.Status.PLAYING, "the game ended before the hand end wanted"
        hand, before, sent = engine_game(game).hand_number, game.version, timezone.now()
        move(game, person)
        game.refresh_from_db()
        engine = engine_game(game)
        ended = engine.hand_number == hand + 1 and game.status == Game.Status.PLAYING
        if ended and (engine.to_act == 0) == person_next:
            return game, hand, sent, _moves_after_the_deal(game, before, hand)
    raise AssertionError("no hand ended as wanted")


def _moves_after_the_deal(game: Game, before: int, hand: int) -> int:
    """How many computer moves stored with the person's from `before` on came before hand
    `hand` ended, and after."""
    rows = Action.objects.filter(game=game).order_by("sequence")
    actions = list(rows.values_list("action", flat=True))
    engine, after = engine_of(game, actions[:before]), 0
    for action in actions[before:]:
        after += engine.hand_number != hand
        engine = engine.apply(action, seat=engine.to_act)
    return len(actions) - before - 1 - after, after


def run_due(redis_client, game: Game):
    """When the computers' run from the game's version is due (earlier runs the test made
    itself may still wait)."""
    [due] = [due for run, due in runs_due(redis_client) if run == (game.pk, game.version)]
    return due


def test_a_persons_clock_in_the_new_hand_starts_after_the_summarys_pause(make_player, empty_queue):
    game, person = person_with_computers(make_player, level="easy")
    game, hand, sent, (before, after) = persons_hand_end(game, person, person_next=True)
    limit = limit_of(game, 0)
    # the page shows each easy computer's move a pause after the one before, and the new deal
    # the summary's pause after the hand's last move
    shown = (before + after) * COMPUTER_PAUSE
    assert sent + PAUSE + shown + limit <= game.turn_deadline
    assert game.turn_deadline <= timezone.now() + PAUSE + shown + limit
    # the page is told the pause: the same number
    assert table_state(game_id=game.pk, user_id=person)["hand_pause_ms"] == 7000
    pause = hand_pause_of(game.pk)
    assert pause is not None and pause.hand == hand and pause.version == game.version
    assert pause.waiting == (person,) and pause.to_act == 0
    # the timer agrees: a person's whole time after the move, the summary still up, nothing due
    assert due_timeouts_queue(now=timezone.now() + limit + timedelta(seconds=1)) == 0


def test_my_continue_restarts_my_clock_from_now_once_and_only_for_that_hand(
    make_player, empty_queue
):
    game, person = person_with_computers(make_player, level="easy")
    game, hand, _sent, (_before, after) = persons_hand_end(game, person, person_next=True)
    paused_deadline = game.turn_deadline
    # another hand's continue, a stranger's: nothing changes
    assert hand_continue(game_id=game.pk, user_id=person, hand=hand + 1) is False
    with pytest.raises(ContinueRefused) as refused:
        hand_continue(game_id=game.pk, user_id=make_player().pk, hand=hand)
    assert refused.value.code == "not_seated"
    game.refresh_from_db()
    assert game.turn_deadline == paused_deadline
    before = timezone.now()
    assert hand_continue(game_id=game.pk, user_id=person, hand=hand) is True
    game.refresh_from_db()
    full = limit_of(game, 0) + after * COMPUTER_PAUSE
    assert before + full <= game.turn_deadline <= timezone.now() + full
    assert game.turn_deadline < paused_deadline
    restarted = game.turn_deadline
    # sent twice: the pause is over, nothing changes
    assert hand_continue(game_id=game.pk, user_id=person, hand=hand) is False
    game.refresh_from_db()
    assert game.turn_deadline == restarted and hand_pause_of(game.pk) is None


def test_one_players_continue_cannot_shorten_anothers_pause(started_table, empty_queue):
    game, players = started_table()
    by_seat = {seat: player.pk for seat, player in enumerate(players)}
    for _ in range(200):
        engine = engine_game(game)
        hand, sent = engine.hand_number, timezone.now()
        move(game, by_seat[engine.to_act])
        game.refresh_from_db()
        if engine_game(game).hand_number != hand:
            break
    else:
        raise AssertionError("no hand ended")
    assert game.status == Game.Status.PLAYING
    to_act = engine_game(game).to_act
    paused_deadline = game.turn_deadline
    assert sent + PAUSE + limit_of(game, to_act) <= paused_deadline
    others = [user for seat, user in by_seat.items() if seat != to_act]
    # everyone but the player to act continues (each twice): their clock is left alone
    for user in others + others:
        assert hand_continue(game_id=game.pk, user_id=user, hand=hand) is False
    game.refresh_from_db()
    assert game.turn_deadline == paused_deadline
    # a player who left has no say, and is told so
    Seat.objects.filter(game=game, user_id=others[0]).update(cancelled=True)
    with pytest.raises(ContinueRefused) as refused:
        hand_continue(game_id=game.pk, user_id=others[0], hand=hand)
    assert refused.value.code == "cancelled"
    # the last person seated continues: the clock starts from now, with their whole time
    before = timezone.now()
    assert hand_continue(game_id=game.pk, user_id=by_seat[to_act], hand=hand) is True
    game.refresh_from_db()
    limit = limit_of(game, to_act)
    assert before + limit <= game.turn_deadline <= timezone.now() + limit


def test_computers_first_in_the_new_hand_wait_for_the_pause_and_go_on_a_continue(
    make_player, empty_queue
):
    game, person = person_with_computers(make_player, level="normal")
    game, hand, sent, _after = persons_hand_end(game, person, person_next=False)
    assert game.turn_deadline is None  # a computer's turn: no clock
    due = run_due(empty_queue, game)
    assert due >= sent + PAUSE + COMPUTER_PAUSE - timedelta(milliseconds=1)
    before = timezone.now()
    assert hand_continue(game_id=game.pk, user_id=person, hand=hand) is True
    due = run_due(empty_queue, game)
    # the computer's bid comes a pause after the new deal shows, not after the summary's pause
    assert before + COMPUTER_PAUSE - timedelta(milliseconds=1) <= due
    assert due <= timezone.now() + COMPUTER_PAUSE
    queue_clear(empty_queue)


@pytest.mark.parametrize(
    "message",
    [
        {"type": "continue", "version": 0},
        {"type": "continue", "hand": "1", "version": 0},
        {"type": "continue", "hand": -1, "version": 0},
        {"type": "continue", "hand": True, "version": 0},
    ],
)
def test_a_malformed_continue_gets_an_error_and_changes_nothing(make_player, empty_queue, message):
    game, person = person_with_computers(make_player, level="easy")
    game, hand, _sent, _after = persons_hand_end(game, person, person_next=True)
    paused_deadline = game.turn_deadline
    user = Seat.objects.get(game=game, position=0).user

    async def scenario():
        socket = await table_socket(game.pk, user)
        await join(socket)
        await send(socket, {**message, "version": game.version})
        error = await receive(socket)
        assert error["type"] == "error" and error["code"] == "bad_message"
        # a good continue for another hand: no answer, nothing changes
        await send(socket, {"type": "continue", "hand": hand + 5, "version": game.version})
        await send(socket, {"type": "sync", "version": game.version})
        state = await receive(socket)
        assert state["type"] == "state" and state["version"] == game.version
        await socket.disconnect()

    run(scenario)
    game.refresh_from_db()
    assert game.turn_deadline == paused_deadline
    assert hand_pause_of(game.pk).waiting == (person,)


def test_a_continue_over_the_socket_tells_the_page_its_new_deadline(make_player, empty_queue):
    game, person = person_with_computers(make_player, level="easy")
    game, hand, _sent, _after = persons_hand_end(game, person, person_next=True)
    paused_deadline = game.turn_deadline
    user = Seat.objects.get(game=game, position=0).user

    async def scenario():
        socket = await table_socket(game.pk, user)
        state = await join(socket)
        assert state["turn_deadline"] == paused_deadline.isoformat()
        await send(socket, {"type": "continue", "hand": hand, "version": game.version})
        state = await receive(socket)
        assert state["type"] == "state" and state["version"] == game.version
        return state["turn_deadline"]

    told = run(scenario)
    game.refresh_from_db()
    assert told == game.turn_deadline.isoformat() and game.turn_deadline < paused_deadline


def test_a_table_everyone_left_has_no_pause_between_hands(started_table, empty_queue):
    """Nobody seated sees a summary: the computers play on without waiting for one."""
    game, _players = started_table()
    Seat.objects.filter(game=game).update(cancelled=True)
    hand = engine_game(game).hand_number
    while engine_game(game).hand_number == hand:
        computer_run(game_id=game.pk, version=game.version)
        game.refresh_from_db()
    assert game.status == Game.Status.PLAYING and game.turn_deadline is None
    assert hand_pause_of(game.pk) is None
    # the computer's run after the hand's end is due a computer's pause on, no summary's
    due = run_due(empty_queue, game)
    assert due <= timezone.now() + COMPUTER_PAUSE * 8

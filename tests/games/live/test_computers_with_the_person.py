"""Easy computers move in the person's move: the computers after a person at an easy table
play in that move's own transaction (no task, no second transaction), their moves stored as
the computer's, the person given every version's frame in order in one message, the person's
time started once the page has shown them; a computer of another level (a seat a person left
plays at strong) is left to a worker's runner, due after the pause of the moves shown, unless
its move is forced (a single honest action), which costs no search and is played here too."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from games.engine_states import replayed
from games.live.frame_wire import frames_of
from games.live.services.after_move import seat_group
from games.live.services.play import game_act
from games.models import Action, Game, Seat
from games.players import choose_action
from games.selectors import engine_game, table_state
from tests.celery_queue import queue_clear, queue_key, queued, runs_due

from .layer_listen import listening
from .test_computer_runs import person_with_computers, to_the_persons_turn

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def persons_move(game: Game, person: int):
    engine = engine_game(game)
    action = choose_action(engine.view(0), engine.rules)
    return game_act(game_id=game.pk, user_id=person, action=action, version=game.version)


def hands_changed(game: Game, hand_before: int) -> timedelta:
    """The pauses between hands the page shows since hand `hand_before`."""
    changes = engine_game(game).hand_number - hand_before
    return changes * timedelta(seconds=settings.GAME_HAND_PAUSE_SECONDS)


def test_easy_computers_play_in_the_persons_move_to_the_persons_next_turn(
    make_player, empty_queue, settings
):
    settings.GAME_COMPUTER_PAUSE_SECONDS = 0.8
    game, person = person_with_computers(make_player, level="easy")
    game = to_the_persons_turn(game)
    followed = 0
    while game.status == Game.Status.PLAYING and followed < 5:
        queue_clear(empty_queue)
        before, hand = game.version, engine_game(game).hand_number
        started = timezone.now()
        applied = persons_move(game, person)
        game.refresh_from_db()
        made = list(Action.objects.filter(game=game, sequence__gte=before).order_by("sequence"))
        assert applied.version == game.version == before + len(made)
        assert made[0].seat == 0 and made[0].source == Action.Source.PLAYER
        computers = made[1:]
        assert all(move.seat != 0 for move in computers)
        assert all(move.source == Action.Source.COMPUTER for move in computers)
        if game.status != Game.Status.PLAYING:
            assert queued(empty_queue) == []
            break
        # the game is at the person's turn again (a run's bound aside): no computer task
        assert engine_game(game).to_act == 0 or len(computers) == 8
        if engine_game(game).to_act != 0:
            game = to_the_persons_turn(game)
            continue
        assert queued(empty_queue) == []  # nor a timer: beat's tick queues timeouts
        if computers:
            followed += 1
        # the page shows the computers' moves 0.8 s apart after the person's own, and a hand's
        # summary between two hands (games.live.services.hand_pause)
        shown = timedelta(seconds=0.8 * len(computers)) + hands_changed(game, hand)
        limit = timedelta(milliseconds=Seat.objects.get(game=game, position=0).time_limit_ms)
        assert started + shown + limit <= game.turn_deadline <= timezone.now() + shown + limit
    assert followed >= 3


def test_the_person_and_the_computers_moves_are_one_transaction(
    make_player, empty_queue, django_assert_max_num_queries
):
    game, person = person_with_computers(make_player, level="easy")
    game = to_the_persons_turn(game)
    longest = 0
    while longest < 3 and game.status == Game.Status.PLAYING:
        before = game.version
        # BEGIN, the game locked, read with its seats and players, the log's insert with the
        # game's update, COMMIT: no log read
        with django_assert_max_num_queries(5):
            applied = persons_move(game, person)
        longest = max(longest, applied.version - before - 1)
        game = to_the_persons_turn(Game.objects.get(pk=game.pk))
    assert longest >= 3


def test_the_person_gets_their_move_and_the_computers_in_order_in_one_message(
    make_player, empty_queue
):
    game, person = person_with_computers(make_player, level="easy")
    game = to_the_persons_turn(game)
    frames: list[dict] = []
    while len(frames) < 4 and game.status == Game.Status.PLAYING:
        with listening(seat_group(game.pk, person)) as (mine,):
            before = game.version
            persons_move(game, person)
            game.refresh_from_db()
            frames = frames_of(mine.next())
        assert [frame["version"] for frame in frames] == list(range(before + 1, game.version + 1))
        if game.status == Game.Status.PLAYING:
            state = table_state(game_id=game.pk, user_id=person)
            assert {**frames[-1], "server_time": None} == {**state, "server_time": None}
        assert all(frame["turn_deadline"] is None for frame in frames[:-1])
        # each frame is the person's own seat view of its version (the engine's view of seat
        # 0, which holds no other seat's unplayed card) and nothing else
        actions = list(
            Action.objects.filter(game=game).order_by("sequence").values_list("action", flat=True)
        )
        for frame in frames:
            engine = replayed(game.rules, game.seed, actions[: frame["version"]])
            assert frame["my_seat"] == 0
            assert frame["view"] == json.loads(json.dumps(engine.view(0).to_dict()))
        game = to_the_persons_turn(game)
    assert len(frames) >= 4


def test_a_strong_computer_after_easy_ones_is_left_to_a_runner_after_their_pause(
    make_player, empty_queue, settings
):
    settings.GAME_COMPUTER_PAUSE_SECONDS = 0.8
    game, person = person_with_computers(make_player, level="easy")
    # the person's right-hand seat is a person who left: the computer plays it at strong
    Seat.objects.filter(game=game, position=3).update(user=make_player(), cancelled=True)
    game = to_the_persons_turn(Game.objects.get(pk=game.pk))
    checked = 0
    while checked < 3 and game.status == Game.Status.PLAYING:
        queue_clear(empty_queue)
        before, sent_from = game.version, timezone.now()
        hand = engine_game(game).hand_number
        applied = persons_move(game, person)
        game.refresh_from_db()
        made = list(Action.objects.filter(game=game, sequence__gte=before).order_by("sequence"))
        if engine_game(game).to_act == 3 and game.status == Game.Status.PLAYING:
            # the easy seats played in the person's move (and the strong one only a move it
            # had no choice in); the strong one with a choice waits for a worker's runner
            assert all(move.seat in (0, 1, 2) or forced(game, move) for move in made)
            assert len(engine_game(game).honest_actions()) > 1 and applied.computer_next
            assert raw_queue(empty_queue) == []  # no Celery task: the workers' runners take it
            [(run, due)] = runs_due(empty_queue)
            assert run == (game.pk, game.version)
            # the page shows each easy move 0.8 s after the one before; the strong one comes a
            # pause after the last of them (due to the millisecond)
            wait = timedelta(seconds=0.8 * len(made)) + hands_changed(game, hand)
            assert sent_from + wait - timedelta(milliseconds=1) <= due <= timezone.now() + wait
            checked += 1
        game = to_the_persons_turn(game)
    assert checked == 3


def test_a_searching_computers_move_without_a_choice_is_played_in_the_persons_move(
    make_player, empty_queue, settings
):
    """A move with a single honest action costs no search at any level: it needs no task."""
    game, person = person_with_computers(make_player, level="normal")
    game = to_the_persons_turn(game)
    played_here = stopped_at_a_choice = 0
    while game.status == Game.Status.PLAYING and (played_here < 4 or stopped_at_a_choice < 4):
        queue_clear(empty_queue)
        before = game.version
        applied = persons_move(game, person)
        game.refresh_from_db()
        made = Action.objects.filter(game=game, sequence__gt=before).order_by("sequence")
        for move in made:
            assert move.seat != 0 and move.source == Action.Source.COMPUTER
            assert forced(game, move)
            played_here += 1
        engine = engine_game(game)
        if game.status == Game.Status.PLAYING and engine.to_act != 0:
            # stopped at a computer with a choice: the worker's, after the moves shown
            assert len(engine.honest_actions()) > 1 and applied.computer_next
            assert raw_queue(empty_queue) == []
            [(run, _due)] = runs_due(empty_queue)
            assert run == (game.pk, game.version)
            stopped_at_a_choice += 1
        game = to_the_persons_turn(game)
    assert played_here >= 4 and stopped_at_a_choice >= 4


def forced(game: Game, move: Action) -> bool:
    """Had the seat of this logged move a single honest action when it made it?"""
    actions = list(
        Action.objects.filter(game=game, sequence__lt=move.sequence)
        .order_by("sequence")
        .values_list("action", flat=True)
    )
    return replayed(game.rules, game.seed, actions).honest_actions() == [move.action]


def raw_queue(redis_client) -> list[dict]:
    return [json.loads(raw) for raw in reversed(redis_client.lrange(queue_key(), 0, -1))]

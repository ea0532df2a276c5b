"""A run of computer moves in one task and one transaction: after a person's move the computers
(searching ones: normal here) play on to the next person's turn in one call, with no task
queued for the moves inside the run and the person given every version's frame in order; the
person's time starts when their page has shown the run; a run stops at COMPUTER_RUN_LONGEST and
queues the rest; the queue is read from the real broker. Easy computers play in the person's
move itself: test_computers_with_the_person.py."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.engine import RuleOptions
from games.live.frame_wire import frames_of
from games.live.services.after_move import seat_group
from games.live.services.move_queue import COMPUTER_TURN
from games.live.services.play import COMPUTER_RUN_LONGEST, computer_run, game_act
from games.models import Action, Game, Seat
from games.players import choose_action
from games.selectors import engine_game, table_state
from games.tables.services.tables import table_create, table_start
from tests.celery_queue import queue_clear, queued

from .layer_listen import listening

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def person_with_computers(
    make_player, rules: RuleOptions | None = None, level: str = "normal"
) -> tuple[Game, int]:
    person = make_player()
    game = table_create(
        creator_id=person.pk,
        kind=Game.Kind.PRIVATE,
        rules=rules or RuleOptions(),
        computer_level=level,
    )
    table_start(game_id=game.pk, user_id=person.pk)
    game.refresh_from_db()
    return game, person.pk


def to_the_persons_turn(game: Game) -> Game:
    """Lets the computers play until seat 0 (the person) is to act, by runs."""
    while game.status == Game.Status.PLAYING and engine_game(game).to_act != 0:
        computer_run(game_id=game.pk, version=game.version)
        game.refresh_from_db()
    return game


def test_after_a_persons_move_the_computers_play_on_to_their_next_turn_in_one_run(
    make_player, empty_queue, settings
):
    settings.GAME_COMPUTER_PAUSE_SECONDS = 0.8
    game, person = person_with_computers(make_player)
    game = to_the_persons_turn(game)
    runs = 0
    while game.status == Game.Status.PLAYING and runs < 6:
        engine = engine_game(game)
        action = choose_action(engine.view(0), engine.rules)
        game_act(game_id=game.pk, user_id=person, action=action, version=game.version)
        game.refresh_from_db()
        if engine_game(game).to_act == 0 or game.status != Game.Status.PLAYING:
            continue  # the person moves again (a discard, a new deal's bid): no run
        queue_clear(empty_queue)
        before = game.version
        started = timezone.now()
        applied = computer_run(game_id=game.pk, version=before)
        game.refresh_from_db()
        runs += 1
        made = list(Action.objects.filter(game=game, sequence__gte=before).order_by("sequence"))
        assert applied is not None and applied.version == game.version == before + len(made)
        assert made and all(move.seat != 0 for move in made)
        assert all(move.source == Action.Source.COMPUTER for move in made)
        if game.status != Game.Status.PLAYING:
            assert queued(empty_queue) == []
            break
        if len(made) == COMPUTER_RUN_LONGEST and engine_game(game).to_act != 0:
            # the run met its bound (a new deal's bidding can be longer): the rest is queued
            assert applied.computer_next
            assert queued(empty_queue) == [(COMPUTER_TURN, [game.pk, game.version])]
            game = to_the_persons_turn(game)
            continue
        assert engine_game(game).to_act == 0 and not applied.computer_next
        # no task for the moves inside the run, nor a timer (beat's tick queues timeouts)
        assert queued(empty_queue) == []
        # the page shows the run's moves 0.8 s apart: the person's time starts after them
        shown = timedelta(seconds=0.8 * (len(made) - 1))
        limit = timedelta(milliseconds=Seat.objects.get(game=game, position=0).time_limit_ms)
        assert started + shown + limit <= game.turn_deadline
        assert game.turn_deadline <= timezone.now() + shown + limit
    assert runs >= 1


def test_every_frame_says_how_far_apart_the_page_shows_computer_moves(make_player, settings):
    settings.GAME_COMPUTER_PAUSE_SECONDS = 0.8
    game, person = person_with_computers(make_player)
    assert table_state(game_id=game.pk, user_id=person)["computer_pause_ms"] == 800


def test_a_table_of_computers_only_plays_a_bounded_run_and_queues_the_rest(
    make_player, empty_queue
):
    game, _person = person_with_computers(make_player)
    # the person left: the computer plays their seat too, so every seat is the computer's
    Seat.objects.filter(game=game, position=0).update(cancelled=True)
    game.refresh_from_db()
    queue_clear(empty_queue)
    before = game.version
    applied = computer_run(game_id=game.pk, version=before)
    game.refresh_from_db()
    assert applied is not None
    assert game.version == before + COMPUTER_RUN_LONGEST
    assert queued(empty_queue) == [(COMPUTER_TURN, [game.pk, game.version])]


def test_a_run_from_a_version_the_game_has_left_does_nothing(make_player, empty_queue):
    game, _person = person_with_computers(make_player)
    game = to_the_persons_turn(game)
    queue_clear(empty_queue)
    assert computer_run(game_id=game.pk, version=game.version) is None  # the person's turn
    assert computer_run(game_id=game.pk, version=game.version - 1) is None  # an old version
    assert Game.objects.get(pk=game.pk).version == game.version
    assert queued(empty_queue) == []


def the_persons_move(game: Game, person: int) -> Game:
    """The computers play to the person's turn, and the person moves."""
    game = to_the_persons_turn(game)
    engine = engine_game(game)
    action = choose_action(engine.view(0), engine.rules)
    game_act(game_id=game.pk, user_id=person, action=action, version=game.version)
    game.refresh_from_db()
    return game


def test_a_run_is_one_transaction_whatever_its_length(
    make_player, empty_queue, django_assert_max_num_queries
):
    game, person = person_with_computers(make_player)
    longest = 0
    while longest < 3 and game.status == Game.Status.PLAYING:
        game = the_persons_move(game, person)
        if engine_game(game).to_act == 0:
            continue
        before = game.version
        # BEGIN, the game locked, read with its seats and players, the log's insert with the
        # game's update, COMMIT: no log read
        with django_assert_max_num_queries(5):
            applied = computer_run(game_id=game.pk, version=before)
        assert applied is not None
        longest = max(longest, applied.version - before)
        game.refresh_from_db()
    assert longest >= 3


def test_the_person_gets_every_version_of_a_run_in_order_in_one_message(make_player, empty_queue):
    game, person = person_with_computers(make_player)
    frames: list[dict] = []
    while len(frames) < 3 and game.status == Game.Status.PLAYING:
        game = the_persons_move(game, person)
        if engine_game(game).to_act == 0:
            continue
        with listening(seat_group(game.pk, person)) as (mine,):
            before = game.version
            applied = computer_run(game_id=game.pk, version=before)
            assert applied is not None
            game.refresh_from_db()
            if game.status != Game.Status.PLAYING:
                break  # the last move of the game: the sockets ask for the frame with the result
            frames = frames_of(mine.next())
        assert [frame["version"] for frame in frames] == list(range(before + 1, game.version + 1))
        state = table_state(game_id=game.pk, user_id=person)
        assert {**frames[-1], "server_time": None} == {**state, "server_time": None}
        # the frames inside the run: a computer to act, no deadline
        assert all(frame["turn_deadline"] is None for frame in frames[:-1])
        assert all(frame["view"]["to_act"] != 0 for frame in frames[:-1])
    assert len(frames) >= 3

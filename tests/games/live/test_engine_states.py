"""A move is applied once per process: the engine's game is kept per table and brought up to
date with the log's tail. Kept only once committed, used only at its own version, and the same
game as a replay of the whole log whichever way it was reached; the queries of a move and of a
frame are counted and pinned."""

from __future__ import annotations

import asyncio
import time

import pytest
from asgiref.sync import sync_to_async
from django.db import transaction

from games.engine import RuleOptions
from games.engine_states import STATES, EngineStates, replayed
from games.live.services import move_record
from games.live.services.play import computer_act, computer_run, game_act
from games.models import Action, Game
from games.players import choose_action
from games.selectors import engine_game, engine_of, table_state
from games.tables.services.tables import table_create, table_start
from tests.games.conftest import player_to_act

from .sockets import join, receive, run, table_socket

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


def stored_replay(game: Game):
    actions = Action.objects.filter(game=game).order_by("sequence").values_list("action", flat=True)
    return engine_of(game, actions)


def move(game: Game, players) -> None:
    engine = engine_game(game)
    player = player_to_act(game, players)
    game_act(
        game_id=game.pk,
        user_id=player.pk,
        action=choose_action(engine.view(engine.to_act), engine.rules),
        version=game.version,
    )
    game.refresh_from_db()


def test_a_move_keeps_the_game_it_made_and_the_next_reads_it_without_the_log(started_table):
    game, players = started_table()
    STATES.clear()
    move(game, players)
    kept = STATES.latest(game.pk, game.rules, game.seed)
    assert kept is not None and len(kept.actions) == game.version
    hits = STATES.hits
    assert engine_game(game) is kept
    assert STATES.hits == hits + 1
    assert kept == stored_replay(game)


def test_a_process_behind_catches_up_with_the_tail_to_the_same_game(started_table):
    game, players = started_table()
    move(game, players)
    behind = STATES.latest(game.pk, game.rules, game.seed)
    for _ in range(7):
        move(game, players)
    STATES.clear()
    STATES.keep(game.pk, game.rules, game.seed, behind)  # as a process that saw move 1 only
    tails = STATES.tails
    caught_up = engine_game(game)
    assert STATES.tails == tails + 1
    assert len(caught_up.actions) == game.version == 8
    assert caught_up == stored_replay(game)
    assert caught_up.view(0).to_dict() == stored_replay(game).view(0).to_dict()


def test_a_move_rolled_back_is_never_kept(started_table):
    game, players = started_table()
    move(game, players)
    before = STATES.latest(game.pk, game.rules, game.seed)

    class Abort(Exception):
        pass

    with pytest.raises(Abort), transaction.atomic():
        engine = engine_game(game)
        player = player_to_act(game, players)
        action = choose_action(engine.view(engine.to_act), engine.rules)
        game_act(game_id=game.pk, user_id=player.pk, action=action, version=game.version)
        raise Abort  # e.g. a later step of the same unit of work failed
    assert STATES.latest(game.pk, game.rules, game.seed) is before
    game.refresh_from_db()
    assert game.version == 1
    assert engine_game(game) == stored_replay(game)


def test_a_game_row_older_than_the_kept_game_is_replayed_at_its_own_version(started_table):
    game, players = started_table()
    old_row = Game.objects.get(pk=game.pk)
    move(game, players)
    move(game, players)
    assert len(STATES.latest(game.pk, game.rules, game.seed).actions) == 2
    at_old = engine_game(old_row)
    assert len(at_old.actions) == old_row.version == 0


def test_a_kept_game_of_other_rules_or_seed_is_not_used():
    states = EngineStates(size=4)
    engine = replayed({}, "a seed", ())
    states.keep(1, {}, "a seed", engine)
    assert states.latest(1, {}, "a seed") is engine
    assert states.latest(1, {}, "another seed") is None
    assert states.latest(1, {"target_score": 5}, "a seed") is None


def test_the_cache_is_bounded_and_keeps_the_newest_version():
    states = EngineStates(size=2)
    start = replayed({}, "s", ())
    later = start.apply(start.legal_actions()[0])
    states.keep(1, {}, "s", later)
    states.keep(1, {}, "s", start)  # an older game read late does not replace a newer one
    assert states.latest(1, {}, "s") is later
    states.keep(2, {}, "s", start)
    states.keep(3, {}, "s", start)
    assert states.latest(1, {}, "s") is None  # the least recently used went
    assert states.latest(3, {}, "s") is start


def test_a_run_another_process_announced_brings_the_kept_game_up_to_date():
    states = EngineStates(size=4)
    start = replayed({}, "s", ())
    states.keep(1, {}, "s", start)
    run, engine = [], start
    for _ in range(5):
        run.append(engine.legal_actions()[0])
        engine = engine.apply(run[-1])
    assert not states.advance(1, 2, run[2:])  # the kept game is at 0, not 2: nothing
    assert not states.advance(9, 0, run)  # no game kept for that table
    assert states.latest(1, {}, "s") is start
    assert states.advance(1, 0, run)
    advanced = states.latest(1, {}, "s")
    assert advanced == replayed({}, "s", run) and len(advanced.actions) == 5
    assert not states.advance(1, 0, run)  # told twice (two sockets of the process): once
    assert not states.advance(1, 5, ["play:XX"])  # not this game's log: kept as it was
    assert states.latest(1, {}, "s") is advanced


def test_a_socket_told_of_a_computers_run_keeps_the_game_for_the_next_move(
    computers_turn_table, monkeypatch
):
    """At a strong table the worker plays the computers' run; the daphne of the person's
    socket gets the run's log with the frames, and the person's next move reads no log."""
    game, person = computers_turn_table()
    at_person = engine_game(game)
    # the run is made as by a worker, another process: it keeps nothing in this one
    monkeypatch.setattr(move_record, "keep_on_commit", lambda *args: None)

    async def scenario():
        socket = await table_socket(game.pk, person)
        await join(socket)
        applied = await sync_to_async(computer_run)(game_id=game.pk, version=game.version)
        # (the socket may take the log before the run's call returns here: this loop runs the
        # socket's consumer too, in whatever order a busy machine gives)
        assert (await receive(socket))["version"] > at_person_version
        give_up = time.monotonic() + 10  # the socket takes the log once it has sent the frames
        while STATES.latest(game.pk, game.rules, game.seed) is at_person:
            assert time.monotonic() < give_up, "the socket never took the run's log"
            await asyncio.sleep(0.02)
        await socket.disconnect()
        return applied

    at_person_version = len(at_person.actions)
    applied = run(scenario)
    game.refresh_from_db()
    assert applied is not None and applied.version == game.version > at_person_version
    kept = STATES.latest(game.pk, game.rules, game.seed)
    assert len(kept.actions) == game.version
    assert kept == stored_replay(game)
    tails = STATES.tails
    assert engine_game(game) is kept and STATES.tails == tails  # the next move's: no log read


# ---- queries pinned ------------------------------------------------------------------------


def test_a_persons_move_and_its_frame_take_pinned_queries(
    started_table, django_assert_max_num_queries
):
    game, players = started_table()
    move(game, players)  # this process keeps the game from here
    engine = engine_game(game)
    player = player_to_act(game, players)
    action = choose_action(engine.view(engine.to_act), engine.rules)
    # BEGIN, the game locked, read with its seats and players, the log's insert with the
    # game's update, COMMIT: no log read
    with django_assert_max_num_queries(5):
        game_act(game_id=game.pk, user_id=player.pk, action=action, version=game.version)
    # the seats with the game and players (who the computer covers is on the seats)
    with django_assert_max_num_queries(1):
        state = table_state(game_id=game.pk, user_id=player.pk)
    assert state["version"] == game.version + 1


def test_a_computers_move_takes_pinned_queries(make_player, django_assert_max_num_queries):
    person = make_player()
    # normal computers wait for a task (easy ones would play inside the person's move, and the
    # loop below could then play the whole game before a computer's turn is left to take)
    game = table_create(
        creator_id=person.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions(), computer_level="normal"
    )
    table_start(game_id=game.pk, user_id=person.pk)
    game.refresh_from_db()
    while engine_game(game).to_act == 0:  # the person's turn first: pass or play
        engine = engine_game(game)
        action = choose_action(engine.view(0), engine.rules)
        game_act(game_id=game.pk, user_id=person.pk, action=action, version=game.version)
        game.refresh_from_db()
    # BEGIN, the game locked, read with its seats and players, the log's insert with the
    # game's update, COMMIT: no log read
    with django_assert_max_num_queries(5):
        applied = computer_act(game_id=game.pk, version=game.version, source=Action.Source.COMPUTER)
    assert applied is not None and applied.version == game.version + 1

"""A soak of the lock order (docs/architecture.md): every seat posts chat lines as fast as it can
while the game is played as fast as the services take moves, over whole games of every variant
(those where players score alone write their seats' rows at each hand's end). No deadlock, no
error, every move applied: `game_act` is called without its retries, so a database error
would show here."""

from __future__ import annotations

import random
import threading

import pytest
from django.db import connection

from games.engine import RuleOptions
from games.live.models import ChatMessage
from games.live.services import chat
from games.live.services.chat import chat_post
from games.live.services.play import game_act
from games.models import Action, Game
from games.selectors import engine_game
from games.tables.services.tables import seat_take, table_create, table_start

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]

GAMES_PER_VARIANT = 2
SEATS = {"two_handed": 2, "three_handed": 3, "call_ace": 4, "euchre": 4}


def _people_table(make_player, variant: str) -> tuple[Game, dict[int, int]]:
    """A started table of people only: the game and each position's user id."""
    players = [make_player() for _ in range(SEATS[variant])]
    rules = RuleOptions(variant=variant, target_score=5)
    game = table_create(creator_id=players[0].pk, kind=Game.Kind.PRIVATE, rules=rules)
    for player in players[1:]:
        seat_take(game_id=game.pk, user_id=player.pk)
    table_start(game_id=game.pk, user_id=players[0].pk)
    return game, dict(game.seats.values_list("position", "user_id"))


def _soak(game: Game, users: dict[int, int], seed: int) -> tuple[int, int, list[BaseException]]:
    """Plays `game` to its end with random legal moves while every seat chats; returns the
    moves played, the lines posted and every error raised."""
    errors: list[BaseException] = []
    over = threading.Event()
    lines = [0]

    def chatter(user_id: int) -> None:
        try:
            while not over.is_set():
                chat_post(game_id=game.pk, user_id=user_id, text=f"line {lines[0]}")
                lines[0] += 1
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    chatters = [threading.Thread(target=chatter, args=(user,)) for user in users.values()]
    for thread in chatters:
        thread.start()
    moves, choose = 0, random.Random(seed)
    try:
        game.refresh_from_db()
        while game.status == Game.Status.PLAYING:
            engine = engine_game(game)
            action = choose.choice(engine.legal_actions())
            game_act(
                game_id=game.pk, user_id=users[engine.to_act], action=action, version=game.version
            )
            moves += 1
            game.refresh_from_db()
    except BaseException as error:
        errors.append(error)
    finally:
        over.set()
        for thread in chatters:
            thread.join(60)
    return moves, lines[0], errors


@pytest.mark.parametrize("variant", list(SEATS))
def test_chat_from_every_seat_while_the_game_is_played_fast(make_player, monkeypatch, variant):
    # as fast as the database takes lines: the rate limit would soon leave the seats silent
    monkeypatch.setattr(chat, "RATE_LIMIT_MESSAGES", 10**9)
    for number in range(GAMES_PER_VARIANT):
        game, users = _people_table(make_player, variant)
        moves, lines, errors = _soak(game, users, seed=number)
        assert errors == []
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
        # every move applied, none by a timeout or a computer
        assert moves == game.version == Action.objects.filter(game=game, source="player").count()
        assert lines == ChatMessage.objects.filter(game=game).count()
        assert lines > moves / 4, "the seats chatted all through the game"
        if variant != "euchre":
            assert sorted(game.seats.values_list("score", flat=True)) != [0] * len(users)

from __future__ import annotations

import itertools
from typing import Any

import pytest

from accounts.models import User
from games.engine import RuleOptions
from games.models import Game
from games.selectors import engine_game
from games.tables.services.tables import seat_take, table_create, table_start

_numbers = itertools.count(1)


@pytest.fixture
def make_player():
    def make(name: str | None = None, **fields: Any) -> User:
        number = next(_numbers)
        name = name or f"Player{number}"
        return User.objects.create_user(
            f"{name.lower()}{number}@example.com",
            "a long password 1",
            display_name=name,
            **fields,
        )

    return make


@pytest.fixture
def started_table(make_player):
    """A private table with four people, started: returns (game, players by seat)."""

    def start(rules: RuleOptions | None = None) -> tuple[Game, list[User]]:
        players = [make_player() for _ in range(4)]
        game = table_create(
            creator_id=players[0].pk, kind=Game.Kind.PRIVATE, rules=rules or RuleOptions()
        )
        for player in players[1:]:
            seat_take(game_id=game.pk, user_id=player.pk)
        table_start(game_id=game.pk, user_id=players[0].pk)
        game.refresh_from_db()
        return game, players

    return start


@pytest.fixture
def computers_turn_table(make_player):
    """A private table of one person (seat 0) and normal computers (a worker's, not played in
    the person's move), started and played by the person up to the computers' turn: returns
    (game, person)."""
    from games.live.services.play import game_act
    from games.players import choose_action

    def start() -> tuple[Game, User]:
        person = make_player()
        game = table_create(
            creator_id=person.pk,
            kind=Game.Kind.PRIVATE,
            rules=RuleOptions(),
            computer_level="normal",
        )
        table_start(game_id=game.pk, user_id=person.pk)
        game.refresh_from_db()
        while engine_game(game).to_act == 0:
            engine = engine_game(game)
            action = choose_action(engine.view(0), engine.rules)
            game_act(game_id=game.pk, user_id=person.pk, action=action, version=game.version)
            game.refresh_from_db()
        return game, person

    return start


def player_to_act(game: Game, players: list[User]) -> User:
    return players[engine_game(game).to_act]


def play_to_the_end(game: Game) -> Game:
    """Plays every remaining move through the services, as the players' computers would: people
    with `game_act`, computer seats with `computer_act`. Returns the finished game."""
    from games.live.services.play import computer_act, game_act
    from games.models import Action
    from games.players import choose_action

    game.refresh_from_db()
    while game.status == Game.Status.PLAYING:
        engine = engine_game(game)
        seat = game.seats.get(position=engine.to_act)
        if seat.is_computer:
            computer_act(game_id=game.pk, version=game.version, source=Action.Source.COMPUTER)
        else:
            action = choose_action(engine.view(seat.position), engine.rules)
            game_act(game_id=game.pk, user_id=seat.user_id, action=action, version=game.version)
        game.refresh_from_db()
    return game

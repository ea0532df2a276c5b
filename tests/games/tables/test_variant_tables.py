"""Tables of every variant through the services: as many seats as the rules have, computers at
their level in the empty ones, per-player scores and a player as the winner, the table state's
names and result, cancels, timeouts and the sweeper, and rules the engine refuses.

Seed 003: "Sets the variant (Two-Handed Euchre, Three-Handed Euchre, Euchre, Call-Ace Euchre)".
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.engine import RuleOptions, preset_rules
from games.live.services.play import computer_act
from games.live.services.sweeper import stalled_games
from games.models import Action, Game, Seat
from games.players.names import CAST, computer_name
from games.selectors import engine_game, table_state
from games.tables.services.tables import (
    TableError,
    game_cancel,
    seat_take,
    table_create,
    table_start,
)
from tests.games.conftest import play_to_the_end

pytestmark = pytest.mark.django_db

SHORT = {"target_score": 3}  # a whole game in a few hands


@pytest.mark.parametrize(
    ("preset", "seats"),
    [("two_handed", 2), ("three_handed", 3), ("call_ace", 4), ("standard", 4)],
)
def test_a_table_has_the_variants_seats_and_computers_fill_them_at_their_level(
    make_player, preset, seats
):
    creator = make_player("Anna")
    game = table_create(
        creator_id=creator.pk,
        kind=Game.Kind.PRIVATE,
        rules=preset_rules(preset),
        computer_level="easy",
    )
    assert game.seats.count() == seats
    waiting = table_state(game_id=game.pk, user_id=creator.pk)
    assert waiting["seat_count"] == seats and waiting["variant"] == preset
    assert [seat["label"] for seat in waiting["seats"]] == ["Anna"] + ["Empty seat"] * (seats - 1)
    table_start(game_id=game.pk, user_id=creator.pk)
    state = table_state(game_id=game.pk, user_id=creator.pk)
    assert [seat["position"] for seat in state["seats"]] == list(range(seats))
    assert state["seats"][0] | {"computer": False, "level": None} == state["seats"][0]
    names = [computer_name(level="easy", game_id=game.pk, position=p) for p in range(1, seats)]
    assert len(set(names)) == seats - 1 and set(names) <= set(CAST["easy"])  # a name each
    for seat, name in zip(state["seats"][1:], names, strict=True):
        assert (seat["label"], seat["name"], seat["level"], seat["computer"]) == (
            f"{name} · easy",
            name,
            "easy",
            True,
        )
    assert state["rules"]["variant"] == preset_rules(preset).variant
    assert len(state["view"]["hand_sizes"]) == seats
    assert "result" not in state


def test_rules_the_engine_refuses_are_refused_with_its_message(make_player):
    creator = make_player()
    with pytest.raises(TableError) as refused:
        table_create(
            creator_id=creator.pk,
            kind=Game.Kind.PRIVATE,
            rules={"variant": "three_handed", "robson": True},
        )
    assert refused.value.code == "invalid_rules"
    assert "robson needs fixed partnerships" in refused.value.message
    with pytest.raises(TableError) as unknown:
        table_create(creator_id=creator.pk, kind=Game.Kind.PRIVATE, rules={"seats": 5})
    assert "unknown rule options: seats" in unknown.value.message
    assert not Game.objects.exists()  # nothing made, nothing charged


def test_a_three_handed_game_keeps_each_players_score_and_a_player_wins(make_player):
    """Our reading: "each player keeps their own score"; seed 000 "Winners get additional 5
    points" goes to the winning player."""
    anna, ben = make_player("Anna"), make_player("Ben")
    rules = RuleOptions(variant="three_handed", **SHORT)
    game = table_create(creator_id=anna.pk, kind=Game.Kind.PRIVATE, rules=rules)
    seat_take(game_id=game.pk, user_id=ben.pk)
    table_start(game_id=game.pk, user_id=anna.pk)
    game = play_to_the_end(game)
    engine = engine_game(game)
    seats = list(game.seats.order_by("position"))
    assert [seat.score for seat in seats] == list(engine.score)
    assert (game.winner_team, game.winner_seat) == (None, engine.winner)
    assert game.winning_seats == (engine.winner,) and game.scores == engine.score
    assert max(engine.score) >= 3
    for player in (anna, ben):
        state = table_state(game_id=game.pk, user_id=player.pk)
        mine = next(seat for seat in seats if seat.user_id == player.pk)
        result = state["result"]
        assert result["winning_seats"] == [engine.winner]
        assert result["final_score"] == list(engine.score)
        bonus = 5 if mine.position == engine.winner else 0
        assert result["my_game_points"] == engine.score[mine.position] + bonus
        assert result["record_url"] == f"/games/{game.pk}/"
        assert result["play_again_url"] == f"/tables/{game.pk}/play-again/"


def test_a_call_ace_seat_left_by_its_player_is_played_to_the_end_and_earns_nothing(
    started_table,
):
    game, players = started_table(RuleOptions(variant="call_ace", **SHORT))
    game_cancel(game_id=game.pk, user_id=players[1].pk)
    state = table_state(game_id=game.pk, user_id=players[0].pk)
    left = state["seats"][1]
    assert (left["label"], left["computer"], left["level"]) == (
        players[1].display_name,
        True,
        "strong",
    )
    game = play_to_the_end(game)
    assert game.winner_seat is not None and game.winner_team is None
    assert Action.objects.filter(game=game, seat=1, source=Action.Source.COMPUTER).exists()
    assert not Action.objects.filter(game=game, seat=1, source=Action.Source.PLAYER).exists()
    gone = table_state(game_id=game.pk, user_id=players[1].pk)
    assert gone["result"]["my_game_points"] == 0  # seed 000: "you forfeit any points"


def test_a_two_handed_timeout_lets_the_computer_move_and_halves_the_limit(make_player, settings):
    settings.GAME_TURN_SECONDS = 30
    person = make_player()
    game = table_create(
        creator_id=person.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions(variant="two_handed")
    )
    table_start(game_id=game.pk, user_id=person.pk)
    game.refresh_from_db()
    if engine_game(game).to_act != 0:  # the computer bids first: let it
        computer_act(game_id=game.pk, version=game.version, source=Action.Source.COMPUTER)
        game.refresh_from_db()
    assert engine_game(game).to_act == 0 and game.turn_deadline is not None
    too_early = computer_act(game_id=game.pk, version=game.version, source=Action.Source.TIMEOUT)
    assert too_early is None
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    moved = computer_act(game_id=game.pk, version=game.version, source=Action.Source.TIMEOUT)
    assert moved is not None and moved.seat == 0
    seat = Seat.objects.get(game=game, position=0)
    assert (seat.timeouts, seat.time_limit_ms) == (1, 15_000)


def test_the_sweeper_finds_a_three_handed_computer_turn_no_task_took(make_player, settings):
    settings.GAME_SWEEP_GRACE_SECONDS = 1
    settings.GAME_COMPUTER_PAUSE_SECONDS = 0
    person = make_player()
    game = table_create(
        creator_id=person.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions(variant="three_handed")
    )
    table_start(game_id=game.pk, user_id=person.pk)
    game.refresh_from_db()
    while engine_game(game).to_act == 0:  # play my turns until a computer is to act
        play_to_the_end_one_move(game)
        game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(moved_at=timezone.now() - timedelta(seconds=10))
    stalled = stalled_games()
    assert [(s.game_id, s.version, s.timed_out) for s in stalled] == [
        (game.pk, game.version, False)
    ]
    assert computer_act(game_id=game.pk, version=game.version, source=Action.Source.COMPUTER)


def play_to_the_end_one_move(game: Game) -> None:
    from games.live.services.play import game_act
    from games.players import choose_action

    engine = engine_game(game)
    seat = game.seats.get(position=engine.to_act)
    action = choose_action(engine.view(seat.position), engine.rules)
    game_act(game_id=game.pk, user_id=seat.user_id, action=action, version=game.version)


def test_a_table_for_people_only_waits_for_every_seat_of_its_variant(make_player):
    players = [make_player() for _ in range(3)]
    game = table_create(
        creator_id=players[0].pk,
        kind=Game.Kind.PRIVATE,
        rules=RuleOptions(variant="three_handed"),
        full_table_only=True,
    )
    seat_take(game_id=game.pk, user_id=players[1].pk)
    with pytest.raises(TableError) as refused:
        table_start(game_id=game.pk, user_id=players[0].pk)
    assert "only with 3 players" in refused.value.message
    seat_take(game_id=game.pk, user_id=players[2].pk)
    with pytest.raises(TableError) as full:
        seat_take(game_id=game.pk, user_id=make_player().pk)
    assert full.value.code == "table_full"
    table_start(game_id=game.pk, user_id=players[0].pk)
    assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING


@pytest.mark.parametrize(
    ("preset", "rule"),
    [("standard", "No telling your partner"), ("three_handed", "No telling anyone")],
)
def test_the_table_chat_rule_names_a_partner_only_where_there_is_one(
    make_player, client, preset, rule
):
    """Seed 000: "No telling your partner what cards you have" — without partners, anyone."""
    creator = make_player("Anna")
    game = table_create(
        creator_id=creator.pk,
        kind=Game.Kind.PRIVATE,
        rules=preset_rules(preset),
        computer_level="easy",
    )
    table_start(game_id=game.pk, user_id=creator.pk)
    client.force_login(creator)
    page = client.get(f"/tables/{game.pk}/").content.decode()
    assert rule in page

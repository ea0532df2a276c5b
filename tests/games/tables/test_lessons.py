"""The first lesson (games/tables/services/lessons.py): a real, free table of fixed deal that
never counts, offered to newcomers until they play or turn it down, explained by texts keyed by
situation; and where the table page offers hints."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

from economy.selectors import wallet_summary
from games.engine import RuleOptions
from games.engine.cards import SAME_COLOUR
from games.live.services.play import game_act, seat_touch
from games.models import GAME_DECIDED, Game, Seat
from games.selectors import engine_game
from games.tables.lesson_texts import LESSON_TEXTS, lesson_texts
from games.tables.selectors_lessons import lesson_offered
from games.tables.services.lessons import (
    LESSON_LEVEL,
    LESSON_SEED,
    lesson_leave,
    lesson_offer_close,
    lesson_start,
)
from games.tables.services.quick_play import queue_play_now
from games.tables.services.tables import TableError, table_create, table_start
from rankings.services.game_points import game_points_backfill, game_points_record
from tests.games.conftest import play_to_the_end

pytestmark = pytest.mark.django_db

LESSON_JS = (
    Path(__file__).resolve().parents[3] / "games/tables/static/games/table/lesson.js"
).read_text()


def test_a_lesson_is_a_free_private_table_of_the_fixed_deal_started_at_once(make_player):
    person = make_player()
    silver = wallet_summary(user_id=person.pk).silver
    game = lesson_start(user_id=person.pk)
    game.refresh_from_db()
    assert game.lesson and game.kind == Game.Kind.PRIVATE and game.status == Game.Status.PLAYING
    assert game.seed == LESSON_SEED and game.computer_level == LESSON_LEVEL
    assert RuleOptions.from_dict(game.rules) == RuleOptions()
    seats = list(game.seats.order_by("position"))
    assert [seat.user_id for seat in seats] == [person.pk, None, None, None]
    assert wallet_summary(user_id=person.pk).silver == silver  # nothing charged
    person.refresh_from_db()
    assert person.lesson_offer_closed_at is not None
    assert engine_game(game).to_act == 0  # the newcomer bids first


def test_a_lessons_turns_are_long_enough_to_read_the_lesson_by(make_player, settings):
    settings.GAME_TURN_SECONDS, settings.GAME_LESSON_TURN_SECONDS = 30, 300
    person = make_player()
    game = lesson_start(user_id=person.pk)
    game.refresh_from_db()
    seat = game.seats.get(user=person)
    assert seat.time_limit_ms == 300_000
    assert (game.turn_deadline - game.started_at).total_seconds() == pytest.approx(300)
    # a move and a touch bring the time back to the lesson's whole time, not seed 000's
    Seat.objects.filter(pk=seat.pk).update(time_limit_ms=4_000)
    assert seat_touch(game_id=game.pk, user_id=person.pk)
    seat.refresh_from_db()
    assert seat.time_limit_ms == 300_000
    Seat.objects.filter(pk=seat.pk).update(time_limit_ms=4_000)
    game_act(game_id=game.pk, user_id=person.pk, action="order_up", version=game.version)
    seat.refresh_from_db()
    assert seat.time_limit_ms == 300_000
    # any other table keeps seed 000's limit
    other = table_create(creator_id=make_player().pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    assert {seat.time_limit_ms for seat in other.seats.all()} == {30_000}


def test_the_lesson_deal_shows_the_bowers_under_the_up_card():
    """The seed was chosen for this; a change of the engine's dealing would lose it."""
    from games.engine import Game as EngineGame

    game = EngineGame(RuleOptions(), seed=LESSON_SEED)
    view = game.view(0)
    suit = view.upcard[1]
    assert view.dealer == 3 and view.to_act == 0 and view.phase == "bid1"
    assert {"J" + suit, "J" + SAME_COLOUR[suit]} <= set(view.hand)
    assert "order_up" in view.legal_actions


def test_a_player_at_another_table_cannot_start_a_lesson(make_player):
    person = make_player()
    table_create(creator_id=person.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    with pytest.raises(TableError) as refused:
        lesson_start(user_id=person.pk)
    assert refused.value.code == "already_playing"
    assert not Game.objects.filter(lesson=True).exists()


def test_the_lesson_is_offered_until_the_player_plays_or_turns_it_down(make_player):
    newcomer, decliner, player = make_player(), make_player(), make_player()
    assert lesson_offered(user=newcomer)
    lesson_offer_close(user_id=decliner.pk)
    decliner.refresh_from_db()
    assert not lesson_offered(user=decliner)
    game = table_create(creator_id=player.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    assert lesson_offered(user=player)  # sitting at a table not started is not playing
    table_start(game_id=game.pk, user_id=player.pk)
    assert not lesson_offered(user=player)


def test_skipping_the_lesson_closes_its_table_and_frees_the_player(make_player):
    person = make_player()
    game = lesson_start(user_id=person.pk)
    lesson_leave(game_id=game.pk, user_id=person.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and not game.has_winner
    assert not Seat.objects.filter(user=person, in_play=True).exists()
    again = lesson_start(user_id=person.pk)  # and may take it again
    assert again.pk != game.pk
    with pytest.raises(TableError):
        lesson_leave(game_id=again.pk, user_id=make_player().pk)  # not theirs
    quick = make_player()
    other = queue_play_now(user_id=quick.pk)
    with pytest.raises(TableError):
        lesson_leave(game_id=other.pk, user_id=quick.pk)  # not a lesson
    other.refresh_from_db()
    assert other.status == Game.Status.PLAYING


def test_a_finished_lesson_never_counts_and_its_record_says_so(client, make_player):
    person = make_player()
    game = play_to_the_end(lesson_start(user_id=person.pk))
    assert game.has_winner
    assert not Game.objects.filter(GAME_DECIDED, pk=game.pk).exists()
    assert game_points_record(game_id=game.pk) == []
    assert game_points_backfill() == 0
    Game.objects.filter(pk=game.pk).update(hints_used=3)
    client.force_login(person)
    page = client.get(reverse("games:record", args=[game.pk])).content.decode()
    assert "A first lesson: it counts for nothing." in page and "Hints used: 3" in page


def test_a_record_without_hints_says_nothing_of_them(client, make_player):
    person = make_player()
    game = table_create(
        creator_id=person.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions(), computer_level="easy"
    )
    table_start(game_id=game.pk, user_id=person.pk)
    play_to_the_end(game)
    client.force_login(person)
    page = client.get(reverse("games:record", args=[game.pk])).content.decode()
    assert 'id="record-help"' not in page and "Hints used" not in page


def test_every_lesson_text_is_reached_by_the_page_and_none_is_tied_to_the_deal():
    order = re.search(r"const ORDER = \[(.*?)\];", LESSON_JS, re.S)
    assert order is not None
    keys = re.findall(r'"(\w+)"', order.group(1))
    assert keys == list(LESSON_TEXTS)
    assert set(lesson_texts()) == set(LESSON_TEXTS)
    for text in LESSON_TEXTS.values():
        # no card of the lesson's deal named: the player may play otherwise
        assert not re.search(r"\b(king|jack|queen|ace|nine|ten) of (clubs|spades)", text.text)
        assert set(re.findall(r"\{(\w+)\}", text.text)) <= {
            "suit",
            "left_suit",
            "upcard",
            "maker",
            "maker_side",
            "leader",
            "winner",
            "card",
            "player",
        }


def test_the_lobby_offers_the_lesson_to_a_newcomer_only(client, make_player):
    newcomer = make_player()
    client.force_login(newcomer)
    page = client.get(reverse("games:lobby")).content.decode()
    assert 'id="lesson-offer"' in page and reverse("games:lesson_start") in page
    response = client.post(reverse("games:lesson_dismiss"))
    assert response.status_code == 302
    page = client.get(reverse("games:lobby")).content.decode()
    assert 'id="lesson-offer"' not in page


def test_the_rules_page_offers_the_lesson_and_starting_it_opens_its_table(client, make_player):
    person = make_player()
    assert "Sign up" in client.get(reverse("games:rules")).content.decode()
    client.force_login(person)
    page = client.get(reverse("games:rules")).content.decode()
    assert 'id="rules-lesson-start"' in page
    response = client.post(reverse("games:lesson_start"))
    game = Game.objects.get(lesson=True, created_by=person)
    assert response["Location"] == reverse("games:table", args=[game.pk])
    table = client.get(response["Location"]).content.decode()
    assert 'id="lesson-panel"' in table and 'id="lesson-texts"' in table
    assert 'data-lesson="1"' in table and 'data-hints="1"' in table


def test_the_table_page_offers_hints_at_private_tables_with_computers_only(
    client, make_player, started_table
):
    alone = make_player()
    private = table_create(creator_id=alone.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions())
    table_start(game_id=private.pk, user_id=alone.pk)
    client.force_login(alone)
    page = client.get(reverse("games:table", args=[private.pk])).content.decode()
    assert 'data-hints="1"' in page and 'id="hint-box"' in page
    assert 'id="lesson-panel"' not in page

    quick = make_player()
    public = queue_play_now(user_id=quick.pk)
    client.force_login(quick)
    page = client.get(reverse("games:table", args=[public.pk])).content.decode()
    assert 'data-hints="1"' not in page

    shared, players = started_table()
    client.force_login(players[0])
    page = client.get(reverse("games:table", args=[shared.pk])).content.decode()
    assert 'data-hints="1"' not in page

"""A finished game's hand history from its record page: JSON in the transcript format
(docs/hand-history.schema.json) that replays to the stored score, and a text score sheet with
the players' names; for the people who may see the record page (any signed-in player), and for
no game the record page does not show."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import jsonschema
import pytest
from django.urls import reverse

from accounts.models import User
from games.engine import RuleOptions, preset_rules
from games.models import Game
from games.records.transcripts import history_replay
from games.tables.services.tables import table_create
from tests.games.finished_games import finished_game_store

pytestmark = pytest.mark.django_db

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[3] / "docs" / "hand-history.schema.json").read_text()
)
_numbers = itertools.count(1)


def player(name: str) -> User:
    number = next(_numbers)
    return User.objects.create_user(f"{name.lower()}{number}@example.com", None, display_name=name)


@pytest.mark.parametrize(
    "rules", [RuleOptions(), preset_rules("three_handed"), preset_rules("call_ace")]
)
def test_the_json_download_is_the_game_s_history(client, rules):
    people = [player("Ann"), player("Bob"), None, player("Dan")][: rules.seats]
    game, state = finished_game_store(people, rules=rules, seed=f"download-{rules.variant}")
    client.force_login(people[1])
    response = client.get(reverse("games:history_json", args=[game.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == f'attachment; filename="euchre-game-{game.pk}.json"'
    document = json.loads(response.content)
    jsonschema.validate(document, SCHEMA)
    assert [seat["name"] for seat in document["game"]["seats"]][:2] == ["Ann", "Bob"]
    assert document["game"]["seats"][2]["computer"] is True
    assert document["game"]["id"] == game.pk
    assert history_replay(document) == (state.scores, state.winner)
    game.refresh_from_db()
    assert document["game"]["final_score"] == list(
        game.scores if rules.partnerships else [s.score for s in game.seats.order_by("position")]
    )


def test_the_score_sheet_download_names_the_players_and_each_hand(client):
    people = [player("Ann"), player("Bob"), player("Cid"), player("Dan")]
    game, state = finished_game_store(people, seed="sheet")
    client.force_login(people[0])
    response = client.get(reverse("games:score_sheet_text", args=[game.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="euchre-game-{game.pk}.txt"'
    sheet = response.content.decode()
    assert f"Euchre score sheet: game {game.pk}" in sheet
    assert "A = Ann & Cid" in sheet and "B = Bob & Dan" in sheet
    assert f"Final score: A {state.scores[0]}, B {state.scores[1]}." in sheet
    hand_lines = [line for line in sheet.splitlines() if line[:1].isdigit()]
    assert len(hand_lines) == len(state.records)


def test_anyone_signed_in_may_download_as_they_may_read_the_record(client):
    people = [player("Ann"), None, None, None]
    game, _ = finished_game_store(people, seed="stranger")
    client.force_login(player("Stranger"))
    for name in ("record", "history_json", "score_sheet_text"):
        assert client.get(reverse(f"games:{name}", args=[game.pk])).status_code == 200


def test_signed_out_visitors_are_sent_to_log_in(client):
    game, _ = finished_game_store([player("Ann"), None, None, None], seed="signed-out")
    for name in ("history_json", "score_sheet_text"):
        response = client.get(reverse(f"games:{name}", args=[game.pk]))
        assert response.status_code == 302
        assert reverse("account_login") in response["Location"]


def test_a_game_still_being_played_has_no_history(client):
    """Not over: its hidden cards stay hidden (the record page has no record either)."""
    ann = player("Ann")
    game = table_create(creator_id=ann.pk, kind=Game.Kind.PRIVATE, rules=RuleOptions().to_dict())
    Game.objects.filter(pk=game.pk).update(status=Game.Status.PLAYING)
    client.force_login(ann)
    for name in ("record", "history_json", "score_sheet_text"):
        response = client.get(reverse(f"games:{name}", args=[game.pk]))
        assert response.status_code == 404
    assert client.get(reverse("games:history_json", args=[99_999_999])).status_code == 404


def test_the_record_page_links_both_downloads(client):
    ann = player("Ann")
    game, _ = finished_game_store([ann, None, None, None], seed="links")
    client.force_login(ann)
    html = client.get(reverse("games:record", args=[game.pk])).content.decode()
    assert f'href="{reverse("games:history_json", args=[game.pk])}"' in html
    assert f'href="{reverse("games:score_sheet_text", args=[game.pk])}"' in html
    assert f'href="{reverse("rankings:games", args=[ann.pk])}"' in html

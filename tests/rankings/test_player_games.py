"""A player's games page: thousands of finished games, filtered by month, variant and result,
paged by key (never OFFSET) on the points rows' index: every game once, in order, both ways, in
a fixed number of queries however deep the page, and the plan uses the index."""

from __future__ import annotations

import itertools
import random
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.urls import reverse

from accounts.models import User
from games.engine import preset_rules
from games.models import Game, Seat
from rankings.models import GamePoints
from rankings.selectors_games import (
    NEWER,
    GamesFilter,
    games_page_rows,
    player_games_page,
)
from rankings.services.game_points import day_of, month_of

pytestmark = pytest.mark.django_db

_numbers = itertools.count(1)
GAMES = 2000
START = datetime(2025, 1, 1, tzinfo=UTC)
VARIANT_SHARE = [("euchre", 0.8), ("two_handed", 0.1), ("call_ace", 0.1)]


def player(name: str) -> User:
    number = next(_numbers)
    return User.objects.create_user(f"{name.lower()}{number}@example.com", None, display_name=name)


def games_store(me: User, others: list[User], count: int = GAMES) -> list[dict]:
    """`count` finished games of `me` over 20 months, set-based, with their points rows (as the
    rankings record them) for every person seated; returns what each game is for `me`."""
    rng = random.Random(7)
    variants = [name for name, share in VARIANT_SHARE for _ in range(int(share * 10))]
    games, plans = [], []
    for number in range(count):
        variant = rng.choice(variants)
        rules = preset_rules("standard" if variant == "euchre" else variant)
        # some games end in the same microsecond: the game's number breaks the tie
        finished_at = START + timedelta(minutes=290 * (number // 2))
        winner = rng.randrange(rules.scorers)
        plans.append({"variant": variant, "finished_at": finished_at, "winner": winner})
        games.append(
            Game(
                kind=Game.Kind.PUBLIC,
                status=Game.Status.FINISHED,
                rules=rules.to_dict(),
                finished_at=finished_at,
                score_team0=10 if winner == 0 else 6,
                score_team1=10 if winner == 1 else 6,
                winner_team=winner if rules.partnerships else None,
                winner_seat=None if rules.partnerships else winner,
            )
        )
    Game.objects.bulk_create(games)
    seats, points = [], []
    for game, plan in zip(games, plans, strict=True):
        count_seats = game.seat_count
        people = [me, *rng.sample(others, count_seats - 1)]
        cancelled = rng.random() < 0.05
        for position, person in enumerate(people):
            won = position in game.winning_seats
            seats.append(
                Seat(
                    game=game,
                    position=position,
                    user=person,
                    cancelled=cancelled and position == 0,
                    score=0 if game.partnerships else (10 if won else 4),
                    time_limit_ms=30_000,
                )
            )
            mine_cancelled = cancelled and position == 0
            points.append(
                GamePoints(
                    player=person,
                    game=game,
                    points=0 if mine_cancelled else 6,
                    won=won and not mine_cancelled,
                    cancelled=mine_cancelled,
                    month=month_of(game.finished_at),
                    day=day_of(game.finished_at),
                    finished_at=game.finished_at,
                    variant=plan["variant"],
                )
            )
        plan |= {"game_id": game.pk, "won": 0 in game.winning_seats and not cancelled}
        plan["lost"] = not plan["won"] and not cancelled
    Seat.objects.bulk_create(seats)
    GamePoints.objects.bulk_create(points)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE rankings_gamepoints")
    return plans


@pytest.fixture(scope="module")
def history(django_db_setup, django_db_blocker):
    """Stored once for the module (committed, then deleted): each test only reads them."""
    with django_db_blocker.unblock():
        people = [player("Me"), *(player(f"Other{n}") for n in range(8))]
        plans = games_store(people[0], people[1:])
    try:
        yield people[0], plans
    finally:
        with django_db_blocker.unblock():
            Game.objects.filter(pk__in=[plan["game_id"] for plan in plans]).delete()
            User.objects.filter(pk__in=[person.pk for person in people]).delete()


def expected(plans, chosen: GamesFilter) -> list[int]:
    kept = [
        plan
        for plan in plans
        if (chosen.variant is None or plan["variant"] == chosen.variant)
        and (chosen.result is None or plan[chosen.result])
        and (chosen.month is None or month_of(plan["finished_at"]) == chosen.month)
    ]
    kept.sort(key=lambda plan: (plan["finished_at"], plan["game_id"]), reverse=True)
    return [plan["game_id"] for plan in kept]


def walk(user_id: int, chosen: GamesFilter) -> list[list[int]]:
    """Every page from the newest to the oldest, following the pages' own keys."""
    pages, key = [], None
    while True:
        page = player_games_page(user_id=user_id, chosen=chosen, key=key)
        pages.append([line.game.game_id for line in page.lines])
        if page.older is None:
            return pages
        key = page.older


FILTERS = [
    GamesFilter(),
    GamesFilter(result="lost", variant="call_ace"),
    GamesFilter(month=datetime(2025, 6, 1).date(), result="won"),
]


def test_the_pages_hold_every_game_once_newest_first_with_every_filter(history):
    me, plans = history
    for chosen in FILTERS:
        pages = walk(me.pk, chosen)
        assert [game for page in pages for game in page] == expected(plans, chosen), chosen
        assert all(len(page) == 25 for page in pages[:-1])
    assert len(walk(me.pk, FILTERS[0])) == GAMES // 25


def test_newer_pages_lead_back_to_the_first(history):
    me, _ = history
    chosen = GamesFilter(result="won")
    pages, page = [], player_games_page(user_id=me.pk, chosen=chosen)
    first = page
    for _ in range(5):
        pages.append(page)
        page = player_games_page(user_id=me.pk, chosen=chosen, key=page.older)
    back = page
    for earlier in reversed(pages[1:]):
        back = player_games_page(user_id=me.pk, chosen=chosen, key=back.newer, direction=NEWER)
        assert [line.game.game_id for line in back.lines] == [
            line.game.game_id for line in earlier.lines
        ]
    back = player_games_page(user_id=me.pk, chosen=chosen, key=back.newer, direction=NEWER)
    assert back == first and back.newer is None


def test_a_deep_page_takes_as_many_queries_as_the_first(history, django_assert_num_queries):
    me, _ = history
    chosen = GamesFilter(variant="euchre")
    with django_assert_num_queries(2):
        page = player_games_page(user_id=me.pk, chosen=chosen)
    key = page.older
    for _ in range(50):  # page 51 of the euchre games
        key = player_games_page(user_id=me.pk, chosen=chosen, key=key).older
    with django_assert_num_queries(2):
        deep = player_games_page(user_id=me.pk, chosen=chosen, key=key)
    assert len(deep.lines) == 25


@pytest.mark.parametrize(
    ("chosen", "index"),
    [
        (GamesFilter(), "gamepoints_player_history"),
        (GamesFilter(result="lost"), "gamepoints_player_history"),
        (GamesFilter(month=datetime(2025, 3, 1).date()), "gamepoints_player_history"),
        (GamesFilter(variant="two_handed"), "gamepoints_player_variant"),
    ],
)
def test_the_page_is_read_from_the_index_in_order(history, chosen, index):
    """EXPLAIN: an index scan in the page's order, no sort of the player's rows, no OFFSET."""
    me, _ = history
    first = player_games_page(user_id=me.pk, chosen=chosen)
    for key in (None, first.older):
        rows = games_page_rows(
            user_id=me.pk, chosen=chosen, key=key, direction="older", per_page=25
        )
        sql = str(rows.query)
        plan = rows.explain()
        assert index in plan, plan
        assert "Sort" not in plan, plan
        assert "OFFSET" not in sql.upper()


def test_the_page_shows_the_filters_and_pages(client, history):
    me, plans = history
    client.force_login(player("Visitor"))  # a profile's games are open to every player
    url = reverse("rankings:games", args=[me.pk])
    response = client.get(url, {"variant": "call_ace", "result": "won"})
    assert response.status_code == 200
    html = response.content.decode()
    wanted = expected(plans, GamesFilter(variant="call_ace", result="won"))
    assert html.count('class="game-row') == 25
    assert f'data-game="{wanted[0]}"' in html and f'data-game="{wanted[24]}"' in html
    assert "variant=call_ace&amp;result=won&amp;older=" in html
    assert '<option value="call_ace" selected>' in html
    response = client.get(url, {"month": "1999-13", "variant": "chess", "older": "x.y"})
    assert response.status_code == 200  # nonsense is no filter
    assert response.content.decode().count('class="game-row') == 25
    assert client.get(reverse("rankings:games", args=[99_999_999])).status_code == 404


def test_a_game_s_points_row_knows_its_variant():
    """The rankings' task stores the variant the page filters on."""
    from rankings.services.game_points import game_points_record
    from tests.games.finished_games import finished_game_store

    ann = player("Ann")
    game, _ = finished_game_store([ann, None, None], rules=preset_rules("three_handed"))
    game_points_record(game_id=game.pk)
    assert GamePoints.objects.get(game=game, player=ann).variant == "three_handed"

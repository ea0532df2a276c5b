"""League tables: only members open and sit at them, with the league's rule options and no
table price; a Champions League table starts only with four people."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest
from django.utils import timezone

from economy.models import LedgerEntry
from games.engine import RuleOptions
from games.live.services import after_move
from games.models import Game
from games.tables.services.tables import TableError, seat_take, table_create, table_start
from leagues.models import League, LeagueGame, Membership, Season
from leagues.selectors import league_open_tables
from leagues.services.errors import LeagueError
from leagues.services.members import invitation_accept, invitation_send, member_remove
from leagues.services.tables import league_table_open, league_table_sit
from tests.economy.coins import balances

pytestmark = pytest.mark.django_db

RULES = RuleOptions(going_under=True, win_by_two=True, target_score=5)


def join(league, player):
    invitation = invitation_send(
        league_id=league.pk, organiser_id=league.created_by_id, name=player.display_name
    )
    return invitation_accept(invitation_id=invitation.pk, user_id=player.pk)


def entries(player, reason):
    return LedgerEntry.objects.filter(wallet_id=player.pk, reason=reason).count()


def test_a_member_opens_a_table_with_the_leagues_rules_and_no_table_price(make_player, make_league):
    ann = make_player("Ann")
    league = make_league(ann, rules=RULES)
    before = balances(ann)
    game = league_table_open(league_id=league.pk, user_id=ann.pk)
    assert (game.kind, game.status, game.full_table_only) == (
        Game.Kind.LEAGUE,
        Game.Status.OPEN,
        False,
    )
    assert RuleOptions.from_dict(game.rules) == RULES
    assert LeagueGame.objects.get(game=game).league_id == league.pk
    assert game.seats.get(position=0).user_id == ann.pk
    assert balances(ann) == before
    assert entries(ann, LedgerEntry.Reason.PRIVATE_TABLE) == 0
    assert [table.pk for table in league_open_tables(league_id=league.pk)] == [game.pk]


def test_members_sit_and_the_opener_starts_with_computers_in_the_empty_seats(
    make_player, make_league
):
    ann, bob = make_player("Ann"), make_player("Bob")
    league = make_league(ann)
    join(league, bob)
    game = league_table_open(league_id=league.pk, user_id=ann.pk)
    seat = league_table_sit(game_id=game.pk, user_id=bob.pk)
    assert (seat.position, seat.user_id, seat.in_play) == (1, bob.pk, True)

    table_start(game_id=game.pk, user_id=ann.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    seats = list(game.seats.order_by("position").values_list("user_id", flat=True))
    assert seats == [ann.pk, bob.pk, None, None]
    # each person seated pays the game, once
    assert entries(ann, LedgerEntry.Reason.GAME) == entries(bob, LedgerEntry.Reason.GAME) == 1


def test_a_non_member_neither_opens_nor_sits_nor_takes_a_seat_directly(make_player, make_league):
    ann, eve = make_player("Ann"), make_player("Eve")
    league = make_league(ann)
    with pytest.raises(LeagueError) as opening:
        league_table_open(league_id=league.pk, user_id=eve.pk)
    game = league_table_open(league_id=league.pk, user_id=ann.pk)
    with pytest.raises(LeagueError) as sitting:
        league_table_sit(game_id=game.pk, user_id=eve.pk)
    with pytest.raises(TableError) as direct:
        seat_take(game_id=game.pk, user_id=eve.pk)
    assert opening.value.code == sitting.value.code == "not_member"
    assert direct.value.code == "league_table"
    assert not game.seats.filter(user=eve).exists()
    assert not LeagueGame.objects.exclude(game=game).exists()


def test_a_removed_member_no_longer_sits(make_player, make_league):
    ann, bob = make_player("Ann"), make_player("Bob")
    league = make_league(ann)
    join(league, bob)
    member_remove(league_id=league.pk, organiser_id=ann.pk, player_id=bob.pk)
    game = league_table_open(league_id=league.pk, user_id=ann.pk)
    with pytest.raises(LeagueError) as refused:
        league_table_sit(game_id=game.pk, user_id=bob.pk)
    assert refused.value.code == "not_member"


def test_a_table_that_is_not_a_leagues_is_not_sat_at_through_a_league(make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    game = table_create(creator_id=ann.pk, kind=Game.Kind.PUBLIC, rules=RuleOptions())
    with pytest.raises(LeagueError) as refused:
        league_table_sit(game_id=game.pk, user_id=bob.pk)
    assert refused.value.code == "not_league_table"


def test_the_table_hears_of_a_new_seat_after_the_seat_is_committed(
    make_player, make_league, monkeypatch, django_capture_on_commit_callbacks
):
    ann, bob = make_player("Ann"), make_player("Bob")
    league = make_league(ann)
    join(league, bob)
    game = league_table_open(league_id=league.pk, user_id=ann.pk)
    told = []
    monkeypatch.setattr(after_move, "announce", lambda game_id, version: told.append(game_id))
    with django_capture_on_commit_callbacks(execute=False) as on_commit:
        league_table_sit(game_id=game.pk, user_id=bob.pk)
    assert len(on_commit) == 1
    told.clear()  # seat_take's own message went out before the commit
    on_commit[0]()
    assert told == [game.pk]


def champions_league(month: date, entrants) -> League:
    league = League.objects.create(
        kind=League.Kind.CHAMPIONS,
        name=f"Champions League {month:%B %Y}",
        rules=RuleOptions().to_dict(),
        joining=League.Joining.LINK,
        month=month,
    )
    zone = timezone.get_default_timezone()
    following = (month + timedelta(days=32)).replace(day=1)
    Season.objects.create(
        league=league,
        number=1,
        starts_at=datetime(month.year, month.month, 1, tzinfo=zone),
        ends_at=datetime(following.year, following.month, 1, tzinfo=zone),
    )
    for player in entrants:
        Membership.objects.create(league=league, player=player, joined_at=timezone.now())
    return league


def test_a_champions_league_table_starts_only_with_four_people(make_player):
    players = [make_player(name) for name in ("Ann", "Bob", "Cid", "Dee")]
    league = champions_league(timezone.localdate().replace(day=1), players)
    game = league_table_open(league_id=league.pk, user_id=players[0].pk)
    assert game.full_table_only
    for player in players[1:3]:
        league_table_sit(game_id=game.pk, user_id=player.pk)
    with pytest.raises(TableError) as refused:
        table_start(game_id=game.pk, user_id=players[0].pk)
    assert refused.value.code == "table_not_full"
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN
    assert entries(players[0], LedgerEntry.Reason.GAME) == 0

    league_table_sit(game_id=game.pk, user_id=players[3].pk)
    table_start(game_id=game.pk, user_id=players[0].pk)
    game.refresh_from_db()
    assert game.status == Game.Status.PLAYING
    assert None not in game.seats.values_list("user_id", flat=True)


def test_no_table_opens_in_a_champions_league_whose_month_is_over(make_player):
    ann = make_player("Ann")
    last_month = (timezone.localdate().replace(day=1) - timedelta(days=1)).replace(day=1)
    league = champions_league(last_month, [ann])
    with pytest.raises(LeagueError) as refused:
        league_table_open(league_id=league.pk, user_id=ann.pk)
    assert refused.value.code == "season_over"
    assert not Game.objects.exists()

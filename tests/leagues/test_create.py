"""Creating a private league: paid once (also on a double submit), refused without the coins,
names unique ignoring case, the organiser and season 1 made with it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from economy.models import LedgerEntry
from games.engine import RuleOptions
from leagues.models import League, Membership, Season
from leagues.services import leagues as league_services
from leagues.services.errors import LeagueError
from leagues.services.leagues import league_create
from tests.economy.coins import balances, wallet_set

pytestmark = pytest.mark.django_db


def create(organiser, name="Friday Night", key="form-1", **options):
    fields = {
        "description": "Fridays at eight.",
        "rules": RuleOptions(stick_the_dealer=True, target_score=7),
        "joining": League.Joining.LINK,
        "season_length": League.SeasonLength.WEEK,
        **options,
    }
    return league_create(organiser_id=organiser.pk, name=name, creation_key=key, **fields)


def league_entries(player):
    return LedgerEntry.objects.filter(wallet_id=player.pk, reason=LedgerEntry.Reason.LEAGUE)


def test_the_creator_pays_once_becomes_organiser_and_season_one_starts_now(make_player):
    ann = make_player("Ann")
    before = timezone.now()
    league = create(ann)
    assert balances(ann) == (0, 0)  # the welcome 50 silver paid the 50 coins
    assert [entry.amount for entry in league_entries(ann)] == [-50]
    assert league.kind == League.Kind.PRIVATE and league.created_by_id == ann.pk
    assert RuleOptions.from_dict(league.rules) == RuleOptions(stick_the_dealer=True, target_score=7)
    membership = Membership.objects.get(league=league)
    assert (membership.player_id, membership.role) == (ann.pk, Membership.Role.ORGANISER)
    season = Season.objects.get(league=league)
    assert season.number == 1 and season.closed_at is None
    assert before <= season.starts_at <= timezone.now()
    assert season.ends_at - season.starts_at == timedelta(days=7)


def test_a_double_submit_returns_the_first_league_and_charges_nothing_more(make_player):
    ann = make_player("Ann")
    wallet_set(ann, gold=100)
    first = create(ann)
    again = create(ann, name="Something Else")
    assert again.pk == first.pk
    assert League.objects.count() == 1
    assert league_entries(ann).count() == 1
    assert balances(ann) == (0, 100)
    # a new form (a new key) makes a second league, paid again
    second = create(ann, name="Saturday", key="form-2")
    assert second.pk != first.pk and league_entries(ann).count() == 2


def test_a_concurrent_double_submit_finds_the_first_league_after_its_insert_fails(
    make_player, monkeypatch
):
    """The second submit checked for the key before the first committed: its insert fails on
    the unique key, and it returns the first league without a second charge."""
    ann = make_player("Ann")
    first = create(ann)
    real_lookup = league_services._league_of_earlier_submit
    lookups = []

    def lookup_too_early(**kwargs):
        lookups.append(kwargs)
        return None if len(lookups) == 1 else real_lookup(**kwargs)

    monkeypatch.setattr(league_services, "_league_of_earlier_submit", lookup_too_early)
    # another name, so only the key can collide
    assert create(ann, name="Other Name").pk == first.pk
    assert len(lookups) == 2
    assert League.objects.count() == 1 and league_entries(ann).count() == 1


def test_another_players_creation_key_is_refused(make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    create(ann)
    wallet_set(bob, gold=100)
    with pytest.raises(LeagueError) as refused:
        create(bob, name="Bob's")
    assert refused.value.code == "creation_key"
    assert league_entries(bob).count() == 0


def test_a_player_who_cannot_pay_gets_the_economys_reason_and_no_league(make_player):
    ann = make_player("Ann")
    wallet_set(ann, silver=30, gold=0)
    with pytest.raises(LeagueError) as refused:
        create(ann)
    assert refused.value.code == "not_enough_coins"
    assert "50 coins" in refused.value.message
    assert not League.objects.exists()
    assert not Membership.objects.exists() and not Season.objects.exists()
    assert balances(ann) == (30, 0)
    # the same form, once they have the coins, creates the league
    wallet_set(ann, gold=20)
    assert create(ann).name == "Friday Night"


def test_names_are_unique_ignoring_case_and_spaces_around(make_player):
    ann, bob = make_player("Ann"), make_player("Bob")
    create(ann, name="Friday Night")
    wallet_set(bob, gold=100)
    with pytest.raises(LeagueError) as refused:
        create(bob, name="  FRIDAY night ", key="bob-1")
    assert refused.value.code == "name_taken"
    assert league_entries(bob).count() == 0
    assert create(bob, name=" Friday Nights ", key="bob-2").name == "Friday Nights"


def test_a_name_taken_between_the_check_and_the_insert_is_refused_too(make_player, monkeypatch):
    ann, bob = make_player("Ann"), make_player("Bob")
    create(ann, name="Friday Night")
    wallet_set(bob, gold=100)
    monkeypatch.setattr(
        league_services.League.objects, "filter", _exists_never(League.objects.filter)
    )
    with pytest.raises(LeagueError) as refused:
        create(bob, name="friday night", key="bob-1")
    assert refused.value.code == "name_taken"
    assert league_entries(bob).count() == 0


def _exists_never(real_filter):
    """`League.objects.filter(...)` whose `exists()` says no: the check ran too early."""

    def filter_(*args, **kwargs):
        found = real_filter(*args, **kwargs)
        if "name__iexact" in kwargs:
            found.exists = lambda: False
        return found

    return filter_


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"name": "A"}, "name_length"),
        ({"name": "  A  "}, "name_length"),
        ({"name": "x" * 61}, "name_length"),
        ({"description": "x" * 1001}, "description_length"),
        ({"joining": "anyone"}, "joining"),
        ({"season_length": "year"}, "season_length"),
    ],
)
def test_invalid_fields_are_refused_before_any_charge(make_player, options, code):
    ann = make_player("Ann")
    with pytest.raises(LeagueError) as refused:
        create(ann, **options)
    assert refused.value.code == code
    assert not League.objects.exists() and league_entries(ann).count() == 0


def test_the_longest_name_and_description_are_accepted(make_player):
    league = create(make_player("Ann"), name="x" * 60, description="y" * 1000)
    assert (len(league.name), len(league.description)) == (60, 1000)

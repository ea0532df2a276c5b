"""Which waiting players quick play seats together, given their going-under choices (seed 000:
"You can set in your profile whether you wish to play by this rule, or only play games that do
not allow this")."""

from __future__ import annotations

import pytest

from accounts.models import GoingUnder
from games.tables.models import QueueEntry
from games.tables.services.quick_play import Group, accepts, group_for

W, N, E = GoingUnder.WITH, GoingUnder.WITHOUT, GoingUnder.EITHER


def queue(*choices: str, variant: str = "standard") -> list[QueueEntry]:
    return [
        QueueEntry(user_id=i, going_under=choice, variant=variant)
        for i, choice in enumerate(choices)
    ]


def seated(group) -> list[int]:
    return [entry.user_id for entry in group.entries]


@pytest.mark.parametrize(
    ("choice", "going_under", "accepted"),
    [
        (W, True, True),
        (W, False, False),
        (N, True, False),
        (N, False, True),
        (E, True, True),
        (E, False, True),
    ],
)
def test_a_choice_accepts_its_own_rule_and_either_accepts_both(choice, going_under, accepted):
    assert accepts(choice, going_under) is accepted


def test_four_who_chose_the_same_rule_play_by_it():
    assert group_for(queue(N, N, N, N)).going_under is False
    assert group_for(queue(W, W, W, W)).going_under is True


def test_with_and_without_never_share_a_table():
    assert group_for(queue(W, N, W, N, W, N)) is None


def test_the_longest_waiting_player_is_always_in_the_group():
    group = group_for(queue(W, N, N, N, N, E, E, W))
    assert seated(group)[0] == 0
    assert (seated(group), group.going_under) == ([0, 5, 6, 7], True)


def test_of_two_possible_rules_the_one_that_seats_the_longest_waiting_players_wins():
    # E first: "without" seats 0,1,2,3; "with" would need 0,4,5,6
    group = group_for(queue(E, N, N, N, W, W, W))
    assert (seated(group), group.going_under) == ([0, 1, 2, 3], False)


def test_players_who_all_accept_either_play_with_going_under():
    assert group_for(queue(E, E, E, E)).going_under is True


def test_fewer_than_a_table_is_no_group_unless_a_smaller_one_is_asked_for():
    assert group_for(queue(E, W, E)) is None
    assert seated(group_for(queue(E, N, W), size=2)) == [0, 1]


def test_a_group_is_of_the_first_players_game_and_as_large_as_that_game_seats():
    """Seed 003: three-handed "is for three players", two-handed "for two players"."""
    waiting = [
        *queue(E, variant="three_handed"),
        *queue(E, E, variant="standard"),
        *queue(W, variant="two_handed"),
        *queue(E, W, variant="three_handed"),
    ]
    for user_id, entry in enumerate(waiting):
        entry.user_id = user_id
    group = group_for(waiting)
    assert (seated(group), group.variant, group.going_under) == ([0, 4, 5], "three_handed", True)
    assert group.rules().seats == 3
    assert group_for(waiting[1:]) is None  # two wait for the standard game: not four
    assert group_for(waiting[3:]) is None  # one waits for two-handed
    waiting.append(QueueEntry(user_id=6, going_under=E, variant="two_handed"))
    two = group_for(waiting[3:])
    assert (seated(two), two.variant, two.going_under) == ([3, 6], "two_handed", True)


def test_seed_004s_farmers_call_counts_as_going_under():
    """A game whose going under is seed 004's farmer's call (the kitchen-table rules) keeps it
    with going under, and plays neither without."""
    with_it = Group([], "kitchen_table", going_under=True).rules()
    assert with_it.going_under and with_it.going_under_form == "farmers_call"
    without = Group([], "kitchen_table", going_under=False).rules()
    assert not without.going_under and without.going_under_form == "any_three"

"""Which waiting players quick play seats together, given their going-under choices (seed 000:
"You can set in your profile whether you wish to play by this rule, or only play games that do
not allow this")."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from accounts.models import GoingUnder
from games.rule_texts import preset_seats
from games.tables.models import QueueEntry
from games.tables.services.quick_play import MATCH_WINDOW, Group, accepts, group_for
from games.tables.services.quick_play_groups import seat_order, waiting_units

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


# ---- partners who queue together, and the seating filters -----------------------------------


def paired(one: QueueEntry, other: QueueEntry) -> None:
    one.partner_id, other.partner_id = other.user_id, one.user_id


def test_a_pair_is_seated_whole_with_another_pair_or_two_singles():
    waiting = queue(E, E, E, E, E)
    paired(waiting[0], waiting[3])
    assert seated(group_for(waiting)) == [0, 3, 1, 2]
    paired(waiting[1], waiting[4])
    assert seated(group_for(waiting)) == [0, 3, 1, 4]  # the single 2 waits for the next


def test_a_pair_never_takes_the_last_seat_of_three_and_a_single_then_waits_for_a_fourth():
    waiting = queue(E, E, E, E, E)
    paired(waiting[1], waiting[2])
    # 0, 1+2 and then 3: the pair fits after the first single
    assert seated(group_for(waiting)) == [0, 1, 2, 3]
    waiting = queue(E, E, E, E)
    paired(waiting[2], waiting[3])
    assert seated(group_for(waiting[:1] + waiting[1:2] + waiting[2:])) == [0, 1, 2, 3]
    assert group_for([waiting[0], waiting[1], waiting[2]]) is None  # partner 3 not there


def test_partners_who_disagree_on_going_under_are_never_seated():
    waiting = queue(W, N, E, E)
    paired(waiting[0], waiting[1])
    assert group_for(waiting) is None


def test_a_player_who_asked_to_avoid_those_they_muted_never_sits_with_one():
    waiting = queue(E, E, E, E, E)
    waiting[0].avoid_muted = True
    assert seated(group_for(waiting, mutes={0: frozenset({2})})) == [0, 1, 3, 4]
    # a mute alone keeps nobody apart: only the muting player's own choice does
    waiting[0].avoid_muted = False
    assert seated(group_for(waiting, mutes={0: frozenset({2})})) == [0, 1, 2, 3]
    # the choice of the muting player counts whichever of the two waited longer
    waiting[2].avoid_muted = True
    assert seated(group_for(waiting, mutes={2: frozenset({0})})) == [0, 1, 3, 4]


def test_seat_order_puts_partners_opposite_and_computers_in_the_rest():
    waiting = queue(E, E, E)
    paired(waiting[0], waiting[2])
    group = group_for(waiting, size=3)
    for _ in range(20):
        order = seat_order(group, 4, True, random.shuffle)
        assert abs(order.index(0) - order.index(2)) == 2
        assert sorted(order, key=str) == sorted([0, 1, 2, None], key=str)


# ---- properties over any queue ----------------------------------------------------------------

CHOICES = st.sampled_from([W, N, E])


Spec = tuple[str, str, bool, int | None]  # going under, game, avoids the muted, partner


def entries_of(specs: list[Spec]) -> list[QueueEntry]:
    return [
        QueueEntry(
            user_id=i, going_under=choice, variant=variant, avoid_muted=avoids, partner_id=partner
        )
        for i, (choice, variant, avoids, partner) in enumerate(specs)
    ]


@st.composite
def queues(draw) -> tuple[list[Spec], dict[int, frozenset[int]]]:
    """Up to twelve waiting players (most for the standard game), some of them pairs, some
    avoiding the players they muted, and some mutes (plain values: a failing case prints)."""
    count = draw(st.integers(min_value=1, max_value=12))
    specs: list[list] = [
        [
            draw(CHOICES),
            draw(st.sampled_from(["standard"] * 4 + ["call_ace"])),
            draw(st.booleans()),
            None,
        ]
        for _ in range(count)
    ]
    free = list(range(count))
    for _ in range(draw(st.integers(min_value=0, max_value=count // 2))):
        if len(free) < 2:
            break
        one, other = draw(st.sampled_from(free)), draw(st.sampled_from(free))
        if one != other and specs[one][1] == specs[other][1]:
            specs[one][3], specs[other][3] = other, one
            free.remove(one)
            free.remove(other)
    pairs = st.tuples(st.integers(0, count - 1), st.integers(0, count - 1))
    mutes: dict[int, set[int]] = {}
    for muter, muted in draw(st.lists(pairs, max_size=6)):
        if muter != muted:
            mutes.setdefault(muter, set()).add(muted)
    return [tuple(spec) for spec in specs], {user: frozenset(ids) for user, ids in mutes.items()}


@given(queues())
@settings(max_examples=400, deadline=None)
def test_any_group_chosen_keeps_every_rule(case):
    specs, mutes = case
    waiting = entries_of(specs)
    group = group_for(waiting, mutes=mutes)
    if group is None:
        return
    by_user = {entry.user_id: entry for entry in waiting}
    chosen = {entry.user_id for entry in group.entries}
    assert waiting[0].user_id in chosen  # the longest-waiting player
    assert len(group.entries) == len(chosen) == group.rules().seats
    assert {entry.variant for entry in group.entries} == {waiting[0].variant}
    assert all(accepts(entry.going_under, group.going_under) for entry in group.entries)
    for entry in group.entries:  # partners together, or neither
        if entry.partner_id is not None:
            assert (
                entry.partner_id in chosen and by_user[entry.partner_id].partner_id == entry.user_id
            )
        if entry.avoid_muted:  # partners chose each other: a mute between them is theirs
            assert not (mutes.get(entry.user_id, frozenset()) & (chosen - {entry.partner_id}))


@given(queues())
@settings(max_examples=300, deadline=None)
def test_partners_seated_at_a_partnership_table_sit_opposite(case):
    specs, mutes = case
    waiting = entries_of(specs)
    group = group_for(waiting, mutes=mutes)
    if group is None:
        return
    rules = group.rules()
    order = seat_order(group, rules.seats, rules.partnerships, random.shuffle)
    assert sorted(order) == sorted(entry.user_id for entry in group.entries)
    # (pairs queue for partnership games only: `partner_variant_check`)
    for one, other in group.partners() if rules.partnerships else []:
        assert abs(order.index(one) - order.index(other)) == 2


@given(st.lists(CHOICES, min_size=1, max_size=12))
@settings(max_examples=300, deadline=None)
def test_without_pairs_or_mutes_the_group_is_the_earliest_four_who_accept_a_rule(choices):
    """The rule before pairs and filters, unchanged: for each going-under rule the first player
    accepts, the earliest four who accept it; the rule whose four waited longer wins."""
    waiting = queue(*choices)
    options = []
    for rule in (True, False):
        if accepts(choices[0], rule):
            fitting = [i for i, choice in enumerate(choices) if accepts(choice, rule)][:4]
            if len(fitting) == 4:
                options.append((fitting, rule))
    group = group_for(waiting)
    if not options:
        assert group is None
    else:
        # on a tie, "with": the rule seed 000's site offers
        assert (seated(group), group.going_under) == min(options, key=lambda o: (o[0], not o[1]))


def test_a_queue_of_many_players_muting_each_other_is_answered_quickly():
    """The search gives up after SEARCH_STEPS_MAX steps rather than try every table."""
    waiting = queue(*[E] * MATCH_WINDOW)
    for entry in waiting:
        entry.avoid_muted = True
    # everyone muted everyone but the last player: no table can form
    everyone = frozenset(range(MATCH_WINDOW - 1))
    mutes = {i: everyone - {i} for i in range(MATCH_WINDOW)}
    assert group_for(waiting, mutes=mutes) is None


def brute_force_group(waiting: list[QueueEntry], mutes) -> tuple[list[int], bool] | None:
    """Every table that could be made, tried: the one whose players waited longest (the least
    list of queue places, players of a unit side by side), "with" before "without" on a tie."""
    units = waiting_units(waiting)
    first = next(unit for unit in units if waiting[0] in unit)
    others = [u for u in units if u is not first and u[0].variant == waiting[0].variant]
    seats = preset_seats(waiting[0].variant)
    found = []
    for rule in (True, False):
        for count in range(len(others) + 1):
            for chosen in itertools.combinations(range(len(others)), count):
                people = [*first, *(e for i in chosen for e in others[i])]
                if len(people) != seats:
                    continue
                if not all(accepts(e.going_under, rule) for e in people):
                    continue
                if any(
                    one.avoid_muted
                    and other.user_id in mutes.get(one.user_id, ())
                    and other.user_id != one.partner_id
                    for one in people
                    for other in people
                ):
                    continue
                found.append((list(chosen), not rule, [e.user_id for e in people], rule))
    if not found:
        return None
    best = min(found)
    return best[2], best[3]


@given(queues())
@settings(max_examples=300, deadline=None)
def test_the_group_chosen_is_the_longest_waiting_of_all_possible_tables(case):
    specs, mutes = case
    waiting = entries_of(specs)
    group = group_for(waiting, mutes=mutes)
    expected = brute_force_group(waiting, mutes)
    assert (None if group is None else (seated(group), group.going_under)) == expected

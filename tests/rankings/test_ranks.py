"""Ranks (seed 000): "to earn the rank of MASTER, you need to win 500 points during one month"."""

from __future__ import annotations

import pytest

from rankings.ranks import RANKS, next_rank, rank_for_points

# seed 000's table: rank, needed monthly points, reward in coins
SEED_TABLE = [
    ("Newbie", 0, 0),
    ("Rookie", 10, 10),
    ("Apprentice", 50, 20),
    ("Journeyman", 200, 50),
    ("Master", 500, 100),
    ("Grandmaster", 2000, 200),
    ("King", 5000, 500),
    ("Champion", 10000, 1000),
]


def test_the_ranks_are_seed_000s_table_lowest_first():
    assert [(r.name, r.monthly_points, r.reward_coins) for r in RANKS] == SEED_TABLE


@pytest.mark.parametrize(("name", "points", "reward"), SEED_TABLE[1:])
def test_a_rank_is_reached_at_its_points_and_not_one_point_before(name, points, reward):
    below = RANKS[[r.name for r in RANKS].index(name) - 1]
    assert rank_for_points(points).name == name
    assert rank_for_points(points - 1) == below


def test_no_points_is_a_newbie_and_far_beyond_the_top_is_a_champion():
    assert rank_for_points(0).name == "Newbie"
    assert rank_for_points(10**9).name == "Champion"


def test_the_seed_example_1500_points_in_a_month_is_master():
    assert rank_for_points(1500).name == "Master"


def test_each_rank_leads_to_the_next_and_champion_to_none():
    assert [next_rank(rank) for rank in RANKS] == [*RANKS[1:], None]
